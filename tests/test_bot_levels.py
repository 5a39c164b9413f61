"""The computer's three levels: every game has them, they play legal seeded games,
and they say why they moved (issue 15). Strength and speed are measured in
bench/bench_bots.py, never asserted here."""

from __future__ import annotations

import random

import pytest

import hcgames
from hcgames.bots import LEVELS, LevelBot, explain, make_bot
from hcgames.odds import times_in
from hcgames.play import sample_outcome


def _play(game_id: str, kinds: list[str], seed: int, limit: int) -> list[str]:
    game = hcgames.load(game_id)
    state = game.new_game(seed=seed)
    bots = [make_bot(kind, seed=seed + seat) for seat, kind in enumerate(kinds)]
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_terminal() and len(moves) < limit:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        bot = bots[state.current_player]
        action = bot.choose(state)
        assert action in state.legal_actions()
        assert bot.reason, f"{bot.name} gave no reason"
        moves.append(str(action))
        state.apply(action)
    if state.is_terminal():  # a short game (the toy game of tests/test_checklist.py)
        moves.append("game over")
    return moves


@pytest.mark.parametrize("game_id", hcgames.available_games())
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_legal_seeded_moves(game_id: str, level: str) -> None:
    first = _play(game_id, [level] * 2, seed=5, limit=12)
    again = _play(game_id, [level] * 2, seed=5, limit=12)
    assert first == again and (len(first) == 12 or first[-1] == "game over")


def test_levels_are_names_the_cli_and_screens_accept() -> None:
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, LevelBot) and bot.name == level
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_bot("expert")


def test_an_attack_is_explained_with_its_exact_chance() -> None:
    game = hcgames.load("conqueror-duels", scenario="gallic-wars")
    state = game.new_game(seed=3)
    rng = random.Random(3)
    bot = make_bot("medium", seed=3)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        action = bot.choose(state)
        sentence = explain(state, action, bot)
        assert sentence.startswith(state.side_name(state.current_player) + ": ")
        assert sentence.endswith(".")
        if sentence.startswith("Rome: attack"):
            target = state.action_regions(action)[-1]
            assert any(
                words in sentence
                for words in (f"it takes {target} ", f"cannot take {target}", f"may take {target},")
            )
            return
        state.apply(action)
    pytest.fail("no attack by Rome was explained in 400 moves")


def test_a_chance_in_between_is_given_in_words() -> None:
    class Fixed:
        reason = "unused"

    game = hcgames.load("classical-conquests")
    state = game.new_game(seed=2)
    rng = random.Random(2)
    bot = make_bot("medium", seed=2)
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        for action in state.legal_actions():
            p = state.attack_odds(action)
            if p is not None and 0 < p < 1:
                sentence = explain(state, action, Fixed())
                assert times_in(p) in sentence
                return
        state.apply(bot.choose(state))
    pytest.fail("no Classical attack with a chance between 0 and 1 was found")
