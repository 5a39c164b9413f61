"""CONQUEST (1972) speed figures (printed by bench/run.py, never asserted).

Targets: one step's legal actions well under a millisecond; random games per
second on the full set-up and on the skirmish scenario; seconds per MCTS decision.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcgames.conquest import ConquestGame
from hcgames.play import playout


def _legal_time(game: ConquestGame, positions: int) -> float:
    """Mean seconds to list the legal actions, over positions met in random play."""
    rng = random.Random(1)
    state = game.new_game()
    total = 0.0
    calls = 0
    while calls < positions and not state.is_terminal():
        start = time.perf_counter()
        legal = state._legal_actions()
        total += time.perf_counter() - start
        calls += 1
        state.apply(legal[rng.randrange(len(legal))])
    return total / max(calls, 1)


def _random_games(game: ConquestGame, games: int) -> tuple[float, float]:
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = playout(game.new_game(seed=seed), rng=random.Random(seed))
        steps += len(state.history)
    seconds = time.perf_counter() - start
    return games / seconds, steps / seconds


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    figures: list[tuple[str, float, str]] = []
    full = ConquestGame(draw_offers=False)
    skirmish = ConquestGame(scenario="skirmish", draw_offers=False)
    figures.append(
        ("conquest: legal actions of one step (full set-up)", 1e6 * _legal_time(full, 2000), "us")
    )
    figures.append(
        ("conquest: legal actions of one step (skirmish)", 1e6 * _legal_time(skirmish, 2000), "us")
    )
    games = 5 if quick else 30
    per_second, steps = _random_games(full, games)
    figures.append(
        (f"conquest: random full games ({games}, no draw offers)", per_second, "games/s")
    )
    figures.append(("conquest: random steps (full set-up)", steps, "steps/s"))
    per_second, steps = _random_games(skirmish, games)
    figures.append((f"conquest: random skirmish games ({games})", per_second, "games/s"))
    try:
        from hcgames.bots import MCTSBot
    except ImportError:  # the bots module is optional for this figure
        return figures
    bot = MCTSBot(iterations=50 if quick else 200, seed=0, rollout_depth=40)
    state = full.new_game()
    decisions = 3 if quick else 5
    start = time.perf_counter()
    for _ in range(decisions):
        state.apply(bot.choose(state))
    figures.append(
        (
            f"conquest: MCTS seconds per decision ({bot.iterations} iterations)",
            (time.perf_counter() - start) / decisions,
            "s",
        )
    )
    return figures


if __name__ == "__main__":
    for label, value, unit in run(quick="--quick" in sys.argv):
        print(f"  {label:58s} {value:12.3f} {unit}")
