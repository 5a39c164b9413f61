"""Conqueror: Duels speed figures (printed by bench/run.py, never asserted).

Target (issue 3): 1000 random games of the Second Punic War in 10 s or less on one
core, with the project's own driver (hcgames.play.playout: uniformly random legal
actions, chance steps sampled with their exact probabilities).

    python bench/bench_conqueror.py          # all six scenarios, 200 games each
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcgames.conqueror import SCENARIOS, DuelsGame
from hcgames.play import playout


def random_games(scenario: str, games: int) -> tuple[float, float]:
    """(games per second, steps per second) of seeded random playouts, in CPU time of
    this process (one core), so that other work on a shared machine does not count."""
    game = DuelsGame(scenario=scenario)
    steps = 0
    start = time.process_time()
    for seed in range(games):
        state = playout(game.new_game(seed=seed), rng=random.Random(seed))
        steps += len(state.history)
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def copy_time(scenario: str, copies: int = 2000) -> float:
    """Microseconds per State.copy() in the middle of a random game."""
    game = DuelsGame(scenario=scenario)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    for _ in range(120):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    start = time.perf_counter()
    for _ in range(copies):
        state.copy()
    return (time.perf_counter() - start) / copies * 1e6


def run(games: int = 200) -> list[tuple[str, float, str]]:
    figures: list[tuple[str, float, str]] = []
    for scenario in SCENARIOS:
        per_game, per_step = random_games(scenario, games)
        figures.append((f"conqueror-duels {scenario}: random games", per_game, "games/s"))
        figures.append((f"conqueror-duels {scenario}: random steps", per_step, "steps/s"))
    per_game, _ = random_games("second-punic-war", 1000)
    figures.append(
        ("conqueror-duels: 1000 Second Punic War games, CPU (target <= 10 s)", 1000 / per_game, "s")
    )
    figures.append(
        ("conqueror-duels rome-vs-persia: State.copy()", copy_time("rome-vs-persia"), "us")
    )
    return figures


if __name__ == "__main__":
    for label, value, unit in run():
        print(f"{label:70s} {value:12.1f} {unit}")
