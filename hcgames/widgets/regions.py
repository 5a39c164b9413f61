"""What the map and the board share: colours, labels, tooltips and picking.

Clicking regions picks a *source* and then a *target*; :meth:`RegionView.on_select`
tells listeners (the stepper's action picker) which regions are picked. A third
click starts a new pick; clicking a picked region again drops it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from hcgames.core import State
from hcgames.data import read_json
from hcgames.widgets._base import (
    CLOSED_LAND,
    CLOSED_SEA,
    NEUTRAL,
    View,
    region_colour,
    region_fill,
)
from hcgames.words import count, says

__all__ = ["LARGE_TEXT_ZOOM", "NAME_EM", "RegionView", "em", "figure_css"]

# Labels sit on top of the regions; let clicks fall through them to the region below.
_CLICK_THROUGH_CSS = (
    "<style>.hcgames-figure text.label, .hcgames-figure .label text "
    "{ pointer-events: none; }</style>"
)


#: region, node and edge kinds drawn as water (ports are where land meets the sea;
#: lanes and docks are sea routes)
_WATER_KINDS = frozenset({"sea", "ocean", "water", "lake", "strait", "port", "lane", "dock"})


def _is_sea(kind: object) -> bool:
    return isinstance(kind, str) and kind.lower() in _WATER_KINDS


def _closest_gap(points: Sequence[tuple[float, float]]) -> float:
    """The smallest distance between two points (a grid sort keeps it quick)."""
    if len(points) < 2:
        return 40.0
    ordered = sorted(points)
    best = math.inf
    for i, (x1, y1) in enumerate(ordered):
        for x2, y2 in ordered[i + 1 :]:
            if x2 - x1 >= best:
                break
            best = min(best, math.hypot(x2 - x1, y2 - y1))
    return best if best > 0 else 40.0


class RegionView(View):
    """What the map and the board share: colours, labels, tooltips and picking."""

    def __init__(self, state: State, region_ids: Sequence[str], sea: Sequence[bool]) -> None:
        self.state = state
        self.region_ids = list(region_ids)
        self._index = {rid: i for i, rid in enumerate(self.region_ids)}
        self._sea = list(sea)
        self.selection: list[str] = []
        self._listeners: list[Callable[[list[str]], None]] = []
        self._views: dict[str, dict[str, Any]] = {}
        self._syncing = False
        #: the selection only outlines a choice picked in the list (:meth:`highlight`):
        #: a click on the map then picks its place anew, never drops it
        self._shown_only = False
        self.hover_box = widgets.HTML(value="", layout=widgets.Layout(max_width="320px"))
        self.info = widgets.HTML(value="")
        self.info.add_class("hcgames-map-info")
        self._style = widgets.HTML(value=_CLICK_THROUGH_CSS, layout=widgets.Layout(height="0px"))
        super().__init__()

    # --- state ---------------------------------------------------------------
    def _region_views(self, state: State) -> dict[str, dict[str, Any]]:
        views = state.region_views() or {}
        return {str(k): v for k, v in views.items()}

    def colours(self) -> list[str]:
        """Current fill colour of every region, in ``region_ids`` order."""
        out = []
        for rid, sea in zip(self.region_ids, self._sea, strict=True):
            view = self._views.get(rid)
            if view is None:
                out.append(NEUTRAL)
                continue
            owner = view.get("owner")
            out.append(region_colour(owner if isinstance(owner, int) else None, sea, self.state))
        return out

    def fills(self) -> list[str]:
        """Current CSS fill of every region: the holder's colour with its hatch."""
        out = []
        for rid, sea in zip(self.region_ids, self._sea, strict=True):
            view = self._views.get(rid, {})
            if view.get("closed"):  # outside the game: greyed out
                out.append(CLOSED_SEA if sea else CLOSED_LAND)
                continue
            owner = view.get("owner")
            out.append(region_fill(owner if isinstance(owner, int) else None, sea, self.state))
        return out

    def holder(self, region: str) -> str:
        """Who holds ``region``, in words ("Rome", "nobody")."""
        view = self._views.get(region) or {}
        owner = view.get("owner")
        if isinstance(owner, int):
            return self.state.side_name(owner)
        side = view.get("side")
        return str(side) if side else "nobody"

    #: draw the marks of ``region_views()["symbol"]`` (a small map leaves them out)
    show_symbols = True

    def labels(self) -> list[str]:
        """Current unit label of every region, in ``region_ids`` order."""
        out = []
        for rid in self.region_ids:
            view = self._views.get(rid, {})
            symbol = view.get("symbol") if self.show_symbols else None
            text = f"{symbol or ''} {view.get('label') or ''}"
            out.append(text.strip())
        return out

    def region_name(self, region: str) -> str:
        return region

    def tooltip_for(self, region: str) -> str:
        view = self._views.get(region)
        if view is None:
            return f"{self.region_name(region)}: not part of the game"
        text = view.get("tooltip")
        if text:
            return str(text)
        owner = view.get("owner")
        who = self.state.player_name(owner) if isinstance(owner, int) else "nobody"
        return f"{self.region_name(region)}: held by {who}; {view.get('label', '')}"

    def update(self, state: State) -> None:
        """Show ``state``: recolour, relabel and refresh tooltips, all in place."""
        self.state = state
        self._views = self._region_views(state)
        self._draw()
        self._show_text()
        self._show_info()

    def _show_info(self) -> None:
        """The line under the map: the place picked last as it stands now (who holds it
        after the move, not before), and nothing once nothing is picked."""
        shown = self.selection[-1] if self.selection else None
        value = escape(self.tooltip_for(shown)) if shown in self._index else ""
        if self.info.value != value:
            self.info.value = value

    def _draw(self) -> None:
        raise NotImplementedError

    @property
    def text(self) -> str:
        """Who holds how much of the map, as a sentence ("Carthage holds 7 of the 26
        territories on this map, Rome 5."); the stepper's own line says when."""
        return self.holdings_sentence(self.region_ids) + self._picked_sentence()

    #: what the game calls its places, one of them (Duels: "territory")
    @property
    def place_noun(self) -> str:
        return str(getattr(self.state.game, "place_noun", "region"))

    def holdings_sentence(self, places: Sequence[str], where: str = "on this map") -> str:
        """How many of ``places`` each side holds, the most first."""
        held: dict[int, int] = {}
        for place in places:
            owner = (self._views.get(place) or {}).get("owner")
            if isinstance(owner, int):
                held[owner] = held.get(owner, 0) + 1
        total = count(len(places), self.place_noun)
        if not held:
            return f"Nobody holds any of the {total} {where} yet."
        # the most first, equal counts in seat order
        ranked = [
            (self.state.player_name(p), n)
            for p, n in sorted(held.items(), key=lambda i: (-i[1], i[0]))
        ]
        (first, n), rest = ranked[0], ranked[1:]
        line = f"{says(first, 'holds')} {n} of the {total} {where}"
        return line + "".join(f", {name} {m}" for name, m in rest) + "."

    def _picked_sentence(self) -> str:
        if not self.selection:
            return ""
        return " Picked: " + ", then ".join(self.region_name(r) for r in self.selection) + "."

    # --- picking ---------------------------------------------------------------
    def on_select(self, callback: Callable[[list[str]], None]) -> None:
        """Call ``callback(regions)`` whenever the picked regions change."""
        self._listeners.append(callback)

    def select(self, regions: Sequence[str]) -> None:
        """Pick these regions (source, then target), as if they had been clicked."""
        unknown = [r for r in regions if r not in self._index]
        if unknown:
            raise ValueError(f"no regions {unknown} on this map; regions: {self.region_ids}")
        self._set_selection(list(regions)[-2:])

    def click(self, region: str) -> list[str]:
        """One click on ``region``: drop it if picked, else add it (a third starts anew).
        Returns the regions now highlighted as reachable."""
        if self._shown_only:
            # the places outlined for a choice in the list were not clicked: a click on
            # one of them picks it (look 9, lesson 13: it was dropped, "Picked: Carthage"
            # left after a click on Numidia)
            new = [region]
        elif region in self.selection:
            new = [r for r in self.selection if r != region]
        elif len(self.selection) >= 2:
            new = [region]
        else:
            new = [*self.selection, region]
        self._set_selection(new)
        return self.reachable()

    def reachable(self) -> list[str]:
        """The regions highlighted as where the picked one may go (none on a map)."""
        return []

    def clear_selection(self) -> None:
        self._set_selection([])

    def forget_selection(self) -> None:
        """Drop the picked regions without telling the listeners (after an action)."""
        if not self.selection:
            return
        self.selection = []
        self._shown_only = False
        self._push_quietly()

    def _push_quietly(self) -> None:
        """Draw the selection on the figure without its observer answering back."""
        self._syncing = True
        try:
            self._push_selection()
        finally:
            self._syncing = False

    def highlight(self, regions: Sequence[str]) -> None:
        """Outline these regions (a choice's source and target) without telling the
        listeners: showing a choice on the map must not narrow the list of choices."""
        shown = [r for r in regions if r in self._index][-2:]
        if shown == self.selection:
            return
        self.selection = shown
        self._shown_only = bool(shown)
        self._push_quietly()
        self._show_text()
        self._show_info()

    def _set_selection(self, regions: list[str]) -> None:
        self.selection = regions
        self._shown_only = False
        self._push_quietly()
        self._show_info()  # what is picked, and nothing once nothing is
        self._show_text()
        for callback in self._listeners:
            callback(list(regions))

    def _push_selection(self) -> None:
        raise NotImplementedError

    def _hover(self, region: str | None) -> None:
        if region is None or region not in self._index:
            return
        # the hover box only: a line under the map would echo a stale hover
        text = escape(self.tooltip_for(region))
        # 18 px: bqplot's own 12 px could not be read projected (look-7, lessons 23 and 53)
        self.hover_box.value = f"<div style='padding:2px 4px;font-size:18px'>{text}</div>"


#: Large text (the page bar's button, share/jupyter/voila/templates/hcgames/index.html.j2)
#: zooms the lesson by this much (CSS ``zoom``); the template says the same number
LARGE_TEXT_ZOOM = 1.5
#: the font size (px) a figure's names are measured in (``font_unit="em"``) at the width
#: it was laid out for; see :func:`figure_css`
NAME_EM = 16.0


#: how much larger than its map's own type Large text sets the names of a map that has
#: no second layout of its names (a crowded map, or one whose larger layout found no
#: room): a map already as wide as the page or as tall as the window cannot grow, and
#: its names did not grow either (reviewers, lessons 00, 12, 22 and 23). Each name grows
#: about its own middle, so it stays on its place.
LARGE_NAME_GROW = 1.2
#: the margin (screen pixels) each side of such a map under Large text, so that a name
#: grown past the map's edge stays on the page
LARGE_NAME_EDGE_PX = 8


def figure_css(uid: str, width: float, height: float, grow: float = LARGE_NAME_GROW) -> str:
    """CSS that makes the bqplot figure of class ``uid`` (laid out ``width`` x ``height``
    pixels) scale as one picture, at any size the page gives it and under Large text.

    bqplot draws a map's outlines into a box that scales with the figure, but writes
    its names in pixels; here the figure's font size follows its width (a container
    query unit) and the names are in ``em`` of it (:data:`NAME_EM`), so a map shown
    twice as wide has names twice as large, on the same places.

    Large text zooms the page (CSS ``zoom``); bqplot measures its figure with
    ``getBoundingClientRect``, which counts the zoom, and then sizes its drawing in
    pixels that are zoomed again: the map came out half as large again as its box
    (the east cut off) with its names at other places. Inside a zoomed page the
    figure undoes the zoom (bqplot then measures what it draws) and fills its column
    instead, which the zoom has made half as wide again: the whole map, larger, with
    every name on its place. Under Large text the names are also ``grow`` times as large
    as the map's own type (:data:`LARGE_NAME_GROW`; 1.0 for a map that shows a second,
    larger layout of its names then), so they grow even where the map cannot."""
    large_em = NAME_EM * grow / width
    # grown names by the map's edge reach past it by a tenth of their width: they are
    # drawn there (not cut at the map's edge) and a margin keeps them on the page
    # (lesson 00's "Carthage 2 cav", lesson 14's "Rome 2 cav" were cut)
    edge = LARGE_NAME_EDGE_PX if grow > 1 else 0
    return (
        f".{uid} {{ container-type: inline-size; }} "
        f".{uid} svg.svg-figure {{ font-size: calc(100cqw * {NAME_EM / width:.6f}); }} "
        f".hcgames-large .{uid} svg.svg-figure {{ font-size: calc(100cqw * {large_em:.6f}); "
        f"{'overflow: visible; ' if edge else ''}}} "
        f".hcgames-large .{uid} {{ zoom: {1 / LARGE_TEXT_ZOOM:.6f}; "
        f"width: calc(100% - {2 * edge}px) !important; margin: 0 {edge}px !important; "
        f"{'overflow: visible !important; ' if edge else ''}"
        f"height: auto !important; aspect-ratio: {width:g} / {height:g}; }} "
    )


def em(size: float) -> float:
    """A font size in pixels of the laid-out figure, in the ``em`` of :func:`figure_css`."""
    return round(size / NAME_EM, 4)


#: the ink of sea names (italic, as atlases print them)
SEA_INK = "#1F4E79"

MAP_CSS = (
    ".hcgames-figure text.label, .hcgames-figure .label text { pointer-events: none; "
    "paint-order: stroke; stroke: #FFFFFF; stroke-width: 3px; stroke-linejoin: round; }"
    # sea names in italics, as atlases print them (bqplot sets the colour inline)
    ".hcgames-figure text.label[style*='rgb(31, 78, 121)'] { font-style: italic; }"
    # white letters (on Black's tokens) get a dark halo, not a white one
    ".hcgames-figure text.label[style*='rgb(255, 255, 255)'] { stroke: #111111; }"
    # a place takes clicks whatever its fill: bqplot sets the hovered place's fill back
    # to a broken pattern address when the pointer leaves ("#hc-dots0d3219"), which
    # paints nothing, and an unpainted place let clicks through (lesson 14)
    ".hcgames-figure path.event_layer { pointer-events: all; }"
    # every border drawn plainly, a white line under bqplot's own outline (a quarter of a
    # pixel): two places of one side (Carthage and Numidia, lesson 13) read as two places,
    # not one hatched blob. (A wider outline on the clickable copy on top, path.event_layer,
    # stopped lesson 24's play map taking a click on its largest sea.)
    ".hcgames-map .hcgames-figure path:not([class]) { stroke: #FFFFFF; stroke-width: 2.4px; }"
    ".hcgames-map path.event_layer:focus { outline: none; stroke: #000000 !important; "
    "stroke-width: 4px !important; stroke-opacity: 1 !important; stroke-dasharray: 6 3; }"
    # a map's or board's key read from the back of a room at 1366 (look 8: 14 px); a
    # Chromebook's 1024x700 keeps 14 px, so a stepper's board and key stay one screen
    ".hcgames-legend { font-size: 16px; line-height: 1.5; }"
    "@media (max-width: 1279px) { .hcgames-legend { font-size: 14px; } }"
    ".hcgames-legend .hc-key { display: inline-flex; align-items: center; gap: 5px; "
    "margin: 2px 14px 2px 0; max-width: 100%; }"
    # in a narrow column (a key beside its map under Large text, look 13: lesson 10) a
    # meaning wraps within the column rather than running past its edge; a bold sample
    # ("Rome 2 cav 1 inf", "- - -") stays whole, its meaning under it when no room is left
    ".hcgames-legend .hc-key > span { min-width: 0; }"
    ".hcgames-legend .hc-key > b { white-space: nowrap; }"
    ".hcgames-legend .hc-key:has(> b) { flex-wrap: wrap; }"
)


def label_key(game_id: str) -> list[tuple[str, str]]:
    """What the short unit labels on ``game_id``'s map or board mean (data/legends.json)."""
    try:
        rows = read_json("legends.json").get("games", {}).get(game_id, [])
    except Exception:  # a missing key file must not break a map
        return []
    return [(str(a), str(b)) for a, b in rows]
