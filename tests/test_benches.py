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


def _page_trace() -> ModuleType:
    import sys

    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module("page_trace")


def test_a_replayed_page_follows_the_requests_of_its_quiet_load() -> None:
    trace_module = _page_trace()
    # a quiet load: the page (sent at 0.00, first byte 0.01, end 0.02); file a from 0.03
    # to 0.20 and b from 0.05 to 0.10, both sent after the page ended; c sent at 0.30,
    # after a (the last to end before it); the kernel's socket at 0.60, after c
    trace = trace_module.reduce_trace(
        0.0,
        (0.0, 0.01, 0.02),
        [("a", 0.03, 0.20), ("b", 0.05, 0.10), ("c", 0.30, 0.50)],
        socket_open=0.60,
        asked=0.70,
        states=0.90,
        widget=1.20,
    )
    step = trace_module.Step
    page_end = trace_module.PAGE_END
    assert trace.files == ["a", "b", "c"]
    rounded = [step(s.parent, round(s.gap, 6), round(s.at, 6)) for s in trace.steps]
    assert rounded == [step(page_end, 0.01, 0.03), step(page_end, 0.03, 0.05), step(0, 0.1, 0.3)]
    assert (trace.socket.parent, round(trace.socket.gap, 6)) == (2, 0.1)
    assert (round(trace.ask_gap, 6), round(trace.draw, 6), trace.alone) == (0.1, 0.3, 1.2)


def test_a_replayed_page_is_held_back_by_a_slow_file_it_follows() -> None:
    """Served by a stand-in server whose file ``slow`` takes 0.6 s more than in the quiet
    load: the file sent after it and the first widget come at least that much later."""
    import asyncio
    import socket as sockets

    from tornado.web import Application, RequestHandler

    trace_module = _page_trace()
    sent: dict[str, float] = {}

    class Page(RequestHandler):
        def get(self) -> None:
            self.write('<script>{"kernelId": "abc-1"}</script>')

    class File(RequestHandler):
        async def get(self, name: str) -> None:
            sent[name] = asyncio.get_running_loop().time()
            if name == "slow":
                await asyncio.sleep(0.6)
            self.write(name)

    async def ask_states(base: str, kernel: str, ask_gap: float) -> int:
        assert kernel == "abc-1"
        await asyncio.sleep(ask_gap)
        return 7

    async def main() -> tuple[float, int, str, float]:
        with sockets.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = Application([(r"/voila/render/x.ipynb", Page), (r"/f/(\w+)", File)]).listen(
            port, "127.0.0.1"
        )
        base = f"http://127.0.0.1:{port}"
        trace = trace_module.reduce_trace(
            0.0,
            (0.0, 0.01, 0.02),
            [(f"{base}/f/slow", 0.03, 0.05), (f"{base}/f/after", 0.10, 0.12)],
            socket_open=0.15,
            asked=0.16,
            states=0.20,
            widget=0.30,
        )
        try:
            start = asyncio.get_running_loop().time()
            seconds, widgets, kernel = await trace_module.replay(
                base, "x.ipynb", trace, ask_states, 30.0
            )
        finally:
            server.stop()
        return seconds, widgets, kernel, sent["after"] - start

    seconds, widgets, kernel, after_sent = asyncio.run(main())
    assert (widgets, kernel) == (7, "abc-1")
    assert after_sent >= 0.6 + 0.05  # sent 0.05 s after "slow" came, as in the quiet load
    # the quiet load's first widget at 0.30 s, pushed back by the 0.6 s the slow file
    # took beyond its 0.02 s in the quiet load (less the replay's own small slack)
    assert seconds >= 0.30 + 0.5
