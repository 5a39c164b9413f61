"""Capturing by majority in Conquest of Speros: the book's two examples, the rule of
ties, demonstrated majority and captures that never come undone."""

from __future__ import annotations

import pytest

from hcgames.speros import give_captured, lay_out, start, to_action_step
from hcgames.speros.actions import Attack, Lead, Plan, Recall, UseAbility
from hcgames.speros.majority import capturer, demonstrates, units_needed
from hcgames.speros.state import SperosState
from hcgames.speros.teach import capture_table, majority_table


def _location(state: SperosState, encampments: int) -> str:
    """A Location with that many encampments that is still in the deck."""
    for card_id in state.deck:
        if state.game.cards[card_id].encampments == encampments:
            return card_id
    raise AssertionError("no such card in the deck")


def test_example_1_general_and_minion_capture_a_three_space_location() -> None:
    state = start(2, ["mountain", "forest"], seed=4)
    red = state.turn_player
    card = _location(state, 3)
    lay_out(state, card)
    to_action_step(state)
    state.apply(Lead(card, True))
    assert card in state.captured[red]
    assert state.owner[card] == red
    assert [u for u in state.units[card]] == [(red, "G"), (red, "M")]


def test_example_2_general_and_minion_do_not_capture_against_one_unit_on_four() -> None:
    state = start(2, ["mountain", "forest"], seed=4)
    green = state.turn_player
    red = 1 - green
    card = _location(state, 4)
    lay_out(state, card, [(red, "M")])
    to_action_step(state)
    state.apply(Lead(card, True))
    assert card in state.skirmish, "Green holds 2 of 4 but Red could still tie and win"
    rows = capture_table(state, card)
    assert rows[red]["needed"] == 1 and rows[green]["needed"] == 1
    # Red fills the last space on the next turn and wins the tie as the latest placer.
    to_action_step(state)
    assert state.turn_player == red
    state.apply(Attack(card))
    assert card in state.captured[red]
    assert state.counts(card) == [2, 2]


def test_examples_as_pure_functions() -> None:
    assert capturer([2, 0], 1, [2, -1]) == 0  # example 1
    assert capturer([1, 2], 1, [1, 3]) is None  # example 2
    assert units_needed([1, 2], 1, 0) == 1


@pytest.mark.parametrize("last_placer", [0, 1])
def test_rule_of_ties_goes_to_the_most_recent_placer(last_placer: int) -> None:
    last = [5, 9] if last_placer == 1 else [9, 5]
    assert capturer([2, 2], 0, last) == last_placer


def test_rule_of_ties_only_among_the_tied_leaders() -> None:
    # Player 2 placed last but holds fewer Units: the tie is between players 0 and 1.
    assert capturer([2, 2, 1], 0, [3, 4, 9]) == 1


def test_rule_of_ties_through_the_rules() -> None:
    state = start(2, ["ocean", "swamp"], seed=2)
    me = state.turn_player
    rival = 1 - me
    card = _location(state, 4)
    lay_out(state, card, [(me, "M"), (rival, "M"), (rival, "M")])
    to_action_step(state)
    state.apply(Attack(card))
    assert state.owner[card] == me


def test_demonstrating_needs_a_margin_over_rival_plus_empty() -> None:
    assert demonstrates([3, 0], 2, 0)  # 3 > 0 + 2
    assert not demonstrates([2, 0], 2, 0)  # a rival filling both would tie and win
    assert not demonstrates([3, 1], 2, 0)
    assert demonstrates([3, 0, 0], 1, 0)


def test_a_third_player_captures_when_someone_else_fills_the_card() -> None:
    state = start(3, ["forest", "mountain", "ocean"], seed=5)
    mover = state.turn_player
    leader, other = [(mover + 1) % 3, (mover + 2) % 3]
    card = _location(state, 4)
    lay_out(state, card, [(leader, "M"), (other, "M"), (leader, "M")])
    to_action_step(state)
    state.apply(Attack(card))
    assert state.owner[card] == leader
    assert any(e.kind == "capture" and e.player == leader for e in state.events)


def test_a_captured_location_never_becomes_uncaptured() -> None:
    state = start(2, ["forest", "swamp"], seed=1)
    me = state.turn_player
    card = "F11"  # discard ability: recall one Minion
    lay_out(state, "F05")
    give_captured(state, me, "F16", [(me, "M")])
    if "F11" not in state.hands[me]:
        from hcgames.speros import put_in_hand

        put_in_hand(state, me, card)
    from hcgames.speros.actions import Discard

    state.apply(Discard(card))
    state.apply(UseAbility("discard", card, 0))
    state.apply(Recall("F16"))
    assert state.units["F16"] == []
    assert "F16" in state.captured[me] and state.owner["F16"] == me
    assert "F16" not in state.skirmish


def test_attack_and_lead_cannot_reach_captured_cards() -> None:
    state = start(2, ["forest", "swamp"], seed=1)
    me = state.turn_player
    give_captured(state, 1 - me, "F16")
    to_action_step(state)
    legal = state.legal_actions()
    assert Attack("F16") not in legal and Lead("F16", False) not in legal
    assert Plan() in legal


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_majority_table_needed_units_really_capture(size: int) -> None:
    for row in majority_table(size):
        if row["result"] != "open":
            continue
        needed = row["needed"]
        if needed is None:
            # even filling every space myself would not beat the rival
            assert row["mine"] + row["empty"] <= row["theirs"]
            continue
        after = [row["mine"] + needed, row["theirs"]]
        left = row["empty"] - needed
        assert capturer(after, left, [9, 1]) == 0
        if needed > 1:
            fewer = [row["mine"] + needed - 1, row["theirs"]]
            assert capturer(fewer, left + 1, [9, 1]) is None
