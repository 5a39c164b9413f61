"""The rules we decided for CONQUEST (1972): ``data/conquest/decisions.json``.

Every point the 1972 rulebook leaves open, and what this package does. ``source`` is
``"rulebook"`` only where the book itself says it; every reading, inference or
choice of ours (including the team's decisions in its design notes) is ``"ours"``.
A number the rules read from ``data/conquest/rules.json`` is written there once and
filled into the decision texts (``{moves_per_turn}``, ``{capitol_penalty}`` ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from hcgames.conquest.material import load_rules
from hcgames.core import RuleDecision
from hcgames.data import load_decisions

__all__ = ["rule_decisions"]


def rule_decisions(options: Mapping[str, Any] | None = None) -> list[RuleDecision]:
    """Every point the 1972 rulebook leaves open, and what this package does."""
    numbers = {k: v for k, v in asdict(load_rules()).items() if k != "kinds"}
    return load_decisions("conquest", {**numbers, **(options or {})})
