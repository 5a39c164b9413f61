"""Maps read from the back of the room (issue 36), kernel-side: names in full and in
type of at least 16 px as a 1366x768 screen shows the map, growing with the map; the
figure's CSS that keeps names on their places under Large text; no chart toolbars; the
key names the sides without codes. The browser checks the same on the drawn page
(tests/test_browser_maps.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("bqplot")

import hcgames
from hcgames.widgets import MapView, PlayApp
from hcgames.widgets._base import chart_figure
from hcgames.widgets.maps import (
    BESIDE_MAX_PLACES,
    BESIDE_SHOWN_PX,
    SCREEN_NAME_PX,
    name_sizes,
)
from hcgames.widgets.play_screen import _STYLE, narrow_map_width, play_map_width, wide_map_width
from hcgames.widgets.regions import (
    LARGE_NAME_EDGE_PX,
    LARGE_NAME_GROW,
    LARGE_TEXT_ZOOM,
    NAME_EM,
    em,
)

ROOT = Path(__file__).resolve().parent.parent


def _marks_em(view: MapView) -> None:
    for mark in [*view._label_marks, view.unit_labels]:
        assert mark.font_unit == "em" and mark.y_offset == 0


@pytest.mark.parametrize(
    ("game", "options"),
    [("conqueror-duels", {}), ("classical-conquests", {"players": 4})],
)
def test_a_page_map_names_every_place_in_full_at_16_px_on_a_projector(
    game: str, options: dict[str, object]
) -> None:
    view = MapView(hcgames.load(game, **options).new_game(seed=0))
    # a page map is shown at least as wide as it is laid out (940 px) at 1366
    assert min(p.size for p in view.placed) >= SCREEN_NAME_PX
    assert view.unit_size >= SCREEN_NAME_PX
    assert view.short_names == {}
    full = {rid: view.region_name(rid) for rid in view.region_ids}
    assert all(p.text.replace("\n", " ").startswith(full[p.id]) for p in view.placed)
    _marks_em(view)
    assert "Short names" not in view.legend.value


def test_a_page_map_with_its_key_beside_it_is_sized_for_a_chromebook() -> None:
    """Beside a column (a stepper, a stage viewer) a page map is shown about 676 px wide
    at 1024x700: its names are 16 px there, in full; a crowded map (the Classical
    world) keeps the type it has (its names would stand on each other)."""
    state = hcgames.load("conqueror-duels").new_game(seed=0)
    view = MapView(state, beside=True)
    assert len(view.region_ids) <= BESIDE_MAX_PLACES
    shown = BESIDE_SHOWN_PX / view.width
    assert min(p.size for p in view.placed) * shown >= SCREEN_NAME_PX - 0.01
    assert view.unit_size * shown >= SCREEN_NAME_PX - 0.01
    full = {rid: view.region_name(rid) for rid in view.region_ids}
    assert all(p.text.replace("\n", " ").startswith(full[p.id]) for p in view.placed)
    assert MapView(state).min_name_size < view.min_name_size
    world = hcgames.load("classical-conquests", players=4).new_game(seed=0)
    crowded = MapView(world, beside=True)
    assert len(crowded.region_ids) > BESIDE_MAX_PLACES
    assert crowded.min_name_size == MapView(world).min_name_size


def test_the_play_map_is_sized_for_the_width_it_grows_to() -> None:
    app = PlayApp(hcgames.load("conqueror-duels", scenario="gallic-wars"), seed=0)
    view = app.map_view
    assert view is not None
    # read at 1366x768 and at 1024x700, where the map beside the moves is narrower
    shown = play_map_width(view.width, view.height)
    assert shown == min(
        wide_map_width(view.width, view.height), narrow_map_width(view.width, view.height)
    )
    assert narrow_map_width(view.width, view.height) >= 600
    assert view.min_name_size * shown / view.width >= SCREEN_NAME_PX - 0.01
    _marks_em(view)


def test_names_are_sized_in_em_of_a_font_that_follows_the_figure_width() -> None:
    view = MapView(hcgames.load("conqueror-duels").new_game(seed=0), width=560)
    css = view._style.value
    uid = view._uid
    assert uid in view.figure._dom_classes
    assert f".{uid} {{ container-type: inline-size; }}" in css
    assert f"font-size: calc(100cqw * {NAME_EM / 560:.6f})" in css
    # under Large text the figure undoes the page's zoom and fills its (zoomed) column,
    # less a margin for names grown past its edge
    edge = LARGE_NAME_EDGE_PX if view.grow > 1 else 0
    assert (
        f".hcgames-large .{uid} {{ zoom: {1 / LARGE_TEXT_ZOOM:.6f}; "
        f"width: calc(100% - {2 * edge}px) !important; margin: 0 {edge}px !important;"
    ) in css
    # ... and its names are larger than the map's own type: by a second layout, or all
    # of them by LARGE_NAME_GROW (issue 36: they kept their size on a map that could
    # not grow)
    assert view.grow == (1.0 if view.placed_large else LARGE_NAME_GROW)
    large_em = NAME_EM * view.grow / 560
    large_rule = f".hcgames-large .{uid} svg.svg-figure {{ font-size: calc(100cqw * {large_em:.6f})"
    assert large_rule in css
    assert f".hcgames-play.hcgames-large {{ zoom: {LARGE_TEXT_ZOOM:g}; }}" in _STYLE
    # ... and the page bar's Large text zooms the whole lesson by the same amount
    template = ROOT / "share/jupyter/voila/templates/hcgames/index.html.j2"
    assert f"body.hcgames-large #rendered_cells > div {{ zoom: {LARGE_TEXT_ZOOM:g}; }}" in (
        template.read_text(encoding="utf-8")
    )
    assert em(13) * NAME_EM == pytest.approx(13, abs=0.01)
    assert name_sizes(1.0) == (17.0, 16.0)  # a map shown at its own size
    assert name_sizes(2.0) == (11.0, 10.0)  # never under 10 px where shown 1:1


def test_the_key_names_each_side_without_a_code() -> None:
    view = MapView(hcgames.load("conqueror-duels").new_game(seed=0))
    assert "Rome (" not in view.legend.value and "Rome" in view.legend.value


def test_no_chart_shows_a_toolbar() -> None:
    """Every bqplot Figure of the package is made by chart_figure (no toolbar) or turns
    the toolbar off itself (the map and the board)."""
    assert chart_figure().display_toolbar is False
    for path in sorted((ROOT / "hcgames").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        calls = [
            node
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "Figure"
        ]
        if calls and path.name != "_base.py":
            assert "display_toolbar = False" in source, path


def test_a_click_on_a_name_picks_its_place() -> None:
    """The name's label takes the click (a small place's name often stands over the
    sea beside it): it picks the place the name belongs to; so does its unit line."""
    view = MapView(hcgames.load("conqueror-duels").new_game(seed=0))
    mark = next(m for m in view._label_marks if "Brundisium" in " ".join(m.text))
    index = next(i for i, text in enumerate(mark.text) if "Brundisium" in text)
    mark.selected = [index]
    assert [view.region_name(r) for r in view.selection] == ["Brundisium"]
    assert mark.selected is None  # ready for the next click
    view.unit_labels.selected = [view.region_ids.index("Rome")]
    assert view.selection[-1] == "Rome"


def test_a_click_on_a_highlighted_square_plays_the_move() -> None:
    """CONQUEST's play screen: a piece's square, then a square it may reach (shown
    highlighted) plays that move; the list is not needed."""
    app = PlayApp(hcgames.load("conquest-1972"), humans=(0,), bot="easy", seed=0)
    state = app.state
    board = app.board_view
    assert board is not None
    move = next(a for a in state.legal_actions() if len(state.action_regions(a)) >= 2)
    source, target = state.action_regions(move)[:2]
    before = len(state.history)
    assert target in board.click(source)  # highlighted
    board.click(target)
    assert app.state.history[before] == move
