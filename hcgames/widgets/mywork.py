"""The "My work" panel at the end of a lesson page, and the page's journal of work.

Each page (one kernel in the Voila app) keeps one :class:`Journal`: the questions on the
page report each try to it, and a play screen reports the game it is playing. The
:class:`MyWork` panel shows that record as the student works and offers it as one file,
"Download my work" (see :mod:`hcgames.record`): the file is made in the page and saved
by the student's browser; nothing goes to any server.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import hcgames
from hcgames.record import (
    GameRow,
    WorkRecord,
    file_name,
    now,
    question_mark,
    question_numbers,
    record_html,
)
from hcgames.widgets._base import one_screen
from hcgames.words import plural

__all__ = ["ClassSummaryUpload", "Journal", "MyWork", "WrittenAnswer", "journal"]


class Journal:
    """The record of this page, and who wants to hear when it changes."""

    def __init__(self, lesson: str = "") -> None:
        self.record = WorkRecord(lesson=lesson, version=hcgames.__version__)
        self._listeners: list[Callable[[], None]] = []
        self._game_rows: dict[str, int] = {}  # a game's key -> its row in record.games

    def listen(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def ask(self, qid: str, prompt: str) -> None:
        self.record.ask(qid, prompt)
        self.changed()

    def answer(
        self,
        qid: str,
        given: str,
        right: bool,
        hint_shown: bool = False,
        helped: bool = False,
        hints: int = 1,
    ) -> None:
        if self.record.question(qid) is None:
            self.record.ask(qid, qid)
        self.record.answer(qid, given, right, hint_shown, helped, hints)
        self.changed()

    def reveal(self, qid: str) -> None:
        self.record.reveal(qid)
        self.changed()

    def write(self, qid: str, prompt: str, text: str) -> None:
        """Keep the student's own words for an open question (the latest only)."""
        self.record.ask(qid, prompt)
        row = self.record.question(qid)
        if row is not None:
            row.written = True
            row.given = [text.strip()[:2000]] if text.strip() else []
            self.changed()

    def saw_hints(self, qid: str, hints: int) -> None:
        """Count ``hints`` seen with no answer given after them (a puzzle's hints
        before its solution was shown)."""
        row = self.record.question(qid)
        if row is not None and hints > 0 and not row.right:
            row.hints += hints
            self.changed()

    def play(
        self,
        game: str,
        side: str,
        level: str,
        result: str,
        rounds: int,
        key: str = "",
        score: str = "",
    ) -> None:
        """Note a game; the same ``key`` (one game of one play screen) keeps one row, the
        latest state of that game until it is finished: a finished game's row is final
        (taking moves back after the end does not change the result)."""
        row = GameRow(
            game=game, side=side, level=level, result=result, rounds=int(rounds), score=score
        )
        games = self.record.games
        if key and key in self._game_rows:
            old = games[self._game_rows[key]]
            if old == row or old.result != "not finished":
                return
            games[self._game_rows[key]] = row
        elif key:
            self._game_rows[key] = len(games)
            games.append(row)
        else:
            self.record.play(game, side, level, result, rounds)
        self.changed()

    def drop_unstarted(self, key: str) -> None:
        """Forget the game ``key`` if it was left before its first round (New game pressed
        while the sides were still being chosen): nothing of it was played, and "not
        finished, 0 rounds" in the work handed in read as clutter (look 11, lesson 44)."""
        at = self._game_rows.get(key)
        if at is None:
            return
        row = self.record.games[at]
        if row.result != "not finished" or row.rounds > 0:
            return
        del self.record.games[at]
        del self._game_rows[key]
        self._game_rows = {k: i - (i > at) for k, i in self._game_rows.items()}
        self.changed()


_JOURNAL = Journal()


def journal() -> Journal:
    """This page's journal (one per kernel: one page in the Voila app)."""
    return _JOURNAL


_BUTTON_CSS = (
    "display:inline-block;padding:6px 14px;background:#1f5f99;color:#fff;border-radius:4px;"
    "font-size:15px;text-decoration:none;font-weight:600"
)


class MyWork(widgets.VBox):
    """A name box, the record so far, and a link that downloads it as one page."""

    def __init__(self, lesson: str, page: Journal | None = None) -> None:
        self.journal = page or journal()
        self.journal.record.lesson = lesson
        self.name = widgets.Text(
            description="Your name",
            placeholder="your name or initials",
            layout=widgets.Layout(width="340px"),
            style={"description_width": "initial"},
        )
        self.table = widgets.HTML()
        # the link right under the name box, the record under both: the whole record in
        # sight as the page scrolls, never cut by a box of its own (look 7: rows hidden
        # under the link, lessons 12, 20, 22 and 44), and the name and the link always on
        # one screen, however many questions the page has
        self.download = widgets.HTML(layout=widgets.Layout(flex="0 0 auto", margin="4px 0 8px"))
        self.name.observe(self._on_name, names="value")
        self.journal.listen(self.refresh)
        top = widgets.VBox(
            [
                widgets.HTML(
                    "<p style='font-size:16px;margin:2px 0 6px'>This box keeps what you did on "
                    "this page. Type your name, then download the page of your work to hand "
                    "in. It is saved only where you save it.</p>"
                ),
                self.name,
                self.download,
            ]
        )
        one_screen(unit=top)
        super().__init__(
            [top, self.table],
            layout=widgets.Layout(
                border="2px solid #1f5f99", padding="8px 12px", margin="8px 0", max_width="60em"
            ),
        )
        self.add_class("hc-mywork")
        self.refresh()

    @classmethod
    def for_lesson(cls, notebook: str) -> MyWork:
        return cls(notebook)

    def _on_name(self, change: dict[str, Any]) -> None:
        self.journal.record.student = str(change["new"]).strip()[:80]
        self.refresh()

    @property
    def record(self) -> WorkRecord:
        return self.journal.record

    def refresh(self) -> None:
        record = self.record
        self.table.value = _summary_html(record)
        if not record.student:
            self.download.value = (
                "<p style='font-size:16px;color:#444;margin:0'>Type your name above, then "
                "a <b>Download my work</b> button appears here.</p>"
            )
            return
        record.time = now()
        page = record_html(record).encode("utf-8")
        href = "data:text/html;charset=utf-8;base64," + base64.b64encode(page).decode("ascii")
        self.download.value = (
            f"<a class='hc-download' href='{href}' download='{html.escape(file_name(record))}' "
            f"style='{_BUTTON_CSS}'>Download my work</a>"
        )


class WrittenAnswer(widgets.VBox):
    """A box for an open question ("Think about it"): the student's own words, kept in
    My work (and the page handed in) when the box loses focus. Nothing marks them: the
    teacher reads them."""

    def __init__(self, qid: str, prompt: str, page: Journal | None = None) -> None:
        self.journal = page or journal()
        self.qid, self.prompt = qid, prompt
        self.journal.ask(qid, prompt)
        self.journal.record.question(qid).written = True  # type: ignore[union-attr]
        self.box = widgets.Textarea(
            placeholder="Write your answer here. It is kept in My work at the end of the page.",
            continuous_update=False,  # kept when the box loses focus, not at every key
            rows=4,
            layout=widgets.Layout(width="100%", max_width="46em"),
        )
        self.box.observe(self._on_text, names="value")
        label = widgets.HTML(
            # the box's words as large as the page's (a textarea's own font is 13 px)
            "<style>.hc-written-answer textarea{font-size:16px;font-family:inherit;"
            "line-height:1.4}</style>"
            f"<p style='font-size:16px;margin:4px 0 2px'><b>Your answer</b> "
            f"({html.escape(prompt)})</p>"
        )
        super().__init__([label, self.box], layout=widgets.Layout(margin="4px 0 12px"))
        self.add_class("hc-written-answer")
        one_screen(unit=self)  # the question's words and its box: one unit

    def _on_text(self, change: dict[str, Any]) -> None:
        self.journal.write(self.qid, self.prompt, str(change["new"]))


#: the level a game with no computer player is recorded with (players on one screen)
NO_COMPUTER = "no computer"


def game_words(row: GameRow) -> str:
    """A played game as its row says it: "Conqueror: Duels (class game): Carthage against
    the computer (Easy)", or "...: every side, players on one screen" when no computer
    played (never "against the computer (no computer)")."""
    if row.level in ("", NO_COMPUTER):
        return f"{row.game}: {row.side}"
    return f"{row.game}: {row.side} against the computer ({row.level})"


def rounds_words(row: GameRow) -> str:
    """How far a game went: "7 rounds", or "setting up" for a game still before its
    first round (never "0 rounds")."""
    if row.rounds == 0 and row.result == "not finished":
        return "setting up"
    return plural(row.rounds, "round")


def _summary_html(record: WorkRecord) -> str:
    esc = html.escape
    if not record.questions and not record.games:
        return "<p style='font-size:16px'>Nothing answered or played yet.</p>"
    rows = []
    for i, q in zip(question_numbers(record), record.questions, strict=True):
        result = question_mark(q)  # the same words as the page handed in
        # a long question cut at a word, with an ellipsis ("Which hero card of the...")
        # cut at a word, without the word's own stop or comma before the dots ("rival's….")
        cut = q.prompt[:67].rsplit(" ", 1)[0].rstrip(".,;:")
        prompt = q.prompt if len(q.prompt) <= 70 else cut + "\u2026"
        given = q.given[-1] if q.given else ""
        if len(given) > 120:  # an answer in words: its start (the file keeps it whole)
            given = given[:117].rsplit(" ", 1)[0] + "\u2026"
        rows.append(
            f"<tr><td>{i}</td><td>{esc(prompt)}</td>"
            f"<td>{esc(given)}</td>"
            f"<td style='white-space:nowrap'>{result}</td></tr>"  # one line: the box fits 700 px
        )
    for g in record.games:
        rows.append(
            f"<tr><td>Game</td><td>{esc(game_words(g))}</td><td>{rounds_words(g)}</td>"
            f"<td>{esc(g.result)}{': ' + esc(g.score) if g.score else ''}</td></tr>"
        )
    return (
        # room between the columns: "10" and its question ran together ("10Who defeated")
        "<style>.hc-mywork-table th,.hc-mywork-table td{padding:2px 8px;text-align:left;"
        "vertical-align:top}</style>"
        "<table class='hc-table hc-mywork-table' style='border-collapse:collapse;font-size:16px'>"
        "<thead><tr><th>#</th><th>Question</th><th>Your answer</th><th>Result</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class ClassSummaryUpload(widgets.VBox):
    """For the teacher: upload the students' files, see the class summary, download it."""

    def __init__(self) -> None:
        self.upload = widgets.FileUpload(
            accept=".html,.htm",
            multiple=True,
            description="Choose the students' files",
            layout=widgets.Layout(width="auto"),
        )
        self.report = widgets.HTML()
        self.upload.observe(self._on_upload, names="value")
        super().__init__(
            [
                widgets.HTML(
                    "<p style='font-size:15px'>Choose all the <b>My work</b> files your "
                    "students handed in (you may choose many at once). They are read here, "
                    "in this page, and sent nowhere.</p>"
                ),
                self.upload,
                self.report,
            ]
        )

    def summarise(self, files: list[tuple[str, bytes]]) -> None:
        """Summarise (name, content) pairs and show the report with its downloads."""
        from hcgames.gather import gather_files, report_html  # pandas, only when asked

        summary = gather_files(files)
        page = report_html(summary)
        csv = summary.answers().to_csv(index=False)
        links = " ".join(
            f"<a href='data:{kind};charset=utf-8;base64,"
            f"{base64.b64encode(text.encode('utf-8')).decode('ascii')}' download='{name}' "
            f"style='{_BUTTON_CSS}'>{label}</a>"
            for kind, text, name, label in (
                ("text/html", page, "class-summary.html", "Download the summary"),
                ("text/csv", csv, "class-answers.csv", "Download every answer (CSV)"),
            )
        )
        body = page.split("<body>", 1)[1].split("</body>", 1)[0]
        self.report.value = f"<div style='margin:8px 0'>{links}</div>{body}"

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = [(str(item["name"]), bytes(item["content"])) for item in change["new"]]
        if files:
            self.summarise(files)
