"""The unit lines ("Rome 2 cav 1 inf") by their names, and the seas' names on their water.

Kernel-side (no browser). Look 8 found Rome's unit line over "Mare Adriaticum" and
"Mare Tyrrhenum" printed on Mare Balearicum's water on the Duels maps.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.labels import Placed, _inside, text_width
from hcgames.unit_lines import _ASCENT, _DESCENT, _TIGHT, _area, name_box, unit_spots
from hcgames.widgets import GameStepper


def _name(rid: str, x: float, y: float, width: float, size: float = 20.0) -> Placed:
    height = size * 1.25
    box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2 + 20)
    return Placed(rid, rid, x, y, box, size)


def test_a_wide_line_slides_along_under_its_name_off_the_next_name() -> None:
    rome = _name("Rome", 100, 100, 60)
    sea = _name("Mare Adriaticum", 230, 130, 150)
    lines = {"Rome": "Rome 2 cav 1 inf"}
    spot = unit_spots([rome, sea], lines, 20.0, 20.0, (0, 0, 600, 400))["Rome"]
    width = _TIGHT * text_width(lines["Rome"], 20.0, bold=True) + 2
    x, y = spot
    box = (x - width / 2, y - 20 * _ASCENT, x + width / 2, y + 20 * _DESCENT)
    assert spot[0] < 100, "the line slid away from the sea's name"
    assert _area(box, name_box(sea)) == 0
    # still under its own name: it reaches under the name's middle, below its letters
    assert box[0] <= 100 <= box[2] and box[1] >= name_box(rome)[3] - 20 * _ASCENT


def test_a_line_with_room_stays_centred_under_its_name() -> None:
    rome = _name("Rome", 100, 100, 60)
    spot = unit_spots([rome], {"Rome": "2 cav"}, 20.0, 20.0, (0, 0, 600, 400))["Rome"]
    assert spot[0] == pytest.approx(100)


def _stepper(scenario: str) -> Any:
    game = hcgames.load("conqueror-duels", scenario=scenario)
    return GameStepper(game.new_game(seed=7), bots=["greedy", "greedy"], seed=7, set_dice=False)


@pytest.mark.parametrize("scenario", ["standard", "second-punic-war"])
def test_every_sea_name_stands_on_its_own_water(scenario: str) -> None:
    view = _stepper(scenario).map_view
    seas = {t.id: t for t in view._label_territories if t.sea}
    assert seas
    for p in view.placed:
        if p.id in seas:
            assert _inside((p.x, p.y), seas[p.id].rings), f"{p.text!r} is off its sea"


def test_lesson_10s_map_prints_no_unit_line_on_another_name() -> None:
    view = _stepper("standard").map_view
    names = {p.id: name_box(p) for p in view.placed}
    size = view.unit_size
    marks = view.unit_labels
    for rid, x, y, text in zip(view.region_ids, marks.x, marks.y, marks.text, strict=True):
        if not text:
            continue
        width = _TIGHT * text_width(str(text), size, bold=True) + 2
        base = view.height - float(y)
        box = (x - width / 2, base - size * _ASCENT, x + width / 2, base + size * _DESCENT)
        on = [k for k, b in names.items() if k != rid and _area(box, b) > 4]
        assert not on, f"{rid}'s line {text!r} stands on {on}"


def _lines_on_others(view: Any) -> list[str]:
    """Each unit line that stands on a name (its own too, unless under it) or on another
    place's unit line, as drawn on ``view``."""
    names = {p.id: name_box(p) for p in view.placed}
    size = view.unit_size
    marks = view.unit_labels
    boxes = {}
    for rid, x, y, text in zip(view.region_ids, marks.x, marks.y, marks.text, strict=True):
        if text:
            width = _TIGHT * text_width(str(text), size, bold=True) + 2
            base = view.height - float(y)
            boxes[rid] = (
                str(text),
                (x - width / 2, base - size * _ASCENT, x + width / 2, base + size * _DESCENT),
            )
    found = []
    for rid, (text, box) in boxes.items():
        own = names[rid]
        under_own = box[1] >= own[3] - size * 0.3 and box[0] < own[2] and own[0] < box[2]
        on = [k for k, b in names.items() if (k != rid or not under_own) and _area(box, b) > 4]
        on += [f"{k}'s line" for k, (_, b) in boxes.items() if k != rid and _area(box, b) > 4]
        if on:
            found.append(f"{rid}'s line {text!r} stands on {on}")
    return found


@pytest.mark.parametrize(
    ("bots", "seed"),
    [(("greedy", "greedy"), 1), (("greedy", "random"), 3)],
    ids=["lesson-10", "lesson-13"],
)
def test_the_lesson_maps_print_no_unit_line_on_a_name_or_line_all_game(
    bots: tuple[str, str], seed: int
) -> None:
    """Look 11: Rome's line on "Mare Adriaticum", Carthage's on "Mare Africum",
    Brundisium's on "Mare Tyrrhenum" on lessons 10 and 13, as their stepper and watched
    game play on: a line with no clear spot under its name stands above it or a little
    further off, never on a name or another line."""
    game = hcgames.load("conqueror-duels", scenario="standard")
    stepper = GameStepper(game.new_game(seed=seed), bots=list(bots), seed=seed, set_dice=False)
    found = []
    for step in range(30):
        found += [f"after {3 * step} moves: {line}" for line in _lines_on_others(stepper.map_view)]
        if stepper.state.is_terminal():
            break
        stepper.auto(3)
    assert not found, "\n".join(found)


def test_a_line_with_no_room_under_its_name_stands_above_it_clear_of_the_sea() -> None:
    """Under "Rome" stands the sea's name, across the whole slide: the line goes above."""
    rome = _name("Rome", 100, 100, 60)
    sea = _name("Mare Adriaticum", 100, 130, 400)
    lines = {"Rome": "Rome 2 cav 1 inf"}
    x, y = unit_spots([rome, sea], lines, 20.0, 20.0, (0, 0, 600, 400))["Rome"]
    width = _TIGHT * text_width(lines["Rome"], 20.0, bold=True) + 2
    box = (x - width / 2, y - 20 * _ASCENT, x + width / 2, y + 20 * _DESCENT)
    assert _area(box, name_box(sea)) == 0 and _area(box, name_box(rome)) == 0
    assert y < name_box(rome)[1], "the line stands above its name"


# --- no line astray: each line nearer its own place than any other place's name or line


def _gap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return float((dx * dx + dy * dy) ** 0.5)


def _to_segment(c: tuple[float, float], a: Any, b: Any) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if not length
        else max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / length))
    )
    return float(((c[0] - a[0] - t * dx) ** 2 + (c[1] - a[1] - t * dy) ** 2) ** 0.5)


def _to_land(box: tuple[float, float, float, float], rings: Any) -> float:
    """How far a box is from a place's outline: 0 when a corner or its middle is on the
    land or a corner of the outline is in the box; else the least distance from a corner
    of the box to an edge of the outline, or from a corner of the outline to the box."""
    left, top, right, bottom = box
    corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
    if any(_inside(c, rings) for c in [*corners, ((left + right) / 2, (top + bottom) / 2)]):
        return 0.0
    best = float("inf")
    for ring in rings:
        for i, a in enumerate(ring):
            best = min(best, _gap(box, (a[0], a[1], a[0], a[1])))
            best = min(best, *(_to_segment(c, a, ring[i - 1]) for c in corners))
    return best


def _astray(view: Any, large: bool = False) -> list[str]:
    """Each unit line drawn on ``view`` (its Large text set when ``large``) that is more
    than 3 px nearer another place's name or unit line than its own place's name or land:
    a class reads such a line as the other place's (look 13: "Rome 2 cav" under Gaul's
    line, Sicily's line on the African Sea)."""
    placed = view.placed_large if large else view.placed
    marks = view.unit_labels_large if large else view.unit_labels
    size = view.unit_size * (view.large_scale if large else 1.0)
    names = {p.id: name_box(p) for p in placed}
    lands = {t.id: t.rings for t in view._label_territories}
    boxes = {}
    for rid, x, y, text in zip(view.region_ids, marks.x, marks.y, marks.text, strict=True):
        if text and rid in names:
            width = _TIGHT * text_width(str(text), size, bold=True) + 2
            base = view.height - float(y)
            box = (x - width / 2, base - size * _ASCENT, x + width / 2, base + size * _DESCENT)
            boxes[rid] = (str(text), box)
    found = []
    for rid, (text, box) in boxes.items():
        own = min(_gap(box, names[rid]), _to_land(box, lands[rid]))
        others = [(_gap(box, b), k) for k, b in names.items() if k != rid]
        others += [(_gap(box, b), f"{k}'s line") for k, (_, b) in boxes.items() if k != rid]
        near, other = min(others)
        if near + 3 < own:
            found.append(f"{rid}'s {text!r}: {own:.0f} px from its place, {near:.0f} from {other}")
    return found


def _views_of(stages: Any, **options: Any) -> Any:
    from hcgames.widgets.maps import MapView

    view = MapView(stages[0][1], beside="width" not in options, **options)
    for stage in stages:
        view.update(stage[1])
        yield view


def _lesson_maps(lesson: str) -> Any:
    """The maps of a Duels lesson with units on them, at each step they show."""
    from hcgames.classgame import class_game
    from hcgames.conqueror import walkthroughs
    from hcgames.conqueror.game import DuelsGame
    from hcgames.widgets import PlayApp

    standard = hcgames.load("conqueror-duels", scenario="standard")
    if lesson == "10":
        stepper = GameStepper(standard.new_game(seed=1), bots=["greedy", "greedy"], seed=1)
        booklet = walkthroughs.gold_discovered(DuelsGame(scenario="standard"))
        yield from _views_of(booklet.stages, focus=booklet.focus)
    elif lesson == "13":
        stepper = PlayApp(class_game("conqueror-duels"), humans=(), bot="easy", seed=0)
        for _ in range(40):
            yield stepper.map_view
            if stepper.state.is_terminal():
                break
            stepper.auto(3)
        stepper = GameStepper(standard.new_game(seed=3), bots=["greedy", "random"], seed=3)
    else:
        gallic = DuelsGame(scenario="gallic-wars")
        food = walkthroughs.gallic_food(gallic)
        yield from _views_of(food.stages, focus=food.focus)
        duel = DuelsGame(scenario="rome-vs-persia")
        yield from _views_of(walkthroughs.persia_rally(duel).stages, theatre="east")
        cyrene = walkthroughs.cyrene_left_empty(duel)
        yield from _views_of(cyrene.stages, focus=cyrene.focus, theatre="east")
        stepper = GameStepper(gallic.new_game(seed=2), bots=["greedy", "random"], seed=2)
    for _ in range(40):
        yield stepper.map_view
        if stepper.state.is_terminal():
            break
        stepper.auto(3)


@pytest.mark.parametrize("lesson", ["10", "13", "14"])
def test_no_unit_line_stands_nearer_another_place_than_its_own(lesson: str) -> None:
    """Look 13: with no clear spot by its name, a line stood where a class reads it as
    another place's ("Rome 2 cav" under Gaul's line; Sicily's line on Mare Africum): on
    the maps of lessons 10, 13 and 14, in their own and in Large text, all game."""
    found: set[str] = set()
    seen = 0
    for view in _lesson_maps(lesson):
        seen += 1
        found.update(_astray(view))
        if view.placed_large:
            found.update(f"Large text: {line}" for line in _astray(view, large=True))
    assert seen > 10
    assert not found, "\n".join(sorted(found))
