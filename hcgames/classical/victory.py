"""The end of a Classical Conquests game and its winner.

A game ends in one of three ways, each building the :class:`~hcgames.core.Outcome`
kept in ``state.result``:

- :func:`reach_victory_points`: a player's score phase brings them to the book's 100
  victory points (``rules.json`` ``victory_points``); they win at once;
- :func:`knock_out`: a people without settlements and units leaves the game; the last
  one left wins;
- :func:`finish_on_points`: after the last round (the ``max_turns`` option) the most
  victory points win, equal leaders sharing the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import Event, Outcome
from hcgames.words import count, join, says, verb

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["finish_on_points", "knock_out", "reach_victory_points"]


def _end(s: ClassicalState, winners: tuple[int, ...], reason: str) -> None:
    s.result = Outcome(winners, reason, {p: float(v) for p, v in enumerate(s.vp)})


def reach_victory_points(s: ClassicalState, p: int) -> list[Event]:
    """After ``p`` scored: the game ends if they reached the victory points."""
    target = int(s.game.material.book["victory_points"])
    if s.vp[p] < target:
        return []
    reason = f"{s.player_name(p)} reached {count(target, 'victory point')}"
    _end(s, (p,), reason)
    return [s.event(s.player, "end", reason + " and win.", winners=[p])]


def knock_out(s: ClassicalState, p: int) -> list[Event]:
    """``p`` has no settlement and no unit left and leaves; the last one left wins."""
    s.out[p] = True
    events = [
        s.event(
            p,
            "out",
            f"{says(s.player_name(p), 'has')} no settlement and no unit left and "
            f"{verb(s.player_name(p), 'leaves')} the game.",
        )
    ]
    alive = [q for q in range(len(s.civs)) if not s.out[q]]
    if len(alive) == 1:
        reason = f"{says(s.player_name(alive[0]), 'is')} the last people standing"
        _end(s, (alive[0],), reason)
        events.append(s.event(alive[0], "end", reason + "."))
    return events


def finish_on_points(s: ClassicalState) -> list[Event]:
    """The turn limit is reached: the most victory points win (equal leaders share)."""
    alive = [q for q in range(len(s.civs)) if not s.out[q]]
    best = max(s.vp[q] for q in alive)
    winners = tuple(q for q in alive if s.vp[q] == best)
    names = join(s.player_name(q) for q in winners)
    points = count(best, "victory point")
    # the other sides' scores too, highest first: "..., against 6 for the Spartans"
    others = sorted((q for q in range(len(s.civs)) if q not in winners), key=lambda q: -s.vp[q])
    against = (
        ", against " + join(f"{s.vp[q]} for the {s.player_name(q)}" for q in others)
        if others
        else ""
    )
    lead = (
        f"{says(names, 'has')} the most victory points: {best}{against}"
        if len(winners) == 1
        else f"{names} are tied at {points}{against}"
    )
    # only monuments and the Arts level score: land, cities and fleets count only through them
    why = "victory points come only from monuments and the Arts level"
    limit = count(s.game.max_turns, "round")
    _end(s, winners, f"the turn limit of {limit} was reached; {lead}; {why}")
    return [
        s.event(
            None,
            "end",
            f"The last round is over. {says(names, 'leads')} with {points}."
            if len(winners) == 1
            else f"The last round is over. {names} are tied at {points}.",
            winners=list(winners),
        )
    ]
