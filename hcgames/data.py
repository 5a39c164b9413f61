"""Finding and checking the game data shipped with the package.

Data files live in ``data/<game>/`` of the source tree and in ``hcgames/_data/``
of an installed wheel. Loaders collect every problem they find and raise one
:class:`~hcgames.core.DataError` listing them all, so a broken file is fixed in
one pass.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from hcgames.core import DataError, RuleDecision

__all__ = [
    "DECISION_SOURCES",
    "Problems",
    "data_dir",
    "data_path",
    "load_decisions",
    "read_csv",
    "read_json",
    "ring_is_clockwise",
]

#: where a rule decision comes from: the rulebook says it, or we chose or inferred it
DECISION_SOURCES = ("rulebook", "ours")


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


def load_decisions(folder: str, numbers: Mapping[str, Any] | None = None) -> list[RuleDecision]:
    """The rule decisions of one game, read from ``data/<folder>/decisions.json``.

    Every game keeps its decisions in this one format: a JSON list of objects with
    ``topic``, ``decision`` and ``source`` (``"rulebook"`` or ``"ours"``), and an
    optional ``when`` naming the game options it applies to (for example
    ``{"scenario": "gallic-wars"}``; entries whose ``when`` does not match ``numbers``
    are left out). A ``{name}`` in a decision is filled from ``numbers``, so a number
    the rules read from ``rules.json`` is written once. Every problem is reported at
    once as a :class:`~hcgames.core.DataError`.
    """
    source = f"data/{folder}/decisions.json"
    raw = read_json(folder, "decisions.json")
    values = dict(numbers or {})
    problems = Problems(source)
    out: list[RuleDecision] = []
    if not isinstance(raw, list):
        problems.add("the file must hold a JSON list of decisions")
        problems.raise_if_any()
    for index, entry in enumerate(raw):
        where = f"entry {index + 1}"
        if not isinstance(entry, dict):
            problems.add(f"{where}: must be an object with topic, decision and source")
            continue
        unknown = set(entry) - {"topic", "decision", "source", "when"}
        if unknown:
            problems.add(f"{where}: unknown fields {', '.join(sorted(unknown))}")
        topic, text, origin = entry.get("topic"), entry.get("decision"), entry.get("source")
        if not isinstance(topic, str) or not topic.strip():
            problems.add(f"{where}: 'topic' must be a non-empty string")
            continue
        where = f"{where} ({topic})"
        if not isinstance(text, str) or not text.strip():
            problems.add(f"{where}: 'decision' must be a non-empty string")
            continue
        if origin not in DECISION_SOURCES:
            problems.add(f"{where}: 'source' must be one of {', '.join(DECISION_SOURCES)}")
            continue
        when = entry.get("when", {})
        if not isinstance(when, dict):
            problems.add(f"{where}: 'when' must be an object of option values")
            continue
        if any(values.get(key) != value for key, value in when.items()):
            continue
        try:
            filled = text.format_map(values)
        except (KeyError, IndexError, ValueError) as exc:
            problems.add(f"{where}: cannot fill {exc} in the decision from the rules' numbers")
            continue
        out.append(RuleDecision(topic=topic, decision=filled, source=origin))
    problems.raise_if_any()
    return out


def ring_is_clockwise(ring: list[list[float]]) -> bool:
    """True if a (lon, lat) ring runs clockwise, as d3-geo and bqplot want.

    Uses the shoelace sum over the ring with x = longitude, y = latitude.
    """
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += (x2 - x1) * (y2 + y1)
    return total > 0
