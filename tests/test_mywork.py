"""The "My work" panel: questions report each try, and the download carries the record."""

from __future__ import annotations

import base64

import pytest

from hcgames.quiz import Question
from hcgames.record import read_record
from hcgames.widgets.lesson import Quiz
from hcgames.widgets.mywork import Journal, MyWork, journal


def test_quiz_tries_reach_the_panel_and_its_download(monkeypatch: pytest.MonkeyPatch) -> None:
    page = Journal()
    monkeypatch.setattr("hcgames.widgets.mywork._JOURNAL", page)
    questions = [
        Question(
            id="cannae",
            kind="number",
            prompt="When was Cannae?",
            answer=-216,
            explanation="216 BC.",
            unit="year",
            hint="Look at the timeline.",
        ),
        Question(
            id="who",
            kind="choice",
            prompt="Who won?",
            answer=1,
            explanation="Hannibal.",
            options=("Rome", "Carthage"),
        ),
    ]
    quiz = Quiz(questions)
    panel = MyWork.for_lesson("12-duels-history")
    assert journal() is page and "hc-download" not in panel.download.value
    first, second = quiz.items
    first.answer.value = "215 BC"
    first.check()
    first.answer.value = "216 BC"
    first.check()
    second.answer.value = 1
    second.check()
    assert "right on try 2" in panel.table.value and "right first time" in panel.table.value
    page.play("Conqueror: Duels", "Rome", "Easy", "won", 6)
    panel.name.value = "Ana"
    link = panel.download.value
    assert "download='12-duels-history-Ana.html'" in link
    data = link.split("base64,")[1].split("'")[0]
    record = read_record(base64.b64decode(data))
    assert record.student == "Ana" and record.lesson == "12-duels-history"
    assert [q.given for q in record.questions] == [["215 BC", "216 BC"], ["Carthage"]]
    assert record.questions[0].hints == 1 and record.questions[1].right_first_time
    assert record.games[0].result == "won"


def test_the_teachers_upload_makes_the_summary_with_its_downloads() -> None:
    from hcgames.record import WorkRecord, record_html
    from hcgames.widgets.mywork import ClassSummaryUpload

    record = WorkRecord(lesson="12-duels-history", student="Ana", time="2026-11-27T09:00Z")
    record.ask("age", "How old was Alexander?")
    record.answer("age", "33", right=True)
    box = ClassSummaryUpload()
    box.summarise([("ana.html", record_html(record).encode()), ("x.html", b"hello")])
    assert "the history behind the scenarios (1 student)" in box.report.value
    assert "download='class-summary.html'" in box.report.value
    assert "download='class-answers.csv'" in box.report.value
    assert "x.html" in box.report.value  # listed as skipped, with the reason


def test_a_played_game_reaches_my_work_once_and_as_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a play page the record lists the game (side, level, result, rounds), one row per
    game however often the screen redraws, and a New game adds a second row."""
    import hcgames
    from hcgames.widgets import PlayApp

    page = Journal()
    monkeypatch.setattr("hcgames.widgets.mywork._JOURNAL", page)
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=2)
    assert page.record.games == []  # nothing played yet

    def play_first_choice() -> None:
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()

    play_first_choice()
    play_first_choice()
    (row,) = page.record.games
    assert (row.game, row.level, row.result) == ("CONQUEST (1972)", "Easy", "not finished")
    assert row.side == app.state.player_name(0)
    app.new_game()
    play_first_choice()
    assert len(page.record.games) == 2
