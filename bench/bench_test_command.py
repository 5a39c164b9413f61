"""Wall-clock seconds of parts of ``python3 tasks.py test``, on one worker and on two.

    python bench/bench_test_command.py                      # the default parts below
    python bench/bench_test_command.py tests/test_browser_maps.py notebooks/10-duels-a-round.ipynb

Each part is one pytest run over the given paths, with the test command's own options
(nbval, doctests), first as one process, then on the two pytest-xdist workers that
``tasks.py test`` uses (``--dist loadscope``: a worker is given whole modules, so a
notebook's cells share one kernel and a browser module starts its servers once). The
machine's load average is printed beside each figure: on a shared machine only figures
taken at a similar load compare. Figures are printed, never asserted (the tests assert
no timings).

Measured on the 2-core machine (7 Dec, shared by 7 engineers; load average in brackets):
see bench/test_command.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: small parts that show what the workers change: CPU-bound notebooks, browser modules
DEFAULT_PARTS = (
    ("nbval, lessons 10-14", ["notebooks/1*.ipynb"]),
    ("browser maps", ["tests/test_browser_maps.py"]),
)
OPTIONS = ["--nbval-lax", "--nbval-current-env", "--doctest-modules", "-q"]
OPTIONS += ["-p", "no:cacheprovider"]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def time_part(paths: list[str], workers: int) -> float:
    """Seconds for one pytest run over ``paths`` (glob patterns from the project root)."""
    found = [str(p) for pattern in paths for p in sorted(ROOT.glob(pattern))] or paths
    spread = [f"--numprocesses={workers}", "--dist=loadscope"] if workers > 1 else []
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *OPTIONS, *spread, *found],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    seconds = time.monotonic() - start
    last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"    pytest said: {last}", flush=True)
    return seconds


def run(
    parts: tuple[tuple[str, list[str]], ...] = DEFAULT_PARTS, workers: tuple[int, ...] = (1, 2)
) -> None:
    for label, paths in parts:
        for count in workers:
            before = load()
            seconds = time_part(paths, count)
            print(
                f"  {label + f', {count} worker(s)':58s} {seconds:10.1f} s   ({before} before)",
                flush=True,
            )


if __name__ == "__main__":
    args = sys.argv[1:]
    run(((" ".join(args), args),) if args else DEFAULT_PARTS)
