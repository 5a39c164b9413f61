"""Conqueror: Duels round order and the steps between actions: food lost in the
action phase (rules fixed after the outside audit against the Duels booklet)."""

from __future__ import annotations

import pytest

from hcgames.conqueror.actions import (
    Attack,
    Disband,
    EndPhase,
    Rally,
    Recruit,
)
from hcgames.core import IllegalAction
from tests.conqueror.conftest import (
    battle,
    new,
    owner_name,
    pass_until,
    play,
)


# --- food: units over the cap go at once ------------------------------------------------
def test_units_over_food_cap_eliminated_at_once_when_food_is_lost() -> None:
    """The booklet's Gaul example: Gaul fields 10 units on 3 food; losing Germania
    leaves 2 food (8 units) and the excess goes at once, the owner choosing which."""
    state = new("gallic-wars")
    pass_until(state, 1, "action", 0)
    state.set_army("Gaul", "Gaul", 3, 2)
    state.set_army("Celtica", "Gaul", 2, 2)
    state.set_army("Germania", "Gaul", 0, 1)
    gaul = 1
    assert state.units_of(gaul) == 10 and state.unit_cap(gaul) == 10
    battle(state, Attack("Alpes", "Germania", 2, 0), 6, 1)  # 10 against 4: 1 infantry dies
    assert owner_name(state, "Germania") == "Rome"
    assert state.units_of(gaul) == 9 and state.unit_cap(gaul) == 8
    # Gaul must choose a unit to send home before Rome may go on
    assert state.current_player == gaul and state.phase == "action"
    legal = state.legal_actions()
    assert legal and all(isinstance(a, Disband) for a in legal)
    assert Disband("Celtica", "cavalry") in legal and Disband("Gaul", "infantry") in legal
    before = state.digest()
    with pytest.raises(IllegalAction, match="lost food"):
        state.apply(EndPhase())
    assert state.digest() == before
    play(state, Disband("Celtica", "infantry"))
    assert state.units_of(gaul) == 8
    assert state.current_player == 0 and EndPhase() in state.legal_actions()


def test_rallied_side_keeps_units_over_the_cap_until_its_next_planning() -> None:
    """Rally benefit III, as in the booklet's Persian example."""
    state = new("rome-vs-persia")
    persia = 1
    for territory in ("Macedonia", "Asia Minor", "Thracia"):
        state.set_army(territory, "Rome", 1, 0)
    state.set_army("Libya", "Persia", 0, 1)
    state.set_army("Cyrene", "Rome", 3, 0)
    play(state, EndPhase())  # Rome's planning
    play(state, Rally(), Recruit("Babylon", "cavalry"), Recruit("Babylon", "cavalry"))
    play(state, EndPhase())
    units = state.units_of(persia)
    battle(state, Attack("Cyrene", "Libya", 3, 0), 6, 1)
    assert owner_name(state, "Libya") == "Rome"
    assert state.units_of(persia) == units - 1 > state.unit_cap(persia)
    assert state.current_player == 0 and not state.hungry  # Rome plays on
    pass_until(state, 2, "planning", persia)
    assert all(isinstance(a, Disband) for a in state.legal_actions())  # now it must


def test_side_that_did_not_rally_loses_its_excess_at_once() -> None:
    state = new("rome-vs-persia")
    persia = 1
    pass_until(state, 1, "action", 0)
    state.set_army("Cyrene", "Rome", 3, 0)
    state.set_army("Libya", "Persia", 0, 1)
    state.set_army("Babylon", "Persia", 2 + (state.unit_cap(persia) - state.units_of(persia)), 0)
    assert state.units_of(persia) == state.unit_cap(persia)
    battle(state, Attack("Cyrene", "Libya", 3, 0), 6, 1)
    assert state.current_player == persia and state.hungry == [persia]
    while state.hungry:
        play(state, state.legal_actions()[0])
    assert state.units_of(persia) == state.unit_cap(persia)
