"""What the Historical Conquest lessons show a student reads as words: card kinds, abilities,
plates and rule decisions carry no ids or code, and the complete list of rule decisions is
shown once (lesson 51) and linked from the others."""

from __future__ import annotations

import json
import re
from pathlib import Path

import hcgames
from hcgames.historical import load_catalogue
from hcgames.historical.teach import ending_kind, random_endings, stored_endings
from hcgames.play import playout
from tests.browser_checks import allowed_hyphenated, ids_in_text
from tests.historical.conftest import game
from tests.narrow import narrow

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CODE_LIKE = re.compile(r"_|=|\w\((?!s\))|\bNone\b|\bTrue\b|\bFalse\b")  # "turn(s)" is fine


def test_every_card_a_student_can_open_reads_as_words() -> None:
    """Lesson 50 lets a student open any card: its name, kind, years, plate and ability."""
    allowed = allowed_hyphenated()
    for card in load_catalogue().cards.values():
        shown = " ".join(
            [
                card.name,
                card.kind,
                card.plate_years or card.years,
                card.full_plate,
                card.ability_text(),
            ]
        )
        assert not ids_in_text(shown, allowed), (card.id, ids_in_text(shown, allowed))
        assert not CODE_LIKE.search(card.kind + " " + card.ability_text()), card.id


def test_card_kinds_are_words() -> None:
    kinds = {card.subtype: card.kind for card in load_catalogue().cards.values()}
    assert kinds["explorer-sea"] == "sea explorer"
    assert kinds["explorer-land_sea"] == "land and sea explorer"
    assert kinds["spiritual_leader"] == "spiritual leader"
    assert kinds["outlaw-pirate"] == "pirate (outlaw)"


def test_rule_decisions_read_as_words() -> None:
    allowed = allowed_hyphenated()
    for decision in hcgames.load("historical-conquest").rule_decisions():
        text = f"{decision.topic}: {decision.decision}"
        assert not ids_in_text(text, allowed), text
        assert not re.search(r"_|=|\.json|\bmax_", text), text


def _cells(name: str, kind: str) -> list[str]:
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]


def test_the_complete_list_of_decisions_is_shown_once_and_linked_from_the_others() -> None:
    turn = _cells("51-historical-a-turn.ipynb", "code")
    assert any("rule_decisions()" in s and "Accordion" in s for s in turn)
    assert any("decisions_text(decisions)" in s and "NBVAL_CHECK_OUTPUT" in s for s in turn)
    assert "## Which rules are ours" in "\n".join(_cells("51-historical-a-turn.ipynb", "markdown"))
    for path in sorted(NOTEBOOKS.glob("5[2-4]-*.ipynb")):
        markdown = "\n".join(_cells(path.name, "markdown"))
        assert "(51-historical-a-turn.ipynb#Which-rules-are-ours)" in markdown, path.name
        code = _cells(path.name, "code")
        assert not any("decisions_text(" in s for s in code), f"{path.name} repeats the list"
        assert any("USED_HERE" in s and "rule_decisions()" in s for s in code), path.name


def test_the_decisions_a_lesson_uses_exist() -> None:
    """Each lesson's USED_HERE names real decision topics (a renamed topic would vanish)."""
    topics = {d.topic for d in hcgames.load("historical-conquest").rule_decisions()}
    for path in sorted(NOTEBOOKS.glob("5[1-4]-*.ipynb")):
        for source in _cells(path.name, "code"):
            found = re.search(r"USED_HERE = (\[.*?\])", source, re.S)
            if found:
                used = eval(found.group(1))  # a plain list of strings
                assert set(used) <= topics, (path.name, set(used) - topics)
                break
        else:
            raise AssertionError(f"{path.name} names no decisions it uses")


def test_the_play_lesson_leaves_the_first_move_to_the_student() -> None:
    """The game of lesson 54 opens at the student's first decision, nothing played for them."""
    from hcgames.widgets import PlayApp

    app = PlayApp(hcgames.load("historical-conquest", players=2), humans=(0,), bot="greedy", seed=3)
    assert app.waiting_for_human()
    assert app.state.round == 1 and app.state.current_player == 0
    assert not any(
        e.text.startswith("Player 1 plays ") and "first land" not in e.text
        for e in app.state.events
    )


def test_lesson_54_stored_endings_match_a_fresh_run_of_150_random_games() -> None:
    """The page opens without playing 150 games; a rule change that alters those games
    fails here until ``python tools/make_lesson_data.py`` is run again."""
    fresh = random_endings(game(players=2))
    assert stored_endings() == fresh
    endings = narrow(fresh["endings"], dict)
    assert sum(endings.values()) == fresh["games"] == 150


def test_every_random_ending_has_a_name_in_the_table() -> None:
    game = hcgames.load("historical-conquest", players=2)
    kinds = {ending_kind(playout(game.new_game(seed=seed), rng=seed)) for seed in range(10)}
    assert "another ending" not in kinds
