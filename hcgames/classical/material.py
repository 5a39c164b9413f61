"""Loading and checking the Classical Conquests data files.

Everything the rules need that is not code lives in ``data/classical/``: the map
(``map.geojson`` and ``territories.json``), the dice tables (``tables.json``), the
twelve peoples (``civilizations.json``) and every number of the rules
(``rules.json``). :func:`load_material` reads them once, checks them all and raises a
single :class:`~hcgames.core.DataError` that lists every problem it found.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any

from hcgames.data import Problems, read_json, ring_is_clockwise
from hcgames.maps import check_adjacency

__all__ = [
    "PHASES",
    "TRAITS",
    "Civilization",
    "Material",
    "TableRow",
    "Territory",
    "load_material",
]

#: The ten phases of a turn, in the rulebook's order.
PHASES: tuple[str, ...] = (
    "produce",
    "upkeep",
    "build",
    "upgrade",
    "settle",
    "move",
    "battle",
    "recruit",
    "research",
    "score",
)

#: The twelve traits of the research chart, in the order of the research table.
TRAITS: tuple[str, ...] = (
    "nautical",
    "military",
    "arts",
    "engineering",
    "agriculture",
    "industry",
    "metallurgy",
    "shipbuilding",
    "economics",
    "government",
    "science",
    "religion",
)

CATEGORIES: tuple[str, ...] = ("food", "luxury", "wood", "iron", "stone", "gold")


@dataclass(frozen=True)
class Territory:
    index: int
    id: str
    name: str
    land: bool
    coastal: bool
    today: str
    label: tuple[float, float]
    neighbours: tuple[int, ...]


@dataclass(frozen=True)
class TableRow:
    low: int
    high: int
    resource: str
    name: str
    category: str | None


@dataclass(frozen=True)
class Civilization:
    id: str
    name: str
    traits: tuple[tuple[str, int], ...]
    home: str
    capital: str
    start: int
    end: int
    color: str
    built: tuple[str, ...]
    summary: str
    facts: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Material:
    """All fixed material of the game, shared by every state."""

    territories: tuple[Territory, ...]
    index: dict[str, int]
    straits: tuple[tuple[str, str, str], ...]
    sea_table: tuple[TableRow, ...]
    land_table: tuple[TableRow, ...]
    sea_die: int
    land_die: int
    research_die: int
    research_table: tuple[str, ...]  # trait by face - 1
    trait_names: dict[str, str]
    trait_effects: dict[str, str]
    trait_produces: dict[str, str]  # trait -> resource category it adds to
    category_names: dict[str, str]
    category_symbols: dict[str, str]  # category -> the mark drawn on the map
    civilizations: tuple[Civilization, ...]
    book: dict[str, Any]
    ours: dict[str, Any]
    geojson: dict[str, Any]
    distances: tuple[tuple[int, ...], ...]  # all-pairs graph distance
    civ_by_id: dict[str, Civilization]
    is_land: tuple[bool, ...]
    land_neighbours: tuple[tuple[int, ...], ...]
    sea_neighbours: tuple[tuple[int, ...], ...]

    def civ(self, name: str) -> Civilization:
        for civ in self.civilizations:
            if name in (civ.id, civ.name):
                return civ
        known = ", ".join(c.name for c in self.civilizations)
        raise KeyError(f"no civilization called {name!r}; choose from {known}")

    def table_row(self, land: bool, face: int) -> TableRow:
        for row in self.land_table if land else self.sea_table:
            if row.low <= face <= row.high:
                return row
        raise ValueError(f"no {'land' if land else 'sea'} table row for a roll of {face}")


def _num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _point_in_ring(x: float, y: float, ring: list[list[float]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _check_map(
    p: Problems, doc: Any, geo: Any
) -> tuple[list[dict[str, Any]], list[tuple[str, str, str]]]:
    if not isinstance(doc, dict) or not isinstance(doc.get("territories"), list):
        p.add("territories.json: needs a list 'territories'")
        return [], []
    items: list[dict[str, Any]] = []
    ids: set[str] = set()
    for n, item in enumerate(doc["territories"]):
        where = f"territories.json territory #{n}"
        if not isinstance(item, dict):
            p.add(f"{where}: not an object")
            continue
        tid = item.get("id")
        if not isinstance(tid, str) or not tid:
            p.add(f"{where}: missing 'id'")
            continue
        if tid in ids:
            p.add(f"{where}: id {tid!r} is used twice")
        ids.add(tid)
        for key in ("name", "today"):
            if not isinstance(item.get(key), str) or not item.get(key):
                p.add(f"territory {tid}: '{key}' must be a non-empty string")
        if item.get("kind") not in ("land", "sea"):
            p.add(f"territory {tid}: kind must be 'land' or 'sea', not {item.get('kind')!r}")
        label = item.get("label")
        if not (isinstance(label, list) and len(label) == 2 and all(_num(v) for v in label)):
            p.add(f"territory {tid}: 'label' must be [lon, lat]")
        if not isinstance(item.get("neighbours"), list):
            p.add(f"territory {tid}: 'neighbours' must be a list")
        if not isinstance(item.get("coastal"), bool):
            p.add(f"territory {tid}: 'coastal' must be true or false")
        items.append(item)
    by_id = {t["id"]: t for t in items}
    adjacency = {
        t["id"]: t["neighbours"] if isinstance(t.get("neighbours"), list) else [] for t in items
    }
    check_adjacency(adjacency, p)  # one-way links, self-links, unknown names, connected
    for t in items:
        if t.get("kind") == "land" and isinstance(t.get("neighbours"), list):
            coastal = any(by_id.get(o, {}).get("kind") == "sea" for o in t["neighbours"])
            if coastal != t.get("coastal"):
                p.add(
                    f"territory {t['id']}: 'coastal' is {t.get('coastal')} but it "
                    f"{'does' if coastal else 'does not'} touch a sea territory"
                )
        if t.get("kind") == "sea" and t.get("coastal") is not False:
            p.add(f"territory {t['id']}: a sea territory cannot be coastal land")
    total = len(items)
    land = sum(1 for t in items if t.get("kind") == "land")
    if not 40 <= total <= 60:
        p.add(f"the map has {total} territories; it needs 40 to 60")
    if total and not 0.55 <= land / total <= 0.75:
        p.add(f"{land} of {total} territories are land; about two thirds should be")
    straits: list[tuple[str, str, str]] = []
    for s in doc.get("straits", []):
        pair = s.get("between") if isinstance(s, dict) else None
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(s.get("name"), str)):
            p.add(f"territories.json: bad strait {s!r}")
            continue
        a, b = pair
        if a not in by_id or b not in by_id or b not in (by_id[a].get("neighbours") or []):
            p.add(f"strait {s.get('name')}: {a} and {b} must be neighbouring territories")
        straits.append((a, b, s["name"]))
    _check_geojson(p, geo, by_id)
    return items, straits


def _check_geojson(p: Problems, geo: Any, by_id: dict[str, dict[str, Any]]) -> None:
    if not isinstance(geo, dict) or geo.get("type") != "FeatureCollection":
        p.add("map.geojson: must be a GeoJSON FeatureCollection")
        return
    seen: set[str] = set()
    for f in geo.get("features", []):
        fid = f.get("id") if isinstance(f, dict) else None
        if fid not in by_id:
            p.add(f"map.geojson: feature {fid!r} is not a territory")
            continue
        seen.add(fid)
        props = f.get("properties") or {}
        if props.get("kind") != by_id[fid].get("kind"):
            p.add(
                f"map.geojson: {fid} has kind {props.get('kind')!r}, territories.json says "
                f"{by_id[fid].get('kind')!r}"
            )
        geom = f.get("geometry") or {}
        if geom.get("type") == "Polygon":
            polygons = [geom.get("coordinates")]
        elif geom.get("type") == "MultiPolygon":
            polygons = list(geom.get("coordinates") or [])
        else:
            p.add(f"map.geojson: {fid} must be a Polygon or MultiPolygon")
            continue
        inside = False
        label = by_id[fid].get("label") or [0.0, 0.0]
        for poly in polygons:
            if not isinstance(poly, list) or not poly:
                p.add(f"map.geojson: {fid} has an empty polygon")
                continue
            for n, ring in enumerate(poly):
                if len(ring) < 4 or ring[0] != ring[-1]:
                    p.add(f"map.geojson: {fid} ring {n} is not a closed ring of 4+ points")
                    continue
                for lon, lat in ring:
                    if not (-20 <= lon <= 70 and 15 <= lat <= 55):
                        p.add(f"map.geojson: {fid} has a point ({lon}, {lat}) off the map")
                        break
                if n == 0 and not ring_is_clockwise(ring[:-1]):
                    p.add(f"map.geojson: the outer ring of {fid} must run clockwise")
                if n > 0 and ring_is_clockwise(ring[:-1]):
                    p.add(f"map.geojson: hole {n} of {fid} must run counter-clockwise")
            if _point_in_ring(label[0], label[1], poly[0][:-1]) and not any(
                _point_in_ring(label[0], label[1], h[:-1]) for h in poly[1:]
            ):
                inside = True
        if not inside:
            p.add(f"map.geojson: the label point of {fid} is not inside its shape")
    for missing in sorted(set(by_id) - seen):
        p.add(f"map.geojson: no shape for territory {missing}")


def _check_table(p: Problems, name: str, table: Any, die: int) -> list[TableRow]:
    rows: list[TableRow] = []
    if not isinstance(table, dict) or table.get("die") != die:
        p.add(f"tables.json: {name} must be rolled on a d{die}")
        return rows
    covered: list[int] = []
    for r in table.get("rows", []):
        try:
            row = TableRow(
                int(r["low"]), int(r["high"]), str(r["resource"]), str(r["name"]), r["category"]
            )
        except (KeyError, TypeError, ValueError):
            p.add(f"tables.json: {name} row {r!r} needs low, high, resource, name, category")
            continue
        if row.category is not None and row.category not in CATEGORIES:
            p.add(f"tables.json: {name} row {row.resource}: unknown category {row.category!r}")
        covered.extend(range(row.low, row.high + 1))
        rows.append(row)
    if sorted(covered) != list(range(1, die + 1)):
        p.add(f"tables.json: {name} must cover each face 1-{die} exactly once, covers {covered}")
    return rows


def _check_tables(p: Problems, doc: Any, book: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not isinstance(doc, dict):
        p.add("tables.json: must be an object")
        return out
    cats = {c.get("id"): c for c in doc.get("categories", []) if isinstance(c, dict)}
    if set(cats) != set(CATEGORIES):
        p.add(f"tables.json: categories must be {list(CATEGORIES)}, found {sorted(map(str, cats))}")
    if [c for c, v in cats.items() if v.get("wild")] != ["gold"]:
        p.add("tables.json: exactly the 'gold' category must be wild")
    out["category_names"] = {c: str(v.get("name", c)) for c, v in cats.items()}
    symbols = {c: str(v.get("symbol") or "") for c, v in cats.items()}
    if any(not m or len(m) > 2 for m in symbols.values()) or len(set(symbols.values())) != len(
        symbols
    ):
        p.add("tables.json: each resource category needs its own short map symbol ('symbol')")
    out["category_symbols"] = symbols
    dice = {k: v if isinstance(v, int) else 0 for k, v in book.items()}  # checked in rules
    sea_die, land_die = dice.get("sea_die", 0), dice.get("land_die", 0)
    research_die = dice.get("research_die", 0)
    out["sea_table"] = _check_table(p, "sea_table", doc.get("sea_table"), sea_die)
    out["land_table"] = _check_table(p, "land_table", doc.get("land_table"), land_die)
    research = doc.get("research_table") or {}
    faces = {r.get("roll"): r.get("trait") for r in research.get("rows", [])}
    if research.get("die") != research_die or sorted(faces) != list(range(1, research_die + 1)):
        p.add(f"tables.json: research_table must give a trait for each face of a d{research_die}")
    if sorted(map(str, faces.values())) != sorted(TRAITS):
        p.add("tables.json: research_table must name each of the twelve traits once")
    out["research_table"] = tuple(str(faces.get(f)) for f in range(1, research_die + 1))
    traits = {t.get("id"): t for t in doc.get("traits", []) if isinstance(t, dict)}
    if set(traits) != set(TRAITS):
        p.add(f"tables.json: traits must be exactly {list(TRAITS)}")
    out["trait_names"] = {t: str(v.get("name", t)) for t, v in traits.items()}
    out["trait_effects"] = {t: str(v.get("effect", "")) for t, v in traits.items()}
    produces = {t: v.get("produces") for t, v in traits.items() if v.get("produces")}
    for t, cat in produces.items():
        if cat not in CATEGORIES:
            p.add(f"tables.json: trait {t} produces unknown category {cat!r}")
    if sorted(map(str, produces.values())) != sorted(CATEGORIES):
        p.add("tables.json: each resource category needs exactly one trait that adds to it")
    out["trait_produces"] = produces
    return out


def _check_civs(p: Problems, doc: Any, land_ids: set[str]) -> list[Civilization]:
    civs: list[Civilization] = []
    items = doc.get("civilizations") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        p.add("civilizations.json: needs a list 'civilizations'")
        return civs
    for n, c in enumerate(items):
        where = f"civilizations.json #{n} ({c.get('name', '?') if isinstance(c, dict) else '?'})"
        try:
            traits = c["traits"]
            civ = Civilization(
                id=str(c["id"]),
                name=str(c["name"]),
                traits=tuple((str(k), int(v)) for k, v in traits.items()),
                home=str(c["home"]),
                capital=str(c["capital"]),
                start=int(c["start"]),
                end=int(c["end"]),
                color=str(c["color"]),
                built=tuple(str(b) for b in c["built"]),
                summary=str(c["summary"]),
                facts=tuple(sorted((str(k), v) for k, v in c["facts"].items())),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            p.add(f"{where}: missing or malformed field ({exc})")
            continue
        for trait, level in civ.traits:
            if trait not in TRAITS:
                p.add(f"{where}: unknown trait {trait!r}")
            if level < 1:
                p.add(f"{where}: starting level of {trait} must be at least 1")
        if len(civ.traits) != 2:
            p.add(f"{where}: every people starts with exactly two traits")
        if civ.home not in land_ids:
            p.add(f"{where}: home {civ.home!r} is not a land territory of the map")
        if civ.start >= civ.end:
            p.add(f"{where}: start year {civ.start} must come before end year {civ.end}")
        if not civ.built or len(civ.summary) < 40:
            p.add(f"{where}: needs a list of what they built and a summary of a few sentences")
        civs.append(civ)
    if len(civs) != 12:
        p.add(f"civilizations.json: the rulebook has twelve peoples, found {len(civs)}")
    if len({c.name for c in civs}) != len(civs) or len({c.id for c in civs}) != len(civs):
        p.add("civilizations.json: names and ids must be unique")
    return civs


_BOOK_KEYS = (
    "victory_points",
    "city_spacing",
    "city_gold",
    "monument_extra_any_per_monument",
    "monument_limit_base",
    "free_villages_per_turn",
    "army_moves",
    "fleet_moves",
    "battle_die",
    "recruit_limit_base",
    "free_research_rolls",
    "research_die",
    "vp_per_monument",
    "land_die",
    "sea_die",
)


def _check_rules(p: Problems, doc: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    book = doc.get("book") if isinstance(doc, dict) else None
    ours = doc.get("ours") if isinstance(doc, dict) else None
    if not isinstance(book, dict) or not isinstance(ours, dict):
        p.add("rules.json: needs objects 'book' and 'ours'")
        return {}, {}
    for key in _BOOK_KEYS:
        if not isinstance(book.get(key), int) or book[key] < 1:
            p.add(f"rules.json: book.{key} must be a positive whole number")
    for key in ("monument_cost", "upgrade_cost", "army_cost", "fleet_cost", "upkeep_food"):
        cost = book.get(key)
        if not isinstance(cost, dict) or not all(isinstance(v, int) for v in cost.values()):
            p.add(f"rules.json: book.{key} must map names to whole numbers")
        elif key != "upkeep_food" and not set(cost) <= set(CATEGORIES):
            p.add(f"rules.json: book.{key} names an unknown resource")
    extra = book.get("extra_village_cost")
    if not (
        isinstance(extra, list)
        and all(isinstance(alt, list) and alt and set(alt) <= set(CATEGORIES) for alt in extra)
    ):
        p.add("rules.json: book.extra_village_cost must be a list of lists of resources")
    if book.get("research_die") != len(TRAITS):
        p.add(f"rules.json: book.research_die must have one face per trait ({len(TRAITS)})")
    players = ours.get("players_range")
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in players)
        and 2 <= players[0] <= players[1] <= len(range(12))
    ):
        p.add("rules.json: ours.players_range must be [lowest, highest], from 2 to 12 players")
    supply = ours.get("unit_supply")
    if not isinstance(supply, dict) or set(supply) != {"army", "fleet"}:
        p.add("rules.json: ours.unit_supply needs army and fleet")
    strength = ours.get("settlement_strength")
    if not isinstance(strength, dict) or set(strength) != {"village", "city"}:
        p.add("rules.json: ours.settlement_strength needs village and city")
    low_high = ours.get("max_turns_range")
    default = ours.get("default_max_turns")
    if not (
        isinstance(low_high, list)
        and len(low_high) == 2
        and isinstance(default, int)
        and low_high[0] <= default <= low_high[1]
    ):
        p.add("rules.json: ours.default_max_turns must lie in ours.max_turns_range")
    return book, ours


def _distances(territories: list[Territory]) -> tuple[tuple[int, ...], ...]:
    far = len(territories) + 1
    rows = []
    for t in territories:
        dist = [far] * len(territories)
        dist[t.index] = 0
        todo = deque([t.index])
        while todo:
            here = todo.popleft()
            for n in territories[here].neighbours:
                if dist[n] == far:
                    dist[n] = dist[here] + 1
                    todo.append(n)
        rows.append(tuple(dist))
    return tuple(rows)


@cache
def load_material() -> Material:
    """Read and check every data file; raise one DataError listing all problems."""
    p = Problems("data/classical")
    geo = read_json("classical", "map.geojson")
    items, straits = _check_map(p, read_json("classical", "territories.json"), geo)
    book, ours = _check_rules(p, read_json("classical", "rules.json"))
    tables = _check_tables(p, read_json("classical", "tables.json"), book)
    land_ids = {t["id"] for t in items if t.get("kind") == "land"}
    civs = _check_civs(p, read_json("classical", "civilizations.json"), land_ids)
    p.raise_if_any()
    index = {t["id"]: n for n, t in enumerate(items)}
    territories = [
        Territory(
            index=n,
            id=t["id"],
            name=t["name"],
            land=t["kind"] == "land",
            coastal=bool(t["coastal"]),
            today=t["today"],
            label=(float(t["label"][0]), float(t["label"][1])),
            neighbours=tuple(sorted(index[o] for o in t["neighbours"])),
        )
        for n, t in enumerate(items)
    ]
    return Material(
        territories=tuple(territories),
        index=index,
        straits=tuple(straits),
        sea_table=tuple(tables["sea_table"]),
        land_table=tuple(tables["land_table"]),
        sea_die=int(book["sea_die"]),
        land_die=int(book["land_die"]),
        research_die=int(book["research_die"]),
        research_table=tables["research_table"],
        trait_names=tables["trait_names"],
        trait_effects=tables["trait_effects"],
        trait_produces=tables["trait_produces"],
        category_names=tables["category_names"],
        category_symbols=tables["category_symbols"],
        civilizations=tuple(civs),
        book=book,
        ours=ours,
        geojson=geo,
        distances=_distances(territories),
        civ_by_id={c.id: c for c in civs},
        is_land=tuple(t.land for t in territories),
        land_neighbours=tuple(
            tuple(n for n in t.neighbours if territories[n].land) for t in territories
        ),
        sea_neighbours=tuple(
            tuple(n for n in t.neighbours if not territories[n].land) for t in territories
        ),
    )
