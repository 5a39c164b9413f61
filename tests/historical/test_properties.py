"""Historical Conquest: invariants that hold in every position of random games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hcgames
from hcgames.core import CHANCE
from hcgames.historical.material import MORALE_CAP_PER_TURN
from hcgames.historical.pending import PendingEffects, PendingLand, PendingPick
from hcgames.historical.state import HistoricalState
from hcgames.play import sample_outcome
from tests.narrow import narrow


def _limbo(state: HistoricalState) -> list[str]:
    """Cards on their way somewhere: events being resolved, explorers about to land."""
    out = []
    for frame in state.pending:
        if isinstance(frame, PendingEffects) and frame.then == "discard":
            out.append(frame.card)
        elif (
            isinstance(frame, PendingLand | PendingPick)
            and frame.place
            and not (isinstance(frame, PendingPick) and frame.defector)
        ):
            out.append(frame.place)
    return out


def _every_card(state: HistoricalState) -> Counter[str]:
    seen: Counter[str] = Counter()
    for p in range(state.n):
        for pile in (
            state.hands[p],
            state.decks[p],
            state.piles[p],
            state.discards[p],
            state.active[p],
        ):
            seen.update(pile)
        for col in state.rows[p]:
            seen.update([col.land, *col.cards])
    seen.update(_limbo(state))
    return seen


def _check(state: HistoricalState) -> None:
    seen = _every_card(state)
    assert set(seen) == set(state.game.key_cards), "a card appeared or vanished"
    assert max(seen.values()) == 1, "a card is in two places"
    for p in range(state.n):
        assert state.gained[p] <= MORALE_CAP_PER_TURN
        for col in state.rows[p]:
            assert len(col.cards) <= state.capacity(col)
            assert sum(state.card(k).category == "army" for k in col.cards) <= 1
        if state.out[p]:
            assert state.rows[p] == []
    player = state.current_player
    if not state.is_terminal():
        assert player == CHANCE or (0 <= player < state.n and not state.out[player])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_cards_are_conserved_and_limits_hold(seed: int, players: int) -> None:
    game = hcgames.load("historical-conquest", players=players)
    state = narrow(game.new_game(seed=seed), HistoricalState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < 600:
        _check(state)
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    _check(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_copies_replay_to_the_same_position(seed: int) -> None:
    game = hcgames.load("historical-conquest", players=2)
    state = narrow(game.new_game(seed=seed), HistoricalState)
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = (
            sample_outcome(state.chance_outcomes(), rng)
            if state.is_chance()
            else legal[rng.randrange(len(legal))]
        )
        clone = state.copy()
        clone.apply(action)
        state.apply(action)
        assert clone.snapshot() == state.snapshot()
    assert game.replay(state.history, seed=seed).snapshot() == state.snapshot()
