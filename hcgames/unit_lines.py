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

from collections.abc import Callable, Mapping, Sequence

from hcgames.labels import Placed, Territory, _grid, _inside, text_height, text_width

Box = tuple[float, float, float, float]

#: what standing on things costs, per square pixel: on another name's letters, on
#: another unit line; and per pixel of sliding along under the name
_ON_NAME = 1.0
_ON_LINE = 1.0
_PER_PX = 0.5
#: what each point of a line off its own place costs (on the sea beside a coast, or on
#: a neighbour: look 9 found Sicily's line on Mare Africum), more than any slide
_OFF_PLACE = 5000.0
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
    territories: Sequence[Territory] = (),
) -> dict[str, tuple[float, float]]:
    """The spot (x of its middle, y of its baseline) of each place's unit line in
    ``lines`` (by place id), for the places with a name in ``placed``; ``size``: the unit
    type's size, ``below``: the room kept under each name, ``bounds``: the map (left,
    top, right, bottom). With the map's ``territories``, a line stays on its own place
    (or, under a name beside its place with a leader line, off every other land)."""
    names = {p.id: name_box(p) for p in placed}
    rings: Mapping[str, Sequence[Sequence[tuple[float, float]]]] = {
        t.id: t.rings for t in territories
    }
    land = [(t.id, t.rings) for t in territories if not t.sea]
    leader = {p.id: p.leader is not None for p in placed}

    def off_place(rid: str, box: Box) -> int:
        if rid not in rings:
            return 0
        points = _grid(box, 5, 2)
        if not leader.get(rid):
            return sum(not _inside(q, rings[rid]) for q in points)
        return sum(any(o != rid and _inside(q, r) for o, r in land) for q in points)

    options: dict[str, list[tuple[float, float, float, Box]]] = {}
    #: where each line would stand under its name, and its width
    spare: dict[str, tuple[float, float, float]] = {}
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
            tries.append(
                (_PER_PX * abs(x - p.x) + _OFF_PLACE * off_place(p.id, box), x, under, box)
            )
        options[p.id] = tries
        spare[p.id] = (p.x, under, width)
    taken: list[Box] = []
    spots: dict[str, tuple[float, float]] = {}

    def cost(rid: str, base: float, box: Box) -> float:
        out = base
        on_names = [_area(box, b) for b in names.values()]  # its own too (it may move)
        on_lines = [_area(box, b) for b in taken]
        out += _ON_NAME * sum(on_names) + _ON_LINE * sum(on_lines)
        # each name or line stood on at all, as bad as a point off its place
        return out + _OFF_PLACE * sum(1 for a in on_names + on_lines if a > 0)

    # the lines that fit where they stand first; then the rest, each where it costs least
    order = sorted(options, key=lambda rid: cost(rid, 0.0, options[rid][0][3]))
    for rid in order:
        best = min(options[rid], key=lambda t: cost(rid, t[0], t[3]))
        if cost(rid, best[0], best[3]) >= _OFF_PLACE and rid in rings and not leader[rid]:
            # under its name it would reach off its place or onto another name: anywhere
            # else on its own place instead, as near its name as can be
            x0, y0, width = spare[rid]
            others = _on_own_place(x0, y0, width, size, rings[rid], bounds, off_place, rid)
            best = min([best, *others], key=lambda t: cost(rid, t[0], t[3]))
        taken.append(best[3])
        spots[rid] = (best[1], best[2])
    return spots


def _on_own_place(
    x0: float,
    y0: float,
    width: float,
    size: float,
    rings: Sequence[Sequence[tuple[float, float]]],
    bounds: Box,
    off_place: Callable[[str, Box], int],
    rid: str,
) -> list[tuple[float, float, float, Box]]:
    """Spots for a line of ``width`` anywhere on its own place (a grid over the place's
    outline), each costing twice its distance from ``(x0, y0)`` (its spot under the name)."""
    xs = [q[0] for ring in rings for q in ring]
    ys = [q[1] for ring in rings for q in ring]
    if not xs:
        return []
    out = []
    y = max(min(ys), bounds[1]) + size
    while y <= min(max(ys), bounds[3]):
        x = max(min(xs), bounds[0]) + width / 2
        while x <= min(max(xs), bounds[2]) - width / 2:
            box = (x - width / 2, y - size * _ASCENT, x + width / 2, y + size * _DESCENT)
            if not off_place(rid, box):
                out.append((2 * _PER_PX * abs(x - x0) + 2 * abs(y - y0), x, y, box))
            x += _STEP
        y += _STEP
    return out
