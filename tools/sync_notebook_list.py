#!/usr/bin/env python3
"""Rewrite the README's lesson tables from hcgames.links.NOTEBOOKS (the one list).

    python tools/sync_notebook_list.py

Replaces the rows of the Binder link table (under its "| lesson | with its code | for the
class |" header) and the bullet list of notebooks, if the README has one. The tests check
that the README agrees with the list; this command makes it agree.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hcgames.cli import markdown_links  # noqa: E402
from hcgames.links import NOTEBOOKS, binder_links  # noqa: E402

README = ROOT / "README.md"
HEADER = "| lesson | with its code | for the class |"


def _replace_block(lines: list[str], start: int, new: list[str]) -> list[str]:
    end = start
    while end < len(lines) and lines[end].startswith(("| ", "- [`")):
        end += 1
    return lines[:start] + new + lines[end:]


def main() -> int:
    lines = README.read_text(encoding="utf-8").splitlines()
    table = markdown_links(binder_links("hcgames/hcgames", "v0.1.0")).strip().splitlines()
    table = [row for row in table if row.startswith("| ") and "JupyterLab](" in row]
    at = lines.index(HEADER) + 2  # the header and its separator stay
    lines = _replace_block(lines, at, table)
    bullets = [i for i, line in enumerate(lines) if line.startswith("- [`00-index.ipynb`]")]
    if bullets:
        listing = [f"- [`{name}`](notebooks/{name}): {title}" for name, title in NOTEBOOKS]
        lines = _replace_block(lines, bullets[0], listing)
    README.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
