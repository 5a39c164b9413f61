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

The turn machinery (budgets, recapture, victory) lives in :mod:`.state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame

__all__ = ["MOVE_TAGS", "Position", "piece_name", "with_article"]

MOVE_TAGS = ("land", "sail", "capture", "seize", "mount", "board", "through")
CAPTURES = frozenset({"capture", "seize"})


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


def with_article(noun: str) -> str:
    """``"an elephant"``, ``"a knight"``: the noun with its indefinite article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


class Position:
    """Pieces on the board and the legality of single steps (no turn bookkeeping)."""

    game: ConquestGame
    where: dict[str, str]  # piece -> space (carried pieces share their carrier's space)
    carrier: dict[str, str]  # carried piece -> the piece carrying it
    cargo: dict[str, list[str]]  # carrier -> carried pieces (only non-empty lists)
    top: dict[str, str]  # space -> the top-level piece standing there
    owner: dict[str, int]
    transit: str | None  # a knight passing through a space held by its own piece

    # --- looking ---------------------------------------------------------------
    def kind(self, piece: str) -> str:
        return self.game.kind_of[piece]

    def pieces_of(self, player: int) -> list[str]:
        owner = self.owner
        return [p for p in self.game.piece_order if owner.get(p) == player]

    def land_pieces(self, player: int) -> int:
        is_ship = self.game.is_ship
        return sum(1 for p, o in self.owner.items() if o == player and not is_ship[p])

    def stack(self, piece: str) -> list[str]:
        """The piece and everything it carries, riders of riders included."""
        out = [piece]
        for x in self.cargo.get(piece, ()):
            out += self.stack(x)
        return out

    def candidates(self, piece: str) -> tuple[str, ...]:
        """Spaces this piece could step to by the links it uses (before any rule)."""
        board = self.game.board
        here = self.where[piece]
        if self.game.is_ship[piece]:
            return board.lanes[here]
        if here in board.land:
            return board.roads[here] + board.ports[here]
        dock = board.dock.get(here)
        return (dock,) if dock else ()

    def occupied_capitol(self, player: int) -> int:
        """How many spaces of the opponent's capitol ``player`` holds."""
        top, owner = self.top, self.owner
        return sum(
            1 for s in self.game.board.capitol[1 - player] if s in top and owner[top[s]] == player
        )

    # --- one step ----------------------------------------------------------------
    def step(self, piece: str, to: str, room: int) -> tuple[str, str, str]:
        """Classify ``piece`` stepping to ``to``: ``(tag, message, rule)``.

        ``tag`` is empty when the step breaks a rule; the message says why. ``room``
        is how many further steps the piece may take after this one (a knight that
        passes through its own piece must be able to finish its move).
        """
        game = self.game
        board = game.board
        kinds = game.rules.kinds
        me = self.owner[piece]
        kind = game.kind_of[piece]
        here = self.where[piece]
        top = self.top
        occ = top.get(to)
        if game.is_ship[piece]:
            if to not in board.lanes[here]:
                return "", f"{to} is not joined to {here} by a sea lane", "sea lanes"
            if occ is None:
                return "sail", "", ""
            if self.owner[occ] == me:
                return "", f"your own {piece_name(occ)} already holds {to}", "one per space"
            return "capture", "", ""
        carrier = self.carrier.get(piece)
        aboard = here in board.sea
        riding = carrier is not None and not game.is_ship[carrier]
        if to in board.land:
            if aboard:
                if board.dock.get(here) != to:
                    return (
                        "",
                        f"a piece aboard a ship at {here} can only step ashore at the land "
                        "space of that port",
                        "ports",
                    )
            elif to not in board.roads[here]:
                return "", f"no road or bridge joins {here} and {to}", "roads and bridges"
            if occ is None or occ == piece:
                return "land", "", ""
            if self.owner[occ] != me:
                if kind == "soldier" and self.kind(occ) == "elephant":
                    return "", "soldiers may not capture elephants", "capture"
                return "capture", "", ""
            if kind == "soldier":
                host = kinds[self.kind(occ)]
                if host.riders == 0:
                    return (
                        "",
                        f"your {piece_name(occ)} holds {to}; a soldier can only climb "
                        "onto an elephant or a chariot",
                        "one per space",
                    )
                if riding:
                    return (
                        "",
                        "a soldier may only mount from a dismounted position, not straight "
                        "from another elephant or chariot",
                        "mounting",
                    )
                if len(self.cargo.get(occ, ())) >= host.riders:
                    return (
                        "",
                        f"{piece_name(occ)} already carries {host.riders} soldier(s), as many as "
                        "it can",
                        "mounting",
                    )
                return "mount", "", ""
            if kind == "knight":
                if room > 0 and self.knight_can_finish(piece, to, room):
                    return "through", "", ""
                return (
                    "",
                    f"a knight may pass through {to}, held by your {self.kind(occ)}, only if "
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
        if self.owner[occ] != me:
            if kind == "soldier" and any(self.kind(x) == "elephant" for x in self.stack(occ)):
                return (
                    "",
                    f"{piece_name(occ)} carries an elephant, and soldiers may not capture "
                    "elephants",
                    "capture",
                )
            return "seize", "", ""
        load = self.cargo.get(occ, [])
        if kind == "soldier":
            if any(self.kind(x) != "soldier" for x in load):
                return (
                    "",
                    f"{piece_name(occ)} already carries {with_article(self.kind(load[0]))}; a "
                    "ship holds "
                    "one elephant, knight or chariot, or up to two soldiers",
                    "ship cargo",
                )
            if len(load) >= 2:
                return "", f"{piece_name(occ)} already carries two soldiers", "ship cargo"
            return "board", "", ""
        if load:
            if all(self.kind(x) == "soldier" for x in load):
                return (
                    "",
                    f"soldiers are aboard {piece_name(occ)}; an elephant, knight or chariot may "
                    "board only "
                    "after they have moved off",
                    "ship cargo",
                )
            return "", f"{piece_name(occ)} already carries {piece_name(load[0])}", "ship cargo"
        return "board", "", ""

    def knight_can_finish(self, knight: str, via: str, room: int) -> bool:
        """Can ``knight``, standing on ``via`` among its own men, end within ``room`` steps?

        It may go on through more of its own pieces; it must end on an empty land
        space, with a capture, or aboard its own empty ship at a port.
        """
        board = self.game.board
        top, owner, cargo = self.top, self.owner, self.cargo
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

    def capturers(self, space: str, player: int) -> set[str]:
        """Pieces of ``player`` that could take what stands on ``space`` in one step."""
        near = self.game.board.near1[space]
        out = set()
        where, owner = self.where, self.owner
        for p in self.game.piece_order:
            if owner.get(p) != player or where[p] not in near:
                continue
            if self.transit is not None and p != self.transit:
                continue
            if space in self.candidates(p) and self.step(p, space, 0)[0] in CAPTURES:
                out.add(p)
        return out

    # --- changing the position -------------------------------------------------------
    def relocate(self, piece: str, space: str) -> None:
        self.where[piece] = space
        for x in self.cargo.get(piece, ()):
            self.relocate(x, space)

    def remove(self, piece: str) -> list[str]:
        """Take a piece and everything it carries off the board; return them all."""
        gone = [piece]
        for x in self.cargo.pop(piece, []):
            gone += self.remove(x)
        del self.where[piece]
        del self.owner[piece]
        self.carrier.pop(piece, None)
        self.used.pop(piece, None)
        return gone

    used: dict[str, int]

    def lift(self, piece: str) -> None:
        """Take a piece off its carrier or its space before it moves."""
        carrier = self.carrier.pop(piece, None)
        if carrier is not None:
            load = self.cargo[carrier]
            load.remove(piece)
            if not load:
                del self.cargo[carrier]
        elif self.transit == piece:
            self.transit = None
        else:
            del self.top[self.where[piece]]

    def perform(self, piece: str, to: str, tag: str) -> tuple[list[str], str | None]:
        """Carry out a classified step. Returns (pieces removed, ship seized or None)."""
        me = self.owner[piece]
        self.lift(piece)
        gone: list[str] = []
        seized = None
        if tag in ("land", "sail"):
            self.top[to] = piece
        elif tag == "capture":
            gone = self.remove(self.top[to])
            self.top[to] = piece
        elif tag == "seize":
            seized = self.top[to]
            for x in self.cargo.pop(seized, []):
                gone += self.remove(x)
            self.owner[seized] = me
            self.used[seized] = 0
            self.cargo[seized] = [piece]
            self.carrier[piece] = seized
        elif tag in ("mount", "board"):
            host = self.top[to]
            self.cargo.setdefault(host, []).append(piece)
            self.carrier[piece] = host
        elif tag == "through":
            self.transit = piece
        else:  # pragma: no cover - tags come from step()
            raise ValueError(tag)
        self.relocate(piece, to)
        return gone, seized
