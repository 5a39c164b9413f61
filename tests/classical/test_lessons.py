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


def test_the_oldest_people_is_the_one_with_the_earliest_start() -> None:
    material = load_material()
    assert _answers()["oldest"] == min(material.civilizations, key=lambda c: c.start).name


def test_the_only_people_entirely_in_our_era_is_the_answer() -> None:
    material = load_material()
    ours = [c.name for c in material.civilizations if c.start > 0]
    assert ours == [_answers()["our-era"]]


def test_spartans_and_persians_overlap_in_time() -> None:
    material = load_material()
    sparta, persia = material.civ("Spartans"), material.civ("Persians")
    overlap = min(sparta.end, persia.end) - max(sparta.start, persia.start)
    assert overlap > 0 and _answers()["sparta-persia"].startswith("Yes")
    assert sparta.start <= -480 <= sparta.end and persia.start <= -480 <= persia.end


def test_the_peoples_starting_with_military_are_the_answer() -> None:
    material = load_material()
    military = sorted(c.name for c in material.civilizations if dict(c.traits).get("military"))
    assert _answers()["military"] == ", ".join(military)


def test_the_egyptian_state_lasts_as_many_years_as_the_answer() -> None:
    egypt = load_material().civ("Egyptians")
    (question,) = [q for q in lesson_questions(LESSON) if q.id == "egypt-years"]
    assert egypt.end - egypt.start == question.answer
    assert (egypt.start, egypt.end) == (-3100, -30)


def test_every_phase_of_a_turn_has_a_lesson_text_and_no_other() -> None:
    texts = read_json("classical", "lesson_phases.json")["phases"]
    assert list(texts) == list(PHASES)
    for phase, text in texts.items():
        assert len(text.split()) >= 12, f"{phase}: the text is too short to teach the phase"
