"""What a Conquest of Speros position looks like: snapshots, hidden information,
card rows for the widgets, scores, a sentence describing the table, and a heuristic.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hcgames.core import Action
from hcgames.speros.actions import (
    Attack,
    ChooseBonus,
    Discard,
    Explore,
    FirstPlacement,
    Lead,
    LimitDiscard,
    UseAbility,
)
from hcgames.speros.cards import Card
from hcgames.speros.scoring import total_scores

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

HIDDEN = "hidden"


class SperosViews:
    """Mixed into :class:`~hcgames.speros.state.SperosState`."""

    # --- plain data ------------------------------------------------------------------
    def snapshot(self: SperosState) -> dict[str, Any]:  # type: ignore[misc]
        return {
            "phase": self._phase,
            "round": self._round,
            "turn_player": self.turn_player,
            "first_player": self.first_player,
            "chooser": self.chooser,
            "turns": self.turns,
            "seq": self.seq,
            "colour": list(self.colour),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "bonus": [list(b) for b in self.bonus],
            "chosen_bonus": list(self.chosen_bonus),
            "mastery": list(self.mastery),
            "setup_pick": list(self.setup_pick),
            "skirmish": list(self.skirmish),
            "units": {c: [[o, k] for o, k in u] for c, u in sorted(self.units.items())},
            "last_placed": {c: list(v) for c, v in sorted(self.last_placed.items())},
            "captured": [list(a) for a in self.captured],
            "base_minions": list(self.base_minions),
            "general_home": list(self.general_home),
            "lost_minions": list(self.lost_minions),
            "general_lost": list(self.general_lost),
            "general_used": list(self.general_used),
            "stack": [dict(f) for f in self.stack],
            "used_this_turn": list(self.used_this_turn),
            "excavated": [list(e) for e in self.excavated],
            "captured_this_turn": list(self.captured_this_turn),
            "discarded": self.discarded,
            "action_taken": self.action_taken,
            "deck_emptied": self.deck_emptied,
            "final_turns_left": self.final_turns_left,
            "end_reason": self.end_reason,
        }

    def observation(self: SperosState, player: int) -> dict[str, Any]:  # type: ignore[misc]
        """The snapshot with everything ``player`` cannot see replaced by counts."""
        obs = self.snapshot()
        obs["deck"] = len(self.deck)
        obs["hands"] = [list(h) if q == player else len(h) for q, h in enumerate(self.hands)]
        obs["bonus"] = [list(b) if q == player else len(b) for q, b in enumerate(self.bonus)]
        obs["setup_pick"] = [
            c if q == player or c is None else HIDDEN for q, c in enumerate(self.setup_pick)
        ]
        obs["viewer"] = player
        return obs

    def determinize(self: SperosState, player: int, rng: Any) -> SperosState:  # type: ignore[misc]
        """A copy where rivals' hands, secret picks, the deck order and rivals'
        unrevealed bonus objectives are dealt again at random."""
        guess = self.copy()
        n = self.game.num_players
        others = [q for q in range(n) if q != player]
        pool = list(self.deck)
        for q in others:
            pool += self.hands[q]
            if self.setup_pick[q] is not None:
                pool.append(self.setup_pick[q])  # type: ignore[arg-type]
        rng.shuffle(pool)
        for q in others:
            size = len(self.hands[q])
            guess.hands[q] = sorted(pool[:size])
            pool = pool[size:]
            if self.setup_pick[q] is not None:
                guess.setup_pick[q] = pool.pop()
        guess.deck = sorted(pool)
        dealt = {o for b in self.bonus for o in b}
        spare = [o.id for o in self.game.card_set.bonus if o.id not in dealt]
        for q in others:
            spare += [o for o in self.bonus[q] if o != self.chosen_bonus[q]]
        rng.shuffle(spare)
        for q in others:
            keep = [o for o in self.bonus[q] if o == self.chosen_bonus[q]]
            need = len(self.bonus[q]) - len(keep)
            guess.bonus[q] = sorted(keep + spare[:need])
            spare = spare[need:]
        if self._phase in ("choose people", "first placement"):
            # the deals still to come (hands, Artifacts, starting player) are unknown
            guess.seed = rng.getrandbits(63)
        guess._legal_cache = None
        return guess

    def copy(self: SperosState) -> SperosState:  # type: ignore[misc]
        """A fast independent copy (everything but the immutable game)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.events = list(self.events)
        new._legal_cache = None
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.bonus = [list(b) for b in self.bonus]
        new.mastery = list(self.mastery)
        new.colour = list(self.colour)
        new.skirmish = list(self.skirmish)
        new.units = {c: list(u) for c, u in self.units.items()}
        new.last_placed = {c: list(v) for c, v in self.last_placed.items()}
        new.owner = dict(self.owner)
        new.captured = [list(a) for a in self.captured]
        new.base_minions = list(self.base_minions)
        new.general_home = list(self.general_home)
        new.lost_minions = list(self.lost_minions)
        new.general_lost = list(self.general_lost)
        new.general_used = list(self.general_used)
        new.chosen_bonus = list(self.chosen_bonus)
        new.setup_pick = list(self.setup_pick)
        new.stack = [dict(f) for f in self.stack]
        new.used_this_turn = list(self.used_this_turn)
        new.excavated = [list(e) for e in self.excavated]
        new.captured_this_turn = list(self.captured_this_turn)
        new.triggers = []
        new._events = []
        return new

    # --- explaining illegal moves --------------------------------------------------------
    def why_illegal(self: SperosState, action: Action) -> tuple[str, str]:  # type: ignore[misc]
        p = self.current_player
        who = self.who(p) if p >= 0 else "chance"
        phase = self._phase
        if self.stack:
            top = self.stack[-1]
            if top["kind"] == "draw":
                return (
                    f"{action} is not a card left in the Location deck; a draw is pending",
                    "drawing cards",
                )
            if top["kind"] == "offer":
                return (
                    f"{who} must first take up or decline the {top['what']} ability of "
                    f"{top['card']}, not {action}",
                    "artifact abilities",
                )
            return (
                f"{action} is not a target of the {top['kind']} ability {who} is using "
                f"({top['left']} pick(s) left); choose a target or stop",
                "ability step",
            )
        hand = self.hands[p] if p >= 0 else []
        card = getattr(action, "card", None)
        if isinstance(action, Discard | LimitDiscard | FirstPlacement | Explore) and (
            card not in hand
        ):
            return (f"{who} does not hold {card} in hand", "hand")
        if isinstance(action, Attack | Lead) and phase == "action":
            if card not in self.skirmish:
                where = "in a captured area" if card in self.owner else "not on the table"
                return (
                    f"{card} is {where}: Attack and Lead deploy only to cards in the Skirmish Area",
                    "deploying",
                )
            if isinstance(action, Attack) and not self.base_minions[p]:
                return (f"{who} has no Minion left in the Base Camp to deploy", "deploying")
            if isinstance(action, Lead):
                if not self.general_home[p]:
                    return (f"{who}'s General is not in the Base Camp", "Lead action")
                return (
                    f"{card} has fewer than two open encampments or {who} has no Minion "
                    "at home, so the General cannot bring a Minion",
                    "Lead action",
                )
        if isinstance(action, UseAbility) and action.source == "general" and p >= 0:
            if self.general_used[p]:
                return (
                    f"{who} has already used the General's ability: a General's ability "
                    "may be used only once in the whole game",
                    "General abilities",
                )
            if action.card in self.colour and action.card != self.colour[p]:
                return (
                    f"a General's ability may be used only in its owner's own turn, and it "
                    f"is {who}'s turn now",
                    "General abilities",
                )
            if phase in ("discard", "ability", "action"):
                return (
                    f"{action} is not {who}'s General ability: the General's card has "
                    f"the abilities of the {self.colour[p]} people",
                    "General abilities",
                )
            return (
                f"a General's ability may be used only during its owner's own turn, before "
                f"the action is taken; it is not available in the {phase} step",
                "General abilities",
            )
        if isinstance(action, UseAbility) and phase == "ability":
            return (
                f"{action} is not available: each ability may be used once in this ability step",
                "ability step",
            )
        if isinstance(action, ChooseBonus) and phase == "choose bonus":
            return (
                f"{action.objective} is not one of {who}'s bonus objectives",
                "bonus objectives",
            )
        steps = {
            "discard": "discard one card from hand",
            "ability": "use abilities or end the ability step",
            "action": "take one action: Explore, Attack, Lead or Plan",
            "hand limit": "discard down to the hand limit",
            "choose people": "choose a people",
            "first placement": "pick a Location for the Skirmish Area",
            "choose bonus": "reveal one bonus objective",
        }
        step = steps.get(phase, phase)
        return (
            f"{action} is not allowed now: in the {phase} step {who} must {step}",
            f"turn order ({phase})",
        )

    # --- scores and words ------------------------------------------------------------
    def scores(self: SperosState) -> dict[int, float]:  # type: ignore[misc]
        """Victory points as they stand (a hidden bonus objective counts once chosen)."""
        return {p: float(v) for p, v in enumerate(total_scores(self))}

    def evaluate(self: SperosState, player: int) -> float:  # type: ignore[misc]
        if self.is_terminal():
            return self.returns()[player]
        totals = total_scores(self)
        rival = max(v for q, v in enumerate(totals) if q != player)
        return 1.0 / (1.0 + math.exp(-(totals[player] - rival) / 6.0))

    def describe(self: SperosState) -> str:  # type: ignore[misc]
        if self.is_terminal():
            outcome = self.outcome()
            assert outcome is not None
            scores = ", ".join(f"{self.who(p)} {int(v)}" for p, v in outcome.scores.items())
            return f"Game over after round {self._round}. Scores: {scores}. {outcome.reason}."
        p = self.current_player
        actor = "A card is being drawn" if p < 0 else f"{self.who(p)} is to act"
        lines = [f"Round {self._round}, {self._phase} step. {actor}."]
        if self._round:
            lines.append(
                f"The deck holds {len(self.deck)} cards; the Skirmish Area {len(self.skirmish)}."
            )
            totals = total_scores(self)
            lines.append(
                "Standing: "
                + ", ".join(
                    f"{self.who(q)} {totals[q]} VP, {len(self.captured[q])} captured, "
                    f"{self.units_at_home(q)} at home"
                    for q in range(self.game.num_players)
                )
                + "."
            )
        if self.stack and self.stack[-1]["kind"] != "draw":
            top = self.stack[-1]
            what = top.get("what") or top["kind"]
            lines.append(f"Pending: {what} ({top.get('source') or top.get('card')}).")
        return " ".join(lines)

    # --- card rows -------------------------------------------------------------------
    def card_view(self: SperosState, card_id: str) -> dict[str, Any]:  # type: ignore[misc]
        card: Card = self.game.cards[card_id]
        units = self.units.get(card_id, [])
        labels = []
        for owner, kind in units:
            colour = self.colour[owner]
            tag = self.game.card_set.people_of(colour).unit_tag if colour else f"P{owner + 1}"
            labels.append(f"{tag}-{kind}")
        return {
            "id": card_id,
            "name": card.name,
            "terrain": card.terrain or "artifact",
            "vp": card.vp,
            "resources": "/".join(card.resources),
            "units": f"{' '.join(labels) or '-'} ({len(units)}/{card.encampments})",
            "text": card.text,
        }

    def card_rows(  # type: ignore[misc]
        self: SperosState, viewer: int | None = None
    ) -> dict[str, list[dict[str, Any]]]:
        """Hands (hidden from other viewers; all shown when ``viewer`` is None), the
        Skirmish Area, each captured area and each Base Camp."""
        rows: dict[str, list[dict[str, Any]]] = {}
        names = self.game.player_names
        for q, hand in enumerate(self.hands):
            if viewer is None or viewer == q:
                rows[f"hand: {names[q]}"] = [self.card_view(c) for c in hand]
            else:
                rows[f"hand: {names[q]}"] = [{"name": HIDDEN} for _ in hand]
        rows["skirmish area"] = [self.card_view(c) for c in self.skirmish]
        for q, area in enumerate(self.captured):
            rows[f"captured: {names[q]}"] = [self.card_view(c) for c in area]
        for q in range(self.game.num_players):
            camp: list[dict[str, Any]] = []
            if self.general_home[q]:
                camp.append({"name": "General", "kind": "unit"})
            camp += [{"name": "Minion", "kind": "unit"}] * self.base_minions[q]
            rows[f"base camp: {names[q]}"] = camp
        rows["discard pile"] = [self.card_view(c) for c in self.discard[-5:]]
        return rows
