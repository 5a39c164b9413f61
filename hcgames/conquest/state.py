"""The one CONQUEST state: where every piece stands, whose turn it is, moves left.

A turn is a run of single steps (:class:`~.actions.Move`), each costing one move of
the turn's allowance (10 on the game's very first turn, then 20, less 4 for every
space of your capitol the enemy holds) and one of the moving piece's own limit.
After a capture with moves still left, play stops for the opponent's answer: the
state's ``current_player`` becomes the defender, who may retake the piece on that
space in one or two necessary steps (``recapture_moves`` in the rules data), or
refuse. Then the mover carries on.

The state owns the fields; the rules are plain functions in :mod:`.movement` (one
step), :mod:`.moves` (legal actions, applying them, refusals), :mod:`.turn` and
:mod:`.victory`. Each action is carried out through the one table
:data:`HANDLERS` (``ConquestState.HANDLERS``, core's dispatch convention).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hcgames.conquest import movement, moves, views
from hcgames.conquest.actions import AcceptDraw, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.conquest.evaluation import evaluate
from hcgames.conquest.moves import PendingRecapture
from hcgames.conquest.victory import scores
from hcgames.conquest.views import (
    describe,
    held_name,
    now_words,
    record_words,
    region_views,
    stuck_words,
    unnumbered,
)
from hcgames.core import TERMINAL, Action, Handler, State

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame

__all__ = ["HANDLERS", "ConquestState", "PendingRecapture"]


class ConquestState(State):
    """A CONQUEST position together with whose turn it is and how many moves are left."""

    game: ConquestGame
    #: no dice at all: a capture is a move onto an enemy piece
    battles_use_dice: ClassVar[bool] = False

    def __init__(self, game: ConquestGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        setup = game.setup
        #: piece -> space (carried pieces share their carrier's space)
        self.where: dict[str, str] = {}
        #: carried piece -> the piece carrying it
        self.carrier: dict[str, str] = {}
        #: carrier -> carried pieces (only non-empty lists)
        self.cargo: dict[str, list[str]] = {}
        #: space -> the top-level piece standing there
        self.top: dict[str, str] = {}
        self.owner: dict[str, int] = {}
        #: piece -> steps it has taken this turn
        self.used: dict[str, int] = dict(setup["used"])
        for piece, spot in setup["pieces"].items():
            self.owner[piece] = setup["owners"][piece]
            if spot in game.board.spaces:
                self.top[spot] = piece
        for piece, spot in setup["pieces"].items():
            if spot not in game.board.spaces:
                self.carrier[piece] = spot
                self.cargo.setdefault(spot, []).append(piece)
        for piece in setup["pieces"]:
            if piece not in self.carrier:
                movement.relocate(self, piece, setup["pieces"][piece])
        #: a knight passing through a space held by its own piece
        self.transit: str | None = None
        self.mover: int = setup["to_move"]
        self.turn: int = setup["turn"]
        self.budget: int = setup["budget"]
        self.spent: int = setup["spent"]
        self.quiet: int = setup["quiet"]
        self.captured_this_turn = False
        self.pending: PendingRecapture | None = None
        self.draw_offered = False
        self.offered_this_turn = False

    # --- contract ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pending is not None or self.draw_offered:
            return 1 - self.mover
        return self.mover

    @property
    def phase(self) -> str:
        if self.result is not None:
            return "game over"
        if self.pending is not None:
            return "recapture"
        if self.draw_offered:
            return "draw offer"
        return "move"

    @property
    def round(self) -> int:
        # CONQUEST counts turns, not rounds (each side's turn is one): its round is the
        # turn number the rules and the log speak of
        return self.turn

    @property
    def moves_left(self) -> int:
        return self.budget - self.spent

    def _chance_outcomes(self) -> list[tuple[Action, Any]]:
        return []  # CONQUEST has no dice and no cards

    def _legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def why_illegal(self, action: Action) -> tuple[str, str]:
        return moves.why_illegal(self, action)

    def copy(self) -> ConquestState:
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.where = dict(self.where)
        new.carrier = dict(self.carrier)
        new.cargo = {k: list(v) for k, v in self.cargo.items()}
        new.top = dict(self.top)
        new.owner = dict(self.owner)
        new.used = dict(self.used)
        new.history = list(self.history)
        new.events = list(self.events)
        new._legal_cache = None if self._legal_cache is None else list(self._legal_cache)
        return new

    def snapshot(self) -> dict[str, Any]:
        pieces = {
            p: {
                "space": self.where[p],
                "on": self.carrier.get(p),
                "owner": self.owner[p],
                "used": self.used.get(p, 0),
            }
            for p in self.game.piece_order
            if p in self.where
        }
        result = self.result
        return {
            "pieces": pieces,
            "to_move": self.mover,
            "turn": self.turn,
            "budget": self.budget,
            "spent": self.spent,
            "transit": self.transit,
            "pending": None if self.pending is None else self.pending.to_json(),
            "draw_offered": self.draw_offered,
            "offered_this_turn": self.offered_this_turn,
            "quiet": self.quiet,
            "captured_this_turn": self.captured_this_turn,
            "result": None if result is None else [list(result.winners), result.reason],
        }

    # --- looking (the rules of one step, asked of this position) ---------------------
    def kind(self, piece: str) -> str:
        return self.game.kind_of[piece]

    def pieces_of(self, player: int) -> list[str]:
        return movement.pieces_of(self, player)

    def land_pieces(self, player: int) -> int:
        return movement.land_pieces(self, player)

    def stack(self, piece: str) -> list[str]:
        return movement.stack(self, piece)

    def candidates(self, piece: str) -> tuple[str, ...]:
        return movement.candidates(self, piece)

    def occupied_capitol(self, player: int) -> int:
        return movement.occupied_capitol(self, player)

    def step(self, piece: str, to: str, room: int) -> tuple[str, str, str]:
        return movement.step(self, piece, to, room)

    def capturers(self, space: str, player: int) -> set[str]:
        return movement.capturers(self, space, player)

    # --- views ------------------------------------------------------------------------
    def scores(self) -> dict[int, float]:
        return scores(self)

    def evaluate(self, player: int) -> float:
        return evaluate(self, player)

    def describe(self) -> str:
        return describe(self)

    def event_table(self) -> list[dict[str, Any]]:
        """The log's rows with the pieces named as the board shows them ("The White
        soldier moves from g3 to f3", never "White soldier 9 moves", read as 9 moves)."""
        return [{**row, "text": unnumbered(str(row["text"]))} for row in super().event_table()]

    def action_words(self, action: Action) -> str:
        """A move as the play screen lists it, its piece named by what the board shows,
        its kind and square ("White knight from h6 to i7"): "White ship 1 to g9" named
        a number the board never draws (look 10, lesson 34)."""
        if not isinstance(action, Move) or action.piece not in self.where:
            return str(action)
        name = re.sub(r" \d+$", "", held_name(self, action.piece))
        here = self.where[action.piece]
        carrier = self.carrier.get(action.piece)
        if carrier is not None:
            here += f" (off the {self.game.kind_of[carrier]})"
        return f"{name} from {here} to {action.to}"

    def listed_words(self, action: Action, words: str, played: bool = False) -> str:
        return views.listed_words(self, action, words)

    def move_group(
        self,
        action: Action,
        kind: str,
        rank: float,
        listed: Sequence[Action],
        names: Callable[[str], str],
    ) -> tuple[str, float]:
        return views.move_group(self, action, kind, rank)

    def captured_by(self, action: Action) -> str | None:
        """The enemy piece ``action`` captures, if it is a capture."""
        return views.captured_by(self, action)

    def held_name(self, piece: str) -> str:
        """A piece's name by who holds it now: a seized ship is "Black's seized ship 2"
        (the play screen's list named it "the White ship" under a Black square)."""
        return held_name(self, piece)

    def plain_words(self, text: str) -> str:
        """A status line as the board says it: pieces unnumbered, and the knight's ride
        through its own men said once ("passes through h1, held by..." already says it)."""
        if " passes through " in text:
            text = re.sub(r" \S+ knight \d+ is passing through its own men\.", "", text)
        return unnumbered(text)

    def now_words(self, *, short: bool = False) -> str:
        """Where the turn stands, in one short sentence (the board's status line)."""
        return now_words(self, short=short)

    def stuck_words(self, space: str, piece: str | None = None) -> str:
        """Why ``piece`` (the top one on ``space``) cannot move now ("" when it can)."""
        return stuck_words(self, space, piece)

    def record_words(self) -> str:
        """The result as a student's record of work says it (pieces left and taken)."""
        return record_words(self)

    def step_words(self) -> str:
        """A recapture the side to play may make now ("" when none is pending): the
        moves offered are then only the recapture's steps and refusing."""
        pending = self.pending
        if pending is None:
            return ""
        if pending.step > 1:
            return (
                f"finish your recapture on {pending.space}: a recapture once begun must "
                "be completed"
            )
        return (
            f"your piece on {pending.space} was just taken: you may now recapture on that "
            "square (in one step, or two when both are needed) or refuse to recapture"
        )

    def region_views(self) -> dict[str, dict[str, Any]]:
        return region_views(self)

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move) and action.piece in self.where:
            return (self.where[action.piece], action.to)
        return ()


#: the one dispatch table: each action type and the rule function that applies it
HANDLERS: dict[type[Action], Handler] = {
    Move: moves.apply_move,
    Pass: moves.apply_pass,
    Refuse: moves.apply_refuse,
    OfferDraw: moves.apply_offer_draw,
    AcceptDraw: moves.apply_accept_draw,
    DeclineDraw: moves.apply_decline_draw,
}
ConquestState.HANDLERS = HANDLERS
