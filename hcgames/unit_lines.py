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
from collections.abc import Sequence

from hcgames.labels import Placed, text_height, text_width

Box = tuple[float, float, float, float]
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
) -> dict[str, tuple[float, float]]:
    """The spot (x of its middle, y of its baseline) of each place's unit line in
    ``lines`` (by place id), for the places with a name in ``placed``; ``size``: the unit
    type's size, ``below``: the room kept under each name, ``bounds``: the map (left,
    top, right, bottom)."""
    names = {p.id: name_box(p) for p in placed}
    options: dict[str, list[Spot]] = {}
    for p in placed:
        text = lines.get(p.id, "")
        if not text:
            continue
        width = _TIGHT * text_width(text, size, bold=True) + 2
        left, top, right, _ = names[p.id]
        # the line's baseline under the name (where it always stood), or above it
        under = top + text_height(p.text, p.size) + below * 0.5 + 1
        above = top - size * _DESCENT - 2
        # as far as it can slide and still stand by its name: its end under the
        # name's middle third
        reach = (width + (right - left) / 3) / 2
        tries = [
            (base + _PER_PX * abs(x - p.x), x, y, box, y == under)
            for base, y in ((0.0, under), (_ABOVE, above))
            for x, box in _slides(p.x, y, width, size, reach, bounds)
        ]
        options[p.id] = tries
    chosen: dict[str, Spot] = {}

    def cost(rid: str, spot: Spot) -> float:
        """What a spot costs: its own cost, and the names and the other lines chosen so
        far that it stands on (its own name too, unless it stands under it)."""
        box = spot[3]
        on_names = [_area(box, b) for k, b in names.items() if k != rid or not spot[4]]
        on_lines = [_area(box, s[3]) for k, s in chosen.items() if k != rid]
        out = spot[0] + _ON_NAME * sum(on_names) + _ON_LINE * sum(on_lines)
        return out + _ON_ANY * sum(1 for a in on_names + on_lines if a > _TOUCH)

    def cheapest(rid: str, spots: list[Spot]) -> tuple[Spot, float]:
        """The spot that costs least (the spots by their own cost, cheapest first: no
        spot past one whose own cost is more than the best found can be better)."""
        best, best_cost = spots[0], math.inf
        for spot in sorted(spots, key=lambda t: t[0]):
            if spot[0] >= best_cost:
                break
            here = cost(rid, spot)
            if here < best_cost:
                best, best_cost = spot, here
        return best, best_cost

    def place(rid: str) -> None:
        best, best_cost = cheapest(rid, options[rid])
        if best_cost >= _ON_ANY:
            # no clear spot by its name: a little further off, if one is clear there
            first = options[rid][0]
            further, further_cost = cheapest(rid, _further(first, size, bounds))
            if further_cost < best_cost:
                best = further
        chosen[rid] = best

    # the lines that fit where they stand first; then the rest, each where it costs least
    order = sorted(options, key=lambda rid: cost(rid, options[rid][0]))
    for rid in order:
        place(rid)
    # a line still on another (the first of the two took the spot both wanted): each
    # such line placed again, the others standing where they are
    for rid in order:
        if cost(rid, chosen[rid]) >= _ON_ANY:
            place(rid)
    return {rid: (spot[1], spot[2]) for rid, spot in chosen.items()}


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
