"""The game object: custom positions, saves, options and bounds, the lesson positions
and the game's own named bots."""

from __future__ import annotations

import pytest

import hcgames
from hcgames.conquest import ConquestGame, Move
from hcgames.conquest.state import ConquestState
from hcgames.conquest.teach import load_puzzles
from tests.conquest import pos
from tests.narrow import narrow


def test_teaching_setups_open_every_lesson_position() -> None:
    setups = ConquestGame().teaching_setups()
    assert {"standard", "skirmish"} <= set(setups)
    assert {f"puzzle {p.id}" for p in load_puzzles()} <= set(setups)
    for name, make in setups.items():
        state = make()
        assert not state.is_terminal() and state.legal_actions(), name
    assert (
        setups["standard"]().snapshot()
        == narrow(ConquestGame().new_game(), ConquestState).snapshot()
    )


def test_the_game_names_its_solver_bot() -> None:
    assert "solver" in ConquestGame().bots()


# --- positions, saves and options -----------------------------------------------------------------
def test_custom_position_saves_and_loads() -> None:
    state = pos({"W-knight1": "d3", "W-ship1": "c2", "W-soldier1": "W-ship1"}, spent=4)
    state.apply(Move("W-knight1", "d2"))
    text = state.to_json()
    again = hcgames.load_saved(text)
    assert again.snapshot() == state.snapshot()
    rebuilt = narrow(ConquestGame(**state.game.options).new_game(), ConquestState)
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
    state = narrow(ConquestGame(scenario="skirmish").new_game(), ConquestState)
    for _ in range(300):
        if state.is_terminal():
            break
        assert not state.is_chance()
        state.apply(state.legal_actions()[0])
