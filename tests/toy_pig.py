"""Pig, a tiny dice game used to test the contract, drivers and bots.

Each turn the player rolls a die as often as they like; a 1 wipes the turn's
points and ends the turn, holding banks them. First to ``target`` wins. It has
chance steps, decisions and a known best strategy, which is all the foundation
tests need.

It is also the reference game of docs/adding-a-game.md: one file standing for the
package skeleton (actions, game, state, turn, moves, victory, decisions, bots and
teach below are the modules a real game splits them into), registered for a test by
:func:`hcgames.register` in tests/test_checklist.py, which runs the shared
conformance and layout checks on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hcgames.core import CHANCE, TERMINAL, Action, Event, Game, Outcome, RuleDecision, State
from hcgames.dice import die

# --- actions (a real game: the actions module) --------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold(Action):
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Face(Action):
    value: int

    def __str__(self) -> str:
        return f"die shows {self.value}"


# --- bots (a real game: the bots module) ---------------------------------------------


class HolderBot:
    """The old rule of thumb: roll until the turn has made 20 points (or enough to
    win), then hold. Reached as ``--bots holder`` through :meth:`PigGame.bots`."""

    name = "holder"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # no luck of its own: the die is a chance step
        self.reason = ""

    def choose(self, state: State) -> Action:
        assert isinstance(state, PigState)
        player = state.current_player
        enough = min(20, state.game.target - state.scores_[player])
        if state.turn_total >= enough:
            self.reason = f"the turn has made {state.turn_total} points, enough to bank"
            return Hold()
        self.reason = f"the turn has made {state.turn_total} points, fewer than {enough}"
        return Roll()


# --- game (a real game: the game module, with decisions and teach) -------------------


class PigGame(Game):
    id = "pig"
    title = "Pig"

    def __init__(self, target: int = 20) -> None:
        super().__init__(target=target)
        self.target = target

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_actions(self) -> int:
        return 4000

    def rule_decisions(self) -> list[RuleDecision]:
        # a real game reads these from data/<pkg>/decisions.json (its decisions module)
        return [RuleDecision("turn limit", "after 150 turns the higher score wins", "ours")]

    def phases(self) -> list[str]:
        return ["rolling"]

    def bots(self) -> dict[str, Callable[[int], Any]]:
        return {"holder": HolderBot}

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        return {"close finish": self.close_finish}

    def close_finish(self) -> State:
        """A lesson's opening position, reached by playing moves (so it saves and
        loads like any game): the first player has banked 16 and the second 15."""
        moves: list[Action] = [Roll(), Face(6), Roll(), Face(6), Roll(), Face(4), Hold()]
        moves += [Roll(), Face(5), Roll(), Face(5), Roll(), Face(5), Hold()]
        return self.replay(moves)


# --- state (a real game: the state module, calling turn, moves and victory) ----------


class PigState(State):
    game: PigGame

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.scores_ = [0, 0]
        self.turn_total = 0
        self.player = 0
        self.rolling = False
        self.turns = 0

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.player

    @property
    def phase(self) -> str:
        return "rolling"

    @property
    def round(self) -> int:
        # Pig counts turns, and a round is one turn of each player
        return self.turns // 2 + 1

    def _legal_actions(self) -> list[Action]:
        return [Roll(), Hold()]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Face(v), p) for v, p in die(6).items()]

    # the rules (a real game: turn and moves modules), one handler per action in
    # HANDLERS below: ``handler(state, action)`` returns the events it made

    def roll(self, action: Roll) -> list[Event]:
        self.rolling = True
        return []

    def face(self, action: Face) -> list[Event]:
        who = self.player
        self.rolling = False
        if action.value == 1:
            self.turn_total = 0
            self._next()
            return [self.event(who, "bust", "rolled a 1 and lost the turn")]
        self.turn_total += action.value
        return [self.event(who, "roll", f"rolled {action.value}")]

    def hold(self, action: Hold) -> list[Event]:
        who = self.player
        self.scores_[who] += self.turn_total
        text = f"held at {self.scores_[who]}"
        self.turn_total = 0
        self._next()
        return [self.event(who, "hold", text)]

    def _next(self) -> None:
        self.player = 1 - self.player
        self.turns += 1
        self.result = self._result()  # a real game: the victory module

    def _result(self) -> Outcome | None:
        a, b = self.scores_
        if max(a, b) < self.game.target and self.turns < 150:
            return None
        if a == b:
            return Outcome((), "level scores")
        return Outcome(
            (0 if a > b else 1,),
            "reached the target"
            if max(a, b) >= self.game.target
            else "higher score at the turn limit",
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores_),
            "turn_total": self.turn_total,
            "player": self.player,
            "rolling": self.rolling,
            "turns": self.turns,
        }

    def why_illegal(self, action: Action) -> tuple[str, str]:
        if isinstance(action, Face) and not self.rolling:
            return ("nobody is rolling: choose roll or hold first", "rolling the die")
        return super().why_illegal(action)

    def evaluate(self, player: int) -> float:
        if self.is_terminal():
            return self.returns()[player]
        mine = self.scores_[player] + (self.turn_total if self.player == player else 0)
        theirs = self.scores_[1 - player]
        return 0.5 + (mine - theirs) / (2 * self.game.target)

    def scores(self) -> dict[int, float]:
        return {0: self.scores_[0], 1: self.scores_[1]}


PigGame.state_class = PigState
PigState.HANDLERS = {Roll: PigState.roll, Face: PigState.face, Hold: PigState.hold}
