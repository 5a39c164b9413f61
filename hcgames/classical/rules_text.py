"""Every rule the Classical Conquests rulebook leaves open, and what we chose.

The numbers quoted here are read from ``data/classical/rules.json`` so that the
text and the rules can never drift apart.
"""

from __future__ import annotations

import textwrap

from hcgames.classical.material import Material
from hcgames.core import RuleDecision

__all__ = ["decisions_text", "rule_decisions"]


def rule_decisions(m: Material) -> list[RuleDecision]:
    """Every decision, labelled ``"rulebook"`` only where the book itself says it."""
    ours = m.ours
    book = m.book
    supply = ours["unit_supply"]
    strength = ours["settlement_strength"]
    low, high = ours["players_range"]
    return [
        RuleDecision(
            "Players",
            f"The book says '2-4+' players; we allow {low} to {high}. With many players "
            "a first city may have to stand closer than the spacing rule wants (see City "
            "spacing).",
            "ours",
        ),
        RuleDecision(
            "Map",
            f"The book gives no map. Ours has {len(m.territories)} territories "
            f"of the ancient Mediterranean and Near East ("
            f"{sum(1 for t in m.territories if t.land)} land), traced from real "
            "coastlines; straits (Messina, Bosporus, Hellespont) join land across "
            "narrow water.",
            "ours",
        ),
        RuleDecision(
            "Resources at set-up",
            "Each territory rolls once on its table (d8 land, d6 sea), as the book "
            "says; we roll them as chance steps in the order of the map file.",
            "ours",
        ),
        RuleDecision(
            "Civilisations",
            "The book lets each player pick a people. By default we draw a different "
            "people for each player from the game's seed; a teacher may choose them "
            "instead when setting up the game.",
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
            f"'Within {book['city_spacing']} spaces' counts steps over land and sea "
            "alike. If no free land is far enough away, the free land farthest from "
            "every city may be chosen.",
            "ours",
        ),
        RuleDecision(
            "Production at sea",
            "Only villages and cities produce, and they stand on land, so the sea "
            "table would never pay. We let a sea space produce its resource for a "
            "player who has a fleet there: one resource per sea space, however many "
            "of that player's fleets share it (not one per fleet).",
            "ours",
        ),
        RuleDecision(
            "Gold and Trade",
            "Both count as one kind (gold) and can be spent as any other resource.",
            "rulebook",
        ),
        RuleDecision(
            "Paying costs",
            "The player chooses which resources pay every cost: what pays 'any "
            "resource', 'Food or Luxury' and 'Wood or Stone', and whether gold stands "
            "in. In the program a payment is made one resource at a time (only choices "
            "that leave the rest payable are offered, and a part with a single possible "
            "choice is paid by itself); 'pay the rest the suggested way' spends the "
            "named kind first, the larger stock for 'or', the largest ordinary stock "
            "for 'any', and gold last.",
            "ours",
        ),
        RuleDecision(
            "Feeding",
            "Each army, fleet and city needs one food (gold may stand in; the player "
            "chooses). If food and gold together are short, the owner first picks which "
            "armies, fleets or cities go unfed; an unfed city shrinks to a village and "
            "keeps its monuments.",
            "ours",
        ),
        RuleDecision(
            "No caps per turn",
            "The book writes 'you may build a monument' and 'you may convert a village' "
            "without a number per turn; we let a player repeat monuments, upgrades, "
            "extra villages and paid research rolls as long as resources last. Only the "
            "book's own limits apply (1 + Religion monuments, the recruit limit, one "
            "free village a turn).",
            "ours",
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
            "2 food and 1 stone, plus 1 resource of any kind for each monument already "
            "in that city.",
            "rulebook",
        ),
        RuleDecision(
            "Village price",
            "The first village of a turn is free; each further one costs a food or "
            "luxury and a wood or stone.",
            "rulebook",
        ),
        RuleDecision(
            "Empty land",
            "A village needs 'empty' land: we read this as no settlement and no enemy unit.",
            "ours",
        ),
        RuleDecision(
            "Armies at sea",
            "The book lets armies pass friendly fleets at no movement cost; we read "
            "this as crossing sea territories that hold one of the player's fleets for "
            "free, and an army must end its move on land.",
            "ours",
        ),
        RuleDecision(
            "Enemy-held spaces",
            "The book forbids moving through enemy-held spaces. We count a space with "
            "an enemy unit or settlement as enemy-held, and let a unit enter it (to "
            "fight) but not pass through.",
            "ours",
        ),
        RuleDecision(
            "Battles",
            "Each round both sides roll a d8 and add Military (land) or "
            "Nautical (sea); the lower total loses a unit, ties go to the defender. We "
            "repeat rounds until one side has no units, and read the research table's "
            "'naval' for Military as land battles (a typo).",
            "ours",
        ),
        RuleDecision(
            "Settlements in battle",
            f"An undefended village fights as {strength['village']} unit and a city as "
            f"{strength['city']}, rolling with the owner's Military level; beating it "
            "captures it, monuments and all.",
            "ours",
        ),
        RuleDecision(
            "Order of battles",
            "Battles are fought one territory at a time in map order, each to the end.",
            "ours",
        ),
        RuleDecision(
            "Recruit limit",
            "1 + Government + cities counts per turn. New fleets appear in a sea "
            "territory next to one of the player's cities with no enemy unit in it.",
            "ours",
        ),
        RuleDecision(
            "Unit supply",
            f"Each player's token set holds {supply['army']} armies and {supply['fleet']} fleets.",
            "ours",
        ),
        RuleDecision(
            "Research rolls",
            "One free roll plus one per Science level, and extra rolls for 1, 2, 3 ... "
            "resources of any kind (the book). We roll the free ones as soon as the "
            "research phase starts and sell extra rolls one at a time.",
            "ours",
        ),
        RuleDecision(
            "Research levels",
            "A trait gains a level when its points reach the current level + 1; its "
            "points then restart from zero.",
            "rulebook",
        ),
        RuleDecision(
            "Starting traits",
            "A people's two starting traits begin at level 1 with no research points.",
            "ours",
        ),
        RuleDecision(
            "Victory",
            f"The book: the first to {book['victory_points']} or more victory points "
            "wins. We check after each score phase and end the game at once.",
            "ours",
        ),
        RuleDecision(
            "Game length",
            f"The game lasts {ours['default_max_turns']} rounds unless set otherwise, "
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
            "The book's optional rule uses only unit, settlement and resource tokens. "
            "We read it as changing what stands on the table, not play; with the "
            "variant on, the map labels show unit and settlement token counts.",
            "ours",
        ),
    ]


def decisions_text(decisions: list[RuleDecision], width: int = 88) -> str:
    """Every decision as readable text: numbered, with its source, wrapped to ``width``."""
    lines = []
    for n, d in enumerate(decisions, 1):
        label = "from the rulebook" if d.source == "rulebook" else "our choice"
        lines.append(
            textwrap.fill(
                f"{n:>2}. {d.topic} ({label}): {d.decision}",
                width=width,
                subsequent_indent="    ",
            )
        )
    ours = sum(1 for d in decisions if d.source != "rulebook")
    lines.append(
        f"{len(decisions)} decisions: {ours} ours, {len(decisions) - ours} from the rulebook."
    )
    return "\n".join(lines)
