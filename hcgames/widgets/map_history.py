"""History maps: a game's map painted by group (the lands of a war, the homelands of
peoples) with named sites, and a key that lists exactly what it draws."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

import bqplot

from hcgames.factions import SideStyle
from hcgames.labels import MAX_LEADER, Territory, place_names
from hcgames.widgets._base import swatch
from hcgames.widgets.map_keys import dot_swatch, large_ink, region_fill_for_style
from hcgames.widgets.regions import em

if TYPE_CHECKING:
    from hcgames.widgets.maps import MapView


__all__ = ["SITE_INK", "add_sites", "paint_map"]

#: the names of real places (battle sites, cities) added on a history map
SITE_INK = "#111111"


def paint_map(
    view: MapView,
    groups: Sequence[tuple[str, str | SideStyle, Iterable[str]]],
    tooltips: dict[str, str] | None = None,
) -> None:
    """Colour regions by group instead of by holder, for a history map: each group
    is ``(words for the key, colour or side style, regions by id or name)``; other
    regions stay unheld land or sea. The key then lists exactly the groups, land
    and sea drawn (and the sites of :meth:`add_places`); unit labels and the
    game-state line are hidden. ``tooltips`` replaces the hover text by region."""
    by_name = {name: rid for rid, name in view.names.items()}
    paint: dict[str, str] = {}
    keys: list[tuple[str, str]] = []
    styles: list[SideStyle] = []
    said: dict[str, str] = {}
    for words, colour, regions in groups:
        if isinstance(colour, SideStyle):
            styles.append(colour)
            fill = colour.colour if colour.pattern == "none" else region_fill_for_style(colour)
        else:
            fill = colour
        for region in regions:
            rid = region if region in view._index else by_name.get(region)
            if rid is None:
                raise ValueError(f"no region {region!r} on this map")
            paint[rid] = fill
            said[rid] = words
        keys.append((swatch(fill), escape(words)))
    view._paint, view._paint_keys, view._paint_styles = paint, keys, styles
    # plain words on hover: "Rome, a land of this war" (not the game's state)
    plain = {
        rid: f"{view.region_name(rid)}, {said.get(rid) or ('sea' if sea else 'other land')}"
        for rid, sea in zip(view.region_ids, view._sea, strict=True)
    }
    view._tooltips = {**plain, **(tooltips or {})}
    if view._below:  # no unit line under the names: they get that room back
        view._below = 0.0
        view._relabel()
    view.text_line.layout.display = "none"  # the game-state line means nothing here
    view._draw()


#: the room (pixels of the laid-out map) kept between a site's name and the map's names
SITE_GAP = 4.0


def _grown(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _site_names(
    view: MapView,
    sites: Sequence[Territory],
    dots_boxes: Sequence[tuple[float, float, float, float]],
    colour: str,
    large: bool,
) -> tuple[bqplot.Label, bqplot.Lines]:
    """The names of the sites beside their dots, clear of the map's names (``large``:
    of its names under Large text, in type as much larger), and their leader lines."""
    scale = view.large_scale if large else 1.0
    size = view.min_name_size * scale  # read projected, as the map's own names
    placed = place_names(
        sites,
        size + scale,
        # a few pixels clear of every name: a number touching a name read as part of it
        # ("12Sicily", lesson 12)
        reserved=[
            _grown(p.box, SITE_GAP * scale) for p in (view.placed_large if large else view.placed)
        ]
        + list(dots_boxes),
        min_size=size,
        bounds=(2.0, 2.0, view.width - 2.0, view.height - 2.0),
        max_leader=MAX_LEADER * scale,
    )
    names = bqplot.Label(
        x=[p.x for p in placed] or [0.0],
        y=[view.height - p.y - size * 0.38 for p in placed] or [0.0],
        text=[p.text for p in placed] or [""],
        scales=view.scales,
        colors=[large_ink(colour) if large else colour],
        default_size=em(size),  # grows with the map (figure_css)
        font_unit="em",
        font_weight="bold",
        align="middle",
        enable_hover=False,
    )
    leaders = view._leader_mark([p.leader for p in placed], large=large)
    return names, leaders


def add_sites(
    view: MapView,
    places: Sequence[tuple[str, float, float]],
    colour: str = SITE_INK,
    key: str = "",
) -> bqplot.Mark:
    """Mark real places (``(name, lon, lat)``: battle sites, cities) with a dot
    and their name beside it, e.g. on a history map; names clear the names
    already on the map. ``key``: what the dots are, for the map key. Returns the
    mark that prints the names. A place outside the map (one cropped to a theatre)
    is left out."""
    inside = []
    for place in places:
        x, y = view.projection_fit.pixel(place[1], place[2])
        if 0.0 <= x <= view.width and 0.0 <= y <= view.height:
            inside.append(place)
    places = inside
    pixels = [view.projection_fit.pixel(lon, lat) for _, lon, lat in places]
    scales = view.scales
    dots = bqplot.Scatter(
        x=[x for x, _ in pixels],
        y=[view.height - y for _, y in pixels],
        scales=scales,
        colors=[colour],
        stroke="#FFFFFF",
        stroke_width=2.0,
        default_size=70,
        marker="diamond",
        enable_hover=False,
    )
    sites = [
        Territory(f"site-{i}", name, (x, y), [], 0.0)
        for i, ((name, _, _), (x, y)) in enumerate(zip(places, pixels, strict=True))
    ]
    # each dot keeps a little square of its own: the names already placed move off it
    dots_boxes = [(x - 6, y - 6, x + 6, y + 6) for x, y in pixels]
    view._reserved.extend(dots_boxes)
    view._relabel()
    names, leaders = _site_names(view, sites, dots_boxes, colour, large=False)
    marks = [leaders, dots, names]
    if view.placed_large:  # under Large text, beside the names in their larger type
        view._inks.add(colour)
        view._style.value = view._css()
        marks += _site_names(view, sites, dots_boxes, colour, large=True)
    view.figure.marks = [*view.figure.marks, *marks]
    if key:
        view._site_keys.append((dot_swatch(colour), escape(key)))
        view._draw()
    return names
