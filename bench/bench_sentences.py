"""How many distinct sentences the sentence harness checks (issue 38).

    python bench/bench_sentences.py            # the bench sample: 3 seeds a variant
    python bench/bench_sentences.py --quick    # the test's sample: 1 seed a variant

Gathers every sentence with :func:`tests.sentences.gather` (seeded games of every game,
variant and player count with random play and the level bots: event logs,
``describe()``, tooltips, card rows, actions, bots' reasons, refusals of mutated and
out-of-turn actions, outcomes, card, hero and lesson texts), checks each as
``tests/test_sentences.py`` does, and prints how many distinct sentences it read, by
where they were read, how many refusals it asked for, and how many sentences failed a
check (0 expected).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests import sentences


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    start = time.perf_counter()
    harvest = sentences.gather("test" if quick else "bench")
    classes = sentences.class_names()
    wrong = sum(
        1
        for where, texts in harvest.sentences.items()
        for text in texts
        if sentences.problems(text, classes, where) or sentences.unknown_words(text)
    )
    figures: list[tuple[str, float, str]] = [
        ("Distinct sentences checked", float(len(harvest.all())), "sentences"),
        *(
            (f"  read as {where}", float(len(texts)), "sentences")
            for where, texts in sorted(harvest.sentences.items())
        ),
        ("Refusals asked for", float(len(harvest.refusals)), "refusals"),
        ("Sentences failing a check", float(wrong), "sentences"),
        ("Time to gather and check", time.perf_counter() - start, "s"),
    ]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the test's smaller sample")
    args = parser.parse_args()
    for label, value, unit in run(quick=args.quick):
        shown = f"{value:.1f}" if unit == "s" else f"{value:.0f}"
        print(f"{label}: {shown} {unit}")


if __name__ == "__main__":
    main()
