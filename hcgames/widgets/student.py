"""A scripted student: plays a play screen to its end by clicks, kernel-side.

:class:`ScriptedStudent` sits at a :class:`~hcgames.widgets.PlayApp` (against the
computer) and plays as a beginner who has read the rules would: at each real choice
it clicks a reasonable move in the list, then **Play this move**, two clicks. A
reasonable move is, seven times in ten, the one that looks best at a glance (the
Medium level's pick) and otherwise any move that does not look worse than standing
still (the Easy level's pick): never a search several moves ahead. Steps the screen
plays by itself cost no click. The picks are seeded, so a game replays exactly.

The tests (tests/test_class_games.py) and the bench (bench/bench_class_games.py)
count its clicks over seeded games.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from hcgames.bots import LevelBot
from hcgames.core import Action
from hcgames.widgets.play_screen import PlayApp

__all__ = ["CLICKS_PER_MOVE", "SECONDS_PER_CHOICE", "GameRecord", "ScriptedStudent"]

#: a move costs two clicks: pick it in the list, then press Play this move
CLICKS_PER_MOVE = 2
#: what one real choice takes a student in class, reading the screen included (our
#: estimate for the minutes a game lasts; the computer's time is added to it)
SECONDS_PER_CHOICE = 20


@dataclass(frozen=True)
class GameRecord:
    """One game a scripted student played to its end."""

    clicks: int  # the student's clicks in the game
    moves: int  # every action of the game, the computer's and the dice included
    choices: int  # the student's real choices (two clicks each)
    computer_seconds: float  # time the screen worked after the student's clicks
    winner: str  # the winning side(s), or "draw", or "unfinished"
    student_won: bool
    rounds: int
    shown_moves: int  # the computer's moves shown one by one on the board

    @property
    def minutes(self) -> float:
        """Estimated minutes of a whole game in class: each choice
        :data:`SECONDS_PER_CHOICE`, plus the computer's work and the pause after each
        of its moves on the board."""
        pause = PlayApp.PAUSE * self.shown_moves
        return (self.choices * SECONDS_PER_CHOICE + self.computer_seconds + pause) / 60


class ScriptedStudent:
    """Plays ``app`` by clicks as a reasonable beginner (see the module)."""

    #: how often the student plays the move that looks best at a glance
    CARE = 0.7

    def __init__(self, app: PlayApp, seed: int = 0) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.easy = LevelBot("easy", seed)
        self.medium = LevelBot("medium", seed + 1)
        self.clicks = 0
        self.choices = 0
        self.computer_seconds = 0.0
        self.shown_moves = 0

    def choose(self) -> Action:
        """The move the student clicks now."""
        bot = self.medium if self.rng.random() < self.CARE else self.easy
        return bot.choose(self.app.state.copy())

    def click_move(self) -> Action:
        """Pick a move in the list and press Play this move (two clicks)."""
        app = self.app
        action = self.choose()
        app.picker.pick(action)
        self.clicks += 1
        before = len(app.reasons)
        start = time.perf_counter()
        app.picker.apply_button.click()
        self.computer_seconds += time.perf_counter() - start
        self.clicks += 1
        self.choices += 1
        self.shown_moves += max(0, len(app.reasons) - before)
        return action

    def play(self, max_clicks: int = 1000) -> GameRecord:
        """Play to the end of the game (or until ``max_clicks``) and say how it went."""
        app = self.app
        while not app.state.is_terminal() and self.clicks < max_clicks:
            if not app.waiting_for_human():
                raise RuntimeError("the screen stopped where no student has to choose")
            self.click_move()
        state = app.state
        outcome = state.outcome() if state.is_terminal() else None
        if outcome is None:
            winner = "unfinished"
        elif not outcome.winners:
            winner = "draw"
        else:
            winner = " and ".join(state.player_name(p) for p in outcome.winners)
        won = outcome is not None and any(p in outcome.winners for p in app.student_seats)
        return GameRecord(
            clicks=self.clicks,
            moves=len(state.history),
            choices=self.choices,
            computer_seconds=self.computer_seconds,
            winner=winner,
            student_won=won,
            rounds=state.round,
            shown_moves=self.shown_moves,
        )
