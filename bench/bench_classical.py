"""Classical Conquests speed figures (printed by bench/run.py, never asserted).

Target: 100 random 4-player games, each capped at 60 rounds, in 10 seconds or less.
Games are played with the shared driver ``hcgames.play.playout`` (uniform random
moves, dice sampled with exact Fractions), exactly as the conformance suite does.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcgames.classical import ClassicalGame
from hcgames.play import playout


def _random_games(players: int, games: int, max_turns: int) -> tuple[float, float, float]:
    game = ClassicalGame(players=players, max_turns=max_turns)
    steps = rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        state = playout(game.new_game(seed=seed), rng=random.Random(seed))
        steps += len(state.history)
        rounds += state.round
    seconds = time.perf_counter() - start
    return seconds, steps / seconds, rounds / games


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    games = 20 if quick else 100
    seconds, steps, rounds = _random_games(4, games, 60)
    figures = [
        (f"classical: {games} random 4-player games (cap 60 rounds)", seconds, "s"),
        ("classical: random 4-player games", games / seconds, "games/s"),
        ("classical: random 4-player steps", steps, "steps/s"),
        ("classical: rounds per random 4-player game", rounds, "rounds"),
    ]
    seconds, _, _ = _random_games(2, games // 2, 60)
    figures.append(("classical: random 2-player games", (games // 2) / seconds, "games/s"))
    return figures


if __name__ == "__main__":
    for label, value, unit in run(quick="--quick" in sys.argv):
        print(f"  {label:58s} {value:12.3f} {unit}")
