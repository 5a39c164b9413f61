"""Lesson 23: the homelands map and the history cards of the twelve peoples."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from hcgames.classical import teach
from hcgames.classical.material import load_material
from hcgames.factions import side_style
from hcgames.widgets._base import one_screen
from hcgames.widgets.charts import (
    year_label,
)
from hcgames.widgets.classical.text import big_controls
from hcgames.widgets.lesson import table
from hcgames.widgets.maps import MapView
from hcgames.widgets.panels import HistoryCard

if TYPE_CHECKING:
    from hcgames.classical.material import Civilization
    from hcgames.core import Game


def history_card(civ: Civilization) -> HistoryCard:
    """A people's history card: dates, capital, starting traits and what it built."""
    facts = [
        ("A power from", f"{year_label(civ.start)} to {year_label(civ.end)}"),
        ("Capital", civ.capital),
        ("Starting traits", teach.traits_of(civ)),
        ("Built", "; ".join(civ.built)),
    ]
    return HistoryCard(civ.name, f"Homeland: {teach.homeland(civ)}", civ.summary, facts)


class PeopleCards(widgets.VBox):
    """Pick a people to read its history card beside the choice."""

    def __init__(self, first: str = "Romans") -> None:
        material = load_material()
        self.choice = widgets.Dropdown(
            options=[c.name for c in material.civilizations], value=first, description="People"
        )
        self.card = widgets.Box([history_card(material.civ(first))])
        self.choice.observe(
            lambda change: setattr(
                self.card, "children", [history_card(material.civ(change["new"]))]
            ),
            names="value",
        )
        self.choice.style.description_width = "4em"
        self.choice.layout.width = "260px"
        # the card read at the lessons' reading size, its lines not spread (they were 13 px
        # in 28 px lines)
        self.card.add_class("hc-people-card")
        # beside the menu at 1024 wide too: under it, a picked card began at the foot of
        # the screen (look 13)
        self.card.layout = widgets.Layout(flex="1 1 400px", min_width="0")
        style = widgets.HTML(
            "<style>.hc-people-card .widget-html-content, .hc-people-card .widget-html-content"
            " :is(p, td, th) { font-size: 16px; line-height: 1.45; }</style>",
            layout=widgets.Layout(display="none"),
        )
        # the menu's words at 16 px, as the lessons' other controls
        menu = big_controls(widgets.VBox([self.choice, style]))
        super().__init__([one_screen(menu, self.card)])


def homelands_map(game: Game) -> widgets.VBox:
    """The map with the homeland of each of the twelve peoples painted in its colour."""
    material = load_material()
    # each homeland is named by its people (the key and the tooltips give the land);
    # only the twelve are named: with the sixty-odd lands and seas named too, names
    # read from the back of the room stood on each other around Greece ("Spartans"
    # under "Mare Ionium", look 11)
    homes = MapView(
        game.new_game(seed=0),
        names=[civ.home for civ in material.civilizations],
        focus=[civ.home for civ in material.civilizations],
        printed={civ.home: civ.name for civ in material.civilizations},
    )
    homes.paint(
        [
            (f"{civ.name}: {teach.homeland(civ)}", side_style(civ.name) or "#999999", [civ.home])
            for civ in sorted(material.civilizations, key=lambda c: c.name)
        ],
        tooltips={t.id: teach.homeland_tooltip(t) for t in material.territories},
    )
    title = widgets.HTML("<h4 style='margin:4px 0'>Homelands of the twelve peoples</h4>")
    # what each homeland is called today, in print: the hover alone reaches no keyboard
    # or touch screen
    today = table(
        [
            {"People": civ.name, "Homeland": teach.homeland(civ), "Today": place.today}
            for civ in sorted(material.civilizations, key=lambda c: c.name)
            for place in [material.territories[material.index[civ.home]]]
        ],
        caption="The homelands today",
    )
    return widgets.VBox([title, homes, today])
