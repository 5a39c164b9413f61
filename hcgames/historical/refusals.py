"""Small checks that several refusals share: whether a key names a card of the game,
which of a player's columns stands on a land, whether a card has room on a land, and
whether a card is in the hand.

A refusal is a pair (the broken rule in words a student understands, the rule's short
name). The modules that say why a move is refused (:mod:`hcgames.historical.plays`,
:mod:`hcgames.historical.field`) build on these checks; none of them changes the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.historical import effects
from hcgames.historical.cards import Card, card_name
from hcgames.historical.material import COLUMN_SIZE
from hcgames.words import plural, says

if TYPE_CHECKING:
    from hcgames.historical.state import Column, HistoricalState

Refusal = tuple[str, str]


def known(state: HistoricalState, key: str) -> Card | None:
    return state.game.key_cards.get(key) if isinstance(key, str) else None


def own_column(state: HistoricalState, player: int, land: str) -> Column | None:
    for col in state.rows[player]:
        if col.land == land:
            return col
    return None


def room_refusal(
    state: HistoricalState, col: Column, card: Card, joining: int = 1
) -> Refusal | None:
    """Why ``card`` (with ``joining - 1`` other cards) cannot stand on ``col``."""
    land = card_name(col.land)
    if col.locked > 0:
        return (
            f"{land} was destroyed and cannot be used for {plural(col.locked, 'more turn')}",
            "destroyed lands",
        )
    if card.category == "army" and any(state.card(k).category == "army" for k in col.cards):
        return (
            f"{land} already has an army: only one army may stand on a land",
            "one army per land",
        )
    if len(col.cards) + joining > effects.capacity(state, col):
        return (
            f"{land} is full: a land holds {COLUMN_SIZE} cards (at most one of them an army) "
            f"unless a card gives it more room, and it holds {len(col.cards)} of "
            f"{effects.capacity(state, col)}",
            "land full",
        )
    ban = effects.placement_ban(state, col, card)
    if ban:
        if card.coastal_only and not state.card(col.land).coastal:
            return (f"{card.name} can only stand on a land by the sea", "coastal lands")
        return (f"{card.name} may not stand on {land}: {ban}", "placement bans")
    return None


def hand_refusal(state: HistoricalState, player: int, key: str) -> Refusal | None:
    if key not in state.hands[player]:
        return (
            f"{says(card_name(key), 'is')} not in {state.player_name(player)}'s hand",
            "play from your hand",
        )
    return None
