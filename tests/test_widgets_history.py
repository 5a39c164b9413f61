"""hcgames.widgets.history: the history pages of a lesson."""

from __future__ import annotations

from hcgames.data import read_json
from hcgames.widgets import history

HISTORY = read_json("conqueror", "history.json")


def test_years_read_bc_and_circa() -> None:
    assert history.when(-218) == "218 BC"
    assert history.when(-218, circa=True) == "c. 218 BC"


def test_a_scenario_shows_its_story_map_timeline_and_then_and_now() -> None:
    sid = "second-punic-war"
    story = HISTORY["scenarios"][sid]
    assert story["title"] in history.story_card(HISTORY, sid).text
    assert set(story["places"]) <= set(history.places_map(HISTORY, sid).highlighted)
    assert len(history.timeline_items(HISTORY, sid)) == len(story["timeline"])
    explorer = history.scenario_explorer(HISTORY, sid)
    picker, pages = explorer.children
    assert len(pages.children) == 4
    picker.value = "gallic-wars"
    assert HISTORY["scenarios"]["gallic-wars"]["title"] in pages.children[0].text


def test_a_person_card_names_the_side() -> None:
    card = history.bio_card(HISTORY, "hannibal-barca")
    assert "Hannibal" in card.text
