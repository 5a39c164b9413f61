"""Turn rules of CONQUEST (1972): the allowance, piece limits, the end of a turn."""

from __future__ import annotations

import pytest

from hcgames.conquest import ConquestGame, Move, Pass
from hcgames.conquest.state import ConquestState
from hcgames.core import IllegalAction
from tests.conquest import pos
from tests.narrow import narrow


# --- turns and move limits ------------------------------------------------------------
def test_first_turn_has_ten_moves_then_twenty() -> None:
    state = narrow(ConquestGame().new_game(), ConquestState)
    assert state.budget == 10 and state.current_player == 0
    state.apply(Pass())
    assert state.mover == 1 and state.budget == 20 and state.turn == 2


def test_each_piece_has_its_own_limit_and_steps_need_not_be_consecutive() -> None:
    state = pos({"W-soldier1": "e3", "W-elephant1": "j3"})
    state.apply(Move("W-soldier1", "e2"))
    state.apply(Move("W-elephant1", "j2"))
    state.apply(Move("W-soldier1", "e3"))  # second soldier move, after another piece
    assert state.used == {"W-soldier1": 2, "W-elephant1": 1}
    with pytest.raises(IllegalAction, match="all 2 of its moves"):
        state.apply(Move("W-soldier1", "e2"))


@pytest.mark.parametrize(
    ("piece", "start", "limit"),
    [
        ("W-soldier1", "d3", 2),
        ("W-elephant1", "d3", 6),
        ("W-chariot1", "d3", 8),
        ("W-knight1", "d3", 6),
        ("W-ship1", "c5", 6),
        ("W-galleon1", "c5", 8),
    ],
)
def test_piece_move_limits(piece: str, start: str, limit: int) -> None:
    state = pos({piece: start, "W-knight4": "p2"})
    steps = 0
    while state.mover == 0:
        mine = [a for a in state.legal_actions() if isinstance(a, Move) and a.piece == piece]
        if not mine:
            break
        state.apply(mine[0])
        steps += 1
    assert steps == limit


def test_the_turn_ends_when_the_allowance_is_spent() -> None:
    state = pos({"W-chariot1": "d3", "W-chariot2": "m3"}, spent=18)
    state.apply(Move("W-chariot1", "d2"))
    state.apply(Move("W-chariot2", "m2"))
    assert state.mover == 1 and state.spent == 0


def test_pass_ends_the_turn_early() -> None:
    state = pos({"W-knight1": "d3"})
    state.apply(Pass())
    assert state.mover == 1
    assert "20 moves unused" in state.events[0].text
