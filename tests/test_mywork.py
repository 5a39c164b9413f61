"""The "My work" panel: questions report each try, and the download carries the record."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from hcgames.quiz import Question
from hcgames.record import read_record
from hcgames.widgets.lesson import Quiz
from hcgames.widgets.mywork import Journal, MyWork, journal


def _class_app(game_id: str, seed: int) -> Any:
    """The class game of ``game_id`` on a play screen, the student against Easy, no pauses."""
    from hcgames.classgame import class_game
    from hcgames.widgets import PlayApp

    app = PlayApp(class_game(game_id), humans=(0,), bot="easy", seed=seed)
    app.PAUSE = 0
    return app


def _play_first_choice(app: Any) -> None:
    """Play the first move the list shows, as a student clicking down the list would."""
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()


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
    table = panel.table.value
    assert "right after 1 wrong try" in table and "right first time" in table
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


def test_a_hint_counts_once_and_only_when_the_question_has_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two wrong tries show the same hint twice: one hint seen, not two. A question
    without a hint counts none, and a right first answer shows no hint."""
    page = Journal()
    monkeypatch.setattr("hcgames.widgets.mywork._JOURNAL", page)
    hinted = Question(
        id="hinted",
        kind="choice",
        prompt="Which?",
        answer=0,
        explanation="A.",
        options=("A", "B", "C"),
        hint="Think of A.",
    )
    bare = Question(
        id="bare",
        kind="choice",
        prompt="Which?",
        answer=0,
        explanation="A.",
        options=("A", "B"),
    )
    plain = Question(
        id="plain",
        kind="choice",
        prompt="Which?",
        answer=0,
        explanation="A.",
        options=("A", "B"),
        hint="Think of A.",
    )
    first, second, third = Quiz([hinted, bare, plain]).items
    for value in (1, 2, 0):
        first.answer.value = value
        first.check()
    second.answer.value = 1
    second.check()
    third.answer.value = 0
    third.check()
    rows = {q.id: q for q in page.record.questions}
    assert (rows["hinted"].tries, rows["hinted"].hints) == (3, 1)
    assert rows["bare"].hints == 0 and rows["plain"].hints == 0


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

    _play_first_choice(app)
    _play_first_choice(app)
    (row,) = page.record.games
    assert (row.game, row.level, row.result) == ("CONQUEST (1972)", "Easy", "not finished")
    assert row.side == app.state.player_name(0)
    app.new_game()
    _play_first_choice(app)
    assert len(page.record.games) == 2


# --- My work tells the truth (issue 37) ---------------------------------------------------


def _journal(monkeypatch: pytest.MonkeyPatch) -> Journal:
    page = Journal()
    monkeypatch.setattr("hcgames.widgets.mywork._JOURNAL", page)
    return page


def test_an_answer_after_show_the_answer_is_recorded_as_answer_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = _journal(monkeypatch)
    zama = Question(
        id="who",
        kind="choice",
        prompt="Who won at Zama?",
        answer=1,
        explanation="Scipio.",
        options=("Hannibal", "Scipio"),
    )
    quiz = Quiz([zama])
    (item,) = quiz.items
    item.answer.value = 0
    assert item.check() is False
    item.show_answer()
    item.answer.value = 1
    item.check()  # copying the answer shown is not getting it right
    row = page.record.questions[0]
    assert row.revealed and not row.right and not row.right_first_time
    assert row.given == ["Hannibal", "Scipio"]
    panel = MyWork("12-duels-history", page=page)
    assert "answer shown" in panel.table.value and "right after" not in panel.table.value
    panel.name.value = "Ada"
    assert page.record.right == 0


def test_a_solved_puzzle_counts_in_my_work(monkeypatch: pytest.MonkeyPatch) -> None:
    from hcgames.conquest.teach import load_puzzles
    from hcgames.widgets.conquest_scenes import SceneBoard

    page = _journal(monkeypatch)
    puzzles = load_puzzles()
    board = SceneBoard(puzzles, label="Puzzle")
    assert [q.prompt for q in page.record.questions] == [f"Puzzle: {p.title}" for p in puzzles]
    easiest = min(puzzles, key=lambda p: p.steps)
    board.choose_scene(easiest.title)
    for _ in range(30):
        move = board.puzzle.hint(board.state) if board.white_moving else None
        if move is None:
            break
        board.play(move)
    assert "Solved!" in board.result.value
    row = page.record.question(SceneBoard.work_id(easiest.title))
    assert row is not None and row.right and row.right_first_time and row.given == ["solved"]
    assert page.record.right == 1
    # another puzzle: the solution shown first, then played, is "answer shown"
    other = next(p for p in puzzles if p.title != easiest.title)
    board.choose_scene(other.title)
    board.show_solution()
    for _ in range(30):
        move = board.puzzle.hint(board.state) if board.white_moving else None
        if move is None:
            break
        board.play(move)
    shown = page.record.question(SceneBoard.work_id(other.title))
    assert shown is not None and shown.revealed and not shown.right
    assert page.record.right == 1


def test_a_puzzle_try_that_fails_is_noted_as_not_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    from hcgames.conquest.teach import load_puzzles
    from hcgames.widgets.conquest_scenes import SceneBoard

    page = _journal(monkeypatch)
    puzzles = load_puzzles()
    board = SceneBoard(puzzles, label="Puzzle")
    for _ in range(30):
        if not board.white_moving:
            break
        board.play(board.state.legal_actions()[-1])
    row = page.record.question(SceneBoard.work_id(puzzles[0].title))
    assert row is not None and row.given and row.given[0] in ("solved", "not solved")
    assert row.right == (row.given[0] == "solved")


def test_the_saved_time_reads_as_a_person_writes_it() -> None:
    from hcgames.record import WorkRecord, record_html, time_words

    assert time_words("2026-12-06T14:05:09Z") == "6 December 2026, 14:05 UTC"
    assert time_words("not a time") == "not a time"
    saved = WorkRecord(lesson="12-duels-history", student="A", time="2026-01-31T08:00:00Z")
    page = record_html(saved)
    assert "31 January 2026, 08:00 UTC" in page and "2026-01-31T08" not in page.split("<script")[0]


@pytest.mark.parametrize(
    "typed, right",
    [("nine", 9), ("Nine years", 9), ("seventeen", 17), ("two hundred and two", 202),
     ("nine hundred forty-eight", 948), ("four hundred and one", 401),
     ("nineteen seventy-two", 1972), ("one thousand five hundred and seventy-one", 1571)],
)  # fmt: skip
def test_a_number_typed_in_words_is_understood(typed: str, right: int) -> None:
    from hcgames.quiz import check_answer

    q = Question(id="n", kind="number", prompt="How many?", answer=right, explanation=".")
    assert check_answer(q, typed)
    assert not check_answer(Question(**{**q.__dict__, "answer": right + 1}), typed)


def test_a_year_in_words_is_read_bc_or_ad() -> None:
    from hcgames.quiz import check_answer

    cannae = Question(id="c", kind="number", prompt="When?", answer=-216, explanation=".",
                      unit="year")  # fmt: skip
    assert check_answer(cannae, "two hundred and sixteen BC")
    assert check_answer(cannae, "two hundred and sixteen")
    assert not check_answer(cannae, "AD two hundred and sixteen")


def test_my_work_rows_after_a_load_and_on_one_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading a save over a game under way keeps one row for the game on the screen;
    loading the same finished game twice adds one row; a game with no computer player
    never reads "against the computer (no computer)"; the class game is named as such."""
    import hcgames
    from hcgames.widgets import PlayApp
    from hcgames.widgets.mywork import game_words

    page = _journal(monkeypatch)
    app = _class_app("conquest-1972", seed=2)

    _play_first_choice(app)
    saved = app.save_json()
    _play_first_choice(app)
    assert app.load_json(saved)
    _play_first_choice(app)
    (row,) = page.record.games
    assert row.game == "CONQUEST (1972) (class game)" and row.level == "Easy"
    assert game_words(row).endswith("against the computer (Easy)")
    while not app.state.is_terminal():
        _play_first_choice(app)
    finished = app.save_json()
    assert app.load_json(finished) and app.load_json(finished)
    (row,) = page.record.games  # the game finished here, loaded back twice: one game
    assert row.result != "not finished"
    app.new_game()
    assert app.load_json(finished)  # loaded on a fresh screen it is still that game
    assert len(page.record.games) == 1

    hotseat = PlayApp(hcgames.load("conqueror-duels", scenario="gallic-wars"), humans=(0, 1))
    hotseat.picker.pick(hotseat.picker.shown[0])
    hotseat.picker.apply_button.click()
    words = game_words(page.record.games[-1])
    assert words.endswith("every side, players on one screen") and "computer" not in words


def test_a_written_answer_is_kept_in_my_work_and_never_marked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Look 10, lessons 32 and 43: the "Think about it" questions had nowhere to write."""
    from hcgames.record import question_mark, read_record, record_html
    from hcgames.widgets.mywork import WrittenAnswer

    page = _journal(monkeypatch)
    box = WrittenAnswer("think-siege", "Think about it: what does a siege leave out?")
    row = page.record.question("think-siege")
    assert row is not None and row.written and question_mark(row) == "not answered"
    box.box.value = "  Food, time and the people of Tyre.  "
    assert row.given == ["Food, time and the people of Tyre."] and not row.right
    assert question_mark(row) == "written"
    box.box.value = "Food and time."  # the latest words only, not a wrong try
    assert row.given == ["Food and time."] and row.tries == 1
    page.record.student, page.record.lesson = "Sam", "32-conquest-puzzles"
    saved = record_html(page.record)
    assert "Food and time." in saved and "0 of 0 answered right" not in saved
    assert read_record(saved).questions[0].written


def test_a_quiz_asks_some_questions_beside_a_chart_and_the_rest_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Look 10, lesson 43: the chart's questions stood three screens below it."""
    from hcgames.widgets import Quiz

    page = _journal(monkeypatch)
    chart = ["fair-land", "smallest-land"]
    near = Quiz.for_lesson("43-speros-world", title="", only=chart)
    rest = Quiz.for_lesson("43-speros-world", title="", skip=chart)
    assert [i.question.id for i in near.items] == chart
    assert len(rest.items) == 6 and not {i.question.id for i in rest.items} & set(chart)
    # each keeps its number in the lesson, and My work lists them in the lesson's order:
    # the chart's come first on the page, so they are questions 1 and 2 (look 13)
    assert "1. What do the table" in near.items[0].children[0].value
    assert "3. " in rest.items[0].children[0].value
    assert [q.id for q in page.record.questions][:2] == chart


def test_my_work_numbers_the_questions_as_the_page_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Look 13, lesson 43: an answer in the student's own words took a number, so the
    page's question 4 was row 5 of My work. A written answer reads "Think"; the checked
    questions keep the page's numbers, on the page and in the file handed in."""
    from hcgames.record import question_numbers, record_html
    from hcgames.widgets import Quiz, WrittenAnswer

    page = _journal(monkeypatch)
    WrittenAnswer("think-allies", "Think about it: why do allies fall out?")
    Quiz.for_lesson("43-speros-world", title="")
    WrittenAnswer("think-league", "Think about it: can players be allies?")
    labels = question_numbers(page.record)
    assert labels == ["Think", *map(str, range(1, 9)), "Think"]
    page.record.student, page.record.lesson = "Sam", "43-speros-world"
    assert "<td class='num'>Think</td>" in record_html(page.record)
    assert "<td class='num'>8</td>" in record_html(page.record)


def test_the_question_on_a_finished_game_waits_through_new_game_until_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Look 11, lesson 44: after New game the question on the finished game vanished while
    My work still listed it unanswered. It stays on the page (the same widget, one row in
    the record) until it is answered; then the next position lets it go."""
    from hcgames.widgets.lesson import QuizItem

    page = _journal(monkeypatch)
    app = _class_app("conquest-of-speros", seed=11)

    while not app.state.is_terminal():
        _play_first_choice(app)
    item = app.debrief_box.children[-1]
    assert isinstance(item, QuizItem)
    qid = item.question.id
    app.new_game()
    assert app.debrief_box.layout.display is None
    assert app.debrief_box.children[-1] is item and len(app.debrief_box.children) == 2
    assert "the game you finished" in app.debrief_box.children[0].value
    _play_first_choice(app)
    assert app.debrief_box.children[-1] is item  # still waiting for its answer
    item.answer.value = item.question.answer
    item.check()
    _play_first_choice(app)
    assert app.debrief_box.layout.display == "none"  # answered: it goes with the next move
    rows = [q for q in page.record.questions if q.id == qid]
    assert len(rows) == 1 and rows[0].right


def test_a_game_left_before_its_first_round_is_not_kept_in_my_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Speros game left by New game while the peoples were being chosen played nothing:
    it leaves no "not finished, 0 rounds" row; the game on screen in that state reads
    "setting up", and a game left after a round is kept as not finished."""
    from hcgames.widgets.mywork import rounds_words

    page = _journal(monkeypatch)
    app = _class_app("conquest-of-speros", seed=11)

    _play_first_choice(app)  # a people chosen: the game is listed, still setting up
    (row,) = page.record.games
    assert (row.result, row.rounds, rounds_words(row)) == ("not finished", 0, "setting up")
    app.new_game()
    assert page.record.games == []
    while app.state.round < 2:
        _play_first_choice(app)
    app.new_game()
    _play_first_choice(app)
    first, second = page.record.games
    assert first.result == "not finished" and first.rounds >= 1
    assert rounds_words(second) == "setting up"
