"""How a Conqueror: Duels game ends, and who wins.

Some goals win at once: holding the places a scenario names, or leaving the enemy
with no units and no land after a battle. Others are checked at the end of each
round (enough forts for enough rounds in a row, holding a pair of territories for a
number of rounds), and after the last round the scenario's final test decides: named
territories, then the fallback (forts then units, territory points, a draw, or a
named winner). Mixed into :class:`~hcgames.conqueror.state.DuelsState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.conqueror.fields import DuelsFields
from hcgames.core import Event, Outcome

if TYPE_CHECKING:
    pass

__all__ = ["VictoryMixin"]


class VictoryMixin(DuelsFields):
    """Victory checks and final scoring of :class:`~hcgames.conqueror.state.DuelsState`."""

    if TYPE_CHECKING:

        def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event: ...
        def name(self, player: int) -> str: ...
        def units_of(self, player: int) -> int: ...
        def forts_of(self, player: int) -> int: ...
        def points_of(self, player: int) -> int: ...
        def holds(self, player: int, names: list[str] | tuple[str, ...]) -> bool: ...
        def scores(self) -> dict[int, float]: ...

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

    def _check_immediate(self) -> list[Event]:
        """Goals that end the game at once, checked after every move and every battle:
        a side left with no units and no land loses, and a scenario's named places."""
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

    def _watch_capitals(self) -> list[Event]:
        """Scenario 4's "hold the enemy capital for 2 rounds without losing your own" is
        watched all the time: whenever either capital changes hands, both counts start
        again (a side that held both has just lost one of them)."""
        g = self.game
        now = [self.owner[t] for t in g.capital]
        if now == self.capital_holders:
            return []
        self.capital_holders = now
        counting = [p for p in (0, 1) if self.held_rounds[p]]
        self.held_rounds = [0, 0]
        return [
            self._event(
                "objective",
                f"{self.name(p)} no longer holds both {g.names[g.capital[0]]} and "
                f"{g.names[g.capital[1]]}: its count of rounds starts again from 0.",
                p,
            )
            for p in counting
        ]

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
