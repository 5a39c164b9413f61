"""Questions for the class: a small checked format and a marker that needs no Jupyter.

A question is a choice among options, or a number (a year, a count). Lessons keep
their questions in ``data/lessons/<notebook>.json``; the app shows them blank and
says whether an answer is right only after the student answers, and the teacher
pack prints the same questions with their answers as a key.

>>> q = Question(id="cannae", kind="number", prompt="When was Cannae fought?",
...              answer=-216, unit="year", explanation="In 216 BC.")
>>> check_answer(q, "216 BC"), check_answer(q, "-216"), check_answer(q, "216")
(True, True, True)
>>> check_answer(q, "AD 216"), check_answer(q, "215 BC")
(False, False)
>>> check_answer(q, "two hundred and sixteen BC")
True
>>> answer_text(q)
'216 BC'

A number question may accept other numbers too, when the page taught two fair ways
to count (``"accept": [33]``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hcgames.core import DataError
from hcgames.data import read_json
from hcgames.words import plural, singular

__all__ = [
    "SKILLS",
    "TOPICS",
    "Question",
    "answer_text",
    "check_answer",
    "lesson_questions",
    "number_in_words",
    "parse_questions",
    "placeholder",
]

KINDS = ("choice", "number")
#: what a question is about, in the order a worksheet asks them (the optional "topic" field;
#: without it the teacher pack decides from the question's words)
TOPICS = ("history", "rules", "maths", "strategy", "computer")
#: every field a question may have ("timeline" links a question to a timeline event)
FIELDS = (
    "id",
    "kind",
    "prompt",
    "answer",
    "explanation",
    "options",
    "unit",
    "hint",
    "timeline",
    "topic",
    "accept",
    "skill",
    "why",
)
#: what a question asks of a student (the "skill" field): "reading" finds the answer in the
#: page above it; "reasoning" works it out (cause and consequence, a chronology, two sources
#: or maps compared, the game as a model of the past, a claim judged against evidence)
SKILLS = ("reading", "reasoning")


@dataclass(frozen=True)
class Question:
    """One question: ``answer`` is the index of the right option, or the number."""

    id: str
    kind: str
    prompt: str
    answer: int
    explanation: str
    options: tuple[str, ...] = ()
    unit: str = ""  # "year" reads "216 BC" and "-216" alike
    hint: str = ""  # shown after a wrong answer
    accept: tuple[int, ...] = ()  # other numbers marked right (an age counted two ways)
    topic: str = ""  # one of TOPICS, or "" when the data does not say
    skill: str = ""  # one of SKILLS, or "" when the data does not say
    #: one line per option, in the options' order: why that option is wrong ("" for the
    #: right one); empty when the data gives none
    why: tuple[str, ...] = ()


def shown_order(
    options: list[str], answer: int, place: int
) -> tuple[tuple[str, ...], int]:
    """A choice question's options in the order every page and worksheet shows them, and
    the right one's place in it.

    Authors tend to write the right answer first, and a class soon learns to pick the
    first option. The right answer is moved instead to a place that changes from one
    question to the next (``place``: the question's place in its list, counted from 0;
    the second question's answer comes second, the third's third, and so on round), the
    wrong ones keep the order they were written in. A teacher's key matches every
    student's screen, and the order changes only when the questions do.

    >>> shown_order(["right", "wrong", "also wrong"], 0, place=1)
    (('wrong', 'also wrong', 'right'), 2)
    """
    if len(options) < 2:
        return tuple(options), answer
    right = options[answer]
    wrong = [o for i, o in enumerate(options) if i != answer]
    target = (place + 1) % len(options)
    return (*wrong[:target], right, *wrong[target:]), target


def parse_questions(items: Any, source: str) -> list[Question]:
    """Check a list of question dicts and build the questions; DataError lists every problem."""
    problems: list[str] = []
    out: list[Question] = []
    if not isinstance(items, list):
        raise DataError(source, ["the questions must be a list"])
    seen: set[str] = set()
    for index, item in enumerate(items):
        where = f"question {index + 1}"
        if not isinstance(item, dict):
            problems.append(f"{where} must be an object")
            continue
        qid = item.get("id")
        where = f"question {qid!r}" if isinstance(qid, str) else where
        kind = item.get("kind")
        answer = item.get("answer")
        options = item.get("options", [])
        for key in ("id", "prompt", "explanation"):
            if not isinstance(item.get(key), str) or not item.get(key):
                problems.append(f"{where}: '{key}' must be a non-empty text")
        if isinstance(qid, str):
            if qid in seen:
                problems.append(f"{where}: the id is used twice")
            seen.add(qid)
        if kind not in KINDS:
            problems.append(f"{where}: 'kind' must be one of {KINDS}, not {kind!r}")
        if not isinstance(answer, int) or isinstance(answer, bool):
            problems.append(f"{where}: 'answer' must be a whole number")
        elif kind == "choice":
            if not isinstance(options, list) or len(options) < 2:
                problems.append(f"{where}: a choice needs at least two options")
            elif not 0 <= answer < len(options):
                problems.append(f"{where}: 'answer' {answer} is not an option's index")
        accept = item.get("accept", [])
        if not isinstance(accept, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in accept
        ):
            problems.append(f"{where}: 'accept' must be a list of whole numbers")
        elif accept and kind != "number":
            problems.append(f"{where}: only a number question may accept other answers")
        topic = item.get("topic", "")
        if topic != "" and topic not in TOPICS:
            problems.append(f"{where}: 'topic' must be one of {TOPICS}, not {topic!r}")
        skill = item.get("skill", "")
        if skill != "" and skill not in SKILLS:
            problems.append(f"{where}: 'skill' must be one of {SKILLS}, not {skill!r}")
        why = item.get("why", [])
        if not isinstance(why, list) or not all(isinstance(w, str) for w in why):
            problems.append(f"{where}: 'why' must be a list of texts")
        elif why and (kind != "choice" or len(why) != len(options)):
            problems.append(f"{where}: 'why' needs one line for each option of a choice")
        elif (
            why
            and isinstance(answer, int)
            and 0 <= answer < len(why)
            and any(not w for i, w in enumerate(why) if i != answer)
        ):
            problems.append(f"{where}: 'why' must say why each wrong option is wrong")
        unknown = set(item) - set(FIELDS)
        if unknown:
            problems.append(f"{where}: unknown fields {sorted(unknown)}")
        if not problems:
            shown, right = shown_order(list(options), int(answer or 0), place=len(out))
            shown_why = shown_order(list(why), int(answer or 0), place=len(out))[0] if why else ()
            out.append(
                Question(
                    id=str(qid),
                    kind=str(kind),
                    prompt=item["prompt"],
                    answer=right,
                    explanation=item["explanation"],
                    options=shown,
                    unit=str(item.get("unit", "")),
                    hint=str(item.get("hint", "")),
                    accept=tuple(accept),
                    topic=str(topic),
                    skill=str(skill),
                    why=tuple(shown_why),
                )
            )
    if problems:
        raise DataError(source, problems)
    return out


def lesson_questions(notebook: str) -> list[Question]:
    """The questions of one lesson, from ``data/lessons/<notebook>.json``."""
    doc = read_json("lessons", f"{notebook}.json")
    return parse_questions(doc.get("questions"), f"lessons/{notebook}.json")


_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WORD_VALUES = {word: i for i, word in enumerate(_UNITS)} | {
    word: 10 * (i + 2) for i, word in enumerate(_TENS)
}
_WORD_VALUES["fourty"] = 40  # a common misspelling a teacher would still accept


def number_in_words(text: str) -> int | None:
    """The first number written in words in ``text`` ("nine", "two hundred and two",
    "nine hundred forty-eight", "one thousand five hundred and seventy-one"), or None.

    >>> number_in_words("nine"), number_in_words("Seventeen years"), number_in_words("no")
    (9, 17, None)
    >>> number_in_words("two hundred and two"), number_in_words("a thousand and one")
    (202, 1001)
    >>> number_in_words("nineteen seventy-two"), number_in_words("twenty-one")
    (1972, 21)
    """
    words = re.findall(r"[a-z]+", text.lower())
    total = current = 0
    seen = False
    for word in words:
        if word in _WORD_VALUES:
            value = _WORD_VALUES[word]
            # "nineteen seventy-two": a year said in two halves
            current = current * 100 + value if current % 100 and value >= 10 else current + value
            seen = True
        elif word == "hundred" and (seen or current == 0):
            current = max(current, 1) * 100
            seen = True
        elif word == "thousand" and (seen or current == 0):
            total += max(current, 1) * 1000
            current = 0
            seen = True
        elif word == "a" and not seen:
            continue  # "a hundred", "a thousand"
        elif word == "and" and seen:
            continue
        elif seen:
            break
    return total + current if seen else None


def _read_number(text: str, year: bool) -> tuple[int, bool] | None:
    found = re.search(r"-?\d+", text.replace(",", ""))
    if found is not None:
        value = int(found.group())
    else:
        in_words = number_in_words(text)
        if in_words is None:
            return None
        value = in_words
    low = text.lower()
    if re.search(r"\bbc\b|\bbce\b", low) and value > 0:
        value = -value
    plain = value > 0 and not re.search(r"\bad\b|\bce\b", low)
    return value, year and plain


def check_answer(question: Question, given: Any) -> bool:
    """Whether ``given`` (an option index, or the text a student typed) is right.

    For a year whose answer is BC, a plain number without "AD" counts as BC: a
    student who types 216 for Cannae means 216 BC.
    """
    if question.kind == "choice":
        return isinstance(given, int) and not isinstance(given, bool) and given == question.answer
    reading = _read_number(str(given), question.unit == "year")
    if reading is None:
        return False
    value, could_be_bc = reading
    return any(
        value == right or (could_be_bc and right < 0 and -value == right)
        for right in (question.answer, *question.accept)
    )


def placeholder(question: Question) -> str:
    """The grey words in an empty answer box: how to write the answer, never an example
    year or number (an example can be another question's answer)."""
    return "a year, with BC or AD" if question.unit == "year" else "a number"


def answer_text(question: Question) -> str:
    """The right answer in words, for feedback and answer keys."""
    if question.kind == "choice":
        return question.options[question.answer]
    if question.unit == "year":
        year = question.answer
        return f"{-year} BC" if year < 0 else f"AD {year}"
    if question.unit and question.answer == 1:  # "1 space", not "1 spaces"
        return plural(1, singular(question.unit))
    return f"{question.answer}" + (f" {question.unit}" if question.unit else "")
