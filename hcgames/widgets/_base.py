"""What every view shares: colours, the text line, and callbacks that report errors.

Colours follow the side, not the seat: ``data/factions.json`` gives every side one
colour, hatch pattern and tag (see :mod:`hcgames.factions`); regions that nobody
holds are pale, land and sea each in their own tint.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from hcgames.core import Game, HcgamesError, State
from hcgames.factions import SideStyle, side_style, unheld_colour
from hcgames.words import round_words

__all__ = [
    "NEUTRAL",
    "NEUTRAL_SEA",
    "PALETTE",
    "View",
    "game_round_words",
    "guarded",
    "lighten",
    "one_screen",
    "pattern_defs",
    "phase_words",
    "player_colour",
    "region_colour",
    "region_fill",
    "round_of",
    "side_of",
    "swatch",
]

#: the seat colours (sides without a name of their own), from data/factions.json
PALETTE = tuple(s.colour for s in (side_style(None, seat=i) for i in range(4)) if s)
NEUTRAL = unheld_colour(sea=False)
#: a place outside the game being played (a scenario's closed land, the class game's
#: far lands): darker than an unheld one, so the eye reads it as out of play
CLOSED_LAND, CLOSED_SEA = "#808080", "#75828F"  # 3:1 or more against the unheld
NEUTRAL_SEA = unheld_colour(sea=True)

#: The class of a one-screen unit: a control, the picture it changes and the result it
#: produces, kept together so that a projected page shows all three at once (1366x768
#: and 1024x700). The browser test measures every unit and fails on a control that sits
#: outside one (tests/browser_checks.py one_screen_problems).
ONE_SCREEN = "hc-screen"


#: The class of a chart that stands beside its menu in a one-screen unit. Large text
#: zooms the page half as large again: the menu's column and the chart, each grown by
#: half, no longer fitted side by side at 1366 wide and the chart dropped a screen below
#: its menu (reviewers, lessons 42, 50 and 52). On a wide window the template
#: (share/jupyter/voila/templates/hcgames/index.html.j2) grows such a chart by a quarter
#: instead, so it grows and stays beside the menu.
CHART_BESIDE = "hc-chart-beside"


def chart_beside(part: widgets.Widget) -> widgets.Widget:
    """Mark ``part`` (a chart, or the box holding one) as the chart beside a menu in a
    one-screen unit (:data:`CHART_BESIDE`); returns ``part``."""
    part.add_class(CHART_BESIDE)
    return part


def one_screen(*parts: widgets.Widget, unit: widgets.Box | None = None) -> widgets.Box:
    """Lay ``parts`` side by side, wrapping to a stack on a narrow screen, as one unit.

    Put the controls first, the picture they change and the result they produce next to
    them; the row wraps at 1024 wide, so keep each part narrow enough that the stack
    still fits 700 px high. With ``unit`` given (an existing box, a play screen's main
    area), that box is marked as the unit instead and ``parts`` must be empty.
    """
    if unit is not None:
        if parts:
            raise ValueError("one_screen: give parts or an existing unit, not both")
        unit.add_class(ONE_SCREEN)
        return unit
    box = widgets.HBox(
        list(parts),
        layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start", grid_gap="8px 16px", width="100%"
        ),
    )
    box.add_class(ONE_SCREEN)
    return box


def player_colour(player: int | None) -> str:
    """The colour of a seat (``None``: unheld). Views colour by side: see :func:`side_of`."""
    if player is None or player < 0:
        return NEUTRAL
    return PALETTE[player % len(PALETTE)]


def side_of(state: State | None, player: int) -> SideStyle:
    """How ``player``'s side is drawn: by the name of its side when the data knows it
    ("Rome" keeps its colour in every scenario), else by its seat."""
    name = state.side_name(player) if state is not None else None
    style = side_style(name, seat=player)
    assert style is not None  # a seat always has a style
    return style


def lighten(colour: str, amount: float = 0.55) -> str:
    """Mix a ``#RRGGBB`` colour with white; ``amount`` 0 keeps it, 1 gives white."""
    value = colour.lstrip("#")
    rgb = [int(value[i : i + 2], 16) for i in (0, 2, 4)]
    mixed = [round(c + (255 - c) * amount) for c in rgb]
    return "#" + "".join(f"{c:02X}" for c in mixed)


def region_colour(owner: int | None, sea: bool = False, state: State | None = None) -> str:
    """Plain fill colour of a region held by ``owner``: the side's colour on land and
    sea alike (a lighter tint would lose the greyscale contrast), pale when unheld."""
    if owner is None or owner < 0:
        return NEUTRAL_SEA if sea else NEUTRAL
    return side_of(state, owner).colour


def _pattern_id(style: SideStyle) -> str:
    return f"hc-{style.pattern}-{style.colour.lstrip('#').lower()}"


def _sea_pattern_id(style: SideStyle) -> str:
    return f"hc-sea-{style.pattern}-{style.colour.lstrip('#').lower()}"


def region_fill(owner: int | None, sea: bool = False, state: State | None = None) -> str:
    """CSS fill of a region: the side's colour with its hatch (``url(#...)``), so
    ownership never rests on colour alone. A held sea stays water: bands of the side's
    colour on the sea's pale blue (look 11: seas filled like land made a side's lands
    and seas one striped blob, and nobody could tell where a coast was). Needs
    :func:`pattern_defs` on the page."""
    if owner is None or owner < 0:
        return region_colour(owner, sea)
    style = side_of(state, owner)
    if sea:
        return f"url(#{_sea_pattern_id(style)})"
    return (
        region_colour(owner, sea, state)
        if style.pattern == "none"
        else f"url(#{_pattern_id(style)})"
    )


_HATCH = {
    "diagonal": "<path d='M-2,2 l4,-4 M0,10 l10,-10 M8,12 l4,-4' stroke-width='2.2'/>",
    "back-diagonal": "<path d='M-2,8 l4,4 M0,0 l10,10 M8,-2 l4,4' stroke-width='2.2'/>",
    "horizontal": "<path d='M0,5 h10' stroke-width='2.4'/>",
    "vertical": "<path d='M5,0 v10' stroke-width='2.4'/>",
    "cross": "<path d='M0,0 l10,10 M10,0 l-10,10' stroke-width='1.6'/>",
    "dots": "<circle cx='5' cy='5' r='1.9' stroke-width='0'/>",
}


#: a held sea's bands of its side's colour, in the direction of the side's own hatch
#: (a plain side's: a grid), so that two sides' seas differ in greyscale too
_SEA_HATCH = {
    "diagonal": "<path d='M-2,2 l4,-4 M0,10 l10,-10 M8,12 l4,-4' stroke-width='3.4'/>",
    "back-diagonal": "<path d='M-2,8 l4,4 M0,0 l10,10 M8,-2 l4,4' stroke-width='3.4'/>",
    "horizontal": "<path d='M0,5 h10' stroke-width='4.2'/>",
    "vertical": "<path d='M5,0 v10' stroke-width='4.2'/>",
    "cross": "<path d='M0,0 l10,10 M10,0 l-10,10' stroke-width='2.6'/>",
    "dots": "<circle cx='5' cy='5' r='3' stroke-width='0'/>",
    "none": "<path d='M0,5 h10 M5,0 v10' stroke-width='3'/>",
}


def pattern_defs(styles: list[SideStyle]) -> str:
    """An invisible ``<svg>`` defining the hatch of each style, for fills and swatches
    (and each style's held sea: :func:`region_fill`)."""
    parts = []
    for style in {s.colour + s.pattern: s for s in styles}.values():
        sea_hatch = _SEA_HATCH.get(style.pattern, _SEA_HATCH["none"])
        parts.append(
            f"<pattern id='{_sea_pattern_id(style)}' patternUnits='userSpaceOnUse' "
            f"width='10' height='10'><rect width='10' height='10' fill='{NEUTRAL_SEA}'/>"
            f"<g stroke='{style.colour}' fill='{style.colour}'>{sea_hatch}</g></pattern>"
        )
        if style.pattern == "none":
            continue
        ink = style.ink
        hatch = _HATCH[style.pattern]
        parts.append(
            f"<pattern id='{_pattern_id(style)}' patternUnits='userSpaceOnUse' width='10' "
            f"height='10'><rect width='10' height='10' fill='{style.colour}'/>"
            f"<g stroke='{ink}' fill='{ink}' stroke-opacity='0.45' fill-opacity='0.5'>{hatch}</g>"
            "</pattern>"
        )
    return (
        "<svg width='0' height='0' style='position:absolute' aria-hidden='true'><defs>"
        + "".join(parts)
        + "</defs></svg>"
    )


def swatch(fill: str, size: int = 18, outline: str = "#333333") -> str:
    """A small square of ``fill`` (a colour or a pattern url) for legends."""
    return (
        f"<svg width='{size}' height='{size}' aria-hidden='true' style='vertical-align:middle'>"
        f"<rect x='1' y='1' width='{size - 2}' height='{size - 2}' fill=\"{fill}\" "
        f"stroke='{outline}' stroke-width='1.2'/></svg>"
    )


F = TypeVar("F", bound=Callable[..., Any])


def guarded(method: F) -> F:
    """Wrap a widget callback so that its errors land in ``self.messages``.

    A rule refusing an action is a normal event in class: it is shown as a sentence.
    Anything else is a bug: its traceback is shown too, and the error is raised again
    so tests notice it.
    """

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except HcgamesError as exc:
            self.say(f"Not allowed: {exc}")
            return None
        except Exception:
            self.messages.append_stderr(traceback.format_exc())
            raise

    return wrapper  # type: ignore[return-value]


# A widget box whose content is taller or wider than the box scrolls, and a box that
# scrolls must be reachable with the keyboard and named (axe: scrollable-region-focusable,
# WCAG 2.1.1). This gives every such box on the page tabindex 0, the role "region" and a
# name (the first line of text in it), and takes them away again when it no longer
# scrolls; it runs once per page from an <img onerror> in every view's text line (the way
# the sliders get their names), then whenever widgets are drawn or the window resized.
_SCROLL_NAMES_JS = (
    "if(window.hcScrollNames)return;window.hcScrollNames=1;var queued=false;"
    "function name(){queued=false;document.querySelectorAll('.widget-box,.widget-output')"
    ".forEach(function(b){var s=getComputedStyle(b);"
    "if(!/auto|scroll/.test(s.overflowX+' '+s.overflowY))return;"
    "var scrolls=b.scrollHeight>b.clientHeight+1||b.scrollWidth>b.clientWidth+1;"
    "if(scrolls&&!b.hasAttribute('tabindex')){b.setAttribute('tabindex','0');"
    "b.setAttribute('role','region');b.dataset.hcScroll='1';"
    "if(!b.hasAttribute('aria-label')){var t=b.querySelector('.hcgames-text,h1,h2,h3,h4,b');"
    "var n=t&&t.textContent.trim().slice(0,80);b.setAttribute('aria-label',n||'Scrolling panel');"
    "b.dataset.hcScroll='2';}}"
    "else if(!scrolls&&b.dataset.hcScroll){if(b.dataset.hcScroll==='2')"
    "b.removeAttribute('aria-label');b.removeAttribute('tabindex');b.removeAttribute('role');"
    "delete b.dataset.hcScroll;}});}"
    "function soon(){if(!queued){queued=true;requestAnimationFrame(name);}}"
    "name();new MutationObserver(soon).observe(document.body,"
    "{childList:true,subtree:true,characterData:true});"
    "window.addEventListener('resize',soon);"
)
SCROLL_NAMES = (
    "<img alt='' src='data:,' style='display:none' class='hc-scroll-names' "
    f'onerror="{escape(_SCROLL_NAMES_JS)}">'
)


class View(widgets.VBox):
    """A VBox that states its situation in words (``.text``) on an HTML line.

    Subclasses build their children, then call :meth:`_show_text` whenever the words
    may have changed. ``messages`` is the Output that callbacks print through.
    """

    def __init__(self, children: list[widgets.Widget] | None = None, **kwargs: Any) -> None:
        self.text_line = widgets.HTML(SCROLL_NAMES, layout=widgets.Layout(margin="2px 0"))
        self.messages = widgets.Output(layout=widgets.Layout(max_height="8em", overflow="auto"))
        super().__init__(children=[self.text_line, *(children or []), self.messages], **kwargs)
        self.add_class("hcgames-view")

    @property
    def text(self) -> str:
        """The situation this view shows, in words."""
        raise NotImplementedError

    def _show_text(self) -> None:
        value = f"<span class='hcgames-text'>{escape(self.text)}</span>{SCROLL_NAMES}"
        if self.text_line.value != value:
            self.text_line.value = value

    def say(self, message: str) -> None:
        """Print a line through this view's Output (never straight to stdout)."""
        self.messages.append_stdout(message.rstrip("\n") + "\n")


def chart_figure(**options: Any) -> Any:
    """A bqplot Figure as a lesson shows it: without bqplot's toolbar (pan, zoom and
    save buttons a class never needs, drawn over the chart on every hover)."""
    import bqplot

    options.setdefault("display_toolbar", False)
    # numbers and names on the axes readable from the back of the room (bqplot's 12 px
    # ticks are about 10 px projected); the axis names are sized by CHART_CSS
    for axis in options.get("axes", ()):
        if not axis.tick_style:
            axis.tick_style = {"font-size": f"{CHART_TICK_PX}px"}
        # a vertical axis's name clear of its tick numbers ("100%" at 16 px), unless the
        # chart places it itself (look 9, lesson 11: "attacker wins" over "40%")
        upright = axis.orientation == "vertical" or axis.side in ("left", "right")
        if upright and axis.label and not axis.label_offset:
            axis.label_offset = f"{CHART_TICK_PX * 3 + 6}px"
            margin = dict(options.get("fig_margin") or FIGURE_MARGIN)
            margin["left"] = max(margin.get("left", 0), CHART_TICK_PX * 3 + 24)
            options["fig_margin"] = margin
    if options.get("title"):
        options.setdefault("title_style", {"font-size": "18px", "font-weight": "bold"})
    # a chart's key (bqplot draws it at 14 px) as large as its ticks (look 8, lesson 11)
    options.setdefault("legend_text", {"font-size": f"{CHART_TICK_PX}px"})
    figure = bqplot.Figure(**options)
    figure.add_class("hcgames-chart")
    return figure


#: the size of a chart's tick numbers and names, in px at 1366 wide
CHART_TICK_PX = 16
#: bqplot's own figure margins (a chart that names none gets these)
FIGURE_MARGIN = {"top": 60, "bottom": 60, "left": 60, "right": 60}
#: the axis names of every chart: bqplot sizes them from a CSS variable (14 px)
CHART_CSS = (
    "<style>.hcgames-chart { --bq-axislabel-font: bold 16px sans-serif; "
    f"--bq-axis-tick-text-font: {CHART_TICK_PX}px sans-serif; --bq-font: 16px sans-serif; }}"
    "</style>"
)


def round_of(state: Any) -> str:
    """ "Round 3" ("Turn 3" in a game that counts turns; "Setting up" before round 1)."""
    return game_round_words(state.game, state.round)


def game_round_words(game: Any, number: int) -> str:
    """Round ``number`` as ``game`` says it: "Round 3", or the game's own turn words."""
    own = getattr(game, "turn_words", None)  # CONQUEST: "White's turn 2 of 6"
    if callable(own):
        return str(own(number))
    return round_words(number, game.round_title)


def phase_words(game: Any, phase: str) -> str:
    """A phase in a sentence: the game's own title for it when it names its phases
    (:meth:`~hcgames.core.Game.phase_title`), else "<name> phase"."""
    own = type(game).phase_title is not Game.phase_title
    return str(game.phase_title(phase)) if own else f"{phase} phase"
