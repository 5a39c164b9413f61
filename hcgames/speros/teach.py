"""Teaching maths for Conquest of Speros: majority and the odds of a draw.

Nothing here changes a state. The functions answer the questions a player asks at
the table: *who can take this card now?*, *who could next turn?* and *how likely am
I to draw what I need?* Draw odds are exact (hypergeometric, with Fractions): from
one player's seat, the cards they cannot see (the deck and rivals' hands) are
equally likely to be anywhere, so the next ``k`` cards drawn are a uniformly random
``k``-card subset of that unseen pool.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from hcgames.speros.cards import TERRAINS, Card
from hcgames.speros.majority import capturer, demonstrates, units_needed

if TYPE_CHECKING:
    from hcgames.speros.game import SperosGame
    from hcgames.speros.state import SperosState

__all__ = [
    "capture_table",
    "draw_odds",
    "hypergeometric",
    "hypergeometric_at_least",
    "majority_table",
    "odds_table",
    "reach",
    "unseen_cards",
]


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
    state: SperosState, player: int, wanted: Callable[[Card], bool], draws: int = 3, hits: int = 1
) -> dict[str, Any]:
    """Chance that ``player`` draws at least ``hits`` wanted cards in ``draws`` draws.

    Counts only the cards ``player`` cannot see, as that player would. Returns the
    numbers behind the answer too (``population``, ``successes``) so a lesson can
    show the formula.
    """
    pool = unseen_cards(state, player)
    cards = state.game.cards
    good = sum(1 for c in pool if wanted(cards[c]))
    draws = min(draws, len(state.deck))
    p = hypergeometric_at_least(len(pool), good, draws, hits) if pool else Fraction(0)
    return {
        "population": len(pool),
        "successes": good,
        "draws": draws,
        "hits": hits,
        "probability": p,
    }


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
                "name": state.who(p),
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
    deck = len(game.card_set.locations) - 8 * n
    per_terrain = len(game.card_set.locations) // len(TERRAINS)
    lines += [
        "",
        f"First turn, {n} players: chance that a Plan (3 draws) finds at least k cards "
        f"of one terrain ({per_terrain} of {len(game.card_set.locations)} cards; "
        "unseen pool = deck + rivals' hands, your 8 cards hold none of it):",
    ]
    pool = len(game.card_set.locations) - 8
    for k in (1, 2, 3):
        p = hypergeometric_at_least(pool, per_terrain, 3, k)
        lines.append(f"  at least {k}: {p} = {float(p):.3f}")
    lines.append(f"(The deck starts with {deck} cards after dealing.)")
    return "\n".join(lines)
