"""What a student needs to choose well, on the play screen and agreeing with the rules:
prices and effects of what can be bought, the student's own side in view, why a card
or a phase is not available, and CONQUEST's captures marked and grouped."""

from __future__ import annotations

import random
import re
from typing import Any, cast

import pytest

pytest.importorskip("ipywidgets")

import hcgames
from hcgames.conquest import ConquestGame
from hcgames.speros import SperosGame
from hcgames.widgets import PlayApp

PlayApp.PAUSE = 0


def _click_until(app: PlayApp, found: Any, seed: int = 1, clicks: int = 300) -> bool:
    rng = random.Random(seed)
    for _ in range(clicks):
        if found(app):
            return True
        if app.state.is_terminal():
            return False
        app.picker.pick(rng.choice(app.picker.shown))
        app.picker.apply_button.click()
    return bool(found(app))


def test_conquest_refusing_a_recapture_has_its_own_group() -> None:
    """Look 6, lesson 34: "refuse to recapture" was hidden under "Other (1)"."""
    from hcgames.conquest import Refuse

    app = PlayApp(ConquestGame(scenario="skirmish"), humans=(0,), bot="easy", seed=3)
    assert app._group_of(Refuse())[0] == "Refuse to recapture"


def test_conquest_captures_are_marked_grouped_first_and_really_capture() -> None:
    app = PlayApp(ConquestGame(scenario="skirmish"), humans=(0,), bot="medium", seed=3)

    def captures(a: PlayApp) -> bool:
        return any(cast(Any, a.state).captured_by(m) for m in a.picker.actions)

    assert _click_until(app, captures)
    labels = [label for label, _ in app.picker.kinds.options]
    assert labels[1].startswith("Captures: ")
    # the counts are of moves, and say so ("Ships: 6 moves", not "Ships (6)")
    assert all(re.search(r": \d+ moves?$", label) for label in labels)
    for move in app.picker.actions:
        words = app.describe_action(move)
        captured = cast(Any, app.state).captured_by(move)
        assert words.startswith("Capture: ") == (captured is not None)
        if captured is None:
            continue
        state: Any = app.state
        after = state.copy()
        after.apply(move)
        assert state.owner[captured] != state.current_player
        # the rules take the piece (or leave it to a recapture) where the move goes
        assert any("captures" in e.text for e in after.events[len(state.events) :])
    assert len(app.picker.kinds.options) > 2  # groups a student can scan


def test_duels_heroes_for_sale_give_price_and_effect() -> None:
    game: Any = hcgames.load("conqueror-duels", scenario="standard")
    app = PlayApp(game, humans=(0,), bot="medium", seed=0)
    found = _click_until(
        app, lambda a: any(type(m).__name__ == "BuyHero" for m in a.picker.actions), clicks=200
    )
    assert found, "no hero for sale in 200 clicks"
    buys: list[Any] = [m for m in app.picker.actions if type(m).__name__ == "BuyHero"]
    for buy in buys:
        card = game.heroes[game.hero_index[buy.hero]]
        words = app.describe_action(buy)
        assert f"({card.cost} gold)" in words and card.describe_effect() in words


def test_classical_own_side_and_the_build_phase_reason_come_from_the_rules() -> None:
    game = hcgames.load(
        "classical-conquests", players=2, civilizations=["Athenians", "Persians"], max_turns=15
    )
    app = PlayApp(game, humans=(0,), bot="easy", seed=7)
    assert _click_until(app, lambda a: a.state.round >= 1 and a.own_side.value)
    state: Any = app.state
    side = app.own_side.value
    assert f"you may hold {state.monument_limit(0)}" in side and "Religion" in side
    assert "Each produce phase your lands and traits yield" in side
    # a build phase passed by itself says why, in the rules' words
    assert _click_until(app, lambda a: any("no monument" in p for p in a.passed), clicks=400)
    line = next(p for p in app.passed if "no monument" in p)
    assert "end the build phase" in line
    # one of the rules' refusals of a monument (price, Religion limit, no city)
    assert any(words in line for words in ("cannot pay", "Religion level allows", "only in a city"))


def test_speros_general_and_secret_objectives_are_in_view() -> None:
    app = PlayApp(SperosGame(players=2, mastery=True), humans=(0,), bot="easy", seed=0)
    assert _click_until(app, lambda a: a.state.colour[0] is not None and a.own_side.value)
    state: Any = app.state
    people = state.game.card_set.people_of(state.colour[0])
    side = app.own_side.value
    assert people.general in side
    for ability in people.general_abilities:
        assert ability.text.rstrip(".")[:30] in side
    assert _click_until(app, lambda a: a.state.chosen_bonus[0] is not None, clicks=200)
    now: Any = app.state
    objective = now.game.objective(now.chosen_bonus[0])
    assert objective.name in app.own_side.value
    for oid in now.mastery:
        assert now.game.objective(oid).name in app.own_side.value


def test_historical_cards_not_playable_say_why_in_the_rules_words() -> None:
    from hcgames.historical.actions import PlayCard

    game = hcgames.load("historical-conquest", players=2)
    app = PlayApp(game, humans=(0,), bot="medium", seed=3)
    assert _click_until(app, lambda a: bool(a.why_line.value), clicks=200)
    state: Any = app.state
    offered = {getattr(a, "card", "") for a in app.picker.actions if isinstance(a, PlayCard)}
    lands = [c.land for c in state.rows[0]]
    listed = 0
    for key in state.hands[0]:
        card = state.card(key)
        if key in offered or card.is_land:
            continue
        refusal = state.why_illegal(PlayCard(key, lands[0] if card.is_unit and lands else ""))
        if listed < 3:
            # cards refused for one reason share one sentence: "A, B and C may not stand
            # on Thailand: ...", each card named, the rule's words said once
            line = app.why_line.value.replace("&#x27;", "'")
            said = refusal[0].split(":")[0]
            assert card.name in line and said.removeprefix(card.name).strip() in line
        listed += 1
    assert listed


def test_duels_a_hero_played_says_no_forecast_once_the_battle_is_fought() -> None:
    """Look 9, lesson 13: "Your last move: Play no hero: Carthage wins the battle 13 times
    in 18 (72%)" stood over the battle already lost; the list's forecast stays in the list."""
    game: Any = hcgames.load("conqueror-duels", scenario="standard")
    app = PlayApp(game, humans=(0,), bot="medium", seed=0)

    def no_hero(a: PlayApp) -> Any:
        return next((m for m in a.picker.shown if str(m) == "play no hero"), None)

    assert _click_until(app, no_hero, clicks=300), "no battle of the student's in 300 clicks"
    choice = no_hero(app)
    assert " times in " in app.describe_action(choice)  # the forecast, in the list
    app.picker.pick(choice)
    app.picker.apply_button.click()
    said = " ".join(app.own_events)
    assert said.startswith("Play no hero") and " times in " not in said, said
