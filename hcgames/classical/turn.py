"""The order of a Classical Conquests turn, and the phases that need no decision.

Set-up ends when the last first city is founded; from then on each player in turn
goes through the ten phases in a fixed order. This module moves the position from
one phase to the next, hands the turn on (skipping or removing peoples with nothing
left) and ends the game at the turn limit. It also carries out what happens on
entering a phase by itself: production, feeding (or, when food runs short, the
famine choices), the research dice and scoring. The players' own choices are
applied in :mod:`.phases`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical import payment
from hcgames.classical.actions import ResourceRoll
from hcgames.classical.combat import contested, knock_out, next_fight
from hcgames.classical.economy import spent_text
from hcgames.classical.material import TRAITS
from hcgames.core import Event

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "BATTLE",
    "BUILD",
    "MOVE",
    "PRODUCE",
    "RECRUIT",
    "RESEARCH",
    "SCORE",
    "SETTLE",
    "SETUP_CITIES",
    "SETUP_ROLLS",
    "UPGRADE",
    "UPKEEP",
    "end_phase",
    "place_city",
    "research_die",
    "resource_roll",
    "starve",
]

SETUP_ROLLS = -2
SETUP_CITIES = -1
PRODUCE, UPKEEP, BUILD, UPGRADE, SETTLE, MOVE, BATTLE, RECRUIT, RESEARCH, SCORE = range(10)


# --- set-up and the order of the turn -------------------------------------------------


def resource_roll(s: ClassicalState, action: ResourceRoll) -> list[Event]:
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


def place_city(s: ClassicalState, t: int) -> list[Event]:
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


def end_phase(s: ClassicalState) -> list[Event]:
    if s.phase_idx < SCORE:
        fed = payment.pay_rest(s) if s.paying is not None else []
        return fed + _enter(s, s.phase_idx + 1)
    events: list[Event] = []
    left = {c: n for c, n in s.pool.items() if n}
    if left:
        events.append(
            s.event(
                "discard",
                f"{s.player_name(s.player)} lose their unused "
                f"resources ({spent_text(left)}): nothing carries over.",
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


# --- produce and upkeep ---------------------------------------------------------------


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
            f"{s.player_name(p)} produce {spent_text(gained)}{extra}.",
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
    return payment.start(s, "upkeep", (("food",),) * need)


def starve(s: ClassicalState, kind: str, t: int) -> list[Event]:
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


# --- research dice and score ----------------------------------------------------------


def research_die(s: ClassicalState, face: int) -> list[Event]:
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
