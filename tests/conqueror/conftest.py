"""Helpers the Conqueror: Duels tests share: a new game, playing actions, reading an
army, and passing phases (each defined once, here)."""

from __future__ import annotations

import pytest

import hcgames
from hcgames.conqueror import DuelsState
from hcgames.conqueror.actions import BattleRoll, EndPhase, LeaveBehind, PlayHero
from hcgames.conqueror.game import DuelsGame
from hcgames.core import Action, IllegalAction
from tests.narrow import narrow


def duels(scenario: str = "standard") -> DuelsGame:
    return narrow(hcgames.load("conqueror-duels", scenario=scenario), DuelsGame)


def setup(name: str, scenario: str = "standard") -> DuelsState:
    """The teaching position ``name`` of ``scenario``."""
    return narrow(duels(scenario).teaching_setups()[name](), DuelsState)


def new(scenario: str = "standard", seed: int = 0) -> DuelsState:
    state = hcgames.load("conqueror-duels", scenario=scenario).new_game(seed=seed)
    assert isinstance(state, DuelsState)
    return state


def play(state: DuelsState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def army(state: DuelsState, territory: str) -> tuple[str, int, int]:
    t = state.game.index[territory]
    return state.player_name(state.owner[t]), state.cav[t], state.inf[t]


def owner_name(state: DuelsState, territory: str) -> str:
    return state.player_name(state.owner[state.game.index[territory]])


def step_passively(state: DuelsState) -> None:
    """One step of a side that never attacks: end phases, draw the first card, disband
    only when forced."""
    if state.is_chance():
        state.apply(state.legal_actions()[0])
        return
    legal = state.legal_actions()
    state.apply(EndPhase() if EndPhase() in legal else legal[0])


def pass_until(state: DuelsState, round_no: int, phase: str, player: int) -> None:
    while not (state.round == round_no and state.phase == phase and state.current_player == player):
        assert not state.is_terminal()
        step_passively(state)


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


def refused(state: DuelsState, action: Action) -> IllegalAction:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.snapshot() == before
    return info.value
