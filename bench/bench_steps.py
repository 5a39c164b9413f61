"""Random-play steps per second for every game, at this tree and beside an older one.

    python bench/bench_steps.py                        # this tree only
    python bench/bench_steps.py --old 12fca54          # side by side with revision 12fca54
    python bench/bench_steps.py --old 12fca54 --seconds 3 --rounds 3
    python bench/bench_steps.py --old 12fca54 --only duels   # one game's variants

A *step* is one ``apply`` (a player's action or a chance outcome) in a game played
with uniformly random legal actions and chance outcomes drawn with their exact
chances; the time counted is ``legal_actions``/``chance_outcomes`` plus ``apply``
(and the ``is_terminal``/``is_chance`` checks), not ``new_game``, as the
interpreter's CPU time (``time.process_time``: time spent waiting for a core on a
busy machine is left out). Every game and variant of this tree is played for
``--seconds`` CPU seconds, with the same driver code for both trees (this file's), so
the figures compare the rules' code only.

The older revision is checked out with ``git worktree add`` into a temporary folder
(removed afterwards) and each tree is measured in a fresh interpreter; the trees take
turns case by case (game by game, the first tree alternating each round), so a change in
the machine's load falls on both alike, and each figure is the fastest of ``--rounds``
rounds (the one least disturbed by other work). CPU time still grows when other
programs share the core's caches: on a loaded machine the figures scatter by 10-20 %,
so read the ratio column and measure again on a quiet machine before quoting a speed.

With OpenSpiel installed (``pip install open_spiel``; not a dependency), the table is
followed by each game's speed as a share of OpenSpiel's C++ backgammon played by the
same driver, the yardstick of issue 25 (CONQUEST towards 0.25x).

``run()`` (called by bench/run.py) compares with :data:`OLD_DEFAULT` when that
revision is in the repository, else reports this tree alone.

What the slowdown since 6688deb cost, and what was done (issue 41, item 6; 7 Dec)
----------------------------------------------------------------------------------
Measured before the fixes with ``--old 6688deb``: Duels 0.76-0.81x, Historical
0.76-0.86x, Speros 0.85-0.98x, Classical about 1.0x, CONQUEST 1.3x. cProfile of random
playouts (the driver above, ``cProfile.Profile(time.process_time)``) and each action
kind's ``apply`` timed alone, both trees side by side, showed no single new hot spot:
the old rules' code did the same work, and the cost was in the layers added since
(a shared dispatch table, one way of making events, typed stages), at every step:

- Python 3.11 reads an Enum member (``Stage.DRAW``, ``Step.ROLL``) through EnumType's
  ``__getattr__`` hook, several times the cost of a global; Duels asked for them a few
  dozen times a step (``current_player``, ``phase``, ``_apply``, the battle steps).
  Now module names (``_DRAW``...) on those paths.
- Events: the frozen dataclass's ``__init__`` set each of the six fields with a call of
  ``object.__setattr__`` (about 2.5x the cost of the hand-written ``Event.__init__``
  now); Duels' ``event`` capitalised every sentence, even those that had a capital.
- Names: ``Game.player_names`` built a new tuple of "Player N" at every sentence
  (Historical, Speros; now made once, ``core._seat_names``); Duels named a side
  through ``super()``; ``words.is_plural`` ran its regular expressions at every
  possessive and verb (now remembered, ``lru_cache``).
- Duels' checks after every step: the food check walked every territory in Python
  (now one ``operator.itemgetter`` over the lands that feed), the capitals check and
  ``annihilated`` built lists or walked the map (now ``list.index``).
- Historical: Card's derived facts (``is_unit``, ``is_explorer``...) were computed at
  every read (now ``cached_property``, as its other facts), held
  abilities were found by filtering a generator over every card in play, and each
  draw rebuilt its step with ``dataclasses.replace``.
No rule, transcript or sentence changed: the 48 golden transcripts pass unchanged.

After (``--old 6688deb``, this machine shared by eight sessions at a load average of
15-25 on 2 cores, process time, both trees in turn; ranges of repeated runs):
Duels 0.86-0.98x (standard 0.86-0.90, Second Punic War 0.89-0.95, Alexander 0.98,
Rome against Persia 0.90-0.93), Historical 0.88-0.97x (2 players 0.91-0.97, 3 players
0.88-0.90), Speros 0.97-1.02x; Classical 1.02x and CONQUEST 1.44x in one run each.
Duels and Historical are still short of 0.95x: what is left is spread over the added
layers (``apply`` -> the state's ``_apply`` -> core's ``_apply`` -> the handler; the
game's ``event`` -> core's ``event`` -> ``round``/``event_phase``), a few hundred
nanoseconds each, and in Historical in the options the rules now work out (10 games
of 2 players under cProfile: 296 Python calls a step before these fixes, 271 after,
247 at 6688deb).

Second pass (7 Dec, 14:00-14:45 UTC; the machine at a load average of 18-28 on 2 cores)
--------------------------------------------------------------------------------------
cProfile of random playouts (the driver above, 6 CPU seconds a tree, both trees):

- Duels, standard: 277 us and 89 Python calls a step under the profiler, against 241 us
  and 80 calls at 6688deb. Per step the action phase's list of moves costs the same
  (``action_phase_actions`` 26 us against 25 us, its ``move_combos`` 6.5 calls a step);
  the extra is events (``state.event`` -> core's ``event`` -> ``Event.__init__``,
  ``round``, ``isupper``: about 22 us against 6 us, 1.2 events a step), the victory
  checks after every step (``watch_capitals`` at each step, ``check_immediate`` and
  ``annihilated`` after each move: about 7 us), core's ``is_chance`` asked twice a step,
  and the food check that land changing hands now calls for (a rule added since 6688deb,
  not overhead: ``_food_may_have_changed``, ``unit_cap``).
  Done, no rule or sentence changed: ``DuelsState.is_chance`` answers from the stage in
  the stages that are never or always a chance step; ``_apply`` tests whether a capital
  changed hands before calling ``watch_capitals``; the action phase reads the combos made
  before from the game's cache without calling ``move_combos`` (a call per neighbour).
  The event's layers stay (the layout test wants every game's ``event`` to build on
  core's).
- Historical, 2 players: 748 us and 224 calls a step under the profiler, against 769 us
  and 249 calls at 6688deb: per call every part is as cheap or cheaper now
  (``phase_actions`` 346 us against 413 us, ``play_options`` 386 against 448,
  ``ability_options`` 63 against 97, ``move_options`` 253 against 365). What is left of
  the gap is work the rules added: held abilities and interrupts are offered in every
  phase of the player's turn, not only play and move (``ability_options`` 1.09 calls a
  step against 0.77, ``interrupt_options`` 1.71 against 1.17), and the games themselves
  differ (the rules changed since, e.g. Balboa's discovery; 229 steps a game against 291
  at 6688deb), so the steps are not the same mix. Cutting that would change the game, so
  nothing was changed here.

Figures (``--old 6688deb --only duels|historical --rounds 3``, process time, both trees in
turn; each figure the fastest of its 3 rounds):

- Duels before this pass (1.5 s a round): standard 0.96, Second Punic War 0.96, Gallic
  Wars 0.94, Alexander 0.93, Rome against Persia 0.92, First Syrian War 0.93.
- Duels after (1 s a round): standard 1.00, Second Punic War 1.06, Gallic Wars 1.06,
  Alexander 1.10, Rome against Persia 0.95, First Syrian War 1.09.
- Historical, code unchanged (1 s a round): 2 players 1.01, 3 players 0.91, 4 players
  0.93 (earlier runs: 2 players 0.91-0.97, 3 players 0.88-0.90).

So Duels is at 0.95x or more in this run (Rome against Persia, the longest battles,
the lowest at 0.95), and Historical with 2 players; Historical with 3 and 4 players is
still short of 0.95x (0.91-0.93): its profile with more players (more windows for
interrupts, one per opponent at every phase's end) was not worked through in this pass.
One run of each on a loaded machine: the figures scatter by 5-10 % between runs.

Third pass: Historical with 3 and 4 players (7 Dec, 17:50-18:20 UTC, load average 20-24)
----------------------------------------------------------------------------------------
cProfile's call counts over the same 30 random games a table size (counts do not
depend on the load): this tree makes fewer Python calls a step than 6688deb at every
size (2 players 234 against 251, 3 players 252 against 257, 4 players 245 against
266), so no new path grew; pyinstrument (sampling, 40 games of 4 players) put the same
share in ``phase_actions`` in both trees. What grows with the players is the decision
'Interrupt windows': each opponent gets a window at the end of all four phases, not only
after the play phase (``interrupt_options`` 1.72, 2.24, 2.60 calls a step at 2, 3, 4
players against 1.16, 1.25, 1.37 at 6688deb), and every phase end made a new frozen
``PendingNextPhase`` and a new frozen ``PendingWindow`` per opponent (each field set
with ``object.__setattr__``). Beside it, ``placement_ban``, asked through ``can_stand``
3-5 times a step, wrote the ban's whole text (``describe_effect``) each time a ban
applied (Thailand and a European in hand), where 6688deb answered yes or no.
Done, no rule or sentence changed (the Historical goldens pass unchanged):
``effects._ban`` answers without words and ``placement_ban`` words it only for a
refusal; ``turn.end_phase`` stacks a phase end and windows made once (frozen, so one
of each may stand on every stack and copy).
Figures: the same 60 seeded random games in both trees (the games are identical, so
steps are equal), process time, fastest of 5 runs taking turns: against the tree before
this pass 2 players 1.00x, 3 players 1.04x, 4 players 1.05x. Against 6688deb
(``--old``'s alternation, 1.5 s a round, 3 rounds, the games differing between the
trees): before 0.95 / 1.02 / 0.91, after 0.93 / 0.96 / 0.96 at 2 / 3 / 4 players, on a
machine where repeated runs scatter by 5-10 %.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: the revision run() compares with: last week's head (issue 25)
OLD_DEFAULT = "12fca54"


def _measure(name: str, options: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Play random games of ``name`` for about ``seconds``; steps per second."""
    import hcgames

    game = hcgames.load(name, **options)
    limit = int(getattr(game, "max_actions", 0) or 100_000)
    steps = games = 0
    spent = 0.0
    seed = 0
    while spent < seconds or games < 2:
        state = game.new_game(seed)
        rng = random.Random(seed)
        seed += 1
        start = time.process_time()
        played = 0
        while not state.is_terminal() and played < limit:
            if state.is_chance():
                outcomes = state.chance_outcomes()
                x, total = rng.random(), 0.0
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    total += float(p)
                    if x < total:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            played += 1
        spent += time.process_time() - start
        steps += played
        games += 1
    return {"steps_per_s": steps / spent, "steps": steps, "games": games}


def backgammon_steps_per_second(seconds: float) -> float | None:
    """The reference of issue 25: random-play steps per second of OpenSpiel's C++
    backgammon with the same driver (None when OpenSpiel's ``pyspiel`` is not
    installed; it is not a dependency of hcgames)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        state, rng = game.new_initial_state(), random.Random(seed)
        seed += 1
        start = time.process_time()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x, total, action = rng.random(), 0.0, outcomes[-1][0]
                for outcome, p in outcomes:
                    total += p
                    if x < total:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        spent += time.process_time() - start
    return steps / spent


def _worker(root: str, seconds: float) -> None:
    """Measure, with the hcgames package of ``root``, each case read from stdin (one
    JSON ``[name, options]`` a line), answering one JSON line each."""
    sys.path.insert(0, root)
    import hcgames

    where = Path(hcgames.__file__).resolve()
    if Path(root).resolve() not in where.parents:
        raise SystemExit(f"hcgames came from {where}, not from {root}")
    for line in sys.stdin:
        name, options = json.loads(line)
        try:
            figure = _measure(name, options, seconds)
        except Exception as exc:  # a game or variant the old tree lacks
            figure = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps({"name": name, "options": options, **figure}), flush=True)


def cases(only: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Every game and variant of this tree (of the games whose name holds ``only``)."""
    sys.path.insert(0, str(ROOT))
    import hcgames

    return [
        (name, options)
        for name in hcgames.available_games()
        if not only or only in name
        for options in hcgames.game_class(name).variants()
    ]


def _label(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in options.items())


class _Tree:
    """A fresh interpreter measuring with one tree's hcgames, one case at a time."""

    def __init__(self, root: Path, seconds: float) -> None:
        self.root = root
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(root)]
        self.process = subprocess.Popen(
            [*command, "--seconds", str(seconds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
        )

    def measure(self, name: str, options: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([name, options]) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            error = self.process.stderr.read() if self.process.stderr else ""
            raise RuntimeError(f"measuring {self.root} failed: {error.strip()[-400:]}")
        return dict(json.loads(line))

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def _has_revision(rev: str) -> bool:
    found = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True
    )
    return found.returncode == 0


def compare(
    old: str | None, seconds: float, rounds: int, only: str | None = None
) -> list[tuple[str, float | None, float | None]]:
    """(label, steps/s now, steps/s at ``old``), fastest of ``rounds`` for each."""
    todo = cases(only)
    best_now: dict[str, float] = {}
    best_old: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="hcgames-old-") as tmp:
        old_root = Path(tmp) / "tree"
        if old:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old_root), old],
                check=True,
                capture_output=True,
            )
        trees = [_Tree(ROOT, seconds)] + ([_Tree(old_root, seconds)] if old else [])
        best = [best_now, best_old]
        try:
            # case by case, the trees taking turns (first one, then the other, round by
            # round): a change in the machine's load falls on both alike
            for round_no in range(rounds):
                for name, options in todo:
                    order = list(enumerate(trees))
                    if round_no % 2:
                        order.reverse()
                    for which, tree in order:
                        row = tree.measure(name, options)
                        if "steps_per_s" in row:
                            label = _label(name, options)
                            best[which][label] = max(
                                best[which].get(label, 0.0), row["steps_per_s"]
                            )
        finally:
            for tree in trees:
                tree.close()
            if old:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old_root)],
                    capture_output=True,
                )
    return [
        (
            _label(name, options),
            best_now.get(_label(name, options)),
            best_old.get(_label(name, options)),
        )
        for name, options in todo
    ]


def table(rows: list[tuple[str, float | None, float | None]], old: str | None) -> str:
    width = max([len("game"), *(len(label) for label, _, _ in rows)])
    head = f"  {'game':{width}s} {'now steps/s':>12s}"
    if old:
        head += f" {old + ' steps/s':>16s} {'now/old':>8s}"
    lines = [head]
    for label, now, then in rows:
        line = f"  {label:{width}s} {now if now is not None else float('nan'):12.0f}"
        if old:
            ratio = now / then if now and then else float("nan")
            shown = f"{then:16.0f}" if then is not None else f"{'n/a':>16s}"
            line += f" {shown} {ratio:8.2f}"
        lines.append(line)
    return "\n".join(lines)


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """Steps per second of every game now and at :data:`OLD_DEFAULT` (bench/run.py)."""
    old = OLD_DEFAULT if _has_revision(OLD_DEFAULT) else None
    # shorter than the command line's defaults: bench/run.py runs every bench in a row
    rows = compare(old, seconds=0.2 if quick else 0.75, rounds=1 if quick else 2)
    figures: list[tuple[str, float, str]] = []
    for label, now, then in rows:
        if now is not None:
            figures.append((f"{label}: random steps now", now, "steps/s"))
        if now is not None and then is not None:
            figures.append((f"{label}: now / {old}", now / then, "x"))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", help="a revision to measure beside this tree (e.g. 12fca54)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per game, tree and round")
    parser.add_argument("--rounds", type=int, default=3, help="each figure: fastest of these")
    parser.add_argument("--only", help="only the games whose name holds this (e.g. duels)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.seconds)
        return 0
    print(
        f"Random-play steps per second, fastest of {args.rounds} rounds of {args.seconds:g} s "
        "per game (a step: one action or chance outcome applied)"
    )
    rows = compare(args.old, args.seconds, args.rounds, args.only)
    print(table(rows, args.old))
    reference = backgammon_steps_per_second(args.seconds)
    if reference is None:
        print("  (OpenSpiel is not installed here: no C++ backgammon figure to compare with)")
    else:
        print(f"\n  OpenSpiel C++ backgammon, same driver: {reference:.0f} steps/s; as a share:")
        for label, now, _ in rows:
            if now is not None:
                print(f"  {label:60s} {now / reference:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
