#!/usr/bin/env python3
"""Compute the tables lessons show from many games, once, and store them in data/.

    python tools/make_lesson_data.py

Lesson 54's endings table (150 random games) is stored in
data/historical/random-endings.json and lesson 44's table of strategy pairings (3
pairings of 20 games) in data/speros/lesson-pairings.json, so the pages open without
playing them; tests/historical/test_lessons.py and tests/speros/test_teach.py check the
stored tables against a fresh run, so a rule change that alters the games fails there
until this is run again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hcgames  # noqa: E402
from hcgames.historical.teach import ENDINGS_FILE, random_endings  # noqa: E402
from hcgames.speros import SperosGame  # noqa: E402
from hcgames.speros.lessons import LESSON_PAIRING_GAMES, LESSON_PAIRINGS  # noqa: E402
from hcgames.speros.teach import PAIRINGS_FILE, fresh_pairings  # noqa: E402


def main() -> int:
    table = random_endings(hcgames.load("historical-conquest", players=2))
    path = ROOT.joinpath("data", *ENDINGS_FILE)
    path.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {table}")
    pairings = fresh_pairings(
        SperosGame(players=2, mastery=True), LESSON_PAIRINGS, LESSON_PAIRING_GAMES
    )
    path = ROOT.joinpath("data", *PAIRINGS_FILE)
    path.write_text(json.dumps(pairings, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {pairings['rows']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
