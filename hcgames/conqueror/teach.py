"""Positions the Conqueror: Duels lessons open at (:meth:`DuelsGame.teaching_setups`),
and the few steps the lessons take by hand.

Each position is the booklet's or a lesson's what-if position, set up with
:meth:`~hcgames.conqueror.state.DuelsState.set_army` on a new game of the scenario it
belongs to: the same positions notebooks 10 and 11 build by hand. :func:`play`,
:func:`roll_dice` and :func:`sentence` walk a lesson through a game in sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hcgames.conqueror.actions import BattleRoll, EndPhase, PlayHero
from hcgames.conqueror.battle import Army, fight
from hcgames.core import Action
from hcgames.factions import side_style
from hcgames.play import Bot, playout

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "SETUPS",
    "after_the_dice",
    "babylon_joint_attack",
    "capital_prize",
    "dice_grid_html",
    "how_it_ended",
    "play",
    "roll_dice",
    "scenario_results",
    "sentence",
]


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


def after_the_dice(
    before: DuelsState, attacker: int, defender: int
) -> tuple[DuelsState, list[str]]:
    """A copy of ``before`` (a battle waiting for its dice) once the dice show the numbers
    given, the winner taking its first choice after that; and the sentences written."""
    state = before.copy()
    said = play(state, BattleRoll(attacker=attacker, defender=defender))
    while state.battle is not None:
        said += play(state, state.legal_actions()[0])
    return state, said


def dice_grid_html(
    attacker: Army,
    defender: Army,
    chosen: tuple[int, int] | None = None,
    sides: tuple[str, str] = ("Carthage", "Rome"),
    colour_words: tuple[str, str] = ("purple", "red"),
) -> str:
    """The 36 pairs of dice as an HTML grid: who wins each (in the side's colour and
    initial), a star where the winner loses a unit too, the ``chosen`` pair ringed."""
    styles = []
    for seat, name in enumerate(sides):
        style = side_style(name, seat)
        if style is None:
            raise ValueError(f"no colours for the side {name!r}")
        styles.append(style)
    marks = [name[0] for name in sides]
    head = "".join(f"<th style='padding:2px 8px'>{d}</th>" for d in range(1, 7))
    rows = ""
    for a in range(1, 7):
        cells = ""
        for d in range(1, 7):
            r = fight(attacker, defender, a, d)
            won = 0 if r.attacker_wins else 1
            style = styles[won]
            mark = marks[won] + ("*" if r.victor_casualty else "")
            ring = "outline:3px solid #000;outline-offset:1px;" if (a, d) == chosen else ""
            cells += (
                f"<td style='background:{style.colour};color:{style.ink};{ring}"
                f"text-align:center;padding:4px 10px;font-weight:bold'>{mark}</td>"
            )
        rows += f"<tr><th style='padding:2px 8px'>{a}</th>{cells}</tr>"
    return (
        f"<table style='border-collapse:separate;border-spacing:3px;font-size:15px'>"
        f"<tr><th>{sides[0]} &darr; {sides[1]} &rarr;</th>{head}</tr>{rows}</table>"
        f"<div style='font-size:14px'>{marks[0]}: {sides[0]} wins ({colour_words[0]}), "
        f"{marks[1]}: {sides[1]} holds ({colour_words[1]}); "
        f"* the winner loses a unit too.</div>"
    )


def how_it_ended(reason: str) -> str:
    """The way a game ended (its outcome's reason), in a few words, without the numbers."""
    if "in a row" in reason:
        return "held enough forts two rounds running"
    if "did not reach its goal" in reason:
        return "held out to the last round"
    if "at once by holding" in reason:
        return "took " + reason.split("at once by holding", 1)[1].strip(" .")
    if "draw" in reason:
        return "a draw"
    if "territory points" in reason:
        return "more points after the last round"
    if "then units" in reason:
        return "more soldiers after the last round"
    if "on forts" in reason:
        return "more forts after the last round"
    if "by holding" in reason:
        return "held its goal at the end"
    return re.sub(r"\d+", "#", reason)


def scenario_results(
    scenario: str,
    games: int,
    seed: int = 0,
    bots: Callable[[int], Sequence[Bot]] | None = None,
) -> list[tuple[str, str, int]]:
    """Play ``games`` games of a scenario (game ``n`` from seed ``seed + n``, one
    generator for all the dice; random moves unless ``bots(n)`` gives the players) and
    return ``(winner or "draw", how it ended, rounds)`` for each."""
    from hcgames import load  # the game's module imports this one: load it when called

    game = load("conqueror-duels", scenario=scenario)
    rng = random.Random(seed)
    results = []
    for number in range(games):
        state = playout(
            game.new_game(seed=seed + number), bots=bots(number) if bots else None, rng=rng
        )
        outcome = state.outcome()
        assert outcome is not None  # a game played out has ended
        winner = game.player_names[outcome.winners[0]] if len(outcome.winners) == 1 else "draw"
        results.append((winner, how_it_ended(outcome.reason), state.round))
    return results


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
