"""Every question a class meets, gathered per game for worksheets and answer keys.

Two sources, both read afresh on every call so that new lessons are picked up
without any list to update:

* ``data/lessons/<notebook>.json``: the *Check what you learned* questions of a
  lesson (format: :mod:`hcgames.quiz`). The notebook's number says its game
  (10-19 Conqueror: Duels, 20-29 Classical Conquests, ...).
* ``data/conqueror/history.json``: the history questions of each Duels scenario.

Plus the written questions of each game's handout (``data/handouts/<game>.json``),
which have no single right answer: their key lists what a good answer says.

>>> sets = question_sets("conqueror-duels")
>>> any(s.source == "conqueror/history.json" for s in sets)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hcgames.core import DataError
from hcgames.data import data_dir, read_json
from hcgames.links import NOTEBOOKS
from hcgames.quiz import Question, parse_questions

__all__ = [
    "GAMES",
    "QuestionSet",
    "WrittenQuestion",
    "game_of_notebook",
    "question_sets",
    "written_questions",
]

#: the games in teaching order, keyed by the first digit of their notebooks' numbers
GAMES: dict[str, str] = {
    "1": "conqueror-duels",
    "2": "classical-conquests",
    "3": "conquest-1972",
    "4": "conquest-of-speros",
    "5": "historical-conquest",
}
_TITLES = dict(NOTEBOOKS)


@dataclass(frozen=True)
class QuestionSet:
    """The questions of one lesson (or one Duels scenario), with where they come from."""

    game: str
    title: str
    source: str  # the data file, relative to data/
    notebook: str  # the notebook file that asks them ("" when none does yet)
    questions: tuple[Question, ...]


@dataclass(frozen=True)
class WrittenQuestion:
    """A question answered in sentences; ``key`` is what a good answer says."""

    id: str
    prompt: str
    key: str
    lines: int = 5


def game_of_notebook(stem: str) -> str | None:
    """The game id of a notebook (``"12-duels-history"`` -> ``"conqueror-duels"``)."""
    return GAMES.get(stem[:1]) if stem[:2].isdigit() else None


def _lesson_sets(game: str, folder: Path) -> list[QuestionSet]:
    sets = []
    for path in sorted(folder.glob("*.json")):
        if game_of_notebook(path.stem) != game:
            continue
        doc = read_json("lessons", path.name)
        questions = parse_questions(doc.get("questions"), f"lessons/{path.name}")
        notebook = f"{path.stem}.ipynb"
        sets.append(
            QuestionSet(
                game=game,
                title=_TITLES.get(notebook, path.stem),
                source=f"lessons/{path.name}",
                notebook=notebook,
                questions=tuple(questions),
            )
        )
    return sets


def _duels_history_sets() -> list[QuestionSet]:
    doc = read_json("conqueror", "history.json")
    history_notebook = next((name for name, _ in NOTEBOOKS if "duels-history" in name), "")
    sets = []
    for sid, scenario in doc.get("scenarios", {}).items():
        items = scenario.get("questions") or []
        if not items:
            continue
        questions = parse_questions(items, f"conqueror/history.json: {sid}")
        sets.append(
            QuestionSet(
                game="conqueror-duels",
                title=f"History: {scenario.get('title', sid)}",
                source="conqueror/history.json",
                notebook=history_notebook,
                questions=tuple(questions),
            )
        )
    return sets


def question_sets(game: str) -> list[QuestionSet]:
    """Every set of checked questions for one game: its lessons' files, then Duels history."""
    if game not in GAMES.values():
        raise KeyError(f"no game called {game!r}; games: {', '.join(GAMES.values())}")
    sets = _lesson_sets(game, data_dir() / "lessons")
    if game == "conqueror-duels":
        sets += _duels_history_sets()
    return sets


def written_questions(game: str) -> list[WrittenQuestion]:
    """The handout's questions answered in sentences (``data/handouts/<game>.json``)."""
    doc: Any = read_json("handouts", f"{game}.json")
    items = doc.get("written") if isinstance(doc, dict) else None
    source = f"handouts/{game}.json"
    if not isinstance(items, list) or not items:
        raise DataError(source, ["'written' must be a non-empty list of questions"])
    problems = []
    out = []
    for index, item in enumerate(items, 1):
        if not isinstance(item, dict):
            problems.append(f"written question {index} must be an object")
            continue
        for key in ("id", "prompt", "key"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                problems.append(f"written question {index}: '{key}' must be a non-empty text")
        lines = item.get("lines", 5)
        if not isinstance(lines, int) or not 2 <= lines <= 14:
            problems.append(f"written question {index}: 'lines' must be a number from 2 to 14")
        unknown = set(item) - {"id", "prompt", "key", "lines"}
        if unknown:
            problems.append(f"written question {index}: unknown fields {sorted(unknown)}")
        if not problems:
            out.append(WrittenQuestion(item["id"], item["prompt"], item["key"], lines))
    if problems:
        raise DataError(source, problems)
    return out
