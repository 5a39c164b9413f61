"""The rules we had to decide, with where each comes from.

``source`` is ``"rulebook"`` only where the rulebook itself says so (its rules or
its questions and answers); every reading, inference or choice of ours is
``"ours"``. Several of our choices were agreed by the project team in its notes on
what the rulebooks leave open; they are still ours, not the book's. The list lives in
``data/historical/decisions.json`` (the format every game shares), its numbers filled
from ``rules.json``; :func:`decisions_text` prints it as plain text for a notebook.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from hcgames.core import RuleDecision
from hcgames.data import load_decisions
from hcgames.historical.material import RULES

__all__ = ["decisions_text", "rule_decisions"]

_SOURCE_WORDS = {"rulebook": "the rulebook says so", "ours": "our decision"}


def rule_decisions() -> list[RuleDecision]:
    """Every rule the rulebook leaves open (and the ones it settles), in order."""
    return load_decisions("historical", RULES.as_dict())


def decisions_text(decisions: Iterable[RuleDecision] | None = None, width: int = 88) -> str:
    """The complete list of decisions as numbered, wrapped plain text."""
    items = list(rule_decisions() if decisions is None else decisions)
    lines = [
        f"{len(items)} rules the program had to settle "
        f"({sum(d.source == 'rulebook' for d in items)} from the rulebook, "
        f"{sum(d.source != 'rulebook' for d in items)} our own decisions):",
        "",
    ]
    for number, decision in enumerate(items, 1):
        source = _SOURCE_WORDS.get(decision.source, decision.source)
        head = f"{number:>2}. {decision.topic} ({source}): "
        lines.append(textwrap.fill(head + decision.decision, width=width, subsequent_indent="    "))
    return "\n".join(lines)
