"""Map and board helpers shared by the games: graphs and GeoJSON.

Games keep their territories in data files as GeoJSON (for drawing) plus an
adjacency list (for the rules). These helpers turn the adjacency into a networkx
graph, check a FeatureCollection the way bqplot needs it (every feature has an id,
outer rings clockwise) and compute label positions. networkx is imported only
when a graph is asked for, so ``import hcgames`` stays quick.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from hcgames.data import Problems, ring_is_clockwise

__all__ = [
    "adjacency_graph",
    "bounds",
    "centroid",
    "check_adjacency",
    "check_feature_collection",
    "clockwise",
    "connected_parts",
]


def adjacency_graph(adjacency: Mapping[str, Iterable[str]], **node_data: Mapping[str, Any]) -> Any:
    """A ``networkx.Graph`` with one node per territory and an edge per link.

    ``node_data`` maps an attribute name to ``{node: value}``.
    """
    import networkx as nx  # slow to import: loaded only when a graph is asked for

    graph = nx.Graph()
    graph.add_nodes_from(adjacency)
    for node, neighbours in adjacency.items():
        for other in neighbours:
            graph.add_edge(node, other)
    for attribute, values in node_data.items():
        nx.set_node_attributes(graph, dict(values), attribute)
    return graph


def connected_parts(adjacency: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The map's connected parts, each sorted, in the order their first territory is
    listed; links to unknown names are ignored. Plain Python, so that loading a map
    does not import networkx (a lesson kernel then stays smaller).

    >>> connected_parts({"a": ["b"], "b": ["a"], "c": []})
    [['a', 'b'], ['c']]
    """
    links: dict[str, set[str]] = {node: set() for node in adjacency}
    for node, neighbours in adjacency.items():
        for other in neighbours:
            if other in links and other != node:
                links[node].add(other)
                links[other].add(node)
    parts: list[list[str]] = []
    seen: set[str] = set()
    for start in links:
        if start in seen:
            continue
        part = {start}
        stack = [start]
        while stack:
            for other in links[stack.pop()]:
                if other not in part:
                    part.add(other)
                    stack.append(other)
        seen |= part
        parts.append(sorted(part))
    return parts


def check_adjacency(adjacency: Mapping[str, Iterable[str]], problems: Problems) -> None:
    """Record every one-way link, self-link, unknown name, and a disconnected map."""
    names = set(adjacency)
    for node, neighbours in adjacency.items():
        for other in neighbours:
            if other == node:
                problems.add(f"{node} is listed as adjacent to itself")
            elif other not in names:
                problems.add(f"{node} is adjacent to unknown territory {other!r}")
            elif node not in adjacency[other]:
                problems.add(f"adjacency is one-way: {node} -> {other} but not back")
    parts = connected_parts(adjacency)
    if len(parts) > 1:
        problems.add(f"the map is not connected: cannot reach {sorted(names - set(parts[0]))}")


def _outer_rings(geometry: Mapping[str, Any]) -> list[list[list[float]]]:
    kind = geometry.get("type")
    coords = geometry.get("coordinates", [])
    if kind == "Polygon":
        return [coords[0]] if coords else []
    if kind == "MultiPolygon":
        return [poly[0] for poly in coords if poly]
    return []


def check_feature_collection(
    collection: Mapping[str, Any], ids: Iterable[str], problems: Problems
) -> None:
    """Check a FeatureCollection against the territory ids it must draw."""
    if collection.get("type") != "FeatureCollection":
        problems.add("GeoJSON must be a FeatureCollection")
        return
    expected = set(ids)
    seen: set[str] = set()
    for index, feature in enumerate(collection.get("features", [])):
        fid = feature.get("id")
        if fid is None:
            problems.add(f"feature {index} has no id")
            continue
        seen.add(fid)
        geometry = feature.get("geometry") or {}
        rings = _outer_rings(geometry)
        if not rings:
            problems.add(f"feature {fid}: geometry must be a Polygon or MultiPolygon")
        for ring in rings:
            if len(ring) < 4 or ring[0] != ring[-1]:
                problems.add(f"feature {fid}: a ring must be closed and have 4+ points")
            elif not ring_is_clockwise(ring):
                problems.add(
                    f"feature {fid}: outer ring runs counter-clockwise (bqplot "
                    "draws that as the whole globe minus the shape)"
                )
    if expected - seen:
        problems.add(f"no shape for territories {sorted(expected - seen)}")
    if seen - expected:
        problems.add(f"shapes for unknown territories {sorted(seen - expected)}")


def clockwise(ring: list[list[float]]) -> list[list[float]]:
    """The ring, reversed if needed so that it runs clockwise."""
    return ring if ring_is_clockwise(ring) else list(reversed(ring))


def centroid(geometry: Mapping[str, Any]) -> tuple[float, float]:
    """Area-weighted centre (lon, lat) of the largest outer ring: where a label goes."""
    best: tuple[float, float] = (0.0, 0.0)
    best_area = -1.0
    for ring in _outer_rings(geometry):
        area = cx = cy = 0.0
        for (x1, y1), (x2, y2) in itertools.pairwise(ring):
            cross = x1 * y2 - x2 * y1
            area += cross
            cx += (x1 + x2) * cross
            cy += (y1 + y2) * cross
        if abs(area) < 1e-12:
            xs = [p[0] for p in ring]
            ys = [p[1] for p in ring]
            point = (sum(xs) / len(xs), sum(ys) / len(ys))
        else:
            point = (cx / (3 * area), cy / (3 * area))
        if abs(area) > best_area:
            best, best_area = point, abs(area)
    return best


def bounds(collection: Mapping[str, Any]) -> tuple[float, float, float, float]:
    """(min lon, min lat, max lon, max lat) over every outer ring."""
    xs: list[float] = []
    ys: list[float] = []
    for feature in collection.get("features", []):
        for ring in _outer_rings(feature.get("geometry") or {}):
            xs.extend(p[0] for p in ring)
            ys.extend(p[1] for p in ring)
    if not xs:
        raise ValueError("the collection has no polygons")
    return min(xs), min(ys), max(xs), max(ys)
