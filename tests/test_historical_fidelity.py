"""Historical Conquest: rules checked again after the outside audit against the rulebook.

Each test is named after the rule it checks.
"""

from __future__ import annotations

from hcgames.historical.actions import (
    Confiscate,
    EndPhase,
    ExplorerMove,
    Interrupt,
    Move,
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


# --- explorers ------------------------------------------------------------------------------


def _explorer_table(round_no: int = 2):  # type: ignore[no-untyped-def]
    return arrange(
        game(),
        round_no=round_no,
        phase="move",
        lands={
            0: [("CT4205", ["EX4301", "MU2001", "LE4102"]), ("CT4306", [])],
            1: [("CT4503", []), ("CT4404", ["IN4201"])],
        },
    )


def test_explorer_moves_once_a_turn_and_the_turns_move_counts() -> None:
    state = _explorer_table()
    earhart, west = key("EX4301", 0), key("CT4306", 0)
    assert Move(earhart, west) in state.legal_actions()
    act(state, Move(earhart, west))
    legal = state.legal_actions()
    assert not [a for a in legal if isinstance(a, ExplorerMove) and a.explorer == earhart]
    assert not [a for a in legal if isinstance(a, Confiscate) and earhart in (a.card, a.explorer)]


def test_explorer_journey_uses_up_its_move_and_its_land_taking() -> None:
    state = _explorer_table()
    earhart, west = key("EX4301", 0), key("CT4306", 0)
    act(state, ExplorerMove(earhart, west, key("MU2001", 0)))
    legal = state.legal_actions()
    assert Move(earhart, key("CT4205", 0)) not in legal
    assert not [a for a in legal if isinstance(a, Confiscate) and earhart in (a.card, a.explorer)]


def test_explorer_carries_one_card_onto_an_undefended_land_to_take_it() -> None:
    state = _explorer_table()
    earhart, beethoven, china = key("EX4301", 0), key("MU2001", 0), key("CT4503", 1)
    take = Confiscate(beethoven, china, earhart)
    assert take in state.legal_actions()
    act(state, take)
    found = state.column_of_land(china)
    assert found is not None and found[0] == 0
    assert sorted(found[1]["cards"]) == sorted([earhart, beethoven])
    assert earhart in state.travelled
    assert not [a for a in state.legal_actions() if isinstance(a, ExplorerMove)]


def test_explorer_taking_an_empty_land_counts_as_its_move() -> None:
    state = _explorer_table()
    earhart, china = key("EX4301", 0), key("CT4503", 1)
    act(state, Confiscate(earhart, china))
    assert earhart in state.travelled
    journeys = [a for a in state.legal_actions() if isinstance(a, ExplorerMove | Move)]
    movers = [getattr(a, "card", "") or getattr(a, "explorer", "") for a in journeys]
    assert earhart not in movers
