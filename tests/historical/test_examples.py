"""Historical Conquest: every answer of the rulebook's questions and answers.

Each test names the question it settles; together with the sample morale log they
make the book's Q&A part of the rules.
"""

from __future__ import annotations

import copy

import pytest

from hcgames.core import DataError, IllegalAction
from hcgames.data import read_json
from hcgames.historical import views
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    Interrupt,
    Pick,
    PlayCard,
    UseAbility,
)
from hcgames.historical.battle import BELOW_ZERO
from hcgames.historical.material import build_catalogue
from hcgames.historical.pending import PendingPick
from hcgames.historical.state import HistoricalState
from hcgames.historical.teach import arrange, battle_sheet, key
from tests.historical.conftest import Lands, act, finish_turn, game, sums
from tests.narrow import narrow


def _ability(state: HistoricalState, card: str) -> list[UseAbility]:
    return [a for a in state.legal_actions() if isinstance(a, UseAbility) and a.card == card]


# --- morale -----------------------------------------------------------------------------
def test_sample_morale_log_replayed_exactly() -> None:
    """The book's log: 0/0, 300/100, -100/0, 200/300, 200/600."""
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])], 1: [("CT4601", [])]},
        hands={0: ["MU2001", "LE4301"], 1: ["AI4201", "EN4302", "PH4301"]},
    )
    log = {0: [state.morale[0]], 1: [state.morale[1]]}
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))  # Beethoven +300
    log[0].append(state.morale[0])
    finish_turn(state)
    act(state, PlayCard(key("AI4201", 1), key("CT4601", 1)))  # Michelangelo +100
    log[1].append(state.morale[1])
    act(state, PlayCard(key("EN4302", 1)))  # Salem Witch Trials: -400 to Player 1
    log[0].append(state.morale[0])
    finish_turn(state)
    act(state, PlayCard(key("LE4301", 0), key("CT4205", 0)))  # James Madison +300
    log[0].append(state.morale[0])
    # A battle Player 2 loses: the book's log shows it before anyone may attack, so
    # the battle is run directly: Quebec (Beethoven, Madison) against Greece.
    state.stage_battle(key("CT4205", 0), key("CT4601", 1))
    log[1].append(state.morale[1])  # Battle lost: -100, Michelangelo the only card...
    deaths = [e for e in state.events if "Michelangelo" in e.text and "dies" in e.text]
    assert deaths, "Michelangelo died in the battle"
    act(state, Pick("", "occupy"))
    finish_turn(state)
    act(state, PlayCard(key("PH4301", 1), key("CT4601", 1)))  # Socrates +300
    log[1].append(state.morale[1])
    assert log[0] == [0, 300, -100, 200]
    # the battle and Michelangelo's death happen in one step: 100 - 100 + 300
    assert log[1] == [0, 100, 300, 600]
    changes = [
        e.data["change"] for e in state.events if e.kind == "morale" and e.data["player"] == 1
    ]
    assert changes == [100, -100, 300, 300]


def test_morale_only_moves_through_cards_and_battles() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["AT4201", "LE4102"]}
    )
    act(state, Discard(key("AT4201", 0)))
    act(state, PlayCard(key("LE4102", 0), key("CT4205", 0)))  # Crockett has no morale ability
    assert state.morale[0] == 0


# --- battles ----------------------------------------------------------------------------
def test_equal_attack_and_defence_is_a_draw() -> None:
    lands: Lands = {0: [("CT4305", ["AR4402"])], 1: [("CT4602", ["AR4302"])]}
    state = arrange(game(), round_no=3, morale={0: 900, 1: 900}, lands=lands, phase="attack")
    result = sums(state, key("CT4305", 0), key("CT4602", 1))
    assert result.attack == result.defence == 2500  # Janissary attack, Samurai defence
    before = copy.deepcopy(state.rows)
    act(state, Attack(key("CT4305", 0), key("CT4602", 1)))
    assert state.morale == [900, 900] and state.rows == before


def test_strength_bonuses_count_for_attack_and_defence() -> None:
    lands: Lands = {0: [("CT4503", ["WA3004"])], 1: [("CT4404", ["CO3016"])]}
    state = arrange(game(), round_no=3, lands=lands)
    attacking = sums(state, key("CT4503", 0), key("CT4404", 1))
    # Trung Sisters +500 strength in Asia attack; Mao +400 strength in Asia and
    # Russia's +700 strength defend
    assert attacking.attack == 500 + 500
    assert attacking.defence == 800 + 400 + 700
    defending = sums(state, key("CT4404", 1), key("CT4503", 0))
    assert defending.attack == 700 + 400 + 700
    assert defending.defence == 400 + 500 + 500  # China adds +500 defence


# --- cards ------------------------------------------------------------------------------
def test_atomic_bomb_destroys_armies_too() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4503", ["AR4401", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3005"]})
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4503", 1),)))
    assert state.rows[1][0].cards == []
    assert key("AR4401", 1) in state.discards[1]
    assert state.rows[1][0].locked == 3 + 1  # counted down as each of the holder's turns starts


def test_atomic_bomb_closes_the_land_until_its_players_third_turn() -> None:
    """ "Until your third turn from now": the struck player's next three turns come
    before it, and the land stays closed through all three (it closed after two)."""
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4503", ["MU2001"]), ("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3005"], 1: ["IN4202"]})
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4503", 1),)))
    closed = PlayCard(key("IN4202", 1), key("CT4503", 1))
    notes = []
    for _ in range(4):
        finish_turn(state)  # Player 2's turn starts
        assert state.turn == 1
        notes.append(views.card_rows(state)["Player 2's battlefield"][0].get("note"))
        if closed in state.legal_actions():
            break
        finish_turn(state)
    assert state.round_no == 3 + 3  # the struck player's turns of rounds 3, 4 and 5 were closed
    assert notes == [
        "Closed for 3 more turns",
        "Closed for 2 more turns",
        "Closed for 1 more turn",
        None,
    ]


def test_atomic_bomb_on_a_divided_land_hits_both_holders() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])], 2: [("CT4404", ["AR4401"])]}
    state = arrange(game(3), round_no=3, lands=lands, hands={0: ["TE3005"]})
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4404", 1),)))
    assert state.rows[1][0].cards == [] and state.rows[2][0].cards == []
    assert state.rows[1][0].locked == state.rows[2][0].locked == 3 + 1


def test_atomic_bomb_log_names_the_bomb_and_its_player() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4503", ["AR4401", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE3005"]})
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4503", 1),)))
    strikes = [e.text for e in state.events if e.kind == "destroy"]
    assert strikes == [
        "Invention of the Atomic Bomb, played by Player 1, strikes China of Player 2."
    ]
    assert not any(
        "China strikes" in e.text or "destroyed by China" in e.text for e in state.events
    )


def test_us_senate_turns_an_event_back_onto_its_player() -> None:
    # The Great Depression (-500 to one opponent) aimed at the Senate's holder hits the
    # player who played it instead, as the card says
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4404", ["IN4201"])]}
    state = arrange(
        game(),
        round_no=3,
        lands=lands,
        morale={0: 1000, 1: 1000},
        hands={0: ["EV4104"], 1: ["OR4401"]},
    )
    state.apply(PlayCard(key("EV4104", 0), "", ("P1",)))
    act(state, Interrupt(key("OR4401", 1), "", ()))
    assert state.morale[1] == 1000
    assert state.morale[0] == 1000 - 500
    assert any("turned back" in e.text for e in state.events)


def test_eli_whitney_discard_counts_as_one_of_the_three_plays() -> None:
    lands: Lands = {0: [("CT4404", ["IN4601", "MU2001", "IN4201"])], 1: [("CT4503", ["AR4302"])]}
    state = arrange(game(), round_no=3, lands=lands)
    assert state.plays == 0
    act(state, UseAbility(key("IN4601", 0), 0, (key("MU2001", 0),)))
    assert state.plays == 1, "discarding Beethoven from the battlefield is a play"


def test_eli_whitney_discard_needs_a_play_left_in_the_play_phase() -> None:
    lands: Lands = {0: [("CT4404", ["IN4601", "MU2001", "IN4201"])], 1: [("CT4503", ["AR4302"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4103", "EV4102", "PH4101"]})
    for card in ("EV4103", "EV4102", "PH4101"):
        act(state, Discard(key(card, 0)))
    assert state.plays == 3 and state.phase_name != "play"
    assert state.turn == 0 and _ability(state, key("IN4601", 0)) == []
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(UseAbility(key("IN4601", 0), 0, (key("MU2001", 0),)))
    assert caught.value.rule == "play phase"
    assert "counts as one of the three plays" in str(caught.value)
    assert state.snapshot() == before
    # used as the third play, it ends the play phase like any third play
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4103", "EV4102"]})
    for card in ("EV4103", "EV4102"):
        act(state, Discard(key(card, 0)))
    act(state, UseAbility(key("IN4601", 0), 0, (key("MU2001", 0),)))
    assert state.plays == 3 and state.phase_name != "play"


def test_french_leader_includes_napoleon_the_conqueror() -> None:
    lands: Lands = {0: [("CT4205", ["CO4203"])], 1: [("CT4205", ["LE4102"])]}
    state = arrange(game(), round_no=3, lands=lands)
    # Quebec: +300 strength (the book's Q&A) while a French leader is there; Napoleon 700/600
    assert sums(state, key("CT4205", 0), key("CT4205", 1)).attack == 700 + 300
    assert sums(state, key("CT4205", 1), key("CT4205", 0)).defence == 600 + 300


def test_christian_leader_includes_a_christian_spiritual_leader() -> None:
    lands: Lands = {0: [("CT4602", ["AR4404", "SP4601"])], 1: [("CT4503", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands)
    # Knights Templar 3500 + 500 for Lemuel Haynes (Christian spiritual leader) + Haynes 20
    assert sums(state, key("CT4602", 0), key("CT4503", 1)).attack == 3500 + 500 + 20


def test_brothers_grimm_scare_one_opponent_only() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", [])], 2: [("CT4503", [])]}
    state = arrange(
        game(3), round_no=3, lands=lands, morale={1: 500, 2: 500}, hands={0: ["AU4601", "EN4302"]}
    )
    targets = {
        a.targets
        for a in state.legal_actions()
        if isinstance(a, PlayCard) and a.card == key("AU4601", 0)
    }
    assert targets == {("P1",), ("P2",)}
    act(state, PlayCard(key("AU4601", 0), key("CT4205", 0), ("P2",)))
    assert state.morale == [200, 500, 300]
    act(state, PlayCard(key("EN4302", 0)))  # the Witch Trials hit every opponent
    assert state.morale == [200, 100, -100]


def test_events_are_discarded_once_they_work() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EV4301"]})
    act(state, PlayCard(key("EV4301", 0)))
    assert state.active[0] == [] and state.discards[0] == [key("EV4301", 0)]


def test_a_deck_holds_one_of_each_card() -> None:
    raw_cards = read_json("historical", "cards.json")
    raw_decks = copy.deepcopy(read_json("historical", "decks.json"))
    plates = read_json("historical", "plates.json")
    deck = raw_decks["decks"]["salem"]["cards"]
    deck.append(deck[0])
    with pytest.raises(DataError, match="one of each card"):
        build_catalogue(raw_cards, raw_decks, plates)


def test_edgar_allan_poe_scares_once_at_any_time_in_your_turn() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=2, lands=lands, morale={1: 1000}, hands={0: ["AU4602"]})
    act(state, PlayCard(key("AU4602", 0), key("CT4205", 0)))
    assert state.morale[1] == 1000  # not forced on entry
    finish_turn(state)
    finish_turn(state)  # a later turn of his player
    uses = _ability(state, key("AU4602", 0))
    assert [u.targets for u in uses] == [("P1",)]
    act(state, uses[0])
    assert state.morale[1] == 700
    assert _ability(state, key("AU4602", 0)) == []
    finish_turn(state)
    finish_turn(state)
    assert _ability(state, key("AU4602", 0)) == []  # once only, not once a turn


def test_eli_whitney_bonus_is_once_and_stays_after_he_goes() -> None:
    lands: Lands = {0: [("CT4404", ["IN4601", "MU2001", "IN4201"])], 1: [("CT4503", ["AR4302"])]}
    state = arrange(game(), round_no=3, lands=lands)
    before = sums(state, key("CT4404", 0), key("CT4503", 1)).attack
    uses = _ability(state, key("IN4601", 0))
    assert {u.targets for u in uses} == {(key("MU2001", 0),), (key("IN4201", 0),)}
    act(state, UseAbility(key("IN4601", 0), 0, (key("MU2001", 0),)))
    assert state.morale[0] == 200
    assert _ability(state, key("IN4601", 0)) == []  # the bonus does not stack
    after = sums(state, key("CT4404", 0), key("CT4503", 1)).attack
    assert after == before - 20 + 200  # Beethoven's 20 gone, +200 strength
    state.remove(key("IN4601", 0), death=False, why="test")
    assert sums(state, key("CT4404", 0), key("CT4503", 1)).attack == after - 40


def test_chuck_cooper_gives_300_once() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["AT4501"]})
    act(state, PlayCard(key("AT4501", 0), key("CT4205", 0)))
    assert state.morale[0] == 300
    finish_turn(state)
    finish_turn(state)
    assert state.morale[0] == 300


def test_equal_abilities_cancel_each_other() -> None:
    # Apache (wins its first battle) attack Cherokee Warriors (win their first defence)
    lands: Lands = {0: [("CT4404", ["AR4601"])], 1: [("CT4503", ["AR4502", "LE4102"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    result = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert result.auto == "" and any("cancel" in line for line in result.lines)
    assert result.winner == "attack"  # plain sums: 3000 + 700 against 2000 + 700 + 500
    # Cherokee alone (no rival ability) would have held the land outright
    lands[0] = [("CT4404", ["CO3016", "AR4402"])]
    alone = arrange(game(), round_no=3, lands=lands)
    assert sums(alone, key("CT4404", 0), key("CT4503", 1)).auto == key("AR4502", 1)


def test_an_interrupt_beats_an_equal_ability() -> None:
    # Paul Revere (an interrupt card) defends against the Apache's automatic victory
    lands: Lands = {0: [("CT4404", ["AR4601"])], 1: [("CT4503", ["LE4503"])]}
    state = arrange(game(), round_no=3, lands=lands)
    result = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert result.auto == key("LE4503", 1) and result.winner == "defence"


def test_lincoln_wins_a_defector_and_his_player_chooses_who_makes_room() -> None:
    lands: Lands = {
        0: [("CT4602", ["LE4101", "AR4401", "CO3016", "CO3017"])],
        1: [("CT4503", ["MU2001", "IN4201", "IN4202"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4602", 0), key("CT4503", 1)))
    act(state, Pick(key("MU2001", 1), "casualty"))
    top = narrow(state.pending[-1], PendingPick)
    assert top.purpose == "defect" and state.current_player == 0
    assert set(top.options) == {key("IN4201", 1), key("IN4202", 1)}
    act(state, Pick(key("IN4202", 1), "defect"))
    top = narrow(state.pending[-1], PendingPick)
    assert top.purpose == "make room" and state.current_player == 0  # Israel is full
    act(state, Pick(key("CO3017", 0), "make room"))
    assert key("IN4202", 1) in state.rows[0][0].cards
    assert key("CO3017", 0) in state.discards[0]


def test_a_planted_rasputin_goes_last_and_the_holder_makes_room() -> None:
    lands: Lands = {
        0: [("CT4205", [])],
        1: [("CT4503", ["MU2001", "IN4201", "IN4202", "KN4201", "AT4201"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["AS4201"]})
    act(state, PlayCard(key("AS4201", 0), key("CT4503", 1)))
    assert (
        state.current_player == 1 and narrow(state.pending[-1], PendingPick).purpose == "make room"
    )
    act(state, Pick(key("AT4201", 1), "make room"))
    assert key("AS4201", 0) in state.rows[1][0].cards
    assert state.morale[1] == -200


def test_an_explorer_that_finds_a_land_stands_on_it() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EX4303"]})
    act(state, PlayCard(key("EX4303", 0), "", (), -1, True))
    found = state.rows[0][-1]
    assert found.cards == [key("EX4303", 0)] and found.land != key("CT4205", 0)


def test_events_and_interrupts_work_at_once_other_abilities_may_wait() -> None:
    state = arrange(
        game(),
        round_no=3,
        lands={0: [("CT4205", [])], 1: [("CT4404", [])]},
        hands={0: ["LE4101", "DO4301"]},
    )
    act(state, PlayCard(key("LE4101", 0), key("CT4205", 0)))
    assert state.morale[0] == 0  # Lincoln's +300 is held for later
    assert _ability(state, key("LE4101", 0))
    act(state, Interrupt(key("DO4301", 0), "", ()))
    assert state.morale[0] == 200  # the Bill of Rights works at once


def test_slavery_means_the_slavery_card_not_a_lands_past() -> None:
    cat = game().catalogue
    text = str([card.effects for card in cat.cards.values()]).lower()
    assert "slavery" not in text  # no ability asks whether a land 'has slavery'
    assert cat.cards["EV4103"].effects[0].kind == "morale"


def test_a_divided_land_emptied_in_battle_goes_to_its_owners_discard_pile() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016", "AR4401"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4404", 1)))
    assert key("CT4404", 1) in state.discards[1]  # the extra Russia goes home
    outcome = state.outcome()
    assert state.is_terminal() and outcome is not None and outcome.winners == (0,)


def test_captured_cards_are_discarded_to_their_owners_pile() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016", "MU2001"])],
        1: [("CT4503", []), ("CT4205", ["IN4201"])],
    }
    state = arrange(game(), round_no=3, lands=lands, phase="move", hands={1: ["EV4602"]})
    act(state, Confiscate(key("MU2001", 0), key("CT4503", 1)))
    finish_turn(state)
    act(state, PlayCard(key("EV4602", 1), "", (key("CT4503", 1),)))  # Chernobyl on China
    assert (
        narrow(state.pending[-1], PendingPick).purpose == "character to flee"
        and state.current_player == 0
    )
    act(state, Pick("", "character to flee"))  # Beethoven could flee to Russia; he stays
    assert key("CT4503", 1) in state.discards[1]  # China was Player 2's card all along
    assert key("MU2001", 0) in state.discards[0] or key("MU2001", 0) in state.rows[0][0].cards


def test_argentina_discard_for_its_bonus_is_a_play_too() -> None:
    # Argentina's held ability discards a character just as Eli Whitney's does
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4301", ["AC4301", "AI4401"])]}
    state = arrange(game(), round_no=3, turn=1, lands=lands)
    uses = _ability(state, key("CT4301", 1))
    assert uses
    act(state, uses[0])
    assert state.plays == 1


def test_a_battle_total_below_zero_counts_as_zero() -> None:
    """Samoa's -300 attack takes Socrates' 20 to -280: the attack counts as 0 (our rule,
    'Battle totals below zero'), so against Confucius' 0 defence it is a draw, not a
    defender's win; the sums show the sum below zero and the 0 that counts."""
    lands: Lands = {0: [("CT4604", ["PH4301"])], 1: [("CT4205", ["PH4601"])]}
    state = arrange(game(), round_no=3, lands=lands)
    result = sums(state, key("CT4604", 0), key("CT4205", 1))
    assert (result.attack, result.defence, result.winner) == (0, 0, "draw")
    assert result.lines[:3] == ["Attack:", "  Samoa: -300", f"  {BELOW_ZERO}: -280"]
    sheet = battle_sheet(state, result, ["PH4301"], ["PH4601"])
    shown = [(row["what counts"], row["points"]) for row in sheet if row["side"] == "attack"]
    assert shown == [
        ("Socrates (attack)", 20),
        ("bonus from Samoa", "-300"),
        ("sum below zero, which counts as 0", "-280"),
        ("total", 0),
    ]
    lands[0] = [("CT4604", ["AR4302"])]  # the Samurai's 3000: Samoa's -300 leaves 2700
    result = sums(arrange(game(), round_no=3, lands=lands), key("CT4604", 0), key("CT4205", 1))
    assert (result.attack, result.winner) == (2700, "attack")
    assert not any(BELOW_ZERO in line for line in result.lines)


def test_a_bonus_that_finds_nothing_to_count_is_not_listed() -> None:
    """The Knights Templar's +500 for each Christian leader on their land: none there,
    so no '+0' line among the sums; one there, one +500 line."""
    lands: Lands = {0: [("CT4602", ["AR4404", "MU2001"])], 1: [("CT4503", ["MU2001"])]}
    result = sums(arrange(game(), round_no=3, lands=lands), key("CT4602", 0), key("CT4503", 1))
    assert result.attack == 3500 + 20
    assert not any(line.endswith(": +0") for line in result.lines), result.lines
    lands[0] = [("CT4602", ["AR4404", "SP4601"])]
    result = sums(arrange(game(), round_no=3, lands=lands), key("CT4602", 0), key("CT4503", 1))
    assert "  The Knights Templar: +500" in result.lines
