"""What a Duels battle may bring, exactly, before it is fought (no widgets).

:func:`battle_forecast` goes over every pair of battle dice with the battle code
itself (:func:`~hcgames.conqueror.fighting.armies` and
:func:`~hcgames.conqueror.battle.fight`), so the chances it gives are the ones the
game plays: how often the attacker wins the battle, and what each result costs each
side in units. :func:`spent_units` says how many units of the side in action have
already acted this round, place by place. The play screen shows both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hcgames.conqueror.actions import Attack, JointAttack
from hcgames.conqueror.battle import Army, fight
from hcgames.conqueror.fighting import Battle, armies, army
from hcgames.conqueror.material import INDEPENDENT
from hcgames.conqueror.views import spent_here
from hcgames.core import Action, BattleForecast, ForecastResult, SumPart

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = ["battle_forecast", "battle_sum", "spent_units"]


def _pending(state: DuelsState, action: Action | None) -> tuple[DuelsState, Battle] | None:
    if action is not None:
        if not isinstance(action, Attack | JointAttack) or state.is_chance():
            return None
        after = state.copy()
        after.apply(action)
        state = after
    b = state.battle
    if b is None or b.result is not None:
        return None
    return state, b


def battle_forecast(
    state: DuelsState,
    action: Action | None = None,
    heroes: tuple[int | None, int | None] = (None, None),
) -> BattleForecast | None:
    """The results of the battle that ``action`` (an attack) starts, or of the battle
    pending in ``state`` when ``action`` is None; ``None`` when there is no battle.

    ``heroes`` gives the hero each side plays (an index into the game's heroes, or -2
    for none); ``None`` keeps a hero already played and counts one not chosen yet as
    none played."""
    pending = _pending(state, action)
    if pending is None:
        return None
    after, b = pending
    b = b.copy()
    for side in (0, 1):
        choice = heroes[side]
        if choice is not None:
            b.heroes[side] = choice
        elif b.heroes[side] == -1:
            b.heroes[side] = -2
    a_army, d_army = armies(after, b)
    rules = after.game.casualty_rules
    grouped: dict[tuple[bool, int, int], Fraction] = {}
    for roll, p in after.game.battle_rolls:
        r = fight(a_army, d_army, roll.attacker, roll.defender, rules)
        grouped[r.key] = grouped.get(r.key, Fraction(0)) + p
    results = tuple(
        ForecastResult(wins, a, d, p)
        for (wins, a, d), p in sorted(grouped.items(), key=lambda item: (not item[0][0], -item[1]))
    )
    return BattleForecast(
        b.attacker,
        b.defender,
        after.game.names[b.target],
        results,
        (a_army.cavalry, a_army.infantry),
        (d_army.cavalry, d_army.infantry),
        d_army.bonus,
    )


def spent_units(state: DuelsState) -> dict[str, int]:
    """Place name -> how many units of the side in action there have already acted
    this round (they cannot move or attack again); empty outside an action phase."""
    names = state.game.names
    spent = {names[t]: spent_here(state, t) for t in range(len(names))}
    return {name: n for name, n in spent.items() if n}


def battle_sum(state: DuelsState) -> tuple[tuple[SumPart, ...], tuple[SumPart, ...]] | None:
    """What makes up each side's total in the battle pending in ``state`` (attacker's
    parts, defender's parts), the die aside, with the same numbers as
    :func:`~hcgames.conqueror.fighting.armies`; ``None`` when no battle is pending."""
    if state.battle is None:
        return None
    b = state.battle
    g = state.game
    c, i = b.attacking_units()
    d = b.defender
    land = g.defence[d if d >= 0 else INDEPENDENT][b.target]
    sides = (
        (b.attacker, c, i, 0, b.heroes[0], "attack"),
        (d, state.cav[b.target], state.inf[b.target], land, b.heroes[1], "defence"),
    )
    out: list[tuple[SumPart, ...]] = []
    for player, cav, inf, bonus, hero, role in sides:
        plain = army(state, player, cav, inf, 0, -2, role)
        parts = [SumPart(f"its units ({_units_words(plain)})", plain.strength)]
        if bonus:
            parts.append(SumPart(f"the defence of {g.names[b.target]}", bonus))
        if hero >= 0:
            card = g.heroes[hero]
            full = army(state, player, cav, inf, 0, hero, role)
            gain = full.strength - plain.strength
            parts.append(SumPart(f"{card.name} ({card.describe_effect()})", gain))
        out.append(tuple(parts))
    return out[0], out[1]


def _units_words(a: Army) -> str:
    parts = []
    if a.cavalry:
        parts.append(f"{a.cavalry} cavalry at {a.cavalry_strength}")
    if a.infantry:
        parts.append(f"{a.infantry} infantry at {a.infantry_strength}")
    return ", ".join(parts) or "none left"
