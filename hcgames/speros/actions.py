"""Every action (and chance outcome) of Conquest of Speros.

Each is a small frozen dataclass with a sentence for ``str()``. Cards are stored by
their id (``"F07"`` a Forest Location, ``"A03"`` an Artifact); the sentence gives the
card's name alone, as the event log does ("Sunspeckle Meadow"): a student picking an
action reads names, not ids, and no two cards share a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hcgames.core import Action
from hcgames.speros.material import load_card_set

__all__ = [
    "Accept",
    "Attack",
    "ChooseBonus",
    "ChoosePeople",
    "Deploy",
    "Discard",
    "DrawCard",
    "EndAbilities",
    "Exile",
    "Explore",
    "FirstPlacement",
    "Fortify",
    "Lead",
    "LimitDiscard",
    "Move",
    "Obliterate",
    "Plan",
    "PlayFromHand",
    "Raze",
    "Recall",
    "Stop",
    "UseAbility",
]


@cache
def _card_names() -> dict[str, str]:
    cs = load_card_set()
    names = {c.id: c.name for c in (*cs.locations, *cs.artifacts)}
    names.update({o.id: o.name for o in (*cs.bonus, *cs.mastery)})
    return names


def _people_words(terrain: object) -> str:
    """' (the Lathwood Elves, green)' for a terrain of the shipped set, else ''."""
    for people in load_card_set().peoples:
        if people.terrain == terrain:
            return f" ({people.people}, {people.colour})"
    return ""


def card_label(card_id: object) -> str:
    """A card (or objective) as a sentence names it: ``"Sunspeckle Meadow"`` (card names
    are unique, so no id is shown); a card that does not exist is "an unknown card"."""
    name = _card_names().get(card_id) if isinstance(card_id, str) else None
    return name or "an unknown card"


@dataclass(frozen=True)
class ChoosePeople(Action):
    """Setup: take the colour, people and General of a terrain."""

    terrain: str

    def __str__(self) -> str:
        return f"choose the {self.terrain} people{_people_words(self.terrain)}"


@dataclass(frozen=True)
class FirstPlacement(Action):
    """Setup: secretly pick the hand card that opens the Skirmish Area."""

    card: str

    def __str__(self) -> str:
        return f"secretly put {card_label(self.card)} forward for the Skirmish Area"


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance outcome: the Location drawn from the deck."""

    card: str

    def __str__(self) -> str:
        return f"draw {card_label(self.card)}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard step: throw a hand card on the discard pile."""

    card: str

    def __str__(self) -> str:
        return f"discard {card_label(self.card)}"


@dataclass(frozen=True)
class UseAbility(Action):
    """Ability step: use the discarded card's ability, the General's or an Artifact's."""

    source: str  # "discard", "general" or "artifact"
    card: str
    index: int = 0

    def __str__(self) -> str:
        if self.source == "general":
            return f"use the General's ability {self.index + 1} (see your Base Camp)"
        if self.source == "artifact":
            return f"use the reusable ability of {card_label(self.card)}"
        return f"use the discard ability of {card_label(self.card)}"


@dataclass(frozen=True)
class EndAbilities(Action):
    def __str__(self) -> str:
        return "end the ability step"


@dataclass(frozen=True)
class Explore(Action):
    card: str

    def __str__(self) -> str:
        return f"Explore: put {card_label(self.card)} in the Skirmish Area"


@dataclass(frozen=True)
class Attack(Action):
    card: str

    def __str__(self) -> str:
        return f"Attack: deploy a Minion to {card_label(self.card)}"


@dataclass(frozen=True)
class Lead(Action):
    card: str
    with_minion: bool

    def __str__(self) -> str:
        extra = " and a Minion" if self.with_minion else ""
        return f"Lead: deploy the General{extra} to {card_label(self.card)}"


@dataclass(frozen=True)
class Plan(Action):
    def __str__(self) -> str:
        return "Plan: draw cards"


@dataclass(frozen=True)
class Deploy(Action):
    """Ability target: deploy one Minion from the Base Camp to a Skirmish Area card."""

    card: str

    def __str__(self) -> str:
        return f"deploy a Minion to {card_label(self.card)}"


@dataclass(frozen=True)
class Exile(Action):
    card: str
    player: int

    def __str__(self) -> str:
        return f"exile a Minion of Player {self.player + 1} from {card_label(self.card)}"


@dataclass(frozen=True)
class Obliterate(Action):
    card: str
    player: int
    general: bool

    def __str__(self) -> str:
        unit = "the General" if self.general else "a Minion"
        return f"obliterate {unit} of Player {self.player + 1} on {card_label(self.card)}"


@dataclass(frozen=True)
class Move(Action):
    from_: str
    to: str

    def __str__(self) -> str:
        return f"move a Minion from {card_label(self.from_)} to {card_label(self.to)}"


@dataclass(frozen=True)
class Recall(Action):
    card: str

    def __str__(self) -> str:
        return f"bring a Minion home from {card_label(self.card)}"


@dataclass(frozen=True)
class PlayFromHand(Action):
    card: str

    def __str__(self) -> str:
        return f"lay {card_label(self.card)} in the Skirmish Area"


@dataclass(frozen=True)
class Raze(Action):
    card: str

    def __str__(self) -> str:
        return f"raze {card_label(self.card)}"


@dataclass(frozen=True)
class Fortify(Action):
    card: str

    def __str__(self) -> str:
        return f"fortify {card_label(self.card)} with a Minion"


@dataclass(frozen=True)
class Accept(Action):
    """Take up an offered Excavate or one-time Capture ability."""

    what: str  # "excavate" or "capture"
    card: str

    def __str__(self) -> str:
        return f"take the {self.what} ability of {card_label(self.card)}"


@dataclass(frozen=True)
class Stop(Action):
    """Decline an offered ability, or stop using the rest of one."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class LimitDiscard(Action):
    """End of turn: discard down to the hand limit."""

    card: str

    def __str__(self) -> str:
        return f"discard {card_label(self.card)} to keep within the hand limit"


@dataclass(frozen=True)
class ChooseBonus(Action):
    """Scoring: reveal the one Bonus Objective that counts."""

    objective: str

    def __str__(self) -> str:
        return f"score bonus objective {card_label(self.objective)}"
