"""The ten phases of a Classical Conquests turn: the entry points, and what a choice does.

``legal_actions(state)`` (from :mod:`.choices`) lists the choices in a stable order
and ``apply(state, action)``, here, carries one out once the core has checked that it
is legal: the player's own choices (building, upgrading, settling, moving,
recruiting, buying research rolls) are applied in this module, and what they cost
is paid through :mod:`.payment`; dice, the end of a
phase and the phases that run by themselves go to :mod:`.turn`, and the battle
phase's dice to :mod:`.combat`. Refusals are explained in :mod:`.explain`. The phase
numbers, ``city_sites`` and the other public names this module held before the split
are still importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical import payment
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
)
from hcgames.classical.choices import city_sites as city_sites
from hcgames.classical.choices import legal_actions as legal_actions
from hcgames.classical.combat import battle_die
from hcgames.classical.combat import contested as contested
from hcgames.classical.combat import knock_out as knock_out
from hcgames.classical.combat import next_fight as next_fight
from hcgames.classical.economy import can_pay as can_pay
from hcgames.classical.material import PHASES as PHASES
from hcgames.classical.material import TRAITS as TRAITS
from hcgames.classical.turn import BATTLE as BATTLE
from hcgames.classical.turn import BUILD as BUILD
from hcgames.classical.turn import MOVE as MOVE
from hcgames.classical.turn import PRODUCE as PRODUCE
from hcgames.classical.turn import RECRUIT as RECRUIT
from hcgames.classical.turn import RESEARCH as RESEARCH
from hcgames.classical.turn import SCORE as SCORE
from hcgames.classical.turn import SETTLE as SETTLE
from hcgames.classical.turn import SETUP_CITIES as SETUP_CITIES
from hcgames.classical.turn import SETUP_ROLLS as SETUP_ROLLS
from hcgames.classical.turn import UPGRADE as UPGRADE
from hcgames.classical.turn import UPKEEP as UPKEEP
from hcgames.classical.turn import end_phase, place_city, research_die, resource_roll, starve
from hcgames.core import Action, Event

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["apply", "city_sites", "legal_actions"]


# --- applying -------------------------------------------------------------------------


def apply(s: ClassicalState, action: Action) -> list[Event]:
    m = s.game.material
    if isinstance(action, ResourceRoll):
        return resource_roll(s, action)
    if isinstance(action, PlaceCity):
        return place_city(s, m.index[action.territory])
    if isinstance(action, BattleDie):
        return battle_die(s, action)
    if isinstance(action, ResearchDie):
        return research_die(s, action.face)
    if isinstance(action, EndPhase):
        return end_phase(s)
    if isinstance(action, Starve):
        return starve(s, action.kind, m.index[action.territory])
    if isinstance(action, Pay):
        return payment.pay_one(s, action.resource)
    if isinstance(action, PayRest):
        return payment.pay_rest(s)
    if isinstance(action, BuildMonument):
        needs, extra = s.monument_cost(m.index[action.territory])
        return payment.start(s, "monument", needs, extra, territory=action.territory)
    if isinstance(action, UpgradeVillage):
        return payment.start(s, "upgrade", s.upgrade_cost(), territory=action.territory)
    if isinstance(action, Settle):
        cost = s.village_cost()
        if not cost:
            return payment.settle_village(
                s, m.index[action.territory], "the free village of the turn", {}
            )
        return payment.start(s, "village", cost, territory=action.territory)
    if isinstance(action, Move):
        return _move(s, action)
    if isinstance(action, Recruit):
        return payment.start(
            s, "unit", s.unit_cost(action.kind), territory=action.territory, kind=action.kind
        )
    if isinstance(action, BuyResearchRoll):
        price = s.paid_rolls + 1
        return payment.start(s, "research", (), price, price=price)
    raise AssertionError(f"unhandled action {action!r}")


# --- moving ---------------------------------------------------------------------------


def _move(s: ClassicalState, action: Move) -> list[Event]:
    m = s.game.material
    p = s.player
    a, b = m.index[action.from_], m.index[action.to]
    if action.kind == "army":
        s.armies[p][a] -= 1
        s.armies[p][b] += 1
        s.moved_armies[b] += 1
    else:
        s.fleets[p][a] -= 1
        s.fleets[p][b] += 1
        s.moved_fleets[b] += 1
        # armies may now ride this fleet, or lost a ride: their routes change
        s.move_cache = {k: v for k, v in s.move_cache.items() if not k.startswith("army")}
    s.moves_made += 1
    held = s.move_cache.get("held") or s.enemy_held(p)
    threat = " into enemy-held land" if held[b] else ""
    return [
        s.event(
            "move",
            f"{s.player_name(p)} move {'an' if action.kind == 'army' else 'a'} "
            f"{action.kind} from {m.territories[a].name} to {m.territories[b].name}"
            f"{threat}.",
            kind=action.kind,
            source=action.from_,
            target=action.to,
        )
    ]
