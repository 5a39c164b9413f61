"""The teacher pack in docs/teachers/: every lesson it names exists under the title the
README and the index use, every game has a lesson plan with the parts a teacher needs,
the cards the classroom notes discuss are real cards, and the README links the guide."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

import hcgames
from hcgames.links import LESSON_SERIES, NOTEBOOKS

ROOT = Path(__file__).resolve().parent.parent
TEACHERS = ROOT / "docs" / "teachers"
DOCS = sorted(TEACHERS.glob("*.md"))
TITLES = dict(NOTEBOOKS)
# a lesson named in the teacher pack: **`10-duels-a-round.ipynb`: <its title>**
NAMED = re.compile(r"\*\*`(\d\d-[\w-]+\.ipynb)`: ([^*\n]+)\*\*")


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
def test_lessons_named_in_the_teacher_pack_exist_with_their_titles(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    for notebook, title in NAMED.findall(text):
        assert notebook in TITLES, f"{doc.name} names {notebook}, which is not a lesson"
        assert title.strip() == TITLES[notebook], f"{doc.name}: {notebook} is now called " + (
            f"{TITLES[notebook]!r}"
        )
    for notebook in re.findall(r"\b\d\d-[a-z-]+\.ipynb\b", text):
        assert notebook in TITLES, f"{doc.name} mentions {notebook}, which is not a lesson"


@pytest.mark.parametrize("game", hcgames.available_games())
def test_every_game_has_a_lesson_plan_a_teacher_can_run(game: str) -> None:
    plan = TEACHERS / f"lesson-plan-{game}.md"
    text = plan.read_text(encoding="utf-8")
    for heading in ("## Objectives", "## The 50 minutes", "## Discussion questions",
                    "## Differentiation", "## Extension", "## Answers"):  # fmt: skip
        assert heading in text, f"{plan.name} lacks {heading!r}"
    assert "**Younger students" in text and "**Older students" in text
    minutes = re.findall(r"^\| (\d+)-(\d+) \|", text, flags=re.M)
    assert minutes and minutes[0][0] == "0" and minutes[-1][1] == "50", "a 50-minute plan"
    for (_, end), (start, _) in itertools.pairwise(minutes):
        assert end == start, f"{plan.name}: the timings leave a gap or overlap at {end}"
    game_lessons = {n for n in TITLES if n[:1] == plan_digit(game)}
    named = {n for n, _ in NAMED.findall(text)}
    assert named and named <= game_lessons, f"{plan.name} names lessons of another game"


def plan_digit(game: str) -> str:
    return next(digit for digit, gid in LESSON_SERIES.items() if gid == game)


def test_classroom_notes_discuss_cards_a_class_can_meet() -> None:
    notes = (TEACHERS / "classroom-notes.md").read_text(encoding="utf-8")
    cards = json.loads((ROOT / "data" / "historical" / "cards.json").read_text("utf-8"))
    decks = json.loads((ROOT / "data" / "historical" / "decks.json").read_text("utf-8"))
    dealt = {cid for deck in decks["decks"].values() for cid in deck["cards"]}
    names = {c["name"] for c in cards["cards"] if c["id"] in dealt}
    for heading in re.findall(r"^### (.+?) \(", notes, flags=re.M):
        assert heading in names, f"the classroom notes discuss {heading!r}, not a card in a deck"
    # Slave Revolt is taken out of the chronicle deck in every scenario that deals one
    assert "Slave Revolt" not in notes


def test_readme_sends_teachers_to_the_guide_and_the_app_links_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/teachers/README.md" in readme
    first_table = readme.index("| Start here")
    assert first_table < readme.index("python3 tasks.py test"), "app links before developer notes"
    for command in ("python3 tasks.py notebooks", "python3 tasks.py app", "python3 tasks.py test"):
        assert command in readme
