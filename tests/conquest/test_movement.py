"""Movement, carrying, knight and capture rules of CONQUEST (1972), one rule per test.

Covers ``hcgames.conquest.actions``, which has no test file of its own (see
tests/test_layout.py).
"""

from __future__ import annotations

import pytest

from hcgames.conquest import Move, OfferDraw, Pass
from hcgames.core import IllegalAction
from tests.conquest import legal, pos


# --- carrying --------------------------------------------------------------------------
def test_soldiers_mount_elephants_two_and_chariots_one() -> None:
    state = pos(
        {
            "W-elephant1": "f3",
            "W-soldier1": "e3",
            "W-soldier2": "g3",
            "W-soldier3": "f2",
            "W-chariot1": "h2",
            "W-soldier4": "i2",
            "W-soldier5": "h3",
        }
    )
    state.apply(Move("W-soldier1", "f3"))
    state.apply(Move("W-soldier2", "f3"))
    assert state.cargo["W-elephant1"] == ["W-soldier1", "W-soldier2"]
    with pytest.raises(IllegalAction, match="already carries 2 soldier"):
        state.apply(Move("W-soldier3", "f3"))
    state.apply(Move("W-soldier4", "h2"))
    with pytest.raises(IllegalAction, match="already carries 1 soldier"):
        state.apply(Move("W-soldier5", "h2"))


def test_mounting_is_a_soldier_move_and_the_elephant_carries_for_free() -> None:
    state = pos({"W-elephant1": "f3", "W-soldier1": "e3"})
    state.apply(Move("W-soldier1", "f3"))
    assert state.used == {"W-soldier1": 1} and state.spent == 1
    for to in ("f2", "g2", "h2"):
        state.apply(Move("W-elephant1", to))
    assert state.where["W-soldier1"] == "h2" and state.used["W-soldier1"] == 1
    state.apply(Move("W-soldier1", "i2"))  # dismounting is the soldier's second move
    assert state.top["i2"] == "W-soldier1" and state.used["W-soldier1"] == 2


def test_no_mounting_straight_from_another_mount() -> None:
    state = pos({"W-elephant1": "f3", "W-soldier1": "W-elephant1", "W-elephant2": "g3"})
    with pytest.raises(IllegalAction, match="dismounted position"):
        state.apply(Move("W-soldier1", "g3"))


def test_only_soldiers_share_a_space_by_riding() -> None:
    state = pos({"W-knight1": "f3", "W-soldier1": "e3", "W-elephant1": "g3"})
    with pytest.raises(IllegalAction, match="can only climb onto an elephant or a chariot"):
        state.apply(Move("W-soldier1", "f3"))
    with pytest.raises(IllegalAction, match="already holds"):
        state.apply(Move("W-elephant1", "f3"))


def test_capture_while_dismounting() -> None:
    state = pos({"W-elephant1": "f3", "W-soldier1": "W-elephant1", "B-knight1": "f4"})
    state.apply(Move("W-soldier1", "f4"))
    assert state.top["f4"] == "W-soldier1" and "B-knight1" not in state.where


def test_ship_carries_an_elephant_with_its_two_riders() -> None:
    state = pos(
        {
            "W-ship1": "c2",
            "W-elephant1": "d2",
            "W-soldier1": "W-elephant1",
            "W-soldier2": "W-elephant1",
        }
    )
    state.apply(Move("W-elephant1", "c2"))
    assert state.cargo["W-ship1"] == ["W-elephant1"]
    state.apply(Move("W-ship1", "c3"))
    assert {state.where[p] for p in ("W-elephant1", "W-soldier1", "W-soldier2")} == {"c3"}


def test_elephant_cannot_board_until_soldiers_move_off() -> None:
    state = pos({"W-ship1": "c2", "W-soldier1": "W-ship1", "W-elephant1": "d2"})
    with pytest.raises(IllegalAction, match="only after they have moved off"):
        state.apply(Move("W-elephant1", "c2"))
    state.apply(Move("W-soldier1", "d2"))  # the soldier leaves by mounting the elephant
    state.apply(Move("W-elephant1", "c2"))  # now the elephant may board, rider and all
    assert state.cargo["W-ship1"] == ["W-elephant1"]


def test_soldiers_on_a_ship_mount_the_elephant_then_it_boards_with_them() -> None:
    state = pos(
        {"W-ship1": "c2", "W-soldier1": "W-ship1", "W-soldier2": "W-ship1", "W-elephant1": "e2"}
    )
    state.apply(Move("W-elephant1", "d2"))  # the elephant comes up to the port
    state.apply(Move("W-soldier1", "d2"))  # two soldiers mount it in two moves
    state.apply(Move("W-soldier2", "d2"))
    state.apply(Move("W-elephant1", "c2"))  # and it boards carrying them
    assert state.cargo["W-ship1"] == ["W-elephant1"]
    assert state.cargo["W-elephant1"] == ["W-soldier1", "W-soldier2"]


def test_ship_cargo_limits() -> None:
    state = pos({"W-ship1": "c2", "W-knight1": "W-ship1", "W-soldier1": "d2"})
    with pytest.raises(IllegalAction, match="already carries a knight"):
        state.apply(Move("W-soldier1", "c2"))
    state = pos(
        {"W-ship1": "c2", "W-soldier1": "W-ship1", "W-soldier2": "W-ship1", "W-soldier3": "d2"}
    )
    with pytest.raises(IllegalAction, match="already carries two soldiers"):
        state.apply(Move("W-soldier3", "c2"))
    state = pos({"W-ship1": "c2", "W-chariot1": "W-ship1", "W-knight1": "d2"})
    with pytest.raises(IllegalAction, match="already carries White chariot 1"):
        state.apply(Move("W-knight1", "c2"))


def test_riders_may_go_ashore_first_but_the_elephant_takes_riders_along() -> None:
    state = pos(
        {
            "W-ship1": "c2",
            "W-elephant1": "W-ship1",
            "W-soldier1": "W-elephant1",
            "W-soldier2": "W-elephant1",
        }
    )
    state.apply(Move("W-soldier1", "d2"))  # one soldier steps ashore, elephant stays
    assert state.top["d2"] == "W-soldier1" and state.cargo["W-ship1"] == ["W-elephant1"]
    state.apply(Move("W-soldier1", "d3"))
    state.apply(Move("W-elephant1", "d2"))
    assert state.top["d2"] == "W-elephant1" and state.cargo["W-elephant1"] == ["W-soldier2"]


def test_boarding_and_landing_only_at_ports() -> None:
    state = pos({"W-ship1": "c3", "W-knight1": "W-ship1", "W-soldier1": "d3"})
    assert not any(a.piece == "W-knight1" for a in state.legal_actions() if isinstance(a, Move))
    with pytest.raises(IllegalAction, match="only from a ship at a port"):
        state.apply(Move("W-knight1", "d3"))
    with pytest.raises(IllegalAction, match="never enter the water"):
        state.apply(Move("W-soldier1", "c3"))


def test_pieces_land_only_from_a_ship_at_a_port_and_open_sea_is_not_called_a_port() -> None:
    at_sea = pos({"W-ship1": "c3", "W-knight1": "W-ship1"})  # c3 is open sea
    with pytest.raises(IllegalAction) as info:
        at_sea.apply(Move("W-knight1", "d3"))
    text = str(info.value)
    assert "pieces go ashore only from a ship at a port" in text
    assert "c3 is open sea, not a port" in text and "ship at c3" not in text
    assert info.value.rule == "ports"
    at_port = pos({"W-ship1": "c2", "W-knight1": "W-ship1"})  # c2 is the port of d2
    with pytest.raises(IllegalAction, match="at the port c2 can only step ashore onto d2"):
        at_port.apply(Move("W-knight1", "d3"))
    at_port.apply(Move("W-knight1", "d2"))
    assert at_port.top["d2"] == "W-knight1"


def test_no_transfers_at_sea() -> None:
    state = pos({"W-ship1": "c3", "W-soldier1": "W-ship1", "W-ship2": "c4"})
    with pytest.raises(IllegalAction, match="no transfers at sea"):
        state.apply(Move("W-soldier1", "c4"))


def test_empty_port_cannot_be_entered() -> None:
    state = pos({"W-soldier1": "d2"})
    with pytest.raises(IllegalAction, match="no ship at port c2"):
        state.apply(Move("W-soldier1", "c2"))


# --- knights ---------------------------------------------------------------------------------
def test_knight_passes_through_own_pieces_counting_each_space() -> None:
    state = pos({"W-knight1": "d3", "W-soldier1": "e3", "W-soldier2": "f3"})
    state.apply(Move("W-knight1", "e3"))
    assert state.transit == "W-knight1"
    assert legal(state) == {
        "White knight 1 to e2",
        "White knight 1 to e4",
        "White knight 1 to f3",
        "White knight 1 to d3",
    }
    with pytest.raises(IllegalAction, match="must finish its move"):
        state.apply(Pass())
    with pytest.raises(IllegalAction, match="must move on first"):
        state.apply(Move("W-soldier2", "f2"))
    state.apply(Move("W-knight1", "f3"))
    state.apply(Move("W-knight1", "g3"))
    assert state.top["g3"] == "W-knight1" and state.transit is None
    assert state.used["W-knight1"] == 3


def test_a_draw_offer_waits_until_a_passing_knight_has_finished_its_move() -> None:
    state = pos({"W-knight1": "d3", "W-soldier1": "e3"})
    state.apply(Move("W-knight1", "e3"))  # passing through its own soldier
    assert state.transit == "W-knight1" and not state.offered_this_turn
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(OfferDraw())
    text = str(info.value)
    assert "knight must finish its move" in text and "only once per turn" not in text
    assert state.snapshot() == before
    state.apply(Move("W-knight1", "f3"))  # the move is over: now a draw may be offered
    state.apply(OfferDraw())
    assert state.draw_offered


def test_knight_must_be_able_to_end_its_move() -> None:
    state = pos({"W-knight1": "d3", "W-soldier1": "e3"}, used={"W-knight1": 5})
    with pytest.raises(IllegalAction, match="only if it can still end its move"):
        state.apply(Move("W-knight1", "e3"))


def test_nothing_passes_through_an_enemy_piece() -> None:
    state = pos({"W-knight1": "d3", "B-elephant1": "e3", "W-chariot1": "d4"})
    state.apply(Move("W-knight1", "e3"))  # the knight captures instead of passing
    assert state.top["e3"] == "W-knight1" and state.transit is None


# --- captures ---------------------------------------------------------------------------------
def test_soldiers_may_not_capture_elephants() -> None:
    state = pos({"W-soldier1": "e3", "B-elephant1": "e4"})
    assert "White soldier 1 to e4" not in legal(state)
    with pytest.raises(IllegalAction, match="soldiers may not capture elephants"):
        state.apply(Move("W-soldier1", "e4"))


def test_capturing_a_carrier_removes_what_it_carries() -> None:
    state = pos(
        {
            "W-knight1": "e3",
            "B-elephant1": "e4",
            "B-soldier1": "B-elephant1",
            "B-soldier2": "B-elephant1",
        }
    )
    state.apply(Move("W-knight1", "e4"))
    assert not {"B-elephant1", "B-soldier1", "B-soldier2"} & set(state.where)


def test_a_capturing_piece_moves_on_as_if_fresh() -> None:
    state = pos({"W-soldier1": "e3", "B-soldier1": "e4"}, used={"W-soldier1": 1})
    state.apply(Move("W-soldier1", "e4"))
    assert state.used["W-soldier1"] == 0 and state.spent == 1


def test_land_piece_seizes_a_ship_at_port() -> None:
    state = pos(
        {"W-knight1": "d2", "B-ship1": "c2", "B-soldier1": "B-ship1", "B-soldier2": "B-ship1"}
    )
    state.apply(Move("W-knight1", "c2"))
    assert state.owner["B-ship1"] == 0
    assert state.cargo["B-ship1"] == ["W-knight1"]
    assert "B-soldier1" not in state.where and "B-soldier2" not in state.where
    state.apply(Move("B-ship1", "c3"))  # the seized ship sails at once
    assert state.where["W-knight1"] == "c3"


def test_soldier_may_not_seize_a_ship_carrying_an_elephant() -> None:
    state = pos({"W-soldier1": "d2", "B-ship1": "c2", "B-elephant1": "B-ship1"})
    with pytest.raises(IllegalAction, match="soldiers may not capture elephants"):
        state.apply(Move("W-soldier1", "c2"))


def test_land_pieces_cannot_take_ships_at_sea_but_ships_can() -> None:
    state = pos({"W-knight1": "e4", "B-ship1": "e5", "W-ship1": "d5"})
    assert "White knight 1 to e5" not in legal(state)
    state.apply(Move("W-ship1", "e5"))
    assert "B-ship1" not in state.where
