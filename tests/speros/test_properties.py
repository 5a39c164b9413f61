"""Invariants of Conquest of Speros that hold in every reachable position, checked on
random games that hypothesis picks (seed, player count, Mastery on or off)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from hcgames.play import sample_outcome
from hcgames.speros import SperosGame
from hcgames.speros.state import SperosState

GAMES = {(n, m): SperosGame(players=n, mastery=m) for n in (2, 3, 4) for m in (True, False)}


def _check(state: SperosState, captured_before: dict[str, int]) -> None:
    game = state.game
    cards = game.cards
    n = game.num_players
    # every Unit is at home, on a card or gone for good
    deployed = Counter((o, k) for units in state.units.values() for o, k in units)
    for p in range(n):
        assert state.base_minions[p] + deployed[p, "M"] + state.lost_minions[p] == game.minions
        assert int(state.general_home[p]) + deployed[p, "G"] + int(state.general_lost[p]) == 1
    # every Location is in exactly one place
    places = list(state.deck) + [c for h in state.hands for c in h] + list(state.discard)
    places += [c for c in state.setup_pick if c is not None]
    places += [c for c in state.skirmish if not cards[c].is_artifact]
    places += [c for a in state.captured for c in a if not cards[c].is_artifact]
    assert sorted(places) == sorted(c.id for c in game.card_set.locations)
    # a card in the Skirmish Area always has room; no card holds more than it can
    for card_id in state.skirmish:
        assert state.empty_spaces(card_id) >= 1
    for card_id, units in state.units.items():
        assert len(units) <= cards[card_id].encampments
    # captured cards stay captured by the same player
    for card_id, owner in captured_before.items():
        assert state.owner[card_id] == owner and card_id in state.captured[owner]
        assert card_id not in state.skirmish
    # Units on a captured Artifact belong to its captor (rivals were sent home)
    for card_id, owner in state.owner.items():
        if cards[card_id].is_artifact:
            assert all(o == owner for o, _ in state.units[card_id])
    scores = state.scores()
    assert all(float(v).is_integer() for v in scores.values())
    if not state.is_terminal() and state.current_player >= 0:
        assert 0.0 <= state.evaluate(state.current_player) <= 1.0


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    players=st.sampled_from([2, 3, 4]),
    mastery=st.booleans(),
)
def test_invariants_hold_through_random_games(seed: int, players: int, mastery: bool) -> None:
    game = GAMES[players, mastery]
    state = game.new_game(seed)
    rng = random.Random(seed)
    captured: dict[str, int] = {}
    turn_owner = None
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        before_player = state.turn_player
        state.apply(action)
        steps += 1
        _check(state, captured)
        captured = dict(state.owner)
        if state.round and state.turn_player != before_player and turn_owner is not None:
            # the player whose turn just ended kept within the hand limit
            assert len(state.hands[before_player]) <= state.hand_limit(before_player)
        turn_owner = state.turn_player
        assert steps <= game.max_actions
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    scores = state.scores()
    best = max(scores.values())
    assert all(scores[w] == best for w in outcome.winners)
