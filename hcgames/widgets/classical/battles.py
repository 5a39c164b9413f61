"""Lesson 22: the dice grid, battle simulations and a sea battle beside its map."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from hcgames.classical import experiments, teach
from hcgames.widgets._base import one_screen
from hcgames.widgets.charts import (
    EXACT_COLOUR,
    SIMULATED_COLOUR,
    BattlePanel,
    text_width,
)
from hcgames.widgets.classical.text import ATTACKER, BIG, DEFENDER, big_controls, html_line
from hcgames.widgets.lesson import with_slider_names
from hcgames.widgets.maps import MapView

if TYPE_CHECKING:
    from hcgames.classical.game import ClassicalGame


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
        self.grid = html_line("")
        # narrow enough that Large text (half as large again) keeps the grid beside the
        # sliders and this sentence at 1024 wide: (320 + 16 + the grid's 300 px) x 1.5
        self.result = html_line("", "320px")
        for slider in (self.attack, self.defend):
            slider.observe(lambda _c: self.show(), names="value")
        self.show()
        for slider in (self.attack, self.defend):  # as long as the column lets them be
            slider.style.description_width = "7em"
            slider.layout.width = "320px"
        controls = big_controls(widgets.VBox([self.attack, self.defend, self.result]))
        super().__init__([with_slider_names(one_screen(controls, self.grid))])

    def show(self) -> None:
        la, ld = self.attack.value, self.defend.value
        wins = sum(sum(row) for row in teach.round_grid(la, ld))
        self.grid.value = round_grid_html(la, ld)
        if la == ld:  # the quiz asks this count: let the class count it
            self.result.value = (
                f"<p style='{BIG}'>Equal levels: look along the diagonal. The 8 ties all go "
                "to the defender, so the attacker wins fewer than half of the 64 pairs: count "
                "the attacker's green squares yourself.</p>"
            )
            return
        share = Fraction(wins, 64)
        self.result.value = (
            f"<p style='{BIG}'>{self.diagonal(la - ld)} The attacker wins <b>{wins}</b> of "
            f"the 64 pairs: a chance of {share} = {float(share):.0%} in each round.</p>"
        )

    @staticmethod
    def diagonal(ahead: int) -> str:
        """Where the line between A and D now runs, for the attacker ``ahead`` levels
        ahead of the defender (behind when negative): the sentence follows the sliders."""
        levels = "1 level" if abs(ahead) == 1 else f"{abs(ahead)} levels"
        if ahead == 1:
            return "With the attacker 1 level ahead, the ties on the diagonal go to the attacker."
        if ahead > 1:
            return (
                f"With the attacker {levels} ahead, the ties go to the attacker, and so does "
                f"every pair where the attacker's die is at most {ahead - 1} lower."
            )
        return (
            f"With the defender {levels} ahead, the defender wins the ties and also every "
            f"pair where the attacker's die is at most {-ahead} higher."
        )


class _LessonBattlePanel(BattlePanel):
    """A battle panel sized for a lesson page: a chart narrow and short enough that its
    table of results stays beside it at 1024 wide, before and after a run (the generic
    panel grows to 650 x 390 px after a run, which put the table a screen below the
    Run simulation button on a Chromebook)."""

    #: height of one bar, room for its 17 px figure
    BAR_PX = 20

    def _draw(self) -> None:
        super()._draw()
        series = 1 if self.simulated is None else 2
        margin = self.figure.fig_margin
        rows = (self.BAR_PX * series + 12) * len(self.exact)
        self.figure.layout.height = f"{max(200, rows + margin['top'] + margin['bottom'])}px"
        # the bold title, centred over the bars, is never cut (up to 540 px: the table
        # still fits beside the chart at 1024 wide)
        title = 1.15 * text_width(self.title, 17) + margin["left"] - margin["right"] + 20
        self.figure.layout.width = f"{round(min(540, max(360 + margin['left'], title)))}px"
        # a tick every 10% (every 20% once the chart passes a half: its 18 px numbers
        # ran together as "0%10%20%30%..." on the narrower chart)
        # room past the longest bar for its figure ("78.3%" was cut at the chart's edge)
        longest = max([*map(float, self.exact.values()), *(self.simulated or {}).values()])
        top = self.y_scale.max = max(0.1, min(1.0, math.ceil(longest * 12.5) / 10))
        step = 2 if top > 0.5 else 1
        self.chance_axis.tick_values = [k / 10 for k in range(0, round(top * 10) + 1, step)]


def battle_panel(exact: dict[str, Fraction], simulate: Any, seed: int, title: str) -> BattlePanel:
    """A :class:`BattlePanel` of exact bars that simulates only when the class presses
    Run simulation (one colour until there is a simulation to compare), as one unit: the
    buttons first, the chart they redraw under them with its key and table beside it."""
    panel = _LessonBattlePanel(exact, trials=1000, seed=seed, title=title)
    panel.simulate = simulate
    panel.run_button.disabled = panel.trials_box.disabled = panel.seed_box.disabled = False
    panel.bars.colors = [EXACT_COLOUR]
    panel.run_button.on_click(
        lambda _b: setattr(panel.bars, "colors", [EXACT_COLOUR, SIMULATED_COLOUR])
    )
    # the chart's size follows its bars (_LessonBattlePanel._draw): with Large text at
    # 1024x700 the table stands under the chart, and a tighter table keeps the button,
    # the chart and the table on one screen
    panel.add_class("hc-battle-panel")
    # the outcomes' names down the left say what they are: the axis title ("outcome")
    # stood on the longest of them ("city captured"), so it goes, with room to spare
    panel.outcome_axis.label = ""
    # the numbers along both axes read from the back of the room (15 px measured 13 px)
    for axis in (panel.chance_axis, panel.outcome_axis):
        axis.tick_style = {"font-size": "18px", "fill": "#222222"}
    panel.bars.label_display_vertical_offset = 46
    panel.figure.fig_margin = {**panel.figure.fig_margin, "left": 130}
    panel.text_line.layout.display = "none"  # the chart, its key and its table say it
    controls = big_controls(panel.children[-2])  # Trials, Run number, Run simulation
    style = widgets.HTML(
        "<style>.hcgames-large .hc-battle-panel table { border-spacing: 10px 0 !important; "
        "line-height: 1.25; }</style>"
    )
    style.layout.display = "none"
    beside = widgets.VBox(
        [panel.key, panel.table, style], layout=widgets.Layout(margin="0 0 0 12px")
    )
    chart_row = widgets.HBox(
        [panel.figure, beside], layout=widgets.Layout(flex_flow="row wrap", align_items="center")
    )
    panel.children = [panel.text_line, controls, chart_row, panel.messages]
    one_screen(unit=panel)
    return panel


def _large_text_beside(unit: widgets.Box, controls: widgets.VBox) -> widgets.HTML:
    """Under Large text on a wide window, the sliders stay beside the map they change
    (they had wrapped above it, the map a screen below them): a narrower column of
    220 px (330 on the screen, the sliders as wide as it, each name above its track)
    running on below the map, and the map the rest of the row, at least as wide as
    without Large text (280 px left lesson 22's map 887 of its 954 px at 1366x768)."""
    uid = f"hcgames-sea-{id(unit):x}"
    unit.add_class(uid)
    controls.add_class(f"{uid}-side")
    return widgets.HTML(
        f"<style>@media (min-width: 1200px) {{ .hcgames-large .{uid} "
        "{ flex-wrap: nowrap !important; } "
        f".hcgames-large .{uid}-side {{ flex: 0 0 220px !important; "
        "min-width: 220px !important; max-height: none !important; "
        "overflow: visible !important; } "
        f".hcgames-large .{uid}-side .widget-slider, .hcgames-large .{uid}-side .widget-html "
        "{ width: 100% !important; min-width: 0 !important; max-width: 100% !important; } "
        # each slider's name on a line of its own above its track, so the track keeps
        # most of the column (look 8: about 80 px on the screen beside 8em names)
        f".hcgames-large .{uid}-side .widget-slider {{ flex-wrap: wrap !important; "
        "height: auto !important; } "
        f".hcgames-large .{uid}-side .widget-slider .widget-label {{ width: 100% !important; "
        "max-width: none !important; text-align: left !important; } "
        f".hcgames-large .{uid}-side .widget-slider .slider-container {{ flex: 1 1 0 !important; "
        "margin-left: 12px !important; } "
        f".hcgames-large .{uid} > :last-child {{ flex: 1 1 0 !important; }} }}</style>"
    )


class SeaBattle(widgets.VBox):
    """Ships and Nautical levels of the Athenians and the Persians on sliders; the chance
    each side wins if it attacks, beside the map of the Aegean (as large as the window
    lets it be, unless ``map_width`` fixes its size)."""

    def __init__(self, game: ClassicalGame, map_width: int | None = None) -> None:
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
            slider.style.description_width = "8em"
            slider.layout.width = "300px"
            slider.observe(lambda _c: self.show(), names="value")
        self.result = html_line("", "320px")
        self.map = MapView(
            self.position,
            width=map_width,
            theatre="aegean",  # the sea of Salamis, zoomed (Persis lies off this map)
            beside=map_width is None,  # its key beside it, under the sliders (below)
            focus=["Attica", "Mare Aegaeum", "Mare Thracium", "Ionia"],
        )
        # the sliders and the chances say what matters here: the map's own line ("Round 1,
        # produce phase. 58 regions ...") is about a game nobody is playing on this page
        self.map.text_line.layout.display = "none"
        self.show()
        controls = big_controls(widgets.VBox([*self.sliders, self.result]))
        if map_width is None:
            # the map as large as the window lets it be, its key under the sliders and
            # the odds (that column takes what the page leaves over 1000 px, >= 300 px)
            controls.children = (*controls.children, self.map.key_beside())
            for part in controls.children:  # scroll the column, never squeeze it
                part.layout.flex = "0 0 auto"
            controls.layout = widgets.Layout(
                flex="0 0 clamp(300px, calc(100vw - 1000px), 440px)",
                max_height="calc(100vh - 20px)",
                overflow="hidden auto",
            )
            aspect = self.map.width / self.map.height
            self.map.layout = widgets.Layout(
                flex="1 1 520px",
                min_width="0",
                max_width=f"calc((100vh - 80px) * {aspect:.4f})",
            )
        else:
            # the map's key wraps under the map instead of taking the page's width
            self.map.layout.width = f"{map_width}px"
        unit = one_screen(controls, self.map)
        parts: list[widgets.Widget] = [with_slider_names(unit)]
        if map_width is None:
            parts.append(_large_text_beside(unit, controls))
        super().__init__(parts)

    def show(self) -> tuple[Fraction, Fraction]:
        ships, level, enemy_ships, enemy_level = (s.value for s in self.sliders)
        athens, persia = teach.sea_battle_odds(ships, level, enemy_ships, enemy_level)
        # the map shows the fleets the sliders set (and the levels its key and tooltips
        # read): a slider and the picture it changes
        teach.set_fleets(self.position, 0, "mare_thracium", ships)
        teach.set_fleets(self.position, 1, "mare_aegaeum", enemy_ships)
        teach.set_trait_level(self.position, 0, "nautical", level)
        teach.set_trait_level(self.position, 1, "nautical", enemy_level)
        self.map.update(self.position)
        verdict = experiments.salamis_verdict(ships, level, enemy_ships, enemy_level)
        self.result.value = (
            f"<ul style='{BIG}'>"
            f"<li>If the Athenians attack, they win with a chance of <b>{float(athens):.0%}</b>."
            f"</li><li>If the Persians attack, they win with a chance of "
            f"<b>{float(persia):.0%}</b>.</li></ul>"
            f"<p style='{BIG}'>{verdict}</p>"
        )
        return athens, persia
