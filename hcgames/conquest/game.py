"""The CONQUEST (1972) game object: options, setup, custom positions and views.

Options
-------
``turn_limit`` (int, default 200: ``defaults.turn_limit`` in ``rules.json``)
    The game ends after this many turns (both players' turns counted) and is judged
    like the ten-quiet-turns rule: most enemy capitol spaces held wins, equal is a
    draw. The book has no limit; we need one because a ship captured at port changes
    sides instead of leaving the board, so captures alone do not bound a game.
``draw_offers`` (bool, default True)
    Whether :class:`~.actions.OfferDraw` is available (once per turn).
``scenario`` (str, default ``"standard"``)
    ``"standard"`` is the full starting set-up; other names come from
    ``data/conquest/scenarios.json`` (``"skirmish"``: small forces meeting on the
    Middle Isle, our own).
``moves_per_turn`` (int, default 20: ``moves_per_turn`` in ``rules.json``)
    The moves of every turn (the first turn of the standard set-up has half, as the
    book's 10 of 20); the capitol penalty shrinks in proportion (a fifth of the turn
    per space, never below 1). Ours: the class game plays short turns.
``pieces_decide`` (bool, default False)
    When a game is judged (quiet turns or the turn limit) with equal capitol
    holdings, the side with more pieces left wins instead of a draw (ours: the class
    game's skirmish rarely reaches a capitol).
``position`` (dict or None)
    A custom position instead of the starting set-up; build it with
    :meth:`ConquestGame.position`. It is stored in the options, so a game saved from
    it loads again with ``Game(**options).new_game()`` and replays exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from hcgames.classgame import class_decisions, class_options
from hcgames.conquest.board import SIDES, Board
from hcgames.conquest.bots import LEVELS, MediumBot
from hcgames.conquest.decisions import rule_decisions
from hcgames.conquest.material import (
    PLAYERS,
    Material,
    Rules,
    check_position,
    load_material,
    load_puzzle_specs,
    load_scenarios,
)
from hcgames.conquest.search import SolverBot
from hcgames.conquest.state import ConquestState
from hcgames.conquest.turn import PHASE_TITLES, PHASES
from hcgames.conquest.views import odds_table
from hcgames.core import Game, RuleDecision, State

__all__ = ["ConquestGame", "rule_decisions"]


class ConquestGame(Game):
    """CONQUEST (1972) by Donald Benge, on our substitute board (see the package docs)."""

    id: ClassVar[str] = "conquest-1972"
    title: ClassVar[str] = "CONQUEST (1972)"
    version: ClassVar[str] = "1"
    #: CONQUEST counts each side's turn, not rounds (State.round is the turn number)
    round_title: ClassVar[str] = "Turn"
    describe_says_when: ClassVar[bool] = True  # "Turn 2, White moving: ..."
    #: the play screen: "Ships: 6 moves", six moves, not six ships; a move by two clicks
    #: on the board; the banner says each step ("Black may recapture"), so the board
    #: does not say the turn again and no row of step names is drawn
    move_list_counts: ClassVar[str] = "move"
    moves_by_clicks: ClassVar[bool] = True
    banner_says_steps: ClassVar[bool] = True
    #: the stepper's "play to the end of the phase" button, in a class's words: a phase
    #: here is one side's turn, cut short when a capture asks about a recapture
    phase_button_words: ClassVar[tuple[str, str]] = (
        "Play to the turn's end",
        "The computer plays on until this side's turn is over; it stops early when a "
        "capture asks the other side whether to recapture",
    )
    state_class = ConquestState

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        unknown = set(options) - {
            "turn_limit",
            "draw_offers",
            "position",
            "scenario",
            "moves_per_turn",
            "pieces_decide",
        }
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)} for {self.id}")
        self.material: Material = load_material()
        limit = options.get("turn_limit", self.material.rules.default_turn_limit)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError(f"option turn_limit must be a positive integer, not {limit!r}")
        draws = options.get("draw_offers", True)
        if not isinstance(draws, bool):
            raise ValueError(f"option draw_offers must be true or false, not {draws!r}")
        self.turn_limit: int = limit
        self.draw_offers: bool = draws
        self.rules: Rules = self.material.rules
        full = self.rules.moves_per_turn
        moves = options.get("moves_per_turn", full)
        if not isinstance(moves, int) or isinstance(moves, bool) or not 2 <= moves <= full:
            raise ValueError(
                f"option moves_per_turn must be a whole number from 2 to {full}, not {moves!r}"
            )
        if moves != full:
            # the penalty per capitol space keeps its share of a turn (4 of 20: a fifth)
            share = self.rules.capitol_penalty / full
            self.rules = dataclasses.replace(
                self.rules,
                moves_per_turn=moves,
                first_turn_moves=max(1, moves * self.rules.first_turn_moves // full),
                capitol_penalty=max(1, round(moves * share)),
            )
        pieces = options.get("pieces_decide", False)
        if not isinstance(pieces, bool):
            raise ValueError(f"option pieces_decide must be true or false, not {pieces!r}")
        #: equal capitol holdings at a judged end: more pieces left wins (class game)
        self.pieces_decide: bool = pieces
        self.board: Board = self.material.board
        self.piece_order: tuple[str, ...] = self.material.piece_order
        self.kind_of: dict[str, str] = dict(self.material.kind_of)
        self.is_ship: dict[str, bool] = dict(self.material.is_ship)
        self.limit: dict[str, int] = dict(self.material.limit)
        position = options.get("position")
        scenario = options.get("scenario", "standard")
        if position is not None and "scenario" in options:
            raise ValueError("options position and scenario cannot be combined")
        if scenario != "standard":
            table = load_scenarios(self.material)
            if scenario not in table:
                known = ", ".join(["standard", *table])
                raise ValueError(f"option scenario must be one of {known}, not {scenario!r}")
            self.setup: dict[str, Any] = table[scenario]
        elif position is None:
            self.setup = {
                "pieces": dict(self.board.start),
                "owners": {p: SIDES.index(p[0]) for p in self.board.start},
                "to_move": 0,
                "turn": 1,
                "budget": self.rules.first_turn_moves,
                "spent": 0,
                "used": {},
                "quiet": 0,
            }
        else:
            self.setup = check_position(self.material, position)
        if self.rules.moves_per_turn != full:
            # a shorter turn: the opening allowance shrinks in the same proportion
            budget = int(self.setup["budget"])
            self.setup = {**self.setup, "budget": max(1, budget * moves // full)}

    @classmethod
    def position(
        cls,
        pieces: dict[str, str],
        *,
        to_move: str | int = "White",
        turn: int = 2,
        budget: int | None = None,
        spent: int = 0,
        used: dict[str, int] | None = None,
        owners: dict[str, str] | None = None,
        quiet: int = 0,
        **options: Any,
    ) -> ConquestGame:
        """A game that starts from a position of your own (for examples and puzzles).

        ``pieces`` maps piece ids (``"W-knight2"``, ``"B-ship1"`` ...) to a space id
        or to the id of the piece carrying it (a soldier on an elephant, anything on
        a ship). ``owners`` gives the side of a ship that changed hands. ``budget``
        is the mover's allowance this turn (default: 20 less 4 per capitol space the
        enemy holds), ``spent`` the moves already made and ``used`` the moves each
        piece has made. The position travels in the options, so saved games from it
        load and replay.
        """
        spec: dict[str, Any] = {
            "pieces": dict(pieces),
            "to_move": to_move if isinstance(to_move, str) else PLAYERS[to_move],
            "turn": turn,
            "spent": spent,
            "used": dict(used or {}),
            "owners": dict(owners or {}),
            "quiet": quiet,
        }
        if budget is not None:
            spec["budget"] = budget
        return cls(position=spec, **options)

    # --- facts ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def max_actions(self) -> int:
        """``turn_limit`` turns of at most 63 actions each: 20 moves, up to
        ``recapture_moves`` (2) recapture steps after each of them, a pass and a draw
        offer with its answer."""
        moves = self.rules.moves_per_turn
        per_turn = moves + self.rules.recapture_moves * moves + 1 + 2
        return per_turn * self.turn_limit

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [
            {},
            {"draw_offers": False, "scenario": "skirmish", "turn_limit": 60},
            class_options(cls.id),
        ]

    def rule_decisions(self) -> list[RuleDecision]:
        return rule_decisions(self.options) + class_decisions(self)

    def bot_levels(self) -> dict[str, Callable[[int], Any]]:
        """Easy, medium and hard for CONQUEST (see :mod:`hcgames.conquest.bots`)."""
        return dict(LEVELS)

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """``"solver"``: the exact puzzle solver (:class:`~.search.SolverBot`), which
        plays a forced win of this turn when it finds one and else plays as medium."""
        return {"solver": lambda seed: SolverBot(MediumBot(seed))}

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        """The positions the lessons open at: the starting set-up, the skirmish and
        every puzzle of ``data/conquest/puzzles.json`` (``"puzzle <id>"``)."""
        setups: dict[str, Callable[..., State]] = {
            "standard": ConquestGame().new_game,
            "skirmish": ConquestGame(scenario="skirmish").new_game,
        }
        for puzzle in load_puzzle_specs(self.material):
            setups[f"puzzle {puzzle.id}"] = partial(_puzzle_state, puzzle.position)
        return setups

    def phases(self) -> list[str]:
        return list(PHASES)

    def phase_title(self, phase: str) -> str:
        """A step as a player says it: "Turn 4, moving: ..." (not "move phase")."""
        return PHASE_TITLES.get(phase, phase)

    def log_phase_title(self, phase: str) -> str:
        """The log leads a move with its turn alone ("Turn 1: The White soldier moves..."):
        "Turn 1, moving:" on every line read as a program's label (look 8, lesson 30)."""
        return "" if phase in ("move", "moving") else self.phase_title(phase)

    def board_layout(self) -> dict[str, Any]:
        nodes = {}
        for sid in self.board.order:
            s = self.board.spaces[sid]
            kind = s["kind"]
            if s.get("capitol"):
                kind = f"capitol-{s['capitol'].lower()}"
            elif s.get("port_of"):
                kind = "port"
            nodes[sid] = {"x": s["x"], "y": s["y"], "kind": kind, "label": sid}
        return {"nodes": nodes, "edges": self.board.edges()}

    def odds_table(self) -> str:
        return odds_table(self)

    #: a game of at most this many turns counts them by side ("White's turn 2 of 6")
    SHORT_GAME_TURNS = 40

    def turns_each(self) -> int:
        """How many turns each side has in a short game (the class game: 6); 0 when the
        game is long and counts its turns as the rulebook does (Turn 1, Turn 2...)."""
        start = int(self.setup.get("turn", 1))
        total = self.turn_limit - start + 1
        return (total + 1) // 2 if total <= self.SHORT_GAME_TURNS else 0

    def turn_words(self, turn: int, *, of: bool = True) -> str:
        """The turn as the page says it: "White's turn 2 of 6" in a short game (each
        side's own turns counted, as the class game's rules say it), "Turn 14" in a
        long one."""
        each = self.turns_each()
        if not each:
            return f"Turn {turn}"
        start = int(self.setup.get("turn", 1))
        first = self.setup.get("to_move", 0)
        first = first if isinstance(first, int) else list(self.player_names).index(first)
        mover = (first + turn - start) % 2
        number = (turn - start) // 2 + 1
        said = f"{self.player_names[mover]}'s turn {number}"
        return f"{said} of {each}" if of else said

    def rounds_played(self, state: State) -> int:
        """Rounds begun in ``state`` (a round: a turn of each side), for a student's
        record of work: 6 after a class game's six turns each, not the turn number."""
        start = int(self.setup.get("turn", 1))
        last = min(state.round, self.turn_limit) if self.turn_limit else state.round
        return max(1, (last - start + 2) // 2)

    def describe(self) -> str:
        # in words a class reads: the scenario by name, never as "scenario=skirmish"
        scenario = self.options.get("scenario", "standard")
        if self.options.get("position"):
            start = "a custom position"
        elif scenario != "standard":
            start = f"the {scenario} scenario (ours)"
        else:
            start = "the starting set-up"
        each = self.turns_each()
        length = (
            f", {self.rules.moves_per_turn} moves a turn, {each} turns each"
            if each
            else f", {self.rules.moves_per_turn} moves a turn"
        )
        return f"{self.title}: two players, {start}{length}, on our substitute board."


def _puzzle_state(position: dict[str, Any]) -> State:
    return ConquestGame(position=position).new_game()
