"""Theatres: a map cropped and zoomed to the part a lesson is about (hcgames.theatres).

Every theatre in the data names places that are on its game's map; a cropped map
keeps only the places in its frame, each clipped to it, with nothing drawn outside;
a scenario's lesson maps show its theatre by default, a play screen only when the
theatre holds every place the scenario leaves open; the places a lesson names get
full-size (13 px) names inside or beside them.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.theatres import (
    crop,
    play_theatre,
    scenario_theatre,
    theatre_frame,
    theatres,
)
from hcgames.widgets import MapView
from hcgames.widgets.geo import feature_rings

GAMES: dict[str, list[dict[str, Any]]] = {
    "conqueror-duels": [{"scenario": "gallic-wars"}, {"scenario": "alexanders-conquest"}],
    "classical-conquests": [{"players": 2}],
}


def test_every_theatre_names_places_on_its_map() -> None:
    for name, variants in GAMES.items():
        data = theatres(name)
        assert data["theatres"], name
        ids: set[str] = set()
        for options in variants:
            geo = hcgames.load(name, **options).geojson()
            assert geo is not None
            ids |= {str(f["id"]) for f in geo["features"]}
        for key, spec in data["theatres"].items():
            missing = set(spec["places"]) - ids
            assert not missing, f"{name} theatre {key}: not on any map {missing}"
        for scenario, key in data.get("scenarios", {}).items():
            assert key in data["theatres"], (scenario, key)


def test_a_cropped_map_keeps_only_what_is_in_its_frame() -> None:
    game = hcgames.load("classical-conquests", players=2)
    whole = game.geojson()
    assert whole is not None
    frame = theatre_frame(whole, game.id, "aegean")
    west, south, east, north = frame
    part = crop(whole, frame)
    kept = {str(f["id"]) for f in part["features"]}
    assert {"attica", "peloponnesus", "mare_aegaeum", "mare_thracium", "ionia"} <= kept
    assert "persis" not in kept and "lusitania" not in kept
    assert len(kept) < len(whole["features"])
    for feature in part["features"]:
        for ring in feature_rings(feature):
            for x, y in ring:
                assert west - 1e-9 <= x <= east + 1e-9 and south - 1e-9 <= y <= north + 1e-9
    with pytest.raises(ValueError, match="no theatre"):
        theatre_frame(whole, game.id, "atlantis")


def test_a_scenario_shows_its_theatre_and_a_play_screen_only_a_safe_one() -> None:
    gallic = hcgames.load("conqueror-duels", scenario="gallic-wars")
    assert scenario_theatre(gallic) == "gaul"
    view = MapView(gallic.new_game(seed=0))
    assert view.theatre == "gaul" and "Gaul" in view.region_ids
    assert "Alexandria" not in view.region_ids
    # the whole map is open in the Gallic Wars: a play screen shows all of it
    assert play_theatre(gallic) is False
    assert len(MapView(gallic.new_game(seed=0), theatre=False).region_ids) == 26
    assert scenario_theatre(hcgames.load("conqueror-duels", scenario="standard")) is None


def test_the_salamis_map_names_its_places_in_full_size_type() -> None:
    game = hcgames.load("classical-conquests", players=2)
    focus = ["Attica", "Mare Aegaeum", "Mare Thracium", "Ionia"]
    view = MapView(game.new_game(seed=5), theatre="aegean", focus=focus)
    shown = {view.region_name(p.id): p for p in view.placed}
    for place in focus:
        assert shown[place].size >= 13 and shown[place].text == place, shown[place]
    # zoomed: the whole map's width now holds about a fifth of its places
    assert len(view.region_ids) < 30


def test_the_classical_region_views_are_theatres_with_buttons() -> None:
    """Lesson 24's whole map offers closer views of its regions (look 13): each is a
    theatre with a word for its button, and each shows far fewer places than the map."""
    game = hcgames.load("classical-conquests", players=2)
    whole = game.geojson()
    assert whole is not None
    data = theatres(game.id)
    assert data["views"]
    for key in data["views"]:
        spec = data["theatres"][key]
        assert spec["button"]
        part = crop(whole, theatre_frame(whole, game.id, key), keep_share=spec.get("keep_share", 0))
        shown = {str(f["id"]) for f in part["features"]}
        assert set(spec["places"]) <= shown and len(shown) < len(whole["features"]) / 2
