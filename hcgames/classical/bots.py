"""A simple rule-of-thumb player for Classical Conquests, for notebooks and tests.

:class:`PlannerBot` keeps a plain plan: found the first city at home if it can, feed
cities before armies, build and upgrade whenever it can pay, settle the richest free
land, attack only when the exact odds (from :mod:`.battle`) are good, keep a small
army and a fishing fleet, and spend whatever is left on research. With
``aggression=0`` it never attacks; a higher value attacks at worse odds.

The computer's three levels a student picks from (``ClassicalGame.bot_levels``):

- :class:`EasyBot` builds whatever it can pay for now, puts villages anywhere (a fleet
  lets it reach land over the sea), never fights and seldom buys research: it never
  thinks about later turns;
- :class:`MediumBot` follows the planner's sound building plan;
- :class:`HardBot` builds only the cities its monuments need (every city eats food),
  turns the food and iron it saves into armies, and plans attacks on the enemy's
  cities with the exact battle odds, worked out over every way the dice can fall.
"""

from __future__ import annotations

import random
from collections import deque
from fractions import Fraction
from functools import lru_cache
from typing import Any

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
from hcgames.classical.battle import attacker_wins, battle_distribution
from hcgames.classical.state import ClassicalState
from hcgames.core import Action, State

__all__ = ["LEVELS", "EasyBot", "HardBot", "MediumBot", "PlannerBot"]

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


# --- the computer's levels (issue 15) --------------------------------------------------

#: the computer's reasons, said without "it" (a side is often a people in the plural:
#: "Spartans: end the phase - nothing more is worth doing in this step")
_PLAIN = {
    PlaceCity: "the first city goes on the home land, or on the richest free land",
    BuildMonument: "a monument scores a victory point every turn",
    UpgradeVillage: "a city makes gold and can hold monuments",
    Settle: "the richest free land next door is worth a village",
    BuyResearchRoll: "what is left goes on research, which raises the traits",
    Recruit: "a new unit: a fleet on a rich sea brings resources, armies guard and attack",
    Starve: "food is short, so what is needed least goes",
}


def _plain_reason(action: Action) -> str:
    if isinstance(action, EndPhase):
        return "nothing more is worth doing in this step"
    if isinstance(action, Move):
        return "a unit goes where it is needed"
    if isinstance(action, PayRest):
        return "the named resources go first and gold, which stands in for anything, goes last"
    return _PLAIN.get(type(action), "this is part of the plan")


class EasyBot(PlannerBot):
    """The easy level: builds what it sees, without a plan for later.

    It founds, builds, upgrades and settles whenever it can pay, but picks its new
    villages at random instead of the richest land, recruits only fleets (one per
    city: villages may go next to a fleet, so it spreads over the sea too), never
    raises an army or attacks, and buys extra research (the slow road to better
    traits) only now and then.
    """

    name = "easy"

    def __init__(self, seed: int = 0, research: float = 0.3) -> None:
        super().__init__(seed, aggression=0.0)
        self.research = research
        self.reason = ""

    def choose(self, state: State) -> Action:
        assert isinstance(state, ClassicalState)
        legal = state.legal_actions()
        if state.paying is None and state.phase_idx >= 0:
            settle = [a for a in legal if isinstance(a, Settle)]
            if settle:
                self.reason = "a village goes on free land next to land already held"
                return settle[self.rng.randrange(len(settle))]
            if BuyResearchRoll() in legal and self.rng.random() >= self.research:
                self.reason = "the resources are kept for what can be built now, not for research"
                return EndPhase(state.phase)
        action = super().choose(state)
        self.reason = _plain_reason(action)
        return action

    def _recruit(self, state: ClassicalState, recruits: list[Recruit]) -> Recruit | None:
        """A fleet while it has fewer fleets than cities: villages may go next to a fleet,
        so a people hemmed in on land (Sparta, whose only land border is Attica) still
        spreads over the sea; a sea that yields first. Never an army: it never fights."""
        p = state.player
        fleets = [r for r in recruits if r.kind == "fleet"]
        if not fleets or sum(state.fleets[p]) >= len(state.cities_of(p)):
            return None
        m = state.game.material
        rich = [r for r in fleets if state.category[m.index[r.territory]]]
        pool = rich or fleets
        return pool[self.rng.randrange(len(pool))]


class MediumBot(PlannerBot):
    """The medium level: a sound builder with a fixed plan.

    It plays :class:`PlannerBot`'s plan: first city at home, monuments, cities and
    villages whenever it can pay, a fishing fleet, and research with what is left. It
    attacks only at very good odds and keeps no army to speak of, so it never plans a war.
    """

    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        action = super().choose(state)
        self.reason = _plain_reason(action)
        return action


@lru_cache(maxsize=4096)
def _battle(
    att: int, dfn: int, att_lvl: int, def_lvl: int, town: str | None
) -> tuple[float, float]:
    """(chance the attacker wins, armies the attacker expects to lose), worked out
    exactly over every way the dice can fall."""
    dist = battle_distribution(min(att, 12), min(dfn, 12), att_lvl, def_lvl, town)
    win = sum((p for (a, _, _), p in dist.items() if a > 0), Fraction(0))
    lost = sum((p * (min(att, 12) - a) for (a, _, _), p in dist.items()), Fraction(0))
    return float(win), float(lost)


@lru_cache(maxsize=1)
def _land_distances(key: int, graph: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """All-pairs distance over land borders only (far away: a large number)."""
    n = len(graph)
    out = []
    for start in range(n):
        dist = [99] * n
        dist[start] = 0
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nb in graph[here]:
                if dist[nb] > dist[here] + 1:
                    dist[nb] = dist[here] + 1
                    todo.append(nb)
        out.append(dist)
    return out


class HardBot(PlannerBot):
    """The hard level: a leaner economy, plus a planned war.

    It builds like the medium level, but spreads its monuments (so each costs less)
    and upgrades a village only when it needs the city for a monument, since every
    city eats a food each turn. From the middle of the game it turns the food, iron
    and gold it saves into armies, as many as it can feed. In the move
    phase it works out, with the exact battle odds, which enemy city or village it can
    take this turn with all the armies that can reach it, and weighs each by what it
    is worth (monuments change hands with a city). It attacks the best one when the
    chance is good; otherwise it gathers its armies next to the richest enemy city.
    A city with monuments that enemy armies could reach next turn keeps (or gets) up
    to two armies on guard.
    """

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        army_from_round: int = 6,
        min_chance: float = 0.4,
        keep_rolls: int = 4,
        spare_cities: int | None = 1,
        army_worth: float = 0.3,
        defend: bool = True,
        guard_cap: int = 2,
    ) -> None:
        super().__init__(seed, aggression=1.0)
        self.army_from_round = army_from_round
        self.min_chance = min_chance
        self.keep_rolls = keep_rolls
        self.spare_cities = spare_cities
        self.army_worth = army_worth
        self.defend = defend
        self.guard_cap = guard_cap
        self.reason = ""

    def choose(self, state: State) -> Action:
        assert isinstance(state, ClassicalState)
        if state.paying is None and state.phase_idx >= 0:
            phase = state.phase
            if phase == "build":
                legal = state.legal_actions()
                sites = [a for a in legal if isinstance(a, BuildMonument)]
                if sites:
                    m = state.game.material
                    self.reason = (
                        "a monument scores every turn; it builds in the city where it costs least"
                    )
                    return min(sites, key=lambda a: state.monuments[m.index[a.territory]])
            elif phase == "upgrade" and self.spare_cities is not None:
                p = state.player
                if len(state.cities_of(p)) >= state.monument_limit(p) + self.spare_cities:
                    self.reason = (
                        "there are cities enough for the monuments; another would only eat food"
                    )
                    return EndPhase("upgrade")
            elif phase == "move":
                move = self._war_move(state)
                if move is not None:
                    return move
                self.reason = "no army can reach a target worth the risk this turn"
                return EndPhase("move")
        action = super().choose(state)
        self.reason = _plain_reason(action)
        return action

    # --- war -----------------------------------------------------------------
    def _targets(self, state: ClassicalState) -> list[tuple[float, int]]:
        """(worth, territory) of every enemy settlement on land."""
        p = state.player
        out = []
        for t, o in enumerate(state.owner):
            if o in (-1, p) or not state.level[t]:
                continue
            worth = (3.0 + 2.0 * state.monuments[t]) if state.level[t] == 2 else 1.0
            out.append((worth, t))
        return out

    def _war_move(self, state: ClassicalState) -> Move | None:
        p = state.player
        if not any(state.armies[p]):
            return None
        m = state.game.material
        moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.kind == "army"]
        need = self._guard(state) if self.defend else {}
        if need:  # armies guarding a city the enemy can reach stay where they are
            moves = [
                a
                for a in moves
                if state.armies[p][m.index[a.from_]] > need.get(m.index[a.from_], 0)
            ]
        if not moves:
            return None
        reach: dict[int, list[Move]] = {}
        for move in moves:
            reach.setdefault(m.index[move.to], []).append(move)
        military = state.level_of(p, "military")
        best: tuple[float, float, Move] | None = None
        targets = self._targets(state)
        for worth, t in targets:
            coming = reach.get(t, [])
            if not coming:
                continue
            # one army per starting place counts once per unit standing there
            starts: dict[str, int] = {}
            for move in coming:
                starts[move.from_] = (
                    state.armies[p][m.index[move.from_]] - state.moved_armies[m.index[move.from_]]
                )
            attackers = state.armies[p][t] + sum(starts.values())
            owner = state.owner[t]
            defenders = max(state.armies[q][t] for q in range(len(state.civs)) if q != p)
            town = "city" if state.level[t] == 2 else "village"
            chance, lost = _battle(
                attackers, defenders, military, state.level_of(owner, "military"), town
            )
            if chance < self.min_chance:
                continue
            value = chance * worth - self.army_worth * lost
            if state.armies[p][t]:  # armies already sent there this turn: back them up
                value += 100.0
            if best is None or value > best[0]:
                # send an army from the place with the most armies to spare
                move = max(coming, key=lambda a: starts[a.from_])
                best = (value, chance, move)
        if best is not None:
            _, chance, move = best
            self.reason = (
                f"with all the armies that can reach {m.territories[m.index[move.to]].name} "
                f"the attack wins {round(chance * 100)} times in 100, and the prize is worth it"
            )
            return move
        # guard: send an army into a city the enemy could attack next turn
        short = [t for t, n in need.items() if state.armies[p][t] < n]
        for move in moves:
            if m.index[move.to] in short and m.index[move.from_] not in need:
                self.reason = (
                    "enemy armies are near a city of this side, so an army goes to guard it"
                )
                return move
        # gather: step towards the richest enemy city it can reach by land
        if not targets:
            return None
        dist = _land_distances(id(m), m.land_neighbours)
        held = state.enemy_held(p)
        goal_worth = {t: w for w, t in targets}
        gather: tuple[float, Move] | None = None
        for move in moves:
            a, b = m.index[move.from_], m.index[move.to]
            if held[b]:
                continue
            for t, w in goal_worth.items():
                before, after = dist[a][t], dist[b][t]
                if after < 1 or after >= before or after > 6:
                    continue
                score = w / (1 + after) + 0.5 * (before - after)
                if gather is None or score > gather[0]:
                    gather = (score, move)
        if gather is not None:
            self.reason = "armies gather next to a rich enemy city to attack it later"
            return gather[1]
        return None

    def _guard(self, state: ClassicalState) -> dict[int, int]:
        """{city: armies it should keep} for its cities that enemy armies can reach
        next turn (as many as the enemy could bring, at most four)."""
        p = state.player
        m = state.game.material
        dist = _land_distances(id(m), m.land_neighbours)
        reach = int(m.book["army_moves"])
        enemy_armies = [
            (t, sum(state.armies[q][t] for q in range(len(state.civs)) if q != p))
            for t in range(len(state.owner))
        ]
        enemy_armies = [(t, n) for t, n in enemy_armies if n]
        if not enemy_armies:
            return {}
        need = {}
        for c in state.cities_of(p):
            if not state.monuments[c]:
                continue
            threat = sum(n for t, n in enemy_armies if dist[t][c] <= reach)
            if threat:
                need[c] = min(threat, self.guard_cap)
        return need

    def _recruit(self, state: ClassicalState, recruits: list[Recruit]) -> Recruit | None:
        armies = [r for r in recruits if r.kind == "army"]
        if self.defend and armies:
            m = state.game.material
            need = self._guard(state)
            for r in armies:
                t = m.index[r.territory]
                if state.armies[state.player][t] < need.get(t, 0):
                    return r
        chosen = super()._recruit(state, recruits)
        if chosen is not None or state.round_no < self.army_from_round:
            return chosen
        armies = [r for r in recruits if r.kind == "army"]
        if not armies or not self._targets(state):
            return None
        spare = sum(state.pool.values())
        if spare <= self.keep_rolls * (self.keep_rolls + 1) // 2:
            return None
        if _food_income(state) <= _mouths(state) + 1:  # it could not feed one more army
            return None
        m = state.game.material
        dist = _land_distances(id(m), m.land_neighbours)
        goals = [t for _, t in self._targets(state)]
        near, where = min(
            (min(dist[m.index[r.territory]][t] for t in goals), r.territory) for r in armies
        )
        if near > 6:  # no enemy settlement it could walk to
            return None
        return next(r for r in armies if r.territory == where)


def _food_income(state: ClassicalState) -> int:
    """Food and gold the player to move makes in a turn (what feeds its units)."""
    p = state.player
    m = state.game.material
    income = 0
    for t, o in enumerate(state.owner):
        if o == p and state.level[t] and state.category[t] in ("food", "gold"):
            income += 1
    for t, n in enumerate(state.fleets[p]):
        if n and not m.territories[t].land and state.category[t] in ("food", "gold"):
            income += 1
    income += len(state.cities_of(p)) * int(m.book["city_gold"])
    for trait, category in m.trait_produces.items():
        if category in ("food", "gold"):
            income += state.level_of(p, trait)
    return income


def _mouths(state: ClassicalState) -> int:
    p = state.player
    return sum(state.armies[p]) + sum(state.fleets[p]) + len(state.cities_of(p))


#: the levels of :meth:`ClassicalGame.bot_levels`
LEVELS: dict[str, Any] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
