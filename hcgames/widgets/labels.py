"""Where a map prints its place names: inside each territory, never on top of another.

Pure geometry on screen pixels (nothing here imports Jupyter). Each territory
offers an anchor (the point deepest inside it, from the map data) and its outline;
a name is placed there when its box fits inside the outline and clears every name
already placed (big territories first). A name that does not fit gets a short
label instead (a number), and the legend keys the number to the name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Placed", "Territory", "place_names", "text_width"]

Point = tuple[float, float]
Box = tuple[float, float, float, float]

#: average advance of a character, as a share of the font size (sans-serif, mixed case)
_CHAR = 0.58
_WIDE = set("MWmw")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in pixels a line of text takes (an estimate that errs on the wide side)."""
    width = sum((0.9 if c in _WIDE else 0.32 if c in " il.,'" else _CHAR) for c in text)
    return width * size * (1.07 if bold else 1.0)


@dataclass(frozen=True)
class Territory:
    """A region as the labeller sees it: ``anchor`` pixel and outline ``rings``."""

    id: str
    name: str
    anchor: Point
    rings: Sequence[Sequence[Point]]
    #: how many pixels there are around ``anchor`` before the edge (for the order)
    room: float = 0.0


@dataclass(frozen=True)
class Placed:
    """The text shown for one territory and the box it takes (left, top, right, bottom)."""

    id: str
    text: str
    x: float
    y: float
    box: Box
    short: bool


def _inside(point: Point, rings: Sequence[Sequence[Point]]) -> bool:
    x, y = point
    hit = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            x1, y1 = ring[i]
            x2, y2 = ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box(x: float, y: float, width: float, height: float) -> Box:
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _fits(box: Box, rings: Sequence[Sequence[Point]]) -> bool:
    """Enough of the name lies inside: its middle, and most of its length (the ends
    of a long name may reach over a border, as on a printed atlas)."""
    left, top, right, bottom = box
    width = right - left
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    core = [(mid_x + f * width, mid_y) for f in (-0.3, -0.15, 0.0, 0.15, 0.3)]
    core += [(mid_x, top + 2), (mid_x, bottom - 2)]
    ends = [(left + 2, mid_y), (right - 2, mid_y)]
    return all(_inside(p, rings) for p in core) and any(_inside(p, rings) for p in ends)


def place_names(
    territories: Sequence[Territory],
    size: float = 13.0,
    reserved: Sequence[Box] = (),
    below: float = 0.0,
) -> list[Placed]:
    """Place every territory's name, or a numbered short label where it cannot fit.

    ``below`` reserves that many pixels under each name (for the unit line); names
    are tried at the anchor and a little above and below it.
    """
    height = size * 1.25
    taken: list[Box] = list(reserved)
    placed: dict[str, Placed] = {}
    order = sorted(territories, key=lambda t: -t.room)
    pending: list[Territory] = []
    for t in order:
        width = text_width(t.name, size) + 4
        ax, ay = t.anchor
        spot = None
        for dy in (0.0, -0.6 * height, 0.6 * height, -1.2 * height, 1.2 * height):
            for dx in (0.0, -0.25 * width, 0.25 * width):
                box = _box(ax + dx, ay + dy, width, height)
                full = (box[0], box[1], box[2], box[3] + below)
                if _fits(box, t.rings) and not any(_overlaps(full, b) for b in taken):
                    spot = (ax + dx, ay + dy, full)
                    break
            if spot:
                break
        if spot is None:
            pending.append(t)
            continue
        x, y, full = spot
        taken.append(full)
        placed[t.id] = Placed(t.id, t.name, x, y, full, False)
    # numbers for the rest, west to east then north to south, so the key reads in order
    in_reading_order = sorted(pending, key=lambda t: (round(t.anchor[1] / 40), t.anchor[0]))
    for number, t in enumerate(in_reading_order, start=1):
        text = str(number)
        width = text_width(text, size, bold=True) + 6
        ax, ay = t.anchor
        best = None
        for dy in (0.0, -height, height, -2 * height, 2 * height):
            for dx in (0.0, -width, width, -2 * width, 2 * width):
                box = _box(ax + dx, ay + dy, width, height)
                full = (box[0], box[1], box[2], box[3] + below)
                if not any(_overlaps(full, b) for b in taken):
                    best = (ax + dx, ay + dy, full)
                    break
            if best:
                break
        if best is None:
            box = _box(ax, ay, width, height)
            best = (ax, ay, (box[0], box[1], box[2], box[3] + below))
        x, y, full = best
        taken.append(full)
        placed[t.id] = Placed(t.id, text, x, y, full, True)
    return [placed[t.id] for t in territories]
