"""The actions of Conqueror: Duels, and the chance outcomes (dice, chronicle cards).

Every action is a small frozen value that prints as a sentence:

>>> print(Move(from_="Berber", to="Cyrene", cavalry=0, infantry=1))
move 1 infantry from Berber to Cyrene
>>> print(BattleRoll(attacker=3, defender=4))
dice: attacker 3, defender 4
"""

from __future__ import annotations

from dataclasses import dataclass

from hcgames.conqueror.material import load_material
from hcgames.core import Action


def _hero_name(hero: str) -> str:
    """The name printed on a hero card ("Hamilcar Barca"), or the id if it is unknown."""
    return next((h.name for h in load_material().heroes if h.id == hero), hero)


def _card_name(card: str) -> str:
    """The title of a chronicle card ("Gold Discovered"), or the id if it is unknown."""
    return next((c.name for c in load_material().cards if c.id == card), card)


__all__ = [
    "Attack",
    "BattleRoll",
    "BuyHero",
    "ChooseCasualties",
    "Disband",
    "DrawChronicle",
    "EndPhase",
    "JointAttack",
    "LeaveBehind",
    "Move",
    "PlayHero",
    "Rally",
    "Recruit",
    "Retreat",
    "units_text",
]


def units_text(cavalry: int, infantry: int) -> str:
    parts = []
    if cavalry:
        parts.append(f"{cavalry} cavalry")
    if infantry:
        parts.append(f"{infantry} infantry")
    return " and ".join(parts) or "no units"


@dataclass(frozen=True)
class Move(Action):
    """Move units one territory (into your own, an empty or an undefended territory)."""

    from_: str
    to: str
    cavalry: int
    infantry: int

    def __str__(self) -> str:
        return f"move {units_text(self.cavalry, self.infantry)} from {self.from_} to {self.to}"


@dataclass(frozen=True)
class Attack(Action):
    """Attack a defended territory (or an enemy capital) with units from one neighbour."""

    from_: str
    to: str
    cavalry: int
    infantry: int

    def __str__(self) -> str:
        return f"attack {self.to} from {self.from_} with {units_text(self.cavalry, self.infantry)}"


@dataclass(frozen=True)
class JointAttack(Action):
    """Scenario 5: attack with every unit able to act in two neighbouring territories."""

    from_: tuple[str, str]
    to: str

    def __str__(self) -> str:
        return f"attack {self.to} with the armies of {self.from_[0]} and {self.from_[1]}"


@dataclass(frozen=True)
class Recruit(Action):
    """Raise one unit in a fort you hold (planning phase)."""

    territory: str
    unit: str

    def __str__(self) -> str:
        return f"recruit 1 {self.unit} in {self.territory}"


@dataclass(frozen=True)
class Disband(Action):
    """Remove one unit because the army is larger than its food allows."""

    territory: str
    unit: str

    def __str__(self) -> str:
        return f"disband 1 {self.unit} in {self.territory} (not enough food)"


@dataclass(frozen=True)
class BuyHero(Action):
    hero: str

    def __str__(self) -> str:
        return f"buy the hero card {_hero_name(self.hero)}"


@dataclass(frozen=True)
class Rally(Action):
    """Scenario 4: rally the empire (once per game)."""

    def __str__(self) -> str:
        return "rally the empire"


@dataclass(frozen=True)
class PlayHero(Action):
    """Play a hero card in the coming battle; ``hero=""`` plays none."""

    hero: str

    def __str__(self) -> str:
        return f"play the hero {_hero_name(self.hero)}" if self.hero else "play no hero"


@dataclass(frozen=True)
class ChooseCasualties(Action):
    """Say which units are lost in a battle."""

    cavalry: int
    infantry: int

    def __str__(self) -> str:
        return f"lose {units_text(self.cavalry, self.infantry)}"


@dataclass(frozen=True)
class Retreat(Action):
    """Move the survivors of a lost defence to a neighbouring territory you hold."""

    to: str

    def __str__(self) -> str:
        return f"retreat to {self.to}"


@dataclass(frozen=True)
class LeaveBehind(Action):
    """After a won attack, leave one unit (or none: ``unit=""``) where it came from."""

    territory: str
    unit: str

    def __str__(self) -> str:
        if not self.unit:
            return f"leave nobody behind in {self.territory}"
        return f"leave 1 {self.unit} behind in {self.territory}"


@dataclass(frozen=True)
class EndPhase(Action):
    """Finish your planning or your action phase."""

    def __str__(self) -> str:
        return "end the phase"


@dataclass(frozen=True)
class BattleRoll(Action):
    """Chance outcome: the two battle dice."""

    attacker: int
    defender: int

    def __str__(self) -> str:
        return f"dice: attacker {self.attacker}, defender {self.defender}"


@dataclass(frozen=True)
class DrawChronicle(Action):
    """Chance outcome: the chronicle card drawn at the start of a round."""

    card: str

    def __str__(self) -> str:
        return f"draw the chronicle card {_card_name(self.card)}"
