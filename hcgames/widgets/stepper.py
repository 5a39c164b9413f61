"""Step through a game one action at a time, or play it against bots.

:class:`GameStepper` puts the buttons (Back, Step, Play the rest of this phase, Auto) over
the views of one game: phase timeline, round counter, the game's map, board or card
rows, the action picker, the dice panel and the event log. Every button has a
Python twin (:meth:`GameStepper.step`, :meth:`GameStepper.back` ...), which is how
the tests and the notebooks drive it.

Back is exact: the stepper keeps a copy of the position every few actions and
replays the actions since the nearest copy, so the restored position has the same
snapshot as before. Chance steps are sampled with a :class:`random.Random` seeded
from the stepper's seed and the number of actions played, so stepping back and
forward again shows the same roll.

One module past 600 lines on purpose: the stepper is one view whose parts (built by
the constructor's named helpers), its stepping and its redraw share the same buttons,
views and checkpoints; the play screen subclasses it whole.
"""

from __future__ import annotations

import asyncio
import random
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from hcgames.bots import make_bot
from hcgames.core import Action, Game, IllegalAction, State
from hcgames.play import Bot, sample_outcome
from hcgames.theatres import play_theatre
from hcgames.widgets._base import (
    SCROLL_NAMES,
    View,
    guarded,
    one_screen,
    phase_words,
    round_of,
)
from hcgames.widgets.cards import game_words
from hcgames.widgets.maps import BoardView, MapView, RegionView
from hcgames.widgets.panels import ActionPicker, CardRowsView, DicePanel, EventLog
from hcgames.widgets.regions import LARGE_TEXT_ZOOM
from hcgames.words import plain_plurals, plural

__all__ = ["BOT_NAMES", "GameStepper"]

#: the bots the Auto dropdown offers, by name: the three levels, then the plain bots
BOT_NAMES = ("easy", "medium", "hard", "random", "greedy", "mcts")
#: how the dropdown shows each bot name to a class: the three levels in plain words
#: (a generic bot of :data:`hcgames.bots.GENERIC_BOTS` shows as the level nearest it)
LEVEL_WORDS = {
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "random": "Easy",
    "greedy": "Medium",
    "mcts": "Hard",
}
_LEVEL_OF = {"random": "easy", "greedy": "medium", "mcts": "hard"}


def level_options(current: str) -> list[tuple[str, str]]:
    """The Auto dropdown's options: Easy, Medium, Hard; ``current`` (a bot name) takes
    the place of the level it plays like, so the bot chosen in code keeps playing."""
    options = {"easy": "easy", "medium": "medium", "hard": "hard"}
    level = _LEVEL_OF.get(current, current)
    if level in options:
        options[level] = current
    else:
        options[current] = current
    return [(LEVEL_WORDS.get(level, level.capitalize()), name) for level, name in options.items()]


CHECKPOINT_EVERY = 16


def _seat_bots(
    bots: Mapping[int, Bot | str] | Sequence[Bot | str | None] | Bot | str | None,
    players: int,
    seed: int,
    game: Game | None = None,
) -> dict[int, Bot]:
    if bots is None:
        return {}
    items: Iterable[tuple[int, Bot | str | None]]
    if isinstance(bots, str) or hasattr(bots, "choose"):
        # one bot (or bot name) for every seat
        one: Any = bots
        items = [(seat, one) for seat in range(players)]
    elif isinstance(bots, Mapping):
        items = bots.items()
    else:
        items = enumerate(bots)
    out: dict[int, Bot] = {}
    for seat, bot in items:
        if not 0 <= seat < players:
            raise ValueError(f"bot seat {seat} does not exist: the game has {players} players")
        if bot is None:
            continue
        out[seat] = make_bot(bot, seed + seat, game=game) if isinstance(bot, str) else bot
    return out


#: the window height a stepper's page map leaves for the lines above it (the title,
#: the sentence and the phases, then the map's own line)
MAP_HEADER = 110


#: a long move in a stepper's list (a General's ability and what it does) wraps under
#: itself instead of being cut off at the list's edge; a browser makes every row as tall
#: as the tallest, so the list keeps to twelve lines and scrolls
_WRAP_STYLE = (
    "<style>.hcgames-stepper .widget-select select { white-space: normal; overflow-x: hidden;"
    " line-height: 1.35; max-height: calc(12 * 1.35em + 6px); }"
    " .hcgames-stepper .widget-select option { white-space: normal; padding-left: 1.2em;"
    " text-indent: -1.2em; }"
    # a table of cards beside the list keeps its place with Large text: the row would
    # wrap and put the list and Step some 2,000 px under the cards at 1024 (lesson 40)
    " .hcgames-large .hcgames-stepper-cards { flex-wrap: nowrap !important; }</style>"
)


def _wrapping(words: str) -> str:
    """A long move with a zero-width space after each space: the list shows spaces as
    non-breaking ones, so it could not wrap otherwise."""
    return words.replace(" ", " \u200b") if len(words) > 40 else words


def _folded(key: str) -> str:
    """CSS folding a map's key (``key``, a selector) to no height, its swatches drawn."""
    return (
        f"{key} {{ height: 0 !important; min-height: 0 !important; margin: 0 !important; "
        f"padding: 0 !important; overflow: hidden; visibility: hidden; }} "
        f"{key} svg {{ visibility: visible; }}"
    )


class GameStepper(View):
    """Back / Step / Play the rest of this phase / Auto over any game of the contract.

    ``bots`` names a bot per seat (a list, or a dict ``{seat: bot}``), or one bot for
    every seat; a bot may be given by name (a level, ``"easy"``, ``"medium"`` or
    ``"hard"``, or a generic bot such as ``"random"``: :func:`hcgames.bots.make_bot`).
    Step plays one action: a chance step is sampled, a seat with a bot asks its bot,
    any other seat plays the action picked in the picker. Play the rest of this phase and
    Auto let the bot chosen in the dropdown play the seats that have no bot.
    ``set_dice=False`` never shows the list of dice outcomes: Step then always rolls.
    ``computer_controls=False`` leaves out Play the rest of this phase, the level and Auto.
    ``list_first=True`` puts the move list above Back and Step, so a keyboard reaches
    the list first, then Step, which plays the move picked there (lesson 40).
    ``phase_button`` gives Play the rest of this phase other words and tooltip (the start page).
    """

    #: whether the move list keeps its own Apply button: a stepper's Step plays the move
    #: picked, so it has none (a play screen, with its own buttons, keeps it)
    PICKER_APPLIES = False
    #: whether the phases and the sentences saying where the game is sit under the
    #: buttons, beside the map (a lesson's stepper), rather than above it (a play
    #: screen lays them out itself)
    STATUS_BESIDE = True

    def __init__(
        self,
        state: State,
        bots: Mapping[int, Bot | str] | Sequence[Bot | str | None] | Bot | str | None = None,
        *,
        seed: int = 0,
        auto_pass: bool = False,
        auto_bot: str = "greedy",
        humans: Iterable[int] | None = None,
        viewer: int | None = None,
        map_width: int | None = None,
        board_width: int = 560,
        map_focus: Iterable[str] = (),
        map_shown_width: float | Callable[[int, int], float] | None = None,
        set_dice: bool = True,
        computer_controls: bool = True,
        list_first: bool = False,
        phase_button: tuple[str, str] | None = None,
        log_rows: int = 6,
    ) -> None:
        self.state = state
        self.log_rows = log_rows  # the latest events the log lists (lesson 30: a turn of 10)
        #: whether the list of dice outcomes ("Set this outcome") shows at a roll: a page
        #: that only watches a game (the start page) lets Step roll the dice
        self.set_dice = set_dice
        self.game: Game = state.game
        self.seed = seed
        self.bots = _seat_bots(bots, self.game.num_players, seed, self.game)
        self.humans: set[int] | None = set(humans) if humans is not None else None
        self._base = len(state.history)
        self._checkpoints: dict[int, State] = {self._base: state.copy()}
        self._auto_bots: dict[str, Bot] = {}
        #: pass dice, draws and steps with a single possible move by themselves
        self.auto_pass = auto_pass
        #: what passed by itself since the last click, in words
        self.passed: list[str] = []
        #: one sentence saying why a button did nothing (shown once, under the buttons)
        self.wait_notice = ""

        buttons = self._build_buttons(auto_bot, computer_controls, phase_button)

        board = self._build_views(state, viewer, map_width, board_width, map_focus, map_shown_width)
        self._build_panels(state, seed)

        header = self._header()
        # One screen: the board (map, board or cards) on the left, and beside it the
        # buttons, the choices, the dice and what happened, so a click and what it changes
        # are in sight together at 1366x768 and 1024x700; the row wraps on a narrower
        # page. Stacked, not in tabs: a figure inside a hidden tab has no size and bqplot
        # then logs errors in the browser console.
        buttons.layout = widgets.Layout(flex_flow="row wrap")
        side = widgets.VBox(
            [buttons, self.pass_line, self.picker, self.dice, self.event_log],
            layout=widgets.Layout(flex="0 1 420px", min_width="300px", max_width="480px"),
        )
        views = widgets.VBox(
            [view for _, view in board],
            layout=widgets.Layout(flex="1 1 520px", min_width="0"),
        )
        #: Large text's rule for a page-wide map (see :meth:`_large_text_beside`)
        self.large_style: widgets.HTML | None = None
        self._fit_to_window(side, views, board)
        self.stepper_main = one_screen(views, side)
        if self.large_style is not None:
            self.stepper_main.add_class(self.stepper_fit_class)
        parts: list[widgets.Widget] = [self.timeline, self.stepper_main]
        super().__init__(parts)
        self.children = [header, self.text_line, *parts, self.messages]
        if self.STATUS_BESIDE:
            self._status_beside(header, buttons, side, list_first)
        if self.large_style is not None:
            self.children = (*self.children, self.large_style)
        self.add_class("hcgames-stepper")
        self.text_line.add_class("hcgames-stepper-text")
        if self.auto_pass:
            self._pass_forced()
            # the first position shown is the first real choice: Back stops there
            self._base = len(self.state.history)
            self._checkpoints = {self._base: self.state.copy()}
        self._refresh()

    def _fit_to_window(
        self, side: widgets.VBox, views: widgets.VBox, board: list[tuple[str, View]]
    ) -> None:
        """A page-wide map keeps to the window's height with its key beside it; a card
        table and the column beside it each scroll in their own box."""
        if self.map_view is not None and self.map_view.fluid:
            # The map's height is what limits it: its key goes beside it, at the foot of
            # the side column, and the map grows to the window's height less the title
            # lines (about 970 px wide at 1366x768). The side column takes what the page
            # leaves over 1000 px (300 px at 1024 wide, 366 px at 1366) and scrolls in
            # its own box if it is ever taller than the window.
            key = self.map_view.key_beside()
            side.children = (*side.children, key)
            # the same key under the map too: a narrow window shows that one, where the
            # map leaves room (the column beside it had no room left at 1024x700)
            views.children = (*views.children, key)
            side.layout = widgets.Layout(
                flex="0 0 clamp(300px, calc(100vw - 1000px), 440px)",
                min_width="300px",
                max_height="calc(100vh - 40px)",
                overflow="hidden auto",
            )
            for part in side.children:  # a short window scrolls the column, never squeezes it
                part.layout.flex = "0 0 auto"
            # on a short window the log (newest first) gives up a few lines to the key
            # (lesson 00 at 1366x768: 18em cut the key's last lines off the column)
            self.event_log.set_height("clamp(6em, calc(100vh - 580px), 18em)")
            aspect = self.map_view.width / self.map_view.height
            views.layout.max_width = f"calc((100vh - {MAP_HEADER}px) * {aspect:.4f})"
            self._large_text_beside(side, views, aspect)
        if self.cards_view is not None:
            # a table of cards can be taller than the screen: it scrolls in its own box
            views.layout.max_height = "calc(100vh - 40px)"
            views.layout.overflow = "auto"
            # and so does the column of buttons, lines and moves beside it: the two stay
            # in one window together (lesson 40's column had grown to 772 px)
            side.layout.max_height = "calc(100vh - 40px)"
            side.layout.overflow = "hidden auto"
            for _, view in board:
                view.layout.flex = "0 0 auto"  # scroll the column, never squeeze the map
            # under Large text the page grows instead: no box scrolling inside the page
            views.add_class("hcgames-scroll-box")
            side.add_class("hcgames-scroll-box")

    def _large_text_beside(self, side: widgets.VBox, views: widgets.VBox, aspect: float) -> None:
        """Under Large text (the page zoomed half as large again) the column of buttons
        stays beside the map it drives, instead of wrapping under it a screen away: on a
        wide window the column keeps 200 px (300 on the screen, running on below the
        map) and the map the rest, wider than without Large text (236 px left the map
        of lesson 14 narrower at 1366x768) and no taller than the window once scrolled
        to (lengths in a zoomed page are zoomed too: 100vh is then 1.5 screens, hence
        the division)."""
        uid = f"hcgames-stepper-{id(self):x}"
        self.stepper_fit_class = uid
        side.add_class(f"{uid}-side")
        views.add_class(f"{uid}-map")
        zoom = LARGE_TEXT_ZOOM
        large = f"@media (min-width: 1200px) {{ .hcgames-large .{uid}"
        self.large_style = widgets.HTML(
            f"<style>{large} {{ flex-wrap: nowrap !important; }} "
            f".hcgames-large .{uid}-side {{ flex: 0 0 200px !important; "
            "min-width: 200px !important; "
            # the column runs on below the map: the page scrolls, never a box inside it
            # (a column cut at the window's height hid the log and the key, lesson 00)
            "max-height: none !important; overflow: visible !important; } "
            f".hcgames-large .{uid}-map {{ flex: 1 1 0 !important; min-width: 0 !important; "
            f"max-width: calc((100vh / {zoom} - 24px) * {aspect:.4f}) !important; }} }}"
            # a Chromebook (1024 wide): the column keeps beside the map too, as wide on
            # the screen as without Large text (200 px, 300 on the screen), so the map
            # keeps its size
            f"@media (max-width: 1199px) {{ .hcgames-large .{uid} {{ "
            "flex-wrap: nowrap !important; } "
            f".hcgames-large .{uid}-side {{ flex: 0 0 200px !important; "
            "min-width: 200px !important; max-height: none !important; "
            "overflow: visible !important; } "
            f".hcgames-large .{uid}-map {{ flex: 1 1 0 !important; min-width: 0 !important; }} }}"
            # the column's buttons as wide as their words, two to a row, and eight lines
            # of the log in sight (its own height left it two at 700 px high)
            f".hcgames-large .{uid}-side :is(.widget-button, .widget-dropdown) {{ "
            "width: auto !important; max-width: 100%; } "
            f".hcgames-large .{uid}-side .widget-text {{ width: 8.5em !important; }} "
            f".hcgames-large .{uid}-side .hcgames-events {{ "
            "max-height: calc(8 * 1.4em) !important; } "
            # what a click changes right under the buttons: the parts of the round, then
            # the log of what happened (newest first), then the longer sentences
            f".hcgames-large .{uid}-side > .hcgames-side-first {{ order: -3; }} "
            f".hcgames-large .{uid}-side > .hcgames-side-phases {{ order: -2; }} "
            f".hcgames-large .{uid}-side > .hcgames-side-log {{ order: -1; }} "
            # one of the key's two places shows it; the other folds it to nothing, but
            # not display: none (its patterns fill the map, and a hidden pattern paints
            # nothing): under the map on a window narrower than 1300 px, beside it above
            f"@media (min-width: 1300px) {{ {_folded(f'.{uid}-map .hcgames-legend-beside')} }} "
            f"@media (max-width: 1299px) {{ {_folded(f'.{uid}-side .hcgames-legend-beside')} }}"
            "</style>",
            layout=widgets.Layout(height="0px", margin="0"),
        )

    def _status_beside(
        self, header: widgets.HBox, buttons: widgets.HBox, side: widgets.VBox, list_first: bool
    ) -> None:
        """Step and what it changes on one screen: the phases, the sentence saying
        where the game is and the board's own line ("... may step to ...") go under
        the buttons, beside the map or board, which then starts right under the title
        and fits the window whole."""
        said = [self.timeline, self.text_line, *(v.text_line for v in self.region_views)]
        if callable(getattr(self.state, "now_words", None)):
            # CONQUEST (lesson 30): the sentence under the buttons says the turn and its
            # moves used; "Now: Black is moving." and the board's "Turn 2: Black is
            # moving, 10 of 20 moves used." said it twice more (the board keeps its
            # words on a pick)
            self.timeline.layout.display = "none"
            for view in self.region_views:
                if isinstance(view, BoardView):
                    view.says_turn = False
                    view.update(self.state)
        for part in said:
            part.layout.flex = "0 0 auto"
        for view in self.region_views:
            view.children = [c for c in view.children if c is not view.text_line]
        # the move list (and the dice) right under Step, which plays the move picked
        first = [buttons, self.picker, self.dice]
        if self.cards_view is not None and not self.region_views and self.large_style is None:
            self.stepper_main.add_class("hcgames-stepper-cards")  # (see _WRAP_STYLE)
        if list_first:  # Tab reaches the list, then Step (which plays its pick)
            first = [self.picker, buttons, self.dice]
            # the list keeps its height (the column scrolls): shrunk, it ran under Step
            self.picker.layout.flex = buttons.layout.flex = "0 0 auto"
            # and the next Tab after the list is Step, not Back (Enter there undoes)
            rest_buttons = [c for c in buttons.children if c is not self.step_button]
            buttons.children = [self.step_button, *rest_buttons]
        rest = [c for c in side.children if c not in first]
        if self.map_view is not None:
            # beside a map the log of what happened comes straight under Step, above the
            # long sentence of where the game stands: a step's move is read in sight of
            # the button (look 13, lesson 10: the log was under the fold at 1366x768)
            first = [*first, self.event_log]
            rest = [c for c in rest if c is not self.event_log]
        side.children = [*first, *said, *rest]
        for part in first:  # (their order under Large text: _large_text_beside)
            part.add_class("hcgames-side-first")
        self.timeline.add_class("hcgames-side-phases")
        self.event_log.add_class("hcgames-side-log")
        self.children = [header, self.stepper_main, self.messages]

    def _header(self) -> widgets.HBox:
        """The game's title, with the round counter at the right."""
        return widgets.HBox(
            [self.title, self.round_counter],
            layout=widgets.Layout(justify_content="space-between"),
        )

    def _build_buttons(
        self,
        auto_bot: str,
        computer_controls: bool = True,
        phase_button: tuple[str, str] | None = None,
    ) -> widgets.HBox:
        """The title, the round counter, the timeline and the row of buttons: Back,
        Step, and the computer's controls (Play the rest of this phase, its level, Auto).
        ``phase_button`` (the words and the tooltip of Play the rest of this phase) say it the
        page's way (the start page: "Play to the next part")."""
        self.title = widgets.HTML(
            f"<b>{escape(self.game.describe())}</b>", layout=widgets.Layout(flex="1 1 auto")
        )
        self.round_counter = widgets.HTML(layout=widgets.Layout(flex="0 0 auto", margin="0 8px"))
        self.timeline = widgets.HTML()
        self.back_button = widgets.Button(
            description="Back",
            icon="step-backward",
            tooltip="Undo the last move (exactly: the earlier position comes back)",
        )
        self.step_button = widgets.Button(
            description="Step",
            icon="step-forward",
            button_style="primary",
            tooltip="Play the next move: the computer's, one left to chance, "
            "or the one you picked below",
        )
        # a game may say it in its own words (CONQUEST: "Play to the turn's end")
        own: tuple[str, str] = getattr(
            self.game,
            "phase_button_words",
            ("Play the rest of this phase", "Keep playing until the next phase begins"),
        )
        phase_words, phase_tip = phase_button if phase_button is not None else own
        self.phase_button = widgets.Button(
            description=phase_words,
            icon="fast-forward",
            tooltip=phase_tip,
            layout=widgets.Layout(width="auto"),
        )
        self.auto_button = widgets.Button(
            description="Auto",
            icon="play",
            tooltip="Let the computer play the number of moves given",
        )
        self.bot_choice = widgets.Dropdown(
            options=level_options(auto_bot),
            value=auto_bot,
            description="Computer",
            tooltip="How well the computer plays the sides nobody else plays, "
            "during Auto and Play the rest of this phase",
            layout=widgets.Layout(width="14em"),
            style={"description_width": "5em"},
        )
        self.auto_steps = widgets.BoundedIntText(
            value=20,
            min=1,
            max=100_000,
            description="Moves",
            tooltip="How many moves Auto plays",
            layout=widgets.Layout(width="10em"),
            style={"description_width": "4em"},
        )
        self.back_button.on_click(lambda _b: self.back())
        self.step_button.on_click(lambda _b: self.step())
        self.phase_button.on_click(lambda _b: self.play_to_phase_end())
        self.auto_button.on_click(lambda _b: self.auto_clicked())
        # a lesson whose student plays one side may leave these out: Step plays the computer
        shown = None if computer_controls else "none"
        self.auto_controls = widgets.HBox(
            [self.phase_button, self.bot_choice, self.auto_steps, self.auto_button],
            layout=widgets.Layout(flex_flow="row wrap", display=shown),
        )
        if len(self.bots) == self.game.num_players:
            # every side has its own computer player: the level menu would do nothing
            self.bot_choice.layout.display = "none"
        return widgets.HBox([self.back_button, self.step_button, self.auto_controls])

    def _build_views(
        self,
        state: State,
        viewer: int | None,
        map_width: int | None,
        board_width: int,
        map_focus: Iterable[str],
        map_shown_width: float | Callable[[int, int], float] | None,
    ) -> list[tuple[str, View]]:
        """The game's map, board and card table, those it has, each with its name."""
        self.map_view: MapView | None = None
        self.board_view: BoardView | None = None
        self.cards_view: CardRowsView | None = None
        board: list[tuple[str, View]] = []
        if self.game.geojson():
            # the map fills the page width unless a width is given (the play screen)
            # a scenario's theatre only when every open place is in it (hcgames.theatres)
            self.map_view = MapView(
                state,
                width=map_width,
                focus=map_focus,
                theatre=play_theatre(self.game),
                shown_width=map_shown_width,
                beside=map_width is None,  # its key beside it (below)
            )
            board.append(("Map", self.map_view))
        if self.game.board_layout():
            self.board_view = BoardView(state, width=board_width)
            board.append(("Board", self.board_view))
        if state.card_rows(viewer) is not None:
            self.cards_view = CardRowsView(state, viewer=viewer)
            board.append(("Cards", self.cards_view))
        self.region_views: list[RegionView] = [
            v for v in (self.map_view, self.board_view) if v is not None
        ]
        return board

    def _build_panels(self, state: State, seed: int) -> None:
        """The list of moves, the dice, the log and the line of steps that passed by
        themselves; a pick on the map or the board narrows the list."""
        self.picker = ActionPicker(
            # a move as the play screen words it (a General's ability by what it does)
            state,
            on_action=self._human_action,
            describe=lambda a: _wrapping(game_words(self.game, self.state.action_words(a))),
        )
        self.picker.children = (*self.picker.children, widgets.HTML(_WRAP_STYLE))
        if not self.PICKER_APPLIES:
            # one button per meaning: Step plays the move picked in the list
            self.picker.apply_button.layout.display = "none"
        names: dict[str, str] = {}
        for view in self.region_views:
            names.update({r: view.region_name(r) for r in view.region_ids})
        self.dice = DicePanel(state, on_action=self._chance_action, seed=seed, names=names)
        self.event_log = EventLog(state, rows=self.log_rows)
        # one sentence says where the game is: the stepper's own line; the panels
        # under it would only repeat its first words
        for panel in (self.picker, self.dice, self.event_log):
            panel.text_line.layout.display = "none"
        self.pass_line = widgets.HTML()
        self.pass_line.add_class("hcgames-passed")
        for view in self.region_views:
            view.on_select(self.picker.set_regions)
        # Show all forgets the places picked on the map too: a click after it picks its
        # place anew (look 9, lesson 13: a click on Numidia dropped it from the old
        # pick, and "Picked: Carthage" listed Carthage's moves)
        self.picker.show_all_button.on_click(lambda _b: self._forget_map_picks())

    # --- choosing and applying -------------------------------------------------
    def chance_rng(self) -> random.Random:
        """The generator for the chance step at the current ply (same ply, same roll)."""
        return random.Random(self.seed * 1_000_003 + len(self.state.history))

    def _forget_map_picks(self) -> None:
        """Drop the places picked on every map (after Show all), saying so on the map."""
        for view in self.region_views:
            if view.selection:
                view.clear_selection()

    def auto_bot(self) -> Bot:
        name = str(self.bot_choice.value)
        if name not in self._auto_bots:
            self._auto_bots[name] = make_bot(name, self.seed, game=self.game)
        return self._auto_bots[name]

    def waiting_for_human(self) -> bool:
        """True when a human seat (see PlayApp) must choose before play goes on."""
        state = self.state
        return (
            self.humans is not None
            and not state.is_terminal()
            and state.current_player in self.humans
        )

    def next_action(self, auto: bool = False) -> Action:
        """What Step (or Auto, with ``auto=True``) would play now."""
        state = self.state
        if state.is_chance():
            return sample_outcome(state.chance_outcomes(), self.chance_rng())
        bot = self.bots.get(state.current_player)
        if bot is not None:
            return bot.choose(state)
        if auto or (self.humans is not None and state.current_player not in self.humans):
            # a seat nobody plays (no person, no bot of its own): the computer chosen in
            # the dropdown plays it, at Step as at Auto (lesson 51's opponent)
            return self.auto_bot().choose(state)
        picked = self.picker.selected_action
        return picked if picked is not None else state.legal_actions()[0]

    def _advance(self, action: Action) -> None:
        self.state.apply(action)
        ply = len(self.state.history)
        if (ply - self._base) % CHECKPOINT_EVERY == 0:
            self._checkpoints[ply] = self.state.copy()

    def _human_action(self, action: Action) -> None:
        if self.humans is not None and self.state.current_player not in self.humans:
            raise IllegalAction(
                f"it is {self.state.player_name(self.state.current_player)}'s turn, "
                "not one of the human players'",
                rule="turn order",
            )
        self._advance(action)
        self._after_human()

    def _chance_action(self, action: Action) -> None:
        if not self.state.is_chance():
            raise IllegalAction("no dice roll or draw is pending", rule="chance steps")
        self._advance(action)
        self._after_human()

    def _after_human(self) -> None:
        if self.auto_pass:
            self._pass_forced()
        self._refresh()

    def forced(self) -> Action | None:
        """The move that plays itself now (with ``auto_pass``): a roll or a draw, or the
        only move a side can make; ``None`` when someone has a real choice."""
        state = self.state
        if state.is_terminal():
            return None
        if state.is_chance():
            return self.next_action()
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def _pass_forced(self) -> int:
        """Play every forced step in a row (see :meth:`forced`), saying so in
        :attr:`passed`; returns how many were played."""
        played = 0
        limit = self.game.max_actions
        while played < limit:
            action = self.forced()
            if action is None:
                break
            chance = self.state.is_chance()
            who = "" if chance else self.state.player_name(self.state.current_player)
            self._advance(action)
            played += 1
            if chance:
                self.passed.append(self.pass_words(action))
            else:
                self.passed.append(f"{who} had one possible move: {self.pass_words(action)}")
        return played

    def pass_words(self, action: Action) -> str:
        """A move that passed by itself, in words (a PlayApp uses the places' names)."""
        words = self.state.passed_words(action) or self.state.action_words(action)
        return plain_plurals(game_words(self.game, words))

    #: the chance to answer a computer's button let go for the student: (the list of
    #: steps passed by themselves of that run, the words)
    _let_go: tuple[list[str] | None, str] = (None, "")

    def _pass_html(self) -> str:
        notice, self.wait_notice = self.wait_notice, ""  # said once, until the next click
        if notice:
            return f"<div class='hcgames-notice' role='status'><b>{escape(notice)}</b></div>"
        let_go = self.let_go_html()
        if not self.passed:
            return let_go
        # one short paragraph in its own scrolling box: the board below does not move far
        items = "; ".join(escape(p) for p in self.passed)
        return let_go + (
            # focusable, so a keyboard can scroll it too (axe scrollable-region-focusable)
            "<div class='hcgames-passed-list' tabindex='0' role='region' "
            "aria-label='Moves that passed by themselves' style='font-size:15px;line-height:1.35;"
            "max-height:5.5em;overflow:auto'><b>Passed by themselves</b> (nobody had a "
            f"choice to make, {plural(len(self.passed), 'step')}): {items}.</div>"
        )

    # --- the buttons, from Python ------------------------------------------------
    #: on a person's turn with nothing picked, Step says what to do instead of playing a
    #: move for them (lessons 40 and 51, where nothing is picked until the student picks)
    wait_for_pick = False

    @guarded
    def step(self) -> Action | None:
        """Play one action (see the class docstring) and show the new position."""
        if self.state.is_terminal():
            self.say("The game is over: there is nothing left to play.")
            return None
        if self.wait_for_pick and self.waiting_for_human() and self.picker.selected_action is None:
            self.passed = []
            who = self.state.player_name(self.state.current_player)
            self.wait_notice = (
                f"It is your turn ({who}): first click a move in the list, then press Step."
            )
            self._refresh()
            return None
        self.passed = []
        action = self.next_action()
        self._advance(action)
        self._after_human()
        return action

    @guarded
    def back(self) -> bool:
        """Undo the last action; returns False at the first position."""
        ply = len(self.state.history)
        if ply <= self._base:
            self.say("This is the first position: there is nothing to undo.")
            return False
        self._restore(ply - 1)
        if self.auto_pass:
            # back over the steps that passed by themselves, to the last real choice
            while len(self.state.history) > self._base and self.forced() is not None:
                self._restore(len(self.state.history) - 1)
        self.passed = []
        self._refresh()
        return True

    def _restore(self, target: int) -> None:
        history = list(self.state.history)
        start = max(k for k in self._checkpoints if k <= target)
        state = self._checkpoints[start].copy()
        for action in history[start:target]:
            state.apply(action)
        for k in [k for k in self._checkpoints if k > target]:
            del self._checkpoints[k]
        self.state = state

    @guarded
    def play_to_phase_end(self) -> int:
        """Play until the phase (or the round) changes; returns the actions played."""
        played = self._let_answer_go()
        if self.waiting_for_human():  # the student has a choice of their own first
            if played:
                self._refresh()
                return played
            self._your_turn_first()
            return 0
        phase, round_ = self.state.phase, self.state.round
        limit = self.game.max_actions
        while (
            not self.state.is_terminal()
            and self.state.phase == phase
            and self.state.round == round_
            and played < limit
            and not self.waiting_for_human()
        ):
            self._advance(self.next_action(auto=True))
            played += 1
        self._refresh()
        return played

    @guarded
    def auto(self, n: int = 20) -> int:
        """Play up to ``n`` actions with the chosen bot; returns the actions played."""
        if self._your_turn_first():
            return 0
        played = 0
        while played < n and not self.state.is_terminal() and not self.waiting_for_human():
            self._advance(self.next_action(auto=True))
            played += 1
        self._refresh()
        return played

    #: Auto playing in the page, a move at a time (the button then stops it)
    _auto_run: asyncio.Task[int] | None = None
    _auto_stop = _auto_going = False

    def auto_clicked(self) -> None:
        """The Auto button: in a page (a running event loop), play the moves one at a
        time, the button saying "Running... (press to stop)" and a second press
        stopping it; with no loop (a script), play them at once (:meth:`auto`)."""
        if self._auto_going or (self._auto_run is not None and not self._auto_run.done()):
            self._auto_stop = True
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.auto(int(self.auto_steps.value))
            return
        self._auto_stop = False
        self._auto_run = loop.create_task(self.auto_running(int(self.auto_steps.value)))

    async def auto_running(self, n: int) -> int:
        """Play up to ``n`` actions as :meth:`auto` does, showing each one and letting
        the page answer between them (a press of the button stops the run)."""
        if self._your_turn_first():
            return 0
        button = self.auto_button
        words = (button.description, button.icon, button.button_style, button.tooltip)
        width, button.layout.width = button.layout.width, "auto"  # the whole of its words
        button.description, button.icon = "Running\u2026 (press to stop)", "stop"
        button.button_style, button.tooltip = "warning", "Stop the computer after this move"
        played = 0
        self._auto_going = True
        try:
            while (
                played < n
                and not self._auto_stop
                and not self.state.is_terminal()
                and not self.waiting_for_human()
            ):
                self._advance(self.next_action(auto=True))
                played += 1
                self._refresh()
                # the page's clicks (Stop) are read while the run waits here
                await asyncio.sleep(0.05)
        except Exception:
            self.messages.append_stderr(traceback.format_exc())
            raise
        finally:
            button.description, button.icon, button.button_style, button.tooltip = words
            button.layout.width = width
            self._auto_stop = self._auto_going = False
            self._refresh()
        return played

    def _let_answer_go(self) -> int:
        """When the student is only asked whether to answer in the other side's turn,
        the computer's buttons let the chance go for them and play on (lesson 51, look
        13: the button said to pick a move instead); returns the moves played (0 or 1)."""
        declining = self.state.declining_move() if self.waiting_for_human() else None
        if declining is None or declining not in self.state.legal_actions():
            return 0
        self.passed = []
        who = self.state.player_name(self.state.current_player)
        words = self.pass_words(declining)
        self._advance(declining)
        # said while the list of steps that passed by themselves is this run's
        self._let_go = (
            self.passed,
            f"For {who}: {words[:1].lower()}{words[1:]}; then the computer played on.",
        )
        return 1

    def let_go_html(self) -> str:
        """The chance to answer a computer's button let go for the student, said until
        the next click starts a new list of steps that passed by themselves."""
        passed, words = self._let_go
        if passed is not self.passed or not words:
            return ""
        return f"<div class='hcgames-notice' role='status'><b>{escape(words)}</b></div>"

    def _your_turn_first(self) -> bool:
        """Whether the computer's buttons must wait for a person's move: then they say
        so in one sentence under the buttons instead of doing nothing."""
        if not self.waiting_for_human():
            return False
        self.passed = []
        who = self.state.player_name(self.state.current_player)
        # "Auto" only where the page shows it; "your move", since an answer asked of the
        # student in the other side's turn is not their turn (look 9, lesson 51)
        buttons, verb = self.phase_button.description, "plays"
        if self.auto_button.layout.display != "none":
            buttons, verb = f"Auto and {buttons}", "play"
        self.wait_notice = (
            f"It is your move ({who}): pick a move in the list and press Step; {buttons} "
            f"{verb} only the computer's moves."
        )
        self._refresh()
        return True

    # --- showing -------------------------------------------------------------------
    def _show_text(self) -> None:
        # where the game is, read from the back of a room: 16 px in lines of its own
        # height (a widget line is 28 px high, which spread 13 px words over the column)
        value = (
            "<span class='hcgames-text' style='display:block;font-size:16px;"
            f"line-height:1.35'>{escape(self.text)}</span>{SCROLL_NAMES}"
        )
        if self.text_line.value != value:
            self.text_line.value = value

    def _timeline_html(self) -> str:
        now = getattr(self.state, "now_words", None)
        if callable(now):
            # a game that says where its turn stands (CONQUEST): that sentence, as a
            # status, not a row of pills that look like buttons and do nothing
            return (
                "<div class='hcgames-phases'><span class='hcgames-phase "
                f"hcgames-phase-current'>Now: {escape(str(now(short=True)))}</span></div>"
            )
        phases = list(self.game.phases())
        current = self.state.phase
        if current not in phases and self.state.event_phase in phases:
            current = self.state.event_phase  # an answer window belongs to its turn's phase
        if current not in phases:
            phases.append(current)
        # a status line, not a row of pills: grey pills with a blue one looked like buttons
        # that did nothing when clicked (look 11, lesson 44). Plain words joined by arrows,
        # the current step in bold and underlined, nothing that looks pressable
        steps = []
        for phase in phases:
            if phase == current:
                style = (
                    "color:#0B3D7A;font-weight:bold;border-bottom:3px solid #0072B2;padding:0 1px"
                )
                kind, title = "hcgames-phase hcgames-phase-current", "the current phase"
            else:
                style = "color:#4A4A4A"
                kind, title = "hcgames-phase", "a phase of the round"
            steps.append(
                f"<span class='{kind}' style='{style};white-space:nowrap;cursor:default' "
                f"title='{title}'>{escape(self.game.phase_title(phase))}</span>"
            )
        # spaces around the arrows: the line may wrap there (a window too narrow for it
        # broke "Game steps:" in two and cut the last step off)
        arrow = " <span aria-hidden='true' style='color:#8A8A8A;margin:0 2px'>\u203a</span> "
        return (
            "<div class='hcgames-phases' role='status' style='line-height:1.6'>"
            "<span style='color:#4A4A4A;margin-right:4px;white-space:nowrap'>Game steps:</span> "
            + arrow.join(steps)
            + "</div>"
            + self._round_card_html()
        )

    def _round_card_html(self) -> str:
        """A game's card for the whole round (Duels' chronicle card), drawn as a card
        beside the phases: its name and what it does, in the type of the page."""
        card = getattr(self.state, "round_card", None)
        drawn = card() if callable(card) else None
        if not drawn:
            return ""
        name, text = drawn
        return (
            "<div class='hcgames-round-card' role='note' style='display:block;margin:4px 0;"
            "padding:4px 10px;border:2px solid #8A6D3B;border-radius:6px;background:#FFF6DC;"
            f"font-size:16px;line-height:1.3'><b>This round's card: {escape(name)}</b>. "
            f"{escape(text)}</div>"
        )

    def _refresh(self) -> None:
        state = self.state
        self.round_counter.value = (
            f"<span class='hcgames-counter' data-moves='{len(state.history)}' "
            f"data-round='{state.round}' "
            f"style='white-space:nowrap'><b>{round_of(state)}</b></span>"
        )
        self.pass_line.value = self._pass_html()
        self.timeline.value = self._timeline_html()
        for view in self.region_views:
            view.forget_selection()
            view.update(state)
        if self.cards_view is not None:
            self.cards_view.update(state)
        live = not state.is_terminal()
        chance = live and state.is_chance()
        # the list of moves is for a seat a person plays: a seat with its own bot is
        # played by Step, so nobody picks for it
        human_turn = (
            live
            and not chance
            and state.current_player not in self.bots
            and (self.humans is None or state.current_player in self.humans)
        )
        self.picker.update(state)
        self.dice.update(state)
        self.picker.layout.display = None if human_turn else "none"
        shown = chance and self.humans is None and self.set_dice
        self.dice.layout.display = None if shown else "none"
        self.event_log.update(state)
        self.back_button.disabled = len(state.history) <= self._base
        self.step_button.disabled = not live
        self.phase_button.disabled = self.auto_button.disabled = not live
        if self._auto_going:
            # while Auto runs, its button (Stop) is the only one that does anything
            self.auto_button.disabled = False
            self.back_button.disabled = self.step_button.disabled = True
            self.phase_button.disabled = True
        self._show_text()

    def update(self, state: State) -> None:
        """Show another position of the same game (Back then returns to this one)."""
        if state.game is not self.game:
            raise ValueError("the stepper shows one game; make a new stepper for another")
        self.state = state
        self._base = len(state.history)
        self._checkpoints = {self._base: state.copy()}
        self._refresh()

    @property
    def text(self) -> str:
        state = self.state
        if self.game.describe_says_when:
            # a game that names its steps for players says when and who itself
            return plain_plurals(game_words(self.game, state.describe()))
        if state.is_terminal():
            outcome = state.outcome()
            winners = ", ".join(state.player_name(p) for p in outcome.winners) if outcome else ""
            result = f"{winners} won" if winners else "nobody won"
            reason = outcome.reason if outcome else "finished"
            when = f"{round_of(state)}, {phase_words(self.game, state.phase)}"
            return f"{when}: the game is over, {result} ({reason})."
        who = state.player_name(state.current_player)
        words = game_words(self.game, state.describe())  # cards by name, never by id
        when = f"{round_of(state)}, {phase_words(self.game, state.phase)}"
        return plain_plurals(f"{when}: {who} to act. {words}")
