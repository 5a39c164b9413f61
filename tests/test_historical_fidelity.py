"""Historical Conquest: rules checked again after the outside audit against the rulebook.

Each test is named after the rule it checks.
"""

from __future__ import annotations

from hcgames.historical.actions import (
    EndPhase,
    Interrupt,
    Pass,
    UseAbility,
)
from hcgames.historical.setups import arrange, key
from tests.test_historical_rules import act, game

# --- interrupts and held abilities --------------------------------------------------------


def test_interrupt_cards_play_in_the_owners_own_attack_phase() -> None:
    state = arrange(
        game(),
        round_no=3,
        phase="attack",
        morale={0: 900},
        lands={0: [("CT4404", ["MU2001"])], 1: [("CT4503", ["LE4102"])]},
        hands={0: ["DO4301"]},
    )
    assert state.phase == "attack"
    assert Interrupt(key("DO4301", 0), "", ()) in state.legal_actions()
    act(state, Interrupt(key("DO4301", 0), "", ()))
    assert key("DO4301", 0) in state.active[0] and state.phase == "attack"


def test_interrupt_cards_play_in_every_phase_of_an_opponents_turn() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4404", ["LE4102"])]},
        hands={0: ["MU4301"], 1: ["DO4301"]},
    )
    seen = []
    state.apply(EndPhase())
    while state.turn == 0:
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        elif state.current_player == 1:
            assert state.phase == "interrupt window"
            assert Interrupt(key("DO4301", 1), "", ()) in state.legal_actions()
            seen.append(state.phase_name)
            state.apply(Pass())
        else:
            state.apply(EndPhase())
    assert seen == ["play", "attack", "move", "draw"]
    assert state.turn == 1


def test_held_abilities_work_at_any_time_in_the_owners_turn() -> None:
    use = UseAbility(key("AU4602", 0), 0, ("P1",))
    for phase in ("play", "attack", "move", "draw"):
        state = arrange(
            game(),
            round_no=3,
            phase=phase,
            lands={0: [("CT4205", ["AU4602"])], 1: [("CT4404", ["LE4102"])]},
        )
        assert state.phase == phase
        assert use in state.legal_actions(), phase
    act(state, use)
    assert state.morale[1] == -300
