"""Simple strategies for Conquest of Speros, for playing against and for comparing.

The generic GreedyBot of :mod:`hcgames.bots` averages over every card a Plan could
draw, three draws deep, which is slow here; these bots look one action ahead
*without* guessing the draws. Each scores a position by its VP lead plus optional
weights for cards in hand and Units still at home, so a class can ask: does it pay
to hold cards back, or to rush every Unit onto the table?
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from hcgames.bots import GreedyBot, RandomBot
from hcgames.core import State
from hcgames.play import sample_outcome
from hcgames.speros.scoring import total_scores

__all__ = ["STRATEGIES", "HeuristicBot", "RandomBot", "compare", "make_strategy"]


class HeuristicBot(GreedyBot):
    """One action of lookahead on ``VP lead + hand_weight * cards + home_weight * units
    at home``; ties broken by a seeded coin. The lookahead is the generic GreedyBot's;
    only the judgement of a position is Speros's own."""

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
            return 1000.0 if outcome and player in outcome.winners else -1000.0
        value += self.hand_weight * min(len(speros.hands[player]), 10)
        value += self.home_weight * speros.units_at_home(player)
        if speros.is_chance():
            top = speros.stack[-1] if speros.stack else {}
            value += self.hand_weight * min(int(top.get("left", 0)), len(speros.deck))
        return value


def _random_bot(seed: int, name: str) -> RandomBot:
    bot = RandomBot(seed)
    bot.name = name
    return bot


#: name -> (description, keyword arguments of HeuristicBot or None for random)
STRATEGIES: dict[str, tuple[str, dict[str, float] | None]] = {
    "random": ("any legal action", None),
    "rusher": ("grab VP now: deploy and capture, never value cards", {}),
    "builder": (
        "values cards in hand and Units kept at home",
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
