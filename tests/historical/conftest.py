"""Helpers shared by the Historical Conquest tests: a game, settling chance steps and
windows, finishing a turn, and the battle arithmetic of a hypothetical attack."""

from __future__ import annotations

import hcgames
from hcgames.core import Action
from hcgames.historical.actions import EndPhase, Pass, Pick
from hcgames.historical.battle import Assessment, assess
from hcgames.historical.game import HistoricalGame
from hcgames.historical.pending import PendingPick, PendingWindow
from hcgames.historical.state import HistoricalState
from tests.narrow import narrow

#: the ``lands`` of :func:`hcgames.historical.teach.arrange`: land and the cards on it, per seat
Lands = dict[int, list[tuple[str, list[str]]]]


#: the decks the laid-out positions of these tests were written for, by seat (the
#: game's default pairing changed in issue 39; the positions name these decks' cards)
TEST_DECKS = ["cheswell", "salem", "boadicea", "confucius", "cheswell", "salem"]


def game(players: int = 2, **options: object) -> HistoricalGame:
    options.setdefault("decks", TEST_DECKS[:players])
    return narrow(hcgames.load("historical-conquest", players=players, **options), HistoricalGame)


def new_game(players: int = 2, seed: int = 0, **options: object) -> HistoricalState:
    """A new game's first position, as a HistoricalState."""
    return narrow(game(players, **options).new_game(seed), HistoricalState)


def settle(state: HistoricalState) -> HistoricalState:
    """Resolve chance steps (first outcome) and pass every interrupt window."""
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        elif state.pending and isinstance(state.pending[-1], PendingWindow):
            state.apply(Pass())
        else:
            break
    return state


def act(state: HistoricalState, action: Action) -> HistoricalState:
    state.apply(action)
    return settle(state)


def finish_turn(state: HistoricalState) -> HistoricalState:
    """End phases (declining questions) until the next player's turn starts."""
    player, turn_no = state.turn, state.turn_no
    while not state.is_terminal() and state.turn_no == turn_no:
        settle(state)
        if state.is_terminal() or state.turn_no != turn_no:
            break
        if state.pending and isinstance(state.pending[-1], PendingPick):
            options = narrow(state.pending[-1], PendingPick).options
            state.apply(
                Pick(
                    "" if "" in options else options[0],
                    narrow(state.pending[-1], PendingPick).purpose,
                )
            )
        else:
            assert state.current_player == player
            state.apply(EndPhase())
    return settle(state)


def sums(state: HistoricalState, attack_land: str, defence_land: str) -> Assessment:
    """The battle arithmetic for a hypothetical attack (no legality checks)."""
    att = state.column_of_land(attack_land)
    dfn = state.column_of_land(defence_land)
    assert att is not None and dfn is not None
    battle = {
        "att": att[0],
        "def": dfn[0],
        "from": attack_land,
        "to": defence_land,
        "index": 0,
        "first_defence": True,
        "cancelled": False,
    }
    return assess(state, battle)
