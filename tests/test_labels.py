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
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.labels import MAX_LEADER, Territory, place_names, text_width
from hcgames.widgets import MapView

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
