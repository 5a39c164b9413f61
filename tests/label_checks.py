"""What a reader checks on a map's names and unit lines, as geometry (kernel side).

Each name must lie on its own place (points over all its letters inside its outline),
or stand beside it with a leader line from its place and on no other land; a sea's
name on its own water. A unit line ("Carthage 1 inf") lies on its own place too, or,
under a name with a leader line, on no other land. No name's letters or unit line
stand on another name's letters or unit line. Used by tests/test_labels.py.
"""

from __future__ import annotations

from typing import Any

from hcgames.labels import Placed, _inside, text_height, text_width
from hcgames.unit_lines import _ASCENT, _DESCENT, _TIGHT

Box = tuple[float, float, float, float]


def _grid(box: Box, across: int, down: int) -> list[tuple[float, float]]:
    """Points spread over ``box``, a little in from its edges (a name's width is an
    estimate that errs on the wide side)."""
    left, top, right, bottom = box
    xs = [left + (right - left) * (0.08 + 0.84 * i / (across - 1)) for i in range(across)]
    ys = [top + (bottom - top) * (0.2 + 0.6 * j / (down - 1)) for j in range(down)]
    return [(x, y) for x in xs for y in ys]


def letters(p: Placed) -> Box:
    """The box of a name's letters (its ``box`` also holds its unit line's room, and
    room above its capitals)."""
    half = (text_width(p.text, p.size) + 4) / 2
    top = p.box[1] + 0.28 * p.size
    return (p.x - half, top, p.x + half, p.box[1] + text_height(p.text, p.size))


def unit_boxes(view: Any) -> dict[str, Box]:
    """The box of each unit line shown on ``view`` (a MapView), by place id."""
    mark, size, out = view.unit_labels, view.unit_size, {}
    for i, rid in enumerate(view.region_ids):
        text = str(mark.text[i])
        if text:
            x, base = float(mark.x[i]), view.height - float(mark.y[i])
            half = (_TIGHT * text_width(text, size, bold=True) + 2) / 2
            out[rid] = (x - half, base - size * _ASCENT, x + half, base + size * _DESCENT)
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def problems(view: Any) -> list[str]:
    """Every misplaced name or unit line on ``view``, each said in a line."""
    places = {t.id: t for t in view._label_territories}
    lands = [t for t in places.values() if not t.sea]
    placed = {p.id: p for p in view.placed}
    names = {rid: letters(p) for rid, p in placed.items()}
    lines = unit_boxes(view)
    out = []
    for rid, p in placed.items():
        t = places[rid]
        for what, box, rows in (("name", names[rid], 3), ("unit line", lines.get(rid), 2)):
            if box is None:
                continue
            points = _grid(box, 5, rows)
            if p.leader is None:  # on its place: wholly
                if not all(_inside(q, t.rings) for q in points):
                    out.append(f"{t.name}: its {what} reaches off its place")
                continue
            # beside its place (over the sea): on no other land
            hit = [
                o.name for o in lands if o.id != rid and any(_inside(q, o.rings) for q in points)
            ]
            if hit:
                out.append(f"{t.name}: its {what} stands on {', '.join(hit)}")
        if p.leader is not None and (t.sea or not _inside(p.leader[:2], t.rings)):
            out.append(f"{t.name}: its leader line starts off its place")
    boxes = [(f"the name {places[r].name}", b) for r, b in names.items()]
    boxes += [(f"the unit line of {places[r].name}", b) for r, b in lines.items()]
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            if _overlap(box_a, box_b):
                out.append(f"{a} stands on {b}")
    return out
