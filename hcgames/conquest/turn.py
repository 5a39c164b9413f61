"""The CONQUEST turn: its allowance of moves and what happens between the steps.

A turn is a run of single steps by one side (the phases, in order: ``move``, then
``recapture`` after a capture with moves to spare, and ``draw offer`` when one is
made). The allowance is fixed at the start of the turn: 10 moves on the game's very
first turn, then 20 less 4 for every space of the mover's own capitol the enemy
holds (:func:`allowance`; the numbers are in ``data/conquest/rules.json``). After
every settled step the game checks for an occupation victory and ends the turn when
the moves are spent (:func:`after_step`); :func:`end_turn` counts quiet turns,
applies the turn limit and hands the move to the other side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.conquest.movement import occupied_capitol
from hcgames.conquest.victory import adjudicate, capitol_taken
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.conquest.material import Rules
    from hcgames.conquest.state import ConquestState
    from hcgames.core import Event

__all__ = ["PHASES", "PHASE_TITLES", "after_step", "allowance", "end_turn"]

#: the phases of one turn, in order
PHASES: tuple[str, ...] = ("move", "recapture", "draw offer")
#: each phase as a player says it on the page (Game.phase_title)
#: ("White's turn 1 of 6, answered by a recapture: Black knight 1 recaptures..."; "a
#: recapture" there read as White's own)
PHASE_TITLES = {
    "move": "moving",
    "recapture": "answered by a recapture",
    "draw offer": "a draw offered",
}


def allowance(rules: Rules, held: int) -> int:
    """The moves of a turn when the enemy holds ``held`` spaces of the mover's capitol:
    ``moves_per_turn`` less ``capitol_penalty`` for each, never below one."""
    return max(1, rules.moves_per_turn - rules.capitol_penalty * held)


def after_step(state: ConquestState, events: list[Event]) -> None:
    """After a step is settled: victory by capitol, or the end of the turn."""
    if state.transit is None and state.pending is None:
        if capitol_taken(state, events):
            return
        if state.moves_left <= 0:
            end_turn(state, events)


def end_turn(state: ConquestState, events: list[Event]) -> None:
    """Quiet turns and the turn limit are judged; then the other side's turn begins."""
    rules = state.game.rules
    state.quiet = 0 if state.captured_this_turn else state.quiet + 1
    if state.quiet >= 2 * rules.quiet_turns_each:
        adjudicate(state, f"{rules.quiet_turns_each} turns each without a capture", events)
        return
    if state.turn >= state.game.turn_limit:
        last = state.game.turn_words(state.game.turn_limit)
        # "Turn 40" reads "turn 40" mid-sentence; "Black's turn 6 of 6" keeps its capital
        last = "t" + last[1:] if last.startswith("Turn ") else last
        adjudicate(state, f"the last turn ({last}) is over", events)
        return
    state.turn += 1
    state.mover = 1 - state.mover
    state.used = {}
    state.spent = 0
    state.captured_this_turn = False
    state.offered_this_turn = False
    lost = occupied_capitol(state, 1 - state.mover)
    state.budget = allowance(rules, lost)
    note = f" ({plural(lost, 'capitol space')} held by the enemy)" if lost else ""
    events.append(
        state.event(
            state.mover,
            "turn",
            f"{state.game.turn_words(state.turn)}: {state.player_name(state.mover)} has "
            f"{state.budget} moves{note}.",
        )
    )
