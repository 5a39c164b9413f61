"""History pages of a lesson: a scenario's story, the map of its places, its timeline,
what really happened beside what the game lets happen, and the people in it.

``history`` is a game's history file as :func:`hcgames.data.read_json` reads it, with
``scenarios`` (id -> story) and ``biographies`` (id -> person): Conqueror: Duels' file
``conqueror/history.json`` is one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

import hcgames
from hcgames.data import read_json
from hcgames.factions import SideStyle
from hcgames.labels import _inside
from hcgames.quiz import parse_questions
from hcgames.widgets._base import one_screen
from hcgames.widgets.charts import GROUP_COLOURS, Timeline, year_label
from hcgames.widgets.geo import feature_centroid
from hcgames.widgets.lesson import Quiz
from hcgames.widgets.maps import MapView
from hcgames.widgets.panels import HistoryCard
from hcgames.words import plural

__all__ = [
    "SITE",
    "WAR_LANDS",
    "anachronism_rows",
    "bio_card",
    "fiction_and_fact",
    "people_picker",
    "places_map",
    "scenario_explorer",
    "story_card",
    "then_and_now",
    "timeline_items",
    "war_quizzes",
    "war_rows",
    "when",
]

History = Mapping[str, Any]

#: the lands of a war: gold with dots (not a side's colour; readable in greyscale)
WAR_LANDS = SideStyle("lands of the war", "#E3B23C", "dots", "")
#: the sites of a timeline's events: dark red diamonds with their names
SITE = "#7A1F00"


def when(year: int, circa: bool = False) -> str:
    """'about 218 BC' style text for a year (negative = BC): the page says "about" where
    historians say circa ("c."), a word a class does not know."""
    return ("about " if circa else "") + year_label(year)


def _quiet(view: Any) -> Any:
    # the card says it all: hide the one-line summary a view prints above itself
    view.text_line.layout.display = "none"
    return view


def story_card(history: History, sid: str) -> HistoryCard:
    """The scenario's story: its years, its sides, its people and its places."""
    story = history["scenarios"][sid]
    subtitle = f"{when(story['start'])} to {when(story['end'])}"
    if story["kind"] == "counterfactual":
        subtitle += " - a what-if story, not history"
    facts = {side["faction"]: side["historical"] for side in story["sides"]}
    facts["People"] = ", ".join(history["biographies"][pid]["name"] for pid in story["people"][:6])
    facts["Places on the game's map"] = ", ".join(story["places"])
    return _quiet(HistoryCard(story["title"], subtitle, " ".join(story["history"]), facts))


def _site_name(site: str) -> str:
    # the short name of a site for the map: "Cannae, Apulia" -> "Cannae"
    return re.split(r",| \(", site)[0]


def _on_its_land(
    view: MapView, geojson: Mapping[str, Any], lonlat: Any, place: str | None
) -> tuple[float, float]:
    """A site's dot on the land of its event: the game map's coast is drawn coarser
    than the real one, and Utica and Zama (lesson 12, look 8) fell in its sea. A site
    off its place moves towards the place's middle until it stands a little inside."""
    lon, lat = float(lonlat[0]), float(lonlat[1])
    land = next((t for t in view._label_territories if t.id == place), None)
    feature = next((f for f in geojson.get("features", []) if f.get("id") == place), None)
    fit = view.projection_fit
    if land is None or feature is None or _inside(fit.pixel(lon, lat), land.rings):
        return lon, lat
    mid = (feature.get("properties") or {}).get("label") or feature_centroid(feature)
    steps = 40
    for i in range(1, steps + 1):
        f = i / steps
        if _inside(fit.pixel(lon + (mid[0] - lon) * f, lat + (mid[1] - lat) * f), land.rings):
            f = min(1.0, f + 0.1)  # a little further in: the dot clear of the coast
            return lon + (mid[0] - lon) * f, lat + (mid[1] - lat) * f
    return lon, lat


def game_with_scenario(sid: str) -> str:
    """The registered game one of whose scenarios is ``sid`` (its :meth:`variants`)."""
    for game_id in hcgames.available_games():
        if any(v.get("scenario") == sid for v in hcgames.game_class(game_id).variants()):
            return game_id
    raise ValueError(f"no registered game has a scenario {sid!r}")


def places_map(history: History, sid: str, game_id: str | None = None) -> MapView:
    """The scenario's map as wide as the page: the lands of the war shaded, the sites
    of its events as named diamonds. The map is that of ``game_id``, by default the
    game with the scenario ``sid``."""
    story = history["scenarios"][sid]
    game = hcgames.load(game_id or game_with_scenario(sid), scenario=sid)
    places = set(story["places"]) | {e["place"] for e in story["timeline"] if e["place"]}
    # beside the story: about 676 px wide on a 1024-pixel page, its names sized for that
    view = MapView(game.new_game(seed=0), focus=places, beside=True)
    geojson = game.geojson() or {}
    view.paint([("a land of this war", WAR_LANDS, sorted(places))])
    sites: dict[str, Any] = {}
    years: dict[str, list[str]] = {}
    for e in story["timeline"]:
        if e["lonlat"]:
            name = _site_name(e["site"])
            sites.setdefault(name, _on_its_land(view, geojson, e["lonlat"], e["place"]))
            years.setdefault(name, []).append(when(e["start"], e["circa"]))
    # a number by each site, its name in the key: a dozen long names printed on the
    # map ran into one another and over the map's own names (lesson 12)
    numbered = list(sites)
    view.add_places(
        [(str(n), *sites[name]) for n, name in enumerate(numbered, 1)],
        colour=SITE,
        key="where an event of the timeline happened: "
        + "; ".join(
            f"{n} {name} ({', '.join(dict.fromkeys(years[name]))})"
            for n, name in enumerate(numbered, 1)
        ),
    )
    view.highlighted = sorted(places)
    return view


#: one colour and one shape for each kind of event, the same in every war's timeline
#: (the shapes follow this order through charts.MARKERS: a battle is always a square)
EVENT_KINDS = ("background", "battle", "campaign", "war", "siege", "politics")


def event_colours() -> dict[str, str]:
    """Each kind of event's colour, fixed for every war (its shape follows its place)."""
    return {kind: GROUP_COLOURS[i % len(GROUP_COLOURS)] for i, kind in enumerate(EVENT_KINDS)}


def timeline_items(history: History, sid: str) -> list[dict[str, Any]]:
    """The scenario's events as items for :class:`~hcgames.widgets.charts.Timeline`."""
    return [
        {
            "label": e["label"],
            "circa": bool(e["circa"]),
            "start": e["start"],
            "end": e["end"],
            "group": e["kind"],
        }
        for e in history["scenarios"][sid]["timeline"]
    ]


def _long_before(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The background events so far before the war's own events (more than twice the
    years those span) that on one axis with them the war would shrink to a sliver:
    Brennus's sack of Rome, about 390 BC, squeezed Caesar's twelve events of 58-49 BC
    into 15 px at the right of the Gallic Wars' line (lesson 12's look)."""
    war = [it for it in items if it["group"] != "background"]
    if not war:
        return []
    first = min(it["start"] for it in war)
    span = max(max(it["end"] for it in war) - first, 1)
    return [it for it in items if it["group"] == "background" and first - it["end"] > 2 * span]


def _long_before_note(earlier: list[dict[str, Any]], first: int) -> widgets.HTML:
    """A line over the timeline for the events left off its axis, each with the
    background's mark and how long before the line's first year it was."""
    colour = event_colours()["background"]
    lines = []
    for it in earlier:
        years = first - it["end"]
        lines.append(
            f"<span style='color:{colour};font-size:20px'>&#9679;</span> "
            f"<b>Long before the war:</b> {escape(it['label'])} "
            f"({when(it['start'], it['circa'])}), {plural(int(years), 'year')} before the "
            "first event on the line below. It stands here, not on the line, so that "
            "the war's own years have room to spread out."
        )
    return widgets.HTML("<p style='font-size:18px;margin:4px 0 0 0'>" + "<br>".join(lines) + "</p>")


def then_and_now(history: History, sid: str) -> widgets.HBox:
    """What really happened, beside what the game lets happen."""
    story = history["scenarios"][sid]
    real = _quiet(
        HistoryCard("What really happened", story["title"], story["what_really_happened"])
    )
    game = _quiet(
        HistoryCard("What the game lets happen", story["title"], story["what_the_game_lets_happen"])
    )
    for card in (real, game):
        card.layout = widgets.Layout(flex="1 1 420px", margin="0 12px 8px 0")
    return widgets.HBox([real, game], layout=widgets.Layout(flex_flow="row wrap"))


#: the explorer's War menu sits in a band of its own at the top of the explorer; it does
#: not follow the page down (a band stuck to the top of the window hid the first lines of
#: every screen a class scrolled to), so the story and the map come right under it
_STICKY_CSS = (
    # the War menu stays at the top of the window while the page scrolls down the war's
    # map, timeline and then-and-now, so a war chosen there is seen to change each of them
    "<style>.hc-sticky-bar { background: #FFFFFF; border-bottom: 2px solid #DDDDDD; "
    "padding: 4px 0; position: sticky; top: 0; z-index: 20; } "
    # no box between the page's scrolling and the bar may clip it (they scroll instead)
    ".jp-OutputArea:has(.hc-explorer), .jp-OutputArea-child:has(.hc-explorer), "
    ".jp-OutputArea-output:has(.hc-explorer), .hc-explorer { overflow: visible !important; } "
    # under Large text the story reads across the page and the map comes under it, as
    # large as before (beside a story half as large again it would have to shrink)
    ".hcgames-large .hc-story-column { flex: 1 1 100% !important; } "
    # so on a narrow window (a Chromebook's 1024 px): a 300 px column of story ran two
    # screens down beside an empty half of the page
    "@media (max-width: 1199px) { .hc-story-column { flex: 1 1 100% !important; } }</style>"
)


def scenario_explorer(history: History, value: str) -> widgets.VBox:
    """A menu of the scenarios; the chosen one's timeline, story, map and then-and-now.

    The menu and the war's name and years come first, the story beside the map right
    under them (the map fits the window under the menu; the story is read whole, no box
    scrolling inside the page), then the timeline, its kinds of event drawn in one shape
    and colour each for every war, then the then-and-now cards."""
    scenarios = history["scenarios"]
    picker = widgets.Dropdown(
        options=[(story["title"], sid) for sid, story in scenarios.items()],
        value=value,
        description="War",
        layout=widgets.Layout(width="100%", max_width="420px"),
    )
    named = widgets.HTML(layout=widgets.Layout(margin="0 0 0 12px"))
    bar = one_screen(widgets.HTML(_STICKY_CSS), picker, named)
    bar.layout.align_items = "center"
    bar.add_class("hc-sticky-bar")
    timeline_box = widgets.VBox()
    # the story takes what the page leaves over 1000 px (at least 300 px), the map the rest
    column = widgets.VBox(
        layout=widgets.Layout(flex="0 0 clamp(300px, calc(100vw - 1000px), 440px)")
    )
    column.add_class("hc-story-column")
    map_box = widgets.VBox(layout=widgets.Layout(flex="1 1 480px", min_width="0"))
    story_and_map = widgets.HBox(
        [column, map_box],
        layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start", grid_gap="8px 16px", width="100%"
        ),
    )
    after = widgets.VBox()

    def show(sid: str) -> None:
        story = scenarios[sid]
        named.value = (
            f"<span style='font-size:18px'><b>{escape(story['title'])}</b>, "
            f"{when(story['start'])} to {when(story['end'])}</span>"
        )
        # the old war's map and timeline go at once: drawing the new ones takes seconds,
        # and beside the new war's card they said the wrong war (lesson 12's look)
        waiting = "<p style='font-size:18px;color:#444'>Drawing the {} of {}…</p>"
        map_box.children = [widgets.HTML(waiting.format("map", escape(story["title"])))]
        timeline_box.children = [widgets.HTML(waiting.format("timeline", escape(story["title"])))]
        card = story_card(history, sid)
        card.layout = widgets.Layout(margin="0 0 8px 0")
        column.children = [card]
        after.children = [then_and_now(history, sid)]
        view = places_map(history, sid)
        aspect = view.width / view.height
        # the map fits the window under the menu's bar
        map_box.layout.max_width = f"calc((100vh - 90px) * {aspect:.4f})"
        map_box.children = [view]
        items = timeline_items(history, sid)
        earlier = _long_before(items)
        drawn = [it for it in items if it not in earlier]
        timeline = _quiet(Timeline(drawn, width=900, colours=event_colours()))
        timeline.figure.layout.max_width = "100%"
        first = min(it["start"] for it in drawn)
        timeline_box.children = (
            [_long_before_note(earlier, first), timeline] if earlier else [timeline]
        )

    picker.observe(lambda change: show(change["new"]), names="value")
    show(picker.value)
    explorer = widgets.VBox([bar, story_and_map, timeline_box, after])
    explorer.add_class("hc-explorer")
    return explorer


def bio_card(history: History, pid: str) -> HistoryCard:
    """One person's card: role, years, side in the game and story."""
    person = history["biographies"][pid]
    if person["born"] is not None and person["died"] is not None:
        born = when(person["born"], person["born_circa"])
        life = f"{born} - {when(person['died'], person['died_circa'])}"
    else:
        first, last = person["active"]
        life = f"active {when(first)}" + ("" if first == last else f" - {when(last)}")
    if pid in {hero["id"] for hero in read_json("conqueror", "heroes.json")}:  # a hero card
        facts = {"Side in the game": person["faction"]}
    else:  # named in a war's story, with no card: "Side in the game" would mislead
        side = person["faction"]
        facts = {"In the game": f"No hero card: named in the story only (side: {side})"}
    if person.get("note"):
        facts["Note"] = person["note"]
    return _quiet(HistoryCard(person["name"], f"{person['role']}, {life}", person["text"], facts))


def people_picker(history: History, value: str) -> widgets.VBox:
    """A menu of every person in the history, and the chosen one's card under it."""
    people = widgets.Dropdown(
        options=sorted(((p["name"], pid) for pid, p in history["biographies"].items())),
        value=value,
        description="Person",
    )
    box = widgets.VBox([people, bio_card(history, value)])
    people.observe(
        lambda change: setattr(box, "children", [people, bio_card(history, change["new"])]),
        names="value",
    )
    one_screen(unit=box)
    return box


def war_rows(history: History) -> list[dict[str, str]]:
    """Each scenario's war, its years and its sides, as table rows."""
    return [
        {
            "War": story["title"],
            "From": when(story["start"]),
            "To": when(story["end"]),
            "Sides": " against ".join(side["faction"] for side in story["sides"]),
        }
        for story in history["scenarios"].values()
    ]


def anachronism_rows(history: History) -> list[dict[str, str]]:
    """Every hero who turns up in a war of another time, and why, as table rows."""
    people = history["biographies"]
    return [
        {
            "War": story["title"],
            "Hero": people[item["id"]]["name"],
            "Why it is out of time": item["comment"],
        }
        for story in history["scenarios"].values()
        for item in story["anachronisms"]
    ]


def fiction_and_fact(history: History, sid: str, sentences: int = 3) -> widgets.HTML:
    """An invented scenario's story beside the first ``sentences`` of what really
    happened."""
    story = history["scenarios"][sid]
    real = " ".join(story["history"][:sentences])
    return widgets.HTML(
        f"<div style='font-size:16px;max-width:60em'><p><b>The story the game tells.</b> "
        f"{escape(story['fiction'])}</p><p><b>What really happened.</b> {escape(real)}</p></div>"
    )


def war_quizzes(history: History, value: str) -> widgets.VBox:
    """A menu of the wars and the questions on the chosen war's story under it. The
    menu and the line naming the war asked about are one screen; each question is one
    of its own."""
    scenarios = history["scenarios"]
    picker = widgets.Dropdown(
        options=[(story["title"], sid) for sid, story in scenarios.items()],
        value=value,
        description="War",
        layout=widgets.Layout(width="420px"),
    )
    said = widgets.HTML()
    quiz = widgets.VBox()
    # each war's questions are made once and kept: a student who looks at another war and
    # comes back finds the answers given still there (look 9, lesson 12)
    made: dict[str, Quiz] = {}

    def show(sid: str) -> None:
        story = scenarios[sid]
        questions = parse_questions(story["questions"], f"history.json {story['title']}")
        said.value = (
            f"<div style='font-size:16px;padding:4px 0 0 12px'>"
            f"{plural(len(questions), 'question')} on "
            f"<b>{escape(story['title'])}</b> below.</div>"
        )
        if sid not in made:
            made[sid] = Quiz(questions, title="")
        quiz.children = [made[sid]]

    picker.observe(lambda change: show(change["new"]), names="value")
    show(value)
    return widgets.VBox([one_screen(picker, said), quiz])
