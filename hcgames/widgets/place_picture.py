"""A small still map of a few real places: a game map's land inside a frame, the sea
around it, and the places a lesson's text names as dots with their names beside them.

For a history text that names a handful of places (lesson 43: Delos, Naxos, Thasos):
no clicks and no labeller, each name put on the side of its dot the data says, in type
a class reads projected (17 px, drawn at its own size at 1366 and at 1024 wide).
Nothing here imports a game package.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from hcgames.widgets.geo import feature_rings

__all__ = ["PLACE_NAME_PX", "Island", "Place", "place_picture", "place_picture_svg"]

#: the type of the places' names, in pixels on the screen (the picture is never scaled)
PLACE_NAME_PX = 17

#: (name, lon, lat, side): side is where the name stands from its dot ("left", "right",
#: "above", "below"), "sea" for a name with no dot (a sea, in italics) or "land" for a
#: land's name with no dot (a country or an empire, in spaced capitals)
Place = tuple[str, float, float, str]
#: (lon, lat, half width, half height) in degrees: an island too small for the game map's
#: coast, drawn as an oval of land so that its dot stands on land, not in the sea
Island = tuple[float, float, float, float]

_LAND, _SEA, _COAST, _INK = "#EFE8D6", "#D7E8F4", "#8C8170", "#111111"


def _frame(bounds: Sequence[float], width: int) -> tuple[float, float, float]:
    """Pixels per degree of longitude and of latitude, and the picture's height."""
    lon0, lat0, lon1, lat1 = bounds
    shrink = math.cos(math.radians((lat0 + lat1) / 2))  # a degree of longitude is shorter
    per_lon = width / (lon1 - lon0)
    per_lat = per_lon / shrink
    return per_lon, per_lat, (lat1 - lat0) * per_lat


def _land_paths(geojson: Mapping[str, Any], bounds: Sequence[float], width: int) -> str:
    per_lon, per_lat, _ = _frame(bounds, width)
    lon0, _, _, lat1 = bounds
    paths = []
    for feature in geojson.get("features", []):
        if (feature.get("properties") or {}).get("kind") == "sea":
            continue
        for ring in feature_rings(feature):
            points = " L".join(
                f"{(lon - lon0) * per_lon:.1f},{(lat1 - lat) * per_lat:.1f}" for lon, lat in ring
            )
            paths.append(f"M{points}Z")
    shape = " ".join(paths)
    # the coast drawn thick, then the land filled over it: the borders between the game
    # map's regions go (they read as more coast) and half the coast line stays
    return (
        f"<path d='{shape}' fill='{_LAND}' stroke='{_COAST}' stroke-width='2' "
        f"stroke-linejoin='round'/><path d='{shape}' fill='{_LAND}'/>"
    )


def _place_marks(places: Sequence[Place], bounds: Sequence[float], width: int) -> str:
    per_lon, per_lat, _ = _frame(bounds, width)
    lon0, _, _, lat1 = bounds
    marks = []
    gap = 9  # from the dot's centre to its name
    for name, lon, lat, side in places:
        x, y = (lon - lon0) * per_lon, (lat1 - lat) * per_lat
        text = escape(name)
        if side == "land":
            marks.append(
                f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='middle' letter-spacing='1' "
                f"fill='#5A4632' font-weight='bold' class='hc-place-sea'>{text.upper()}</text>"
            )
            continue
        if side == "sea":
            marks.append(
                f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='middle' font-style='italic' "
                f"fill='#1F4E79' class='hc-place-sea'>{text}</text>"
            )
            continue
        anchor, dx, dy = {
            "left": ("end", -gap, 6),
            "right": ("start", gap, 6),
            "above": ("middle", 0, -gap - 2),
            "below": ("middle", 0, gap + 14),
        }[side]
        marks.append(
            f"<circle cx='{x:.1f}' cy='{y:.1f}' r='5.5' fill='{_INK}' stroke='#FFFFFF' "
            "stroke-width='2'/>"
            f"<text x='{x + dx:.1f}' y='{y + dy:.1f}' text-anchor='{anchor}' font-weight='bold' "
            f"fill='{_INK}' class='hc-place-name'>{text}</text>"
        )
    return "".join(marks)


def _island_shapes(islands: Sequence[Island], bounds: Sequence[float], width: int) -> str:
    per_lon, per_lat, _ = _frame(bounds, width)
    lon0, _, _, lat1 = bounds
    return "".join(
        f"<ellipse cx='{(lon - lon0) * per_lon:.1f}' cy='{(lat1 - lat) * per_lat:.1f}' "
        f"rx='{max(rx * per_lon, 10):.1f}' ry='{max(ry * per_lat, 10):.1f}' fill='{_LAND}' "
        f"stroke='{_COAST}' stroke-width='1.5'/>"
        for lon, lat, rx, ry in islands
    )


def place_picture_svg(
    geojson: Mapping[str, Any],
    places: Sequence[Place],
    bounds: Sequence[float],
    width: int,
    islands: Sequence[Island] = (),
) -> str:
    """The picture as one ``<svg>``: land and sea inside ``bounds`` (west, south, east,
    north, in degrees), the ``islands`` the map's coast leaves out, the places on it."""
    _, _, height = _frame(bounds, width)
    names = ", ".join(escape(name) for name, *_ in places)
    return (
        f"<svg class='hcgames-place-picture' role='img' aria-label='Map: {names}' "
        f"width='{width}' height='{height:.0f}' viewBox='0 0 {width} {height:.0f}' "
        f"style='display:block;background:{_SEA};border:1px solid {_COAST};border-radius:6px;"
        f"font-size:{PLACE_NAME_PX}px;font-family:inherit'>"
        # names on a white halo, read over the coast and the sea alike
        "<style>.hc-place-name,.hc-place-sea{paint-order:stroke;stroke:#FFFFFF;"
        "stroke-width:4px;stroke-linejoin:round}</style>"
        f"{_land_paths(geojson, bounds, width)}{_island_shapes(islands, bounds, width)}"
        f"{_place_marks(places, bounds, width)}</svg>"
    )


def place_picture(
    geojson: Mapping[str, Any],
    places: Sequence[Place],
    bounds: Sequence[float],
    caption: str,
    width: int = 480,
    islands: Sequence[Island] = (),
) -> widgets.HTML:
    """The picture with its caption under it, as a widget of its own width."""
    svg = place_picture_svg(geojson, places, bounds, width, islands)
    return widgets.HTML(
        f"<figure style='margin:6px 0 10px;width:{width}px'>{svg}"
        f"<figcaption style='font-size:16px;line-height:1.35;margin-top:4px'>"
        f"{escape(caption)}</figcaption></figure>"
    )
