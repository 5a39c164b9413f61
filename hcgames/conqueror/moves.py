"""The action phase of Conqueror: Duels: which moves and attacks a side may make.

A unit may act once a round, or twice when its first action was a won attack. The
state keeps, per territory of the acting side, how many fresh units and how many
units with one action left remain. This module lists the moves, attacks and (in
scenario 5) joint attacks open to the acting side, carries out plain moves, and
hands attacks to the battle steps of :mod:`hcgames.conqueror.fighting`. Mixed into
:class:`~hcgames.conqueror.state.DuelsState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import Attack, EndPhase, JointAttack, Move, units_text
from hcgames.conqueror.fields import DuelsFields
from hcgames.conqueror.sides import NOBODY
from hcgames.core import Action, Event

if TYPE_CHECKING:
    pass

__all__ = ["MoveMixin"]

_END = EndPhase()


class MoveMixin(DuelsFields):
    """Action phase moves of :class:`~hcgames.conqueror.state.DuelsState`."""

    if TYPE_CHECKING:

        def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event: ...
        def name(self, player: int) -> str: ...
        def _card_kind(self) -> str: ...
        def _check_immediate(self) -> list[Event]: ...
        def _declare_battle(
            self, attacker: int, sources: list[tuple[int, int, int]], target: int
        ) -> list[Event]: ...

    # --- action phase --------------------------------------------------------------
    def _action_phase_actions(self) -> list[Action]:
        g = self.game
        p = self.active
        owner, cav, inf = self.owner, self.cav, self.inf
        fresh_cav, fresh_inf, bonus_cav, bonus_inf = (
            self.fresh_cav,
            self.fresh_inf,
            self.bonus_cav,
            self.bonus_inf,
        )
        is_sea = g.is_sea
        capital = g.capital
        kind = self._card_kind()
        no_sea = kind == "no_sea"
        truce = kind == "truce"
        move_combos = g.move_combos
        open_neighbours = g.open_neighbours
        enemy = 1 - p
        enemy_capital = capital[enemy]
        actions: list[Action] = []
        for t, o in enumerate(owner):
            if o != p:
                continue
            mc = fresh_cav[t] + bonus_cav[t]
            mi = fresh_inf[t] + bonus_inf[t]
            if mc + mi == 0:
                continue
            sea_here = is_sea[t]
            for n in open_neighbours[t]:
                if no_sea and (sea_here or is_sea[n]):
                    continue
                o = owner[n]
                attack = o != p and (cav[n] + inf[n] > 0 or (n == enemy_capital and o == enemy))
                if attack and truce:
                    continue
                actions.extend(move_combos(attack, t, n, mc, mi))
        if g.scenario.two_army_attacks and not truce:
            actions.extend(self._joint_attacks())
        actions.append(_END)
        return actions

    def _can_act(self, t: int) -> int:
        return self.fresh_cav[t] + self.bonus_cav[t] + self.fresh_inf[t] + self.bonus_inf[t]

    def _joint_attacks(self) -> list[Action]:
        g = self.game
        p = self.active
        no_sea = self._card_kind() == "no_sea"
        out: list[Action] = []
        for n, o in enumerate(self.owner):
            if o == p or g.closed[n]:
                continue
            if not (self.cav[n] + self.inf[n] > 0 or (o == 1 - p and n == g.capital[o])):
                continue
            sources = [
                t
                for t in g.neighbours[n]
                if self.owner[t] == p
                and self._can_act(t)
                and not (no_sea and (g.is_sea[t] or g.is_sea[n]))
            ]
            # both orders are legal: losses fall first on the army named first
            for a in sources:
                for b in sources:
                    if a != b:
                        out.append(JointAttack((g.names[a], g.names[b]), g.names[n]))
        return out

    def _take_actors(self, t: int, cavalry: int, infantry: int) -> tuple[int, int]:
        """Spend the actions of units leaving ``t``. Moves use units that already won
        an attack first; returns how many fresh (cavalry, infantry) went."""
        from_bonus_c = min(cavalry, self.bonus_cav[t])
        from_bonus_i = min(infantry, self.bonus_inf[t])
        self.bonus_cav[t] -= from_bonus_c
        self.bonus_inf[t] -= from_bonus_i
        self.fresh_cav[t] -= cavalry - from_bonus_c
        self.fresh_inf[t] -= infantry - from_bonus_i
        return cavalry - from_bonus_c, infantry - from_bonus_i

    def _left(self, t: int, player: int) -> None:
        """Units left ``t``: an empty sea is nobody's; in scenario 4 empty land is abandoned."""
        if self.cav[t] + self.inf[t]:
            return
        g = self.game
        if g.is_sea[t]:
            self.owner[t] = NOBODY
        elif g.scenario.abandon_to_independents and t != g.capital[player]:
            self.owner[t] = NOBODY
            self.abandoned.add(t)

    def _lost_last_units(self, t: int) -> None:
        """Units in ``t`` died (they did not leave): land stays with its holder, even in
        scenario 4, but an empty sea territory is nobody's."""
        if self.cav[t] + self.inf[t] == 0 and self.game.is_sea[t]:
            self.owner[t] = NOBODY

    def _apply_move(self, action: Move | Attack) -> list[Event]:
        g = self.game
        p = self.active
        t = g.index[action.from_]
        n = g.index[action.to]
        c, i = action.cavalry, action.infantry
        if type(action) is Attack:
            return self._declare_battle(p, [(t, c, i)], n)
        self._take_actors(t, c, i)
        self.cav[t] -= c
        self.inf[t] -= i
        self.cav[n] += c
        self.inf[n] += i
        before = self.owner[n]
        self.owner[n] = p
        self.abandoned.discard(n)
        self._left(t, p)
        text = f"{self.name(p)} moves {units_text(c, i)} from {action.from_} to {action.to}"
        if before != p and not g.is_sea[n]:
            text += (
                f", taking it from {self.name(before)} unopposed"
                if before >= 0
                else (", claiming it")
            )
        events = [self._event("move", text + ".", p, source=action.from_, target=action.to)]
        events += self._check_immediate()
        return events

    def _apply_joint(self, action: JointAttack) -> list[Event]:
        g = self.game
        sources = []
        for name in action.from_:
            t = g.index[name]
            sources.append(
                (t, self.fresh_cav[t] + self.bonus_cav[t], self.fresh_inf[t] + self.bonus_inf[t])
            )
        return self._declare_battle(self.active, sources, g.index[action.to])
