"""Views for the Classical Conquests lessons (notebooks 20-24): each one a control, the
picture it changes and the result it produces on one screen (:func:`one_screen`).

The rules and the numbers come from :mod:`hcgames.classical.teach` (odds and
positions) and :mod:`hcgames.classical.experiments` (positions played on); these
views only lay them out and answer clicks.

>>> import hcgames                                                     # doctest: +SKIP
>>> from hcgames.widgets.classical import MapRoller                    # doctest: +SKIP
>>> MapRoller(hcgames.load("classical-conquests", players=2))          # doctest: +SKIP
"""

from __future__ import annotations

from hcgames.widgets.classical.battles import (
    RoundGrid,
    SeaBattle,
    battle_panel,
    round_grid_html,
)
from hcgames.widgets.classical.economy import (
    FamineChooser,
    PaymentChooser,
    ResearchLevels,
    TraitExperiment,
    buying_rolls,
    starting_pools_table,
)
from hcgames.widgets.classical.peoples import (
    PeopleCards,
    history_card,
    homelands_map,
)
from hcgames.widgets.classical.tournament import (
    PlannerTournament,
)
from hcgames.widgets.classical.turn import (
    FirstCityChooser,
    MapRoller,
    PhasePlayer,
    WatchStepper,
    all_decisions,
    research_grid,
    token_reduction_table,
    turn_report,
)

__all__ = [
    "FamineChooser",
    "FirstCityChooser",
    "MapRoller",
    "PaymentChooser",
    "PeopleCards",
    "PhasePlayer",
    "PlannerTournament",
    "ResearchLevels",
    "RoundGrid",
    "SeaBattle",
    "TraitExperiment",
    "WatchStepper",
    "all_decisions",
    "battle_panel",
    "buying_rolls",
    "history_card",
    "homelands_map",
    "research_grid",
    "round_grid_html",
    "starting_pools_table",
    "token_reduction_table",
    "turn_report",
]
