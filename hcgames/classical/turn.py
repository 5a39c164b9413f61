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

from collections.abc import Callable
from typing import TYPE_CHECKING

from hcgames.classical import payment
from hcgames.classical.actions import EndPhase, PlaceCity, ResearchDie, ResourceRoll, Starve
from hcgames.classical.fighting import contested, next_fight
from hcgames.classical.material import PHASES, TRAITS
from hcgames.classical.payment import Purpose, spent_text
from hcgames.classical.victory import finish_on_points, knock_out, reach_victory_points
from hcgames.classical.words import count, unfed_text
from hcgames.core import Event
from hcgames.words import says, the

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "BATTLE",
    "BUILD",
    "MOVE",
    "PHASES",
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
    "feed",
    "free_research_rolls",
    "place_city",
    "produce",
    "research_die",
    "research_level_up",
    "resource_roll",
    "score",
    "start_battles",
    "start_turn",
    "starve",
    "upkeep",
    "upkeep_need",
]

SETUP_ROLLS = -2
SETUP_CITIES = -1
PRODUCE, UPKEEP, BUILD, UPGRADE, SETTLE, MOVE, BATTLE, RECRUIT, RESEARCH, SCORE = range(10)


# --- set-up and the order of the turn -------------------------------------------------


def resource_roll(s: ClassicalState, action: ResourceRoll) -> list[Event]:
    """Set-up: one territory's resource from its die (land d8, sea d6)."""
    m = s.game.material
    t = m.index[action.territory]
    terr = m.territories[t]
    row = m.table_row(terr.land, action.face)
    s.resource[t] = row.resource
    s.category[t] = row.category
    yields = f"yields {row.category}" if row.category else "yields nothing"
    events = [
        s.event(
            None,
            "resource",
            f"{terr.name} rolls {action.face} on the eight-sided die for land: {row.name} "
            f"({yields})."
            if terr.land
            else f"{terr.name} rolls {action.face} on the six-sided die for the sea: "
            f"{row.name} ({yields}).",
            territory=terr.id,
            resource=row.resource,
        )
    ]
    s.setup_next += 1
    if s.setup_next == len(m.territories):
        s.phase_idx = SETUP_CITIES
        s.setup_next = 0
    return events


def place_city(s: ClassicalState, action: PlaceCity) -> list[Event]:
    """Set-up: the next player founds their first city; the last one starts round 1."""
    m = s.game.material
    t = m.index[action.territory]
    p = s.setup_next
    s.owner[t] = p
    s.level[t] = 2
    events = [
        s.event(
            p,
            "city",
            f"{s.player_name(p)} found their first city in {m.territories[t].name}.",
            territory=m.territories[t].id,
        )
    ]
    s.setup_next += 1
    if s.setup_next == len(s.civs):
        s.round_no = 1
        s.player = 0
        events += start_turn(s)
    return events


def start_turn(s: ClassicalState) -> list[Event]:
    """A player's turn begins: counters and pool empty, then the produce phase."""
    s.reset_turn_counters()
    s.pool = dict.fromkeys(s.pool, 0)
    return _enter(s, PRODUCE)


def _enter_move(s: ClassicalState) -> list[Event]:
    s.move_cache = {}
    return []


def start_battles(s: ClassicalState) -> list[Event]:
    """Every territory where the player's units meet enemy units or settlements is
    fought over, one at a time in map order."""
    s.move_cache = {}
    s.battles = contested(s)
    return next_fight(s)


def free_research_rolls(s: ClassicalState) -> list[Event]:
    """The free research rolls: one plus one per Science level."""
    s.rolls_pending = s.free_rolls(s.player)
    return [
        s.event(
            s.player,
            "research",
            f"{s.player_name(s.player)} have "
            f"{count(s.rolls_pending, 'free research roll')} this turn.",
            rolls=s.rolls_pending,
        )
    ]


def _enter(s: ClassicalState, phase: int) -> list[Event]:
    s.phase_idx = phase
    step = ON_ENTER.get(phase)
    return step(s) if step is not None else []


def end_phase(s: ClassicalState, action: EndPhase | None = None) -> list[Event]:
    """The player ends the phase: on to the next one, or after scoring to the next
    player (unused resources are lost)."""
    if s.phase_idx < SCORE:
        fed = payment.pay_rest(s) if s.paying is not None else []
        return fed + _enter(s, s.phase_idx + 1)
    events: list[Event] = []
    left = {c: n for c, n in s.pool.items() if n}
    if left:
        events.append(
            s.event(
                s.player,
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
                return events + finish_on_points(s)
        if s.out[p]:
            continue
        if not s.has_anything(p):
            events += knock_out(s, p)
            if s.result is not None:
                return events
            continue
        break
    s.player = p
    return events + start_turn(s)


# --- produce and upkeep ---------------------------------------------------------------


def produce(s: ClassicalState) -> list[Event]:
    """Every settled territory yields its resource, a sea space with the player's fleet
    yields once (our rule), every city a gold, and the producing traits their level."""
    m = s.game.material
    p = s.player
    gained = dict.fromkeys(s.pool, 0)
    for t, o in enumerate(s.owner):
        category = s.category[t]
        if o == p and s.level[t] and category:
            gained[category] += 1
    for t, n in enumerate(s.fleets[p]):
        category = s.category[t]
        if n and not m.territories[t].land and category:
            gained[category] += 1
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
            s.player,
            "produce",
            f"{s.player_name(p)} produce {spent_text(gained)}{extra}.",
            gained={c: n for c, n in gained.items() if n},
        )
    ]


def upkeep_need(s: ClassicalState) -> int:
    food = s.game.material.book["upkeep_food"]
    p = s.player
    return (
        food["army"] * sum(s.armies[p])
        + food["fleet"] * sum(s.fleets[p])
        + food["city"] * len(s.cities_of(s.player))
    )


def upkeep(s: ClassicalState) -> list[Event]:
    """Each army, fleet and city eats one food; when food and gold are short the player
    first picks what goes unfed."""
    need = upkeep_need(s)
    available = s.pool["food"] + s.pool["gold"]
    s.shortfall = max(0, need - available)
    if s.shortfall:
        return [
            s.event(
                s.player,
                "famine",
                f"{s.player_name(s.player)} need {need} food but have only "
                f"{available} (gold included): choose {unfed_text(s.shortfall)} to leave "
                "unfed.",
                need=need,
                available=available,
            )
        ]
    return feed(s)


def feed(s: ClassicalState) -> list[Event]:
    need = upkeep_need(s)
    if not need:
        return []
    return payment.start(s, Purpose.UPKEEP, (("food",),) * need)


def starve(s: ClassicalState, action: Starve) -> list[Event]:
    """Famine: the chosen army or fleet is disbanded, a city shrinks to a village."""
    m = s.game.material
    kind, t = action.kind, m.index[action.territory]
    p = s.player
    where = m.territories[t].name
    if kind == "city":
        s.level[t] = 1
        n = s.monuments[t]
        keep = ("; its monument remains" if n == 1 else f"; its {n} monuments remain") if n else ""
        text = f"Famine: the {s.player_name(p)}' city in {where} shrinks to a village{keep}."
    else:
        (s.armies if kind == "army" else s.fleets)[p][t] -= 1
        text = f"An unfed {kind} of {the(s.player_name(p))} in {where} is disbanded."
    events = [s.event(s.player, "famine", text, territory=m.territories[t].id, kind=kind)]
    need = upkeep_need(s)
    s.shortfall = max(0, need - s.pool["food"] - s.pool["gold"])
    if not s.shortfall:
        events += feed(s)
    return events


# --- research dice and score ----------------------------------------------------------


def research_level_up(level: int, points: int) -> tuple[int, int]:
    """The research level-up: a trait at level n holding ``points`` rises to n + 1 when
    it holds n + 1 points, which are used up (the rest carry over). Returns the new
    ``(level, points)``; the research dice and the odds in :mod:`.teach` both use it."""
    while points >= level + 1:
        points -= level + 1
        level += 1
    return level, points


def research_die(s: ClassicalState, action: ResearchDie) -> list[Event]:
    """One research roll: a point to the trait the d12 shows, maybe a new level."""
    m = s.game.material
    p = s.player
    face = action.face
    trait = m.research_table[face - 1]
    k = TRAITS.index(trait)
    s.rolls_pending -= 1
    name = m.trait_names[trait]
    before = s.levels[p][k]
    s.levels[p][k], s.points[p][k] = research_level_up(before, s.points[p][k] + 1)
    if s.levels[p][k] > before:
        text = f"{s.player_name(p)} roll {face}: {name} rises to level {s.levels[p][k]}."
    else:
        need = s.levels[p][k] + 1
        text = (
            f"{s.player_name(p)} roll {face}: {name} research {s.points[p][k]} of {need} "
            f"needed for level {s.levels[p][k] + 1}."
        )
    return [
        s.event(
            s.player,
            "research",
            text,
            trait=trait,
            face=face,
            level=s.levels[p][k],
            points=s.points[p][k],
        )
    ]


def score(s: ClassicalState) -> list[Event]:
    """One victory point per monument held plus the Arts level; reaching the victory
    points ends the game (:func:`.victory.reach_victory_points`)."""
    m = s.game.material
    p = s.player
    monuments = s.monuments_of(p) * int(m.book["vp_per_monument"])
    arts = s.level_of(p, "arts")
    s.vp[p] += monuments + arts
    events = [
        s.event(
            s.player,
            "score",
            f"{says(s.player_name(p), 'scores')} {monuments} for monuments and {arts} "
            f"for the Arts: {count(s.vp[p], 'victory point')}.",
            gained=monuments + arts,
            monuments=monuments,
            arts=arts,
        )
    ]
    return events + reach_victory_points(s, p)


#: what happens by itself on entering a phase
ON_ENTER: dict[int, Callable[[ClassicalState], list[Event]]] = {
    PRODUCE: produce,
    UPKEEP: upkeep,
    MOVE: _enter_move,
    BATTLE: start_battles,
    RESEARCH: free_research_rolls,
    SCORE: score,
}
