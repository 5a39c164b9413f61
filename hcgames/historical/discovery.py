"""Discovering lands: first lands, explorers' finds and who comes along.

A land arrives from a land pile, either the player's own first land or a land that
an explorer (or another card) discovers; the draw itself is a chance step, or a pick
when a card lets its player choose. The new land opens a column, its own play
effects are queued, the explorer that found it steps onto it (or anywhere there is
room), the finder's discovery rewards are paid, and an escort may follow.
"""

from __future__ import annotations

from typing import Any

from hcgames.historical.board import Ctx
from hcgames.historical.plays import Plays

__all__ = ["Discovery"]


class Discovery(Plays):
    """Land discoveries, on top of card plays."""

    # --- discovery -------------------------------------------------------------------------
    def push_discovery(
        self,
        player: int,
        source: int,
        key: str,
        *,
        place: str,
        escort: bool,
        discard_self: bool,
        choose: bool,
    ) -> None:
        frame = {
            "t": "land",
            "p": player,
            "src": source,
            "why": "discover",
            "card": key,
            "place": place,
            "escort": escort,
            "discard_self": discard_self,
        }
        if choose and self.piles[source]:
            frame = {
                **frame,
                "t": "pick",
                "purpose": "land to discover",
                "options": list(self.piles[source]),
            }
        self.pending.append(frame)

    def _land_missing(self, frame: dict[str, Any]) -> None:
        """No land left to find: an explorer waiting to land stands anywhere it can."""
        if frame.get("place"):
            self._stand_anywhere(frame["p"], frame["place"])

    def _stand_anywhere(self, player: int, key: str) -> None:
        spots = self.standing_land(self.card(key), player)
        if spots:
            self.place(key, spots[0])
        else:
            self.to_discard(key)
            self.log(player, "discard", f"{self.name(key)} finds no room and is discarded.")

    def _land_arrives(self, frame: dict[str, Any], land: str) -> None:
        player = frame["p"]
        col = {"land": land, "cards": [], "locked": 0}
        self.rows[player].append(col)
        self.age[land] = 1
        card = self.card(land)
        self.log(
            player,
            "land",
            f"{self.pname(player)} "
            f"{'plays the first land' if frame['why'] == 'first' else 'discovers'} "
            f"{card.name} ({card.continent}).",
            {"land": land},
        )
        opening = [i for i, e in enumerate(self.effects_of(land)) if e["when"] == "play"]
        self._push_effects(player, land, "play", opening, (), "")
        place = frame.get("place", "")
        if place:
            if self.can_stand(col, self.card(place)):
                self.place(place, col)
            else:
                self._stand_anywhere(player, place)
        finder = frame.get("card", "")
        if finder:
            ctx = Ctx(player, finder, col, discovered=card)
            for effect in self.effects_of(finder):
                if effect["when"] == "discover" and self.cond(effect.get("if"), ctx):
                    self.change_morale(
                        player, int(effect["amount"]), f"{self.name(finder)} finds {card.name}"
                    )
            if frame.get("discard_self"):
                self.remove(finder, death=False, why="its journey is over")
        if frame.get("escort"):
            options = [
                k
                for c in self.rows[player]
                if c is not col
                for k in c["cards"]
                if self.can_stand(col, self.card(k)) and not self.planted(k, player)
            ]
            if options:
                self.pending.append(
                    {
                        "t": "pick",
                        "p": player,
                        "purpose": "escort",
                        "options": ["", *options],
                        "land": land,
                    }
                )
