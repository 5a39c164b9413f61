"""Every notebook in a real browser: Voila serves it, Debian's chromium renders it.

For each notebook in ``notebooks/``: the page renders without "Error displaying
widget", without console errors and without a single request to another machine
(fonts and icons come from the installed packages). Each lesson page is rendered once
and every check runs on it: the lesson rules of ``tests/browser_checks.py`` (no code
or file paths, no answer above its quiz, axe-core's WCAG 2.1 A/AA rules with no
serious or critical violation, maps with names, plain words; checks that fail on
pages still being reworked are expected failures listed in ``KNOWN_FAILURES``), and
the kernel-side clicks below. On notebooks with a map: the
map has one clickable ``path.event_layer`` per territory (a click reaches Python),
and clicking a stepper's Step button changes the situation and, within a few
clicks, the phase shown. A small notebook over the toy game of the widget tests
checks the same things even before any game notebook exists.

Needs ``/usr/bin/chromium`` (``apt-get install chromium``); the test is skipped,
saying so, when it is missing. Never downloads a browser.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_checks import (
    KNOWN_FAILURES,
    PageFacts,
    axe_problems,
    checked_problems,
    link_problem,
    map_type_problems,
    one_screen_problems,
    problems,
)
from tests.kernel_watch import jupyter_path_env, voila_config_args

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
#: Addresses a page may request: this machine only (fonts and icons come from the
#: installed packages: share/jupyter/voila/templates/hcgames drops Voila's CDN links).
LOCAL_PREFIXES = (
    "http://127.0.0.1",
    "ws://127.0.0.1",
    "http://localhost",
    "ws://localhost",
    "data:",
    "blob:",
    "about:",
)
PAGE_TIMEOUT_MS = 180_000
STEP_CLICKS = 40

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"),
        reason="Debian's chromium is not installed at /usr/bin/chromium "
        "(apt-get install chromium); the real-browser test needs it",
    ),
]


def test_chromium_is_there_in_ci() -> None:
    """In CI the browser test must run, never skip: tasks.py installs chromium."""
    assert CHROMIUM.exists(), "CI must install Debian's chromium (python3 tasks.py test does)"


TOY_NOTEBOOK = """
import sys
sys.path.insert(0, {root!r})
from tests.widget_toy_game import ToyGame
from hcgames.widgets import GameStepper
GameStepper(ToyGame(cards=True).new_game(seed=3))
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Voila:
    """A Voila server over one folder of notebooks, stopped at the end."""

    def __init__(self, folder: Path, cwd: Path | None = None) -> None:
        # Voila reads voila.json from the folder it starts in: the project root, as on Binder.
        self.port = _free_port()
        self.log = Path(tempfile.gettempdir()) / f"hcgames-voila-{self.port}.log"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["JUPYTER_PATH"] = jupyter_path_env(env)
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "voila",
                    str(folder),
                    "--no-browser",
                    f"--port={self.port}",
                    "--Voila.ip=127.0.0.1",
                    *voila_config_args(cwd or folder),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=cwd or folder,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"voila stopped at start:\n{self.log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"voila did not listen on port {self.port} within 60 s")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text().splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def url(self, notebook: str) -> str:
        return f"http://127.0.0.1:{self.port}/voila/render/{notebook}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.unlink(missing_ok=True)


@pytest.fixture(scope="module")
def notebook_server() -> Iterator[Voila]:
    server = Voila(ROOT / "notebooks", cwd=ROOT)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Voila]:
    import nbformat

    folder = tmp_path_factory.mktemp("toy-notebook")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(TOY_NOTEBOOK.format(root=str(ROOT)).strip())]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "toy.ipynb")
    server = Voila(folder)
    yield server
    server.stop()


class Page:
    """One rendered notebook, with the console errors it logged."""

    def __init__(
        self,
        browser: Any,
        server: Voila,
        notebook: str,
        viewport: tuple[int, int] = (1280, 1600),
    ) -> None:
        from playwright.sync_api import TimeoutError as PageTimeout

        self.page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        self.errors: list[str] = []
        self.remote: list[str] = []  # requests that would leave the machine
        self.page.on("request", self._on_request)
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        try:
            self.page.goto(server.url(notebook), timeout=PAGE_TIMEOUT_MS, wait_until="load")
        except PageTimeout:
            # On a busy machine a kernel now and then never answers Voila; one more
            # try tells that apart from a notebook that hangs.
            self.errors.clear()
            try:
                self.page.goto(server.url(notebook), timeout=PAGE_TIMEOUT_MS, wait_until="load")
            except PageTimeout:
                self.page.close()
                raise AssertionError(
                    f"{notebook} did not finish loading twice in a row; the end of Voila's log:"
                    f"\n{server.log_tail()}"
                ) from None
        self.page.wait_for_selector(
            ".jp-OutputArea-output, .jp-RenderedHTMLCommon", timeout=PAGE_TIMEOUT_MS
        )
        self._settle()

    def _on_request(self, request: Any) -> None:
        if not request.url.startswith(LOCAL_PREFIXES):
            self.remote.append(request.url)

    def _on_console(self, message: Any) -> None:
        if message.type != "error":
            return
        where = (message.location or {}).get("url", "")
        self.errors.append(f"{message.text} ({where})")

    def _settle(self, seconds: float = 30.0) -> None:
        """Wait until the number of drawn figures stops growing."""
        deadline = time.monotonic() + seconds
        last = -1
        while time.monotonic() < deadline:
            count = self.page.locator("svg.svg-figure").count()
            if count == last:
                return
            last = count
            self.page.wait_for_timeout(1500)

    def close(self) -> None:
        self.page.close()


def _is_lesson(notebook: Path) -> bool:
    """Notebooks converted to lessons carry ``"hcgames": {"lesson": true}`` in metadata."""
    import json

    meta = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
    return bool(meta.get("hcgames", {}).get("lesson"))


def _check_lesson(page: Page, notebook: Path) -> list[str]:
    """The page reads as a lesson: nothing pre-answered, nothing a student cannot do,
    no print dumps, names not ids, links that work, no code, no serious accessibility
    fault, maps with names, plain words; the quiz answers when asked.

    Returns the failures of checks that :data:`KNOWN_FAILURES` expects on this page
    (work under way elsewhere); any other failure fails the test here.
    """
    facts = PageFacts.read(page.page)
    found = problems(facts)
    found += [p for p in (link_problem(a["href"], notebook) for a in facts.links) if p]
    found += axe_problems(page.page)
    checked = checked_problems(facts, notebook)
    small_maps: list[str] = []
    checked["one-screen"] = _one_screen_at_both_sizes(page.page, small_maps)
    checked["map-type-1024"] = small_maps
    known = []
    for check, lines in checked.items():
        if notebook.stem[:2] in KNOWN_FAILURES.get(check, ()):
            known += [f"{check}: {line}" for line in lines]
        else:
            found += lines
    assert not found, f"{notebook.name} breaks the lesson rules:\n- " + "\n- ".join(found)
    items = page.page.locator(".hc-quiz-item")
    if items.count():
        first = items.first
        first.locator("button", has_text="Check my answer").click()
        _wait_for_text(page, first, ".hc-quiz-feedback", lambda text: bool(text.strip()))
    return known


#: the two screens a class projects on (issue 22: one screen at both)
SCREENS = ((1366, 768), (1024, 700))


def _one_screen_at_both_sizes(page: Any, small_maps: list[str] | None = None) -> list[str]:
    """One-screen units measured at both sizes; the page is left at the first. The
    names on its maps too at the smaller size, into ``small_maps`` (issue 36: read at
    1024x700 as at 1366x768; a map's type follows its width, so a narrower map has
    smaller names)."""
    found = []
    for width, height in (*SCREENS[1:], SCREENS[0]):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(1000)
        found += one_screen_problems(page)
        if small_maps is not None and (width, height) != SCREENS[0]:
            small_maps += map_type_problems(PageFacts.read(page), f"{width}x{height}")
    return found


def _check_page(page: Page, name: str, notebook: Path | None = None) -> list[str]:
    """Every check on one rendered page; the known failures (see :func:`_check_lesson`)."""
    body = page.page.locator("body").inner_text()
    assert "Error displaying widget" not in body, f"{name}: a widget failed to display"
    assert not page.errors, f"{name}: console errors:\n" + "\n".join(page.errors)
    assert not page.remote, f"{name}: requests leave the machine:\n" + "\n".join(page.remote)
    mains = page.page.evaluate(
        "() => document.querySelectorAll('script[src$=\"/voila.js\"]').length"
    )
    assert mains == 1, (
        f"{name}: Voila's main script is on the page {mains} times; the hcgames page "
        "template moves it up to the first cell and must remove it from the end"
    )
    known = []
    if notebook is not None and _is_lesson(notebook):
        known = _check_lesson(page, notebook)
    for map_view in page.page.locator(".hcgames-map").all():
        _check_map(page, map_view, name)
    steppers = page.page.locator(".hcgames-stepper").filter(has=page.page.locator(".hcgames-map"))
    step_button = re.compile(r"^\W*Step\s*$")
    for stepper in steppers.all():
        # a play screen in student mode hides Step (the student plays with "Play this move")
        if stepper.locator("button.widget-button").filter(has_text=step_button).first.is_visible():
            _check_stepper(page, stepper, name)
            break
    assert not page.errors, f"{name}: console errors while clicking:\n" + "\n".join(page.errors)
    return known


#: the page's parts as the page bar lists them: each ``##`` heading shown (the first,
#: "In this lesson", sits right under the bar and is not listed), its id and its text
_HEADINGS_JS = """
() => [...document.querySelectorAll('#rendered_cells .jp-RenderedMarkdown h2')]
  .filter((h, i) => !(i === 0 && /^In this lesson/.test(h.textContent)))
  .map(h => ({id: h.id, text: h.textContent.replace('\u00b6', '').trim()}))
"""

#: where heading ``id`` is in the window, and whether it has the focus
_WHERE_JS = """
(id) => { const h = document.getElementById(id); const r = h.getBoundingClientRect();
          const box = document.getElementById('rendered_cells');
          const end = box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
          return {top: r.top, bottom: r.bottom, height: window.innerHeight, end: end,
                  focused: document.activeElement === h}; }
"""

#: the size of the lesson's words: one word of its first paragraph, a quiz button, the
#: name box of My work, the first line of a play screen (heights as drawn, in pixels)
_SIZES_JS = """
() => {
  const word = (el) => { if (!el) return null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let node; while ((node = walker.nextNode()) && !node.textContent.trim()) {}
    if (!node) return null;
    const range = document.createRange(); const at = node.textContent.search(/\\S/);
    range.setStart(node, at); range.setEnd(node, at + 1);
    return range.getBoundingClientRect().height; };
  const box = (el) => el ? el.getBoundingClientRect().height : null;
  return {text: word(document.querySelector('#rendered_cells .jp-RenderedMarkdown p')),
          heading: word(document.querySelector('#rendered_cells .jp-RenderedMarkdown h2')),
          quiz: box(document.querySelector('.hc-quiz-item button')),
          mywork: box(document.querySelector('.hc-mywork input')),
          play: word(document.querySelector('.hcgames-play .hcgames-banner'))};
}
"""


def _check_page_bar(page: Page, name: str) -> None:
    """Issue 36: the page bar at the top of a lesson lists its parts; each link (clicked,
    or reached with Tab and pressed with Enter) brings its heading into view, not under
    anything, with the focus on it; Tab shows a ring of at least 3 px. The bar's one
    Large text makes the lesson's words, quizzes, My work and play screen half as large
    again, and every map keeps each name on its place."""
    p = page.page
    bar = p.locator("#hc-pagebar")
    assert bar.count() == 1, f"{name}: no page bar at the top"
    headings = p.evaluate(_HEADINGS_JS)
    links = bar.locator("a")
    assert links.count() == len(headings) >= 3, f"{name}: the contents line lists {links.count()}"
    for i, heading in enumerate(headings):
        link = links.nth(i)
        assert link.get_attribute("href") == f"#{heading['id']}", f"{name}: {heading['text']}"
        assert heading["text"].startswith(link.inner_text().strip()), heading["text"]
        if i == 1:  # from the keyboard: Tab to it from the first link, then Enter
            links.nth(0).focus()
            p.keyboard.press("Tab")
            ring = p.evaluate(
                "() => [document.activeElement.getAttribute('href'),"
                " parseFloat(getComputedStyle(document.activeElement).outlineWidth)]"
            )
            assert ring[0] == f"#{heading['id']}" and ring[1] >= 3, f"{name}: focus ring {ring}"
            p.keyboard.press("Enter")
        else:
            link.scroll_into_view_if_needed()
            link.click()
        p.wait_for_timeout(150)
        where = p.evaluate(_WHERE_JS, heading["id"])
        assert where["focused"], f"{name}: the focus did not go to {heading['text']!r}"
        in_view = where["top"] >= 0 and where["bottom"] <= where["height"]
        at_top = where["top"] < 80 or where["end"]  # the last parts cannot scroll higher
        assert in_view and at_top, f"{name}: {heading['text']!r} is not brought up: {where}"

    maps = [m for m in p.locator(".hcgames-map").all() if m.is_visible()]
    before_maps = [_places_in_sight(p, m) for m in maps]
    before = p.evaluate(_SIZES_JS)
    charts_before = p.evaluate(_CHARTS_BESIDE_JS)
    large = bar.locator("button", has_text="Large text")
    assert large.count() == 1 and p.locator("button", has_text="Large text").count() == 1, (
        f"{name}: one Large text per page, in the page bar"
    )
    large.click()
    p.wait_for_function("document.body.classList.contains('hcgames-large')")
    assert large.get_attribute("aria-pressed") == "true"
    p.wait_for_timeout(1500)  # bqplot redraws its figures at their new size
    after = p.evaluate(_SIZES_JS)
    for part, size in before.items():
        if size:
            grown = after[part] / size
            assert grown >= 1.4, f"{name}: Large text made the {part} {grown:.2f} times as large"
    # a chart beside its menu stays beside it (reviewers: lessons 42, 50 and 52's charts
    # dropped a screen below their menus), its words larger (by a quarter: the room
    # beside the menu, grown too, is narrower)
    for was, now in zip(charts_before, p.evaluate(_CHARTS_BESIDE_JS), strict=True):
        assert not was["beside"] or now["beside"], f"{name}: a chart left its menu: {now}"
        assert now["letter"] >= was["letter"] * 1.2, f"{name}: a chart's words: {was} {now}"
    _check_undo_in_sight(p, name)
    for view, was in zip(maps, before_maps, strict=True):
        now = _places_in_sight(p, view)
        _check_names_grew(name, was, now)
        # a map of a few places lays its names out again in larger type for Large text
        # (MapView._large_layout): each stays by its place, never in smaller type
        from tests.test_browser_maps import near_its_place  # (as PLACES_JS, below)

        moved = {
            text: now["places"][text]
            for text, where in was["places"].items()
            if text in now["places"] and not near_its_place(now, text, where[0], where[1])
        }
        if now["relaid"]:
            smaller = {
                text: (where[2], now["places"][text][2])
                for text, where in was["places"].items()
                if text in now["places"] and now["places"][text][2] < where[2] * 0.97
            }
            assert not smaller, f"{name}: names smaller under Large text: {smaller}"

        gone = set(was["places"]) - set(now["places"])
        if now["relaid"]:  # a sea's name laid out again may be set on two lines
            gone = {text for text in gone if " " not in text}
        # a name the smaller layout had no room for may appear in the larger one's
        new = set(now["places"]) - set(was["places"]) if not now["relaid"] else set()
        assert not gone and not new, f"{name}: names gone under Large text: {gone}, new: {new}"
        assert not moved, f"{name}: names moved off their places under Large text: {moved}"
        # never smaller: a map already as wide as the page, or as tall as the window,
        # stays so (the page's margins and lines, zoomed, take a few pixels of it: 1336
        # -> 1331 px on lesson 20, 673 -> 665 px on lesson 54's play map over the cards);
        # any other grows (reviewers: lessons 13, 14, 22 and 24's maps shrank)
        kept = now["width"] >= was["width"] * 0.98
        if view.evaluate("m => !!m.closest('.hcgames-play')"):
            # a play map keeps the moves beside it, on the same screen (issue 35)
            kept = kept and _moves_beside(p, view)
        assert now["inside"] and kept, (
            f"{name}: the map shrank or is cut: {was['width']} -> {now['width']} px, "
            f"inside the window: {now['inside']}, {now.get('height')} px tall"
        )


#: Large text sets every name on a map at least this much larger than before: a map
#: that cannot grow sets its names larger (regions.LARGE_NAME_GROW), a map of a few
#: places lays them out again larger (MapView._large_layout)
NAMES_GROW = 1.15


def _check_names_grew(name: str, was: dict[str, Any], now: dict[str, Any]) -> None:
    """Every name on a map in larger type under Large text (reviewers: the names of
    lessons 00, 12, 22 and 23 kept their size on maps as large as the window)."""
    small = {
        text: (round(where[2], 1), round(now["places"][text][2], 1))
        for text, where in was["places"].items()
        if text in now["places"] and now["places"][text][2] < where[2] * NAMES_GROW
    }
    assert not small, f"{name}: names that did not grow under Large text: {small}"


#: each chart marked as standing beside its menu (_base.CHART_BESIDE): the height of
#: its first letter as drawn, and whether it stands beside the part before it in its
#: one-screen row (not under it)
_CHARTS_BESIDE_JS = """
() => [...document.querySelectorAll('#rendered_cells .hc-screen > .hc-chart-beside')]
  .filter(c => c.offsetParent !== null).map(c => {
    const range = document.createRange(); range.selectNode(c);
    const r = range.getBoundingClientRect();
    const menu = c.previousElementSibling.getBoundingClientRect();
    const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    let node; while ((node = walker.nextNode()) && !node.textContent.trim()) {}
    const first = document.createRange();
    if (node) { const at = node.textContent.search(/\\S/);
                first.setStart(node, at); first.setEnd(node, at + 1); }
    return {letter: node ? first.getBoundingClientRect().height : 0,
            beside: r.left >= menu.right - 1 && r.top < menu.bottom};
  })
"""


def _check_undo_in_sight(p: Any, name: str) -> None:
    """Under Large text a play screen's Undo and New game are on the screen that shows
    the top of its board or map (reviewers: lesson 34's were below it at 1366x768)."""
    undo = p.locator(".hcgames-play .hcgames-undo-row")
    if undo.count() == 0 or not undo.first.is_visible():
        return
    board = p.locator(".hcgames-play .hcgames-play-main").first
    board.evaluate("m => m.scrollIntoView({block: 'start'})")
    p.wait_for_timeout(300)
    row = undo.first.bounding_box()
    window = p.evaluate("() => window.innerHeight")
    assert row and row["y"] + row["height"] <= window, (
        f"{name}: Undo and New game below the screen under Large text: {row}, {window} px"
    )


def _moves_beside(p: Any, map_view: Any) -> bool:
    """Whether a play screen's list of moves stands beside its map, inside the window."""
    figure = map_view.locator("svg.svg-figure").first.bounding_box()
    moves = p.locator(".hcgames-play select").first.bounding_box()
    height = p.evaluate("() => window.innerHeight")
    if not figure or not moves:
        return False
    return bool(moves["x"] >= figure["x"] + figure["width"] and 0 <= moves["y"] < height - 40)


def _places_in_sight(p: Any, map_view: Any) -> dict[str, Any]:
    """Each name's place on ``map_view`` (PLACES_JS) as a student sees it: scrolled into
    the window first (bqplot moves the names of a map whose size changed when it is in
    sight: a map out of sight keeps its old drawing until then)."""
    from tests.test_browser_maps import PLACES_JS

    map_view.scroll_into_view_if_needed()
    p.wait_for_timeout(800)
    places: dict[str, Any] = map_view.evaluate(PLACES_JS)
    return places


def _wait_for_text(page: Page, within: Any, selector: str, done: Any, timeout: float = 30.0) -> str:
    """Poll the text of ``selector`` inside ``within`` until ``done(text)``. (An HTML
    widget replaces its content on each change, so element handles go stale.)"""
    deadline = time.monotonic() + timeout
    while True:
        now = str(within.locator(selector).first.inner_text())
        if done(now):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"text of {selector} did not change as expected; it reads {now!r}")
        page.page.wait_for_timeout(200)


def _check_map(page: Page, map_view: Any, name: str) -> None:
    classes = (map_view.get_attribute("class") or "").split()
    regions = next(int(c.rsplit("-", 1)[1]) for c in classes if c.startswith("hcgames-regions-"))
    paths = map_view.locator("path.event_layer")
    assert paths.count() == regions, f"{name}: {paths.count()} clickable paths, {regions} regions"
    if not map_view.is_visible():
        return
    # the map's own line ("Picked: ..."): above the map, or beside it in a lesson's
    # stepper, which moves it under its buttons (found by the map's name)
    uid = next(c for c in (map_view.locator(".hcgames-figure").first.get_attribute("class") or "")
               .split() if c.startswith("hc-map-"))  # fmt: skip
    line = page.page.locator(f".{uid}-line")
    text = line.locator(".hcgames-text").first
    before = text.inner_text()
    spot = map_view.evaluate(_CLICKABLE_SPOT)
    assert spot, f"{name}: no region of the map can be clicked"
    # issue 36: a hover's tooltip goes when the pointer leaves, and no line under the
    # map keeps echoing it
    page.page.mouse.move(spot["x"], spot["y"], steps=3)
    page.page.wait_for_timeout(600)
    figure = map_view.locator(".hcgames-figure").first.bounding_box()
    assert figure is not None
    page.page.mouse.move(figure["x"] + figure["width"] / 2, figure["y"] - 40, steps=3)
    page.page.wait_for_timeout(800)
    left = p_tooltips(page.page)
    assert not left, f"{name}: a tooltip stays drawn after the pointer left the map: {left}"
    info = map_view.locator(".hcgames-map-info").all_inner_texts()
    assert not "".join(info).strip(), f"{name}: a line under the map echoes a hover: {info}"
    page.page.mouse.click(spot["x"], spot["y"])
    _wait_for_text(page, line, ".hcgames-text", lambda now: now != before and "Picked" in now)
    # A second click on the same region drops the pick again (wait first, or the two
    # clicks make a double click, which bqplot reads as "reset the zoom").
    page.page.wait_for_timeout(1000)
    page.page.mouse.click(spot["x"], spot["y"])
    _wait_for_text(page, line, ".hcgames-text", lambda now: "Picked" not in now)


def p_tooltips(page: Any) -> list[str]:
    """The texts of bqplot tooltips drawn on the page now."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.bqplot_tooltip_div, .bqplot_mark_tooltip')]
              .filter(d => { const s = getComputedStyle(d);
                return s.display !== 'none' && parseFloat(s.opacity) > 0.05
                  && d.getBoundingClientRect().width > 0 && d.innerText.trim(); })
              .map(d => d.innerText.trim().slice(0, 60))"""
        )
    )


# A point on screen where a real click lands on a region's path.event_layer (largest
# regions first), found with the SVG's own hit testing.
_CLICKABLE_SPOT = """
(view) => {
  const paths = Array.from(view.querySelectorAll('path.event_layer'));
  const box = (p) => p.getBoundingClientRect();
  paths.sort((a, b) => box(b).width * box(b).height - box(a).width * box(a).height);
  for (const path of paths) {
    path.scrollIntoView({block: 'center'});
    const r = box(path);
    for (let i = 1; i < 10; i++) {
      for (let j = 1; j < 10; j++) {
        const x = r.left + (r.width * i) / 10, y = r.top + (r.height * j) / 10;
        if (document.elementFromPoint(x, y) === path) return {x, y};
      }
    }
  }
  return null;
}
"""


def _check_stepper(page: Page, stepper: Any, name: str) -> None:
    phase = stepper.locator(".hcgames-phase-current")
    # The icon puts a character before the label, so match the text, not the name.
    step = stepper.locator("button.widget-button").filter(has_text=re.compile(r"^\W*Step\s*$"))
    if step.is_disabled():
        return  # the game shown is over: there is nothing to step
    first_phase = phase.inner_text()
    seen_change = False
    for _ in range(STEP_CLICKS):
        if step.is_disabled():
            break
        counter = stepper.locator(".hcgames-counter").first
        before = counter.get_attribute("data-moves")
        step.click()
        # The counter keeps how many moves were played (data-moves, not shown: a student
        # reads only the round): every Step adds at least one.
        deadline = time.monotonic() + 30
        while counter.get_attribute("data-moves") == before:
            assert time.monotonic() < deadline, f"{name}: a Step click played no move"
            page.page.wait_for_timeout(200)
        if phase.inner_text() != first_phase:
            seen_change = True
            break
    if not seen_change:
        # a long phase (Classical rolls 58 dice to set up its map): the stepper's own
        # "Play to end of phase" must then move the phase on
        # (CONQUEST and Classical say it in their own words, the start page too)
        to_end = stepper.locator("button.widget-button").filter(
            has_text=re.compile(
                r"Play to end of phase|Play the rest of this phase|Play to the turn's end"
                r"|Play to the next part"
            )
        )
        to_end.click()
        _wait_for_text(
            page, stepper, ".hcgames-phase-current", lambda now: now != first_phase, timeout=60
        )
        seen_change = True
    assert seen_change, f"{name}: {STEP_CLICKS} Step clicks never changed the phase shown"
    shown = phase.inner_text()
    _wait_for_text(page, stepper, ".hcgames-stepper-text .hcgames-text", lambda now: shown in now)


def test_toy_stepper_in_the_browser(browser: Any, toy_server: Voila) -> None:
    page = Page(browser, toy_server, "toy.ipynb")
    try:
        # the map's figure may be drawn a moment after the page's widgets on a busy machine
        page.page.wait_for_selector(".hcgames-map", timeout=120_000)
        assert page.page.locator(".hcgames-map").count() == 1
        _check_page(page, "toy.ipynb")
    finally:
        page.close()


def test_the_loading_page_speaks_to_the_student(toy_server: Voila) -> None:
    """What the page sends before its widgets are drawn (the hcgames template): the
    spinner counts the parts as "Getting the lesson ready", not "Executing", and does
    not show the notebook's file name; Voila's own script comes once, with the first cell."""
    from urllib.request import urlopen

    with urlopen(toy_server.url("toy.ipynb"), timeout=180) as response:
        html = response.read().decode("utf-8")
    assert "'Getting the lesson ready: part ' + index + ' of ' + count" in html
    assert "#loading_text:not([data-hc]) { visibility: hidden; }" in html  # "Running toy..."
    mains = re.findall(r'<script[^>]*src="[^"]*/voila\.js"', html)
    assert mains == [mains[0]] and "async" in mains[0], mains
    first_cell = html.index('cell-index="1"')
    assert html.index(mains[0]) < first_cell, "the main script comes with the first cell"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_renders_in_the_browser(
    browser: Any, notebook_server: Voila, notebook: Path
) -> None:
    page = Page(browser, notebook_server, notebook.name, viewport=(1366, 768))
    try:
        known = _check_page(page, notebook.name, notebook)
        if notebook.name == MY_WORK_PAGE:
            _check_my_work(page, notebook)  # on the same page: it renders once
        if notebook.name == OPTIONS_PAGE:
            _check_options_by_keyboard(page)
        if _is_lesson(notebook):
            _check_page_bar(page, notebook.name)  # last: Large text changes the layout
    finally:
        page.close()
    if known:
        pytest.xfail(
            "known failures (work under way; tests/browser_checks.py KNOWN_FAILURES):\n- "
            + "\n- ".join(known)
        )


#: the play page on which a student answers, plays and downloads "My work" (issue 26)
MY_WORK_PAGE = "34-conquest-play.ipynb"
#: a page whose quiz has choice questions one after another (a reviewer's arrow keys ran
#: from its question 2 into question 3)
OPTIONS_PAGE = "21-classical-economy-and-research.ipynb"


def _check_options_by_keyboard(page: Page) -> None:
    """The arrow keys stay inside one question: past its last option they go round to
    its first, never on into the next question's options and answer (the page names
    each question's group of radio buttons; unnamed, the browser took them all for one
    group, each option a Tab stop of its own)."""
    p = page.page
    choices = p.locator(".hc-quiz-item:has(input[type=radio])")
    assert choices.count() >= 2, "the page has fewer than two choice questions"
    item = choices.first
    item.scroll_into_view_if_needed()
    options = item.locator("input[type=radio]")
    options.first.focus()
    p.keyboard.press("Space")
    for _ in range(options.count()):
        p.keyboard.press("ArrowDown")
    assert item.evaluate(
        "(first) => document.activeElement.closest('.hc-quiz-item') === first"
    ), "the arrow keys left the first choice question"
    assert item.locator("input:checked").count() == 1
    assert p.locator(".hc-quiz-item input:checked").count() == 1, "another answer changed"
    options.first.focus()
    p.keyboard.press("Tab")
    assert item.evaluate(
        "(first) => !first.querySelector('.widget-radio-box').contains(document.activeElement)"
    ), "Tab stopped on another option of the same question"


def _check_my_work(page: Page, notebook: Path) -> None:
    """Answer the first question wrongly then rightly, play one move, type a name and
    download the record: the file read back holds exactly that."""
    from hcgames.quiz import lesson_questions
    from hcgames.record import read_record

    p = page.page
    question = lesson_questions(notebook.stem)[0]
    item = p.locator(".hc-quiz-item").first
    item.scroll_into_view_if_needed()
    check = item.locator("button", has_text="Check my answer")
    if question.kind == "choice":
        wrong_index = (question.answer + 1) % len(question.options)
        item.locator("input[type=radio]").nth(wrong_index).check()
        check.click()
        _wait_for_text(page, item, ".hc-quiz-feedback", lambda t: "Not quite" in t, timeout=30)
        item.locator("input[type=radio]").nth(question.answer).check()
        given = [question.options[wrong_index], question.options[question.answer]]
    else:
        wrong = next(
            n for n in range(question.answer + 1, question.answer + 50) if n not in question.accept
        )
        item.locator("input[type=text]").fill(str(wrong))
        check.click()
        _wait_for_text(page, item, ".hc-quiz-feedback", lambda t: "Not quite" in t, timeout=30)
        item.locator("input[type=text]").fill(str(question.answer))
        given = [str(wrong), str(question.answer)]
    check.click()
    _wait_for_text(page, item, ".hc-quiz-feedback", lambda t: "Right" in t, timeout=30)

    moves = p.locator("select").first
    moves.scroll_into_view_if_needed()
    moves.select_option(index=0)
    p.locator("button", has_text="Play this move").first.click()

    box = p.locator(".hc-mywork")
    box.scroll_into_view_if_needed()
    box.locator("input[type=text]").fill("Test Student")
    box.locator("input[type=text]").press("Enter")
    _wait_for_text(page, box, "table", lambda t: "Game" in t, timeout=60)
    with p.expect_download(timeout=30_000) as download:
        box.locator("a.hc-download").click()
    record = read_record(Path(download.value.path()).read_bytes())
    assert record.lesson == notebook.stem and record.student == "Test Student"
    first = record.questions[0]
    assert first.given == given and first.right and not first.right_first_time
    assert first.tries == 2
    assert len(record.games) == 1 and record.games[0].result == "not finished"


FAILING_CELL = "raise RuntimeError('a cell that fails')"


def test_a_cell_that_fails_says_so_in_plain_words(browser: Any, tmp_path: Path) -> None:
    """Issue 25: no silent loss. With the project's Voila settings a cell that fails (or
    waits too long for its output) leaves a sentence a student can act on, and the page
    below it still renders."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# A page"),
        nbformat.v4.new_code_cell(FAILING_CELL),
        nbformat.v4.new_code_cell("print('the rest of the page')"),
    ]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, tmp_path / "fails.ipynb")
    server = Voila(tmp_path, cwd=ROOT)  # voila.json of the project, as the app reads it
    try:
        page = Page(browser, server, "fails.ipynb")
        try:
            page.page.wait_for_selector("text=the rest of the page", timeout=PAGE_TIMEOUT_MS)
            text = page.page.inner_text("body")
            assert "This part of the page did not load" in text
            assert "reload" in text and "a cell that fails" not in text  # no traceback
        finally:
            page.close()
    finally:
        server.stop()
