"""The Conquest of Speros rule decisions in a student's words, for the lessons' tables.

Each lesson's short table of decisions says the ones it uses in the words of its page
(topic -> sentence); lesson 43's folded list of all of them uses every sentence here
(:func:`all_rule_words`). The game's own wording, for teachers, is in
:mod:`hcgames.speros.decisions`.
"""

from __future__ import annotations

__all__ = [
    "OTHER_RULE_WORDS",
    "PLAY_RULE_WORDS",
    "SCORING_RULE_WORDS",
    "TURN_RULE_WORDS",
    "WORLD_RULE_WORDS",
    "all_rule_words",
]


#: lesson 40's rule decisions in a student's words (topic -> sentence); the folded list
#: of all decisions under them keeps the full wording for teachers
TURN_RULE_WORDS: dict[str, str] = {
    "card set": (
        "Nobody could get the real cards, so we made our own: 80 land cards (20 of each "
        "terrain), 18 Artifacts, 4 Generals and the objective cards, in the numbers the "
        "rulebook gives. Every name and every card text is ours."
    ),
    "army size": "Each player has 10 Minions and 1 General: eleven pieces of one colour.",
    "setup order": (
        "First everyone chooses a people; then each player is dealt three secret bonus "
        "objectives and eight land cards; then everyone puts a card forward; then the "
        "Artifacts and the Mastery Objectives are laid out, and last a draw decides who "
        "starts."
    ),
    "choosing colours": "Players choose a people (its colour, terrain and General) in turn, "
    "Player 1 first.",
    "first placement": (
        "Everyone puts a card forward in secret, one after the other; nobody sees a card "
        "until all are chosen, then they are turned up together."
    ),
    "starting player": "A random draw at the very end of the set-up decides who starts.",
    "ability step": (
        "In the ability step you may use the card you threw away and each Artifact you "
        "hold that works once each turn, in any order, each once."
    ),
    "General ability timing": (
        "Your General's card offers two abilities; you use one of them, once in the whole "
        "game, in any step of your own turn before your action. The rulebook lets you use "
        "it at any time, even in a rival's turn; we left that out."
    ),
    "optional abilities": (
        "You never have to use an ability, and you may use less of one than it says "
        "('up to 2 Minions'). An ability that draws cards always draws all of them."
    ),
}


#: lesson 44's rule decisions in a student's words (topic -> sentence)
PLAY_RULE_WORDS: dict[str, str] = {
    "empty base camp": (
        "The game ends at once when a player starts a turn with nobody at home in the Base "
        "Camp (pieces removed from the game never come back)."
    ),
    "final round": (
        "When someone draws the last card of the deck, that turn is finished and every other "
        "player has one more turn; then the game ends."
    ),
    "Plan with an empty deck": "You may still Plan when the deck is empty: you draw nothing.",
    "no reshuffle": (
        "The discard pile is never shuffled back into the deck: once the deck is empty, "
        "nobody draws any more."
    ),
    "hand limit": "The limit of ten cards in hand is checked only at the end of your own turn.",
}


#: lesson 43's rule decisions in a student's words (topic -> sentence); the folded list
#: of all decisions under them keeps the full wording for teachers
WORLD_RULE_WORDS: dict[str, str] = {
    "card set": (
        "Nobody could get the real cards, so we made our own: 80 land cards (20 of each "
        "terrain), 18 Artifacts, 4 Generals and the objective cards, in the numbers the "
        "rulebook gives. Every name and every card text is ours."
    ),
    "Locations": (
        "Our land cards have 2 to 5 camps (most have 3 or 4), show one or two of Crystal, "
        "Iron and Gold, and are worth 0 to 3 VP. Most of them do something when you throw "
        "them away."
    ),
    "artifacts face up": (
        "The Artifacts in the Skirmish Area lie face up, so everyone can read them. The "
        "rulebook does not say."
    ),
    "excavate": (
        "Each time you put a piece on an Artifact, you may use its Excavate ability or say "
        "no. Once you have used it, that Artifact's Excavate is over for you until your next "
        "turn; if you said no, you may still use it when your next piece arrives there."
    ),
    "artifact capture": (
        "When you capture an Artifact, your rivals' pieces on it go home, and its Capture "
        "ability is yours: a one-time ability at once, a lasting one for the rest of the "
        "game, and a reusable one once in each of your later turns."
    ),
    "familiar terrain": (
        "An Artifact is no terrain at all, so a piece on it always scores as if it stood on "
        "someone else's land."
    ),
}


#: lesson 43's full list in a student's words: the decisions no short table shows, and
#: one said more plainly than lesson 42's table says it ("seat order")
OTHER_RULE_WORDS: dict[str, str] = {
    "bonus objective": (
        "At the end each player shows the one secret Bonus Objective that counts. We ask "
        "the players one after another, Player 1 first, and each sees what the players "
        "before chose."
    ),
    "ability targets": (
        "Abilities that exile or obliterate hit rivals' pieces only, never those of a "
        "player an Artifact protects. Abilities that pick pieces (to exile, obliterate, move "
        "or call back) pick them only on land cards, never on Artifacts, so pieces on a "
        "captured Artifact are safe. A card that places or moves pieces without naming a "
        "terrain may put them on an Artifact that is still in play."
    ),
    "exile and obliterate": (
        "To exile a Minion is to take it off a card and send it back to its Base Camp. To "
        "obliterate a piece (a Minion or the General) is to take it off a card and out of "
        "the game for good."
    ),
    "cards beat the rules": (
        "When a card and the rules disagree, the card wins (the rulebook says so). In our "
        "cards that happens four times: one Artifact lets you add pieces to an Artifact you "
        "have already captured, one changes how many cards a Plan draws, one lets you keep "
        "more than ten cards, and one makes another terrain score as your own."
    ),
    "bonus objectives made easier": (
        "Three of our Bonus Objectives were too hard, so we made them easier until each "
        "one scored for at least 1 player in 10 over 200 games played by the computer "
        "(three computer players a game, each with its own plan). Now Far Horizons gives "
        "3 VP for captured land of at least 2 different terrains, Conqueror 5 VP for at "
        "least 3 captured cards, and Homecoming 2 VP for each captured land card of your "
        "own colour."
    ),
}


def all_rule_words() -> dict[str, str]:
    """Every rule decision of the game in a student's words (lesson 43's full list)."""
    return {
        **PLAY_RULE_WORDS,
        **TURN_RULE_WORDS,
        **SCORING_RULE_WORDS,
        **WORLD_RULE_WORDS,
        **OTHER_RULE_WORDS,
    }


#: lessons 41 and 42's rule decisions in a student's words (topic -> sentence)
SCORING_RULE_WORDS: dict[str, str] = {
    "General weight": "A General counts as one piece when you count who has the most.",
    "capture timing": (
        "You never have to claim a card: as soon as a move has put down all its pieces, "
        "every card that got a piece is checked, for every player, and taken if someone "
        "has won it."
    ),
    "demonstrate majority": (
        "You take a card before it is full only if you would still win it after any one "
        "rival filled every empty camp: your pieces must be more than theirs plus the "
        "empty camps."
    ),
    "rule of ties": (
        "When the last camp fills and the leaders have the same number of pieces, the one "
        "who put a piece there last takes the card."
    ),
    "rule of ties, moved pieces": (
        "Putting a piece there last counts even if that piece has left the card since."
    ),
    "bonus objective": (
        "At the end each player shows the one secret bonus objective that counts; we ask "
        "them in seat order, and each one sees what the players before chose."
    ),
    "mastery objectives": (
        "A Mastery Objective's VP go to whoever has the most of what it names; nobody gets "
        "them for none at all, and players who tie for the most share them (halves rounded "
        "down)."
    ),
    "familiar terrain": (
        "An Artifact is no terrain at all, so a piece on it always scores as if it stood on "
        "someone else's land."
    ),
    "resource sets": (
        "A set is captured cards that show Crystal, Iron and Gold between them. A card "
        "showing two resources fills two places, and no card counts in two sets. The "
        "book's words allow another reading, one place per card, which the game keeps as "
        "an option."
    ),
    "tie-breaks": (
        "Most VP wins; with equal VP, more captured Locations of your own colour wins; if "
        "that is equal too, the game is a draw."
    ),
    "final round": (
        "Once the last card of the deck is drawn, the turn ends and everyone else has one "
        "more turn."
    ),
    "empty base camp": (
        "The game ends at once when a player starts a turn with no piece left in the Base Camp."
    ),
}
