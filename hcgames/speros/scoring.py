"""End-of-game scoring of Conquest of Speros, line by line.

Scores come from captured cards, resource sets, deployed Units, the one Bonus
Objective each player reveals and (optionally) the shared Mastery Objectives.
Every function here reads a state and changes nothing; the VP per set and per Unit
are the rulebook's numbers of ``data/speros/rules.json``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from hcgames.speros.effects import ongoing
from hcgames.speros.material import RESOURCES, Objective

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = [
    "mastery_vp",
    "metric",
    "objective_vp",
    "resource_sets",
    "score_lines",
    "total_scores",
    "unit_lines",
]


def resource_sets(cards: Iterable[Sequence[str]], one_place_per_card: bool = False) -> int:
    """Most complete resource sets (Crystal, Gold and Iron each shown once) without
    counting a card in two sets.

    By default (the book's most natural reading) a card fills as many places of its
    set as it shows resources: a Crystal+Gold card and an Iron card make a set. With
    ``one_place_per_card`` each card fills one place only, so every set is three
    cards (the game option ``one_resource_per_card``).
    """
    shown = [frozenset(c) for c in cards]
    if one_place_per_card:
        return _sets_one_place_each(shown)
    return _sets_all_places(shown)


def _sets_one_place_each(shown: Sequence[frozenset[str]]) -> int:
    """Three cards per set, each counted for one resource it shows.

    By Hall's theorem for this assignment, ``k`` sets fit exactly when every group
    ``S`` of resources is shown by at least ``k * len(S)`` cards; so the answer is
    the smallest ``cards showing any of S // len(S)``.
    """
    best = len(shown) // 3
    for size in (1, 2, 3):
        for group in combinations(RESOURCES, size):
            covering = sum(1 for s in shown if s.intersection(group))
            best = min(best, covering // size)
    return best


def _sets_all_places(shown: Sequence[frozenset[str]]) -> int:
    """Sets whose cards together show all three resources, each card in one set.

    A card showing all three is a set alone. Any other set holds a smallest set
    inside it of one of two shapes: two cards showing two different pairs (any two
    different pairs cover all three), or a pair card with the single it lacks, or
    three singles; extra cards add nothing, so we count only those shapes and try
    every way to split the cards among them (the counts are small).
    """
    whole = sum(1 for s in shown if len(s) >= 3)
    singles = tuple(sum(1 for s in shown if s == {r}) for r in RESOURCES)
    pairs = tuple(
        sum(1 for s in shown if s == set(RESOURCES) - {r}) for r in RESOURCES
    )  # pairs[i] lacks RESOURCES[i]
    return whole + _best_split(singles, pairs)


@lru_cache(maxsize=65536)
def _best_split(singles: tuple[int, ...], pairs: tuple[int, ...]) -> int:
    """Most disjoint sets from ``singles`` (per resource) and ``pairs`` (per missing one)."""
    options: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    if min(singles) > 0:
        options.append((tuple(n - 1 for n in singles), pairs))
    for i in range(3):
        if pairs[i] and singles[i]:
            options.append((_less(singles, i), _less(pairs, i)))
        for j in range(i + 1, 3):
            if pairs[i] and pairs[j]:
                options.append((singles, _less(_less(pairs, i), j)))
    return max((1 + _best_split(s, p) for s, p in options), default=0)


def _less(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return tuple(n - 1 if k == index else n for k, n in enumerate(counts))


def _familiar_terrains(state: SperosState, player: int) -> set[str]:
    own = state.colour[player]
    terrains = {own} if own else set()
    terrains.update(e.terrain for e in ongoing(state, player, "familiar") if e.terrain)
    return terrains


def unit_lines(state: SperosState, player: int) -> dict[str, int]:
    """How many of ``player``'s deployed Units stand on familiar and unfamiliar cards."""
    familiar = _familiar_terrains(state, player)
    out = {
        "minions familiar": 0,
        "minions unfamiliar": 0,
        "general familiar": 0,
        "general unfamiliar": 0,
    }
    cards = state.game.cards
    for card_id, units in state.units.items():
        terrain = cards[card_id].terrain
        home = terrain in familiar
        for owner, kind in units:
            if owner != player:
                continue
            unit = "minions" if kind == "M" else "general"
            out[f"{unit} {'familiar' if home else 'unfamiliar'}"] += 1
    return out


def metric(
    state: SperosState,
    player: int,
    name: str,
    terrain: str | None = None,
    resource: str | None = None,
) -> int:
    """The number an objective measures for ``player``."""
    cards = state.game.cards
    captured = [cards[c] for c in state.captured[player]]
    locations = [c for c in captured if not c.is_artifact]
    if name == "captured_terrain":
        return sum(1 for c in locations if c.terrain == terrain)
    if name == "captured_resource":
        return sum(1 for c in captured if resource in c.resources)
    if name == "captured_cards":
        return len(captured)
    if name == "captured_artifacts":
        return len(captured) - len(locations)
    if name == "resource_sets":
        return resource_sets((c.resources for c in captured), state.game.one_resource_per_card)
    if name == "distinct_terrains":
        return len({c.terrain for c in locations})
    if name == "deployed_minions":
        return sum(
            1 for units in state.units.values() for o, k in units if o == player and k == "M"
        )
    if name == "units_familiar":
        lines = unit_lines(state, player)
        return lines["minions familiar"] + lines["general familiar"]
    if name == "units_on_rivals":
        return sum(
            1
            for card_id, units in state.units.items()
            if state.owner.get(card_id, player) != player
            for o, _ in units
            if o == player
        )
    if name == "large_captures":
        return sum(1 for c in locations if c.encampments >= 4)
    if name == "cards_in_hand":
        return len(state.hands[player])
    if name == "own_terrain_captures":
        return sum(1 for c in locations if c.terrain == state.colour[player])
    raise ValueError(f"unknown metric {name!r}")


def objective_metric(state: SperosState, player: int, objective: Objective) -> int:
    return metric(state, player, objective.metric, objective.terrain, objective.resource)


def objective_vp(state: SperosState, player: int, objective: Objective) -> int:
    """VP a Bonus Objective would give ``player`` now."""
    value = objective_metric(state, player, objective)
    if objective.per:
        return objective.per * value
    return objective.vp if value >= objective.at_least else 0


def mastery_vp(state: SperosState) -> dict[str, list[int]]:
    """Mastery objective id -> VP per player (ties share, rounded down; 0 scores none)."""
    cards = state.game.card_set
    n = state.game.num_players
    out: dict[str, list[int]] = {}
    for oid in state.mastery:
        objective = next(o for o in cards.mastery if o.id == oid)
        values = [objective_metric(state, p, objective) for p in range(n)]
        best = max(values)
        award = [0] * n
        if best > 0:
            tied = [p for p in range(n) if values[p] == best]
            for p in tied:
                award[p] = objective.vp // len(tied)
        out[oid] = award
    return out


def score_lines(
    state: SperosState, player: int, bonus: str | None = None
) -> list[tuple[str, int, int]]:
    """The score sheet of ``player`` as ``(line, count, VP)`` rows.

    ``bonus`` names the Bonus Objective to count (default: the one the player chose,
    or none yet).
    """
    cards = state.game.cards
    captured = [cards[c] for c in state.captured[player]]
    rows: list[tuple[str, int, int]] = []
    rows.append(("captured cards", len(captured), sum(c.vp for c in captured)))
    sets = resource_sets((c.resources for c in captured), state.game.one_resource_per_card)
    rules = state.game.rules
    per_set = rules.set_vp + sum(e.n for e in ongoing(state, player, "set_bonus"))
    rows.append(("resource sets", sets, sets * per_set))
    units = unit_lines(state, player)
    rows.append(
        (
            "Minions on familiar terrain",
            units["minions familiar"],
            rules.minion_familiar_vp * units["minions familiar"],
        )
    )
    rows.append(
        (
            "Minions on unfamiliar terrain",
            units["minions unfamiliar"],
            rules.minion_unfamiliar_vp * units["minions unfamiliar"],
        )
    )
    rows.append(
        (
            "General on familiar terrain",
            units["general familiar"],
            rules.general_familiar_vp * units["general familiar"],
        )
    )
    rows.append(
        (
            "General on unfamiliar terrain",
            units["general unfamiliar"],
            rules.general_unfamiliar_vp * units["general unfamiliar"],
        )
    )
    chosen = bonus if bonus is not None else state.chosen_bonus[player]
    if chosen is not None:
        objective = state.game.objective(chosen)
        rows.append(
            (
                f"bonus: {objective.name}",
                objective_metric(state, player, objective),
                objective_vp(state, player, objective),
            )
        )
    else:
        rows.append(("bonus objective (not chosen yet)", 0, 0))
    if state.mastery:
        awards = mastery_vp(state)
        won = [oid for oid, award in awards.items() if award[player] > 0]
        rows.append(("mastery objectives", len(won), sum(a[player] for a in awards.values())))
    return rows


def total_scores(state: SperosState) -> list[int]:
    return [sum(vp for _, _, vp in score_lines(state, p)) for p in range(state.game.num_players)]
