"""Drivers: sample chance steps, play games out, pit bots against each other.

Every random choice here comes from a :class:`random.Random` the caller seeds, so
the same seed always gives the same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from hcgames.core import Action, Event, Game, HcgamesError, State

__all__ = [
    "Bot",
    "TooLong",
    "head_to_head",
    "playout",
    "random_games",
    "resolve_chance",
    "sample_outcome",
    "scores_each_round",
]


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


class TooLong(HcgamesError, RuntimeError):
    """A playout passed the game's stated maximum length (a bug in the rules)."""


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Pick one outcome with its exact probability, using one ``rng.random()`` draw.

    ``rng.random()`` returns ``k / 2**53`` for a whole ``k``; the outcome chosen is the
    first whose cumulative probability exceeds that number. The comparison is done
    exactly in whole numbers over a common denominator, which is much quicker than
    adding Fractions and gives the same answer.
    """
    k = int(rng.random() * _TWO_53)
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative = 0
    for outcome, p in outcomes:
        cumulative += p.numerator * (denominator // p.denominator)
        if k * denominator < cumulative * _TWO_53:
            return outcome
    return outcomes[-1][0]


_TWO_53 = 1 << 53


def resolve_chance(state: State, rng: random.Random) -> list[Event]:
    """Sample the pending chance step with ``rng`` and apply it."""
    return state.apply(sample_outcome(state.chance_outcomes(), rng))


def resolve_all_chance(state: State, rng: random.Random) -> list[Event]:
    """Resolve chance steps until a player (or nobody) is to act."""
    events: list[Event] = []
    while not state.is_terminal() and state.is_chance():
        events.extend(resolve_chance(state, rng))
    return events


def playout(
    state: State,
    bots: Sequence[Bot] | None = None,
    rng: random.Random | int | None = 0,
    *,
    max_actions: int | None = None,
    on_step: Callable[[State, Action], None] | None = None,
) -> State:
    """Play ``state`` to the end in place and return it.

    ``bots`` gives one bot per player (default: uniformly random moves drawn from
    ``rng``). Chance steps are sampled with ``rng``. Raises :class:`TooLong` if the
    game runs past ``max_actions`` (default: the game's stated maximum).
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    limit = state.game.max_actions if max_actions is None else max_actions
    steps = 0
    while not state.is_terminal():
        if steps >= limit:
            raise TooLong(f"{state.game.id}: no end after {steps} actions ({state.describe()})")
        if state.is_chance():
            action = sample_outcome(state.chance_outcomes(), rng)
        elif bots is None:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        else:
            action = bots[state.current_player].choose(state)
        state.apply(action)
        if on_step is not None:
            on_step(state, action)
        steps += 1
    return state


def head_to_head(
    game: Game,
    make_a: Callable[[int], Bot],
    make_b: Callable[[int], Bot],
    games: int,
    names: tuple[str, str] = ("a", "b"),
    on_game: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Bot A against bot B in ``games`` two-player games, seats swapped every game.

    Game ``n`` is the new game of seed ``n``; both bots are made with ``make_x(n)`` (a
    bot class will do) and the dice use the same seed. A sits first in the even games,
    B in the odd ones, so neither bot keeps the first seat's advantage. Returns how many
    games each bot won, under its name in ``names``, and how many ended ``"shared"`` (a
    draw or a shared win). ``on_game(n)``, if given, is told after each game how many
    have been played (a page shows the count while slow games run).
    """
    name_a, name_b = names
    wins = {name_a: 0, name_b: 0, "shared": 0}
    for seed in range(games):
        a_first = seed % 2 == 0
        seats = [make_a(seed), make_b(seed)]
        if not a_first:
            seats.reverse()
        outcome = playout(game.new_game(seed=seed), bots=seats, rng=seed).outcome()
        assert outcome is not None  # a game played out has ended
        winners = outcome.winners
        if len(winners) != 1:
            wins["shared"] += 1
        else:
            wins[name_a if (winners[0] == 0) == a_first else name_b] += 1
        if on_game is not None:
            on_game(seed + 1)
    return wins


def scores_each_round(game: Game, state: State, seed: int) -> dict[str, list[float]]:
    """Each player's score at the start of every round so far, by player name, found by
    replaying ``state``'s history on the new game of ``seed`` (the game it began as)."""
    replay = game.new_game(seed=seed)
    series: dict[str, list[float]] = {name: [] for name in game.player_names}
    seen = 0
    for action in [*state.history, None]:
        if replay.round != seen:
            seen = replay.round
            for side, value in replay.scores().items():
                series[game.player_names[side]].append(value)
        if action is not None:
            replay.apply(action)
    return series


def random_games(
    game: Game, games: int, describe: Callable[[State], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Play ``games`` random games (seeds 0, 1, ...) and describe each finished one.

    The same seeds give the same games, so a table made from them can be computed once,
    stored, and checked against a fresh run.
    """
    return [describe(playout(game.new_game(seed=seed), rng=seed)) for seed in range(games)]
