"""Classical Conquests whole games: invariants over random play, payments, views."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcgames.classical import ClassicalGame
from hcgames.classical.payment import CATEGORIES, can_pay, pay
from hcgames.classical.state import ClassicalState
from hcgames.play import sample_outcome
from tests.classical.test_game import started_game

#: a payment: the categories each resource may come from, and how many of any kind
Cost = tuple[tuple[tuple[str, ...], ...], int]

COSTS: list[Cost] = [
    ((("food",), ("food",), ("stone",)), 0),  # a monument
    ((("food",), ("food",), ("stone",)), 2),  # the third monument in a city
    ((("luxury",), ("luxury",), ("stone",)), 0),  # a city
    ((("food", "luxury"), ("wood", "stone")), 0),  # an extra village
    ((("iron",),), 0),
    ((), 4),  # the fourth paid research roll
]

pools = st.fixed_dictionaries({c: st.integers(0, 4) for c in CATEGORIES})


@settings(max_examples=300, deadline=None)
@given(pools, st.sampled_from(COSTS))
def test_can_pay_agrees_with_pay(pool: dict[str, int], cost: Cost) -> None:
    needs, any_count = cost
    before = dict(pool)
    try:
        spent = pay(pool, needs, any_count)
    except ValueError:
        assert not can_pay(before, needs, any_count)
        assert pool == before  # a failed payment leaves the pool alone
        return
    assert can_pay(before, needs, any_count)
    assert sum(spent.values()) == len(needs) + any_count
    assert all(v >= 0 for v in pool.values())
    assert all(before[c] - pool[c] == spent.get(c, 0) for c in CATEGORIES)
    if spent.get("gold"):
        # gold is spent only when a need's own resources ran out, or nothing else was left
        ordinary_left = sum(pool[c] for c in CATEGORIES if c != "gold")
        exhausted = any(all(pool[c] == 0 for c in alt) for alt in needs)
        assert exhausted or ordinary_left == 0


def _check_invariants(state: ClassicalState) -> None:
    players = range(len(state.civs))
    assert all(v >= 0 for v in state.pool.values())
    for p in players:
        for level, points in zip(state.levels[p], state.points[p], strict=True):
            assert 0 <= points <= level  # a level n trait holds at most n points
        assert all(a >= 0 for a in state.armies[p]) and all(f >= 0 for f in state.fleets[p])
        assert sum(state.armies[p]) <= state.game.material.ours["unit_supply"]["army"]
    for t, terr in enumerate(state.game.material.territories):
        if state.level[t]:
            assert terr.land and state.owner[t] >= 0
        if not terr.land:
            assert not any(state.armies[p][t] for p in players)  # armies end on land
        if terr.land:
            assert not any(state.fleets[p][t] for p in players)
    if state.phase not in ("move", "battle") or state.current_player not in players:
        for t in range(len(state.owner)):  # outside battles, one people per territory
            present = {p for p in players if state.armies[p][t] or state.fleets[p][t]}
            if state.owner[t] >= 0:
                present.add(state.owner[t])
            assert len(present) <= 1, state.game.material.territories[t].id


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_random_games_keep_the_invariants(seed: int, players: int) -> None:
    game = ClassicalGame(players=players, max_turns=12)
    state = game.new_game(seed)
    rng = random.Random(seed)
    last_vp = list(state.vp)
    while not state.is_terminal():
        if state.is_chance():
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        if state.phase in ("produce", "score", "research") and not state.is_chance():
            _check_invariants(state)
        assert all(v >= old for v, old in zip(state.vp, last_vp, strict=True))
        last_vp = list(state.vp)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners


def test_views_describe_the_position() -> None:
    state = started_game()
    views = state.region_views()
    assert views["latium"]["owner"] == 0 and views["latium"]["label"] == "C"
    assert "Romans" in views["latium"]["tooltip"]
    assert views["mare_ionium"]["owner"] is None
    assert "Romans" in state.describe() and "produce" in state.describe()
    assert state.scores() == {0: 0.0, 1: 0.0}
    assert 0.0 <= state.evaluate(0) <= 1.0
    game = state.game
    assert game.phases()[0] == "produce" and len(game.phases()) == 10
    assert len(game.rule_decisions()) >= 20
    assert "ties to the defender" in game.odds_table()


def test_save_and_load_round_trip() -> None:
    game = ClassicalGame(players=3, civilizations=["Celts", "Goths", "Persians"])
    state = game.new_game(seed=4)
    rng = random.Random(4)
    for _ in range(400):
        legal = state.legal_actions()
        state.apply(
            sample_outcome(state.chance_outcomes(), rng)
            if state.is_chance()
            else legal[rng.randrange(len(legal))]
        )
    loaded = game.from_json(state.to_json())
    assert loaded.snapshot() == state.snapshot()
    assert loaded.legal_actions() == state.legal_actions()


def test_max_actions_bounds_long_games() -> None:
    game = ClassicalGame(players=4, max_turns=60)
    rng = random.Random(9)
    state = game.new_game(seed=9)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(
            sample_outcome(state.chance_outcomes(), rng)
            if state.is_chance()
            else legal[rng.randrange(len(legal))]
        )
        steps += 1
    assert steps < game.max_actions


def test_token_reduction_labels_count_tokens() -> None:
    plain = started_game()
    reduced = started_game(token_reduction=True)
    for state in (plain, reduced):
        latium = state.game.material.index["latium"]
        state.monuments[latium] = 2
        state.armies[0][latium] = 2
        state.fleets[0][state.game.material.index["mare_tyrrhenum"]] = 1
    assert plain.region_views()["latium"]["label"] == "C M2 2A"
    assert reduced.region_views()["latium"]["label"] == "4S 2U"  # a city with 2 monuments
    assert reduced.region_views()["mare_tyrrhenum"]["label"] == "1U"
    assert reduced.game.options["token_reduction"] is True
    assert reduced.snapshot() == plain.snapshot()  # the rules are the same


def test_units_in_a_place_another_side_colours_say_whose_they_are() -> None:
    """Lesson 24's look: an army that marched into an enemy city was drawn as a black
    "1A" beside the enemy's "C", as if it were theirs."""
    plain = started_game()
    reduced = started_game(token_reduction=True)
    for state in (plain, reduced):
        latium = state.game.material.index["latium"]
        state.armies[0][latium] = 2
        state.armies[1][latium] = 1
    mover = plain.player_name(1)
    assert plain.region_views()["latium"]["label"] == f"C 2A 1A {mover}"
    assert reduced.region_views()["latium"]["label"] == f"2S 2U 1U {mover}"


def test_dice_results_and_set_up_moves_are_refused_with_a_reason() -> None:
    from hcgames.classical.actions import BattleDie, PlaceCity
    from hcgames.core import IllegalAction

    state = started_game()
    with pytest.raises(IllegalAction, match="die result") as info:
        state.apply(BattleDie("attacker", 3))
    assert info.value.rule == "chance steps"
    with pytest.raises(IllegalAction, match="set-up"):
        state.apply(PlaceCity("sicilia"))


def test_resource_marks_on_the_map_have_a_key() -> None:
    """Issue 11: the Classical map marks what each territory yields, and its key says
    what each mark means (no mark for salt, which yields nothing)."""
    from hcgames.widgets import MapView

    state = started_game()
    views = state.region_views()
    m = state.game.material
    for t, terr in enumerate(m.territories):
        category = state.category[t]
        assert views[terr.id].get("symbol") == (m.category_symbols[category] if category else None)
    key = dict(state.map_symbols())
    assert set(key) == set(m.category_symbols.values())
    assert key[m.category_symbols["wood"]] == "Wood"  # not "Wood (wood)"
    assert key[m.category_symbols["food"]].startswith("Food (")
    view = MapView(state)
    drawn = {views[r]["symbol"] for r in views if views[r].get("symbol")}
    for symbol in drawn:
        assert f"<b>{symbol}</b>" in view.legend.value
        assert any(label.startswith(symbol) for label in view.labels())
    small = MapView(state, width=560)  # the play screen's map: no marks to crowd the names
    assert not any(label.startswith(tuple(drawn)) for label in small.labels())
    assert not any(f"<b>{symbol}</b>" in small.legend.value for symbol in drawn)
