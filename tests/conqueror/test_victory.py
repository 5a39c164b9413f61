"""Each scenario's victory conditions trigger when they should, and only then."""

from __future__ import annotations

from hcgames.conqueror import DuelsState
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    EndPhase,
    LeaveBehind,
    Move,
    PlayHero,
)
from tests.conqueror.conftest import battle, new, owner_name, pass_until, play, step_passively
from tests.narrow import finished


def finish_passively(state: DuelsState) -> None:
    while not state.is_terminal():
        step_passively(state)


def winner(state: DuelsState) -> str:
    outcome = state.outcome()
    assert outcome is not None
    return state.game.player_names[outcome.winners[0]] if outcome.winners else "draw"


# --- scenario 1 ------------------------------------------------------------------------
def test_carthage_wins_at_once_by_taking_rome() -> None:
    state = new("second-punic-war")
    pass_until(state, 1, "action", 0)
    state.set_army("Brundisium", "Carthage", 3, 0)
    state.set_army("Rome", "Rome", 0, 0)  # empty, but still Rome's capital
    assert Attack("Brundisium", "Rome", 3, 0) in state.legal_actions()
    play(state, Attack("Brundisium", "Rome", 3, 0), BattleRoll(6, 1))  # 12 against 0 + 6 + 1
    assert not state.is_terminal()
    play(state, LeaveBehind("Brundisium", ""))
    assert winner(state) == "Carthage"
    assert "Rome" in finished(state).reason


def test_rome_wins_at_once_by_taking_carthage() -> None:
    state = new("second-punic-war")
    pass_until(state, 1, "action", 1)
    state.set_army("Carthage", "Carthage", 0, 0)
    state.set_army("Mare Africum", "Rome", 3, 0)
    play(
        state,
        Attack("Mare Africum", "Carthage", 3, 0),
        BattleRoll(6, 1),
        LeaveBehind("Mare Africum", ""),
    )
    assert winner(state) == "Rome"


def test_rome_wins_when_round_nine_ends() -> None:
    state = new("second-punic-war")
    pass_until(state, 9, "action", 1)
    assert not state.is_terminal()
    finish_passively(state)
    assert state.round == 9 and winner(state) == "Rome"


# --- scenario 2 ------------------------------------------------------------------------
def test_rome_wins_on_holding_gaul_germania_and_celtica() -> None:
    state = new("gallic-wars")
    pass_until(state, 1, "action", 0)
    state.set_army("Germania", "Rome", 1, 0)
    state.set_army("Celtica", "Rome", 1, 0)
    state.set_army("Gaul", "Gaul", 0, 0)
    play(state, Attack("Alpes", "Gaul", 2, 1))
    assert state.current_player == 1  # Gaul may play Ambiorix in defence
    play(state, PlayHero(""), BattleRoll(6, 1))
    assert not state.is_terminal()
    play(state, LeaveBehind("Alpes", ""))
    assert winner(state) == "Rome"


def test_gaul_wins_by_taking_rome_or_when_round_five_ends() -> None:
    state = new("gallic-wars")
    pass_until(state, 1, "action", 1)
    state.set_army("Alpes", "Gaul", 3, 0)
    state.set_army("Rome", "Rome", 0, 0)
    play(state, Attack("Alpes", "Rome", 3, 0), BattleRoll(6, 1), LeaveBehind("Alpes", ""))
    assert winner(state) == "Gaul"
    state = new("gallic-wars")
    pass_until(state, 5, "action", 1)
    assert not state.is_terminal()
    finish_passively(state)
    assert state.round == 5 and winner(state) == "Gaul"


# --- scenario 3 ------------------------------------------------------------------------
def test_greece_wins_on_holding_asia_minor_alexandria_and_babylon() -> None:
    state = new("alexanders-conquest")
    pass_until(state, 1, "action", 0)
    state.set_army("Asia Minor", "Greece", 1, 0)
    state.set_army("Alexandria", "Greece", 1, 0)
    state.set_army("Babylon", "Persia", 0, 0)
    state.set_army("Syria", "Greece", 3, 0)
    play(state, Attack("Syria", "Babylon", 3, 0), BattleRoll(6, 1))
    assert not state.is_terminal()
    play(state, LeaveBehind("Syria", ""))
    assert winner(state) == "Greece"


def test_persia_wins_by_taking_macedonia_or_when_round_seven_ends() -> None:
    state = new("alexanders-conquest")
    pass_until(state, 1, "action", 1)
    state.set_army("Macedonia", "Greece", 0, 0)
    state.set_army("Thracia", "Persia", 3, 0)
    play(state, Attack("Thracia", "Macedonia", 3, 0), BattleRoll(6, 1), LeaveBehind("Thracia", ""))
    assert winner(state) == "Persia"
    state = new("alexanders-conquest")
    finish_passively(state)
    assert state.round == 7 and winner(state) == "Persia"


# --- scenario 4 ------------------------------------------------------------------------
def test_holding_babylon_and_rome_for_two_round_ends_wins() -> None:
    """Rome takes Babylon in round 1: round 1 does not count; Rome wins when round 3
    ends with both capitals still Roman."""
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 0)
    state.set_army("Babylon", "Rome", 2, 0)
    pass_until(state, 2, "planning", 0)
    assert not state.is_terminal() and state.held_rounds[0] == 0
    pass_until(state, 3, "planning", 0)
    assert not state.is_terminal() and state.held_rounds[0] == 1
    pass_until(state, 3, "action", 1)
    assert not state.is_terminal()
    step_passively(state)  # Persia ends round 3
    assert winner(state) == "Rome"


def test_losing_babylon_again_resets_the_count() -> None:
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 0)
    state.set_army("Babylon", "Rome", 2, 0)
    pass_until(state, 2, "action", 1)
    state.set_army("Babylon", "Persia", 1, 0)
    pass_until(state, 3, "planning", 0)
    assert state.held_rounds[0] == 0 and not state.is_terminal()


def test_persia_wins_by_holding_rome_and_babylon() -> None:
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 1)
    state.set_army("Rome", "Persia", 2, 0)
    pass_until(state, 3, "action", 1)
    assert not state.is_terminal()
    step_passively(state)
    assert winner(state) == "Persia"


def test_points_decide_after_round_ten() -> None:
    state = new("rome-vs-persia")
    pass_until(state, 10, "action", 1)
    assert not state.is_terminal() and not state.deck  # the last card marked the last round
    points = (state.points_of(0), state.points_of(1))
    step_passively(state)
    assert state.is_terminal()
    assert winner(state) == ("Rome" if points[0] > points[1] else "Persia")
    assert "territory points" in finished(state).reason
    assert state.scores() == {0: float(points[0]), 1: float(points[1])}


def test_points_table() -> None:
    state = new("rome-vs-persia")
    g = state.game
    assert g.points[g.index["Babylon"]] == 4 and g.points[g.index["Carthage"]] == 4
    assert g.points[g.index["Iberia"]] == 3 and g.points[g.index["Palma"]] == 2
    assert g.points[g.index["Numidia"]] == 1 and g.points[g.index["Mare Ionium"]] == 1


def test_a_held_sea_scores_one_point_as_one_of_all_other_territories() -> None:
    """Scenario 4: a sea is one of "all other territories"; a side whose units stand
    there scores 1 for it, and an empty sea (nobody's) scores for nobody."""
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 0)
    before = state.points_of(0), state.points_of(1)
    state.set_army("Mare Ionium", "Rome", 1, 0)
    assert (state.points_of(0), state.points_of(1)) == (before[0] + 1, before[1])
    state.set_army("Mare Ionium", "Persia", 0, 1)
    assert (state.points_of(0), state.points_of(1)) == (before[0], before[1] + 1)
    state.set_army("Mare Ionium", None, 0, 0)
    assert (state.points_of(0), state.points_of(1)) == before


def _turns_to_retake(loser: int, capture_round: int) -> int:
    """The loser's capital is taken (the other side's whole army marches in) in
    ``capture_round``, in the taker's action phase; nothing else happens. How many
    action phases does the loser get before the taker wins?"""
    state = new("rome-vs-persia")
    taker = 1 - loser
    pass_until(state, capture_round, "action", taker)
    capital = state.game.scenario.capitals[loser]
    state.set_army(capital, state.game.player_names[taker], 3, 0)
    turns = 0
    while not state.is_terminal():
        if state.phase == "action" and state.current_player == loser:
            turns += 1
        step_passively(state)
    assert winner(state) == state.game.player_names[taker]
    assert state.round == capture_round + 2
    assert "whole rounds" in finished(state).reason
    return turns


def test_holding_the_enemy_capital_2_rounds_means_two_whole_rounds_after_the_capture() -> None:
    """Scenario 4: the round of the capture does not count, so the side that lost its
    capital always has two turns to retake it, whichever side moves first. Persia moves
    second: taking Rome in round 1 wins at the end of round 3, after two Roman turns (not
    at the end of round 2, after one). Rome moves first: Persia still has its turn in
    the round of the capture, and two more."""
    assert _turns_to_retake(loser=0, capture_round=1) == 2
    assert _turns_to_retake(loser=0, capture_round=4) == 2
    assert _turns_to_retake(loser=1, capture_round=1) == 3


def test_the_round_of_the_capture_is_named_in_the_log() -> None:
    state = new("rome-vs-persia")
    pass_until(state, 1, "action", 1)
    state.set_army("Rome", "Persia", 2, 0)
    texts = []
    while state.round == 1:
        texts += [e.text for e in state.apply(EndPhase())]
    assert any(
        "a capital changed hands during that round, so it does not count" in t
        and "to the end of round 3" in t
        for t in texts
    )


# --- scenario 5 ------------------------------------------------------------------------
def test_first_syrian_war_ends_in_a_draw_if_nobody_meets_a_goal() -> None:
    state = new("first-syrian-war")
    finish_passively(state)
    assert state.round == 8 and winner(state) == "draw"


def test_egypt_wins_with_alexandria_thebes_palestina_and_syria() -> None:
    state = new("first-syrian-war")
    pass_until(state, 8, "action", 1)
    state.set_army("Syria", "Egypt", 1, 0)
    assert not state.is_terminal()
    step_passively(state)
    assert winner(state) == "Egypt"


def test_persia_wins_with_babylon_syria_asia_minor_and_palestina() -> None:
    state = new("first-syrian-war")
    pass_until(state, 8, "action", 1)
    state.set_army("Palestina", "Persia", 1, 0)
    step_passively(state)
    assert winner(state) == "Persia"


def test_wiping_out_the_enemy_wins_at_once() -> None:
    state = new("first-syrian-war")
    pass_until(state, 1, "action", 0)
    for place in ("Babylon", "Asia Minor"):
        state.set_army(place, "Egypt", 1, 0)
    state.set_army("Syria", "Egypt", 4, 0)
    play(state, Attack("Syria", "Cappadocia", 4, 0))
    play(state, PlayHero(""), BattleRoll(6, 1))
    assert not state.is_terminal()  # the Persian army is gone, Cappadocia not yet taken
    play(state, LeaveBehind("Syria", ""))
    assert winner(state) == "Egypt"
    assert "no units and no land" in finished(state).reason


# --- standard ---------------------------------------------------------------------------
def test_five_forts_at_two_round_ends_in_a_row() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    for place in ("Cyrene", "Sicily", "Espanga"):
        state.set_army(place, "Carthage", 1, 0)
    assert state.forts_of(0) == 5
    pass_until(state, 2, "action", 0)
    assert state.fort_streak[0] == 1 and not state.is_terminal()
    pass_until(state, 2, "action", 1)
    step_passively(state)
    assert winner(state) == "Carthage"


def test_forts_must_be_held_in_consecutive_rounds() -> None:
    state = new("standard")
    pass_until(state, 1, "action", 0)
    for place in ("Cyrene", "Sicily", "Espanga"):
        state.set_army(place, "Carthage", 1, 0)
    pass_until(state, 2, "action", 1)
    state.set_army("Sicily", "Rome", 1, 0)
    pass_until(state, 3, "planning", 0)
    assert state.fort_streak[0] == 0 and not state.is_terminal()


def test_standard_game_after_round_twelve_compares_forts() -> None:
    state = new("standard")
    pass_until(state, 12, "action", 1)
    state.set_army("Cyrene", "Carthage", 1, 0)
    forts = (state.forts_of(0), state.forts_of(1))
    step_passively(state)
    assert state.round == 12
    assert forts == (3, 2) and winner(state) == "Carthage"


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
    assert state.held_rounds[1] == 0  # round 1, the round of the capture, does not count

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
    assert state.held_rounds[1] == 0  # a capital changed hands in round 2: it does not count
    pass_until(state, 3, "action", 1)
    play(state, EndPhase())  # round 3: the first whole round
    assert not state.is_terminal() and state.held_rounds[1] == 1
    pass_until(state, 4, "action", 1)
    play(state, EndPhase())  # round 4: the second whole round, so Persia wins
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


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
