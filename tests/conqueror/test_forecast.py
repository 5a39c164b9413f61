"""The battle forecast of Conqueror: Duels (hcgames.conqueror.forecast): its chances are
the ones the dice give when the battle is played, and it knows what has already acted."""

from __future__ import annotations

from fractions import Fraction

from hcgames.conqueror.actions import Attack, EndPhase, Move, PlayHero
from hcgames.conqueror.forecast import battle_forecast, spent_units
from hcgames.conqueror.state import DuelsState
from tests.conqueror.conftest import new, play
from tests.toy_pig import PigGame

ATTACK = Attack("Gaul", "Alpes", 3, 0)


def _before_the_attack() -> DuelsState:
    """Carthage to act with 3 cavalry in Gaul beside 1 Roman cavalry in the Alps."""
    state = new(seed=0)
    play(state, EndPhase(), EndPhase())
    state.set_army("Gaul", "Carthage", 3, 0)
    state.set_army("Alpes", "Rome", 1, 0)
    return state


def test_the_forecast_lists_every_result_once_wins_first() -> None:
    state = _before_the_attack()
    forecast = battle_forecast(state, ATTACK)
    assert forecast is not None
    assert forecast.target == "Alpes"
    assert (forecast.attacking, forecast.defending) == ((3, 0), (1, 0))
    assert sum(r.chance for r in forecast.results) == 1
    wins = [r.attacker_wins for r in forecast.results]
    assert wins == sorted(wins, reverse=True)  # the attacker's wins come first
    for group in (True, False):  # each group most likely first
        chances = [r.chance for r in forecast.results if r.attacker_wins is group]
        assert chances == sorted(chances, reverse=True)
    outcomes = [(r.attacker_wins, r.attacker_losses, r.defender_losses) for r in forecast.results]
    assert len(set(outcomes)) == len(outcomes)  # same results summed
    assert 0 < forecast.win < 1  # three against one is likely, not certain


def test_the_forecast_agrees_with_every_roll_of_the_dice() -> None:
    state = _before_the_attack()
    forecast = battle_forecast(state, ATTACK, heroes=(-2, -2))
    assert forecast is not None
    play(state, ATTACK)
    while not state.is_chance():
        play(state, PlayHero(""))  # neither side plays a hero, as forecast
    won = Fraction(0)
    for roll, chance in state.chance_outcomes():
        trial = state.copy()
        events = trial.apply(roll)
        if any(e.kind == "battle" and e.data.get("attacker_wins") for e in events):
            won += chance
    assert won == forecast.win


def test_no_battle_no_forecast() -> None:
    state = _before_the_attack()
    assert battle_forecast(state) is None  # nothing pending
    assert battle_forecast(state, EndPhase()) is None  # not an attack
    assert state.battle_forecast(EndPhase()) is None  # the state's hook says the same
    assert PigGame().new_game().battle_forecast() is None  # the core's default: no dice battle


def test_units_that_moved_are_counted_as_spent_where_they_stand() -> None:
    state = _before_the_attack()
    assert spent_units(state) == {}
    play(state, Move("Gaul", "Espanga", 1, 0))
    assert spent_units(state) == {"Espanga": 1}  # the two left in Gaul may still act
    play(state, Attack("Gaul", "Alpes", 2, 0))
    assert spent_units(state) == {}  # nothing shows as spent while a battle is pending
    assert state.spent_units() == spent_units(state)
    assert PigGame().new_game().spent_units() == {}  # the core's default
