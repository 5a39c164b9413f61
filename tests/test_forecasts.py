"""Every forecast a play screen shows, checked against the rules played out.

The play screen states chances before a choice: in Duels the battle (who wins it, what
it costs both sides), whether the land is taken and what each hero card changes; in
Classical the chance to win a battle; in Historical (no dice) the battle's sums. Here
each of them is worked out again without the forecast code: the choice is applied to a
copy of the position and every chance outcome (and, after the dice, every choice that
finishes the battle) is played by the game's own rules, summing the exact chances. The
positions come from seeded games in which a student attacks whenever it can.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, cast

import pytest

pytest.importorskip("ipywidgets")

import hcgames
from hcgames.conqueror.actions import Attack, PlayHero
from hcgames.conqueror.forecast import battle_forecast
from hcgames.conqueror.state import DuelsState
from hcgames.core import Action, State
from hcgames.odds import battle_odds
from hcgames.odds import how_often as _often
from hcgames.widgets import PlayApp

PlayApp.PAUSE = 0

#: "1 time in 1" (a certainty written as a chance), not "1 time in 12"
ONE_IN_ONE = re.compile(r"\b1 times? in 1\b")


def _sample(state: State, rng: random.Random) -> Action:
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]


def _positions(
    game: hcgames.Game, seeds: range, wanted: type | tuple[type, ...], limit: int, steps: int = 400
) -> Iterator[State]:
    """Positions where the side to play may choose a ``wanted`` action, from seeded
    games where each side attacks (or plays such an action) half the time it can."""
    found = 0
    for seed in seeds:
        state, rng = game.new_game(seed), random.Random(seed)
        for _ in range(steps):
            if state.is_terminal() or found >= limit:
                break
            if state.is_chance():
                state.apply(_sample(state, rng))
                continue
            legal = state.legal_actions()
            chosen = [a for a in legal if isinstance(a, wanted)]
            if chosen:
                found += 1
                yield state.copy()
            state.apply(rng.choice(chosen) if chosen and rng.random() < 0.5 else rng.choice(legal))
        if found >= limit:
            return


# --- Duels ------------------------------------------------------------------------------


def _units(state: DuelsState, side: int) -> int:
    return sum(
        state.cav[t] + state.inf[t] for t in range(len(state.owner)) if state.owner[t] == side
    )


def _settle(state: DuelsState) -> list[DuelsState]:
    """Every way the battle just rolled can finish (each choice after the dice)."""
    if state.battle is None or state.is_terminal():
        return [state]
    out = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        out += _settle(child)
    return out


def _rolled(state: DuelsState) -> Iterator[tuple[DuelsState, Fraction]]:
    """Each result of the battle dice in ``state`` (at its roll) with its chance."""
    assert state.is_chance()
    for roll, p in state.chance_outcomes():
        child = state.copy()
        child.apply(roll)
        yield child, p


def _attacker_won(state: DuelsState) -> bool:
    """Whether the battle just rolled in ``state`` went to the attacker (its log)."""
    return bool(next(e for e in reversed(state.events) if e.kind == "battle").data["attacker_wins"])


def _no_heroes(state: DuelsState) -> DuelsState:
    while not state.is_chance():
        state.apply(PlayHero(""))
    return state


def _take_range(state: DuelsState, actor: int, target: int) -> tuple[Fraction, Fraction, Fraction]:
    """(best play, lowest, highest) chance that ``actor`` holds ``target`` when the
    battle ends, over every hero choice; every choice after the dice is played out and
    must give the same holder."""
    if state.is_chance():
        best = low = high = Fraction(0)
        for child, p in _rolled(state):
            ends = {s.owner[target] == actor for s in _settle(child)}
            assert len(ends) == 1, "a choice after the dice changed who holds the land"
            won = Fraction(int(ends.pop()))
            best, low, high = best + p * won, low + p * won, high + p * won
        return best, low, high
    results = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        results.append(_take_range(child, actor, target))
    bests = [b for b, _, _ in results]
    best = max(bests) if state.current_player == actor else min(bests)
    return best, min(r[1] for r in results), max(r[2] for r in results)


DUELS = ["gallic-wars", "standard", "alexanders-conquest"]


@pytest.mark.parametrize("scenario", DUELS)
def test_duels_battle_forecast_is_the_battle_played_out(scenario: str) -> None:
    """Who wins and what each side loses, for every attack offered, is what the 36
    pairs of dice and every choice after them do on the board (no hero played)."""
    game = hcgames.load("conqueror-duels", scenario=scenario)
    checked = 0
    for state in _positions(game, range(4), Attack, limit=6):
        assert isinstance(state, DuelsState)
        for attack in [a for a in state.legal_actions() if isinstance(a, Attack)][:4]:
            forecast = battle_forecast(state, attack)
            assert forecast is not None
            attacker, defender = state.current_player, forecast.defender
            before = _units(state, attacker), _units(state, defender)
            after = state.copy()
            after.apply(attack)
            played: dict[tuple[bool, int, int], Fraction] = {}
            for rolled, p in _rolled(_no_heroes(after)):
                wins = _attacker_won(rolled)
                ends = {
                    (before[0] - _units(s, attacker), before[1] - _units(s, defender))
                    for s in _settle(rolled)
                }
                assert len(ends) == 1, "a choice after the dice changed the losses"
                a_lost, d_lost = ends.pop()
                key = (wins, a_lost, d_lost)
                played[key] = played.get(key, Fraction(0)) + p
            shown = {
                (r.attacker_wins, r.attacker_losses, r.defender_losses): r.chance
                for r in forecast.results
            }
            assert shown == played, attack
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("scenario", DUELS)
def test_duels_taking_the_land_is_the_battle_played_out(scenario: str) -> None:
    """The screen's "Taking the land" line gives the chances the rules give: with the
    heroes both sides hold, from the lowest to the highest, and with both sides'
    best; it never says a battle Rome can win leaves the land "whatever the dice"."""
    game = hcgames.load("conqueror-duels", scenario=scenario)
    app = PlayApp(game, humans=(0, 1), seed=0)
    checked = 0
    for state in _positions(game, range(3), Attack, limit=5):
        assert isinstance(state, DuelsState)
        app.state = state
        for attack in [a for a in state.legal_actions() if isinstance(a, Attack)][:3]:
            target = state.game.index[attack.to]
            after = state.copy()
            after.apply(attack)
            best, low, high = _take_range(after, state.current_player, target)
            odds = battle_odds(state, attack)
            assert odds is not None
            assert (odds.best, odds.low, odds.high) == (best, low, high), attack
            line = app._odds_html(attack)
            assert "whatever the dice" not in line and not ONE_IN_ONE.search(line)
            if low == high:
                assert _often(best) in line or (best == 0 and "cannot" in line), line
            else:
                assert _often(low) in line and _often(high) in line and _often(best) in line
            name = state.game.names[target]
            assert f"{name} stays with {name}" not in line
            checked += 1
    assert checked >= 5


def test_duels_hero_cards_state_their_effect_and_the_battle_with_them() -> None:
    """Before a battle each hero card offered says what it does and how often the
    attacker then wins, as the dice played out with that hero give it."""
    game: Any = hcgames.load("conqueror-duels", scenario="gallic-wars")
    app = PlayApp(game, humans=(0, 1), seed=0)
    checked = 0
    for state in _positions(game, range(12), PlayHero, limit=8, steps=600):
        assert isinstance(state, DuelsState) and state.battle is not None
        app.state = state
        for hero in state.legal_actions():
            assert isinstance(hero, PlayHero)
            words = app.describe_action(hero)
            after = state.copy()
            after.apply(hero)
            while not after.is_chance():
                after.apply(PlayHero(""))
            won = sum(
                (p for s, p in _rolled(after) if _attacker_won(s)),
                Fraction(0),
            )
            assert _often(won) in words or (won == 0 and "cannot win" in words), words
            if hero.hero:
                card = game.heroes[game.hero_index[hero.hero]]
                assert card.describe_effect() in words
            assert not ONE_IN_ONE.search(words)
            checked += 1
    assert checked >= 4


def test_duels_battle_sums_are_the_totals_the_dice_are_added_to() -> None:
    """The parts the screen lists for each side's total add up to the totals the
    rules print after the roll, less each die."""
    game = hcgames.load("conqueror-duels", scenario="gallic-wars")
    checked = 0
    for state in _positions(game, range(6), Attack, limit=6):
        for attack in [a for a in state.legal_actions() if isinstance(a, Attack)][:3]:
            after = state.copy()
            after.apply(attack)
            while not after.is_chance():
                legal = after.legal_actions()
                after.apply(legal[0])  # a hero when one is offered: its part is counted
            sums = after.battle_sums()
            assert sums is not None
            roll, _ = after.chance_outcomes()[7]
            events = after.copy().apply(roll)
            battle = next(e for e in events if e.kind == "battle")
            a_total = sum(p.amount for p in sums[0]) + battle.data["attacker_roll"]
            d_total = sum(p.amount for p in sums[1]) + battle.data["defender_roll"]
            assert (a_total, d_total) == (
                battle.data["attacker_total"],
                battle.data["defender_total"],
            )
            checked += 1
    assert checked >= 6


# --- Classical --------------------------------------------------------------------------


def _classical_win(
    state: Any, territory: int, attacker: int, memo: dict[str, Fraction]
) -> Fraction:
    """The chance that ``attacker`` wins the fight in ``territory`` now on, by the
    game's own battle rounds."""
    fight = state.fight
    if fight is None or fight.territory != territory:
        return Fraction(0)
    key = state.digest()
    if key in memo:
        return memo[key]
    total = Fraction(0)
    for roll, p in state.chance_outcomes():
        child = state.copy()
        events = child.apply(roll)
        ends = [e for e in events if e.kind in ("battle-end", "capture")]
        if ends:
            end = ends[0]
            total += p * (end.kind == "capture" or end.data.get("winner") == attacker)
        else:
            total += p * _classical_win(child, territory, attacker, memo)
    memo[key] = total
    return total


def test_classical_battle_chance_is_the_battle_fought_by_the_rules() -> None:
    """A move into another people's ground: the chance the screen states is the chance
    that the game's own battle rounds, fought with the units there after the move,
    end with the attacker winning."""
    from hcgames.classical.actions import Move
    from hcgames.classical.fighting import next_fight

    game = hcgames.load(
        "classical-conquests", players=2, civilizations=["Athenians", "Persians"], max_turns=15
    )
    app = PlayApp(game, humans=(0, 1), seed=0)
    checked = 0
    for state in _positions(game, range(30), Move, limit=400, steps=3000):
        for move in state.legal_actions():
            if not isinstance(move, Move):
                continue
            p = state.attack_odds(move)
            if p is None:
                continue
            fought: Any = state.copy()
            fought.apply(move)
            t = fought.game.material.index[move.to]
            fought.battles = [t]
            next_fight(fought)
            assert fought.is_chance()
            assert _classical_win(fought, t, state.current_player, {}) == p, move
            app.state = state
            line = app._odds_html(move)
            assert _often(p) in line or (p == 0 and "never" in line), line
            checked += 1
            break
        if checked >= 6:
            break
    assert checked >= 3


def test_a_move_that_takes_a_place_without_dice_states_no_chance() -> None:
    """Raising a fleet in an empty sea takes it at once: the screen states no chance
    (it once said "takes Mare Ionium for sure" because of later, unrelated dice)."""
    from hcgames.classical.actions import Recruit

    game = hcgames.load("classical-conquests", players=2)
    checked = 0
    for state in _positions(game, range(6), Recruit, limit=6, steps=1500):
        for recruit in [a for a in state.legal_actions() if isinstance(a, Recruit)]:
            assert battle_odds(state, recruit) is None
            checked += 1
    assert checked


# --- Historical -------------------------------------------------------------------------


def test_historical_battle_words_are_the_battle_worked_out_by_the_rules() -> None:
    """No dice: the screen gives the attack and defence sums and the winner; the battle
    the rules then work out, when nobody answers with a card, has those sums and that
    winner."""
    from hcgames.historical.actions import Attack as CardAttack
    from hcgames.historical.actions import Pass

    game = hcgames.load("historical-conquest", players=2)
    app = PlayApp(game, humans=(0, 1), seed=0)
    checked = made = 0
    for state in _positions(game, range(10), CardAttack, limit=10, steps=600):
        app.state = state
        for attack in [a for a in state.legal_actions() if isinstance(a, CardAttack)][:2]:
            assert battle_odds(state, attack) is None  # no dice, no chance to state
            words = app.card_battle_words(attack)
            after = state.copy()
            events = after.apply(attack)
            for _ in range(30):
                battle = [e for e in events if e.kind == "battle" and "winner" in e.data]
                if battle or after.is_terminal() or after.is_chance():
                    break
                legal = after.legal_actions()
                events = after.apply(next((a for a in legal if isinstance(a, Pass)), legal[0]))
            if not battle:
                continue
            data = battle[0].data
            assert f"attack {data['attack']} against defence {data['defence']}" in words, words
            verdict = {"attack": "wins the battle", "defence": "holds", "draw": "a draw"}
            assert verdict[data["winner"]] in words
            forecast = state.card_battle_forecast(attack)  # the contract's hook the view reads
            assert forecast is not None
            assert (forecast.attack, forecast.defence, forecast.winner) == (
                data["attack"],
                data["defence"],
                data["winner"],
            )
            for total, parts in (
                (forecast.attack, forecast.attack_parts),
                (forecast.defence, forecast.defence_parts),
            ):
                # the parts the screen lists add up to the total it gives (look 13)
                if parts:
                    assert _parts_total(parts) == total, parts
                    assert f"{total} comes from {parts[0][0]}" in words
                    made += 1
            held = cast(Any, state).column_of_land(attack.target)  # Historical's own
            assert held is not None
            assert (forecast.attacker, forecast.defender) == (state.current_player, held[0])
            checked += 1
        others = [a for a in state.legal_actions() if not isinstance(a, CardAttack)]
        assert all(state.card_battle_forecast(a) is None for a in others)
    assert checked >= 3 and made >= 3


def _parts_total(parts: tuple[tuple[str, str], ...]) -> float:
    total = 0.0
    for _, amount in parts:
        if amount.startswith("\u00d7"):
            total *= float(amount[1:])
        elif amount.startswith("="):
            total = float(amount[1:])
        else:
            total += float(amount)
    return total


def test_a_game_with_dice_publishes_no_card_battle_forecast() -> None:
    """The hook's default: a game whose battles dice decide says nothing there, and the
    play screen's card battle line stays empty."""
    game = hcgames.load("conqueror-duels")
    state = game.new_game(seed=0)
    app = PlayApp(game, humans=(0, 1), seed=0)
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    assert all(state.card_battle_forecast(a) is None for a in state.legal_actions())
    assert app.card_battle_words(state.legal_actions()[0]) == ""


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(("conquest-1972", {"scenario": "skirmish"}), id="conquest"),
        pytest.param(("conquest-of-speros", {"players": 2, "mastery": True}), id="speros"),
    ],
)
def test_games_without_dice_state_no_chance(game: tuple[str, dict[str, Any]]) -> None:
    """CONQUEST and Speros decide captures without dice: no move on their play
    screens ever gets a "Chance" line (a card drawn later is no chance of the move)."""
    name, options = game
    loaded = hcgames.load(name, **options)
    app = PlayApp(loaded, humans=tuple(range(loaded.num_players)), seed=0)
    seen = 0
    for state in _positions(loaded, range(3), Action, limit=40, steps=300):
        app.state = state
        for action in state.legal_actions()[:25]:
            assert battle_odds(state, action) is None
            assert "Chance" not in app._odds_html(action)
            seen += 1
    assert seen
