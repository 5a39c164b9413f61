"""Paying for things: resources, wildcards and the order we spend them in.

A player's resources for the turn sit in a *pool*: a dict from category (food,
luxury, wood, iron, stone, gold) to a count. Gold and Trade share the ``gold``
category and stand in for any other resource.

A cost is a list of *needs* (each a tuple of the categories that can pay it, e.g.
``("food",)`` or ``("food", "luxury")``) plus a number of resources of *any* kind.
The rulebook lets a player pick which tokens to spend; to keep the list of choices
short we spend for them, always in the same way (rule decision "automatic
payment"):

1. each need is paid from the acceptable category the player holds most of (ties:
   the first one named), and from gold only when none of them is left;
2. "any" resources come from the ordinary category held most of (ties: the order
   food, luxury, wood, iron, stone), and from gold only when nothing else is left.

Gold is thus kept for last, since it is the one resource that can pay for anything.
Every cost in the game has needs over disjoint categories, so this greedy order
finds a payment whenever one exists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["CATEGORIES", "ORDINARY", "Cost", "can_pay", "cost_text", "pay", "spent_text"]

CATEGORIES: tuple[str, ...] = ("food", "luxury", "wood", "iron", "stone", "gold")
ORDINARY: tuple[str, ...] = CATEGORIES[:-1]

Cost = tuple[tuple[tuple[str, ...], ...], int]  # (needs, number of "any" resources)


def pay(pool: dict[str, int], needs: Sequence[Sequence[str]], any_count: int = 0) -> dict[str, int]:
    """Spend ``needs`` and ``any_count`` resources from ``pool`` (changed in place).

    Returns what was spent by category. Raises ``ValueError`` (and leaves the pool
    as it was) if the pool cannot pay.
    """
    work = dict(pool)
    spent = dict.fromkeys(CATEGORIES, 0)
    for alternatives in needs:
        best = max(alternatives, key=lambda c: (work[c], -alternatives.index(c)))
        source = best if work[best] > 0 else "gold"
        if work[source] <= 0:
            raise ValueError(f"no {' or '.join(alternatives)} (nor gold) left to pay with")
        work[source] -= 1
        spent[source] += 1
    for _ in range(any_count):
        best = max(ORDINARY, key=lambda c: (work[c], -ORDINARY.index(c)))
        source = best if work[best] > 0 else "gold"
        if work[source] <= 0:
            raise ValueError("not enough resources left to pay with")
        work[source] -= 1
        spent[source] += 1
    pool.update(work)
    return {c: n for c, n in spent.items() if n}


def can_pay(pool: Mapping[str, int], needs: Sequence[Sequence[str]], any_count: int = 0) -> bool:
    """True if ``pool`` can pay the cost (same rules as :func:`pay`)."""
    left = dict(pool)
    gold = left.pop("gold")
    multi = []
    for alternatives in needs:
        if len(alternatives) == 1:
            cat = alternatives[0]
            if left[cat] > 0:
                left[cat] -= 1
            elif gold > 0:
                gold -= 1
            else:
                return False
        else:
            multi.append(alternatives)
    for alternatives in multi:  # disjoint from the single needs in every cost of the game
        best = max(alternatives, key=lambda c: left[c])
        if left[best] > 0:
            left[best] -= 1
        elif gold > 0:
            gold -= 1
        else:
            return False
    return any_count == 0 or sum(left.values()) + gold >= any_count


def cost_text(needs: Sequence[Sequence[str]], any_count: int = 0) -> str:
    """A cost in words: ``"2 food, 1 stone and 1 resource of any kind"``."""
    counts: dict[str, int] = {}
    for alt in needs:
        key = " or ".join(alt)
        counts[key] = counts.get(key, 0) + 1
    parts = [f"{n} {key}" for key, n in counts.items()]
    if any_count:
        parts.append(f"{any_count} resource{'s' if any_count > 1 else ''} of any kind")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def spent_text(spent: dict[str, int]) -> str:
    """What a payment used, in words: ``"2 food, 1 stone"`` (``"nothing"`` if empty)."""
    return ", ".join(f"{n} {c}" for c, n in spent.items() if n) or "nothing"
