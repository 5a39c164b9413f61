"""Recapture refusals, the data-driven recapture length, and the knight's last step.

Each test is named after the rule it checks. Positions are ours (on our board).

Covers ``hcgames.conquest.decisions``, which has no test file of its own (see
tests/test_layout.py).
"""

from __future__ import annotations

import dataclasses

import pytest

from hcgames.conquest import ConquestGame, Move, Pass, Refuse
from hcgames.conquest.material import load_rules
from hcgames.conquest.state import ConquestState
from hcgames.core import IllegalAction
from tests.narrow import narrow

# White's knight takes on g10 (the land space of port g9); Black's seaborne elephant
# needs two steps: the ship docks, then the elephant or a rider goes ashore.
HARBOUR = {
    "W-knight1": "f10",
    "W-soldier1": "j2",  # keeps White in the game
    "B-soldier3": "g10",
    "B-ship1": "h9",
    "B-elephant1": "B-ship1",
    "B-soldier4": "B-elephant1",
}


def harbour_after_first_step() -> ConquestState:
    state = narrow(ConquestGame.position(HARBOUR, spent=5).new_game(), ConquestState)
    state.apply(Move("W-knight1", "g10"))
    state.apply(Move("B-ship1", "g9"))  # the first of two recapture steps
    assert state.phase == "recapture" and state.pending is not None
    assert state.pending.step == 2
    return state


def with_recapture_moves(game: ConquestGame, steps: int) -> ConquestGame:
    game.rules = dataclasses.replace(game.rules, recapture_moves=steps)
    return game


# --- inside a begun two-step recapture ---------------------------------------------------
def test_begun_recapture_cannot_be_refused() -> None:
    state = harbour_after_first_step()
    assert Refuse() not in state.legal_actions()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="must complete it with the next move") as info:
        state.apply(Refuse())
    assert "no capture to answer" not in str(info.value)
    assert state.snapshot() == before


def test_begun_recapture_cannot_be_passed() -> None:
    state = harbour_after_first_step()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="begun a recapture on g10 and must complete it"):
        state.apply(Pass())
    assert state.snapshot() == before


def test_begun_recapture_second_step_must_retake() -> None:
    state = harbour_after_first_step()
    with pytest.raises(IllegalAction, match="has begun and must be completed"):
        state.apply(Move("B-ship1", "h9"))


def test_refusing_before_any_step_is_still_allowed() -> None:
    state = narrow(ConquestGame.position(HARBOUR, spent=5).new_game(), ConquestState)
    state.apply(Move("W-knight1", "g10"))
    with pytest.raises(IllegalAction, match="recapturing or refusing, not by passing"):
        state.apply(Pass())
    state.apply(Refuse())
    assert state.phase == "move" and state.current_player == 0


def test_soldiers_cannot_capture_elephants_in_a_recapture() -> None:
    pieces = {
        "W-elephant1": "f10",
        "B-soldier3": "g10",
        "B-soldier2": "h10",  # beside g10, but a soldier may not take an elephant
        "B-knight1": "h11",  # can retake through its own soldier, so Black is asked
    }
    state = narrow(ConquestGame.position(pieces, spent=5).new_game(), ConquestState)
    state.apply(Move("W-elephant1", "g10"))
    assert state.phase == "recapture"
    assert "Black soldier 2 to g10" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match="soldiers may not capture elephants"):
        state.apply(Move("B-soldier2", "g10"))


# --- recapture_moves comes from data/conquest/rules.json ------------------------------------
def test_recapture_moves_is_read_from_the_rules_data() -> None:
    assert load_rules().recapture_moves == 2
    game = ConquestGame.position(HARBOUR, spent=5)
    assert game.rules.recapture_moves == 2
    state = narrow(game.new_game(), ConquestState)
    state.apply(Move("W-knight1", "g10"))
    assert {str(a) for a in state.legal_actions()} == {"Black ship 1 to g9", "refuse to recapture"}


def test_recapture_moves_one_allows_only_direct_retakes() -> None:
    game = with_recapture_moves(ConquestGame.position(HARBOUR, spent=5), 1)
    state = narrow(game.new_game(), ConquestState)
    state.apply(Move("W-knight1", "g10"))
    # the ship would need two steps, so there is nothing to answer
    assert state.phase == "move" and state.current_player == 0
    assert game.max_actions == (20 + 1 * 20 + 3) * game.turn_limit


def test_recapture_moves_three_allows_three_needed_steps() -> None:
    far = {**HARBOUR, "B-ship1": "i9"}  # two lanes from the port
    default = narrow(ConquestGame.position(far, spent=5).new_game(), ConquestState)
    default.apply(Move("W-knight1", "g10"))
    assert default.phase == "move"  # three steps are too many for the book's rule
    state = narrow(
        with_recapture_moves(ConquestGame.position(far, spent=5), 3).new_game(), ConquestState
    )
    state.apply(Move("W-knight1", "g10"))
    assert {str(a) for a in state.legal_actions()} == {"Black ship 1 to h9", "refuse to recapture"}
    state.apply(Move("B-ship1", "h9"))
    with pytest.raises(IllegalAction, match="must complete it"):
        state.apply(Refuse())
    state.apply(Move("B-ship1", "g9"))
    state.apply(Move("B-soldier4", "g10"))
    assert state.top["g10"] == "B-soldier4" and "W-knight1" not in state.where
    assert state.phase == "move" and state.spent == 6


# --- a knight passing through its own men may end aboard its own empty ship ---------------
def test_knight_passing_through_may_end_aboard_its_own_empty_ship() -> None:
    pieces = {"W-knight1": "e2", "W-soldier1": "d2", "W-ship1": "c2", "B-soldier1": "p12"}
    state = narrow(ConquestGame.position(pieces).new_game(), ConquestState)
    state.apply(Move("W-knight1", "d2"))  # through its own soldier
    assert state.transit == "W-knight1"
    assert "White knight 1 to c2" in {str(a) for a in state.legal_actions()}
    state.apply(Move("W-knight1", "c2"))
    assert state.carrier["W-knight1"] == "W-ship1" and state.transit is None


def test_knight_passing_through_may_not_end_on_a_loaded_ship() -> None:
    pieces = {
        "W-knight1": "e2",
        "W-soldier1": "d2",
        "W-ship1": "c2",
        "W-soldier2": "W-ship1",
        "B-soldier1": "p12",
    }
    state = narrow(ConquestGame.position(pieces, used={"W-knight1": 4}).new_game(), ConquestState)
    # two steps left: through d2, then only the loaded ship or back to e2
    state.apply(Move("W-knight1", "d2"))
    assert {str(a) for a in state.legal_actions()} == {
        "White knight 1 to e2",
        "White knight 1 to d3",
    }


def test_ship_cargo_refusal_says_an_elephant() -> None:
    pieces = {
        "W-soldier1": "d2",
        "W-ship1": "c2",
        "W-elephant1": "W-ship1",
        "B-soldier1": "p12",
    }
    state = narrow(ConquestGame.position(pieces).new_game(), ConquestState)
    with pytest.raises(IllegalAction, match="already carries an elephant;"):
        state.apply(Move("W-soldier1", "c2"))


# --- rule decisions are labelled honestly -------------------------------------------------
def test_rule_decisions_label_our_choices_as_ours() -> None:
    decisions = {d.topic: d for d in ConquestGame().rule_decisions()}
    assert {d.source for d in decisions.values()} == {"rulebook", "ours"}
    for topic in (
        "Knight ending aboard its own ship",
        "A begun recapture is completed",
        "What a needed move is",
        "First player",
        "Piece mix",
        "Board",
        "Counting quiet turns",
    ):
        assert decisions[topic].source == "ours", topic
    for decision in decisions.values():
        assert " a elephant" not in decision.decision.lower()
