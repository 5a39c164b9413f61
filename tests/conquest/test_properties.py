"""Invariants of CONQUEST (1972) over random play (hypothesis chooses the moves)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hcgames.conquest import ConquestGame, Move
from hcgames.conquest.state import ConquestState
from tests.narrow import narrow

GAMES = [ConquestGame(), ConquestGame(scenario="skirmish", draw_offers=False)]


def check_invariants(state: ConquestState) -> None:
    game = state.game
    assert 0 <= state.spent <= state.budget <= game.rules.moves_per_turn
    for piece, used in state.used.items():
        assert used <= game.limit[piece]
    # one unit per space, carriers within capacity, riders where their carrier is
    assert len(set(state.top.values())) == len(state.top)
    for host, load in state.cargo.items():
        if game.is_ship[host]:
            kinds = [game.kind_of[p] for p in load]
            assert kinds.count("soldier") == len(kinds) <= 2 or len(kinds) == 1
        else:
            assert len(load) <= game.rules.kinds[game.kind_of[host]].riders
        for piece in load:
            assert state.where[piece] == state.where[host]
            assert state.owner[piece] == state.owner[host]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=50, max_size=250),
    which=st.sampled_from([0, 1]),
)
def test_budget_never_exceeded_and_pieces_never_grow(choices: list[int], which: int) -> None:
    state = narrow(GAMES[which].new_game(), ConquestState)
    pieces = len(state.where)
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        before = state.spent, state.mover
        action = legal[choice % len(legal)]
        state.apply(action)
        if isinstance(action, Move) and state.mover == before[1] and state.pending is None:
            assert state.spent in (before[0], before[0] + 1)
        check_invariants(state)
        assert len(state.where) <= pieces
        pieces = len(state.where)


@settings(max_examples=15, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=20, max_size=120))
def test_copies_and_replays_agree(choices: list[int]) -> None:
    game = GAMES[1]
    state = narrow(game.new_game(), ConquestState)
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        before = state.snapshot()
        clone = state.copy()
        clone.apply(legal[choice % len(legal)])
        assert state.snapshot() == before  # the copy shares nothing mutable
        state.apply(legal[choice % len(legal)])
        assert state.snapshot() == clone.snapshot()
    assert game.replay(state.history).snapshot() == state.snapshot()


def plain_threatened(state: ConquestState, attacker: int) -> list[str]:
    """The pieces ``attacker`` could take in one step, by looking at every one of them."""
    out = []
    for space, piece in state.top.items():
        if state.owner[piece] != 1 - attacker:
            continue
        for near in state.game.board.near1[space]:
            hunter = state.top.get(near)
            if hunter is None or state.owner[hunter] != attacker:
                continue
            if any(
                space in state.candidates(h) and state.step(h, space, 0)[0] in ("capture", "seize")
                for h in (hunter, *state.cargo.get(hunter, ()))
            ):
                out.append(piece)
                break
    return out


def plain_score(state: ConquestState, player: int) -> float:
    """The evaluation's score written plainly, term by term, as its docstring reads."""
    from hcgames.conquest import evaluation as ev

    for attacker in (0, 1):
        assert ev.threatened(state, attacker) == plain_threatened(state, attacker)

    values = ev.material(state)
    total = values[player] - values[1 - player]
    total += ev.CAPITOL_WEIGHT * (
        state.occupied_capitol(player) - state.occupied_capitol(1 - player)
    )
    value_of, is_ship, gains = ev._tables(state.game)
    for attacker in (0, 1):
        weight = ev.THREAT_TO_MOVE if attacker == state.current_player else ev.THREAT_OTHER
        taken = plain_threatened(state, attacker)
        lost = sum(sum(value_of[x] for x in state.stack(p)) for p in taken)
        total += weight * lost * (1 if attacker == player else -1)
    for piece, side in state.owner.items():
        gain = 0.0 if is_ship[piece] else gains[side].get(state.where[piece], 0.0)
        if gain:
            total += gain if side == player else -gain
    return total


@settings(max_examples=20, deadline=None)
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=10, max_size=200),
    which=st.sampled_from([0, 1]),
)
def test_the_fast_score_is_the_plain_sum_of_its_terms(choices: list[int], which: int) -> None:
    from hcgames.conquest.evaluation import score

    state = narrow(GAMES[which].new_game(), ConquestState)
    for choice in choices:
        if state.is_terminal():
            break
        for player in (0, 1):
            assert score(state, player) == plain_score(state, player)  # to the last bit
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
