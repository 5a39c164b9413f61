"""Cards drawn as cards (issue 22, item 2): the card views of Conquest of Speros and
Historical Conquest read like a card table, never like a list of fields, and the
timeline of lesson 50 gives each family of cards one fixed colour."""

from __future__ import annotations

import random
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

import hcgames
from hcgames.core import State
from hcgames.historical.cards import FAMILIES
from hcgames.play import resolve_all_chance
from hcgames.widgets import CardRowsView, EventLog, GameStepper, PlayApp, Timeline
from hcgames.widgets.cards import (
    KIND_COLOURS,
    card_names,
    plain_card_words,
    rows_html,
    rows_text,
)
from tests.historical.conftest import game as historical_game


def _options(game_id: str) -> dict:
    """The two-player variant where the game has one, else its first variant."""
    variants = hcgames.game_class(game_id).variants()
    return {"players": 2} if any(v.get("players") == 2 for v in variants) else variants[0]


#: the registered games that lay out cards (their states give card rows)
GAMES = tuple(
    name
    for name in hcgames.available_games()
    if hcgames.load(name, **_options(name)).new_game(seed=0).card_rows() is not None
)
#: words that give away a field dump
DUMP_WORDS = ("id:", "kind:", "units:", "type:", "terrain:", "holds:", "hidden, hidden")


def rows_of(state: State, viewer: int | None) -> dict[str, list[dict[str, Any]]]:
    """The card rows of a game that lays out cards."""
    rows = state.card_rows(viewer)
    assert rows is not None, f"{state.game.id} lays out no cards"
    return rows


def positions(game_id: str, seed: int, stops: tuple[int, ...]) -> list[State]:
    """Copies of one seeded game after ``stops`` moves, played at random."""
    game = hcgames.load(game_id, **_options(game_id))
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    moves = 0
    while not state.is_terminal() and moves <= max(stops):
        if state.is_chance():
            resolve_all_chance(state, rng)
            continue
        if moves in stops:
            found.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return found


def all_positions() -> list[tuple[str, State]]:
    out = []
    for game_id in GAMES:
        for seed in (1, 2):
            out += [(game_id, s) for s in positions(game_id, seed, (0, 12, 40, 90))]
    return out


POSITIONS = all_positions()


class _Faces(HTMLParser):
    """Collects, for every card face (class ``hcgames-card``), the text of its name
    and of its kind line."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[set[str]] = []
        self.faces: list[dict[str, str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        self.stack.append(classes)
        if "hcgames-card" in classes:
            self.faces.append({"name": "", "kind": ""})
        for part in ("name", "kind"):
            if f"hcgames-card-{part}" in classes:
                self._in = part

    def handle_endtag(self, tag: str) -> None:
        classes = self.stack.pop() if self.stack else set()
        if classes & {"hcgames-card-name", "hcgames-card-kind"}:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in and self.faces:
            self.faces[-1][self._in] += data


def faces(html: str) -> list[dict[str, str]]:
    parser = _Faces()
    parser.feed(html)
    return parser.faces


def card_ids(state: State) -> set[str]:
    return set(card_names(state.game))


def test_positions_cover_both_games() -> None:
    assert {g for g, _ in POSITIONS} == set(GAMES)
    assert len(POSITIONS) >= 12


@pytest.mark.parametrize(("game_id", "state"), POSITIONS)
def test_card_views_read_like_a_card_table(game_id: str, state: State) -> None:
    ids = card_ids(state)
    assert ids, "the game names its cards"
    for viewer in (0, 1, None):
        view = CardRowsView(state, viewer=viewer)
        html, words = view.board.value, view.text
        visible = unescape(re.sub(r"<[^>]+>", " ", html))
        for text in (html, words, visible):
            for word in DUMP_WORDS:
                assert word not in text, f"{word!r} in the {game_id} card view"
            for card_id in ids:
                assert f"({card_id}" not in text, f"card id {card_id} in brackets"
        drawn = faces(html)
        assert drawn, "at least one card face"
        for face in drawn:
            assert face["name"].strip(), f"a card face with no name in {game_id}"
            assert face["kind"].strip(), f"{face['name']} has no kind line"
        rows = rows_of(state, viewer)
        hidden = sum(1 for cards in rows.values() for c in cards if c.get("name") == "hidden")
        if hidden:
            assert "hcgames-back" in html and re.search(r"\d+ cards? face down", words)


def test_a_hand_card_is_headed_by_its_own_name_and_its_row_names_the_owner() -> None:
    state = next(
        s for g, s in POSITIONS if g == "conquest-of-speros" and rows_of(s, 0)["Player 1's hand"]
    )
    rows = rows_of(state, 0)
    html = unescape(rows_html(rows, state))
    hand = rows["Player 1's hand"]
    assert hand
    for hand_card in hand:  # no band naming the owner over every card of the hand
        assert hand_card["owner"] is None
    # the row's title says whose hand it is; each face begins with its own name
    assert "Player 1's hand" in html
    section = html.split("aria-label='Player 1's hand'")[1].split("</section>")[0]
    assert section.count("hcgames-card-band") == 0
    names = re.findall(r"hcgames-card-name'>([^<]+)<", section)
    assert names == [card["name"] for card in hand]
    assert state.side_name(0) in html  # the Base Camp's band names the side, not only colour


def test_speros_units_are_tokens_in_the_owners_colour() -> None:
    from hcgames.speros import start
    from hcgames.speros.actions import Discard, EndAbilities, Lead
    from hcgames.widgets._base import side_of

    state = start(players=2, peoples=["mountain", "forest"], seed=10)
    me = state.current_player
    state.apply(Discard(state.hands[me][0]))
    state.apply(EndAbilities())
    target = next(c for c in state.skirmish if not state.game.cards[c].is_artifact)
    state.apply(Lead(target, True))
    card = next(c for c in state.card_rows(0)["Skirmish Area"] if c["id"] == target)
    assert card["tokens"] == [[me, "General"], [me, "Minion"]]
    html = rows_html({"Skirmish Area": [card]}, state)
    colour = side_of(state, me).colour
    assert html.count(f"background:{colour}") == 2  # two tokens, in the side's colour
    assert "hcgames-token-empty" in html  # the free camps
    assert f"{state.side_name(me).split()[-1]}: 1 General and 1 Minion" in unescape(html)
    camp = state.card_rows(0)[f"{state.game.player_names[me]}'s Base Camp"][0]
    assert len(camp["tokens"]) == 9  # the General and one Minion left home


def test_historical_cards_carry_dates_kind_and_a_line_of_history() -> None:
    from hcgames.historical.teach import arrange

    state = arrange(historical_game(), lands={0: [("CT4205", ["MU2001"])], 1: [("CT4404", [])]})
    field = state.card_rows(0)["Player 1's battlefield"]
    land, beethoven = field
    assert land["column"] and land["kind"].startswith("Land in ")
    assert beethoven["on"] == land["name"]
    assert beethoven["kind"] == "Musician" and beethoven["dates"] == "1770–1827"
    assert beethoven["line"].startswith("A German composer")  # no name said twice
    assert len(beethoven["line"]) <= 72
    html = rows_html(state.card_rows(0), state)
    assert "hcgames-column" in html and "1770–1827" in html


def test_action_labels_name_cards_without_ids() -> None:
    for game_id in GAMES:
        app = PlayApp(hcgames.load(game_id, **_options(game_id)), humans=(0,), seed=3)
        ids = card_ids(app.state)
        for _ in range(6):
            labels = [label for label, _ in app.picker.choice.options]
            for label in labels:
                assert not any(f"({card_id})" in label for card_id in ids), label
                assert not re.search(r"(\b[\w' ]+) \(\1 ", label), label  # "X (X (F08))"
            if not app.picker.shown or app.state.is_terminal():
                break
            app.picker.pick(app.picker.shown[0])
            app.picker.apply_button.click()


def test_stepper_choices_and_log_name_cards_without_ids() -> None:
    game = hcgames.load("conquest-of-speros", players=2)
    stepper = GameStepper(game.new_game(seed=4), humans=[0], viewer=0, seed=4)
    for _ in range(12):
        stepper.step()
    ids = card_ids(stepper.state)
    labels = [label for label, _ in stepper.picker.choice.options]
    log = EventLog(stepper.state, rows=30).output.outputs[0]["data"]["text/html"]
    for text in (*labels, log, stepper.text):
        assert not any(f"({card_id})" in text for card_id in ids), text


def test_stepper_says_what_a_generals_ability_does() -> None:
    from hcgames.speros import start  # lesson 40's table

    stepper = GameStepper(start(players=2, peoples=["mountain", "forest"], seed=10), humans=[0])
    # long moves wrap in the list: a zero-width space after each space
    labels = [label.replace("\u200b", "") for label, _ in stepper.picker.choice.options]
    general = [label for label in labels if "General" in label]
    assert len(general) == 2 and all("once-a-game ability: " in label for label in general)
    assert not any("see your Base Camp" in label for label in labels)


def test_a_lesson_stepper_passes_draws_and_can_leave_out_the_computers_controls() -> None:
    from hcgames.speros import start  # lesson 40's table
    from hcgames.speros.bots import make_strategy

    state = start(players=2, peoples=["mountain", "forest"], seed=10)
    stepper = GameStepper(
        state,
        bots={1: make_strategy("builder", 2)},
        humans=[0],
        viewer=0,
        seed=3,
        auto_pass=True,
        computer_controls=False,
    )
    assert stepper.auto_controls.layout.display == "none"
    assert stepper.step_button.layout.display != "none"
    drawn = []
    for _ in range(40):
        stepper.step()
        assert not stepper.state.is_chance()  # a draw never waits for its own Step
        drawn += [p for p in stepper.passed if "draw" in p]
        if stepper.state.round > 2:
            break
    assert drawn and all(p == "draw a card from the deck" for p in drawn)  # no card named
    # the log's lines start "Round 1, action step:", not with the bar's list of four actions
    log = EventLog(stepper.state, rows=60).output.outputs[0]["data"]["text/html"]
    assert ", action step:" in log and "Lead or Plan:" not in log


def test_plain_card_words() -> None:
    names = {"F08": "Brambleheart", "A03": "Drum of the Deep"}
    assert plain_card_words("Lead onto Brambleheart (F08)", names) == "Lead onto Brambleheart"
    assert plain_card_words("F08 and A03", names) == "Brambleheart and Drum of the Deep"
    assert plain_card_words("Take it (F08)", names) == "Take it (Brambleheart)"
    assert plain_card_words("F080 stays", names) == "F080 stays"


def test_rows_text_counts_hidden_cards() -> None:
    rows = {"Player 2's hand": [{"name": "hidden"}] * 5, "Skirmish Area": []}
    assert rows_text(rows) == "Player 2's hand: 5 cards face down; Skirmish Area: none"
    assert "5 cards" in rows_html(rows)


# --- the timeline of lesson 50 ----------------------------------------------------------


def test_kind_colours_are_eight_distinct_families() -> None:
    assert list(KIND_COLOURS) == list(FAMILIES)
    assert len(KIND_COLOURS) == 8
    assert len({c.upper() for c in KIND_COLOURS.values()}) == 8
    catalogue = historical_game().catalogue
    families = {card.family for card in catalogue.cards.values() if card.is_unit}
    assert families == set(KIND_COLOURS)  # every person or army has a family, all 8 used


def test_timeline_colours_are_stable_whatever_period() -> None:
    catalogue = historical_game().catalogue
    people: list[dict[str, Any]] = [
        {
            "label": c.name,
            "start": c.plate_from,
            "end": max(c.plate_to, c.plate_from + 1),
            "group": c.family,
        }
        for c in catalogue.cards.values()
        if c.is_unit and c.plate_from is not None and c.plate_to is not None
    ]
    periods = [(-10_000, 499), (500, 1499), (1500, 1699), (1700, 1799), (1800, 1899), (1900, 9999)]
    timeline = Timeline(people[:3], colours=KIND_COLOURS)
    seen: dict[str, str] = {}
    for low, high in periods:
        shown = [p for p in people if low <= p["start"] <= high]
        timeline.update(shown)
        drawn = {p["group"] for p in shown}
        assert set(timeline.group_colours) == drawn
        for group, colour in timeline.group_colours.items():
            assert colour == KIND_COLOURS[group]
            assert seen.setdefault(group, colour) == colour
        legend = unescape(timeline.legend.value)
        for family in KIND_COLOURS:
            assert (family in legend) == (family in drawn), family
        segment_colours = list(timeline.segments.colors)
        assert segment_colours == [KIND_COLOURS[p["group"]] for p in shown]
