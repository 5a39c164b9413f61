"""How often each Bonus Objective scores in bot games: the measure behind our tune.

The rulebook has no card list, so the Bonus Objectives are ours. An objective that
almost never scores is a dead card in a three-card hand, so the ones named in the
``tuning`` block of ``data/speros/objectives.json`` (read by
:func:`hcgames.speros.material.load_tuning`) were set to score in at least a
given share of hands. A *hand* here is one player's position at the end of one
game; an objective *scores* there if it would give that player more than 0 VP.

Run ``python -m hcgames.speros.balance [games]`` to print the table.
"""

from __future__ import annotations

import random
import sys

from hcgames.core import DataError
from hcgames.play import sample_outcome
from hcgames.speros.bots import STRATEGIES, make_strategy
from hcgames.speros.game import SperosGame
from hcgames.speros.material import Tuning, load_tuning
from hcgames.speros.scoring import objective_vp

__all__ = ["bonus_score_rates", "main"]


def bonus_score_rates(tuning: Tuning, games: int | None = None, seed: int = 0) -> dict[str, float]:
    """Bonus objective id -> share of end-of-game hands in which it scores.

    Plays ``games`` (default: the tuning's sample) games with the tuning's bots,
    rotating seats each game; game ``i`` uses setup seed ``seed + i``.
    """
    unknown = [s for s in tuning.strategies if s not in STRATEGIES]
    if unknown:
        raise DataError("data/speros/objectives.json tuning", [f"unknown strategies {unknown}"])
    game = SperosGame(players=tuning.players, mastery=True)
    bonus = game.card_set.bonus
    n = tuning.players
    hits = dict.fromkeys((o.id for o in bonus), 0)
    hands = 0
    for index in range(tuning.sample_games if games is None else games):
        number = seed + index
        bots = [
            make_strategy(tuning.strategies[(s + number) % n], number * 10 + s) for s in range(n)
        ]
        state = game.new_game(seed=number)
        rng = random.Random(number)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(bots[state.current_player].choose(state))
        for player in range(n):
            hands += 1
            for objective in bonus:
                if objective_vp(state, player, objective) > 0:
                    hits[objective.id] += 1
    return {oid: count / hands for oid, count in hits.items()}


def main(argv: list[str]) -> int:
    tuning = load_tuning()
    games = int(argv[0]) if argv else tuning.sample_games
    rates = bonus_score_rates(tuning, games)
    game = SperosGame()
    print(
        f"Share of hands in which each Bonus Objective scores: {games} games, "
        f"{tuning.players} players ({', '.join(tuning.strategies)})"
    )
    for oid, rate in rates.items():
        objective = game.objective(oid)
        mark = ""
        if oid in tuning.retuned:
            ok = rate >= tuning.min_score_rate
            mark = f"  retuned, target {tuning.min_score_rate:.0%}: {'ok' if ok else 'TOO RARE'}"
        print(f"{oid} {objective.name:<18} {rate:6.1%}  {objective.text}{mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
