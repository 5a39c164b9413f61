"""Classical Conquests data: the map, the tables and the peoples are checked at load."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from hcgames.classical import ClassicalGame, material
from hcgames.classical.material import load_material
from hcgames.core import DataError
from hcgames.data import read_json, ring_is_clockwise
from hcgames.factions import contrast_ratio, side_style

M = load_material()


def _outer_rings(feature: dict[str, Any]) -> list[list[list[float]]]:
    geom = feature["geometry"]
    polygons = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
    return [poly[0] for poly in polygons]


def test_map_size_and_share_of_land() -> None:
    land = sum(1 for t in M.territories if t.land)
    assert 40 <= len(M.territories) <= 60
    assert 0.6 <= land / len(M.territories) <= 0.72  # about two thirds


def test_geojson_outer_rings_run_clockwise_with_real_coordinates() -> None:
    geo = ClassicalGame().geojson()
    assert {f["id"] for f in geo["features"]} == set(M.index)
    for feature in geo["features"]:
        for ring in _outer_rings(feature):
            assert ring_is_clockwise(ring[:-1]), feature["id"]
            for lon, lat in ring:
                assert -13 <= lon <= 57 and 22 <= lat <= 49  # Atlantic to Persia


def test_geography_is_real() -> None:
    def near(territory: str, lon: float, lat: float) -> bool:
        label = M.territories[M.index[territory]].label
        return abs(label[0] - lon) < 2.5 and abs(label[1] - lat) < 2.5

    assert near("latium", 12.5, 41.9)  # Rome
    assert near("aegyptus_inferior", 31.2, 30.0)  # Memphis
    assert near("attica", 23.7, 38.0)  # Athens
    assert near("babylonia", 44.4, 32.5)  # Babylon
    assert near("persis", 52.9, 29.9)  # Persepolis


def test_adjacency_is_symmetric_and_coasts_touch_the_sea() -> None:
    for t in M.territories:
        assert t.index not in t.neighbours
        for n in t.neighbours:
            assert t.index in M.territories[n].neighbours
        touches_sea = any(not M.territories[n].land for n in t.neighbours)
        assert t.coastal == (t.land and touches_sea)
    names = {M.territories[n].id for n in M.territories[M.index["sicilia"]].neighbours}
    assert "magna_graecia" in names  # the Strait of Messina


def test_every_territory_can_be_reached() -> None:
    assert all(max(row) < len(M.territories) for row in M.distances)


def test_each_home_is_land_on_the_map() -> None:
    for civ in M.civilizations:
        assert M.territories[M.index[civ.home]].land


def _broken(monkeypatch: pytest.MonkeyPatch, edits: dict[str, Any]) -> DataError:
    def fake(*parts: str) -> Any:
        doc = copy.deepcopy(read_json(*parts))
        edit = edits.get(parts[-1])
        if edit:
            edit(doc)
        return doc

    monkeypatch.setattr(material, "read_json", fake)
    with pytest.raises(DataError) as info:
        material.load_material.__wrapped__()
    return info.value


def test_all_problems_are_reported_together(monkeypatch: pytest.MonkeyPatch) -> None:
    def map_edit(doc: dict[str, Any]) -> None:
        doc["territories"][0]["neighbours"].append("atlantis")
        doc["territories"][1]["kind"] = "swamp"

    def table_edit(doc: dict[str, Any]) -> None:
        doc["land_table"]["rows"].pop()

    def civ_edit(doc: dict[str, Any]) -> None:
        doc["civilizations"][0]["traits"] = {"sorcery": 1, "arts": 1}

    def geo_edit(doc: dict[str, Any]) -> None:
        ring = doc["features"][0]["geometry"]["coordinates"][0]
        ring.reverse()

    error = _broken(
        monkeypatch,
        {
            "territories.json": map_edit,
            "tables.json": table_edit,
            "civilizations.json": civ_edit,
            "map.geojson": geo_edit,
        },
    )
    text = str(error)
    assert "atlantis" in text
    assert "swamp" in text
    assert "cover each face" in text
    assert "sorcery" in text
    assert "clockwise" in text
    assert len(error.problems) >= 5


def test_rules_numbers_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    def rules_edit(doc: dict[str, Any]) -> None:
        doc["book"]["army_moves"] = 0
        del doc["ours"]["unit_supply"]

    error = _broken(monkeypatch, {"rules.json": rules_edit})
    assert any("army_moves" in p for p in error.problems)
    assert any("unit_supply" in p for p in error.problems)


def test_the_peoples_carry_history() -> None:
    for civ in M.civilizations:
        assert civ.start < civ.end
        assert civ.built and len(civ.summary.split()) > 20
    egypt = M.civ("Egyptians")
    assert egypt.start == -3100 and egypt.end == -30
    assert M.civ("Goths").start > 0  # the Goths are the only people of our era


def test_the_twelve_peoples_differ_by_pattern_or_by_greyscale() -> None:
    """Lesson 23's look: Macedonians and Phoenicians (purple hatch), Romans and Spartans
    (red hatch), Athenians and Minoans (blue stripes) looked alike. Any two peoples now
    differ in hatch pattern, or by 3:1 in grey (what a washed-out projector keeps)."""
    styles = [side_style(civ.name) for civ in load_material().civilizations]
    assert all(styles) and len(styles) == 12
    for a, b in itertools.combinations(styles, 2):
        assert a is not None and b is not None
        assert a.pattern != b.pattern or contrast_ratio(a.colour, b.colour) >= 3.0, (a, b)
