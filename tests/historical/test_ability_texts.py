"""Historical Conquest: the ability text a student reads is made from the very effect
records the rules carry out, for every card of every deck the app uses.

Two checks make the text and the rules unable to disagree: the sentence maker reads
every field the card's data sets (a field it ignored would be a rule the text leaves
out), and every number the rules use shows in the text (a amount, a second amount, a
span of turns, a count of uses, a factor). Where the printed card says more or less than
we do, the card carries one plain line that the views show.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any, cast

import pytest

from hcgames.historical.cards import Card, Effect, describe_effect
from hcgames.historical.material import load_catalogue
from hcgames.historical.teach import arrange, card_label, key
from hcgames.historical.views import card_view
from tests.historical.conftest import game

CATALOGUE = load_catalogue()
DECK_CARDS = sorted({cid for ids in CATALOGUE.decks.values() for cid in ids})
#: fields every effect has that say how it is used, not what it does
_BOOKKEEPING = {"kind", "when", "options"}


class _Reader:
    """An effect that notes which of its fields are read."""

    def __init__(self, effect: Effect) -> None:
        self._effect = effect
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._effect, name)


def _set_fields(effect: Effect) -> set[str]:
    """The fields the card data gives a value other than the default."""
    out = set()
    for item in fields(effect):
        default = item.default_factory() if callable(item.default_factory) else item.default
        if getattr(effect, item.name) != default:
            out.add(item.name)
    return out - _BOOKKEEPING


def _effects(card: Card) -> list[Effect]:
    out = []
    for effect in card.effects:
        out.append(effect)
        for option in effect.options:
            out.extend(option)
    return out


def _numbers(effect: Effect) -> list[str]:
    """The numbers the rules take from the effect, as the text must say them."""
    said = []
    if effect.amount:
        said.append(f"{effect.amount:+d}")
    if effect.alt is not None:
        said.append(f"{effect.alt.amount:+d}")
    if effect.base:
        said.append(f"{effect.base:+d}")
    for name in ("value", "extra", "below", "stop_at"):
        value = getattr(effect, name)
        if value:
            said.append(str(value))
    if effect.morale:
        said.append(f"{effect.morale:+d}")
    if effect.strength:
        said.append(f"{effect.strength:+d}")
    if effect.rounds:
        said.append(f"{effect.rounds} round")
    if effect.kind == "multiply":
        said.append({2: "double", 0.5: "half"}[effect.factor])
    uses = effect.uses or 1
    if uses > 1:
        said.append(f"({uses}|{ {2: 'wice'}.get(uses, str(uses)) })")  # "2", "Twice"...
    spans = {1: "your next turn", 2: "second turn", 3: "third turn"}
    for turns in (effect.turns, effect.lock_turns):
        if turns and effect.kind != "expires":
            said.append(spans[turns])
    if effect.kind == "expires":
        said.append(f"{effect.turns} turns")
    return said


@pytest.mark.parametrize("card_id", DECK_CARDS)
def test_ability_text_says_every_field(card_id: str) -> None:
    card = CATALOGUE.cards[card_id]
    for effect in _effects(card):
        reader = _Reader(effect)
        text = describe_effect(cast(Effect, reader))
        unsaid = _set_fields(effect) - reader.read
        assert not unsaid, f"{card.name}: the text leaves out {sorted(unsaid)}: {text}"
        for number in _numbers(effect):
            found = re.search(number, text) if number.startswith("(") else number in text
            assert found, f"{card.name}: {number!r} is missing from {text!r}"


def test_every_effect_of_the_decks_is_checked() -> None:
    """The walk above covers every effect kind the decks use (a new kind is walked too)."""
    kinds = {e.kind for cid in DECK_CARDS for e in _effects(CATALOGUE.cards[cid])}
    assert len(DECK_CARDS) == 204 and len(kinds) >= 30


@pytest.mark.parametrize("card_id", DECK_CARDS)
def test_ability_text_reads_as_plain_english(card_id: str) -> None:
    text = CATALOGUE.cards[card_id].ability_text()
    assert text[0].isupper() and text.endswith("."), text
    assert not re.search(r"\ba [aeiou]", text, re.I) or re.search(r"\ba (European|us)", text)
    assert not re.search(r"\ban [^aeiou\s]", text, re.I), text
    assert "  " not in text and " ." not in text and ".." not in text, text


def test_printed_differences_are_one_plain_line_on_the_card_views() -> None:
    noted = [cid for cid in DECK_CARDS if CATALOGUE.cards[cid].note]
    assert len(noted) >= 15
    for cid in noted:
        card = CATALOGUE.cards[cid]
        assert "\n" not in card.note and card.note[0].isupper() and card.note.endswith(".")
        assert not re.search(r"_|=|\bNone\b|\bTrue\b", card.note), card.note
        assert card_label(card)[3]["our reading"] == card.note
    state = arrange(game(), round_no=2, lands={0: [("CT4205", ["EX4203"])]})
    assert card_view(state, key("EX4203", 0))["note"] == CATALOGUE.cards["EX4203"].note
    assert "note" not in card_view(state, key("CT4205", 0))  # Quebec: nothing to add
