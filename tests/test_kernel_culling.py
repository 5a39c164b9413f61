"""Kernels do not pile up: pages that are opened, reloaded and left give their kernels back.

A page that closes or reloads frees its kernel at once: Voila's page posts a shutdown
request, which passes the server's XSRF check because the project's page template
gives the page its ``_xsrf`` cookie (voila issue 1458). That test runs with culling off,
so only the page's own request can free the kernel.

Voila starts a kernel for every page view. These tests serve a small widget notebook
the two ways a class meets it (the standalone Voila app of ``tasks.py app``, and
Jupyter Server with Voila as on Binder), with the project's own config files and only
the culling times shortened (idle for 12 s, checked every second), then open pages in
Debian's chromium, reload one, leave them all without a goodbye, and watch the count
of kernel processes come back to the one kernel both servers keep warm for the next
page (hcgames_server/warm_kernels.py), which culling must leave alone however long it waits.
Figures for real lesson pages (counts without culling, memory per kernel) come from
``bench/bench_kernels.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.kernel_watch import KernelServer, close, leave, open_page, shipped_culling

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
PAGES = 3
#: idle time before culling in the test: long enough that a page still loading its scripts
#: on a busy 2-core machine (10-15 s) keeps its kernel until it connects
IDLE_SECONDS = 12
#: how long a closed page's kernel may outlive it ("within seconds")
CLOSE_SECONDS = 10
WIDGET = ".widget-button"  # ipywidgets buttons (not bqplot's hidden toolbar buttons)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium"),
]

TOY = """
import sys
sys.path.insert(0, {root!r})
from tests.widget_toy_game import ToyGame
from hcgames.widgets import GameStepper
GameStepper(ToyGame().new_game(seed=3))
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import nbformat

    where = tmp_path_factory.mktemp("culling")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(TOY.format(root=str(ROOT)).strip())]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, where / "toy.ipynb")
    return where


@pytest.mark.parametrize("kind", ["voila", "server"])
def test_the_shipped_settings_cull_only_kernels_nobody_uses(kind: str) -> None:
    settings = shipped_culling(kind)
    assert settings["cull_idle_timeout"] > 0 and settings["cull_interval"] > 0
    assert settings["cull_connected"] is False, "an open page's kernel must never be culled"
    assert settings["cull_busy"] is False, "a kernel still running a cell must not be culled"


def test_voila_app_and_binder_server_cull_after_the_same_time() -> None:
    assert shipped_culling("voila") == shipped_culling("server")


@pytest.mark.parametrize("kind", ["voila", "server"])
def test_kernels_of_left_pages_are_culled(kind: str, folder: Path, browser: Any) -> None:
    server = KernelServer(kind, folder, idle_timeout=IDLE_SECONDS)
    try:
        ahead = server.preheated()  # warm kernels, kept for the next page and never culled
        pages = [open_page(browser, server, "toy.ipynb", WIDGET) for _ in range(PAGES)]
        pages[0].reload(wait_until="load")
        pages[0].wait_for_selector(WIDGET, timeout=180_000)
        if kind == "server":
            opened, listed = server.agreed_count()
            assert listed == opened, f"{opened} kernel processes, the server lists {listed}"
        else:
            opened = server.kernel_count()
        assert opened >= PAGES, f"{opened} kernels for {PAGES} open pages"
        # the reloaded page's first kernel goes; the open pages keep theirs
        wanted = PAGES + ahead
        assert server.wait_for_count(wanted, timeout=IDLE_SECONDS * 20) == wanted
        leave(pages[-1])
        # culling took the left page's kernel, and not the open pages' kernels, which
        # had sat idle at least as long: only a connection keeps a kernel alive
        wanted = PAGES - 1 + ahead
        assert server.wait_for_count(wanted, timeout=IDLE_SECONDS * 20) == wanted
        for page in pages[:-1]:
            leave(page)
        left = server.wait_for_count(ahead, timeout=IDLE_SECONDS * 20)
        assert left == ahead, (
            f"{left} kernels still running after every page was left ({ahead} kept warm):\n"
            + (server.log.read_text()[-3000:])
        )
        if kind == "server":
            assert server.wait_for_api_count(ahead, timeout=IDLE_SECONDS * 5) == ahead
    finally:
        server.stop()


@pytest.mark.parametrize("kind", ["voila", "server"])
def test_a_closed_or_reloaded_page_frees_its_kernel_within_seconds(
    kind: str, folder: Path, browser: Any
) -> None:
    server = KernelServer(kind, folder, idle_timeout=None)  # no culling: only the page frees it
    # tabs of one browser that stays open (a page alone in its context takes the context
    # down with it when closed, before its goodbye request leaves)
    tabs = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        ahead = server.preheated()  # warm kernels kept for the next page
        pages = [open_page(tabs, server, "toy.ipynb", WIDGET) for _ in range(PAGES)]
        assert server.wait_for_count(PAGES + ahead, timeout=30) == PAGES + ahead
        # a reload: the old kernel goes, the page's new one stays
        pages[0].reload(wait_until="load")
        pages[0].wait_for_selector(WIDGET, timeout=180_000)
        assert server.wait_for_count(PAGES + ahead, timeout=CLOSE_SECONDS) == PAGES + ahead
        for done, page in enumerate(pages, start=1):
            close(page)
            left = server.wait_for_count(PAGES - done + ahead, timeout=CLOSE_SECONDS)
            assert left == PAGES - done + ahead, (
                f"{left} kernels {CLOSE_SECONDS} s after {done} of {PAGES} pages closed; "
                "the end of the log:\n" + server.log.read_text()[-3000:]
            )
        assert "403 POST" not in server.log.read_text(), "a shutdown request was refused"
        if kind == "server":
            assert server.wait_for_api_count(ahead, timeout=CLOSE_SECONDS) == ahead
    finally:
        tabs.close()
        server.stop()


def test_voila_app_and_binder_server_drop_the_same_cells() -> None:
    """Check cells and the teachers' sections leave the page on both ways of serving: the
    Voila extension of Jupyter Server reads nbconvert settings from the server's config,
    not from voila.json."""
    import json

    tags = {}
    for kind, path in (("voila", "voila.json"), ("server", "binder/jupyter_server_config.json")):
        config = json.loads((ROOT / path).read_text(encoding="utf-8"))
        tags[kind] = config["TagRemovePreprocessor"]["remove_cell_tags"]
    assert tags["voila"] == tags["server"]
    assert {"hc-check", "hc-teacher"} <= set(tags["voila"])


#: the many-loads test: pages made ready at once, and rounds of taking them all
READY_PAGES = 3
ROUNDS = 3
#: idle time in the many-loads test: every page made ready has waited longer than this
#: when it is taken, and a taken page's kernel needs less than this to be connected to
READY_IDLE_SECONDS = 8


def _our_tracebacks(log: str) -> list[str]:
    """Tracebacks in a server log that pass through the project's own code, and error
    pages that failed to render."""
    blocks = log.split("Traceback (most recent call last):")[1:]
    ours = [b[:700] + " ... " + b[-1200:] for b in blocks if "hcgames" in b or "static_path" in b]
    return ours + [line for line in log.splitlines() if "Uncaught exception in write_error" in line]


def test_pages_made_ready_are_never_culled_while_they_wait_or_as_they_are_taken(
    folder: Path, browser: Any
) -> None:
    """A play lesson's pages are made ready ahead (Voila's pools), sit idle longer than the
    idle time (before class, for many minutes), and are then taken one after another.
    With culling checked every second, each must still reach the student with its game:
    none culled as it waits, none as it is taken; every page counted, none blank."""
    server = KernelServer(
        "voila",
        folder,
        idle_timeout=READY_IDLE_SECONDS,
        pools={"toy.ipynb": READY_PAGES},
        fill_delay=0,
    )
    drawn, blank = 0, []
    try:
        ahead = server.preheated()
        for round_ in range(ROUNDS):
            # the pool full again, then idle past the idle time
            assert server.wait_for_count(ahead, timeout=120) == ahead, server.log.read_text()
            import time

            time.sleep(READY_IDLE_SECONDS + 3)
            for load in range(READY_PAGES):
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                try:
                    page.goto(server.url("toy.ipynb"), timeout=120_000, wait_until="load")
                    page.wait_for_selector(WIDGET, timeout=60_000)
                    drawn += 1
                except Exception as error:  # a page without its game: count it
                    blank.append(f"round {round_ + 1}, load {load + 1}: {error}")
                finally:
                    close(page)
        log = server.log.read_text()
    finally:
        server.stop()
    loads = ROUNDS * READY_PAGES
    print(f"pages made ready and taken after waiting: {loads}; drawn {drawn}; blank {len(blank)}")
    assert blank == [], f"{len(blank)} of {loads} pages without their widgets: {blank}"
    assert drawn == loads
    assert log.count("Using pre-heated kernel") >= loads, "the pages did not take ready kernels"
    assert _our_tracebacks(log) == []


def test_a_page_whose_kernel_dies_says_so_with_a_reload_button(folder: Path, browser: Any) -> None:
    server = KernelServer("voila", folder, idle_timeout=None, pools={})
    try:
        page = open_page(browser, server, "toy.ipynb", WIDGET)
        assert page.locator("#hc-lost").count() == 0
        for process in server.kernel_processes():  # the page's kernel (and the warm one) die
            process.kill()
        notice = page.wait_for_selector("#hc-lost", timeout=60_000)
        assert notice is not None
        text = notice.inner_text()
        assert text.startswith("This page has lost its link to the server")
        assert "kernel" not in text.lower()
        button = page.locator("#hc-lost button")
        assert button.inner_text() == "Reload the page"
        button.click()  # a fresh page with a fresh kernel
        page.wait_for_selector(WIDGET, timeout=120_000)
        assert page.locator("#hc-lost").count() == 0
        leave(page)
        assert _our_tracebacks(server.log.read_text()) == []
    finally:
        server.stop()


@pytest.mark.parametrize("kind", ["voila", "server"])
def test_a_lesson_that_cannot_start_says_so_with_a_reload_button(
    kind: str, tmp_path: Path, browser: Any
) -> None:
    """A page whose kernel cannot start gets the project's error page (a sentence and a
    reload button); a page asking for a kernel that is gone gets a plain answer, not a
    traceback (the standalone app's error page needed a setting it lacked)."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("print(1)")]
    notebook.metadata["kernelspec"] = {"name": "no-such-kernel", "display_name": "None"}
    nbformat.write(notebook, tmp_path / "broken.ipynb")
    server = KernelServer(kind, tmp_path, idle_timeout=None)
    try:
        page = browser.new_page()
        reply = page.goto(server.url("broken.ipynb"), timeout=120_000)
        assert reply is not None and reply.status == 500
        assert page.locator("h1").inner_text() == "This lesson did not open"
        assert page.locator("main p").inner_text().startswith("The server could not get")
        assert page.locator("main button").inner_text() == "Reload the page"
        page.close()
        from urllib.error import HTTPError
        from urllib.request import urlopen

        gone = "4f1b5b34-6d0e-4a8f-8d52-0c1b2d3e4f50"
        base = server.url("x").split("/voila/")[0]
        token = "" if kind == "voila" else f"?token={server.token}"
        with pytest.raises(HTTPError) as refused:
            urlopen(f"{base}/api/kernels/{gone}/channels{token}", timeout=30)
        assert refused.value.code == 404
        assert _our_tracebacks(server.log.read_text()) == []
    finally:
        server.stop()
