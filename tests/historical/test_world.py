"""The world of Historical Conquest (hcgames.historical.world): which continents are
joined by land, how each kind of explorer travels, and the checked continent map."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from hcgames.core import DataError
from hcgames.historical import world
from hcgames.historical.cards import CONTINENTS, Card
from hcgames.historical.material import load_catalogue
from hcgames.historical.world import can_travel, continents_geojson, joined_by_land


def _land(continent: str, coastal: bool) -> Card:
    """A land card of the catalogue on ``continent``, on the coast or inland (inland:
    with no river to the sea either)."""
    cards = load_catalogue().cards.values()
    return next(
        c
        for c in cards
        if c.is_land and c.continent == continent and c.coastal is coastal and not c.river
    )


def test_the_old_world_and_the_americas_are_joined_within_not_across() -> None:
    assert joined_by_land("Europe", "Africa") and joined_by_land("Asia", "Europe")
    assert joined_by_land("North America", "South America")
    assert joined_by_land("Oceania", "Oceania")
    assert not joined_by_land("Europe", "North America")
    assert not joined_by_land("Asia", "Oceania")


def test_each_way_of_travel_reaches_its_own_lands() -> None:
    inland = _land("North America", coastal=False)  # the Rocky Mountains
    coastal_europe = _land("Europe", coastal=True)
    coastal_america = _land("North America", coastal=True)
    # on foot: across joined continents only, coast or not
    assert can_travel({"land"}, coastal_america, inland)
    assert not can_travel({"land"}, coastal_europe, inland)
    assert not can_travel({"land"}, coastal_europe, coastal_america)
    # by sea: from one coast to another, anywhere, never inland, except up a river
    assert can_travel({"sea"}, coastal_europe, coastal_america)
    assert not can_travel({"sea"}, coastal_europe, inland)
    mali = load_catalogue().cards["CT4603"]
    assert can_travel({"sea"}, coastal_europe, mali) and can_travel({"sea"}, mali, coastal_america)
    # by air or into space: everywhere; with no way of travel: nowhere
    assert can_travel({"air"}, inland, coastal_america)
    assert can_travel({"space"}, coastal_america, inland)
    assert not can_travel(set(), coastal_europe, coastal_europe)
    # an explorer with two ways takes whichever reaches
    assert can_travel({"land", "sea"}, coastal_europe, coastal_america)


def test_the_map_has_the_six_continents() -> None:
    doc = continents_geojson()
    assert sorted(f["id"] for f in doc["features"]) == sorted(CONTINENTS)


@pytest.fixture
def broken_map(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The continent map with Oceania dropped and Europe's first ring reversed."""
    doc = world.read_json("historical", "continents.geojson")
    features: list[dict[str, Any]] = []
    for feature in doc["features"]:
        if feature["id"] == "Oceania":
            continue
        if feature["id"] == "Europe":
            polygons = feature["geometry"]["coordinates"]
            first = [list(reversed(polygons[0][0])), *polygons[0][1:]]
            geometry = {**feature["geometry"], "coordinates": [first, *polygons[1:]]}
            feature = {**feature, "geometry": geometry}
        features.append(feature)
    monkeypatch.setattr(world, "read_json", lambda *_: {**doc, "features": features})
    continents_geojson.cache_clear()
    yield
    continents_geojson.cache_clear()


@pytest.mark.usefixtures("broken_map")
def test_a_broken_map_is_refused_with_every_problem() -> None:
    with pytest.raises(DataError) as refused:
        continents_geojson()
    problems = refused.value.problems
    assert any("Europe polygon 0: outer ring must run clockwise" in p for p in problems)
    assert any("exactly the six continents" in p for p in problems)


# --- the continent shapes put each island on its own continent (a reviewer's pointer on
# Ireland and on Tasmania read "North America")

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


#: lands whose real place lies outside the traced outline of their continent, and why:
#: Oceania's outline stops at Fiji, west of the 180th meridian, and Samoa is east of it
#: (on a map that runs from 180 degrees west to 180 east it stands at the western edge)
OFF_THE_OUTLINE = {"Samoa": "east of the 180th meridian"}


def test_every_land_of_the_decks_has_a_place_on_its_continent() -> None:
    catalogue = load_catalogue()
    places = world.land_places()
    in_decks = {card_id for ids in catalogue.decks.values() for card_id in ids}
    lands = [catalogue.cards[i] for i in sorted(in_decks) if catalogue.cards[i].is_land]
    assert len(lands) == 24
    assert set(places) == {land.id for land in lands}  # no place for a card not in play
    for land in lands:
        lon, lat = places[land.id]
        if land.name in OFF_THE_OUTLINE:
            assert lon < -168 and _continents_at(lon, lat) == [], land.name
        else:
            assert _continents_at(lon, lat) == [land.continent], land.name
        # the place is in the land: no farther north than the card says the land reaches
        assert land.latitude is not None and lat <= land.latitude, land.name


def test_a_place_off_the_globe_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = {"places": {"CT4201": {"lon": -200, "lat": 64}, "CT4202": {"lon": "east"}}}
    monkeypatch.setattr(world, "read_json", lambda *_: doc)
    world.land_places.cache_clear()
    try:
        with pytest.raises(DataError) as caught:
            world.land_places()
    finally:
        world.land_places.cache_clear()
    assert "CT4201" in str(caught.value) and "CT4202" in str(caught.value)
