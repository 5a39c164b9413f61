"""What a Duels battle may bring, exactly, before it is fought (no widgets).

:func:`battle_forecast` goes over every pair of battle dice with the battle code
itself (:func:`~hcgames.conqueror.fighting.armies` and
:func:`~hcgames.conqueror.battle.fight`), so the chances it gives are the ones the
game plays: how often the attacker wins the battle, and what each result costs each
side in units. :func:`spent_units` says how many units of the side in action have
already acted this round, place by place. The play screen shows both.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hcgames.conqueror.actions import Attack, JointAttack
from hcgames.conqueror.battle import Army, fight
from hcgames.conqueror.fighting import Battle, armies, army
from hcgames.conqueror.material import INDEPENDENT
from hcgames.conqueror.state import DuelsState
from hcgames.conqueror.views import spent_here
from hcgames.core import Action, State

__all__ = ["BattleForecast", "Result", "SumPart", "battle_forecast", "battle_sum", "spent_units"]


@dataclass(frozen=True)
class Result:
    """One result of the battle dice and its exact chance."""

    attacker_wins: bool
    attacker_losses: int
    defender_losses: int
    chance: Fraction


@dataclass(frozen=True)
class BattleForecast:
    """Every result of one battle (same result, summed chance), most likely first."""

    attacker: int
    defender: int
    target: str
    results: tuple[Result, ...]
    #: (cavalry, infantry) of the attacking army and of the defenders
    attacking: tuple[int, int] = (0, 0)
    defending: tuple[int, int] = (0, 0)
    #: what the defenders add to their total besides their units (fort, hero...)
    defence_bonus: int = 0

    @property
    def win(self) -> Fraction:
        """The chance that the attacker wins the battle."""
        return sum((r.chance for r in self.results if r.attacker_wins), Fraction(0))


def _pending(state: State, action: Action | None) -> tuple[DuelsState, Battle] | None:
    if not isinstance(state, DuelsState):
        return None
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
    state: State,
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
        Result(wins, a, d, p)
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


def spent_units(state: State) -> dict[str, int]:
    """Place name -> how many units of the side in action there have already acted
    this round (they cannot move or attack again); empty outside an action phase."""
    if not isinstance(state, DuelsState):
        return {}
    names = state.game.names
    spent = {names[t]: spent_here(state, t) for t in range(len(names))}
    return {name: n for name, n in spent.items() if n}


@dataclass(frozen=True)
class SumPart:
    """One part of a side's battle total before its die: its units, the land's
    defence bonus, or a hero card (``amount`` 0 for a hero that changes losses)."""

    what: str
    amount: int


def battle_sum(state: State) -> tuple[tuple[SumPart, ...], tuple[SumPart, ...]] | None:
    """What makes up each side's total in the battle pending in ``state`` (attacker's
    parts, defender's parts), the die aside, with the same numbers as
    :func:`~hcgames.conqueror.fighting.armies`; ``None`` when no battle is pending."""
    if not isinstance(state, DuelsState) or state.battle is None:
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
