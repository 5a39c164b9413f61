"""hcgames.widgets.history: the history pages of a lesson."""

from __future__ import annotations

from hcgames.data import read_json
from hcgames.widgets import history

HISTORY = read_json("conqueror", "history.json")


def test_years_read_bc_and_circa() -> None:
    assert history.when(-218) == "218 BC"
    assert history.when(-218, circa=True) == "about 218 BC"


def test_a_scenario_shows_its_story_map_timeline_and_then_and_now() -> None:
    sid = "second-punic-war"
    story = HISTORY["scenarios"][sid]
    assert story["title"] in history.story_card(HISTORY, sid).text
    assert set(story["places"]) <= set(history.places_map(HISTORY, sid).highlighted)
    assert len(history.timeline_items(HISTORY, sid)) == len(story["timeline"])
    explorer = history.scenario_explorer(HISTORY, sid)
    bar, story_and_map, timeline_box, after = explorer.children
    _css, picker, named = bar.children
    column, map_box = story_and_map.children
    # the menu is a one-screen unit with the story and the map right under it; it stays
    # at the top of the window while the map and the timeline scroll by (the timeline was
    # a screen below it, and a war chosen was never seen to change it), a bar of one line
    # with nothing around it that clips it; the story card is read whole, not in a box
    assert "hc-screen" in bar._dom_classes
    assert "position: sticky" in _css.value and "overflow: visible" in _css.value
    assert column.children[0].layout.max_height is None
    assert len(map_box.children) == 1 and len(timeline_box.children) == 1
    assert len(after.children) == 1  # then-and-now
    assert story["title"] in named.value
    picker.value = "gallic-wars"
    assert HISTORY["scenarios"]["gallic-wars"]["title"] in column.children[0].text
    assert "Gallic Wars" in named.value
    # one shape per kind of event in every war: a battle is drawn the same way in each
    shapes: dict[str, str] = {}
    for sid in HISTORY["scenarios"]:
        picker.value = sid
        for kind, shape in timeline_box.children[-1].group_markers.items():
            assert shapes.setdefault(kind, shape) == shape, (sid, kind)
    assert len(set(shapes.values())) == len(shapes)
    # Brennus (about 390 BC) stands over the Gallic Wars' line, not on it: on one axis with
    # him Caesar's twelve events of 58-49 BC shrank to a sliver at its right end
    picker.value = "gallic-wars"
    note, timeline = timeline_box.children
    assert "Brennus" in note.value and "332 years before" in note.value
    assert "Brennus" not in timeline.text and timeline.x_scale.min >= -60
    # a background event near its war stays on the line (the First Syrian War's 323 BC)
    picker.value = "first-syrian-war"
    assert len(timeline_box.children) == 1


def test_a_person_card_names_the_side() -> None:
    card = history.bio_card(HISTORY, "hannibal-barca")
    assert "Hannibal" in card.text
    assert "Side in the game" in card.text
    # Xerxes I is in Scenario 4's story but is no hero card: the heroes out of their time
    # leave him out, and his card says so
    xerxes = history.bio_card(HISTORY, "xerxes-i").text
    assert "No hero card" in xerxes and "Side in the game" not in xerxes


def test_the_lesson_tables_menus_and_war_questions() -> None:
    rows = history.war_rows(HISTORY)
    assert [row["War"] for row in rows] == [s["title"] for s in HISTORY["scenarios"].values()]
    assert rows[0]["From"].endswith("BC")
    odd = history.anachronism_rows(HISTORY)
    assert any(row["Hero"] == "Cleopatra VII" for row in odd)
    what_if = history.fiction_and_fact(HISTORY, "rome-vs-persia")
    assert "The story the game tells." in what_if.value and "What really happened." in what_if.value
    people = history.people_picker(HISTORY, "hannibal-barca")
    menu = people.children[0]
    assert "hc-screen" in people._dom_classes and "Hannibal" in people.children[1].text
    menu.value = "ambiorix"
    assert "Ambiorix" in people.children[1].text
    quizzes = history.war_quizzes(HISTORY, "second-punic-war")
    screen, quiz = quizzes.children
    picker, said = screen.children
    assert "hc-screen" in screen._dom_classes and "Second Punic War" in said.value
    picker.value = "gallic-wars"
    assert "Gallic" in said.value and len(quiz.children) == 1


def test_the_sites_of_a_war_are_numbered_on_the_map_and_named_in_its_key() -> None:
    """A dozen long site names printed on the map ran into one another and over the
    map's own names (lesson 12): the map numbers the sites, its key names them."""
    view = history.places_map(HISTORY, "second-punic-war")
    printed = [str(t) for m in view.figure.marks if hasattr(m, "text") for t in m.text]
    assert "1" in printed and "Saguntum" not in printed
    assert "1 Saguntum (219 BC); 2 an Alpine pass (218 BC)" in view.legend.value
