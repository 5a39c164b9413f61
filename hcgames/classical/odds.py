"""Exact odds for teaching: whole battles and research rolls, as Fractions.

Battles use :func:`hcgames.classical.battle.round_winner`, the function the rules
call for every round, so these numbers are the rules' own numbers.

>>> from fractions import Fraction
>>> round_chance(0, 0)          # equal levels: the attacker must roll higher
Fraction(7, 16)
>>> attacker_wins(1, 1) == round_chance(0, 0)
True
>>> research_points_distribution(1)[1]
Fraction(1, 12)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from hcgames.classical.actions import Move
from hcgames.classical.battle import round_win_chance
from hcgames.classical.material import TRAITS, load_material

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "attacker_wins",
    "battle_distribution",
    "levels_gained_distribution",
    "move_attack_odds",
    "odds_table",
    "research_points_distribution",
    "round_chance",
]


def round_chance(attacker_level: int, defender_level: int) -> Fraction:
    """Chance that the attacker wins one round (both roll a d8 and add their level)."""
    return round_win_chance(attacker_level, defender_level)


def battle_distribution(
    attackers: int,
    defenders: int,
    attacker_level: int = 0,
    defender_level: int = 0,
    settlement: str | None = None,
    settlement_level: int | None = None,
) -> dict[tuple[int, int, int], Fraction]:
    """Every way a whole battle can end, with its exact probability.

    Keys are ``(attackers left, defending units left, settlement points left)``. The
    attacker has won when attackers left > 0; if a ``settlement`` ("village" or
    "city") stood in the territory, it is then captured. ``settlement_level`` is the
    owner's Military level (default: ``defender_level``).
    """
    if attackers < 0 or defenders < 0:
        raise ValueError("unit counts cannot be negative")
    strength = 0
    if settlement is not None:
        table = load_material().ours["settlement_strength"]
        if settlement not in table:
            raise ValueError(f"settlement must be 'village' or 'city', not {settlement!r}")
        strength = int(table[settlement])
    p_units = round_win_chance(attacker_level, defender_level)
    p_town = round_win_chance(
        attacker_level, defender_level if settlement_level is None else settlement_level
    )

    @cache
    def ends(a: int, d: int, s: int) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
        if a == 0 or (d == 0 and s == 0):
            return (((a, d, s), Fraction(1)),)
        p = p_units if d else p_town
        out: dict[tuple[int, int, int], Fraction] = {}
        win = (a, d - 1, s) if d else (a, 0, s - 1)
        for key, q in ends(*win):
            out[key] = out.get(key, Fraction(0)) + p * q
        for key, q in ends(a - 1, d, s):
            out[key] = out.get(key, Fraction(0)) + (1 - p) * q
        return tuple(sorted(out.items()))

    return dict(ends(attackers, defenders, strength))


def attacker_wins(
    attackers: int,
    defenders: int,
    attacker_level: int = 0,
    defender_level: int = 0,
    settlement: str | None = None,
    settlement_level: int | None = None,
) -> Fraction:
    """Chance that the attacker wins the whole battle (and takes any settlement)."""
    dist = battle_distribution(
        attackers, defenders, attacker_level, defender_level, settlement, settlement_level
    )
    return sum((p for (a, _, _), p in dist.items() if a > 0), Fraction(0))


def move_attack_odds(state: ClassicalState, move: Move) -> Fraction | None:
    """The chance that the army or fleet of ``move`` wins the battle it starts, if that
    battle were fought with the units now there (more may arrive before the battle
    phase). ``None`` when the move starts no battle or several peoples defend."""
    m = state.game.material
    t = m.index.get(move.to)
    if t is None:
        return None
    p = state.player
    land = m.territories[t].land
    units = state.armies if land else state.fleets
    trait = "military" if land else "nautical"
    enemies = [q for q in range(len(state.civs)) if q != p and units[q][t]]
    if len(enemies) > 1:
        return None
    holder = state.owner[t] if land else -1
    if not enemies and holder in (-1, p):
        return None  # nobody to fight
    defender = enemies[0] if enemies else holder
    settlement = None
    if land and holder == defender and holder != -1:  # as the battle phase counts it
        settlement = "city" if state.level[t] == 2 else "village"
    return attacker_wins(
        units[p][t] + 1,
        units[defender][t],
        state.level_of(p, trait),
        state.level_of(defender, trait),
        settlement,
    )


def research_points_distribution(rolls: int, trait: str = "arts") -> dict[int, Fraction]:
    """How many of ``rolls`` research rolls land on ``trait``: ``{points: chance}``.

    Built face by face from the d12 research table in the data.
    """
    m = load_material()
    if trait not in TRAITS:
        raise ValueError(f"unknown trait {trait!r}")
    hit = Fraction(sum(1 for t in m.research_table if t == trait), len(m.research_table))
    dist = {0: Fraction(1)}
    for _ in range(rolls):
        step: dict[int, Fraction] = {}
        for k, p in dist.items():
            step[k] = step.get(k, Fraction(0)) + p * (1 - hit)
            step[k + 1] = step.get(k + 1, Fraction(0)) + p * hit
        dist = step
    return dist


def levels_gained_distribution(
    rolls: int, level: int = 0, points: int = 0, trait: str = "arts"
) -> dict[int, Fraction]:
    """Levels a trait gains from ``rolls`` rolls, starting at ``level`` with ``points``.

    A level n needs n + 1 points, after which points restart at zero.
    """
    out: dict[int, Fraction] = {}
    for got, p in research_points_distribution(rolls, trait).items():
        lvl, pts = level, points + got
        while pts >= lvl + 1:
            pts -= lvl + 1
            lvl += 1
        out[lvl - level] = out.get(lvl - level, Fraction(0)) + p
    return out


def odds_table() -> str:
    """The printable odds table of ``python -m hcgames odds classical-conquests``."""
    lines = [
        "Classical Conquests: battle odds (exact, d8 + level each round, ties to the defender)",
        "",
        "One round: attacker's chance by level difference",
    ]
    lines.append(
        "  "
        + "  ".join(
            f"{d:+d}: {float(round_chance(max(d, 0), max(-d, 0))):.3f}" for d in range(-3, 4)
        )
    )
    lines += [
        "",
        "Whole battle, equal levels: attacker's chance to win",
        "  attackers \\ defenders " + "".join(f"{d:>7}" for d in range(1, 6)),
    ]
    for a in range(1, 6):
        row = "".join(f"{float(attacker_wins(a, d)):7.3f}" for d in range(1, 6))
        lines.append(f"  {a:>22}{row}")
    lines += [
        "",
        "Taking an undefended settlement (equal Military levels)",
        "  attackers   village   city",
    ]
    for a in range(1, 6):
        lines.append(
            f"  {a:>9}   {float(attacker_wins(a, 0, settlement='village')):7.3f}"
            f"  {float(attacker_wins(a, 0, settlement='city')):5.3f}"
        )
    lines += ["", "Research: chance that 1-6 rolls give at least one point in a chosen trait"]
    lines.append(
        "  "
        + "  ".join(
            f"{n}: {float(1 - research_points_distribution(n)[0]):.3f}" for n in range(1, 7)
        )
    )
    return "\n".join(lines)
