"""Map and board views: regions coloured by their holder, unit labels, click to pick.

Both views read only the view hooks of the contract (``game.geojson()`` or
``game.board_layout()``, ``state.region_views()``) and update the traits of their
bqplot marks in place on every step; the Figure is built once.

Clicking regions picks a *source* and then a *target*; :meth:`RegionView.on_select`
tells listeners (the stepper's action picker) which regions are picked. A third
click starts a new pick; clicking a picked region again drops it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.core import State
from hcgames.data import read_json
from hcgames.widgets._base import (
    NEUTRAL,
    NEUTRAL_SEA,
    View,
    pattern_defs,
    region_colour,
    region_fill,
    side_of,
    swatch,
)
from hcgames.widgets.geo import aspect_ratio, feature_centroid, feature_rings, fit_mercator
from hcgames.widgets.labels import Placed, Territory, place_names

__all__ = ["BoardView", "MapView", "RegionView", "board_legend_html", "piece_board"]

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
        self.hover_box = widgets.HTML(value="", layout=widgets.Layout(max_width="320px"))
        self.info = widgets.HTML(value="")
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
            owner = self._views.get(rid, {}).get("owner")
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

    def _draw(self) -> None:
        raise NotImplementedError

    @property
    def text(self) -> str:
        state = self.state
        held: dict[str, int] = {}
        for view in self._views.values():
            owner = view.get("owner")
            if isinstance(owner, int):
                name = state.player_name(owner)
                held[name] = held.get(name, 0) + 1
        holdings = (
            "held by " + "; by ".join(f"{name}: {n}" for name, n in held.items())
            if held
            else "none held yet"
        )
        picked = (
            " Picked: " + " then ".join(self.region_name(r) for r in self.selection) + "."
            if self.selection
            else ""
        )
        return (
            f"Round {state.round}, {state.phase} phase. {len(self.region_ids)} regions, "
            f"{holdings}.{picked}"
        )

    # --- picking ---------------------------------------------------------------
    def on_select(self, callback: Callable[[list[str]], None]) -> None:
        """Call ``callback(regions)`` whenever the picked regions change."""
        self._listeners.append(callback)

    def select(self, regions: Sequence[str]) -> None:
        """Pick these regions (source, then target), as if they had been clicked."""
        unknown = [r for r in regions if r not in self._index]
        if unknown:
            raise ValueError(f"no region(s) {unknown} on this map; regions: {self.region_ids}")
        self._set_selection(list(regions)[-2:])

    def click(self, region: str) -> list[str]:
        """One click on ``region``: drop it if picked, else add it (a third starts anew).
        Returns the regions now highlighted as reachable."""
        if region in self.selection:
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
        self._syncing = True
        try:
            self._push_selection()
        finally:
            self._syncing = False
        self._show_text()

    def _set_selection(self, regions: list[str]) -> None:
        self.selection = regions
        self._syncing = True
        try:
            self._push_selection()
        finally:
            self._syncing = False
        if regions:
            self.info.value = escape(self.tooltip_for(regions[-1]))
        self._show_text()
        for callback in self._listeners:
            callback(list(regions))

    def _push_selection(self) -> None:
        raise NotImplementedError

    def _hover(self, region: str | None) -> None:
        if region is None or region not in self._index:
            return
        text = escape(self.tooltip_for(region))
        self.hover_box.value = f"<div style='padding:2px 4px'>{text}</div>"
        self.info.value = text


class MapView(RegionView):
    """A bqplot Map of the game's GeoJSON: names on the map, the holder's colour and
    hatch, unit labels, a legend, and click (or Tab and Enter) to pick.

    By default the map fills the width of the page (up to ``max_width`` pixels) and
    keeps its shape, so it grows on a projector and fits a 1024-pixel Chromebook;
    names are placed for a ``layout_width``-pixel map, the smallest it is meant to
    be shown at, so they only gain room as it grows. ``width`` (pixels) fixes the
    size instead. No pan or zoom is offered: the whole map is always in view.
    """

    #: the width names are placed for (a Chromebook page leaves about this much)
    LAYOUT_WIDTH = 940
    #: narrowest fixed width at which the resource marks are drawn
    SYMBOLS_FROM_WIDTH = 800
    NAME_SIZE = 13

    def __init__(
        self,
        state: State,
        width: int | None = None,
        height: int | None = None,
        *,
        names: bool = True,
        legend: bool = True,
        max_width: int = 1500,
    ) -> None:
        geojson = state.game.geojson()
        if not geojson:
            raise ValueError(f"{state.game.title} has no map (game.geojson() is None)")
        features = list(geojson.get("features", []))
        ids = [str(f.get("id")) for f in features]
        missing = [i for i, f in enumerate(features) if f.get("id") is None]
        if missing:
            raise ValueError(f"map features {missing} have no 'id'; the map view needs one each")
        self.names = {
            str(f["id"]): str((f.get("properties") or {}).get("name", f["id"])) for f in features
        }
        sea = [_is_sea((f.get("properties") or {}).get("kind")) for f in features]
        super().__init__(state, ids, sea)
        self.fluid = width is None
        if width is None:
            width = self.LAYOUT_WIDTH
        if height is None:
            height = round((width - 32) * aspect_ratio(geojson) + 32)
            if not self.fluid:  # the old fixed size stays within a classroom screen
                height = min(520, max(260, height))
        self.width, self.height = width, height
        # resource marks crowd the names of small places on a narrow map
        self.show_symbols = self.fluid or width >= self.SYMBOLS_FROM_WIDTH
        self.projection_fit = fit_mercator(geojson, width, height)
        self.projection = bqplot.Mercator(
            scale_factor=self.projection_fit.scale_factor, center=self.projection_fit.center
        )
        self.map = bqplot.Map(
            map_data=geojson,
            scales={"projection": self.projection},
            colors={"default_color": NEUTRAL},
            stroke_color="#4D4D4D",
            interactions={"click": "select", "hover": "tooltip"},
            tooltip=self.hover_box,
            selected_styles={
                "selected_fill": "",
                "selected_stroke": "#000000",
                "selected_stroke_width": 4.0,
            },
            hovered_styles={
                "hovered_fill": "",
                "hovered_stroke": "#333333",
                "hovered_stroke_width": 2.5,
            },
        )
        x_scale = bqplot.LinearScale(min=0.0, max=float(width), allow_padding=False)
        y_scale = bqplot.LinearScale(min=0.0, max=float(height), allow_padding=False)
        scales = {"x": x_scale, "y": y_scale}
        territories = []
        for rid, feature in zip(ids, features, strict=True):
            props = feature.get("properties") or {}
            point = props.get("label")
            lon, lat = point if point else feature_centroid(feature)
            anchor = self.projection_fit.pixel(float(lon), float(lat))
            rings = [
                [self.projection_fit.pixel(x, y) for x, y in ring]
                for ring in feature_rings(feature)
            ]
            per_degree = self.projection_fit.pixel(float(lon) + 1, float(lat))[0] - anchor[0]
            room = float(props.get("room", 0.5)) * per_degree
            territories.append(Territory(rid, self._name_text(rid, props), anchor, rings, room))
        self.anchors = {t.id: t.anchor for t in territories}
        #: kept under its old name: notebooks place points with it
        self.centroids = self.anchors
        self.placed = place_names(territories, self.NAME_SIZE, below=15) if names else []
        self.short_names = {p.id: p.text for p in self.placed if p.short}
        label_marks: list[bqplot.Mark] = []
        self.name_labels = self._label_mark(
            [p for p in self.placed if not self._sea[self._index[p.id]]], scales, "#111111"
        )
        self.sea_labels = self._label_mark(
            [p for p in self.placed if self._sea[self._index[p.id]]], scales, _SEA_INK
        )
        label_marks = [self.name_labels, self.sea_labels]
        under = {p.id: (p.x, p.y + 15) for p in self.placed}
        units = [under.get(rid, self.anchors[rid]) for rid in ids]
        self.unit_labels = bqplot.Label(
            x=[u[0] for u in units],
            y=[height - u[1] for u in units],
            text=["" for _ in units],
            scales=scales,
            colors=["#111111"],
            default_size=13,
            font_weight="bold",
            align="middle",
            y_offset=5,
            enable_hover=False,
        )
        self.straits = self._strait_mark(geojson, scales)
        self.figure = bqplot.Figure(
            marks=[self.map, self.straits, *label_marks, self.unit_labels],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": "#F7FAFC"},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        # bqplot's own PanZoom leaves labels behind and swallows clicks: not offered
        self.figure.display_toolbar = False
        self.figure.add_class("hcgames-figure")
        self._uid = f"hc-map-{id(self):x}"
        if self.fluid:
            self.figure.layout = widgets.Layout(width="100%")
            self.figure.add_class(self._uid)
        self._max_width = max_width
        # The browser test counts one clickable path per region against this number.
        self.add_class("hcgames-map")
        self.add_class(f"hcgames-regions-{len(ids)}")
        self.legend = widgets.HTML(layout=widgets.Layout(display="" if legend else "none"))
        self.legend.add_class("hcgames-legend")
        self._access = widgets.HTML(layout=widgets.Layout(height="0px", overflow="hidden"))
        self.map.observe(self._on_map_selected, names=["selected"])
        self.map.on_hover(self._on_map_hover)
        self._style.value = self._css()
        self.children = [
            self.text_line,
            self._style,
            self.figure,
            self.legend,
            self._access,
            self.info,
            self.messages,
        ]
        self.update(state)

    # --- building ------------------------------------------------------------------
    def _name_text(self, rid: str, props: dict[str, Any]) -> str:
        symbol = _SYMBOLS.get(str(props.get("fort", "")), ("", ""))[0]
        return f"{self.names[rid]} {symbol}".strip()

    def _label_mark(self, placed: list[Placed], scales: dict[str, Any], ink: str) -> bqplot.Label:
        return bqplot.Label(
            x=[p.x for p in placed] or [0.0],
            y=[self.height - p.y for p in placed] or [0.0],
            text=[p.text for p in placed] or [""],
            scales=scales,
            colors=[ink],
            default_size=self.NAME_SIZE,
            font_weight="normal",
            align="middle",
            y_offset=5,
            enable_hover=False,
        )

    def _strait_mark(self, geojson: dict[str, Any], scales: dict[str, Any]) -> bqplot.Lines:
        xs, ys = [], []
        for _a, _b, start, end in geojson.get("straits", []):
            (x1, y1), (x2, y2) = (
                self.projection_fit.pixel(*start),
                self.projection_fit.pixel(*end),
            )
            # a strait a pixel wide would vanish: draw at least a short dash across it
            gap = max(math.hypot(x2 - x1, y2 - y1), 1e-6)
            grow = max(0.0, (14 - gap) / 2) / gap
            xs.append([x1 - (x2 - x1) * grow, x2 + (x2 - x1) * grow])
            ys.append(
                [self.height - (y1 - (y2 - y1) * grow), self.height - (y2 + (y2 - y1) * grow)]
            )
        return bqplot.Lines(
            x=xs or [[0.0, 0.0]],
            y=ys or [[0.0, 0.0]],
            scales=scales,
            colors=["#1F1F1F"],
            stroke_width=3.0,
            line_style="dashed",
            visible=bool(xs),
            enable_hover=False,
        )

    def _css(self) -> str:
        fluid = (
            f".{self._uid} {{ width: 100% !important; height: auto !important; "
            f"aspect-ratio: {self.width} / {self.height}; "
            # as wide as the page, but never taller than the screen: the class sees it all
            f"max-width: min({self._max_width}px, "
            f"calc((100vh - 110px) * {self.width / self.height:.4f})); }}"
            if self.fluid
            else ""
        )
        return "<style>" + _MAP_CSS + fluid + "</style>"

    # --- drawing -------------------------------------------------------------------
    def _draw(self) -> None:
        fills = dict(zip(self.region_ids, self.fills(), strict=True))
        fills["default_color"] = NEUTRAL
        if self.map.colors != fills:
            self.map.colors = fills
        labels = self.labels()
        if list(self.unit_labels.text) != labels:
            self.unit_labels.text = labels
        legend = self._legend_html()
        if self.legend.value != legend:
            self.legend.value = legend
        access = self._access_html()
        if self._access.value != access:
            self._access.value = access

    def region_title(self, region: str) -> str:
        """What a screen reader (and a long press) says for ``region``."""
        view = self._views.get(region) or {}
        units = view.get("label")
        text = f"{self.region_name(region)}, held by {self.holder(region)}"
        return text + (f", {units}" if units else "")

    def _access_html(self) -> str:
        titles = {rid: self.region_title(rid) for rid in self.region_ids}
        label = f"Map of {self.state.game.title}. {self.text}"
        shown = {p.id: p.text for p in self.placed}
        names = [shown.get(rid, "") for rid in self.region_ids]
        return (
            "<img alt='' src='data:,' style='display:none' class='hcgames-access' "
            f'data-label="{escape(label)}" data-titles="{escape(json.dumps(titles))}" '
            f'data-names="{escape(json.dumps(names))}" '
            f'onerror="{escape(_ACCESS_JS)}">'
        )

    def _legend_html(self) -> str:
        return legend_html(self, self._sea, self.short_names, bool(self.straits.visible))

    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def _push_selection(self) -> None:
        self.map.selected = list(self.selection) or None

    def _on_map_selected(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        new = [str(r) for r in (change["new"] if change["new"] is not None else [])]
        old = list(self.selection)
        added = [r for r in new if r not in old]
        removed = [r for r in old if r not in new]
        if not new:
            self._set_selection([])
        elif added:
            self.click(added[-1])
        elif removed:
            self.click(removed[0])

    def _on_map_hover(self, _mark: Any, content: dict[str, Any]) -> None:
        data = content.get("data") or {}
        region = data.get("id") if isinstance(data, dict) else None
        self._hover(str(region) if region is not None else None)

    def add_places(
        self, places: Sequence[tuple[str, float, float]], colour: str = "#111111"
    ) -> bqplot.Mark:
        """Mark real places (``(name, lon, lat)``: battle sites, cities) with a dot
        and their name beside it, e.g. on a history map. Returns the new marks' group."""
        pixels = [self.projection_fit.pixel(lon, lat) for _, lon, lat in places]
        scales = self.unit_labels.scales
        dots = bqplot.Scatter(
            x=[x for x, _ in pixels],
            y=[self.height - y for _, y in pixels],
            scales=scales,
            colors=[colour],
            stroke="#FFFFFF",
            stroke_width=2.0,
            default_size=90,
            marker="diamond",
            enable_hover=False,
        )
        names = bqplot.Label(
            x=[x for x, _ in pixels],
            y=[self.height - y for _, y in pixels],
            text=[name for name, _, _ in places],
            scales=scales,
            colors=[colour],
            default_size=13,
            font_weight="bold",
            align="start",
            x_offset=9,
            y_offset=4,
            enable_hover=False,
        )
        self.figure.marks = [*self.figure.marks, dots, names]
        return names


_SEA_INK = "#1F4E79"
_SYMBOLS = {
    "capital": ("\u2605", "capital"),
    "great": ("\u25a0", "great fort"),
    "small": ("\u25b2", "small fort"),
}

_MAP_CSS = (
    ".hcgames-figure text.label, .hcgames-figure .label text { pointer-events: none; "
    "paint-order: stroke; stroke: #FFFFFF; stroke-width: 3px; stroke-linejoin: round; }"
    # sea names in italics, as atlases print them (bqplot sets the colour inline)
    ".hcgames-figure text.label[style*='rgb(31, 78, 121)'] { font-style: italic; }"
    # white letters (on Black's tokens) get a dark halo, not a white one
    ".hcgames-figure text.label[style*='rgb(255, 255, 255)'] { stroke: #111111; }"
    ".hcgames-map path.event_layer:focus { outline: none; stroke: #000000 !important; "
    "stroke-width: 4px !important; stroke-opacity: 1 !important; stroke-dasharray: 6 3; }"
    ".hcgames-legend { font-size: 14px; line-height: 1.5; }"
    ".hcgames-legend .hc-key { display: inline-flex; align-items: center; gap: 5px; "
    "margin: 2px 14px 2px 0; }"
)

# Gives the figure a role and label, every clickable region a title (name and holder),
# a place in the Tab order and Enter/Space to click it. Runs from an <img onerror>,
# the one way a widget's HTML may run code in both JupyterLab and Voila.
_ACCESS_JS = (
    "var img=this,root=img.closest('.hcgames-map');if(!root)return;"
    "var titles=JSON.parse(img.dataset.titles),label=img.dataset.label,tries=0;"
    "var n=Object.keys(titles).length;"
    "(function go(){var svg=root.querySelector('svg.svg-figure'),"
    "paths=root.querySelectorAll('path.event_layer');"
    "if(!svg||paths.length<n){if(tries++<100)setTimeout(go,300);return;}"
    "svg.setAttribute('role','group');svg.setAttribute('aria-label',label);"
    # bqplot moves a picked region's path to the end: find each by its bound feature
    "paths.forEach(function(p){var d=p.__data__,id=d&&d.id;if(!(id in titles))return;"
    "p.setAttribute('tabindex','0');p.setAttribute('role','button');"
    "p.setAttribute('aria-label',titles[id]);"
    "var t=p.querySelector('title');if(!t){t=document.createElementNS("
    "'http://www.w3.org/2000/svg','title');p.appendChild(t);}t.textContent=titles[id];"
    "if(!p.dataset.hcKeys){p.dataset.hcKeys='1';p.addEventListener('keydown',function(e){"
    "if(e.key==='Enter'||e.key===' '){e.preventDefault();"
    "p.dispatchEvent(new MouseEvent('click',{bubbles:true}));}});}});})();"
)


def legend_html(
    view: RegionView, sea: Sequence[bool], short_names: dict[str, str], straits: bool
) -> str:
    """The key under a map or board: sides, unheld land and sea, symbols, labels."""
    state = view.state
    players = range(len(state.game.player_names))
    styles = [side_of(state, p) for p in players]
    keys = []
    for player, style in zip(players, styles, strict=True):
        fill = region_fill(player, False, state)
        keys.append((swatch(fill), f"{escape(state.side_name(player))} ({escape(style.short)})"))
    keys.append((swatch(region_colour(None)), "land held by nobody"))
    if any(sea):
        keys.append((swatch(region_colour(None, True)), "<i>sea</i> held by nobody"))
    sides = {str(v.get("side", "")) for v in view._views.values()}
    if any("independent" in s for s in sides):
        keys.append((swatch(region_colour(None)), "independent army (not a player)"))
    extra = [s for s in (side_of(state, p) for p in players)]
    names = " ".join(view.region_name(r) for r in view.region_ids)
    texts = " ".join(getattr(view, "names", {}).values()) + names
    for symbol, meaning in _SYMBOLS.values():
        if any(symbol in p.text for p in getattr(view, "placed", [])) or symbol in texts:
            keys.append((f"<b>{symbol}</b>", meaning))
    if straits:
        keys.append(("<b>- - -</b>", "neighbours across a strait"))
    drawn = {str(v.get("symbol")) for v in view._views.values() if v.get("symbol")}
    if not view.show_symbols:
        drawn = set()
    for symbol, meaning in state.map_symbols():
        if symbol in drawn:
            keys.append((f"<b>{escape(symbol)}</b>", escape(meaning)))
    for label, meaning in _label_key(state.game.id):
        keys.append((f"<b>{escape(label)}</b>", escape(meaning)))
    body = "".join(f"<span class='hc-key'>{a}<span>{b}</span></span>" for a, b in keys)
    if short_names:
        numbered = sorted(short_names.items(), key=lambda kv: int(kv[1]) if kv[1].isdigit() else 0)
        body += (
            "<div><b>Numbers on the map:</b> "
            + "; ".join(f"<b>{escape(n)}</b> {escape(view.region_name(r))}" for r, n in numbered)
            + "</div>"
        )
    return pattern_defs(extra) + f"<div role='note' aria-label='Map key'>{body}</div>"


def _label_key(game_id: str) -> list[tuple[str, str]]:
    try:
        rows = read_json("legends.json").get("games", {}).get(game_id, [])
    except Exception:  # a missing key file must not break a map
        return []
    return [(str(a), str(b)) for a, b in rows]


#: how board spaces of each kind are filled (other kinds: unheld land or sea)
SPACE_FILL = {
    "land": "#D5E6BC",
    "sea": "#BCD6EE",
    "port": "#7FA9D1",
    "capitol-white": "#F1DDAE",
    "capitol-black": "#C7AE78",
}
SPACE_WORDS = {
    "land": "land",
    "sea": "sea",
    "port": "port (where ships dock)",
    "capitol-white": "White's capitol",
    "capitol-black": "Black's capitol",
}
#: how board links of each kind are drawn: colour, width, dash, words for the key
EDGE_STYLE = {
    "road": ("#8A7A5C", 1.5, "solid", "road"),
    "bridge": ("#7A3E12", 4.0, "solid", "bridge (ships sail under)"),
    "lane": ("#4D7EA8", 1.2, "dashed", "sea lane"),
    "dock": ("#1F4E79", 2.5, "dotted", "dock (port to its land)"),
}
#: the outline of piece tokens: a shade no other mark uses, so that the CSS below can
#: let clicks fall through a token to the space under it
_TOKEN_STROKE = "#111112"
#: the outline of highlighted spaces (also a shade of its own, clicks fall through)
_TARGET_STROKE = "#A86E00"
_BOARD_CSS = (
    ".hcgames-board path.dot[style*='stroke: rgb(17, 17, 18)'], "
    ".hcgames-board path.dot[style*='stroke: rgb(168, 110, 0)'] { pointer-events: none; }"
)
#: fill of the spaces the picked piece may reach
TARGET = "#F5C542"
_COORD = re.compile(r"^([a-z]+)(\d+)$")


def board_coordinates(
    nodes: dict[str, dict[str, Any]],
) -> tuple[dict[str, float], dict[str, float]]:
    """Column letters and row numbers of a grid board whose space names read like
    ``h10`` (column ``h``, row 10): ``({"a": x, ...}, {"1": y, ...})``, or two
    empty dicts when the names do not follow the grid."""
    columns: dict[str, set[float]] = {}
    rows: dict[str, set[float]] = {}
    for sid, node in nodes.items():
        match = _COORD.match(sid)
        if not match:
            return {}, {}
        columns.setdefault(match.group(1), set()).add(float(node["x"]))
        rows.setdefault(match.group(2), set()).add(float(node["y"]))
    if any(len(v) != 1 for v in [*columns.values(), *rows.values()]):
        return {}, {}
    return (
        {k: next(iter(v)) for k, v in sorted(columns.items())},
        {k: next(iter(v)) for k, v in sorted(rows.items(), key=lambda kv: int(kv[0]))},
    )


class BoardView(RegionView):
    """A board drawn from ``game.board_layout()``: spaces at fixed places, filled by
    their kind, links between them, and each side's pieces as tokens in the side's
    colour (``data/factions.json``) with the piece's letter; what a piece carries is
    written under it. Grid boards (spaces named like ``h10``) get column letters and
    row numbers on all four edges.

    Clicking a space picks it (then a second one as the target, as on a map); while
    one space is picked, every space a legal action could take it to is highlighted.
    With no ``width`` the board fills the page width and keeps its shape; labels are
    placed for a ``LAYOUT_WIDTH``-pixel board (``layout_width`` if given, at least
    520) and only gain room as it grows.

    With ``pick_pieces`` (the lessons' board, :func:`piece_board`) a click picks one
    piece instead: of the pieces on the space (``region_views()[space]["units"]``,
    ``[id, name]`` pairs, top piece first) the first that a legal action moves (an
    action's ``piece`` field), and every space it may step to now is highlighted; the
    caption above the board is the state's own description naming the picked piece.
    """

    LAYOUT_WIDTH = 620

    def __init__(
        self,
        state: State,
        width: int | None = None,
        height: int | None = None,
        *,
        legend: bool = True,
        max_width: int = 1100,
        pick_pieces: bool = False,
        layout_width: int | None = None,
    ) -> None:
        self.pick_pieces = pick_pieces
        #: the picked piece (with ``pick_pieces``), its name, and where it may step
        self.picked: str | None = None
        self.picked_name = ""
        self.targets: list[str] = []
        if layout_width is not None:
            self.LAYOUT_WIDTH = max(layout_width, 520)
        layout = state.game.board_layout()
        if not layout:
            raise ValueError(f"{state.game.title} has no board (game.board_layout() is None)")
        nodes: dict[str, dict[str, Any]] = {str(k): v for k, v in layout["nodes"].items()}
        ids = list(nodes)
        self.kinds = [str(nodes[i].get("kind", "land")) for i in ids]
        sea = [_is_sea(k) for k in self.kinds]
        super().__init__(state, ids, sea)
        self.names = {i: str(nodes[i].get("label", i)) for i in ids}
        self.highlighted: list[str] = []
        xs = [float(nodes[i]["x"]) for i in ids]
        ys = [float(nodes[i]["y"]) for i in ids]
        self.columns, self.rows = board_coordinates(nodes)
        grid = bool(self.columns)
        span_x = max(xs) - min(xs) or 1.0
        span_y = max(ys) - min(ys) or 1.0
        if grid:  # one space a step: leave a step and a half for the coordinates
            pad_x = pad_y = 1.4
        else:
            pad_x, pad_y = span_x * 0.18, span_y * 0.12
        self.fluid = width is None
        width = width or self.LAYOUT_WIDTH
        margin = 6
        if height is None:
            ratio = (span_y + 2 * pad_y) / (span_x + 2 * pad_x)
            height = round((width - 2 * margin) * ratio + 2 * margin)
            if not grid:
                height = min(560, max(240, height))
        self.width, self.height = width, height
        # Size spaces and tokens by how close the spaces sit on screen.
        px = (width - 2 * margin) / (span_x + 2 * pad_x)
        py = (height - 2 * margin) / (span_y + 2 * pad_y)
        self._step_y = py
        gap = _closest_gap([(x * px, y * py) for x, y in zip(xs, ys, strict=True)])
        square = max(8.0, min(40.0, 0.86 * gap))
        token = max(8.0, min(30.0, 0.64 * gap))
        self._lift = 0.16 * gap / py  # a token carrying riders moves up by this much
        named = not grid and len(ids) <= 40
        x_scale = bqplot.LinearScale(min=min(xs) - pad_x, max=max(xs) + pad_x)
        y_scale = bqplot.LinearScale(min=min(ys) - pad_y, max=max(ys) + pad_y)
        scales = {"x": x_scale, "y": y_scale}
        self._xy = {i: (x, y) for i, x, y in zip(ids, xs, ys, strict=True)}
        marks: list[bqplot.Mark] = []
        by_kind: dict[str, tuple[list[list[float]], list[list[float]]]] = {}
        for edge in layout.get("edges", []):
            a, b = str(edge[0]), str(edge[1])
            kind = str(edge[2]) if len(edge) > 2 else "border"
            ex, ey = by_kind.setdefault(kind, ([], []))
            ex.append([float(nodes[a]["x"]), float(nodes[b]["x"])])
            ey.append([float(nodes[a]["y"]), float(nodes[b]["y"])])
        self.edge_kinds = sorted(by_kind)
        for kind in self.edge_kinds:
            ex, ey = by_kind[kind]
            colour, stroke, dash, _words = EDGE_STYLE.get(
                kind,
                ("#4D7EA8", 2.0, "dashed", kind)
                if _is_sea(kind)
                else ("#8A8A8A", 2.0, "solid", kind),
            )
            marks.append(
                bqplot.Lines(
                    x=ex,
                    y=ey,
                    scales=scales,
                    colors=[colour],
                    stroke_width=stroke,
                    line_style=dash,
                    enable_hover=False,
                )
            )
        self.nodes = bqplot.Scatter(
            x=xs,
            y=ys,
            scales=scales,
            names=[self.names[i] for i in ids],
            display_names=named,
            colors=self._space_fills(),
            default_size=round(square * square),
            marker="square" if grid else "circle",
            stroke="#6B6B6B",
            interactions={"click": "select", "hover": "tooltip"},
            tooltip=self.hover_box,
            selected_style={"stroke": "#000000", "stroke-width": 4},
            unselected_style={},
        )
        # the spaces the picked piece may reach: a thick gold outline shows round a token
        self.target_marks = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=[TARGET],
            default_size=round(square * square),
            marker="square" if grid else "circle",
            stroke=_TARGET_STROKE,
            stroke_width=3.5,
            visible=False,
            enable_hover=False,
        )
        self.tokens = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=["#FFFFFF"],
            default_size=round(token * token),
            stroke=_TOKEN_STROKE,
            stroke_width=1.5,
            visible=False,
            enable_hover=False,
        )
        self.unit_labels = bqplot.Label(
            x=xs,
            y=ys,
            text=["" for _ in ids],
            scales=scales,
            colors=["#111111"],
            default_size=13 if token >= 24 else 11,
            font_weight="bold",
            align="middle",
            y_offset=4,
            enable_hover=False,
        )
        self.rider_labels = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            colors=["#111111"],
            default_size=11,
            font_weight="bold",
            align="middle",
            y_offset=4,
            enable_hover=False,
        )
        marks.extend(
            [self.nodes, self.target_marks, self.tokens, self.unit_labels, self.rider_labels]
        )
        if grid:
            marks.append(self._coordinate_mark(scales, min(xs), max(xs), min(ys), max(ys)))
        self.figure = bqplot.Figure(
            marks=marks,
            fig_margin={"top": margin, "bottom": margin, "left": margin, "right": margin},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": "#FBFBF8"},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        # bqplot's own PanZoom leaves labels behind and swallows clicks: not offered
        self.figure.display_toolbar = False
        self.figure.add_class("hcgames-figure")
        self._uid = f"hc-board-{id(self):x}"
        self._max_width = max_width
        if self.fluid:
            self.figure.layout = widgets.Layout(width="100%")
            self.figure.add_class(self._uid)
        self.add_class("hcgames-board")
        self.legend = widgets.HTML(layout=widgets.Layout(display="" if legend else "none"))
        self.legend.add_class("hcgames-legend")
        self._style.value = self._css()
        self.nodes.observe(self._on_nodes_selected, names=["selected"])
        self.nodes.observe(self._on_nodes_hovered, names=["hovered_point"])
        self.children = [
            self.text_line,
            self._style,
            self.figure,
            self.legend,
            self.info,
            self.messages,
        ]
        #: the caption line above the board (the lessons' old name for it)
        self.caption = self.text_line
        self.update(state)

    # --- building ------------------------------------------------------------------
    def _coordinate_mark(
        self, scales: dict[str, Any], x0: float, x1: float, y0: float, y1: float
    ) -> bqplot.Label:
        xs, ys, texts = [], [], []
        for letter, x in self.columns.items():
            for y in (y0 - 0.95, y1 + 0.95):
                xs.append(x)
                ys.append(y)
                texts.append(letter)
        for number, y in self.rows.items():
            for x in (x0 - 1.0, x1 + 1.0):
                xs.append(x)
                ys.append(y)
                texts.append(number)
        mark = bqplot.Label(
            x=xs,
            y=ys,
            text=texts,
            scales=scales,
            colors=["#444444"],
            default_size=12,
            font_weight="bold",
            align="middle",
            y_offset=4,
            enable_hover=False,
        )
        self.coordinates = mark
        return mark

    def _css(self) -> str:
        fluid = (
            f".{self._uid} {{ width: 100% !important; height: auto !important; "
            f"aspect-ratio: {self.width} / {self.height}; "
            f"max-width: min({self._max_width}px, "
            f"calc((100vh - 110px) * {self.width / self.height:.4f})); }}"
            if self.fluid
            else ""
        )
        return "<style>" + _MAP_CSS + _BOARD_CSS + fluid + "</style>"

    def _space_fills(self) -> list[str]:
        fills = []
        for kind, sea in zip(self.kinds, self._sea, strict=True):
            fills.append(SPACE_FILL.get(kind, NEUTRAL_SEA if sea else NEUTRAL))
        return fills

    # --- state ---------------------------------------------------------------------
    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def update(self, state: State) -> None:
        """Show ``state``; a picked piece stays picked while it is still on the board."""
        if self.pick_pieces:
            self.state = state
            self._views = self._region_views(state)
            units = {u[0] for view in self._views.values() for u in view.get("units", [])}
            if self.picked is not None and self.picked not in units:
                self.picked = None
            self._pick_targets()
            self._draw()
            self._show_text()
            return
        super().update(state)

    def _pick_targets(self) -> None:
        self.targets = []
        if self.picked is None or self.state.is_terminal():
            return
        for action in self.state.legal_actions():
            if getattr(action, "piece", None) == self.picked:
                regions = self.state.action_regions(action)
                if regions:
                    self.targets.append(regions[-1])

    def click(self, region: str) -> list[str]:
        """One click on ``region``. With ``pick_pieces``: pick the top piece there (or
        the first piece it carries that can move) and return where it may step now."""
        if not self.pick_pieces:
            return super().click(region)
        units = list((self._views.get(region) or {}).get("units", []))
        movable = {getattr(a, "piece", None) for a in self.state.legal_actions()}
        self.picked, self.picked_name = None, ""
        if units:
            choices = [u for u in units if u[0] in movable]
            self.picked, self.picked_name = choices[0] if choices else units[0]
        self._pick_targets()
        self.selection = [region] if units else []
        self._syncing = True
        try:
            self._push_selection()
        finally:
            self._syncing = False
        self._show_text()
        for callback in self._listeners:
            callback(list(self.selection))
        return list(self.targets)

    def clear_selection(self) -> None:
        self.picked, self.picked_name, self.targets = None, "", []
        super().clear_selection()

    def _set_selection(self, regions: list[str]) -> None:
        if not regions:
            self.picked, self.picked_name, self.targets = None, "", []
        super()._set_selection(regions)

    def reachable(self) -> list[str]:
        """The spaces to highlight: where a legal action could take what is on the
        one picked space (none while nothing, or a source and target, is picked);
        with ``pick_pieces``, where the picked piece may step."""
        if self.pick_pieces:
            return list(self.targets)
        if len(self.selection) != 1 or self.state.is_terminal():
            return []
        source, out = self.selection[0], []
        for action in self.state.legal_actions():
            regions = self.state.action_regions(action)
            if len(regions) >= 2 and regions[0] == source and regions[-1] not in out:
                out.append(regions[-1])
        return out

    def _draw(self) -> None:
        self.highlighted = [r for r in self.reachable() if r in self._index]
        fills = self._space_fills()
        for region in self.highlighted:
            fills[self._index[region]] = TARGET
        if list(self.nodes.colors) != fills:
            self.nodes.colors = fills
        spots = [self._xy[r] for r in self.highlighted]
        with self.target_marks.hold_sync():
            self.target_marks.x = [p[0] for p in spots] or [0.0]
            self.target_marks.y = [p[1] for p in spots] or [0.0]
            self.target_marks.visible = bool(spots)
        tx, ty, tcolours, inks, lx, ly, texts, rx, ry, riders = ([] for _ in range(10))
        for rid in self.region_ids:
            view = self._views.get(rid) or {}
            x, y = self._xy[rid]
            owner = view.get("owner")
            rider = str(view.get("riders", "") or "")
            top = str(view.get("piece", view.get("label", "")) or "")
            lift = self._lift if rider else 0.0
            ink = "#111111"
            if isinstance(owner, int):
                style = side_of(self.state, owner)
                tx.append(x)
                ty.append(y + lift)
                tcolours.append(style.colour)
                ink = style.ink
            lx.append(x)
            ly.append(y + lift)
            texts.append(top)
            inks.append(ink)
            if rider:
                rx.append(x)
                ry.append(y - 0.36)
                riders.append(rider)
        with self.tokens.hold_sync():
            self.tokens.x, self.tokens.y = tx or [0.0], ty or [0.0]
            self.tokens.colors = tcolours or ["#FFFFFF"]
            self.tokens.visible = bool(tx)
        with self.unit_labels.hold_sync():
            self.unit_labels.x, self.unit_labels.y = lx, ly
            self.unit_labels.text = texts
            self.unit_labels.colors = inks
        with self.rider_labels.hold_sync():
            self.rider_labels.x, self.rider_labels.y = rx or [0.0], ry or [0.0]
            self.rider_labels.text = riders or [""]
        legend = board_legend_html(self)
        if self.legend.value != legend:
            self.legend.value = legend

    def token_colours(self) -> dict[str, str]:
        """The colour of the token on every space that has one."""
        out = {}
        for rid in self.region_ids:
            owner = (self._views.get(rid) or {}).get("owner")
            if isinstance(owner, int):
                out[rid] = side_of(self.state, owner).colour
        return out

    @property
    def text(self) -> str:
        state = self.state
        if self.pick_pieces:
            base = state.describe()
            if self.picked is None:
                return base + " Click a piece to see its moves."
            where = ", ".join(self.targets) or "nowhere"
            return f"{base} Picked {self.picked_name}: it may step to {where}."
        held: dict[str, int] = {}
        for view in self._views.values():
            owner = view.get("owner")
            if isinstance(owner, int):
                name = state.side_name(owner)
                held[name] = held.get(name, 0) + 1
        pieces = "; ".join(f"{name} has pieces on {n} spaces" for name, n in held.items())
        base = f"Round {state.round}, {state.phase} phase. {pieces or 'The board is empty'}."
        if len(self.selection) == 2:
            base += " Picked: " + " then ".join(self.region_name(r) for r in self.selection) + "."
        if len(self.selection) == 1:
            where = ", ".join(self.region_name(r) for r in self.highlighted) or "nowhere"
            base += f" From {self.region_name(self.selection[0])} it may go to: {where}."
        return base

    def _push_selection(self) -> None:
        self.nodes.selected = [self._index[r] for r in self.selection] or None
        self._draw()

    def _on_nodes_selected(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        new = [
            self.region_ids[int(i)] for i in (change["new"] if change["new"] is not None else [])
        ]
        if not new:
            self._set_selection([])
            return
        added = [r for r in new if r not in self.selection]
        if added:
            self.click(added[-1])
        else:
            self._set_selection(new[-2:])

    def _on_nodes_hovered(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and 0 <= int(index) < len(self.region_ids):
            self._hover(self.region_ids[int(index)])


def piece_board(
    state: State, width: int | None = None, height: int | None = None, *, legend: bool = True
) -> BoardView:
    """The lessons' board: a :class:`BoardView` on which a click picks a piece and shows
    where it may step. It fills the page and keeps its shape, laid out for at least
    ``width`` pixels (default 620); ``height`` is only kept for old calls."""
    return BoardView(state, legend=legend, pick_pieces=True, layout_width=width)


def _token(colour: str) -> str:
    return (
        "<svg width='18' height='18' aria-hidden='true' style='vertical-align:middle'>"
        f"<circle cx='9' cy='9' r='7.5' fill='{colour}' stroke='#111111' stroke-width='1.5'/>"
        "</svg>"
    )


def _line(colour: str, width: float, dash: str) -> str:
    pattern = {"dashed": "6 3", "dotted": "2 3"}.get(dash, "none")
    return (
        "<svg width='26' height='12' aria-hidden='true' style='vertical-align:middle'>"
        f"<line x1='1' y1='6' x2='25' y2='6' stroke='{colour}' stroke-width='{width}' "
        f"stroke-dasharray='{pattern}'/></svg>"
    )


def board_legend_html(view: BoardView) -> str:
    """The key under a board: each side's token, the kinds of space and link, the
    highlight, and what the letters on pieces mean."""
    state = view.state
    keys = []
    for player in range(len(state.game.player_names)):
        style = side_of(state, player)
        keys.append((_token(style.colour), f"{escape(state.side_name(player))}'s pieces"))
    for kind in dict.fromkeys(view.kinds):
        fill = SPACE_FILL.get(kind, NEUTRAL_SEA if _is_sea(kind) else NEUTRAL)
        keys.append((swatch(fill), escape(SPACE_WORDS.get(kind, kind))))
    for kind in view.edge_kinds:
        if kind in EDGE_STYLE:
            colour, width, dash, words = EDGE_STYLE[kind]
            keys.append((_line(colour, width, dash), escape(words)))
    keys.append((swatch(TARGET), "where the picked piece may go"))
    for label, meaning in _label_key(state.game.id):
        keys.append((f"<b>{escape(label)}</b>", escape(meaning)))
    body = "".join(f"<span class='hc-key'>{a}<span>{b}</span></span>" for a, b in keys)
    return f"<div role='note' aria-label='Board key'>{body}</div>"
