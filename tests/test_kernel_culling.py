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
page (hcgames/warm_kernels.py), which culling must leave alone however long it waits.
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
