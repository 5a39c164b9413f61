"""Where a map prints each place's unit line ("Rome 2 cav 1 inf") by its name.

Pure geometry on the map's layout pixels (nothing here imports Jupyter). The names are
laid out once (:mod:`hcgames.labels`), with room for one line of type under each name;
the unit lines change on every move and are often wider than the name above them
("Rome ★" over "Rome 2 cav 1 inf"), so a line centred under its name ran over the
next name (look 8: Rome's line over "Mare Adriaticum", Sicily's over "Mare Ionium").
Each line is set under its name, centred, unless it would stand on another name or
another unit line there: then it slides along under its name (never above it: a line
above a name reads as the place's above), to where it covers the least of other names
and lines, a slide costing a little (the line nearest its first place wins a tie).
"""

from __future__ import annotations

from collections.abc import Sequence

from hcgames.labels import Placed, text_height, text_width

Box = tuple[float, float, float, float]

#: what standing on things costs, per square pixel: on another name's letters, on
#: another unit line; and per pixel of sliding along under the name
_ON_NAME = 1.0
_ON_LINE = 1.0
_PER_PX = 0.5
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
    options: dict[str, list[tuple[float, float, float, Box]]] = {}
    for p in placed:
        text = lines.get(p.id, "")
        if not text:
            continue
        width = _TIGHT * text_width(text, size, bold=True) + 2
        left, top, right, _ = names[p.id]
        # the line's baseline: under the name (where it always stood), or above it
        under = top + text_height(p.text, p.size) + below * 0.5 + 1
        # as far as it can slide and still stand under its name: its end under the
        # name's middle third
        reach = (width + (right - left) / 3) / 2
        steps = int(reach // _STEP)
        tries = []
        for k in sorted(range(-steps, steps + 1), key=abs):
            # kept on the map: a line by the edge slides in rather than off
            x = min(max(p.x + k * _STEP, bounds[0] + width / 2), bounds[2] - width / 2)
            box = (x - width / 2, under - size * _ASCENT, x + width / 2, under + size * _DESCENT)
            tries.append((_PER_PX * abs(x - p.x), x, under, box))
        options[p.id] = tries
    taken: list[Box] = []
    spots: dict[str, tuple[float, float]] = {}

    def cost(rid: str, base: float, box: Box) -> float:
        out = base
        out += _ON_NAME * sum(_area(box, b) for k, b in names.items() if k != rid)
        out += _ON_LINE * sum(_area(box, b) for b in taken)
        return out

    # the lines that fit where they stand first; then the rest, each where it costs least
    order = sorted(options, key=lambda rid: cost(rid, 0.0, options[rid][0][3]))
    for rid in order:
        best = min(options[rid], key=lambda t: cost(rid, t[0], t[3]))
        taken.append(best[3])
        spots[rid] = (best[1], best[2])
    return spots
