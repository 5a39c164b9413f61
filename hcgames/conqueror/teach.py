"""Positions the Conqueror: Duels lessons open at (:meth:`DuelsGame.teaching_setups`),
and the few steps the lessons take by hand.

Each position is the booklet's or a lesson's what-if position, set up with
:meth:`~hcgames.conqueror.state.DuelsState.set_army` on a new game of the scenario it
belongs to: the same positions notebooks 10 and 11 build by hand. :func:`play`,
:func:`roll_dice` and :func:`sentence` walk a lesson through a game in sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hcgames.conqueror.actions import BattleRoll, EndPhase, PlayHero
from hcgames.core import Action

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame
    from hcgames.conqueror.state import DuelsState

__all__ = ["SETUPS", "babylon_joint_attack", "capital_prize", "play", "roll_dice", "sentence"]


def sentence(action: Action) -> str:
    """An action as a sentence: "Recruit 1 cavalry in Carthage"."""
    text = str(action)
    return text[:1].upper() + text[1:]


def play(state: DuelsState, *actions: Action) -> list[str]:
    """Apply the actions in order; return the sentences the game writes."""
    return [event.text for action in actions for event in state.apply(action)]


def roll_dice(state: DuelsState, attacker: int, defender: int) -> list[str]:
    """Nobody plays a hero card; then the two battle dice show the numbers given.

    Returns every sentence written on the way, the passed hero cards included."""
    said = []
    while not state.is_chance():
        said += play(state, PlayHero(""))
    return said + play(state, BattleRoll(attacker, defender))


def _to_action_phase(game: DuelsGame, seed: int) -> DuelsState:
    state = game.new_game(seed=seed)
    state.apply(EndPhase())
    state.apply(EndPhase())  # both planning phases, nothing recruited
    return state


def babylon_joint_attack(game: DuelsGame, seed: int = 0) -> DuelsState:
    """Scenario 5, the booklet's example: Egypt about to attack Babylon from Palestina
    (2 cavalry) and Syria (2 infantry) at once, against 1 Persian infantry."""
    state = _to_action_phase(game, seed)
    state.set_army("Palestina", "Egypt", 2, 0)
    state.set_army("Syria", "Egypt", 0, 2)
    state.set_army("Babylon", "Persia", 0, 1)
    return state


def capital_prize(game: DuelsGame, seed: int = 1) -> DuelsState:
    """Standard game, lesson 10's what-if: Carthage's 3 cavalry in Brundisium next to
    an empty Rome (the enemy capital's prize is about to be won)."""
    state = _to_action_phase(game, seed)
    state.set_army("Brundisium", "Carthage", 3, 0)
    state.set_army("Rome", "Rome", 0, 0)
    state.set_army("Sicily", "Rome", 0, 1)  # Rome keeps a foothold
    return state


#: name -> (the scenario the position belongs to, how to set it up)
SETUPS: dict[str, tuple[str, Callable[..., DuelsState]]] = {
    "babylon joint attack": ("first-syrian-war", babylon_joint_attack),
    "capital prize": ("standard", capital_prize),
}
