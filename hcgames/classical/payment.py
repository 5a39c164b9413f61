"""Paying for things, one resource token at a time, chosen by the player.

The rulebook lets a player choose what pays wherever a cost says "any resource",
"Food or Luxury", "Wood or Stone", and gold and trade stand in for anything. So a
cost is not paid automatically: choosing to build, upgrade, settle an extra
village, recruit, buy a research roll (and feeding at upkeep) opens a *payment*.
The cost is a list of slots (the named resources first, then the "or" slots, then
the "any" ones) and the player pays the next slot with :class:`Pay` (one resource
of a kind that slot accepts) or settles everything left with :class:`PayRest`,
which pays the suggested way (:func:`pay`, below: the named
kind first, gold last). Only choices that still leave the rest of the cost payable
are offered, so a payment never gets stuck; a slot with only one possible choice is
paid by itself. When the last slot is paid the thing paid for happens.

The open payment lives in ``state.paying`` as a :class:`Payment` record: what it is
for (a :class:`Purpose`), the territory and unit kind, the slots still due and what
was spent so far.

The suggested way
-----------------
A player's resources for the turn sit in a *pool*: a dict from category (food,
luxury, wood, iron, stone, gold) to a count. Gold and Trade share the ``gold``
category and stand in for any other resource.

A cost is a list of *needs* (each a tuple of the categories that can pay it, e.g.
``("food",)`` or ``("food", "luxury")``) plus a number of resources of *any* kind.
The player picks which tokens to spend, one at a time; :class:`PayRest` (and the
class game, which settles every payment this way) spends for them, always in the same
way (the rule decision "Paying costs", ours):

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
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from hcgames.classical.actions import BuildMonument, Pay, PayRest, Recruit, Settle, UpgradeVillage
from hcgames.classical.words import with_article
from hcgames.core import Action, Event
from hcgames.words import count, join

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "CATEGORIES",
    "ORDINARY",
    "Cost",
    "Payment",
    "Purpose",
    "can_pay",
    "cost_text",
    "due_text",
    "legal_payments",
    "options",
    "pay",
    "pay_one",
    "pay_rest",
    "settle_village",
    "spent_text",
    "start",
]

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
    parts = [f"{n} {key}" if " or " in key else count(n, key) for key, n in counts.items()]
    if any_count:
        parts.append(f"{count(any_count, 'resource')} of any kind")
    return join(parts)


def price_note(state: ClassicalState, action: Action) -> str:
    """What a move in the list costs, for the play screen's list of moves (look 8,
    lesson 24: the price showed only once the move was played): ``" (1 iron)"``,
    ``" (free)"``; ``""`` for a move that costs nothing to choose."""
    if isinstance(action, BuildMonument):
        needs, extra = state.monument_cost(state.game.material.index[action.territory])
    elif isinstance(action, UpgradeVillage):
        needs, extra = state.upgrade_cost(), 0
    elif isinstance(action, Settle):
        needs, extra = state.village_cost(), 0
        if not needs:
            return " (free)"
    elif isinstance(action, Recruit):
        needs, extra = state.unit_cost(action.kind), 0
    else:
        return ""
    return f" ({cost_text(needs, extra)})"


def spent_text(spent: dict[str, int]) -> str:
    """What a payment used, in words: ``"2 luxuries and 1 stone"`` (``"nothing"`` if
    empty)."""
    return join(count(n, c) for c, n in spent.items() if n)


# --- the open payment -------------------------------------------------------

Needs = tuple[tuple[str, ...], ...]


class Purpose(StrEnum):
    """What an open payment pays for."""

    UPKEEP = "upkeep"
    MONUMENT = "monument"
    UPGRADE = "upgrade"
    VILLAGE = "village"
    UNIT = "unit"
    RESEARCH = "research"


@dataclass(frozen=True)
class Payment:
    """An open payment: the slots still ``needs`` and ``any_count``, and what was
    ``spent`` so far (a fresh dict each step, never changed in place)."""

    purpose: Purpose
    territory: str
    kind: str
    price: int
    needs: Needs
    any_count: int
    spent: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """As saved in a snapshot (the keys and order of the saved games)."""
        return {
            "for": self.purpose.value,
            "territory": self.territory,
            "kind": self.kind,
            "price": self.price,
            "needs": [list(alt) for alt in self.needs],
            "any": self.any_count,
            "spent": dict(self.spent),
        }


def start(
    s: ClassicalState,
    purpose: Purpose,
    needs: Needs,
    any_count: int = 0,
    territory: str = "",
    kind: str = "",
    price: int = 0,
) -> list[Event]:
    """Open a payment for ``purpose``; finishes at once when nothing is left to choose."""
    s.paying = Payment(
        purpose, territory, kind, price, tuple(tuple(alt) for alt in needs), any_count, {}
    )
    return _advance(s)


def options(s: ClassicalState) -> list[str]:
    """Resource kinds that may pay the next slot of the open payment, in a fixed order."""
    paying = s.paying
    assert paying is not None
    needs = paying.needs
    any_count = paying.any_count
    if needs:
        accepted = set(needs[0]) | {"gold"}
        rest: Needs = needs[1:]
        rest_any = any_count
    else:
        accepted = set(CATEGORIES)
        rest = ()
        rest_any = any_count - 1
    out = []
    for c in CATEGORIES:
        if c in accepted and s.pool[c] > 0:
            left = dict(s.pool)
            left[c] -= 1
            if can_pay(left, rest, rest_any):
                out.append(c)
    return out


def legal_payments(s: ClassicalState) -> list[Action]:
    return [*(Pay(c) for c in options(s)), PayRest()]


def due_text(s: ClassicalState) -> str:
    """What is still to pay, in words."""
    paying = s.paying
    assert paying is not None
    return cost_text(paying.needs, paying.any_count)


def pay_one(s: ClassicalState, action: Pay) -> list[Event]:
    """Pay the next slot with one resource of the chosen kind."""
    _spend(s, action.resource)
    return _advance(s)


def pay_rest(s: ClassicalState, action: PayRest | None = None) -> list[Event]:
    """Pay everything still due the suggested way (:func:`pay`)."""
    paying = s.paying
    assert paying is not None
    spent = pay(s.pool, paying.needs, paying.any_count)
    total = dict(paying.spent)
    for c, n in spent.items():
        total[c] = total.get(c, 0) + n
    s.paying = replace(paying, needs=(), any_count=0, spent=total)
    return _advance(s)


def _spend(s: ClassicalState, resource: str) -> None:
    paying = s.paying
    assert paying is not None
    needs = paying.needs
    spent = dict(paying.spent)
    spent[resource] = spent.get(resource, 0) + 1
    s.pool[resource] -= 1
    if needs:
        s.paying = replace(paying, needs=needs[1:], spent=spent)
    else:
        s.paying = replace(paying, any_count=paying.any_count - 1, spent=spent)


def _advance(s: ClassicalState) -> list[Event]:
    """Pay every slot that has only one possible choice, then finish if all is paid."""
    while s.paying is not None and (s.paying.needs or s.paying.any_count):
        choices = options(s)
        if len(choices) != 1:
            return []
        _spend(s, choices[0])
    return _finish(s)


def _finish(s: ClassicalState) -> list[Event]:
    paying = s.paying
    assert paying is not None
    s.paying = None
    spent = {c: paying.spent[c] for c in CATEGORIES if paying.spent.get(c)}
    paid = spent_text(spent)
    m = s.game.material
    p = s.player
    name = s.player_name(p)
    purpose = paying.purpose
    territory = paying.territory
    data: dict[str, Any] = {"territory": territory, "spent": spent}
    if purpose is Purpose.UPKEEP:
        return [
            s.event(
                s.player,
                "upkeep",
                f"{name} feed their armies, fleets and cities with {paid}.",
                spent=spent,
            )
        ]
    if purpose is Purpose.RESEARCH:
        price = paying.price
        s.paid_rolls += 1
        s.rolls_pending += 1
        return [
            s.event(
                s.player,
                "research",
                f"{name} pay {price} resource{'s' if price > 1 else ''} "
                f"({paid}) for an extra research roll.",
                price=price,
                spent=spent,
            )
        ]
    t = m.index[territory]
    where = m.territories[t].name
    if purpose is Purpose.MONUMENT:
        s.monuments[t] += 1
        s.built += 1
        return [
            s.event(
                s.player,
                "build",
                f"{name} build a monument in {where} (now {s.monuments[t]} there), paying {paid}.",
                **data,
            )
        ]
    if purpose is Purpose.UPGRADE:
        s.level[t] = 2
        s.upgraded += 1
        return [
            s.event(
                s.player,
                "upgrade",
                f"{name} turn their village in {where} into a city, paying {paid}.",
                **data,
            )
        ]
    if purpose is Purpose.VILLAGE:
        return settle_village(s, t, f"paying {paid}", spent)
    if purpose is Purpose.UNIT:
        kind = paying.kind
        units = s.armies if kind == "army" else s.fleets
        units[p][t] += 1
        s.recruited += 1
        return [
            s.event(
                s.player,
                "recruit",
                f"{name} recruit {with_article(kind)} in {where}, "
                f"paying {paid} ({s.recruited} of {s.recruit_limit(p)} allowed this turn).",
                kind=kind,
                **data,
            )
        ]
    raise AssertionError(f"unknown payment {purpose!r}")


def settle_village(s: ClassicalState, t: int, how: str, spent: dict[str, int]) -> list[Event]:
    m = s.game.material
    p = s.player
    s.owner[t] = p
    s.level[t] = 1
    s.settled += 1
    return [
        s.event(
            s.player,
            "settle",
            f"{s.player_name(p)} settle a village in {m.territories[t].name} ({how}).",
            territory=m.territories[t].id,
            spent=spent,
        )
    ]
