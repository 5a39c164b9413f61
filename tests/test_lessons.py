"""The lesson toolkit: questions that start blank and answer only when asked,
question files that are checked, and tables a class can read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hcgames.core import DataError
from hcgames.quiz import Question, answer_text, check_answer, lesson_questions, parse_questions

ROOT = Path(__file__).resolve().parent.parent
LESSON_FILES = sorted((ROOT / "data" / "lessons").glob("*.json"))

CHOICE: dict[str, Any] = {
    "id": "alps",
    "kind": "choice",
    "prompt": "Which mountains did Hannibal cross into Italy?",
    "options": ["The Pyrenees", "The Alps"],
    "answer": 1,
    "explanation": "The Alps, in 218 BC.",
}
YEAR: dict[str, Any] = {
    "id": "cannae",
    "kind": "number",
    "unit": "year",
    "prompt": "When was Cannae?",
    "answer": -216,
    "explanation": "216 BC.",
}


def test_a_bc_year_is_read_from_every_way_a_student_writes_it() -> None:
    (q,) = parse_questions([YEAR], "test")
    for given in ("216 BC", "-216", "216", "216 bce", " 216 BC "):
        assert check_answer(q, given), given
    for given in ("AD 216", "216 AD", "215 BC", "", "Cannae"):
        assert not check_answer(q, given), given
    assert answer_text(q) == "216 BC"


def test_a_choice_is_right_only_for_its_own_option() -> None:
    (q,) = parse_questions([CHOICE], "test")
    assert check_answer(q, 1) and not check_answer(q, 0) and not check_answer(q, True)
    assert answer_text(q) == "The Alps"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"answer": 5}, "not an option's index"),
        ({"kind": "essay"}, "'kind' must be one of"),
        ({"prompt": ""}, "'prompt' must be a non-empty text"),
        ({"answer": "1"}, "'answer' must be a whole number"),
        ({"colour": "red"}, "unknown fields"),
        ({"accept": [0]}, "only a number question may accept"),
        ({"accept": "33"}, "'accept' must be a list of whole numbers"),
    ],
)
def test_a_broken_question_file_names_every_problem(change: dict, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_questions([{**CHOICE, **change}], "lessons/test.json")


def test_a_number_may_accept_a_second_fair_count() -> None:
    age = {
        "id": "age",
        "kind": "number",
        "unit": "years",
        "prompt": "How old?",
        "answer": 32,
        "accept": [33],
        "explanation": "356 - 323 = 33; to the month, 32.",
    }
    (q,) = parse_questions([age], "test")
    assert check_answer(q, "32") and check_answer(q, "33 years")
    assert not check_answer(q, "34") and not check_answer(q, "31")
    assert answer_text(q) == "32 years"


def test_the_same_question_id_twice_is_refused() -> None:
    with pytest.raises(DataError, match="used twice"):
        parse_questions([CHOICE, CHOICE], "lessons/test.json")


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_every_lesson_question_file_loads_and_its_key_is_right(path: Path) -> None:
    questions = lesson_questions(path.stem)
    assert questions, f"{path.name} has no questions"
    for q in questions:
        assert check_answer(q, q.answer if q.kind == "choice" else str(q.answer)), q.id
        if q.kind == "choice":
            assert not check_answer(q, (q.answer + 1) % len(q.options)), q.id
        else:
            wrong = max((q.answer, *q.accept)) + 1  # beyond every answer accepted
            assert not check_answer(q, str(wrong)), q.id
    assert (ROOT / "notebooks" / f"{path.stem}.ipynb").exists(), "questions of no notebook"
    assert json.loads(path.read_text(encoding="utf-8"))


def test_quiz_starts_blank_and_answers_only_when_asked() -> None:
    from hcgames.widgets import Quiz

    quiz = Quiz([Question(**{**CHOICE, "options": tuple(CHOICE["options"])}), Question(**YEAR)])
    alps, cannae = quiz.items
    assert alps.answer.value is None and alps.feedback.value == ""
    assert cannae.answer.value == "" and cannae.feedback.value == ""
    alps.button.click()
    assert "Choose or type an answer first" in alps.feedback.value
    alps.answer.value = 0
    assert alps.check() is False and "Not quite" in alps.feedback.value
    assert alps.reveal.layout.display is None  # "Show the answer" appears after a miss
    alps.show_answer()
    assert "The Alps" in alps.feedback.value
    # the right option is picked and ticked, the wrong one's cross gone (look 15)
    assert alps.answer.value == alps.question.answer and "Right" in alps.mark.value
    cannae.answer.value = "216 BC"
    assert cannae.check() is True and "Right." in cannae.feedback.value
    cannae.feedback.value = ""
    cannae.answer._submission_callbacks(cannae.answer)  # Enter in the box checks it too
    assert "Right." in cannae.feedback.value


def test_a_checked_option_is_marked_beside_it_with_why_it_is_wrong() -> None:
    from hcgames.widgets import Quiz

    item: dict[str, Any] = {
        "id": "cannae-where",
        "kind": "choice",
        "prompt": "Where is Cannae?",
        "options": ["In Apulia", "In Spain", "In Africa"],
        "answer": 0,
        "explanation": "Cannae is in Apulia, in the south-east of Italy.",
        "why": ["", "Spain is where Hannibal started, not where he won", "Africa is Zama's land"],
    }
    (question,) = parse_questions([item], "test")
    # the right option moves (first question: second place), and its why lines move with it
    assert question.options == ("In Spain", "In Apulia", "In Africa")
    assert question.why == (item["why"][1], "", item["why"][2])
    (quiz_item,) = Quiz([question]).items
    quiz_item.answer.value = 2
    assert quiz_item.check() is False
    assert "nth-child(3)" in quiz_item.mark.value and "Zama" in quiz_item.mark.value
    assert "Zama" in quiz_item.feedback.value  # said again for a screen reader
    quiz_item.answer.value = 1  # choosing again clears the old mark
    assert quiz_item.mark.value == ""
    assert quiz_item.check() is True and "nth-child(2)" in quiz_item.mark.value


@pytest.mark.parametrize(
    "why",
    [["", "only one line"], ["", "", "no line for a wrong option"], "not a list"],
)
def test_why_lines_must_match_the_options(why: Any) -> None:
    item = {"id": "x", "kind": "choice", "prompt": "Which?", "options": ["a", "b", "c"],
            "answer": 0, "explanation": "Because.", "why": why}  # fmt: skip
    with pytest.raises(DataError, match="why"):
        parse_questions([item], "test")


def test_table_shows_whole_numbers_whole_and_escapes_text() -> None:
    from hcgames.widgets import table

    html = table([{"side": "Rome <SPQR>", "forts": 5.0, "share": 0.25}], caption="Forts").value
    assert ">5<" in html and "0.25" in html and "&lt;SPQR&gt;" in html and "Forts" in html


def test_decision_rows_say_who_decided_and_the_view_folds_the_rest_away() -> None:
    from hcgames.core import RuleDecision
    from hcgames.widgets import decision_rows, decisions_view

    decided = [
        RuleDecision("ties", "the defender wins", "rulebook"),
        RuleDecision("deck", "no reshuffle"),
    ]
    assert decision_rows(decided) == [
        {"Rule": "ties", "From": "rulebook", "How this game plays it": "the defender wins"},
        {"Rule": "deck", "From": "our choice", "How this game plays it": "no reshuffle"},
    ]
    view = decisions_view(decided, ["deck"])
    used, everything = view.children
    assert "no reshuffle" in used.value and "the defender wins" not in used.value
    assert everything.title == "All 2 rule decisions of the game"
    assert "the defender wins" in everything.body.value
    assert everything.body.layout.display == "none"
    everything.button.value = True  # Enter or Space on the button opens it
    assert everything.body.layout.display == "" and "\u25be" in everything.button.description


def test_stage_viewer_shows_the_stage_of_the_button_pressed() -> None:
    import hcgames
    from hcgames.widgets import stage_viewer

    game = hcgames.load("conqueror-duels")
    first, second = game.new_game(seed=1), game.new_game(seed=2)
    view = stage_viewer(
        [("1. Start", first, "<b>The start</b>"), ("2. Later", second, "Why", ["Rome moved."])],
        width=600,
    )
    buttons, row = view.children[:2]  # then the script that keeps the map in sight
    words = row.children[1]
    assert "<b>The start</b>" in words.value
    buttons.value = 1
    assert "<p>Why</p><ul><li>Rome moved.</li></ul>" in words.value


def test_bullets_escape_and_decisions_fold_by_source() -> None:
    from hcgames.core import RuleDecision
    from hcgames.widgets.lesson import bullets, decisions_by_source

    assert bullets(["a < b", "c"]).value.count("<li>") == 2
    assert "a &lt; b" in bullets(["a < b"]).value
    decisions = [
        RuleDecision("tie", "the defender wins", "ours"),
        RuleDecision("dice", "one die each", "rulebook"),
        RuleDecision("losses", "a table", "ours"),
    ]
    lists = decisions_by_source(decisions, {"rulebook": "Stated", "ours": "Ours"})
    folds = lists.children  # each a FoldOut: its title is a button Tab reaches
    assert folds[0].title == "Stated (1 rule)" and folds[1].title == "Ours (2 rules)"
    assert "the defender wins" in folds[1].body.value
    assert folds[1].body.layout.display == "none"
    folds[1].button.value = True  # Enter or Space on the title opens it
    assert folds[1].body.layout.display == ""


def test_a_stage_may_end_with_a_table_and_the_viewer_is_one_screen() -> None:
    import hcgames
    from hcgames.widgets import stage_viewer

    state = hcgames.load("conqueror-duels").new_game(seed=1)
    view = stage_viewer([("Start", state, "Why", [], [{"Side": "Rome", "Gold": 2}])], width=500)
    assert "hc-screen" in view._dom_classes
    words = view.children[1].children[1]
    assert "<p>Why</p>" in words.value and "<th" in words.value and "Rome" in words.value


def test_a_stage_viewer_without_a_width_sets_the_key_beside_a_map_as_large_as_the_window() -> None:
    import hcgames
    from hcgames.widgets import stage_viewer

    state = hcgames.load("conqueror-duels").new_game(seed=1)
    view = stage_viewer([("Start", state, "Why", ["Rome moved."])])
    _buttons, row, large_text = view.children[:3]  # then the keep-in-sight script
    the_map, beside = row.children
    words, key = beside.children
    assert the_map.fluid and key is the_map.legend and key not in the_map.children
    assert "<p>Why</p>" in words.value and "Rome" in key.value
    assert the_map.layout.max_width.startswith("calc((100vh - ")
    # Large text zooms the page but not the window's height: the limits are in zoomed pixels
    map_class = next(c for c in the_map._dom_classes if c.startswith("hc-stages-"))
    assert f".hcgames-large .{map_class} " in large_text.value
    assert "calc(((100vh / 1.5) - 100px) * " in large_text.value


def test_a_number_answer_of_one_takes_a_singular_unit() -> None:
    def asked(answer: int, unit: str) -> Question:
        return Question(
            id="q",
            kind="number",
            prompt="How many?",
            answer=answer,
            explanation="Counted.",
            unit=unit,
        )

    assert answer_text(asked(1, "spaces")) == "1 space"
    assert answer_text(asked(3, "spaces")) == "3 spaces"
    assert answer_text(asked(1, "VP")) == "1 VP"
