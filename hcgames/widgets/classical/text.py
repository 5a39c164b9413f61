"""Shared pieces of the Classical lesson views: type size and lists in HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

#: the resource categories in the order the charts and tables show them
CATEGORIES = ("food", "luxury", "wood", "iron", "stone", "gold")
#: the attacker's and the defender's squares of the dice grid (green and yellow)
ATTACKER, DEFENDER = "#009E73", "#F0E442"
BIG = "font-size:15px"


def html_line(text: str, width: str | None = None) -> widgets.HTML:
    """An HTML widget holding ``text``, no wider than ``width`` if given."""
    layout = widgets.Layout(max_width=width) if width else widgets.Layout()
    return widgets.HTML(text, layout=layout)


def bullet_list(lines: Sequence[str]) -> str:
    """Sentences as an HTML list in the lessons' reading size (the text is escaped)."""
    return (
        f"<ul style='{BIG};margin:4px 0'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ul>"
    )
