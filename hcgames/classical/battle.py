"""Battle dice of Classical Conquests, shared by the rules and the odds tables.

A battle is fought in rounds. In each round both sides roll a d8 and add their
level: Military on land, Nautical at sea. The lower total loses one unit; on equal
totals the defender wins the round. Rounds go on until one side has no units left.

When the defender's armies are all gone but a village or city of theirs stands in
the territory, the settlement fights on by itself (rule decision: a village counts
as one unit, a city as two, rolling with the owner's Military level). Beating it
captures it.

The rules (:mod:`.fighting`) call :func:`round_winner` for every round they play;
:func:`round_win_chance` and the whole-battle odds (:func:`battle_distribution`,
:func:`attacker_wins`), used by :mod:`.teach` and the bots, are built from the very
same function, over the exact dice of :mod:`hcgames.dice`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import cast

from hcgames.classical.actions import BattleDie
from hcgames.classical.material import load_material
from hcgames.core import Action
from hcgames.dice import combine, die, probability

__all__ = [
    "DIE",
    "attacker_wins",
    "battle_distribution",
    "die_outcomes",
    "round_win_chance",
    "round_winner",
]

#: the battle die (rules.json ``battle_die``: a d8)
DIE = int(load_material().book["battle_die"])


def round_winner(
    attacker_face: int, defender_face: int, attacker_bonus: int, defender_bonus: int
) -> str:
    """``"attacker"`` or ``"defender"``: who wins one round (ties go to the defender)."""
    if attacker_face + attacker_bonus > defender_face + defender_bonus:
        return "attacker"
    return "defender"


@cache
def round_win_chance(attacker_bonus: int, defender_bonus: int) -> Fraction:
    """Exact chance that the attacker wins one round, over all 64 pairs of faces."""
    winners = combine(
        die(DIE),
        die(DIE),
        lambda a, d: round_winner(cast(int, a), cast(int, d), attacker_bonus, defender_bonus),
    )
    return probability(winners, lambda who: who == "attacker")


_OUTCOMES: dict[str, list[tuple[Action, Fraction]]] = {
    side: [(BattleDie(side, f), p) for f, p in die(DIE).items()]
    for side in ("attacker", "defender")
}


def die_outcomes(side: str) -> list[tuple[Action, Fraction]]:
    """The eight faces of one side's d8, each with probability 1/8."""
    return list(_OUTCOMES[side])


def battle_distribution(
    attackers: int,
    defenders: int,
    attacker_level: int = 0,
    defender_level: int = 0,
    settlement: str | None = None,
    settlement_level: int | None = None,
) -> dict[tuple[int, int, int], Fraction]:
    """Every way a whole battle can end, with its exact probability.

    Keys are ``(attackers left, defending units left, settlement points left)``. The
    attacker has won when attackers left > 0; if a ``settlement`` ("village" or
    "city") stood in the territory, it is then captured. ``settlement_level`` is the
    owner's Military level (default: ``defender_level``).
    """
    if attackers < 0 or defenders < 0:
        raise ValueError("unit counts cannot be negative")
    strength = 0
    if settlement is not None:
        table = load_material().ours["settlement_strength"]
        if settlement not in table:
            raise ValueError(f"settlement must be 'village' or 'city', not {settlement!r}")
        strength = int(table[settlement])
    p_units = round_win_chance(attacker_level, defender_level)
    p_town = round_win_chance(
        attacker_level, defender_level if settlement_level is None else settlement_level
    )

    @cache
    def ends(a: int, d: int, s: int) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
        if a == 0 or (d == 0 and s == 0):
            return (((a, d, s), Fraction(1)),)
        p = p_units if d else p_town
        out: dict[tuple[int, int, int], Fraction] = {}
        win = (a, d - 1, s) if d else (a, 0, s - 1)
        for key, q in ends(*win):
            out[key] = out.get(key, Fraction(0)) + p * q
        for key, q in ends(a - 1, d, s):
            out[key] = out.get(key, Fraction(0)) + (1 - p) * q
        return tuple(sorted(out.items()))

    return dict(ends(attackers, defenders, strength))


def attacker_wins(
    attackers: int,
    defenders: int,
    attacker_level: int = 0,
    defender_level: int = 0,
    settlement: str | None = None,
    settlement_level: int | None = None,
) -> Fraction:
    """Chance that the attacker wins the whole battle (and takes any settlement)."""
    dist = battle_distribution(
        attackers, defenders, attacker_level, defender_level, settlement, settlement_level
    )
    return sum((p for (a, _, _), p in dist.items() if a > 0), Fraction(0))
