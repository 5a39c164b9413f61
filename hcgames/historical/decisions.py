"""Every rule the program had to settle, with where it comes from.

``source`` is ``"rulebook"`` only where the rulebook itself says so (its rules or
its questions and answers); every reading, inference or choice of ours is
``"ours"``. Several of our choices were agreed by the project team in its notes on
what the rulebooks leave open; they are still ours, not the book's.
:func:`decisions_text` prints the complete list as plain text for a notebook.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from hcgames.core import RuleDecision

__all__ = ["RULE_DECISIONS", "decisions_text"]

_BOOK = "rulebook"
_OURS = "ours"

RULE_DECISIONS: tuple[RuleDecision, ...] = (
    RuleDecision(
        "Decks",
        "Four starter decks of 51 real cards: Cheswell (B), Salem (C), Boadicea (E) "
        "and Confucius (F). Cards whose ability the program cannot carry out were swapped "
        "for other real starter cards (the deck list names them).",
        _OURS,
    ),
    RuleDecision(
        "Deck assignment",
        "Unless the players choose their decks, the seats get the Cheswell, Salem, Boadicea "
        "and Confucius decks in that order, then Cheswell and Salem again for seats 5 and 6.",
        _OURS,
    ),
    RuleDecision("Players", "2 to 6 players (the book allows up to 10).", _OURS),
    RuleDecision(
        "Who starts",
        "Either a coin flip or the player whose top land lies farthest north goes first.",
        _BOOK,
    ),
    RuleDecision(
        "Who starts: details",
        "Play goes round the table in seat order from the first player, and each round "
        "starts with them. A game setting chooses the way: the coin (our default) or the "
        "land farthest north. The coin "
        "is a fair chance step among all players (a real coin only serves two). For "
        "the northern way every player turns up the top land of their pile, which becomes their "
        "first land; a land's position is the latitude of its capital or centre (in the "
        "card data), and equal latitudes go to the coin.",
        _OURS,
    ),
    RuleDecision(
        "Shuffling",
        "Draw decks and land piles are unordered: every draw is a chance step in "
        "which each card left is equally likely, which is what a fair shuffle gives.",
        _OURS,
    ),
    RuleDecision(
        "Numbers from the questions and answers",
        "Brothers Grimm take 200 morale from one opponent; Edgar Allan Poe's -300 is used "
        "once, at any time in his owner's turn while he is in play; Eli Whitney gives +200 "
        "morale and strength once for discarding another character, kept after he leaves; "
        "Chuck Cooper's +300 comes once.",
        _BOOK,
    ),
    RuleDecision(
        "Numbers from the sample morale log",
        "The book's sample log shows Beethoven +300, Michelangelo +100 and +300 when he "
        "dies, Salem Witch Trials -400, James Madison +300 and Socrates +300. We read "
        "these as the cards' values where the card list differs.",
        _OURS,
    ),
    RuleDecision(
        "French Musketeers and Quebec",
        "Both give +300 strength while a French leader stands in the same land, and "
        "Napoleon counts as a French leader (the card list's +500 is replaced).",
        _BOOK,
    ),
    RuleDecision(
        "Continents",
        "Six continents; the reference's 'South Pacific' is Oceania. Europe, Asia "
        "and Africa are joined by land, and so are the Americas.",
        _OURS,
    ),
    RuleDecision(
        "Explorer travel",
        "An explorer may move to another of your lands once a turn and may bring one "
        "character or army that stood on its land. Land explorers only reach lands "
        "joined by land; sea explorers only lands with ocean or river access.",
        _BOOK,
    ),
    RuleDecision(
        "Explorer travel: details",
        "A land has sea access when the card data marks it as coastal; air and space "
        "explorers go anywhere. "
        "The explorer's one move of the turn is used by its journey, by the turn's "
        "ordinary move and by taking an empty land, whichever comes first; an explorer "
        "carried by another explorer has moved too.",
        _OURS,
    ),
    RuleDecision(
        "First round",
        "Round 1 only builds civilisations: nobody may touch an opponent's civilisation.",
        _BOOK,
    ),
    RuleDecision(
        "First round: details",
        "In round 1 cards and held abilities that reach another civilisation are not "
        "offered and no interrupt windows open; an explorer may still be played and may "
        "discover a land (its ability that would reach an opponent is left unused).",
        _OURS,
    ),
    RuleDecision(
        "Attacks",
        "From round 3 (every player has had two turns), with 800 morale or more, at most "
        "two a turn in the attack phase, from one of your lands against an opponent's "
        "land on the same continent, or one an explorer on the attacking land can reach.",
        _BOOK,
    ),
    RuleDecision(
        "Attacks: details",
        "The 800 morale are checked when an attack is declared. Both lands need cards on "
        "them: an empty land is taken, not attacked.",
        _OURS,
    ),
    RuleDecision(
        "Battle results",
        "Higher total wins; equal totals are a draw in which nothing happens. The loser "
        "loses 100 morale; a beaten defender chooses one card of the defending land to "
        "discard. Strength bonuses count for attack and for defence.",
        _BOOK,
    ),
    RuleDecision(
        "Battle results: details",
        "The defender's lost card dies (death abilities work). Attack and defence bonuses "
        "count only on their own side; multipliers come last (rounded down).",
        _OURS,
    ),
    RuleDecision(
        "Taking an emptied land",
        "After a won attack empties a land, the attacker may move a spare card (its land "
        "keeps at least one card) from the attacking land or any of its lands on that "
        "continent onto it and take it; an explorer doing so uses its move of the turn.",
        _OURS,
    ),
    RuleDecision(
        "Undefended lands",
        "From round 2, in the move phase, a spare card from a land on the same continent "
        "(or an explorer that can reach it, alone or carrying one character or army) may "
        "take an opposing land with no cards; the land it leaves keeps at least one card; "
        "a destroyed (locked) land cannot be taken.",
        _OURS,
    ),
    RuleDecision(
        "Divided lands",
        "Two players may hold the same land. When one empties the other's copy in battle, "
        "that copy goes to its owner's discard pile instead of being taken. The Atomic "
        "Bomb hits every copy.",
        _BOOK,
    ),
    RuleDecision(
        "Moves",
        "One character or army may move a turn, to another of your lands on the same "
        "continent; at most one army per land.",
        _BOOK,
    ),
    RuleDecision(
        "Interrupt cards",
        "Interrupt cards do not count as plays, there is no limit on them, and they may "
        "be played in any phase of any player's turn.",
        _BOOK,
    ),
    RuleDecision(
        "Interrupt windows",
        "In your own turn interrupts are offered in every phase. In an opponent's turn a "
        "player holding a playable interrupt is asked: when the opponent's card or "
        "ability aims at them, when an attack is declared (defender first, then "
        "attacker), and at the end of each of the opponent's four phases. A window closes "
        "when its player passes.",
        _OURS,
    ),
    RuleDecision(
        "Cancelling answers",
        "Turning an event back makes its morale effect hit its player instead; any other "
        "effect that is turned back is simply cancelled for the answering player.",
        _OURS,
    ),
    RuleDecision(
        "Equal abilities",
        "When both sides have a card with the same ability, both cancel, unless exactly "
        "one of them is an interrupt card, which then keeps its ability.",
        _BOOK,
    ),
    RuleDecision(
        "Equal abilities: details",
        "We apply this inside one battle: 'the same ability' means the same kind and "
        "numbers, and any two automatic victories. The book's example pair (Davy Crockett "
        "and Peter Salem) have different abilities in the card texts we have.",
        _OURS,
    ),
    RuleDecision(
        "Held abilities",
        "An ability that is not on an event or interrupt card and does not say it works "
        "at once may be saved and used when its owner chooses, at any time in the owner's "
        "own turn while the card is in play (Edgar Allan Poe). An ability lasts one turn "
        "or works once unless the card says otherwise.",
        _BOOK,
    ),
    RuleDecision(
        "Held abilities: details",
        "Which abilities can be held follows the mark H in the card list: Australia's "
        "+200 and Nebuchadnezzar's +100 wait until their owner uses them.",
        _OURS,
    ),
    RuleDecision(
        "Morale cap",
        "A player gains at most 800 morale in each turn (anyone's turn); losses are not "
        "capped. Morale floors stop losses at the floor.",
        _OURS,
    ),
    RuleDecision(
        "Endings",
        "3000 morale wins; -2000 morale forfeits; taking all of an opponent's lands wins.",
        _BOOK,
    ),
    RuleDecision(
        "Endings: details",
        "3000 wins at once, even in another player's turn. A player who forfeits leaves "
        "with all their cards; a player left without land by other means is out too.",
        _OURS,
    ),
    RuleDecision(
        "Round limit",
        "Our limit of 30 rounds (a game setting) ends the game: the highest morale "
        "wins, equal highest share the win.",
        _OURS,
    ),
    RuleDecision(
        "Turn safeguard",
        "After 120 steps in one turn only finishing steps remain (ending the phase, "
        "passing); this puts a firm bound on the length of a game and never matters in "
        "real play.",
        _OURS,
    ),
    RuleDecision(
        "Death",
        "A card dies when it is lost in battle or removed by an opponent's card or a "
        "disaster; discarding your own card, expiry or making room is not a death.",
        _OURS,
    ),
    RuleDecision(
        "Recovered cards", "Cards brought back from the discard pile go to the hand.", _OURS
    ),
    RuleDecision(
        "Turn counts",
        "'For N turns' counts the turns of the card's player; a card's age goes up at "
        "the start of each of its controller's turns.",
        _OURS,
    ),
    RuleDecision(
        "Leaders",
        "Napoleon counts as a French leader, and a Christian spiritual leader counts as a "
        "Christian leader.",
        _BOOK,
    ),
    RuleDecision(
        "Leaders: details",
        "A leader is any character of subtype leader, conqueror or spiritual leader.",
        _OURS,
    ),
    RuleDecision(
        "Rasputin",
        "The planted card's owner chooses the land; the land's holder loses the 200 "
        "morale and must discard him last.",
        _OURS,
    ),
    RuleDecision(
        "Full lands",
        "When a card must join a full land (a defector, a planted card like Rasputin), "
        "the land's player chooses which card makes room.",
        _BOOK,
    ),
    RuleDecision(
        "Chernobyl",
        "One card of the struck land escapes to the first of its holder's other lands on "
        "that continent with room.",
        _OURS,
    ),
    RuleDecision(
        "Target choice",
        "When a card names a kind of target without saying who picks (a leader to kill, a "
        "card to discard), the card's player picks.",
        _OURS,
    ),
    RuleDecision(
        "Years on timelines",
        "Timelines use the years of our history plates, checked against history, not the "
        "printed card years where those are wrong (Peter the Great 1672-1725, Jesse Owens "
        "1913-1980).",
        _OURS,
    ),
    RuleDecision(
        "Hard history",
        "Cards on slavery, witch trials and the atomic bomb keep their game numbers; their "
        "history plate ends with a calm note of context for the teacher, and the game log "
        "shows that note when the card is played.",
        _OURS,
    ),
)

_SOURCE_WORDS = {_BOOK: "the rulebook says so", _OURS: "our decision"}


def decisions_text(decisions: Iterable[RuleDecision] = RULE_DECISIONS, width: int = 88) -> str:
    """The complete list of decisions as numbered, wrapped plain text."""
    items = list(decisions)
    lines = [
        f"{len(items)} rules the program had to settle "
        f"({sum(d.source == _BOOK for d in items)} from the rulebook, "
        f"{sum(d.source != _BOOK for d in items)} our own decisions):",
        "",
    ]
    for number, decision in enumerate(items, 1):
        source = _SOURCE_WORDS.get(decision.source, decision.source)
        head = f"{number:>2}. {decision.topic} ({source}): "
        lines.append(textwrap.fill(head + decision.decision, width=width, subsequent_indent="    "))
    return "\n".join(lines)
