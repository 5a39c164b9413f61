"""The fields of a Duels position, declared once for the state's mixins.

:class:`~hcgames.conqueror.state.DuelsState` is put together from mixins (round
flow, moves, battles, victory, views), each in its own module. They all read the
same fields, which the state sets up in ``__init__``; declaring them here, on one
base class the mixins share, tells the type checker what they are without every
mixin repeating the list. Only annotations: the class adds no attributes at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hcgames.conqueror.fighting import Battle
    from hcgames.conqueror.game import DuelsGame
    from hcgames.core import Outcome

__all__ = ["DuelsFields"]


class DuelsFields:
    """Per territory (lists indexed by territory number), per side, and per round."""

    game: DuelsGame
    # per territory: holder (a side, INDEPENDENT or NOBODY) and units standing there
    owner: list[int]
    cav: list[int]
    inf: list[int]
    # units that may still act this round, and units that won an attack and may act once more
    fresh_cav: list[int]
    fresh_inf: list[int]
    bonus_cav: list[int]
    bonus_inf: list[int]
    abandoned: set[int]
    # per side
    gold: list[int]
    rally_used: list[bool]
    rally_now: list[bool]
    rally_cavalry: list[int]
    fort_streak: list[int]
    held_rounds: list[int]
    # who held each side's capital after the last step (a change restarts held_rounds)
    capital_holders: list[int]
    # which side took the enemy-capital prize (paid once in the whole game)
    prize_taken: list[bool]
    # hero cards: -1 in the bank, 0 or 1 in that side's hand, -2 once played
    hero_owner: list[int]
    # the round
    round_no: int
    stage: str
    active: int
    deck: list[str]
    card: str
    recruited: dict[int, list[int]]
    # sides that lost food in the action phase and must disband their excess now
    hungry: list[int]
    battle: Battle | None
    result: Outcome | None
