"""Two clicks on a CONQUEST board play a move: the piece, then a gold square it can
reach (issue 36 item 2), whatever the move list happens to show at the time."""

from __future__ import annotations

from hcgames.classgame import class_game
from hcgames.widgets import PlayApp


def test_a_gold_square_plays_the_move_even_with_another_kind_listed() -> None:
    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=3)
    board = app.board_view
    assert board is not None
    # the list shows only the knights' moves; the student then clicks a soldier
    app.picker.kinds.value = next(v for _, v in app.picker.kinds.options if v == "Knights")
    assert all("knight" in str(a) for a in app.picker.shown)
    used, piece = app.state.spent, app.state.top["j4"]
    board.click("j4")
    assert "i4" in board.highlighted
    board.click("i4")
    assert app.state.spent == used + 1  # played at once, not waiting for Play this move
    assert app.state.top.get("j4") != piece  # the soldier left j4 (onto its elephant on i4)
