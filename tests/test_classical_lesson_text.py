"""The lesson texts of Classical Conquests (data/classical/lesson_phases.json) match the game."""

from __future__ import annotations

from hcgames.classical.material import PHASES
from hcgames.data import read_json


def test_every_phase_of_a_turn_has_a_lesson_text_and_no_other() -> None:
    texts = read_json("classical", "lesson_phases.json")["phases"]
    assert list(texts) == list(PHASES)
    for phase, text in texts.items():
        assert len(text.split()) >= 12, f"{phase}: the text is too short to teach the phase"
