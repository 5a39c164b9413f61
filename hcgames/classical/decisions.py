"""Every rule the Classical Conquests rulebook leaves open, and what we chose.

The decisions are written in ``data/classical/decisions.json`` (the format every game
shares: topic, decision, source); a ``{name}`` in a decision is filled from the
numbers of ``data/classical/rules.json`` and the game's options, so the text and the
rules can never drift apart. :func:`decisions_text` prints them for a notebook.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from hcgames.classical.material import Material
from hcgames.core import RuleDecision
from hcgames.data import load_decisions

__all__ = ["decisions_text", "rule_decisions"]


def rule_decisions(m: Material, options: Mapping[str, Any] | None = None) -> list[RuleDecision]:
    """Every decision, labelled ``"rulebook"`` only where the book itself says it."""
    ours, book = m.ours, m.book
    low, high = ours["players_range"]
    numbers = {
        **{k: v for k, v in book.items() if isinstance(v, int)},
        **{k: v for k, v in ours.items() if isinstance(v, int)},
        "players_low": low,
        "players_high": high,
        "territories": len(m.territories),
        "land_territories": sum(1 for t in m.territories if t.land),
        "village_strength": ours["settlement_strength"]["village"],
        "city_strength": ours["settlement_strength"]["city"],
        "army_supply": ours["unit_supply"]["army"],
        "fleet_supply": ours["unit_supply"]["fleet"],
        **dict(options or {}),
    }
    return load_decisions("classical", numbers)


def decisions_text(decisions: list[RuleDecision], width: int = 88) -> str:
    """Every decision as readable text: numbered, with its source, wrapped to ``width``."""
    lines = []
    for n, d in enumerate(decisions, 1):
        label = "from the rulebook" if d.source == "rulebook" else "our choice"
        lines.append(
            textwrap.fill(
                f"{n:>2}. {d.topic} ({label}): {d.decision}",
                width=width,
                subsequent_indent="    ",
            )
        )
    ours = sum(1 for d in decisions if d.source != "rulebook")
    lines.append(
        f"{len(decisions)} decisions: {ours} ours, {len(decisions) - ours} from the rulebook."
    )
    return "\n".join(lines)
