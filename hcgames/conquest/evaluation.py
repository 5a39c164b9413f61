"""A heuristic for bots: material, capitol spaces, threats and the march on the capitol.

``evaluate(state, player)`` turns a weighted score into a number in (0, 1) with a
logistic curve. The weights are ours: piece values come from
``data/conquest/rules.json``; each enemy capitol space held is worth as much as a
knight and a half (it costs the enemy 4 moves a turn and leads to victory); a piece
the side about to act could take at once counts half lost; land pieces gain a
little for every step they stand closer to the enemy capitol. A piece the other
side could take counts nearly half lost too, since the turn passes to it soon.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame
    from hcgames.conquest.state import ConquestState

__all__ = ["chances", "evaluate", "material", "score", "threatened"]

CAPITOL_WEIGHT = 4.5
THREAT_TO_MOVE = 0.5
THREAT_OTHER = 0.45
ADVANCE_WEIGHT = 0.06
ADVANCE_RANGE = 14
SCALE = 8.0


def material(state: ConquestState) -> list[float]:
    """Total piece value of each side (carried pieces included)."""
    kinds = state.game.rules.kinds
    kind_of = state.game.kind_of
    out = [0.0, 0.0]
    for piece, side in state.owner.items():
        out[side] += kinds[kind_of[piece]].value
    return out


def threatened(state: ConquestState, attacker: int) -> list[str]:
    """Top-level pieces of the other side that ``attacker`` could take in one step."""
    return [piece for side, piece in _threats(state, _held(state)) if side == attacker]


def _held(state: ConquestState) -> tuple[set[str], set[str]]:
    """The spaces each side holds (by its top-level piece)."""
    held: tuple[set[str], set[str]] = (set(), set())
    owner = state.owner
    for space, piece in state.top.items():
        held[owner[piece]].add(space)
    return held


def _threats(state: ConquestState, held: tuple[set[str], set[str]]) -> Iterator[tuple[int, str]]:
    """``(attacker, piece)`` for every top-level piece its enemy could take in one
    step, in board order. A piece with no enemy beside it is passed over at once
    (most are, and the evaluation asks this thousands of times a turn)."""
    near1 = state.game.board.near1
    top, owner, cargo = state.top, state.owner, state.cargo
    candidates, step = state.candidates, state.step
    for space, piece in top.items():
        attacker = 1 - owner[piece]
        around = near1[space]
        if held[attacker].isdisjoint(around):
            continue
        for near in around:
            hunter = top.get(near)
            if hunter is None or owner[hunter] != attacker:
                continue
            if any(
                space in candidates(h) and step(h, space, 0)[0] in ("capture", "seize")
                for h in (hunter, *cargo.get(hunter, ()))
            ):
                yield attacker, piece
                break


@lru_cache(maxsize=8)
def _tables(
    game: ConquestGame,
) -> tuple[dict[str, float], dict[str, bool], tuple[dict[str, float], ...]]:
    """Per game, looked up once: each piece's value, whether it is a ship, and for
    each side the advance bonus of standing on each space (spaces worth nothing are
    left out)."""
    kinds = game.rules.kinds
    value_of = {piece: kinds[kind].value for piece, kind in game.kind_of.items()}
    gains = tuple(
        {
            space: ADVANCE_WEIGHT * max(0, ADVANCE_RANGE - distance)
            for space, distance in game.board.capitol_distance[1 - side].items()
            if distance < ADVANCE_RANGE
        }
        for side in (0, 1)
    )
    return value_of, dict(game.is_ship), gains


def evaluate(state: ConquestState, player: int) -> float:
    """``player``'s chances as a number in (0, 1): 1 won, 0 lost (see :func:`score`)."""
    if state.is_terminal():
        return state.returns()[player]
    return chances(score(state, player))


def chances(total: float) -> float:
    """A score (see :func:`score`) as a number in (0, 1), by a logistic curve."""
    return 1.0 / (1.0 + math.exp(-total / SCALE))


def score(state: ConquestState, player: int) -> float:
    """The weighted score behind :func:`evaluate`, counted in soldiers (a soldier is
    worth 1): positive when ``player`` stands better (game not over).

    Written for speed (the hard bot scores thousands of positions a turn): one pass
    over the pieces gives material and the march on the capitol, one pass over the
    board gives both sides' threats (what :func:`threatened` names for each). The
    terms are added in the same order as the plain sum of :func:`material`, the
    capitol spaces held, :func:`threatened` and the march, so the number is that sum
    to the last bit (``tests/conquest/test_properties.py`` checks it)."""
    value_of, is_ship, gains = _tables(state.game)
    owner, where = state.owner, state.where
    values = [0.0, 0.0]
    advance: list[float] = []
    for piece, side in owner.items():
        values[side] += value_of[piece]
        if not is_ship[piece]:
            gain = gains[side].get(where[piece])
            if gain:
                advance.append(gain if side == player else -gain)
    held = _held(state)
    capitol = state.game.board.capitol
    total = values[player] - values[1 - player]
    total += CAPITOL_WEIGHT * (
        len(held[player].intersection(capitol[1 - player]))
        - len(held[1 - player].intersection(capitol[player]))
    )
    lost = [0.0, 0.0]  # by attacker: what it could take in one step
    for attacker, piece in _threats(state, held):
        lost[attacker] += sum(value_of[x] for x in state.stack(piece))
    actor = state.current_player
    for attacker in (0, 1):
        weight = THREAT_TO_MOVE if attacker == actor else THREAT_OTHER
        total += weight * lost[attacker] * (1 if attacker == player else -1)
    for gain in advance:
        total += gain
    return total
