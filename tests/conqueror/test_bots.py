"""Conqueror: Duels' own computer levels (hcgames.conqueror.bots): legal, seeded,
harmless to the position they look at, and each level plays in its own way. Strength
and speed are measured in bench/bench_bots.py, never asserted here."""

from __future__ import annotations

import random

import pytest

import hcgames
from hcgames.bots import GreedyBot, ShortSightedBot
from hcgames.conqueror.actions import EndPhase
from hcgames.conqueror.bots import LEVELS, WatchfulBot, attack_chance, watchful_value
from hcgames.conqueror.state import DuelsState
from hcgames.play import sample_outcome
from tests.conqueror.conftest import duels, new


def _to_action_phase(state: DuelsState) -> DuelsState:
    """End both planning phases of round 1 without recruiting."""
    while state.stage != "action":
        legal = state.legal_actions()
        ends = [a for a in legal if isinstance(a, EndPhase)]
        state.apply(ends[0] if ends else legal[0])
    return state


def test_the_game_gives_its_own_levels() -> None:
    game = hcgames.load("conqueror-duels")
    assert set(game.bot_levels()) == {"easy", "medium", "hard"}
    assert isinstance(game.bot_levels()["hard"](1), WatchfulBot)


@pytest.mark.parametrize("scenario", ["standard", "rome-vs-persia"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_play_legal_seeded_moves_and_leave_the_state_alone(
    scenario: str, level: str
) -> None:
    def run() -> list[str]:
        game = hcgames.load("conqueror-duels", scenario=scenario)
        state = game.new_game(seed=4)
        bots = [LEVELS[level](11), LEVELS[level](12)]
        rng = random.Random(4)
        moves: list[str] = []
        while not state.is_terminal() and len(moves) < 30:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            before = state.to_json()
            bot = bots[state.current_player]
            action = bot.choose(state)
            assert state.to_json() == before
            assert action in state.legal_actions()
            assert bot.reason.strip()
            moves.append(str(action))
            state.apply(action)
        return moves

    assert run() == run()


def test_attack_chance_matches_the_dice() -> None:
    # equal strength, no bonus: the attacker must roll higher (15 of 36)
    assert attack_chance(3, 3) == pytest.approx(15 / 36)
    assert attack_chance(10, 3) == 1.0 and attack_chance(1, 9) == 0.0
    assert attack_chance(4, 3) > attack_chance(3, 3) > attack_chance(3, 4)


def _exposed_fort() -> DuelsState:
    """Carthage to act; its small fort Numidia holds 2 cavalry and 1 infantry, and a Roman army of 3
    cavalry stands next door in Berber; Carthage itself is well guarded."""
    state = _to_action_phase(new(seed=1))
    state.set_army("Numidia", "Carthage", 2, 1)
    state.set_army("Berber", "Rome", 3, 0)
    state.set_army("Carthage", "Carthage", 3, 2)
    return state


def test_hard_keeps_an_exposed_fort_guarded() -> None:
    state = _exposed_fort()
    numidia = state.game.index["Numidia"]
    for seed in range(5):
        child = state.copy()
        child.apply(WatchfulBot(seed).choose(state))
        assert child.owner[numidia] == 0 and child.cav[numidia] + child.inf[numidia] > 0


def test_hard_judges_an_empty_fort_next_to_the_enemy_as_in_danger() -> None:
    state = _exposed_fort()
    empty = state.copy()
    empty.apply(state.game.move_action(False, 16, 18, 2, 1))  # Numidia -> Mare Balearicum
    assert watchful_value(empty, 0) < watchful_value(state, 0)
    # the game's own score, which the medium level plays by, does not see the danger
    assert empty.evaluate(0) == pytest.approx(state.evaluate(0))


def test_medium_plays_the_best_move_one_step_ahead() -> None:
    state = _to_action_phase(new(seed=2))
    bot = LEVELS["medium"](3)
    action = bot.choose(state)
    scored = dict(GreedyBot(9).scored(state, state.legal_actions()))
    assert scored[action] == pytest.approx(max(scored.values()))


def test_easy_takes_any_move_that_is_not_worse_not_the_best() -> None:
    state = _to_action_phase(new(seed=2))
    now = state.evaluate(state.current_player)
    scored = dict(GreedyBot(9).scored(state, state.legal_actions()))
    chosen = set()
    for seed in range(8):
        bot = LEVELS["easy"](seed)
        assert isinstance(bot, ShortSightedBot)
        action = bot.choose(state)
        assert scored[action] >= now - 1e-12
        chosen.add(action)
    assert len(chosen) > 1  # it does not always find the same (best) move


def test_hard_says_which_place_its_move_guards() -> None:
    state = _exposed_fort()
    state.set_army("Numidia", "Carthage", 0, 0)  # still Carthage's, but empty
    guard = state.game.move_action(False, 17, 16, 3, 2)  # Carthage -> Numidia
    reason = WatchfulBot(0)._why(state, guard, 0)
    assert "Numidia" in reason and ("safe" in reason or "harder" in reason)


def test_the_hard_levels_stakes_follow_the_scenario_not_a_reused_object() -> None:
    """The hard level caches what each place is worth per scenario; a freed game's
    memory address must never hand one scenario's stakes to another."""
    import gc

    from hcgames.conqueror.bots import _STAKES, _stakes

    _STAKES.clear()
    persia = _stakes(duels("rome-vs-persia"))
    standard = _stakes(duels())
    assert persia != standard
    for _ in range(20):
        game = duels()
        assert _stakes(game) == standard
        del game
        gc.collect()
        assert _stakes(duels("rome-vs-persia")) == persia
