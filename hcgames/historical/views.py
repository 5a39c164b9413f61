"""What a position looks like: snapshot, hidden hands, card rows, words and the map."""

from __future__ import annotations

import copy
from typing import Any

from hcgames.core import Action
from hcgames.historical.actions import Attack, PlayCard
from hcgames.historical.board import Board
from hcgames.historical.cards import CONTINENTS
from hcgames.historical.material import (
    ATTACK_MORALE,
    FIRST_ATTACK_ROUND,
    PLAYS_PER_TURN,
    WIN_MORALE,
)

__all__ = ["Views"]


class Views(Board):
    """Read-only views of the position (mixed into the state)."""

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "phase": self.phase_name,
            "plays": self.plays,
            "attacks": self.attacks,
            "moved": self.moved,
            "drawn": getattr(self, "drawn", False),
            "travelled": list(self.travelled),
            "steps": self.steps,
            "morale": list(self.morale),
            "gained": list(self.gained),
            "out": list(self.out),
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "piles": [list(p) for p in self.piles],
            "discards": [list(d) for d in self.discards],
            "active": [list(a) for a in self.active],
            "rows": copy.deepcopy(self.rows),
            "age": dict(self.age),
            "used": dict(self.used),
            "timers": copy.deepcopy(self.timers),
            "lasting": list(self.lasting),
            "land_bonus": dict(self.land_bonus),
            "choices": dict(self.choices),
            "pending": copy.deepcopy(self.pending),
            "battle": copy.deepcopy(self.battle),
            "defended": list(self.defended),
            "below": dict(self.below),
            "result": copy.deepcopy(self.result),
            "frame_ids": self.frame_ids,
            "first": self.first,
            "tops": list(self.tops),
        }

    def observation(self, player: int) -> dict[str, Any]:
        """The snapshot with other players' hands, decks and land piles hidden."""
        snap = self.snapshot()
        for q in range(self.n):
            if q == player:
                continue
            hidden = sum(1 for k in self.hands[q] if self.owner(k) == q)
            shown = sorted(k for k in self.hands[q] if self.owner(k) != q)
            snap["hands"][q] = {"hidden": hidden, "shown": shown}
            snap["decks"][q] = len(self.decks[q])
            snap["piles"][q] = len(self.piles[q])
        snap["hands"][player] = sorted(self.hands[player])
        snap["pending"] = [
            frame
            if frame.get("p") == player and frame["t"] == "pick"
            else {"t": frame["t"], "p": frame.get("p")}
            for frame in self.pending
        ]
        return snap

    # --- numbers and words -------------------------------------------------------------
    def scores(self) -> dict[int, float]:
        return {p: float(m) for p, m in enumerate(self.morale)}

    def evaluate(self, player: int) -> float:
        if self.result is not None:
            winners = self.result["winners"]
            return 1.0 / len(winners) if player in winners else 0.0
        if self.out[player]:
            return 0.0
        morale = max(-1.0, min(1.0, self.morale[player] / WIN_MORALE))
        lands = len(self.rows[player])
        total_lands = sum(len(self.rows[q]) for q in self.alive()) or 1
        units = sum(len(c["cards"]) for c in self.rows[player])
        total_units = sum(len(c["cards"]) for q in self.alive() for c in self.rows[q]) or 1
        share = 1.0 / max(1, len(self.alive()))
        value = (
            0.5
            + 0.3 * morale
            + 0.1 * (lands / total_lands - share)
            + 0.1 * (units / total_units - share)
        )
        return max(0.0, min(1.0, value))

    def describe(self) -> str:
        if self.result is not None:
            return f"Game over after round {self.round_no}: {self.result['reason']}."
        parts = [f"Round {self.round_no}, {self.pname(self.turn)}'s turn, {self.phase_name} phase"]
        if self.phase_name == "play":
            parts[0] += f" ({self.plays} of {PLAYS_PER_TURN} plays used)"
        if self.pending:
            top = self.pending[-1]
            if top["t"] == "window":
                parts.append(f"{self.pname(top['p'])} may answer with an interrupt card")
            elif top["t"] == "pick":
                parts.append(f"{self.pname(top['p'])} must choose: {top['purpose']}")
            elif top["t"] == "draw":
                parts.append(f"{self.pname(top['p'])} is drawing cards")
            elif top["t"] == "land":
                parts.append(f"{self.pname(top['p'])} is turning up a land")
            elif top["t"] == "first":
                parts.append("a coin decides who goes first")
        standing = ", ".join(
            f"{self.pname(p)} {self.morale[p]} morale, {len(self.rows[p])} land(s)"
            + (" (out)" if self.out[p] else "")
            for p in range(self.n)
        )
        parts.append(standing)
        if self.round_no < FIRST_ATTACK_ROUND:
            parts.append(f"attacks open in round {FIRST_ATTACK_ROUND}")
        else:
            parts.append(f"a player needs {ATTACK_MORALE} morale to attack")
        return ". ".join(parts) + "."

    # --- card rows and map ---------------------------------------------------------------
    def _card_view(self, key: str) -> dict[str, Any]:
        card = self.card(key)
        view: dict[str, Any] = {"name": card.name, "id": card.id}
        if card.is_unit:
            view["strength"] = f"{card.attack}/{card.defence}"
        view["type"] = card.kind
        return view

    def card_rows(self, viewer: int | None = None) -> dict[str, list[dict[str, Any]]]:
        rows: dict[str, list[dict[str, Any]]] = {}
        for p in range(self.n):
            who = self.pname(p)
            lands = []
            for col in self.rows[p]:
                land = self.card(col["land"])
                lands.append(
                    {
                        "name": land.name,
                        "continent": land.continent,
                        "holds": ", ".join(self.name(k) for k in col["cards"]) or "nobody",
                        "locked": col["locked"] or "",
                    }
                )
                rows[f"{who}: column of {land.name}"] = [self._card_view(k) for k in col["cards"]]
            rows[f"{who}: land row"] = lands
            if viewer == p:
                rows[f"{who}: hand"] = [self._card_view(k) for k in self.hands[p]]
            else:
                rows[f"{who}: hand"] = [
                    self._card_view(k) if self.owner(k) != p else {"name": "hidden"}
                    for k in self.hands[p]
                ]
            rows[f"{who}: active pile"] = [self._card_view(k) for k in self.active[p]]
            rows[f"{who}: piles"] = [
                {"name": "draw deck", "cards": len(self.decks[p])},
                {"name": "land pile", "cards": len(self.piles[p])},
                {
                    "name": "discard pile",
                    "cards": len(self.discards[p]),
                    "top": self.name(self.discards[p][-1]) if self.discards[p] else "",
                },
            ]
            rows[f"{who}: morale"] = [{"name": f"{self.morale[p]} morale"}]
        return rows

    def region_views(self) -> dict[str, dict[str, Any]]:
        views: dict[str, dict[str, Any]] = {}
        for continent in CONTINENTS:
            holders = [
                (p, sum(1 for c in self.rows[p] if self.card(c["land"]).continent == continent))
                for p in range(self.n)
            ]
            counts = {p: c for p, c in holders if c}
            owner = None
            if counts:
                best = max(counts.values())
                leaders = [p for p, c in counts.items() if c == best]
                if len(leaders) == 1:
                    owner = leaders[0]
            label = " ".join(f"P{p + 1}:{c}" for p, c in sorted(counts.items()))
            lands = "; ".join(
                f"{self.name(c['land'])} ({self.pname(p)})"
                for p in range(self.n)
                for c in self.rows[p]
                if self.card(c["land"]).continent == continent
            )
            views[continent] = {
                "owner": owner,
                "label": label,
                "tooltip": f"{continent}: {lands or 'no land in play'}.",
            }
        return views

    def action_regions(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Attack):
            return (self.card(action.land).continent, self.card(action.target).continent)
        if isinstance(action, PlayCard) and action.land:
            return (self.card(action.land).continent,)
        return ()
