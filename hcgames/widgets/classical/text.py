"""Shared pieces of the Classical lesson views: type size and lists in HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

#: the resource categories in the order the charts and tables show them
CATEGORIES = ("food", "luxury", "wood", "iron", "stone", "gold")
#: the attacker's and the defender's squares of the dice grid (green and yellow)
ATTACKER, DEFENDER = "#009E73", "#F0E442"
BIG = "font-size:16px"
#: the size of the results a class reads from the back of the room in lesson 21's tools
#: (look 8: the famine and payment results were read as too small at 15 px)
READ = "font-size:16px"
#: the controls of a box with the class ``hc-big`` (sliders' names and numbers, menus,
#: tick boxes, buttons) in letters read from the back of a room: 16 px, not 13
BIG_CONTROLS_CSS = (
    "<style>.hc-big :is(.widget-label, .widget-label-basic, .widget-readout, select,"
    " button) { font-size: 16px; }"
    " .hc-big select { height: auto; min-height: var(--jp-widgets-inline-height); }</style>"
)


def big_controls(box: widgets.Box) -> widgets.Box:
    """``box`` with its controls' words at 16 px (:data:`BIG_CONTROLS_CSS`, carried by
    the box itself)."""
    box.add_class("hc-big")
    box.children = (
        *box.children,
        widgets.HTML(BIG_CONTROLS_CSS, layout=widgets.Layout(display="none")),
    )
    return box


def html_line(text: str, width: str | None = None) -> widgets.HTML:
    """An HTML widget holding ``text``, no wider than ``width`` if given."""
    layout = widgets.Layout(max_width=width) if width else widgets.Layout()
    return widgets.HTML(text, layout=layout)


def bullet_list(lines: Sequence[str], size: str = BIG) -> str:
    """Sentences as an HTML list in the lessons' reading size (the text is escaped)."""
    return (
        f"<ul style='{size};margin:4px 0'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ul>"
    )
