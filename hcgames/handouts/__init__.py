"""Printable handouts and answer keys for teachers, made from the project's own data.

``python -m hcgames handouts`` (or ``python3 tasks.py handouts``) writes, for each
of the five games, into ``build/handouts/``:

* ``<game>-handout.pdf``: the rules in brief (our words, ``data/handouts/<game>.md``),
  the map or board drawn from the game's map data with names and a legend, and a
  worksheet of every question the lessons ask, with room to write;
* ``<game>-answer-key.pdf``: the same questions with their answers, for the teacher;
* the HTML of both (a browser prints it too) and ``index.html`` linking everything.

Questions come from ``data/lessons/*.json`` (any new file is picked up), the Duels
history questions in ``data/conqueror/history.json`` and the written questions of
``data/handouts/<game>.json``. The PDFs are printed by the system's Chromium through
Playwright (``--html`` writes the HTML only). Nothing here is needed to play.
"""

from __future__ import annotations

from hcgames.handouts.pages import Document, answer_key, handout
from hcgames.handouts.questions import GAMES, question_sets, written_questions

__all__ = [
    "GAMES",
    "Document",
    "answer_key",
    "documents",
    "handout",
    "question_sets",
    "written_questions",
]


def documents(games: list[str] | None = None) -> list[Document]:
    """The handout and answer key of each game (all five unless ``games`` names some)."""
    chosen = games or list(GAMES.values())
    out: list[Document] = []
    for game in chosen:
        out += [handout(game), answer_key(game)]
    return out
