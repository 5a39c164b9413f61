"""The contract of hcgames.core, checked on every game and every variant.

For each game and scenario: 200 seeded random playouts end within the game's stated
maximum length; a live state always has legal actions; chance probabilities are
exact Fractions summing to 1; an illegal action raises IllegalAction and leaves the
saved form unchanged; saving and loading round-trips at random points; replaying
the seed and the action list reproduces the final position; and golden transcripts
for fixed seeds catch any change of the rules.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

import hcgames
from hcgames.core import CHANCE, TERMINAL, Action, IllegalAction
from hcgames.play import playout, sample_outcome
from tests.conftest import all_variants, variant_id

VARIANTS = all_variants()
PLAYOUTS = int(os.environ.get("HCGAMES_CONFORMANCE_PLAYOUTS", "200"))
DEEP_CHECKS = 6  # playouts per variant that also check saves, illegal moves, copies
SPANS = ((0, 3), (3, 30), (30, 200), (200, 1000), (1000, 5000))
GOLDEN = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class NotAMove(Action):
    """An action no game knows."""

    text: str = "nonsense"


def test_every_game_is_registered() -> None:
    """The registry lists each game once, in a fixed order, under its class's id, and
    every game package under hcgames/ (a folder with a ``game`` module) is in it."""
    names = hcgames.available_games()
    assert names and names == hcgames.available_games()
    assert len(set(names)) == len(names)
    for name in names:
        assert hcgames.game_class(name).id == name
    packages = {hcgames.game_class(name).__module__.split(".")[1] for name in names}
    root = Path(hcgames.__file__).resolve().parent
    assert {path.parent.name for path in root.glob("*/game.py")} <= packages


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_random_playouts_end_and_keep_the_contract(variant: tuple[str, dict]) -> None:
    name, options = variant
    game = hcgames.load(name, **options)
    assert game.id == name
    assert game.max_actions > 0
    for index in range(PLAYOUTS):
        rng = random.Random(index)
        state = game.new_game(seed=index)
        deep = index < DEEP_CHECKS
        seen_actions: list[Action] = []
        # early, middle and late points of a game of any length
        checkpoints = {rng.randrange(lo, hi) for lo, hi in SPANS} if deep else set()
        steps = 0
        while not state.is_terminal():
            assert steps < game.max_actions, f"{name} seed {index}: no end after {steps} actions"
            player = state.current_player
            assert player == CHANCE or 0 <= player < game.num_players
            legal = state.legal_actions()
            assert legal, f"{name} seed {index}: no legal action in {state.describe()}"
            assert len(set(legal)) == len(legal), "legal actions must be distinct"
            if state.is_chance():
                outcomes = state.chance_outcomes()
                assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                assert sum(p for _, p in outcomes) == 1
                action = sample_outcome(outcomes, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            if deep and steps in checkpoints:
                _check_illegal_leaves_state(state, seen_actions)
                _check_round_trip(game, state)
                _check_copy_is_independent(state, action)
            if len(seen_actions) < 400:
                seen_actions.append(action)
            state.apply(action)
            steps += 1
        assert state.current_player == TERMINAL
        outcome = state.outcome()
        assert outcome is not None and outcome.reason
        assert all(0 <= w < game.num_players for w in outcome.winners)
        assert abs(sum(state.returns()) - 1.0) < 1e-9
        assert state.legal_actions() == []
        with pytest.raises(IllegalAction):
            state.apply(NotAMove())
        if deep:
            again = game.replay(state.history, seed=index)
            assert again.snapshot() == state.snapshot()
            assert [e.text for e in again.events] == [e.text for e in state.events]
            _check_round_trip(game, state)


def _check_illegal_leaves_state(state: hcgames.State, seen: list[Action]) -> None:
    before = state.to_json()
    legal = set(state.legal_actions())
    candidates: list[Action] = [NotAMove()]
    candidates += [a for a in seen[-50:] if a not in legal][:3]
    for bad in candidates:
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert str(info.value), "an illegal action must say why"
        assert isinstance(info.value, ValueError)
        assert state.to_json() == before, f"illegal {bad} changed the state"


def _check_round_trip(game: hcgames.Game, state: hcgames.State) -> None:
    text = state.to_json()
    json.loads(text)
    loaded = game.from_json(text)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.to_json() == text
    assert hcgames.load_saved(text).digest() == state.digest()


def _check_copy_is_independent(state: hcgames.State, action: Action) -> None:
    before = state.snapshot()
    clone = state.copy()
    assert clone.snapshot() == before
    clone.apply(action)
    assert state.snapshot() == before, "applying to a copy changed the original"


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_determinize_and_observation_are_plain_data(variant: tuple[str, dict]) -> None:
    name, options = variant
    game = hcgames.load(name, **options)
    state = game.new_game(seed=3)
    playout(state.copy(), rng=3)  # the copy, not the state
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        if not state.is_chance():
            player = state.current_player
            json.dumps(state.observation(player))
            guess = state.determinize(player, rng)
            assert guess.current_player == player
            assert guess.observation(player) == state.observation(player)
        legal = state.legal_actions()
        state.apply(
            legal[rng.randrange(len(legal))]
            if not state.is_chance()
            else sample_outcome(state.chance_outcomes(), rng)
        )


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_rule_decisions_are_documented(variant: tuple[str, dict]) -> None:
    name, options = variant
    game = hcgames.load(name, **options)
    decisions = game.rule_decisions()
    assert decisions, f"{name} must list the rules its rulebook leaves open"
    for d in decisions:
        assert d.topic and d.decision


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@pytest.mark.parametrize("seed", [1, 2])
def test_golden_transcript(variant: tuple[str, dict], seed: int, update_golden: bool) -> None:
    """A random playout's full log for a fixed seed; any rule change shows up here.

    Regenerate deliberately with ``pytest tests/test_conformance.py --update-golden``
    and bump the game's ``version`` when behaviour changes.
    """
    name, options = variant
    game = hcgames.load(name, **options)
    state = playout(game.new_game(seed=seed), rng=seed)
    lines = [f"# {variant_id(variant)} seed={seed} version={game.version}"]
    lines += [e.text for e in state.events]
    outcome = state.outcome()
    assert outcome is not None
    lines.append(f"OUTCOME winners={list(outcome.winners)} reason={outcome.reason}")
    text = "\n".join(lines) + "\n"
    path = GOLDEN / f"{variant_id(variant).replace('[', '__').replace(']', '')}-seed{seed}.txt"
    if update_golden:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    elif not path.exists():
        pytest.fail(
            f"golden transcript {path.name} is missing: a new variant's transcript is "
            "written only on purpose, with --update-golden, and then read and committed"
        )
    assert path.read_text(encoding="utf-8") == text, (
        f"{path.name} changed: the rules behave differently. If that is intended, "
        "bump the game's version and rerun with --update-golden."
    )
