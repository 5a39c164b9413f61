"""The interactive sections of the Conquest of Speros lessons, and the pieces both card
games' lessons share (tables in card names, a folded answer, a match between two
computer players); Historical Conquest's own views are in
:mod:`hcgames.widgets.historical_lessons`.

Each view is one screen (:func:`~hcgames.widgets._base.one_screen`): its controls
first, then the picture or table they change, then the sentence that says what the
choice means, so a projected page shows the click and its effect together at
1366x768 and 1024x700. The numbers come from :mod:`hcgames.speros.lessons` and
:mod:`hcgames.speros.teach`; this module only lays them out. It stays one module
past 600 lines: lesson 40's turn at the table (:class:`TableStepper`) shares its
readable type and card styles with the other sections, and splitting it off would
only move those shared pieces into a third module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar

import bqplot
import ipywidgets as widgets

from hcgames.core import Event, Game
from hcgames.widgets._base import chart_beside, chart_figure, one_screen
from hcgames.widgets.card_pictures import face_html, stacked_bars_html
from hcgames.widgets.cards import CARD_CSS, game_words
from hcgames.widgets.charts import MARKERS
from hcgames.widgets.lesson import FoldOut, table, with_slider_names
from hcgames.widgets.stepper import GameStepper
from hcgames.words import count, join

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame
    from hcgames.speros.material import CardSet

__all__ = [
    "ArtifactViewer",
    "MajorityTry",
    "MatchPicker",
    "PairingsView",
    "ScoreSheets",
    "SetCounter",
    "TableStepper",
    "answer_reveal",
    "draw_odds_view",
    "events_table",
    "peoples_view",
    "sentence",
    "sets_answer",
    "strategy_match",
    "terrain_view",
    "worded_table",
]

#: the controls of a Speros section in type a class reads projected (ipywidgets' 13 px
#: names, numbers and menus are about 10 px at the back of the room)
READABLE_CSS = (
    "<style>.hcgames-readable .widget-label, .hcgames-readable .widget-readout,"
    ".hcgames-readable .widget-toggle-button, .hcgames-readable select,"
    ".hcgames-readable .widget-button, .hcgames-readable input {font-size:17px !important}"
    ".hcgames-readable select {height:auto; min-height:32px}"
    ".hcgames-readable .widget-inline-hbox .widget-label {min-width:0}"
    # the chosen toggle unmistakable (as on the play screen): dark, outlined, ticked
    ".hcgames-readable .widget-toggle-button.mod-active {background:#1A4F9C; color:white;"
    "font-weight:bold; outline:3px solid #0B2C5E; outline-offset:-3px}"
    ".hcgames-readable .widget-toggle-button.mod-active::before {content:'\\2713\\00a0'}</style>"
)


def readable(*parts: widgets.Widget) -> list[widgets.Widget]:
    """``parts`` with the style that sets their controls in 17 px type (the box holding
    them takes the class ``hcgames-readable``)."""
    return [widgets.HTML(READABLE_CSS, layout=widgets.Layout(display="none")), *parts]


def sentence(html: str, size: int = 15) -> str:
    """A paragraph in type a class reads from the back of the room."""
    return f"<p style='font-size:{size}px'>{html}</p>"


def _bold_markdown(text: str) -> str:
    """A teach sentence's Markdown ``**bold**`` and ``*italics*`` as HTML."""
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)


def worded_table(
    game: Game, rows: Sequence[Mapping[str, Any]], caption: str | None = None, note: str = ""
) -> widgets.VBox:
    """A table whose text has ``game``'s card ids turned into names, with an optional
    sentence (HTML) under it."""
    worded = [
        {k: game_words(game, v) if isinstance(v, str) else v for k, v in r.items()} for r in rows
    ]
    parts: list[widgets.Widget] = [table(worded, caption=caption)]
    if note:
        parts.append(widgets.HTML(sentence(note)))
    return widgets.VBox(parts)


def events_table(
    game: Game,
    events: Sequence[Event],
    caption: str,
    above: widgets.Widget | None = None,
    names: Mapping[str, str] | None = None,
) -> widgets.Widget:
    """What happened, an event a row, in card names (under ``above`` when given: the
    position the events answer). ``names`` renames the players as the page's own words
    call them (``{"Player 2 (Emberpeak Dwarves)": "Red (the dwarves)"}``), so the rows
    name the same player as the sentence above them."""

    def said(text: str) -> str:
        text = game_words(game, text)
        for name, called in (names or {}).items():
            text = text.replace(name, called)
        return text

    view = table([{"what happens": said(e.text)} for e in events], caption=caption)
    return view if above is None else widgets.VBox([above, view])


def answer_reveal(title: str, *parts: widgets.Widget) -> FoldOut:
    """``parts`` folded away under ``title`` until a student opens them (with the mouse,
    or Tab then Enter or Space)."""
    return FoldOut(title, widgets.VBox(list(parts)))


# --- Conquest of Speros -----------------------------------------------------------------


class MajorityTry(widgets.VBox):
    """Sliders for a card's camps and the pieces on it, the camps drawn (red squares
    mine, green circles the rival's, as the dwarves' and the elves' pieces on the lesson's
    cards; open grey rings empty, each named under it) and who captures the card, and why."""

    def __init__(self) -> None:
        wide = {"layout": widgets.Layout(width="400px"), "style": {"description_width": "120px"}}
        self.size = widgets.IntSlider(value=4, min=2, max=5, description="camps", **wide)
        self.mine = widgets.IntSlider(value=2, min=0, max=5, description="my pieces", **wide)
        self.theirs = widgets.IntSlider(value=1, min=0, max=5, description="rival pieces", **wide)
        # who placed last, asked as a question with answers in words (a bare "placed
        # last: me | rival" that came and went puzzled a reviewer); always in its place,
        # and greyed out with a line saying why whenever the card is not a full tie
        self.last = widgets.ToggleButtons(
            options=[("I did", "me"), ("My rival did", "rival")],
            value="me",
            description="",
            tooltip="On a full card with a tie, the last to place a piece takes the card",
        )
        self.last_question = widgets.HTML(sentence("<b>Who placed a piece here last?</b>", 16))
        self.last_note = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        self.verdict = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        x_scale, y_scale = (
            bqplot.LinearScale(min=-0.5, max=4.5),
            bqplot.LinearScale(min=-1.55, max=1.1),
        )
        # whose each camp is, by shape as well as colour: a square mine, a circle the
        # rival's, an open ring empty (Red's and Green's pieces on the page's cards)
        scales = {"x": x_scale, "y": y_scale}
        self.camps = bqplot.Scatter(
            x=[0.0], y=[0.0], scales=scales, default_size=800, stroke="black", marker="square"
        )
        self.rival_camps = bqplot.Scatter(
            x=[0.0], y=[0.0], scales=scales, default_size=900, stroke="black", marker="circle"
        )
        self.empty_camps = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            default_size=900,
            stroke="#555555",
            marker="circle",
            fill=False,
            stroke_width=3,
        )
        self.last_word, self.camp_words = self._labels(scales)
        self.card, self.card_name = self._card(scales)
        self.figure = chart_figure(
            marks=[
                self.card,
                self.card_name,
                self.camps,
                self.rival_camps,
                self.empty_camps,
                self.camp_words,
                self.last_word,
            ],
            layout=widgets.Layout(width="440px", height="230px"),
            fig_margin={"top": 10, "bottom": 10, "left": 10, "right": 10},
        )
        # a piece added on a slider is the last one placed, until the student says otherwise
        self.mine.observe(lambda c: self._placed(c, "me"), names="value")
        self.theirs.observe(lambda c: self._placed(c, "rival"), names="value")
        for control in (self.size, self.mine, self.theirs, self.last):
            control.observe(self.redraw, names="value")
        self.redraw()
        # the verdict right under the sliders: with Large text at 1024 the picture goes
        # under them and the sentence was cut off at the bottom of the window
        controls = widgets.VBox(
            [
                self.size,
                self.mine,
                self.theirs,
                self.last_question,
                self.last,
                self.last_note,
                self.verdict,
            ]
        )
        super().__init__(readable(with_slider_names(one_screen(controls, self.figure))))
        self.add_class("hcgames-readable")

    @staticmethod
    def _card(scales: dict[str, Any]) -> tuple[bqplot.Lines, bqplot.Label]:
        """The card itself, drawn round its camps: a parchment face with its name on top
        (look 14: loose shapes with no card round them read as no card at all)."""
        card = bqplot.Lines(
            x=[0.0],
            y=[0.0],
            scales=scales,
            fill="inside",
            colors=["#6B4F2A"],
            fill_colors=["#F6EBD3"],
            stroke_width=3,
            close_path=True,
        )
        name = bqplot.Label(
            x=[0.0],
            y=[0.72],
            text=[""],
            scales=scales,
            default_size=18,
            align="middle",
            colors=["#3B2A12"],
            font_weight="bold",
        )
        return card, name

    @staticmethod
    def _labels(scales: dict[str, Any]) -> tuple[bqplot.Label, bqplot.Label]:
        """The words under the camps: "placed last" and whose each camp is."""
        # "placed last" under the camp filled last, when that decides a tie
        last_word = bqplot.Label(
            x=[0.0],
            y=[-1.05],
            text=[""],
            scales=scales,
            default_size=18,
            align="middle",
            colors=["#0B2C5E"],
            font_weight="bold",
        )
        # whose each camp is, in words under it (never told by colour alone)
        camp_words = bqplot.Label(
            x=[0.0],
            y=[-0.55],
            text=[""],
            scales=scales,
            default_size=18,
            align="middle",
            colors=["#222222"],
        )
        return last_word, camp_words

    def _placed(self, change: Any, who: str) -> None:
        if change["new"] > change["old"]:
            self.last.value = who

    def redraw(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import majority_verdict  # the rules load with the view

        self.mine.max = self.size.value
        self.theirs.max = self.size.value - self.mine.value
        empty = self.size.value - self.mine.value - self.theirs.value
        mine, theirs = self.mine.value, self.theirs.value
        for mark, first, n, colour in (
            (self.camps, 0, mine, "#D55757"),  # the Emberpeak Dwarves' red
            (self.rival_camps, mine, theirs, "#259237"),  # the Lathwood Elves' green
            (self.empty_camps, mine + theirs, empty, "#777777"),
        ):
            with mark.hold_sync():
                mark.x = list(range(first, first + n))
                mark.y = [0.1] * n
                mark.colors = [colour]
        right = self.size.value - 0.5
        with self.card.hold_sync():
            self.card.x = [-0.45, right, right, -0.45]
            self.card.y = [-1.5, -1.5, 1.05, 1.05]
        with self.card_name.hold_sync():
            self.card_name.x = [(right - 0.45) / 2]
            # a card of 2 or 3 camps is narrower than the long title ("-ocation card",
            # look 15): it says its camps alone
            head = "Location card: " if self.size.value > 3 else ""
            self.card_name.text = [f"{head}{self.size.value} camps"]
        with self.camp_words.hold_sync():
            self.camp_words.x = list(range(self.size.value))
            self.camp_words.y = [-0.55] * self.size.value
            self.camp_words.text = (
                ["mine"] * self.mine.value + ["rival's"] * self.theirs.value + ["empty"] * empty
            )
        # who placed last decides only a tie on a full card: the choice counts only then
        tie = empty == 0 and mine == theirs and mine > 0
        self.last.disabled = not tie
        self.last_note.value = sentence(
            "The card is full and tied: your answer decides who takes it."
            if tie
            else "This matters only when every camp is full and the two sides are tied.",
            16,
        )
        last_camp = mine - 1 if self.last.value == "me" else mine + theirs - 1
        with self.last_word.hold_sync():
            self.last_word.x = [float(last_camp)]
            self.last_word.text = ["placed last" if tie else ""]
        text = majority_verdict(
            self.size.value, self.mine.value, self.theirs.value, self.last.value == "me"
        )
        self.verdict.value = sentence(text, 16)


class ScoreSheets(widgets.VBox):
    """A menu of finished games; the chosen game's result, its score sheet, and a
    bar a player of where its points came from (each part with its VP on it)."""

    def __init__(self, game: SperosGame, games: Mapping[str, int]) -> None:
        self.game, self.games = game, dict(games)
        self.players = [f"Player {p + 1}" for p in range(game.num_players)]
        self.chart = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.choice = widgets.Dropdown(options=list(self.games), description="Game")
        self.result, self.sheet = widgets.HTML(), widgets.HTML()
        self.choice.observe(self.show, names="value")
        self.show()
        left = widgets.VBox(
            [self.choice, self.result, self.sheet], layout=widgets.Layout(max_width="520px")
        )
        right = widgets.VBox([self.chart], layout=widgets.Layout(flex="1 1 420px"))
        super().__init__(readable(one_screen(left, chart_beside(right))))
        self.add_class("hcgames-readable")

    def show(self, _change: Any = None) -> None:
        from hcgames.speros import lessons, teach  # the rules load with the view

        state = lessons.finished_game(self.game, self.games[self.choice.value])
        sheet, bonus = teach.score_sheet(state)
        self.sheet.value = table(lessons.score_rows(state, sheet)).value
        # the legend's lines start with a capital, as the table's do
        lines = {k[:1].upper() + k[1:]: v for k, v in sheet.items()}
        self.chart.value = stacked_bars_html(self.players, lines)
        notes = [*lessons.set_value_notes(state), *lessons.lost_general_notes(state)]
        said = " ".join([teach.result_sentence(state, bonus), *notes])
        self.result.value = sentence(_bold_markdown(said))


class SetCounter(widgets.VBox):
    """Six menus, one per captured card (the resources it shows), and the resource
    sets they make read both ways."""

    KINDS = (
        "nothing",
        "crystal",
        "iron",
        "gold",
        "crystal and iron",
        "crystal and gold",
        "iron and gold",
    )
    START = ("crystal and gold", "iron", "nothing", "nothing", "nothing", "nothing")

    def __init__(self, game: SperosGame) -> None:
        self.game = game
        self.pickers = [
            widgets.Dropdown(
                options=list(self.KINDS),
                value=v,
                description=f"Card {i + 1}",
                layout=widgets.Layout(width="260px"),
            )
            for i, v in enumerate(self.START)
        ]
        self.line = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        for picker in self.pickers:
            picker.observe(self.count, names="value")
        self.count()
        # room under each column of menus, or the last menu's lower edge was cut off
        column = {"overflow": "visible", "padding": "2px 0 4px 0"}
        menus = widgets.HBox(
            [
                widgets.VBox(self.pickers[:3], layout=column),
                widgets.VBox(self.pickers[3:], layout=column),
            ]
        )
        super().__init__(readable(one_screen(menus, self.line)))
        self.add_class("hcgames-readable")

    def count(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import sets_sentence  # the rules load with the view

        chosen = [p.value for p in self.pickers if p.value != "nothing"]
        shown = [tuple(kind.split(" and ")) for kind in chosen]
        self.line.value = sentence(sets_sentence(self.game, shown), 16)


def peoples_view(card_set: CardSet) -> widgets.GridBox:
    """The four peoples as their Generals' cards, two a row: the band in the people's
    colour, the General's name, the home terrain and the two abilities."""
    from hcgames.factions import side_style  # the rules load with the view
    from hcgames.speros.lessons import people_face  # (as above)

    faces = []
    for people in card_set.peoples:
        name, subtitle, text, facts = people_face(people)
        style = side_style(people.people)
        colour = style.colour if style is not None else "#555555"
        abilities = {k: v for k, v in facts.items() if k != "General"}
        face = face_html(
            facts["General"],
            (f"{name} · {people.colour}", colour, "#FFFFFF"),
            f"General of the {name} · {subtitle.split(' · ', 1)[1]}",
            {**abilities, "Use": "one of the two, once in the whole game."},
            text,
        )
        faces.append(widgets.HTML(CARD_CSS + face))
    layout = widgets.Layout(grid_template_columns="1fr 1fr", grid_gap="10px 14px")
    return widgets.GridBox(faces, layout=layout)


def terrain_view(card_set: CardSet, rows: Sequence[Mapping[str, Any]]) -> widgets.HBox:
    """The terrains' table (``rows`` of :func:`~hcgames.speros.lessons.terrain_rows`)
    beside a chart of every Location's size against its VP, by terrain."""
    from hcgames.speros.material import COLOURS, TERRAINS  # the rules load with the view

    x_scale, y_scale = bqplot.LinearScale(min=1.5, max=5.5), bqplot.LinearScale(min=-0.5, max=3.5)
    marks = []
    for index, terrain in enumerate(TERRAINS):
        land = [c for c in card_set.locations if c.terrain == terrain]
        marks.append(
            bqplot.Scatter(
                x=[c.encampments + 0.17 * (index - 1.5) for c in land],
                y=[c.vp for c in land],
                scales={"x": x_scale, "y": y_scale},
                colors=[{"black": "#444444"}.get(COLOURS[terrain], COLOURS[terrain])],
                labels=[terrain],
                display_legend=True,
                # about 15 px across: a marker a class tells apart from the back
                default_size=200,
                # a shape per terrain as well as its colour (the legend shows both)
                marker=MARKERS[index % len(MARKERS)],
                stroke="#333333",
            )
        )
    chart = chart_figure(
        marks=marks,
        title="Card size against VP, by terrain",
        legend_location="top-left",
        legend_text={"font-size": "17px"},
        # a few big numbers, larger than the charts' usual 15 px: read from the back
        axes=[
            bqplot.Axis(
                scale=x_scale,
                label="camps (encampments)",
                tick_values=[2, 3, 4, 5],
                tick_style={"font-size": "17px"},
            ),
            bqplot.Axis(
                scale=y_scale,
                side="left",
                label="VP",
                tick_values=[0, 1, 2, 3],
                tick_style={"font-size": "17px"},
            ),
        ],
        layout=widgets.Layout(width="640px", height="420px"),
    )
    return widgets.HBox(
        [table(rows, caption="Twenty cards per terrain"), chart],
        layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
    )


class ArtifactViewer(widgets.VBox):
    """A menu of the Ancient Artifacts and the chosen one as a card."""

    def __init__(self, card_set: CardSet) -> None:
        self.artifacts = {a.name: a for a in card_set.artifacts}
        self.choice = widgets.Dropdown(
            options=list(self.artifacts),
            description="Artifact",
            layout=widgets.Layout(width="360px"),
        )
        self.card = widgets.HTML(layout=widgets.Layout(width="440px", max_width="100%"))
        self.choice.observe(self.show, names="value")
        self.show()
        super().__init__(readable(one_screen(self.choice, self.card)))
        self.add_class("hcgames-readable")

    def show(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import artifact_face  # the rules load with the view

        artifact = self.artifacts[self.choice.value]
        name, subtitle, text, facts = artifact_face(artifact)
        band = ("Ancient Artifact", "#6B5B2E", "#FFFFFF")
        kind = f"{subtitle} · shows {join(r.capitalize() for r in artifact.resources)}"
        self.card.value = CARD_CSS + face_html(name, band, kind, facts, text, artifact.encampments)


def draw_odds_view(app: Any, player: int | None = None) -> widgets.Box:
    """How many home-terrain Locations the student wants, a button, and the chance that
    their next Plan brings them, worked out from ``app.state`` when pressed (``player``:
    the seat, by default the student's own).

    Give the box to ``app.add_tool``: once pressed, the answer is worked out again each
    time the game moves on (a draw, Undo, a new game), so it never shows old numbers."""
    from hcgames.speros.teach import home_draw_sentence  # the rules load with the view

    hits = widgets.Dropdown(
        options=[("at least 1", 1), ("at least 2", 2), ("all 3", 3)],
        description="I want",
        layout=widgets.Layout(width="220px"),
    )
    button = widgets.Button(
        description="Work out my odds",
        button_style="primary",
        layout=widgets.Layout(width="auto", flex="0 0 auto"),  # never cut to "Work out my ..."
    )
    line = widgets.HTML(layout=widgets.Layout(max_width="640px"))
    shown: list[tuple[int, int, int, int]] = []  # the position and wish last worked out

    def seat() -> int:
        seats = getattr(app, "student_seats", None) or [0]
        return int(seats[0]) if player is None else player

    def key() -> tuple[int, int, int, int]:
        return (id(app.state), len(app.state.history), seat(), int(hits.value))

    def work_out(_button: Any = None) -> None:
        line.value = sentence(home_draw_sentence(app.state, seat(), hits.value), 16)
        shown[:] = [key()]

    def refresh() -> None:
        # no next Plan once the game is over: the tool steps aside until a new game
        box.layout.display = "none" if app.state.is_terminal() else None
        if shown and shown[0] != key():
            work_out()

    button.on_click(work_out)
    hits.observe(lambda _change: refresh(), names="value")
    # under Large text the button goes under the menu rather than being cut short
    box = one_screen(
        widgets.HBox([hits, button], layout=widgets.Layout(flex_flow="row wrap")), line
    )
    box.refresh = refresh  # add_tool calls it at each new position
    return box


class PairingsView(widgets.HBox):
    """Each pairing of strategies played ``games`` games (seats swapped): a table of
    shares of wins and average VP beside a bar chart of the shares. The table's rows
    are kept as ``.rows``."""

    def __init__(self, game: SperosGame, pairings: Sequence[tuple[str, str]], games: int) -> None:
        self.rows = _pairing_rows(game, pairings, games)
        table_view, chart = _pairings_parts(self.rows, pairings, games)
        super().__init__(
            [table_view, chart], layout=widgets.Layout(align_items="center", flex_flow="row wrap")
        )


def _pairing_rows(
    game: SperosGame, pairings: Sequence[tuple[str, str]], games: int
) -> list[dict[str, str]]:
    from hcgames.speros.teach import pairing_rows  # the rules load with the view

    return [row for pair in pairings for row in pairing_rows(game, pair, games)]


def _pairings_parts(
    rows: list[dict[str, str]], pairings: Sequence[tuple[str, str]], games: int
) -> tuple[widgets.HTML, bqplot.Figure]:
    from hcgames.speros.lessons import titled_rows  # the rules load with the view

    numbers = {f"{a} against {b}": f"{k}." for k, (a, b) in enumerate(pairings, 1)}
    shown = [
        {**r, "pairing": f"{numbers[r['pairing']]} {t['pairing']}", "strategy": t["strategy"]}
        for r, t in zip(rows, titled_rows(rows), strict=True)
    ]
    labels = [f"{numbers[r['pairing']]} {t['strategy']}" for r, t in zip(rows, shown, strict=True)]
    # one bar a row, its name on the left and its share written past its end: names
    # never squeeze under each other as they did along the bottom
    x_scale, y_scale = bqplot.OrdinalScale(reverse=True), bqplot.LinearScale(min=0, max=1.15)
    bars = bqplot.Bars(
        x=labels,
        y=[int(r["share of wins"].rstrip("%")) / 100 for r in rows],
        scales={"x": x_scale, "y": y_scale},
        orientation="horizontal",
        # one colour per strategy, the same in every pairing, and its name written on
        # the bar as well: colour is never the only cue (look 8)
        colors=[STRATEGY_COLOURS.get(r["strategy"], "#555555") for r in rows],
        label_display=True,
        label_display_format=".0%",
        label_font_style={"font-size": "15px", "font-weight": "bold", "fill": "#111111"},
        label_display_vertical_offset=30,
        padding=0.3,
    )
    chart = chart_figure(
        marks=[bars, _bar_names(rows, shown, labels, x_scale, y_scale)],
        title=f"Share of wins, {games} games per pairing",
        axes=[
            bqplot.Axis(scale=x_scale, side="left"),
            bqplot.Axis(
                scale=y_scale,
                side="bottom",
                label="share of wins",
                tick_format=".0%",
                tick_values=[0, 0.25, 0.5, 0.75, 1],
            ),
        ],
        fig_margin={"top": 50, "bottom": 55, "left": 120, "right": 20},
        layout=widgets.Layout(width="560px", height="340px"),
    )
    return table(shown), chart


#: the strategies' bar colours, each dark enough for white writing on it
STRATEGY_COLOURS: dict[str, str] = {
    "rusher": "#0072B2",
    "random": "#595959",
    "builder": "#9A4A00",
    "hoarder": "#882255",
}


def _bar_names(
    rows: list[dict[str, str]],
    shown: list[dict[str, str]],
    labels: list[str],
    x_scale: bqplot.OrdinalScale,
    y_scale: bqplot.LinearScale,
) -> bqplot.Label:
    """Each bar's strategy written on it in white, or past its share in black when the
    bar is too short to hold the word."""
    shares = [int(r["share of wins"].rstrip("%")) / 100 for r in rows]
    wide = [share >= 0.3 for share in shares]
    return bqplot.Label(
        x=[0.0 if w else share + 0.12 for w, share in zip(wide, shares, strict=True)],
        y=labels,
        text=[t["strategy"] for t in shown],
        colors=["#FFFFFF" if w else "#111111" for w in wide],
        scales={"x": y_scale, "y": x_scale},
        default_size=15,
        font_weight="bold",
        align="start",
        x_offset=6,
    )


class MatchPicker(widgets.VBox):
    """Two players from ``names``, how many games, a button, and the result of the
    games: ``play(a, b, games)`` returns the result as a widget."""

    def __init__(
        self,
        names: Sequence[str] | Sequence[tuple[str, str]],
        play: Callable[[str, str, int], widgets.Widget],
        *,
        labels: tuple[str, str] = ("player A", "player B"),
        chosen: tuple[str, str] | None = None,
        games: tuple[int, int, int, int] = (20, 10, 100, 10),
    ) -> None:
        self.play = play
        # a name alone, or (what the menu shows, the value played)
        options = [n if isinstance(n, tuple) else (n, n) for n in names]
        first, second = chosen or (options[0][1], options[1][1])
        self.first = widgets.Dropdown(
            options=list(options),
            value=first,
            description=labels[0],
            layout=widgets.Layout(width="270px"),
            style={"description_width": "initial"},
        )
        self.second = widgets.Dropdown(
            options=list(options),
            value=second,
            description=labels[1],
            layout=widgets.Layout(width="270px"),
            style={"description_width": "initial"},
        )
        value, low, high, step = games
        self.games = widgets.IntSlider(
            value=value, min=low, max=high, step=step, description="Games"
        )
        self.button = widgets.Button(
            description="Play the games",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.result = widgets.VBox(layout=widgets.Layout(max_width="640px"))
        self.button.on_click(self.run)
        controls = widgets.VBox(
            [widgets.HBox([self.first, self.second]), widgets.HBox([self.games, self.button])]
        )
        super().__init__(readable(with_slider_names(one_screen(controls, self.result))))
        self.add_class("hcgames-readable")

    def run(self, _button: Any = None) -> None:
        self.result.children = [widgets.HTML("<p>Playing...</p>")]
        self.result.children = [self.play(self.first.value, self.second.value, self.games.value)]


def strategy_match(game: SperosGame) -> MatchPicker:
    """Two Speros strategies of the student's choice, played against each other."""
    from hcgames.speros.bots import STRATEGIES  # the rules load with the view
    from hcgames.speros.lessons import strategy_title, titled_rows  # the same
    from hcgames.speros.teach import pairing_rows  # kept beside STRATEGIES

    def play(a: str, b: str, games: int) -> widgets.Widget:
        if a == b:
            return widgets.HTML("<p>Choose two different strategies.</p>")
        caption = (
            f"{count(games, 'game')} of {strategy_title(a)} against {strategy_title(b)}, "
            "seats swapped every game"
        )
        return table(titled_rows(pairing_rows(game, (a, b), games)), caption=caption)

    return MatchPicker(
        [(strategy_title(name), name) for name in STRATEGIES],
        play,
        labels=("Strategy A", "Strategy B"),
        chosen=("builder", "random"),
    )


def sets_answer(game: SperosGame, hand: Sequence[Any], finished: Any) -> FoldOut:
    """Lesson 42's answer, folded away: the sets of the captured cards ``hand`` read both
    ways, and the finished game ``finished`` scored both ways."""
    from hcgames.speros.lessons import game_both_ways, sets_both_ways  # the rules load here

    sets = sets_both_ways(hand)
    rows = [{"reading": label, "sets": n, "VP": game.rules.set_vp * n} for label, n in sets.items()]
    return answer_reveal(
        "The answer: the elves' cards and Game 1, counted both ways",
        table(rows, caption="The elves' five cards"),
        table(
            game_both_ways(finished), caption="Game 1, the same moves scored both ways (total VP)"
        ),
    )


#: lesson 40's table: cards in type a class reads (16 px, whole abilities), the page (not
#: a box inside it) scrolls them, and the column of moves, Step and what happened beside
#: them stays in sight as it does (sticky); Large text keeps the column beside the cards
TABLE_STEPPER_STYLE = """<style>
.jp-OutputArea:has(.hcgames-table-stepper), .jp-OutputArea-child:has(.hcgames-table-stepper),
.jp-OutputArea-output:has(.hcgames-table-stepper), .hcgames-table-stepper,
.hcgames-table-stepper > .widget-box { overflow: visible !important; }
.hcgames-table-stepper > .widget-box:has(> .hcgames-table-side) { flex-wrap: nowrap !important; }
.hcgames-table-stepper .hcgames-table-views { flex: 1 1 0 !important; min-width: 0 !important;
  max-height: none !important; overflow: visible !important; }
.hcgames-table-stepper .hcgames-table-side { flex: 0 0 330px !important; min-width: 0 !important;
  max-height: none !important; overflow: visible !important;
  position: sticky; top: 0; align-self: flex-start; }
.hcgames-table-stepper .hcgames-table-side > * { flex-shrink: 0 !important; }
.hcgames-table-stepper .hcgames-table { font-size: 16px; gap: 6px 8px; }
.hcgames-table-stepper .hcgames-card { font-size: 16px; flex: 1 1 9em; min-width: 9em;
  max-width: 11.5em; }
.hcgames-table-stepper .hcgames-card-kind, .hcgames-table-stepper .hcgames-card-stats,
.hcgames-table-stepper .hcgames-card-ability, .hcgames-table-stepper .hcgames-card-line,
.hcgames-table-stepper .hcgames-card-note, .hcgames-table-stepper .hcgames-token-words {
  font-size: 16px; }
.hcgames-table-stepper .hcgames-card-ability, .hcgames-table-stepper .hcgames-card-line {
  display: block; -webkit-line-clamp: none; line-clamp: none; overflow: visible; }
.hcgames-table-stepper .hcgames-card-band { font-size: 14px; }
.hcgames-table-stepper .hcgames-table-side .widget-html-content,
.hcgames-table-stepper .hcgames-table-side select,
.hcgames-table-stepper .hcgames-table-side .widget-button,
.hcgames-table-stepper .hcgames-table-side .hcgames-passed-list { font-size: 16px !important; }
.hcgames-table-stepper .hcgames-table-side select { max-height: 28vh; }
.hcgames-table-stepper .hcgames-table-side .widget-select { flex-direction: column;
  align-items: stretch; }
.hcgames-table-stepper .hcgames-table-side .widget-select > label { width: auto;
  max-width: none; text-align: left; font-weight: bold; }
.hcgames-table-stepper .hcgames-table-side .widget-select > select { width: 100%; }
.hcgames-table-stepper .hcgames-step-now { font-size: 15px; margin: 2px 0; white-space: nowrap; }
.hcgames-table-stepper .hcgames-step-now span { display: inline-block; padding: 1px 4px;
  margin: 0 2px 2px 0; border-radius: 4px; border: 2px solid transparent; }
.hcgames-table-stepper .hcgames-step-now .hcgames-step-on { border-color: #0B2C5E;
  background: #1A4F9C; color: white; font-weight: bold; }
body.hcgames-large .hcgames-table-stepper .hcgames-table-side { flex-basis: 300px !important; }
</style>"""


#: lesson 40's groups of moves (label, place in the list) by the move's type
TABLE_KINDS: dict[str, tuple[str, float]] = {
    "EndAbilities": ("Go on", 0.0),
    "Discard": ("Discard", 0.5),
    "Stop": ("Go on", 0.0),
    "Explore": ("Explore", 1.0),
    "Attack": ("Attack", 2.0),
    "Lead": ("Lead", 3.0),
    "Plan": ("Plan", 4.0),
    "UseAbility": ("Abilities", 5.0),
    "Accept": ("Abilities", 5.0),
}


def _table_kind(action: Any) -> tuple[str, float]:
    """A move's group in lesson 40's list (:data:`TABLE_KINDS`); the rest under Other."""
    return TABLE_KINDS.get(type(action).__name__, ("Other", 6.0))


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


class TableStepper(GameStepper):
    """Lesson 40's turn at the table: the student picks a move in the list and presses
    Step; on the computer's turn Step plays its move. The cards are part of the page
    (no box with its own scroll bar), and the column beside them stays in sight."""

    def __init__(self, state: Any, **options: Any) -> None:
        super().__init__(state, list_first=True, computer_controls=False, **options)
        views, side = self.stepper_main.children[0], self.stepper_main.children[1]
        views.remove_class("hcgames-scroll-box")
        side.remove_class("hcgames-scroll-box")
        views.add_class("hcgames-table-views")
        side.add_class("hcgames-table-side")
        # the sticky column keeps to the window (1024x700 included): the log gives up lines
        # (it stands above the sentence on the scores, so it may take more of them)
        # the newest two events whole, the older ones folded: a box cut at whole lines
        # still broke a sentence off at its foot (look 12)
        self.event_log.whole = 2
        self.event_log.set_height("clamp(5em, calc(100vh - 500px), 14em)")
        # what Step just did (or why it did nothing) right under Step, not under the status
        rest = [c for c in side.children if c is not self.pass_line]
        at = next(i for i, c in enumerate(rest) if self.step_button in getattr(c, "children", ()))
        side.children = [*rest[: at + 1], self.pass_line, *rest[at + 1 :]]
        # the move Step just played right under "Now:", before the long sentence on the
        # scores: below that sentence it fell under the bottom of a 1366x768 screen
        if self.event_log in side.children and self.timeline in side.children:
            rest = [c for c in side.children if c is not self.event_log]
            at = rest.index(self.timeline) + 1
            side.children = [*rest[:at], self.event_log, *rest[at:]]
        self.add_class("hcgames-table-stepper")
        self.layout.margin = "0 0 32px 0"
        self.children = [*self.children, widgets.HTML(TABLE_STEPPER_STYLE, layout={"height": "0"})]
        # nothing is picked until the student picks it: Step never plays a move the
        # student did not choose (a first move shaded as if chosen misled a reviewer)
        self.picker.preselect = False
        self.wait_for_pick = True
        self.picker.choice.value = None
        # the list in groups with a button each (24 moves in one list hid Lead and Plan
        # far below its 8 rows), and "use no ability now" first in the ability step
        self.picker.grouped = True
        self.picker.kind_of = _table_kind
        words = self.picker.describe  # every entry starts with a capital, as on the play screen
        self.picker.describe = lambda action: _capital(words(action))
        self.picker.untab(frozenset({"Go on"}))  # (fills the list again)

    #: the three steps of a turn, as the page names them, by the game's step
    TURN_STEPS: ClassVar[dict[str, str]] = {
        "discard": "1 Discard",
        "ability": "2 Ability",
        "action": "3 Action",
    }

    def _timeline_html(self) -> str:
        """Where the turn stands, as words and the page's three steps with the current one
        marked (a row of grey pills for every step of the game looked like buttons)."""
        phase = self.state.phase
        if phase not in self.TURN_STEPS:
            title = escape(self.game.phase_title(phase))
            return f"<div class='hcgames-step-now'><b>Now:</b> {title}</div>"
        marks = "".join(
            f"<span class='hcgames-step-on' aria-current='step'>{escape(words)}</span>"
            if step == phase
            else f"<span>{escape(words)}</span>"
            for step, words in self.TURN_STEPS.items()
        )
        return f"<div class='hcgames-step-now'><b>Now:</b> {marks}</div>"
