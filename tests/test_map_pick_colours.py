"""A place outlined on a map keeps its holder's colour when the colours change under
the outline (bqplot paints a picked place with the see-through pick style when the
colours change while it is picked, and keeps it after: lesson 54's Africa stayed blank
after Player 1 took Egypt while the move on it was outlined)."""

from __future__ import annotations

from typing import Any

import hcgames
from hcgames.historical import lessons
from hcgames.widgets import MapView


def test_colours_change_with_nothing_picked_and_the_pick_comes_back() -> None:
    game: Any = hcgames.load("historical-conquest", players=3)
    view = MapView(lessons.random_position(game, seed=21, round_no=8))
    view.highlight(["Africa"])
    assert view.map.selected == ["Africa"]
    seen: list[tuple[str, Any]] = []
    view.map.observe(lambda change: seen.append((change["name"], change["new"])), ["selected"])
    view.map.observe(lambda change: seen.append((change["name"], None)), ["colors"])
    fills = view.fills()
    view.fills = lambda: ["#123456" for _ in fills]  # type: ignore[method-assign]  # a holder change, faked
    view._draw()
    assert seen == [("selected", None), ("colors", None), ("selected", ["Africa"])]
    assert view.selection == ["Africa"]
    # and with nothing picked the colours simply change
    seen.clear()
    view.highlight([])
    seen.clear()
    view.fills = lambda: ["#654321" for _ in fills]  # type: ignore[method-assign]  # a holder change, faked
    view._draw()
    assert seen == [("colors", None)]


def test_the_line_under_the_map_tells_the_picked_place_as_it_stands_now() -> None:
    """A reviewer saw "Mare Africum (sea): held by nobody." under lesson 13's map after
    Rome had taken it, still there at game over: the line follows the game."""
    game: Any = hcgames.load("conqueror-duels")
    state = game.new_game(seed=1)
    view = MapView(state)
    view.click("Carthage")
    assert "Carthage" in view.info.value and "held by Carthage" in view.info.value
    later = state.copy()
    later.owner[later.game.index["Carthage"]] = 1  # Rome takes it (a position set by hand)
    view.update(later)
    assert "held by Rome" in view.info.value
    view.highlight([])
    assert view.info.value == ""



def test_bqplot_does_not_repaint_a_place_the_pointer_leaves() -> None:
    """bqplot's own hover outline repaints the place the pointer leaves with the
    see-through pick style when that place is picked: lesson 13's Carthage turned white
    after a click on it. Its hover outline is off; the page's CSS outlines the place
    under the pointer instead, and a picked place keeps a thick black outline."""
    game: Any = hcgames.load("conqueror-duels")
    view = MapView(game.new_game(seed=1))
    assert not view.map.hover_highlight
    assert view.map.interactions == {"click": "select", "hover": "tooltip"}
    assert "path.event_layer:hover" in view._style.value
    assert view.map.selected_styles["selected_stroke_width"] >= 6
