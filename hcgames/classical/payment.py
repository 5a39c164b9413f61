"""Paying for things, one resource token at a time, chosen by the player.

The rulebook lets a player choose what pays wherever a cost says "any resource",
"Food or Luxury", "Wood or Stone", and gold and trade stand in for anything. So a
cost is not paid automatically: choosing to build, upgrade, settle an extra
village, recruit, buy a research roll (and feeding at upkeep) opens a *payment*.
The cost is a list of slots (the named resources first, then the "or" slots, then
the "any" ones) and the player pays the next slot with :class:`Pay` (one resource
of a kind that slot accepts) or settles everything left with :class:`PayRest`,
which pays the suggested way (:func:`hcgames.classical.economy.pay`: the named
kind first, gold last). Only choices that still leave the rest of the cost payable
are offered, so a payment never gets stuck; a slot with only one possible choice is
paid by itself. When the last slot is paid the thing paid for happens.

The open payment lives in ``state.paying`` as plain data: what it is for, the
territory and unit kind, the slots still due and what was spent so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.classical.actions import Pay, PayRest
from hcgames.classical.economy import CATEGORIES, can_pay, cost_text, pay, spent_text
from hcgames.core import Action, Event

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["due_text", "legal_payments", "options", "pay_one", "pay_rest", "start"]

Needs = tuple[tuple[str, ...], ...]


def start(
    s: ClassicalState,
    purpose: str,
    needs: Needs,
    any_count: int = 0,
    territory: str = "",
    kind: str = "",
    price: int = 0,
) -> list[Event]:
    """Open a payment for ``purpose``; finishes at once when nothing is left to choose."""
    s.paying = {
        "for": purpose,
        "territory": territory,
        "kind": kind,
        "price": price,
        "needs": tuple(tuple(alt) for alt in needs),
        "any": any_count,
        "spent": {},
    }
    return _advance(s)


def options(s: ClassicalState) -> list[str]:
    """Resource kinds that may pay the next slot of the open payment, in a fixed order."""
    paying = s.paying
    assert paying is not None
    needs: Needs = paying["needs"]
    any_count: int = paying["any"]
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
    return cost_text(paying["needs"], paying["any"])


def pay_one(s: ClassicalState, resource: str) -> list[Event]:
    _spend(s, resource)
    return _advance(s)


def pay_rest(s: ClassicalState) -> list[Event]:
    paying = s.paying
    assert paying is not None
    spent = pay(s.pool, paying["needs"], paying["any"])
    total = dict(paying["spent"])
    for c, n in spent.items():
        total[c] = total.get(c, 0) + n
    s.paying = {**paying, "needs": (), "any": 0, "spent": total}
    return _advance(s)


def _spend(s: ClassicalState, resource: str) -> None:
    paying = s.paying
    assert paying is not None
    needs: Needs = paying["needs"]
    spent = dict(paying["spent"])
    spent[resource] = spent.get(resource, 0) + 1
    s.pool[resource] -= 1
    if needs:
        s.paying = {**paying, "needs": needs[1:], "spent": spent}
    else:
        s.paying = {**paying, "any": paying["any"] - 1, "spent": spent}


def _advance(s: ClassicalState) -> list[Event]:
    """Pay every slot that has only one possible choice, then finish if all is paid."""
    while s.paying is not None and (s.paying["needs"] or s.paying["any"]):
        choices = options(s)
        if len(choices) != 1:
            return []
        _spend(s, choices[0])
    return _finish(s)


def _finish(s: ClassicalState) -> list[Event]:
    paying = s.paying
    assert paying is not None
    s.paying = None
    spent = {c: paying["spent"][c] for c in CATEGORIES if paying["spent"].get(c)}
    paid = spent_text(spent)
    m = s.game.material
    p = s.player
    name = s.player_name(p)
    purpose = paying["for"]
    territory = paying["territory"]
    data: dict[str, Any] = {"territory": territory, "spent": spent}
    if purpose == "upkeep":
        return [
            s.event(
                "upkeep",
                f"{name} feed their armies, fleets and cities with {paid}.",
                spent=spent,
            )
        ]
    if purpose == "research":
        price = paying["price"]
        s.paid_rolls += 1
        s.rolls_pending += 1
        return [
            s.event(
                "research",
                f"{name} pay {price} resource{'s' if price > 1 else ''} "
                f"({paid}) for an extra research roll.",
                price=price,
                spent=spent,
            )
        ]
    t = m.index[territory]
    where = m.territories[t].name
    if purpose == "monument":
        s.monuments[t] += 1
        s.built += 1
        return [
            s.event(
                "build",
                f"{name} build a monument in {where} (now {s.monuments[t]} there), paying {paid}.",
                **data,
            )
        ]
    if purpose == "upgrade":
        s.level[t] = 2
        s.upgraded += 1
        return [
            s.event(
                "upgrade",
                f"{name} turn their village in {where} into a city, paying {paid}.",
                **data,
            )
        ]
    if purpose == "village":
        return settle_village(s, t, f"paying {paid}", spent)
    if purpose == "unit":
        kind = paying["kind"]
        units = s.armies if kind == "army" else s.fleets
        units[p][t] += 1
        s.recruited += 1
        return [
            s.event(
                "recruit",
                f"{name} recruit {'an' if kind == 'army' else 'a'} {kind} in {where}, "
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
            "settle",
            f"{s.player_name(p)} settle a village in {m.territories[t].name} ({how}).",
            territory=m.territories[t].id,
            spent=spent,
        )
    ]
