"""The map is one Tab stop (kernel side; tests/test_browser_keys.py presses the keys).

The hidden access element of a map carries every place's title (name and holder) and
the two orders the arrow keys walk (west to east, north to south), each holding every
place once; its script gives the places tabindex -1 and one of them 0 (a roving
tabindex), and handles the arrows, Home, End, Enter and Space.
"""

from __future__ import annotations

import html
import json
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.widgets import MapView
from hcgames.widgets.map_access import ACCESS_JS


@pytest.mark.parametrize(
    ("name", "options"),
    [("conqueror-duels", {"scenario": "standard"}), ("classical-conquests", {"players": 2})],
)
def test_the_access_element_carries_titles_and_arrow_orders(
    name: str, options: dict[str, object]
) -> None:
    view = MapView(hcgames.load(name, **options).new_game(seed=1))
    value = view._access.value
    data = {
        key: json.loads(html.unescape(raw))
        for key, raw in re.findall(r'data-(titles|order-x|order-y)="([^"]*)"', value)
    }
    ids = set(view.region_ids)
    assert set(data["titles"]) == ids
    assert all(", held by " in title for title in data["titles"].values())
    for order in ("order-x", "order-y"):
        assert sorted(data[order]) == sorted(ids)
    xs = [view.anchors[r][0] for r in data["order-x"]]
    assert xs == sorted(xs)  # west to east


def test_the_script_is_a_roving_tabindex() -> None:
    for needle in ("'tabindex','-1'", "'tabindex','0'", "ArrowRight", "ArrowUp", "Home", "End"):
        assert needle in ACCESS_JS, needle
    assert "e.key==='Enter'||e.key===' '" in ACCESS_JS
