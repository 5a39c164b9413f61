"""What the Conquest of Speros lessons tell and show: sentences and tables from the rules.

Each function answers one question a lesson puts to the class (how did the setup go,
who captures this card, where did the points come from, how many sets do these cards
make) in words a student reads, from a state or the card set. Positions and odds
are in :mod:`hcgames.speros.teach`; the views that lay these out are in
:mod:`hcgames.widgets.card_lessons`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from hcgames.play import playout
from hcgames.speros.actions import Discard, EndAbilities, Lead
from hcgames.speros.bots import STRATEGIES, make_strategy
from hcgames.speros.majority import capturer, demonstrates, units_needed
from hcgames.speros.material import COLOURS, TERRAINS, Card, CardSet, People
from hcgames.speros.rule_words import (
    OTHER_RULE_WORDS,
    PLAY_RULE_WORDS,
    SCORING_RULE_WORDS,
    TURN_RULE_WORDS,
    WORLD_RULE_WORDS,
    all_rule_words,
)
from hcgames.speros.scoring import resource_sets, total_scores
from hcgames.speros.teach import capture_table, lay_out, majority_table, to_action_step
from hcgames.words import capitalise

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame
    from hcgames.speros.state import SperosState

__all__ = [
    "ARTIFACT_TIMING",
    "FINISHED_GAMES",
    "LESSON_PAIRINGS",
    "LESSON_PAIRING_GAMES",
    "OTHER_RULE_WORDS",
    "PLAY_RULE_WORDS",
    "SCORING_RULE_WORDS",
    "SET_EXAMPLES",
    "TURN_RULE_WORDS",
    "WORLD_RULE_WORDS",
    "all_rule_words",
    "artifact_face",
    "capture_rows",
    "demonstrate_rows",
    "example_turn",
    "finished_game",
    "game_both_ways",
    "lost_general_notes",
    "majority_example",
    "majority_verdict",
    "need_rows",
    "people_face",
    "resource_rows",
    "score_rows",
    "set_example_rows",
    "sets_both_ways",
    "sets_sentence",
    "setup_summary",
    "strategy_rows",
    "strategy_title",
    "terrain_rows",
    "titled_rows",
]

# --- what the lessons tell and show -------------------------------------------------------

#: the pairings of strategies lesson 44 shows, and how many games each plays (the
#: table is stored: see hcgames.speros.teach.PAIRINGS_FILE)
LESSON_PAIRINGS: tuple[tuple[str, str], ...] = (
    ("rusher", "random"),
    ("rusher", "builder"),
    ("builder", "hoarder"),
)
LESSON_PAIRING_GAMES = 20


def setup_summary(state: SperosState) -> str:
    """How the seeded two-player setup of a lesson went, as Markdown bullets: the two
    peoples and their Generals, the cards that open the Skirmish Area, the deck left and
    who draws the first turn."""
    cards = state.game.cards
    people = [state.game.card_set.people_of(str(state.colour[p])) for p in range(2)]
    opened = [cards[c].name for c in state.skirmish if not cards[c].is_artifact]
    relics = [cards[c].name for c in state.skirmish if cards[c].is_artifact]
    return (
        f"- **Player 1** leads the **{people[0].people}** ({people[0].colour}, home terrain "
        f"{people[0].terrain}) under their General *{people[0].general}*; **Player 2** leads "
        f"the **{people[1].people}** ({people[1].colour}, {people[1].terrain}) under "
        f"*{people[1].general}*.\n"
        f"- Each was dealt 8 Location cards and 3 secret Bonus Objectives, then put one card "
        f"forward in secret: *{opened[0]}* and *{opened[1]}* open the Skirmish Area.\n"
        f"- Two Ancient Artifacts join them (*{relics[0]}* and *{relics[1]}*), and "
        f"{len(state.deck)} cards are left in the deck.\n"
        f"- The draw for the first turn went to **{state.player_name(state.current_player)}**."
    )


def example_turn(start: SperosState) -> tuple[SperosState, list[dict[str, str]], str]:
    """Lesson 40's example turn played on a copy of ``start``: discard the first hand
    card, skip its ability, lead the General and a Minion onto the first Location of the
    Skirmish Area. Returns the state after it, a row per step (what the player chooses
    and what happens, card ids still in the text) and a sentence on where that leaves
    the card (HTML)."""
    example = start.copy()
    cards = start.game.cards
    me = example.current_player
    target = next(c for c in example.skirmish if not cards[c].is_artifact)
    rows = []
    moves = {
        "discard": Discard(example.hands[me][0]),
        "ability": EndAbilities(),
        "action": Lead(target, True),
    }
    for step, move in moves.items():
        ability = cards[example.discard[-1]].text if step == "ability" else ""
        before = len(example.events)
        words = example.action_words(move)  # as the Move list below says it
        example.apply(move)
        happened = " ".join(e.text for e in example.events[before:])
        if step == "ability":
            happened = f'Player 1 leaves the discarded card\'s ability unused: "{ability}"'
        chosen = words[:1].upper() + words[1:]
        rows.append(
            {"Step": step.capitalize(), "Player 1 chooses": chosen, "What happens": happened}
        )
    card = cards[target]
    summary = (
        f"After the turn, <i>{card.name}</i> has a red General and a red Minion on "
        f"{len(example.units[target])} of its {card.encampments} camps. Player 1 already has "
        f"<b>{total_scores(example)[me]} VP</b> on the table: a General on land that is not its "
        f"own scores 2 and a Minion 1. But the card is not captured yet: the elves could still "
        f"fill the other camps."
    )
    return example, rows, summary


def demonstrate_rows(cases: Sequence[tuple[int, int, int]]) -> list[dict[str, Any]]:
    """A row per card ``(camps, my pieces, rival pieces)`` with empty camps: the rival's
    best (their pieces plus every empty camp) and whether I have demonstrated a majority."""
    rows = []
    for camps, mine, theirs in cases:
        empty = camps - mine - theirs
        safe = demonstrates([mine, theirs], empty, 0)
        rows.append(
            {
                "camps": camps,
                "my pieces": mine,
                "rival's pieces": theirs,
                "empty": empty,
                "rival's best": f"{theirs} + {empty} = {theirs + empty}",
                "captured now?": "yes: demonstrated" if safe else "not yet",
            }
        )
    return rows


def majority_verdict(camps: int, mine: int, theirs: int, me_last: bool) -> str:
    """Who captures a two-player card of ``camps`` camps holding ``mine`` and
    ``theirs`` pieces (``me_last``: I placed the last piece), and why, or how many more
    pieces I need alone: a sentence with its verdict in bold (HTML)."""
    empty = camps - mine - theirs
    winner = capturer([mine, theirs], empty, [1, 0] if me_last else [0, 1])
    if winner is not None:
        who = "You capture the card" if winner == 0 else "The rival captures the card"
        if empty:
            how = (
                f"majority demonstrated: {max(mine, theirs)} > {min(mine, theirs)} + {empty} empty"
            )
        elif mine == theirs:
            how = "the card is full and it is a tie, so the last to place a piece wins"
        else:
            most = "you have" if winner == 0 else "the rival has"
            how = f"majority achieved, as the card is full and {most} the most pieces"
        return f"<b>{who}</b>: {how}."
    need = units_needed([mine, theirs], empty, 0)
    more = (
        f"you need {need} more piece{'s' if need != 1 else ''} here on your own"
        if need
        else "you cannot win it on your own"
    )
    return f"<b>Nobody yet</b>: {more}."


def majority_example(
    state: SperosState, camps: int, rival_units: Sequence[str] = ()
) -> tuple[SperosState, str]:
    """A rulebook example of lesson 41 on a new two-player game ``state``: its first deck
    card of ``camps`` camps laid out, ``rival_units`` ("M" or "G") of the player who does
    not start already on it, and the starting player brought to its action step.
    Returns the state and the card."""
    card = next(c for c in state.deck if state.game.cards[c].encampments == camps)
    lay_out(state, card, [(1 - state.turn_player, kind) for kind in rival_units])
    to_action_step(state)
    return state, card


def capture_rows(
    state: SperosState, card_id: str, names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """:func:`capture_table` in a lesson's words, each player called by ``names``."""
    return [
        {
            "player": names[row["player"]],
            "pieces on the card": row["units"],
            "empty camps": row["empty"],
            "pieces still needed": row["needed"],
            "could take it next turn": "yes" if row["next_turn"] else "no",
        }
        for row in capture_table(state, card_id)
    ]


def need_rows(sizes: Sequence[int] = (2, 3, 4, 5)) -> list[dict[str, Any]]:
    """For each card size: the pieces I must place alone to capture it, when the card is
    empty and when one rival piece stands on it."""
    rows = []
    for camps in sizes:
        by_split = {(r["mine"], r["theirs"]): r for r in majority_table(camps)}
        rows.append(
            {
                "camps on the card": camps,
                "empty card: you need": by_split[0, 0]["needed"],
                "one rival piece there: you need": by_split[0, 1]["needed"],
            }
        )
    return rows


# --- lesson 42: finished games and their score sheets ------------------------------------

#: the finished games of lesson 42: name -> seed
FINISHED_GAMES: dict[str, int] = {"Game 1": 5, "Game 2": 6, "Game 3": 7, "Game 4": 8}


def finished_game(game: SperosGame, seed: int) -> SperosState:
    """A whole game of ``seed`` played by two rushers around a builder (seats 1-3)."""
    bots = [make_strategy("rusher", 1), make_strategy("builder", 2), make_strategy("rusher", 3)]
    return cast("SperosState", playout(game.new_game(seed=seed), bots=bots, rng=seed))


def score_rows(state: SperosState, sheet: Mapping[str, Sequence[int]]) -> list[dict[str, Any]]:
    """The score sheet (from :func:`score_sheet`) as table rows, a column per player and
    a total line."""
    players = [f"Player {p + 1}" for p in range(state.game.num_players)]
    head = "Where the points come from"  # "line" (of the score sheet) was unclear
    rows = [
        {head: line[:1].upper() + line[1:], **dict(zip(players, vps, strict=True))}
        for line, vps in sheet.items()
    ]
    totals = {p: sum(v[i] for v in sheet.values()) for i, p in enumerate(players)}
    rows.append({head: "Total", **totals})
    return rows


def set_value_notes(state: SperosState) -> list[str]:
    """A sentence for each player whose captured Artifacts make a resource set worth more
    than the usual VP (the score sheet's "resource sets" line is then not a multiple of
    it): which card, and what a set is worth for that player."""
    cards, base = state.game.cards, state.game.rules.set_vp
    notes = []
    for player in range(state.game.num_players):
        names, worth = [], base
        for card in (cards[c] for c in state.captured[player]):
            effect = card.capture
            if card.timing == "ongoing" and effect and effect.kind == "set_bonus":
                names.append(f"*{card.name}*")
                worth += effect.n
        if names:
            notes.append(
                f"{state.player_name(player)} captured {' and '.join(names)}, so each of "
                f"their resource sets is worth {worth} VP instead of {base}."
            )
    return notes


def lost_general_notes(state: SperosState) -> list[str]:
    """A sentence for each General removed from the game by a card's ability: the score
    sheet then shows it neither on a card nor at home (lesson 42's Game 3 puzzled a
    reviewer), so the result says where it went."""
    return [
        f"In round {event.round}, {event.text.rstrip('.')} (removes it from the game), "
        "so that General scores nothing at the end."
        for event in state.events
        if event.kind == "obliterate" and " the General of " in event.text
    ]


def sets_sentence(game: SperosGame, shown: Sequence[Sequence[str]]) -> str:
    """How many resource sets the captured cards ``shown`` (the resources each card
    shows) make, read both ways, with their VP (HTML)."""

    def phrase(n: int) -> str:
        return f"<b>{n} set{'' if n == 1 else 's'}</b> ({game.rules.set_vp * n} VP)"

    return (
        f"A place for each resource: {phrase(resource_sets(shown))}.<br>"
        f"One place per card: {phrase(resource_sets(shown, one_place_per_card=True))}."
    )


#: lesson 42's five hands of captured cards, each card the resources it shows
SET_EXAMPLES: dict[str, list[tuple[str, ...]]] = {
    "Crystal, Iron, Gold": [("crystal",), ("iron",), ("gold",)],
    "a Crystal and Gold card, an Iron card": [("crystal", "gold"), ("iron",)],
    "three Crystal and Iron cards": [("crystal", "iron")] * 3,
    "two Crystal and Iron cards, one Gold": [("crystal", "iron"), ("crystal", "iron"), ("gold",)],
    "three Crystal and Gold cards, three Iron cards": [("crystal", "gold")] * 3 + [("iron",)] * 3,
}


def set_example_rows() -> list[dict[str, Any]]:
    """:data:`SET_EXAMPLES` with their sets read both ways, as table rows."""
    return [
        {
            "Captured cards": capitalise(label),
            "A place for each resource": resource_sets(cards),
            "One place per card": resource_sets(cards, one_place_per_card=True),
        }
        for label, cards in SET_EXAMPLES.items()
    ]


def sets_both_ways(cards: Sequence[Card]) -> dict[str, int]:
    """The resource sets of captured ``cards``, read both ways."""
    shown = [card.resources for card in cards]
    return {
        "a place for each resource": resource_sets(shown),
        "one place per card": resource_sets(shown, one_place_per_card=True),
    }


def game_both_ways(state: SperosState) -> list[dict[str, Any]]:
    """A finished game's moves scored both ways (a row per reading: each player's VP
    and the winner), the second by replaying them with ``one_resource_per_card``."""
    game = state.game
    other = type(game)(players=game.num_players, mastery=game.mastery, one_resource_per_card=True)
    players = [f"Player {p + 1}" for p in range(game.num_players)]
    rows = []
    for label, scored in [
        ("a place for each resource", state),
        ("one place per card", cast("SperosState", other.replay(state.history, seed=state.seed))),
    ]:
        totals = scored.scores()
        outcome = scored.outcome()
        winner = " and ".join(scored.player_name(p) for p in (outcome.winners if outcome else ()))
        rows.append(
            {
                "reading": label,
                **{players[p]: totals[p] for p in range(game.num_players)},
                "winner": winner,
            }
        )
    return rows


# --- lesson 43: the peoples, their lands and the relics ------------------------------------

#: how long an Artifact's Capture ability lasts, in words
ARTIFACT_TIMING = {
    "one_time": "used once",
    "ongoing": "lasts all game",
    "reusable": "usable every turn",
}


def terrain_rows(card_set: CardSet) -> list[dict[str, Any]]:
    """A row per terrain: its colour, its Location cards, their camps on average, VP in
    all and how many have an ability."""
    rows = []
    for terrain in TERRAINS:
        land = [c for c in card_set.locations if c.terrain == terrain]
        rows.append(
            {
                "terrain": terrain,
                "colour": COLOURS[terrain],
                "cards": len(land),
                "camps on average": f"{sum(c.encampments for c in land) / len(land):.2f}",
                "VP in all": sum(c.vp for c in land),
                "with an ability": sum(c.ability is not None for c in land),
            }
        )
    return rows


def people_face(people: People) -> tuple[str, str, str, dict[str, str]]:
    """A people as a history card shows it: name, subtitle, its land and its General's
    two abilities."""
    return (
        people.people,
        f"{people.colour} · home terrain {people.terrain} · {people.land}",
        people.land_text,
        {
            "General": people.general,
            "Ability 1": people.general_abilities[0].text,
            "Ability 2": people.general_abilities[1].text,
        },
    )


#: the places of lesson 43's history of the Delian League, for its small map of the
#: Aegean: (name, longitude, latitude, side of the dot its name stands on)
DELIAN_PLACES: tuple[tuple[str, float, float, str], ...] = (
    ("Athens", 23.73, 37.98, "right"),
    ("Salamis", 23.48, 37.93, "left"),
    ("Plataea", 23.27, 38.21, "left"),
    ("Sparta", 22.43, 37.07, "below"),
    ("Delos", 25.27, 37.40, "right"),
    ("Naxos", 25.38, 37.08, "right"),
    ("Thasos", 24.70, 40.68, "right"),
    ("Aegean Sea", 25.05, 38.85, "sea"),
    ("Persian Empire", 28.4, 39.2, "land"),
)
#: the islands of that map too small for the game map's coast (lon, lat, and half their
#: size in degrees), drawn so that their dots stand on land
DELIAN_ISLANDS = (
    (25.43, 37.07, 0.12, 0.13),  # Naxos
    (25.27, 37.40, 0.03, 0.04),  # Delos
    (23.47, 37.93, 0.09, 0.05),  # Salamis
)
#: the frame of that map: west, south, east, north (degrees), Persia's Asian coast in it
AEGEAN_BOUNDS = (21.5, 36.4, 29.8, 41.0)
DELIAN_CAPTION = (
    "The Aegean in the 400s BC. Athens and Sparta, and the two victories over Persia "
    "at Salamis and Plataea; Delos, the small island where the league first kept its "
    "money; Naxos and Thasos, two members forced back in when they tried to leave; to the "
    "east, the Persian Empire the league was formed to fight."
)


def vp_words(vp: int) -> str:
    """A card's victory points as printed: "2 VP", and "\u22121 VP" with a real minus
    sign (a hyphen read as a dash, look 10, lesson 43)."""
    return f"{vp} VP" if vp >= 0 else f"\u2212{-vp} VP"


def artifact_face(artifact: Card) -> tuple[str, str, str, dict[str, str]]:
    """An Ancient Artifact as a history card shows it: name, VP and camps, a line on
    the gateways, and its Excavate and Capture abilities."""
    excavate, _, capture = artifact.text.partition(" Capture")
    timing = ARTIFACT_TIMING.get(artifact.timing or "", artifact.timing)
    return (
        artifact.name,
        f"{vp_words(artifact.vp)} · 5 camps · its Capture ability {timing}",
        "Left behind by the builders of the gateways.",
        {"Excavate": excavate.removeprefix("Excavate: "), "Capture": capture.split(": ", 1)[-1]},
    )


def strategy_title(name: str) -> str:
    """A strategy's name as a page writes it, a proper name: "rusher" -> "Rusher"."""
    return name[:1].upper() + name[1:]


def titled_rows(rows: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """Rows of :func:`~hcgames.speros.teach.pairing_rows` with the strategies' names
    written as proper names ("Rusher against Random")."""
    return [
        {
            **row,
            "pairing": " against ".join(
                strategy_title(n) for n in row["pairing"].split(" against ")
            ),
            "strategy": strategy_title(row["strategy"]),
        }
        for row in rows
    ]


def strategy_rows() -> list[dict[str, str]]:
    """The computer players' strategies and what each values, as table rows."""
    return [
        {"strategy": strategy_title(name), "what it values": capitalise(about)}
        for name, (about, _) in STRATEGIES.items()
    ]


def resource_rows(cards: Sequence[Card]) -> list[dict[str, str]]:
    """Captured cards and the resources each shows, as table rows."""
    return [
        {"captured card": card.name, "shows": " and ".join(r.capitalize() for r in card.resources)}
        for card in cards
    ]
