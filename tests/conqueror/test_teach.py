"""The positions Conqueror: Duels lessons open at (DuelsGame.teaching_setups)."""

from __future__ import annotations

import hcgames
from hcgames.conqueror.actions import Attack, JointAttack
from hcgames.conqueror.state import DuelsState
from tests.conqueror.conftest import army, battle, new, owner_name, setup


def test_every_scenario_offers_its_start_and_only_its_own_positions() -> None:
    for variant in hcgames.game_class("conqueror-duels").variants():
        game = hcgames.load("conqueror-duels", **variant)
        setups = game.teaching_setups()
        assert "start" in setups
        for make in setups.values():
            state = make()
            assert isinstance(state, DuelsState)
            assert state.game.scenario.key == variant["scenario"]
    syrian = hcgames.load("conqueror-duels", scenario="first-syrian-war").teaching_setups()
    standard = hcgames.load("conqueror-duels").teaching_setups()
    assert "babylon joint attack" in syrian and "babylon joint attack" not in standard
    assert "capital prize" in standard and "capital prize" not in syrian


def test_the_babylon_position_is_the_booklets() -> None:
    state = setup("babylon joint attack", "first-syrian-war")
    assert state.phase == "action" and state.player_name(state.current_player) == "Egypt"
    assert army(state, "Babylon") == ("Persia", 0, 1)
    joint = JointAttack(("Palestina", "Syria"), "Babylon")
    assert joint in state.legal_actions()
    battle(state, joint, 3, 3)  # the booklet's 9 against 8
    assert owner_name(state, "Babylon") == "Egypt"


def test_the_capital_prize_position_pays_the_prize() -> None:
    state = setup("capital prize")
    assert army(state, "Brundisium") == ("Carthage", 3, 0)
    before = state.gold[0]
    battle(state, Attack("Brundisium", "Rome", 3, 0), 6, 1)
    prize = state.game.scenario.capital_prize
    assert state.gold[0] == before + state.game.rules["gold_per_win"] + prize


def test_play_and_roll_dice_walk_a_battle_in_sentences() -> None:
    from hcgames.conqueror.actions import LeaveBehind, Recruit
    from hcgames.conqueror.teach import play, roll_dice, sentence

    assert sentence(Recruit("Carthage", "cavalry")).startswith("Recruit")
    state = setup("capital prize")
    said = play(state, Attack("Brundisium", "Rome", 3, 0))
    assert said and all(isinstance(line, str) for line in said)
    rolled = roll_dice(state, 6, 1)
    assert any("6" in line for line in rolled)
    play(state, LeaveBehind("Brundisium", ""))
    assert owner_name(state, "Rome") == "Carthage"


def test_after_the_dice_and_the_dice_grid() -> None:
    from hcgames.conqueror.actions import EndPhase, PlayHero
    from hcgames.conqueror.battle import Army, fight
    from hcgames.conqueror.teach import after_the_dice, dice_grid_html, play

    before = new(seed=0)
    play(before, EndPhase(), EndPhase())
    before.set_army("Gaul", "Carthage", 3, 0)
    before.set_army("Alpes", "Rome", 1, 0)
    play(before, Attack("Gaul", "Alpes", 3, 0))
    while not before.is_chance():
        play(before, PlayHero(""))
    state, said = after_the_dice(before, 6, 1)
    assert state.battle is None and before.battle is not None and said
    assert owner_name(state, "Alpes") == "Carthage"
    carthage, rome = Army(cavalry=3), Army(cavalry=1, bonus=2)
    grid = dice_grid_html(carthage, rome, (3, 4))
    assert grid.count("<td") == 36 and grid.count("outline:3px") == 1
    wins = sum(fight(carthage, rome, a, d).attacker_wins for a in range(1, 7) for d in range(1, 7))
    assert grid.count(">C<") + grid.count(">C*<") == wins


def test_scenario_results_say_who_won_and_how_in_words() -> None:
    from hcgames.conqueror.teach import how_it_ended, scenario_results

    results = scenario_results("standard", 3, seed=0)
    assert len(results) == 3
    for winner, how, rounds in results:
        assert winner in ("Carthage", "Rome", "draw") and rounds >= 1
        assert not any(ch.isdigit() for ch in how)
    assert how_it_ended("a draw after 12 rounds") == "a draw"
    assert how_it_ended("something 12 new") == "something # new"
