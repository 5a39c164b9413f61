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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hcgames.core import DataError
from hcgames.data import data_dir, read_json
from hcgames.links import LESSON_SERIES, NOTEBOOKS
from hcgames.quiz import TOPICS, Question, parse_questions

__all__ = [
    "QuestionSet",
    "Sheet",
    "WrittenQuestion",
    "game_of_notebook",
    "in_sheet_order",
    "lesson_sheets",
    "question_sets",
    "topic_of",
    "written_questions",
]

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
    lesson: str = ""  # the number of the lesson whose worksheet asks it ("" : the booklet only)
    topic: str = "rules"  # one of hcgames.quiz.TOPICS


# --- what a question is about ---------------------------------------------------------------
#
# A question may say its topic (the optional "topic" field of the question format, see
# hcgames.quiz); otherwise it is read from its words, first match wins. Computer players,
# simulations and fair tests come first, so that a question about them never counts as
# history; then the past (years, BC and AD, real people and events); then counting and chance.

_TOPIC_WORDS: tuple[tuple[str, str], ...] = (
    (
        "computer",
        r"\bbots?\b|computer|simulat|\bseeds?\b|fair (test|comparison)|tournament"
        r"|random (player|game|bot)s?\b|many games|\bone game\b|swap seats|strategy games",
    ),
    (
        "history",
        r"\b\d+ ?(bc|bce)\b|\bad \d|\bhistor(y|ian|ians)\b|\breal(ly)?\b|in our era|\bborn\b"
        r"|\bdied\b|\bking(dom)?\b|emperor|\bwars?\b|battle of|\bpeoples?\b|published"
        r"|nicknamed|\bwrote\b|surrender|where does the word|\blived\b|did \w+( \w+)? die\b"
        r"|\bin \d{3,4}\b|invented",
    ),
    (
        "maths",
        r"\bchance|how likely|on average|out of \d+|pairs|\bodds\b|\btotal\b|by how many"
        r"|how many (more|years)|\d+ x |how many .* cost",
    ),
    ("strategy", r"\bwise\b|\btrap\b|\bbest move"),
)


def topic_of(question: Question) -> str:
    """What a question is about: its own ``topic`` field, else read from its words.

    The words are the prompt and, for years only, the options; the game called
    Historical Conquest is not history by its name.

    >>> from hcgames.quiz import Question
    >>> topic_of(Question("a", "number", "In which year was Zama fought?", -202, "202 BC.",
    ...                   unit="year"))
    'history'
    >>> topic_of(Question("b", "choice", "Why do the two bots swap seats?", 0, "Fairness.",
    ...                   ("So neither always starts", "Speed")))
    'computer'
    """
    if question.topic:
        return question.topic
    if question.unit == "year":
        return "history"
    prompt = question.prompt.lower().replace("historical conquest", "the game")
    options = " ".join(question.options).lower()
    for topic, pattern in _TOPIC_WORDS:
        if re.search(pattern, prompt if topic != "computer" else f"{prompt} {options}"):
            return topic
        if topic == "history" and re.search(r"\b\d+ ?(bc|bce)\b|\bad \d", options):
            return topic
    return "rules"


def in_sheet_order(questions: Sequence[Question]) -> list[Question]:
    """History first, then rules, maths, strategy and computer players (stable within each)."""
    return sorted(questions, key=lambda q: TOPICS.index(topic_of(q)))


def game_of_notebook(stem: str) -> str | None:
    """The game id of a notebook (``"12-duels-history"`` -> ``"conqueror-duels"``)."""
    return LESSON_SERIES.get(stem[:1]) if stem[:2].isdigit() else None


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
    if game not in LESSON_SERIES.values():
        raise KeyError(f"no game called {game!r}; games: {', '.join(LESSON_SERIES.values())}")
    sets = _lesson_sets(game, data_dir() / "lessons")
    if game == "conqueror-duels":
        sets += _duels_history_sets()
    return sets


def _lesson_stems(game: str) -> list[str]:
    return sorted(
        path.stem
        for path in (data_dir() / "lessons").glob("*.json")
        if game_of_notebook(path.stem) == game
    )


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
        lesson = item.get("lesson", "")
        lessons = {stem[:2] for stem in _lesson_stems(game)}
        if lesson != "" and lesson not in lessons:
            problems.append(
                f"written question {index}: 'lesson' must be the number of one of this game's "
                f"lessons ({', '.join(sorted(lessons))}), not {lesson!r}"
            )
        topic = item.get("topic", "rules")
        if topic not in TOPICS:
            problems.append(f"written question {index}: 'topic' must be one of {TOPICS}")
        unknown = set(item) - {"id", "prompt", "key", "lines", "lesson", "topic"}
        if unknown:
            problems.append(f"written question {index}: unknown fields {sorted(unknown)}")
        if not problems:
            out.append(
                WrittenQuestion(
                    item["id"], item["prompt"], item["key"], lines, str(lesson), str(topic)
                )
            )
    if problems:
        raise DataError(source, problems)
    return out


# --- one worksheet per lesson -----------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """The worksheet of one lesson (or of one war of the Duels history lesson).

    ``questions`` and ``written`` are in the order the sheet asks them: history first.
    On a history sheet (most of its questions about the past) questions about computer
    players and fair tests are left out (``left_out``): they belong to the play lessons.
    """

    game: str
    name: str  # the file name's stem, e.g. "12-duels-history"
    lesson: str  # the lesson's number, e.g. "12"
    title: str  # e.g. "The history behind the scenarios"
    questions: tuple[Question, ...]
    written: tuple[WrittenQuestion, ...]
    left_out: tuple[Question, ...] = ()

    @property
    def history_sheet(self) -> bool:
        topics = [topic_of(q) for q in self.questions] + [w.topic for w in self.written]
        return 2 * topics.count("history") >= len(topics) > 0


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def _sheet(
    game: str,
    name: str,
    lesson: str,
    title: str,
    questions: Sequence[Question],
    written: Sequence[WrittenQuestion],
) -> Sheet:
    ordered = in_sheet_order(questions)
    written = sorted(written, key=lambda w: TOPICS.index(w.topic))
    draft = Sheet(game, name, lesson, title, tuple(ordered), tuple(written))
    if not draft.history_sheet:
        return draft
    kept = tuple(q for q in ordered if topic_of(q) != "computer")
    dropped = tuple(q for q in ordered if topic_of(q) == "computer")
    return Sheet(game, name, lesson, title, kept, tuple(written), dropped)


def lesson_sheets(game: str) -> list[Sheet]:
    """One worksheet per lesson of ``game``, in lesson order.

    The Duels history lesson asks its war-by-war questions one war at a time, so each
    war gets a sheet of its own after the lesson's sheet.

    >>> [s.lesson for s in lesson_sheets("conquest-1972")]
    ['30', '31', '32', '33', '34']
    """
    written = written_questions(game)
    sheets = []
    for qset in question_sets(game):
        if qset.source != f"lessons/{qset.notebook.removesuffix('.ipynb')}.json":
            continue
        stem = qset.notebook.removesuffix(".ipynb")
        lesson = stem[:2]
        title = qset.title.split(" - ", 1)[-1]
        title = title[:1].upper() + title[1:]
        mine = [w for w in written if w.lesson == lesson]
        sheets.append(_sheet(game, stem, lesson, title, qset.questions, mine))
        if game == "conqueror-duels" and "duels-history" in stem:
            for war in _duels_history_sets():
                name = war.title.removeprefix("History: ")
                sheets.append(
                    _sheet(
                        game,
                        f"{stem}-{_slug(name)}",
                        lesson,
                        f"War by war: {name}",
                        war.questions,
                        [],
                    )
                )
    return sheets
