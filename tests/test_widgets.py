"""Kernel-side tests of hcgames.widgets: buttons are clicked from Python.

Each behaviour is checked on the small toy game of ``tests/widget_toy_game.py`` and,
where it applies, on every real game that ``hcgames.available_games()`` lists.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")
pytest.importorskip("pandas")

import hcgames
from hcgames.bots import make_bot
from hcgames.core import IllegalAction, State
from hcgames.factions import SideStyle, side_style
from hcgames.widgets import (
    ActionPicker,
    BattlePanel,
    BoardView,
    CardRowsView,
    DicePanel,
    EventLog,
    GameStepper,
    HistoryCard,
    MapView,
    PlayApp,
    ScoreChart,
    Timeline,
    player_colour,
    region_colour,
    year_label,
)
from hcgames.widgets._base import region_fill, side_of
from hcgames.widgets.boards import piece_board
from hcgames.widgets.charts import EXACT_COLOUR, SIMULATED_COLOUR
from hcgames.widgets.geo import feature_centroid, fit_mercator
from tests.narrow import narrow
from tests.widget_toy_game import BattleDie, ToyGame, ToyState

TOY = "toy"
GAMES = [TOY, *hcgames.available_games()]


def new_state(name: str, seed: int = 1) -> State:
    if name == TOY:
        return ToyGame(cards=True).new_game(seed)
    options = hcgames.game_class(name).variants()[0]
    return hcgames.load(name, **options).new_game(seed)


def toy(state: State | None) -> ToyState:
    """The toy game's own view of ``state`` (its turn, armies and owners)."""
    return narrow(state, ToyState)


def snap(state: State) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def advance_to(state: State, wanted: Any, limit: int = 400, seed: int = 0) -> bool:
    """Play random legal actions until ``wanted(state)``; False if it never happens."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state):
            return True
        if state.is_terminal():
            return False
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return bool(wanted(state))


# --- packaging ------------------------------------------------------------------


def test_import_hcgames_does_not_import_jupyter_libraries() -> None:
    code = (
        "import sys, hcgames; "
        "print([m for m in ('ipywidgets', 'bqplot', 'pandas', 'hcgames.widgets') "
        "if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# --- the stepper -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_step_button_plays_one_action(name: str) -> None:
    stepper = GameStepper(new_state(name))
    before = len(stepper.state.history)
    before_snap = snap(stepper.state)
    stepper.step_button.click()
    assert len(stepper.state.history) == before + 1
    assert snap(stepper.state) != before_snap or stepper.state.events


@pytest.mark.parametrize("name", GAMES)
def test_back_restores_the_exact_previous_snapshot(name: str) -> None:
    stepper = GameStepper(new_state(name), seed=3)
    seen = [snap(stepper.state)]
    for _ in range(40):  # more than two checkpoints' worth
        if stepper.state.is_terminal():
            break
        stepper.step_button.click()
        seen.append(snap(stepper.state))
    history = list(stepper.state.history)
    while len(seen) > 1:
        seen.pop()
        stepper.back_button.click()
        assert snap(stepper.state) == seen[-1]
        assert stepper.state.history == history[: len(seen) - 1]
    assert stepper.back_button.disabled
    assert stepper.back() is False


def test_step_after_back_rolls_the_same_dice() -> None:
    stepper = GameStepper(new_state(TOY), seed=5)
    assert advance_to(stepper.state, lambda s: s.is_chance())
    stepper.update(stepper.state)
    first = stepper.step()
    stepper.back()
    assert stepper.step() == first


@pytest.mark.parametrize("name", GAMES)
def test_play_to_end_of_phase_changes_the_phase(name: str) -> None:
    stepper = GameStepper(new_state(name), bots=None, auto_bot="random")
    phase, round_ = stepper.state.phase, stepper.state.round
    stepper.phase_button.click()
    state = stepper.state
    assert state.phase != phase or state.round != round_ or state.is_terminal()
    if name == TOY:
        assert (phase, state.phase) == ("muster", "march")


@pytest.mark.parametrize("name", GAMES)
def test_text_mentions_the_phase(name: str) -> None:
    stepper = GameStepper(new_state(name))
    for _ in range(3):
        phase = stepper.state.phase
        # ... by its id, or by the words a game gives it for players (Speros)
        said = stepper.game.phase_title(phase).lower()
        views = [stepper, stepper.picker, stepper.dice, stepper.event_log]
        # (a map's own line says who holds how much; the stepper's line says when; a
        # CONQUEST board's line says only what a pick does: the stepper's says the turn)
        views += [
            v
            for v in (stepper.board_view, stepper.cards_view)
            if v and v.__dict__.get("says_turn", True)
        ]
        for view in views:
            text = view.text
            assert phase in text or said in text.lower(), (type(view).__name__, text)
        line = stepper.text_line.value
        assert phase in line or said in line.lower()
        stepper.step()


def test_a_maps_line_is_a_sentence_on_who_holds_how_much() -> None:
    stepper = GameStepper(new_state(TOY))
    view = stepper.map_view
    assert view is not None
    held = Counter(v["owner"] for v in view._views.values() if isinstance(v.get("owner"), int))
    ranked = sorted(held, key=lambda p: (-held[p], p))  # the most first, then seat order
    name = stepper.state.player_name
    first, *rest = ranked
    expected = f"{name(first)} holds {held[first]} of the {len(view.region_ids)} regions"
    expected += " on this map" + "".join(f", {name(p)} {held[p]}" for p in rest) + "."
    assert view.text == expected
    assert ":" not in view.text and ";" not in view.text  # not a list of fields


def test_auto_plays_the_number_of_actions_asked() -> None:
    stepper = GameStepper(new_state(TOY), auto_bot="random")
    stepper.auto_steps.value = 5
    stepper.auto_button.click()
    assert len(stepper.state.history) == 5
    assert stepper.auto(1000) > 0
    assert stepper.state.is_terminal()
    assert stepper.step_button.disabled
    assert stepper.step() is None
    assert "over" in stepper.text


def test_auto_in_a_page_says_it_runs_and_a_second_press_stops_it() -> None:
    """In a page (an event loop runs) Auto plays a move at a time: its button says
    "Running... (press to stop)", the other buttons wait, and a second press stops it."""
    stepper = GameStepper(new_state(TOY), auto_bot="random")
    stepper.auto_steps.value = 50
    seen: list[tuple[str, bool, bool]] = []

    async def run() -> None:
        stepper.auto_button.click()
        await asyncio.sleep(0)  # the run plays its first move
        button = stepper.auto_button
        seen.append((button.description, button.disabled, stepper.step_button.disabled))
        stepper.auto_button.click()  # stop
        assert stepper._auto_run is not None
        await stepper._auto_run

    asyncio.run(run())
    assert seen == [("Running\u2026 (press to stop)", False, True)]
    assert 1 <= len(stepper.state.history) < 50  # stopped early
    assert stepper.auto_button.description == "Auto" and not stepper.step_button.disabled
    before = len(stepper.state.history)
    stepper.auto_button.click()  # no loop (a script): the moves at once, as before
    assert len(stepper.state.history) > before or stepper.state.is_terminal()


def test_seats_with_bots_use_them() -> None:
    class FirstBot:
        name = "first"

        def __init__(self) -> None:
            self.calls = 0

        def choose(self, state: State) -> Any:
            self.calls += 1
            return state.legal_actions()[0]

    bot = FirstBot()
    stepper = GameStepper(new_state(TOY), bots={0: bot})
    stepper.step()
    assert bot.calls == 1
    with pytest.raises(ValueError, match="seat 5"):
        GameStepper(new_state(TOY), bots={5: bot})
    everyone = GameStepper(new_state(TOY), bots="random")
    assert set(everyone.bots) == {0, 1}
    assert GameStepper(new_state(TOY), bots=bot).bots == {0: bot, 1: bot}


def test_make_bot_names() -> None:
    for name in ("random", "greedy", "mcts"):
        bot = make_bot(name, seed=1)
        state = new_state(TOY)
        assert bot.choose(state) in state.legal_actions()
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_picker_apply_plays_the_picked_action_in_the_stepper() -> None:
    stepper = GameStepper(new_state(TOY))
    assert stepper.state.phase == "muster"
    action = stepper.picker.actions[-1]
    stepper.picker.pick(action)
    stepper.picker.apply_button.click()
    assert stepper.state.history[-1] == action


def test_step_is_the_one_button_that_plays_the_picked_move() -> None:
    stepper = GameStepper(new_state(TOY))
    # one button per meaning: the list's own Apply is hidden, Step plays the pick
    assert stepper.picker.apply_button.layout.display == "none"
    action = stepper.picker.actions[-1]
    stepper.picker.pick(action)
    stepper.step_button.click()
    assert stepper.state.history[-1] == action


def test_a_refused_action_is_reported_not_raised() -> None:
    state = new_state(TOY)
    refused: list[str] = []

    def refuse(action: Any) -> None:
        raise IllegalAction("not now", rule="test rule")

    picker = ActionPicker(state, on_action=refuse)
    picker.apply_button.click()
    refused = [o.get("text", "") for o in picker.messages.outputs]
    assert any("test rule" in text for text in refused)


# --- the map and the board -------------------------------------------------------------


def test_map_colours_change_in_place_after_a_capture() -> None:
    stepper = GameStepper(new_state(TOY))
    view = stepper.map_view
    assert view is not None
    mark, figure = view.map, view.figure
    stepper.step()  # muster
    alpha = toy(stepper.state).turn
    source = next(r for r in toy(stepper.state).held(alpha) if toy(stepper.state).armies[r] >= 2)
    target = "gulf"  # empty: marching in takes it
    assert view.map.colors["gulf"] == region_colour(None, sea=True)
    view.map.selected = [source]  # what a click in the browser does
    view.map.selected = [source, target]
    assert [str(a) for a in stepper.picker.shown] == [
        f"Alpha marches from {view.names[source]} to The Gulf"
        if alpha == 0
        else f"Beta marches from {view.names[source]} to The Gulf"
    ]
    stepper.picker.apply_button.click()
    assert toy(stepper.state).owner["gulf"] == alpha
    assert view.map is mark and view.figure is figure
    # the side's hatch (ownership never by colour alone), over the side's colour
    assert view.map.colors["gulf"] == region_fill(alpha, True, stepper.state)
    assert view.map.colors["gulf"].startswith("url(#hc-")
    assert view.colours()[view.region_ids.index(source)] == player_colour(alpha)
    labels = dict(zip(view.region_ids, view.unit_labels.text, strict=True))
    assert labels["gulf"] == "1"
    assert view.selection == [] and not view.map.selected


def test_a_place_picked_while_the_map_recolours_keeps_its_holders_colour() -> None:
    """bqplot fills a picked place with the see-through ``selected_fill`` whenever it
    recolours the map, and leaves it so once the pick is dropped (a white place after a
    move): the map recolours with nothing picked, and fills every place again when a
    pick is dropped."""
    stepper = GameStepper(new_state(TOY))
    view = stepper.map_view
    assert view is not None
    sent: list[tuple[str, Any]] = []
    view.map.observe(lambda c: sent.append((c["name"], c["new"])), names=["colors", "selected"])
    stepper.step()  # muster
    state = stepper.state
    alpha = toy(state).turn
    march = next(
        a for a in state.legal_actions() if tuple(state.action_regions(a))[-1:] == ("gulf",)
    )
    view.highlight(["gulf"])
    sent.clear()
    state.apply(march)
    view.update(state)  # the gulf changes hands while it is picked
    assert view.map.colors["gulf"] == region_fill(alpha, True, state)
    names = [name for name, _ in sent]
    colours = names.index("colors")
    assert names[colours - 1 : colours + 2] == ["selected", "colors", "selected"]
    assert sent[colours - 1][1] is None  # nothing picked as the colours change
    assert [str(r) for r in view.map.selected] == ["gulf"]  # picked again after
    sent.clear()
    view.forget_selection()
    assert [name for name, _ in sent] == ["selected", "colors"]  # every place filled again


@pytest.mark.parametrize(
    "name", [g for g in GAMES if new_state(g).game.geojson() or new_state(g).game.board_layout()]
)
def test_region_colours_follow_the_owners_in_place(name: str) -> None:
    stepper = GameStepper(new_state(name), auto_bot="random")
    views = [v for v in (stepper.map_view, stepper.board_view) if v is not None]
    marks = [(v, v.figure) for v in views]
    for _ in range(30):
        if stepper.state.is_terminal():
            break
        stepper.auto(3)
        owners = stepper.state.region_views() or {}
        for view, figure in marks:
            assert view.figure is figure
            colours = dict(zip(view.region_ids, view.colours(), strict=True))
            for region, info in owners.items():
                if str(region) in colours:
                    sea = view._sea[view.region_ids.index(str(region))]
                    owner = info.get("owner")
                    assert colours[str(region)] == region_colour(owner, sea, stepper.state)
        if stepper.map_view is not None:
            shown = stepper.map_view.map.colors
            for rid, colour in zip(
                stepper.map_view.region_ids, stepper.map_view.fills(), strict=True
            ):
                assert shown[rid] == colour


@pytest.mark.parametrize(
    "name", [g for g in GAMES if new_state(g).game.geojson() or new_state(g).game.board_layout()]
)
def test_selecting_regions_filters_the_picker(name: str) -> None:
    stepper = GameStepper(new_state(name), auto_bot="random")
    view = stepper.map_view or stepper.board_view
    assert view is not None

    def has_region_action(state: State) -> bool:
        if state.is_terminal() or state.is_chance():
            return False
        return any(
            set(state.action_regions(a)) <= set(view.region_ids) and state.action_regions(a)
            for a in state.legal_actions()
        )

    for _ in range(60):
        if has_region_action(stepper.state):
            break
        stepper.auto(1)
    state = stepper.state
    if not has_region_action(state):
        pytest.skip(f"{name}: no action named map regions in the first 60 actions")
    action = next(
        a
        for a in state.legal_actions()
        if state.action_regions(a) and set(state.action_regions(a)) <= set(view.region_ids)
    )
    regions = list(state.action_regions(action))[:2]
    view.select(regions)
    shown = stepper.picker.shown
    assert action in shown
    assert all(tuple(state.action_regions(a))[: len(regions)] == tuple(regions) for a in shown)
    assert len(shown) <= len(state.legal_actions())
    assert " then ".join(regions) in stepper.picker.text
    assert stepper.picker.show_all_button.layout.display is None  # offered once narrowed
    stepper.picker.show_all_button.click()
    assert stepper.picker.shown == state.legal_actions()
    assert stepper.picker.show_all_button.layout.display == "none"  # nothing to undo now


def test_map_click_toggles_and_a_third_click_starts_again() -> None:
    view = MapView(new_state(TOY))
    seen: list[list[str]] = []
    view.on_select(seen.append)
    view.map.selected = ["north"]
    view.map.selected = ["north", "west"]
    assert view.selection == ["north", "west"]
    view.map.selected = ["north", "west", "gulf"]
    assert view.selection == ["gulf"]
    assert list(view.map.selected) == ["gulf"]
    view.map.selected = None  # a click on the background
    assert view.selection == []
    assert seen == [["north"], ["north", "west"], ["gulf"], []]
    with pytest.raises(ValueError, match="no region"):
        view.select(["atlantis"])


def test_map_hover_shows_the_region_sentence() -> None:
    view = MapView(new_state(TOY))
    view.map._handle_custom_msgs(None, {"event": "hover", "data": {"id": "west"}})
    assert "West Ford: 1 armies, held by nobody" in view.hover_box.value
    assert view.info.value == ""  # the hover is not echoed under the key
    assert view.map.interactions == {"click": "select", "hover": "tooltip"}


def test_board_view_colours_labels_and_clicks() -> None:
    state = toy(new_state(TOY))
    view = BoardView(state)
    north = view.region_ids.index("north")
    owner = state.owner["north"]
    assert owner is not None
    assert view.token_colours()["north"] == side_of(state, owner).colour
    assert list(view.unit_labels.text)[north] == "3"
    view.nodes.selected = [north]  # one picked space: where it may go is highlighted
    reach = {r for a in state.legal_actions() if (r := state.action_regions(a))[:1] == ("north",)}
    assert set(view.highlighted) == {x[-1] for x in reach if len(x) > 1}
    view.nodes.selected = None
    view.nodes.selected = [north]
    view.nodes.selected = [view.region_ids.index("west")]  # not reachable: picked instead
    assert view.selection == ["west"]
    view.click("west")  # the same again: put down
    assert view.selection == []
    view.nodes.hovered_point = north
    assert "North Hills" in view.hover_box.value


def test_board_click_on_a_gold_square_moves_and_on_another_piece_switches() -> None:
    from hcgames.conquest import ConquestGame

    view = BoardView(ConquestGame().new_game())
    seen: list[list[str]] = []
    view.on_select(seen.append)
    view.click("d2")  # the knight: the galleon's port c2 is gold
    assert "c2" in view.highlighted
    view.click("h2")  # another White piece: picked instead
    assert view.selection == ["h2"]
    view.click("h3")  # a gold square: source and target, the move to play
    assert view.selection == ["h2", "h3"]
    view.click("h3")  # a third click starts again
    assert seen[-1] == ["h3"]
    # the lessons' board plays the move itself, or hands it to who listens
    board = piece_board(ConquestGame().new_game())
    start = board.state
    board.click("d2")
    board.click("c2")
    where: Any = board.state
    assert board.state is not start and where.where["W-knight1"] != "d2"
    assert "moves" in board.text or "boards" in board.text
    board.put_back()
    where = board.state
    assert board.state is start and where.where["W-knight1"] == "d2"
    played: list[object] = []
    board.on_move(played.append)
    board.click("h2")
    board.click("h3")
    assert [str(m) for m in played] == ["White knight 2 to h3"] and board.state is start


def test_board_says_why_a_piece_cannot_move() -> None:
    """Look 6: "From j11 it may go to: nowhere." and "it cannot move from here now."
    gave no reason (and the first was said of an empty space too)."""
    from hcgames.conquest import ConquestGame

    view = BoardView(ConquestGame().new_game())
    view.click("j8")  # an empty space
    assert view.text.endswith("No piece here.") and "nowhere" not in view.text
    view.click("m12")  # a Black piece in White's turn
    assert view.text.endswith("It is Black's piece, and White plays now.")
    view.says_turn = False  # the play screen's board: only what the pick does
    view.click("j8")
    assert view.text == "No piece here."
    view.click("m12")
    assert view.text == "It is Black's piece, and White plays now."
    board = piece_board(ConquestGame().new_game())
    board.click("m12")
    assert board.text.endswith(
        "it cannot move from here now. It is Black's piece, and White plays now."
    )


def test_map_labels_sit_inside_their_regions() -> None:
    game = ToyGame()
    fit = fit_mercator(game.geojson(), 640, 420)
    for feature in game.geojson()["features"]:
        lon, lat = feature_centroid(feature)
        ring = feature["geometry"]["coordinates"][0]
        xs = [p[0] for p in ring]
        ys = [p[1] for p in ring]
        assert min(xs) < lon < max(xs) and min(ys) < lat < max(ys)
        x, y = fit.pixel(lon, lat)
        assert 0 < x < 640 and 0 < y < 420
    corners = [fit.pixel(10, 41), fit.pixel(12, 46)]
    assert min(c[1] for c in corners) == pytest.approx(16)  # the map fills the height
    assert (corners[0][0] + corners[1][0]) / 2 == pytest.approx(320)  # centred


# --- dice, log, cards -------------------------------------------------------------------


#: CONQUEST (1972) has no dice and no cards: its dice panel only ever says so
NO_LUCK = {"conquest-1972"}


def test_no_luck_names_only_registered_games() -> None:
    assert set(NO_LUCK) <= set(hcgames.available_games())


@pytest.mark.parametrize("name", [g for g in GAMES if g not in NO_LUCK])
def test_dice_panel_applies_exactly_the_outcome_set(name: str) -> None:
    state = new_state(name)
    assert advance_to(state, lambda s: not s.is_terminal() and s.is_chance())
    expected = state.copy()
    panel = DicePanel(state)
    index = len(panel.outcomes) - 1
    outcome, probability = panel.outcomes[index]
    assert str(probability) in panel.choice.options[index][0]
    panel.choice.value = index
    panel.set_button.click()
    expected.apply(outcome)
    assert snap(state) == snap(expected)
    assert state.history[-1] == outcome


@pytest.mark.parametrize("name", sorted(NO_LUCK))
def test_dice_panel_stays_idle_in_a_game_without_luck(name: str) -> None:
    state = new_state(name)
    assert not advance_to(state, lambda s: not s.is_terminal() and s.is_chance())
    panel = DicePanel(state)
    assert panel.roll_button.disabled and panel.set_button.disabled
    assert "no dice" in panel.text


def test_dice_panel_roll_is_seeded_and_idle_without_dice() -> None:
    rolls = []
    for _ in range(2):
        state = new_state(TOY)
        assert advance_to(state, lambda s: s.is_chance())
        panel = DicePanel(state, seed=11)
        rolls.append(panel.roll())
    assert rolls[0] == rolls[1]
    idle = DicePanel(new_state(TOY))
    assert idle.roll_button.disabled and idle.set_button.disabled
    assert "no dice" in idle.text


def test_dice_panel_in_the_stepper_goes_through_back() -> None:
    stepper = GameStepper(new_state(TOY))
    assert advance_to(stepper.state, lambda s: s.is_chance())
    stepper.update(stepper.state)
    before = snap(stepper.state)
    assert stepper.dice.layout.display is None and stepper.picker.layout.display == "none"
    faces = [narrow(o, BattleDie).face for o, _ in stepper.dice.outcomes]
    stepper.dice.set_outcome(faces.index(4))
    assert narrow(stepper.state.history[-1], BattleDie).face == 4
    stepper.back()
    assert snap(stepper.state) == before


def test_event_log_keeps_one_output_and_shows_the_latest_rows() -> None:
    state = new_state(TOY)
    log = EventLog(state, rows=3)
    output = log.output
    assert log.frame.empty
    advance_to(state, lambda s: len(s.events) >= 5)
    log.update(state)
    assert log.output is output
    assert list(log.frame["text"]) == [e.text for e in state.events[-3:]]
    assert list(log.frame.index) == list(range(len(state.events) - 2, len(state.events) + 1))
    assert state.events[-1].text.split(":")[0] in log.output.outputs[0]["data"]["text/html"]


def test_card_rows_view_lists_each_row() -> None:
    state = new_state(TOY)
    view = CardRowsView(state)
    assert "Alpha's regions" in view.text and "Beta's regions" in view.text
    assert "North Hills" in view.board.value
    with pytest.raises(ValueError):
        GameStepper(state).update(ToyGame().new_game(0))


# --- charts and cards ------------------------------------------------------------------


def test_battle_panel_bars_sum_to_one_and_match_the_exact_odds() -> None:
    odds = {"attacker wins": Fraction(7, 12), "defender holds": Fraction(5, 12)}

    def fight(rng: random.Random) -> str:
        return "attacker wins" if rng.randrange(12) < 7 else "defender holds"

    panel = BattlePanel(odds, simulate=fight, trials=2000, seed=4, title="one die each")
    exact, simulated = (list(row) for row in panel.bars.y)
    assert sum(exact) == pytest.approx(1.0)
    assert sum(simulated) == pytest.approx(1.0)
    assert sum(panel.exact.values()) == 1
    assert exact[0] == pytest.approx(7 / 12)
    assert abs(simulated[0] - 7 / 12) < 0.05
    assert "7/12" in panel.text and "run number 4" in panel.text
    again = BattlePanel(odds, simulate=fight, trials=2000, seed=4)
    assert again.simulated == panel.simulated
    panel.run_button.click()
    assert "run number 5" in panel.text


def test_battle_panel_checks_its_input() -> None:
    with pytest.raises(ValueError, match="sum to exactly 1"):
        BattlePanel({"a": Fraction(1, 2)})
    with pytest.raises(TypeError, match="exact Fraction"):
        BattlePanel({"a": 0.5, "b": 0.5})  # type: ignore[dict-item]  # floats on purpose
    with pytest.raises(ValueError, match="not one of the outcomes"):
        BattlePanel({"a": Fraction(1)}, simulate=lambda rng: "b")
    plain = BattlePanel({"a": Fraction(1, 3), "b": Fraction(2, 3)})
    assert plain.run_button.disabled and len(plain.bars.y) == 1


def test_battle_panel_can_wait_for_the_class_and_keeps_one_colour_per_series() -> None:
    odds = {"attacker wins": Fraction(7, 12), "defender holds": Fraction(5, 12)}
    waiting = BattlePanel(
        odds, simulate=lambda rng: "attacker wins", run_now=False, x_label="who wins"
    )
    assert waiting.simulated is None and len(waiting.bars.y) == 1
    assert not waiting.run_button.disabled
    # exact chances only: every bar in the exact colour, not alternating colours
    assert waiting.bars.color_mode == "element" and list(waiting.bars.colors) == [EXACT_COLOUR]
    assert waiting.outcome_axis.label == "who wins" and waiting.chance_axis.label == "chance"
    assert "exact chance" in waiting.key.value
    waiting.run_button.click()
    assert waiting.simulated == {"attacker wins": 1.0, "defender holds": 0.0}
    assert list(waiting.bars.colors) == [EXACT_COLOUR, SIMULATED_COLOUR]
    assert "simulated battles" in waiting.key.value
    assert waiting.bars.label_display_format == ".1%"


def test_timeline_names_never_run_off_the_right_edge() -> None:
    items = [
        {"label": "oared war galleys", "start": -700, "end": 1720, "group": "sea"},
        {"label": "galleons", "start": 1530, "end": 1700, "group": "sea"},
        {"label": "Battle of Zama", "start": -202, "end": -202, "group": "war"},
    ]
    timeline = Timeline(items, width=720)
    assert [t.split(" (")[0] for t in timeline.end_names.text] == ["galleons"]
    assert "oared war galleys (700 BC to AD 1720)" in list(timeline.names.text)
    assert list(timeline.end_names.x) == [1700.0]
    assert "background" not in timeline.legend.value  # swatches, not text on colour
    # a one-year item is its marker alone: no sliver of bar beside it (a stray tick)
    assert [list(x) for x in timeline.segments.x][2] == [-202.0, -202.0]


def test_timeline_labels_years_bc_and_ad() -> None:
    assert year_label(-218) == "218 BC"
    assert year_label(14) == "AD 14"
    items = [
        {"label": "Second Punic War", "start": -218, "end": -201, "group": "war"},
        {"label": "Augustus rules", "start": -27, "end": 14, "group": "rulers"},
    ]
    timeline = Timeline(items)
    labels = timeline.x_axis.tick_labels
    assert any(v.endswith(" BC") for v in labels.values())
    assert any(v.startswith("AD ") for v in labels.values())
    assert "Second Punic War (218 BC to 201 BC)" in timeline.text
    with pytest.raises(ValueError, match="before it starts"):
        Timeline([{"label": "x", "start": 10, "end": 5}])


def test_score_chart_from_series_and_from_states() -> None:
    chart = ScoreChart({"Rome": [1, 2, 4], "Carthage": [2, 2]}, "victory points")
    assert "Rome 4" in chart.text and "Carthage 2" in chart.text
    # side colours, named in a key; axes in the lesson's words; whole ticks only
    rome = narrow(side_style("Rome"), SideStyle)
    carthage = narrow(side_style("Carthage"), SideStyle)
    assert list(chart.lines.colors) == [rome.colour, carthage.colour]
    assert "Rome" in chart.key.value and "Carthage" in chart.key.value
    assert chart.x_axis.label == "round" and chart.y_axis.label == "victory points"
    assert chart.y_axis.tick_format == "d"
    assert all(float(t).is_integer() for t in chart.y_axis.tick_values)
    assert len(set(chart.y_axis.tick_values)) == len(chart.y_axis.tick_values)
    named = ScoreChart({"White": [519, 520]}, x_label="turn", y_label="moves")
    assert named.x_axis.label == "turn" and named.y_axis.label == "moves"
    assert list(named.lines.colors) != ["#FFFFFF"]  # White stays visible on white
    assert "White 520." in named.text and "520.0" not in named.text
    state = new_state(TOY)
    chart = ScoreChart(title="regions held")
    chart.update(state)
    advance_to(state, lambda s: len(s.history) > 10)
    chart.update(state)
    assert set(chart.series) == {"Alpha", "Beta"}
    assert all(len(v) == 2 for v in chart.series.values())


def test_history_card_states_its_text() -> None:
    card = HistoryCard("Cannae", "216 BC", "An army is surrounded.", {"Where": "Apulia"})
    assert card.text == "Cannae (216 BC): An army is surrounded. [Where: Apulia]"
    assert "Apulia" in card.card.value


def test_history_card_sets_a_note_apart_in_its_own_paragraph() -> None:
    card = HistoryCard("Tuskegee Airmen", "army", "They flew.\n\nBehind the card: they fought.")
    assert "<p style='margin:6px 0'>They flew.</p>" in card.card.value
    assert "<p style='margin:6px 0'><b>Behind the card:</b> they fought.</p>" in card.card.value


# --- playing against bots -------------------------------------------------------------------


def test_play_app_lets_bots_answer_and_back_returns_to_the_human() -> None:
    app = PlayApp(ToyGame(), humans=(1,), bot="easy", seed=2)
    assert app.state.current_player == 1  # Alpha's whole first turn was played by the bot
    assert app.dice.layout.display == "none"
    first = snap(app.state)
    assert app.picker.apply_button.disabled  # nothing is picked for the student
    app.picker.pick(app.picker.shown[0])
    app.picker.apply_button.click()
    state = app.state
    assert state.is_terminal() or state.current_player == 1
    assert any(a for a in state.history[len(state.history) - 1 :])
    app.back_button.click()
    assert snap(app.state) == first
    assert app.back() is False  # no earlier human decision
    with pytest.raises(ValueError, match="seat 3"):
        PlayApp(ToyGame(), humans=(3,))


@pytest.mark.parametrize("name", GAMES)
def test_play_app_runs_on_every_game(name: str) -> None:
    game = new_state(name).game
    app = PlayApp(game, humans=(0,), bot="easy", seed=1)
    for _ in range(5):
        if app.state.is_terminal():
            break
        assert app.state.current_player == 0
        app.step()
    assert app.state.is_terminal() or app.state.current_player == 0


def test_with_slider_names_keeps_the_view_and_adds_the_naming_script() -> None:
    """Sliders get their description as their accessible name in the page (axe rule
    aria-input-field-name); the browser test checks the result with axe."""
    import ipywidgets

    from hcgames.widgets import with_slider_names

    slider = ipywidgets.IntSlider(description="games")
    box = with_slider_names(slider)
    assert box.children[0] is slider
    script = box.children[1]
    assert "onerror=" in script.value and "aria-label" in script.value
    assert script.layout.display == "none"


def test_the_stepper_speaks_plain_words_once() -> None:
    """Levels by their plain names (an older bot name keeps playing), no move count in
    the counter, and one line says where the game stands: the panels under the
    stepper do not repeat it."""
    game = hcgames.load("conqueror-duels", scenario="standard")
    stepper = GameStepper(game.new_game(seed=1), bots=["greedy", "random"], seed=1)
    labels = [label for label, _ in stepper.bot_choice.options]
    assert labels == ["Easy", "Medium", "Hard"]
    assert stepper.bot_choice.value == "greedy" and stepper.bot_choice.label == "Medium"
    assert stepper.bot_choice.description == "Computer"
    # both sides have their own computer player: the level menu would do nothing
    assert stepper.bot_choice.layout.display == "none"
    alone = GameStepper(game.new_game(seed=1), bots=["greedy", None], seed=1)
    assert alone.bot_choice.layout.display != "none"
    stepper.step()
    assert "action" not in stepper.round_counter.value
    assert "data-moves='1'" in stepper.round_counter.value
    for panel in (stepper.picker, stepper.dice, stepper.event_log):
        assert panel.text_line.layout.display == "none"
    assert "(s)" not in stepper.text_line.value


def test_a_conquest_stepper_says_where_the_turn_stands_once() -> None:
    """Look 6, lesson 30: "Now: Black is moving.", "Turn 2: Black is moving, 10 of 20
    moves used." and "Turn 2, Black moving: 10 of 20 moves used. ..." said it three
    times; the sentence under the buttons says it, the board its picks."""
    game = hcgames.load("conquest-1972")
    stepper = GameStepper(game.new_game(), bots=["greedy", "greedy"], seed=1, board_width=560)
    stepper.step()
    assert "1 of 10 moves used" in stepper.text_line.value
    assert stepper.timeline.layout.display == "none"
    assert stepper.board_view is not None
    assert "moves used" not in stepper.board_view.text_line.value


def test_a_page_map_keeps_its_key_beside_it_and_grows_to_the_window_height() -> None:
    """A stepper's page map (fluid) has its key at the foot of the side column, and its
    column is capped by the window's height only; a fixed-size map keeps its key under."""
    game = hcgames.load("conqueror-duels", scenario="standard")
    stepper = GameStepper(game.new_game(seed=1), bots=["greedy", "greedy"], seed=1)
    assert stepper.map_view is not None
    views, side = stepper.stepper_main.children
    key = stepper.map_view.legend
    assert key not in stepper.map_view.children and side.children[-1] is key
    assert "hcgames-legend-beside" in key._dom_classes
    assert views.layout.max_width.startswith("calc((100vh - ")
    assert "clamp(300px" in side.layout.flex and side.layout.overflow == "hidden auto"
    stepper.step()  # the key beside the map still follows it
    assert "Carthage" in key.value and "Rome" in key.value
    fixed = GameStepper(game.new_game(seed=1), bots=["greedy", "greedy"], map_width=560)
    assert fixed.map_view is not None and fixed.map_view.legend in fixed.map_view.children


def test_the_log_says_a_short_conquest_game_s_turns_as_its_header_does() -> None:
    """Lesson 34's "What happened" led White's first move with "Turn 2, moving" under a
    header saying "White's turn 1 of 6": the log now counts the class game's turns the
    same way."""
    from hcgames.widgets.panels import _table_html

    game = hcgames.load("conquest-1972", scenario="skirmish", moves_per_turn=5, turn_limit=13)
    said = _table_html([{"round": 2, "phase": "moving", "text": "White soldier 1 moves"}], 0, game)
    assert "White&#x27;s turn 1 of 6, moving:" in said and "Turn 2" not in said
    # Black's recapture in White's turn is not filed as White's own
    row = {"round": 2, "phase": game.phase_title("recapture"), "text": "Black knight 1 ..."}
    assert "White&#x27;s turn 1 of 6, answered by a recapture:" in _table_html([row], 0, game)
    duels = hcgames.load("conqueror-duels")
    assert "Round 2, planning:" in _table_html(
        [{"round": 2, "phase": "planning", "text": "Rome ends its planning"}], 0, duels
    )


def test_the_computers_moves_are_outlined_where_each_piece_stopped() -> None:
    """Look 6, lesson 34: after a galleon sailed m8, m7, m6 (two moves) the empty m7
    was outlined in red, not m6 where it stopped."""
    from hcgames.conquest import ConquestGame

    view = BoardView(ConquestGame().new_game())
    view.mark_moves([["m8", "m7"], ["m7", "m6"], ["c2", "c1"]])
    outlined = set(zip(view.move_ends.x, view.move_ends.y, strict=True))
    assert outlined == {view._xy["m6"], view._xy["c1"]}


def test_a_log_with_whole_events_shows_the_newest_uncut_and_folds_the_older() -> None:
    """Lesson 40's "What happened" cut its last line in the middle of a sentence (look
    12): with ``whole``, the newest events stand whole outside any box that scrolls, and
    the older ones fold away under "Earlier events"."""
    import re

    from hcgames.widgets.panels import _table_html

    game = hcgames.load("conquest-of-speros", players=2)
    rows = [{"round": 1, "phase": "Discard", "text": f"Event number {i}."} for i in range(5)]
    said = _table_html(rows, 0, game, whole=2)
    top, _summary, folded = said.partition("<summary>Earlier events (3)</summary>")
    assert "Event number 4." in top and "Event number 3." in top and "max-height" not in top
    assert all(f"Event number {i}." in folded for i in range(3))
    assert "max-height" in folded  # the older events scroll inside the fold
    assert re.findall(r"<li value='(\d+)'", said) == ["5", "4", "3", "2", "1"]
    assert "<details" not in _table_html(rows[:2], 0, game, whole=2)  # nothing older


def test_a_log_that_folds_counts_every_earlier_event() -> None:
    """Look 15, lesson 40: "Earlier events (4)" stayed at 4 while the events' numbers
    ran on to 20: the fold holds every event older than the newest shown whole."""
    from hcgames.widgets.panels import EventLog

    state = hcgames.load("conquest-of-speros", players=2).new_game(seed=1)
    log = EventLog(state, rows=6)
    log.whole = 2
    while len(state.events) < 12 and not state.is_terminal():
        state.apply(
            state.chance_outcomes()[0][0] if state.is_chance() else state.legal_actions()[0]
        )
    log._key = None
    log.update(state)
    said = log.output.outputs[0]["data"]["text/html"]
    assert f"<summary>Earlier events ({len(state.events) - 2})</summary>" in said


def test_the_aegean_picture_draws_its_small_islands_and_names_persia() -> None:
    """Look 13, lesson 43: Delos and Naxos were dots in open sea, and Persia, which the
    text names, was off the map. Each island the coast leaves out is drawn as land under
    its dot, and the Persian Empire's name stands on its Asian coast, inside the frame."""
    import re

    from hcgames.speros import lessons
    from hcgames.widgets.place_picture import place_picture_svg

    width = 600
    geojson = hcgames.load("classical-conquests").geojson()
    assert geojson is not None
    svg = place_picture_svg(
        geojson,
        lessons.DELIAN_PLACES,
        lessons.AEGEAN_BOUNDS,
        width,
        lessons.DELIAN_ISLANDS,
    )
    islands = re.findall(r"<ellipse cx='([\d.]+)' cy='([\d.]+)' rx='([\d.]+)'", svg)
    dots = dict(re.findall(r"<circle cx='([\d.]+)' cy='[\d.]+'.*?>([A-Z][a-z]+)</text>", svg))
    assert len(islands) == 3
    for name in ("Naxos", "Delos", "Salamis"):
        dot = float(next(x for x, n in dots.items() if n == name))
        assert any(abs(float(cx) - dot) < float(rx) for cx, _cy, rx in islands), name
    persia = re.search(r"<text x='([\d.]+)'[^>]*>PERSIAN EMPIRE</text>", svg)
    assert persia is not None
    half = len("PERSIAN EMPIRE") * 17 * 0.4  # about half the name's width at 17 px
    assert half < float(persia.group(1)) < width - half
