"""Exact dice distributions with :class:`fractions.Fraction`.

These are the building blocks for the battle odds each game teaches: the chance
that one total beats another, the spread of a sum of dice, and the like. Nothing
here samples; use :mod:`hcgames.play` for that.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import TypeVar

__all__ = [
    "Distribution",
    "combine",
    "dice_sum",
    "die",
    "map_outcomes",
    "probability",
    "rolls",
]

K = TypeVar("K", bound=Hashable)
Distribution = dict  # outcome -> Fraction, probabilities sum to 1


def die(sides: int) -> dict[int, Fraction]:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one face, not {sides}")
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def rolls(sides: int, count: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every ordered roll of ``count`` dice of ``sides`` faces, each equally likely."""
    p = Fraction(1, sides**count)
    return [(faces, p) for faces in itertools.product(range(1, sides + 1), repeat=count)]


def dice_sum(sides: int, count: int) -> dict[int, Fraction]:
    """Distribution of the sum of ``count`` dice."""
    return map_outcomes(dict(rolls(sides, count)), sum)


def map_outcomes(dist: Mapping[K, Fraction], fn: Callable[[K], object]) -> dict:
    """Push a distribution through ``fn``, merging outcomes that map together."""
    out: dict[object, Fraction] = {}
    for outcome, p in dist.items():
        key = fn(outcome)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def combine(first: Mapping, second: Mapping, fn: Callable[[object, object], object]) -> dict:
    """Distribution of ``fn(a, b)`` for independent ``a`` and ``b``."""
    out: dict[object, Fraction] = {}
    for a, pa in first.items():
        for b, pb in second.items():
            key = fn(a, b)
            out[key] = out.get(key, Fraction(0)) + pa * pb
    return out


def probability(dist: Mapping, predicate: Callable[[object], bool]) -> Fraction:
    """Total probability of the outcomes for which ``predicate`` holds."""
    return sum((p for o, p in dist.items() if predicate(o)), Fraction(0))


def check_distribution(outcomes: Iterable[tuple[object, Fraction]]) -> None:
    """Raise ``ValueError`` unless the probabilities are Fractions summing to 1."""
    total = Fraction(0)
    for outcome, p in outcomes:
        if not isinstance(p, Fraction) or p < 0:
            raise ValueError(f"probability of {outcome} is {p!r}, not a Fraction >= 0")
        total += p
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")
