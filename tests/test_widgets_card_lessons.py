"""hcgames.widgets.card_lessons: the interactive sections of the card-game lessons."""

from __future__ import annotations

import ipywidgets as widgets

from hcgames.speros import SperosGame, start
from hcgames.speros.lessons import FINISHED_GAMES, example_turn
from hcgames.widgets import card_lessons as views


def _units(view: widgets.Widget) -> list[widgets.Widget]:
    """The one-screen units inside ``view``."""
    found = []
    stack = [view]
    while stack:
        w = stack.pop()
        if "hc-screen" in getattr(w, "_dom_classes", ()):
            found.append(w)
        stack += list(getattr(w, "children", ()))
    return found


def test_the_majority_sliders_redraw_the_camps_and_the_verdict() -> None:
    view = views.MajorityTry()
    assert len(_units(view)) == 1
    marks = (view.camps, view.rival_camps, view.empty_camps)
    assert "Nobody yet" in view.verdict.value
    assert [len(m.x) for m in marks] == [2, 1, 1]  # 4 camps: mine, mine, rival's, empty
    view.mine.value, view.theirs.value = 3, 1
    assert "You capture the card" in view.verdict.value
    assert [len(m.x) for m in marks] == [3, 1, 0]
    # whose a camp is, by shape as well as colour
    assert [(m.marker, m.colors[0]) for m in marks[:2]] == [
        ("square", "#D55757"),
        ("circle", "#259237"),
    ]
    assert not view.empty_camps.fill
    # who placed last stays in its place, answerable only when it decides: a full card
    # with a tie (a question that came and went puzzled a reviewer)
    assert view.last.disabled and "matters only" in view.last_note.value
    view.size.value, view.mine.value, view.theirs.value = 4, 2, 2
    assert not view.last.disabled and "decides" in view.last_note.value
    # the piece just added on a slider is the last one placed, and the picture says so
    assert view.last.value == "rival" and "The rival captures the card" in view.verdict.value
    assert view.last_word.text == ["placed last"] and view.last_word.x == [3.0]
    view.last.value = "me"
    assert "You capture the card" in view.verdict.value and view.last_word.x == [1.0]
    view.size.value, view.theirs.value = 2, 0
    assert view.last.disabled and view.last_word.text == [""]


def test_the_score_sheets_follow_the_menu() -> None:
    view = views.ScoreSheets(
        SperosGame(players=3, mastery=True), {"Game 1": FINISHED_GAMES["Game 1"]}
    )
    assert len(_units(view)) == 1
    assert "won with" in view.result.value and "Total" in view.sheet.value
    assert "<b>" in view.result.value and "*" not in view.result.value


def test_the_set_counter_counts_both_ways() -> None:
    view = views.SetCounter(SperosGame())
    assert "<b>1 set</b>" in view.line.value
    view.pickers[1].value = "nothing"
    assert view.line.value.count("<b>0 sets</b>") == 2


def test_card_faces_and_the_artifact_menu() -> None:
    card_set = SperosGame().card_set
    assert len(views.peoples_view(card_set).children) == len(card_set.peoples)
    viewer = views.ArtifactViewer(card_set)
    viewer.choice.value = card_set.artifacts[1].name
    assert len(_units(viewer)) == 1
    assert views.terrain_view(card_set, []).children


def test_tables_name_cards_not_ids() -> None:
    state = start(players=2, peoples=["mountain", "forest"], seed=10)
    _after, rows, summary = example_turn(state)
    shown = views.worded_table(state.game, rows, "The example turn", summary)
    text = "".join(w.value for w in shown.children)
    assert "(F0" not in text and "VP" in text


def test_the_match_picker_plays_when_pressed() -> None:
    calls: list[tuple[str, str, int]] = []

    def play(a: str, b: str, games: int) -> widgets.Widget:
        calls.append((a, b, games))
        return widgets.HTML("done")

    picker = views.MatchPicker(["x", "y"], play)
    assert len(_units(picker)) == 1
    picker.button.click()
    assert calls == [("x", "y", 20)] and picker.result.children[0].value == "done"


def test_the_odds_are_worked_out_again_when_the_game_moves_on() -> None:
    from hcgames.classgame import class_game  # the class game's app, as lesson 44 makes it
    from hcgames.widgets import PlayApp

    app = PlayApp(class_game("conquest-of-speros"), humans=(0,), bot="easy", seed=11)
    tool = views.draw_odds_view(app)
    app.add_tool(tool)
    menu, button = tool.children[0].children
    line = tool.children[1]
    assert line.value == ""
    button.click()
    assert "Choose your people first" in line.value  # nothing chosen yet
    while app.state.colour[0] is None:  # type: ignore[attr-defined]  # a Speros position
        app.step()
    assert "Locations" in line.value  # worked out again for the people now chosen
    before = line.value
    menu.value = 3
    assert "all 3 of them" in line.value and line.value != before
    app.new_game()
    assert "Choose your people first" in line.value  # never the last game's numbers
    assert tool.layout.display is None
    while not app.state.is_terminal():  # the game played out: no next Plan to work out
        app.step()
    assert tool.layout.display == "none"
    app.new_game()
    assert tool.layout.display is None
