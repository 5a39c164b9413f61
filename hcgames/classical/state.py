"""The position of a Classical Conquests game and the rules that change it.

A game starts with two set-up steps: one resource roll per territory (a chance step
on the sea d6 or land d8 table) and then one city per player. After that each player
in turn plays the ten phases; each phase does its automatic part when it starts
(production, feeding, battles, free research rolls, scoring) and ends with an
explicit :class:`~hcgames.classical.actions.EndPhase`.

:class:`ClassicalState` owns the fields and answers the contract by calling the plain
functions of the rule modules: :data:`HANDLERS` (``ClassicalState.HANDLERS``, core's
dispatch convention) is the one table from each kind of action to the function that
applies it.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.classical import fighting, moves, payment, teach, turn, views
from hcgames.classical.actions import (
    BattleDie,
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    Pay,
    PayRest,
    PlaceCity,
    Recruit,
    ResearchDie,
    ResourceRoll,
    Settle,
    Starve,
    UpgradeVillage,
)
from hcgames.classical.battle import die_outcomes
from hcgames.classical.fighting import Fight
from hcgames.classical.material import PHASES, TRAITS, load_material
from hcgames.classical.payment import CATEGORIES, Payment
from hcgames.classical.words import unfed_text
from hcgames.core import CHANCE, TERMINAL, Action, Handler, Outcome, State
from hcgames.dice import die

if TYPE_CHECKING:
    from hcgames.classical.game import ClassicalGame

__all__ = ["HANDLERS", "ClassicalState"]

SETUP_ROLLS = turn.SETUP_ROLLS
SETUP_CITIES = turn.SETUP_CITIES
T_INDEX = {t: n for n, t in enumerate(TRAITS)}


class ClassicalState(State):
    game: ClassicalGame

    def __init__(self, game: ClassicalGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        m = game.material
        n_t = len(m.territories)
        players = game.num_players
        if game.civ_choice is None:
            drawn = random.Random(seed).sample(range(len(m.civilizations)), players)
            self.civs = [m.civilizations[i].id for i in drawn]
        else:
            self.civs = list(game.civ_choice)
        self.resource: list[str | None] = [None] * n_t  # "grain", "salt" ... once rolled
        self.category: list[str | None] = [None] * n_t  # what it yields, None for nothing
        self.owner = [-1] * n_t
        self.level = [0] * n_t  # 0 nothing, 1 village, 2 city
        self.monuments = [0] * n_t
        self.armies = [[0] * n_t for _ in range(players)]
        self.fleets = [[0] * n_t for _ in range(players)]
        self.levels = [[0] * len(TRAITS) for _ in range(players)]
        self.points = [[0] * len(TRAITS) for _ in range(players)]
        for p, civ_id in enumerate(self.civs):
            for trait, lvl in m.civ(civ_id).traits:
                self.levels[p][T_INDEX[trait]] = lvl
        self.vp = [0] * players
        self.out = [False] * players
        self.player = 0
        self.round_no = 0
        self.phase_idx = SETUP_ROLLS
        self.setup_next = 0  # territory to roll, then player to place
        self.pool = dict.fromkeys(CATEGORIES, 0)
        self.reset_turn_counters()
        self.battles: list[int] = []
        #: the battle being fought (see :mod:`.fighting`), or None
        self.fight: Fight | None = None
        self.rolls_pending = 0
        #: the open payment (see :mod:`.payment`), or None
        self.paying: Payment | None = None
        #: how the game ended (see :mod:`.victory`), or None while it goes on
        self.result: Outcome | None = None

    def reset_turn_counters(self) -> None:
        n_t = len(self.owner)
        self.built = self.upgraded = self.settled = self.recruited = self.paid_rolls = 0
        self.moves_made = 0
        self.moved_armies = [0] * n_t
        self.moved_fleets = [0] * n_t
        self.shortfall = 0
        self.move_cache: dict[str, Any] = {}  # derived data of the move phase, never saved

    # --- contract: who acts ----------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.phase_idx == SETUP_ROLLS or self.fight is not None or self.rolls_pending:
            return CHANCE
        if self.phase_idx == SETUP_CITIES:
            return self.setup_next
        return self.player

    @property
    def phase(self) -> str:
        if self.phase_idx == SETUP_ROLLS:
            return "resource rolls"
        if self.phase_idx == SETUP_CITIES:
            return "first cities"
        return PHASES[self.phase_idx]

    def player_name(self, player: int | None) -> str:
        if player is not None and 0 <= player < len(self.civs):
            return self.game.material.civ_by_id[self.civs[player]].name
        return super().player_name(player)

    # --- small facts ------------------------------------------------------------
    def level_of(self, player: int, trait: str) -> int:
        return self.levels[player][T_INDEX[trait]]

    def cities_of(self, player: int) -> list[int]:
        return [t for t, o in enumerate(self.owner) if o == player and self.level[t] == 2]

    def monuments_of(self, player: int) -> int:
        return sum(n for t, n in enumerate(self.monuments) if self.owner[t] == player)

    def monument_limit(self, player: int) -> int:
        book = self.game.material.book
        return int(book["monument_limit_base"]) + self.level_of(player, "religion")

    def recruit_limit(self, player: int) -> int:
        book = self.game.material.book
        return (
            int(book["recruit_limit_base"])
            + self.level_of(player, "government")
            + len(self.cities_of(player))
        )

    def free_rolls(self, player: int) -> int:
        book = self.game.material.book
        return int(book["free_research_rolls"]) + self.level_of(player, "science")

    def has_anything(self, player: int) -> bool:
        return player in self.owner or any(self.armies[player]) or any(self.fleets[player])

    def enemy_units(self, player: int) -> list[bool]:
        """Per territory: does any other player have an army or fleet there?"""
        rows = [u[q] for u in (self.armies, self.fleets) for q in range(len(u)) if q != player]
        return list(map(any, zip(*rows, strict=True)))

    def enemy_held(self, player: int) -> list[bool]:
        """Per territory: enemy units or an enemy settlement (no passing through)."""
        units = self.enemy_units(player)
        return [u or (o not in (-1, player)) for u, o in zip(units, self.owner, strict=True)]

    # --- costs -----------------------------------------------------------------
    def monument_cost(self, territory: int) -> tuple[tuple[tuple[str, ...], ...], int]:
        costs = self.game.costs
        return costs["monument"], costs["monument_step"] * self.monuments[territory]

    def upgrade_cost(self) -> tuple[tuple[str, ...], ...]:
        return self.game.costs["upgrade"]

    def village_cost(self) -> tuple[tuple[str, ...], ...]:
        """Cost of the next village this turn (nothing for the free one)."""
        costs = self.game.costs
        return () if self.settled < costs["free_villages"] else costs["village"]

    def unit_cost(self, kind: str) -> tuple[tuple[str, ...], ...]:
        return self.game.costs[kind]

    # --- legal actions ---------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        m = self.game.material
        if self.phase_idx == SETUP_ROLLS:
            t = m.territories[self.setup_next]
            faces = die(m.land_die if t.land else m.sea_die)
            return [(ResourceRoll(t.id, f), p) for f, p in faces.items()]
        if self.fight is not None:
            side = "attacker" if self.fight.attacker_roll is None else "defender"
            return die_outcomes(side)
        return RESEARCH_OUTCOMES

    # --- applying --------------------------------------------------------------
    def attack_odds(self, action: Action) -> Fraction | None:
        """Exact chance that a move into enemy ground wins its battle (see
        :func:`hcgames.classical.teach.move_attack_odds`)."""
        if not isinstance(action, Move) or self.is_terminal() or self.is_chance():
            return None
        return teach.move_attack_odds(self, action)

    # --- contract: views and snapshots -----------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "civs": list(self.civs),
            "resource": list(self.resource),
            "owner": list(self.owner),
            "level": list(self.level),
            "monuments": list(self.monuments),
            "armies": [list(a) for a in self.armies],
            "fleets": [list(f) for f in self.fleets],
            "levels": [list(lv) for lv in self.levels],
            "points": [list(pt) for pt in self.points],
            "vp": list(self.vp),
            "out": list(self.out),
            "player": self.player,
            "round": self.round_no,
            "phase": self.phase_idx,
            "setup_next": self.setup_next,
            "pool": dict(self.pool),
            "counters": [
                self.built,
                self.upgraded,
                self.settled,
                self.recruited,
                self.paid_rolls,
                self.moves_made,
                self.shortfall,
            ],
            "moved_armies": list(self.moved_armies),
            "moved_fleets": list(self.moved_fleets),
            "battles": list(self.battles),
            "fight": self.fight.to_json() if self.fight else None,
            "rolls_pending": self.rolls_pending,
            "paying": self.paying.to_json() if self.paying else None,
            "result": [list(self.result.winners), self.result.reason] if self.result else None,
        }

    def copy(self) -> ClassicalState:
        clone = object.__new__(type(self))
        for key, value in self.__dict__.items():
            if key == "game":
                clone.game = value
            elif isinstance(value, list):
                clone.__dict__[key] = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                clone.__dict__[key] = dict(value)  # the move cache's lists are never changed
            # the fight, the payment and the result are frozen records, shared
            else:
                clone.__dict__[key] = value
        return clone

    def why_illegal(self, action: Action) -> tuple[str, str]:
        return moves.why_illegal(self, action)

    def only_move_reason(self) -> str:
        return moves.only_move_reason(self)

    def action_words(self, action: Action) -> str:
        """The move as the list of moves says it, with its price ("Recruit an army in
        Attica (1 iron)": look 8, lesson 24 saw the price only once the move was played)."""
        return str(action) + payment.price_note(self, action)

    def listed_words(self, action: Action, words: str, played: bool = False) -> str:
        return views.listed_words(action, words)

    def ends_phase(self, action: Action) -> bool:
        return isinstance(action, EndPhase)

    def own_side_lines(self, seat: int) -> list[str]:
        return views.own_side_lines(self, seat)

    def step_words(self) -> str:
        """A famine: what the player must choose and what it costs (upkeep)."""
        if not self.shortfall:
            return ""
        return (
            "food and gold cannot feed all your armies, fleets and cities: choose "
            f"{unfed_text(self.shortfall)} to leave unfed (an unfed army or fleet is "
            "disbanded, an unfed city shrinks to a village)"
        )

    def scores(self) -> dict[int, float]:
        return {p: float(v) for p, v in enumerate(self.vp)}

    def evaluate(self, player: int) -> float:
        if self.is_terminal():
            return self.returns()[player]
        return views.evaluate(self, player)

    def describe(self) -> str:
        return views.describe(self)

    def standing_words(self) -> str:
        # "Round 3 of 5, research phase of the Athenians. They hold ...": the phase is
        # the banner's to say
        return re.sub(
            r"^(Round \d+ of \d+), [\w ]+ phase of the ([^.]+)\. They ",
            r"\1. The \2 ",
            self.describe(),
        )

    def region_views(self) -> dict[str, dict[str, Any]]:
        return views.region_views(self)

    def map_symbols(self) -> list[tuple[str, str]]:
        return views.map_symbols(self)

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move):
            return (action.from_, action.to)
        territory = getattr(action, "territory", None)
        return (territory,) if isinstance(territory, str) else ()


#: the d12 of the research table (rules.json research_die)
RESEARCH_OUTCOMES: list[tuple[Action, Fraction]] = [
    (ResearchDie(f), p) for f, p in die(load_material().research_die).items()
]

#: the one dispatch table: each kind of action and the rule that applies it
HANDLERS: dict[type[Action], Handler] = {
    ResourceRoll: turn.resource_roll,
    PlaceCity: turn.place_city,
    EndPhase: turn.end_phase,
    Starve: turn.starve,
    ResearchDie: turn.research_die,
    BattleDie: fighting.battle_die,
    Pay: payment.pay_one,
    PayRest: payment.pay_rest,
    BuildMonument: moves.build_monument,
    UpgradeVillage: moves.upgrade_village,
    Settle: moves.settle,
    Move: moves.move,
    Recruit: moves.recruit,
    BuyResearchRoll: moves.buy_research_roll,
}
ClassicalState.HANDLERS = HANDLERS
