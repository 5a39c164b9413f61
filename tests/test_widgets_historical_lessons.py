"""hcgames.widgets.historical_lessons: the interactive sections of the Historical lessons."""

from __future__ import annotations

from typing import Any, cast

import hcgames
from hcgames.widgets import historical_lessons as hviews
from tests.test_widgets_card_lessons import _units


def _historical() -> Any:
    return cast(Any, hcgames.load("historical-conquest"))


def test_the_gallery_filters_and_shows_a_card() -> None:
    cards = _historical().catalogue.cards
    gallery = hviews.CardGallery(cards)
    assert len(_units(gallery)) == 1
    gallery.kind.value = "land"
    assert "match the menus" in gallery.found.value
    assert all(cards[v].category == "land" for _label, v in gallery.card_menu.options)


def test_the_timeline_fits_its_busiest_period() -> None:
    timeline = hviews.PeopleTimeline(_historical().catalogue.cards)
    for period in timeline.period.options:
        timeline.period.value = period
        assert int(timeline.timeline.figure.layout.height.rstrip("px")) <= 700


def test_the_battle_builder_and_the_travel_checker_answer_their_menus() -> None:
    game = _historical()
    builder = hviews.BattleBuilder(game)
    assert "The attack wins" in builder.result.children[0].value
    builder.second.value = ""
    assert builder.result.children
    travel = hviews.TravelChecker(game.catalogue.cards, start="CT4204", goal="CT4205")
    assert "explorer can go" in travel.answer.value


def test_the_morale_games_redraw_their_chart() -> None:
    view = hviews.MoraleGames(_historical(), {"game 1": 11})
    assert view.ending.value.count("This game ended after") == 1
