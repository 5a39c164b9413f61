"""Every rule of Conquest of Speros that the rulebook leaves open, and our choice.

Each decision says where it comes from: ``"rulebook"`` only where the book itself
states the rule; everything we inferred or chose is ``"ours"`` (the team's notes on
the book's gaps included). Figures about our card set are counted from the data
files, never typed in, so the text cannot drift from the cards.
"""

from __future__ import annotations

from hcgames.core import RuleDecision
from hcgames.speros.cards import TERRAINS, CardSet

__all__ = ["rule_decisions"]

_BOOK = "rulebook"
_OURS = "ours"


def _card_set_decisions(cs: CardSet) -> list[RuleDecision]:
    locations = cs.locations
    total = len(locations)
    camps = [c.encampments for c in locations]
    mid = sum(1 for n in camps if n in (3, 4))
    with_ability = sum(1 for c in locations if c.ability is not None)
    two_resources = sum(1 for c in locations if len(c.resources) == 2)
    vps = [c.vp for c in locations]
    return [
        RuleDecision(
            "card set",
            "The published card list is not available. We designed our own set with "
            f"the book's counts: {total} Locations ({total // len(TERRAINS)} per terrain), "
            f"{len(cs.artifacts)} Artifacts, {len(cs.bonus)} Bonus and {len(cs.mastery)} "
            f"Mastery Objectives, {len(cs.peoples)} Generals with 2 abilities each. "
            "Names and texts are ours; each ability comes from a small vocabulary "
            "of effects.",
            _OURS,
        ),
        RuleDecision(
            "Locations",
            f"Our Locations have {min(camps)}-{max(camps)} encampments ({mid} of {total} "
            f"have 3 or 4), one or two of Crystal/Iron/Gold ({two_resources} of {total} "
            f"show two), {min(vps)}-{max(vps)} VP; {with_ability} of {total} have a "
            "discard ability.",
            _OURS,
        ),
    ]


def _tuning_decision(cs: CardSet) -> RuleDecision:
    from hcgames.speros.balance import load_tuning

    tuning = load_tuning()
    bonus = {o.id: o for o in cs.bonus}
    cards = "; ".join(
        f"{oid} {bonus[oid].name}: {bonus[oid].text.rstrip('.')}" for oid in tuning.retuned
    )
    return RuleDecision(
        "bonus objective tune",
        f"Bonus Objectives {', '.join(tuning.retuned)} (ours, like the whole set) were "
        f"retuned so that each scores in at least {tuning.min_score_rate:.0%} of hands "
        f"at the end of {tuning.players}-player bot games ({', '.join(tuning.strategies)}; "
        f"measured over {tuning.sample_games} seeded games with python -m "
        f"hcgames.speros.balance). Now: {cards}.",
        _OURS,
    )


def rule_decisions(cs: CardSet) -> list[RuleDecision]:
    """The full list, in the order a reader meets the rules."""
    return [*_card_set_decisions(cs), *_RULES, _tuning_decision(cs)]


_RULES: tuple[RuleDecision, ...] = (
    RuleDecision("General weight", "A General counts as one Unit for majority.", _OURS),
    RuleDecision(
        "army size",
        "Each player has 10 Minions and 1 General (eleven pieces of one colour).",
        _BOOK,
    ),
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
        "ties as the latest placer): our reading of the book's definition and its "
        "two examples.",
        _OURS,
    ),
    RuleDecision(
        "rule of ties",
        "When the last encampment fills and the leaders tie, the tied player who "
        "placed a Unit there most recently captures.",
        _BOOK,
    ),
    RuleDecision(
        "rule of ties, moved Units",
        "The most recent placement counts even if the Unit placed then has since "
        "left the card (moved or exiled).",
        _OURS,
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
        "Our exile and obliterate abilities pick rival Units only (never those of "
        "a player shielded by an ongoing Artifact). "
        "Abilities that pick Units (exile, obliterate, move, recall) pick them on "
        "Locations only, in the Skirmish Area or captured areas, never on Artifacts; "
        "so Units locked on captured Artifacts are safe. Deploy and move without a "
        "named terrain may reach Artifacts in the Skirmish Area.",
        _OURS,
    ),
    RuleDecision(
        "exile and obliterate",
        "Exile takes a Minion off a card and returns it to its Base Camp; obliterate "
        "takes a Unit (Minion or General) off a card and out of the game for good.",
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
        "At the end each player reveals the one Bonus Objective that counts (the "
        "book); we ask the players in seat order, each seeing earlier choices (ours).",
        _OURS,
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
        "terrain unless a card says otherwise (the book counts an Artifact as "
        "unfamiliar when it is not of the Unit's colour, but gives Artifacts none).",
        _OURS,
    ),
    RuleDecision(
        "resource sets",
        "A set is three captured cards, one counted for each resource; a card with "
        "two resources fills only one place in one set; we take the most sets "
        "possible. This is our reading: the book only says no card counts toward "
        "more than one set, which would also allow a two-resource card to fill two "
        "places of the same set.",
        _OURS,
    ),
    RuleDecision(
        "tie-breaks",
        "Most VP wins; then most captured Locations of one's own colour; a tie "
        "after that is a draw shared by the tied players.",
        _BOOK,
    ),
    RuleDecision(
        "cards beat the rules",
        "Where a card and the rules disagree the card wins (the book says so); in our "
        "set that happens in four places: one Artifact adds Units to a locked Artifact, "
        "one changes how many cards Plan draws, one raises the ten-card hand limit "
        "and one makes a foreign terrain score as home.",
        _BOOK,
    ),
    RuleDecision(
        "hand limit", "The ten-card limit is checked at the end of one's own turn only.", _BOOK
    ),
)
