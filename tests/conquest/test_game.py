"""The game object's hooks: the lesson positions and the game's own named bots."""

from __future__ import annotations

from hcgames.conquest import ConquestGame
from hcgames.conquest.teach import load_puzzles


def test_teaching_setups_open_every_lesson_position() -> None:
    setups = ConquestGame().teaching_setups()
    assert {"standard", "skirmish"} <= set(setups)
    assert {f"puzzle {p.id}" for p in load_puzzles()} <= set(setups)
    for name, make in setups.items():
        state = make()
        assert not state.is_terminal() and state.legal_actions(), name
    assert setups["standard"]().snapshot() == ConquestGame().new_game().snapshot()


def test_the_game_names_its_solver_bot() -> None:
    assert "solver" in ConquestGame().bots()
