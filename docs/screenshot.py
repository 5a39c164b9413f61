"""Remake docs/notebook.png, the README's picture of a notebook.

Serves ``notebooks/10-duels-a-round.ipynb`` with Voila and photographs it in
Debian's chromium with Playwright (no browser download):

    python docs/screenshot.py [--notebook 10-duels-a-round.ipynb] [--out docs/notebook.png]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notebook", default="10-duels-a-round.ipynb")
    parser.add_argument("--out", default=str(ROOT / "docs" / "notebook.png"))
    parser.add_argument("--height", type=int, default=1100)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            "notebooks",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(
            os.environ,
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        ),
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": args.height})
            page.goto(f"http://127.0.0.1:{port}/voila/render/{args.notebook}", timeout=180_000)
            page.wait_for_selector("svg.svg-figure", timeout=180_000)
            page.wait_for_timeout(2500)
            figure = page.locator("svg.svg-figure").first
            figure.scroll_into_view_if_needed()
            page.evaluate("window.scrollBy(0, -120)")
            page.wait_for_timeout(800)
            page.screenshot(path=args.out)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
