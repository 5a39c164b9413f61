"""hcgames.widgets.historical_lessons: the interactive sections of the Historical lessons."""

from __future__ import annotations

from typing import Any, cast

import ipywidgets as widgets

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


def test_the_continent_map_names_a_picked_continents_lands_and_keys() -> None:
    """Lesson 53: a click or Enter on a continent names its lands above the map (a
    student without a mouse reads what the tooltip says), and the map says its keys."""
    from hcgames.historical import lessons
    from hcgames.widgets.historical_lessons import KEYS_HINT, ContinentMap

    game: Any = hcgames.load("historical-conquest", players=3)
    state = lessons.random_position(game, seed=21, round_no=8)
    view = ContinentMap(state)
    assert KEYS_HINT in view.keys_hint.value
    # the key and the keys' hint beside the map, in one row with it (one screen)
    row = next(c for c in view.children if isinstance(c, widgets.HBox))
    picture, side = row.children
    assert view.figure in picture.children
    # what a click names heads the column beside the map (it sat at the window's foot)
    assert list(side.children) == [view.info, view.legend, view.keys_hint]
    assert view.info not in view.children
    # the line over the map says how to pick, not again who holds what (the list above
    # the map says it: look 8b read "Round 8. Player 1 holds ..." as a stray line)
    assert view.text.startswith("Click a continent") and "holds" not in view.text
    assert "100vh" in str(picture.layout.max_width)
    view.click("Africa")
    assert view.text.startswith("Picked: Africa.") and "click it again to drop it" in view.text
    assert "Mali (Player 2)" in view.info.value and "Mali" not in view.text
    # one continent at a time: the next pick replaces it, the same one again drops it
    view.click("Asia")
    assert view.selection == ["Asia"] and "Picked: Asia." in view.text
    assert "Asia" in view.info.value and "Mali" not in view.info.value
    view.click("Asia")
    assert view.selection == []
    view.click("Africa")
    # two players with one land each: nobody leads, and the map does not call it nobody's
    view.click("Africa")
    view.click("North America")
    assert "US West Coast (Player 1); Canadian Province of Quebec" in view.info.value
    title = view.region_title("North America")
    assert title.startswith("North America, held by Player 1 and Player 3 with equal lands")
    assert "continent where nobody leads" in view.legend.value
    # Mali has no coast on its card, and the table says so, with the river that
    # opens it to sea explorers
    mali = next(row for row in lessons.land_rows(state) if row["land"] == "Mali")
    assert mali["coast"] == "no (River Niger)"


def test_the_continent_map_draws_each_land_at_its_place() -> None:
    """Lesson 53: each land in play is a dot at a real city of it with its name and
    holder beside it, not a line under its continent's name (look 14: "Israel (1)"
    stood over India, "Mali (2)" over the Congo)."""
    from hcgames.historical import lessons
    from hcgames.widgets.historical_lessons import LAND_GAP, ContinentMap, land_boxes

    game: Any = hcgames.load("historical-conquest", players=3)
    state = lessons.random_position(game, seed=21, round_no=8)
    view = ContinentMap(state)
    assert all(line == "" for line in view.labels())  # nothing under the continents' names
    dots, *names = view.land_marks
    shown = sorted(str(t) for mark in names for t in mark.text if str(t))
    assert shown == ["Israel (1)", "Mali (2)", "Quebec (3)", "US West Coast (1)"]
    # Mali's dot in West Africa (Bamako), west of Africa's own name; Israel's by the
    # Mediterranean, far west of Asia's name
    names_in_order = [p[0] for p in view.land_places(state)]
    at = dict(zip(names_in_order, zip(dots.x, dots.y, strict=True), strict=True))
    assert at["Mali (2)"][0] < view.anchors["Africa"][0]
    assert at["Israel (1)"][0] < view.anchors["Asia"][0] - 100
    # the names under Large text stay on the map, clear of each other and of every dot
    places = [(name, x, view.height - y) for name, (x, y) in at.items()]
    boxes = land_boxes(places, view.min_name_size, (2.0, view.width - 2.0))
    for i, (_, box) in enumerate(boxes):
        assert box[0] >= 2.0 and box[2] <= view.width - 2.0
        for j, (_, other) in enumerate(boxes):
            assert i == j or not (
                box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]
            )
        for _, x, y in places:
            assert not (box[0] < x < box[2] and box[1] < y < box[3])
    assert LAND_GAP > 0 and "a land in play, marked at a real city" in view.legend.value
    assert "Land (2)" not in view.legend.value


def test_the_gallery_says_only_lands_have_a_continent_and_shows_no_stale_card() -> None:
    """Lesson 50: the continent menu says it picks lands; with no card matching, the
    page says so instead of the card last shown."""
    cards = _historical().catalogue.cards
    gallery = hviews.CardGallery(cards)
    labels = [label for label, _value in gallery.continent.options]
    assert labels[0] == "any continent" and all(x.startswith("lands in ") for x in labels[1:])
    gallery.continent.value = "Africa"
    assert "Only land cards belong to a continent" in gallery.found.value
    assert cards[gallery.card_menu.value].continent == "Africa"
    assert gallery.card.layout.display != "none"
    gallery.kind.value = "character"
    assert "<b>0</b> cards" in gallery.found.value and "no card of this kind" in gallery.found.value
    assert gallery.card.layout.display == "none"
    assert gallery.none_found.layout.display != "none"
    gallery.kind.value = "land"
    assert gallery.card_menu.value and cards[gallery.card_menu.value].category == "land"
    assert gallery.card.layout.display != "none" and gallery.none_found.layout.display == "none"
    assert cards[gallery.card_menu.value].name in gallery.card.text


def test_land_menus_name_each_land_once() -> None:
    """Two decks print Venezuela: the menus list it once (a reviewer saw it twice)."""
    game = cast(Any, hcgames.load("historical-conquest"))
    travel = hviews.TravelChecker(game.catalogue.cards, start="CT4204", goal="CT4205")
    battle = hviews.BattleBuilder(game)
    for menu in (travel.start, travel.goal, battle.attack_land, battle.defence_land):
        names = [name for name, _ in menu.options]
        assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
        assert "Venezuela" in names


def test_turn_stepper_plays_the_computer_at_easy_and_says_why_auto_waits() -> None:
    """Lesson 51: cards only (no map), the computer at Easy, and Auto on the student's
    turn says in one sentence why it waits instead of doing nothing."""
    game = hcgames.load("historical-conquest", players=2, decks=["cheswell", "salem"])
    stepper = hviews.TurnStepper(
        game.new_game(seed=5), humans=[0], viewer=0, seed=5, auto_pass=True, auto_bot="easy"
    )
    assert stepper.map_view is None and stepper.cards_view is not None
    assert stepper.bot_choice.label == "Easy"
    # the table of cards grows with the page (no inner scroll bar hiding Player 2's side)
    views = stepper.stepper_main.children[0]
    assert views.layout.max_height is None and views.layout.overflow == "visible"
    assert "hcgames-scroll-box" not in views._dom_classes
    # the list of moves comes before Step, in the column and in Tab order, and no box of
    # "Moves" for Auto stands beside the list to be confused with it
    side = list(stepper.stepper_main.children[1].children)
    buttons = next(c for c in side if stepper.step_button in getattr(c, "children", ()))
    assert side.index(stepper.picker) < side.index(buttons)
    assert stepper.auto_steps.layout.display == "none"
    assert stepper.auto_button.layout.display == "none"
    # the deal passed by itself: Player 2's five draws stay face down, said once
    opening = stepper.pass_line.value
    assert "Player 2 draws a card (5 times)" in opening, opening
    assert "max-height" not in opening
    while stepper.state.current_player != 0:
        stepper.step()  # the computer's moves, by Step
    before = len(stepper.state.history)
    assert stepper.auto(5) == 0 and len(stepper.state.history) == before
    assert "It is your move (Player 1): pick a move" in stepper.pass_line.value
    # Step never chooses for the student: nothing is picked, so nothing is played
    assert stepper.picker.selected_action is None
    assert stepper.step() is None and len(stepper.state.history) == before
    assert "first click a move in the list, then press Step" in stepper.pass_line.value
    chosen = stepper.picker.actions[-1]
    stepper.picker.pick(chosen)
    assert stepper.step() == chosen and len(stepper.state.history) > before


def test_gallery_says_whose_deck_each_venezuela_is() -> None:
    """Lesson 50: two decks print Venezuela with different years; the Card menu says
    whose deck each is instead of showing the name twice with no hint."""
    from hcgames.historical import load_catalogue  # the catalogue the gallery shows

    gallery = hviews.CardGallery(load_catalogue().cards)
    gallery.kind.value = "land"
    labels = [name for name, _ in gallery.card_menu.options]
    assert len(labels) == len(set(labels))
    venezuela = [name for name in labels if name.startswith("Venezuela")]
    assert venezuela == [
        "Venezuela (1498-1821, Cheswell deck)",
        "Venezuela (1499-1811, Confucius deck)",
    ]
    assert "Ludwig van Beethoven (1770-1827)" in [
        name for name, _ in hviews.CardGallery(load_catalogue().cards).card_menu.options
    ]


def test_timeline_names_stand_beside_their_bars() -> None:
    """Lesson 50: each name is level with its own bar and starts after the bar's end or
    ends before its start, so no bar crosses a name."""
    from hcgames.historical import load_catalogue  # the catalogue the timeline shows

    view = hviews.PeopleTimeline(load_catalogue().cards)
    line = view.timeline
    n = len(line.items)
    ends = {round(float(n - i) + view.LEVEL, 3): it for i, it in enumerate(line.items)}
    after = list(zip(line.names.x, line.names.y, strict=True))
    before = list(zip(line.end_names.x, line.end_names.y, strict=True))
    assert len(after) + len(before) == n
    for x, y in after:
        assert x == ends[round(float(y), 3)]["end"]
    for x, y in before:
        assert x == ends[round(float(y), 3)]["start"]


def test_timeline_names_stay_inside_the_drawing_in_every_period() -> None:
    """Lesson 50 at 1024 and with Large text: names ran off the left and right edges. A
    name too long for either side of its bar is written with shorter years, or alone."""
    from hcgames.historical import load_catalogue  # the catalogue the timeline shows
    from hcgames.widgets.charts import text_width

    view = hviews.PeopleTimeline(load_catalogue().cards)
    line = view.timeline
    for period in view.period.options:
        view.period.value = period
        x0, x1 = float(line.x_scale.min), float(line.x_scale.max)
        per_year = (line.width - 2 * line.MARGIN) / (x1 - x0)
        for x, text in zip(line.names.x, line.names.text, strict=True):
            right = (float(x) - x0) * per_year + line.MARGIN + text_width(str(text), view.NAME_PX)
            assert right <= line.width + 12, (period, text)
        for x, text in zip(line.end_names.x, line.end_names.text, strict=True):
            left = (float(x) - x0) * per_year + line.MARGIN - text_width(str(text), view.NAME_PX)
            assert left >= -12, (period, text)


def test_turn_stepper_shows_whole_history_plates_on_the_page() -> None:
    """Lesson 51 (look 8): a card shows one line of its history and the rest was only in
    a tooltip; the menu above the cards shows any face-up card's whole plate, and
    "Play the rest of this phase" leaves no step nobody chooses waiting for a press."""
    game = hcgames.load("historical-conquest", players=2, decks=["cheswell", "salem"])
    stepper = hviews.TurnStepper(
        game.new_game(seed=5), humans=[0], viewer=0, seed=5, auto_pass=True, auto_bot="easy"
    )
    reader = stepper.history_reader
    kids = list(stepper.children)
    assert kids.index(reader) == kids.index(stepper.stepper_main) - 1  # just above the board
    assert "Argentina" in reader.plates and "Discard pile" not in reader.plates
    reader.menu.value = "Argentina"
    assert "Argentina" in reader.plate.value and "\u2026" not in reader.plate.value
    while stepper.state.round == 1 and not stepper.waiting_for_human():
        stepper.play_to_phase_end()
        assert stepper.forced() is None
    # the student's own hand is offered once it is dealt, the choice kept meanwhile
    hand = (stepper.state.card_rows(0) or {})["Player 1's hand"]
    assert hand and all(str(card["name"]) in reader.plates for card in hand)
    assert reader.menu.value == "Argentina"


def test_every_name_on_the_timeline_carries_its_years() -> None:
    """Lesson 50 (look 8): six long bars had their names without years in three periods."""
    timeline = hviews.PeopleTimeline(_historical().catalogue.cards)
    for period in timeline.period.options:
        timeline.period.value = period
        names = [*timeline.timeline.names.text, *timeline.timeline.end_names.text]
        assert [str(n) for n in names if n and "(" not in str(n)] == [], period


def test_play_the_rest_of_this_phase_lets_an_interrupt_chance_go_for_the_student() -> None:
    """Lesson 51 (look 13): asked whether to answer the computer with an interrupt card,
    the student pressed Play the rest of this phase seven times and only got a notice;
    now it passes for them, says so, and the computer plays on."""
    game = hcgames.load("historical-conquest", players=2, decks=["cheswell", "salem"])
    stepper = hviews.TurnStepper(
        game.new_game(seed=2), humans=[0], viewer=0, seed=2, auto_pass=True, auto_bot="easy"
    )
    for _ in range(400):
        state = stepper.state
        if state.declining_move() is not None and stepper.waiting_for_human():
            break
        if stepper.waiting_for_human():
            stepper.picker.pick(stepper.picker.actions[-1])
        stepper.step()
    else:
        raise AssertionError("seed 2 no longer reaches an interrupt window")
    assert stepper.state.phase == "interrupt window" and stepper.state.current_player == 0
    before = len(stepper.state.history)
    assert stepper.play_to_phase_end() >= 1
    assert type(stepper.state.history[before]).__name__ == "Pass"
    assert len(stepper.state.history) > before + 1  # the computer played on
    assert "For Player 1: pass, playing no card in answer" in stepper.pass_line.value
    assert "It is your move" not in stepper.pass_line.value
    # on the student's own turn the button still only says why it waits
    while not stepper.waiting_for_human() and not stepper.state.is_terminal():
        stepper.step()
    if stepper.state.declining_move() is None:
        at = len(stepper.state.history)
        assert stepper.play_to_phase_end() == 0 and len(stepper.state.history) == at
        assert "It is your move (Player 1)" in stepper.pass_line.value


def test_the_travel_checker_draws_the_journey_on_a_map() -> None:
    """Lesson 53: the journey picked in the menus is a line between the two lands' real
    places; one over the 180th meridian leaves by one edge and comes in by the other."""
    from hcgames.historical.world import land_places
    from hcgames.widgets.historical_lessons import TravelChecker

    game: Any = hcgames.load("historical-conquest", players=3)
    checker = TravelChecker(game.catalogue.cards, start="CT4204", goal="CT4205")
    journey = checker.journey
    assert list(journey.names.text) == ["Libya", "Canadian Province of Quebec"]
    libya = journey.fit.pixel(*land_places()["CT4204"])
    quebec = journey.fit.pixel(*land_places()["CT4205"])
    # one line, which bqplot keeps as a flat list of its x values
    assert [float(x) for x in journey.route.x] == [libya[0], quebec[0]]
    assert quebec[0] < libya[0]  # Quebec west of Libya, across the Atlantic
    checker.start.value, checker.goal.value = "CT4604", "CT4403"  # Samoa to New Zealand
    (west_x, west_edge), (east_edge, nz_x) = (list(x) for x in journey.route.x)
    assert west_edge < west_x < 60 and nz_x < east_edge and east_edge > journey.WIDTH - 60
    assert list(journey.names.text) == ["Samoa", "New Zealand"]
