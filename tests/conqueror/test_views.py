"""What the play screen says before a student ends a part of the round (Duels)."""

from __future__ import annotations

import random
from typing import Any

import hcgames
from hcgames.classgame import class_game
from hcgames.conqueror.actions import Attack, BattleRoll, EndPhase
from hcgames.conqueror.turn import Stage
from hcgames.conqueror.views import end_phase_words, step_words
from tests.conqueror.conftest import new, play


def _end(state: Any) -> None:
    state.apply(EndPhase())
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])


def test_each_end_says_what_comes_next_and_the_parts_of_a_round_have_plain_names() -> None:
    game = class_game("conqueror-duels")
    state: Any = game.new_game(seed=0)
    assert [game.phase_title(p) for p in game.phases()] == [
        "chronicle card",
        "planning",
        "moves and battles",
    ]
    assert step_words(state).startswith("your planning")
    assert "is planning" in state.describe() and "phase" not in state.describe()
    assert end_phase_words(state) == "end my planning: Rome plans next"
    _end(state)  # Carthage's planning
    assert end_phase_words(state) == (
        "end my planning: next come the moves and battles, Carthage first, then Rome"
    )
    _end(state)  # Rome's planning
    assert step_words(state).startswith("your moves and battles")
    assert end_phase_words(state) == "end my turn: Rome moves next"
    _end(state)  # Carthage's moves
    assert end_phase_words(state) == "end my turn: round 1 ends, and round 2 begins"
    while state.round_no < 3 or state.phase != "action" or state.active != 1:
        _end(state)
    assert end_phase_words(state) == "end my turn: the game ends and the score is counted"


def test_the_side_short_of_food_is_the_one_the_status_names() -> None:
    """A side that loses food in another side's turn (a land taken from it) must send
    units home; the status line names that side, not the side whose turn it was."""
    found = 0
    for seed in range(40):
        state: Any = hcgames.load("conqueror-duels").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and found < 3:
            if state.stage is Stage.FOOD and state.hungry[0] != state.active:
                hungry = state.player_name(state.hungry[0])
                assert f"{hungry} has lost food" in state.describe()
                found += 1
                break
            state.apply(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found, "no seeded game lost food in the other side's turn"


def test_planning_offers_a_hero_card_only_when_one_can_be_bought() -> None:
    game: Any = class_game("conqueror-duels")
    state: Any = game.new_game(seed=0)
    me = state.active
    cheapest = min(game.heroes[h].cost for h in game.hero_choices[me])
    state.set_gold(game.player_names[me], cheapest - 1)
    words = step_words(state)
    assert "buy a hero card" not in words
    assert f"a hero card costs {cheapest} gold or more, and you have {cheapest - 1}" in words
    state.set_gold(game.player_names[me], cheapest)
    words = step_words(state)
    assert "buy a hero card" in words and "costs" not in words


def test_a_battle_choice_says_why_the_side_chooses_a_loss() -> None:
    """The winner's one loss (the beaten side rolled a 4) is explained where it is chosen,
    so the line that asks for it does not read as a bare "Your move"."""
    state = new("standard")
    play(state, EndPhase(), EndPhase())
    state.set_army("Gaul", "Carthage", 2, 1)
    state.set_army("Alpes", "Rome", 1, 0)
    play(state, Attack("Gaul", "Alpes", 2, 1), BattleRoll(6, 4))
    assert state.current_player == 0 and len(state.legal_actions()) == 2
    assert step_words(state) == (
        "you won the battle for Alpes, but the beaten side rolled a 4, and by the rules "
        "the winner then also loses 1 unit: choose which"
    )
