"""Classical Conquests' own easy, medium and hard bots (issue 15): legal, seeded,
harmless to the position they look at, and each with its own way of playing.
Strength and speed are measured in bench/bench_bots.py, never asserted here."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import hcgames
from hcgames.bots import make_bot
from hcgames.classical.actions import BuyResearchRoll, EndPhase, Move, Recruit, UpgradeVillage
from hcgames.classical.bots import EasyBot, HardBot, MediumBot, _land_distances
from hcgames.classical.state import ClassicalState
from hcgames.play import sample_outcome


def _advance(
    seed: int, until: Callable[[ClassicalState], bool], limit: int = 20000
) -> ClassicalState:
    """Play a seeded medium v medium game until ``until(state)`` holds."""
    game = hcgames.load("classical-conquests")
    state = game.new_game(seed=seed)
    assert isinstance(state, ClassicalState)
    bots = [MediumBot(seed), MediumBot(seed + 1)]
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if until(state):
            return state
        state.apply(bots[state.current_player].choose(state))
    pytest.fail("the position looked for never came")


def _play(level: str, seed: int, decisions: int) -> list[str]:
    game = hcgames.load("classical-conquests")
    state = game.new_game(seed=seed)
    bots = [make_bot(level, seed=seed), make_bot(level, seed=seed + 1)]
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_terminal() and len(moves) < decisions:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        bot = bots[state.current_player]
        before = state.snapshot()
        action = bot.choose(state)
        assert state.snapshot() == before, f"{level} changed the position it looked at"
        assert action in state.legal_actions()
        assert bot.reason, f"{level} gave no reason for {action}"
        moves.append(str(action))
        state.apply(action)
    return moves


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_level_plays_legal_seeded_moves_and_says_why(level: str) -> None:
    first = _play(level, seed=11, decisions=400)
    assert first == _play(level, seed=11, decisions=400)
    assert len(first) == 400


def test_the_game_gives_its_own_bots() -> None:
    game = hcgames.load("classical-conquests")
    levels = game.bot_levels()
    assert isinstance(levels["easy"](1), EasyBot)
    assert isinstance(levels["medium"](1), MediumBot)
    assert isinstance(levels["hard"](1), HardBot)


def test_easy_often_keeps_its_resources_instead_of_buying_research() -> None:
    state = _advance(3, lambda s: s.round_no >= 6 and BuyResearchRoll() in s.legal_actions())
    assert MediumBot(0).choose(state) == BuyResearchRoll()
    choices = [EasyBot(seed).choose(state) for seed in range(20)]
    assert EndPhase("research") in choices and BuyResearchRoll() in choices


def test_medium_upgrades_every_village_it_can_but_hard_only_what_monuments_need() -> None:
    def many_cities(s: ClassicalState) -> bool:
        p = s.current_player
        return (
            s.paying is None
            and s.phase == "upgrade"
            and len(s.cities_of(p)) >= s.monument_limit(p) + 1
            and any(isinstance(a, UpgradeVillage) for a in s.legal_actions())
        )

    state = _advance(4, many_cities)
    assert isinstance(MediumBot(0).choose(state), UpgradeVillage)
    hard = HardBot(0)
    assert hard.choose(state) == EndPhase("upgrade")
    assert "eat food" in hard.reason


def test_hard_marches_on_the_enemy_and_attacks_at_good_odds() -> None:
    def move_phase(s: ClassicalState) -> bool:
        return s.paying is None and s.phase == "move" and s.round_no >= 5

    state = _advance(5, move_phase)
    p = state.current_player
    m = state.game.material
    dist = _land_distances(id(m), m.land_neighbours)
    enemy = [t for t, o in enumerate(state.owner) if o not in (-1, p)]

    def gap(t: int) -> int:
        return min(dist[t][e] for e in enemy)

    # four armies in one of its own territories, 3 to 5 land steps from the enemy
    # (and no fleet to ferry them): medium lets them be, hard marches them closer
    home = next(t for t, o in enumerate(state.owner) if o == p and 3 <= gap(t) <= 5)
    war = state.copy()
    war.fleets[p] = [0] * len(war.fleets[p])
    war.armies[p][home] = 4
    war.move_cache = {}
    assert not isinstance(MediumBot(0).choose(war), Move)
    hard = HardBot(0)
    action = hard.choose(war)
    assert isinstance(action, Move) and action.kind == "army"
    assert gap(m.index[action.to]) < gap(home)
    assert "gather" in hard.reason  # "armies gather next to a rich enemy city"
    # eight armies next to an enemy city: it attacks, with the exact odds in its reason
    city = next(t for t in enemy if state.level[t] == 2)
    near = next(t for t in m.land_neighbours[city] if state.owner[t] in (-1, p))
    war = state.copy()
    war.armies[p][near] = 8
    war.move_cache = {}
    action = hard.choose(war)
    assert isinstance(action, Move) and war.owner[m.index[action.to]] not in (-1, p)
    assert "times in 100" in hard.reason


def test_only_hard_raises_an_army_for_war() -> None:
    def recruiting(s: ClassicalState) -> bool:
        return (
            s.paying is None
            and s.phase == "recruit"
            and s.round_no >= 8
            and any(isinstance(a, Recruit) and a.kind == "army" for a in s.legal_actions())
        )

    state = _advance(10, recruiting)  # resources to spare and enemy cities in reach
    easy = EasyBot(0).choose(state)  # Easy may send out a fleet, never raise an army
    assert not (isinstance(easy, Recruit) and easy.kind == "army")
    hard = HardBot(0)
    action = hard.choose(state)
    assert isinstance(action, Recruit), hard.reason


def test_hard_keeps_a_guard_in_a_monument_city_the_enemy_can_reach() -> None:
    def move_phase(s: ClassicalState) -> bool:
        p = s.current_player
        return (
            s.paying is None and s.phase == "move" and any(s.monuments[c] for c in s.cities_of(p))
        )

    state = _advance(5, move_phase)
    p, q = state.current_player, 1 - state.current_player
    m = state.game.material
    city = next(c for c in state.cities_of(p) if state.monuments[c])
    far = next(
        t
        for t in range(len(state.owner))
        if m.territories[t].land
        and t != city
        and _land_distances(id(m), m.land_neighbours)[city][t] == 2
        and state.owner[t] in (-1, q)
    )
    state.armies[p][city] = 1
    state.armies[q][far] = 3
    state.move_cache = {}
    hard = HardBot(0)
    action = hard.choose(state)
    assert not (isinstance(action, Move) and m.index[action.from_] == city)


def test_easy_spreads_over_the_sea_in_the_class_game() -> None:
    """Sparta's only land border is Attica, held by Athens: Easy sends out a fleet and
    settles beside it, so it grows in the lesson's game (it never raised one before and
    ended every game with its first city alone)."""
    from hcgames.classgame import class_game

    for seed in range(3):
        state = class_game("classical-conquests").new_game(seed=seed)
        assert isinstance(state, ClassicalState)
        bots = [EasyBot(seed), EasyBot(seed + 10)]
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(bots[state.current_player].choose(state))
        sparta = sum(1 for owner in state.owner if owner == 1)
        assert sparta > 1 and sum(state.fleets[1]) >= 1, seed
