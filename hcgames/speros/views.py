"""What a Conquest of Speros position looks like: snapshots, hidden information,
card rows for the widgets, scores, a sentence describing the table, and a heuristic.

Plain functions of the state; :class:`~hcgames.speros.state.SperosState` calls them
for its contract methods (``snapshot``, ``observation``, ``card_rows``...).

One module past 600 lines on purpose: everything the views read of a Speros position
(what is hidden, the card rows, the score and the play screen's lines) is worded from
the same card tables, kept side by side so a change to one wording is seen beside the rest.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from hcgames.core import Action
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
from hcgames.speros.effects import PendingOffer
from hcgames.speros.material import Card, Effect
from hcgames.speros.scoring import score_lines, total_scores
from hcgames.speros.turn import STEP_WORDS, effect_idle_reason, idle_reason
from hcgames.words import capitalise, count, join, plural

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = [
    "HIDDEN",
    "action_words",
    "card_rows",
    "card_view",
    "describe",
    "determinize",
    "evaluate",
    "hand_warning",
    "move_group",
    "observation",
    "own_side_lines",
    "score_line",
    "scores",
    "snapshot",
]

HIDDEN = "hidden"


# --- plain data ------------------------------------------------------------------


def snapshot(state: SperosState) -> dict[str, Any]:
    return {
        "phase": state._phase,
        "round": state.round_no,
        "turn_player": state.turn_player,
        "first_player": state.first_player,
        "chooser": state.chooser,
        "turns": state.turns,
        "seq": state.seq,
        "colour": list(state.colour),
        "hands": [list(h) for h in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "bonus": [list(b) for b in state.bonus],
        "chosen_bonus": list(state.chosen_bonus),
        "mastery": list(state.mastery),
        "setup_pick": list(state.setup_pick),
        "skirmish": list(state.skirmish),
        "units": {c: [[o, k] for o, k in u] for c, u in sorted(state.units.items())},
        "last_placed": {c: list(v) for c, v in sorted(state.last_placed.items())},
        "captured": [list(a) for a in state.captured],
        "base_minions": list(state.base_minions),
        "general_home": list(state.general_home),
        "lost_minions": list(state.lost_minions),
        "general_lost": list(state.general_lost),
        "general_used": list(state.general_used),
        "stack": [f.to_json() for f in state.stack],
        "used_this_turn": list(state.used_this_turn),
        "excavated": [list(e) for e in state.excavated],
        "captured_this_turn": list(state.captured_this_turn),
        "discarded": state.discarded,
        "action_taken": state.action_taken,
        "deck_emptied": state.deck_emptied,
        "final_turns_left": state.final_turns_left,
        "end_reason": state.end_reason,
    }


def observation(state: SperosState, player: int) -> dict[str, Any]:
    """The snapshot with everything ``player`` cannot see replaced by counts."""
    obs = state.snapshot()
    obs["deck"] = len(state.deck)
    obs["hands"] = [list(h) if q == player else len(h) for q, h in enumerate(state.hands)]
    obs["bonus"] = [list(b) if q == player else len(b) for q, b in enumerate(state.bonus)]
    obs["setup_pick"] = [
        c if q == player or c is None else HIDDEN for q, c in enumerate(state.setup_pick)
    ]
    obs["viewer"] = player
    return obs


def determinize(state: SperosState, player: int, rng: Any) -> SperosState:
    """A copy where rivals' hands, secret picks, the deck order and rivals'
    unrevealed bonus objectives are dealt again at random."""
    guess = state.copy()
    n = state.game.num_players
    others = [q for q in range(n) if q != player]
    pool = list(state.deck)
    for q in others:
        pool += state.hands[q]
        pick = state.setup_pick[q]
        if pick is not None:
            pool.append(pick)
    rng.shuffle(pool)
    for q in others:
        size = len(state.hands[q])
        guess.hands[q] = sorted(pool[:size])
        pool = pool[size:]
        if state.setup_pick[q] is not None:
            guess.setup_pick[q] = pool.pop()
    guess.deck = sorted(pool)
    dealt = {o for b in state.bonus for o in b}
    spare = [o.id for o in state.game.card_set.bonus if o.id not in dealt]
    for q in others:
        spare += [o for o in state.bonus[q] if o != state.chosen_bonus[q]]
    rng.shuffle(spare)
    for q in others:
        keep = [o for o in state.bonus[q] if o == state.chosen_bonus[q]]
        need = len(state.bonus[q]) - len(keep)
        guess.bonus[q] = sorted(keep + spare[:need])
        spare = spare[need:]
    if state._phase in ("choose people", "first placement"):
        # the deals still to come (hands, Artifacts, starting player) are unknown
        guess.seed = rng.getrandbits(63)
    guess._legal_cache = None
    return guess


# --- scores and words ------------------------------------------------------------


def scores(state: SperosState) -> dict[int, float]:
    """Victory points as they stand (a hidden bonus objective counts once chosen)."""
    return {p: float(v) for p, v in enumerate(total_scores(state))}


def evaluate(state: SperosState, player: int) -> float:
    if state.is_terminal():
        return state.returns()[player]
    totals = total_scores(state)
    rival = max(v for q, v in enumerate(totals) if q != player)
    return 1.0 / (1.0 + math.exp(-(totals[player] - rival) / 6.0))


#: the step under way as the task of the side to play, for :func:`describe`
STEP_TASKS = {
    "choose people": "choose a people",
    "first placement": "put a card forward",
    "discard": "discard a card",
    "ability": "use an ability or go on",
    "action": "Explore, Attack, Lead or Plan",
    "hand limit": "discard down to the hand limit",
    "choose bonus": "reveal a bonus objective",
}


def describe(state: SperosState) -> str:
    limit = state.game.max_rounds
    if state.is_terminal():
        outcome = state.outcome()
        assert outcome is not None
        scores = ", ".join(f"{state.player_name(p)} {int(v)}" for p, v in outcome.scores.items())
        when = (
            f"after round {limit}"
            if limit is not None and state.round_no > limit
            else f"in round {state.round}"
        )
        return f"Game over {when}. Scores: {scores}. {capitalise(outcome.reason)}."
    p = state.current_player
    step = STEP_WORDS.get(state._phase, state._phase)
    if not state.round_no:
        when = "Setting up"
    else:
        when = f"Round {state.round}" + (f" of {limit}" if limit is not None else "")
    if p < 0:
        lines = [f"{when}: a card is being drawn."]
    else:
        # what the side to play does now, said as a task ("to discard a card"), not the
        # bare name of the step ("Player 1: discard." read as a settings line, look 8)
        task = STEP_TASKS.get(state._phase)
        if task is not None:
            lines = [f"{when}: {state.player_name(p)} to {task}."]
        else:
            named = any(word[:1].isupper() for word in step.split()[1:])
            said = step if named else f"{step[:1].lower()}{step[1:]}"
            lines = [f"{when}, {state.player_name(p)}: {said}."]
    if state.round_no:
        lines.append(
            f"The deck holds {count(len(state.deck), 'card')}; the Skirmish Area holds "
            f"{count(len(state.skirmish), 'card')}."
        )
        totals = total_scores(state)
        lines.append(
            "So far: "
            + "; ".join(
                f"{state.player_name(q)} {totals[q]} VP{_score_parts(state, q)}, "
                f"{len(state.captured[q])} captured, "
                f"{state.units_at_home(q)} in the Base Camp"
                for q in range(state.game.num_players)
            )
            + "."
        )
    top = state.stack[-1] if state.stack else None
    if isinstance(top, PendingOffer):
        lines.append(f"Still to choose: the {top.what} ability of {card_label(top.card)}.")
    elif top is not None and top.kind != "draw":
        source = top.source
        if source.startswith(("excavate of ", "capture of ")):
            source = "the " + source.replace(" of ", " ability of ", 1)
        lines.append(f"Still to finish: {source}.")
    return " ".join(lines)


def score_line(state: SperosState) -> str:
    """Each side's victory points as they stand, for the line beside the moves (the
    score the status line under them breaks down): empty before the first round and
    after the end, where the banner and the score sheet say it."""
    if not state.round_no or state.is_terminal():
        return ""
    totals = total_scores(state)
    said = ", ".join(
        f"{state.player_name(p)} {totals[p]} VP" for p in range(state.game.num_players)
    )
    return f"Score so far: {said}."


def hand_warning(state: SperosState) -> str:
    """A warning to the side to play that its hand is about to run out, said while a
    Plan can still save it: a turn that starts with no cards only draws (the rulebook's
    empty-hand rule), and every turn costs a card in its discard step and Explore
    another. Empty when the hand lasts."""
    p = state.current_player
    if p < 0 or p != state.turn_player or state._phase not in ("discard", "ability", "action"):
        return ""
    if state._phase == "action" and state.action_taken:
        return ""
    limit = state.game.max_rounds
    last = state.final_turns_left is not None or not state.deck
    if last or (limit is not None and state.round_no >= limit):
        return ""  # no later turn of this side's to lose (or no card left to Plan for)
    held = len(state.hands[p])
    # cards left for the next turn if this one discards (still to do) and Explores
    left = held - (1 if state._phase == "discard" else 0) - 1
    if left > 0:
        return ""
    rules = state.game.rules
    return (
        f"{'your hand is empty' if not held else 'you hold ' + count(held, 'card')}: "
        "a turn that starts with an empty hand is lost "
        f"(you only draw {rules.empty_hand_draws} cards), so Plan to draw "
        f"{rules.plan_draws}"
    )


def _score_parts(state: SperosState, player: int) -> str:
    """Where a score so far comes from, in brackets (empty when it is 0), so that a
    student sees why it moved: e.g. " (General on familiar terrain 3, mastery objectives 4)"."""
    parts = [f"{line} {vp}" for line, _count, vp in score_lines(state, player) if vp]
    return f" ({', '.join(parts)})" if parts else ""


def _ability_words(state: SperosState, action: UseAbility) -> str:
    """An ability as a move: whose it is, what it does, and, when it would change
    nothing now, that it would do nothing and why (the rules still allow it)."""
    cards = state.game.cards
    effect: Effect | None
    if action.source == "general":
        terrain = state.colour[state.current_player] if state.current_player >= 0 else None
        abilities = state.game.card_set.people_of(terrain).general_abilities if terrain else []
        if not 0 <= action.index < len(abilities):
            return str(action)
        whose, effect = "the General's once-a-game ability", abilities[action.index]
    elif action.source == "artifact":
        whose = f"the reusable ability of {card_label(action.card)}"
        effect = cards[action.card].capture
    else:
        whose = f"the discard ability of {card_label(action.card)}"
        effect = cards[action.card].ability
    if effect is None:
        return str(action)
    text = effect.text.rstrip(".")
    words = f"use {whose}: {text[:1].lower()}{text[1:]}"
    idle = idle_reason(state, action) if state.current_player >= 0 else None
    return f"{words} (this would do nothing now: {idle})" if idle else words


def _offer_words(state: SperosState, action: Accept) -> str:
    """An offered Excavate or one-time Capture ability as a move, with, when it would
    change nothing now, that it would do nothing and why (as for the ability step)."""
    card = state.game.cards[action.card]
    effect = card.excavate if action.what == "excavate" else card.capture
    top = state.stack[-1] if state.stack else None
    player = top.player if isinstance(top, PendingOffer) else state.current_player
    idle = effect_idle_reason(state, effect, player) if effect and player >= 0 else None
    return f"{action} (this would do nothing now: {idle})" if idle else str(action)


def action_words(state: SperosState, action: Action) -> str:
    """A move as the play screen lists it: a General's ability by what it does, a
    rival by the people they lead, a bonus objective with what it scores."""
    if isinstance(action, UseAbility):
        return _ability_words(state, action)
    if isinstance(action, ChoosePeople):
        people = state.game.card_set.people_of(action.terrain)
        return f"the {people.people} ({people.colour}, {action.terrain})"
    if isinstance(action, FirstPlacement):
        return f"put {card_label(action.card)} forward (in secret)"
    # the four actions short enough for the list's width, and saying what they place
    if isinstance(action, Attack):
        return f"Attack: a Minion onto {card_label(action.card)}"
    if isinstance(action, Lead):
        extra = " and a Minion" if action.with_minion else ""
        return f"Lead: the General{extra} onto {card_label(action.card)}"
    if isinstance(action, Explore):
        p = state.current_player
        card = state.game.cards[action.card]
        home = p >= 0 and card.terrain == state.colour[p]
        with_minion = not home and p >= 0 and state.base_minions[p] > 0
        return f"Explore: lay down {card.name}" + (" with a Minion" if with_minion else "")
    if isinstance(action, Accept):
        return _offer_words(state, action)
    if isinstance(action, EndAbilities):
        return "use no ability now: go on to Explore, Attack, Lead or Plan"
    if isinstance(action, Stop):
        if state.stack and isinstance(state.stack[-1], PendingOffer):
            return f"do not take the {state.stack[-1].what} ability"
        return "end this ability here"
    if isinstance(action, Exile):
        rival = state.side_name(action.player)
        return f"send a Minion of the {rival} on {card_label(action.card)} back to their Base Camp"
    if isinstance(action, Obliterate):
        rival = state.side_name(action.player)
        unit = "the General" if action.general else "a Minion"
        return f"remove {unit} of the {rival} on {card_label(action.card)} from the game"
    if isinstance(action, Raze):
        return f"throw {card_label(action.card)} on the discard pile"
    if isinstance(action, Fortify):
        return f"put a Minion on your captured card {card_label(action.card)}"
    if isinstance(action, ChooseBonus):
        objective = state.game.objective(action.objective)
        return f"reveal the bonus objective {objective.name} ({objective.text.rstrip('.')})"
    return str(action)


def report_words(state: SperosState, action: Action) -> str:
    """A move the computer made, as a sentence about the people who made it ("The
    Saltdeep Merfolk attack Coralspire Reef with a Minion"), read in the list of the
    computer's moves. No ": " in it: that list reads a colon as "who: what"."""
    p = state.current_player
    people = state.colour[p] if 0 <= p < len(state.colour) else None
    who = f"The {state.side_name(p)}" if people else state.player_name(p)
    their = "their" if people else "its"

    def does(plural: str, single: str) -> str:  # "the Merfolk attack", "Player 2 chooses"
        return plural if people else single

    cards = state.game.cards
    card_id = getattr(action, "card", None)  # a General's ability names its terrain here
    name = cards[card_id].name if card_id in cards else ""
    if isinstance(action, ChoosePeople):
        chosen = state.game.card_set.people_of(action.terrain)
        return f"{who} {does('choose', 'chooses')} to lead the {chosen.people}"
    if isinstance(action, FirstPlacement):
        return f"{who} {does('put', 'puts')} a card forward in secret"
    if isinstance(action, Discard | LimitDiscard):
        return f"{who} {does('discard', 'discards')} {name}"
    if isinstance(action, Attack):
        return f"{who} {does('attack', 'attacks')} {name} with a Minion"
    if isinstance(action, Lead):
        extra = " and a Minion" if action.with_minion else ""
        return f"{who} {does('lead', 'leads')} {their} General{extra} onto {name}"
    if isinstance(action, Explore):
        card = cards[action.card]
        with_minion = card.terrain != state.colour[p] and state.base_minions[p] > 0
        return f"{who} {does('explore', 'explores')} {name}" + (
            " and put a Minion on it" if with_minion else ""
        )
    if isinstance(action, Plan):
        return f"{who} {does('plan', 'plans')}, drawing cards"
    if isinstance(action, EndAbilities):
        return f"{who} {does('use', 'uses')} no ability this turn"
    if isinstance(action, UseAbility) and action.source == "general" and people:
        ability = state.game.card_set.people_of(people).general_abilities[action.index]
        text = re.sub(r"\byour\b", their, ability.text.rstrip("."))  # the card speaks to its owner
        return f"{who} use {their} General's once-a-game ability to {text[:1].lower()}{text[1:]}"
    if isinstance(action, UseAbility):
        kind = "reusable ability" if action.source == "artifact" else "discard ability"
        return f"{who} {does('use', 'uses')} the {kind} of {name}"
    if isinstance(action, Accept):
        return f"{who} {does('take', 'takes')} the {action.what} ability of {name}"
    if isinstance(action, Stop):
        if state.stack and isinstance(state.stack[-1], PendingOffer):
            offer = state.stack[-1]
            return (
                f"{who} {does('turn', 'turns')} down the {offer.what} ability of "
                f"{cards[offer.card].name}"
            )
        return f"{who} {does('stop', 'stops')} using the ability"
    if isinstance(action, Deploy):
        return f"{who} {does('send', 'sends')} a Minion onto {name}"
    if isinstance(action, Exile):
        rival = state.side_name(action.player)
        return f"{who} {does('send', 'sends')} a Minion of the {rival} home from {name}"
    if isinstance(action, Obliterate):
        rival = state.side_name(action.player)
        unit = "the General" if action.general else "a Minion"
        return f"{who} {does('remove', 'removes')} {unit} of the {rival} on {name} from the game"
    if isinstance(action, Move):
        return (
            f"{who} {does('move', 'moves')} a Minion from {cards[action.from_].name} "
            f"to {cards[action.to].name}"
        )
    if isinstance(action, Recall):
        return f"{who} {does('bring', 'brings')} a Minion home from {name}"
    if isinstance(action, PlayFromHand):
        return f"{who} {does('lay', 'lays')} {name} in the Skirmish Area"
    if isinstance(action, Raze):
        return f"{who} {does('throw', 'throws')} {name} on the discard pile"
    if isinstance(action, Fortify):
        return f"{who} {does('put', 'puts')} a Minion on {their} captured card {name}"
    if isinstance(action, ChooseBonus):
        objective = state.game.objective(action.objective)
        return f"{who} {does('reveal', 'reveals')} the bonus objective {objective.name}"
    return f"{who} {does('play', 'plays')} {action_words(state, action)}"


# --- card rows -------------------------------------------------------------------


_PIECES = {"G": "General", "M": "Minion"}
#: the line an Ancient Artifact's face shows (our own flavour, as in lesson 43)
ARTIFACT_LINE = "Left behind by the builders of the gateways."


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def card_view(
    state: SperosState,
    card_id: str,
    owner: int | None = None,
    *,
    in_play: bool = True,
    in_hand: bool = False,
) -> dict[str, Any]:
    """A card as the table shows it: name, kind and what it gives in words, its
    ability (a Location's, what discarding it does, only ``in_hand``), a line of
    flavour (whose home it is), and (``in_play``) its camps with the pieces on them
    as tokens. ``id`` names it in actions; the views never
    print it."""
    card: Card = state.game.cards[card_id]
    if card.is_artifact:
        kind = "Ancient Artifact"
    else:
        kind = f"{(card.terrain or '').capitalize()} Location"
    stats = [f"{card.vp} VP" if card.vp >= 0 else f"\u2212{-card.vp} VP"]  # a real minus
    if card.resources:
        stats.append(_and(list(card.resources)))
    view: dict[str, Any] = {"id": card_id, "name": card.name, "kind": kind, "stats": stats}
    if in_play:
        view["camps"] = card.encampments
        view["tokens"] = [[o, _PIECES.get(k, k)] for o, k in state.units.get(card_id, [])]
    else:
        stats.append(f"{card.encampments} camps")
    if card.is_artifact:
        # an Artifact's abilities work on the table: always in full
        view["ability"] = card.text
        if not in_play:
            view["line"] = ARTIFACT_LINE
    elif in_hand:
        # a Location's text is what it does when discarded from a hand: on the table or
        # the discard pile it does nothing, so it is shown only on the cards in a hand
        text = card.text
        known = text and not text.lower().startswith("no discard")
        view["ability"] = f"If you discard it: {text[:1].lower()}{text[1:]}" if known else text
    if card.terrain:
        people = state.game.card_set.people_of(card.terrain).people
        view["line"] = f"Home of the {people.split()[-1]}"
    view["owner"] = owner
    return view


def _base_camp(state: SperosState, player: int) -> dict[str, Any]:
    tokens = [[player, "General"]] if state.general_home[player] else []
    tokens += [[player, "Minion"]] * state.base_minions[player]
    camp: dict[str, Any] = {
        "name": "Base Camp",
        "kind": "pieces still at home",
        "tokens": tokens,
        "owner": player,
    }
    terrain = state.colour[player]
    if terrain:
        # the General's two abilities, where the General waits: one of them, once a game
        if state.general_used[player]:
            camp["ability"] = "The General's once-a-game ability is used up."
        else:
            abilities = state.game.card_set.people_of(terrain).general_abilities
            said = " ".join(f"{k}. {a.text}" for k, a in enumerate(abilities, 1))
            camp["ability"] = f"The General's abilities (one of them, once a game): {said}"
    return camp


def card_rows(state: SperosState, viewer: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """The Skirmish Area, the hands (hidden from other viewers; all shown when
    ``viewer`` is None), each player's Base Camp and captured cards, the deck (face
    down) and the discard pile with its top card."""
    names = state.game.player_names
    # the cards everyone fights over first, where the eye lands
    rows: dict[str, list[dict[str, Any]]] = {
        "Skirmish Area": [card_view(state, c) for c in state.skirmish]
    }
    for q, hand in enumerate(state.hands):
        if viewer is None or viewer == q:
            # no band with the owner's name: the row's title says whose hand it is, and
            # "Lathwood Elves" over "Home of the Merfolk" read as the card's own people
            # (look 11, lesson 44); the card's own name heads it, as on the table
            rows[f"{names[q]}'s hand"] = [
                card_view(state, c, None, in_play=False, in_hand=True) for c in hand
            ]
        else:
            rows[f"{names[q]}'s hand"] = [{"name": HIDDEN} for _ in hand]
    # the Base Camps (tall cards) before the captured cards (short rows until cards are
    # won), so the tall zones stand side by side instead of leaving a gap under short ones
    for q in range(state.game.num_players):
        rows[f"{names[q]}'s Base Camp"] = [_base_camp(state, q)]
    for q, area in enumerate(state.captured):
        rows[f"{names[q]}'s captured cards"] = [card_view(state, c, q) for c in area]
    rows["Deck and discard pile"] = [
        {"name": "Location deck", "pile": True, "back": True, "count": len(state.deck)},
        {
            "name": "Discard pile",
            "pile": True,
            "count": len(state.discard),
            "unit": "card",
        },
    ]
    if state.discard:
        rows["Deck and discard pile"].append(card_view(state, state.discard[-1], in_play=False))
    return rows


#: the play screen's groups of moves in the game's own words: its four actions, then
#: the rest (any other move is in "Other")
MOVE_GROUPS: dict[type[Action], str] = {
    Attack: "Attack",
    Lead: "Lead",
    Explore: "Explore",
    Plan: "Plan",
    UseAbility: "Abilities",
    Accept: "Abilities",
    EndAbilities: "Skip",
    Stop: "Skip",
}
#: the groups in the order the list shows them
GROUP_ORDER = ("Attack", "Lead", "Explore", "Plan", "Abilities", "Other", "Skip")


def move_group(action: Action) -> tuple[str, float]:
    """The group of the play screen's list a move is shown in, and its place."""
    kind = MOVE_GROUPS.get(type(action), "Other")
    return kind, float(GROUP_ORDER.index(kind))


def own_side_lines(state: SperosState, seat: int) -> list[str]:
    """What only ``seat``'s player sees of their side: their people's General and its
    abilities, the secret bonus objectives, the mastery objectives and who is at home."""
    cs = state.game.card_set
    lines = []
    terrain = state.colour[seat] if seat < len(state.colour) else None
    if terrain:
        people = cs.people_of(terrain)
        abilities = "; ".join(e.text.rstrip(".") for e in people.general_abilities)
        used = " (used this game)" if state.general_used[seat] else ""
        lines.append(f"{people.people}. Your General {people.general}: {abilities}{used}.")
    chosen = state.chosen_bonus[seat]
    if chosen:
        o = state.game.objective(chosen)
        lines.append(f"The bonus objective you revealed, {o.name}: {o.text}")
    elif state.bonus[seat]:
        offered = "; ".join(
            f"{state.game.objective(b).name} ({state.game.objective(b).text.rstrip('.')})"
            for b in state.bonus[seat]
        )
        lines.append(f"Secret bonus objectives in your hand: {offered}.")
    for oid in state.mastery:
        o = state.game.objective(oid)
        lines.append(f"Mastery objective for everyone, {o.name}: {o.text}")
    # the home beside the list (the hand is drawn just left of it: not listed again)
    if terrain and state.round >= 1:
        home = ["your General"] if state.general_home[seat] else []
        if state.base_minions[seat]:
            home.append(plural(state.base_minions[seat], "Minion"))
        lines.append(
            f"At home in your Base Camp: {join(home)} (a player who starts a turn with "
            "nobody at home ends the game at once)."
            if state.base_minions[seat] or state.general_home[seat]
            else "Your Base Camp is empty: the game ends when your next turn starts."
        )
    return lines
