"""How a Conqueror: Duels game ends, and who wins.

Some goals win at once: holding the places a scenario names, or leaving the enemy
with no units and no land after a battle or a move (:func:`check_immediate`). Others
are checked at the end of each round (enough forts for enough rounds in a row,
holding a pair of territories for a number of rounds: :func:`check_end_of_round`,
with :func:`watch_capitals` restarting scenario 4's count), and after the last round
the scenario's final test decides (:func:`final_result`): named territories, then the
fallback (forts then units, territory points, a draw, or a named winner). The result
is an :class:`~hcgames.core.Outcome` (:func:`finish`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hcgames.core import Event, Outcome

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "annihilated",
    "check_end_of_round",
    "check_immediate",
    "compare",
    "final_result",
    "finish",
    "watch_capitals",
]


def finish(state: DuelsState, winners: tuple[int, ...], reason: str) -> list[Event]:
    """The game ends: the winners (none for a draw), why, and the scores."""
    scores = {p: float(v) for p, v in state.scores().items()}
    state.end_game(Outcome(winners, reason, scores))
    return [state.event(None, "end", f"Game over: {reason}", winners=list(winners))]


def annihilated(state: DuelsState, player: int) -> bool:
    """Whether ``player`` holds no land and has no units at sea (asked after every
    move: the holdings are found with ``list.index``, not a loop over the map)."""
    owner, is_sea = state.owner, state.game.is_sea
    t = -1
    while True:
        try:
            t = owner.index(player, t + 1)
        except ValueError:
            return True
        if not is_sea[t] or state.cav[t] + state.inf[t]:
            return False


def check_immediate(state: DuelsState) -> list[Event]:
    """Goals that end the game at once, checked after every move and every battle:
    a side left with no units and no land loses, and a scenario's named places."""
    for p in (state.active, 1 - state.active):
        if annihilated(state, 1 - p):
            return finish(
                state,
                (p,),
                f"{state.player_name(p)} wins: {state.player_name(1 - p)} has no units "
                "and no land left.",
            )
    owner = state.owner
    for p, places, text in state.game.immediate_goals:
        if all(owner[t] == p for t in places):
            return finish(state, (p,), f"{state.player_name(p)} wins at once by holding {text}.")
    return []


def watch_capitals(state: DuelsState) -> list[Event]:
    """Scenario 4's "hold the enemy capital for 2 rounds without losing your own" is
    watched all the time: whenever either capital changes hands, both counts start
    again (a side that held both has just lost one of them), and the round in which
    it happened is noted: only whole rounds after it count."""
    g = state.game
    owner, held = state.owner, state.capital_holders
    first, second = g.capital
    if owner[first] == held[0] and owner[second] == held[1]:  # after nearly every step
        return []
    state.capital_holders = [owner[first], owner[second]]
    state.capitals_changed_in = state.round_no
    counting = [p for p in (0, 1) if state.held_rounds[p]]
    state.held_rounds = [0, 0]
    return [
        state.event(
            p,
            "objective",
            f"{state.player_name(p)} no longer holds both {g.names[g.capital[0]]} and "
            f"{g.names[g.capital[1]]}: its count of rounds starts again from 0.",
        )
        for p in counting
    ]


def check_end_of_round(state: DuelsState) -> list[Event]:
    sc = state.game.scenario
    victory = sc.victory
    events: list[Event] = []
    forts = victory.get("forts")
    if forts:
        for p in (0, 1):
            held = state.forts_of(p)
            state.fort_streak[p] = state.fort_streak[p] + 1 if held >= forts["count"] else 0
        done = [p for p in (0, 1) if state.fort_streak[p] >= forts["rounds"]]
        if done:
            if len(done) == 2:
                return compare(
                    state,
                    state.forts_of,
                    "forts",
                    then_units=True,
                    prefix="Both sides held enough forts; ",
                )
            p = done[0]
            return finish(
                state,
                (p,),
                f"{state.player_name(p)} wins: {state.forts_of(p)} forts held "
                f"at the end of {forts['rounds']} rounds in a row.",
            )
    hold_for = victory.get("hold_for", [])
    if hold_for:
        events += watch_capitals(state)
    for cond in hold_for:
        p = sc.players.index(cond["player"])
        if state.holds(p, [cond["take"], cond["keep"]]) and (
            state.capitals_changed_in == state.round_no
        ):
            # the round of the capture is not a whole round of holding: the other side
            # gets two whole rounds to answer, whichever side moves first
            state.held_rounds[p] = 0
            events.append(
                state.event(
                    p,
                    "objective",
                    f"{state.player_name(p)} holds {cond['take']} and {cond['keep']} at the end "
                    f"of round {state.round_no}, but a capital changed hands during that "
                    f"round, so it does not count: to win, {state.player_name(p)} must hold both "
                    f"to the end of round {state.round_no + cond['rounds']}.",
                )
            )
        elif state.holds(p, [cond["take"], cond["keep"]]):
            state.held_rounds[p] += 1
            events.append(
                state.event(
                    p,
                    "objective",
                    f"{state.player_name(p)} holds {cond['take']} and "
                    f"{cond['keep']} at the end of round {state.round_no} "
                    f"({state.held_rounds[p]} of {cond['rounds']}).",
                )
            )
            if state.held_rounds[p] >= cond["rounds"]:
                return events + finish(
                    state,
                    (p,),
                    f"{state.player_name(p)} wins: it held {cond['take']} for "
                    f"{cond['rounds']} whole rounds without losing {cond['keep']}.",
                )
        else:
            state.held_rounds[p] = 0
    return events


def compare(
    state: DuelsState, measure: Callable[[int], int], label: str, then_units: bool, prefix: str = ""
) -> list[Event]:
    """The side ahead on ``measure`` wins (then on units, if asked); level is a draw."""
    a, b = measure(0), measure(1)
    level = ""
    if a == b and then_units:
        # said in that order, so a class never reads "wins on forts" where forts were level
        level = f"{label} are level ({a} each), so units decide: "
        a, b = state.units_of(0), state.units_of(1)
        label = f"{label}, then units"
    if a == b:
        said = f"{prefix}the game is a draw: both sides are level on {label} ({a})."
        return finish(state, (), said[:1].upper() + said[1:])
    p = 0 if a > b else 1
    won, score = f"{state.player_name(p)} wins", f"{max(a, b)} against {min(a, b)}"
    if level:
        return finish(state, (p,), f"{prefix}{level}{won}, {max(a, b)} units against {min(a, b)}.")
    return finish(state, (p,), f"{prefix}{won} on {label}: {score}.")


def final_result(state: DuelsState) -> list[Event]:
    sc = state.game.scenario
    victory = sc.victory
    last = f"After round {sc.max_rounds}, the last round, "
    for cond in victory.get("final", []):
        p = sc.players.index(cond["player"])
        if state.holds(p, cond["hold"]):
            return finish(
                state,
                (p,),
                f"{last}{state.player_name(p)} wins by holding {', '.join(cond['hold'])}.",
            )
    fallback = victory["fallback"]
    if fallback == "forts_then_units":
        return compare(state, state.forts_of, "forts", then_units=True, prefix=last)
    if fallback == "points":
        return compare(state, state.points_of, "territory points", then_units=False, prefix=last)
    if fallback == "draw":
        return finish(state, (), f"{last}no side has met its goal: the game is a draw.")
    p = sc.players.index(fallback["winner"])
    return finish(
        state, (p,), f"{last}{state.player_name(p)} wins: its enemy did not reach its goal in time."
    )
