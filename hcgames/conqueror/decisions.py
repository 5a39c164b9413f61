"""The rules the Duels booklet leaves open, and what we decided.

The list lives in ``data/conqueror/decisions.json`` in the format every game shares
(:func:`hcgames.data.load_decisions`). A number a decision quotes is written there as
``{name}`` and filled from ``rules.json`` (and the rally of scenario 4), so it is
written once.
"""

from __future__ import annotations

from typing import Any

from hcgames.conqueror.material import Material
from hcgames.core import RuleDecision
from hcgames.data import load_decisions

__all__ = ["decision_numbers", "rule_decisions"]


def decision_numbers(material: Material, options: dict[str, Any]) -> dict[str, Any]:
    """The numbers a decision may quote: rules.json, scenario 4's rally, the options."""
    rules = material.rules
    rally = next((s.rally for s in material.scenarios.values() if s.rally), None) or {}
    numbers: dict[str, Any] = {
        "victor_casualty_roll": rules["victor_casualty_roll"],
        "victor_casualties": rules["victor_casualties"],
        "gold_per_win": rules["gold_per_win"],
        "unit_cap_base": rules["unit_cap"]["base"],
        "unit_cap_per_food": rules["unit_cap"]["per_food"],
        "die_sides": rules["die_sides"],
    }
    numbers.update({f"rally_{key}": value for key, value in rally.items()})
    numbers.update(options)
    return numbers


def rule_decisions(material: Material, options: dict[str, Any]) -> list[RuleDecision]:
    """Every decision, in the order of decisions.json (the same for every scenario)."""
    return load_decisions("conqueror", decision_numbers(material, options))
