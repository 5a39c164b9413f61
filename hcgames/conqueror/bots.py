"""The computer's three levels for Conqueror: Duels.

- **easy** (:class:`~hcgames.bots.ShortSightedBot`): looks one move ahead and plays,
  at random, any move that does not leave it worse off than standing still. It
  rarely throws an army away, but it does not look for the best move.
- **medium** (:class:`~hcgames.bots.GreedyBot`): the move that looks best one step
  ahead by the game's own score (armies, forts, goals), the dice of a battle averaged
  exactly.
- **hard** (:class:`WatchfulBot`): also looks one step ahead with the dice averaged,
  but it judges a position the way a careful general does (:func:`watchful_value`):
  for every fort, capital and goal place it works out the exact chance that the
  strongest army standing next to it could take it in one attack. So it keeps its own
  forts guarded, moves armies up to where they threaten the enemy's, and counts the
  enemy's threats (the enemy moves next) as nearer than its own. It says which place
  its move guards or threatens.

Nothing here changes the rules or ``DuelsState.evaluate``; the hard level has its
own judgement, :func:`watchful_value`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from hcgames.bots import GreedyBot, ShortSightedBot
from hcgames.conqueror.actions import Attack, EndPhase, JointAttack, Move, Recruit
from hcgames.conqueror.battle import win_chance
from hcgames.conqueror.material import INDEPENDENT
from hcgames.core import Action, State

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame
    from hcgames.conqueror.state import DuelsState

__all__ = ["LEVELS", "WatchfulBot", "attack_chance", "watchful_value"]

# P(d1 - d2 > k) for two six-sided dice, k = -6 .. 6 (index k + 6): the battle odds
_BEATS = tuple(float(win_chance(-k)) for k in range(-6, 7))


def attack_chance(attack: float, defence: float) -> float:
    """The chance that an attack of strength ``attack`` beats a defence of strength
    ``defence`` (units plus the place's bonus): one die each, the higher total wins,
    a tie goes to the defender."""
    k = math.ceil(defence - attack - 1e-9)
    if k < -6:
        return 1.0
    if k > 6:
        return 0.0
    return _BEATS[k + 6]


#: how :func:`watchful_value` weighs a place in danger, a place within reach, the
#: player's own threats against the other side's (which act next), and its own
#: judgement against the game's score
WEIGHTS = {"danger": 1.0, "chance": 0.4, "own": 0.5, "blend": 0.5}

#: keyed by the game's options (its scenario), never by ``id(game)``: an id is reused
#: once a game is freed, and another scenario would then get these stakes
_STAKES: dict[str, tuple[float, ...]] = {}


def _stakes(game: DuelsGame) -> tuple[float, ...]:
    """What each territory is worth to fight over in this scenario: forts, capitals
    and the places a side must hold to win (computed once per game)."""
    key = repr(sorted(game.options.items()))
    stakes = _STAKES.get(key)
    if stakes is None:
        sc = game.scenario
        victory = sc.victory
        goal_places: set[int] = set()
        for cond in victory["immediate"] + victory["final"]:
            goal_places.update(game.index[n] for n in cond["hold"])
        for cond in victory.get("hold_for", []):
            goal_places.add(game.index[cond["take"]])
            goal_places.add(game.index[cond["keep"]])
        by_points = victory["fallback"] == "points"
        values = []
        for t in range(len(game.names)):
            v = 0.0
            if game.is_fort[t]:
                v += 1.0 + 0.5 * game.is_great[t]
            if t in game.capital:
                v += 1.0
            if t in goal_places:
                v += 2.0
            if by_points:
                v += 0.5 * game.points[t]
            elif not game.is_sea[t]:
                v += 0.1  # plain land: a little food and coin
            values.append(v)
        stakes = _STAKES[key] = tuple(values)
    return stakes


def _strengths(state: DuelsState) -> list[float]:
    g = state.game
    out = []
    for t, o in enumerate(state.owner):
        if o < 0 or (state.cav[t] + state.inf[t]) == 0:
            out.append(0.0)
            continue
        cs, ist = g.unit_strength[o] if o < INDEPENDENT else (2, 1)
        out.append(float(state.cav[t] * cs + state.inf[t] * ist))
    return out


def watchful_value(state: DuelsState, player: int) -> float:
    """The hard level's judgement of a position for ``player``, in [0, 1].

    Half is the game's own score (``evaluate``: armies, forts, goals, the clock). The
    other half weighs every fort, capital and goal place by who holds it *and* by the
    exact chance that the strongest army standing next to it takes it in one attack:
    a place the enemy can walk into or beat easily counts as half lost, a place the
    player can take easily counts as partly won."""
    if state.is_terminal():
        return state.returns()[player]
    g = state.game
    stakes = _stakes(g)
    strength = _strengths(state)
    owner = state.owner
    defence = g.defence
    capital = g.capital
    held = [0.0, 0.0]
    danger = [0.0, 0.0]  # of losing what one holds
    chance = [0.0, 0.0]  # of gaining what one does not hold
    danger_at: dict[int, float] = {}  # per place: the worst single threat
    best_aim: dict[int, float] = {}  # per army: the best place it could take
    neighbours = g.open_neighbours
    for t, w in enumerate(stakes):
        if w <= 0:
            continue
        o = owner[t]
        if o in (0, 1):
            held[o] += w
        for p in (0, 1):
            if o == p:
                continue
            for n in neighbours[t]:
                if owner[n] != p or strength[n] <= 0:
                    continue
                if strength[t] == 0 and not (o in (0, 1) and t == capital[o]):
                    p_take = 1.0  # empty: moving in takes it
                else:
                    side = o if o in (0, 1) else 2
                    p_take = attack_chance(strength[n], strength[t] + defence[side][t])
                # the other side acts next: its threats are nearer than ours
                risk = w * p_take * (WEIGHTS["own"] if p == player else 1.0)
                if o in (0, 1) and risk > danger_at.get(t, 0.0):
                    danger_at[t] = risk
                if risk > best_aim.get(n, 0.0):
                    best_aim[n] = risk
    for t, v in danger_at.items():
        danger[owner[t]] += v
    for n, v in best_aim.items():
        chance[owner[n]] += v
    lose, gain = WEIGHTS["danger"], WEIGHTS["chance"]
    mine = held[player] - lose * danger[player] + gain * chance[player]
    theirs = held[1 - player] - lose * danger[1 - player] + gain * chance[1 - player]
    mine, theirs = max(mine, 0.0), max(theirs, 0.0)
    share = 0.5 if mine + theirs <= 0 else mine / (mine + theirs)
    blend = WEIGHTS["blend"]
    value = (1 - blend) * state.evaluate(player) + blend * share
    return min(0.99, max(0.01, value))


class _Judged(GreedyBot):
    """A greedy bot that judges positions with ``judge`` instead of ``evaluate``."""

    judge: Any = staticmethod(watchful_value)


class WatchfulBot(_Judged):
    """The hard level (see the module docstring)."""

    name = "hard"

    def explain(self, state: State, action: Action, legal: list[Action]) -> str:
        return self._why(state, action, state.current_player)

    def _why(self, state: State, action: Action, player: int) -> str:
        """A true sentence about what the chosen move does to the dangers and chances
        that :func:`watchful_value` counts."""
        kind = type(action)
        if kind is Attack or kind is JointAttack:
            return "it worked out its chance of winning this battle and found it worth the risk"
        if kind is EndPhase:
            return (
                "by its count, no other move would leave its forts safer "
                "or its armies better placed"
            )
        if kind is Move or kind is Recruit:
            here = cast("DuelsState", state)
            after = here.copy()
            after.apply(action)
            names = here.game.names
            if after.is_terminal():
                return "it was the best of its allowed moves by its own count"
            before_danger, before_reach = _places_at_risk(here, player)
            after_danger, after_reach = _places_at_risk(after, player)
            safer = [t for t, p in before_danger.items() if after_danger.get(t, 0.0) < p - 1e-9]
            if safer:
                t = max(safer, key=lambda t: before_danger[t] - after_danger.get(t, 0.0))
                if after_danger.get(t, 0.0) <= 1e-9:
                    return f"it makes {names[t]} safe from the enemy army next to it"
                return f"it makes {names[t]} harder for the enemy to take"
            nearer = [t for t, p in after_reach.items() if p > before_reach.get(t, 0.0) + 1e-9]
            if nearer:
                t = max(nearer, key=lambda t: after_reach[t] - before_reach.get(t, 0.0))
                if before_reach.get(t, 0.0) > 0:
                    return f"it brings more strength against {names[t]}"
                return f"it brings its army within reach of {names[t]}"
            if kind is Recruit:
                return "a new soldier makes its army there stronger"
            return "it was the best of its allowed moves by its own count of dangers and chances"
        return (
            "of its allowed choices this one scored best by its count of forts, armies and dangers"
        )


def _places_at_risk(state: DuelsState, player: int) -> tuple[dict[int, float], dict[int, float]]:
    """For the reasons only: per fort, capital or goal place, the chance that the
    strongest enemy army next to it takes it (places ``player`` holds), and the chance
    that ``player``'s strongest army next to it takes it (places it does not hold)."""
    g = state.game
    stakes = _stakes(g)
    strength = _strengths(state)
    owner = state.owner
    danger: dict[int, float] = {}
    reach: dict[int, float] = {}
    for t, w in enumerate(stakes):
        if w < 1:
            continue
        o = owner[t]
        attacker = 1 - player if o == player else player
        for n in g.open_neighbours[t]:
            if owner[n] != attacker or strength[n] <= 0:
                continue
            if strength[t] == 0 and not (o in (0, 1) and t == g.capital[o]):
                p_take = 1.0
            else:
                p_take = attack_chance(
                    strength[n], strength[t] + g.defence[o if o in (0, 1) else 2][t]
                )
            table = danger if o == player else reach
            table[t] = max(table.get(t, 0.0), p_take)
        if o == player:
            danger.setdefault(t, 0.0)
    return danger, reach


def _easy(seed: int) -> Any:
    return ShortSightedBot(seed)


def _medium(seed: int) -> Any:
    return GreedyBot(seed)


def _hard(seed: int) -> Any:
    return WatchfulBot(seed)


#: factories for :meth:`DuelsGame.bot_levels`
LEVELS: dict[str, Any] = {"easy": _easy, "medium": _medium, "hard": _hard}
