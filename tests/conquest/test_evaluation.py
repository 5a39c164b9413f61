"""The evaluation makes GreedyBot capture, recapture and defend its capitol."""

from __future__ import annotations

import pytest

from hcgames.conquest import ConquestGame, Move, Refuse
from hcgames.conquest.state import ConquestState
from tests.narrow import narrow

bots = pytest.importorskip("hcgames.bots")


def test_greedy_takes_a_free_piece() -> None:
    state = narrow(
        ConquestGame.position(
            {"W-knight1": "e3", "W-soldier1": "j2", "B-chariot1": "e4", "B-soldier1": "p12"}
        ).new_game(),
        ConquestState,
    )
    assert bots.GreedyBot(seed=0).choose(state) == Move("W-knight1", "e4")


def test_greedy_recaptures_rather_than_refusing() -> None:
    state = narrow(
        ConquestGame.position(
            {
                "W-knight1": "f10",
                "W-soldier1": "j2",
                "B-soldier3": "g10",
                "B-chariot1": "g11",
                "B-soldier2": "h10",
            },
            spent=5,
        ).new_game(),
        ConquestState,
    )
    state.apply(Move("W-knight1", "g10"))
    choice = bots.GreedyBot(seed=0).choose(state)
    assert choice != Refuse() and isinstance(choice, Move) and choice.to == "g10"


def test_greedy_clears_its_own_capitol_first() -> None:
    state = narrow(
        ConquestGame.position(
            {
                "W-knight1": "h2",
                "W-soldier1": "n2",
                "B-soldier1": "h1",
                "B-soldier2": "h3",
                "B-knight1": "p12",
            }
        ).new_game(),
        ConquestState,
    )
    assert state.budget == 16
    assert bots.GreedyBot(seed=0).choose(state) == Move("W-knight1", "h1")


def test_greedy_prefers_the_elephant_to_the_soldier() -> None:
    state = narrow(
        ConquestGame.position(
            {
                "W-knight1": "e3",
                "W-soldier1": "j2",
                "B-elephant1": "e4",
                "B-soldier1": "f3",
                "B-knight1": "p12",
            }
        ).new_game(),
        ConquestState,
    )
    assert bots.GreedyBot(seed=0).choose(state) == Move("W-knight1", "e4")


def test_mcts_returns_a_legal_action() -> None:
    state = narrow(ConquestGame(scenario="skirmish").new_game(), ConquestState)
    bot = bots.MCTSBot(iterations=20, seed=1, rollout_depth=20)
    assert bot.choose(state) in state.legal_actions()
