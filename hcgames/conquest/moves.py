"""The legal actions of CONQUEST, applying them, and why an action is refused.

Per phase:

- **move**: the mover's single steps (:func:`legal_actions`, checked step by step
  by :func:`.movement.step`), :class:`~.actions.Pass` and, once a turn,
  :class:`~.actions.OfferDraw`; :func:`apply_move` makes a step, and a capture
  with moves to spare opens a recapture.
- **recapture**: after a capture the defender may retake on that space in one step,
  or in two when both are needed, or refuse (:func:`recapture_actions`,
  :func:`apply_recapture`, :func:`apply_refuse`); once the first of two steps is
  taken the recapture must be completed. The pending recapture is a
  :class:`PendingRecapture` record.
- **draw offer**: the opponent accepts or declines (:func:`apply_accept_draw`,
  :func:`apply_decline_draw`).

Each refusal text (:func:`why_illegal`) sits beside the legality it explains.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hcgames.conquest.actions import AcceptDraw, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.conquest.movement import (
    CAPTURES,
    NON_CAPTURES,
    candidates,
    capturers,
    perform,
    piece_name,
    pieces_of,
    step,
)
from hcgames.conquest.turn import after_step, end_turn
from hcgames.conquest.victory import agree_draw, land_pieces_gone
from hcgames.conquest.views import describe_step
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.conquest.state import ConquestState
    from hcgames.core import Action, Event

__all__ = [
    "PendingRecapture",
    "apply_accept_draw",
    "apply_decline_draw",
    "apply_move",
    "apply_offer_draw",
    "apply_pass",
    "apply_recapture",
    "apply_refuse",
    "legal_actions",
    "recapture_actions",
    "recapture_steps_left",
    "why_illegal",
]


@dataclass(frozen=True)
class PendingRecapture:
    """A capture waiting for the defender's answer.

    ``space`` is where the piece was taken, ``step`` the recapture step to come (1 or
    2), ``before`` the defender's pieces that could already retake before the first
    step (sorted; they may not be the one a needed first step opens the way for),
    ``capturer`` the piece that captured.
    """

    space: str
    step: int
    before: tuple[str, ...]
    capturer: str

    def to_json(self) -> dict[str, Any]:
        return {
            "space": self.space,
            "step": self.step,
            "before": list(self.before),
            "capturer": self.capturer,
        }


# --- the move phase ---------------------------------------------------------------
#: every Move made for a move list, kept: a Move is frozen, so one object serves every
#: list that offers the same step (making a frozen dataclass costs more than finding it)
_MOVES: dict[str, dict[str, Move]] = {}


def legal_actions(state: ConquestState) -> list[Action]:
    """Every legal action now, for whichever phase the turn is in."""
    if state.draw_offered:
        return [AcceptDraw(), DeclineDraw()]
    if state.pending is not None:
        return recapture_actions(state)
    out: list[Action] = []
    left = state.moves_left
    limits = state.game.limit
    used = state.used
    movers = [state.transit] if state.transit is not None else pieces_of(state, state.mover)
    for piece in movers:
        room = min(limits[piece] - used.get(piece, 0), left) - 1  # steps left after this one
        if room < 0:
            continue
        made = _MOVES.get(piece)
        if made is None:
            made = _MOVES[piece] = {}
        for to in candidates(state, piece):
            if step(state, piece, to, room)[0]:
                move = made.get(to)
                if move is None:
                    move = made[to] = Move(piece, to)
                out.append(move)
    if state.transit is None:
        out.append(Pass())
        if state.game.draw_offers and not state.offered_this_turn:
            out.append(OfferDraw())
    return out


def apply_move(state: ConquestState, move: Move) -> list[Event]:
    """One step: in the move phase the mover's, in a recapture the defender's."""
    events: list[Event] = []
    if state.pending is not None:
        apply_recapture(state, move, events)
        return events
    piece, to = move.piece, move.to
    me = state.mover
    here = state.where[piece]
    tag = step(state, piece, to, state.game.limit[piece])[0]
    gone, seized = perform(state, piece, to, tag)
    state.spent += 1
    state.used[piece] = state.used.get(piece, 0) + 1
    regained: list[Event] = []
    if tag in CAPTURES:
        # the moves given back count before the step is told, so the step's own count
        # and the regain's line that follows it agree (look 14, lesson 31)
        regain_in_own_capitol(state, to, regained)
    events.append(describe_step(state, me, piece, here, to, tag, gone, seized))
    events += regained
    if tag in CAPTURES:
        state.used[piece] = 0  # a capturing piece moves on as if fresh
        state.captured_this_turn = True
        if land_pieces_gone(state, events):
            return events
        if state.moves_left > 0:
            state.pending = PendingRecapture(space=to, step=1, before=(), capturer=piece)
            options = recapture_actions(state)
            if len(options) > 1:
                events.append(
                    state.event(
                        1 - me,
                        "recapture-offer",
                        f"{state.player_name(1 - me)} may recapture on {to} or refuse.",
                        options=len(options) - 1,
                    )
                )
                return events
            state.pending = None
    after_step(state, events)
    return events


def regain_in_own_capitol(state: ConquestState, space: str, events: list[Event]) -> None:
    """A capture inside the mover's own capitol gives back ``capitol_penalty`` moves."""
    rules = state.game.rules
    me = state.mover
    if space in state.game.board.capitol[me] and state.budget < rules.moves_per_turn:
        state.budget = min(rules.moves_per_turn, state.budget + rules.capitol_penalty)
        events.append(
            state.event(
                me,
                "regain",
                f"{state.player_name(me)} regains {rules.capitol_penalty} moves by "
                f"capturing in its own capitol: this turn now has {state.budget} moves "
                f"instead of {state.budget - rules.capitol_penalty}, {state.spent} used and "
                f"{state.moves_left} left.",
            )
        )


def apply_pass(state: ConquestState, _action: Pass) -> list[Event]:
    actor = state.current_player
    events = [
        state.event(
            actor,
            "pass",
            f"{state.player_name(actor)} ends the turn with "
            f"{plural(state.moves_left, 'move')} unused.",
        )
    ]
    end_turn(state, events)
    return events


# --- the recapture phase -------------------------------------------------------------
def recapture_steps_left(state: ConquestState) -> int:
    """Steps the defender still has in the recapture under way, this one included."""
    assert state.pending is not None
    return state.game.rules.recapture_moves - state.pending.step + 1


def recapture_actions(state: ConquestState) -> list[Action]:
    """The defender's answers: retake now, take a needed first step, or refuse.

    A recapture has at most ``recapture_moves`` steps (data/conquest/rules.json; the
    book says one or two), the last of them the capture. Every earlier step must open
    the way for a piece that could not retake before it, and none of them may capture.
    """
    assert state.pending is not None
    space = state.pending.space
    defender = 1 - state.mover
    excluded = frozenset(state.pending.before)
    now = capturers(state, space, defender)
    out: list[Action] = [Move(p, space) for p in state.game.piece_order if p in now - excluded]
    remaining = recapture_steps_left(state)
    if remaining >= 2:
        wider = excluded | now
        for piece, to, tag in recapture_preparations(state, space, defender, remaining):
            trial = state.copy()
            perform(trial, piece, to, tag)
            if opens_recapture(trial, space, defender, wider, remaining - 1):
                out.append(Move(piece, to))
    if state.pending.step == 1:
        out.append(Refuse())
    return out


def recapture_preparations(
    state: ConquestState, space: str, defender: int, steps: int
) -> list[tuple[str, str, str]]:
    """Non-capturing steps of the defender near ``space``: a recapture's early steps."""
    near = state.game.board.within(space, steps)
    out = []
    for piece in pieces_of(state, defender):
        if state.where[piece] not in near:
            continue
        if state.transit is not None and piece != state.transit:
            continue
        for to in candidates(state, piece):
            if to == space:
                continue
            tag = step(state, piece, to, steps - 1)[0]
            if tag in NON_CAPTURES:
                out.append((piece, to, tag))
    return out


def opens_recapture(
    state: ConquestState, space: str, defender: int, excluded: frozenset[str], steps: int
) -> bool:
    """Can a piece not in ``excluded`` retake on ``space`` within ``steps`` steps?"""
    now = capturers(state, space, defender)
    if now - excluded:
        return True
    if steps <= 1:
        return False
    wider = excluded | now
    for piece, to, tag in recapture_preparations(state, space, defender, steps):
        trial = state.copy()
        perform(trial, piece, to, tag)
        if opens_recapture(trial, space, defender, wider, steps - 1):
            return True
    return False


def apply_recapture(state: ConquestState, move: Move, events: list[Event]) -> None:
    """The defender's step: the retaking capture, or a needed first step."""
    assert state.pending is not None
    defender = 1 - state.mover
    space = state.pending.space
    here = state.where[move.piece]
    if move.to == space:
        tag = step(state, move.piece, space, 0)[0]
        gone, seized = perform(state, move.piece, space, tag)
        state.captured_this_turn = True
        # the recapture's last step is logged in the recapture (its heading), then it ends
        events.append(
            describe_step(state, defender, move.piece, here, space, tag, gone, seized, "recaptures")
        )
        state.pending = None
        if not land_pieces_gone(state, events):
            after_step(state, events)
        return
    tag = step(state, move.piece, move.to, recapture_steps_left(state) - 1)[0]
    before = sorted(set(state.pending.before) | capturers(state, space, defender))
    perform(state, move.piece, move.to, tag)
    state.pending = PendingRecapture(
        space=space,
        step=state.pending.step + 1,
        before=tuple(before),
        capturer=state.pending.capturer,
    )
    events.append(describe_step(state, defender, move.piece, here, move.to, tag, [], None))


def apply_refuse(state: ConquestState, _action: Refuse) -> list[Event]:
    actor = state.current_player
    space = state.pending.space if state.pending else "?"
    events = [
        state.event(
            actor, "refuse", f"{state.player_name(actor)} declines to recapture on {space}."
        )
    ]
    state.pending = None
    after_step(state, events)
    return events


# --- the draw offer -------------------------------------------------------------------
def apply_offer_draw(state: ConquestState, _action: OfferDraw) -> list[Event]:
    actor = state.current_player
    state.draw_offered = True
    state.offered_this_turn = True
    return [state.event(actor, "draw", f"{state.player_name(actor)} offers a draw.")]


def apply_accept_draw(state: ConquestState, _action: AcceptDraw) -> list[Event]:
    actor = state.current_player
    state.draw_offered = False
    agree_draw(state)
    return [state.event(actor, "draw", f"{state.player_name(actor)} accepts the draw.")]


def apply_decline_draw(state: ConquestState, _action: DeclineDraw) -> list[Event]:
    actor = state.current_player
    state.draw_offered = False
    return [state.event(actor, "draw", f"{state.player_name(actor)} declines the draw.")]


# --- refusals ---------------------------------------------------------------------------
def why_illegal(state: ConquestState, action: Action) -> tuple[str, str]:
    names = state.game.player_names
    if state.draw_offered:
        return (
            f"{names[state.mover]} has offered a draw; {names[1 - state.mover]} must accept "
            "or decline it first",
            "agreed draw",
        )
    if isinstance(action, AcceptDraw | DeclineDraw):
        return "no draw has been offered", "agreed draw"
    if isinstance(action, Refuse | Pass) and recapture_begun(state):
        assert state.pending is not None
        return (
            f"{names[1 - state.mover]} has begun a recapture on {state.pending.space} and "
            "must complete it with the next move; it can no longer be refused or passed",
            "recapture",
        )
    if isinstance(action, Refuse):
        return "there is no capture to answer, so nothing to refuse", "recapture"
    if isinstance(action, OfferDraw):
        if state.pending is not None:
            return "a draw cannot be offered while a recapture is pending", "agreed draw"
        if not state.game.draw_offers:
            return "draw offers are switched off in this game", "agreed draw"
        if state.transit is not None:
            return (
                f"{piece_name(state.transit)} is passing through its own men: the knight must "
                "finish its move before a draw can be offered",
                "agreed draw",
            )
        return "a draw may be offered only once per turn", "agreed draw"
    if isinstance(action, Pass):
        if state.pending is not None:
            return (
                "the defender answers a capture by recapturing or refusing, not by passing",
                "recapture",
            )
        return (
            f"{piece_name(state.transit)} is passing through its own men and must finish its move",
            "knights",
        )
    if not isinstance(action, Move):
        return f"{action} is not a CONQUEST action", "actions"
    return why_move_illegal(state, action)


def why_move_illegal(state: ConquestState, move: Move) -> tuple[str, str]:
    names = state.game.player_names
    piece, to = move.piece, move.to
    if piece not in state.where:
        return f"there is no piece {piece_name(piece)} on the board", "pieces"
    if to not in state.game.board.spaces:
        return f"there is no space called {to}", "the board"
    actor = state.current_player
    if state.owner[piece] != actor:
        return (
            f"{piece_name(piece)} belongs to {names[state.owner[piece]]}, and {names[actor]} "
            "is to act",
            "turns",
        )
    if state.pending is not None:
        return why_recapture_illegal(state, move)
    if state.transit is not None and piece != state.transit:
        return (
            f"{piece_name(state.transit)} is passing through its own men and must move on first",
            "knights",
        )
    limit = state.game.limit[piece]
    if state.used.get(piece, 0) >= limit:
        return (
            f"{piece_name(piece)} has already made all {limit} of its moves this turn",
            "piece move limits",
        )
    room = min(limit - state.used.get(piece, 0), state.moves_left) - 1
    _tag, message, rule = step(state, piece, to, room)
    return (message or f"{move} is not allowed here", rule or "moves")


def recapture_begun(state: ConquestState) -> bool:
    return state.pending is not None and state.pending.step > 1


def why_recapture_illegal(state: ConquestState, move: Move) -> tuple[str, str]:
    assert state.pending is not None
    space = state.pending.space
    remaining = recapture_steps_left(state)
    tag, message, rule = step(state, move.piece, move.to, max(remaining - 1, 0))
    if move.to == space:
        if not tag:
            return (
                f"{piece_name(move.piece)} cannot retake the piece on {space}: {message}",
                rule,
            )
        if move.piece in state.pending.before:
            return (
                "every move of a recapture must be needed: "
                f"{piece_name(move.piece)} could already retake on {space} before the first "
                "move "
                "of this recapture",
                "recapture",
            )
        return f"{piece_name(move.piece)} cannot retake the piece on {space} now", "recapture"
    if remaining < 2:
        return (
            f"the recapture on {space} has begun and must be completed: the next move "
            f"must retake the piece on {space}",
            "recapture",
        )
    if not tag:
        return message, rule
    if tag in CAPTURES:
        return (
            "a recapture may not include a separate capture on the way",
            "recapture",
        )
    return (
        f"moving {piece_name(move.piece)} to {move.to} does not make a recapture on {space} "
        "possible "
        "that was not possible already; every move of a recapture must be needed",
        "recapture",
    )
