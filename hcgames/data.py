"""Finding and checking the game data shipped with the package.

Data files live in ``data/<game>/`` of the source tree and in ``hcgames/_data/``
of an installed wheel. Loaders collect every problem they find and raise one
:class:`~hcgames.core.DataError` listing them all, so a broken file is fixed in
one pass.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from hcgames.core import DataError

__all__ = ["Problems", "data_dir", "data_path", "read_csv", "read_json", "ring_is_clockwise"]


@cache
def data_dir() -> Path:
    """The folder holding every game's data (wheel or source checkout)."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_data", here.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise DataError("hcgames data", [f"no data folder next to {here}"])


def data_path(*parts: str) -> Path:
    return data_dir().joinpath(*parts)


def read_json(*parts: str) -> Any:
    path = data_path(*parts)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(str(path), ["file not found"]) from None
    except json.JSONDecodeError as exc:
        raise DataError(str(path), [f"not valid JSON: {exc}"]) from None


def read_csv(*parts: str) -> list[dict[str, str]]:
    path = data_path(*parts)
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle))
    except FileNotFoundError:
        raise DataError(str(path), ["file not found"]) from None


class Problems:
    """Collects problems while checking data; raise them all at once.

    >>> p = Problems("demo.json")
    >>> p.check(1 + 1 == 2, "arithmetic works")
    >>> p.raise_if_any()
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            self.items.append(message)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise DataError(self.source, self.items)

    @contextmanager
    def collecting(self) -> Iterator[Problems]:
        yield self
        self.raise_if_any()


def ring_is_clockwise(ring: list[list[float]]) -> bool:
    """True if a (lon, lat) ring runs clockwise, as d3-geo and bqplot want.

    Uses the shoelace sum over the ring with x = longitude, y = latitude.
    """
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += (x2 - x1) * (y2 + y1)
    return total > 0
