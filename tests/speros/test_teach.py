"""The teaching maths of Conquest of Speros: exact draw odds and capture tables."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from hcgames.speros import SperosGame, lay_out, start, to_action_step
from hcgames.speros.actions import Lead
from hcgames.speros.state import SperosState
from hcgames.speros.teach import (
    capture_table,
    draw_odds,
    hypergeometric,
    hypergeometric_at_least,
    odds_table,
    unseen_cards,
)
from tests.narrow import finished, narrow


@pytest.mark.parametrize(("population", "successes", "draws"), [(10, 3, 4), (7, 7, 2), (5, 0, 3)])
def test_hypergeometric_is_a_distribution(population: int, successes: int, draws: int) -> None:
    total = sum(hypergeometric(population, successes, draws, h) for h in range(draws + 1))
    assert total == 1


def test_hypergeometric_matches_counting_every_hand() -> None:
    cards = ["good"] * 4 + ["bad"] * 5
    hands = list(itertools.combinations(range(len(cards)), 3))
    at_least_two = sum(1 for h in hands if sum(cards[i] == "good" for i in h) >= 2)
    assert hypergeometric_at_least(9, 4, 3, 2) == Fraction(at_least_two, len(hands))


def test_draw_odds_count_the_cards_the_player_cannot_see() -> None:
    state = start(2, ["forest", "mountain"], seed=5)
    me = state.turn_player
    pool = unseen_cards(state, me)
    assert len(pool) == len(state.deck) + len(state.hands[1 - me])
    odds = draw_odds(state, me, lambda c: c.terrain == "ocean", draws=3)
    ocean = sum(1 for c in pool if state.game.cards[c].terrain == "ocean")
    assert odds["successes"] == ocean and odds["population"] == len(pool)
    assert odds["probability"] == 1 - hypergeometric(len(pool), ocean, 3, 0)


def test_capture_table_for_example_2() -> None:
    state = start(2, ["mountain", "forest"], seed=4)
    green = state.turn_player
    red = 1 - green
    card = next(c for c in state.deck if state.game.cards[c].encampments == 4)
    lay_out(state, card, [(red, "M")])
    to_action_step(state)
    before = capture_table(state, card)
    assert before[green]["needed"] == 3 and not before[green]["now"]
    state.apply(Lead(card, True))
    rows = capture_table(state, card)
    assert rows[green]["units"] == 2 and rows[red]["units"] == 1
    assert rows[red]["needed"] == 1 and rows[red]["next_turn"]
    assert not rows[green]["demonstrates"]


def test_odds_table_prints_majority_and_draw_numbers() -> None:
    text = odds_table(SperosGame(players=2))
    assert "encampments" in text and "at least 1" in text
    assert SperosGame(players=3).odds_table().startswith("Conquest of Speros")


def test_the_score_sheet_of_a_finished_game_adds_up_and_names_the_winner() -> None:
    from hcgames.play import playout
    from hcgames.speros import SperosGame
    from hcgames.speros.bots import make_strategy
    from hcgames.speros.teach import result_sentence, score_sheet

    game = SperosGame(players=3, mastery=True)
    bots = [make_strategy("rusher", 1), make_strategy("builder", 2), make_strategy("rusher", 3)]
    state = narrow(playout(game.new_game(seed=5), bots=bots, rng=5), SperosState)
    sheet, bonus = score_sheet(state)
    totals = [sum(vps[p] for vps in sheet.values()) for p in range(3)]
    assert totals == [state.scores()[p] for p in range(3)]
    assert set(bonus) == {0, 1, 2} and "bonus objective" in sheet
    said = result_sentence(state, bonus)
    winner = state.player_name(finished(state).winners[0])
    assert said.startswith(f"**{winner}") and "Bonus Objectives:" in said
    assert ", because " in said and "the because" not in said  # the reason reads as one sentence


def test_home_draw_sentence_and_pairing_rows_give_numbers_in_words() -> None:
    from hcgames.speros.teach import home_draw_sentence, pairing_rows

    game = SperosGame()
    state = narrow(next(iter(game.teaching_setups().values()))(), SperosState)
    said = home_draw_sentence(state, 0, 1)
    assert said.startswith("Choose your people first") or (
        "at least 1 of them" in said and "You cannot see" in said
    )
    if state.colour[0] is not None:
        assert "all 3 of them" in home_draw_sentence(state, 0, 3)
        # a chance a class reads ("about 56 times in 100"), never "18319/32509"
        assert "times in 100" in said and "/" not in said.replace("</b>", "")
    rows = pairing_rows(game, ("rusher", "random"), 2)
    assert [r["strategy"] for r in rows] == ["rusher", "random"]
    assert all(r["pairing"] == "rusher against random" for r in rows)


def test_lesson_44_stored_pairings_match_a_fresh_run_of_the_same_games() -> None:
    """Lesson 44 opens without playing its 60 games; a rule or bot change that alters
    them fails here until ``python tools/make_lesson_data.py`` is run again."""
    from hcgames.data import read_json
    from hcgames.speros import SperosGame
    from hcgames.speros.lessons import LESSON_PAIRING_GAMES, LESSON_PAIRINGS
    from hcgames.speros.teach import PAIRINGS_FILE, fresh_pairings, pairing_rows

    game = SperosGame(players=2, mastery=True)
    fresh = fresh_pairings(game, LESSON_PAIRINGS, LESSON_PAIRING_GAMES)
    assert read_json(*PAIRINGS_FILE) == fresh
    # the lesson's call reads the stored rows; other games are played
    assert pairing_rows(game, LESSON_PAIRINGS[0], LESSON_PAIRING_GAMES) == fresh["rows"][0]
    assert pairing_rows(game, ("random", "rusher"), LESSON_PAIRING_GAMES) != fresh["rows"][0]
