"""What every view shares: colours, the text line, and callbacks that report errors.

Colours follow the Okabe-Ito palette, which stays distinguishable for the common
kinds of colour blindness; regions that nobody holds are neutral grey, and seas are
drawn in a lighter tint of their holder's colour.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from hcgames.core import HcgamesError

__all__ = [
    "NEUTRAL",
    "NEUTRAL_SEA",
    "PALETTE",
    "View",
    "guarded",
    "lighten",
    "player_colour",
    "region_colour",
]

#: Okabe-Ito colours, in the order players get them (black last: labels sit on it badly)
PALETTE = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#F0E442",  # yellow
    "#999999",  # grey, for an eighth side
)
NEUTRAL = "#BDBDBD"
NEUTRAL_SEA = "#DCEBF5"
SELECTED_STROKE = "#000000"


def player_colour(player: int | None) -> str:
    """The colour of a player (``None``: neutral grey)."""
    if player is None or player < 0:
        return NEUTRAL
    return PALETTE[player % len(PALETTE)]


def lighten(colour: str, amount: float = 0.55) -> str:
    """Mix a ``#RRGGBB`` colour with white; ``amount`` 0 keeps it, 1 gives white."""
    value = colour.lstrip("#")
    rgb = [int(value[i : i + 2], 16) for i in (0, 2, 4)]
    mixed = [round(c + (255 - c) * amount) for c in rgb]
    return "#" + "".join(f"{c:02X}" for c in mixed)


def region_colour(owner: int | None, sea: bool = False) -> str:
    """Fill colour of a region held by ``owner`` (seas lighter)."""
    if owner is None or owner < 0:
        return NEUTRAL_SEA if sea else NEUTRAL
    colour = player_colour(owner)
    return lighten(colour) if sea else colour


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


class View(widgets.VBox):
    """A VBox that states its situation in words (``.text``) on an HTML line.

    Subclasses build their children, then call :meth:`_show_text` whenever the words
    may have changed. ``messages`` is the Output that callbacks print through.
    """

    def __init__(self, children: list[widgets.Widget] | None = None, **kwargs: Any) -> None:
        self.text_line = widgets.HTML(layout=widgets.Layout(margin="2px 0"))
        self.messages = widgets.Output(layout=widgets.Layout(max_height="8em", overflow="auto"))
        super().__init__(children=[self.text_line, *(children or []), self.messages], **kwargs)
        self.add_class("hcgames-view")

    @property
    def text(self) -> str:
        """The situation this view shows, in words."""
        raise NotImplementedError

    def _show_text(self) -> None:
        value = f"<span class='hcgames-text'>{escape(self.text)}</span>"
        if self.text_line.value != value:
            self.text_line.value = value

    def say(self, message: str) -> None:
        """Print a line through this view's Output (never straight to stdout)."""
        self.messages.append_stdout(message.rstrip("\n") + "\n")

    def clear_messages(self) -> None:
        if self.messages.outputs:
            self.messages.outputs = ()
