"""Experiments a class runs with a button: many games of a Conqueror: Duels scenario
played by the computer, counted in sentences and bar charts.

Each panel is one screen (:func:`~hcgames.widgets._base.one_screen`): its choices, its
button, the sentence that sums up the games and the charts sit together. The games are
played by :func:`hcgames.conqueror.teach.scenario_results`, game ``n`` from its own
number, so the same choices always give the same games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.conqueror.teach import (
    careful_against_careless,
    experiment_summary,
    scenario_results,
    winner_shares,
)
from hcgames.core import Game
from hcgames.play import scores_each_round
from hcgames.widgets._base import chart_figure, one_screen
from hcgames.widgets.charts import ScoreChart
from hcgames.widgets.lesson import table
from hcgames.widgets.stepper import GameStepper

__all__ = ["ScenarioExperiment", "bar_chart", "careful_panel", "compare_panel"]

BAR = "#0072B2"  # one colour: the bars count games, not sides


def bar_chart(
    counts: Mapping[str, int],
    title: str,
    horizontal: bool = False,
    width: str = "440px",
    height: str = "300px",
    left: int = 60,
) -> bqplot.Figure:
    """Counts of games as bars, each labelled with its number."""
    labels = list(counts)
    # a bar lying down leaves room past the longest one for its count (drawn inside the
    # chart, or lost past its edge)
    top = max(counts.values(), default=1) * (1.15 if horizontal else 1.0)
    x_scale, y_scale = bqplot.OrdinalScale(), bqplot.LinearScale(min=0.0, max=float(top))
    bars = bqplot.Bars(
        x=labels,
        y=[counts[k] for k in labels],
        scales={"x": x_scale, "y": y_scale},
        orientation="horizontal" if horizontal else "vertical",
        colors=[BAR],
        label_display=True,
        label_display_format="d",
        # the counts read from the back of the room (bqplot's own are about 8 px), dark on
        # the page, clear of the end of the bar
        label_font_style={"font-size": "16px", "font-weight": "bold", "fill": "#111111"},
        # (on a bar lying down the offset runs along it, as on the odds chart)
        label_display_vertical_offset=20 if horizontal else 0,
    )
    axes = [
        bqplot.Axis(scale=x_scale, orientation="vertical" if horizontal else "horizontal"),
        bqplot.Axis(
            scale=y_scale, orientation="horizontal" if horizontal else "vertical", label="games"
        ),
    ]
    return chart_figure(
        marks=[bars],
        axes=axes,
        title=title,
        fig_margin={"top": 50, "bottom": 50, "left": left, "right": 30},
        layout=widgets.Layout(width=width, height=height),
    )


def _waiting() -> str:
    return "<i>No games played yet.</i>"


def _said(text: str) -> str:
    return f"<div style='font-size:16px'>{text}</div>"


class ScenarioExperiment(widgets.VBox):
    """Choose a scenario and a number of games, press **Play the games**: random players
    play them, a sentence names the side that won most and the average length, and
    three bar charts count who won, the rounds played and how the games ended."""

    def __init__(self, titles: Mapping[str, str], value: str = "standard", games: int = 100):
        self.titles = dict(titles)
        self.scenario = widgets.Dropdown(
            options=[(title, sid) for sid, title in self.titles.items()],
            value=value,
            description="Scenario",
            layout=widgets.Layout(width="420px"),
        )
        self.games = widgets.Dropdown(
            options=[20, 50, 100, 200, 500],
            value=games,
            description="Games",
            layout=widgets.Layout(width="180px"),
        )
        self.button = widgets.Button(
            description="Play the games", button_style="primary", icon="play"
        )
        self.words = widgets.HTML(_waiting())
        self.charts = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.button.on_click(self.run)
        row = widgets.HBox(
            [self.scenario, self.games, self.button], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__([row, self.words, self.charts])
        one_screen(unit=self)

    def run(self, _button: Any = None) -> None:
        """Play the games chosen and show what they give."""
        self.button.disabled, self.words.value = True, "<i>Playing...</i>"
        games, sid = self.games.value, self.scenario.value
        results = scenario_results(sid, games, seed=0)
        counts = experiment_summary(results)
        leader, count = counts["wins"].most_common(1)[0]
        average = sum(r for _, _, r in results) / games
        self.words.value = _said(
            f"In {games} games of <b>{self.titles[sid]}</b>, <b>{leader}</b> came out on top "
            f"{count} times ({count / games:.0%}). A game lasted {average:.1f} rounds on average."
        )
        endings = counts["endings"]
        self.charts.children = [
            bar_chart(counts["wins"], "Who won", width="300px", height="250px"),
            bar_chart(counts["rounds"], "Rounds played", width="300px", height="250px"),
            bar_chart(
                endings,
                "How the games ended",
                horizontal=True,
                width="760px",
                height=f"{100 + 32 * len(endings)}px",
                left=400,
            ),
        ]
        self.button.disabled = False


def compare_panel(titles: Mapping[str, str], each: int = 40) -> widgets.VBox:
    """A button that plays ``each`` random games of every scenario, and the table of
    who won them, in whole percent."""
    button = widgets.Button(description="Play the games", button_style="primary", icon="play")
    output = widgets.VBox([widgets.HTML(_waiting())])

    def compare(_button: Any = None) -> None:
        button.disabled = True
        rows = [
            {
                "Scenario": title,
                "Winners (% of games)": ", ".join(
                    f"{name} {pct}%" for name, pct in winner_shares(sid, each)
                ),
            }
            for sid, title in titles.items()
        ]
        output.children = [table(rows, caption=f"Who won {each} random games of each scenario")]
        button.disabled = False

    button.on_click(compare)
    box = widgets.VBox([button, output])
    one_screen(unit=box)
    return box


def careful_panel(games: int = 5) -> widgets.VBox:
    """A button that lets the careful player (one move ahead) play the random one
    ``games`` times on each side of the standard game, and the score in a sentence."""
    button = widgets.Button(description="Play the games", button_style="primary", icon="play")
    words = widgets.HTML(_waiting())

    def play(_button: Any = None) -> None:
        button.disabled = True
        won = careful_against_careless(games)
        words.value = _said(
            f"The player that looks one move ahead won <b>{won} of {2 * games}</b> games "
            f"against the one that plays at random."
        )
        button.disabled = False

    button.on_click(play)
    box = widgets.VBox([button, words])
    one_screen(unit=box)
    return box


class WatchedGame(widgets.VBox):
    """A game the computer plays on both sides, stepped by the class
    (:class:`~hcgames.widgets.stepper.GameStepper`), with a chart beside the map, under
    the buttons, of each side's score at the start of every round (forts, in Conqueror:
    Duels), growing as the game goes on."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[str],
        seed: int,
        title: str = "Forts held",
        what: str = "forts",
    ) -> None:
        self.game, self.seed = game, seed
        # a watched game rolls its own dice: no list of outcomes to set (lesson 13)
        self.stepper = GameStepper(
            game.new_game(seed=seed), bots=list(bots), seed=seed, set_dice=False
        )
        self.chart = ScoreChart({name: [] for name in game.player_names}, title=title)
        self.chart.x_axis.label = "rounds played"
        self.chart.figure.axes[1].label = what
        # beside the map, under the stepper's buttons and log: a Step and the chart it
        # grows stay on one screen
        self.chart.text_line.layout.display = "none"  # the chart and its title say it
        self.chart.figure.layout = widgets.Layout(width="100%", max_width="460px", height="170px")
        # shorter lists (the newest log lines stay in view) leave the chart room
        self.stepper.picker.max_rows = self.stepper.picker.choice.rows = 5
        self.stepper.event_log.rows = 3
        self.stepper.event_log.set_height("12em")
        side = self.stepper.stepper_main.children[1]
        self.chart.layout.flex = "0 0 auto"
        # the chart Step grows comes before the map's key, when the key is beside the map
        parts = list(side.children)
        key = self.stepper.map_view.legend if self.stepper.map_view is not None else None
        at = parts.index(key) if key in parts else len(parts)
        side.children = [*parts[:at], self.chart, *parts[at:]]
        self.stepper.round_counter.observe(self.show, names="value")
        super().__init__([self.stepper])
        self.show()

    def scores(self) -> dict[str, list[float]]:
        """Each side's score at the start of every round so far."""
        return scores_each_round(self.game, self.stepper.state, seed=self.seed)

    def show(self, _change: Any = None) -> None:
        """Redraw the chart for the position the stepper shows."""
        self.chart.update(self.scores())
