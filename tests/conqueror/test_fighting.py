"""Rules fixed after the outside audit against the Duels booklet (one test per rule)."""

from __future__ import annotations

from hcgames.conqueror.actions import (
    Attack,
    EndPhase,
)
from tests.conqueror.conftest import (
    battle,
    new,
    owner_name,
    pass_until,
    play,
)


# --- battles: units that die do not abandon land --------------------------------------
def test_units_killed_in_a_failed_attack_do_not_abandon_their_territory() -> None:
    state = new("rome-vs-persia")  # the scenario where left land turns independent
    pass_until(state, 1, "action", 0)
    state.set_army("Cyrene", "Rome", 1, 0)
    state.set_army("Libya", "Persia", 3, 0)
    battle(state, Attack("Cyrene", "Libya", 1, 0), 1, 6)  # 3 against 13: Rome's unit dies
    cyrene = state.game.index["Cyrene"]
    assert state.cav[cyrene] + state.inf[cyrene] == 0
    assert owner_name(state, "Cyrene") == "Rome" and cyrene not in state.abandoned
    pass_until(state, 2, "planning", 0)
    assert owner_name(state, "Cyrene") == "Rome"  # no independent army rose there
    assert state.cav[cyrene] + state.inf[cyrene] == 0


def test_units_that_march_out_after_a_win_still_abandon_their_territory() -> None:
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 0)
    state.set_army("Cyrene", "Rome", 3, 0)
    state.set_army("Libya", "Persia", 0, 1)
    battle(state, Attack("Cyrene", "Libya", 3, 0), 6, 1)
    assert owner_name(state, "Libya") == "Rome"
    assert owner_name(state, "Cyrene") == "nobody"
    assert state.game.index["Cyrene"] in state.abandoned


def test_empty_sea_whose_last_unit_died_is_no_longer_held() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Mare Africum", "Carthage", 1, 0)
    state.set_army("Mare Tyrrhenum", "Rome", 0, 1)
    # 2 + 6 = 8 against 1 + 1 (sea) + 4 = 6: Carthage wins, but Rome's 4 kills its cavalry
    battle(state, Attack("Mare Africum", "Mare Tyrrhenum", 1, 0), 6, 4)
    assert owner_name(state, "Mare Tyrrhenum") == "nobody"
    assert owner_name(state, "Mare Africum") == "nobody"
    # and a sea defender whose last unit falls to the victor's casualty
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Mare Africum", "Carthage", 1, 0)
    state.set_army("Mare Tyrrhenum", "Rome", 0, 1)
    battle(state, Attack("Mare Africum", "Mare Tyrrhenum", 1, 0), 4, 6)  # Rome holds, 8-6
    assert owner_name(state, "Mare Tyrrhenum") == "nobody"


# --- the enemy-capital prize -----------------------------------------------------------
def test_capital_prize_paid_once_per_game() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Brundisium", "Carthage", 3, 0)
    state.set_army("Rome", "Rome", 0, 0)
    state.set_army("Sicily", "Rome", 0, 1)  # so that Rome is not wiped out
    before = list(state.gold)
    battle(state, Attack("Brundisium", "Rome", 3, 0), 6, 1)  # 12 against 5
    assert owner_name(state, "Rome") == "Carthage"
    assert state.gold[0] - before[0] == 1 + 6  # the win and the prize
    play(state, EndPhase())
    state.set_army("Mare Tyrrhenum", "Rome", 3, 0)
    state.set_army("Carthage", "Carthage", 0, 0)
    battle(state, Attack("Mare Tyrrhenum", "Carthage", 3, 0), 6, 1)
    assert owner_name(state, "Carthage") == "Rome"
    assert state.gold[1] - before[1] == 1  # the prize is gone: only the win pays
    assert state.prize_taken == [True, False]
