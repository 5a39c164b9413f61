"""Is the default two-player Historical Conquest match fair? (issue 39, point 9)

Figures only, never asserted. Two equal computers of one level play the default match
(the two decks of ``DEFAULT_DECKS``). Every seed is played twice, once each way round:
deck A in the first seat, then deck B in the first seat, with the same seed for the
chance steps (coin, land piles, draws, dice) and the same bot seeds by seat, so a seed
gives one game each way round. The games of bench_historical.py's ``--fair`` table
(deck A first on even seeds, deck B first on odd ones) are half of these, so its figures
can be read off as well ("alternating" below).

Printed, each with a 95% interval (Wilson's score interval):

- each deck's share of the games won (draws counted apart), overall, by seat, and by
  who took the coin (the coin decides who goes first);
- the first seat's share and the first mover's share (is there a seat or tempo edge?);
- the two halves of the seeds, and blocks of 56 seeds, with a test that the share is the
  same in every block (a chi-square on the blocks against a binomial spread);
- the share of deck A by the land each player turned up first (the land piles are shuffled
  by the chance steps, so the set-up differs from seed to seed).

    python bench/bench_historical_fair.py [--level medium] [--seeds 448] [--start 0]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hcgames
from hcgames.historical.actions import RevealLand
from hcgames.historical.bots import LEVELS
from hcgames.historical.cards import card_name
from hcgames.historical.game import DEFAULT_DECKS
from hcgames.historical.material import load_catalogue
from hcgames.play import playout

Z95 = 1.959964


class Game(NamedTuple):
    """One finished game of the default match (a named tuple: the bench test loads this
    file without registering it as a module, which a dataclass needs)."""

    seed: int
    decks: tuple[str, str]  # by seat
    winner: int | None  # seat, or None for a draw
    first: int  # the seat that went first
    lands: tuple[str, str]  # the land each seat turned up first
    turns: int
    reason: str

    def won_by(self, deck: str) -> bool:
        return self.winner is not None and self.decks[self.winner] == deck


def play(seed: int, decks: tuple[str, str], level: str, max_rounds: int | None = None) -> Game:
    options: dict[str, Any] = {"players": 2, "decks": list(decks)}
    if max_rounds is not None:
        options["max_rounds"] = max_rounds
    game = hcgames.load("historical-conquest", **options)
    state: Any = game.new_game(seed=seed)
    bot = LEVELS[level]
    lands = ["", ""]

    def watch(_state: Any, action: Any) -> None:
        if isinstance(action, RevealLand) and not lands[action.player]:
            lands[action.player] = action.land.split("/")[0]

    playout(state, bots=[bot(seed), bot(seed + 1)], rng=random.Random(seed), on_step=watch)
    outcome = state.outcome()
    winner = outcome.winners[0] if len(outcome.winners) == 1 else None
    reason = outcome.reason.split(":")[0].split("(")[0].strip()
    for seat in (1, 2):
        reason = reason.replace(f"Player {seat} ", "")
    return Game(seed, decks, winner, state.first, (lands[0], lands[1]), state.turn_no, reason)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval for a share of ``wins`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return (centre - half, centre + half)


def share(label: str, wins: int, n: int) -> str:
    if n == 0:
        return f"  {label:50s}   no games"
    low, high = wilson(wins, n)
    verdict = ""
    if low > 0.55 or high < 0.45:
        verdict = "  (whole interval outside 45-55%: clearly one-sided)"
    elif low > 0.5 or high < 0.5:
        verdict = "  (interval misses 50%)"
    return f"  {label:50s} {wins:4d}/{n:<4d} {wins / n:6.1%}  95% {low:6.1%} - {high:6.1%}{verdict}"


def two_shares(label: str, w1: int, n1: int, w2: int, n2: int) -> str:
    """The gap between two shares, with its z and two-sided chance under one true share."""
    p1, p2 = w1 / n1, w2 / n2
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = (p1 - p2) / se if se else 0.0
    chance = math.erfc(abs(z) / math.sqrt(2))
    return f"  {label:50s} {p1:6.1%} vs {p2:6.1%}: gap {p1 - p2:+6.1%}, z {z:+.2f}, p {chance:.3f}"


def chi_square_blocks(blocks: list[tuple[int, int]]) -> tuple[float, int, float]:
    """Chi-square of the blocks' shares against one common share (df = blocks - 1) and
    its upper tail (Wilson-Hilferty's approximation, close enough for a bench)."""
    wins = sum(w for w, _ in blocks)
    games = sum(n for _, n in blocks)
    p = wins / games
    chi = sum((w - n * p) ** 2 / (n * p * (1 - p)) for w, n in blocks if n)
    df = len(blocks) - 1
    cube = (chi / df) ** (1 / 3)
    z = (cube - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return chi, df, 0.5 * math.erfc(z / math.sqrt(2))


def report(games: list[Game], level: str, a: str, b: str) -> list[str]:
    decided = [g for g in games if g.winner is not None]
    n = len(decided)
    wins_a = sum(g.won_by(a) for g in decided)
    seeds = sorted({g.seed for g in games})
    lines = [
        f"{level.capitalize()} against {level}: {a.capitalize()} (deck A) against "
        f"{b.capitalize()} (deck B), seeds {seeds[0]}-{seeds[-1]}, each seed both ways round",
        f"  {len(games)} games, {len(games) - n} drawn; shares are of the {n} games won; "
        f"turns per game: {sum(g.turns for g in games) / len(games):.1f}",
        share(f"{a.capitalize()} wins", wins_a, n),
    ]
    for seat in (0, 1):
        seated = [g for g in decided if g.decks[seat] == a]
        lines.append(
            share(
                f"{a.capitalize()} wins, {a.capitalize()} in seat {seat + 1}",
                sum(g.won_by(a) for g in seated),
                len(seated),
            )
        )
    lines.append(share("seat 1 wins (whatever its deck)", sum(g.winner == 0 for g in decided), n))
    lines.append(share("the first mover wins (coin)", sum(g.winner == g.first for g in decided), n))
    for deck in (a, b):
        moved = [g for g in decided if g.decks[g.first] == deck]
        lines.append(
            share(
                f"{a.capitalize()} wins when {deck.capitalize()} moves first",
                sum(g.won_by(a) for g in moved),
                len(moved),
            )
        )
    alternating = [g for g in decided if (g.decks[0] == a) == (g.seed % 2 == 0)]
    lines.append(
        share(
            "alternating seats only (bench_historical --fair)",
            sum(g.won_by(a) for g in alternating),
            len(alternating),
        )
    )
    lines.extend(_halves(decided, seeds, a, "both ways round"))
    lines.extend(_halves(alternating, seeds, a, "alternating"))
    lines.extend(_by_land(decided, a, b))
    reasons = Counter(g.reason for g in games)
    lines.append(
        "  how the games ended: " + "; ".join(f"{r} {c}" for r, c in reasons.most_common())
    )
    return lines


def _halves(decided: list[Game], seeds: list[int], a: str, label: str) -> list[str]:
    middle = (seeds[0] + seeds[-1] + 1) // 2  # the middle of the range (--interleave)
    first = [g for g in decided if g.seed < middle]
    second = [g for g in decided if g.seed >= middle]
    lines = [
        two_shares(
            f"halves ({label}): seeds <{middle} / >={middle}",
            sum(g.won_by(a) for g in first),
            len(first),
            sum(g.won_by(a) for g in second),
            len(second),
        )
    ]
    size = 56
    blocks: list[tuple[int, int]] = []
    for start in range(seeds[0], seeds[-1] + 1, size):
        block = [g for g in decided if start <= g.seed < start + size]
        if block:
            blocks.append((sum(g.won_by(a) for g in block), len(block)))
    if len(blocks) > 2:
        chi, df, tail = chi_square_blocks(blocks)
        shares = " ".join(f"{w / n:.0%}" for w, n in blocks)
        lines.append(
            f"  blocks of {size} seeds ({label}): {shares}; chi-square {chi:.1f} on {df} df, "
            f"p {tail:.2f} (one common share {'fits' if tail > 0.05 else 'does NOT fit'})"
        )
    return lines


def _by_land(decided: list[Game], a: str, b: str) -> list[str]:
    """Deck A's share by the land each deck turned up first."""
    lines = []
    for deck in (a, b):
        by: dict[str, list[Game]] = defaultdict(list)
        for g in decided:
            by[g.lands[g.decks.index(deck)]].append(g)
        lines.append(f"  {a.capitalize()}'s share by {deck.capitalize()}'s first land:")
        for land, group in sorted(by.items(), key=lambda kv: card_name(kv[0])):
            wins = sum(g.won_by(a) for g in group)
            lines.append(
                f"    {card_name(land):28s} {wins:4d}/{len(group):<4d} {wins / len(group):6.1%}"
            )
    return lines


def measure(
    level: str, seeds: Sequence[int], decks: tuple[str, str] | None = None, save: str = ""
) -> list[str]:
    a, b = decks or (DEFAULT_DECKS[0], DEFAULT_DECKS[1])
    games = []
    for seed in seeds:
        for order in ((a, b), (b, a)):
            games.append(play(seed, order, level))
            if save:  # a game at a time, so that a long run can be read while it goes
                with open(save, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"level": level, **games[-1]._asdict()}) + "\n")
    return report(games, level, a, b)


def run(seeds: int = 8) -> list[tuple[str, float, str]]:
    """bench/run.py's entry: a short look (the real figures need several hundred seeds)."""
    a, b = DEFAULT_DECKS[0], DEFAULT_DECKS[1]
    games = [play(seed, order, "medium") for seed in range(seeds) for order in ((a, b), (b, a))]
    decided = [g for g in games if g.winner is not None]
    wins = sum(g.won_by(a) for g in decided)
    return [
        (
            f"Historical default match: {a.capitalize()}'s share of {len(decided)} medium games",
            wins / max(1, len(decided)),
            "share",
        )
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--level",
        choices=sorted(LEVELS),
        action="append",
        help="bot level (repeat for several; default medium and easy)",
    )
    parser.add_argument("--seeds", type=int, default=448, help="seeds, each played both ways")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--decks", nargs=2, metavar=("A", "B"), help="another pairing")
    parser.add_argument("--save", default="", help="add every game as a JSON line to this file")
    parser.add_argument(
        "--interleave", action="store_true", help="play the two halves of the seeds in turn"
    )
    parser.add_argument("--load", default="", help="print the figures of games saved by --save")
    args = parser.parse_args()
    if args.load:
        load_catalogue()  # the cards' names
        saved: dict[str, list[Game]] = defaultdict(list)
        for text in Path(args.load).read_text(encoding="utf-8").splitlines():
            row = json.loads(text)
            level = row.pop("level")
            row["decks"], row["lands"] = tuple(row["decks"]), tuple(row["lands"])
            saved[level].append(Game(**row))
        for level, games in saved.items():
            a, b = games[0].decks
            print("\n".join(report(games, level, a, b)), end="\n\n")
        sys.exit(0)
    pair = (args.decks[0], args.decks[1]) if args.decks else None
    for level in args.level or ["medium", "easy"]:
        seeds: Sequence[int] = range(args.start, args.start + args.seeds)
        if args.interleave:  # the two halves in turn, so that a run cut short has both
            half = args.seeds // 2
            seeds = [s for i in range(half) for s in (seeds[i], seeds[half + i])]
        for line in measure(level, seeds, pair, args.save):
            print(line, flush=True)
        print()
