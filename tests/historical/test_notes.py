"""Which Historical cards carry a note of context for the teacher: one written rule, applied
to every card of the decks the app uses (issue 37).

The rule (ours; docs/teachers/card-notes.md and lesson 50 say it in words). A card carries a
note when at least one of these holds, and its plate lists each that does ("note_rule"):

- "beliefs": its ability picks out cards by religion, ethnicity or nationality, or by
  spiritual leaders (popes among them): the game setting one faith or people against another;
- "war": it is an army (every army card is real people who fought and died);
- "harm": it stands for mass killing, persecution, racism, enslavement, execution or a
  disaster caused by people in the last five hundred years, or for a person of any age known
  above all for such cruelty;
- "settlers": it is a land whose years or ability begin its story with the arrival of
  European settlers or conquerors in a land where other peoples already lived;
- "dates": its years or its title could mislead a class (a people dated as if it had ended,
  one name for many peoples, a legend shown as an army, a job the person never had).

"beliefs" and "war" are read from the card data, so a new card cannot miss them; the other
three are a historian's judgement, recorded card by card in the plates.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hcgames.data import read_json
from hcgames.historical import load_catalogue

CLAUSES = ("beliefs", "war", "harm", "settlers", "dates")
PREFIX = "A note for the teacher: "
CATALOGUE = load_catalogue()
DECK_CARDS = sorted({cid for ids in CATALOGUE.decks.values() for cid in ids})
RAW = {card["id"]: card for card in read_json("historical", "cards.json")["cards"]}
PLATES: dict[str, dict[str, Any]] = read_json("historical", "plates.json")


def _walk(value: Any) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.append((key, inner))
            found += _walk(inner)
    elif isinstance(value, list):
        for inner in value:
            found += _walk(inner)
    return found


def sets_people_apart(cid: str) -> bool:
    """Whether a card's ability picks out cards by faith, ethnicity, nation or spiritual leader."""
    pairs = _walk(RAW[cid]["effects"])
    if {key for key, _ in pairs} & {"religion", "ethnicity", "nationality"}:
        return True
    named = json.dumps([value for key, value in pairs if key in ("subtype", "name")]).lower()
    return "spiritual_leader" in named or "pope" in named


def clauses(cid: str) -> list[str]:
    return list(PLATES[cid].get("note_rule", []))


@pytest.mark.parametrize("cid", DECK_CARDS)
def test_a_card_carries_a_note_exactly_when_the_rule_says(cid: str) -> None:
    card = CATALOGUE.cards[cid]
    said = clauses(cid)
    assert set(said) <= set(CLAUSES), f"{card.name}: unknown clause in {said}"
    if sets_people_apart(cid):
        assert "beliefs" in said, f"{card.name}: its ability sets people apart, no note"
    if card.category == "army":
        assert "war" in said, f"{card.name}: an army card without a note"
    if said:
        assert card.context.startswith(PREFIX), f"{card.name}: {said} but no note of context"
        assert len(card.context) > len(PREFIX) + 60, f"{card.name}: the note says too little"
    else:
        assert not card.context, f"{card.name}: a note that no clause of the rule asks for"


@pytest.mark.parametrize(
    "name, clause",
    [
        ("The Knights Templar", "beliefs"),
        ("Janissary", "beliefs"),
        ("Libya", "beliefs"),
        ("Israel", "beliefs"),
        ("Mao Zedong", "harm"),
        ("Vlad III, Prince of Wallachia", "harm"),
        ("Chernobyl", "harm"),
        ("Invention of the Atomic Bomb", "harm"),
        ("Adolf Hitler", "harm"),
        ("African Tribal Warriors", "dates"),
        ("Spanish Conquistadors", "war"),
        ("Electric Chair", "harm"),
        ("Donner Party", "harm"),
        ("Nicaragua Contras", "war"),
        ("Australia", "settlers"),
        ("New Zealand", "settlers"),
        ("Rocky Mountains", "settlers"),
        ("Apache", "dates"),
        ("Cherokee Warriors", "dates"),
    ],
)
def test_the_cards_the_audit_named_carry_their_note(name: str, clause: str) -> None:
    (cid,) = [cid for cid in DECK_CARDS if CATALOGUE.cards[cid].name == name]
    assert clause in clauses(cid), f"{name}: not marked {clause!r}"
    assert CATALOGUE.cards[cid].context.startswith(PREFIX)


def test_the_notes_answer_what_the_audit_found_missing() -> None:
    def note(name: str) -> str:
        return next(c.context for c in CATALOGUE.cards.values() if c.name == name)

    assert "live on today" in note("Apache") and "live on today" in note("Cherokee Warriors")
    assert "not only a help to the conquerors" in note("Spanish Conquistadors")
    assert "whole continent" in note("African Tribal Warriors")
    assert "50,000 years" in note("Australia") and "Māori" in note("New Zealand")


def test_lesson_50_states_the_rule_it_keeps() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / "50-historical-cards.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    text = " ".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )
    for words in ("every army", "religion", "settlers", "could mislead"):
        assert words in " ".join(text.split()), f"lesson 50 does not state the rule: {words!r}"
