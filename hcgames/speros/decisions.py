"""Every rule of Conquest of Speros that the rulebook leaves open, and our choice."""

from __future__ import annotations

from hcgames.core import RuleDecision

__all__ = ["RULE_DECISIONS"]

_BOOK = "rulebook"
_OURS = "ours"
_GAPS = "project rules-gaps note"

RULE_DECISIONS: tuple[RuleDecision, ...] = (
    RuleDecision(
        "card set",
        "The published card list is not available. We designed our own set with the "
        "book's counts: 80 Locations (20 per terrain), 18 Artifacts, 17 Bonus and 12 "
        "Mastery Objectives, 4 Generals with 2 abilities each. Names and texts are "
        "ours; each ability comes from a small vocabulary of effects.",
        _GAPS,
    ),
    RuleDecision(
        "Locations",
        "Locations have 2-5 encampments (62 of 80 have 3 or 4), one or two of "
        "Crystal/Iron/Gold, 0-3 VP; 64 of 80 have a discard ability.",
        _GAPS,
    ),
    RuleDecision("General weight", "A General counts as one Unit for majority.", _GAPS),
    RuleDecision("army size", "Each player has 10 Minions and 1 General.", _GAPS),
    RuleDecision(
        "setup order",
        "Setup runs in the book's order: everyone chooses a colour first, and only "
        "then are the Bonus Objectives (three each) and the Location hands (eight "
        "each) dealt; then comes the first placement, then one Artifact per player "
        "joins the Skirmish Area, then the Mastery Objectives, then the starting "
        "player is drawn.",
        _BOOK,
    ),
    RuleDecision(
        "choosing colours",
        "Players choose a people (colour, terrain and General) in seat order, player 1 first.",
        _OURS,
    ),
    RuleDecision(
        "first placement",
        "The simultaneous first placement is played as secret picks in seat order; "
        "nobody sees a pick until all are made, then all are revealed together.",
        _OURS,
    ),
    RuleDecision(
        "artifacts face up",
        "The Artifacts placed in the Skirmish Area lie face up, so everyone can read "
        "their abilities (the book does not say).",
        _OURS,
    ),
    RuleDecision(
        "starting player",
        "The starting player is drawn at random as the last step of setup.",
        _BOOK,
    ),
    RuleDecision(
        "capture timing",
        "Capture is automatic: after each action or ability pick has placed all its "
        "Units (a Lead places General and Minion first), every card that received "
        "a Unit is checked, for every player, not only the one who placed.",
        _OURS,
    ),
    RuleDecision(
        "demonstrate majority",
        "A player demonstrates majority when their Units outnumber every single "
        "rival's Units plus all empty encampments (the rival filling them would win "
        "ties as the latest placer).",
        _BOOK,
    ),
    RuleDecision(
        "rule of ties",
        "When the last encampment fills and the leaders tie, the tied player whose "
        "most recent placement there is latest captures, even if that Unit has "
        "since left and come back.",
        _BOOK,
    ),
    RuleDecision(
        "ability step",
        "In the ability step a player may use, in any order, the discarded card's "
        "ability and each reusable Artifact ability they own, each once.",
        _OURS,
    ),
    RuleDecision(
        "General ability timing",
        "A General's card offers two abilities; its owner uses one of them once in "
        "the whole game, at any step of their own turn before the action is taken "
        "(discard, ability or action step). The book allows it at any time; using "
        "it inside other players' turns, as an answer to them, is left out.",
        _OURS,
    ),
    RuleDecision(
        "optional abilities",
        "Every ability is optional and 'up to' its count: Stop ends it early. Draw "
        "abilities, once chosen, draw their full count.",
        _OURS,
    ),
    RuleDecision(
        "ability targets",
        "Abilities that pick Units (exile, obliterate, move, recall) pick them on "
        "Locations only, in the Skirmish Area or captured areas, never on Artifacts; "
        "so Units locked on captured Artifacts are safe. Deploy and move without a "
        "named terrain may reach Artifacts in the Skirmish Area.",
        _OURS,
    ),
    RuleDecision(
        "exile and obliterate",
        "Exile returns a rival Minion to its Base Camp; obliterate removes a rival "
        "Minion or General from the game for good.",
        _BOOK,
    ),
    RuleDecision(
        "excavate",
        "A player is offered an Artifact's Excavate ability the first time in a turn "
        "that they place a Unit on it (by any means), whether they take it up or "
        "not; it resolves after the placing action.",
        _OURS,
    ),
    RuleDecision(
        "artifact capture",
        "On capturing an Artifact, rivals' Units on it go home; one-time abilities "
        "are offered at once, ongoing ones apply while the card stays captured, "
        "reusable ones may be used once in each of the owner's later ability "
        "steps (from the owner's next turn on, never in the turn of capture). "
        "Fortify abilities may add Units to a locked Artifact.",
        _OURS,
    ),
    RuleDecision(
        "Plan with an empty deck",
        "Plan stays legal when the deck is empty; it then draws nothing.",
        _OURS,
    ),
    RuleDecision(
        "no reshuffle",
        "The discard pile is never reshuffled; draws from an empty deck are ignored.",
        _OURS,
    ),
    RuleDecision(
        "final round",
        "Once the last deck card is drawn (by anyone), the current turn finishes "
        "and every other player takes one more turn, then the game ends.",
        _BOOK,
    ),
    RuleDecision(
        "empty base camp",
        "The game ends at once when a player begins a turn with no Unit in the Base "
        "Camp (obliterated Units do not come back).",
        _BOOK,
    ),
    RuleDecision(
        "bonus objective",
        "At the end each player, in seat order, reveals the one Bonus Objective that counts.",
        _BOOK,
    ),
    RuleDecision(
        "mastery objectives",
        "A Mastery Objective goes to the player with the highest count; nobody "
        "scores it at zero; tied leaders share its VP rounded down.",
        _OURS,
    ),
    RuleDecision(
        "familiar terrain",
        "Artifacts have no colour, so Units on them are always on unfamiliar "
        "terrain unless a card says otherwise.",
        _BOOK,
    ),
    RuleDecision(
        "resource sets",
        "A set is three captured cards, one counted for each resource; a card with "
        "two resources counts for only one of them; we take the most sets possible.",
        _BOOK,
    ),
    RuleDecision(
        "tie-breaks",
        "Most VP wins; then most captured Locations of one's own colour; a tie "
        "after that is a draw shared by the tied players.",
        _BOOK,
    ),
    RuleDecision(
        "cards beat the rules",
        "Where a card and the rules disagree the card wins; in our set that happens in "
        "four places: fortify adds Units to a locked Artifact, plan_bonus changes how many "
        "cards Plan draws, hand_limit raises the ten-card limit and familiar makes a "
        "foreign terrain score as home.",
        _BOOK,
    ),
    RuleDecision(
        "hand limit", "The ten-card limit is checked at the end of one's own turn only.", _BOOK
    ),
)
