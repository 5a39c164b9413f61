"""The class games played to their end by a scripted student, by clicks.

    python bench/bench_class_games.py                 # 20 seeded games a game and level
    python bench/bench_class_games.py --games 5 --levels easy
    python bench/bench_class_games.py --full          # the full games too (slow)
    python bench/bench_class_games.py --game conquest-1972

For each game's class game (:mod:`hcgames.classgame`) and each computer level, a
:class:`~hcgames.widgets.student.ScriptedStudent` plays the play screen to the end
over ``--games`` seeded games (seed = game number). Printed per game and level: the
student's clicks (median and most), the moves of the whole game (every action and
dice roll), the rounds played (median and fewest), the battles fought (median, and the
games with none: a battle is an event of kind "battle" with its numbers, one per battle
in Historical and Duels), the computer's seconds per game (the screen's work after the student's
clicks; the pause that shows each computer move is left out), the estimated minutes
of a game in class (:data:`~hcgames.widgets.student.SECONDS_PER_CHOICE` per choice,
plus the computer) and who won how often. Figures are printed, never asserted; the
click limit of a lesson (80) is asserted by tests/test_class_games.py.

``run()`` (called by bench/run.py) plays 5 games at Easy per class game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hcgames.bots import LEVELS  # noqa: E402
from hcgames.classgame import CLASS_GAMES, class_game, full_game  # noqa: E402
from hcgames.core import State  # noqa: E402
from hcgames.widgets import PlayApp  # noqa: E402
from hcgames.widgets.student import GameRecord, ScriptedStudent  # noqa: E402


def played(game_id: str, level: str, seed: int, full: bool = False) -> tuple[GameRecord, State]:
    """One game of ``game_id``'s class game (or full game) at ``level``, by clicks: how
    it went, and the last position (its log counts the battles)."""
    game = full_game(game_id) if full else class_game(game_id)
    app = PlayApp(game, humans=(0,), bot=level, seed=seed)
    app.PAUSE = 0  # the pause that shows each computer move: counted in minutes, not waited
    record = ScriptedStudent(app, seed).play()
    return record, app.state


def play(game_id: str, level: str, seed: int, full: bool = False) -> GameRecord:
    """One game of ``game_id``'s class game (or full game) at ``level``, by clicks."""
    return played(game_id, level, seed, full)[0]


def battles(state: State) -> int:
    """The battles fought in the game: events of kind "battle" carrying their numbers."""
    return sum(1 for e in state.events if e.kind == "battle" and e.data)


def summary(records: list[GameRecord], fought: list[int] | None = None) -> dict[str, float | str]:
    clicks = [r.clicks for r in records]
    wins = Counter(r.winner for r in records)
    fought = fought or [0] * len(records)
    return {
        "clicks": statistics.median(clicks),
        "most clicks": max(clicks),
        "rounds": statistics.median(r.rounds for r in records),
        "fewest rounds": min(r.rounds for r in records),
        "battles": statistics.median(fought),
        "no battle": sum(1 for f in fought if f == 0),
        "moves": statistics.median(r.moves for r in records),
        "computer s": statistics.median(r.computer_seconds for r in records),
        "minutes": statistics.median(r.minutes for r in records),
        "student wins": sum(r.student_won for r in records) / len(records),
        "winners": ", ".join(f"{w} {n}" for w, n in wins.most_common()),
    }


def table(games: int, levels: list[str], full: bool, only: list[str] | None = None) -> None:
    print(
        f"{'game':22s} {'kind':5s} {'level':6s} {'clicks':>6s} {'most':>5s} {'rounds':>6s} "
        f"{'least':>5s} {'battles':>7s} {'none':>4s} {'moves':>6s} "
        f"{'cpu s':>6s} {'min':>5s} {'won':>5s}  winners ({games} games)"
    )
    for game_id in only or list(CLASS_GAMES):
        for kind in ("class", "full") if full else ("class",):
            for level in levels:
                games_played = [
                    played(game_id, level, seed, kind == "full") for seed in range(games)
                ]
                s = summary(
                    [record for record, _ in games_played],
                    [battles(state) for _, state in games_played],
                )
                print(
                    f"{game_id:22s} {kind:5s} {level:6s} {s['clicks']:6.0f} "
                    f"{s['most clicks']:5.0f} {s['rounds']:6.1f} {s['fewest rounds']:5.0f} "
                    f"{s['battles']:7.1f} {s['no battle']:4.0f} {s['moves']:6.0f} "
                    f"{s['computer s']:6.2f} {s['minutes']:5.1f} {s['student wins']:5.0%}  "
                    f"{s['winners']}",
                    flush=True,
                )


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """The figures bench/run.py prints: clicks and minutes of each class game at Easy."""
    games = 2 if quick else 5
    figures: list[tuple[str, float, str]] = []
    for game_id in CLASS_GAMES:
        s = summary([play(game_id, "easy", seed) for seed in range(games)])
        figures.append((f"{game_id} class game at Easy: median clicks", float(s["clicks"]), ""))
        figures.append((f"{game_id} class game at Easy: most clicks", float(s["most clicks"]), ""))
        figures.append((f"{game_id} class game: estimated minutes", float(s["minutes"]), "min"))
        figures.append((f"{game_id} class game: student wins", float(s["student wins"]), ""))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20, help="seeded games per game and level")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--full", action="store_true", help="also the full games (slow)")
    parser.add_argument("--game", nargs="+", choices=list(CLASS_GAMES), help="only these games")
    args = parser.parse_args()
    table(args.games, args.levels, args.full, args.game)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
