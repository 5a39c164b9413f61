"""Every worked example of the CONQUEST (1972) rulebook, rebuilt on our board.

The printed diagrams are not available, so each position is our reconstruction of
what the text describes; the tests check the legal answers the text names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from hcgames.conquest import ConquestGame, Move, Pass, Refuse
from hcgames.conquest.search import main_line, solve
from hcgames.conquest.state import ConquestState
from hcgames.core import Action, IllegalAction
from tests.narrow import finished, narrow


def names(actions: Iterable[Action]) -> set[str]:
    """Moves by piece id (``"B-knight1 to g10"``); other actions by their words."""
    return {f"{a.piece} to {a.to}" if isinstance(a, Move) else str(a) for a in actions}


# --- the White soldier capture (CAPTURE AND RECAPTURE, first diagram) -------------------
SOLDIER_CAPTURE = {
    "W-soldier1": "h10",  # captures on h11
    "W-soldier2": "i11",  # stands between the Black knight and h11
    "W-elephant1": "i12",  # two steps from h11, three from the Black elephant
    "B-soldier3": "h11",  # the piece White takes
    "B-elephant1": "g11",
    "B-soldier2": "B-elephant1",  # rides the elephant
    "B-knight1": "j11",
}


def soldier_capture(spent: int, **kw: Any) -> ConquestState:
    state = narrow(
        ConquestGame.position(SOLDIER_CAPTURE, spent=spent, **kw).new_game(), ConquestState
    )
    state.apply(Move("W-soldier1", "h11"))
    return state


def test_soldier_capture_offers_recapture_with_soldier_or_elephant_only() -> None:
    state = soldier_capture(spent=5)
    assert state.phase == "recapture"
    assert state.current_player == 1  # Black answers out of turn
    assert names(state.legal_actions()) == {
        "B-soldier2 to h11",  # capture while dismounting
        "B-elephant1 to h11",
        "refuse to recapture",
    }


def test_knight_cannot_recapture_through_an_enemy_piece() -> None:
    state = soldier_capture(spent=5)
    for step in ("i11", "h11"):
        with pytest.raises(IllegalAction):
            state.copy().apply(Move("B-knight1", step))


def test_dismounting_first_then_taking_with_the_elephant_is_an_unneeded_move() -> None:
    state = soldier_capture(spent=5)
    with pytest.raises(IllegalAction, match="every move of a recapture must be needed"):
        state.apply(Move("B-soldier2", "g12"))


def test_refused_recapture_on_the_18th_move_leaves_the_elephant_safe() -> None:
    state = soldier_capture(spent=17)  # the capture is White's 18th move
    assert Refuse() in state.legal_actions()
    state.apply(Refuse())
    assert state.current_player == 0 and state.moves_left == 2
    # the capturing soldier is fresh again, but soldiers may not take elephants
    assert state.used["W-soldier1"] == 0
    with pytest.raises(IllegalAction, match="soldiers may not capture elephants"):
        state.copy().apply(Move("W-soldier1", "g11"))
    # no two White steps reach the Black elephant
    assert not _can_take_within(state, "g11", 2)


def test_refused_recapture_on_the_19th_move_leaves_one_move() -> None:
    state = soldier_capture(spent=18)
    state.apply(Refuse())
    assert state.moves_left == 1
    assert not _can_take_within(state, "g11", 1)


def test_recapturing_with_the_elephant_on_the_18th_move_loses_it() -> None:
    state = soldier_capture(spent=17)
    state.apply(Move("B-elephant1", "h11"))
    assert state.current_player == 0 and state.moves_left == 2
    assert _can_take_within(state, "h11", 2)  # the White elephant comes round


def test_white_elephant_with_one_move_left_cannot_threaten() -> None:
    state = soldier_capture(spent=5, used={"W-elephant1": 5})
    state.apply(Refuse())
    assert not _can_take_within(state, "g11", state.moves_left)


def test_early_in_the_turn_refusing_lets_white_attack_the_elephant() -> None:
    state = soldier_capture(spent=5)
    state.apply(Refuse())
    assert _can_take_within(state, "g11", 3)


def _can_take_within(state: ConquestState, space: str, steps: int) -> bool:
    """Can White remove whatever stands on ``space`` within ``steps`` of its own steps?"""
    target = state.top.get(space)
    if target is None:
        return False
    if target not in state.where:
        return True
    if steps == 0 or state.current_player != 0:
        return False
    for action in state.legal_actions():
        if not isinstance(action, Move):
            continue
        child = state.copy()
        child.apply(action)
        while child.current_player == 1:  # Black answers: assume it refuses
            child.apply(Refuse() if Refuse() in child.legal_actions() else child.legal_actions()[0])
        if target not in child.where or _can_take_within(child, space, steps - 1):
            return True
    return False


def test_no_recapture_after_a_capture_on_the_last_move() -> None:
    state = soldier_capture(spent=19)  # the capture is White's 20th move
    assert state.phase == "move"
    assert state.current_player == 1 and state.mover == 1
    assert state.budget == 20 and state.spent == 0
    # Black starts counting its own turn; if it captures, White may recapture
    state.apply(Move("B-elephant1", "h11"))
    assert state.phase == "recapture" and state.current_player == 0


# --- the White knight capture (second diagram) ---------------------------------------------
KNIGHT_CAPTURE = {
    "W-knight1": "f10",  # captures on g10, the land space of port g9
    "W-soldier1": "j2",
    "B-soldier3": "g10",
    "B-chariot1": "g11",
    "B-soldier1": "B-chariot1",
    "B-soldier2": "h10",  # the soldier on the right
    "B-knight1": "h11",  # two steps away, through its own men
    "B-ship1": "h9",  # one lane from the port
    "B-elephant1": "B-ship1",
    "B-soldier4": "B-elephant1",
    "B-soldier5": "B-elephant1",
}


def knight_capture(extra: dict[str, str] | None = None) -> ConquestState:
    state = narrow(
        ConquestGame.position({**KNIGHT_CAPTURE, **(extra or {})}, spent=5).new_game(),
        ConquestState,
    )
    state.apply(Move("W-knight1", "g10"))
    return state


def test_knight_capture_recaptures_listed_by_the_book() -> None:
    state = knight_capture()
    assert names(state.legal_actions()) == {
        "B-chariot1 to g10",
        "B-soldier1 to g10",  # the soldier riding the chariot
        "B-soldier2 to g10",
        "B-knight1 to g11",  # first of two steps, through the chariot
        "B-knight1 to h10",  # or through the soldier
        "B-ship1 to g9",  # bring the ship to port first
        "refuse to recapture",
    }


@pytest.mark.parametrize("piece", ["B-elephant1", "B-soldier4", "B-soldier5"])
def test_elephant_or_its_soldiers_recapture_after_the_ship_docks(piece: str) -> None:
    state = knight_capture()
    state.apply(Move("B-ship1", "g9"))
    assert names(state.legal_actions()) == {
        f"{p} to g10" for p in ("B-elephant1", "B-soldier4", "B-soldier5")
    }
    state.apply(Move(piece, "g10"))
    assert state.top["g10"] == piece
    assert "W-knight1" not in state.where
    assert state.current_player == 0 and state.phase == "move"


def test_knight_recaptures_through_its_own_men() -> None:
    state = knight_capture()
    state.apply(Move("B-knight1", "h10"))
    assert state.transit == "B-knight1"
    assert names(state.legal_actions()) == {"B-knight1 to g10"}
    state.apply(Move("B-knight1", "g10"))
    assert state.top["g10"] == "B-knight1" and state.top["h10"] == "B-soldier2"


def test_a_white_ship_at_the_port_blocks_the_seaborne_recapture() -> None:
    state = knight_capture({"W-ship1": "g9"})
    legal = names(state.legal_actions())
    assert "B-ship1 to g9" not in legal
    with pytest.raises(IllegalAction, match="separate capture on the way"):
        state.apply(Move("B-ship1", "g9"))


def test_moving_the_chariot_before_its_soldier_retakes_is_irrelevant() -> None:
    state = knight_capture()
    with pytest.raises(IllegalAction, match="must be needed"):
        state.apply(Move("B-chariot1", "f11"))


def test_after_the_first_step_the_recapture_must_be_completed_by_the_new_piece() -> None:
    state = knight_capture()
    state.apply(Move("B-ship1", "g9"))
    with pytest.raises(IllegalAction, match="must be needed"):
        state.apply(Move("B-chariot1", "g10"))
    with pytest.raises(IllegalAction):
        state.apply(Refuse())


def test_recapture_steps_cost_black_nothing() -> None:
    state = knight_capture()
    state.apply(Move("B-ship1", "g9"))
    state.apply(Move("B-elephant1", "g10"))
    assert state.used.get("B-ship1", 0) == 0 and state.used.get("B-elephant1", 0) == 0
    assert state.spent == 6  # White's count is unchanged by Black's answer


# --- OCCUPATION OF THE CAPITOL -----------------------------------------------------------------
def test_three_capitol_spaces_held_leave_eight_moves() -> None:
    pieces = {
        "W-soldier1": "f13",
        "W-soldier2": "h13",
        "W-soldier3": "j13",
        "W-knight1": "d4",
        "B-soldier1": "l12",
        "B-knight1": "e12",
    }
    state = narrow(ConquestGame.position(pieces).new_game(), ConquestState)
    state.apply(Pass())
    assert state.mover == 1 and state.budget == 8
    assert "8 moves (3 capitol spaces held by the enemy)" in state.events[-1].text


def test_capturing_in_your_own_capitol_gives_four_moves_back() -> None:
    pieces = {
        "W-soldier1": "f13",
        "W-soldier2": "h13",
        "W-soldier3": "j13",
        "W-knight1": "d4",
        "B-knight1": "j12",
        "B-soldier1": "p10",
    }
    state = narrow(ConquestGame.position(pieces, to_move="Black").new_game(), ConquestState)
    assert state.budget == 8
    state.apply(Move("B-knight1", "j13"))
    assert state.budget == 12 and state.moves_left == 11


def test_capitol_spaces_have_one_road_and_no_links_between_them() -> None:
    game = ConquestGame()
    for player in (0, 1):
        for space in game.board.capitol[player]:
            assert len(game.board.roads[space]) == 1
            assert not set(game.board.roads[space]) & game.board.capitol[player]


def test_holding_all_five_capitol_spaces_wins() -> None:
    pieces = {
        "W-soldier1": "f13",
        "W-soldier2": "h13",
        "W-soldier3": "j13",
        "W-soldier4": "l13",
        "W-soldier5": "n12",
        "B-knight1": "e10",
    }
    state = narrow(ConquestGame.position(pieces).new_game(), ConquestState)
    state.apply(Move("W-soldier5", "n13"))
    assert state.outcome() is not None and finished(state).winners == (0,)


# --- ADVICE AND STRATEGY: the winning naval attack -------------------------------------------
NAVAL = {
    "W-soldier1": "j2",
    "W-ship1": "g7",
    "W-galleon1": "c1",
    "B-galleon1": "f5",
    "B-knight1": "B-galleon1",
    "B-ship1": "h5",
    "B-chariot1": "B-ship1",
    "B-ship2": "i5",
    "B-elephant1": "B-ship2",
    "B-ship3": "k5",
    "B-knight2": "B-ship3",
}
OPENING = [("W-ship1", "g6"), ("W-ship1", "g5")] + [
    ("W-galleon1", s) for s in ("c2", "c3", "c4", "c5", "d5", "e5", "f5")
]


def naval() -> ConquestState:
    state = narrow(ConquestGame.position(NAVAL, spent=5).new_game(), ConquestState)
    for piece, to in OPENING:
        state.apply(Move(piece, to))
    return state


def test_naval_attack_galleon_capture_cannot_be_recaptured() -> None:
    state = naval()
    assert state.phase == "move" and state.current_player == 0  # no recapture offered
    assert state.used["W-galleon1"] == 0  # the galleon moves on as if fresh
    # without the blocking ship, Black's ship could have retaken in two moves
    alt = narrow(ConquestGame.position(NAVAL, spent=5).new_game(), ConquestState)
    for piece, to in OPENING[2:]:
        alt.apply(Move(piece, to))
    assert "B-ship1 to g5" in names(alt.legal_actions())


def test_naval_attack_black_recaptures_and_loses_both_vessels() -> None:
    state = naval()
    state.apply(Move("W-ship1", "h5"))
    assert names(state.legal_actions()) == {"B-ship2 to h5", "refuse to recapture"}
    state.apply(Move("B-ship2", "h5"))
    for to in ("g5", "h5"):
        state.apply(Move("W-galleon1", to))
    assert state.phase == "move"  # the last Black ship is too far to recapture
    for to in ("i5", "j5", "k5"):
        state.apply(Move("W-galleon1", to))
    assert finished(state).winners == (0,)
    assert "all of Black's land pieces" in finished(state).reason


def test_naval_attack_black_refuses_and_still_loses() -> None:
    state = naval()
    state.apply(Move("W-ship1", "h5"))
    state.apply(Refuse())
    state.apply(Move("W-ship1", "i5"))  # ship takes the ship with the elephant
    state.apply(Move("B-ship3", "j5"))  # Black recaptures in two moves
    state.apply(Move("B-ship3", "i5"))
    for to in ("g5", "h5", "i5"):
        state.apply(Move("W-galleon1", to))
    assert finished(state).winners == (0,)
    assert state.spent == 5 + 14  # fourteen of the fifteen moves were needed


def test_naval_attack_is_a_forced_win_found_by_search() -> None:
    state = narrow(ConquestGame.position(NAVAL, spent=5).new_game(), ConquestState)
    plan = solve(state, 15)
    assert plan is not None
    assert [str(a) for a in main_line(plan)[:2]] == ["White ship 1 to g6", "White ship 1 to g5"]
    assert (
        solve(narrow(ConquestGame.position(NAVAL, spent=6).new_game(), ConquestState), 14) is None
    )
