"""hcgames.conquest.teach: the lessons' capture examples, puzzle helpers and history."""

from __future__ import annotations

import pytest

from hcgames.conquest import ConquestGame, Move, Refuse
from hcgames.conquest.teach import (
    SOLDIER,
    battles,
    board_facts,
    capture_examples,
    decisions_text,
    history_cards,
    list_choices,
    load_puzzles,
    narrate,
    new_state,
    opening_turns,
    refusal,
    step_rows,
    timeline_items,
)


def test_a_refusal_names_the_rule_and_leaves_the_state() -> None:
    state = new_state(ConquestGame.position(dict(SOLDIER), spent=5))
    narrate(state, Move("W-soldier1", "h11"))
    before = state.snapshot()
    assert "needed" in refusal(state, Move("B-soldier2", "g12"))
    assert refusal(state, Refuse()) == ""
    assert state.snapshot() == before


def test_narrate_and_choices_print_what_happens(capsys: pytest.CaptureFixture[str]) -> None:
    state = new_state(ConquestGame.position(dict(SOLDIER), spent=5))
    narrate(state, Move("W-soldier1", "h11"))
    list_choices(state)
    out = capsys.readouterr().out
    assert out.startswith(" - ")
    assert "Black (recapture) may choose:" in out


def test_six_capture_examples_each_start_and_say_what_they_show() -> None:
    examples = capture_examples()
    assert [e.title[:2] for e in examples] == ["1.", "2.", "3.", "4.", "5.", "6."]
    for example in examples:
        state = example.new_state()
        assert state.legal_actions() and example.shows and example.text
    assert examples[5].new_state().current_player == 1  # the capitol: Black to move
    assert "<i>The rules answer</i>" in examples[0].shows


def test_step_rows_and_board_facts_read_the_start() -> None:
    state = new_state(ConquestGame())
    rows = step_rows(state, ["d2"])
    assert rows[0]["stands on"] == "d2" and "c2" in rows[0]["may step to"]
    assert "land spaces" in board_facts(ConquestGame())


def test_opening_turns_and_the_decisions_as_text() -> None:
    lines = opening_turns(turns=1, seed=1)
    assert lines and all(isinstance(line, str) for line in lines)
    text = decisions_text(ConquestGame().rule_decisions())
    assert text.startswith("What the rulebook says (") and text.endswith("decisions in all.")


def test_a_puzzle_answers_hints_and_proves_itself() -> None:
    puzzle = min(load_puzzles(), key=lambda p: p.steps)
    assert puzzle.idea
    state = puzzle.new_state()
    move = puzzle.hint(state)
    assert move is not None and move in state.legal_actions()
    assert puzzle.winning_line()
    proof = puzzle.proof()
    assert proof.startswith(f"{puzzle.id}: {puzzle.title}") and "Result:" in proof


def test_the_history_pages_load() -> None:
    assert {"label", "start", "end", "group"} <= set(timeline_items()[0])
    year, where, what = battles()[0]
    assert year < 0 and where and what
    cards = history_cards()
    assert cards[-1]["title"] == "CONQUEST (1972)"
    assert all({"title", "subtitle", "text"} <= set(card) for card in cards)


def test_hints_keep_to_the_shortest_win() -> None:
    """Following every hint wins a short puzzle in its own count of steps ("Clearing
    the capitol": 9), not in a wandering line that still wins (it took 15, the chariot
    shuttled back and forth)."""
    from hcgames.conquest.teach import SHORTEST_HINT

    for puzzle in load_puzzles():
        if puzzle.steps > SHORTEST_HINT:
            continue
        state = puzzle.new_state()
        played = 0
        while state.current_player == 0 and not state.is_terminal():
            move = puzzle.hint(state)
            assert move is not None, puzzle.title
            state.apply(move)
            played += 1
            while state.pending and state.current_player == 1:
                state.apply(puzzle.best_reply(state))
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (0,), puzzle.title
        assert played == puzzle.steps, (puzzle.title, played)
