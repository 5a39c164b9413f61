"""The rules we decided for Conqueror: Duels (data/conqueror/decisions.json)."""

from __future__ import annotations

import hcgames


# --- rule decisions are labelled honestly ------------------------------------------------
def test_rule_decisions_are_labelled_rulebook_or_ours() -> None:
    decisions = hcgames.load("conqueror-duels").rule_decisions()
    assert {d.source for d in decisions} == {"rulebook", "ours"}
    source = {d.topic: d.source for d in decisions}
    assert len(source) == len(decisions)  # topics are unique
    # stated in the booklet
    stated = ("Enemy capital prize", "Victor's casualty", "Too many units to feed", "Defence bonus")
    for topic in stated:
        assert source[topic] == "rulebook", topic
    # our choices where the booklet is silent
    for topic in ("Ties", "Casualties of war", "Unit limit", "Standard victory", "Wiped out"):
        assert source[topic] == "ours", topic
