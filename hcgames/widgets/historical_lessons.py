"""The interactive sections of the Historical Conquest lessons.

Each view is one screen (:func:`~hcgames.widgets._base.one_screen`): its menus first,
then the card, chart or table they change, then the sentence that says what the
choice means, so a projected page shows the click and its effect together at
1366x768 and 1024x700. The numbers come from :mod:`hcgames.historical.teach` and
:mod:`hcgames.historical.lessons`; this module only lays them out.

One module past 600 lines on purpose: it is every view of the four Historical Conquest
lessons, which share their menus, their drawn cards and their sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import bqplot
import ipywidgets as widgets

from hcgames.labels import text_width as name_width
from hcgames.widgets._base import chart_beside, guarded, one_screen
from hcgames.widgets.card_lessons import MatchPicker, _bold_markdown, sentence
from hcgames.widgets.cards import KIND_COLOURS, rows_html
from hcgames.widgets.charts import ScoreChart, Timeline, text_width
from hcgames.widgets.lesson import table
from hcgames.widgets.map_keys import dot_swatch
from hcgames.widgets.maps import MapView
from hcgames.widgets.regions import LARGE_NAME_GROW, em, label_key
from hcgames.widgets.stepper import GameStepper
from hcgames.words import capitalise, count, noun

if TYPE_CHECKING:
    from hcgames.historical.battle import Assessment
    from hcgames.historical.cards import Card as HistoricalCard
    from hcgames.historical.game import HistoricalGame
    from hcgames.historical.state import HistoricalState

__all__ = [
    "BattleBuilder",
    "BattleView",
    "CardGallery",
    "CardHistoryReader",
    "ContinentMap",
    "GameStartLine",
    "MoraleGames",
    "PeopleTimeline",
    "TravelChecker",
    "TurnStepper",
    "battle_view",
    "bot_match",
]

#: how the keyboard reaches every continent of :class:`ContinentMap`
KEYS_HINT = (
    "With the keyboard: press Tab until the map is outlined, then the arrow keys go from "
    "continent to continent, and Enter or Space shows the lands of the one outlined."
)


#: lesson 53's lines about the map (above it, and what a click names beside it) in type
#: a class reads from the back (the map's own lines are 13 px)
CONTINENT_MAP_CSS = (
    "<style>.hcgames-continent-map .hcgames-map-info .widget-html-content,"
    ".hcgames-continent-map .hcgames-line-kept .widget-html-content"
    "{font-size:17px !important; line-height:1.35}"
    # the key and the keyboard hint beside the map too (14 and 13 px read small projected)
    ".hcgames-continent-map .hcgames-legend-beside .widget-html-content,"
    ".hcgames-continent-map .hcgames-hint{font-size:16px !important; line-height:1.35}"
    ".hcgames-continent-map .hcgames-map-info .widget-html-content:not(:empty)"
    "{font-weight:bold; margin-bottom:8px}"
    # Large text: the map takes the whole width, its key under it (capped by the window's
    # height, it narrowed from 1020 to 859 px at 1366x768 as the line above it grew)
    "body.hcgames-large .hcgames-continent-picture{max-width:none !important;"
    "flex:1 1 100% !important}</style>"
)


#: the dots and names of the lands in play on lesson 53's map (dark: read on every colour)
LAND_INK = "#111111"
#: pixels (of the laid-out map) between a land's dot and its name
LAND_GAP = 11


def land_boxes(
    places: Sequence[tuple[str, float, float]],
    size: float,
    bounds: tuple[float, float],
    grow: float = LARGE_NAME_GROW,
) -> list[tuple[str, tuple[float, float, float, float]]]:
    """For each land at ``(name, x, y)`` (pixels of the laid-out map), the side of its
    dot its name starts from (``"start"``: to the east, ``"end"``: to the west) and the
    box the name takes there under Large text (``grow`` times its type): first the side
    away from the nearest other land, else the other, inside ``bounds`` (the map's left
    and right edges) and clear of the names already set."""
    chosen: list[tuple[str, tuple[float, float, float, float]]] = []
    for index, (name, x, y) in enumerate(places):
        wide = name_width(name, size * grow, bold=True)
        high = size * grow  # capitals to descenders: about one em
        others = [(px, py) for i, (_, px, py) in enumerate(places) if i != index]
        nearest = min(others, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2, default=None)
        sides = ["end", "start"] if nearest is not None and nearest[0] > x else ["start", "end"]
        boxes = {
            "start": (x + LAND_GAP, y - high / 2, x + LAND_GAP + wide, y + high / 2),
            "end": (x - LAND_GAP - wide, y - high / 2, x - LAND_GAP, y + high / 2),
        }

        def fits(box: tuple[float, float, float, float]) -> bool:
            inside = bounds[0] <= box[0] and box[2] <= bounds[1]
            return inside and not any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                for _, b in chosen
            )

        side = next((side for side in sides if fits(boxes[side])), sides[0])
        chosen.append((side, boxes[side]))
    return chosen


class ContinentMap(MapView):
    """Lesson 53's map: a picked continent (a click, or Enter on the keyboard) names its
    lands at the head of the column beside the map, as the mouse pointer's tooltip does,
    so a student without a mouse reads them too; a line there says which keys reach it."""

    #: under Large text its names keep their places and grow with the map, which takes
    #: the page's width (laid out again larger, they moved off their continents: the line
    #: 'US West Coast (1) · Quebec (3)' ran across the Atlantic into Africa, look 8)
    LARGE_NAME_SCALES: tuple[float, ...] = ()

    def __init__(self, state: HistoricalState, **options: Any) -> None:
        options.setdefault("beside", True)  # names sized for the narrower map shown
        super().__init__(state, **options)
        # each land in play at its real place, a dot with its name and holder beside it
        # (written under its continent's name, "Israel (1)" stood over India, look 14)
        self.land_marks = self._land_marks(self.land_places(state))
        self.figure.marks = [*self.figure.marks, *self.land_marks]
        self.keys_hint = widgets.HTML(f"<span class='hcgames-hint'>{KEYS_HINT}</span>")
        # the key and the keyboard hint beside the map, and the map no taller than the
        # window less its line above: the map, its key and what a click names share one
        # screen (the map was 708 px high at 1366x768, its key a scroll below it)
        legend = self.key_beside()
        aspect = self.width / self.height
        picture = widgets.Box(
            [self.figure],
            layout=widgets.Layout(
                flex="1 1 520px", min_width="0", max_width=f"calc((100vh - 90px) * {aspect:.4f})"
            ),
        )
        # what a click names goes at the head of the column beside the map, in type a
        # class reads (under the map it sat at the window's bottom edge, in 13 px)
        side = widgets.VBox(
            [self.info, legend, self.keys_hint],
            layout=widgets.Layout(flex="0 1 300px", min_width="240px", margin="0 0 0 12px"),
        )
        picture.add_class("hcgames-continent-picture")
        row = widgets.HBox([picture, side], layout=widgets.Layout(flex_flow="row wrap"))
        children = [c for c in self.children if c is not self.info]
        # with Large text the map takes the whole width and its key goes under it: its
        # names then grow with the text (squeezed beside the key, they shrank)
        index = children.index(self.figure)
        children[index : index + 1] = [row, widgets.HTML(CONTINENT_MAP_CSS)]
        self.children = children
        self.add_class("hcgames-continent-map")

    @staticmethod
    def land_places(state: HistoricalState) -> list[tuple[str, float, float]]:
        """Every land in play as ``(name (holder's number), longitude, latitude)``, at the
        real city that stands for it (:func:`hcgames.historical.world.land_places`)."""
        from hcgames.historical.views import _short_land  # the rules load with the view
        from hcgames.historical.world import land_places

        places = land_places()
        return [
            (f"{_short_land(card.name)} ({p + 1})", *places[card.id])
            for p in range(state.n)
            for col in state.rows[p]
            for card in [state.card(col.land)]
        ]

    def _land_marks(self, places: Sequence[tuple[str, float, float]]) -> list[bqplot.Mark]:
        """A diamond at each place and its name beside it, bold, in the map's smallest
        type: on the side away from the nearest other land, and starting at its dot, so
        that under Large text the name grows away from its dot, never over it (centred
        names placed for the map's own type covered their dots then)."""
        pixels = [self.projection_fit.pixel(lon, lat) for _, lon, lat in places]
        ys = [self.height - y for _, y in pixels]
        size = self.min_name_size
        boxes = land_boxes(
            [(name, x, y) for (name, _, _), (x, y) in zip(places, pixels, strict=True)],
            size,
            (2.0, self.width - 2.0),
        )
        # the continents' names move off the lands' dots and names
        self._reserved.extend(box for _, box in boxes)
        self._reserved.extend((x - 8, y - 8, x + 8, y + 8) for x, y in pixels)
        self._relabel()
        dots = bqplot.Scatter(
            x=[x for x, _ in pixels] or [0.0],
            y=ys or [0.0],
            scales=self.scales,
            colors=[LAND_INK],
            stroke="#FFFFFF",
            stroke_width=2.0,
            default_size=110,
            marker="diamond",
            enable_hover=False,
            visible=bool(places),
        )
        marks: list[bqplot.Mark] = [dots]
        for side, offset in (("end", -LAND_GAP), ("start", LAND_GAP)):
            chosen = [i for i, (where, _) in enumerate(boxes) if where == side]
            marks.append(
                bqplot.Label(
                    x=[pixels[i][0] for i in chosen] or [0.0],
                    y=[ys[i] - size * 0.38 for i in chosen] or [0.0],
                    text=[places[i][0] for i in chosen] or [""],
                    scales=self.scales,
                    colors=[LAND_INK],
                    default_size=em(size),  # grows with the map (figure_css)
                    font_unit="em",
                    font_weight="bold",
                    align=side,
                    x_offset=offset,
                    enable_hover=False,
                    apply_clip=False,
                )
            )
        return marks

    def labels(self) -> list[str]:
        """No line of lands under a continent's name: the dots name them where they are."""
        return ["" for _ in self.region_ids]

    def _legend_html(self) -> str:
        """The map's key, its line on the lands under the continents' names ("Land (2)")
        said instead of the dots, which stand where the lands are."""
        key = super()._legend_html()
        for label, meaning in label_key(self.state.game.id):
            if "(" not in label:  # "colour": what a continent's colour says, kept
                continue
            key = key.replace(
                f"<span class='hc-key'><b style='white-space:nowrap'>{escape(label)}</b>"
                f"<span>{escape(meaning)}</span></span>",
                "",
            )
        dot = (
            f"<span class='hc-key'>{dot_swatch(LAND_INK)}<span><b>Mali (2)</b>: a land in "
            "play, marked at a real city of it; (2): Player 2 holds it</span></span>"
        )
        return key[: -len("</div>")] + dot + "</div>" if key.endswith("</div>") else key + dot

    def click(self, region: str) -> list[str]:
        """One continent picked at a time: a click (or Enter) on another continent
        replaces the one picked before, and a click on the picked one drops it (picks
        piled up, "Picked: Africa and Asia", while the line under the map named one)."""
        self._set_selection([] if self.selection == [region] else [region])
        return self.reachable()

    @property
    def text(self) -> str:
        """The page's own line over the map: how to pick, then what is picked and how to
        drop it. It does not say again who holds which lands (the list above the map
        says it) nor the picked continent's lands (the column beside the map says them):
        look 8b read "Round 8. Player 1 holds ..." as a stray line repeating the list."""
        if len(self.selection) != 1:
            return "Click a continent, or press Enter on it, to list its lands beside the map."
        picked = self.region_name(self.selection[0])
        return f"Picked: {picked}. Its lands are listed beside the map; click it again to drop it."


#: the gallery's continent menu: only land cards have a continent, and the menu says so
GALLERY_CONTINENTS = [
    ("any continent", "any continent"),
    *(
        (f"lands in {name}", name)
        for name in ("North America", "South America", "Europe", "Africa", "Asia", "Oceania")
    ),
]
#: type a class reads from the back of the room, for the menus and the card of the
#: gallery and the timeline (widgets set 13 px unless told)
LARGE_TYPE_CSS = (
    "<style>.hcgames-large-type, .hcgames-large-type .widget-html-content,"
    ".hcgames-large-type select, .hcgames-large-type .widget-label"
    "{font-size:17px !important}"
    ".hcgames-large-type select{height:auto;min-height:30px}</style>"
)


#: lesson 50's sentence under the period menu keeps its first letters under Large text (look
#: 8, 1366 wide: the box cut them at its left edge)
PEOPLE_TIMELINE_CSS = (
    "<style>.hcgames-period-said{padding-left:3px;overflow:visible !important}"
    ".hcgames-period-said .widget-html-content{overflow:visible !important}</style>"
)


#: the band of a card in the gallery, by category: a dark colour white words read on
GALLERY_BANDS = {
    "character": "#1F4E79",
    "army": "#333333",
    "land": "#2E6B3A",
}
GALLERY_CARD_CSS = """<style>
.hcgames-museum { display: flex; flex-wrap: wrap; gap: 12px 18px; align-items: flex-start; }
.hcgames-museum-card { flex: 0 0 13.5em; box-sizing: border-box; border: 2px solid #3A3A3A;
  border-radius: 12px; background: #FFFDF6; overflow: hidden;
  box-shadow: 0 2px 4px rgba(0,0,0,0.3); line-height: 1.3; }
.hcgames-museum-band { color: #FFFFFF; font-weight: bold; padding: 3px 10px;
  letter-spacing: 0.04em; }
.hcgames-museum-body { padding: 6px 10px 10px; }
.hcgames-museum-name { font-size: 1.25em; font-weight: bold; line-height: 1.2; }
.hcgames-museum-years { color: #3A3A3A; margin-bottom: 6px; }
.hcgames-museum-stats { display: flex; gap: 8px; margin: 6px 0; }
.hcgames-museum-stat { flex: 1 1 0; text-align: center; border: 2px solid #3A3A3A;
  border-radius: 8px; padding: 2px 0; background: #FFFFFF; }
.hcgames-museum-stat b { display: block; font-size: 1.5em; line-height: 1.1; }
.hcgames-museum-ability { border-top: 2px solid #C8C2B0; padding-top: 6px; margin-top: 6px; }
.hcgames-museum-plate { flex: 1 1 17em; min-width: 0; max-width: 34em; line-height: 1.5; }
.hcgames-museum-plate h4, .hcgames-museum-note h4 { margin: 0 0 4px; font-size: 1em; }
.hcgames-museum-note { margin-top: 10px; border-left: 6px solid #E69F00;
  background: #FFF6E0; padding: 6px 10px; border-radius: 4px; }
</style>"""


class MuseumCard(widgets.HTML):
    """A card of lesson 50's gallery drawn as a game card (a band with its kind, its
    name and years, attack and defence as the card's two numbers, its ability) beside
    its history plate, with the note "Behind the card" set apart under a heading (look 7
    read the game facts as a list of fields and the note as part of the plate)."""

    def __init__(self, card: HistoricalCard) -> None:
        super().__init__()
        self.text = ""
        self.update(card)

    def update(self, card: HistoricalCard) -> None:
        from hcgames.historical.cards import STUDENT_NOTE_HEADING  # the rules load with the view

        years = card.plate_years or card.years
        kind = f"land in {card.continent}" if card.is_land else card.kind
        band = GALLERY_BANDS.get(card.category, "#5B3A7A")
        stats = ""
        if card.is_unit:
            stats = (
                "<div class='hcgames-museum-stats'>"
                f"<div class='hcgames-museum-stat'><b>{card.attack}</b>attack</div>"
                f"<div class='hcgames-museum-stat'><b>{card.defence}</b>defence</div></div>"
            )
        extra = []
        if card.is_land and card.north_text:
            extra.append(f"Its territory {card.north_text}.")
        if card.note:
            extra.append(card.note)
        extras = "".join(f"<div style='margin-top:4px'>{escape(e)}</div>" for e in extra)
        # under its own heading the note is a sentence of its own: a capital (look 14)
        note = capitalise(card.added_note.removeprefix(STUDENT_NOTE_HEADING))
        behind = (
            f"<div class='hcgames-museum-note'><h4>Behind the card</h4>{escape(note)}</div>"
            if note
            else ""
        )
        self.value = (
            f"{GALLERY_CARD_CSS}<div class='hcgames-museum'>"
            "<div class='hcgames-museum-card' role='img' "
            f"aria-label='{escape(card.name)}, the card as printed'>"
            f"<div class='hcgames-museum-band' style='background:{band}'>"
            f"{escape(kind[:1].upper() + kind[1:])}</div><div class='hcgames-museum-body'>"
            f"<div class='hcgames-museum-name'>{escape(card.name)}</div>"
            + (f"<div class='hcgames-museum-years'>{escape(years)}</div>" if years else "")
            + stats
            + f"<div class='hcgames-museum-ability'><b>Ability:</b> "
            f"{escape(card.ability_text())}{extras}</div></div></div>"
            f"<div class='hcgames-museum-plate'><h4>History plate</h4>"
            f"{escape(card.plate)}{behind}</div></div>"
        )
        self.text = f"{card.name} ({kind}, {years}): {card.plate} {card.added_note}".strip()


#: the Kind menu's words for the cards' kinds
GALLERY_KIND_WORDS = {
    "land": "Lands",
    "character": "People",
    "army": "Armies",
    "event": "Events",
    "technology": "Inventions and technology",
    "knowledge": "Knowledge",
    "location": "Places",
    "organization": "Organisations",
    "document": "Documents",
}


class CardGallery(widgets.VBox):
    """Menus of era, continent and kind, how many cards match, a menu of those cards
    and the chosen card with its history."""

    def __init__(self, cards: Mapping[str, HistoricalCard], first: str = "MU2001") -> None:
        from hcgames.historical import teach  # the rules load with the view

        self.cards = cards
        self.teach = teach
        # the menu's words as a class says them (it showed the data's "organization",
        # "character": look 15); the values stay the cards' kinds
        kinds = [
            ("Any kind", "any kind"),
            *sorted(
                (GALLERY_KIND_WORDS.get(kind, kind.capitalize()), kind)
                for kind in {card.category for card in cards.values()}
            ),
        ]
        small = widgets.Layout(width="330px")
        # the menus' names in 17 px type need more than the 80 px widgets give them
        named = {"description_width": "96px"}
        self.era = widgets.Dropdown(
            options=list(teach.ERAS), description="Era", layout=small, style=named
        )
        self.continent = widgets.Dropdown(
            options=GALLERY_CONTINENTS, description="Continent", layout=small, style=named
        )
        self.kind = widgets.Dropdown(options=kinds, description="Kind", layout=small, style=named)
        self.card_menu = widgets.Dropdown(
            description="Card", layout=widgets.Layout(width="440px"), style=named
        )
        self.found = widgets.HTML()
        self.card = MuseumCard(cards[first])
        self.card.layout.max_width = "880px"
        #: said instead of the card when no card matches the menus
        self.none_found = widgets.HTML(
            sentence(
                "No card matches all three menus. Choose <i>any era</i>, <i>any "
                "continent</i> or <i>any kind</i> in one of them to see more cards.",
                17,
            ),
            layout=widgets.Layout(display="none", max_width="520px"),
        )
        for menu in (self.era, self.continent, self.kind):
            menu.observe(self.refilter, names="value")
        self.card_menu.observe(self.show, names="value")
        self.refilter()
        self.card_menu.value = first
        controls = widgets.VBox([self.era, self.continent, self.kind, self.found, self.card_menu])
        shown = widgets.VBox([self.card, self.none_found])
        super().__init__([widgets.HTML(LARGE_TYPE_CSS), one_screen(controls, shown)])
        self.add_class("hcgames-large-type")

    def refilter(self, _change: Any = None) -> None:
        chosen = self.teach.gallery(
            self.cards, self.era.value, self.continent.value, self.kind.value
        )
        verb = "matches" if len(chosen) == 1 else "match"
        found = f"<b>{len(chosen)}</b> {noun('card', len(chosen))} {verb} the menus."
        if self.continent.value != "any continent" and self.kind.value not in ("any kind", "land"):
            found += " Only land cards belong to a continent, so no card of this kind does."
        elif self.continent.value != "any continent" and self.kind.value != "land":
            found += " Only land cards belong to a continent."
        self.found.value = sentence(found, 17)
        keep = self.card_menu.value
        self.card_menu.options = [(self._menu_label(c), c.id) for c in chosen]
        if keep in [c.id for c in chosen]:
            self.card_menu.value = keep
        elif chosen:
            self.card_menu.value = chosen[0].id
        self.show()

    def _menu_label(self, card: HistoricalCard) -> str:
        """ "Beethoven (1770-1827)"; a name two decks print as two cards says whose deck
        each is ("Venezuela (1498-1821, Cheswell deck)"), as their years differ."""
        label = f"{card.name} ({card.plate_years or card.years}"
        twins = [c for c in self.cards.values() if c.name == card.name]
        if len(twins) > 1:
            from hcgames.historical import load_catalogue  # the rules load with the view

            decks = load_catalogue().decks
            label += "".join(
                f", {deck.capitalize()} deck"
                for deck, ids in sorted(decks.items())
                if card.id in ids
            )
        return label + ")"

    def show(self, _change: Any = None) -> None:
        """The chosen card, or a sentence instead of it when no card matches (never the
        last card shown, which the menus no longer pick)."""
        value = self.card_menu.value
        if value:
            self.card.update(self.cards[value])
        self.card.layout.display = "" if value else "none"
        self.none_found.layout.display = "none" if value else ""


def _short_span(item: Mapping[str, Any]) -> str:
    """An item's years in few letters, with the cards' dash ("1809-1882", "624-546 BC",
    "about 1500-1550"); a span across BC and AD, or one year, as the timeline writes it."""
    start, end = int(item["start"]), int(item["end"])
    about = "about " if item.get("circa") else ""
    if start == end and start >= 1000:
        return f"{about}{start}"  # "AD" only where a year could be read as BC
    if start == end or (start < 0) != (end < 0):
        return Timeline._span(item)
    if start < 0:
        return f"{about}{-start}\u2013{-end} BC"
    # a span of early years says AD: "12\u201343" alone reads as a line number (look 14)
    return f"{about}AD {start}\u2013{end}" if start < 1000 else f"{about}{start}\u2013{end}"


#: the kind whose bars end in open rings on lesson 50's timeline (its eighth kind)
RING_KIND_COLOUR = KIND_COLOURS["Outlaws and spies"]


class PeopleTimeline(widgets.VBox):
    """A menu of periods, how many people and armies began in the chosen one and the
    key of colours beside their lives drawn as bars coloured by kind. The bars are
    packed closer than a plain :class:`~hcgames.widgets.charts.Timeline` so that the
    busiest period (26 bars) still fits a 700 px high window beside its menu."""

    ROW = 24  # px per bar
    #: the names' size: 16 px, read projected (14 px was too small from the back, look 7)
    NAME_PX = 16

    def __init__(self, cards: Mapping[str, HistoricalCard], width: int = 640) -> None:
        from hcgames.historical import teach  # the rules load with the view

        self.teach = teach
        self.people = teach.people_timeline(cards)
        # the menu's name above it: beside it, the longest period was cut at 17 px
        self.period = widgets.Dropdown(
            options=list(teach.PERIODS),
            description="Period",
            layout=widgets.Layout(width="320px", flex_flow="column", align_items="stretch"),
            style={"description_width": "initial"},
        )
        # ``width``: the least the drawing gets (658 px beside the menu at 1024 wide; under
        # it with Large text, the page's width)
        self.timeline = Timeline(
            teach.in_period(self.people, self.period.value), width=width, colours=KIND_COLOURS
        )
        self.timeline.segments.stroke_width = 8  # thin enough for the name above each bar
        self.timeline.NAME_RISE = 0.36  # a 24-pixel row: the name just clears its bar
        # the rest of the row beside the menu, however wide the window
        # its names may run a few pixels past the drawing: no scroll box (axe: a box that
        # scrolls must be reached by keyboard)
        self.timeline.layout = widgets.Layout(flex="1 1 560px", min_width="0", overflow="visible")
        for names in (self.timeline.names, self.timeline.end_names):
            names.default_size = self.NAME_PX
            # a name may run into the drawing's margin: bqplot cut it at the plot's edge
            # (lesson 50 at 1024x700 with Large text lost the end of "Boudica (AD 61)")
            names.apply_clip = False
        # a name starts past the marker at its bar's end, never over it
        self.timeline.names.x_offset = 11
        self.timeline.end_names.x_offset = -11
        for mark in self.timeline.group_marks:
            mark.default_size = 170  # markers of 13 px, in a 24-pixel row (look 14: 8 px)
        self.rings = self._rings()
        self.timeline.text_line.layout.display = "none"  # the sentence says it in fewer words
        self.timeline.children = [self.timeline.figure]  # its key goes beside it
        self.said = widgets.HTML(layout=widgets.Layout(margin="10px 0 0 0"))  # clear of the menu
        self.period.observe(self.redraw, names="value")
        self.redraw()
        left = widgets.VBox(
            [self.period, self.said, self.timeline.legend], layout=widgets.Layout(width="320px")
        )
        self.said.add_class("hcgames-period-said")
        super().__init__(
            [
                widgets.HTML(LARGE_TYPE_CSS + PEOPLE_TIMELINE_CSS),
                one_screen(left, chart_beside(self.timeline)),
            ]
        )
        self.add_class("hcgames-large-type")

    def redraw(self, _change: Any = None) -> None:
        shown = self.teach.in_period(self.people, self.period.value)
        self.timeline.update(shown)
        self._ring_the_eighth_kind()
        self._names_beside_bars()
        # the axis and margins take 70 px: the busiest period (26 bars) stays under 700 px
        self.timeline.figure.layout.height = f"{max(160, self.ROW * len(shown) + 72)}px"
        from hcgames.historical.lessons import period_sentence  # the rules load with the view

        self.said.value = sentence(period_sentence(self.people, self.period.value), 17)

    def _rings(self) -> Any:
        """Eight kinds, seven shapes: the eighth kind's bars end in open rings of their
        own, not in the first kind's filled circles (look 14 told the two apart by colour
        alone)."""
        first = self.timeline.group_marks[0]
        rings = type(first)(
            x=[],
            y=[],
            scales=first.scales,
            marker="circle",
            default_size=170,
            fill=False,
            stroke_width=3,
            colors=[RING_KIND_COLOUR],
        )
        self.timeline.figure.marks = [*self.timeline.figure.marks, rings]
        return rings

    def _ring_the_eighth_kind(self) -> None:
        """The ends of the eighth kind's bars moved from the filled circles to the open
        rings, in the drawing and in its key."""
        circles = self.timeline.group_marks[0]
        keep = [i for i, c in enumerate(circles.colors) if c != RING_KIND_COLOUR]
        ringed = [i for i, c in enumerate(circles.colors) if c == RING_KIND_COLOUR]
        xs, ys = list(circles.x), list(circles.y)
        with self.rings.hold_sync():
            self.rings.x = [xs[i] for i in ringed]
            self.rings.y = [ys[i] for i in ringed]
        if ringed:
            with circles.hold_sync():
                circles.x, circles.y = [xs[i] for i in keep], [ys[i] for i in keep]
                circles.colors = [circles.colors[i] for i in keep] or ["#000000"]
        self.timeline.legend.value = self.timeline.legend.value.replace(
            f"fill='{RING_KIND_COLOUR}' stroke='#FFFFFF' stroke-width='1'",
            f"fill='#FFFFFF' stroke='{RING_KIND_COLOUR}' stroke-width='2.5'",
        )

    #: a name's baseline under its bar's middle, in rows: the name stands level with
    #: its own bar (above it, a name crossed its own bar or the one above it)
    LEVEL = -0.22

    #: how much longer the axis may grow to the right to make room for names, as a share
    MOST_ROOM = 0.7
    #: the least room between two years on the axis (in the drawing's own pixels)
    TICK_PX = 66

    def _room_for_years(self, x0: float, x1: float) -> float:
        """The axis's right end, moved right half a tick at a time (by at most
        :attr:`MOST_ROOM` of its length) until every name fits beside its bar with its
        years (look 7: "Stepin Fetchit", "Samurai Warriors" had none)."""
        line = self.timeline
        ticks = [float(t) for t in line.x_axis.tick_values]
        step = ticks[1] - ticks[0] if len(ticks) > 1 else max(x1 - x0, 1.0)
        usable = line.width - 2 * line.MARGIN

        def fits(right: float) -> bool:
            per_year = usable / max(right - x0, 1.0)
            return all(
                text_width(f"{it['label']} ({_short_span(it)})", self.NAME_PX) + 12
                <= max((right - it["end"]) * per_year, (it["start"] - x0) * per_year) + line.MARGIN
                for it in line.items
            )

        right = x1
        while not fits(right) and right + step / 2 - x1 <= (x1 - x0) * self.MOST_ROOM:
            right += step / 2
        line.x_scale.max = right  # the axis goes on without years past its last tick
        if right > x1 and len(ticks) > 2 and step * usable / max(right - x0, 1.0) < self.TICK_PX:
            # a longer axis packs its years closer: every other one, so "AD 1900" and
            # "AD 1920" do not run together at 1024 wide
            line.x_axis.tick_values = ticks[::2]
        return right

    def _names_beside_bars(self) -> None:
        """Each name on its bar's own line, after the bar's end where the name fits
        there, else before its start: no name crosses a bar (lesson 50's reviewers saw
        "Amazon Women Warriors" and "Nebuchadnezzar II" crossed by bars)."""
        line = self.timeline
        items = line.items
        x0, x1 = float(line.x_scale.min), float(line.x_scale.max)
        x1 = self._room_for_years(x0, x1)
        per_year = (line.width - 2 * line.MARGIN) / max(x1 - x0, 1.0)
        after: list[tuple[float, float, str]] = []
        before: list[tuple[float, float, str]] = []
        for i, item in enumerate(items):
            row = float(len(items) - i) + self.LEVEL
            # every name with its years in one form ("1902-1974"): a reviewer saw
            # "AD 1902 to AD 1945" beside "1902-1974" in one period
            text = f"{item['label']} ({_short_span(item)})"
            wide = text_width(text, self.NAME_PX) + 12
            room_after = (x1 - item["end"]) * per_year + line.MARGIN
            room_before = (item["start"] - x0) * per_year + line.MARGIN
            if wide > max(room_after, room_before):
                # too long for either side (it was cut at an edge): the name alone,
                # read against the axis below
                text = str(item["label"])
                wide = text_width(text, self.NAME_PX) + 12
            if wide <= room_after or room_after >= room_before:
                after.append((item["end"], row, text))
            else:
                before.append((item["start"], row, text))
        # the start-anchored names go after the bar's end, the end-anchored before its start
        for mark, placed in ((line.names, after), (line.end_names, before)):
            with mark.hold_sync():
                mark.x = [p[0] for p in placed] or [x0]
                mark.y = [p[1] for p in placed] or [0.0]
                mark.text = [p[2] for p in placed] or [""]


#: lesson 51's game: no box between the page's scrolling and the column beside the cards
#: may clip it, so that the column stays in sight (sticky) while the cards scroll by
TURN_STEPPER_STYLE = """<style>
.jp-OutputArea:has(.hcgames-turn-stepper), .jp-OutputArea-child:has(.hcgames-turn-stepper),
.jp-OutputArea-output:has(.hcgames-turn-stepper), .hcgames-turn-stepper,
.hcgames-turn-stepper > .widget-box { overflow: visible !important; }
.hcgames-turn-stepper .hcgames-turn-side { position: sticky; top: 0; align-self: flex-start; }
/* the moves and the log in type read from the back (13 px in look 7) */
.hcgames-turn-stepper .hcgames-turn-side select[size],
.hcgames-turn-stepper .hcgames-turn-side .widget-select > label,
.hcgames-turn-stepper .hcgames-turn-side .hcgames-events { font-size: 16px !important; }
.hcgames-turn-stepper .hcgames-turn-views .hcgames-table { font-size: 16.5px; }
/* the list of moves under its name, the column's whole width: beside its name, the
   list was cut on the right under Large text ("Discard Gold Rush from th") */
.hcgames-turn-stepper .hcgames-turn-side .widget-select { flex-direction: column;
  align-items: stretch; width: 100% !important; height: auto !important;
  flex: 0 0 auto !important; }
.hcgames-turn-stepper .hcgames-turn-side > * { flex-shrink: 0 !important; }
.hcgames-turn-stepper .hcgames-turn-side .widget-select > label { width: auto !important;
  text-align: left; }
.hcgames-turn-stepper .hcgames-turn-side .widget-select > select { width: calc(100% - 10px);
  box-sizing: border-box; }
/* Large text at 1024 wide left 683 px of room: the column of moves and Step stays beside
   the table (it fell under it, two screens down), and the cards take what is left */
body.hcgames-large .hcgames-turn-stepper > .widget-box:has(> .hcgames-turn-side) {
  flex-wrap: nowrap !important; }
body.hcgames-large .hcgames-turn-stepper .hcgames-turn-side {
  flex: 0 0 290px !important; min-width: 0 !important; }
/* ... and no taller than the window (the page is zoomed half as large again): on a short
   one (1024x700) the status line was cut off at the foot and the log never in sight, so
   the column scrolls on its own there, Step and the list always at hand (look 11) */
body.hcgames-large .hcgames-turn-stepper .hcgames-turn-side {
  max-height: calc(100vh / 1.5); overflow-y: auto !important; }
body.hcgames-large .hcgames-turn-stepper .hcgames-turn-views {
  flex: 1 1 0 !important; min-width: 0 !important; }
/* what a move needs first (look 8): the student's morale and piles, hand and lands, then
   Player 2's lands; the rest after them (the morale was 1,400 px down the board) */
.hcgames-turn-views section[aria-label="Player 1's piles and morale"] { order: -7; }
.hcgames-turn-views section[aria-label="Player 1's hand"] { order: -6; }
.hcgames-turn-views section[aria-label="Player 1's battlefield"] { order: -5; }
.hcgames-turn-views section[aria-label="Player 1's active cards"] { order: -4; }
/* ... and Player 2's side from a new line: Player 1's active cards stood in Player 2's row
   (look 11) */
.hcgames-turn-views .hcgames-table::before { content: ""; flex-basis: 100%; height: 0;
  order: -3; }
.hcgames-turn-views section[aria-label="Player 2's battlefield"] { order: -2; }
/* the log's older lines are in a box that scrolls: the box is framed (its last line in
   sight was read as a sentence cut short, look 8) */
.hcgames-turn-stepper .hcgames-events { overflow-y: scroll !important;
  scrollbar-width: auto; scrollbar-color: #6B6B6B #E8E4DA;
  border: 1px solid #B8B0A0; border-radius: 4px; padding: 2px 4px !important; }
.hcgames-history-reader select, .hcgames-history-reader label,
.hcgames-history-plate { font-size: 16px !important; }
.hcgames-history-plate { line-height: 1.4; max-width: 60em; margin: 2px 0 6px; }
</style>"""


class CardHistoryReader(widgets.VBox):
    """A menu of the face-up cards on a table and the whole history plate of the one
    chosen, on the page: a card shows only its first line of history, and a tooltip is
    read neither from the back of a room nor by keyboard or touch (look 8, lesson 51)."""

    def __init__(self, state: Any, viewer: int | None = None) -> None:
        self.viewer = viewer
        self.menu = widgets.Dropdown(
            description="Read a card's history",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="640px", max_width="100%"),
        )
        self.plate = widgets.HTML()
        self.plates: dict[str, str] = {}
        super().__init__([self.menu, self.plate])
        self.add_class("hcgames-history-reader")
        one_screen(unit=self)  # the menu and the plate it shows, always together
        self.menu.observe(lambda _change: self._show(), names="value")
        self.update(state)

    def update(self, state: Any) -> None:
        """Offer the face-up cards in ``state`` (the chosen one stays chosen)."""
        plates: dict[str, str] = {}
        for cards in (state.card_rows(self.viewer) or {}).values():
            for card in cards:
                text = str(card.get("title") or card.get("line") or "")
                if text and not card.get("pile"):
                    plates.setdefault(str(card.get("name")), text)
        self.plates = plates
        names = [("(choose a card)", ""), *((name, name) for name in sorted(plates))]
        if [value for _, value in names] != [value for _, value in self.menu.options]:
            kept = self.menu.value if self.menu.value in plates else ""
            self.menu.options = names
            self.menu.value = kept
        self._show()

    def _show(self) -> None:
        name = str(self.menu.value or "")
        text = self.plates.get(name, "")
        self.plate.value = (
            f"<div class='hcgames-history-plate'><b>{escape(name)}</b>: {escape(text)}</div>"
            if text
            else ""
        )


class TurnStepper(GameStepper):
    """Lesson 51's game: Step and the table of cards on one screen, without the map of
    continents (lesson 53's subject), whose place the card rows take. The computer
    plays Player 2 at the level in its menu, Easy unless changed."""

    def __init__(self, state: Any, **options: Any) -> None:
        super().__init__(state, **options)
        # the table of cards grows to its whole height in a framed box (a box of the
        # window's height with its own scroll bar hid Player 2's side): the page scrolls
        # it, and the column of buttons and moves beside it stays in sight as it does
        views, side = self.stepper_main.children[0], self.stepper_main.children[1]
        views.layout.border = "2px solid #B8B0A0"
        views.layout.padding = "4px"
        views.layout.max_height = None
        views.layout.overflow = "visible"
        views.remove_class("hcgames-scroll-box")
        side.add_class("hcgames-turn-side")
        views.add_class("hcgames-turn-views")
        # the list of moves first, then Step under it: a keyboard student picks a move and
        # Tabs forward to Step, in the order the column is read
        listed = [self.picker, *(c for c in side.children if c is not self.picker)]
        side.children = listed
        # the student plays Player 1 and Step plays the computer's turn: a box of "Moves"
        # for Auto beside the list of moves only confused the two
        self.auto_steps.layout.display = "none"
        self.auto_button.layout.display = "none"
        self.add_class("hcgames-turn-stepper")
        self.layout.margin = "0 0 32px 0"
        self.children = [*self.children, widgets.HTML(TURN_STEPPER_STYLE, layout={"height": "0"})]
        # on the student's turn nothing is picked until the student picks it: Step must
        # never play a move the student did not choose
        self.picker.preselect = False
        self.wait_for_pick = True
        self.picker.choice.value = None
        # every move may wrap between its words, short ones too: the list never cuts a
        # move off at its right edge, however large the text
        said = self.picker.describe
        self.picker.describe = lambda action: said(action).replace(" ", " \u200b")
        # the whole log from its line 1 (the coin, the deal), in its box that scrolls: the
        # latest six began at line 3 and hid who went first (look 7)
        self.event_log.rows = 10_000
        self.event_log.set_height("14em")
        # the whole history plate of any card in sight, on the page (not in a tooltip),
        # just above the board: a unit of its own, since the board's controls all stand
        # in its sticky column
        self.history_reader = CardHistoryReader(self.state, self.viewer)
        kids = list(self.children)
        kids.insert(
            kids.index(self.stepper_main) if self.stepper_main in kids else 0, self.history_reader
        )
        self.children = kids

    @guarded
    def play_to_phase_end(self) -> int:
        """Play to the next phase, then the steps nobody chooses (a land turned up, the
        draws), as after Step: the page says they pass by themselves (look 8)."""
        played = super().play_to_phase_end()
        if played and self.auto_pass and not self.waiting_for_human():
            self._pass_forced()
            self._refresh()
        return int(played or 0)

    def _refresh(self) -> None:
        reader = getattr(self, "history_reader", None)  # None while the base class builds
        if reader is not None:
            reader.update(self.state)
        super()._refresh()

    def pass_words(self, action: Any) -> str:
        """A move that passed by itself; the other player's draws stay face down, as the
        hand they go to and the log below do."""
        if type(action).__name__ == "DrawCard" and action.player != self.viewer:
            return f"{self.state.player_name(action.player)} draws a card"
        return super().pass_words(action)

    def _pass_html(self) -> str:
        """The steps that passed by themselves, each run of equal steps said once with
        how many times ("draws a card, 5 times"), the whole line shown without a scroll."""
        if self.wait_notice or not self.passed:
            return super()._pass_html()
        let_go = self.let_go_html()  # a chance to answer let go, said first
        runs: list[list[Any]] = []
        for words in self.passed:
            if runs and runs[-1][0] == words:
                runs[-1][1] += 1
            else:
                runs.append([words, 1])
        items = "; ".join(
            escape(str(words)) + (f" ({count} times)" if count > 1 else "") for words, count in runs
        )
        head = (
            "<b>Passed by itself</b> (nobody had a choice to make)"
            if len(self.passed) == 1
            else f"<b>Passed by themselves</b> (nobody had a choice to make, "
            f"{len(self.passed)} steps)"
        )
        return let_go + (
            # 16 px, as the status line beside it: read from the back of a room (look 13)
            "<div class='hcgames-passed-list' style='font-size:16px;line-height:1.35'>"
            f"{head}: {items}.</div>"
        )

    def _build_views(self, state: Any, viewer: int | None, *rest: Any) -> list[Any]:
        self.viewer = viewer
        board = super()._build_views(state, viewer, *rest)
        self.map_view = None
        self.region_views = []
        return [(name, view) for name, view in board if name == "Cards"]


class BattleView(widgets.VBox):
    """A worked battle: the cards of both lands drawn as cards, beside the sums card by
    card and bonus by bonus, and what the result means."""

    def __init__(self, sums: widgets.Widget, verdict: str, cards: str) -> None:
        self.sums = sums
        self.verdict_words = verdict
        self.verdict = widgets.HTML(sentence(verdict))
        self.cards = widgets.HTML(cards)
        super().__init__([self.sums, self.verdict, self.cards])


def battle_view(
    state: HistoricalState,
    result: Assessment,
    attackers: Sequence[str],
    defenders: Sequence[str],
    defence_land: str,
    caption: str | None = None,
) -> BattleView:
    """A worked battle (see :class:`BattleView`)."""
    from hcgames.historical.teach import battle_sheet, battle_verdict  # the rules load here

    verdict = _bold_markdown(battle_verdict(state, result, defence_land))
    sums = table(battle_sheet(state, result, attackers, defenders), caption=caption)
    return BattleView(sums, verdict, battle_cards_html(state))


def battle_cards_html(state: HistoricalState) -> str:
    """The two lands of a lesson battle drawn as the game's cards, each land at the
    head of its column with the cards standing on it (the table's own drawing)."""
    from hcgames.historical.views import card_rows  # the rules load with the view

    rows = card_rows(state)
    sides = ("The attack", "The defence")
    # the land first, then the cards on it, side by side in one row (a column of three
    # cards would be taller than the screen beside the sums); without the first words of
    # the history plate, cut off with "...": the battle needs the numbers and abilities
    shown = {
        f"{side}: {state.player_name(p)}": [
            {k: v for k, v in card.items() if k not in ("column", "line")}
            for card in rows[f"{state.player_name(p)}'s battlefield"]
        ]
        for p, side in enumerate(sides)
    }
    return f"{LESSON_CARDS_CSS}<div class='hcgames-lesson-cards'>{rows_html(shown, state)}</div>"


#: a lesson's battle cards, read from the back of the room: their small lines (years,
#: numbers, ability) at 16 px or more at 1366 (the play screen's cards stay smaller, to
#: fit the whole table)
LESSON_CARDS_CSS = "<style>.hcgames-lesson-cards .hcgames-table{font-size:18.5px}</style>"


def one_per_name(pairs: list[tuple[str, str]], keep: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """``(name, id)`` menu entries with each name once (two decks may print the same land,
    as both carry Venezuela); where a name has several ids, one in ``keep`` wins."""
    chosen: dict[str, str] = {}
    for name, card_id in pairs:
        if name not in chosen or card_id in keep:
            chosen[name] = card_id
    return sorted(chosen.items())


#: lesson 52's battle menus at 17 px, with a focus ring a projector shows
BUILDER_CSS = (
    "<style>.hcgames-battle-builder select, .hcgames-battle-builder .widget-label"
    "{font-size:17px !important}"
    ".hcgames-battle-builder select{height:auto;min-height:30px}"
    ".hcgames-battle-builder select:focus{outline:3px solid #0B4F8A;outline-offset:1px}</style>"
)


class BattleBuilder(widgets.VBox):
    """Menus for an attacking card and its land, one or two defending cards and theirs;
    the battle's sums and what the result means."""

    def __init__(self, game: HistoricalGame) -> None:
        cards = game.catalogue.cards
        self.game = game
        units = sorted((c.name, c.id) for c in cards.values() if c.is_unit)
        lands = one_per_name(
            [(c.name, c.id) for c in cards.values() if c.category == "land"], ("CT4404", "CT4503")
        )
        # the menus in type read from the back (ipywidgets' 13 px was too small, look 7)
        wide, style = widgets.Layout(width="400px"), {"description_width": "145px"}

        def menu(options: list[tuple[str, str]], value: str, description: str) -> widgets.Dropdown:
            return widgets.Dropdown(
                options=options, value=value, description=description, layout=wide, style=style
            )

        self.attacker = menu(units, "CO3016", "Attacking card")
        self.attack_land = menu(lands, "CT4404", "from the land")
        self.defender = menu(units, "MU2001", "Defending card")
        self.second = menu([("(nobody)", ""), *units], "IN4201", "and")
        self.defence_land = menu(lands, "CT4503", "on the land")
        #: what the battle comes to, under the menus; the sums card by card below the cards
        self.result = widgets.VBox(layout=widgets.Layout(max_width="400px"))
        self.sums = widgets.VBox(layout=widgets.Layout(max_width="34em"))
        #: the cards of the battle, drawn as cards beside the menus (below them, a whole
        #: screen under the menus at 1024x700, a changed card was out of sight); it takes
        #: the room the menus leave, its cards wrapping to it
        self.cards = widgets.HTML(layout=widgets.Layout(flex="1 1 300px", min_width="300px"))
        menus = (self.attacker, self.attack_land, self.defender, self.second, self.defence_land)
        for each in menus:
            each.observe(self.work_out, names="value")
        self.work_out()
        unit = one_screen(widgets.VBox([*menus, self.result]))
        unit.layout.width, unit.layout.flex = "410px", "0 0 410px"  # the cards take the rest
        super().__init__(
            [
                widgets.HTML(BUILDER_CSS, layout={"height": "0"}),
                # the menus and the verdict are the unit that fits a screen; the five
                # cards (taller than a screen together) begin beside them, as high up
                widgets.HBox(
                    [unit, self.cards],
                    layout=widgets.Layout(
                        flex_flow="row wrap", align_items="flex-start", grid_gap="8px 16px"
                    ),
                ),
                self.sums,
            ]
        )
        self.add_class("hcgames-battle-builder")

    def work_out(self, _change: Any = None) -> None:
        from hcgames.historical.teach import lesson_battle  # the rules load with the view

        attackers = [self.attacker.value]
        defenders = [self.defender.value] + ([self.second.value] if self.second.value else [])
        state, result = lesson_battle(
            self.game, attackers, defenders, self.attack_land.value, self.defence_land.value
        )
        view = battle_view(state, result, attackers, defenders, self.defence_land.value)
        # the verdict as large as the menus over it (15 px under them read as a footnote)
        view.verdict.value = sentence(view.verdict_words, 17)
        self.result.children = [view.verdict]
        self.sums.children = [view.sums]
        self.cards.value = view.cards.value


class MoraleGames(widgets.VBox):
    """A menu of random games, how the chosen one ended, and each player's morale
    after every turn."""

    def __init__(self, game: HistoricalGame, games: Mapping[str, int]) -> None:
        from hcgames.historical import teach  # the rules load with the view

        self.game, self.games, self.teach = game, dict(games), teach
        self.choice = widgets.Dropdown(
            options=list(self.games),
            description="Game",
            layout=widgets.Layout(width="220px"),
            style={"description_width": "60px"},
        )
        first = teach.morale_lines(game, self.games[self.choice.value])[1]
        self.chart = ScoreChart(
            first, title="morale after each turn", x_label="turn", y_label="morale"
        )
        self.chart.text_line.layout.display = "none"  # the sentence beside it says it
        # as wide as fits beside the sentence at 1024 wide (430 px drawn was small, look 8)
        self.chart.figure.layout.width = "630px"
        self.chart.figure.layout.height = "430px"
        self.chart.end_labels.default_size = 17
        for axis in (self.chart.x_axis, self.chart.y_axis):
            # years and morale read from the back of the room (13 px grey, look 7)
            axis.tick_style = {"font-size": "16px", "fill": "#222222"}
        self.ending = widgets.HTML(layout=widgets.Layout(max_width="330px"))
        self.choice.observe(self.redraw, names="value")
        self.redraw()
        super().__init__(
            [
                widgets.HTML(LARGE_TYPE_CSS, layout={"height": "0"}),
                one_screen(widgets.VBox([self.choice, self.ending]), chart_beside(self.chart)),
            ]
        )
        self.add_class("hcgames-large-type")

    def redraw(self, _change: Any = None) -> None:
        final, series = self.teach.morale_lines(self.game, self.games[self.choice.value])
        self.chart.update(series)
        from hcgames.historical.lessons import morale_ending  # the rules load with the view

        self.ending.value = sentence(morale_ending(final, series))


#: the journey drawn on :class:`JourneyMap`
JOURNEY_INK = "#B2182B"


class JourneyMap(widgets.VBox):
    """A small world map of the game's continents with one journey drawn on it: a dot at
    each land's real place (:func:`hcgames.historical.world.land_places`), their names
    and a line from one to the other (a journey across the 180th meridian leaves by one
    edge of the map and comes back by the other, as on a globe)."""

    WIDTH, HEIGHT = 560, 330
    #: the names' type (a figure of fixed size: pixels on the screen)
    NAME_PX = 17

    def __init__(self) -> None:
        from hcgames.historical.world import continents_geojson  # the rules load with the view
        from hcgames.widgets.geo import fit_mercator

        geojson = continents_geojson()
        self.fit = fit_mercator(geojson, self.WIDTH, self.HEIGHT)
        projection = bqplot.Mercator(scale_factor=self.fit.scale_factor, center=self.fit.center)
        land = bqplot.Map(
            map_data=geojson,
            scales={"projection": projection},
            colors={"default_color": "#E8E3D3"},
            stroke_color="#8A8A8A",
            enable_hover=False,
        )
        scales = {
            "x": bqplot.LinearScale(min=0.0, max=float(self.WIDTH), allow_padding=False),
            "y": bqplot.LinearScale(min=0.0, max=float(self.HEIGHT), allow_padding=False),
        }
        self.route = bqplot.Lines(
            x=[[0.0, 0.0]],
            y=[[0.0, 0.0]],
            scales=scales,
            colors=[JOURNEY_INK],
            stroke_width=4,
            line_style="dashed",
        )
        self.dots = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=[JOURNEY_INK],
            stroke="#FFFFFF",
            stroke_width=2.0,
            default_size=140,
            marker="diamond",
            enable_hover=False,
        )
        self.names = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            colors=["#111111"],
            default_size=self.NAME_PX,
            font_weight="bold",
            align="middle",
            enable_hover=False,
        )
        figure = bqplot.Figure(
            marks=[land, self.route, self.dots, self.names],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": "#F7FAFC"},
            layout=widgets.Layout(width=f"{self.WIDTH}px", height=f"{self.HEIGHT}px"),
        )
        figure.display_toolbar = False
        super().__init__([figure])

    def show(self, start: tuple[str, float, float], goal: tuple[str, float, float]) -> None:
        """Draw the journey from ``start`` to ``goal`` (each ``(name, lon, lat)``)."""
        (a, alon, alat), (b, blon, blat) = start, goal
        shift = 360.0 if blon - alon > 180 else -360.0 if alon - blon > 180 else 0.0
        pa, pb = self.fit.pixel(alon, alat), self.fit.pixel(blon, blat)
        lines = [[pa, pb]]
        if shift:  # over the 180th meridian: out by one edge of the world, in by the other
            edge = 180.0 if shift > 0 else -180.0  # it leaves by -edge and comes in by edge
            part = (-edge - alon) / (blon - shift - alon)
            lat = alat + (blat - alat) * part
            lines = [[pa, self.fit.pixel(-edge, lat)], [self.fit.pixel(edge, lat), pb]]
        flip = float(self.HEIGHT)
        # a name above its dot, or below it when the other land stands higher up
        above = [pa[1] <= pb[1], pb[1] < pa[1]]
        with self.route.hold_sync(), self.dots.hold_sync(), self.names.hold_sync():
            self.route.x = [[p[0] for p in line] for line in lines]
            self.route.y = [[flip - p[1] for p in line] for line in lines]
            self.dots.x, self.dots.y = [pa[0], pb[0]], [flip - pa[1], flip - pb[1]]
            self.names.x = [min(max(p[0], 70.0), self.WIDTH - 70.0) for p in (pa, pb)]
            self.names.y = [
                flip - p[1] + (14 if up else -14 - self.NAME_PX)
                for p, up in zip((pa, pb), above, strict=True)
            ]
            self.names.text = [a, b] if a != b else [a, ""]


class TravelChecker(widgets.VBox):
    """Two menus of lands and which kinds of explorer can travel between them, with the
    journey drawn on a small map of the world (:class:`JourneyMap`)."""

    def __init__(self, cards: Mapping[str, HistoricalCard], start: str, goal: str) -> None:
        self.cards = cards
        land_cards = one_per_name(
            [(c.name, c.id) for c in cards.values() if c.category == "land"], (start, goal)
        )
        style, wide = {"description_width": "5em"}, widgets.Layout(width="24em")
        self.start = widgets.Dropdown(
            options=land_cards, value=start, description="From", layout=wide, style=style
        )
        self.goal = widgets.Dropdown(
            options=land_cards, value=goal, description="To", layout=wide, style=style
        )
        self.answer = widgets.HTML(layout=widgets.Layout(max_width="560px"))
        self.journey = JourneyMap()
        self.start.observe(self.check, names="value")
        self.goal.observe(self.check, names="value")
        self.check()
        # the menus and the answer in type a class reads (widgets set 13 px)
        super().__init__(
            [
                widgets.HTML(LARGE_TYPE_CSS),
                one_screen(
                    widgets.VBox([self.start, self.goal]),
                    widgets.VBox([self.answer, self.journey]),
                ),
            ]
        )
        self.add_class("hcgames-large-type")

    def check(self, _change: Any = None) -> None:
        from hcgames.historical.lessons import travel_sentence  # the rules load with the view
        from hcgames.historical.world import land_places

        start, goal = self.cards[self.start.value], self.cards[self.goal.value]
        said = travel_sentence(start, goal)
        self.answer.value = sentence(said)
        places = land_places()
        self.journey.show((start.name, *places[start.id]), (goal.name, *places[goal.id]))


def bot_match(game: HistoricalGame) -> MatchPicker:
    """A careful and a random computer player (or two of one kind), seats swapped."""
    from hcgames.bots import GreedyBot, RandomBot  # the bots load with the view
    from hcgames.play import head_to_head  # kept beside the bots

    bots = {"careful": GreedyBot, "random": RandomBot}

    def play(a: str, b: str, games: int) -> widgets.Widget:
        names = (f"player A ({a})", f"player B ({b})")

        def played(done: int) -> None:
            # a game with the careful player takes seconds: the count shows the page is
            # at work (look 8b, lesson 54: ten games ran for minutes with nothing shown)
            picker.result.children = [
                widgets.HTML(
                    f"<p style='font-size:16px'>Playing: {done} of {count(games, 'game')} "
                    "finished...</p>"
                )
            ]

        wins = head_to_head(game, bots[a], bots[b], games, names=names, on_game=played)
        rows = [{"result": k, "games": v} for k, v in wins.items()]
        return table(rows, caption=f"{games} games, seats swapped every game")

    picker = MatchPicker(
        list(bots),
        play,
        labels=("Player A", "Player B"),
        chosen=("careful", "random"),
        games=(10, 2, 30, 2),
    )
    return picker


class GameStartLine(widgets.HTML):
    """How the game on lesson 54's play screen began (each side's deck and first land,
    who the coin chose), said again when New game deals a new game or a saved game is
    loaded: it went on describing the page's first game after New game (look 11)."""

    def __init__(self, app: Any) -> None:
        super().__init__()
        self.app = app
        self._game: tuple[int, int] | None = None
        self.add_class("hcgames-game-start")
        app.follow(self)
        self.refresh()

    def refresh(self) -> None:
        """Say how the game on the screen began, once per game."""
        from hcgames.historical.lessons import game_start  # the rules load with the view

        # every New game and every load is another game (a load over a game under way
        # kept the old start: look 13, "the coin chose the computer" after loading a game
        # the student began)
        game = (self.app.games_started, self.app.games_loaded)
        if game == self._game:
            return
        state = self.app.state
        # said once the game waits for the student (New game shows the new deal before
        # the computer's first turn, when the computer goes first)
        if state.is_terminal() or self.app.waiting_for_human():
            self._game = game
        said = _bold_markdown(escape(game_start(self.app.state, self.app.student_seats[0])))
        self.value = (
            "<p style='font-size:16px;line-height:1.5;margin:4px 0'><b>How this game "
            "began</b> (New game deals again and tosses the coin again). " + said + "</p>"
        )
