"""Teaching material: tactical puzzles of our own, in the spirit of the 1972 puzzle book.

Each puzzle in ``data/conquest/puzzles.json`` is a position with White to move,
a short text and ``steps``, the fewest steps in which White forces a win this
turn (loaded and checked by :func:`.material.load_puzzle_specs`).
:mod:`hcgames.conquest.search` checks every claim (a win in ``steps``, none in
fewer); the tests and notebook 32 run that check. The lessons open at these
positions through :meth:`.game.ConquestGame.teaching_setups`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hcgames.conquest.game import ConquestGame
from hcgames.conquest.material import PuzzleSpec, load_puzzle_specs

__all__ = ["Puzzle", "load_puzzles"]


@dataclass(frozen=True)
class Puzzle(PuzzleSpec):
    """A puzzle that can start a game at its position."""

    def game(self) -> ConquestGame:
        return ConquestGame(position=self.position)


def load_puzzles() -> list[Puzzle]:
    """Every puzzle, each position checked; one DataError lists all problems."""
    return [
        Puzzle(id=p.id, title=p.title, text=p.text, steps=p.steps, position=p.position)
        for p in load_puzzle_specs()
    ]
