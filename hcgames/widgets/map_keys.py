"""The key under a map: exactly what the map draws, in words and swatches."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from hcgames.factions import SideStyle, side_style
from hcgames.widgets._base import (
    CLOSED_LAND,
    pattern_defs,
    region_colour,
    region_fill,
    side_of,
    swatch,
)
from hcgames.widgets.regions import RegionView, label_key

if TYPE_CHECKING:
    from hcgames.widgets.maps import MapView

__all__ = [
    "LEADER_INK",
    "SYMBOLS",
    "dot_swatch",
    "independent_style",
    "is_independent",
    "large_ink",
    "legend_html",
    "painted_legend_html",
    "region_fill_for_independents",
    "region_fill_for_style",
]

#: the thin line from a name set beside its place to the place (a shade of its own,
#: so the CSS lets clicks fall through it)
LEADER_INK = "#4A4A4B"


def large_ink(ink: str) -> str:
    """The ink of a map's mark shown only under Large text: ``ink`` one step bluer (the
    CSS of :meth:`hcgames.widgets.maps.MapView._css` tells the two sets of names apart
    by it)."""
    value = int(ink.lstrip("#"), 16)
    return f"#{value + 1 if value % 256 < 255 else value - 1:06X}"


def is_independent(view: dict[str, Any]) -> bool:
    """True for a region an independent army holds (no player)."""
    return view.get("owner") is None and "independent" in str(view.get("side", ""))


def independent_style() -> SideStyle:
    """How land held by an independent army (no player) is drawn."""
    style = side_style("independent")
    assert style is not None  # data/factions.json defines it
    return style


def region_fill_for_style(style: SideStyle) -> str:
    """The CSS fill of a region drawn in ``style`` (its hatch needs :func:`pattern_defs`)."""
    if style.pattern == "none":
        return style.colour
    return f"url(#hc-{style.pattern}-{style.colour.lstrip('#').lower()})"


def region_fill_for_independents() -> str:
    """The CSS fill of land an independent army holds."""
    return region_fill_for_style(independent_style())


def dot_swatch(colour: str) -> str:
    """The key's picture of a site marked on a history map (a diamond). It never
    shrinks: beside a long key line it was squeezed to half a diamond (lesson 12)."""
    return (
        "<svg width='18' height='18' aria-hidden='true' style='vertical-align:middle;"
        "flex:none'>"
        f"<path d='M9 2 L16 9 L9 16 L2 9 Z' fill='{colour}' stroke='#FFFFFF' "
        "stroke-width='1.5'/></svg>"
    )


def _leader_swatch() -> str:
    return (
        "<svg width='26' height='12' aria-hidden='true' style='vertical-align:middle'>"
        f"<line x1='1' y1='10' x2='25' y2='2' stroke='{LEADER_INK}' stroke-width='1.2'/></svg>"
    )


SYMBOLS = {
    "capital": ("\u2605", "capital"),
    "great": ("\u25a0", "great fort"),
    "small": ("\u25b2", "small fort"),
}


def _key_row(keys: Sequence[tuple[str, str]]) -> str:
    return "".join(f"<span class='hc-key'>{a}<span>{b}</span></span>" for a, b in keys)


def _short_line(view: RegionView, short_names: dict[str, str]) -> str:
    if not short_names:
        return ""
    pairs = sorted((text, view.region_name(rid)) for rid, text in short_names.items())
    # folded: a long list would push a play screen's buttons off the window; a click
    # (or Enter on the summary) opens it
    return (
        "<details class='hc-short'><summary><b>Short names on this map</b> "
        f"({len(pairs)}): open the list</summary>"
        + "; ".join(f"<i>{escape(text)}</i> {escape(name)}" for text, name in pairs)
        + "</details>"
    )


def legend_html(
    view: RegionView, sea: Sequence[bool], short_names: dict[str, str], straits: bool
) -> str:
    """The key under a map: each side, then only what the map draws (unheld land and
    sea, independent armies, symbols, leader lines, unit labels, short names)."""
    state = view.state
    players = range(len(state.game.player_names))
    styles = [side_of(state, p) for p in players]
    keys = []
    for player in players:
        fill = region_fill(player, False, state)
        # the side by name, told apart by its pattern as well as its colour (no code)
        keys.append((swatch(fill), escape(state.side_name(player))))
    views = view._views
    unheld_land = unheld_sea = independent = closed = False
    held_seas: set[int] = set()
    for rid, is_sea in zip(view.region_ids, sea, strict=True):
        v = views.get(rid) or {}
        owner = v.get("owner")
        if v.get("closed"):
            closed = True
        elif is_independent(v):
            independent = True
        elif not isinstance(owner, int):
            unheld_sea |= is_sea
            unheld_land |= not is_sea
        elif is_sea and owner >= 0:
            held_seas.add(owner)
    for player in sorted(held_seas):
        # a held sea is water with bands of its side's colour (region_fill)
        fill = region_fill(player, True, state)
        keys.append((swatch(fill), f"<i>sea</i> held by {escape(state.side_name(player))}"))
    if unheld_land:
        tied = any((views.get(r) or {}).get("tied") for r in view.region_ids)
        # a continent two players share equally is led by nobody, but it is not empty
        # a game whose places are not lands names its own (Historical: continents)
        plain, shared = state.game.map_unheld_key
        unheld = shared if tied else plain
        keys.append((swatch(region_colour(None)), unheld))
    if unheld_sea:
        keys.append((swatch(region_colour(None, True)), "<i>sea</i> held by nobody"))
    if closed:
        keys.append((swatch(CLOSED_LAND), "outside this game: nobody may go there"))
    if independent:
        keys.append((swatch(region_fill_for_independents()), "independent army (no player)"))
        styles.append(independent_style())
    printed = [p.text for p in getattr(view, "placed", [])]
    for symbol, meaning in SYMBOLS.values():
        if any(symbol in text for text in printed):
            keys.append((f"<b>{symbol}</b>", meaning))
    if any(re.search("\u2713\\d", text) for text in view.labels()):
        # Duels: units that moved or fought this round (hcgames.conqueror.views)
        keys.append(("<b>\u27131</b>", "1 unit has moved or fought this round"))
    if straits:
        keys.append(("<b>- - -</b>", "neighbours across a strait"))
    if any(getattr(p, "leader", None) for p in getattr(view, "placed", [])):
        keys.append((_leader_swatch(), "a name set beside its small place"))
    drawn = {str(v.get("symbol")) for v in views.values() if v.get("symbol")}
    if not view.show_symbols:
        drawn = set()
    for symbol, meaning in state.map_symbols():
        if symbol in drawn:
            keys.append((f"<b>{escape(symbol)}</b>", escape(meaning)))
    for label, meaning in label_key(state.game.id):
        # on one line: "Rome 2 cav 1 inf" broken in two reads as two labels (look 7)
        keys.append((f"<b style='white-space:nowrap'>{escape(label)}</b>", escape(meaning)))
    body = _key_row(keys) + _short_line(view, short_names)
    return pattern_defs(styles) + f"<div role='note' aria-label='Map key'>{body}</div>"


def painted_legend_html(view: MapView) -> str:
    """The key of a history map (:meth:`MapView.paint`): its groups, the land and sea
    left plain, its sites and its leader lines."""
    assert view._paint is not None
    keys = list(view._paint_keys)
    plain = [
        sea for rid, sea in zip(view.region_ids, view._sea, strict=True) if rid not in view._paint
    ]
    if any(not s for s in plain):
        keys.append((swatch(region_colour(None)), "other land"))
    if any(plain):
        keys.append((swatch(region_colour(None, True)), "<i>sea</i>"))
    keys.extend(view._site_keys)
    if any(p.leader for p in view.placed):
        keys.append((_leader_swatch(), "a name set beside its small place"))
    body = _key_row(keys) + _short_line(view, view.short_names)
    return pattern_defs(view._paint_styles) + f"<div role='note' aria-label='Map key'>{body}</div>"
