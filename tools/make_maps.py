"""Redraw every map of real places from Natural Earth 1:50m (public domain).

    python tools/make_maps.py /path/to/natural-earth [--only duels-3-4,classical]

Reads ``ne_50m_land.json`` and ``ne_50m_lakes.json`` from that folder and writes
``data/conqueror/map-3-4.geojson``, ``data/conqueror/map-5-6.geojson``,
``data/classical/map.geojson`` and ``data/historical/continents.geojson``. Nothing
in the package reads the Natural Earth folder; only this script does, and its output
is committed.

How a map is made. The game's territories and neighbours are the game's own; the
rough shape of each territory comes from a *seed* outline in ``tools/map_seeds/``
(the 0.25-degree block drawings the maps first shipped with). The seeds are
rasterised on a 0.05-degree grid and blurred, and every grid cell goes to the
territory whose blurred seed is strongest there (land territories compete for
land, seas for sea). That turns the block steps into smooth curves while keeping
each territory where it was. Land territories are then cut to the real coast
(Natural Earth land minus large lakes), seas are what is left of their region once
the land is taken out, and small islands that belong to no territory count as sea.
A Duels territory must be one polygon, so its pieces are joined across the
narrowest strait (Corsica to Sardinia, Sicily's off-shore islets are dropped).
Each feature also gets ``label``: the point deepest inside its largest piece
(where the map prints its name), and ``room``: how far that point is from the edge
(degrees), which the map view uses to decide whether the full name fits.

Needs shapely (``pip install shapely``; in the ``dev`` extra, not on Binder).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box, shape
from shapely.ops import nearest_points, polylabel, unary_union

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tools" / "map_seeds"


def load_land(folder: Path, lake_min_area: float = 0.3) -> Any:
    """Natural Earth land with its large lakes cut out, as one geometry."""
    land = json.loads((folder / "ne_50m_land.json").read_text())
    lakes = json.loads((folder / "ne_50m_lakes.json").read_text())
    land_geom = unary_union([shape(f["geometry"]).buffer(0) for f in land["features"]])
    big_lakes = [shape(f["geometry"]).buffer(0) for f in lakes["features"]]
    big_lakes = [g for g in big_lakes if g.area >= lake_min_area]
    return land_geom.difference(unary_union(big_lakes)) if big_lakes else land_geom


def _box_blur(field: np.ndarray, width: int, axis: int) -> np.ndarray:
    """A running mean of ``width`` cells along ``axis`` (same shape, zero padded)."""
    pad = width // 2
    padded = np.pad(field, [(pad, pad) if a == axis else (0, 0) for a in range(2)])
    total = np.cumsum(padded, axis=axis, dtype=np.float64)
    total = np.insert(total, 0, 0.0, axis=axis)
    upper = np.take(total, range(width, total.shape[axis]), axis=axis)
    lower = np.take(total, range(0, total.shape[axis] - width), axis=axis)
    out = (upper - lower) / width
    return out[tuple(slice(0, n) for n in field.shape)]


def blur(field: np.ndarray, width: int) -> np.ndarray:
    """Three box blurs per axis: close to a Gaussian of sigma ``width / 2`` cells."""
    for axis in (0, 1):
        for _ in range(3):
            field = _box_blur(field, width, axis)
    return field


def _cells_to_geometry(mask: np.ndarray, x0: float, y0: float, step: float) -> Any:
    """Union of the grid cells where ``mask`` is true (row runs merged first)."""
    boxes = []
    for row in range(mask.shape[0]):
        line = mask[row]
        if not line.any():
            continue
        edges = np.flatnonzero(np.diff(np.concatenate(([0], line.astype(np.int8), [0]))))
        for start, stop in zip(edges[::2], edges[1::2], strict=True):
            boxes.append(
                box(x0 + start * step, y0 + row * step, x0 + stop * step, y0 + (row + 1) * step)
            )
    return unary_union(boxes)


def smooth_regions(
    seeds: dict[str, Any], step: float, sigma: float, reach: float
) -> dict[str, Any]:
    """Share the cells near the seeds among them by their blurred strength."""
    west, south, east, north = unary_union(list(seeds.values())).bounds
    west, south, east, north = west - reach, south - reach, east + reach, north + reach
    xs = np.arange(west + step / 2, east, step)
    ys = np.arange(south + step / 2, north, step)
    gx, gy = np.meshgrid(xs, ys)
    width = max(3, round(2 * sigma / step) | 1)
    ids = list(seeds)
    strength = np.zeros((len(ids), len(ys), len(xs)), dtype=np.float32)
    for k, rid in enumerate(ids):
        inside = shapely.contains_xy(seeds[rid], gx, gy).astype(np.float64)
        strength[k] = blur(inside, width)
    near = shapely.contains_xy(unary_union(list(seeds.values())).buffer(reach), gx, gy)
    winner = np.argmax(strength, axis=0)
    return {
        rid: _cells_to_geometry(near & (winner == k), west, south, step).simplify(step * 0.7)
        for k, rid in enumerate(ids)
    }


def polygons_of(geom: Any) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for part in getattr(geom, "geoms", []) for g in polygons_of(part)]


def join_pieces(geom: Any, keep_share: float, bridge: float) -> Polygon:
    """One polygon: the largest piece, plus pieces of at least ``keep_share`` of its
    area joined to it by a thin bridge across the narrowest water."""
    pieces = sorted(polygons_of(geom), key=lambda p: p.area, reverse=True)
    main = pieces[0]
    for piece in pieces[1:]:
        if piece.area < keep_share * pieces[0].area:
            continue
        a, b = nearest_points(main, piece)
        link = shapely.LineString([a, b]).buffer(bridge)
        joined = unary_union([main, piece, link])
        if isinstance(joined, Polygon):
            main = joined
    return Polygon(main.exterior)


def fill_small_holes(geom: Any, keep: Any) -> Any:
    """Drop holes that hold no part of ``keep`` (islands that are no territory)."""
    out = []
    for poly in polygons_of(geom):
        holes = [h for h in poly.interiors if Polygon(h).intersection(keep).area > 1e-6]
        out.append(Polygon(poly.exterior, holes))
    return unary_union(out)


def _ring(coords: Any, clockwise: bool, digits: int) -> list[list[float]]:
    pts = [[round(x, digits), round(y, digits)] for x, y, *_ in coords]
    dedup = [pts[0]]
    for p in pts[1:]:
        if p != dedup[-1]:
            dedup.append(p)
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in itertools.pairwise(dedup))
    if (area < 0) != clockwise:
        dedup.reverse()
    return dedup


def geometry_json(geom: Any, single: bool, digits: int = 3, multi: bool = False) -> dict[str, Any]:
    """GeoJSON with outer rings clockwise and holes counter-clockwise (d3-geo's way)."""
    polys = [shapely.set_precision(p, 10**-digits) for p in polygons_of(geom)]
    polys = [q for p in polys for q in polygons_of(p) if q.area > 0]
    if single:  # rounding may cut a hair-thin neck: keep the body
        polys = [max(polys, key=lambda p: p.area)]
    coords = [
        [_ring(p.exterior.coords, True, digits)]
        + [_ring(h.coords, False, digits) for h in p.interiors]
        for p in polys
    ]
    if single or (len(coords) == 1 and not multi):
        return {"type": "Polygon", "coordinates": coords[0]}
    return {"type": "MultiPolygon", "coordinates": coords}


def label_point(geom: Any) -> tuple[list[float], float]:
    """The point deepest inside the largest piece, and its distance to the edge.

    Distances are measured on a plane stretched by 1/cos(latitude), so that "deep"
    means deep as the Mercator map draws it."""
    piece = max(polygons_of(geom), key=lambda p: p.area)
    lat0 = piece.centroid.y
    stretch = 1 / math.cos(math.radians(lat0))
    flat = shapely.affinity.scale(piece, xfact=1.0, yfact=stretch, origin=(0, 0))
    point = polylabel(flat, tolerance=0.02)
    room = flat.exterior.distance(point)
    room = min([room, *(h.distance(point) for h in flat.interiors)])
    return [round(point.x, 2), round(point.y / stretch, 2)], round(room, 2)


def make_partition(
    seed_doc: dict[str, Any],
    land: Any,
    *,
    single: bool,
    step: float = 0.05,
    sigma: float = 0.2,
    reach: float = 0.35,
    tolerance: float = 0.02,
    min_piece: float = 0.02,
    frame_inset: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0),
    links: tuple[tuple[str, str], ...] = (),
    multi: bool = False,
    smooth_edge: float = 0.0,
    extra: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    features = seed_doc["features"]
    kinds = {f["id"]: f["properties"].get("kind", "land") for f in features}
    seeds = {f["id"]: shape(f["geometry"]).buffer(0) for f in features}
    land_ids = [r for r in seeds if kinds[r] != "sea"]
    sea_ids = [r for r in seeds if kinds[r] == "sea"]
    west, south, east, north = unary_union(list(seeds.values())).bounds
    bounds = box(west - reach - 1, south - reach - 1, east + reach + 1, north + reach + 1)
    coast = land.intersection(bounds).simplify(tolerance)
    # the map ends in straight lines where it cuts through land (no ragged inland edge)
    frame = box(
        west + frame_inset[0], south + frame_inset[1], east - frame_inset[2], north - frame_inset[3]
    )
    if smooth_edge:  # cut the block teeth of the seeds' outer edge into a smooth line
        envelope = unary_union(list(seeds.values()))
        frame = frame.intersection(envelope.buffer(-smooth_edge).buffer(smooth_edge + reach))
    # land that is no territory and too big to be an island counts as land, not sea
    mainland = unary_union([p for p in polygons_of(coast) if p.area >= 5.0])
    out: dict[str, Any] = {}
    taken = shapely.Polygon()
    for rid, region in smooth_regions({r: seeds[r] for r in land_ids}, step, sigma, reach).items():
        shape_ = region.intersection(coast).intersection(frame).difference(taken)
        pieces = [p for p in polygons_of(shape_) if p.area >= min_piece]
        if not pieces:  # a speck of an island: keep its biggest bit
            pieces = [max(polygons_of(shape_), key=lambda p: p.area)]
        shape_ = unary_union(pieces)
        if single:
            shape_ = join_pieces(shape_, keep_share=0.08, bridge=0.03)
        out[rid] = shape_
        taken = taken.union(shape_)
    for a, b in links:  # neighbours across a strait too narrow for the drawing
        near_a, near_b = nearest_points(out[a], out[b])
        bridge = shapely.LineString([near_a, near_b]).buffer(0.04)
        joined = unary_union([out[a], bridge.difference(out[b])])
        out[a] = (
            Polygon(max(polygons_of(joined), key=lambda p: p.area).exterior) if single else joined
        )
        taken = taken.union(out[a])
    sea_regions = (
        smooth_regions({r: seeds[r] for r in sea_ids}, step, sigma, reach) if sea_ids else {}
    )
    water_taken = shapely.Polygon()
    for rid, region in sea_regions.items():
        water = region.intersection(frame).difference(mainland).difference(taken)
        water = water.difference(water_taken)
        pieces = sorted(polygons_of(water), key=lambda p: p.area, reverse=True)
        water = pieces[0] if single else unary_union([p for p in pieces if p.area >= min_piece])
        out[rid] = water
        water_taken = water_taken.union(water)
    doc_features = []
    for f in features:
        rid = f["id"]
        props = dict(f["properties"])
        props["label"], props["room"] = label_point(out[rid])
        props.update((extra or {}).get(rid, {}))
        doc_features.append(
            {
                "type": "Feature",
                "id": rid,
                "properties": props,
                "geometry": geometry_json(out[rid], single, multi=multi),
            }
        )
    return {"type": "FeatureCollection", "features": doc_features}


def add_straits(doc: dict[str, Any], neighbours: dict[str, list[str]]) -> None:
    """Neighbours on land that the drawing leaves apart (the Strait of Messina, the
    Bosporus): ``doc["straits"]`` gets ``[a, b, [lon, lat], [lon, lat]]`` for a line
    the map view draws between their nearest points."""
    shapes = {f["id"]: shape(f["geometry"]).buffer(0) for f in doc["features"]}
    kinds = {f["id"]: f["properties"].get("kind") for f in doc["features"]}
    straits = []
    for a in sorted(neighbours):
        for b in sorted(neighbours[a]):
            if a >= b or "sea" in (kinds[a], kinds[b]) or shapes[a].distance(shapes[b]) < 0.03:
                continue
            pa, pb = nearest_points(shapes[a], shapes[b])
            straits.append(
                [a, b, [round(pa.x, 3), round(pa.y, 3)], [round(pb.x, 3), round(pb.y, 3)]]
            )
    doc["straits"] = straits


def contacts(doc: dict[str, Any], gap: float = 0.03) -> set[frozenset[str]]:
    shapes = {f["id"]: shape(f["geometry"]).buffer(0) for f in doc["features"]}
    ids = list(shapes)
    out = set()
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if shapes[a].distance(shapes[b]) <= gap:
                out.add(frozenset((a, b)))
    return out


def report(name: str, doc: dict[str, Any], neighbours: dict[str, list[str]] | None) -> None:
    size = len(json.dumps(doc, separators=(",", ":")))
    points = sum(
        len(ring)
        for f in doc["features"]
        for poly in (
            [f["geometry"]["coordinates"]]
            if f["geometry"]["type"] == "Polygon"
            else f["geometry"]["coordinates"]
        )
        for ring in poly
    )
    print(f"{name}: {len(doc['features'])} features, {points} points, {size / 1024:.0f} KB")
    if neighbours is None:
        return
    drawn = contacts(doc)
    listed = {frozenset((a, b)) for a, bs in neighbours.items() for b in bs}
    for pair in sorted(listed - drawn, key=sorted):
        print(f"  neighbours that do not touch on the drawing: {' - '.join(sorted(pair))}")
    for pair in sorted(drawn - listed, key=sorted):
        print(f"  touching on the drawing but not neighbours: {' - '.join(sorted(pair))}")


def write(doc: dict[str, Any], path: Path) -> None:
    text = json.dumps(doc, separators=(",", ":"))
    # one feature per line keeps diffs readable
    text = text.replace('{"type":"Feature",', '\n{"type":"Feature",')
    path.write_text(text + "\n", encoding="utf-8")


#: names printed away from the deepest point (lon/lat and its room, measured as
#: label_point measures it): the Aegean's name in the north of that sea, so that the
#: small islands of its south (Rhodes, Crete) have room for their own names on the
#: eastern theatre's map (lesson 14), where they were laid over each other
DUELS_LABEL_AT: dict[str, dict[str, dict[str, Any]]] = {
    "5-6": {"Mare Aegaeum": {"label": [25.2, 39.2], "room": 0.97}},
}


def duels(land: Any, key: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
    maps = json.loads((ROOT / "data" / "conqueror" / "maps.json").read_text())["maps"][key]
    extra: dict[str, dict[str, Any]] = {
        name: {"fort": t.get("fort", "none")}
        for name, t in maps["territories"].items()
        if t.get("kind") != "sea"
    }
    for name, props in DUELS_LABEL_AT.get(key, {}).items():
        extra.setdefault(name, {}).update(props)
    seed = json.loads((SEEDS / f"duels-{key}.geojson").read_text())
    doc = make_partition(seed, land, single=True, extra=extra, smooth_edge=0.8)
    neighbours = {n: t["neighbours"] for n, t in maps["territories"].items()}
    add_straits(doc, neighbours)
    return doc, neighbours


def classical(land: Any) -> tuple[dict[str, Any], dict[str, list[str]]]:
    raw = json.loads((ROOT / "data" / "classical" / "territories.json").read_text())
    seed = json.loads((SEEDS / "classical.geojson").read_text())
    for f in seed["features"]:
        f["properties"].pop("label", None)
    doc = make_partition(seed, land, single=False, smooth_edge=0.8)
    neighbours = {t["id"]: t["neighbours"] for t in raw["territories"]}
    add_straits(doc, neighbours)
    return doc, neighbours


def continents(land: Any) -> dict[str, Any]:
    seed = json.loads((SEEDS / "continents.geojson").read_text())
    for f in seed["features"]:
        f["properties"]["kind"] = "land"
        f["properties"].pop("label", None)
    doc = make_partition(
        seed,
        land,
        single=False,
        step=0.25,
        sigma=1.0,
        reach=6.0,
        tolerance=0.15,
        min_piece=0.6,
        multi=True,
    )
    for f in doc["features"]:
        f["properties"].pop("kind", None)
    return send_strays_home(doc)


#: a piece of North America east of this longitude is a stray (Greenland reaches -11)
_AMERICAS_EAST = -10.0
#: a piece of Africa whose middle lies north of this latitude is a stray (Cape Blanc, 37.3)
_AFRICA_NORTH = 37.6


def send_strays_home(doc: dict[str, Any]) -> dict[str, Any]:
    """Give each island the partition left with North America on the wrong side of the
    world (Ireland, Tasmania, Sri Lanka, Borneo ...), or with Africa across the
    Mediterranean (Sardinia), to the continent with the nearest other piece. Reads and
    writes the GeoJSON alone, so it also mends a stored file."""
    features = {f["id"]: f for f in doc["features"]}
    # (continent, is a piece of it a stray?): North America east of Greenland, and
    # Africa north of its northernmost cape (Sardinia was left with Africa)
    tests = (
        ("North America", lambda c: c.x > _AMERICAS_EAST),
        ("Africa", lambda c: c.y > _AFRICA_NORTH),
    )
    for fid, stray in tests:
        pieces = features[fid]["geometry"]["coordinates"]
        strays = [p for p in pieces if stray(Polygon(p[0]).centroid)]
        if not strays:
            continue
        features[fid]["geometry"]["coordinates"] = [p for p in pieces if p not in strays]
        others = {
            other: [Polygon(p[0]) for p in f["geometry"]["coordinates"]]
            for other, f in features.items()
            if other != fid
        }
        for piece in strays:
            shape_ = Polygon(piece[0])
            home = min(others, key=lambda o: min(shape_.distance(q) for q in others[o]))
            features[home]["geometry"]["coordinates"].append(piece)
    return doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("natural_earth", type=Path, help="folder with ne_50m_land.json")
    parser.add_argument("--only", default="", help="comma list: duels-3-4,duels-5-6,...")
    args = parser.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    land = load_land(args.natural_earth)
    jobs = {
        "duels-3-4": lambda: (*duels(land, "3-4"), ROOT / "data/conqueror/map-3-4.geojson"),
        "duels-5-6": lambda: (*duels(land, "5-6"), ROOT / "data/conqueror/map-5-6.geojson"),
        "classical": lambda: (*classical(land), ROOT / "data/classical/map.geojson"),
        "continents": lambda: (continents(land), None, ROOT / "data/historical/continents.geojson"),
    }
    for name, job in jobs.items():
        if only and name not in only:
            continue
        doc, neighbours, path = job()
        write(doc, path)
        report(name, doc, neighbours)
    return 0


if __name__ == "__main__":
    sys.exit(main())
