"""Why an action is refused: the message and the name of the rule that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical.actions import (
    BattleDie,
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    Pay,
    PayRest,
    PlaceCity,
    Recruit,
    ResearchDie,
    ResourceRoll,
    Settle,
    Starve,
    UpgradeVillage,
    _name,
)
from hcgames.classical.economy import can_pay, cost_text
from hcgames.classical.material import PHASES
from hcgames.classical.payment import due_text, options
from hcgames.core import Action

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["why_illegal"]

SETUP_CITIES = -1


def why_illegal(s: ClassicalState, action: Action) -> tuple[str, str]:
    m = s.game.material
    who = s.player_name(s.current_player)
    if s.is_chance():
        return (
            f"{action} is not the outcome of the pending roll; a die must be rolled now "
            "(use chance_outcomes())",
            "chance steps",
        )
    if s.phase_idx == SETUP_CITIES:
        if not isinstance(action, PlaceCity):
            return (f"set-up: {who} must first found a city, not {action}", "set-up")
        t = m.index.get(action.territory)
        if t is None or not m.territories[t].land:
            return (f"{_name(action.territory)} is not a land territory", "set-up: city placement")
        return (
            f"{m.territories[t].name} is within {m.book['city_spacing']} spaces of "
            "another city or already taken",
            "set-up: city placement",
        )
    phase = PHASES[s.phase_idx]
    if s.paying is not None and not (
        s.paying["for"] == "upkeep" and isinstance(action, EndPhase | Starve)
    ):
        due = due_text(s)
        if isinstance(action, Pay):
            ok = ", ".join(options(s))
            return (
                f"{action.resource!s} cannot pay the next part of this cost now; "
                f"still due: {due}. It can be paid with: {ok}, and only in a way that "
                "leaves enough to pay the rest",
                "payment: what pays a cost",
            )
        return (
            f"{who} must first finish paying (still due: {due}): choose what pays "
            "the next part, or pay the rest the suggested way",
            "payment: what pays a cost",
        )
    if isinstance(action, Pay | PayRest):
        return ("there is nothing to pay for right now", "payment: what pays a cost")
    if isinstance(action, PlaceCity):
        return ("first cities are founded only during set-up", "set-up")
    if isinstance(action, ResourceRoll | BattleDie | ResearchDie):
        return (
            f"{action} is a die result; it can only be applied while that roll is "
            f"pending, and now {who} is to act",
            "chance steps",
        )
    wanted = {
        Starve: "upkeep",
        BuildMonument: "build",
        UpgradeVillage: "upgrade",
        Settle: "settle",
        Move: "move",
        Recruit: "recruit",
        BuyResearchRoll: "research",
    }
    if isinstance(action, EndPhase):
        if action.phase != phase:
            return (f"it is the {phase} phase, not the {action.phase} phase", "turn sequence")
        return (
            f"{who} must first choose {s.shortfall} unit(s) or city to leave unfed",
            "upkeep: unfed units",
        )
    needed_phase = wanted.get(type(action))
    if needed_phase is None:
        return (f"{action} is not a move of this game", "actions")
    if needed_phase != phase:
        return (
            f"{action} belongs to the {needed_phase} phase; it is now the {phase} phase of {who}",
            "turn sequence",
        )
    territory = getattr(action, "territory", getattr(action, "from_", None))
    if territory is not None and territory not in m.index:
        return (f"there is no territory {territory!r} on the map", "the map")
    p = s.player
    if isinstance(action, Starve):
        return (
            f"{who} have no {action.kind} in {_name(action.territory)} to leave unfed "
            "(or nothing needs to go)",
            "upkeep: unfed units",
        )
    if isinstance(action, BuildMonument):
        t = m.index[action.territory]
        if s.owner[t] != p or s.level[t] != 2:
            return (
                f"monuments go only in a city of your own; {_name(action.territory)} is not one",
                "build: monuments",
            )
        if s.monuments_of(p) >= s.monument_limit(p):
            return (
                f"{who} hold {s.monuments_of(p)} monuments; 1 + Religion level allows "
                f"{s.monument_limit(p)}",
                "build: Religion limit",
            )
        return (
            f"a monument there costs {cost_text(*s.monument_cost(t))}; {who} cannot pay",
            "build: monument cost",
        )
    if isinstance(action, UpgradeVillage):
        t = m.index[action.territory]
        if s.owner[t] != p or s.level[t] != 1:
            return (
                "only a village of your own can become a city; "
                f"{_name(action.territory)} is not one",
                "upgrade",
            )
        return (f"a city costs {cost_text(s.upgrade_cost())}; {who} cannot pay", "upgrade: cost")
    if isinstance(action, Settle):
        if not can_pay(s.pool, s.village_cost()):
            return (
                f"another village costs {cost_text(s.village_cost())}; {who} cannot pay",
                "settle: extra villages",
            )
        return (
            f"{_name(action.territory)} is not empty land next to a city, village or "
            f"fleet of {who}",
            "settle: placement",
        )
    if isinstance(action, Move):
        return (
            f"no unmoved {action.kind} of {who} in {_name(action.from_)} can reach "
            f"{_name(action.to)}: "
            f"armies move {m.book['army_moves']} land spaces (free across your own "
            f"fleets) and fleets {m.book['fleet_moves']} sea spaces, never through "
            "enemy-held spaces",
            "move",
        )
    if isinstance(action, Recruit):
        if s.recruited >= s.recruit_limit(p):
            return (
                f"the recruit limit this turn is {s.recruit_limit(p)} (1 + Government + cities)",
                "recruit: limit",
            )
        where = (
            "in a city of your own"
            if action.kind == "army"
            else "in a sea space next to a city of your own"
        )
        return (
            f"a new {action.kind} must start {where}, with no enemy unit there, and costs "
            f"{cost_text(s.unit_cost(action.kind))} (at most "
            f"{m.ours['unit_supply'][action.kind]} on the map)",
            "recruit",
        )
    return (
        f"the next extra research roll costs {s.paid_rolls + 1} resources of any kind; "
        f"{who} cannot pay that many",
        "research: extra rolls",
    )
