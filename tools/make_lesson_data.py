#!/usr/bin/env python3
"""Compute the tables lessons show from many games, once, and store them in data/.

    python tools/make_lesson_data.py

Lesson 54's endings table (150 random games) is stored in
data/historical/random-endings.json so the page opens without playing them;
tests/historical/test_teach.py checks the stored table against a fresh run, so a rule
change that alters the games fails there until this is run again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hcgames  # noqa: E402
from hcgames.historical.teach import ENDINGS_FILE, random_endings  # noqa: E402


def main() -> int:
    table = random_endings(hcgames.load("historical-conquest", players=2))
    path = ROOT.joinpath("data", *ENDINGS_FILE)
    path.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
