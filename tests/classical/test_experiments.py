"""hcgames.classical.experiments: lesson positions played on by the real rules."""

from __future__ import annotations

import re
from typing import cast

import hcgames
from hcgames.classical import experiments
from hcgames.classical.game import ClassicalGame


def duel() -> ClassicalGame:
    return cast(
        ClassicalGame,
        hcgames.load("classical-conquests", players=2, civilizations=["Romans", "Egyptians"]),
    )


def test_the_same_dice_roll_the_same_map_and_every_territory_is_counted() -> None:
    game = duel()
    first, again = experiments.roll_the_map(game, 3), experiments.roll_the_map(game, 3)
    assert first.resource == again.resource
    assert first.phase == "first cities"
    counts = experiments.resource_counts(first)
    assert sum(int(str(row["territories"])) for row in counts) == len(game.material.territories)
    assert experiments.first_roll_report(game).splitlines()[1] == "resource rolls"


def test_a_first_city_too_close_to_latium_is_refused_with_its_chain() -> None:
    state = experiments.romans_in_latium(duel())
    ok, why = experiments.city_site_verdict(state, "sicilia")
    assert not ok and "only 2 steps from Latium" in why and "Sicilia" in why
    ok, why = experiments.city_site_verdict(state, "aegyptus_inferior")
    assert ok and "far enough" in why
    assert "Refused:" in experiments.spacing_example(duel())


def test_the_head_start_reaches_its_round_and_the_phases_report_their_events() -> None:
    state, bots = experiments.head_start(duel(), rounds=2)
    assert state.round == 2 and len(bots) == 2
    summary = experiments.head_start_summary(state)
    assert summary.startswith("**Round 2 is about to begin:** the game below stands at the very")
    assert "still reads" not in summary
    first = experiments.phase_start(state)
    assert first <= len(state.events)
    phase = state.phase
    rows = experiments.token_reduction_rows(state)
    assert rows and {"territory", "ordinary pieces", "with token reduction"} <= set(rows[0])
    # each line in words, never the map's codes ("C M1 1A" beside "3S 1U")
    said = " ".join(r["ordinary pieces"] + " " + r["with token reduction"] for r in rows)
    assert "Romans: a city" in said and "Romans: 2 settlement tokens" in said
    assert not re.search(r"\b\d*[CVMAFUS]\d*\b", said)
    assert experiments.phase_events(state, phase, first) == [
        e.text for e in state.events[first:] if e.phase == phase
    ]


def test_the_famine_and_the_payment_walk_through_the_rules() -> None:
    famine = experiments.famine_example()
    assert "Armies left in Latium: 2" in famine
    wood, stone = experiments.pay_with("wood"), experiments.pay_with("stone")
    assert "can build nothing" in wood[-1] and "fleet" in stone[-1]
    assert experiments.payment_example().endswith(stone[-1])


def test_starting_pools_cover_the_twelve_peoples() -> None:
    rows = experiments.starting_pools(seed=11)
    assert len(rows) == 12
    for row in rows:
        resources = [v for k, v in row.items() if k not in ("people", "traits", "total")]
        assert row["total"] == sum(int(str(v)) for v in resources)
    assert experiments.latium_resource(seed=11)


def test_an_average_score_and_a_small_tournament() -> None:
    assert experiments.average_score("Romans", games=1, rounds=3) >= 0
    seen: list[int] = []
    wins, curves = experiments.planner_tournament(games=2, rounds=3, progress=seen.append)
    assert seen == [1, 2]
    assert abs(sum(wins.values()) - 2) < 1e-9
    assert len(curves) == 4 and all(len(c) == 4 for c in curves)


def test_the_eve_of_a_turn_is_the_turn_before_with_only_its_end_left() -> None:
    state, _ = experiments.head_start(duel(), rounds=2)
    eve = experiments.turn_eve(state)
    assert eve is not None and eve.phase == "score" and eve.round == 1
    assert eve.current_player != state.current_player
    (only,) = eve.legal_actions()  # nothing but ending the turn before
    eve.apply(only)
    assert eve.snapshot() == state.snapshot()  # the turn begins, with its production
    state.apply(state.legal_actions()[0])  # past the produce phase: no eve any more
    assert experiments.turn_eve(state) is None
