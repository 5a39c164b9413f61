"""The order of a Conquest of Speros game and the steps nobody chooses.

Setup runs in the book's order: colours (:func:`deal` once all are chosen), the
first placement, then :func:`finish_setup`. A turn is *discard*, *ability*, *action*,
then *hand limit*; :func:`advance` moves through the steps that need no choice
(an ability step with nothing left to use, the end of the turn), :func:`begin_turn`
checks the end of the game and the empty-hand draw. Draws from the Location deck are
chance steps (:func:`draw`): every card left in the deck is equally likely.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import replace
from typing import TYPE_CHECKING

from hcgames.speros import effects
from hcgames.speros.actions import DrawCard, UseAbility
from hcgames.speros.effects import PendingDraw, PendingEffect, PendingOffer
from hcgames.speros.victory import end_reason, start_scoring
from hcgames.words import with_article

if TYPE_CHECKING:
    from hcgames.speros.material import Effect
    from hcgames.speros.state import SperosState

__all__ = [
    "PHASES",
    "STEP_WORDS",
    "ability_menu",
    "advance",
    "begin_turn",
    "deal",
    "draw",
    "end_turn",
    "finish_setup",
    "general_menu",
    "hand_limit",
    "idle_reason",
    "setup_rng",
]

#: the steps of a game, in order (setup, a turn, the end)
PHASES = (
    "choose people",
    "first placement",
    "discard",
    "ability",
    "action",
    "hand limit",
    "empty hand",
    "choose bonus",
)


#: each step as a player says it (the step names above are the program's)
STEP_WORDS = {
    "choose people": "Choose a people",
    "first placement": "Put a card forward",
    "discard": "Discard",
    "ability": "Use an ability",
    "action": "Explore, Attack, Lead or Plan",
    "hand limit": "Hand limit",
    "empty hand": "Empty hand",
    "choose bonus": "Reveal a bonus objective",
    "game over": "Game over",
}


def hand_limit(state: SperosState, player: int) -> int:
    """Cards ``player`` may keep at the end of their turn (an Artifact may raise it)."""
    limit = state.game.rules.hand_limit
    return limit + sum(e.n for e in effects.ongoing(state, player, "hand_limit"))


def general_menu(state: SperosState) -> list[UseAbility]:
    """The General's two abilities, while unused: offered in every step of the
    owner's turn before the action is taken (discard, ability and action step)."""
    p = state.turn_player
    if state.general_used[p]:
        return []
    terrain = state.colour[p] or ""
    return [UseAbility("general", terrain, i) for i in range(state.game.rules.general_abilities)]


def ability_menu(state: SperosState) -> list[UseAbility]:
    """What the ability step still offers: the discarded card's ability, the
    General's, and each reusable Artifact owned (not in the turn of its capture)."""
    p = state.turn_player
    cards = state.game.cards
    menu = []
    if (
        state.discarded is not None
        and cards[state.discarded].ability is not None
        and "discard" not in state.used_this_turn
    ):
        menu.append(UseAbility("discard", state.discarded, 0))
    menu += general_menu(state)
    for card_id in state.captured[p]:
        card = cards[card_id]
        if (
            card.timing == "reusable"
            and card_id not in state.used_this_turn
            and card_id not in state.captured_this_turn
        ):
            menu.append(UseAbility("artifact", card_id, 0))
    return menu


def _shield_in_play(state: SperosState, player: int) -> bool:
    """A rival of ``player`` holds an Artifact whose shield guards their Units."""
    return any(
        effects.ongoing(state, q, "shield") for q in range(state.game.num_players) if q != player
    )


def idle_reason(state: SperosState, action: UseAbility) -> str | None:
    """Why using ``action`` now would change nothing (a plain clause), or ``None``
    when it would do something. An ability with nothing to pick ends at once
    (:func:`advance` drops it), so the play screen says so beside the move."""
    p = state.turn_player
    cards = state.game.cards
    effect: Effect | None
    if action.source == "general":
        people = state.game.card_set.people_of(state.colour[p] or "")
        if not 0 <= action.index < len(people.general_abilities):
            return None
        effect = people.general_abilities[action.index]
    else:
        card = cards[action.card]
        effect = card.ability if action.source == "discard" else card.capture
    if effect is None:
        return None
    return effect_idle_reason(state, effect, p)


def effect_idle_reason(state: SperosState, effect: Effect, p: int) -> str | None:
    """Why ``effect`` used by player ``p`` now would change nothing (a plain clause),
    or ``None`` when it would do something: for an ability of the ability step and
    for an Excavate offered on an Artifact alike."""
    if effect.kind == "draw":
        return None if state.deck else "the Location deck is empty"
    frame = PendingEffect(effect.kind, p, effect.n, effect.terrain, "")
    try:
        if effects.targets(state, frame):
            return None
    except AssertionError:  # an ongoing kind, never used from the ability step
        return None
    terrain = effect.terrain.capitalize() if effect.terrain else ""
    on = with_article(f"{terrain} Location") if terrain else "any Location"
    kind = effect.kind
    if kind in ("deploy", "fortify") and not state.base_minions[p]:
        return "you have no Minion left in your Base Camp"
    if kind == "deploy":
        where = f"no {terrain} card is" if terrain else "no card is"
        return f"{where} in the Skirmish Area"
    if kind in ("exile", "obliterate"):
        unit = "Minion" if kind == "exile" else "Unit"
        shield = " (a shield keeps some out of reach)" if _shield_in_play(state, p) else ""
        return f"there is no rival {unit} on {on}{shield}"
    if kind in ("move", "recall"):
        return "none of your Minions stands on a Location"
    if kind == "explore":
        return "your hand is empty"
    if kind == "raze":
        return "every Location in the Skirmish Area has Units on it"
    if kind == "fortify":
        return "no card you captured has an open encampment"
    return "it has nothing to act on"


def setup_rng(state: SperosState, stage: str) -> random.Random:
    """Each setup stage shuffles with its own seeded stream."""
    return random.Random(f"conquest-of-speros/{state.seed}/{stage}")


def deal(state: SperosState) -> None:
    """Setup steps 2 and 3, once every colour is chosen: the secret Bonus Objectives
    each, then the Location hands from the shuffled deck."""
    n = state.game.num_players
    cs = state.game.card_set
    rules = state.game.rules
    rng = setup_rng(state, "deal")
    bonus = [o.id for o in cs.bonus]
    rng.shuffle(bonus)
    k = rules.bonus_dealt
    state.bonus = [sorted(bonus[k * p : k * p + k]) for p in range(n)]
    deck = [c.id for c in cs.locations]
    rng.shuffle(deck)
    size = rules.hand_size
    state.hands = [sorted(deck[size * p : size * p + size]) for p in range(n)]
    state.deck = sorted(deck[size * n :])
    state.log(
        None,
        "setup",
        f"Everyone is dealt {len(state.bonus[0])} secret Bonus Objectives and "
        f"{size} Location cards.",
    )


def finish_setup(state: SperosState) -> None:
    """Setup steps 4 to 6, after the first placement: one Artifact per player into
    the Skirmish Area, the Mastery Objectives, then a random starting player."""
    n = state.game.num_players
    cs = state.game.card_set
    rng = setup_rng(state, "finish")
    artifacts = [c.id for c in cs.artifacts]
    rng.shuffle(artifacts)
    cards = state.game.cards
    for card_id in sorted(artifacts[:n]):
        state.skirmish.append(card_id)
        state.units[card_id] = []
        state.log(
            None,
            "setup",
            f"The Ancient Artifact {cards[card_id].name} joins the Skirmish Area.",
        )
    if state.game.mastery:
        mastery = [o.id for o in cs.mastery]
        rng.shuffle(mastery)
        state.mastery = sorted(mastery[: n - 1])
        names = ", ".join(state.game.objective(o).name for o in state.mastery)
        state.log(None, "setup", f"The Mastery Objectives in play: {names}.")
    state.first_player = rng.randrange(n)


def draw(state: SperosState, action: DrawCard) -> None:
    """Chance step: the drawn card goes to the hand of the player drawing."""
    top = state.stack[-1]
    assert not isinstance(top, PendingOffer)
    player = top.player
    state.deck.remove(action.card)
    insort(state.hands[player], action.card)
    state.stack[-1] = replace(top, left=top.left - 1)
    state.log(
        player,
        "draw",
        f"{state.player_name(player)} draws a card ({len(state.deck)} left in the deck).",
        card=action.card,
    )
    if not state.deck and not state.deck_emptied:
        state.deck_emptied = True
        state.log(
            player,
            "deck",
            "The last Location card has been drawn: this turn is "
            "finished, then every other player has one final turn.",
        )


def advance(state: SperosState) -> None:
    """Run the steps that need no choice, up to the next decision."""
    while True:
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, PendingOffer):
                return
            if effects.is_draw(top):
                if top.left > 0 and state.deck:
                    return
            elif isinstance(top, PendingEffect) and top.left > 0 and effects.targets(state, top):
                return
            state.stack.pop()
            continue
        phase = state._phase
        if phase == "discard" and not state.hands[state.turn_player]:
            # a General ability emptied the hand: there is nothing to discard
            state._phase = "ability"
            continue
        if phase == "ability":
            if not ability_menu(state):
                state._phase = "action"
            return
        if phase == "action" and state.action_taken:
            state._phase = "hand limit"
            continue
        if phase == "hand limit":
            if len(state.hands[state.turn_player]) > hand_limit(state, state.turn_player):
                return
            end_turn(state)
            continue
        if phase == "empty hand":
            end_turn(state)
            continue
        return


def end_turn(state: SperosState) -> None:
    """Count the final round down once the deck has run out; pass to the next seat."""
    n = state.game.num_players
    state.turns += 1
    if state.final_turns_left is not None:
        state.final_turns_left -= 1
    elif state.deck_emptied:
        state.final_turns_left = n - 1
    nxt = (state.turn_player + 1) % n
    if nxt == state.first_player:
        state.round_no += 1
    begin_turn(state, nxt)


def begin_turn(state: SperosState, player: int) -> None:
    """A new turn: the game may end here; with an empty hand the turn is a draw."""
    state.turn_player = player
    state.used_this_turn = []
    state.excavated = []
    state.captured_this_turn = []
    state.discarded = None
    state.action_taken = False
    reason = end_reason(state, player)
    if reason is not None:
        start_scoring(state, reason)
        return
    if not state.hands[player]:
        draws = state.game.rules.empty_hand_draws
        state._phase = "empty hand"
        state.log(
            player,
            "empty hand",
            f"{state.player_name(player)} has no cards: draws {draws} and skips the rest "
            "of the turn.",
        )
        state.stack.append(PendingDraw(player, draws, "empty hand"))
        return
    state._phase = "discard"
