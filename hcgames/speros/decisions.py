"""Every rule of Conquest of Speros that the rulebook leaves open, and our choice.

The texts live in ``data/speros/decisions.json`` (the shared format read by
:func:`hcgames.data.load_decisions`). Each says where it comes from: ``"rulebook"``
only where the book itself states the rule; everything we inferred or chose is
``"ours"``. Figures about our card set are counted from the data files and filled
in as ``{name}``, never typed in, so the text cannot drift from the cards.
"""

from __future__ import annotations

from typing import Any

from hcgames.core import RuleDecision
from hcgames.data import load_decisions
from hcgames.speros.material import TERRAINS, CardSet, load_card_set, load_rules, load_tuning
from hcgames.words import join, with_article

__all__ = ["decision_lines", "rule_decisions"]


def _numbers(cs: CardSet) -> dict[str, Any]:
    """The figures the decisions quote: counted from the card set and the tune."""
    locations = cs.locations
    camps = [c.encampments for c in locations]
    vps = [c.vp for c in locations]
    tuning = load_tuning()
    rules = load_rules()
    bonus = {o.id: o for o in cs.bonus}
    return {
        "minions": rules.minions,
        "locations": len(locations),
        "locations_per_terrain": len(locations) // len(TERRAINS),
        "artifacts": len(cs.artifacts),
        "bonus": len(cs.bonus),
        "mastery": len(cs.mastery),
        "generals": len(cs.peoples),
        "general_abilities": rules.general_abilities,
        "camps_min": min(camps),
        "camps_max": max(camps),
        "camps_3_or_4": sum(1 for n in camps if n in (3, 4)),
        "two_resources": sum(1 for c in locations if len(c.resources) == 2),
        "vp_min": min(vps),
        "vp_max": max(vps),
        "with_ability": sum(1 for c in locations if c.ability is not None),
        "retuned_names": join(bonus[oid].name for oid in tuning.retuned),
        "min_score_rate": tuning.min_score_rate,
        "tuning_players": tuning.players,
        "tuning_strategies": join(with_article(s) for s in tuning.strategies),
        "sample_games": tuning.sample_games,
        "retuned_cards": "; ".join(
            f"{bonus[oid].name}: {bonus[oid].text.rstrip('.')}" for oid in tuning.retuned
        ),
    }


def rule_decisions(cs: CardSet) -> list[RuleDecision]:
    """The full list, in the order a reader meets the rules."""
    return load_decisions("speros", _numbers(cs))


def decision_lines(cs: CardSet | None = None) -> list[str]:
    """The same list as ``"topic: decision (source)"`` lines (default: the shipped set)."""
    decided = rule_decisions(cs or load_card_set())
    return [f"{d.topic}: {d.decision} ({d.source})" for d in decided]
