"""The lessons of Classical Conquests: the answers to the questions of the lesson on
the twelve peoples (notebook 23) follow from the data in
data/classical/civilizations.json, so a change of dates or traits there cannot leave a
wrong answer key behind; and the lesson texts (data/classical/lesson_phases.json) match
the game."""

from __future__ import annotations

from hcgames.classical.material import PHASES, load_material
from hcgames.data import read_json
from hcgames.quiz import answer_text, lesson_questions

LESSON = "23-classical-civilizations"


def _answers() -> dict[str, str]:
    return {q.id: answer_text(q) for q in lesson_questions(LESSON)}


def test_the_years_from_sumer_to_babylon_are_the_answer() -> None:
    material = load_material()
    gap = material.civ("Babylonians").start - material.civ("Sumerians").start
    assert _answers()["sumer-to-babylon"] == f"About {round(gap, -2):,} years later"


def test_the_three_ship_building_peoples_are_the_ones_the_question_names() -> None:
    material = load_material()
    builders = [c.name for c in material.civilizations if dict(c.traits).get("shipbuilding")]
    (question,) = [q for q in lesson_questions(LESSON) if q.id == "ship-building"]
    assert builders == ["Minoans", "Phoenicians", "Athenians"]
    assert "the Minoans, the Phoenicians and the Athenians" in question.prompt


def test_the_only_people_the_goths_could_meet_is_the_answer() -> None:
    material = load_material()
    goths = material.civ("Goths")
    met = [c.name for c in material.civilizations if c.name != "Goths" and c.end >= goths.start]
    assert [f"The {name}" for name in met] == [_answers()["our-era"]]


def test_spartans_and_persians_overlap_in_time() -> None:
    material = load_material()
    sparta, persia = material.civ("Spartans"), material.civ("Persians")
    overlap = min(sparta.end, persia.end) - max(sparta.start, persia.start)
    assert overlap > 0 and _answers()["sparta-persia"].startswith("Yes")
    assert sparta.start <= -480 <= sparta.end and persia.start <= -480 <= persia.end


def test_the_side_with_military_wins_more_rounds_in_the_answer() -> None:
    material = load_material()
    goths, persians = material.civ("Goths"), material.civ("Persians")
    assert dict(goths.traits).get("military", 0) > dict(persians.traits).get("military", 0)
    assert _answers()["military"].startswith("The Goths")


def test_the_people_with_the_longest_bar_is_the_answer() -> None:
    material = load_material()
    longest = max(material.civilizations, key=lambda c: c.end - c.start)
    assert f"The {longest.name}" == _answers()["longest-power"]
    (question,) = [q for q in lesson_questions(LESSON) if q.id == "longest-power"]
    for option in question.options:  # every option is a people of the game
        assert material.civ(option.removeprefix("The "))


def test_every_phase_of_a_turn_has_a_lesson_text_and_no_other() -> None:
    texts = read_json("classical", "lesson_phases.json")["phases"]
    assert list(texts) == list(PHASES)
    for phase, text in texts.items():
        assert len(text.split()) >= 12, f"{phase}: the text is too short to teach the phase"
