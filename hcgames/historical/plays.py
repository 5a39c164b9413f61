"""Playing cards from the hand: placing them, queueing their effects, held abilities.

A card played (or played as an interrupt) leaves the hand and goes where it belongs:
a character or army into a land column (or, for a spy, into an opponent's land), a
lasting card into its owner's active pile, anything else to the discard pile once
its effects have worked. Its effects do not work at once: they wait in an effects
frame on the stack, and from round two every player they reach first gets a window
to answer with an interrupt. The turn loop in :mod:`hcgames.historical.rules` runs
the frame when its turn on the stack comes.
"""

from __future__ import annotations

from typing import Any

from hcgames.historical.actions import UseAbility
from hcgames.historical.cards import INTERACTING
from hcgames.historical.fighting import Fighting

__all__ = ["Plays"]


class Plays(Fighting):
    """Card plays and the effects frames they put on the stack."""

    def new_frame_id(self) -> int:
        self.frame_ids += 1
        return self.frame_ids

    # --- playing cards -------------------------------------------------------------------
    def _play(
        self,
        player: int,
        key: str,
        land: str,
        targets: tuple[str, ...],
        option: int,
        discover: bool,
        *,
        free: bool,
    ) -> None:
        card = self.card(key)
        self.hands[player].remove(key)
        if not free:
            self.plays += 1
        if option >= 0:
            self.choices[key] = option
        verb = "interrupts with" if free else "plays"
        where = " to discover a land" if discover else f" on {self.name(land)}" if land else ""
        self.log(
            player, "play", f"{self.pname(player)} {verb} {self.name(key)}{where}.", {"card": key}
        )
        if card.context:
            self.log(player, "context", f"{card.name}: {card.context}", {"card": key})
        for q in self.opponents(player):
            for other in list(self.active[q]):
                for effect in self.effects_of(other):
                    if effect["kind"] == "win_condition" and card.name in effect.get(
                        "undone_by", {}
                    ).get("name", []):
                        self.remove(other, death=False, why=f"undone by {card.name}")
        effects = self.effects_of(key)
        then = ""
        if card.is_unit:
            if discover:
                pass  # the explorer lands with its discovery, after its play effects are queued
            elif card.has_kind("plant"):
                self._plant(player, key, land, effects)
            else:
                found = self.column_of_land(land)
                assert found is not None
                self.place(key, found[1])
        elif any(e["when"] in ("constant", "hold") for e in effects):
            self.active[player].append(key)
            self.age[key] = 1
        else:
            then = "discard"
        idx = [
            i
            for i, e in enumerate(effects)
            if e["when"] == "play"
            and e["kind"] != "plant"
            and not (card.is_explorer and e["kind"] == "discover_land")
            and not (self.round_no == 1 and e["kind"] in INTERACTING)
        ]
        self._push_effects(player, key, "play", idx, targets, then)
        if discover:
            spec = next((e for e in effects if e["kind"] == "discover_land"), {})
            self.push_discovery(
                player,
                player,
                key,
                place=key,
                escort=bool(spec.get("escort")),
                discard_self=bool(spec.get("discard_self")),
                choose=spec.get("source") == "choice",
            )

    def _push_effects(
        self,
        player: int,
        key: str,
        moment: str,
        idx: list[int],
        targets: tuple[str, ...],
        then: str,
    ) -> None:
        if not idx and not then:
            return
        frame = {
            "t": "fx",
            "id": self.new_frame_id(),
            "p": player,
            "card": key,
            "moment": moment,
            "idx": idx,
            "targets": list(targets),
            "cancel": [],
            "reverse": [],
            "cancel_morale": [],
            "then": then,
        }
        self.pending.append(frame)
        if self.round_no > 1 and idx:
            for q in reversed(self.affected_players(player, key, moment, targets)):
                self.pending.append({"t": "window", "p": q, "why": "target", "ref": frame["id"]})

    def _run_effects(self, frame: dict[str, Any]) -> None:
        player, key = frame["p"], frame["card"]
        effects = self.effects_of(key)
        for index in frame["idx"]:
            if self.result is not None:
                return
            self.do(player, key, index, effects[index], tuple(frame["targets"]), frame)
        if frame["then"] == "discard":
            self.to_discard(key)

    def _plant(self, player: int, key: str, land: str, effects: Any) -> None:
        found = self.column_of_land(land)
        assert found is not None
        holder, col = found
        spec = next(e for e in effects if e["kind"] == "plant")
        self.change_morale(
            holder, int(spec["morale"]), f"{self.name(key)} is planted in {self.name(land)}"
        )
        if self.has_room(col, self.card(key)):
            self.place(key, col)
        else:
            self.pending.append(
                {
                    "t": "pick",
                    "p": holder,
                    "purpose": "make room",
                    "options": list(col["cards"]),
                    "place": key,
                    "land": land,
                }
            )

    def _use(self, player: int, action: UseAbility) -> None:
        self.log(
            player, "ability", f"{self.pname(player)} uses the ability of {self.name(action.card)}."
        )
        self._push_effects(player, action.card, "hold", [action.effect], action.targets, "")
