"""How often each Bonus Objective scores in bot games: the measure behind our tune.

The rulebook has no card list, so the Bonus Objectives are ours. An objective that
almost never scores is a dead card in a three-card hand, so the ones named in the
``tuning`` block of ``data/speros/objectives.json`` were set to score in at least a
given share of hands. A *hand* here is one player's position at the end of one
game; an objective *scores* there if it would give that player more than 0 VP.

Run ``python -m hcgames.speros.balance [games]`` to print the table.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from typing import Any

from hcgames.data import read_json
from hcgames.play import sample_outcome
from hcgames.speros.cards import load_card_set
from hcgames.speros.game import SperosGame
from hcgames.speros.scoring import objective_vp
from hcgames.speros.strategy import STRATEGIES, make_strategy

__all__ = ["Tuning", "bonus_score_rates", "load_tuning", "main"]


@dataclass(frozen=True)
class Tuning:
    """The tuning target kept in data (see the module docstring)."""

    retuned: tuple[str, ...]
    min_score_rate: float
    players: int
    strategies: tuple[str, ...]
    sample_games: int


def load_tuning() -> Tuning:
    raw: Any = read_json("speros", "objectives.json").get("tuning")
    if not isinstance(raw, dict):
        raise ValueError("data/speros/objectives.json: needs a 'tuning' object")
    tuning = Tuning(
        retuned=tuple(raw.get("retuned", ())),
        min_score_rate=float(raw.get("min_score_rate", 0)),
        players=int(raw.get("players", 0)),
        strategies=tuple(raw.get("strategies", ())),
        sample_games=int(raw.get("sample_games", 0)),
    )
    bonus = {o.id for o in load_card_set().bonus}
    problems = [f"unknown bonus objective {o!r}" for o in tuning.retuned if o not in bonus]
    problems += [f"unknown strategy {s!r}" for s in tuning.strategies if s not in STRATEGIES]
    if not 0 < tuning.min_score_rate < 1:
        problems.append("min_score_rate must lie between 0 and 1")
    if len(tuning.strategies) != tuning.players or not 2 <= tuning.players <= 4:
        problems.append("give one strategy per player, for 2 to 4 players")
    if tuning.sample_games < 1:
        problems.append("sample_games must be at least 1")
    if problems:
        raise ValueError("data/speros/objectives.json tuning: " + "; ".join(problems))
    return tuning


def bonus_score_rates(tuning: Tuning, games: int | None = None, seed: int = 0) -> dict[str, float]:
    """Bonus objective id -> share of end-of-game hands in which it scores.

    Plays ``games`` (default: the tuning's sample) games with the tuning's bots,
    rotating seats each game; game ``i`` uses setup seed ``seed + i``.
    """
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
