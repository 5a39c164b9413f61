"""What a Classical Conquests player may do, what it does, and why anything else is
refused.

One module past 600 lines on purpose: each phase's choices, what they do and why one is
refused sit side by side, so a rule and its refusal are never in two files.

:func:`legal_actions` gives the choices of the player to act, in a stable order: the
site of a first city during set-up, what to leave unfed in a famine, and in the other
phases the monuments, upgrades, villages, moves, recruits and research rolls that can
be paid for, always followed by ending the phase; while a payment is open, the ways to
pay its next part. :func:`why_illegal` explains a refusal: the checks every action
shares first, then the refusal of each kind of action, written beside the legality it
explains. The player's choices open a payment (:mod:`.payment`); when it is paid the
thing paid for happens. Listing moves is the hot path of random play, so move actions
are made once and reused.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
    _name,
)
from hcgames.classical.material import PHASES
from hcgames.classical.payment import Purpose, can_pay, cost_text, due_text
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
from hcgames.classical.words import count, unfed_text, with_article
from hcgames.core import Action, Event
from hcgames.words import says, the

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "army_destinations",
    "build_monument",
    "buy_research_roll",
    "city_sites",
    "fleet_destinations",
    "legal_actions",
    "move",
    "only_move_reason",
    "recruit",
    "settle",
    "upgrade_village",
    "why_illegal",
]

Refusal = tuple[str, str]


# --- set-up: the first cities ---------------------------------------------------------


def city_sites(s: ClassicalState) -> list[int]:
    """Land territories where the next first city may stand.

    A city may not stand within ``city_spacing`` (2) steps of another city, counting
    steps across land and sea alike. Should no such territory be left (possible
    only on a crowded map), the free land territories farthest from every city are
    allowed instead (rule decision "crowded set-up").
    """
    m = s.game.material
    homes = s.game.homes
    if homes is not None:  # option homes: each first city stands where the game says
        home = homes[s.setup_next]
        return [home] if s.owner[home] == -1 else []
    spacing = int(m.book["city_spacing"])
    cities = [t for t, lv in enumerate(s.level) if lv == 2]
    closed = s.game.closed
    free = [
        t.index
        for t in m.territories
        if t.land and s.owner[t.index] == -1 and t.index not in closed
    ]
    if not cities:
        return free
    gap = {t: min(m.distances[t][c] for c in cities) for t in free}
    allowed = [t for t in free if gap[t] > spacing]
    if allowed:
        return allowed
    widest = max(gap.values())
    return [t for t in free if gap[t] == widest]


def _refuse_city(s: ClassicalState, action: Action) -> Refusal:
    m = s.game.material
    who = s.player_name(s.current_player)
    if not isinstance(action, PlaceCity):
        return (f"set-up: {who} must first found a city, not {action}", "set-up")
    t = m.index.get(action.territory)
    if t is None or not m.territories[t].land:
        return (f"{_name(action.territory)} is not a land territory", "set-up: city placement")
    homes = s.game.homes
    if homes is not None:
        home = m.territories[homes[s.setup_next]].name
        return (f"in this game the first city of {the(who)} stands in {home}", "set-up: homes")
    return (
        f"{m.territories[t].name} is within {m.book['city_spacing']} spaces of "
        "another city or already taken",
        "set-up: city placement",
    )


# --- paying ---------------------------------------------------------------------------


def _payments(s: ClassicalState) -> list[Action]:
    paying = s.paying
    assert paying is not None
    if paying.purpose is Purpose.UPKEEP:  # ending the phase feeds the rest the suggested way
        return [*payment.legal_payments(s)[:-1], EndPhase("upkeep")]
    return payment.legal_payments(s)


def _refuse_while_paying(s: ClassicalState, action: Action) -> Refusal:
    who = s.player_name(s.current_player)
    due = due_text(s)
    if isinstance(action, Pay):
        ok = ", ".join(payment.options(s))
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


# --- upkeep: the famine choices -------------------------------------------------------


def _starvings(s: ClassicalState) -> list[Action]:
    terrs = s.game.material.territories
    p = s.player
    out: list[Action] = []
    for t in range(len(terrs)):
        if s.armies[p][t]:
            out.append(Starve("army", terrs[t].id))
        if s.fleets[p][t]:
            out.append(Starve("fleet", terrs[t].id))
        if s.owner[t] == p and s.level[t] == 2:
            out.append(Starve("city", terrs[t].id))
    return out


def _refuse_starve(s: ClassicalState, action: Starve) -> Refusal:
    who = s.player_name(s.current_player)
    where = _name(action.territory)
    t = s.game.material.index[action.territory]
    p = s.player
    holds = {
        "army": s.armies[p][t] > 0,
        "fleet": s.fleets[p][t] > 0,
        "city": s.owner[t] == p and s.level[t] == 2,
    }.get(action.kind, False)
    if holds and s.shortfall <= 0:
        return (
            f"feeding is compulsory while food or gold lasts: {says(who, 'has')} enough to "
            f"feed everything, so {with_article(action.kind)} in {where} cannot be left unfed",
            "upkeep: unfed units",
        )
    return (
        f"{says(who, 'has')} no {action.kind} in {where} to leave unfed",
        "upkeep: unfed units",
    )


# --- build: monuments -----------------------------------------------------------------


def _build_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if s.monuments_of(p) >= s.monument_limit(p):
        return []
    return [t for t in s.cities_of(p) if can_pay(s.pool, *s.monument_cost(t))]


def _refuse_monument(s: ClassicalState, action: BuildMonument) -> Refusal:
    m = s.game.material
    p = s.player
    who = s.player_name(s.current_player)
    t = m.index[action.territory]
    if s.owner[t] != p or s.level[t] != 2:
        return (
            f"monuments go only in a city of your own; {_name(action.territory)} is not one",
            "build: monuments",
        )
    if s.monuments_of(p) >= s.monument_limit(p):
        return (
            f"{who} hold {count(s.monuments_of(p), 'monument')}; "
            f"{m.book['monument_limit_base']} + "
            f"Religion level allows {s.monument_limit(p)}",
            "build: Religion limit",
        )
    return (
        f"a monument there costs {cost_text(*s.monument_cost(t))}; {who} cannot pay, "
        "even with gold and trade standing in for what is missing",
        "build: monument cost",
    )


def build_monument(s: ClassicalState, action: BuildMonument) -> list[Event]:
    """Pay for a monument in one of the player's cities."""
    needs, extra = s.monument_cost(s.game.material.index[action.territory])
    return payment.start(s, Purpose.MONUMENT, needs, extra, territory=action.territory)


# --- upgrade: village to city ---------------------------------------------------------


def _upgrade_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if not can_pay(s.pool, s.upgrade_cost()):
        return []
    return [t for t, o in enumerate(s.owner) if o == p and s.level[t] == 1]


def _refuse_upgrade(s: ClassicalState, action: UpgradeVillage) -> Refusal:
    m = s.game.material
    p = s.player
    t = m.index[action.territory]
    if s.owner[t] != p or s.level[t] != 1:
        return (
            f"only a village of your own can become a city; {_name(action.territory)} is not one",
            "upgrade",
        )
    return (
        f"a city costs {cost_text(s.upgrade_cost())}; {s.player_name(s.current_player)} cannot pay",
        "upgrade: cost",
    )


def upgrade_village(s: ClassicalState, action: UpgradeVillage) -> list[Event]:
    """Pay for turning a village of the player's into a city."""
    return payment.start(s, Purpose.UPGRADE, s.upgrade_cost(), territory=action.territory)


# --- settle: villages -----------------------------------------------------------------


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
    closed = s.game.closed
    return sorted(
        t for t in near if terrs[t].land and s.owner[t] == -1 and not enemy[t] and t not in closed
    )


def _refuse_settle(s: ClassicalState, action: Settle) -> Refusal:
    who = s.player_name(s.current_player)
    if not can_pay(s.pool, s.village_cost()):
        return (
            f"another village costs {cost_text(s.village_cost())}; {who} cannot pay",
            "settle: extra villages",
        )
    return (
        f"{_name(action.territory)} is not empty land next to a city, village or fleet of "
        f"{the(who)}",
        "settle: placement",
    )


def settle(s: ClassicalState, action: Settle) -> list[Event]:
    """Place a village: the first of the turn is free, a further one is paid for."""
    cost = s.village_cost()
    if not cost:
        return payment.settle_village(
            s, s.game.material.index[action.territory], "the free village of the turn", {}
        )
    return payment.start(s, Purpose.VILLAGE, cost, territory=action.territory)


# --- move: armies and fleets ----------------------------------------------------------


def army_destinations(
    s: ClassicalState, player: int, start: int, held: list[bool], enemy_units: list[bool]
) -> list[int]:
    """Land territories an army at ``start`` can reach this turn.

    Land steps cost one move each; a sea territory holding one of the player's
    fleets (and no enemy unit) costs nothing to cross. An army stops in the first
    enemy-held territory it enters and never ends its move at sea.
    """
    m = s.game.material
    budget = int(m.book["army_moves"])
    land_nb, sea_nb = m.land_neighbours, m.sea_neighbours
    fleets = s.fleets[player]
    closed = s.game.closed
    far = budget + 1
    best = [far] * len(fleets)
    best[start] = 0
    todo: deque[int] = deque([start])
    while todo:
        here = todo.popleft()
        cost = best[here]
        if here != start and held[here]:
            continue  # stopped by the enemy
        if cost < budget:
            for n in land_nb[here]:
                if cost + 1 < best[n] and n not in closed:
                    best[n] = cost + 1
                    todo.append(n)
        for n in sea_nb[here]:
            if fleets[n] and not enemy_units[n] and cost < best[n]:
                best[n] = cost
                todo.appendleft(n)
    is_land = m.is_land
    return [t for t, c in enumerate(best) if c < far and t != start and is_land[t]]


def fleet_destinations(s: ClassicalState, player: int, start: int, held: list[bool]) -> list[int]:
    """Sea territories a fleet at ``start`` reaches within its moves."""
    m = s.game.material
    budget = int(m.book["fleet_moves"])
    sea_nb = m.sea_neighbours
    closed = s.game.closed
    best = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if (here != start and held[here]) or best[here] == budget:
            continue
        step = best[here] + 1
        for n in sea_nb[here]:
            if n not in best and n not in closed:
                best[n] = step
                todo.append(n)
    return sorted(t for t in best if t != start)


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
                    _move_action("army", t, d, s) for d in army_destinations(s, p, t, held, enemy)
                ]
            out.extend(cache[key])
        if fleets[t] > moved_fleets[t]:
            key = f"fleet {t}"
            if key not in cache:
                cache[key] = [
                    _move_action("fleet", t, d, s) for d in fleet_destinations(s, p, t, held)
                ]
            out.extend(cache[key])
    return out


def _refuse_move(s: ClassicalState, action: Move) -> Refusal:
    m = s.game.material
    who = s.player_name(s.current_player)
    return (
        f"no unmoved {action.kind} of {the(who)} in {_name(action.from_)} can "
        f"reach {_name(action.to)}: "
        f"armies move {m.book['army_moves']} land spaces (free across your own "
        f"fleets) and fleets {m.book['fleet_moves']} sea spaces, never through "
        "enemy-held spaces",
        "move",
    )


def move(s: ClassicalState, action: Move) -> list[Event]:
    """Move one unit; entering enemy-held ground starts a battle in the battle phase."""
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
    ground = "land" if m.territories[b].land else "sea"
    threat = f" into enemy-held {ground}" if held[b] else ""
    return [
        s.event(
            s.player,
            "move",
            f"{s.player_name(p)} move {with_article(action.kind)} from "
            f"{m.territories[a].name} to {m.territories[b].name}"
            f"{threat}.",
            kind=action.kind,
            source=action.from_,
            target=action.to,
        )
    ]


# --- recruit: new armies and fleets ---------------------------------------------------


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
                if not m.territories[n].land and not enemy[n] and n not in s.game.closed
            }
        )
        out.extend(Recruit("fleet", m.territories[t].id) for t in seas)
    return out


def _refuse_recruit(s: ClassicalState, action: Recruit) -> Refusal:
    m = s.game.material
    p = s.player
    if s.recruited >= s.recruit_limit(p):
        return (
            f"the recruit limit this turn is {s.recruit_limit(p)} "
            f"({m.book['recruit_limit_base']} + Government + cities)",
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


def recruit(s: ClassicalState, action: Recruit) -> list[Event]:
    """Pay for a new army in a city or a new fleet in the sea next to one."""
    return payment.start(
        s, Purpose.UNIT, s.unit_cost(action.kind), territory=action.territory, kind=action.kind
    )


# --- research: extra rolls ------------------------------------------------------------


def _can_buy_roll(s: ClassicalState) -> bool:
    return can_pay(s.pool, (), s.paid_rolls + 1)


def _refuse_roll(s: ClassicalState, action: BuyResearchRoll) -> Refusal:
    return (
        f"the next extra research roll costs {count(s.paid_rolls + 1, 'resource')} of any kind; "
        f"{s.player_name(s.current_player)} cannot pay that many",
        "research: extra rolls",
    )


def buy_research_roll(s: ClassicalState, action: BuyResearchRoll) -> list[Event]:
    """Pay for one more research roll: the k-th extra roll of a turn costs k resources."""
    price = s.paid_rolls + 1
    return payment.start(s, Purpose.RESEARCH, (), price, price=price)


# --- the entry points -----------------------------------------------------------------


def legal_actions(s: ClassicalState) -> list[Action]:
    """The choices of the player to act, in a stable order."""
    terrs = s.game.material.territories
    if s.phase_idx == SETUP_CITIES:
        return [PlaceCity(terrs[t].id) for t in city_sites(s)]
    if s.paying is not None:
        return _payments(s)
    phase = s.phase_idx
    if phase == UPKEEP and s.shortfall > 0:
        return _starvings(s)
    out: list[Action] = []
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


#: the phase each choice belongs to, and the refusal written beside its legality
REFUSALS: dict[type[Action], tuple[str, Callable[[ClassicalState, Any], Refusal]]] = {
    Starve: ("upkeep", _refuse_starve),
    BuildMonument: ("build", _refuse_monument),
    UpgradeVillage: ("upgrade", _refuse_upgrade),
    Settle: ("settle", _refuse_settle),
    Move: ("move", _refuse_move),
    Recruit: ("recruit", _refuse_recruit),
    BuyResearchRoll: ("research", _refuse_roll),
}


def only_move_reason(s: ClassicalState) -> str:
    """Why the build phase offers no monument to build (the Religion limit, the
    price), said when its only move is to pass; empty in every other phase."""
    if s.phase != "build":
        return ""
    cities = s.cities_of(s.player)
    if not cities:
        return "no monument can be built: monuments go only in a city"
    refusal = why_illegal(s, BuildMonument(s.game.material.territories[cities[0]].id))
    return f"no monument can be built: {refusal[0]}" if refusal else ""


def why_illegal(s: ClassicalState, action: Action) -> Refusal:
    """Why ``action`` is refused now: the message and the name of the rule."""
    m = s.game.material
    who = s.player_name(s.current_player)
    target = getattr(action, "to", getattr(action, "territory", None))
    if (
        s.game.closed
        and isinstance(action, Settle | Move | Recruit)
        and m.index.get(str(target)) in s.game.closed
    ):
        return (
            f"{_name(str(target))} lies outside the lands this game is played in",
            "class game: lands",
        )
    if s.is_chance():
        return (
            f"{action} is not the outcome of the pending roll; a die must be rolled now "
            "(use chance_outcomes())",
            "chance steps",
        )
    if s.phase_idx == SETUP_CITIES:
        return _refuse_city(s, action)
    phase = PHASES[s.phase_idx]
    if s.paying is not None and not (
        s.paying.purpose is Purpose.UPKEEP and isinstance(action, EndPhase | Starve)
    ):
        return _refuse_while_paying(s, action)
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
    if isinstance(action, EndPhase):
        if action.phase != phase:
            return (f"it is the {phase} phase, not the {action.phase} phase", "turn sequence")
        return (
            f"{who} must first choose {unfed_text(s.shortfall)} to leave unfed",
            "upkeep: unfed units",
        )
    entry = REFUSALS.get(type(action))
    if entry is None:
        return (f"{action} is not a move of this game", "actions")
    needed_phase, refuse = entry
    if needed_phase != phase:
        return (
            f"{action} belongs to the {needed_phase} phase; it is now the {phase} phase "
            f"of {the(who)}",
            "turn sequence",
        )
    territory = getattr(action, "territory", getattr(action, "from_", None))
    if territory is not None and territory not in m.index:
        return (f"there is no territory {territory!r} on the map", "the map")
    known = KINDS.get(type(action))
    kind = getattr(action, "kind", None)
    if known is not None and kind not in known[0]:
        return (known[1].format(kind=repr(kind)), known[2])
    return refuse(s, action)


#: the kinds of unit an action may name, the refusal of any other name and its rule
KINDS: dict[type[Action], tuple[tuple[str, ...], str, str]] = {
    Move: (
        ("army", "fleet"),
        "there is no unit called {kind} in this game: the units are armies and fleets",
        "move",
    ),
    Recruit: (
        ("army", "fleet"),
        "there is no unit called {kind} in this game: the units recruited are armies and fleets",
        "recruit",
    ),
    Starve: (
        ("army", "fleet", "city"),
        "there is nothing called {kind} to leave unfed: an army, a fleet or a city is left unfed",
        "upkeep: unfed units",
    ),
}
