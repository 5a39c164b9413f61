"""Kernel-side tests of the play screen (hcgames.widgets.PlayApp): buttons clicked
from Python, on the toy game of the widget tests and on the real games."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import hcgames
from hcgames.core import Action, State
from hcgames.speros import SperosGame
from hcgames.widgets import BOT_LEVELS, DicePanel, PlayApp
from hcgames.widgets.cards import card_key
from hcgames.widgets.panels import choice_kind, times_in
from hcgames.widgets.play_screen import (
    LARGE_SIDE,
    NARROW_SIDE,
    TOO_SLOW,
    WIDE_CARDS_HEADER,
    WIDE_MAP_HEADER,
    WIDE_SIDE,
    WIDE_WINDOW,
    battle_odds,
    bot_levels,
)
from hcgames.widgets.regions import LARGE_TEXT_ZOOM
from tests.narrow import narrow
from tests.widget_toy_game import BattleDie, March, ToyGame, ToyState

if TYPE_CHECKING:
    from ipywidgets import DOMWidget


def snap(state: State) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def shown(widget: DOMWidget) -> bool:
    return bool(widget.layout.display != "none")


def duels(scenario: str = "standard") -> hcgames.Game:
    return hcgames.load("conqueror-duels", scenario=scenario)


# The computer's moves are shown one by one in class; here they need no pause.
PlayApp.PAUSE = 0


# --- choosing and playing -------------------------------------------------------------


def test_no_choice_is_preselected_and_play_waits_for_one() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    assert app.picker.selected_action is None
    assert app.picker.apply_button.disabled
    before = snap(app.state)
    app.picker.apply()  # from Python too: nothing picked, nothing played
    assert snap(app.state) == before
    first = app.picker.shown[0]
    app.picker.pick(first)
    assert not app.picker.apply_button.disabled
    app.picker.apply_button.click()
    assert first in app.state.history


def test_the_play_button_sits_next_to_the_list_and_step_is_not_shown() -> None:
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=1)
    assert app.picker.apply_button.description == "Play this move"
    assert app.picker.apply_button in app.picker.buttons.children
    assert app.picker in app.side_column.children
    assert not shown(app.demo_controls)  # Step and Auto do nothing for a student
    assert shown(app.picker) and shown(app.main)


def test_the_old_constructor_and_pick_then_step_still_work() -> None:
    """Notebook 13 picks an action and calls step(); the seat's bot then answers."""
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    wanted = app.picker.shown[-1]
    app.picker.pick(wanted)
    assert app.step() == wanted
    assert app.state.is_terminal() or app.state.current_player == 0


def test_choices_are_grouped_by_kind_and_a_kind_button_narrows_the_list() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    kinds = [value for _, value in app.picker.kinds.options]
    assert kinds[0] == "" and len(kinds) > 2  # "All", then one button per kind
    order = [app.picker._kind(a) for a in app.picker.shown]
    assert order == sorted(order, key=lambda kind: kind[1])  # listed kind by kind
    assert [k for k in kinds if k] == list(dict.fromkeys(k for k, _ in order))[:-1]
    # the one-click End button is the one way to end: no "End my planning (1)" tab
    # beside it to be taken for it; the choice stays in the whole list, saying what
    # comes next
    assert app.end_button.description == "End my planning"
    assert "End my planning" not in kinds
    ends = [a for a in app.picker.shown if str(a) == "end the phase"]
    said = [app.picker.describe(a).replace("\u200b", "") for a in ends]  # may wrap
    assert said == ["End my planning: Gaul plans next"]


def test_choices_use_the_names_of_regions_and_cards() -> None:
    classical = PlayApp(hcgames.load("classical-conquests", players=2), humans=(0,), seed=1)
    labels = [label.replace("\u200b", "") for label, _ in classical.picker.choice.options]
    assert "Found the first city in Lusitania" in labels  # the action says "lusitania"
    speros = PlayApp(hcgames.load("conquest-of-speros", players=2), humans=(0,), seed=1)
    for _ in range(3):
        speros.picker.pick(speros.picker.shown[0])
        speros.picker.apply_button.click()
    card_labels = [label for label, _ in speros.picker.choice.options]
    names = {card.name for card in narrow(speros.game, SperosGame).cards.values()}
    # a card by its name only: no id in brackets (issue 22)
    assert any(any(name in label for name in names) for label in card_labels), card_labels
    assert not any(re.search(r"\([A-Z]\d\d\)", label) for label in card_labels), card_labels
    # a card is named once, by its name: no id in brackets, no "Name (Name (F08))"
    assert not any(re.search(r"\([A-Z]\d\d\)|\(([^()]+) \(", label) for label in card_labels), (
        card_labels
    )
    # nor in what the computer did (its own cards are hidden from this side)
    assert not re.search(r"\([A-Z]{1,3}\d{2,5}\)", speros.why_box.value), speros.why_box.value


def test_picking_a_choice_outlines_its_regions_without_narrowing_the_list() -> None:
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=1)
    muster = app.picker.shown[0]
    app.picker.pick(muster)
    regions = list(app.state.action_regions(muster))
    assert app.map_view is not None and app.board_view is not None
    assert app.map_view.selection == regions
    assert list(app.map_view.map.selected) == regions
    assert app.board_view.selection == regions
    assert app.picker.regions == []  # the list is not narrowed by showing a choice
    app.map_view.clear_selection()  # a click on the map still narrows the list
    app.map_view.click(regions[0])
    assert app.picker.regions == regions[:1]


def test_a_click_on_the_map_picks_its_place_after_show_all_or_a_list_pick() -> None:
    """Look 9, lesson 13: after Show all (or with a choice outlined from the list), a
    click on an outlined place dropped it, and the map said the other place was picked."""
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=1)
    assert app.map_view is not None
    two = next(r for a in app.picker.shown if len(r := list(app.state.action_regions(a))) == 2)
    app.map_view.click(two[0])
    app.map_view.click(two[1])
    assert app.picker.regions == two
    app.picker.show_all_button.click()
    assert app.picker.regions == [] and app.map_view.selection == []
    assert "Picked" not in app.map_view.text_line.value
    app.map_view.click(two[0])
    assert app.map_view.selection == [two[0]] and app.picker.regions == [two[0]]
    # a choice picked in the list outlines its places; a click on one picks that one
    app.picker.show_all_button.click()
    app.picker.pick(next(a for a in app.picker.shown if list(app.state.action_regions(a)) == two))
    assert app.map_view.selection == two
    app.map_view.click(two[1])
    assert app.picker.regions == [two[1]]  # the list shows that place's moves


def test_picking_a_card_choice_outlines_the_card() -> None:
    app = PlayApp(hcgames.load("conquest-of-speros", players=2), humans=(0,), seed=1)
    for _ in range(2):
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    assert app.cards_view is not None
    # actions name cards by name (issue 38: no ids such as F08 in what a student reads)
    cards = {str(c["name"]): card_key(c) for row in app.cards_view.rows.values() for c in row}
    card_choice, card_id = next(
        (a, key) for a in app.picker.shown for name, key in cards.items() if name in str(a)
    )
    app.picker.pick(card_choice)
    assert card_id in app.cards_view.marked
    assert "hcgames-card-marked" in app.cards_view.board.value


# --- battles and dice ----------------------------------------------------------------------


def toy_battle_app() -> tuple[PlayApp, March]:
    """Alpha to march from a region of two armies into Beta's region of one."""
    for seed in range(40):
        app = PlayApp(ToyGame(), humans=(0, 1), bot="easy", seed=seed)
        for _ in range(12):
            state = narrow(app.state, ToyState)
            if state.is_terminal():
                break
            attacks = [
                a
                for a in state.legal_actions()
                if isinstance(a, March)
                and state.owner[a.target] not in (None, a.player)
                and state.armies[a.target] == 1
            ]
            if attacks:
                return app, attacks[0]
            app.picker.pick(app.picker.shown[0])
            app.picker.apply_button.click()
    raise AssertionError("no toy game reached an attack on a lone army")


def test_the_exact_chance_of_an_attack_is_stated_before_it() -> None:
    app, attack = toy_battle_app()
    odds = battle_odds(app.state, attack)
    assert odds is not None and odds.best == Fraction(1, 2)  # a 4, 5 or 6 on one die
    assert not odds.depends_on_choices
    app.picker.pick(attack)
    assert "takes" in app.odds_line.value and "1 time in 2 (50%)" in app.odds_line.value


def test_after_the_roll_the_dice_and_the_result_are_shown_in_words() -> None:
    app, attack = toy_battle_app()
    app.picker.pick(attack)
    ply = len(app.state.history)
    app.picker.apply_button.click()
    roll = app.state.history[ply + 1]
    assert isinstance(roll, BattleDie)
    assert app.rolls[0][0] == roll  # then any dice of the other side's answer
    last, events, _sums = app.rolls[-1]
    assert isinstance(last, BattleDie)
    assert f"<span class='hcgames-die'>{last.face}</span>" in app.roll_box.value
    assert events[0].text in app.roll_box.value  # the result, in words
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    assert app.roll_box.value == "" or app.rolls  # cleared unless new dice fell


def test_a_hopeless_attack_says_so_and_hero_choices_give_a_range() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    state = app.state.copy()
    while not any(type(a).__name__ == "Attack" for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "EndPhase"))
    attack = next(a for a in state.legal_actions() if str(a).startswith("attack Celtica"))
    odds = battle_odds(state, attack)
    assert odds is not None and odds.best == 0
    assert odds.low <= odds.best <= odds.high


def test_times_in_reads_like_a_sentence() -> None:
    assert times_in(Fraction(13, 18)) == "13 times in 18"
    assert times_in(Fraction(1, 12)) == "1 time in 12"


def test_dice_panel_groups_outcomes_by_result_and_names_no_likeliest_among_equals() -> None:
    state = duels().new_game(1)
    while not (state.is_chance() and len(state.chance_outcomes()) == 36):
        legal = state.legal_actions()
        attacks = [a for a in legal if type(a).__name__ == "Attack"]
        state.apply(attacks[0] if attacks else legal[-1] if not state.is_chance() else legal[0])
    panel = DicePanel(state)
    assert "likeliest" not in panel.text
    assert "36 equally likely outcomes, each 1 time in 36" in panel.text
    assert len(panel.results) >= 2
    assert sum(p for _, p, _ in panel.results) == 1
    first_words = panel.results[0][0]
    assert panel.choice.options[0][0].startswith(first_words)


# --- modes ------------------------------------------------------------------------------------


def test_modes_show_only_the_controls_that_act() -> None:
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=3)
    assert app.mode == "bot" and shown(app.side_buttons) and shown(app.level_buttons)
    position = snap(app.state)
    app.mode_buttons.value = "demo"
    assert snap(app.state) == position  # switching mode keeps the game
    assert shown(app.demo_controls) and not shown(app.picker) and not shown(app.side_buttons)
    app.step_button.click()
    assert len(app.state.history) == len(json.loads(position) and app.state.history)
    app.mode_buttons.value = "hotseat"
    assert app.humans == {0, 1} and not shown(app.level_buttons) and not shown(app.demo_controls)
    assert app.waiting_for_human()


def test_demo_step_plays_one_action_and_back_undoes_one() -> None:
    app = PlayApp(ToyGame(), humans=(), seed=3)
    assert app.mode == "demo" and len(app.state.history) == 0
    app.step_button.click()
    assert len(app.state.history) == 1
    app.back_button.click()
    assert len(app.state.history) == 0


def test_choosing_a_side_hands_the_other_to_the_computer() -> None:
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=3)
    app.side_buttons.value = 1
    assert app.humans == {1} and set(app.bots) == {0}
    assert app.state.is_terminal() or app.state.current_player == 1


def test_bot_levels_have_plain_names_and_slow_levels_are_left_out() -> None:
    assert [level.label for level in BOT_LEVELS.values()][:2] == ["Easy", "Medium"]
    assert [level.bot for level in BOT_LEVELS.values()] == ["easy", "medium", "hard"]
    for game_id in TOO_SLOW.get("hard", frozenset()):
        assert "hard" not in bot_levels(hcgames.load(game_id))
    app = PlayApp(ToyGame(), humans=(0,), seed=3)  # Medium unless told
    assert app.level == "medium" and app.level_buttons.value == "medium"
    app.level_buttons.value = "easy"
    assert type(app.bots[1]).__name__ in ("LevelBot", "StandInBot")
    assert app.bots[1].name == "easy"
    for name in ("genius", "greedy"):  # a level, never a bot's own name
        with pytest.raises(ValueError, match="unknown computer level"):
            PlayApp(ToyGame(), bot=name)


def test_every_game_offers_the_three_levels() -> None:
    for game_id in hcgames.available_games():
        assert bot_levels(hcgames.load(game_id)) == ["easy", "medium", "hard"]


def test_the_computer_says_why_it_moved() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(1,), bot="medium", seed=2)
    assert app.reasons, "the computer moved first and should say why"
    assert all(r.startswith("Rome: ") and " \u2014 " in r for r in app.reasons)
    assert "What the computer did, and why" in app.why_box.value
    picked = app.picker.shown[0]
    app.picker.pick(picked)
    app.picker.apply_button.click()
    assert all(r.startswith("Rome: ") for r in app.reasons)  # only the answer to it


def test_the_computers_moves_are_reported_in_the_third_person_with_its_name() -> None:
    """The list speaks to the student ("end my planning"); the report of what the
    computer did says what the side did ("Rome ends its planning")."""
    from hcgames.widgets.play_screen import reported

    assert reported("Rome: end my planning: Carthage moves next") == (
        "Rome ends its planning: Carthage moves next"
    )
    assert reported("Athenians: found the first city in Attica") == (
        "Athenians found the first city in Attica"
    )
    assert reported("Player 2: Play Confucius on Greece") == "Player 2 plays Confucius on Greece"
    assert reported("Dwarves: Lead: the General onto Chalice") == (
        "Dwarves lead the General onto Chalice"
    )
    assert reported("Black: Black knight 1 to j8") is None  # names its piece: kept
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="easy", seed=0)
    for _ in range(3):
        if app.end_action() is not None:
            app.end_button.click()
    report = re.sub("<[^>]+>", " ", app.why_box.value)
    assert "Gaul ends its" in report and " my " not in report, report


def test_hot_seat_hides_the_hand_until_the_player_takes_the_screen() -> None:
    game = hcgames.load("conquest-of-speros", players=2)
    app = PlayApp(game, humans=(0, 1), seed=5)
    assert app.mode == "hotseat"
    for _ in range(4):
        player = app.state.current_player
        assert shown(app.pass_screen) and not shown(app.board_column) and not shown(app.picker)
        assert game.player_names[player] in app.pass_button.description
        app.pass_button.click()
        assert not shown(app.pass_screen) and shown(app.board_column)
        assert app.cards_view is not None and app.cards_view.viewer == player
        other = game.player_names[1 - player]
        for title, cards in app.cards_view.rows.items():
            if title.endswith("hand") and other in title:
                assert all(card["name"] == "hidden" for card in cards)
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
        if app.state.current_player == player:
            assert not shown(app.pass_screen)  # the same player goes on: no pass needed
            app.picker.pick(app.picker.shown[0])
            app.picker.apply_button.click()


def test_hot_seat_without_hidden_hands_has_no_pass_screen() -> None:
    app = PlayApp(hcgames.load("conquest-1972", scenario="skirmish"), humans=(0, 1), seed=1)
    assert not shown(app.pass_screen) and shown(app.picker)


# --- save and resume -------------------------------------------------------------------------


def played_app() -> PlayApp:
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=4)
    for _ in range(3):
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    return app


def test_save_offers_a_download_link_with_the_saved_game() -> None:
    app = played_app()
    app.save_button.click()
    link = re.search(r"href='data:application/json;base64,([^']+)'", app.save_link.value)
    assert link and "download=" in app.save_link.value
    # the second step is a button that says what it does, and the sentence names it
    assert "role='button'" in app.save_link.value
    assert "Download the saved game</a>" in app.save_link.value
    assert "press <b>Download the saved game</b>" in app.file_message.value
    # one name for the file everywhere: the link's file, the sentence, and Load's words
    name = app.save_file_name()
    assert name.endswith(".json") and "saved game, round" in name and "'" not in name
    assert f"download='{name}'" in app.save_link.value and name in app.file_message.value
    text = base64.b64decode(link.group(1)).decode("utf-8")
    assert json.loads(text)["history"] and text == app.save_json()


def test_the_saved_game_line_goes_once_the_game_moves_on() -> None:
    """Look 9, lesson 13: "Your saved game is ready ... after 1 move" stayed after more."""
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=1)
    app.save_button.click()
    app._refresh()  # a redraw of the same position keeps it
    assert "saved game is ready" in app.file_message.value and app.save_link.value
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    assert app.file_message.value == "" and app.save_link.value == ""


def test_a_saved_game_loads_back_exactly_through_the_upload() -> None:
    app = played_app()
    text = app.save_json()
    position = snap(app.state)
    fresh = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=4)
    fresh.upload.value = (
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(text),
            "content": memoryview(text.encode()),
            "last_modified": datetime.now(UTC),
        },
    )
    assert snap(fresh.state) == position
    # Load names the game it loaded as Save named its file
    assert f"Loaded: {app.save_words()}." in fresh.file_message.value
    assert fresh.upload.value == ()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: text.replace('"digest": "', '"digest": "0'),  # edited
        lambda text: text.replace('"toy-skirmish"', '"conqueror-duels"'),  # another game
        lambda text: "\u00e9t\u00e9 not json",
        lambda text: "[" * 10000,  # nested too deep to read
        lambda text: text.replace('"history": [', '"history": [' + "[" * 5000 + "]" * 5000 + ","),
    ],
    ids=["cut-short", "edited", "other-game", "not-json", "nested-deep", "nested-inside"],
)
def test_a_bad_file_is_refused_with_a_message_and_the_game_is_unchanged(
    spoil: Callable[[str], str],
) -> None:
    app = played_app()
    position = snap(app.state)
    assert app.load_json(spoil(app.save_json())) is False
    assert snap(app.state) == position
    assert "could not be loaded" in app.file_message.value
    assert "unchanged" in app.file_message.value


def test_a_file_nested_thousands_of_levels_deep_is_refused_in_a_plain_sentence() -> None:
    """Rule "saves": the Load button refuses a file nested 10000 levels deep with a
    sentence saying why; no RecursionError reaches the student."""
    app = played_app()
    position = snap(app.state)
    text = '{"a": ' + "[" * 10000 + "]" * 10000 + "}"
    app.upload.value = (
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(text),
            "content": memoryview(text.encode()),
            "last_modified": datetime.now(UTC),
        },
    )
    assert snap(app.state) == position
    message = app.file_message.value
    assert "could not be loaded" in message and "unchanged" in message
    assert "It is nested 10001 levels deep" in message
    assert "was not made by Save the game." in message
    assert "Recursion" not in message and app.upload.value == ()


# --- text size -----------------------------------------------------------------------------


def test_large_text_is_the_pages_and_zooms_the_screen_alone_only_without_a_page_bar() -> None:
    """One Large text per page (issue 36): the page bar's button (the Voila template)
    enlarges the whole lesson, this screen with it, so the screen has no button of its
    own; ``large_text`` zooms the screen alone where there is no page bar (JupyterLab),
    never on top of the page's zoom."""
    app = PlayApp(ToyGame(), humans=(0,), seed=1)
    assert not app.large_text
    assert not any("Large text" in text for text in visible_strings(app))
    app.set_large_text(True)
    assert app.large_text and "hcgames-large" in app._dom_classes
    style = app.children[0].value
    assert "body:not(.hcgames-large) .hcgames-play.hcgames-large { zoom: 1.5; }" in style
    sizes = [int(px) for px in re.findall(r"font-size: (\d+)px", style)]
    assert min(sizes) >= 14
    assert PlayApp(ToyGame(), large_text=True).large_text


def test_the_play_map_takes_the_room_the_window_gives() -> None:
    app = PlayApp(duels(), humans=(0,), seed=0)
    assert app.map_view is not None
    # the layout keeps its pixel size (a page without the style: JupyterLab's own)
    assert app.board_column.layout.width == "568px"
    assert app.map_view.figure.layout.width == "560px"
    # the style is on the page; the key moves beside the map on a wide window only
    assert app.children[1] is app.wide_style
    css = app.wide_style.value
    box = next(c for c in app.board_column._dom_classes if c.startswith("hcgames-play-board-"))
    assert f"@media (min-width: {WIDE_WINDOW}px)" in css
    page = "body:not(.hcgames-large) .hcgames-play:not(.hcgames-large)"
    assert f"{page} .{box} {{ width: min(" in css
    assert f"calc(100vw - {WIDE_SIDE}px)" in css
    height = app.map_view.height
    assert f"aspect-ratio: 560 / {height};" in css
    # at 1024x700 too the map takes the width the side column leaves (about 640 px)
    assert f"calc(100vw - {NARROW_SIDE}px)" in css
    assert 1024 - NARROW_SIDE - 8 >= 630
    # under Large text the map stays beside the moves, in the room they leave
    assert f"calc(100vw / {LARGE_TEXT_ZOOM:g} - {LARGE_SIDE}px)" in css
    # at 1366x768 the map gets the width the side column leaves (at least 900 px)
    assert 1366 - WIDE_SIDE - 8 >= 900
    assert (768 - WIDE_MAP_HEADER) * 560 / height >= 900
    # the key is copied beside the map (shown on a wide window only) and follows it
    assert app.wide_key in app.side_column.children
    assert f"{box}-key" in app.wide_key._dom_classes
    assert app.wide_key.value == app.map_view.legend.value
    app.map_view.legend.value = "<b>changed</b>"
    assert app.wide_key.value == "<b>changed</b>"
    assert f"(100vh - {WIDE_MAP_HEADER}px)" in css
    # with cards under the map, the map leaves them the room they had
    cards = PlayApp(hcgames.load("historical-conquest", players=2), humans=(0,))
    assert cards.cards_view is not None
    assert f"(100vh - {WIDE_CARDS_HEADER}px)" in cards.wide_style.value
    # a screen with a board (CONQUEST's, the toy game's) keeps its fixed size
    assert PlayApp(ToyGame(), humans=(0,)).wide_style.value == ""


@pytest.mark.parametrize("name", hcgames.available_games())
def test_every_game_plays_a_few_moves_by_clicks(name: str) -> None:
    game = hcgames.load(name, **hcgames.game_class(name).variants()[0])
    app = PlayApp(game, humans=(0,), bot="easy", seed=2)
    for _ in range(4):
        if app.state.is_terminal():
            break
        assert app.picker.selected_action is None and app.waiting_for_human()
        app.picker.pick(app.picker.shown[-1])
        app.picker.apply_button.click()
    assert not app.messages.outputs


# --- New game, plain words, moves that pass by themselves, the battle forecast -----------


def test_new_game_keeps_mode_side_and_level() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    app.set_side(1)
    app.set_level("hard")
    app.set_large_text(True)
    for _ in range(3):
        if app.real_choice():
            app.picker.pick(app.picker.shown[0])
            app.picker.apply_button.click()
    assert len(app.state.history) > 0
    app.new_button.click()  # a game under way: the page asks first, and No keeps it
    assert app.confirm_box.layout.display is None and app.state.history
    app.keep_button.click()
    assert app.confirm_box.layout.display == "none" and app.state.history
    app.new_button.click()
    app.confirm_button.click()
    assert app.confirm_box.layout.display == "none"
    assert (app.mode, app.student_seats, app.level) == ("bot", [1], "hard")
    assert app.side_buttons.value == 1 and app.level_buttons.value == "hard"
    assert app.large_text
    assert app.state.round == 1 and not app.own_events
    assert app.real_choice() and app.state.current_player == 1


def test_game_over_says_to_press_new_game() -> None:
    app = PlayApp(ToyGame(), humans=(0,), seed=1)
    while not app.state.is_terminal():
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    assert "Game over" in app.banner.value and "New game" in app.banner.value
    assert app.new_button.button_style == "primary"
    app.new_game()
    assert not app.state.is_terminal() and "Game over" not in app.banner.value


def test_a_finished_game_loaded_says_it_is_over_not_play_on() -> None:
    """Look 13, lesson 54: a finished game loaded from a file said "Play on from here"."""
    app = PlayApp(ToyGame(), humans=(0,), seed=1)
    while not app.state.is_terminal():
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    saved = app.save_json()
    fresh = PlayApp(ToyGame(), humans=(0,), seed=2)
    assert fresh.load_json(saved) and fresh.state.is_terminal()
    assert "Play on" not in fresh.file_message.value
    assert "This game is over" in fresh.file_message.value
    # a game under way still says to play on
    under_way = PlayApp(ToyGame(), humans=(0,), seed=3)
    under_way.picker.pick(under_way.picker.shown[0])
    under_way.picker.apply_button.click()
    assert fresh.load_json(under_way.save_json())
    assert "Play on from here." in fresh.file_message.value


def test_the_focus_goes_to_what_the_student_does_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """A keyboard student is never sent back to the top of the page: after a move, Undo
    or New game the focus is on the list of moves; after Game over on New game; on a
    pass screen on Show my turn. Opening the page moves no focus (no jump)."""
    focused: list[str] = []
    import ipywidgets as widgets

    monkeypatch.setattr(
        widgets.DOMWidget, "focus", lambda self: focused.append(getattr(self, "description", ""))
    )
    app = PlayApp(ToyGame(), humans=(0,), bot="easy", seed=1)
    assert focused == []
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    assert focused[-1] == "Moves"
    if not app.back_button.disabled:
        focused.clear()
        app.back_button.click()
        assert focused == ["Moves"]
    while not app.state.is_terminal():
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    assert focused[-1] == "New game"
    app.new_button.click()
    assert focused[-1] == "Moves"
    demo = PlayApp(ToyGame(), humans=(), seed=3)
    focused.clear()
    demo.step_button.click()
    assert focused == []  # the Step button keeps the focus

    hotseat = PlayApp(hcgames.load("conquest-of-speros", players=2), humans=(0, 1), seed=5)
    assert focused == []
    hotseat.pass_button.click()
    assert focused[-1] == "Moves"
    hotseat.picker.pick(hotseat.picker.shown[0])
    hotseat.picker.apply_button.click()
    if shown(hotseat.pass_screen):
        assert focused[-1] == hotseat.pass_button.description


PROGRAM_WORDS = re.compile(
    r"\(s\)|legal action|greedy|mcts|\bseed\b|\bBot\b|\baction \d|random bot", re.IGNORECASE
)


def visible_strings(app: PlayApp) -> list[str]:
    """Every string a student can read on the play screen: HTML, button words and
    tooltips, list entries and toggle labels, of the widgets that are shown."""
    import ipywidgets as widgets

    out: list[str] = []

    def walk(w: object) -> None:
        layout = getattr(w, "layout", None)
        if layout is not None and layout.display == "none":
            return
        if isinstance(w, widgets.HTML):
            out.append(re.sub(r"<style>.*?</style>", "", str(w.value), flags=re.S))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
        if isinstance(w, widgets.Output):
            for item in w.outputs:
                out.extend(str(v) for v in item.get("data", {}).values())
                out.append(str(item.get("text", "")))
        labels = getattr(w, "_options_labels", None)
        if labels:
            out.extend(str(label) for label in labels)
        for name in ("tooltips",):
            out.extend(str(t) for t in getattr(w, name, None) or [])
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(app)
    return out


@pytest.mark.parametrize("name", hcgames.available_games())
@pytest.mark.parametrize("mode", ["bot", "hotseat", "demo"])
def test_no_program_words_on_any_play_screen(name: str, mode: str) -> None:
    game = hcgames.load(name, **hcgames.game_class(name).variants()[0])
    app = PlayApp(game, humans=(0,), bot="medium", seed=4, mode=mode)
    for step in range(6):
        for text in visible_strings(app):
            found = PROGRAM_WORDS.search(text)
            assert found is None, f"{name} ({mode}), step {step}: {found.group(0)!r} in {text!r}"
        if app.state.is_terminal():
            break
        if mode == "demo":
            app.step_button.click()
            continue
        if app.pass_button.layout and app._needs_pass():
            app.pass_button.click()
        app.picker.pick(app.picker.shown[-1])  # often a battle or the phase's end
        app.picker.apply_button.click()


@pytest.mark.parametrize("name", hcgames.available_games())
def test_a_student_is_only_asked_when_there_is_a_real_choice(name: str) -> None:
    game = hcgames.load(name, **hcgames.game_class(name).variants()[0])
    for mode in ("bot", "hotseat"):
        app = PlayApp(game, humans=(0,), bot="easy", seed=6, mode=mode)
        for _ in range(12):
            if app.state.is_terminal():
                break
            assert app.real_choice(), app.state.describe()
            assert len(app.state.legal_actions()) > 1
            if app._needs_pass():
                app.pass_button.click()
            app.picker.pick(app.picker.shown[-1])
            app.picker.apply_button.click()


def test_a_single_possible_move_passes_by_itself_and_says_so() -> None:
    game = hcgames.load("classical-conquests", players=2, civilizations=["Athenians", "Persians"])
    app = PlayApp(game, humans=(0,), bot="medium", seed=7)
    said: list[str] = []
    for _ in range(30):
        if app.state.is_terminal():
            break
        said += app.passed
        ends = [a for a in app.picker.shown if choice_kind(a) == "End the phase"]
        app.picker.pick(ends[0] if ends else app.picker.shown[0])
        app.picker.apply_button.click()
        said += app.passed
        if app.passed:
            # one step: "had only one possible move"; a run: "each the only possible move"
            assert re.search(r"only (one )?possible move", app.pass_line.value)
    assert any("had only one possible move" in line for line in said), said


def test_the_stepper_can_pass_forced_steps_by_itself() -> None:
    from hcgames.widgets import GameStepper

    game = hcgames.load("historical-conquest", players=2)
    stepper = GameStepper(
        game.new_game(seed=5), bots={1: "random"}, humans=[0], viewer=0, seed=5, auto_pass=True
    )
    clicks = 0
    while len(stepper.state.legal_actions()) <= 1 or stepper.state.current_player != 0:
        # a step of the student's with a single move never waits for a click
        assert stepper.state.current_player != 0, "a forced step of the student's waited"
        stepper.step_button.click()
        clicks += 1
        assert clicks <= 10, "the computer's opening steps never reached the student"
    assert stepper.passed or clicks == 0
    assert "Passed by themselves" in stepper.pass_line.value or clicks


def _first_attack_position() -> PlayApp:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    for _ in range(40):
        attacks = [a for a in app.picker.actions if type(a).__name__ == "Attack"]
        if attacks and app.state.phase == "action":
            return app
        ends = [a for a in app.picker.shown if choice_kind(a) == "End the phase"]
        app.picker.pick(ends[0] if ends else app.picker.shown[0])
        app.picker.apply_button.click()
    raise AssertionError("no attack was offered")


def test_the_chance_line_gives_the_battle_and_its_cost_to_both_sides() -> None:
    app = _first_attack_position()
    attacks = [a for a in app.picker.actions if type(a).__name__ == "Attack"]
    for attack in attacks:
        forecast = app.state.battle_forecast(attack)
        assert forecast is not None
        assert sum(r.chance for r in forecast.results) == 1
        app.picker.pick(attack)
        line = app.odds_line.value
        assert "Battle for" in line and "then loses" in line, line
        assert "Taking the land:" in line or "takes" in line
        if forecast.win:
            often = "every time" if forecast.win == 1 else times_in(forecast.win)
            assert "wins the battle" in line and often in line
        if forecast.win:
            # a battle that can be won takes the land when it is won (tests/test_forecasts.py)
            assert "whatever the dice" not in line and "each time it wins the battle" in line


def test_the_forecast_agrees_with_the_dice_played_one_by_one() -> None:
    app = _first_attack_position()
    attack = next(a for a in app.picker.actions if type(a).__name__ == "Attack")
    forecast = app.state.battle_forecast(attack)
    assert forecast is not None
    after = app.state.copy()
    after.apply(attack)
    while not after.is_chance():
        after.apply(next(a for a in after.legal_actions() if str(a) == "play no hero"))
    won = Fraction(0)
    for roll, p in after.chance_outcomes():
        trial = after.copy()
        events = trial.apply(roll)
        if any(e.kind == "battle" and e.data.get("attacker_wins") for e in events):
            won += p
    assert won == forecast.win


def test_units_that_acted_are_named_in_the_choices() -> None:
    app = _first_attack_position()
    moves = [a for a in app.picker.actions if type(a).__name__ in ("Move", "Attack")]
    app.picker.pick(moves[0])
    app.picker.apply_button.click()
    spent = app.state.spent_units()
    if spent:
        place = app._region_names.get(next(iter(spent)), next(iter(spent)))
        words = [app.describe_action(a) for a in app.picker.actions]
        assert any("already acted" in w and place in w for w in words), words


def test_the_computers_moves_are_drawn_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move of the computer's turn is drawn on the board (and added to the list
    beside it) before the next one, with a pause between them."""
    app = PlayApp(hcgames.load("conquest-1972", scenario="skirmish"), humans=(0,), seed=3)
    shown: list[str] = []
    app.banner.observe(lambda change: shown.append(str(change["new"])), names=["value"])
    pauses: list[float] = []
    monkeypatch.setattr(PlayApp, "PAUSE", 0.01)
    monkeypatch.setattr("hcgames.widgets.play_screen.time.sleep", pauses.append)
    end = next(a for a in app.picker.shown if choice_kind(a) == "End the phase")
    app.picker.pick(end)
    app.picker.apply_button.click()
    playing = [s for s in shown if "The computer is playing" in s]
    assert len(playing) == len(pauses) == len(app.reasons) >= 1
    assert [f"move {i}" in s for i, s in enumerate(playing, 1)] == [True] * len(playing)
    assert "What the computer did" in app.why_box.value
    assert not app.picker.choice.disabled  # the student's turn again: the list is on


@pytest.mark.parametrize(
    ("name", "options"),
    [("conqueror-duels", {"scenario": "gallic-wars"}), ("historical-conquest", {"players": 2})],
)
def test_region_owner_is_the_holder_the_map_shows(name: str, options: dict[str, Any]) -> None:
    """The exact odds ask a state's region_owner (one place) instead of its whole
    region_views(); both must name the same holder at every position."""
    import random

    state = hcgames.load(name, **options).new_game(3)
    rng = random.Random(3)
    for _ in range(150):
        if state.is_terminal():
            break
        views = state.region_views() or {}
        for region, view in views.items():
            owner = cast(Any, state).region_owner(region)  # Duels' and Historical's own
            assert owner == view.get("owner"), region
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_a_redraw_works_the_odds_out_once_per_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refilling the list after a move passes through other picks on its way; the odds
    line is worked out for the pick the list settles on, and once per position."""
    app = _first_attack_position()
    asked: list[object] = []
    odds_html = PlayApp._odds_html

    def counting(self: PlayApp, action: Action) -> str:
        asked.append(action)
        return odds_html(self, action)

    monkeypatch.setattr(PlayApp, "_odds_html", counting)
    attack = next(a for a in app.picker.actions if type(a).__name__ == "Attack")
    app.picker.pick(attack)
    line = app.odds_line.value
    app.picker.pick(attack)  # picked again: the line comes from the memo
    app._refresh()
    assert asked.count(attack) == 1
    assert app.odds_line.value in (line, app._odds_html(None))
    app.picker.apply_button.click()
    assert all(a is None for a in asked[1:]), asked  # no passing pick was worked out


# --- no debris: words a student reads, once ---------------------------------------------


def test_a_refused_play_is_one_sentence_under_the_list_not_a_growing_log() -> None:
    app = PlayApp(duels("gallic-wars"), humans=(0,), bot="medium", seed=0)
    app.picker.apply()
    app.picker.apply()
    assert app.notice.value.count("No move is picked") == 1
    assert not app.picker.messages.outputs and not app.messages.outputs
    app.picker.pick(app.picker.shown[0])
    assert app.notice.value == ""


def test_status_words_are_plain_during_a_duels_battle() -> None:
    """The battle's steps are said in words ("to choose which ... units are lost"),
    never by their names in the program ("(casualties loser)", "(leave)")."""
    import random

    state = duels("gallic-wars").new_game(1)
    rng = random.Random(1)
    seen = 0
    for _ in range(600):
        if state.is_terminal():
            break
        battle = getattr(state, "battle", None)
        if battle is not None:
            words = state.describe()
            assert "_" not in words and f"({battle.step.value.replace('_', ' ')})" not in words
            seen += 1
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            attacks = [a for a in legal if type(a).__name__ == "Attack"]
            state.apply(rng.choice(attacks or legal))
    assert seen


def test_no_round_0_and_no_upload_count_on_the_play_screen() -> None:
    game = hcgames.load("classical-conquests", players=2)
    app = PlayApp(game, humans=(0,), seed=7)
    assert app.state.round == 0  # the set-up
    for view in app.region_views:
        assert "Round 0" not in view.text
    assert "Round 0" not in app.picker.text and "Round 0" not in app.text
    assert app.upload.description == ""  # the page's style writes "Load a saved game"
    assert 'content: "Load a saved game"' in app.children[0].value


def test_an_answer_window_shows_its_turns_phase_in_the_row_of_phases() -> None:
    import random

    game = hcgames.load("historical-conquest", players=2)
    app = PlayApp(game, humans=(0, 1), seed=3)
    state = game.new_game(3)
    rng = random.Random(3)
    for _ in range(2000):
        if state.is_terminal() or state.phase == "interrupt window":
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            attacks = [a for a in legal if type(a).__name__ == "Attack"]
            state.apply(rng.choice(attacks or legal))
    assert state.phase == "interrupt window"
    app.update(state)
    assert "interrupt window" not in app.timeline.value
    assert f">{state.event_phase}</span>" in app.timeline.value


def test_a_picked_place_keeps_the_colour_of_its_holder() -> None:
    """The copy of a picked (or hovered) place drawn on top of the map is see-through:
    a place that changes hands while picked shows its new holder's colour, never the
    one it had when clicked (the browser draws the copy with the fill given here)."""
    app = PlayApp(duels("gallic-wars"), humans=(0,), seed=0)
    for view in app.region_views:
        figure_map = getattr(view, "map", None)
        if figure_map is None:
            continue
        assert figure_map.selected_styles["selected_fill"] == "transparent"
        assert figure_map.hovered_styles["hovered_fill"] == "transparent"
        assert figure_map.selected_styles["selected_stroke_width"] >= 3  # still outlined


def test_hot_seat_shows_no_secret_objective_while_the_screen_passes() -> None:
    """Two players on one screen: while the screen passes to the next player, the last
    player's secret bonus objectives are not on it (a reviewer saw them there)."""
    app = PlayApp(hcgames.load("conquest-of-speros", players=2), humans=(0, 1), seed=1)
    shown_secret = False
    for _ in range(8):
        if app._needs_pass():
            assert "secret" not in app.own_side.value.lower()
            app.reveal()
        shown_secret |= "secret" in app.own_side.value.lower()
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    assert shown_secret  # the player who has the screen does see their own


def test_one_click_ends_a_turn_when_other_moves_are_offered() -> None:
    """CONQUEST: ending a turn early is one click on "End my turn" (it was three: the
    group, the entry, Play this move); Duels names what it ends."""
    from hcgames.classgame import class_game

    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=3)
    app.PAUSE = 0
    assert app.real_choice() and shown(app.end_button)
    assert app.end_button.description == "End my turn"
    turn = app.state.round
    app.end_button.click()
    # the turn has ended, the computer has moved, and the student chooses again (a
    # recapture in its turn, or the next turn)
    assert app.state.round > turn and app.real_choice()
    duel = PlayApp(duels("gallic-wars"), humans=(0,), bot="easy", seed=0)
    assert shown(duel.end_button) and duel.end_button.description == "End my planning"
    duel.end_button.click()
    assert duel.state.phase != "planning" or duel.state.current_player != 0


def test_conquest_last_move_does_not_run_on_into_the_next_turn() -> None:
    """Look 6, lesson 34: "Your last move: ... (5 of 5 moves used) Black's turn 3 of 6:
    Black has 5 moves." The banner says whose turn it is; the line says the move."""
    from hcgames.classgame import class_game

    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=3)
    app.PAUSE = 0
    app.end_button.click()
    assert "Your last move" in app.own_box.value
    assert "has 5 moves" not in app.own_box.value and "turn 1 of 6:" not in app.own_box.value


def test_conquest_says_when_a_recapture_may_be_made() -> None:
    """When the student may recapture, the banner says so and what the choice is."""
    from hcgames.classgame import class_game
    from hcgames.conquest.moves import PendingRecapture

    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=3)
    state: Any = app.state.copy()
    state.pending = PendingRecapture(space="k6", step=1, before=(), capturer="B-knight-1")
    app.state = state
    assert "your piece on k6 was just taken" in app.banner_text
    assert "refuse to recapture" in app.banner_text
    state.pending = PendingRecapture(space="k6", step=2, before=(), capturer="B-knight-1")
    assert "finish your recapture on k6" in app.banner_text


def test_classical_famine_says_what_unfed_does() -> None:
    """A famine's choices say what going unfed does, and the banner says why it asks."""
    from hcgames.classgame import class_game
    from hcgames.classical.actions import Starve

    app = PlayApp(class_game("classical-conquests"), humans=(0,), bot="easy", seed=7)
    state: Any = app.state
    home = state.game.material.territories[state.cities_of(0)[0]].id
    assert app.describe_action(Starve("army", home)).endswith("(the army is disbanded)")
    assert app.describe_action(Starve("city", home)).endswith("(the city shrinks to a village)")
    famine = state.copy()
    famine.shortfall = 1
    app.state = famine
    assert "choose 1 army, fleet or city to leave unfed" in app.banner_text
    assert "an unfed city shrinks to a village" in app.banner_text


def test_a_saved_conquest_class_game_is_named_by_the_turn_the_header_shows() -> None:
    """Lesson 34 saved 'round 2, move 1' at White's turn 1 of 6: the file now says the
    turn as the page does, without a quote mark the link's attribute would end at."""
    game = hcgames.load("conquest-1972", scenario="skirmish", moves_per_turn=5, turn_limit=13)
    name = PlayApp(game, humans=(0,), bot="easy", seed=0).save_file_name()
    assert name == "CONQUEST 1972 saved game, White turn 1 of 6, at the start.json"


def test_a_move_made_on_the_board_leaves_the_focus_on_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A keyboard player moves on the board (Enter on a piece, Enter on a gold square):
    the focus stays there instead of jumping to the list of moves; a move from the list
    still hands the focus back to the list."""
    monkeypatch.setattr(PlayApp, "PAUSE", 0.0)
    app = PlayApp(hcgames.load("conquest-1972", scenario="skirmish"), humans=(0,), seed=3)
    focused: list[str] = []
    monkeypatch.setattr(app.picker.choice, "focus", lambda: focused.append("list"))
    board = app.board_view
    assert board is not None
    board.click("j4")
    assert "j3" in board.reachable()
    board.click("j3")
    assert (app.state.region_views() or {})["j3"]["name"] == "White soldier 4"
    assert focused == []
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    assert focused == ["list"]


def test_new_game_asks_before_wiping_a_game_loaded_from_a_file() -> None:
    """A game loaded and not finished is a game under way: New game asks first, even
    before a move is made in it."""
    app = PlayApp(hcgames.load("conquest-1972", scenario="skirmish"), humans=(0,), seed=3)
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    saved = app.state.to_json()
    app.new_game()
    assert not app.game_under_way()
    assert app.load_json(saved) and app.game_under_way()
    app.ask_new_game()
    assert app.confirm_box.layout.display is None  # the question shows
    app.new_game()
    assert not app.game_under_way()


def test_your_last_move_drops_an_offer_the_computer_has_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a capture the computer may recapture; once it has answered, "Your last
    move" no longer says "Black may recapture on k7 or refuse"."""
    monkeypatch.setattr(PlayApp, "PAUSE", 0.0)
    app = PlayApp(hcgames.load("conquest-1972", scenario="skirmish"), humans=(0,), seed=3)
    capture = next(a for a in app.picker.shown if "Capture" in app.describe_action(a))
    app.picker.pick(capture)
    app.picker.apply_button.click()
    kinds = [e.kind for e in app.state.events]
    assert "recapture-offer" in kinds  # the computer was asked, and answered
    assert app.own_events and not any("may recapture" in w for w in app.own_events)


def test_a_long_duels_move_may_wrap_in_the_list() -> None:
    """Duels' moves name two places ("move 1 infantry from Numidia to Mare Balearicum"):
    the list may wrap any of them longer than 24 letters (at 1024 wide it holds about
    36), since it shows spaces as non-breaking ones."""
    app = PlayApp(duels("standard"), humans=(0,), seed=0)
    labels = [label for label, _ in app.picker.choice.options]
    long = [label for label in labels if len(label.replace("\u200b", "")) > 24]
    assert long and all("\u200b" in label for label in long), labels


def test_classical_last_move_says_the_research_roll_and_score_then_undo() -> None:
    """Lesson 24: an extra research roll said only what it cost, and the student's score,
    made in phases that passed by themselves, was said nowhere. "Your last move" now says
    both; after Undo it says the move was taken back instead of leaving an empty gap, and
    the save file is named by round and phase, not by a count of steps nobody sees."""
    from hcgames.classgame import class_game
    from hcgames.classical.actions import BuyResearchRoll, EndPhase

    app = PlayApp(class_game("classical-conquests"), humans=(0,), bot="easy", seed=7)
    for _ in range(10):
        actions = app.picker.actions
        if BuyResearchRoll() in actions:
            app.picker.pick(BuyResearchRoll())
            app.picker.apply_button.click()
            break
        app.picker.pick(next(a for a in actions if isinstance(a, EndPhase)))
        app.picker.apply_button.click()
    said = app.own_box.value
    assert "for an extra research roll. Athenians roll " in said
    assert "Athenians score 0 for monuments and 0 for the Arts" in said
    assert app.save_words().endswith(f", round {app.state.round}, {app.state.phase} phase")
    app.back_button.click()
    assert "Taken back with Undo" in app.own_box.value


def test_a_recapture_in_the_students_turn_says_what_it_took() -> None:
    """Look 6, lesson 34: "Black soldier 2 to i8" hid that it retook the student's
    knight, and "Black: Black knight 1 to j7" said the side twice."""
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=1)
    app.reasons = [
        "Black: Black soldier 2 to i8 \u2014 it retakes the enemy knight on i8; it was the "
        "only move allowed"
    ]
    assert "Black soldier 2 to i8: it retakes the enemy knight on i8" in app._why_html()
    app.reasons.append("Black: Black knight 1 to j7 \u2014 its knight moves to j7; a plan")
    assert "Black: Black knight" not in app._why_html()


def test_a_retake_in_two_steps_says_both_steps_and_what_it_took() -> None:
    """Look 9, lesson 34: the second step of a retake read only "it was the only move
    allowed", hiding the elephant and two soldiers it took."""
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=1)
    app.reasons = [
        "Black: Black ship 1 to g9 \u2014 its ship goes to g9, the first step of its retake on "
        "g10; it looked all right at a glance",
        "Black: Black elephant 1 to g10 \u2014 it retakes the enemy elephant on g10 and the two "
        "soldiers it carried; it had to finish the retake it began",
    ]
    words = app._why_html()
    assert "the first step of its retake on g10" in words
    assert "it retakes the enemy elephant on g10 and the two soldiers it carried" in words


def test_a_plain_step_of_the_computer_is_not_said_twice() -> None:
    """Look 6, lesson 34: "Black ship 2 to f9 \u2014 its ship moves to f9; it looked all
    right" said the step twice; a step onto its own piece still says what it was."""
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=1)
    app.reasons = [
        "Black: Black ship 2 to f9 \u2014 its ship moves to f9; it looked all right",
        "Black: Black knight 3 to k8 \u2014 its knight rides through k8, over its own "
        "knight, and goes on; it looked all right",
        "Black: Black soldier 5 to j8 \u2014 its soldier moves to j8; every move looked worse",
    ]
    words = app._why_html()
    assert "its ship moves to f9" not in words and "Black ship 2 to f9 \u2014 " not in words
    assert "Black knight 3 to k8: its knight rides through k8" in words
    assert "Black soldier 5 to j8 \u2014 every move looked worse" in words
    assert "Why: It looked all right" not in words and "The other moves: it looked" in words


def test_classical_last_move_names_the_move_when_its_payment_passes_by_itself() -> None:
    """Look 7, lesson 24: after a move whose payment passed by itself, "Your last move"
    was empty and only "Passed by itself: ... pay the rest the suggested way" was said;
    the student's own move is now named first."""
    from hcgames.classgame import class_game
    from hcgames.classical.actions import EndPhase

    app = PlayApp(class_game("classical-conquests"), humans=(0,), bot="easy", seed=7)
    seen = []
    for _ in range(120):
        if app.state.is_terminal():
            break
        actions = app.picker.actions
        builds = [a for a in actions if app.describe_action(a).startswith("place ")]
        action = builds[-1] if builds else next(a for a in actions if isinstance(a, EndPhase))
        words = app.describe_action(action)
        app.picker.pick(action)
        app.picker.apply_button.click()
        if "pay the rest" in app.pass_line.value:
            seen.append(words)
            assert app.own_box.value == f"<b>Your last move:</b> {words[:1].upper()}{words[1:]}."
            break
    assert seen


def test_a_capture_by_the_computer_is_never_folded_away() -> None:
    """Look 7, lesson 34: the computer's capture, its first move, was folded under
    "1 earlier move" while only its later ship moves showed; and a pass is not a move."""
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=1)
    app.reasons = [
        "Black: Black soldier 2 to j10 \u2014 it takes the enemy soldier on j10; a plan",
        "Black: Black ship 1 to f9 \u2014 its ship moves to f9; a plan",
    ] + [f"Black: Black ship {n} to g{n} \u2014 its ship moves to g{n}; a plan" for n in (2, 3, 4)]
    app.reasons.append("Black: pass the rest of the turn \u2014 it stops its turn; a plan")
    words = app._why_html()
    folded, _, shown = words.partition("</details>")
    assert "it takes the enemy soldier on j10" in shown and "j10" not in folded
    assert "1 earlier move" in folded and "f9" in folded
    assert "(5 moves and a pass, drawn in red on the board)" in words


def test_the_ships_row_says_a_seized_ship_plainly() -> None:
    """Look 7, lesson 34: "Ships left: Black 4 of 3" read as an error."""
    from hcgames.debrief import _ships_now  # the one row's words, tested alone

    assert _ships_now(4, 3) == "4 (3 at the start, 1 seized)"
    assert _ships_now(2, 3) == "2 of 3"


def test_a_turn_that_ended_by_itself_into_a_new_round_is_said_in_the_banner() -> None:
    """Look 11 (lesson 13): after the student's last real move its turn ended by itself,
    the computer played, and round 2's planning list opened where the last list stood;
    the student ended that planning by accident. The banner now says so first, until the
    student's next move; a turn the student ended itself is not said."""
    from hcgames.classgame import class_game
    from hcgames.widgets.play_screen import choice_kind

    app = PlayApp(class_game("conqueror-duels"), humans=(0,), bot="easy", seed=0)
    said = []
    for _ in range(60):
        if app.state.is_terminal():
            break
        moves = [a for a in app.picker.shown if choice_kind(a) != "End the phase"]
        app.picker.pick(moves[-1] if moves else app.picker.shown[0])
        before = app.state.round
        app.picker.apply_button.click()
        new = "Your last turn has ended by itself: this is a new one. "
        if app.state.round > before and not app.state.is_terminal():
            assert app.banner_text.startswith(new), app.banner_text
            said.append(app.state.round)
        else:
            assert "ended by itself" not in app.banner_text, app.banner_text
    assert said, "no turn of this game ended by itself into a new round"


def test_a_turn_ended_by_itself_is_said_without_a_round_number() -> None:
    """Look 13, lesson 34: "Round 5 has begun (your last turn ended by itself)" stood over
    "Black's turn 2 of 6" (the state's round is not the count the CONQUEST page shows)."""
    from hcgames.classgame import class_game

    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=10)
    app.PAUSE = 0
    for _ in range(80):
        if app.state.is_terminal():
            break
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
        assert "Round " not in app.banner_text, app.banner_text


def test_a_click_on_the_gold_end_of_a_move_picked_for_the_student_plays_it() -> None:
    """Look 13, lesson 34: in a recapture the student's piece had one move, so the list
    picked it and the board outlined both its spaces; the browser then reports a click on
    the outlined gold square as that square dropped from the board's selection, and the
    pick was put down instead of the move played (40 clicks stuck). Driven here through
    the board's ``selected`` trait, as the browser drives it."""
    from hcgames.classgame import class_game

    app = PlayApp(class_game("conquest-1972"), humans=(0,), bot="easy", seed=10)
    app.PAUSE = 0
    board = app.board_view
    assert board is not None
    while True:  # first moves down the list, until White may recapture
        state = app.state
        assert not state.is_terminal(), "seed 10 no longer reaches a recapture"
        kinds = {type(a).__name__ for a in state.legal_actions()}
        if "Refuse" in kinds and state.current_player == 0:
            break
        app.picker.pick(app.picker.shown[0])
        app.picker.apply_button.click()
    (move,) = [a for a in state.legal_actions() if type(a).__name__ == "Move"]
    source, target = state.action_regions(move)
    board.nodes.selected = [board.region_ids.index(source)]  # the student clicks the piece
    assert app.picker.selected_action == move  # its one move, picked for the student
    assert board.selection == [source, target]
    seen = len(state.events)
    board.nodes.selected = [board.region_ids.index(source)]  # the gold square, clicked
    played = str(app.state.events[seen])
    assert "recaptures" in played and f"on {target} from {source}" in played
    assert board.selection == []


def test_a_refused_retake_is_no_move_and_a_capture_that_played_itself_was_played() -> None:
    """Look 13, lesson 34: the computer's refusal to retake was counted "1 move, drawn in
    red on the board", with the Easy "it looked all right at a glance" for a why; and a
    capture that was the student's only move was said "Passed by itself"."""
    app = PlayApp(
        hcgames.load("conquest-1972", scenario="skirmish"), humans=(0,), bot="easy", seed=3
    )
    app.PAUSE = 0
    refused = played = ""
    for _ in range(40):
        if app.state.is_terminal() or (refused and played):
            break
        actions = app.picker.actions
        state: Any = app.state  # CONQUEST's state: it says which piece a move takes
        captures = [a for a in actions if state.captured_by(a) is not None]
        app.picker.pick(captures[0] if captures else actions[0])
        app.picker.apply_button.click()
        if "refuses to recapture" in app._why_html():
            refused = refused or app._why_html()
        if "by itself" in app._pass_html() and "Capture:" in app._pass_html():
            played = played or app._pass_html()
    assert "(a refusal to retake):" in refused and "drawn in red" not in refused
    assert "1 move" not in refused and "at a glance" in refused
    assert "it does not retake the piece" not in refused  # the move's words say it
    assert "<b>Played by itself:</b> White had only one possible move: Capture" in played
