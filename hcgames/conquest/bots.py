"""The computer's three levels for CONQUEST (1972).

A CONQUEST turn is up to 20 single steps by the same side, so the levels differ in
how far through their own turn they look:

- **easy** (:class:`EasyBot`) takes, step by step, any move that does not look worse
  than standing still, chosen at random: it grabs a free piece now and then but
  never compares its moves.
- **medium** (:class:`MediumBot`) takes, step by step, the single move that looks
  best right now by :func:`~hcgames.conquest.evaluation.evaluate`.
- **hard** (:class:`HardBot`) plans the whole turn before its first step: a beam
  search over every step of the turn (it keeps the ``width`` best lines, 8, after
  each step), where every capture is followed by the enemy's best answer (retake or
  refuse, found by search); the ``replies`` (24) best ends of turn are then each
  answered by the enemy's next turn played step by step, and it picks the plan that
  leaves it best placed after that. It then plays that plan, and plans again if the
  enemy answers a capture differently than it expected. It judges positions by the
  package's evaluation, but as the turns without a capture run out it counts more
  and more on who would win the game if it were judged then (the side holding more
  enemy capitol spaces), and it counts its last few land pieces dearly (with none
  left a side loses, and only land pieces can hold capitol spaces).

None of the levels offers a draw; each accepts one only when its judgement of the
position says it is clearly losing (``DRAW_WHEN_BELOW``). The evaluation is the
package's own, so nothing about the rules or the existing greedy play changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from hcgames.bots import GreedyBot, ShortSightedBot
from hcgames.conquest.actions import AcceptDraw, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.conquest.evaluation import chances, score
from hcgames.conquest.movement import in_words
from hcgames.conquest.search import position_key as _key
from hcgames.conquest.state import ConquestState
from hcgames.core import Action, State
from hcgames.words import join, plural

__all__ = ["DRAW_WHEN_BELOW", "LEVELS", "EasyBot", "HardBot", "MediumBot"]

#: a level accepts a draw offer only if its evaluation of the position is below this
DRAW_WHEN_BELOW = 0.3


def _answer_draw(state: ConquestState) -> tuple[Action, str]:
    value = state.evaluate(state.current_player)
    if value < DRAW_WHEN_BELOW:
        return AcceptDraw(), "it is losing, so a draw is a good result"
    return DeclineDraw(), "it does not think it is losing, so it plays on"


def _playable(state: ConquestState) -> list[Action]:
    return [a for a in state.legal_actions() if not isinstance(a, OfferDraw)]


def _lean(state: ConquestState) -> ConquestState:
    """A copy to search from: without the game's history and log, which look-ahead
    never reads (so every copy made from it is cheap)."""
    lean = state.copy()
    lean.history = []
    lean.events = []
    return lean


def _child(node: ConquestState, action: Action) -> ConquestState:
    """``node`` with ``action`` played, for look-ahead only. ``action`` comes from
    ``node.legal_actions()``, so the checks of :meth:`State.apply` (which refuse bad
    input from people) are skipped, and the child keeps no history."""
    child = node.copy()
    child._apply(action)
    child._legal_cache = None
    return child


def _kind(state: ConquestState, piece: str) -> str:
    return state.game.kind_of[piece]


def _describe(state: ConquestState, action: Action) -> str:
    """What the move does, in words (true of the move, before it is made)."""
    if isinstance(action, Pass):
        return f"it stops its turn with {plural(state.moves_left, 'move')} unused"
    if isinstance(action, Refuse):
        return "it does not retake the piece"
    if isinstance(action, Move):
        target = state.top.get(action.to)
        pending = state.pending
        if pending is not None and action.to != pending.space:
            # a retake in steps: this one takes nothing yet (look 9, lesson 34)
            which = "first" if pending.step == 1 else "next"
            return (
                f"its {_kind(state, action.piece)} goes to {action.to}, the {which} step "
                f"of its retake on {pending.space}"
            )
        if target is not None and state.owner[target] != state.current_player:
            verb = "retakes" if state.pending is not None else "takes"
            # what the taken piece carried is lost with it: said, not left to the log
            cargo = [_kind(state, p) for p in state.cargo.get(target, [])]
            kinds = [
                k if cargo.count(k) == 1 else f"{in_words(cargo.count(k))} {k}s"
                for k in dict.fromkeys(cargo)
            ]
            aboard = f" and the {join(kinds)} it carried" if cargo else ""
            return f"it {verb} the enemy {_kind(state, target)} on {action.to}{aboard}"
        kind = _kind(state, action.piece)
        if target is not None and target != action.piece:  # its own piece holds the space
            own = _kind(state, target)
            if kind == "knight" and own != "ship" and own != "galleon":
                # a knight only passes its own men: "to k8" is not where it stops
                return f"its knight rides through {action.to}, over its own {own}, and goes on"
            if state.game.is_ship[target]:
                return f"its {kind} goes aboard its {own} at {action.to}"
            return f"its {kind} climbs onto its {own} on {action.to}"
        return f"its {kind} moves to {action.to}"
    return f"it chooses to {action}"


def _only_move(state: ConquestState, action: Action) -> str:
    """Why a move that was the only one allowed was made, with what it did (a capture
    said, never only "the only move": look 9, lesson 34 hid a retaken elephant)."""
    pending = state.pending
    if pending is not None and pending.step > 1 and state.current_player != state.mover:
        why = "it had to finish the retake it began (a retake once begun must be completed)"
    else:
        why = "it was the only move allowed"
    return f"{_describe(state, action)}; {why}"


class _DrawSense:
    """Shared by the levels: answer a draw offer by the evaluation, never offer one."""

    def _special(self, state: State) -> Action | None:
        assert isinstance(state, ConquestState)
        if state.draw_offered:
            action, self.reason = _answer_draw(state)
            return action
        return None


class EasyBot(_DrawSense, ShortSightedBot):
    """Easy: a random move among those that do not look worse than now (one step)."""

    name = "easy"

    def choose(self, state: State) -> Action:
        assert isinstance(state, ConquestState)
        special = self._special(state)
        if special is not None:
            return special
        legal = _playable(state)
        if len(legal) == 1:
            self.reason = _only_move(state, legal[0])
            return legal[0]
        now = state.evaluate(state.current_player)
        scored = self.scored(state, legal)
        fine = [a for a, v in scored if v >= now - self.slack]
        if fine:
            action = fine[self.rng.randrange(len(fine))]
            self.reason = (
                # a refusal is no move: "it looked all right at a glance" did not fit it
                # (look 13, lesson 34)
                f"{_describe(state, action)}; leaving the piece looked no worse than "
                "retaking it, at a glance"
                if isinstance(action, Refuse)
                else f"{_describe(state, action)}; it looked all right at a glance "
                "(it did not compare it with other moves)"
            )
        else:
            top = max(v for _, v in scored)
            action = next(a for a, v in scored if v >= top - self.tie_tolerance)
            self.reason = (
                f"{_describe(state, action)}; every move it could see left it a little worse "
                "off, and this one cost it least"
            )
        return action


class MediumBot(_DrawSense, GreedyBot):
    """Medium: the one move that looks best right now (one step, no plan)."""

    name = "medium"

    def choose(self, state: State) -> Action:
        assert isinstance(state, ConquestState)
        special = self._special(state)
        if special is not None:
            return special
        legal = _playable(state)
        if len(legal) == 1:
            self.reason = _only_move(state, legal[0])
            return legal[0]
        scored = self.scored(state, legal)
        top = max(v for _, v in scored)
        best = [a for a, v in scored if v >= top - self.tie_tolerance]
        action = best[self.rng.randrange(len(best))]
        self.reason = (
            f"{_describe(state, action)}; leaving the piece looks better right now than "
            "any retake (it does not plan further)"
            if isinstance(action, Refuse)
            else f"{_describe(state, action)}; of its {len(legal)} moves this one looks best "
            "right now (it does not plan further)"
        )
        return action


class HardBot(_DrawSense):
    """Hard: plans its whole turn with a beam search, captures and retakes included.

    ``width`` lines are kept after every step. A capture in a line is followed by
    the enemy's answer that is worst for us (each retake and the refusal are tried).
    Lines are compared by the evaluation once the turn is over, so a plan that
    leaves a piece hanging at the end of the turn loses to one that does not.
    """

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        width: int = 8,
        replies: int = 24,
        quiet_sense: bool = True,
        quiet_power: float = 2.0,
        land_weight: float = 4.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.width = width
        self.replies = replies
        self.quiet_sense = quiet_sense
        self.quiet_power = quiet_power
        self.land_weight = land_weight
        self.reason = ""
        self.plan: list[tuple[Hashable, Action]] = []
        self.plan_summary = ""

    # --- judging -----------------------------------------------------------------
    def value(self, state: ConquestState, me: int) -> float:
        """The package's evaluation, leaning more and more on who would win if the
        game were judged now, as the turns without a capture run out (a game ended
        that way goes to the side holding more enemy capitol spaces, whatever the
        pieces left). A finished game counts far more than any position (+5 won,
        -5 lost, 0 drawn)."""
        if state.is_terminal():
            return 10.0 * (state.returns()[me] - 0.5)
        raw = score(state, me)
        if self.land_weight:
            raw += self.land_weight * (
                math.sqrt(state.land_pieces(me)) - math.sqrt(state.land_pieces(1 - me))
            )
        base = chances(raw)
        if not self.quiet_sense:
            return base
        lead = state.occupied_capitol(me) - state.occupied_capitol(1 - me)
        limit = 2 * state.game.rules.quiet_turns_each
        verdict = 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
        urgency = (state.quiet / limit) ** self.quiet_power
        return (1 - urgency) * base + urgency * verdict

    # --- choosing ----------------------------------------------------------------
    def choose(self, state: State) -> Action:
        assert isinstance(state, ConquestState)
        special = self._special(state)
        if special is not None:
            return special
        if state.pending is not None and state.current_player != state.mover:
            return self._answer_capture(_lean(state))
        legal = _playable(state)
        if len(legal) == 1:
            self.plan = []
            self.reason = _only_move(state, legal[0])
            return legal[0]
        key = _key(state)
        if not self.plan or self.plan[0][0] != key:
            self._make_plan(_lean(state))
        step = len(self.plan)
        _, action = self.plan.pop(0)
        self.reason = f"{_describe(state, action)}; {self.plan_summary}"
        if step > 1:
            self.reason += f" ({plural(step - 1, 'more move')} of the plan to go)"
        return action

    def _answer_capture(self, state: ConquestState) -> Action:
        """Retake or refuse: each answer tried, then the enemy's best next step."""
        me = state.current_player
        self.plan = []
        best: Action | None = None
        best_value = -100.0
        for reply in state.legal_actions():
            child = _child(state, reply)
            value = self._after_enemy_step(child, me)
            if value > best_value + 1e-12:
                best, best_value = reply, value
        assert best is not None
        if isinstance(best, Refuse):
            self.reason = (
                "it does not retake, because every way of retaking left it worse off "
                "once the enemy moves again"
            )
        else:
            self.reason = (
                f"{_describe(state, best)}; it tried every answer and the enemy's best "
                "reply to each, and this one came out best"
            )
        return best

    def _after_enemy_step(self, state: ConquestState, me: int) -> float:
        """Our value after the enemy (to move) makes its best single step, captures
        answered by our best reply."""
        if state.is_terminal() or state.current_player == me:
            return self.value(state, me)
        worst = 100.0
        for action in _playable(state):
            child = _child(state, action)
            if child.pending is not None and not child.is_terminal() and child.current_player == me:
                child = self._best_reply(child, me)
            worst = min(worst, self.value(child, me))
        return worst

    # --- planning the turn -------------------------------------------------------
    def _resolve(self, state: ConquestState, me: int) -> ConquestState:
        """After our capture: the enemy's answer that is worst for us, until we move on."""
        while not state.is_terminal() and state.pending is not None and state.current_player != me:
            worst: ConquestState | None = None
            worst_value = 100.0
            for reply in state.legal_actions():
                child = _child(state, reply)
                if not child.is_terminal() and child.pending is not None:
                    child = self._resolve(child, me)
                value = self.value(child, me)
                if value < worst_value:
                    worst, worst_value = child, value
            assert worst is not None
            state = worst
        return state

    def _best_reply(self, state: ConquestState, me: int) -> ConquestState:
        best = state
        best_value = -100.0
        for reply in state.legal_actions():
            child = _child(state, reply)
            value = self.value(child, me)
            if value > best_value:
                best, best_value = child, value
        return best

    def _enemy_turn(self, state: ConquestState, me: int) -> float:
        """Our value after the enemy plays its next turn step by step, each step the
        one that looks best for it (our answers to its captures: our best retake)."""
        state = state.copy()
        if state.is_terminal():
            return self.value(state, me)
        enemy = state.mover
        if enemy == me:
            return self.value(state, me)
        while not state.is_terminal() and state.mover == enemy:
            if state.current_player == me:  # we answer one of its captures
                state = self._best_reply(state, me)
                continue
            best: ConquestState | None = None
            best_value = -100.0
            for action in _playable(state):
                child = _child(state, action)
                value = child.evaluate(enemy)
                if value > best_value:
                    best, best_value = child, value
            assert best is not None
            state = best
        return self.value(state, me)

    def _make_plan(self, state: ConquestState) -> None:
        me = state.current_player
        Line = tuple[ConquestState, list[tuple[Hashable, Action]], int]
        beam: list[Line] = [(state, [], 0)]
        finished: list[
            tuple[float, int, list[tuple[Hashable, Action]], int, ConquestState, bool]
        ] = []
        order = 0
        while beam:
            children: dict[Hashable, tuple[float, int, Line]] = {}
            for node, path, taken in beam:
                node_key = _key(node)
                for action in _playable(node):
                    capture = (
                        isinstance(action, Move)
                        and action.to in node.top
                        and node.owner[node.top[action.to]] != me
                    )
                    child = _child(node, action)
                    child = self._resolve(child, me)
                    line = [*path, (node_key, action)]
                    count = taken + (1 if capture else 0)
                    order += 1
                    value = self.value(child, me)
                    if child.is_terminal() or child.mover != me:
                        finished.append(
                            (value, -order, line, count, child, capture and not child.is_terminal())
                        )
                        continue
                    key = _key(child)
                    if key not in children or children[key][0] < value:
                        children[key] = (value, -order, (child, line, count))
            ranked = sorted(children.values(), key=lambda t: (t[0], t[1]), reverse=True)
            beam = [entry for _, _, entry in ranked[: self.width]]
        # the best few distinct ends of turn, each answered by the enemy's own turn
        # played the greedy way (the best-looking step each time)
        finished.sort(key=lambda t: (t[0], t[1]), reverse=True)
        shortlist = []
        seen: set[Hashable] = set()
        for entry in finished:
            end = entry[4]
            key = _key(end)
            if key in seen:
                continue
            seen.add(key)
            shortlist.append(entry)
            if len(shortlist) >= self.replies:
                break
        best_value = -100.0
        line, count, last_takes = shortlist[0][2], shortlist[0][3], shortlist[0][5]
        for _, _, path, taken, end, takes in shortlist:
            value = self._enemy_turn(end, me)
            if value > best_value + 1e-12:
                best_value, line, count, last_takes = value, path, taken, takes
        self.plan = line
        moves = sum(1 for _, a in line if isinstance(a, Move))
        stop = ", then stops" if line and isinstance(line[-1][1], Pass) else ""
        what = f"takes {plural(count, 'enemy piece')}" if count else "makes no capture"
        last = ""
        if last_takes:
            last = ", and its last capture is the turn's last move, which the enemy may not retake"
        self.plan_summary = (
            f"it planned its whole turn ({plural(moves, 'move')}{stop}), checking how the enemy "
            f"could retake after each capture and what the enemy could do next turn; "
            f"this plan {what}{last}"
        )


#: the levels of :meth:`ConquestGame.bot_levels`
LEVELS: dict[str, Any] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
