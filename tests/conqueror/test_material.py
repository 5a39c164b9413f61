"""Conqueror: Duels setups unit for unit, and the checks on the map data.

Covers ``hcgames.conqueror.game``, which has no test file of its own (see
tests/test_layout.py).
"""

from __future__ import annotations

import copy
import json

import networkx as nx
import pytest

import hcgames
from hcgames.conqueror import material
from hcgames.conqueror.actions import (
    Move,
)
from hcgames.core import DataError
from hcgames.data import ring_is_clockwise
from tests.conqueror.conftest import new, owner_name, pass_until, play

# The booklet's setup tables, typed in from the booklet (faction -> territory -> (C, I)).
BOOK_SETUPS: dict[str, dict[str, dict[str, tuple[int, int]]]] = {
    "standard": {
        "Carthage": {"Carthage": (1, 0), "Numidia": (0, 1)},
        "Rome": {"Rome": (1, 0), "Brundisium": (0, 1)},
        "the independent army": {
            "Gaul": (1, 1),
            "Alpes": (1, 1),
            "Macedonia": (2, 0),
            "Asia Minor": (1, 1),
            "Alexandria": (2, 0),
        },
    },
    "second-punic-war": {
        "Carthage": {
            "Espanga": (2, 1),
            "Cyrene": (1, 0),
            "Carthage": (2, 0),
            "Numidia": (0, 1),
            "Berber": (0, 1),
        },
        "Rome": {
            "Rome": (2, 1),
            "Alpes": (1, 0),
            "Sicily": (0, 1),
            "Brundisium": (0, 1),
            "Sardinia": (0, 1),
        },
        "the independent army": {
            "Germania": (3, 0),
            "Gaul": (0, 2),
            "Celtica": (2, 0),
            "Illyria": (0, 2),
            "Macedonia": (2, 0),
            "Libya": (2, 0),
        },
    },
    "gallic-wars": {
        "Gaul": {"Gaul": (2, 1), "Germania": (2, 1), "Celtica": (2, 2)},
        "Rome": {
            "Alpes": (2, 1),
            "Rome": (1, 0),
            "Espanga": (1, 1),
            "Macedonia": (1, 0),
            "Carthage": (0, 1),
            "Sicily": (0, 1),
            "Brundisium": (0, 1),
            "Sardinia": (0, 1),
        },
        "the independent army": {"Alexandria": (2, 0), "Asia Minor": (2, 0)},
    },
    "alexanders-conquest": {
        "Greece": {"Macedonia": (1, 1), "Thracia": (1, 2), "Rhodes": (0, 1), "Crete": (0, 1)},
        "Persia": {
            "Asia Minor": (2, 1),
            "Syria": (1, 2),
            "Alexandria": (1, 0),
            "Thebes": (1, 0),
            "Babylon": (2, 0),
            "Palestina": (1, 0),
            "Cappadocia": (0, 1),
            "Cyprus": (0, 1),
            "Caucasus": (0, 1),
        },
        "the independent army": {"Libya": (3, 0), "Raetia": (3, 0)},
    },
    "rome-vs-persia": {
        "Rome": {
            **{t: (1, 0) for t in ("Iberia", "Cyrene", "Illyria", "Celtica", "Avern", "Raetia")},
            **{t: (2, 0) for t in ("Carthage", "Alpes", "Rome", "Gaul")},
            **{
                t: (0, 1)
                for t in (
                    "Numidia",
                    "Berber",
                    "Sicily",
                    "Sardinia",
                    "Brundisium",
                    "Germania",
                    "Espanga",
                    "Palma",
                )
            },
        },
        "Persia": {
            **{t: (2, 0) for t in ("Macedonia", "Alexandria", "Asia Minor", "Babylon")},
            **{t: (1, 0) for t in ("Cappadocia", "Libya", "Thracia")},
            **{
                t: (0, 1)
                for t in (
                    "Sparta",
                    "Crete",
                    "Rhodes",
                    "Thebes",
                    "Palestina",
                    "Syria",
                    "Caucasus",
                    "Cyprus",
                )
            },
        },
        "the independent army": {"Britannia": (2, 0)},
    },
    "first-syrian-war": {
        "Egypt": {"Libya": (1, 0), "Thebes": (0, 1), "Palestina": (1, 0)},
        "Persia": {"Babylon": (1, 0), "Asia Minor": (1, 0), "Syria": (1, 0), "Cappadocia": (0, 1)},
        "the independent army": {
            "Cyrene": (2, 0),
            "Thracia": (2, 0),
            "Macedonia": (3, 0),
            "Carthage": (3, 0),
        },
    },
}

FIRST_TO_ACT = {
    "standard": "Carthage",
    "second-punic-war": "Carthage",
    "gallic-wars": "Rome",
    "alexanders-conquest": "Greece",
    "rome-vs-persia": "Rome",
    "first-syrian-war": "Egypt",
}

BOOK_NAMES = [
    "Carthage", "Numidia", "Berber", "Rome", "Brundisium", "Gaul", "Alpes", "Macedonia",
    "Asia Minor", "Alexandria", "Espanga", "Cyrene", "Sicily", "Sardinia", "Germania",
    "Celtica", "Illyria", "Libya",
]  # fmt: skip
BOOK_NAMES_5_6 = [
    *BOOK_NAMES, "Thracia", "Rhodes", "Crete", "Syria", "Thebes", "Babylon", "Palestina",
    "Cappadocia", "Cyprus", "Caucasus", "Raetia", "Iberia", "Avern", "Palma", "Sparta",
    "Britannia",
]  # fmt: skip


@pytest.mark.parametrize("scenario", sorted(BOOK_SETUPS))
def test_setup_matches_the_booklet_unit_for_unit(scenario: str) -> None:
    state = new(scenario)
    found: dict[str, dict[str, tuple[int, int]]] = {}
    for t, name in enumerate(state.game.names):
        if state.cav[t] or state.inf[t]:
            found.setdefault(state.player_name(state.owner[t]), {})[name] = (
                state.cav[t],
                state.inf[t],
            )
    assert found == BOOK_SETUPS[scenario]
    assert state.game.player_names[0] == FIRST_TO_ACT[scenario]


@pytest.mark.parametrize("scenario", sorted(BOOK_SETUPS))
def test_every_side_starts_within_its_food_limit(scenario: str) -> None:
    state = new(scenario)
    for p in (0, 1):
        assert state.units_of(p) <= state.unit_cap(p)


def test_starting_gold_and_heroes() -> None:
    gaul = new("gallic-wars")
    assert gaul.gold[1] == 5  # Gaul's round-1 income comes when it plans, after Rome
    held = [gaul.game.heroes[h].id for h, o in enumerate(gaul.hero_owner) if o == 1]
    assert held == ["ambiorix"]
    greece = new("alexanders-conquest")
    assert greece.gold[0] == 5 + greece.income_of(0)
    egypt = new("first-syrian-war")
    assert egypt.gold[0] == 3 + egypt.income_of(0)
    assert [egypt.game.heroes[h].id for h, o in enumerate(egypt.hero_owner) if o == 0] == [
        "cleopatra"
    ]
    # scenario 5: Egypt holds its empty capital Alexandria from the start
    assert egypt.owner[egypt.game.index["Alexandria"]] == 0


def test_scenario_bonuses() -> None:
    spw = new("second-punic-war").game
    rome, carthage = spw.index["Rome"], spw.index["Carthage"]
    assert spw.defence[1][rome] == 6 and spw.defence[0][carthage] == 4
    assert spw.defence[0][spw.index["Espanga"]] == 1  # Carthaginian great fort
    assert spw.defence[0][spw.index["Numidia"]] == 0  # other Carthaginian land
    assert spw.defence[0][spw.index["Mare Africum"]] == 1  # but the sea still +1
    assert spw.defence[2][spw.index["Alpes"]] == 2  # independents: the usual bonuses
    gallic = new("gallic-wars").game
    assert gallic.defence[0][gallic.index["Rome"]] == 5
    assert gallic.defence[1][gallic.index["Gaul"]] == 5
    assert gallic.defence[1][gallic.index["Celtica"]] == 2
    assert gallic.defence[1][gallic.index["Germania"]] == 2
    alexander = new("alexanders-conquest").game
    assert alexander.unit_strength == ((2, 2), (2, 1))
    persia = new("rome-vs-persia").game
    # only Rome and Babylon are capitals; Carthage and Alexandria are great forts
    assert persia.defence[0][persia.index["Rome"]] == 4
    assert persia.defence[1][persia.index["Babylon"]] == 4
    assert persia.defence[0][persia.index["Carthage"]] == 2
    assert persia.defence[1][persia.index["Alexandria"]] == 2


def test_scenario_limits() -> None:
    spw = new("second-punic-war").game
    closed = {n for t, n in enumerate(spw.names) if spw.closed[t]}
    assert {"Asia Minor", "Alexandria"} <= closed
    assert "Libya" not in closed and "Macedonia" not in closed
    alexander = new("alexanders-conquest").game
    closed = {n for t, n in enumerate(alexander.names) if alexander.closed[t]}
    assert {"Rome", "Carthage", "Cyrene", "Gaul", "Iberia"} <= closed
    assert "Libya" not in closed and "Raetia" not in closed
    syrian = new("first-syrian-war").game
    closed = {n for t, n in enumerate(syrian.names) if syrian.closed[t]}
    assert {"Rome", "Carthage", "Illyria"} <= closed
    assert "Cyrene" not in closed and "Macedonia" not in closed


def test_book_territory_names_exist_on_the_maps() -> None:
    m = material.load_material()
    for name in BOOK_NAMES:
        assert name in m.maps["3-4"].index
    for name in BOOK_NAMES_5_6:
        assert name in m.maps["5-6"].index


@pytest.mark.parametrize("key", ["3-4", "5-6"])
def test_maps_are_sound(key: str) -> None:
    board = material.load_material().maps[key]
    graph = nx.Graph()
    for t in board.territories:
        for n in t.neighbours:
            assert t.index in board.territories[n].neighbours
            graph.add_edge(t.name, board.territories[n].name)
    assert nx.is_connected(graph)
    for feature in board.geojson["features"]:
        assert ring_is_clockwise(feature["geometry"]["coordinates"][0])
        assert feature["properties"]["kind"] in ("land", "sea")
    assert any(t.is_sea for t in board.territories)


def test_the_links_the_booklet_implies() -> None:
    maps = material.load_material().maps
    for key in ("3-4", "5-6"):
        board = maps[key]

        def linked(a: str, b: str, board: material.MapData = board) -> bool:
            return board.index[b] in board.territory(a).neighbours

        assert linked("Berber", "Cyrene") and linked("Rome", "Alpes")
        assert any(board.territories[n].is_sea for n in board.territory("Carthage").neighbours)
    assert maps["5-6"].index["Babylon"] in maps["5-6"].territory("Palestina").neighbours
    assert maps["5-6"].index["Babylon"] in maps["5-6"].territory("Syria").neighbours


def test_food_values_reproduce_the_booklet() -> None:
    board = material.load_material().maps["5-6"]
    assert board.territory("Libya").food == 2 and board.territory("Asia Minor").food == 3
    small = material.load_material().maps["3-4"]
    assert small.territory("Gaul").food == 1
    assert small.territory("Germania").food == 0 and small.territory("Celtica").food == 0


def test_scenario_4_forts_follow_its_points_table() -> None:
    board = material.load_material().maps["5-6"]
    forts = {t.name: t.fort for t in board.territories if t.fort != "none"}
    assert {n for n, f in forts.items() if f == "capital"} == {
        "Rome",
        "Babylon",
        "Macedonia",
        "Carthage",
        "Alexandria",
        "Gaul",
    }
    assert {n for n, f in forts.items() if f == "great"} == {"Alpes", "Iberia", "Asia Minor"}
    assert {n for n, f in forts.items() if f == "small"} == {
        "Cyrene",
        "Sparta",
        "Palma",
        "Celtica",
        "Syria",
        "Sicily",
        "Palestina",
        "Cyprus",
        "Thebes",
    }


def test_bad_data_lists_every_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken map and a broken scenario are reported together in one DataError."""
    real_read = material.read_json

    def broken(*parts: str) -> object:
        data = copy.deepcopy(real_read(*parts))
        if parts[-1] == "maps.json":
            terr = data["maps"]["3-4"]["territories"]
            terr["Rome"]["neighbours"].append("Libya")  # one-way link
            terr["Sicily"]["food"] = 99
        if parts[-1] == "scenarios.json":
            data["standard"]["setup"]["Rome"]["Atlantis"] = [1, 0]
        if parts[-1].endswith(".geojson") and parts[-1] == "map-3-4.geojson":
            data["features"][0]["geometry"]["coordinates"][0].reverse()
        return data

    material.load_material.cache_clear()
    monkeypatch.setattr(material, "read_json", broken)
    try:
        with pytest.raises(DataError) as info:
            material.load_material()
        text = str(info.value)
        assert "Rome lists Libya but not the other way round" in text
        assert "food must be 0-5" in text
        assert "'Atlantis' is not a territory" in text
        assert "must run clockwise" in text
        assert len(info.value.problems) >= 4
    finally:
        monkeypatch.undo()
        material.load_material.cache_clear()
    json.dumps(material.load_material().rules)


def test_unknown_scenario_is_refused() -> None:
    with pytest.raises(ValueError, match="scenario must be one of"):
        hcgames.load("conqueror-duels", scenario="punic-war")
    with pytest.raises(ValueError, match="unknown option"):
        hcgames.load("conqueror-duels", players=3)


# --- the 5-6 player map ----------------------------------------------------------------
def test_cyrene_and_carthage_are_linked_on_the_5_6_map() -> None:
    """The booklet's scenario 4 example: Rome moves every unit out of Cyrene into
    Carthage, and Cyrene, left empty, turns independent at the next planning phase."""
    state = new("rome-vs-persia")
    g = state.game
    assert g.index["Carthage"] in g.neighbours[g.index["Cyrene"]]
    assert g.index["Cyrene"] in g.neighbours[g.index["Carthage"]]
    pass_until(state, 1, "action", 0)
    play(state, Move("Cyrene", "Carthage", 1, 0))  # Cyrene's whole garrison
    assert owner_name(state, "Cyrene") == "nobody"
    pass_until(state, 2, "planning", 0)
    cyrene = g.index["Cyrene"]
    assert owner_name(state, "Cyrene") == "the independent army"
    assert (state.cav[cyrene], state.inf[cyrene]) == (0, 1)  # a small fort: 1 infantry
