"""docs/adding-a-game.md, followed end to end for the toy game (tests/toy_pig.py).

The toy game is registered for these tests only (:func:`hcgames.register`, taken out
again afterwards), and the checks the suite runs on every registered game are called
on it: the same functions, imported from their test files, never copies. Steps that
only a real game has (its package under hcgames/, data/<pkg>/decisions.json, the
teacher's lesson plan, the handouts' map, the index page's row, the browser tests'
tables, the class game, the sentence check's rule subjects) are shown to fail loudly for
a registered game that skips them, naming the test or the table that catches it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import hcgames
from hcgames.bots import LEVELS, bot_names, make_bot
from hcgames.classgame import class_game
from hcgames.play import playout
from tests import (
    sentences,
    test_bot_levels,
    test_browser_keys,
    test_browser_maps,
    test_browser_play,
    test_cli,
    test_conformance,
    test_handouts,
    test_layout,
    test_notebooks_meta,
    test_play_screen,
    test_teacher_docs,
    toy_pig,
)
from tests.conftest import all_variants, check_bot_is_sound, variant_id
from tests.toy_pig import Face, PigGame, PigState

TOY = PigGame.id
TARGET = "tests.toy_pig:PigGame"


@pytest.fixture
def registered() -> Iterator[str]:
    """The toy game in the registry for one test (checklist step 2)."""
    hcgames.register(TOY, TARGET)
    try:
        yield TOY
    finally:
        hcgames.unregister(TOY)
    assert TOY not in hcgames.available_games()


# --- step 2: registering the game ------------------------------------------------------


def test_registering_makes_the_game_loadable_by_name(registered: str) -> None:
    assert registered in hcgames.available_games()
    assert hcgames.game_class(registered) is PigGame
    state = playout(hcgames.load(registered, target=20).new_game(seed=4), rng=4)
    assert hcgames.load_saved(state.to_json()).snapshot() == state.snapshot()
    assert (registered, {}) in all_variants()
    test_conformance.test_every_game_is_registered()


def test_register_refuses_a_taken_name_or_a_bad_target() -> None:
    with pytest.raises(ValueError, match="taken"):
        hcgames.register("conqueror-duels", TARGET)
    with pytest.raises(ValueError, match="module:GameClass"):
        hcgames.register(TOY, "tests.toy_pig.PigGame")
    assert TOY not in hcgames.available_games()


# --- step 1: the skeleton (layout checks that apply to a one-file game) ----------------


def test_the_layout_checks_that_apply_hold(registered: str) -> None:
    test_layout.test_one_state_class_straight_from_the_core(registered)
    assert PigGame.state_class is PigState
    source = Path(toy_pig.__file__).read_text(encoding="utf-8")
    assert test_layout.vocabulary_problems(PigState, {"toy_pig.py": source}) == []
    assert test_layout.lookahead_problems(make_bot("hard", 0).bot_for(PigGame().new_game())) == []
    # a real game lives in its own package under hcgames/; the toy is one file, and
    # test_layout refuses it as a package (a new game left outside hcgames/ fails there)
    with pytest.raises(AssertionError, match="not in a package under hcgames/"):
        test_layout.package_of(registered)


# --- steps 3 to 5: decisions, goldens, conformance -------------------------------------

VARIANT: tuple[str, dict] = (TOY, {})


def test_the_conformance_checks_pass(registered: str) -> None:
    assert variant_id(VARIANT) == "pig"
    test_conformance.test_random_playouts_end_and_keep_the_contract(VARIANT)
    test_conformance.test_determinize_and_observation_are_plain_data(VARIANT)
    test_conformance.test_rule_decisions_are_documented(VARIANT)
    assert any(d.source == "ours" for d in hcgames.load(registered).rule_decisions())


@pytest.mark.parametrize("seed", [1, 2])
def test_the_golden_transcripts_match(registered: str, seed: int) -> None:
    # tests/golden/pig-seed<N>.txt, written once with --update-golden
    test_conformance.test_golden_transcript(VARIANT, seed, update_golden=False)


def test_a_missing_golden_is_an_error_not_a_new_file(
    registered: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setattr(test_conformance, "GOLDEN", tmp_path)
    with pytest.raises(pytest.fail.Exception, match="--update-golden"):
        test_conformance.test_golden_transcript(VARIANT, 1, update_golden=False)
    assert not list(tmp_path.iterdir())


# --- step 6: bots ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_game(registered: str, level: str) -> None:
    test_bot_levels.test_each_level_plays_legal_seeded_moves(registered, level)


def test_the_games_own_bot_is_reached_by_name(registered: str) -> None:
    game = hcgames.load(registered)
    assert "holder" in bot_names(game)
    state = game.new_game(seed=1)
    check_bot_is_sound(lambda seed: make_bot("holder", seed=seed, game=game), state)


def test_the_command_line_plays_simulates_and_prints_odds(
    registered: str, capsys: pytest.CaptureFixture[str]
) -> None:
    test_cli.test_play_simulate_and_odds_for_every_game(registered, capsys)


# --- step 7: teaching setups -----------------------------------------------------------


def test_teaching_setups_are_live_positions_that_save(registered: str) -> None:
    game = hcgames.load(registered)
    setups = game.teaching_setups()
    assert setups
    for name, setup in setups.items():
        state = setup()
        assert isinstance(state, PigState) and not state.is_terminal(), name
        assert game.from_json(state.to_json()).snapshot() == state.snapshot(), name
        assert playout(state.copy(), rng=1).is_terminal()


# --- step 8: widgets -------------------------------------------------------------------


def test_the_play_screen_plays_the_game_by_clicks(registered: str) -> None:
    test_play_screen.test_every_game_plays_a_few_moves_by_clicks(registered)
    game = hcgames.load(registered)
    state = game.new_game()
    # no map and no cards: the stepper and play screen leave those views out
    assert state.region_views() is None and state.card_rows() is None


# --- steps 9 to 12: what only a real game has ------------------------------------------


def test_a_registered_game_without_a_lesson_plan_fails_the_teacher_test(
    registered: str,
) -> None:
    with pytest.raises(FileNotFoundError, match=f"lesson-plan-{registered}.md"):
        test_teacher_docs.test_every_game_has_a_lesson_plan_a_teacher_can_run(registered)


def test_a_registered_game_without_handouts_fails_the_handout_test(
    registered: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # test_handouts reads the registry once, when imported: hand it the toy's registry
    monkeypatch.setattr(test_handouts, "GAME_IDS", hcgames.available_games())
    with pytest.raises(AssertionError, match="LESSON_SERIES"):
        test_handouts.test_the_handouts_cover_exactly_the_registered_games()


def test_a_registered_game_without_a_row_on_the_index_page_fails(registered: str) -> None:
    # step 11: the index page's table of games is written by hand
    real = [game_id for game_id in hcgames.available_games() if game_id != registered]
    test_notebooks_meta.test_the_index_page_has_a_row_for_every_game(real)
    with pytest.raises(AssertionError, match=f"no row for \\['{registered}'\\]"):
        test_notebooks_meta.test_the_index_page_has_a_row_for_every_game(
            hcgames.available_games()
        )


# --- step 13: the browser tests' own set-ups ---------------------------------------------


def browser_tables_missing(game_ids: list[str]) -> list[str]:
    """The browser tests' tables (step 13) that leave out one of ``game_ids``: every game
    is played by keyboard (tests/test_browser_keys.py GAMES) and as a class game by
    clicks (tests/test_browser_play.py CLASS_GAMES); a game with a map has its names
    checked on it (tests/test_browser_maps.py MAPS)."""
    keys = " ".join(code for _, code in test_browser_keys.GAMES.values())
    maps = {game_id for game_id, _ in test_browser_maps.MAPS.values()}
    missing = []
    for game_id in game_ids:
        if f"'{game_id}'" not in keys:
            missing.append(f"{game_id}: test_browser_keys.GAMES")
        if game_id not in test_browser_play.CLASS_GAMES:
            missing.append(f"{game_id}: test_browser_play.CLASS_GAMES")
        if hcgames.load(game_id).geojson() is not None and game_id not in maps:
            missing.append(f"{game_id}: test_browser_maps.MAPS")
    return missing


def test_every_game_is_in_the_browser_tests_tables() -> None:
    assert browser_tables_missing(hcgames.available_games()) == []


def test_a_registered_game_left_out_of_the_browser_tables_is_named(registered: str) -> None:
    assert browser_tables_missing([registered]) == [
        f"{registered}: test_browser_keys.GAMES",
        f"{registered}: test_browser_play.CLASS_GAMES",
    ]


# --- step 14: the play lesson and the checks written per game --------------------------


def test_a_registered_game_needs_a_class_game_and_its_rules_subjects(registered: str) -> None:
    with pytest.raises(KeyError, match=registered):
        class_game(registered)  # the play lesson fails under nbval without CLASS_GAMES
    state = hcgames.load(registered).new_game()
    text, rule = state.why_illegal(Face(6))  # nobody is rolling yet
    assert sentences.rule_subject_problems([(registered, text, rule, "face")]) == [
        f"{registered}: the rule 'rolling the die' is in no list of RULE_SUBJECTS: {text}"
    ]
