"""What a player may do in each step of Conquest of Speros, what it does, and why
anything else is refused.

One module past 600 lines on purpose: each step's choices, what they do and why one is
refused sit side by side, so a rule and its refusal are never in two files.

Each step's legal actions (:func:`legal_actions`), the handler applying each kind of
action (setup choices, the turn's discard, abilities and four actions, the picks of
an ability in use, the end-of-game bonus choice) and :func:`why_illegal`, the
sentence that explains a refusal beside the legality it explains. Placing a Unit
(:func:`place`) and capturing a card (:func:`check_capture`, by the majority rules
of :mod:`hcgames.speros.majority`) happen here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import Action
from hcgames.speros import effects
from hcgames.speros.actions import (
    Accept,
    Attack,
    ChooseBonus,
    ChoosePeople,
    Deploy,
    Discard,
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
    card_label,
)
from hcgames.speros.effects import PendingDraw, PendingEffect, PendingOffer
from hcgames.speros.majority import capturer
from hcgames.speros.material import TERRAINS
from hcgames.speros.scoring import score_lines
from hcgames.speros.turn import (
    ability_menu,
    begin_turn,
    deal,
    effect_idle_reason,
    finish_setup,
    general_menu,
    hand_limit,
)
from hcgames.speros.victory import finish
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = [
    "accept",
    "attack",
    "check_capture",
    "choose_bonus",
    "choose_people",
    "deploy",
    "discard",
    "end_abilities",
    "exile",
    "explore",
    "first_placement",
    "fortify",
    "lead",
    "legal_actions",
    "limit_discard",
    "move",
    "obliterate",
    "place",
    "plan",
    "play_from_hand",
    "raze",
    "recall",
    "remove_unit",
    "stop",
    "use_ability",
    "why_illegal",
]

STOP = Stop()
END_ABILITIES = EndAbilities()
PLAN = Plan()


# --- legal actions ------------------------------------------------------------------


def legal_actions(state: SperosState) -> list[Action]:
    """The actions open now: a pending ability's picks first, else the step's."""
    g = state.game
    if state.stack:
        top = state.stack[-1]
        if isinstance(top, PendingOffer):
            return [Accept(top.what, top.card), STOP]
        assert isinstance(top, PendingEffect)
        return [*effects.targets(state, top), STOP]
    phase = state._phase
    p = state.current_player
    if phase == "discard":
        return [*(g.discard_actions[c] for c in state.hands[p]), *general_menu(state)]
    if phase == "ability":
        return [*ability_menu(state), END_ABILITIES]
    if phase == "action":
        out: list[Action] = [g.explore_actions[c] for c in state.hands[p]]
        if state.base_minions[p]:
            out += [g.attack_actions[c] for c in state.skirmish]
        if state.general_home[p]:
            for c in state.skirmish:
                out.append(g.lead_actions[c, False])
                if state.base_minions[p] and state.empty_spaces(c) >= 2:
                    out.append(g.lead_actions[c, True])
        out.append(PLAN)
        return out + general_menu(state)
    if phase == "hand limit":
        return [LimitDiscard(c) for c in state.hands[p]]
    if phase == "choose people":
        return [ChoosePeople(t) for t in TERRAINS if t not in state.colour]
    if phase == "first placement":
        return [FirstPlacement(c) for c in state.hands[p]]
    if phase == "choose bonus":
        return [ChooseBonus(o) for o in state.bonus[p]]
    raise AssertionError(f"no actions defined for phase {phase!r}")


# --- why an action is refused -------------------------------------------------------

#: what each step asks of the player to act (quoted when an action is refused)
STEP_TASKS = {
    "discard": "discard one card from hand",
    "ability": "use abilities or end the ability step",
    "action": "take one action: Explore, Attack, Lead or Plan",
    "hand limit": "discard down to the hand limit",
    "choose people": "choose a people",
    "first placement": "pick a Location for the Skirmish Area",
    "choose bonus": "reveal one bonus objective",
}


def why_illegal(state: SperosState, action: Action) -> tuple[str, str]:
    """Why ``action`` is not legal now, and the rule that says so: the refusals of
    :func:`legal_actions` just above, step by step."""
    p = state.current_player
    who = state.player_name(p) if p >= 0 else "chance"
    phase = state._phase
    if state.stack:
        top = state.stack[-1]
        if effects.is_draw(top):
            return (
                f"{action} is not a card left in the Location deck; a draw is pending",
                "drawing cards",
            )
        if isinstance(top, PendingOffer):
            return (
                f"{who} must first take up or decline the {top.what} ability of "
                f"{card_label(top.card)}, not {action}",
                "artifact abilities",
            )
        assert isinstance(top, PendingEffect)
        return (
            f"{action} is not a target of the {top.kind} ability {who} is using "
            f"({plural(top.left, 'pick')} left); choose a target or stop",
            "ability step",
        )
    hand = state.hands[p] if p >= 0 else []
    card = getattr(action, "card", None)
    if isinstance(action, Discard | LimitDiscard | FirstPlacement | Explore) and (card not in hand):
        return (f"{who} does not hold {card_label(card)} in hand", "hand")
    if isinstance(action, Attack | Lead) and phase == "action":
        if card not in state.skirmish:
            where = "in a captured area" if card in state.owner else "not on the table"
            return (
                f"{card_label(card)} is {where}: Attack and Lead deploy only to cards in the "
                "Skirmish Area",
                "deploying",
            )
        if isinstance(action, Attack) and not state.base_minions[p]:
            return (f"{who} has no Minion left in the Base Camp to deploy", "deploying")
        if isinstance(action, Lead):
            if not state.general_home[p]:
                return (f"{who}'s General is not in the Base Camp", "Lead action")
            return (
                f"{card} has fewer than two open encampments or {who} has no Minion "
                "at home, so the General cannot bring a Minion",
                "Lead action",
            )
    if isinstance(action, UseAbility) and action.source == "general" and p >= 0:
        if state.general_used[p]:
            return (
                f"{who} has already used the General's ability: a General's ability "
                "may be used only once in the whole game",
                "General abilities",
            )
        if action.card in state.colour and action.card != state.colour[p]:
            return (
                f"a General's ability may be used only in its owner's own turn, and it "
                f"is {who}'s turn now",
                "General abilities",
            )
        if phase in ("discard", "ability", "action"):
            return (
                f"{action} is not {who}'s General ability: the General's card has "
                f"the abilities of the {state.colour[p]} people",
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
            f"{card_label(action.objective)} is not one of {who}'s bonus objectives",
            "bonus objectives",
        )
    step = STEP_TASKS.get(phase, phase)
    return (
        f"{action} is not allowed now: in the {phase} step {who} must {step}",
        f"turn order ({phase})",
    )


# --- setup choices ------------------------------------------------------------------


def choose_people(state: SperosState, action: ChoosePeople) -> None:
    p = state.chooser
    state.colour[p] = action.terrain
    people = state.game.card_set.people_of(action.terrain)
    state.log(
        p,
        "setup",
        f"{state.game.player_names[p]} leads the {people.people} "
        f"({people.colour}, {action.terrain}) under {people.general}.",
    )
    state.chooser += 1
    if state.chooser == state.game.num_players:
        state.chooser = 0
        deal(state)
        state._phase = "first placement"


def first_placement(state: SperosState, action: FirstPlacement) -> None:
    p = state.chooser
    state.hands[p].remove(action.card)
    state.setup_pick[p] = action.card
    state.log(p, "setup", f"{state.player_name(p)} chooses a Location in secret.")
    state.chooser += 1
    if state.chooser < state.game.num_players:
        return
    state.chooser = 0
    cards = state.game.cards
    for q, card_id in enumerate(state.setup_pick):
        assert card_id is not None
        state.skirmish.append(card_id)
        state.units[card_id] = []
        state.log(
            q,
            "setup",
            f"{state.player_name(q)} reveals {cards[card_id].name} in the Skirmish Area.",
        )
    state.setup_pick = [None] * state.game.num_players
    finish_setup(state)
    state.round_no = 1
    state.log(None, "setup", f"{state.player_name(state.first_player)} takes the first turn.")
    begin_turn(state, state.first_player)


# --- a turn: discard, abilities, one action, the hand limit ------------------------


def discard(state: SperosState, action: Discard) -> None:
    p = state.turn_player
    state.hands[p].remove(action.card)
    state.discard.append(action.card)
    state.discarded = action.card
    card = state.game.cards[action.card]
    state.log(p, "discard", f"{state.player_name(p)} discards {card.name}.")
    state._phase = "ability"


def use_ability(state: SperosState, action: UseAbility) -> None:
    p = state.turn_player
    cards = state.game.cards
    if action.source == "discard":
        state.used_this_turn.append("discard")
        effect = cards[action.card].ability
        label = f"the discard ability of {cards[action.card].name}"
    elif action.source == "general":
        state.general_used[p] = True
        people = state.game.card_set.people_of(state.colour[p] or "")
        effect = people.general_abilities[action.index]
        label = f"{people.general}'s once-a-game ability (in the {state._phase} step)"
    else:
        state.used_this_turn.append(action.card)
        effect = cards[action.card].capture
        label = f"the reusable power of {cards[action.card].name}"
    assert effect is not None
    state.log(p, "ability", f"{state.player_name(p)} uses {label}: {effect.text}")
    effects.push(state, p, effect, label)


def end_abilities(state: SperosState, action: EndAbilities) -> None:
    state._phase = "action"


def explore(state: SperosState, action: Explore) -> None:
    """Explore: lay a hand Location; a Minion deploys there unless it is home terrain."""
    p = state.turn_player
    card = state.game.cards[action.card]
    state.hands[p].remove(action.card)
    state.skirmish.append(action.card)
    state.units[action.card] = []
    state.action_taken = True
    if card.terrain != state.colour[p] and state.base_minions[p]:
        state.base_minions[p] -= 1
        place(state, action.card, p, "M")
        state.log(
            p,
            "explore",
            f"{state.player_name(p)} explores {card.name} and deploys a Minion there.",
        )
        check_capture(state, action.card)
    else:
        state.log(p, "explore", f"{state.player_name(p)} explores {card.name}.")


def attack(state: SperosState, action: Attack) -> None:
    """Attack: a Minion deploys to any card in the Skirmish Area."""
    p = state.turn_player
    state.action_taken = True
    state.base_minions[p] -= 1
    state.log(
        p,
        "attack",
        f"{state.player_name(p)} attacks: a Minion deploys to "
        f"{state.game.cards[action.card].name}.",
    )
    place(state, action.card, p, "M")
    check_capture(state, action.card)


def lead(state: SperosState, action: Lead) -> None:
    """Lead: the General deploys, with a Minion if two encampments are open."""
    p = state.turn_player
    state.action_taken = True
    state.general_home[p] = False
    extra = " with a Minion" if action.with_minion else ""
    state.log(
        p,
        "lead",
        f"{state.player_name(p)} leads: the General{extra} deploys to "
        f"{state.game.cards[action.card].name}.",
    )
    place(state, action.card, p, "G")
    if action.with_minion:
        state.base_minions[p] -= 1
        place(state, action.card, p, "M")
    check_capture(state, action.card)


def plan(state: SperosState, action: Plan) -> None:
    """Plan: draw cards (an Artifact may add to the count)."""
    p = state.turn_player
    state.action_taken = True
    n = state.game.rules.plan_draws + sum(e.n for e in effects.ongoing(state, p, "plan_bonus"))
    state.log(p, "plan", f"{state.player_name(p)} plans and draws up to {n} cards.")
    state.stack.append(PendingDraw(p, n, "Plan"))


def limit_discard(state: SperosState, action: LimitDiscard) -> None:
    p = state.turn_player
    state.hands[p].remove(action.card)
    state.discard.append(action.card)
    state.log(
        p,
        "discard",
        f"{state.player_name(p)} discards {state.game.cards[action.card].name} "
        f"to keep {hand_limit(state, p)} cards.",
    )


def choose_bonus(state: SperosState, action: ChooseBonus) -> None:
    """The end: each player in turn reveals the Bonus Objective that counts."""
    p = state.chooser
    state.chosen_bonus[p] = action.objective
    objective = state.game.objective(action.objective)
    lines = score_lines(state, p)
    state.log(
        p,
        "bonus",
        f"{state.player_name(p)} reveals the bonus objective {objective.name} "
        f"({lines[-2 if state.mastery else -1][2]} VP).",
    )
    state.chooser += 1
    if state.chooser == state.game.num_players:
        finish(state)


# --- answering an offer, stopping, and each pick of an ability in use -------------


def accept(state: SperosState, action: Accept) -> None:
    """Take up the offered Excavate or one-time Capture ability."""
    top = state.stack.pop()
    player = top.player
    card = state.game.cards[action.card]
    effect = card.excavate if action.what == "excavate" else card.capture
    if action.what == "excavate":
        # taking it, not being offered it, is what the book limits to once a turn
        state.excavated.append((player, action.card))
    assert effect is not None
    # taken when it can do nothing, the log says so (a reviewer read it as done)
    idle = effect_idle_reason(state, effect, player)
    nothing = f" It does nothing now: {idle}." if idle else ""
    state.log(
        player,
        action.what,
        f"{state.player_name(player)} takes the {action.what} ability of {card.name}: "
        f"{effect.text}{nothing}",
    )
    effects.push(state, player, effect, f"{action.what} of {card.name}")


def stop(state: SperosState, action: Stop) -> None:
    """Decline an offer, or stop using the rest of an ability."""
    top = state.stack.pop()
    if isinstance(top, PendingOffer):
        what, label = "declines", f"the {top.what} ability of {card_label(top.card)}"
    else:
        what, label = "stops using", top.source
    state.log(top.player, "stop", f"{state.player_name(top.player)} {what} {label}.")


def _pick(state: SperosState) -> int:
    """Count one pick off the ability on top of the stack; the player who picks."""
    top = state.stack[-1]
    assert isinstance(top, PendingEffect)
    state.stack[-1] = PendingEffect(top.kind, top.player, top.left - 1, top.terrain, top.source)
    return top.player


def deploy(state: SperosState, action: Deploy) -> None:
    player = _pick(state)
    state.base_minions[player] -= 1
    name = state.game.cards[action.card].name
    state.log(player, "deploy", f"{state.player_name(player)} deploys a Minion to {name}.")
    place(state, action.card, player, "M")
    check_capture(state, action.card)


def exile(state: SperosState, action: Exile) -> None:
    player = _pick(state)
    remove_unit(state, action.card, action.player, "M")
    state.base_minions[action.player] += 1
    state.log(
        player,
        "exile",
        f"{state.player_name(player)} sends a Minion of {state.player_name(action.player)} home "
        f"from {state.game.cards[action.card].name}.",
    )


def obliterate(state: SperosState, action: Obliterate) -> None:
    player = _pick(state)
    unit = "G" if action.general else "M"
    remove_unit(state, action.card, action.player, unit)
    if action.general:
        state.general_lost[action.player] = True
    else:
        state.lost_minions[action.player] += 1
    state.log(
        player,
        "obliterate",
        f"{state.player_name(player)} obliterates the "
        f"{'General' if action.general else 'Minion'} of {state.player_name(action.player)} "
        f"on {state.game.cards[action.card].name}.",
    )


def move(state: SperosState, action: Move) -> None:
    player = _pick(state)
    cards = state.game.cards
    remove_unit(state, action.from_, player, "M")
    state.log(
        player,
        "move",
        f"{state.player_name(player)} moves a Minion from {cards[action.from_].name} "
        f"to {cards[action.to].name}.",
    )
    place(state, action.to, player, "M")
    check_capture(state, action.to)


def recall(state: SperosState, action: Recall) -> None:
    player = _pick(state)
    remove_unit(state, action.card, player, "M")
    state.base_minions[player] += 1
    name = state.game.cards[action.card].name
    state.log(player, "recall", f"{state.player_name(player)} brings a Minion home from {name}.")


def play_from_hand(state: SperosState, action: PlayFromHand) -> None:
    player = _pick(state)
    state.hands[player].remove(action.card)
    state.skirmish.append(action.card)
    state.units[action.card] = []
    state.log(
        player,
        "explore",
        f"{state.player_name(player)} lays {state.game.cards[action.card].name} "
        "in the Skirmish Area.",
    )


def raze(state: SperosState, action: Raze) -> None:
    player = _pick(state)
    state.skirmish.remove(action.card)
    del state.units[action.card]
    state.last_placed.pop(action.card, None)
    state.discard.append(action.card)
    state.log(
        player,
        "raze",
        f"{state.player_name(player)} razes {state.game.cards[action.card].name}: "
        "it goes on the discard pile.",
    )


def fortify(state: SperosState, action: Fortify) -> None:
    player = _pick(state)
    state.base_minions[player] -= 1
    name = state.game.cards[action.card].name
    state.log(player, "fortify", f"{state.player_name(player)} fortifies {name} with a Minion.")
    place(state, action.card, player, "M")


# --- placing and capturing ----------------------------------------------------------


def place(state: SperosState, card_id: str, player: int, kind: str) -> None:
    """Put one Unit on a card; on an Artifact, offer its Excavate ability unless the
    player has taken it this turn (a declined offer comes back at the next placing)."""
    state.units[card_id].append((player, kind))
    state.seq += 1
    last = state.last_placed.get(card_id)
    if last is None:
        last = state.last_placed[card_id] = [-1] * state.game.num_players
    last[player] = state.seq
    if state.game.cards[card_id].is_artifact and (player, card_id) not in state.excavated:
        offer = PendingOffer("excavate", card_id, player)
        # one offer at a time: a Lead's General and Minion raise it once
        if offer not in state.triggers and offer not in state.stack:
            effects.trigger(state, offer)


def remove_unit(state: SperosState, card_id: str, player: int, kind: str) -> None:
    units = state.units[card_id]
    for i in range(len(units) - 1, -1, -1):
        if units[i] == (player, kind):
            del units[i]
            return
    raise AssertionError(f"no {kind} of player {player} on {card_id}")


def check_capture(state: SperosState, card_id: str) -> None:
    """Capture ``card_id`` if one player holds the majority there (the rule of ties
    and the demonstrated majority are :func:`hcgames.speros.majority.capturer`).
    Capturing an Artifact sends rivals' Units home and offers a one-time ability."""
    if card_id in state.owner:
        return
    last = state.last_placed.get(card_id)
    if last is None:
        return
    winner = capturer(state.counts(card_id), state.empty_spaces(card_id), last)
    if winner is None:
        return
    card = state.game.cards[card_id]
    state.skirmish.remove(card_id)
    state.captured[winner].append(card_id)
    state.owner[card_id] = winner
    state.captured_this_turn.append(card_id)
    counts = state.counts(card_id)
    if state.empty_spaces(card_id):
        how = "no rival can outnumber them there any more"
    elif counts.count(max(counts)) > 1:
        how = "a tie on a full card goes to the last to place there"
    else:
        how = "the card is full and they hold the most Units on it"
    state.log(
        winner,
        "capture",
        f"{state.player_name(winner)} captures {card.name}: {how}.",
        card=card_id,
    )
    if card.is_artifact:
        kept = []
        for owner, kind in state.units[card_id]:
            if owner == winner:
                kept.append((owner, kind))
            elif kind == "G":
                state.general_home[owner] = True
            else:
                state.base_minions[owner] += 1
        if len(kept) < len(state.units[card_id]):
            state.log(
                winner,
                "capture",
                "Every rival Unit on it goes back to its "
                "Base Camp; the captor's Units are locked in place.",
            )
        state.units[card_id] = kept
        if card.timing == "one_time":
            effects.trigger(state, PendingOffer("capture", card_id, winner))
