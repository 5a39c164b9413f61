"""Jupyter views over the hcgames contract: steppers, maps, boards, dice and charts.

Every view is an :class:`ipywidgets.VBox` with an ``update(...)`` method and a
``text`` property that states what it shows in words. The views read the shared
contract of :mod:`hcgames.core` (legal actions, chance outcomes, events and the view
hooks ``region_views``, ``action_regions``, ``card_rows``), so every game gets them
without code of its own: a dice battle's forecast and sums, the step a side is in and
why a step offers one move come through the contract's hooks too. Two views still
reach into particular games for what the contract does not carry yet: the play screen
(Historical's card battle, Classical's and Speros' side panels, the groups of the move
list, CONQUEST's board) and the history view (Duels' map by default), each listed, to
shrink only, in tests/test_layout.py's ``GENERIC_VIEW_BACK_DOORS``; each game's lesson
scenes are its own modules.

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
