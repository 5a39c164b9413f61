"""The actions of CONQUEST (1972).

One :class:`Move` is one step of one piece: to a neighbouring space, onto a
carrier (mounting an elephant or chariot, boarding a ship) or off it. Each costs
one move of the turn's allowance, so counting actions counts moves honestly.
The other actions end the turn early, turn down a recapture, or deal with an offer
of a draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from hcgames.conquest.movement import piece_name
from hcgames.core import Action

__all__ = ["AcceptDraw", "DeclineDraw", "Move", "OfferDraw", "Pass", "Refuse"]


@dataclass(frozen=True)
class Move(Action):
    """Move ``piece`` one step to space ``to`` (a capture if an enemy stands there)."""

    piece: str
    to: str

    def __str__(self) -> str:
        return f"{piece_name(self.piece)} to {self.to}"


@dataclass(frozen=True)
class Pass(Action):
    """End the turn now, leaving the remaining moves unused."""

    def __str__(self) -> str:
        return "pass the rest of the turn"


@dataclass(frozen=True)
class Refuse(Action):
    """Decline to recapture on the space where a piece was just taken."""

    def __str__(self) -> str:
        return "refuse to recapture"


@dataclass(frozen=True)
class OfferDraw(Action):
    """Propose that the game end as a draw (once per turn)."""

    def __str__(self) -> str:
        return "offer a draw"


@dataclass(frozen=True)
class AcceptDraw(Action):
    """Agree to the draw the opponent offered."""

    def __str__(self) -> str:
        return "accept the draw"


@dataclass(frozen=True)
class DeclineDraw(Action):
    """Turn down the draw the opponent offered; play goes on."""

    def __str__(self) -> str:
        return "decline the draw"
