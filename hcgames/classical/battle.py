"""Battle dice of Classical Conquests, shared by the rules and the odds tables.

A battle is fought in rounds. In each round both sides roll a d8 and add their
level: Military on land, Nautical at sea. The lower total loses one unit; on equal
totals the defender wins the round. Rounds go on until one side has no units left.

When the defender's armies are all gone but a village or city of theirs stands in
the territory, the settlement fights on by itself (rule decision: a village counts
as one unit, a city as two, rolling with the owner's Military level). Beating it
captures it.

The state calls :func:`round_winner` for every round it plays; :mod:`.odds` builds
its exact probabilities from the very same function.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from hcgames.classical.actions import BattleDie
from hcgames.core import Action

__all__ = ["DIE", "die_outcomes", "round_win_chance", "round_winner"]

DIE = 8


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
    wins = sum(
        1
        for a in range(1, DIE + 1)
        for d in range(1, DIE + 1)
        if round_winner(a, d, attacker_bonus, defender_bonus) == "attacker"
    )
    return Fraction(wins, DIE * DIE)


_OUTCOMES: dict[str, list[tuple[Action, Fraction]]] = {
    side: [(BattleDie(side, f), Fraction(1, DIE)) for f in range(1, DIE + 1)]
    for side in ("attacker", "defender")
}


def die_outcomes(side: str) -> list[tuple[Action, Fraction]]:
    """The eight faces of one side's d8, each with probability 1/8."""
    return list(_OUTCOMES[side])
