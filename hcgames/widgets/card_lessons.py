"""The interactive sections of the Conquest of Speros lessons, and the pieces both card
games' lessons share (tables in card names, a folded answer, a match between two
computer players); Historical Conquest's own views are in
:mod:`hcgames.widgets.historical_lessons`.

Each view is one screen (:func:`~hcgames.widgets._base.one_screen`): its controls
first, then the picture or table they change, then the sentence that says what the
choice means, so a projected page shows the click and its effect together at
1366x768 and 1024x700. The numbers come from :mod:`hcgames.speros.lessons` and
:mod:`hcgames.speros.teach`; this module only lays them out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import bqplot
import ipywidgets as widgets

from hcgames.core import Event, Game
from hcgames.widgets._base import chart_figure, one_screen
from hcgames.widgets.cards import game_words
from hcgames.widgets.charts import MARKERS
from hcgames.widgets.lesson import table, with_slider_names
from hcgames.widgets.panels import HistoryCard

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

#: colours of a stacked chart's parts (Okabe and Ito's colour-blind safe set)
PART_COLOURS = [
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#56B4E9",
    "#D55E00",
    "#CC79A7",
    "#F0E442",
    "#999999",
]


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


def answer_reveal(title: str, *parts: widgets.Widget) -> widgets.Accordion:
    """``parts`` folded away under ``title`` until a student opens them."""
    reveal = widgets.Accordion(children=[widgets.VBox(list(parts))], selected_index=None)
    reveal.set_title(0, title)
    return reveal


# --- Conquest of Speros -----------------------------------------------------------------


class MajorityTry(widgets.VBox):
    """Sliders for a card's camps and the pieces on it, the camps drawn as circles
    (orange mine, green the rival's, grey empty, each named under it) and who captures
    the card, and why."""

    def __init__(self) -> None:
        self.size = widgets.IntSlider(value=4, min=2, max=5, description="camps")
        self.mine = widgets.IntSlider(value=2, min=0, max=5, description="my pieces")
        self.theirs = widgets.IntSlider(value=1, min=0, max=5, description="rival pieces")
        self.last = widgets.ToggleButtons(options=["me", "rival"], description="placed last")
        self.verdict = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        x_scale, y_scale = bqplot.LinearScale(min=-0.5, max=4.5), bqplot.LinearScale(min=-1, max=1)
        self.camps = bqplot.Scatter(
            x=[0.0], y=[0.0], scales={"x": x_scale, "y": y_scale}, default_size=900, stroke="black"
        )
        #: whose each camp is, in words under it (never told by colour alone)
        self.camp_words = bqplot.Label(
            x=[0.0],
            y=[-0.75],
            text=[""],
            scales={"x": x_scale, "y": y_scale},
            default_size=16,
            align="middle",
            colors=["#222222"],
        )
        self.figure = chart_figure(
            marks=[self.camps, self.camp_words],
            layout=widgets.Layout(width="420px", height="130px"),
            fig_margin={"top": 10, "bottom": 10, "left": 10, "right": 10},
        )
        for control in (self.size, self.mine, self.theirs, self.last):
            control.observe(self.redraw, names="value")
        self.redraw()
        controls = widgets.VBox([self.size, self.mine, self.theirs, self.last])
        super().__init__(
            [with_slider_names(one_screen(controls, widgets.VBox([self.figure, self.verdict])))]
        )

    def redraw(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import majority_verdict  # the rules load with the view

        self.mine.max = self.size.value
        self.theirs.max = self.size.value - self.mine.value
        empty = self.size.value - self.mine.value - self.theirs.value
        colours = ["#D55E00"] * self.mine.value + ["#009E73"] * self.theirs.value
        with self.camps.hold_sync():
            self.camps.x = list(range(self.size.value))
            self.camps.y = [0.25] * self.size.value
            self.camps.colors = colours + ["#BBBBBB"] * empty
        with self.camp_words.hold_sync():
            self.camp_words.x = list(range(self.size.value))
            self.camp_words.y = [-0.75] * self.size.value
            self.camp_words.text = (
                ["mine"] * self.mine.value + ["rival's"] * self.theirs.value + ["empty"] * empty
            )
        self.last.layout.display = None if empty == 0 else "none"
        text = majority_verdict(
            self.size.value, self.mine.value, self.theirs.value, self.last.value == "me"
        )
        self.verdict.value = sentence(text, 16)


class ScoreSheets(widgets.VBox):
    """A menu of finished games; the chosen game's result, its score sheet, and a
    stacked chart of where each player's points came from."""

    def __init__(self, game: SperosGame, games: Mapping[str, int]) -> None:
        self.game, self.games = game, dict(games)
        self.players = [f"Player {p + 1}" for p in range(game.num_players)]
        x_scale, y_scale = bqplot.OrdinalScale(), bqplot.LinearScale(min=0)
        self.bars = bqplot.Bars(
            x=self.players,
            y=[[0] * len(self.players)],
            scales={"x": x_scale, "y": y_scale},
            type="stacked",
            colors=PART_COLOURS,
        )
        #: each part's number written on its piece of a bar (the key gives the numbers
        #: too), so the parts are told apart without their colours
        self.numbers = bqplot.Label(
            x=[],
            y=[],
            text=[],
            scales={"x": x_scale, "y": y_scale},
            default_size=15,
            font_weight="bold",
            align="middle",
            y_offset=6,
            colors=["#111111"],
        )
        self.chart = chart_figure(
            marks=[self.bars, self.numbers],
            axes=[
                bqplot.Axis(scale=x_scale),
                bqplot.Axis(scale=y_scale, side="left", label="VP"),
            ],
            title="Where the points came from",
            fig_margin={"top": 40, "bottom": 30, "left": 50, "right": 10},
            layout=widgets.Layout(width="300px", height="330px"),
        )
        self.legend = widgets.HTML()
        self.choice = widgets.Dropdown(options=list(self.games), description="Game")
        self.result, self.sheet = widgets.HTML(), widgets.HTML()
        self.choice.observe(self.show, names="value")
        self.show()
        left = widgets.VBox(
            [self.choice, self.result, self.sheet], layout=widgets.Layout(max_width="520px")
        )
        right = widgets.VBox([self.chart, self.legend])
        super().__init__([one_screen(left, right)])

    def show(self, _change: Any = None) -> None:
        from hcgames.speros import lessons, teach  # the rules load with the view

        state = lessons.finished_game(self.game, self.games[self.choice.value])
        sheet, bonus = teach.score_sheet(state)
        self.sheet.value = table(lessons.score_rows(state, sheet)).value
        with self.bars.hold_sync():
            self.bars.labels = list(sheet)
            self.bars.y = [list(vps) for vps in sheet.values()]
        # a part's number on its piece of each bar tall enough to hold it (3 VP or more)
        xs: list[str] = []
        ys: list[float] = []
        texts: list[str] = []
        for p, player in enumerate(self.players):
            below = 0
            for k, vps in enumerate(sheet.values(), 1):
                if vps[p] >= 3:
                    xs.append(player)
                    ys.append(below + vps[p] / 2)
                    texts.append(str(k))
                below += vps[p]
        with self.numbers.hold_sync():
            self.numbers.x, self.numbers.y, self.numbers.text = xs, ys, texts
            self.numbers.colors = ["#111111"]
        parts = list(zip(PART_COLOURS, sheet, strict=False))
        self.legend.value = "".join(
            f"<div style='font-size:15px;margin:3px 0'><span style='display:inline-block;"
            f"width:22px;height:18px;background:{colour};margin-right:6px;text-align:center;"
            f"font-weight:bold;line-height:18px;color:#111111;"
            f"vertical-align:middle'>{k}</span>{line}</div>"
            for k, (colour, line) in reversed(list(enumerate(parts, 1)))
        )
        self.result.value = sentence(_bold_markdown(teach.result_sentence(state, bonus)))


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
                description=f"card {i + 1}",
                layout=widgets.Layout(width="260px"),
            )
            for i, v in enumerate(self.START)
        ]
        self.line = widgets.HTML(layout=widgets.Layout(max_width="420px"))
        for picker in self.pickers:
            picker.observe(self.count, names="value")
        self.count()
        menus = widgets.HBox([widgets.VBox(self.pickers[:3]), widgets.VBox(self.pickers[3:])])
        super().__init__([one_screen(menus, self.line)])

    def count(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import sets_sentence  # the rules load with the view

        chosen = [p.value for p in self.pickers if p.value != "nothing"]
        shown = [tuple(kind.split(" and ")) for kind in chosen]
        self.line.value = sentence(sets_sentence(self.game, shown), 16)


def peoples_view(card_set: CardSet) -> widgets.GridBox:
    """The four peoples as cards, two a row."""
    from hcgames.speros.lessons import people_face  # the rules load with the view

    faces = [HistoryCard(*people_face(people)) for people in card_set.peoples]
    for face in faces:
        face.text_line.layout.display = "none"  # the card itself says it all
    layout = widgets.Layout(grid_template_columns="1fr 1fr", grid_gap="8px")
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
                x=[c.encampments + 0.14 * (index - 1.5) for c in land],
                y=[c.vp for c in land],
                scales={"x": x_scale, "y": y_scale},
                colors=[{"black": "#444444"}.get(COLOURS[terrain], COLOURS[terrain])],
                labels=[terrain],
                display_legend=True,
                default_size=90,
                # a shape per terrain as well as its colour (the legend shows both)
                marker=MARKERS[index % len(MARKERS)],
                stroke="#333333",
            )
        )
    chart = chart_figure(
        marks=marks,
        title="Card size against VP, by terrain",
        legend_location="top-left",
        axes=[
            bqplot.Axis(scale=x_scale, label="camps (encampments)", tick_values=[2, 3, 4, 5]),
            bqplot.Axis(scale=y_scale, side="left", label="VP", tick_values=[0, 1, 2, 3]),
        ],
        layout=widgets.Layout(width="560px", height="360px"),
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
        self.card = HistoryCard("", "", "")
        self.card.text_line.layout.display = "none"
        self.card.layout.max_width = "560px"
        self.choice.observe(self.show, names="value")
        self.show()
        super().__init__([one_screen(self.choice, self.card)])

    def show(self, _change: Any = None) -> None:
        from hcgames.speros.lessons import artifact_face  # the rules load with the view

        name, subtitle, text, facts = artifact_face(self.artifacts[self.choice.value])
        self.card.update(name, subtitle, text, facts=facts)


def draw_odds_view(app: Any, player: int = 0) -> widgets.Box:
    """How many home-terrain Locations the student wants, a button, and the chance that
    their next Plan brings them, worked out from ``app.state`` when pressed."""
    from hcgames.speros.teach import home_draw_sentence  # the rules load with the view

    hits = widgets.Dropdown(
        options=[("at least 1", 1), ("at least 2", 2), ("all 3", 3)],
        description="I want",
        layout=widgets.Layout(width="220px"),
    )
    button = widgets.Button(
        description="Work out my odds", button_style="primary", layout=widgets.Layout(width="auto")
    )
    line = widgets.HTML(layout=widgets.Layout(max_width="640px"))

    def work_out(_button: Any = None) -> None:
        line.value = sentence(home_draw_sentence(app.state, player, hits.value), 16)

    button.on_click(work_out)
    return one_screen(widgets.HBox([hits, button]), line)


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
    numbers = {f"{a} against {b}": f"{k}." for k, (a, b) in enumerate(pairings, 1)}
    labels = [f"{numbers[r['pairing']]} {r['strategy']}" for r in rows]
    x_scale, y_scale = bqplot.OrdinalScale(), bqplot.LinearScale(min=0, max=1)
    bars = bqplot.Bars(
        x=labels,
        y=[int(r["share of wins"].rstrip("%")) / 100 for r in rows],
        scales={"x": x_scale, "y": y_scale},
        colors=["#0072B2", "#E69F00"] * len(pairings),
    )
    chart = chart_figure(
        marks=[bars],
        title=f"Share of wins, {games} games per pairing",
        axes=[
            bqplot.Axis(scale=x_scale),
            bqplot.Axis(scale=y_scale, side="left", label="share of wins", tick_format=".0%"),
        ],
        fig_margin={"top": 50, "bottom": 40, "left": 60, "right": 20},
        layout=widgets.Layout(width="560px", height="320px"),
    )
    shown = [{**r, "pairing": f"{numbers[r['pairing']]} {r['pairing']}"} for r in rows]
    return table(shown), chart


class MatchPicker(widgets.VBox):
    """Two players from ``names``, how many games, a button, and the result of the
    games: ``play(a, b, games)`` returns the result as a widget."""

    def __init__(
        self,
        names: Sequence[str],
        play: Callable[[str, str, int], widgets.Widget],
        *,
        labels: tuple[str, str] = ("player A", "player B"),
        chosen: tuple[str, str] | None = None,
        games: tuple[int, int, int, int] = (20, 10, 100, 10),
    ) -> None:
        self.play = play
        first, second = chosen or (names[0], names[1])
        self.first = widgets.Dropdown(
            options=list(names),
            value=first,
            description=labels[0],
            layout=widgets.Layout(width="220px"),
        )
        self.second = widgets.Dropdown(
            options=list(names),
            value=second,
            description=labels[1],
            layout=widgets.Layout(width="220px"),
        )
        value, low, high, step = games
        self.games = widgets.IntSlider(
            value=value, min=low, max=high, step=step, description="games"
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
        super().__init__([with_slider_names(one_screen(controls, self.result))])

    def run(self, _button: Any = None) -> None:
        self.result.children = [widgets.HTML("<p>Playing...</p>")]
        self.result.children = [self.play(self.first.value, self.second.value, self.games.value)]


def strategy_match(game: SperosGame) -> MatchPicker:
    """Two Speros strategies of the student's choice, played against each other."""
    from hcgames.speros.bots import STRATEGIES  # the rules load with the view
    from hcgames.speros.teach import pairing_rows  # kept beside STRATEGIES

    def play(a: str, b: str, games: int) -> widgets.Widget:
        if a == b:
            return widgets.HTML("<p>Choose two different strategies.</p>")
        return table(pairing_rows(game, (a, b), games))

    return MatchPicker(
        list(STRATEGIES), play, labels=("strategy A", "strategy B"), chosen=("builder", "random")
    )


def sets_answer(game: SperosGame, hand: Sequence[Any], finished: Any) -> widgets.Accordion:
    """Lesson 42's answer, folded away: the sets of the captured cards ``hand`` read both
    ways, and the finished game ``finished`` scored both ways."""
    from hcgames.speros.lessons import game_both_ways, sets_both_ways  # the rules load here

    sets = sets_both_ways(hand)
    rows = [{"reading": label, "sets": n, "VP": game.rules.set_vp * n} for label, n in sets.items()]
    return answer_reveal(
        "The answer, worked out by the program",
        table(rows, caption="The elves' five cards"),
        table(
            game_both_ways(finished), caption="Game 1, the same moves scored both ways (total VP)"
        ),
    )
