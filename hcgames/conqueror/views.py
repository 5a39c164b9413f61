"""What a Conqueror: Duels position looks like from outside: the saved facts, a
description in words, map labels, scores, a heuristic value, and why an action is
not allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from hcgames.conqueror.fields import DuelsFields
from hcgames.core import Action

if TYPE_CHECKING:
    pass

__all__ = ["ViewMixin"]


class ViewMixin(DuelsFields):
    """Read-only views of :class:`~hcgames.conqueror.state.DuelsState`."""

    if TYPE_CHECKING:

        @property
        def phase(self) -> str: ...
        @property
        def current_player(self) -> int: ...

        def name(self, player: int) -> str: ...
        def units_of(self, player: int) -> int: ...
        def food_of(self, player: int) -> int: ...
        def unit_cap(self, player: int) -> int: ...
        def forts_of(self, player: int) -> int: ...
        def points_of(self, player: int) -> int: ...
        def income_of(self, player: int) -> int: ...
        def holds(self, player: int, names: list[str] | tuple[str, ...]) -> bool: ...
        def is_terminal(self) -> bool: ...
        def returns(self) -> list[float]: ...
        def legal_actions(self) -> list[Action]: ...
        def rally_possible(self, player: int) -> bool: ...
        def _card_kind(self) -> str: ...
        def _can_act(self, t: int) -> int: ...

    # --- saved facts ----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        g = self.game
        names = g.names
        return {
            "round": self.round_no,
            "stage": self.stage,
            "active": self.active,
            "territories": [
                [
                    names[t],
                    self.owner[t],
                    self.cav[t],
                    self.inf[t],
                    self.fresh_cav[t],
                    self.fresh_inf[t],
                    self.bonus_cav[t],
                    self.bonus_inf[t],
                ]
                for t in range(len(names))
            ],
            "gold": list(self.gold),
            "heroes": {g.heroes[h].id: o for h, o in enumerate(self.hero_owner) if o != -1},
            "prize_taken": list(self.prize_taken),
            "deck": sorted(self.deck),
            "card": self.card,
            "recruited": {names[t]: list(v) for t, v in sorted(self.recruited.items())},
            "rally": [list(self.rally_used), list(self.rally_now), list(self.rally_cavalry)],
            "abandoned": sorted(names[t] for t in self.abandoned),
            "fort_streak": list(self.fort_streak),
            "held_rounds": list(self.held_rounds),
            "hungry": list(self.hungry),
            "battle": self.battle.snapshot(names) if self.battle is not None else None,
            "result": None
            if self.result is None
            else [list(self.result.winners), self.result.reason],
        }

    # --- words ----------------------------------------------------------------------
    def side_summary(self, player: int) -> str:
        g = self.game
        held = [g.names[t] for t, o in enumerate(self.owner) if o == player and not g.is_sea[t]]
        heroes = [g.heroes[h].name for h, o in enumerate(self.hero_owner) if o == player]
        text = (
            f"{self.name(player)}: {self.units_of(player)} units (limit "
            f"{self.unit_cap(player)} for {self.food_of(player)} food), {len(held)} land "
            f"territories, {self.forts_of(player)} forts, {self.gold[player]} gold"
        )
        if heroes:
            text += f", heroes {', '.join(heroes)}"
        return text + "."

    def describe(self) -> str:
        g = self.game
        sc = g.scenario
        lines = [f"{sc.title}, round {self.round_no} of {sc.max_rounds}."]
        if self.card:
            card = g.cards[self.card]
            lines.append(f"Chronicle card this round: {card.name} ({card.text})")
        if self.stage == "over" and self.result is not None:
            lines.append(self.result.reason)
        elif self.stage == "draw":
            lines.append(f"A chronicle card is about to be drawn ({len(self.deck)} left).")
        elif self.battle is not None:
            b = self.battle
            lines.append(
                f"Battle for {g.names[b.target]}: {self.name(b.attacker)} attacks "
                f"{self.name(b.defender)}; waiting for "
                f"{'the dice' if self.stage == 'roll' else self.name(self.current_player)} "
                f"({b.step.replace('_', ' ')})."
            )
        else:
            lines.append(f"{self.name(self.active)} is in its {self.phase} phase.")
        lines.append(self.side_summary(0))
        lines.append(self.side_summary(1))
        return " ".join(lines)

    def scores(self) -> dict[int, float]:
        """Territory points in Rome vs Persia, forts held otherwise."""
        if self.game.scenario.victory["fallback"] == "points":
            return {p: float(self.points_of(p)) for p in (0, 1)}
        return {p: float(self.forts_of(p)) for p in (0, 1)}

    def evaluate(self, player: int) -> float:
        """Heuristic in [0, 1]: army strength, forts, progress towards the scenario's
        goals and, for the side that wins when time runs out, the clock."""
        if self.is_terminal():
            return self.returns()[player]
        g = self.game
        sc = g.scenario
        strength = []
        for p in (0, 1):
            cs, ist = g.unit_strength[p]
            strength.append(
                sum(
                    self.cav[t] * cs + self.inf[t] * ist for t, o in enumerate(self.owner) if o == p
                )
            )
        material = _share(strength[player], strength[1 - player])
        forts = _share(self.forts_of(player), self.forts_of(1 - player))
        goals = [0.0, 0.0]
        victory = sc.victory
        for cond in victory["immediate"] + victory["final"]:
            p = sc.players.index(cond["player"])
            held = sum(self.owner[g.index[n]] == p for n in cond["hold"]) / len(cond["hold"])
            goals[p] = max(goals[p], held)
        for cond in victory.get("hold_for", []):
            p = sc.players.index(cond["player"])
            held = (self.owner[g.index[cond["take"]]] == p) + (
                self.owner[g.index[cond["keep"]]] == p
            )
            goals[p] = max(goals[p], held / 2)
        if victory["fallback"] == "points":
            objective = _share(self.points_of(player), self.points_of(1 - player))
        else:
            objective = 0.5 + 0.5 * (goals[player] - goals[1 - player])
        clock = 0.5
        fallback = victory["fallback"]
        if isinstance(fallback, dict):
            sign = 1 if fallback["winner"] == sc.players[player] else -1
            clock = 0.5 + 0.5 * sign * self.round_no / sc.max_rounds
        value = 0.35 * material + 0.25 * forts + 0.25 * objective + 0.15 * clock
        return min(0.98, max(0.02, value))

    # --- map views ------------------------------------------------------------------
    def region_views(self) -> dict[str, dict[str, Any]]:
        g = self.game
        views = {}
        for t, name in enumerate(g.names):
            o = self.owner[t]
            c, i = self.cav[t], self.inf[t]
            label = " ".join(x for x in (f"{c}C" if c else "", f"{i}I" if i else "") if x)
            terr = g.board.territories[t]
            kind = (
                "sea"
                if terr.is_sea
                else (
                    "capital"
                    if t in g.capital
                    else f"{g.fort_kind[t]} fort"
                    if g.fort_kind[t] != "none"
                    else "land"
                )
            )
            side = self.name(o) if o >= 0 else "nobody"
            tip = f"{name} ({kind}"
            if not terr.is_sea:
                tip += f", food {terr.food + g.faction_food[o][t] if o in (0, 1) else terr.food}"
                tip += f", coins {terr.coins}"
            tip += f"): held by {side}"
            if c or i:
                tip += f" with {c} cavalry and {i} infantry"
            if g.closed[t]:
                tip += "; closed in this scenario"
            views[name] = {
                "owner": o if o in (0, 1) else None,
                "side": side,
                "label": label,
                "tooltip": tip + ".",
            }
        return views

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move | Attack):
            return (action.from_, action.to)
        if isinstance(action, JointAttack):
            return (*action.from_, action.to)
        if isinstance(action, Recruit | Disband | LeaveBehind):
            return (action.territory,)
        if isinstance(action, Retreat):
            if self.battle is not None:
                return (self.game.names[self.battle.target], action.to)
            return (action.to,)
        return ()

    # --- explaining refusals ------------------------------------------------------------
    def why_illegal(self, action: Action) -> tuple[str, str]:
        g = self.game
        who = self.name(self.current_player) if self.current_player >= 0 else "nobody"
        phase_of = {
            Move: "action",
            Attack: "action",
            JointAttack: "action",
            Recruit: "planning",
            Disband: "planning",
            BuyHero: "planning",
            Rally: "planning",
        }
        wanted = phase_of.get(type(action))
        if self.stage == "draw":
            if isinstance(action, DrawChronicle):
                return (
                    f"{action.card!r} is not a card left in the chronicle deck "
                    f"({', '.join(sorted(self.deck))})",
                    "chronicle cards",
                )
            if isinstance(action, BattleRoll):
                return (
                    "no battle is being fought: the round begins with a chronicle card, "
                    "so draw a card (DrawChronicle), not dice",
                    "chance steps",
                )
            return (
                f"{action} must wait: round {self.round_no} begins with a chronicle card, "
                "which has to be drawn first",
                "chance steps",
            )
        if self.stage == "roll":
            return self._why_dice(action)
        if isinstance(action, BattleRoll | DrawChronicle):
            what = (
                "battle dice are rolled"
                if isinstance(action, BattleRoll)
                else "chronicle cards are drawn"
            )
            return (
                f"{action} is a chance step, and none is pending: {what} only when the game "
                f"asks for them; now {who} is to act",
                "chance steps",
            )
        if self.stage == "food":
            p = self.hungry[0]
            need = self.units_of(p) - self.unit_cap(p)
            short = (
                f"{self.name(p)} lost food and must first send home {need} more "
                f"unit{'s' if need != 1 else ''} (it has {self.units_of(p)}, food for "
                f"{self.unit_cap(p)})"
            )
            if isinstance(action, Disband):
                if action.territory not in g.index:
                    return f"there is no territory called {action.territory!r} on this map", (
                        "the map"
                    )
                return (
                    f"{short}, but it has no {action.unit} of its own in {action.territory}",
                    "food supply",
                )
            return f"{action} must wait: {short}", "food supply"
        if wanted is not None and self.stage != wanted:
            return (
                f"{action} belongs to the {wanted} phase, but it is {who}'s "
                f"{self.stage.replace('_', ' ')} step now",
                "order of a round",
            )
        if isinstance(action, Move | Attack):
            return self._why_move(action)
        if isinstance(action, Recruit):
            return self._why_recruit(action)
        if isinstance(action, BuyHero):
            hero = next((h for h in g.heroes if h.id == action.hero), None)
            if hero is None:
                return f"there is no hero card {action.hero!r}", "heroes"
            if g.hero_index[hero.id] not in g.hero_choices[self.active]:
                return (
                    f"{hero.name} is a {hero.faction} hero; {who} cannot buy them in this scenario",
                    "heroes",
                )
            if self.hero_owner[g.hero_index[hero.id]] != -1:
                return f"{hero.name} is no longer in the bank", "heroes"
            if hero.cost > self.gold[self.active]:
                return (
                    f"{hero.name} costs {hero.cost} gold and {who} has only "
                    f"{self.gold[self.active]}",
                    "heroes",
                )
        if isinstance(action, Rally):
            if not g.scenario.rally:
                return "rallying exists only in the Rome vs Persia scenario", "rallying"
            if self.rally_used[self.active]:
                return f"{who} has already rallied once this game", "rallying"
            return (
                f"{who} may rally only with at most 14 units and either at most 2 great "
                "forts or a lost capital",
                "rallying",
            )
        if (
            isinstance(action, EndPhase)
            and self.units_of(self.active) > self.unit_cap(self.active)
            and self.stage == "planning"
        ):
            return (
                f"{who} has {self.units_of(self.active)} units but food for only "
                f"{self.unit_cap(self.active)}: disband the excess first",
                "food supply",
            )
        if isinstance(action, JointAttack):
            return self._why_joint(action)
        if isinstance(action, PlayHero | ChooseCasualties | Retreat | LeaveBehind):
            legal = ", ".join(str(a) for a in self.legal_actions())
            return f"{action} is not a choice here; {who} may: {legal}", "battles"
        legal_list = self.legal_actions()
        sample = ", ".join(str(a) for a in legal_list[:6]) + (" ..." if len(legal_list) > 6 else "")
        return f"{action} is not allowed now ({who} to act); allowed: {sample}", "legal actions"

    def _why_dice(self, action: Action) -> tuple[str, str]:
        g = self.game
        b = self.battle
        where = f"the battle for {g.names[b.target]}" if b is not None else "the battle"
        sides = g.casualty_rules.die_sides
        if isinstance(action, BattleRoll):
            bad = [
                f"the {role}'s die shows {value!r}"
                for role, value in (("attacker", action.attacker), ("defender", action.defender))
                if not (isinstance(value, int) and 1 <= value <= sides)
            ]
            if not bad:
                return f"{action} is not a possible roll here", "battle dice"
            return (
                f"each battle die shows a whole number from 1 to {sides}, but {' and '.join(bad)}",
                "battle dice",
            )
        return (
            f"{action} must wait: {where} needs its dice first (one die for each side: "
            f"BattleRoll(attacker=1..{sides}, defender=1..{sides}))",
            "battle dice",
        )

    def _why_move(self, action: Move | Attack) -> tuple[str, str]:
        g = self.game
        p = self.active
        who = self.name(p)
        for place in (action.from_, action.to):
            if place not in g.index:
                return f"there is no territory called {place!r} on this map", "the map"
        t, n = g.index[action.from_], g.index[action.to]
        if self.owner[t] != p:
            return f"{action.from_} is not held by {who}", "moving"
        if n not in g.neighbours[t]:
            return (
                f"{action.to} is not next to {action.from_}: units move one territory at a time",
                "moving",
            )
        if g.closed[n]:
            return (
                f"{action.to} lies beyond the limits of this scenario and may not be entered",
                "scenario limits",
            )
        if self._card_kind() == "no_sea" and (g.is_sea[t] or g.is_sea[n]):
            return "Strong Winds: nobody may move into or out of the sea this round", (
                "chronicle cards"
            )
        if action.cavalry < 0 or action.infantry < 0 or action.cavalry + action.infantry == 0:
            return "a move needs at least one unit and no negative counts", "moving"
        can_c = self.fresh_cav[t] + self.bonus_cav[t]
        can_i = self.fresh_inf[t] + self.bonus_inf[t]
        if action.cavalry > can_c or action.infantry > can_i:
            return (
                f"only {can_c} cavalry and {can_i} infantry in {action.from_} may still "
                "act this round (one move per unit, one more after a won attack)",
                "one move per round",
            )
        o = self.owner[n]
        defended = o != p and (self.cav[n] + self.inf[n] > 0 or (o in (0, 1) and n == g.capital[o]))
        if isinstance(action, Move) and defended:
            return (f"{action.to} is defended by {self.name(o)}: use Attack, not Move", "attacking")
        if isinstance(action, Attack) and not defended:
            return f"{action.to} is not defended: move in instead of attacking", "attacking"
        if self._card_kind() == "truce":
            return "Sacred Truce: nobody may attack this round", "chronicle cards"
        return f"{action} is not allowed now", "moving"

    def _why_joint(self, action: JointAttack) -> tuple[str, str]:
        g = self.game
        rule = "two-army attacks"
        if not g.scenario.two_army_attacks:
            return "attacks from two territories at once exist only in scenario 5", rule
        if len(action.from_) != 2:
            return "a two-army attack names exactly two territories to attack from", rule
        for place in [*action.from_, action.to]:
            if place not in g.index:
                return f"there is no territory called {place!r} on this map", "the map"
        a, b = action.from_
        if a == b:
            return f"the two armies must come from two different territories, not {a} twice", rule
        target = g.index[action.to]
        who = self.name(self.active)
        for place in (a, b):
            t = g.index[place]
            if self.owner[t] != self.active:
                return f"{place} is not held by {who}", rule
            if target not in g.neighbours[t]:
                return f"{place} is not next to {action.to}", rule
            if not self._can_act(t):
                return f"no unit in {place} can still act this round", rule
        if g.closed[target]:
            return f"{action.to} lies beyond the limits of this scenario", "scenario limits"
        if self._card_kind() == "truce":
            return "Sacred Truce: nobody may attack this round", "chronicle cards"
        if self._card_kind() == "no_sea" and any(
            g.is_sea[g.index[place]] for place in (a, b, action.to)
        ):
            return "Strong Winds: nobody may move into or out of the sea this round", (
                "chronicle cards"
            )
        return (
            f"{action.to} is not an enemy or independent army to attack "
            "(an empty territory is entered with a move)",
            rule,
        )

    def _why_recruit(self, action: Recruit) -> tuple[str, str]:
        g = self.game
        p = self.active
        who = self.name(p)
        if action.territory not in g.index:
            return f"there is no territory called {action.territory!r} on this map", "the map"
        t = g.index[action.territory]
        if action.unit not in ("cavalry", "infantry"):
            return f"units are cavalry or infantry, not {action.unit!r}", "recruiting"
        if self.owner[t] != p:
            return f"{action.territory} is not held by {who}", "recruiting"
        if not g.is_fort[t]:
            return f"{action.territory} has no fort: units are raised only in forts", ("recruiting")
        if self.units_of(p) >= self.unit_cap(p):
            return (
                f"{who} already has {self.units_of(p)} units, the most that "
                f"{self.food_of(p)} food can feed",
                "food supply",
            )
        if g.fort_kind[t] == "small" and t != g.capital[p]:
            return (
                f"a small fort raises 1 infantry per round and {action.territory} has done so",
                "recruiting",
            )
        return (
            f"a great fort or capital raises 2 infantry or 1 cavalry per round; "
            f"{action.territory} has used that up",
            "recruiting",
        )


def _share(mine: float, theirs: float) -> float:
    total = mine + theirs
    return 0.5 if total == 0 else mine / total
