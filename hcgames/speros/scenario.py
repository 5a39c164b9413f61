"""Build teaching positions of Conquest of Speros quickly.

:func:`start` plays the setup with fixed choices; :func:`lay_out` puts a chosen
card on the table with chosen Units, as a teacher arranging cards before a lesson
("suppose Red has a General and a Minion here..."). Positions made this way keep
every count straight (cards are taken from wherever they were, Units from Base
Camps), so the rules carry on normally from them.
"""

from __future__ import annotations

from collections.abc import Sequence

from hcgames.speros.actions import ChoosePeople, EndAbilities, FirstPlacement
from hcgames.speros.cards import TERRAINS
from hcgames.speros.game import SperosGame
from hcgames.speros.state import SperosState

__all__ = [
    "end_now",
    "give_captured",
    "lay_out",
    "put_in_hand",
    "start",
    "take_card",
    "to_action_step",
]


def start(
    players: int = 2,
    peoples: Sequence[str] | None = None,
    seed: int = 0,
    mastery: bool = True,
) -> SperosState:
    """A new game past setup: peoples chosen in seat order, each player's first
    hand card put forward."""
    state = SperosGame(players=players, mastery=mastery).new_game(seed)
    for terrain in peoples or TERRAINS[:players]:
        state.apply(ChoosePeople(terrain))
    for p in range(players):
        state.apply(FirstPlacement(state.hands[p][0]))
    return state


def take_card(state: SperosState, card_id: str) -> None:
    """Take a card off the table: from the deck, a hand, the discard pile or (if no
    Unit stands on it) the Skirmish Area."""
    if card_id in state.deck:
        state.deck.remove(card_id)
        return
    for hand in state.hands:
        if card_id in hand:
            hand.remove(card_id)
            return
    if card_id in state.discard:
        state.discard.remove(card_id)
        return
    card = state.game.cards[card_id]
    if card.is_artifact and card_id not in state.skirmish and card_id not in state.owner:
        return  # an Artifact left in the box this game
    if card_id in state.skirmish and not state.units[card_id]:
        state.skirmish.remove(card_id)
        del state.units[card_id]
        state.last_placed.pop(card_id, None)
        return
    raise ValueError(
        f"{card_id} is not in the deck, a hand, the discard pile or empty in the Skirmish Area"
    )


def lay_out(state: SperosState, card_id: str, units: Sequence[tuple[int, str]] = ()) -> None:
    """Put ``card_id`` in the Skirmish Area with ``units`` ((player, "M" or "G"), in
    the order they were placed) taken from the Base Camps. No capture is checked:
    arrange only positions that are still open."""
    if card_id not in state.skirmish:
        take_card(state, card_id)
        state.skirmish.append(card_id)
        state.units[card_id] = []
    _take_units(state, card_id, units)
    state.triggers = []
    state._legal_cache = None


def to_action_step(state: SperosState) -> None:
    """Discard the first hand card and skip every ability, reaching the action step."""
    from hcgames.speros.actions import Discard

    state.apply(Discard(state.hands[state.turn_player][0]))
    if state.phase == "ability":
        state.apply(EndAbilities())


def _take_units(state: SperosState, card_id: str, units: Sequence[tuple[int, str]]) -> None:
    for player, kind in units:
        if kind == "G":
            if not state.general_home[player]:
                raise ValueError(f"the General of player {player + 1} is not at home")
            state.general_home[player] = False
        else:
            if not state.base_minions[player]:
                raise ValueError(f"player {player + 1} has no Minion at home")
            state.base_minions[player] -= 1
        state.units[card_id].append((player, kind))
        state.seq += 1
        last = state.last_placed.setdefault(card_id, [-1] * state.game.num_players)
        last[player] = state.seq


def give_captured(
    state: SperosState, player: int, card_id: str, units: Sequence[tuple[int, str]] = ()
) -> None:
    """Put ``card_id`` straight into ``player``'s captured area with ``units`` on it."""
    take_card(state, card_id)
    state.captured[player].append(card_id)
    state.owner[card_id] = player
    state.units[card_id] = []
    _take_units(state, card_id, units)
    state._legal_cache = None


def put_in_hand(state: SperosState, player: int, card_id: str) -> None:
    """Move a Location from wherever it is into ``player``'s hand."""
    take_card(state, card_id)
    state.hands[player].append(card_id)
    state.hands[player].sort()
    state._legal_cache = None


def end_now(state: SperosState, reason: str = "the teacher stopped the game") -> None:
    """End the game here: the players go on to reveal their bonus objectives."""
    state.stack.clear()
    state._start_scoring(reason)
    state._legal_cache = None
