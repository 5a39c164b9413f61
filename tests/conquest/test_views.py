"""View hooks: region views, action regions, scores, descriptions and the board drawing."""

from __future__ import annotations

import pytest

from hcgames.conquest import ConquestGame, Move, Refuse
from hcgames.conquest.state import ConquestState
from tests.narrow import finished, narrow


def test_region_views_label_every_stack() -> None:
    state = narrow(
        ConquestGame.position(
            {
                "W-ship1": "c2",
                "W-elephant1": "W-ship1",
                "W-soldier1": "W-elephant1",
                "B-knight1": "e12",
            }
        ).new_game(),
        ConquestState,
    )
    views = state.region_views()
    assert set(views) == set(state.game.board.spaces)
    assert views["c2"]["owner"] == 0 and views["c2"]["label"] == "Sh:E+S"
    assert (
        "White ship 1 carrying White elephant 1 carrying White soldier 1" in views["c2"]["tooltip"]
    )
    assert views["e12"]["owner"] == 1 and views["e12"]["label"] == "K"
    assert views["e12"]["piece"] == "K" and views["e12"]["riders"] == ""
    assert views["c2"]["piece"] == "Sh" and views["c2"]["riders"] == "E+S"
    assert views["d2"]["owner"] is None


def test_action_regions_are_from_and_to() -> None:
    state = narrow(ConquestGame().new_game(), ConquestState)
    move = next(a for a in state.legal_actions() if isinstance(a, Move))
    assert state.action_regions(move) == (state.where[move.piece], move.to)


def test_scores_and_describe_report_capitol_spaces() -> None:
    state = narrow(
        ConquestGame.position(
            {"W-soldier1": "f13", "W-soldier2": "h13", "W-knight1": "d4", "B-knight1": "p10"}
        ).new_game(),
        ConquestState,
    )
    assert state.scores() == {0: 2.0, 1: 0.0}
    assert "holds 2 of Black's capitol spaces" in state.describe()


def test_occupying_the_fifth_space_by_capture_waits_for_the_recapture() -> None:
    pieces = {
        "W-soldier1": "f13",
        "W-soldier2": "h13",
        "W-soldier3": "j13",
        "W-soldier4": "l13",
        "W-knight1": "n12",
        "B-soldier1": "n13",
        "B-elephant1": "m12",
    }
    state = narrow(ConquestGame.position(pieces).new_game(), ConquestState)
    state.apply(Move("W-knight1", "n13"))
    assert state.phase == "recapture" and not state.is_terminal()
    refused = state.copy()
    refused.apply(Refuse())
    assert finished(refused).winners == (0,)
    state.apply(Move("B-elephant1", "n12"))  # first of two needed steps
    state.apply(Move("B-elephant1", "n13"))
    assert not state.is_terminal() and state.occupied_capitol(0) == 4


def test_board_drawing_highlights_moves() -> None:
    pytest.importorskip("bqplot")
    from hcgames.widgets.maps import TARGET
    from hcgames.widgets.maps import piece_board as ConquestBoard

    state = narrow(ConquestGame().new_game(), ConquestState)
    view = ConquestBoard(state)
    assert view.click("d2") == ["d3", "e2", "c2"]
    assert "Picked White knight 1" in view.text and "W-knight1" not in view.text
    assert view.highlighted == ["d3", "e2", "c2"]
    fills = dict(zip(view.region_ids, view.nodes.colors, strict=True))
    assert {s for s, f in fills.items() if f == TARGET} == {"d3", "e2", "c2"}
    assert view.click("e5") == []  # an empty space picks nothing


def test_piece_and_capture_tables_agree_with_the_rules() -> None:
    from hcgames.conquest.views import capture_rows, piece_rows

    game = ConquestGame()
    pieces = {row["piece"]: row for row in piece_rows(game)}
    assert {k: r["moves a turn"] for k, r in pieces.items()} == {
        "soldier": 2,
        "elephant": 6,
        "chariot": 8,
        "knight": 6,
        "ship": 6,
        "galleon": 8,
    }
    captures = {row["may take"]: row for row in capture_rows(game)}
    assert captures["soldier"]["elephant"] == "no"
    assert captures["elephant"]["soldier"] == "yes"
    assert captures["knight"]["ship"] == "at port"
    assert captures["ship"]["soldier"] == "no" and captures["galleon"]["ship"] == "yes"
