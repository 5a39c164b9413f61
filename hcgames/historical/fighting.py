"""Attacks from declaration to occupation, undefended lands, and cancelling answers.

An attack runs as frames on the stack: the attacker's declaration triggers (a
leader killed before the battle, Peter Salem's toll), the defender's and then the
attacker's interrupt window, the battle itself, the beaten defender's choice of a
casualty, the winner's after-battle abilities, and the chance to occupy a land left
empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hcgames.historical.actions import Attack, Confiscate
from hcgames.historical.battle import assess
from hcgames.historical.board import Column, Ctx
from hcgames.historical.cards import matches
from hcgames.historical.material import BATTLE_MORALE_LOSS
from hcgames.historical.options import Options

__all__ = ["Fighting"]


class Fighting(Options):
    """Battles and land captures (mixed into the state)."""

    # --- declaring ---------------------------------------------------------------------
    def _declare(self, player: int, action: Attack) -> None:
        found_a = self.column_of_land(action.land)
        found_d = self.column_of_land(action.target)
        assert found_a is not None and found_d is not None
        defender, d_col = found_d
        a_col = found_a[1]
        self.battle = {
            "att": player,
            "def": defender,
            "from": action.land,
            "to": action.target,
            "index": self.attacks,
            "first_defence": action.target not in self.defended,
            "cancelled": False,
        }
        self.attacks += 1
        self.defended.append(action.target)
        self.log(
            player,
            "attack",
            f"{self.pname(player)} attacks {self.name(action.target)} "
            f"({self.pname(defender)}) from {self.name(action.land)}.",
            {"from": action.land, "to": action.target},
        )
        self.pending.append({"t": "battle"})
        self.pending.append({"t": "window", "p": player, "why": "attack"})
        self.pending.append({"t": "window", "p": defender, "why": "attack"})
        for key in d_col["cards"]:
            for effect in self.effects_of(key):
                if effect["kind"] == "toll" and a_col["cards"]:
                    self.pending.append(
                        {
                            "t": "pick",
                            "p": player,
                            "purpose": "toll",
                            "options": list(a_col["cards"]),
                            "source": key,
                        }
                    )
        for key in a_col["cards"]:
            for index, effect in enumerate(self.effects_of(key)):
                if effect["when"] != "attack" or effect["kind"] != "kill_character":
                    continue
                if not self.uses_left(key, index, effect):
                    continue
                if not self.cond(effect.get("if"), Ctx(player, key, a_col, self.battle, "attack")):
                    continue
                options = [k for k in d_col["cards"] if matches(self.card(k), effect["match"])]
                if options:
                    self.spend_use(key, index, effect)
                    self.pending.append(
                        {
                            "t": "pick",
                            "p": player,
                            "purpose": "kill",
                            "options": options,
                            "source": key,
                        }
                    )

    def call_off_attack(self) -> None:
        """A block played during an attack window stops that attack if it covers it."""
        battle = self.battle
        if battle is None or battle["cancelled"]:
            return
        found_a = self.column_of_land(battle["from"])
        found_d = self.column_of_land(battle["to"])
        if found_a is None or found_d is None:
            return
        if self.attack_blocked_on(battle["att"], found_a[1], battle["def"], found_d[1]) or (
            self.attack_blocked_from(battle["att"], found_a[1])
        ):
            battle["cancelled"] = True
            self.log(battle["def"], "block", "The attack is called off.")

    def answer_with_cancel(self, player: int, effect: Mapping[str, Any]) -> None:
        """An interrupt that cancels or turns back the card ``player`` is answering."""
        for frame in reversed(self.pending):
            if (
                frame.get("t") == "window"
                and frame.get("p") == player
                and frame.get("why") == "target"
            ):
                for fx in self.pending:
                    if fx.get("id") == frame["ref"]:
                        outcome = "turned back" if effect["mode"] == "reverse" else "cancelled"
                        if effect["what"] == "morale_loss":
                            fx["cancel_morale"].append(player)
                        elif effect["mode"] == "reverse":
                            fx["reverse"].append(player)
                        else:
                            fx["cancel"].append(player)
                        self.log(
                            player,
                            "cancel",
                            f"{self.pname(player)} answers {self.name(fx['card'])}: its effect "
                            f"on them is {outcome}.",
                        )
                        return

    # --- the battle ------------------------------------------------------------------------
    def _run_battle(self) -> None:
        battle = self.battle
        if battle is None:
            return
        found_a = self.column_of_land(battle["from"])
        found_d = self.column_of_land(battle["to"])
        if battle["cancelled"] or found_a is None or found_d is None or found_a[0] != battle["att"]:
            self.battle = None
            return
        a_col, d_col = found_a[1], found_d[1]
        attacker, defender = battle["att"], battle["def"]
        if not a_col["cards"] or not d_col["cards"]:
            self.log(attacker, "battle", "Nobody is left to fight; the battle does not happen.")
            self.pending.append({"t": "occupy"})
            return
        for side, col, role in ((attacker, a_col, "attack"), (defender, d_col, "defence")):
            for key in list(col["cards"]):
                for index, effect in enumerate(self.effects_of(key)):
                    if (
                        effect["when"] == "battle"
                        and self.uses_left(key, index, effect)
                        and self.cond(effect.get("if"), Ctx(side, key, col, battle, role))
                    ):
                        self.spend_use(key, index, effect)
                        self.change_morale(
                            side, int(effect["amount"]), f"{self.name(key)} in battle"
                        )
        result = assess(self, battle)
        for entry in result.spent:
            self.spend_use(entry.key, entry.index, entry.effect)
        how = f" ({self.name(result.auto)} wins it outright)" if result.auto else ""
        verdict = {
            "attack": "the attacker wins",
            "defence": "the defender holds",
            "draw": "a draw",
        }[result.winner]
        self.log(
            attacker,
            "battle",
            f"Battle for {self.name(battle['to'])}: attack {result.attack} against defence "
            f"{result.defence}: {verdict}{how}.",
            {
                "attack": result.attack,
                "defence": result.defence,
                "winner": result.winner,
                "auto": result.auto,
                "lines": list(result.lines),
            },
        )
        if result.winner == "attack":
            self.change_morale(defender, -BATTLE_MORALE_LOSS, "battle lost")
            self.pending.append({"t": "occupy"})
            self.pending.append({"t": "after_win"})
            pool = [k for k in d_col["cards"] if not self.planted(k, defender)] or list(
                d_col["cards"]
            )
            self.pending.append(
                {"t": "pick", "p": defender, "purpose": "casualty", "options": pool}
            )
        elif result.winner == "defence":
            self.change_morale(attacker, -BATTLE_MORALE_LOSS, "battle lost")
            self._winners_react(defender, d_col, "defence")
            self.battle = None
        else:
            self.battle = None

    def _winners_react(self, player: int, col: Column, role: str) -> None:
        battle = self.battle
        for key in list(col["cards"]):
            for index, effect in enumerate(self.effects_of(key)):
                moment = effect["when"]
                if moment not in ("win", "defend_win") or effect["kind"] != "morale":
                    continue
                if moment == "defend_win" and role != "defence":
                    continue
                if self.uses_left(key, index, effect) and self.cond(
                    effect.get("if"), Ctx(player, key, col, battle, role)
                ):
                    self.spend_use(key, index, effect)
                    self.change_morale(
                        player, int(effect["amount"]), f"{self.name(key)} after the battle"
                    )

    def _after_win(self, frame: Mapping[str, Any]) -> None:
        battle = self.battle
        if battle is None:
            return
        player, defender = battle["att"], battle["def"]
        found_a = self.column_of_land(battle["from"])
        found_d = self.column_of_land(battle["to"])
        if found_a is None:
            return
        a_col = found_a[1]
        self._winners_react(player, a_col, "attack")
        for key in list(a_col["cards"]):
            for index, effect in enumerate(self.effects_of(key)):
                if effect["when"] != "win" or not self.uses_left(key, index, effect):
                    continue
                kind = effect["kind"]
                if kind == "defect_on_win" and found_d is not None:
                    options = [
                        k for k in found_d[1]["cards"] if self.card(k).category == "character"
                    ]
                    if options:
                        self.spend_use(key, index, effect)
                        self.pending.append(
                            {"t": "pick", "p": player, "purpose": "defect", "options": options}
                        )
                elif kind == "take_from_hand":
                    guarded = any(
                        e["kind"] == "protect_hand"
                        for k, _c in self.in_play_sources(defender)
                        for e in self.effects_of(k)
                    )
                    if self.hands[defender] and not guarded:
                        self.spend_use(key, index, effect)
                        self.pending.append(
                            {
                                "t": "pick",
                                "p": player,
                                "purpose": "take",
                                "options": list(self.hands[defender]),
                                "from": defender,
                            }
                        )
                elif kind == "recover":
                    options = sorted(set(self.discards[player]))
                    if options:
                        self.pending.append(
                            {
                                "t": "pick",
                                "p": player,
                                "purpose": "recover",
                                "options": ["", *options],
                            }
                        )

    def _defect(self, player: int, choice: str) -> None:
        battle = self.battle
        if battle is None:
            return
        found_a = self.column_of_land(battle["from"])
        if found_a is None:
            return
        a_col = found_a[1]
        self.log(
            player, "defect", f"{self.name(choice)} changes sides and joins {self.pname(player)}."
        )
        if self.can_stand(a_col, self.card(choice)):
            self.relocate(choice, battle["from"], "defects")
        else:
            self.pending.append(
                {
                    "t": "pick",
                    "p": player,
                    "purpose": "make room",
                    "options": list(a_col["cards"]),
                    "place": choice,
                    "land": battle["from"],
                    "defector": True,
                }
            )

    # --- taking lands ------------------------------------------------------------------------
    def _occupy_check(self) -> None:
        battle = self.battle
        self.battle = None
        if battle is None:
            return
        found_d = self.column_of_land(battle["to"])
        if found_d is None or found_d[1]["cards"]:
            return
        player = battle["att"]
        defender, d_col = found_d
        if self._divided(player, defender, d_col):
            return
        options = self._spare_cards(player, d_col, battle["from"])
        if options:
            self.pending.append(
                {
                    "t": "pick",
                    "p": player,
                    "purpose": "occupy",
                    "options": ["", *options],
                    "land": battle["to"],
                }
            )

    def _spare_cards(self, player: int, target: Column, attack_land: str) -> list[str]:
        goal = self.card(target["land"])
        out = []
        for col in self.rows[player]:
            if len(col["cards"]) < 2:
                continue
            same = self.card(col["land"]).continent == goal.continent
            if col["land"] != attack_land and not same:
                continue
            for key in col["cards"]:
                if key in self.travelled or self.planted(key, player):
                    continue
                if self.placement_allowed(target, self.card(key)):
                    out.append(key)
        return out

    def _divided(self, player: int, holder: int, col: Column) -> bool:
        """A duplicate land emptied by its rival holder goes to its owner's discard pile."""
        name = self.card(col["land"]).name
        if not any(self.card(c["land"]).name == name for c in self.rows[player]):
            return False
        self.rows[holder].remove(col)
        self.to_discard(col["land"])
        self.log(
            holder,
            "land",
            f"The divided land {name} is whole again: {self.pname(holder)}'s copy goes to "
            "its owner's discard pile.",
        )
        self._after_land_loss(player, holder)
        return True

    def _after_land_loss(self, taker: int, loser: int) -> None:
        if not self.rows[loser] and self.result is None:
            self.finish((taker,), f"{self.pname(taker)} took every land of {self.pname(loser)}")

    def _occupy(self, player: int, choice: str, land: str) -> None:
        found = self.column_of_land(land)
        if not choice or found is None or found[1]["cards"]:
            self.log(player, "occupy", f"{self.pname(player)} leaves the empty land alone.")
            return
        self.note_journey(choice)
        self._capture(player, found[0], found[1], choice)

    def _capture(self, player: int, holder: int, col: Column, key: str) -> None:
        found = self.find_column(key)
        if found is not None:
            found[1]["cards"].remove(key)
        self.rows[holder].remove(col)
        self.rows[player].append(col)
        col["cards"].append(key)
        self.log(
            player,
            "capture",
            f"{self.pname(player)} takes {self.name(col['land'])} from "
            f"{self.pname(holder)} with {self.name(key)}.",
            {"land": col["land"]},
        )
        self._after_land_loss(player, holder)

    def note_journey(self, key: str) -> None:
        """An explorer that changes land has made its one move of the turn."""
        if key and self.card(key).is_explorer and key not in self.travelled:
            self.travelled.append(key)

    def _confiscate(self, player: int, action: Confiscate) -> None:
        found = self.column_of_land(action.land)
        assert found is not None
        holder, col = found
        self.note_journey(action.card)
        self.note_journey(action.explorer)
        if self._divided(player, holder, col):
            return
        if action.explorer:
            self._capture(player, holder, col, action.explorer)
            self.relocate(action.card, action.land, f"carried by {self.name(action.explorer)}")
        else:
            self._capture(player, holder, col, action.card)
