"""Checks on the notebooks as files: stripped, complete, linked, well formed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hcgames.links import NOTEBOOKS

FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
FILES = sorted(FOLDER.glob("*.ipynb"))


def test_every_planned_notebook_exists_and_no_other() -> None:
    assert sorted(p.name for p in FILES) == sorted(name for name, _ in NOTEBOOKS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_stored_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{path.name}: a cell has stored outputs"
            assert cell.get("execution_count") is None, f"{path.name}: execution count stored"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_follows_the_cookbook_skeleton(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(
        "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )
    first = "".join(notebook["cells"][0]["source"])
    assert first.startswith("# "), f"{path.name}: the first cell must be the title"
    for heading in ("Overview", "Prerequisites", "Summary", "What's next"):
        assert f"## {heading}" in markdown, f"{path.name}: missing section {heading!r}"


def test_index_links_every_notebook() -> None:
    index = json.loads((FOLDER / "00-index.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in index["cells"])
    for name, _ in NOTEBOOKS[1:]:
        assert f"({name})" in text, f"00-index.ipynb does not link {name}"
