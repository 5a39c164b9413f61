"""The game's hooks: its own bots by name and the positions the lessons open at."""

from __future__ import annotations

import pytest

import hcgames
from hcgames.bots import make_bot
from hcgames.play import playout
from hcgames.speros import SperosGame, SperosState
from hcgames.speros.bots import HeuristicBot
from tests.narrow import narrow


def test_the_strategies_are_bots_reached_by_name() -> None:
    game = SperosGame()
    assert sorted(game.bots()) == ["builder", "hoarder", "rusher"]
    bot = make_bot("builder", 3, game=game)
    assert isinstance(bot, HeuristicBot) and bot.hand_weight > 0


def test_lesson_positions_open_past_setup() -> None:
    setups = hcgames.load("conquest-of-speros", players=2).teaching_setups()
    assert set(setups) == {"a turn at the table", "majority"}
    for make in setups.values():
        state = make()
        assert isinstance(state, SperosState)
        assert state.phase == "discard" and state.round == 1
        assert make().digest() == state.digest(), "each call gives the same new position"


def test_numbers_come_from_rules_json() -> None:
    game = SperosGame()
    assert game.minions == game.rules.minions == 10
    assert game.rules.hand_limit == 10 and game.rules.plan_draws == 3
    assert f"a Plan draws {game.rules.plan_draws} cards" in game.describe()


def test_lesson_positions_seat_every_player_of_larger_games() -> None:
    for players in (3, 4):
        setups = hcgames.load("conquest-of-speros", players=players).teaching_setups()
        state = narrow(setups["majority"](), SperosState)
        assert state.colour[:2] == ["forest", "mountain"] and None not in state.colour


def test_resource_set_reading_is_a_game_option_kept_in_saves() -> None:
    game = hcgames.load("conquest-of-speros", players=2, one_resource_per_card=True)
    assert game.options == {"players": 2, "mastery": True, "one_resource_per_card": True}
    assert "each card fills one place of a resource set" in game.describe()
    state = playout(game.new_game(seed=4), rng=4)
    loaded = hcgames.load_saved(state.to_json())
    assert isinstance(loaded.game, SperosGame) and loaded.game.one_resource_per_card
    assert loaded.digest() == state.digest()
    # the default reading is not written into the options, so older saves read the same
    assert "one_resource_per_card" not in SperosGame().options
    with pytest.raises(ValueError, match="one_resource_per_card must be True or False"):
        SperosGame(one_resource_per_card="yes")  # type: ignore[arg-type]  # wrong on purpose
