"""The position of Historical Conquest: the one State class.

:class:`HistoricalState` owns every fact of a position as plain lists and dicts (so a
snapshot is a copy and a save is exact), answers the simple questions about them
(where is this card, who controls it) and implements the contract of
:class:`hcgames.core.State` by calling the rule modules: the turn loop in
:mod:`~hcgames.historical.turn`, the legal actions and refusals in
:mod:`~hcgames.historical.moves`, card effects in :mod:`~hcgames.historical.effects`,
battles in :mod:`~hcgames.historical.fighting`, the ending in
:mod:`~hcgames.historical.victory` and the views in :mod:`~hcgames.historical.views`.
Every action is carried out through one table, ``HistoricalState.HANDLERS``.

The position keeps a stack of *frames* (``pending``, typed records of
:mod:`~hcgames.historical.pending`) for everything that interrupts
the plain turn: card draws and land discoveries (chance steps), windows in which a
player may answer with interrupt cards, questions for one player (which card dies,
which land to occupy) and automatic steps (a battle being worked out). The top frame
decides who acts; when the stack is empty the active player acts in the current phase.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from hcgames.core import (
    CHANCE,
    TERMINAL,
    Action,
    CardBattleForecast,
    Event,
    Handler,
    Outcome,
    SaveError,
    State,
)
from hcgames.historical import effects, fighting, moves, turn, views
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
from hcgames.historical.cards import Card, Effect
from hcgames.historical.material import Column
from hcgames.historical.pending import (
    Frame,
    PendingDraw,
    PendingFirst,
    PendingLand,
    PendingPick,
    PendingWindow,
    player_of,
)

if TYPE_CHECKING:
    from hcgames.historical.battle import Battle
    from hcgames.historical.game import HistoricalGame

__all__ = ["Column", "HistoricalState"]


_CHANCE_FRAMES = (PendingDraw, PendingLand, PendingFirst)
_SHARES: dict[int, Fraction] = {}


def _share(size: int) -> Fraction:
    """1/size, made once per size."""
    share = _SHARES.get(size)
    if share is None:
        share = _SHARES[size] = Fraction(1, size)
    return share


_ASKING = ("pick", "window")


class HistoricalState(State):
    """A position of Historical Conquest."""

    game: HistoricalGame
    #: no dice: a battle is the cards' numbers added up (:mod:`~hcgames.historical.battle`)
    battles_use_dice: ClassVar[bool] = False
    #: laid out by hand (:func:`hcgames.historical.teach.arrange`): no history to save
    arranged: bool = False
    n: int
    round_no: int
    turn: int
    turn_no: int
    phase_name: str
    plays: int
    attacks: int
    moved: bool
    travelled: list[str]
    steps: int
    morale: list[int]
    gained: list[int]
    out: list[bool]
    hands: list[list[str]]
    decks: list[list[str]]
    piles: list[list[str]]
    discards: list[list[str]]
    active: list[list[str]]
    rows: list[list[Column]]
    age: dict[str, int]
    used: dict[str, int]
    timers: list[dict[str, Any]]
    lasting: list[int]
    land_bonus: dict[str, int]
    choices: dict[str, int]
    pending: list[Frame]
    battle: Battle | None
    defended: list[str]
    below: dict[str, int]
    result: Outcome | None
    frame_ids: int
    first: int
    tops: list[str]

    # --- cards ----------------------------------------------------------------
    def card(self, key: str) -> Card:
        return self.game.key_cards[key]

    @staticmethod
    def owner(key: str) -> int:
        return ord(key[-1]) - 48  # seats 0-5: one digit after the slash

    def effects_of(self, key: str) -> tuple[Effect, ...]:
        card = self.game.key_cards[key]
        if key in self.choices:
            return card.variants[self.choices[key]]
        return card.variants[0]

    # --- where things are -----------------------------------------------------
    def columns(self, player: int) -> list[Column]:
        return self.rows[player]

    def all_columns(self) -> Iterator[tuple[int, Column]]:
        for player in range(self.n):
            for col in self.rows[player]:
                yield player, col

    def find_column(self, key: str) -> tuple[int, Column] | None:
        """The column a unit stands in, or that a land card heads."""
        for player in range(self.n):
            for col in self.rows[player]:
                if col.land == key or key in col.cards:
                    return player, col
        return None

    def column_of_land(self, land_key: str) -> tuple[int, Column] | None:
        for player in range(self.n):
            for col in self.rows[player]:
                if col.land == land_key:
                    return player, col
        return None

    def controller(self, key: str) -> int | None:
        """Who controls a card in play (columns, land rows, active piles)."""
        found = self.find_column(key)
        if found is not None:
            return found[0]
        for player in range(self.n):
            if key in self.active[player]:
                return player
        return None

    def in_play_sources(self, player: int) -> Iterator[tuple[str, Column | None]]:
        """Every card in play under ``player``'s control with its column."""
        for col in self.rows[player]:
            yield col.land, col
            for key in col.cards:
                yield key, col
        for key in self.active[player]:
            yield key, None

    def units_in_play(self, player: int | None = None) -> Iterator[tuple[int, str]]:
        players = range(self.n) if player is None else (player,)
        for p in players:
            for col in self.rows[p]:
                for key in col.cards:
                    yield p, key

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def opponents(self, player: int) -> list[int]:
        return [q for q in range(self.n) if q != player and not self.out[q]]

    # --- uses of abilities ----------------------------------------------------
    def uses_left(self, key: str, index: int, effect: Effect) -> bool:
        if effect.each:
            return True
        if effect.per_round:
            return self.used.get(f"{key}|{index}|R{self.round_no}", 0) < 1
        if effect.per_turn:
            return self.used.get(f"{key}|{index}|T{self.turn_no}", 0) < 1
        return self.used.get(f"{key}|{index}", 0) < int(effect.uses or 1)

    def spend_use(self, key: str, index: int, effect: Effect) -> None:
        if effect.per_round:
            tag = f"{key}|{index}|R{self.round_no}"
        elif effect.per_turn:
            tag = f"{key}|{index}|T{self.turn_no}"
        else:
            tag = f"{key}|{index}"
        self.used[tag] = self.used.get(tag, 0) + 1

    def forget_uses(self, key: str) -> None:
        """A card that leaves play comes back fresh if it is played again."""
        prefix = key + "|"
        for tag in [t for t in self.used if t.startswith(prefix)]:
            del self.used[tag]
        self.age.pop(key, None)
        self.choices.pop(key, None)

    def to_discard(self, key: str) -> None:
        """Put a card on its owner's discard pile (captured cards go home)."""
        self.forget_uses(key)
        self.discards[self.owner(key)].append(key)

    # --- log ------------------------------------------------------------------
    def new_frame_id(self) -> int:
        self.frame_ids += 1
        return self.frame_ids

    def __init__(self, game: HistoricalGame, seed: int = 0) -> None:
        State.__init__(self, game, seed)
        self.step_events = self.events  # the setup's events go straight to the log
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
        for seat, land in enumerate(game.first_lands):  # first lands fixed by the game
            self.tops[seat] = f"{land}/{seat}"
            self.piles[seat].remove(self.tops[seat])
        turn.choose_first(self)
        turn.advance(self)

    # --- contract basics ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pending:
            top = self.pending[-1]
            if isinstance(top, _CHANCE_FRAMES):
                return CHANCE
            player = player_of(top)
            assert player is not None, f"nobody answers a {top.kind!r} step"
            return player
        return self.turn

    @property
    def phase(self) -> str:
        if self.pending and isinstance(self.pending[-1], PendingWindow):
            return "interrupt window"
        return self.phase_name

    @property
    def event_phase(self) -> str:
        # an event made while an interrupt window is open belongs to the turn's phase
        # (the window is a pause inside it, not a phase of its own); the coin, the
        # first land and the five cards of a player's first turn are the deal, not the
        # play phase (look 7, lesson 51: "Round 1, play: Player 1 draws a card")
        if self.dealing():
            return "deal"
        return self.phase_name

    def dealing(self) -> bool:
        """The coin, or a player's first land and first five cards, are being dealt."""
        if self.round_no != 1 or self.phase_name != "play" or self.plays:
            return False
        if self.turn_no == 0 or not self.rows[self.turn]:
            return True
        return any(
            isinstance(f, PendingDraw) or (isinstance(f, PendingLand) and f.why == "first")
            for f in self.pending
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
            if isinstance(top, PendingPick):
                return [Pick(o, top.purpose) for o in top.options]
            if isinstance(top, PendingWindow):
                return [Pass(), *moves.interrupt_options(self, top.player, top)]
        return moves.phase_actions(self, self.turn, self.phase_name)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        top = self.pending[-1]
        if isinstance(top, PendingFirst):
            share = _share(len(top.options))
            return [(FirstPlayer(p), share) for p in top.options]
        # every card key is unique (one copy of each card per deck), so each card
        # left in the pile is one equally likely outcome
        if isinstance(top, PendingDraw):
            pool = self.decks[top.player]
            share = _share(len(pool))
            draws = self.game.draw_actions
            return [(draws[k], share) for k in pool]
        assert isinstance(top, PendingLand), f"a {top.kind!r} step is not a chance step"
        pool = self.piles[top.pile]
        share = _share(len(pool))
        return [(RevealLand(top.player, k), share) for k in pool]

    # --- applying actions ----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._ready = None
        self.steps += 1
        events = super()._apply(action)  # the rule of HANDLERS, which logs as it goes
        turn.advance(self)
        return events

    def stage_battle(self, attack_land: str, defence_land: str) -> list[Event]:
        """Fight a battle between two lands now, whatever the rules of engagement say.

        For teaching ("what if these two lands fought?") and for replaying the book's
        examples; the usual results follow (morale, casualty, occupation).
        """
        self.step_events = []
        self._ready = None
        self._legal_cache = None
        fighting.stage_battle(self, attack_land, defence_land)
        turn.advance(self)
        self.events.extend(self.step_events)
        return self.step_events

    def copy(self) -> HistoricalState:
        """An independent copy, made field by field (much quicker than deepcopy)."""
        new = object.__new__(type(self))
        fields = dict(self.__dict__)
        fields["history"] = list(self.history)
        fields["events"] = list(self.events)
        fields["step_events"] = (
            fields["events"] if self.step_events is self.events else list(self.step_events)
        )
        fields["_legal_cache"] = None if self._legal_cache is None else list(self._legal_cache)
        fields["_ready"] = None if self._ready is None else list(self._ready)
        for name in ("morale", "gained", "out", "travelled", "lasting", "defended", "tops"):
            fields[name] = list(fields[name])
        for name in ("hands", "decks", "piles", "discards", "active"):
            fields[name] = [list(pile) for pile in fields[name]]
        fields["rows"] = [[c.copy() for c in row] for row in self.rows]
        for name in ("age", "used", "land_bonus", "choices", "below"):
            fields[name] = dict(fields[name])
        for name in ("timers", "pending"):
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

    def to_json(self, indent: int | None = None) -> str:
        if self.arranged:
            raise SaveError(
                "arranged position",
                ["a position laid out by hand has no history of actions, so it cannot be saved"],
            )
        return super().to_json(indent)

    # --- the rules a lesson, a widget or a test asks the position directly ----------------
    def why_illegal(self, action: Action) -> tuple[str, str]:
        return moves.why_illegal(self, action)

    def remove(self, key: str, *, death: bool, why: str) -> bool:
        return effects.remove(self, key, death=death, why=why)

    def capacity(self, col: Column) -> int:
        return effects.capacity(self, col)

    def push_discovery(
        self,
        player: int,
        source: int,
        key: str,
        *,
        place: str,
        escort: bool,
        discard_self: bool,
        choose: bool,
    ) -> None:
        effects.push_discovery(
            self,
            player,
            source,
            key,
            place=place,
            escort=escort,
            discard_self=discard_self,
            choose=choose,
        )

    def _advance(self) -> None:
        turn.advance(self)

    # --- views ---------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    def observation(self, player: int) -> dict[str, Any]:
        return views.observation(self, player)

    def scores(self) -> dict[int, float]:
        return views.scores(self)

    def evaluate(self, player: int) -> float:
        return views.evaluate(self, player)

    def describe(self) -> str:
        return views.describe(self)

    def move_group(
        self,
        action: Action,
        kind: str,
        rank: float,
        listed: Sequence[Action],
        names: Callable[[str], str],
    ) -> tuple[str, float]:
        return views.move_group(action, kind, rank, listed)

    def ends_phase(self, action: Action) -> bool:
        return isinstance(action, EndPhase)

    def action_words(self, action: Action) -> str:
        if isinstance(action, EndPhase) and not self.pending:
            # the phase by name: a student who saw the move phase pass by itself does not
            # end the next play phase thinking it is still the move phase (lesson 54)
            return f"End the {self.phase_name} phase"
        if isinstance(action, UseAbility):
            return views.ability_words(self, action)
        duel = views.duel_words(self, action)
        if duel:
            return duel
        return views.pick_words(action).replace(" targeting ", ", aimed at ")

    def declining_move(self) -> Action | None:
        top = self.pending[-1] if self.pending else None
        if isinstance(top, PendingWindow) and top.player != self.turn:
            return Pass()
        return None

    def card_battle_forecast(self, action: Action) -> CardBattleForecast | None:
        if not isinstance(action, Attack) or self.is_chance():
            return None
        return fighting.forecast(self, action)

    def standing_words(self) -> str:
        # "Round 2, Salem's turn, ...": whose turn it is is the banner's to say
        return re.sub(r"^(Round \d+), [^,]+'s turn, ", r"\1, ", self.describe())

    def card_rows(self, viewer: int | None = None) -> dict[str, list[dict[str, Any]]]:
        return views.card_rows(self, viewer)

    def region_views(self) -> dict[str, dict[str, Any]]:
        return views.region_views(self)

    def unplayable_reasons(self, player: int) -> list[tuple[str, str]]:
        return views.unplayable_reasons(self, player)

    def own_side_lines(self, seat: int) -> list[str]:
        return views.turn_limits(self, seat)

    def region_owner(self, region: str) -> int | None:
        """``region_views()[region]["owner"]`` alone (the exact odds ask it often)."""
        return views.continent_owner(self, region)

    def action_regions(self, action: Action) -> tuple[str, ...]:
        return views.action_regions(self, action)


#: the one dispatch table: one handler per action type, ``handler(state, action)``
HANDLERS: dict[type[Action], Handler] = {
    DrawCard: turn.apply_draw,
    FirstPlayer: turn.apply_first_player,
    RevealLand: turn.apply_reveal_land,
    PlayCard: moves.apply_play_card,
    Interrupt: moves.apply_interrupt,
    Discard: moves.apply_discard,
    Retire: moves.apply_retire,
    UseAbility: moves.apply_use_ability,
    Attack: moves.apply_attack,
    Move: moves.apply_move,
    ExplorerMove: moves.apply_explorer_move,
    Confiscate: moves.apply_confiscate,
    Pick: turn.apply_pick,
    Pass: turn.apply_pass,
    EndPhase: turn.apply_end_phase,
}
HistoricalState.HANDLERS = HANDLERS
