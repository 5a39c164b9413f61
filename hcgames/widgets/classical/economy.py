"""Lesson 21: what each people starts with, hunger, paying, research rolls and an experiment."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import bqplot
import ipywidgets as widgets

from hcgames.classical import experiments, teach
from hcgames.classical.actions import EndPhase, Starve
from hcgames.classical.material import load_material
from hcgames.classical.words import unfed_text
from hcgames.widgets._base import chart_figure, one_screen
from hcgames.widgets.classical.text import (
    BIG,
    CATEGORIES,
    READ,
    big_controls,
    bullet_list,
    html_line,
)
from hcgames.widgets.lesson import table, with_slider_names
from hcgames.widgets.maps import MapView
from hcgames.words import capitalise, join

if TYPE_CHECKING:
    pass


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
    line = html_line(
        f"<p style='{BIG}'>Every people below starts with its first city in Latium, on the"
        f" same map each time. There Latium yields <b>{experiments.latium_resource(seed)}"
        "</b>, and the city adds a gold.</p>"
    )
    return widgets.VBox([line, table(rows, caption="Resources at the start of the first turn")])


class FamineChooser(widgets.VBox):
    """Lesson 21's famine: one button per choice of what goes unfed (a button reaches
    and works from the keyboard: Tab, then Enter or Space); what the game said and what
    is left stay beside the buttons."""

    def __init__(self) -> None:
        self.prompt = html_line("")
        self.choices = widgets.VBox(layout=widgets.Layout(width="auto"))
        self.again_button = widgets.Button(description="Start again", style={"font_size": "16px"})
        self.said = html_line("", "560px")
        #: the Romans' cities, armies and fleet, redrawn after each choice
        self.pieces = widgets.HTML()
        self.again_button.on_click(lambda _b: self.start())
        self._buttons: list[widgets.Button] = []
        self._actions: list[Any] = []
        #: the Romans' lands on the game's map (Latium and Etruria), their cities and
        #: units on it, redrawn after each choice (look 14: the page showed no game at all)
        self.map = MapView(
            teach.hungry_romans(), width=560, focus=["Latium", "Etruria"], theatre="italia"
        )
        self.map.layout.width = "560px"
        self.start()
        # as wide when the buttons are gone as with them: the table beside them no longer
        # jumps left when upkeep ends (look 8)
        # the buttons, what the Romans hold and what the game said in one column, the map
        # of their lands beside it
        self.said.layout.width = "380px"
        controls = widgets.VBox(
            [self.prompt, self.choices, self.again_button, self.pieces, self.said],
            layout=widgets.Layout(min_width="320px", max_width="380px"),
        )
        super().__init__([one_screen(controls, self.map)])

    def start(self) -> None:
        """Back to the end of the produce phase, with nothing chosen."""
        self.state = teach.hungry_romans()
        self.lines = [event.text for event in self.state.apply(EndPhase("produce"))]
        self._short_at_start = self.state.shortfall
        #: what the student left unfed, in words ("the city in Etruria")
        self.unfed: list[str] = []
        self.show()

    @property
    def options(self) -> list[tuple[str, Any]]:
        """The choices offered now, as (the words on the button, the move)."""
        if self.state.phase != "upkeep":
            return []
        labels: dict[Any, str] = {EndPhase("upkeep"): "Feed the rest (food first, then gold)"}
        return [(labels.get(a, self._words(a)), a) for a in self.state.legal_actions()]

    def _words(self, action: Any) -> str:
        """A choice's words; an army or fleet among several in one place is "one army"
        ("Leave one army in Latium unfed": Latium holds 3, a look-7 reviewer noted)."""
        words = capitalise(str(action))
        if isinstance(action, Starve) and action.kind in ("army", "fleet"):
            where = self.state.game.material.index[action.territory]
            pieces = self.state.armies if action.kind == "army" else self.state.fleets
            if pieces[0][where] > 1:
                words = words.replace(f"the {action.kind} in", f"one {action.kind} in", 1)
        return words

    def do(self, action: Any) -> None:
        """Play the choice ``action``; the keyboard stays on the buttons (the first
        choice left, else Start again), never back at the top of the page."""
        if isinstance(action, Starve):
            self.unfed.append(self._words(action).removeprefix("Leave ").removesuffix(" unfed"))
        self.lines += [event.text for event in self.state.apply(action)]
        self.show()
        (self.choices.children or (self.again_button,))[0].focus()

    def _button(self, number: int) -> widgets.Button:
        """The choice button at place ``number``: the same buttons are kept from one
        choice to the next (new ones lost the keyboard's place on the page)."""
        while len(self._buttons) <= number:
            button = widgets.Button(
                layout=widgets.Layout(width="auto", max_width="520px", margin="2px 0"),
                button_style="primary",
                style={"font_size": "16px"},
            )
            button.on_click(self._press(len(self._buttons)))
            self._buttons.append(button)
        return self._buttons[number]

    def _press(self, number: int) -> Any:
        """What the button at place ``number`` does: play the choice it shows now."""
        return lambda _b: self.do(self._actions[number])

    def _first_line(self) -> str:
        """The game's first sentence ("... choose 2 armies, fleets or cities to leave
        unfed."), told as it stands now: how many are still to choose, or that the
        choice is made."""
        head = self.lines[0]
        found = re.match(r"(\w+) need (\d+) food but have only (\d+) (\(gold included\)): ", head)
        short, at_start = self.state.shortfall, self._short_at_start
        if not found or short == at_start:
            return head
        if short:
            number, things = unfed_text(short).split(" ", 1)
            return f"{found.group(0)}choose {number} more {things} to leave unfed."
        who, need, have, gold = found.groups()
        went = f"{unfed_text(at_start)} went unfed"
        if len(self.unfed) == at_start:  # named: "one army in Latium and the city in ..."
            went = f"{join(self.unfed)} went unfed"
        return f"{who} needed {need} food but had only {have} {gold}: {went}."

    def show(self) -> None:
        if hasattr(self, "map"):
            self.map.update(self.state)
        self.pieces.value = table(
            experiments.holdings(self.state), caption="What the Romans hold now"
        ).value
        text = bullet_list([self._first_line(), *self.lines[1:]], READ) if self.lines else ""
        options = self.options
        self._actions = [action for _words, action in options]
        buttons = [self._button(n) for n in range(len(options))]
        for button, (words, _action) in zip(buttons, options, strict=True):
            button.description = button.tooltip = words
        self.choices.children = buttons
        if options:
            ask = "what goes unfed" if self.state.shortfall else "what pays for the food"
            self.prompt.value = f"<p style='{BIG};margin:0'><b>Choose {ask}:</b></p>"
        else:
            self.prompt.value = ""
            text += f"<p style='{READ}'>{experiments.famine_outcome(self.state)}</p>"
        self.said.value = text


class PaymentChooser(widgets.VBox):
    """Pay the second village with wood or with stone, and see what the recruit phase
    still allows."""

    def __init__(self, resources: Sequence[str] = ("wood", "stone")) -> None:
        self.result = html_line(f"<i style='{READ}'>Choose how to pay.</i>", "560px")
        self.buttons = []
        for resource in resources:
            button = widgets.Button(
                description=f"Pay with {resource}",
                button_style="primary",
                style={"font_size": "16px"},  # 13 px, a look-7 reviewer found, was too small
            )
            button.on_click(lambda _b, r=resource: self.pay(r))
            self.buttons.append(button)
        super().__init__([one_screen(widgets.HBox(self.buttons), self.result)])

    def pay(self, resource: str) -> list[str]:
        lines = experiments.pay_with(resource)
        self.result.value = bullet_list(lines, READ)
        return lines


#: the research chart's axis numbers: dark and large enough to read from the back (at the
#: charts' usual 15 px they measured about 13 px on the screen, in grey)
TICKS = {"font-size": "18px", "fill": "#222222"}


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
            # the chances on the bars read from the back of the room (they were 10 px)
            label_font_style={"font-size": "16px", "font-weight": "bold"},
            label_display_vertical_offset=-24,  # above the bar, clear of it
        )
        self.figure = chart_figure(
            marks=[self.bars],
            title="Levels gained in one trait",
            axes=[
                bqplot.Axis(scale=x_scale, label="levels gained", tick_style=TICKS),
                bqplot.Axis(
                    scale=y_scale,
                    side="left",
                    tick_format=".0%",
                    tick_style=TICKS,
                    tick_values=[k / 5 for k in range(6)],  # every 20%: 18 px numbers fit
                ),
            ],
            # low enough that, stacked under the sliders (Large text at 1024x700), the
            # sliders, the sentence and the whole chart stay on one screen
            layout=widgets.Layout(width="500px", height="260px"),
        )
        self.rolls = widgets.IntSlider(value=12, min=1, max=60, description="rolls")
        self.level = widgets.IntSlider(value=0, min=0, max=4, description="start level")
        for slider in (self.rolls, self.level):  # as long as the column lets them be
            slider.style.description_width = "6em"
            slider.layout.width = "330px"
        # narrow enough that Large text (half as large again) keeps the chart beside the
        # sliders at 1366 wide: 330 + 500 px and the gap, times 1.5
        self.result = html_line("", "330px")
        for slider in (self.rolls, self.level):
            slider.observe(lambda _c: self.show(), names="value")
        self.show()
        controls = big_controls(widgets.VBox([self.rolls, self.level, self.result]))
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
    # headings wide enough that the caption stands on one line (it wrapped onto three)
    science = [
        {"research rolls": n, "chance of level 2 or more": f"{float(teach.science_to_two(n)):.0%}"}
        for n in rolls
    ]
    return widgets.HBox(
        [
            table(teach.extra_roll_prices(), caption="The price of extra rolls"),
            table(science, caption="Science from level 0"),
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
        # its words in full beside the box (indented, they were cut: "one more level of the...")
        self.arts = widgets.Checkbox(
            value=False,
            description="one more level of the Arts",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.button = widgets.Button(description=f"Play {games} games", button_style="primary")
        self.results: list[dict[str, str]] = []
        self.result = html_line(f"<i style='{BIG}'>No games played yet.</i>")
        self.button.on_click(lambda _b: self.run())
        self.people.style.description_width = "4em"
        self.people.layout.width = "280px"
        self.button.layout.width = "auto"
        controls = big_controls(widgets.VBox([self.people, self.arts, self.button]))
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
        # the last eight games stay beside the button
        self.result.value = table(self.results[-8:]).value
        return score
