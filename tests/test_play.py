"""hcgames.play: the drivers that play games out."""

from __future__ import annotations

import hcgames
from hcgames.bots import GreedyBot, RandomBot
from hcgames.play import head_to_head, playout
from tests.narrow import finished


def test_head_to_head_swaps_seats_and_counts_every_game() -> None:
    game = hcgames.load("historical-conquest", players=2)
    wins = head_to_head(game, GreedyBot, RandomBot, 2)
    assert sum(wins.values()) == 2 and set(wins) == {"a", "b", "shared"}
    # game 1 has B in the first seat: its winner counts for the bot that sat there
    one = playout(game.new_game(seed=1), bots=[RandomBot(seed=1), GreedyBot(seed=1)], rng=1)
    zero = playout(game.new_game(seed=0), bots=[GreedyBot(seed=0), RandomBot(seed=0)], rng=0)
    expected = {"a": 0, "b": 0, "shared": 0}
    for winners, a_seat in ((finished(zero).winners, 0), (finished(one).winners, 1)):
        if len(winners) != 1:
            expected["shared"] += 1
        else:
            expected["a" if winners[0] == a_seat else "b"] += 1
    assert wins == expected
    told: list[int] = []
    named = head_to_head(
        game, GreedyBot, RandomBot, 2, names=("greedy", "random"), on_game=told.append
    )
    assert named == {"greedy": wins["a"], "random": wins["b"], "shared": wins["shared"]}
    # a page is told after each game how many are done (lesson 54 counts them aloud)
    assert told == [1, 2]


def test_scores_each_round_replays_the_game_round_by_round() -> None:
    from hcgames.play import scores_each_round

    game = hcgames.load("conqueror-duels")
    state = playout(game.new_game(seed=3), rng=3)
    series = scores_each_round(game, state, seed=3)
    assert set(series) == set(game.player_names)
    lengths = {len(values) for values in series.values()}
    assert lengths == {state.round}
    fresh = game.new_game(seed=3)
    assert [series[name][0] for name in game.player_names] == [
        fresh.scores()[side] for side in range(len(game.player_names))
    ]
