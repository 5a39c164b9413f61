"""Rules fixed after the outside audit against the Duels booklet (one test per rule)."""

from __future__ import annotations

from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    EndPhase,
    PlayHero,
    Recruit,
)
from tests.conqueror.conftest import (
    army,
    battle,
    new,
    owner_name,
    pass_until,
    play,
    refused,
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


# --- recruiting: a small fort raises only infantry --------------------------------------
def test_a_small_fort_raises_only_infantry_and_refuses_cavalry() -> None:
    state = new("standard")  # Carthage plans first; Numidia is its small fort
    err = refused(state, Recruit("Numidia", "cavalry"))
    assert err.rule == "recruiting"
    assert "small fort raises only infantry" in str(err) and "has done so" not in str(err)
    # the same after the fort has raised its infantry: still refused as cavalry
    play(state, Recruit("Numidia", "infantry"))
    err = refused(state, Recruit("Numidia", "cavalry"))
    assert "small fort raises only infantry" in str(err)
    # a second infantry is refused because the fort has done its round's work
    assert "has done so" in str(refused(state, Recruit("Numidia", "infantry")))


# --- the log: sentences about independent armies --------------------------------------
def test_log_sentences_about_independent_armies_start_with_a_capital_letter() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Gaul", "Carthage", 3, 0)
    events = state.apply(Attack("Gaul", "Alpes", 3, 0))
    while not state.is_chance():
        events += state.apply(PlayHero(""))
    events += state.apply(BattleRoll(6, 1))  # 12 against 6: the independent army loses
    while state.battle is not None:
        events += state.apply(state.legal_actions()[0])
    texts = [e.text for e in events]
    assert "The independent army loses 1 cavalry and 1 infantry." in texts
    assert all(t[:1].isupper() for t in texts), texts


# --- the victor's casualty in battles with independent armies (our choice) ---------------
def test_victors_casualty_applies_in_battles_with_independent_armies() -> None:
    """Ours: the booklet words the rule for a player's roll; we use it in every battle.
    An independent army that rolls a 4 and loses still costs its victor a unit, and an
    independent army that beats a side which rolled a 4 loses one."""
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Gaul", "Carthage", 3, 0)
    # Carthage 6 + 6 = 12 against the Alps' 3 + 2 (great fort) + 4 = 9: Carthage wins
    battle(state, Attack("Gaul", "Alpes", 3, 0), 6, 4)
    assert army(state, "Alpes") == ("Carthage", 2, 0)  # one cavalry lost to the 4
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Gaul", "Carthage", 0, 1)
    state.set_army("Alpes", "independent", 2, 1)
    # Carthage 1 + 4 = 5 against 5 + 2 + 1 = 8: the independent army holds, but the 4
    battle(state, Attack("Gaul", "Alpes", 0, 1), 4, 1)
    assert army(state, "Alpes") == ("the independent army", 2, 0)  # infantry first
    decisions = {d.topic: d for d in state.game.rule_decisions()}
    rule = decisions["Victor's casualty and independent armies"]
    assert rule.source == "ours" and "independent armies included" in rule.decision
