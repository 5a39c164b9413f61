"""Historical Conquest: turn structure, plays, columns, explorers, attacks, endings.

The helpers (``settle``, ``finish_turn``, ``sums``) shared by the historical test
modules are in ``tests/historical/conftest.py``.

Covers ``hcgames.historical.battle``, ``hcgames.historical.field``,
``hcgames.historical.fighting``, ``hcgames.historical.turn`` and
``hcgames.historical.victory``, which have no test file of their own (see
tests/test_layout.py).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from hcgames.core import CHANCE, IllegalAction
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    DrawCard,
    EndPhase,
    ExplorerMove,
    FirstPlayer,
    Interrupt,
    Move,
    Pick,
    PlayCard,
    RevealLand,
)
from hcgames.historical.pending import PendingPick
from hcgames.historical.state import HistoricalState
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import Lands, act, finish_turn, game, new_game, settle, sums
from tests.narrow import narrow


# --- setup ------------------------------------------------------------------------------
def test_setup_splits_lands_from_the_draw_deck() -> None:
    state = new_game(seed=0)
    cat = state.game.catalogue
    for seat, deck in enumerate(state.game.deck_names):
        lands = [c for c in cat.decks[deck] if cat.cards[c].category == "land"]
        assert len(state.piles[seat]) == len(lands) == 6
        assert len(state.decks[seat]) == len(cat.decks[deck]) - 6
    assert state.current_player == CHANCE
    assert [(o, p) for o, p in state.chance_outcomes()] == [
        (FirstPlayer(0), Fraction(1, 2)),
        (FirstPlayer(1), Fraction(1, 2)),
    ]  # the coin decides who goes first
    state.apply(FirstPlayer(0))
    assert all(isinstance(o, RevealLand) for o, _ in state.chance_outcomes())


def test_first_turn_turns_up_a_land_then_draws_five() -> None:
    state = new_game(seed=0)
    state.apply(FirstPlayer(0))
    state.apply(state.chance_outcomes()[2][0])
    assert len(state.rows[0]) == 1
    for _ in range(5):
        outcomes = state.chance_outcomes()
        assert all(isinstance(o, DrawCard) for o, _ in outcomes)
        assert sum(p for _, p in outcomes) == 1
        state.apply(outcomes[0][0])
    assert len(state.hands[0]) == 5
    assert state.current_player == 0 and state.phase == "play"


def test_draw_probability_follows_the_cards_left() -> None:
    state = new_game(seed=0)
    state.apply(FirstPlayer(0))
    state.apply(state.chance_outcomes()[0][0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 45
    assert {p for _, p in outcomes} == {outcomes[0][1]} and outcomes[0][1].denominator == 45


# --- plays ------------------------------------------------------------------------------
def test_three_plays_a_turn_and_discards_count() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])]},
        hands={0: ["MU2001", "IN4201", "IN4202", "KN4201"]},
    )
    act(state, Discard(key("KN4201", 0)))
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))
    act(state, PlayCard(key("IN4201", 0), key("CT4205", 0)))
    assert state.plays == 3
    assert not any(isinstance(a, PlayCard | Discard) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="three plays"):
        state.apply(PlayCard(key("IN4202", 0), key("CT4205", 0)))


def test_interrupts_are_free_plays() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])]},
        hands={0: ["MU2001", "IN4201", "IN4202", "DO4301"]},
    )
    for card in ("MU2001", "IN4201", "IN4202"):
        act(state, PlayCard(key(card, 0), key("CT4205", 0)))
    assert Interrupt(key("DO4301", 0), "", ()) in state.legal_actions()
    act(state, Interrupt(key("DO4301", 0), "", ()))
    assert state.plays == 3
    assert key("DO4301", 0) in state.active[0]


def test_column_holds_four_or_three_and_one_army() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", ["MU2001", "IN4201", "AR4201"])]},
        hands={0: ["AR4203", "IN4202"]},
    )
    legal = state.legal_actions()
    assert PlayCard(key("AR4203", 0), key("CT4205", 0)) not in legal  # a second army
    assert PlayCard(key("IN4202", 0), key("CT4205", 0)) in legal
    act(state, PlayCard(key("IN4202", 0), key("CT4205", 0)))
    assert not any(isinstance(a, PlayCard) and a.land for a in state.legal_actions())


def test_a_card_can_give_a_land_more_room() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4404", ["MU2001", "IN4201", "IN4202", "KN4201"])]},
        hands={0: ["AT4201"]},
    )
    assert state.capacity(state.rows[0][0]) == 5  # Russia holds five cards
    assert PlayCard(key("AT4201", 0), key("CT4404", 0)) in state.legal_actions()


def test_first_round_has_no_interaction() -> None:
    state = arrange(
        game(),
        round_no=1,
        lands={0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]},
        hands={0: ["EV4104", "AU4602", "EN4302", "MU3004"]},
    )
    cards = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert key("EV4104", 0) not in cards  # Great Depression hits an opponent
    assert key("EN4302", 0) not in cards  # Salem Witch Trials too
    assert key("AU4602", 0) in cards  # Poe may stand; his ability waits
    assert key("MU3004", 0) in cards


# --- explorers --------------------------------------------------------------------------
def test_explorer_discovers_a_land_and_stands_on_it() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EX4405"]})
    act(state, PlayCard(key("EX4405", 0), "", (), -1, True))
    assert len(state.rows[0]) == 2
    assert state.rows[0][1].cards == [key("EX4405", 0)]


def test_explorer_played_without_discovering_stands_anywhere() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", []), ("CT4404", [])]}, hands={0: ["EX4405"]}
    )
    legal = state.legal_actions()
    assert PlayCard(key("EX4405", 0), key("CT4205", 0)) in legal
    assert PlayCard(key("EX4405", 0), key("CT4404", 0)) in legal
    act(state, PlayCard(key("EX4405", 0), key("CT4404", 0)))
    assert len(state.rows[0]) == 2


def test_explorers_travel_by_their_way_and_escort_one_card() -> None:
    # Livingstone walks (land explorer); Albanel sails (sea explorer)
    state = arrange(
        game(),
        round_no=2,
        phase="move",
        lands={
            0: [
                ("CT4204", ["EX4405", "EX4402", "MU2001"]),
                ("CT4404", []),
                ("CT4205", []),
                ("CT4202", []),
            ]
        },
    )
    legal = state.legal_actions()
    walk = [a for a in legal if isinstance(a, ExplorerMove) and a.explorer == key("EX4405", 0)]
    sail = [a for a in legal if isinstance(a, ExplorerMove) and a.explorer == key("EX4402", 0)]
    assert {a.land for a in walk} == {key("CT4404", 0)}  # Africa to Asia by land only
    assert {a.land for a in sail} == {key("CT4404", 0), key("CT4205", 0), key("CT4202", 0)}
    act(state, ExplorerMove(key("EX4402", 0), key("CT4202", 0), key("MU2001", 0)))
    assert state.rows[0][3].cards == [key("EX4402", 0), key("MU2001", 0)]


def test_one_move_a_turn_within_a_continent() -> None:
    state = arrange(
        game(),
        round_no=2,
        phase="move",
        lands={0: [("CT4204", ["MU2001", "IN4201"]), ("CT4701", []), ("CT4205", [])]},
    )
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    assert {a.land for a in moves} == {key("CT4701", 0)}
    act(state, moves[0])
    assert not any(isinstance(a, Move) for a in state.legal_actions())


# --- attacks ----------------------------------------------------------------------------
def _duel_lands(round_no: int = 3, morale: int = 900) -> HistoricalState:
    return arrange(
        game(),
        round_no=round_no,
        phase="play",
        morale={0: morale},
        lands={
            0: [("CT4404", ["CO4203"])],
            1: [("CT4403", ["LE4102"])],
        },
    )


def test_attacks_wait_for_round_three_and_800_morale() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016", "CO4203"])], 1: [("CT4503", ["MU2001"])]}
    early = arrange(game(), round_no=2, morale={0: 900}, lands=lands)
    act(early, EndPhase())
    assert early.phase != "attack"  # nothing to do there: the phase is skipped
    poor = arrange(game(), round_no=3, morale={0: 700}, lands=lands)
    act(poor, EndPhase())
    assert poor.phase != "attack"
    ready = arrange(game(), round_no=3, morale={0: 800}, lands=lands)
    act(ready, EndPhase())
    assert ready.phase == "attack"
    assert Attack(key("CT4404", 0), key("CT4503", 1)) in ready.legal_actions()


def test_attacks_stay_on_one_continent_unless_an_explorer_reaches() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016"])],
        1: [("CT4205", ["MU2001"]), ("CT4503", ["IN4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    targets = {a.target for a in state.legal_actions() if isinstance(a, Attack)}
    assert targets == {key("CT4503", 1)}
    lands[0] = [("CT4404", ["CO3016", "EX4402"])]  # a sea explorer on coastal Russia
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    targets = {a.target for a in state.legal_actions() if isinstance(a, Attack)}
    assert targets == {key("CT4503", 1), key("CT4205", 1)}


def test_at_most_two_attacks_a_turn() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016", "CO4203", "AR4401"])],
        1: [("CT4503", ["MU2001", "IN4201", "IN4202"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    for _ in range(2):
        act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
        while state.pending and isinstance(state.pending[-1], PendingPick):
            act(
                state,
                Pick(
                    narrow(state.pending[-1], PendingPick).options[-1],
                    narrow(state.pending[-1], PendingPick).purpose,
                ),
            )
    assert not any(isinstance(a, Attack) for a in state.legal_actions())


def test_battle_adds_attack_against_defence_and_loser_pays() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 900, 1: 500}, lands=lands, phase="attack")
    result = sums(state, key("CT4404", 0), key("CT4503", 1))
    # Mao 700 + 400 strength in Asia + Russia's 700; China +500 defence on 20 + 40
    assert (result.attack, result.defence, result.winner) == (1800, 560, "attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert (
        narrow(state.pending[-1], PendingPick).purpose == "casualty" and state.current_player == 1
    )
    act(state, Pick(key("IN4201", 1), "casualty"))
    assert state.morale[1] == 400
    assert state.rows[1][0].cards == [key("MU2001", 1)]
    assert key("IN4201", 1) in state.discards[1]


def test_a_failed_attack_costs_the_attacker_100() -> None:
    lands: Lands = {0: [("CT4404", ["MU2001"])], 1: [("CT4503", ["CO3016"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.morale == [800, 0]
    assert state.rows[0][0].cards == [key("MU2001", 0)]  # the attacker loses no card


def test_emptied_land_may_be_taken_with_a_spare_card() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016", "MU2001"])],
        1: [("CT4503", ["IN4201"]), ("CT4205", [])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert narrow(state.pending[-1], PendingPick).purpose == "occupy"
    act(state, Pick(key("MU2001", 0), "occupy"))
    assert [c.land for c in state.rows[0]] == [key("CT4404", 0), key("CT4503", 1)]
    assert state.rows[0][1].cards == [key("MU2001", 0)]


def test_undefended_land_is_confiscated_in_the_move_phase() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016", "MU2001"])],
        1: [("CT4503", []), ("CT4205", ["IN4201"])],
    }
    state = arrange(game(), round_no=2, lands=lands, phase="move")
    grab = Confiscate(key("MU2001", 0), key("CT4503", 1))
    assert grab in state.legal_actions()
    assert Confiscate(key("MU2001", 0), key("CT4205", 1)) not in state.legal_actions()
    act(state, grab)
    assert key("CT4503", 1) in [c.land for c in state.rows[0]]


def test_taking_the_last_land_wins() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016", "MU2001"])], 1: [("CT4503", [])]}
    state = arrange(game(), round_no=2, lands=lands, phase="move")
    act(state, Confiscate(key("MU2001", 0), key("CT4503", 1)))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.returns() == [1.0, 0.0]


# --- morale -----------------------------------------------------------------------------
def test_gains_are_capped_at_800_a_turn() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EV4301", "DC4201", "MU2001"]}
    )
    act(state, PlayCard(key("EV4301", 0)))
    act(state, PlayCard(key("DC4201", 0)))
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))
    assert state.morale[0] == 800  # 400 + 400 + 300, capped
    assert "capped" in state.events[-1].text or any("capped" in e.text for e in state.events)


def test_3000_morale_wins_at_once() -> None:
    state = arrange(
        game(), round_no=4, morale={0: 2800}, lands={0: [("CT4205", [])]}, hands={0: ["MU2001"]}
    )
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and "3000" in outcome.reason


def test_minus_2000_forfeits() -> None:
    state = arrange(
        game(3),
        round_no=4,
        morale={1: -1800},
        lands={0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])], 2: [("CT4503", [])]},
        hands={0: ["EV4104"]},
    )
    act(state, PlayCard(key("EV4104", 0), "", ("P1",)))
    assert state.out[1] and not state.is_terminal()
    assert state.rows[1] == [] and key("MU2001", 1) in state.discards[1]


def test_round_limit_gives_the_win_to_the_highest_morale() -> None:
    state = arrange(
        game(max_rounds=3),
        round_no=3,
        turn=1,
        morale={0: 100, 1: 200},
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4404", ["IN4201"])]},
    )
    finish_turn(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and "limit" in outcome.reason


# --- piles ------------------------------------------------------------------------------
def test_events_go_to_the_discard_pile_lasting_cards_to_the_active_pile() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EV4301", "TE4502"]}
    )
    act(state, PlayCard(key("EV4301", 0)))
    act(state, PlayCard(key("TE4502", 0)))
    assert key("EV4301", 0) in state.discards[0]
    assert key("TE4502", 0) in state.active[0]


def test_an_empty_deck_reshuffles_the_discard_pile() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])]},
        hands={0: ["MU2001"]},
        discards={0: ["IN4201", "IN4202", "KN4201"]},
    )
    state.decks[0] = []
    act(state, EndPhase())
    finish_turn(state)
    assert len(state.hands[0]) == 4 and state.discards[0] == []


# --- hidden information -----------------------------------------------------------------
def test_observation_hides_other_hands_and_determinize_keeps_it() -> None:
    import random

    state = new_game(seed=4)
    settle(state)
    for _ in range(20):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
            continue
        player = state.current_player
        view = state.observation(player)
        other = 1 - player
        assert view["hands"][other] == {"hidden": len(state.hands[other]), "shown": []}
        guess = state.determinize(player, random.Random(1))
        assert guess.observation(player) == view
        state.apply(state.legal_actions()[-1])


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    state = new_game(seed=0)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="chance step"):
        state.apply(PlayCard(key("MU2001", 0), key("CT4205", 0)))
    assert state.to_json() == before
    settle(state)
    with pytest.raises(IllegalAction, match="hand"):
        state.apply(PlayCard(next(k for k in state.decks[0]), state.rows[0][0].land))
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["MU2001"])]}
    poor = arrange(game(), round_no=3, morale={0: 500}, lands=lands)
    with pytest.raises(IllegalAction, match="800 morale"):
        poor.apply(Attack(key("CT4404", 0), key("CT4503", 1)))


def test_forfeiting_in_your_own_turn_passes_the_turn_on() -> None:
    state = arrange(
        game(3),
        round_no=4,
        morale={0: -1800},
        lands={0: [("CT4404", [])], 1: [("CT4205", ["MU2001"])], 2: [("CT4503", ["IN4201"])]},
        hands={0: ["CO3016"]},
    )
    act(state, PlayCard(key("CO3016", 0), key("CT4404", 0)))  # Mao costs his player 300
    assert state.out[0] and not state.is_terminal()
    assert state.turn == 1 and state.current_player in (1, CHANCE)


def test_a_land_works_its_ability_when_it_is_turned_up() -> None:
    decks = ("boadicea", "salem")
    state = arrange(
        game(decks=decks), round_no=2, lands={0: [("CT4502", [])]}, hands={0: ["EV4504"]}
    )
    madagascar = key("CT4701", 0)
    state.piles[0] = [madagascar]  # the only land left to find: Madagascar (+300 morale)
    state._ready = None
    act(state, PlayCard(key("EV4504", 0)))
    assert state.rows[0][-1].land == madagascar and state.morale[0] == 300
