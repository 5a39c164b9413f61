"""Historical Conquest: the card abilities issue 39 found broken, each worked through
on a position where the card must act and checked with the numbers on the card."""

from __future__ import annotations

from hcgames.core import State
from hcgames.historical.actions import (
    Attack,
    EndPhase,
    Interrupt,
    Pass,
    Pick,
    PlayCard,
    RevealLand,
    UseAbility,
)
from hcgames.historical.pending import PendingPick
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import Lands, act, finish_turn, game, settle
from tests.narrow import narrow


def _attacks(state: State) -> set[tuple[str, str]]:
    legal = state.legal_actions()
    return {(a.land, a.target) for a in legal if isinstance(a, Attack)}


# --- Electric Chair (TE4501): for two turns no land with an outlaw may attack you ----------
def test_electric_chair_stops_attacks_from_a_land_with_an_outlaw() -> None:
    lands: Lands = {
        0: [("CT4205", ["MU2001"])],
        1: [("CT4306", ["PI4101", "CO3016"]), ("CT4605", ["CO4203"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE4501"]}, morale={1: 900})
    act(state, PlayCard(key("TE4501", 0), "", ()))
    assert not any("nothing happens" in e.text for e in state.events)
    finish_turn(state)
    act(state, EndPhase())
    attacks = _attacks(state)
    assert (key("CT4306", 1), key("CT4205", 0)) not in attacks  # Anne Bonny is a pirate
    assert (key("CT4605", 1), key("CT4205", 0)) in attacks  # no outlaw on the East Coast


def test_electric_chair_lasts_two_of_its_players_turns() -> None:
    lands: Lands = {
        0: [("CT4205", ["MU2001"])],
        1: [("CT4306", ["PI4101", "CO3016"]), ("CT4605", ["CO4203"])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["TE4501"]}, morale={1: 900})
    act(state, PlayCard(key("TE4501", 0), "", ()))
    outlaws = (key("CT4306", 1), key("CT4205", 0))
    for _ in range(3):  # Player 2's turn, Player 1's second turn, Player 2's second turn
        finish_turn(state)
    act(state, EndPhase())
    assert state.turn == 1 and state.phase == "attack"
    assert outlaws not in _attacks(state)  # still blocked
    finish_turn(state)
    finish_turn(state)  # Player 1's third turn has begun: the two turns are over
    act(state, EndPhase())
    assert state.turn == 1 and outlaws in _attacks(state)


# --- Booker T. Washington (AU4501): a truce against an attacking land with a leader ------
def test_booker_t_washington_calls_a_truce_on_a_leaders_attack() -> None:
    lands: Lands = {0: [("CT4404", ["LE4101", "CO3016"])], 1: [("CT4503", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={1: ["AU4501"]}
    )
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    truce = Interrupt(key("AU4501", 1), key("CT4503", 1), ())
    assert state.current_player == 1 and truce in state.legal_actions()
    act(state, truce)
    assert state.morale == [900, 0]  # no battle was fought
    assert key("MU2001", 1) in state.rows[1][0].cards
    # the line names the attack and the card that stopped it, not a bare "called off"
    stopped = [e.text for e in state.events if e.kind == "block"]
    assert stopped[-1:] == [
        f"Player 1's attack on {state.card(key('CT4503', 1)).name} was stopped: "
        "Booker T. Washington blocks it, so the attack is called off."
    ], stopped
    assert _attacks(state) == set()  # and no second attack on Player 2 this turn


def test_booker_t_washington_has_no_truce_without_a_leader() -> None:
    lands: Lands = {0: [("CT4404", ["AR4302", "MU2001"])], 1: [("CT4503", ["IN4201"])]}
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={1: ["AU4501"]}
    )
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    assert not any(isinstance(a, Interrupt) for a in state.legal_actions())


# --- Gladiatrix (WA4401): she duels an opposing character herself, twice --------------------
def test_gladiatrix_duels_alone() -> None:
    lands: Lands = {0: [("CT4205", ["WA4401"])], 1: [("CT4404", ["CO3016", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands)
    uses = {a.targets for a in state.legal_actions() if isinstance(a, UseAbility)}
    assert uses == {(key("WA4401", 0), key("CO3016", 1)), (key("WA4401", 0), key("MU2001", 1))}
    act(state, UseAbility(key("WA4401", 0), 0, (key("WA4401", 0), key("MU2001", 1))))
    assert key("MU2001", 1) in state.discards[1]  # attack 500 beats 20
    act(state, UseAbility(key("WA4401", 0), 0, (key("WA4401", 0), key("CO3016", 1))))
    assert key("WA4401", 0) in state.discards[0]  # 500 loses to Mao Zedong's 700


def test_gladiatrix_does_not_send_another_card_to_duel() -> None:
    lands: Lands = {0: [("CT4205", ["WA4401", "CO3016"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands)
    duellists = {a.targets[0] for a in state.legal_actions() if isinstance(a, UseAbility)}
    assert duellists == {key("WA4401", 0)}


# --- Samurai Warriors (AR4302): +100 morale after every battle won ---------------------------
def test_samurai_warriors_pay_after_every_battle_won() -> None:
    lands: Lands = {
        0: [("CT4404", ["AR4302", "CO3016", "IN4201"])],
        1: [("CT4503", ["MU2001", "IN4202", "AC4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    for casualty in ("MU2001", "IN4202"):
        act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
        if state.pending and isinstance(state.pending[-1], PendingPick):
            act(state, Pick(key(casualty, 1), "casualty"))
    assert state.morale[0] == 900 + 100 + 100


# --- Israel (CT4602): +200 morale for each spiritual leader who arrives ----------------------
def test_israel_pays_for_each_spiritual_leader() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4602", [])]}, hands={0: ["SP3002", "SP4301"]}
    )
    act(state, PlayCard(key("SP3002", 0), key("CT4602", 0)))
    assert state.morale[0] == 200
    act(state, PlayCard(key("SP4301", 0), key("CT4602", 0)))
    assert state.morale[0] == 200 + 200 + 400  # Martin Luther's own +400 too


def test_israel_ignores_a_hindu_spiritual_leader() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4602", [])]}, hands={0: ["SP3004"]})
    act(state, PlayCard(key("SP3004", 0), key("CT4602", 0)))
    assert state.morale[0] == 0  # Gandhi is a Hindu


# --- Rasputin (AS4201): his -200 opens a window that Tokyo Rose can answer --------------------
def test_rasputin_can_be_answered_by_tokyo_rose() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["AS4201"], 1: ["AC4602"]}, morale={1: 600}
    )
    state.apply(PlayCard(key("AS4201", 0), key("CT4404", 1)))
    answer = Interrupt(key("AC4602", 1), key("CT4404", 1), ())
    assert state.current_player == 1 and answer in state.legal_actions()
    act(state, answer)
    assert state.morale[1] == 600  # Tokyo Rose spares the -200
    assert key("AS4201", 0) in state.rows[1][0].cards  # he is still planted


def test_rasputin_costs_200_when_nobody_answers() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["AS4201"], 1: ["AC4602"]}, morale={1: 600}
    )
    state.apply(PlayCard(key("AS4201", 0), key("CT4404", 1)))
    act(state, Pass())
    assert state.morale[1] == 400


# --- Magellan (EX4203): played to discover a land, he still kills an explorer ---------------
def test_magellan_keeps_his_kill_when_he_discovers() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["EX4405", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EX4203"]})
    discover = [a for a in state.legal_actions() if isinstance(a, PlayCard) and a.discover]
    assert discover and all(a.targets for a in discover)
    act(state, discover[0])
    settle(state)
    assert key("EX4405", 1) in state.discards[1]
    assert not any("nothing to aim at" in e.text for e in state.events)


# --- ability texts say what the rules do -------------------------------------------------------
def _text(card_id: str) -> str:
    return game().catalogue.cards[card_id].ability_text()


def test_dark_ages_text_names_only_knowledge_and_technology() -> None:
    text = _text("EV4101")
    assert "knowledge or technology card" in text and "all cards" not in text
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, lands=lands, active={1: ["TE4502", "DO4301"]}, hands={0: ["EV4101"]}
    )
    act(state, PlayCard(key("EV4101", 0), "", ("P1",)))
    assert state.active[1] == [key("DO4301", 1)]  # a document stays, and so does Beethoven
    assert state.rows[1][0].cards == [key("MU2001", 1)]


def test_rocky_mountains_text_halves_the_attacking_armies() -> None:
    assert _text("CT4505") == "Each army attacking this land counts at half strength."


def test_attila_text_doubles_his_whole_land_once() -> None:
    assert _text("C04201") == "Once: when its land attacks, the land's whole attack counts double."


def test_texts_give_both_morale_amounts() -> None:
    assert "+200 morale, or +300 instead on a coastal land" in _text("EC4401")
    assert "+200 morale, or +400 instead" in _text("IN4301")
    assert "+200 morale, or +400 instead" in _text("TE4302")
    assert "+200 morale, or +400 instead" in _text("CT4504")


def test_thales_pays_300_on_the_coast_and_200_inland() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", []), ("CT4505", [])]}, hands={0: ["EC4401"]}
    )
    act(state, PlayCard(key("EC4401", 0), key("CT4205", 0)))
    assert state.morale[0] == 300
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", []), ("CT4505", [])]}, hands={0: ["EC4401"]}
    )
    act(state, PlayCard(key("EC4401", 0), key("CT4505", 0)))
    assert state.morale[0] == 200  # the Rocky Mountains are inland


def test_gutenberg_gets_400_after_the_printing_press() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["TE4302", "IN4301"]}
    )
    act(state, PlayCard(key("TE4302", 0), "", ()))
    assert state.morale[0] == 200  # no Gutenberg yet
    assert key("TE4302", 0) in state.discards[0]  # the Printing Press has done its work
    act(state, PlayCard(key("IN4301", 0), key("CT4205", 0)))
    assert state.morale[0] == 200 + 400


def test_printing_press_gets_400_with_gutenberg_in_play() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", ["IN4301"])]}, hands={0: ["TE4302"]})
    act(state, PlayCard(key("TE4302", 0), "", ()))
    assert state.morale[0] == 400


def _discover_french_republic(played_eiffel: bool) -> int:
    state = arrange(
        game(decks=["boadicea", "salem"]),
        round_no=2,
        lands={0: [("CT4505", [])]},
        hands={0: ["LO4601", "EV4102"]},
    )
    if played_eiffel:
        act(state, PlayCard(key("LO4601", 0), "", ()))
    state.apply(PlayCard(key("EV4102", 0), "", ()))
    reveal = [a for a, _p in state.chance_outcomes() if a == RevealLand(0, key("CT4504", 0))]
    act(state, reveal[0])
    return state.morale[0]


def test_french_republic_gets_400_after_the_eiffel_tower() -> None:
    assert _discover_french_republic(played_eiffel=True) == 200 + 400
    assert _discover_french_republic(played_eiffel=False) == 200


# --- the decisions of issue 39 -----------------------------------------------------------------
def test_magellan_victim_chooses_which_explorer_goes() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["EX4405", "EX4402", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EX4203"]})
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard) and a.land]
    assert {a.targets for a in plays} == {("P1",)}  # Magellan's player names the opponent
    act(state, plays[0])
    pick = narrow(state.pending[-1], PendingPick)
    assert pick.purpose == "card to lose" and state.current_player == 1
    assert sorted(pick.options) == [key("EX4402", 1), key("EX4405", 1)]  # explorers only
    act(state, Pick(key("EX4402", 1), "card to lose"))
    assert state.rows[1][0].cards == [key("EX4405", 1), key("MU2001", 1)]


def test_magellan_has_no_target_without_an_opposing_explorer() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EX4203"]})
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard) and a.land]
    assert plays and {a.targets for a in plays} == {()}  # he still stands on the coast
    act(state, plays[0])
    assert state.rows[1][0].cards == [key("MU2001", 1)]


def test_epicurus_victim_chooses_which_spiritual_leader_goes() -> None:
    lands: Lands = {
        0: [("CT4205", ["PH4101"])],
        1: [("CT4404", ["SP3002", "SP4301", "LE4102"])],
    }
    state = arrange(game(), round_no=3, lands=lands)
    uses = [a for a in state.legal_actions() if isinstance(a, UseAbility)]
    assert [a.targets for a in uses] == [("P1",)]
    act(state, uses[0])
    assert sorted(narrow(state.pending[-1], PendingPick).options) == [
        key("SP3002", 1),
        key("SP4301", 1),
    ]
    act(state, Pick(key("SP4301", 1), "card to lose"))
    assert key("SP4301", 1) in state.discards[1] and key("LE4102", 1) in state.rows[1][0].cards


def test_chernobyl_struck_player_may_let_nobody_flee() -> None:
    lands: Lands = {
        0: [("CT4205", [])],
        1: [("CT4404", ["MU2001", "AR4401"]), ("CT4503", [])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4602"]})
    act(state, PlayCard(key("EV4602", 0), "", (key("CT4404", 1),)))
    pick = narrow(state.pending[-1], PendingPick)
    assert pick.options == ["", key("MU2001", 1)]  # an army cannot flee
    act(state, Pick("", "character to flee"))
    assert [c.land for c in state.rows[1]] == [key("CT4503", 1)] and state.rows[1][0].cards == []
    assert {key("MU2001", 1), key("AR4401", 1), key("CT4404", 1)} <= set(state.discards[1])


def test_fdr_returns_a_leader_to_play() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", []), ("CT4404", [])]},
        hands={0: ["LE4602"]},
        discards={0: ["LE4102", "MU2001"]},
    )
    plays = {a.targets for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert plays == {(key("LE4102", 0), key("CT4205", 0)), (key("LE4102", 0), key("CT4404", 0))}
    act(state, PlayCard(key("LE4602", 0), key("CT4205", 0), (key("LE4102", 0), key("CT4404", 0))))
    assert state.rows[0][1].cards == [key("LE4102", 0)]  # David Crockett is back in play
    assert key("LE4102", 0) not in state.hands[0] and key("LE4102", 0) not in state.discards[0]


def test_fdr_finds_no_leader_to_return() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])]},
        hands={0: ["LE4602"]},
        discards={0: ["MU2001"]},
    )
    act(state, PlayCard(key("LE4602", 0), key("CT4205", 0)))
    assert state.rows[0][0].cards == [key("LE4602", 0)] and state.discards[0] == [key("MU2001", 0)]


def test_russia_lies_farther_north_than_scotland() -> None:
    from hcgames.historical.teach import card_label
    from tests.historical.conftest import new_game

    state = new_game(first_player="north", seed=1)
    state.apply(RevealLand(0, key("CT4404", 0)))  # Russia: Moscow lies south of Edinburgh
    state.apply(RevealLand(1, key("CT4304", 1)))
    settle(state)
    assert state.first == 0
    assert any("reaches 81.9 degrees north" in e.text for e in state.events)
    russia = game().catalogue.cards["CT4404"]
    assert card_label(russia)[3]["farthest north"] == "its territory reaches 81.9 degrees north"
    assert game().catalogue.cards["CT4501"].north_text == "reaches 10.7 degrees south"


def test_card_views_show_our_reading_and_the_latitude() -> None:
    from hcgames.historical.views import card_view

    lands: Lands = {0: [("CT4404", ["EX4203"])]}
    state = arrange(game(), round_no=2, lands=lands)
    magellan = card_view(state, key("EX4203", 0))
    assert magellan["note"].startswith("Our reading:")
    russia = card_view(state, key("CT4404", 0))
    assert russia["kind"] == "Land in Asia"  # the continent said once, on the kind line
    assert russia["stats"] == ["reaches 81.9 degrees north"]


# --- more abilities worked by hand (the coverage table of test_every_card names them) --------
def test_louis_xiv_kills_a_leader_when_his_land_attacks() -> None:
    lands: Lands = {0: [("CT4404", ["CO4302", "AR4401"])], 1: [("CT4503", ["LE4102", "IN4202"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert key("LE4102", 1) in state.discards[1]  # the only leader dies before the battle


def test_louis_xiv_finds_no_leader_to_kill() -> None:
    lands: Lands = {0: [("CT4404", ["CO4302", "AR4401"])], 1: [("CT4503", ["MU2001", "IN4202"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    assert not any(isinstance(f, PendingPick) and f.purpose == "kill" for f in state.pending)


def test_caesar_kills_a_leader_only_beside_an_army() -> None:
    with_army: Lands = {
        0: [("CT4404", ["CO4202", "AR4401"])],
        1: [("CT4503", ["LE4102", "IN4202"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=with_army, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert key("LE4102", 1) in state.discards[1]
    alone: Lands = {0: [("CT4404", ["CO4202", "MU2001"])], 1: [("CT4503", ["LE4102", "IN4202"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=alone, phase="attack")
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    assert not any(isinstance(f, PendingPick) and f.purpose == "kill" for f in state.pending)


def _duel_card(card_id: str) -> None:
    lands: Lands = {0: [("CT4205", ["CO3016"])], 1: [("CT4404", ["MU2001", "CO4203", "AR4401"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: [card_id]})
    plays = [
        a for a in state.legal_actions() if isinstance(a, PlayCard) and a.card == key(card_id, 0)
    ]
    rivals = {a.targets[1] for a in plays if a.targets}
    assert key("AR4401", 1) not in rivals  # an army never duels
    mao = key("CO3016", 0)
    win = next(a for a in plays if a.targets == (mao, key("MU2001", 1)))
    act(state, win)
    assert key("MU2001", 1) in state.discards[1]  # attack 700 beats 20
    state = arrange(game(), round_no=3, lands=lands, hands={0: [card_id]})
    plays = [
        a for a in state.legal_actions() if isinstance(a, PlayCard) and a.card == key(card_id, 0)
    ]
    draw = next(a for a in plays if a.targets == (mao, key("CO4203", 1)))
    act(state, draw)
    assert key("CO4203", 1) in state.rows[1][0].cards and mao in state.rows[0][0].cards  # 700 each


def test_aaron_burr_duel() -> None:
    _duel_card("PO4301")


def test_roman_colosseum_duel() -> None:
    _duel_card("LO2003")


def test_tokyo_rose_says_what_she_cancelled() -> None:
    """The log names the answering card and what it stopped (a class saw nothing)."""
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, lands=lands, hands={0: ["AS4201"], 1: ["AC4602"]}, morale={1: 600}
    )
    state.apply(PlayCard(key("AS4201", 0), key("CT4404", 1)))
    act(state, Interrupt(key("AC4602", 1), key("CT4404", 1), ()))
    said = [e.text for e in state.events if e.kind == "cancel"]
    assert said == [
        "Player 2 answers Grigori Yefimovich Rasputin with Tokyo Rose, which cancels the "
        "morale it would cost: Player 2 loses none."
    ]


def test_every_card_the_play_list_leaves_out_says_why() -> None:
    """A land card in the hand (US West Coast) is never played: it gets a sentence too."""
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4404", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["CT4201", "MU2001"]})
    offered = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
    reasons = dict(state.unplayable_reasons(0))
    for k in state.hands[0]:
        if k not in offered:
            assert reasons.get(state.card(k).name), state.card(k).name
    assert "a land is never played from the hand" in reasons["Iceland"]


def test_not_playable_names_every_full_land() -> None:
    """Two full lands: the reason names both, so neither reads as a place left free."""
    lands: Lands = {
        0: [
            ("CT4306", ["AC4201", "AC4202", "AI4601", "AT4101"]),
            ("CT4601", ["AT4201", "AS4201", "AC4602", "AS4501"]),
        ],
        1: [("CT4404", [])],
    }
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["AC4301"]})
    reasons = dict(state.unplayable_reasons(0))
    said = reasons[state.card(key("AC4301", 0)).name]
    assert said.startswith("US West Coast (4 of 4) and Greece (4 of 4) are full: "), said
