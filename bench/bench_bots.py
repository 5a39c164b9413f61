"""How strong and how quick the computer's levels are (printed, never asserted).

    python bench/bench_bots.py ladder  [--games 200] [--only conqueror-duels] [--jobs 2]
    python bench/bench_bots.py speed   [--decisions 100] [--only ...]
    python bench/bench_bots.py balance [--games 100] [--level hard] [--only ...]

``ladder`` plays each pairing of levels (hard v medium, medium v easy, hard v random)
``--games`` times per game, half of them with the seats swapped, and prints how often
the stronger level won (a draw counts half). The issue's targets: hard beats medium
and medium beats easy 65% of the time or more, hard beats random 90% or more.

``speed`` times the hard level's decisions on one core over seeded games against
the medium level: median and worst of ``--decisions``; for CONQUEST also the time of
a whole 20-move turn.

``balance`` plays the Duels scenarios and the Classical civilisation pairings with the
same level on both sides and prints who wins.

Every game is seeded (game seed, bot seeds, dice), so the figures replay exactly;
``--jobs`` spreads games over processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random

import hcgames
from hcgames.bots import make_bot
from hcgames.play import sample_outcome

#: a game's label in the figures where it is not the game's title (docs/bots.md's tables)
LABELS = {"conqueror-duels": "Duels (standard)", "historical-conquest": "Historical Conquest"}
#: the games of the ladder, every registered game in its default set-up: (label, game id,
#: options)
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    (LABELS.get(game_id, hcgames.game_class(game_id).title), game_id, {})
    for game_id in hcgames.available_games()
]
PAIRINGS = [("hard", "medium"), ("medium", "easy"), ("hard", "random")]
TARGETS = {("hard", "medium"): 0.65, ("medium", "easy"): 0.65, ("hard", "random"): 0.90}


def play_one(job: tuple[str, dict[str, Any], list[str], int]) -> tuple[list[float], int]:
    """Play one seeded game with the given bots by seat; returns (returns, decisions)."""
    game_id, options, kinds, seed = job
    game = hcgames.load(game_id, **options)
    state = game.new_game(seed=seed)
    bots = [make_bot(kind, seed=seed * 7 + seat) for seat, kind in enumerate(kinds)]
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        state.apply(bots[state.current_player].choose(state))
        decisions += 1
    return list(state.returns()), decisions


def _score(returns: list[float], seat: int) -> float:
    """1 for a win of ``seat``, 0.5 for a draw, 0 for a loss (two-player returns)."""
    mine, best = returns[seat], max(returns)
    if mine < best:
        return 0.0
    return 1.0 if returns.count(best) == 1 else 0.5


def ladder(games: int, only: str, jobs: int, pairing: str = "") -> None:
    print(f"Ladder: {games} games per pairing, seats swapped in half of them")
    print(f"  {'game':24s} {'pairing':18s} {'stronger wins':>14s} {'target':>7s}  time")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for label, game_id, options in GAMES:
            if only and only not in (game_id, label):
                continue
            for strong, weak in PAIRINGS:
                if pairing and pairing != f"{strong},{weak}":
                    continue
                start = time.perf_counter()
                work = []
                for k in range(games):
                    kinds = [strong, weak] if k % 2 == 0 else [weak, strong]
                    work.append((game_id, options, kinds, 1000 + k))
                results = list(pool.map(play_one, work))
                score = sum(
                    _score(returns, 0 if k % 2 == 0 else 1)
                    for k, (returns, _) in enumerate(results)
                )
                share = score / games
                target = TARGETS[(strong, weak)]
                mark = "ok" if share >= target else "BELOW"
                seconds = time.perf_counter() - start
                print(
                    f"  {label:24s} {strong + ' v ' + weak:18s} {share:13.0%} "
                    f"{target:6.0%} {mark:5s} {seconds:6.0f} s",
                    flush=True,
                )


def speed_figures(decisions: int, only: str = "") -> list[tuple[str, float, str]]:
    """The hard level's seconds per decision (median, worst) on one core, for each game;
    for CONQUEST also a whole 20-move turn's median and worst."""
    figures: list[tuple[str, float, str]] = []
    for label, game_id, options in GAMES:
        if only and only not in (game_id, label):
            continue
        game = hcgames.load(game_id, **options)
        times: list[float] = []
        turn_times: list[float] = []
        seed = 0
        while len(times) < decisions:
            state = game.new_game(seed=seed)
            hard, medium = make_bot("hard", seed=seed), make_bot("medium", seed=seed)
            rng = random.Random(seed)
            turn_player = None
            turn_spent = 0.0
            while not state.is_terminal() and len(times) < decisions:
                if state.is_chance():
                    state.apply(sample_outcome(state.chance_outcomes(), rng))
                    continue
                if state.current_player == 0:
                    key = (state.round, state.current_player)
                    if key != turn_player:
                        if turn_player is not None:
                            turn_times.append(turn_spent)
                        turn_player, turn_spent = key, 0.0
                    start = time.perf_counter()
                    action = hard.choose(state)
                    spent = time.perf_counter() - start
                    times.append(spent)
                    turn_spent += spent
                else:
                    action = medium.choose(state)
                state.apply(action)
            seed += 1
        figures.append((f"{label}: hard decision, median", statistics.median(times), "s"))
        figures.append((f"{label}: hard decision, worst", max(times), "s"))
        if game_id == "conquest-1972" and turn_times:
            middle = statistics.median(turn_times)
            figures.append((f"{label}: hard whole turn, median", middle, "s"))
            figures.append((f"{label}: hard whole turn, worst", max(turn_times), "s"))
    return figures


def speed(decisions: int, only: str) -> None:
    print(f"Hard level, seconds per decision on one core ({decisions} decisions)")
    for label, value, unit in speed_figures(decisions, only):
        print(f"  {label:48s} {value:8.3f} {unit}", flush=True)


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """For bench/run.py: the speed figures over 30 decisions (10 with --quick); the
    ladder and balance take many minutes and run only from this script's command line."""
    return speed_figures(10 if quick else 30)


def balance(games: int, level: str, only: str, jobs: int) -> None:
    """Duels: each scenario, ``games`` games. Classical: each pairing of peoples,
    ``games`` games, half with each people in the first seat (the first seat wins
    more often whoever sits there, so a pairing is judged over both seatings)."""
    print(f"Balance, {level} v {level}, {games} games each (seed by seed, same bots)")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        if not only or only in ("conqueror-duels", "Duels"):
            duels = hcgames.game_class("conqueror-duels")
            for variant in duels.variants():
                label = f"Duels {variant.get('scenario', 'standard')}"
                kinds = [level, level]
                work = [("conqueror-duels", variant, kinds, 2000 + k) for k in range(games)]
                results = list(pool.map(play_one, work))
                game = hcgames.load("conqueror-duels", **variant)
                wins = [0.0, 0.0]
                draws = 0
                for returns, _ in results:
                    best = max(returns)
                    if returns.count(best) > 1:
                        draws += 1
                    else:
                        wins[returns.index(best)] += 1
                names = [game.new_game(seed=0).side_name(p) for p in (0, 1)]
                share = ", ".join(f"{n} {w / games:.0%}" for n, w in zip(names, wins, strict=True))
                print(f"  {label:44s} {share}, draws {draws / games:.0%}", flush=True)
        if not only or only in ("classical-conquests", "Classical"):
            classical = hcgames.load("classical-conquests")
            civs = [c.name for c in classical.material.civilizations]
            totals = {c: [0.0, 0] for c in civs}
            first_seat = 0.0
            played = 0
            for i, first in enumerate(civs):
                for second in civs[i + 1 :]:
                    work = []
                    for k in range(games):
                        order = [first, second] if k % 2 == 0 else [second, first]
                        options = {"civilizations": order}
                        work.append(("classical-conquests", options, [level, level], 2000 + k))
                    results = list(pool.map(play_one, work))
                    score = {first: 0.0, second: 0.0}
                    for k, (returns, _) in enumerate(results):
                        order = [first, second] if k % 2 == 0 else [second, first]
                        for seat in (0, 1):
                            score[order[seat]] += _score(returns, seat)
                        first_seat += _score(returns, 0)
                    played += games
                    for civ in (first, second):
                        totals[civ][0] += score[civ]
                        totals[civ][1] += games
                    print(
                        f"  Classical {first} v {second}: {first} {score[first] / games:.0%}, "
                        f"{second} {score[second] / games:.0%}",
                        flush=True,
                    )
            print(f"  Classical, the first seat over all pairings: {first_seat / played:.0%}")
            ranked = sorted(totals.items(), key=lambda t: -t[1][0] / max(t[1][1], 1))
            for civ, (won, count) in ranked:
                print(f"  Classical {civ:20s} wins {won / count:.0%} of its {count} games")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["ladder", "speed", "balance"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--only", default="")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--pairing", default="", help="ladder: play one pairing only, e.g. hard,random"
    )
    args = parser.parse_args(argv)
    if args.what == "ladder":
        ladder(args.games, args.only, args.jobs, args.pairing)
    elif args.what == "speed":
        speed(args.decisions, args.only)
    else:
        balance(args.games, args.level, args.only, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
