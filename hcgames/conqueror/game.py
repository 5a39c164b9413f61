"""The :class:`DuelsGame`: one scenario of Conqueror: Duels with its fixed material.

Everything that never changes during a game (the map as index arrays, defence
bonuses, recruiting rights, heroes, the chronicle deck, interned action objects) is
computed once here, so that states hold only the changing facts and copy cheaply.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar

from hcgames.classgame import class_decisions, class_options
from hcgames.conqueror import battle, bots, decisions, fighting, teach, turn, views
from hcgames.conqueror.actions import Attack, BattleRoll, Disband, Move, Recruit
from hcgames.conqueror.material import INDEPENDENT, Card, Hero, Scenario, load_material
from hcgames.conqueror.state import DuelsState
from hcgames.core import Action, Game, RuleDecision, State
from hcgames.words import count

__all__ = ["SCENARIOS", "DuelsGame"]

#: scenario option values, in the booklet's order
SCENARIOS = (
    "standard",
    "second-punic-war",
    "gallic-wars",
    "alexanders-conquest",
    "rome-vs-persia",
    "first-syrian-war",
)


class DuelsGame(Game):
    """Conqueror: Duels for two players.

    >>> game = DuelsGame(scenario="second-punic-war")
    >>> game.player_names
    ('Carthage', 'Rome')
    >>> state = game.new_game()
    >>> state.phase, state.player_name(state.current_player)
    ('planning', 'Carthage')
    """

    id: ClassVar[str] = "conqueror-duels"
    title: ClassVar[str] = "Conqueror: Duels"
    version: ClassVar[str] = "3"
    describe_says_when: ClassVar[bool] = True  # describe() says the round, step and who
    place_noun: ClassVar[str] = "territory"  # what its map views call a place
    #: a move longer than this may wrap in the play screen's list: its moves name two
    #: places ("... to Mare Balearicum", 47 letters) and at 1024 wide the list holds about 36
    move_wrap_after: ClassVar[int] = 24
    #: the stepper's button that plays on to the next part of the round, saying what it does
    phase_button_words: ClassVar[tuple[str, str]] = (
        "Play the rest of this phase",
        "The computer plays every move left in the part of the round under way "
        "(planning, moves, battles), then stops as the next part begins",
    )
    state_class = DuelsState

    def __init__(
        self, scenario: str = "standard", max_rounds: int | None = None, **options: Any
    ) -> None:
        if options:
            raise ValueError(
                f"unknown options {sorted(options)} for {self.id}; the options are scenario= "
                "and max_rounds="
            )
        if scenario not in SCENARIOS:
            raise ValueError(f"scenario must be one of {', '.join(SCENARIOS)}, not {scenario!r}")
        material = load_material()
        full = material.scenarios[scenario]
        if max_rounds is not None and (
            isinstance(max_rounds, bool)
            or not isinstance(max_rounds, int)
            or not 1 <= max_rounds <= full.max_rounds
        ):
            raise ValueError(
                f"option max_rounds must be a whole number from 1 to {full.max_rounds} "
                f"(the scenario's own length), not {max_rounds!r}"
            )
        # recorded only when chosen, so games and saves of the scenarios keep their options
        chosen: dict[str, Any] = {"scenario": scenario}
        if max_rounds is not None:
            chosen["max_rounds"] = max_rounds
        super().__init__(**chosen)
        self.material = material
        self.rules: dict[str, Any] = material.rules
        #: the scenario, cut to ``max_rounds`` rounds when that option is given (the
        #: class game: a shorter war judged by the scenario's own goals)
        self.scenario: Scenario = (
            full if max_rounds is None else dataclasses.replace(full, max_rounds=max_rounds)
        )
        self.board = material.maps[self.scenario.map_key]
        self.casualty_rules = battle.CasualtyRules.from_data(material.rules)
        self._build_tables()

    # --- static tables ------------------------------------------------------------
    def _build_tables(self) -> None:
        sc = self.scenario
        terrs = self.board.territories
        n = len(terrs)
        self.names: tuple[str, ...] = tuple(t.name for t in terrs)
        self.index: dict[str, int] = dict(self.board.index)
        self.is_sea: tuple[bool, ...] = tuple(t.is_sea for t in terrs)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(t.neighbours for t in terrs)
        self.food: tuple[int, ...] = tuple(t.food for t in terrs)
        self.coins: tuple[int, ...] = tuple(t.coins for t in terrs)
        closed = set(sc.closed)
        self.closed: tuple[bool, ...] = tuple(name in closed for name in self.names)
        self.open_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in nbrs if not self.closed[n]) for nbrs in self.neighbours
        )
        self.capital: tuple[int, int] = (self.index[sc.capitals[0]], self.index[sc.capitals[1]])
        # map forts: a faction capital marked on the map that is nobody's capital in this
        # scenario counts as a great fort (recruits and defends like one)
        self.fort_kind: tuple[str, ...] = tuple(
            "great" if t.fort == "capital" else t.fort for t in terrs
        )
        self.is_fort: tuple[bool, ...] = tuple(t.fort != "none" for t in terrs)
        self.is_great: tuple[bool, ...] = tuple(k == "great" for k in self.fort_kind)
        points = self.rules["points"]
        self.points: tuple[int, ...] = tuple(
            points["sea"] if t.is_sea else points[t.fort if t.fort != "none" else "land"]
            for t in terrs
        )
        default = self.rules["defence_bonus"]
        tables = [sc.defence[0], sc.defence[1], default]
        self.defence: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._defence_of(tables[p], p, t) for t in range(n)) for p in range(3)
        )
        self.faction_food: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(sc.faction_food[0].get(name, 0) for name in self.names),
            tuple(sc.faction_food[1].get(name, 0) for name in self.names),
        )
        self.has_faction_food = any(any(f) for f in self.faction_food)
        #: territories whose holder's food supply changes with them
        self.feeds: tuple[bool, ...] = tuple(
            bool(self.food[t] or self.faction_food[0][t] or self.faction_food[1][t])
            for t in range(len(self.names))
        )
        feeding = [t for t, feeds in enumerate(self.feeds) if feeds]
        #: the holders of those territories read off a list of holders in one call, for
        #: the food check after every step of the action phase (None: no land feeds)
        self.feeding_holders: operator.itemgetter[Any] | None = (
            operator.itemgetter(*feeding) if feeding else None
        )
        self.unit_strength = sc.unit_strength
        self.heroes: tuple[Hero, ...] = self.material.heroes
        self.hero_index: dict[str, int] = {h.id: i for i, h in enumerate(self.heroes)}
        self.hero_choices: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(i for i, h in enumerate(self.heroes) if h.faction in sc.hero_factions[0]),
            tuple(i for i, h in enumerate(self.heroes) if h.faction in sc.hero_factions[1]),
        )
        self.cards: dict[str, Card] = {c.id: c for c in self.material.cards}
        if sc.chronicle is not None:
            removed = set(sc.chronicle.get("removed", []))
            self.deck: tuple[str, ...] = tuple(
                c.id for c in self.material.cards if c.id not in removed
            )
        else:
            self.deck = ()
        cap = self.rules["unit_cap"]
        self.cap_base: int = int(cap["base"])
        self.cap_per_food: int = int(cap["per_food"])
        self.recruit_limits: dict[str, dict[str, int]] = self.rules["recruit"]
        self.actions_per_unit: int = int(self.rules["actions_per_unit"])
        self.battle_rolls: tuple[tuple[BattleRoll, Fraction], ...] = fighting.battle_rolls(
            self.casualty_rules.die_sides
        )
        self._action_cache: dict[tuple[int, int, int, int, int], Action] = {}
        self._combo_cache: dict[tuple[int, int, int, int, int], tuple[Action, ...]] = {}
        self.immediate_goals: tuple[tuple[int, tuple[int, ...], str], ...] = tuple(
            (
                sc.players.index(c["player"]),
                tuple(self.index[n] for n in c["hold"]),
                ", ".join(c["hold"]),
            )
            for c in sc.victory["immediate"]
        )

    def _defence_of(self, table: dict[str, int], player: int, t: int) -> int:
        terr = self.board.territories[t]
        if terr.is_sea:
            return table["sea"]
        if player < INDEPENDENT and t == self.capital[player]:
            return table["capital"]
        kind = self.fort_kind[t]
        return (
            table["great"]
            if kind == "great"
            else table["small"]
            if kind == "small"
            else table["land"]
        )

    def move_action(
        self, attack: bool, source: int, target: int, cavalry: int, infantry: int
    ) -> Action:
        """Interned Move/Attack objects (one object per distinct action, made once)."""
        key = (int(attack), source, target, cavalry, infantry)
        action = self._action_cache.get(key)
        if action is None:
            cls = Attack if attack else Move
            action = cls(self.names[source], self.names[target], cavalry, infantry)
            self._action_cache[key] = action
        return action

    def recruit_action(self, territory: int, unit: str) -> Action:
        key = (2, territory, int(unit == "cavalry"), 0, 0)
        action = self._action_cache.get(key)
        if action is None:
            action = self._action_cache[key] = Recruit(self.names[territory], unit)
        return action

    def disband_action(self, territory: int, unit: str) -> Action:
        key = (3, territory, int(unit == "cavalry"), 0, 0)
        action = self._action_cache.get(key)
        if action is None:
            action = self._action_cache[key] = Disband(self.names[territory], unit)
        return action

    def move_combos(
        self, attack: bool, source: int, target: int, cavalry: int, infantry: int
    ) -> tuple[Action, ...]:
        """Every Move (or Attack) from ``source`` to ``target`` with up to ``cavalry``
        and ``infantry`` units, in a fixed order; made once and reused."""
        key = (int(attack), source, target, cavalry, infantry)
        combos = self._combo_cache.get(key)
        if combos is None:
            combos = tuple(
                self.move_action(attack, source, target, c, i)
                for c in range(cavalry + 1)
                for i in range(infantry + 1)
                if c or i
            )
            self._combo_cache[key] = combos
        return combos

    # --- facts about the game -----------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.scenario.players

    @property
    def max_actions(self) -> int:
        """A true upper bound, from the largest army the map can feed.

        A side never has more units than 4 + 2 x (all the food on the map, plus
        scenario and card bonuses) plus the rally's extra units. Per round and side:
        at most that many disbands, two recruits per fort plus the rally cavalry, one
        purchase per hero, two actions per unit in the action phase, each followed by
        at most eight battle steps, disbands when food is lost, and the end-of-phase
        actions.
        """
        sc = self.scenario
        food = sum(self.food) + max(sum(f) for f in self.faction_food) + 1
        rally = sc.rally or {}
        units = self.cap_base + self.cap_per_food * food + int(rally.get("extra_units", 0)) + 1
        forts = sum(self.is_fort)
        planning = units + 1 + 2 * forts + int(rally.get("extra_cavalry", 0)) + len(self.heroes) + 1
        acting = self.actions_per_unit * units * 9 + 1 + units  # + disbands for lost food
        per_round = 1 + 2 * (planning + acting)
        return sc.max_rounds * per_round

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [{"scenario": key} for key in SCENARIOS] + [class_options(cls.id)]

    def bot_levels(self) -> dict[str, Any]:
        """The computer's levels for this game (see :mod:`hcgames.conqueror.bots`)."""
        return dict(bots.LEVELS)

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """The game's own bot by name: ``watchful``, the hard level's careful general."""
        return {"watchful": bots.WatchfulBot}

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        """The positions lessons open at: this scenario's first planning phase, and the
        positions of :mod:`hcgames.conqueror.teach` that belong to this scenario."""
        setups: dict[str, Callable[..., State]] = {"start": self.new_game}
        for name, (scenario, make) in teach.SETUPS.items():
            if scenario == self.scenario.key:
                setups[name] = functools.partial(make, self)
        return setups

    def rule_decisions(self) -> list[RuleDecision]:
        return decisions.rule_decisions(self.material, self.options) + class_decisions(self)

    def phases(self) -> list[str]:
        return list(turn.PHASES)

    def phase_title(self, phase: str) -> str:
        return views.PHASE_TITLES.get(phase, phase)

    def geojson(self) -> dict[str, Any]:
        """The campaign map of this scenario (a copy; feature ids are territory names)."""
        return copy.deepcopy(self.board.geojson)

    def card_names(self) -> dict[str, str]:
        """The chronicle cards' names by id."""
        return {key: card.name for key, card in self.cards.items() if card.name != key}

    def odds_table(self) -> str:
        return battle.odds_table(die_sides=self.casualty_rules.die_sides)

    def describe(self) -> str:
        sc = self.scenario
        sides = f"{sc.players[0]} against {sc.players[1]}"
        # a scenario titled after its two sides ("Rome against Persia") says them once
        title = sc.title if sides in sc.title else f"{sc.title}, {sides}"
        return (
            f"{self.title}: {title}, on a map of {self.board.region}, "
            f"at most {count(sc.max_rounds, 'round')}."
        )

    def new_game(self, seed: int = 0) -> DuelsState:
        """The scenario's set-up: capitals, starting armies (the independent ones too),
        gold and heroes; then round 1 begins."""
        sc = self.scenario
        state = DuelsState(self, seed)
        for p, faction in enumerate(sc.players):
            state.owner[self.capital[p]] = p
            for name, (c, i) in sc.setup.get(faction, {}).items():
                t = self.index[name]
                state.owner[t], state.cav[t], state.inf[t] = p, c, i
        for name, (c, i) in sc.setup.get("independent", {}).items():
            t = self.index[name]
            state.owner[t], state.cav[t], state.inf[t] = INDEPENDENT, c, i
        state.gold = list(sc.start_gold)
        for p in (0, 1):
            for hero_id in sc.start_heroes[p]:
                state.hero_owner[self.hero_index[hero_id]] = p
        state.capital_holders = [state.owner[t] for t in self.capital]
        state.events.extend(turn.start_round(state))
        return state
