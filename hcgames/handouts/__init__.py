"""Printable handouts and answer keys for teachers, made from the project's own data.

``python -m hcgames handouts`` (or ``python3 tasks.py handouts``) writes into
``build/handouts/``:

* for every lesson, ``<lesson>-worksheet.pdf``: the lesson's questions on at most two
  printed sides (A4 or US Letter), history first, with room to write; a history sheet
  leaves out questions about computer players and fair tests; the Duels history lesson
  also gets one sheet per war, as it asks them one war at a time;
* ``<lesson>-answer-key.pdf``: the same questions, numbered alike, with their answers;
* with ``--booklets``, each game's long booklet too: ``<game>-handout.pdf`` (the rules in
  brief from ``data/handouts/<game>.md``, the maps with names and a legend, and every
  question of the game) and ``<game>-answer-key.pdf``;
* the HTML of each (a browser prints it too) and ``index.html``, grouped by game.

Questions come from ``data/lessons/*.json`` (any new file is picked up), the Duels
history questions in ``data/conqueror/history.json`` and the written questions of
``data/handouts/<game>.json``. The PDFs are printed by the system's Chromium through
Playwright (``--html`` writes the HTML only). Nothing here is needed to play.
"""

from __future__ import annotations

from hcgames.handouts.pages import Document, answer_key, handout, worksheet, worksheet_key
from hcgames.handouts.questions import (
    Sheet,
    lesson_sheets,
    question_sets,
    topic_of,
    written_questions,
)
from hcgames.links import LESSON_SERIES

__all__ = [
    "Document",
    "Sheet",
    "answer_key",
    "booklets",
    "documents",
    "handout",
    "lesson_sheets",
    "question_sets",
    "topic_of",
    "worksheet",
    "worksheet_key",
    "worksheets",
    "written_questions",
]


def _games(games: list[str] | None) -> list[str]:
    chosen = games or list(LESSON_SERIES.values())
    for game in chosen:
        if game not in LESSON_SERIES.values():
            raise KeyError(f"no game called {game!r}; games: {', '.join(LESSON_SERIES.values())}")
    return chosen


def worksheets(games: list[str] | None = None) -> list[Document]:
    """Each lesson's worksheet and key (all five games unless ``games`` names some)."""
    out: list[Document] = []
    for game in _games(games):
        for sheet in lesson_sheets(game):
            out += [worksheet(sheet), worksheet_key(sheet)]
    return out


def booklets(games: list[str] | None = None) -> list[Document]:
    """Each game's long booklet (rules, maps, every question) and its key."""
    out: list[Document] = []
    for game in _games(games):
        out += [handout(game), answer_key(game)]
    return out


def documents(games: list[str] | None = None, with_booklets: bool = False) -> list[Document]:
    """The per-lesson worksheets and keys, and the games' booklets when asked for."""
    return worksheets(games) + (booklets(games) if with_booklets else [])
