"""Where a map prints its place names: by every place, never on top of another.

Pure geometry on screen pixels (nothing here imports Jupyter). Each territory
offers an anchor (the point deepest inside it, from the map data) and its outline.
Like a printed atlas, every place gets its name, never a footnote number:

1. inside the territory, at the full size, then in smaller type (down to
   ``min_size``), then as its short form from ``data/place_names.json``;
2. where it fits nowhere inside, beside the place (preferably over the sea) with a
   short leader line (at most ``MAX_LEADER`` pixels, or what the caller allows) from
   the name to the place: to its middle, or to a point just inside its outline (a
   long coast gets its name beside its nearest part); a sea's name anywhere on its
   own water;
3. as a last resort, near the place in the smallest type, over as few other names
   as can be (never further than a leader's reach).

Two orders are tried (the seas' names before or after the land names that stand
beside their place) and the layout with fewer clashes and shorter leaders is kept.

Places a lesson talks about (``focus``) are placed first and keep the full size.
The same territories on the same map size always get the same labels.

One module past 600 lines on purpose: the three steps above share one private geometry
(text boxes, outlines by band, the board of names already placed), and the stored
layouts (:mod:`hcgames.label_layouts`) are filed under this one file's digest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

__all__ = [
    "MAX_LEADER",
    "Placed",
    "Territory",
    "place_names",
    "short_name",
    "text_height",
    "text_width",
    "two_lines",
]

Point = tuple[float, float]
Box = tuple[float, float, float, float]

#: average advance of a character, as a share of the font size (sans-serif, mixed case)
_CHAR = 0.58
_WIDE = set("MWmw")
#: the longest leader line from a name to its place, in pixels of the map as it is
#: laid out (a page map is laid out 940 px wide and shown about 1300 px wide on a
#: 1366 screen: 28 px there is about 40 px on the screen)
MAX_LEADER = 28.0
#: how far from its place a name may stand (pixels from the place to the name's edge)
_RADII = (6.0, 9.0, 12.0, 16.0, 20.0, 24.0, 28.0, 34.0, 40.0)
_ANGLES = tuple(math.radians(a) for a in range(0, 360, 20))
#: how many points along a place's outline a leader may end at (besides the anchor)
_EDGE_POINTS = 12


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in pixels a name takes (an estimate that errs on the wide side); a name
    on two lines (``"Mare\\nThracium"``) as wide as its longer line."""
    width = max(
        sum((0.9 if c in _WIDE else 0.32 if c in " il.,'" else _CHAR) for c in line)
        for line in text.split("\n")
    )
    return width * size * (1.07 if bold else 1.0)


def text_height(text: str, size: float) -> float:
    """Height in pixels of a name's lines."""
    return size * 1.25 * (text.count("\n") + 1)


def two_lines(name: str) -> str:
    """A sea's name of two words or more on two lines, split where the lines come out
    most even ("Mare Thracium" -> "Mare\\nThracium"), as atlases set a narrow sea's
    name; a name of one word as it is."""
    words = name.split(" ")
    if len(words) < 2:
        return name
    best = min(
        range(1, len(words)),
        key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))),
    )
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


@cache
def _short_forms() -> dict[str, str]:
    from hcgames.data import read_json

    try:
        raw = read_json("place_names.json")
    except FileNotFoundError:  # pragma: no cover - the file ships with the package
        return {}
    return {str(k): str(v) for k, v in (raw.get("short") or {}).items()}


def short_name(name: str) -> str:
    """The short form of a place name (``data/place_names.json``), or the name itself."""
    return _short_forms().get(name, name)


@dataclass(frozen=True)
class Territory:
    """A region as the labeller sees it: ``anchor`` pixel and outline ``rings``."""

    id: str
    name: str
    anchor: Point
    rings: Sequence[Sequence[Point]]
    #: how many pixels there are around ``anchor`` before the edge (for the order)
    room: float = 0.0
    #: a sea territory (other names may stand on it)
    sea: bool = False
    #: named in the lesson's text: placed first, never in smaller type
    focus: bool = False
    #: the short form used when the name fits nowhere ("" = from the data file)
    short: str = ""


@dataclass(frozen=True)
class Placed:
    """The text shown for one territory, where, in what size, and the box it takes
    (left, top, right, bottom). ``leader`` is a line (x1, y1, x2, y2) from the name
    to its place when the name stands beside it."""

    id: str
    text: str
    x: float
    y: float
    box: Box
    size: float
    leader: tuple[float, float, float, float] | None = None
    abbreviated: bool = False


#: the height of a band of the outlines' edges (pixels), see ``_edges_by_band``
_BAND = 8.0
#: outlines already cut into bands, by ``id`` (each entry keeps its outline alive)
_EDGE_BANDS: dict[int, tuple[object, dict[int, list[Box]]]] = {}


def _edges_by_band(rings: Sequence[Sequence[Point]]) -> dict[int, list[Box]]:
    """The edges (x1, y1, x2, y2) of all the rings, filed under every horizontal band
    of ``_BAND`` pixels their height spans: a horizontal line through a point can
    only cross the edges filed under the point's band."""
    known = _EDGE_BANDS.get(id(rings))
    if known is not None and known[0] is rings:
        return known[1]
    bands: dict[int, list[Box]] = {}
    for ring in rings:
        n = len(ring)
        for i in range(n):
            x1, y1 = ring[i]
            x2, y2 = ring[(i + 1) % n]
            if y1 == y2:
                continue  # a level edge is never crossed (see _inside)
            for band in range(math.floor(min(y1, y2) / _BAND), math.floor(max(y1, y2) / _BAND) + 1):
                bands.setdefault(band, []).append((x1, y1, x2, y2))
    if len(_EDGE_BANDS) > 4000:
        _EDGE_BANDS.clear()
    _EDGE_BANDS[id(rings)] = (rings, bands)
    return bands


def _inside(point: Point, rings: Sequence[Sequence[Point]]) -> bool:
    """Even-odd test: does a ray from the point to the right cross the outline an odd
    number of times? (Only the edges of the point's band can be crossed.)"""
    x, y = point
    hit = False
    for x1, y1, x2, y2 in _edges_by_band(rings).get(math.floor(y / _BAND), ()):
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


def _ring_bounds(rings: Sequence[Sequence[Point]]) -> Box:
    xs = [p[0] for ring in rings for p in ring] or [0.0]
    ys = [p[1] for ring in rings for p in ring] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


def _nearest_on_box(point: Point, box: Box) -> Point:
    x = min(max(point[0], box[0]), box[2])
    y = min(max(point[1], box[1]), box[3])
    return x, y


class _Board:
    """The names placed so far and the land under the map, for placing the rest."""

    def __init__(
        self,
        territories: Sequence[Territory],
        reserved: Sequence[Box],
        bounds: Box | None,
        strip: float = 0.0,
    ) -> None:
        #: how wide the unit line's room under a name is at least (pixels)
        self.strip = strip
        self.taken: list[Box] = []
        #: the same boxes filed under every band of ``_BAND`` pixels they span (see free)
        self.taken_bands: dict[int, list[Box]] = {}
        for box in reserved:
            self.take(box)
        #: the boxes of the letters of the names placed (without their unit lines)
        self.texts: list[Box] = []
        self.bounds = bounds
        self.land = [
            (_ring_bounds(t.rings), t.rings, t.id) for t in territories if not t.sea and t.rings
        ]
        self.seas = [
            (_ring_bounds(t.rings), t.rings, t.id) for t in territories if t.sea and t.rings
        ]
        self.is_sea = {t.id: t.sea for t in territories}
        self.anchors = {t.id: t.anchor for t in territories}

    def with_strip(self, box: Box, below: float) -> Box:
        """A name's box with the room under it for its unit line (``below`` pixels
        high), at least :attr:`strip` wide: a unit line ("Rome 2 cav 1 inf") is often
        wider than its name ("Rome"), and ran over the next name (look 8)."""
        if not below:
            return box
        middle, half = (box[0] + box[2]) / 2, self.strip / 2
        return (min(box[0], middle - half), box[1], max(box[2], middle + half), box[3] + below)

    def take(self, box: Box) -> None:
        self.taken.append(box)
        for band in range(math.floor(box[1] / _BAND), math.floor(box[3] / _BAND) + 1):
            self.taken_bands.setdefault(band, []).append(box)

    def inside(self, box: Box) -> bool:
        if self.bounds is None:
            return True
        left, top, right, bottom = self.bounds
        return not (box[0] < left or box[1] < top or box[2] > right or box[3] > bottom)

    def free(self, box: Box) -> bool:
        if not self.inside(box):
            return False
        # _overlaps, written out: this test runs a million times for a crowded map.
        # Two boxes that overlap share a band (a box may be met twice: no matter).
        left, top, right, bottom = box
        bands = self.taken_bands
        for band in range(math.floor(top / _BAND), math.floor(bottom / _BAND) + 1):
            for b_left, b_top, b_right, b_bottom in bands.get(band, ()):
                if left < b_right and b_left < right and top < b_bottom and b_top < bottom:
                    return False
        return True

    def clashes(self, box: Box, text: Box) -> int:
        """How many names (and unit lines) ``box`` would stand on; a name's letters
        on another name's letters count three times."""
        return _count_overlaps(box, self.taken) + 2 * _count_overlaps(text, self.texts)

    def land_under(self, point: Point, own: str) -> bool:
        """Whether ``point`` is on another place that would read as the owner of a name
        there: another land for a land's name; another land or sea for a sea's (a land's
        name over the sea beside its coast is how atlases name a small place)."""
        x, y = point
        places = self.land + self.seas if self.is_sea.get(own) else self.land
        for (left, top, right, bottom), rings, rid in places:
            if rid != own and left <= x <= right and top <= y <= bottom and _inside(point, rings):
                return True
        return False

    def names_crossed(self, start: Point, end: Point) -> int:
        """How many placed names the line from ``start`` to ``end`` runs through."""
        steps = max(1, int(math.hypot(end[0] - start[0], end[1] - start[1]) / 4))
        points = [
            (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
            for i in range(1, steps)
        ]
        return sum(
            1 for b in self.taken if any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for x, y in points)
        )

    def covers_anchor(self, box: Box, own: str) -> bool:
        """Whether ``box`` covers the middle of another place: of another land (a sea's
        name finds room anywhere on its water, so a land's name may stand over a sea's
        middle: lesson 13's Carthage, a thin coast, read best over the sea beside it)."""
        left, top, right, bottom = box
        land_only = not self.is_sea.get(own)
        for rid, (x, y) in self.anchors.items():
            if land_only and self.is_sea.get(rid):
                continue
            if left <= x <= right and top <= y <= bottom and rid != own:
                return True
        return False


def _count_overlaps(box: Box, boxes: Sequence[Box]) -> int:
    left, top, right, bottom = box
    count = 0
    for b_left, b_top, b_right, b_bottom in boxes:
        if left < b_right and b_left < right and top < b_bottom and b_top < bottom:
            count += 1
    return count


def _sizes(size: float, min_size: float) -> list[float]:
    out = [size]
    step = size - 1
    while step >= min_size:
        out.append(step)
        step -= 1
    return out


def _offsets(t: Territory, width: float, height: float) -> list[Point]:
    """Where to try a name inside ``t``: at the anchor and a little around it; a sea
    also anywhere on a grid over it, nearest the anchor first (sea names move)."""
    near = [
        (dx, dy)
        for dy in (0.0, -0.6 * height, 0.6 * height, -1.2 * height, 1.2 * height)
        for dx in (0.0, -0.25 * width, 0.25 * width)
    ]
    if not t.sea or not t.rings:
        return near
    left, top, right, bottom = _ring_bounds(t.rings)
    ax, ay = t.anchor
    step_x, step_y = max(width / 3, 8.0), max(height, 8.0)
    grid = []
    y = top + height / 2
    while y <= bottom - height / 2:
        x = left + width / 2
        while x <= right - width / 2:
            grid.append((x - ax, y - ay))
            x += step_x
        y += step_y
    grid.sort(key=lambda d: d[0] * d[0] / 4 + d[1] * d[1])
    return near + grid[:400]


def _try_inside(
    t: Territory, text: str, size: float, below: float, board: _Board, loose: bool = False
) -> Placed | None:
    """``loose``: the middle of the name inside is enough (a sea name over a coast)."""
    height = text_height(text, size)
    width = text_width(text, size) + 4
    ax, ay = t.anchor
    for dx, dy in _offsets(t, width, height):
        box = _box(ax + dx, ay + dy, width, height)
        full = board.with_strip(box, below)
        if board.free(full) and (
            _fits(box, t.rings) or (loose and _inside((ax + dx, ay + dy), t.rings))
        ):
            shown = text.replace("\n", " ")
            return Placed(t.id, text, ax + dx, ay + dy, full, size, None, shown != t.name)
    return None


def _crowd_inside(
    t: Territory, size: float, min_size: float, below: float, board: _Board
) -> Placed | None:
    """A sea's name on its own water, never on another name's letters but over as
    few of the rooms kept for unit lines as can be (a name off its sea reads as the
    next sea's: look 8 found "Mare Tyrrhenum" on Mare Balearicum); None when no such
    spot is on its water."""
    best: tuple[float, Placed] | None = None
    for text in dict.fromkeys((two_lines(t.name), t.name)):
        for s in (max(min_size, size - 2), min_size):
            height = text_height(text, s)
            width = text_width(text, s) + 4
            ax, ay = t.anchor
            for rank, (dx, dy) in enumerate(_offsets(t, width, height)):
                x, y = ax + dx, ay + dy
                box = _box(x, y, width, height)
                full = board.with_strip(box, below)
                if (
                    not board.inside(full)
                    or not _inside((x, y), t.rings)
                    or _count_overlaps(box, board.texts)
                ):
                    continue  # off its water, or on another name's letters
                cost = 100.0 * board.clashes(full, box) + 0.01 * rank
                cost += 30.0 * sum(not _inside((x + f * width, y), t.rings) for f in (-0.3, 0.3))
                if best is None or cost < best[0]:
                    short = text.replace("\n", " ") != t.name
                    best = (cost, Placed(t.id, text, x, y, full, s, None, short))
    return best[1] if best else None


def _targets(t: Territory) -> list[Point]:
    """Where a leader line may end: the anchor, and points just inside the place's
    outline (a long place gets its name beside its nearest edge, not its middle)."""
    ax, ay = t.anchor
    points = [t.anchor]
    ring = max(t.rings, key=len, default=[])
    if len(ring) < 3:
        return points
    step = max(1, len(ring) // _EDGE_POINTS)
    for x, y in ring[::step]:
        # a few pixels in from the edge, towards the anchor
        gap = math.hypot(ax - x, ay - y)
        if gap < 8.0:
            continue
        inner = (x + (ax - x) * 5.0 / gap, y + (ay - y) * 5.0 / gap)
        if _inside(inner, t.rings):
            points.append(inner)
    return points


#: what a name beside its place costs (in pixels of leader line) when its middle stands
#: on another place (another land; another sea for a sea's name): it reads as that
#: place's. Half of it for each end third of the name there. On every map, the crowded
#: Classical world (58 places) too: there the names drifted onto their neighbours
OFF_PLACE_COST = 60.0


def _try_beside(
    t: Territory,
    text: str,
    size: float,
    below: float,
    board: _Board,
    reach: float = MAX_LEADER,
    cover: bool = False,
    crowd: bool = False,
) -> tuple[float, Placed] | None:
    """The name beside its place (the nearest free spot, the sea preferred), with a
    leader line (at most ``reach`` long) from the name to the place. ``cover``: the
    name may stand over another place's middle (a crowded coast); ``crowd``: over
    other names too, as few as can be (the last resort). Returns the spot
    and what it costs (about the leader's length)."""
    height = text_height(text, size)
    width = text_width(text, size) + 4
    targets = _targets(t)
    best: tuple[float, Placed] | None = None
    # each direction, and how far the name's middle stands from its edge that way
    # (a name is wider than it is tall)
    directions = []
    for angle in _ANGLES:
        c, s = math.cos(angle), math.sin(angle)
        edge = min(
            width / 2 / abs(c) if abs(c) > 1e-9 else math.inf,
            height / 2 / abs(s) if abs(s) > 1e-9 else math.inf,
        )
        directions.append((c, s, edge))
    for radius in _RADII:
        if radius > reach or (best is not None and radius > best[0]):
            break
        for tx, ty in targets:
            for c, s, edge in directions:
                # the name's middle out along the angle, far enough that its edge
                # stands ``radius`` past the point
                x, y = tx + c * (edge + radius), ty - s * (edge + radius)
                box = _box(x, y, width, height)
                full = board.with_strip(box, below)
                if crowd:
                    if not board.inside(full):
                        continue
                elif not board.free(full) or (not cover and board.covers_anchor(full, t.id)):
                    continue
                end = _nearest_on_box((tx, ty), box)
                gap = math.hypot(end[0] - tx, end[1] - ty)
                if gap > reach:
                    continue
                # a name on another land reads as that land's: its middle there costs
                # most, and so does each third of its length there
                cost = gap + (OFF_PLACE_COST if board.land_under((x, y), t.id) else 0.0)
                cost += (
                    OFF_PLACE_COST
                    / 2
                    * sum(board.land_under((x + f * width, y), t.id) for f in (-0.3, 0.3))
                )
                if crowd:
                    cost += 60.0 * board.clashes(full, box)
                if (tx, ty) != t.anchor:
                    cost += 3.0  # the middle of the place reads best, when it is as near
                if best is not None and cost >= best[0]:
                    continue
                cost += 25.0 * board.names_crossed((tx, ty), end)  # a line through a name
                if best is None or cost < best[0]:
                    leader = (tx, ty, end[0], end[1]) if gap > 3 else None
                    short = text.replace("\n", " ") != t.name
                    best = (cost, Placed(t.id, text, x, y, full, size, leader, short))
    return best


def _place_inside(
    t: Territory, size: float, min_size: float, below: float, board: _Board, full: bool = False
) -> Placed | None:
    """The name inside its place: full size, smaller, then the short form (``full``:
    the full name only)."""
    short = t.name if full else t.short or short_name(t.name)
    sizes = [size] if t.focus else _sizes(size, min_size)
    tries = [(t.name, s) for s in sizes[:-1] or sizes]
    if short != t.name:
        tries += [(short, s) for s in sizes[:-1] or sizes]
    if len(sizes) > 1:
        tries += [(t.name, sizes[-1])] + ([(short, sizes[-1])] if short != t.name else [])
    for text, s in tries:
        spot = _try_inside(t, text, s, below, board)
        if spot:
            return spot
    if t.sea:  # a sea is named on itself: on two lines, or reaching over a coast
        split = two_lines(t.name)
        if split != t.name:
            for s in sizes:
                spot = _try_inside(t, split, s, below, board)
                if spot:
                    return spot
        loose = [(short, s) for s in sizes] + (
            [(t.name, s) for s in sizes] if short != t.name else []
        )
        for text, s in loose:
            spot = _try_inside(t, text, s, below, board, loose=True)
            if spot:
                return spot
    return None


def _place_beside(
    t: Territory,
    size: float,
    min_size: float,
    below: float,
    board: _Board,
    full: bool = False,
    reach: float = MAX_LEADER,
) -> Placed | None:
    """The name beside its place with a leader line (at most ``reach`` long), else
    (unless ``full``: the full name only, near the place, or nothing) near it in the
    smallest type, over as few other names as can be."""
    short = t.name if full else t.short or short_name(t.name)
    small = max(min_size, size - 2)
    options = [(t.name, size)] if t.focus else [(t.name, small)]
    if short != t.name:
        options.append((short, size if t.focus else small))
    if not t.focus:
        options.append((t.name, min_size))
        if short != t.name:
            options.append((short, min_size))
    split = two_lines(t.name) if t.sea else t.name
    if split != t.name:  # a sea's name on two lines takes half the width
        options += [(split, small), (split, min_size)]
    for cover in (False,) if full else (False, True):
        # the nearest spot of all the forms, a short form or smaller type costing a
        # few pixels of leader (a full name far off reads worse than "Capp." close by)
        found = []
        for rank, (text, s) in enumerate(options):
            spot = _try_beside(t, text, s, below, board, reach, cover)
            if spot:
                found.append((spot[0] + 6.0 * rank, rank, spot[1]))
        if found:
            return min(found, key=lambda f: (f[0], f[1]))[2]
    if full:
        return None
    # the last resort: near the place in the smallest type, over as few names as can be
    s = size if t.focus else min_size
    text = short if not t.focus else t.name
    spot = _try_beside(t, text, s, below, board, reach, True, crowd=True)
    if split != t.name:  # on two lines, if that stands on fewer names
        other = _try_beside(t, split, s, below, board, reach, True, crowd=True)
        if other and (spot is None or other[0] < spot[0]):
            spot = other
    if spot:
        return spot[1]
    box = _box(t.anchor[0], t.anchor[1], text_width(text, s) + 4, text_height(text, s))
    taken = board.with_strip(box, below)
    return Placed(t.id, text, t.anchor[0], t.anchor[1], taken, s, None, text != t.name)


def place_names(
    territories: Sequence[Territory],
    size: float = 13.0,
    reserved: Sequence[Box] = (),
    below: float = 0.0,
    *,
    min_size: float = 10.0,
    bounds: Box | None = None,
    max_leader: float = MAX_LEADER,
    below_width: float = 0.0,
) -> list[Placed]:
    """Place every territory's name (see the module's docstring for the order of
    tries). ``below`` reserves that many pixels under each name (for the unit line),
    at least ``below_width`` wide;
    ``bounds`` (left, top, right, bottom) keeps names placed beside their place on
    the map; ``max_leader`` is the longest leader line (pixels) a name may have."""
    key = (
        tuple(
            (t.id, t.name, t.short, *map(round, t.anchor), t.room, t.sea, t.focus)
            for t in territories
        ),
        size,
        tuple(reserved),
        below,
        min_size,
        bounds,
        max_leader,
        *([below_width] if below_width else []),
    )
    if key in _CACHE:
        return list(_CACHE[key])
    from hcgames import label_layouts as store  # (it reads this module's types)

    digest = store.layout_digest(territories, key)
    stored = store.stored_layouts().get(digest)
    if stored is not None:
        result = [store.placed_from_json(item) for item in stored]
    else:
        # two orders of placing, the better layout kept: fewer names on top of others,
        # then shorter leader lines
        result = min(
            (
                _layout(
                    territories,
                    size,
                    reserved,
                    below,
                    min_size,
                    bounds,
                    max_leader,
                    seas_first,
                    below_width,
                )
                for seas_first in (False, True)
            ),
            key=lambda placed: _layout_cost(placed, territories),
        )
    if store.RECORDING is not None:
        store.RECORDING[digest] = [store.placed_to_json(p) for p in result]
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = tuple(result)
    return result


_CACHE: dict[object, tuple[Placed, ...]] = {}


def _layout_cost(placed: Sequence[Placed], territories: Sequence[Territory]) -> float:
    """Names on top of others, names standing on another place, then the leaders' length."""
    clashes = sum(
        1 for i, a in enumerate(placed) for b in placed[i + 1 :] if _overlaps(a.box, b.box)
    )
    leaders = sum(
        math.hypot(p.leader[2] - p.leader[0], p.leader[3] - p.leader[1]) for p in placed if p.leader
    )
    board = _Board(territories, (), None)
    rings = {t.id: t.rings for t in territories if t.sea}
    # a name standing on another place, or a sea's name off its own water
    misplaced = sum(
        1
        for p in placed
        if board.land_under((p.x, p.y), p.id)
        or (p.id in rings and not _inside((p.x, p.y), rings[p.id]))
    )
    return 100.0 * (clashes + misplaced) + leaders


def _layout(
    territories: Sequence[Territory],
    size: float,
    reserved: Sequence[Box],
    below: float,
    min_size: float,
    bounds: Box | None,
    max_leader: float,
    seas_first: bool,
    below_width: float = 0.0,
) -> list[Placed]:
    board = _Board(territories, reserved, bounds, below_width)
    placed: dict[str, Placed] = {}
    order = sorted(territories, key=lambda t: (not t.focus, -t.room))

    def put(spot: Placed) -> None:
        board.take(spot.box)
        bottom = spot.box[1] + text_height(spot.text, spot.size)
        board.texts.append((spot.box[0], spot.box[1], spot.box[2], bottom))
        placed[spot.id] = spot

    # Land names inside first; then either the seas inside (a small sea has few spots)
    # or the land names beside their place (they must stand within a leader's reach);
    # short forms inside; the last names beside.
    land = [t for t in order if not t.sea]
    seas = [t for t in order if t.sea]
    pending = []
    for t in land:
        spot = _place_inside(t, size, min_size, below, board, full=True)
        put(spot) if spot else pending.append(t)
    last = []

    def seas_inside() -> None:
        for t in seas:
            spot = _place_inside(t, size, min_size, below, board)
            put(spot) if spot else last.append(t)

    if seas_first:
        seas_inside()
    later = []
    for t in pending:
        spot = _place_beside(t, size, min_size, below, board, True, max_leader)
        put(spot) if spot else later.append(t)
    for t in later:
        spot = _place_inside(t, size, min_size, below, board)
        put(spot) if spot else last.append(t)
    if not seas_first:
        seas_inside()
    for t in last:
        # a sea's name on its own water, even over a name's unit-line room; else beside
        spot = _crowd_inside(t, size, min_size, below, board) if t.sea else None
        spot = spot or _place_beside(t, size, min_size, below, board, False, max_leader)
        assert spot is not None  # without ``full`` a name always finds a place
        put(spot)
    return [placed[t.id] for t in territories]
