"""The end of a CONQUEST game and its winner.

- **Occupation**: holding all five spaces of the enemy capitol wins as soon as no
  recapture is pending (:func:`capitol_taken`).
- **Annihilation**: capturing every enemy land piece wins at once
  (:func:`land_pieces_gone`).
- **Quiet turns and the turn limit**: twenty turns (ten each) without a capture, or
  the game's ``turn_limit``, end the game; more enemy capitol spaces held wins, equal
  holdings draw (:func:`adjudicate`, called from :func:`.turn.end_turn`).
- **Agreed draw** (:func:`agree_draw`).

The result is stored on the state as an :class:`~hcgames.core.Outcome`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.conquest.movement import land_pieces, occupied_capitol
from hcgames.core import Outcome
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.conquest.state import ConquestState
    from hcgames.core import Event

__all__ = ["adjudicate", "agree_draw", "capitol_taken", "finish", "land_pieces_gone", "scores"]


def scores(state: ConquestState) -> dict[int, float]:
    """Each side's score: the enemy capitol spaces it holds."""
    return {p: float(occupied_capitol(state, p)) for p in (0, 1)}


def capitol_taken(state: ConquestState, events: list[Event]) -> bool:
    """Occupation victory: a side holding every space of the enemy capitol wins."""
    name = state.player_name
    for player in (state.mover, 1 - state.mover):
        if occupied_capitol(state, player) >= state.game.rules.capitol_spaces:
            finish(
                state,
                (player,),
                f"{name(player)} occupies every space of {name(1 - player)}'s capitol",
                events,
            )
            return True
    return False


def land_pieces_gone(state: ConquestState, events: list[Event]) -> bool:
    """A side that has lost every land piece loses at once."""
    name = state.player_name
    for player in (0, 1):
        if land_pieces(state, player) == 0:
            state.pending = None
            finish(
                state,
                (1 - player,),
                f"{name(1 - player)} has captured all of {name(player)}'s land pieces",
                events,
            )
            return True
    return False


def adjudicate(state: ConquestState, why: str, events: list[Event]) -> None:
    """Quiet turns or the turn limit: more enemy capitol spaces held wins; equal draws."""
    held = [occupied_capitol(state, p) for p in (0, 1)]
    pieces = [len(state.pieces_of(p)) for p in (0, 1)]
    if held[0] == held[1] and state.game.pieces_decide and pieces[0] != pieces[1]:
        best = 0 if pieces[0] > pieces[1] else 1
        finish(
            state,
            (best,),
            f"{why}: both hold {plural(held[0], 'enemy capitol space')}, and "
            f"{state.player_name(best)} has more pieces left ({pieces[best]} to "
            f"{pieces[1 - best]})",
            events,
        )
    elif held[0] == held[1]:
        held_text = plural(held[0], "enemy capitol space")
        if state.game.pieces_decide:  # the pieces left were counted too: say they tie
            held_text += f" and have {plural(pieces[0], 'piece')} left each"
        finish(state, (), f"{why}: both hold {held_text}, a draw", events)
    else:
        best = 0 if held[0] > held[1] else 1
        finish(
            state,
            (best,),
            f"{why}: {state.player_name(best)} holds more enemy capitol spaces "
            f"({held[best]} to {held[1 - best]})",
            events,
        )


def agree_draw(state: ConquestState) -> None:
    """The players agree a draw."""
    state.result = Outcome(winners=(), reason="agreed draw", scores=scores(state))


def finish(
    state: ConquestState, winners: tuple[int, ...], reason: str, events: list[Event]
) -> None:
    state.result = Outcome(winners=winners, reason=reason, scores=scores(state))
    state.pending = None
    events.append(state.event(None, "end", f"Game over: {reason}."))
