"""View hooks: region views, action regions, scores, descriptions and the board drawing."""

from __future__ import annotations

import re

import pytest

from hcgames.conquest import ConquestGame, Move, Refuse
from hcgames.conquest.state import ConquestState
from hcgames.conquest.views import unnumbered
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
    # named as the board shows them, without numbers it never draws (look 10, lesson 34)
    assert (
        "The White ship carrying the White elephant carrying the White soldier"
        in views["c2"]["tooltip"]
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
    # the piece by its kind, not its number ("White knight 1" read as a program's name)
    assert "Picked the White knight:" in view.text and "W-knight1" not in view.text
    assert view.highlighted == ["d3", "e2", "c2"]
    fills = dict(zip(view.region_ids, view.nodes.colors, strict=True))
    assert {s for s, f in fills.items() if f == TARGET} == {"d3", "e2", "c2"}
    assert view.click("e5") == []  # an empty space picks nothing


def test_a_knight_riding_through_its_own_men_is_clicked_on_and_rides_on() -> None:
    """Lesson 30's own example: the knight on h2 rides through the elephant on g2. It
    is drawn on top there (a click on g2 picks it, not the elephant), stays picked with
    its next squares in gold, and a click on one of them finishes its move."""
    pytest.importorskip("bqplot")
    from hcgames.widgets.maps import piece_board as ConquestBoard

    state = narrow(ConquestGame().new_game(), ConquestState)
    view = ConquestBoard(state)
    assert "g2" in view.click("h2")
    assert view.click("g2") == ["f2", "g3", "h2"]  # the ride goes on, the knight picked
    riding = narrow(view.state, ConquestState)
    knight = riding.transit
    assert knight == "W-knight2" and view.picked == knight
    drawn = riding.region_views()["g2"]
    assert drawn["piece"] == "K" and drawn["riders"] == "E"
    assert drawn["units"][0][0] == knight  # a click on g2 picks the knight
    view.clear_selection()
    assert view.click("g2") == ["f2", "g3", "h2"]
    view.click("f2")  # onto a soldier: still riding through its own men
    riding = narrow(view.state, ConquestState)
    assert riding.transit == knight and view.picked == knight
    assert riding.top["f2"] == "W-soldier6" and riding.top["g2"] == "W-elephant2"
    assert "f3" in view.targets
    view.click("f3")  # an empty space: the ride ends there
    done = narrow(view.state, ConquestState)
    assert done.transit is None and done.where[knight] == "f3"


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


def test_a_finished_class_game_is_recorded_in_pieces_and_rounds() -> None:
    """My work's row of a CONQUEST game says what a student can check on the board:
    pieces left and taken, and why the game ended; and six rounds for six turns each
    (not "White 0, Black 0" in capitol spaces and "13 rounds" from the turn number)."""
    from hcgames.bots import GreedyBot
    from hcgames.classgame import class_game

    game = class_game("conquest-1972")
    assert isinstance(game, ConquestGame)
    state = narrow(game.new_game(3), ConquestState)
    assert game.rounds_played(state) == 1
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    assert game.rounds_played(state) == 6
    words = state.record_words()
    left = [len(state.pieces_of(p)) for p in (0, 1)]
    began = [len(narrow(game.new_game(), ConquestState).pieces_of(p)) for p in (0, 1)]
    assert words.startswith(
        f"White {left[0]} pieces left, took {began[1] - left[1]}; "
        f"Black {left[1]} pieces left, took {began[0] - left[0]}. The last turn"
    )


def test_the_stepper_says_play_to_the_turns_end_and_the_log_says_when_once() -> None:
    """Lesson 30's second board: the button says what it does in a class's words, and
    the log's line for a new turn reads "Turn 2: Black has 20 moves." (not "Turn 2,
    moving: Turn 2: Black has 20 moves.")."""
    pytest.importorskip("bqplot")
    from hcgames.widgets import GameStepper

    stepper = GameStepper(ConquestGame().new_game(), bots=["greedy", "greedy"], seed=1)
    assert stepper.phase_button.description == "Play to the turn's end"
    stepper.play_to_phase_end()
    log = stepper.event_log.output.outputs[0]["data"]["text/html"]
    assert "Turn 2: Black has 20 moves." in log and "moving:</span> Turn 2:" not in log
    # look 8: "Turn 1, moving: White soldier 9 moves from g3" read "9 moves"; a move is
    # led by its turn alone and its piece named as the board shows it
    assert "moving:" not in log and "Turn 1:</span> The White " in log
    assert not re.search(r"(soldier|elephant|chariot|knight|ship|galleon) \d", log)


def test_the_board_line_says_a_knight_s_ride_once_and_without_numbers() -> None:
    """Look 8, lesson 30: "White knight 2 passes through h1, held by White soldier 2 ...
    White knight 2 is passing through its own men. Picked the White knight"."""
    pytest.importorskip("bqplot")
    from hcgames.widgets.maps import piece_board

    board = piece_board(ConquestGame().new_game())
    board.click("h2")
    board.click("h1")
    assert board.text.startswith("The White knight passes through h1, held by the White ")
    assert "is passing through its own men" not in board.text
    assert not re.search(r"(soldier|elephant|knight) \d", board.text)


def test_a_piece_that_cannot_move_is_told_why() -> None:
    """Look 6, lesson 34: "From j11 it may go to: nowhere." gave no reason, and said
    the same of an empty space."""
    game = ConquestGame.position(
        {"W-soldier1": "j11", "W-knight1": "e3", "B-soldier1": "p12"},
        used={"W-soldier1": 2},
    )
    state = narrow(game.new_game(), ConquestState)
    assert state.stuck_words("j11") == (
        "This soldier has used its 2 steps this turn (a soldier has 2 steps a turn)."
    )
    assert state.stuck_words("e3") == ""  # the knight can move
    assert state.stuck_words("a1") == "No piece here."
    assert state.stuck_words("p12") == "It is Black's piece, and White plays now."


def test_the_board_says_where_the_turn_stands_in_plain_words() -> None:
    """Look 6, lesson 30: "Turn 2, moving. White has pieces on 24 spaces..." read
    like a program's fields; pills "moving / a recapture" looked like buttons."""
    state = narrow(ConquestGame().new_game(), ConquestState)
    assert state.now_words() == "Turn 1: White is moving, 0 of 10 moves used."
    assert state.now_words(short=True) == "White is moving."


def test_a_seized_ship_is_named_for_its_captor() -> None:
    """Look 6, lesson 32: a ship White had seized was drawn White but called "the
    Black ship" when picked, and "Black ship 2, seized by White," in the log."""
    state = narrow(
        ConquestGame.position(
            {"B-ship2": "c2", "W-knight1": "e3", "B-soldier1": "p12"},
            owners={"B-ship2": "White"},
        ).new_game(),
        ConquestState,
    )
    view = state.region_views()["c2"]
    assert view["name"] == "White's seized ship 2"
    assert view["units"] == [["B-ship2", "White's seized ship 2"]]
    assert "White's seized ship." in view["tooltip"]  # no number the board never draws


def test_two_pieces_alike_are_counted_once_unnumbered() -> None:
    """Look 9, lesson 34: picking j6 read "the White elephant carrying the White soldier
    and the White soldier"."""
    line = "On j6: White elephant 1 carrying White soldier 2 and White soldier 5."
    assert unnumbered(line) == "On j6: the White elephant carrying two White soldiers."
    assert unnumbered("White knight 1 and White knight 2 may move.") == (
        "Two White knights may move."
    )
    # pieces of two kinds or sides stay named one by one
    assert unnumbered("White soldier 2 and Black soldier 5.") == (
        "The White soldier and the Black soldier."
    )
