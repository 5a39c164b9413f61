"""Lesson 24: a tournament of planners."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from hcgames.classical import experiments
from hcgames.widgets._base import one_screen
from hcgames.widgets.charts import (
    ScoreChart,
)
from hcgames.widgets.classical.text import html_line
from hcgames.widgets.lesson import table, with_slider_names

if TYPE_CHECKING:
    pass


class PlannerTournament(widgets.VBox):
    """How ready each planner is to attack, how many games of how many rounds; Run plays
    the tournament and shows the wins and the average score after each round."""

    def __init__(self) -> None:
        wide = {"style": {"description_width": "9em"}, "layout": widgets.Layout(width="360px")}
        self.sliders = [
            widgets.FloatSlider(value=v, min=0, max=1, step=0.1, description=name, **wide)
            for name, v in zip(experiments.TOURNAMENT_SEATS, (1.0, 0.5, 0.0), strict=False)
        ]
        self.games = widgets.IntSlider(
            value=24, min=4, max=100, step=4, description="games", **wide
        )
        self.rounds = widgets.IntSlider(
            value=30, min=5, max=40, step=5, description="rounds", **wide
        )
        self.button = widgets.Button(
            description="Run the tournament",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.progress = widgets.IntProgress(
            value=0, min=0, max=24, description="games played", style={"description_width": "9em"}
        )
        self.wins = html_line("<i>No tournament played yet.</i>")
        self.chart = ScoreChart(
            title="Average victory points after each round", y_label="average points"
        )
        self.chart.x_axis.label = "round"
        # the table beside it gives the last points (to one decimal, as here): the chart's
        # own line ("4 lines of 6 points; the last: ...") said them again, rounded otherwise
        self.chart.text_line.layout.display = "none"
        self.chart.figure.layout.width = "540px"
        self.chart.figure.layout.height = "300px"
        self.button.on_click(lambda _b: self.run())
        controls = widgets.VBox(
            [*self.sliders, self.games, self.rounds, self.button, self.progress],
            layout=widgets.Layout(width="380px"),
        )
        # the result beside the controls: the wins first, then the curves
        results = widgets.VBox([self.wins, self.chart], layout=widgets.Layout(width="560px"))
        super().__init__([with_slider_names(one_screen(controls, results))])

    def run(self) -> dict[str, float]:
        """Play the tournament set on the sliders; returns the wins of each seat."""
        self.button.disabled = True
        self.progress.max, self.progress.value = self.games.value, 0
        aggressions = [s.value for s in self.sliders]
        wins, curves = experiments.planner_tournament(
            self.games.value,
            self.rounds.value,
            aggressions,
            progress=lambda n: setattr(self.progress, "value", n),
        )
        seats = experiments.TOURNAMENT_SEATS
        self.wins.value = table(
            [
                {
                    "player": seat,
                    "ready to attack": f"{aggressions[i]:.1f}" if i < 3 else "-",
                    "wins": f"{wins[seat]:.1f}".rstrip("0").rstrip("."),
                    "average points at the end": f"{curves[i][-1]:.1f}",
                }
                for i, seat in enumerate(seats)
            ],
            caption=f"{self.games.value} games of {self.rounds.value} rounds",
        ).value
        self.chart.update({seat: curves[i] for i, seat in enumerate(seats)})
        self.button.disabled = False
        return wins
