"""Print hcgames speed figures. Speed is measured here, never asserted in tests.

    python bench/run.py                 # everything except the notebook timings
    python bench/run.py --notebooks     # also nbval seconds per notebook (slow)
    python bench/run.py --quick         # fewer games, for a fast look

Figures: import time of ``hcgames`` (no widgets); random playouts per second for
every game and variant; MCTS seconds per decision; the figures each game's own
``bench/bench_<pkg>.py`` reports (issue targets); the Python-side time of a Step
click on a stepper with a map; random-play steps per second beside last week's head
(bench_steps.py, which checks the old revision out with ``git worktree add``; run it
alone with ``--old REV`` for a longer, steadier table); nbval seconds per notebook.
bench_kernels.py and bench_classroom.py serve the lessons as ``tasks.py app`` does and
open them in Debian's chromium: kernels left after closing pages, memory per kernel,
per-lesson open time, a class of 30 pages arriving 5 at a time (several minutes;
``--quick``: 10 pages, no per-lesson times).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import hcgames  # noqa: E402
from hcgames.bots import MCTSBot  # noqa: E402
from hcgames.play import playout, sample_outcome  # noqa: E402


def line(label: str, value: float, unit: str) -> None:
    print(f"  {label:58s} {value:12.3f} {unit}", flush=True)


def import_time(runs: int = 7) -> float:
    code = "import time; t = time.perf_counter(); import hcgames; print(time.perf_counter() - t)"
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
        )
        times.append(float(out.stdout.strip()))
    return statistics.median(times)


def playouts_per_second(name: str, options: dict, seconds: float) -> tuple[float, int]:
    game = hcgames.load(name, **options)
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds or games < 3:
        playout(game.new_game(seed=games), rng=games)
        games += 1
    return games / (time.perf_counter() - start), games


def mcts_seconds_per_decision(name: str, iterations: int, decisions: int = 3) -> float:
    game = hcgames.load(name)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    bot = MCTSBot(iterations=iterations, seed=1)
    times = []
    while len(times) < decisions and not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if len(state.legal_actions()) > 1:
            start = time.perf_counter()
            action = bot.choose(state)
            times.append(time.perf_counter() - start)
        else:
            action = state.legal_actions()[0]
        state.apply(action)
    return statistics.mean(times) if times else float("nan")


def game_benches(quick: bool) -> None:
    for path in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n{path.name}:")
        try:
            figures = (
                module.run(quick=quick)
                if "quick" in module.run.__code__.co_varnames
                else module.run()
            )
        except Exception as exc:  # a failing bench is reported, not hidden
            print(f"  FAILED: {type(exc).__name__}: {exc}")
            continue
        for label, value, unit in figures:
            line(label, value, unit)


def notebook_times() -> None:
    print("\nnbval seconds per notebook:")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        start = time.perf_counter()
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "--nbval-lax",
                "--nbval-current-env",
                str(path),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        status = "ok" if result.returncode == 0 else "FAILED"
        line(f"{path.name} ({status})", time.perf_counter() - start, "s")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--notebooks", action="store_true", help="also time every notebook")
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else 2.0

    print(f"hcgames {hcgames.__version__} on Python {sys.version.split()[0]}")
    print("\nImport:")
    line("import hcgames (median of 7 fresh interpreters; target < 0.3)", import_time(), "s")

    print("\nRandom playouts (one core):")
    for name in hcgames.available_games():
        for options in hcgames.game_class(name).variants():
            rate, games = playouts_per_second(name, options, seconds)
            label = name + "".join(f" {k}={v}" for k, v in options.items())
            line(f"{label} ({games} games)", rate, "games/s")

    print("\nMCTS (200 iterations):")
    for name in hcgames.available_games():
        line(name, mcts_seconds_per_decision(name, 200), "s/decision")

    game_benches(args.quick)
    if args.notebooks:
        notebook_times()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
