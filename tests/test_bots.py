"""The generic bots on the toy game: seeded, legal, and stronger than chance."""

from __future__ import annotations

import random

import pytest

from hcgames.bots import GreedyBot, MCTSBot, RandomBot, make_bot
from hcgames.play import Bot, sample_outcome
from tests.toy_pig import PigGame


def play_match(bots: list[Bot], games: int, seed: int = 0) -> list[int]:
    wins = [0, 0]
    for index in range(games):
        game = PigGame(target=20)
        state = game.new_game(seed=index)
        rng = random.Random(seed * 1000 + index)
        order = bots if index % 2 == 0 else bots[::-1]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(order[state.current_player].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        if len(outcome.winners) == 1:
            winner = outcome.winners[0]
            wins[winner if index % 2 == 0 else 1 - winner] += 1
    return wins


def test_bots_are_seeded() -> None:
    state = PigGame().new_game()
    assert [RandomBot(3).choose(state) for _ in range(5)] == [
        RandomBot(3).choose(state) for _ in range(5)
    ]
    assert MCTSBot(iterations=50, seed=1).choose(state) == MCTSBot(iterations=50, seed=1).choose(
        state
    )


def test_greedy_beats_random_at_pig() -> None:
    wins = play_match([GreedyBot(1), RandomBot(2)], games=60)
    assert wins[0] > wins[1]


def test_mcts_beats_random_at_pig() -> None:
    wins = play_match([MCTSBot(iterations=120, seed=1), RandomBot(2)], games=30)
    assert wins[0] > wins[1]


def test_mcts_records_visits_at_the_root() -> None:
    bot = MCTSBot(iterations=80, seed=0)
    bot.choose(PigGame().new_game())
    assert bot.last_root is not None
    assert sum(entry[1] for entry in bot.last_root.stats.values()) == 80


def test_make_bot_by_name() -> None:
    assert make_bot("random").name == "random"
    assert make_bot("greedy").name == "greedy"
    bot = make_bot("mcts:30")
    assert isinstance(bot, MCTSBot) and bot.iterations == 30
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_make_bot_reaches_a_games_own_bots_by_name() -> None:
    from hcgames.bots import bot_names
    from tests.toy_pig import PigGame

    class OwnBotGame(PigGame):
        def bots(self) -> dict:
            return {"cautious": lambda seed: RandomBot(seed)}

    game = OwnBotGame()
    assert "cautious" in bot_names(game)
    assert isinstance(make_bot("cautious", seed=2, game=game), RandomBot)
    with pytest.raises(ValueError, match="cautious"):
        make_bot("oracle", game=game)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("cautious")
    with pytest.raises(ValueError, match="must be a number"):
        make_bot("mcts:many")
