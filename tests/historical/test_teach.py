"""hcgames.historical.teach: the battles and games the lessons work out."""

from __future__ import annotations

from typing import Any, cast

import hcgames
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


def test_the_verdict_says_which_equal_abilities_cancelled() -> None:
    # the Apache, the Cherokee Warriors and David Crockett can each win outright: the
    # rule cancels all three, and the sentence must say so beside the sums
    game = _game()
    state, result = lesson_battle(game, ["AR4601"], ["AR4502", "LE4102"], "CT4601", "CT4601")
    assert result.winner == "attack" and not result.auto
    (equal,) = result.equal
    assert equal.outcome == "cancel" and equal.attackers == ("Apache",)
    assert equal.defenders == ("Cherokee Warriors", "David Crockett")
    said = battle_verdict(state, result, "CT4601")
    assert "David Crockett" in said and "cancel" in said and "sums decide" in said
    state, result = lesson_battle(game, ["AR4601"], ["LE4503"])
    said = battle_verdict(state, result, "CT4503")
    assert result.equal[0].outcome == "defence" and "interrupt card" in said
