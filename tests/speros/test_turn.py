"""Setup, the three steps of a turn, the empty-hand and ten-card rules, draws as
chance steps, hidden hands and both ways the game ends.

Covers ``hcgames.speros.actions``, ``hcgames.speros.moves``, ``hcgames.speros.state``
and ``hcgames.speros.victory``, which have no test file of their own (see
tests/test_layout.py).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import hcgames
from hcgames.core import CHANCE, IllegalAction
from hcgames.speros import SperosGame, lay_out, put_in_hand, start, to_action_step
from hcgames.speros.actions import (
    Attack,
    ChoosePeople,
    Discard,
    EndAbilities,
    Explore,
    FirstPlacement,
    Lead,
    LimitDiscard,
    Plan,
    UseAbility,
)
from hcgames.speros.decisions import decision_lines as rule_decisions
from hcgames.speros.state import SperosState
from hcgames.speros.views import HIDDEN
from tests.narrow import narrow


def _finish_turn_with_attack(state: SperosState, card: str) -> None:
    to_action_step(state)
    state.apply(Attack(card))


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        SperosGame(players=5)
    with pytest.raises(ValueError, match="mastery"):
        SperosGame(mastery="yes")  # type: ignore[arg-type]  # wrong on purpose: refused
    with pytest.raises(ValueError, match="unknown option"):
        SperosGame(scenario="x")
    variants = SperosGame.variants()
    assert {v["players"] for v in variants} == {2, 3, 4}
    assert {v["mastery"] for v in variants} == {True, False}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mastery", [True, False])
def test_setup_deals_the_book_counts(players: int, mastery: bool) -> None:
    game = hcgames.load("conquest-of-speros", players=players, mastery=mastery)
    state = narrow(game.new_game(3), SperosState)
    for terrain in ("forest", "mountain", "ocean", "swamp")[:players]:
        state.apply(ChoosePeople(terrain))
    assert all(len(h) == 8 for h in state.hands)
    assert all(len(b) == 3 for b in state.bonus)
    assert len(state.deck) == 80 - 8 * players
    for p in range(players):
        state.apply(FirstPlacement(state.hands[p][0]))
    assert len(state.skirmish) == 2 * players
    assert sum(c.startswith("A") for c in state.skirmish) == players
    assert len(state.mastery) == (players - 1 if mastery else 0)
    assert state.base_minions == [10] * players and all(state.general_home)


def test_setup_order_colours_before_bonus_objectives_and_hands() -> None:
    """Setup step 1 (colours) comes before step 2 (Bonus Objectives) and step 3 (hands);
    the Artifacts (step 4) arrive only after the first placement."""
    state = SperosGame(players=3).new_game(seed=8)
    assert state.phase == "choose people"
    assert state.hands == [[], [], []] and state.bonus == [[], [], []]
    assert state.skirmish == [] and state.mastery == []
    assert len(state.deck) == 80
    state.apply(ChoosePeople("swamp"))
    state.apply(ChoosePeople("ocean"))
    assert state.hands == [[], [], []] and state.bonus == [[], [], []]
    state.apply(ChoosePeople("forest"))
    assert state.phase == "first placement"
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert [len(b) for b in state.bonus] == [3, 3, 3]
    assert state.skirmish == [], "Artifacts come after the first placement"
    for p in range(3):
        state.apply(FirstPlacement(state.hands[p][0]))
    assert sum(state.game.cards[c].is_artifact for c in state.skirmish) == 3
    assert len(state.mastery) == 2


def test_setup_deal_is_hidden_until_colours_are_chosen() -> None:
    """Nothing about the coming deal leaks while colours are chosen: a determinized
    copy deals other hands than the real game."""
    state = SperosGame(players=2).new_game(seed=4)
    deals = set()
    for k in range(4):
        guess = state.determinize(0, random.Random(k))
        guess.apply(ChoosePeople("forest"))
        guess.apply(ChoosePeople("ocean"))
        deals.add(tuple(guess.hands[0]))
    assert len(deals) > 1
    state.apply(ChoosePeople("forest"))
    state.apply(ChoosePeople("ocean"))
    again = SperosGame(players=2).new_game(seed=4)
    again.apply(ChoosePeople("forest"))
    again.apply(ChoosePeople("ocean"))
    assert again.hands == state.hands, "the seed still fixes the real deal"


def test_peoples_are_chosen_in_seat_order_and_first_picks_stay_secret() -> None:
    state = SperosGame(players=3).new_game(seed=8)
    state.apply(ChoosePeople("swamp"))
    assert ChoosePeople("swamp") not in state.legal_actions()
    state.apply(ChoosePeople("ocean"))
    state.apply(ChoosePeople("forest"))
    assert state.colour == ["swamp", "ocean", "forest"]
    assert state.phase == "first placement" and state.current_player == 0
    pick = state.hands[0][2]
    state.apply(FirstPlacement(pick))
    assert state.observation(1)["setup_pick"][0] == HIDDEN
    assert state.observation(0)["setup_pick"][0] == pick
    state.apply(FirstPlacement(state.hands[1][0]))
    state.apply(FirstPlacement(state.hands[2][0]))
    assert pick in state.skirmish and state.round == 1
    assert state.current_player == state.first_player and state.phase == "discard"


def test_a_turn_is_discard_then_abilities_then_one_action() -> None:
    state = start(2, ["forest", "mountain"], seed=6)
    me = state.turn_player
    legal = state.legal_actions()
    assert {type(a) for a in legal} == {Discard, UseAbility}
    assert all(a.source == "general" for a in legal if isinstance(a, UseAbility))
    card = state.hands[me][0]
    state.apply(Discard(card))
    assert state.discard == [card]
    if state.phase == "ability":
        assert EndAbilities() in state.legal_actions()
        state.apply(EndAbilities())
    assert state.phase == "action"
    legal = state.legal_actions()
    assert Plan() in legal
    assert {type(a) for a in legal} <= {Explore, Attack, Lead, Plan, UseAbility}
    assert all(a.source == "general" for a in legal if isinstance(a, UseAbility))
    with pytest.raises(IllegalAction, match="turn order"):
        state.apply(Discard(state.hands[me][0]))


def test_explore_deploys_a_minion_only_on_foreign_terrain() -> None:
    state = start(2, ["forest", "mountain"], seed=6)
    me = state.turn_player
    own = "forest" if state.colour[me] == "forest" else "mountain"
    own_card = next(c for c in state.deck if state.game.cards[c].terrain == own)
    foreign = next(c for c in state.deck if state.game.cards[c].terrain == "ocean")
    put_in_hand(state, me, own_card)
    put_in_hand(state, me, foreign)
    home = state.base_minions[me]
    state.apply(Discard(next(c for c in state.hands[me] if c not in (own_card, foreign))))
    if state.phase == "ability":
        state.apply(EndAbilities())
    state.apply(Explore(own_card))
    assert state.units[own_card] == [] and state.base_minions[me] == home
    rival = 1 - me
    _finish_turn_with_attack(state, own_card)
    assert state.turn_player == me
    state.apply(Discard(next(c for c in state.hands[me] if c != foreign)))
    if state.phase == "ability":
        state.apply(EndAbilities())
    state.apply(Explore(foreign))
    assert state.units[foreign] == [(me, "M")] and state.base_minions[me] == home - 1
    assert rival != me


def test_lead_with_a_minion_needs_two_open_encampments() -> None:
    state = start(2, ["forest", "mountain"], seed=6)
    me = state.turn_player
    two = next(c for c in state.deck if state.game.cards[c].encampments == 2)
    lay_out(state, two, [(1 - me, "M")])
    to_action_step(state)
    legal = state.legal_actions()
    assert Lead(two, False) in legal and Lead(two, True) not in legal
    with pytest.raises(IllegalAction, match="Lead"):
        state.apply(Lead(two, True))


def test_draws_are_chance_steps_with_exact_probabilities() -> None:
    state = start(2, seed=9)
    to_action_step(state)
    state.apply(Plan())
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.deck)
    assert all(p == Fraction(1, len(state.deck)) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


def test_empty_hand_draws_two_and_skips_the_turn() -> None:
    state = start(2, seed=12)
    me = state.turn_player
    rival = 1 - me
    state.discard += state.hands[rival]
    state.hands[rival] = []
    card = next(c for c in state.skirmish if not state.game.cards[c].is_artifact)
    _finish_turn_with_attack(state, card)
    assert state.phase == "empty hand" and state.is_chance()
    for _ in range(2):
        state.apply(state.chance_outcomes()[0][0])
    assert len(state.hands[rival]) == 2
    assert state.turn_player == me and state.phase == "discard"


def test_more_than_ten_cards_are_discarded_at_the_end_of_the_turn() -> None:
    state = start(2, seed=12)
    me = state.turn_player
    card = next(c for c in state.skirmish if not state.game.cards[c].is_artifact)
    for extra in list(state.deck[:6]):
        put_in_hand(state, me, extra)
    assert len(state.hands[me]) == 13
    _finish_turn_with_attack(state, card)
    assert state.phase == "hand limit" and len(state.hands[me]) == 12
    assert all(isinstance(a, LimitDiscard) for a in state.legal_actions())
    state.apply(state.legal_actions()[0])
    assert state.phase == "hand limit"
    state.apply(state.legal_actions()[0])
    assert len(state.hands[me]) == 10 and state.turn_player != me


def test_an_empty_base_camp_at_the_start_of_a_turn_ends_the_game() -> None:
    state = start(2, seed=12)
    me = state.turn_player
    rival = 1 - me
    state.base_minions[rival] = 0
    state.lost_minions[rival] = 10
    state.general_home[rival] = False
    state.general_lost[rival] = True
    card = next(c for c in state.skirmish if not state.game.cards[c].is_artifact)
    _finish_turn_with_attack(state, card)
    assert state.phase == "choose bonus"
    assert "empty Base Camp" in state.end_reason
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.outcome() is not None


def test_drawing_the_last_card_gives_everyone_else_one_final_turn() -> None:
    state = start(3, seed=13)
    first = state.turn_player
    state.discard += state.deck[1:]
    state.deck = state.deck[:1]
    to_action_step(state)
    state.apply(Plan())
    state.apply(state.chance_outcomes()[0][0])
    assert state.deck_emptied and not state.deck
    assert state.turn_player != first, "the drawing player's turn is over"
    seen = []
    while state.phase != "choose bonus":
        seen.append(state.turn_player)
        if state.phase == "discard":
            to_action_step(state)
        state.apply(Plan())  # draws nothing now
        while state.phase == "hand limit":
            state.apply(state.legal_actions()[0])
    assert sorted(seen) == sorted({0, 1, 2} - {first})
    assert "final turn" in state.end_reason


def test_illegal_actions_name_the_rule() -> None:
    state = start(2, seed=1)
    me = state.turn_player
    foreign = next(c for c in state.deck)
    with pytest.raises(IllegalAction, match="hand"):
        state.apply(Discard(foreign))
    to_action_step(state)
    with pytest.raises(IllegalAction, match="Skirmish Area"):
        state.apply(Attack(foreign))
    assert state.turn_player == me


def test_observation_hides_rival_hands_and_determinize_keeps_what_is_seen() -> None:
    state = start(3, seed=4)
    me = state.turn_player
    obs = state.observation(me)
    assert obs["hands"][me] == state.hands[me]
    assert all(isinstance(obs["hands"][q], int) for q in range(3) if q != me)
    assert isinstance(obs["deck"], int)
    guess = state.determinize(me, random.Random(1))
    assert guess.observation(me) == obs
    assert guess.hands[me] == state.hands[me]
    pool = sorted(state.deck + [c for q in range(3) if q != me for c in state.hands[q]])
    assert sorted(guess.deck + [c for q in range(3) if q != me for c in guess.hands[q]]) == pool


def test_rule_decisions_are_listed() -> None:
    lines = rule_decisions()
    assert len(lines) >= 20
    assert any(line.startswith("General weight") for line in lines)
    game = SperosGame()
    assert [p for p in game.phases() if p in ("discard", "ability", "action")] == [
        "discard",
        "ability",
        "action",
    ]
