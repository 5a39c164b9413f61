"""A position of Conquest of Speros: the one State class.

It owns the fields of a position and answers the contract of
:class:`hcgames.core.State` by calling the rule modules: :mod:`~hcgames.speros.moves`
(legal actions, what each action does, why one is refused), :mod:`~hcgames.speros.turn`
(the steps nobody chooses, chance draws), :mod:`~hcgames.speros.victory` (the end
and the winner) and :mod:`~hcgames.speros.views` (what a position looks like).
:meth:`SperosState._apply` dispatches through the one table :data:`HANDLERS` (core's
convention: ``SperosState.HANDLERS``).

Turn flow: *discard* one hand card, then the *ability* step (the discarded card's
ability and reusable Artifacts, in any order, each optional), then one *action*
(Explore, Attack, Lead or Plan), then discard down to the hand limit. The General's
once-a-game ability is offered in all three steps until the action is taken.
Abilities that need choices become a stack of pending records
(:mod:`~hcgames.speros.effects`); each pick is one action and
:class:`~hcgames.speros.actions.Stop` ends an effect early. Draws from the Location
deck are chance steps: every card left in the deck is equally likely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from hcgames.core import CHANCE, TERMINAL, Action, Event, Handler, State
from hcgames.speros import effects, moves, turn, views
from hcgames.speros.actions import (
    Accept,
    Attack,
    ChooseBonus,
    ChoosePeople,
    Deploy,
    Discard,
    DrawCard,
    EndAbilities,
    Exile,
    Explore,
    FirstPlacement,
    Fortify,
    Lead,
    LimitDiscard,
    Move,
    Obliterate,
    Plan,
    PlayFromHand,
    Raze,
    Recall,
    Stop,
    UseAbility,
)
from hcgames.speros.effects import Pending, PendingOffer
from hcgames.speros.material import Effect

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame

__all__ = ["HANDLERS", "SperosState"]


class SperosState(State):
    game: SperosGame
    #: no dice: a Location is taken by having the most Units there
    battles_use_dice: ClassVar[bool] = False

    def __init__(self, game: SperosGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        n = game.num_players
        # Setup follows the book's order: colours first (nothing is dealt yet), then
        # the Bonus Objectives and hands (turn.deal), then the first placement, then
        # the Artifacts, the Mastery Objectives and the starting player
        # (turn.finish_setup). Each stage shuffles with its own seeded stream.
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
        self.stack: list[Pending] = []
        self.used_this_turn: list[str] = []
        self.excavated: list[tuple[int, str]] = []  # (player, artifact) Excavate taken this turn
        self.captured_this_turn: list[str] = []
        self.discarded: str | None = None
        self.action_taken = False
        self.turn_player = 0
        self.chooser = 0
        self.turns = 0
        self.seq = 0
        self._phase = "choose people"
        self.round_no = 0
        self.deck_emptied = False
        self.final_turns_left: int | None = None
        self.end_reason = ""
        self.triggers: list[PendingOffer] = []

    # --- facts ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self._phase == "game over":
            return TERMINAL
        if self.stack:
            top = self.stack[-1]
            return CHANCE if effects.is_draw(top) else top.player
        if self._phase in ("choose people", "first placement", "choose bonus"):
            return self.chooser
        return self.turn_player

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def round(self) -> int:
        """The round being played; once a round limit has ended the game, the last round
        played (a 7-round game never shows "Round 8")."""
        limit = self.game.max_rounds
        if limit is not None and self.round_no > limit:
            return limit  # round_no counts on into the round that never begins
        return self.round_no

    def player_name(self, player: int | None) -> str:
        """The core's one way of naming a player, with the people they lead once chosen:
        "Player 2 (Lathwood Elves)"."""
        name = super().player_name(player)
        if player is None or not 0 <= player < len(self.colour):
            return name
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
        return effects.ongoing(self, player, kind)

    def hand_limit(self, player: int) -> int:
        return turn.hand_limit(self, player)

    def empty_spaces(self, card_id: str) -> int:
        return self.game.cards[card_id].encampments - len(self.units[card_id])

    def counts(self, card_id: str) -> list[int]:
        counts = [0] * self.game.num_players
        for owner, _ in self.units[card_id]:
            counts[owner] += 1
        return counts

    def units_at_home(self, player: int) -> int:
        return self.base_minions[player] + (1 if self.general_home[player] else 0)

    # --- the contract -------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        p = self.game.fraction(len(self.deck))
        draw = self.game.draw_actions
        return [(draw[c], p) for c in self.deck]

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)  # the rule of HANDLERS, which logs as it goes
        effects.flush(self)
        turn.advance(self)
        return events

    def why_illegal(self, action: Action) -> tuple[str, str]:
        return moves.why_illegal(self, action)

    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    def observation(self, player: int) -> dict[str, Any]:
        return views.observation(self, player)

    def determinize(self, player: int, rng: Any) -> SperosState:
        return views.determinize(self, player, rng)

    def scores(self) -> dict[int, float]:
        return views.scores(self)

    def evaluate(self, player: int) -> float:
        return views.evaluate(self, player)

    def describe(self) -> str:
        return views.describe(self)

    def action_words(self, action: Action) -> str:
        return views.action_words(self, action)

    def move_group(
        self,
        action: Action,
        kind: str,
        rank: float,
        listed: Sequence[Action],
        names: Callable[[str], str],
    ) -> tuple[str, float]:
        return views.move_group(action)

    def own_side_lines(self, seat: int) -> list[str]:
        return views.own_side_lines(self, seat)

    def idle_reason(self, action: Action) -> str:
        """An ability with nothing to act on now (:func:`turn.idle_reason`)."""
        if isinstance(action, UseAbility) and self.current_player >= 0:
            return turn.idle_reason(self, action) or ""
        return ""

    def score_line(self) -> str:
        return views.score_line(self)

    def step_words(self) -> str:
        """A hand about to run out is said where the student reads what to do."""
        return views.hand_warning(self)

    def passed_words(self, action: Action) -> str:
        """A card drawn by itself, without its name: a rival's draw stays secret."""
        return "draw a card from the deck" if isinstance(action, DrawCard) else ""

    def report_words(self, action: Action) -> str:
        """A move of the computer's, as the list of its moves says it."""
        return views.report_words(self, action)

    def card_view(self, card_id: str) -> dict[str, Any]:
        return views.card_view(self, card_id)

    def card_rows(self, viewer: int | None = None) -> dict[str, list[dict[str, Any]]]:
        return views.card_rows(self, viewer)

    def copy(self) -> SperosState:
        """A fast independent copy (everything but the immutable game; the pending
        records are frozen, so they are shared)."""
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
        new.stack = list(self.stack)
        new.used_this_turn = list(self.used_this_turn)
        new.excavated = list(self.excavated)
        new.captured_this_turn = list(self.captured_this_turn)
        new.triggers = []
        new.step_events = []
        return new


#: the one dispatch table: each action type and the rule that applies it
HANDLERS: dict[type[Action], Handler] = {
    DrawCard: turn.draw,
    ChoosePeople: moves.choose_people,
    FirstPlacement: moves.first_placement,
    Discard: moves.discard,
    UseAbility: moves.use_ability,
    EndAbilities: moves.end_abilities,
    Explore: moves.explore,
    Attack: moves.attack,
    Lead: moves.lead,
    Plan: moves.plan,
    LimitDiscard: moves.limit_discard,
    ChooseBonus: moves.choose_bonus,
    Accept: moves.accept,
    Stop: moves.stop,
    Deploy: moves.deploy,
    Exile: moves.exile,
    Obliterate: moves.obliterate,
    Move: moves.move,
    Recall: moves.recall,
    PlayFromHand: moves.play_from_hand,
    Raze: moves.raze,
    Fortify: moves.fortify,
}
SperosState.HANDLERS = HANDLERS
