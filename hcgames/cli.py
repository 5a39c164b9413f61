"""Command line: play, simulate, odds, links, rules, handouts, gather.

Examples::

    python -m hcgames list
    python -m hcgames play conqueror-duels --scenario second-punic-war --seed 7 --bots greedy,random
    python -m hcgames play conquest-1972 --bots human,greedy       # you against a bot
    python -m hcgames simulate conqueror-duels --scenario gallic-wars --games 1000
    python -m hcgames odds conqueror-duels
    python -m hcgames links --repo OWNER/NAME --ref v1.0
    python -m hcgames rules conqueror-duels        # the rules we had to decide
    python -m hcgames handouts --out build/handouts   # a worksheet and key for every lesson
    python -m hcgames links --repo OWNER/NAME --ref v1.0 --hub https://hub.school.example
    python -m hcgames gather work/   # class summary of the students' "My work" files
    python -m hcgames server-setup   # write the lessons' server settings into this environment
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tqdm import tqdm

import hcgames
from hcgames.bots import LEVELS, make_bot
from hcgames.bots import why as bot_why
from hcgames.core import Action, Event, Game, IllegalAction, State
from hcgames.links import binder_links, hub_links
from hcgames.play import sample_outcome

__all__ = ["HumanPlayer", "main"]


class HumanPlayer:
    """Asks at the terminal: lists the legal actions by number and reads a choice."""

    name = "human"

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        print(f"\n{state.describe()}", file=self.stdout)
        for number, action in enumerate(legal, 1):
            print(f"  {number:3d}. {action}", file=self.stdout)
        while True:
            print("Your choice (number, or q to quit): ", end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line or line.strip().lower() in {"q", "quit"}:
                raise KeyboardInterrupt
            try:
                number = int(line.strip())
            except ValueError:
                print("Please type the number of an action.", file=self.stdout)
                continue
            if 1 <= number <= len(legal):
                return legal[number - 1]
            print(f"Choose a number from 1 to {len(legal)}.", file=self.stdout)


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read: plain text
        return text


def _game_from_args(args: argparse.Namespace) -> Game:
    options: dict[str, Any] = {}
    if getattr(args, "scenario", None):
        options["scenario"] = args.scenario
    if getattr(args, "players", None):
        options["players"] = args.players
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--option takes KEY=VALUE, not {item!r}")
        options[key] = _parse_value(value)
    try:
        return hcgames.load(args.game, **options)
    except KeyError as exc:
        raise SystemExit(str(exc.args[0])) from None
    except (TypeError, ValueError) as exc:
        raise SystemExit(f"{args.game}: {exc}") from None


def _make_players(spec: str | None, game: Game, seed: int) -> list[Any]:
    kinds = (spec or "random").split(",")
    if len(kinds) == 1:
        kinds = kinds * game.num_players
    if len(kinds) != game.num_players:
        raise SystemExit(
            f"--bots needs one entry per player ({game.num_players}: "
            f"{', '.join(game.player_names)}), got {len(kinds)}"
        )
    players: list[Any] = []
    for index, kind in enumerate(kinds):
        if kind == "human":
            players.append(HumanPlayer())
        else:
            try:
                players.append(make_bot(kind, seed=seed * 101 + index, game=game))
            except ValueError as exc:
                raise SystemExit(str(exc)) from None
    return players


def cmd_list(args: argparse.Namespace) -> int:
    for name in hcgames.available_games():
        cls = hcgames.game_class(name)
        variants = cls.variants()
        opts = "; ".join(", ".join(f"{k}={v}" for k, v in v.items()) for v in variants if v)
        print(f"{name:22s} {cls.title}" + (f"  [{opts}]" if opts else ""))
        own = list(hcgames.load(name).bots())
        if own:
            print(f"{'':22s} its own bots for --bots: {', '.join(own)}")
    return 0


def print_step(
    events: Sequence[Event], why: str, last_heading: tuple[int, str] | None
) -> tuple[int, str] | None:
    """Print the events of one step under their headings, and the computer's reason
    (``why``) right under the move it explains: before the heading of the next round or
    phase that the same step may have begun. Returns the last heading printed."""
    for index, event in enumerate(events):
        heading = (event.round, event.phase)
        if heading != last_heading:
            if why and index:
                print(f"    (why: {why})")
                why = ""
            print(f"\n== Round {event.round} - {event.phase} ==")
            last_heading = heading
        print(f"  {event.text}")
    if why:
        print(f"    (why: {why})")
    return last_heading


def cmd_play(args: argparse.Namespace) -> int:
    game = _game_from_args(args)
    state = game.new_game(seed=args.seed)
    players = _make_players(args.bots, game, args.seed)
    rng = random.Random(args.seed)
    print(f"{game.describe()} - seed {args.seed}")
    print(
        "Players: "
        + ", ".join(
            f"{name} ({p.name})" for name, p in zip(game.player_names, players, strict=True)
        )
    )
    last_heading = None
    shown = 0
    try:
        while not state.is_terminal():
            why = ""
            if state.is_chance():
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                player = players[state.current_player]
                action = player.choose(state)
                # the levels say why they moved (unless there was nothing to choose)
                if getattr(player, "name", "") in LEVELS and len(state.legal_actions()) > 1:
                    why = bot_why(state, action, player)
            try:
                state.apply(action)
            except IllegalAction as exc:
                print(f"Not allowed: {exc}")
                continue
            last_heading = print_step(state.events[shown:], why, last_heading)
            shown = len(state.events)
    except KeyboardInterrupt:
        print("\nStopped. Save of the game so far:")
        print(state.to_json())
        return 130
    outcome = state.outcome()
    assert outcome is not None
    winners = ", ".join(game.player_names[w] for w in outcome.winners) or "nobody (a draw)"
    print(f"\nGame over after {len(state.history)} actions: {winners} - {outcome.reason}")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            handle.write(state.to_json(indent=1))
        print(f"Saved to {args.save}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _game_from_args(args)
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    start = time.perf_counter()
    for index in tqdm(
        range(args.games), desc=f"{game.id}", unit="game", file=sys.stderr, disable=args.quiet
    ):
        seed = args.seed + index
        players = _make_players(args.bots, game, seed)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(players[state.current_player].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        key = " + ".join(game.player_names[w] for w in outcome.winners) or "draw"
        wins[key] += 1
        reasons[f"{key}: {outcome.reason}"] += 1
        lengths.append(len(state.history))
    elapsed = time.perf_counter() - start
    print(
        f"{args.games} games of {game.describe()} in {elapsed:.1f} s "
        f"({args.games / elapsed:.0f} games/s), {sum(lengths) / len(lengths):.0f} actions a game"
    )
    print("\nWins:")
    for key, count in wins.most_common():
        print(f"  {key:30s} {count:6d}  {100 * count / args.games:5.1f}%")
    print("\nHow the games ended:")
    for key, count in reasons.most_common():
        print(f"  {count:6d}  {key}")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    game = _game_from_args(args)
    print(game.odds_table())
    return 0


def cmd_links(args: argparse.Namespace) -> int:
    try:
        rows = binder_links(args.repo, args.ref)
        hub = hub_links(args.repo, args.ref, args.hub, args.git_url) if args.hub else None
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    if args.markdown:
        print(markdown_links(rows))
        if hub:
            print("\nOn the school's JupyterHub:\n")
            print(markdown_links(hub))
        return 0
    for number, row in enumerate(rows):
        print(f"{row['notebook']}  {row['title']}")
        print(f"  Binder, JupyterLab: {row['lab']}")
        print(f"  Binder, Voila app:  {row['voila']}")
        if hub:
            print(f"  Your hub, JupyterLab: {hub[number]['lab']}")
            print(f"  Your hub, Voila app:  {hub[number]['voila']}")
    return 0


def cmd_gather(args: argparse.Namespace) -> int:
    from hcgames.gather import gather, write_report  # pandas loads only for this command

    try:
        summary = gather(args.folder)
    except FileNotFoundError as exc:
        raise SystemExit(str(exc)) from None
    out = args.out or args.folder
    files = write_report(summary, out)
    read = len(summary.records)
    print(f"{read} record{'' if read == 1 else 's'} read from {args.folder}")
    for old, new in summary.replaced:
        print(f"  handed in twice: kept {new}, not {old}")
    for name, why in summary.skipped:
        print(f"  skipped {name}: {why}")
    for path in files:
        print(f"wrote {path}")
    return 0


def markdown_links(rows: list[dict[str, str]]) -> str:
    """The README's table of Binder links."""
    return "\n".join(
        f"| {row['title']} | [JupyterLab]({row['lab']}) | [Voila app]({row['voila']}) |"
        for row in rows
    )


def cmd_rules(args: argparse.Namespace) -> int:
    print(rules_markdown(args.game))
    return 0


def rules_markdown(only: str | None = None) -> str:
    """Every rule the rulebooks leave open, and our decision, as Markdown."""
    lines = [
        "# Rules we decided",
        "",
        "The rulebooks leave these points open. Each game follows the decisions below;",
        "the numbers live in the game's data files. Generated by",
        "`python -m hcgames rules`; a test keeps this file up to date.",
        "",
    ]
    for name in hcgames.available_games():
        if only and name != only:
            continue
        cls = hcgames.game_class(name)
        lines += [f"## {cls.title} (`{name}`)", ""]
        seen: set[tuple[str, str]] = set()
        for options in cls.variants():
            for decision in cls(**options).rule_decisions():
                key = (decision.topic, decision.decision)
                if key in seen:
                    continue
                seen.add(key)
                lines.append(f"- **{decision.topic}** ({decision.source}): {decision.decision}")
        lines.append("")
    return "\n".join(lines)


def cmd_handouts(args: argparse.Namespace) -> int:
    # the handouts (and their map drawing) load only for this command
    from hcgames.handouts import documents
    from hcgames.handouts.build import write_handouts

    try:
        docs = documents(args.game or None, with_booklets=args.booklets)
    except KeyError as exc:
        raise SystemExit(str(exc.args[0])) from None
    try:
        files = write_handouts(docs, Path(args.out), pdf=not args.html, paper=args.paper)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None
    from hcgames.handouts.pages import SHEET_MAX_PAGES

    for doc in docs:
        print(f"{doc.title}: {doc.pages} page{'s' if doc.pages != 1 else ''}")
        if doc.kind == "worksheet" and doc.pages > SHEET_MAX_PAGES:
            print(
                f"warning: this worksheet is longer than {SHEET_MAX_PAGES} pages; give the "
                "lesson fewer questions, or shorter ones",
                file=sys.stderr,
            )
    print(f"{len(files)} files in {args.out} (open index.html)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hcgames",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("list", help="list the games and their variants").set_defaults(func=cmd_list)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="game id (see 'list')")
        p.add_argument("--scenario", help="scenario (Conqueror: Duels)")
        p.add_argument("--players", type=int, help="number of players")
        p.add_argument(
            "--option",
            action="append",
            metavar="KEY=VALUE",
            help="any other game option (value read as JSON if it parses)",
        )

    play = sub.add_parser("play", help="play one game and print its log")
    game_args(play)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument(
        "--bots",
        help="comma list, one per player: human, easy, medium, hard (the computer's levels, "
        "which say why they moved), random, greedy, mcts or mcts:N, or a game's own bot by "
        "name (see 'python -m hcgames list'; default: random)",
    )
    play.add_argument("--save", help="write the finished game to this JSON file")
    play.set_defaults(func=cmd_play)

    simulate = sub.add_parser("simulate", help="play many games and print win rates")
    game_args(simulate)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", help="as for play (default: random)")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(func=cmd_simulate)

    odds = sub.add_parser("odds", help="print the game's battle odds table")
    game_args(odds)
    odds.set_defaults(func=cmd_odds)

    rules = sub.add_parser("rules", help="print every rule we had to decide, as Markdown")
    rules.add_argument("game", nargs="?", help="one game id (default: all)")
    rules.set_defaults(func=cmd_rules)

    links = sub.add_parser("links", help="print Binder links for every notebook")
    links.add_argument("--repo", required=True, help="OWNER/NAME on GitHub")
    links.add_argument("--ref", default="main", help="tag or branch (a tag is safer)")
    links.add_argument("--markdown", action="store_true", help="print a Markdown table")
    links.add_argument(
        "--hub", help="a school JupyterHub's address: also print nbgitpuller links for it"
    )
    links.add_argument(
        "--git-url",
        help="with --hub: where the hub copies the lessons from, if not GitHub's OWNER/NAME "
        "(a school's own git server)",
    )
    links.set_defaults(func=cmd_links)

    handouts = sub.add_parser(
        "handouts", help="write printable handouts and answer keys (PDF through chromium)"
    )
    handouts.add_argument("game", nargs="*", help="game ids (default: all five)")
    handouts.add_argument("--out", default="build/handouts", help="folder to write into")
    handouts.add_argument("--html", action="store_true", help="HTML only, no PDF (no browser)")
    handouts.add_argument(
        "--booklets",
        action="store_true",
        help="also each game's long booklet (rules, maps, every question) and its key",
    )
    handouts.add_argument(
        "--paper", choices=("A4", "Letter"), default="A4", help="paper size (default: A4)"
    )
    handouts.set_defaults(func=cmd_handouts)

    gather = sub.add_parser(
        "gather", help="a class summary from a folder of students' 'Download my work' files"
    )
    gather.add_argument("folder", help="the folder holding the students' .html files")
    gather.add_argument("--out", help="where to write the report (default: the same folder)")
    gather.set_defaults(func=cmd_gather)

    setup = sub.add_parser(
        "server-setup",
        help="write every setting the lessons' server needs into this Python environment",
    )
    setup.add_argument(
        "--prefix", help=f"the environment to set up (default: this one, {sys.prefix})"
    )
    setup.set_defaults(func=cmd_server_setup)
    return parser


def cmd_server_setup(args: argparse.Namespace) -> int:
    """The server's part lives beside the games, in hcgames_server (imported here only:
    the rules never import Jupyter)."""
    from hcgames_server.server_setup import main as server_setup

    return server_setup(["--prefix", args.prefix] if args.prefix else [])


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
