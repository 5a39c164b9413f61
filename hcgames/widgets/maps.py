"""Map and board views: regions coloured by their holder, unit labels, click to pick.

Both views read only the view hooks of the contract (``game.geojson()`` or
``game.board_layout()``, ``state.region_views()``) and update the traits of their
bqplot marks in place on every step; the Figure is built once.

Clicking regions picks a *source* and then a *target*; :meth:`RegionView.on_select`
tells listeners (the stepper's action picker) which regions are picked. A third
click starts a new pick; clicking a picked region again drops it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.core import State
from hcgames.widgets._base import NEUTRAL, View, region_colour
from hcgames.widgets.geo import aspect_ratio, feature_centroid, fit_mercator

__all__ = ["BoardView", "MapView", "RegionView"]

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
            out.append(region_colour(owner if isinstance(owner, int) else None, sea))
        return out

    def labels(self) -> list[str]:
        """Current unit label of every region, in ``region_ids`` order."""
        return [str(self._views.get(rid, {}).get("label", "") or "") for rid in self.region_ids]

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
        holdings = ", ".join(f"{name} holds {n}" for name, n in held.items()) or "nobody holds any"
        picked = (
            " Picked: " + " then ".join(self.region_name(r) for r in self.selection) + "."
            if self.selection
            else ""
        )
        return (
            f"Round {state.round}, {state.phase} phase. {len(self.region_ids)} regions: "
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

    def click(self, region: str) -> None:
        """One click on ``region``: drop it if picked, else add it (a third starts anew)."""
        if region in self.selection:
            new = [r for r in self.selection if r != region]
        elif len(self.selection) >= 2:
            new = [region]
        else:
            new = [*self.selection, region]
        self._set_selection(new)

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
    """A bqplot Map of the game's GeoJSON, coloured by holder, with unit labels."""

    def __init__(self, state: State, width: int = 640, height: int | None = None) -> None:
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
        if height is None:
            # as tall as the map needs, within what fits on a classroom screen
            height = round(min(520, max(260, (width - 32) * aspect_ratio(geojson) + 32)))
        self.width, self.height = width, height
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
        pixels = []
        for feature in features:
            lon, lat = feature_centroid(feature)
            pixels.append(self.projection_fit.pixel(lon, lat))
        x_scale = bqplot.LinearScale(min=0.0, max=float(width), allow_padding=False)
        y_scale = bqplot.LinearScale(min=0.0, max=float(height), allow_padding=False)
        self.centroids = {rid: p for rid, p in zip(ids, pixels, strict=True)}
        self.unit_labels = bqplot.Label(
            x=[p[0] for p in pixels],
            y=[height - p[1] for p in pixels],
            text=["" for _ in pixels],
            scales={"x": x_scale, "y": y_scale},
            colors=["#111111"],
            default_size=13,
            font_weight="bold",
            align="middle",
            y_offset=5,
            enable_hover=False,
        )
        self.figure = bqplot.Figure(
            marks=[self.map, self.unit_labels],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": "#F7FAFC"},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self.figure.add_class("hcgames-figure")
        # The browser test counts one clickable path per region against this number.
        self.add_class("hcgames-map")
        self.add_class(f"hcgames-regions-{len(ids)}")
        self.map.observe(self._on_map_selected, names=["selected"])
        self.map.on_hover(self._on_map_hover)
        self.children = [self.text_line, self._style, self.figure, self.info, self.messages]
        self.update(state)

    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def _draw(self) -> None:
        colours = dict(zip(self.region_ids, self.colours(), strict=True))
        colours["default_color"] = NEUTRAL
        if self.map.colors != colours:
            self.map.colors = colours
        labels = self.labels()
        if list(self.unit_labels.text) != labels:
            self.unit_labels.text = labels

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


class BoardView(RegionView):
    """A board drawn from ``game.board_layout()``: nodes at fixed places, edges between."""

    def __init__(self, state: State, width: int = 560, height: int | None = None) -> None:
        layout = state.game.board_layout()
        if not layout:
            raise ValueError(f"{state.game.title} has no board (game.board_layout() is None)")
        nodes: dict[str, dict[str, Any]] = {str(k): v for k, v in layout["nodes"].items()}
        ids = list(nodes)
        sea = [_is_sea(nodes[i].get("kind")) for i in ids]
        super().__init__(state, ids, sea)
        self.names = {i: str(nodes[i].get("label", i)) for i in ids}
        xs = [float(nodes[i]["x"]) for i in ids]
        ys = [float(nodes[i]["y"]) for i in ids]
        span_x = max(xs) - min(xs) or 1.0
        span_y = max(ys) - min(ys) or 1.0
        if height is None:
            height = round(min(560, max(240, width * span_y / span_x)))
        pad_x, pad_y = span_x * 0.18, span_y * 0.12
        # Size the tokens by how close the nodes sit on screen.
        px = (width - 20) / (span_x + 2 * pad_x)
        py = (height - 20) / (span_y + 2 * pad_y)
        gap = _closest_gap([(x * px, y * py) for x, y in zip(xs, ys, strict=True)])
        diameter = max(8.0, min(30.0, 0.8 * gap))
        crowded = len(ids) > 40
        x_scale = bqplot.LinearScale(min=min(xs) - pad_x, max=max(xs) + pad_x)
        y_scale = bqplot.LinearScale(min=min(ys) - pad_y, max=max(ys) + pad_y)
        scales = {"x": x_scale, "y": y_scale}
        marks: list[bqplot.Mark] = []
        by_kind: dict[str, tuple[list[list[float]], list[list[float]]]] = {}
        for edge in layout.get("edges", []):
            a, b = str(edge[0]), str(edge[1])
            kind = str(edge[2]) if len(edge) > 2 else "border"
            ex, ey = by_kind.setdefault(kind, ([], []))
            ex.append([float(nodes[a]["x"]), float(nodes[b]["x"])])
            ey.append([float(nodes[a]["y"]), float(nodes[b]["y"])])
        for kind, (ex, ey) in sorted(by_kind.items()):
            marks.append(
                bqplot.Lines(
                    x=ex,
                    y=ey,
                    scales=scales,
                    colors=["#4D7EA8" if _is_sea(kind) else "#8A8A8A"],
                    stroke_width=2.0,
                    line_style="dashed" if _is_sea(kind) else "solid",
                    enable_hover=False,
                )
            )
        self.nodes = bqplot.Scatter(
            x=xs,
            y=ys,
            scales=scales,
            names=[self.names[i] for i in ids],
            display_names=not crowded,
            colors=[NEUTRAL] * len(ids),
            default_size=round(diameter * diameter),
            stroke="#333333",
            interactions={"click": "select", "hover": "tooltip"},
            tooltip=self.hover_box,
            selected_style={"stroke": "#000000", "stroke-width": 4},
            unselected_style={},
        )
        self.unit_labels = bqplot.Label(
            x=xs,
            y=ys,
            text=["" for _ in ids],
            scales=scales,
            colors=["#111111"],
            default_size=13 if diameter >= 24 else 10,
            font_weight="bold",
            align="middle",
            y_offset=4,
            enable_hover=False,
        )
        marks.extend([self.nodes, self.unit_labels])
        self.figure = bqplot.Figure(
            marks=marks,
            fig_margin={"top": 10, "bottom": 10, "left": 10, "right": 10},
            background_style={"fill": "#FBFBF8"},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self.figure.add_class("hcgames-figure")
        self.nodes.observe(self._on_nodes_selected, names=["selected"])
        self.nodes.observe(self._on_nodes_hovered, names=["hovered_point"])
        self.children = [self.text_line, self._style, self.figure, self.info, self.messages]
        self.update(state)

    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def _draw(self) -> None:
        colours = self.colours()
        if list(self.nodes.colors) != colours:
            self.nodes.colors = colours
        labels = self.labels()
        if list(self.unit_labels.text) != labels:
            self.unit_labels.text = labels

    def _push_selection(self) -> None:
        self.nodes.selected = [self._index[r] for r in self.selection] or None

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
