"""Teacher handouts and answer keys: every question is picked up, keys stay out of the
worksheet, and the PDFs print with the page count and headings we expect."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hcgames
from hcgames.handouts import answer_key, documents, handout, question_sets, written_questions
from hcgames.handouts import questions as questions_module
from hcgames.handouts.build import chromium_path, write_handouts
from hcgames.handouts.maps import MAPS
from hcgames.handouts.pages import markdown_html
from hcgames.handouts.questions import GAMES, game_of_notebook
from hcgames.quiz import answer_text

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = hcgames.available_games()


def _data(*parts: str) -> Any:
    return json.loads(ROOT.joinpath("data", *parts).read_text("utf-8"))


#: game id -> the names of every place in its data, which its handout maps must print
PLACE_NAMES: dict[str, Callable[[], set[str]]] = {
    "conqueror-duels": lambda: {
        n for m in _data("conqueror", "maps.json")["maps"].values() for n in m["territories"]
    },
    "classical-conquests": lambda: {
        f["properties"]["name"] for f in _data("classical", "map.geojson")["features"]
    },
    "conquest-1972": lambda: {s["id"] for s in _data("conquest", "board.json")["spaces"]},
    "conquest-of-speros": lambda: {
        loc["name"] for loc in _data("speros", "locations.json")["locations"]
    },
    "historical-conquest": lambda: {
        f["properties"]["name"] for f in _data("historical", "continents.geojson")["features"]
    },
}


def test_the_handouts_cover_exactly_the_registered_games() -> None:
    """A game's notebooks digit (GAMES), its handout maps (MAPS) and the place names its
    maps must print (PLACE_NAMES) are each given for every registered game, and no other."""
    registered = sorted(GAME_IDS)
    assert sorted(GAMES.values()) == registered, "hcgames.handouts.questions.GAMES"
    assert sorted(MAPS) == registered, "hcgames.handouts.maps.MAPS"
    assert sorted(PLACE_NAMES) == registered, "PLACE_NAMES in this file"


FIXTURE_LESSON = {
    "questions": [
        {
            "id": "fixture-delos",
            "kind": "choice",
            "prompt": "Which island held the treasury of the Delian League at first?",
            "options": ["Delos", "Crete", "Rhodes"],
            "answer": 0,
            "explanation": "The League kept its treasury on Delos until 454 BC.",
        },
        {
            "id": "fixture-marathon",
            "kind": "number",
            "unit": "year",
            "prompt": "In which year was the Battle of Marathon fought?",
            "answer": -490,
            "explanation": "Athens and Plataea beat the Persian landing in 490 BC.",
        },
    ]
}


@pytest.fixture
def lesson_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/ with one extra lesson file, 29-fixture.json (a Classical lesson)."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    (data / "lessons").mkdir(exist_ok=True)
    (data / "lessons" / "29-fixture.json").write_text(json.dumps(FIXTURE_LESSON), "utf-8")
    monkeypatch.setattr(questions_module, "data_dir", lambda: data)
    import hcgames.data

    monkeypatch.setattr(hcgames.data, "data_dir", lambda: data)
    return data


def _text(html: str) -> str:
    from html import unescape

    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_a_new_lesson_file_is_picked_up_by_worksheet_and_key(lesson_folder: Path) -> None:
    sets = question_sets("classical-conquests")
    fixture = [s for s in sets if s.source == "lessons/29-fixture.json"]
    assert len(fixture) == 1 and len(fixture[0].questions) == 2
    sheet = _text(handout("classical-conquests").html)
    key = _text(answer_key("classical-conquests").html)
    assert "Which island held the treasury" in sheet and "Which island held the treasury" in key
    assert "Answer: A. Delos" in key and "Answer: 490 BC" in key
    assert "Answer:" not in sheet
    assert "454 BC" not in sheet, "an explanation leaked into the student worksheet"


def test_a_lesson_file_counts_only_for_its_own_game(lesson_folder: Path) -> None:
    for game in GAME_IDS:
        found = any(s.source == "lessons/29-fixture.json" for s in question_sets(game))
        assert found == (game == "classical-conquests"), game


def test_notebook_numbers_name_their_game() -> None:
    assert game_of_notebook("12-duels-history") == "conqueror-duels"
    assert game_of_notebook("53-historical-world-map") == "historical-conquest"
    assert game_of_notebook("00-index") is None and game_of_notebook("notes") is None


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_question_of_the_game_is_on_the_worksheet_and_answered_in_the_key(game: str) -> None:
    sheet = _text(handout(game).html)
    key = _text(answer_key(game).html)
    asked = [q for s in question_sets(game) for q in s.questions]
    for q in asked:
        prompt = _text(q.prompt)
        assert prompt in sheet and prompt in key, q.id
        letter = "ABCDEFGH"[q.answer] + ". " if q.kind == "choice" else ""
        assert f"Answer: {letter}{_text(answer_text(q))}" in key, q.id
        assert _text(q.explanation) not in sheet, q.id
    for wq in written_questions(game):
        assert _text(wq.prompt) in sheet and _text(wq.key) in key
        assert _text(wq.key) not in sheet
    assert "For the teacher" in key and "For the teacher" not in sheet


def test_duels_worksheet_holds_every_scenario_history_question() -> None:
    history = json.loads((ROOT / "data" / "conqueror" / "history.json").read_text("utf-8"))
    ids = {q["id"] for s in history["scenarios"].values() for q in s.get("questions", [])}
    found = {q.id for s in question_sets("conqueror-duels") for q in s.questions}
    assert ids <= found


@pytest.mark.parametrize("game", GAME_IDS)
def test_maps_name_every_place_of_the_game_data(game: str) -> None:
    drawn = [draw() for draw in MAPS[game]]
    svgs = " ".join(svg for _, svg, _ in drawn)
    # a place too small for its name is named beside it or by a short form that the
    # key spells out; never a number
    keys = " ".join(legend for _, _, legend in drawn)
    assert "Numbers on the map" not in keys
    assert not re.search(r">\s*\d+\s*</text>", svgs), "a number printed as a place label"
    names = PLACE_NAMES[game]()
    from html import escape

    missing = {n for n in names if f">{escape(n)}<" not in svgs + keys}
    assert not missing, f"names missing from the {game} map: {sorted(missing)}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_maps_tell_things_apart_without_colour(game: str) -> None:
    """Greyscale-safe: every fill is white, black, a grey or a hatching pattern."""
    for draw in MAPS[game]:
        _, svg, legend = draw()
        for colour in re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{3,6})"', svg + legend):
            digits = colour[1:]
            if len(digits) == 3:
                digits = "".join(c * 2 for c in digits)
            red, green, blue = digits[0:2], digits[2:4], digits[4:6]
            assert red == green == blue, f"{game}: {colour} is a colour, not a grey"
        assert "legend" in legend


def test_markdown_reader_keeps_lists_and_emphasis() -> None:
    html = markdown_html("## Turn\n1. **Play** cards\n2. *Attack*\n\nAfter.")
    assert html == (
        "<h2>Turn</h2>\n<ol><li><b>Play</b> cards</li><li><i>Attack</i></li></ol>\n<p>After.</p>"
    )


CHROMIUM_MISSING = chromium_path() is None and not os.environ.get("CI")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM_MISSING, reason="no system chromium: the PDFs cannot be printed")
def test_pdfs_build_with_the_expected_pages_and_headings(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    docs = documents()
    files = write_handouts(docs, tmp_path, pdf=True)
    assert (tmp_path / "index.html") in files
    for doc in docs:
        name = f"{doc.game}-{'handout' if doc.kind == 'handout' else 'answer-key'}.pdf"
        reader = pypdf.PdfReader(str(tmp_path / name))
        assert len(reader.pages) == doc.pages, (
            f"{name}: {len(reader.pages)} pages printed, {doc.pages} planned - a page overflowed"
        )
        text = re.sub(r"\s+", " ", " ".join(page.extract_text() or "" for page in reader.pages))
        for heading in doc.headings:
            assert heading in text, f"{name} lacks the heading {heading!r}"
        if doc.kind == "handout":
            assert len(re.findall(r"the rules in brief", text)) >= 1 and "worksheet" in text
            assert "Answer:" not in text and "A good answer:" not in text
        else:
            assert "A good answer:" in text
            assert ("Answer:" in text) == bool(question_sets(doc.game))
