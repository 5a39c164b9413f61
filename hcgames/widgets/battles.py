"""Views of one Conqueror: Duels battle: pick the dice and watch the map, the sums and
the 36 pairs change; the exact odds beside a simulation; the odds by defence bonus.

Each interactive view is one screen (:func:`~hcgames.widgets._base.one_screen`): the
controls, the map or chart they change and the result in words stay in sight together
at 1366x768 and 1024x700.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.conqueror.battle import fight, win_chance
from hcgames.conqueror.teach import (
    battle_sum,
    dice_grid_html,
    outcome_chances,
    outcome_simulator,
)
from hcgames.conqueror.walkthroughs import AlpsBattle, Story, percent
from hcgames.widgets._base import chart_figure, one_screen
from hcgames.widgets.charts import BattlePanel
from hcgames.widgets.lesson import _stage_html, table
from hcgames.widgets.maps import MapView

__all__ = ["DiceBattle", "odds_by_bonus", "odds_panel", "story_beside_map"]


#: the number a die shows: dark blue with white bold figures and a black ring, seen from
#: the back of the room (the widget's own pressed look is a slightly darker grey)
PICKED_DIE_CSS = (
    "<style>.hc-die-pick .widget-toggle-button.mod-active { background: #1F4E79; "
    "color: #FFFFFF; font-weight: bold; font-size: 18px; "
    "box-shadow: 0 0 0 3px #000000; z-index: 1; }</style>"
)

# A die row is six buttons (ipywidgets' ToggleButtons), six Tab stops with no arrow keys.
# This lets Left/Right (and Home/End) move to the next face and pick it, as in a group of
# radio buttons. Runs once per page from an <img onerror>, the way the maps add their keys.
_DIE_KEYS_JS = (
    "if(window.hcDieKeys)return;window.hcDieKeys=1;"
    "document.addEventListener('keydown',function(e){var b=e.target;"
    "if(!b||!b.closest||b.tagName!=='BUTTON')return;var row=b.closest('.hc-die-pick');"
    "if(!row)return;var k=e.key,bs=Array.prototype.slice.call(row.querySelectorAll('button'));"
    "var i=bs.indexOf(b),j=k==='ArrowRight'?i+1:k==='ArrowLeft'?i-1:k==='Home'?0:"
    "k==='End'?bs.length-1:null;if(j===null||i<0)return;"
    "j=Math.max(0,Math.min(bs.length-1,j));e.preventDefault();bs[j].click();bs[j].focus();});"
)
DIE_KEYS = (
    "<img alt='' src='data:,' style='display:none' class='hc-die-keys' "
    f'onerror="{html.escape(_DIE_KEYS_JS)}">'
)


class DiceBattle(widgets.HBox):
    """A battle waiting for its dice (:class:`~hcgames.conqueror.walkthroughs.AlpsBattle`):
    one row of number buttons for each side's die; beside them the sums, what the game
    wrote and the grid of the 36 pairs with the chosen pair ringed; beside those the map
    after the dice."""

    def __init__(
        self,
        battle: AlpsBattle,
        rolls: tuple[int, int] = (3, 4),
        focus: Sequence[str] = (),
        map_width: int = 520,
        theatre: str | bool | None = None,
    ) -> None:
        self.battle = battle
        self.dice = [
            widgets.ToggleButtons(
                options=list(range(1, 7)),
                value=value,
                description=f"{name}'s die",
                style={"button_width": "36px", "description_width": "130px"},
            )
            for name, value in zip(battle.sides, rolls, strict=True)
        ]
        # ``theatre``: the part of the map the battle is fought in, zoomed (MapView)
        self.map_view = MapView(battle.before, width=map_width, focus=list(focus), theatre=theatre)
        self.map_view.layout.flex = f"0 0 {map_width + 20}px"
        self.map_view.layout.width = f"{map_width + 20}px"
        grows = self._map_grows()
        self.words = widgets.HTML()
        for buttons in self.dice:
            buttons.observe(self.show, names="value")
            buttons.add_class("hc-die-pick")  # the thrown number stands out (PICKED_DIE_CSS)
        controls = widgets.VBox(
            [widgets.HTML(PICKED_DIE_CSS + DIE_KEYS + grows), *self.dice, self.words],
            layout=widgets.Layout(flex="1 1 400px", max_width="560px"),
        )
        controls.add_class(f"hc-dice-map-{id(self):x}-side")  # (Large text: _map_grows)
        super().__init__()
        one_screen(unit=self)
        self.children = [controls, self.map_view]
        self.layout = widgets.Layout(
            flex_flow="row wrap", align_items="flex-start", grid_gap="8px 16px", width="100%"
        )
        self.show()

    def _map_grows(self) -> str:
        """CSS that lets the map take the room beside the dice on a wide window (it was
        520 px at 1366, its names 14 px): as wide as the window leaves beside the dice
        (at most 760 px), no taller than the window leaves under the line above it and
        its key; never narrower than its own width. The names grow with it
        (:func:`~hcgames.widgets.regions.figure_css`). Under Large text on a wide window
        the dice keep to a narrower column and the map takes the rest of the row beside
        them (look 8: it dropped below the dice and the grid, a scroll away)."""
        view = self.map_view
        uid = f"hc-dice-map-{id(self):x}"
        view.add_class(uid)
        aspect = view.width / view.height
        return (
            f"<style>body:not(.hcgames-large) .{uid} {{ flex: 0 0 auto !important; "
            f"width: max({view.width}px, min(760px, calc(100vw - 700px), "
            f"calc((100vh - 250px) * {aspect:.4f}))) !important; }} "
            f"body:not(.hcgames-large) .{uid} .hcgames-figure {{ width: 100% !important; "
            f"height: auto !important; aspect-ratio: {view.width} / {view.height}; }} "
            f"@media (min-width: 1200px) {{ body.hcgames-large .{uid}-side {{ "
            "flex: 0 0 380px !important; max-width: 380px !important; } "
            f"body.hcgames-large .{uid} {{ flex: 1 1 0 !important; min-width: 300px; "
            "width: auto !important; } }</style>"
        )

    def show(self, _change: Any = None) -> None:
        """Show the position, the sums and the grid for the dice picked now."""
        a, d = (buttons.value for buttons in self.dice)
        battle = self.battle
        state, said = battle.after(a, d)
        self.map_view.update(state)
        r = fight(battle.attacker, battle.defender, a, d)
        first, second = battle.sides
        sums = (
            f"<p><b>{first}</b> {battle_sum(battle.attacker, a)} = {r.attacker_total}; "
            f"<b>{second}</b> {battle_sum(battle.defender, d)} = {r.defender_total}.</p>"
        )
        happened = "".join(f"<li>{html.escape(s)}</li>" for s in said)
        grid = dice_grid_html(battle.attacker, battle.defender, (a, d), sides=battle.sides)
        self.words.value = (
            f"<div style='font-size:16px;line-height:1.4'>{sums}"
            f"<ul style='margin:4px 0'>{happened}</ul>{grid}</div>"
        )


def odds_panel(battle: AlpsBattle, trials: int = 1000, title: str = "") -> widgets.Box:
    """The exact chance of each result of the battle beside a simulation the student
    runs (:class:`~hcgames.widgets.charts.BattlePanel`), as one screen."""
    panel = BattlePanel(
        outcome_chances(battle.attacker, battle.defender, battle.sides),
        simulate=outcome_simulator(battle.attacker, battle.defender, battle.sides),
        trials=trials,
        seed=1,  # run 1 is on screen when the page opens
        title=title,
    )
    # the button and the chart it redraws first, the table of exact chances beside it;
    # the sentence over the chart says again what the chart and the table show
    panel.text_line.layout.display = "none"
    controls = panel.children[-2]  # Trials, Run number, Run simulation
    beside = widgets.VBox([panel.key, panel.table], layout=widgets.Layout(margin="0 0 0 12px"))
    chart_row = widgets.HBox(
        [panel.figure, beside], layout=widgets.Layout(flex_flow="row wrap", align_items="center")
    )
    panel.children = [panel.text_line, controls, chart_row, panel.messages]
    return one_screen(unit=panel)


#: the marker of each bonus line (bqplot's shapes), and its colour
BONUS_MARKERS = ("circle", "square", "diamond", "triangle-up", "triangle-down", "cross", "ellipse")
BONUS_COLOURS = ("#1F77B4", "#FF7F0E", "#2CA02C", "#D62728", "#9467BD", "#8C564B", "#E377C2")


def odds_by_bonus(differences: Sequence[int], bonuses: Sequence[int]) -> widgets.HBox:
    """The attacker's chance to win by its lead in strength (rows) and the defence bonus
    (columns): a table, and beside it a chart with one line a bonus."""
    odds = table(
        [
            {"Attacker's lead": f"{d:+d}", **{f"+{b}": percent(win_chance(d - b)) for b in bonuses}}
            for d in differences
        ],
        caption="Attacker's chance to win, by defence bonus",
    )
    x_scale, y_scale = bqplot.LinearScale(), bqplot.LinearScale(min=0.0, max=1.0)
    scales = {"x": x_scale, "y": y_scale}
    xs = list(differences)
    # one line a bonus, each with its own marker shape (in the key too) and its bonus
    # written on it where it crosses one half, so the lines are told apart without colour
    lines = [
        bqplot.Lines(
            x=xs,
            y=[float(win_chance(d - b)) for d in xs],
            labels=[f"bonus +{b}"],
            # no key box: each line's bonus is written on it, and a key in any corner of
            # the chart covered some of the lines (top-left the +0 curve: look 8)
            display_legend=False,
            marker=BONUS_MARKERS[n % len(BONUS_MARKERS)],
            marker_size=48,
            colors=[BONUS_COLOURS[n % len(BONUS_COLOURS)]],
            scales=scales,
        )
        for n, b in enumerate(bonuses)
    ]
    names = []
    for n, b in enumerate(bonuses):
        d = min(xs, key=lambda x: abs(float(win_chance(x - b)) - 0.5))
        names.append(
            bqplot.Label(
                x=[d],
                y=[float(win_chance(d - b))],
                text=[f"+{b}"],
                scales=scales,
                default_size=16,
                font_weight="bold",
                x_offset=-10,
                y_offset=-10,
                align="end",
                colors=[BONUS_COLOURS[n % len(BONUS_COLOURS)]],
            )
        )
    chart = chart_figure(
        marks=[*lines, *names],
        axes=[
            bqplot.Axis(scale=x_scale, label="attacker's lead in strength"),
            bqplot.Axis(
                scale=y_scale, orientation="vertical", tick_format=".0%", label="attacker wins"
            ),
        ],
        title="Each bonus point (+0 to +6) moves the curve right",
        layout=widgets.Layout(width="560px", height="400px"),
    )
    return widgets.HBox(
        [odds, chart], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")
    )


def story_beside_map(story: Story, map_width: int | None = None) -> widgets.HBox:
    """The last stage of a one-stage story (a battle fought out): the map, and beside it
    the explanation and what the game wrote."""
    stage = story.stages[-1]
    words = widgets.HTML(
        f"<div style='font-size:16px'>{_stage_html(stage)}</div>",
        layout=widgets.Layout(flex="1 1 380px", margin="0 0 0 16px"),
    )
    view = MapView(stage[1], width=map_width, focus=story.focus) if map_width else MapView(stage[1])
    return widgets.HBox([view, words], layout=widgets.Layout(flex_flow="row wrap"))
