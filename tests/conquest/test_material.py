"""The substitute board, scenarios and puzzles are checked when they load."""

from __future__ import annotations

import copy
import json

import pytest

from hcgames.conquest import ConquestGame
from hcgames.conquest.board import Board
from hcgames.conquest.material import load_rules
from hcgames.conquest.state import ConquestState
from hcgames.conquest.teach import load_puzzles
from hcgames.core import DataError
from hcgames.data import data_path
from tests.narrow import narrow


def raw_board() -> dict:
    return json.loads(data_path("conquest", "board.json").read_text(encoding="utf-8"))


def test_board_loads_and_is_labelled_as_ours() -> None:
    raw = raw_board()
    assert raw["ours"] is True and "our own design" in raw["note"]
    board = Board(raw, load_rules())
    assert 80 <= len(board.land) <= 140 and 40 <= len(board.sea) <= 80
    assert len(board.bridges) >= 2 and len(board.dock) >= 8
    islands = {s.get("island") for s in raw["spaces"] if s["kind"] == "land"}
    assert len(islands) >= 4  # two home islands and at least two more


def test_bridges_span_sea_that_ships_still_sail() -> None:
    board = Board(raw_board(), load_rules())
    for a, b, over in board.bridges:
        assert a in board.land and b in board.land and over in board.sea
        assert board.lanes[over]  # ships pass under the bridge


def test_starting_spaces_are_marked_for_every_piece() -> None:
    board = Board(raw_board(), load_rules())
    assert len(board.start) == 52
    for piece, space in board.start.items():
        assert (space in board.sea) == (piece[2:].startswith(("ship", "galleon")))


def test_every_problem_is_reported_at_once() -> None:
    raw = raw_board()
    bad = copy.deepcopy(raw)
    spaces = {s["id"]: s for s in bad["spaces"]}
    spaces["f1"]["roads"] = ["f2", "h1"]  # capitol spaces linked, two roads
    spaces["d4"]["roads"].remove("e4")  # one-way road
    spaces["c5"]["kind"] = "land"  # breaks symmetry and the sea
    bad["start"]["W-knight1"] = "c3"  # a knight at sea
    with pytest.raises(DataError) as info:
        Board(bad, load_rules())
    text = str(info.value)
    for words in (
        "exactly one road",
        "may not be linked",
        "not listed back",
        "point-symmetric",
        "must start on land",
    ):
        assert words in text
    assert len(info.value.problems) >= 5


def test_asymmetric_start_is_refused() -> None:
    raw = raw_board()
    raw["start"]["B-knight1"], raw["start"]["B-knight2"] = (
        raw["start"]["B-knight2"],
        raw["start"]["B-knight1"],
    )
    with pytest.raises(DataError, match="not placed point-symmetrically"):
        Board(raw, load_rules())


def test_board_layout_for_views() -> None:
    layout = ConquestGame().board_layout()
    kinds = {n["kind"] for n in layout["nodes"].values()}
    assert {"land", "sea", "port", "capitol-white", "capitol-black"} <= kinds
    edge_kinds = {k for _, _, k in layout["edges"]}
    assert edge_kinds == {"road", "bridge", "lane", "dock"}
    for node in layout["nodes"].values():
        assert isinstance(node["x"], int | float) and isinstance(node["y"], int | float)


def test_skirmish_scenario_and_puzzles_load() -> None:
    state = narrow(ConquestGame(scenario="skirmish").new_game(), ConquestState)
    assert state.land_pieces(0) == state.land_pieces(1)
    puzzles = load_puzzles()
    assert len(puzzles) >= 5
    assert len({p.id for p in puzzles}) == len(puzzles)


def test_odds_table_explains_there_are_no_dice() -> None:
    text = ConquestGame().odds_table()
    assert "no dice" in text and "soldier" in text and "galleon" in text
