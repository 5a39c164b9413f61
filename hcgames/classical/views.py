"""Read-only views of a Classical Conquests position: map labels, text, heuristics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.classical.actions import Starve
from hcgames.classical.material import TRAITS
from hcgames.classical.payment import due_text, spent_text
from hcgames.classical.turn import produce
from hcgames.classical.words import count
from hcgames.core import Action
from hcgames.words import the

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "describe",
    "evaluate",
    "listed_words",
    "map_symbols",
    "own_side_lines",
    "region_views",
    "research_chart",
    "research_note",
]


def region_views(s: ClassicalState) -> dict[str, dict[str, Any]]:
    """``{territory id: {"owner", "label", "tooltip"}}`` for map widgets.

    A territory whose resource has been rolled also gets ``"symbol"``, the mark of
    what it yields (``tables.json``), drawn before its label. Labels are compact:
    ``C`` city, ``V`` village, ``M2`` two monuments, ``3A`` three armies, ``1F`` one
    fleet; units standing in a place another side holds (an attack before its battle)
    are followed by their side's name: ``1A Athenians``; a place nobody settled that two
    sides' units share has no owner (no colour) until their battle. With the optional
    token-reduction rule (``token_reduction=True``) they count tokens as the book's reduced
    set would:
    ``3U`` three units (armies and fleets alike) and ``2S`` two settlement tokens (1 a
    village, 2 a city, 3 or more a city with monuments).
    """
    m = s.game.material
    reduced = s.game.token_reduction
    players = range(len(s.civs))
    out: dict[str, dict[str, Any]] = {}
    for t, terr in enumerate(m.territories):
        parts: list[str] = []
        words: list[str] = []
        owner: int | None = s.owner[t] if s.owner[t] >= 0 else None
        if s.level[t]:
            kind = "city" if s.level[t] == 2 else "village"
            words.append(f"a {kind} of {the(s.player_name(s.owner[t]))}")
        if s.monuments[t]:
            words.append(count(s.monuments[t], "monument"))
        if reduced and s.level[t]:
            tokens = s.level[t] + (s.monuments[t] if s.level[t] == 2 else 0)
            parts.append(
                f"{tokens}S" + (f"+M{s.monuments[t]}" if s.level[t] == 1 and s.monuments[t] else "")
            )
        elif s.level[t]:
            parts.append("C" if s.level[t] == 2 else "V")
            if s.monuments[t]:
                parts.append(f"M{s.monuments[t]}")
        present = [q for q in players if s.armies[q][t] or s.fleets[q][t]]
        # a place nobody settled takes the colour of the one side with units there; while
        # two sides share it (before their battle) it has no colour: the battle decides
        contested = owner is None and len(present) > 1
        if owner is None and len(present) == 1:
            owner = present[0]
        for q in players:
            a, f = s.armies[q][t], s.fleets[q][t]
            if a or f:
                piece = (
                    f"{a + f}U"
                    if reduced
                    else " ".join(x for x in (f"{a}A" if a else "", f"{f}F" if f else "") if x)
                )
                # units in a place another side colours (before a battle) say whose they are
                parts.append(piece if q == owner else f"{piece} {s.player_name(q)}")
                units = [count(n, w) for n, w in ((a, "army"), (f, "fleet")) if n]
                words.append(f"{s.player_name(q)}: {' and '.join(units)}")
        resource = s.resource[t]
        what = f"{resource}" if resource else "resource not rolled yet"
        tip = f"{terr.name} ({'land' if terr.land else 'sea'}, {what}; today {terr.today})"
        if words:
            tip += ": " + "; ".join(words)
        if contested:
            tip += "; no side holds it until the battle is fought"
        closed = t in s.game.closed
        if closed:
            tip += "; outside this game: nobody settles, recruits or moves here"
        view: dict[str, Any] = {"owner": owner, "label": " ".join(parts), "tooltip": tip + "."}
        if closed:
            view["closed"] = True  # the map greys it out
        category = s.category[t]
        if category:
            view["symbol"] = m.category_symbols[category]
        out[terr.id] = view
    return out


def map_symbols(s: ClassicalState) -> list[tuple[str, str]]:
    """The key to the resource marks on the map: ``(symbol, meaning)`` per category,
    naming the table results that yield it (salt yields nothing and has no mark)."""
    m = s.game.material
    rows = [*m.land_table, *m.sea_table]
    out = []
    for category, symbol in m.category_symbols.items():
        names = sorted({r.name.lower() for r in rows if r.category == category})
        what = m.category_names[category]
        # "Food (fish, grain, herds)", but "Wood", not "Wood (wood)"
        said = names and not all(name in what.lower() for name in names)
        out.append((symbol, f"{what} ({', '.join(names)})" if said else what))
    return out


def research_chart(s: ClassicalState, player: int) -> list[dict[str, Any]]:
    """One row per trait: level and research points of ``player``."""
    m = s.game.material
    return [
        {
            "trait": m.trait_names[trait],
            "level": s.levels[player][k],
            "points": s.points[player][k],
            "next level at": s.levels[player][k] + 1,
            "effect": m.trait_effects[trait],
        }
        for k, trait in enumerate(TRAITS)
    ]


def describe(s: ClassicalState) -> str:
    m = s.game.material
    scores = ", ".join(f"{s.player_name(p)} {v}" for p, v in enumerate(s.vp))
    if s.is_terminal():
        outcome = s.outcome()
        reason = outcome.reason if outcome else "finished"
        return f"The game is over: {reason}. Victory points: {scores}."
    if s.phase_idx < 0:
        done = s.setup_next if s.phase_idx == -2 else len(m.territories)
        return (
            f"Set-up ({s.phase}): {done} of {len(m.territories)} territories have their "
            f"resource; peoples: {', '.join(s.player_name(p) for p in range(len(s.civs)))}."
        )
    p = s.player
    pool = ", ".join(f"{n} {c}" for c, n in s.pool.items() if n) or "no resources"
    cities = len(s.cities_of(p))
    villages = sum(1 for t, o in enumerate(s.owner) if o == p and s.level[t] == 1)
    holdings = ", ".join(
        count(n, word)
        for n, word in (
            (cities, "city"),
            (villages, "village"),
            (s.monuments_of(p), "monument"),
            (sum(s.armies[p]), "army"),
        )
    )
    text = (
        f"Round {s.round_no} of {s.game.max_turns}, {s.phase} phase of the "
        f"{s.player_name(p)}. They hold {holdings} and {count(sum(s.fleets[p]), 'fleet')}, "
        f"and have {pool} to spend this turn. "
    )
    if s.fight is not None:
        terr = m.territories[s.fight.territory]
        text += f"A battle is on in {terr.name} against the {s.player_name(s.fight.defender)}. "
    elif s.rolls_pending:
        text += f"{count(s.rolls_pending, 'research roll')} to make. "
    elif s.paying is not None:
        what = {
            "upkeep": "feeding",
            "monument": "a monument",
            "upgrade": "a city",
            "village": "a village",
            "unit": f"a new {s.paying.kind}",
            "research": "an extra research roll",
        }[s.paying.purpose]
        text += f"Paying for {what}: still due {due_text(s)}, the player chooses what pays. "
    return text + f"Victory points: {scores}."


def _strength(s: ClassicalState, p: int) -> float:
    cities = sum(1 for t, o in enumerate(s.owner) if o == p and s.level[t] == 2)
    villages = sum(1 for t, o in enumerate(s.owner) if o == p and s.level[t] == 1)
    levels = sum(s.levels[p])
    units = sum(s.armies[p]) + sum(s.fleets[p])
    return (
        s.vp[p]
        + 4.0 * s.monuments_of(p)
        + 3.0 * cities
        + 1.5 * villages
        + levels
        + 0.5 * units
        + 1.0
    )


def evaluate(s: ClassicalState, player: int) -> float:
    """Share of the table's strength held by ``player`` (VP, settlements, levels, units)."""
    if s.out[player]:
        return 0.0
    target = float(s.game.material.book["victory_points"])
    strengths = [0.0 if s.out[q] else _strength(s, q) for q in range(len(s.civs))]
    share = strengths[player] / sum(strengths)
    progress = min(1.0, s.vp[player] / target)
    return max(0.0, min(1.0, 0.8 * share + 0.2 * progress))


def research_note(material: Any) -> str:
    """One sentence where the research step is offered: why no trait (Arts, say) can be
    picked: the 12-sided research die names the trait each roll helps."""
    table = list(material.research_table)
    arts = table.index("arts") + 1 if "arts" in table else None
    face = f" (Arts on a {arts})" if arts else ""
    return (
        f"Research: you cannot pick a trait; each roll of the {len(table)}-sided research "
        f"die gives a research point to the trait its face names{face}, so more rolls give more "
        "chances."
    )


#: what being left unfed does to each kind (the rules' famine, turn.starve)
UNFED = {
    "army": "the army is disbanded",
    "fleet": "the fleet is disbanded",
    "city": "the city shrinks to a village",
}


def listed_words(action: Action, words: str) -> str:
    """A move as the play screen's list says it: leaving an army, a fleet or a city
    unfed in a famine says what that does."""
    if not isinstance(action, Starve):
        return words
    done = UNFED.get(str(action.kind))
    return f"{words} ({done})" if done else words


def own_side_lines(state: ClassicalState, seat: int) -> list[str]:
    """What ``seat``'s player sees of their own side beside their moves: what their lands
    and traits yield, their levels, their monuments and the limit on them (and, at the
    research step, why no trait can be picked)."""
    if state.round < 1:
        return []
    m = state.game.material
    trial = state.copy()
    trial.player = seat
    before = dict(trial.pool)
    produce(trial)
    yields = {c: trial.pool[c] - before[c] for c in trial.pool if trial.pool[c] > before[c]}
    levels = ", ".join(
        f"{m.trait_names[t]} {state.level_of(seat, t)}"
        for t in m.trait_names
        if state.level_of(seat, t)
    )
    limit = state.monument_limit(seat)
    lines = [
        f"Each produce phase your lands and traits yield {spent_text(yields) or 'nothing'}.",
        f"Levels: {levels or 'all at 0'}.",
        f"Monuments: {state.monuments_of(seat)} held; you may hold {limit} "
        f"({m.book['monument_limit_base']} + your Religion level).",
    ]
    if state.phase == "research" and state.player == seat:
        lines.append(research_note(m))
    return lines
