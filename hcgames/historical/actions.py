"""Actions and chance outcomes of Historical Conquest.

Cards are named by *card keys*: the card id and the seat of the player who owns
the card, as ``"MU2001/0"`` (Beethoven from the first player's deck). Owners never
change, even when a card is captured, so a captured card always goes back to its
owner's discard pile. Players in targets are written ``"P2"`` (seat index 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from hcgames.core import Action
from hcgames.historical.cards import card_name
from hcgames.words import says

__all__ = [
    "Attack",
    "Confiscate",
    "Discard",
    "DrawCard",
    "EndPhase",
    "ExplorerMove",
    "FirstPlayer",
    "Interrupt",
    "Move",
    "Pass",
    "Pick",
    "PlayCard",
    "Retire",
    "RevealLand",
    "UseAbility",
    "target_text",
]


def target_text(target: str) -> str:
    """A target as words: a player, a card or nothing."""
    if not target:
        return "nothing"
    if target.startswith("P") and target[1:].isdigit():
        return f"Player {int(target[1:]) + 1}"
    return card_name(target)


def _targets(targets: tuple[str, ...]) -> str:
    return "" if not targets else " targeting " + " and ".join(target_text(t) for t in targets)


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance: ``player`` draws ``card`` from their draw deck."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"Player {self.player + 1} draws {card_name(self.card)}"


@dataclass(frozen=True)
class FirstPlayer(Action):
    """Chance: the coin (a fair draw among the players) names who goes first."""

    player: int

    def __str__(self) -> str:
        return f"Player {self.player + 1} goes first"


@dataclass(frozen=True)
class RevealLand(Action):
    """Chance: ``land`` comes off the land pile it is drawn from."""

    player: int
    land: str

    def __str__(self) -> str:
        return f"Player {self.player + 1} turns up {card_name(self.land)}"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from the hand (one of the three plays unless it is an interrupt).

    ``land`` is where a character or army stands (a land card key) or ``""``;
    ``targets`` are what its ability aims at; ``option`` picks a choice card's
    option; ``discover`` sends an explorer to find a new land.
    """

    card: str
    land: str = ""
    targets: tuple[str, ...] = ()
    option: int = -1
    discover: bool = False

    def __str__(self) -> str:
        text = f"Play {card_name(self.card)}"
        if self.discover:
            text += " to discover a land"
        elif self.land:
            text += f" on {card_name(self.land)}"
        if self.option >= 0:
            text += f" (option {self.option + 1})"
        return text + _targets(self.targets)


@dataclass(frozen=True)
class Interrupt(Action):
    """Play an interrupt card: any phase, any turn, not one of the three plays."""

    card: str
    land: str = ""
    targets: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f" on {card_name(self.land)}" if self.land else ""
        return f"Interrupt with {card_name(self.card)}{where}{_targets(self.targets)}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card from the hand (counts as one of the three plays)."""

    card: str

    def __str__(self) -> str:
        return f"Discard {card_name(self.card)} from the hand"


@dataclass(frozen=True)
class Retire(Action):
    """Discard one of your own cards from the battlefield (counts as a play)."""

    card: str

    def __str__(self) -> str:
        return f"Discard {card_name(self.card)} from the battlefield"


@dataclass(frozen=True)
class UseAbility(Action):
    """Use a held ability of a card in play (effect number ``effect``)."""

    card: str
    effect: int
    targets: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"Use the ability of {card_name(self.card)}{_targets(self.targets)}"


@dataclass(frozen=True)
class Attack(Action):
    """Attack the land ``target`` from your land ``land``."""

    land: str
    target: str

    def __str__(self) -> str:
        return f"Attack {card_name(self.target)} from {card_name(self.land)}"


@dataclass(frozen=True)
class Move(Action):
    """The turn's one move: a card to another of your lands on the same continent."""

    card: str
    land: str

    def __str__(self) -> str:
        return f"Move {card_name(self.card)} to {card_name(self.land)}"


@dataclass(frozen=True)
class ExplorerMove(Action):
    """An explorer travels (once a turn), optionally escorting one card."""

    explorer: str
    land: str
    escort: str = ""

    def __str__(self) -> str:
        with_ = f" with {card_name(self.escort)}" if self.escort else ""
        return f"{says(card_name(self.explorer), 'travels')} to {card_name(self.land)}{with_}"


@dataclass(frozen=True)
class Confiscate(Action):
    """Take an undefended opposing land with a spare card of yours.

    ``explorer`` names an explorer that carries ``card`` there (its one move of the
    turn); an explorer taking a land on its own is given as ``card``.
    """

    card: str
    land: str
    explorer: str = ""

    def __str__(self) -> str:
        carried = f", carried by {card_name(self.explorer)}," if self.explorer else ""
        return f"{card_name(self.card)}{carried} takes the undefended {card_name(self.land)}"


@dataclass(frozen=True)
class Pick(Action):
    """Answer a question the rules ask (a casualty, a land to occupy...); ``""`` = none."""

    choice: str
    purpose: str = ""

    def __str__(self) -> str:
        what = target_text(self.choice) if self.choice else "none"
        return f"Choose {what}" + (f" ({self.purpose})" if self.purpose else "")


@dataclass(frozen=True)
class Pass(Action):
    """Play no (more) interrupts in this window."""

    def __str__(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class EndPhase(Action):
    """Finish the current phase of your turn."""

    def __str__(self) -> str:
        return "End the phase"
