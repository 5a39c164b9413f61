"""A tiny game that keeps the hcgames contract, used only to test the widgets.

Two sides, Alpha and Beta, contest three land regions and one gulf for four rounds.
Each side's turn has two phases:

* **muster**: place one army on a region you hold;
* **march**: up to two marches of one army from a region with at least two armies
  to a neighbouring region, then end the march. Entering an empty region takes it.
  Entering a held region (the enemy's, or the neutral west with its garrison) is a
  battle decided by one six-sided die, a chance step: 4-6 and a defending army
  falls (the last one gives the region up and one attacker moves in), 1-3 and the
  attacking army falls.

A side with no region left loses at once; after four rounds the side holding more
regions wins, equal holdings are a draw. The seed only decides which land each side
starts on. The map is given both as GeoJSON (for ``MapView``) and as a board graph
(for ``BoardView``); with ``cards=True`` each side's holdings are also shown as card
rows (for ``CardRowsView``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hcgames.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    Outcome,
    RuleDecision,
    State,
)

ROUNDS = 4
MARCHES_PER_TURN = 2
PHASES = ["muster", "march"]
LAND = ("north", "west", "east")
SEA = ("gulf",)
NAMES = {"north": "North Hills", "west": "West Ford", "east": "East Wood", "gulf": "The Gulf"}
NEIGHBOURS = {
    "north": ("west", "east"),
    "west": ("north", "east", "gulf"),
    "east": ("north", "west", "gulf"),
    "gulf": ("west", "east"),
}
# Outer rings run clockwise in (lon, lat), as d3-geo wants.
RINGS = {
    "north": [[10.0, 44.0], [10.0, 46.0], [12.0, 46.0], [12.0, 44.0], [10.0, 44.0]],
    "west": [[10.0, 42.0], [10.0, 44.0], [11.0, 44.0], [11.0, 42.0], [10.0, 42.0]],
    "east": [[11.0, 42.0], [11.0, 44.0], [12.0, 44.0], [12.0, 42.0], [11.0, 42.0]],
    "gulf": [[10.0, 41.0], [10.0, 42.0], [12.0, 42.0], [12.0, 41.0], [10.0, 41.0]],
}
BOARD_XY = {"north": (1.0, 2.0), "west": (0.0, 1.0), "east": (2.0, 1.0), "gulf": (1.0, 0.0)}


@dataclass(frozen=True)
class Muster(Action):
    player: int
    region: str

    def __str__(self) -> str:
        return f"{('Alpha', 'Beta')[self.player]} musters an army in {NAMES[self.region]}"


@dataclass(frozen=True)
class March(Action):
    player: int
    source: str
    target: str

    def __str__(self) -> str:
        who = ("Alpha", "Beta")[self.player]
        return f"{who} marches from {NAMES[self.source]} to {NAMES[self.target]}"


@dataclass(frozen=True)
class EndMarch(Action):
    player: int

    def __str__(self) -> str:
        return f"{('Alpha', 'Beta')[self.player]} ends the march"


@dataclass(frozen=True)
class BattleDie(Action):
    face: int

    def __str__(self) -> str:
        return f"the battle die shows {self.face}"


class ToyGame(Game):
    """Two sides, four regions, one battle die: a test bed for hcgames.widgets."""

    id = "toy-skirmish"
    title = "Toy Skirmish"
    version = "1"

    def __init__(self, *, cards: bool = False, **options: Any) -> None:
        if options:
            raise ValueError(f"unknown options {sorted(options)}; the toy game takes 'cards'")
        if not isinstance(cards, bool):
            raise ValueError(f"option 'cards' must be True or False, not {cards!r}")
        super().__init__(cards=cards)
        self.cards = cards

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("Alpha", "Beta")

    @property
    def max_actions(self) -> int:
        # per turn: one muster, two marches each followed by at most one die, one end
        return ROUNDS * 2 * (1 + 2 * MARCHES_PER_TURN + 1)

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [{}, {"cards": True}]

    def rule_decisions(self) -> list[RuleDecision]:
        return [RuleDecision("length", f"the game lasts {ROUNDS} rounds", "toy")]

    def phases(self) -> list[str]:
        return list(PHASES)

    def geojson(self) -> dict[str, Any]:
        return {
            "type": "FeatureCollection",
            "features": [
                {
                    "type": "Feature",
                    "id": region,
                    "properties": {
                        "name": NAMES[region],
                        "kind": "sea" if region in SEA else "land",
                    },
                    "geometry": {"type": "Polygon", "coordinates": [ring]},
                }
                for region, ring in RINGS.items()
            ],
        }

    def board_layout(self) -> dict[str, Any]:
        edges = sorted({tuple(sorted((a, b))) for a, ns in NEIGHBOURS.items() for b in ns})
        return {
            "nodes": {
                region: {
                    "x": x,
                    "y": y,
                    "kind": "sea" if region in SEA else "land",
                    "label": NAMES[region],
                }
                for region, (x, y) in BOARD_XY.items()
            },
            "edges": [(a, b, "border") for a, b in edges],
        }

    def odds_table(self) -> str:
        return "One die per battle: 4-6 the defender loses an army (1/2), 1-3 the attacker does."


class ToyState(State):
    game: ToyGame

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        homes = ["north", "east"]
        random.Random(seed).shuffle(homes)
        self.owner: dict[str, int | None] = {r: None for r in RINGS}
        self.armies: dict[str, int] = {r: 0 for r in RINGS}
        self.owner[homes[0]], self.armies[homes[0]] = 0, 3
        self.owner[homes[1]], self.armies[homes[1]] = 1, 3
        self.armies["west"] = 1
        self._round = 1
        self._phase = "muster"
        self.turn = 0
        self.marches = 0
        self.battle: tuple[str, str] | None = None

    # --- contract ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.battle is not None else self.turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def round(self) -> int:
        return min(self._round, ROUNDS)

    def held(self, player: int) -> list[str]:
        return [r for r in RINGS if self.owner[r] == player]

    def _legal_actions(self) -> list[Action]:
        me = self.turn
        if self._phase == "muster":
            return [Muster(me, r) for r in self.held(me)]
        actions: list[Action] = []
        if self.marches < MARCHES_PER_TURN:
            for source in self.held(me):
                if self.armies[source] >= 2:
                    actions.extend(March(me, source, t) for t in NEIGHBOURS[source])
        actions.append(EndMarch(me))
        return actions

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(BattleDie(face), Fraction(1, 6)) for face in range(1, 7)]

    def _event(self, player: int | None, kind: str, text: str, **data: Any) -> Event:
        return Event(self._round, self._phase, player, kind, text, data)

    # HANDLERS below: ``handler(state, action)`` returns the events it made
    def _muster(self, action: Muster) -> list[Event]:
        self.armies[action.region] += 1
        self._phase = "march"
        return [self._event(action.player, "muster", f"{action}.")]

    def _end_march(self, action: EndMarch) -> list[Event]:
        events = [self._event(action.player, "end", f"{action}.")]
        self._next_turn()
        return events

    def _die(self, action: BattleDie) -> list[Event]:
        return self._battle(action.face)

    def _march(self, action: March) -> list[Event]:
        self.marches += 1
        source, target = action.source, action.target
        holder = self.owner[target]
        if holder == action.player or self.armies[target] == 0:
            self.armies[source] -= 1
            self.armies[target] += 1
            self.owner[target] = action.player
            text = f"{action}" + ("." if holder == action.player else " and takes it.")
            events = [self._event(action.player, "march", text)]
            self._after_march()
            return events
        self.battle = (source, target)
        return [self._event(action.player, "march", f"{action}: a battle follows.")]

    def _battle(self, face: int) -> list[Event]:
        assert self.battle is not None
        source, target = self.battle
        self.battle = None
        me = self.turn
        if face >= 4:
            self.armies[target] -= 1
            text = f"The die shows {face}: a defender of {NAMES[target]} falls"
            if self.armies[target] == 0:
                self.armies[source] -= 1
                self.armies[target] = 1
                self.owner[target] = me
                text += f" and {self.game.player_names[me]} takes the region"
        else:
            self.armies[source] -= 1
            text = f"The die shows {face}: an attacker from {NAMES[source]} falls"
        events = [self._event(None, "battle", text + ".", face=face)]
        self._after_march()
        return events

    def _after_march(self) -> None:
        if self.marches >= MARCHES_PER_TURN and not self.is_terminal():
            self._next_turn()

    def _next_turn(self) -> None:
        self.marches = 0
        self._phase = "muster"
        if self.turn == 1:
            self._round += 1
        self.turn = 1 - self.turn

    def is_terminal(self) -> bool:
        return self._round > ROUNDS or not self.held(0) or not self.held(1)

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        counts = {p: float(len(self.held(p))) for p in (0, 1)}
        if counts[0] == counts[1]:
            return Outcome((), "both sides hold as many regions", counts)
        winner = 0 if counts[0] > counts[1] else 1
        return Outcome((winner,), "more regions held", counts)

    def snapshot(self) -> dict[str, Any]:
        return {
            "owner": dict(self.owner),
            "armies": dict(self.armies),
            "round": self._round,
            "phase": self._phase,
            "turn": self.turn,
            "marches": self.marches,
            "battle": list(self.battle) if self.battle else None,
        }

    def evaluate(self, player: int) -> float:
        if self.is_terminal():
            return self.returns()[player]
        mine = sum(self.armies[r] for r in self.held(player))
        theirs = sum(self.armies[r] for r in self.held(1 - player))
        return mine / (mine + theirs) if mine + theirs else 0.5

    def scores(self) -> dict[int, float]:
        return {p: float(len(self.held(p))) for p in (0, 1)}

    def describe(self) -> str:
        if self.is_terminal():
            outcome = self.outcome()
            assert outcome is not None
            return f"Game over after round {min(self._round, ROUNDS)}: {outcome.reason}."
        who = self.game.player_names[self.turn]
        holdings = "; ".join(
            f"{name} holds {', '.join(NAMES[r] for r in self.held(p)) or 'nothing'}"
            for p, name in enumerate(self.game.player_names)
        )
        if self.battle is not None:
            source, target = self.battle
            doing = f"the battle die decides {who}'s attack from {NAMES[source]} on {NAMES[target]}"
        else:
            doing = f"{who} to {self._phase}"
        return f"Round {self._round}, {self._phase} phase: {doing}. {holdings}."

    # --- view hooks -------------------------------------------------------------
    def region_views(self) -> dict[str, dict[str, Any]]:
        views = {}
        for region in RINGS:
            owner = self.owner[region]
            who = self.game.player_names[owner] if owner is not None else "nobody"
            views[region] = {
                "owner": owner,
                "label": str(self.armies[region]),
                "tooltip": f"{NAMES[region]}: {self.armies[region]} armies, held by {who}",
            }
        return views

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Muster):
            return (action.region,)
        if isinstance(action, March):
            return (action.source, action.target)
        return ()

    def card_rows(self, viewer: int | None = None) -> dict[str, list[dict[str, Any]]] | None:
        if not self.game.cards:
            return None
        return {
            f"{name}'s regions": [
                {"name": NAMES[r], "armies": self.armies[r]} for r in self.held(p)
            ]
            for p, name in enumerate(self.game.player_names)
        }


ToyGame.state_class = ToyState
ToyState.HANDLERS = {
    Muster: ToyState._muster,
    March: ToyState._march,
    BattleDie: ToyState._die,
    EndMarch: ToyState._end_march,
}
