"""Exact chances of a battle, worked out from the rules alone (no widgets).

:func:`battle_odds` answers "how often does this attack take its target?" by
looking ahead over every roll (and over the few choices, such as heroes, that come
before it), or from the game's own :meth:`~hcgames.core.State.attack_odds` when its
battles run too long for that. The play screen states the answer before a student
attacks; the bots give it as their reason for an attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hcgames.core import Action, State

__all__ = ["ODDS_BUDGET", "Odds", "battle_odds", "how_often", "times_in", "wins_words"]

#: how many positions the exact-odds look-ahead may visit for one choice
ODDS_BUDGET = 3000


def times_in(p: Fraction) -> str:
    """An exact chance in words a class reads aloud: ``Fraction(13, 18)`` gives
    ``"13 times in 18"``."""
    times = "time" if p.numerator == 1 else "times"
    return f"{p.numerator} {times} in {p.denominator}"


def how_often(p: Fraction) -> str:
    """How often, in words a class reads aloud: "never", "every time", or "13 times
    in 18 (72%)"."""
    if p == 0:
        return "never"
    if p == 1:
        return "every time"
    return f"{times_in(p)} ({float(p):.0%})"


def wins_words(who: str, p: Fraction) -> str:
    """ "Rome wins the battle 13 times in 18 (72%)", "... cannot win the battle"."""
    if p == 0:
        return f"{who} cannot win the battle"
    return f"{who} wins the battle {how_often(p)}"


@dataclass(frozen=True)
class Odds:
    """The exact chance that a choice takes its target region.

    ``best`` assumes that every choice made before the dice fall (a hero to play...)
    is the best one for the side making it; ``low`` and ``high`` are the chance with
    the worst and the best of those choices for the attacker (all three are equal
    when nobody chooses anything before the roll).
    """

    best: Fraction
    low: Fraction
    high: Fraction

    @property
    def depends_on_choices(self) -> bool:
        return self.low != self.high


#: a look-ahead follows choices made before the dice only when there are this few
_MAX_BRANCHES = 8
#: ... and at most this many choices in a row
_MAX_CHOICES = 3


class _TooLarge(Exception):
    pass


def _owner(state: State, region: str) -> object:
    """Who holds ``region`` (``region_views()[region]["owner"]``), from the state's own
    ``region_owner`` when it has one: the look-ahead asks at every position it ends on,
    and a whole map's views cost far more than one place's holder."""
    own = getattr(state, "region_owner", None)
    if own is not None:
        return own(region)
    return (state.region_views() or {}).get(region, {}).get("owner")


def battle_odds(state: State, action: Action, budget: int = ODDS_BUDGET) -> Odds | None:
    """The exact chance that ``action`` wins its target region for the side playing
    it, when dice decide it (possibly after a few choices such as heroes to play);
    ``None`` when no dice follow, when the target already is that side's, or when
    the look-ahead would pass ``budget`` positions."""
    if state.is_terminal() or state.is_chance() or not state.battles_use_dice:
        return None
    exact = state.attack_odds(action)  # games whose battles run too long to look ahead
    if exact is not None:
        return Odds(exact, exact, exact)
    regions = state.action_regions(action)
    views = state.region_views()
    if not regions or not views:
        return None
    actor, target = state.current_player, regions[-1]
    if target not in views or views[target].get("owner") == actor:
        return None
    after = state.copy()
    after.apply(action)
    if _owner(after, target) == actor:
        return None  # the move itself takes it (a fleet raised in an empty sea): no dice
    visited = [0]
    dice = [False]

    def won(node: State) -> Fraction:
        return Fraction(1) if _owner(node, target) == actor else Fraction(0)

    def value(node: State, rolled: bool, choices: int) -> tuple[Fraction, Fraction, Fraction]:
        visited[0] += 1
        if visited[0] > budget:
            raise _TooLarge
        while rolled and not node.is_terminal() and not node.is_chance():
            if not node.battle_unsettled():
                p = won(node)
                return p, p, p
            # after the dice, the steps that finish the battle (losses, a retreat, who
            # stays behind) do not decide who holds the land: the first choice of each
            # is followed (tests/test_forecasts.py checks every choice against this)
            visited[0] += 1
            if visited[0] > budget:
                raise _TooLarge
            node = node.copy()
            node.apply(node.legal_actions()[0])
        if node.is_terminal():
            p = won(node)
            return p, p, p
        if node.is_chance():
            dice[0] = True
            outcomes = node.chance_outcomes()
            if visited[0] + len(outcomes) > budget:
                # each outcome is one more position at least: the budget would run out
                # among them, so give up now rather than after visiting them
                raise _TooLarge
            best = low = high = Fraction(0)
            for outcome, q in outcomes:
                child = node.copy()
                child.apply(outcome)
                b, lo, hi = value(child, True, choices)
                best, low, high = best + q * b, low + q * lo, high + q * hi
            return best, low, high
        legal = node.legal_actions()
        if choices >= _MAX_CHOICES or len(legal) > _MAX_BRANCHES:
            raise _TooLarge  # not a battle about to be rolled
        results = []
        for choice in legal:
            child = node.copy()
            child.apply(choice)
            results.append(value(child, False, choices + 1))
        bests = [b for b, _, _ in results]
        best = max(bests) if node.current_player == actor else min(bests)
        return best, min(lo for _, lo, _ in results), max(hi for _, _, hi in results)

    if after.is_terminal() or (
        not after.is_chance() and len(after.legal_actions()) > _MAX_BRANCHES
    ):
        return None
    try:
        best, low, high = value(after, False, 0)
    except _TooLarge:
        return None
    if not dice[0]:
        return None  # nothing was rolled: no chance to state
    return Odds(best, low, high)
