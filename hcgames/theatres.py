"""Theatres: a map cropped and zoomed to the part of it a lesson is about.

A theatre is named in ``data/<game>/theatres.json`` (``<game>`` is the first part of
the game's id: ``conqueror`` for ``conqueror-duels``) by the places it must show;
its frame is their bounding box with a margin, widened to a landscape shape that
fits a classroom screen. ``crop`` cuts every place of a GeoJSON map to that frame
and drops the places outside it, so the map view draws (and names) only the
theatre, in larger type on the same width.

A scenario may name its theatre (``"scenarios": {"gallic-wars": "gaul"}``): the
lesson maps of that scenario show it by default. A play screen crops only to a
theatre that holds every place the scenario leaves open (a place off the map could
not be picked).

Pure geometry on (lon, lat) degrees; nothing here imports Jupyter.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from hcgames.data import data_dir, read_json

__all__ = [
    "crop",
    "open_places_inside",
    "play_theatre",
    "scenario_theatre",
    "theatre_frame",
    "theatres",
]

Point = tuple[float, float]
Frame = tuple[float, float, float, float]  # west, south, east, north

#: the tallest a theatre's frame may be, as height over width on the screen (a
#: taller one is widened): a map this shape fits a 1366x768 screen at full width
MAX_ASPECT = 0.62


def _folder(game_id: str) -> str:
    return game_id.split("-")[0]


def theatres(game_id: str) -> dict[str, Any]:
    """The theatres of a game (``{}`` when it names none): ``{"theatres": {name:
    {"title", "places", "margin"}}, "scenarios": {scenario: name}}``."""
    folder = _folder(game_id)
    if not data_dir().joinpath(folder, "theatres.json").exists():
        return {}
    return dict(read_json(folder, "theatres.json"))


def scenario_theatre(game: Any) -> str | None:
    """The theatre the game's scenario is shown in by default, if it names one."""
    own = getattr(game, "theatre", None)  # a game played in part of its map names it
    if isinstance(own, str) and own:
        return own
    options = getattr(game, "options", None)
    scenario = options.get("scenario") if isinstance(options, Mapping) else None
    scenario = scenario or getattr(getattr(game, "scenario", None), "key", None)
    if not scenario:
        return None
    name = theatres(game.id).get("scenarios", {}).get(str(scenario))
    return str(name) if name else None


def _rings(geometry: Mapping[str, Any]) -> list[list[list[Point]]]:
    """Polygons (each a list of rings of (lon, lat)) of a Polygon or MultiPolygon."""
    kind = geometry.get("type")
    coords = geometry.get("coordinates") or []
    polygons = [coords] if kind == "Polygon" else list(coords) if kind == "MultiPolygon" else []
    return [[[(float(p[0]), float(p[1])) for p in ring] for ring in poly] for poly in polygons]


def _mercator_y(lat: float) -> float:
    phi = math.radians(max(-85.0, min(85.0, lat)))
    return math.log(math.tan(math.pi / 4 + phi / 2))


def theatre_frame(geojson: Mapping[str, Any], game_id: str, name: str) -> Frame:
    """The frame (west, south, east, north) of the theatre ``name``: the places it
    lists, a margin round them (degrees), widened to ``MAX_ASPECT`` at most."""
    spec = theatres(game_id).get("theatres", {}).get(name)
    if spec is None:
        known = ", ".join(sorted(theatres(game_id).get("theatres", {}))) or "none"
        raise ValueError(f"{game_id} has no theatre {name!r} (theatres: {known})")
    wanted = {str(p) for p in spec["places"]}
    points = [
        p
        for f in geojson.get("features", [])
        if str(f.get("id")) in wanted or str((f.get("properties") or {}).get("name")) in wanted
        for poly in _rings(f.get("geometry") or {})
        for p in poly[0]
    ]
    if not points:
        raise ValueError(f"theatre {name!r}: none of its places {sorted(wanted)} is on the map")
    margin = float(spec.get("margin", 1.0))
    west = min(x for x, _ in points) - margin
    east = max(x for x, _ in points) + margin
    south = min(y for _, y in points) - margin
    north = max(y for _, y in points) + margin
    # a tall frame is widened about its middle (Mercator's x is the longitude)
    span_y = _mercator_y(north) - _mercator_y(south)
    span_x = math.radians(east - west)
    if span_y / span_x > MAX_ASPECT:
        grow = math.degrees(span_y / MAX_ASPECT - span_x) / 2
        west, east = west - grow, east + grow
    return west, south, east, north


def _clip(ring: Sequence[Point], frame: Frame) -> list[Point]:
    """The part of a ring inside the frame (Sutherland and Hodgman's clipping)."""
    west, south, east, north = frame
    edges = [
        (lambda p: p[0] >= west, lambda a, b: _at_x(a, b, west)),
        (lambda p: p[0] <= east, lambda a, b: _at_x(a, b, east)),
        (lambda p: p[1] >= south, lambda a, b: _at_y(a, b, south)),
        (lambda p: p[1] <= north, lambda a, b: _at_y(a, b, north)),
    ]
    out = list(ring)
    if out and out[0] == out[-1]:
        out = out[:-1]
    for inside, cut in edges:
        if not out:
            break
        points, out = out, []
        for i, here in enumerate(points):
            before = points[i - 1]
            if inside(here):
                if not inside(before):
                    out.append(cut(before, here))
                out.append(here)
            elif inside(before):
                out.append(cut(before, here))
    if len(out) < 3:
        return []
    return [*out, out[0]]


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y


def _area(ring: Sequence[Point]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairwise(ring)) / 2)


def _inside_frame(point: Sequence[float], frame: Frame) -> bool:
    return frame[0] <= point[0] <= frame[2] and frame[1] <= point[1] <= frame[3]


def crop(geojson: Mapping[str, Any], frame: Frame, keep_share: float = 0.0) -> dict[str, Any]:
    """A copy of the map cut to ``frame``: each place clipped to it, places wholly
    outside (or with less than ``keep_share`` of their area inside) dropped, and the
    strait marks whose two ends are not both in the frame dropped. A place's label
    point outside the frame is dropped too (its name goes to the middle of what is
    left)."""
    features = []
    for feature in geojson.get("features", []):
        polygons = _rings(feature.get("geometry") or {})
        whole = sum(_area(poly[0]) for poly in polygons if poly)
        kept = []
        for poly in polygons:
            outer = _clip(poly[0], frame) if poly else []
            if outer:
                kept.append([outer] + [r for r in (_clip(h, frame) for h in poly[1:]) if r])
        inside = sum(_area(poly[0]) for poly in kept)
        if not kept or (whole > 0 and inside / whole < keep_share):
            continue
        props = dict(feature.get("properties") or {})
        if "label" in props and not _inside_frame(props["label"], frame):
            del props["label"]
        coords: Any = [[[list(p) for p in ring] for ring in poly] for poly in kept]
        geometry = (
            {"type": "Polygon", "coordinates": coords[0]}
            if len(coords) == 1
            else {"type": "MultiPolygon", "coordinates": coords}
        )
        features.append({**feature, "properties": props, "geometry": geometry})
    ids = {str(f.get("id")) for f in features}
    out = {k: v for k, v in geojson.items() if k not in ("features", "straits")}
    out["features"] = features
    if "straits" in geojson:
        out["straits"] = [
            s
            for s in geojson["straits"]
            if str(s[0]) in ids
            and str(s[1]) in ids
            and _inside_frame(s[2], frame)
            and _inside_frame(s[3], frame)
        ]
    return out


def open_places_inside(game: Any, frame: Frame, geojson: Mapping[str, Any]) -> bool:
    """Whether every place the game's scenario leaves open has its middle in the frame
    (so a play screen cropped to it still shows every place a move may name)."""
    closed = {str(c) for c in getattr(getattr(game, "scenario", None), "closed", ()) or ()}
    closed |= {str(c) for c in getattr(game, "closed_places", ()) or ()}
    for feature in geojson.get("features", []):
        if str(feature.get("id")) in closed:
            continue
        polygons = _rings(feature.get("geometry") or {})
        points = [p for poly in polygons if poly for p in poly[0]]
        if not points:
            continue
        middle = (
            (min(x for x, _ in points) + max(x for x, _ in points)) / 2,
            (min(y for _, y in points) + max(y for _, y in points)) / 2,
        )
        if not _inside_frame(middle, frame):
            return False
    return True


def play_theatre(game: Any) -> str | bool:
    """The theatre a play screen (or a stepper) shows the game's map in: the
    scenario's own, when it holds every place the scenario leaves open, else the
    whole map (``False``)."""
    name = scenario_theatre(game)
    geojson = game.geojson() if name else None
    if not name or not geojson:
        return False
    frame = theatre_frame(geojson, game.id, name)
    return name if open_places_inside(game, frame, geojson) else False
