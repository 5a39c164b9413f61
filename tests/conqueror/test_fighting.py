"""Rules fixed after the outside audit against the Duels booklet (one test per rule)."""

from __future__ import annotations

import pytest

import hcgames
from hcgames.conqueror import DuelsState
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    Disband,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Rally,
    Recruit,
)
from hcgames.core import Action, IllegalAction


def new(scenario: str) -> DuelsState:
    state = hcgames.load("conqueror-duels", scenario=scenario).new_game()
    assert isinstance(state, DuelsState)
    return state


def step_passively(state: DuelsState) -> None:
    if state.is_chance():
        state.apply(state.legal_actions()[0])
        return
    legal = state.legal_actions()
    state.apply(EndPhase() if EndPhase() in legal else legal[0])


def pass_until(state: DuelsState, round_no: int, phase: str, player: int) -> None:
    while not (state.round == round_no and state.phase == phase and state.current_player == player):
        assert not state.is_terminal()
        step_passively(state)


def play(state: DuelsState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def battle(state: DuelsState, attack: Action, attacker_die: int, defender_die: int) -> None:
    """Declare an attack, play no heroes, roll the given dice, take the first choices."""
    state.apply(attack)
    while not state.is_chance():
        state.apply(PlayHero(""))
    state.apply(BattleRoll(attacker_die, defender_die))
    while state.battle is not None:
        options = state.legal_actions()
        nobody = [a for a in options if isinstance(a, LeaveBehind) and not a.unit]
        state.apply(nobody[0] if nobody else options[0])


def owner_name(state: DuelsState, territory: str) -> str:
    return state.name(state.owner[state.game.index[territory]])


# --- scenario 4: holding the enemy capital ------------------------------------------------
def test_capital_hold_count_restarts_when_a_capital_changes_hands() -> None:
    """The audit's game: Persia takes Rome; next round Rome takes Babylon and Persia
    takes it back. Persia did not hold Rome for two rounds without losing Babylon."""
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 1)
    state.set_army("Rome", "Rome", 0, 0)
    state.set_army("Brundisium", "Persia", 3, 0)
    battle(state, Attack("Brundisium", "Rome", 3, 0), 6, 1)  # 12 against 5
    assert owner_name(state, "Rome") == "Persia"
    pass_until(state, 2, "planning", 0)
    assert state.held_rounds[1] == 1  # round 1 ended with Persia in Rome and Babylon

    pass_until(state, 2, "action", 0)
    state.set_army("Syria", "Rome", 3, 0)
    battle(state, Attack("Syria", "Babylon", 3, 0), 6, 1)  # 12 against 9
    assert owner_name(state, "Babylon") == "Rome"
    play(state, EndPhase())
    state.set_army("Palestina", "Persia", 4, 0)
    battle(state, Attack("Palestina", "Babylon", 4, 0), 6, 1)  # 14 against at most 9
    assert owner_name(state, "Babylon") == "Persia"
    play(state, EndPhase())  # round 2 ends: Persia holds both again, but only since now

    assert not state.is_terminal()
    assert state.held_rounds[1] == 1
    pass_until(state, 3, "action", 1)
    play(state, EndPhase())  # a second full round: now Persia has held Rome for two
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


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


# --- wiped out -------------------------------------------------------------------------
def test_side_with_no_units_and_no_land_loses_at_once_after_a_move() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    state.set_army("Rome", "Carthage", 1, 0)
    state.set_army("Brundisium", "Rome", 0, 0)  # Rome's last possession, empty
    assert not state.is_terminal()
    play(state, Move("Rome", "Brundisium", 1, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "no units and no land" in outcome.reason


# --- the 5-6 player map ----------------------------------------------------------------
def test_cyrene_and_carthage_are_linked_on_the_5_6_map() -> None:
    """The booklet's scenario 4 example: Rome moves every unit out of Cyrene into
    Carthage, and Cyrene, left empty, turns independent at the next planning phase."""
    state = new("rome-vs-persia")
    g = state.game
    assert g.index["Carthage"] in g.neighbours[g.index["Cyrene"]]
    assert g.index["Cyrene"] in g.neighbours[g.index["Carthage"]]
    pass_until(state, 1, "action", 0)
    play(state, Move("Cyrene", "Carthage", 1, 0))  # Cyrene's whole garrison
    assert owner_name(state, "Cyrene") == "nobody"
    pass_until(state, 2, "planning", 0)
    cyrene = g.index["Cyrene"]
    assert owner_name(state, "Cyrene") == "the independent army"
    assert (state.cav[cyrene], state.inf[cyrene]) == (0, 1)  # a small fort: 1 infantry


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


# --- scenario 5: two armies, and the dice step ----------------------------------------
def levant_before_joint_attack() -> DuelsState:
    state = new("first-syrian-war")
    play(state, EndPhase(), EndPhase())  # both planning phases
    state.set_army("Palestina", "Egypt", 2, 0)
    state.set_army("Syria", "Egypt", 0, 2)
    state.set_army("Babylon", "Persia", 0, 1)
    return state


def test_two_army_attack_accepts_its_territories_in_either_order() -> None:
    for order in (("Palestina", "Syria"), ("Syria", "Palestina")):
        state = levant_before_joint_attack()
        assert JointAttack(order, "Babylon") in state.legal_actions()
        battle(state, JointAttack(order, "Babylon"), 3, 3)  # the booklet's 9 against 8
        assert owner_name(state, "Babylon") == "Egypt"
    # the order says which army takes the losses first: with cavalry on both sides,
    # the victor's casualty (Persia rolled a 4) falls on the army named first
    for first, second in (("Palestina", "Syria"), ("Syria", "Palestina")):
        state = levant_before_joint_attack()
        state.set_army("Syria", "Egypt", 2, 0)
        state.apply(JointAttack((first, second), "Babylon"))
        while not state.is_chance():
            state.apply(PlayHero(""))
        state.apply(BattleRoll(6, 4))  # 14 against 9: Egypt wins and loses one cavalry
        g = state.game
        assert (state.cav[g.index[first]], state.cav[g.index[second]]) == (1, 2)


def test_dice_step_refusal_says_what_is_wrong() -> None:
    state = levant_before_joint_attack()
    state.apply(JointAttack(("Syria", "Palestina"), "Babylon"))
    while not state.is_chance():
        state.apply(PlayHero(""))
    before = state.digest()
    with pytest.raises(IllegalAction, match=r"1 to 6.*attacker's die shows 7") as bad_die:
        state.apply(BattleRoll(7, 3))
    assert "resolved first" not in str(bad_die.value)
    with pytest.raises(IllegalAction, match="needs its dice first"):
        state.apply(EndPhase())
    with pytest.raises(IllegalAction, match="chronicle"):
        state.apply(DrawChronicle("gold-discovered"))
    assert state.digest() == before
    state.apply(BattleRoll(3, 3))  # a real roll is accepted


def test_two_army_attack_refusal_names_the_problem() -> None:
    state = levant_before_joint_attack()
    with pytest.raises(IllegalAction, match="not next to Babylon"):
        state.apply(JointAttack(("Palestina", "Thebes"), "Babylon"))
    with pytest.raises(IllegalAction, match="two different territories"):
        state.apply(JointAttack(("Syria", "Syria"), "Babylon"))


# --- rule decisions are labelled honestly ------------------------------------------------
def test_rule_decisions_are_labelled_rulebook_or_ours() -> None:
    decisions = hcgames.load("conqueror-duels").rule_decisions()
    assert {d.source for d in decisions} == {"rulebook", "ours"}
    source = {d.topic: d.source for d in decisions}
    assert len(source) == len(decisions)  # topics are unique
    # stated in the booklet
    for topic in ("Enemy capital prize", "Victor's casualty", "Excess units", "Defence bonus"):
        assert source[topic] == "rulebook", topic
    # our choices where the booklet is silent
    for topic in ("Ties", "Casualties of war", "Unit limit", "Standard victory", "Wiped out"):
        assert source[topic] == "ours", topic
