"""The shared contract on a toy game: legality, chance steps, saves, errors."""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import hcgames
from hcgames.core import (
    CHANCE,
    TERMINAL,
    Action,
    DataError,
    IllegalAction,
    SaveError,
    action_from_dict,
    action_to_dict,
)
from hcgames.play import playout, resolve_chance, sample_outcome
from tests.narrow import narrow
from tests.toy_pig import Face, Hold, PigGame, PigState, Roll


def test_chance_step_lists_exact_probabilities() -> None:
    state = PigGame().new_game()
    state.apply(Roll())
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [Fraction(1, 6)] * 6
    assert state.legal_actions() == [o for o, _ in outcomes]


def test_teacher_can_choose_the_chance_outcome() -> None:
    state = narrow(PigGame().new_game(), PigState)
    state.apply(Roll())
    state.apply(Face(4))
    assert state.turn_total == 4
    assert state.current_player == 0


def test_illegal_action_raises_names_the_rule_and_changes_nothing() -> None:
    state = PigGame().new_game()
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"nobody is rolling.*\[rule: rolling the die\]"):
        state.apply(Face(3))
    assert state.to_json() == before
    with pytest.raises(IllegalAction):
        state.apply("roll")  # type: ignore[arg-type]  # not an Action, on purpose
    assert state.to_json() == before


def test_chance_outcomes_outside_chance_state_is_an_error() -> None:
    with pytest.raises(IllegalAction, match="no dice roll"):
        PigGame().new_game().chance_outcomes()


def test_finished_game_refuses_actions() -> None:
    state = playout(PigGame(target=10).new_game(), rng=1)
    assert state.is_terminal() and state.current_player == TERMINAL
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Roll())


def test_action_dict_round_trip_and_rejects_unknown_fields() -> None:
    types = PigGame().known_actions()
    assert action_from_dict(action_to_dict(Face(5)), types) == Face(5)
    with pytest.raises(ValueError, match="unknown action type"):
        action_from_dict({"type": "Explode"}, types)
    with pytest.raises(ValueError, match="unexpected fields"):
        action_from_dict({"type": "Face", "value": 2, "extra": 1}, types)
    with pytest.raises(TypeError):
        action_from_dict({"type": "Face", "value": {"nested": "object"}}, types)


def test_tuple_fields_survive_json() -> None:
    @dataclass(frozen=True)
    class Move(Action):
        units: tuple[tuple[str, int], ...]

    move = Move(units=(("cavalry", 2), ("infantry", 1)))
    data = json.loads(json.dumps(action_to_dict(move)))
    assert action_from_dict(data, {"Move": Move}) == move


def test_save_and_load_round_trip() -> None:
    game = PigGame()
    state = game.new_game(seed=4)
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal():
            break
        if state.is_chance():
            resolve_chance(state, rng)
        else:
            state.apply(Roll() if rng.random() < 0.7 else Hold())
    text = state.to_json()
    loaded = game.from_json(text)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.to_json() == text
    assert [e.text for e in loaded.events] == [e.text for e in state.events]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="zip"), "format"),
        (lambda d: d.update(format_version=99), "format_version"),
        (lambda d: d.update(game="chess"), "for game 'chess'"),
        (lambda d: d.update(seed="seven"), "seed"),
        (lambda d: d.update(history="roll roll"), "history"),
        (lambda d: d["history"].append({"type": "Face", "value": 9}), "history"),
        (lambda d: d["history"].insert(0, {"type": "Hold", "extra": True}), "unexpected"),
        (lambda d: d["history"].insert(0, {"type": "__import__"}), "unknown action type"),
        (lambda d: d.update(digest="0000000000000000"), "digest mismatch"),
        (lambda d: d.update(options={"target": 50}), "options"),
    ],
)
def test_malformed_saves_are_refused_with_a_reason(
    mutate: Callable[[dict[str, Any]], object], message: str
) -> None:
    state = PigGame().new_game()
    state.apply(Roll())
    state.apply(Face(3))
    doc = json.loads(state.to_json())
    mutate(doc)
    with pytest.raises(SaveError, match=message):
        PigGame().from_json(json.dumps(doc))


def test_not_json_is_refused() -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        PigGame().from_json("{not json")
    with pytest.raises(SaveError, match="JSON object"):
        PigGame().from_json("[1, 2]")
    assert isinstance(SaveError("x", ["y"]), DataError)


def test_replay_reproduces_the_game_exactly() -> None:
    game = PigGame()
    state = playout(game.new_game(seed=9), rng=9)
    again = game.replay(state.history, seed=9)
    assert again.snapshot() == state.snapshot()
    assert again.outcome() == state.outcome()


def test_same_seed_same_game() -> None:
    a = playout(PigGame().new_game(seed=2), rng=2)
    b = playout(PigGame().new_game(seed=2), rng=2)
    assert a.history == b.history


def test_sample_outcome_follows_the_probabilities() -> None:
    rng = random.Random(0)
    outcomes = [(Face(1), Fraction(1, 4)), (Face(2), Fraction(3, 4))]
    draws = [sample_outcome(outcomes, rng) for _ in range(4000)]
    share = draws.count(Face(2)) / len(draws)
    assert 0.72 < share < 0.78


def test_copy_is_independent() -> None:
    state = PigGame().new_game()
    clone = state.copy()
    clone.apply(Roll())
    assert state.current_player == 0 and clone.current_player == CHANCE
    assert clone.game is state.game


def test_event_table_rows() -> None:
    state = PigGame().new_game()
    state.apply(Roll())
    state.apply(Face(5))
    rows = state.event_table()
    assert rows == [
        {"round": 1, "phase": "rolling", "player": "Player 1", "kind": "roll", "text": "rolled 5"}
    ]


def test_registry_knows_unknown_names() -> None:
    with pytest.raises(KeyError, match="no game called 'chess'"):
        hcgames.load("chess")


def test_load_saved_refuses_unknown_game() -> None:
    with pytest.raises(SaveError, match="cannot make the game"):
        hcgames.load_saved(json.dumps({"game": "chess", "options": {}}))


def _with_floats(action: Action) -> Action | None:
    """``action`` with each int field (not bool) given as a float, or ``None`` if it has
    no int field: what a program or a widget slider may hand the engine."""
    changes = {
        f.name: float(getattr(action, f.name))
        for f in dataclasses.fields(action)
        if type(getattr(action, f.name)) is int
    }
    return dataclasses.replace(action, **changes) if changes else None


def _field_types(cls: type) -> set[Any]:
    return set(typing.get_type_hints(cls).values())


@pytest.mark.parametrize("game_id", sorted(hcgames.available_games()))
def test_the_engine_applies_and_records_the_legal_action_itself(game_id: str) -> None:
    """An action equal to a legal one (``Attack(..., cavalry=1.0)`` equals the legal
    ``cavalry=1``) is applied, logged and saved as the legal action, so the log reads
    "1 cavalry" and the save loads (issue 38: a student lost a game this way)."""
    game = hcgames.load(game_id)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    changed = 0
    for _ in range(400):
        if state.is_terminal() or changed >= 5:
            break
        legal = state.legal_actions()  # at a chance step: the outcomes (dice hold ints)
        pick = rng.choice(legal)
        given = _with_floats(pick)
        if given is None:
            state.apply(pick)
            continue
        assert given == pick
        events = state.apply(given)
        changed += 1
        recorded = state.history[-1]
        assert recorded is pick or all(
            type(getattr(recorded, f.name)) is type(getattr(pick, f.name))
            for f in dataclasses.fields(pick)
        )
        assert ".0 " not in " ".join(e.text for e in events)
    if not changed:
        numbers = [t for t in game.known_actions().values() if int in _field_types(t)]
        assert not numbers, f"{game_id}: no action with a number in it came up in 400 steps"
        pytest.skip(f"{game_id}: no action or outcome of this game holds a number")
    loaded = game.from_json(state.to_json())
    assert loaded.snapshot() == state.snapshot()


def test_the_view_hooks_say_nothing_for_a_game_without_them() -> None:
    """The hooks the generic views read (issue 41) have defaults a game without dice
    battles, cards or steps keeps: the views then show nothing more."""
    game = PigGame()
    state = game.new_game()
    assert game.card_names() == {} and game.score_name == ""
    assert state.battle_forecast() is None and state.battle_forecast(Hold()) is None
    assert state.battle_sums() is None and state.spent_units() == {}
    assert state.card_battle_forecast(Hold()) is None
    assert state.step_words() == "" and state.only_move_reason() == ""
    assert state.passed_words(Hold()) == ""


def test_the_card_games_name_their_cards_by_id() -> None:
    for game_id in ("conqueror-duels", "conquest-of-speros", "historical-conquest"):
        names = hcgames.load(game_id).card_names()
        assert names and all(key != name for key, name in names.items())
    assert hcgames.load("classical-conquests").card_names() == {}
