"""CONQUEST (1972) speed figures (printed by bench/run.py, never asserted).

Targets: one step's legal actions well under a millisecond; random games per
second on the full set-up and on the skirmish scenario; seconds per MCTS decision.
Issue 25 asks for random play towards 0.25x OpenSpiel's C++ backgammon (it stood at
0.09-0.12x); bench/bench_steps.py prints the steps per second beside last week's head.

Where the time of random play goes (cProfile with CPU time, 12 full games, Nov 2026):

* Listing the legal actions (``moves.legal_actions``) is about 70 % of it. A list
  has about 45 moves and asks ``movement.step`` about 61 times (every linked space
  of every piece of the side with steps left): some 26 % of all the time is in
  ``step`` itself, 23 % in the loop around it (each piece's steps left, its linked
  spaces, the Move objects), 7 % in finding the side's pieces (``pieces_of`` goes
  over every piece of the game each time). Of the 17 refused steps per list, most
  are "your own piece already holds that space".
* Applying a step is about 27 %: 15 % of it is core's legality check, which puts the
  ~45 legal Moves in a set (hashing each) before every apply; the step itself
  (``apply_move``: moving the piece, the event's sentence, the turn's count) is 9 %.

Cheap wins made (same games, same goldens): the refusal messages no longer rebuild a
piece's name each time (``piece_name`` is cached: it was 10 % of the time), ``step``
looks up what only mounting needs only when mounting, and a Move for a given piece and
space is made once and reused by every later list (a frozen dataclass is slow to
make). Full set-up 11 000 -> 15 500 random steps per second, skirmish 23 000 -> 28 500
(CPU time, same machine, the two trees taking turns). Beside OpenSpiel's C++
backgammon played by the same driver (bench_steps.py, about 136 000 steps per second
on that machine): full set-up 0.08x -> 0.12x, skirmish 0.16x -> 0.23x.

What would go further (not done): keep each side's list of pieces instead of
scanning all pieces per list; update the move list only around the piece that moved
(a step changes the options of a few nearby pieces only); let core keep the set of
legal actions it builds with the list, instead of building it again at apply.
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
