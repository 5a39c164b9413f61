"""The bench scripts keep working (their figures are printed by ``python bench/run.py``,
never asserted): each has a ``run()`` that bench/run.py can call, and the classroom
bench's click figures, which read bench_widgets' results, come out as numbers."""

from __future__ import annotations

import importlib.util
import inspect
import math
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", sorted(BENCH.glob("bench_*.py")), ids=lambda p: p.name)
def test_every_bench_has_a_run_that_bench_run_can_call(path: Path) -> None:
    run = getattr(_load(path), "run", None)
    assert callable(run), f"{path.name} has no run() for bench/run.py"
    parameters = inspect.signature(run).parameters
    assert all(p.default is not p.empty for p in parameters.values()), parameters


def test_classroom_click_figures_are_numbers_for_every_game() -> None:
    classroom = _load(BENCH / "bench_classroom.py")
    figures = classroom.click_settle(quick=True)
    labels = [label for label, _, _ in figures]
    games = _load(BENCH / "bench_widgets.py").PLAY_GAMES
    assert labels == [
        *(f"Play click, {name}, medium: median" for name in games),
        "Play click, every game, medium: median (goal <= 100)",
        "Play click, every game, medium: slowest",
    ]
    assert all(isinstance(v, float) and math.isfinite(v) and v >= 0 for _, v, _ in figures)
