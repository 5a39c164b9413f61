"""Conquest of Speros's own easy, medium and hard bots (issue 15): legal, seeded,
harmless to the state they look at, and each plays the way its docstring says.
Strength and speed are measured in bench/bench_bots.py, never here."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hcgames
from hcgames.bots import make_bot
from hcgames.speros.bots import (
    SperosEasyBot,
    SperosHardBot,
    SperosMediumBot,
    _lead,
)
from tests.conftest import check_bot_is_sound, choice_positions

LEVELS = {"easy": SperosEasyBot, "medium": SperosMediumBot, "hard": SperosHardBot}


def _positions(seed: int, count: int) -> list[Any]:
    """Positions of a seeded game between medium bots with a real choice to make."""
    state = hcgames.load("conquest-of-speros").new_game(seed=seed)
    return choice_positions(
        state, SperosMediumBot(seed), seed, count, keep=lambda s: s.phase == "action"
    )


def test_the_game_gives_its_own_levels() -> None:
    state = hcgames.load("conquest-of-speros").new_game(seed=1)
    for level, cls in LEVELS.items():
        assert isinstance(make_bot(level, 3).bot_for(state), cls)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_legal_seeded_harmless_and_say_why(level: str) -> None:
    for state in _positions(4, 3):
        check_bot_is_sound(LEVELS[level], state)


def test_easy_never_loses_points_when_it_need_not_but_does_not_pick_the_best() -> None:
    picks = set()
    for state in _positions(2, 4):
        p = state.current_player
        for seed in range(6):
            action = SperosEasyBot(seed).choose(state)
            child = state.copy()
            child.apply(action)
            assert _lead(child, p) >= _lead(state, p)
            picks.add((id(state), action))
    # different seeds take different acceptable moves: easy does not compare them
    assert len(picks) > 4


def test_medium_takes_the_move_that_looks_best_one_step_ahead() -> None:
    for state in _positions(3, 4):
        bot = SperosMediumBot(1)
        action = bot.choose(state)
        scored = dict(bot.scored(state, state.legal_actions()))
        assert scored[action] == max(scored.values())


def test_hard_does_not_peek_at_the_rivals_hand() -> None:
    state = _positions(6, 1)[0]
    p = state.current_player
    rival = 1 - p
    other = state.copy()
    # swap the rival's hand with cards of the deck: the hard bot cannot tell
    size = len(other.hands[rival])
    pool = other.deck + other.hands[rival]
    random.Random(0).shuffle(pool)
    other.hands[rival], other.deck = sorted(pool[:size]), pool[size:]
    assert other.hands[rival] != state.hands[rival]
    assert SperosHardBot(5).choose(state) == SperosHardBot(5).choose(other)


def test_hard_sometimes_overrules_the_one_step_favourite() -> None:
    differ = 0
    for state in _positions(7, 8):
        if SperosHardBot(1).choose(state) != SperosMediumBot(1).choose(state):
            differ += 1
    assert differ >= 1


def test_each_move_of_the_computer_is_reported_as_a_sentence_about_its_people() -> None:
    """The list of the computer's moves reads "The Saltdeep Merfolk attack Coralspire
    Reef with a Minion" (it read "Saltdeep Merfolk attack a Minion onto ...", lesson
    44): the people first, a verb that agrees with them, and no colon, which the list
    would read as "who: what"."""
    import re

    from hcgames.speros.views import report_words

    state: Any = hcgames.load("conquest-of-speros").new_game(seed=5)
    rng = random.Random(5)
    seen = set()
    while not state.is_terminal() and len(state.history) < 400:
        if state.is_chance():
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        action = rng.choice(state.legal_actions())
        words = report_words(state, action)
        p = state.current_player
        who = f"The {state.side_name(p)}" if state.colour[p] else state.player_name(p)
        assert words.startswith(who + " "), words
        assert ": " not in words and "(s)" not in words and "Player " not in words[len(who) :]
        verb = words[len(who) + 1 :].split()[0]
        # the peoples are plural ("the Merfolk attack"); a seat before its choice is one
        assert verb.endswith("s") != bool(state.colour[p]), words
        assert not re.search(r"\b(my|your)\b", words), words
        seen.add(type(action).__name__)
        state.apply(action)
    assert {"Discard", "Attack", "Explore", "ChooseBonus", "UseAbility"} <= seen


def test_the_last_bonus_objective_is_the_one_that_scores_most_and_the_why_is_true() -> None:
    """At the end every reveal ends the game: the levels take the objective worth most
    (Easy took any, lesson 44) and never say a reveal "lost points"."""
    state: Any = hcgames.load("conquest-of-speros").new_game(seed=3)
    bots = [SperosMediumBot(3), SperosMediumBot(4)]
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        if state.phase == "choose bonus" and state.chooser == state.game.num_players - 1:
            break
        state.apply(bots[state.current_player].choose(state))
    assert state.phase == "choose bonus"
    p = state.current_player
    leads = {}
    for option in state.legal_actions():
        child = state.copy()
        child.apply(option)
        leads[option] = _lead(child, p)
    for level in LEVELS.values():
        bot = level(1)
        action = bot.choose(state)
        assert leads[action] == max(leads.values()), level
        assert "lost" not in bot.reason and "lose" not in bot.reason, bot.reason
