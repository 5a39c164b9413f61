"""A class summary from the students' "Download my work" files.

``python -m hcgames gather FOLDER`` (or :func:`gather` in a teacher's notebook) reads
every ``.html`` file in FOLDER, checks each record (:func:`hcgames.record.read_record`),
and summarises them with pandas, one section per lesson: for each question the share
of students right first time and the wrong answers given most often; for each student
the questions right; a bar chart of the questions. A damaged, edited or foreign file is
listed by name with the reason and skipped; a student who handed in the same lesson
twice keeps the later file, and the report says so. Nothing leaves the teacher's machine.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hcgames.links import lesson_title
from hcgames.record import RecordError, WorkRecord, read_record, time_words

if TYPE_CHECKING:  # pandas loads only when a summary is made
    import pandas as pd

__all__ = ["ClassSummary", "gather", "gather_files", "write_report"]


@dataclass
class ClassSummary:
    """The records read, what was skipped and why, and the tables made from them."""

    records: list[tuple[str, WorkRecord]] = field(default_factory=list)  # (file, record)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    replaced: list[tuple[str, str]] = field(default_factory=list)  # (older file, kept file)

    @property
    def lessons(self) -> list[str]:
        return sorted({record.lesson for _, record in self.records})

    def answers(self) -> pd.DataFrame:
        """One row per student and question: the long table behind every figure."""
        import pandas as pd

        rows = [
            {
                "lesson": record.lesson,
                "student": record.student or "(no name)",
                "file": name,
                "question": index,
                "question_id": q.id,
                "prompt": q.prompt,
                "answered": bool(q.given),
                "right": q.right,
                "right_first_time": q.right_first_time,
                "tries": q.tries,
                "hints": q.hints,
                "answer_shown": q.revealed,
                "wrong_answers": len(_wrong(q.given, q.right)),
            }
            for name, record in self.records
            for index, q in enumerate(record.questions, 1)
            if not q.written  # an open answer in words is read, not marked
        ]
        columns = [
            "lesson", "student", "file", "question", "question_id", "prompt", "answered",
            "right", "right_first_time", "tries", "hints", "answer_shown", "wrong_answers",
        ]  # fmt: skip
        return pd.DataFrame(rows, columns=columns)

    def wrong_answers(self) -> pd.DataFrame:
        """One row per wrong answer given (before the right one, or without one)."""
        import pandas as pd

        rows = [
            {"lesson": record.lesson, "question_id": q.id, "answer": _normal(given)}
            for _, record in self.records
            for q in record.questions
            if not q.written
            for given in _wrong(q.given, q.right)
        ]
        return pd.DataFrame(rows, columns=["lesson", "question_id", "answer"])

    def by_question(self, lesson: str) -> pd.DataFrame:
        """Per question of a lesson: students, share right first time and in the end, and the
        wrong answers given most often."""
        import pandas as pd

        table = self.answers()
        table = table[table["lesson"] == lesson]
        wrong = self.wrong_answers()
        wrong = wrong[wrong["lesson"] == lesson]
        rows = []
        for qid, group in table.groupby("question_id", sort=False):
            common = wrong[wrong["question_id"] == qid]["answer"].value_counts().head(3)
            rows.append(
                {
                    "question": int(group["question"].min()),
                    "prompt": group["prompt"].iloc[0],
                    "students": len(group),
                    "right first time": round(100 * group["right_first_time"].mean()),
                    "right in the end": round(100 * group["right"].mean()),
                    "most common wrong answers": ", ".join(
                        f"{answer} ({count})" for answer, count in common.items()
                    ),
                }
            )
        frame = pd.DataFrame(rows)
        return frame.sort_values("question", kind="stable") if len(frame) else frame

    def by_student(self, lesson: str) -> pd.DataFrame:
        """Per student of a lesson: questions right (first time) out of those on the page."""
        import pandas as pd

        rows = [
            {
                "student": record.student or "(no name)",
                "right": record.right,
                "right first time": record.right_first_time,
                "questions": len(record.questions),
                "games": "; ".join(
                    f"{g.side}: {g.result}" + (f" ({g.score})" if g.score else "")
                    for g in record.games
                ),
                "saved": time_words(record.time),
            }
            for _, record in self.records
            if record.lesson == lesson
        ]
        frame = pd.DataFrame(rows)
        return frame.sort_values("student", kind="stable") if len(frame) else frame


def _wrong(given: list[str], right: bool) -> list[str]:
    return given[:-1] if right else list(given)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _normal(answer: str) -> str:
    return " ".join(answer.split())[:60]


def gather_files(files: Iterable[tuple[str, bytes | str]]) -> ClassSummary:
    """Summarise (name, content) pairs: uploaded files, or files read from a folder."""
    summary = ClassSummary()
    kept: dict[tuple[str, str], tuple[str, WorkRecord]] = {}
    for name, content in files:
        try:
            record = read_record(content)
        except RecordError as exc:
            summary.skipped.append((name, str(exc)))
            continue
        key = (record.lesson, " ".join(record.student.lower().split()))
        earlier = kept.get(key)
        if earlier is not None and record.student.strip():
            older, newer = sorted([earlier, (name, record)], key=lambda nr: (nr[1].time, nr[0]))
            summary.replaced.append((older[0], newer[0]))
            kept[key] = newer
        else:
            kept[key if record.student.strip() else (record.lesson, f"\0{name}")] = (name, record)
    summary.records = sorted(kept.values(), key=lambda nr: (nr[1].lesson, nr[0]))
    return summary


def gather(folder: str | Path) -> ClassSummary:
    """Read every ``.html`` file in ``folder`` (not its subfolders) into a summary."""
    path = Path(folder)
    if not path.is_dir():
        raise FileNotFoundError(f"no folder {folder}")
    files = []
    for item in sorted(path.iterdir()):
        if item.is_file() and item.suffix.lower() in {".html", ".htm"}:
            files.append((item.name, item.read_bytes()))
        elif item.is_file():
            files.append((item.name, b""))  # listed as skipped: not a record
    return gather_files(files)


# -- the report -----------------------------------------------------------------------

_CSS = (
    "body{font-family:system-ui,sans-serif;margin:20px;max-width:70em;font-size:15px}"
    "table{border-collapse:collapse;margin:6px 0 14px}"
    "th,td{border-bottom:1px solid #bbb;padding:3px 8px;text-align:left;vertical-align:top}"
    "th{border-bottom:2px solid #333}.bar{background:#1f5f99;height:14px;display:inline-block}"
    ".bar2{background:#9ec3e6;height:14px;display:inline-block}"
)


def _table(frame: Any) -> str:
    return str(frame.to_html(index=False, border=0, escape=True))


def _chart(frame: Any) -> str:
    """A bar per question: dark = right first time, light = right later (HTML, prints too)."""
    rows = []
    for row in frame.to_dict("records"):
        first, total = row["right first time"], row["right in the end"]
        rows.append(
            f"<tr><td>Q{row['question']}</td><td style='width:320px'>"
            f"<span class='bar' style='width:{3 * first}px'></span>"
            f"<span class='bar2' style='width:{3 * max(total - first, 0)}px'></span></td>"
            f"<td>{first}% first time, {total}% in the end</td></tr>"
        )
    return (
        "<table aria-label='Share right per question'><tbody>" + "".join(rows) + "</tbody></table>"
    )


def report_html(summary: ClassSummary) -> str:
    """The whole summary as one HTML page."""
    esc = html.escape
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><style>{_CSS}</style>"]
    parts.append("<title>Class summary</title></head><body><h1>Class summary</h1>")
    parts.append(
        f"<p>{_count(len(summary.records), 'record')} read, "
        f"{_count(len(summary.skipped), 'file')} skipped.</p>"
    )
    for lesson in summary.lessons:
        questions = summary.by_question(lesson)
        students = summary.by_student(lesson)
        count = len(students)
        students_text = f"{count} student{'' if count == 1 else 's'}"
        parts.append(f"<h2>{esc(lesson_title(lesson))} ({students_text})</h2>")
        if len(questions):
            parts.append("<h3>Questions</h3>" + _chart(questions) + _table(questions))
        parts.append("<h3>Students</h3>" + _table(students))
    if summary.replaced:
        parts.append("<h2>Handed in twice (the later file is kept)</h2><ul>")
        parts += [f"<li>{esc(old)}: replaced by {esc(new)}</li>" for old, new in summary.replaced]
        parts.append("</ul>")
    if summary.skipped:
        parts.append("<h2>Files skipped</h2><ul>")
        parts += [f"<li>{esc(name)}: {esc(why)}</li>" for name, why in summary.skipped]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "".join(parts)


def write_report(summary: ClassSummary, out: str | Path) -> list[Path]:
    """Write ``class-summary.html`` and ``class-answers.csv`` into ``out``; returns the paths."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / "class-summary.html"
    page.write_text(report_html(summary), encoding="utf-8")
    csv = folder / "class-answers.csv"
    summary.answers().to_csv(csv, index=False)
    return [page, csv]
