"""The ten phases of a Classical Conquests turn: what may be done, and what it does.

``legal_actions(state)`` lists the choices in a stable order and ``apply(state,
action)`` carries one out (the core has already checked that it is legal). The battle
phase's dice are applied in :mod:`.combat`; refusals are explained in :mod:`.explain`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical.actions import (
    BattleDie,
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    PlaceCity,
    Recruit,
    ResearchDie,
    ResourceRoll,
    Settle,
    Starve,
    UpgradeVillage,
)
from hcgames.classical.combat import battle_die, contested, knock_out, next_fight
from hcgames.classical.economy import can_pay, pay
from hcgames.classical.material import PHASES, TRAITS
from hcgames.core import Action, Event

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["apply", "city_sites", "legal_actions"]

SETUP_ROLLS = -2
SETUP_CITIES = -1
PRODUCE, UPKEEP, BUILD, UPGRADE, SETTLE, MOVE, BATTLE, RECRUIT, RESEARCH, SCORE = range(10)


def _spent_text(spent: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" for c, n in spent.items() if n) or "nothing"


# --- set-up ------------------------------------------------------------------------


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


# --- legal actions -------------------------------------------------------------------


def legal_actions(s: ClassicalState) -> list[Action]:
    terrs = s.game.material.territories
    if s.phase_idx == SETUP_CITIES:
        return [PlaceCity(terrs[t].id) for t in city_sites(s)]
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
    caps = s.game.material.ours["per_turn_caps"]
    if s.built >= caps["build"] or s.monuments_of(p) >= s.monument_limit(p):
        return []
    return [t for t in s.cities_of(p) if can_pay(s.pool, *s.monument_cost(t))]


def _upgrade_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if s.upgraded >= s.game.material.ours["per_turn_caps"]["upgrade"]:
        return []
    if not can_pay(s.pool, s.upgrade_cost()):
        return []
    return [t for t, o in enumerate(s.owner) if o == p and s.level[t] == 1]


def _settle_sites(s: ClassicalState) -> list[int]:
    p = s.player
    if s.settled >= s.game.material.ours["per_turn_caps"]["settle"]:
        return []
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
    cap = s.game.material.ours["per_turn_caps"]["paid_research_rolls"]
    return s.paid_rolls < cap and can_pay(s.pool, (), s.paid_rolls + 1)


# --- applying --------------------------------------------------------------------------


def apply(s: ClassicalState, action: Action) -> list[Event]:
    m = s.game.material
    if isinstance(action, ResourceRoll):
        return _resource_roll(s, action)
    if isinstance(action, PlaceCity):
        return _place_city(s, m.index[action.territory])
    if isinstance(action, BattleDie):
        return battle_die(s, action)
    if isinstance(action, ResearchDie):
        return _research_die(s, action.face)
    if isinstance(action, EndPhase):
        return _end_phase(s)
    p = s.player
    name = s.player_name(p)
    if isinstance(action, Starve):
        return _starve(s, action.kind, m.index[action.territory])
    if isinstance(action, BuildMonument):
        t = m.index[action.territory]
        spent = pay(s.pool, *s.monument_cost(t))
        s.monuments[t] += 1
        s.built += 1
        return [
            s.event(
                "build",
                f"{name} build a monument in {m.territories[t].name} "
                f"(now {s.monuments[t]} there), paying {_spent_text(spent)}.",
                territory=action.territory,
                spent=spent,
            )
        ]
    if isinstance(action, UpgradeVillage):
        t = m.index[action.territory]
        spent = pay(s.pool, s.upgrade_cost())
        s.level[t] = 2
        s.upgraded += 1
        return [
            s.event(
                "upgrade",
                f"{name} turn their village in {m.territories[t].name} "
                f"into a city, paying {_spent_text(spent)}.",
                territory=action.territory,
                spent=spent,
            )
        ]
    if isinstance(action, Settle):
        t = m.index[action.territory]
        free = not s.village_cost()
        spent = pay(s.pool, s.village_cost())
        s.owner[t] = p
        s.level[t] = 1
        s.settled += 1
        how = "the free village of the turn" if free else f"paying {_spent_text(spent)}"
        return [
            s.event(
                "settle",
                f"{name} settle a village in {m.territories[t].name} ({how}).",
                territory=action.territory,
                spent=spent,
            )
        ]
    if isinstance(action, Move):
        return _move(s, action)
    if isinstance(action, Recruit):
        t = m.index[action.territory]
        spent = pay(s.pool, s.unit_cost(action.kind))
        units = s.armies if action.kind == "army" else s.fleets
        units[p][t] += 1
        s.recruited += 1
        return [
            s.event(
                "recruit",
                f"{name} recruit {'an' if action.kind == 'army' else 'a'} "
                f"{action.kind} in {m.territories[t].name}, paying "
                f"{_spent_text(spent)} ({s.recruited} of "
                f"{s.recruit_limit(p)} allowed this turn).",
                territory=action.territory,
                kind=action.kind,
            )
        ]
    if isinstance(action, BuyResearchRoll):
        price = s.paid_rolls + 1
        spent = pay(s.pool, (), price)
        s.paid_rolls += 1
        s.rolls_pending += 1
        return [
            s.event(
                "research",
                f"{name} pay {price} resource{'s' if price > 1 else ''} "
                f"({_spent_text(spent)}) for an extra research roll.",
                price=price,
            )
        ]
    raise AssertionError(f"unhandled action {action!r}")


def _resource_roll(s: ClassicalState, action: ResourceRoll) -> list[Event]:
    m = s.game.material
    t = m.index[action.territory]
    terr = m.territories[t]
    row = m.table_row(terr.land, action.face)
    s.resource[t] = row.resource
    s.category[t] = row.category
    yields = f"yields {row.category}" if row.category else "yields nothing"
    events = [
        s.event(
            "resource",
            f"{terr.name} rolls {action.face} on the "
            f"{'land d8' if terr.land else 'sea d6'} table: {row.name} ({yields}).",
            player=None,
            territory=terr.id,
            resource=row.resource,
        )
    ]
    s.setup_next += 1
    if s.setup_next == len(m.territories):
        s.phase_idx = SETUP_CITIES
        s.setup_next = 0
    return events


def _place_city(s: ClassicalState, t: int) -> list[Event]:
    m = s.game.material
    p = s.setup_next
    s.owner[t] = p
    s.level[t] = 2
    events = [
        s.event(
            "city",
            f"{s.player_name(p)} found their first city in {m.territories[t].name}.",
            player=p,
            territory=m.territories[t].id,
        )
    ]
    s.setup_next += 1
    if s.setup_next == len(s.civs):
        s.round_no = 1
        s.player = 0
        events += _start_turn(s)
    return events


def _start_turn(s: ClassicalState) -> list[Event]:
    s._reset_turn_counters()
    s.pool = dict.fromkeys(s.pool, 0)
    return _enter(s, PRODUCE)


def _enter(s: ClassicalState, phase: int) -> list[Event]:
    s.phase_idx = phase
    if phase == PRODUCE:
        return _produce(s)
    if phase == UPKEEP:
        return _upkeep(s)
    if phase == MOVE:
        s.move_cache = {}
    if phase == BATTLE:
        s.move_cache = {}
        s.battles = contested(s)
        return next_fight(s)
    if phase == RESEARCH:
        s.rolls_pending = s.free_rolls(s.player)
        return [
            s.event(
                "research",
                f"{s.player_name(s.player)} have {s.rolls_pending} free "
                "research roll(s) this turn.",
                rolls=s.rolls_pending,
            )
        ]
    if phase == SCORE:
        return _score(s)
    return []


def _end_phase(s: ClassicalState) -> list[Event]:
    if s.phase_idx < SCORE:
        return _enter(s, s.phase_idx + 1)
    events: list[Event] = []
    left = {c: n for c, n in s.pool.items() if n}
    if left:
        events.append(
            s.event(
                "discard",
                f"{s.player_name(s.player)} lose their unused "
                f"resources ({_spent_text(left)}): nothing carries over.",
                lost=left,
            )
        )
    s.pool = dict.fromkeys(s.pool, 0)
    return events + _next_player(s)


def _next_player(s: ClassicalState) -> list[Event]:
    events: list[Event] = []
    players = len(s.civs)
    p = s.player
    while True:
        p = (p + 1) % players
        if p == 0:
            s.round_no += 1
            if s.round_no > s.game.max_turns:
                s.round_no = s.game.max_turns
                return events + _finish_on_points(s)
        if s.out[p]:
            continue
        if not s.has_anything(p):
            events += knock_out(s, p)
            if s.result is not None:
                return events
            continue
        break
    s.player = p
    return events + _start_turn(s)


def _finish_on_points(s: ClassicalState) -> list[Event]:
    alive = [q for q in range(len(s.civs)) if not s.out[q]]
    best = max(s.vp[q] for q in alive)
    winners = tuple(q for q in alive if s.vp[q] == best)
    names = " and ".join(s.player_name(q) for q in winners)
    s.result = (
        winners,
        f"turn limit of {s.game.max_turns} rounds reached; most victory points ({best}): {names}",
    )
    return [
        s.event(
            "end",
            f"The last round is over. {names} lead with {best} victory points.",
            player=None,
            winners=list(winners),
        )
    ]


# --- produce and upkeep -----------------------------------------------------------------


def _produce(s: ClassicalState) -> list[Event]:
    m = s.game.material
    p = s.player
    gained = dict.fromkeys(s.pool, 0)
    for t, o in enumerate(s.owner):
        if o == p and s.level[t] and s.category[t]:
            gained[s.category[t]] += 1  # type: ignore[index]
    for t, n in enumerate(s.fleets[p]):
        if n and not m.territories[t].land and s.category[t]:
            gained[s.category[t]] += 1  # type: ignore[index]
    cities = len(s.cities_of(p))
    gained["gold"] += cities * int(m.book["city_gold"])
    from_traits = []
    for trait, cat in m.trait_produces.items():
        lvl = s.level_of(p, trait)
        if lvl:
            gained[cat] += lvl
            from_traits.append(f"{m.trait_names[trait]} {lvl}")
    for c, n in gained.items():
        s.pool[c] += n
    extra = f" (traits: {', '.join(from_traits)})" if from_traits else ""
    return [
        s.event(
            "produce",
            f"{s.player_name(p)} produce {_spent_text(gained)}{extra}.",
            gained={c: n for c, n in gained.items() if n},
        )
    ]


def _upkeep_need(s: ClassicalState) -> int:
    food = s.game.material.book["upkeep_food"]
    p = s.player
    return (
        food["army"] * sum(s.armies[p])
        + food["fleet"] * sum(s.fleets[p])
        + food["city"] * len(s.cities_of(s.player))
    )


def _upkeep(s: ClassicalState) -> list[Event]:
    need = _upkeep_need(s)
    available = s.pool["food"] + s.pool["gold"]
    s.shortfall = max(0, need - available)
    if s.shortfall:
        return [
            s.event(
                "famine",
                f"{s.player_name(s.player)} need {need} food but have only "
                f"{available} (gold included): choose {s.shortfall} army, fleet or "
                "city to leave unfed.",
                need=need,
                available=available,
            )
        ]
    return _feed(s)


def _feed(s: ClassicalState) -> list[Event]:
    need = _upkeep_need(s)
    if not need:
        return []
    spent = pay(s.pool, [("food",)] * need)
    return [
        s.event(
            "upkeep",
            f"{s.player_name(s.player)} feed their armies, fleets and "
            f"cities with {_spent_text(spent)}.",
            spent=spent,
        )
    ]


def _starve(s: ClassicalState, kind: str, t: int) -> list[Event]:
    m = s.game.material
    p = s.player
    where = m.territories[t].name
    if kind == "city":
        s.level[t] = 1
        keep = f"; its {s.monuments[t]} monument(s) remain" if s.monuments[t] else ""
        text = f"Famine: the {s.player_name(p)}' city in {where} shrinks to a village{keep}."
    else:
        (s.armies if kind == "army" else s.fleets)[p][t] -= 1
        text = f"An unfed {kind} of {s.player_name(p)} in {where} is disbanded."
    events = [s.event("famine", text, territory=m.territories[t].id, kind=kind)]
    need = _upkeep_need(s)
    s.shortfall = max(0, need - s.pool["food"] - s.pool["gold"])
    if not s.shortfall:
        events += _feed(s)
    return events


# --- move and battle ----------------------------------------------------------------------


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


# --- research and score --------------------------------------------------------------------


def _research_die(s: ClassicalState, face: int) -> list[Event]:
    m = s.game.material
    p = s.player
    trait = m.research_table[face - 1]
    k = TRAITS.index(trait)
    s.points[p][k] += 1
    s.rolls_pending -= 1
    name = m.trait_names[trait]
    if s.points[p][k] == s.levels[p][k] + 1:
        s.levels[p][k] += 1
        s.points[p][k] = 0
        text = f"{s.player_name(p)} roll {face}: {name} rises to level {s.levels[p][k]}."
    else:
        need = s.levels[p][k] + 1
        text = (
            f"{s.player_name(p)} roll {face}: {name} research {s.points[p][k]} of {need} "
            f"needed for level {s.levels[p][k] + 1}."
        )
    return [
        s.event(
            "research", text, trait=trait, face=face, level=s.levels[p][k], points=s.points[p][k]
        )
    ]


def _score(s: ClassicalState) -> list[Event]:
    m = s.game.material
    p = s.player
    monuments = s.monuments_of(p) * int(m.book["vp_per_monument"])
    arts = s.level_of(p, "arts")
    s.vp[p] += monuments + arts
    events = [
        s.event(
            "score",
            f"{s.player_name(p)} score {monuments} for monuments and {arts} "
            f"for the Arts: {s.vp[p]} victory points.",
            gained=monuments + arts,
        )
    ]
    target = int(m.book["victory_points"])
    if s.vp[p] >= target:
        s.result = ((p,), f"{s.player_name(p)} reached {target} victory points")
        events.append(s.event("end", s.result[1] + " and win.", winners=[p]))
    return events
