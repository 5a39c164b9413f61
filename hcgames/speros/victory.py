"""The end of a game of Conquest of Speros and its winner.

The game ends when a player begins a turn with an empty Base Camp, or once the deck
has run out and everyone has had a final turn (:func:`end_reason`). Each player then
reveals one Bonus Objective (the "choose bonus" step); :func:`finish` counts the
score sheets of :mod:`hcgames.speros.scoring` and breaks ties by the most captured
Locations of one's own colour; a tie after that is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import Outcome
from hcgames.speros.scoring import metric, total_scores
from hcgames.words import count, join

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = ["end_reason", "finish", "start_scoring"]


def end_reason(state: SperosState, player: int) -> str | None:
    """Why the game ends as ``player`` begins a turn, or None if it goes on."""
    if state.final_turns_left == 0:
        return "the deck ran out and everyone has had a final turn"
    if state.units_at_home(player) == 0:
        return f"{state.player_name(player)} began a turn with an empty Base Camp"
    limit = state.game.max_rounds
    if limit is not None and state.round_no > limit and player == state.first_player:
        return f"the round limit of {limit} rounds (our rule for a class game) was reached"
    return None


def start_scoring(state: SperosState, reason: str) -> None:
    """The game is over: each player now reveals the Bonus Objective that counts."""
    state.end_reason = reason
    state._phase = "choose bonus"
    state.chooser = 0
    state.log(None, "end", f"The game ends: {reason}. Each player now reveals one bonus objective.")


def finish(state: SperosState) -> None:
    """Every bonus objective is revealed: count the scores and name the winners."""
    state._phase = "game over"
    totals = total_scores(state)
    n = state.game.num_players
    for p in range(n):
        state.log(p, "score", f"{state.player_name(p)} scores {count(totals[p], 'victory point')}.")
    best = max(totals)
    leaders = [p for p in range(n) if totals[p] == best]
    reason = f"most victory points ({best}); the game ended because {state.end_reason}"
    if len(leaders) > 1:
        homeland = {p: metric(state, p, "own_terrain_captures") for p in leaders}
        top = max(homeland.values())
        leaders = [p for p in leaders if homeland[p] == top]
        reason = f"tied on {best} VP, then most captured Locations of their own colour ({top})"
        if len(leaders) > 1:
            reason = f"a draw: tied on {best} VP and on {top} own-colour captures"
    state.result = Outcome(tuple(leaders), reason, {p: float(totals[p]) for p in range(n)})
    names = join(state.player_name(p) for p in leaders)
    result = f"{names} wins" if len(leaders) == 1 else f"{names} share the result"
    state.log(None, "end", f"{result}: {reason}.")
