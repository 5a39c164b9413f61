"""A position of Conquest of Speros and the rules that move it on.

Turn flow: *discard* one hand card, then the *ability* step (the discarded card's
ability and reusable Artifacts, in any order, each optional), then one *action*
(Explore, Attack, Lead or Plan), then discard down to the hand limit. The General's
once-a-game ability is offered in all three steps until the action is taken.
Abilities that need choices become a stack of pending effects; each pick is one
action and :class:`~hcgames.speros.actions.Stop` ends an effect early. Draws from
the Location deck are chance steps: every card left in the deck is equally likely.
"""

from __future__ import annotations

import random
from bisect import insort
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.core import CHANCE, TERMINAL, Action, Event, Outcome, State
from hcgames.speros import effects
from hcgames.speros.actions import (
    Accept,
    Attack,
    ChooseBonus,
    ChoosePeople,
    Discard,
    DrawCard,
    EndAbilities,
    Explore,
    FirstPlacement,
    Lead,
    LimitDiscard,
    Plan,
    Stop,
    UseAbility,
)
from hcgames.speros.cards import TERRAINS, Effect
from hcgames.speros.majority import capturer
from hcgames.speros.scoring import metric, score_lines, total_scores
from hcgames.speros.views import SperosViews

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame

__all__ = ["SperosState"]

HAND_LIMIT = 10
PLAN_DRAWS = 3
EMPTY_HAND_DRAWS = 2
HAND_SIZE = 8
STOP = Stop()
END_ABILITIES = EndAbilities()
PLAN = Plan()


class SperosState(SperosViews, State):
    game: SperosGame

    def __init__(self, game: SperosGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.num_players
        # Setup follows the book's order: colours first (nothing is dealt yet), then
        # the Bonus Objectives and hands (:meth:`_deal`), then the first placement,
        # then the Artifacts, the Mastery Objectives and the starting player
        # (:meth:`_finish_setup`). Each stage shuffles with its own seeded stream.
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = sorted(c.id for c in game.card_set.locations)
        self.bonus: list[list[str]] = [[] for _ in range(n)]
        self.mastery: list[str] = []
        self.first_player = 0
        self.colour: list[str | None] = [None] * n
        self.discard: list[str] = []
        self.skirmish: list[str] = []
        self.units: dict[str, list[tuple[int, str]]] = {}
        self.last_placed: dict[str, list[int]] = {}
        self.owner: dict[str, int] = {}
        self.captured: list[list[str]] = [[] for _ in range(n)]
        self.base_minions = [game.minions] * n
        self.general_home = [True] * n
        self.lost_minions = [0] * n
        self.general_lost = [False] * n
        self.general_used = [False] * n
        self.chosen_bonus: list[str | None] = [None] * n
        self.setup_pick: list[str | None] = [None] * n
        self.stack: list[dict[str, Any]] = []
        self.used_this_turn: list[str] = []
        self.excavated: list[list[Any]] = []  # [player, artifact] pairs this turn
        self.captured_this_turn: list[str] = []
        self.discarded: str | None = None
        self.action_taken = False
        self.turn_player = 0
        self.chooser = 0
        self.turns = 0
        self.seq = 0
        self._phase = "choose people"
        self._round = 0
        self.deck_emptied = False
        self.final_turns_left: int | None = None
        self.end_reason = ""
        self._outcome: Outcome | None = None
        self._events: list[Event] = []
        self.triggers: list[dict[str, Any]] = []

    # --- facts ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self._phase == "game over":
            return TERMINAL
        if self.stack:
            top = self.stack[-1]
            return CHANCE if top["kind"] == "draw" else int(top["player"])
        if self._phase in ("choose people", "first placement", "choose bonus"):
            return self.chooser
        return self.turn_player

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def round(self) -> int:
        return self._round

    def is_terminal(self) -> bool:
        return self._phase == "game over"

    def outcome(self) -> Outcome | None:
        return self._outcome

    def who(self, player: int) -> str:
        name = self.game.player_names[player]
        terrain = self.colour[player]
        if terrain is None:
            return name
        return f"{name} ({self.game.card_set.people_of(terrain).people})"

    def side_name(self, player: int) -> str:
        """The people a player leads, once chosen (its colour in every view)."""
        terrain = self.colour[player] if 0 <= player < len(self.colour) else None
        if terrain is None:
            return super().side_name(player)
        return self.game.card_set.people_of(terrain).people

    def ongoing(self, player: int, kind: str) -> list[Effect]:
        """Ongoing Artifact effects of ``kind`` in force for ``player``."""
        cards = self.game.cards
        out = []
        for card_id in self.captured[player]:
            card = cards[card_id]
            if card.timing == "ongoing" and card.capture and card.capture.kind == kind:
                out.append(card.capture)
        return out

    def hand_limit(self, player: int) -> int:
        return HAND_LIMIT + sum(e.n for e in self.ongoing(player, "hand_limit"))

    def empty_spaces(self, card_id: str) -> int:
        return self.game.cards[card_id].encampments - len(self.units[card_id])

    def counts(self, card_id: str) -> list[int]:
        counts = [0] * self.game.num_players
        for owner, _ in self.units[card_id]:
            counts[owner] += 1
        return counts

    def units_at_home(self, player: int) -> int:
        return self.base_minions[player] + (1 if self.general_home[player] else 0)

    # --- legal actions ------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        g = self.game
        if self.stack:
            top = self.stack[-1]
            if top["kind"] == "offer":
                return [Accept(top["what"], top["card"]), STOP]
            return [*effects.targets(self, top), STOP]
        phase = self._phase
        p = self.current_player
        if phase == "discard":
            return [*(g.discard_actions[c] for c in self.hands[p]), *self.general_menu()]
        if phase == "ability":
            return [*self.ability_menu(), END_ABILITIES]
        if phase == "action":
            out: list[Action] = [g.explore_actions[c] for c in self.hands[p]]
            if self.base_minions[p]:
                out += [g.attack_actions[c] for c in self.skirmish]
            if self.general_home[p]:
                for c in self.skirmish:
                    out.append(g.lead_actions[c, False])
                    if self.base_minions[p] and self.empty_spaces(c) >= 2:
                        out.append(g.lead_actions[c, True])
            out.append(PLAN)
            return out + self.general_menu()
        if phase == "hand limit":
            return [LimitDiscard(c) for c in self.hands[p]]
        if phase == "choose people":
            return [ChoosePeople(t) for t in TERRAINS if t not in self.colour]
        if phase == "first placement":
            return [FirstPlacement(c) for c in self.hands[p]]
        if phase == "choose bonus":
            return [ChooseBonus(o) for o in self.bonus[p]]
        raise AssertionError(f"no actions defined for phase {phase!r}")

    def ability_menu(self) -> list[UseAbility]:
        p = self.turn_player
        cards = self.game.cards
        menu = []
        if (
            self.discarded is not None
            and cards[self.discarded].ability is not None
            and "discard" not in self.used_this_turn
        ):
            menu.append(UseAbility("discard", self.discarded, 0))
        menu += self.general_menu()
        for card_id in self.captured[p]:
            card = cards[card_id]
            if (
                card.timing == "reusable"
                and card_id not in self.used_this_turn
                and card_id not in self.captured_this_turn
            ):
                menu.append(UseAbility("artifact", card_id, 0))
        return menu

    def general_menu(self) -> list[UseAbility]:
        """The General's two abilities, while unused: offered in every step of the
        owner's turn before the action is taken (discard, ability and action step)."""
        p = self.turn_player
        if self.general_used[p]:
            return []
        terrain = self.colour[p] or ""
        return [UseAbility("general", terrain, i) for i in (0, 1)]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        p = self.game.fraction(len(self.deck))
        draw = self.game.draw_actions
        return [(draw[c], p) for c in self.deck]

    # --- applying -------------------------------------------------------------
    def log(self, player: int | None, kind: str, text: str, **data: Any) -> None:
        self._events.append(Event(self._round, self._phase, player, kind, text, data))

    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        kind = type(action)
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, action)
        else:
            effects.apply_pick(self, action)
        effects.flush(self)
        self._advance()
        return self._events

    def _draw(self, action: DrawCard) -> None:
        top = self.stack[-1]
        player = int(top["player"])
        self.deck.remove(action.card)
        insort(self.hands[player], action.card)
        top["left"] -= 1
        self.log(
            player,
            "draw",
            f"{self.who(player)} draws a card ({len(self.deck)} left in the deck).",
            card=action.card,
        )
        if not self.deck and not self.deck_emptied:
            self.deck_emptied = True
            self.log(
                player,
                "deck",
                "The last Location card has been drawn: this turn is "
                "finished, then every other player has one final turn.",
            )

    def _choose_people(self, action: ChoosePeople) -> None:
        p = self.chooser
        self.colour[p] = action.terrain
        people = self.game.card_set.people_of(action.terrain)
        self.log(
            p,
            "setup",
            f"{self.game.player_names[p]} leads the {people.people} "
            f"({people.colour}, {action.terrain}) under {people.general}.",
        )
        self.chooser += 1
        if self.chooser == self.game.num_players:
            self.chooser = 0
            self._deal()
            self._phase = "first placement"

    def _setup_rng(self, stage: str) -> random.Random:
        return random.Random(f"conquest-of-speros/{self.seed}/{stage}")

    def _deal(self) -> None:
        """Setup steps 2 and 3, once every colour is chosen: three Bonus Objectives
        each, then eight Location cards each from the shuffled deck."""
        n = self.game.num_players
        cs = self.game.card_set
        rng = self._setup_rng("deal")
        bonus = [o.id for o in cs.bonus]
        rng.shuffle(bonus)
        self.bonus = [sorted(bonus[3 * p : 3 * p + 3]) for p in range(n)]
        deck = [c.id for c in cs.locations]
        rng.shuffle(deck)
        self.hands = [sorted(deck[HAND_SIZE * p : HAND_SIZE * p + HAND_SIZE]) for p in range(n)]
        self.deck = sorted(deck[HAND_SIZE * n :])
        self.log(
            None,
            "setup",
            f"Everyone is dealt {len(self.bonus[0])} secret Bonus Objectives and "
            f"{HAND_SIZE} Location cards.",
        )

    def _finish_setup(self) -> None:
        """Setup steps 4 to 6, after the first placement: one Artifact per player into
        the Skirmish Area, the Mastery Objectives, then a random starting player."""
        n = self.game.num_players
        cs = self.game.card_set
        rng = self._setup_rng("finish")
        artifacts = [c.id for c in cs.artifacts]
        rng.shuffle(artifacts)
        cards = self.game.cards
        for card_id in sorted(artifacts[:n]):
            self.skirmish.append(card_id)
            self.units[card_id] = []
            self.log(
                None,
                "setup",
                f"The Ancient Artifact {cards[card_id].name} ({card_id}) joins the Skirmish Area.",
            )
        if self.game.mastery:
            mastery = [o.id for o in cs.mastery]
            rng.shuffle(mastery)
            self.mastery = sorted(mastery[: n - 1])
            names = ", ".join(self.game.objective(o).name for o in self.mastery)
            self.log(None, "setup", f"The Mastery Objectives in play: {names}.")
        self.first_player = rng.randrange(n)

    def _first_placement(self, action: FirstPlacement) -> None:
        p = self.chooser
        self.hands[p].remove(action.card)
        self.setup_pick[p] = action.card
        self.log(p, "setup", f"{self.who(p)} chooses a Location in secret.")
        self.chooser += 1
        if self.chooser < self.game.num_players:
            return
        self.chooser = 0
        cards = self.game.cards
        for q, card_id in enumerate(self.setup_pick):
            assert card_id is not None
            self.skirmish.append(card_id)
            self.units[card_id] = []
            self.log(
                q,
                "setup",
                f"{self.who(q)} reveals {cards[card_id].name} ({card_id}) in the Skirmish Area.",
            )
        self.setup_pick = [None] * self.game.num_players
        self._finish_setup()
        self._round = 1
        self.log(None, "setup", f"{self.who(self.first_player)} takes the first turn.")
        self._begin_turn(self.first_player)

    def _discard(self, action: Discard) -> None:
        p = self.turn_player
        self.hands[p].remove(action.card)
        self.discard.append(action.card)
        self.discarded = action.card
        card = self.game.cards[action.card]
        self.log(p, "discard", f"{self.who(p)} discards {card.name} ({action.card}).")
        self._phase = "ability"

    def _use_ability(self, action: UseAbility) -> None:
        p = self.turn_player
        cards = self.game.cards
        if action.source == "discard":
            self.used_this_turn.append("discard")
            effect = cards[action.card].ability
            label = f"the discard ability of {cards[action.card].name}"
        elif action.source == "general":
            self.general_used[p] = True
            people = self.game.card_set.people_of(self.colour[p] or "")
            effect = people.general_abilities[action.index]
            label = f"{people.general}'s once-a-game ability (in the {self._phase} step)"
        else:
            self.used_this_turn.append(action.card)
            effect = cards[action.card].capture
            label = f"the reusable power of {cards[action.card].name}"
        assert effect is not None
        self.log(p, "ability", f"{self.who(p)} uses {label}: {effect.text}")
        effects.push(self, p, effect, label)

    def _end_abilities(self, action: EndAbilities) -> None:
        self._phase = "action"

    def _explore(self, action: Explore) -> None:
        p = self.turn_player
        card = self.game.cards[action.card]
        self.hands[p].remove(action.card)
        self.skirmish.append(action.card)
        self.units[action.card] = []
        self.action_taken = True
        if card.terrain != self.colour[p] and self.base_minions[p]:
            self.base_minions[p] -= 1
            self.place(action.card, p, "M")
            self.log(
                p,
                "explore",
                f"{self.who(p)} explores {card.name} ({action.card}) and deploys a Minion there.",
            )
            self.check_capture(action.card)
        else:
            self.log(p, "explore", f"{self.who(p)} explores {card.name} ({action.card}).")

    def _attack(self, action: Attack) -> None:
        p = self.turn_player
        self.action_taken = True
        self.base_minions[p] -= 1
        self.log(
            p,
            "attack",
            f"{self.who(p)} attacks: a Minion deploys to "
            f"{self.game.cards[action.card].name} ({action.card}).",
        )
        self.place(action.card, p, "M")
        self.check_capture(action.card)

    def _lead(self, action: Lead) -> None:
        p = self.turn_player
        self.action_taken = True
        self.general_home[p] = False
        extra = " with a Minion" if action.with_minion else ""
        self.log(
            p,
            "lead",
            f"{self.who(p)} leads: the General{extra} deploys to "
            f"{self.game.cards[action.card].name} ({action.card}).",
        )
        self.place(action.card, p, "G")
        if action.with_minion:
            self.base_minions[p] -= 1
            self.place(action.card, p, "M")
        self.check_capture(action.card)

    def _plan(self, action: Plan) -> None:
        p = self.turn_player
        self.action_taken = True
        n = PLAN_DRAWS + sum(e.n for e in self.ongoing(p, "plan_bonus"))
        self.log(p, "plan", f"{self.who(p)} plans and draws up to {n} cards.")
        self.stack.append({"kind": "draw", "player": p, "left": n, "source": "Plan"})

    def _limit_discard(self, action: LimitDiscard) -> None:
        p = self.turn_player
        self.hands[p].remove(action.card)
        self.discard.append(action.card)
        self.log(
            p,
            "discard",
            f"{self.who(p)} discards {self.game.cards[action.card].name} "
            f"to keep {self.hand_limit(p)} cards.",
        )

    def _choose_bonus(self, action: ChooseBonus) -> None:
        p = self.chooser
        self.chosen_bonus[p] = action.objective
        objective = self.game.objective(action.objective)
        lines = score_lines(self, p)
        self.log(
            p,
            "bonus",
            f"{self.who(p)} reveals the bonus objective {objective.name} "
            f"({lines[-2 if self.mastery else -1][2]} VP).",
        )
        self.chooser += 1
        if self.chooser == self.game.num_players:
            self._finish()

    # --- placing and capturing ------------------------------------------------------
    def place(self, card_id: str, player: int, kind: str) -> None:
        """Put one Unit on a card; offer Excavate on an Artifact once a turn."""
        self.units[card_id].append((player, kind))
        self.seq += 1
        last = self.last_placed.get(card_id)
        if last is None:
            last = self.last_placed[card_id] = [-1] * self.game.num_players
        last[player] = self.seq
        if self.game.cards[card_id].is_artifact and [player, card_id] not in self.excavated:
            self.excavated.append([player, card_id])
            effects.trigger(
                self, {"kind": "offer", "what": "excavate", "card": card_id, "player": player}
            )

    def remove_unit(self, card_id: str, player: int, kind: str) -> None:
        units = self.units[card_id]
        for i in range(len(units) - 1, -1, -1):
            if units[i] == (player, kind):
                del units[i]
                return
        raise AssertionError(f"no {kind} of player {player} on {card_id}")

    def check_capture(self, card_id: str) -> None:
        if card_id in self.owner:
            return
        last = self.last_placed.get(card_id)
        if last is None:
            return
        winner = capturer(self.counts(card_id), self.empty_spaces(card_id), last)
        if winner is None:
            return
        card = self.game.cards[card_id]
        self.skirmish.remove(card_id)
        self.captured[winner].append(card_id)
        self.owner[card_id] = winner
        self.captured_this_turn.append(card_id)
        counts = self.counts(card_id)
        if self.empty_spaces(card_id):
            how = "can no longer be outnumbered there"
        elif counts.count(max(counts)) > 1:
            how = "a tie on a full card goes to the last to place there"
        else:
            how = "fills it and holds the most Units"
        self.log(
            winner,
            "capture",
            f"{self.who(winner)} captures {card.name} ({card_id}): {how}.",
            card=card_id,
        )
        if card.is_artifact:
            kept = []
            for owner, kind in self.units[card_id]:
                if owner == winner:
                    kept.append((owner, kind))
                elif kind == "G":
                    self.general_home[owner] = True
                else:
                    self.base_minions[owner] += 1
            if len(kept) < len(self.units[card_id]):
                self.log(
                    winner,
                    "capture",
                    "Every rival Unit on it goes back to its "
                    "Base Camp; the captor's Units are locked in place.",
                )
            self.units[card_id] = kept
            if card.timing == "one_time":
                effects.trigger(
                    self, {"kind": "offer", "what": "capture", "card": card_id, "player": winner}
                )

    # --- turn flow ------------------------------------------------------------------
    def _advance(self) -> None:
        while True:
            if self.stack:
                top = self.stack[-1]
                kind = top["kind"]
                if kind == "draw":
                    if top["left"] > 0 and self.deck:
                        return
                elif kind == "offer" or (top["left"] > 0 and effects.targets(self, top)):
                    return
                self.stack.pop()
                continue
            phase = self._phase
            if phase == "discard" and not self.hands[self.turn_player]:
                # a General ability emptied the hand: there is nothing to discard
                self._phase = "ability"
                continue
            if phase == "ability":
                if not self.ability_menu():
                    self._phase = "action"
                return
            if phase == "action" and self.action_taken:
                self._phase = "hand limit"
                continue
            if phase == "hand limit":
                if len(self.hands[self.turn_player]) > self.hand_limit(self.turn_player):
                    return
                self._end_turn()
                continue
            if phase == "empty hand":
                self._end_turn()
                continue
            return

    def _end_turn(self) -> None:
        n = self.game.num_players
        self.turns += 1
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
        elif self.deck_emptied:
            self.final_turns_left = n - 1
        nxt = (self.turn_player + 1) % n
        if nxt == self.first_player:
            self._round += 1
        self._begin_turn(nxt)

    def _begin_turn(self, player: int) -> None:
        self.turn_player = player
        self.used_this_turn = []
        self.excavated = []
        self.captured_this_turn = []
        self.discarded = None
        self.action_taken = False
        if self.final_turns_left == 0:
            self._start_scoring("the deck ran out and everyone has had a final turn")
            return
        if self.units_at_home(player) == 0:
            self._start_scoring(f"{self.who(player)} began a turn with an empty Base Camp")
            return
        if not self.hands[player]:
            self._phase = "empty hand"
            self.log(
                player,
                "empty hand",
                f"{self.who(player)} has no cards: draws "
                f"{EMPTY_HAND_DRAWS} and skips the rest of the turn.",
            )
            self.stack.append(
                {"kind": "draw", "player": player, "left": EMPTY_HAND_DRAWS, "source": "empty hand"}
            )
            return
        self._phase = "discard"

    def _start_scoring(self, reason: str) -> None:
        self.end_reason = reason
        self._phase = "choose bonus"
        self.chooser = 0
        self.log(
            None, "end", f"The game ends: {reason}. Each player now reveals one bonus objective."
        )

    def _finish(self) -> None:
        self._phase = "game over"
        totals = total_scores(self)
        n = self.game.num_players
        for p in range(n):
            self.log(p, "score", f"{self.who(p)} scores {totals[p]} VP.")
        best = max(totals)
        leaders = [p for p in range(n) if totals[p] == best]
        reason = f"most victory points ({best}); game ended because {self.end_reason}"
        if len(leaders) > 1:
            homeland = {p: metric(self, p, "own_terrain_captures") for p in leaders}
            top = max(homeland.values())
            leaders = [p for p in leaders if homeland[p] == top]
            reason = f"tied on {best} VP, then most captured Locations of their own colour ({top})"
            if len(leaders) > 1:
                reason = f"a draw: tied on {best} VP and on {top} own-colour captures"
        self._outcome = Outcome(tuple(leaders), reason, {p: float(totals[p]) for p in range(n)})
        self.log(None, "end", "Result: " + (", ".join(self.who(p) for p in leaders) + " " + reason))


_HANDLERS: dict[type, Any] = {
    DrawCard: SperosState._draw,
    ChoosePeople: SperosState._choose_people,
    FirstPlacement: SperosState._first_placement,
    Discard: SperosState._discard,
    UseAbility: SperosState._use_ability,
    EndAbilities: SperosState._end_abilities,
    Explore: SperosState._explore,
    Attack: SperosState._attack,
    Lead: SperosState._lead,
    Plan: SperosState._plan,
    LimitDiscard: SperosState._limit_discard,
    ChooseBonus: SperosState._choose_bonus,
}
