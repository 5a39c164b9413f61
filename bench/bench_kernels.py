"""Kernel figures for a classroom (printed, never asserted): how many kernels pile up
when pages are opened, reloaded and left, with and without the culling settings the
project ships, and how much memory one lesson's kernel takes.

    python bench/bench_kernels.py [--pages 3] [--notebook 10-duels-a-round.ipynb]

``run(quick)`` (what ``python bench/run.py`` prints): the app of ``tasks.py app`` with
its shipped settings; opens a few pages, closes them as a student closes a tab, and
reports the kernels still running 10 s later (0 expected: binder/voila.py's XSRF
cookie lets the page's shutdown request through) and the memory of one kernel.

For each way of serving (the standalone Voila app of ``tasks.py app``; Jupyter Server
with Voila, as on Binder) and each setting (culling off; culling on, idle time cut to
5 s so the bench ends quickly), it opens ``--pages`` pages of the notebook in Debian's
chromium, reloads each once, then leaves them all as a closed laptop or a dropped
connection does, and counts kernel processes at each step.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.kernel_watch import (  # noqa: E402
    KernelServer,
    close,
    leave,
    open_page,
    shipped_culling,
)

WIDGET = "svg.svg-figure, .widget-button"


def culling_run(kind: str, idle: int | None, pages: int, notebook: str) -> None:
    from playwright.sync_api import sync_playwright

    server = KernelServer(kind, ROOT / "notebooks", idle_timeout=idle, interval=1)
    label = f"{kind:6s} culling {'off' if idle is None else f'on ({idle} s)':11s}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            opened = [open_page(browser, server, notebook, WIDGET) for _ in range(pages)]
            after_open = server.kernel_count()
            memory = server.kernel_memory_mb()
            for page in opened:
                page.reload(wait_until="load")
                page.wait_for_selector(WIDGET, timeout=180_000)
            after_reload = server.kernel_count()
            for page in opened:
                leave(page)
            left_at = time.monotonic()
            time.sleep(20 if idle is None else idle + 10)
            after_leave = server.kernel_count()
            waited = time.monotonic() - left_at
            browser.close()
        print(
            f"{label} {pages} pages open: {after_open} kernels; each reloaded once: "
            f"{after_reload}; {waited:.0f} s after leaving them all: {after_leave}; "
            f"memory per kernel {statistics.median(memory):.0f} MB "
            f"(min {min(memory):.0f}, max {max(memory):.0f}); each count includes "
            f"{server.preheated()} kernels kept ahead (pages of the play lessons made ready, "
            f"{server.warm()} warm for any lesson)"
        )
    finally:
        server.stop()


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """Figures for bench/run.py: kernels left 10 s after closing pages, memory per kernel.
    The kernels voila.json keeps ahead (the play lessons' pages made ready, the warm
    kernels any lesson takes) are not the closed pages': they are counted apart."""
    from playwright.sync_api import sync_playwright

    pages = 2 if quick else 5
    notebook = "10-duels-a-round.ipynb"
    culling = shipped_culling("voila")
    server = KernelServer(
        "voila",
        ROOT / "notebooks",
        idle_timeout=int(culling["cull_idle_timeout"]),
        interval=int(culling["cull_interval"]),
    )
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            # tabs of one browser window that stays open, as a student's browser (a page
            # alone in its Playwright context takes the context down before its goodbye)
            tabs = browser.new_context(viewport={"width": 1366, "height": 768})
            opened = [open_page(tabs, server, notebook, WIDGET) for _ in range(pages)]
            # a page may have taken the warm kernel, replaced a few seconds later: count
            # once the kernels kept ahead are all there again beside the pages' own
            after_open = server.wait_for_count(server.preheated() + pages, timeout=20)
            memory = server.kernel_memory_mb()
            for page in opened:
                close(page)
            time.sleep(10)
            left = server.kernel_count()
            tabs.close()
            browser.close()
    finally:
        server.stop()
    ready = server.preheated()  # voila.json's pages made ready and warm kernels
    return [
        (
            "Kernels kept ahead (voila.json: pages made ready, warm; not counted below)",
            ready,
            "kernels",
        ),
        (
            f"Kernels running with {pages} pages of {notebook} open",
            after_open - ready,
            "kernels",
        ),
        (
            f"Kernels left 10 s after closing those {pages} pages (want 0)",
            max(0, left - ready),
            "kernels",
        ),
        ("Memory per lesson kernel: median", statistics.median(memory), "MB"),
        ("Memory per lesson kernel: largest", max(memory), "MB"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--notebook", default="10-duels-a-round.ipynb")
    args = parser.parse_args()
    print(f"notebook {args.notebook}")
    for kind in ("voila", "server"):
        for idle in (None, 5):
            culling_run(kind, idle, args.pages, args.notebook)


if __name__ == "__main__":
    main()
