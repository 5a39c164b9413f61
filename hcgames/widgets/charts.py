"""Charts: battle odds beside a seeded simulation, a timeline of years, score lines.

The module is past 600 lines because its charts share one way of telling series apart
without colour alone (markers, names at line ends, the key) and one figure helper;
each chart is a short class over them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.core import State
from hcgames.factions import contrast_ratio, side_style
from hcgames.widgets._base import CHART_CSS, CHART_TICK_PX, PALETTE, View, chart_figure, guarded
from hcgames.words import plural

__all__ = ["BattlePanel", "ScoreChart", "Timeline", "key_html", "text_width", "year_label"]

#: exact and simulated chances: dark and light grey, no side's colour (a side keeps its colour)
EXACT_COLOUR = "#333333"
SIMULATED_COLOUR = "#BBBBBB"
#: a timeline group missing from the fixed colours it was given
OTHER_GROUP = "#8C8C8C"
#: a side drawn white (CONQUEST's White) would vanish on the white chart: grey instead
ON_WHITE = "#8C8C8C"


def text_width(text: str, size: float = 12) -> float:
    """About how many pixels ``text`` takes in the page's sans-serif font at ``size``."""
    narrow = sum(1 for c in text if c in "iljtfr.,:;'!| ()-")
    wide = sum(1 for c in text if c.isupper() or c in "mwMW")
    return size * (0.56 * len(text) - 0.26 * narrow + 0.14 * wide) + 2


#: a marker shape per series or group, so lines and bars are told apart without colour
MARKERS = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "plus")
#: colours for a chart's groups when none are fixed: eight that stay apart for the
#: colour-blind (Okabe and Ito), dark enough for names beside them
GROUP_COLOURS = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#000000",
    "#8C6D1F",
)


def marker_svg(shape: str, colour: str, x: float, y: float, r: float = 5.0) -> str:
    """The SVG of one of :data:`MARKERS` centred on (x, y), filled with ``colour``."""
    edge = f"fill='{colour}' stroke='#FFFFFF' stroke-width='1'"
    if shape == "square":
        return f"<rect x='{x - r}' y='{y - r}' width='{2 * r}' height='{2 * r}' {edge}/>"
    if shape in ("triangle-up", "triangle-down"):
        d = -1 if shape == "triangle-up" else 1
        pts = f"{x - r - 1},{y - d * r} {x + r + 1},{y - d * r} {x},{y + d * (r + 1)}"
        return f"<polygon points='{pts}' {edge}/>"
    if shape == "diamond":
        pts = f"{x},{y - r - 1} {x + r + 1},{y} {x},{y + r + 1} {x - r - 1},{y}"
        return f"<polygon points='{pts}' {edge}/>"
    if shape in ("cross", "plus"):
        # both upright, as bqplot draws them: its "cross" is a thick plus sign (a key
        # drawing it as an X did not match lesson 12's timeline), its "plus" a thin one
        w = r * 0.45 if shape == "cross" else 1.0
        return (
            f"<g><rect x='{x - r - 1}' y='{y - w}' width='{2 * r + 2}' height='{2 * w}' "
            f"fill='{colour}'/><rect x='{x - w}' y='{y - r - 1}' width='{2 * w}' "
            f"height='{2 * r + 2}' fill='{colour}'/></g>"
        )
    return f"<circle cx='{x}' cy='{y}' r='{r}' {edge}/>"


def key_html(
    entries: Sequence[tuple[str, str]],
    line: bool = False,
    markers: Sequence[str] | None = None,
) -> str:
    """A key under a chart: a swatch (a square, or a line with its marker) and words
    each. ``markers`` gives each entry its shape (a square swatch then carries it too),
    so the key tells series apart in black and white as well."""
    parts = []
    for i, (colour, words) in enumerate(entries):
        shape = markers[i] if markers else "circle"
        if line:
            mark = (
                "<svg width='34' height='16' aria-hidden='true' style='vertical-align:middle'>"
                f"<line x1='1' y1='8' x2='33' y2='8' stroke='{colour}' stroke-width='3'/>"
                f"{marker_svg(shape, colour, 17, 8, 6)}</svg>"
            )
        elif markers:
            mark = (
                "<svg width='34' height='18' aria-hidden='true' style='vertical-align:middle'>"
                f"<rect x='1' y='3' width='32' height='12' fill='{colour}' stroke='#333333'/>"
                f"<rect x='9' y='1' width='16' height='16' fill='#FFFFFF' stroke='#333333'/>"
                f"{marker_svg(shape, colour, 17, 9, 6)}</svg>"
            )
        else:
            mark = (
                "<svg width='16' height='16' aria-hidden='true' style='vertical-align:middle'>"
                f"<rect x='1' y='1' width='14' height='14' fill='{colour}' stroke='#333333'/></svg>"
            )
        parts.append(
            "<span style='display:inline-flex;align-items:center;gap:6px;"
            f"margin:2px 18px 2px 0'>{mark}<span>{escape(words)}</span></span>"
        )
    return (
        f"{CHART_CSS}<div class='hcgames-legend' role='note' style='font-size:16px'>"
        f"{''.join(parts)}</div>"
    )


def series_colour(name: str, index: int) -> str:
    """The colour of a named series: the side's colour when the name is a side
    ("Rome", "White"), else a seat colour by position; never white on white."""
    style = side_style(name, seat=index)
    colour = style.colour if style is not None else PALETTE[index % len(PALETTE)]
    return ON_WHITE if contrast_ratio(colour, "#FFFFFF") < 1.6 else colour


def _number(value: float) -> str:
    """A chart's value in words: whole when it is, else to one decimal ("89.2")."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _is_whole(values: Sequence[float]) -> bool:
    return all(math.isnan(v) or float(v).is_integer() for v in values)


def _as_fraction(value: Any, label: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise TypeError(
            f"the probability of {label!r} must be an exact Fraction (or int), "
            f"not {type(value).__name__} {value!r}"
        )
    return Fraction(value)


class BattlePanel(View):
    """Exact outcome probabilities as bars, next to the frequencies of a seeded
    simulation (``simulate(rng) -> outcome label``, run ``trials`` times).

    ``run_now=False`` leaves the simulation to the class: nothing is simulated until
    someone presses "Run simulation". ``x_label`` names the outcomes' axis and
    ``y_label`` the chances' axis, in the lesson's words. Outcomes are listed down
    the left, one per row, so long names are never rotated or cut.
    """

    #: the most battles a run plays: a few seconds on a classroom laptop, and the share of
    #: each outcome is then within about half a percent of its chance
    MAX_TRIALS = 100_000

    def __init__(
        self,
        distribution: Mapping[str, Fraction],
        simulate: Callable[[random.Random], str] | None = None,
        trials: int = 1000,
        seed: int = 0,
        title: str = "",
        *,
        run_now: bool = True,
        x_label: str = "outcome",
        y_label: str = "chance",
    ) -> None:
        self.title = title
        self.run_now = run_now
        self._build_figure(title, x_label, y_label)
        self.key = widgets.HTML()
        self.table = widgets.HTML()
        controls = self._build_controls(trials, seed)
        super().__init__([self.figure, self.key, self.table, controls])
        self.exact: dict[str, Fraction] = {}
        self.simulated: dict[str, float] | None = None
        self.last_seed: int | None = None
        self.update(distribution, simulate)

    def _build_figure(self, title: str, x_label: str, y_label: str) -> None:
        """The bars of the exact chances (and, once run, of the simulation), one
        outcome per row, with their two axes."""
        # outcomes top to bottom in the table's order
        self.x_scale = bqplot.OrdinalScale(reverse=True)
        self.y_scale = bqplot.LinearScale(min=0.0)
        self.bars = bqplot.Bars(
            x=[],
            y=[],
            scales={"x": self.x_scale, "y": self.y_scale},
            type="grouped",
            orientation="horizontal",
            colors=[EXACT_COLOUR],
            labels=["exact"],
            display_legend=False,
            label_display=True,
            label_display_format=".1%",
            label_font_style={"font-size": "17px", "font-weight": "bold", "fill": "#111111"},
            # each figure clear of the end of its bar (the offset is to the figure's
            # middle), dark on the white page
            label_display_vertical_offset=50,
            padding=0.25,
        )
        self.outcome_axis = bqplot.Axis(scale=self.x_scale, side="left", label=x_label)
        self.chance_axis = bqplot.Axis(
            scale=self.y_scale,
            side="bottom",
            tick_format=".0%",
            label=y_label,
            grid_lines="dashed",
            # larger numbers, read from the back of the room, every 10% (_draw)
            tick_style={"font-size": "17px"},
        )
        self.figure = chart_figure(
            marks=[self.bars],
            axes=[self.outcome_axis, self.chance_axis],
            title=title,
            fig_margin={"top": 40 if title else 10, "bottom": 50, "left": 120, "right": 60},
            layout=widgets.Layout(width="640px", height="300px"),
        )

    def _build_controls(self, trials: int, seed: int) -> widgets.HBox:
        """The run's choices (how many battles, the run number), its button and its
        progress bar, in one wrapping row."""
        small = widgets.Layout(width="12em")
        self.trials_box = widgets.BoundedIntText(
            value=max(10, min(trials, self.MAX_TRIALS)),
            min=10,  # one battle made a chart of 0% and 100% bars, not a share (look 15)
            max=self.MAX_TRIALS,
            description="Battles",
            tooltip=f"How many battles to play: 10 to {self.MAX_TRIALS:,}",
            layout=small,
        )
        # the random generator's seed, shown to the class as a run number: the same
        # number always rolls the same dice
        self.seed_box = widgets.IntText(value=seed, description="Run number", layout=small)
        self.seed_box.style.description_width = "initial"
        self.run_button = widgets.Button(
            description="Run simulation",
            icon="play",
            tooltip="Play the battle out many times, then count (the same run number "
            "always rolls the same dice)",
        )
        self.run_button.on_click(lambda _b: self.run_simulation())
        #: how far a run has got (shown only while it runs: a long run is never silent)
        self.progress = widgets.IntProgress(
            value=0,
            min=0,
            max=trials,
            description="Played",
            layout=widgets.Layout(width="16em", display="none"),
        )
        return widgets.HBox(
            [self.trials_box, self.seed_box, self.run_button, self.progress],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )

    def update(
        self,
        distribution: Mapping[str, Fraction],
        simulate: Callable[[random.Random], str] | None = None,
    ) -> None:
        """Show a new distribution (and simulator); runs the simulation once if one is
        given, unless the panel was built with ``run_now=False``."""
        exact = {str(k): _as_fraction(v, str(k)) for k, v in distribution.items()}
        if not exact:
            raise ValueError("a battle panel needs at least one outcome")
        total = sum(exact.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"outcome probabilities must sum to exactly 1, not {total}")
        if any(p < 0 for p in exact.values()):
            raise ValueError("outcome probabilities cannot be negative")
        self.exact = exact
        self.simulate = simulate
        self.simulated = None
        self.run_button.disabled = simulate is None
        self.trials_box.disabled = self.seed_box.disabled = simulate is None
        if simulate is not None and self.run_now:
            self.run_simulation()
        else:
            self._draw()

    @guarded
    def run_simulation(self) -> dict[str, float] | None:
        """Run the simulation with the seed in the box; when the box still shows the run
        on screen, the next one (a fresh sample), so the box always names the run shown."""
        if self.simulate is None:
            self.say("This panel has no simulation to run.")
            return None
        seed = int(self.seed_box.value)
        if seed == self.last_seed:
            seed += 1
            self.seed_box.value = seed
        trials = int(self.trials_box.value)
        rng = random.Random(seed)
        counts: Counter[str] = Counter()
        # the bar under the button moves on twenty times in a run
        chunk = max(1, trials // 20)
        self.progress.max, self.progress.value = trials, 0
        self.progress.layout.display = "" if trials >= 2000 else "none"
        # a long run is never silent: the button says it is working until the bars come
        self.run_button.disabled = True
        self.run_button.description, self.run_button.icon = "Working…", "hourglass-half"
        try:
            for done in range(trials):
                label = str(self.simulate(rng))
                if label not in self.exact:
                    raise ValueError(
                        f"the simulation returned {label!r}, which is not one of the outcomes "
                        f"{sorted(self.exact)}"
                    )
                counts[label] += 1
                if done % chunk == 0:
                    self.progress.value = done
        finally:
            self.run_button.disabled = False
            self.run_button.description, self.run_button.icon = "Run simulation", "play"
            self.progress.layout.display = "none"
        self.simulated = {label: counts[label] / trials for label in self.exact}
        self.last_seed = seed
        self.last_trials = trials
        self._draw()
        return self.simulated

    def _draw(self) -> None:
        labels = list(self.exact)
        exact = [float(self.exact[k]) for k in labels]
        rows = [exact]
        names = ["exact chance"]
        if self.simulated is not None:
            rows.append([self.simulated[k] for k in labels])
            names.append(f"share of {plural(self.last_trials, 'simulated battle')}")
        colours = [EXACT_COLOUR, SIMULATED_COLOUR][: len(rows)]
        top = max(max(row) for row in rows)
        self.y_scale.max = max(0.1, math.ceil(top * 11) / 10)
        tens = round(self.y_scale.max * 10)
        self.chance_axis.tick_values = [i / 10 for i in range(tens + 1)]
        # room on the left for the longest outcome, and the figure tall enough for its rows
        # (the ticks are drawn at CHART_TICK_PX: "Rome holds, Carthage loses 2 units" was cut)
        longest = max(text_width(k, CHART_TICK_PX) for k in labels)
        margin = dict(self.figure.fig_margin)
        margin["left"] = round(min(340, max(80, longest + 30)))
        self.figure.fig_margin = margin
        # the outcomes' axis name sits left of the longest outcome, never over it
        self.outcome_axis.label_offset = f"{margin['left'] - 14}px"
        self.figure.layout.width = f"{min(900, 520 + margin['left'])}px"
        per_row = 22 * len(rows) + 14
        self.figure.layout.height = f"{max(200, per_row * len(labels) + margin['top'] + 60)}px"
        with self.bars.hold_sync():
            self.bars.x = labels
            self.bars.y = rows
            # one colour per series (bqplot's "auto" would colour one series bar by bar)
            self.bars.color_mode = "element"
            self.bars.colors = colours
            self.bars.labels = names
        self.key.value = key_html(list(zip(colours, names, strict=True)))
        cells = []
        for k in labels:
            sim = (
                f"<td>{self.simulated[k]:.1%}</td>" if self.simulated is not None else "<td>-</td>"
            )
            cells.append(
                f"<tr><td>{escape(k)}</td><td>{in_100(self.exact[k])}</td>"
                f"<td>{float(self.exact[k]):.1%}</td>{sim}</tr>"
            )
        self.table.value = (
            "<table style='border-spacing:12px 4px'><tr><th>outcome</th><th>exact chance</th>"
            "<th>as %</th><th>simulated</th>"
            "</tr>" + "".join(cells) + "</table>"
        )
        self._show_text()

    @property
    def text(self) -> str:
        exact = ", ".join(f"{k} {p} ({float(p):.1%})" for k, p in self.exact.items())
        head = f"{self.title}: " if self.title else ""
        out = f"{head}exact chances {exact}."
        if self.simulated is not None:
            sim = ", ".join(f"{k} {v:.1%}" for k, v in self.simulated.items())
            out += f" Simulated {self.last_trials} times (run number {self.last_seed}): {sim}."
        return out


def in_100(chance: Any) -> str:
    """A chance as a class reads it: a fraction with a small bottom ("7/36") as it is, a
    larger one ("15309/65536", which no 12-year-old can picture) as "about 23 in 100"."""
    about = f"about {round(100 * float(chance))} in 100"
    denominator = getattr(chance, "denominator", None)
    if denominator is not None and denominator <= 100:
        return f"{chance} ({about})" if denominator != 1 else str(chance)
    return about


def year_label(year: float) -> str:
    """'218 BC' for -218, 'AD 14' for 14 (negative years are BC)."""
    value = round(year)
    if value < 0:
        return f"{-value} BC"
    if value == 0:
        return "BC/AD"
    return f"AD {value}"


def _nice_step(span: float, target: int = 7) -> int:
    raw = max(span / target, 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= raw:
            return max(1, int(m * power))
    return int(10 * power)


class Timeline(View):
    """Horizontal bars per item (``label``, ``start``, ``end``, ``group``, and ``circa``
    for a year known only roughly, written "about"), years BC
    negative, coloured by group, with BC/AD tick labels. Each name is written from
    its bar's start, or ending at its bar's end when it would run off the right edge,
    so no name is cut. ``x_label`` names the years' axis. ``colours`` fixes a colour
    per group, so a group keeps its colour whatever items are shown (the key then
    lists the groups drawn in that order); without it, groups take the seat colours
    in order of appearance."""

    #: px kept left and right of the years' axis: half its longest year ("4000 BC") and a
    #: little, so the first and last years are never cut at the figure's edges (they were
    #: at 20 px)
    MARGIN = 44
    #: how far above its bar a name's foot stands, in rows: clear of the end markers
    NAME_RISE = 0.55
    #: the size of the names written over the bars, in px (16 or more: read projected)
    NAME_PX = 16
    #: px a bar takes, name included
    ROW_PX = 46

    def __init__(
        self,
        items: Sequence[Mapping[str, Any]],
        width: int = 720,
        *,
        x_label: str = "year",
        colours: Mapping[str, str] | None = None,
        row_px: int | None = None,
    ) -> None:
        self.width = width
        # a long timeline (lesson 23: twelve peoples) closer: bars and years on one screen
        self.ROW_PX = self.ROW_PX if row_px is None else row_px
        self.colours = dict(colours or {})
        self.x_scale = bqplot.LinearScale()
        self.y_scale = bqplot.LinearScale()
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.segments = bqplot.Lines(
            x=[[0.0, 1.0]], y=[[0.0, 0.0]], scales=scales, stroke_width=12.0
        )
        self.names = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            default_size=self.NAME_PX,
            align="start",
            x_offset=12,  # clear of the marker at the bar's start
            colors=["#222222"],
        )
        #: names that end at their bar's end (they would run off the right edge)
        self.end_names = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            default_size=self.NAME_PX,
            align="end",
            x_offset=-12,  # clear of the marker at the bar's end
            colors=["#222222"],
        )
        #: a marker per group at both ends of its bars (the key shows the same shape), so
        #: groups are told apart without their colours
        self.group_marks = [
            bqplot.Scatter(
                x=[],
                y=[],
                scales=scales,
                marker=shape,
                # about 16 px across: a square, a cross and a triangle told apart from
                # the back of the room (110, about 10 px, were not)
                default_size=250,
                stroke="#FFFFFF",
                stroke_width=1.5,
            )
            for shape in MARKERS
        ]
        # its years read projected from the back of the room (they were 13 px grey)
        self.x_axis = bqplot.Axis(
            scale=self.x_scale,
            label=x_label,
            grid_lines="dashed",
            tick_style={"font-size": "16px", "fill": "#222222"},
        )
        margin = self.MARGIN
        # the timeline takes the whole width of its column ("width" is the least it is
        # laid out for: a name that fits there fits a wider one too)
        self.figure = chart_figure(
            marks=[self.segments, *self.group_marks, self.names, self.end_names],
            axes=[self.x_axis],
            fig_margin={"top": 20, "bottom": 50, "left": margin, "right": margin},
            layout=widgets.Layout(width="100%"),
        )
        self.legend = widgets.HTML()
        super().__init__([self.figure, self.legend])
        self.layout.width = "100%"
        # the names stand on the bars: the sentence listing them all ("12 items from ...")
        # is kept in .text for the notebook's checks, not printed over the chart
        self.text_line.layout.display = "none"
        self.items: list[dict[str, Any]] = []
        self.update(items)

    def update(self, items: Sequence[Mapping[str, Any]]) -> None:
        problems: list[str] = []
        clean: list[dict[str, Any]] = []
        for i, item in enumerate(items):
            try:
                start, end = float(item["start"]), float(item["end"])
                label = str(item["label"])
            except (KeyError, TypeError, ValueError) as exc:
                problems.append(f"item {i}: needs label, start and end ({exc})")
                continue
            if end < start:
                problems.append(f"item {i} ({label}): ends ({end}) before it starts ({start})")
            clean.append(
                {
                    "label": label,
                    "start": start,
                    "end": end,
                    "group": str(item.get("group", "")),
                    "circa": bool(item.get("circa", False)),
                }
            )
        if problems:
            raise ValueError("timeline items: " + "; ".join(problems))
        if not clean:
            raise ValueError("a timeline needs at least one item")
        self.items = clean
        groups = list(dict.fromkeys(it["group"] for it in clean))
        if self.colours:
            order = {g: i for i, g in enumerate(self.colours)}
            groups.sort(key=lambda g: order.get(g, len(order)))
            colour = {g: self.colours.get(g, OTHER_GROUP) for g in groups}
        else:
            colour = {g: GROUP_COLOURS[i % len(GROUP_COLOURS)] for i, g in enumerate(groups)}
        self.group_colours = colour
        # with fixed colours a group keeps its shape too, whatever else is drawn (lesson
        # 12's wars each show some kinds of event: a battle is a square in every one)
        place = {g: i for i, g in enumerate(self.colours or groups)}
        shape_of = {g: place.get(g, len(place)) % len(MARKERS) for g in groups}
        self.group_markers = {g: MARKERS[shape_of[g]] for g in groups}
        lo = min(it["start"] for it in clean)
        hi = max(it["end"] for it in clean)
        span = max(hi - lo, 1.0)
        n = len(clean)
        rows = [float(n - i) for i in range(n)]
        with self.segments.hold_sync():
            # a one-year item is its marker alone: a sliver of bar beside it read as a
            # stray tick (lesson 33's CONQUEST triangle)
            self.segments.x = [
                [
                    it["start"],
                    it["end"]
                    if it["end"] == it["start"]
                    else max(it["end"], it["start"] + span * 0.004),
                ]
                for it in clean
            ]
            self.segments.y = [[r, r] for r in rows]
            self.segments.colors = [colour[it["group"]] for it in clean]
        self._draw_ends(clean, rows, shape_of, colour)
        ticks = self._place_names(clean, rows, lo, hi, span)
        x0, x1 = float(ticks[0]), float(ticks[-1])
        self.x_scale.min, self.x_scale.max = x0, x1
        self.y_scale.min, self.y_scale.max = 0.3, float(n) + 0.9
        self.x_axis.tick_values = ticks
        self.x_axis.tick_labels = {str(t): year_label(t) for t in ticks}
        self.figure.layout.height = f"{max(160, self.ROW_PX * n + 80)}px"
        self.legend.value = key_html(
            [(colour[g], g or "other") for g in groups],
            markers=[self.group_markers[g] for g in groups],
        )
        self._show_text()

    def _draw_ends(
        self,
        clean: list[dict[str, Any]],
        rows: list[float],
        shape_of: Mapping[str, int],
        colour: Mapping[str, str],
    ) -> None:
        """A marker at each end of each item's bar, in its group's shape and colour."""
        for k, mark in enumerate(self.group_marks):
            ends_x: list[float] = []
            ends_y: list[float] = []
            ends_c: list[str] = []
            for it, row in zip(clean, rows, strict=True):
                if shape_of[it["group"]] != k:
                    continue
                for x in dict.fromkeys((it["start"], it["end"])):
                    ends_x.append(x)
                    ends_y.append(row)
                    ends_c.append(colour[it["group"]])
            with mark.hold_sync():
                mark.x, mark.y = ends_x, ends_y
                mark.colors = ends_c or ["#000000"]

    def _place_names(
        self, clean: list[dict[str, Any]], rows: list[float], lo: float, hi: float, span: float
    ) -> list[int]:
        """Each item's name and years beside its bar, on the side with room for it;
        returns the years the axis marks (the first and last are its ends)."""
        step = _nice_step(span)
        first = math.floor(lo / step) * step
        ticks = list(range(int(first), int(hi) + step, step))
        x0, x1 = float(first), float(ticks[-1])
        per_year = (self.width - 2 * self.MARGIN) / max(x1 - x0, 1.0)
        starts: list[tuple[float, float, str]] = []
        ends: list[tuple[float, float, str]] = []
        for it, row in zip(clean, rows, strict=True):
            text = f"{it['label']} ({self._span(it)})"
            room_right = (x1 - it["start"]) * per_year
            room_left = (it["end"] - x0) * per_year
            if text_width(text, self.NAME_PX) <= room_right or room_right >= room_left:
                starts.append((it["start"], row + self.NAME_RISE, text))
            else:
                ends.append((it["end"], row + self.NAME_RISE, text))
        for mark, placed in ((self.names, starts), (self.end_names, ends)):
            with mark.hold_sync():
                mark.x = [p[0] for p in placed] or [x0]
                mark.y = [p[1] for p in placed] or [0.0]
                mark.text = [p[2] for p in placed] or [""]
        return ticks

    @staticmethod
    def _span(item: Mapping[str, Any]) -> str:
        about = "about " if item.get("circa") else ""
        if item["start"] == item["end"]:
            return about + year_label(item["start"])
        return f"{about}{year_label(item['start'])} to {year_label(item['end'])}"

    @property
    def text(self) -> str:
        lo = min(it["start"] for it in self.items)
        hi = max(it["end"] for it in self.items)
        parts = "; ".join(f"{it['label']} ({self._span(it)})" for it in self.items)
        n = len(self.items)
        what = "1 item" if n == 1 else f"{n} items"
        return f"{what} from {year_label(lo)} to {year_label(hi)}: {parts}."


class ScoreChart(View):
    """Lines of named series (scores, forts, morale...) over rounds.

    ``update`` takes either new series, or a :class:`~hcgames.core.State`, whose
    ``scores()`` are then appended as the next point of each player's line. Each
    series has its side's colour (``data/factions.json``) and the key under the
    chart names them. ``x_label`` (default "round") and ``y_label`` (default: the
    game's ``score_name`` when it has one, else the title, else "score") name the
    axes in the lesson's words; whole numbers are shown whole.
    """

    def __init__(
        self,
        series: Mapping[str, Sequence[float]] | None = None,
        title: str = "",
        *,
        x_label: str = "round",
        y_label: str | None = None,
    ) -> None:
        self.title = title
        self.y_label = y_label
        self.x_scale = bqplot.LinearScale()
        self.y_scale = bqplot.LinearScale()
        self.x_axis = bqplot.Axis(scale=self.x_scale, label=x_label, tick_format="d")
        self.y_axis = bqplot.Axis(
            scale=self.y_scale,
            side="left",
            label=y_label or title or "score",
            grid_lines="dashed",
            tick_format="d",
        )
        self.lines = bqplot.Lines(
            x=[0.0],
            y=[0.0],
            scales={"x": self.x_scale, "y": self.y_scale},
            display_legend=False,
            stroke_width=3,
        )
        scales = {"x": self.x_scale, "y": self.y_scale}
        #: each series' points drawn with its own marker (the key shows the same shape),
        #: so lines of close colours are still told apart
        self.point_marks = [
            bqplot.Scatter(
                x=[],
                y=[],
                scales=scales,
                marker=shape,
                default_size=70,
                stroke="#FFFFFF",
                stroke_width=1,
            )
            for shape in MARKERS
        ]
        #: each series' name written at the end of its line, in its colour
        self.end_labels = bqplot.Label(
            x=[],
            y=[],
            text=[],
            scales=scales,
            default_size=15,
            font_weight="bold",
            align="start",
            x_offset=8,
            y_offset=5,
            colors=["#222222"],
            apply_clip=False,  # past the last point, in the margin kept for it
        )
        self.figure = chart_figure(
            marks=[self.lines, *self.point_marks, self.end_labels],
            axes=[self.x_axis, self.y_axis],
            title=title,
            fig_margin={"top": 40 if title else 10, "bottom": 55, "left": 70, "right": 20},
            layout=widgets.Layout(width="600px", height="320px"),
        )
        self.key = widgets.HTML()
        super().__init__([self.figure, self.key])
        self.series: dict[str, list[float]] = {}
        self.update(series or {})

    def update(self, series: Mapping[str, Sequence[float]] | State) -> None:
        if isinstance(series, State):
            state = series
            if self.y_label is None and state.game.score_name:
                self.y_axis.label = state.game.score_name
            for player, value in sorted(state.scores().items()):
                self.series.setdefault(state.player_name(player), []).append(float(value))
        else:
            self.series = {str(k): [float(v) for v in vs] for k, vs in series.items()}
        names = list(self.series)
        longest = max((len(v) for v in self.series.values()), default=0)
        if names and longest:
            ys = [v + [math.nan] * (longest - len(v)) for v in self.series.values()]
            colours = [series_colour(name, i) for i, name in enumerate(names)]
            with self.lines.hold_sync():
                self.lines.x = list(range(longest))
                self.lines.y = ys
                self.lines.labels = names
                self.lines.colors = colours
            markers = [MARKERS[i % len(MARKERS)] for i in range(len(names))]
            self._draw_points(names, colours, longest)
            step = max(1, math.ceil(longest / 10))
            self.x_axis.tick_values = list(range(0, longest, step))
            values = [v for vs in self.series.values() for v in vs if not math.isnan(v)]
            lo, hi = min(values), max(values)
            # whole ticks only ("519", never "519.00" or a repeated "1"), also for averages
            # that span ten or more (a tenth of a point is noise there)
            whole = _is_whole(values) or hi - lo >= 10
            if whole:
                y_step = _nice_step(max(hi - lo, 1.0), 6)
                y_lo = math.floor(lo / y_step) * y_step
                self.y_axis.tick_values = list(range(int(y_lo), int(hi) + y_step + 1, y_step))
                self.y_scale.min, self.y_scale.max = float(y_lo), float(self.y_axis.tick_values[-1])
            else:
                self.y_axis.tick_values = None
                self.y_scale.min = self.y_scale.max = None
            self.y_axis.tick_format = "d" if whole else ".1f"
            # room on the left for the longest tick number, the axis name beyond it
            ticks = list(self.y_axis.tick_values) if whole else [lo, hi]
            tick_w = max(text_width(f"{t:.0f}" if whole else f"{t:.1f}", 15) for t in ticks)
            margin = dict(self.figure.fig_margin)
            margin["left"] = round(tick_w + 42)
            self.figure.fig_margin = margin
            self.y_axis.label_offset = f"{round(tick_w + 16)}px"
            self.key.value = key_html(
                list(zip(colours, names, strict=True)), line=True, markers=markers
            )
        self._show_text()

    def _draw_points(self, names: Sequence[str], colours: Sequence[str], longest: int) -> None:
        # the markers of each series, and its name just past its last point; names that
        # would sit on top of each other are spread apart
        for k, mark in enumerate(self.point_marks):
            xs: list[float] = []
            ys: list[float] = []
            cs: list[str] = []
            for i, name in enumerate(names):
                if i % len(MARKERS) != k:
                    continue
                # at most a dozen markers a line: more would hide it
                every = max(1, math.ceil(len(self.series[name]) / 12))
                last = len(self.series[name]) - 1
                for x, y in enumerate(self.series[name]):
                    if not math.isnan(y) and (x % every == 0 or x == last):
                        xs.append(float(x))
                        ys.append(y)
                        cs.append(colours[i])
            with mark.hold_sync():
                mark.x, mark.y = xs, ys
                mark.colors = cs or ["#000000"]
        ends = []
        for i, name in enumerate(names):
            points = [(x, y) for x, y in enumerate(self.series[name]) if not math.isnan(y)]
            if points:
                ends.append((points[-1][0], points[-1][1], name, colours[i]))
        values = [y for _, y, _, _ in ends]
        span = (max(values) - min(values)) if values else 0.0
        for vs in self.series.values():
            finite = [v for v in vs if not math.isnan(v)]
            if finite:
                span = max(span, max(finite) - min(finite))
        # a name is about 1/12 of the chart's height: keep ends that far apart
        gap = max(span, 1.0) / 12
        ends.sort(key=lambda e: e[1])
        placed: list[float] = []
        for _, y, _, _ in ends:
            placed.append(y if not placed else max(y, placed[-1] + gap))
        with self.end_labels.hold_sync():
            self.end_labels.x = [float(e[0]) for e in ends]
            self.end_labels.y = placed
            self.end_labels.text = [e[2] for e in ends]
            self.end_labels.colors = [e[3] for e in ends] or ["#222222"]
        # room on the right for the longest name
        longest_name = max((text_width(e[2], 15) for e in ends), default=0.0)
        margin = dict(self.figure.fig_margin)
        margin["right"] = round(min(220, max(20, longest_name + 16)))
        self.figure.fig_margin = margin
        self.x_scale.min, self.x_scale.max = 0.0, float(max(longest - 1, 1))

    @property
    def text(self) -> str:
        head = f"{self.title}: " if self.title else ""
        if not self.series or not any(self.series.values()):
            return head + "no values yet."
        latest = ", ".join(f"{k} {_number(v[-1])}" for k, v in self.series.items() if v)
        steps = max(len(v) for v in self.series.values())
        lines = plural(len(self.series), "line")
        return f"{head}{lines} of {plural(steps, 'point')}; the last: {latest}."
