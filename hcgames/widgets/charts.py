"""Charts: battle odds beside a seeded simulation, a timeline of years, score lines."""

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
from hcgames.widgets._base import PALETTE, View, guarded

__all__ = ["BattlePanel", "ScoreChart", "Timeline", "year_label"]

EXACT_COLOUR = "#0072B2"
SIMULATED_COLOUR = "#E69F00"


def _as_fraction(value: Any, label: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise TypeError(
            f"the probability of {label!r} must be an exact Fraction (or int), "
            f"not {type(value).__name__} {value!r}"
        )
    return Fraction(value)


class BattlePanel(View):
    """Exact outcome probabilities as bars, next to the frequencies of a seeded
    simulation (``simulate(rng) -> outcome label``, run ``trials`` times)."""

    def __init__(
        self,
        distribution: Mapping[str, Fraction],
        simulate: Callable[[random.Random], str] | None = None,
        trials: int = 1000,
        seed: int = 0,
        title: str = "",
    ) -> None:
        self.title = title
        self.x_scale = bqplot.OrdinalScale()
        self.y_scale = bqplot.LinearScale(min=0.0)
        self.bars = bqplot.Bars(
            x=[],
            y=[],
            scales={"x": self.x_scale, "y": self.y_scale},
            type="grouped",
            colors=[EXACT_COLOUR, SIMULATED_COLOUR],
            labels=["exact", "simulated"],
            display_legend=True,
            label_display=True,
            label_display_format=".3f",
            padding=0.2,
        )
        self.figure = bqplot.Figure(
            marks=[self.bars],
            axes=[
                bqplot.Axis(scale=self.x_scale, label="outcome"),
                bqplot.Axis(
                    scale=self.y_scale,
                    side="left",
                    tick_format=".0%",
                    label="probability",
                    grid_lines="dashed",
                ),
            ],
            title=title,
            legend_location="top-right",
            fig_margin={"top": 50, "bottom": 50, "left": 60, "right": 20},
            layout=widgets.Layout(width="600px", height="340px"),
        )
        self.table = widgets.HTML()
        small = widgets.Layout(width="12em")
        self.trials_box = widgets.BoundedIntText(
            value=trials, min=1, max=1_000_000, description="Trials", layout=small
        )
        self.seed_box = widgets.IntText(value=seed, description="Seed", layout=small)
        self.run_button = widgets.Button(
            description="Run simulation",
            icon="play",
            tooltip="Play the battle out many times with the seed shown, then count",
        )
        self.run_button.on_click(lambda _b: self.run_simulation())
        controls = widgets.HBox([self.trials_box, self.seed_box, self.run_button])
        super().__init__([self.figure, self.table, controls])
        self.exact: dict[str, Fraction] = {}
        self.simulated: dict[str, float] | None = None
        self.last_seed: int | None = None
        self.update(distribution, simulate)

    def update(
        self,
        distribution: Mapping[str, Fraction],
        simulate: Callable[[random.Random], str] | None = None,
    ) -> None:
        """Show a new distribution (and simulator); runs the simulation once if given."""
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
        if simulate is not None:
            self.run_simulation()
        else:
            self._draw()

    @guarded
    def run_simulation(self) -> dict[str, float] | None:
        """Run the simulation with the seed in the box, then move the box to the next
        seed so the following click shows a fresh sample."""
        if self.simulate is None:
            self.say("This panel has no simulation to run.")
            return None
        seed = int(self.seed_box.value)
        trials = int(self.trials_box.value)
        rng = random.Random(seed)
        counts: Counter[str] = Counter()
        for _ in range(trials):
            label = str(self.simulate(rng))
            if label not in self.exact:
                raise ValueError(
                    f"the simulation returned {label!r}, which is not one of the outcomes "
                    f"{sorted(self.exact)}"
                )
            counts[label] += 1
        self.simulated = {label: counts[label] / trials for label in self.exact}
        self.last_seed = seed
        self.last_trials = trials
        self.seed_box.value = seed + 1
        self._draw()
        return self.simulated

    def _draw(self) -> None:
        labels = list(self.exact)
        exact = [float(self.exact[k]) for k in labels]
        rows = [exact]
        if self.simulated is not None:
            rows.append([self.simulated[k] for k in labels])
            self.bars.labels = ["exact", f"simulated ({self.last_trials} trials)"]
        else:
            self.bars.labels = ["exact"]
        top = max(max(row) for row in rows)
        self.y_scale.max = max(0.1, math.ceil(top * 13) / 10)
        with self.bars.hold_sync():
            self.bars.x = labels
            self.bars.y = rows
        cells = []
        for k in labels:
            sim = (
                f"<td>{self.simulated[k]:.1%}</td>" if self.simulated is not None else "<td>-</td>"
            )
            cells.append(
                f"<tr><td>{escape(k)}</td><td>{self.exact[k]}</td>"
                f"<td>{float(self.exact[k]):.1%}</td>{sim}</tr>"
            )
        self.table.value = (
            "<table><tr><th>outcome</th><th>exact</th><th>as %</th><th>simulated</th></tr>"
            + "".join(cells)
            + "</table>"
        )
        self._show_text()

    @property
    def text(self) -> str:
        exact = ", ".join(f"{k} {p} ({float(p):.1%})" for k, p in self.exact.items())
        head = f"{self.title}: " if self.title else ""
        out = f"{head}exact chances {exact}."
        if self.simulated is not None:
            sim = ", ".join(f"{k} {v:.1%}" for k, v in self.simulated.items())
            out += f" Simulated {self.last_trials} times with seed {self.last_seed}: {sim}."
        return out


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
    """Horizontal bars per item (``label``, ``start``, ``end``, ``group``), years BC
    negative, coloured by group, with BC/AD tick labels."""

    def __init__(self, items: Sequence[Mapping[str, Any]], width: int = 720) -> None:
        self.width = width
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
            default_size=12,
            align="start",
            colors=["#222222"],
        )
        self.x_axis = bqplot.Axis(scale=self.x_scale, label="year", grid_lines="dashed")
        self.figure = bqplot.Figure(
            marks=[self.segments, self.names],
            axes=[self.x_axis],
            fig_margin={"top": 20, "bottom": 50, "left": 20, "right": 20},
            layout=widgets.Layout(width=f"{width}px"),
        )
        self.legend = widgets.HTML()
        super().__init__([self.figure, self.legend])
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
                {"label": label, "start": start, "end": end, "group": str(item.get("group", ""))}
            )
        if problems:
            raise ValueError("timeline items: " + "; ".join(problems))
        if not clean:
            raise ValueError("a timeline needs at least one item")
        self.items = clean
        groups = list(dict.fromkeys(it["group"] for it in clean))
        colour = {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(groups)}
        lo = min(it["start"] for it in clean)
        hi = max(it["end"] for it in clean)
        span = max(hi - lo, 1.0)
        n = len(clean)
        rows = [float(n - i) for i in range(n)]
        with self.segments.hold_sync():
            self.segments.x = [
                [it["start"], max(it["end"], it["start"] + span * 0.004)] for it in clean
            ]
            self.segments.y = [[r, r] for r in rows]
            self.segments.colors = [colour[it["group"]] for it in clean]
        with self.names.hold_sync():
            self.names.x = [it["start"] for it in clean]
            self.names.y = [r + 0.3 for r in rows]
            self.names.text = [f"{it['label']} ({self._span(it)})" for it in clean]
        step = _nice_step(span)
        first = math.floor(lo / step) * step
        ticks = list(range(int(first), int(hi) + step, step))
        self.x_scale.min, self.x_scale.max = float(first), float(ticks[-1])
        self.y_scale.min, self.y_scale.max = 0.3, float(n) + 0.9
        self.x_axis.tick_values = ticks
        self.x_axis.tick_labels = {str(t): year_label(t) for t in ticks}
        self.figure.layout.height = f"{max(160, 34 * n + 80)}px"
        self.legend.value = " ".join(
            f"<span style='background:{colour[g]};padding:1px 8px;border-radius:3px;"
            f"margin-right:6px'>{escape(g or 'other')}</span>"
            for g in groups
        )
        self._show_text()

    @staticmethod
    def _span(item: Mapping[str, Any]) -> str:
        if item["start"] == item["end"]:
            return year_label(item["start"])
        return f"{year_label(item['start'])} to {year_label(item['end'])}"

    @property
    def text(self) -> str:
        lo = min(it["start"] for it in self.items)
        hi = max(it["end"] for it in self.items)
        parts = "; ".join(f"{it['label']} ({self._span(it)})" for it in self.items)
        return f"{len(self.items)} item(s) from {year_label(lo)} to {year_label(hi)}: {parts}."


class ScoreChart(View):
    """Lines of named series (scores, forts, morale...) over turns.

    ``update`` takes either new series, or a :class:`~hcgames.core.State`, whose
    ``scores()`` are then appended as the next point of each player's line.
    """

    def __init__(
        self, series: Mapping[str, Sequence[float]] | None = None, title: str = ""
    ) -> None:
        self.title = title
        self.x_scale = bqplot.LinearScale()
        self.y_scale = bqplot.LinearScale()
        self.x_axis = bqplot.Axis(scale=self.x_scale, label="step", tick_format="d")
        self.lines = bqplot.Lines(
            x=[0.0],
            y=[0.0],
            scales={"x": self.x_scale, "y": self.y_scale},
            display_legend=True,
            marker="circle",
            marker_size=24,
            stroke_width=2.5,
        )
        self.figure = bqplot.Figure(
            marks=[self.lines],
            axes=[
                self.x_axis,
                bqplot.Axis(scale=self.y_scale, side="left", label="value", grid_lines="dashed"),
            ],
            title=title,
            legend_location="top-left",
            fig_margin={"top": 50, "bottom": 50, "left": 60, "right": 20},
            layout=widgets.Layout(width="600px", height="320px"),
        )
        super().__init__([self.figure])
        self.series: dict[str, list[float]] = {}
        self.update(series or {})

    def update(self, series: Mapping[str, Sequence[float]] | State) -> None:
        if isinstance(series, State):
            state = series
            for player, value in sorted(state.scores().items()):
                self.series.setdefault(state.player_name(player), []).append(float(value))
        else:
            self.series = {str(k): [float(v) for v in vs] for k, vs in series.items()}
        names = list(self.series)
        longest = max((len(v) for v in self.series.values()), default=0)
        if names and longest:
            ys = [v + [math.nan] * (longest - len(v)) for v in self.series.values()]
            with self.lines.hold_sync():
                self.lines.x = list(range(longest))
                self.lines.y = ys
                self.lines.labels = names
                self.lines.colors = [PALETTE[i % len(PALETTE)] for i in range(len(names))]
            step = max(1, math.ceil(longest / 10))
            self.x_axis.tick_values = list(range(0, longest, step))
        self._show_text()

    @property
    def text(self) -> str:
        head = f"{self.title}: " if self.title else ""
        if not self.series or not any(self.series.values()):
            return head + "no values yet."
        latest = ", ".join(f"{k} {v[-1]:g}" for k, v in self.series.items() if v)
        steps = max(len(v) for v in self.series.values())
        return f"{head}{len(self.series)} series over {steps} step(s); latest: {latest}."
