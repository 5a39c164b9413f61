"""The CONQUEST board in a real browser, as a class sees it projected.

Small temporary notebooks show the board two ways: the lessons' ``ConquestBoard``
(a harbour position with a ship carrying an elephant and two soldiers) and the
steppers' ``BoardView`` at the start of a game (two full rows of pieces). On each
page: column letters and row numbers on the edges, matching the space names the
actions use; no two labels (piece letters, riders, coordinates) overlapping; the
key under the board; and a real mouse click on a piece highlighting the spaces it
may reach, with the caption naming it in words.

``python tests/test_browser_board.py docs/maps`` also photographs both boards at
1366x768 and 1024x700.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, PAGE_TIMEOUT_MS, Voila  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

HARBOUR = {
    "W-knight1": "f10", "W-soldier1": "j2", "W-ship1": "g9", "B-soldier3": "g10",
    "B-chariot1": "g11", "B-soldier1": "B-chariot1", "B-soldier2": "h10",
    "B-knight1": "h11", "B-ship1": "h9", "B-elephant1": "B-ship1",
    "B-soldier4": "B-elephant1", "B-soldier5": "B-elephant1", "B-galleon1": "i9",
    "B-soldier6": "i10", "W-elephant1": "f11", "W-soldier2": "W-elephant1",
}  # fmt: skip

NOTEBOOKS = {
    "conquest-board": (
        "from hcgames.conquest import ConquestGame\n"
        "from hcgames.widgets.maps import piece_board as ConquestBoard\n"
        f"state = ConquestGame.position({HARBOUR!r}).new_game()\n"
        "ConquestBoard(state, width=620)"
    ),
    "stepper-board": (
        "from hcgames.conquest import ConquestGame\n"
        "from hcgames.widgets import BoardView\n"
        "BoardView(ConquestGame().new_game())"
    ),
}


def write_notebooks(folder: Path) -> None:
    import nbformat

    for name, body in NOTEBOOKS.items():
        notebook = nbformat.v4.new_notebook()
        source = f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n{body}"
        notebook.cells = [nbformat.v4.new_code_cell(source)]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, folder / f"{name}.ipynb")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Voila]:
    folder = tmp_path_factory.mktemp("board")
    write_notebooks(folder)
    voila = Voila(folder)
    yield voila
    voila.stop()


def open_board(browser: Any, server: Voila, name: str, size: tuple[int, int] = (1366, 768)) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(server.url(f"{name}.ipynb"), timeout=PAGE_TIMEOUT_MS, wait_until="load")
    page.wait_for_selector(".hcgames-board svg.svg-figure", timeout=PAGE_TIMEOUT_MS)
    # the coordinates are the last mark drawn
    page.wait_for_function(
        "[...document.querySelectorAll('.hcgames-board text')]"
        ".some(t => t.textContent.trim() === '13')",
        timeout=60_000,
    )
    page.wait_for_timeout(500)
    return page


LABELS_JS = """
() => [...document.querySelectorAll('.hcgames-board svg.svg-figure text')]
  .filter(t => t.textContent.trim() && t.getBoundingClientRect().width > 0)
  .map(t => { const r = t.getBoundingClientRect();
              return {text: t.textContent.trim(), box: [r.left, r.top, r.right, r.bottom],
                      ink: getComputedStyle(t).fill}; })
"""

# the font size (px) of every column letter and row number on the board's edges (grey
# ink: a rider badge's count is black)
COORDINATE_SIZES_JS = """
() => [...document.querySelectorAll('.hcgames-board svg.svg-figure text')]
  .filter(t => /^([b-r]|[1-9]|1[0-3])$/.test(t.textContent.trim())
               && t.getBoundingClientRect().width > 0
               && getComputedStyle(t).fill === 'rgb(68, 68, 68)')
  .map(t => parseFloat(getComputedStyle(t).fontSize))
"""
COORDINATE_INK = "rgb(68, 68, 68)"


def overlap(a: list[float], b: list[float], slack: float = 1.0) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


@pytest.mark.parametrize("name", list(NOTEBOOKS))
@pytest.mark.parametrize("size", [(1366, 768), (1024, 700)])
def test_edges_carry_coordinates_and_no_labels_overlap(
    browser: Any, server: Voila, name: str, size: tuple[int, int]
) -> None:
    page = open_board(browser, server, name, size)
    try:
        labels = page.evaluate(LABELS_JS)
        texts = [label["text"] for label in labels]
        edges = [label["text"] for label in labels if label["ink"] == COORDINATE_INK]
        for letter in "bcdefghijklmnopqr":  # the columns, on the top and bottom edges
            assert edges.count(letter) == 2, letter
        for number in range(1, 14):  # the rows, on the left and right edges
            assert edges.count(str(number)) == 2, number
        # the lessons name spaces by them (h10, g11): as readable projected as the pieces
        sizes = page.evaluate(COORDINATE_SIZES_JS)
        assert sizes and min(sizes) >= 16, sizes
        crowded = [
            (a["text"], b["text"])
            for a, b in itertools.combinations(labels, 2)
            if overlap(a["box"], b["box"])
        ]
        assert crowded == []
        key = page.locator(".hcgames-board .hcgames-legend").inner_text()
        assert "White's pieces" in key and "Black's pieces" in key and "sea lane" in key
        if name == "conquest-board":  # the ship shows, its cargo counted in a badge
            badges = [
                x["text"] for x in labels if x["ink"] != COORDINATE_INK and x["text"].isdigit()
            ]
            assert "Sh" in texts and "C" in texts and sorted(badges) == ["1", "1", "3"]
        figure = page.locator(".hcgames-board svg.svg-figure").first.bounding_box()
        assert figure is not None and figure["x"] + figure["width"] <= size[0]
    finally:
        page.close()


def click_white_knight(page: Any) -> None:
    """A real mouse click on the middle of White's knight (the leftmost "K", on f10)."""
    point = page.evaluate(
        """() => { const t = [...document.querySelectorAll('.hcgames-board text')]
             .filter(t => t.textContent.trim() === 'K');
           const r = t.map(e => e.getBoundingClientRect()).sort((a, b) => a.left - b.left)[0];
           return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; }"""
    )
    page.mouse.click(point[0], point[1])


def test_a_click_on_a_piece_highlights_where_it_may_go(browser: Any, server: Voila) -> None:
    page = open_board(browser, server, "conquest-board")
    try:
        click_white_knight(page)  # the token lets the click through to its space
        page.wait_for_function(
            "document.querySelector('.hcgames-board .hcgames-text').textContent"
            ".includes('Picked the White knight')",
            timeout=30_000,
        )
        caption = page.evaluate(
            "document.querySelector('.hcgames-board .hcgames-text').textContent"
        )
        assert "W-knight1" not in caption
        page.wait_for_function(
            "[...document.querySelectorAll('.hcgames-board path.dot')]"
            ".filter(p => (p.style.fill || p.getAttribute('fill') || '').toLowerCase()"
            "  .replace(/\\s/g, '') === 'rgb(245,197,66)').length >= 3",
            timeout=30_000,
        )
    finally:
        page.close()


def photograph(out: Path) -> None:
    """Screenshots of both boards at the two classroom sizes."""
    import tempfile

    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        write_notebooks(Path(tmp))
        voila = Voila(Path(tmp))
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                for name in NOTEBOOKS:
                    for size in ((1366, 768), (1024, 700)):
                        page = open_board(chromium, voila, name, size)
                        page.screenshot(path=str(out / f"{name}-{size[0]}.png"), full_page=True)
                        print(name, size, out / f"{name}-{size[0]}.png")
                        if name == "conquest-board":
                            click_white_knight(page)
                            page.wait_for_timeout(1500)
                            page.mouse.move(size[0] - 5, 5)  # no tooltip over the board
                            page.wait_for_timeout(500)
                            shot = out / f"{name}-picked-{size[0]}.png"
                            page.screenshot(path=str(shot), full_page=True)
                        page.close()
                chromium.close()
        finally:
            voila.stop()


if __name__ == "__main__":
    photograph(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/maps"))
