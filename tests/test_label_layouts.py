"""The stored name layouts (data/labels/layouts.json, ``tools/make_label_layouts.py``):
pages read them instead of placing names again, so they must be current and the same as
a fresh placing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import hcgames
from hcgames import label_layouts, labels
from hcgames.classical import ClassicalGame
from hcgames.data import DataError
from hcgames.widgets import GameStepper
from hcgames.widgets.classical import FirstCityChooser

STALE = "the stored name layouts are out of date: run python tools/make_label_layouts.py"


def _duels_stepper() -> Any:  # lesson 10's first map
    game = hcgames.load("conqueror-duels", scenario="standard")
    return GameStepper(game.new_game(seed=1), bots=["greedy", "greedy"], seed=1)


def _first_city() -> Any:  # lesson 20's slowest map (0.7 s of placing)
    game = ClassicalGame(players=2, civilizations=["Romans", "Egyptians"])
    return FirstCityChooser(game)


PAGES = [_duels_stepper, _first_city]


def _record(make: Callable[[], Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every layout the widget asks for, by digest, with nothing remembered from before."""
    monkeypatch.setattr(labels, "_CACHE", {})
    monkeypatch.setattr(label_layouts, "RECORDING", {})
    make()
    assert label_layouts.RECORDING
    return dict(label_layouts.RECORDING)


@pytest.mark.parametrize("make", PAGES, ids=lambda f: f.__name__)
def test_a_lesson_map_reads_its_names_without_placing_them(
    make: Callable[[], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def placing(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(STALE)

    monkeypatch.setattr(labels, "_layout", placing)
    _record(make, monkeypatch)


@pytest.mark.parametrize("make", PAGES, ids=lambda f: f.__name__)
def test_stored_layouts_equal_a_fresh_placing(
    make: Callable[[], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = _record(make, monkeypatch)
    assert set(stored) <= set(label_layouts.stored_layouts()), STALE
    monkeypatch.setattr(label_layouts, "stored_layouts", lambda: {})
    fresh = _record(make, monkeypatch)
    assert json.loads(json.dumps(fresh)) == stored


def test_a_changed_outline_misses_the_stored_layout() -> None:
    square = ((0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0))
    a = labels.Territory("a", "Alpha", (20.0, 20.0), (square,))
    moved = labels.Territory("a", "Alpha", (20.0, 20.0), ((*square[:3], (0.0, 41.0)),))
    assert label_layouts.layout_digest([a], "key") != label_layouts.layout_digest([moved], "key")
    assert label_layouts.layout_digest([a], "key") == label_layouts.layout_digest([a], "key")


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        (DataError("data/labels/layouts.json", ["not valid JSON"]), "not valid JSON"),
        ([], "no 'layouts' object"),
        ({"layouts": {"abc": [["a", "Alpha", 1, 2, [0, 0, 1]]]}}, "8 fields"),
        ({"layouts": {"abc": [["a", "Alpha", 1, 2, [0, 0, 1, 1], 13, [1, 2], False]]}}, "8 fields"),
    ],
)
def test_a_broken_layouts_file_is_refused_by_name(
    doc: Any, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_json(*parts: str) -> Any:
        if isinstance(doc, DataError):
            raise doc
        return doc

    monkeypatch.setattr("hcgames.data.read_json", read_json)
    label_layouts.stored_layouts.cache_clear()
    try:
        with pytest.raises(DataError, match=problem) as raised:
            label_layouts.stored_layouts()
        assert "layouts.json" in str(raised.value)
    finally:
        label_layouts.stored_layouts.cache_clear()
