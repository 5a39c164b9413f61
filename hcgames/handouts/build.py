"""Write the handouts: HTML always, PDF through the system's Chromium (Playwright).

No browser is ever downloaded: Chromium is looked up on the machine (``chromium``,
``chromium-browser`` or ``$HCGAMES_CHROMIUM``) and driven by Playwright's
``page.pdf``, which prints A4 pages with the document's own page breaks.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from html import escape
from pathlib import Path

from hcgames.handouts.pages import Document

__all__ = ["chromium_path", "write_handouts"]

FOOTER = (
    "<div style='font-size:7.5pt;width:100%;text-align:center;color:#333;"
    "font-family:DejaVu Sans,Arial,sans-serif'>{title} - page "
    "<span class='pageNumber'></span> of <span class='totalPages'></span></div>"
)


def chromium_path() -> str | None:
    """The system's Chromium, or None."""
    env = os.environ.get("HCGAMES_CHROMIUM")
    if env and Path(env).exists():
        return env
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def file_name(doc: Document) -> str:
    return f"{doc.game}-{'handout' if doc.kind == 'handout' else 'answer-key'}"


def _index(docs: Sequence[Document], pdf: bool) -> str:
    rows = "".join(
        f"<li><a href='{file_name(d)}.{'pdf' if pdf else 'html'}'>{escape(d.title)}</a> "
        f"({d.pages} page{'s' if d.pages != 1 else ''})</li>"
        for d in docs
    )
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>hcgames handouts"
        "</title></head><body><h1>hcgames handouts</h1><p>Handouts for the class, and answer "
        f"keys for the teacher only.</p><ul>{rows}</ul></body></html>"
    )


def write_handouts(docs: Sequence[Document], out: Path, pdf: bool = True) -> list[Path]:
    """Write every document as HTML (and PDF); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for doc in docs:
        path = out / f"{file_name(doc)}.html"
        path.write_text(doc.html, encoding="utf-8")
        written.append(path)
    if pdf:
        written += _print_pdfs(docs, out)
    index = out / "index.html"
    index.write_text(_index(docs, pdf), encoding="utf-8")
    return [*written, index]


def _print_pdfs(docs: Sequence[Document], out: Path) -> list[Path]:
    browser_path = chromium_path()
    if browser_path is None:
        raise RuntimeError(
            "no chromium found: install your system's chromium package (or set "
            "HCGAMES_CHROMIUM), or write the HTML only with --html and print it from a browser"
        )
    from playwright.sync_api import sync_playwright  # only the test extra installs it

    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=browser_path,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = browser.new_page()
            for doc in docs:
                page.set_content(doc.html, wait_until="load")
                path = out / f"{file_name(doc)}.pdf"
                page.pdf(
                    path=str(path),
                    format="A4",
                    print_background=True,
                    prefer_css_page_size=True,
                    display_header_footer=True,
                    header_template="<span></span>",
                    footer_template=FOOTER.format(title=escape(doc.title)),
                )
                written.append(path)
        finally:
            browser.close()
    return written
