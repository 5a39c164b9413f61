"""The CONQUEST material: ``data/conquest/`` loaded and checked into frozen records.

- ``rules.json``: the rulebook's numbers (:class:`Rules`: moves per turn, the capitol
  penalty, recapture moves, quiet turns) and the piece table (:class:`PieceKind`);
- ``board.json``: our substitute board (:func:`load_board`, checked by
  :func:`~.board.check_board`);
- ``scenarios.json``: named starting positions (:func:`load_scenarios`), each checked
  like a custom ``position`` option (:func:`check_position`) and for fairness;
- ``puzzles.json``: the tactical puzzles (:func:`load_puzzle_specs`).

Every problem in a file is collected and raised as one
:class:`~hcgames.core.DataError` (a custom position raises one ``ValueError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from hcgames.conquest.board import SIDES, Board
from hcgames.conquest.movement import in_words
from hcgames.conquest.turn import allowance
from hcgames.core import DataError
from hcgames.data import Problems, read_json
from hcgames.words import plural

__all__ = [
    "PLAYERS",
    "Material",
    "PieceKind",
    "PuzzleSpec",
    "Rules",
    "check_position",
    "load_board",
    "load_material",
    "load_puzzle_specs",
    "load_rules",
    "load_scenarios",
]

PLAYERS = ("White", "Black")


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece: how far it moves per turn, where, and how much it carries."""

    name: str
    count: int
    moves: int
    domain: str  # "land" or "sea"
    riders: int  # soldiers it may carry (elephants 2, chariots 1)
    value: float  # material value used by the evaluation (ours)
    label: str
    plural: str

    @property
    def at_sea(self) -> bool:
        return self.domain == "sea"


@dataclass(frozen=True)
class Rules:
    """The turn numbers, ship cargo, option defaults and piece table of
    ``data/conquest/rules.json``."""

    first_turn_moves: int
    moves_per_turn: int
    capitol_penalty: int
    capitol_spaces: int
    recapture_moves: int
    quiet_turns_each: int
    ship_soldiers: int  # soldiers a ship or galleon carries (or one other land piece)
    default_turn_limit: int  # the turn_limit option when none is given (ours)
    kinds: Mapping[str, PieceKind]


@cache
def load_rules() -> Rules:
    raw = read_json("conquest", "rules.json")
    problems = Problems("data/conquest/rules.json")
    turn = raw.get("turn", {}) if isinstance(raw, dict) else {}
    numbers = {}
    for key in (
        "first_turn_moves",
        "moves_per_turn",
        "capitol_penalty",
        "capitol_spaces",
        "recapture_moves",
        "quiet_turns_each",
    ):
        value = turn.get(key)
        problems.check(isinstance(value, int) and value > 0, f"turn.{key} must be a positive int")
        numbers[key] = value if isinstance(value, int) else 1
    cargo = raw.get("cargo", {}) if isinstance(raw, dict) else {}
    value = cargo.get("ship_soldiers") if isinstance(cargo, dict) else None
    problems.check(
        isinstance(value, int) and value > 0, "cargo.ship_soldiers must be a positive int"
    )
    numbers["ship_soldiers"] = value if isinstance(value, int) else 1
    defaults = raw.get("defaults", {}) if isinstance(raw, dict) else {}
    value = defaults.get("turn_limit") if isinstance(defaults, dict) else None
    problems.check(
        isinstance(value, int) and value > 0, "defaults.turn_limit must be a positive int"
    )
    numbers["default_turn_limit"] = value if isinstance(value, int) else 1
    kinds: dict[str, PieceKind] = {}
    expected = ("soldier", "elephant", "chariot", "knight", "ship", "galleon")
    table = raw.get("pieces", {}) if isinstance(raw, dict) else {}
    problems.check(
        sorted(table) == sorted(expected), f"pieces must be exactly {', '.join(expected)}"
    )
    for name, row in table.items():
        try:
            kinds[name] = PieceKind(
                name=name,
                count=int(row["count"]),
                moves=int(row["moves"]),
                domain=str(row["domain"]),
                riders=int(row["riders"]),
                value=float(row["value"]),
                label=str(row["label"]),
                plural=str(row["plural"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            problems.add(f"piece {name}: bad or missing field ({exc})")
            continue
        problems.check(kinds[name].domain in ("land", "sea"), f"piece {name}: domain land/sea")
        problems.check(kinds[name].moves > 0, f"piece {name}: moves must be positive")
    problems.raise_if_any()
    return Rules(kinds=kinds, **numbers)


@cache
def load_board() -> Board:
    """The shipped board, checked once."""
    return Board(read_json("conquest", "board.json"), load_rules())


@dataclass(frozen=True)
class Material:
    """Everything the rules read from ``data/conquest/``, with per-piece tables."""

    rules: Rules
    board: Board
    piece_order: tuple[str, ...]  # every piece id, White's first, by kind and number
    kind_of: Mapping[str, str]  # piece id -> kind ("W-knight2" -> "knight")
    is_ship: Mapping[str, bool]
    limit: Mapping[str, int]  # piece id -> steps it may take per turn


@cache
def load_material() -> Material:
    rules, board = load_rules(), load_board()
    order = tuple(
        f"{side}-{kind.name}{n}"
        for side in SIDES
        for kind in rules.kinds.values()
        for n in range(1, kind.count + 1)
    )
    kind_of = {p: p[2:].rstrip("0123456789") for p in order}
    return Material(
        rules=rules,
        board=board,
        piece_order=order,
        kind_of=kind_of,
        is_ship={p: rules.kinds[k].at_sea for p, k in kind_of.items()},
        limit={p: rules.kinds[k].moves for p, k in kind_of.items()},
    )


FIELDS = {"pieces", "to_move", "turn", "budget", "spent", "used", "owners", "quiet"}


def _side(value: Any) -> int | None:
    if value in PLAYERS:
        return PLAYERS.index(value)
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    return None


def _count(value: Any, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def check_position(material: Material, spec: Any) -> dict[str, Any]:
    """The set-up a custom position starts from (see :meth:`.game.ConquestGame.position`).

    A position names where each piece is (a space, or the piece carrying it) and whose
    turn it is; every problem is listed in one ``ValueError`` naming the option.
    """
    problems: list[str] = []
    if not isinstance(spec, dict):
        raise ValueError("option position must be a dict (see ConquestGame.position)")
    extra = set(spec) - FIELDS
    if extra:
        problems.append(f"unknown fields {sorted(extra)}")
    pieces = spec.get("pieces")
    if not isinstance(pieces, dict) or not pieces:
        raise ValueError("option position: 'pieces' must map piece ids to spaces or carriers")
    board = material.board
    kinds = material.rules.kinds
    owners: dict[str, int] = {}
    for piece in pieces:
        if piece not in material.kind_of:
            problems.append(f"unknown piece id {piece!r} (ids look like W-knight2 or B-ship1)")
        else:
            owners[piece] = 0 if piece.startswith("W-") else 1
    for piece, side in (spec.get("owners") or {}).items():
        if piece not in owners:
            problems.append(f"owners names {piece!r}, which is not in pieces")
        elif (owner := _side(side)) is None:
            problems.append(f"owner of {piece} must be White or Black")
        elif not material.is_ship[piece]:
            problems.append(f"only ships change sides; {piece} keeps its colour")
        else:
            owners[piece] = owner
    top: dict[str, str] = {}
    load: dict[str, list[str]] = {}
    for piece, spot in pieces.items():
        if piece not in owners:
            continue
        kind = material.kind_of[piece]
        if spot in board.spaces:
            want = board.sea if material.is_ship[piece] else board.land
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
        host_kind = material.kind_of[host]
        kinds_aboard = [material.kind_of[r] for r in riders]
        if any(owners[r] != owners[host] for r in riders):
            problems.append(f"{host} carries a piece of the other side")
        if material.is_ship[host]:
            if any(material.is_ship[r] for r in riders):
                problems.append(f"{host} cannot carry a ship")
            soldiers = kinds_aboard.count("soldier")
            room = material.rules.ship_soldiers
            if not (
                (soldiers == len(riders) and soldiers <= room)
                or (len(riders) == 1 and kinds_aboard[0] != "soldier")
            ):
                problems.append(
                    f"{host} carries {kinds_aboard}: a ship holds one elephant, knight or "
                    f"chariot, or up to {in_words(room)} soldiers"
                )
            if pieces.get(host) in material.kind_of:
                problems.append(f"ship {host} cannot itself be carried")
        else:
            cap = kinds[host_kind].riders
            if any(k != "soldier" for k in kinds_aboard) or len(riders) > cap:
                problems.append(f"{host} ({host_kind}) can carry at most {plural(cap, 'soldier')}")
            parent = pieces.get(host)
            if (
                isinstance(parent, str)
                and parent in material.kind_of
                and not material.is_ship[parent]
            ):
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
        elif not _count(n, 0) or n > material.limit[piece]:
            problems.append(f"used[{piece}] must be between 0 and {material.limit[piece]}")
    for player in (0, 1):
        if not any(o == player and not material.is_ship[p] for p, o in owners.items()):
            problems.append(f"{PLAYERS[player]} needs at least one land piece")
    held_by_enemy = sum(
        1 for s in board.capitol[side] if s in top and owners.get(top[s]) == 1 - side
    )
    for player in (0, 1):
        held = sum(
            1 for s in board.capitol[1 - player] if s in top and owners.get(top[s]) == player
        )
        if held >= material.rules.capitol_spaces:
            problems.append(f"{PLAYERS[player]} already holds the whole enemy capitol")
    rules = material.rules
    default_budget = allowance(rules, held_by_enemy)
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


def load_scenarios(material: Material | None = None) -> dict[str, dict[str, Any]]:
    """The scenarios of ``data/conquest/scenarios.json``, each checked as a position.

    Every scenario must also be fair: Black's pieces stand where White's would after
    turning the board half a circle. All problems are raised as one DataError.
    """
    material = material or load_material()
    raw = read_json("conquest", "scenarios.json")
    problems: list[str] = []
    table = raw.get("scenarios") if isinstance(raw, dict) else None
    if not isinstance(table, dict):
        raise DataError("data/conquest/scenarios.json", ["needs a 'scenarios' object"])
    board = material.board
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
            out[name] = check_position(material, position)
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


@dataclass(frozen=True)
class PuzzleSpec:
    """One puzzle of ``data/conquest/puzzles.json``: White to move wins in ``steps``."""

    id: str
    title: str
    text: str
    steps: int
    position: dict[str, Any]


def load_puzzle_specs(material: Material | None = None) -> list[PuzzleSpec]:
    """Every puzzle, each position checked; one DataError lists all problems."""
    material = material or load_material()
    raw = read_json("conquest", "puzzles.json")
    problems: list[str] = []
    out: list[PuzzleSpec] = []
    items = raw.get("puzzles") if isinstance(raw, dict) else None
    if not isinstance(items, list):
        raise DataError("data/conquest/puzzles.json", ["needs a 'puzzles' list"])
    seen: set[str] = set()
    for index, item in enumerate(items):
        try:
            puzzle = PuzzleSpec(
                id=str(item["id"]),
                title=str(item["title"]),
                text=str(item["text"]),
                steps=int(item["steps"]),
                position=dict(item["position"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"puzzles[{index}]: missing or bad field ({exc})")
            continue
        if puzzle.id in seen:
            problems.append(f"puzzle {puzzle.id} is listed twice")
        seen.add(puzzle.id)
        try:
            check_position(material, puzzle.position)
        except ValueError as exc:
            problems.append(f"puzzle {puzzle.id}: {exc}")
            continue
        out.append(puzzle)
    if problems:
        raise DataError("data/conquest/puzzles.json", problems)
    return out
