"""Historical Conquest: one worked scenario for every kind of card effect.

``test_every_effect_kind_has_a_scenario`` makes sure the vocabulary and the
scenarios stay in step: a new kind needs a new scenario here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hcgames.historical.actions import (
    Attack,
    EndPhase,
    Interrupt,
    Pass,
    Pick,
    PlayCard,
    UseAbility,
)
from hcgames.historical.cards import EFFECT_KINDS
from hcgames.historical.pending import PendingPick, PendingWindow
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import Lands, act, finish_turn, game, sums
from tests.narrow import narrow


def _morale() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["MU2001"]})
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))
    assert state.morale[0] == 300


def _morale_opponents() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])], 1: [("CT4404", [])]}, hands={0: ["EV4104"]}
    )
    act(state, PlayCard(key("EV4104", 0), "", ("P1",)))
    assert state.morale == [0, -500]


def _morale_per_card() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", ["AC4202", "MU2001"])]}, hands={0: ["AC4201"]}
    )
    act(state, PlayCard(key("AC4201", 0), key("CT4205", 0)))
    assert state.morale[0] == 200  # Eleanor Roosevelt and Jane Addams


def _morale_each_turn() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", ["MU2001"])]},
        active={0: ["TE4401"]},
        morale={0: 1450},
    )
    finish_turn(state)
    finish_turn(state)
    assert state.morale[0] == 1550
    finish_turn(state)
    finish_turn(state)
    assert state.morale[0] == 1550  # Ice Cream stops once morale reaches 1500


def _strength() -> None:
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4601", ["IN4201"])]}
    state = arrange(game(), round_no=3, lands=lands, active={0: ["TE4502"]})
    assert sums(state, key("CT4205", 0), key("CT4601", 1)).attack == 20 + 700
    assert sums(state, key("CT4601", 1), key("CT4205", 0)).defence == 20 + 700


def _multiply() -> None:
    lands: Lands = {0: [("CT4404", ["C04201", "MU2001"])], 1: [("CT4503", ["AR4302"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    first = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert first.attack == (800 + 20 + 700) * 2  # Attila doubles his land's first attack
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    again = sums(state, key("CT4404", 0), key("CT4503", 1))
    assert again.attack == 800 + 20 + 700


def _discover_land() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EV4102"]})
    act(state, PlayCard(key("EV4102", 0)))
    assert len(state.rows[0]) == 2 and state.rows[0][1].cards == []


def _kill_character() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["LE4102", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["AS4501"]})
    plays = [a for a in state.legal_actions() if isinstance(a, Interrupt)]
    assert {a.targets for a in plays} == {(key("LE4102", 1),)}  # only leaders
    act(state, plays[0])
    assert state.rows[1][0].cards == [key("MU2001", 1)]
    assert key("AS4501", 0) in state.discards[0]  # John Wilkes Booth leaves play after


def _duel() -> None:
    lands: Lands = {0: [("CT4205", ["CO3016"])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["PO4301"]})
    act(state, PlayCard(key("PO4301", 0), key("CT4205", 0), (key("CO3016", 0), key("MU2001", 1))))
    assert state.rows[1][0].cards == [] and key("MU2001", 1) in state.discards[1]


def _destroy_land() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001", "IN4201"]), ("CT4503", [])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4602"]})
    act(state, PlayCard(key("EV4602", 0), "", (key("CT4404", 1),)))
    assert state.current_player == 1  # the struck player chooses who flees
    act(state, Pick(key("MU2001", 1), "character to flee"))
    assert [c.land for c in state.rows[1]] == [key("CT4503", 1)]
    assert state.rows[1][0].cards == [key("MU2001", 1)]  # one card fled within Asia
    assert key("CT4404", 1) in state.discards[1] and key("IN4201", 1) in state.discards[1]


def _auto_win() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016", "CO3017"])], 1: [("CT4503", ["LE4102"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.morale[0] == 800  # Crockett's land wins the round's first battle outright
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.morale[1] == -100  # the second battle is fought on the sums


def _recover() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])]},
        hands={0: ["TE3008"]},
        discards={0: ["MU2001", "EV4301"]},
    )
    options = [a.targets for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert options == [(key("MU2001", 0),)]
    act(state, PlayCard(key("TE3008", 0), "", (key("MU2001", 0),)))
    assert key("MU2001", 0) in state.hands[0]


def _block_attacks() -> None:
    lands: Lands = {
        0: [("CT4404", ["CO3016"])],
        1: [("CT4503", ["SP3004", "MU2001"]), ("CT4602", ["IN4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    targets = {a.target for a in state.legal_actions() if isinstance(a, Attack)}
    assert targets == {key("CT4602", 1)}  # nobody may attack Gandhi's land


def _guarded() -> None:
    lands: Lands = {0: [("CT4205", ["CO3016"])], 1: [("CT4201", ["MU2001"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert not any(isinstance(a, Attack) for a in state.legal_actions())
    lands[0] = [("CT4205", ["CO3016", "EX4402"])]  # a sea explorer may sail to Iceland
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    assert Attack(key("CT4205", 0), key("CT4201", 1)) in state.legal_actions()


def _cancel_effect() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", [])]}
    state = arrange(
        game(),
        round_no=3,
        lands=lands,
        morale={0: 1000, 1: 1000},
        hands={0: ["EV4104"], 1: ["KN2005"]},
    )
    state.apply(PlayCard(key("EV4104", 0), "", ("P1",)))
    assert (
        state.current_player == 1 and Interrupt(key("KN2005", 1), "", ()) in state.legal_actions()
    )
    act(state, Interrupt(key("KN2005", 1), "", ()))
    assert state.morale == [500, 1000]  # Physics turns the Great Depression back


def _event_shield() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["SC3005"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["EV4104", "AU4402"]})
    act(state, PlayCard(key("EV4104", 0), "", ("P1",)))
    assert state.morale[1] == 0  # Galileo keeps events away
    act(state, PlayCard(key("AU4402", 0), key("CT4205", 0)))
    assert state.morale[1] == -200  # a character's ability still reaches


def _discard_opponent_card() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, active={1: ["TE4502"]}, hands={0: ["EV4101"]})
    act(state, PlayCard(key("EV4101", 0), "", ("P1",)))
    assert state.active[1] == [] and key("TE4502", 1) in state.discards[1]


def _mass_discard() -> None:
    lands: Lands = {0: [("CT4205", ["BU4401"])], 1: [("CT4404", ["BU4601", "MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["LE4304"]})
    act(state, PlayCard(key("LE4304", 0), key("CT4205", 0)))
    assert state.rows[0][0].cards == [key("LE4304", 0)]
    assert state.rows[1][0].cards == [key("MU2001", 1)]


def _capacity() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4503", ["MU2001", "IN4201", "IN4202", "AR4401"])]},
        hands={0: ["KN4201", "AT4201"]},
    )
    assert state.capacity(state.rows[0][0]) == 5  # China holds five
    assert PlayCard(key("AT4201", 0), key("CT4503", 0)) in state.legal_actions()


def _morale_floor() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["AC4302"])]}
    state = arrange(game(), round_no=3, lands=lands, morale={1: 600}, hands={0: ["EV4601"]})
    act(state, PlayCard(key("EV4601", 0), "", ("P1",)))
    assert state.morale[1] == 500  # Isabella Baumfree's floor


def _expires() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["EX4505"]})
    act(state, PlayCard(key("EX4505", 0), key("CT4205", 0)))
    for _ in range(2):
        finish_turn(state)
    assert key("EX4505", 0) in state.rows[0][0].cards  # his second turn
    for _ in range(2):
        finish_turn(state)  # his third turn starts: two turns are over
    assert key("EX4505", 0) in state.discards[0]


def _defect_on_win() -> None:
    lands: Lands = {0: [("CT4404", ["LE4101", "CO3016"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    act(state, Pick(key("MU2001", 1), "casualty"))
    assert key("IN4201", 1) in state.rows[0][0].cards  # the only choice defects


def _take_from_hand() -> None:
    lands: Lands = {0: [("CT4404", ["CO4203", "CO3016"])], 1: [("CT4503", ["MU2001"])]}
    state = arrange(
        game(),
        round_no=3,
        morale={0: 900},
        lands=lands,
        phase="attack",
        hands={1: ["EV4301", "IN4201"]},
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    assert narrow(state.pending[-1], PendingPick).purpose == "take"
    act(state, Pick(key("EV4301", 1), "take"))
    assert key("EV4301", 1) in state.hands[0] and state.hands[1] == [key("IN4201", 1)]


def _lasting_bonus() -> None:
    lands: Lands = {0: [("CT4301", ["MU2001", "IN4201"])], 1: [("CT4206", ["IN4202"])]}
    state = arrange(game(), round_no=3, lands=lands)
    act(state, UseAbility(key("CT4301", 0), 0, (key("MU2001", 0),)))
    assert state.morale[0] == 300
    assert sums(state, key("CT4301", 0), key("CT4206", 1)).attack == 60 + 300


def _move_card() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", ["MU2001"]), ("CT4404", [])]},
        active={0: ["TE3011"]},
    )
    uses = [a for a in state.legal_actions() if isinstance(a, UseAbility)]
    assert uses == [UseAbility(key("TE3011", 0), 0, (key("MU2001", 0), key("CT4404", 0)))]
    act(state, uses[0])
    assert state.rows[0][1].cards == [key("MU2001", 0)]
    assert not any(isinstance(a, UseAbility) for a in state.legal_actions())  # once a turn


def _choice() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", [])], 1: [("CT4601", ["MU2001"])]},
        hands={0: ["SC4601"]},
        morale={0: 1000},
    )
    options = {a.option for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert options == {0, 1}
    act(state, PlayCard(key("SC4601", 0), key("CT4205", 0), (), 0))
    assert state.morale[0] == 500  # -500 morale, +500 strength
    assert sums(state, key("CT4205", 0), key("CT4601", 1)).attack == 80 + 500


def _plant() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["MU2001"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["AS4201"]})
    act(state, PlayCard(key("AS4201", 0), key("CT4404", 1)))
    assert state.morale[1] == -200 and key("AS4201", 0) in state.rows[1][0].cards
    assert sums(state, key("CT4205", 0), key("CT4404", 1)).defence == 20 - 300 + 700


def _toll() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016", "MU2001"])], 1: [("CT4503", ["WA4301"])]}
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    assert narrow(state.pending[-1], PendingPick).purpose == "toll" and state.current_player == 0
    act(state, Pick(key("MU2001", 0), "toll"))
    assert key("MU2001", 0) in state.discards[0]


def _protect_hand() -> None:
    lands: Lands = {0: [("CT4404", ["CO4203", "CO3016"])], 1: [("CT4503", ["MU2001", "AC4501"])]}
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={1: ["EV4301"]}
    )
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    act(state, Pick(key("MU2001", 1), "casualty"))
    assert state.hands[1] == [key("EV4301", 1)]  # Ida B. Wells keeps Napoleon out


def _forbid_spies() -> None:
    lands: Lands = {0: [("CT4205", [])], 1: [("CT4404", ["SY4601"])]}
    state = arrange(game(), round_no=3, lands=lands, hands={0: ["SY4301"]})
    assert not any(isinstance(a, Interrupt) for a in state.legal_actions())


def _ban_placement() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4305", []), ("CT4205", [])]},
        hands={0: ["MU2001", "AT4501"]},
    )
    legal = state.legal_actions()
    assert PlayCard(key("MU2001", 0), key("CT4305", 0)) not in legal  # European in Thailand
    assert PlayCard(key("AT4501", 0), key("CT4305", 0)) in legal


def _coastal_only() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4603", []), ("CT4205", [])]}, hands={0: ["EX4203"]}
    )
    lands = {a.land for a in state.legal_actions() if isinstance(a, PlayCard) and a.land}
    assert lands == {key("CT4205", 0)}  # Magellan keeps to the coast, not inland Mali


def _win_condition() -> None:
    lands: Lands = {0: [("CT4205", ["MU2001"])], 1: [("CT4404", ["IN4201"])]}
    state = arrange(game(), round_no=3, lands=lands, active={0: ["OR4601"]}, morale={1: -100})
    for _ in range(2):
        finish_turn(state)
    assert not state.is_terminal()  # one of Player 1's turns with Player 2 below zero
    for _ in range(2):
        finish_turn(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    state = arrange(
        game(),
        round_no=3,
        lands=lands,
        active={0: ["OR4601"]},
        hands={0: ["EV4104"], 1: ["OR4401"]},
    )
    state.apply(PlayCard(key("EV4104", 0), "", ("P1",)))
    act(state, Interrupt(key("OR4401", 1), "", ()))
    assert key("OR4601", 0) in state.discards[0]  # a Senate card ends the House
    assert state.morale[1] == 0  # and the event is turned back onto its player
    assert state.morale[0] == -500


SCENARIOS: dict[str, Callable[[], None]] = {
    name[1:]: func
    for name, func in globals().items()
    if name.startswith("_") and callable(func) and name[1:] in EFFECT_KINDS
}


def test_every_effect_kind_has_a_scenario() -> None:
    assert sorted(SCENARIOS) == sorted(EFFECT_KINDS)


@pytest.mark.parametrize("kind", sorted(EFFECT_KINDS))
def test_effect_kind(kind: str) -> None:
    SCENARIOS[kind]()


def test_the_last_interrupt_window_comes_after_the_draw() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4205", [])]}, hands={0: ["MU2001", "DO4301"]}
    )
    act(state, PlayCard(key("MU2001", 0), key("CT4205", 0)))
    act(state, EndPhase())
    assert state.phase == "attack"  # an interrupt may be played in any phase
    act(state, EndPhase())
    assert state.phase == "move"
    act(state, EndPhase())
    assert state.phase == "draw" and len(state.hands[0]) == 5
    assert Interrupt(key("DO4301", 0), "", ()) in state.legal_actions()


def test_defender_answers_an_attack_with_an_interrupt() -> None:
    lands: Lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["MU2001"])]}
    state = arrange(
        game(), round_no=3, morale={0: 900}, lands=lands, phase="attack", hands={1: ["LE4503"]}
    )
    state.apply(Attack(key("CT4404", 0), key("CT4503", 1)))
    assert state.current_player == 1 and state.phase == "interrupt window"
    assert Pass() in state.legal_actions()
    act(state, Interrupt(key("LE4503", 1), key("CT4503", 1), ()))
    act(state, Pass()) if state.pending and isinstance(state.pending[-1], PendingWindow) else None
    assert state.morale[0] == 800  # Paul Revere's warning wins the battle
