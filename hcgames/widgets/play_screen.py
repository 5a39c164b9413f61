"""The play screen: one page on which a class plays any game of the package.

One module past 600 lines on purpose: PlayApp is one page whose three modes, list of
choices, forecasts and log all redraw from the same state after every move and share the
page's widgets; split, each part would need the whole page handed back to it.

:class:`PlayApp` puts the map (or board, or cards) and the list of choices side by
side on a wide screen; on a narrow one the list wraps to sit straight under the map.
One "Play this move" button sits under the list, so choosing and playing never
needs a scroll. Three modes are chosen with buttons, not code:

* **against the computer**: the student plays one side, a bot (at the level chosen
  from :data:`BOT_LEVELS`) plays the others, dice are rolled at once;
* **players on one screen** (hot seat): every side is a student; in card games the
  hand of the side to play is shown only after a "pass the screen" page;
* **teacher demo**: bots play every side, one Step or a run of Auto at a time.

Choices are listed in plain words with real names, grouped by kind in the game's own
words (:meth:`~hcgames.core.State.move_group`), each with what the game adds to weigh
it (:meth:`~hcgames.core.State.listed_words`: a hero card's effect on the odds, what a
capture takes); picking one outlines its regions on the map (or its cards) and, when
dice follow, states the exact chance of taking the target; where the game forecasts
its battles (:meth:`~hcgames.core.State.battle_forecast`) it also gives the battle
itself (how often each side wins it and what each result costs both sides), and why a
place offers fewer units than stand there (some have already acted). The screen reads
only the contract of :mod:`hcgames.core`: it names no game. After a battle
the dice and the result are shown large.

Beside the board, under the list and its Play button, the screen says where the game
stands (the game's own summary: moves left, units, gold...) and what just happened:
the student's move, the dice, the moves that passed by themselves (a step where a
student has only one possible move is played at once and listed, so a student is
asked only when there is a real choice, and a hot seat hands over only then), and
every move of the computer's turn with its reason. The computer's moves appear on the
board one by one (:attr:`PlayApp.PAUSE` seconds each). **New game** starts again with
the same mode, side and level; during a game it asks first, on the page ("No, keep
playing" / "Yes, start a new game"); after Game over the banner says to press it. Where
the student may end the turn (or the phase) and also do something else, one button
beside Play this move ends it in one click ("End my turn").

The game is saved as a file (a download link) and loaded back from one; a file that
is not a save of this game is refused with a sentence and the game on screen stays
as it was. Text size is the page's: the page bar's "Large text" (the Voila template
share/jupyter/voila/templates/hcgames) enlarges the whole lesson, this screen with it;
``large_text`` zooms this screen alone where there is no page bar (JupyterLab).

The screen is played with the keyboard as well as the mouse: Tab reaches the list of
moves (labelled "Moves"), an arrow key picks, Tab and Enter (or Space) press Play this
move, and the focus then returns to the list (after Undo and New game too; after Game
over it goes to New game), so a student never tabs from the top of the page again.
Every control shows a 3 px focus ring (tests/test_browser_keys.py).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from hcgames.bots import explain
from hcgames.classgame import CLASS_GAMES, full_game, is_class_game, obvious_move
from hcgames.core import Action, Event, Game, SaveError, State
from hcgames.odds import Odds, battle_odds, how_often
from hcgames.play import Bot
from hcgames.theatres import play_theatre, theatres
from hcgames.widgets._base import guarded, one_screen, phase_words, round_of
from hcgames.widgets.cards import card_key, card_names, plain_card_words
from hcgames.widgets.maps import MapView
from hcgames.widgets.mywork import NO_COMPUTER, journal
from hcgames.widgets.panels import CHOICE_KINDS, choice_kind, times_in
from hcgames.widgets.regions import LARGE_TEXT_ZOOM, NAME_EM
from hcgames.widgets.stepper import GameStepper, _seat_bots
from hcgames.words import is_plural, join, plain_plurals, plural, possessive, verb

__all__ = [
    "BOT_LEVELS",
    "MODES",
    "BotLevel",
    "Odds",
    "PlayApp",
    "battle_odds",
    "bot_levels",
]

#: a CONQUEST piece with its number ("Black knight 1"): the board draws no numbers
_PIECE_NUMBER = re.compile(
    r"\b((?:White|Black) (?:soldier|elephant|chariot|knight|ship|galleon)) \d+\b"
)


@dataclass(frozen=True)
class BotLevel:
    """A level of the computer player as a student sees it."""

    label: str  # the words on the button
    bot: str  # a name that :func:`~hcgames.bots.make_bot` knows
    about: str  # one sentence for the tooltip


#: The computer's levels, easiest first. The one place that maps what a student picks
#: to a bot: the bots issue extends it with its own easy / medium / hard bots.
BOT_LEVELS: dict[str, BotLevel] = {
    "easy": BotLevel("Easy", "easy", "The computer plays a move that looks all right at a glance."),
    "medium": BotLevel(
        "Medium", "medium", "The computer plays the move that looks best right now."
    ),
    "hard": BotLevel("Hard", "hard", "The computer looks several moves ahead before it plays."),
}
#: Levels too slow in a game to keep a click quick: the screen does not offer them
#: there. None today: each game's hard level decides in well under a second
#: (bench/bench_bots.py speed: medians 0.001-0.02 s; a whole CONQUEST turn at most
#: 0.94 s, planned on its first move).
TOO_SLOW: dict[str, frozenset[str]] = {}

#: the modes, by key, with the words on their buttons (``{n}``: number of players)
MODES: dict[str, str] = {
    "bot": "Against the computer",
    "hotseat": "{n} players, one screen",
    "demo": "Teacher demo",
}

#: event kinds that report a battle (shown large after the roll)
_BATTLE_KINDS = ("battle", "losses", "retreat", "capture")

#: A window at least this wide (CSS pixels) gives the play map the room the page has.
WIDE_WINDOW = 1280
#: On a wide window the side column (banner, moves, Play, what happened, the map's key)
#: keeps this much of the window's width; the map takes the rest (916 px at 1366 wide).
WIDE_SIDE = 450
#: ... and the map is no taller than the window less this (the line above the map and
#: the page's margins), so the map is on one screen with the moves beside it.
WIDE_MAP_HEADER = 90
#: ... or less this when the student's cards are under the map (lesson 54): the cards
#: keep the room they had under the fixed map at 1366x768, less the key now beside it,
#: so the map grows from 560 to about 660 px there, and more on a taller window.
WIDE_CARDS_HEADER = 325
#: ... and this much more over a whole map with region buttons over it (lesson 24's
#: full game: :meth:`PlayApp._region_row`)
REGION_ROW_PX = 44


#: On a narrower window (1024x700) the side column keeps this much of the window's
#: width, and the map the rest (about 640 px at 1024 wide): its names are sized to be
#: read there (:func:`play_map_width`), and so larger still on a wide window.
NARROW_SIDE = 380
#: Under Large text the side column keeps this many (zoomed) pixels beside the map: the
#: map shrinks to the room left, so the map, the moves and what a move did stay on one
#: screen, larger type and all.
LARGE_SIDE = 345


def wide_map_width(width: int, height: int, header: int = WIDE_MAP_HEADER) -> float:
    """How wide :func:`wide_map_css` shows a ``width`` x ``height`` map on a 1366x768
    screen."""
    return min(1366 - WIDE_SIDE, (768 - header) * width / height + 8) - 16


def narrow_map_width(width: int, height: int, header: int = WIDE_MAP_HEADER) -> float:
    """How wide :func:`wide_map_css` shows a ``width`` x ``height`` map on a 1024x700
    screen."""
    return min(1024 - NARROW_SIDE, (700 - header) * width / height + 8) - 16


def play_map_width(width: int, height: int, header: int = WIDE_MAP_HEADER) -> float:
    """The narrowest a play map is shown on a classroom screen (1024x700 or 1366x768):
    its names are sized to be read there (and are larger on the other)."""
    return min(wide_map_width(width, height, header), narrow_map_width(width, height, header))


def wide_map_css(
    box_class: str, width: int, height: int, header: int = WIDE_MAP_HEADER, grow: float = 1.0
) -> str:
    """CSS for a play map that takes the room the window gives it. The board column of
    class ``box_class`` is as wide as the window less the side column (:data:`NARROW_SIDE`
    px, or :data:`WIDE_SIDE` px on a window of :data:`WIDE_WINDOW` px and more), and the
    map no taller than the window less ``header`` px; the map's figure fills the column
    and keeps its shape (``width`` x ``height``). On a wide window the key under the map
    gives way to its copy in the side column (class ``box_class-key``); on a narrower
    one (1024x700) the key stays under the map. Under Large text (zoomed) the map keeps
    the moves beside it on a wide window: it takes the width the side column
    (:data:`LARGE_SIDE` zoomed px) leaves, up to the window's height, so the map, the
    moves and what a move did share one screen; on a narrower one the map takes the
    window's width (never smaller than without Large text) and the moves go under it."""
    aspect = width / height
    # Large text is the page's (a class on <body>) or, in JupyterLab, this screen's own
    page = "body:not(.hcgames-large) .hcgames-play:not(.hcgames-large)"
    large = ":is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large)"
    column = f"{page} .{box_class}"
    zoom = LARGE_TEXT_ZOOM
    figure = (
        f".{box_class} .hcgames-map .hcgames-figure {{ width: 100% !important; "
        f"height: auto !important; aspect-ratio: {width} / {height}; }} "
    )
    return (
        f"<style>.{box_class}-key {{ display: none !important; }} "
        f"{column} {{ width: max(300px, min(calc(100vw - {NARROW_SIDE}px), "
        f"calc((100vh - {header}px) * {aspect:.4f} + 8px))) !important; }} "
        f"{page} {figure}"
        # the moves stay in sight beside a map taller than what the window leaves under
        # the game's settings: a student scrolling down to their own lands kept the list
        # and the Play button a scroll above them (look 15, lesson 13); every box around
        # the screen lets the column stick
        f"{_sticky_side(page, box_class)}"
        f"@media (min-width: {WIDE_WINDOW}px) {{ "
        f"{column} {{ width: min(calc(100vw - {WIDE_SIDE}px), "
        f"calc((100vh - {header}px) * {aspect:.4f} + 8px)) !important; }} "
        # not hidden nor display: none: the key holds the patterns the map's regions
        # are filled with, and a hidden pattern paints nothing
        f"{column} .hcgames-map > .hcgames-legend {{ "
        "height: 0 !important; min-height: 0 !important; margin: 0 !important; "
        "padding: 0 !important; overflow: hidden; visibility: hidden; } "
        # ... but its swatches stay drawn (their patterns fill the map); its words and
        # its list of short names are hidden, so a screen reader reads the key once and
        # Tab never lands on the folded list nobody can see
        f"{column} .hcgames-map > .hcgames-legend svg {{ visibility: visible; }} "
        f"{page} .{box_class}-key {{ display: flex !important; }} "
        f"{page} .{box_class}-side > * {{ flex: 0 0 auto; }} }} "
        # Large text (zoomed): the map beside the moves, in the room they leave (lengths
        # here are zoomed too: a 1.5 zoom makes 100vw one and a half windows); cards
        # under the map are a scroll away at that size whatever the map does, so the
        # map takes the window's height
        # ... never narrower than without Large text (reviewers: lessons 13 and 24's
        # maps shrank): the moves then take the room that is left
        f"{large} .{box_class} {{ width: max(240px, min(calc(100vw / {zoom:g} - "
        f"{LARGE_SIDE}px), calc((100vh / {zoom:g} - {WIDE_MAP_HEADER}px) * {aspect:.4f} "
        f"+ 8px)), calc(min(100vw - {WIDE_SIDE}px, (100vh - {header}px) * {aspect:.4f} "
        f"+ 8px) / {zoom:g})) "
        "!important; flex-shrink: 0 !important; } "
        f"{large} .hcgames-play-main:has(> .{box_class}) {{ flex-wrap: nowrap !important; }} "
        # ... but on a narrower window (1024x700) the room beside the moves left the map
        # smaller than without Large text (644 -> 522 px): there the map takes the
        # window's width, up to its height, and the moves go under it
        f"@media (max-width: {WIDE_WINDOW - 1}px) {{ {large} .{box_class} {{ "
        f"width: max(240px, min(calc(100vw / {zoom:g} - 40px), "
        f"calc((100vh / {zoom:g} - {WIDE_MAP_HEADER}px) * {aspect:.4f} + 8px))) "
        "!important; flex-shrink: 0 !important; } "
        f"{large} .hcgames-play-main:has(> .{box_class}) {{ flex-wrap: wrap !important; }} "
        f"{large} .hcgames-play-main:has(> .{box_class}) > .hcgames-side-column {{ "
        "min-width: 0 !important; flex: 1 1 100% !important; } } "
        f"{large} .{box_class}-side {{ min-width: 0 !important; }} "
        + _large_names_kept(large, box_class, width, height, header, grow)
        + "</style>"
    )


def _sticky_side(page: str, box_class: str) -> str:
    """CSS that keeps the side column (the moves) in sight while the page scrolls past
    the map of class ``box_class`` (not under Large text: there the moves may go under
    the map)."""
    row = f".hcgames-play-main:has(> .{box_class})"
    outer = ", ".join(
        f"{part}:has(.{box_class})"
        for part in (".jp-OutputArea", ".jp-OutputArea-child", ".jp-OutputArea-output")
    )
    return (
        f"{outer}, {page}:has(.{box_class}), {page} {row} {{ overflow: visible !important; }} "
        f"{page} {row} > .hcgames-side-column {{ position: sticky; top: 0; "
        "align-self: flex-start; } "
    )


def _undo_row(back: widgets.Button, new: widgets.Button) -> widgets.HBox:
    """The row of Undo and New game at the foot of the side column; under Large text it
    comes straight under the list of moves (see the play screen's style)."""
    row = widgets.HBox(
        [back, new], layout=widgets.Layout(flex_flow="row wrap", margin="0", padding="4px")
    )
    row.add_class("hcgames-undo-row")
    return row


def _large_names_kept(
    large: str, box_class: str, width: int, height: int, header: int, grow: float = 1.0
) -> str:
    """Large text narrows the play map a little (the moves beside it take more room), but
    never its names: they keep at least the size they have without Large text, each on its
    own place (issue 36: the names of lessons 13 and 24 came out 8% smaller). The map's
    type follows its width (:func:`~hcgames.widgets.regions.figure_css`); here it follows
    the width the map has without Large text when that is more (the figure undoes the
    page's zoom, so its lengths are the screen's), times ``grow``
    (:data:`~hcgames.widgets.regions.LARGE_NAME_GROW` for a map with one layout of its
    names), so the names grow under Large text."""
    aspect = width / height
    scale = NAME_EM * grow / width
    tall = f"(100vh - {header}px) * {aspect:.4f} + 8px"
    wide = f"min(100vw - {WIDE_SIDE}px, {tall})"
    narrow = f"max(300px, min(100vw - {NARROW_SIDE}px, {tall}))"
    figure = f"{large} .{box_class} .hcgames-map svg.svg-figure"
    return (
        f"{figure} {{ font-size: max(calc(100cqw * {scale:.6f}), "
        f"calc({narrow} * {scale:.6f})) !important; }} "
        f"@media (min-width: {WIDE_WINDOW}px) {{ {figure} {{ font-size: "
        f"max(calc(100cqw * {scale:.6f}), calc({wide} * {scale:.6f})) !important; }} }} "
    )


# After a move the play screen puts the keyboard's focus on what comes next (the list of
# moves): a browser scrolls a focused element it does not show whole to the middle of the
# window, so the page jumped by up to 400 px and the board under the student's pointer
# moved (look 6, lesson 34). Inside a play screen, an element the window shows even in part
# takes the focus where it stands; one out of sight comes only just into view (the least
# scroll that shows it). Runs once per page from an <img onerror> (the way the sliders get
# their names).
_KEEP_SCROLL_JS = (
    "if(window.hcKeepScroll)return;window.hcKeepScroll=1;var f=HTMLElement.prototype.focus;"
    "HTMLElement.prototype.focus=function(o){if(o||!this.closest('.hcgames-play'))"
    "return f.apply(this,arguments);var r=this.getBoundingClientRect();"
    "f.call(this,{preventScroll:true});"
    "var c=this.closest('.hcgames-confirm'),q=c&&c.getBoundingClientRect();"
    # New game's question: its words above the focused button stayed above the screen's
    # top (look 13, lesson 34); the whole question is brought into sight
    "if(q&&(q.top<0||q.bottom>window.innerHeight))c.scrollIntoView({block:'nearest'});"
    "else if(r.bottom<=0||r.top>=window.innerHeight)this.scrollIntoView({block:'nearest'});};"
)
KEEP_SCROLL = (
    "<img alt='' src='data:,' style='display:none' class='hc-keep-scroll' "
    f'onerror="{escape(_KEEP_SCROLL_JS)}">'
)


_STYLE = """<style>
.hcgames-play, .hcgames-play .widget-html-content, .hcgames-play .widget-label,
.hcgames-play .widget-button, .hcgames-play .widget-toggle-button,
.hcgames-play .widget-select select, .hcgames-play .widget-dropdown select,
.hcgames-play .widget-inline-hbox, .hcgames-play input {
  font-size: 15px; --jp-widgets-font-size: 15px; }
.hcgames-play .hcgames-card { font-size: 15px; }
.hcgames-play .widget-select option { font-size: 15px; }
/* a long choice (a hero card and its effect) wraps under itself instead of being cut off */
.hcgames-play .widget-select select { white-space: normal; overflow-x: hidden; }
.hcgames-play .widget-select option { white-space: normal; padding-left: 1.2em;
  text-indent: -1.2em; }
.hcgames-play .hcgames-events, .hcgames-play .hcgames-events li { font-size: 15px; }
.hcgames-play .widget-select select { line-height: 1.35; }
/* a browser makes every row of the list as tall as its longest (wrapped) choice: two long
   choices made a list of nine 420 px tall, mostly empty; twelve lines at most, then it scrolls */
.hcgames-play .widget-select select { max-height: calc(12 * 1.35em + 6px); }
/* on a Chromebook's short window the list of moves keeps to a third of it, so what is
   under it (Duels: the chance of the picked attack) stays beside the map */
@media (max-height: 720px) { .hcgames-play .widget-select select { max-height: 33vh; } }
/* beside a board (CONQUEST) a quarter: Undo and New game stayed under the fold (look 8, 34) */
@media (max-height: 720px) { .hcgames-play.hcgames-play-board .widget-select select {
  max-height: 25vh; } }
.hcgames-play .hcgames-phase { font-size: 15px; }
.hcgames-play .hcgames-banner { font-size: 17px; font-weight: bold; margin: 2px 0; }
.hcgames-play .hcgames-banner .widget-html-content { line-height: 1.3; }
.hcgames-play .hcgames-odds { font-size: 16px; }
.hcgames-play .hcgames-score-line { font-size: 16px; font-weight: bold; margin: 2px 0;
  background: #FFF4D6; border-left: 6px solid #B8860B; padding: 2px 8px; border-radius: 4px; }
.hcgames-play .hcgames-roll { font-size: 15px; line-height: 1.3; border-left: 6px solid #0072B2;
  background: #F3F8FC; padding: 2px 8px; border-radius: 4px; margin: 2px 0; }
.hcgames-play .hcgames-die { display: inline-block; min-width: 1.6em; text-align: center;
  border: 2px solid #222; border-radius: 6px; background: white; margin: 0 3px;
  font-size: 20px; font-weight: bold; line-height: 1.3em; }
.hcgames-play .hcgames-pass { font-size: 22px; padding: 40px 20px; text-align: center;
  background: #F3F3F3; border-radius: 8px; }
.hcgames-play .widget-toggle-buttons .widget-toggle-button { width: auto;
  padding: 0 10px; }
/* the chosen one (game, side, computer level) unmistakable: dark, outlined, ticked */
.hcgames-play .widget-toggle-buttons .widget-toggle-button.mod-active {
  background: #1A4F9C; color: white; font-weight: bold; outline: 3px solid #0B2C5E;
  outline-offset: -3px; }
.hcgames-play .widget-toggle-buttons .widget-toggle-button.mod-active::before {
  content: "\\2713\\00a0"; }
.hcgames-play .hcgames-happened .widget-html-content { font-size: 14px; line-height: 1.35; }
.hcgames-play .hcgames-happened ul, .hcgames-play .hcgames-happened ol { margin: 2px 0; }
.hcgames-play .hcgames-happened li { margin: 0; }
body:not(.hcgames-large) .hcgames-play.hcgames-large { zoom: 1.5; }
/* the column beside the map keeps to one screen: an empty line takes no room, and the
   buttons under the list keep to one row */
.hcgames-play .hcgames-side-column > .widget-html:has(> .widget-html-content:empty) {
  display: none; }
.hcgames-play .hcgames-side-column .widget-button { padding: 0 8px; margin: 2px 3px; }
.hcgames-play .hcgames-debrief td, .hcgames-play .hcgames-debrief th { padding: 2px 14px 2px 0;
  text-align: left; vertical-align: top; }
.hcgames-play .hcgames-debrief tbody tr:nth-child(odd) { background: #F4F4F4; }
.hcgames-play .hcgames-upload { font-size: 0 !important; }
.hcgames-play .hcgames-upload i { font-size: 15px; margin-right: 6px; }
.hcgames-play .hcgames-upload::after { content: "Load a saved game"; font-size: 15px; }
/* the hand above the moves (Historical): wider, shorter cards whose history line waits
   in the tooltip and on the card once in play, so hand, moves and Play share a screen */
.hcgames-play .hcgames-hand-area .hcgames-card { max-width: 13.5em; }
.hcgames-play .hcgames-hand-area .hcgames-card-line { display: none; }
/* Large text: the list of moves takes the side column's whole width, its name above it
   (beside it, the name took a fifth of the row and the longer moves were cut at the right:
   the browser keeps each move on one line); a move still too long can be scrolled to */
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
  .widget-select { flex-direction: column; align-items: stretch; }
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
  .widget-select > label { width: auto; max-width: none; text-align: left; }
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
  .widget-select > select { width: 100%; overflow-x: auto; }
/* Large text: Undo and New game straight under the list of moves and its buttons, above
   what the last move did and where the game stands; at the foot of the column, half as
   tall again, they were below the screen at 1366x768 (reviewers, lesson 34) */
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column > * {
  order: 2; }
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
  > :nth-child(-n+4) { order: 0; }
:is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
  > .hcgames-undo-row { order: 1; }
/* ... and on a narrower window (1024x700) its moves are a little smaller (21 px on the
   screen, still 40 per cent larger than without Large text), so they fit beside the map */
@media (max-width: 1279px) {
  :is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large) .hcgames-side-column
    .widget-select select, :is(.hcgames-large .hcgames-play, .hcgames-play.hcgames-large)
    .hcgames-side-column .widget-select option { font-size: 14px; } }
.hcgames-play button:focus-visible, .hcgames-play input:focus-visible,
.hcgames-play select:focus, .hcgames-play .hcgames-pass button:focus {
  outline: 3px solid #1A4F9C !important; outline-offset: 1px; }
</style>"""

# Enter on the list of moves plays the picked move, as a double click would: a student
# with a keyboard picks with the arrows and presses Enter where the eye is (Tab to Play
# this move works too). Runs once per page from an <img onerror>, the way the maps add
# their keys; the button is pressed only when it is on (a move is picked).
_ENTER_PLAYS_JS = (
    "if(window.hcEnterPlays)return;window.hcEnterPlays=1;"
    "document.addEventListener('keydown',function(e){var s=e.target;"
    "if(e.key!=='Enter'||!s||s.tagName!=='SELECT'||!s.closest)return;"
    "var app=s.closest('.hcgames-play');if(!app)return;"
    "var bs=app.querySelectorAll('button'),i;for(i=0;i<bs.length;i++){"
    "if(bs[i].textContent.indexOf('Play this move')>=0&&!bs[i].disabled&&bs[i].offsetParent){"
    "e.preventDefault();bs[i].click();return;}}});"
)
ENTER_PLAYS = (
    "<img alt='' src='data:,' style='display:none' class='hc-enter-plays' "
    f'onerror="{escape(_ENTER_PLAYS_JS)}">'
)

#: a play screen of cards alone (Speros): wide cards with their whole text at 15-16 px,
#: the page (not a box) scrolls them, and the choices beside them stay in sight as it
#: does (sticky; they scroll in their own column only if taller than the window)
CARD_TABLE_STYLE = """<style>
.hcgames-play-cards, .hcgames-play-cards .hcgames-play-main,
.jp-OutputArea:has(.hcgames-play-cards), .jp-OutputArea-child:has(.hcgames-play-cards),
.jp-OutputArea-output:has(.hcgames-play-cards) { overflow: visible !important; }
.hcgames-play-cards .hcgames-play-main { flex-wrap: nowrap !important; }
.hcgames-play-cards .hcgames-card-column { flex: 1 1 540px !important; min-width: 0; }
.hcgames-play-cards .hcgames-side-column { flex: 0 0 440px !important; min-width: 0 !important;
  position: sticky; top: 0; align-self: flex-start; }
.hcgames-play-cards .hcgames-side-column > * { flex-shrink: 0 !important; }
/* Large text keeps the moves beside the cards (at 1024 wide they fell under the whole
   table, 2300 px down): the cards take the narrower room left, two to a row */
:is(.hcgames-large .hcgames-play-cards, .hcgames-play-cards.hcgames-large)
  .hcgames-side-column { flex-basis: 330px !important; }
.hcgames-play-cards .hcgames-table { font-size: 16px; gap: 6px 8px; }
.hcgames-play-cards .hcgames-card { font-size: 16px; flex: 1 1 9.4em; min-width: 9.4em;
  max-width: 11.5em; }
.hcgames-play-cards .hcgames-card-kind, .hcgames-play-cards .hcgames-card-stats,
.hcgames-play-cards .hcgames-card-ability, .hcgames-play-cards .hcgames-card-line,
.hcgames-play-cards .hcgames-card-note, .hcgames-play-cards .hcgames-token-words {
  font-size: 15px; }
.hcgames-play-cards .hcgames-card-ability, .hcgames-play-cards .hcgames-card-line {
  display: block; -webkit-line-clamp: none; line-clamp: none; overflow: visible; }
.hcgames-play-cards .hcgames-card-band { font-size: 14px; }
/* Speros (lesson 44): every word of a card at 16 px and nothing cut (abilities cut to
   two lines at 15 px were read as broken, look 10): compact cards, the Skirmish Area and
   the hand first, the other rows below; the moves stay in sight in their sticky column */
.hcgames-play-compact .hcgames-zone { flex: 1 1 100%; }
.hcgames-play-compact .hcgames-table { gap: 4px 8px; }
.hcgames-play-compact .hcgames-zone-cards { gap: 5px; }
.hcgames-play-compact .hcgames-card { font-size: 16px; flex: 1 1 8.4em; min-width: 8.4em;
  max-width: 12em; }
.hcgames-play-compact :is(.hcgames-card-band, .hcgames-card-kind, .hcgames-card-stats,
  .hcgames-card-ability, .hcgames-card-line, .hcgames-card-note, .hcgames-token-words) {
  font-size: 16px; line-height: 1.2; }
.hcgames-play-compact .hcgames-card-body { padding: 2px 5px 4px; }
.hcgames-play-compact .hcgames-tokens { margin-top: 1px; }
/* the pieces on a card read from the back of a room: letters of 16 px in tokens of 23 px
   (14 px tokens with 9 px letters were read only close up, look 11) */
.hcgames-play-compact .hcgames-token { font-size: 16px; width: 23px; height: 23px;
  line-height: 19px; margin: 1px 1px 1px 0; }
/* a hand running past the foot of the window says so there, with the count of cards
   further down (the hand was cut at 1366x768 with nothing to say so, look 11) */
.hcgames-play-compact .hcgames-card-column,
.hcgames-play-compact .hcgames-card-column .widget-container { overflow: visible !important; }
.hcgames-play-compact .hcgames-hand-cue.hcgames-hand-cue-on { display: block; position: sticky;
  bottom: 0; z-index: 2; margin: 4px -2px 0; padding: 4px 10px; border-radius: 6px;
  background: #1A4F9C; color: #FFFFFF; font-size: 16px; font-weight: bold; }
.hcgames-play-compact .hcgames-card-ability { display: block; margin-top: 1px; }
.hcgames-play-compact .hcgames-card-line { display: block; margin-top: 0; }
@media (max-width: 1200px) {
  .hcgames-play-compact .hcgames-side-column { flex-basis: 370px !important; }
  .hcgames-play-compact .hcgames-card-body { padding: 2px 3px 3px; }
  .hcgames-play-compact .hcgames-card-name { overflow-wrap: break-word; }
}
</style>"""


#: a play screen of cards beside a map (Historical, lesson 54): the hand, the cards in
#: play and the map in a column the page scrolls; the moves, the Play button and what
#: the last moves did beside it, in sight as the page scrolls (sticky), so the move and
#: the battlefield it acts on share the screen at 1366x768 and 1024x700
HAND_TABLE_STYLE = """<style>
.hcgames-play-hand, .hcgames-play-hand .hcgames-play-main,
.jp-OutputArea:has(.hcgames-play-hand), .jp-OutputArea-child:has(.hcgames-play-hand),
.jp-OutputArea-output:has(.hcgames-play-hand) { overflow: visible !important; }
.hcgames-play-hand .hcgames-play-main { flex-wrap: nowrap !important; }
.hcgames-play-hand .hcgames-table-column { flex: 1 1 auto; min-width: 0; }
.hcgames-play-hand .hcgames-side-column { flex: 0 0 430px !important; min-width: 0 !important;
  max-width: none !important; position: sticky; top: 0; align-self: flex-start; }
.hcgames-play-hand .hcgames-side-column > * { flex-shrink: 0 !important; }
.hcgames-play-hand .hcgames-hand-area .hcgames-card { flex: 1 1 8.7em; min-width: 7.6em; }
/* the list's name above it: beside it, it took a fifth of the column and the longer
   moves were cut at the right */
.hcgames-play-hand .hcgames-side-column .widget-select { flex-direction: column;
  align-items: stretch; }
.hcgames-play-hand .hcgames-side-column .widget-select > label { width: auto;
  max-width: none; text-align: left; }
.hcgames-play-hand .hcgames-side-column .widget-select > select { width: 100%; }
@media (max-width: 1279px) {
  .hcgames-play-hand .hcgames-side-column { flex-basis: 350px !important; }
  .hcgames-play-hand .hcgames-hand-area .hcgames-card { flex-basis: 6.6em; min-width: 6.6em; } }
/* Large text: the moves stay beside the cards, the map takes the column's width (its
   names keep at least their size without Large text) */
:is(.hcgames-large .hcgames-play-hand, .hcgames-play-hand.hcgames-large)
  .hcgames-table-column > .hcgames-board-column { width: 100% !important; }
:is(.hcgames-large .hcgames-play-hand, .hcgames-play-hand.hcgames-large)
  .hcgames-side-column { flex-basis: 330px !important; }
@media (max-width: 1279px) {
  :is(.hcgames-large .hcgames-play-hand, .hcgames-play-hand.hcgames-large)
    .hcgames-side-column { flex-basis: 290px !important; } }
</style>"""


def bot_levels(game: Game) -> list[str]:
    """The keys of :data:`BOT_LEVELS` that ``game`` offers, easiest first."""
    return [key for key in BOT_LEVELS if game.id not in TOO_SLOW.get(key, frozenset())]


def _level_key(bot: str, game: Game) -> str:
    """``bot`` when it is a key of :data:`BOT_LEVELS`; anything else is refused."""
    if bot in BOT_LEVELS:
        return bot
    raise ValueError(f"unknown computer level {bot!r}; choose one of {', '.join(BOT_LEVELS)}")


def _percent(p: Fraction) -> str:
    return f"{float(p):.0%}"


def _is_plural(who: str) -> bool:
    """A side named as a people ("Athenians") takes a plural verb; a land ("Rome",
    "Persia") or a player ("Player 1") a singular one."""
    return who.endswith("s") and not who.endswith("ss")


def _dice_html(action: Action) -> str:
    """A dice outcome with its numbers drawn as dice: 'attacker [6], defender [2]'."""
    words = str(action)
    text = escape(words[:1].upper() + words[1:])  # "The defender rolls 6": a sentence
    return re.sub(r"\b(\d{1,2})\b", r"<span class='hcgames-die'>\1</span>", text)


def _units(values: list[int]) -> str:
    """A range of unit losses in words: "no units", "1 unit", "1 or 2 units", "1 to 3 units"."""
    low, high = values[0], values[-1]
    if high == 0:
        return "no units"
    if low == high:
        return plural(high, "unit")
    if high == low + 1:
        return f"{'none' if low == 0 else low} or {plural(high, 'unit')}"
    return f"{'none' if low == 0 else low} to {plural(high, 'unit')}"


#: a card id in brackets after a card's name: "Eaglescar Cliffs (M16)", "Scott (EX4201)"
_CARD_ID = re.compile(r"([A-Za-z.'’)]) \((?:[A-Z]{1,3}\d{2,5})\)")


def _army(units: tuple[int, int]) -> str:
    cavalry, infantry = units
    parts = [f"{cavalry} cavalry" if cavalry else "", f"{infantry} infantry" if infantry else ""]
    return " and ".join(p for p in parts if p) or "no units"


def _sum_words(parts: Sequence[tuple[str, str]]) -> str:
    """A side's total as a sum a class can follow: "Madison 400 + Algebra 300, then
    \u00d72 for Napoleon" (the parts of :class:`~hcgames.core.CardBattleForecast`)."""
    words = ""
    for what, amount in parts:
        if amount.startswith("\u00d7"):
            words += f", then {amount} for {what}"
        elif amount.startswith("="):
            words += f", {what} {amount[1:]}"
        elif amount.startswith("-") and words:
            words += f" \u2212 {what} {amount[1:]}"
        else:
            words += f" + {what} {amount.lstrip('+')}" if words else f"{what} {amount.lstrip('+')}"
    return words


def _heroes_may_play(state: State) -> bool:
    """Whether either side of a Duels game could still play a hero card."""
    owners: list[int] = list(getattr(state, "hero_owner", None) or [])
    return any(o in (0, 1) for o in owners)


def _checked_mode(game: Game, seats: Sequence[int], mode: str | None) -> str:
    """The screen's mode (:data:`MODES`), by default from the human ``seats``: none is
    a demo, every seat a hot seat, some a game against the computer; a seat the game
    does not have or an unknown mode is refused."""
    for seat in seats:
        if not 0 <= seat < game.num_players:
            players = game.num_players
            raise ValueError(f"human seat {seat} does not exist in a {players}-player game")
    if mode is None:
        mode = "demo" if not seats else "hotseat" if len(seats) == game.num_players else "bot"
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    return mode


def _moves_digest(state: State) -> str:
    """A short name for a game's moves (one finished game loaded twice is one game)."""
    return hashlib.sha1("|".join(map(str, state.history)).encode("utf-8")).hexdigest()[:16]


def _is_battle(event: Event) -> bool:
    return event.kind.startswith(_BATTLE_KINDS)


#: first words of a move that name a thing, not a doing ("the Emberpeak Dwarves")
_NOT_VERBS = frozenset({"the", "a", "an", "no", "one", "two", "three", "all", "every"})
#: doing words a game's list starts with a capital ("Play Confucius on Greece",
#: "Lead: the General and a Minion onto ...")
_CAPITAL_VERBS = frozenset(
    [
        "Attack",
        "Bring",
        "Buy",
        "Choose",
        "Confiscate",
        "Discard",
        "Discover",
        "Draw",
        "End",
        "Explore",
        "Kill",
        "Lead",
        "Lose",
        "Make",
        "Move",
        "Occupy",
        "Pass",
        "Pay",
        "Pick",
        "Plan",
        "Play",
        "Put",
        "Recruit",
        "Retire",
        "Send",
        "Take",
        "Use",
    ]
)


#: how a computer's reason starts when its move took a piece ("it retakes the enemy knight")
TAKES = ("it takes", "it retakes")


def _did_and_why(words: str) -> tuple[str, str]:
    """A CONQUEST computer move's reason, "its ship moves to f9; it looked all right",
    as what the move did worth saying beside the move ("" for a plain step, which the
    move's own words already say) and why; any other reason is all why."""
    did, sep, why = words.rstrip(".").rpartition("; ")
    if not sep or not did.startswith(("it ", "its ")):
        return "", words.rstrip(".")
    # "Black refuses to recapture: it does not retake the piece" said it twice
    plain = re.fullmatch(r"its \w+ moves to \w+|it does not retake the piece", did)
    return ("" if plain else did), why


def _unsaid_side(move: str) -> str:
    """ "Black: Black knight 1 to j8" said once: "Black knight 1 to j8"."""
    who, sep, rest = move.partition(": ")
    return rest if sep and rest.startswith(who) else move


def reported(move: str) -> str | None:
    """A computer's move as the list words it for a student ("Rome: end my planning:
    Carthage moves next"), as a report of what the side did, in the third person with
    its name ("Rome ends its planning: Carthage moves next"); ``None`` when the move
    does not start with a doing word ("Black: Black knight 1 to j8")."""
    who, sep, rest = move.partition(": ")
    first, space, tail = rest.partition(" ")
    if first.endswith(":") and first[:-1] in _CAPITAL_VERBS:  # "Lead: the General..."
        first = first[:-1]
    word = first.lower()
    if not sep or not space or not word.isalpha() or word in _NOT_VERBS:
        return None
    if first[:1].isupper() and first not in _CAPITAL_VERBS:
        return None  # a name: "Black knight 1 to j8"
    if re.search(r"(s|sh|ch|x|z|o)$", word):
        does = word + "es"
    elif re.search(r"[^aeiou]y$", word):
        does = word[:-1] + "ies"
    else:
        does = word + "s"
    its = "their" if is_plural(who) else "its"
    tail = re.sub(r"\bmy\b", its, tail)
    return f"{who} {verb(who, does)} {tail}"


_PASSED = re.compile(
    r"^(?P<who>.+?) had only one (?:possible|sensible) move: (?P<what>.+?)(?: \((?P<why>.*)\))?$"
)
_PHASE_END = re.compile(r"^end the (?P<phase>[a-z]+) phase$")


# a computer's move that took a piece (CONQUEST: "it takes the enemy soldier on k6")
_TOOK = re.compile(r"\bit (?:re)?takes the enemy\b")
# a CONQUEST pass ("pass the rest of the turn": "it stops its turn with 2 moves unused")
#: a step's words that only end or pass ("end the planning phase", "pass the rest...")
_ENDS = re.compile(r"^(?:end|pass|stop|finish|skip|decline|refuse)\b", re.IGNORECASE)
_STOPPED = re.compile(r"\bpass the rest of the turn\b|\bit stops its turn with\b")
# a CONQUEST retake refused ("refuse to recapture": "it does not retake the piece")
_REFUSED = re.compile(r"\brefuses? to recapture\b|\bit does not retake\b")
#: a computer's move that only ended a phase, as the list of its moves says it
_COMPUTER_ENDED = re.compile(r"^<li>(?P<who>[^<]+?) ends? the (?P<phase>[a-z]+) phase(?: — .*)?$")


def _passed_phases(passed: Sequence[str]) -> tuple[str, str]:
    """The steps one side passed with nothing else to do, in one line: its other moves as
    they are, a run of phases ended in one clause ("found the first city in Attica; the
    produce, upkeep and build phases ended"), after the side's name; ("", "") when
    several sides passed steps."""
    found = [_PASSED.match(p) for p in passed]
    sides = {m.group("who") for m in found if m}
    if not all(found) or len(sides) != 1:
        return "", ""
    parts: list[str] = []
    phases: list[str] = []
    for m in found:
        what = m.group("what") if m else ""
        end = _PHASE_END.match(what)
        if end:
            if not phases:
                parts.append("")  # the run of phases is said where it began
            phases.append(end.group("phase"))
        else:
            parts.append(what)
    if phases:
        word = "phase" if len(phases) == 1 else "phases"
        parts[parts.index("")] = f"the {join(phases)} {word} ended"
    return sides.pop(), "; ".join(parts)


class PlayApp(GameStepper):
    """Play ``game`` against the computer, with classmates on one screen, or watch bots.

    ``humans`` are the seats students play (``()``: a teacher demo; every seat: one
    screen for all); every other seat is played by the computer at level ``bot`` (a
    key of :data:`BOT_LEVELS`: ``"easy"``, ``"medium"`` or ``"hard"``). ``mode`` (a key of
    :data:`MODES`) overrides what ``humans`` implies; ``large_text`` zooms this screen to the
    projector size where the page has no "Large text" of its own (JupyterLab; in Voila
    the page bar's button enlarges the whole page). The mode, the side and the level can
    all be changed with the buttons at the top, and the position is kept when they are.
    """

    PICKER_APPLIES = True  # "Play this move" under the list
    STATUS_BESIDE = False  # the play screen lays out its banner and status lines
    _roomy_status = False  # the status line at 15 px, not 13 (set where a game has room)

    def __init__(
        self,
        game: Game,
        humans: Iterable[int] = (0,),
        bot: str = "medium",
        seed: int = 0,
        *,
        mode: str | None = None,
        large_text: bool = False,
        map_width: int = 560,
    ) -> None:
        seats = sorted(set(humans))
        mode = _checked_mode(game, seats, mode)
        self.level = _level_key(bot, game)
        self.mode = mode
        #: a class game and its full game, the two games the screen offers (``None``
        #: for any other game: the screen then plays only the game it was given)
        self.variants: dict[str, Game] | None = (
            {"class": game, "full": full_game(game.id)} if is_class_game(game) else None
        )
        self.first_seed = seed
        self.games_started = 0  # New game presses so far
        self.student_seats = seats or [0]
        self.revealed: int | None = None  # the seat whose hand a hot seat shows now
        self._init_records()
        first = game.new_game(seed)
        # the map grows on a wide window (wide_map_css): its names are sized for that
        cards = first.card_rows(self.student_seats[0]) is not None
        shown = functools.partial(
            play_map_width, header=WIDE_CARDS_HEADER if cards else WIDE_MAP_HEADER
        )
        self.loads = 0  # saved games loaded after a finished game: each starts a new row
        self.games_loaded = 0  # every saved game loaded (a lesson's view of the game's start)
        #: My work's row for a finished game loaded from a file (None: the screen's own)
        self._loaded_key: str | None = None
        #: the student has played a move in this game (the banner then says less)
        self.student_moved = False
        #: the My work row of each game finished on this screen, by its moves
        self._finished_rows: dict[str, str] = {}
        self._init_debrief()
        super().__init__(
            first,
            bots=self._bots_for(mode, self.student_seats, game),
            seed=seed,
            auto_bot=BOT_LEVELS[self.level].bot,
            humans=self._humans_for(mode, self.student_seats, game),
            viewer=self.student_seats[0],
            map_width=map_width,
            board_width=map_width,
            map_shown_width=shown,
        )
        self.hidden_hands = self.cards_view is not None
        self._region_names: dict[str, str] = {}
        for view in self.region_views:
            self._region_names.update(
                {r: view.region_name(r) for r in view.region_ids if view.region_name(r) != r}
            )
        self._build_controls(large_text, map_width)
        self._set_up_picker(game)
        # room for the focus ring: a box cuts off what is drawn outside it
        self.picker.buttons.layout.padding = "4px"
        self.picker.text_line.layout.display = "none"  # the banner says it in fewer words
        if self.cards_view is not None:
            self.cards_view.text_line.layout.display = "none"  # the cards themselves show it
        self.picker.set_regions([])  # list again: grouped, in plain words, nothing picked
        self.text_line.layout.display = "none"  # the banner and the status line say it
        for view in self.region_views:
            # the map's own line speaks only when a place is picked on it; it keeps room
            # for two lines, so a pick never pushes the map down under the pointer
            view.text_line.layout.min_height = "2.8em"
            view.on_select(functools.partial(self._map_line, view))
        if self.board_view is not None:
            self._set_up_board(self.board_view)
        self._ready = True
        self._run_bots()
        self._refresh()

    def _board_line_beside(self) -> widgets.HTML:
        """What a pick on the board does, said beside the board under the moves: under
        the board it fell below the fold at 1366x768 ("A click on a gold square (k7)
        moves the White chariot with what it carries", look 13, lesson 34)."""
        said = widgets.HTML(layout=widgets.Layout(display="none"))
        if self.board_view is not None:
            # the whole key would push the board past a 700-pixel window
            self.board_view.fold_key = True
            self.board_view.update(self.state)
            said.layout.display = None
            said.add_class("hcgames-board-said")
            self.board_view.text_line.layout.display = "none"
            widgets.dlink((self.board_view.text_line, "value"), (said, "value"))
        return said

    def _init_records(self) -> None:
        """What the screen keeps between two positions, empty before the first."""
        #: dice since the last human move: the roll, its battle events, each side's total
        self.rolls: list[tuple[Action, list[Event], list[str]]] = []
        #: the computer's moves since the last human move, each with why, in words
        self.reasons: list[str] = []
        #: the spaces each of those moves went through (its last entries match reasons)
        self.reason_paths: list[Sequence[str]] = []
        self._card_names: dict[str, str] = {}
        #: what the student's last move did, in the game's words
        self.own_events: list[str] = []
        self._names_pattern: re.Pattern[str] | None = None
        self._ready = False
        self.hidden_hands = False  # known once the views are built
        self._listed: tuple[int, int] = (0, -1)
        #: the odds lines already worked out for one position: (state, moves, lines)
        self._odds_seen: tuple[State, int, dict[Action | None, str]] | None = None

    def _set_up_board(self, board: Any) -> None:
        """A click pair on the board plays its move. The board's line is said beside the
        board, under the moves (:attr:`board_said`): above the board a pick's three-line
        sentence pushed the board 40 px down under the pointer (look 8, lesson 34), and
        under it the sentence fell below the fold at 1366x768 (look 13)."""
        board.on_select(self._board_move)
        self.add_class("hcgames-play-board")

    def _set_up_picker(self, game: Game) -> None:
        """The list of moves as the play screen shows it: grouped, in plain words, with
        Play this move (and why it is grey) under it."""
        self.picker.preselect = False
        self.picker.grouped = True
        # a long choice wraps in the list instead of being cut at its edge (every game)
        self.picker.describe = self._wrapping_words
        self.picker.apply_button.description = "Play this move"
        self.picker.apply_button.icon = "play"
        self.picker.apply_button.tooltip = "Play the move picked in the list"
        # why Play this move is grey: said beside it until a move is picked
        self.pick_hint = widgets.HTML("Click a move in the list first.")
        self.pick_hint.add_class("hcgames-pick-hint")
        self.picker.buttons.children = (
            self.picker.apply_button,
            self.pick_hint,
            self.end_button,
            self.picker.show_all_button,
        )
        self.picker.buttons.layout.flex_flow = "row wrap"
        self.picker.show_all_button.layout.width = "auto"
        # a short visible label, which is also the list's name for a screen reader
        self.picker.choice.description = "Moves"
        self.picker.choice.style.description_width = "3.4em"
        self.picker.choice.layout.width = "calc(100% - 12px)"
        # once per pick: not for the passing values of a list being refilled
        self.picker.on_pick = self._on_pick
        self.picker.notify = self.say
        self.picker.kind_of = self._group_of
        self.picker.counted = game.move_list_counts
        if game.banner_says_steps and self.board_view is not None:
            self.board_view.says_turn = False  # the banner says the turn: a short line
        if game.compact_cards:
            self.add_class("hcgames-play-compact")  # compact cards: one screen (44)
            self._roomy_status = True  # the column beside the cards has room for 15 px

    # --- who plays which side ------------------------------------------------------
    def _humans_for(self, mode: str, seats: Sequence[int], game: Game) -> list[int]:
        if mode == "demo":
            return []
        if mode == "hotseat":
            return list(range(game.num_players))
        return list(seats)

    def _bots_for(self, mode: str, seats: Sequence[int], game: Game) -> dict[int, Bot | str]:
        humans = set(self._humans_for(mode, seats, game))
        name = BOT_LEVELS[self.level].bot
        return {p: name for p in range(game.num_players) if p not in humans}

    def _reseat(self) -> None:
        game = self.game
        self.humans = set(self._humans_for(self.mode, self.student_seats, game))
        self.bots = _seat_bots(
            self._bots_for(self.mode, self.student_seats, game), game.num_players, self.seed, game
        )
        self._auto_bots.clear()
        self.bot_choice.value = BOT_LEVELS[self.level].bot
        self.revealed = None
        self.rolls = []
        self.reasons = []
        self.passed = []
        self.own_events = []
        self._run_bots()
        self._refresh()

    def game_under_way(self) -> bool:
        """A game a student has moved in and not finished: New game asks before it
        wipes one."""
        state = self.state
        # a game loaded from a file is one too, before any move is made in it
        moved = len(state.history) > self._base or getattr(self, "_loaded_open", False)
        return self.mode != "demo" and not state.is_terminal() and moved

    @guarded
    def ask_new_game(self) -> None:
        """New game pressed: start again at once when nothing would be lost, else ask
        first on the page (the focus on "No, keep playing", Tab reaches "Yes")."""
        if not self.game_under_way():
            self.new_game()
            return
        self.confirm_box.layout.display = None
        self.keep_button.focus()

    def keep_playing(self) -> None:
        """The student answered no: the question goes, the game stays as it was."""
        self.confirm_box.layout.display = "none"
        self._take_focus()

    def end_action(self) -> Action | None:
        """The one move that ends the student's turn (or phase) now, when the student
        may also do something else; ``None`` otherwise."""
        if self.picker.layout.display == "none" or not self.waiting_for_human():
            return None
        legal = self.state.legal_actions()
        ends = [a for a in legal if choice_kind(a) == "End the phase"]
        return ends[0] if len(ends) == 1 and len(legal) > 1 else None

    def end_words(self, action: Action) -> str:
        """The words on the one-click end button: "End my turn", "End my planning",
        "End the settle phase"."""
        if self.picker.kind_of is not None:  # a game whose list names its end group
            kind = self.picker.kind_of(action)[0]
            if kind.startswith("End ") and kind != "End the phase":
                return kind
        words = plain_plurals(self.with_names(self.state.action_words(action)))
        words = words.split(":")[0]
        return words[:1].upper() + words[1:] if len(words) <= 32 else "End the phase"

    @guarded
    def end_turn(self) -> None:
        """Play the move that ends the turn (or the phase), in one click."""
        action = self.end_action()
        if action is None:
            self.say("There is no turn of yours to end now.")
            return
        self._human_action(action)

    @guarded
    def new_game(self) -> None:
        """Start the game again from its first position, with the same mode, side,
        level and text size (and new dice)."""
        self.confirm_box.layout.display = "none"
        if not self.state.is_terminal():  # a game left before its first round is no game
            journal().drop_unstarted(self.row_key)
        self._loaded_open = False
        self.games_started += 1
        self._loaded_key = None
        self.student_moved = False
        self._round_of_move = None
        self.seed = self.first_seed + self.games_started
        self.update(self.game.new_game(self.seed))
        self.bots = _seat_bots(
            self._bots_for(self.mode, self.student_seats, self.game),
            self.game.num_players,
            self.seed,
            self.game,
        )
        self._auto_bots.clear()
        self.revealed = None
        self.rolls = []
        self.reasons = []
        self.passed = []
        self.own_events = []
        self.save_link.value = ""
        self.file_message.value = ""
        self._run_bots()
        self._refresh()
        self._take_focus()

    def set_game(self, key: str) -> None:
        """Play the class game (``"class"``) or the full game (``"full"``) from its
        start, with the same mode, side and level."""
        if self.variants is None or key not in self.variants:
            raise ValueError("this screen offers only the game it was made with")
        if self.game_buttons.value != key:
            self.game_buttons.value = key
        if self.game is self.variants[key]:
            return
        # a full game's map and first moves take seconds to set up (half a minute on a
        # busy school server): say so at once, and show nothing of the game left behind
        # (look 11: the old game's map and words stood under the new game's title)
        name = "full game" if key == "full" else "class game"
        self._busy(f"Setting up the {name}\u2026 please wait, this can take half a minute.")
        try:
            self.game = self.variants[key]
            if hasattr(self, "region_buttons"):
                self.region_buttons.value = ""  # a new game opens on its whole map
            self._map_for_game()
            self._show_region_row()
            self.new_game()
        finally:
            self._busy(None)
        self.title.value = f"<b>{escape(self.game.describe())}</b>"
        self.class_line.value = self._class_html()

    def _busy(self, wait: str | None) -> None:
        """While ``wait`` is said (in the title's place), the game and its controls are
        hidden and the choice of game, mode, side and level is switched off; ``None``
        shows them again."""
        if wait is not None:
            self.title.value = f"<b>{escape(wait)}</b>"
            self.class_line.value = (
                f"<div class='hcgames-class-line' style='font-size:1.25em'><b>"
                f"{escape(wait)}</b></div>"
            )
        for buttons in (self.game_buttons, self.mode_buttons, self.side_buttons):
            buttons.disabled = wait is not None
        self.level_buttons.disabled = wait is not None
        for part in (self.timeline, self.main, self.debrief_box, self.text_line, self.event_log):
            part.layout.visibility = "hidden" if wait is not None else None

    def _region_row(self) -> widgets.HBox:
        """Buttons that show the whole map or one region of it, closer (the ``views`` of
        the game's theatres data): a whole-map game's sixty-odd names are small projected
        (look 13, lesson 24). Shown only while the game is played on the whole map."""
        data = theatres(self.game.id)
        spec = data.get("theatres", {})
        views = [str(v) for v in data.get("views", []) if v in spec]
        self.region_buttons = widgets.ToggleButtons(
            options=[("Whole map", ""), *((str(spec[v].get("button", v)), v) for v in views)],
            value="",
            style={"button_width": "auto"},
        )
        self.region_buttons.observe(self._on_region, names=["value"])
        row = widgets.HBox(
            [widgets.HTML("<b>Map shows:</b>"), self.region_buttons],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 8px"),
        )
        row.add_class("hcgames-region-views")
        self._show_region_row(row)
        return row

    def _map_header(self) -> int:
        """How much of the window's height the map leaves to what stands over it: the
        row of region buttons too while the whole map is played."""
        views = theatres(self.game.id).get("views", [])
        return WIDE_MAP_HEADER + (REGION_ROW_PX if views and not play_theatre(self.game) else 0)

    def _show_region_row(self, row: widgets.HBox | None = None) -> None:
        row = row or getattr(self, "region_row", None)
        if row is None:
            return
        whole = not play_theatre(self.game)
        offered = len(self.region_buttons.options) > 1 and self.map_view is not None
        row.layout.display = None if whole and offered and self.board_view is None else "none"

    @guarded
    def _on_region(self, _change: Any = None) -> None:
        """Show the region picked (or the whole map) at once, as the game stands."""
        if play_theatre(self.game):
            return
        self._busy("Drawing the map\u2026 please wait.")
        try:
            self._map_for_game(str(self.region_buttons.value))
        finally:
            self._busy(None)
        if self.map_view is not None:
            self.map_view.update(self.state)
            self._map_line(self.map_view)

    def _map_for_game(self, region: str = "") -> None:
        """Show the map the game now played is drawn on: the class game's is cropped to
        its lands (the Aegean), the full game's is the whole world (lesson 24: the full
        game offered a first city in Lusitania on the Aegean's map), or the ``region`` of
        it the student picked (:meth:`_region_row`). Each map is made once, on the first
        press that needs it."""
        old = self.map_view
        if old is None or self.board_view is not None or self.cards_view is not None:
            return
        theatre = play_theatre(self.game)
        if not theatre and region:
            theatre = region
        name = theatre if isinstance(theatre, str) else ""
        if old.theatre == name:
            return
        if not hasattr(self, "_maps"):
            self._maps: dict[str, MapView] = {old.theatre: old}
        view = self._maps.get(name)
        if view is None:
            # the whole world's sixty-odd names are sized to be read projected (16 px at
            # 1366x768); in the type the Aegean's few names get (sized for a Chromebook)
            # the kernel found no room for them and stacked them on each other
            view = MapView(
                self.game.new_game(self.seed),
                width=old.width,
                theatre=theatre,
                shown_width=functools.partial(wide_map_width, header=self._map_header()),
            )
            view.text_line.layout.min_height = old.text_line.layout.min_height
            view.on_select(self.picker.set_regions)
            view.on_select(functools.partial(self._map_line, view))
            if self.wide_key.layout.display != "none":  # its key beside it, as the first's
                widgets.dlink((view.legend, "value"), (self.wide_key, "value"))
            self._maps[name] = view
        box_class = f"hcgames-play-board-{id(self):x}"
        # the map's shape reaches the page BEFORE its figure: bqplot sizes a figure's
        # scales when it is first drawn, and a new map drawn in the old map's shape (the
        # Aegean's) had its names on other places than its lands (look 9: Etruria on
        # Sardinia, Attica in the Ionian Sea), in the browser only
        self.wide_style.value = wide_map_css(box_class, view.width, view.height, self._map_header())
        self.map_view = view
        self.region_views = [view if v is old else v for v in self.region_views]
        self.board_column.children = [view if c is old else c for c in self.board_column.children]
        names = {r: view.region_name(r) for r in view.region_ids}
        self._region_names.update({r: n for r, n in names.items() if n != r})
        self._names_pattern = None
        self.dice.names.update(names)
        if self.wide_key.layout.display != "none":
            self.wide_key.value = view.legend.value

    def _class_html(self) -> str:
        """One line on the class game (what is shorter), with our rules for it folded."""
        if self.variants is None:
            return ""
        spec = CLASS_GAMES[self.game.id]
        if self.game is not self.variants["class"]:
            return (
                "<div class='hcgames-class-line'>The full game: every rule as in the "
                "lessons before. Choose <b>Class game</b> for a game that fits in one "
                "lesson.</div>"
            )
        rules = "".join(
            f"<li><b>{escape(d.topic.removeprefix('Class game: '))}.</b> {escape(d.decision)}</li>"
            for d in spec.decisions()
        )
        return (
            f"<div class='hcgames-class-line'>{escape(spec.summary)} Steps with only one "
            "sensible move pass by themselves. <details style='display:inline'><summary>"
            "Our rules for the class game</summary><ul style='margin:2px 0'>"
            f"{rules}</ul></details></div>"
        )

    def _take_focus(self) -> None:
        """Put the keyboard's focus on what the student does next: the list of moves
        (the button just pressed may have switched off, which drops the focus to the top
        of the page), "Show my turn" on a pass screen, New game once the game is over.
        Called after a student's move, Undo, New game and Show my turn, never when the
        page opens (the page would jump to the game)."""
        if self.mode == "demo":
            return
        if self.state.is_terminal():
            self.new_button.focus()
        elif getattr(self, "_board_moving", False):
            return  # the student moved on the board: the focus stays there
        elif self._needs_pass():
            self.pass_button.focus()
        elif self.picker.layout.display != "none":
            self.picker.choice.focus()

    def set_mode(self, mode: str) -> None:
        """Switch to another mode (a key of :data:`MODES`); the position is kept."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        self.mode = mode
        if self.mode_buttons.value != mode:
            self.mode_buttons.value = mode
        self._reseat()

    def set_level(self, level: str) -> None:
        """Let the computer play at another level (a key of :data:`BOT_LEVELS`)."""
        self.level = _level_key(level, self.game)
        if self.level_buttons.value != self.level:
            self.level_buttons.value = self.level
        self._reseat()

    def set_side(self, seat: int) -> None:
        """Against the computer: play side ``seat``; the computer takes the others."""
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"side {seat} does not exist in a {self.game.num_players}-player game")
        self.student_seats = [seat]
        if self.side_buttons.value != seat:
            self.side_buttons.value = seat
        self._reseat()

    # --- the controls ----------------------------------------------------------------
    def _build_controls(self, large_text: bool, map_width: int) -> None:
        self._build_settings()
        self._build_lines()
        files = self._build_files()
        self._build_new_game()
        demo = widgets.HBox(
            [self.step_button, self.phase_button, self.auto_steps, self.auto_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.demo_controls = demo
        box_class = self._build_board_column(map_width)
        undo_row = _undo_row(self.back_button, self.new_button)
        self.side_column = widgets.VBox(
            [
                self.banner,
                self.score_bar,  # in sight while choosing (look 13: 1000 px under the board)
                self.confirm_box,  # at the top: at the foot it fell under the fold (44)
                self.pass_screen,
                self.picker,
                self.board_said,
                self.notice,
                self.why_line,
                self.odds_line,
                demo,
                # what the last move did first, then where the game stands
                self.happened,
                self.own_side,
                self.status_line,
                undo_row,
                self.wide_key,
            ],
            layout=widgets.Layout(flex="1 1 340px", min_width="320px", max_width="640px"),
        )
        self.side_column.add_class(f"{box_class}-side")
        self.side_column.add_class("hcgames-side-column")
        self.main = widgets.HBox(
            [self.board_column, self.side_column],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
        )
        self.main.add_class("hcgames-play-main")
        one_screen(unit=self.main)
        header = self.children[0]
        settings = widgets.HBox(
            [
                self.game_buttons,
                self.mode_buttons,
                self.side_buttons,
                self.level_buttons,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        one_screen(unit=settings)  # each setting shows at once on the board below it
        one_screen(unit=files)
        #: after Game over: the score and what made it, the turning points, the past, and
        #: one question (hcgames.debrief)
        self.debrief_box = widgets.VBox(layout=widgets.Layout(display="none", max_width="62em"))
        self.debrief_box.add_class("hcgames-debrief")
        self.children = [
            widgets.HTML(_STYLE + CARD_TABLE_STYLE + HAND_TABLE_STYLE + ENTER_PLAYS + KEEP_SCROLL),
            self.wide_style,
            header,
            settings,
            self.class_line,
            self.timeline,
            *self._cards_beside_moves(),
            self.debrief_box,  # right under the map and moves (and Historical's cards)
            self.text_line,
            files,
            self.file_message,
            self.event_log,
            self.messages,
        ]
        self.add_class("hcgames-play")
        if large_text:
            self.add_class("hcgames-large")

    def _build_settings(self) -> None:
        """The rows of settings: class or full game, mode, side and the computer's level."""
        game = self.game
        n = game.num_players
        self.mode_buttons = widgets.ToggleButtons(
            options=[(words.format(n=n), key) for key, words in MODES.items()],
            value=self.mode,
            tooltips=[
                "You play one side; the computer plays the others",
                "Every side is played by a student; take turns at the keyboard",
                "The computer plays every side; press Step or Auto to watch",
            ],
        )
        self.side_buttons = widgets.ToggleButtons(
            options=[(name, i) for i, name in enumerate(game.player_names)],
            value=self.student_seats[0],
            description="You play",
            style={"description_width": "auto"},
        )
        levels = bot_levels(game)
        if self.level not in levels:
            levels.append(self.level)
        self.level_buttons = widgets.ToggleButtons(
            options=[(BOT_LEVELS[k].label, k) for k in levels],
            value=self.level,
            tooltips=[BOT_LEVELS[k].about for k in levels],
            description="Computer",
            style={"description_width": "auto"},
        )
        self.game_buttons = widgets.ToggleButtons(
            options=[("Class game", "class"), ("Full game", "full")],
            value="class",
            tooltips=[
                "A shorter game that a class finishes in one lesson (our rules)",
                "The whole game, as the rules say",
            ],
            description="Game",
            style={"description_width": "auto"},
        )
        self.game_buttons.layout.display = None if self.variants else "none"
        self.game_buttons.observe(lambda c: self.set_game(str(c["new"])), names=["value"])
        self.class_line = widgets.HTML(self._class_html())
        self.class_line.layout.display = None if self.variants else "none"
        self.mode_buttons.observe(lambda c: self.set_mode(str(c["new"])), names=["value"])
        self.side_buttons.observe(lambda c: self.set_side(int(c["new"])), names=["value"])
        self.level_buttons.observe(lambda c: self.set_level(str(c["new"])), names=["value"])

    def _build_lines(self) -> None:
        """The banner and the lines beside the moves, the screen that asks to pass a hot
        seat, and what happened since the student's last move."""
        self.banner = widgets.HTML()
        self.banner.add_class("hcgames-banner")
        #: the score as it stands, beside the moves (a game that keeps one: Speros)
        self.score_bar = widgets.HTML()
        self.score_bar.add_class("hcgames-score-line")
        self.odds_line = widgets.HTML()
        self.odds_line.add_class("hcgames-odds")
        #: one sentence from the page (a move refused, nothing to undo), replaced by the
        #: next one and cleared at the next position: never a growing typewriter list
        self.notice = widgets.HTML()
        self.notice.add_class("hcgames-notice")
        #: why some cards or moves are not offered now, from the rules' own refusals
        self.why_line = widgets.HTML()
        self.why_line.add_class("hcgames-why-not")
        #: the student's own side: resources, levels, abilities, secret objectives
        self.own_side = widgets.HTML()
        self.own_side.add_class("hcgames-own-side")
        self.roll_box = widgets.HTML()
        self.why_box = widgets.HTML()
        self.why_box.add_class("hcgames-why")
        self.back_button.description = "Undo"
        self.back_button.tooltip = "Take back the last move (and the computer's answer to it)"
        self.pass_button = widgets.Button(
            description="Show my turn", button_style="primary", layout=widgets.Layout(width="auto")
        )
        self.pass_button.on_click(lambda _b: self.reveal())
        self.pass_text = widgets.HTML()
        self.pass_screen = widgets.VBox(
            [self.pass_text, self.pass_button],
            layout=widgets.Layout(align_items="center"),
        )
        self.pass_screen.add_class("hcgames-pass")
        self.status_line = widgets.HTML()
        self.status_line.add_class("hcgames-status")
        self.own_box = widgets.HTML()
        self.own_box.add_class("hcgames-own")
        self.happened = widgets.VBox(
            # no box of its own that scrolls: what happened is short enough to be seen
            # whole (the last battle, the computer's last moves)
            [self.own_box, self.roll_box, self.pass_line, self.why_box],
        )
        self.happened.add_class("hcgames-happened")

    def _build_files(self) -> widgets.HBox:
        """Save the game and Load a saved game, in one row."""
        self.save_button = widgets.Button(
            description="Save the game",
            icon="download",
            tooltip="Make a file of this game to load next lesson",
            layout=widgets.Layout(width="auto"),
        )
        self.save_button.on_click(lambda _b: self.save())
        self.save_link = widgets.HTML()
        # the upload button prints how many files it holds ("Load a saved game (0)"),
        # always 0 here as a file is read at once: the words are drawn by the page's
        # style instead (hcgames-upload in _STYLE), the count is not shown
        self.upload = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description="",
            icon="upload",
            tooltip="Load a saved game",
        )
        self.upload.add_class("hcgames-upload")
        self.upload.layout.width = "auto"
        self.upload.observe(self._on_upload, names=["value"])
        self.file_message = widgets.HTML()
        files = widgets.HBox(
            [self.save_button, self.save_link, self.upload],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        return files

    def _build_new_game(self) -> None:
        """New game, the question it asks while a game is under way, and End my turn."""
        self.new_button = widgets.Button(
            description="New game",
            icon="refresh",
            tooltip="Start this game again from the beginning, with the same mode, side and level",
            layout=widgets.Layout(width="auto"),
        )
        self.new_button.on_click(lambda _b: self.ask_new_game())
        # New game asks first when a game is under way: one click never wipes a game
        self.confirm_text = widgets.HTML(
            "<b>Start a new game?</b> The game on the screen will be lost (press Save "
            "the game first to keep it)."
        )
        self.keep_button = widgets.Button(
            description="No, keep playing",
            tooltip="Go back to the game on the screen",
            layout=widgets.Layout(width="auto"),
        )
        self.keep_button.on_click(lambda _b: self.keep_playing())
        self.confirm_button = widgets.Button(
            description="Yes, start a new game",
            button_style="danger",
            tooltip="Wipe this game and start again from the beginning",
            layout=widgets.Layout(width="auto"),
        )
        self.confirm_button.on_click(lambda _b: self.new_game())
        self.confirm_box = widgets.VBox(
            [
                self.confirm_text,
                widgets.HBox(
                    [self.keep_button, self.confirm_button],
                    layout=widgets.Layout(flex_flow="row wrap", padding="4px"),
                ),
            ],
            layout=widgets.Layout(display="none", padding="4px 8px", margin="2px 0"),
        )
        self.confirm_box.add_class("hcgames-confirm")
        # one click ends a turn (or a phase) when the student has nothing else to do
        self.end_button = widgets.Button(
            description="End my turn",
            icon="forward",
            tooltip="Play no more moves now: end your turn",
            layout=widgets.Layout(width="auto", display="none"),
        )
        self.end_button.on_click(lambda _b: self.end_turn())
        self.back_button.layout.width = "auto"

    def _build_board_column(self, map_width: int) -> str:
        """The column of the map, the board or the cards, grown on a wide window; the
        name of its box's class (the side column's and the key's classes build on it)."""
        self.board_said = self._board_line_beside()
        board = [v for v in (self.map_view, self.board_view, self.cards_view) if v is not None]
        # cards beside a map (Historical): the hand above, the cards in play below
        board = self._build_card_areas(board)
        if self.map_view is not None and self.board_view is None and self.cards_view is None:
            self.region_row = self._region_row()  # the whole map or a region of it, closer
            board = [self.region_row, *board]
        # As wide as the map: a long sentence under it wraps instead of pushing the
        # choices off the row.
        self.board_column = widgets.VBox(
            board, layout=widgets.Layout(flex="0 1 auto", width=f"{map_width + 8}px")
        )
        #: CSS that lets a map grow on a wide window (empty for a board or cards alone)
        self.wide_style = widgets.HTML()
        #: the map's key as shown beside the map on a wide window (hidden on a narrow one)
        self.wide_key = widgets.HTML()
        box_class = f"hcgames-play-board-{id(self):x}"
        if self.map_view is not None and self.board_view is None:
            self.board_column.add_class(box_class)
            header = self._map_header() if self.cards_view is None else WIDE_CARDS_HEADER
            self.wide_style.value = wide_map_css(
                box_class, self.map_view.width, self.map_view.height, header, self.map_view.grow
            )
            legend = self.map_view.legend
            if legend.layout.display != "none":
                for name in ("hcgames-legend", "hcgames-legend-beside", f"{box_class}-key"):
                    self.wide_key.add_class(name)
                widgets.dlink((legend, "value"), (self.wide_key, "value"))
            else:
                self.wide_key.layout.display = "none"
        else:
            self.wide_key.layout.display = "none"
        if self.cards_view is not None and self.map_view is None:
            # a table of cards alone (Speros): the cards take the width the choices
            # leave and the page scrolls them, with every card's whole text; the
            # choices stay in sight beside them (CARD_TABLE_STYLE)
            self.add_class("hcgames-play-cards")
            self.board_column.add_class("hcgames-card-column")
            self.board_column.layout.width = None
        return box_class

    def _build_card_areas(self, board: list[Any]) -> list[Any]:
        """Cards beside a map (Historical): the cards in play in :attr:`card_area` under
        the map and the moves; the student's hand in :attr:`hand_area`, right above the
        moves, so the cards to choose from, the list of moves and the reasons under it
        share one screen (lesson 54). Returns what the board column shows."""
        self.card_area = widgets.VBox(layout=widgets.Layout(display="none", width="100%"))
        self.hand_area = widgets.VBox(layout=widgets.Layout(display="none", width="100%"))
        if self.cards_view is None or self.map_view is None:
            return board
        self.cards_view.hand_apart = True
        self.cards_view.update(self.state)
        self.card_area.children = [self.cards_view]
        self.card_area.layout.display = None
        self.card_area.add_class("hcgames-card-area")
        self.hand_area.children = [self.cards_view.hand]
        self.hand_area.layout.display = None
        self.hand_area.add_class("hcgames-hand-area")
        # a shorter list, so the buttons and why a card is not playable stay on the
        # hand's screen at 1024x700 (the list scrolls; a long one reached the fold)
        self.picker.max_rows = 9
        self.picker.choice.rows = min(self.picker.choice.rows, 9)
        return [self.map_view]

    def _cards_beside_moves(self) -> list[widgets.Widget]:
        """Cards beside a map (Historical, lesson 54): the hand, the cards in play and the
        map in one column, the moves in a column beside it that stays in sight while the
        page scrolls (sticky, :data:`HAND_TABLE_STYLE`), all in the one-screen unit
        :attr:`main`. The moves stood on one screen and the battlefield a card is played
        on two screens further down (look 11). Returns the screen's part from the hand to
        the moves: the unit alone, or hand, unit and cards for other screens."""
        if not self.card_area.children:
            return [self.hand_area, self.main, self.card_area]
        self.add_class("hcgames-play-hand")
        self.board_column.add_class("hcgames-board-column")
        # the hand, then the battlefields its cards go to, then the map of the lands
        self.table_column = widgets.VBox([self.hand_area, self.card_area, self.board_column])
        self.table_column.add_class("hcgames-table-column")
        self.main.children = [self.table_column, self.side_column]
        return [self.main]

    def _hide_wide_key(self, hidden: bool) -> None:
        """The map's key beside the moves goes with the map behind the pass screen: its
        swatches are filled by the hidden map's patterns and showed blank (lesson 54)."""
        names = [n for n in self.wide_key._dom_classes if n.endswith("-key")]
        if hidden and names:
            self._wide_key_class: str | None = names[0]
            self.wide_key.remove_class(names[0])
            self.wide_key.layout.display = "none"
        elif not hidden and getattr(self, "_wide_key_class", None):
            self.wide_key.add_class(self._wide_key_class)
            self._wide_key_class = None
            self.wide_key.layout.display = None

    def add_tool(self, tool: widgets.Widget) -> None:
        """Put a lesson's own tool (lesson 44: Work out my odds) in the column of moves,
        under the Play button and the forecast, so it is used beside the game."""
        children = list(self.side_column.children)
        children.insert(children.index(self.odds_line) + 1, tool)
        self.side_column.children = children
        if callable(getattr(tool, "refresh", None)):  # a tool that shows the position
            self.follow(tool)

    def follow(self, view: Any) -> None:
        """Call ``view.refresh()`` at each new position, a lesson's view that stands
        elsewhere on the page (lesson 54: how the game on the screen began)."""
        self._tools = [*getattr(self, "_tools", []), view]

    def set_large_text(self, on: bool = True) -> None:
        """Everything half as large again (text, map, buttons), for a projector."""
        if on:
            self.add_class("hcgames-large")
        else:
            self.remove_class("hcgames-large")

    @property
    def large_text(self) -> bool:
        return "hcgames-large" in self._dom_classes

    # --- names -------------------------------------------------------------------------
    def describe_action(self, action: Action, played: bool = False) -> str:
        """A choice in plain words: region and card ids replaced by their names, with
        what the game adds to weigh it (:meth:`~hcgames.core.State.listed_words`);
        ``played``: as said once the student has played it."""
        words = plain_plurals(self.with_names(self.state.action_words(action)))
        return self.state.listed_words(action, words + self._spent_note(action), played)

    def _group_of(self, action: Action) -> tuple[str, float]:
        """The group of the list a move is shown in, and its place: the shared kinds
        (:func:`~hcgames.widgets.panels.choice_kind`) in the game's own words
        (:meth:`~hcgames.core.State.move_group`)."""
        kind = choice_kind(action)
        rank = float(CHOICE_KINDS.index(kind))
        return self.state.move_group(action, kind, rank, self.picker.actions, self.with_names)

    def _wrapping_words(self, action: Action) -> str:
        """:meth:`describe_action`, with a zero-width space after each space of a long
        choice: the list shows spaces as non-breaking ones, so a long choice (a hero card
        and its effect) could not wrap and was cut off at the list's edge."""
        words = self.describe_action(action)
        # each game says its own limit (Game.move_wrap_after): Speros' "Attack: a Minion
        # onto Starmetal Compass", 39 letters, was cut off with Large text at 1366
        limit = self.game.move_wrap_after
        words = words[:1].upper() + words[1:]  # every entry of the list starts with a capital
        return words.replace(" ", " \u200b") if len(words) > limit else words

    def _why_not_html(self) -> str:
        """The cards in the student's hand that cannot be played now, each with the
        rules' reason (:meth:`~hcgames.core.State.unplayable_reasons`)."""
        player = self.state.current_player
        if player not in (self.humans or ()):
            return ""
        reasons = self.state.unplayable_reasons(player)
        if not reasons:
            return ""
        # cards refused for the same reason share one sentence, named once each
        # ("A and B may not stand on Thailand: ..."), not "A: A may not ...; B: B may not ..."
        grouped: dict[str, list[str]] = {}
        for name, why in reasons:
            if why.startswith(name + " "):
                rest = why[len(name) :]
            else:  # "A, B and C, as Player 1 has used all 3 plays" (it read "A, B and C: ...")
                first, _, tail = why.partition(" ")
                lower = first in ("The", "A", "An", "It", "There", "This", "No", "Only", "Every")
                rest = f", as {first.lower() if lower else first} {tail}".rstrip()
            grouped.setdefault(rest, []).append(name)
        sentences = [
            (" and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0])
            + rest.rstrip(".")
            for rest, names in grouped.items()
        ]
        more = f" (and {plural(len(sentences) - 3, 'more reason')})" if len(sentences) > 3 else ""
        return (
            "<div style='font-size:16px;margin:2px 0'><b>Not playable now:</b> "
            + escape(". ".join(sentences[:3]) + more + ".")
            + "</div>"
        )

    def _own_side_html(self) -> str:
        """The student's own side in view: Classical levels and what its lands yield
        (with the Religion limit on monuments); Speros' General and secret objectives."""
        if self.mode == "demo" or self._needs_pass():
            return ""  # (hot seat: nothing secret of the last player while the screen passes)
        seat = self._viewer()
        if seat is None:
            return ""
        state: Any = self.state
        lines = state.own_side_lines(seat)
        if not lines:
            return ""
        who = state.player_name(seat)
        return (
            "<div style='font-size:14px;line-height:1.35;margin:4px 0;padding:4px 8px;"
            f"border-left:4px solid #0072B2;background:#F3F8FC'><b>Your side: {escape(who)}</b>"
            + "".join(f"<div>{escape(line)}</div>" for line in lines)
            + "</div>"
        )

    def sum_words(self, state: State | None = None) -> list[str]:
        """Each side's total in the pending Duels battle, part by part (units, the
        land's defence bonus, a hero card), so a student can check the dice's sums."""
        state = state if state is not None else self.state
        sums = state.battle_sums()
        battle = getattr(state, "battle", None)
        if sums is None or battle is None:
            return []
        lines = []
        for player, parts in zip((battle.attacker, battle.defender), sums, strict=True):
            one = 0 <= player < state.game.num_players
            who = state.player_name(player) if one else "The independent army"
            terms = " + ".join(f"{p.amount} for {p.what}" for p in parts)
            base = sum(p.amount for p in parts)
            lines.append(f"{who}: {terms} = {base}, plus its die.")
        return lines

    def say(self, message: str) -> None:
        """One sentence for the student, in the page's own type, under the list of
        moves; it replaces the one before."""
        if not getattr(self, "_ready", False):
            super().say(message)
            return
        self.notice.value = (
            "<div style='color:#8A1C00;font-size:15px;margin:2px 0'>"
            f"{escape(message.strip())}</div>"
        )

    def pass_words(self, action: Action) -> str:
        # said before the move is played: "end its planning", "end its turn"
        return self.state.passed_words(action) or self.describe_action(action)

    def _pass_html(self) -> str:
        """One short line on the steps that passed by themselves, with the steps
        themselves folded under it (a click shows them)."""
        if not self.passed:
            return ""
        n = len(self.passed)
        kind = "sensible" if self.variants and self.game is self.variants["class"] else "possible"
        head = (
            f"One step passed by itself: it was the only {kind} move."
            if n == 1
            else f"{n} steps passed by themselves: each was the only {kind} move."
        )
        items = "; ".join(escape(p) for p in self.passed)
        if n <= 2:
            # short enough to say at once, the reason with it: what passed, not only that
            played: set[str] = getattr(self, "_pass_played", set())
            head = (
                "Played by itself" if all(p in played for p in self.passed) else "Passed by itself"
            )
            return (
                "<div class='hcgames-passed-list' style='font-size:14px;line-height:1.35'>"
                f"<b>{head}:</b> {items}.</div>"
            )
        known = getattr(self, "_pass_why", {})
        whys = list(dict.fromkeys(known[p] for p in self.passed if p in known))
        shown = "".join(
            f"<div style='font-size:14px'><b>{escape(w[:1].upper() + w[1:])}.</b></div>"
            for w in whys
        )
        _side, said = _passed_phases(self.passed)
        if said:  # the usual case: a run of phases with nothing to do, said in one line
            reasons = " ".join(f"{escape(w[:1].upper() + w[1:])}." for w in whys)
            return (
                "<div class='hcgames-passed-list' style='font-size:13px;line-height:1.3'>"
                # (why they pass: the class game's line above the board says it)
                f"<b>Passed by themselves</b>, each the only {kind} move: "
                f"{escape(said)}. {reasons}</div>"
            )
        # every step in sight, without opening anything (and no box that scrolls: the
        # page scrolls, never a part of the play screen)
        return (
            "<div class='hcgames-passed-list' style='font-size:13px;line-height:1.35'>"
            f"{shown}<b>{head}</b> {items}.</div>"
        )

    def _spent_note(self, action: Action) -> str:
        """Why an attack or a move from a place takes fewer units than stand there:
        some have already acted this round (Duels)."""
        spent = self.state.spent_units()
        regions = self.state.units_sent_from(action) if spent else ()
        notes = [
            f"{plural(spent[r], 'unit')} in {self._region_names.get(r, r)} "
            f"{'has' if spent[r] == 1 else 'have'} already acted"
            for r in regions
            if spent.get(r)
        ]
        return f" ({'; '.join(notes)})" if notes else ""

    def with_names(self, text: str) -> str:
        """``text`` with the region and card ids in it replaced by their names, and in
        the game's own wording when it has one (CONQUEST names pieces as the board shows
        them: "the White ship", never "White ship 1")."""
        plain = getattr(self.state, "plain_words", None)
        if callable(plain):
            text = str(plain(text))
        pattern = self._names_pattern
        if pattern is None:
            return text
        text = plain_card_words(text, self._card_names)  # "Brambleheart (F08)": the name only
        names = {**self._region_names, **self._card_names}
        text = pattern.sub(lambda m: names.get(m.group(0), m.group(0)), text)
        # "Brambleheart (F08)" has become "Brambleheart (Brambleheart)": say it once
        for name in set(self._card_names.values()):
            text = text.replace(f"{name} ({name})", name)
        # a card this side cannot see keeps its id after its name: drop the id
        return _CARD_ID.sub(r"\1", text)

    def _learn_names(self, state: State) -> None:
        viewer = self._viewer()
        cards: dict[str, str] = card_names(state.game)
        for row in (state.card_rows(viewer) or {}).values():
            for card in row:
                key, name = card_key(card), str(card.get("name", ""))
                if key and name and key != name:
                    cards[key] = name
        if cards != self._card_names or self._names_pattern is None:
            self._card_names = cards
            ids = sorted({*self._region_names, *cards}, key=len, reverse=True)
            self._names_pattern = (
                re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
                if ids
                else None
            )

    # --- playing ------------------------------------------------------------------------
    def _viewer(self) -> int | None:
        if self.mode == "bot":
            return self.student_seats[0]
        if self.mode == "hotseat":
            return self.revealed
        return None

    def _needs_pass(self) -> bool:
        """Hot seat in a card game, and the side to play has not taken the screen yet."""
        return (
            self.mode == "hotseat"
            and self.hidden_hands
            and self.waiting_for_human()
            and self.revealed != self.state.current_player
        )

    @guarded
    def reveal(self) -> None:
        """Hot seat: the side to play has the screen; show its hand and its choices."""
        if self.waiting_for_human():
            self.revealed = self.state.current_player
        self._refresh()
        self._take_focus()

    #: seconds each of the computer's moves stays on the board before the next one
    #: (0: the computer's turn appears at once)
    PAUSE = 0.35

    def real_choice(self) -> bool:
        """A student must choose now: it is a student's turn with more than one move
        (in a class game: more than one sensible move)."""
        return self.waiting_for_human() and obvious_move(self.state) is None

    def _run_bots(self, animate: bool = False) -> int:
        """Play the computer's moves, the dice, and every move that is the only one a
        student could make (saying so in :attr:`passed`), up to a real choice.
        ``animate``: show each of the computer's moves on the board for :attr:`PAUSE`
        seconds, so the class can follow its turn."""
        if self.mode == "demo":
            return 0
        played = 0
        limit = self.game.max_actions
        while not self.state.is_terminal() and played < limit:
            if self.waiting_for_human():
                legal = self.state.legal_actions()
                obvious = obvious_move(self.state, legal)
                if obvious is None:
                    break
                who = self.state.player_name(self.state.current_player)
                words = self.pass_words(obvious)  # before the move: what it does now
                # a step that only ends or passes is said "passed"; a capture that
                # played itself was "Passed by itself" too (look 13, lesson 34)
                played_it = not self.state.passed_words(obvious) and not _ENDS.match(words)
                if len(legal) == 1:
                    why = self.state.only_move_reason()
                    self._advance(obvious)
                    self.passed.append(
                        f"{who} had only one possible move: {words}" + (f" ({why})" if why else "")
                    )
                    if played_it:
                        self._pass_played = {*getattr(self, "_pass_played", ()), self.passed[-1]}
                    if why:  # said in a visible line above the folded list
                        self._pass_why = {**getattr(self, "_pass_why", {}), self.passed[-1]: why}
                else:
                    self._advance(obvious)
                    self.passed.append(f"{who} had only one sensible move: {words}")
                    if played_it:
                        self._pass_played = {*getattr(self, "_pass_played", ()), self.passed[-1]}
                played += 1
                continue
            computer = not self.state.is_chance()
            mover = self.state.current_player
            self._advance(self.next_action(auto=True))
            played += 1
            if animate and computer and self.PAUSE > 0:
                self._show_move(mover)
        return played

    def _show_move(self, mover: int | None = None) -> None:
        """Draw the position after one of the computer's moves (made by ``mover``, the
        side named in the banner) and wait a moment."""
        state = self.state
        for view in self.region_views:
            view.update(state)
        if self.cards_view is not None:
            self.cards_view.update(state)
        if mover is None and not state.is_terminal():
            mover = state.current_player
        who = state.player_name(mover) if mover is not None and mover >= 0 else ""
        self.banner.value = (
            "<span class='hcgames-banner-text'>The computer is playing"
            + (f" ({escape(who)})" if who else "")
            + f": move {len(self.reasons)}...</span>"
        )
        self.why_box.value = self._why_html()
        # where the game stands, true to the move on the board (the morale and lands it
        # gave stood a move behind during the computer's turn, look 11, lesson 54)
        self.status_line.value = self._status_html()
        self.score_bar.value = self._score_bar_html()
        # the list stays where it is (nothing moves on the page), switched off
        self.picker.choice.disabled = True
        self.picker.apply_button.disabled = True
        self._pause()

    def _pause(self) -> None:
        """Wait :attr:`PAUSE` seconds with a computer's move on the board (the speed
        bench counts this wait apart from the work of a click)."""
        time.sleep(self.PAUSE)

    #: what the computer's moves did (cards on a map), for the list of reasons it belongs
    #: to (a new list of reasons starts a new list of outcomes)
    computer_outcomes: list[str]
    _outcome_owner: list[str] | None = None
    _last_was_ending = False  # the computer's last move listed ended a phase
    _own_move = False  # the student's own move is being played

    def _advance(self, action: Action) -> None:
        state = self.state
        chance = state.is_chance()
        first = len(state.events)
        sums = self.sum_words(state) if chance else []
        # not the student's own move (said under "Your last move"): the computer's
        # moves, and the passes that let its battles go on
        computer = not chance and not self._own_move
        super()._advance(action)
        if chance:
            battle = [e for e in self.state.events[first:] if _is_battle(e)]
            if battle:
                self.rolls.append((action, battle, sums))
            if self.humans is not None:
                # what the student's own research roll gave, beside "Your last move", and
                # a land the student's card discovers (Darwin's US East Coast)
                self.own_events += [
                    self.with_names(e.text)
                    for e in self.state.events[first:]
                    if e.player in self.humans
                    and (e.kind == "research" or (e.kind == "land" and " discovers " in e.text))
                ]
        elif computer and self.cards_view is not None and self.map_view is not None:
            # cards beside a map (Historical): battles and duels are not dice rolls
            self._note_outcomes(self.state.events[first:])
        if not chance and self.humans is not None and not self._own_move:
            # the student's payment for a research roll and its score, made in steps that
            # passed by themselves after its move, and its attack phase passed (Historical)
            self.own_events += [
                self.with_names(e.text)
                for e in self.state.events[first:]
                if e.kind in ("research", "score", "no-attack") and e.player in self.humans
            ]

    def _note_outcomes(self, events: Sequence[Event]) -> None:
        """What the computer's card moves did to the student (cards on a map): its battles
        with their sums, its duels, the cards that died and the morale the student lost,
        said under "What the computer did" (a casualty to choose read as unexplained)."""
        if self._outcome_owner is not self.reasons:
            self._outcome_owner, self.computer_outcomes = self.reasons, []
        students = [self.state.player_name(p) + ":" for p in (self.humans or ())]
        for event in events:
            text = self.with_names(event.text)
            if (
                event.kind in ("battle", "duel", "block")
                or (event.kind == "discard" and " dies " in text)
                or (event.kind == "morale" and text.startswith(tuple(students)) and " -" in text)
            ):
                self.computer_outcomes.append(text)

    def _outcomes_html(self) -> str:
        if self._outcome_owner is not self.reasons or not self.computer_outcomes:
            return ""
        shown = self.computer_outcomes[-6:]
        items = "".join(f"<li>{escape(text)}</li>" for text in shown)
        return (
            "<div style='margin-top:4px'><b>What came of it</b>"
            + (f" (the last {len(shown)})" if len(self.computer_outcomes) > len(shown) else "")
            + f":<ul style='margin:2px 0;padding-left:1.4em'>{items}</ul></div>"
        )

    def _human_action(self, action: Action) -> None:
        self.rolls = []
        self.reasons = []
        self.passed = []
        self.own_events = []
        if self.humans is not None and self.state.current_player not in self.humans:
            super()._human_action(action)  # refused, with the rule's words
            return
        first = len(self.state.events)
        # the move in the list's words, said when it tells nothing by itself (a recruit
        # whose payment passes by itself after it: "Your last move" named only the payment)
        # ... without the list's forecast for a hero played: the battle is fought next, and
        # its result is said under it (look 9, lesson 13: "Play no hero: Carthage wins the
        # battle 13 times in 18 (72%)" stood over a battle already lost)
        words = self.describe_action(action, played=True)
        self.student_moved = True
        # the round of the student's move, unless the move ended the student's turn: a
        # turn that then ended by itself and a new round are said in the banner (look 11:
        # round 2's planning opened where the last list stood, unseen, and the student
        # ended it by accident)
        ended = choice_kind(action) == "End the phase"
        self._round_of_move = None if ended else getattr(self.state, "round", None)
        self._own_move = True
        try:
            self._advance(action)
        finally:
            self._own_move = False
        said = self.state.events[first:]
        # a game whose state says its turn in a sentence (now_words: CONQUEST): "Black's
        # turn 6 of 6: Black has 5 moves." ran on after the student's move under "Your
        # last move" (look 6, lesson 34); the banner says whose turn it is
        noise = ("turn",) if callable(getattr(self.state, "now_words", None)) else ()
        self.own_events = [self.with_names(e.text) for e in said if e.kind not in noise]
        if not self.own_events and words:
            self.own_events = [words[:1].upper() + words[1:] + "."]
        self._after_human(said)

    def _after_human(self, said: Sequence[Any] = ()) -> None:
        answered = len(self.state.events)
        self._run_bots(animate=True)
        if said and len(self.state.events) > answered:
            # the other side has answered since: an offer made to it (CONQUEST's "Black
            # may recapture on j8 or refuse") is over, and "Your last move" drops it
            offers = {self.with_names(e.text) for e in said if str(e.kind).endswith("-offer")}
            self.own_events = [t for t in self.own_events if t not in offers]
        self._refresh()
        self._take_focus()

    @guarded
    def step(self) -> Action | None:
        """Play one action: in the demo the next bot move or roll; otherwise the move
        picked in the list (the first one when none is picked, as before)."""
        if self.mode == "demo" or self.waiting_for_human():
            self.rolls = []
            self.reasons = []
        return super().step()

    @guarded
    def auto(self, n: int = 20) -> int:
        self.rolls = []
        self.reasons = []
        return int(super().auto(n) or 0)

    @guarded
    def play_to_phase_end(self) -> int:
        self.rolls = []
        self.reasons = []
        return int(super().play_to_phase_end() or 0)

    def _restore_to_human(self) -> None:
        while len(self.state.history) > self._base:
            self._restore(len(self.state.history) - 1)
            if self.real_choice():
                return

    @guarded
    def back(self) -> bool:
        """Undo back to the previous decision of a student (in the demo: one action)."""
        if len(self.state.history) <= self._base:
            self.say("This is the first position: there is nothing to undo.")
            return False
        self.rolls = []
        self.reasons = []
        self.passed = []
        self.own_events = []
        if self.mode == "demo":
            self._restore(len(self.state.history) - 1)
            self._refresh()
            return True
        before, checkpoints = self.state, dict(self._checkpoints)
        self._restore_to_human()
        if not self.real_choice():
            # no decision of a student before this one: stay where we were
            self.state, self._checkpoints = before, checkpoints
            self.say("There is no earlier move of yours to take back.")
            return False
        self.own_events = ["Taken back with Undo; pick a move again from here."]
        self._refresh()
        self._take_focus()
        return True

    # --- picking a choice ----------------------------------------------------------------
    def _on_pick(self, _change: Any = None) -> None:
        action = self.picker.selected_action
        waiting = action is None and bool(self.picker.shown)
        self.pick_hint.layout.display = None if waiting else "none"
        if action is not None:
            self.notice.value = ""
            # outline the choice's places; with nothing picked in the list (a list just
            # narrowed by a click on the map) the places the student picked stay as they are
            regions = list(self.state.action_regions(action))
            for view in self.region_views:
                view.highlight(regions)
        if self.cards_view is not None:
            words = set(re.findall(r"[\w-]+", str(action))) if action is not None else set()
            keys = {
                card_key(c)
                for row in self.cards_view.rows.values()
                for c in row
                if card_key(c) in words
                or (action is not None and str(c.get("name")) in str(action))
            }
            self.cards_view.highlight(frozenset(keys) if action is not None else frozenset())
        self.odds_line.value = self._odds_memo(action)

    def _odds_memo(self, action: Action | None) -> str:
        """:meth:`_odds_html`, worked out once per position and choice (a redraw asks
        again for the same one). The position is this state object at this many moves:
        moves only add to a state's history, and the memo holds the object itself, so a
        new state is never mistaken for an old one."""
        state = self.state
        memo = self._odds_seen
        if memo is not None and memo[0] is state and memo[1] == len(state.history):
            if action in memo[2]:
                return memo[2][action]
        else:
            memo = self._odds_seen = (state, len(state.history), {})
        html = memo[2][action] = self._odds_html(action)
        return html

    def odds_words(self, action: Action | None = None) -> str:
        """The exact chance the picked (or given) choice takes its target, in words;
        empty when no dice decide it."""
        action = action if action is not None else self.picker.selected_action
        if action is None:
            return ""
        odds = battle_odds(self.state, action)
        if odds is None:
            return ""
        p = odds.best
        state = self.state
        regions = state.action_regions(action)
        target = regions[-1]
        name = self._region_names.get(target, target)
        holder = (state.region_views() or {}).get(target, {}).get("owner")
        who = state.player_name(state.current_player)
        keeps = state.player_name(holder) if isinstance(holder, int) else "its defenders"
        forecast = state.battle_forecast(action)
        if isinstance(holder, int) and keeps == name:
            name = f"the land of {name}"  # "Gaul stays with Gaul" reads as a slip
        if forecast is not None:
            # Duels: the attacker moves in whenever it wins the battle (an empty sea,
            # where no unit is left to move in, goes to nobody)
            if not odds.depends_on_choices:
                if p == 0 == forecast.win:
                    return f"{who} cannot take {name} with this attack: it cannot win the battle."
                if p == forecast.win:
                    return f"{who} takes {name} each time it wins the battle: {how_often(p)}."
                return (
                    f"{who} takes {name} {how_often(p)}: it can win the battle with no unit "
                    "left to move in, and an empty sea belongs to nobody."
                )
            return (
                f"{who} takes {name} each time it wins the battle. The heroes still in "
                f"hand can change that: from {how_often(odds.low)} to {how_often(odds.high)}, "
                f"and {how_often(odds.best)} if both sides play their best hero."
            )
        if state.attack_odds(action) is not None:
            # a battle of many rounds (Classical), fought later with the units there
            wins = "win" if _is_plural(who) else "wins"
            often = "never" if p == 0 else how_often(p)
            return (
                f"{who} {wins} the battle for {name} {often}, if it is fought with the "
                "units there now (more may arrive before the battle phase)."
            )
        if p == 0:
            words = f"{who} cannot take {name} with this: it stays with {keeps} whatever the dice"
        elif p == 1:
            words = f"{who} takes {name} for sure"
        else:
            words = (
                f"{who} takes {name} {times_in(p)} ({_percent(p)}); "
                f"it stays with {keeps} {times_in(1 - p)}"
            )
        if odds.depends_on_choices:
            words += (
                f", if both sides then choose their best (from {how_often(odds.low)} to "
                f"{how_often(odds.high)}, depending on those choices)"
            )
        return words + "."

    def battle_words(self, action: Action | None = None) -> list[str]:
        """The battle an attack starts (or the one pending, with ``action`` None) in
        sentences: how often each side wins it and what each result costs both sides
        in units, from every pair of dice; empty when no battle is at stake."""
        state = self.state
        forecast = state.battle_forecast(action)
        if forecast is None:
            return []
        attacker = state.player_name(forecast.attacker)
        one = 0 <= forecast.defender < state.game.num_players
        defender = state.player_name(forecast.defender) if one else "the independent army"
        target = self._region_names.get(forecast.target, forecast.target)
        lines = []
        for wins, who in ((True, attacker), (False, defender)):
            results = [r for r in forecast.results if r.attacker_wins == wins]
            p = sum((r.chance for r in results), Fraction(0))
            if not results:
                continue
            verb = "wins the battle" if wins else "holds"
            a = sorted({r.attacker_losses for r in results})
            d = sorted({r.defender_losses for r in results})
            often = "every time" if p == 1 else times_in(p)
            line = (
                f"{who} {verb} {often} ({_percent(p)}): {defender} then loses "
                f"{_units(d)}, {attacker} {_units(a)}."
            )
            lines.append(line[:1].upper() + line[1:])  # "The independent army holds..."
        if not lines:
            return []
        bonus = (
            f", with a defence bonus of {forecast.defence_bonus}" if forecast.defence_bonus else ""
        )
        return [
            f"Battle for {target}: {possessive(attacker)} {_army(forecast.attacking)} against "
            f"{possessive(defender)} {_army(forecast.defending)}{bonus}.",
            *lines,
        ]

    def card_battle_words(self, action: Action) -> str:
        """For an attack in a game without dice (Historical): the battle as the cards
        stand, attack against defence, and who wins it if nobody answers with a card
        (the game's :meth:`~hcgames.core.State.card_battle_forecast`); empty for any
        other choice."""
        state = self.state
        forecast = state.card_battle_forecast(action)
        if forecast is None:
            return ""
        who, other = state.player_name(forecast.attacker), state.player_name(forecast.defender)
        if forecast.winner == "attack":
            then = (
                f"{other} loses its last card there, and {who} may then move a card in "
                "to take the land"
                if forecast.takes_last
                else f"{other} loses one card there and keeps the land"
            )
            verdict = f"{who} wins the battle: {then}"
        elif forecast.winner == "defence":
            verdict = f"{other} holds, and {who} loses morale"
        else:
            verdict = "it is a draw, and nobody takes the land"
        why = (
            f" (the ability of {forecast.decided_by} wins it outright, whatever the totals)"
            if forecast.decided_by
            else ""
        )
        made = "".join(
            f" {side.capitalize()} {total} comes from {_sum_words(parts)}."
            for side, total, parts in (
                ("attack", forecast.attack, forecast.attack_parts),
                ("defence", forecast.defence, forecast.defence_parts),
            )
            if parts
        )
        return (
            f"No dice in this game: attack {forecast.attack} against defence "
            f"{forecast.defence}{why}, so {verdict}, unless a card played in answer "
            f"changes the sums.{made}"
        )

    def _odds_html(self, action: Action | None) -> str:
        if action is not None and not self.state.battles_use_dice:
            words = self.card_battle_words(action)
            return f"<b>The battle:</b> {escape(self.with_names(words))}" if words else ""
        if action is None:
            battle = self.battle_words() if self.state.current_player >= 0 else []
            if not battle:
                return ""
            return "<b>The battle now</b> (if no other hero is played): " + "<br>".join(
                escape(line) for line in [*battle, *self.sum_words()]
            )
        battle = self.battle_words(action) if not self.state.is_chance() else []
        words = self.odds_words(action)
        if not battle:
            return f"<b>Chance:</b> {escape(words)}" if words else ""
        heroes = " (if no hero is played)" if _heroes_may_play(self.state) else ""
        html = f"<b>Chance{heroes}.</b> " + "<br>".join(escape(line) for line in battle)
        if words:
            html += f"<br><b>Taking the land:</b> {escape(words)}"
        return html

    # --- saving and loading ------------------------------------------------------------------
    def save_json(self) -> str:
        """The game so far as the text of a save file (:meth:`State.to_json`)."""
        return self.state.to_json(indent=1)

    def save_file_name(self) -> str:
        """The saved game's file name, in the words the page uses for it: "Conqueror
        Duels saved game, round 2, after 31 moves.json"."""
        return f"{self.save_words()}.json"

    def save_words(self) -> str:
        """The saved game as the page names it: "Conqueror Duels saved game, round 2,
        after 31 moves", or with the phase in a game of phases ("Classical Conquests saved
        game, round 5, research phase"): its file's name, and what Load says it loaded."""
        title = " ".join(re.sub(r"[^\w -]+", " ", self.game.title).split())
        # the round as the page says it (CONQUEST's class game: "White turn 1 of 6";
        # "round 2" at its first turn disagreed with the header); no quote marks, which
        # the link's download attribute would end at
        said = round_of(self.state).replace("'s turn", " turn")
        when = " ".join(re.sub(r"[^\w -]+", " ", said).split())
        if when.startswith(("Round", "Turn", "Setting")):
            when = when[:1].lower() + when[1:]
        phase = self.state.phase
        if self.game.save_by_phase and phase in self.game.phases():
            step = " ".join(re.sub(r"[^\w -]+", " ", phase_words(self.game, phase)).split())
            return f"{title} saved game, {when}, {step}"
        # how far the game had gone, as a student says it ("after 31 moves", not "move 31")
        moves = len(self.state.history)
        done = f"after {plural(moves, 'move')}" if moves else "at the start"
        return f"{title} saved game, {when}, {done}"

    @guarded
    def save(self) -> str:
        """Offer the game as a file: a download link appears beside the button."""
        text = self.save_json()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = self.save_file_name()
        # a page cannot start a download from the server: the second step is a button
        # that looks like one (not a link in the text), and the sentence says to press it
        self.save_link.value = (
            f"<a class='hcgames-save-link' download='{escape(name)}' "
            f"href='data:application/json;base64,{data}' role='button' "
            "style='display:inline-block;padding:4px 14px;margin:0 6px;background:#1f5f99;"
            "color:#fff;border-radius:4px;text-decoration:none;font-weight:bold'>"
            "<i class='fa fa-download' aria-hidden='true'></i> Download the saved game</a>"
        )
        # one name for the file everywhere: a saved game (its file says which)
        self.file_message.value = (
            "Your saved game is ready: press <b>Download the saved game</b> to keep it (the "
            f"file is called <i>{escape(name)}</i>). Next lesson, press <b>Load a saved "
            "game</b> and choose that file."
        )
        return text

    def load_json(self, text: str) -> bool:
        """Replace the game with a saved one; a bad file leaves the game unchanged and
        says why. Returns whether the save was loaded."""
        try:
            state = self.game.from_json(text)
        except SaveError as exc:
            # the first problems, each cut short (a broken file may quote a long text)
            problems = "; ".join(
                p if len(p) <= 240 else p[:239] + "\u2026" for p in exc.problems[:3]
            )
            problems = problems[:1].upper() + problems[1:]  # a sentence of its own
            if problems and problems[-1] not in ".!?":
                problems += "."
            self.file_message.value = (
                "<span style='color:#B00020'><b>That file could not be loaded</b>, so the "
                f"game on screen is unchanged. {escape(problems)}</span>"
            )
            return False
        # My work: a finished game loaded counts at once, in a row of its own named by
        # its moves (loading the same file again adds no second row); a game loaded
        # over one under way takes that game's row; after a finished game, a new row
        self._loaded_key = None
        if state.is_terminal():
            digest = _moves_digest(state)
            self._loaded_key = self._finished_rows.get(digest, f"{id(self)}-saved-{digest}")
        elif self.state.is_terminal():
            self.loads += 1
        self.games_loaded += 1
        self.update(state)
        self._loaded_open = not state.is_terminal()  # New game asks before wiping it
        loaded = self.save_words()  # as its file is named
        self.revealed = None
        self.rolls = []
        self.reasons = []
        self.passed = []
        self.own_events = []
        self.save_link.value = ""
        self._run_bots()
        self._refresh()
        if self.state.is_terminal():  # nothing is left to play in a finished game
            follow = "This game is over: its result is shown, and New game starts another."
        else:
            follow = "Play on from here."
        self.file_message.value = f"Loaded: {escape(loaded)}. {follow}"
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
        content = item["content"] if isinstance(item, Mapping) else item.content
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            self.file_message.value = (
                "<span style='color:#B00020'><b>That file could not be loaded</b>, so the game "
                "on screen is unchanged. It is not a saved game made by Save the game.</span>"
            )
        else:
            self.load_json(text)
        self.upload.value = ()

    # --- showing ---------------------------------------------------------------------------
    def _new_position(self, state: State) -> None:
        """A new position: list the choices afresh, with none picked, even when they are
        the same as before (a phase that ends can offer the same moves again)."""
        self._listed = (id(state), len(state.history))
        self.picker._legal_key = None
        self.notice.value = ""
        # a saved (or loaded) game's line names the position it was made at: it goes
        # once the game moves on (look 9, lesson 13: "after 1 move" stayed for more)
        self.save_link.value = ""
        self.file_message.value = ""

    def _refresh(self) -> None:
        if not getattr(self, "_ready", False):
            super()._refresh()
            return
        state = self.state
        if self.cards_view is not None:
            self.cards_view.viewer = self._viewer()
        self._learn_names(state)
        if (id(state), len(state.history)) != self._listed:
            self._new_position(state)
        super()._refresh()
        demo = self.mode == "demo"
        live = not state.is_terminal()
        hidden = self._needs_pass()
        choosing = live and not demo and self.waiting_for_human() and not hidden
        self._show_controls(state, choosing, hidden)
        self.status_line.value = self._status_html()
        self.score_bar.value = self._score_bar_html()
        self.why_line.value = self._why_not_html() if choosing else ""
        self.own_side.value = self._own_side_html()
        if hidden:
            who = state.player_name(state.current_player)
            self.pass_text.value = (
                f"Pass the screen to <b>{escape(who)}</b>.<br>Everyone else: look away, "
                "the cards in this hand are secret."
            )
            self.pass_button.description = f"I am {who}: show my turn"
        self.roll_box.value = self._rolls_html()
        self.why_box.value = self._why_html()
        if self.board_view is not None:  # the computer's last moves, outlined on the board
            shown = self.reason_paths[-len(self.reasons) :] if self.reasons else []
            self.board_view.mark_moves(shown)
            if not self.board_view.selection:  # no line left about a space clicked before
                self.board_view.info.value = ""
        self.pass_line.value = self._pass_html()
        self.own_box.value = (
            "<b>Your last move:</b> " + escape(plain_plurals(" ".join(self.own_events)))
            if self.own_events and not demo
            else ""
        )
        for view in self.region_views:
            self._map_line(view)
        self._note_game()
        self._show_debrief()
        for tool in getattr(self, "_tools", []):  # a lesson's tool: kept true to this position
            tool.refresh()
        if demo and live and state.is_chance() and self.dice.results:
            self.odds_line.value = "<b>Next, the dice:</b> " + escape(
                "; ".join(f"{w} {times_in(p)}" for w, p, _ in self.dice.results)
            )
        else:
            self._on_pick()
        # the banner is drawn last: once it shows this position (its move count kept out
        # of sight in an attribute), everything else on the screen shows it too
        self.banner.value = (
            f"<span class='hcgames-banner-text' data-shown='{len(state.history)}'>"
            f"{escape(self.banner_text)}</span>"
        )

    def _show_controls(self, state: State, choosing: bool, hidden: bool) -> None:
        """Which controls the position shows: the list while the student chooses, the
        demo's buttons, the screen that asks to pass a hot seat, Undo or Back..."""
        demo = self.mode == "demo"
        live = not state.is_terminal()
        self.picker.layout.display = None if choosing else "none"
        self.picker.choice.disabled = False
        self.dice.layout.display = "none"
        self.demo_controls.layout.display = None if demo else "none"
        self.side_buttons.layout.display = None if self.mode == "bot" else "none"
        self.level_buttons.layout.display = None if self.mode != "hotseat" else "none"
        self.pass_screen.layout.display = None if hidden else "none"
        self.board_column.layout.display = "none" if hidden else None
        self._hide_wide_key(hidden)
        if self.card_area.children:
            self.card_area.layout.display = "none" if hidden else None
            self.hand_area.layout.display = "none" if hidden else None
        self.back_button.description = "Back" if demo else "Undo"
        self.back_button.tooltip = (
            "Take back the last move"
            if demo
            else "Take back your last move (and the computer's answer to it)"
        )
        self.back_button.disabled = len(state.history) <= self._base
        self.new_button.button_style = "primary" if not live else ""
        if not self.game_under_way():
            self.confirm_box.layout.display = "none"
        self._show_end_button(choosing)

    def _show_end_button(self, choosing: bool) -> None:
        """The one-click End button, when the student may end the turn (or phase) now
        and do something else too; named for what it ends."""
        end = self.end_action() if choosing else None
        self.end_button.layout.display = None if end is not None else "none"
        # the End button is the one way to end: no "End my turn (1)" tab to mistake for it
        self.picker.untab(frozenset({self.picker._kind(end)[0]}) if end else frozenset())
        if end is not None:
            self.end_button.description = self.end_words(end)
            self.end_button.tooltip = (
                f"Play no other move: {self.end_button.description.lower()} now"
            )

    def _note_game(self) -> None:
        """Tell the page's "My work" record how this game stands: once a student moved,
        or at once for a finished game loaded from a save. A finished game's row stays
        as it was at the end (Undo after Game over does not change it)."""
        state = self.state
        finished = state.is_terminal()
        if self.mode == "demo" or (len(state.history) <= self._base and not finished):
            return
        outcome = state.outcome() if finished else None
        if outcome is None:
            result = "not finished"
        elif not outcome.winners:
            result = "draw"
        elif self.mode == "hotseat":
            result = " and ".join(state.player_name(p) for p in outcome.winners) + " won"
        else:
            won = any(p in outcome.winners for p in self.student_seats)
            alone = len(outcome.winners) == 1
            result = ("won" if alone else "shared the win") if won else "lost"
        hotseat = self.mode == "hotseat"
        names = [state.player_name(p) for p in self.student_seats]
        key = self.row_key
        if finished:  # the same game loaded back later keeps this row
            self._finished_rows.setdefault(_moves_digest(state), key)
        title = self.game.title
        if self.variants is not None:  # which of the two games the screen offers
            title += " (class game)" if self.game is self.variants["class"] else " (full game)"
        journal().play(
            game=title,
            side="every side, players on one screen" if hotseat else " and ".join(names),
            level=NO_COMPUTER if hotseat else BOT_LEVELS[self.level].label,
            result=result,
            # a game may count its rounds itself (CONQUEST: turns of each side)
            rounds=getattr(self.game, "rounds_played", lambda s: s.round)(state),
            key=key,
            score=self.score_words() if finished else "",
        )

    @property
    def row_key(self) -> str:
        """The name of this game's row in My work (one row per game played or loaded)."""
        return self._loaded_key or f"{id(self)}-{self.games_started}-{self.loads}"

    def score_words(self) -> str:
        """Each side's score at the end, in words: "Rome 7, Gaul 4" (the student's side
        first when playing the computer)."""
        state = self.state
        own = getattr(state, "record_words", None)  # a game's own words (CONQUEST)
        if callable(own):
            return str(own())
        scores = state.scores()
        order = list(range(self.game.num_players))
        if self.mode == "bot":
            order.sort(key=lambda p: p not in self.student_seats)
        said = ", ".join(f"{state.player_name(p)} {scores.get(p, 0):g}" for p in order)
        outcome = state.outcome()
        if outcome is not None and outcome.winners and len(set(scores.values())) == 1:
            # level scores with a winner read as a draw ("Carthage 3, Rome 3", look 8):
            # the rules' own words say what broke the tie
            why = outcome.reason.rstrip(".")
            said += f" ({why[:1].lower() + why[1:] if why[1:2].islower() else why})"
        return said

    def _init_debrief(self) -> None:
        #: the finished position the debrief shows (its state and length), once built
        self._debriefed: tuple[int, int] | None = None
        # the question on a finished game, one widget per question, kept for the next game
        self._debrief_items: dict[str, widgets.Widget] = {}
        self._debrief_head: widgets.HTML | None = None

    def _debrief_item(self, question: Any) -> widgets.Widget:
        """The question on a finished game, made once per page: the same widget (and its
        answer) comes back after the next game, never a second unanswered copy."""
        from hcgames.widgets.lesson import QuizItem

        items = self._debrief_items
        if question.id not in items:
            # no number: the page's numbered questions come further down, and a "8."
            # standing above "1." read as a mistake (look 10, lesson 13)
            items[question.id] = QuizItem(question, "A question on your game:")
        return items[question.id]

    def _open_debrief_question(self) -> widgets.Widget | None:
        """The question of a finished game the student has not answered yet (nor had
        shown): it stays on the page after New game, for My work lists it (look 11,
        lesson 44: it went with the old game and stayed "not answered")."""
        for qid, item in self._debrief_items.items():
            row = journal().record.question(qid)
            if row is not None and not row.right and not row.revealed:
                return item
        return None

    def _show_debrief(self) -> None:
        """After Game over, the debrief under the board (built once per finished game);
        in the next game, only its question while it waits for an answer."""
        state = self.state
        if not state.is_terminal():
            self._debriefed = None
            waiting = self._open_debrief_question()
            if waiting is None:
                self.debrief_box.layout.display = "none"
                return
            head = self._debrief_head
            if head is None:
                head = self._debrief_head = widgets.HTML(
                    "<h4 style='margin:10px 0 2px;font-size:17px'>From the game you finished</h4>"
                )
            if tuple(self.debrief_box.children) != (head, waiting):
                self.debrief_box.children = [head, waiting]
            self.debrief_box.layout.display = None
            return
        key = (id(state), len(state.history))
        if self._debriefed == key:
            return
        self._debriefed = key
        from hcgames.debrief import debrief

        seat = self.student_seats[0]
        d = debrief(state, seat)
        you = set(self.student_seats) if self.mode == "bot" else set()
        head = "".join(
            f"<th>{escape(side)}{' (you)' if i in you else ''}</th>"
            for i, side in enumerate(d.sides)
        )
        rows = "".join(
            f"<tr><td>{escape(row.what)}</td>"
            + "".join(f"<td>{escape(self.with_names(v))}</td>" for v in row.values)
            + "</tr>"
            for row in d.score
        )
        if d.turning:
            items = "".join(
                # the judgement before the move's own sentence, which ends with its stop
                f"<li><b>{escape(self._when_by(tp.round, tp.who))}</b> "
                f"<i>{self._swing_words(tp.swing, seat)}</i>: "
                f"{escape(plain_plurals(self.with_names(tp.text)))}</li>"
                for tp in d.turning
            )
            turning = (
                "<p style='margin:4px 0'>The moves that changed the game most, by the "
                "computer's own judgement of the position after each move:</p>"
                f"<ol style='margin:2px 0;padding-left:1.6em'>{items}</ol>"
            )
        else:
            turning = (
                "<p>No single move changed the game much: it was decided little by little.</p>"
            )
        past = "".join(f"<p style='margin:4px 0'>{escape(p)}</p>" for p in d.past)
        html = (
            "<div style='font-size:15px;line-height:1.4'>"
            "<h3 style='margin:10px 0 4px'>How the game went</h3>"
            f"<p style='margin:4px 0'><b>{escape(plain_plurals(d.result))}</b></p>"
            f"<p style='margin:4px 0'>{escape(d.score_note)}</p>"
            "<table class='hc-table' style='border-collapse:collapse;font-size:14px'>"
            f"<thead><tr><th>The score</th>{head}</tr></thead><tbody>{rows}</tbody></table>"
            "<h4 style='margin:10px 0 2px'>Turning points</h4>"
            f"{turning}"
            "<h4 style='margin:10px 0 2px'>What really happened</h4>"
            f"{past}"
            "<h4 style='margin:10px 0 2px'>The game and the past</h4></div>"
        )
        children: list[widgets.Widget] = [widgets.HTML(html)]
        if d.question is not None:
            children.append(self._debrief_item(d.question))
        self.debrief_box.children = children
        self.debrief_box.layout.display = None

    def _swing_words(self, swing: float, seat: int) -> str:
        name = self.state.player_name(seat)
        if self.mode == "bot":
            return "(this helped you)" if swing > 0 else "(this went against you)"
        return f"(good for {name})" if swing > 0 else f"(bad for {name})"

    @property
    def banner_text(self) -> str:
        """The one line that says whose turn it is and what to do."""
        state = self.state
        if state.is_terminal():
            outcome = state.outcome()
            won = tuple(outcome.winners) if outcome else ()
            winners = [state.player_name(p) for p in won]
            if len(winners) > 1:
                result = f"{' and '.join(winners)} share the win"
            else:
                result = f"{winners[0]} won" if winners else "Nobody won"
            if self.mode == "bot" and self.humans and winners:
                # a student against the computer reads about "you", then the side's name
                if set(won) & self.humans:  # a name may hold brackets: "Player 1 (Elves)"
                    names = " and ".join(winners)
                    result = (
                        f"you share the win: {names}" if len(won) > 1 else f"you won as {names}"
                    )
                else:
                    # "you lost; Player 2 (Saltdeep Merfolk) won": no brackets in brackets
                    result = f"you lost; {result}"
            reason = plain_plurals(outcome.reason).rstrip(".") if outcome else "finished"
            reason = reason[:1].upper() + reason[1:]
            under = "the map" if self.map_view is not None else "the board"  # Duels has a map
            return (
                f"Game over: {result}. {reason}. How the game went is under {under}; "
                "New game plays again."
            )
        who = state.player_name(state.current_player)
        if self.mode == "demo":
            if state.is_chance():
                return "The dice (or the deck) decide next: press Step."
            return f"{who} (the computer) {verb(who, 'plays')} next: press Step or Auto."
        if self._needs_pass():
            return f"{who} to play: pass the screen."
        how = "pick a move, then press Play this move."
        clicks = self.board_view is not None and self.game.moves_by_clicks
        if clicks:
            # a board that plays a move by two clicks: the piece, then where it goes
            how = "click a piece, then a gold square (or pick a move in the list)."
        step = state.step_words()
        if self.student_moved and self.mode == "bot":
            # said in full until the student's first move: the line stays short after it,
            # but a board keeps its two clicks in a few words (a student who forgot had
            # nothing from move 2 on: look 11, lesson 34)
            how = "click a piece, then a gold square." if clicks else ""
        if step:
            return f"{self._new_round_words()}{who}, {step}. {how[:1].upper()}{how[1:]}".rstrip(" ")
        if not how:
            return f"Your move, {who}."
        if self.mode == "bot":
            return f"Your move, {who}: {how}"
        return f"{who}, your move: {how}"

    #: the round of the student's last move when it did not end the turn (None: ended it)
    _round_of_move: int | None = None

    def _new_round_words(self) -> str:
        """ "Your last turn has ended by itself: this is a new one. " when the student's turn
        ended by itself (its end was the only move left) and the game is in a new round
        since: said first, where the student reads what to do next."""
        now = getattr(self.state, "round", None)
        last = self._round_of_move
        if self.mode != "bot" or last is None or now is None or now <= last:
            return ""
        # said without a number: the state's round need not be the count the page shows
        # ("Round 5 has begun" over "Black's turn 2 of 6" in a CONQUEST recapture, look 13)
        return "Your last turn has ended by itself: this is a new one. "

    #: how many of the computer's moves the screen explains at once (the latest)
    SHOWN_REASONS = 4

    def _timeline_html(self) -> str:
        # a game whose banner says each step in a player's words (CONQUEST: "Your move",
        # "Black may recapture"): no row of step names
        if self.game.banner_says_steps:
            return ""
        return str(super()._timeline_html())

    def _why_html(self) -> str:
        if not self.reasons:
            return ""
        # "Black: Black soldier 3 to k6 - why": the move, and its reason said once
        # when every move had the same one (the Easy computer's)
        split = [r.partition(" \u2014 ") for r in self.reasons]
        # "Rome ends its planning": each move a report of what the side did, with its
        # name (a move that names its piece keeps its own words: "Black knight 1 to j8")
        moves = [(reported(m) or _unsaid_side(m)) if sep else m for m, sep, _ in split]
        # "its knight moves to j8; it looked all right...": what it did, then the why
        parts = [_did_and_why(w) for _, _, w in split]
        whys = {why for _, why in parts}
        if len(whys) == 1 and all(sep for _, sep, _ in split):
            items = "".join(
                f"<li>{escape(plain_plurals(m))}"
                # a capture is said, the computer's own or a recapture in the student's
                # turn, and a step onto its own piece; "to f9: it moves to f9" is not
                + (f": {escape(plain_plurals(did))}" if did else "")
                + "</li>"
                for m, (did, _) in zip(moves, parts, strict=True)
            )
            why = next(iter(whys))
            after = f"<div>Why: {escape(plain_plurals(why[:1].upper() + why[1:]))}.</div>"
        else:
            # a reason most moves share is said once, under the list; the others with
            # their move
            said = [why for (_, sep, _), (_, why) in zip(split, parts, strict=True) if sep]
            common = max(set(said), key=said.count) if said else ""
            if said.count(common) < 2:
                common = ""
            rows = [
                ((reported(m) or _unsaid_side(m)) if sep else r)
                + (f": {did}" if sep and did else "")
                + (f" — {why}" if sep and why != common else "")
                for r, (m, sep, _), (did, why) in zip(self.reasons, split, parts, strict=True)
            ]
            items = "".join(f"<li>{escape(plain_plurals(r))}</li>" for r in rows)
            common_words = escape(plain_plurals(common[:1].upper() + common[1:]))
            if not common:
                after = ""
            elif len(said) > said.count(common):
                after = f"<div>The other moves: {common_words[:1].lower()}{common_words[1:]}.</div>"
            else:
                after = f"<div>Why: {common_words}.</div>"
        # the phases the computer only ended (any game whose turn has phases), in one
        # sentence under its real moves (at the end of a Classical turn they were the
        # four moves in sight, its builds folded)
        lis = items.split("</li>")[:-1]
        ended = [m for m in (_COMPUTER_ENDED.match(li) for li in lis) if m]
        folded = 0  # phases only ended are not counted as moves (look 8, lesson 24)
        if ended and len(ended) < len(lis) and len({m.group("who") for m in ended}) == 1:
            folded = len(ended)
            phases = [m.group("phase") for m in ended]
            word = "phase" if len(phases) == 1 else "phases"
            items = "".join(f"{li}</li>" for li in lis if not _COMPUTER_ENDED.match(li))
            after = (
                f"<div>{ended[0].group('who')} also ended the {join(phases)} {word}.</div>" + after
            )
        title = "What the computer did" + ("" if after.startswith("<div>Why") else ", and why")
        items_html = self._folded_items(items)
        # a pass is not a move: "2 moves and a pass", not "3 moves"; nor is a retake
        # refused ("1 move, drawn in red" over a refusal alone: look 13, lesson 34)
        passes = sum(1 for r in self.reasons if _STOPPED.search(r))
        refusals = sum(1 for r in self.reasons if _REFUSED.search(r))
        moved = len(self.reasons) - passes - refusals - folded
        others = []
        if passes:
            others.append("a pass" if passes == 1 else plural(passes, "pass"))
        if refusals:
            others.append(
                "a refusal to retake" if refusals == 1 else f"{refusals} refusals to retake"
            )
        count = join([plural(moved, "move"), *others] if moved else others)
        where = ", drawn in red on the board" if self.board_view is not None and moved else ""
        return f"<b>{title}</b> ({count}{where}):{items_html}{after}" + self._outcomes_html()

    def _folded_items(self, items: str) -> str:
        """The computer's moves as a numbered list: the latest in sight, the earlier ones
        folded (the column never scrolls)."""
        shown = self.SHOWN_REASONS
        lis = items.split("</li>")[:-1]
        # a capture (a piece the student lost) always stays in sight: only the earlier
        # moves that took nothing are folded, each list keeping the moves' own numbers
        early = [(n, li) for n, li in enumerate(lis[:-shown], 1) if not _TOOK.search(li)]
        if items.count("<li>") > shown and early:
            fold = {n for n, _ in early}
            ol = "<ol style='margin:2px 0;padding-left:1.6em'>"
            folded = (
                f"<details><summary>{plural(len(early), 'earlier move')}</summary>{ol}"
                + "".join(f"{li.replace('<li>', f'<li value={n}>', 1)}</li>" for n, li in early)
                + "</ol></details>"
            )
            items_html = (
                folded
                + ol
                + "".join(
                    f"{li.replace('<li>', f'<li value={n}>', 1)}</li>"
                    for n, li in enumerate(lis, 1)
                    if n not in fold
                )
                + "</ol>"
            )
        else:
            items_html = f"<ol style='margin:2px 0;padding-left:1.6em'>{items}</ol>"
        return items_html

    def _when(self, number: int) -> str:
        """A turning point's time: "Round 3", or CONQUEST's "Black's turn 3"."""
        own = getattr(self.game, "turn_words", None)
        return str(own(number, of=False)) if callable(own) else f"Round {number}"

    def _when_by(self, number: int, who: str) -> str:
        """A turning point's time, with the side that moved when the turn was the other
        side's: a recapture filed under "Black's turn 3" alone read as Black's move
        (look 10, lesson 34)."""
        when = self._when(number)
        names = self.state.game.player_names
        owner = next((n for n in names if when.startswith(f"{n}'s ")), None)
        if owner is not None and who and who != owner:
            return f"{when}, {who} striking back"
        return when

    def _board_move(self, regions: Sequence[str]) -> None:
        """On a board, a click on a highlighted space that the picked piece can reach
        plays that move at once (when it is the only move from the one space to the
        other; otherwise the list shows the few that are, as before)."""
        if len(regions) != 2 or self.picker.layout.display == "none":
            return
        state = self.state
        if state.is_terminal() or state.is_chance() or self._needs_pass():
            return
        if self.humans is not None and state.current_player not in self.humans:
            return
        # every legal move from the first space that ends on the second (the gold
        # squares are drawn from these): not only the moves the list shows just now,
        # so a highlighted square always plays (look 7: "j4 then j6" waited for Play)
        moves = [
            m
            for m in state.legal_actions()
            if (r := tuple(state.action_regions(m))) and (r[0], r[-1]) == (regions[0], regions[-1])
        ]
        chosen = self.picker.selected_action
        if chosen in moves:  # the move picked in the list, shown on the board: that one
            moves = [chosen]
        if len(moves) > 1 and self.board_view is not None:
            # several pieces share the space: the click moves the first of them (top
            # piece first) that can go there, and the board's line has said which
            move = self.board_view.first_mover(moves)
            moves = [move if move is not None else moves[0]]
        if moves:
            if moves[0] not in self.picker.shown:
                self.picker.set_regions(list(regions))  # the list shows the move played
            self.picker.pick(moves[0])
            # a move made on the board keeps the keyboard's focus on the board
            self._board_moving = True
            try:
                self.picker.apply()
            finally:
                self._board_moving = False

    def _map_line(self, view: Any, _regions: Any = None) -> None:
        """The map's own line shows only what is picked on it (the banner says the rest)."""
        view.text_line.layout.visibility = "visible" if view.selection else "hidden"

    def _status_html(self) -> str:
        """Where the game stands (units, gold, moves left...): the game's own summary."""
        words = self.standing_words()
        if not words:
            return ""
        # beside a board (CONQUEST) or Speros' cards the column has room: read from the
        # back of the room
        roomy = self.board_view is not None or self._roomy_status
        size = 15 if roomy else 13
        return (
            f"<div style='font-size:{size}px;line-height:1.35;color:#333;margin:4px 0'>"
            f"{escape(plain_plurals(words))}</div>"
        )

    def _score_bar_html(self) -> str:
        """The game's score line (:meth:`State.score_line`), hidden when it has none."""
        words = self.with_names(self.state.score_line())
        self.score_bar.layout.display = None if words else "none"
        return f"<div>{escape(words)}</div>" if words else ""

    def standing_words(self) -> str:
        """Where the game stands, said once: the game's own summary without what the
        banner above it already says (whose turn it is and what they are doing), so the
        two lines never repeat each other."""
        if self.state.is_terminal():
            words = self.state.describe()
            outcome = self.state.outcome()
            reason = outcome.reason.rstrip(".") if outcome else ""
            # the banner gives the result and its reason: the line does not say it again
            return "" if reason and reason in words else self.with_names(words)
        if self.mode == "demo":
            return self.with_names(self.state.describe())
        # what the banner does not say already (who plays and what they do)
        return self.with_names(self.state.standing_words())

    def next_action(self, auto: bool = False) -> Action:
        """As :meth:`GameStepper.next_action`; a computer's move is also explained
        (:func:`hcgames.bots.explain`) in :attr:`reasons`."""
        state = self.state
        action = super().next_action(auto)
        if not state.is_chance():
            bot = self.bots.get(state.current_player)
            if bot is None and auto:
                bot = self.auto_bot()
            if bot is not None:
                reason = explain(state, action, bot)
                said = state.action_words(action)  # the move as the list says it
                report = getattr(state, "report_words", None)  # a game's own sentence
                if callable(report):
                    why_part = reason.partition(" \u2014 ")[2]
                    reason = f"{report(action)} \u2014 {why_part}"
                elif said != str(action):
                    reason = reason.replace(str(action), said, 1)
                if hasattr(state, "top"):  # CONQUEST: "Black knight to j8", as the board
                    reason = _PIECE_NUMBER.sub(r"\1", reason)  # shows it: no piece numbers
                ending = state.ends_phase(action)
                ending = ending and self.cards_view is not None and self.map_view is not None
                if ending and self._last_was_ending and self.reasons:
                    return action  # "ends the phase" once for a run of them, not three times
                self._last_was_ending = ending
                self.reasons.append(self.with_names(reason))
                # where it went, to mark on a board (the last len(reasons) are shown)
                self.reason_paths = [*self.reason_paths[-40:], state.action_regions(action)]
        return action

    def _rolls_html(self) -> str:
        if not self.rolls:
            return ""
        parts = []
        # a battle of many rounds (Classical): the earlier rounds' dice, a line each,
        # before the last
        parts += [
            f"<div style='font-size:13px;color:#333'>{escape(events[0].text)}</div>"
            for _action, events, _sums in self.rolls[-6:-1]
            if events[0].kind == "battle-round"
        ]
        for action, events, sums in self.rolls[-1:]:  # the last battle: short, seen whole
            first = [e.text for e in events[:1]]
            head = _dice_html(action)
            if first and first[0].startswith("Dice: "):
                # the result names the sides' dice (Duels): drawn as dice there, said once
                # (look 7: "Dice: attacker 5, defender 1" then "Dice: Carthage 5, Rome 1")
                dice, _dot, rest = first[0].partition(". ")
                face = r"<span class='hcgames-die'>\1</span>"
                head = re.sub(r"\b(\d{1,2})\b", face, escape(dice))
                first = [rest] if rest else []
            lines = "".join(f"<div>{escape(text)}</div>" for text in first)
            lines += "".join(
                f"<div style='font-size:13px;color:#333'>{escape(w)}</div>" for w in sums
            )
            lines += "".join(f"<div>{escape(e.text)}</div>" for e in events[1:])
            parts.append(
                f"<div class='hcgames-roll'><div style='margin:2px 0'>{head}</div>{lines}</div>"
            )
        return "".join(parts)

    @property
    def text(self) -> str:
        base = GameStepper.text.fget(self)  # type: ignore[attr-defined]
        if self.mode != "demo" and self._needs_pass():
            who = self.state.player_name(self.state.current_player)
            return f"{base} The screen waits for {who} to take it (hidden hand)."
        return str(base)
