"""Pieces of a lesson page: questions that answer only when asked, and readable tables.

A student reads these in the Voila app, where no code shows and no cell can be run,
so every result is a sentence, a table or a picture, and every question starts blank.
"""

from __future__ import annotations

import html
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from hcgames.core import RuleDecision
from hcgames.quiz import Question, answer_text, check_answer, lesson_questions, placeholder
from hcgames.widgets._base import one_screen
from hcgames.widgets.mywork import journal
from hcgames.widgets.regions import LARGE_TEXT_ZOOM
from hcgames.words import plural

__all__ = [
    "FoldOut",
    "Quiz",
    "QuizItem",
    "bullets",
    "decision_rows",
    "decisions_by_source",
    "decisions_view",
    "stage_viewer",
    "table",
    "with_slider_names",
]

TITLE = ""  # the lesson's own "## Check what you learned" heading names the quiz
RIGHT, WRONG = "#007A5E", "#B3411A"  # dark enough to read on a projector

# table-layout:auto: the notebook's own style makes tables fixed, equal columns, where a
# long word in a header (zoomed by Large text) runs into the next column
TABLE_CSS = (
    "border-collapse:collapse;table-layout:auto;font-size:16px;line-height:1.4;margin:4px 0 10px 0;"
)
CELL_CSS = "border-bottom:1px solid #bbb;padding:4px 10px;text-align:left;vertical-align:top;"
#: a table in a stage's narrow column of words: closer columns, so under Large text four
#: columns ("Persia's soldiers", "Food", "Soldiers it can feed", "Gold") still fit it
NARROW_CELL_CSS = CELL_CSS.replace("padding:4px 10px", "padding:4px 6px")


def table(
    rows: Iterable[Mapping[str, Any]] | Any,
    columns: Sequence[str] | None = None,
    caption: str | None = None,
) -> widgets.HTML:
    """An HTML table a class can read: ``rows`` are dicts (or a pandas DataFrame).

    Numbers that are whole print whole; text is escaped.
    """
    if hasattr(rows, "to_dict"):
        rows = rows.to_dict("records")
    rows = [dict(row) for row in rows]
    if columns is None:
        columns = list(rows[0]) if rows else []
    head = "".join(
        f"<th style='{CELL_CSS}border-bottom:2px solid #333'>{html.escape(str(c))}</th>"
        for c in columns
    )
    body = "".join(
        "<tr>"
        + "".join(f"<td style='{CELL_CSS}'>{_cell(row.get(c, ''))}</td>" for c in columns)
        + "</tr>"
        for row in rows
    )
    cap = (
        f"<caption style='caption-side:top;text-align:left;font-weight:bold;font-size:16px;"
        f"padding-bottom:4px'>{html.escape(caption)}</caption>"
        if caption
        else ""
    )
    return widgets.HTML(
        f"<table class='hc-table' style='{TABLE_CSS}'>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def decision_rows(decisions: Iterable[RuleDecision]) -> list[dict[str, str]]:
    """Rows for :func:`table`: each rule decision, whether the rulebook or we made it,
    and how this game plays it."""
    return [
        {
            "Rule": d.topic,
            "From": "rulebook" if d.source == "rulebook" else "our choice",
            "How this game plays it": d.decision,
        }
        for d in decisions
    ]


class FoldOut(widgets.VBox):
    """``body`` folded away under a button with ``title``: the button is reached with Tab
    and opens (or closes) with Enter or Space, which an Accordion's header is not."""

    def __init__(self, title: str, body: widgets.Widget) -> None:
        self.title, self.body = title, body
        self.button = widgets.ToggleButton(
            value=False,
            description=f"\u25b8 {title}",
            tooltip=f"Open or close: {title}",
            layout=widgets.Layout(width="auto", height="auto", min_height="34px"),
            style={"font_size": "16px", "font_weight": "bold"},
        )
        body.layout.display = "none"
        self.button.observe(self._fold, names="value")
        super().__init__([self.button, body])
        self.add_class("hcgames-foldout")  # what it opens stands right under it

    def _fold(self, _change: Any = None) -> None:
        shown = bool(self.button.value)
        self.body.layout.display = "" if shown else "none"
        mark = "\u25be" if shown else "\u25b8"  # a triangle pointing down when open
        self.button.description = f"{mark} {self.title}"


def _in_words(rows: list[dict[str, str]], words: Mapping[str, str]) -> list[dict[str, str]]:
    """Decision rows said in a student's words (topic -> sentence), each topic's name
    capitalised; a topic without words keeps the full wording."""
    return [
        {
            "Rule": row["Rule"][:1].upper() + row["Rule"][1:],
            "From": row["From"],
            "What it means in the game": words.get(row["Rule"], row["How this game plays it"]),
        }
        for row in rows
    ]


def decisions_view(
    decisions: Sequence[RuleDecision],
    here: Iterable[str],
    words: Mapping[str, str] | None = None,
    all_words: Mapping[str, str] | None = None,
) -> widgets.VBox:
    """The decisions a lesson uses (topics in ``here``, in the game's order) as a table,
    with all the game's decisions folded away below it. ``words`` (topic -> sentence)
    says a decision in a student's words on this page, each topic's name capitalised;
    the folded list keeps the full wording, unless ``all_words`` says every decision in
    a student's words too (look 10, lesson 43: the full list read as designers' notes)."""
    topics = set(here)
    every = decision_rows(decisions)
    everything = FoldOut(
        f"All {len(decisions)} rule decisions of the game",
        table(_in_words(every, all_words) if all_words else every),
    )
    rows = decision_rows([d for d in decisions if d.topic in topics])
    if words:
        rows = _in_words(rows, words)
    return widgets.VBox([table(rows), everything])


def bullets(lines: Iterable[str]) -> widgets.HTML:
    """Sentences as a bulleted list a class can read (text is escaped)."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return widgets.HTML(f"<ul style='font-size:16px;line-height:1.5'>{items}</ul>")


def paragraphs(lines: Iterable[str]) -> widgets.HTML:
    """Sentences made from a lesson's numbers, as paragraphs in the page's own type
    (text is escaped)."""
    body = "".join(f"<p style='margin:0 0 0.6em 0'>{html.escape(line)}</p>" for line in lines)
    return widgets.HTML(f"<div style='font-size:16px;line-height:1.5'>{body}</div>")


def decisions_by_source(
    decisions: Sequence[RuleDecision], titles: Mapping[str, str]
) -> widgets.VBox:
    """The decisions in folded lists, one a source (``titles``: source -> title, e.g.
    ``{"rulebook": "Stated in the booklet", "ours": "Our choice"}``), each title with its
    count; each list is a :class:`FoldOut`, so Tab reaches its title and Enter or Space
    opens it (an Accordion's headers are not reached by the keyboard)."""
    folds = []
    for source, title in titles.items():
        rows = [
            {"Topic": d.topic, "How this game plays it": d.decision}
            for d in decisions
            if d.source == source
        ]
        folds.append(FoldOut(f"{title} ({plural(len(rows), 'rule')})", table(rows)))
    return widgets.VBox(folds)


def stage_viewer(stages: Sequence[tuple[Any, ...]], **map_options: Any) -> widgets.VBox:
    """One button per stage of a story told on the map; the map and the words follow.

    A stage is ``(label, state, html)``, or ``(label, state, explanation, sentences)``
    where the sentences (what the game wrote) are listed under the explanation, or
    ``(label, state, explanation, sentences, rows)`` with a table's rows after them (as
    :class:`hcgames.conqueror.walkthroughs.Story` gives them). The buttons, the map and
    the words are one screen (:func:`~hcgames.widgets._base.one_screen`). Without a
    ``width`` the map is as large as the window lets it be, with its key beside it under
    the words; a ``width`` fixes its size and keeps the key under it.
    ``map_options`` go to :class:`~hcgames.widgets.maps.MapView` (``width``, ``focus``).
    """
    from hcgames.widgets.maps import MapView

    view = MapView(stages[0][1], beside="width" not in map_options, **map_options)
    words = widgets.HTML()
    buttons = widgets.ToggleButtons(
        options=[(stage[0], i) for i, stage in enumerate(stages)],
        style={"button_width": "auto"},
    )

    def show(change: Any = None) -> None:
        stage = stages[buttons.value]
        view.update(stage[1])
        words.value = (
            f"<div style='font-size:16px;line-height:1.45;max-width:40em'>"
            f"{_stage_html(stage)}</div>"
        )

    buttons.observe(show, names="value")
    show()
    words.layout = widgets.Layout(flex="1 1 300px", margin="0 0 0 16px")
    beside: widgets.Widget = words
    large_text: list[widgets.Widget] = []
    if "width" in map_options:  # the map and its key in a column of their own: words beside
        column = f"{map_options['width'] + 20}px"
        view.layout = widgets.Layout(flex=f"0 0 {column}", width=column)
    else:
        # the map as large as the window lets it be: the words and the map's key in a
        # column beside it (what the page leaves over 1000 px, at least 300 px), the map
        # as tall as the window less the stage buttons and the map's own line
        words.layout = widgets.Layout(margin="0", flex="0 0 auto")
        view.legend.layout.flex = "0 0 auto"
        beside = widgets.VBox(
            [words, view.key_beside()],
            layout=widgets.Layout(
                flex="0 0 clamp(300px, calc(100vw - 1000px), 440px)",
                margin="0 0 0 16px",
                max_height="calc(100vh - 40px)",
                overflow="hidden auto",
            ),
        )
        aspect = view.width / view.height
        view.layout = widgets.Layout(
            flex="1 1 520px", min_width="0", max_width=f"calc((100vh - 100px) * {aspect:.4f})"
        )
        large_text = [_large_text_css(view, beside, aspect)]
    row = widgets.HBox([view, beside], layout=widgets.Layout(flex_flow="row wrap"))
    in_sight = widgets.HTML(
        _STAGES_IN_SIGHT, layout=widgets.Layout(height="0", overflow="hidden", margin="0")
    )
    box = widgets.VBox([buttons, row, *large_text, in_sight])
    box.add_class("hcgames-stages")
    one_screen(unit=box)
    return box


# A stage button pressed while its map runs past the window's foot (the booklet's stage 4
# changes the map's bottom, Cyrene and the African Sea: look 13, lesson 10) brings the
# buttons to the window's top, so the map they change is in sight whole. Runs once per
# page from an <img onerror> (the way the play screen keeps its scroll).
_STAGES_JS = (
    "if(window.hcStagesInSight)return;window.hcStagesInSight=1;"
    "document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&"
    "e.target.closest('.hcgames-stages .widget-toggle-button');if(!b)return;"
    "var box=b.closest('.hcgames-stages'),r=box.getBoundingClientRect();"
    "if(r.bottom>window.innerHeight+2&&r.top>0)box.scrollIntoView({block:'start'});});"
)
_STAGES_IN_SIGHT = (
    "<img alt='' src='data:,' style='display:none' class='hc-stages-in-sight' "
    f'onerror="{html.escape(_STAGES_JS)}">'
)


def _large_text_css(view: widgets.Widget, beside: widgets.Widget, aspect: float) -> widgets.HTML:
    """Large text zooms the page half as large again, but the window's height (``vh``)
    is not zoomed: the map's height limit and the column beside it are worked out again
    in zoomed pixels, so the buttons, the map and its words stay on one screen (the map
    of lesson 14's rally was 1280 px high at 1366x768, with its words under it)."""
    uid = f"hc-stages-{id(view):x}"
    view.add_class(f"{uid}-map")
    beside.add_class(f"{uid}-side")
    window = f"(100vh / {LARGE_TEXT_ZOOM})"
    # the map's width without Large text, in the zoomed page's pixels: never narrower
    # (reviewers: lesson 14's rally map shrank from 954 to 887 px at 1366x768); the
    # words go under it when there is no room beside it
    unzoomed = f"calc((100vh - 100px) * {aspect:.4f} / {LARGE_TEXT_ZOOM})"
    # on a narrow window (1024x700) the words go under the map instead: beside them the
    # map shrank to 545 of its 678 px, its names with it; alone in its row it is as
    # wide as the page (990 px), names half as large again
    return widgets.HTML(
        f"<style>@media (min-width: 1200px) {{ "
        f".hcgames-large .{uid}-map {{ flex-basis: 320px !important; "
        f"max-width: max(calc(({window} - 100px) * {aspect:.4f}), {unzoomed}) !important; "
        f"min-width: min(100%, {unzoomed}) !important; }} "
        f".hcgames-large .{uid}-side {{ flex-basis: 280px !important; }} "
        f".hcgames-large .{uid}-side .widget-html {{ min-width: 0; max-width: 100%; }} "
        # the table as wide as the column, its columns as wide as their words (equal,
        # fixed columns ran "Soldiers it can feed" into "Gold"); words break only
        # between words ("anywhere" let the table squeeze "Food" into "Fo / od")
        f".hcgames-large .{uid}-side table {{ width: 100%; }} "
        f".hcgames-large .{uid}-side th, .hcgames-large .{uid}-side td "
        f"{{ overflow-wrap: break-word; }} }}"
        # the words whole, the page scrolling them: a box that scrolled inside the page
        # cut a long stage's words at the window's height (reviewers, lesson 10 stage 5)
        f".hcgames-large .{uid}-side {{ max-height: none !important; "
        "overflow: visible !important; }</style>",
        layout=widgets.Layout(height="0", overflow="hidden", margin="0"),
    )


def _stage_html(stage: tuple[Any, ...]) -> str:
    if len(stage) == 3:
        return str(stage[2])
    explanation, sentences = stage[2], stage[3]
    happened = "".join(f"<li>{html.escape(s)}</li>" for s in sentences)
    rows = stage[4] if len(stage) > 4 else []
    return (
        f"<p>{explanation}</p>"
        + (f"<ul>{happened}</ul>" if happened else "")
        + (table(rows).value.replace(CELL_CSS, NARROW_CELL_CSS) if rows else "")
    )


def _cell(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, widgets.Widget):
        raise TypeError("a table cell holds text or a number, not a widget")
    return html.escape(str(value))


#: the options of a question, large enough to read projected from the back (17 px at
#: 1366, half as large again with Large text, which zooms the page) and wrapping instead of
#: running off a narrow window; the mark beside a checked option is drawn by Question._mark_option.
#: The widget puts each radio button AFTER its text and floats it left, so a long option
#: that wraps had its button on its last line: a grid puts the button in a first column,
#: beside the first line, and the text (and the mark) in the second.
QUIZ_CSS = (
    "<style>.hc-quiz-options .widget-radio-box label,"
    ".hc-quiz-options .jupyter-widget-radio-box label{font-size:17px;line-height:1.35;"
    "height:auto;min-height:26px;padding:3px 0;white-space:normal;display:grid;"
    "grid-template-columns:29px minmax(0,1fr);align-items:start;"
    "cursor:pointer;max-width:52em}"
    ".hc-quiz-options .widget-radio-box input,"
    ".hc-quiz-options .jupyter-widget-radio-box input{width:18px;height:18px;"
    "margin:2px 10px 0 1px;cursor:pointer;float:none;grid-column:1;grid-row:1}"
    ".hc-quiz-options .widget-radio-box label::after{display:block;margin:2px 0 4px 0;"
    "grid-column:2;font-size:16px;font-weight:normal}"
    ".hc-quiz-item .jupyter-button{font-size:16px;height:auto;min-height:32px;padding:4px 14px}"
    ".hc-quiz-item input[type=text]{font-size:17px;height:auto;min-height:32px}</style>"
)

_item_numbers = iter(range(1, 10**9))


def _css_text(text: str) -> str:
    """``text`` as a CSS string (for the ``content`` of the mark beside an option)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _stopped(text: str) -> str:
    """A wrong option's reason as a sentence: with its full stop (look 15)."""
    text = text.rstrip()
    return text if not text or text[-1] in ".?!)\u201d'\"" else text + "."


class QuizItem(widgets.VBox):
    """One question with its answer control, a Check button and (after checking) feedback.

    A choice question marks the option the student checked, right beside it: a tick, or a
    cross with the line of the question's ``why`` that says what is wrong with it."""

    def __init__(self, question: Question, number: int | str) -> None:
        """``number``: the question's place in the page's list, or words that head a
        question standing apart from that list ("A question on your game:")."""
        self.question = question
        self._uid = f"hc-q{next(_item_numbers)}"
        self._hint_seen = False  # this question's hint has been shown once
        head = f"{number}." if isinstance(number, int) else html.escape(number)
        prompt = widgets.HTML(
            f"{QUIZ_CSS}<div style='font-size:17px;line-height:1.4'>"
            f"<b>{head} {html.escape(question.prompt)}</b></div>"
        )
        self.mark = widgets.HTML("", layout=widgets.Layout(display="none"))
        if question.kind == "choice":
            self.answer: widgets.Widget = widgets.RadioButtons(
                options=[(text, i) for i, text in enumerate(question.options)],
                value=None,
                layout=widgets.Layout(width="auto"),
            )
            self.answer.add_class("hc-quiz-options")
            self.answer.observe(self._unmark, "value")
        else:
            self.answer = widgets.Text(
                placeholder=placeholder(question),
                layout=widgets.Layout(width="220px"),
            )
            # Enter in the box checks the answer, as a student expects (a reviewer typed 2,
            # pressed Enter and saw nothing). ipywidgets marks on_submit as deprecated but
            # keeps it; its suggested replacement fires on leaving the box as well, which
            # would count an attempt the student never made.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.answer.on_submit(self.check)
        self.button = widgets.Button(
            description="Check my answer",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.reveal = widgets.Button(
            description="Show the answer", layout=widgets.Layout(width="auto", display="none")
        )
        self.feedback = widgets.HTML("")
        self.feedback.add_class("hc-quiz-feedback")
        self.button.on_click(self.check)
        self.reveal.on_click(self.show_answer)
        super().__init__(
            [
                prompt,
                self.answer,
                self.mark,
                widgets.HBox([self.button, self.reveal]),
                self.feedback,
            ],
            layout=widgets.Layout(margin="0 0 14px 0"),
        )
        self.add_class("hc-quiz-item")
        self.add_class(self._uid)
        one_screen(unit=self)
        journal().ask(question.id, question.prompt)

    def _say(self, text: str) -> None:
        self.feedback.value = f"<div style='font-size:16px;max-width:60em'>{text}</div>"

    def _mark_option(self, index: int, right: bool) -> None:
        """Write the mark beside option ``index``: a tick, or a cross and why it is wrong."""
        why = _stopped(self.question.why[index]) if index < len(self.question.why) else ""
        words = "\u2713 Right" if right else "\u2717 " + (why or "Not this one.")
        colour = RIGHT if right else WRONG
        self.mark.value = (
            f"<style>.{self._uid} .hc-quiz-options .widget-radio-box > "
            f"label:nth-child({index + 1})::after"
            f"{{content:{_css_text(words)};color:{colour}}}</style>"
        )

    def _unmark(self, _change: Any = None) -> None:
        self.mark.value = ""

    def check(self, _button: Any = None) -> bool | None:
        """Mark the answer given; says nothing is chosen when nothing is."""
        given = self.answer.value
        if given is None or given == "":
            self._say("Choose or type an answer first.")
            return None
        right = check_answer(self.question, given)
        shown = given if self.question.kind != "choice" else self.question.options[given]
        # the hint appears with a wrong answer; showing the same hint again is not a new one
        hint_shown = bool(self.question.hint) and not right and not self._hint_seen
        self._hint_seen = self._hint_seen or hint_shown
        journal().answer(self.question.id, str(shown), right, hint_shown=hint_shown)
        if self.question.kind == "choice":
            self._mark_option(int(given), right)
        if right:
            self._say(
                f"<b style='color:{RIGHT}'>Right.</b> {html.escape(self.question.explanation)}"
            )
            self.reveal.layout.display = "none"
            return True
        why = ""
        if self.question.kind == "choice" and int(given) < len(self.question.why):
            # said beside the option; said here again for a screen reader, which does not
            # read the mark
            why = (
                "<span style='position:absolute;width:1px;height:1px;overflow:hidden;"
                f"clip:rect(0 0 0 0);white-space:nowrap'> "
                f"{html.escape(_stopped(self.question.why[int(given)]))}</span>"
            )
        hint = f" {html.escape(self.question.hint)}" if self.question.hint else ""
        self._say(
            f"<b style='color:{WRONG}'>Not quite.</b>{why}{hint} Try again, or show the answer."
        )
        self.reveal.layout.display = None
        return False

    def show_answer(self, _button: Any = None) -> None:
        journal().reveal(self.question.id)
        if self.question.kind == "choice":
            # the right option picked and ticked: the wrong one stayed picked with its
            # red cross under "The answer" (look 15, lesson 33)
            self.answer.value = self.question.answer
            self._mark_option(int(self.question.answer), True)
        self._say(
            f"The answer: <b>{html.escape(answer_text(self.question))}</b>. "
            f"{html.escape(self.question.explanation)}"
        )


class Quiz(widgets.VBox):
    """Questions for the class, blank until a student answers each one.

    ``Quiz.for_lesson("12-duels-history")`` reads ``data/lessons/12-duels-history.json``.
    """

    def __init__(
        self,
        questions: Sequence[Question],
        title: str = "Check what you learned",
        only: Sequence[str] | None = None,
        skip: Sequence[str] = (),
    ) -> None:
        # every question is listed in My work in the lesson's order, wherever on the
        # page it is asked (``only``: the questions asked here, beside what they are
        # about; ``skip``: those asked elsewhere); each keeps its number in the lesson
        for q in questions:
            journal().ask(q.id, q.prompt)
        self.items = [
            QuizItem(q, i + 1)
            for i, q in enumerate(questions)
            if (only is None or q.id in only) and q.id not in skip
        ]
        heading = (
            widgets.HTML(f"<h3 style='margin:6px 0'>{html.escape(title)}</h3>") if title else None
        )
        super().__init__([w for w in (heading, *self.items) if w is not None])
        self.add_class("hc-quiz")

    @classmethod
    def for_lesson(
        cls,
        notebook: str,
        title: str = TITLE,
        only: Sequence[str] | None = None,
        skip: Sequence[str] = (),
    ) -> Quiz:
        return cls(lesson_questions(notebook), title=title, only=only, skip=skip)

    @property
    def text(self) -> str:
        return " ".join(f"{i + 1}. {item.question.prompt}" for i, item in enumerate(self.items))


# ipywidgets draws a slider's handle as a div with role "slider" and no name of its own
# (its description is a separate label), so a screen reader announces "slider, 3" and
# axe reports a serious fault. This names every such handle on the page after the
# description beside it, now and whenever widgets are drawn later. Runs once per page
# from an <img onerror>, the way the maps add their own names.
_SLIDER_NAMES_JS = (
    "if(window.hcSliderNames)return;window.hcSliderNames=1;var queued=false;"
    "function name(){queued=false;document.querySelectorAll("
    "'[role=slider]:not([aria-label]):not([aria-labelledby])').forEach(function(h){"
    "var w=h.closest('.widget-slider,.jupyter-widget-slider,.widget-inline-hbox');"
    "var l=w&&w.querySelector('.widget-label');var t=l&&l.textContent.trim();"
    "if(t)h.setAttribute('aria-label',t);});}"
    "name();new MutationObserver(function(){if(!queued){queued=true;"
    "requestAnimationFrame(name);}}).observe(document.body,{childList:true,subtree:true});"
)


def with_slider_names(view: widgets.Widget) -> widgets.VBox:
    """``view`` as it is, plus the small script that gives every slider on the page the
    name of its description, for screen readers (WCAG 4.1.2)."""
    script = widgets.HTML(
        "<img alt='' src='data:,' style='display:none' class='hc-slider-names' "
        f'onerror="{html.escape(_SLIDER_NAMES_JS)}">',
        layout=widgets.Layout(display="none"),
    )
    return widgets.VBox([view, script])
