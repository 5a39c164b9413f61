"""hcgames.widgets.battles and hcgames.widgets.experiments: the Duels battle lesson's
views and the experiments of the play lesson."""

from __future__ import annotations

import hcgames
from hcgames.conqueror import walkthroughs
from hcgames.conqueror.game import DuelsGame
from hcgames.conqueror.state import DuelsState
from hcgames.widgets.battles import DiceBattle, odds_by_bonus, odds_panel, story_beside_map
from hcgames.widgets.experiments import (
    ScenarioExperiment,
    WatchedGame,
    bar_chart,
    careful_panel,
    compare_panel,
)
from tests.narrow import narrow


def test_dice_battle_follows_the_dice_on_one_screen() -> None:
    alps = walkthroughs.alps_battle(DuelsGame())
    view = DiceBattle(alps, rolls=(3, 4), focus=["Gaul", "Alpes"])
    assert "hc-screen" in view._dom_classes
    assert "3 × 2 + 3 = 9" in view.words.value and "2 + 2 + 4 = 8" in view.words.value
    assert view.words.value.count("outline:3px") == 1  # the chosen pair is ringed
    view.dice[1].value = 6
    assert "2 + 2 + 6 = 10" in view.words.value
    assert (
        narrow(view.map_view.state, DuelsState).owner[alps.before.game.index["Alpes"]] == 1
    )  # Rome holds


def test_odds_views() -> None:
    alps = walkthroughs.alps_battle(DuelsGame())
    panel = odds_panel(alps, trials=50, title="The Alps")
    assert "hc-screen" in panel._dom_classes
    controls, chart_row = panel.children[1:3]
    assert panel.run_button in controls.children and panel.figure in chart_row.children
    table, chart = odds_by_bonus(range(-1, 2), range(0, 2)).children
    assert "+1" in table.value and len(chart.marks[0].y) == 3  # a line a bonus, 3 leads
    lines = [m for m in chart.marks if hasattr(m, "marker")]
    assert len({line.marker for line in lines}) == 2  # told apart by shape, not colour only
    assert [m.text[0] for m in chart.marks if not hasattr(m, "marker")] == ["+0", "+1"]
    babylon = walkthroughs.babylon_battle(DuelsGame(scenario="first-syrian-war"))
    _map, words = story_beside_map(babylon).children
    assert "7/12" in words.value and "<li>" in words.value


def test_experiment_panels_play_when_asked() -> None:
    titles = {"gallic-wars": "The Gallic Wars"}
    experiment = ScenarioExperiment(titles, value="gallic-wars", games=20)
    assert "hc-screen" in experiment._dom_classes and "No games" in experiment.words.value
    experiment.run()
    assert "In 20 games of <b>The Gallic Wars</b>" in experiment.words.value
    assert len(experiment.charts.children) == 3 and not experiment.button.disabled
    compare = compare_panel(titles, each=4)
    button, output = compare.children
    button.click()
    assert "Who won 4 random games" in output.children[0].value
    assert "hc-screen" in careful_panel(games=1)._dom_classes
    assert bar_chart({"Rome": 3}, "Who won").marks[0].y.tolist() == [3]


def test_watched_game_charts_the_forts() -> None:
    standard = hcgames.load("conqueror-duels")
    watched = WatchedGame(standard, bots=["greedy", "random"], seed=3)
    assert watched.scores() == {name: [2.0] for name in standard.player_names}
    while watched.stepper.state.round < 2:
        watched.stepper.step()
    assert len(watched.scores()["Rome"]) == 2
