"""hcgames.historical.teach: the battles and games the lessons work out."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import hcgames
from hcgames.historical import teach
from hcgames.historical.teach import battle_sheet, battle_verdict, lesson_battle, morale_lines


def _game() -> Any:
    return cast(Any, hcgames.load("historical-conquest"))


def test_a_lesson_battle_adds_up_on_its_sheet() -> None:
    game = _game()
    state, result = lesson_battle(game, ["CO3016"], ["MU2001", "IN4201"])
    rows = battle_sheet(state, result, ["CO3016"], ["MU2001", "IN4201"])
    totals = {row["side"]: row["points"] for row in rows if row["what counts"] == "total"}
    assert totals == {"attack": result.attack, "defence": result.defence}
    named = [row["what counts"] for row in rows if row["side"] == "defence"]
    assert len([n for n in named if str(n).endswith("(defence)")]) == 2
    said = battle_verdict(state, result, "CT4503")
    assert said.startswith("**") and (str(result.attack) in said or result.auto)


def test_morale_lines_follow_a_game_turn_by_turn() -> None:
    final, series = morale_lines(_game(), 11)
    assert final.is_terminal()
    assert set(series) == {"Player 1", "Player 2"} and series["Player 1"][0] == 0.0
    assert len(series["Player 1"]) == len(series["Player 2"]) > 1


def test_the_gallery_and_the_timeline_filter_the_cards() -> None:
    from hcgames.historical import load_catalogue
    from hcgames.historical.teach import (
        card_label,
        gallery,
        in_period,
        people_timeline,
        span,
    )

    cards = load_catalogue().cards
    everything = gallery(cards, "any era", "any continent", "any kind")
    assert len(everything) == len(cards)
    old = gallery(cards, "before Christ", "any continent", "character")
    assert old and all(c.category == "character" and (span(c)[0] or 0) < 0 for c in old)
    name, _subtitle, plate, facts = card_label(cards["MU2001"])
    assert plate == cards["MU2001"].full_plate
    assert name == cards["MU2001"].name and "attack / defence" in facts and "ability" in facts
    people = people_timeline(cards)
    assert [p["start"] for p in people] == sorted(p["start"] for p in people)
    modern = in_period(people, "1900 and later")
    assert modern and all(p["start"] >= 1900 for p in modern)


# --- what the lessons show ------------------------------------------------------------------


def test_deck_rows_count_every_card_of_each_deck() -> None:
    catalogue = _game().catalogue
    rows = teach.deck_rows(catalogue)
    assert len(rows) == len(catalogue.decks)
    for row in rows:
        kinds = sum(row[title] for title in teach.DECK_KINDS.values())
        assert kinds + row["other action cards"] == row["all cards"]


def test_card_rows_name_the_cards() -> None:
    cards = _game().catalogue.cards
    assert teach.ability_rows(cards, {"MU2001": "works at once"})[0]["card"] == cards["MU2001"].name
    assert (
        teach.years_rows(cards, ["LE4704"])[0]["years printed on the card"] == cards["LE4704"].years
    )
    assert all(row["note for the teacher"] for row in teach.context_rows(cards))


def test_the_period_sentence_counts_the_bars() -> None:
    people = teach.people_timeline(_game().catalogue.cards)
    period = next(iter(teach.PERIODS))
    said = teach.period_sentence(people, period)
    assert said.startswith(f"<b>{len(teach.in_period(people, period))}</b> of the {len(people)}")


def test_the_first_turn_plays_then_ends_its_phases() -> None:
    state, rng = teach.opening(_game(), seed=5)
    assert state.turn == state.current_player and state.card(state.rows[state.turn][0]["land"])
    assert teach.opening_sentence(state).startswith(
        f"The coin chose **{state.player_name(state.turn)}**"
    )
    turn, turn_rng = state.copy(), random.Random(5)
    turn_rng.setstate(rng.getstate())
    plays = teach.first_plays(turn, turn_rng)
    assert [row["play"] for row in plays] == [1, 2, 3]
    me = turn.current_player
    phases = teach.end_turn(turn, turn_rng)
    assert phases and turn.current_player != me
    teach.play_to_round(turn, turn_rng, 3)
    assert turn.round == 3
    assert all(row["change"][0] in "+-" for row in teach.morale_log(turn))
    assert teach.standing_sentence(turn).startswith("Round 3 begins")


def test_battle_examples_show_a_tie_and_strength_on_both_sides() -> None:
    game = _game()
    found = teach.strength_examples(game)
    assert found["tie"].winner == "draw"
    rows = teach.strength_rows(game, found)
    assert len(rows) == 3 and "tie" in rows[0]["what it shows"]
    _, both = teach.lesson_battle(game, ["AR4601"], ["AR4502", "LE4102"])
    revere_state, revere = teach.lesson_battle(game, ["AR4601"], ["LE4503"])
    assert len(teach.equal_ability_rows(both, revere_state, revere)) == 2
    assert len(teach.matchup_rows(game)) == len(teach.MATCHUPS)


def test_a_fought_battle_leaves_the_defender_a_choice() -> None:
    game = _game()
    state, _ = teach.lesson_battle(game, ["CO3016"], ["MU2001", "IN4201"])
    fought, events, choice = teach.fought_battle(state, "CT4404", "CT4503")
    assert events and choice and fought is not state
    assert teach.fought_sentence(fought, events, choice).endswith(f"*{choice[-1]}*.")


def test_a_random_position_shows_lands_and_explorer_routes() -> None:
    game = hcgames.load("historical-conquest", players=3)
    state = teach.random_position(cast(Any, game), seed=21, round_no=8)
    assert state.round == 8 or state.is_terminal()
    assert teach.holdings(state).count("- **") == 3
    rows = teach.land_rows(state)
    assert rows == sorted(rows, key=lambda row: (row["continent"], row["held by"]))
    assert {row["what"] for row in teach.explorer_routes(state)} <= {"a journey", "a discovery"}
    cards = game.catalogue.cards  # type: ignore[attr-defined]
    said = teach.travel_sentence(cards["CT4204"], cards["CT4205"])
    assert "air explorer can go" in said
    assert teach.journey_rows(cards, [("CT4204", "CT4205")])[0]["explorers that can go"]


def test_rules_used_keep_the_games_order() -> None:
    game = _game()
    rows = teach.rules_used(game, ["Round limit", "Morale cap"])
    order = [d.topic for d in game.rule_decisions() if d.topic in ("Round limit", "Morale cap")]
    assert [row["rule"] for row in rows] == order
    with pytest.raises(ValueError, match="no rule decision"):
        teach.rules_used(game, ["Round limit", "Rule of the moon"])


def test_the_morale_ending_says_how_long_the_game_lasted() -> None:
    final, series = morale_lines(_game(), 11)
    said = teach.morale_ending(final, series)
    assert said.startswith(f"This game ended after {len(series['Player 1']) - 1} turns")
