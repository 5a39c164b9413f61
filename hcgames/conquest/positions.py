"""Checking custom positions given through the ``position`` option.

A position names where each piece is (a space, or the piece carrying it) and whose
turn it is. :func:`check_position` returns the set-up a new state starts from, or
raises one ``ValueError`` naming the option and listing every problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame

__all__ = ["check_position"]

PLAYERS = ("White", "Black")
FIELDS = {"pieces", "to_move", "turn", "budget", "spent", "used", "owners", "quiet"}


def _side(value: Any) -> int | None:
    if value in PLAYERS:
        return PLAYERS.index(value)
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    return None


def _count(value: Any, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def check_position(game: ConquestGame, spec: Any) -> dict[str, Any]:
    problems: list[str] = []
    if not isinstance(spec, dict):
        raise ValueError("option position must be a dict (see ConquestGame.position)")
    extra = set(spec) - FIELDS
    if extra:
        problems.append(f"unknown fields {sorted(extra)}")
    pieces = spec.get("pieces")
    if not isinstance(pieces, dict) or not pieces:
        raise ValueError("option position: 'pieces' must map piece ids to spaces or carriers")
    board = game.board
    kinds = game.rules.kinds
    owners: dict[str, int] = {}
    for piece in pieces:
        if piece not in game.kind_of:
            problems.append(f"unknown piece id {piece!r} (ids look like W-knight2 or B-ship1)")
        else:
            owners[piece] = 0 if piece.startswith("W-") else 1
    for piece, side in (spec.get("owners") or {}).items():
        if piece not in owners:
            problems.append(f"owners names {piece!r}, which is not in pieces")
        elif _side(side) is None:
            problems.append(f"owner of {piece} must be White or Black")
        elif not game.is_ship[piece]:
            problems.append(f"only ships change sides; {piece} keeps its colour")
        else:
            owners[piece] = _side(side)  # type: ignore[assignment]
    top: dict[str, str] = {}
    load: dict[str, list[str]] = {}
    for piece, spot in pieces.items():
        if piece not in owners:
            continue
        kind = game.kind_of[piece]
        if spot in board.spaces:
            want = board.sea if game.is_ship[piece] else board.land
            if spot not in want:
                problems.append(f"{piece} ({kind}) cannot stand on {spot}")
            if spot in top:
                problems.append(f"{piece} and {top[spot]} both stand on {spot}")
            top[spot] = piece
        elif spot in owners:
            load.setdefault(spot, []).append(piece)
        else:
            problems.append(f"{piece} is placed on {spot!r}, neither a space nor a listed piece")
    for host, riders in load.items():
        host_kind = game.kind_of[host]
        kinds_aboard = [game.kind_of[r] for r in riders]
        if any(owners[r] != owners[host] for r in riders):
            problems.append(f"{host} carries a piece of the other side")
        if game.is_ship[host]:
            if any(game.is_ship[r] for r in riders):
                problems.append(f"{host} cannot carry a ship")
            soldiers = kinds_aboard.count("soldier")
            if not (
                (soldiers == len(riders) and soldiers <= 2)
                or (len(riders) == 1 and kinds_aboard[0] != "soldier")
            ):
                problems.append(
                    f"{host} carries {kinds_aboard}: a ship holds one elephant, knight or "
                    "chariot, or up to two soldiers"
                )
            if pieces.get(host) in game.kind_of:
                problems.append(f"ship {host} cannot itself be carried")
        else:
            cap = kinds[host_kind].riders
            if any(k != "soldier" for k in kinds_aboard) or len(riders) > cap:
                problems.append(f"{host} ({host_kind}) can carry at most {cap} soldier(s)")
            parent = pieces.get(host)
            if parent in game.kind_of and not game.is_ship[parent]:
                problems.append(f"{host} rides on {parent}; only soldiers ride")
    side = _side(spec.get("to_move", "White"))
    if side is None:
        problems.append("to_move must be White or Black")
        side = 0
    for name in ("turn",):
        if not _count(spec.get(name, 2), 1):
            problems.append(f"{name} must be a positive integer")
    for name in ("spent", "quiet"):
        if not _count(spec.get(name, 0), 0):
            problems.append(f"{name} must be a whole number, 0 or more")
    used = spec.get("used") or {}
    if not isinstance(used, dict):
        problems.append("used must map piece ids to moves made")
        used = {}
    for piece, n in used.items():
        if piece not in owners:
            problems.append(f"used names {piece!r}, which is not in pieces")
        elif not _count(n, 0) or n > game.limit[piece]:
            problems.append(f"used[{piece}] must be between 0 and {game.limit[piece]}")
    for player in (0, 1):
        if not any(o == player and not game.is_ship[p] for p, o in owners.items()):
            problems.append(f"{PLAYERS[player]} needs at least one land piece")
    held_by_enemy = sum(
        1 for s in board.capitol[side] if s in top and owners.get(top[s]) == 1 - side
    )
    for player in (0, 1):
        held = sum(
            1 for s in board.capitol[1 - player] if s in top and owners.get(top[s]) == player
        )
        if held >= game.rules.capitol_spaces:
            problems.append(f"{PLAYERS[player]} already holds the whole enemy capitol")
    rules = game.rules
    default_budget = max(1, rules.moves_per_turn - rules.capitol_penalty * held_by_enemy)
    budget = spec.get("budget", default_budget)
    spent = spec.get("spent", 0)
    if not _count(budget, 1) or budget > rules.moves_per_turn:
        problems.append(f"budget must be between 1 and {rules.moves_per_turn}")
    elif _count(spent, 0) and spent >= budget:
        problems.append("spent must be smaller than budget (the mover needs a move left)")
    if problems:
        raise ValueError("option position: " + "; ".join(problems))
    return {
        "pieces": dict(pieces),
        "owners": owners,
        "to_move": side,
        "turn": spec.get("turn", 2),
        "budget": budget,
        "spent": spent,
        "used": {p: n for p, n in used.items() if n},
        "quiet": spec.get("quiet", 0),
    }


def load_scenarios(game: ConquestGame) -> dict[str, dict[str, Any]]:
    """The scenarios of ``data/conquest/scenarios.json``, each checked as a position.

    Every scenario must also be fair: Black's pieces stand where White's would after
    turning the board half a circle. All problems are raised as one DataError.
    """
    from hcgames.core import DataError
    from hcgames.data import read_json

    raw = read_json("conquest", "scenarios.json")
    problems: list[str] = []
    table = raw.get("scenarios") if isinstance(raw, dict) else None
    if not isinstance(table, dict):
        raise DataError("data/conquest/scenarios.json", ["needs a 'scenarios' object"])
    board = game.board
    xs = [s["x"] for s in board.spaces.values()]
    ys = [s["y"] for s in board.spaces.values()]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    at = {(s["x"], s["y"]): sid for sid, s in board.spaces.items()}
    out: dict[str, dict[str, Any]] = {}
    for name, spec in table.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("pieces"), dict):
            problems.append(f"scenario {name}: needs a 'pieces' object")
            continue
        position = {k: v for k, v in spec.items() if k in FIELDS}
        try:
            out[name] = check_position(game, position)
        except ValueError as exc:
            problems.append(f"scenario {name}: {exc}")
            continue
        for piece, spot in spec["pieces"].items():
            if not piece.startswith("W-"):
                continue
            twin = spec["pieces"].get("B-" + piece[2:])
            if spot in board.spaces:
                s = board.spaces[spot]
                want = at.get((2 * cx - s["x"], 2 * cy - s["y"]))
            else:
                want = "B-" + spot[2:]
            if twin != want:
                problems.append(f"scenario {name}: {piece} and its Black twin are not symmetric")
    if problems:
        raise DataError("data/conquest/scenarios.json", problems)
    return out
