"""Teacher handouts and answer keys: every question is picked up, keys stay out of the
worksheet, and the PDFs print with the page count and headings we expect."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hcgames
from hcgames.core import DataError
from hcgames.handouts import (
    Document,
    answer_key,
    booklets,
    documents,
    handout,
    lesson_sheets,
    question_sets,
    topic_of,
    worksheet,
    worksheet_key,
    worksheets,
    written_questions,
)
from hcgames.handouts import questions as questions_module
from hcgames.handouts.build import chromium_path, write_handouts
from hcgames.handouts.maps import MAPS
from hcgames.handouts.pages import markdown_html
from hcgames.handouts.questions import Sheet, game_of_notebook
from hcgames.links import LESSON_SERIES
from hcgames.quiz import TOPICS, answer_text, parse_questions

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
    """A game's notebooks digit (LESSON_SERIES), its handout maps (MAPS) and the place names its
    maps must print (PLACE_NAMES) are each given for every registered game, and no other."""
    registered = sorted(GAME_IDS)
    assert sorted(LESSON_SERIES.values()) == registered, "hcgames.links.LESSON_SERIES"
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

    html = re.sub(r"<(style|title)>.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_a_new_lesson_file_is_picked_up_by_worksheet_and_key(lesson_folder: Path) -> None:
    sets = question_sets("classical-conquests")
    fixture = [s for s in sets if s.source == "lessons/29-fixture.json"]
    assert len(fixture) == 1 and len(fixture[0].questions) == 2
    sheet = _text(handout("classical-conquests").html)
    key = _text(answer_key("classical-conquests").html)
    assert "Which island held the treasury" in sheet and "Which island held the treasury" in key
    # the first question's right answer is shown second (hcgames.quiz.shown_order)
    assert "Answer: B. Delos" in key and "Answer: 490 BC" in key
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
    docs = booklets()
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


# --- one worksheet per lesson ---------------------------------------------------------------

ALL_SHEETS = [sheet for game in GAME_IDS for sheet in lesson_sheets(game)]


def _lesson_files() -> list[str]:
    return sorted(p.stem for p in (ROOT / "data" / "lessons").glob("*.json"))


def test_every_lesson_has_its_own_worksheet_and_key() -> None:
    names = {s.name for s in ALL_SHEETS}
    assert set(_lesson_files()) <= names
    docs = worksheets()
    assert {d.name for d in docs if d.kind == "worksheet"} == {f"{n}-worksheet" for n in names}
    assert {d.name for d in docs if d.kind == "sheet-key"} == {f"{n}-answer-key" for n in names}
    assert not any(d.kind in ("handout", "key") for d in documents())
    assert {d.kind for d in documents(with_booklets=True)} >= {"handout", "key"}


@pytest.mark.parametrize("sheet", ALL_SHEETS, ids=lambda s: s.name)
def test_a_worksheet_asks_its_lessons_questions_and_its_key_answers_them(sheet: Sheet) -> None:
    sheet_text = _text(worksheet(sheet).html)
    key_text = _text(worksheet_key(sheet).html)
    for q in sheet.questions:
        assert _text(q.prompt) in sheet_text and _text(q.prompt) in key_text, q.id
        letter = "ABCDEFGH"[q.answer] + ". " if q.kind == "choice" else ""
        assert f"Answer: {letter}{_text(answer_text(q))}" in key_text, q.id
        assert _text(q.explanation) not in sheet_text, q.id
    for wq in sheet.written:
        assert _text(wq.prompt) in sheet_text and _text(wq.key) in key_text
        assert _text(wq.key) not in sheet_text
    assert "Answer:" not in sheet_text and "Answer key, for the teacher" in key_text
    # the same numbers on sheet and key
    for number, q in enumerate([*sheet.questions], 1):
        assert f"{number}. {_text(q.prompt)}" in key_text or f"{number}." in key_text


def test_each_lessons_questions_are_all_on_its_sheet_or_said_to_be_left_out() -> None:
    for game in GAME_IDS:
        by_name = {s.name: s for s in lesson_sheets(game)}
        for qset in question_sets(game):
            if not qset.source.startswith("lessons/"):
                continue
            sheet = by_name[qset.notebook.removesuffix(".ipynb")]
            assert {q.id for q in qset.questions} == {
                q.id for q in (*sheet.questions, *sheet.left_out)
            }
        asked = {w.id for s in lesson_sheets(game) for w in s.written}
        assert asked == {w.id for w in written_questions(game) if w.lesson}


def test_the_duels_history_lesson_has_a_sheet_for_each_war() -> None:
    history = json.loads((ROOT / "data" / "conqueror" / "history.json").read_text("utf-8"))
    wars = [s for s in history["scenarios"].values() if s.get("questions")]
    sheets = [s for s in lesson_sheets("conqueror-duels") if s.title.startswith("War by war")]
    assert len(sheets) == len(wars)
    assert {q.id for s in sheets for q in s.questions} == {
        q["id"] for w in wars for q in w["questions"]
    }


@pytest.mark.parametrize("sheet", ALL_SHEETS, ids=lambda s: s.name)
def test_history_comes_first_and_a_history_sheet_asks_nothing_about_computer_players(
    sheet: Sheet,
) -> None:
    topics = [topic_of(q) for q in sheet.questions]
    assert topics == sorted(topics, key=TOPICS.index)
    if sheet.history_sheet:
        assert "computer" not in topics
        text = _text(worksheet(sheet).html).lower()
        for word in (r"bots?\b", "fair test", "simulat", "computer player"):  # not "both"
            assert not re.search(rf"\b{word}", text), f"{sheet.name}: {word!r}"
    html = worksheet(sheet).html
    headings = re.findall(r"<h3>(.*?)</h3>", html)
    if "history" in topics:
        assert headings[0] == "History"


def test_topics_are_read_from_the_questions_words() -> None:
    def topic(notebook: str, qid: str) -> str:
        doc = json.loads((ROOT / "data" / "lessons" / f"{notebook}.json").read_text("utf-8"))
        (q,) = [q for q in parse_questions(doc["questions"], notebook) if q.id == qid]
        return topic_of(q)

    assert topic("54-historical-play", "fair-test") == "computer"
    assert topic("54-historical-play", "greedy") == "computer"
    assert topic("13-duels-play", "seed") == "computer"
    assert topic("33-conquest-history", "longest-arm") == "history"
    assert topic("33-conquest-history", "crecy") == "history"
    assert topic("12-duels-history", "bc-order") == "history"
    assert topic("22-classical-battles", "pairs") == "maths"  # a die, not "died"
    assert topic("52-historical-battles-and-morale", "what-decides") == "rules"
    assert topic("13-duels-play", "class-goal") == "rules"  # said by its "topic" field


def test_a_questions_topic_field_is_checked() -> None:
    item = {"id": "a", "kind": "number", "prompt": "p?", "answer": 1, "explanation": "e."}
    (q,) = parse_questions([{**item, "topic": "maths"}], "test")
    assert q.topic == "maths" and topic_of(q) == "maths"
    with pytest.raises(DataError, match="'topic' must be one of"):
        parse_questions([{**item, "topic": "bots"}], "test")


def test_a_written_questions_lesson_must_be_one_of_the_games_lessons(lesson_folder: Path) -> None:
    path = lesson_folder / "handouts" / "conquest-1972.json"
    doc = json.loads(path.read_text("utf-8"))
    doc["written"][0]["lesson"] = "12"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(DataError, match="'lesson' must be the number"):
        written_questions("conquest-1972")


@pytest.mark.parametrize("sheet", ALL_SHEETS, ids=lambda s: s.name)
def test_a_worksheet_is_planned_on_two_sides_at_most(sheet: Sheet) -> None:
    assert worksheet(sheet).pages <= 2, "give the lesson fewer or shorter questions"
    assert worksheet_key(sheet).pages <= 2


STUDENT_WORDS_NOT_ALLOWED = (
    r"\bgreedy\b",
    r"\bmcts\b",
    r"random bot",
    r"\w\(s\)",
    r"\.ipynb",
    r"\.json",
    r"\bdata/",
    r"hcgames/",
    r"\bseeds?\b",
)


@pytest.mark.parametrize("doc", [*worksheets(), *booklets()], ids=lambda d: d.name or d.title)
def test_handouts_use_the_apps_words(doc: Document) -> None:
    text = _text(doc.html)
    for pattern in STUDENT_WORDS_NOT_ALLOWED:
        found = re.search(pattern, text, flags=re.I)
        assert not found, f"{doc.title}: {found.group(0)!r}" if found else ""


def test_the_index_lists_each_games_lessons_under_the_game(tmp_path: Path) -> None:
    write_handouts(documents(with_booklets=True), tmp_path, pdf=False)
    index = (tmp_path / "index.html").read_text("utf-8")
    titles = re.findall(r"<h2>(.*?)</h2>", index)
    assert len(titles) == len(GAME_IDS)
    duels = index.split("<h2>")[1]
    assert "Lesson 12: The history behind the scenarios: <a href='12-duels-history-worksheet" in (
        duels
    )
    assert "12-duels-history-answer-key.html" in duels and "conqueror-duels-handout" in duels
    assert "53-historical-world-map-worksheet" not in duels


def test_the_handouts_import_without_the_notebook_widgets() -> None:
    """The handouts extra has no ipywidgets or bqplot: the map drawing must not need them."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['ipywidgets'] = None; sys.modules['bqplot'] = None; "
        "import hcgames.handouts.maps, hcgames.handouts"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-800:]


@pytest.fixture(scope="session")
def printed_worksheets(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Document]]:
    """Every lesson's worksheet and key printed once per test session (about 20 s)."""
    if CHROMIUM_MISSING:
        pytest.skip("no system chromium: the PDFs cannot be printed")
    out = tmp_path_factory.mktemp("worksheets")
    docs = worksheets()
    write_handouts(docs, out, pdf=True)
    return out, docs


@pytest.mark.browser
def test_every_lesson_worksheet_prints_on_two_sides_at_most(
    printed_worksheets: tuple[Path, list[Document]],
) -> None:
    pypdf = pytest.importorskip("pypdf")
    out, docs = printed_worksheets
    for doc in docs:
        reader = pypdf.PdfReader(str(out / f"{doc.name}.pdf"))
        printed = len(reader.pages)
        assert printed == doc.pages, f"{doc.name}: {printed} pages printed, {doc.pages} planned"
        assert printed <= 2, f"{doc.name}: {printed} pages"
        text = " ".join(page.extract_text() or "" for page in reader.pages)
        text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))  # "ﬁ" -> "fi"
        for heading in doc.headings:
            assert heading in text, f"{doc.name} lacks the heading {heading!r}"
        assert ("Answer:" in text) == (doc.kind == "sheet-key"), doc.name


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM_MISSING, reason="no system chromium: the PDFs cannot be printed")
def test_worksheets_fit_two_sides_of_us_letter_too(tmp_path: Path) -> None:
    """US Letter is 18 mm shorter than A4: the longest worksheets still print as planned."""
    pypdf = pytest.importorskip("pypdf")
    docs = sorted((d for d in worksheets() if d.kind == "worksheet"), key=lambda d: -len(d.html))[
        :4
    ]
    write_handouts(docs, tmp_path, pdf=True, paper="Letter")
    for doc in docs:
        reader = pypdf.PdfReader(str(tmp_path / f"{doc.name}.pdf"))
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (612, 792), "not Letter"
        assert len(reader.pages) == doc.pages <= 2, doc.name
