"""A student's record of work (hcgames.record) and the teacher's class summary (hcgames.gather)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcgames.cli import main
from hcgames.gather import gather, gather_files, write_report
from hcgames.record import RecordError, WorkRecord, read_record, record_html


def student(name: str, answers: dict[str, list[tuple[str, bool]]], time: str = "") -> WorkRecord:
    """A record of lesson 12 with the tries given per question (text, right)."""
    record = WorkRecord(lesson="12-duels-history", student=name, time=time or "2026-11-27T09:00Z")
    prompts = {"age": "How old was Alexander?", "year": "When was Cannae?"}
    for qid, prompt in prompts.items():
        record.ask(qid, prompt)
        for text, right in answers.get(qid, []):
            record.answer(qid, text, right, hint_shown=not right)
    return record


def test_right_first_time_only_when_the_first_try_is_right() -> None:
    record = student("Ana", {"age": [("33", True)], "year": [("215 BC", False), ("216", True)]})
    age, year = record.questions
    assert (age.right_first_time, age.tries, age.hints) == (True, 1, 0)
    assert (year.right_first_time, year.right, year.tries, year.hints) == (False, True, 2, 1)
    assert (record.right, record.right_first_time) == (2, 1)


def test_tries_after_the_right_answer_are_not_counted() -> None:
    record = student("Ana", {"age": [("33", True), ("40", False)]})
    assert record.questions[0].given == ["33"]


def test_a_shown_answer_is_not_right_first_time() -> None:
    record = student("Ana", {})
    record.reveal("age")
    record.answer("age", "32", right=True)
    assert record.questions[0].revealed and not record.questions[0].right_first_time


def test_an_unfinished_game_is_replaced_by_its_later_state() -> None:
    record = WorkRecord(lesson="13-duels-play")
    record.play("Conqueror: Duels", "Rome", "Easy", "not finished", 2)
    record.play("Conqueror: Duels", "Rome", "Easy", "won", 5)
    record.play("Conqueror: Duels", "Carthage", "Hard", "not finished", 1)
    assert [(g.side, g.result, g.rounds) for g in record.games] == [
        ("Rome", "won", 5),
        ("Carthage", "not finished", 1),
    ]


def test_the_downloaded_page_carries_the_record_and_reads_back() -> None:
    record = student("Ana </script> <b>", {"age": [("33", True)]})
    record.play("Conqueror: Duels", "Rome", "Easy", "won", 5)
    page = record_html(record)
    assert page.count("</script>") == 1  # the name cannot close the embedded record
    assert "Ana &lt;/script&gt; &lt;b&gt;" in page
    back = read_record(page)
    assert back == record
    # what the page shows says what its check is for in words, never the check itself
    shown = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    assert "record check" not in shown and not re.search(r"[0-9a-f]{16}", shown)
    assert "if it is changed after it was saved, the teacher's class summary says so" in shown


@pytest.mark.parametrize(
    "damage, reason",
    [
        (lambda page: page[: len(page) // 2], "no record of work inside"),
        (lambda page: page.replace('"33"', '"34"'), "changed after it was saved"),
        (lambda page: page.replace('"digest": "', '"digest": "0'), "changed after it was saved"),
        (lambda page: "<html><body>My holiday photos</body></html>", "no record of work inside"),
        (lambda page: page.replace('"questions": [', '"questions": [[', 1), "damaged"),
    ],
    ids=["truncated", "edited-answer", "edited-digest", "foreign", "broken-json"],
)
def test_a_damaged_or_edited_file_is_refused_with_the_reason(
    damage: Callable[[str], str], reason: str
) -> None:
    page = record_html(student("Ana", {"age": [("33", True)]}))
    with pytest.raises(RecordError, match=reason):
        read_record(damage(page))


def test_a_record_of_another_format_is_refused() -> None:
    record = student("Ana", {})
    page = record_html(record).replace("hcgames-work/1", "hcgames-work/9")
    with pytest.raises(RecordError):
        read_record(page)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_either_read_as_a_record_or_are_refused_plainly(data: bytes) -> None:
    with contextlib.suppress(RecordError):
        read_record(data)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(min_value=0, max_value=2000), st.integers(min_value=0, max_value=255))
def test_a_flipped_byte_never_gives_a_different_record(position: int, value: int) -> None:
    record = student("Ana", {"age": [("33", True)], "year": [("215", False)]})
    page = bytearray(record_html(record).encode())
    page[position % len(page)] = value
    try:
        back = read_record(bytes(page))
    except RecordError:
        return
    assert back == record


def class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    files = {
        "ana.html": student("Ana", {"age": [("33", True)], "year": [("216 BC", True)]}),
        "ben.html": student("Ben", {"age": [("32", False), ("33", True)], "year": [("216", True)]}),
        "cal-old.html": student("Cal", {"age": [("40", False)]}, time="2026-11-27T09:00Z"),
        "cal-new.html": student(
            "Cal", {"age": [("32", False), ("33", True)]}, time="2026-11-27T09:30Z"
        ),
    }
    for name, record in files.items():
        (folder / name).write_text(record_html(record), encoding="utf-8")
    good = record_html(student("Dee", {"age": [("33", True)]}))
    (folder / "dee-edited.html").write_text(good.replace('"33"', '"34"'), encoding="utf-8")
    (folder / "eve-cut.html").write_text(good[:300], encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    other = WorkRecord(lesson="22-classical-battles", student="Ana", time="2026-11-27T10:00Z")
    other.ask("fleet", "How many fleets?")
    other.answer("fleet", "2", right=True)
    (folder / "ana-22.html").write_text(record_html(other), encoding="utf-8")
    return folder


def test_gather_summarises_a_class_and_lists_what_it_skipped(tmp_path: Path) -> None:
    summary = gather(class_folder(tmp_path))
    assert summary.lessons == ["12-duels-history", "22-classical-battles"]
    skipped = dict(summary.skipped)
    assert set(skipped) == {"dee-edited.html", "eve-cut.html", "notes.txt"}
    assert "changed after it was saved" in skipped["dee-edited.html"]
    assert summary.replaced == [("cal-old.html", "cal-new.html")]

    questions = summary.by_question("12-duels-history").set_index("question")
    # Ana right first time, Ben and Cal (later file) after a wrong try: 1 of 3
    assert questions.loc[1, "students"] == 3
    assert questions.loc[1, "right first time"] == 33
    assert questions.loc[1, "right in the end"] == 100
    assert questions.loc[1, "most common wrong answers"] == "32 (2)"
    # the year: Ana and Ben right first time; Cal never answered it
    assert questions.loc[2, "right first time"] == 67

    students = summary.by_student("12-duels-history").set_index("student")
    assert students.loc["Ana", "right"] == 2 and students.loc["Cal", "right"] == 1


def test_gather_writes_an_html_report_and_a_csv(tmp_path: Path) -> None:
    summary = gather(class_folder(tmp_path))
    page, csv = write_report(summary, tmp_path / "out")
    text = page.read_text(encoding="utf-8")
    assert "the history behind the scenarios (3 students)" in text and "eve-cut.html" in text
    assert "Handed in twice" in text
    assert csv.read_text(encoding="utf-8").splitlines()[0].startswith("lesson,student,file")


def test_gather_from_uploaded_files_keeps_a_nameless_record_each() -> None:
    nameless = record_html(student("", {"age": [("33", True)]}))
    summary = gather_files([("a.html", nameless), ("b.html", nameless.encode())])
    assert len(summary.records) == 2 and not summary.replaced


def test_gather_command_prints_what_it_read_and_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = class_folder(tmp_path)
    assert main(["gather", str(folder), "--out", str(tmp_path / "report")]) == 0
    out = capsys.readouterr().out
    assert "4 records read" in out and "skipped eve-cut.html" in out
    assert (tmp_path / "report" / "class-summary.html").exists()


def test_links_for_a_school_hub_use_nbgitpuller(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["links", "--repo", "o/hcg", "--ref", "v1", "--hub", "https://hub.school"]) == 0
    out = capsys.readouterr().out
    hub = "https://hub.school/hub/user-redirect/git-pull"
    assert f"{hub}?repo=https%3A%2F%2Fgithub.com%2Fo%2Fhcg" in out
    assert "branch=v1&urlpath=voila%2Frender%2Fhcg%2Fnotebooks%2F13-duels-play.ipynb" in out
    with pytest.raises(SystemExit, match="--hub"):
        main(["links", "--repo", "o/hcg", "--hub", "hub.school"])


def test_the_record_json_inside_the_page_is_plain_json() -> None:
    page = record_html(student("Ana", {"age": [("33", True)]}))
    inside = page.split('id="hc-work-record">')[1].split("</script>")[0]
    payload = json.loads(inside.replace("<\\/", "</"))
    assert set(payload) == {"record", "digest"}
    assert payload["record"]["lesson"] == "12-duels-history"


def test_the_handed_in_page_counts_the_questions_answered_not_those_never_opened() -> None:
    """Lesson 12's other wars add their questions to the page when picked: a student who
    answered every question shown read '12 of 17 right'; now '2 of 2 answered right'."""
    from hcgames.record import QuestionRow, WorkRecord, record_html

    rows = [
        QuestionRow("q1", "One?", given=["a"], right=True, right_first_time=True),
        QuestionRow("q2", "Two?", given=["b", "c"], right=True),
        QuestionRow("q3", "Three?"),
    ]
    page = record_html(WorkRecord("12-duels-history", student="Ana", questions=rows))
    assert "2 of 2 answered right, 1 of them first time; 1 not answered." in page
    assert "right after 1 wrong try" in page and "not answered" in page


def test_a_puzzle_solved_with_hints_says_so_not_zero_wrong_tries() -> None:
    """Lesson 32's puzzles solved by following hints read 'right on try 1' beside
    'right first time'; now 'right with 4 hints' (never 'right after 0 wrong tries')."""
    from hcgames.record import QuestionRow, question_mark

    assert question_mark(QuestionRow("p", "Puzzle", given=["x"], right=True, hints=4)) == (
        "right with 4 hints"
    )
    shown = QuestionRow("q", "Q?", given=["x"], right=True, revealed=True)
    assert question_mark(shown) == "right after the answer was shown"
