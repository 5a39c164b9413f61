"""Before an attack, the exact chance to win it (Classical Conquests).

A Classical battle runs over many rounds of dice, too long for the play screen's
look-ahead, so the game states the chance directly (State.attack_odds): the moving
army or fleet and those already there against the defenders and their settlement,
with both sides' levels, from the same battle maths as the odds tables.

Covers ``hcgames.classical.views`` and ``hcgames.classical.words``, which have no test
file of their own (see tests/test_layout.py).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import hcgames
from hcgames.classical.actions import Move
from hcgames.classical.state import ClassicalState
from hcgames.classical.teach import attacker_wins
from hcgames.play import resolve_chance
from tests.narrow import narrow


def _attacking_moves(limit: int = 6) -> list[tuple[ClassicalState, Move]]:
    """Moves into ground held or occupied by another people, from seeded random games."""
    found: list[tuple[ClassicalState, Move]] = []
    game = hcgames.load("classical-conquests", players=2)
    for seed in range(40):
        state, rng = narrow(game.new_game(seed=seed), ClassicalState), random.Random(seed)
        for _ in range(3000):
            if state.is_terminal() or len(found) >= limit:
                break
            if state.is_chance():
                resolve_chance(state, rng)
                continue
            legal = state.legal_actions()
            for action in legal:
                if isinstance(action, Move) and state.attack_odds(action) is not None:
                    found.append((state.copy(), action))
                    break
            state.apply(rng.choice(legal))
        if len(found) >= limit:
            break
    return found


def test_attack_odds_before_a_classical_attack_match_the_battle_maths() -> None:
    cases = _attacking_moves()
    assert cases, "no attacking move found in 40 seeded games"
    for state, move in cases:
        m = state.game.material
        t = m.index[move.to]
        land = m.territories[t].land
        units = state.armies if land else state.fleets
        trait = "military" if land else "nautical"
        p = state.current_player
        defender = next((q for q in range(2) if q != p and units[q][t]), state.owner[t])
        settlement = None
        if land and state.owner[t] == defender and defender != -1:
            settlement = "city" if state.level[t] == 2 else "village"
        expected = attacker_wins(
            units[p][t] + 1,
            units[defender][t],
            state.level_of(p, trait),
            state.level_of(defender, trait),
            settlement,
        )
        assert state.attack_odds(move) == expected
        assert Fraction(0) <= expected <= Fraction(1)


def test_a_move_into_empty_or_own_ground_has_no_battle_odds() -> None:
    state = narrow(hcgames.load("classical-conquests", players=2).new_game(seed=1), ClassicalState)
    rng = random.Random(1)
    checked = 0
    for _ in range(400):
        if state.is_chance():
            resolve_chance(state, rng)
            continue
        for action in state.legal_actions():
            if isinstance(action, Move):
                m = state.game.material
                t = m.index[action.to]
                units = state.armies if m.territories[t].land else state.fleets
                others = [q for q in range(2) if q != state.current_player and units[q][t]]
                if not others and state.owner[t] in (-1, state.current_player):
                    assert state.attack_odds(action) is None
                    checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked


def test_play_screen_states_the_chance_before_a_classical_attack() -> None:
    from hcgames.widgets import PlayApp

    state, move = _attacking_moves(limit=1)[0]
    app = PlayApp(state.game, humans=(state.current_player,), seed=0)
    app.state = state
    words = app.odds_words(move)
    assert "time" in words and "in" in words, words


# --- the battle log in plain English ---------------------------------------------------
def test_battle_log_uses_real_plurals_and_articles() -> None:
    """The log says "1 fleet", "2 armies", "loses a fleet": never "1 fleets", "an
    fleet", "a army" or "(s)", in battles and everywhere else it counts things."""
    from hcgames.classical.words import count, plural, unfed_text, with_article

    assert [count(1, "fleet"), count(2, "fleet"), count(1, "army"), count(3, "army")] == [
        "1 fleet",
        "2 fleets",
        "1 army",
        "3 armies",
    ]
    assert (count(0, "monument"), count(2, "free research roll")) == (
        "0 monuments",
        "2 free research rolls",
    )
    assert (with_article("army"), with_article("fleet")) == ("an army", "a fleet")
    assert plural("city") == "cities" and plural("city", 1) == "city"
    assert (unfed_text(1), unfed_text(3)) == (
        "1 army, fleet or city",
        "3 armies, fleets or cities",
    )
    game = hcgames.load("classical-conquests", players=2)
    texts: list[str] = []
    for seed in range(3):
        state, rng = narrow(game.new_game(seed=seed), ClassicalState), random.Random(seed)
        for _ in range(4000):
            if state.is_terminal():
                break
            if state.is_chance():
                resolve_chance(state, rng)
                continue
            state.apply(rng.choice(state.legal_actions()))
        texts += [e.text for e in state.events]
        texts += [v["tooltip"] for v in state.region_views().values()]
        texts.append(state.describe())
    battle = " ".join(t for t in texts if "Battle in" in t or "round " in t)
    assert "lose a fleet" in battle and "lose an army" in battle
    assert re.search(r"with 1 (fleet|army)[;.]", battle)
    assert re.search(r"with [2-9] (fleets|armies)[;.]", battle)
    bad = re.compile(r"\(s\)|\b1 (fleets|armies|monuments|rolls)\b|\ban fleet\b|\ba army\b")
    assert not [t for t in texts if bad.search(t)]


def test_a_sea_two_sides_share_before_their_battle_has_no_colour() -> None:
    """Athenian fleets sailing into Mare Aegaeum, where a Spartan fleet still stands, do
    not paint it Athenian before the battle: it has no holder, both labels say whose
    fleets they are, and the hover says the battle decides. One side alone colours it."""
    game = hcgames.load("classical-conquests", players=2, civilizations=["Athenians", "Spartans"])
    s = game.new_game(1)
    assert isinstance(s, ClassicalState)
    sea = s.game.material.index["mare_aegaeum"]
    s.fleets[0][sea], s.fleets[1][sea] = 2, 1
    view = s.region_views()["mare_aegaeum"]
    assert view["owner"] is None
    assert view["label"] == "2F Athenians 1F Spartans"
    assert "no side holds it until the battle is fought" in view["tooltip"]
    s.fleets[0][sea] = 0
    assert s.region_views()["mare_aegaeum"]["owner"] == 1
