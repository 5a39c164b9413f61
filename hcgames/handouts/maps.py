"""Printable maps and boards as SVG, drawn from each game's own map data.

Made for a black-and-white printer: land is white, sea is grey with wave lines,
and everything else a legend explains is told apart by shape or hatching, never
by colour alone. Each function returns ``(title, svg, legend_html)``; the page
that holds them is built by :mod:`hcgames.handouts.pages`.

>>> title, svg, legend = conquest_board()
>>> svg.startswith("<svg") and "f1" in svg and "capitol" in legend
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from hcgames.data import read_json
from hcgames.labels import Placed, Territory, place_names, short_name, text_width

__all__ = [
    "MAPS",
    "classical_map",
    "conquest_board",
    "duels_map",
    "historical_map",
    "speros_locations",
]

Point = tuple[float, float]
WIDTH = 1000.0  # every drawing is 1000 units wide and printed at the page's width

#: greyscale fills: (pattern id, pattern body) - hatching survives any printer
PATTERNS = {
    "sea": '<rect width="12" height="12" fill="#e4e4e4"/>'
    '<path d="M0 6 q3 -3 6 0 t6 0" fill="none" stroke="#8c8c8c" stroke-width="0.8"/>',
    "dots": '<rect width="10" height="10" fill="#fff"/><circle cx="5" cy="5" r="1.6" fill="#555"/>',
    "diagonal": '<rect width="10" height="10" fill="#fff"/>'
    '<path d="M0 10 L10 0" stroke="#555" stroke-width="1.2"/>',
    "backslash": '<rect width="10" height="10" fill="#fff"/>'
    '<path d="M0 0 L10 10" stroke="#555" stroke-width="1.2"/>',
    "horizontal": '<rect width="10" height="10" fill="#fff"/>'
    '<path d="M0 5 H10" stroke="#555" stroke-width="1.2"/>',
    "vertical": '<rect width="10" height="10" fill="#fff"/>'
    '<path d="M5 0 V10" stroke="#555" stroke-width="1.2"/>',
    "cross": '<rect width="10" height="10" fill="#fff"/>'
    '<path d="M0 0 L10 10 M0 10 L10 0" stroke="#555" stroke-width="0.9"/>',
}


def _defs(names: Iterable[str]) -> str:
    body = "".join(
        f'<pattern id="p-{name}" width="{12 if name == "sea" else 10}" '
        f'height="{12 if name == "sea" else 10}" patternUnits="userSpaceOnUse">'
        f"{PATTERNS[name]}</pattern>"
        for name in names
    )
    return f"<defs>{body}</defs>"


def _svg(height: float, body: str, patterns: Iterable[str] = ("sea",)) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{_defs(patterns)}{body}</svg>'
    )


def swatch(pattern: str, shape: str = "rect") -> str:
    """A small legend sample of a fill pattern (an inline SVG)."""
    inner = (
        '<circle cx="11" cy="11" r="9"'
        if shape == "circle"
        else '<rect x="1" y="3" width="26" height="16"'
    )
    fill = "#fff" if pattern == "land" else f"url(#s-{pattern})"
    defs = (
        ""
        if pattern == "land"
        else (
            f'<defs><pattern id="s-{pattern}" width="{12 if pattern == "sea" else 10}" '
            f'height="{12 if pattern == "sea" else 10}" patternUnits="userSpaceOnUse">'
            f"{PATTERNS[pattern]}</pattern></defs>"
        )
    )
    width = 22 if shape == "circle" else 28
    return (
        f'<svg class="swatch" width="{width}" height="22" viewBox="0 0 {width} 22">{defs}'
        f'{inner} fill="{fill}" stroke="#222" stroke-width="1.2"/></svg>'
    )


def _icon(width: int) -> str:
    return f'<svg class="swatch" width="{width}" height="22">'


def _legend(rows: Sequence[tuple[str, str]]) -> str:
    items = "".join(
        f"<li><span class='key'>{mark}</span><span>{text}</span></li>" for mark, text in rows
    )
    return f"<ul class='legend'>{items}</ul>"


# --- geographic maps ----------------------------------------------------------------------


def _mercator_y(lat: float) -> float:
    phi = math.radians(max(-80.0, min(84.0, lat)))
    return math.log(math.tan(math.pi / 4 + phi / 2))


def _polygons(geometry: Mapping[str, Any]) -> list[list[list[Point]]]:
    kind = geometry.get("type")
    coords = geometry.get("coordinates") or []
    polygons = [coords] if kind == "Polygon" else list(coords) if kind == "MultiPolygon" else []
    return [[[(float(p[0]), float(p[1])) for p in ring] for ring in poly] for poly in polygons]


class _Fit:
    """A Mercator projection that fits a set of (lon, lat) points to the drawing's width."""

    def __init__(self, points: Iterable[Point], margin: float = 12.0) -> None:
        xs, ys = [], []
        for lon, lat in points:
            xs.append(math.radians(lon))
            ys.append(_mercator_y(lat))
        self.x0, self.y1 = min(xs), max(ys)
        self.scale = (WIDTH - 2 * margin) / (max(xs) - self.x0)
        self.margin = margin
        self.height = (max(ys) - min(ys)) * self.scale + 2 * margin

    def __call__(self, lon: float, lat: float) -> Point:
        return (
            self.margin + (math.radians(lon) - self.x0) * self.scale,
            self.margin + (self.y1 - _mercator_y(lat)) * self.scale,
        )

    def path(self, polygons: list[list[list[Point]]]) -> str:
        parts = []
        for poly in polygons:
            for ring in poly:
                pts = [self(lon, lat) for lon, lat in ring]
                parts.append("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in pts) + " Z")
        return " ".join(parts)


def _label(
    x: float, y: float, text: str, size: float, sea: bool = False, weight: str = "600"
) -> str:
    style = 'font-style="italic" fill="#333"' if sea else f'font-weight="{weight}" fill="#111"'
    half = len(text) * size * 0.31  # keep the whole name on the drawing
    x = min(max(x, half + 3), WIDTH - half - 3)
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" '
        f'dominant-baseline="middle" {style} stroke="#fff" stroke-width="{size / 4:.1f}" '
        f'paint-order="stroke">{escape(text)}</text>'
    )


def _leader(spot: Placed) -> str:
    """The thin line from a name set beside its place to the place."""
    if spot.leader is None:
        return ""
    x1, y1, x2, y2 = spot.leader
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#333" '
        'stroke-width="0.9"/>'
        f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="1.8" fill="#333"/>'
    )


def _short_key(shorts: Sequence[tuple[str, str]]) -> str:
    """The line under a map that spells out the short forms it prints ("Mare Tyrr.")."""
    if not shorts:
        return ""
    return (
        "<p class='shorts'><b>Short names:</b> "
        + "; ".join(f"<i>{escape(a)}</i> <span>{escape(b)}</span>" for a, b in sorted(set(shorts)))
        + "</p>"
    )


def _regions(features: Sequence[Mapping[str, Any]], fit: _Fit, fill_of: Any) -> str:
    return "".join(
        f'<path d="{fit.path(_polygons(f["geometry"]))}" fill="{fill_of(f)}" '
        f'stroke="#222" stroke-width="1" stroke-linejoin="round" fill-rule="evenodd"/>'
        for f in features
    )


FORT_MARK = {
    "capital": lambda x, y: f'<path d="{_star(x, y, 8)}" fill="#111"/>',
    "great": lambda x, y: (
        f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="#111"/>'
    ),
    "small": lambda x, y: (
        f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="#fff" '
        f'stroke="#111" stroke-width="2"/>'
    ),
}


def _star(x: float, y: float, r: float) -> str:
    pts = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + radius * math.cos(angle):.1f} {y - radius * math.sin(angle):.1f}")
    return "M" + " L".join(pts) + " Z"


def duels_map(size: str) -> tuple[str, str, str]:
    """A Conqueror: Duels campaign map ("3-4" or "5-6") with forts, food and coins."""
    maps = read_json("conqueror", "maps.json")["maps"]
    info = maps[size]
    geo = read_json("conqueror", info["geojson"])
    territories = info["territories"]
    features = geo["features"]
    fit = _Fit(p for f in features for poly in _polygons(f["geometry"]) for p in poly[0])
    body = [
        _regions(
            features, fit, lambda f: "url(#p-sea)" if f["properties"]["kind"] == "sea" else "#fff"
        )
    ]
    font = 15.0 if len(features) < 30 else 12.5
    by_name = {str(f["properties"]["name"]): f for f in features}
    places = []
    for name, ter in territories.items():
        feature = by_name[name]
        props = feature["properties"]
        lon, lat = props.get("label") or ter["centre"]
        anchor = fit(lon, lat)
        rings = [[fit(x, y) for x, y in poly[0]] for poly in _polygons(feature["geometry"])]
        room = float(props.get("room", 0.5)) * (fit(lon + 1, lat)[0] - anchor[0])
        marked = ter["kind"] != "sea" and ter.get("fort", "none") in FORT_MARK
        # room for the fort's mark left of the name
        room_for_mark = "MM " if marked else ""
        places.append(
            Territory(
                name,
                room_for_mark + name,
                anchor,
                rings,
                room,
                sea=ter["kind"] == "sea",
                short=room_for_mark + short_name(name),
            )
        )
    placed = place_names(
        places, font, below=font * 0.9, min_size=font - 3, bounds=(2, 2, WIDTH - 2, fit.height - 2)
    )
    shorts = []
    for spot, (name, ter) in zip(placed, territories.items(), strict=True):
        sea = ter["kind"] == "sea"
        details = []
        if ter.get("food"):
            details.append(f"food {ter['food']}")
        if ter.get("coins"):
            details.append(f"coins {ter['coins']}")
        mark = FORT_MARK.get(ter.get("fort", "none"))
        text = spot.text.removeprefix("MM ")
        if text != name:
            shorts.append((text, name))
        body.append(_leader(spot))
        x, y, pt = spot.x, spot.y, spot.size
        if sea or not mark:
            body.append(_label(x, y, text, pt, sea=sea))
        else:  # the fort's mark just left of the name
            shift = text_width(text, pt) / 2 + 9
            body.append(_label(x + 6, y, text, pt, sea=sea))
            body.append(mark(x + 6 - shift, y))
        if details and not sea:
            body.append(_label(x, y + pt * 0.95, " · ".join(details), pt * 0.8, weight="400"))
    legend = _legend(
        [
            (swatch("land"), "land territory (name upright)"),
            (swatch("sea"), "sea territory (name in <i>italics</i>)"),
            (
                _icon(22) + f'<path d="{_star(11, 11, 9)}" fill="#111"/></svg>',
                "capital (defence +4)",
            ),
            (
                _icon(22) + '<rect x="4" y="4" width="14" height="14" fill="#111"/></svg>',
                "great fort: recruit 2 infantry or 1 cavalry",
            ),
            (
                _icon(22) + '<rect x="5" y="5" width="12" height="12" '
                'fill="#fff" stroke="#111" stroke-width="2"/></svg>',
                "small fort: recruit 1 infantry",
            ),
            ("food 1 · coins 1", "what the land feeds and pays each round"),
        ]
    )
    legend += _short_key(shorts)
    return info["title"], _svg(fit.height, "".join(body)), legend


def classical_map() -> tuple[str, str, str]:
    """The Classical Conquests map: land and sea territories with their names, placed
    so that no two overlap; a territory too small for its name gets it in smaller type,
    as a short form, or beside it with a leader line (never a number)."""
    geo = read_json("classical", "map.geojson")
    features = geo["features"]
    fit = _Fit(p for f in features for poly in _polygons(f["geometry"]) for p in poly[0])
    body = [
        _regions(
            features, fit, lambda f: "url(#p-sea)" if f["properties"]["kind"] == "sea" else "#fff"
        )
    ]
    size = 12.5
    territories = []
    for f in features:
        props = f["properties"]
        lon, lat = props.get("label") or _centre(f)
        anchor = fit(lon, lat)
        rings = [[fit(x, y) for x, y in poly[0]] for poly in _polygons(f["geometry"])]
        room = float(props.get("room", 0.5)) * (fit(lon + 1, lat)[0] - anchor[0])
        name = str(props["name"])
        sea = props["kind"] == "sea"
        territories.append(
            Territory(str(f["id"]), name, anchor, rings, room, sea=sea, short=short_name(name))
        )
    placed = place_names(
        territories, size, min_size=size - 3, bounds=(2, 2, WIDTH - 2, fit.height - 2)
    )
    shorts = []
    for spot, t, f in zip(placed, territories, features, strict=True):
        sea = f["properties"]["kind"] == "sea"
        body.append(_leader(spot))
        body.append(_label(spot.x, spot.y, spot.text, spot.size, sea=sea, weight="600"))
        if spot.text != t.name:
            shorts.append((spot.text, t.name))
    legend = _legend(
        [
            (swatch("land"), "land territory: a village or city may stand here (name upright)"),
            (swatch("sea"), "sea territory: fleets sail here (name in <i>italics</i>)"),
        ]
    )
    legend += _short_key(shorts)
    return "The map of the ancient world", _svg(fit.height, "".join(body)), legend


def _centre(feature: Mapping[str, Any]) -> Point:
    ring = _polygons(feature["geometry"])[0][0]
    return sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring)


CONTINENT_PATTERNS = ("dots", "diagonal", "horizontal", "backslash", "vertical", "cross")


def historical_map() -> tuple[str, str, str]:
    """The continents of Historical Conquest, each with its own hatching, and their lands."""
    geo = read_json("historical", "continents.geojson")
    cards = read_json("historical", "cards.json")["cards"]
    features = geo["features"]
    fit = _Fit(p for f in features for poly in _polygons(f["geometry"]) for p in poly[0])
    pattern = {f["properties"]["name"]: CONTINENT_PATTERNS[i % 6] for i, f in enumerate(features)}
    body = [
        f'<rect x="0" y="0" width="{WIDTH:.0f}" height="{fit.height:.0f}" fill="url(#p-sea)"/>',
        _regions(features, fit, lambda f: f"url(#p-{pattern[f['properties']['name']]})"),
    ]
    for f in features:
        props = f["properties"]
        x, y = fit(*(props.get("label") or _centre(f)))
        body.append(_label(x, y, props["name"], 20, weight="700"))
    lands: dict[str, list[str]] = {}
    for card in cards:
        if card.get("category") == "land":
            lands.setdefault(card.get("continent", ""), []).append(card["name"])
    # each land once: two decks hold a Venezuela card each (different abilities, one land)
    rows = [
        (
            swatch(pattern[name]),
            f"<b>{escape(name)}</b>: " + escape(", ".join(sorted(set(lands.get(name, []))))),
        )
        for name in pattern
    ]
    rows.append((swatch("sea"), "sea: explorers cross it to reach other continents"))
    return (
        "The continents and their lands",
        _svg(fit.height, "".join(body), [*PATTERNS]),
        _legend(rows),
    )


# --- CONQUEST board -------------------------------------------------------------------


def conquest_board() -> tuple[str, str, str]:
    """Our CONQUEST board: every space with its name, roads, bridges, sea lanes and ports."""
    board = read_json("conquest", "board.json")
    spaces = {s["id"]: s for s in board["spaces"]}
    cols = max(s["x"] for s in spaces.values()) + 1
    rows = max(s["y"] for s in spaces.values()) + 1
    cell = WIDTH / cols
    height = rows * cell + 40

    def at(space: Mapping[str, Any]) -> Point:
        return (space["x"] + 0.5) * cell, (space["y"] + 0.5) * cell + 30

    lines: list[str] = []
    drawn: set[frozenset[str]] = set()
    for sid, s in spaces.items():
        x1, y1 = at(s)
        links = [(t, "road") for t in s.get("roads", [])] + [
            (t, "lane") for t in s.get("lanes", [])
        ]
        links += [(t, "dock") for t in s.get("ports", [])]
        for target, kind in links:
            pair = frozenset((sid, target))
            if pair in drawn or target not in spaces:
                continue
            drawn.add(pair)
            x2, y2 = at(spaces[target])
            style = {
                "road": 'stroke="#222" stroke-width="3"',
                "lane": 'stroke="#555" stroke-width="2" stroke-dasharray="7 5"',
                "dock": 'stroke="#111" stroke-width="3" stroke-dasharray="2 4"',
            }[kind]
            lines.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
        for bridge in s.get("bridges", []):
            pair = frozenset((sid, bridge["to"]))
            if pair in drawn:
                continue
            drawn.add(pair)
            x2, y2 = at(spaces[bridge["to"]])
            lines.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="#111" stroke-width="10"/><line x1="{x1:.1f}" y1="{y1:.1f}" '
                f'x2="{x2:.1f}" y2="{y2:.1f}" stroke="#fff" stroke-width="5"/>'
            )
    shapes: list[str] = []
    half = cell * 0.36
    for sid, s in spaces.items():
        x, y = at(s)
        if s["kind"] == "sea":
            ring = ' stroke-width="3.5"' if s.get("port_of") else ' stroke-width="1.2"'
            shapes.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{half * 0.95:.1f}" fill="url(#p-sea)" '
                f'stroke="#222"{ring}/>'
            )
        else:
            capitol = s.get("capitol")
            fill = (
                "url(#p-diagonal)" if capitol == "Black" else "url(#p-dots)" if capitol else "#fff"
            )
            stroke = 'stroke-width="4"' if capitol else 'stroke-width="1.4"'
            shapes.append(
                f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{2 * half:.1f}" '
                f'height="{2 * half:.1f}" fill="{fill}" stroke="#111" {stroke}/>'
            )
        shapes.append(_label(x, y, sid, cell * 0.3, weight="700"))
    islands: dict[str, list[Point]] = {}
    for s in spaces.values():
        if s.get("island"):
            islands.setdefault(s["island"], []).append(at(s))
    names = []
    for island, points in islands.items():
        xs = [p[0] for p in points]
        top = min(p[1] for p in points)
        y = top - cell * 0.62 if top > 60 else max(p[1] for p in points) + cell * 0.62
        names.append(_label(sum(xs) / len(xs), y, island, cell * 0.33, weight="700"))
    legend = _legend(
        [
            (
                _icon(28) + '<rect x="4" y="2" width="18" height="18" '
                'fill="#fff" stroke="#111" stroke-width="1.4"/></svg>',
                "land space",
            ),
            (swatch("sea", "circle"), "sea space; a thick ring marks a port"),
            (swatch("dots"), "White's capitol (five spaces, thick border)"),
            (swatch("diagonal"), "Black's capitol (five spaces, thick border)"),
            (
                _icon(40) + '<line x1="2" y1="11" x2="38" y2="11" '
                'stroke="#222" stroke-width="3"/></svg>',
                "road between land spaces",
            ),
            (
                _icon(40) + '<line x1="2" y1="11" x2="38" y2="11" '
                'stroke="#111" stroke-width="9"/><line x1="2" y1="11" x2="38" y2="11" '
                'stroke="#fff" stroke-width="4"/></svg>',
                "bridge: land to land, ships sail under it",
            ),
            (
                _icon(40) + '<line x1="2" y1="11" x2="38" y2="11" '
                'stroke="#555" stroke-width="2" stroke-dasharray="7 5"/></svg>',
                "sea lane",
            ),
            (
                _icon(40) + '<line x1="2" y1="11" x2="38" y2="11" '
                'stroke="#111" stroke-width="3" stroke-dasharray="2 4"/></svg>',
                "dock: where land pieces board or leave a ship",
            ),
        ]
    )
    body = "".join(lines) + "".join(shapes) + "".join(names)
    title = "The board (our own design: the 1972 board is not available)"
    return title, _svg(height, body, ("sea", "dots", "diagonal")), legend


# --- Conquest of Speros: the Locations ----------------------------------------------------

TERRAIN_PATTERNS = {"forest": "diagonal", "mountain": "cross", "ocean": "sea", "swamp": "dots"}


def speros_locations() -> tuple[str, str, str]:
    """The 80 Location cards of Speros by terrain: name, encampments and victory points."""
    locations = read_json("speros", "locations.json")["locations"]
    peoples = {p["terrain"]: p for p in read_json("speros", "peoples.json")["peoples"]}
    by_terrain: dict[str, list[Mapping[str, Any]]] = {}
    for loc in locations:
        by_terrain.setdefault(loc["terrain"], []).append(loc)
    columns = list(by_terrain)
    col_w = WIDTH / len(columns)
    row_h = 58.0
    longest = max(len(v) for v in by_terrain.values())
    height = 56 + longest * row_h
    body: list[str] = []
    for ci, terrain in enumerate(columns):
        x0 = ci * col_w
        people = peoples.get(terrain, {})
        body.append(_label(x0 + col_w / 2, 18, terrain.capitalize(), 22, weight="700"))
        body.append(_label(x0 + col_w / 2, 42, people.get("people", ""), 14, weight="400"))
        for ri, loc in enumerate(sorted(by_terrain[terrain], key=lambda item: item["id"])):
            y0 = 56 + ri * row_h
            body.append(
                f'<rect x="{x0 + 6:.1f}" y="{y0 + 3:.1f}" width="28" height="{row_h - 10:.1f}" '
                f'fill="url(#p-{TERRAIN_PATTERNS.get(terrain, "dots")})" '
                'stroke="#222" stroke-width="1.2"/>'
                f'<rect x="{x0 + 6:.1f}" y="{y0 + 3:.1f}" width="{col_w - 12:.1f}" '
                f'height="{row_h - 10:.1f}" fill="none" stroke="#222" stroke-width="1.2"/>'
            )
            body.append(
                f'<text x="{x0 + 42:.1f}" y="{y0 + 22:.1f}" font-size="15" font-weight="600">'
                f"{escape(loc['name'])}</text>"
            )
            camps = "".join(
                f'<circle cx="{x0 + 48 + i * 13:.1f}" cy="{y0 + 37:.1f}" r="4.5" fill="#fff" '
                f'stroke="#111" stroke-width="1.5"/>'
                for i in range(loc["encampments"])
            )
            body.append(camps)
            body.append(
                f'<text x="{x0 + col_w - 14:.1f}" y="{y0 + 41:.1f}" font-size="13" '
                f'text-anchor="end">{loc["vp"]} VP</text>'
            )
    legend = _legend(
        [
            *(
                (swatch(TERRAIN_PATTERNS[t]), f"{t}: home of the {escape(peoples[t]['people'])}")
                for t in columns
                if t in peoples
            ),
            (
                _icon(48)
                + ""
                + "".join(
                    f'<circle cx="{8 + i * 13}" cy="11" r="4.5" fill="#fff" stroke="#111" '
                    f'stroke-width="1.5"/>'
                    for i in range(3)
                )
                + "</svg>",
                "encampments: places for Units on the card",
            ),
            ("1 VP", "victory points for the player who captures the card"),
        ]
    )
    title = "The Locations of Speros (the cards that make the table's map)"
    return title, _svg(height, "".join(body), ("sea", "dots", "diagonal", "cross")), legend


#: every map of each game's handout, in order
MAPS = {
    "conqueror-duels": (lambda: duels_map("3-4"), lambda: duels_map("5-6")),
    "classical-conquests": (classical_map,),
    "conquest-1972": (conquest_board,),
    "conquest-of-speros": (speros_locations,),
    "historical-conquest": (historical_map,),
}
