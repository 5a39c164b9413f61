"""The position of a Conqueror: Duels game and the flow of a round.

A round is: the chronicle card (a chance step, where the scenario uses the deck),
the planning phase of each side in turn (income, food check, recruiting, heroes,
rallying) and the action phase of each side in turn (moves and attacks). Battles
(:mod:`hcgames.conqueror.fighting`) interrupt the action phase with their own
decisions and a dice roll. Victory conditions are checked after every action that
changes who holds what, and at the end of each round.

The state holds only plain lists indexed by territory number (owner, cavalry,
infantry, and how many units of the acting side may still act), so a copy is a
handful of list copies.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import (
    Attack,
    BuyHero,
    Disband,
    DrawChronicle,
    EndPhase,
    JointAttack,
    Move,
    Rally,
    Recruit,
    units_text,
)
from hcgames.conqueror.fighting import BattleMixin
from hcgames.conqueror.views import ViewMixin
from hcgames.core import CHANCE, TERMINAL, Action, Event, HcgamesError, Outcome, State

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame

__all__ = ["INDEPENDENT", "NOBODY", "DuelsState"]

NOBODY = -1
INDEPENDENT = 2

_END = EndPhase()
_RALLY = Rally()


class DuelsState(BattleMixin, ViewMixin, State):
    """One position of a Conqueror: Duels game (see the package docstring for rules)."""

    game: DuelsGame

    def __init__(self, game: DuelsGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        g = game
        sc = g.scenario
        n = len(g.names)
        self.owner = [NOBODY] * n
        self.cav = [0] * n
        self.inf = [0] * n
        # units of the acting side that may still act: fresh ones (two actions if they
        # win) and ones that already won an attack this round (one more action)
        self.fresh_cav = [0] * n
        self.fresh_inf = [0] * n
        self.bonus_cav = [0] * n
        self.bonus_inf = [0] * n
        for p, faction in enumerate(sc.players):
            self.owner[g.capital[p]] = p
            for name, (c, i) in sc.setup.get(faction, {}).items():
                t = g.index[name]
                self.owner[t], self.cav[t], self.inf[t] = p, c, i
        for name, (c, i) in sc.setup.get("independent", {}).items():
            t = g.index[name]
            self.owner[t], self.cav[t], self.inf[t] = INDEPENDENT, c, i
        self.gold = list(sc.start_gold)
        self.hero_owner = [NOBODY] * len(g.heroes)  # -1 bank, 0/1 in hand, -2 spent
        for p in (0, 1):
            for hero_id in sc.start_heroes[p]:
                self.hero_owner[g.hero_index[hero_id]] = p
        self.prize_taken = [False, False]
        self.round_no = 0
        self.stage = ""
        self.active = 0
        self.deck = list(g.deck)
        self.card = ""
        self.recruited: dict[int, list[int]] = {}
        self.rally_used = [False, False]
        self.rally_now = [False, False]
        self.rally_cavalry = [0, 0]
        self.abandoned: set[int] = set()
        self.fort_streak = [0, 0]
        self.held_rounds = [0, 0]
        self.battle: Any = None
        self.result: Outcome | None = None
        self.edited = False
        self.events.extend(self._start_round())

    # --- small helpers -------------------------------------------------------------
    def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event:
        # independent armies are not players: their events name no player
        if player is not None and not 0 <= player < 2:
            data.setdefault("side", self.name(player))
            player = None
        return Event(self.round_no, self.phase, player, kind, text, data)

    def name(self, player: int) -> str:
        if player == INDEPENDENT:
            return "the independent army"
        if player == NOBODY:
            return "nobody"
        return self.game.scenario.players[player]

    def units_of(self, player: int) -> int:
        return sum(
            c + i for o, c, i in zip(self.owner, self.cav, self.inf, strict=True) if o == player
        )

    def food_of(self, player: int) -> int:
        """Food supply: food of the land a side holds, scenario extras, this round's card."""
        g = self.game
        food = sum(f for o, f in zip(self.owner, g.food, strict=True) if o == player)
        if g.has_faction_food:
            extra = g.faction_food[player]
            food += sum(f for o, f in zip(self.owner, extra, strict=True) if o == player)
        if self.card:
            card = g.cards[self.card]
            if card.kind == "food":
                food += card.amount
        return max(0, food)

    def unit_cap(self, player: int) -> int:
        """Most units a side may keep: 4 + 2 x food (+2 in the round it rallies)."""
        g = self.game
        cap = g.cap_base + g.cap_per_food * self.food_of(player)
        if self.rally_now[player] and g.scenario.rally:
            cap += int(g.scenario.rally["extra_units"])
        return cap

    def income_of(self, player: int) -> int:
        coins = self.game.coins
        return sum(coins[t] for t, o in enumerate(self.owner) if o == player)

    def forts_of(self, player: int) -> int:
        is_fort = self.game.is_fort
        return sum(1 for t, o in enumerate(self.owner) if o == player and is_fort[t])

    def great_forts_of(self, player: int) -> int:
        is_great = self.game.is_great
        capital = self.game.capital[player]
        return sum(
            1 for t, o in enumerate(self.owner) if o == player and (is_great[t] or t == capital)
        )

    def points_of(self, player: int) -> int:
        points = self.game.points
        return sum(points[t] for t, o in enumerate(self.owner) if o == player)

    def holds(self, player: int, names: list[str] | tuple[str, ...]) -> bool:
        index = self.game.index
        return all(self.owner[index[name]] == player for name in names)

    def _card_kind(self) -> str:
        return self.game.cards[self.card].kind if self.card else ""

    # --- the contract --------------------------------------------------------------
    @property
    def current_player(self) -> int:
        stage = self.stage
        if stage in ("planning", "action"):
            return self.active
        if stage in ("draw", "roll"):
            return CHANCE
        if stage == "over":
            return TERMINAL
        return self._battle_player()

    @property
    def phase(self) -> str:
        stage = self.stage
        if stage == "draw":
            return "chronicle"
        if stage == "planning":
            return "planning"
        if stage == "over":
            return "game over"
        return "action"

    @property
    def round(self) -> int:
        return self.round_no

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def outcome(self) -> Outcome | None:
        return self.result

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.stage == "draw":
            p = Fraction(1, len(self.deck))
            return [(DrawChronicle(card), p) for card in sorted(self.deck)]
        return self._roll_outcomes()

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == "action":
            return self._action_phase_actions()
        if stage == "planning":
            return self._planning_actions()
        return self._battle_actions()

    def _legal_set(self) -> set[Action] | list[Action]:
        # Membership in the (short, cached) list is faster than hashing every action
        # into a set, and random playouts pick the very object in the list.
        if self._legal_cache is None:
            self.legal_actions()
        assert self._legal_cache is not None
        return self._legal_cache

    def _apply(self, action: Action) -> list[Event]:
        kind = type(action)
        if kind is Move or kind is Attack:
            return self._apply_move(action)  # type: ignore[arg-type]
        if kind is EndPhase:
            return self._end_phase()
        if kind is Recruit:
            return self._apply_recruit(action)  # type: ignore[arg-type]
        if kind is DrawChronicle:
            return self._apply_draw(action)  # type: ignore[arg-type]
        if kind is Disband:
            return self._apply_disband(action)  # type: ignore[arg-type]
        if kind is BuyHero:
            return self._apply_buy(action)  # type: ignore[arg-type]
        if kind is Rally:
            return self._apply_rally()
        if kind is JointAttack:
            return self._apply_joint(action)  # type: ignore[arg-type]
        return self._apply_battle_step(action)

    # --- round flow ----------------------------------------------------------------
    def _start_round(self) -> list[Event]:
        g = self.game
        self.round_no += 1
        self.card = ""
        self.recruited = {}
        self.rally_now = [False, False]
        self.rally_cavalry = [0, 0]
        start = Event(self.round_no, "", None, "round", f"Round {self.round_no} begins.", {})
        events = [start]
        chronicle = g.scenario.chronicle
        if chronicle is not None and self.round_no >= int(chronicle["first_round"]):
            if not self.deck and chronicle.get("reshuffle"):
                self.deck = list(g.deck)
                events.append(
                    self._event("chronicle", "The chronicle deck is used up and is shuffled again.")
                )
            if self.deck:
                self.stage = "draw"
        if self.stage != "draw":
            events += self._start_planning()
        # the round's first event belongs to the phase the round opens with
        events[0] = dataclasses.replace(start, phase=self.phase)
        return events

    def _apply_draw(self, action: DrawChronicle) -> list[Event]:
        g = self.game
        card = g.cards[action.card]
        self.deck.remove(card.id)
        self.card = card.id
        events = [
            self._event("chronicle", f"Chronicle card: {card.name}. {card.text}", card=card.id)
        ]
        if card.kind == "gold":
            for p in (0, 1):
                self.gold[p] += card.amount
        elif card.kind == "lose_unit":
            events += self._card_losses(card.where, card.unit)
        events += self._start_planning()
        return events

    def _card_losses(self, where: tuple[str, ...], unit: str) -> list[Event]:
        g = self.game
        if where == ("capitals",):
            targets = [t for p, t in enumerate(g.capital) if self.owner[t] == p]
        else:
            targets = [g.index[name] for name in where if name in g.index]
        events = []
        for t in targets:
            if self.inf[t] > 0:
                self.inf[t] -= 1
                lost = "infantry"
            elif self.cav[t] > 0 and unit != "infantry":
                self.cav[t] -= 1
                lost = "cavalry"
            else:
                continue
            events.append(
                self._event(
                    "losses",
                    f"{self.name(self.owner[t])} loses 1 {lost} in {g.names[t]}.",
                    territory=g.names[t],
                )
            )
            if self.cav[t] + self.inf[t] == 0 and self.owner[t] == INDEPENDENT:
                self.owner[t] = NOBODY
        return events

    def _start_planning(self) -> list[Event]:
        g = self.game
        events = []
        for t in sorted(self.abandoned):
            if self.owner[t] == NOBODY and self.cav[t] + self.inf[t] == 0:
                self.owner[t] = INDEPENDENT
                if g.is_great[t]:
                    self.cav[t] = 1
                else:
                    self.inf[t] = 1
                unit = "cavalry" if g.is_great[t] else "infantry"
                events.append(
                    self._event(
                        "independence",
                        f"Left empty, {g.names[t]} declares itself independent (1 {unit}).",
                        territory=g.names[t],
                    )
                )
        self.abandoned.clear()
        events += self._begin_planning(0)
        return events

    def _begin_planning(self, player: int) -> list[Event]:
        g = self.game
        self.stage = "planning"
        self.active = player
        income = self.income_of(player)
        card = g.cards[self.card] if self.card else None
        if card is not None and card.kind == "income_factor":
            income *= card.amount
        self.gold[player] += income
        events = [
            self._event(
                "income",
                f"{self.name(player)} collects {income} gold and now has {self.gold[player]}.",
                player,
                gold=income,
            )
        ]
        capital = g.capital[player]
        if (
            card is not None
            and card.kind == "free_unit"
            and self.owner[capital] == player
            and self.units_of(player) < self.unit_cap(player)
        ):
            self.inf[capital] += 1
            events.append(
                self._event(
                    "recruit",
                    f"Mercenaries join {self.name(player)} in {g.names[capital]} (1 infantry).",
                    player,
                )
            )
        return events

    def _end_phase(self) -> list[Event]:
        player = self.active
        events = [self._event("end", f"{self.name(player)} ends its {self.phase} phase.", player)]
        if self.stage == "planning":
            if player == 0:
                events += self._begin_planning(1)
            else:
                events += self._begin_action(0)
            return events
        n = len(self.owner)
        self.fresh_cav = [0] * n
        self.fresh_inf = [0] * n
        self.bonus_cav = [0] * n
        self.bonus_inf = [0] * n
        if player == 0:
            events += self._begin_action(1)
        else:
            events += self._end_round()
        return events

    def _begin_action(self, player: int) -> list[Event]:
        self.stage = "action"
        self.active = player
        owner = self.owner
        for t in range(len(owner)):
            if owner[t] == player:
                self.fresh_cav[t] = self.cav[t]
                self.fresh_inf[t] = self.inf[t]
        return []

    def _end_round(self) -> list[Event]:
        events = self._check_end_of_round()
        if self.stage == "over":
            return events
        if self.round_no >= self.game.scenario.max_rounds:
            return events + self._final_result()
        return events + self._start_round()

    # --- planning ------------------------------------------------------------------
    def rally_possible(self, player: int) -> bool:
        """Scenario 4: may ``player`` rally now? (once a game, when weak)."""
        rally = self.game.scenario.rally
        if not rally or self.rally_used[player] or self.stage != "planning":
            return False
        if self.active != player or self.units_of(player) > int(rally["max_units"]):
            return False
        lost_capital = self.owner[self.game.capital[player]] != player
        return lost_capital or self.great_forts_of(player) <= int(rally["max_great_forts"])

    def _recruit_options(self, player: int) -> list[tuple[int, str]]:
        g = self.game
        options: list[tuple[int, str]] = []
        capital = g.capital[player]
        rally_cav = self.rally_cavalry[player]
        lost_capital = self.owner[capital] != player
        for t, o in enumerate(self.owner):
            if o != player or not g.is_fort[t]:
                continue
            done_c, done_i = self.recruited.get(t, (0, 0))
            if g.fort_kind[t] == "small" and t != capital:
                if done_c + done_i < g.recruit_limits["small"]["infantry"]:
                    options.append((t, "infantry"))
                continue
            limits = g.recruit_limits["capital" if t == capital else "great"]
            if done_c == 0 and done_i < limits["infantry"]:
                options.append((t, "infantry"))
            rally_here = rally_cav > 0 and (t == capital or (lost_capital and g.is_great[t]))
            if (done_c == 0 and done_i == 0) or rally_here:
                options.append((t, "cavalry"))
        return options

    def _planning_actions(self) -> list[Action]:
        g = self.game
        p = self.active
        actions: list[Action] = []
        units, cap = self.units_of(p), self.unit_cap(p)
        if units > cap:
            for t, o in enumerate(self.owner):
                if o == p:
                    if self.cav[t]:
                        actions.append(g.disband_action(t, "cavalry"))
                    if self.inf[t]:
                        actions.append(g.disband_action(t, "infantry"))
            if self.rally_possible(p):
                actions.append(_RALLY)
            return actions
        if self.rally_possible(p):
            actions.append(_RALLY)
        if units < cap:
            actions.extend(g.recruit_action(t, unit) for t, unit in self._recruit_options(p))
        for h in g.hero_choices[p]:
            if self.hero_owner[h] == NOBODY and g.heroes[h].cost <= self.gold[p]:
                actions.append(BuyHero(g.heroes[h].id))
        actions.append(_END)
        return actions

    def _apply_recruit(self, action: Recruit) -> list[Event]:
        g = self.game
        p = self.active
        t = g.index[action.territory]
        done = self.recruited.setdefault(t, [0, 0])
        capital = g.capital[p]
        kind = "small" if g.fort_kind[t] == "small" and t != capital else "great"
        if action.unit == "cavalry":
            if (kind == "great" and done[0] == 0 and done[1] == 0) or self.rally_cavalry[p] == 0:
                done[0] += 1
            else:
                self.rally_cavalry[p] -= 1  # one of the rally's extra cavalry
            self.cav[t] += 1
        else:
            done[1] += 1
            self.inf[t] += 1
        return [
            self._event(
                "recruit",
                f"{self.name(p)} recruits 1 {action.unit} in {action.territory}.",
                p,
                territory=action.territory,
            )
        ]

    def _apply_disband(self, action: Disband) -> list[Event]:
        g = self.game
        p = self.active
        t = g.index[action.territory]
        if action.unit == "cavalry":
            self.cav[t] -= 1
        else:
            self.inf[t] -= 1
        if self.cav[t] + self.inf[t] == 0 and g.is_sea[t]:
            self.owner[t] = NOBODY
        return [
            self._event(
                "disband",
                f"{self.name(p)} cannot feed its army and disbands "
                f"1 {action.unit} in {action.territory} ({self.units_of(p)} units, "
                f"limit {self.unit_cap(p)}).",
                p,
                territory=action.territory,
            )
        ]

    def _apply_buy(self, action: BuyHero) -> list[Event]:
        g = self.game
        p = self.active
        h = g.hero_index[action.hero]
        hero = g.heroes[h]
        self.gold[p] -= hero.cost
        self.hero_owner[h] = p
        return [
            self._event(
                "hero",
                f"{self.name(p)} buys the hero {hero.name} for {hero.cost} "
                f"gold ({hero.describe_effect()}).",
                p,
                hero=hero.id,
            )
        ]

    def _apply_rally(self) -> list[Event]:
        rally = self.game.scenario.rally
        assert rally is not None
        p = self.active
        self.rally_used[p] = True
        self.rally_now[p] = True
        self.rally_cavalry[p] = int(rally["extra_cavalry"])
        self.gold[p] += int(rally["gold"])
        return [
            self._event(
                "rally",
                f"{self.name(p)} rallies its empire: +{rally['gold']} gold, "
                f"room for {rally['extra_units']} units over the food limit this "
                f"round and {rally['extra_cavalry']} extra cavalry to recruit.",
                p,
            )
        ]

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
            for k, a in enumerate(sources):
                for b in sources[k + 1 :]:
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

    # --- victory -------------------------------------------------------------------
    def _finish(self, winners: tuple[int, ...], reason: str) -> list[Event]:
        self.stage = "over"
        self.battle = None
        scores = {p: float(v) for p, v in self.scores().items()}
        self.result = Outcome(winners, reason, scores)
        return [self._event("end", f"Game over: {reason}", None, winners=list(winners))]

    def _annihilated(self, player: int) -> bool:
        is_sea = self.game.is_sea
        for t, o in enumerate(self.owner):
            if o == player and (not is_sea[t] or self.cav[t] + self.inf[t]):
                return False
        return True

    def _check_immediate(self, after_battle: bool = False) -> list[Event]:
        if after_battle:
            for p in (self.active, 1 - self.active):
                if self._annihilated(1 - p):
                    return self._finish(
                        (p,),
                        f"{self.name(p)} wins: {self.name(1 - p)} has no units and no land left.",
                    )
        owner = self.owner
        for p, places, text in self.game.immediate_goals:
            if all(owner[t] == p for t in places):
                return self._finish((p,), f"{self.name(p)} wins at once by holding {text}.")
        return []

    def _check_end_of_round(self) -> list[Event]:
        sc = self.game.scenario
        victory = sc.victory
        events: list[Event] = []
        forts = victory.get("forts")
        if forts:
            for p in (0, 1):
                held = self.forts_of(p)
                self.fort_streak[p] = self.fort_streak[p] + 1 if held >= forts["count"] else 0
            done = [p for p in (0, 1) if self.fort_streak[p] >= forts["rounds"]]
            if done:
                if len(done) == 2:
                    return self._compare(
                        self.forts_of,
                        "forts",
                        then_units=True,
                        prefix="Both sides held enough forts; ",
                    )
                p = done[0]
                return self._finish(
                    (p,),
                    f"{self.name(p)} wins: {self.forts_of(p)} forts held "
                    f"at the end of {forts['rounds']} rounds in a row.",
                )
        for cond in victory.get("hold_for", []):
            p = sc.players.index(cond["player"])
            if self.holds(p, [cond["take"], cond["keep"]]):
                self.held_rounds[p] += 1
                events.append(
                    self._event(
                        "objective",
                        f"{self.name(p)} holds {cond['take']} and "
                        f"{cond['keep']} at the end of round {self.round_no} "
                        f"({self.held_rounds[p]} of {cond['rounds']}).",
                        p,
                    )
                )
                if self.held_rounds[p] >= cond["rounds"]:
                    return events + self._finish(
                        (p,),
                        f"{self.name(p)} wins: it held {cond['take']} for "
                        f"{cond['rounds']} rounds without losing {cond['keep']}.",
                    )
            else:
                self.held_rounds[p] = 0
        return events

    def _compare(self, measure: Any, label: str, then_units: bool, prefix: str = "") -> list[Event]:
        a, b = measure(0), measure(1)
        if a == b and then_units:
            a, b = self.units_of(0), self.units_of(1)
            label = f"{label}, then units"
        if a == b:
            return self._finish((), f"{prefix}draw: both sides are level on {label} ({a}).")
        p = 0 if a > b else 1
        return self._finish(
            (p,), f"{prefix}{self.name(p)} wins on {label}: {max(a, b)} against {min(a, b)}."
        )

    def _final_result(self) -> list[Event]:
        sc = self.game.scenario
        victory = sc.victory
        last = f"After the last round ({sc.max_rounds}) "
        for cond in victory.get("final", []):
            p = sc.players.index(cond["player"])
            if self.holds(p, cond["hold"]):
                return self._finish(
                    (p,), f"{last}{self.name(p)} wins by holding {', '.join(cond['hold'])}."
                )
        fallback = victory["fallback"]
        if fallback == "forts_then_units":
            return self._compare(self.forts_of, "forts", then_units=True, prefix=last)
        if fallback == "points":
            return self._compare(self.points_of, "territory points", then_units=False, prefix=last)
        if fallback == "draw":
            return self._finish((), f"{last}no side has met its goal: the game is a draw.")
        p = sc.players.index(fallback["winner"])
        return self._finish(
            (p,), f"{last}{self.name(p)} wins: its enemy did not reach its goal in time."
        )

    # --- copies, saves and what-if edits ---------------------------------------------
    def copy(self) -> DuelsState:
        clone = DuelsState.__new__(DuelsState)
        clone.__dict__.update(self.__dict__)
        for name in (
            "owner",
            "cav",
            "inf",
            "fresh_cav",
            "fresh_inf",
            "bonus_cav",
            "bonus_inf",
            "gold",
            "hero_owner",
            "prize_taken",
            "deck",
            "rally_used",
            "rally_now",
            "rally_cavalry",
            "fort_streak",
            "held_rounds",
            "history",
            "events",
        ):
            setattr(clone, name, list(getattr(self, name)))
        clone.recruited = {t: list(v) for t, v in self.recruited.items()}
        clone.abandoned = set(self.abandoned)
        clone.battle = self.battle.copy() if self.battle is not None else None
        clone._legal_cache = None
        return clone

    def to_json(self, indent: int | None = None) -> str:
        if self.edited:
            raise HcgamesError(
                "this position was edited with set_army/set_gold for a what-if; it is not the "
                "result of its action list and cannot be saved"
            )
        return super().to_json(indent)

    def set_army(self, territory: str, side: str | None, cavalry: int, infantry: int) -> None:
        """What-if editing for teaching: put an army of ``side`` (a faction name,
        ``"independent"`` or ``None`` for nobody) in ``territory``. The edited state can
        be played on but not saved."""
        g = self.game
        if territory not in g.index:
            raise ValueError(f"there is no territory called {territory!r} on this map")
        if cavalry < 0 or infantry < 0:
            raise ValueError("unit counts cannot be negative")
        sides = {name: p for p, name in enumerate(g.scenario.players)}
        sides["independent"] = INDEPENDENT
        if side is not None and side not in sides:
            raise ValueError(f"side must be one of {sorted(sides)} or None, not {side!r}")
        t = g.index[territory]
        self.owner[t] = NOBODY if side is None else sides[side]
        self.cav[t], self.inf[t] = cavalry, infantry
        acting = self.stage == "action" and self.owner[t] == self.active
        self.fresh_cav[t], self.fresh_inf[t] = (cavalry, infantry) if acting else (0, 0)
        self.bonus_cav[t] = self.bonus_inf[t] = 0
        self.edited = True
        self._legal_cache = None

    def set_gold(self, side: str, gold: int) -> None:
        """What-if editing: set a side's gold (see :meth:`set_army`)."""
        p = self.game.scenario.players.index(side)
        self.gold[p] = gold
        self.edited = True
        self._legal_cache = None
