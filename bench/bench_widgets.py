"""Widget speed figures (printed by bench/run.py, never asserted).

The play screen (PlayApp) is timed per game and computer level: a "Play this move"
click and picking a choice (outlining it and counting its exact odds).

A click's *settle* time is the Python work from the click to the finished screen: the
student's move, the computer's whole answer (its thinking, the reason it gives for each
move, the board drawn after each of its moves) and the final redraw with the new list
of moves and its odds. It leaves out the pauses the screen makes on purpose so a class
can follow the computer's turn (:attr:`PlayApp.PAUSE`, 0.35 s per computer move shown):
the bench replaces that wait with a counter and prints how many such pauses a click
made on average, so "settle" is work only and comparable between machines and runs.
Each is given by the clock (what a student waits on this machine) and in CPU time (the
work alone: on a machine busy with other programs the clock also counts their turns,
the CPU time much less so). Goal (issue 25): settle median at most 100 ms per game and
level, on a quiet machine. The slowest click is usually one where the computer plays a
long turn (or, at the hard level, plans it).

Target: one click on a stepper's Step button costs under 50 ms of Python time (the
browser's drawing comes on top). Measured on a stepper that shows the game's map
(or board, or card rows when that is all the game has), for the toy game of the
widget tests and for every game installed. Reported as the median and the 90th
percentile over the clicks of a few seeded games.

Outside a kernel, ipywidgets drops its messages unencoded; here every widget message
is JSON-encoded as a kernel would, so the figures include that cost too.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hcgames  # noqa: E402
from hcgames.core import State  # noqa: E402


def _encode_like_a_kernel() -> list[int]:
    """Make every new widget comm JSON-encode what it would send; returns the byte
    counts list it fills."""
    import comm

    sent: list[int] = []

    class EncodingComm(comm.DummyComm):  # type: ignore[misc]
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **kw: Any) -> None:
            sent.append(len(json.dumps(data, default=str, ensure_ascii=False)))

    comm.create_comm = lambda *args, **kwargs: EncodingComm(*args, **kwargs)
    return sent


def _states(quick: bool) -> list[tuple[str, State]]:
    from tests.widget_toy_game import ToyGame

    out: list[tuple[str, State]] = [
        ("toy game (map + board + cards)", ToyGame(cards=True).new_game(1))
    ]
    for name in hcgames.available_games():
        options = hcgames.game_class(name).variants()[0]
        game = hcgames.load(name, **options)
        state = game.new_game(1)
        shows = [
            label
            for label, present in (
                ("map", game.geojson() is not None),
                ("board", game.board_layout() is not None),
                ("cards", state.card_rows() is not None),
            )
            if present
        ]
        out.append((f"{name} ({' + '.join(shows) or 'no map'})", state))
        if quick:
            break
    return out


def _click_times(state: State, clicks: int) -> list[float]:
    from hcgames.widgets import GameStepper

    stepper = GameStepper(state, seed=1)
    times = []
    for _ in range(clicks):
        if stepper.state.is_terminal():
            break
        start = time.perf_counter()
        stepper.step_button.click()
        times.append(time.perf_counter() - start)
    return times


#: the options a play notebook shows a game with, where they are not its defaults
PLAY_OPTIONS: dict[str, dict[str, Any]] = {
    "conqueror-duels": {"scenario": "gallic-wars"},
    "classical-conquests": {"players": 2},
    "conquest-1972": {"scenario": "skirmish"},
    "conquest-of-speros": {"players": 2},
    "historical-conquest": {"players": 2},
}
#: the games the play screen is measured on: every registered game, as its play
#: notebook shows it
PLAY_GAMES = {name: PLAY_OPTIONS.get(name, {}) for name in hcgames.available_games()}


def _play_click_times(
    name: str, options: dict[str, Any], level: str, clicks: int
) -> tuple[list[float], list[float], int]:
    """Settle time of "Play this move" clicks on the play screen against the computer
    (see the module docstring: the work, without the pauses) by the clock and in CPU
    time, and how many pauses (computer moves shown one by one) those clicks made."""
    import random

    from hcgames.widgets import PlayApp

    pauses = [0]

    class CountingPlayApp(PlayApp):
        def _pause(self) -> None:  # no sleep: count it
            pauses[0] += 1

    app = CountingPlayApp(hcgames.load(name, **options), humans=(0,), bot=level, seed=1)
    rng = random.Random(1)
    times, cpu = [], []
    for _ in range(clicks):
        if app.state.is_terminal():
            break
        shown = app.picker.shown
        app.picker.pick(shown[rng.randrange(len(shown))])
        start, start_cpu = time.perf_counter(), time.process_time()
        app.picker.apply_button.click()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return times, cpu, pauses[0]


def _pick_times(name: str, options: dict[str, Any], picks: int) -> list[float]:
    """Python time of picking a choice: outlining it and stating its exact odds."""
    from hcgames.widgets import PlayApp

    app = PlayApp(hcgames.load(name, **options), humans=(0,), bot="easy", seed=1)
    times = []
    for action in app.picker.shown[:picks]:
        start = time.perf_counter()
        app.picker.pick(action)
        times.append(time.perf_counter() - start)
    return times


def play_screen(quick: bool = False) -> list[tuple[str, float, str]]:
    """Click-to-screen-updated figures of the play screen, per game and level."""
    from hcgames.widgets.play_screen import PlayApp, bot_levels

    pause_words = f"{PlayApp.PAUSE:g} s each on screen"

    figures: list[tuple[str, float, str]] = []
    clicks = 8 if quick else 25
    for name, options in PLAY_GAMES.items():
        game = hcgames.load(name, **options)
        for level in bot_levels(game) if not quick else ["medium"]:
            clicked, cpu, pauses = _play_click_times(name, options, level, clicks)
            times, cpu = sorted(clicked), sorted(cpu)
            if times:
                label = f"Play click, {name}, computer {level}"
                median = statistics.median(times) * 1000
                figures.append((f"{label}: settle median (target <= 100)", median, "ms"))
                figures.append((f"{label}: settle slowest", times[-1] * 1000, "ms"))
                # the same clicks in CPU time: steadier than the clock on a busy machine
                figures.append(
                    (f"{label}: settle median, CPU time", statistics.median(cpu) * 1000, "ms")
                )
                figures.append((f"{label}: settle slowest, CPU time", cpu[-1] * 1000, "ms"))
                figures.append(
                    (f"{label}: pauses left out ({pause_words})", pauses / len(times), "/click")
                )
        picks = sorted(_pick_times(name, options, 20))
        if picks:
            figures.append((f"Pick a choice, {name}: slowest", picks[-1] * 1000, "ms"))
        if quick:
            break
    return figures


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    clicks = 40 if quick else 150
    sent = _encode_like_a_kernel()
    figures: list[tuple[str, float, str]] = []
    for label, state in _states(quick):
        sent.clear()
        times = sorted(_click_times(state, clicks))
        per_click = sum(sent) / max(1, len(times)) / 1000
        if not times:
            continue
        median = statistics.median(times) * 1000
        p90 = times[int(0.9 * (len(times) - 1))] * 1000
        figures.append((f"Step click, {label}: median (target < 50)", median, "ms"))
        figures.append((f"Step click, {label}: 90th percentile", p90, "ms"))
        figures.append((f"Step click, {label}: widget messages", per_click, "kB/click"))
    figures.extend(play_screen(quick))
    return figures


if __name__ == "__main__":
    # --play: only the play screen's figures (clicks and picks), the quicker way to compare
    if "--play" in sys.argv:
        _encode_like_a_kernel()
        chosen = play_screen()
    else:
        chosen = run(quick="--quick" in sys.argv)
    for label, value, unit in chosen:
        print(f"  {label:70s} {value:10.2f} {unit}")
