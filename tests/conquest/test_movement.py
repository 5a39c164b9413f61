"""Movement, carrying, capture and turn rules of CONQUEST (1972), one rule per test."""

from __future__ import annotations

import time

import pytest

import hcgames
from hcgames.conquest import AcceptDraw, ConquestGame, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.core import IllegalAction

FAR_BLACK = {"B-soldier10": "p12"}  # keeps Black in the game without getting in the way


def pos(pieces: dict[str, str], **kw) -> hcgames.State:
    return ConquestGame.position({**FAR_BLACK, **pieces}, **kw).new_game()


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# --- turns and move limits ------------------------------------------------------------
def test_first_turn_has_ten_moves_then_twenty() -> None:
    state = ConquestGame().new_game()
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
    assert "20 move(s) unused" in state.events[0].text


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
    with pytest.raises(IllegalAction, match="only step ashore at the land space of that port"):
        state.apply(Move("W-knight1", "d3"))
    with pytest.raises(IllegalAction, match="never enter the water"):
        state.apply(Move("W-soldier1", "c3"))


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


# --- the end of the game -------------------------------------------------------------------
def test_losing_every_land_piece_loses() -> None:
    state = ConquestGame.position(
        {"W-knight1": "e3", "B-soldier1": "e4", "B-ship1": "c5"}
    ).new_game()
    state.apply(Move("W-knight1", "e4"))
    assert state.outcome().winners == (0,)


def test_twenty_quiet_turns_decided_by_capitol_spaces() -> None:
    state = ConquestGame.position(
        {"W-soldier1": "f13", "W-knight1": "d3", "B-knight1": "p11"}, quiet=19
    ).new_game()
    state.apply(Pass())
    outcome = state.outcome()
    assert outcome.winners == (0,) and "10 turns each without a capture" in outcome.reason


def test_twenty_quiet_turns_with_equal_holdings_is_a_draw() -> None:
    state = pos({"W-knight1": "d3"}, quiet=19)
    state.apply(Pass())
    assert state.outcome().winners == ()


def test_turn_limit_ends_the_game() -> None:
    state = ConquestGame.position({**FAR_BLACK, "W-knight1": "d3"}, turn=5, turn_limit=5).new_game()
    state.apply(Pass())
    assert "turn limit" in state.outcome().reason


def test_agreed_draw() -> None:
    state = pos({"W-knight1": "d3"})
    state.apply(OfferDraw())
    assert state.current_player == 1 and state.phase == "draw offer"
    assert legal(state) == {"accept the draw", "decline the draw"}
    state.apply(DeclineDraw())
    assert state.current_player == 0 and OfferDraw() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="once per turn"):
        state.apply(OfferDraw())
    state.apply(Pass())
    state.apply(OfferDraw())
    state.apply(AcceptDraw())
    assert state.outcome().is_draw and state.outcome().reason == "agreed draw"


def test_draw_offers_can_be_switched_off() -> None:
    state = ConquestGame(draw_offers=False).new_game()
    assert OfferDraw() not in state.legal_actions()


def test_refuse_only_answers_a_capture() -> None:
    state = pos({"W-knight1": "d3"})
    with pytest.raises(IllegalAction, match="nothing to refuse"):
        state.apply(Refuse())


def test_wrong_side_and_unknown_pieces() -> None:
    state = ConquestGame().new_game()
    with pytest.raises(IllegalAction, match="belongs to Black"):
        state.apply(Move("B-soldier1", "f12"))
    with pytest.raises(IllegalAction, match="no piece"):
        state.apply(Move("W-dragon1", "f2"))
    with pytest.raises(IllegalAction, match="no road or bridge joins d2 and j7"):
        state.apply(Move("W-knight1", "j7"))


# --- positions, saves and options -----------------------------------------------------------------
def test_custom_position_saves_and_loads() -> None:
    state = pos({"W-knight1": "d3", "W-ship1": "c2", "W-soldier1": "W-ship1"}, spent=4)
    state.apply(Move("W-knight1", "d2"))
    text = state.to_json()
    again = hcgames.load_saved(text)
    assert again.snapshot() == state.snapshot()
    rebuilt = ConquestGame(**state.game.options).new_game()
    assert rebuilt.spent == 4 and rebuilt.where["W-soldier1"] == "c2"


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        ({"W-knight1": "c3", "B-knight1": "e4"}, "cannot stand on c3"),
        ({"W-knight1": "d3", "W-soldier1": "d3", "B-knight1": "e4"}, "both stand on d3"),
        ({"W-knight1": "W-elephant1", "W-elephant1": "d3", "B-knight1": "e4"}, "at most 2"),
        ({"W-dragon1": "d3", "B-knight1": "e4"}, "unknown piece"),
        ({"W-knight1": "d3"}, "Black needs at least one land piece"),
        (
            {"W-ship1": "c2", "W-soldier1": "W-ship1", "W-knight1": "W-ship1", "B-knight1": "e4"},
            "a ship holds one",
        ),
    ],
)
def test_bad_positions_are_refused(pieces: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ConquestGame.position(pieces)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="turn_limit"):
        ConquestGame(turn_limit=0)
    with pytest.raises(ValueError, match="draw_offers"):
        ConquestGame(draw_offers="yes")
    with pytest.raises(ValueError, match="scenario"):
        ConquestGame(scenario="atlantis")
    with pytest.raises(ValueError, match="unknown option"):
        ConquestGame(dice=True)


def test_max_actions_bound_is_documented() -> None:
    assert ConquestGame().max_actions == 63 * 200
    assert ConquestGame(turn_limit=10).max_actions == 630


def test_no_chance_steps_anywhere() -> None:
    state = ConquestGame(scenario="skirmish").new_game()
    for _ in range(300):
        if state.is_terminal():
            break
        assert not state.is_chance()
        state.apply(state.legal_actions()[0])


def test_legal_actions_are_fast() -> None:
    state = ConquestGame().new_game()
    for _ in range(5):
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Move)))
    runs = 200
    start = time.perf_counter()
    for _ in range(runs):
        state._legal_actions()
    per_call = (time.perf_counter() - start) / runs
    assert per_call < 0.002  # typically well under a millisecond
