"""An exact solver for CONQUEST puzzles: can the side to move force a win this turn?

The search is AND-OR: at the mover's steps one good move is enough, at the
defender's recapture decisions every answer (retake with any piece, or refuse)
must still lose. Passing and draw offers are never tried. ``max_steps`` bounds the
mover's steps, so the search is finite; positions met twice are looked up in a
table. It is meant for small puzzle positions, not the full 52-piece game.

:class:`SolverBot` plays by it: a forced win this turn when there is one, otherwise
the move of a fallback bot. ``ConquestGame().bots()`` names it ``"solver"``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from hcgames.conquest.actions import OfferDraw, Pass
from hcgames.conquest.state import ConquestState
from hcgames.core import Action, State

__all__ = ["Solution", "SolverBot", "main_line", "position_key", "solve"]


@dataclass
class Solution:
    """A winning plan: the mover's step, then the plan after each defender answer.

    ``action`` is the mover's step (None at a defender node), ``replies`` maps each
    defender answer to the plan that follows it, ``then`` the plan after the step.
    """

    action: Action | None = None
    then: Solution | None = None
    replies: dict[Action, Solution] = field(default_factory=dict)

    def size(self) -> int:
        own = 1 if self.action is not None else 0
        return (
            own
            + (self.then.size() if self.then else 0)
            + sum(r.size() for r in self.replies.values())
        )


def position_key(state: ConquestState) -> Hashable:
    """What makes two positions the same for the search (the table's key)."""
    return (
        frozenset(state.where.items()),
        frozenset(state.carrier.items()),
        frozenset(state.owner.items()),
        frozenset(state.used.items()),
        state.spent,
        state.budget,
        state.mover,
        state.transit,
        None if state.pending is None else (state.pending.space, state.pending.step),
        None if state.pending is None else tuple(state.pending.before),
    )


def solve(state: ConquestState, max_steps: int = 6) -> Solution | None:
    """A plan that wins for the side to move within ``max_steps`` steps, or None."""
    attacker = state.current_player
    table: dict[tuple[Hashable, int], Solution | None] = {}
    return _search(state, attacker, max_steps, table)


def _search(
    state: ConquestState,
    attacker: int,
    steps: int,
    table: dict[tuple[Hashable, int], Solution | None],
) -> Solution | None:
    outcome = state.outcome()
    if outcome is not None:
        return Solution() if outcome.winners == (attacker,) else None
    if state.mover != attacker:
        return None  # the turn ended without a win
    key = (position_key(state), steps)
    if key in table:
        return table[key]
    table[key] = None  # guards against revisiting a position within one line
    result: Solution | None = None
    if state.current_player != attacker:
        # the defender answers a capture: every answer must still lose
        replies: dict[Action, Solution] = {}
        for reply in state.legal_actions():
            child = state.copy()
            child.apply(reply)
            sub = _search(child, attacker, steps, table)
            if sub is None:
                break
            replies[reply] = sub
        else:
            result = Solution(replies=replies)
    elif steps > 0:
        for action in state.legal_actions():
            if isinstance(action, Pass | OfferDraw):
                continue
            child = state.copy()
            child.apply(action)
            sub = _search(child, attacker, steps - 1, table)
            if sub is not None:
                result = Solution(action=action, then=sub)
                break
    table[key] = result
    return result


def main_line(plan: Solution | None) -> list[Action]:
    """The plan followed along the defender's first listed answer at each decision."""
    line: list[Action] = []
    while plan is not None:
        if plan.action is not None:
            line.append(plan.action)
            plan = plan.then
        elif plan.replies:
            reply, plan = next(iter(plan.replies.items()))
            line.append(reply)
        else:
            break
    return line


class SolverBot:
    """Plays a forced win within ``max_steps`` steps whenever the solver finds one on
    its own move; otherwise (and in positions of more than ``max_pieces`` pieces, where
    the exact search would take too long) it plays as ``fallback`` does."""

    name = "solver"

    def __init__(self, fallback: Any, max_steps: int = 4, max_pieces: int = 16) -> None:
        self.fallback = fallback
        self.max_steps = max_steps
        self.max_pieces = max_pieces

    def choose(self, state: State) -> Action:
        assert isinstance(state, ConquestState)
        small = len(state.where) <= self.max_pieces
        if small and state.current_player == state.mover and not state.draw_offered:
            plan = solve(state, self.max_steps)
            if plan is not None and plan.action is not None:
                return plan.action
        action: Action = self.fallback.choose(state)
        return action
