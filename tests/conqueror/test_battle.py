"""Battle maths: exact, summing to 1, matching a brute-force count, and used by the rules."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import hcgames
from hcgames.conqueror import battle
from hcgames.conqueror.battle import Army, fight, outcome_distribution, win_probability

armies = st.builds(
    Army,
    cavalry=st.integers(0, 6),
    infantry=st.integers(0, 6),
    cavalry_strength=st.integers(1, 3),
    infantry_strength=st.integers(1, 2),
    bonus=st.integers(0, 6),
    fewer_losses=st.integers(0, 1),
    extra_losses=st.integers(0, 1),
)


def brute_force(attacker: Army, defender: Army) -> dict[tuple[bool, int, int], Fraction]:
    """The rules written out once more, counting all 36 pairs of dice by hand."""
    counts: dict[tuple[bool, int, int], int] = {}
    for a, d in itertools.product(range(1, 7), repeat=2):
        a_total = (
            attacker.cavalry * attacker.cavalry_strength
            + (attacker.infantry * attacker.infantry_strength)
            + attacker.bonus
            + a
        )
        d_total = (
            defender.cavalry * defender.cavalry_strength
            + (defender.infantry * defender.infantry_strength)
            + defender.bonus
            + d
        )
        wins = a_total > d_total
        margin = abs(a_total - d_total)
        base = 1 if margin <= 2 else 2 if margin <= 4 else 3
        winner, loser = (attacker, defender) if wins else (defender, attacker)
        loser_roll = d if wins else a
        lost = min(loser.units, max(0, base + winner.extra_losses - loser.fewer_losses))
        victor = 1 if loser_roll == 4 and winner.units > 0 else 0
        key = (wins, victor, lost) if wins else (wins, lost, victor)
        counts[key] = counts.get(key, 0) + 1
    return {k: Fraction(v, 36) for k, v in counts.items()}


@given(armies, armies)
@settings(max_examples=150, deadline=None)
def test_distribution_sums_to_one_and_matches_brute_force(a: Army, d: Army) -> None:
    dist = outcome_distribution(a, d)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    assert dist == brute_force(a, d)
    for _, a_loss, d_loss in dist:
        assert 0 <= a_loss <= a.units and 0 <= d_loss <= d.units


def test_alpes_example_numbers() -> None:
    result = fight(Army(cavalry=3), Army(cavalry=1, bonus=2), 3, 4)
    assert (result.attacker_total, result.defender_total, result.margin) == (9, 8, 1)
    assert result.attacker_wins and result.victor_casualty
    assert (result.attacker_losses, result.defender_losses) == (1, 1)


def test_ties_go_to_the_defender() -> None:
    result = fight(Army(infantry=2), Army(infantry=1, bonus=1), 3, 3)
    assert not result.attacker_wins and result.margin == 0
    assert result.attacker_losses == 1 and result.defender_losses == 0


def test_casualties_by_margin() -> None:
    rules = battle.standard_rules()
    assert [rules.losses_for_margin(m) for m in range(8)] == [1, 1, 1, 2, 2, 3, 3, 3]


def test_win_chance_by_difference() -> None:
    assert battle.win_chance(0) == Fraction(15, 36)  # ties go to the defender
    assert battle.win_chance(1) == Fraction(21, 36)
    assert battle.win_chance(6) == 1 and battle.win_chance(-5) == 0
    for diff in range(-6, 7):
        total = Fraction(0)
        for a, d in itertools.product(range(1, 7), repeat=2):
            total += Fraction(1, 36) if diff + a - d > 0 else 0
        assert battle.win_chance(diff) == total


def test_win_probability_agrees_with_win_chance() -> None:
    a, d = Army(cavalry=2, infantry=1), Army(infantry=2, bonus=2)
    assert win_probability(a, d) == battle.win_chance(a.strength - d.strength)


def test_odds_table_is_printable() -> None:
    text = hcgames.load("conqueror-duels").odds_table()
    assert "bonus +4" in text and "41.7%" in text


def test_the_rules_use_the_battle_module() -> None:
    """A battle played on the board gives the same totals as battle.fight."""
    from hcgames.conqueror.actions import Attack, BattleRoll, EndPhase

    state = hcgames.load("conqueror-duels", scenario="second-punic-war").new_game()
    state.apply(EndPhase())
    state.apply(EndPhase())
    state.apply(Attack("Espanga", "Gaul", 2, 1))  # 2C 1I against 2 independent infantry + 2
    state.apply(BattleRoll(2, 5))
    event = next(e for e in reversed(state.events) if e.kind == "battle")
    expected = fight(Army(2, 1), Army(0, 2, bonus=2), 2, 5)
    assert (event.data["attacker_total"], event.data["defender_total"]) == (
        expected.attacker_total,
        expected.defender_total,
    )
