"""The end of the game: the winner, forfeits, the land-taking win, the round limit and
cards that win on their own (a rival kept below some morale for some rounds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.core import Outcome
from hcgames.historical.cards import card_name
from hcgames.historical.material import FORFEIT_MORALE, WIN_MORALE
from hcgames.historical.pending import player_of

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState


# --- endings --------------------------------------------------------------
def finish(state: HistoricalState, winners: tuple[int, ...], reason: str) -> None:
    if state.result is None:
        scores = {p: float(m) for p, m in enumerate(state.morale)}
        state.result = Outcome(tuple(winners), reason, scores)
        state.pending.clear()
        state.log(None, "end", f"Game over: {reason}.", winners=list(winners))


def check_morale(state: HistoricalState, player: int) -> None:
    """Enough morale wins at once; too little forfeits (the numbers: rules.json)."""
    new = state.morale[player]
    if new >= WIN_MORALE:
        finish(state, (player,), f"{state.player_name(player)} reached {WIN_MORALE} morale")
    elif new <= FORFEIT_MORALE:
        knock_out(state, player, f"fell to {FORFEIT_MORALE} morale and forfeits")


def knock_out(state: HistoricalState, player: int, reason: str) -> None:
    """A player leaves the game; their cards leave play for their owners' piles."""
    if state.out[player] or state.result is not None:
        return
    state.out[player] = True
    state.log(player, "out", f"{state.player_name(player)} {reason}.", player=player)
    for col in list(state.rows[player]):
        for key in list(col.cards):
            state.to_discard(key)
        state.to_discard(col.land)
    state.rows[player] = []
    for key in list(state.active[player]):
        state.to_discard(key)
    state.active[player] = []
    state.pending[:] = [f for f in state.pending if player_of(f) != player]
    alive = state.alive()
    if len(alive) == 1:
        finish(
            state, (alive[0],), f"{state.player_name(alive[0])} is the last civilisation standing"
        )


def after_land_loss(state: HistoricalState, taker: int, loser: int) -> None:
    if not state.rows[loser] and state.result is None:
        finish(
            state,
            (taker,),
            f"{state.player_name(taker)} took every land of {state.player_name(loser)}",
        )


def check_win_card(state: HistoricalState, player: int, key: str, effect: Any) -> None:
    for q in state.opponents(player):
        tag = f"{key}|{q}"
        state.below[tag] = state.below.get(tag, 0) + 1 if state.morale[q] < int(effect.below) else 0
        if state.below[tag] >= int(effect.rounds):
            finish(
                state,
                (player,),
                f"{card_name(key)}: {state.player_name(q)} stayed below "
                f"{effect.below} morale for {effect.rounds} rounds",
            )


def end_by_limit(state: HistoricalState) -> None:
    alive = state.alive()
    best = max(state.morale[p] for p in alive)
    winners = tuple(p for p in alive if state.morale[p] == best)
    state.round_no = state.game.max_rounds
    finish(
        state,
        winners,
        f"the {state.game.max_rounds}-round limit (our rule) was reached and the highest "
        f"morale wins: {_standing(state)}",
    )


def _standing(state: HistoricalState) -> str:
    """Every player still in, highest morale first: 'Player 2 has 1700 morale, Player 1
    has 1000' (a student who lost read only the winner's total)."""
    order = sorted(state.alive(), key=lambda p: (-state.morale[p], p))
    said = [f"{state.player_name(p)} has {state.morale[p]}" for p in order]
    said[0] += " morale"
    return ", ".join(said)
