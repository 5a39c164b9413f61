"""hcgames.widgets.classical: the Classical lesson views answer their controls, each on
one screen."""

from __future__ import annotations

from typing import Any, cast

import hcgames
from hcgames.classical import experiments, teach
from hcgames.classical.game import ClassicalGame
from hcgames.classical.material import load_material
from hcgames.classical.state import ClassicalState
from hcgames.widgets._base import ONE_SCREEN
from hcgames.widgets.classical import (
    FamineChooser,
    FirstCityChooser,
    MapRoller,
    PaymentChooser,
    PeopleCards,
    PhasePlayer,
    PlannerTournament,
    ResearchLevels,
    RoundGrid,
    SeaBattle,
    TraitExperiment,
    WatchStepper,
    all_decisions,
    battle_panel,
    buying_rolls,
    homelands_map,
    starting_pools_table,
    token_reduction_table,
    turn_report,
)


def duel(*peoples: str) -> ClassicalGame:
    names = list(peoples) or ["Romans", "Egyptians"]
    return cast(ClassicalGame, hcgames.load("classical-conquests", players=2, civilizations=names))


def is_unit(view: object) -> bool:
    children = getattr(view, "children", ())
    return any(ONE_SCREEN in getattr(c, "_dom_classes", ()) for c in children) or any(
        is_unit(getattr(c, "children", [None])[0]) for c in children if getattr(c, "children", ())
    )


def test_the_map_roller_rolls_the_lessons_map_first() -> None:
    roller = MapRoller(duel())
    assert is_unit(roller)
    state = roller.roll()
    assert state.resource == experiments.roll_the_map(duel(), 3).resource
    assert "Map number 1" in roller.result.value and roller.button.description == "Roll a new map"
    roller.roll()
    assert roller.rolls == [3, 101]


def test_the_city_chooser_says_why() -> None:
    chooser = FirstCityChooser(duel())
    assert chooser.try_city() is False and "Not allowed." in chooser.result.value
    chooser.choice.value = duel().material.index["aegyptus_inferior"]
    assert chooser.try_city() is True
    # it names the lands only: the seas' names stood on small lands ("Mare Adriaticum"
    # over Latium, look 12)
    shown = set(chooser.map.label_texts())
    assert "Latium" in shown and "Lower Egypt" in shown
    assert not any(name.startswith(("Mare", "Oceanus", "Pontus")) for name in shown)


def test_the_phase_player_plays_one_phase_a_press() -> None:
    state, bots = experiments.head_start(duel(), rounds=2)
    player = PhasePlayer(state, bots)
    phase = state.phase
    # the page opens before the turn: nothing produced yet, and the first press
    # brings the turn's resources (each press changes what the page shows)
    assert player.at_eve() and player.stepper.state.phase == "score"
    assert player.button.description == f"Play the {phase} phase"
    assert "have no resources yet" in player.in_hand.value
    player.play_phase()
    assert f"the {phase} phase" in player.happened.value and "produce" in player.happened.value
    assert player.stepper.state.phase not in (phase, "score") and not player.at_eve()
    assert "resources:" in player.in_hand.value  # what the turn produced
    before = player.happened.value
    player.play_phase()
    assert player.happened.value != before
    assert state.round == 2 and len(state.history) < len(player.stepper.state.history)
    # every press names the side whose turn it is, never the dice ("The chance hold: 1
    # iron", "the research phase of the chance" after the recruit phase)
    # the "Fewer pieces" table follows the position the buttons reach
    pieces = token_reduction_table(player)
    assert "with token reduction" in pieces.value and "Round 2, the " in pieces.value
    first = cast("ClassicalState", player.stepper.state).player
    while not player.at_eve():
        player.play_phase()
        assert "chance" not in player.in_hand.value + player.next_box.value
    # after the score phase the next side's turn waits for a press: its resources arrive
    # with the press of "Play the produce phase", never before (the look saw them early)
    after = cast("ClassicalState", player.stepper.state)
    assert after.phase == "score" and after.player == first
    assert "have no resources yet" in player.in_hand.value
    assert player.button.description == "Play the produce phase"
    assert "Before the " in pieces.value
    player.play_phase()
    assert (
        cast("ClassicalState", player.stepper.state).player != first
        and "resources:" in player.in_hand.value
    )
    assert turn_report(state, bots, phases=1).startswith(f"--- {phase} ---")
    assert "with token reduction" in token_reduction_table(state).value


def test_the_famine_and_payment_choosers() -> None:
    famine = FamineChooser()
    # one button per choice (Tab and Enter reach every one), each saying what it does
    words = [button.description for button in famine.choices.children]
    assert words == [w for w, _ in famine.options] and all(w[0].isupper() for w in words)
    # the Romans' pieces are shown, not only named on the buttons
    assert "a city with 1 monument" in famine.pieces.value and "3 armies" in famine.pieces.value
    assert "Leave the city in Etruria unfed" in words
    assert "Leave one army in Latium unfed" in words  # Latium holds 3 armies
    famine.choices.children[words.index("Leave the city in Etruria unfed")].click()
    assert "a village with 1 monument" in famine.pieces.value  # the starving city shrank
    assert "choose 1 more army, fleet or city to leave unfed" in famine.said.value
    famine.choices.children[0].click()
    while famine.state.phase == "upkeep":
        famine.choices.children[-1].click()
    assert "Upkeep is over." in famine.said.value and not famine.choices.children
    # the first line follows the choices: no "choose 2 ..." once they are made
    assert "choose" not in famine.said.value
    # what went unfed is named, not counted ("2 armies, fleets or cities", look 8)
    assert "had only 4 (gold included): the city in Etruria and " in famine.said.value
    assert "went unfed" in famine.said.value and "fleets or cities" not in famine.said.value
    famine.start()
    assert famine.state.phase == "upkeep"
    payment = PaymentChooser()
    assert payment.pay("wood") == experiments.pay_with("wood")
    assert "can build nothing" in payment.result.value


def test_research_views_and_the_experiment() -> None:
    levels = ResearchLevels()
    levels.rolls.value = 1
    assert "With 1 rolls" in levels.result.value
    assert "The price of extra rolls" in buying_rolls().children[0].value
    experiment = TraitExperiment(games=1, rounds=2)
    experiment.run()
    assert "Romans" in experiment.result.value
    said = starting_pools_table().children[0].value
    assert "Latium yields" in said and "On this map" not in said  # no map is drawn here


def test_battle_views() -> None:
    grid = RoundGrid()
    assert "count the attacker's green squares yourself" in grid.result.value
    grid.attack.value = 1
    assert "<b>36</b> of the 64 pairs" in grid.result.value
    # the sentence about the diagonal follows the sliders (it said 'with equal levels'
    # under a grid whose levels were not equal)
    assert "ties on the diagonal go to the attacker" in grid.result.value
    grid.defend.value = 3
    assert (
        "defender 2 levels ahead" in grid.result.value and "at most 2 higher" in grid.result.value
    )
    assert "<b>15</b> of the 64 pairs" in grid.result.value
    game = duel()
    exact = teach.battle_results(3, 2)
    panel = battle_panel(
        exact, experiments.etruria_battle(teach.battle_under_way(game, 3, 2)), 1, "t"
    )
    assert ONE_SCREEN in panel._dom_classes and not panel.run_button.disabled
    # the buttons first, the chart they redraw under them
    assert panel.run_button in panel.children[1].children
    assert panel.figure in panel.children[2].children
    sea = SeaBattle(duel("Athenians", "Persians"))
    athens, _ = sea.show()
    assert athens == teach.sea_battle_odds(3, 2, 4, 0)[0] and "Athenians attack" in sea.result.value
    # the sentence under the odds follows the sliders (it was a fixed caption, false
    # once the sliders moved)
    assert "two more levels of Nautical outweigh one extra Persian ship" in sea.result.value
    sea.sliders[1].value = 0  # Athenian Nautical 0: no more levels to outweigh anything
    assert "Nautical outweigh" not in sea.result.value
    assert experiments.salamis_verdict(3, 0, 4, 0) in sea.result.value
    # the map of the Aegean as large as the window lets it be, its key under the odds
    assert sea.map.fluid and sea.map.legend not in sea.map.children
    assert sea.map.legend.value and "100vh" in sea.map.layout.max_width
    # the fleet sliders redraw the map: the Persian fleet in the Aegean follows its slider
    aegean = sea.position.game.material.index["mare_aegaeum"]
    sea.sliders[2].value = 7
    assert sea.position.fleets[1][aegean] == 7
    assert "7F" in [str(t) for t in sea.map.unit_labels.text]  # drawn on the map


def test_peoples_views_and_the_decisions() -> None:
    cards = PeopleCards()
    cards.choice.value = "Goths"
    assert cards.card.children[0].title == "Goths"
    homes = homelands_map(duel())
    assert homes.children[1] is not None
    # only the twelve homelands are named, by their peoples: the world's sixty-odd names
    # stood on each other around Greece in type read from the back of the room
    shown = sorted(p.text for p in homes.children[1].placed)
    assert shown == sorted(c.name for c in load_material().civilizations)
    # what each homeland is called today is printed, not left to a mouse hover
    assert "The homelands today" in homes.children[2].value and "Crete" in homes.children[2].value
    tip = teach.homeland_tooltip(load_material().territories[0])
    assert " is a " in tip and tip.endswith(".") and "land;" not in tip  # a sentence
    assert all_decisions(duel()).title.startswith("All ")


def test_the_tournament_fills_its_table_and_chart() -> None:
    tournament = PlannerTournament()
    tournament.games.value, tournament.rounds.value = 4, 5
    wins = tournament.run()
    assert abs(sum(wins.values()) - 4) < 1e-9
    assert tournament.progress.value == 4 and "4 games of 5 rounds" in tournament.wins.value


def test_the_research_step_says_why_no_trait_can_be_picked() -> None:
    """Lesson 24's reviewer could not choose the Arts: the rules roll for the trait. The
    play screen says so in the research step, from the research table itself."""
    from hcgames.classgame import class_game
    from hcgames.classical.views import research_note
    from hcgames.widgets import PlayApp

    game = cast(Any, class_game("classical-conquests"))
    note = research_note(game.material)
    face = list(game.material.research_table).index("arts") + 1
    assert f"Arts on a {face}" in note and "12-sided" in note
    app = PlayApp(game, humans=(0,), bot="easy", seed=7)
    state: Any = app.state
    for _ in range(400):
        if state.phase == "research" and state.player == 0 and app.waiting_for_human():
            break
        app.picker.pick(state.legal_actions()[-1])  # end each phase
        app.step()
        state = app.state
    assert state.phase == "research"
    assert research_note(game.material) in state.own_side_lines(0)


def test_watch_stepper_puts_its_buttons_over_the_map() -> None:
    """Lesson 24's watched game: Step, the phases and the sentence over the map, one
    unit; the moves and the key in a row under it; Step plays a computer's move."""
    from hcgames.classical.bots import PlannerBot  # only this test needs the planners

    four = hcgames.load(
        "classical-conquests",
        players=4,
        civilizations=["Romans", "Macedonians", "Phoenicians", "Babylonians"],
    )
    watch = WatchStepper(four.new_game(seed=2), bots=[PlannerBot(k) for k in range(1, 5)], seed=2)
    header, unit, rest, _messages = watch.children
    assert ONE_SCREEN in unit._dom_classes and watch.title in header.children
    _style, top, pictured = unit.children
    assert "hc-watch-top" in top._dom_classes
    buttons = top.children[0]
    assert watch.step_button in buttons.children
    assert top.children[1:3] == (watch.timeline, watch.text_line)
    # look 13: buttons over the map show one region of it closer, where the map was
    region_row = top.children[3]
    assert watch.region_buttons in region_row.children
    whole = watch.map_view
    watch.region_buttons.value = "italy"
    italy = watch.map_view
    assert italy is not None and italy is not whole and italy.theatre == "italy"
    assert italy in pictured.children[0].children and whole not in pictured.children[0].children
    assert watch.region_views == [italy] and italy.state is watch.state
    watch.region_buttons.value = ""
    assert watch.map_view is whole
    views, key = pictured.children
    assert watch.map_view is not None
    assert watch.map_view in views.children and key is watch.map_view.legend
    assert watch.event_log in rest.children and key not in rest.children
    assert not watch.set_dice  # nobody sets the dice in a game the computers play
    watch.step()
    assert len(watch.state.history) == 1
