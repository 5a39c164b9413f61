"""Issue 25, no silent loss: a page opened by many students at once comes out whole.

One light lesson is opened once on a quiet server, then :data:`AT_ONCE` more times at
the same moment in one browser (a class arriving together, on the test's 2 cores).
Each crowded page must show what the quiet one shows: as many rendered outputs, the
map, no widget that failed to display and no "did not load" sentence (the words Voila
prints in place of a cell that failed or timed out). No timing is asserted: a busy
server may be slow, never incomplete.

Uses the Voila server and browser fixtures of tests/test_browser.py (skipped the same
way when Debian's chromium is missing).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.test_browser import CHROMIUM, PAGE_TIMEOUT_MS, ROOT, Voila

#: a light lesson with a map (a stepper over Duels' map) and a few tables
LESSON = "10-duels-a-round.ipynb"
#: pages opened at the same moment after the quiet one
AT_ONCE = 6
#: what Voila shows instead of a cell that failed or timed out (voila.json)
NOT_LOADED = ("did not load", "too busy to finish")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"),
        reason="Debian's chromium is not installed at /usr/bin/chromium "
        "(apt-get install chromium); the real-browser test needs it",
    ),
]


@pytest.fixture(scope="module")
def lesson_server() -> Iterator[Voila]:
    server = Voila(ROOT / "notebooks", cwd=ROOT)
    yield server
    server.stop()


@dataclass(frozen=True)
class Shown:
    """What a rendered page shows, in counts that do not depend on timing."""

    outputs: int  # rendered cell outputs
    maps: int  # map views
    figures: int  # drawn figures (the map and any chart)
    not_loaded: bool  # a "did not load" or "too busy" sentence
    broken_widget: bool  # "Error displaying widget"


def _open(browser: Any, server: Voila) -> Any:
    """A new page that starts loading the lesson; returns at once, so that several
    pages load at the same time (a goto would wait for the server's answer)."""
    page = browser.new_page(viewport={"width": 1280, "height": 1600})
    page.evaluate("url => { window.location.href = url; }", server.url(LESSON))
    return page


def _shown(page: Any) -> Shown:
    """Wait for the page to finish, then read what it shows."""
    page.wait_for_url("**/" + LESSON, timeout=PAGE_TIMEOUT_MS, wait_until="load")
    page.wait_for_selector(".hcgames-map svg.svg-figure", timeout=PAGE_TIMEOUT_MS)
    # widgets draw after the page's load: wait until the figure count stops growing
    last = -1
    for _ in range(20):
        figures = page.locator("svg.svg-figure").count()
        if figures == last:
            break
        last = figures
        page.wait_for_timeout(1000)
    body = page.locator("body").inner_text()
    return Shown(
        outputs=page.locator(".jp-OutputArea-output").count(),
        maps=page.locator(".hcgames-map").count(),
        figures=last,
        not_loaded=any(words in body for words in NOT_LOADED),
        broken_widget="Error displaying widget" in body,
    )


def test_pages_opened_at_once_show_what_a_quiet_page_shows(
    browser: Any, lesson_server: Voila
) -> None:
    quiet_page = _open(browser, lesson_server)
    try:
        quiet = _shown(quiet_page)
    finally:
        quiet_page.close()
    assert quiet.maps and quiet.outputs, f"the quiet page shows no map or no output: {quiet}"
    assert not quiet.not_loaded and not quiet.broken_widget, quiet

    pages = [_open(browser, lesson_server) for _ in range(AT_ONCE)]
    try:
        crowded = [_shown(page) for page in pages]
    finally:
        for page in pages:
            page.close()
    different = [f"page {i + 1}: {seen}" for i, seen in enumerate(crowded) if seen != quiet]
    assert not different, (
        f"with {AT_ONCE} pages at once, some differ from the quiet page ({quiet}):\n"
        + "\n".join(different)
        + f"\nthe end of Voila's log:\n{lesson_server.log_tail()}"
    )
