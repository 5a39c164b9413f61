"""Kernel figures for a classroom (printed, never asserted): how many kernels pile up
when pages are opened, reloaded and left, with and without the culling settings the
project ships, and how much memory one lesson's kernel takes.

    python bench/bench_kernels.py [--pages 3] [--notebook 10-duels-a-round.ipynb]

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

from tests.kernel_watch import KernelServer, leave, open_page  # noqa: E402

WIDGET = "svg.svg-figure, .widget-button, .jupyter-button"


def run(kind: str, idle: int | None, pages: int, notebook: str) -> None:
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
            f"(min {min(memory):.0f}, max {max(memory):.0f})"
        )
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--notebook", default="10-duels-a-round.ipynb")
    args = parser.parse_args()
    print(f"notebook {args.notebook}")
    for kind in ("voila", "server"):
        for idle in (None, 5):
            run(kind, idle, args.pages, args.notebook)


if __name__ == "__main__":
    main()
