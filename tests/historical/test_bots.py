"""Historical Conquest's own easy, medium and hard bots (issue 15): legal, seeded,
harmless to the state they look at, and each plays the way its docstring says.
Strength and speed are measured in bench/bench_bots.py, never here."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hcgames
from hcgames.bots import make_bot
from hcgames.historical.actions import EndPhase
from hcgames.historical.bots import (
    HistoricalEasyBot,
    HistoricalHardBot,
    HistoricalMediumBot,
)
from tests.conftest import check_bot_is_sound, choice_positions

LEVELS = {"easy": HistoricalEasyBot, "medium": HistoricalMediumBot, "hard": HistoricalHardBot}


def _positions(seed: int, count: int) -> list[Any]:
    """Positions of a seeded game between medium bots with three or more moves."""
    state = hcgames.load("historical-conquest").new_game(seed=seed)
    return choice_positions(state, HistoricalMediumBot(seed), seed, count)


def test_the_game_gives_its_own_levels() -> None:
    state = hcgames.load("historical-conquest").new_game(seed=1)
    for level, cls in LEVELS.items():
        assert isinstance(make_bot(level, 3).bot_for(state), cls)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_legal_seeded_harmless_and_say_why(level: str) -> None:
    for state in _positions(4, 2):
        check_bot_is_sound(LEVELS[level], state)


def test_easy_takes_any_move_no_worse_than_standing_still() -> None:
    state = _positions(2, 1)[0]
    now = state.evaluate(state.current_player)
    picks = set()
    for seed in range(8):
        bot = HistoricalEasyBot(seed)
        action = bot.choose(state)
        picks.add(action)
        assert dict(bot.scored(state, state.legal_actions()))[action] >= now - 1e-9
    assert len(picks) > 1  # it does not single out the best move


def test_medium_takes_the_move_that_looks_best_one_step_ahead() -> None:
    for state in _positions(3, 3):
        bot = HistoricalMediumBot(1)
        action = bot.choose(state)
        # the same seed draws the same sample cards and battles as the choice did
        scored = dict(HistoricalMediumBot(1).scored(state, state.legal_actions()))
        assert scored[action] == max(scored.values())


def test_hard_does_not_peek_at_the_rivals_hand() -> None:
    state = next(s for s in _positions(6, 12) if s.hands[1 - s.current_player])
    p = state.current_player
    rival = 1 - p
    other = state.copy()
    hidden = [k for k in other.hands[rival] if other.owner(k) == rival]
    shown = [k for k in other.hands[rival] if other.owner(k) != rival]
    pool = hidden + other.decks[rival]
    random.Random(0).shuffle(pool)
    other.hands[rival] = pool[: len(hidden)] + shown
    other.decks[rival] = sorted(pool[len(hidden) :])
    assert sorted(other.hands[rival]) != sorted(state.hands[rival])
    first, again = HistoricalHardBot(5), HistoricalHardBot(5)
    assert first.choose(state) == again.choose(other)
    assert first.reason == again.reason


def test_easy_covers_an_empty_land_of_its_own_and_plays_rather_than_discards() -> None:
    """A beginner who has read the rules keeps a card on each land (an empty land is
    taken without a battle): Easy puts a card on its empty land when it can, and would
    rather play a card than throw one away or end its play early."""
    from hcgames.historical.actions import PlayCard
    from hcgames.historical.teach import arrange, key

    game = hcgames.load("historical-conquest", decks=["salem", "confucius"])
    state = arrange(
        game,  # type: ignore[arg-type]  # hcgames.load gives a Game; arrange takes the Historical one
        round_no=2,
        lands={0: [("CT4304", []), ("CT4302", ["AT4301"])], 1: [("CT4601", ["IN4601"])]},
        hands={0: ["IN4301", "LE4303"]},
    )
    scotland = key("CT4304", 0)
    for seed in range(6):
        action = HistoricalEasyBot(seed).choose(state)
        assert isinstance(action, PlayCard) and action.land == scotland, action
    covered = arrange(
        game,  # type: ignore[arg-type]  # hcgames.load gives a Game; arrange takes the Historical one
        round_no=2,
        lands={0: [("CT4304", ["AT4301"])], 1: [("CT4601", ["IN4601"])]},
        hands={0: ["IN4301", "LE4303"]},
    )
    for seed in range(6):
        assert isinstance(HistoricalEasyBot(seed).choose(covered), PlayCard)


def test_easy_says_why_it_stops_rather_than_that_stopping_looked_all_right() -> None:
    """'End the phase - it looked all right at a glance' puzzled a class: when the
    easy computer ends a phase among other fine moves, its reason says it stopped."""
    ends = 0
    for state in _positions(5, 12):
        for seed in range(4):
            bot = HistoricalEasyBot(seed)
            if isinstance(bot.choose(state), EndPhase) and len(state.legal_actions()) > 1:
                ends += 1
                assert "all right" not in bot.reason, bot.reason
    assert ends  # the positions hold at least one such choice


def test_the_easy_computer_says_a_beaten_land_must_give_up_a_card() -> None:
    """Look 7, lesson 54: "loses a card in the battle. Why: every move looked a little
    worse" read as if the computer chose to lose; the reason names the rule."""
    from hcgames.historical.actions import Attack
    from hcgames.historical.bots import HistoricalEasyBot
    from hcgames.historical.teach import arrange, key
    from tests.historical.conftest import act, game

    lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(game(), round_no=3, phase="attack", lands=lands, morale={0: 1000})
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    bot = HistoricalEasyBot(1)
    assert getattr(bot.choose(state), "purpose", None) == "casualty"  # a pick, not any action
    assert bot.reason == (
        "a beaten land must give up one card, and the Easy computer picks one almost at random"
    )
