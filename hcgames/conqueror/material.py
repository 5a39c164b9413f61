"""Loading and checking the Conqueror: Duels data files.

Everything numeric about the game lives in ``data/conqueror/``: the two campaign maps
(``maps.json`` with the GeoJSON outlines beside it), the rule numbers (``rules.json``),
factions, heroes, chronicle cards and the six scenarios (the rules we had to decide,
``decisions.json``, are read by :mod:`hcgames.conqueror.decisions`).
:func:`load_material` reads them once, checks them all and raises a single
:class:`~hcgames.core.DataError` that lists every problem found.

The checked material is turned into plain frozen records (:class:`Territory`,
:class:`Hero`, :class:`Card`, :class:`Scenario`) that the rules read by index, so
that states stay small and cheap to copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hcgames.data import Problems, read_json, ring_is_clockwise
from hcgames.maps import connected_parts
from hcgames.words import count, noun

__all__ = [
    "FORT_KINDS",
    "INDEPENDENT",
    "NOBODY",
    "Card",
    "Hero",
    "MapData",
    "Material",
    "Scenario",
    "Territory",
    "load_material",
]

#: Sides 0 and 1 are the players (0 acts first). Territory owners take two more values:
#: the independent armies, which hold land but never act, and nobody.
NOBODY = -1
INDEPENDENT = 2

FORT_KINDS = ("none", "small", "great", "capital")
EFFECT_KINDS = ("flat", "unit_strength", "one_unit", "fewer_losses", "extra_losses")
EFFECT_WHEN = ("attack", "defence", "any")
CARD_KINDS = ("gold", "lose_unit", "no_sea", "food", "income_factor", "free_unit", "truce")
UNIT_TYPES = ("cavalry", "infantry")


@dataclass(frozen=True)
class Territory:
    """One land or sea territory of a campaign map."""

    index: int
    name: str
    is_sea: bool
    fort: str  # none / small / great / capital (a faction capital marked on the map)
    coins: int
    food: int
    centre: tuple[float, float]
    neighbours: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "sea" if self.is_sea else "land"


@dataclass(frozen=True)
class MapData:
    key: str
    title: str
    territories: tuple[Territory, ...]
    index: dict[str, int]
    geojson: dict[str, Any]
    #: what the map shows, for a sentence ("the western and central Mediterranean"):
    #: a two-sided scenario on the 3-4 player board is not a game of 3 or 4 players
    region: str = ""

    def territory(self, name: str) -> Territory:
        return self.territories[self.index[name]]


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    faction: str
    cost: int
    effect_kind: str
    amount: int
    unit: str | None
    when: str
    years: str
    note: str
    source: str

    def describe_effect(self) -> str:
        side = {"attack": " when attacking", "defence": " when defending", "any": ""}[self.when]
        if self.effect_kind == "flat":
            return f"+{self.amount} to the battle total{side}"
        if self.effect_kind == "unit_strength":
            return f"every {self.unit} unit in the battle +{self.amount} strength{side}"
        if self.effect_kind == "one_unit":
            return f"one {self.unit} unit in the battle +{self.amount} strength{side}"
        if self.effect_kind == "fewer_losses":
            return f"lose {count(self.amount, 'unit')} fewer if the battle is lost{side}"
        return (
            f"the enemy loses {self.amount} more {noun('unit', self.amount)} if the battle is "
            f"won{side}"
        )


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    source: str
    kind: str
    amount: int
    where: tuple[str, ...]  # territory names, or ("capitals",)
    unit: str
    text: str


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    map_key: str
    players: tuple[str, str]
    capitals: tuple[str, str]
    max_rounds: int
    start_gold: tuple[int, int]
    start_heroes: tuple[tuple[str, ...], tuple[str, ...]]
    hero_factions: tuple[tuple[str, ...], tuple[str, ...]]
    capital_prize: int
    defence: tuple[dict[str, int], dict[str, int]]  # full table per player
    unit_strength: tuple[tuple[int, int], tuple[int, int]]  # (cavalry, infantry) per player
    faction_food: tuple[dict[str, int], dict[str, int]]
    closed: tuple[str, ...]
    two_army_attacks: bool
    abandon_to_independents: bool
    rally: dict[str, int] | None
    chronicle: dict[str, Any] | None
    victory: dict[str, Any]
    setup: dict[str, dict[str, tuple[int, int]]]  # faction or "independent" -> territory -> (c, i)


@dataclass(frozen=True)
class Material:
    rules: dict[str, Any]
    maps: dict[str, MapData]
    factions: dict[str, dict[str, str]]
    heroes: tuple[Hero, ...]
    cards: tuple[Card, ...]
    scenarios: dict[str, Scenario]


def _is_count(value: Any, low: int = 0, high: int = 100) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _load_map(key: str, raw: Any, problems: Problems) -> MapData | None:
    where = f"maps.json map {key!r}"
    if not isinstance(raw, dict) or not isinstance(raw.get("territories"), dict):
        problems.add(f"{where}: needs an object 'territories'")
        return None
    terr_raw: dict[str, Any] = raw["territories"]
    names = list(terr_raw)
    index = {name: i for i, name in enumerate(names)}
    links: dict[str, list[str]] = {name: [] for name in names}
    territories = []
    for name, t in terr_raw.items():
        here = f"{where} territory {name!r}"
        if not isinstance(t, dict):
            problems.add(f"{here}: must be an object")
            continue
        kind = t.get("kind")
        problems.check(kind in ("land", "sea"), f"{here}: kind must be land or sea, not {kind!r}")
        fort = t.get("fort")
        problems.check(fort in FORT_KINDS, f"{here}: fort must be one of {FORT_KINDS}")
        if kind == "sea":
            problems.check(fort == "none", f"{here}: a sea territory cannot hold a fort")
        for field in ("coins", "food"):
            problems.check(_is_count(t.get(field), 0, 5), f"{here}: {field} must be 0-5")
        if kind == "sea":
            problems.check(
                t.get("food") == 0 and t.get("coins") == 0,
                f"{here}: sea territories give no food or coins",
            )
        centre = t.get("centre")
        ok_centre = (
            isinstance(centre, list)
            and len(centre) == 2
            and -30 <= centre[0] <= 60
            and 15 <= centre[1] <= 65
        )
        problems.check(ok_centre, f"{here}: centre must be [lon, lat] in the Mediterranean")
        neighbours = t.get("neighbours", [])
        nb_index = []
        for other in neighbours:
            if other not in index:
                problems.add(f"{here}: unknown neighbour {other!r}")
            elif other == name:
                problems.add(f"{here}: is listed as its own neighbour")
            else:
                nb_index.append(index[other])
                links[name].append(other)
                if name not in terr_raw[other].get("neighbours", []):
                    problems.add(f"{where}: {name} lists {other} but not the other way round")
        territories.append(
            Territory(
                index=index[name],
                name=name,
                is_sea=kind == "sea",
                fort=str(fort),
                coins=int(t.get("coins", 0)),
                food=int(t.get("food", 0)),
                centre=(float(centre[0]), float(centre[1])) if centre and ok_centre else (0.0, 0.0),
                neighbours=tuple(sorted(nb_index)),
            )
        )
    parts = connected_parts(links)
    if names and len(parts) > 1:
        problems.add(f"{where}: the map is not connected: {parts}")
    geo = read_json("conqueror", str(raw.get("geojson", "")))
    _check_geojson(key, geo, terr_raw, problems)
    title = str(raw.get("title", key))
    region = str(raw.get("region", title))
    return MapData(key, title, tuple(territories), index, geo, region)


def _check_geojson(key: str, geo: Any, terr_raw: dict[str, Any], problems: Problems) -> None:
    where = f"GeoJSON of map {key!r}"
    if not isinstance(geo, dict) or geo.get("type") != "FeatureCollection":
        problems.add(f"{where}: must be a FeatureCollection")
        return
    seen = set()
    for feature in geo.get("features", []):
        fid = feature.get("id")
        seen.add(fid)
        if fid not in terr_raw:
            problems.add(f"{where}: feature {fid!r} is not a territory of the map")
            continue
        props = feature.get("properties", {})
        problems.check(props.get("name") == fid, f"{where}: feature {fid!r} name must equal its id")
        problems.check(
            props.get("kind") == terr_raw[fid].get("kind"),
            f"{where}: feature {fid!r} kind differs from maps.json",
        )
        geometry = feature.get("geometry", {})
        rings = geometry.get("coordinates", []) if geometry.get("type") == "Polygon" else []
        if not rings:
            problems.add(f"{where}: feature {fid!r} needs a Polygon")
            continue
        outer = rings[0]
        if not ring_is_clockwise(outer):
            problems.add(f"{where}: the outer ring of {fid!r} must run clockwise")
        for lon, lat in outer:
            if not (-30 <= lon <= 60 and 15 <= lat <= 65):
                problems.add(f"{where}: {fid!r} has a point ({lon}, {lat}) off the map")
                break
    for name in terr_raw:
        problems.check(name in seen, f"{where}: territory {name!r} has no outline")


def _load_heroes(raw: Any, factions: dict[str, Any], problems: Problems) -> tuple[Hero, ...]:
    heroes = []
    if not isinstance(raw, list):
        problems.add("heroes.json: must be a list")
        return ()
    for h in raw:
        here = f"heroes.json hero {h.get('id')!r}"
        effect = h.get("effect", {})
        problems.check(
            h.get("faction") in factions, f"{here}: unknown faction {h.get('faction')!r}"
        )
        problems.check(_is_count(h.get("cost"), 1, 20), f"{here}: cost must be 1-20")
        problems.check(
            effect.get("kind") in EFFECT_KINDS, f"{here}: effect kind must be one of {EFFECT_KINDS}"
        )
        problems.check(
            effect.get("when") in EFFECT_WHEN, f"{here}: 'when' must be one of {EFFECT_WHEN}"
        )
        problems.check(_is_count(effect.get("amount"), 1, 5), f"{here}: amount must be 1-5")
        if effect.get("kind") in ("unit_strength", "one_unit"):
            problems.check(effect.get("unit") in UNIT_TYPES, f"{here}: unit must be a unit type")
        heroes.append(
            Hero(
                id=str(h.get("id")),
                name=str(h.get("name")),
                faction=str(h.get("faction")),
                cost=int(h.get("cost", 0)),
                effect_kind=str(effect.get("kind")),
                amount=int(effect.get("amount", 0)),
                unit=effect.get("unit"),
                when=str(effect.get("when")),
                years=str(h.get("years", "")),
                note=str(h.get("note", "")),
                source=str(h.get("source", "ours")),
            )
        )
    ids = [h.id for h in heroes]
    problems.check(len(ids) == len(set(ids)), "heroes.json: hero ids must be unique")
    return tuple(heroes)


def _load_cards(raw: Any, problems: Problems) -> tuple[Card, ...]:
    cards = []
    for c in raw if isinstance(raw, list) else []:
        here = f"chronicle.json card {c.get('id')!r}"
        effect = c.get("effect", {})
        kind = effect.get("kind")
        problems.check(kind in CARD_KINDS, f"{here}: effect kind must be one of {CARD_KINDS}")
        where = effect.get("where", [])
        if isinstance(where, str):
            where = [where]
        if kind == "food":
            problems.check(effect.get("amount") in (-2, -1, 1, 2), f"{here}: food change is +-1/2")
        if kind == "gold":
            problems.check(_is_count(effect.get("amount"), 1, 10), f"{here}: gold must be 1-10")
        problems.check(bool(c.get("text")), f"{here}: needs a text")
        source = str(c.get("source", ""))
        if c.get("id") != "gold-discovered":
            problems.check("ours" in source, f"{here}: every effect of ours must say so")
        cards.append(
            Card(
                id=str(c.get("id")),
                name=str(c.get("name")),
                source=source,
                kind=str(kind),
                amount=int(effect.get("amount", effect.get("factor", 0))),
                where=tuple(where),
                unit=str(effect.get("unit", "any")),
                text=str(c.get("text")),
            )
        )
    problems.check(len(cards) == 10, f"chronicle.json: the deck has 10 cards, not {len(cards)}")
    return tuple(cards)


def _pair(raw: Any, players: list[str], default: Any) -> tuple[Any, Any]:
    raw = raw if isinstance(raw, dict) else {}
    return (raw.get(players[0], default), raw.get(players[1], default))


def _name_pair(pair: tuple[Any, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two lists of names (one per side) as tuples."""
    return tuple(pair[0]), tuple(pair[1])


def _load_scenario(
    key: str, s: Any, material: dict[str, Any], problems: Problems
) -> Scenario | None:
    here = f"scenarios.json {key!r}"
    maps: dict[str, MapData] = material["maps"]
    if not isinstance(s, dict) or s.get("map") not in maps:
        problems.add(f"{here}: needs a 'map' that is one of {sorted(maps)}")
        return None
    board = maps[s["map"]]
    players = s.get("players")
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(p in material["factions"] for p in players)
    ):
        problems.add(f"{here}: 'players' must name two factions")
        return None

    def known(name: Any, what: str) -> None:
        if name not in board.index:
            problems.add(f"{here}: {what} {name!r} is not a territory of map {board.key}")

    capitals = _pair(s.get("capitals"), players, None)
    for cap in capitals:
        known(cap, "capital")
    problems.check(_is_count(s.get("max_rounds"), 1, 30), f"{here}: max_rounds must be 1-30")
    for name in s.get("closed", []):
        known(name, "closed territory")
    rules = material["rules"]
    defence = []
    strength = []
    for p in players:
        table = dict(rules["defence_bonus"])
        table.update(s.get("defence", {}).get(p, {}))
        for k, v in table.items():
            problems.check(_is_count(v, 0, 10), f"{here}: defence {k} of {p} must be 0-10")
        defence.append(table)
        units = dict(rules["unit_strength"])
        units.update(s.get("unit_strength", {}).get(p, {}))
        strength.append((int(units["cavalry"]), int(units["infantry"])))
    hero_ids = {h.id for h in material["heroes"]}
    for held in _pair(s.get("start_heroes"), players, []):
        for hid in held:
            problems.check(hid in hero_ids, f"{here}: unknown starting hero {hid!r}")
    faction_food = _pair(s.get("faction_food"), players, {})
    for extra in faction_food:
        for name in extra:
            known(name, "food territory")
    setup: dict[str, dict[str, tuple[int, int]]] = {}
    for side, armies in (s.get("setup") or {}).items():
        if side not in players and side != "independent":
            problems.add(f"{here}: setup names {side!r}, which does not play")
            continue
        setup[side] = {}
        for name, units in armies.items():
            known(name, "setup territory")
            ok = (
                isinstance(units, list)
                and len(units) == 2
                and all(_is_count(u, 0, 20) for u in units)
            )
            problems.check(ok, f"{here}: setup of {name!r} must be [cavalry, infantry]")
            if name in s.get("closed", []) and side != "independent":
                problems.add(f"{here}: {name} is closed but has a starting army of {side}")
            setup[side][name] = (int(units[0]), int(units[1])) if ok else (0, 0)
    seen: dict[str, str] = {}
    for side, armies in setup.items():
        for name in armies:
            if name in seen:
                problems.add(f"{here}: {name} has armies of both {seen[name]} and {side}")
            seen[name] = side
    victory = s.get("victory", {})
    for cond in victory.get("immediate", []) + victory.get("final", []):
        problems.check(
            cond.get("player") in players, f"{here}: victory names {cond.get('player')!r}"
        )
        for name in cond.get("hold", []):
            known(name, "victory territory")
    for cond in victory.get("hold_for", []):
        problems.check(
            cond.get("player") in players, f"{here}: victory names {cond.get('player')!r}"
        )
        known(cond.get("take"), "victory territory")
        known(cond.get("keep"), "victory territory")
    fallback = victory.get("fallback")
    ok_fallback = fallback in ("forts_then_units", "points", "draw") or (
        isinstance(fallback, dict) and fallback.get("winner") in players
    )
    problems.check(ok_fallback, f"{here}: victory fallback {fallback!r} is not understood")
    chronicle = s.get("chronicle")
    if chronicle is not None:
        card_ids = {c.id for c in material["cards"]}
        for cid in chronicle.get("removed", []):
            problems.check(cid in card_ids, f"{here}: removes unknown chronicle card {cid!r}")
    scenario = Scenario(
        key=key,
        title=str(s.get("title", key)),
        map_key=board.key,
        players=(players[0], players[1]),
        capitals=(str(capitals[0]), str(capitals[1])),
        max_rounds=int(s.get("max_rounds", 1)),
        start_gold=(
            int(_pair(s.get("start_gold"), players, 0)[0]),
            int(_pair(s.get("start_gold"), players, 0)[1]),
        ),
        start_heroes=_name_pair(_pair(s.get("start_heroes"), players, [])),
        hero_factions=_name_pair(_pair(s.get("hero_factions"), players, [])),
        capital_prize=int(s.get("capital_prize", 0)),
        defence=(defence[0], defence[1]),
        unit_strength=(strength[0], strength[1]),
        faction_food=(dict(faction_food[0]), dict(faction_food[1])),
        closed=tuple(s.get("closed", [])),
        two_army_attacks=bool(s.get("two_army_attacks")),
        abandon_to_independents=bool(s.get("abandon_to_independents")),
        rally=s.get("rally"),
        chronicle=chronicle,
        victory=victory,
        setup=setup,
    )
    _check_setup_fits(scenario, board, material["rules"], problems)
    return scenario


def _check_setup_fits(
    scenario: Scenario, board: MapData, rules: dict[str, Any], problems: Problems
) -> None:
    """Every side must start within its unit limit (4 + 2 x food, in the book's example)."""
    cap = rules["unit_cap"]
    for p, faction in enumerate(scenario.players):
        armies = scenario.setup.get(faction, {})
        owned = set(armies) | {scenario.capitals[p]}
        food = sum(board.territory(t).food for t in owned if t in board.index)
        food += sum(v for t, v in scenario.faction_food[p].items() if t in owned)
        units = sum(c + i for c, i in armies.values())
        limit = cap["base"] + cap["per_food"] * food
        problems.check(
            units <= limit,
            f"scenarios.json {scenario.key!r}: {faction} starts with "
            f"{units} units but feeds only {limit}",
        )


@cache
def load_material() -> Material:
    """Read and check every Conqueror data file (once per process)."""
    problems = Problems("data/conqueror")
    rules = read_json("conqueror", "rules.json")
    factions = read_json("conqueror", "factions.json")
    maps_raw = read_json("conqueror", "maps.json")
    maps = {}
    for key, raw in maps_raw.get("maps", {}).items():
        board = _load_map(key, raw, problems)
        if board is not None:
            maps[key] = board
    table = rules.get("casualties_by_margin", [])
    problems.check(
        bool(table) and table[0].get("min_margin") == 0,
        "rules.json: the casualty table must start at margin 0",
    )
    for row in table:
        problems.check(_is_count(row.get("losses"), 0, 10), "rules.json: losses must be 0-10")
    problems.check(_is_count(rules.get("die_sides"), 2, 20), "rules.json: die_sides must be 2-20")
    independence = rules.get("independence", {})
    problems.check(
        all(
            _is_count(independence.get(where, {}).get(unit), 0, 5)
            for where in ("great", "other")
            for unit in UNIT_TYPES
        ),
        "rules.json: independence needs cavalry and infantry counts (0-5) for a great fort "
        "and for other land",
    )
    problems.check(
        _is_count(rules.get("victor_casualty_roll"), 1, rules.get("die_sides", 6)),
        "rules.json: victor_casualty_roll must be a face of the die",
    )
    heroes = _load_heroes(read_json("conqueror", "heroes.json"), factions, problems)
    cards = _load_cards(read_json("conqueror", "chronicle.json"), problems)
    material: dict[str, Any] = {
        "rules": rules,
        "maps": maps,
        "factions": factions,
        "heroes": heroes,
        "cards": cards,
    }
    scenarios = {}
    for key, raw in read_json("conqueror", "scenarios.json").items():
        scenario = _load_scenario(key, raw, material, problems)
        if scenario is not None:
            scenarios[key] = scenario
    problems.raise_if_any()
    return Material(
        rules=rules,
        maps=maps,
        factions=factions,
        heroes=heroes,
        cards=cards,
        scenarios=scenarios,
    )
