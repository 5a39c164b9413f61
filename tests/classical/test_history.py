"""Classical Conquests: the history in the data matches the map and the sources."""

from __future__ import annotations

from typing import Any

from hcgames.classical.material import load_material

M = load_material()


def _inside(point: tuple[float, float], ring: list[list[float]]) -> bool:
    x, y = point
    hit = False
    for i in range(len(ring)):
        (x1, y1), (x2, y2) = ring[i], ring[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def territory_at(lon: float, lat: float) -> str | None:
    for feature in M.geojson["features"]:
        geometry: dict[str, Any] = feature["geometry"]
        polygons = (
            geometry["coordinates"]
            if geometry["type"] == "MultiPolygon"
            else [geometry["coordinates"]]
        )
        for polygon in polygons:
            if _inside((lon, lat), polygon[0]) and not any(
                _inside((lon, lat), hole) for hole in polygon[1:]
            ):
                return str(feature["id"])
    return None


def today(territory: str) -> str:
    return M.territories[M.index[territory]].today


def test_latium_description_matches_its_borders() -> None:
    assert territory_at(12.5, 41.9) == "latium"  # Rome
    assert territory_at(14.25, 41.08) == "latium"  # Capua
    assert territory_at(14.2, 42.46) == "latium"  # Pescara, on the Adriatic
    assert territory_at(14.25, 40.85) == "latium"  # Naples, on the Natural Earth borders
    assert territory_at(14.49, 40.75) == "magna_graecia"  # Pompeii
    assert territory_at(14.77, 40.68) == "magna_graecia"  # Salerno
    assert "Abruzzo" in today("latium") and "Naples falls inside Latium" in today("latium")
    assert "Pompeii" in today("magna_graecia")


def test_galatia_description_matches_its_borders() -> None:
    assert territory_at(32.85, 39.93) == "galatia"  # Ankara
    assert territory_at(32.5, 37.87) == "galatia"  # Konya
    assert territory_at(30.7, 36.9) == "galatia"  # Antalya, on the south coast
    assert {"Ankara", "Konya", "Antalya"} <= set(today("galatia").replace(",", "").split())


def test_persis_description_matches_its_borders() -> None:
    assert territory_at(52.89, 29.93) == "persis"  # Persepolis
    assert territory_at(48.26, 32.19) == "sumer"  # Susa, in Khuzestan
    assert "lies in the game's Sumer" in today("persis")


def test_romans_never_held_the_persis_coast() -> None:
    persis = M.territories[M.index["persis"]]
    assert persis.coastal and M.index["sinus_persicus"] in persis.neighbours
    summary = M.civ("Romans").summary
    # the people card says where the frontier stopped; the Persis coast is the map's point
    # (lesson 23), and naming the Gulf beside the Mediterranean confused readers (issue 37)
    assert "Euphrates" in summary and "Persian Gulf" not in summary


def test_oium_was_a_region_not_a_capital() -> None:
    assert M.civ("Goths").capital == "none fixed; Oium was a region"


def test_bibracte_was_the_aedui_town_not_a_celtic_capital() -> None:
    assert M.civ("Celts").capital == "none shared; Bibracte was the Aedui's town"
