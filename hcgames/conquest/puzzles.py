"""Tactical puzzles of our own, in the spirit of the 1972 puzzle book.

Each puzzle in ``data/conquest/puzzles.json`` is a position with White to move,
a short text and ``steps``, the fewest steps in which White forces a win this
turn. :mod:`hcgames.conquest.search` checks every claim (a win in ``steps``, none
in fewer); the tests and notebook 32 run that check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hcgames.conquest.game import ConquestGame
from hcgames.core import DataError
from hcgames.data import read_json

__all__ = ["Puzzle", "load_puzzles"]


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    text: str
    steps: int
    position: dict[str, Any]

    def game(self) -> ConquestGame:
        return ConquestGame(position=self.position)


def load_puzzles() -> list[Puzzle]:
    """Every puzzle, each position checked; one DataError lists all problems."""
    raw = read_json("conquest", "puzzles.json")
    problems: list[str] = []
    out: list[Puzzle] = []
    items = raw.get("puzzles") if isinstance(raw, dict) else None
    if not isinstance(items, list):
        raise DataError("data/conquest/puzzles.json", ["needs a 'puzzles' list"])
    seen: set[str] = set()
    for index, item in enumerate(items):
        try:
            puzzle = Puzzle(
                id=str(item["id"]),
                title=str(item["title"]),
                text=str(item["text"]),
                steps=int(item["steps"]),
                position=dict(item["position"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"puzzles[{index}]: missing or bad field ({exc})")
            continue
        if puzzle.id in seen:
            problems.append(f"puzzle {puzzle.id} is listed twice")
        seen.add(puzzle.id)
        try:
            puzzle.game()
        except ValueError as exc:
            problems.append(f"puzzle {puzzle.id}: {exc}")
            continue
        out.append(puzzle)
    if problems:
        raise DataError("data/conquest/puzzles.json", problems)
    return out
