"""The CONQUEST board graph: spaces, links and the checks a board must pass.

The printed 1972 board is not available, so ``data/conquest/board.json`` holds our
own substitute (loaded by :func:`~.material.load_board`). Every space lists its
neighbours: ``roads`` and ``bridges`` join land to land, ``lanes`` join sea to sea,
and a port (a sea space with ``port_of``) is docked to one land space, which lists
it under ``ports``. :func:`check_board` checks the whole file and raises one
:class:`~hcgames.core.DataError` naming every problem: links must run both ways,
land must be connected by roads and the sea by lanes, each capitol space has
exactly one road and no link to another capitol space, the starting pieces fit the
piece mix, and the board must look the same to both players when turned half a
circle about its centre.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from hcgames.data import Problems

if TYPE_CHECKING:
    from hcgames.conquest.material import Rules

__all__ = ["SIDES", "Board", "check_board"]

SIDES = ("W", "B")


class Board:
    """The checked board with adjacency precomputed for fast move generation."""

    def __init__(self, raw: Mapping[str, Any], rules: Rules) -> None:
        check_board(raw, rules)
        self.name: str = raw["name"]
        self.note: str = raw.get("note", "")
        self.spaces: dict[str, dict[str, Any]] = {s["id"]: s for s in raw["spaces"]}
        self.order: tuple[str, ...] = tuple(s["id"] for s in raw["spaces"])
        self.land: frozenset[str] = frozenset(i for i, s in self.spaces.items() if _land(s))
        self.sea: frozenset[str] = frozenset(i for i, s in self.spaces.items() if not _land(s))
        self.roads: dict[str, tuple[str, ...]] = {}
        self.lanes: dict[str, tuple[str, ...]] = {}
        self.ports: dict[str, tuple[str, ...]] = {}
        self.dock: dict[str, str] = {}
        self.bridges: list[tuple[str, str, str]] = []
        for sid, s in self.spaces.items():
            if sid in self.land:
                bridged = [b["to"] for b in s.get("bridges", [])]
                self.roads[sid] = tuple(s.get("roads", [])) + tuple(bridged)
                self.ports[sid] = tuple(s.get("ports", []))
                self.lanes[sid] = ()
                for b in s.get("bridges", []):
                    if sid < b["to"]:
                        self.bridges.append((sid, b["to"], b["over"]))
            else:
                self.lanes[sid] = tuple(s.get("lanes", []))
                self.roads[sid] = ()
                self.ports[sid] = ()
                if s.get("port_of"):
                    self.dock[sid] = s["port_of"]
        players = ("White", "Black")
        self.capitol: tuple[frozenset[str], ...] = tuple(
            frozenset(i for i, s in self.spaces.items() if s.get("capitol") == name)
            for name in players
        )
        self.start: dict[str, str] = dict(raw["start"])
        # every space one link away by any kind of link (for recapture searches)
        self.near1: dict[str, frozenset[str]] = {}
        for sid in self.spaces:
            links = set(self.roads[sid]) | set(self.lanes[sid]) | set(self.ports[sid])
            if sid in self.dock:
                links.add(self.dock[sid])
            self.near1[sid] = frozenset(links)
        self._within: dict[tuple[str, int], frozenset[str]] = {}
        # land distance (roads and bridges) to each side's capitol, for the evaluation
        self.capitol_distance: tuple[dict[str, int], ...] = tuple(
            _distances(self.capitol[p], self.roads) for p in range(2)
        )

    def within(self, space: str, links: int) -> frozenset[str]:
        """Every space at most ``links`` links of any kind from ``space`` (itself included)."""
        key = (space, links)
        found = self._within.get(key)
        if found is None:
            reached = {space}
            frontier = {space}
            for _ in range(links):
                frontier = {x for m in frontier for x in self.near1[m]} - reached
                reached |= frontier
            found = self._within[key] = frozenset(reached)
        return found

    def edges(self) -> list[tuple[str, str, str]]:
        """Every link once as ``(a, b, kind)`` with kind road, bridge, lane or dock."""
        out: list[tuple[str, str, str]] = []
        for sid in self.order:
            s = self.spaces[sid]
            out += [(sid, n, "road") for n in s.get("roads", []) if sid < n]
            out += [(sid, b["to"], "bridge") for b in s.get("bridges", []) if sid < b["to"]]
            out += [(sid, n, "lane") for n in s.get("lanes", []) if sid < n]
            if s.get("port_of"):
                out.append((s["port_of"], sid, "dock"))
        return out


def _land(space: Mapping[str, Any]) -> bool:
    return space.get("kind") == "land"


def _distances(sources: Iterable[str], graph: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for nxt in graph[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _connected(nodes: set[str], links: Mapping[str, Iterable[str]]) -> bool:
    if not nodes:
        return True
    first = next(iter(nodes))
    seen = {first}
    queue = deque([first])
    while queue:
        here = queue.popleft()
        for nxt in links.get(here, ()):
            if nxt in nodes and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen == nodes


def check_board(raw: Any, rules: Rules) -> None:
    """Check a board document; raise one DataError listing every problem."""
    p = Problems("data/conquest/board.json")
    if not isinstance(raw, dict) or not isinstance(raw.get("spaces"), list):
        p.add("the file must be an object with a 'spaces' list")
        p.raise_if_any()
    spaces: dict[str, dict[str, Any]] = {}
    for index, s in enumerate(raw["spaces"]):
        if not isinstance(s, dict) or not isinstance(s.get("id"), str):
            p.add(f"spaces[{index}] needs a string 'id'")
            continue
        if s["id"] in spaces:
            p.add(f"space {s['id']} is listed twice")
        spaces[s["id"]] = s
        p.check(s.get("kind") in ("land", "sea"), f"space {s['id']}: kind must be land or sea")
        for axis in ("x", "y"):
            p.check(
                isinstance(s.get(axis), int | float) and not isinstance(s.get(axis), bool),
                f"space {s['id']}: {axis} must be a number",
            )
    land = {i for i, s in spaces.items() if _land(s)}
    sea = set(spaces) - land
    p.check(80 <= len(land) <= 140, f"{len(land)} land spaces; the board needs 80-140")
    p.check(40 <= len(sea) <= 80, f"{len(sea)} sea spaces; the board needs 40-80")

    def links(sid: str, key: str) -> list[str]:
        s = spaces[sid]
        if key == "bridges":
            return [str(b.get("to")) for b in s.get("bridges", []) if isinstance(b, dict)]
        value = s.get(key, [])
        return list(value) if isinstance(value, list) else []

    roads: dict[str, list[str]] = {}
    lanes: dict[str, list[str]] = {}
    for sid in spaces:
        kinds = (("roads", land, roads), ("bridges", land, roads), ("lanes", sea, lanes))
        for key, want, graph in kinds:
            for other in links(sid, key):
                if other not in spaces:
                    p.add(f"space {sid}: {key} names unknown space {other!r}")
                    continue
                if sid not in want or other not in want:
                    p.add(f"space {sid}: {key} may only join {'land' if want is land else 'sea'}")
                    continue
                if sid not in links(other, key):
                    p.add(f"space {sid}: {key} to {other} is not listed back by {other}")
                graph.setdefault(sid, []).append(other)
        for b in spaces[sid].get("bridges", []):
            over = b.get("over") if isinstance(b, dict) else None
            p.check(over in sea, f"space {sid}: a bridge must name the sea space it spans")
        port_of = spaces[sid].get("port_of")
        if port_of is not None:
            p.check(sid in sea, f"space {sid}: only a sea space can be a port")
            p.check(port_of in land, f"port {sid}: port_of {port_of!r} is not a land space")
            if port_of in land:
                p.check(sid in links(port_of, "ports"), f"port {sid}: {port_of} does not list it")
        for port in links(sid, "ports"):
            p.check(
                port in spaces and spaces[port].get("port_of") == sid,
                f"space {sid}: port {port!r} is not docked to it",
            )
    p.check(_connected(land, roads), "the land spaces are not all joined by roads and bridges")
    p.check(_connected(sea, lanes), "the sea spaces are not all joined by sea lanes")

    for name in ("White", "Black"):
        capitol = [i for i, s in spaces.items() if s.get("capitol") == name]
        p.check(len(capitol) == rules.capitol_spaces, f"{name}'s capitol has {len(capitol)} spaces")
        for sid in capitol:
            p.check(sid in land, f"capitol space {sid} must be land")
            road_links = links(sid, "roads") + links(sid, "bridges")
            p.check(len(road_links) == 1, f"capitol space {sid} must have exactly one road")
            p.check(not links(sid, "ports"), f"capitol space {sid} may not have a port")
            for other in road_links:
                p.check(
                    spaces.get(other, {}).get("capitol") is None,
                    f"capitol spaces {sid} and {other} may not be linked",
                )
    _check_symmetry(spaces, p)
    _check_start(raw.get("start"), spaces, rules, p)
    p.raise_if_any()


def _check_symmetry(spaces: Mapping[str, dict[str, Any]], p: Problems) -> None:
    """Turning the board half a circle about its centre must give the same board."""
    if not spaces or any(not isinstance(s.get("x"), int | float) for s in spaces.values()):
        return
    cx = sum(s["x"] for s in spaces.values()) / len(spaces)
    cy = sum(s["y"] for s in spaces.values()) / len(spaces)
    at = {(round(s["x"], 6), round(s["y"], 6)): i for i, s in spaces.items()}

    def turn(sid: str) -> str | None:
        s = spaces[sid]
        return at.get((round(2 * cx - s["x"], 6), round(2 * cy - s["y"], 6)))

    swap = {"White": "Black", "Black": "White", None: None}
    for sid, s in spaces.items():
        other = turn(sid)
        if other is None:
            p.add(f"space {sid} has no partner when the board is turned about its centre")
            continue
        o = spaces[other]
        same = (
            o.get("kind") == s.get("kind")
            and o.get("capitol") == swap.get(s.get("capitol"))
            and (o.get("port_of") is None) == (s.get("port_of") is None)
        )
        p.check(same, f"space {sid} and its turned partner {other} differ in kind, capitol or port")
        for key in ("roads", "lanes", "ports"):
            mine = {turn(n) for n in s.get(key, []) if n in spaces}
            p.check(mine == set(o.get(key, [])), f"{key} of {sid} are not point-symmetric")
        mine_b = {turn(b["to"]) for b in s.get("bridges", []) if b.get("to") in spaces}
        theirs_b = {b["to"] for b in o.get("bridges", [])}
        p.check(mine_b == theirs_b, f"bridges of {sid} are not point-symmetric")


def _check_start(
    start: Any, spaces: Mapping[str, dict[str, Any]], rules: Rules, p: Problems
) -> None:
    if not isinstance(start, dict):
        p.add("'start' must map piece ids to spaces")
        return
    used: dict[str, str] = {}
    for side in SIDES:
        for kind in rules.kinds.values():
            for n in range(1, kind.count + 1):
                pid = f"{side}-{kind.name}{n}"
                sid = start.get(pid)
                if not isinstance(sid, str) or sid not in spaces:
                    p.add(f"start: {pid} has no starting space")
                    continue
                want = "sea" if kind.at_sea else "land"
                p.check(spaces[sid].get("kind") == want, f"start: {pid} must start on {want}")
                if sid in used:
                    p.add(f"start: {pid} and {used[sid]} both start on {sid}")
                used[sid] = pid
    known = {
        f"{side}-{k.name}{n}"
        for side in SIDES
        for k in rules.kinds.values()
        for n in range(1, k.count + 1)
    }
    extra = set(start) - known
    p.check(not extra, f"start: unknown pieces {sorted(extra)}")
    if not p and all(isinstance(s.get("x"), int | float) for s in spaces.values()):
        cx = sum(s["x"] for s in spaces.values()) / len(spaces)
        cy = sum(s["y"] for s in spaces.values()) / len(spaces)
        for pid, sid in start.items():
            if not pid.startswith("W-") or sid not in spaces:
                continue
            twin = start.get("B-" + pid[2:])
            s = spaces[sid]
            t = spaces.get(twin) if twin else None
            ok = (
                t is not None
                and abs(t["x"] - (2 * cx - s["x"])) < 1e-6
                and abs(t["y"] - (2 * cy - s["y"])) < 1e-6
            )
            p.check(ok, f"start: {pid} and B-{pid[2:]} are not placed point-symmetrically")
