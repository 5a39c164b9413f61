"""Historical Conquest speed figures (printed by bench/run.py, never asserted).

Target: 1000 random two-player games in 20 seconds or less (50 games a second),
played through the public contract (``hcgames.play.playout``).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hcgames
from hcgames.play import playout

TARGET_GAMES = 1000
TARGET_SECONDS = 20.0


def _random_games(players: int, games: int) -> tuple[float, float, float]:
    game = hcgames.load("historical-conquest", players=players)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = playout(game.new_game(seed=seed), rng=random.Random(seed))
        steps += len(state.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, elapsed


def run(games: int = TARGET_GAMES) -> list[tuple[str, float, str]]:
    per_second, steps, _elapsed = _random_games(2, games)
    seconds_for_target = TARGET_GAMES / per_second
    three, _, _ = _random_games(3, max(20, games // 10))
    return [
        ("historical-conquest: random 2-player games per second", per_second, "games/s"),
        ("historical-conquest: steps per second (2 players)", steps, "steps/s"),
        (
            f"historical-conquest: seconds for {TARGET_GAMES} games (target {TARGET_SECONDS:.0f})",
            seconds_for_target,
            "s",
        ),
        ("historical-conquest: random 3-player games per second", three, "games/s"),
    ]


if __name__ == "__main__":
    for label, value, unit in run():
        print(f"  {label:58s} {value:12.3f} {unit}")
