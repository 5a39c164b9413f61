"""Every rule the Classical Conquests rulebook leaves open, and what we chose.

The numbers quoted here are read from ``data/classical/rules.json`` so that the
text and the rules can never drift apart.
"""

from __future__ import annotations

from hcgames.classical.material import Material
from hcgames.core import RuleDecision

__all__ = ["rule_decisions"]


def rule_decisions(m: Material) -> list[RuleDecision]:
    ours = m.ours
    caps = ours["per_turn_caps"]
    supply = ours["unit_supply"]
    strength = ours["settlement_strength"]
    gaps = "design notes (RULES-GAPS), Classical Conquests"
    return [
        RuleDecision(
            "Map",
            f"The book gives no map. Ours has {len(m.territories)} territories "
            f"of the ancient Mediterranean and Near East ("
            f"{sum(1 for t in m.territories if t.land)} land), traced from real "
            "coastlines; straits (Messina, Bosporus, Hellespont) join land across "
            "narrow water.",
            gaps,
        ),
        RuleDecision(
            "Resources at set-up",
            "Each territory rolls once on its table (d8 land, "
            "d6 sea) as a chance step, in the order of the map file.",
            "book + ours",
        ),
        RuleDecision(
            "Civilisations",
            "By default each player draws a different people at "
            "set-up (from the game's seed); the option civilizations= picks them.",
            "ours",
        ),
        RuleDecision(
            "First player",
            "The book lets the oldest player start; we let player 1 "
            "start and cities are founded in player order.",
            "ours",
        ),
        RuleDecision(
            "City spacing",
            f"'Within {m.book['city_spacing']} spaces' counts steps "
            "over land and sea alike. If no free land is far enough away, the free "
            "land farthest from every city may be chosen.",
            gaps,
        ),
        RuleDecision(
            "Production at sea",
            "Only villages and cities produce, and they stand on "
            "land, so the sea table would never pay. We let a sea territory produce "
            "for the player whose fleet is in it (one resource however many fleets).",
            "ours",
        ),
        RuleDecision(
            "Gold and Trade",
            "Both go into one 'gold' pool and stand in for any other resource.",
            "book",
        ),
        RuleDecision(
            "Automatic payment",
            "The game spends resources for the player: each "
            "named resource from the matching stock, gold only when that is empty; "
            "'any' resources from the largest ordinary stock, gold last.",
            "ours",
        ),
        RuleDecision(
            "Feeding",
            "Food is spent first and gold only when food runs out. If "
            "even gold is not enough, the owner picks which armies, fleets or cities "
            "go unfed; an unfed city shrinks to a village and keeps its monuments.",
            gaps,
        ),
        RuleDecision(
            "Monument limit",
            "1 + Religion level counts the monuments a player "
            "holds now (captured ones included); captured monuments above the limit "
            "are kept, but no new ones can be built.",
            "ours",
        ),
        RuleDecision(
            "Monument price",
            "The extra resource per monument counts the monuments already in that city.",
            "book",
        ),
        RuleDecision(
            "Villages",
            "'Empty' land means no settlement and no enemy unit. The "
            "first village of a turn is free, later ones cost food or luxury plus "
            "wood or stone.",
            "book + ours",
        ),
        RuleDecision(
            "Armies at sea",
            "An army crosses sea territories that hold one of its "
            "own fleets at no cost, but must end its move on land.",
            "ours",
        ),
        RuleDecision(
            "Enemy-held spaces",
            "A space with an enemy unit or settlement may be "
            "entered (to fight) but not passed through.",
            "book + ours",
        ),
        RuleDecision(
            "Battles",
            "Each round both sides roll a d8 and add Military (land) or "
            "Nautical (sea); the lower total loses a unit, ties go to the defender; "
            "rounds repeat until one side has no units. The research table's "
            "'naval' for Military is read as land battles.",
            gaps,
        ),
        RuleDecision(
            "Settlements in battle",
            f"An undefended village fights as "
            f"{strength['village']} unit and a city as {strength['city']}, rolling "
            "with the owner's Military level; beating it captures it, monuments and "
            "all.",
            gaps,
        ),
        RuleDecision(
            "Order of battles",
            "Battles are fought one territory at a time in map order, each to the end.",
            "ours",
        ),
        RuleDecision(
            "Recruit limit",
            "1 + Government + cities is a limit per turn. New fleets "
            "appear in a sea territory next to one of the player's cities with no "
            "enemy unit in it.",
            gaps,
        ),
        RuleDecision(
            "Unit supply",
            f"Each player's token set holds {supply['army']} armies and {supply['fleet']} fleets.",
            "ours",
        ),
        RuleDecision(
            "Per-turn caps",
            f"At most {caps['build']} monuments, {caps['upgrade']} "
            f"upgrades, {caps['settle']} villages and {caps['paid_research_rolls']} "
            "paid research rolls a turn, so that every turn ends; moves and recruits "
            "are bounded by the unit supply.",
            "ours",
        ),
        RuleDecision(
            "Research rolls",
            "Free rolls (1 + Science) are counted when the research "
            "phase starts and rolled at once; paid rolls are bought one at a time, "
            "the k-th costing k resources of any kind.",
            "book + ours",
        ),
        RuleDecision(
            "Research levels",
            "A trait gains a level when its points reach the "
            "current level + 1; points then restart from zero. Starting traits are "
            "level 1 with no points.",
            "book",
        ),
        RuleDecision(
            "Victory",
            f"The first player to hold {m.book['victory_points']} or more "
            "victory points after their score phase wins at once.",
            "book",
        ),
        RuleDecision(
            "Game length",
            f"max_turns (default {ours['default_max_turns']}) rounds, "
            "every player one turn per round; then the most victory points win and "
            "equal leaders share the win.",
            "ours",
        ),
        RuleDecision(
            "Players with nothing left",
            "A player without settlements and units leaves the game; the last one left wins.",
            "ours",
        ),
        RuleDecision(
            "Token reduction",
            "The optional rule only changes which tokens stand on "
            "the table, not play; the option token_reduction=True shows the map labels "
            "as unit and settlement token counts.",
            "book",
        ),
    ]
