"""The position of a Conqueror: Duels game, and the contract the core asks of it.

:class:`DuelsState` holds the facts of a position as plain lists indexed by
territory number (owner, cavalry, infantry, and how many units of the acting side
may still act), so a copy is a handful of list copies. It answers who is to act,
which phase it is and what the chance outcomes are, sends each action to the rule
that carries it out through one table (:data:`HANDLERS`), and offers the what-if
edits used in teaching.

The rules themselves are plain functions: the round order in
:mod:`hcgames.conqueror.turn`, what a side may do in each phase in
:mod:`hcgames.conqueror.moves`, battles in :mod:`hcgames.conqueror.fighting`, the end
of the game in :mod:`hcgames.conqueror.victory`, and the read-only views in
:mod:`hcgames.conqueror.views`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.conqueror import fighting, forecast, moves, turn, victory, views
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    BuyHero,
    ChooseCasualties,
    Disband,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Rally,
    Recruit,
    Retreat,
)
from hcgames.conqueror.fighting import Battle, Step
from hcgames.conqueror.material import INDEPENDENT, NOBODY
from hcgames.conqueror.turn import Stage
from hcgames.core import (
    CHANCE,
    TERMINAL,
    Action,
    BattleForecast,
    Event,
    Handler,
    HcgamesError,
    Outcome,
    State,
    SumPart,
)

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame

__all__ = ["HANDLERS", "INDEPENDENT", "NOBODY", "DuelsState"]

# The stages under plain module names for the contract's methods, asked several times
# at every step: in Python 3.11 reading a member off an Enum class (``Stage.DRAW``)
# costs several times reading a global (see bench/bench_steps.py)
_DRAW = Stage.DRAW
_PLANNING = Stage.PLANNING
_ACTION = Stage.ACTION
_FOOD = Stage.FOOD
_ROLL = Stage.ROLL
_OVER = Stage.OVER

#: every action type and the rule that carries it out (``DuelsState.HANDLERS``)
HANDLERS: dict[type[Action], Handler] = {
    DrawChronicle: turn.draw_chronicle,
    EndPhase: turn.end_phase,
    Recruit: moves.recruit,
    Disband: moves.disband,
    BuyHero: moves.buy_hero,
    Rally: moves.rally,
    Move: moves.move,
    Attack: fighting.attack,
    JointAttack: fighting.joint_attack,
    PlayHero: fighting.play_hero,
    BattleRoll: fighting.roll_dice,
    ChooseCasualties: fighting.choose_casualties,
    Retreat: fighting.retreat,
    LeaveBehind: fighting.leave_behind,
}


class DuelsState(State):
    """One position of a Conqueror: Duels game (see the package docstring for rules)."""

    game: DuelsGame

    def __init__(self, game: DuelsGame, seed: int = 0) -> None:
        """An empty board before the set-up (:meth:`DuelsGame.new_game` places the
        armies and starts round 1)."""
        super().__init__(game, seed)
        g = game
        n = len(g.names)
        # per territory: holder (a side, INDEPENDENT or NOBODY) and units standing there
        self.owner = [NOBODY] * n
        self.cav = [0] * n
        self.inf = [0] * n
        # units of the acting side that may still act: fresh ones (two actions if they
        # win) and ones that already won an attack this round (one more action)
        self.fresh_cav = [0] * n
        self.fresh_inf = [0] * n
        self.bonus_cav = [0] * n
        self.bonus_inf = [0] * n
        self.gold = [0, 0]
        self.hero_owner = [NOBODY] * len(g.heroes)  # -1 bank, 0/1 in hand, -2 spent
        # which side took the enemy-capital prize (paid once in the whole game)
        self.prize_taken = [False, False]
        self.round_no = 0
        self.stage: Stage | Step = Stage.SETUP
        self.active = 0
        self.deck = list(g.deck)
        self.card = ""
        self.recruited: dict[int, list[int]] = {}
        self.rally_used = [False, False]
        self.rally_now = [False, False]
        self.rally_cavalry = [0, 0]
        self.abandoned: set[int] = set()
        self.fort_streak = [0, 0]
        self.held_rounds = [0, 0]
        # who held each side's capital after the last step (a change restarts held_rounds)
        self.capital_holders = [NOBODY, NOBODY]
        # the round in which a capital last changed hands (that round never counts)
        self.capitals_changed_in = 0
        # sides that lost food in the action phase and must disband their excess now
        self.hungry: list[int] = []
        self.battle: Battle | None = None
        self.result: Outcome | None = None
        self.edited = False

    # --- small helpers -------------------------------------------------------------
    def event(self, player: int | None, kind: str, text: str, /, **data: Any) -> Event:
        """Core's event, with this game's two rules for every event: independent armies
        are not players (their events name no player, ``data["side"]`` says whose), and
        every sentence starts with a capital ("The independent army loses ...")."""
        if player is not None and not 0 <= player < 2:
            data.setdefault("side", self.player_name(player))
            player = None
        first = text[:1]
        if not first.isupper():  # nearly every sentence already starts with a capital
            text = first.upper() + text[1:]
        return super().event(player, kind, text, **data)

    def player_name(self, player: int | None) -> str:
        """The core's one way of naming a side, with this game's independent army and
        ``NOBODY``, the holder of an empty territory (it shares its number with ``CHANCE``;
        the dice are named where they roll)."""
        if player == 0 or player == 1:  # a side, nearly always
            return self.game.scenario.players[player]
        if player == INDEPENDENT:
            return "the independent army"
        if player == NOBODY:
            return "nobody"
        return super().player_name(player)

    def units_of(self, player: int) -> int:
        return sum(
            c + i for o, c, i in zip(self.owner, self.cav, self.inf, strict=True) if o == player
        )

    def food_of(self, player: int, owner: list[int] | None = None, card: str | None = None) -> int:
        """Food supply: food of the land a side holds, scenario extras, this round's card.

        ``owner`` and ``card`` give the holders of the territories and the round's card
        of an earlier moment (default: now).
        """
        g = self.game
        owner = self.owner if owner is None else owner
        card = self.card if card is None else card
        food = sum(f for o, f in zip(owner, g.food, strict=True) if o == player)
        if g.has_faction_food:
            extra = g.faction_food[player]
            food += sum(f for o, f in zip(owner, extra, strict=True) if o == player)
        if card:
            drawn = g.cards[card]
            if drawn.kind == "food":
                food += drawn.amount
        return max(0, food)

    def unit_cap(
        self,
        player: int,
        earlier: tuple[list[int], str | None, list[bool]] | None = None,
    ) -> int:
        """Most units a side may keep: 4 + 2 x food (+2 in the round it rallies).

        ``earlier`` is (holders, card, rallies) of an earlier moment (default: now).
        """
        g = self.game
        owner, card, rally_now = earlier if earlier is not None else (None, None, self.rally_now)
        cap = g.cap_base + g.cap_per_food * self.food_of(player, owner, card)
        if rally_now[player] and g.scenario.rally:
            cap += int(g.scenario.rally["extra_units"])
        return cap

    def income_of(self, player: int) -> int:
        coins = self.game.coins
        return sum(coins[t] for t, o in enumerate(self.owner) if o == player)

    def forts_of(self, player: int) -> int:
        is_fort = self.game.is_fort
        return sum(1 for t, o in enumerate(self.owner) if o == player and is_fort[t])

    def great_forts_of(self, player: int) -> int:
        is_great = self.game.is_great
        capital = self.game.capital[player]
        return sum(
            1 for t, o in enumerate(self.owner) if o == player and (is_great[t] or t == capital)
        )

    def points_of(self, player: int) -> int:
        points = self.game.points
        return sum(points[t] for t, o in enumerate(self.owner) if o == player)

    def holds(self, player: int, names: list[str] | tuple[str, ...]) -> bool:
        index = self.game.index
        return all(self.owner[index[name]] == player for name in names)

    def card_kind(self) -> str:
        """The kind of this round's chronicle card ("" without one)."""
        return self.game.cards[self.card].kind if self.card else ""

    # --- the contract --------------------------------------------------------------
    @property
    def current_player(self) -> int:
        stage = self.stage
        if stage is _PLANNING or stage is _ACTION:
            return self.active
        if stage is _DRAW or stage is _ROLL:
            return CHANCE
        if stage is _OVER:
            return TERMINAL
        if stage is _FOOD:
            return self.hungry[0]
        return fighting.battle_player(self)

    def is_chance(self) -> bool:
        """Core's ``current_player == CHANCE``, answered from the stage without naming
        the player in the stages that are never (planning, action) or always (the
        chronicle draw, the dice) a chance step: asked twice at every step."""
        stage = self.stage
        if stage is _DRAW or stage is _ROLL:
            return True
        if stage is _PLANNING or stage is _ACTION:
            return False
        return self.current_player == CHANCE

    @property
    def phase(self) -> str:
        stage = self.stage
        if stage is _DRAW:
            return "chronicle"
        if stage is _PLANNING:
            return "planning"
        if stage is _OVER:
            return "game over"
        return "action"

    #: events are stamped with :attr:`phase` (the core's rule, without its extra call)
    event_phase = phase

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.stage is _DRAW:
            p = Fraction(1, len(self.deck))
            return [(DrawChronicle(card), p) for card in sorted(self.deck)]
        return fighting.roll_outcomes(self)

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage is _ACTION:
            return moves.action_phase_actions(self)
        if stage is _PLANNING:
            return moves.planning_actions(self)
        if stage is _FOOD:
            return moves.food_actions(self)
        return fighting.battle_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        # food can be lost only in the action phase (battles, moves, abandoned land)
        acting = self.stage not in (_PLANNING, _DRAW, _FOOD)
        # The food supply changes within the action phase only when land changes hands
        # (the round's card and rallies are settled before it), so the caps before the
        # action are worked out, from a copy of the holders, only when that happened.
        before = (list(self.owner), self.card, list(self.rally_now)) if acting else None
        events = super()._apply(action)  # the rule of HANDLERS
        if self.stage is not _OVER:
            # victory.watch_capitals, asked only when a capital changed hands (its own
            # first test, here without a call at every step)
            owner, held, (first, second) = self.owner, self.capital_holders, self.game.capital
            if owner[first] != held[0] or owner[second] != held[1]:
                events += victory.watch_capitals(self)
            if (
                before is not None
                and self.stage is _ACTION
                and self._food_may_have_changed(*before)
            ):
                caps = (self.unit_cap(0, before), self.unit_cap(1, before))
                events += turn.check_food(self, caps)
        return events

    def _food_may_have_changed(self, owner: list[int], card: str, rally: list[bool]) -> bool:
        if card != self.card or rally != self.rally_now:
            return True
        if owner == self.owner:
            return False
        # whether any territory that feeds its holder changed hands
        holders = self.game.feeding_holders
        return holders is not None and holders(owner) != holders(self.owner)

    def why_illegal(self, action: Action) -> tuple[str, str]:
        return moves.why_illegal(self, action)

    def end_game(self, result: Outcome) -> None:
        """The game is over (see :func:`hcgames.conqueror.victory.finish`)."""
        self.stage = Stage.OVER
        self.battle = None
        self.result = result

    # --- views (see hcgames.conqueror.views) ---------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    def action_words(self, action: Action) -> str:
        """Ending a part of the round says what comes next ("end my turn: Rome moves
        next"); every other choice as ``str(action)``."""
        if isinstance(action, EndPhase):
            return views.end_phase_words(self)
        return str(action)

    def battle_forecast(
        self,
        action: Action | None = None,
        heroes: tuple[int | None, int | None] = (None, None),
    ) -> BattleForecast | None:
        return forecast.battle_forecast(self, action, heroes)

    def battle_sums(self) -> tuple[tuple[SumPart, ...], tuple[SumPart, ...]] | None:
        return forecast.battle_sum(self)

    def spent_units(self) -> dict[str, int]:
        return forecast.spent_units(self)

    def units_sent_from(self, action: Action) -> tuple[str, ...]:
        return views.units_sent_from(self, action)

    def listed_words(self, action: Action, words: str, played: bool = False) -> str:
        # a hero card's price or forecast helps to pick it: once played, the battle says
        # its result
        return words if played else words + views.hero_note(self, action)

    def move_group(
        self,
        action: Action,
        kind: str,
        rank: float,
        listed: Sequence[Action],
        names: Callable[[str], str],
    ) -> tuple[str, float]:
        return views.move_group(self, action, kind, rank, names)

    def ends_phase(self, action: Action) -> bool:
        return isinstance(action, EndPhase)

    def step_words(self) -> str:
        return views.step_words(self)

    def only_move_reason(self) -> str:
        return views.only_move_reason(self)

    def passed_words(self, action: Action) -> str:
        """Ending a part of the round that passes by itself: "end its planning", "end
        its turn" (said before it is played)."""
        if isinstance(action, EndPhase):
            return "end its planning" if self.phase == "planning" else "end its turn"
        return ""

    def describe(self) -> str:
        return views.describe(self)

    def standing_words(self) -> str:
        # "Standard two-player game, round 3 of 3. ... Carthage is planning: ...": the
        # round, without the game's name and the sentence on who plays what
        text = re.sub(
            r"^[^.]*?, (round \d+ of \d+\.)", lambda m: m[1].capitalize(), self.describe()
        )
        return re.sub(r" [^.:]+ (?:is planning|is making its moves|has lost food)[^.]*\.", "", text)

    def round_card(self) -> tuple[str, str] | None:
        """This round's chronicle card, (name, what it does), or ``None`` before the first
        draw: the play screen shows it as a card by the map (look 7: in the status line
        alone, a student bought a hero for a round in which nobody may attack)."""
        if not self.card:
            return None
        card = self.game.cards[self.card]
        return card.name, card.text

    def side_summary(self, player: int) -> str:
        """One line about side ``player``: units, limit, food, land, forts, gold, heroes."""
        return views.side_summary(self, player)

    def scores(self) -> dict[int, float]:
        return views.scores(self)

    def evaluate(self, player: int) -> float:
        return views.evaluate(self, player)

    def region_views(self) -> dict[str, dict[str, Any]]:
        return views.region_views(self)

    def region_owner(self, region: str) -> int | None:
        """``region_views()[region]["owner"]`` alone (the exact odds ask it often)."""
        o = self.owner[self.game.index[region]]
        return o if o in (0, 1) else None

    def action_regions(self, action: Action) -> tuple[str, ...]:
        return views.action_regions(self, action)

    def battle_unsettled(self) -> bool:
        """A battle is rolled but not over: losses, a retreat or who stays behind are
        still to be chosen, and the attacker moves in only once they are."""
        b = self.battle
        return b is not None and b.result is not None

    def rally_possible(self, player: int) -> bool:
        """Scenario 4: may ``player`` rally now? (see :func:`moves.rally_possible`)."""
        return moves.rally_possible(self, player)

    # --- copies, saves and what-if edits ---------------------------------------------
    def copy(self) -> DuelsState:
        clone = DuelsState.__new__(DuelsState)
        clone.__dict__.update(self.__dict__)
        for name in (
            "owner",
            "cav",
            "inf",
            "fresh_cav",
            "fresh_inf",
            "bonus_cav",
            "bonus_inf",
            "gold",
            "hero_owner",
            "prize_taken",
            "deck",
            "rally_used",
            "rally_now",
            "rally_cavalry",
            "fort_streak",
            "held_rounds",
            "capital_holders",
            "hungry",
            "history",
            "events",
        ):
            setattr(clone, name, list(getattr(self, name)))
        clone.recruited = {t: list(v) for t, v in self.recruited.items()}
        clone.abandoned = set(self.abandoned)
        clone.battle = self.battle.copy() if self.battle is not None else None
        clone._legal_cache = None
        return clone

    def to_json(self, indent: int | None = None) -> str:
        if self.edited:
            raise HcgamesError(
                "this position was edited with set_army/set_gold for a what-if; it is not the "
                "result of its action list and cannot be saved"
            )
        return super().to_json(indent)

    def set_army(self, territory: str, side: str | None, cavalry: int, infantry: int) -> None:
        """What-if editing for teaching: put an army of ``side`` (a faction name,
        ``"independent"`` or ``None`` for nobody) in ``territory``. The edited state can
        be played on but not saved."""
        g = self.game
        if territory not in g.index:
            raise ValueError(f"there is no territory called {territory!r} on this map")
        if cavalry < 0 or infantry < 0:
            raise ValueError("unit counts cannot be negative")
        sides = {name: p for p, name in enumerate(g.scenario.players)}
        sides["independent"] = INDEPENDENT
        if side is not None and side not in sides:
            raise ValueError(f"side must be one of {sorted(sides)} or None, not {side!r}")
        t = g.index[territory]
        self.owner[t] = NOBODY if side is None else sides[side]
        self.cav[t], self.inf[t] = cavalry, infantry
        acting = self.stage is Stage.ACTION and self.owner[t] == self.active
        self.fresh_cav[t], self.fresh_inf[t] = (cavalry, infantry) if acting else (0, 0)
        self.bonus_cav[t] = self.bonus_inf[t] = 0
        victory.watch_capitals(self)  # an edited capital restarts the hold count, as in play
        self.edited = True
        self._legal_cache = None

    def set_gold(self, side: str, gold: int) -> None:
        """What-if editing: set a side's gold (see :meth:`set_army`)."""
        p = self.game.scenario.players.index(side)
        self.gold[p] = gold
        self.edited = True
        self._legal_cache = None


DuelsState.HANDLERS = HANDLERS
