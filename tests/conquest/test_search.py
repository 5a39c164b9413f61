"""Our puzzles are checked by exhaustive search: a win in the stated steps, none sooner."""

from __future__ import annotations

import pytest

from hcgames.conquest.search import main_line, solve
from hcgames.conquest.state import ConquestState
from hcgames.conquest.teach import Puzzle, load_puzzles
from tests.narrow import finished, narrow

PUZZLES = load_puzzles()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_puzzle_has_a_forced_win_in_exactly_its_steps(puzzle: Puzzle) -> None:
    state = narrow(puzzle.game().new_game(), ConquestState)
    plan = solve(state, puzzle.steps)
    assert plan is not None, f"{puzzle.id}: no forced win in {puzzle.steps} steps"
    assert solve(state, puzzle.steps - 1) is None, f"{puzzle.id} can be won sooner"
    # the plan answers every defence: play its main line and see the win
    line = main_line(plan)
    replay = narrow(puzzle.game().new_game(), ConquestState)
    for action in line:
        replay.apply(action)
    assert replay.outcome() is not None and finished(replay).winners == (0,)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.steps <= 4], ids=lambda p: p.id)
def test_the_solver_is_a_named_bot_that_wins_the_short_puzzles(puzzle: Puzzle) -> None:
    from hcgames.bots import make_bot  # the shared bot registry, reached by name

    game = puzzle.game()
    white = make_bot("solver", seed=1, game=game)
    black = make_bot("solver", seed=2, game=game)
    state = narrow(game.new_game(), ConquestState)
    for _ in range(3 * puzzle.steps):
        if state.is_terminal():
            break
        bot = white if state.current_player == 0 else black
        state.apply(bot.choose(state))
    assert state.outcome() is not None and finished(state).winners == (0,)
