"""What a position looks like: snapshot, hidden hands, card rows, words and the map."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hcgames.core import Action
from hcgames.historical.actions import (
    Attack,
    Interrupt,
    Pass,
    Pick,
    PlayCard,
    UseAbility,
    target_text,
)
from hcgames.historical.cards import CONTINENTS, Card, card_name
from hcgames.historical.effects import needs_target
from hcgames.historical.material import (
    ATTACK_MORALE,
    ATTACKS_PER_TURN,
    COLUMN_SIZE,
    FIRST_ATTACK_ROUND,
    PLAYS_PER_TURN,
    WIN_MORALE,
)
from hcgames.historical.pending import (
    PendingDraw,
    PendingFirst,
    PendingLand,
    PendingPick,
    PendingWindow,
    player_of,
)
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState


def snapshot(state: HistoricalState) -> dict[str, Any]:
    return {
        "round": state.round_no,
        "turn": state.turn,
        "turn_no": state.turn_no,
        "phase": state.phase_name,
        "plays": state.plays,
        "attacks": state.attacks,
        "moved": state.moved,
        "drawn": getattr(state, "drawn", False),
        "travelled": list(state.travelled),
        "steps": state.steps,
        "morale": list(state.morale),
        "gained": list(state.gained),
        "out": list(state.out),
        "hands": [list(h) for h in state.hands],
        "decks": [list(d) for d in state.decks],
        "piles": [list(p) for p in state.piles],
        "discards": [list(d) for d in state.discards],
        "active": [list(a) for a in state.active],
        "rows": [[col.to_json() for col in row] for row in state.rows],
        "age": dict(state.age),
        "used": dict(state.used),
        "timers": copy.deepcopy(state.timers),
        "lasting": list(state.lasting),
        "land_bonus": dict(state.land_bonus),
        "choices": dict(state.choices),
        "pending": [frame.to_json() for frame in state.pending],
        "battle": None if state.battle is None else state.battle.to_json(),
        "defended": list(state.defended),
        "below": dict(state.below),
        "result": None
        if state.result is None
        else {"winners": list(state.result.winners), "reason": state.result.reason},
        "frame_ids": state.frame_ids,
        "first": state.first,
        "tops": list(state.tops),
    }


def observation(state: HistoricalState, player: int) -> dict[str, Any]:
    """The snapshot with other players' hands, decks and land piles hidden."""
    snap = snapshot(state)
    for q in range(state.n):
        if q == player:
            continue
        hidden = sum(1 for k in state.hands[q] if state.owner(k) == q)
        shown = sorted(k for k in state.hands[q] if state.owner(k) != q)
        snap["hands"][q] = {"hidden": hidden, "shown": shown}
        snap["decks"][q] = len(state.decks[q])
        snap["piles"][q] = len(state.piles[q])
    snap["hands"][player] = sorted(state.hands[player])
    snap["pending"] = [
        frame.to_json()
        if isinstance(frame, PendingPick) and frame.player == player
        else {"t": frame.kind, "p": player_of(frame)}
        for frame in state.pending
    ]
    return snap


# --- numbers and words -------------------------------------------------------------
def scores(state: HistoricalState) -> dict[int, float]:
    return {p: float(m) for p, m in enumerate(state.morale)}


def evaluate(state: HistoricalState, player: int) -> float:
    if state.result is not None:
        winners = state.result.winners
        return 1.0 / len(winners) if player in winners else 0.0
    if state.out[player]:
        return 0.0
    morale = max(-1.0, min(1.0, state.morale[player] / WIN_MORALE))
    lands = len(state.rows[player])
    total_lands = sum(len(state.rows[q]) for q in state.alive()) or 1
    units = sum(len(c.cards) for c in state.rows[player])
    total_units = sum(len(c.cards) for q in state.alive() for c in state.rows[q]) or 1
    share = 1.0 / max(1, len(state.alive()))
    value = (
        0.5
        + 0.3 * morale
        + 0.1 * (lands / total_lands - share)
        + 0.1 * (units / total_units - share)
    )
    return max(0.0, min(1.0, value))


#: what a question of the rules asks, in a student's words: (what must be chosen, the
#: move that answers it with the chosen card's name for {}); "Choose Louis Braille
#: (casualty)" and "must choose: toll" read like ids
PICK_WORDS: dict[str, tuple[str, str]] = {
    "casualty": ("which card is lost in the battle", "Choose {} as the card lost in the battle"),
    "kill": ("which card is killed", "Kill {}"),
    "toll": ("which card pays the price of the attack", "Pay the price of the attack with {}"),
    "card to lose": ("which card to lose", "Lose {}"),
    "character to flee": ("which character flees", "Send {} away"),
    "defect": ("which card changes sides", "Take {} over to the other side"),
    "escort": ("which card goes along as escort", "Send {} along as escort"),
    "land to discover": ("which land to discover", "Discover {}"),
    "make room": ("which card leaves to make room", "Make room by removing {}"),
    "occupy": ("which card occupies the land", "Occupy the land with {}"),
    "recover": ("which card comes back", "Bring {} back"),
    "take": ("which card to take", "Take {}"),
}


def pick_words(action: Action) -> str:
    """A Pick in the list of moves: "Choose Louis Braille as the card lost in the battle"
    (it read "Choose Louis Braille (casualty)"; "Lose Louis Braille in the battle" read,
    for the computer, as if it chose to lose); Pass says what passing means."""
    if isinstance(action, Pick) and action.purpose in PICK_WORDS:
        if not action.choice:
            return "Choose none of them"
        return PICK_WORDS[action.purpose][1].format(target_text(action.choice))
    if isinstance(action, Pass):
        return "Pass, playing no card in answer"
    return str(action)


def duel_words(state: HistoricalState, action: Action) -> str:
    """A card played to start a duel, with who would win it: "Play Aaron Burr on Egypt:
    a duel of Aaron Burr (attack 0) against Lemuel Haynes (attack 80), which Lemuel
    Haynes would win" (it read "..., aimed at Aaron Burr and Lemuel Haynes", and the
    seventy pairs of one card gave no hint which to pick: look 13, lesson 54); empty
    for any other move."""
    if not isinstance(action, PlayCard) or len(action.targets) != 2:
        return ""
    aimed = [
        e for e in state.effects_of(action.card) if e.when == "play" and needs_target(e)
    ]
    if len(aimed) != 1 or aimed[0].kind != "duel":
        return ""
    mine, theirs = action.targets
    a, b = state.card(mine).attack, state.card(theirs).attack
    if a > b:
        then = f"which {card_name(mine)} would win"
    elif b > a:
        then = f"which {card_name(theirs)} would win"
    else:
        then = "a draw, in which both would stay"
    head = str(dataclasses.replace(action, targets=()))
    return (
        f"{head}: a duel of {card_name(mine)} (attack {a}) against {card_name(theirs)} "
        f"(attack {b}), {then}"
    )


def ability_words(state: HistoricalState, action: UseAbility) -> str:
    """A held ability used, in plain words: "Use the ability of Gladiatrix: a duel of
    Gladiatrix against Louis Braille" (it read "... targeting Gladiatrix and Louis
    Braille", look 11, lesson 54)."""
    name = card_name(action.card)
    effects = state.effects_of(action.card)
    kind = effects[action.effect].kind if 0 <= action.effect < len(effects) else ""
    names = [target_text(t) for t in action.targets]
    head = f"Use the ability of {name}"
    if kind == "duel" and len(names) == 2:
        return f"{head}: a duel of {names[0]} against {names[1]}"
    if kind == "move_card" and len(names) == 2:
        return f"{head}: move {names[0]} to {names[1]}"
    return f"{head} on {' and '.join(names)}" if names else head


def describe(state: HistoricalState) -> str:
    if state.result is not None:
        return f"Game over after round {state.round_no}: {state.result.reason}."
    parts = [
        f"Round {state.round_no}, {state.player_name(state.turn)}'s turn, {state.phase_name} phase"
    ]
    if state.phase_name == "play":
        parts[0] += f" ({state.plays} of {PLAYS_PER_TURN} plays used)"
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, PendingWindow):
            parts.append(f"{state.player_name(top.player)} may answer with an interrupt card")
        elif isinstance(top, PendingPick):
            asked = PICK_WORDS.get(top.purpose, (top.purpose, ""))[0]
            parts.append(f"{state.player_name(top.player)} must choose {asked}")
        elif isinstance(top, PendingDraw):
            parts.append(f"{state.player_name(top.player)} is drawing cards")
        elif isinstance(top, PendingLand):
            parts.append(f"{state.player_name(top.player)} is turning up a land")
        elif isinstance(top, PendingFirst):
            parts.append("a coin decides who goes first")
    standing = ", ".join(
        f"{state.player_name(p)} has {state.morale[p]} morale and "
        f"{plural(len(state.rows[p]), 'land')}"
        + (" (out)" if state.out[p] else "")
        for p in range(state.n)
    )
    parts.append(standing)
    if state.round_no < FIRST_ATTACK_ROUND:
        parts.append(f"attacks open in round {FIRST_ATTACK_ROUND}")
    else:
        parts.append(f"a player needs {ATTACK_MORALE} morale to attack")
    return ". ".join(part[:1].upper() + part[1:] for part in parts) + "."


# --- card rows and map ---------------------------------------------------------------
#: the longest line of history a card face shows (the whole plate is in its tooltip)
LINE_LIMIT = 72


def history_line(plate: str, limit: int = LINE_LIMIT, name: str = "") -> str:
    """The first sentence of a history plate, without the card's own name when the
    sentence opens with it ("Ludwig van Beethoven was a German composer" -> "A German
    composer"), cut at a word before ``limit`` characters (with an ellipsis)."""
    # a sentence ends after a word, not after an initial ("Franklin D. Roosevelt")
    first = re.split(r"(?<=[a-z0-9)\"'’][.!?])\s+(?=[A-Z])", plate.strip(), maxsplit=1)[0]
    if name:
        opening = re.match(re.escape(name) + r" (?:was|is|were|are) (?=[a-z])", first)
        if opening:
            rest = first[opening.end() :]
            first = rest[:1].upper() + rest[1:]
    if len(first) <= limit:
        return first
    cut = first[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def _dates(card: Card) -> str:
    years = card.plate_years or card.years
    return re.sub(r"(?<=\d)\s*-\s*(?=\d|about)", "–", years)


def _kind(card: Card) -> str:
    if card.category == "land":
        return f"Land in {card.continent}" if card.continent else "Land"
    kind = card.kind[:1].upper() + card.kind[1:]
    # an interrupt card says so on its face (Paul Revere read only "Leader", lesson 52,
    # where the page calls him an interrupt card)
    return f"{kind}, interrupt" if card.interrupt and "nterrupt" not in kind else kind


def card_view(state: HistoricalState, key: str, owner: int | None = None) -> dict[str, Any]:
    """A card as the table shows it: name, kind in words, years, strength, ability
    and one line of its history (the whole plate as a tooltip). ``id`` is the card
    key actions use; the views never print it."""
    card = state.card(key)
    view: dict[str, Any] = {"id": key, "name": card.name, "kind": _kind(card)}
    dates = _dates(card)
    if dates:
        view["dates"] = dates
    if card.is_unit:
        view["stats"] = [f"attack {card.attack}", f"defence {card.defence}"]
    elif card.is_land:
        # the kind line says the continent already ("Land in Asia"): said once (look 8b)
        view["stats"] = [card.north_text]
    if card.effects:
        view["ability"] = card.ability_text()
    if card.note:
        view["note"] = card.note
    if card.plate:
        view["line"] = history_line(card.plate, name=card.name)
        view["title"] = card.full_plate
    view["owner"] = owner
    return view


def _pile(name: str, count: int, owner: int, unit: str = "card", **more: Any) -> dict[str, Any]:
    return {"name": name, "pile": True, "count": count, "unit": unit, "owner": owner, **more}


def card_rows(state: HistoricalState, viewer: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """Per player: the battlefield (each land with the cards standing on it), the
    hand (hidden from other viewers), the active cards, and the piles with morale."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for p in range(state.n):
        who = state.player_name(p)
        field: list[dict[str, Any]] = []
        for col in state.rows[p]:
            land = card_view(state, col.land, p)
            land["column"] = True
            if col.locked:
                # the holder's turns still closed (the count drops as each one starts)
                turns = int(col.locked) - (0 if state.turn == p else 1)
                land["note"] = f"Closed for {turns} more turn{'' if turns == 1 else 's'}"
            field.append(land)
            for k in col.cards:
                unit = card_view(state, k, p)
                unit["on"] = card_name(col.land)
                field.append(unit)
        rows[f"{who}'s battlefield"] = field
        rows[f"{who}'s hand"] = [
            card_view(state, k, p)
            if viewer is None or viewer == p or state.owner(k) != p
            else {"name": "hidden"}
            for k in state.hands[p]
        ]
        rows[f"{who}'s active cards"] = [card_view(state, k, p) for k in state.active[p]]
        top = card_name(state.discards[p][-1]) if state.discards[p] else ""
        rows[f"{who}'s piles and morale"] = [
            _pile("Morale", state.morale[p], p),
            _pile("Draw deck", len(state.decks[p]), p, back=True),
            _pile("Land pile", len(state.piles[p]), p, unit="land", back=True),
            _pile(
                "Discard pile",
                len(state.discards[p]),
                p,
                line=f"On top: {top}" if top else "empty",
            ),
        ]
    return rows


def _land_counts(state: HistoricalState, continent: str) -> dict[int, int]:
    """Side -> how many of its lands in play lie on ``continent`` (sides with none left out)."""
    holders = [
        (p, sum(1 for c in state.rows[p] if state.card(c.land).continent == continent))
        for p in range(state.n)
    ]
    return {p: c for p, c in holders if c}


def _leader(counts: dict[int, int]) -> int | None:
    """The side with the most lands on a continent, None when nobody or a tie."""
    if not counts:
        return None
    best = max(counts.values())
    leaders = [p for p, c in counts.items() if c == best]
    return leaders[0] if len(leaders) == 1 else None


def continent_owner(state: HistoricalState, continent: str) -> int | None:
    """Who holds ``continent`` on the map: the side with the most lands there."""
    return _leader(_land_counts(state, continent))


def unplayable_reasons(state: HistoricalState, player: int) -> list[tuple[str, str]]:
    """In ``player``'s own play phase: each card of the hand that cannot be played now
    (not a land: lands come only as the first land, by explorers or by abilities),
    with the rules' reason; the list then offers only discards for them."""
    if state.phase_name != "play" or state.current_player != player or player != state.turn:
        return []
    # a card the list offers as an interrupt (a free play) is playable too: "Not playable
    # now: Bill of Rights" stood under "Interrupt with Bill of Rights" (look 15, lesson 54)
    offered = {a.card for a in state.legal_actions() if isinstance(a, PlayCard | Interrupt)}
    lands = [c.land for c in state.rows[player]]
    reasons = []
    for key in state.hands[player]:
        card = state.card(key)
        if key in offered:
            continue
        if card.is_land:
            reasons.append((card.name, LAND_IN_HAND.format(name=card.name)))
            continue
        # the first land that refuses says why (a full land, a land the card may not
        # stand on); every card the list leaves out gets a sentence
        tries = [PlayCard(key, land) for land in lands] if card.is_unit and lands else []
        refusals = [state.why_illegal(a) for a in tries or [PlayCard(key, "")]]
        said = _full_lands(state, player, refusals) or next(
            (r[0] for r in refusals if r and r[0]), ""
        )
        reasons.append((card.name, said or NO_PLACE.format(name=card.name)))
    return reasons


def turn_limits(state: HistoricalState, seat: int) -> list[str]:
    """How many of the turn's attacks ``seat`` has used, in its own attack phase (the
    attack moves left the list after the second with nothing to say why: look 15,
    lesson 54; the plays used are in :func:`describe`)."""
    if state.is_terminal() or seat != state.turn:
        return []
    if state.phase_name == "attack" and state.round_no >= FIRST_ATTACK_ROUND:
        left = ATTACKS_PER_TURN - state.attacks
        more = "no more this turn" if left <= 0 else f"{left} more allowed"
        return [f"Attacks this turn: {state.attacks} of {ATTACKS_PER_TURN} used, {more}."]
    return []


def _full_lands(state: HistoricalState, player: int, refusals: list[tuple[str, str]]) -> str:
    """When two or more of the player's lands refuse a card for being full, one sentence
    naming every full land ("Scotland (4 of 4) and Argentina (4 of 4) are full: ..."),
    so that no full land reads as a place the card could still go."""
    full = [
        c for c, r in zip(state.rows[player], refusals, strict=False) if r and r[1] == "land full"
    ]
    if len(full) < 2:
        return ""
    names = [f"{card_name(c.land)} ({len(c.cards)} of {state.capacity(c)})" for c in full]
    return (
        f"{', '.join(names[:-1])} and {names[-1]} are full: a land holds {COLUMN_SIZE} cards "
        "(at most one of them an army) unless a card gives it more room"
    )


#: why a land card in the hand is never played (it can only be thrown away)
LAND_IN_HAND = (
    "{name} is a land, and a land is never played from the hand: lands come from the land "
    "pile (the first land, an explorer's discovery or a card's ability)."
)
#: why a card with no refusal of its own cannot be played now
NO_PLACE = "{name} has no place it may go now under the rules."


def _short_land(name: str) -> str:
    """A land's name short enough for the map ("Canadian Province of Quebec": Quebec)."""
    return name.rsplit(" of ", 1)[-1] if len(name) > 16 else name


def region_views(state: HistoricalState) -> dict[str, dict[str, Any]]:
    views: dict[str, dict[str, Any]] = {}
    for continent in CONTINENTS:
        counts = _land_counts(state, continent)
        owner = _leader(counts)
        # the lands in play, each with its holder's number: the map shows who holds
        # which land by a number as well as by the continent's colour
        held = [
            f"{_short_land(card_name(c.land))} ({p + 1})"
            for p in range(state.n)
            for c in state.rows[p]
            if state.card(c.land).continent == continent
        ]
        label = " · ".join(held[:3]) + (f" +{len(held) - 3}" if len(held) > 3 else "")
        lands = "; ".join(
            f"{card_name(c.land)} ({state.player_name(p)})"
            for p in range(state.n)
            for c in state.rows[p]
            if state.card(c.land).continent == continent
        )
        views[continent] = {
            "owner": owner,
            "label": label,
            "tooltip": f"{continent}: {lands or 'no land in play'}.",
        }
        if owner is None and counts:
            # equal lands: nobody leads, but the continent is not nobody's
            tied = [state.player_name(p) for p, c in sorted(counts.items())]
            views[continent]["side"] = f"{' and '.join(tied)} with equal lands"
            views[continent]["tied"] = True
    return views


def action_regions(state: HistoricalState, action: Action) -> tuple[str, ...]:
    if isinstance(action, Attack):
        return (state.card(action.land).continent, state.card(action.target).continent)
    if isinstance(action, PlayCard) and action.land:
        return (state.card(action.land).continent,)
    return ()


#: a card offered with this many sets of targets or more has its own group in the play
#: screen's list, after the cards with one way to play (the Roman Colosseum's pairs)
MANY_TARGETS = 4


def move_group(
    action: Action, kind: str, rank: float, listed: Sequence[Action]
) -> tuple[str, float]:
    """The play screen's groups: a card with many choices of targets gets a group of its
    own ("The Roman Colosseum: choose the targets"), so the list shows the distinct cards
    first and a student picks the card's group, then the targets (forty pairs of one
    card had buried the other plays)."""
    card, targets = getattr(action, "card", ""), getattr(action, "targets", ())
    if not targets or kind == "End the phase":
        return kind, rank
    same = sum(
        1
        for a in listed
        if getattr(a, "card", None) == card
        and getattr(a, "targets", ())
        and type(a) is type(action)
    )
    if same < MANY_TARGETS:
        return kind, rank
    return f"{card_name(card)}: choose the targets", rank + 0.5
