"""Conquest of Speros speed figures (printed by bench/run.py, never asserted).

Target: 1000 random 4-player games in 10 seconds or less (100 games per second).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcgames.play import playout
from hcgames.speros import SperosGame
from hcgames.speros.bots import compare


def _random_games(players: int, games: int) -> tuple[float, float]:
    game = SperosGame(players=players)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = playout(game.new_game(seed=seed), rng=random.Random(seed))
        steps += len(state.history)
    seconds = time.perf_counter() - start
    return games / seconds, steps / seconds


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    games = 100 if quick else 1000
    figures: list[tuple[str, float, str]] = []
    per_second, steps = _random_games(4, games)
    figures.append((f"speros: random 4-player games ({games})", per_second, "games/s"))
    figures.append(("speros: time for 1000 random 4-player games", 1000 / per_second, "s"))
    figures.append(("speros: random 4-player steps", steps, "steps/s"))
    per_second, _ = _random_games(2, games // 4)
    figures.append(("speros: random 2-player games", per_second, "games/s"))
    start = time.perf_counter()
    compare(SperosGame(players=2), ["rusher", "builder"], games=10 if quick else 40)
    figures.append(
        (
            "speros: heuristic-bot 2-player games",
            (10 if quick else 40) / (time.perf_counter() - start),
            "games/s",
        )
    )
    return figures


if __name__ == "__main__":
    for label, value, unit in run(quick="--quick" in sys.argv):
        print(f"  {label:58s} {value:12.3f} {unit}")
