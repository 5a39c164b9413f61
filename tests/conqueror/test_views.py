"""What the play screen says before a student ends a part of the round (Duels)."""

from __future__ import annotations

from typing import Any

from hcgames.classgame import class_game
from hcgames.conqueror.actions import EndPhase
from hcgames.conqueror.views import end_phase_words, step_words


def _end(state: Any) -> None:
    state.apply(EndPhase())
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])


def test_each_end_says_what_comes_next_and_the_parts_of_a_round_have_plain_names() -> None:
    game = class_game("conqueror-duels")
    state: Any = game.new_game(seed=0)
    assert [game.phase_title(p) for p in game.phases()] == [
        "chronicle card",
        "planning",
        "moves and battles",
    ]
    assert step_words(state).startswith("your planning")
    assert "is planning" in state.describe() and "phase" not in state.describe()
    assert end_phase_words(state) == "end my planning: Rome plans next"
    _end(state)  # Carthage's planning
    assert end_phase_words(state) == (
        "end my planning: Carthage moves next, then your moves and battles"
    )
    _end(state)  # Rome's planning
    assert step_words(state).startswith("your moves and battles")
    assert end_phase_words(state) == "end my turn: Rome moves next"
    _end(state)  # Carthage's moves
    assert end_phase_words(state) == "end my turn: round 1 ends, and round 2 begins"
    while state.round_no < 3 or state.phase != "action" or state.active != 1:
        _end(state)
    assert end_phase_words(state) == "end my turn: the game ends and the score is counted"
