"""CONQUEST's own easy, medium and hard levels (hcgames/conquest/bots.py): legal,
seeded, harmless to the state they are shown, and each with its own way of playing.
Strength and speed are measured in bench/bench_bots.py, never asserted here."""

from __future__ import annotations

import pytest

import hcgames
from hcgames.bots import LEVELS, explain, make_bot
from hcgames.conquest import ConquestGame, Move
from hcgames.conquest.actions import AcceptDraw, DeclineDraw, OfferDraw
from hcgames.conquest.bots import EasyBot, HardBot, MediumBot, _describe
from hcgames.conquest.state import ConquestState
from tests.narrow import narrow


def _play(level: str, seed: int, limit: int) -> list[str]:
    state = narrow(hcgames.load("conquest-1972").new_game(seed=seed), ConquestState)
    bots = [make_bot(level, seed=seed + side) for side in (0, 1)]
    moves: list[str] = []
    while not state.is_terminal() and len(moves) < limit:
        bot = bots[state.current_player]
        before = state.snapshot()
        action = bot.choose(state)
        assert state.snapshot() == before, f"{level} changed the state it was shown"
        assert action in state.legal_actions()
        assert not isinstance(action, OfferDraw)
        assert bot.reason, f"{level} gave no reason"
        assert explain(state, action, bot).endswith(".")
        moves.append(str(action))
        state.apply(action)
    return moves


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_legal_seeded_moves_with_a_reason(level: str) -> None:
    first = _play(level, seed=3, limit=30)
    assert first == _play(level, seed=3, limit=30) and len(first) == 30


def test_the_game_gives_its_own_bots() -> None:
    levels = hcgames.load("conquest-1972").bot_levels()
    assert isinstance(levels["easy"](0), EasyBot)
    assert isinstance(levels["medium"](0), MediumBot)
    assert isinstance(levels["hard"](0), HardBot)


def _free_piece() -> ConquestGame:
    return ConquestGame.position(
        {"W-knight1": "e3", "W-soldier1": "j2", "B-chariot1": "e4", "B-soldier1": "p12"}
    )


def test_easy_does_not_always_take_the_free_piece_medium_takes() -> None:
    state = narrow(_free_piece().new_game(), ConquestState)
    take = Move("W-knight1", "e4")
    assert all(MediumBot(seed).choose(state) == take for seed in range(5))
    easy = {EasyBot(seed).choose(state) for seed in range(12)}
    assert len(easy) > 1 and easy != {take}


def test_hard_sees_the_retake_that_medium_walks_into() -> None:
    # the elephant could take the chariot on o12, but the soldier on n12 retakes
    # it: a chariot (3) for an elephant (3.5)
    state = narrow(
        ConquestGame.position(
            {
                "W-elephant1": "o11",
                "W-soldier1": "j2",
                "B-chariot1": "o12",
                "B-soldier1": "n12",
                "B-knight1": "p12",
            }
        ).new_game(),
        ConquestState,
    )
    take = Move("W-elephant1", "o12")
    assert MediumBot(0).choose(state) == take
    hard = HardBot(0)
    assert hard.choose(state) != take
    assert "planned its whole turn" in hard.reason
    assert all(action != take for _, action in hard.plan)


def test_hard_plays_its_plan_and_plans_again_after_a_surprise() -> None:
    state = narrow(hcgames.load("conquest-1972").new_game(seed=0), ConquestState)
    hard = HardBot(1)
    first = hard.choose(state)
    planned = [action for _, action in hard.plan]
    state.apply(first)
    if planned and state.current_player == 0:
        assert hard.choose(state) == planned[0]


def test_a_draw_is_accepted_only_when_losing() -> None:
    losing = narrow(
        ConquestGame.position(
            {
                "W-knight1": "e3",
                "W-knight2": "e4",
                "W-elephant1": "j2",
                "W-elephant2": "f3",
                "W-chariot1": "o11",
                "W-soldier1": "o12",
                "B-soldier1": "p12",
            }
        ).new_game(),
        ConquestState,
    )
    losing.apply(OfferDraw())  # Black, one soldier against six pieces, is asked
    even = narrow(hcgames.load("conquest-1972").new_game(seed=0), ConquestState)
    even.apply(OfferDraw())
    for bot in (EasyBot(0), MediumBot(0), HardBot(0)):
        assert bot.choose(losing) == AcceptDraw() and "losing" in bot.reason
        assert bot.choose(even) == DeclineDraw() and bot.reason


def test_hard_says_so_when_its_capture_is_the_turns_last_move() -> None:
    # the book allows no recapture after a capture made with the turn's last move;
    # when the hard plan says it ends that way, the turn really ends on a capture
    state = narrow(hcgames.load("conquest-1972").new_game(seed=1038), ConquestState)
    hard, medium = HardBot(7), MediumBot(8)
    checked = 0
    while not state.is_terminal() and state.turn <= 12 and not checked:
        if state.current_player == 1:
            state.apply(medium.choose(state))
            continue
        action = hard.choose(state)
        last_of_plan = not hard.plan
        if last_of_plan and "may not retake" in hard.reason:
            assert isinstance(action, Move)
            target = state.top.get(action.to)
            assert target is not None and state.owner[target] == 1
            mover = state.mover
            state.apply(action)
            assert state.pending is None and state.mover != mover
            checked += 1
            continue
        state.apply(action)
    assert checked


def test_a_capture_says_what_the_taken_piece_carried() -> None:
    """Look 6, lesson 34: the elephant taken with its two soldiers was reported
    as a plain move; the reason names all three pieces lost."""
    from hcgames.conquest.bots import _describe

    state = narrow(
        ConquestGame.position(
            {
                "W-knight1": "e3",
                "W-soldier1": "j2",
                "B-elephant1": "e4",
                "B-soldier1": "B-elephant1",
                "B-soldier2": "B-elephant1",
                "B-soldier3": "p12",
            }
        ).new_game(),
        ConquestState,
    )
    assert _describe(state, Move("W-knight1", "e4")) == (
        "it takes the enemy elephant on e4 and the two soldiers it carried"
    )


def test_a_knight_passing_its_own_piece_is_said_to_ride_through() -> None:
    """Look 6, lesson 34: "Black knight 3 to k8" read as ending on k8, held by
    Black knight 1; the knight only rides through it (and must go on)."""
    from hcgames.conquest.bots import _describe

    state = narrow(
        ConquestGame.position(
            {"W-knight1": "e3", "W-knight2": "e4", "W-soldier1": "j2", "B-soldier1": "p12"}
        ).new_game(),
        ConquestState,
    )
    through = Move("W-knight1", "e4")
    assert through in state.legal_actions()
    assert _describe(state, through) == (
        "its knight rides through e4, over its own knight, and goes on"
    )


# Look 9, lesson 34: a retake in two steps read "Black knight to j8 - it was the only
# move allowed", hiding the elephant and two soldiers it took.
_LOADED = {
    "W-elephant1": "f10",
    "W-soldier2": "W-elephant1",
    "W-soldier5": "W-elephant1",
    "W-soldier1": "j2",
    "B-soldier3": "g10",
    "B-ship1": "h9",
    "B-elephant1": "B-ship1",
}


@pytest.mark.parametrize("level", [EasyBot, MediumBot, HardBot])
def test_a_retake_in_two_steps_says_each_step_and_what_it_took(level: type) -> None:
    state = narrow(ConquestGame.position(_LOADED, spent=5).new_game(), ConquestState)
    state.apply(Move("W-elephant1", "g10"))
    first = level(seed=1)
    first_action = Move("B-ship1", "g9")
    assert _describe(state, first_action) == (
        "its ship goes to g9, the first step of its retake on g10"
    )
    state.apply(first_action)
    action = first.choose(state)
    assert action == Move("B-elephant1", "g10")
    assert first.reason.startswith(
        "it retakes the enemy elephant on g10 and the two soldiers it carried; "
    )
    if level is not HardBot:  # Hard says its own search, not "the only move"
        assert first.reason.endswith(
            "it had to finish the retake it began (a retake once begun must be completed)"
        )
