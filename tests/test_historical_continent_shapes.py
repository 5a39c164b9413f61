"""The continent shapes of Historical Conquest put each island on its own continent
(a reviewer's pointer on Ireland and on Tasmania read "North America")."""

from __future__ import annotations

import itertools

import pytest

from hcgames.historical.world import continents_geojson

#: (place, longitude, latitude, continent of the game)
PLACES = [
    ("Ireland", -8.0, 53.3, "Europe"),
    ("Great Britain", -1.5, 52.5, "Europe"),
    ("Sardinia (south)", 9.05, 39.6, "Europe"),
    ("Sicily", 14.2, 37.5, "Europe"),
    ("Madagascar", 46.8, -19.0, "Africa"),
    ("Tasmania", 146.6, -42.0, "Oceania"),
    ("Sri Lanka", 80.7, 7.8, "Asia"),
    ("Taiwan", 121.0, 23.7, "Asia"),
    ("Hokkaido", 142.8, 43.4, "Asia"),
    ("Borneo", 114.0, 0.5, "Oceania"),
    ("Newfoundland", -56.0, 48.5, "North America"),
    ("Greenland", -42.0, 72.0, "North America"),
]


def _inside(x: float, y: float, ring: list[list[float]]) -> bool:
    """Ray casting: is the point inside the closed ring?"""
    inside = False
    for (x1, y1), (x2, y2) in itertools.pairwise(ring):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _continents_at(x: float, y: float) -> list[str]:
    return [
        feature["id"]
        for feature in continents_geojson()["features"]
        for polygon in feature["geometry"]["coordinates"]
        if _inside(x, y, polygon[0])
    ]


@pytest.mark.parametrize(("place", "x", "y", "continent"), PLACES, ids=[p[0] for p in PLACES])
def test_an_island_lies_on_its_own_continent(
    place: str, x: float, y: float, continent: str
) -> None:
    assert _continents_at(x, y) == [continent], place


def test_no_piece_of_north_america_lies_east_of_greenland() -> None:
    feature = next(f for f in continents_geojson()["features"] if f["id"] == "North America")
    for polygon in feature["geometry"]["coordinates"]:
        xs = [point[0] for point in polygon[0]]
        assert sum(xs) / len(xs) < -10, f"a piece near longitude {min(xs):.0f}"
