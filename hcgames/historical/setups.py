"""Arranged positions for teaching and testing: lay out cards by hand.

A class that wants to study one battle ("what if Napoleon attacks Quebec?") or a
tester checking one rule builds the position directly instead of playing up to it:

>>> import hcgames
>>> from hcgames.historical.setups import arrange
>>> game = hcgames.load("historical-conquest")
>>> state = arrange(game, round_no=3, morale={0: 900},
...                 lands={0: [("CT4205", ["CO4203"])], 1: [("CT4404", ["LE4102"])]})
>>> state.phase
'play'

Cards are given by id and belong to the player whose land row or hand they are put
in. An arranged position has no history, so it cannot be saved or replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hcgames.core import SaveError
from hcgames.historical.actions import DrawCard
from hcgames.historical.game import HistoricalGame
from hcgames.historical.rules import HistoricalState

__all__ = ["ArrangedState", "arrange", "key"]


def key(card_id: str, owner: int) -> str:
    """The card key of ``card_id`` owned by seat ``owner``."""
    return f"{card_id}/{owner}"


class ArrangedState(HistoricalState):
    """A position laid out by hand (see :func:`arrange`)."""

    def to_json(self, indent: int | None = None) -> str:
        raise SaveError(
            "arranged position",
            ["a position laid out by hand has no history of actions, so it cannot be saved"],
        )


def _register(game: HistoricalGame, card_id: str, owner: int) -> str:
    card_key = key(card_id, owner)
    if card_key not in game.key_cards:
        game.key_cards[card_key] = game.catalogue.cards[card_id]
        game.draw_actions[card_key] = DrawCard(owner, card_key)
    return card_key


def arrange(
    game: HistoricalGame,
    *,
    round_no: int = 3,
    turn: int = 0,
    phase: str = "play",
    morale: Mapping[int, int] | None = None,
    lands: Mapping[int, Sequence[tuple[str, Sequence[str]]]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    active: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
) -> ArrangedState:
    """A position with the given lands (and the cards on them), hands and morale.

    Every other card of each player's deck stays in the draw deck or land pile.
    The active player ``turn`` is to act in ``phase`` of round ``round_no``.
    Change an arranged state only through its actions: legal actions are worked
    out as soon as the position is laid out.
    """
    state = ArrangedState.__new__(ArrangedState)
    HistoricalState.__init__(state, game, 0)
    state.pending.clear()
    state.events.clear()
    state._ready = None
    state.rows = [[] for _ in range(state.n)]
    state.hands = [[] for _ in range(state.n)]
    state.active = [[] for _ in range(state.n)]
    state.age = {}
    placed: set[str] = set()
    for player, columns in (lands or {}).items():
        for land_id, cards in columns:
            land_key = _register(game, land_id, player)
            units = [_register(game, c, player) for c in cards]
            state.rows[player].append({"land": land_key, "cards": units, "locked": 0})
            placed.update([land_key, *units])
            for card_key in [land_key, *units]:
                state.age[card_key] = 1
    for player, cards in (hands or {}).items():
        state.hands[player] = [_register(game, c, player) for c in cards]
        placed.update(state.hands[player])
    for player, cards in (active or {}).items():
        state.active[player] = [_register(game, c, player) for c in cards]
        placed.update(state.active[player])
        for card_key in state.active[player]:
            state.age[card_key] = 1
    for player, cards in (discards or {}).items():
        state.discards[player] = [_register(game, c, player) for c in cards]
        placed.update(state.discards[player])
    for player in range(state.n):
        state.decks[player] = [k for k in state.decks[player] if k not in placed]
        state.piles[player] = [k for k in state.piles[player] if k not in placed]
    state.morale = [int((morale or {}).get(p, 0)) for p in range(state.n)]
    state.round_no = round_no
    state.first = 0
    state.tops = [""] * state.n
    state.turn_no = 1
    state.turn = turn
    state.phase_name = phase
    state.drawn = phase == "draw"
    state._advance()
    return state
