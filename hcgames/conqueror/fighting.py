"""Battles inside the action phase: heroes, the dice, casualties, retreat, moving in.

An attack becomes a small sequence of steps. Each step that needs a choice is a
decision of the side concerned (the defender chooses during the attacker's turn);
steps without a real choice happen by themselves:

1. the attacker may play a hero, then the defender (independent armies never do);
2. both dice are rolled: a chance step with 36 outcomes of 1/36 each, resolved by
   :func:`hcgames.conqueror.battle.fight` (the same code the odds come from);
3. the loser chooses which units it loses, then, if the loser rolled a 4, the winner
   chooses its one casualty;
4. if the attacker won, the surviving defenders retreat to a neighbouring territory
   of their side (the defender chooses) or are wiped out, and the attacker may leave
   one unit behind in each territory it attacked from before the rest move in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import (
    BattleRoll,
    ChooseCasualties,
    LeaveBehind,
    PlayHero,
    Retreat,
    units_text,
)
from hcgames.conqueror.battle import Army, BattleResult, fight
from hcgames.conqueror.fields import DuelsFields
from hcgames.core import Action, Event

if TYPE_CHECKING:
    pass

__all__ = ["Battle", "BattleMixin"]

_INDEPENDENT = 2
_SPENT = -2
_NO_HERO = PlayHero("")


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class Battle:
    """A battle in progress (plain lists, copied with the state)."""

    __slots__ = (
        "attacker",
        "defender",
        "heroes",
        "leave_index",
        "loser_due",
        "result",
        "sources",
        "step",
        "target",
        "victor_due",
    )

    def __init__(self, attacker: int, defender: int, target: int, sources: list[list[int]]):
        self.attacker = attacker
        self.defender = defender
        self.target = target
        #: per source territory: [territory, cavalry, infantry, fresh cavalry, fresh infantry]
        self.sources = sources
        self.heroes = [-1, -1]
        self.step = "hero_attacker"
        self.result: BattleResult | None = None
        self.loser_due = 0
        self.victor_due = 0
        self.leave_index = 0

    def copy(self) -> Battle:
        other = Battle(self.attacker, self.defender, self.target, [list(s) for s in self.sources])
        other.heroes = list(self.heroes)
        other.step = self.step
        other.result = self.result
        other.loser_due = self.loser_due
        other.victor_due = self.victor_due
        other.leave_index = self.leave_index
        return other

    def attacking_units(self) -> tuple[int, int]:
        return sum(s[1] for s in self.sources), sum(s[2] for s in self.sources)

    def snapshot(self, names: tuple[str, ...]) -> dict[str, Any]:
        r = self.result
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "target": names[self.target],
            "sources": [[names[s[0]], *s[1:]] for s in self.sources],
            "heroes": list(self.heroes),
            "step": self.step,
            "dice": [r.attacker_roll, r.defender_roll] if r else None,
            "loser_due": self.loser_due,
            "victor_due": self.victor_due,
            "leave_index": self.leave_index,
        }


class BattleMixin(DuelsFields):
    """Battle steps of :class:`~hcgames.conqueror.state.DuelsState`."""

    if TYPE_CHECKING:

        def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event: ...
        def name(self, player: int) -> str: ...
        def _take_actors(self, t: int, cavalry: int, infantry: int) -> tuple[int, int]: ...
        def _left(self, t: int, player: int) -> None: ...
        def _lost_last_units(self, t: int) -> None: ...
        def _check_immediate(self) -> list[Event]: ...
        def _card_kind(self) -> str: ...

    # --- declaring ------------------------------------------------------------------
    def _declare_battle(
        self, attacker: int, sources: list[tuple[int, int, int]], target: int
    ) -> list[Event]:
        g = self.game
        committed = []
        for t, c, i in sources:
            fresh_c, fresh_i = self._take_actors(t, c, i)
            committed.append([t, c, i, fresh_c, fresh_i])
        defender = self.owner[target]
        self.battle = b = Battle(attacker, defender, target, committed)
        a_army, d_army = self._armies(b)
        froms = " and ".join(g.names[s[0]] for s in committed)
        c, i = b.attacking_units()
        text = (
            f"{self.name(attacker)} attacks {g.names[target]} from {froms} with "
            f"{units_text(c, i)} (strength {a_army.strength}) against "
            f"{_possessive(self.name(defender))} {units_text(self.cav[target], self.inf[target])} "
            f"(strength {d_army.strength - d_army.bonus}, defence bonus +{d_army.bonus})."
        )
        events = [
            self._event(
                "attack",
                text,
                attacker,
                target=g.names[target],
                sources=[g.names[s[0]] for s in committed],
            )
        ]
        return events + self._advance_battle()

    def _hero_options(self, side: int) -> list[Action]:
        b = self.battle
        assert b is not None
        player = b.attacker if side == 0 else b.defender
        if player == _INDEPENDENT or player < 0 or b.heroes[side] != -1:
            return []
        g = self.game
        role = "attack" if side == 0 else "defence"
        if side == 0:
            c, i = b.attacking_units()
        else:
            c, i = self.cav[b.target], self.inf[b.target]
        options: list[Action] = []
        for h, holder in enumerate(self.hero_owner):
            if holder != player:
                continue
            hero = g.heroes[h]
            if hero.when not in (role, "any"):
                continue
            if hero.effect_kind in ("unit_strength", "one_unit") and not (
                c if hero.unit == "cavalry" else i
            ):
                continue
            options.append(PlayHero(hero.id))
        if options:
            options.append(_NO_HERO)
        return options

    def _armies(self, b: Battle) -> tuple[Army, Army]:
        g = self.game
        c, i = b.attacking_units()
        attack = self._army(b.attacker, c, i, 0, b.heroes[0], "attack")
        d = b.defender
        bonus = g.defence[d if d >= 0 else _INDEPENDENT][b.target]
        defend = self._army(
            d, self.cav[b.target], self.inf[b.target], bonus, b.heroes[1], "defence"
        )
        return attack, defend

    def _army(self, player: int, c: int, i: int, bonus: int, hero_index: int, role: str) -> Army:
        g = self.game
        cs, ist = (
            g.unit_strength[player]
            if 0 <= player < 2
            else (
                int(g.rules["unit_strength"]["cavalry"]),
                int(g.rules["unit_strength"]["infantry"]),
            )
        )
        fewer = extra = 0
        if hero_index >= 0:
            hero = g.heroes[hero_index]
            if hero.when in (role, "any"):
                kind = hero.effect_kind
                if kind == "flat":
                    bonus += hero.amount
                elif kind == "unit_strength":
                    if hero.unit == "cavalry":
                        cs += hero.amount
                    else:
                        ist += hero.amount
                elif kind == "one_unit":
                    if (c if hero.unit == "cavalry" else i) > 0:
                        bonus += hero.amount
                elif kind == "fewer_losses":
                    fewer = hero.amount
                else:
                    extra = hero.amount
        return Army(c, i, cs, ist, bonus, fewer, extra)

    # --- whose decision, which choices ------------------------------------------------
    def _battle_player(self) -> int:
        b = self.battle
        assert b is not None
        step = b.step
        if step == "hero_attacker" or step == "leave":
            return b.attacker
        if step == "hero_defender" or step == "retreat":
            return b.defender
        r = b.result
        assert r is not None
        winner, loser = (b.attacker, b.defender) if r.attacker_wins else (b.defender, b.attacker)
        return loser if step == "casualties_loser" else winner

    def _roll_outcomes(self) -> list[tuple[Action, Fraction]]:
        g: Any = self.game
        cached = getattr(g, "_roll_cache", None)
        if cached is None:
            sides = g.casualty_rules.die_sides
            p = Fraction(1, sides * sides)
            cached = [
                (BattleRoll(a, d), p) for a in range(1, sides + 1) for d in range(1, sides + 1)
            ]
            g._roll_cache = cached
        return list(cached)

    def _loser_units(self, b: Battle, loser_is_attacker: bool) -> tuple[int, int]:
        if loser_is_attacker:
            return b.attacking_units()
        return self.cav[b.target], self.inf[b.target]

    @staticmethod
    def _loss_splits(due: int, c: int, i: int) -> list[tuple[int, int]]:
        due = min(due, c + i)
        return [(k, due - k) for k in range(max(0, due - i), min(due, c) + 1)]

    def _battle_actions(self) -> list[Action]:
        b = self.battle
        assert b is not None
        step = b.step
        if step == "hero_attacker":
            return self._hero_options(0)
        if step == "hero_defender":
            return self._hero_options(1)
        r = b.result
        assert r is not None
        if step == "casualties_loser":
            c, i = self._loser_units(b, not r.attacker_wins)
            return [ChooseCasualties(k, m) for k, m in self._loss_splits(b.loser_due, c, i)]
        if step == "casualty_victor":
            c, i = self._loser_units(b, r.attacker_wins)
            return [ChooseCasualties(k, m) for k, m in self._loss_splits(b.victor_due, c, i)]
        if step == "retreat":
            return [Retreat(self.game.names[t]) for t in self._retreat_options(b)]
        s = b.sources[b.leave_index]
        name = self.game.names[s[0]]
        options: list[Action] = [LeaveBehind(name, "")]
        if s[1]:
            options.append(LeaveBehind(name, "cavalry"))
        if s[2]:
            options.append(LeaveBehind(name, "infantry"))
        return options

    def _retreat_options(self, b: Battle) -> list[int]:
        g = self.game
        no_sea = self._card_kind() == "no_sea"
        target = b.target
        return [
            n
            for n in g.neighbours[target]
            if self.owner[n] == b.defender and not (no_sea and (g.is_sea[n] or g.is_sea[target]))
        ]

    # --- applying a battle step ---------------------------------------------------------
    def _apply_battle_step(self, action: Action) -> list[Event]:
        b = self.battle
        assert b is not None
        g = self.game
        events: list[Event] = []
        if isinstance(action, PlayHero):
            side = 0 if b.step == "hero_attacker" else 1
            player = b.attacker if side == 0 else b.defender
            if action.hero:
                h = g.hero_index[action.hero]
                b.heroes[side] = h
                self.hero_owner[h] = _SPENT
                hero = g.heroes[h]
                events.append(
                    self._event(
                        "hero",
                        f"{self.name(player)} plays {hero.name}: {hero.describe_effect()}.",
                        player,
                        hero=hero.id,
                    )
                )
            else:
                b.heroes[side] = -2  # asked, none played
            b.step = "hero_defender" if side == 0 else "roll"
        elif isinstance(action, BattleRoll):
            events += self._resolve_roll(b, action)
        elif isinstance(action, ChooseCasualties):
            events += self._remove_losses(
                b, b.step == "casualties_loser", action.cavalry, action.infantry
            )
        elif isinstance(action, Retreat):
            events += self._retreat(b, g.index[action.to])
        elif isinstance(action, LeaveBehind):
            events += self._leave_behind(b, action.unit)
        return events + self._advance_battle()

    def _resolve_roll(self, b: Battle, roll: BattleRoll) -> list[Event]:
        a_army, d_army = self._armies(b)
        r = fight(a_army, d_army, roll.attacker, roll.defender, self.game.casualty_rules)
        b.result = r
        attacker, defender = self.name(b.attacker), self.name(b.defender)
        if r.attacker_wins:
            verdict = f"{attacker} wins by {r.margin}"
        elif r.margin == 0:
            verdict = f"a tie, which goes to the defender ({defender})"
        else:
            verdict = f"{defender} holds by {r.margin}"
        text = (
            f"Dice: {attacker} {roll.attacker}, {defender} {roll.defender}. Totals "
            f"{r.attacker_total} against {r.defender_total}: {verdict}."
        )
        b.loser_due = r.defender_losses if r.attacker_wins else r.attacker_losses
        b.victor_due = r.attacker_losses if r.attacker_wins else r.defender_losses
        b.step = "casualties_loser"
        return [
            self._event(
                "battle",
                text,
                None,
                attacker_roll=roll.attacker,
                defender_roll=roll.defender,
                attacker_total=r.attacker_total,
                defender_total=r.defender_total,
                attacker_wins=r.attacker_wins,
            )
        ]

    def _remove_losses(self, b: Battle, loser: bool, c: int, i: int) -> list[Event]:
        r = b.result
        assert r is not None
        from_attacker = r.attacker_wins != loser
        g = self.game
        if from_attacker:
            left_c, left_i = c, i
            for s in b.sources:
                for pos, fresh_pos, want in ((1, 3, left_c), (2, 4, left_i)):
                    take = min(want, s[pos])
                    if not take:
                        continue
                    done_units = s[pos] - s[fresh_pos]
                    s[fresh_pos] -= take - min(take, done_units)
                    s[pos] -= take
                    if pos == 1:
                        self.cav[s[0]] -= take
                        left_c -= take
                    else:
                        self.inf[s[0]] -= take
                        left_i -= take
            player = b.attacker
        else:
            self.cav[b.target] -= c
            self.inf[b.target] -= i
            player = b.defender
        if loser:
            b.loser_due = 0
            b.step = "casualty_victor"
            text = f"{self.name(player)} loses {units_text(c, i)}."
        else:
            b.victor_due = 0
            b.step = "retreat"
            text = (
                f"The beaten side rolled a {g.casualty_rules.victor_casualty_roll}, so the "
                f"victor, {self.name(player)}, also loses {units_text(c, i)}."
            )
        return [self._event("losses", text, player, cavalry=c, infantry=i)]

    def _retreat(self, b: Battle, to: int | None) -> list[Event]:
        g = self.game
        t = b.target
        c, i = self.cav[t], self.inf[t]
        self.cav[t] = self.inf[t] = 0
        b.step = "leave"
        if to is None:
            return [
                self._event(
                    "losses",
                    f"With nowhere to retreat, {_possessive(self.name(b.defender))} "
                    f"last {units_text(c, i)} in {g.names[t]} are wiped out.",
                    b.defender,
                )
            ]
        self.cav[to] += c
        self.inf[to] += i
        return [
            self._event(
                "retreat",
                f"{self.name(b.defender)} retreats {units_text(c, i)} "
                f"from {g.names[t]} to {g.names[to]}.",
                b.defender,
            )
        ]

    def _leave_behind(self, b: Battle, unit: str) -> list[Event]:
        s = b.sources[b.leave_index]
        b.leave_index += 1
        if not unit:
            return []
        pos, fresh_pos = (1, 3) if unit == "cavalry" else (2, 4)
        if s[pos] <= s[fresh_pos]:
            s[fresh_pos] -= 1
        s[pos] -= 1
        return [
            self._event(
                "move",
                f"{self.name(b.attacker)} leaves 1 {unit} behind in {self.game.names[s[0]]}.",
                b.attacker,
            )
        ]

    # --- moving the battle on ---------------------------------------------------------
    def _advance_battle(self) -> list[Event]:
        b = self.battle
        assert b is not None
        events: list[Event] = []
        while True:
            step = b.step
            if step in ("hero_attacker", "hero_defender"):
                if self._hero_options(0 if step == "hero_attacker" else 1):
                    self.stage = step
                    return events
                b.step = "hero_defender" if step == "hero_attacker" else "roll"
                continue
            if step == "roll":
                self.stage = "roll"
                return events
            r = b.result
            assert r is not None
            if step in ("casualties_loser", "casualty_victor"):
                loser = step == "casualties_loser"
                due = b.loser_due if loser else b.victor_due
                if due == 0:
                    b.step = "casualty_victor" if loser else "retreat"
                    continue
                c, i = self._loser_units(b, r.attacker_wins != loser)
                splits = self._loss_splits(due, c, i)
                side = b.defender if r.attacker_wins == loser else b.attacker
                if len(splits) > 1 and side != _INDEPENDENT:
                    self.stage = step
                    return events
                # no real choice, or an independent army: infantry goes first
                k, m = splits[0]
                events += self._remove_losses(b, loser, k, m)
                continue
            if step == "retreat":
                if not r.attacker_wins or self.cav[b.target] + self.inf[b.target] == 0:
                    b.step = "leave"
                    continue
                options = self._retreat_options(b)
                if len(options) > 1 and b.defender != _INDEPENDENT:
                    self.stage = step
                    return events
                events += self._retreat(b, options[0] if options else None)
                continue
            # step == "leave"
            if r.attacker_wins and b.leave_index < len(b.sources):
                c, i = b.attacking_units()
                s = b.sources[b.leave_index]
                if c + i >= 2 and s[1] + s[2] > 0:
                    self.stage = "leave"
                    return events
                b.leave_index += 1
                continue
            return events + self._end_battle(b)

    def _end_battle(self, b: Battle) -> list[Event]:
        g = self.game
        r = b.result
        assert r is not None
        p = b.attacker
        t = b.target
        events: list[Event] = []
        self.battle = None
        self.stage = "action"
        if r.attacker_wins:
            moved_c = moved_i = 0
            two_actions = g.actions_per_unit >= 2
            for s in b.sources:
                src, c, i, fresh_c, fresh_i = s
                self.cav[src] -= c
                self.inf[src] -= i
                self.cav[t] += c
                self.inf[t] += i
                if two_actions:
                    self.bonus_cav[t] += fresh_c
                    self.bonus_inf[t] += fresh_i
                moved_c += c
                moved_i += i
            gain = int(g.rules["gold_per_win"])
            if moved_c + moved_i == 0 and g.is_sea[t]:
                # a sea belongs to whoever stands in it: nobody is left to hold it
                self.owner[t] = -1
                text = (
                    f"{self.name(p)} wins at {g.names[t]}, but its last unit there died: "
                    "an empty sea belongs to nobody"
                )
            else:
                self.owner[t] = p
                text = f"{self.name(p)} takes {g.names[t]}"
                text += (
                    f" and moves in {units_text(moved_c, moved_i)}"
                    if moved_c + moved_i
                    else (", but no unit is left to move in")
                )
            self.abandoned.discard(t)
            enemy_capital = g.capital[1 - p]
            prize = g.scenario.capital_prize
            if t == enemy_capital and prize and not any(self.prize_taken):
                self.prize_taken[p] = True
                gain += prize
                text += f"; the enemy capital pays a prize of {prize} gold, once in the game"
            self.gold[p] += gain
            text += f" (+{gain} gold, now {self.gold[p]})."
            events.append(self._event("conquest", text, p, target=g.names[t], gold=gain))
        else:
            if self.cav[t] + self.inf[t] == 0 and b.defender == _INDEPENDENT:
                self.owner[t] = -1
            self._lost_last_units(t)
        for s in b.sources:
            if r.attacker_wins and s[1] + s[2] > 0:
                self._left(s[0], p)  # units marched out into the conquered territory
            else:
                self._lost_last_units(s[0])  # units died: the land is not abandoned
        return events + self._check_immediate()
