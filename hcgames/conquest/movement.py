"""How one piece steps: the position of every piece and the rules of a single move.

:class:`Position` holds who stands where (``top`` is the one unit on each space,
``cargo`` what each elephant, chariot or ship carries) and answers the question
"may this piece step to that space, and what would the step be?" with a short tag:

``land``     onto an empty land space (moving, dismounting or disembarking)
``sail``     a ship onto an empty sea space
``capture``  onto an enemy piece, which leaves the board with all it carries
``seize``    a land piece onto an enemy ship at port: cargo removed, ship changes side
``mount``    a soldier climbs onto its own elephant or chariot
``board``    a land piece goes aboard its own ship at a port
``through``  a knight steps onto a space held by its own piece and must go on

These are plain functions of a :class:`~.state.ConquestState` (who stands where:
``top`` is the one unit on each space, ``cargo`` what each elephant, chariot or ship
carries); the turn machinery (budgets, recapture, victory) lives in :mod:`.turn`,
:mod:`.moves` and :mod:`.victory`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from hcgames.words import with_article

if TYPE_CHECKING:
    from hcgames.conquest.state import ConquestState

__all__ = [
    "CAPTURES",
    "MOVE_TAGS",
    "NON_CAPTURES",
    "candidates",
    "capturers",
    "in_words",
    "knight_can_finish",
    "land_pieces",
    "occupied_capitol",
    "perform",
    "piece_name",
    "pieces_of",
    "stack",
    "step",
    "with_article",
]

MOVE_TAGS = ("land", "sail", "capture", "seize", "mount", "board", "through")
CAPTURES = frozenset({"capture", "seize"})
NON_CAPTURES = frozenset({"land", "sail", "mount", "board", "through"})


@cache  # a few dozen ids per game, named again in every refusal the move list meets
def piece_name(piece: str | None) -> str:
    """The name a reader sees for a piece id: ``"W-soldier8"`` reads ``"White soldier 8"``.

    The side is the one the piece started with (a seized ship keeps its name).
    """
    if piece is None:
        return "no piece"
    side, _, rest = piece.partition("-")
    kind = rest.rstrip("0123456789")
    number = rest[len(kind) :]
    if side not in ("W", "B") or not kind:
        return piece
    return f"{'White' if side == 'W' else 'Black'} {kind} {number}".rstrip()


def in_words(number: int) -> str:
    """A small count in words (``2`` reads ``"two"``), as a rulebook writes it."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[number] if 0 <= number < len(words) else str(number)


def pieces_of(state: ConquestState, player: int) -> list[str]:
    owner = state.owner
    return [p for p in state.game.piece_order if owner.get(p) == player]


def land_pieces(state: ConquestState, player: int) -> int:
    is_ship = state.game.is_ship
    return sum(1 for p, o in state.owner.items() if o == player and not is_ship[p])


def stack(state: ConquestState, piece: str) -> list[str]:
    """The piece and everything it carries, riders of riders included."""
    out = [piece]
    for x in state.cargo.get(piece, ()):
        out += stack(state, x)
    return out


def candidates(state: ConquestState, piece: str) -> tuple[str, ...]:
    """Spaces this piece could step to by the links it uses (before any rule)."""
    board = state.game.board
    here = state.where[piece]
    if state.game.is_ship[piece]:
        return board.lanes[here]
    if here in board.land:
        return board.roads[here] + board.ports[here]
    dock = board.dock.get(here)
    return (dock,) if dock else ()


def occupied_capitol(state: ConquestState, player: int) -> int:
    """How many spaces of the opponent's capitol ``player`` holds."""
    top, owner = state.top, state.owner
    return sum(
        1 for s in state.game.board.capitol[1 - player] if s in top and owner[top[s]] == player
    )


def step(state: ConquestState, piece: str, to: str, room: int) -> tuple[str, str, str]:
    """Classify ``piece`` stepping to ``to``: ``(tag, message, rule)``.

    ``tag`` is empty when the step breaks a rule; the message says why. ``room``
    is how many further steps the piece may take after this one (a knight that
    passes through its own piece must be able to finish its move).
    """
    game = state.game
    board = game.board
    me = state.owner[piece]
    kind = game.kind_of[piece]
    here = state.where[piece]
    top = state.top
    occ = top.get(to)
    if game.is_ship[piece]:
        if to not in board.lanes[here]:
            return "", f"{to} is not joined to {here} by a sea lane", "sea lanes"
        if occ is None:
            return "sail", "", ""
        if state.owner[occ] == me:
            return "", f"your own {piece_name(occ)} already holds {to}", "one per space"
        return "capture", "", ""
    aboard = here in board.sea
    if to in board.land:
        if aboard:
            dock = board.dock.get(here)
            if dock is None:
                return (
                    "",
                    f"pieces go ashore only from a ship at a port, and {here} is open sea, "
                    "not a port",
                    "ports",
                )
            if dock != to:
                return (
                    "",
                    f"a piece aboard a ship at the port {here} can only step ashore onto "
                    f"{dock}, the land space of that port",
                    "ports",
                )
        elif to not in board.roads[here]:
            return "", f"no road or bridge joins {here} and {to}", "roads and bridges"
        if occ is None or occ == piece:
            return "land", "", ""
        if state.owner[occ] != me:
            if kind == "soldier" and state.game.kind_of[occ] == "elephant":
                return "", "soldiers may not capture elephants", "capture"
            return "capture", "", ""
        if kind == "soldier":
            host = game.rules.kinds[state.game.kind_of[occ]]
            if host.riders == 0:
                return (
                    "",
                    f"your {piece_name(occ)} holds {to}; a soldier can only climb "
                    "onto an elephant or a chariot",
                    "one per space",
                )
            carrier = state.carrier.get(piece)
            if carrier is not None and not game.is_ship[carrier]:  # riding one already
                return (
                    "",
                    "a soldier may only mount from a dismounted position, not straight "
                    "from another elephant or chariot",
                    "mounting",
                )
            if len(state.cargo.get(occ, ())) >= host.riders:
                return (
                    "",
                    f"{piece_name(occ)} already carries {host.riders} "
                    f"{'soldier' if host.riders == 1 else 'soldiers'}, as many as it can",
                    "mounting",
                )
            return "mount", "", ""
        if kind == "knight":
            if room > 0 and knight_can_finish(state, piece, to, room):
                return "through", "", ""
            return (
                "",
                f"a knight may pass through {to}, held by your {state.game.kind_of[occ]}, only if "
                "it can still end its move on an empty space or with a capture",
                "knights",
            )
        return (
            "",
            f"your own {piece_name(occ)} already holds {to}",
            "one per space",
        )
    # the target is a sea space
    if aboard:
        return (
            "",
            "a land piece cannot move from a ship into the water or onto another ship",
            "no transfers at sea",
        )
    if to not in board.ports[here]:
        return (
            "",
            f"{to} is not a port of {here}: land pieces never enter the water",
            "ports",
        )
    if occ is None:
        return "", f"there is no ship at port {to} to go aboard", "ports"
    if state.owner[occ] != me:
        if kind == "soldier" and any(
            state.game.kind_of[x] == "elephant" for x in stack(state, occ)
        ):
            return (
                "",
                f"{piece_name(occ)} carries an elephant, and soldiers may not capture elephants",
                "capture",
            )
        return "seize", "", ""
    load = state.cargo.get(occ, [])
    if kind == "soldier":
        aboard_room = game.rules.ship_soldiers
        if any(state.game.kind_of[x] != "soldier" for x in load):
            return (
                "",
                f"{piece_name(occ)} already carries {with_article(state.game.kind_of[load[0]])}; a "
                "ship holds "
                f"one elephant, knight or chariot, or up to {in_words(aboard_room)} soldiers",
                "ship cargo",
            )
        if len(load) >= aboard_room:
            return (
                "",
                f"{piece_name(occ)} already carries {in_words(aboard_room)} soldiers",
                "ship cargo",
            )
        return "board", "", ""
    if load:
        if all(state.game.kind_of[x] == "soldier" for x in load):
            return (
                "",
                f"soldiers are aboard {piece_name(occ)}; an elephant, knight or chariot may "
                "board only "
                "after they have moved off",
                "ship cargo",
            )
        return "", f"{piece_name(occ)} already carries {piece_name(load[0])}", "ship cargo"
    return "board", "", ""


def knight_can_finish(state: ConquestState, knight: str, via: str, room: int) -> bool:
    """Can ``knight``, standing on ``via`` among its own men, end within ``room`` steps?

    It may go on through more of its own pieces; it must end on an empty land
    space, with a capture, or aboard its own empty ship at a port.
    """
    board = state.game.board
    top, owner, cargo = state.top, state.owner, state.cargo
    me = owner[knight]
    frontier = [via]
    seen = {via}
    for _ in range(room):
        nxt = []
        for here in frontier:
            for there in board.roads[here] + board.ports[here]:
                occ = top.get(there)
                if there in board.land:
                    if occ is None or occ == knight or owner[occ] != me:
                        return True
                    if there not in seen:
                        seen.add(there)
                        nxt.append(there)
                elif occ is not None and (owner[occ] != me or not cargo.get(occ)):
                    return True
        frontier = nxt
    return False


def capturers(state: ConquestState, space: str, player: int) -> set[str]:
    """Pieces of ``player`` that could take what stands on ``space`` in one step."""
    near = state.game.board.near1[space]
    out = set()
    where, owner = state.where, state.owner
    for p in state.game.piece_order:
        if owner.get(p) != player or where[p] not in near:
            continue
        if state.transit is not None and p != state.transit:
            continue
        if space in candidates(state, p) and step(state, p, space, 0)[0] in CAPTURES:
            out.add(p)
    return out


def relocate(state: ConquestState, piece: str, space: str) -> None:
    state.where[piece] = space
    for x in state.cargo.get(piece, ()):
        relocate(state, x, space)


def remove(state: ConquestState, piece: str) -> list[str]:
    """Take a piece and everything it carries off the board; return them all."""
    gone = [piece]
    for x in state.cargo.pop(piece, []):
        gone += remove(state, x)
    del state.where[piece]
    del state.owner[piece]
    state.carrier.pop(piece, None)
    state.used.pop(piece, None)
    return gone


def lift(state: ConquestState, piece: str) -> None:
    """Take a piece off its carrier or its space before it moves."""
    carrier = state.carrier.pop(piece, None)
    if carrier is not None:
        load = state.cargo[carrier]
        load.remove(piece)
        if not load:
            del state.cargo[carrier]
    elif state.transit == piece:
        state.transit = None
    else:
        del state.top[state.where[piece]]


def perform(state: ConquestState, piece: str, to: str, tag: str) -> tuple[list[str], str | None]:
    """Carry out a classified step. Returns (pieces removed, ship seized or None)."""
    me = state.owner[piece]
    lift(state, piece)
    gone: list[str] = []
    seized = None
    if tag in ("land", "sail"):
        state.top[to] = piece
    elif tag == "capture":
        gone = remove(state, state.top[to])
        state.top[to] = piece
    elif tag == "seize":
        seized = state.top[to]
        for x in state.cargo.pop(seized, []):
            gone += remove(state, x)
        state.owner[seized] = me
        state.used[seized] = 0
        state.cargo[seized] = [piece]
        state.carrier[piece] = seized
    elif tag in ("mount", "board"):
        host = state.top[to]
        state.cargo.setdefault(host, []).append(piece)
        state.carrier[piece] = host
    elif tag == "through":
        state.transit = piece
    else:  # pragma: no cover - tags come from step()
        raise ValueError(tag)
    relocate(state, piece, to)
    return gone, seized
