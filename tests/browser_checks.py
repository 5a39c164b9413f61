"""What a student sees on a notebook page in Voila, and the lesson rules it must keep.

Shared by the real-browser test (``tests/test_browser.py``) and the page report
(``tools/lesson_report.py``), so the numbers in a closing note and the checks in CI
come from one place. Everything here reads the rendered page as a reader would: the
visible text, the visible output blocks, the links and the quiz feedback.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Phrases a student in the app must never read: instructions they cannot follow
#: and the marks of a notebook that checks itself.
FORBIDDEN_PHRASES = (
    "next cell",
    "rerun",
    "re-run",
    "run the cell",
    "run this cell",
    "run the cells",
    "shift+enter",
    "nbval",
    "traceback",
    "error displaying widget",
    "scroll up",
)

#: The longest output block (``pre``) a lesson may show, in lines.
MAX_PRE_LINES = 12

#: A lower-case hyphenated token: how data ids look ("hamilcar-barca").
ID_PATTERN = re.compile(r"(?<![\w/.#-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/-])")

#: Quiz feedback shown before anyone answered gives the answer away.
QUIZ_FEEDBACK_SELECTOR = ".hc-quiz-feedback"


def allowed_hyphenated() -> set[str]:
    """Ordinary hyphenated words a lesson may use: one a line in tests/browser_allowlist*.txt
    (a shared list, and one per game)."""
    words = set()
    for path in sorted(Path(__file__).parent.glob("browser_allowlist*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip().lower()
            if line:
                words.add(line)
    return words


# Runs in the page: facts about what is visible. Voila's lab template scrolls the
# whole page, so the height is the document's; inner scrolling panels count too.
PAGE_FACTS_JS = """
() => {
  const visible = (el) => {
    const style = window.getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let height = document.documentElement.scrollHeight;
  for (const el of document.querySelectorAll('body *')) {
    const style = window.getComputedStyle(el);
    if ((style.overflowY === 'auto' || style.overflowY === 'scroll')
        && el.scrollHeight > el.clientHeight + 20 && el.clientHeight > 300) {
      height = Math.max(height, el.scrollHeight);
    }
  }
  const pres = [];
  for (const el of document.querySelectorAll('.jp-OutputArea-output pre, pre')) {
    if (!visible(el) || el.closest('.jp-InputArea')) continue;
    const text = el.innerText.replace(/\\n+$/, '');
    if (!text.trim()) continue;
    pres.push({lines: text.split('\\n').length, head: text.slice(0, 120)});
  }
  const links = [];
  for (const a of document.querySelectorAll('a[href]')) {
    if (!visible(a)) continue;
    links.push({href: a.getAttribute('href'), text: a.innerText.trim().slice(0, 80)});
  }
  const feedback = [];
  for (const el of document.querySelectorAll('__FEEDBACK__')) {
    if (visible(el) && el.innerText.trim()) feedback.push(el.innerText.trim().slice(0, 80));
  }
  // place labels drawn as bare numbers on a map (an atlas names its places); unit
  // counts are bold and may be numbers
  const mapNumbers = [];
  for (const t of document.querySelectorAll('.hcgames-map svg text')) {
    const label = t.textContent.trim();
    const bold = parseInt(window.getComputedStyle(t).fontWeight, 10) >= 600;
    if (/^\\d+$/.test(label) && !bold && !t.closest('.axis') && visible(t)) {
      mapNumbers.push(label);
    }
  }
  return {
    height: height,
    viewport: window.innerHeight,
    mapNumbers: mapNumbers,
    text: document.body.innerText,
    pres: pres,
    links: links,
    feedback: feedback,
  };
}
""".replace("__FEEDBACK__", QUIZ_FEEDBACK_SELECTOR)


@dataclass
class PageFacts:
    """What :data:`PAGE_FACTS_JS` reports for one rendered notebook."""

    height: int
    viewport: int
    text: str
    pres: list[dict[str, Any]] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    mapNumbers: list[str] = field(default_factory=list)  # named as in the JS

    @classmethod
    def read(cls, page: Any) -> PageFacts:
        raw = page.evaluate(PAGE_FACTS_JS)
        return cls(**raw)

    @property
    def screens(self) -> float:
        return round(self.height / max(1, self.viewport), 1)

    @property
    def print_blocks(self) -> int:
        return len(self.pres)


def forbidden_phrases(text: str) -> list[str]:
    low = text.lower()
    return [phrase for phrase in FORBIDDEN_PHRASES if phrase in low]


def long_print_blocks(facts: PageFacts) -> list[str]:
    return [
        f"{block['lines']} lines: {block['head'][:60]!r}"
        for block in facts.pres
        if block["lines"] > MAX_PRE_LINES
    ]


def ids_in_text(text: str, allowed: Iterable[str]) -> list[str]:
    allow = set(allowed)
    found = []
    for match in ID_PATTERN.finditer(text):
        token = match.group(0)
        if token not in allow and token not in found:
            found.append(token)
    return found


def problems(facts: PageFacts, allowed: Iterable[str] | None = None) -> list[str]:
    """Every lesson rule the page breaks, one sentence each (links are checked apart)."""
    found = []
    if facts.feedback:
        found.append(f"quiz feedback visible before any answer: {facts.feedback[:3]}")
    phrases = forbidden_phrases(facts.text)
    if phrases:
        found.append(f"forbidden phrases in the visible text: {phrases}")
    if facts.mapNumbers:
        found.append(f"numbers drawn as place labels on a map: {facts.mapNumbers[:8]}")
    if "Numbers on the map" in facts.text:
        found.append("a 'Numbers on the map' key (name the places on the map instead)")
    long_blocks = long_print_blocks(facts)
    if long_blocks:
        found.append(f"output blocks over {MAX_PRE_LINES} lines: {long_blocks}")
    ids = ids_in_text(facts.text, allowed if allowed is not None else allowed_hyphenated())
    if ids:
        found.append(
            f"ids shown where a name belongs (or add a real word to "
            f"tests/browser_allowlist.txt): {ids[:12]}"
        )
    return found


def link_problem(href: str, notebook: Path) -> str | None:
    """Why a link on ``notebook``'s page would not work in Voila or JupyterLab, if it would not.

    Links to other notebooks must name a notebook that exists; links into the project's
    own files (docs) must go through the repository's web page, because Voila refuses to
    serve a Markdown file (403). Other web addresses are left to the reader's network.
    """
    if href.startswith(("#", "mailto:")):
        return None
    if href.startswith(("http://", "https://")):
        match = re.match(r"https://github\.com/hcgames/hcgames/(?:blob|tree)/[^/]+/(.+)", href)
        if match:
            target = ROOT / match.group(1).split("#", 1)[0]
            if not target.exists():
                return f"{href}: {target.relative_to(ROOT)} is not in the repository"
        return None
    path = href.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return None
    target = (notebook.parent / path).resolve()
    if target.suffix != ".ipynb":
        return (
            f"{href}: Voila serves only notebooks here; link a document through "
            "the repository's web page"
        )
    if not target.exists():
        return f"{href}: no such notebook"
    return None
