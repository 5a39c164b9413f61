"""Views for the Classical Conquests lessons (notebooks 20-24): each one a control, the
picture it changes and the result it produces on one screen (:func:`one_screen`).

The rules and the numbers come from :mod:`hcgames.classical.teach` (odds and
positions) and :mod:`hcgames.classical.experiments` (positions played on); these
views only lay them out and answer clicks.

>>> import hcgames                                                     # doctest: +SKIP
>>> from hcgames.widgets.classical import MapRoller                    # doctest: +SKIP
>>> MapRoller(hcgames.load("classical-conquests", players=2))          # doctest: +SKIP
"""

from __future__ import annotations

import copy
import html
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

import bqplot
import ipywidgets as widgets

from hcgames.classical import experiments, teach
from hcgames.classical.actions import EndPhase
from hcgames.classical.material import load_material
from hcgames.classical.moves import city_sites
from hcgames.classical.views import research_chart
from hcgames.data import read_json
from hcgames.factions import side_style
from hcgames.widgets._base import one_screen
from hcgames.widgets.charts import (
    EXACT_COLOUR,
    SIMULATED_COLOUR,
    BattlePanel,
    ScoreChart,
    year_label,
)
from hcgames.widgets.lesson import table, with_slider_names
from hcgames.widgets.maps import MapView
from hcgames.widgets.panels import HistoryCard
from hcgames.widgets.stepper import GameStepper

if TYPE_CHECKING:
    from hcgames.classical.bots import PlannerBot
    from hcgames.classical.game import ClassicalGame
    from hcgames.classical.material import Civilization
    from hcgames.classical.state import ClassicalState
    from hcgames.core import Game

__all__ = [
    "CATEGORIES",
    "FamineChooser",
    "FirstCityChooser",
    "MapRoller",
    "PaymentChooser",
    "PeopleCards",
    "PhasePlayer",
    "PlannerTournament",
    "ResearchLevels",
    "RoundGrid",
    "SeaBattle",
    "TraitExperiment",
    "all_decisions",
    "battle_panel",
    "buying_rolls",
    "history_card",
    "homelands_map",
    "starting_pools_table",
    "token_reduction_table",
    "turn_report",
]

#: the resource categories in the order the charts and tables show them
CATEGORIES = ("food", "luxury", "wood", "iron", "stone", "gold")
#: the attacker's and the defender's squares of the dice grid (green and yellow)
ATTACKER, DEFENDER = "#009E73", "#F0E442"
BIG = "font-size:15px"


def _html(text: str, width: str | None = None) -> widgets.HTML:
    layout = widgets.Layout(max_width=width) if width else widgets.Layout()
    return widgets.HTML(text, layout=layout)


def _items(lines: Sequence[str]) -> str:
    return (
        f"<ul style='{BIG};margin:4px 0'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ul>"
    )


# --- lesson 20 ----------------------------------------------------------------------------


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
        self.result = _html("<i>No territory has a resource yet.</i>")
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


class FirstCityChooser(widgets.VBox):
    """With the Romans in Latium, choose a land territory for the Egyptians' first city:
    the answer says whether it is allowed and counts the steps from Latium."""

    def __init__(self, game: ClassicalGame, first_choice: str = "sicilia") -> None:
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
        self.result = _html("", "560px")
        self.button.on_click(lambda _b: self.try_city())
        intro = _html(
            f"<p style='{BIG}'>With the Romans in Latium, <b>{allowed}</b> of the other "
            f"{len(land)} land territories are still far enough away.</p>"
        )
        super().__init__([intro, one_screen(widgets.HBox([self.choice, self.button]), self.result)])

    def try_city(self) -> bool:
        """Judge the territory chosen; True if the first city may stand there."""
        ok, why = experiments.city_site_verdict(self.state, self.choice.value)
        verdict = "Allowed." if ok else "Not allowed."
        self.result.value = f"<span style='{BIG}'><b>{verdict}</b> {html.escape(why)}</span>"
        return ok


def _phase_texts() -> dict[str, str]:
    return cast("dict[str, str]", read_json("classical", "lesson_phases.json")["phases"])


class PhasePlayer(widgets.VBox):
    """ "Play the produce phase" and so on, one phase a press: what the phase did, the
    resources in hand as bars and the first player's research chart beside the button;
    the full stepper (map, choices, log) below, playing the same game."""

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
        self.pool_chart = bqplot.Figure(
            marks=[self.bars],
            title="Resources in hand",
            axes=[bqplot.Axis(scale=x_scale), bqplot.Axis(scale=y_scale, orientation="vertical")],
            fig_margin={"top": 40, "bottom": 30, "left": 40, "right": 10},
            layout=widgets.Layout(width="380px", height="230px"),
        )
        self.research = _html("")
        self.button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.next_box = _html("", "520px")
        self.happened = _html("", "520px")
        self.button.on_click(lambda _b: self.play_phase())
        for button in (
            self.stepper.step_button,
            self.stepper.back_button,
            self.stepper.phase_button,
            self.stepper.auto_button,
        ):
            button.on_click(lambda _b: self.show())
        self.show()
        controls = widgets.VBox(
            [self.button, self.next_box, self.happened], layout=widgets.Layout(width="520px")
        )
        super().__init__(
            [one_screen(controls, widgets.VBox([self.pool_chart, self.research])), self.stepper]
        )

    def show(self) -> None:
        """Show the position the stepper is at: bars, research chart, next phase."""
        now = cast("ClassicalState", self.stepper.state)
        who = now.player_name(now.current_player)
        self.bars.y = [now.pool[c] for c in CATEGORIES]
        self.pool_chart.title = f"Resources the {who} hold now"
        chart = research_chart(now, 0)
        self.research.value = table(
            [
                {"": "level", **{row["trait"]: row["level"] for row in chart}},
                {"": "points", **{row["trait"]: row["points"] for row in chart}},
            ],
            caption="The Romans' research chart",
        ).value
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
            now.player_name(now.current_player),
            experiments.phase_start(now),
        )
        self.stepper.play_to_phase_end()
        lines = experiments.phase_events(cast("ClassicalState", self.stepper.state), phase, first)
        items = _items(lines) if lines else _items(["Nothing to do this time."])
        self.happened.value = (
            f"<div style='{BIG}'><b>What happened in the {phase} phase of the {who}:</b>"
            f"{items}</div>"
        )
        self.show()
        return lines


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


# --- lesson 21 ----------------------------------------------------------------------------


def starting_pools_table(seed: int = 11) -> widgets.VBox:
    """What Latium yields on the map of ``seed``, and what each people holds at the start
    of its first turn there."""
    material = load_material()
    rows = []
    for row in experiments.starting_pools(seed):
        shown: dict[str, object] = {"people": row["people"], "starting traits": row["traits"]}
        shown.update({material.category_names[c]: row[c] for c in CATEGORIES})
        shown["total"] = row["total"]
        rows.append(shown)
    line = _html(
        f"<p style='{BIG}'>On this map Latium yields <b>{experiments.latium_resource(seed)}"
        "</b>; the city adds a gold.</p>"
    )
    return widgets.VBox([line, table(rows, caption="Resources at the start of the first turn")])


class FamineChooser(widgets.VBox):
    """Lesson 21's famine: choose, one at a time, what goes unfed; what the game said
    and what is left stay beside the choices."""

    def __init__(self) -> None:
        self.choice = widgets.RadioButtons(layout=widgets.Layout(width="auto"))
        self.do_button = widgets.Button(description="Do this", button_style="primary")
        self.again_button = widgets.Button(description="Start again")
        self.said = _html("", "560px")
        self.do_button.on_click(lambda _b: self.do())
        self.again_button.on_click(lambda _b: self.start())
        self.start()
        controls = widgets.VBox([self.choice, widgets.HBox([self.do_button, self.again_button])])
        super().__init__([one_screen(controls, self.said)])

    def start(self) -> None:
        """Back to the end of the produce phase, with nothing chosen."""
        self.state = teach.hungry_romans()
        self.lines = [event.text for event in self.state.apply(EndPhase("produce"))]
        self.show()

    def do(self) -> None:
        """Apply the choice picked."""
        if self.choice.value is None:
            return
        self.lines += [event.text for event in self.state.apply(self.choice.value)]
        self.show()

    def show(self) -> None:
        text = _items(self.lines)
        if self.state.phase == "upkeep":
            labels: dict[Any, str] = {
                EndPhase("upkeep"): "end the upkeep phase (the rest is fed food first, gold last)"
            }
            self.choice.options = [(labels.get(a, str(a)), a) for a in self.state.legal_actions()]
            self.choice.value = None
            self.choice.layout.display = self.do_button.layout.display = None
        else:
            text += f"<p style='{BIG}'>{experiments.famine_outcome(self.state)}</p>"
            self.choice.layout.display = self.do_button.layout.display = "none"
        self.said.value = text


class PaymentChooser(widgets.VBox):
    """Pay the second village with wood or with stone, and see what the recruit phase
    still allows."""

    def __init__(self, resources: Sequence[str] = ("wood", "stone")) -> None:
        self.result = _html("<i>Choose how to pay.</i>", "560px")
        self.buttons = []
        for resource in resources:
            button = widgets.Button(description=f"Pay with {resource}", button_style="primary")
            button.on_click(lambda _b, r=resource: self.pay(r))
            self.buttons.append(button)
        super().__init__([one_screen(widgets.HBox(self.buttons), self.result)])

    def pay(self, resource: str) -> list[str]:
        lines = experiments.pay_with(resource)
        self.result.value = _items(lines)
        return lines


class ResearchLevels(widgets.VBox):
    """Sliders for the number of research rolls and the starting level; the chance of
    each number of levels gained in the Arts as bars, and the chance of at least one."""

    def __init__(self, trait: str = "arts") -> None:
        self.trait_id = trait
        x_scale, y_scale = bqplot.OrdinalScale(), bqplot.LinearScale(min=0, max=1)
        self.bars = bqplot.Bars(
            x=[0],
            y=[1],
            scales={"x": x_scale, "y": y_scale},
            colors=["#4c78a8"],
            label_display=True,
            label_display_format=".0%",
        )
        self.figure = bqplot.Figure(
            marks=[self.bars],
            title="Levels gained in one trait",
            axes=[
                bqplot.Axis(scale=x_scale, label="levels gained"),
                bqplot.Axis(scale=y_scale, orientation="vertical", tick_format=".0%"),
            ],
            layout=widgets.Layout(width="520px", height="300px"),
        )
        self.rolls = widgets.IntSlider(value=12, min=1, max=60, description="rolls")
        self.level = widgets.IntSlider(value=0, min=0, max=4, description="start level")
        self.result = _html("", "420px")
        for slider in (self.rolls, self.level):
            slider.observe(lambda _c: self.show(), names="value")
        self.show()
        controls = widgets.VBox([self.rolls, self.level, self.result])
        super().__init__([with_slider_names(one_screen(controls, self.figure))])

    def show(self) -> None:
        dist = teach.levels_gained_distribution(
            self.rolls.value, level=self.level.value, trait=self.trait_id
        )
        shown = [k for k in sorted(dist) if k == 0 or dist[k] >= Fraction(1, 200)]
        self.bars.x = shown
        self.bars.y = [float(dist[k]) for k in shown]
        none = float(dist.get(0, 0))
        self.result.value = (
            f"<span style='{BIG}'>With {self.rolls.value} rolls, starting at level "
            f"{self.level.value}, the trait gains at least one level with a chance of "
            f"<b>{1 - none:.0%}</b>.</span>"
        )


def buying_rolls(rolls: Sequence[int] = (6, 12, 24, 36, 48)) -> widgets.HBox:
    """The price of extra rolls beside the chance of Science 2 after so many rolls."""
    science = [{"rolls": n, "chance": f"{float(teach.science_to_two(n)):.0%}"} for n in rolls]
    return widgets.HBox(
        [
            table(teach.extra_roll_prices(), caption="The price of extra rolls"),
            table(science, caption="Science from 0 to level 2 or more"),
        ],
        layout=widgets.Layout(flex_flow="row wrap", grid_gap="40px"),
    )


class TraitExperiment(widgets.VBox):
    """Choose a people (and one more level of the Arts), play 12 games, and add a row
    to the table of average scores."""

    def __init__(self, games: int = 12, rounds: int = 15) -> None:
        self.games, self.rounds = games, rounds
        material = load_material()
        self.people = widgets.Dropdown(
            options=[c.name for c in material.civilizations], value="Romans", description="People"
        )
        self.arts = widgets.Checkbox(value=False, description="one more level of the Arts")
        self.button = widgets.Button(description=f"Play {games} games", button_style="primary")
        self.results: list[dict[str, str]] = []
        self.result = _html("<i>No games played yet.</i>")
        self.button.on_click(lambda _b: self.run())
        controls = widgets.VBox([self.people, self.arts, self.button])
        super().__init__([one_screen(controls, self.result)])

    def run(self) -> float:
        """Play the games for the people chosen; returns its average score."""
        people, bonus = self.people.value, int(self.arts.value)
        score = experiments.average_score(people, self.games, self.rounds, arts_bonus=bonus)
        self.results.append(
            {
                "people": people,
                "starting traits": teach.traits_of(load_material().civ(people)),
                "extra Arts level": "yes" if bonus else "no",
                f"average victory points after {self.rounds} rounds": f"{score:.1f}",
            }
        )
        self.result.value = table(self.results).value
        return score


# --- lesson 22 ----------------------------------------------------------------------------


def round_grid_html(attacker_level: int, defender_level: int) -> str:
    """The 64 pairs of dice as coloured squares (A green: attacker wins; D yellow)."""
    cell = "width:30px;height:26px;text-align:center;font-weight:bold;border:1px solid white"
    head = "".join(f"<th style='{cell};color:#333'>{d}</th>" for d in range(1, 9))
    rows = []
    for a, row in enumerate(teach.round_grid(attacker_level, defender_level), 1):
        cells = "".join(
            f"<td style='{cell};background:{ATTACKER};color:white'>A</td>"
            if won
            else f"<td style='{cell};background:{DEFENDER};color:black'>D</td>"
            for won in row
        )
        rows.append(f"<tr><th style='{cell};color:#333'>{a}</th>{cells}</tr>")
    return (
        "<table style='border-collapse:collapse;font-size:14px'>"
        "<caption style='caption-side:top;text-align:left;padding-bottom:4px'>"
        "attacker's die down, defender's die across</caption>"
        f"<tr><th></th>{head}</tr>{''.join(rows)}</table>"
    )


class RoundGrid(widgets.VBox):
    """Sliders for the two levels beside the grid of 64 pairs of dice and the attacker's
    share of them (left for the class to count when the levels are equal)."""

    def __init__(self) -> None:
        self.attack = widgets.IntSlider(value=0, min=0, max=3, description="attacker +")
        self.defend = widgets.IntSlider(value=0, min=0, max=3, description="defender +")
        self.grid = _html("")
        self.result = _html("", "420px")
        for slider in (self.attack, self.defend):
            slider.observe(lambda _c: self.show(), names="value")
        self.show()
        controls = widgets.VBox([self.attack, self.defend, self.result])
        super().__init__([with_slider_names(one_screen(controls, self.grid))])

    def show(self) -> None:
        la, ld = self.attack.value, self.defend.value
        wins = sum(sum(row) for row in teach.round_grid(la, ld))
        self.grid.value = round_grid_html(la, ld)
        if la == ld:  # the quiz asks this count: let the class count it
            self.result.value = (
                f"<p style='{BIG}'>Equal levels: count the attacker's green squares yourself.</p>"
            )
            return
        share = Fraction(wins, 64)
        self.result.value = (
            f"<p style='{BIG}'>The attacker wins <b>{wins}</b> of the 64 pairs: a chance of "
            f"{share} = {float(share):.0%} in each round.</p>"
        )


def battle_panel(exact: dict[str, Fraction], simulate: Any, seed: int, title: str) -> BattlePanel:
    """A :class:`BattlePanel` of exact bars that simulates only when the class presses
    Run simulation (one colour until there is a simulation to compare), as one unit."""
    panel = BattlePanel(exact, trials=1000, seed=seed, title=title)
    panel.simulate = simulate
    panel.run_button.disabled = panel.trials_box.disabled = panel.seed_box.disabled = False
    panel.bars.colors = [EXACT_COLOUR]
    panel.run_button.on_click(
        lambda _b: setattr(panel.bars, "colors", [EXACT_COLOUR, SIMULATED_COLOUR])
    )
    panel.figure.layout.width = "560px"
    one_screen(unit=panel)
    return panel


class SeaBattle(widgets.VBox):
    """Ships and Nautical levels of the Athenians and the Persians on sliders; the chance
    each side wins if it attacks, beside the map of the Aegean."""

    def __init__(self, game: ClassicalGame) -> None:
        self.position = experiments.salamis_position(game)
        self.sliders = [
            widgets.IntSlider(value=v, min=lo, max=hi, description=name)
            for name, v, lo, hi in (
                ("Athenian ships", 3, 1, 8),
                ("their Nautical", 2, 0, 3),
                ("Persian ships", 4, 1, 8),
                ("their Nautical", 0, 0, 3),
            )
        ]
        for slider in self.sliders:
            slider.style.description_width = "9em"
            slider.layout.width = "340px"
            slider.observe(lambda _c: self.show(), names="value")
        self.result = _html("", "360px")
        self.map = MapView(
            self.position,
            width=560,
            focus=["Attica", "Persis", "Mare Aegaeum", "Mare Thracium", "Ionia"],
        )
        self.show()
        controls = widgets.VBox([*self.sliders, self.result])
        super().__init__([with_slider_names(one_screen(controls, self.map))])

    def show(self) -> tuple[Fraction, Fraction]:
        athens, persia = teach.sea_battle_odds(*(s.value for s in self.sliders))
        self.result.value = (
            f"<ul style='{BIG}'>"
            f"<li>If the Athenians attack, they win with a chance of <b>{float(athens):.0%}</b>."
            f"</li><li>If the Persians attack, they win with a chance of "
            f"<b>{float(persia):.0%}</b>.</li></ul>"
        )
        return athens, persia


# --- lesson 23 ----------------------------------------------------------------------------


def history_card(civ: Civilization) -> HistoryCard:
    """A people's history card: dates, capital, starting traits and what it built."""
    facts = [
        ("Lived", f"{year_label(civ.start)} to {year_label(civ.end)}"),
        ("Capital", civ.capital),
        ("Starting traits", teach.traits_of(civ)),
        ("Built", "; ".join(civ.built)),
    ]
    return HistoryCard(civ.name, f"Homeland: {teach.homeland(civ)}", civ.summary, facts)


class PeopleCards(widgets.VBox):
    """Pick a people to read its history card beside the choice."""

    def __init__(self, first: str = "Romans") -> None:
        material = load_material()
        self.choice = widgets.Dropdown(
            options=[c.name for c in material.civilizations], value=first, description="People"
        )
        self.card = widgets.Box([history_card(material.civ(first))])
        self.choice.observe(
            lambda change: setattr(
                self.card, "children", [history_card(material.civ(change["new"]))]
            ),
            names="value",
        )
        super().__init__([one_screen(self.choice, self.card)])


def homelands_map(game: Game) -> widgets.VBox:
    """The map with the homeland of each of the twelve peoples painted in its colour."""
    material = load_material()
    homes = MapView(game.new_game(seed=0), focus=[civ.home for civ in material.civilizations])
    homes.paint(
        [
            (f"{civ.name}: {teach.homeland(civ)}", side_style(civ.name) or "#999999", [civ.home])
            for civ in sorted(material.civilizations, key=lambda c: c.name)
        ],
        tooltips={t.id: teach.homeland_tooltip(t) for t in material.territories},
    )
    title = widgets.HTML("<h4 style='margin:4px 0'>Homelands of the twelve peoples</h4>")
    return widgets.VBox([title, homes])


# --- lesson 24 ----------------------------------------------------------------------------


class PlannerTournament(widgets.VBox):
    """How ready each planner is to attack, how many games of how many rounds; Run plays
    the tournament and shows the wins and the average score after each round."""

    def __init__(self) -> None:
        wide = {"style": {"description_width": "9em"}, "layout": widgets.Layout(width="340px")}
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
        self.wins = _html("<i>No tournament played yet.</i>")
        self.chart = ScoreChart(title="Average victory points after each round")
        self.chart.x_axis.label = "round"
        self.chart.figure.layout.width = "520px"
        self.chart.figure.layout.height = "300px"
        self.button.on_click(lambda _b: self.run())
        controls = widgets.VBox(
            [*self.sliders, self.games, self.rounds, self.button, self.progress, self.wins],
            layout=widgets.Layout(width="420px"),
        )
        super().__init__([with_slider_names(one_screen(controls, self.chart))])

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
                    "average points at the end": f"{curves[i][-1]:.0f}",
                }
                for i, seat in enumerate(seats)
            ],
            caption=f"{self.games.value} games of {self.rounds.value} rounds",
        ).value
        self.chart.update({seat: curves[i] for i, seat in enumerate(seats)})
        self.button.disabled = False
        return wins
