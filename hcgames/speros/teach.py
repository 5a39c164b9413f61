"""Teaching Conquest of Speros: lesson positions, majority tables and draw odds.

Positions: :func:`play_setup` plays the setup with fixed choices
(:func:`hcgames.speros.start` builds a new game that way); :func:`lay_out` puts a
chosen card on the table with chosen Units, as a teacher arranging cards before a
lesson ("suppose Red has a General and a Minion here..."). Positions made this way
keep every count straight (cards are taken from wherever they were, Units from Base
Camps), so the rules carry on normally from them.

The maths changes no state. The functions answer the questions a player asks at
the table: *who can take this card now?*, *who could next turn?* and *how likely am
I to draw what I need?* Draw odds are exact (hypergeometric, with Fractions): from
one player's seat, the cards they cannot see (the deck and rivals' hands) are
equally likely to be anywhere, so the next ``k`` cards drawn are a uniformly random
``k``-card subset of that unseen pool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from hcgames.data import read_json
from hcgames.speros.actions import ChoosePeople, Discard, EndAbilities, FirstPlacement
from hcgames.speros.bots import compare
from hcgames.speros.majority import capturer, demonstrates, units_needed
from hcgames.speros.material import TERRAINS, Card
from hcgames.speros.scoring import score_lines
from hcgames.speros.victory import start_scoring

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame
    from hcgames.speros.state import SperosState

__all__ = [
    "LESSON_POSITIONS",
    "capture_table",
    "draw_odds",
    "end_now",
    "give_captured",
    "home_draw_sentence",
    "hypergeometric",
    "hypergeometric_at_least",
    "lay_out",
    "majority_table",
    "odds_table",
    "pairing_rows",
    "play_setup",
    "put_in_hand",
    "reach",
    "result_sentence",
    "score_sheet",
    "take_card",
    "to_action_step",
    "unseen_cards",
]


# --- lesson positions ---------------------------------------------------------------

#: the positions the lessons open at: name -> (peoples in seat order, seed)
LESSON_POSITIONS: dict[str, tuple[tuple[str, ...], int]] = {
    "a turn at the table": (("mountain", "forest"), 10),
    "majority": (("forest", "mountain"), 10),
}


def play_setup(state: SperosState, peoples: Sequence[str] | None = None) -> SperosState:
    """Play a new game's setup: ``peoples`` chosen in seat order (default: the
    terrains in order), then each player's first hand card put forward."""
    players = state.game.num_players
    for terrain in peoples or TERRAINS[:players]:
        state.apply(ChoosePeople(terrain))
    for p in range(players):
        state.apply(FirstPlacement(state.hands[p][0]))
    return state


def take_card(state: SperosState, card_id: str) -> None:
    """Take a card off the table: from the deck, a hand, the discard pile or (if no
    Unit stands on it) the Skirmish Area."""
    if card_id in state.deck:
        state.deck.remove(card_id)
        return
    for hand in state.hands:
        if card_id in hand:
            hand.remove(card_id)
            return
    if card_id in state.discard:
        state.discard.remove(card_id)
        return
    card = state.game.cards[card_id]
    if card.is_artifact and card_id not in state.skirmish and card_id not in state.owner:
        return  # an Artifact left in the box this game
    if card_id in state.skirmish and not state.units[card_id]:
        state.skirmish.remove(card_id)
        del state.units[card_id]
        state.last_placed.pop(card_id, None)
        return
    raise ValueError(
        f"{card_id} is not in the deck, a hand, the discard pile or empty in the Skirmish Area"
    )


def lay_out(state: SperosState, card_id: str, units: Sequence[tuple[int, str]] = ()) -> None:
    """Put ``card_id`` in the Skirmish Area with ``units`` ((player, "M" or "G"), in
    the order they were placed) taken from the Base Camps. No capture is checked:
    arrange only positions that are still open."""
    if card_id not in state.skirmish:
        take_card(state, card_id)
        state.skirmish.append(card_id)
        state.units[card_id] = []
    _take_units(state, card_id, units)
    state.triggers = []
    state._legal_cache = None


def to_action_step(state: SperosState) -> None:
    """Discard the first hand card and skip every ability, reaching the action step."""
    state.apply(Discard(state.hands[state.turn_player][0]))
    if state.phase == "ability":
        state.apply(EndAbilities())


def _take_units(state: SperosState, card_id: str, units: Sequence[tuple[int, str]]) -> None:
    for player, kind in units:
        if kind == "G":
            if not state.general_home[player]:
                raise ValueError(f"the General of player {player + 1} is not at home")
            state.general_home[player] = False
        else:
            if not state.base_minions[player]:
                raise ValueError(f"player {player + 1} has no Minion at home")
            state.base_minions[player] -= 1
        state.units[card_id].append((player, kind))
        state.seq += 1
        last = state.last_placed.setdefault(card_id, [-1] * state.game.num_players)
        last[player] = state.seq


def give_captured(
    state: SperosState, player: int, card_id: str, units: Sequence[tuple[int, str]] = ()
) -> None:
    """Put ``card_id`` straight into ``player``'s captured area with ``units`` on it."""
    take_card(state, card_id)
    state.captured[player].append(card_id)
    state.owner[card_id] = player
    state.units[card_id] = []
    _take_units(state, card_id, units)
    state._legal_cache = None


def put_in_hand(state: SperosState, player: int, card_id: str) -> None:
    """Move a Location from wherever it is into ``player``'s hand."""
    take_card(state, card_id)
    state.hands[player].append(card_id)
    state.hands[player].sort()
    state._legal_cache = None


def end_now(state: SperosState, reason: str = "the teacher stopped the game") -> None:
    """End the game here: the players go on to reveal their bonus objectives."""
    state.stack.clear()
    start_scoring(state, reason)
    state._legal_cache = None


# --- majority and draw odds ---------------------------------------------------------


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """P(exactly ``hits`` successes) drawing ``draws`` cards without replacement."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("need 0 <= successes, draws <= population")
    if hits < 0 or hits > draws or hits > successes or draws - hits > population - successes:
        return Fraction(0)
    return Fraction(
        comb(successes, hits) * comb(population - successes, draws - hits),
        comb(population, draws),
    )


def hypergeometric_at_least(population: int, successes: int, draws: int, hits: int = 1) -> Fraction:
    """P(at least ``hits`` successes) in ``draws`` cards without replacement."""
    draws = min(draws, population)
    return sum(
        (hypergeometric(population, successes, draws, h) for h in range(hits, draws + 1)),
        Fraction(0),
    )


def unseen_cards(state: SperosState, player: int) -> list[str]:
    """Location cards ``player`` cannot see: the deck plus every rival's hand."""
    pool = list(state.deck)
    for q, hand in enumerate(state.hands):
        if q != player:
            pool += hand
    return sorted(pool)


def draw_odds(
    state: SperosState,
    player: int,
    wanted: Callable[[Card], bool],
    draws: int | None = None,
    hits: int = 1,
) -> dict[str, Any]:
    """Chance that ``player`` draws at least ``hits`` wanted cards in ``draws`` draws
    (default: a Plan's).

    Counts only the cards ``player`` cannot see, as that player would. Returns the
    numbers behind the answer too (``population``, ``successes``) so a lesson can
    show the formula.
    """
    pool = unseen_cards(state, player)
    cards = state.game.cards
    good = sum(1 for c in pool if wanted(cards[c]))
    draws = min(state.game.rules.plan_draws if draws is None else draws, len(state.deck))
    p = hypergeometric_at_least(len(pool), good, draws, hits) if pool else Fraction(0)
    return {
        "population": len(pool),
        "successes": good,
        "draws": draws,
        "hits": hits,
        "probability": p,
    }


def home_draw_sentence(state: SperosState, player: int, hits: int, draws: int = 3) -> str:
    """The chance that ``draws`` draws bring ``player`` at least ``hits`` Locations of
    its home terrain, as a sentence with the numbers behind it (HTML)."""
    home = state.colour[player]
    if home is None:
        return "Choose your people first: the odds depend on your home terrain."
    odds = draw_odds(state, player, lambda card: card.terrain == home, draws=draws, hits=hits)
    p = odds["probability"]
    wanted = f"all {hits}" if hits == draws else f"at least {hits}"
    return (
        f"You cannot see <b>{odds['population']}</b> cards, and <b>{odds['successes']}</b> "
        f"of them are {home} Locations. The chance that {odds['draws']} draws bring "
        f"{wanted} of them is about <b>{float(p):.0%}</b>: about "
        f"<b>{round(float(p) * 100)} times in 100</b> such draws."
    )


#: Lesson 44's table of pairings, computed once by :func:`fresh_pairings` and stored so
#: the page opens without playing 60 games (``python tools/make_lesson_data.py``); a test
#: checks it against a fresh run.
PAIRINGS_FILE = ("speros", "lesson-pairings.json")


def fresh_pairings(
    game: SperosGame, pairings: Sequence[tuple[str, str]], games: int, seed: int = 1
) -> dict[str, Any]:
    """The record :data:`PAIRINGS_FILE` holds: the setup, and the rows of
    :func:`pairing_rows` for every pairing."""
    return {
        "options": dict(game.options),
        "games": games,
        "seed": seed,
        "pairings": [list(pair) for pair in pairings],
        "rows": [pairing_rows(game, pair, games, seed, stored=False) for pair in pairings],
    }


def _stored_pairing(
    game: SperosGame, pair: Sequence[str], games: int, seed: int
) -> list[dict[str, str]] | None:
    """The stored rows of this pairing, if the stored games are exactly these."""
    doc = read_json(*PAIRINGS_FILE)
    if (doc["options"], doc["games"], doc["seed"]) != (dict(game.options), games, seed):
        return None
    for stored_pair, rows in zip(doc["pairings"], doc["rows"], strict=True):
        if stored_pair == list(pair):
            return [{str(k): str(v) for k, v in row.items()} for row in rows]
    return None


def pairing_rows(
    game: SperosGame, pair: Sequence[str], games: int, seed: int = 1, stored: bool = True
) -> list[dict[str, str]]:
    """Two strategies played against each other (:func:`~hcgames.speros.bots.compare`,
    seats rotating), as table rows: each one's share of wins and average VP. With
    ``stored``, the games stored for lesson 44 are read instead of played again when
    they are the same games (same options, pairing, number and seed)."""
    if stored:
        known = _stored_pairing(game, pair, games, seed)
        if known is not None:
            return known
    result = compare(game, list(pair), games=games, seed=seed)
    return [
        {
            "pairing": f"{pair[0]} against {pair[1]}",
            "strategy": name,
            "share of wins": f"{result[name]['win share']:.0%}",
            "average VP": f"{result[name]['average VP']:.1f}",
        }
        for name in pair
    ]


def reach(state: SperosState, player: int) -> int:
    """Most Units ``player`` can deploy to one card with a single action.

    Lead brings the General and a Minion (2); Attack or Explore one Minion. Abilities
    can add more; they are left out here.
    """
    minions = state.base_minions[player]
    if state.general_home[player]:
        return 2 if minions else 1
    return 1 if minions else 0


def capture_table(state: SperosState, card_id: str) -> list[dict[str, Any]]:
    """For one card of the Skirmish Area, a row per player.

    ``needed`` is how many more Units the player must place alone to capture it
    (None: out of reach however many they add); ``now`` says whether the player to
    act can take it with this turn's action; ``next_turn`` whether the player could
    take it with their next action if nobody else touches the card.
    """
    counts = state.counts(card_id)
    empty = state.empty_spaces(card_id)
    acting = state.current_player
    in_turn = state.phase in ("discard", "ability", "action") and not state.stack
    rows = []
    for p in range(state.game.num_players):
        needed = units_needed(counts, empty, p)
        can = needed is not None and needed <= reach(state, p)
        rows.append(
            {
                "player": p,
                "name": state.player_name(p),
                "units": counts[p],
                "empty": empty,
                "needed": needed,
                "demonstrates": demonstrates(counts, empty, p),
                "now": bool(can and in_turn and p == acting),
                "next_turn": bool(can),
            }
        )
    return rows


def majority_table(encampments: int, players: int = 2) -> list[dict[str, Any]]:
    """Every split of a card between me (player 0) and one rival, with the verdict.

    ``result`` is "captured by me", "captured by rival" or "open"; for full cards the
    tie goes to whoever placed last, shown for both orders.
    """
    rows = []
    for mine in range(encampments + 1):
        for theirs in range(encampments + 1 - mine):
            empty = encampments - mine - theirs
            counts = [mine, theirs] + [0] * (players - 2)
            if empty == 0:
                me_last = capturer(counts, 0, [1, 0] + [-1] * (players - 2))
                rival_last = capturer(counts, 0, [0, 1] + [-1] * (players - 2))
                result = {0: "captured by me", 1: "captured by rival"}
                verdict = (
                    (
                        result[me_last]
                        if me_last == rival_last
                        else "captured by whoever placed last"
                    )
                    if me_last is not None
                    else "open"
                )
            else:
                winner = capturer(counts, empty, [0] * players)
                verdict = {0: "captured by me", 1: "captured by rival"}.get(
                    winner if winner is not None else -1, "open"
                )
            needed = units_needed(counts, empty, 0) if verdict == "open" else None
            rows.append(
                {
                    "mine": mine,
                    "theirs": theirs,
                    "empty": empty,
                    "result": verdict,
                    "needed": needed,
                }
            )
    return rows


def odds_table(game: SperosGame) -> str:
    """The printable odds table for ``python -m hcgames odds conquest-of-speros``."""
    lines = [
        f"{game.title}: no dice. Cards are captured by majority, and draws decide the rest.",
        "",
        "Units you must place alone on a card to capture it",
        "encampments | empty card | rival holds 1 | rival holds 2",
    ]
    for size in range(2, 6):
        cells = []
        for rival in (0, 1, 2):
            if rival >= size:
                cells.append("-")
                continue
            if capturer([0, rival], size - rival, [-1, 0]) == 1:
                cells.append("rival has it")
                continue
            needed = units_needed([0, rival], size - rival, 0)
            cells.append("never" if needed is None else str(needed))
        lines.append(f"{size:>11} | {cells[0]:>10} | {cells[1]:>13} | {cells[2]:>13}")
    n = game.num_players
    hand = game.rules.hand_size
    plan = game.rules.plan_draws
    deck = len(game.card_set.locations) - hand * n
    per_terrain = len(game.card_set.locations) // len(TERRAINS)
    lines += [
        "",
        f"First turn, {n} players: chance that a Plan ({plan} draws) finds at least k cards "
        f"of one terrain ({per_terrain} of {len(game.card_set.locations)} cards; "
        f"unseen pool = deck + rivals' hands, your {hand} cards hold none of it):",
    ]
    pool = len(game.card_set.locations) - hand
    for k in range(1, plan + 1):
        p = hypergeometric_at_least(pool, per_terrain, plan, k)
        lines.append(f"  at least {k}: {p} = {float(p):.3f}")
    lines.append(f"(The deck starts with {deck} cards after dealing.)")
    return "\n".join(lines)


# --- the score sheet of a finished game -------------------------------------------------


def score_sheet(state: SperosState) -> tuple[dict[str, list[int]], dict[int, str]]:
    """The score lines as ``{line: [VP of each player]}``, and each player's Bonus
    Objective (its line is called "bonus objective" on the sheet)."""
    players = state.game.num_players
    sheet: dict[str, list[int]] = {}
    bonus: dict[int, str] = {}
    for player in range(players):
        for line, _count, vp in score_lines(state, player):
            if line.startswith("bonus: "):
                bonus[player], line = line[len("bonus: ") :], "bonus objective"
            sheet.setdefault(line, [0] * players)[player] += vp
    return sheet, bonus


def result_sentence(state: SperosState, bonus: dict[int, str]) -> str:
    """Who won a finished game, with how many VP, when and why, and the Bonus
    Objectives revealed (``bonus`` from :func:`score_sheet`), in Markdown."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over yet")
    winners = " and ".join(state.player_name(p) for p in outcome.winners) or "nobody"
    # "most victory points (17); the game ended because ..." -> "because ..."
    reason = outcome.reason.split("; ", 1)[-1].removeprefix("the game ended ")
    revealed = "; ".join(f"{state.player_name(p)} reveals *{name}*" for p, name in bonus.items())
    said = (
        f"**{winners}** won with {max(outcome.scores.values()):.0f} VP. The game ended "
        f"after round {state.round}, {reason}."
    )
    return f"{said} Bonus Objectives: {revealed}." if revealed else said
