"""A student's page replayed from one quiet chromium load, for bench_classroom.py.

On one 2-core machine, 30 chromium tabs cannot stand for 30 students: each tab needs
~3.5 s of CPU to draw the page, which in a class each student's own computer pays, and
here the server's cores pay. A light page (``bench_classroom.light_student``) asks the
server for everything a page asks for but with no time between the requests, so it
measures the server alone. A *replayed* page sits between the two: it asks for the same
things in the same order, and before each request waits as long as chromium did in the
quiet load between the response it followed and that request (the browser's own work:
parsing, running scripts, drawing), and after the widgets' state has come it adds the
time chromium took from that state to the first drawn widget. The server's waits are
real; the browser's work is the quiet load's, as on a student's own computer.

How a request is tied to what it followed: in the quiet load, the last of the page's
first byte and the ends of the earlier responses before it was sent (the usual way
load-testing tools infer a page's dependencies from one recorded load). That guess can
tie a request to a file that merely ended just before it, with a short gap, while the
browser was busy with something else; so a replayed request is also never sent earlier
than the quiet load sent it, nor the first widget shown earlier. A page served alone is
then replayed in about the quiet load's time, and what a busy server delays pushes back
whatever followed it.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: the page's first byte, as a parent of a request (files are numbered from 0)
FIRST_BYTE = -1
#: the page's last byte
PAGE_END = -2


@dataclass(frozen=True)
class Step:
    """One request of the replay: sent ``gap`` seconds after its parent is reached (the
    page's first byte or end, or the end of an earlier file by its index), and never
    before ``at``, the seconds after the link at which the quiet load sent it."""

    parent: int
    gap: float
    at: float = 0.0


@dataclass
class PageTrace:
    """One quiet chromium load of a page, reduced to what a replay needs."""

    files: list[str]
    steps: list[Step]
    socket: Step
    #: from the kernel's websocket open to the widget manager asking for the state
    ask_gap: float
    #: from the widgets' state received to the first widget drawn
    draw: float
    #: the quiet load's seconds from the link to its first widget
    alone: float
    #: the quiet load's seconds from the link to the state asked for
    asked: float = 0.0


def parents(
    first_byte: float,
    page_end: float,
    files: Sequence[tuple[float, float]],
    start: float,
    navigation: float = 0.0,
) -> Step:
    """The step of a request sent at ``start``: the latest of the page's first byte, its
    end and the ends of ``files`` ((start, end) pairs) reached by then, the gap, and the
    time it was sent after ``navigation``."""
    best, reached = FIRST_BYTE, first_byte
    if page_end <= start and page_end >= reached:
        best, reached = PAGE_END, page_end
    for index, (_, end) in enumerate(files):
        if end <= start and end > reached:
            best, reached = index, end
    return Step(best, max(0.0, start - reached), max(0.0, start - navigation))


def reduce_trace(
    navigation: float,
    page: tuple[float, float, float],
    files: Sequence[tuple[str, float, float]],
    socket_open: float,
    asked: float,
    states: float,
    widget: float,
) -> PageTrace:
    """A :class:`PageTrace` from a load's times (seconds on one clock): the navigation,
    the page's (start, first byte, end), each file's (url, start, end), the websocket's
    open, the state asked for and received, the first widget drawn."""
    _, first_byte, page_end = page
    spans = [(start, end) for _, start, end in files]
    # files sorted by start: a file can only follow one sent before it
    steps = [
        parents(first_byte, page_end, spans[:i], start, navigation)
        for i, (start, _) in enumerate(spans)
    ]
    return PageTrace(
        files=[url for url, _, _ in files],
        steps=steps,
        socket=parents(first_byte, page_end, spans, socket_open, navigation),
        ask_gap=max(0.0, asked - socket_open),
        draw=max(0.0, widget - states),
        alone=widget - navigation,
        asked=max(0.0, asked - navigation),
    )


async def record(context: Any, url: str, widget_selector: str, timeout: float) -> PageTrace:
    """Load ``url`` once in a new tab of ``context`` (a Playwright browser context) and
    return its trace. Files are the page's own origin's GET requests besides the page and
    the kernel API; times come from the browser's resource timing."""
    from urllib.parse import urlsplit

    origin = urlsplit(url)
    seen: list[tuple[str, float, float]] = []
    page_times: list[tuple[float, float, float]] = []
    socket: dict[str, float] = {}

    def finished(request: Any) -> None:
        address = urlsplit(request.url)
        timing = request.timing
        start = timing["startTime"] / 1000.0
        end = start + timing["responseEnd"] / 1000.0
        if address.netloc != origin.netloc or request.method != "GET":
            return
        if address.path == origin.path:
            page_times.append((start, start + timing["responseStart"] / 1000.0, end))
        elif "/api/" not in address.path and request.url not in {u for u, _, _ in seen}:
            seen.append((request.url, start, end))

    def on_socket(ws: Any) -> None:
        if "/channels" not in ws.url or "open" in socket:
            return
        socket["open"] = time.time()

        def sent(payload: Any) -> None:
            text = payload if isinstance(payload, str) else bytes(payload).decode("latin-1")
            if "request_states" in text and "asked" not in socket:
                socket["asked"] = time.time()

        def received(payload: Any) -> None:
            text = payload if isinstance(payload, str) else bytes(payload).decode("latin-1")
            if "update_states" in text and "states" not in socket:
                socket["states"] = time.time()

        ws.on("framesent", sent)
        ws.on("framereceived", received)

    tab = await context.new_page()
    tab.on("requestfinished", finished)
    tab.on("websocket", on_socket)
    navigation = time.time()
    await tab.goto(url, wait_until="commit", timeout=timeout * 1000)
    await tab.wait_for_selector(widget_selector, timeout=timeout * 1000)
    widget = time.time()
    await tab.wait_for_load_state("load", timeout=timeout * 1000)
    await asyncio.sleep(2)  # late files (fonts, widget bundles) finish
    await tab.close(run_before_unload=True)
    if not page_times or not {"open", "asked", "states"} <= set(socket):
        raise RuntimeError(f"the quiet load of {url} did not show its page, kernel and widgets")
    seen.sort(key=lambda item: item[1])
    return reduce_trace(
        navigation,
        page_times[0],
        seen,
        socket["open"],
        socket["asked"],
        socket["states"],
        widget,
    )


async def replay(
    base: str,
    notebook: str,
    trace: PageTrace,
    ask_states: Callable[[str, str, float], Any],
    timeout: float,
) -> tuple[float, int, str]:
    """One replayed student: seconds from the link to the first widget (the server's
    real waits plus the quiet load's browser time), the widgets in the state received,
    and the page's kernel. ``ask_states(base, kernel, ask_gap)`` opens the kernel's
    websocket, waits ``ask_gap``, asks for the widgets' state and returns how many came."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    client = AsyncHTTPClient(force_instance=True, max_clients=6)  # a browser's six per site
    start = time.monotonic()
    reached = {key: asyncio.Event() for key in (FIRST_BYTE, PAGE_END, *range(len(trace.files)))}
    body: list[bytes] = []

    def chunk(data: bytes) -> None:
        reached[FIRST_BYTE].set()
        body.append(data)

    async def page() -> None:
        await client.fetch(
            HTTPRequest(
                f"{base}/voila/render/{notebook}",
                streaming_callback=chunk,
                request_timeout=timeout,
            )
        )
        reached[FIRST_BYTE].set()
        reached[PAGE_END].set()

    async def after(step: Step) -> None:
        await reached[step.parent].wait()
        now = time.monotonic() - start
        await asyncio.sleep(max(step.gap, step.at - now))

    async def file(index: int) -> None:
        await after(trace.steps[index])
        await client.fetch(trace.files[index], request_timeout=timeout)
        reached[index].set()

    async def widgets() -> tuple[int, str]:
        await after(trace.socket)
        await reached[PAGE_END].wait()  # the kernel's name is in the page
        found = re.search(rb'"kernelId": "([0-9a-f-]+)"', b"".join(body))
        if found is None:
            raise RuntimeError(f"no kernel named in the page of {notebook}")
        kernel = found.group(1).decode()
        opened = time.monotonic() - start
        # asked ask_gap after the socket opened, and never before the quiet load asked
        count = await ask_states(base, kernel, max(trace.ask_gap, trace.asked - opened))
        return count, kernel

    try:
        results = await asyncio.wait_for(
            asyncio.gather(page(), widgets(), *(file(i) for i in range(len(trace.files)))),
            timeout,
        )
    finally:
        client.close()
    count, kernel = results[1]
    return max(time.monotonic() - start + trace.draw, trace.alone), count, kernel


def summary(trace: PageTrace) -> str:
    """The trace in one line, for the bench's log."""
    waits = sum(step.gap for step in trace.steps)
    return (
        f"{len(trace.files)} files, browser waits {waits:.2f} s in all, websocket "
        f"{trace.socket.gap:.2f} s after its parent, ask {trace.ask_gap:.2f} s, draw "
        f"{trace.draw:.2f} s, quiet load {trace.alone:.2f} s"
    )
