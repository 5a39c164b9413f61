"""Facts an outside historian found wrong on screen (issue 37), each guarded so it stays right.

The page text is the notebook's own words (its markdown cells) and the data the page shows;
the questions are the lesson's question file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hcgames.data import read_json
from hcgames.quiz import answer_text, lesson_questions

ROOT = Path(__file__).resolve().parent.parent
HISTORY = read_json("conqueror", "history.json")
SCENARIOS, BIOS = HISTORY["scenarios"], HISTORY["biographies"]


def markdown(stem: str) -> str:
    """Every markdown cell of a notebook, joined, with line breaks read as spaces."""
    notebook = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    text = "\n\n".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", ""))


def question_text(stem: str) -> str:
    """Every prompt, option, hint and explanation of a lesson's questions, and each key."""
    parts: list[str] = []
    for q in lesson_questions(stem):
        parts += [q.prompt, q.explanation, q.hint, *q.options, answer_text(q)]
    return " ".join(parts)


def adult_years(person: dict[str, Any]) -> tuple[int, int]:
    if "active" in person:
        return person["active"][0], person["active"][1]
    return person["born"] + 15, person["died"]


def test_lesson_12_lists_every_hero_a_side_can_buy_who_lived_in_another_time() -> None:
    """'Here is every hero who turns up in a war of another time': Hamilcar Barca (died
    about 228 BC) in the Second Punic War and Brennus (about 390 BC) in the Gallic Wars
    were missing."""
    heroes = read_json("conqueror", "heroes.json")
    setups = read_json("conqueror", "scenarios.json")
    for sid, story in SCENARIOS.items():
        if story["kind"] == "counterfactual":  # an invented story mixes every age
            continue
        factions = {f for allowed in setups[sid]["hero_factions"].values() for f in allowed}
        listed = {a["id"] for a in story["anachronisms"]}
        for hero in heroes:
            first, last = adult_years(BIOS[hero["id"]])
            outside = last < story["start"] or first > story["end"]
            if hero["faction"] in factions and outside:
                assert hero["id"] in listed, f"{sid}: {hero['name']} is out of time, not listed"
    spw = {a["id"] for a in SCENARIOS["second-punic-war"]["anachronisms"]}
    gallic = {a["id"] for a in SCENARIOS["gallic-wars"]["anachronisms"]}
    assert "hamilcar-barca" in spw and "brennus" in gallic


def test_scipio_invaded_africa_as_proconsul_not_as_consul() -> None:
    text = BIOS["scipio-africanus"]["text"]
    assert "as consul he invaded" not in text.lower()
    assert "205 BC" in text and "proconsul" in text and "204 BC" in text


def test_rome_reached_alexandria_only_in_30_bc() -> None:
    for story in SCENARIOS.values():
        said = story["what_the_game_lets_happen"]
        if "Alexandria" in said and "second century BC" in said:
            assert "30 BC" in said, said


def test_lesson_33_does_not_end_the_chariot_before_gaugamela() -> None:
    page = markdown("33-conquest-history")
    assert "left the battlefield" not in page
    assert "Gaugamela in 331 BC" in page and "Caesar" in page


def test_lesson_33_keeps_elephants_in_asian_wars_and_the_armadas_mixed_fleet() -> None:
    page = markdown("33-conquest-history")
    assert "Place each kind of piece" not in page  # nothing is placed: the page reads a timeline
    assert "Siamese" in page  # the teachers' source note for the elephants' long bar
    data = read_json("conquest", "history.json")
    elephants = next(b for b in data["timeline"] if b["label"] == "war elephants")
    assert elephants["end"] >= 1800  # Mughal, Burmese and Siamese armies used them into the 1800s
    armada = next(b["what"] for b in data["battles"] if b["where"] == "The Armada")
    assert "fleet of galleons" not in armada and "merchant" in armada
    # each piece's card names the piece as the board draws it (the link to lessons 30-34)
    assert all("on the board" in card["facts"] for card in data["piece_cards"])
    longest = next(q for q in lesson_questions("33-conquest-history") if q.id == "longest-arm")
    assert "1600" not in " ".join([longest.explanation, *longest.why])


def test_lesson_43_dates_the_first_war_between_athens_and_sparta() -> None:
    page = markdown("43-speros-world")
    assert "fifty years later" not in page
    assert "460" in page and "446 BC" in page
    said = question_text("43-speros-world")
    assert "each other from 431" not in said
    # Plataea (479), the league (478), Naxos (about 470), the Peloponnesian War (431)
    key = next(q for q in lesson_questions("43-speros-world") if q.id == "league-order")
    assert answer_text(key) == "C, A, B, D" and "479 BC" in key.explanation


def test_romes_grain_is_not_said_to_come_above_all_from_egypt() -> None:
    page = markdown("20-classical-a-turn")
    assert "above all from Egypt" not in page
    assert "Josephus" in page and "eight months" in page and "Egypt for four" in page
    grain = next(q for q in lesson_questions("20-classical-a-turn") if q.id == "rome-grain")
    assert "Africa" in answer_text(grain) and "twice" in answer_text(grain)


def test_brazil_is_not_said_to_lie_east_of_the_tordesillas_line() -> None:
    page = markdown("40-speros-a-turn")
    said = question_text("40-speros-a-turn")
    for text in (page, said):
        assert "Brazil lay east of the line" not in text
        assert "which is why Brazil speaks Portuguese" not in text
    assert "Most of today's Brazil lay on Spain's side" in page and "Cabral" in page
