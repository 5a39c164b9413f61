"""Every map of every game names its places the way an atlas does: never a number.

Kernel-side (no browser): for each game with a map and each of its scenarios and
player counts, at the page's width and at the play screen's fixed widths, every
region gets a label that is its name (or its short form from data/place_names.json),
never a bare number; the key has no "Numbers on the map"; a place reads the same on
every map of its game (a small play-screen map may use its short form); places a
lesson names keep full-size type; the key lists exactly what the map draws.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.labels import Territory, place_names, short_name
from hcgames.play import sample_outcome
from hcgames.widgets import MapView
from hcgames.widgets.map_keys import SYMBOLS, independent_style

#: widths a map is shown at: the page's width (None) and the play screen's
WIDTHS = (None, 560, 640)


def _map_variants() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in hcgames.available_games():
        for options in hcgames.game_class(name).variants():
            if hcgames.load(name, **options).geojson():
                out.append((name, options))
    return out


MAP_VARIANTS = _map_variants()


def _played(name: str, options: dict[str, Any], moves: int = 60) -> Any:
    state = hcgames.load(name, **options).new_game(seed=4)
    rng = random.Random(4)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def _plain(text: str) -> str:
    """A label without its fort mark ("Rome ★" -> "Rome"), a name on two lines as one."""
    text = text.replace("\n", " ")
    for symbol, _ in SYMBOLS.values():
        text = text.replace(symbol, "")
    return text.strip()


def test_there_are_maps_to_check() -> None:
    games = {name for name, _ in MAP_VARIANTS}
    assert {"conqueror-duels", "classical-conquests", "historical-conquest"} <= games


@pytest.mark.parametrize(
    ("name", "options"), MAP_VARIANTS, ids=[f"{n}-{json.dumps(o)}" for n, o in MAP_VARIANTS]
)
def test_every_place_is_named_never_numbered(name: str, options: dict[str, Any]) -> None:
    state = _played(name, options)
    texts: dict[str, set[str]] = {}
    for width in WIDTHS:
        view = MapView(state, width=width)
        assert len(view.placed) == len(view.region_ids)
        for placed in view.placed:
            label = _plain(placed.text)
            full = view.names[placed.id]
            assert label, f"{name}: {full} has no label"
            assert not label.isdigit(), f"{name} at {width}: {full} is labelled {label!r}"
            assert label in (full, short_name(full)), f"{name}: {full} is labelled {label!r}"
            assert placed.size >= MapView.MIN_NAME_SIZE
            texts.setdefault(placed.id, set()).add(label)
        printed = view.label_texts()
        assert printed and not any(re.fullmatch(r"\s*\d+\s*", t) for t in printed)
        legend = view.legend.value
        assert "Numbers on the map" not in legend
        # a short form on the map is spelled out in the key
        for rid, short in view.short_names.items():
            assert view.names[rid] in legend and _plain(short) in legend
    # A place reads the same on every map of its game: the page-size map's text,
    # or (on a small play-screen map only) the place's short form from the data.
    page = {p.id: _plain(p.text) for p in MapView(state).placed}
    for rid, shown in texts.items():
        full = page[rid]
        allowed = {full, short_name(full), short_name(_plain(full))}
        assert shown <= allowed, (rid, shown, allowed)


def test_places_a_lesson_names_keep_full_size_type() -> None:
    state = hcgames.load("classical-conquests", players=2).new_game(seed=0)
    focus = ["Latium", "Lower Egypt", "Attica", "Persis"]
    for width in (None, 560):
        view = MapView(state, width=width, focus=focus)
        by_name = {view.names[p.id]: p for p in view.placed}
        for place in focus:
            assert by_name[place].size >= 13, (width, place, by_name[place])


def test_labeller_names_a_tiny_place_beside_it_with_a_leader() -> None:
    big = Territory(
        "big",
        "Mare Magnum",
        (100.0, 100.0),
        [[(0, 0), (200, 0), (200, 200), (0, 200)]],
        9.0,
        sea=True,
    )
    tiny = Territory(
        "tiny", "Insula", (100.0, 60.0), [[(97, 57), (103, 57), (103, 63), (97, 63)]], 0.1
    )
    placed = {p.id: p for p in place_names([big, tiny], 13, bounds=(0, 0, 200, 200))}
    assert placed["tiny"].text == "Insula" and placed["tiny"].leader is not None
    x1, y1, _, _ = placed["tiny"].leader
    assert (x1, y1) == (100.0, 60.0)  # the line starts at the place
    assert placed["big"].text == "Mare Magnum"


def test_short_forms_come_from_the_data_file() -> None:
    assert short_name("Mare Tyrrhenum") == "Mare Tyrr."
    assert short_name("Rome") == "Rome"


def test_independents_sea_and_empty_land_are_told_apart_in_the_key() -> None:
    state = hcgames.load("conqueror-duels", scenario="alexanders-conquest").new_game(seed=0)
    view = MapView(state)
    legend = view.legend.value
    style = independent_style()
    assert "independent army" in legend and style.pattern != "none"
    fills = dict(zip(view.region_ids, view.fills(), strict=True))
    independent = [r for r, v in view._views.items() if "independent" in str(v.get("side"))]
    assert independent
    unheld_land = fills[
        next(
            r
            for r, s in zip(view.region_ids, view._sea, strict=True)
            if not s and r not in independent and view._views[r].get("owner") is None
        )
    ]
    assert all(fills[r] != unheld_land for r in independent)
    sea = fills[view.region_ids[view._sea.index(True)]]
    assert sea != unheld_land and "sea" in legend and "land held by nobody" in legend


def test_a_history_map_keys_exactly_what_it_draws() -> None:
    state = hcgames.load("conqueror-duels", scenario="second-punic-war").new_game(seed=0)
    view = MapView(state)
    view.paint([("a land of this war", "#E3B23C", ["Rome", "Carthage"])])
    view.add_places([("Cannae", 16.13, 41.31), ("Zama", 9.45, 36.3)], key="a battle")
    legend = view.legend.value
    assert "a land of this war" in legend and "a battle" in legend
    assert "other land" in legend and "sea" in legend
    assert "held by nobody" not in legend  # no game sides on a history map
    assert not any(view.unit_labels.text)
    assert view.tooltip_for("Rome") == "Rome, a land of this war"  # plain words on hover
    assert view.tooltip_for("Mare Africum") == "Mare Africum, sea"
    names = [m for m in view.figure.marks if "Cannae" in list(getattr(m, "text", []))]
    assert names and "Zama" in list(names[0].text)


def test_hover_text_stays_in_the_hover_box() -> None:
    state = hcgames.load("conqueror-duels").new_game(seed=0)
    view = MapView(state)
    view.map._handle_custom_msgs(None, {"event": "hover", "data": {"id": "Rome"}})
    assert "Rome" in view.hover_box.value
    assert "font-size:18px" in view.hover_box.value  # read from the back, not bqplot's 12 px
    assert view.info.value == ""  # no stale hover line under the key
    view.select(["Rome"])
    assert "Rome" in view.info.value
    view.clear_selection()
    assert view.info.value == ""
