"""Jupyter views over the hcgames contract: steppers, maps, boards, dice and charts.

Every view is an :class:`ipywidgets.VBox` with an ``update(...)`` method and a
``text`` property that states what it shows in words. The views read the shared
contract of :mod:`hcgames.core` (legal actions, chance outcomes, events and the view
hooks ``region_views``, ``action_regions``, ``card_rows``), so every game gets them
without code of its own: a dice battle's forecast and sums, the step a side is in, why
a step offers one move, the groups and words of the play screen's list of moves and a
side's own panel come through the contract's hooks too (``State.move_group``,
``State.listed_words``, ``State.own_side_lines``, the ``Game`` attributes under "how
the play screen shows the game"). No view here imports a game's package or names a
game's id or action class (tests/test_layout.py checks it), though the shared kinds
of move (:func:`hcgames.widgets.panels.choice_kind`) are still read from words in an
action class's name; each game's lesson scenes are its own modules (listed there in
``LESSON_SCENES``).

This package needs the ``notebooks`` extra (ipywidgets, bqplot, pandas); plain
``import hcgames`` never imports it.

>>> import hcgames
>>> from hcgames.widgets import GameStepper           # doctest: +SKIP
>>> GameStepper(hcgames.load("conqueror-duels").new_game(seed=1))  # doctest: +SKIP
"""

from __future__ import annotations

from hcgames.widgets._base import PALETTE, View, player_colour, region_colour
from hcgames.widgets.charts import BattlePanel, ScoreChart, Timeline, year_label
from hcgames.widgets.lesson import (
    FoldOut,
    Quiz,
    QuizItem,
    decision_rows,
    decisions_view,
    stage_viewer,
    table,
    with_slider_names,
)
from hcgames.widgets.maps import BoardView, MapView, RegionView
from hcgames.widgets.mywork import ClassSummaryUpload, MyWork, WrittenAnswer
from hcgames.widgets.panels import ActionPicker, CardRowsView, DicePanel, EventLog, HistoryCard
from hcgames.widgets.play_screen import BOT_LEVELS, MODES, PlayApp
from hcgames.widgets.stepper import BOT_NAMES, GameStepper

__all__ = [
    "BOT_LEVELS",
    "BOT_NAMES",
    "MODES",
    "PALETTE",
    "ActionPicker",
    "BattlePanel",
    "BoardView",
    "CardRowsView",
    "ClassSummaryUpload",
    "DicePanel",
    "EventLog",
    "FoldOut",
    "GameStepper",
    "HistoryCard",
    "MapView",
    "MyWork",
    "PlayApp",
    "Quiz",
    "QuizItem",
    "RegionView",
    "ScoreChart",
    "Timeline",
    "View",
    "WrittenAnswer",
    "decision_rows",
    "decisions_view",
    "player_colour",
    "region_colour",
    "stage_viewer",
    "table",
    "with_slider_names",
    "year_label",
]
