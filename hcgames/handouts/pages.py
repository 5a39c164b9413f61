"""The handout and the answer key of one game, as print-ready HTML with fixed pages.

A handout is the game's rules in brief (``data/handouts/<game>.md``, one page per
part between lines of ``---``), its maps (:mod:`hcgames.handouts.maps`) and a
worksheet of every question the lessons ask (:mod:`hcgames.handouts.questions`)
with room to write. The answer key is a separate document for the teacher.

Pages are cut here, not by the browser: every page is a ``<section>`` that ends
with a page break, and the worksheet and key are split by a height estimate in
millimetres. So :func:`handout` knows how many pages the PDF must have, and the
test that prints it checks that nothing overflowed.

>>> doc = handout("conquest-1972")
>>> doc.pages >= 4 and ": worksheet" in doc.html
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape

import hcgames
from hcgames.data import data_path
from hcgames.handouts.maps import MAPS
from hcgames.handouts.questions import (
    QuestionSet,
    Sheet,
    WrittenQuestion,
    game_of_notebook,
    question_sets,
    topic_of,
    written_questions,
)
from hcgames.links import NOTEBOOKS
from hcgames.quiz import Question, answer_text
from hcgames.words import plural

__all__ = [
    "Document",
    "answer_key",
    "handout",
    "markdown_html",
    "sheet_heading",
    "worksheet",
    "worksheet_key",
]

#: printable height of an A4 page with our margins, less a safety allowance (mm)
PAGE_BUDGET_MM = 238.0
#: the same for a lesson's worksheet: US Letter (279 mm high, not 297 mm) prints 251 mm
SHEET_BUDGET_MM = 244.0
#: a lesson's worksheet fits on one sheet of paper, printed on both sides
SHEET_MAX_PAGES = 2
LINE_MM = 5.6  # one line of 11 pt text
CHARS_PER_LINE = 84  # about 90 fit a line of 11 pt; a little kept in hand
KEY_LINE_MM = 5.0  # one line of 10 pt text in the key
KEY_CHARS_PER_LINE = 100  # about 105 fit a line of the key; a little kept in hand


@dataclass(frozen=True)
class Document:
    """A printable document: its HTML, its page count, and the headings it must show."""

    game: str
    kind: str  # "handout" or "key" (a game's booklet), "worksheet" or "sheet-key" (a lesson's)
    title: str
    html: str
    pages: int
    headings: tuple[str, ...]
    name: str = ""  # the file name's stem; "" names it after the game and kind
    lesson: str = ""  # the lesson's number, for a worksheet and its key


# --- a small Markdown reader (headings, paragraphs, lists, bold and italics) --------------


def _inline(text: str) -> str:
    text = escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\w)", r"<i>\1</i>", text)


def markdown_html(text: str) -> str:
    """The HTML of a small Markdown subset.

    >>> markdown_html("## Aim\\nHold **five** forts.\\n\\n- one\\n- two")
    '<h2>Aim</h2>\\n<p>Hold <b>five</b> forts.</p>\\n<ul><li>one</li><li>two</li></ul>'
    """
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal list_tag
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append(
                f"<{list_tag}>"
                + "".join(f"<li>{_inline(i)}</li>" for i in items)
                + f"</{list_tag}>"
            )
            items.clear()
            list_tag = ""

    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"(#{1,4})\s+(.*)", line)
        bullet = re.match(r"[-*]\s+(.*)", line)
        number = re.match(r"\d+\.\s+(.*)", line)
        if not line:
            flush()
        elif heading:
            flush()
            level = len(heading.group(1))
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif bullet or number:
            tag = "ul" if bullet else "ol"
            if para or (items and list_tag != tag):
                flush()
            list_tag = tag
            items.append((bullet or number).group(1))  # type: ignore[union-attr]
        elif items and raw.startswith((" ", "\t")):
            items[-1] += " " + line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return "\n".join(out)


# --- the page frame ---------------------------------------------------------------------

WIDE = "<!-- wide -->"  # a page that starts with this prints in landscape

CSS = """
@page { size: A4; margin: 13mm 15mm 15mm 15mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; line-height: 1.45;
       color: #111; margin: 0; }
section.page { break-after: page; page-break-after: always; }
section.page:last-child { break-after: auto; page-break-after: auto; }
@page wide { size: A4 landscape; margin: 11mm 13mm 14mm 13mm; }
section.wide { page: wide; }
section.wide ul.legend { columns: 3; margin-top: 2mm; }
section.wide svg.map { max-height: 132mm; width: auto; max-width: 100%; margin: 0 auto; }
h1 { font-size: 19pt; margin: 0 0 2mm; line-height: 1.2; }
h2 { font-size: 13.5pt; margin: 4mm 0 1.5mm; border-bottom: 0.4mm solid #111; }
h3 { font-size: 12pt; margin: 3mm 0 1mm; }
p { margin: 0 0 2mm; }
ul, ol { margin: 0 0 2mm; padding-left: 6mm; }
li { margin: 0 0 0.8mm; }
.meta { font-size: 9.5pt; color: #333; margin-bottom: 2mm; }
.meta b { color: #111; }
svg.map { width: 100%; height: auto; border: 0.3mm solid #111; display: block; }
ul.legend { list-style: none; padding: 0; margin: 3mm 0 0; columns: 2; font-size: 9.5pt; }
ul.legend li { break-inside: avoid; margin-bottom: 1.5mm; display: flex; align-items: center;
               gap: 2mm; }
ul.legend .key { display: inline-block; min-width: 12mm; text-align: center; font-size: 9pt; }
svg.swatch { vertical-align: middle; }
.student { display: flex; gap: 6mm; font-size: 11pt; margin: 1mm 0 3mm; }
.student span { flex: 1; border-bottom: 0.3mm solid #111; padding-bottom: 1mm; }
.q { break-inside: avoid; margin: 0 0 5mm; }
.q .prompt { margin: 0 0 1.5mm; }
.q .prompt b { margin-right: 1.5mm; }
.q .option { line-height: 6.5mm; padding-left: 8mm; position: relative; }
.q .option:before { content: ""; position: absolute; left: 1mm; top: 1.3mm; width: 3.6mm;
                   height: 3.6mm; border: 0.35mm solid #111; }
.q .answer-line { height: 10mm; border-bottom: 0.3mm solid #111; width: 70mm; }
.q .write { height: 9mm; border-bottom: 0.25mm solid #777; }
.key .q { font-size: 10pt; line-height: 1.4; margin-bottom: 3.5mm; }
.key .right { font-weight: bold; }
.note { border: 0.4mm solid #111; padding: 2mm 3mm; font-size: 10pt; margin: 0 0 3mm; }
"""


def _document(title: str, sections: Sequence[str]) -> str:
    pages = "\n".join(
        f'<section class="page{" wide" if body.startswith(WIDE) else ""}">{body}</section>'
        for body in sections
    )
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>{pages}</body></html>"
    )


def _lines(text: str, per_line: int = CHARS_PER_LINE) -> int:
    return max(1, math.ceil(len(text) / per_line))


def _paginate(
    blocks: Iterable[tuple[float, str]], first_page_used: float, budget: float = PAGE_BUDGET_MM
) -> list[str]:
    """Fill pages with (height in mm, html) blocks, cutting before a block that would overflow."""
    pages: list[list[str]] = [[]]
    used = first_page_used
    for height, html in blocks:
        if pages[-1] and used + height > budget:
            pages.append([])
            used = 0.0
        pages[-1].append(html)
        used += height
    return ["".join(page) for page in pages]


def _lessons_of(game: str) -> list[tuple[str, str]]:
    return [(name, title) for name, title in NOTEBOOKS if game_of_notebook(name) == game]


def lesson_label(notebook: str) -> str:
    """How a handout names a lesson: ``"12-duels-history.ipynb"`` -> ``"lesson 12"``."""
    return f"lesson {notebook[:2]}" if notebook[:2].isdigit() else ""


# --- the handout ------------------------------------------------------------------------------


def _rules_pages(game: str, title: str) -> list[str]:
    text = data_path("handouts", f"{game}.md").read_text(encoding="utf-8")
    parts = [part.strip() for part in re.split(r"^---\s*$", text, flags=re.M) if part.strip()]
    lessons = "; ".join(
        f"{escape(t.split(' - ', 1)[-1])} ({lesson_label(n)})" for n, t in _lessons_of(game)
    )
    head = (
        f"<h1>{escape(title)}: the rules in brief</h1>"
        f"<div class='meta'><b>Lessons:</b> {lessons}</div>"
    )
    return [(head if i == 0 else "") + markdown_html(part) for i, part in enumerate(parts)]


def svg_aspect(svg: str) -> float:
    """Width over height of an SVG from its viewBox."""
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    return float(found.group(1)) / float(found.group(2)) if found else 1.0


def _map_pages(game: str, title: str) -> list[str]:
    pages = []
    for draw in MAPS[game]:
        map_title, svg, legend = draw()
        svg = svg.replace("<svg ", '<svg class="map" ', 1)
        wide = svg_aspect(svg) > 1.15  # wider than tall: a landscape page
        pages.append(
            f"{WIDE if wide else ''}<h2>{escape(title)}: {escape(map_title)}</h2>{svg}{legend}"
        )
    return pages


def _question_block(number: int, q: Question) -> tuple[float, str]:
    prompt = f"<p class='prompt'><b>{number}.</b>{escape(q.prompt)}</p>"
    height = _lines(q.prompt) * LINE_MM + 1.5 + 5.0
    if q.kind == "choice":
        options = "".join(
            f"<div class='option'><b>{letter}.</b> {escape(o)}</div>"
            for letter, o in zip("ABCDEFGH", q.options, strict=False)
        )
        height += sum(_lines(o, CHARS_PER_LINE - 6) * 6.5 for o in q.options)
        return height, f"<div class='q'>{prompt}{options}</div>"
    unit = f" ({escape(q.unit)}{': write BC or AD' if q.unit == 'year' else ''})" if q.unit else ""
    height += 10.0 + LINE_MM
    return (
        height,
        f"<div class='q'>{prompt}<div class='answer-line'></div><small>answer{unit}</small></div>",
    )


def _written_block(number: int, q: WrittenQuestion) -> tuple[float, str]:
    lines = "".join("<div class='write'></div>" for _ in range(q.lines))
    height = _lines(q.prompt) * LINE_MM + 1.5 + q.lines * 9.0 + 5.0
    return (
        height,
        f"<div class='q'><p class='prompt'><b>{number}.</b>{escape(q.prompt)}</p>{lines}</div>",
    )


def _set_heading(qset: QuestionSet) -> tuple[float, str]:
    where = f" <small>({lesson_label(qset.notebook)})</small>" if qset.notebook else ""
    return 11.0, f"<h3>{escape(qset.title)}{where}</h3>"


def _worksheet_pages(game: str, title: str) -> list[str]:
    blocks: list[tuple[float, str]] = []
    number = 0
    for qset in question_sets(game):
        heading = _set_heading(qset)
        for index, q in enumerate(qset.questions):
            number += 1
            height, html = _question_block(number, q)
            if index == 0:  # keep a heading with its first question
                height, html = height + heading[0], heading[1] + html
            blocks.append((height, html))
    written = written_questions(game)
    for index, wq in enumerate(written):
        number += 1
        height, html = _written_block(number, wq)
        if index == 0:
            height, html = height + 11.0, "<h3>Think and write</h3>" + html
        blocks.append((height, html))
    head = (
        f"<h1>{escape(title)}: worksheet</h1>"
        "<div class='student'><span>Name:</span><span>Class:</span><span>Date:</span></div>"
    )
    pages = _paginate(blocks, first_page_used=24.0)
    return [head + pages[0], *pages[1:]]


def handout(game: str) -> Document:
    """The student handout of one game: rules in brief, maps, worksheet."""
    title = hcgames.game_class(game).title
    rules = _rules_pages(game, title)
    maps = _map_pages(game, title)
    sheet = _worksheet_pages(game, title)
    headings = (f"{title}: the rules in brief", f"{title}: worksheet")
    full = f"{title} - handout"
    return Document(
        game,
        "handout",
        full,
        _document(full, [*rules, *maps, *sheet]),
        len(rules) + len(maps) + len(sheet),
        headings,
    )


# --- the answer key -------------------------------------------------------------------------


def _key_block(number: int, q: Question) -> tuple[float, str]:
    answer = answer_text(q)
    if q.kind == "choice":
        answer = f"{'ABCDEFGH'[q.answer]}. {answer}"
    html = (
        f"<div class='q'><b>{number}.</b> {escape(q.prompt)}<br>"
        f"<span class='right'>Answer: {escape(answer)}</span><br>{escape(q.explanation)}</div>"
    )
    height = (
        _lines(q.prompt, KEY_CHARS_PER_LINE) + 1 + _lines(q.explanation, KEY_CHARS_PER_LINE)
    ) * KEY_LINE_MM + 3.5
    return height, html


def answer_key(game: str) -> Document:
    """The teacher's key: every question of the worksheet with its answer and why."""
    title = hcgames.game_class(game).title
    blocks: list[tuple[float, str]] = []
    number = 0
    for qset in question_sets(game):
        heading = _set_heading(qset)
        for index, q in enumerate(qset.questions):
            number += 1
            height, html = _key_block(number, q)
            if index == 0:
                height, html = height + heading[0], heading[1] + html
            blocks.append((height, html))
    for index, wq in enumerate(written_questions(game)):
        number += 1
        html = (
            f"<div class='q'><b>{number}.</b> {escape(wq.prompt)}<br>"
            f"<span class='right'>A good answer:</span> {escape(wq.key)}</div>"
        )
        height = (
            _lines(wq.prompt, KEY_CHARS_PER_LINE)
            + _lines("A good answer: " + wq.key, KEY_CHARS_PER_LINE)
        ) * KEY_LINE_MM + 3.5
        if index == 0:
            height, html = height + 11.0, "<h3>Think and write</h3>" + html
        blocks.append((height, html))
    head = (
        f"<h1>{escape(title)}: answer key</h1>"
        "<div class='note'><b>For the teacher.</b> Keep this key away from the class: the "
        "lesson pages show the same questions blank and tell a student whether an answer "
        "is right only after they answer. Question numbers match the worksheet.</div>"
    )
    pages = _paginate(blocks, first_page_used=34.0)
    sections = [
        f"<div class='key'>{head}{pages[0]}</div>",
        *(f"<div class='key'>{p}</div>" for p in pages[1:]),
    ]
    full = f"{title} - answer key"
    return Document(
        game, "key", full, _document(full, sections), len(sections), (f"{title}: answer key",)
    )


# --- one lesson's worksheet and its key ---------------------------------------------------------

#: the heading of each part of a worksheet, in the order the parts come (history first)
TOPIC_HEADINGS = {
    "history": "History",
    "rules": "The rules",
    "maths": "Numbers and chance",
    "strategy": "Playing well",
    "computer": "Computer players and fair tests",
}


def _numbered(sheet: Sheet) -> list[tuple[str, int, Question | WrittenQuestion]]:
    """Every item of a sheet with its topic and number: by topic, checked before written."""
    items: list[tuple[str, Question | WrittenQuestion]] = [
        *((topic_of(q), q) for q in sheet.questions),
        *((w.topic, w) for w in sheet.written),
    ]
    order = list(TOPIC_HEADINGS)
    items.sort(key=lambda item: (order.index(item[0]), isinstance(item[1], WrittenQuestion)))
    return [(topic, number, item) for number, (topic, item) in enumerate(items, 1)]


def _with_headings(
    numbered: list[tuple[str, int, Question | WrittenQuestion]],
    block: Callable[[int, Question | WrittenQuestion], tuple[float, str]],
) -> list[tuple[float, str]]:
    blocks = []
    last = ""
    for topic, number, item in numbered:
        height, html = block(number, item)
        if topic != last:  # a part's heading stays with its first question
            height, html = height + 11.0, f"<h3>{TOPIC_HEADINGS[topic]}</h3>" + html
            last = topic
        blocks.append((height, html))
    return blocks


def sheet_heading(sheet: Sheet) -> str:
    """The heading a lesson's worksheet and key share."""
    return f"Lesson {sheet.lesson}: {sheet.title}"


def worksheet(sheet: Sheet) -> Document:
    """A lesson's worksheet for the class: history first, room to write, two sides at most."""
    title = hcgames.game_class(sheet.game).title

    def block(number: int, item: Question | WrittenQuestion) -> tuple[float, str]:
        if isinstance(item, WrittenQuestion):
            return _written_block(number, item)
        return _question_block(number, item)

    head = (
        f"<h1>{escape(sheet_heading(sheet))}</h1>"
        f"<div class='meta'><b>{escape(title)}</b> - worksheet. Tick one box, write a number "
        "on the line, or write your answer in sentences.</div>"
        "<div class='student'><span>Name:</span><span>Class:</span><span>Date:</span></div>"
    )
    pages = _paginate(
        _with_headings(_numbered(sheet), block), first_page_used=36.0, budget=SHEET_BUDGET_MM
    )
    full = f"{sheet_heading(sheet)} - worksheet"
    return Document(
        sheet.game,
        "worksheet",
        full,
        _document(full, [head + pages[0], *pages[1:]]),
        len(pages),
        (sheet_heading(sheet),),
        name=f"{sheet.name}-worksheet",
        lesson=sheet.lesson,
    )


def worksheet_key(sheet: Sheet) -> Document:
    """The teacher's key to one lesson's worksheet, numbered as the worksheet."""

    def block(number: int, item: Question | WrittenQuestion) -> tuple[float, str]:
        if isinstance(item, Question):
            return _key_block(number, item)
        html = (
            f"<div class='q'><b>{number}.</b> {escape(item.prompt)}<br>"
            f"<span class='right'>A good answer:</span> {escape(item.key)}</div>"
        )
        height = (
            _lines(item.prompt, KEY_CHARS_PER_LINE)
            + _lines("A good answer: " + item.key, KEY_CHARS_PER_LINE)
        ) * KEY_LINE_MM + 3.5
        return height, html

    left_out = ""
    if sheet.left_out:
        left_out = (
            f" {plural(len(sheet.left_out), 'question')} of this lesson about computer players "
            "and fair tests are not on this history sheet; the game's booklet has them."
        )
    head = (
        f"<h1>{escape(sheet_heading(sheet))}</h1>"
        "<div class='note'><b>Answer key, for the teacher.</b> Keep it away from the class. "
        f"Question numbers match the worksheet of lesson {sheet.lesson}.{left_out}</div>"
    )
    pages = _paginate(
        _with_headings(_numbered(sheet), block), first_page_used=28.0, budget=SHEET_BUDGET_MM
    )
    sections = [
        f"<div class='key'>{head}{pages[0]}</div>",
        *(f"<div class='key'>{p}</div>" for p in pages[1:]),
    ]
    full = f"{sheet_heading(sheet)} - answer key"
    return Document(
        sheet.game,
        "sheet-key",
        full,
        _document(full, sections),
        len(sections),
        (sheet_heading(sheet), "Answer key, for the teacher"),
        name=f"{sheet.name}-answer-key",
        lesson=sheet.lesson,
    )
