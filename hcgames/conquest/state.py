"""The turn machinery of CONQUEST (1972): move allowance, recapture, victory.

A turn is a run of single steps (:class:`~.actions.Move`), each costing one move of
the turn's allowance (10 on the game's very first turn, then 20, less 4 for every
space of your capitol the enemy holds) and one of the moving piece's own limit.
After a capture with moves still left, play stops for the opponent's answer: the
state's ``current_player`` becomes the defender, who may retake the piece on that
space in one or two necessary steps (``recapture_moves`` in the rules data), or
refuse. Then the mover carries on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.conquest.actions import AcceptDraw, DeclineDraw, Move, OfferDraw, Pass, Refuse
from hcgames.conquest.movement import CAPTURES, Position, piece_name
from hcgames.core import TERMINAL, Action, Event, Outcome, State

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame

__all__ = ["ConquestState"]

NON_CAPTURES = frozenset({"land", "sail", "mount", "board", "through"})


class ConquestState(Position, State):
    """A CONQUEST position together with whose turn it is and how many moves are left."""

    game: ConquestGame

    def __init__(self, game: ConquestGame, seed: int = 0) -> None:
        State.__init__(self, game, seed)
        setup = game.setup
        self.where = {}
        self.carrier = {}
        self.cargo = {}
        self.top = {}
        self.owner = {}
        self.used = dict(setup["used"])
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
                self.relocate(piece, setup["pieces"][piece])
        self.transit: str | None = None
        self.mover: int = setup["to_move"]
        self.turn: int = setup["turn"]
        self.budget: int = setup["budget"]
        self.spent: int = setup["spent"]
        self.quiet: int = setup["quiet"]
        self.captured_this_turn = False
        self.pending: dict[str, Any] | None = None  # recapture: space, step, before, capturer
        self.draw_offered = False
        self.offered_this_turn = False
        self.result: tuple[tuple[int, ...], str] | None = None

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
        return self.turn

    @property
    def moves_left(self) -> int:
        return self.budget - self.spent

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners, reason = self.result
        return Outcome(winners=winners, reason=reason, scores=self.scores())

    def _chance_outcomes(self) -> list[tuple[Action, Any]]:
        return []  # CONQUEST has no dice and no cards

    def copy(self) -> ConquestState:
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.where = dict(self.where)
        new.carrier = dict(self.carrier)
        new.cargo = {k: list(v) for k, v in self.cargo.items()}
        new.top = dict(self.top)
        new.owner = dict(self.owner)
        new.used = dict(self.used)
        new.pending = None if self.pending is None else dict(self.pending)
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
        return {
            "pieces": pieces,
            "to_move": self.mover,
            "turn": self.turn,
            "budget": self.budget,
            "spent": self.spent,
            "transit": self.transit,
            "pending": self.pending,
            "draw_offered": self.draw_offered,
            "offered_this_turn": self.offered_this_turn,
            "quiet": self.quiet,
            "captured_this_turn": self.captured_this_turn,
            "result": None if self.result is None else [list(self.result[0]), self.result[1]],
        }

    # --- legal actions ------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.draw_offered:
            return [AcceptDraw(), DeclineDraw()]
        if self.pending is not None:
            return self._recapture_actions()
        out: list[Action] = []
        left = self.moves_left
        limits = self.game.limit
        movers = [self.transit] if self.transit is not None else self.pieces_of(self.mover)
        for piece in movers:
            room = min(limits[piece] - self.used.get(piece, 0), left)
            if room <= 0:
                continue
            for to in self.candidates(piece):
                if self.step(piece, to, room - 1)[0]:
                    out.append(Move(piece, to))
        if self.transit is None:
            out.append(Pass())
            if self.game.draw_offers and not self.offered_this_turn:
                out.append(OfferDraw())
        return out

    def _recapture_actions(self) -> list[Action]:
        """The defender's answers: retake now, take a needed first step, or refuse.

        A recapture has at most ``recapture_moves`` steps (data/conquest/rules.json;
        the book says one or two), the last of them the capture. Every earlier step
        must open the way for a piece that could not retake before it, and none of
        them may capture.
        """
        assert self.pending is not None
        space: str = self.pending["space"]
        defender = 1 - self.mover
        excluded = frozenset(self.pending["before"])
        now = self.capturers(space, defender)
        out: list[Action] = [Move(p, space) for p in self.game.piece_order if p in now - excluded]
        remaining = self.recapture_steps_left
        if remaining >= 2:
            wider = excluded | now
            for piece, to, tag in self._preparations(space, defender, remaining):
                trial = self.copy()
                trial.perform(piece, to, tag)
                if trial._opens_recapture(space, defender, wider, remaining - 1):
                    out.append(Move(piece, to))
        if self.pending["step"] == 1:
            out.append(Refuse())
        return out

    @property
    def recapture_steps_left(self) -> int:
        """Steps the defender still has in the recapture under way, this one included."""
        assert self.pending is not None
        return self.game.rules.recapture_moves - self.pending["step"] + 1

    def _preparations(self, space: str, defender: int, steps: int) -> list[tuple[str, str, str]]:
        """Non-capturing steps of the defender near ``space``: a recapture's early steps."""
        near = self.game.board.within(space, steps)
        out = []
        for piece in self.pieces_of(defender):
            if self.where[piece] not in near:
                continue
            if self.transit is not None and piece != self.transit:
                continue
            for to in self.candidates(piece):
                if to == space:
                    continue
                tag = self.step(piece, to, steps - 1)[0]
                if tag in NON_CAPTURES:
                    out.append((piece, to, tag))
        return out

    def _opens_recapture(
        self, space: str, defender: int, excluded: frozenset[str], steps: int
    ) -> bool:
        """Can a piece not in ``excluded`` retake on ``space`` within ``steps`` steps?"""
        now = self.capturers(space, defender)
        if now - excluded:
            return True
        if steps <= 1:
            return False
        wider = excluded | now
        for piece, to, tag in self._preparations(space, defender, steps):
            trial = self.copy()
            trial.perform(piece, to, tag)
            if trial._opens_recapture(space, defender, wider, steps - 1):
                return True
        return False

    # --- explaining refusals ---------------------------------------------------------------
    def why_illegal(self, action: Action) -> tuple[str, str]:
        names = self.game.player_names
        if self.draw_offered:
            return (
                f"{names[self.mover]} has offered a draw; {names[1 - self.mover]} must accept "
                "or decline it first",
                "agreed draw",
            )
        if isinstance(action, AcceptDraw | DeclineDraw):
            return "no draw has been offered", "agreed draw"
        if isinstance(action, Refuse | Pass) and self._recapture_begun():
            assert self.pending is not None
            return (
                f"{names[1 - self.mover]} has begun a recapture on {self.pending['space']} and "
                "must complete it with the next move; it can no longer be refused or passed",
                "recapture",
            )
        if isinstance(action, Refuse):
            return "there is no capture to answer, so nothing to refuse", "recapture"
        if isinstance(action, OfferDraw):
            if self.pending is not None:
                return "a draw cannot be offered while a recapture is pending", "agreed draw"
            if not self.game.draw_offers:
                return "draw offers are switched off in this game", "agreed draw"
            return "a draw may be offered only once per turn", "agreed draw"
        if isinstance(action, Pass):
            if self.pending is not None:
                return (
                    "the defender answers a capture by recapturing or refusing, not by passing",
                    "recapture",
                )
            return (
                f"{piece_name(self.transit)} is passing through its own men and must finish its "
                "move",
                "knights",
            )
        if not isinstance(action, Move):
            return f"{action} is not a CONQUEST action", "actions"
        return self._why_move_illegal(action)

    def _why_move_illegal(self, move: Move) -> tuple[str, str]:
        names = self.game.player_names
        piece, to = move.piece, move.to
        if piece not in self.where:
            return f"there is no piece {piece_name(piece)} on the board", "pieces"
        if to not in self.game.board.spaces:
            return f"there is no space called {to}", "the board"
        actor = self.current_player
        if self.owner[piece] != actor:
            return (
                f"{piece_name(piece)} belongs to {names[self.owner[piece]]}, and {names[actor]} "
                "is to act",
                "turns",
            )
        if self.pending is not None:
            return self._why_recapture_illegal(move)
        if self.transit is not None and piece != self.transit:
            return (
                f"{piece_name(self.transit)} is passing through its own men and must move on first",
                "knights",
            )
        limit = self.game.limit[piece]
        if self.used.get(piece, 0) >= limit:
            return (
                f"{piece_name(piece)} has already made all {limit} of its moves this turn",
                "piece move limits",
            )
        room = min(limit - self.used.get(piece, 0), self.moves_left) - 1
        _tag, message, rule = self.step(piece, to, room)
        return (message or f"{move} is not allowed here", rule or "moves")

    def _recapture_begun(self) -> bool:
        return self.pending is not None and self.pending["step"] > 1

    def _why_recapture_illegal(self, move: Move) -> tuple[str, str]:
        assert self.pending is not None
        space = self.pending["space"]
        remaining = self.recapture_steps_left
        tag, message, rule = self.step(move.piece, move.to, max(remaining - 1, 0))
        if move.to == space:
            if not tag:
                return (
                    f"{piece_name(move.piece)} cannot retake the piece on {space}: {message}",
                    rule,
                )
            if move.piece in self.pending["before"]:
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

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        actor = self.current_player
        if isinstance(action, AcceptDraw):
            self.draw_offered = False
            self.result = ((), "agreed draw")
            events.append(self._event(actor, "draw", f"{self._name(actor)} accepts the draw."))
        elif isinstance(action, DeclineDraw):
            self.draw_offered = False
            events.append(self._event(actor, "draw", f"{self._name(actor)} declines the draw."))
        elif isinstance(action, OfferDraw):
            self.draw_offered = True
            self.offered_this_turn = True
            events.append(self._event(actor, "draw", f"{self._name(actor)} offers a draw."))
        elif isinstance(action, Pass):
            events.append(
                self._event(
                    actor,
                    "pass",
                    f"{self._name(actor)} ends the turn with {self.moves_left} move(s) unused.",
                )
            )
            self._end_turn(events)
        elif isinstance(action, Refuse):
            space = self.pending["space"] if self.pending else "?"
            self.pending = None
            events.append(
                self._event(
                    actor, "refuse", f"{self._name(actor)} declines to recapture on {space}."
                )
            )
            self._after_step(events)
        elif isinstance(action, Move):
            if self.pending is not None:
                self._apply_recapture(action, events)
            else:
                self._apply_move(action, events)
        return events

    def _apply_move(self, move: Move, events: list[Event]) -> None:
        piece, to = move.piece, move.to
        me = self.mover
        here = self.where[piece]
        tag = self.step(piece, to, self.game.limit[piece])[0]
        gone, seized = self.perform(piece, to, tag)
        self.spent += 1
        self.used[piece] = self.used.get(piece, 0) + 1
        events.append(self._describe_step(me, piece, here, to, tag, gone, seized))
        if tag in CAPTURES:
            self.used[piece] = 0  # a capturing piece moves on as if fresh
            self.captured_this_turn = True
            if to in self.game.board.capitol[me] and self.budget < self.game.rules.moves_per_turn:
                self.budget = min(
                    self.game.rules.moves_per_turn, self.budget + self.game.rules.capitol_penalty
                )
                events.append(
                    self._event(
                        me,
                        "regain",
                        f"{self._name(me)} regains {self.game.rules.capitol_penalty} moves by "
                        f"capturing in its own capitol ({self.moves_left} left).",
                    )
                )
            if self._check_land_pieces(events):
                return
            if self.moves_left > 0:
                self.pending = {"space": to, "step": 1, "before": [], "capturer": piece}
                options = self._recapture_actions()
                if len(options) > 1:
                    events.append(
                        self._event(
                            1 - me,
                            "recapture-offer",
                            f"{self._name(1 - me)} may recapture on {to} or refuse.",
                            {"options": len(options) - 1},
                        )
                    )
                    return
                self.pending = None
        self._after_step(events)

    def _apply_recapture(self, move: Move, events: list[Event]) -> None:
        assert self.pending is not None
        defender = 1 - self.mover
        space = self.pending["space"]
        here = self.where[move.piece]
        if move.to == space:
            tag = self.step(move.piece, space, 0)[0]
            gone, seized = self.perform(move.piece, space, tag)
            self.captured_this_turn = True
            self.pending = None
            events.append(
                self._describe_step(
                    defender, move.piece, here, space, tag, gone, seized, "recaptures"
                )
            )
            if not self._check_land_pieces(events):
                self._after_step(events)
            return
        tag = self.step(move.piece, move.to, self.recapture_steps_left - 1)[0]
        before = sorted(set(self.pending["before"]) | self.capturers(space, defender))
        self.perform(move.piece, move.to, tag)
        self.pending = {**self.pending, "step": self.pending["step"] + 1, "before": before}
        events.append(self._describe_step(defender, move.piece, here, move.to, tag, [], None))

    def _after_step(self, events: list[Event]) -> None:
        """After a step is settled: victory by capitol, or the end of the turn."""
        if self.transit is None and self.pending is None:
            for player in (self.mover, 1 - self.mover):
                if self.occupied_capitol(player) >= self.game.rules.capitol_spaces:
                    self._finish(
                        (player,),
                        f"{self._name(player)} occupies every space of "
                        f"{self._name(1 - player)}'s capitol",
                        events,
                    )
                    return
            if self.moves_left <= 0:
                self._end_turn(events)

    def _check_land_pieces(self, events: list[Event]) -> bool:
        for player in (0, 1):
            if self.land_pieces(player) == 0:
                self.pending = None
                self._finish(
                    (1 - player,),
                    f"{self._name(1 - player)} has captured all of "
                    f"{self._name(player)}'s land pieces",
                    events,
                )
                return True
        return False

    def _end_turn(self, events: list[Event]) -> None:
        rules = self.game.rules
        self.quiet = 0 if self.captured_this_turn else self.quiet + 1
        if self.quiet >= 2 * rules.quiet_turns_each:
            self._adjudicate(f"{rules.quiet_turns_each} turns each without a capture", events)
            return
        if self.turn >= self.game.turn_limit:
            self._adjudicate(f"the turn limit of {self.game.turn_limit} turns", events)
            return
        self.turn += 1
        self.mover = 1 - self.mover
        self.used = {}
        self.spent = 0
        self.captured_this_turn = False
        self.offered_this_turn = False
        lost = self.occupied_capitol(1 - self.mover)
        self.budget = max(1, rules.moves_per_turn - rules.capitol_penalty * lost)
        note = f" ({lost} capitol space(s) held by the enemy)" if lost else ""
        events.append(
            self._event(
                self.mover,
                "turn",
                f"Turn {self.turn}: {self._name(self.mover)} has {self.budget} moves{note}.",
            )
        )

    def _adjudicate(self, why: str, events: list[Event]) -> None:
        held = [self.occupied_capitol(p) for p in (0, 1)]
        if held[0] == held[1]:
            self._finish((), f"{why}: both hold {held[0]} enemy capitol space(s), a draw", events)
        else:
            best = 0 if held[0] > held[1] else 1
            self._finish(
                (best,),
                f"{why}: {self._name(best)} holds more enemy capitol spaces "
                f"({held[best]} to {held[1 - best]})",
                events,
            )

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self.result = (winners, reason)
        self.pending = None
        events.append(self._event(None, "end", f"Game over: {reason}."))

    # --- words --------------------------------------------------------------------------------
    def _name(self, player: int | None) -> str:
        return self.player_name(player)

    def _event(
        self, player: int | None, kind: str, text: str, data: dict[str, Any] | None = None
    ) -> Event:
        return Event(self.turn, self.phase, player, kind, text, data or {})

    def _describe_step(
        self,
        player: int,
        piece: str,
        here: str,
        to: str,
        tag: str,
        gone: list[str],
        seized: str | None,
        verb: str = "captures",
    ) -> Event:
        who = piece_name(piece)
        if piece[:1] != self._name(player)[:1]:  # a seized ship sails for its captor
            who = f"{self._name(player)}'s captured {who}"
        if tag == "capture":
            victims = ", ".join(piece_name(x) for x in gone)
            text = f"{who} {verb} on {to} from {here}, taking {victims}."
        elif tag == "seize":
            lost = f", throwing off {', '.join(piece_name(x) for x in gone)}" if gone else ""
            text = f"{who} {verb} {piece_name(seized)} at port {to} from {here}{lost}"
            text += "; it changes sides."
        elif tag == "mount":
            text = f"{who} mounts {piece_name(self.carrier[piece])} on {to}."
        elif tag == "board":
            text = f"{who} goes aboard {piece_name(self.carrier[piece])} at {to}."
        elif tag == "through":
            text = f"{who} passes through {to}, held by {piece_name(self.top[to])}."
        elif tag == "sail":
            text = f"{who} sails from {here} to {to}."
        else:
            text = f"{who} moves from {here} to {to}."
        data = {"piece": piece, "from": here, "to": to, "tag": tag, "removed": list(gone)}
        kind = "capture" if tag in CAPTURES else "move"
        if self.pending is None and player == self.mover:
            text += f" ({self.spent} of {self.budget} moves used)"
        return self._event(player, kind, text, data)

    # --- views ------------------------------------------------------------------------------
    def scores(self) -> dict[int, float]:
        return {p: float(self.occupied_capitol(p)) for p in (0, 1)}

    def evaluate(self, player: int) -> float:
        from hcgames.conquest.evaluation import evaluate

        return evaluate(self, player)

    def describe(self) -> str:
        from hcgames.conquest.views import describe

        return describe(self)

    def region_views(self) -> dict[str, dict[str, Any]]:
        from hcgames.conquest.views import region_views

        return region_views(self)

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move) and action.piece in self.where:
            return (self.where[action.piece], action.to)
        return ()
