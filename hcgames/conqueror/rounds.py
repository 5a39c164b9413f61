"""The flow of a Conqueror: Duels round, and the planning phase.

A round opens with the chronicle card where the scenario uses the deck (a chance
step), then each side plans in turn: it collects its income, disbands what it cannot
feed, recruits in its forts, buys heroes and, in scenario 4, may rally. The action
phases follow (:mod:`hcgames.conqueror.moves`), and the round closes with the checks
of :mod:`hcgames.conqueror.victory` before the next one starts or the game ends.
Mixed into :class:`~hcgames.conqueror.state.DuelsState`.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import BuyHero, Disband, DrawChronicle, EndPhase, Rally, Recruit
from hcgames.conqueror.fields import DuelsFields
from hcgames.conqueror.sides import INDEPENDENT, NOBODY
from hcgames.core import Action, Event

if TYPE_CHECKING:
    pass

__all__ = ["RoundMixin"]

_END = EndPhase()
_RALLY = Rally()


class RoundMixin(DuelsFields):
    """Round flow and planning steps of :class:`~hcgames.conqueror.state.DuelsState`."""

    if TYPE_CHECKING:

        @property
        def phase(self) -> str: ...

        def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event: ...
        def name(self, player: int) -> str: ...
        def units_of(self, player: int) -> int: ...
        def unit_cap(self, player: int) -> int: ...
        def income_of(self, player: int) -> int: ...
        def great_forts_of(self, player: int) -> int: ...
        def _check_end_of_round(self) -> list[Event]: ...
        def _final_result(self) -> list[Event]: ...

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
        food_step = self.stage == "food"
        p = self.hungry[0] if food_step else self.active
        t = g.index[action.territory]
        if action.unit == "cavalry":
            self.cav[t] -= 1
            total, fresh, bonus = self.cav[t] + 1, self.fresh_cav, self.bonus_cav
        else:
            self.inf[t] -= 1
            total, fresh, bonus = self.inf[t] + 1, self.fresh_inf, self.bonus_inf
        # in the action phase the owner sends home first the units that cannot act any
        # more, then those with one action left, then fresh ones (best for the owner)
        if total - fresh[t] - bonus[t] <= 0:
            if bonus[t]:
                bonus[t] -= 1
            else:
                fresh[t] -= 1
        if self.cav[t] + self.inf[t] == 0 and g.is_sea[t]:
            self.owner[t] = NOBODY
        events = [
            self._event(
                "disband",
                f"{self.name(p)} cannot feed its army and disbands "
                f"1 {action.unit} in {action.territory} ({self.units_of(p)} units, "
                f"limit {self.unit_cap(p)}).",
                p,
                territory=action.territory,
            )
        ]
        if food_step and self.units_of(p) <= self.unit_cap(p):
            self.hungry.pop(0)
            if not self.hungry:
                self.stage = "action"
        return events

    # --- food lost during the action phase ----------------------------------------------
    def _check_food(self, caps_before: tuple[int, int]) -> list[Event]:
        """A side whose food just fell below what its army needs disbands the excess at
        once (owner's choice), unless it rallied this round (rally benefit III)."""
        events: list[Event] = []
        for p in (self.active, 1 - self.active):
            cap, units = self.unit_cap(p), self.units_of(p)
            if cap >= caps_before[p] or units <= cap:
                continue
            if self.rally_now[p]:
                events.append(
                    self._event(
                        "food",
                        f"{self.name(p)} now has food for {cap} units and keeps {units}: "
                        "it rallied this round, so the excess waits for its next planning.",
                        p,
                    )
                )
                continue
            self.hungry.append(p)
            events.append(
                self._event(
                    "food",
                    f"{self.name(p)} has lost food: {units} units but food for only {cap}; "
                    f"it must disband {units - cap} at once.",
                    p,
                )
            )
        if self.hungry:
            self.stage = "food"
        return events

    def _food_actions(self) -> list[Action]:
        g = self.game
        p = self.hungry[0]
        actions: list[Action] = []
        for t, o in enumerate(self.owner):
            if o == p:
                if self.cav[t]:
                    actions.append(g.disband_action(t, "cavalry"))
                if self.inf[t]:
                    actions.append(g.disband_action(t, "infantry"))
        return actions

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
