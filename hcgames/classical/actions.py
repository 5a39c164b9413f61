"""Actions and chance outcomes of Classical Conquests.

Every field is a plain ``str`` or ``int`` so that actions print, compare and travel
through saved games unchanged. Territory fields hold territory ids of the map
(``"latium"``); unit kinds are ``"army"`` and ``"fleet"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hcgames.classical.material import load_material
from hcgames.classical.words import with_article
from hcgames.core import Action


def _name(territory: str) -> str:
    """The territory's name as a reader sees it ("Lower Egypt" for ``aegyptus_inferior``).

    Only the printed sentence uses the name; the field keeps the id.
    """
    material = load_material()
    index = material.index.get(territory)
    return material.territories[index].name if index is not None else territory


__all__ = [
    "BattleDie",
    "BuildMonument",
    "BuyResearchRoll",
    "EndPhase",
    "Move",
    "Pay",
    "PayRest",
    "PlaceCity",
    "Recruit",
    "ResearchDie",
    "ResourceRoll",
    "Settle",
    "Starve",
    "UpgradeVillage",
]


@dataclass(frozen=True)
class PlaceCity(Action):
    """Set-up: found your first city in a land territory."""

    territory: str

    def __str__(self) -> str:
        return f"found the first city in {_name(self.territory)}"


@dataclass(frozen=True)
class EndPhase(Action):
    """Finish the named phase (every phase has one; some phases offer nothing else)."""

    phase: str

    def __str__(self) -> str:
        return f"end the {self.phase} phase"


@dataclass(frozen=True)
class Starve(Action):
    """Upkeep, when food runs short: leave this army, fleet or city unfed."""

    kind: str  # "army", "fleet" or "city"
    territory: str

    def __str__(self) -> str:
        return f"leave the {self.kind} in {_name(self.territory)} unfed"


@dataclass(frozen=True)
class BuildMonument(Action):
    territory: str

    def __str__(self) -> str:
        return f"build a monument in {_name(self.territory)}"


@dataclass(frozen=True)
class UpgradeVillage(Action):
    territory: str

    def __str__(self) -> str:
        return f"turn the village in {_name(self.territory)} into a city"


@dataclass(frozen=True)
class Settle(Action):
    territory: str

    def __str__(self) -> str:
        return f"place a village in {_name(self.territory)}"


@dataclass(frozen=True)
class Move(Action):
    """Move one army or fleet that has not moved this turn."""

    kind: str
    from_: str
    to: str

    def __str__(self) -> str:
        return (
            f"move an {self.kind} from {_name(self.from_)} to {_name(self.to)}"
            if self.kind == "army"
            else f"move a {self.kind} from {_name(self.from_)} to {_name(self.to)}"
        )


@dataclass(frozen=True)
class Recruit(Action):
    kind: str
    territory: str

    def __str__(self) -> str:
        return f"recruit {with_article(self.kind)} in {_name(self.territory)}"


@dataclass(frozen=True)
class BuyResearchRoll(Action):
    """Research: pay for one more roll (the price rises by one each time)."""

    def __str__(self) -> str:
        return "pay for another research roll"


@dataclass(frozen=True)
class Pay(Action):
    """During a payment: pay the next part of the cost with one resource of this kind.

    ``resource`` is one of food, luxury, wood, iron, stone or gold (gold also stands
    for trade).
    """

    resource: str

    def __str__(self) -> str:
        return f"pay 1 {self.resource}"


@dataclass(frozen=True)
class PayRest(Action):
    """During a payment: pay everything still due the suggested way (named kind first,
    gold last)."""

    def __str__(self) -> str:
        return "pay the rest the suggested way"


# --- chance outcomes ------------------------------------------------------------


@dataclass(frozen=True)
class ResourceRoll(Action):
    """Set-up: the die rolled on the land (d8) or sea (d6) table for one territory."""

    territory: str
    face: int

    def __str__(self) -> str:
        return f"{_name(self.territory)} rolls {self.face} on its resource table"


@dataclass(frozen=True)
class BattleDie(Action):
    """One side's d8 in a round of battle."""

    side: str  # "attacker" or "defender"
    face: int

    def __str__(self) -> str:
        return f"the {self.side} rolls {self.face}"


@dataclass(frozen=True)
class ResearchDie(Action):
    """One roll on the d12 research table."""

    face: int

    def __str__(self) -> str:
        return f"the research die shows {self.face}"
