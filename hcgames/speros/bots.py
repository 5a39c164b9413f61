"""Conquest of Speros's own bots: the easy, medium and hard levels, and simple
strategies for playing against and for comparing.

The generic GreedyBot of :mod:`hcgames.bots` averages over every card a Plan could
draw, three draws deep, which is slow here; these bots look one action ahead
*without* guessing the draws. Each scores a position by its VP lead plus optional
weights for cards in hand and Units still at home, so a class can ask: does it pay
to hold cards back, or to rush every Unit onto the table?
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from hcgames.bots import GreedyBot, LookaheadBot, RandomBot
from hcgames.core import Action, State
from hcgames.play import sample_outcome
from hcgames.speros.scoring import total_scores

__all__ = [
    "LEVELS",
    "STRATEGIES",
    "HeuristicBot",
    "RandomBot",
    "SperosEasyBot",
    "SperosHardBot",
    "SperosMediumBot",
    "compare",
    "make_strategy",
]


class HeuristicBot(GreedyBot):
    """One action of lookahead on ``VP lead + hand_weight * cards + home_weight * units
    at home``; ties broken by a seeded coin. The lookahead is the generic GreedyBot's;
    only the judgement of a position is Speros's own."""

    #: whether a finished game is judged by its lead as well as by who won it
    end_by_lead = False

    def __init__(
        self,
        name: str = "rusher",
        seed: int = 0,
        hand_weight: float = 0.0,
        home_weight: float = 0.0,
        max_candidates: int = 60,
    ) -> None:
        super().__init__(seed, max_actions=max_candidates, tie_tolerance=1e-9)
        self.name = name
        self.hand_weight = hand_weight
        self.home_weight = home_weight

    def value(self, state: State, player: int) -> float:
        speros: Any = state
        totals = total_scores(speros)
        rival = max(v for q, v in enumerate(totals) if q != player)
        value = float(totals[player] - rival)
        if speros.is_terminal():
            outcome = speros.outcome()
            end = 1000.0 if outcome and player in outcome.winners else -1000.0
            # the levels a student plays: between two ends alike, the larger lead (the
            # last bonus objective revealed is the one that scores most)
            return end + value if self.end_by_lead else end
        value += self.hand_weight * min(len(speros.hands[player]), 10)
        value += self.home_weight * speros.units_at_home(player)
        if speros.is_chance():
            left = speros.stack[-1].left if speros.stack else 0
            value += self.hand_weight * min(left, len(speros.deck))
        return value


def _random_bot(seed: int, name: str) -> RandomBot:
    bot = RandomBot(seed)
    bot.name = name
    return bot


#: name -> (description, keyword arguments of HeuristicBot or None for random)
STRATEGIES: dict[str, tuple[str, dict[str, float] | None]] = {
    "random": ("any move the rules allow, picked at random", None),
    "rusher": ("grab victory points (VP) now: deploy and capture, never value cards", {}),
    "builder": (
        "values cards in hand and pieces kept at home",
        {"hand_weight": 0.6, "home_weight": 0.4},
    ),
    "hoarder": ("values cards in hand a lot", {"hand_weight": 1.5}),
}


def make_strategy(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    if name not in STRATEGIES:
        raise KeyError(f"no strategy {name!r}; known: {', '.join(STRATEGIES)}")
    weights = STRATEGIES[name][1]
    if weights is None:
        return _random_bot(seed, name)
    return HeuristicBot(
        name,
        seed,
        hand_weight=weights.get("hand_weight", 0.0),
        home_weight=weights.get("home_weight", 0.0),
    )


def compare(
    game: Any, seats: Sequence[str], games: int = 20, seed: int = 0
) -> dict[str, Mapping[str, float]]:
    """Play ``games`` games with the named strategies in ``seats`` (rotating seats each
    game so nobody keeps the first chair) and report wins and average VP by name."""
    rng = random.Random(seed)
    n = game.num_players
    if len(seats) != n:
        raise ValueError(f"need {n} strategy names, one per seat")
    wins = dict.fromkeys(seats, 0.0)
    vp = dict.fromkeys(seats, 0.0)
    played = dict.fromkeys(seats, 0)
    for index in range(games):
        order = [seats[(i + index) % n] for i in range(n)]
        bots = [make_strategy(name, seed * 1000 + index * 10 + i) for i, name in enumerate(order)]
        state = game.new_game(seed=seed * 1000 + index)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(bots[state.current_player].choose(state))
        returns = state.returns()
        scores = state.scores()
        for seat, name in enumerate(order):
            wins[name] += returns[seat]
            vp[name] += scores[seat]
            played[name] += 1
    return {
        name: {"win share": wins[name] / played[name], "average VP": vp[name] / played[name]}
        for name in wins
    }


# --- the three levels a student plays against (issue 15) ---------------------------


class SperosEasyBot(HeuristicBot):
    """Easy: looks one action ahead and takes, at random, any action that does not
    lose points straight away. It never compares the good moves with each other and
    never keeps cards back on purpose, so it drifts and wastes chances."""

    end_by_lead = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__("easy", seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        now = self.value(state, state.current_player)
        scored = self.scored(state, legal)
        fine = [(a, v) for a, v in scored if v >= now - 1e-9]
        losing = not fine
        if losing:
            top = max(v for _, v in scored)
            fine = [(a, v) for a, v in scored if v >= top - 1e-9]
        action = fine[self.rng.randrange(len(fine))][0]
        self.reason = _why_easy(state, action, now, [v for _, v in scored], losing)
        return action


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _gains(gain: int, lead_after: int) -> str:
    """A scoring move's gain said from where it leaves the mover: "further ahead" only
    when it led before (look 9, lesson 44: "further ahead" at 3 points to 24)."""
    if lead_after - gain > 0:
        return f"it puts it {_points(gain)} further ahead"
    if lead_after > 0:
        return f"it gains {_points(gain)} and takes the lead"
    if lead_after == 0:
        return f"it gains {_points(gain)} and draws level"
    return f"it gains {_points(gain)} on the leader"


def _why_easy(state: State, action: Action, now: float, values: list[float], losing: bool) -> str:
    """The Easy computer's reason, from what it worked out: the lead in points each
    move leaves it one step ahead (``values``; ``now`` before it moves)."""
    p = state.current_player
    child: Any = state.copy()
    child.apply(action)
    gain = _lead(child, p) - _lead(state, p)
    if child.is_terminal():
        outcome = child.outcome()
        if outcome and p in outcome.winners:
            return "it ends the game while it has the most points"
        return "every move ends the game, and this one leaves it the most points"
    if losing:
        return (
            f"every move lost it points straight away, and this one lost the fewest "
            f"({_points(-gain)})"
        )
    if max(values) - min(values) < 1e-9:
        # "at this step": beside an earlier move that scored, "no move changes the
        # score" read as a contradiction (look 15, lesson 44)
        return "at this step no move would change the score, so it picked one at random"
    if gain > 0:
        return (
            f"{_gains(gain, _lead(child, p))} straight away (the Easy computer "
            "picks at random among the moves that lose it no points)"
        )
    if max(values) > now + 1e-9:
        return (
            "it loses no points straight away, though another move would have gained some: "
            "the Easy computer picks at random among the moves that lose it no points"
        )
    return "no move gains points straight away, and this one loses none"


class SperosMediumBot(HeuristicBot):
    """Medium: looks one action ahead and takes the best one, judging a position by
    its lead in points plus a little for each card in hand, so it grabs points and
    draws cards when nothing scores."""

    end_by_lead = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__("medium", seed, hand_weight=0.2)

    def choose(self, state: State) -> Action:
        action = super().choose(state)
        if len(state.legal_actions()) > 1:
            self.reason = _why_greedy(state, action)
        return action


def _why_greedy(state: State, action: Action) -> str:
    """What one action changes for the player to move, in words, beside what the other
    moves would have given: the Medium computer counts its lead in points plus a
    little for each card in hand, one step ahead."""
    speros: Any = state
    p = state.current_player
    before = _lead(speros, p)
    gains = []
    for other in state.legal_actions():
        after: Any = state.copy()
        after.apply(other)
        gains.append(_lead(after, p) - before)
    best_gain = max(gains)
    child: Any = state.copy()
    child.apply(action)
    if child.is_terminal():
        outcome = child.outcome()
        if outcome and p in outcome.winners:
            return "it ends the game while it has the most points"
        return "every move ends the game, and this one leaves it the most points"
    gain = _lead(child, p) - before
    draws = child.is_chance() or len(child.hands[p]) > len(speros.hands[p])
    if gain > 0 and gain == best_gain:
        return f"{_gains(gain, _lead(child, p))} straight away, the most any move could"
    if gain > 0:
        return (
            f"{_gains(gain, _lead(child, p))} straight away and keeps more cards "
            "in hand than a move that scores more"
        )
    if draws and best_gain <= 0:
        return "no move puts it further ahead straight away, so it draws cards to use later"
    if draws:
        return (
            f"it draws cards to use later: to the Medium computer they are worth more than "
            f"the {_points(best_gain)} another move would gain now"
        )
    if gain == 0 and best_gain <= 0:
        return "no move puts it further ahead straight away, and this one loses no points"
    if gain == 0:
        return (
            f"it loses no points and keeps more cards in hand than a move that would gain "
            f"{_points(best_gain)}"
        )
    if gain == best_gain:
        return "every move lost it points straight away, and this one lost the fewest"
    return f"it gives up {_points(-gain)} now to keep more cards in hand"


def _blindfold(state: State, player: int) -> Any:
    """A copy in which the cards ``player`` cannot see (rivals' hands and the deck)
    are put in a fixed order, so that what the bot guesses next cannot depend on
    where those cards really are."""
    blind: Any = state.copy()
    rivals = [q for q in range(state.game.num_players) if q != player]
    pool = sorted([*blind.deck, *(c for q in rivals for c in blind.hands[q])])
    for q in rivals:
        size = len(blind.hands[q])
        blind.hands[q], pool = pool[:size], pool[size:]
    blind.deck = pool
    return blind


def _lead(state: Any, player: int) -> int:
    totals = total_scores(state)
    return totals[player] - max(v for q, v in enumerate(totals) if q != player)


class SperosHardBot(HeuristicBot, LookaheadBot):
    """Hard: thinks to the end of the rival's next turn. It takes the few actions
    that look best one step ahead, and for each one guesses the hidden cards (the
    rival's hand and the deck order) several times, plays out the rest of its own
    turn and the rival's whole reply with sensible quick moves, and keeps the action
    that leaves it furthest ahead on average over the guesses.

    The search is :class:`~hcgames.bots.LookaheadBot`'s; this class sets its hooks:
    the judgement is :class:`HeuristicBot`'s, the guesses are dealt once per decision
    (:meth:`worlds`), a playout stops after the rival's next turn and plays the
    best-looking action (:meth:`quick`), and its end is judged as it stands."""

    end_by_lead = True

    def __init__(self, seed: int = 0, width: int = 3, samples: int = 3, limit: int = 40) -> None:
        super().__init__("hard", seed, hand_weight=0.2)
        self.width = width
        self.samples = samples
        self.depth = limit

    def worlds(self, state: State, player: int) -> list[Any]:
        # the same guesses of the hidden cards for every candidate: a fair comparison
        blind = _blindfold(state, player)
        return [blind.determinize(player, self.rng) for _ in range(self.samples)]

    def start(self, world: Any, state: State, player: int) -> tuple[State, random.Random]:
        return world.copy(), self.rng

    def horizon(self, state: State, player: int) -> Callable[[State], bool]:
        """Until the turn after this one is over."""
        speros: Any = state
        stop_at = speros.turns + 2 if speros.turn_player == player else speros.turns + 1
        return lambda now: cast(Any, now).turns < stop_at

    def quick(self, state: State, rng: random.Random) -> Action:
        """The best action one step ahead on the same judgement (ties: first)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        best, best_value = legal[0], -math.inf
        for action in legal:
            child = state.copy()
            child.apply(action)
            v = self.value(child, me)
            if v > best_value:
                best, best_value = action, v
        return best

    def leaf_value(self, state: State, player: int, rng: random.Random) -> float:
        return self.value(state, player)

    def lookahead_reason(
        self,
        state: State,
        results: list[tuple[float, float, Action]],
        best: tuple[float, float, Action],
    ) -> str:
        player = state.current_player
        runner_up = max((r[0] for r in results if r[2] != best[2]), default=best[0])
        margin = best[0] - runner_up
        n = state.game.num_players
        rival = state.side_name((player + 1) % n) if n == 2 else "the next player"
        return (
            f"it tried its {len(results)} best-looking moves against {self.samples} guesses "
            f"of the hidden cards, played on to the end of {rival}'s next turn, "
            + (
                "and this one came out ahead"
                if margin > 0.05
                else "and they came out about even, so it took the one that looked best now"
            )
        )


#: the levels of :meth:`SperosGame.bot_levels`
LEVELS: dict[str, Any] = {
    "easy": SperosEasyBot,
    "medium": SperosMediumBot,
    "hard": SperosHardBot,
}
