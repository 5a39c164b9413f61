"""Historical Conquest: the cards issue 39 left without a worked pair of positions.

Each card here is laid out in a position where its ability must work, checked with the
numbers its own text gives (the text a student reads, built from the card's data), and
in a position where it must not. ``test_every_card.BY_HAND`` names these tests.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hcgames.core import IllegalAction
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    EndPhase,
    Interrupt,
    Move,
    Pick,
    PlayCard,
    RevealLand,
    UseAbility,
)
from hcgames.historical.battle import assess
from hcgames.historical.cards import describe_effect
from hcgames.historical.game import HistoricalGame
from hcgames.historical.material import load_catalogue
from hcgames.historical.pending import PendingPick
from hcgames.historical.state import HistoricalState
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import Lands, act, finish_turn, game, settle, sums
from tests.narrow import narrow

CAT = load_catalogue()


def _text(card_id: str, index: int = 0) -> str:
    """The ability text a student reads for one effect of a card."""
    return describe_effect(CAT.cards[card_id].effects[index])


def _plays(state: HistoricalState, card_key: str) -> list[Any]:
    return [
        a
        for a in state.legal_actions()
        if isinstance(a, PlayCard | Interrupt)
        and a.card == card_key
        and not getattr(a, "discover", False)
    ]


def _uses(state: HistoricalState, card_key: str) -> list[UseAbility]:
    return [a for a in state.legal_actions() if isinstance(a, UseAbility) and a.card == card_key]


def _attacks(state: HistoricalState) -> set[tuple[str, str]]:
    return {(a.land, a.target) for a in state.legal_actions() if isinstance(a, Attack)}


def _attacks_this_turn(state: HistoricalState) -> set[tuple[str, str]]:
    """End the play phase: the attacks open to the player in their attack phase (none
    when the game skips a phase in which no attack is possible)."""
    player = state.turn
    act(state, EndPhase())
    if state.turn != player or state.phase != "attack":
        return set()
    return _attacks(state)


def _turn_of(state: HistoricalState, player: int) -> HistoricalState:
    """Finish turns until a turn of ``player`` has started (one that has just started,
    as after an attack phase the game skipped, counts)."""
    if state.turn == player and state.phase == "play" and state.plays == 0:
        return state
    finish_turn(state)
    while state.turn != player:
        finish_turn(state)
    return state


def _with_card(base: str, **changes: Any) -> tuple[HistoricalGame, str]:
    """A game whose catalogue also holds a plain card made from ``base`` (a stand-in for
    a card the decks do not hold, such as the U.S. Constitution)."""
    g = game()
    card = replace(CAT.cards[base], id="ZZ9001", **changes)
    g.catalogue = replace(g.catalogue, cards={**g.catalogue.cards, card.id: card})
    return g, card.id


def _age(state: HistoricalState, card_key: str, turns_over: int) -> None:
    """Make a card in play have ``turns_over`` of its player's turns behind it."""
    state.age[card_key] = turns_over + 1
    state._ready = None
    state._legal_cache = None


# --- Jane Addams (AC4202): events cannot touch her player until their next turn ---------------
def test_jane_addams_keeps_events_away_until_her_players_next_turn() -> None:
    assert "event cards cannot touch you until your next turn" in _text("AC4202")
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(),
        round_no=3,
        lands=lands,
        hands={0: ["AC4202"], 1: ["EV4104", "AU4402"]},
        morale={0: 1000, 1: 1000},
    )
    act(state, _plays(state, key("AC4202", 0))[0])
    finish_turn(state)
    assert state.turn == 1
    act(state, PlayCard(key("EV4104", 1), "", ("P0",)))
    assert state.morale[0] == 1000  # the Great Depression does not reach her player
    act(state, PlayCard(key("AU4402", 1), key("CT4404", 1)))
    assert state.morale[0] == 1000 - 200  # a character's ability still reaches


def test_jane_addams_shield_is_gone_at_her_players_next_turn() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["AC4202"], 1: ["EV4104"]}, morale={0: 1000}
    )
    act(state, _plays(state, key("AC4202", 0))[0])
    for _ in range(3):  # Player 2's turn, Player 1's next turn, Player 2's next turn
        finish_turn(state)
    assert state.turn == 1
    act(state, PlayCard(key("EV4104", 1), "", ("P0",)))
    assert state.morale[0] == 1000 - 500


def test_without_jane_addams_an_event_reaches() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, turn=1, lands=lands, hands={1: ["EV4104"]}, morale={0: 1000}
    )
    act(state, PlayCard(key("EV4104", 1), "", ("P0",)))
    assert state.morale[0] == 500


def test_jane_addams_answers_an_event_aimed_at_her_player() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(),
        round_no=3,
        turn=1,
        lands=lands,
        hands={0: ["AC4202"], 1: ["EV4104"]},
        morale={0: 1000},
    )
    state.apply(PlayCard(key("EV4104", 1), "", ("P0",)))
    answers = [a for a in state.legal_actions() if isinstance(a, Interrupt)]
    assert state.current_player == 0 and [a.card for a in answers] == [key("AC4202", 0)]
    act(state, answers[0])
    assert state.morale[0] == 1000  # the Great Depression, already on its way, is stopped


# --- Harriet Tubman (AC4601): no attack on her player, and no card touches them ----------------
def test_harriet_tubman_shelters_her_player_until_their_next_turn() -> None:
    assert _text("AC4601", 0) == "On play: no one may attack you until your next turn."
    assert _text("AC4601", 1) == "On play: opponents' cards cannot touch you until your next turn."
    lands: Lands = {0: [("CT4503", ["MU2001"])], 1: [("CT4404", ["CO3016"])]}
    state = arrange(
        game(),
        round_no=3,
        lands=lands,
        hands={0: ["AC4601"], 1: ["EV4104", "AU4402"]},
        morale={0: 1000, 1: 1000},
    )
    act(state, _plays(state, key("AC4601", 0))[0])
    finish_turn(state)
    act(state, PlayCard(key("EV4104", 1), "", ("P0",)))
    act(state, PlayCard(key("AU4402", 1), key("CT4404", 1)))
    assert state.morale[0] == 1000  # neither an event nor a character reaches her player
    assert _attacks_this_turn(state) == set()


def test_without_harriet_tubman_the_attack_and_the_cards_reach() -> None:
    lands: Lands = {0: [("CT4503", ["MU2001"])], 1: [("CT4404", ["CO3016"])]}
    state = arrange(
        game(),
        round_no=3,
        turn=1,
        lands=lands,
        hands={1: ["EV4104", "AU4402"]},
        morale={0: 1000, 1: 1000},
    )
    act(state, PlayCard(key("EV4104", 1), "", ("P0",)))
    act(state, PlayCard(key("AU4402", 1), key("CT4404", 1)))
    assert state.morale[0] == 1000 - 500 - 200
    assert _attacks_this_turn(state) == {(key("CT4404", 1), key("CT4503", 0))}


# --- Chinese Warriors (AR4301): a card back from the discard pile after every attack won ---------
def test_chinese_warriors_take_a_card_back_after_each_attack_won() -> None:
    assert "After every attack its land wins" in _text("AR4301")
    lands: Lands = {0: [("CT4404", ["AR4301"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(
        game(),
        round_no=3,
        morale={0: 900},
        lands=lands,
        phase="attack",
        discards={0: ["EV4104", "IN4202"]},
    )
    for casualty in ("MU2001", "IN4201"):
        state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
        settle(state)
        if narrow(state.pending[-1], PendingPick).purpose == "casualty":
            act(state, Pick(key(casualty, 1), "casualty"))
        pick = narrow(state.pending[-1], PendingPick)
        assert pick.purpose == "recover" and state.current_player == 0, pick
        back = next(o for o in pick.options if o in state.discards[0])
        act(state, Pick(back, "recover"))
        assert back in state.hands[0]
    # twice, after every attack won: both cards are back in the hand
    assert {key("EV4104", 0), key("IN4202", 0)} <= set(state.hands[0])


def test_chinese_warriors_take_nothing_back_when_their_land_defends() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["AR4301"])]}
    state = arrange(
        game(),
        round_no=3,
        morale={0: 900},
        lands=lands,
        phase="attack",
        discards={1: ["EV4104"]},
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.hands[1] == [] and key("EV4104", 1) in state.discards[1]
    assert not any(isinstance(p, PendingPick) and p.purpose == "recover" for p in state.pending)


# --- Louisa May Alcott (AU4502): once, a battle won outright with more women in play -----------
def test_louisa_may_alcott_wins_once_with_more_women_in_play() -> None:
    assert "if you have more women in play than any opponent" in _text("AU4502")
    lands: Lands = {0: [("CT4404", ["AU4502", "MU2001"])], 1: [("CT4503", ["CO3016", "IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 900, 1: 900}, lands=lands, phase="attack")
    battle = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert battle.attack < battle.defence  # on the sums her land would lose
    assert battle.auto == key("AU4502", 0) and battle.winner == "attack"
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    if state.pending and narrow(state.pending[-1], PendingPick).purpose == "casualty":
        act(state, Pick(key("IN4201", 1), "casualty"))
    assert state.morale[1] < 900  # the defender lost the battle
    again = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert again.auto == "" and again.winner == "defence"  # once only


def test_louisa_may_alcott_needs_more_women_than_every_opponent() -> None:
    lands: Lands = {0: [("CT4404", ["AU4502", "MU2001"])], 1: [("CT4503", ["CO3016", "LE4303"])]}
    state = arrange(game(), round_no=3, morale={0: 900, 1: 900}, lands=lands, phase="attack")
    battle = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert battle.auto == "" and battle.winner == "defence"  # one woman each: no more women


# --- Ashoka the Great (CO3015): after 3 turns as sole leader his land may not attack -------------
def test_ashoka_land_may_not_attack_after_three_turns_as_its_only_leader() -> None:
    assert _text("CO3015", 1) == (
        "While in play: its land may not attack after 3 of your turns in play,"
        " as the only leader of its land."
    )
    lands: Lands = {0: [("CT4503", ["CO3015"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert _attacks(state) == {(key("CT4503", 0), key("CT4404", 1))}  # one turn: he attacks
    before = sums(state, key("CT4404", 1), key("CT4503", 0)).defence
    _age(state, key("CO3015", 0), 2)
    assert _attacks(state) == {(key("CT4503", 0), key("CT4404", 1))}  # two turns: still
    _age(state, key("CO3015", 0), 3)
    assert _attacks(state) == set()
    assert sums(state, key("CT4404", 1), key("CT4503", 0)).defence == before + 500


def test_ashoka_land_may_attack_with_another_leader_on_it() -> None:
    lands: Lands = {0: [("CT4503", ["CO3015", "LE4102"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    before = sums(state, key("CT4404", 1), key("CT4503", 0)).defence
    _age(state, key("CO3015", 0), 3)
    assert _attacks(state) == {(key("CT4503", 0), key("CT4404", 1))}
    assert sums(state, key("CT4404", 1), key("CT4503", 0)).defence == before  # no +500


# --- Napoleon Bonaparte (CO4203): a card from the loser's hand, after the first attack won only ---
def test_napoleon_takes_a_card_after_his_first_win_only() -> None:
    assert (
        _text("CO4203") == "The first time its land wins an attack against a player with "
        "cards in hand: take one of those cards."
    )
    lands: Lands = {0: [("CT4404", ["CO4203", "CO3016"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(
        game(),
        round_no=3,
        morale={0: 900},
        lands=lands,
        phase="attack",
        hands={1: ["EV4301", "IN4202"]},
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    if state.pending and narrow(state.pending[-1], PendingPick).purpose == "casualty":
        act(state, Pick(key("MU2001", 1), "casualty"))
    assert narrow(state.pending[-1], PendingPick).purpose == "take"
    act(state, Pick(key("EV4301", 1), "take"))
    assert key("EV4301", 1) in state.hands[0]
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert not any(isinstance(p, PendingPick) and p.purpose == "take" for p in state.pending)
    assert key("IN4202", 1) in state.hands[1]  # the second win takes nothing


def test_napoleon_takes_nothing_when_his_land_loses() -> None:
    lands: Lands = {0: [("CT4404", ["CO4203"])], 1: [("CT4503", ["AR4302", "MU2001"])]}
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={1: ["EV4301"]}
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.hands[1] == [key("EV4301", 1)]


# --- morale lost each turn after some turns in play: Hitler, Ivan the Terrible, Ho Chi Minh -----
def _morale_each_turn_after(card_id: str, index: int, turns: int) -> None:
    assert _text(card_id, index) == (
        f"At the start of each of your turns: -100 morale after {turns} of your turns in play."
    )
    state = arrange(
        game(),
        round_no=3,
        lands={0: [("CT4205", [card_id])], 1: [("CT4404", ["MU2001"])]},
        morale={0: 1000},
    )
    for turn in range(1, turns + 2):
        finish_turn(state)
        finish_turn(state)  # the start of Player 1's next turn: one more turn behind the card
        assert state.turn == 0
        expected = 1000 - 100 * max(0, turn - turns + 1) if turn >= turns else 1000
        assert state.morale[0] == expected, (card_id, turn, state.morale)


def test_hitler_costs_100_morale_a_turn_after_three_turns() -> None:
    _morale_each_turn_after("CO4501", 1, 3)


def test_ivan_the_terrible_costs_100_morale_a_turn_after_two_turns() -> None:
    _morale_each_turn_after("CO4503", 0, 2)


def test_ho_chi_minh_costs_100_morale_a_turn_after_three_turns() -> None:
    """His card: once he has ruled three turns, 100 morale a turn (as Hitler's 'more than
    two turns in play' and Ivan's 'two rounds')."""
    _morale_each_turn_after("LE4501", 1, 3)


# --- lands: what they give when they arrive (discovered by the Northwest Passage event) --------
def _discover(decks: list[str], found: str, lands: list[str], **kw: Any) -> HistoricalState:
    """Player 1 (holding ``lands``) plays an event that discovers ``found`` from their pile."""
    state = arrange(
        game(decks=decks),
        round_no=2,
        lands={0: [(land, []) for land in lands]},
        hands={0: ["EV4102"]},
        **kw,
    )
    state.apply(PlayCard(key("EV4102", 0), "", ()))
    reveal = [a for a, _p in state.chance_outcomes() if a == RevealLand(0, key(found, 0))]
    assert reveal, f"{found} is not in the land pile"
    act(state, reveal[0])
    assert state.rows[0][-1].land == key(found, 0)
    return state


def test_greece_and_madagascar_give_300_morale_when_they_arrive() -> None:
    assert _text("CT4601") == _text("CT4701") == "On play: +300 morale."
    assert _discover(["confucius", "salem"], "CT4601", ["CT4205"]).morale[0] == 300
    assert _discover(["boadicea", "salem"], "CT4701", ["CT4205"]).morale[0] == 300
    # another land of the same piles gives nothing on arrival
    assert _discover(["confucius", "salem"], "CT4605", ["CT4205"]).morale[0] == 0
    assert _discover(["boadicea", "salem"], "CT4503", ["CT4205"]).morale[0] == 0


def test_greece_gives_its_300_as_a_first_land_too() -> None:
    state = game(decks=["confucius", "salem"]).new_game(0)
    assert isinstance(state, HistoricalState)
    greece = RevealLand(0, key("CT4601", 0))
    while state.is_chance() and not state.rows[0]:
        outcomes = [a for a, _p in state.chance_outcomes()]
        state.apply(greece if greece in outcomes else outcomes[0])
    assert state.rows[0][0].land == key("CT4601", 0)
    settle(state)
    assert state.morale[0] == 300


def test_us_west_coast_gives_300_morale_with_three_us_lands() -> None:
    assert _text("CT4306") == "On play: +300 morale if you hold 3 US territory lands."
    with_two = _discover(["salem", "cheswell"], "CT4306", ["CT4605", "CT4505"])
    assert with_two.morale[0] == 300  # East Coast, Rocky Mountains and now the West Coast
    with_one = _discover(["salem", "cheswell"], "CT4306", ["CT4605", "CT4205"])
    assert with_one.morale[0] == 0  # Quebec is not a US territory: two are not three


def test_brazil_gives_300_to_each_south_american_land_of_its_player() -> None:
    assert _text("CT4502") == "Each of your lands gets +300 strength on a land in South America."
    lands: Lands = {
        0: [("CT4301", ["MU2001"]), ("CT4404", ["IN4201"])],
        1: [("CT4206", ["IN4202"]), ("CT4503", ["AU4402"])],
    }
    state = arrange(game(), round_no=3, lands=lands)
    south = sums(state, key("CT4301", 0), key("CT4206", 1)).attack
    asia = sums(state, key("CT4404", 0), key("CT4503", 1)).attack
    lands[0].append(("CT4502", []))
    state = arrange(game(), round_no=3, lands=lands)
    assert sums(state, key("CT4301", 0), key("CT4206", 1)).attack == south + 300
    assert sums(state, key("CT4404", 0), key("CT4503", 1)).attack == asia  # Russia: not South
    # Brazil in an opponent's hands does nothing for this player
    lands = {0: [("CT4301", ["MU2001"])], 1: [("CT4206", ["IN4202"]), ("CT4502", [])]}
    state = arrange(game(), round_no=3, lands=lands)
    assert sums(state, key("CT4301", 0), key("CT4206", 1)).attack == south


# --- Mali (CT4603): +300 the first time an African or Egyptian leader comes ---------------------
def test_mali_gives_300_for_the_first_african_leader_only() -> None:
    assert "The first time an African or Black or Mali or Egyptian leader comes" in _text("CT4603")
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4603", [])]},
        hands={0: ["LE4303", "LE4502", "LE4102"]},
    )
    act(state, PlayCard(key("LE4102", 0), key("CT4603", 0)))
    assert state.morale[0] == 0  # David Crockett is not an African leader
    act(state, PlayCard(key("LE4303", 0), key("CT4603", 0)))
    first = state.morale[0]
    act(state, PlayCard(key("LE4502", 0), key("CT4603", 0)))
    own = sum(
        e.amount for e in CAT.cards["LE4502"].effects if e.kind == "morale" and e.when == "play"
    )
    assert state.morale[0] == first + own  # the second Egyptian leader brings no more
    own_first = sum(
        e.amount for e in CAT.cards["LE4303"].effects if e.kind == "morale" and e.when == "play"
    )
    assert first == own_first + 300


# --- US East Coast (CT4605): twice, one of its player's cards moves onto it ---------------------
def test_us_east_coast_draws_a_card_onto_itself_twice() -> None:
    assert _text("CT4605") == "Twice, when you choose: move one of your cards onto this land."
    lands: Lands = {0: [("CT4605", []), ("CT4404", ["MU2001", "IN4201", "IN4202"])]}
    state = arrange(game(), round_no=3, lands=lands)
    for moved in ("MU2001", "IN4201"):
        uses = _uses(state, key("CT4605", 0))
        chosen = [u for u in uses if u.targets[0] == key(moved, 0)]
        assert chosen, uses
        act(state, chosen[0])
        assert key(moved, 0) in state.rows[0][0].cards
    assert _uses(state, key("CT4605", 0)) == []  # twice only
    assert state.rows[0][1].cards == [key("IN4202", 0)]


def test_us_east_coast_has_nothing_to_draw_without_cards_elsewhere() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4605", ["MU2001"]), ("CT4404", [])]})
    assert _uses(state, key("CT4605", 0)) == []


# --- Federalist Papers (DO4501): with the U.S. Constitution, no monarch's land attacks you -------
def _federalist(with_constitution: bool, attacker: str) -> set[tuple[str, str]]:
    g, constitution = _with_card("DO4501", name="U.S. Constitution", effects=())
    active = {0: ["DO4501", constitution] if with_constitution else ["DO4501"]}
    lands: Lands = {0: [("CT4503", ["MU2001"])], 1: [("CT4404", [attacker, "IN4201"])]}
    state = arrange(g, round_no=3, turn=1, lands=lands, active=active, morale={1: 900})
    return _attacks_this_turn(state)


def test_federalist_papers_bar_a_monarchs_land_with_the_constitution() -> None:
    assert _text("DO4501", 1) == (
        "While in play: no land with a monarch on it may attack you"
        " while U.S. Constitution is in play."
    )
    attack = (key("CT4404", 1), key("CT4503", 0))
    assert _federalist(True, "CO4203") == set()  # Napoleon is a monarch
    assert _federalist(False, "CO4203") == {attack}  # no Constitution: no bar
    assert _federalist(True, "CO3016") == {attack}  # Mao Zedong is no monarch


# --- Donner Party (EV4203): the chosen opponent may not attack for two of your turns ------------
def test_donner_party_stops_the_chosen_opponent_attacking() -> None:
    assert _text("EV4203", 1) == (
        "On play: the chosen opponent may not attack until your second turn from now."
    )
    lands: Lands = {0: [("CT4503", ["MU2001"])], 1: [("CT4404", ["CO3016"])]}
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["EV4203"]}, morale={0: 1000, 1: 1100}
    )
    act(state, PlayCard(key("EV4203", 0), "", ("P1",)))
    assert state.morale[1] == 800
    attack = (key("CT4404", 1), key("CT4503", 0))
    _turn_of(state, 1)
    assert _attacks_this_turn(state) == set()  # Player 2's next turn
    _turn_of(state, 0)
    _turn_of(state, 1)
    assert _attacks_this_turn(state) == set()  # and the one after
    _turn_of(state, 0)  # Player 1's second turn from the play: the bar is over
    _turn_of(state, 1)
    assert _attacks_this_turn(state) == {attack}


# --- Sinking of the Titanic (EV4303): one card an opponent has in play is discarded ---------------
def test_titanic_sinks_one_opposing_card_in_play_but_no_land() -> None:
    assert "a card an opponent has in play, which you choose, is discarded" in _text("EV4303")
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, active={1: ["TE4502"]}, hands={0: ["EV4303"]})
    aims = {a.targets for a in _plays(state, key("EV4303", 0))}
    assert aims == {(key("MU2001", 1),), (key("TE4502", 1),)}  # not Russia, not her own land
    act(state, _plays(state, key("EV4303", 0))[0])
    assert len(state.discards[1]) == 1 and state.rows[1]  # one card gone, the land stays


def test_titanic_has_nothing_to_sink_without_opposing_cards() -> None:
    lands: Lands = {0: [("CT4205", ["IN4201"])], 1: [("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4303"]})
    assert _plays(state, key("EV4303", 0)) == []  # her own Bell is no target


def _pick_last(state: HistoricalState) -> None:
    """Answer every pick the game asks for with its last option."""
    while state.pending and isinstance(state.pending[-1], PendingPick):
        top = narrow(state.pending[-1], PendingPick)
        act(state, Pick(top.options[-1], top.purpose))


# --- explorers who find a land after some turns: Balboa (then leaves), Lapérouse ----------------
def _later_discovery(card_id: str, turns: int, leaves: bool) -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4205", [card_id])]})
    _age(state, key(card_id, 0), turns - 1)
    assert _uses(state, key(card_id, 0)) == []  # too soon
    _age(state, key(card_id, 0), turns)
    uses = _uses(state, key(card_id, 0))
    assert len(uses) == 1
    act(state, uses[0])
    _pick_last(state)
    assert len(state.rows[0]) == 2  # a second land
    assert (key(card_id, 0) in state.discards[0]) == leaves
    assert _uses(state, key(card_id, 0)) == []  # once


def test_balboa_finds_a_land_after_two_turns_and_leaves() -> None:
    assert _text("EX4304") == (
        "Once, when you choose (after 2 of your turns in play): discover a land from your"
        " land pile; then this card leaves play."
    )
    _later_discovery("EX4304", 2, leaves=True)


def test_balboa_played_to_discover_stays_in_play() -> None:
    """His held ability's "then this card leaves play" belongs to that ability: played
    from the hand to discover a land, as any explorer may be, he stays (look 8b)."""
    state = arrange(game(), round_no=3, lands={0: [("CT4205", [])]}, hands={0: ["EX4304"]})
    balboa = key("EX4304", 0)
    discover = [
        a
        for a in state.legal_actions()
        if isinstance(a, PlayCard) and a.card == balboa and a.discover
    ]
    assert len(discover) == 1
    act(state, discover[0])
    _pick_last(state)
    assert len(state.rows[0]) == 2  # a second land
    assert balboa not in state.discards[0]


def test_laperouse_finds_a_land_after_three_turns() -> None:
    assert "(after 3 of your turns in play): discover a land" in _text("EX4503")
    _later_discovery("EX4503", 3, leaves=False)


def test_a_later_discovery_needs_a_land_left_in_the_pile() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4205", ["EX4503"])]})
    state.piles[0] = []
    _age(state, key("EX4503", 0), 3)
    assert _uses(state, key("EX4503", 0)) == []


# --- Wright Brothers (IN4502) and Brooklyn Bridge (LO3002): a card to another land ---------------
def test_wright_brothers_fly_one_card_to_another_continent_once() -> None:
    assert (
        _text("IN4502", 1)
        == "Once, when you choose: move one of your cards to another of your lands."
    )
    lands: Lands = {0: [("CT4205", ["IN4502", "MU2001"]), ("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands)
    uses = _uses(state, key("IN4502", 0))
    fly = UseAbility(key("IN4502", 0), 1, (key("MU2001", 0), key("CT4404", 0)))
    assert fly in uses  # from North America to Asia
    act(state, fly)
    assert state.rows[0][1].cards == [key("MU2001", 0)]
    assert _uses(state, key("IN4502", 0)) == []


def test_wright_brothers_have_nowhere_to_fly_with_one_land() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4205", ["IN4502", "MU2001"])]})
    assert _uses(state, key("IN4502", 0)) == []


def test_brooklyn_bridge_gives_200_and_moves_a_card() -> None:
    assert _text("LO3002", 1) == "On play: move one of your cards to another of your lands."
    lands: Lands = {0: [("CT4205", ["MU2001"]), ("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["LO3002"]})
    plays = _plays(state, key("LO3002", 0))
    cross = [a for a in plays if a.targets == (key("MU2001", 0), key("CT4404", 0))]
    assert cross, plays
    act(state, cross[0])
    assert state.morale[0] == 200 and state.rows[0][1].cards == [key("MU2001", 0)]


def test_brooklyn_bridge_with_one_land_gives_only_its_morale() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4205", ["MU2001"])]}, hands={0: ["LO3002"]})
    plays = _plays(state, key("LO3002", 0))
    assert plays and all(not a.targets for a in plays)
    act(state, plays[0])
    assert state.morale[0] == 200 and state.rows[0][0].cards == [key("MU2001", 0)]


# --- Argentina (CT4301) and Eli Whitney (IN4601): discard a character for a lasting bonus -------
def test_argentina_bonus_is_for_this_land_only_and_once() -> None:
    assert "+300 morale and +300 strength for this land" in _text("CT4301")
    lands: Lands = {
        0: [("CT4301", ["MU2001", "IN4201"]), ("CT4404", ["IN4202"])],
        1: [("CT4206", ["AU4402"]), ("CT4503", ["AC4201"])],
    }
    state = arrange(game(), round_no=3, lands=lands)
    here = sums(state, key("CT4301", 0), key("CT4206", 1)).attack
    there = sums(state, key("CT4404", 0), key("CT4503", 1)).attack
    act(state, UseAbility(key("CT4301", 0), 0, (key("MU2001", 0),)))
    assert state.morale[0] == 300 and key("MU2001", 0) in state.discards[0]
    assert sums(state, key("CT4301", 0), key("CT4206", 1)).attack == here - 20 + 300
    assert sums(state, key("CT4404", 0), key("CT4503", 1)).attack == there  # not Russia
    assert _uses(state, key("CT4301", 0)) == []  # once


def test_argentina_and_eli_whitney_need_another_character_to_discard() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4301", [])]})
    assert _uses(state, key("CT4301", 0)) == []
    state = arrange(game(), round_no=3, lands={0: [("CT4205", ["IN4601"])]})
    assert _uses(state, key("IN4601", 0)) == []  # Eli Whitney may not discard himself


# --- Abraham Lincoln (LE4101): an opposing character joins him after his first win only --------
def test_lincoln_wins_a_defector_after_his_first_win_only() -> None:
    assert (
        _text("LE4101", 1) == "The first time its land wins an attack with an opposing "
        "character left on the land it attacked: one of them, which you choose, joins you."
    )
    lands: Lands = {
        0: [("CT4404", ["LE4101", "CO3016"])],
        1: [("CT4503", ["MU2001", "IN4201", "IN4202", "AU4402"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    for _ in range(2):
        act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
        _pick_last(state)
    mine = [k for k in state.rows[0][0].cards if k.endswith("/1")]
    assert len(mine) == 1  # one defector over two wins


# --- Juliette Gordon Low (LE4201): every female leader of hers counts double ----------------
def test_juliette_gordon_low_doubles_female_leaders_only() -> None:
    assert _text("LE4201", 1) == "Each female leader of yours counts double in every battle."
    lands: Lands = {0: [("CT4404", ["LE4303", "MU2001"])], 1: [("CT4503", ["IN4202"])]}
    state = arrange(game(), round_no=3, lands=lands)
    before = sums(state, key("CT4404", 0), key("CT4503", 1)).attack
    lands[0].append(("CT4205", ["LE4201"]))  # she stands on another land
    state = arrange(game(), round_no=3, lands=lands)
    assert sums(state, key("CT4404", 0), key("CT4503", 1)).attack == before + 200  # Ahhotep x2
    # an opponent's female leader is not doubled by her
    lands = {0: [("CT4205", ["LE4201"]), ("CT4404", ["MU2001"])], 1: [("CT4503", ["LE4303"])]}
    state = arrange(game(), round_no=3, lands=lands)
    assert (
        sums(state, key("CT4404", 0), key("CT4503", 1)).defence
        == sums(
            arrange(
                game(), round_no=3, lands={0: [("CT4404", ["MU2001"])], 1: [("CT4503", ["LE4303"])]}
            ),
            key("CT4404", 0),
            key("CT4503", 1),
        ).defence
    )


# --- Pancho Villa (LE4203): +200 morale in his land's first battle against a conqueror ----------
def test_pancho_villa_gets_200_once_against_a_conqueror() -> None:
    assert (
        _text("LE4203", 1)
        == "The first time its land fights a battle against a conqueror: +200 morale."
    )
    lands: Lands = {0: [("CT4404", ["LE4203", "AR4302"])], 1: [("CT4503", ["CO3016", "MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    if state.pending and isinstance(state.pending[-1], PendingPick):
        act(state, Pick(key("MU2001", 1), narrow(state.pending[-1], PendingPick).purpose))
    assert state.morale[0] == 900 + 200 + 100  # his +200, the Samurai's +100 for the win
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.morale[0] == 900 + 200 + 100 + 100  # once only


def test_pancho_villa_keeps_his_200_for_the_first_battle_against_a_conqueror() -> None:
    # his land's first battle is against no conqueror: the +200 waits for one
    assert (
        _text("LE4203", 1)
        == "The first time its land fights a battle against a conqueror: +200 morale."
    )
    lands: Lands = {
        0: [("CT4404", ["LE4203", "AR4302"])],
        1: [("CT4503", ["IN4201"]), ("CT4602", ["CO3016", "MU2001"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    while state.pending and isinstance(state.pending[-1], PendingPick):
        frame = narrow(state.pending[-1], PendingPick)
        act(state, Pick("" if "" in frame.options else frame.options[0], frame.purpose))
    assert state.morale[0] == 900 + 100  # the Samurai's +100 for the win, nothing of his
    act(state, Attack(key("CT4404", 0), key("CT4602", 1)))
    if state.pending and isinstance(state.pending[-1], PendingPick):
        act(state, Pick(key("MU2001", 1), narrow(state.pending[-1], PendingPick).purpose))
    assert state.morale[0] == 900 + 100 + 200 + 100  # Mao is a conqueror: his +200 now


def test_pancho_villa_gets_nothing_against_no_conqueror() -> None:
    lands: Lands = {0: [("CT4404", ["LE4203", "AR4302"])], 1: [("CT4503", ["IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.morale[0] == 900 + 100  # the Samurai's win only


# --- James Madison (LE4301): +200 when his land beats off a British Empire attacker -------------
def _madison_defends(attacker: str) -> int:
    lands: Lands = {0: [("CT4503", ["LE4301", "AR4302"])], 1: [("CT4404", [attacker])]}
    state = arrange(
        game(), round_no=3, turn=1, morale={0: 500, 1: 900}, lands=lands, phase="attack"
    )
    act(state, Attack(key("CT4404", 1), key("CT4503", 0)))
    return state.morale[0]


def test_james_madison_gets_200_beating_off_a_british_empire_card() -> None:
    assert (
        _text("LE4301", 1)
        == "The first time its land beats off an attack against a British Empire card: +200 morale."
    )
    # Margaret Hughes is of the British Empire; the Samurai add their +100 for any win
    assert _madison_defends("EN4301") == 500 + 200 + 100


def test_james_madison_gets_nothing_against_another_attacker() -> None:
    assert _madison_defends("MU2001") == 500 + 100  # Beethoven: the Samurai's +100 only


# --- King Henry VIII (LE4401): no female leader may stand on his land --------------------------
def test_henry_viii_keeps_a_female_leader_off_his_land() -> None:
    assert _text("LE4401").startswith("No female leader or pope")
    lands: Lands = {0: [("CT4404", ["LE4401"]), ("CT4503", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["LE4303", "LE4102"]})
    legal = state.legal_actions()
    assert PlayCard(key("LE4303", 0), key("CT4404", 0)) not in legal  # Queen Ahhotep
    assert PlayCard(key("LE4303", 0), key("CT4503", 0)) in legal  # elsewhere she may stand
    assert PlayCard(key("LE4102", 0), key("CT4404", 0)) in legal  # a male leader may join him


# --- King Tutankhamun (LE4502): only a land with a pharaoh may attack his land --------------------
def test_tutankhamun_land_is_attacked_only_by_a_pharaohs_land() -> None:
    assert _text("LE4502") == "Only a land with a pharaoh may attack here."
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["LE4502"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert _attacks(state) == set()
    lands[0] = [("CT4404", ["CO3016", "LE4303"])]  # a queen and regent, not a pharaoh
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert _attacks(state) == set()
    lands[0] = [("CT4404", ["CO3016", "LE4502"])]  # a pharaoh (another player's Tutankhamun)
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert _attacks(state) == {(key("CT4404", 0), key("CT4503", 1))}


# --- Egypt (CT4302): +500 strength while a pharaoh stands there; Queen Ahhotep I is none ------
def test_egypt_is_stronger_with_a_pharaoh_and_not_with_queen_ahhotep() -> None:
    assert _text("CT4302") == "Its land gets +500 strength while a pharaoh stands on the same land."
    assert "never its pharaoh" in CAT.cards["LE4303"].note
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4302", ["LE4303"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert sums(state, key("CT4404", 0), key("CT4302", 1)).defence == 400  # her defence alone
    lands[1] = [("CT4302", ["LE4502"])]
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert sums(state, key("CT4404", 0), key("CT4302", 1)).defence == 500 + 500


# --- Great Wall of China (LO3005): one chosen land of yours is safe for two of your turns -------
def test_great_wall_guards_the_chosen_land_only() -> None:
    assert (
        _text("LO3005")
        == "On play: no one may attack one of your lands until your second turn from now."
    )
    lands: Lands = {
        0: [("CT4503", ["MU2001"]), ("CT4305", ["AU4402"])],
        1: [("CT4404", ["CO3016"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["LO3005"]}, morale={1: 900})
    wall = Interrupt(key("LO3005", 0), "", (key("CT4503", 0),))
    assert wall in state.legal_actions()
    act(state, wall)
    _turn_of(state, 1)
    assert _attacks_this_turn(state) == {(key("CT4404", 1), key("CT4305", 0))}  # not China
    _turn_of(state, 0)
    _turn_of(state, 1)
    assert (key("CT4404", 1), key("CT4503", 0)) not in _attacks_this_turn(state)  # still
    _turn_of(state, 0)  # her second turn from the play: the wall's time is over
    _turn_of(state, 1)
    assert (key("CT4404", 1), key("CT4503", 0)) in _attacks_this_turn(state)


# --- Wolfgang Amadeus Mozart (MU4301): no attack on any land in Europe until his next turn ------
def test_mozart_stops_attacks_in_europe_only() -> None:
    assert _text("MU4301", 1) == "On play: no one may attack anyone in Europe until your next turn."
    lands: Lands = {
        0: [("CT4601", ["IN4201"]), ("CT4503", ["IN4202"])],
        1: [("CT4304", ["CO3016"]), ("CT4404", ["AR4302"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["MU4301"]}, morale={1: 900})
    act(state, PlayCard(key("MU4301", 0), key("CT4503", 0)))
    assert state.morale[0] == 200
    _turn_of(state, 1)
    attacks = _attacks_this_turn(state)
    assert attacks and all(target == key("CT4503", 0) for _land, target in attacks)  # not Greece
    _turn_of(state, 0)
    _turn_of(state, 1)
    assert (key("CT4304", 1), key("CT4601", 0)) in _attacks_this_turn(state)  # over


def test_an_attack_phase_mozart_empties_names_him() -> None:
    """The attack phase passes by itself, and the log says which card stopped it (look 7,
    lesson 54: the phase went by after the student's own Mozart without a word)."""
    lands: Lands = {0: [("CT4601", ["IN4201"])], 1: [("CT4304", ["CO3016"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["MU4301"]}, morale={0: 1600})
    act(state, PlayCard(key("MU4301", 0), key("CT4601", 0)))
    act(state, EndPhase())
    said = [e.text for e in state.events if e.kind == "no-attack"]
    assert said == [
        "Player 1's attack phase passes: Wolfgang Amadeus Mozart stops every attack "
        "Player 1 could make."
    ]
    state = arrange(game(), round_no=3, lands=lands, morale={0: 700})
    act(state, EndPhase())
    said = [e.text for e in state.events if e.kind == "no-attack"]
    assert said == [
        "Player 1's attack phase passes: an attack needs 800 morale, and Player 1 has 700."
    ]


# --- Zeno of Citium (PH3007): +200 now, or +300 once after three turns ---------------------------
def test_zeno_gives_200_at_once_or_300_after_three_turns() -> None:
    assert _text("PH3007") == (
        "Choose one: On play: +200 morale. / Once, when you choose"
        " (after 3 of your turns in play): +300 morale."
    )
    state = arrange(game(), round_no=3, lands={0: [("CT4205", [])]}, hands={0: ["PH3007"]})
    act(state, PlayCard(key("PH3007", 0), key("CT4205", 0), (), 0))
    assert state.morale[0] == 200
    _age(state, key("PH3007", 0), 5)
    assert _uses(state, key("PH3007", 0)) == []  # the first choice has no held part
    state = arrange(game(), round_no=3, lands={0: [("CT4205", [])]}, hands={0: ["PH3007"]})
    act(state, PlayCard(key("PH3007", 0), key("CT4205", 0), (), 1))
    assert state.morale[0] == 0
    _age(state, key("PH3007", 0), 2)
    assert _uses(state, key("PH3007", 0)) == []  # two turns are not enough
    _age(state, key("PH3007", 0), 3)
    act(state, _uses(state, key("PH3007", 0))[0])
    assert state.morale[0] == 300
    assert _uses(state, key("PH3007", 0)) == []  # once


# --- Otto Hahn (SC4601): his second choice, +500 morale and -500 strength ------------------------
def test_otto_hahn_second_choice_trades_strength_for_morale() -> None:
    assert _text("SC4601").endswith("/ On play: +500 morale. Its land gets -500 strength.")
    lands: Lands = {0: [("CT4205", ["AR4302"])], 1: [("CT4601", ["MU2001"])]}
    state = arrange(game(), round_no=2, lands=lands, hands={0: ["SC4601"]}, morale={0: 1000})
    before = sums(state, key("CT4205", 0), key("CT4601", 1)).attack
    act(state, PlayCard(key("SC4601", 0), key("CT4205", 0), (), 1))
    assert state.morale[0] == 1500
    assert sums(state, key("CT4205", 0), key("CT4601", 1)).attack == before + 80 - 500
    # the other land of his player is not weakened
    lands[0].append(("CT4404", ["AR4301"]))
    state = arrange(game(), round_no=2, lands=lands, hands={0: ["SC4601"]})
    other = sums(state, key("CT4404", 0), key("CT4601", 1)).attack
    act(state, PlayCard(key("SC4601", 0), key("CT4205", 0), (), 1))
    assert sums(state, key("CT4404", 0), key("CT4601", 1)).attack == other


# --- Lemuel Haynes (SP4601): +500 defence in the first defence of the turn only ------------------
def test_lemuel_haynes_adds_500_to_the_first_defence_of_the_turn() -> None:
    assert (
        _text("SP4601")
        == "Its land gets +500 defence when defending, in the first defence of the turn."
    )
    lands: Lands = {
        0: [("CT4404", ["AR4302", "CO3016"])],
        1: [("CT4503", ["SP4601", "MU2001", "IN4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    first = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert first.defence == 60 + 20 + 40 + 500 + _defence_bonus(state)
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    if state.pending and isinstance(state.pending[-1], PendingPick):
        act(state, Pick(key("MU2001", 1), narrow(state.pending[-1], PendingPick).purpose))
    assert key("CT4503", 1) in state.defended  # a second attack this turn is no first defence
    again = {
        "att": 0,
        "def": 1,
        "from": key("CT4404", 0),
        "to": key("CT4503", 1),
        "index": 1,
        "first_defence": False,
        "cancelled": False,
    }
    assert assess(state, again).defence == 60 + 40 + _defence_bonus(state)  # Bell, Haynes: no +500


def _defence_bonus(state: HistoricalState) -> int:
    """The defender's own bonus in a battle on bare lands (whatever the rules give)."""
    bare: Lands = {0: [("CT4404", ["MU2001"])], 1: [("CT4503", ["IN4202"])]}
    plain = sums(arrange(game(), round_no=3, lands=bare), key("CT4404", 0), key("CT4503", 1))
    return plain.defence - 40


# --- Sir William Stephenson (SY4601): opponents may not play spy cards --------------------------
def test_stephenson_keeps_opposing_spies_out_and_only_while_in_play() -> None:
    assert _text("SY4601") == "Opponents cannot play spy cards."
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["SY4601"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["SY4301"]})
    assert not any(
        a.card == key("SY4301", 0)
        for a in state.legal_actions()
        if hasattr(a, "card") and not isinstance(a, Discard)
    )
    lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["SY4301"]})
    assert _plays(state, key("SY4301", 0))  # without him the spy comes in
    lands = {0: [("CT4205", ["SY4601"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["SY4301"]})
    assert _plays(state, key("SY4301", 0))  # his own player's spies are welcome


# --- Invention of the Atomic Bomb (TE3005): one opposing land emptied and closed for 3 turns ---
def test_atomic_bomb_empties_a_land_and_closes_it_for_three_turns() -> None:
    assert _text("TE3005") == (
        "On play: every card on one opposing land is destroyed, and no card may stand"
        " there until your third turn from now."
    )
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001", "IN4201"]), ("CT4503", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3005"], 1: ["IN4202"]})
    aims = {a.targets for a in _plays(state, key("TE3005", 0))}
    assert aims == {(key("CT4404", 1),), (key("CT4503", 1),)}  # opposing lands only
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4404", 1),)))
    assert state.rows[1][0].cards == []
    assert {key("MU2001", 1), key("IN4201", 1)} <= set(state.discards[1])
    _turn_of(state, 1)
    assert PlayCard(key("IN4202", 1), key("CT4404", 1)) not in state.legal_actions()
    assert PlayCard(key("IN4202", 1), key("CT4503", 1)) in state.legal_actions()


def test_atomic_bomb_has_no_target_without_an_opposing_land() -> None:
    state = arrange(game(), round_no=3, lands={0: [("CT4205", [])]}, hands={0: ["TE3005"]})
    assert _plays(state, key("TE3005", 0)) == []


# --- Peter Salem (WA4301): twice, an attacker of his land first gives up a character -------------
def test_peter_salem_takes_a_toll_only_from_attacks_on_his_land() -> None:
    assert _text("WA4301") == (
        "Each of the first 2 times its land is attacked from a land with a character on it:"
        " the attacker must first discard one of those characters."
    )
    lands: Lands = {
        0: [("CT4404", ["AR4302", "MU2001", "IN4202"])],
        1: [("CT4503", ["WA4301"]), ("CT4305", ["AU4402"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    state.apply(Attack(key("CT4404", 0), key("CT4305", 1)))
    settle(state)
    assert not any(
        isinstance(p, PendingPick) and p.purpose == "toll" for p in state.pending
    )  # another land: no toll
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    top = narrow(state.pending[-1], PendingPick)
    assert top.purpose == "toll" and state.current_player == 0
    assert set(top.options) == {key("MU2001", 0), key("IN4202", 0)}  # not the army
    act(state, Pick(key("MU2001", 0), "toll"))
    assert key("MU2001", 0) in state.discards[0]


def _tolls(state: HistoricalState, land: str) -> int:
    """Player 1 attacks China from ``land`` (China holds); the cards the attacking land
    paid (a lost attack costs only morale), the first character offered paying a toll."""
    column = next(c for c in state.rows[0] if c.land == key(land, 0))
    before = len(column.cards)
    state.apply(Attack(key(land, 0), key("CT4503", 1)))
    if state.pending and isinstance(state.pending[-1], PendingPick):
        pick = narrow(state.pending[-1], PendingPick)
        assert pick.purpose == "toll"
        act(state, Pick(pick.options[0], "toll"))
    settle(state)
    return before - len(column.cards)


def test_peter_salem_takes_his_toll_twice_and_not_from_a_land_without_characters() -> None:
    """Frequency 2 on his card: the third attack on his land is free, and an attack made
    with armies alone does not use up a toll (China holds every attack here)."""
    assert "frequency mark 2" in CAT.cards["WA4301"].note
    lands: Lands = {
        0: [("CT4404", ["MU2001", "IN4202", "AU4402"]), ("CT4305", ["AR4402"])],
        1: [("CT4503", ["WA4301", "AR4302"])],
    }
    state = arrange(game(), round_no=3, morale={0: 1500}, lands=lands, phase="attack")
    assert _tolls(state, "CT4305") == 0  # the Janissary alone: no character to pay
    assert _tolls(state, "CT4404") == 1  # the first toll
    assert len(state.rows[0][0].cards) == 2
    _turn_of(state, 1)
    _turn_of(state, 0)
    assert (key("CT4404", 0), key("CT4503", 1)) in _attacks_this_turn(state)
    assert _tolls(state, "CT4404") == 1  # the second toll
    assert _tolls(state, "CT4404") == 0  # his two tolls are used up
    assert len(state.rows[0][0].cards) == 1


# --- a card that cannot be played says which rule forbids it -------------------------------------
def _refused(state: HistoricalState, action: Any, rule: str, *words: str) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == rule, str(caught.value)
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert state.snapshot() == before


def test_a_card_with_nothing_to_aim_at_says_what_it_needs() -> None:
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3008", "LO2003", "EV4303"]})
    _refused(
        state,
        PlayCard(key("TE3008", 0), "", ()),
        "targets",
        "Invention of Penicillin Meds has no target now",
        "a character or army in your discard pile",
    )
    _refused(state, PlayCard(key("LO2003", 0), "", ()), "targets", "an opposing character to fight")
    _refused(state, Interrupt(key("EV4303", 0), "", ()), "targets", "an opponent has in play")
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["TE3008"]}, discards={0: ["MU2001"]}
    )
    _refused(  # a target it can take exists: the one named is wrong
        state,
        PlayCard(key("TE3008", 0), "", (key("CT4205", 0),)),
        "targets",
        "that target is not one this card can aim at now",
    )


def test_a_spy_kept_out_says_so_as_an_interrupt_too() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["SY4601"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["SY4301"]})
    _refused(state, Interrupt(key("SY4301", 0), key("CT4205", 0), ()), "spies", "spies out")


def test_a_placement_ban_names_the_card_that_forbids_it() -> None:
    lands: Lands = {0: [("CT4404", ["LE4401"]), ("CT4305", []), ("CT4503", ["LE4303"])]}
    hands = {0: ["LE4303", "MU2001", "LE4401"]}
    state = arrange(game(), round_no=3, lands=lands, hands=hands)
    _refused(
        state,
        PlayCard(key("LE4303", 0), key("CT4404", 0)),
        "placement bans",
        "King Henry VIII stands there, whose card says: No female leader",
    )
    _refused(
        state,
        PlayCard(key("MU2001", 0), key("CT4305", 0)),
        "placement bans",
        "Thailand's card says: No European character or army may stand on this land.",
    )


def test_a_blocked_attack_names_the_card_that_blocks_it() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016"])],
        1: [("CT4503", ["LE4502"]), ("CT4305", ["AU4402"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert state.phase == "attack"  # Thailand may be attacked
    _refused(
        state,
        Attack(key("CT4404", 0), key("CT4503", 1)),
        "blocked attacks",
        "King Tutankhamun blocks this attack; its card says: Only a land with a pharaoh",
    )
    lands = {0: [("CT4503", ["CO3015"]), ("CT4305", ["CO3016"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    _age(state, key("CO3015", 0), 3)
    assert state.phase == "attack"  # Mao Zedong may attack from Thailand
    _refused(
        state,
        Attack(key("CT4503", 0), key("CT4404", 1)),
        "blocked attacks",
        "Ashoka the Great blocks this attack",
        "may not attack after 3 of your turns in play",
    )


def test_a_destroyed_land_says_for_how_many_turns() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4503", ["MU2001"]), ("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3005"], 1: ["IN4202"]})
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4503", 1),)))
    _turn_of(state, 1)
    _refused(
        state,
        PlayCard(key("IN4202", 1), key("CT4503", 1)),
        "destroyed lands",
        "China was destroyed and cannot be used for 3 more turns",
    )


# --- abilities the bench rarely sees fire: reachable only after a conquest ------------------------
def test_karl_marx_gets_500_after_his_player_takes_russia() -> None:
    """The Boadicea player can take Russia from the Cheswell player (an undefended land
    on Asia, next to China) with Karl Marx himself, and then his +500 works there."""
    lands: Lands = {
        0: [("CT4503", ["EC4501", "IN4502"])],
        1: [("CT4404", []), ("CT4305", ["MU2001"])],
    }
    state = arrange(game(decks=["boadicea", "cheswell"]), round_no=3, phase="move", lands=lands)
    assert state.phase == "move"
    act(state, Confiscate(key("EC4501", 0), key("CT4404", 1)))
    russia = next(c for c in state.rows[0] if c.land == key("CT4404", 1))
    assert russia.cards == [key("EC4501", 0)]
    attack = sums(state, key("CT4404", 1), key("CT4305", 1))  # his side, on Russia
    assert attack.attack == 40 + 500 + 700  # Karl Marx, his +500, Russia's own +700


def test_us_west_coast_pays_after_its_player_takes_two_us_lands() -> None:
    """In a game of three, the Salem player takes the US East Coast (Confucius) and the
    Rocky Mountains (Boadicea), both undefended, and then discovers the West Coast."""
    lands: Lands = {
        0: [("CT4205", ["MU2001", "IN4201", "IN4202"])],
        1: [("CT4605", []), ("CT4601", ["CO3016"])],
        2: [("CT4505", []), ("CT4503", ["AR4302"])],
    }
    g = game(3, decks=["salem", "confucius", "boadicea"])
    state = arrange(g, round_no=3, phase="move", lands=lands, hands={0: ["EV4102"]})
    act(state, Confiscate(key("MU2001", 0), key("CT4605", 1)))
    act(state, Confiscate(key("IN4201", 0), key("CT4505", 2)))
    assert len(state.rows[0]) == 3
    finish_turn(state)
    finish_turn(state)
    _turn_of(state, 0)
    state.apply(PlayCard(key("EV4102", 0), "", ()))
    reveal = [a for a, _p in state.chance_outcomes() if a == RevealLand(0, key("CT4306", 0))]
    before = state.morale[0]
    act(state, reveal[0])
    assert state.morale[0] == before + 300


# --- October Revolution (EV4603): every king, queen, emperor, tsar or pharaoh goes ------------
def test_october_revolution_discards_the_queens_their_plates_name() -> None:
    # Boudica was queen of the Iceni and the Trung Sisters ruled as queens (their plates
    # say so): the card's "every queen" reaches them; a warrior who never reigned stays
    assert "queen" in _text("EV4603")
    lands: Lands = {
        0: [("CT4602", ["PH4301"])],
        1: [("CT4601", ["WA4501", "WA3004", "WA4401"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4603"]})
    act(state, PlayCard(key("EV4603", 0), "", ()))
    assert key("WA4501", 1) in state.discards[1]  # Boudica
    assert key("WA3004", 1) in state.discards[1]  # the Trung Sisters
    assert key("WA4401", 1) in state.rows[1][0].cards  # Gladiatrix never reigned


# --- "the first time": Louis XIV, Caesar, Napoleon and Lincoln wait for something to act on ---
def _settle_picks(state: HistoricalState, purpose: str = "") -> list[str]:
    """Answer every question with its first option; the purposes asked, in order."""
    asked = []
    while state.pending and isinstance(state.pending[-1], PendingPick):
        top = narrow(state.pending[-1], PendingPick)
        asked.append(top.purpose)
        choice = "" if "" in top.options and top.purpose != purpose else top.options[-1]
        act(state, Pick(choice, top.purpose))
    return asked


def test_louis_xiv_kills_in_the_first_attack_on_a_land_with_a_leader() -> None:
    assert _text("CO4302") == (
        "The first time its land attacks a land with a leader: a leader there, which you "
        "choose, is killed."
    )
    lands: Lands = {
        0: [("CT4404", ["CO4302", "AR4302"])],
        1: [("CT4503", ["IN4201"]), ("CT4602", ["LE4102", "MU2001"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))  # no leader on China
    _settle_picks(state)
    assert not any("killed by" in e.text for e in state.events)
    act(state, Attack(key("CT4404", 0), key("CT4602", 1)))  # David Crockett on Israel
    _settle_picks(state)
    assert any("David Crockett dies (killed by King Louis XIV)" in e.text for e in state.events)
    assert key("LE4102", 1) in state.discards[1]


def test_napoleon_takes_at_the_first_win_against_a_player_holding_cards() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO4203", "CO3016"])],
        1: [("CT4503", ["MU2001"]), ("CT4602", ["IN4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))  # Player 2 holds no card
    _settle_picks(state)
    assert state.hands[0] == []
    # a card reaches Player 2's hand (as a draw would bring it; the attack phase goes on)
    state.decks[1].remove(key("EV4301", 1))
    state.hands[1].append(key("EV4301", 1))
    act(state, Attack(key("CT4404", 0), key("CT4602", 1)))
    _settle_picks(state, "take")
    assert state.hands[0] == [key("EV4301", 1)]  # Napoleon's one take, at this second win


# --- Robert E. Lee (LE4504): once, the army on his land counts double in an attack ------------
def test_robert_e_lee_keeps_his_doubling_until_an_army_attacks_with_him() -> None:
    assert _text("LE4504") == "Once: each army on its land counts double when attacking."
    lands: Lands = {
        0: [("CT4404", ["LE4504"])],
        1: [("CT4503", ["MU2001"]), ("CT4602", ["IN4201"])],
    }
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={0: ["AR4302"]}
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))  # no army beside him yet
    _settle_picks(state)
    finish_turn(state)
    finish_turn(state)
    act(state, PlayCard(key("AR4302", 0), key("CT4404", 0)))  # the Samurai Warriors join him
    act(state, EndPhase())
    assert state.phase == "attack"
    act(state, Attack(key("CT4404", 0), key("CT4602", 1)))
    battles = [e for e in state.events if e.kind == "battle" and "Battle for" in e.text]
    # Lee 400, the Samurai's 3000 doubled and Russia's +700: 7100 (spent, it was 4100)
    assert "Battle for Israel: attack 7100" in battles[-1].text, battles[-1].text


# --- Israel (CT4602) and Mali (CT4603): a card that moves onto the land has come to it too ----
def test_israel_pays_for_a_spiritual_leader_who_moves_there() -> None:
    assert _text("CT4602").startswith("For each Jewish or Christian or Muslim spiritual leader")
    lands: Lands = {0: [("CT4602", ["MU2001"]), ("CT4404", ["SP3002", "IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 800}, lands=lands, phase="move")
    act(state, Move(key("SP3002", 0), key("CT4602", 0)))  # Joseph Smith Jr. walks to Israel
    assert key("SP3002", 0) in state.rows[0][0].cards
    assert state.morale[0] == 800 + 200


def test_mali_pays_when_its_first_african_leader_moves_there() -> None:
    lands: Lands = {0: [("CT4603", ["MU2001"]), ("CT4302", ["LE4502", "IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 800}, lands=lands, phase="move")
    act(state, Move(key("LE4502", 0), key("CT4603", 0)))  # Tutankhamun walks to Mali
    assert state.morale[0] == 800 + 300


# --- Thailand (CT4305): no European character or army may stand there ---------------------
def test_thailand_keeps_boudica_a_briton_off() -> None:
    assert _text("CT4305") == "No European character or army may stand on this land."
    lands: Lands = {0: [("CT4305", ["AR4302"]), ("CT4503", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["WA4501", "WA3004"]})
    legal = state.legal_actions()
    assert PlayCard(key("WA4501", 0), key("CT4305", 0)) not in legal  # Boudica, of Britain
    assert PlayCard(key("WA4501", 0), key("CT4503", 0)) in legal
    assert PlayCard(key("WA3004", 0), key("CT4305", 0)) in legal  # the Trung Sisters may


def test_thailand_keeps_alexander_graham_bell_off_and_lets_a_canadian_stand() -> None:
    """Bell, born and raised in Edinburgh, counts as a European (our reading, on his
    card); Sir William Stephenson, born in Canada, does not."""
    assert "Edinburgh" in CAT.cards["IN4201"].note
    lands: Lands = {0: [("CT4305", ["AR4302"]), ("CT4503", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["IN4201", "SY4601"]})
    legal = state.legal_actions()
    assert PlayCard(key("IN4201", 0), key("CT4305", 0)) not in legal
    assert PlayCard(key("IN4201", 0), key("CT4503", 0)) in legal
    assert PlayCard(key("SY4601", 0), key("CT4305", 0)) in legal
