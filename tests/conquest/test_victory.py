"""The end of a CONQUEST (1972) game: victory, quiet turns, the turn limit, draws."""

from __future__ import annotations

import pytest

from hcgames.conquest import AcceptDraw, ConquestGame, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.conquest.state import ConquestState
from hcgames.core import IllegalAction
from tests.conquest import FAR_BLACK, legal, pos
from tests.narrow import finished, narrow


# --- the end of the game -------------------------------------------------------------------
def test_losing_every_land_piece_loses() -> None:
    state = narrow(
        ConquestGame.position({"W-knight1": "e3", "B-soldier1": "e4", "B-ship1": "c5"}).new_game(),
        ConquestState,
    )
    state.apply(Move("W-knight1", "e4"))
    assert finished(state).winners == (0,)


def test_twenty_quiet_turns_decided_by_capitol_spaces() -> None:
    state = narrow(
        ConquestGame.position(
            {"W-soldier1": "f13", "W-knight1": "d3", "B-knight1": "p11"}, quiet=19
        ).new_game(),
        ConquestState,
    )
    state.apply(Pass())
    outcome = finished(state)
    assert outcome.winners == (0,) and "10 turns each without a capture" in outcome.reason


def test_twenty_quiet_turns_with_equal_holdings_is_a_draw() -> None:
    state = pos({"W-knight1": "d3"}, quiet=19)
    state.apply(Pass())
    assert finished(state).winners == ()


def test_a_draw_on_pieces_says_the_pieces_tie() -> None:
    """Look 6, lesson 34: "both hold 0 enemy capitol spaces, a draw" left out the
    real reason when pieces left decide: equal pieces."""
    state = narrow(
        ConquestGame.position(
            {"W-knight1": "d3", "B-knight1": "p11"}, quiet=19, pieces_decide=True
        ).new_game(),
        ConquestState,
    )
    state.apply(Pass())
    outcome = finished(state)
    assert outcome.winners == ()
    assert outcome.reason.endswith(
        "both hold 0 enemy capitol spaces and have 1 piece left each, a draw"
    )


def test_turn_limit_ends_the_game() -> None:
    state = narrow(
        ConquestGame.position({**FAR_BLACK, "W-knight1": "d3"}, turn=5, turn_limit=5).new_game(),
        ConquestState,
    )
    state.apply(Pass())
    assert "the last turn" in finished(state).reason


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
    assert finished(state).is_draw and finished(state).reason == "agreed draw"


def test_draw_offers_can_be_switched_off() -> None:
    state = narrow(ConquestGame(draw_offers=False).new_game(), ConquestState)
    assert OfferDraw() not in state.legal_actions()


def test_refuse_only_answers_a_capture() -> None:
    state = pos({"W-knight1": "d3"})
    with pytest.raises(IllegalAction, match="nothing to refuse"):
        state.apply(Refuse())


def test_wrong_side_and_unknown_pieces() -> None:
    state = narrow(ConquestGame().new_game(), ConquestState)
    with pytest.raises(IllegalAction, match="belongs to Black"):
        state.apply(Move("B-soldier1", "f12"))
    with pytest.raises(IllegalAction, match="no piece"):
        state.apply(Move("W-dragon1", "f2"))
    with pytest.raises(IllegalAction, match="no road or bridge joins d2 and j7"):
        state.apply(Move("W-knight1", "j7"))
