"""What the Historical Conquest lessons tell and show: sentences and tables from the rules.

Each function answers one question a lesson puts to the class (what is in each deck,
what happens in the first turn, how a battle adds up, who holds which land, where the
explorers went) in words a student reads. Arranged positions, the gallery, the
timeline and the odds are in :mod:`hcgames.historical.teach`; the views that lay
these out are in :mod:`hcgames.widgets.historical_lessons`.

One module past 600 lines on purpose: the sentences of all five Historical lessons,
which share their helpers and their wording.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from hcgames.core import Action, Event, State
from hcgames.historical.actions import (
    Discard,
    EndPhase,
    ExplorerMove,
    PlayCard,
    RevealLand,
)
from hcgames.historical.battle import MATCHUPS, Assessment
from hcgames.historical.cards import STUDENT_NOTE_HEADING, Card, card_name
from hcgames.historical.material import Catalogue
from hcgames.historical.pending import PendingLand, PendingPick
from hcgames.historical.state import HistoricalState
from hcgames.historical.teach import LONG, PERIODS, in_period, key, lesson_battle
from hcgames.historical.world import can_travel
from hcgames.play import resolve_all_chance, sample_outcome
from hcgames.words import capitalise, join, says, with_article

if TYPE_CHECKING:
    from hcgames.historical.game import HistoricalGame

__all__ = [
    "DECK_KINDS",
    "DECK_NAMES",
    "MORALE_GAMES",
    "TRAVEL",
    "ability_rows",
    "context_rows",
    "deck_rows",
    "end_turn",
    "equal_ability_rows",
    "explorer_routes",
    "first_plays",
    "fought_battle",
    "fought_sentence",
    "game_start",
    "holdings",
    "journey_rows",
    "land_rows",
    "matchup_rows",
    "morale_ending",
    "morale_log",
    "opening",
    "opening_line",
    "opening_sentence",
    "period_sentence",
    "play_to_round",
    "random_position",
    "rules_used",
    "simple_play",
    "standing_sentence",
    "strength_examples",
    "strength_rows",
    "travel_sentence",
    "years_rows",
]

# --- lesson 50: the decks and the cards -----------------------------------------------------

#: the person each starter deck is named after
DECK_NAMES = {
    "cheswell": "Wentworth Cheswell",
    "salem": "Peter Salem",
    "boadicea": "Boudica",
    "confucius": "Confucius",
}
#: the kinds of card a deck row counts: category -> column title
DECK_KINDS = {"land": "lands", "character": "characters", "army": "armies", "event": "events"}


def deck_rows(catalogue: Catalogue) -> list[dict[str, Any]]:
    """A row per starter deck: whom it is named after and its cards of each kind."""
    cards = catalogue.cards
    rows = []
    for deck, ids in sorted(catalogue.decks.items()):
        row: dict[str, Any] = {
            "deck": f"{deck.capitalize()} (starter deck {catalogue.deck_starters[deck]})",
            "named after": DECK_NAMES[deck],
        }
        for category, title in DECK_KINDS.items():
            row[title] = sum(cards[i].category == category for i in ids)
        row["other action cards"] = len(ids) - sum(row[t] for t in DECK_KINDS.values())
        row["all cards"] = len(ids)
        rows.append(row)
    return rows


def ability_rows(cards: Mapping[str, Card], examples: Mapping[str, str]) -> list[dict[str, str]]:
    """Cards (id -> how their ability works) with what each ability does."""
    return [
        {"card": cards[i].name, "kind of ability": how, "what it does": cards[i].ability_text()}
        for i, how in examples.items()
    ]


def years_rows(cards: Mapping[str, Card], ids: Sequence[str]) -> list[dict[str, str]]:
    """The years printed on cards against the years of their checked history plates."""
    return [
        {
            "card": cards[i].name,
            "years printed on the card": cards[i].years,
            "years in the history plate": cards[i].plate_years,
        }
        for i in ids
    ]


def context_rows(cards: Mapping[str, Card]) -> list[dict[str, str]]:
    """Every card that carries a note of context, by name, with the note a student
    reads (the teachers' own notes are in their guide, never on a student's page)."""
    return [
        {
            "card": card.name,
            "behind the card": capitalise(card.student_note.removeprefix(STUDENT_NOTE_HEADING)),
        }
        for card in sorted(cards.values(), key=lambda c: c.name)
        if card.context
    ]


def period_sentence(people: Sequence[Mapping[str, Any]], period: str) -> str:
    """How many people and armies of the timeline began in a period (of
    :data:`PERIODS`), and which long traditions get no bar there (HTML)."""
    shown = in_period(people, period)
    low, high = PERIODS[period]
    long_ones = "".join(
        f" The {p['label']} stand for a tradition thousands of years long (the card's "
        f"story ends in {p['end']}, the tradition does not), so they get no bar here."
        for p in people
        if low <= p["start"] <= high and p["end"] - p["start"] > LONG
    )
    return (
        f"<b>{len(shown)}</b> of the {len(people)} people and armies of the decks began in "
        f"{period}.{long_ones}"
    )


# --- lesson 51: the first turns of a game ---------------------------------------------------


def opening_sentence(state: HistoricalState) -> str:
    """Who the coin chose, their first land and their first five cards (Markdown)."""
    me = state.turn
    first_land = state.card(state.rows[me][0].land)
    hand = ", ".join(f"*{state.card(k).name}*" for k in state.hands[me])
    return (
        f"The coin chose **{state.player_name(me)}** to go first. Their first land turned up: "
        f"**{first_land.name}** ({first_land.continent}). They drew five cards: {hand}."
    )


def game_start(state: State, student: int = 0) -> str:
    """How the game on a play screen began, as the page opens it (Markdown): each
    side's deck and first land, who the coin chose, and whose move it is now."""
    hist = cast(HistoricalState, state)
    fixed = hist.game.first_lands

    def side(p: int) -> str:
        deck = hist.game.deck_names[p].capitalize()
        name = "you" if p == student else "the computer"
        return f"{name} ({hist.player_name(p)}, the {deck} deck)"

    def first_land(p: int) -> Card | None:
        if fixed:
            return hist.card(f"{fixed[p]}/{p}")
        return hist.card(hist.rows[p][0].land) if hist.rows[p] else None

    starts = []
    for p in [student] + [q for q in range(hist.n) if q != student]:
        land = first_land(p)
        if land is not None:
            verb = "start" if p == student else "starts"
            starts.append(f"{side(p)} {verb} in **{land.name}** ({land.continent})")
    text = capitalise(join(starts)) + "." if starts else ""
    if fixed:
        text += (
            " These first lands are set by a rule of our class game instead of being drawn "
            "from the land piles."
        )
    chosen = "you" if hist.first == student else "the computer"
    text += f" The coin chose {chosen} to go first"
    if hist.result is None and hist.turn == student and hist.round_no == 1:
        if hist.first == student:
            text += ": you drew five cards, and the game waits for your first move."
        else:
            text += (
                ", so the computer has played its first turn, and you drew five cards: "
                "the game waits for your first move."
            )
    else:
        text += "."
    return text.strip()


def simple_play(state: HistoricalState) -> Action:
    """A simple plan for the play phase: place a person or army on a land (or discover
    one), else play any card, else throw a card away, else end the phase."""
    legal = state.legal_actions()
    for action in legal:
        if isinstance(action, PlayCard) and (action.land or action.discover):
            return action
    for action in legal:
        if isinstance(action, PlayCard):
            return action
    for action in legal:
        if isinstance(action, Discard):
            return action
    return EndPhase()


def first_plays(state: HistoricalState, rng: random.Random, plays: int = 3) -> list[dict[str, Any]]:
    """Play ``plays`` plays of :func:`simple_play` on ``state`` (chance from ``rng``), a
    row each: what the player chose and what happened."""
    rows = []
    for number in range(1, plays + 1):
        action = simple_play(state)
        said = told(state.apply(action))
        if state.phase != "play" and not state.is_terminal():  # the last play ended it
            said += (
                f" That was the last play, so the play phase ends; in round 1 nobody may "
                f"attack or move, so the turn goes on to the {state.phase} phase."
            )
            drawn = told(resolve_all_chance(state, rng))
            said += f" {drawn}" if drawn else ""
        else:
            said = " ".join(filter(None, [said, told(resolve_all_chance(state, rng))]))
        rows.append({"play": number, "the player chooses": str(action), "what happens": said})
    return rows


def told(events: Sequence[Event]) -> str:
    """The events' sentences, a run of one sentence said once ("draws 5 cards.")."""
    runs: list[list[Any]] = []
    for event in events:
        if runs and runs[-1][0] == event.text:
            runs[-1][1] += 1
        else:
            runs.append([event.text, 1])
    said = []
    for text, count in runs:
        if count > 1 and text.endswith(" draws a card."):
            text = text.replace(" draws a card.", f" draws {count} cards.")
        elif count > 1:
            text = f"{text} ({count} times)"
        said.append(text)
    return " ".join(said)


def end_turn(state: HistoricalState, rng: random.Random) -> list[dict[str, Any]]:
    """End each phase of the current turn in turn, a row per phase: its name, the moves
    it allowed and what happened when it ended."""
    me = state.current_player
    rows = []
    while state.current_player == me and not state.is_terminal():
        phase, offered = state.phase, [str(a) for a in state.legal_actions()]
        events = state.apply(EndPhase()) + resolve_all_chance(state, rng)
        rows.append(
            {
                "phase": phase,
                "how many moves the player could make": len(offered),
                "which moves": capitalise(join([o[:1].lower() + o[1:] for o in offered], "or")),
                "what happens when it ends": told(events),
            }
        )
    return rows


def play_to_round(state: HistoricalState, rng: random.Random, round_no: int) -> None:
    """Play on with simple choices (:func:`simple_play` in the play phase, the first
    option of a pick, else the last move offered) until ``round_no`` begins."""
    while state.round < round_no and not state.is_terminal():
        if state.pending and isinstance(state.pending[-1], PendingPick):
            state.apply(state.legal_actions()[0])
        elif state.phase == "play":
            state.apply(simple_play(state))
        else:
            state.apply(state.legal_actions()[-1])
        resolve_all_chance(state, rng)


def morale_log(state: HistoricalState) -> list[dict[str, Any]]:
    """The morale log kept so far: a row per change (who, why, how much, new total)."""
    return [
        {
            "player": state.player_name(e.data["player"]),
            "why": e.data["why"],
            "change": f"{e.data['change']:+d}",
            "new total": e.data["total"],
        }
        for e in state.events
        if e.kind == "morale"
    ]


def standing_sentence(state: HistoricalState) -> str:
    """Each player's morale as the round begins, and who has enough to attack."""
    standing = ", ".join(f"{state.player_name(p)} has {state.morale[p]}" for p in range(state.n))
    ready = [state.player_name(p) for p in range(state.n) if state.morale[p] >= 800]
    attackers = (
        f"{' and '.join(ready)} could attack"
        if ready
        else "Nobody has the 800 morale an attack needs yet"
    )
    return f"Round {state.round} begins: {standing} morale. {attackers}."


# --- lesson 52: battles worked out ----------------------------------------------------------


def fought_battle(
    state: HistoricalState, attack_land: str, defence_land: str
) -> tuple[HistoricalState, list[Event], list[str]]:
    """A copy of an arranged ``state`` with the battle of seat 0's ``attack_land``
    against seat 1's ``defence_land`` fought: the copy, what happened, and the names of
    the cards the defender may choose to lose."""
    fought = state.copy()
    events = fought.stage_battle(key(attack_land, 0), key(defence_land, 1))
    pick = fought.pending[-1]
    assert isinstance(pick, PendingPick), "the battle leaves the defender a choice"
    choice = [fought.card(k).name for k in pick.options]
    return fought, events, choice


def strength_examples(game: HistoricalGame) -> dict[str, Assessment]:
    """Lesson 52's tie (the Janissary against the Samurai Warriors) and the Trung
    Sisters' strength bonus in Asia, attacking and defending."""
    return {
        "tie": lesson_battle(game, ["AR4402"], ["AR4302"], "CT4305", "CT4602")[1],
        "attacking": lesson_battle(game, ["WA3004"], ["MU2001"], "CT4602", "CT4305")[1],
        "defending": lesson_battle(game, ["MU2001"], ["WA3004"], "CT4305", "CT4602")[1],
    }


def strength_rows(game: HistoricalGame, found: Mapping[str, Assessment]) -> list[dict[str, str]]:
    """:func:`strength_examples` as table rows: the battle, its sums, what it shows."""
    tie, attacking, defending = found["tie"], found["attacking"], found["defending"]
    trung = game.catalogue.cards["WA3004"]
    return [
        {
            "battle": "The Janissary attack the Samurai Warriors",
            "sums": f"{tie.attack} against {tie.defence}",
            "what it shows": "a tie: nothing happens",
        },
        {
            "battle": f"The {trung.name} attack (printed attack {trung.attack})",
            "sums": f"their attack counts {attacking.attack}",
            "what it shows": "+500 strength in Asia helps the attack",
        },
        {
            "battle": f"The {trung.name} defend (printed defence {trung.defence})",
            "sums": f"their defence counts {defending.defence}",
            "what it shows": "the same +500 helps the defence too",
        },
    ]


def equal_ability_rows(
    both: Assessment, revere_state: HistoricalState, revere: Assessment
) -> list[dict[str, str]]:
    """Two battles of equal abilities as rows: the Apache against the Cherokee Warriors and
    David Crockett (``both``), then Paul Revere, on ``lesson_battle``'s default lands."""
    cards = revere_state.game.catalogue.cards
    home, held = f"from {cards['CT4404'].name}", f"on {cards['CT4503'].name}"
    summed = f"the equal abilities cancel; the sums decide, {both.attack} against {both.defence}"
    summed += ": the attack wins"
    return [
        {
            "battle": f"Apache {home} against Cherokee Warriors and David Crockett {held}",
            "what happens": summed if both.winner == "attack" else both.winner,
        },
        {
            "battle": f"Apache {home} against Paul Revere {held}",
            "what happens": f"{says(card_name(revere.auto), 'is')} an interrupt card, so his "
            "ability stays and the defender wins outright",
        },
    ]


def matchup_rows(game: HistoricalGame) -> list[dict[str, Any]]:
    """:data:`~hcgames.historical.battle.MATCHUPS` on two copies of Greece as rows."""
    words = {"attack": "the attacker wins", "defence": "the defender holds", "draw": "a tie"}
    cards = game.catalogue.cards
    rows = []
    for attackers, defenders in MATCHUPS:
        _, result = lesson_battle(game, list(attackers), list(defenders), "CT4601", "CT4601")
        # the card whose ability decides, said as its ability (it read "holds outright
        # (David Crockett)" beside equal totals)
        how = (
            f" whatever the totals, because {card_name(result.auto)}'s ability wins it"
            if result.auto
            else ""
        )
        rows.append(
            {
                "attack": " and ".join(cards[c].name for c in attackers),
                "total": result.attack,
                "defence": " and ".join(cards[c].name for c in defenders),
                "total ": result.defence,
                "result": words[result.winner] + how,
            }
        )
    return rows


#: the random games of lesson 52's morale chart: name -> seed
MORALE_GAMES = {"Game 1": 11, "Game 2": 13, "Game 3": 15, "Game 4": 12, "Game 5": 14}


def morale_ending(final: State, series: Mapping[str, Sequence[float]]) -> str:
    """How a game of :func:`morale_lines` ended, after how many turns, with what morale."""
    outcome = final.outcome()
    reason = outcome.reason if outcome is not None else "it is not over"
    # "the last civilisation standing" says why: the other player dropped out (look 8)
    outs = [e.text.rstrip(".") for e in final.events if e.kind == "out"]
    if outs and "last civilisation standing" in reason:
        reason = f"{'; '.join(outs)}, so {reason}"
    morale = getattr(final, "morale", [0, 0])
    return (
        f"This game ended after {len(series['Player 1']) - 1} turns: {reason}. "
        f"Final morale: Player 1 {morale[0]}, Player 2 {morale[1]}."
    )


def rules_used(
    game: HistoricalGame, topics: Sequence[str], plain: Mapping[str, str] | None = None
) -> list[dict[str, str]]:
    """The rule decisions of ``topics`` as table rows (rule, rulebook or ours, how this
    game plays it), in the game's order. A topic the game does not have is refused.
    ``plain`` says some of them again for students (``{topic: words}``, e.g.
    :data:`PLAIN_RULES_53`), in place of the decision's own words."""
    decisions = game.rule_decisions()
    unknown = (set(topics) | set(plain or {})) - {d.topic for d in decisions}
    if unknown:
        raise ValueError(f"no rule decision on {sorted(unknown)}")
    return [
        {
            "rule": d.topic,
            "from": "rulebook" if d.source == "rulebook" else "our choice",
            "how this game plays it": (plain or {}).get(d.topic, d.decision),
        }
        for d in decisions
        if d.topic in topics
    ]


#: lesson 53's rules in a student's words (the decisions' own say every case, for a
#: reader of the rules: look 14 found "move phase" and "carrying one character or army")
PLAIN_RULES_53 = {
    "Continents": (
        "Six continents. The card list calls one of them 'South Pacific': we call it "
        "Oceania. Europe, Asia and Africa touch by land, and so do North and South America."
    ),
    "Explorer travel": (
        "Once a turn an explorer may go to another land of its player's, and may take one "
        "person or army card with it. A land explorer walks only to continents joined by "
        "land; a sea explorer sails only to a land on the sea or on a river."
    ),
    "Explorer travel: details": (
        "A river that boats can sail down to the sea counts as a coast: ships reach Mali "
        "up the River Niger, but not the Rocky Mountains, where rivers begin as mountain "
        "streams. Air and space explorers go anywhere. An explorer goes once a turn, "
        "whatever the reason."
    ),
    "Moves": (
        "Each turn one card may move to another land of its player's on the same "
        "continent. A land holds at most one army."
    ),
    "Undefended lands": (
        "From round 2, a player may take an enemy land that has no cards left: a card "
        "walks in from a land of theirs on the same continent, or an explorer that can "
        "reach it travels there. The land the card leaves must keep a card."
    ),
    "Taking an emptied land": (
        "When a won battle leaves a land empty, the winner may move a card onto it from "
        "one of its lands on that continent and take it."
    ),
    "Divided lands": (
        "Two players may each hold a card of the same land. When one wipes out the "
        "other's side in battle, the loser's land card is thrown away, not captured."
    ),
}


# --- lesson 53: lands, continents and explorers ---------------------------------------------


def random_position(game: HistoricalGame, seed: int, round_no: int) -> HistoricalState:
    """A game of ``seed`` played by random choices (one generator of ``seed`` for the
    chance steps and the moves) until round ``round_no`` begins or the game ends."""
    state = cast(HistoricalState, game.new_game(seed=seed))
    rng = random.Random(seed)
    while not state.is_terminal() and state.round < round_no:
        legal = state.legal_actions()
        state.apply(
            sample_outcome(state.chance_outcomes(), rng)
            if state.is_chance()
            else legal[rng.randrange(len(legal))]
        )
    return state


def holdings(state: HistoricalState) -> str:
    """Each player's morale and the lands they hold, as Markdown bullets."""
    return "\n".join(
        f"- **{state.player_name(p)}**: {state.morale[p]} morale, holding "
        + (", ".join(state.card(col.land).name for col in state.rows[p]) or "no land")
        for p in range(state.n)
    )


def _coast_words(land: Card) -> str:
    """The coast column: yes, no, or "no (River Niger)" for a land ships reach by a river."""
    if land.coastal:
        return "yes"
    return f"no (River {land.river})" if land.river else "no"


def land_rows(state: HistoricalState) -> list[dict[str, Any]]:
    """Every land in play, by continent then holder: on the coast or not (the card's own
    mark, which sea explorers follow, with the river that opens an inland land to
    them), cards on it."""
    rows = [
        {
            "continent": state.card(col.land).continent,
            "land": state.card(col.land).name,
            "held by": state.player_name(p),
            "coast": _coast_words(state.card(col.land)),
            "cards on it": len(col.cards),
        }
        for p in range(state.n)
        for col in state.rows[p]
    ]
    return sorted(rows, key=lambda row: (row["continent"], row["held by"]))


#: the kinds of explorer and how each travels
TRAVEL = {
    "land": "walking over land",
    "sea": "sailing",
    "air": "flying",
    "space": "in a spacecraft",
}


def travel_sentence(start: Card, goal: Card) -> str:
    """Which kinds of explorer can go from land ``start`` to land ``goal`` (HTML)."""
    if start.id == goal.id:
        return f"<b>{start.name}</b> is both ends of this journey: pick another land to go to."
    able = [mode for mode in TRAVEL if can_travel({mode}, start, goal)]
    unable = [mode for mode in TRAVEL if mode not in able]
    text = (
        f"From <b>{start.name}</b> ({start.continent}) to <b>{goal.name}</b> ({goal.continent}): "
        + join([f"{with_article(mode)} explorer can go ({TRAVEL[mode]})" for mode in able])
    )
    if unable:
        text += "; " + join([f"{with_article(mode)} explorer" for mode in unable]) + " cannot."
    return text if text.endswith(".") else text + "."


def journey_rows(
    cards: Mapping[str, Card], pairs: Sequence[tuple[str, str]]
) -> list[dict[str, str]]:
    """Journeys between lands (id pairs) and the explorers (land, sea, air, space) that go."""
    return [
        {
            "from": f"{cards[a].name} ({cards[a].continent})",
            "to": f"{cards[b].name} ({cards[b].continent})",
            "explorers that can go": ", ".join(
                m for m in ("land", "sea", "air", "space") if can_travel({m}, cards[a], cards[b])
            ),
        }
        for a, b in pairs
    ]


def explorer_routes(state: HistoricalState) -> list[dict[str, Any]]:
    """Every journey and discovery of the explorers in ``state``'s game so far, found by
    replaying its moves: round, player, explorer, from and to, and which it was."""
    replay = cast(HistoricalState, state.game.new_game(seed=state.seed))
    routes: list[dict[str, Any]] = []
    for action in state.history:
        if isinstance(action, ExplorerMove):
            start = replay.find_column(action.explorer)
            assert start is not None
            routes.append(
                {
                    "round": replay.round,
                    "player": replay.player_name(replay.current_player),
                    "explorer": replay.card(action.explorer).name,
                    "from": replay.card(start[1].land).name,
                    "to": replay.card(action.land).name,
                    "what": "a journey",
                }
            )
        top = replay.pending[-1] if isinstance(action, RevealLand) else None
        if isinstance(top, PendingLand) and top.why == "discover":
            assert isinstance(action, RevealLand)
            player = top.player
            home = replay.rows[player][0].land if replay.rows[player] else action.land
            routes.append(
                {
                    "round": replay.round,
                    "player": replay.player_name(player),
                    "explorer": replay.card(top.card).name,
                    "from": replay.card(home).name,
                    "to": replay.card(action.land).name,
                    "what": "a discovery",
                }
            )
        replay.apply(action)
    return routes


def opening_line(state: State) -> str:
    """The log's sentence on who goes first."""
    return next(e.text for e in state.events if "goes first" in e.text)


def opening(game: HistoricalGame, seed: int) -> tuple[HistoricalState, random.Random]:
    """A new game of ``seed`` with its opening chance steps played (the coin, the first
    lands, the first hands) by a generator of ``seed``, returned to go on with."""
    state = cast(HistoricalState, game.new_game(seed=seed))
    rng = random.Random(seed)
    resolve_all_chance(state, rng)
    return state, rng


def fought_sentence(fought: HistoricalState, events: Sequence[Event], choice: Sequence[str]) -> str:
    """What happened in a battle of :func:`fought_battle` and the defender's choice
    (Markdown)."""
    # morale below zero surprised a reviewer (look 7): say that it may, and from where
    below = [e for e in events if e.kind == "morale" and int(e.data.get("total", 0)) < 0]
    note = "".join(
        f" Morale can fall below zero: {fought.player_name(e.data['player'])} had "
        f"{int(e.data['total']) - int(e.data['change'])} before this battle."
        for e in below[:1]
    )
    return (
        "\n".join(f"- {event.text}" for event in events)
        + f"\n\nIn a game, {fought.player_name(1)} would now choose which card to lose: "
        + " or ".join(f"*{name}*" for name in choice)
        + f". This example stops here, so nobody chooses.{note}"
    )
