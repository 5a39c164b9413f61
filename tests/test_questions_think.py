"""Questions that make students think, and pages that do not give their answers away (issue 37).

For every lesson page (all 26 notebooks) this test reads the questions the page asks (its
*Check what you learned* quiz and, on lesson 12, the war quizzes under it) and the text a
student can read above them: the page's own words and every text of the game data the
page can show (card plates, stories, timelines, notes: more than one screen shows at once,
so the test counts all of it). Then:

* **Copied answers.** For each question it measures how much of the keyed answer stands
  word for word in that text. A long answer is copied when most of its words stand there in
  a row; a short one (a name, a number, a year) when it stands in one sentence with the
  question's own key words, so the sentence that answers the question is on the page. A
  copied answer is allowed only on a question marked ``"skill": "reading"``.
* **Asked twice.** No two questions of a page ask the same thing (same answer, same subject).
* **Given away.** No prompt, option, hint or explanation of one question, and no placeholder
  of an answer box, holds another question's answer with its key words.
* **Reasoning.** Every question says its skill; in each game lesson at least half of the
  history questions, and at least two, are marked ``"reasoning"``.
* **Few reading questions.** A page asks no more ``"reading"`` questions than
  ``READING_ALLOWED`` gives it (none unless listed): a ratchet that only goes down.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hcgames.data import read_json
from hcgames.handouts.questions import topic_of
from hcgames.quiz import SKILLS, Question, answer_text, lesson_questions, parse_questions

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: the data folder each game's pages show (notebook number's first digit)
DATA = {"1": "conqueror", "2": "classical", "3": "conquest", "4": "speros", "5": "historical"}
#: words too common to tie a sentence to a question
STOP = set(
    re.findall(
        r"[a-z]+",
        """a an the of in on at to for and or but is are was were be been it its this that these
    those which what who whom whose when where why how many much did does do had has have
    with from by as into than then there their they them he she his her not no yes so if
    one two three four five six seven eight nine ten first last after before about could
    would should may might can will game games page card cards year years true real really
    say says said most more less each every other your you our we us tell told""",
    )
)
SHORT = 3  # an answer of fewer words than this is judged by its sentence
SHARE = 0.6  # a longer answer is copied when this share of its words stands in a row


#: number words read as digits ("seven months" gives away an answer of 7)
NUMBER_WORDS = {
    word: str(value)
    for value, word in enumerate(
        re.findall(
            r"[a-z]+",
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
        )
    )
    if value > 1
}


def words(text: str) -> list[str]:
    """Lower-case words and numbers; a plural 's' and the thousands comma dropped, and the
    small numbers written in words read as digits."""
    found = re.findall(r"[a-zà-ÿ]+|\d+", text.lower().replace(",", ""))
    found = [NUMBER_WORDS.get(w, w) for w in found]
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.isdigit() else w for w in found]


def key_words(text: str) -> set[str]:
    """The words that tie a sentence to a subject: no little words, and of the numbers only
    years and other large ones (a 2 or a 6 is in too many sentences to say anything)."""
    return {
        w for w in words(text) if w not in STOP and (int(w) >= 100 if w.isdigit() else len(w) > 3)
    }


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;:])\s+|\n+", text) if s.strip()]


def answer_words(q: Question) -> list[str]:
    """The answer's words: a number by its digits ("216 BC" is found by 216); a short answer
    without its little words ("The Alps" is "alp"); a long one whole, to be found in a row."""
    if q.kind == "number":
        return [str(abs(q.answer))]
    every = words(answer_text(q))
    short = [w for w in every if w not in STOP]
    return short if 0 < len(short) < SHORT else every


# --- what a page shows -------------------------------------------------------------------


def _strings(value: Any, skip: frozenset[str] = frozenset({"questions"})) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key not in skip:
                yield from _strings(inner, skip)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner, skip)


@cache
def game_texts(folder: str) -> str:
    """Every text of a game's data that a page of that game can show."""
    texts: list[str] = []
    for path in sorted((ROOT / "data" / folder).glob("*.json")):
        texts += _strings(read_json(folder, path.name))
    return "\n".join(texts)


def page_text(stem: str) -> str:
    """The page's own words above its quiz, and the texts of its game's data."""
    notebook = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    above: list[str] = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "Quiz.for_lesson" in source:
            break
        if cell["cell_type"] == "markdown" and "hc-teacher" not in cell["metadata"].get("tags", []):
            above.append(source)
    folder = DATA.get(stem[:1], "")
    return "\n".join(above) + ("\n" + game_texts(folder) if folder and stem[:2] != "00" else "")


def page_questions(stem: str) -> list[Question]:
    """Every question the page asks: its quiz, and lesson 12's war quizzes."""
    path = ROOT / "data" / "lessons" / f"{stem}.json"
    questions = lesson_questions(stem) if path.exists() else []
    if stem == "12-duels-history":
        for sid, story in read_json("conqueror", "history.json")["scenarios"].items():
            questions += parse_questions(story["questions"], f"history.json {sid}")
    return questions


# --- the measures ------------------------------------------------------------------------


def copied_share(answer: list[str], text_words: list[str]) -> float:
    """The longest run of the answer's words that stands, in order, in the text."""
    if not answer:
        return 0.0
    joined = " " + " ".join(text_words) + " "
    best = 0
    for start in range(len(answer)):
        for end in range(len(answer), start + best, -1):
            if " " + " ".join(answer[start:end]) + " " in joined:
                best = end - start
                break
    return best / len(answer)


#: a long answer whose key words stand, in any order, this share of them in one sentence
#: is that sentence said again in other order (lesson 42: "Most kingdoms got their tin by
#: trade, not by conquering the mines" under "kingdoms got most of their tin by trade, not
#: by conquering the mines")
REWORDED = 0.8
REWORDED_MIN = 4  # key words an answer needs before its order-free match counts


def reworded(q: Question, sentence_words: list[str]) -> bool:
    """Whether a sentence holds most of a long answer's key words, in any order."""
    answer = key_words(answer_text(q))
    if q.kind != "choice" or len(answer) < REWORDED_MIN:
        return False
    return len(answer & set(sentence_words)) >= REWORDED * len(answer)


def answered_in(q: Question, text: str) -> str:
    """A sentence of ``text`` that answers ``q`` (its answer with its key words), or ""."""
    answer = answer_words(q)
    keys = key_words(q.prompt) - set(answer)
    need = min(3, (len(keys) + 1) // 2)  # half the question's key words, at most three
    if q.kind == "number" and abs(q.answer) < 10:
        need = min(4, len(keys))  # a small number stands in many sentences
    if len(answer) >= SHORT:
        said = sentences(text)
        for i, sentence in enumerate(said):
            copied = copied_share(answer, words(sentence)) >= SHARE
            if copied and len(keys & key_words(sentence)) >= need:
                return sentence
            if reworded(q, words(sentence)):
                # reworded: the question's subject may be named a sentence before or after
                near = " ".join(said[max(0, i - 1) : i + 2])
                if len(keys & key_words(near)) >= need:
                    return sentence
        return ""
    for sentence in sentences(text):
        if copied_share(answer, words(sentence)) == 1 and len(keys & key_words(sentence)) >= need:
            return sentence
    return ""


LESSONS = [p.stem for p in NOTEBOOKS]


@pytest.mark.parametrize("stem", LESSONS)
def test_no_answer_is_copied_from_the_page_unless_it_is_a_reading_question(stem: str) -> None:
    text = page_text(stem)
    copied = []
    for q in page_questions(stem):
        sentence = answered_in(q, text)
        if sentence and q.skill != "reading":
            copied.append(f"{q.id}: {answer_text(q)!r} stands in {sentence.strip()[:160]!r}")
    assert not copied, "answers copied from the page but not marked as reading:\n" + "\n".join(
        copied
    )


@pytest.mark.parametrize("stem", LESSONS)
def test_no_question_is_asked_twice_on_a_page(stem: str) -> None:
    questions = page_questions(stem)
    twice = []
    for i, a in enumerate(questions):
        for b in questions[i + 1 :]:
            same_answer = answer_text(a).lower() == answer_text(b).lower()
            shared = key_words(a.prompt) & key_words(b.prompt)
            if " ".join(words(a.prompt)) == " ".join(words(b.prompt)) or (
                same_answer and len(shared) >= 2
            ):
                twice.append(f"{a.id} and {b.id} ({sorted(shared)})")
    assert not twice, f"{stem}: asked twice: {twice}"


def _shown_with(q: Question) -> list[str]:
    return [q.prompt, *q.options, q.hint, q.explanation]


@pytest.mark.parametrize("stem", LESSONS)
def test_no_question_gives_another_away(stem: str) -> None:
    from hcgames.quiz import placeholder

    questions = page_questions(stem)
    boxes = {placeholder(q) for q in questions if q.kind == "number"}
    given = []
    for b in questions:
        for box in boxes:
            if re.search(rf"\b{abs(b.answer)}\b", box) and b.kind == "number":
                given.append(f"the answer box's {box!r} gives {b.id}")
        for a in questions:
            if a is b:
                continue
            for part in _shown_with(a):
                sentence = answered_in(b, part)
                if sentence:
                    given.append(f"{a.id} gives {b.id} away: {sentence.strip()[:140]!r}")
    assert not given, f"{stem}:\n" + "\n".join(given)


@pytest.mark.parametrize("stem", LESSONS)
def test_the_words_on_how_to_answer_give_no_answer_away(stem: str) -> None:
    """An example year in the page's instructions ("type it as you would write it: 480 BC")
    is never the answer to a question of that page (it was 216 BC above a Cannae question)."""
    notebook = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    text = " ".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    examples = {int(y) for y in re.findall(r"\*\*(\d+)(?: BC)?\*\*", text)}
    keyed = {abs(q.answer) for q in page_questions(stem) if q.kind == "number"}
    assert not examples & keyed, f"{stem}: an example on the page is an answer: {examples & keyed}"


@pytest.mark.parametrize("stem", LESSONS)
def test_every_question_says_its_skill(stem: str) -> None:
    unmarked = [q.id for q in page_questions(stem) if q.skill not in SKILLS]
    assert not unmarked, f"{stem}: questions that do not say reading or reasoning: {unmarked}"


GAME_LESSONS = [s for s in LESSONS if s[:1] in DATA]


@pytest.mark.parametrize("stem", GAME_LESSONS)
def test_at_least_half_the_history_questions_need_reasoning(stem: str) -> None:
    history = [q for q in page_questions(stem) if topic_of(q) == "history"]
    reasoning = [q for q in history if q.skill == "reasoning"]
    assert len(reasoning) >= 2, f"{stem}: {len(reasoning)} reasoning questions on history"
    assert 2 * len(reasoning) >= len(history), (
        f"{stem}: {len(reasoning)} of {len(history)} history questions need reasoning"
    )


def test_the_measure_finds_a_copied_answer_and_passes_a_worked_one() -> None:
    text = "Hannibal won at Cannae in 216 BC. Zama was fought in 202 BC."
    cannae = Question("c", "number", "In which year was Cannae fought?", -216, ".", unit="year")
    gap = Question("g", "number", "How many years passed from Cannae to Zama?", 14, ".")
    who = Question("w", "choice", "Who won at Cannae?", 0, ".", ("Hannibal", "Scipio"))
    assert answered_in(cannae, text) and answered_in(who, text)
    assert not answered_in(gap, text)
    assert copied_share(["won", "at", "cannae"], words(text)) == 1.0
    # the answer's words in another order are still the sentence above it
    page = (
        "Bronze Age kingdoms got most of their tin by trade, not by conquering the mines. "
        "What does a game without trade leave out?"
    )
    tin = Question(
        "t",
        "choice",
        "What does a game without trade leave out about Bronze Age kingdoms?",
        0,
        ".",
        ("Most kingdoms got their tin by trade, not by conquering the mines", "Nothing"),
    )
    assert answered_in(tin, page)
    assert not answered_in(tin, "Kingdoms fought over mines.")


#: The most questions marked "reading" a page may still ask: a ratchet. A reading question is
#: answered by finding a sentence on the page, and classroom reviewers mark a page down for
#: each one, so a page may keep no more than it has now; lower a number when a page's
#: questions are rewritten to need reasoning, and never raise one. Pages not listed ask none.
READING_ALLOWED = {
    "12-duels-history": 16,  # the war quizzes under the explorer (data/conqueror/history.json)
    "14-duels-scenario-rules": 2,
    "20-classical-a-turn": 2,
    "21-classical-economy-and-research": 1,
    "24-classical-play": 2,
    "34-conquest-play": 4,
    "42-speros-scoring": 3,
    "44-speros-play": 2,
    "54-historical-play": 1,
}


@pytest.mark.parametrize("stem", LESSONS)
def test_a_page_asks_no_more_reading_questions_than_it_is_allowed(stem: str) -> None:
    reading = [q.id for q in page_questions(stem) if q.skill == "reading"]
    allowed = READING_ALLOWED.get(stem, 0)
    assert len(reading) <= allowed, (
        f"{stem}: {len(reading)} reading questions, at most {allowed}: {reading}. Rewrite one so "
        "a student must reason (predict, compare, apply a rule, order events, work out a number)"
    )


def test_the_reading_allowances_name_real_pages() -> None:
    assert set(READING_ALLOWED) <= set(LESSONS)
    assert all(count > 0 for count in READING_ALLOWED.values())
