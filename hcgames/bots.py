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

Every bot takes a ``seed`` and owns its own :class:`random.Random`, so a game between
bots replays exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from hcgames.core import Action, State
from hcgames.play import sample_outcome

__all__ = ["BOTS", "GreedyBot", "MCTSBot", "RandomBot", "make_bot"]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
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

    def choose(self, state: State) -> Action:
        player = state.current_player
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        candidates = legal
        if len(candidates) > self.max_actions:
            candidates = self.rng.sample(candidates, self.max_actions)
        best: list[Action] = []
        best_value = -math.inf
        for action in candidates:
            child = state.copy()
            child.apply(action)
            value = self.value(child, player)
            if value > best_value + self.tie_tolerance:
                best, best_value = [action], value
            elif abs(value - best_value) <= self.tie_tolerance:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def value(self, state: State, player: int) -> float:
        """How good the position after an action is for ``player``.

        Override this to give the bot another judgement. The default is the expected
        ``evaluate``: exact (or sampled) over the first dice roll or draw; any further
        chance steps after it follow one sampled path, so the work stays bounded when
        one action sets off several draws."""
        if state.is_terminal() or not state.is_chance():
            return state.evaluate(player)
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
            expected += weight * child.evaluate(player)
        return expected


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


BOTS: dict[str, Callable[..., object]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(kind: str, seed: int = 0, **kwargs: object) -> RandomBot | GreedyBot | MCTSBot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"mcts"`` (optionally ``"mcts:500"``)."""
    name, _, arg = kind.partition(":")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "mcts":
        iterations = int(arg) if arg else int(kwargs.pop("iterations", 200))  # type: ignore[call-overload]
        return MCTSBot(iterations=iterations, seed=seed)
    raise ValueError(f"unknown bot {kind!r}; choose random, greedy or mcts[:iterations]")
