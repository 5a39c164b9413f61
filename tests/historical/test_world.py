"""The world of Historical Conquest (hcgames.historical.world): which continents are
joined by land, how each kind of explorer travels, and the checked continent map."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hcgames.core import DataError
from hcgames.historical import world
from hcgames.historical.cards import CONTINENTS, Card
from hcgames.historical.material import load_catalogue
from hcgames.historical.world import can_travel, continents_geojson, joined_by_land


def _land(continent: str, coastal: bool) -> Card:
    """A land card of the catalogue on ``continent``, on the coast or inland."""
    cards = load_catalogue().cards.values()
    return next(c for c in cards if c.is_land and c.continent == continent and c.coastal is coastal)


def test_the_old_world_and_the_americas_are_joined_within_not_across() -> None:
    assert joined_by_land("Europe", "Africa") and joined_by_land("Asia", "Europe")
    assert joined_by_land("North America", "South America")
    assert joined_by_land("Oceania", "Oceania")
    assert not joined_by_land("Europe", "North America")
    assert not joined_by_land("Asia", "Oceania")


def test_each_way_of_travel_reaches_its_own_lands() -> None:
    inland_africa = _land("Africa", coastal=False)
    coastal_europe = _land("Europe", coastal=True)
    coastal_america = _land("North America", coastal=True)
    # on foot: across joined continents only, coast or not
    assert can_travel({"land"}, coastal_europe, inland_africa)
    assert not can_travel({"land"}, coastal_europe, coastal_america)
    # by sea: from one coast to another, anywhere, never inland
    assert can_travel({"sea"}, coastal_europe, coastal_america)
    assert not can_travel({"sea"}, coastal_europe, inland_africa)
    # by air or into space: everywhere; with no way of travel: nowhere
    assert can_travel({"air"}, inland_africa, coastal_america)
    assert can_travel({"space"}, coastal_america, inland_africa)
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
