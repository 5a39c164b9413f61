"""Checks on data/conqueror/history.json, the history behind the Conqueror: Duels scenarios.

The file feeds the history notebook: every scenario needs its story, a dated timeline
whose places exist on the scenario's map, biographies of the people (and of every hero
card the scenario offers), and class questions whose stored answers are consistent.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

import hcgames
from hcgames.conqueror.game import DuelsGame
from hcgames.data import read_json
from tests.narrow import narrow

HISTORY = read_json("conqueror", "history.json")
SCENARIOS: dict[str, dict[str, Any]] = HISTORY["scenarios"]
BIOS: dict[str, dict[str, Any]] = HISTORY["biographies"]

SCENARIO_IDS = (
    "standard",
    "second-punic-war",
    "gallic-wars",
    "alexanders-conquest",
    "rome-vs-persia",
    "first-syrian-war",
)
# The wars as historians date them (years BC negative); the what-if scenario runs from
# its invented starting point to the last real Roman-Persian war.
SPANS = {
    "standard": (-264, -146),
    "second-punic-war": (-218, -201),
    "gallic-wars": (-58, -50),
    "alexanders-conquest": (-334, -323),
    "rome-vs-persia": (-336, 628),
    "first-syrian-war": (-274, -271),
}
REQUIRED_PEOPLE = (
    "hannibal-barca",
    "hasdrubal-barca",
    "hamilcar-barca",
    "scipio-africanus",
    "fabius-maximus",
    "marcus-claudius-marcellus",
    "julius-caesar",
    "titus-labienus",
    "vercingetorix",
    "ambiorix",
    "alexander-the-great",
    "parmenion",
    "darius-iii",
    "memnon-of-rhodes",
    "ptolemy-ii",
    "antiochus-i",
    "cleopatra",
    "arsinoe-ii",
    "magas-of-cyrene",
    "cyrus-the-great",
    "xerxes-i",
    "pyrrhus-of-epirus",
)
EVENT_KINDS = {"battle", "siege", "campaign", "war", "politics", "background", "fiction"}
# Someone counts as taking part in events from the age of 15.
ADULT_AGE = 15
# A real site may lie just off a simplified map polygon (coasts, islands): accept it
# within this many degrees of the territory's outline.
NEAR_DEGREES = 2.0


def sentences(text: str) -> list[str]:
    """Split prose into sentences (a full stop followed by a capital starts a new one)."""
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z'])", text.strip()) if s]


def adult_life(person: dict[str, Any]) -> tuple[int, int]:
    """Years in which a person could act: from age 15 to death, or the known active years."""
    if "active" in person:
        start, end = person["active"]
    else:
        start, end = person["born"] + ADULT_AGE, person["died"]
    return start, end


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def duels_game(scenario: str) -> DuelsGame:
    if "conqueror-duels" not in hcgames.available_games():
        pytest.skip("hcgames.conqueror is not installed yet")
    return narrow(hcgames.load("conqueror-duels", scenario=scenario), DuelsGame)


# --- scenarios ----------------------------------------------------------------------------


def test_every_scenario_has_its_history() -> None:
    assert sorted(SCENARIOS) == sorted(SCENARIO_IDS)


def test_history_covers_every_scenario_the_game_offers() -> None:
    if "conqueror-duels" not in hcgames.available_games():
        pytest.skip("hcgames.conqueror is not installed yet")
    offered = {
        v.get("scenario", "standard") for v in hcgames.game_class("conqueror-duels").variants()
    }
    assert offered <= set(SCENARIOS)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_scenario_years_are_the_wars_years(sid: str) -> None:
    scenario = SCENARIOS[sid]
    assert (scenario["start"], scenario["end"]) == SPANS[sid]
    assert isinstance(scenario["start"], int) and isinstance(scenario["end"], int)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_scenario_text_is_complete(sid: str) -> None:
    scenario = SCENARIOS[sid]
    assert scenario["title"].strip()
    assert 5 <= len(scenario["history"]) <= 8, "the history is 5-8 sentences"
    for sentence in scenario["history"]:
        assert len(sentences(sentence)) == 1, f"one sentence per entry: {sentence!r}"
    assert len(sentences(scenario["what_really_happened"])) >= 2
    assert len(sentences(scenario["what_the_game_lets_happen"])) >= 2
    assert len(scenario["sides"]) == 2
    assert all(side["faction"] and side["historical"] for side in scenario["sides"])


def test_the_counterfactual_says_it_is_fiction() -> None:
    scenario = SCENARIOS["rome-vs-persia"]
    assert scenario["kind"] == "counterfactual"
    assert "fiction" in scenario["fiction"].lower()
    assert "336 BC" in scenario["fiction"]
    assert any(e["kind"] == "fiction" for e in scenario["timeline"])
    others = [s for sid, s in SCENARIOS.items() if sid != "rome-vs-persia"]
    assert all(s["kind"] == "history" and "fiction" not in s for s in others)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_sides_are_the_games_players(sid: str) -> None:
    game = duels_game(sid)
    factions = tuple(side["faction"] for side in SCENARIOS[sid]["sides"])
    assert sorted(factions) == sorted(game.player_names)


# --- timelines ----------------------------------------------------------------------------


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_timeline_dates_are_consistent(sid: str) -> None:
    timeline = SCENARIOS[sid]["timeline"]
    assert 6 <= len(timeline) <= 12
    labels = [e["label"] for e in timeline]
    assert len(set(labels)) == len(labels), "timeline labels are unique"
    starts = [e["start"] for e in timeline]
    assert starts == sorted(starts), "the timeline is in date order"
    for event in timeline:
        assert isinstance(event["start"], int) and isinstance(event["end"], int)
        assert event["start"] <= event["end"], event["label"]
        assert event["start"] != 0 and event["end"] != 0, "there is no year 0"
        assert event["kind"] in EVENT_KINDS
        assert isinstance(event["circa"], bool)
        assert event["site"].strip()
        assert (event["place"] is None) == (event["lonlat"] is None)
        if event["place"] is None:
            assert "map" in event.get("note", ""), "an off-map event says so"


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_the_scenarios_own_war_lies_on_its_timeline(sid: str) -> None:
    scenario = SCENARIOS[sid]
    span = (scenario["start"], scenario["end"])
    inside = [e for e in scenario["timeline"] if overlaps((e["start"], e["end"]), span)]
    assert len(inside) >= 3


def _polygon_contains(lon: float, lat: float, ring: list[list[float]]) -> bool:
    contained = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > lat) != (y2 > lat) and lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1:
            contained = not contained
    return contained


def _distance_to_ring(lon: float, lat: float, ring: list[list[float]]) -> float:
    """Shortest distance (in degrees) from a point to the edges of a polygon ring."""
    best = math.inf
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((lon - x1) * dx + (lat - y1) * dy) / length))
        best = min(best, math.dist((lon, lat), (x1 + t * dx, y1 + t * dy)))
    return best


def _outer_rings(feature: dict[str, Any]) -> list[list[list[float]]]:
    geometry = feature["geometry"]
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"][0]]
    return [polygon[0] for polygon in geometry["coordinates"]]


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_every_place_is_on_the_scenarios_map(sid: str) -> None:
    game = duels_game(sid)
    features = {f["id"]: f for f in game.geojson()["features"]}
    scenario = SCENARIOS[sid]
    named = set(scenario["places"]) | {
        e["place"] for e in scenario["timeline"] if e["place"] is not None
    }
    missing = sorted(named - set(features))
    assert not missing, f"{sid}: not on the map: {missing}"
    for event in scenario["timeline"]:
        if event["place"] is None:
            continue
        lon, lat = event["lonlat"]
        rings = _outer_rings(features[event["place"]])
        if any(_polygon_contains(lon, lat, ring) for ring in rings):
            continue
        gap = min(_distance_to_ring(lon, lat, ring) for ring in rings)
        assert gap < NEAR_DEGREES, f"{event['label']}: {event['site']} is far from {event['place']}"


# --- questions ----------------------------------------------------------------------------


def test_question_ids_are_unique() -> None:
    ids = [q["id"] for s in SCENARIOS.values() for q in s["questions"]]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_questions_have_checkable_answers(sid: str) -> None:
    questions = SCENARIOS[sid]["questions"]
    assert 3 <= len(questions) <= 6
    for q in questions:
        assert q["prompt"].strip().endswith("?")
        assert q["explanation"].strip() and "\n" not in q["explanation"]
        if q["kind"] == "choice":
            options = q["options"]
            assert len(options) >= 3 and len(set(options)) == len(options)
            assert isinstance(q["answer"], int) and 0 <= q["answer"] < len(options)
        else:
            assert q["kind"] == "number"
            assert isinstance(q["answer"], int) and not isinstance(q["answer"], bool)
            assert q["unit"] in {"year", "years", "wars"}


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_year_answers_agree_with_the_timeline(sid: str) -> None:
    scenario = SCENARIOS[sid]
    events = {e["label"]: e for e in scenario["timeline"]}
    for q in scenario["questions"]:
        if q["kind"] == "number" and q["unit"] == "year":
            assert q["answer"] != 0
            if "timeline" in q:
                assert q["answer"] == events[q["timeline"]]["start"], q["id"]


def test_arithmetic_answers_follow_from_the_dates() -> None:
    by_id = {q["id"]: q for s in SCENARIOS.values() for q in s["questions"]}
    spw = SCENARIOS["second-punic-war"]
    assert by_id["spw-length"]["answer"] == spw["end"] - spw["start"]
    alexander = BIOS["alexander-the-great"]
    # born in July, died in June: one short of the difference of the years
    assert by_id["ac-age"]["answer"] == alexander["died"] - alexander["born"] - 1
    assert by_id["rp-reign"]["answer"] == alexander["died"] - (-336)
    cleopatra = BIOS["cleopatra"]
    syrian = SCENARIOS["first-syrian-war"]
    assert by_id["fsw-cleopatra"]["answer"] == cleopatra["born"] - syrian["end"]
    standard = SCENARIOS["standard"]
    assert by_id["standard-years"]["answer"] == standard["end"] - standard["start"]


# --- biographies --------------------------------------------------------------------------


def test_every_required_person_has_a_biography() -> None:
    missing = [pid for pid in REQUIRED_PEOPLE if pid not in BIOS]
    assert not missing


@pytest.mark.parametrize("pid", sorted(BIOS))
def test_biography_dates_are_consistent(pid: str) -> None:
    person = BIOS[pid]
    born, died = person["born"], person["died"]
    assert isinstance(person["born_circa"], bool) and isinstance(person["died_circa"], bool)
    if born is not None and died is not None:
        assert born < died
        assert 15 <= died - born <= 110, "a believable lifetime"
    if "active" in person:
        first, last = person["active"]
        assert first <= last
        if died is not None:
            assert last <= died
    else:
        assert born is not None and died is not None, "unknown dates need active years"
    assert 3 <= len(sentences(person["text"])) <= 5, "a biography is 3-4 sentences"
    assert set(person["scenarios"]) <= set(SCENARIOS)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_people_lived_when_the_scenario_says(sid: str) -> None:
    scenario = SCENARIOS[sid]
    span = (scenario["start"], scenario["end"])
    for pid in scenario["people"]:
        assert overlaps(adult_life(BIOS[pid]), span), f"{pid} was not active in {sid}"
    for pid in scenario["background"]:
        assert pid in BIOS
    for item in scenario["anachronisms"]:
        assert item["comment"].strip()
        assert not overlaps(adult_life(BIOS[item["id"]]), span), f"{item['id']} fits {sid}"


def test_cleopatra_is_the_first_syrian_wars_anachronism() -> None:
    cleopatra = BIOS["cleopatra"]
    assert (cleopatra["born"], cleopatra["died"]) == (-69, -30)
    ids = [a["id"] for a in SCENARIOS["first-syrian-war"]["anachronisms"]]
    assert "cleopatra" in ids
    assert "First Syrian War" in cleopatra["note"]


def _heroes() -> list[dict[str, Any]]:
    heroes = read_json("conqueror", "heroes.json")
    assert isinstance(heroes, list)
    return heroes


def test_every_hero_card_has_a_biography() -> None:
    missing = [h["id"] for h in _heroes() if h["id"] not in BIOS]
    assert not missing, f"heroes without a biography: {missing}"
    for hero in _heroes():
        assert BIOS[hero["id"]]["faction"] == hero["faction"], hero["id"]


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_every_hero_a_scenario_offers_is_placed_in_time(sid: str) -> None:
    """Each hero card of a scenario is a person of the war, its background or a noted
    anachronism, so the history notebook can talk about every card a class sees."""
    setup = read_json("conqueror", "scenarios.json")[sid]
    factions = {f for allowed in setup["hero_factions"].values() for f in allowed}
    offered = {h["id"] for h in _heroes() if h["faction"] in factions}
    scenario = SCENARIOS[sid]
    placed = (
        set(scenario["people"])
        | set(scenario["background"])
        | {a["id"] for a in scenario["anachronisms"]}
    )
    assert not sorted(offered - placed), f"{sid}: heroes not discussed: {offered - placed}"


# --- the questions as the history lesson shows them (moved out of notebook 12) -----------


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_history_questions_load_as_quiz_questions_and_the_key_marks_them(sid: str) -> None:
    """Every stored answer is accepted, a wrong one refused, and a BC year may be typed
    as "216 BC", "-216" or a plain "216"."""
    from hcgames.quiz import check_answer, parse_questions

    questions = parse_questions(SCENARIOS[sid]["questions"], f"history.json {sid}")
    assert len(questions) == len(SCENARIOS[sid]["questions"])
    for q in questions:
        if q.kind == "choice":
            assert check_answer(q, q.answer), q.id
            assert not check_answer(q, (q.answer + 1) % len(q.options)), q.id
        else:
            assert check_answer(q, str(q.answer)), q.id
            assert all(check_answer(q, str(other)) for other in q.accept), q.id
            wrong = next(n for n in range(q.answer + 1, q.answer + 10) if n not in q.accept)
            assert not check_answer(q, str(wrong)), q.id
            if q.unit == "year" and q.answer < 0:
                assert check_answer(q, f"{-q.answer} BC"), q.id
                assert check_answer(q, str(-q.answer)), q.id


def test_the_history_quiz_starts_blank_and_marks_cannae_and_the_mountains() -> None:
    """The war-by-war quiz of the lesson: nothing answered before a pupil acts; Cannae
    asks for the years after the Alps (2 is right, the year 216 is not), and 'the
    shorter road' is wrong for why Hannibal went over the mountains."""
    pytest.importorskip("ipywidgets")
    from hcgames.quiz import parse_questions
    from hcgames.widgets import Quiz

    quiz = Quiz(parse_questions(SCENARIOS["second-punic-war"]["questions"], "spw"), title="")
    assert all(item.feedback.value == "" for item in quiz.items)
    cannae, mountains = quiz.items[0], quiz.items[1]
    assert cannae.question.id == "spw-cannae" and mountains.question.id == "spw-mountains"
    cannae.answer.value = "216"
    assert cannae.check() is False
    cannae.answer.value = "2"
    assert cannae.check() is True and "216 BC" in cannae.feedback.value
    shorter = next(o for o in mountains.question.options if "shorter" in o)
    mountains.answer.value = mountains.question.options.index(shorter)
    assert mountains.check() is False and "Not quite" in mountains.feedback.value


def test_alexanders_age_accepts_both_ways_of_counting() -> None:
    """356 - 323 = 33, as the page teaches; to the month he was 32: both count."""
    from hcgames.quiz import check_answer, parse_questions

    questions = parse_questions(SCENARIOS["alexanders-conquest"]["questions"], "history.json")
    age = next(q for q in questions if q.id == "ac-age")
    assert check_answer(age, "32") and check_answer(age, "33")
    assert not check_answer(age, "34") and not check_answer(age, "31")
    assert "33" in age.explanation and age.hint
