"""What a player may do: plays, interrupts, held abilities, attacks and moves.

Every list is built in a fixed order (hand order, then land order) so that legal
actions come out the same way each time a position is reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hcgames.core import Action
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    EndPhase,
    ExplorerMove,
    Interrupt,
    Move,
    PlayCard,
    Retire,
    UseAbility,
)
from hcgames.historical.board import Column, Ctx
from hcgames.historical.cards import INTERACTING, Card, matches
from hcgames.historical.effects import Effects
from hcgames.historical.material import (
    ATTACK_MORALE,
    ATTACKS_PER_TURN,
    FIRST_ATTACK_ROUND,
    PLAYS_PER_TURN,
)
from hcgames.historical.world import can_travel

__all__ = ["TURN_CAP", "Options"]

#: our safeguard: after this many steps in one turn only finishing moves remain
from hcgames.historical.material import TURN_CAP


class Options(Effects):
    """Legal action lists for the player whose decision it is."""

    # --- shared checks ------------------------------------------------------------
    def interacts(self, key: str, moment: str) -> bool:
        """Does the ability reach into another civilisation (barred in round one)?"""
        for effect in self.effects_of(key):
            if effect["when"] != moment:
                continue
            kind = effect["kind"]
            if kind in INTERACTING:
                return True
            if kind == "block_attacks" and effect["scope"] == "target":
                return True
            if kind == "discover_land" and effect["source"] == "opponent":
                return True
        return False

    def spies_forbidden(self, player: int, card: Card) -> bool:
        if "spy" not in card.subtype:
            return False
        return any(
            e["kind"] == "forbid_spies"
            for q in self.opponents(player)
            for key, _col in self.in_play_sources(q)
            for e in self.effects_of(key)
        )

    def planted(self, key: str, player: int) -> bool:
        """A card an opponent planted in ``player``'s land (Rasputin)."""
        return self.owner(key) != player and self.game.key_cards[key].plants

    def _target_lists(self, player: int, key: str, moment: str) -> list[tuple[str, ...]]:
        found = self.targeted_effect(key, moment)
        if found is None:
            return [()]
        _index, effect = found
        return self.targets(player, key, effect, None)

    # --- plays from the hand --------------------------------------------------------
    def play_options(self, player: int) -> list[Action]:
        out: list[Action] = []
        first_round = self.round_no == 1
        for key in self.hands[player]:
            card = self.card(key)
            if card.interrupt or self.spies_forbidden(player, card):
                continue
            # round one: no card may touch an opponent; an explorer still comes into play
            # (and may discover a land) with its reaching ability left unused
            quiet = first_round and self.interacts(key, "play")
            if quiet and not card.is_explorer:
                continue
            options = range(len(card.variants)) if len(card.variants) > 1 else (-1,)
            targets = [()] if quiet else self._target_lists(player, key, "play")
            if not targets:
                if not card.is_unit:
                    continue
                targets = [()]  # a character stands even when its ability finds no target
            if card.is_unit:
                if card.has_kind("plant"):
                    lands = [
                        c
                        for q in self.opponents(player)
                        for c in self.rows[q]
                        if c["locked"] == 0 and self.placement_allowed(c, card)
                    ]
                else:
                    lands = self.standing_land(card, player)
                    if card.is_explorer and self.piles[player]:
                        for option in options:
                            out.append(PlayCard(key, "", (), option, True))
                for col in lands:
                    for target in targets:
                        for option in options:
                            out.append(PlayCard(key, col["land"], target, option))
            else:
                for target in targets:
                    for option in options:
                        out.append(PlayCard(key, "", target, option))
        return out

    def interrupt_options(self, player: int, window: Mapping[str, Any] | None) -> list[Action]:
        """Interrupt cards ``player`` can play now (in ``window``, or in their own turn)."""
        out: list[Action] = []
        if self.round_no == 1 and window is not None:
            return out
        fx = self._window_frame(window)
        for key in self.hands[player]:
            card = self.card(key)
            if not card.interrupt or self.spies_forbidden(player, card):
                continue
            if self.round_no == 1 and self.interacts(key, "play"):
                continue
            if not self._interrupt_fits(player, key, window, fx):
                continue
            targets = self._target_lists(player, key, "play")
            if card.is_unit:
                for col in self.standing_land(card, player):
                    for target in targets:
                        out.append(Interrupt(key, col["land"], target))
            else:
                for target in targets:
                    out.append(Interrupt(key, "", target))
        return out

    def _window_frame(self, window: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if window is None or window.get("why") != "target":
            return None
        for frame in self.pending:
            if frame.get("id") == window.get("ref"):
                return frame
        return None

    def _interrupt_fits(
        self, player: int, key: str, window: Mapping[str, Any] | None, fx: Mapping[str, Any] | None
    ) -> bool:
        for effect in self.effects_of(key):
            if effect["when"] != "play":
                continue
            kind = effect["kind"]
            if kind == "cancel_effect":
                if fx is None:
                    return False
                source = self.card(fx["card"])
                if effect["what"] == "event" and source.category != "event":
                    return False
                if effect["what"] == "morale_loss" and not any(
                    self.effects_of(fx["card"])[i]["kind"] in ("morale_opponents", "plant")
                    for i in fx["idx"]
                ):
                    return False
            if kind == "block_attacks" and "attacker_has" in effect.get("if", {}):
                battle = self.battle
                if window is None or window.get("why") != "attack" or battle is None:
                    return False
                if battle["def"] != player:
                    return False
                found = self.column_of_land(battle["from"])
                if found is None or not self.cond(
                    effect["if"], Ctx(player, key, None, battle, "defence", attack_col=found[1])
                ):
                    return False
        return True

    # --- held abilities ---------------------------------------------------------------
    def ability_options(self, player: int) -> list[Action]:
        out: list[Action] = []
        cards = self.game.key_cards
        for key, col in self.in_play_sources(player):
            if not cards[key].held:
                continue
            for index, effect in enumerate(self.effects_of(key)):
                if effect["when"] != "hold" or not self.uses_left(key, index, effect):
                    continue
                if self.round_no == 1 and effect["kind"] in INTERACTING:
                    continue
                if not self.cond(effect.get("if"), Ctx(player, key, col)):
                    continue
                if effect["kind"] == "discover_land" and not self.piles[player]:
                    continue
                if effect["kind"] in (
                    "morale_opponents",
                    "kill_character",
                    "duel",
                    "lasting_bonus",
                    "move_card",
                    "recover",
                ):
                    targets = self.targets(player, key, effect, col)
                else:
                    targets = [()]
                for target in targets:
                    out.append(UseAbility(key, index, target))
        return out

    # --- discards ---------------------------------------------------------------------
    def discard_options(self, player: int) -> list[Action]:
        out: list[Action] = [Discard(k) for k in self.hands[player]]
        for col in self.rows[player]:
            for key in col["cards"]:
                if not self.planted(key, player):
                    out.append(Retire(key))
        return out

    # --- attacks ----------------------------------------------------------------------
    def may_attack(self, player: int) -> bool:
        return (
            self.round_no >= FIRST_ATTACK_ROUND
            and self.morale[player] >= ATTACK_MORALE
            and self.attacks < ATTACKS_PER_TURN
        )

    def attack_options(self, player: int) -> list[Action]:
        if not self.may_attack(player):
            return []
        out: list[Action] = []
        for col in self.rows[player]:
            if col["locked"] or not col["cards"] or self.attack_blocked_from(player, col):
                continue
            for q in self.opponents(player):
                for target in self.rows[q]:
                    if target["locked"] or not target["cards"]:
                        continue
                    if self.can_reach(col, target) and not self.attack_blocked_on(
                        player, col, q, target
                    ):
                        out.append(Attack(col["land"], target["land"]))
        return out

    def can_reach(self, col: Column, target: Column) -> bool:
        """Same continent, or an explorer on the attacking land can travel there."""
        start, goal = self.card(col["land"]), self.card(target["land"])
        if start.continent == goal.continent:
            return True
        return any(
            self.card(k).is_explorer and can_travel(self.card(k).travel, start, goal)
            for k in col["cards"]
        )

    def attack_blocked_from(self, player: int, col: Column) -> bool:
        for timer in self.timers:
            if (
                timer["kind"] == "block"
                and timer["blocks"] in ("attacks_by", "both")
                and timer["scope"] == "target"
                and timer["player"] == player
            ):
                return True
        for key in [col["land"], *col["cards"]]:
            for effect in self.effects_of(key):
                if (
                    effect["kind"] == "block_attacks"
                    and effect["when"] == "constant"
                    and effect["blocks"] in ("attacks_by", "both")
                    and effect["scope"] == "land"
                    and self.cond(effect.get("if"), Ctx(player, key, col))
                ):
                    return True
        return False

    def attack_blocked_on(self, player: int, col: Column, defender: int, target: Column) -> bool:
        land = self.card(target["land"])
        for timer in self.timers:
            if timer["kind"] != "block" or timer["blocks"] not in ("attacks_on", "both"):
                continue
            scope = timer["scope"]
            hit = (
                (scope == "own_land" and timer["land"] == target["land"])
                or (scope == "player" and timer["player"] == defender)
                or (scope == "continent" and land.continent == timer["continent"])
            )
            if hit and self.cond(
                timer.get("if"), Ctx(defender, timer["source"], target, attack_col=col)
            ):
                return True
        for key in [target["land"], *target["cards"]]:
            for effect in self.effects_of(key):
                kind = effect["kind"]
                if kind == "guarded":
                    needs = effect["needs"]
                    has = any(matches(self.card(k), needs) for k in col["cards"]) or any(
                        matches(self.card(k), needs) for k in self.active[player]
                    )
                    if not has:
                        return True
                if (
                    kind == "block_attacks"
                    and effect["when"] == "constant"
                    and effect["blocks"]
                    in (
                        "attacks_on",
                        "both",
                    )
                    and effect["scope"] == "land"
                ):
                    return True
        for key, where in self.in_play_sources(defender):
            for effect in self.effects_of(key):
                if (
                    effect["kind"] == "block_attacks"
                    and effect["when"] == "constant"
                    and effect["scope"] == "player"
                    and effect["blocks"] == "attacks_on"
                    and self.cond(effect.get("if"), Ctx(defender, key, where, attack_col=col))
                ):
                    return True
        return False

    # --- moves ------------------------------------------------------------------------
    def move_options(self, player: int) -> list[Action]:
        out: list[Action] = []
        cols = self.rows[player]
        if not self.moved:
            for col in cols:
                for key in col["cards"]:
                    if self.planted(key, player) or key in self.travelled:
                        continue
                    card = self.card(key)
                    for goal in cols:
                        if goal is col or goal["locked"]:
                            continue
                        same = self.card(goal["land"]).continent == self.card(col["land"]).continent
                        if same and self.can_stand(goal, card):
                            out.append(Move(key, goal["land"]))
        for col in cols:
            for key in col["cards"]:
                card = self.card(key)
                if not card.is_explorer or key in self.travelled or self.planted(key, player):
                    continue
                start = self.card(col["land"])
                for goal in cols:
                    if goal is col or not self.can_stand(goal, card):
                        continue
                    if not can_travel(card.travel, start, self.card(goal["land"])):
                        continue
                    out.append(ExplorerMove(key, goal["land"], ""))
                    for other in col["cards"]:
                        if (
                            other != key
                            and other not in self.travelled
                            and not self.planted(other, player)
                            and self._fits_two(goal, card, self.card(other))
                        ):
                            out.append(ExplorerMove(key, goal["land"], other))
        if self.round_no >= 2:
            out.extend(self.confiscate_options(player))
        return out

    def _fits_two(self, col: Column, first: Card, second: Card) -> bool:
        if len(col["cards"]) + 2 > self.capacity(col) or not self.placement_allowed(col, second):
            return False
        armies = sum(1 for k in col["cards"] if self.card(k).category == "army")
        armies += (first.category == "army") + (second.category == "army")
        return armies <= 1

    def confiscate_options(self, player: int) -> list[Action]:
        out: list[Action] = []
        empty = [
            c
            for q in self.opponents(player)
            for c in self.rows[q]
            if not c["cards"] and not c["locked"]
        ]
        if not empty:
            return out
        for col in self.rows[player]:
            if len(col["cards"]) < 2:
                continue
            start = self.card(col["land"])
            movable = [
                k for k in col["cards"] if not self.planted(k, player) and k not in self.travelled
            ]
            for key in movable:
                card = self.card(key)
                for target in empty:
                    goal = self.card(target["land"])
                    near = goal.continent == start.continent or (
                        card.is_explorer and can_travel(card.travel, start, goal)
                    )
                    if near and self.placement_allowed(target, card):
                        out.append(Confiscate(key, target["land"]))
            if len(col["cards"]) < 3:
                continue  # an explorer and the card it carries leave at least one behind
            for explorer in movable:
                card = self.card(explorer)
                if not card.is_explorer:
                    continue
                for target in empty:
                    goal = self.card(target["land"])
                    if goal.continent != start.continent and not can_travel(
                        card.travel, start, goal
                    ):
                        continue
                    if not self.placement_allowed(target, card):
                        continue
                    for other in movable:
                        if other != explorer and self._fits_two(target, card, self.card(other)):
                            out.append(Confiscate(other, target["land"], explorer))
        return out

    def phase_actions(self, player: int, phase: str) -> list[Action]:
        """The active player's choices in one of their own phases."""
        if self.steps >= TURN_CAP:
            return [EndPhase()]
        out: list[Action] = []
        if phase == "play":
            if self.plays < PLAYS_PER_TURN:
                out.extend(self.play_options(player))
                out.extend(self.discard_options(player))
            out.extend(self.ability_options(player))
            out.extend(self.interrupt_options(player, None))
        else:
            if phase == "attack":
                out.extend(self.attack_options(player))
            elif phase == "move":
                out.extend(self.move_options(player))
            # held abilities and interrupts: at any time in the player's own turn
            out.extend(self.ability_options(player))
            out.extend(self.interrupt_options(player, None))
        out.append(EndPhase())
        return out
