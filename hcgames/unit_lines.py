"""Where a map prints each place's unit line ("Rome 2 cav 1 inf") by its name.

Pure geometry on the map's layout pixels (nothing here imports Jupyter). The names are
laid out once (:mod:`hcgames.labels`), with room for one line of type under each name;
the unit lines change on every move and are often wider than the name above them
("Rome ★" over "Rome 2 cav 1 inf"), so a line centred under its name ran over the
next name (look 8: Rome's line over "Mare Adriaticum", Sicily's over "Mare Ionium").
Each line is set under its name, centred, unless it would stand on another name or
another unit line there: then it slides along under its name to where it covers the least
of other names and lines, a slide costing a little (the line nearest its first place wins
a tie). Where no slide under the name is clear (look 11: Rome's line on "Mare Adriaticum",
Carthage's on "Mare Africum", Brundisium's on "Mare Tyrrhenum" on the Duels maps), the
line may stand above its name, or a little further off it, wherever it is clear of every
name and line, the nearest such spot first; it stands on a name only where no spot near
its place is clear. Only the lines move: the names' layout (:mod:`hcgames.labels`) is
never changed by them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from hcgames.labels import Placed, _inside, _ring_bounds, text_height, text_width

Box = tuple[float, float, float, float]
Rings = Sequence[Sequence[tuple[float, float]]]
#: a spot for a line: (what the spot itself costs, x of its middle, baseline, its box,
#: whether it stands under its name)
Spot = tuple[float, float, float, Box, bool]

#: what standing on things costs, per square pixel: on another name's letters, on
#: another unit line; and per pixel of sliding along under the name
_ON_NAME = 1.0
_ON_LINE = 1.0
_PER_PX = 0.5
#: what standing on any other name or line at all costs, beyond its area: more than any
#: spot clear of them near the name
_ON_ANY = 5000.0
#: what a spot above the name costs, and each pixel of a spot off the name's line further
#: away (a line far from its name reads as another place's)
_ABOVE = 40.0
_AWAY = 80.0
_PER_PX_DOWN = 1.5
#: the least area (square pixels) of a name or line that counts as stood on
_TOUCH = 4.0
#: a bold unit line's width as a share of :func:`hcgames.labels.text_width`'s estimate
#: (which errs on the wide side; "Rome 2 cav 1 inf" is drawn about 0.8 of it)
_TIGHT = 0.85
#: how much nearer (pixels) a line must stay to its own place than to any other
_NEAR = 2.0
#: how far past either end of another name (shares of the line's size) a line on a
#: level with it still reads as its continuation
_BESIDE = 1.0
#: how far (shares of the line's size) a line beside or above its own name keeps from
#: either end of it
_OWN_PAD = 0.4
#: what a spot on the place's own land costs (beyond its distance from the name's
#: middle): less than one off the name's lines, more than one under or above the name
_ON_LAND = 60.0
#: the slide's step (pixels)
_STEP = 4.0
#: how far a line's letters reach above and below its baseline (shares of its size)
_ASCENT = 0.75
_DESCENT = 0.22


def _area(a: Box, b: Box) -> float:
    """How many square pixels two boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def name_box(p: Placed) -> Box:
    """The box of a placed name's letters (without the room kept under it, nor the
    space above its capitals that :func:`hcgames.labels.text_height` counts)."""
    return (p.box[0], p.box[1] + 0.28 * p.size, p.box[2], p.box[1] + text_height(p.text, p.size))


def unit_spots(
    placed: Sequence[Placed],
    lines: dict[str, str],
    size: float,
    below: float,
    bounds: Box,
    shapes: Mapping[str, Rings] | None = None,
) -> dict[str, tuple[float, float]]:
    """The spot (x of its middle, y of its baseline) of each place's unit line in
    ``lines`` (by place id), as :func:`unit_places` sets it."""
    return {
        k: (x, y)
        for k, (x, y, _) in unit_places(placed, lines, size, below, bounds, shapes).items()
    }


def short_line(text: str) -> str:
    """A unit line without its side's name ("Rome 1 inf" as "1 inf"): the land's colour
    and pattern still tell whose units they are."""
    return re.sub(r"^\D+(?=\d)", "", text)


def unit_places(
    placed: Sequence[Placed],
    lines: dict[str, str],
    size: float,
    below: float,
    bounds: Box,
    shapes: Mapping[str, Rings] | None = None,
) -> dict[str, tuple[float, float, str]]:
    """The spot (x of its middle, y of its baseline) and the text of each place's unit
    line in ``lines`` (by place id), for the places with a name in ``placed``; ``size``:
    the unit type's size, ``below``: the room kept under each name, ``bounds``: the map
    (left, top, right, bottom); ``shapes``: each place's outline (layout pixels), on which
    its line may also stand, and by which a line is known to be still by its own place
    (look 13: a line set further off its name stood nearer another place's). A line with
    no clear spot by its own place is shortened (:func:`short_line`) if that finds one."""
    names = {p.id: name_box(p) for p in placed}
    by_id = {p.id: p for p in placed}
    shapes = shapes or {}
    options = {
        p.id: _by_name(p, names[p.id], lines[p.id], size, below, bounds)
        for p in placed
        if lines.get(p.id)
    }
    chosen: dict[str, Spot] = {}
    texts: dict[str, str] = {}

    def astray(rid: str, box: Box) -> bool:
        """Is a line at ``box`` nearer another place's name or line than its own
        place's name and land (it would be read as the other's)?"""
        own = _gap(box, names[rid])
        if own <= _NEAR:
            return False
        # a line on a level with another name, just past its end, reads as its
        # continuation ("Rome ★ Rome 2 inf" was the Adriatic's line): that name's box
        # counts as a letter wider at each end
        wide = size * _BESIDE
        others = [
            _gap(box, (b[0] - wide, b[1], b[2] + wide, b[3])) for k, b in names.items() if k != rid
        ]
        others += [_gap(box, s[3]) for k, s in chosen.items() if k != rid]
        nearest = min(others, default=math.inf)
        if own < nearest - _NEAR:
            return False
        rings = shapes.get(rid, ())
        if not rings or _gap(box, _ring_bounds(rings)) >= nearest - _NEAR:
            return True
        return _gap_to_shape(box, rings) >= nearest - _NEAR

    def cost(rid: str, spot: Spot) -> float:
        """What a spot costs: its own cost, and the names and the other lines chosen so
        far that it stands on (its own name too, unless it stands under it)."""
        box = spot[3]
        on_names = [_area(box, b) for k, b in names.items() if k != rid]
        if not spot[4]:
            # off its place under the name, a line keeps a little clear of its own name
            # (Large text draws the names larger where they stand: "Rome ★Rome 1 inf")
            own, pad = names[rid], size * _OWN_PAD
            on_names.append(_area(box, (own[0] - pad, own[1], own[2] + pad, own[3])))
        on_lines = [_area(box, s[3]) for k, s in chosen.items() if k != rid]
        out = spot[0] + _ON_NAME * sum(on_names) + _ON_LINE * sum(on_lines)
        return out + _ON_ANY * sum(1 for a in on_names + on_lines if a > _TOUCH)

    def cheapest(rid: str, spots: list[Spot]) -> tuple[Spot, float]:
        """The spot that costs least and is not astray (the spots by their own cost,
        cheapest first: no spot past one whose own cost is more than the best found can
        be better)."""
        best, best_cost = spots[0], math.inf
        for spot in sorted(spots, key=lambda t: t[0]):
            if spot[0] >= best_cost:
                break
            here = cost(rid, spot)
            if here < best_cost and not astray(rid, spot[3]):
                best, best_cost = spot, here
        return best, best_cost

    def best_for(rid: str, spots: list[Spot]) -> tuple[Spot, float]:
        best, best_cost = cheapest(rid, spots)
        if best_cost >= _ON_ANY:
            # no clear spot by its name: a little further off, or on its own land, if
            # one is clear there and still nearer its own place than any other
            first = spots[0]
            width = first[3][2] - first[3][0]
            off = _further(first, size, bounds)
            off += _on_shape(by_id[rid], width, size, shapes.get(rid, ()), bounds)
            further, further_cost = cheapest(rid, off)
            if further_cost < best_cost:
                best, best_cost = further, further_cost
        return best, best_cost

    def place(rid: str) -> None:
        text = lines[rid]
        best, best_cost = best_for(rid, options[rid])
        short = short_line(text)
        if best_cost >= _ON_ANY and short != text:
            p = by_id[rid]
            spot, here = best_for(rid, _by_name(p, names[rid], short, size, below, bounds))
            if here < _ON_ANY:
                best, best_cost, text = spot, here, short
        if best_cost == math.inf:  # every spot astray: the first, under its own name
            best = options[rid][0]
        chosen[rid], texts[rid] = best, text

    # the lines that fit where they stand first; then the rest, each where it costs least
    order = sorted(options, key=lambda rid: cost(rid, options[rid][0]))
    for rid in order:
        place(rid)
    # a line still on another (the first of the two took the spot both wanted), or now
    # nearer another's line: each such line placed again, the others standing where they are
    for rid in order:
        if cost(rid, chosen[rid]) >= _ON_ANY or astray(rid, chosen[rid][3]):
            place(rid)
    return {rid: (spot[1], spot[2], texts[rid]) for rid, spot in chosen.items()}


def _by_name(p: Placed, name: Box, text: str, size: float, below: float, bounds: Box) -> list[Spot]:
    """The spots for the line ``text`` under the name ``p`` (its letters' box ``name``),
    sliding along it, or above it."""
    width = _TIGHT * text_width(text, size, bold=True) + 2
    left, top, right, _ = name
    # the line's baseline under the name (where it always stood), or above it
    under = top + text_height(p.text, p.size) + below * 0.5 + 1
    above = top - size * _DESCENT - 2
    # as far as it can slide and still stand by its name: its end under the name's
    # middle third
    reach = (width + (right - left) / 3) / 2
    return [
        (base + _PER_PX * abs(x - p.x), x, y, box, y == under)
        for base, y in ((0.0, under), (_ABOVE, above))
        for x, box in _slides(p.x, y, width, size, reach, bounds)
    ]


def _slides(
    x0: float, y: float, width: float, size: float, reach: float, bounds: Box
) -> list[tuple[float, Box]]:
    """The spots of a line ``width`` wide with its baseline at ``y``, sliding from
    ``x0`` at most ``reach`` either way, the nearest first; kept on the map (a line by
    the edge slides in rather than off)."""
    steps = int(reach // _STEP)
    out = []
    for k in sorted(range(-steps, steps + 1), key=abs):
        x = min(max(x0 + k * _STEP, bounds[0] + width / 2), bounds[2] - width / 2)
        out.append((x, (x - width / 2, y - size * _ASCENT, x + width / 2, y + size * _DESCENT)))
    return out


def _further(first: Spot, size: float, bounds: Box) -> list[Spot]:
    """Spots for a line a little further off its name than its ``first`` spot (centred
    under its name): up to two and a half lines above or below it and a line's width
    either side, each costing :data:`_AWAY` and its distance (a step down or up costs
    more than one across)."""
    _, x0, y0, box0, _ = first
    width = box0[2] - box0[0]
    out = []
    for dy in (k * size * 0.5 for k in range(-5, 6)):
        y = y0 + dy
        if y - size * _ASCENT < bounds[1] or y + size * _DESCENT > bounds[3]:
            continue
        for x, box in _slides(x0, y, width, size, width, bounds):
            base = _AWAY + _PER_PX * abs(x - x0) + _PER_PX_DOWN * abs(dy)
            out.append((base, x, y, box, False))
    return out


def _on_shape(p: Placed, width: float, size: float, rings: Rings, bounds: Box) -> list[Spot]:
    """Spots for a line ``width`` wide on its place's own land (look 13: with no clear
    spot by its name, Rome's line stood under Gaul's, Sicily's on the African Sea): its
    middle and most of its length's middle third inside the outline ``rings``, each
    costing :data:`_ON_LAND` and its distance from the name's middle."""
    if not rings:
        return []
    left, top, right, bottom = _ring_bounds(rings)
    out: list[Spot] = []
    y = top + size * _ASCENT
    while y <= bottom + size * _DESCENT:
        mid = y - size * (_ASCENT - _DESCENT) / 2
        x = left
        while x <= right:
            ends = (x - width / 6, mid), (x + width / 6, mid)
            if _inside((x, mid), rings) and all(_inside(e, rings) for e in ends):
                box = (x - width / 2, y - size * _ASCENT, x + width / 2, y + size * _DESCENT)
                if (
                    bounds[0] <= box[0]
                    and box[2] <= bounds[2]
                    and bounds[1] <= box[1]
                    and box[3] <= bounds[3]
                ):
                    away = math.hypot(x - p.x, mid - p.y)
                    out.append((_ON_LAND + _PER_PX * away, x, y, box, False))
            x += _STEP * 2
        y += size * 0.25
    return out


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return math.hypot(dx, dy)


def _gap_to_shape(box: Box, rings: Rings) -> float:
    """How far a box is from an outline (0 when its middle or an edge of the outline is
    in it; infinite with no outline)."""
    if not rings:
        return math.inf
    if _inside(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), rings):
        return 0.0
    best = math.inf
    for ring in rings:
        for i, a in enumerate(ring):
            b = ring[i - 1]
            best = min(best, _segment_gap(box, a, b))
            if best == 0.0:
                return best
    return best


def _segment_gap(box: Box, a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far the segment a-b is from a box (0 when it crosses it)."""
    if _clips(box, a, b):
        return 0.0
    ends = min(_gap(box, (q[0], q[1], q[0], q[1])) for q in (a, b))
    corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
    return min(ends, *(_point_segment(c, a, b) for c in corners))


def _clips(box: Box, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Does the segment a-b cross the box? (Liang-Barsky clipping.)"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in (
        (-dx, a[0] - box[0]),
        (dx, box[2] - a[0]),
        (-dy, a[1] - box[1]),
        (dy, box[3] - a[1]),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _point_segment(c: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / length))
    )
    return math.hypot(c[0] - a[0] - t * dx, c[1] - a[1] - t * dy)
