"""Game-agnostic bots that play through the shared contract.

- :class:`RandomBot` picks a legal action uniformly at random.
- :class:`GreedyBot` looks one step ahead: it tries each legal action on a copy,
  averages over the dice when the action leads to a chance step, and keeps the
  action with the best ``evaluate`` for itself.
- :class:`MCTSBot` runs Monte Carlo tree search with the UCT rule. Dice are sampled
  as the tree is walked; what the bot cannot see (opponents' hands) is re-dealt at
  the start of every iteration from ``State.determinize``, and each node remembers
  how often an action was available so that actions legal only in some deals are
  judged fairly (information-set MCTS).

Three levels a student picks from, for every game (:data:`LEVELS`):

- **easy** (:class:`ShortSightedBot`): looks one step ahead like the greedy bot but
  takes any move that does not look worse than standing still, not the best one;
- **medium** (:class:`GreedyBot`): the move that looks best one step ahead, the dice
  averaged exactly;
- **hard**: a search that looks further ahead. By default :class:`LookaheadBot`
  (several of the best-looking moves, each followed by a few moves of quick play for
  every side, with the dice sampled); a game may give its own bots for any level
  with :meth:`~hcgames.core.Game.bot_levels`.

Every bot takes a ``seed`` and owns its own :class:`random.Random`, so a game between
bots replays exactly. After :meth:`choose` a bot's ``reason`` says in a few words why
it chose; :func:`explain` turns that into a sentence a student reads.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hcgames.core import Action, Game, State
from hcgames.odds import battle_odds, times_in
from hcgames.play import sample_outcome

__all__ = [
    "GENERIC_BOTS",
    "LEVELS",
    "GreedyBot",
    "LevelBot",
    "LookaheadBot",
    "MCTSBot",
    "RandomBot",
    "ShortSightedBot",
    "bot_names",
    "explain",
    "make_bot",
    "why",
]

#: the levels a student chooses from, easiest first
LEVELS = ("easy", "medium", "hard")


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        self.reason = f"it picked one of its {len(legal)} allowed moves at random"
        return legal[self.rng.randrange(len(legal))]


class GreedyBot:
    """One-step lookahead on the game's own ``evaluate`` heuristic.

    ``chance_samples`` bounds the work when an action is followed by dice: if the
    roll has more outcomes than that, a seeded sample of them is averaged instead of
    the exact expectation. Ties are broken at random (seeded).
    """

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        chance_samples: int = 36,
        max_actions: int = 400,
        tie_tolerance: float = 1e-12,
    ) -> None:
        self.rng = random.Random(seed)
        self.chance_samples = chance_samples
        self.max_actions = max_actions
        self.tie_tolerance = tie_tolerance
        self.reason = ""

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        scored = self.scored(state, legal)
        top = max(v for _, v in scored)
        best = [a for a, v in scored if v >= top - self.tie_tolerance]
        action = best[self.rng.randrange(len(best))]
        self.reason = self.explain(state, action, legal)
        return action

    def explain(self, state: State, action: Action, legal: list[Action]) -> str:
        """``reason`` for the chosen ``action`` (a game's bot may say what it does)."""
        return f"of its {len(legal)} allowed moves, this one leaves it best placed right now"

    def scored(self, state: State, legal: list[Action]) -> list[tuple[Action, float]]:
        """``(action, value)`` for the legal actions (a seeded sample of at most
        ``max_actions`` of them), each valued by :meth:`value` one step ahead."""
        player = state.current_player
        candidates = legal
        if len(candidates) > self.max_actions:
            candidates = self.rng.sample(candidates, self.max_actions)
        out = []
        for action in candidates:
            child = state.copy()
            child.apply(action)
            out.append((action, self.value(child, player)))
        return out

    def value(self, state: State, player: int) -> float:
        """How good the position after an action is for ``player``.

        The expected :meth:`judge` (by default the game's ``evaluate``): exact (or
        sampled) over the first dice roll or draw; any further
        chance steps after it follow one sampled path, so the work stays bounded when
        one action sets off several draws."""
        if state.is_terminal() or not state.is_chance():
            return self.judge(state, player)
        outcomes = state.chance_outcomes()
        if len(outcomes) > self.chance_samples:
            weighted = [
                (sample_outcome(outcomes, self.rng), 1.0 / self.chance_samples)
                for _ in range(self.chance_samples)
            ]
        else:
            weighted = [(outcome, float(p)) for outcome, p in outcomes]
        expected = 0.0
        for outcome, weight in weighted:
            child = state.copy()
            child.apply(outcome)
            while not child.is_terminal() and child.is_chance():
                child.apply(sample_outcome(child.chance_outcomes(), self.rng))
            expected += weight * self.judge(child, player)
        return expected

    def judge(self, state: State, player: int) -> float:
        """How good ``state`` (no dice pending) is for ``player``: the game's own
        ``evaluate``. Override (or set to a function of ``(state, player)``) to give
        the bot another judgement."""
        return state.evaluate(player)


class ShortSightedBot(GreedyBot):
    """The easy level: plays a move that looks all right at a glance.

    Like :class:`GreedyBot` it values each move one step ahead (dice averaged), but
    instead of the best it takes, at random, any move that leaves it no worse off
    than the position it stands in now (``slack`` allows a little worse). So it
    rarely blunders into a hopeless attack, yet it misses good moves and never plans.
    """

    name = "easy"

    def __init__(self, seed: int = 0, slack: float = 0.0, **kwargs: object) -> None:
        super().__init__(seed, **kwargs)  # type: ignore[arg-type]
        self.slack = slack

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        now = state.evaluate(state.current_player)
        fine = self.fine_moves(self.scored(state, legal), now)
        return fine[self.rng.randrange(len(fine))]

    def fine_moves(self, scored: list[tuple[Action, float]], now: float) -> list[Action]:
        """The moves that leave it no worse off than ``now`` (within ``slack``), or, when
        every move looks worse, the least bad ones; :attr:`reason` says which."""
        fine = [a for a, v in scored if v >= now - self.slack]
        if not fine:  # every move looks worse: take the least bad
            top = max(v for _, v in scored)
            fine = [a for a, v in scored if v >= top - self.tie_tolerance]
            self.reason = "every move looked a little worse, and this one least so"
        else:
            # (look 7 found the old wording, with its bracket, hard to read)
            self.reason = (
                "the Easy computer plays any move that leaves it no worse off, without "
                "looking for the best one"
            )
        return fine


class LookaheadBot(GreedyBot):
    """The one look-ahead search, and the default hard level: several moves ahead.

    It values every legal move one step ahead as :class:`GreedyBot` does, keeps the
    ``width`` best, and plays each of them out over ``samples`` starting positions for
    at most ``depth`` more decisions (every side plays the quick policy of
    :func:`quick_move`; dice and draws are sampled). The move with the best average
    value at the end of those playouts wins; the one-step value breaks ties. The work
    per decision is fixed by these numbers, not by the speed of the machine.

    A game's hard bot subclasses it and changes only its hooks, never the search:

    - :meth:`value` / :meth:`judge` (from :class:`GreedyBot`): how a position is judged;
    - :meth:`shortlist` and ``clear_margin``: the candidate moves, and when the best
      of them is so far ahead that no look-ahead is needed;
    - :meth:`worlds` and :meth:`start`: what each sample starts from (a copy of the
      real position, or a guess at the cards the bot cannot see) and which dice it uses;
    - :meth:`horizon`, :meth:`quick` and :meth:`leaf_value`: where a playout stops (on
      top of ``depth``), the move each side plays in it and the value at its end;
    - :meth:`describe` and :meth:`lookahead_reason`: the words of ``reason``.
    """

    name = "hard"
    #: the best move is played without look-ahead when its one-step value leads the
    #: next by more than this (never, by default)
    clear_margin = math.inf

    def __init__(
        self,
        seed: int = 0,
        width: int = 4,
        depth: int = 8,
        samples: int = 4,
        quick_sample: int = 6,
        **kwargs: object,
    ) -> None:
        super().__init__(seed, **kwargs)  # type: ignore[arg-type]
        self.width = width
        self.depth = depth
        self.samples = samples
        self.quick_sample = quick_sample

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        player = state.current_player
        shortlist = self.shortlist(state, legal)
        if len(shortlist) == 1 or shortlist[0][1] - shortlist[1][1] > self.clear_margin:
            self.reason = self.describe(state, shortlist[0][0], "it was clearly the best move")
            return shortlist[0][0]
        worlds = self.worlds(state, player)
        results: list[tuple[float, float, Action]] = []
        for action, now in shortlist:
            total = 0.0
            for world in worlds:
                child, rng = self.start(world, state, player)
                child.apply(action)
                total += self.playout(child, player, rng)
            results.append((total / len(worlds), now, action))
        best = max(results, key=lambda r: (r[0], r[1]))
        self.reason = self.lookahead_reason(state, results, best)
        return best[2]

    # --- hooks ---------------------------------------------------------------------
    def shortlist(self, state: State, legal: list[Action]) -> list[tuple[Action, float]]:
        """The ``width`` moves that look best one step ahead, best first, with values."""
        return sorted(self.scored(state, legal), key=lambda av: -av[1])[: self.width]

    def worlds(self, state: State, player: int) -> list[Any]:
        """One entry per sample, handed to :meth:`start` for every candidate move (the
        same entries for every move, so that the moves are compared fairly)."""
        return [None] * self.samples

    def start(self, world: Any, state: State, player: int) -> tuple[State, random.Random]:
        """A fresh position for one playout from ``world``, and the dice it uses: by
        default a copy of the real position and the bot's own dice."""
        return state.copy(), self.rng

    def playout(self, state: State, player: int, rng: random.Random) -> float:
        """Quick play from ``state`` for at most ``depth`` decisions, while
        :meth:`horizon` allows; ``player``'s :meth:`leaf_value` at the end."""
        within = self.horizon(state, player)
        decisions = 0
        while not state.is_terminal() and within(state) and decisions < self.depth:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            state.apply(self.quick(state, rng))
            decisions += 1
        return self.leaf_value(state, player, rng)

    def horizon(self, state: State, player: int) -> Callable[[State], bool]:
        """Whether a playout that started at ``state`` may go on (by default only
        ``depth`` stops it; a game may stop at the end of a turn)."""
        return _always

    def quick(self, state: State, rng: random.Random) -> Action:
        """The move every side plays in a playout: :func:`quick_move`."""
        return quick_move(state, rng, self.quick_sample)

    def leaf_value(self, state: State, player: int, rng: random.Random) -> float:
        """The value at the end of a playout: pending dice rolled, then :meth:`judge`."""
        while not state.is_terminal() and state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        return self.judge(state, player)

    def describe(self, state: State, action: Action, text: str) -> str:
        """``reason`` for a move chosen without look-ahead: ``text``; a game may add
        what kind of move it is."""
        return text

    def lookahead_reason(
        self,
        state: State,
        results: list[tuple[float, float, Action]],
        best: tuple[float, float, Action],
    ) -> str:
        """``reason`` after the look-ahead: ``results`` holds ``(average value at the
        end of the playouts, one-step value, move)`` per candidate."""
        return (
            f"it tried its {len(results)} most promising moves, each played "
            f"{self.depth} moves ahead {self.samples} times, and this one came out best"
        )


def _always(state: State) -> bool:
    return True


def quick_move(state: State, rng: random.Random, sample: int = 6) -> Action:
    """A fast, sensible move for playouts: the best of ``sample`` random legal moves,
    each judged one step ahead with one sampled roll if dice follow."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    options = legal if len(legal) <= sample else rng.sample(legal, sample)
    best, best_value = options[0], -math.inf
    for action in options:
        child = state.copy()
        child.apply(action)
        while not child.is_terminal() and child.is_chance():
            child.apply(sample_outcome(child.chance_outcomes(), rng))
        value = child.evaluate(player)
        if value > best_value:
            best, best_value = action, value
    return best


@dataclass
class _Node:
    player: int
    visits: int = 0
    # per action: [total reward for `player`, visits, times available]
    stats: dict[Action, list[float]] = field(default_factory=dict)
    children: dict[Action, _Node] = field(default_factory=dict)


class MCTSBot:
    """Information-set UCT over the shared contract.

    Each iteration re-deals hidden information (``determinize``), walks the tree
    choosing by UCB1 among the actions legal in that deal, samples dice as it meets
    them, expands one node, then plays at random for at most ``rollout_depth``
    actions and scores the end with ``evaluate`` (or the true result if the game
    ended). ``iterations`` fixes the work per decision, so results do not depend on
    the speed of the machine.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int = 200,
        seed: int = 0,
        exploration: float = 1.4,
        rollout_depth: int = 40,
        rollout_policy: Callable[[State, random.Random], Action] | None = None,
    ) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.last_root: _Node | None = None

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        root = _Node(player=me)
        for _ in range(self.iterations):
            self._iterate(state.determinize(me, self.rng), root)
        self.last_root = root
        # the most visited action among those legal in the real state
        return max(legal, key=lambda a: (root.stats.get(a, [0.0, 0, 0])[1], -legal.index(a)))

    def _iterate(self, state: State, root: _Node) -> None:
        path: list[tuple[_Node, Action]] = []
        node = root
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), self.rng))
                continue
            legal = state.legal_actions()
            if node.player != state.current_player:
                # a different player acts here in this deal; start a fresh subtree
                node.player = state.current_player
            for action in legal:
                entry = node.stats.setdefault(action, [0.0, 0, 0])
                entry[2] += 1
            untried = [a for a in legal if node.stats[a][1] == 0]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                path.append((node, action))
                state.apply(action)
                child = _Node(player=state.current_player)
                node.children[action] = child
                break
            action = self._select(node, legal)
            path.append((node, action))
            state.apply(action)
            node = node.children.setdefault(action, _Node(player=state.current_player))
        rewards = self._rollout(state)
        for visited, action in path:
            visited.visits += 1
            entry = visited.stats[action]
            entry[0] += rewards[visited.player]
            entry[1] += 1

    def _select(self, node: _Node, legal: list[Action]) -> Action:
        best: Action = legal[0]
        best_score = -math.inf
        for action in legal:
            total, visits, available = node.stats[action]
            score = total / visits + self.exploration * math.sqrt(
                math.log(max(available, 1)) / visits
            )
            if score > best_score:
                best, best_score = action, score
        return best

    def _rollout(self, state: State) -> list[float]:
        for _ in range(self.rollout_depth):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), self.rng))
                continue
            if self.rollout_policy is not None:
                action = self.rollout_policy(state, self.rng)
            else:
                legal = state.legal_actions()
                action = legal[self.rng.randrange(len(legal))]
            state.apply(action)
        if state.is_terminal():
            return state.returns()
        return [state.evaluate(p) for p in range(state.game.num_players)]


class LevelBot:
    """A level (``"easy"``, ``"medium"`` or ``"hard"``) that suits any game: on its
    first move in a game it asks the game for its own bot at that level
    (:meth:`~hcgames.core.Game.bot_levels`), or takes the default of :data:`LEVEL_BOTS`."""

    def __init__(self, level: str, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.name = level
        self.seed = seed
        self._bots: dict[str, Any] = {}
        self.last: Any = None

    def bot_for(self, state: State) -> Any:
        game = state.game
        key = game.id + repr(sorted(game.options.items()))
        if key not in self._bots:
            factory = game.bot_levels().get(self.name) or LEVEL_BOTS[self.name]
            self._bots[key] = factory(self.seed)
        return self._bots[key]

    def choose(self, state: State) -> Action:
        self.last = self.bot_for(state)
        return self.last.choose(state)

    @property
    def reason(self) -> str:
        return str(getattr(self.last, "reason", "") or "")


#: the level bots every game has unless it gives its own (``Game.bot_levels``)
LEVEL_BOTS: dict[str, Callable[[int], Any]] = {
    "easy": lambda seed: ShortSightedBot(seed),
    "medium": lambda seed: GreedyBot(seed),
    "hard": lambda seed: LookaheadBot(seed),
}

#: the generic bots every game has, by name (a level, or one of these)
GENERIC_BOTS = ("random", "greedy", "mcts")


def bot_names(game: Game | None = None) -> list[str]:
    """Every name :func:`make_bot` takes: the levels, the generic bots, and (given a
    game) that game's own bots (:meth:`~hcgames.core.Game.bots`)."""
    names = [*LEVELS, *GENERIC_BOTS]
    if game is not None:
        names += [name for name in game.bots() if name not in names]
    return names


def make_bot(kind: str, seed: int = 0, game: Game | None = None, iterations: int = 200) -> Any:
    """A bot by name: a level (``"easy"``, ``"medium"``, ``"hard"``), ``"random"``,
    ``"greedy"`` or ``"mcts"`` (``"mcts:500"`` for 500 iterations), or, given the
    ``game``, one of that game's own bots (:meth:`~hcgames.core.Game.bots`).

    This is the one place bots are made: the command line, the stepper and the
    play screen all call it.
    """
    name, _, arg = kind.partition(":")
    if name in LEVELS:
        return LevelBot(name, seed)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "mcts":
        if arg and not arg.isdigit():
            raise ValueError(f"unknown bot {kind!r}: the iterations after 'mcts:' must be a number")
        return MCTSBot(iterations=int(arg) if arg else iterations, seed=seed)
    own = game.bots() if game is not None else {}
    if name in own:
        return own[name](seed)
    raise ValueError(
        f"unknown bot {kind!r}; choose {', '.join(bot_names(game))} (mcts takes :iterations)"
    )


def explain(state: State, action: Action, bot: Any) -> str:
    """One sentence a student reads: who did what, and why. ``state`` is the position
    the bot chose in (before ``action``)."""
    who = state.side_name(state.current_player)
    return f"{who}: {action} \u2014 {why(state, action, bot)}."


def why(state: State, action: Action, bot: Any) -> str:
    """Why ``bot`` chose ``action`` in ``state``, in a few words: for an attack that
    dice decide, its exact chance ("it takes Gaul 13 times in 18"), or the range of
    chances when heroes played before the dice change it (never the chance with a hero
    the bot may then not play); otherwise the bot's own ``reason``."""
    odds = battle_odds(state, action) if not state.is_chance() else None
    if odds is None:
        return str(getattr(bot, "reason", "") or "it chose this move")
    p = odds.best
    target = state.action_regions(action)[-1]
    if odds.depends_on_choices:
        # the chance with the best heroes is not quoted: this bot may not play them
        if odds.low == 0:  # "between 0 times in 1 and 1 time in 12" read as nonsense
            return (
                f"it may take {target}, at best {times_in(odds.high)}, if the heroes both "
                "sides play before the dice favour it"
            )
        return (
            f"it takes {target} between {times_in(odds.low)} and {times_in(odds.high)}, "
            "as the heroes both sides play before the dice decide"
        )
    if p == 1:
        return f"it takes {target} for sure"
    if p == 0:
        return f"it cannot take {target} with this attack alone, but it wears the defenders down"
    if p < Fraction(1, 3):
        return f"a long shot: it takes {target} only {times_in(p)}"
    return f"it takes {target} {times_in(p)}"
