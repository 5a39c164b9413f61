"""Classical Conquests set-up: options, resource rolls as chance steps, first cities.

The helpers at the top build positions for the other files of tests/classical.

Covers ``hcgames.classical.state``, which has no test file of its own (see
tests/test_layout.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import hcgames
from hcgames.classical import ClassicalGame, ClassicalState
from hcgames.classical.actions import EndPhase, PlaceCity, ResourceRoll
from hcgames.classical.material import load_material
from hcgames.classical.moves import city_sites
from hcgames.core import CHANCE, IllegalAction
from tests.narrow import narrow

M = load_material()
LAND_FACE = {row.resource: row.low for row in M.land_table}
SEA_FACE = {row.resource: row.low for row in M.sea_table}


def rolled_game(
    civs: tuple[str, ...] = ("Romans", "Egyptians"),
    resources: dict[str, str] | None = None,
    seed: int = 0,
    **options: Any,
) -> ClassicalState:
    """A game whose resource rolls are all made: grain on land and salt at sea unless
    ``resources`` says otherwise (territory id -> resource name)."""
    game = ClassicalGame(players=len(civs), civilizations=list(civs), **options)
    state = game.new_game(seed)
    resources = resources or {}
    for terr in M.territories:
        default = "grain" if terr.land else "salt"
        name = resources.get(terr.id, default)
        face = (LAND_FACE if terr.land else SEA_FACE)[name]
        state.apply(ResourceRoll(terr.id, face))
    return state


def started_game(
    civs: tuple[str, ...] = ("Romans", "Egyptians"),
    cities: tuple[str, ...] = ("latium", "aegyptus_inferior"),
    resources: dict[str, str] | None = None,
    **options: Any,
) -> ClassicalState:
    """A game on round 1, produce phase of the first player, one city each."""
    state = rolled_game(civs, resources, **options)
    for territory in cities:
        state.apply(PlaceCity(territory))
    return state


def touch(state: ClassicalState) -> None:
    """Forget cached legal actions after a test edits a position by hand."""
    state._legal_cache = None
    state.move_cache = {}


def go_to(state: ClassicalState, phase: str) -> None:
    """End phases (rolling 1s for any dice on the way) until ``phase`` starts."""
    while state.phase != phase:
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(EndPhase(state.phase))


def idx(territory: str) -> int:
    return M.index[territory]


# --- options ------------------------------------------------------------------------


def test_players_two_to_six() -> None:
    for n in (2, 3, 4, 5, 6):
        game = hcgames.load("classical-conquests", players=n)
        assert game.num_players == n
        state = narrow(game.new_game(seed=n), ClassicalState)
        while state.phase != "produce":
            legal = state.legal_actions()
            state.apply(state.chance_outcomes()[0][0] if state.is_chance() else legal[0])
        assert len(set(state.civs)) == n
        assert sum(1 for lv in state.level if lv == 2) == n  # one first city each
    variants = ClassicalGame.variants()
    assert {v["players"] for v in variants} >= {2, 3, 4, 6}


def test_token_reduction_variant_is_tested_by_conformance() -> None:
    assert {"players": 2, "token_reduction": True} in ClassicalGame.variants()
    game = narrow(
        hcgames.load("classical-conquests", players=2, token_reduction=True), ClassicalGame
    )
    assert game.token_reduction is True


@pytest.mark.parametrize("name", ["colour", "player", "tokens"])
def test_unknown_option_raises_value_error_naming_it(name: str) -> None:
    with pytest.raises(ValueError, match=name):
        hcgames.load("classical-conquests", players=2, **{name: 1})


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"players": 7}, "players"),
        ({"players": 1}, "players"),
        ({"players": True}, "players"),
        ({"players": 2, "civilizations": ["Romans"]}, "civilizations"),
        ({"players": 2, "civilizations": ["Romans", "Vikings"]}, "civilizations"),
        ({"players": 2, "civilizations": ["Romans", "Romans"]}, "civilizations"),
        ({"players": 2, "civilizations": "Romans"}, "civilizations"),
        ({"players": 2, "max_turns": 0}, "max_turns"),
        ({"players": 2, "max_turns": "ten"}, "max_turns"),
    ],
)
def test_bad_options_name_the_option(options: dict[str, Any], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        ClassicalGame(**options)


def test_twelve_civilisations_with_the_books_starting_traits() -> None:
    expected = {
        "Minoans": {"shipbuilding", "arts"},
        "Egyptians": {"religion", "engineering"},
        "Sumerians": {"agriculture", "economics"},
        "Phoenicians": {"economics", "shipbuilding"},
        "Athenians": {"shipbuilding", "nautical"},
        "Spartans": {"military", "agriculture"},
        "Romans": {"government", "engineering"},
        "Macedonians": {"military", "economics"},
        "Babylonians": {"industry", "science"},
        "Persians": {"arts", "religion"},
        "Celts": {"arts", "agriculture"},
        "Goths": {"military", "metallurgy"},
    }
    assert {c.name: {t for t, _ in c.traits} for c in M.civilizations} == expected
    for name, traits in expected.items():
        state = ClassicalGame(
            players=2, civilizations=[name, "Romans" if name != "Romans" else "Goths"]
        ).new_game()
        assert {t for t in traits if state.level_of(0, t) == 1} == traits
        assert sum(state.levels[0]) == 2


def test_default_civilisations_are_drawn_from_the_seed() -> None:
    game = ClassicalGame(players=4)
    a, b = game.new_game(seed=5), game.new_game(seed=5)
    assert a.civs == b.civs and len(set(a.civs)) == 4
    assert {tuple(game.new_game(seed=s).civs) for s in range(8)} != {tuple(a.civs)}


# --- resource rolls ----------------------------------------------------------------------


def test_every_territory_rolls_its_table_as_a_chance_step() -> None:
    state = ClassicalGame(players=2).new_game(seed=1)
    for terr in M.territories:
        assert state.current_player == CHANCE
        outcomes = state.chance_outcomes()
        die = 8 if terr.land else 6
        assert [o for o, _ in outcomes] == [ResourceRoll(terr.id, f) for f in range(1, die + 1)]
        assert all(p == Fraction(1, die) for _, p in outcomes)
        state.apply(outcomes[-1][0])
    assert state.phase == "first cities"
    assert state.current_player == 0


def test_land_table() -> None:
    expected = ["grain", "herds", "wine", "olives", "wood", "iron", "stone", "gold"]
    cats = ["food", "food", "luxury", "luxury", "wood", "iron", "stone", "gold"]
    assert [M.table_row(True, f).resource for f in range(1, 9)] == expected
    assert [M.table_row(True, f).category for f in range(1, 9)] == cats


def test_sea_table() -> None:
    assert [M.table_row(False, f).resource for f in range(1, 7)] == (
        ["salt"] * 3 + ["fish"] * 2 + ["trade"]
    )
    assert [M.table_row(False, f).category for f in range(1, 7)] == (
        [None] * 3 + ["food"] * 2 + ["gold"]
    )


def test_research_table() -> None:
    assert list(M.research_table) == [
        "nautical",
        "military",
        "arts",
        "engineering",
        "agriculture",
        "industry",
        "metallurgy",
        "shipbuilding",
        "economics",
        "government",
        "science",
        "religion",
    ]


def test_a_rolled_resource_is_written_on_the_map() -> None:
    state = rolled_game(resources={"sicilia": "wine", "mare_ionium": "fish"})
    assert state.resource[idx("sicilia")] == "wine"
    assert state.category[idx("sicilia")] == "luxury"
    assert state.resource[idx("mare_ionium")] == "fish"
    assert state.category[idx("oceanus")] is None  # salt yields nothing


# --- first cities ------------------------------------------------------------------------


def test_no_city_within_two_spaces_of_another() -> None:
    state = rolled_game()
    state.apply(PlaceCity("latium"))
    sites = {M.territories[t].id for t in city_sites(state)}
    assert "latium" not in sites and "etruria" not in sites  # distance 1
    assert "sicilia" not in sites  # two steps across the Tyrrhenian sea
    assert "aegyptus_inferior" in sites
    for t in city_sites(state):
        assert M.distances[t][idx("latium")] >= 3
    with pytest.raises(IllegalAction, match="city placement"):
        state.apply(PlaceCity("sicilia"))
    with pytest.raises(IllegalAction, match="city placement"):
        state.apply(PlaceCity("mare_ionium"))


def test_crowded_map_allows_the_farthest_free_land() -> None:
    state = rolled_game(("Romans", "Egyptians", "Persians", "Celts"))
    for terr in M.territories:  # cities everywhere but two spots
        if terr.land and terr.id not in ("persis", "lusitania"):
            state.level[terr.index] = 2
            state.owner[terr.index] = 0
    touch(state)
    sites = city_sites(state)
    assert sites and all(M.territories[t].id in ("persis", "lusitania") for t in sites)


def test_after_the_cities_the_first_turn_starts_with_production() -> None:
    state = started_game()
    assert state.round == 1 and state.phase == "produce" and state.current_player == 0
    assert state.owner[idx("latium")] == 0 and state.level[idx("latium")] == 2
    assert state.owner[idx("aegyptus_inferior")] == 1
    assert state.player_name(0) == "Romans"


def test_class_game_homes_and_lands() -> None:
    """The class game founds Athens in Attica and Sparta in the Peloponnese (closer than
    the rulebook's spacing allows) and plays only in the Greek world: nothing settles,
    recruits or moves outside it, and a move there is refused with the reason."""
    import random

    from hcgames.classgame import class_game
    from hcgames.classical.bots import MediumBot

    game: Any = class_game("classical-conquests")
    state: Any = game.new_game(4)
    rng = random.Random(4)
    while state.phase in ("resource rolls", "first cities"):
        if state.is_chance():
            acts, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(acts, weights=[float(w) for w in weights])[0])
        else:
            legal = state.legal_actions()
            assert len(legal) == 1  # the home is the only site
            assert state.why_illegal(PlaceCity("cisalpina"))[1] == "set-up: homes"
            state.apply(legal[0])
    m = game.material
    assert state.owner[m.index["attica"]] == 0 and state.level[m.index["attica"]] == 2
    assert state.owner[m.index["peloponnesus"]] == 1
    closed = game.closed
    assert m.index["sicilia"] in closed and m.index["ionia"] not in closed
    bots = [MediumBot(0), MediumBot(1)]
    while not state.is_terminal():
        if state.is_chance():
            acts, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(acts, weights=[float(w) for w in weights])[0])
            continue
        for action in state.legal_actions():
            target = getattr(action, "to", getattr(action, "territory", None))
            if target is not None and type(action).__name__ != "Pay":
                assert m.index.get(str(target)) not in closed, action
        state.apply(bots[state.current_player].choose(state))
    held = {t for t, o in enumerate(state.owner) if o != -1}
    assert not held & closed


def test_option_lands_refuses_outside() -> None:
    from hcgames.classical.actions import Settle

    game = hcgames.load(
        "classical-conquests",
        civilizations=["Athenians", "Spartans"],
        homes=["attica", "peloponnesus"],
        lands="greek-world",
    )
    state = game.new_game(1)
    assert state.why_illegal(Settle("sicilia"))[1] == "class game: lands"
    with pytest.raises(ValueError):
        hcgames.load("classical-conquests", lands="atlantis")
    with pytest.raises(ValueError):
        hcgames.load("classical-conquests", homes=["attica"])
    with pytest.raises(ValueError):
        hcgames.load("classical-conquests", homes=["attica", "sicilia"], lands="greek-world")
