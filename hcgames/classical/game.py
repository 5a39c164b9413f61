"""The :class:`ClassicalGame`: options, fixed material and facts about the game."""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from hcgames.classical.actions import ACTION_TYPES
from hcgames.classical.material import PHASES, Material, load_material
from hcgames.classical.state import ClassicalState
from hcgames.core import Action, Game, RuleDecision

__all__ = ["ClassicalGame"]


class ClassicalGame(Game):
    """Classical Conquests for 2-4 players.

    Options:

    ``players``
        2, 3 or 4 (default 2).
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
    """

    id: ClassVar[str] = "classical-conquests"
    title: ClassVar[str] = "Classical Conquests"
    version: ClassVar[str] = "1"
    state_class = ClassicalState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(
        self,
        players: int = 2,
        civilizations: Any = None,
        max_turns: int | None = None,
        token_reduction: bool = False,
    ) -> None:
        material = load_material()
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"option players must be 2, 3 or 4, not {players!r}")
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
        self.token_reduction = token_reduction
        super().__init__(**options)
        self.material: Material = material
        self.players = players
        self.civ_choice = choice
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

        Per player turn: one EndPhase per phase; unfed picks at most every unit and
        city; builds, upgrades, villages and paid research rolls at most their
        per-turn caps; moves and recruits at most the unit supply; each battle round
        removes one unit or one point of a settlement, and costs two dice; free
        research rolls grow with Science, bounded here as if every roll were Science.
        """
        m = self.material
        supply = m.ours["unit_supply"]
        units = int(supply["army"]) + int(supply["fleet"])
        land = sum(1 for t in m.territories if t.land)
        caps = m.ours["per_turn_caps"]
        strength = int(m.ours["settlement_strength"]["city"])
        battle_rounds = units * self.players + units * strength
        fixed = (
            len(PHASES)
            + units
            + land
            + int(caps["build"])
            + int(caps["upgrade"])
            + int(caps["settle"])
            + 2 * int(caps["paid_research_rolls"])
            + 2 * units
            + 2 * battle_rounds
        )
        science = max(lvl for c in m.civilizations for t, lvl in c.traits if t == "science")
        points = 0
        total = 0
        for _ in range(self.max_turns):
            rolls = int(m.book["free_research_rolls"]) + science
            total += fixed + rolls
            points += rolls + int(caps["paid_research_rolls"])
            while points >= science + 1:
                points -= science + 1
                science += 1
        return len(m.territories) + self.players + self.players * total + 1

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [{"players": 2}, {"players": 3}, {"players": 4}]

    def phases(self) -> list[str]:
        return list(PHASES)

    def geojson(self) -> dict[str, Any]:
        return copy.deepcopy(self.material.geojson)

    def rule_decisions(self) -> list[RuleDecision]:
        from hcgames.classical.rules_text import rule_decisions

        return rule_decisions(self.material)

    def odds_table(self) -> str:
        from hcgames.classical.odds import odds_table

        return odds_table()

    def describe(self) -> str:
        peoples = ", ".join(self.player_names) if self.civ_choice else "peoples drawn at set-up"
        return (
            f"{self.title}: {self.players} players ({peoples}), first to "
            f"{self.material.book['victory_points']} victory points or most points after "
            f"{self.max_turns} rounds."
        )
