"""Every worked example of the Conqueror: Duels booklet, replayed on our rules."""

from __future__ import annotations

from hcgames.conqueror import DuelsState
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Rally,
    Recruit,
)
from tests.conqueror.conftest import (
    army,
    new,
    play,
)


def test_round_two_gold_discovered_walk_through() -> None:
    """Standard game: Gold Discovered gives both sides 3 gold; Carthage moves two cavalry
    to sea and an infantry from Berber to Cyrene; Rome takes the Alps from the
    independent army with its army from Rome; then round 3 starts."""
    state = new("standard")
    # round 1: each side raises a cavalry in its capital; Carthage walks into Berber
    play(state, Recruit("Carthage", "cavalry"), EndPhase(), Recruit("Rome", "cavalry"), EndPhase())
    play(state, Move("Numidia", "Berber", 0, 1), EndPhase(), EndPhase())
    assert state.round == 2 and state.phase == "chronicle"
    gold_before = list(state.gold)
    play(state, DrawChronicle("gold-discovered"))
    income = [state.income_of(0), state.income_of(1)]
    assert state.gold == [gold_before[0] + 3 + income[0], gold_before[1] + 3]
    play(state, Recruit("Carthage", "cavalry"), EndPhase())
    assert state.gold[1] == gold_before[1] + 3 + income[1]
    play(state, Recruit("Rome", "cavalry"), EndPhase())
    assert army(state, "Carthage") == ("Carthage", 3, 0)
    assert army(state, "Rome") == ("Rome", 3, 0)
    # Carthage's turn: (A) two cavalry to sea, (B) Berber -> Cyrene
    play(state, Move("Carthage", "Mare Africum", 2, 0), Move("Berber", "Cyrene", 0, 1), EndPhase())
    assert army(state, "Mare Africum") == ("Carthage", 2, 0)
    assert army(state, "Cyrene") == ("Carthage", 0, 1)
    # Rome's turn: (C) the army in Rome attacks the independent army in the Alps
    assert army(state, "Alpes") == ("the independent army", 1, 1)
    rome_gold = state.gold[1]
    play(state, Attack("Rome", "Alpes", 3, 0))
    assert state.is_chance()
    play(state, BattleRoll(attacker=4, defender=2))  # 6 + 4 = 10 against 3 + 2 + 2 = 7
    play(state, LeaveBehind("Rome", ""))
    assert army(state, "Alpes") == ("Rome", 3, 0)
    assert state.gold[1] == rome_gold + 1
    play(state, EndPhase())
    assert state.round == 3 and state.phase == "chronicle"


def test_alpes_battle_with_the_victors_casualty() -> None:
    """3 Carthaginian cavalry (6) roll 3; 1 Roman cavalry + great fort (4) rolls 4:
    9 against 8. Carthage wins by one, +1 gold, the Roman cavalry is lost, and the
    Roman 4 costs Carthage a cavalry: two cavalry take the Alps and may attack again."""
    state = new("standard")
    play(state, EndPhase(), EndPhase())  # both planning phases
    assert state.phase == "action" and state.current_player == 0
    state.set_army("Gaul", "Carthage", 3, 0)
    state.set_army("Alpes", "Rome", 1, 0)
    gold = state.gold[0]
    play(state, Attack("Gaul", "Alpes", 3, 0), BattleRoll(attacker=3, defender=4))
    battle = [e for e in state.events if e.kind == "battle"][-1]
    assert (battle.data["attacker_total"], battle.data["defender_total"]) == (9, 8)
    losses = [e for e in state.events if e.kind == "losses"][-2:]
    assert losses[0].player == 1 and (losses[0].data["cavalry"], losses[0].data["infantry"]) == (
        1,
        0,
    )
    assert losses[1].player == 0 and (losses[1].data["cavalry"], losses[1].data["infantry"]) == (
        1,
        0,
    )
    play(state, LeaveBehind("Gaul", ""))
    assert army(state, "Alpes") == ("Carthage", 2, 0)
    assert army(state, "Gaul") == ("Carthage", 0, 0)
    assert state.gold[0] == gold + 1
    # the winners may attack (or move) once more this round
    assert Attack("Alpes", "Rome", 2, 0) in state.legal_actions()


def test_gallic_food_supply() -> None:
    """Gaul, Germania and Celtica feed the Gauls 1 each: 3 food, 10 units; without
    Germania 2 food, 8 units; Rome gains no food from Germania."""
    state = new("gallic-wars")
    rome, gaul = 0, 1
    assert state.game.player_names == ("Rome", "Gaul")
    assert (state.food_of(gaul), state.unit_cap(gaul), state.units_of(gaul)) == (3, 10, 10)
    rome_food = state.food_of(rome)
    state.set_army("Germania", "Rome", 1, 0)
    assert (state.food_of(gaul), state.unit_cap(gaul)) == (2, 8)
    assert state.food_of(rome) == rome_food
    # excess Gallic units are disbanded in Gaul's next planning phase
    state.set_army("Gaul", "Gaul", 4, 2)  # 6 + 4 in Celtica = 10 units for 8
    play(state, EndPhase())  # Rome's planning
    assert state.current_player == gaul and state.phase == "planning"
    assert {type(a).__name__ for a in state.legal_actions()} == {"Disband"}
    while state.units_of(gaul) > 8:
        play(state, state.legal_actions()[0])
    assert EndPhase() in state.legal_actions()


def _persia_on_the_brink() -> DuelsState:
    """Scenario 4 with Persia reduced as in the booklet: Macedonia and Asia Minor lost,
    14 units, 5 food."""
    state = new("rome-vs-persia")
    state.set_army("Macedonia", "Rome", 1, 0)
    state.set_army("Asia Minor", "Rome", 1, 0)
    state.set_army("Crete", "Persia", 0, 0)
    state.set_army("Libya", "Persia", 0, 1)
    state.set_army("Cyrene", "Rome", 3, 0)
    return state


def test_rome_vs_persia_rallying_example() -> None:
    state = _persia_on_the_brink()
    rome, persia = 0, 1
    assert (state.units_of(persia), state.food_of(persia), state.unit_cap(persia)) == (14, 5, 14)
    play(state, EndPhase())  # Rome plans
    assert state.current_player == persia
    assert Rally() in state.legal_actions()
    assert not any(isinstance(a, Recruit) for a in state.legal_actions())  # at the limit
    gold = state.gold[persia]
    play(state, Rally())
    assert state.gold[persia] == gold + 15
    play(state, Recruit("Babylon", "cavalry"), Recruit("Babylon", "cavalry"))
    assert state.units_of(persia) == 16
    assert not any(isinstance(a, Recruit) for a in state.legal_actions())
    assert Rally() not in state.legal_actions()  # once per game
    play(state, EndPhase())
    # Rome takes Libya, killing the Persian infantry: Persia 3 food, 15 units
    play(state, Attack("Cyrene", "Libya", 3, 0), BattleRoll(3, 3), LeaveBehind("Cyrene", ""))
    assert army(state, "Libya") == ("Rome", 3, 0)
    assert (state.food_of(persia), state.units_of(persia)) == (3, 15)
    assert state.units_of(persia) - (4 + 2 * state.food_of(persia)) == 5
    assert state.unit_cap(persia) == 12  # the rally's +2 lasts for this round
    play(state, EndPhase())  # nothing is removed during the round
    assert state.current_player == persia and state.units_of(persia) == 15
    # retaking Libya and Asia Minor brings Persia to 8 food
    state.set_army("Libya", "Persia", 1, 0)
    state.set_army("Asia Minor", "Persia", 1, 0)
    assert state.food_of(persia) == 8
    assert state.unit_cap(persia) >= state.units_of(persia)
    assert state.units_of(rome) > 0


def test_rally_excess_is_removed_at_the_next_planning_phase() -> None:
    state = _persia_on_the_brink()
    persia = 1
    play(state, EndPhase(), Rally(), Recruit("Babylon", "cavalry"), Recruit("Babylon", "cavalry"))
    play(state, EndPhase())
    play(state, Attack("Cyrene", "Libya", 3, 0), BattleRoll(3, 3), LeaveBehind("Cyrene", ""))
    play(state, EndPhase(), EndPhase())  # Rome's and Persia's action phases
    play(state, DrawChronicle("gold-discovered"), EndPhase())  # round 2, Rome plans
    assert state.current_player == persia and state.phase == "planning"
    removed = 0
    while state.units_of(persia) > state.unit_cap(persia):
        assert {type(a).__name__ for a in state.legal_actions()} == {"Disband"}
        play(state, state.legal_actions()[0])
        removed += 1
    assert removed == 5 and state.units_of(persia) == 10


def test_two_army_attack_on_babylon() -> None:
    """Scenario 5: 2 cavalry from Palestina and 2 infantry from Syria (6) against one
    Persian infantry in the capital (1 + 4); both roll 3: 9 against 8, Egypt wins and
    leaves one unit behind in each territory."""
    state = new("first-syrian-war")
    egypt = 0
    play(state, EndPhase(), EndPhase())
    state.set_army("Palestina", "Egypt", 2, 0)
    state.set_army("Syria", "Egypt", 0, 2)
    state.set_army("Babylon", "Persia", 0, 1)
    joint = [a for a in state.legal_actions() if isinstance(a, JointAttack) and a.to == "Babylon"]
    # the same attack, with its two territories named in either order
    assert len(joint) == 2 and {j.from_ for j in joint} == {
        ("Palestina", "Syria"),
        ("Syria", "Palestina"),
    }
    play(state, joint[0])
    play(state, PlayHero(""))  # Egypt keeps Cleopatra for later
    play(state, BattleRoll(3, 3))
    battle = [e for e in state.events if e.kind == "battle"][-1]
    assert (battle.data["attacker_total"], battle.data["defender_total"]) == (9, 8)
    play(
        state,
        LeaveBehind(joint[0].from_[0], "infantry" if joint[0].from_[0] == "Syria" else "cavalry"),
    )
    play(
        state,
        LeaveBehind(joint[0].from_[1], "infantry" if joint[0].from_[1] == "Syria" else "cavalry"),
    )
    assert army(state, "Babylon") == ("Egypt", 1, 1)
    assert army(state, "Palestina") == ("Egypt", 1, 0)
    assert army(state, "Syria") == ("Egypt", 0, 1)
    assert state.units_of(egypt) == 6  # plus Libya and Thebes
    assert not state.is_terminal()  # Persia still holds Asia Minor and Cappadocia
