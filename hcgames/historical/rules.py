"""The flow of a game: turns, phases, response windows, battles and endings.

The position keeps a stack of *frames* for everything that interrupts the plain
turn: card draws and land discoveries (chance steps), windows in which a player may
answer with interrupt cards, questions for one player (which card dies, which land
to occupy) and automatic steps (a battle being worked out). The top frame decides
who acts; when the stack is empty the active player acts in the current phase.

This module holds the turn loop itself: starting and ending turns and phases,
running the stack, applying actions, answering picks, copies and guesses about
hidden cards. The rest of a position's behaviour comes from the layers it stands
on: card plays (:mod:`~hcgames.historical.plays`), land discoveries
(:mod:`~hcgames.historical.discovery`), battles (:mod:`~hcgames.historical.fighting`),
the choices open to a player (:mod:`~hcgames.historical.options`), card effects
(:mod:`~hcgames.historical.effects`) and views for people and bots
(:mod:`~hcgames.historical.views`).
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.core import CHANCE, TERMINAL, Action, Event, Outcome, State
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    DrawCard,
    EndPhase,
    ExplorerMove,
    FirstPlayer,
    Interrupt,
    Move,
    Pass,
    Pick,
    PlayCard,
    Retire,
    RevealLand,
    UseAbility,
)
from hcgames.historical.board import Ctx
from hcgames.historical.material import HAND_SIZE, TURN_CAP
from hcgames.historical.refusals import Refusals
from hcgames.historical.views import Views

if TYPE_CHECKING:
    from hcgames.historical.game import HistoricalGame

__all__ = ["HistoricalState"]

_CHANCE_FRAMES = ("draw", "land", "first")
_SHARES: dict[int, Fraction] = {}


def _share(size: int) -> Fraction:
    """1/size, made once per size."""
    share = _SHARES.get(size)
    if share is None:
        share = _SHARES[size] = Fraction(1, size)
    return share


_ASKING = ("pick", "window")


class HistoricalState(Views, Refusals, State):
    """A position of Historical Conquest."""

    game: HistoricalGame

    def __init__(self, game: HistoricalGame, seed: int = 0) -> None:
        State.__init__(self, game, seed)
        self._events = self.events
        self._ready: list[Action] | None = None
        n = game.num_players
        self.n = n
        self.round_no = 1
        self.turn = 0
        self.turn_no = 0
        self.phase_name = "play"
        self.plays = self.attacks = self.steps = 0
        self.moved = False
        self.drawn = False
        self.travelled = []
        self.morale = [0] * n
        self.gained = [0] * n
        self.out = [False] * n
        self.hands = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.active = [[] for _ in range(n)]
        self.rows = [[] for _ in range(n)]
        self.decks = []
        self.piles = []
        for seat, deck in enumerate(game.deck_names):
            keys = [f"{cid}/{seat}" for cid in game.catalogue.decks[deck]]
            self.piles.append(sorted(k for k in keys if self.card(k).category == "land"))
            self.decks.append(sorted(k for k in keys if self.card(k).category != "land"))
        self.age = {}
        self.used = {}
        self.timers = []
        self.lasting = [0] * n
        self.land_bonus = {}
        self.choices = {}
        self.pending = []
        self.battle = None
        self.defended = []
        self.below = {}
        self.result = None
        self.frame_ids = 0
        self.first = 0
        self.tops = [""] * n
        self._choose_first()
        self._advance()

    # --- contract basics ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pending:
            top = self.pending[-1]
            return CHANCE if top["t"] in _CHANCE_FRAMES else int(top["p"])
        return self.turn

    @property
    def phase(self) -> str:
        if self.pending and self.pending[-1]["t"] == "window":
            return "interrupt window"
        return self.phase_name

    @property
    def round(self) -> int:
        return self.round_no

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(
            tuple(self.result["winners"]),
            self.result["reason"],
            {p: float(m) for p, m in enumerate(self.morale)},
        )

    # --- legal actions and chance ----------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        return self._asked_actions()

    def _asked_actions(self) -> list[Action]:
        if self.pending:
            top = self.pending[-1]
            if top["t"] == "pick":
                return [Pick(o, top["purpose"]) for o in top["options"]]
            if top["t"] == "window":
                return [Pass(), *self.interrupt_options(top["p"], top)]
        return self.phase_actions(self.turn, self.phase_name)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        top = self.pending[-1]
        if top["t"] == "first":
            share = _share(len(top["options"]))
            return [(FirstPlayer(p), share) for p in top["options"]]
        # every card key is unique (one copy of each card per deck), so each card
        # left in the pile is one equally likely outcome
        if top["t"] == "draw":
            pool = self.decks[top["p"]]
            share = _share(len(pool))
            draws = self.game.draw_actions
            return [(draws[k], share) for k in pool]
        pool = self.piles[top["src"]]
        share = _share(len(pool))
        return [(RevealLand(top["p"], k), share) for k in pool]

    # --- who goes first ------------------------------------------------------------------
    def _choose_first(self) -> None:
        """The book's two ways: a coin flip, or the top land farthest north."""
        if self.game.first_player == "north":
            self.pending.append({"t": "north"})
            for q in reversed(range(self.n)):
                self.pending.append(
                    {
                        "t": "land",
                        "p": q,
                        "src": q,
                        "why": "top",
                        "card": "",
                        "place": "",
                        "escort": False,
                        "discard_self": False,
                    }
                )
        else:
            self.pending.append({"t": "first", "options": list(range(self.n)), "why": "coin"})

    def _farthest_north(self) -> None:
        latitude = {q: self.card(self.tops[q]).latitude or 0.0 for q in range(self.n)}
        best = max(latitude.values())
        leaders = [q for q in range(self.n) if latitude[q] == best]
        if len(leaders) == 1:
            self._begin(leaders[0], f"{self.name(self.tops[leaders[0]])} lies farthest north")
        else:
            self.log(None, "first", "The top lands lie equally far north: a coin decides.")
            self.pending.append({"t": "first", "options": leaders, "why": "tie"})

    def _begin(self, player: int, why: str) -> None:
        self.first = player
        self.log(player, "first", f"{self.pname(player)} goes first ({why}).")
        self._start_turn(player)

    # --- turns -------------------------------------------------------------------------
    def _start_turn(self, player: int) -> None:
        self.turn = player
        self.turn_no += 1
        self.phase_name = "play"
        self.plays = self.attacks = self.steps = 0
        self.moved = self.drawn = False
        self.travelled = []
        self.defended = []
        self.gained = [0] * self.n
        self.log(player, "turn", f"Round {self.round_no}: {self.pname(player)}'s turn.")
        self._upkeep(player)
        if self.result is None and not self.rows[player] and self.round_no == 1:
            self.pending.append({"t": "draw", "p": player, "n": HAND_SIZE})
            top, self.tops[player] = self.tops[player], ""
            self.pending.append(
                {
                    "t": "land",
                    "p": player,
                    "src": player,
                    "why": "first",
                    "card": "",
                    "place": "",
                    "escort": False,
                    "discard_self": False,
                    "fixed": top,
                }
            )

    def _upkeep(self, player: int) -> None:
        """Start of a turn: ages, timers, locked lands, expiries, morale each turn."""
        for key, _col in list(self.in_play_sources(player)):
            if key in self.age:
                self.age[key] += 1
        for timer in list(self.timers):
            if timer["owner"] == player:
                timer["turns_left"] -= 1
                if timer["turns_left"] <= 0:
                    self.timers.remove(timer)
        for column in self.rows[player]:
            if column["locked"] > 0:
                column["locked"] -= 1
        for key, where in list(self.in_play_sources(player)):
            for effect in self.effects_of(key):
                kind = effect["kind"]
                ctx = Ctx(player, key, where)
                if kind == "expires" and self.age.get(key, 1) - 1 >= int(effect["turns"]):
                    self.remove(key, death=False, why=f"its {effect['turns']} turns are over")
                    break
                if kind == "morale_each_turn" and self.cond(effect.get("if"), ctx):
                    stop = effect.get("stop_at")
                    if stop is None or self.morale[player] < int(stop):
                        self.change_morale(
                            player, int(effect["amount"]), f"{self.name(key)} (each turn)"
                        )
                if kind == "win_condition":
                    self._check_win_card(player, key, effect)

    def _check_win_card(self, player: int, key: str, effect: Any) -> None:
        for q in self.opponents(player):
            tag = f"{key}|{q}"
            self.below[tag] = (
                self.below.get(tag, 0) + 1 if self.morale[q] < int(effect["below"]) else 0
            )
            if self.below[tag] >= int(effect["rounds"]):
                self.finish(
                    (player,),
                    f"{self.name(key)}: {self.pname(q)} stayed below "
                    f"{effect['below']} morale for {effect['rounds']} rounds",
                )

    def _end_turn(self) -> None:
        player = self.turn
        self.log(player, "turn", f"{self.pname(player)} ends the turn.")

        def seat(p: int) -> int:  # place in the order of play, from the first player
            return (p - self.first) % self.n

        alive = sorted(self.alive(), key=seat)
        later = [p for p in alive if seat(p) > seat(player)]
        nxt = later[0] if later else alive[0]
        if not later:
            self.round_no += 1
            if self.round_no > self.game.max_rounds:
                self._end_by_limit()
                return
        self._start_turn(nxt)

    def _end_by_limit(self) -> None:
        alive = self.alive()
        best = max(self.morale[p] for p in alive)
        winners = tuple(p for p in alive if self.morale[p] == best)
        self.round_no = self.game.max_rounds
        self.finish(
            winners,
            f"the {self.game.max_rounds}-round limit (our rule) was reached; "
            f"highest morale ({best}) wins",
        )

    # --- the engine loop -----------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until someone must decide (or the game is over)."""
        while self.result is None:
            if self.pending:
                top = self.pending[-1]
                kind = top["t"]
                if kind == "draw":
                    player = top["p"]
                    if top["n"] <= 0:
                        self.pending.pop()
                        continue
                    if not self.decks[player]:
                        if self.discards[player]:
                            self.decks[player] = sorted(self.discards[player])
                            self.discards[player] = []
                            self.log(
                                player,
                                "reshuffle",
                                f"{self.pname(player)} shuffles the discard pile into a "
                                "new draw deck.",
                            )
                        else:
                            self.pending.pop()
                            continue
                    return
                if kind == "first":
                    return
                if kind == "land":
                    if top.get("fixed"):
                        self.pending.pop()
                        self._land_arrives(top, top["fixed"])
                        continue
                    if not self.piles[top["src"]]:
                        self.pending.pop()
                        self._land_missing(top)
                        continue
                    return
                if kind == "window":
                    if self.out[top["p"]] or self.steps >= TURN_CAP:
                        self.pending.pop()
                        continue
                    options = self.interrupt_options(top["p"], top)
                    if not options:
                        self.pending.pop()
                        continue
                    self._ready = [Pass(), *options]
                    return
                if kind == "pick":
                    options = top["options"]
                    if not options or self.out[top["p"]]:
                        self.pending.pop()
                        continue
                    if len(options) == 1:
                        self.pending.pop()
                        self._resolve_pick(top, options[0])
                        continue
                    return
                self.pending.pop()
                self._run(top)
                continue
            if self.out[self.turn]:
                self._end_turn()  # a player who forfeited in their own turn stops at once
                continue
            if self.phase_name == "draw" and not self.drawn:
                self.drawn = True
                need = HAND_SIZE - len(self.hands[self.turn])
                if need > 0:
                    self.pending.append({"t": "draw", "p": self.turn, "n": need})
                continue
            actions = self.phase_actions(self.turn, self.phase_name)
            if len(actions) == 1:
                self._end_phase()
                continue
            self._ready = actions
            return

    def _end_phase(self) -> None:
        """Close the phase: opponents first get a window for interrupts (from round 2)."""
        self.pending.append({"t": "next", "phase": self.phase_name})
        if self.round_no > 1:
            for q in reversed(self.opponents(self.turn)):
                self.pending.append({"t": "window", "p": q, "why": "phase"})

    def _next_phase(self, frame: dict[str, Any]) -> None:
        phase = self.phase_name
        if phase != frame["phase"]:
            return
        if phase == "play":
            self.phase_name = "attack"
        elif phase == "attack":
            self.phase_name = "move"
        elif phase == "move":
            self.phase_name = "draw"
        else:
            self._end_turn()

    def _run(self, frame: dict[str, Any]) -> None:
        kind = frame["t"]
        if kind == "fx":
            self._run_effects(frame)
        elif kind == "battle":
            self._run_battle()
        elif kind == "after_win":
            self._after_win(frame)
        elif kind == "occupy":
            self._occupy_check()
        elif kind == "next":
            self._next_phase(frame)
        elif kind == "north":
            self._farthest_north()

    # --- applying actions ----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        self._ready = None
        self.steps += 1
        player = self.current_player
        if isinstance(action, DrawCard):
            top = self.pending[-1]
            self.decks[action.player].remove(action.card)
            self.hands[action.player].append(action.card)
            top["n"] -= 1
            self.log(action.player, "draw", f"{self.pname(action.player)} draws a card.")
        elif isinstance(action, FirstPlayer):
            top = self.pending.pop()
            self._begin(
                action.player, "by the coin" if top["why"] == "coin" else "the coin broke the tie"
            )
        elif isinstance(action, RevealLand):
            top = self.pending.pop()
            self.piles[top["src"]].remove(action.land)
            if top["why"] == "top":
                self.tops[action.player] = action.land
                land = self.card(action.land)
                self.log(
                    action.player,
                    "land",
                    f"{self.pname(action.player)} turns up the top land: {land.name} "
                    f"({land.latitude:g} degrees north).",
                    {"land": action.land},
                )
            else:
                self._land_arrives(top, action.land)
        elif isinstance(action, PlayCard):
            self._play(
                player,
                action.card,
                action.land,
                action.targets,
                action.option,
                action.discover,
                free=False,
            )
        elif isinstance(action, Interrupt):
            self._play(player, action.card, action.land, action.targets, -1, False, free=True)
        elif isinstance(action, Discard):
            self.plays += 1
            self.hands[player].remove(action.card)
            self.to_discard(action.card)
            self.log(
                player,
                "discard",
                f"{self.pname(player)} discards {self.name(action.card)} from the hand.",
            )
        elif isinstance(action, Retire):
            self.plays += 1
            self.remove(action.card, death=False, why=f"{self.pname(player)} discards it")
        elif isinstance(action, UseAbility):
            self._use(player, action)
        elif isinstance(action, Attack):
            self._declare(player, action)
        elif isinstance(action, Move):
            self.moved = True
            self.note_journey(action.card)
            self.relocate(action.card, action.land, "the turn's move")
        elif isinstance(action, ExplorerMove):
            self.note_journey(action.explorer)
            self.note_journey(action.escort)
            self.relocate(action.explorer, action.land, "explorer's journey")
            if action.escort:
                self.relocate(
                    action.escort, action.land, f"escorted by {self.name(action.explorer)}"
                )
        elif isinstance(action, Confiscate):
            self._confiscate(player, action)
        elif isinstance(action, Pick):
            top = self.pending.pop()
            self._resolve_pick(top, action.choice)
        elif isinstance(action, Pass):
            self.pending.pop()
        elif isinstance(action, EndPhase):
            self._end_phase()
        self._advance()
        return self._events

    def stage_battle(self, attack_land: str, defence_land: str) -> list[Event]:
        """Fight a battle between two lands now, whatever the rules of engagement say.

        For teaching ("what if these two lands fought?") and for replaying the book's
        examples; the usual results follow (morale, casualty, occupation).
        """
        attacker = self.column_of_land(attack_land)
        defender = self.column_of_land(defence_land)
        if attacker is None or defender is None:
            raise ValueError("both lands must be on the battlefield")
        self._events = []
        self._ready = None
        self._legal_cache = None
        self.battle = {
            "att": attacker[0],
            "def": defender[0],
            "from": attack_land,
            "to": defence_land,
            "index": 0,
            "first_defence": True,
            "cancelled": False,
        }
        self.log(
            attacker[0],
            "attack",
            f"A staged battle: {self.name(attack_land)} attacks {self.name(defence_land)}.",
            {"from": attack_land, "to": defence_land},
        )
        self.pending.append({"t": "battle"})
        self._advance()
        self.events.extend(self._events)
        return self._events

    # --- picks -------------------------------------------------------------------------------
    def _resolve_pick(self, frame: dict[str, Any], choice: str) -> None:
        purpose = frame["purpose"]
        player = frame["p"]
        if purpose == "land to discover":
            self.piles[frame["src"]].remove(choice)
            self._land_arrives(frame, choice)
        elif purpose in ("casualty", "kill", "toll"):
            self.remove(
                choice,
                death=True,
                why={
                    "casualty": "lost in battle",
                    "kill": f"killed by {self.name(frame.get('source', ''))}",
                    "toll": f"the price of attacking {self.name(frame.get('source', ''))}",
                }[purpose],
            )
        elif purpose == "make room":
            self.remove(choice, death=False, why="no room left on the land")
            found = self.column_of_land(frame["land"])
            if found is not None:
                if frame.get("defector"):
                    self.relocate(frame["place"], frame["land"], "defects")
                else:
                    self.place(frame["place"], found[1])
        elif purpose == "defect":
            self._defect(player, choice)
        elif purpose == "take":
            victim = int(frame["from"])
            self.hands[victim].remove(choice)
            self.hands[player].append(choice)
            self.log(
                player,
                "take",
                f"{self.pname(player)} takes a card from {self.pname(victim)}'s hand.",
            )
        elif purpose == "recover":
            if choice:
                self.discards[player].remove(choice)
                self.hands[player].append(choice)
                self.log(
                    player,
                    "recover",
                    f"{self.name(choice)} comes back to {self.pname(player)}'s hand.",
                )
        elif purpose == "occupy":
            self._occupy(player, choice, frame["land"])
        elif purpose == "escort" and choice:
            self.relocate(choice, frame["land"], "escorted to the new land")

    def copy(self) -> HistoricalState:
        """An independent copy, made field by field (much quicker than deepcopy)."""
        new = object.__new__(type(self))
        fields = dict(self.__dict__)
        fields["history"] = list(self.history)
        fields["events"] = list(self.events)
        fields["_events"] = fields["events"] if self._events is self.events else list(self._events)
        fields["_legal_cache"] = None if self._legal_cache is None else list(self._legal_cache)
        fields["_ready"] = None if self._ready is None else list(self._ready)
        for name in ("morale", "gained", "out", "travelled", "lasting", "defended", "tops"):
            fields[name] = list(fields[name])
        for name in ("hands", "decks", "piles", "discards", "active"):
            fields[name] = [list(pile) for pile in fields[name]]
        fields["rows"] = [
            [{"land": c["land"], "cards": list(c["cards"]), "locked": c["locked"]} for c in row]
            for row in self.rows
        ]
        for name in ("age", "used", "land_bonus", "choices", "below"):
            fields[name] = dict(fields[name])
        for name in ("timers", "pending", "battle", "result"):
            fields[name] = copy.deepcopy(fields[name])
        new.__dict__.update(fields)
        return new

    def determinize(self, player: int, rng: Any) -> HistoricalState:
        guess = self.copy()
        guess._ready = None
        guess._legal_cache = None
        shuffler = rng if isinstance(rng, random.Random) else random.Random(rng)
        for q in range(self.n):
            if q == player:
                continue
            hidden = [k for k in guess.hands[q] if self.owner(k) == q]
            shown = [k for k in guess.hands[q] if self.owner(k) != q]
            pool = hidden + guess.decks[q]
            shuffler.shuffle(pool)
            guess.hands[q] = pool[: len(hidden)] + shown
            guess.decks[q] = sorted(pool[len(hidden) :])
        return guess
