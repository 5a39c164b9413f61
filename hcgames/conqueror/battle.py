"""Battle maths of Conqueror: Duels, exact and small enough to read in class.

A battle is decided by two six-sided dice, one per side. Each side's total is the
sum of its unit strengths, plus its die, plus (for the defender) the defence bonus
of the territory, plus any hero bonus. The higher total wins and a tie goes to the
defender. The loser loses units by the margin (see ``rules.json``), and, the Duels
rule, if the loser rolled a 4 the winner also loses one unit.

The rules of the game call :func:`fight` to resolve every battle, so what this module
computes is exactly what happens on the board. :func:`result_distribution` walks the
36 equally likely pairs of dice, and :func:`outcome_distribution` merges them into the
probability of each (winner, attacker losses, defender losses).

>>> alpes = fight(Army(cavalry=3), Army(cavalry=1, bonus=2), attacker_roll=3, defender_roll=4)
>>> alpes.attacker_total, alpes.defender_total, alpes.attacker_wins
(9, 8, True)
>>> alpes.defender_losses, alpes.attacker_losses   # the victor's casualty
(1, 1)
>>> win_probability(Army(cavalry=3), Army(cavalry=1, bonus=2))
Fraction(13, 18)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from hcgames.conqueror.material import load_material
from hcgames.dice import rolls

__all__ = [
    "Army",
    "BattleResult",
    "CasualtyRules",
    "fight",
    "odds_table",
    "outcome_distribution",
    "result_distribution",
    "standard_rules",
    "victors_casualties",
    "win_chance",
    "win_probability",
]


@dataclass(frozen=True)
class CasualtyRules:
    """The numbers that turn two dice into losses (read from ``rules.json``)."""

    #: rows of (lowest margin, highest margin or None, units lost)
    table: tuple[tuple[int, int | None, int], ...]
    die_sides: int
    #: if the beaten side rolled this, the winner loses ``victor_casualties`` units
    victor_casualty_roll: int
    victor_casualties: int

    @classmethod
    def from_data(cls, rules: dict[str, Any]) -> CasualtyRules:
        table = tuple(
            (int(row["min_margin"]), row["max_margin"], int(row["losses"]))
            for row in rules["casualties_by_margin"]
        )
        return cls(
            table=table,
            die_sides=int(rules["die_sides"]),
            victor_casualty_roll=int(rules["victor_casualty_roll"]),
            victor_casualties=int(rules["victor_casualties"]),
        )

    def losses_for_margin(self, margin: int) -> int:
        """Casualties of war for the beaten side at this winning margin."""
        for low, high, losses in self.table:
            if margin >= low and (high is None or margin <= high):
                return losses
        return 0


@cache
def standard_rules() -> CasualtyRules:
    """The casualty rules of the data files."""
    return CasualtyRules.from_data(load_material().rules)


@dataclass(frozen=True)
class Army:
    """One side of a battle.

    ``bonus`` collects everything added to the total that is not a unit: the defence
    bonus of the territory and flat hero bonuses. ``fewer_losses`` and
    ``extra_losses`` come from heroes.
    """

    cavalry: int = 0
    infantry: int = 0
    cavalry_strength: int = 2
    infantry_strength: int = 1
    bonus: int = 0
    fewer_losses: int = 0
    extra_losses: int = 0

    @property
    def units(self) -> int:
        return self.cavalry + self.infantry

    @property
    def strength(self) -> int:
        """Total before the die: units plus bonus."""
        return (
            self.cavalry * self.cavalry_strength
            + self.infantry * self.infantry_strength
            + self.bonus
        )


@dataclass(frozen=True)
class BattleResult:
    """What one pair of dice did."""

    attacker_roll: int
    defender_roll: int
    attacker_total: int
    defender_total: int
    attacker_wins: bool
    margin: int
    attacker_losses: int
    defender_losses: int
    victor_casualty: bool

    @property
    def key(self) -> tuple[bool, int, int]:
        return (self.attacker_wins, self.attacker_losses, self.defender_losses)


def fight(
    attacker: Army,
    defender: Army,
    attacker_roll: int,
    defender_roll: int,
    rules: CasualtyRules | None = None,
) -> BattleResult:
    """Resolve one battle for the given dice. Ties go to the defender."""
    rules = rules or standard_rules()
    a_total = attacker.strength + attacker_roll
    d_total = defender.strength + defender_roll
    attacker_wins = a_total > d_total
    margin = abs(a_total - d_total)
    winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
    loser_roll = defender_roll if attacker_wins else attacker_roll
    wanted = rules.losses_for_margin(margin) + winner.extra_losses - loser.fewer_losses
    loser_losses = min(loser.units, max(0, wanted))
    victor_casualty = loser_roll == rules.victor_casualty_roll and winner.units > 0
    winner_losses = victors_casualties(loser_roll, winner.units, rules)
    a_losses, d_losses = (
        (winner_losses, loser_losses) if attacker_wins else (loser_losses, winner_losses)
    )
    return BattleResult(
        attacker_roll=attacker_roll,
        defender_roll=defender_roll,
        attacker_total=a_total,
        defender_total=d_total,
        attacker_wins=attacker_wins,
        margin=margin,
        attacker_losses=a_losses,
        defender_losses=d_losses,
        victor_casualty=victor_casualty,
    )


def victors_casualties(loser_roll: int, winner_units: int, rules: CasualtyRules) -> int:
    """The Duels rule: if the beaten side rolled a 4 (``victor_casualty_roll`` in
    ``rules.json``), the winner loses ``victor_casualties`` unit(s) of its own choice
    too (no more than it has)."""
    if loser_roll != rules.victor_casualty_roll:
        return 0
    return min(winner_units, rules.victor_casualties)


def result_distribution(
    attacker: Army, defender: Army, rules: CasualtyRules | None = None
) -> list[tuple[BattleResult, Fraction]]:
    """Every pair of dice with its result; each pair has probability 1/36."""
    rules = rules or standard_rules()
    return [(fight(attacker, defender, a, d, rules), p) for (a, d), p in rolls(rules.die_sides, 2)]


def outcome_distribution(
    attacker: Army, defender: Army, rules: CasualtyRules | None = None
) -> dict[tuple[bool, int, int], Fraction]:
    """Probability of each (attacker wins?, attacker losses, defender losses)."""
    out: dict[tuple[bool, int, int], Fraction] = {}
    for result, p in result_distribution(attacker, defender, rules):
        out[result.key] = out.get(result.key, Fraction(0)) + p
    return dict(sorted(out.items()))


def win_probability(attacker: Army, defender: Army, rules: CasualtyRules | None = None) -> Fraction:
    """Exact chance that the attacker wins."""
    return sum(
        (p for r, p in result_distribution(attacker, defender, rules) if r.attacker_wins),
        Fraction(0),
    )


def win_chance(difference: int, die_sides: int = 6) -> Fraction:
    """Chance the attacker wins when its strength minus the defender's (bonus included)
    is ``difference``: the attacker's die must beat the defender's by more than
    ``-difference``."""
    return sum((p for (a, d), p in rolls(die_sides, 2) if difference + a - d > 0), Fraction(0))


def odds_table(
    differences: range = range(-3, 11),
    bonuses: tuple[int, ...] = (0, 1, 2, 4, 5, 6),
    die_sides: int = 6,
) -> str:
    """Attacker's chance to win (in %) by unit-strength difference (rows) and the
    defender's bonus (columns)."""
    head = "units diff | " + " ".join(f"bonus +{b:<2}" for b in bonuses)
    lines = [
        "Chance that the attacker wins (both sides roll one d6; ties go to the defender)",
        head,
        "-" * len(head),
    ]
    for diff in differences:
        cells = " ".join(f"{float(win_chance(diff - b, die_sides)) * 100:8.1f}%" for b in bonuses)
        lines.append(f"{diff:+10d} | {cells}")
    return "\n".join(lines)
