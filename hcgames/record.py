"""A student's record of work on one lesson, kept by nobody but the student.

A lesson page notes, as the student works, each question's answers (right first time or
after how many tries, hints seen, answer shown) and, on play pages, the games played.
"Download my work" turns that :class:`WorkRecord` into one self-contained HTML page
(:func:`record_html`) that prints on one side of paper and carries the same record as
JSON inside it, with a SHA-256 digest of that JSON. Nothing is sent anywhere and no
server keeps a copy: the file exists only where the student saves it.

The digest shows that a file is whole and was not edited by hand; it is not a
signature (a student who recomputes it could forge a record), which is why the
teacher's summary says "checked" rather than "proved".

>>> rec = WorkRecord(lesson="12-duels-history", student="A. B.", time="2026-11-27T09:00:00Z")
>>> rec.ask("cannae", "When was Cannae fought?")
>>> rec.answer("cannae", "215 BC", right=False, hint_shown=True)
>>> rec.answer("cannae", "216 BC", right=True)
>>> row = rec.questions[0]
>>> (row.tries, row.right, row.right_first_time, row.hints)
(2, True, False, 1)
>>> read_record(record_html(rec)).questions[0].given
['215 BC', '216 BC']
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from hcgames.links import lesson_title

__all__ = [
    "FORMAT",
    "GameRow",
    "QuestionRow",
    "RecordError",
    "WorkRecord",
    "digest",
    "file_name",
    "question_numbers",
    "read_record",
    "record_html",
    "time_words",
]

#: The name and version of the record format inside the HTML file.
FORMAT = "hcgames-work/1"
_SCRIPT_ID = "hc-work-record"
_EMBEDDED = re.compile(
    r'<script type="application/json" id="' + _SCRIPT_ID + r'">(.*?)</script>', re.DOTALL
)
#: A record file larger than this is not a record (a page of one lesson is a few kB).
MAX_FILE_BYTES = 2_000_000
_MAX_TEXT = 2_000  # longest answer, name or prompt kept


class RecordError(ValueError):
    """A file that is not a whole, unedited record of work; the message says why."""


@dataclass
class QuestionRow:
    """One question of the page and what the student did with it."""

    id: str
    prompt: str
    given: list[str] = field(default_factory=list)
    right: bool = False
    right_first_time: bool = False
    hints: int = 0  # different hints shown (a hint shown again is not counted again)
    revealed: bool = False  # the student pressed "Show the answer"
    #: an open question answered in the student's own words ("Think about it"): read
    #: by the teacher, never marked right or wrong
    written: bool = False

    @property
    def tries(self) -> int:
        return len(self.given)


@dataclass
class GameRow:
    """One game played on the page."""

    game: str
    side: str
    level: str
    result: str  # "won", "shared the win", "lost", "draw", or "not finished"
    rounds: int
    #: the score at the end in words ("Rome 7 forts, Gaul 4"); "" while unfinished
    score: str = ""


@dataclass
class WorkRecord:
    """Everything one student did on one lesson page."""

    lesson: str
    student: str = ""
    time: str = ""
    version: str = ""
    questions: list[QuestionRow] = field(default_factory=list)
    games: list[GameRow] = field(default_factory=list)

    def question(self, qid: str) -> QuestionRow | None:
        return next((q for q in self.questions if q.id == qid), None)

    def ask(self, qid: str, prompt: str) -> None:
        """List a question of the page (unanswered until :meth:`answer`)."""
        if self.question(qid) is None:
            self.questions.append(QuestionRow(id=qid, prompt=_clip(prompt)))

    def answer(
        self,
        qid: str,
        given: str,
        right: bool,
        hint_shown: bool = False,
        helped: bool = False,
        hints: int = 1,
    ) -> None:
        """Note one try at a question; tries after a right answer are not counted, and an
        answer given after the answer was shown is kept but not marked right: the row
        stays "answer shown". ``helped``: a right answer found with a hint (a puzzle
        solved after its hint), which is not right first time. ``hints``: how many
        different hints the try had (a puzzle's hints, one a move: lesson 32 counted 7
        as 1)."""
        row = self.question(qid)
        if row is None:
            raise KeyError(f"no question {qid!r} on this page")
        if row.right:
            return
        row.given.append(_clip(given))
        if row.revealed:
            return
        if right:
            row.right = True
            row.right_first_time = row.tries == 1 and not row.revealed and not helped
            row.hints += hints if helped else 0
        elif hint_shown:
            row.hints += hints

    def reveal(self, qid: str) -> None:
        row = self.question(qid)
        if row is not None and not row.right:
            row.revealed = True

    def play(
        self, game: str, side: str, level: str, result: str, rounds: int, score: str = ""
    ) -> None:
        """Note a game; a game still going replaces the last unfinished one."""
        row = GameRow(
            game=game, side=side, level=level, result=result, rounds=int(rounds), score=score
        )
        if self.games and self.games[-1].result == "not finished":
            self.games[-1] = row
        else:
            self.games.append(row)

    # -- the JSON form ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["format"] = FORMAT
        return data

    @classmethod
    def from_dict(cls, data: Any) -> WorkRecord:
        """Build a record from its JSON form; RecordError says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("the record is not a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a record of work of this app (format {data.get('format')!r})")
        try:
            questions = [_question(q) for q in _list(data, "questions")]
            games = [_game(g) for g in _list(data, "games")]
            return cls(
                lesson=_text(data, "lesson", required=True),
                student=_text(data, "student"),
                time=_text(data, "time"),
                version=_text(data, "version"),
                questions=questions,
                games=games,
            )
        except (TypeError, ValueError) as exc:
            raise RecordError(f"the record is malformed: {exc}") from None

    @property
    def right(self) -> int:
        return sum(q.right for q in self.questions)

    @property
    def right_first_time(self) -> int:
        return sum(q.right_first_time for q in self.questions)


def _clip(text: Any) -> str:
    return str(text)[:_MAX_TEXT]


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise TypeError(f"'{key}' must be a list")
    return value


def _text(data: dict[str, Any], key: str, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value):
        raise TypeError(f"'{key}' must be a text")
    return _clip(value)


def _question(item: Any) -> QuestionRow:
    if not isinstance(item, dict):
        raise TypeError("a question must be an object")
    given = _list(item, "given")
    if not all(isinstance(g, str) for g in given):
        raise TypeError("answers given must be texts")
    flags = {}
    for key in ("right", "right_first_time", "revealed", "written"):
        if not isinstance(item.get(key, False), bool):
            raise TypeError(f"'{key}' must be true or false")
        flags[key] = bool(item.get(key, False))
    hints = item.get("hints", 0)
    # a puzzle's try may have had several hints (one a move): a count, not one a try
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= 1000:
        raise ValueError("'hints' must be a count of the hints shown")
    return QuestionRow(
        id=_text(item, "id", required=True),
        prompt=_text(item, "prompt"),
        given=[_clip(g) for g in given],
        hints=hints,
        **flags,
    )


def _game(item: Any) -> GameRow:
    if not isinstance(item, dict):
        raise TypeError("a game must be an object")
    rounds = item.get("rounds", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds < 10_000:
        raise ValueError("'rounds' must be a whole number")
    return GameRow(
        game=_text(item, "game", required=True),
        side=_text(item, "side"),
        level=_text(item, "level"),
        result=_text(item, "result"),
        rounds=rounds,
        score=_text(item, "score"),
    )


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def digest(data: dict[str, Any]) -> str:
    """SHA-256 of the record's canonical JSON (sorted keys, no spaces)."""
    return hashlib.sha256(_canonical(data).encode("ascii")).hexdigest()


def file_name(record: WorkRecord) -> str:
    """A file name a teacher can sort: lesson, then the student's name in plain letters."""
    who = re.sub(r"[^A-Za-z0-9]+", "-", record.student).strip("-")[:40] or "student"
    return f"{record.lesson}-{who}.html"


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def time_words(stamp: str) -> str:
    """A saved time as a person writes it: ``"2026-11-27T09:05:00Z"`` reads
    ``"27 November 2026, 09:05 UTC"``; a text that is not such a time is returned as it is.

    >>> time_words("2026-11-27T09:05:00Z"), time_words("")
    ('27 November 2026, 09:05 UTC', '')
    """
    try:
        moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return stamp
    return f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}, {moment:%H:%M} UTC"


# -- the downloaded page --------------------------------------------------------------

_PAGE_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1.2cm;color:#111;
font-size:11pt;line-height:1.35}
h1{font-size:15pt;margin:0 0 2pt}
p.meta{margin:0 0 8pt;color:#333}
table{border-collapse:collapse;width:100%;margin:4pt 0 8pt}
th,td{border-bottom:1px solid #999;padding:2pt 5pt;text-align:left;vertical-align:top}
th{border-bottom:2px solid #111}
td.num{text-align:right;white-space:nowrap}
p.foot{font-size:8pt;color:#444;margin-top:8pt;word-break:break-all}
@page{size:A4;margin:1cm}
"""


def question_mark(row: QuestionRow) -> str:
    """How a question went, in the words both the page's box and the handed-in page
    use ("right after 1 wrong try"; the box said "right on try 2")."""
    if row.written:
        return "written" if row.given and row.given[-1].strip() else "not answered"
    if row.right_first_time:
        return "right first time"
    if row.right and row.tries > 1:
        return "right after " + _count(row.tries - 1, "wrong try", "wrong tries")
    if row.right and row.hints:  # a puzzle solved with hints (it read "right on try 1")
        return "right with " + _count(row.hints, "hint", "hints")
    if row.right:
        return "right after the answer was shown" if row.revealed else "right"
    if row.revealed:
        return "answer shown"
    if row.given:
        return "not yet right"
    return "not answered"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def question_numbers(record: WorkRecord) -> list[str]:
    """Each question's label in a table of the record: a checked question keeps the
    number the page gives it (the lesson's order), an answer in the student's own words
    ("Think about it") reads "Think", so the numbers match the page (look 13, lesson 43:
    the page's question 4 was row 5 of My work)."""
    labels, n = [], 0
    for q in record.questions:
        if q.written:
            labels.append("Think")
        else:
            n += 1
            labels.append(str(n))
    return labels


def record_html(record: WorkRecord) -> str:
    """The record as a self-contained page: a readable table, with the JSON inside it."""
    data = record.to_dict()
    payload = {"record": data, "digest": digest(data)}
    # "</" cannot close the script element from inside a JSON string written this way
    embedded = json.dumps(payload, ensure_ascii=True, indent=1).replace("</", "<\\/")
    esc = html.escape
    rows = "".join(
        f"<tr><td class='num'>{i}</td><td>{esc(q.prompt)}</td>"
        f"<td>{esc(q.given[-1]) if q.given else ''}</td><td>{question_mark(q)}</td>"
        f"<td class='num'>{q.tries}</td><td class='num'>{q.hints}</td></tr>"
        for i, q in zip(question_numbers(record), record.questions, strict=True)
    )
    questions = (
        "<table><thead><tr><th>#</th><th>Question</th><th>Last answer</th><th>Result</th>"
        f"<th>Tries</th><th>Hints seen</th></tr></thead><tbody>{rows}</tbody></table>"
        "<p>A hint appears by itself after a wrong answer; Hints seen counts each different "
        "hint once. Pressing Show the answer reads 'answer shown' under Result.</p>"
        if record.questions
        else "<p>No questions on this page.</p>"
    )
    games = ""
    if record.games:
        game_rows = "".join(
            f"<tr><td>{esc(g.game)}</td><td>{esc(g.side)}</td><td>{esc(g.level)}</td>"
            f"<td>{esc(g.result)}</td><td>{esc(g.score)}</td><td class='num'>"
            + ("setting up" if g.rounds == 0 and g.result == "not finished" else str(g.rounds))
            + "</td></tr>"
            for g in record.games
        )
        games = (
            "<h2 style='font-size:12pt;margin:6pt 0 0'>Games played</h2><table><thead><tr>"
            "<th>Game</th><th>Side</th><th>Computer</th><th>Result</th><th>Score</th>"
            "<th>Rounds</th>"
            f"</tr></thead><tbody>{game_rows}</tbody></table>"
        )
    title = lesson_title(record.lesson)
    # answers in the student's own words are read, not marked: not counted here
    marked = [q for q in record.questions if not q.written]
    total = len(marked)
    # questions of a list the student never opened (lesson 12's other wars) are listed
    # as "not answered" but not counted against them: "12 of 12 answered right"
    tried = sum(bool(q.given or q.revealed) for q in marked)
    summary = (
        f"{record.right} of {tried} answered right, {record.right_first_time} of them "
        f"first time" + (f"; {total - tried} not answered." if total > tried else ".")
        if total
        else ""
    )
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>My work: {esc(title)} - {esc(record.student or 'no name')}</title>"
        f"<style>{_PAGE_CSS}</style></head><body>"
        f"<h1>My work: {esc(title)}</h1>"
        f"<p class='meta'><b>Name:</b> {esc(record.student or '(no name typed)')} &nbsp; "
        f"<b>Saved:</b> {esc(time_words(record.time))} &nbsp; {summary}</p>"
        f"{questions}{games}"
        # the check itself travels in the data below (read_record): the page says in
        # words what it is for, without a string of letters and digits nobody reads
        "<p class='foot'>Made with the lessons on history through conquest games "
        f"(version {esc(record.version)}). "
        "This page carries a check: if it is changed after it was saved, the teacher's "
        "class summary says so.</p>"
        f'<script type="application/json" id="{_SCRIPT_ID}">{embedded}</script>'
        "</body></html>"
    )


def read_record(text: str | bytes) -> WorkRecord:
    """The record inside a downloaded page; RecordError if it is damaged, edited or foreign."""
    if isinstance(text, bytes):
        if len(text) > MAX_FILE_BYTES:
            raise RecordError("the file is far too large to be a record of work")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the file is not text (not a saved record of work)") from None
    if len(text) > MAX_FILE_BYTES:
        raise RecordError("the file is far too large to be a record of work")
    found = _EMBEDDED.search(text)
    if found is None:
        raise RecordError("no record of work inside (not a 'Download my work' file, or cut short)")
    try:
        payload = json.loads(found.group(1).replace("<\\/", "</"))
    except (ValueError, RecursionError):
        raise RecordError("the record inside is damaged (its JSON does not read)") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("record"), dict):
        raise RecordError("the record inside is damaged (no record in it)")
    data = payload["record"]
    if payload.get("digest") != digest(data):
        raise RecordError("the record was changed after it was saved (its check does not match)")
    return WorkRecord.from_dict(data)
