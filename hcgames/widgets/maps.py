"""Map views: regions coloured by their holder, every place named, click to pick.

The view reads only the view hooks of the contract (``game.geojson()``,
``state.region_views()``) and updates the traits of its bqplot marks in place on
every step; the Figure is built once. Every place is named on the map the way a
printed atlas names it (:mod:`hcgames.widgets.labels`): inside, in smaller type, as
a short form, or beside it with a leader line; never as a footnote number.

Boards (:class:`BoardView`, :func:`piece_board`) live in :mod:`hcgames.widgets.boards`
and are re-exported here, as the lessons import them from this module.

One module past 600 lines on purpose: the map's marks (outlines, names, leader lines,
straits) are built together and restyled together on every step, sized from one scale.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from html import escape
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.core import State
from hcgames.factions import SideStyle
from hcgames.labels import MAX_LEADER, Placed, Territory, place_names, text_height, text_width
from hcgames.theatres import crop, scenario_theatre, theatre_frame, theatres
from hcgames.unit_lines import unit_places
from hcgames.widgets._base import (
    NEUTRAL,
    region_colour,
)
from hcgames.widgets.boards import (
    EDGE_STYLE,
    SPACE_FILL,
    SPACE_WORDS,
    TARGET,
    BoardView,
    board_coordinates,
    board_legend_html,
    piece_board,
)
from hcgames.widgets.geo import (
    Projection,
    aspect_ratio,
    feature_centroid,
    feature_rings,
    fit_mercator,
)
from hcgames.widgets.map_access import ACCESS_JS
from hcgames.widgets.map_history import SITE_INK, add_sites, paint_map
from hcgames.widgets.map_keys import (
    LEADER_INK,
    SYMBOLS,
    independent_style,
    is_independent,
    large_ink,
    legend_html,
    painted_legend_html,
    region_fill_for_independents,
)
from hcgames.widgets.regions import (
    LARGE_NAME_GROW,
    MAP_CSS,
    SEA_INK,
    RegionView,
    _is_sea,
    em,
    figure_css,
)
from hcgames.words import count

__all__ = [
    "EDGE_STYLE",
    "SPACE_FILL",
    "SPACE_WORDS",
    "TARGET",
    "BoardView",
    "MapView",
    "RegionView",
    "board_coordinates",
    "board_legend_html",
    "independent_style",
    "legend_html",
    "piece_board",
]


#: the longest leader line on a fixed-width map (shown at its own size)
FIXED_MAX_LEADER = 40.0
#: the smallest name on a map as a 1366x768 screen shows it (pixels): read projected
SCREEN_NAME_PX = 16.0
#: the smallest name on a cropped (theatre) map shown at its own size on a 1024x700
#: screen, where the play screens keep their map's fixed width (pixels)
CHROMEBOOK_NAME_PX = 14.0
#: how wide a page map with its key beside it (:meth:`MapView.key_beside`: a stepper, a
#: stage viewer, the Salamis sliders) is shown on a 1024x700 screen, where the column
#: beside it takes 300 px of the page (pixels); its names are sized for this width, so
#: they are :data:`SCREEN_NAME_PX` there too and larger on a wider screen
BESIDE_SHOWN_PX = 676.0
#: ... but only on a map of at most this many places: the Classical world's sixty-odd
#: names (and its resource marks) in type that large stood on each other at 676 px
BESIDE_MAX_PLACES = 32


#: how much larger than its map's type a small map's names are set under Large text,
#: tried in turn: the largest whose names stand on no more other names than the map's
#: own layout is kept (see :meth:`MapView._large_layout`)
LARGE_NAME_SCALES = (1.5, 1.4, 1.3, 1.2)


#: the widest room kept for a unit line under a name, in widths of the unit type
UNIT_ROOM_EMS = 5.0


def _rgb(ink: str) -> str:
    value = int(ink.lstrip("#"), 16)
    return f"rgb({value >> 16}, {(value >> 8) & 255}, {value & 255})"


def _clashes(placed: Sequence[Placed]) -> int:
    """How many pairs of names stand on each other (with their unit lines)."""
    boxes = [p.box for p in placed]
    return sum(
        1
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    )


def name_sizes(scale: float) -> tuple[float, float]:
    """The largest and smallest type (pixels of the laid-out map) of a map that a
    1366x768 screen shows ``scale`` times its laid-out width: the smallest is
    :data:`SCREEN_NAME_PX` there (never under 10 px where the map is shown at its own
    size), the largest a pixel more (larger type leaves a crowded map no room)."""
    smallest = max(10.0, math.ceil(2 * SCREEN_NAME_PX / scale) / 2)
    return smallest + 1, smallest


#: a key of the map's colours that is no place: changed to make the figure fill every
#: place again (see :meth:`MapView._push_selection`)
_REDRAW = "_redraw"


class MapView(RegionView):
    """A bqplot Map of the game's GeoJSON: every place named, the holder's colour and
    hatch, unit labels, a legend, and click (or, from the keyboard: one Tab stop, the
    arrow keys between places, Enter) to pick.

    By default the map fills the width of the page (up to ``max_width`` pixels) and
    keeps its shape, so it grows on a projector and fits a 1024-pixel Chromebook;
    names are placed for a ``LAYOUT_WIDTH``-pixel map, the smallest it is meant to
    be shown at, so they only gain room as it grows. ``width`` (pixels) fixes the
    size instead. No pan or zoom is offered: the whole map is always in view.

    ``focus`` lists the places the page talks about (ids or names): they are named
    first and never in smaller type.

    Names are full names (never a short form with a footnote list) in type that is
    at least :data:`SCREEN_NAME_PX` pixels on a 1366x768 screen: a page map is laid
    out 940 px wide and shown at least that wide there (beside a chart or a key too);
    a fixed-width map is shown at its own size unless ``shown_width`` says how wide the
    page shows it there (the play screen grows its map; a function of the laid-out
    width and height). The names grow with the map (:func:`figure_css`), and a map
    under Large text is the same picture, larger.

    ``beside`` says the page will put the map's key beside it (:meth:`key_beside`): a
    page map then shares the page's width with a column and is shown only about
    :data:`BESIDE_SHOWN_PX` wide on a 1024x700 screen; its names are sized for that
    (a map of a few places: :data:`BESIDE_MAX_PLACES`).

    ``names`` may list the only places to name (ids): a map about a few of its places
    (the homelands of a history map) leaves the others to the hover and the key.

    ``printed`` prints other names on some places (``{id: name}``), e.g. the people of
    each homeland; tooltips and the key still use the places' own names.

    ``theatre`` crops and zooms the map to a named part of it
    (``data/<game>/theatres.json``, :mod:`hcgames.theatres`): the places there get
    the whole width, and their names larger type. By default (``None``) the map shows
    its scenario's theatre if the data names one; ``False`` shows the whole map.
    """

    #: the width names are placed for (a Chromebook page leaves about this much)
    LAYOUT_WIDTH = 940
    #: narrowest fixed width at which the resource marks are drawn
    SYMBOLS_FROM_WIDTH = 800
    #: the smallest type a minor place's name is ever set in (see :func:`name_sizes`)
    MIN_NAME_SIZE = 10
    #: how much larger Large text may set a small map's names (:meth:`_large_layout`)
    LARGE_NAME_SCALES: tuple[float, ...] = LARGE_NAME_SCALES

    def __init__(
        self,
        state: State,
        width: int | None = None,
        height: int | None = None,
        *,
        names: bool | Iterable[str] = True,
        legend: bool = True,
        max_width: int = 1500,
        focus: Iterable[str] = (),
        theatre: str | bool | None = None,
        shown_width: float | Callable[[int, int], float] | None = None,
        beside: bool = False,
        printed: Mapping[str, str] | None = None,
    ) -> None:
        #: names printed on the map in place of a place's own (by id): a history map may
        #: name the people of a land instead of the land
        self.printed = dict(printed or {})
        geojson = self._map_geojson(state, theatre)
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
        if callable(shown_width):  # worked out by the page from the map's size
            shown_width = shown_width(width, height)
        shown_width = width if shown_width is None else shown_width
        if beside and self.fluid and len(ids) <= BESIDE_MAX_PLACES:
            # its key goes beside it (key_beside): at 1024 wide the map is narrowest
            shown_width = min(shown_width, BESIDE_SHOWN_PX)
        #: the largest and the smallest type of the names (pixels of the laid-out map)
        self.name_size, self.min_name_size = name_sizes(shown_width / width)
        if self.theatre and not self.fluid and self.min_name_size < CHROMEBOOK_NAME_PX:
            # a cropped map of a few places, shown at its own size on a Chromebook
            # (a play screen at 1024x700): its names are read there too
            self.min_name_size = CHROMEBOOK_NAME_PX
            self.name_size = CHROMEBOOK_NAME_PX + 1
        self.focus = set(focus)
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
            hover_highlight=False,  # bqplot's blanked a clicked place (see _BESIDE_CSS)
            # a picked or hovered place is drawn again on top as a copy of its shape; a
            # see-through copy shows only the outline, so the place keeps the colour of
            # whoever holds it now (a filled copy kept the colour it had when clicked,
            # after the place changed hands)
            selected_styles={
                "selected_fill": "transparent",
                "selected_stroke": "#000000",
                "selected_stroke_width": 6.0,  # seen on the darkest side colour too
            },
            hovered_styles={
                "hovered_fill": "transparent",
                "hovered_stroke": "#333333",
                "hovered_stroke_width": 2.5,
            },
        )
        x_scale = bqplot.LinearScale(min=0.0, max=float(width), allow_padding=False)
        y_scale = bqplot.LinearScale(min=0.0, max=float(height), allow_padding=False)
        self.scales = {"x": x_scale, "y": y_scale}
        territories = self._territories(geojson, self.projection_fit, sea)
        self.anchors = {t.id: t.anchor for t in territories}
        # the unit line under each name ("2 cav 1 inf"), bold, in the names' smallest type
        self.unit_size = self.min_name_size
        if names is True or names is False:
            self._label_territories = territories if names else []
        else:  # only these places named (ids): the rest by hover, the key and the page
            named = set(names)
            self._label_territories = [t for t in territories if t.id in named]
        self._reserved: list[tuple[float, float, float, float]] = []
        self._below = float(round(self.unit_size * 1.15))
        self.placed: list[Placed] = (
            self._place(self._label_territories, width, height, below=self._below, fluid=self.fluid)
            if self._label_territories
            else []
        )
        self.placed = self._pinned(self.placed)
        #: places shown by a short form: none (every place by its full name); kept for
        #: the key, which lists them when there are
        self.short_names: dict[str, str] = {}
        #: the inks of the marks drawn twice, the second set (:func:`large_ink`) shown
        #: only under Large text
        self._inks = {"#111111", SEA_INK, LEADER_INK}
        #: Large text sets a small map's names this much larger as a share of the map
        #: (a second layout of the names, shown only then; 1.0: none, the names grow
        #: with the map as it is shown)
        self.large_scale, self.placed_large = self._large_layout()
        self.straits = self._strait_mark(geojson, self.scales)
        self.figure = bqplot.Figure(
            marks=[self.map, self.straits, *self._name_and_unit_marks()],
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
        self.figure.add_class(self._uid)
        if self.fluid:
            self.figure.layout = widgets.Layout(width="100%")
        self._max_width = max_width
        # A history map paints regions by group and keys its own marks (see paint()).
        self._paint: dict[str, str] | None = None
        self._paint_keys: list[tuple[str, str]] = []
        self._paint_styles: list[SideStyle] = []
        self._site_keys: list[tuple[str, str]] = []
        self._tooltips: dict[str, str] = {}
        # The browser test counts one clickable path per region against this number.
        self.add_class("hcgames-map")
        self.add_class(f"hcgames-regions-{len(ids)}")
        if self.placed_large:  # its names laid out again, larger, for Large text
            self.add_class("hcgames-large-names")
        self.legend = widgets.HTML(layout=widgets.Layout(display="" if legend else "none"))
        self.legend.add_class("hcgames-legend")
        self._access = widgets.HTML(layout=widgets.Layout(height="0px", overflow="hidden"))
        self.map.observe(self._on_map_selected, names=["selected"])
        self.map.on_hover(self._on_map_hover)
        self._style.value = self._css()
        # the line above the map keeps room for two lines: a click that adds "Picked:
        # ..." to it must not push the map down under the pointer
        self.text_line.add_class("hcgames-line-kept")
        # the map's own line, found by its map's name wherever a stepper puts it
        self.text_line.add_class(f"{self._uid}-line")
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

    def _map_geojson(self, state: State, theatre: str | bool | None) -> dict[str, Any]:
        """The game's map, cropped to the lesson's theatre if it has one; sets
        :attr:`theatre`."""
        geojson = state.game.geojson()
        if not geojson:
            raise ValueError(f"{state.game.title} has no map (game.geojson() is None)")
        # a lesson about one region shows that region, larger (hcgames.theatres)
        name = scenario_theatre(state.game) if theatre is None else theatre
        #: the theatre the map is cropped to ("" = the whole map)
        self.theatre = name if isinstance(name, str) else ""
        if self.theatre:
            spec = theatres(state.game.id)["theatres"][self.theatre]
            # a place with less than keep_share of it in the frame is left out: a sliver
            # at the edge had its name cut off by the frame
            keep = float(spec.get("keep_share", 0.0))
            frame = theatre_frame(geojson, state.game.id, self.theatre)
            geojson = crop(geojson, frame, keep_share=keep)
        return geojson

    def key_beside(self) -> widgets.HTML:
        """Take the key out from under the map and return it, to be shown beside the
        map (where a layout's height, not its width, limits how large the map can be).
        The key keeps following the map as it changes."""
        self.children = [c for c in self.children if c is not self.legend]
        self.legend.add_class("hcgames-legend-beside")
        return self.legend

    # --- names ---------------------------------------------------------------------
    def _place(
        self,
        territories: Sequence[Territory],
        width: int,
        height: int,
        reserved: Sequence[tuple[float, float, float, float]] = (),
        below: float = 15.0,
        fluid: bool = True,
        scale: float = 1.0,
    ) -> list[Placed]:
        """The names laid out in the map's type, or ``scale`` times as large (Large
        text)."""
        return place_names(
            territories,
            self.name_size * scale,
            reserved=reserved,
            below=below,
            min_size=self.min_name_size * scale,
            bounds=(2.0, 2.0, width - 2.0, height - 2.0),
            max_leader=self.max_leader(fluid) * scale,
            below_width=self._unit_room(territories) * scale,
        )

    def _unit_room(self, territories: Sequence[Territory]) -> float:
        """How wide the room for the unit line under each name is at least (pixels), on
        a map of a few places (:data:`BESIDE_MAX_PLACES`): about as wide as the widest
        unit line the game shows now, up to :data:`UNIT_ROOM_EMS` of the unit type (a
        wider line slides along under its name: :mod:`hcgames.unit_lines`); look 8
        found "Rome 2 cav 1 inf" under "Rome" over "Mare Adriaticum"."""
        if len(territories) > BESIDE_MAX_PLACES:
            return 0.0
        views = self.state.region_views() or {}
        lines = [str(v.get("label") or "") for v in views.values()]
        widest = max((text_width(line, self.unit_size, bold=True) for line in lines), default=0.0)
        return min(0.85 * widest, UNIT_ROOM_EMS * self.unit_size)

    def _place_here(self, territories: Sequence[Territory], scale: float = 1.0) -> list[Placed]:
        """:meth:`_place` with this map's own size, reserved corners and spacing."""
        return self._pinned(
            self._place(
                territories,
                self.width,
                self.height,
                self._reserved,
                self._below * scale,
                self.fluid,
                scale,
            )
        )

    def _pinned(self, placed: list[Placed]) -> list[Placed]:
        """``placed`` with the names the theatre pins (``names_on`` in its data: a place's
        id and the name's offset from its anchor, in heights of its type) set there, on
        their own land with no leader. Two small neighbours' names beside each other's
        land read as each other's (look 11: "Attica" and its city over the Peloponnese,
        "Peloponnesus" and its city over Attica)."""
        pins = (
            theatres(self.state.game.id)["theatres"][self.theatre].get("names_on", {})
            if self.theatre
            else {}
        )
        if not pins:
            return placed
        out = []
        for p in placed:
            if p.id not in pins or p.id not in self.anchors:
                out.append(p)
                continue
            dx, dy = (float(v) * p.size for v in pins[p.id])
            x, y = self.anchors[p.id][0] + dx, self.anchors[p.id][1] + dy
            sx, sy = x - p.x, y - p.y  # the box moves with its name
            box = (p.box[0] + sx, p.box[1] + sy, p.box[2] + sx, p.box[3] + sy)
            out.append(replace(p, x=x, y=y, box=box, leader=None))
        return out

    def _name_and_unit_marks(self) -> list[bqplot.Mark]:
        """The leader lines, names and unit lines; then the same laid out in larger type
        for Large text (:meth:`_large_layout`), if the map has that layout."""
        self.leaders = self._leader_mark([p.leader for p in self.placed if p.leader])
        self.unit_labels = self._unit_mark(self.placed, 1.0)
        marks = [self.leaders, *self._name_marks(self.placed), self.unit_labels]
        if self.placed_large:
            self.leaders_large = self._leader_mark(
                [p.leader for p in self.placed_large if p.leader], large=True
            )
            self.unit_labels_large = self._unit_mark(self.placed_large, self.large_scale)
            marks += [
                self.leaders_large,
                *self._name_marks(self.placed_large, large=True),
                self.unit_labels_large,
            ]
        return marks

    def _large_layout(self) -> tuple[float, list[Placed]]:
        """The names of a map of a few places (:data:`BESIDE_MAX_PLACES`) laid out
        again in larger type for Large text: the largest of :data:`LARGE_NAME_SCALES`
        at which no more names stand on each other than in the map's own layout. A
        crowded map (the Classical world) keeps its one layout: its names grow with
        the map, which keeps its width under Large text."""
        territories = self._label_territories
        if not territories or len(territories) > BESIDE_MAX_PLACES:
            return 1.0, []
        clashes = _clashes(self.placed)
        for scale in self.LARGE_NAME_SCALES:
            placed = self._place_here(territories, scale)
            if _clashes(placed) <= clashes:
                return scale, placed
        return 1.0, []

    @staticmethod
    def max_leader(fluid: bool) -> float:
        """The longest leader line from a name to its place, in layout pixels: about
        40 px as a 1366-wide screen shows it (a page map is laid out 940 px wide and
        grows to about 1300 px there; a fixed-width map is shown at its own size)."""
        return MAX_LEADER if fluid else FIXED_MAX_LEADER

    def _territories(
        self, geojson: dict[str, Any], fit: Projection, sea: Sequence[bool], focus: bool = True
    ) -> list[Territory]:
        out = []
        features = list(geojson.get("features", []))
        for feature, is_sea in zip(features, sea, strict=True):
            rid = str(feature.get("id"))
            props = feature.get("properties") or {}
            point = props.get("label")
            lon, lat = point if point else feature_centroid(feature)
            anchor = fit.pixel(float(lon), float(lat))
            rings = [fit.pixels(ring) for ring in feature_rings(feature)]
            per_degree = fit.pixel(float(lon) + 1, float(lat))[0] - anchor[0]
            room = float(props.get("room", 0.5)) * per_degree
            symbol = SYMBOLS.get(str(props.get("fort", "")), ("", ""))[0]
            name = self.printed.get(rid, self.names[rid])
            out.append(
                Territory(
                    rid,
                    f"{name} {symbol}".strip(),
                    anchor,
                    rings,
                    room,
                    sea=is_sea,
                    focus=focus and (rid in self.focus or name in self.focus),
                    # the full name, never a short form: a name that fits nowhere inside
                    # stands beside its place (a leader line to it), as on an atlas
                    short=f"{name} {symbol}".strip(),
                )
            )
        return out

    # --- building ------------------------------------------------------------------
    @property
    def name_labels(self) -> list[bqplot.Label]:
        """The marks that print the names of land places (one per type size)."""
        return [m for m in self._label_marks if m.colors[0] != SEA_INK]

    @property
    def sea_labels(self) -> list[bqplot.Label]:
        """The marks that print the names of the seas, in italics."""
        return [m for m in self._label_marks if m.colors[0] == SEA_INK]

    def label_texts(self) -> list[str]:
        """Every name printed on the map (what a reader sees)."""
        return [str(t) for m in self._label_marks for t in m.text if str(t)]

    def _name_marks(self, placed: Sequence[Placed], large: bool = False) -> list[bqplot.Label]:
        """The marks printing ``placed`` (one per type size); ``large``: the set shown
        only under Large text (:attr:`placed_large`)."""
        groups: dict[tuple[bool, float], list[Placed]] = {}
        for p in placed:
            groups.setdefault((self._sea[self._index[p.id]], p.size), []).append(p)
        marks = [
            self._label_mark(group, self._ink(SEA_INK if is_sea else "#111111", large), size)
            for (is_sea, size), group in sorted(groups.items(), key=lambda kv: -kv[0][1])
        ]
        if large:
            self._large_marks = marks
        else:
            self._label_marks = marks
        return marks

    @staticmethod
    def _ink(ink: str, large: bool) -> str:
        return large_ink(ink) if large else ink

    def _unit_mark(self, placed: Sequence[Placed], scale: float) -> bqplot.Label:
        """The unit line under each name ("2 cav 1 inf"), bold, in the names' smallest type
        (``scale`` times as large: the set shown under Large text)."""
        below = self._below * scale
        under = {
            p.id: (p.x, p.box[1] + text_height(p.text, p.size) + below * 0.5 + 1) for p in placed
        }
        units = [under.get(rid, self.anchors[rid]) for rid in self.region_ids]
        mark = bqplot.Label(
            x=[u[0] for u in units],
            y=[self.height - u[1] for u in units],
            text=["" for _ in units],
            scales=self.scales,
            colors=[self._ink("#111111", scale != 1.0)],
            # in em of the figure's font size, which follows its width (figure_css)
            default_size=em(self.unit_size * scale),
            font_unit="em",
            font_weight="bold",
            align="middle",
            enable_hover=False,
            apply_clip=False,  # as the names (_label_mark)
        )
        self._clickable(mark, self.region_ids)
        return mark

    def _set_units(
        self, mark: bqplot.Label, placed: Sequence[Placed], scale: float, labels: list[str]
    ) -> None:
        """Print ``labels`` as the unit lines, each by its name where it covers no other
        name or line (:func:`hcgames.unit_lines.unit_spots`: a wide line slides along
        under its name)."""
        spots = unit_places(
            placed,
            dict(zip(self.region_ids, labels, strict=True)),
            self.unit_size * scale,
            self._below * scale,
            (2.0, 2.0, self.width - 2.0, self.height - 2.0),
            {t.id: t.rings for t in self._label_territories},
        )
        xs, ys, texts = list(mark.x), list(mark.y), list(labels)
        for i, rid in enumerate(self.region_ids):
            if rid in spots:
                xs[i], ys[i], texts[i] = spots[rid][0], self.height - spots[rid][1], spots[rid][2]
        if list(mark.text) == texts and xs == list(mark.x) and ys == list(mark.y):
            return
        with mark.hold_sync():
            mark.x, mark.y, mark.text = xs, ys, texts

    def _label_mark(self, placed: Sequence[Placed], ink: str, size: float) -> bqplot.Label:
        # the letters' middle a little under the box's (as the type sits), in the map's
        # own units so that it scales with the map; a name on two lines (a narrow sea's)
        # is two labels, one above the other
        lines = [
            (p.x, p.y + (i - (len(texts) - 1) / 2) * size * 1.25, text, p.id)
            for p in placed
            for texts in [p.text.split("\n")]
            for i, text in enumerate(texts)
        ]
        mark = bqplot.Label(
            x=[x for x, _, _, _ in lines] or [0.0],
            y=[self.height - y - size * 0.38 for _, y, _, _ in lines] or [0.0],
            text=[text for _, _, text, _ in lines] or [""],
            scales=self.scales,
            colors=[ink],
            default_size=em(size),
            font_unit="em",
            font_weight="normal",
            align="middle",
            enable_hover=False,
            # Large text sets a name by the map's edge past it (figure_css): drawn, not cut
            apply_clip=False,
        )
        self._clickable(mark, [rid for _, _, _, rid in lines])
        return mark

    def _clickable(self, mark: bqplot.Label, regions: Sequence[str]) -> None:
        """A click on a name (or a unit line) picks its place, not the sea under its
        letters: a small place's name often stands over the water beside it."""
        mark.interactions = {"click": "select"}
        mark.selected_style = {}
        mark.unselected_style = {}

        def picked(change: dict[str, Any]) -> None:
            chosen = [int(i) for i in (change["new"] if change["new"] is not None else [])]
            if not chosen:
                return
            mark.selected = None  # ready for the next click on the same name
            if 0 <= chosen[-1] < len(regions):
                self.click(regions[chosen[-1]])

        mark.observe(picked, names=["selected"])

    def _leader_mark(
        self, leaders: Sequence[tuple[float, float, float, float] | None], large: bool = False
    ) -> bqplot.Lines:
        lines = [line for line in leaders if line]
        return bqplot.Lines(
            x=[[x1, x2] for x1, _, x2, _ in lines] or [[0.0, 0.0]],
            y=[[self.height - y1, self.height - y2] for _, y1, _, y2 in lines] or [[0.0, 0.0]],
            scales=self.scales,
            colors=[self._ink(LEADER_INK, large)],
            stroke_width=1.2,
            visible=bool(lines),
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
        scaled = figure_css(self._uid, self.width, self.height, self.grow)
        fluid = (
            f".{self._uid} {{ width: 100% !important; height: auto !important; "
            f"aspect-ratio: {self.width} / {self.height}; "
            # as wide as the page,
            # but a tall map stops growing once it fills the screen's height (never
            # narrower than 1000 px: a 1024-pixel Chromebook still gets the whole width)
            f"max-width: min({self._max_width}px, "
            f"max(1000px, calc((100vh - 60px) * {self.width / self.height:.4f}))); }}"
            if self.fluid
            else ""
        )
        return (
            "<style>"
            + MAP_CSS
            + _LEADER_CSS
            + _BESIDE_CSS
            + scaled
            + fluid
            + self._large_css()
            + "</style>"
        )

    @property
    def grow(self) -> float:
        """How much larger than the map's own type its names are under Large text, as a
        share of the map: a map with a second layout of its names shows that one instead
        (1.0 here); any other sets its one layout :data:`LARGE_NAME_GROW` times as large."""
        return 1.0 if self.placed_large else LARGE_NAME_GROW

    def _large_css(self) -> str:
        """Under Large text a map with a second layout (:attr:`placed_large`) shows it
        in place of its own: the two sets of marks differ by a step of ink."""
        if not self.placed_large:
            return ""
        # the seas' names in italics in both sets (MAP_CSS knows the first set's ink)
        sea = _rgb(large_ink(SEA_INK))
        rules = [f".{self._uid} text.label[style*='{sea}'] {{ font-style: italic; }}"]
        for ink in sorted(self._inks):
            own, large = _rgb(ink), _rgb(large_ink(ink))
            rules.append(
                f".{self._uid} :is(text.label, path.line)[style*='{large}'] {{ display: none; }}"
                f".hcgames-large .{self._uid} :is(text.label, path.line)[style*='{large}'] "
                "{ display: inline; }"
                f".hcgames-large .{self._uid} :is(text.label, path.line)[style*='{own}'] "
                "{ display: none; }"
            )
        return "".join(rules)

    # --- drawing -------------------------------------------------------------------
    def fills(self) -> list[str]:
        """Current CSS fill of every region: the holder's colour with its hatch, the
        independents' pattern, or the group colour of a painted history map."""
        if self._paint is not None:
            return [
                self._paint.get(rid, region_colour(None, sea))
                for rid, sea in zip(self.region_ids, self._sea, strict=True)
            ]
        out = super().fills()
        free = region_fill_for_independents()
        for i, rid in enumerate(self.region_ids):
            if is_independent(self._views.get(rid) or {}):
                out[i] = free
        return out

    def _draw(self) -> None:
        fills = dict(zip(self.region_ids, self.fills(), strict=True))
        fills["default_color"] = NEUTRAL
        shown = {k: v for k, v in self.map.colors.items() if k != _REDRAW}
        if shown != fills:
            picked = self.map.selected  # a numpy array (or None)
            if picked is not None and len(picked):
                # bqplot fills a picked place with the see-through pick style when the
                # colours change under it, and keeps that fill after the pick goes (a
                # land taken while outlined stayed blank): colour with nothing picked,
                # then pick again (the pick only draws an outline on top)
                syncing, self._syncing = self._syncing, True
                try:
                    self.map.selected = None
                    self.map.colors = fills
                    self.map.selected = picked
                finally:
                    self._syncing = syncing
            else:
                self.map.colors = fills
        labels = self.labels() if self._paint is None else ["" for _ in self.region_ids]
        self._set_units(self.unit_labels, self.placed, 1.0, labels)
        if self.placed_large:
            self._set_units(self.unit_labels_large, self.placed_large, self.large_scale, labels)
        legend = self._legend_html()
        if self.legend.value != legend:
            self.legend.value = legend
        access = self._access_html()
        if self._access.value != access:
            self._access.value = access

    @property
    def text(self) -> str:
        """The line above the map: who holds how much; a map cropped to a theatre says
        how much it shows (the holdings count the whole game)."""
        total = len(self._views)
        if not self.theatre or total <= len(self.region_ids):
            return super().text
        title = theatres(self.state.game.id)["theatres"][self.theatre].get("title", "")
        part = f"{len(self.region_ids)} of the game's {count(total, self.place_noun)}"
        shown = f"This map shows {title}, {part}." if title else f"This map shows {part}."
        held = self.holdings_sentence(list(self._views), "in the game")
        return f"{shown} {held}{self._picked_sentence()}"

    def region_title(self, region: str) -> str:
        """What a screen reader (and a long press) says for ``region``."""
        view = self._views.get(region) or {}
        units = view.get("label")
        text = f"{self.region_name(region)}, held by {self.holder(region)}"
        return text + (f", {units}" if units else "")

    def _access_html(self) -> str:
        titles = {rid: self.region_title(rid) for rid in self.region_ids}
        label = f"Map of {self.state.game.title}. {self.text}"
        shown = {p.id: p.text.replace("\n", " ") for p in self.placed}
        names = [shown.get(rid, "") for rid in self.region_ids]
        # the order the arrow keys walk the places in: west to east, north to south
        by_x = sorted(self.region_ids, key=lambda r: (self.anchors[r][0], self.anchors[r][1]))
        by_y = sorted(self.region_ids, key=lambda r: (self.anchors[r][1], self.anchors[r][0]))
        return (
            "<img alt='' src='data:,' style='display:none' class='hcgames-access' "
            f'data-label="{escape(label)}" data-titles="{escape(json.dumps(titles))}" '
            f'data-names="{escape(json.dumps(names))}" '
            f'data-order-x="{escape(json.dumps(by_x))}" '
            f'data-order-y="{escape(json.dumps(by_y))}" '
            f'onerror="{escape(ACCESS_JS)}">'
        )

    def _legend_html(self) -> str:
        if self._paint is not None:
            return painted_legend_html(self)
        return legend_html(self, self._sea, self.short_names, bool(self.straits.visible))

    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def _push_selection(self) -> None:
        picked = self.map.selected  # a numpy array (or None)
        before = {str(r) for r in picked} if picked is not None else set()
        if before - set(self.selection):
            # a place picked when the map was recoloured (or left by the pointer) was
            # filled see-through by bqplot, and stays so once dropped: fill it again,
            # with nothing picked (bqplot fills a place picked while it recolours
            # see-through: a place picked by a click went white, lesson 13)
            colors = dict(self.map.colors)
            colors[_REDRAW] = "1" if colors.get(_REDRAW) != "1" else "0"
            syncing, self._syncing = self._syncing, True
            try:
                self.map.selected = None
                self.map.colors = colors
            finally:
                self._syncing = syncing
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

    # --- history maps --------------------------------------------------------------
    def paint(
        self,
        groups: Sequence[tuple[str, str | SideStyle, Iterable[str]]],
        tooltips: dict[str, str] | None = None,
    ) -> None:
        """Colour regions by group instead of by holder (a history map); see
        :func:`hcgames.widgets.map_history.paint_map`."""
        paint_map(self, groups, tooltips)

    def add_places(
        self, places: Sequence[tuple[str, float, float]], colour: str = SITE_INK, key: str = ""
    ) -> bqplot.Mark:
        """Mark real places (``(name, lon, lat)``) with a dot and their name beside it;
        ``key`` says what the dots are. See :func:`hcgames.widgets.map_history.add_sites`."""
        return add_sites(self, places, colour, key)

    def tooltip_for(self, region: str) -> str:
        custom = self._tooltips.get(region)
        return custom if custom else super().tooltip_for(region)

    def _relabel(self) -> None:
        """Place the names again (same texts) around marks added since, and redraw them."""
        if not self._label_territories:
            return
        old = {id(m) for m in [*self._label_marks, self.leaders]}
        self.placed = self._place_here(self._label_territories)
        self.leaders = self._leader_mark([p.leader for p in self.placed if p.leader])
        marks = [self.leaders, *self._name_marks(self.placed)]
        if self.placed_large:  # the names under Large text, in their larger type again
            old |= {id(m) for m in [*self._large_marks, self.leaders_large]}
            scale = self.large_scale
            self.placed_large = self._place_here(self._label_territories, scale)
            self.leaders_large = self._leader_mark(
                [p.leader for p in self.placed_large if p.leader], large=True
            )
            marks += [self.leaders_large, *self._name_marks(self.placed_large, large=True)]
        kept = [m for m in self.figure.marks if id(m) not in old]
        at = kept.index(self.straits) + 1
        self.figure.marks = [*kept[:at], *marks, *kept[at:]]


#: leader lines let clicks through to the region under them; names and unit lines take
#: their clicks (MapView._clickable: a click on a name picks its place)
_LEADER_CSS = (
    ".hcgames-figure path.line[style*='rgb(74, 74, 75)'] { pointer-events: none; }"
    ".hcgames-map .hcgames-figure text.label { pointer-events: visiblePainted; "
    "cursor: pointer; }"
)
#: a key set beside its map (:meth:`MapView.key_beside`) is read in a narrow column: its
#: lines close together, so the whole key stays in sight at 1024x700
_BESIDE_CSS = (
    ".hcgames-legend-beside, .hcgames-legend-beside .widget-html-content "
    "{ line-height: 1.3; }"
    ".hcgames-legend-beside .hc-key { margin: 1px 12px 3px 0; }"
    ".hcgames-line-kept .widget-html-content { line-height: 1.35; min-height: 2.7em; }"
    # the place under the pointer outlined here: bqplot's own hover outline (off in
    # MapView, hover_highlight) repainted the place the pointer left with the
    # see-through pick style when it was picked, so a place picked by a click turned
    # white (lesson 13); a picked place keeps its thicker black outline
    ".hcgames-map path.event_layer:hover:not(:focus) { stroke: #333333 !important; "
    "stroke-width: 2.5px !important; }"
)
