"""The world of the card game: six continents, who is joined to whom, and travel.

Europe, Asia and Africa touch each other by land, and so do the two Americas;
Oceania stands alone. A land explorer therefore reaches only lands in its own
group, a sea explorer only lands with sea access (from a land with sea access): a
coast, or a river that carries boats to the ocean, as the River Niger does from Mali
(the rulebook's "river access"; which lands a river opens is ours, in the card data),
and air and space explorers reach any land.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from hcgames.data import Problems, read_json, ring_is_clockwise
from hcgames.historical.cards import CONTINENTS, Card

__all__ = [
    "LAND_GROUPS",
    "can_travel",
    "continents_geojson",
    "joined_by_land",
    "land_places",
]

#: continents joined by land (a land explorer walks within one group)
LAND_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"Europe", "Asia", "Africa"}),
    frozenset({"North America", "South America"}),
    frozenset({"Oceania"}),
)


def joined_by_land(a: str, b: str) -> bool:
    """True if continents ``a`` and ``b`` are the same or joined by land."""
    return any(a in group and b in group for group in LAND_GROUPS)


def can_travel(modes: Iterable[str], start: Card, goal: Card) -> bool:
    """Can an explorer with these ways of travel go from land ``start`` to ``goal``?"""
    for mode in modes:
        if mode in ("air", "space"):
            return True
        if mode == "land" and joined_by_land(start.continent, goal.continent):
            return True
        if mode == "sea" and start.sea_access and goal.sea_access:
            return True
    return False


@cache
def continents_geojson() -> dict[str, Any]:
    """The six continents as a GeoJSON FeatureCollection (feature id = continent).

    Simplified outlines traced by hand; every outer ring runs clockwise, as
    bqplot's d3-geo wants.
    """
    doc = read_json("historical", "continents.geojson")
    problems = Problems("data/historical/continents.geojson")
    ids = []
    for feature in doc.get("features", []):
        fid = feature.get("id")
        ids.append(fid)
        geometry = feature.get("geometry", {})
        polygons = geometry.get("coordinates", [])
        if geometry.get("type") != "MultiPolygon" or not polygons:
            problems.add(f"{fid}: geometry must be a non-empty MultiPolygon")
            continue
        for index, polygon in enumerate(polygons):
            outer = polygon[0]
            if len(outer) < 4 or outer[0] != outer[-1]:
                problems.add(f"{fid} polygon {index}: ring must be closed with 4+ points")
            elif not ring_is_clockwise(outer[:-1]):
                problems.add(f"{fid} polygon {index}: outer ring must run clockwise")
    if sorted(ids) != sorted(CONTINENTS):
        problems.add(f"features must be exactly the six continents, found {ids}")
    problems.raise_if_any()
    result: dict[str, Any] = doc
    return result


@cache
def land_places() -> dict[str, tuple[float, float]]:
    """Where each land card is on the world map: ``{card id: (longitude, latitude)}``, a
    real city standing for the land (reference facts; which city is ours), from
    ``data/historical/land-places.json``."""
    doc = read_json("historical", "land-places.json")
    problems = Problems("data/historical/land-places.json")
    places: dict[str, tuple[float, float]] = {}
    for card_id, place in doc.get("places", {}).items():
        lon, lat = place.get("lon"), place.get("lat")
        if not isinstance(lon, (int, float)) or not isinstance(lat, (int, float)):
            problems.add(f"{card_id}: needs a numeric lon and lat")
        elif not (-180 <= lon <= 180 and -90 <= lat <= 90):
            problems.add(f"{card_id}: ({lon}, {lat}) is not on the globe")
        else:
            places[card_id] = (float(lon), float(lat))
    problems.raise_if_any()
    return places
