"""What a Classical Conquests player may do: the list of legal actions.

``legal_actions(state)`` gives the choices of the player to act, in a stable order:
the site of a first city during set-up, what to leave unfed in a famine, and in the
other phases the monuments, upgrades, villages, moves, recruits and research rolls
that can be paid for, always followed by ending the phase; while a payment is open,
the ways to pay its next part. Listing moves is the hot path of random play, so move
actions are made once and reused. The effects of the choices are in :mod:`.phases`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical import payment
from hcgames.classical.actions import (
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    PlaceCity,
    Recruit,
    Settle,
    Starve,
    UpgradeVillage,
)
from hcgames.classical.economy import can_pay
from hcgames.classical.material import PHASES
from hcgames.classical.turn import (
    BUILD,
    MOVE,
    RECRUIT,
    RESEARCH,
    SETTLE,
    SETUP_CITIES,
    UPGRADE,
    UPKEEP,
)
from hcgames.core import Action

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["city_sites", "legal_actions"]


# --- set-up ---------------------------------------------------------------------------


def city_sites(s: ClassicalState) -> list[int]:
    """Land territories where the next first city may stand.

    A city may not stand within ``city_spacing`` (2) steps of another city, counting
    steps across land and sea alike. Should no such territory be left (possible
    only on a crowded map), the free land territories farthest from every city are
    allowed instead (rule decision "crowded set-up").
    """
    m = s.game.material
    spacing = int(m.book["city_spacing"])
    cities = [t for t, lv in enumerate(s.level) if lv == 2]
    free = [t.index for t in m.territories if t.land and s.owner[t.index] == -1]
    if not cities:
        return free
    gap = {t: min(m.distances[t][c] for c in cities) for t in free}
    allowed = [t for t in free if gap[t] > spacing]
    if allowed:
        return allowed
    widest = max(gap.values())
    return [t for t in free if gap[t] == widest]


# --- legal actions --------------------------------------------------------------------


def legal_actions(s: ClassicalState) -> list[Action]:
    terrs = s.game.material.territories
    if s.phase_idx == SETUP_CITIES:
        return [PlaceCity(terrs[t].id) for t in city_sites(s)]
    if s.paying is not None:
        if s.paying["for"] == "upkeep":  # ending the phase feeds the rest the suggested way
            return [*payment.legal_payments(s)[:-1], EndPhase("upkeep")]
        return payment.legal_payments(s)
    phase = s.phase_idx
    p = s.player
    out: list[Action] = []
    if phase == UPKEEP and s.shortfall > 0:
        for t in range(len(terrs)):
            if s.armies[p][t]:
                out.append(Starve("army", terrs[t].id))
            if s.fleets[p][t]:
                out.append(Starve("fleet", terrs[t].id))
            if s.owner[t] == p and s.level[t] == 2:
                out.append(Starve("city", terrs[t].id))
        return out
    if phase == BUILD:
        out.extend(BuildMonument(terrs[t].id) for t in _build_sites(s))
    elif phase == UPGRADE:
        out.extend(UpgradeVillage(terrs[t].id) for t in _upgrade_sites(s))
    elif phase == SETTLE:
        out.extend(Settle(terrs[t].id) for t in _settle_sites(s))
    elif phase == MOVE:
        out.extend(_moves(s))
    elif phase == RECRUIT:
        out.extend(_recruits(s))
    elif phase == RESEARCH and _can_buy_roll(s):
        out.append(BuyResearchRoll())
    out.append(EndPhase(PHASES[phase]))
    return out


def _build_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if s.monuments_of(p) >= s.monument_limit(p):
        return []
    return [t for t in s.cities_of(p) if can_pay(s.pool, *s.monument_cost(t))]


def _upgrade_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if not can_pay(s.pool, s.upgrade_cost()):
        return []
    return [t for t, o in enumerate(s.owner) if o == p and s.level[t] == 1]


def _settle_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if not can_pay(s.pool, s.village_cost()):
        return []
    terrs = s.game.material.territories
    enemy = s.enemy_units(p)
    fleets = s.fleets[p]
    near: set[int] = set()
    for t, o in enumerate(s.owner):
        if (o == p and s.level[t]) or fleets[t]:
            near.update(terrs[t].neighbours)
    return sorted(t for t in near if terrs[t].land and s.owner[t] == -1 and not enemy[t])


_MOVES: dict[tuple[str, int, int], Move] = {}


def _move_action(kind: str, a: int, b: int, s: ClassicalState) -> Move:
    """Move actions are made once and reused: listing them is the hot path of play."""
    key = (kind, a, b)
    action = _MOVES.get(key)
    if action is None:
        terrs = s.game.material.territories
        action = _MOVES[key] = Move(kind, terrs[a].id, terrs[b].id)
    return action


def _moves(s: ClassicalState) -> list[Action]:
    """Every move of every unmoved unit.

    During the move phase enemy positions do not change, so where a unit can go
    depends only on where it stands and, for armies, on the player's fleets. The
    destinations are therefore kept in ``s.move_cache`` (derived data, never saved)
    until a fleet moves.
    """
    p = s.player
    cache = s.move_cache
    if "held" not in cache:
        enemy = s.enemy_units(p)
        cache["enemy"] = enemy
        cache["held"] = [u or (o not in (-1, p)) for u, o in zip(enemy, s.owner, strict=True)]
    enemy, held = cache["enemy"], cache["held"]
    out: list[Action] = []
    armies, fleets = s.armies[p], s.fleets[p]
    moved_armies, moved_fleets = s.moved_armies, s.moved_fleets
    for t in range(len(armies)):
        if armies[t] > moved_armies[t]:
            key = f"army {t}"
            if key not in cache:
                cache[key] = [
                    _move_action("army", t, d, s) for d in s.army_destinations(p, t, held, enemy)
                ]
            out.extend(cache[key])
        if fleets[t] > moved_fleets[t]:
            key = f"fleet {t}"
            if key not in cache:
                cache[key] = [
                    _move_action("fleet", t, d, s) for d in s.fleet_destinations(p, t, held)
                ]
            out.extend(cache[key])
    return out


def _recruits(s: ClassicalState) -> list[Action]:
    p = s.player
    m = s.game.material
    if s.recruited >= s.recruit_limit(p):
        return []
    supply = m.ours["unit_supply"]
    cities = s.cities_of(p)
    out: list[Action] = []
    enemy = s.enemy_units(p)
    if sum(s.armies[p]) < supply["army"] and can_pay(s.pool, s.unit_cost("army")):
        out.extend(Recruit("army", m.territories[t].id) for t in cities if not enemy[t])
    if sum(s.fleets[p]) < supply["fleet"] and can_pay(s.pool, s.unit_cost("fleet")):
        seas = sorted(
            {
                n
                for t in cities
                for n in m.territories[t].neighbours
                if not m.territories[n].land and not enemy[n]
            }
        )
        out.extend(Recruit("fleet", m.territories[t].id) for t in seas)
    return out


def _can_buy_roll(s: ClassicalState) -> bool:
    return can_pay(s.pool, (), s.paid_rolls + 1)
