"""Plane geometry for the map view: bounds, centroids and a fitted Mercator projection.

bqplot draws a :class:`bqplot.Map` with d3-geo's Mercator projection into an inner
SVG canvas of 1200 x 980 units, where the projection centre lands at (480, 250); the
browser then scales that canvas to fit the plot area. To place unit labels on top
of the regions we redo the same projection here, in pure Python, and choose the
centre and scale so that the map's bounding box fills a plot area of a known size.
Nothing here imports Jupyter.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Projection", "aspect_ratio", "feature_centroid", "feature_rings", "fit_mercator"]

#: where d3-geo puts the projection centre when no translate is given (pixels)
D3_TRANSLATE = (480.0, 250.0)
#: bqplot's Map draws into an inner ``<svg viewBox="0 0 1200 980">``, which the browser
#: scales uniformly to fit the plot area and centres ("xMidYMid meet").
MAP_VIEWBOX = (1200.0, 980.0)

Point = tuple[float, float]


def feature_rings(feature: Mapping[str, Any]) -> list[list[Point]]:
    """The outer rings of a Polygon or MultiPolygon feature, as (lon, lat) points."""
    geometry = feature.get("geometry") or {}
    kind = geometry.get("type")
    coords = geometry.get("coordinates") or []
    if kind == "Polygon":
        polygons = [coords]
    elif kind == "MultiPolygon":
        polygons = list(coords)
    else:
        raise ValueError(
            f"feature {feature.get('id')!r}: the map view draws Polygon and MultiPolygon "
            f"features, not {kind!r}"
        )
    return [[(float(x), float(y)) for x, y, *_ in polygon[0]] for polygon in polygons if polygon]


def mercator_y(lat: float) -> float:
    """The Mercator ordinate (in radians of the unit sphere) of a latitude in degrees."""
    phi = math.radians(max(-85.0, min(85.0, lat)))
    return math.log(math.tan(math.pi / 4 + phi / 2))


def _ring_area_centroid(ring: Sequence[Point]) -> tuple[float, Point]:
    """Signed area and centroid of a ring in Mercator plane coordinates."""
    pts = [(math.radians(x), mercator_y(y)) for x, y in ring]
    area = 0.0
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    area /= 2
    if abs(area) < 1e-15:
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return 0.0, (sum(xs) / len(xs), sum(ys) / len(ys))
    return area, (cx / (6 * area), cy / (6 * area))


def feature_centroid(feature: Mapping[str, Any]) -> Point:
    """Centroid (lon, lat) of a feature's largest ring, computed in the Mercator plane
    so that it sits where the eye expects on the drawn map."""
    best: tuple[float, Point] | None = None
    for ring in feature_rings(feature):
        area, centre = _ring_area_centroid(ring)
        if best is None or abs(area) > abs(best[0]):
            best = (area, centre)
    if best is None:
        raise ValueError(f"feature {feature.get('id')!r} has no coordinates")
    x, y = best[1]
    lat = math.degrees(2 * math.atan(math.exp(y)) - math.pi / 2)
    return math.degrees(x), lat


@dataclass(frozen=True)
class Projection:
    """A Mercator projection fitted to a plot area of ``width`` x ``height`` pixels.

    ``center`` and ``scale_factor`` are what :class:`bqplot.Mercator` takes (in the
    units of bqplot's map canvas); ``pixel`` maps (lon, lat) to the plot-area pixels
    the browser shows them at, y pointing down.
    """

    center: Point
    scale_factor: float
    width: float
    height: float

    @property
    def canvas_scale(self) -> float:
        """Screen pixels per unit of the map canvas."""
        return min(self.width / MAP_VIEWBOX[0], self.height / MAP_VIEWBOX[1])

    def pixel(self, lon: float, lat: float) -> Point:
        return self.pixels([(lon, lat)])[0]

    def pixels(self, points: Iterable[Point]) -> list[Point]:
        """:meth:`pixel` of every point, with what they share worked out once (the same
        arithmetic, so the same numbers to the last digit)."""
        tx, ty = D3_TRANSLATE
        k = self.scale_factor
        lon0 = self.center[0]
        y0 = mercator_y(self.center[1])
        s = self.canvas_scale
        ox = (self.width - MAP_VIEWBOX[0] * s) / 2
        oy = (self.height - MAP_VIEWBOX[1] * s) / 2
        out = []
        for lon, lat in points:
            cx = tx + k * math.radians(lon - lon0)
            cy = ty - k * (mercator_y(lat) - y0)
            out.append((ox + s * cx, oy + s * cy))
        return out


def _bounds(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        raise ValueError("the map has no coordinates to fit")
    return min(xs), min(ys), max(xs), max(ys)


def aspect_ratio(geojson: Mapping[str, Any]) -> float:
    """Height over width of the map's bounding box as Mercator draws it."""
    points = [p for f in geojson.get("features", []) for ring in feature_rings(f) for p in ring]
    west, south, east, north = _bounds(points)
    span_x = max(math.radians(east - west), 1e-9)
    return (mercator_y(north) - mercator_y(south)) / span_x


def fit_mercator(
    geojson: Mapping[str, Any], width: float, height: float, margin: float = 16.0
) -> Projection:
    """Centre and scale a Mercator projection so the whole map fills the plot area."""
    points = [p for f in geojson.get("features", []) for ring in feature_rings(f) for p in ring]
    west, south, east, north = _bounds(points)
    span_x = max(math.radians(east - west), 1e-9)
    span_y = max(mercator_y(north) - mercator_y(south), 1e-9)
    on_screen = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    canvas = min(width / MAP_VIEWBOX[0], height / MAP_VIEWBOX[1])
    k = on_screen / canvas
    mid_x = math.radians((west + east) / 2)
    mid_y = (mercator_y(north) + mercator_y(south)) / 2
    tx, ty = D3_TRANSLATE
    # The middle of the canvas is what the browser shows in the middle of the plot area.
    centre_x = mid_x - (MAP_VIEWBOX[0] / 2 - tx) / k
    centre_y = mid_y + (MAP_VIEWBOX[1] / 2 - ty) / k
    centre_lat = math.degrees(2 * math.atan(math.exp(centre_y)) - math.pi / 2)
    return Projection((math.degrees(centre_x), centre_lat), k, width, height)
