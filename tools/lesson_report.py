#!/usr/bin/env python3
"""Render every notebook in Voila as a class would see it, measure it and screenshot it.

    python tools/lesson_report.py [--out FOLDER] [--only 10,12] [--root CHECKOUT]

For each notebook: the page height in screens and the number of visible output
blocks at 1366x768 and at 1024x700, any broken lesson rule (the same checks as the
browser test), and PNG screenshots of the first screen at both sizes plus the whole
page at 1366 wide, written to FOLDER (default ``build/lesson-report``). Prints a
table. Needs Debian's chromium at /usr/bin/chromium and the test extras.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from tests.browser_checks import (  # noqa: E402
    PageFacts,
    axe_problems,
    checked_problems,
    link_problem,
    one_screen_problems,
    problems,
)
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, Page, Voila  # noqa: E402

SIZES = ((1366, 768), (1024, 700))

#: the widest map or board drawn on the page, in pixels
WIDEST_MAP_JS = """() => Math.round(Math.max(0, ...[...document.querySelectorAll(
  '.hcgames-map svg.svg-figure, .hcgames-board svg.svg-figure')]
  .map(s => s.getBoundingClientRect().width)))"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "build" / "lesson-report")
    parser.add_argument("--only", default="", help="comma-separated notebook number prefixes")
    parser.add_argument(
        "--root", type=Path, default=HERE, help="checkout whose notebooks to render"
    )
    parser.add_argument(
        "--units",
        action="store_true",
        help="also photograph each one-screen unit scrolled to the top of the window",
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    root = args.root.resolve()
    notebooks = sorted((root / "notebooks").glob("*.ipynb"))
    if args.only:
        prefixes = tuple(args.only.split(","))
        notebooks = [nb for nb in notebooks if nb.name.startswith(prefixes)]
    args.out.mkdir(parents=True, exist_ok=True)
    server = Voila(root / "notebooks", cwd=root)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for notebook in notebooks:
                page = Page(browser, server, notebook.name, viewport=SIZES[0])
                row: dict[str, object] = {"notebook": notebook.name}
                for width, height in SIZES:
                    page.page.set_viewport_size({"width": width, "height": height})
                    page.page.wait_for_timeout(1200)
                    facts = PageFacts.read(page.page)
                    row[f"screens_{width}"] = facts.screens
                    row[f"print_blocks_{width}"] = facts.print_blocks
                    page.page.screenshot(path=str(args.out / f"{notebook.stem}-{width}.png"))
                    row[f"one_screen_{width}"] = one_screen_problems(page.page)
                    row[f"widest_map_{width}"] = page.page.evaluate(WIDEST_MAP_JS)
                    if args.units:
                        _shoot_units(page.page, args.out / f"{notebook.stem}-unit", width)
                    if width == SIZES[0][0]:
                        row["problems"] = (
                            problems(facts)
                            + [
                                p
                                for p in (
                                    link_problem(link["href"], notebook) for link in facts.links
                                )
                                if p
                            ]
                            + [
                                f"{check}: {line}"
                                for check, lines in checked_problems(facts, notebook).items()
                                for line in lines
                            ]
                            + axe_problems(page.page)
                            + [f"request to another machine: {url}" for url in page.remote]
                        )
                        row["errors"] = list(page.errors)
                page.page.set_viewport_size(
                    {"width": 1366, "height": min(16000, int(facts.height) + 50)}
                )
                page.page.wait_for_timeout(800)
                page.page.screenshot(path=str(args.out / f"{notebook.stem}-full.png"))
                page.close()
                rows.append(row)
                print(
                    f"{notebook.name:48} {row['screens_1366']:5} screens  "
                    f"{row['print_blocks_1366']:3} print blocks  "
                    f"{row['screens_1024']:5} screens at 1024  problems: {len(row['problems'])}  "
                    f"widest map {row['widest_map_1366']}/{row['widest_map_1024']} px",
                    flush=True,
                )
                for width, _height in SIZES:
                    for line in row[f"one_screen_{width}"]:  # type: ignore[attr-defined]
                        print(f"    one screen: {line}", flush=True)
            browser.close()
    finally:
        server.stop()
    (args.out / "report.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


def _shoot_units(page: object, stem: Path, width: int) -> None:
    """One screenshot per outermost one-screen unit, its top at the top of the window:
    what a class sees when the teacher scrolls to that part of the lesson."""
    units = page.locator(".hc-screen:not(.hc-screen .hc-screen)")  # type: ignore[attr-defined]
    for i in range(units.count()):
        unit = units.nth(i)
        if not unit.is_visible():
            continue
        unit.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        page.screenshot(path=f"{stem}{i:02d}-{width}.png")  # type: ignore[attr-defined]
    page.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
