"""Every sentence the play screen shows, read off the screen itself, is plain English.

The sentence harness (tests/sentences.py) reads what the packages produce; the play
screen adds its own lines around them: status lines, forecasts, the "why not" of a card
or a step, the hero and card panels, the debrief at the end. Here a scripted student
plays each game's class game to its end on a real :class:`~hcgames.widgets.PlayApp`
(kernel-side, no browser), and after every click every text the screen holds is read
(HTML and labels with their tags taken off, buttons, menu entries) and checked with
the harness's own checks: number agreement, a/an, capitals, no program words or ids,
every word English or one of our names.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

import hcgames
from hcgames.classgame import class_game
from hcgames.widgets.play_screen import PlayApp
from hcgames.widgets.student import ScriptedStudent
from tests import sentences

pytestmark = pytest.mark.slow

TAG = re.compile(r"<[^>]+>")
#: block-level tags end a line of text on screen
BREAK = re.compile(r"<(?:br|/p|/div|/li|/tr|/td|/th|/h\d|/caption|/summary)[^>]*>", re.I)


def _widgets(root: Any) -> Iterator[Any]:
    seen: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if getattr(item.layout, "display", None) == "none":
            continue  # hidden, with all it holds
        yield item
        if isinstance(item, widgets.Box):
            stack.extend(item.children)


def _lines(markup: str) -> Iterator[str]:
    """The lines a student reads in a piece of HTML (no style or script text)."""
    markup = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", markup, flags=re.S | re.I)
    # a hover text is read too, as its own lines
    for title in re.findall(r"""title=(?:'([^']*)'|"([^"]*)")""", markup):
        yield from _lines("".join(title).replace("\n", "<br>"))
    for line in TAG.sub(" ", BREAK.sub("\n", markup)).splitlines():
        text = " ".join(html.unescape(line).split())
        text = re.sub(r"\s+([,.;:!?)])", r"\1", text).replace("( ", "(")
        if re.search(r"[A-Za-z]{3}", text):
            yield text


def screen_texts(app: PlayApp) -> set[str]:
    """Every line of text on the play screen as it stands."""
    texts: set[str] = set()
    for item in _widgets(app):
        if isinstance(item, widgets.HTML | widgets.Label | widgets.HTMLMath):
            texts.update(_lines(str(item.value)))
        if isinstance(item, widgets.Button | widgets.ToggleButton):
            texts.update(_lines(str(item.description)))
        if isinstance(item, widgets.Dropdown | widgets.Select | widgets.RadioButtons):
            for option in item.options:
                label = option[0] if isinstance(option, tuple) else option
                texts.update(_lines(str(label)))
    return texts


def check(text: str, classes: set[str]) -> list[str]:
    """The harness's checks on one line of the screen. A line that ends as a sentence
    ends must start as one; a list entry, a chip or a key ("move 1 cavalry from ...",
    "chronicle planning action") is read as a label and may start small."""
    found = sentences.problems(text, classes, "screen") + sentences.unknown_words(text)
    if not re.search(r"[.!?]$", text):
        found = [problem for problem in found if problem != "starts with a small letter"]
    return found


@pytest.fixture(scope="module")
def played() -> dict[str, set[str]]:
    """Each game's class game, played to its end, and every line seen on the way."""
    seen: dict[str, set[str]] = {}
    for game_id in hcgames.available_games():
        app = PlayApp(class_game(game_id), humans=(0,), bot="easy", seed=0)
        student = ScriptedStudent(app, seed=0)
        texts = screen_texts(app)
        while not app.state.is_terminal() and student.clicks < 200:
            student.click_move()
            texts |= screen_texts(app)
        assert app.state.is_terminal(), f"{game_id}: the class game did not end"
        seen[game_id] = texts
    return seen


def test_the_screen_reads_hundreds_of_lines_in_every_game(played: dict[str, set[str]]) -> None:
    for game_id, texts in played.items():
        assert len(texts) > 100, (game_id, len(texts))


@pytest.mark.parametrize("game_id", hcgames.available_games())
def test_every_line_on_the_play_screen_is_plain_correct_english(
    played: dict[str, set[str]], game_id: str
) -> None:
    classes = sentences.class_names()
    bad = []
    for text in sorted(played[game_id]):
        found = check(text, classes)
        if found:
            bad.append(f"{found}: {text[:160]}")
    assert not bad, f"{len(bad)} lines:\n" + "\n".join(bad[:40])
