"""Our puzzles are checked by exhaustive search: a win in the stated steps, none sooner."""

from __future__ import annotations

import pytest

from hcgames.conquest.search import main_line, solve
from hcgames.conquest.teach import load_puzzles

PUZZLES = load_puzzles()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_puzzle_has_a_forced_win_in_exactly_its_steps(puzzle) -> None:
    state = puzzle.game().new_game()
    plan = solve(state, puzzle.steps)
    assert plan is not None, f"{puzzle.id}: no forced win in {puzzle.steps} steps"
    assert solve(state, puzzle.steps - 1) is None, f"{puzzle.id} can be won sooner"
    # the plan answers every defence: play its main line and see the win
    line = main_line(plan)
    replay = puzzle.game().new_game()
    for action in line:
        replay.apply(action)
    assert replay.outcome() is not None and replay.outcome().winners == (0,)
