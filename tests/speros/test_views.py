"""What the table shows: Units of each colour are drawn in their people's colour and
named in words, so blue and black can be told apart on a card."""

from __future__ import annotations

import copy

import pytest

from hcgames.core import DataError
from hcgames.data import read_json
from hcgames.speros import lay_out, start
from hcgames.speros.material import build_card_set, load_card_set


def test_blue_and_black_units_are_told_apart_on_a_card() -> None:
    from html import unescape

    from hcgames.widgets._base import side_of
    from hcgames.widgets.cards import rows_html

    state = start(4, ["forest", "mountain", "ocean", "swamp"], seed=2)
    lay_out(state, "F08", [(2, "M"), (3, "M"), (2, "G")])  # ocean = blue, swamp = black
    view = state.card_view("F08")
    assert view["tokens"] == [[2, "Minion"], [3, "Minion"], [2, "General"]]
    assert view["camps"] == 5
    html = unescape(rows_html({"Skirmish Area": [view]}, state))
    blue, black = side_of(state, 2), side_of(state, 3)
    assert blue.colour != black.colour
    # not by colour alone: the card says whose pieces they are
    assert f"{state.side_name(2).split()[-1]}: 1 Minion and 1 General" in html
    assert f"{state.side_name(3).split()[-1]}: 1 Minion" in html
    assert "2 camps free" in html
    # ... and by shape: the four peoples' tokens are four shapes
    from hcgames.widgets.cards import token_shape

    shapes = {token_shape(side_of(state, p)) for p in range(4)}
    assert len(shapes) == 4
    assert token_shape(blue)[0] in html and token_shape(black)[0] in html


def test_a_location_says_what_discarding_it_does_only_in_a_hand() -> None:
    state = start(2, ["forest", "mountain"], seed=2)
    card = next(c for c in state.hands[0] if not state.game.cards[c].is_artifact)
    text = state.game.cards[card].text
    in_hand = state.card_rows(0)["Player 1's hand"]
    shown = next(v for v in in_hand if v["id"] == card)
    assert shown["ability"] == text or shown["ability"].startswith("If you discard it: ")
    assert "ability" not in state.card_view(card)  # on the table it does nothing
    artifact = next(c for c in state.skirmish if state.game.cards[c].is_artifact)
    assert state.card_view(artifact)["ability"] == state.game.cards[artifact].text


def test_a_class_game_never_shows_a_round_after_its_last() -> None:
    from hcgames.classgame import class_game
    from hcgames.play import playout

    game = class_game("conquest-of-speros")
    for seed in (1, 2, 3):
        state = playout(game.new_game(seed=seed), rng=seed)
        assert state.round <= 7
        outcome = state.outcome()
        assert outcome is not None
        if "round limit" in outcome.reason:
            assert state.round == 7 and "Game over after round 7" in state.describe()
            assert all(e.round <= 7 for e in state.events)
    assert game.new_game(seed=1).describe().startswith("Setting up: Player 1 to ")


def test_every_colour_has_its_own_unit_label() -> None:
    tags = [p.unit_tag for p in load_card_set().peoples]
    assert len(set(tags)) == 4 and all(tags)


def test_two_peoples_with_one_unit_label_are_refused() -> None:
    docs = [
        copy.deepcopy(read_json("speros", name))
        for name in ("locations.json", "artifacts.json", "objectives.json", "peoples.json")
    ]
    peoples = docs[3]["peoples"]
    peoples[3]["unit_tag"] = peoples[2]["unit_tag"]
    with pytest.raises(DataError, match="its own unit_tag"):
        build_card_set(*docs)


def test_a_hand_about_to_run_out_is_said_while_a_plan_can_still_save_it() -> None:
    """The rulebook: a turn that starts with no cards only draws 2 and ends. Every turn
    costs a card (the discard) and Explore another, so the side to play is told once a
    discard and an Explore would leave it nothing (look 13, lesson 44: the hand emptied
    with no word, and the last round passed by itself)."""
    from hcgames.speros.actions import Discard, EndAbilities, Plan

    state = start(2, ["forest", "mountain"], seed=2)
    assert state._phase == "discard" and state.step_words() == ""  # 7 cards last
    state.hands[0] = state.hands[0][:3]
    assert state.step_words() == ""  # 3 cards: one left after a discard and an Explore
    state.hands[0] = state.hands[0][:2]
    state._legal_cache = None
    warning = state.step_words()
    assert warning.startswith("you hold 2 cards: a turn that starts with an empty hand")
    assert "only draw 2 cards" in warning and "Plan to draw 3" in warning
    state.final_turns_left = 1  # the deck has run out: no later turn to lose
    assert state.step_words() == ""
    state.final_turns_left = None
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    while state._phase != "action":  # no ability taken: on to the action
        state.apply(next(a for a in state.legal_actions() if isinstance(a, EndAbilities)))
    assert state.step_words().startswith("you hold 1 card:")
    state.hands[0] = []
    assert state.step_words().startswith("your hand is empty: a turn that starts")
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Plan)))
    assert state.step_words() == ""  # the action is taken: nothing left to save


def test_the_score_so_far_is_one_line_from_the_first_round_to_the_end() -> None:
    from hcgames.classgame import class_game
    from hcgames.play import playout

    game = class_game("conquest-of-speros")
    assert game.new_game(seed=1).score_line() == ""  # setting up: no score yet
    state = start(2, ["forest", "mountain"], seed=2)
    assert state.score_line() == (
        "Score so far: Player 1 (Lathwood Elves) 0 VP, Player 2 (Emberpeak Dwarves) 0 VP."
    )
    assert playout(game.new_game(seed=1), rng=1).score_line() == ""  # the sheet says it
