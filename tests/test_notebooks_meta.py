"""Checks on the notebooks as files: stripped, complete, linked, well formed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import hcgames
from hcgames.links import NOTEBOOKS
from hcgames.words import spelled

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


#: the sections every lesson has, in docs/lessons.md's order
LESSON_SECTIONS = (
    "In this lesson",
    "Check what you learned",
    "My work",
    "What's next",
    "For teachers and developers",
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_follows_the_lesson_skeleton(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(
        "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )
    first = "".join(notebook["cells"][0]["source"])
    assert first.startswith("# "), f"{path.name}: the first cell must be the title"
    if not notebook["metadata"].get("hcgames", {}).get("lesson"):
        # not yet converted: the older cookbook skeleton
        for heading in ("Overview", "Prerequisites", "Summary", "What's next"):
            assert f"## {heading}" in markdown, f"{path.name}: missing section {heading!r}"
        return
    wanted = LESSON_SECTIONS if path.name != "00-index.ipynb" else ("What's next",)
    places = []
    for heading in wanted:
        assert f"## {heading}" in markdown, f"{path.name}: missing section {heading!r}"
        places.append(markdown.index(f"## {heading}"))
    assert places == sorted(places), f"{path.name}: sections out of order {wanted}"
    for part in ("**Ages**", "**Time**", "**How to use this page**"):
        assert part in markdown, f"{path.name}: the lesson line lacks {part}"


def test_titles_agree_between_the_notebooks_and_the_list() -> None:
    """The README table, the index and the Binder links are made from hcgames.links.NOTEBOOKS;
    each notebook's title must read the same."""
    for name, title in NOTEBOOKS:
        notebook = json.loads((FOLDER / name).read_text(encoding="utf-8"))
        first = "".join(notebook["cells"][0]["source"]).splitlines()[0]
        assert first == f"# {title}", f"{name}: title {first!r} is not {title!r} of the list"


def test_index_lists_every_notebook_from_the_list() -> None:
    index = json.loads((FOLDER / "00-index.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in index["cells"] if c["cell_type"] == "code")
    assert "for filename, title in NOTEBOOKS" in code


def index_games_table() -> tuple[str, list[str]]:
    """The index page's table of games, written by hand (each game's place, period and
    lesson are words of its own): the heading's number word and each row's game name."""
    index = json.loads((FOLDER / "00-index.ipynb").read_text(encoding="utf-8"))
    for cell in index["cells"]:
        text = "".join(cell["source"])
        heading = re.match(r"## The (\w+) games\n", text)
        if cell["cell_type"] == "markdown" and heading:
            return heading[1], re.findall(r"^\| \*\*(.+?)\*\* \|", text, flags=re.M)
    raise AssertionError("00-index.ipynb has no '## The ... games' table")


def test_the_index_page_has_a_row_for_every_game(games: list[str] | None = None) -> None:
    """docs/adding-a-game.md step 11: a registered game has its row in the index page's
    table (named by its title, or the title's part before a colon), and the heading
    counts the games."""
    games = hcgames.available_games() if games is None else games
    number, rows = index_games_table()
    titles = {game_id: hcgames.game_class(game_id).title for game_id in games}
    missing = [
        game_id
        for game_id, title in titles.items()
        if not any(title == row or title.startswith(f"{row}:") for row in rows)
    ]
    assert not missing, f"00-index.ipynb's table of games has no row for {missing}"
    assert len(rows) == len(games), f"00-index.ipynb's table has {rows}, the registry {games}"
    assert f"{number} games" == spelled(len(games), "game"), f"the heading says {number} games"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_notebook_is_a_lesson(path: Path) -> None:
    """The browser test applies the lesson rules to notebooks marked as lessons: all are."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"].get("hcgames", {}).get("lesson") is True, (
        f"{path.name} is not marked as a lesson (see docs/lessons.md)"
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_lesson_ends_with_its_own_my_work_box(path: Path) -> None:
    """The student's record of the page names this lesson, so the teacher's summary groups
    the downloaded files by lesson."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    if path.name == "00-index.ipynb":
        return
    code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    assert f'MyWork.for_lesson("{path.stem}")' in code
