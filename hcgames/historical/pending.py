"""The stack of pending steps: typed records for everything that interrupts a turn.

The position keeps a stack (``state.pending``) of steps waiting to happen: a card
draw or a land turned up (chance steps), who goes first, a window in which a player
may answer with interrupts, a question for one player (which card dies, which land
to occupy), a card's effects waiting for answers, and automatic steps (a battle to
fight, the spoils of a win, an emptied land, the end of a phase). Each kind is a
frozen record; :meth:`Frame.to_json` writes it as the plain object the saves, the
snapshots and the transcripts have always shown (``{"t": kind, "p": player, ...}``).
The rules and the tests ask which record a step is (``isinstance``) and read its
typed fields (``step.purpose``, ``frame.player``), so mypy checks every read; the
short names belong to the saved form only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Self

__all__ = [
    "PLAYER_FRAMES",
    "Frame",
    "PendingAfterWin",
    "PendingBattle",
    "PendingDraw",
    "PendingEffects",
    "PendingFirst",
    "PendingLand",
    "PendingNextPhase",
    "PendingNorth",
    "PendingOccupy",
    "PendingPick",
    "PendingWindow",
    "Record",
    "player_of",
]

#: short names in the saved form -> field names (the rest are the same)
_FRAME_KEYS = {
    "p": "player",
    "src": "pile",
    "from": "victim",
    "ref": "answers",
    "idx": "indices",
    "n": "count",
}


@dataclass(frozen=True)
class Record:
    """A typed record of the position that saves and lessons know as a plain object:
    it is written by :meth:`to_json` under its short names (``keys``), read back by
    :meth:`from_json`; ``None`` marks a field the record does not have."""

    keys: ClassVar[dict[str, str]] = {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The record written as a plain object under its short names (the reverse
        of :meth:`to_json`), e.g. a battle a lesson lays out by hand."""
        return cls(**{cls.keys.get(key, key): value for key, value in data.items()})

    def to_json(self) -> dict[str, Any]:
        """The record as the plain object saves and snapshots show."""
        names = {attr: key for key, attr in self.keys.items()}
        out: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None:
                out[names.get(item.name, item.name)] = (
                    list(value) if isinstance(value, list | tuple) else value
                )
        return out


@dataclass(frozen=True)
class Frame(Record):
    """One pending step, saved as ``{"t": kind, ...}``."""

    kind: ClassVar[str] = ""
    keys: ClassVar[dict[str, str]] = _FRAME_KEYS

    def to_json(self) -> dict[str, Any]:
        return {"t": self.kind, **super().to_json()}


@dataclass(frozen=True)
class PendingDraw(Frame):
    """``player`` draws ``count`` more cards (each a chance step)."""

    kind: ClassVar[str] = "draw"
    player: int
    count: int


@dataclass(frozen=True)
class PendingLand(Frame):
    """A land is turned up from ``pile`` for ``player`` (a chance step, or ``fixed``)."""

    kind: ClassVar[str] = "land"
    player: int
    pile: int
    why: str  # "first", "discover" or "top" (who goes first by the north)
    card: str  # the card that discovers it ("" for none)
    place: str  # an explorer waiting to stand on it ("" for none)
    escort: bool
    discard_self: bool
    fixed: str | None = None  # the top land already turned up


@dataclass(frozen=True)
class PendingFirst(Frame):
    """A coin decides who goes first among ``options``."""

    kind: ClassVar[str] = "first"
    options: list[int]
    why: str  # "coin" or "tie"


@dataclass(frozen=True)
class PendingNorth(Frame):
    """Every top land is up: the one farthest north decides who goes first."""

    kind: ClassVar[str] = "north"


@dataclass(frozen=True)
class PendingWindow(Frame):
    """``player`` may answer with interrupt cards (or pass)."""

    kind: ClassVar[str] = "window"
    player: int
    why: str  # "attack", "phase" or "target"
    answers: int | None = None  # the effects step a "target" window answers


@dataclass(frozen=True)
class PendingPick(Frame):
    """A question for ``player``: choose one of ``options`` for ``purpose``."""

    kind: ClassVar[str] = "pick"
    player: int
    purpose: str
    options: list[str]
    source: str | None = None  # the card that asks (a kill, a toll)
    place: str | None = None  # the card that needs room, or the explorer that lands
    land: str | None = None  # the land in question
    defector: bool | None = None  # the card making room is a defector
    victim: int | None = None  # whose hand a card is taken from
    # a land to discover chosen by its finder (the fields of PendingLand)
    pile: int | None = None
    why: str | None = None
    card: str | None = None
    escort: bool | None = None
    discard_self: bool | None = None


@dataclass(frozen=True)
class PendingEffects(Frame):
    """The effects ``indices`` of ``card``, waiting for the players they reach."""

    kind: ClassVar[str] = "fx"
    id: int
    player: int
    card: str
    moment: str
    indices: list[int]
    targets: list[str]
    cancel: list[int] = field(default_factory=list)  # players who cancelled it
    reverse: list[int] = field(default_factory=list)  # players who turned it back
    cancel_morale: list[int] = field(default_factory=list)  # players spared its morale loss
    then: str = ""  # "discard": the card goes to the discard pile afterwards


@dataclass(frozen=True)
class PendingBattle(Frame):
    """The declared battle (``state.battle``) is fought."""

    kind: ClassVar[str] = "battle"


@dataclass(frozen=True)
class PendingAfterWin(Frame):
    """The winning attacker's after-battle abilities."""

    kind: ClassVar[str] = "after_win"


@dataclass(frozen=True)
class PendingOccupy(Frame):
    """An emptied land may be occupied."""

    kind: ClassVar[str] = "occupy"


@dataclass(frozen=True)
class PendingNextPhase(Frame):
    """The end of ``phase`` (after the opponents' windows)."""

    kind: ClassVar[str] = "next"
    phase: str


#: the steps that wait on (or are drawn for) one player
PLAYER_FRAMES = (PendingDraw, PendingLand, PendingWindow, PendingPick, PendingEffects)


def player_of(frame: Frame) -> int | None:
    """The player a step belongs to (``"p"`` in its saved form), ``None`` for a step
    of nobody's own (a coin, the north, a battle, the end of a phase)."""
    return frame.player if isinstance(frame, PLAYER_FRAMES) else None
