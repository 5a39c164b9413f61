"""A simple rule-of-thumb player for Classical Conquests, for notebooks and tests.

:class:`PlannerBot` keeps a plain plan: found the first city at home if it can, feed
cities before armies, build and upgrade whenever it can pay, settle the richest free
land, attack only when the exact odds (from :mod:`.odds`) are good, keep a small
army and a fishing fleet, and spend whatever is left on research. With
``aggression=0`` it never attacks; a higher value attacks at worse odds.
"""

from __future__ import annotations

import random

from hcgames.classical.actions import (
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    PayRest,
    PlaceCity,
    Recruit,
    Settle,
    Starve,
    UpgradeVillage,
)
from hcgames.classical.odds import attacker_wins
from hcgames.classical.state import ClassicalState
from hcgames.core import Action, State

__all__ = ["PlannerBot"]

#: how much a resource on a settled territory is worth to the planner
RESOURCE_VALUE = {"food": 3.0, "stone": 3.0, "luxury": 2.5, "gold": 3.5, "iron": 1.5, "wood": 1.5}
STARVE_ORDER = {"army": 0, "fleet": 1, "city": 2}


class PlannerBot:
    """A fast heuristic player (no lookahead)."""

    name = "planner"

    def __init__(self, seed: int = 0, aggression: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression

    def choose(self, state: State) -> Action:
        assert isinstance(state, ClassicalState)
        legal = state.legal_actions()
        m = state.game.material
        if isinstance(legal[0], PlaceCity):
            home = m.civ_by_id[state.civs[state.current_player]].home
            for action in legal:
                if isinstance(action, PlaceCity) and action.territory == home:
                    return action
            sites = [a for a in legal if isinstance(a, PlaceCity)]
            return max(sites, key=lambda a: self._site_value(state, a.territory))
        if state.paying is not None:  # pay the suggested way (ending upkeep feeds that way)
            return PayRest() if PayRest() in legal else EndPhase(state.phase)
        starve = [a for a in legal if isinstance(a, Starve)]
        if starve:
            return min(starve, key=lambda a: STARVE_ORDER[a.kind])
        for kind in (BuildMonument, UpgradeVillage):
            chosen = [a for a in legal if isinstance(a, kind)]
            if chosen:
                return chosen[0]
        settle = [a for a in legal if isinstance(a, Settle)]
        if settle:
            return max(settle, key=lambda a: self._site_value(state, a.territory))
        if state.phase == "move":
            attack = self._attack(state, [a for a in legal if isinstance(a, Move)])
            if attack is not None:
                return attack
        recruit = self._recruit(state, [a for a in legal if isinstance(a, Recruit)])
        if recruit is not None:
            return recruit
        if BuyResearchRoll() in legal:
            return BuyResearchRoll()
        return next(a for a in legal if isinstance(a, EndPhase))

    def _site_value(self, state: ClassicalState, territory: str) -> float:
        m = state.game.material
        t = m.index[territory]
        value = RESOURCE_VALUE.get(state.category[t] or "", 0.0)
        value += 0.2 * len(m.land_neighbours[t]) + (0.5 if m.territories[t].coastal else 0.0)
        return value + self.rng.random() * 0.01

    def _attack(self, state: ClassicalState, moves: list[Move]) -> Move | None:
        if self.aggression <= 0:
            return None
        m = state.game.material
        p = state.player
        enemy_held = state.enemy_held(p)
        best: tuple[float, Move] | None = None
        for move in moves:
            if move.kind != "army":
                continue
            t = m.index[move.to]
            if not enemy_held[t]:
                continue
            reach = state.armies[p][t] + sum(
                1 for other in moves if other.kind == "army" and other.to == move.to
            )
            defenders = max(state.armies[q][t] for q in range(len(state.civs)) if q != p)
            owner = state.owner[t]
            settlement = None
            if owner not in (-1, p):
                settlement = "city" if state.level[t] == 2 else "village"
            defender = (
                owner
                if owner not in (-1, p)
                else next(q for q in range(len(state.civs)) if q != p and state.armies[q][t])
            )
            chance = float(
                attacker_wins(
                    min(reach, 8),
                    min(defenders, 8),
                    state.level_of(p, "military"),
                    state.level_of(defender, "military"),
                    settlement,
                )
            )
            if chance >= 1.0 - 0.5 * self.aggression and (best is None or chance > best[0]):
                best = (chance, move)
        return best[1] if best else None

    def _recruit(self, state: ClassicalState, recruits: list[Recruit]) -> Recruit | None:
        if not recruits:
            return None
        p = state.player
        cities = len(state.cities_of(p))
        fleets = [r for r in recruits if r.kind == "fleet"]
        m = state.game.material
        for r in fleets:  # a fleet on a fishing ground or trade route pays for itself
            t = m.index[r.territory]
            if state.category[t] and not state.fleets[p][t]:
                return r
        armies = [r for r in recruits if r.kind == "army"]
        if armies and sum(state.armies[p]) < 2 * cities + 1 and state.pool["food"] > 0:
            return armies[self.rng.randrange(len(armies))]
        return None
