"""Lesson 54's table of how random games end is stored, and matches a fresh run."""

from __future__ import annotations

import hcgames
from hcgames.historical.teach import ending_kind, random_endings, stored_endings
from hcgames.play import playout


def test_lesson_54_stored_endings_match_a_fresh_run_of_150_random_games() -> None:
    """The page opens without playing 150 games; a rule change that alters those games
    fails here until ``python tools/make_lesson_data.py`` is run again."""
    fresh = random_endings(hcgames.load("historical-conquest", players=2))
    assert stored_endings() == fresh
    assert sum(fresh["endings"].values()) == fresh["games"] == 150  # type: ignore[attr-defined]


def test_every_random_ending_has_a_name_in_the_table() -> None:
    game = hcgames.load("historical-conquest", players=2)
    kinds = {ending_kind(playout(game.new_game(seed=seed), rng=seed)) for seed in range(10)}
    assert "another ending" not in kinds
