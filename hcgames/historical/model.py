"""One card: the :class:`Card` record, what follows from its printed facts, and filters.

A :class:`Card` keeps the printed facts of a card, its traits, its abilities as
effects (see :mod:`hcgames.historical.vocabulary`) and its history plate. Its
properties answer the questions the rules keep asking (is it an explorer, how does
it travel, how much extra room does it give). :func:`matches` tests a card against a
filter from the data, and :func:`card_name` turns a card key back into a name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hcgames.historical.vocabulary import LEADER_SUBTYPES
from hcgames.historical.wording import describe_effect

__all__ = ["Card", "card_name", "matches", "plate_span", "remember_names"]


@dataclass(frozen=True)
class Card:
    """One card as printed (plus our effect encoding and a history plate)."""

    id: str
    name: str
    category: str
    subtype: str
    years: str
    year_from: int | None
    year_to: int | None
    era: str
    continent: str
    coastal: bool
    attack: int
    defence: int
    usage: str
    frequency: str
    traits: Mapping[str, str]
    tags: tuple[str, ...]
    interrupt: bool
    effects: tuple[Mapping[str, Any], ...]
    plate: str = ""
    plate_years: str = ""
    #: first and last year of the history plate's years (checked history; timelines
    #: use these, not the printed card years, some of which are misprinted)
    plate_from: int | None = None
    plate_to: int | None = None
    #: a calm note of historical context for the teacher (hard subjects: slavery,
    #: witch hunts, the atomic bomb); shown with the plate and in the game log
    context: str = ""
    #: lands: degrees north of the land's capital (or centre); the book lets the
    #: player whose top land lies farthest north go first
    latitude: float | None = None
    #: for choice cards: one effect list per option; else a single list
    variants: tuple[tuple[Mapping[str, Any], ...], ...] = field(default=())

    @property
    def is_unit(self) -> bool:
        """Characters (explorers included) and armies stand in land columns."""
        return self.category in ("character", "army")

    @property
    def is_explorer(self) -> bool:
        return self.subtype.startswith("explorer")

    @property
    def is_leader(self) -> bool:
        return self.subtype in LEADER_SUBTYPES

    @property
    def kind(self) -> str:
        """The card's kind in words, for people to read ("sea explorer", "spiritual
        leader", "pirate (outlaw)"), never the data's code ("explorer-sea")."""
        if not self.subtype:
            return self.category
        head, _, tail = self.subtype.partition("-")
        head, tail = head.replace("_", " "), tail.replace("_", " and ")
        if not tail:
            return head
        if head == "explorer":
            return f"{'air' if tail == 'flight' else tail} explorer"
        if head == "outlaw":
            return f"{tail} (outlaw)"
        return f"{head} and {tail}"

    @property
    def travel(self) -> frozenset[str]:
        """How an explorer travels: land, sea, air or space."""
        if not self.is_explorer:
            return frozenset()
        mode = self.subtype.split("-", 1)[1] if "-" in self.subtype else "land"
        if mode == "flight":
            mode = "air"
        return frozenset(mode.split("_"))

    @cached_property
    def room(self) -> int:
        """Extra cards the land this card stands on (or heads) may hold."""
        return sum(int(e["extra"]) for e in self.variants[0] if e["kind"] == "capacity")

    @cached_property
    def bans(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(e for e in self.variants[0] if e["kind"] == "ban_placement")

    @cached_property
    def coastal_only(self) -> bool:
        return any(e["kind"] == "coastal_only" for e in self.variants[0])

    @cached_property
    def held(self) -> bool:
        """Has any option of this card an ability used when its player chooses?"""
        return any(e["when"] == "hold" for variant in self.variants for e in variant)

    @cached_property
    def plants(self) -> bool:
        return any(e["kind"] == "plant" for e in self.variants[0])

    def has_kind(self, kind: str) -> bool:
        return any(e["kind"] == kind for variant in self.variants for e in variant)

    @property
    def full_plate(self) -> str:
        """The history plate, followed by the teacher's note where the card has one."""
        return f"{self.plate}\n\n{self.context}" if self.context else self.plate

    def ability_text(self) -> str:
        """The ability in our own words, generated from the effect list."""
        if not self.effects:
            return "No ability."
        return " ".join(describe_effect(e) for e in self.effects)


#: card id -> printed name, filled in when a catalogue is built
_NAMES: dict[str, str] = {}


def remember_names(cards: Mapping[str, Card]) -> None:
    """Note the printed name of every card so :func:`card_name` can find it."""
    _NAMES.update({cid: card.name for cid, card in cards.items()})


def card_name(key: str) -> str:
    """The printed name of a card id or card key (``"MU2001/0"``)."""
    card_id = key.split("/", 1)[0]
    return _NAMES.get(card_id, card_id)


def matches(card: Card, match: Mapping[str, Any]) -> bool:
    """Does ``card`` fit the filter ``match``? Every listed key must hold."""
    for key, want in match.items():
        if key == "any":
            if not any(matches(card, sub) for sub in want):
                return False
        elif key == "category":
            if card.category not in want:
                return False
        elif key == "subtype":
            if card.subtype not in want:
                return False
        elif key == "subtype_prefix":
            if not card.subtype.startswith(want):
                return False
        elif key == "leader":
            if card.is_leader != bool(want):
                return False
        elif key in ("nationality", "ethnicity", "religion"):
            value = card.traits.get(key, "").lower()
            if not any(w.lower() in value for w in want):
                return False
        elif key == "gender":
            if want not in card.traits.get("gender", "").split("/"):
                return False
        elif key == "tag":
            if not set(want) & set(card.tags):
                return False
        elif key == "era":
            if not any(w.lower() in card.era.lower() for w in want):
                return False
        elif key == "name":
            if card.name not in want:
                return False
        elif key == "attack_max" and (not card.is_unit or card.attack > want):
            return False
    return True


_YEAR = re.compile(r"(\d+)(st|nd|rd|th)?")


def plate_span(years: str) -> tuple[int | None, int | None]:
    """First and last year named in a plate's years (``"reigned 605-562 BC"``).

    Years before Christ are negative; a part without its own era takes BC from a
    later part (``"605-562 BC"``) and is AD after a BC part (``"63 BC-14"``). A
    century counts from its first year. An open end ("ancient times-1879", "until
    1886", "died 1719", "1700s-present") gives ``None`` on that side.
    """
    parts = [p for p in re.split(r"[-\u2013;]| or ", years) if p.strip()]
    values: list[tuple[int, str] | None] = []
    for part in parts:
        found = _YEAR.search(part)
        if found is None:
            values.append(None)
            continue
        number = int(found.group(1))
        if found.group(2) and "centur" in years:
            number = (number - 1) * 100 if "BC" not in part else number * 100
        era = "BC" if "BC" in part else "AD" if "AD" in part else ""
        values.append((number, era))
    known = [v for v in values if v is not None]
    if not known:
        return None, None
    resolved: list[int] = []
    for index, (number, era) in enumerate(known):
        if not era:
            later = [e for _n, e in known[index + 1 :] if e]
            earlier = [e for _n, e in known[:index] if e]
            era = "BC" if later and later[0] == "BC" and not earlier else "AD"
        resolved.append(-number if era == "BC" else number)
    start: int | None = min(resolved)
    end: int | None = max(resolved)
    if values[0] is None or re.match(r"\s*(until|died)\b", years):
        start = None
    if values[-1] is None:
        end = None
    return start, end
