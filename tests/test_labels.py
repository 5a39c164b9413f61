"""The label geometry of every map: leader lines stay short.

Kernel-side (no browser). For each game with a map and each of its map layouts, at
the page's width and at the play screen's fixed widths (560, 640 and the 900 the play
lessons use), no name stands further from its place than a short leader line: about
40 px as a 1366-pixel-wide screen shows it. A page map is laid out 940 px wide and
grows to about 1300 px on that screen; a fixed-width map is shown at its own size.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.labels import MAX_LEADER, Territory, place_names, text_width
from hcgames.widgets import MapView
from tests.label_checks import problems

#: the longest leader line a reader should see on a 1366-pixel-wide screen
SCREEN_MAX = 40.0
#: how wide a page map is shown on that screen (the page leaves about this much)
PAGE_WIDTH_AT_1366 = 1300.0
WIDTHS = (None, 560, 640, 900)


def _layouts() -> list[tuple[str, dict[str, Any]]]:
    """One game variant per distinct map (scenarios often share one)."""
    out, seen = [], set()
    for name in hcgames.available_games():
        for options in hcgames.game_class(name).variants():
            geojson = hcgames.load(name, **options).geojson()
            if not geojson:
                continue
            key = (name, tuple(sorted(str(f.get("id")) for f in geojson["features"])))
            if key not in seen:
                seen.add(key)
                out.append((name, options))
    return out


LAYOUTS = _layouts()


def _length(line: tuple[float, float, float, float]) -> float:
    return math.hypot(line[2] - line[0], line[3] - line[1])


def test_there_are_maps_to_check() -> None:
    assert {n for n, _ in LAYOUTS} >= {"conqueror-duels", "classical-conquests"}


@pytest.mark.parametrize(
    ("name", "options"), LAYOUTS, ids=[f"{n}-{json.dumps(o)}" for n, o in LAYOUTS]
)
def test_no_leader_line_is_long(name: str, options: dict[str, Any]) -> None:
    state = hcgames.load(name, **options).new_game(seed=4)
    for width in WIDTHS:
        view = MapView(state, width=width)
        # how many screen pixels one layout pixel takes on a 1366-wide screen
        scale = PAGE_WIDTH_AT_1366 / view.width if view.fluid else 1.0
        long = [
            (p.text, round(_length(p.leader) * scale))
            for p in view.placed
            if p.leader and _length(p.leader) * scale > SCREEN_MAX + 1
        ]
        assert not long, f"{name} {options} at width {width}: leaders too long {long}"
        # and a leader runs from outside the name's letters to them
        for p in view.placed:
            if p.leader:
                x, y = p.leader[0], p.leader[1]
                # the letters, from the name's middle (its box also holds the room
                # kept for its unit line, which may be wider than the name)
                half = (text_width(p.text, p.size) + 4) / 2
                left, top, right = p.x - half, p.box[1], p.x + half
                bottom = top + p.size * 1.25
                assert not (left < x < right and top < y < bottom), p


def test_a_page_map_allows_about_40_screen_pixels() -> None:
    assert MAX_LEADER * PAGE_WIDTH_AT_1366 / MapView.LAYOUT_WIDTH <= SCREEN_MAX + 1
    assert MapView.max_leader(False) <= SCREEN_MAX


def test_a_crowded_place_keeps_its_name_within_reach() -> None:
    """Twelve small islands in a row: every name beside its island within reach, even
    when the room runs out (the last resort stays near too)."""
    islands = [
        Territory(
            f"i{i}",
            f"Insula {i}",
            (40.0 + 14 * i, 100.0),
            [[(37 + 14 * i, 97), (43 + 14 * i, 97), (43 + 14 * i, 103), (37 + 14 * i, 103)]],
            0.1,
        )
        for i in range(12)
    ]
    placed = place_names(islands, 13, bounds=(0, 0, 260, 200), max_leader=30.0)
    assert len(placed) == 12
    for p in placed:
        assert p.leader is None or _length(p.leader) <= 30.0 + 1e-6, p


# --- every Duels map: names and unit lines on their own places (look 9) -------------

DUELS_SCENARIOS = (
    "standard",
    "second-punic-war",
    "gallic-wars",
    "alexanders-conquest",
    "rome-vs-persia",
    "first-syrian-war",
)
#: how many misplaced names and unit lines (tests/label_checks.py) each Duels map
#: shows over two moments of a seeded random game (its start and 60 moves in), on a
#: page map and on a page map with its key beside it (larger type). Before look 9's
#: fix: standard 32 and 50, second Punic war 29 and 50, Gallic wars 13 and 20,
#: Alexander 32 and 51, Rome and Persia 102 and 102, first Syrian war 27 and 48.
#: Fewer is better: lower a number when a change brings it down; never raise one.
MISPLACED_AT_MOST = {
    "standard": (6, 27),
    "second-punic-war": (4, 26),
    "gallic-wars": (2, 6),
    "alexanders-conquest": (6, 29),
    "rome-vs-persia": (45, 45),
    "first-syrian-war": (7, 23),
}


def _duels_views(scenario: str, beside: bool) -> list[MapView]:
    from hcgames.play import sample_outcome

    views = []
    for moves in (0, 60):
        state = hcgames.load("conqueror-duels", scenario=scenario).new_game(seed=4)
        rng = random.Random(4)
        for _ in range(moves):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        views.append(MapView(state, beside=beside))
    return views


@pytest.mark.parametrize("beside", [False, True], ids=["page", "key-beside"])
@pytest.mark.parametrize("scenario", DUELS_SCENARIOS)
def test_duels_names_and_unit_lines_stand_on_their_own_places(scenario: str, beside: bool) -> None:
    """No name on another name; Carthage's name never on Numidia, Sicily's and
    Sardinia's unit lines never on the sea (look 9); and no more misplaced names and
    lines than the map's recorded count (Rome and Persia went from 141 to 169 once)."""
    found = [line for view in _duels_views(scenario, beside) for line in problems(view)]
    on_names = [line for line in found if "stands on the name" in line]
    assert not on_names, on_names
    look_9 = ("Carthage ★: its name", "Sicily ▲: its unit line", "Sardinia: its unit line")
    assert not [line for line in found if line.startswith(look_9)], found
    budget = MISPLACED_AT_MOST[scenario][beside]
    assert len(found) <= budget, "\n".join(found)


def test_the_checks_see_a_name_on_its_neighbour() -> None:
    """The checker itself: Carthage's name moved onto Numidia is reported."""
    view = _duels_views("standard", False)[0]
    numidia = next(t for t in view._label_territories if t.id == "Numidia")

    def moved(p: Any) -> Any:
        dx, dy = numidia.anchor[0] - p.x, numidia.anchor[1] - p.y
        box = (p.box[0] + dx, p.box[1] + dy, p.box[2] + dx, p.box[3] + dy)
        return replace(p, x=p.x + dx, y=p.y + dy, box=box, leader=None)

    view.placed = [moved(p) if p.id == "Carthage" else p for p in view.placed]
    assert any(line.startswith("Carthage ★: its name") for line in problems(view))
