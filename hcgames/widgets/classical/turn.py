"""Lesson 20: the map rolled, first cities and one turn played phase by phase; lesson
24: a game the computers play among themselves, watched over its map."""

from __future__ import annotations

import copy
import html
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets

from hcgames.classical import experiments, teach
from hcgames.classical.moves import city_sites
from hcgames.classical.views import research_chart
from hcgames.data import read_json
from hcgames.factions import side_style
from hcgames.theatres import theatres
from hcgames.widgets._base import guarded, one_screen
from hcgames.widgets.classical.text import BIG, CATEGORIES, bullet_list, html_line
from hcgames.widgets.lesson import FoldOut, table
from hcgames.widgets.maps import MapView
from hcgames.widgets.stepper import GameStepper

if TYPE_CHECKING:
    from hcgames.classical.bots import PlannerBot
    from hcgames.classical.game import ClassicalGame
    from hcgames.classical.state import ClassicalState
    from hcgames.core import Game, State
    from hcgames.play import Bot


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
        # the map shows Latium, the place tried and the chain of steps between them; it
        # names the lands only (a first city stands on land): the seas' names stood on
        # small lands ("Mare Adriaticum" over Latium, look 12), the answer names the
        # seas a chain crosses and the map lights them up
        lands = [t.id for t in material.territories if t.land]
        self.map = MapView(self.state, width=map_width, focus=["Latium"], names=lands)
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
                # the name reads as the tooltip's second half: "Mare Ionium, a step
                # on the way from Latium to Lower Egypt"
                (f"a step on the way from Latium to {target}", STEPS, between),
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


#: the height kept above the map for the phase button, what comes next and what happened
#: (pixels): the map below them takes the rest of the window's height, so both sizes show
#: a press and the map it changes together, with the map's names at 16 px (about 960 px
#: wide at 1024x700)
CONTROLS_PX = 215
#: a window narrower than this shows the map's key under the map's buttons, not beside it
KEY_BESIDE_FROM = 1100
#: the key out of sight but drawn: its hatch patterns fill the map, and a pattern in a
#: part that is not displayed fills nothing
_UNSEEN = "position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);"
_KEY_CSS = (
    "<style>.hc-turn-key-below { display: none; }"
    f"@media (max-width: {KEY_BESIDE_FROM}px) {{ .hc-turn-key-beside {{ {_UNSEEN} }}"
    " .hc-turn-key-below { display: block; } }"
    # Large text makes the key half as wide again: it goes under the map, which keeps
    # its width
    f".hcgames-large .hc-turn-key-beside {{ {_UNSEEN} }}"
    ".hcgames-large .hc-turn-key-below { display: block; }"
    # what happened takes the rest of its column's height (it scrolls inside past it)
    ".hc-turn-top .hc-turn-happened { flex: 1 1 0; min-height: 0; overflow: auto; }"
    # under the button and the row of phases
    f".hc-turn-top .hc-turn-next {{ max-height: {CONTROLS_PX - 80}px; overflow: auto; }}"
    # (chips a little lower than a line of text: on a narrow window the ten of them take
    # two rows, and the produce phase's five lines under them lost their last half line
    # to the map, look 12)
    ".hc-turn-phases { margin: 2px 0 1px 0; }"
    ".hc-turn-phases .hcgames-phase { line-height: 22px; }"
    # never cut off without a sign: a box too small for its words scrolls inside
    ".hc-turn-top .hc-turn-next { flex: 0 1 auto; min-height: 0; }"
    # lines a little closer than the page's, so the longest phase's words fit their box at
    # 1024x700 (the produce phase's were cut in the middle of a line)
    ".hc-turn-top :is(.hc-turn-next, .hc-turn-happened) .widget-html-content"
    " { line-height: 1.45; }"
    # the page's one main control, its label as large as the text beside it
    ".hc-turn-play { min-height: var(--jp-widgets-inline-height); white-space: normal;"
    " line-height: 1.3; padding-top: 4px; padding-bottom: 4px; font-size: 16px;"
    " font-weight: 600; }"
    # Large text: the row over the map grows with its words (nothing cut or scrolled
    # inside it); the map follows under it
    ".hcgames-large .hc-turn-top { height: auto !important; overflow: visible !important; }"
    ".hcgames-large .hc-turn-top .hc-turn-next, .hcgames-large .hc-turn-top .hc-turn-happened"
    " { max-height: none; overflow: visible; flex: 0 0 auto; }</style>"
)


def _map_with_key(
    views: widgets.Box, key: widgets.HTML, map_view: Any, above_px: int
) -> tuple[widgets.HBox, widgets.HTML]:
    """The map with its key beside it (a wide window) and a copy of the key to put under
    it (a narrow one: CSS shows one of the two); the map as wide as the window's height
    less ``above_px`` allows, so that it and what stands above it fit one screen."""
    views.children = tuple(c for c in views.children if c is not key)
    key.add_class("hc-turn-key-beside")
    key.layout = widgets.Layout(flex="0 0 230px", margin="0 0 0 12px")
    below = widgets.HTML()
    below.add_class("hc-turn-key-below")
    below.add_class("hcgames-legend")  # the key's own spacing between its items
    widgets.dlink((key, "value"), (below, "value"))
    aspect = map_view.width / map_view.height
    views.layout = widgets.Layout(
        flex="1 1 auto",
        min_width="0",
        max_width=f"calc((100vh - {above_px}px) * {aspect:.4f})",
    )
    return widgets.HBox([views, key], layout=widgets.Layout(width="100%")), below


def _row_under(parts: Sequence[widgets.Widget], below: widgets.HTML) -> widgets.HBox:
    """The row under the map: the stepper's other parts (moves, the map's line) side by
    side, wrapping on a narrow window, then the copy of the key."""
    for part in parts:
        part.layout.flex = "0 1 auto"
        part.layout.max_width = "480px"
    return widgets.HBox(
        [*parts, below],
        layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="8px 24px"),
    )


class PhasePlayer(widgets.VBox):
    """ "Play the produce phase" and so on, one phase a press, over the stepper's map: the
    button, what comes next, what the players hold and what the phase did in a row over
    the map, which takes the rest of the window (its names large enough at 1024x700); the
    stepper's own buttons, phases and log under it, then the first player's research
    chart."""

    def __init__(
        self, state: ClassicalState, bots: Sequence[PlannerBot], seed: int = 3, **map_options: Any
    ) -> None:
        self.phase_text = _phase_texts()
        # a turn's resources come by themselves as it begins: the page opens a moment
        # before, so the first press shows them arrive
        eve = experiments.turn_eve(state)
        #: the moves played when the stepper stands on the eve of a turn, and whose turn
        #: begins then (the page opens on one; the end of each turn stops on the next)
        self.eves: dict[int, str] = {}
        if eve is not None:
            self.eves[len(eve.history)] = state.player_name(state.current_player)
        #: what else follows the position shown (the "Fewer pieces" table)
        self.followers: list[Callable[[ClassicalState, str], None]] = []
        start = eve if eve is not None else state.copy()
        self.stepper = GameStepper(start, bots=list(bots), seed=seed, **map_options)
        self.research = html_line("")
        # the button grows with its label (Large text): it never shrinks under the label
        self.button = widgets.Button(
            button_style="primary",
            layout=widgets.Layout(width="auto", height="auto", flex="0 0 auto"),
        )
        self.button.add_class("hc-turn-play")
        self.in_hand = html_line("")
        self.next_box = html_line("")
        self.happened = html_line(
            f"<div style='{BIG}'><i>Press the blue button: what the phase did shows here.</i></div>"
        )
        self.button.on_click(lambda _b: self.play_phase())
        # the blue button plays a phase: Auto and its count of moves would be a second,
        # unexplained way of playing on (one button per meaning)
        self.stepper.auto_steps.layout.display = "none"
        self.stepper.auto_button.layout.display = "none"
        for button in (
            self.stepper.step_button,
            self.stepper.back_button,
            self.stepper.phase_button,
            self.stepper.auto_button,
        ):
            button.on_click(lambda _b: self._after_stepper())
        self.show()
        self._lay_out()
        super().__init__([self.stepper, self.research])

    def _lay_out(self) -> None:
        """The row of the phase button over the map (one unit), the stepper's buttons,
        phases, log and (on a narrow window) the map's key under it (another)."""
        stepper = self.stepper
        views, side = stepper.stepper_main.children
        self.next_box.add_class("hc-turn-next")
        self.happened.add_class("hc-turn-happened")
        # where the turn stands (the row of phases) right under the button that moves it on
        timeline = stepper.timeline
        timeline.layout.flex = "0 0 auto"
        timeline.add_class("hc-turn-phases")
        left = widgets.VBox(
            [self.button, timeline, self.next_box],
            layout=widgets.Layout(flex="1 1 52%", min_width="0"),
        )
        right = widgets.VBox(
            [self.in_hand, self.happened], layout=widgets.Layout(flex="1 1 48%", min_width="0")
        )
        top = widgets.HBox(
            [left, right],
            layout=widgets.Layout(
                width="100%", height=f"{CONTROLS_PX}px", grid_gap="0 16px", overflow="hidden"
            ),
        )
        top.add_class("hc-turn-top")
        map_view = stepper.map_view
        assert map_view is not None  # the Classical world has a map
        key = map_view.legend
        # the stepper also shows its key under the map (a narrow window's place for it):
        # here the key has its own two places, beside the map and in the row below
        pictured, below = _map_with_key(views, key, map_view, CONTROLS_PX + 32)
        unit = one_screen(unit=widgets.VBox([widgets.HTML(_KEY_CSS), top, pictured]))
        parts = [c for c in side.children if c is not key and c is not timeline]
        rest = _row_under(parts, below)
        stepper.children = [stepper.children[0], unit, one_screen(unit=rest), stepper.messages]

    def _after_stepper(self) -> None:
        """After Back, Step or the stepper's phase button, the box beside the blue button
        no longer tells a phase the game has left (look 8: Back kept the Egyptians'
        produce under "Play the produce phase")."""
        self.happened.value = (
            f"<div style='{BIG}'><i>Moved with the buttons under the map. Press the blue "
            "button: what the next phase does shows here.</i></div>"
        )
        self.show()

    def at_eve(self) -> bool:
        """Whether the stepper stands on the eve of a turn: the turn about to begin,
        nothing produced yet (where the page opens, and after each turn's score phase)."""
        return len(self.stepper.state.history) in self.eves

    def show(self) -> None:
        """Show the position the stepper is at: bars, research chart, next phase."""
        now = cast("ClassicalState", self.stepper.state)
        self.research.value = research_grid(now, 0)
        if self.at_eve():  # nothing produced yet: the pool is empty until the turn begins
            who, phase = self.eves[len(now.history)], "produce"
            self.in_hand.value = in_hand_html(who, None)
            where = f"Before the {who}' turn begins"
        else:
            # whose turn it is (before a roll the side to move is the dice: "the chance")
            who, phase = now.player_name(now.player), now.phase
            self.in_hand.value = in_hand_html(who, now.pool)
            where = f"Round {now.round}, the {phase} phase of the {who}"
        for follow in self.followers:
            follow(now, where)
        if now.is_terminal():
            self.button.disabled = True
            return
        self.button.disabled = False
        self.button.description = f"Play the {phase} phase"
        # (on the eve of a turn the box beside it says that the turn begins)
        self.next_box.value = (
            f"<div style='{BIG}'><b>Next: the {phase} phase of the {who}.</b> "
            f"{self.phase_text.get(phase, '')}</div>"
        )

    def play_phase(self) -> list[str]:
        """Play the phase to its end; returns (and shows) what happened in it."""
        if self.at_eve():
            self.stepper.play_to_phase_end()  # the turn before ends: this turn produces
        now = cast("ClassicalState", self.stepper.state)
        mover = now.player  # the stepper plays on this very state: keep whose turn it was
        phase, who, first = (
            now.phase,
            now.player_name(now.player),  # whose turn (the dice may be about to roll)
            experiments.phase_start(now),
        )
        self.stepper.play_to_phase_end()
        after = cast("ClassicalState", self.stepper.state)
        lines = experiments.phase_events(after, phase, first)
        if after.phase == "produce" and after.player != mover and not after.is_terminal():
            # the next side's turn began and produced by itself: stop a moment before, so
            # that its resources arrive with the next press, as the Romans' did
            self.eves[len(after.history) - 1] = after.player_name(after.player)
            self.stepper.back()
        items = bullet_list(lines) if lines else bullet_list(["Nothing to do this time."])
        self.happened.value = (
            f"<div style='{BIG}'><b>What happened in the {phase} phase of the {who}:</b>"
            f"{items}</div>"
        )
        self.show()
        return lines


def in_hand_html(who: str, pool: Mapping[str, int] | None) -> str:
    """What a side holds now, one box a resource (``None``: nothing produced yet)."""
    if pool is None:
        return (
            f"<div style='{BIG}'><b>The {html.escape(who)} have no resources yet:</b> "
            "their turn begins with the produce phase.</div>"
        )
    if not any(pool.values()):  # produced, then spent or lost (it said "nothing yet")
        return f"<div style='{BIG}'><b>The {html.escape(who)} have no resources left.</b></div>"
    cell = (
        "display:inline-block;margin:2px 6px 2px 0;padding:1px 8px;border-radius:4px;"
        "background:#f3e3cc;border:1px solid #c0873f"
    )
    boxes = "".join(
        f"<span style='{cell}'><b>{pool[c]}</b> {c}</span>" for c in CATEGORIES if pool[c]
    )
    return f"<div style='{BIG}'><b>The {html.escape(who)}' resources:</b> {boxes}</div>"


def research_grid(state: ClassicalState, player: int, columns: int = 4) -> str:
    """A player's research chart as a compact grid (HTML): each trait with its level and
    its research points, ``columns`` traits a row, narrow enough for a 1024 screen."""
    chart = research_chart(state, player)
    cell = f"padding:3px 14px 3px 0;{BIG};border-bottom:1px solid #ccc"
    rows = []
    for start in range(0, len(chart), columns):
        cells = "".join(
            f"<td style='{cell}'><b>{html.escape(row['trait'])}</b> level {row['level']}, "
            f"{row['points']} research {'point' if row['points'] == 1 else 'points'}</td>"
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


#: the key to the "Fewer pieces" table
PIECES_KEY = (
    "A unit token stands for one army or fleet; a village is 1 settlement token, a city 2, "
    "and each monument in a city 1 more."
)


def token_reduction_table(game: ClassicalState | PhasePlayer) -> widgets.HTML:
    """Every territory with pieces, drawn with ordinary pieces and with token reduction:
    of one position, or of the position a :class:`PhasePlayer` shows, following it as
    its buttons play (the caption says which round and phase)."""
    if not isinstance(game, PhasePlayer):
        return table(experiments.token_reduction_rows(game), caption=PIECES_KEY)
    out = widgets.HTML()

    def follow(now: ClassicalState, where: str) -> None:
        out.value = table(
            experiments.token_reduction_rows(now), caption=f"{where}, as on the map. {PIECES_KEY}"
        ).value

    game.followers.append(follow)
    game.show()
    return out


def all_decisions(game: Game) -> FoldOut:
    """Every rule decision of the game, numbered, folded away under one title that says
    how many are ours: a button Tab reaches, opened with Enter or Space (an Accordion's
    header was reached by the mouse only, look 12)."""
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
    rulebook = len(decisions) - ours
    title = f"All {len(decisions)} decisions: {ours} ours, {rulebook} from the rulebook"
    return FoldOut(title, table(rows))


#: the height the row of buttons, phases and the sentence over a watched game's map
#: take (the map keeps to the rest of the window)
WATCH_TOP_PX = 194


_WATCH_CSS = (
    "<style>.hcgames-large .hc-watch-top { position: sticky; top: 0; z-index: 3;"
    " background: white; box-shadow: 0 2px 4px rgba(0, 0, 0, 0.15); }"
    # the boxes around it do not scroll (each fits what it holds), but a box that could
    # would hold the row in place inside itself: the page is what scrolls
    " .hcgames-large :is(.jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output,"
    " .widget-box):has(.hc-watch-top) { overflow: visible !important; }</style>"
)


class WatchStepper(GameStepper):
    """A game the computers play among themselves, watched a move at a time (lesson
    24): Back, Step, Auto, the row of phases and the sentence saying where the game is
    over the map, which takes the whole width of the window (58 names on a map beside a
    column were too small to read at 1024x700); the moves played and, on a narrow
    window, the map's key under it. Step rolls the dice: nobody sets them here."""

    def __init__(self, state: State, bots: Sequence[Bot], seed: int = 0) -> None:
        super().__init__(state, bots=list(bots), seed=seed, set_dice=False)
        self._over_map()

    def _over_map(self) -> None:
        views, side = self.stepper_main.children
        map_view = self.map_view
        assert map_view is not None  # the Classical world has a map
        key = map_view.legend
        buttons = side.children[0]
        on_top = [buttons, self.timeline, self.text_line]
        for part in on_top:
            part.layout.flex = "0 0 auto"
        top = widgets.VBox([*on_top, self._region_row()], layout=widgets.Layout(width="100%"))
        # under Large text the map runs on below the window: the buttons stay in sight
        # over it as the page scrolls (a control and what it changes in one window)
        top.add_class("hc-watch-top")
        # the key beside the map on a wide window, a copy under it on a narrow one
        pictured, below = _map_with_key(views, key, map_view, WATCH_TOP_PX)
        self._views_box, self._key = views, key
        self._region_maps: dict[str, MapView] = {"": map_view}
        unit = one_screen(unit=widgets.VBox([widgets.HTML(_KEY_CSS + _WATCH_CSS), top, pictured]))
        parts = [c for c in side.children if c not in (key, *on_top)]
        rest = _row_under(parts, below)
        self.children = [self.children[0], unit, rest, self.messages]

    def _region_row(self) -> widgets.HBox:
        """Buttons that show the whole map or one region of it, closer (the ``views`` of
        data/classical/theatres.json): the whole Mediterranean's names are small
        projected (look 13)."""
        data = theatres(self.game.id)
        spec = data.get("theatres", {})
        self.region_buttons = widgets.ToggleButtons(
            options=[
                ("Whole map", ""),
                *((str(spec[v].get("button", v)), str(v)) for v in data.get("views", [])),
            ],
            value="",
            style={"button_width": "auto"},
        )
        self.region_buttons.observe(self._show_region, names=["value"])
        row = widgets.HBox(
            [widgets.HTML("<b>Map shows:</b>"), self.region_buttons],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 8px"),
        )
        row.add_class("hcgames-region-views")
        return row

    @guarded
    def _show_region(self, _change: Any = None) -> None:
        """Put the map of the region picked (made on its first pick) where the map is,
        as the game stands now."""
        name = str(self.region_buttons.value)
        old = self.map_view
        view = self._region_maps.get(name)
        if view is None:
            view = MapView(self.state, theatre=name, beside=True)
            # one key beside the map: the first map's, kept as the map shown writes it
            widgets.dlink((view.key_beside(), "value"), (self._key, "value"))
            view.on_select(self.picker.set_regions)
            self._region_maps[name] = view
        if view is old:
            return
        box = self._views_box
        box.children = tuple(view if c is old else c for c in box.children)
        self.map_view = view
        self.region_views = [view if v is old else v for v in self.region_views]
        aspect = view.width / view.height
        box.layout.max_width = f"calc((100vh - {WATCH_TOP_PX}px) * {aspect:.4f})"
        view.update(self.state)
