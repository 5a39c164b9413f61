"""Every game's play screen played with the keyboard alone, in a real browser.

For each of the five games, one page load (the play screen as its lesson builds it:
13, 24, 34, 44, 54) and a few key presses, as a student who uses no mouse would:

- Tab from the top of the page until the list of moves has the focus; every control
  met on the way has a name a screen reader can say (its text, its label or an
  ``aria-label``), and the list's name is its label ("Moves");
- the map is ONE of those Tab stops (a roving tabindex): inside it the arrow keys
  move from place to place, Home and End go to the first and last, each place is
  announced by its name and holder, and Enter picks the place as a click does (Enter
  again drops it);
- an arrow key picks a move, Tab reaches "Play this move", Enter plays it: the game
  moves on, and the focus is back on the list (nobody tabs from the top again); Enter
  on the list itself plays the picked move too;
- Tab reaches Undo, Enter takes the move back; a second move played with Space, then
  Tab reaches New game, Enter asks first, Tab and Enter on Yes start the game again;
- the list and the Play button show a focus ring (a CSS outline at least 2 px wide);
- the banner names the side to play in words, never by colour alone.

Needs ``/usr/bin/chromium``; skipped, saying so, when it is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.test_browser import CHROMIUM, ROOT, Voila
from tests.test_browser_play import PlayPage, _open

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed at /usr/bin/chromium "
        "(apt-get install chromium); the real-browser test needs it",
    ),
]

#: each game as its play lesson builds it (the lesson's number, then how)
GAMES = {
    "duels": ("13", "hcgames.load('conqueror-duels', scenario='gallic-wars')"),
    "classical": (
        "24",
        "hcgames.load('classical-conquests', players=2, "
        "civilizations=['Athenians', 'Persians'], max_turns=15)",
    ),
    "conquest": ("34", "hcgames.load('conquest-1972', scenario='skirmish')"),
    "speros": ("44", "hcgames.load('conquest-of-speros', players=2, mastery=True)"),
    "historical": ("54", "hcgames.load('historical-conquest', players=2)"),
}
NOTEBOOK = """
import sys
sys.path.insert(0, {root!r})
import hcgames
from hcgames.widgets import PlayApp
PlayApp({game}, humans=(0,), bot="medium", seed=3)
"""
#: Tab presses allowed from the top of the page to the list of moves (the map is a
#: single stop; before it took one per place: 40 presses in Duels, 68 in Classical)
MAX_TABS = 30
#: the games whose play screen shows a map of places
MAP_GAMES = ("duels", "classical", "historical")

#: what the focused element is, and the name a screen reader gives it
FOCUSED_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const inApp = !!e.closest('.hcgames-play');
  // a place on a map (a path of the figure), not the map's own box
  const inMap = !!e.closest('.hcgames-map') && e.tagName.toLowerCase() === 'path';
  let name = (e.getAttribute('aria-label') || '').trim();
  const by = e.getAttribute('aria-labelledby');
  if (!name && by) name = by.split(/\\s+/)
    .map(i => (document.getElementById(i) || {}).textContent || '').join(' ').trim();
  if (!name && e.labels && e.labels.length) name = e.labels[0].textContent.trim();
  if (!name && e.tagName !== 'SELECT') name = (e.innerText || e.textContent || '').trim();
  const style = getComputedStyle(e);
  return {tag: e.tagName, name: name, inApp: inApp, inMap: inMap, text: (e.innerText || '').trim(),
          ring: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth)};
}"""


@pytest.fixture(scope="module")
def keys_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Voila]:
    import nbformat

    folder = tmp_path_factory.mktemp("keys-notebooks")
    for game, (_lesson, made) in GAMES.items():
        notebook = nbformat.v4.new_notebook()
        code = NOTEBOOK.format(root=str(ROOT), game=made).strip()
        notebook.cells = [nbformat.v4.new_code_cell(code)]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, folder / f"{game}.ipynb")
    server = Voila(folder)
    yield server
    server.stop()


class Keyboard:
    """A student with a keyboard and no mouse on one play screen."""

    def __init__(self, screen: PlayPage) -> None:
        self.screen = screen
        self.p = screen.p
        self.met: list[dict[str, Any]] = []  # every control the focus stopped on
        self.tabbed = 0  # how many of them a Tab press reached

    def focused(self) -> dict[str, Any] | None:
        return self.p.evaluate(FOCUSED_JS)

    def tab_to(self, wanted: Callable[[dict[str, Any]], bool], what: str, most: int) -> None:
        for _ in range(most):
            self.p.keyboard.press("Tab")
            now = self.focused()
            if now is not None:
                self.met.append(now)
                self.tabbed += 1
                if wanted(now):
                    return
        raise AssertionError(
            f"{what} was not reached in {most} Tab presses; the last stops: "
            + "; ".join(f"{m['tag']} {m['name'][:40]!r}" for m in self.met[-6:])
        )

    def walk_the_map(self) -> None:
        """On the map's one stop: the arrow keys, Home and End move between places
        (each announced by name and holder), Enter picks one, Enter again drops it."""
        first = self.focused()
        assert first and first["inMap"] and ", held by " in first["name"], first
        seen = [first["name"]]
        for key in ("ArrowRight", "ArrowDown", "End", "ArrowLeft", "Home"):
            self.p.keyboard.press(key)
            now = self.focused()
            assert now and now["inMap"], f"{key} took the focus off the map: {now}"
            assert ", held by " in now["name"], f"a place not announced: {now}"
            seen.append(now["name"])
        assert len(set(seen)) >= 3, f"the arrow keys did not move between places: {seen}"
        assert seen[-1] == seen[0], f"Home is not the first place: {seen}"
        place = seen[-1].split(", held by ")[0]
        self.p.keyboard.press("Enter")
        self.wait(lambda: place in _map_info(self.screen), f"{place} picked with Enter")
        now = self.focused()
        assert now and now["inMap"], f"Enter took the focus off the map: {now}"
        self.p.keyboard.press("Enter")
        self.wait(lambda: place not in _map_info(self.screen), f"{place} dropped with Enter")

    def tab_to_list(self, most: int = MAX_TABS) -> None:
        self.tab_to(lambda f: f["tag"] == "SELECT" and f["inApp"], "the list of moves", most)

    def tab_to_button(self, words: str, most: int = 12) -> None:
        self.tab_to(lambda f: f["tag"] == "BUTTON" and words in f["text"], words, most)

    def wait(self, done: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
        self.screen.wait_for(done, what, timeout)

    def on_list(self) -> bool:
        now = self.focused()
        return bool(now and now["tag"] == "SELECT" and now["inApp"])

    def play_a_move(self, key: str) -> int:
        """From the list: an arrow picks a move, Tab, ``key`` plays it; the focus comes
        back to the list. Returns the moves played since the game began."""
        screen = self.screen
        before = screen.actions_played()
        self.p.keyboard.press("ArrowDown")
        play = screen.button("Play this move")
        self.wait(lambda: play.is_enabled(), "the Play button switched on by an arrow key")
        self.tab_to_button("Play this move", most=3)
        assert self.met[-1]["ring"] >= 2, f"no focus ring on Play this move: {self.met[-1]}"
        self.p.keyboard.press(key)
        self.wait(lambda: screen.actions_played() > before, f"the move played with {key}")
        self.wait(self.on_list, "the focus back on the list of moves after the move")
        return screen.actions_played()

    def play_from_list(self) -> int:
        """On the list: an arrow picks a move and Enter, still on the list, plays it."""
        screen = self.screen
        before = screen.actions_played()
        self.p.keyboard.press("ArrowDown")
        play = screen.button("Play this move")
        self.wait(lambda: play.is_enabled(), "the Play button switched on by an arrow key")
        assert self.on_list(), "the arrow key took the focus off the list"
        self.p.keyboard.press("Enter")
        self.wait(
            lambda: screen.actions_played() > before, "the move played with Enter on the list"
        )
        self.wait(self.on_list, "the focus back on the list of moves after the move")
        return screen.actions_played()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_play_screen_is_played_with_the_keyboard_alone(
    browser: Any,
    keys_server: Voila,
    game: str,
) -> None:
    screen = _open(browser, keys_server, f"{game}.ipynb", (1366, 768))
    keys = Keyboard(screen)
    try:
        # the map's places take the Tab order once the page has named them
        screen.p.wait_for_timeout(1000)
        start, first_round = screen.actions_played(), screen.round()
        sides = screen.app.locator(".widget-toggle-buttons", has_text="You play")
        side = sides.locator(".widget-toggle-button.mod-active").inner_text().strip()
        assert side and side in screen.banner(), (side, screen.banner())  # named, in words

        if game in MAP_GAMES:  # the map's stop is set once bqplot has drawn the places
            ready = screen.app.locator('.hcgames-map path.event_layer[tabindex="0"]')
            keys.wait(lambda: ready.count() == 1, "the map's one Tab stop")
            keys.tab_to(lambda f: f["inMap"], "the map", MAX_TABS)
            keys.walk_the_map()
        keys.tab_to_list()
        listbox = keys.met[-1]
        assert listbox["name"] == "Moves", listbox
        # the walk on the map moved the focus with arrows, not Tab: those are not stops
        places = [m for m in keys.met[: keys.tabbed] if m["inMap"]]
        print(f"{game}: {keys.tabbed} Tab stops to the list of moves, {len(places)} on the map")
        assert len(places) == (1 if game in MAP_GAMES else 0), (
            f"the map's places take {len(places)} Tab stops, not one: {places[:4]}"
        )
        assert listbox["ring"] >= 2, f"no focus ring on the list of moves: {listbox}"

        played = keys.play_a_move("Enter")
        assert played > start

        keys.tab_to_button("Undo")
        keys.p.keyboard.press("Enter")
        keys.wait(lambda: screen.actions_played() < played, "the move taken back by Undo")
        assert screen.actions_played() == start
        keys.wait(keys.on_list, "the focus back on the list of moves after Undo")
        # Enter on the list itself plays the picked move, as Tab and Enter on the button do
        assert keys.play_from_list() > start

        played = keys.play_a_move(" ")
        keys.tab_to_button("New game")
        keys.p.keyboard.press("Enter")
        # a game under way: the page asks first, the focus on "No, keep playing"; Tab
        # reaches "Yes, start a new game" and Enter starts it
        keys.wait(
            lambda: bool((f := keys.focused()) and "keep playing" in f["text"]),
            "the focus on the question before a new game",
        )
        keys.tab_to_button("Yes, start a new game", most=2)
        keys.p.keyboard.press("Enter")
        # a new game (new dice: its opening may pass more steps by itself than the old one
        # had played) starts in the first round with no move of the student's shown yet
        keys.wait(
            lambda: screen.round() == first_round and not _own_moves(screen),
            "a new game started by New game",
        )
        keys.wait(keys.on_list, "the focus on the list of moves in the new game")

        unnamed = [m for m in keys.met if not m["name"]]
        assert not unnamed, f"controls without a name a screen reader can say: {unnamed}"
        assert not screen.page.errors, "\n".join(screen.page.errors)
    finally:
        screen.page.close()


def _map_info(screen: Any) -> str:
    """The line under the map that names the picked place ("" when none is)."""
    lines = screen.app.locator(".hcgames-map .hcgames-map-info")
    return str(lines.first.inner_text()).strip() if lines.count() else ""


def _own_moves(screen: Any) -> str:
    """What the play screen says the student's last move did ("" in a new game)."""
    return str(screen.app.locator(".hcgames-own").first.inner_text()).strip()
