"""Why an action is refused: the broken rule, in words a student understands.

:meth:`Refusals.why_illegal` is asked only after an action was found not to be
legal; it looks for the first rule the action breaks (wrong moment, not your card,
land full, one army per land, same continent...) and names it. It never changes
the position.
"""

from __future__ import annotations

from hcgames.core import CHANCE, Action
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    DrawCard,
    EndPhase,
    ExplorerMove,
    FirstPlayer,
    Interrupt,
    Move,
    Pass,
    Pick,
    PlayCard,
    Retire,
    RevealLand,
    UseAbility,
)
from hcgames.historical.board import Column
from hcgames.historical.discovery import Discovery
from hcgames.historical.material import (
    ATTACK_MORALE,
    ATTACKS_PER_TURN,
    COLUMN_SIZE,
    FIRST_ATTACK_ROUND,
    PLAYS_PER_TURN,
)
from hcgames.historical.model import Card
from hcgames.historical.world import can_travel

__all__ = ["Refusals"]

Refusal = tuple[str, str]


class Refusals(Discovery):
    """Explanations of refused actions (mixed into the state)."""

    @property
    def current_player(self) -> int:  # pragma: no cover - the state's own answer wins
        raise NotImplementedError

    def why_illegal(self, action: Action) -> Refusal:
        found = self._moment_refusal(action)
        if found is None:
            found = self._action_refusal(action)
        if found is None:
            found = (
                f"{action} does not fit the rules at this point ({self.phase_name} phase of "
                f"{self.pname(self.turn)}'s turn)",
                "the turn's order",
            )
        return found

    # --- helpers ---------------------------------------------------------------------
    def _known(self, key: str) -> Card | None:
        return self.game.key_cards.get(key) if isinstance(key, str) else None

    def _own_column(self, player: int, land: str) -> Column | None:
        for col in self.rows[player]:
            if col["land"] == land:
                return col
        return None

    def _room_refusal(self, col: Column, card: Card, joining: int = 1) -> Refusal | None:
        """Why ``card`` (with ``joining - 1`` other cards) cannot stand on ``col``."""
        land = self.name(col["land"])
        if col["locked"] > 0:
            return (
                f"{land} was destroyed and cannot be used for {col['locked']} more turn(s)",
                "destroyed lands",
            )
        if card.category == "army" and any(self.card(k).category == "army" for k in col["cards"]):
            return (
                f"{land} already has an army: only one army may stand on a land",
                "one army per land",
            )
        if len(col["cards"]) + joining > self.capacity(col):
            return (
                f"{land} is full: a land holds {COLUMN_SIZE} cards (at most one of them an army) "
                f"unless a card gives it more room, and it holds {len(col['cards'])} of "
                f"{self.capacity(col)}",
                "land full",
            )
        if not self.placement_allowed(col, card):
            if card.coastal_only and not self.card(col["land"]).coastal:
                return (f"{card.name} can only stand on a land by the sea", "coastal lands")
            return (
                f"{card.name} may not stand on {land}: that land or a card on it forbids it",
                "placement bans",
            )
        return None

    # --- the moment: chance steps, questions, windows, whose phase ----------------------
    def _moment_refusal(self, action: Action) -> Refusal | None:
        chance = isinstance(action, DrawCard | RevealLand | FirstPlayer)
        if self.current_player == CHANCE:
            if chance:
                return ("that is not one of the outcomes of the chance step now", "chance steps")
            return (
                "a chance step (a card draw, a land turned up or the coin) comes first",
                "chance steps",
            )
        if chance:
            return (
                "draws, lands turned up and the coin are chance steps, not a player's choice",
                "chance steps",
            )
        top = self.pending[-1] if self.pending else None
        who = self.pname(self.current_player)
        if top is not None and top["t"] == "pick":
            if not isinstance(action, Pick):
                return (f"{who} must first answer a question: {top['purpose']}", "questions")
            return (
                f"that is not one of the choices for '{top['purpose']}'",
                "questions",
            )
        if isinstance(action, Pick):
            return ("there is no question to answer now", "questions")
        if top is not None and top["t"] == "window":
            if not isinstance(action, Pass | Interrupt):
                return (
                    f"{who} may only answer with an interrupt card or pass now; other cards "
                    "wait for their own turn",
                    "interrupt window",
                )
            return None
        if isinstance(action, Pass):
            return (
                "there is no interrupt window open to pass in; end the phase instead",
                "interrupt window",
            )
        return None

    # --- the action itself -------------------------------------------------------------
    def _action_refusal(self, action: Action) -> Refusal | None:
        player = self.current_player
        if isinstance(action, PlayCard):
            return self._play_refusal(player, action)
        if isinstance(action, Interrupt):
            return self._interrupt_refusal(player, action)
        if isinstance(action, Discard | Retire):
            return self._discard_refusal(player, action)
        if isinstance(action, UseAbility):
            return self._ability_refusal(player, action)
        if isinstance(action, Attack):
            return self._attack_refusal(player, action)
        if isinstance(action, Move):
            return self._move_refusal(player, action)
        if isinstance(action, ExplorerMove):
            return self._journey_refusal(player, action)
        if isinstance(action, Confiscate):
            return self._confiscate_refusal(player, action)
        if isinstance(action, EndPhase):
            return ("the phase cannot end while a question or window is open", "the turn's order")
        return None

    def _hand_refusal(self, player: int, key: str) -> Refusal | None:
        if key not in self.hands[player]:
            return (
                f"{self.name(key)} is not in {self.pname(player)}'s hand",
                "play from your hand",
            )
        return None

    def _play_refusal(self, player: int, action: PlayCard) -> Refusal | None:
        card = self._known(action.card)
        if card is None:
            return (f"{action.card!r} is not a card of this game", "cards")
        if self.plays >= PLAYS_PER_TURN:
            return (
                f"{self.pname(player)} has used all {PLAYS_PER_TURN} plays this turn",
                "three plays a turn",
            )
        if self.phase_name != "play":
            return (
                f"cards are played in the play phase; in the {self.phase_name} phase only "
                "interrupt cards and held abilities may be used",
                "play phase",
            )
        found = self._hand_refusal(player, action.card)
        if found:
            return found
        if card.interrupt:
            return (
                f"{card.name} is an interrupt card: play it as an interrupt (it is a free play)",
                "interrupt cards",
            )
        if self.spies_forbidden(player, card):
            return ("an opponent's card keeps spies out", "spies")
        if self.round_no == 1 and self.interacts(action.card, "play") and not card.is_explorer:
            return (
                "the first round builds civilisations: no card may touch an opponent",
                "first round",
            )
        if action.discover:
            if not card.is_explorer:
                return ("only an explorer discovers a land when it is played", "explorers")
            if not self.piles[player]:
                return (
                    f"{self.pname(player)}'s land pile is empty: there is no land to discover",
                    "explorers",
                )
        elif card.is_unit and not card.plants:
            if not action.land:
                return (f"{card.name} must stand on one of your lands", "placing cards")
            col = self._own_column(player, action.land)
            if col is None:
                return (
                    f"{self.name(action.land)} is not one of {self.pname(player)}'s lands",
                    "placing cards",
                )
            found = self._room_refusal(col, card)
            if found:
                return found
        elif not card.is_unit and action.land:
            return (
                "only characters and armies stand on lands; this card is simply played",
                "placing cards",
            )
        if len(card.variants) > 1 and not 0 <= action.option < len(card.variants):
            return (
                f"{card.name} needs one of its {len(card.variants)} options chosen",
                "choice cards",
            )
        return ("that target is not one this card can aim at now", "targets")

    def _interrupt_refusal(self, player: int, action: Interrupt) -> Refusal | None:
        card = self._known(action.card)
        if card is None:
            return (f"{action.card!r} is not a card of this game", "cards")
        found = self._hand_refusal(player, action.card)
        if found:
            return found
        if not card.interrupt:
            return (
                f"{card.name} is not an interrupt card: it can only be played in your play phase",
                "interrupt cards",
            )
        top = self.pending[-1] if self.pending else None
        if self.round_no == 1 and (top is not None or self.interacts(action.card, "play")):
            return (
                "the first round builds civilisations: no card may touch an opponent",
                "first round",
            )
        if player != self.turn and (top is None or top["t"] != "window"):
            return (
                "an interrupt in another player's turn waits for an interrupt window",
                "interrupt window",
            )
        if card.is_unit:
            col = self._own_column(player, action.land)
            if col is None:
                return (f"{card.name} must stand on one of your lands", "placing cards")
            found = self._room_refusal(col, card)
            if found:
                return found
        kinds = {e["kind"] for e in self.effects_of(action.card) if e["when"] == "play"}
        if "cancel_effect" in kinds:
            return (
                f"{card.name} answers an opponent's card aimed at you; there is none to answer now",
                "interrupt cards",
            )
        if "block_attacks" in kinds:
            return (
                f"{card.name} works only when you are attacked by the right kind of attacker",
                "interrupt cards",
            )
        return ("that target is not one this card can aim at now", "targets")

    def _discard_refusal(self, player: int, action: Discard | Retire) -> Refusal | None:
        if player != self.turn or self.phase_name != "play":
            return (
                "discarding counts as one of the three plays and happens in your play phase",
                "play phase",
            )
        if self.plays >= PLAYS_PER_TURN:
            return (
                f"{self.pname(player)} has used all {PLAYS_PER_TURN} plays this turn",
                "three plays a turn",
            )
        if isinstance(action, Discard):
            return self._hand_refusal(player, action.card)
        found = self.find_column(action.card)
        if found is None or found[0] != player:
            return (
                f"{self.name(action.card)} is not on {self.pname(player)}'s battlefield",
                "discarding",
            )
        return (
            "a card an opponent planted in your land cannot be discarded by you",
            "planted cards",
        )

    def _ability_refusal(self, player: int, action: UseAbility) -> Refusal | None:
        if player != self.turn:
            return ("held abilities are used in their owner's own turn", "held abilities")
        if self.controller(action.card) != player:
            return (
                f"{self.name(action.card)} is not in play on {self.pname(player)}'s side",
                "held abilities",
            )
        effects = self.effects_of(action.card)
        if not 0 <= action.effect < len(effects) or effects[action.effect]["when"] != "hold":
            return (
                f"{self.name(action.card)} has no ability to use when you choose",
                "held abilities",
            )
        effect = effects[action.effect]
        if not self.uses_left(action.card, action.effect, effect):
            return (
                f"the ability of {self.name(action.card)} has been used up",
                "abilities used once",
            )
        if self.round_no == 1 and effect["kind"] in ("morale_opponents", "kill_character", "duel"):
            return (
                "the first round builds civilisations: no card may touch an opponent",
                "first round",
            )
        return (
            "its condition does not hold now, or that target is not one it can aim at",
            "targets",
        )

    def _attack_refusal(self, player: int, action: Attack) -> Refusal | None:
        if self.round_no < FIRST_ATTACK_ROUND:
            return ("attacks wait until every player has had two turns", "attacking")
        if self.morale[player] < ATTACK_MORALE:
            return (
                f"{self.pname(player)} needs {ATTACK_MORALE} morale to attack, "
                f"has {self.morale[player]}",
                "attacking",
            )
        if self.attacks >= ATTACKS_PER_TURN:
            return (f"at most {ATTACKS_PER_TURN} attacks a turn", "two attacks a turn")
        if self.phase_name != "attack":
            return (
                f"attacks are declared in the attack phase, not the {self.phase_name} phase",
                "attacking",
            )
        col = self._own_column(player, action.land)
        if col is None:
            return (
                f"{self.name(action.land)} is not one of {self.pname(player)}'s lands",
                "attacking",
            )
        found = self.column_of_land(action.target)
        if found is None or found[0] == player:
            return (f"{self.name(action.target)} is not an opponent's land", "attacking")
        target = found[1]
        if col["locked"] or target["locked"]:
            return (
                "a destroyed land can neither attack nor be attacked for now",
                "destroyed lands",
            )
        if not col["cards"]:
            return ("an attack needs characters or armies on the attacking land", "attacking")
        if not target["cards"]:
            return (
                "that land is undefended: there is nobody to fight; take it in the move phase "
                "with a spare card instead",
                "undefended lands",
            )
        if not self.can_reach(col, target):
            start, goal = self.card(col["land"]), self.card(target["land"])
            return (
                f"an attack must stay on one continent ({start.name} is in {start.continent}, "
                f"{goal.name} in {goal.continent}) unless an explorer on the attacking land "
                "can reach the target",
                "same continent",
            )
        return ("a card in play blocks this attack", "blocked attacks")

    def _move_refusal(self, player: int, action: Move) -> Refusal | None:
        if self.phase_name != "move":
            return (f"cards move in the move phase, not the {self.phase_name} phase", "moving")
        if self.moved:
            return (
                "only one character or army may move each turn, and it has moved",
                "one move a turn",
            )
        found = self.find_column(action.card)
        if found is None or found[0] != player or action.card not in found[1]["cards"]:
            return (
                f"{self.name(action.card)} is not on {self.pname(player)}'s battlefield",
                "moving",
            )
        if self.planted(action.card, player):
            return (
                "a card an opponent planted in your land cannot be moved by you",
                "planted cards",
            )
        if action.card in self.travelled:
            return (
                f"{self.name(action.card)} is an explorer and has already moved this turn",
                "explorers move once a turn",
            )
        goal = self._own_column(player, action.land)
        if goal is None or goal is found[1]:
            return (
                f"{self.name(action.land)} is not another of {self.pname(player)}'s lands",
                "moving",
            )
        start, end = self.card(found[1]["land"]), self.card(goal["land"])
        if start.continent != end.continent:
            return (
                f"an ordinary move stays on one continent ({start.name} is in {start.continent}, "
                f"{end.name} in {end.continent}); only explorers cross to other continents",
                "same continent",
            )
        return self._room_refusal(goal, self.card(action.card))

    def _journey_refusal(self, player: int, action: ExplorerMove) -> Refusal | None:
        if self.phase_name != "move":
            return (
                f"explorers travel in the move phase, not the {self.phase_name} phase",
                "explorers",
            )
        card = self._known(action.explorer)
        found = self.find_column(action.explorer)
        if card is None or found is None or found[0] != player:
            return (
                f"{self.name(action.explorer)} is not on {self.pname(player)}'s battlefield",
                "explorers",
            )
        if not card.is_explorer:
            return (f"{card.name} is not an explorer; use the turn's one move", "explorers")
        if action.explorer in self.travelled:
            return (
                f"{card.name} has already moved this turn: an explorer moves once a turn",
                "explorers move once a turn",
            )
        goal = self._own_column(player, action.land)
        if goal is None or goal is found[1]:
            return (
                f"{self.name(action.land)} is not another of {self.pname(player)}'s lands",
                "explorers",
            )
        start, end = self.card(found[1]["land"]), self.card(goal["land"])
        if not can_travel(card.travel, start, end):
            ways = " or ".join(sorted(card.travel))
            return (
                f"{card.name} travels by {ways} and cannot reach {end.name} from {start.name}",
                "explorer travel",
            )
        if action.escort:
            if action.escort not in found[1]["cards"] or action.escort == action.explorer:
                return (
                    "an explorer takes along only a card from the land it sets out from",
                    "explorer travel",
                )
            if action.escort in self.travelled:
                return (
                    f"{self.name(action.escort)} has already moved this turn",
                    "explorers move once a turn",
                )
            escort = self.card(action.escort)
            return self._room_refusal(goal, escort, joining=2) or self._room_refusal(goal, card, 2)
        return self._room_refusal(goal, card)

    def _confiscate_refusal(self, player: int, action: Confiscate) -> Refusal | None:
        if self.phase_name != "move" or self.round_no < 2:
            return (
                "undefended lands are taken in the move phase, from round 2 on",
                "undefended lands",
            )
        found = self.column_of_land(action.land)
        if found is None or found[0] == player:
            return (f"{self.name(action.land)} is not an opponent's land", "undefended lands")
        target = found[1]
        if target["cards"]:
            return (
                f"{self.name(action.land)} is defended: only a land with no cards on it can be "
                "taken this way; beat its defenders in battle first",
                "undefended lands",
            )
        if target["locked"]:
            return ("a destroyed land cannot be taken for now", "destroyed lands")
        mover = action.explorer or action.card
        home = self.find_column(mover)
        if home is None or home[0] != player or mover not in home[1]["cards"]:
            return (
                f"{self.name(mover)} is not on {self.pname(player)}'s battlefield",
                "undefended lands",
            )
        leaving = 2 if action.explorer else 1
        if len(home[1]["cards"]) <= leaving:
            return (
                "the land the cards leave must keep at least one card of its own",
                "spare cards",
            )
        for key in (action.card, action.explorer):
            if key and key in self.travelled:
                return (
                    f"{self.name(key)} has already moved this turn: an explorer moves once a turn",
                    "explorers move once a turn",
                )
        start, goal = self.card(home[1]["land"]), self.card(target["land"])
        traveller = self.card(mover)
        if start.continent != goal.continent and not (
            traveller.is_explorer and can_travel(traveller.travel, start, goal)
        ):
            return (
                f"a spare card takes only an undefended land on its own continent ({start.name} is "
                f"in {start.continent}, {goal.name} in {goal.continent}); an explorer can carry "
                "it further",
                "same continent",
            )
        if action.explorer and not traveller.is_explorer:
            return (f"{traveller.name} is not an explorer", "explorers")
        return self._room_refusal(target, self.card(action.card), joining=leaving)
