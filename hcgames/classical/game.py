"""The :class:`ClassicalGame`: options, fixed material and facts about the game."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from hcgames.classgame import class_decisions, class_options
from hcgames.classical import teach
from hcgames.classical.bots import LEVELS, PlannerBot
from hcgames.classical.decisions import rule_decisions
from hcgames.classical.material import PHASES, Material, load_material
from hcgames.classical.state import ClassicalState
from hcgames.classical.words import plural
from hcgames.core import Game, RuleDecision, State
from hcgames.words import count, join

__all__ = ["LAND_SETS", "ClassicalGame"]

#: named sets of lands for option ``lands``: the Greek world of the Peloponnesian War,
#: from southern Italy to Cyprus (the places of the "aegean" theatre of
#: data/classical/theatres.json, so a map cropped to it shows them all)
LAND_SETS: dict[str, tuple[str, ...]] = {
    "greek-world": (
        "magna_graecia",
        "macedonia",
        "thracia",
        "attica",
        "peloponnesus",
        "creta",
        "bithynia",
        "ionia",
        "galatia",
        "cyprus",
        "mare_ionium",
        "mare_adriaticum",
        "mare_thracium",
        "mare_aegaeum",
        "mare_libycum",
        "mare_syriacum",
    )
}
#: the theatre (part of the map) each named set of lands is shown in
LAND_THEATRES = {"greek-world": "aegean"}


#: a game of this many rounds or fewer (the class game's 5) is won on points alone: the
#: full game's target is far out of reach, and its description says so
SHORT_GAME_ROUNDS = 5

class ClassicalGame(Game):
    """Classical Conquests for 2 to 6 players.

    Options:

    ``players``
        2 to 6 (default 2). The book says "2-4+"; six is our upper bound.
    ``civilizations``
        ``None`` (default) draws a different people for each player at set-up from the
        game's seed; or a list of names, one per player (``("Romans", "Egyptians")``).
    ``token_reduction``
        the book's optional rule: play with only unit, settlement and resource tokens.
        It changes what stands on the table, not the rules; here it switches the map
        labels to token counts (default False).
    ``max_turns``
        number of rounds (every player has one turn per round) after which the game
        ends and the most victory points win; default 40, enough for a strong
        economy to reach the rulebook's 100 points first.
    ``homes``
        ``None`` (default): each player founds its first city where it likes, as the
        rulebook says; or a list of land territories, one per player, where each
        player's first city stands (our option for a game about one war: the class
        game puts Athens in Attica and Sparta in the Peloponnese, closer together
        than the rulebook's city spacing allows).
    ``lands``
        ``None`` (default): the whole map; or a list of territories (land and sea)
        the game is played in: no village is founded, no unit recruited and no unit
        moved anywhere else (our option for the class game); or the name of such a
        list, ``"greek-world"``: the Greek world of the Peloponnesian War.
    """

    id: ClassVar[str] = "classical-conquests"
    title: ClassVar[str] = "Classical Conquests"
    version: ClassVar[str] = "2"
    describe_says_when: ClassVar[bool] = True  # describe() says the round, step and who
    save_by_phase: ClassVar[bool] = True  # a saved game is named "round 5, research phase"
    #: a move longer than this may wrap in the play screen's list ("move a fleet from Mare
    #: Thracium to Mare Aegaeum", 47 letters, was cut at the list's edge at 1024 wide)
    move_wrap_after: ClassVar[int] = 30
    #: the stepper's "play to the end of the phase" button, saying what it does: every
    #: move left in the phase under way (the 58 dice of the map's set-up is one phase)
    phase_button_words: ClassVar[tuple[str, str]] = (
        "Play the rest of this phase",
        "The computer plays every move left in the phase under way, then stops as the "
        "next phase begins",
    )
    state_class = ClassicalState

    def __init__(
        self,
        players: int = 2,
        civilizations: Any = None,
        max_turns: int | None = None,
        token_reduction: bool = False,
        homes: Any = None,
        lands: Any = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            names = ", ".join(sorted(unknown))
            raise ValueError(
                f"unknown {plural('option', len(unknown))} {names} for Classical Conquests; "
                "the options are "
                "players, civilizations, max_turns, token_reduction, homes and lands"
            )
        material = load_material()
        low_p, high_p = material.ours["players_range"]
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not low_p <= players <= high_p
        ):
            raise ValueError(
                f"option players must be a whole number from {low_p} to {high_p}, not {players!r}"
            )
        low, high = material.ours["max_turns_range"]
        if max_turns is not None and (
            isinstance(max_turns, bool)
            or not isinstance(max_turns, int)
            or not low <= max_turns <= high
        ):
            raise ValueError(
                f"option max_turns must be a whole number from {low} to {high}, not {max_turns!r}"
            )
        choice: tuple[str, ...] | None = None
        if civilizations is not None and civilizations != "draw":
            if isinstance(civilizations, str) or not isinstance(civilizations, list | tuple):
                raise ValueError(
                    "option civilizations must be a list of names, one per player "
                    f"(or None to draw them), not {civilizations!r}"
                )
            if len(civilizations) != players:
                raise ValueError(
                    f"option civilizations names {len(civilizations)} peoples for {players} players"
                )
            try:
                choice = tuple(material.civ(str(name)).id for name in civilizations)
            except KeyError as exc:
                raise ValueError(f"option civilizations: {exc.args[0]}") from None
            if len(set(choice)) != len(choice):
                raise ValueError("option civilizations: each player needs a different people")
        options: dict[str, Any] = {"players": players}
        if civilizations is not None:
            options["civilizations"] = (
                list(civilizations) if civilizations != "draw" else civilizations
            )
        if max_turns is not None:
            options["max_turns"] = max_turns
        if not isinstance(token_reduction, bool):
            raise ValueError(
                f"option token_reduction must be True or False, not {token_reduction!r}"
            )
        if token_reduction:
            options["token_reduction"] = True
        home_ids: tuple[int, ...] | None = None
        if homes is not None:
            if isinstance(homes, str) or not isinstance(homes, list | tuple):
                raise ValueError(
                    "option homes must be a list of land territories, one per player, "
                    f"not {homes!r}"
                )
            if len(homes) != players:
                raise ValueError(
                    f"option homes names {len(homes)} territories for {players} players"
                )
            ids = []
            for name in homes:
                t = material.index.get(str(name))
                if t is None or not material.territories[t].land:
                    raise ValueError(f"option homes: {name!r} is not a land territory of the map")
                ids.append(t)
            if len(set(ids)) != len(ids):
                raise ValueError("option homes: each player needs a different territory")
            home_ids = tuple(ids)
            options["homes"] = [material.territories[t].id for t in ids]
        closed: frozenset[int] = frozenset()
        if lands is not None:
            if isinstance(lands, str) and lands in LAND_SETS:
                places: Any = LAND_SETS[lands]
            elif isinstance(lands, list | tuple) and lands:
                places = lands
            else:
                raise ValueError(
                    f"option lands must be {join(sorted(LAND_SETS), 'or')} or a list of "
                    f"territories, not {lands!r}"
                )
            inside = set()
            for name in places:
                t = material.index.get(str(name))
                if t is None:
                    raise ValueError(f"option lands: {name!r} is not a territory of the map")
                inside.add(t)
            if home_ids is not None and not set(home_ids) <= inside:
                raise ValueError("option lands must hold every territory of option homes")
            closed = frozenset(range(len(material.territories))) - inside
            options["lands"] = (
                lands
                if isinstance(lands, str)
                else [material.territories[t].id for t in sorted(inside)]
            )
        self.token_reduction = token_reduction
        super().__init__(**options)
        self.material: Material = material
        self.players = players
        self.civ_choice = choice
        #: the territory of each player's first city, or None (founded where it likes)
        self.homes: tuple[int, ...] | None = home_ids
        #: territories outside option lands: nobody settles, recruits or moves there
        self.closed: frozenset[int] = closed
        #: their ids (what a cropped map may leave out, see :mod:`hcgames.theatres`)
        self.closed_places: tuple[str, ...] = tuple(
            material.territories[t].id for t in sorted(closed)
        )
        self.max_turns: int = (
            max_turns if max_turns is not None else int(material.ours["default_max_turns"])
        )
        self._max_actions = self._bound_actions()
        book = material.book

        def needs(cost: dict[str, int]) -> tuple[tuple[str, ...], ...]:
            return tuple((c,) for c, n in cost.items() for _ in range(n))

        #: every cost of the rules as (alternatives, ...) needs, read from rules.json
        self.costs: dict[str, Any] = {
            "monument": needs(book["monument_cost"]),
            "monument_step": int(book["monument_extra_any_per_monument"]),
            "upgrade": needs(book["upgrade_cost"]),
            "army": needs(book["army_cost"]),
            "fleet": needs(book["fleet_cost"]),
            "village": tuple(tuple(alt) for alt in book["extra_village_cost"]),
            "free_villages": int(book["free_villages_per_turn"]),
        }

    @property
    def theatre(self) -> str | None:
        """The part of the map (:mod:`hcgames.theatres`) a game played in option lands
        is shown in when they are a named set (the Aegean for the Greek world); else
        None."""
        lands = self.options.get("lands")
        return LAND_THEATRES.get(lands) if isinstance(lands, str) else None

    def new_game(self, seed: int = 0) -> ClassicalState:
        """The position before the first action: the resource rolls of set-up are next."""
        return ClassicalState(self, seed)

    # --- facts --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    @property
    def player_names(self) -> tuple[str, ...]:
        if self.civ_choice is None:
            return super().player_names
        return tuple(self.material.civ(c).name for c in self.civ_choice)

    @property
    def max_actions(self) -> int:
        return self._max_actions

    def _bound_actions(self) -> int:
        """A true upper bound on the number of steps in one game.

        Resources bound everything a player pays for: every paid action costs at
        least one resource and every payment step (:class:`Pay`, :class:`PayRest`)
        spends at least one, so one turn has at most twice as many of them as the
        resources produced that turn. Production is at most one per land territory,
        one per sea territory, one gold per city (one per land territory) and one per
        trait level. Trait levels and Science grow only with research points, and the
        number of research rolls in a turn (free plus paid, the k-th paid roll costing
        k) is bounded from those; this bound follows that growth turn by turn as if
        every point were spent on the cheapest levels. The rest of a turn: one
        EndPhase per phase, the free village, unfed choices (every unit and city),
        one move per unit, and battle rounds (each removes one unit or one point of a
        settlement and costs two dice).
        """
        m = self.material
        supply = m.ours["unit_supply"]
        units = int(supply["army"]) + int(supply["fleet"])
        land = sum(1 for t in m.territories if t.land)
        sea = len(m.territories) - land
        strength = int(m.ours["settlement_strength"]["city"])
        battle_rounds = units * self.players + units * strength
        free_villages = int(m.book["free_villages_per_turn"])
        fixed = len(PHASES) + free_villages + (units + land) + units + 2 * battle_rounds
        traits = len(m.trait_names)
        start_level = max(lvl for c in m.civilizations for _, lvl in c.traits)

        def most_levels(points: int) -> tuple[int, int]:
            """(most levels of all traits together, most Science) from ``points``."""
            levels = [start_level] * traits  # as if every trait started high
            left = points
            while True:
                k = min(range(traits), key=levels.__getitem__)
                if levels[k] + 1 > left:
                    break
                left -= levels[k] + 1
                levels[k] += 1
            science, left = start_level, points
            while science + 1 <= left:
                left -= science + 1
                science += 1
            return sum(levels), science

        points = 0
        total = 0
        for _ in range(self.max_turns):
            all_levels, science = most_levels(points)
            produced = land + sea + land + all_levels
            paid_rolls = 0
            while (paid_rolls + 1) * (paid_rolls + 2) // 2 <= produced:
                paid_rolls += 1
            rolls = int(m.book["free_research_rolls"]) + science + paid_rolls
            total += fixed + 2 * produced + rolls
            points += rolls
        return len(m.territories) + self.players + self.players * total + 1

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 6},
            {"players": 2, "token_reduction": True},
            class_options(cls.id),
        ]

    def phases(self) -> list[str]:
        return list(PHASES)

    def geojson(self) -> dict[str, Any]:
        return copy.deepcopy(self.material.geojson)

    def bot_levels(self) -> dict[str, Any]:
        """The computer's levels (:mod:`hcgames.classical.bots`): easy builds
        without a plan, medium follows a sound building plan, hard adds a war planned
        with the exact battle odds."""
        return dict(LEVELS)

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """The game's own bots by name: ``planner`` is the lessons' rule-of-thumb
        player (:class:`~hcgames.classical.bots.PlannerBot`)."""
        return {"planner": PlannerBot}

    def rule_decisions(self) -> list[RuleDecision]:
        return rule_decisions(self.material, self.options) + class_decisions(self)

    def odds_table(self) -> str:
        return teach.odds_table()

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        """The positions the lessons open at (:func:`hcgames.classical.teach.teaching_setups`),
        each bound to this game: ``setups["battle in Etruria"](attackers=4)``."""
        return {name: partial(setup, self) for name, setup in teach.teaching_setups().items()}

    def describe(self) -> str:
        peoples = join(self.player_names) if self.civ_choice else "peoples drawn at set-up"
        target = count(int(self.material.book["victory_points"]), "victory point")
        if self.max_turns <= SHORT_GAME_ROUNDS:  # a class game: the target is out of reach
            return (
                f"{self.title}: {self.players} players ({peoples}); whoever has the most "
                f"victory points after {count(self.max_turns, 'round')} wins (a game this "
                f"short ends long before anyone reaches the full game's {target})."
            )
        return (
            f"{self.title}: {self.players} players ({peoples}), first to {target} or most "
            f"points after {count(self.max_turns, 'round')}."
        )
