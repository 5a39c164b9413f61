"""One colour, hatch pattern and short tag per side, shared by every view.

``data/factions.json`` defines them once. :func:`side_style` finds a side by the
name a state gives it (``state.side_name(player)``: "Rome", "White", "Romans",
"Lathwood Elves", "Player 2" ...); names it does not know fall back to the seat's
style, so a new game still gets distinct sides. Greyscale contrast follows WCAG's
relative luminance, which is what a washed-out projector keeps of a colour.
Nothing here imports Jupyter.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hcgames.data import Problems, read_json

__all__ = [
    "PATTERNS",
    "SideStyle",
    "contrast_ratio",
    "relative_luminance",
    "side_style",
    "sides",
    "unheld_colour",
]

#: hatch patterns a side may use ("none": plain colour)
PATTERNS = ("none", "diagonal", "back-diagonal", "horizontal", "vertical", "cross", "dots")


@dataclass(frozen=True)
class SideStyle:
    """How one side is drawn: ``colour`` (#RRGGBB), ``pattern`` (one of
    :data:`PATTERNS`), ``short`` (a two-letter tag for keys and tokens)."""

    name: str
    colour: str
    pattern: str
    short: str

    @property
    def ink(self) -> str:
        """Text or hatch colour that reads on this side's fill."""
        return "#FFFFFF" if relative_luminance(self.colour) < 0.18 else "#111111"


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of ``#RRGGBB`` (0 black, 1 white)."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"colour {colour!r} is not #RRGGBB")
    out = 0.0
    for weight, i in ((0.2126, 0), (0.7152, 2), (0.0722, 4)):
        c = int(value[i : i + 2], 16) / 255
        out += weight * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 (same grey) to 21 (black on white)."""
    low, high = sorted((relative_luminance(a), relative_luminance(b)))
    return (high + 0.05) / (low + 0.05)


@cache
def _table() -> dict[str, Any]:
    raw = read_json("factions.json")
    problems = Problems("data/factions.json")
    table: dict[str, SideStyle] = {}
    for name, row in (raw.get("sides") or {}).items():
        colour, pattern = str(row.get("colour", "")), str(row.get("pattern", ""))
        try:
            relative_luminance(colour)
        except ValueError as exc:
            problems.add(f"{name}: {exc}")
        if pattern not in PATTERNS:
            problems.add(f"{name}: pattern {pattern!r} is not one of {PATTERNS}")
        table[name] = SideStyle(name, colour.upper(), pattern, str(row.get("short", name[:2])))
    aliases = {str(k): str(v) for k, v in (raw.get("aliases") or {}).items()}
    for alias, target in aliases.items():
        if target not in table:
            problems.add(f"alias {alias!r} names an unknown side {target!r}")
    seats = [str(s) for s in raw.get("seats") or []]
    for seat in seats:
        if seat not in table:
            problems.add(f"seat {seat!r} has no style")
    unheld = raw.get("unheld") or {}
    problems.raise_if_any()
    return {
        "sides": table,
        "aliases": aliases,
        "seats": seats,
        "land": str(unheld.get("land", "#F2EFE6")).upper(),
        "sea": str(unheld.get("sea", "#DDEBF5")).upper(),
    }


def sides() -> dict[str, SideStyle]:
    """Every side defined in the data, by name."""
    return dict(_table()["sides"])


def unheld_colour(sea: bool = False) -> str:
    """Fill of a region nobody holds."""
    return str(_table()["sea" if sea else "land"])


def side_style(name: str | None, seat: int | None = None) -> SideStyle | None:
    """The style of the side called ``name`` (an alias works too); an unknown name
    takes the style of its ``seat`` (0-based). ``None`` when neither is known."""
    table = _table()
    if name is not None:
        key = table["aliases"].get(name, name)
        if key in table["sides"]:
            return table["sides"][key]
    if seat is not None and seat >= 0 and table["seats"]:
        base: SideStyle = table["sides"][table["seats"][seat % len(table["seats"])]]
        return SideStyle(name or base.name, base.colour, base.pattern, base.short)
    return None
