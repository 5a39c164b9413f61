"""Lesson 20: the map rolled, first cities and one turn played phase by phase."""

from __future__ import annotations

import copy
import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import bqplot
import ipywidgets as widgets

from hcgames.classical import experiments, teach
from hcgames.classical.moves import city_sites
from hcgames.classical.views import research_chart
from hcgames.data import read_json
from hcgames.factions import side_style
from hcgames.widgets._base import chart_figure, one_screen
from hcgames.widgets.classical.text import BIG, CATEGORIES, bullet_list, html_line
from hcgames.widgets.lesson import table
from hcgames.widgets.maps import MapView
from hcgames.widgets.stepper import GameStepper

if TYPE_CHECKING:
    from hcgames.classical.bots import PlannerBot
    from hcgames.classical.game import ClassicalGame
    from hcgames.classical.state import ClassicalState
    from hcgames.core import Game


class MapRoller(widgets.VBox):
    """The two resource tables beside a button that rolls a whole map and counts what
    came up: the first press rolls the lesson's map (dice number 3), later presses new
    maps."""

    def __init__(self, game: ClassicalGame) -> None:
        material = game.material
        self.game = game
        self.rolls: list[int] = []
        self.button = widgets.Button(
            description="Roll the dice for all 58 territories",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.result = html_line("<i>No territory has a resource yet.</i>")
        self.button.on_click(lambda _b: self.roll())
        land = table(
            teach.resource_roll_rows(material.land_table, material.land_die),
            caption="Land: an eight-sided die",
        )
        sea = table(
            teach.resource_roll_rows(material.sea_table, material.sea_die),
            caption="Sea: a six-sided die",
        )
        super().__init__([one_screen(widgets.VBox([self.button, self.result]), land, sea)])

    def roll(self) -> ClassicalState:
        """Roll a map (the lesson's first, then a new one each time) and show the counts."""
        dice = 3 if not self.rolls else 100 + len(self.rolls)
        self.rolls.append(dice)
        rolled = experiments.roll_the_map(self.game, dice)
        self.result.value = table(
            experiments.resource_counts(rolled),
            caption=f"Map number {len(self.rolls)}: what came up",
        ).value
        self.button.description = "Roll a new map"
        return rolled


#: the territories between Latium and the place tried (a pale sand, not a side colour)
STEPS = "#e8c872"
ROMAN_CITY = "the Romans' first city"


class FirstCityChooser(widgets.VBox):
    """With the Romans in Latium, choose a land territory for the Egyptians' first city:
    the answer says whether it is allowed and counts the steps from Latium.

    By default the map is as wide as the page, under the choice (the whole world of
    forty places: at 540 px its names stood on each other); ``map_width`` fixes its
    size and puts the choice beside it."""

    def __init__(
        self, game: ClassicalGame, first_choice: str = "sicilia", map_width: int | None = None
    ) -> None:
        material = game.material
        self.state = experiments.romans_in_latium(game)
        land = sorted(
            (t for t in material.territories if t.land and t.id != "latium"), key=lambda t: t.name
        )
        allowed = len(city_sites(self.state))
        self.choice = widgets.Dropdown(
            options=[(t.name, t.index) for t in land],
            value=material.index[first_choice],
            description="Egyptians:",
        )
        self.button = widgets.Button(description="Try this city", button_style="primary")
        self.result = html_line("", "400px")
        self.button.on_click(lambda _b: self.try_city())
        intro = html_line(
            f"<p style='{BIG}'>With the Romans in Latium, <b>{allowed}</b> of the other "
            f"{len(land)} land territories are still far enough away.</p>"
        )
        # the map shows Latium, the place tried and the chain of steps between them
        self.map = MapView(self.state, width=map_width, focus=["Latium"])
        self.map.paint([(ROMAN_CITY, side_style("Romans") or "#999999", ["Latium"])])
        if map_width is not None:
            self.map.layout.width = f"{map_width}px"
            controls = widgets.VBox(
                [self.choice, self.button, self.result], layout=widgets.Layout(width="400px")
            )
            super().__init__([intro, one_screen(controls, self.map)])
            return
        # the choice, the button and the answer on one line over the map
        self.result.layout.width = "auto"
        self.result.layout.flex = "1 1 300px"
        controls = widgets.HBox(
            [self.choice, self.button, self.result],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 16px"),
        )
        super().__init__([intro, one_screen(unit=widgets.VBox([controls, self.map]))])

    def try_city(self) -> bool:
        """Judge the territory chosen; True if the first city may stand there."""
        ok, why = experiments.city_site_verdict(self.state, self.choice.value)
        verdict = "Allowed." if ok else "Not allowed."
        self.result.value = f"<p style='{BIG}'><b>{verdict}</b> {html.escape(why)}</p>"
        target = self.state.game.material.territories[self.choice.value].name
        between = teach.path_between("latium", self.choice.value)[1:-1]
        self.map.paint(
            [
                (ROMAN_CITY, side_style("Romans") or "#999999", ["Latium"]),
                ("the steps between", STEPS, between),
                (
                    f"{target}: {'allowed' if ok else 'too close'}",
                    side_style("Egyptians") or "#999999",
                    [target],
                ),
            ]
        )
        return ok


def _phase_texts() -> dict[str, str]:
    return cast("dict[str, str]", read_json("classical", "lesson_phases.json")["phases"])


class PhasePlayer(widgets.VBox):
    """ "Play the produce phase" and so on, one phase a press: the button, what comes next
    and what the phase did head the column beside the stepper's map (the map, choices and
    log of the same game); the resources in hand as bars and the first player's research
    chart above them."""

    def __init__(
        self, state: ClassicalState, bots: Sequence[PlannerBot], seed: int = 3, **map_options: Any
    ) -> None:
        self.phase_text = _phase_texts()
        self.stepper = GameStepper(state.copy(), bots=list(bots), seed=seed, **map_options)
        x_scale = bqplot.OrdinalScale(domain=list(CATEGORIES))
        y_scale = bqplot.LinearScale(min=0, max=10)
        self.bars = bqplot.Bars(
            x=list(CATEGORIES),
            y=[0] * len(CATEGORIES),
            scales={"x": x_scale, "y": y_scale},
            colors=["#c0873f"],
            label_display=True,
            label_display_format=".0f",
        )
        self.pool_chart = chart_figure(
            marks=[self.bars],
            title="Resources in hand",
            axes=[bqplot.Axis(scale=x_scale), bqplot.Axis(scale=y_scale, side="left")],
            fig_margin={"top": 40, "bottom": 30, "left": 40, "right": 10},
            layout=widgets.Layout(width="380px", height="230px"),
        )
        self.research = html_line("")
        self.button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.next_box = html_line("", "480px")
        self.happened = html_line("", "480px")
        self.button.on_click(lambda _b: self.play_phase())
        for button in (
            self.stepper.step_button,
            self.stepper.back_button,
            self.stepper.phase_button,
            self.stepper.auto_button,
        ):
            button.on_click(lambda _b: self.show())
        self.show()
        # the phase button, what comes next and what the phase did head the stepper's
        # column beside the map, so a press and the map it changes are on one screen; the
        # resources and the research chart come first, above the map
        controls = widgets.VBox(
            [self.button, self.next_box, self.happened],
            layout=widgets.Layout(width="100%", flex="0 0 auto", margin="0 0 8px 0"),
        )
        side = self.stepper.stepper_main.children[1]
        side.children = [controls, *side.children]
        super().__init__(
            [
                widgets.HBox(
                    [self.pool_chart, self.research],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.stepper,
            ]
        )

    def show(self) -> None:
        """Show the position the stepper is at: bars, research chart, next phase."""
        now = cast("ClassicalState", self.stepper.state)
        who = now.player_name(now.current_player)
        self.bars.y = [now.pool[c] for c in CATEGORIES]
        self.pool_chart.title = f"Resources the {who} hold now"
        self.research.value = research_grid(now, 0)
        if now.is_terminal():
            self.button.disabled = True
            return
        self.button.description = f"Play the {now.phase} phase"
        self.next_box.value = (
            f"<div style='{BIG}'><b>Next: the {now.phase} phase of the {who}.</b> "
            f"{self.phase_text.get(now.phase, '')}</div>"
        )

    def play_phase(self) -> list[str]:
        """Play the phase to its end; returns (and shows) what happened in it."""
        now = cast("ClassicalState", self.stepper.state)
        phase, who, first = (
            now.phase,
            now.player_name(now.player),  # whose turn (the dice may be about to roll)
            experiments.phase_start(now),
        )
        self.stepper.play_to_phase_end()
        lines = experiments.phase_events(cast("ClassicalState", self.stepper.state), phase, first)
        items = bullet_list(lines) if lines else bullet_list(["Nothing to do this time."])
        self.happened.value = (
            f"<div style='{BIG}'><b>What happened in the {phase} phase of the {who}:</b>"
            f"{items}</div>"
        )
        self.show()
        return lines


def research_grid(state: ClassicalState, player: int, columns: int = 4) -> str:
    """A player's research chart as a compact grid (HTML): each trait with its level and
    its research points, ``columns`` traits a row, narrow enough for a 1024 screen."""
    chart = research_chart(state, player)
    cell = f"padding:3px 14px 3px 0;{BIG};border-bottom:1px solid #ccc"
    rows = []
    for start in range(0, len(chart), columns):
        cells = "".join(
            f"<td style='{cell}'><b>{html.escape(row['trait'])}</b> level {row['level']}, "
            f"{row['points']} {'point' if row['points'] == 1 else 'points'}</td>"
            for row in chart[start : start + columns]
        )
        rows.append(f"<tr>{cells}</tr>")
    who = html.escape(state.player_name(player))
    return (
        "<table style='border-collapse:collapse'><caption style='caption-side:top;"
        f"text-align:left;font-weight:bold;{BIG};padding-bottom:4px'>The {who}' research chart"
        f"</caption>{''.join(rows)}</table>"
    )


def turn_report(state: ClassicalState, bots: Sequence[PlannerBot], phases: int = 10) -> str:
    """One whole turn played phase by phase as :class:`PhasePlayer` plays it (on copies of
    the position and the bots): what each phase did, then the position."""
    checker = GameStepper(state.copy(), bots=copy.deepcopy(list(bots)), seed=3)
    lines = []
    for _ in range(phases):
        now = cast("ClassicalState", checker.state)
        phase, first = now.phase, experiments.phase_start(now)
        checker.play_to_phase_end()
        lines.append(f"--- {phase} ---")
        done = experiments.phase_events(cast("ClassicalState", checker.state), phase, first)
        lines += [f"  {line}" for line in done]
    lines.append(checker.state.describe())
    return "\n".join(lines)


def token_reduction_table(state: ClassicalState) -> widgets.HTML:
    """Every territory with pieces, drawn with ordinary pieces and with token reduction."""
    return table(
        experiments.token_reduction_rows(state),
        caption="C city, V village, M1 one monument, 1F one fleet; "
        "U unit tokens, S settlement tokens",
    )


def all_decisions(game: Game) -> widgets.Accordion:
    """Every rule decision of the game, numbered, folded away under one title that says
    how many are ours."""
    decisions = game.rule_decisions()
    ours = sum(1 for d in decisions if d.source != "rulebook")
    rows = [
        {
            "": n,
            "rule": d.topic,
            "how we play it": d.decision,
            "source": "rulebook" if d.source == "rulebook" else "our choice",
        }
        for n, d in enumerate(decisions, 1)
    ]
    folded = widgets.Accordion(children=[table(rows)], selected_index=None)
    folded.set_title(
        0, f"All {len(decisions)} decisions: {ours} ours, {len(decisions) - ours} from the rulebook"
    )
    return folded
