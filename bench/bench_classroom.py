"""Classroom figures (printed, never asserted): how fast lessons open, how a class
arriving at once is served, how fast a play click settles.

    python bench/bench_classroom.py [--pages 30] [--wave 5] [--notebook 13-duels-play.ipynb]
                                    [--no-lessons] [--quick] [--pool N] [--fill-delay S]
                                    [--class-as all|drawn|light|replayed]

``--pool N`` keeps N pages of ``--notebook`` started ahead besides voila.json's (Voila's
preheated kernels, as ``tasks.py app --class N --lesson ...`` does; 0: no page of any
lesson); without it, voila.json's pools are used as shipped. ``--class-as light`` times
the server's side alone (see (c)), ``--class-as replayed`` a class on its own computers
(see (d)). ``run()`` (bench/run.py) uses ``--class``'s pages.

Voila is served exactly as ``python3 tasks.py app`` serves it (``tests/kernel_watch.py``:
the project's voila.json with its shipped culling, binder/voila.py, the page template),
on 127.0.0.1 only, and pages are drawn by Debian's chromium.

(a) Per lesson, alone: seconds from navigation to the first widget (a drawn figure or a
    button), one page at a time, each closed before the next.
(b) A class arriving: ``--pages`` pages of one play lesson, opened ``--wave`` at a time
    (a wave starts when the previous wave shows its first widgets; the pages stay open,
    as the class keeps them). Each page's time to its first widget, median and worst,
    and their ratio to one page alone; the CPU time each page cost the browser, the
    Voila server and the kernels while the class arrived (on one machine the browser's
    share is paid by the server's cores; in a class, by each student's own computer);
    and whether each page came out complete: its
    counts of drawn figures, outputs and buttons equal to those of a quiet load, and no
    "did not load" sentence.
(c) The same class as light pages (``--class-as``): each fetches the page and the files a
    quiet load in chromium fetched, then the widgets' state over the kernel's websocket,
    and draws nothing, so the server's own time is measured without 30 browsers on its
    cores; whether each page got all its widgets.
(d) The same class as replayed pages (``--class-as replayed``, bench/page_trace.py): the
    requests of the fastest of three quiet chromium loads, each sent as long after what
    it followed as chromium took (and never earlier than it did), the widgets' state
    asked for over the websocket, and chromium's drawing time added: the first widget as
    on a student's own computer, with the server's waits measured, not estimated.
(e) Click settle: the play screen's "Play this move" click with the computer's answer
    (``bench_widgets``), per game at the medium level; the median over all clicks.

Every wait is bounded (``PAGE_TIMEOUT`` s per page); a page that does not show a widget
in time counts as incomplete, with the timeout as its time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hcgames.words import plural  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import page_trace  # noqa: E402

from tests.kernel_watch import KernelServer, shipped_culling  # noqa: E402

WIDGET = "svg.svg-figure, .widget-button"
#: whether the page shows a widget: one drawn with a size (a play screen's first button
#: may sit in a part of it that is hidden until asked for)
SHOWN_JS = """(selector) => [...document.querySelectorAll(selector)].some((e) => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
})"""
PAGE_TIMEOUT = 180.0
#: seconds after a lesson page has loaded without any widget before it counts as having none
NO_WIDGET = 15.0
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: what a page counts once drawn: figures, cell outputs, buttons, "did not load" notes
COUNT_JS = """() => ({
  figures: document.querySelectorAll('svg.svg-figure').length,
  outputs: document.querySelectorAll('.jp-OutputArea-output').length,
  buttons: document.querySelectorAll('.widget-button').length,
  failed: (document.body.innerText.match(/did not load|too busy to finish/g) || []).length,
})"""

Figures = list[tuple[str, float, str]]


def app_server(
    pools: dict[str, int] | None = None, fill_delay: float | None = None
) -> KernelServer:
    """The app of ``tasks.py app`` (voila.json and binder/voila.py), culling as shipped;
    ``pools``: preheated kernels per notebook instead of voila.json's."""
    culling = shipped_culling("voila")
    return KernelServer(
        "voila",
        ROOT / "notebooks",
        idle_timeout=int(culling["cull_idle_timeout"]),
        interval=int(culling["cull_interval"]),
        pools=pools,
        fill_delay=fill_delay,
    )


async def _pool_ready(server: KernelServer, seconds: float = 240.0, full: bool = False) -> None:
    """Wait (bounded) until no kernel beyond the preheated ones runs and the server and its
    kernels have gone quiet (the preheated pages drawn): a page opened next meets a
    full pool, as a class does that arrives after the server has started. ``full``: also
    wait for the pages taken before (the quiet loads) to be replaced, which Voila does
    ``fill_delay`` seconds after each was taken (a page asked for meanwhile waits)."""
    import psutil

    deadline = time.monotonic() + seconds
    while server.kernel_count() > server.preheated() and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    while full and server.kernel_count() < server.preheated() and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    processes = [psutil.Process(server.process.pid), *server.kernel_processes()]
    while time.monotonic() < deadline:
        before = sum(_cpu_seconds(p) for p in processes)
        await asyncio.sleep(1.0)
        if sum(_cpu_seconds(p) for p in processes) - before < 0.3:  # idle kernels tick
            return


def _cpu_by_part() -> dict[str, float]:
    """CPU seconds used so far by the browser, the Voila server and its kernels."""
    import psutil

    out = {"browser": 0.0, "server": 0.0, "kernels": 0.0}
    for process in psutil.process_iter(["cmdline", "cpu_times"]):
        try:
            command = " ".join(process.info["cmdline"] or [])
            used = process.info["cpu_times"].user + process.info["cpu_times"].system
        except Exception:  # gone, or not ours to read
            continue
        if "chromium" in command:
            out["browser"] += used
        elif "ipykernel" in command:
            out["kernels"] += used
        elif "-m voila" in command:
            out["server"] += used
    return out


def _cpu_seconds(process: Any) -> float:
    try:
        times = process.cpu_times()
    except Exception:  # the process has ended
        return 0.0
    return float(times.user + times.system)


async def _first_widget(context: Any, url: str) -> tuple[Any, float]:
    """Open ``url`` in a new tab; the tab and the seconds to its first widget (nan: none
    in time)."""
    page = await context.new_page()
    start = time.monotonic()
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
        await page.wait_for_function(SHOWN_JS, arg=WIDGET, timeout=PAGE_TIMEOUT * 1000)
    except Exception:  # a timeout: the page counts as incomplete
        return page, math.nan
    return page, time.monotonic() - start


async def _settled_counts(page: Any, seconds: float = 60.0) -> dict[str, int]:
    """The page's counts once it has loaded and they stop changing for 2 s (bounded)."""
    with contextlib.suppress(Exception):
        await page.wait_for_load_state("load", timeout=seconds * 1000)
    deadline = time.monotonic() + seconds
    last: dict[str, int] = {}
    while time.monotonic() < deadline:
        counts = dict(await page.evaluate(COUNT_JS))
        if counts == last:
            return counts
        last = counts
        await asyncio.sleep(2)
    return last


async def _new_context(browser: Any) -> Any:
    return await browser.new_context(viewport={"width": 1366, "height": 768})


async def _first_widget_or_loaded(context: Any, url: str) -> tuple[Any, float, bool]:
    """Like :func:`_first_widget`, for a page that may have no widget at all (the index):
    the tab, the seconds to its first widget or, when none comes within ``NO_WIDGET`` s
    of the page having loaded, the seconds to the page loaded; and whether a widget came."""
    page = await context.new_page()
    start = time.monotonic()
    loaded_at = math.nan
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
        while time.monotonic() - start < PAGE_TIMEOUT:
            shown = await page.evaluate(SHOWN_JS, WIDGET)
            state = "widget" if shown else await page.evaluate("() => document.readyState")
            now = time.monotonic()
            if state == "widget":
                return page, now - start, True
            if state == "complete" and math.isnan(loaded_at):
                loaded_at = now
            if not math.isnan(loaded_at) and now - loaded_at > NO_WIDGET:
                return page, loaded_at - start, False
            await asyncio.sleep(0.1)
    except Exception:  # a timeout: reported as nan
        pass
    return page, math.nan, False


async def lesson_times(browser: Any, server: KernelServer, notebooks: list[str]) -> Figures:
    figures: Figures = []
    # each page meets the server as it stands between pages: the play lessons' pages made
    # ready and the warm kernel started (not still being replaced after the last page)
    await _pool_ready(server, full=True)
    for notebook in notebooks:
        context = await _new_context(browser)
        page, seconds, widget = await _first_widget_or_loaded(context, server.url(notebook))
        what = "to first widget" if widget else "to page loaded (it has no widget)"
        figures.append((f"Open alone, {notebook}: {what}", seconds, "s"))
        print(f"  {figures[-1][0]:84s} {seconds:10.2f} s", file=sys.stderr, flush=True)
        await page.close(run_before_unload=True)  # frees the kernel before the next page
        await asyncio.sleep(1)  # the goodbye request leaves before its window closes
        await context.close()
        await _pool_ready(server, full=True)
    return figures


def _arrival_figures(
    label: str, shown: list[float], pages: int, alone_s: float, what: str
) -> Figures:
    """Median and worst seconds to ``what`` over the pages shown (sorted), and their ratio
    to one page alone; a page never shown makes the worst the timeout."""
    median = statistics.median(shown) if shown else math.nan
    worst = shown[-1] if len(shown) == pages else PAGE_TIMEOUT
    return [
        (f"{label}: median to {what}", median, "s"),
        (f"{label}: worst to {what}", worst, "s"),
        (f"{label}: median / one page alone (goal <= 2.5)", median / alone_s, "x"),
        (f"{label}: worst / one page alone", worst / alone_s, "x"),
    ]


async def class_arriving(
    browser: Any, server: KernelServer, notebook: str, pages: int, wave: int, alone_runs: int
) -> Figures:
    url = server.url(notebook)
    alone: list[float] = []
    quiet: dict[str, int] = {}
    await _pool_ready(server)
    for _ in range(alone_runs):  # quiet loads: the reference time and counts
        context = await _new_context(browser)
        page, seconds = await _first_widget(context, url)
        alone.append(seconds)
        quiet = await _settled_counts(page)
        await page.close(run_before_unload=True)
        await asyncio.sleep(1)
        await context.close()
        await _pool_ready(server)  # the quiet page's kernel gone
    await _pool_ready(server, 240.0 + server.fill_delay(), full=True)  # taken pages replaced

    opened: list[tuple[Any, Any, float]] = []
    cpu_before = _cpu_by_part()
    started = time.monotonic()
    for first in range(0, pages, wave):
        contexts = [await _new_context(browser) for _ in range(min(wave, pages - first))]
        results = await asyncio.gather(*(_first_widget(c, url) for c in contexts))
        for context, (page, seconds) in zip(contexts, results, strict=True):
            opened.append((context, page, seconds))
    arrived = time.monotonic() - started
    cpu = {k: v - cpu_before[k] for k, v in _cpu_by_part().items()}
    kernels = server.kernel_count()
    memory = server.kernel_memory_mb()
    counts = await asyncio.gather(*(_settled_counts(page) for _, page, _ in opened))
    for _, page, _ in opened:
        await page.close(run_before_unload=True)
    await asyncio.sleep(2)
    for context, _, _ in opened:
        await context.close()
    closed_at = time.monotonic()
    # the pages' own kernels still running (the preheated ones, started again for the
    # next pages, are not the class's)
    left = max(0, server.kernel_count() - server.preheated())
    while left and time.monotonic() - closed_at < 8:  # 10 s after the pages closed
        await asyncio.sleep(1)
        left = max(0, server.kernel_count() - server.preheated())

    times = [seconds for _, _, seconds in opened]
    shown = sorted(t for t in times if not math.isnan(t))
    complete = sum(
        1
        for seconds, got in zip(times, counts, strict=False)
        if not math.isnan(seconds) and got == quiet and got.get("failed", 0) == 0
    )
    alone_s = statistics.median(alone)
    label = f"{pages} pages of {notebook}, {wave} at a time"
    return [
        (
            f"One page alone ({plural(alone_runs, 'quiet load')}): to first widget",
            alone_s,
            "s",
        ),
        ("Quiet load: drawn figures", quiet.get("figures", 0), ""),
        ("Quiet load: cell outputs", quiet.get("outputs", 0), ""),
        ("Quiet load: buttons", quiet.get("buttons", 0), ""),
        *_arrival_figures(label, shown, pages, alone_s, "first widget"),
        (f"{label}: pages complete as a quiet load", complete, f"of {pages}"),
        (f"{label}: whole class served in", arrived, "s"),
        (
            f"{label}: CPU per page while arriving, browser (the students' own)",
            cpu["browser"] / pages,
            "s",
        ),
        (f"{label}: CPU per page while arriving, Voila server", cpu["server"] / pages, "s"),
        (f"{label}: CPU per page while arriving, kernels", cpu["kernels"] / pages, "s"),
        (f"{label}: kernels running with the class in", kernels, "kernels"),
        (f"{label}: of them preheated for the next pages", server.preheated(), "kernels"),
        (f"{label}: memory per kernel, median", statistics.median(memory or [0.0]), "MB"),
        (f"{label}: kernels left 10 s after the class closed its pages", left, "kernels"),
    ]


# ---------------------------------------------------------------------------------------
# (d) The server's side alone: what a page asks of the server, without drawing it.


def _ws_message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> bytes:
    """A shell message in the kernel websocket's v1 framing (as JupyterLab's page sends
    it; Voila 0.5 cannot forward a reply with buffers in the older JSON framing)."""
    import json
    import uuid

    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "student",
        "session": session,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "version": "5.4",
    }
    message = {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
    }
    return bytes(
        serialize_msg_to_ws_v1(message, "shell", lambda part: json.dumps(part).encode("utf-8"))
    )


async def light_student(base: str, notebook: str, assets: list[str]) -> tuple[float, int, str, str]:
    """One student's page as the server sees it: the page (its cells run by the kernel),
    the files it needs (fetched while the page streams, as a browser does; each over its
    own connection, which costs the server a little more than a browser's six kept-alive
    ones: a client that keeps them alive in Python, httpx, cost this 2-core machine more
    than the server it measured), then the kernel websocket and the widgets' state, as the page's
    widget manager asks for it (``jupyter.widget.control``, ``request_states``).

    Seconds until the state arrived, how many widgets it holds, the kernel and the
    page's ``_xsrf`` value (to close the page as the browser does)."""
    import re
    import secrets

    from tornado.httpclient import AsyncHTTPClient

    client = AsyncHTTPClient(force_instance=True, max_clients=6)  # a browser's six per site
    start = time.monotonic()
    page, *_ = await asyncio.gather(  # a file not served raises
        client.fetch(f"{base}/voila/render/{notebook}", request_timeout=PAGE_TIMEOUT),
        *(client.fetch(a, request_timeout=PAGE_TIMEOUT) for a in assets),
    )
    client.close()
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', page.body.decode("utf-8"))
    if found is None:
        raise RuntimeError(f"no kernel named in the page of {notebook}")
    kernel = found.group(1)
    widgets = await widget_states(base, kernel)
    return time.monotonic() - start, widgets, kernel, secrets.token_hex(16)


async def widget_states(base: str, kernel: str, ask_gap: float = 0.0) -> int:
    """Open the kernel's websocket as the page's widget manager does, wait ``ask_gap`` s,
    ask for every widget's state (``jupyter.widget.control``, ``request_states``) and
    return how many widgets the state holds once it has come."""
    import json
    import uuid

    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    socket = await websocket_connect(
        f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels?session_id={session}",
        subprotocols=["v1.kernel.websocket.jupyter.org"],
        max_message_size=1 << 30,
    )
    await asyncio.sleep(ask_gap)
    comm = uuid.uuid4().hex
    opened = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
    await socket.write_message(
        _ws_message(session, "comm_open", opened, {"version": "1.0.0"}), binary=True
    )
    asked = {"comm_id": comm, "data": {"method": "request_states"}}
    await socket.write_message(_ws_message(session, "comm_msg", asked), binary=True)
    deadline = time.monotonic() + PAGE_TIMEOUT
    widgets = -1
    try:
        while widgets < 0:
            raw = await asyncio.wait_for(
                socket.read_message(), max(0.1, deadline - time.monotonic())
            )
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            if not isinstance(raw, bytes):
                continue
            _, parts = deserialize_msg_from_ws_v1(raw)
            header = json.loads(parts[0])
            if header.get("msg_type") != "comm_msg":
                continue
            data = json.loads(parts[3]).get("data", {})
            if data.get("method") == "update_states":
                widgets = len(data.get("states", {}))
    finally:
        socket.close()
    return widgets


async def light_close(base: str, kernel: str, xsrf: str) -> None:
    """What a closed page sends: Voila's shutdown post with its ``_xsrf`` cookie."""
    from tornado.httpclient import AsyncHTTPClient

    await AsyncHTTPClient().fetch(
        f"{base}/voila/api/shutdown/{kernel}",
        method="POST",
        body=f"_xsrf={xsrf}",
        headers={"Cookie": f"_xsrf={xsrf}"},
        request_timeout=30,
        raise_error=False,
    )


async def class_arriving_light(
    browser: Any,
    server: KernelServer,
    notebook: str,
    pages: int,
    wave: int,
    alone_runs: int,
    replayed: bool = False,
) -> Figures:
    """(b) with light students (:func:`light_student`) instead of drawn pages: the time
    the server needs to give each page everything it asks for, with the class's browsers
    on their own computers rather than on the server's cores. ``replayed``: each student
    is a page replayed from one quiet chromium load (bench/page_trace.py): the same
    requests, each after the browser's own time in that load, and the load's drawing
    time at the end, so the times stand for the first widget on a student's screen."""
    import secrets

    base = f"http://127.0.0.1:{server.port}"
    await _pool_ready(server)
    # what a quiet chromium load asked for: the files (light pages fetch them all, as an
    # uncached browser does) and, replayed, the times between (the fastest of three loads)
    trace = None
    for _ in range(3 if replayed else 1):
        await _pool_ready(server, 240.0 + server.fill_delay(), full=True)
        context = await _new_context(browser)
        load = await page_trace.record(context, server.url(notebook), WIDGET, PAGE_TIMEOUT)
        await asyncio.sleep(1)
        await context.close()
        print(f"  quiet load: {page_trace.summary(load)}", file=sys.stderr, flush=True)
        trace = load if trace is None or load.alone < trace.alone else trace
    assert trace is not None
    assets = trace.files
    await _pool_ready(server)

    async def student() -> tuple[float, int, str, str]:
        if not replayed:
            return await light_student(base, notebook, assets)
        seconds, widgets, kernel = await page_trace.replay(
            base, notebook, trace, widget_states, PAGE_TIMEOUT
        )
        return seconds, widgets, kernel, secrets.token_hex(16)

    alone: list[float] = []
    quiet = 0
    for _ in range(alone_runs):
        seconds, quiet, kernel, xsrf = await student()
        alone.append(seconds)
        await light_close(base, kernel, xsrf)
        await _pool_ready(server)
    await _pool_ready(server, 240.0 + server.fill_delay(), full=True)
    cpu_before = _cpu_by_part()
    started = time.monotonic()
    results: list[Any] = []
    for first in range(0, pages, wave):
        results += await asyncio.gather(
            *(student() for _ in range(min(wave, pages - first))),
            return_exceptions=True,
        )
    arrived = time.monotonic() - started
    cpu = {k: v - cpu_before[k] for k, v in _cpu_by_part().items()}
    memory = server.kernel_memory_mb()
    served = [r for r in results if not isinstance(r, BaseException)]
    for failure in {f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)}:
        print(f"  a light page failed: {failure}", file=sys.stderr, flush=True)
    await asyncio.gather(*(light_close(base, kernel, xsrf) for _, _, kernel, xsrf in served))
    times = sorted(seconds for seconds, _, _, _ in served)
    complete = sum(1 for _, widgets, _, _ in served if widgets == quiet)
    alone_s = statistics.median(alone)
    kind = "replayed" if replayed else "light"
    label = f"{pages} {kind} pages of {notebook}, {wave} at a time"
    what = "first widget" if replayed else "the widgets' state"
    first = (
        [
            ("Replayed page, the chromium load it was taken from (fastest of 3)", trace.alone, "s"),
            (f"Replayed page, one page alone ({plural(alone_runs, 'load')})", alone_s, "s"),
        ]
        if replayed
        else [(f"Server side, one page alone ({plural(alone_runs, 'quiet load')})", alone_s, "s")]
    )
    return [
        *first,
        (f"{kind.capitalize()} page, quiet load: widgets in the page's state", quiet, ""),
        (f"{label}: files fetched per page besides the page", len(assets), ""),
        *_arrival_figures(label, times, pages, alone_s, what),
        (f"{label}: pages complete (all their widgets)", complete, f"of {pages}"),
        (f"{label}: whole class served in", arrived, "s"),
        (f"{label}: CPU per page, Voila server", cpu["server"] / pages, "s"),
        (f"{label}: CPU per page, kernels", cpu["kernels"] / pages, "s"),
        (f"{label}: memory per kernel, median", statistics.median(memory or [0.0]), "MB"),
    ]


def click_settle(quick: bool) -> Figures:
    """bench_widgets' play-click figures at the medium level, and their overall median."""
    spec = importlib.util.spec_from_file_location("bench_widgets", ROOT / "bench/bench_widgets.py")
    assert spec and spec.loader
    widgets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(widgets)
    widgets._encode_like_a_kernel()
    clicks = 8 if quick else 25
    figures: Figures = []
    every: list[float] = []
    for name, options in widgets.PLAY_GAMES.items():
        clicked, _cpu, _pauses = widgets._play_click_times(name, options, "medium", clicks)
        times = sorted(clicked)  # by the clock, without the pauses shown on screen
        if not times:
            continue
        every.extend(times)
        figures.append(
            (f"Play click, {name}, medium: median", statistics.median(times) * 1000, "ms")
        )
    every.sort()
    figures.append(
        (
            "Play click, every game, medium: median (goal <= 100)",
            statistics.median(every) * 1000,
            "ms",
        )
    )
    figures.append(("Play click, every game, medium: slowest", every[-1] * 1000, "ms"))
    return figures


def _pools_with(notebook: str, size: int) -> dict[str, int]:
    """voila.json's pages made ready ahead, with ``size`` of ``notebook`` (as ``tasks.py
    app --class`` sets them); size 0: no page of any lesson made ready."""
    import json

    if not size:
        return {}
    shipped = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    pools = shipped["VoilaKernelManager"]["kernel_pools_config"]
    ready = {name: int(v["pool_size"]) for name, v in pools.items() if name != "default"}
    return {**ready, notebook: size}


async def _browser_figures(
    lessons: bool,
    notebook: str,
    pages: int,
    wave: int,
    alone_runs: int,
    pool: int | None = None,
    fill_delay: float | None = None,
    drawn: bool = True,
    light: bool = True,
    replayed: bool = True,
) -> Figures:
    """``drawn``: the class as chromium pages; ``light``: as light students (the server's
    side alone); ``replayed``: as pages replayed from a quiet chromium load (the browser's
    time as on each student's own computer)."""
    from playwright.async_api import async_playwright

    server = app_server(None if pool is None else _pools_with(notebook, pool), fill_delay)
    figures: Figures = []
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            if lessons:
                names = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
                lesson = await lesson_times(browser, server, names)
                figures.extend(lesson)
                shown = [seconds for _, seconds, _ in lesson if not math.isnan(seconds)]
                if shown:
                    figures.append(("Open alone, slowest lesson", max(shown), "s"))
                await asyncio.sleep(3)
            if drawn:
                figures.extend(
                    await class_arriving(browser, server, notebook, pages, wave, alone_runs)
                )
            if light:
                figures.extend(
                    await class_arriving_light(browser, server, notebook, pages, wave, alone_runs)
                )
            if replayed:
                figures.extend(
                    await class_arriving_light(
                        browser, server, notebook, pages, wave, alone_runs, replayed=True
                    )
                )
            await browser.close()
    finally:
        server.stop()
    return figures


def run(quick: bool = False) -> Figures:
    """Figures for bench/run.py; quick: 10 pages, no per-lesson times, fewer clicks. The
    class's pages are made ready as ``tasks.py app --class N --lesson 13`` makes them,
    so that a page alone and a page of the class are served alike."""
    sys.path.insert(0, str(ROOT))
    import tasks

    pages = 10 if quick else 30
    alone_runs = 1 if quick else 3
    figures = [("Load average over the last minute (2 cores = 2.0 busy)", os.getloadavg()[0], "")]
    figures += asyncio.run(
        _browser_figures(
            lessons=not quick,
            notebook="13-duels-play.ipynb",
            pages=pages,
            wave=5,
            alone_runs=alone_runs,
            pool=tasks.class_pages(pages),
            fill_delay=tasks.CLASS_FILL_DELAY,
        )
    )
    figures += click_settle(quick)
    figures.append(("Load average over the last minute, at the end", os.getloadavg()[0], ""))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30, help="pages of the class (30)")
    parser.add_argument("--wave", type=int, default=5, help="pages opened at once (5)")
    parser.add_argument("--notebook", default="13-duels-play.ipynb")
    parser.add_argument("--alone", type=int, default=3, help="quiet loads for the reference")
    parser.add_argument("--no-lessons", action="store_true", help="skip the per-lesson times")
    parser.add_argument("--no-clicks", action="store_true", help="skip the click figures")
    parser.add_argument("--quick", action="store_true", help="fewer clicks")
    parser.add_argument(
        "--class-as",
        choices=("all", "drawn", "light", "replayed"),
        default="all",
        help="the arriving class as pages drawn by chromium, as light students, as pages "
        "replayed from a quiet load, or all three",
    )
    parser.add_argument(
        "--pool",
        type=int,
        default=None,
        help="preheated kernels for --notebook only (0: none; default: voila.json's)",
    )
    parser.add_argument(
        "--fill-delay",
        type=float,
        default=None,
        help="seconds before a taken preheated kernel is replaced (default: voila.json's)",
    )
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    figures = asyncio.run(
        _browser_figures(
            not args.no_lessons,
            args.notebook,
            args.pages,
            args.wave,
            args.alone,
            args.pool,
            args.fill_delay,
            drawn=args.class_as in ("all", "drawn"),
            light=args.class_as in ("all", "light"),
            replayed=args.class_as in ("all", "replayed"),
        )
    )
    if not args.no_clicks:
        figures += click_settle(args.quick)
    for label, value, unit in figures:
        print(f"  {label:84s} {value:10.2f} {unit}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
