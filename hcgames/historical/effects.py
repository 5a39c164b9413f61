"""Carrying out card abilities: targets, placements, removals and every effect kind.

Each effect kind of :data:`hcgames.historical.cards.EFFECT_KINDS` that works at a
moment (on play, when held, after a battle...) is carried out by :meth:`Effects.do`;
the ones that work all the time are read where the rules need them (battle
strength, room on a land, attack blocks, morale floors).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hcgames.historical.board import Board, Column, Ctx
from hcgames.historical.cards import INTERACTING, Card, matches

__all__ = ["Effects"]

#: kinds that take a target chosen by the player
_TARGETED = {
    "morale_opponents",
    "kill_character",
    "duel",
    "destroy_land",
    "recover",
    "block_attacks",
    "discard_opponent_card",
    "lasting_bonus",
    "move_card",
    "discover_land",
}


def needs_target(effect: Mapping[str, Any]) -> bool:
    """Does the player have to name a target (a player, a card or a land) for it?"""
    kind = effect["kind"]
    if kind not in _TARGETED:
        return False
    if kind == "morale_opponents":
        return bool(effect["target"] == "one")
    if kind == "block_attacks":
        return effect["scope"] in ("own_land", "target")
    if kind == "discover_land":
        return bool(effect["source"] == "opponent")
    return True


def _player_tag(player: int) -> str:
    return f"P{player}"


def _player_of(tag: str) -> int:
    return int(tag[1:])


class Effects(Board):
    """Placement, removal and effect resolution (mixed into the state)."""

    # --- placing and removing ---------------------------------------------------
    def place(self, key: str, col: Column) -> None:
        """Put a unit on a land; lands that welcome newcomers react."""
        col["cards"].append(key)
        self.age[key] = 1
        controller = self.find_column(col["land"])
        player = controller[0] if controller else self.owner(key)
        card = self.card(key)
        for index, effect in enumerate(self.effects_of(col["land"])):
            if (
                effect["when"] == "arrival"
                and matches(card, effect.get("match", {}))
                and self.uses_left(col["land"], index, effect)
            ):
                self.spend_use(col["land"], index, effect)
                self.change_morale(
                    player,
                    int(effect["amount"]),
                    f"{self.name(key)} arrives in {self.name(col['land'])}",
                )

    def remove(self, key: str, *, death: bool, why: str) -> bool:
        """Take a card out of play to its owner's discard pile.

        ``death`` is true when it was lost in battle or killed by an opponent's card
        (not when its own player discards it); cards with a death ability react.
        """
        found = self.find_column(key)
        controller: int | None = None
        if found is not None and key in found[1]["cards"]:
            controller = found[0]
            found[1]["cards"].remove(key)
        else:
            for player in range(self.n):
                if key in self.active[player]:
                    controller = player
                    self.active[player].remove(key)
                    break
        if controller is None:
            return False
        effects = self.effects_of(key)
        verb = "dies" if death else "leaves play"
        self.log(controller, "discard", f"{self.name(key)} {verb} ({why}).", {"card": key})
        self.to_discard(key)
        if death:
            for effect in effects:
                if effect["when"] == "death" and effect["kind"] == "morale":
                    self.change_morale(controller, int(effect["amount"]), f"{self.name(key)} dies")
        return True

    def remove_land(self, player: int, col: Column, why: str) -> None:
        """A land card leaves the battlefield for its owner's discard pile."""
        for key in list(col["cards"]):
            self.remove(key, death=True, why=why)
        self.rows[player].remove(col)
        self.to_discard(col["land"])
        self.log(
            player,
            "land",
            f"{self.name(col['land'])} is gone from {self.pname(player)}'s battlefield ({why}).",
        )
        if not self.rows[player] and not self.out[player]:
            self.knock_out(player, "has no land left")

    # --- shields ----------------------------------------------------------------
    def shielded(self, victim: int, source: str) -> bool:
        """Is ``victim`` out of reach of the card ``source`` (an opponent's)?"""
        category = self.card(source).category
        for timer in self.timers:
            if (
                timer["kind"] == "shield"
                and timer["player"] == victim
                and (timer["what"] == "all" or category == "event")
            ):
                return True
        for key, _col in self.in_play_sources(victim):
            for effect in self.effects_of(key):
                if (
                    effect["kind"] == "event_shield"
                    and effect["when"] == "constant"
                    and (effect.get("what", "event") == "all" or category == "event")
                ):
                    return True
        return False

    # --- targets ----------------------------------------------------------------
    def targeted_effect(self, key: str, moment: str) -> tuple[int, Mapping[str, Any]] | None:
        for index, effect in enumerate(self.effects_of(key)):
            if effect["when"] == moment and needs_target(effect):
                return index, effect
        return None

    def targets(
        self, player: int, key: str, effect: Mapping[str, Any], col: Column | None
    ) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]]
        """Every target the effect can take for ``player`` (``[()]`` = needs none)."""
        kind = effect["kind"]
        opponents = self.opponents(player)
        if kind == "morale_opponents" or (kind == "block_attacks" and effect["scope"] == "target"):
            return [(_player_tag(q),) for q in opponents]
        if kind == "discover_land":
            return [(_player_tag(q),) for q in opponents if self.piles[q]]
        if kind == "kill_character":
            match = effect["match"]
            return [
                (k,)
                for q in opponents
                for k in self._opposing_units(q)
                if matches(self.card(k), match)
            ]
        if kind == "duel":
            mine = [k for _p, k in self.units_in_play(player) if k != key]
            theirs = [k for q in opponents for k in self._opposing_units(q)]
            return [(a, b) for a in mine for b in theirs]
        if kind == "destroy_land":
            return [(c["land"],) for q in opponents for c in self.rows[q]]
        if kind == "recover":
            seen: set[str] = set()
            out = []
            for k in self.discards[player]:
                if k not in seen and matches(self.card(k), effect["match"]) and k != key:
                    seen.add(k)
                    out.append((k,))
            return out
        if kind == "block_attacks":  # own_land
            return [(c["land"],) for c in self.rows[player]]
        if kind == "discard_opponent_card":
            if effect["count"] == "all":
                return [(_player_tag(q),) for q in opponents]
            out = []
            for q in opponents:
                for k in [*self._opposing_units(q), *self.active[q]]:
                    if matches(self.card(k), effect["match"]):
                        out.append((k,))
            return out
        if kind == "lasting_bonus":
            return [
                (k,)
                for _p, k in self.units_in_play(player)
                if k != key and self.card(k).category == "character"
            ]
        if kind == "move_card":
            return self._move_targets(player, key, effect)
        return [()]

    def _opposing_units(self, player: int) -> list[str]:
        return [k for c in self.rows[player] for k in c["cards"]]

    def _move_targets(
        self, player: int, key: str, effect: Mapping[str, Any]
    ) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        if effect["to"] == "this_land":
            found = self.column_of_land(key)
            if found is None:
                return []
            goal = found[1]
            for col in self.rows[player]:
                if col is goal:
                    continue
                for k in col["cards"]:
                    if self.can_stand(goal, self.card(k)):
                        out.append((k, goal["land"]))
            return out
        for col in self.rows[player]:
            for k in col["cards"]:
                for goal in self.rows[player]:
                    if goal is not col and self.can_stand(goal, self.card(k)):
                        out.append((k, goal["land"]))
        return out

    def affected_players(
        self, player: int, key: str, moment: str, targets: tuple[str, ...]
    ) -> list[int]:
        """Opponents an ability would reach (they may answer with interrupts)."""
        hit: set[int] = set()
        for effect in self.effects_of(key):
            aimed = effect["kind"] == "block_attacks" and effect["scope"] == "target"
            if effect["when"] != moment or (effect["kind"] not in INTERACTING and not aimed):
                continue
            kind = effect["kind"]
            if kind == "morale_opponents":
                if effect["target"] == "all":
                    hit.update(self.opponents(player))
                elif effect["target"] == "holders":
                    hit.update(
                        q for q in self.opponents(player) if self.any_in_play(effect["match"], q)
                    )
                elif targets:
                    hit.add(_player_of(targets[0]))
            elif kind == "mass_discard":
                hit.update(
                    q
                    for q in self.opponents(player)
                    if any(matches(self.card(k), effect["match"]) for k in self._opposing_units(q))
                )
            elif kind == "destroy_land" and targets:
                name = self.card(targets[0]).name
                hit.update(
                    q
                    for q in self.opponents(player)
                    if any(self.card(c["land"]).name == name for c in self.rows[q])
                )
            elif targets:
                for target in targets:
                    if "/" not in target:
                        hit.add(_player_of(target))
                    else:
                        owner = self.controller(target)
                        if owner is not None and owner != player:
                            hit.add(owner)
        return sorted(hit - {player})

    # --- doing an effect ----------------------------------------------------------
    def do(
        self,
        player: int,
        key: str,
        index: int,
        effect: Mapping[str, Any],
        targets: tuple[str, ...],
        frame: Mapping[str, Any] | None = None,
    ) -> None:
        """Carry out one effect of ``key`` for ``player`` (play or held moment)."""
        found = self.find_column(key)
        col = found[1] if found else None
        ctx = Ctx(player, key, col)
        self.spend_use(key, index, effect)
        if needs_target(effect) and not targets:
            self.log(player, "ability", f"{self.name(key)}: there is nothing to aim at.")
            return
        if not self.cond(effect.get("if"), ctx):
            self.log(
                player,
                "ability",
                f"{self.name(key)}: its condition does not hold; nothing happens.",
            )
            return
        cancelled = list(frame.get("cancel", [])) if frame else []
        reversed_ = list(frame.get("reverse", [])) if frame else []
        no_morale = list(frame.get("cancel_morale", [])) if frame else []

        def reaches(victim: int, morale: bool = False) -> bool:
            if victim == player:
                return True
            if victim in cancelled or victim in reversed_ or self.shielded(victim, key):
                return False
            return not (morale and victim in no_morale)

        kind = effect["kind"]
        why = self.name(key)
        if kind == "morale":
            amount = int(effect["amount"])
            alt = effect.get("alt")
            if alt and self.cond(alt["if"], ctx):
                amount = int(alt["amount"])
            self.change_morale(player, amount, why)
        elif kind == "morale_opponents":
            if effect["target"] == "one":
                victims = [_player_of(targets[0])] if targets else []
            elif effect["target"] == "all":
                victims = self.opponents(player)
            else:
                victims = [
                    q
                    for q in range(self.n)
                    if not self.out[q] and self.any_in_play(effect["match"], q)
                ]
            for victim in victims:
                if victim in reversed_ and victim not in no_morale:
                    self.change_morale(
                        player, int(effect["amount"]), f"{why}, turned back by {self.pname(victim)}"
                    )
                elif reaches(victim, morale=True):
                    self.change_morale(
                        victim, int(effect["amount"]), f"{why} (played by {self.pname(player)})"
                    )
                else:
                    self.log(victim, "ability", f"{self.pname(victim)} is untouched by {why}.")
        elif kind == "morale_per_card":
            scope = None if effect["scope"] == "all" else player
            exclude = key if effect.get("exclude_self") else ""
            count = self.count_units(effect["match"], scope, exclude)
            amount = int(effect.get("base", 0)) + int(effect["amount"]) * count
            self.change_morale(player, amount, f"{why} ({count} matching card(s))")
        elif kind == "discover_land":
            source = (
                _player_of(targets[0]) if effect["source"] == "opponent" and targets else player
            )
            self.push_discovery(
                player,
                source,
                key,
                place="",
                escort=bool(effect.get("escort")),
                discard_self=bool(effect.get("discard_self")),
                choose=effect["source"] == "choice",
            )
        elif kind == "kill_character":
            holder = self.controller(targets[0]) if targets else None
            if holder is not None and reaches(holder):
                self.remove(targets[0], death=True, why=f"killed by {why}")
            elif holder is not None:
                self.log(holder, "ability", f"{self.pname(holder)} is untouched by {why}.")
            if effect.get("discard_self"):
                self.remove(key, death=False, why="its work is done")
        elif kind == "duel":
            mine, theirs = targets
            rival = self.controller(theirs)
            if rival is not None and reaches(rival):
                a, b = self.card(mine).attack, self.card(theirs).attack
                self.log(
                    player,
                    "duel",
                    f"Duel: {self.name(mine)} ({a}) against {self.name(theirs)} ({b}).",
                )
                if a > b:
                    self.remove(theirs, death=True, why="lost a duel")
                elif b > a:
                    self.remove(mine, death=True, why="lost a duel")
                else:
                    self.log(player, "duel", "The duel is a draw; both stay.")
        elif kind == "destroy_land":
            self.destroy_land(player, targets[0], effect, reaches)
        elif kind == "recover":
            if targets and targets[0] in self.discards[player]:
                self.discards[player].remove(targets[0])
                self.hands[player].append(targets[0])
                self.log(
                    player,
                    "recover",
                    f"{self.name(targets[0])} comes back to {self.pname(player)}'s hand.",
                )
        elif kind == "block_attacks":
            self.timers.append(
                {
                    "kind": "block",
                    "owner": player,
                    "source": key,
                    "blocks": effect["blocks"],
                    "scope": effect["scope"],
                    "player": _player_of(targets[0]) if effect["scope"] == "target" else player,
                    "land": targets[0] if effect["scope"] == "own_land" else "",
                    "continent": effect.get("continent", ""),
                    "turns_left": int(effect["turns"]),
                    "if": dict(effect.get("if", {})),
                }
            )
            if effect["scope"] == "target" and not reaches(_player_of(targets[0])):
                self.timers.pop()
            else:
                self.log(player, "block", f"{why}: attacks are blocked for a while.")
                self.call_off_attack()
        elif kind == "event_shield":
            self.timers.append(
                {
                    "kind": "shield",
                    "owner": player,
                    "player": player,
                    "what": effect.get("what", "event"),
                    "turns_left": int(effect["turns"]),
                    "source": key,
                }
            )
            self.log(
                player, "shield", f"{why}: {self.pname(player)} is shielded from opponents' cards."
            )
        elif kind == "cancel_effect":
            self.answer_with_cancel(player, effect)
        elif kind == "discard_opponent_card":
            if effect["count"] == "all":
                victim = _player_of(targets[0])
                if reaches(victim):
                    for k in [
                        k for k in self.active[victim] if matches(self.card(k), effect["match"])
                    ]:
                        self.remove(k, death=False, why=f"thrown out by {why}")
            elif targets:
                holder = self.controller(targets[0])
                if holder is not None and reaches(holder):
                    self.remove(
                        targets[0], death=self.card(targets[0]).is_unit, why=f"struck by {why}"
                    )
                elif holder is not None:
                    self.log(holder, "ability", f"{self.pname(holder)} is untouched by {why}.")
        elif kind == "mass_discard":
            for q in range(self.n):
                if q != player and not reaches(q):
                    continue
                for k in [
                    k for k in self._opposing_units(q) if matches(self.card(k), effect["match"])
                ]:
                    self.remove(k, death=True, why=f"swept away by {why}")
        elif kind == "lasting_bonus":
            given = targets[0]
            self.remove(given, death=False, why=f"given up for {why}")
            self.change_morale(player, int(effect["morale"]), why)
            if effect["scope"] == "civ":
                self.lasting[player] += int(effect["strength"])
            else:
                land = col["land"] if col is not None else key
                self.land_bonus[land] = self.land_bonus.get(land, 0) + int(effect["strength"])
            self.log(
                player,
                "bonus",
                f"{why}: {int(effect['strength']):+d} lasting strength for {self.pname(player)}.",
            )
        elif kind == "move_card":
            card_key, land_key = targets
            self.relocate(card_key, land_key, f"moved by {why}")

    def relocate(self, key: str, land_key: str, why: str) -> None:
        found = self.find_column(key)
        goal = self.column_of_land(land_key)
        if found is None or goal is None or not self.can_stand(goal[1], self.card(key)):
            return
        found[1]["cards"].remove(key)
        goal[1]["cards"].append(key)
        self.log(goal[0], "move", f"{self.name(key)} goes to {self.name(land_key)} ({why}).")

    def destroy_land(
        self, player: int, land_key: str, effect: Mapping[str, Any], reaches: Any
    ) -> None:
        """Every copy of the named land is hit: a divided land hurts all its holders."""
        name = self.card(land_key).name
        hits = [(q, c) for q, c in self.all_columns() if self.card(c["land"]).name == name]
        for q, col in hits:
            if q != player and not reaches(q):
                continue
            self.log(
                q,
                "destroy",
                f"{self.name(land_key)} strikes {self.name(col['land'])} of {self.pname(q)}.",
            )
            if effect.get("flee") and col["cards"]:
                refuges = [
                    c
                    for c in self.rows[q]
                    if c is not col
                    and self.card(c["land"]).continent == self.card(col["land"]).continent
                ]
                options = [
                    k for k in col["cards"] if any(self.can_stand(c, self.card(k)) for c in refuges)
                ]
                for k in options[:1]:
                    goal = next(c for c in refuges if self.can_stand(c, self.card(k)))
                    self.relocate(k, goal["land"], "fled the disaster")
            for k in list(col["cards"]):
                self.remove(k, death=True, why=f"destroyed by {self.name(land_key)}")
            if effect["discard_land"]:
                self.remove_land(q, col, f"destroyed by {self.name(land_key)}")
            else:
                col["locked"] = max(col["locked"], int(effect["lock_turns"]))

    # --- hooks the rules provide ----------------------------------------------------
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
        raise NotImplementedError

    def answer_with_cancel(self, player: int, effect: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def call_off_attack(self) -> None:
        raise NotImplementedError

    def standing_land(self, card: Card, player: int) -> list[Column]:
        return [c for c in self.rows[player] if self.can_stand(c, card)]
