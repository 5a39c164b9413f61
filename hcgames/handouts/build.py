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

import hcgames
from hcgames.handouts.pages import Document

__all__ = ["PAPERS", "chromium_path", "on_paper", "write_handouts"]

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


PAPERS = ("A4", "Letter")


def file_name(doc: Document) -> str:
    if doc.name:
        return doc.name
    return f"{doc.game}-{'handout' if doc.kind == 'handout' else 'answer-key'}"


def _pages(count: int) -> str:
    return f"{count} page{'s' if count != 1 else ''}"


def _index(docs: Sequence[Document], pdf: bool) -> str:
    """The index: per game, each lesson's worksheet and key on one line, then the booklet."""
    ext = "pdf" if pdf else "html"

    def link(doc: Document, text: str) -> str:
        return f"<a href='{file_name(doc)}.{ext}'>{escape(text)}</a> ({_pages(doc.pages)})"

    parts = []
    for game in dict.fromkeys(d.game for d in docs):
        title = hcgames.game_class(game).title
        rows = []
        mine = [d for d in docs if d.game == game]
        keys = {d.name.removesuffix("-answer-key"): d for d in mine if d.kind == "sheet-key"}
        for doc in mine:
            if doc.kind == "worksheet":
                heading = doc.title.removesuffix(" - worksheet")
                key = keys.get(doc.name.removesuffix("-worksheet"))
                rows.append(
                    f"<li>{escape(heading)}: {link(doc, 'worksheet')}"
                    + (f" and {link(key, 'answer key')}" if key else "")
                    + "</li>"
                )
            elif doc.kind in ("handout", "key"):
                words = "the whole booklet" if doc.kind == "handout" else "the booklet's answer key"
                rows.append(f"<li>{link(doc, words[:1].upper() + words[1:])}</li>")
        parts.append(f"<h2>{escape(title)}</h2><ul>{''.join(rows)}</ul>")
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>hcgames handouts"
        "</title></head><body><h1>hcgames handouts</h1><p>One worksheet for each lesson, for "
        "the class, and its answer key, for the teacher only.</p>"
        f"{''.join(parts)}</body></html>"
    )


def on_paper(html: str, paper: str) -> str:
    """The document's HTML set for ``paper`` ("A4" or "Letter")."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {PAPERS}, not {paper!r}")
    return html if paper == "A4" else html.replace("size: A4", "size: letter")


def write_handouts(
    docs: Sequence[Document], out: Path, pdf: bool = True, paper: str = "A4"
) -> list[Path]:
    """Write every document as HTML (and PDF); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for doc in docs:
        path = out / f"{file_name(doc)}.html"
        path.write_text(on_paper(doc.html, paper), encoding="utf-8")
        written.append(path)
    if pdf:
        written += _print_pdfs(docs, out, paper)
    index = out / "index.html"
    index.write_text(_index(docs, pdf), encoding="utf-8")
    return [*written, index]


def _print_pdfs(docs: Sequence[Document], out: Path, paper: str = "A4") -> list[Path]:
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
                page.set_content(on_paper(doc.html, paper), wait_until="load")
                path = out / f"{file_name(doc)}.pdf"
                page.pdf(
                    path=str(path),
                    format=paper,
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
