"""Every rule the rulebook leaves open, with the choice this package made."""

from __future__ import annotations

from hcgames.core import RuleDecision

__all__ = ["RULE_DECISIONS"]

_BOOK = "rulebook"
_GAPS = "RULES-GAPS (project decision)"

RULE_DECISIONS: tuple[RuleDecision, ...] = (
    RuleDecision(
        "Decks",
        "Four starter decks of 51 real cards: Cheswell (B), Salem (C), Boadicea (E) "
        "and Confucius (F). Cards whose ability our effect vocabulary cannot express were "
        "swapped for other real starter cards (listed in data/historical/decks.json).",
        "ours",
    ),
    RuleDecision(
        "Deck assignment",
        "Without decks=, seats get cheswell, salem, boadicea, confucius, then "
        "cheswell and salem again for seats 5 and 6.",
        "ours",
    ),
    RuleDecision("Players", "2 to 6 players (the book allows up to 10).", "ours"),
    RuleDecision(
        "Who starts", "Player 1 starts; the coin flip of the book is the seating.", "ours"
    ),
    RuleDecision(
        "Shuffling",
        "Draw decks and land piles are unordered: every draw is a chance step in "
        "which each card left is equally likely, which is what a fair shuffle gives.",
        "ours",
    ),
    RuleDecision(
        "Book numbers",
        "The book's numbers beat the card list: Beethoven +300, Michelangelo +100 "
        "and +300 when he dies, Salem Witch Trials -400, James Madison +300, Socrates +300, "
        "Brothers Grimm -200 to one opponent, Edgar Allan Poe -300 once at any time in your "
        "turn, Eli Whitney +200 morale and strength once for discarding another character, "
        "Chuck Cooper +300 once.",
        _GAPS,
    ),
    RuleDecision(
        "Continents",
        "Six continents; the reference's 'South Pacific' is Oceania. Europe, Asia "
        "and Africa are joined by land, and so are the Americas.",
        _GAPS,
    ),
    RuleDecision(
        "Explorer travel",
        "Land explorers reach lands on continents joined by land; sea "
        "explorers go from a coastal land to a coastal land; air and space explorers go "
        "anywhere. Each explorer moves once a turn: its journey, the turn's ordinary move "
        "and taking an empty land all count; it may take one card from its land along.",
        _GAPS,
    ),
    RuleDecision(
        "First round",
        "No interaction in round 1: cards and held abilities that reach another "
        "civilisation cannot be used and no interrupt windows open.",
        _BOOK,
    ),
    RuleDecision(
        "Attacks",
        "From round 3 on (every player has had two turns), with 800 morale or more "
        "at the declaration, at most two a turn, from a land with cards against an opposing "
        "land with cards on the same continent or within reach of an explorer standing on the "
        "attacking land.",
        _BOOK,
    ),
    RuleDecision(
        "Battle results",
        "Loser loses 100 morale; a beaten defender chooses one card of the "
        "defending land to discard (it dies). Ties: nothing happens. Strength bonuses count "
        "both ways; attack and defence bonuses only on their side; multipliers come last "
        "(rounded down).",
        _BOOK,
    ),
    RuleDecision(
        "Taking an emptied land",
        "After a won attack empties a land, the attacker may move a "
        "spare card (its land keeps at least one card) from the attacking land or any of its "
        "lands on that continent onto it and take it.",
        "ours",
    ),
    RuleDecision(
        "Undefended lands",
        "From round 2, in the move phase, a spare card from a land on the "
        "same continent (or an explorer that can reach it, alone or carrying one character or "
        "army) may take an opposing land with no cards; the land it leaves keeps at least "
        "one card; a destroyed (locked) land cannot be taken.",
        "ours",
    ),
    RuleDecision(
        "Divided lands",
        "Two players may hold the same land (same name). When one empties the "
        "other's copy, that copy goes to its owner's discard pile instead of being taken. "
        "The Atomic Bomb hits every copy.",
        _BOOK,
    ),
    RuleDecision(
        "Moves",
        "One character or army move a turn within a continent, plus one journey per "
        "explorer; armies count against the one-army-per-land limit.",
        _BOOK,
    ),
    RuleDecision(
        "Interrupt windows",
        "In your own turn interrupts are offered in every phase. In an "
        "opponent's turn a player holding a playable interrupt is asked: when the "
        "opponent's card or ability aims at them, when an attack is declared (defender "
        "first, then attacker), and at the end of each of the opponent's four phases. A "
        "window closes when its player passes.",
        "ours",
    ),
    RuleDecision(
        "Cancelling answers",
        "Turning an event back makes its morale effect hit its player "
        "instead; other turned-back effects are simply cancelled for the answering player.",
        "ours",
    ),
    RuleDecision(
        "Equal abilities",
        "Two cards on opposite sides of one battle with the same ability "
        "(same kind and numbers; any two automatic victories) cancel, unless exactly one of "
        "them is an interrupt card, which then keeps its ability. The book's example pair "
        "(Davy Crockett and Peter Salem) have different abilities in the card texts we have.",
        "ours",
    ),
    RuleDecision(
        "Held abilities",
        "Abilities of cards that are not events, interrupts or immediate "
        "(usage H) may be used once when their owner chooses, at any time (any phase) in "
        "their own turn, while the card is in play (Q&A: Edgar Allan Poe).",
        _BOOK,
    ),
    RuleDecision(
        "Morale cap",
        "A player gains at most 800 morale in each turn (anyone's turn); losses "
        "are not capped. Morale floors stop losses at the floor.",
        "ours",
    ),
    RuleDecision(
        "Endings",
        "3000 morale wins at once; -2000 forfeits (the player's cards leave play). "
        "Taking an opponent's last land wins. A player left without land by other means is "
        "out.",
        _BOOK,
    ),
    RuleDecision(
        "Round limit",
        "Our limit of 30 rounds (option max_rounds) ends the game: the highest "
        "morale wins, equal highest share the win.",
        "ours",
    ),
    RuleDecision(
        "Turn safeguard",
        "After 120 steps in one turn only finishing steps remain (end phase, "
        "pass); this makes max_actions a true bound and never matters in real play.",
        "ours",
    ),
    RuleDecision(
        "Death",
        "A card dies when it is lost in battle or removed by an opponent's card or a "
        "disaster; discarding your own card, expiry or making room is not a death.",
        "ours",
    ),
    RuleDecision(
        "Recovered cards", "Cards brought back from the discard pile go to the hand.", "ours"
    ),
    RuleDecision(
        "Turn counts",
        "'For N turns' counts the turns of the card's player; a card's age "
        "goes up at the start of each of its controller's turns.",
        "ours",
    ),
    RuleDecision(
        "Leaders",
        "A leader is a character of subtype leader, conqueror or spiritual leader "
        "(Q&A: Napoleon counts as a French leader; a Christian spiritual leader counts as a "
        "Christian leader).",
        _BOOK,
    ),
    RuleDecision(
        "Rasputin",
        "The planted card's owner chooses the land; the land's holder loses the 200 "
        "morale and must discard him last.",
        "ours",
    ),
    RuleDecision(
        "Full lands",
        "When a card must join a full land (a defector, a planted card), the "
        "land's player chooses which card makes room (Q&A: Abraham Lincoln).",
        _BOOK,
    ),
    RuleDecision(
        "Chernobyl",
        "One card of the struck land escapes to the first of its holder's other "
        "lands on that continent with room.",
        "ours",
    ),
    RuleDecision(
        "Target choice",
        "When a card names a kind of target without saying who picks (a "
        "leader to kill, a card to discard), the card's player picks.",
        "ours",
    ),
)
