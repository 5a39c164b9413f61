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

#: A path into the project's own files: developer material, not for the class.
PATH_PATTERN = re.compile(r"(?<![\w./-])(?:data|hcgames)/[\w.-]")

#: Program words a student must not read (issue 22): "(s)" plurals, bot and engine
#: names, seeds, "legal action(s)". "Seed of ..." is the plain noun (a card called
#: "Seed of the World Tree", "the seed of a story"), not a random generator's seed.
PROGRAM_WORDS = re.compile(
    r"\w\(s\)|\b(?:greedy|mcts|seeds?(?!\s+of\b)|legal actions?)\b", re.IGNORECASE
)

#: The footnote key of a map that numbers its places instead of naming them.
NUMBER_KEY = "numbers on the map"

#: axe-core rule sets run on every page: WCAG 2.1 levels A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: the impacts that fail a page
AXE_FAILING = ("serious", "critical")


def _lessons(numbers: str) -> frozenset[str]:
    return frozenset(numbers.split())


#: Checks that fail today on these lessons (by number prefix) while the work that
#: fixes them is under way elsewhere (maps with names and plain words: issue 22; lesson
#: text that answers nothing in advance: issue 24). The browser test reports them as
#: expected failures (xfail) and fails on any other page. Take a lesson out of its list
#: when its page is fixed; tests/browser_checks.py's functions say what each check reads.
KNOWN_FAILURES: dict[str, frozenset[str]] = {}


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
  const codes = [];
  for (const el of document.querySelectorAll('code')) {
    if (visible(el) && el.innerText.trim()) codes.push(el.innerText.trim().slice(0, 60));
  }
  // numbers drawn as place labels on a map (an atlas names its places): text in a figure
  // that draws regions; unit counts are bold and may be numbers
  const mapNumbers = [];
  for (const svg of document.querySelectorAll('svg.svg-figure')) {
    const isMap = svg.closest('.hcgames-map') || svg.querySelector('path.event_layer')
      || svg.closest('.hc-map');
    if (!isMap) continue;
    for (const t of svg.querySelectorAll('text')) {
      const text = t.textContent.trim();
      const bold = parseInt(window.getComputedStyle(t).fontWeight, 10) >= 600;
      if (/^\\d+$/.test(text) && !bold && visible(t) && !t.closest('.axis')) {
        mapNumbers.push(text);
      }
    }
  }
  // the type of every name and unit line on a map (px as drawn), and bqplot toolbars shown
  const mapType = [];
  for (const svg of document.querySelectorAll('.hcgames-map svg.svg-figure')) {
    for (const t of svg.querySelectorAll('text.label')) {
      const text = t.textContent.trim();
      if (!text || !visible(t)) continue;
      mapType.push({text: text, size: parseFloat(window.getComputedStyle(t).fontSize)});
    }
  }
  const toolbars = [...document.querySelectorAll('.toolbar_div')]
    .filter(el => window.getComputedStyle(el).display !== 'none').length;
  // each quiz question's prompt line, to find the text above it
  const quizzes = [];
  for (const item of document.querySelectorAll('.hc-quiz-item')) {
    const line = item.innerText.trim().split('\\n')[0];
    if (visible(item) && line) quizzes.push(line);
  }
  return {
    codes: codes,
    map_numbers: mapNumbers,
    map_type: mapType,
    toolbars: toolbars,
    quizzes: quizzes,
    height: height,
    viewport: window.innerHeight,
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
    codes: list[str] = field(default_factory=list)
    map_numbers: list[str] = field(default_factory=list)
    quizzes: list[str] = field(default_factory=list)
    #: every name and unit line drawn on a map: its text and type size (px)
    map_type: list[dict[str, Any]] = field(default_factory=list)
    #: bqplot toolbars shown (pan, zoom, save: never offered in class)
    toolbars: int = 0

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


def code_shown(facts: PageFacts) -> list[str]:
    """Code a student would read: ``<code>`` elements and paths into the project."""
    found = [f"code {text!r}" for text in facts.codes]
    found += [f"path {m.group(0)}..." for m in PATH_PATTERN.finditer(facts.text)]
    return found


def program_words(text: str) -> list[str]:
    """Program words in ``text`` ("piece(s)", greedy, mcts, seed, legal action)."""
    found: list[str] = []
    for match in PROGRAM_WORDS.finditer(text):
        start = max(0, match.start() - 12)
        word = text[start : match.end()].split()[-1] if "(s)" in match.group(0) else match.group(0)
        if word not in found:
            found.append(word)
    return found


def map_problems(facts: PageFacts) -> list[str]:
    """Maps that number their places instead of naming them."""
    found = []
    if facts.map_numbers:
        shown = sorted(set(facts.map_numbers), key=int)
        found.append(f"{len(facts.map_numbers)} numbers drawn as place labels: {shown[:15]}")
    if NUMBER_KEY in facts.text.lower():
        found.append("a 'Numbers on the map' key")
    return found


#: the smallest type a map's names and unit lines may have on a 1366x768 screen (issue 36:
#: read projected from the back of the room): "about 16 px" (CLASSROOM-LOOK.md); a page
#: map laid out 940 px wide with 16 px names is shown a few pixels narrower beside a key
#: on some pages (15.8 px on lesson 14)
MAP_TYPE_PX = 15.5


def map_type_problems(facts: PageFacts, where: str = "") -> list[str]:
    """Names on maps in type under :data:`MAP_TYPE_PX`, at the page's size (1366 wide,
    and 1024 wide: a Chromebook, or a small projector, shows the same maps narrower)."""
    small = [f"{t['text']!r} {t['size']:.1f} px" for t in facts.map_type if t["size"] < MAP_TYPE_PX]
    at = f" at {where}" if where else ""
    return [f"{len(small)} map names under {MAP_TYPE_PX:g} px{at}: {small[:8]}"] if small else []


def toolbar_problems(facts: PageFacts) -> list[str]:
    """Charts or maps that show bqplot's pan and zoom toolbar."""
    return [f"{facts.toolbars} chart toolbars shown"] if facts.toolbars else []


#: Runs in the page at its current size: every one-screen unit (hcgames.widgets._base
#: ONE_SCREEN) that does not fit the window, and every control that is in no unit.
ONE_SCREEN_JS = """
() => {
  const visible = (el) => {
    const style = window.getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const name = (el) => (el.getAttribute('aria-label') || el.innerText || el.value
    || el.getAttribute('title') || el.className || el.tagName).toString().trim().slice(0, 40);
  const units = [];
  for (const unit of document.querySelectorAll('.hc-screen')) {
    if (!visible(unit) || unit.parentElement.closest('.hc-screen')) continue;
    const box = unit.getBoundingClientRect();
    const first = unit.innerText.trim().split('\\n')[0].slice(0, 50);
    let height = box.height;
    // a unit taller than the window whose every control stands in one sticky column
    // (it stays in sight as the page scrolls past what it changes) is as tall as it
    const sticky = [...unit.querySelectorAll('*')].filter(
      (el) => window.getComputedStyle(el).position === 'sticky' && visible(el));
    const inUnit = [...unit.querySelectorAll(
      'button, select, textarea, input:not([type=hidden]), [role=slider]')].filter(visible);
    for (const column of sticky) {
      if (inUnit.length && inUnit.every((c) => column.contains(c))) {
        height = column.getBoundingClientRect().height;
      }
    }
    units.push({width: Math.round(box.width), height: Math.round(height), first: first});
  }
  const loose = [];
  const controls = 'button, select, textarea, input:not([type=hidden]), [role=slider]';
  for (const el of document.querySelectorAll('.jp-OutputArea-output')) {
    for (const c of el.querySelectorAll(controls)) {
      if (!visible(c) || c.closest('.hc-screen')) continue;
      if (c.closest('.widget-slider') && c.tagName === 'INPUT') continue;  // its readout
      // a fold-out's button opens what stands right under it
      if (c.closest('.hcgames-foldout')) continue;
      loose.push(name(c));
    }
  }
  return {units: units, loose: loose, width: window.innerWidth, height: window.innerHeight};
}
"""


def one_screen_problems(page: Any) -> list[str]:
    """At the page's current size: units taller or wider than the window, and controls
    that sit in no unit (nothing says what they change is within sight of them). A unit
    whose controls all stand in one sticky column counts that column's height: the
    column stays in sight while the page scrolls past what it changes (lesson 51)."""
    facts = page.evaluate(ONE_SCREEN_JS)
    size = f"{facts['width']}x{facts['height']}"
    found = [
        f"at {size} a control and what it changes span {unit['height']} px "
        f"({unit['width']} px wide): {unit['first']!r}"
        for unit in facts["units"]
        if unit["height"] > facts["height"] or unit["width"] > facts["width"] + 2
    ]
    loose = sorted(set(facts["loose"]))
    if loose:
        found.append(f"controls outside a one-screen unit: {loose[:10]}")
    return found


def _answer_patterns(question: Any) -> list[re.Pattern[str]]:
    """How a question's keyed answer would read in a sentence above it.

    A choice: the right option's words. A year: the year with its era. A count: the
    number followed, within the same sentence, by what the question counts (its unit,
    or the word after "how many"): "17 years", "28 of the 64 pairs", "51 cards". A bare
    number alone turns up everywhere on a page ("Ages 11-16") and is not matched.
    """
    from hcgames.quiz import answer_text

    if question.kind == "choice":
        return [re.compile(re.escape(answer_text(question)), re.IGNORECASE)]
    value = abs(question.answer)
    digits = f"{value:,}".replace(",", ",?")  # 1,274 or 1274
    # the end of a range ("2 to 5 camps", "2-5 camps") is not an answer given away
    number = rf"(?<![\d.,])(?<!\bto )(?<![-\u2013]){digits}(?!\d|[.,]\d|%)"
    if question.unit == "year":
        era = "BC" if question.answer < 0 else "AD"
        return [re.compile(rf"{number}\s*{era}|{era}\s*{number}")]
    nouns = [question.unit] if question.unit else []
    how_many = r"\bhow (?:many|much) (?:of (?:its|their|the|his|her) )?(\w+)"
    asked = re.search(how_many, question.prompt, re.IGNORECASE)
    if asked:
        nouns.append(asked.group(1))
    if value < 2:  # "1 more piece": one of anything is on every page
        return []
    stems = {re.sub(r"(?<=\w\w)s$", "", noun.lower()) for noun in nouns if noun}
    return [
        re.compile(rf"{number}[^.;:\n\t]{{0,30}}?\b{re.escape(stem)}(?:s|es)?\b", re.IGNORECASE)
        for stem in sorted(stems)
    ]


def answers_above(facts: PageFacts, questions: Iterable[Any]) -> list[str]:
    """Quiz questions whose keyed answer the page already shows above them.

    A choice gives itself away when the right option's words stand above the question
    and none of the wrong options' do (a page that names all of them only sets the
    scene); a number as :func:`_answer_patterns` reads it.
    """
    by_prompt = {q.prompt.strip(): q for q in questions}
    found = []
    # the text above the quiz (not the earlier questions' own options)
    starts = [facts.text.find(line) for line in facts.quizzes]
    above = facts.text[: min((w for w in starts if w >= 0), default=0)]
    for line in facts.quizzes:
        prompt = re.sub(r"^\d+\.\s*", "", line).strip()
        question = by_prompt.get(prompt)
        if question is None:
            continue
        hits = [m for pattern in _answer_patterns(question) for m in pattern.finditer(above)]
        if not hits:
            continue
        if question.kind == "choice":
            wrong = [o for i, o in enumerate(question.options) if i != question.answer]
            if len(hits[0].group(0)) < 4 or any(o.lower() in above.lower() for o in wrong):
                continue
        hit = hits[0]
        context = above[max(0, hit.start() - 50) : hit.end() + 20].replace("\n", " ")
        found.append(f"{question.id!r} ({prompt[:50]}...): answer shown above as '...{context}...'")
    return found


def problems(facts: PageFacts, allowed: Iterable[str] | None = None) -> list[str]:
    """Every lesson rule the page breaks, one sentence each (links are checked apart)."""
    found = []
    if facts.feedback:
        found.append(f"quiz feedback visible before any answer: {facts.feedback[:3]}")
    phrases = forbidden_phrases(facts.text)
    if phrases:
        found.append(f"forbidden phrases in the visible text: {phrases}")
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


def axe_problems(page: Any) -> list[str]:
    """Serious and critical WCAG 2.1 A/AA violations axe-core finds on the page, one line
    per rule (axe-playwright-python bundles axe-core; nothing is downloaded)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]}
    results = Axe().run(page, options=options)
    found = []
    for rule in results.response["violations"]:
        if rule.get("impact") not in AXE_FAILING:
            continue
        nodes = rule["nodes"]
        where = "; ".join(node["html"][:90] for node in nodes[:3])
        found.append(f"axe {rule['id']} ({rule['impact']}, {len(nodes)} nodes): {where}")
    return found


def questions_of(notebook: Path) -> list[Any]:
    """The quiz questions of a lesson notebook, or none if it has no question file."""
    from hcgames.quiz import lesson_questions

    if not (ROOT / "data" / "lessons" / f"{notebook.stem}.json").exists():
        return []
    return lesson_questions(notebook.stem)


def checked_problems(facts: PageFacts, notebook: Path) -> dict[str, list[str]]:
    """Every rule of issues 22 and 24 the page breaks, by check (see KNOWN_FAILURES)."""
    words = program_words(facts.text)
    return {
        "code": code_shown(facts),  # fixed everywhere: never a known failure
        "map-numbers": map_problems(facts),
        "map-type": map_type_problems(facts),
        "toolbars": toolbar_problems(facts),
        "program-words": [f"program words: {words}"] if words else [],
        "answers-above": answers_above(facts, questions_of(notebook)),
    }


#: Runs in the page: every box of a play screen that scrolls inside itself (a list of
#: moves is a list box and may; nothing else may: the page scrolls, never a column)
PLAY_SCROLL_JS = """
() => {
  const found = [];
  for (const el of document.querySelectorAll('.hcgames-play *')) {
    if (el.tagName === 'SELECT' || el.closest('select')) continue;
    const style = window.getComputedStyle(el);
    if (style.display === 'none') continue;
    if ((style.overflowY === 'auto' || style.overflowY === 'scroll')
        && el.scrollHeight > el.clientHeight + 2 && el.clientHeight > 0) {
      found.push((el.className || el.tagName).toString().slice(0, 60)
        + ' shows ' + el.clientHeight + ' of ' + el.scrollHeight + ' px');
    }
  }
  return found;
}
"""


def play_scroll_problems(page: Any) -> list[str]:
    """Boxes of a play screen that scroll inside themselves at the page's current size
    (issue 35: the moves, the map and what the last move did are seen without one)."""
    size = page.evaluate("() => `${window.innerWidth}x${window.innerHeight}`")
    return [
        f"at {size} a box scrolls inside itself: {box}" for box in page.evaluate(PLAY_SCROLL_JS)
    ]
