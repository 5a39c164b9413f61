"""Classical Conquests: the player chooses what pays, no per-turn caps, honest decisions."""

from __future__ import annotations

import random

import pytest

import hcgames
from hcgames.classical.actions import (
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Pay,
    PayRest,
    Recruit,
    ResearchDie,
    Settle,
    UpgradeVillage,
)
from hcgames.core import IllegalAction
from hcgames.play import sample_outcome
from tests.classical.test_game import go_to, idx, started_game, touch
from tests.classical.test_turn import pool


def _second_village(pay_with: str | None) -> bool:
    """Settle the free village and a paid one; can the Romans still recruit a fleet?"""
    state = started_game()
    go_to(state, "settle")
    state.pool = pool(food=1, wood=1, stone=1)
    touch(state)
    state.apply(Settle("etruria"))  # the free one
    state.apply(Settle("magna_graecia"))  # food pays itself; wood or stone is a choice
    assert state.paying is not None
    assert state.legal_actions() == [Pay("wood"), Pay("stone"), PayRest()]
    state.apply(Pay(pay_with) if pay_with else PayRest())
    assert state.paying is None and state.level[idx("magna_graecia")] == 1
    go_to(state, "recruit")
    return any(isinstance(a, Recruit) and a.kind == "fleet" for a in state.legal_actions())


def test_player_chooses_wood_or_stone_for_a_village_and_keeps_wood_for_a_fleet() -> None:
    assert _second_village("stone") is True  # stone paid: the wood builds a fleet
    assert _second_village("wood") is False
    assert _second_village(None) is False  # the suggested way takes the first named, wood


def test_any_resource_cost_lets_the_player_pick_each_resource() -> None:
    state = started_game()
    go_to(state, "research")
    state.apply(ResearchDie(1))
    state.pool = pool(food=1, luxury=1, iron=1, stone=1)
    touch(state)
    state.apply(BuyResearchRoll())
    assert state.legal_actions() == [
        Pay("food"),
        Pay("luxury"),
        Pay("iron"),
        Pay("stone"),
        PayRest(),
    ]
    state.apply(Pay("stone"))
    state.apply(ResearchDie(2))
    state.apply(BuyResearchRoll())  # the second extra roll costs 2 of any kind
    assert state.legal_actions() == [Pay("food"), Pay("luxury"), Pay("iron"), PayRest()]
    state.apply(Pay("iron"))
    state.apply(Pay("food"))
    assert state.pool == pool(luxury=1) and state.paid_rolls == 2 and state.is_chance()


def test_gold_may_stand_in_even_when_the_named_resource_is_there() -> None:
    state = started_game()
    go_to(state, "build")
    state.pool = pool(food=2, stone=1, gold=1)
    touch(state)
    state.apply(BuildMonument("latium"))
    assert state.legal_actions() == [Pay("food"), Pay("gold"), PayRest()]
    state.apply(Pay("gold"))  # the rest (1 food, 1 stone) has one way only
    assert state.paying is None
    assert state.pool == pool(food=1) and state.monuments[idx("latium")] == 1


def test_a_payment_with_only_one_possible_way_pays_itself() -> None:
    state = started_game()
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1
    go_to(state, "upgrade")
    state.pool = pool(luxury=3, gold=1)  # no stone: the gold must pay the stone
    touch(state)
    state.apply(UpgradeVillage("etruria"))
    assert state.paying is None and state.level[idx("etruria")] == 2
    assert state.pool == pool(luxury=1)


def test_payment_refuses_a_resource_the_cost_cannot_take() -> None:
    state = started_game()
    go_to(state, "build")
    state.pool = pool(food=2, stone=1, gold=1, wood=3)
    touch(state)
    state.apply(BuildMonument("latium"))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="wood cannot pay") as info:
        state.apply(Pay("wood"))
    assert info.value.rule == "payment: what pays a cost"
    with pytest.raises(IllegalAction, match="finish paying"):
        state.apply(EndPhase("build"))
    assert state.to_json() == before


def test_payment_never_leaves_the_rest_unpayable() -> None:
    state = started_game()
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1
    go_to(state, "upgrade")
    state.pool = pool(luxury=2, stone=1, gold=1)
    touch(state)
    state.apply(UpgradeVillage("etruria"))
    # gold may pay a luxury (a luxury is then left for the stone? no: luxury cannot
    # pay stone) only because the real stone still covers the stone
    assert state.legal_actions() == [Pay("luxury"), Pay("gold"), PayRest()]
    state.apply(Pay("gold"))
    assert state.paying is None  # the rest had one way only: 1 luxury, 1 stone
    assert state.pool == pool(luxury=1)


def test_upkeep_player_may_feed_with_gold_instead_of_food() -> None:
    state = started_game()
    state.pool = pool(food=1, gold=1)
    state.apply(EndPhase("produce"))  # the city eats one
    state.apply(Pay("gold"))
    assert state.pool == pool(food=1) and state.paying is None
    assert state.legal_actions() == [EndPhase("upkeep")]


def test_a_copy_in_the_middle_of_a_payment_is_independent() -> None:
    state = started_game()
    go_to(state, "build")
    state.pool = pool(food=2, stone=1, gold=1)
    touch(state)
    state.apply(BuildMonument("latium"))
    snap = state.snapshot()
    assert snap["paying"]["for"] == "monument"
    clone = state.copy()
    clone.apply(Pay("gold"))
    assert state.snapshot() == snap  # the copy's payment is its own


def test_no_cap_per_turn_on_monuments_upgrades_or_villages() -> None:
    state = started_game()
    for t in ("etruria", "cisalpina", "magna_graecia", "sicilia", "narbonensis"):
        state.owner[idx(t)], state.level[idx(t)] = 0, 1
    go_to(state, "build")
    state.levels[0][11] = 9  # Religion 9: the book's limit is 10 monuments
    state.pool = pool(food=20, stone=10, gold=30)
    touch(state)
    for _ in range(5):  # our old cap was 3 a turn
        state.apply(BuildMonument("latium"))
        if state.paying is not None:
            state.apply(PayRest())
    assert state.monuments[idx("latium")] == 5
    go_to(state, "upgrade")
    state.pool = pool(luxury=10, stone=5)
    touch(state)
    for t in ("etruria", "cisalpina", "magna_graecia", "sicilia", "narbonensis"):
        state.apply(UpgradeVillage(t))  # the old cap was 3
    assert len(state.cities_of(0)) == 6
    go_to(state, "settle")
    state.pool = pool(food=10, wood=10)
    touch(state)
    settled = 0
    while any(isinstance(a, Settle) for a in state.legal_actions()) and settled < 6:
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Settle)))
        settled += 1
    assert settled == 6  # the old cap was 4


def test_max_actions_is_a_true_bound_without_caps() -> None:
    for players in (2, 6):
        game = hcgames.load("classical-conquests", players=players, max_turns=12)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_game(seed=seed)
            steps = 0
            while not state.is_terminal():
                legal = state.legal_actions()
                action = (
                    sample_outcome(state.chance_outcomes(), rng)
                    if state.is_chance()
                    else legal[rng.randrange(len(legal))]
                )
                state.apply(action)
                steps += 1
            assert steps < game.max_actions


def test_sea_production_is_per_sea_space_and_labelled_ours() -> None:
    game = hcgames.load("classical-conquests")
    sea = [d for d in game.rule_decisions() if d.topic == "Production at sea"]
    assert len(sea) == 1 and sea[0].source == "ours"
    assert "per sea space" in sea[0].decision and "not one per fleet" in sea[0].decision


def test_rule_decisions_are_labelled_rulebook_or_ours_and_caps_are_gone() -> None:
    decisions = hcgames.load("classical-conquests").rule_decisions()
    assert {d.source for d in decisions} == {"rulebook", "ours"}
    topics = {d.topic: d for d in decisions}
    assert "Per-turn caps" not in topics and "Automatic payment" not in topics
    assert topics["Paying costs"].source == "ours"
    assert topics["No caps per turn"].source == "ours"
    assert topics["Players"].source == "ours"
    assert topics["Monument price"].source == "rulebook"


def test_the_complete_list_of_rule_decisions_is_shown_once_and_linked_from_the_others() -> None:
    """The turn lesson (20) shows every decision (a table in the app, decisions_text checked
    by nbval); lessons 21-24 show the decisions they use and link to the full list."""
    import json
    from pathlib import Path

    from hcgames.classical.decisions import decisions_text

    decisions = hcgames.load("classical-conquests").rule_decisions()
    text = decisions_text(decisions)
    assert "RuleDecision(" not in text  # readable, not a repr dump
    for n, d in enumerate(decisions, 1):
        assert f"{n:>2}. {d.topic} (" in text
    assert f"{len(decisions)} decisions" in text
    root = Path(__file__).resolve().parents[2] / "notebooks"

    def cells(name: str, kind: str) -> list[str]:
        notebook = json.loads((root / name).read_text(encoding="utf-8"))
        return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]

    turn = cells("20-classical-a-turn.ipynb", "code")
    assert any("all_decisions(game)" in s for s in turn)  # every decision, numbered
    assert any("decisions_text(" in s and "NBVAL_CHECK_OUTPUT" in s for s in turn)
    for path in sorted(root.glob("2[1-4]-*.ipynb")):
        markdown = "\n".join(cells(path.name, "markdown"))
        assert "(20-classical-a-turn.ipynb#Which-rules-are-ours)" in markdown, path.name
        code = cells(path.name, "code")
        assert not any("decisions_text(" in s for s in code), f"{path.name} repeats the list"
        assert not any("all_decisions(" in s or "decisions_view(" in s for s in code), path.name
        assert any("USED_HERE" in s and "rule_decisions()" in s for s in code), path.name


def test_describe_says_what_is_still_due_in_a_payment() -> None:
    state = started_game()
    go_to(state, "build")
    state.pool = pool(food=2, stone=1, gold=1)
    touch(state)
    state.apply(BuildMonument("latium"))
    assert "Paying for a monument: still due 2 food and 1 stone" in state.describe()


def test_a_moves_price_is_said_before_it_is_played() -> None:
    """Look 8, lesson 24: the list of moves said no price; the play screen now adds it."""
    from hcgames.classical.payment import price_note

    state = started_game()
    latium = idx("latium")
    assert price_note(state, BuildMonument("latium")) == " (2 food and 1 stone)"
    state.monuments[latium] = 1
    assert price_note(state, BuildMonument("latium")) == (
        " (2 food, 1 stone and 1 resource of any kind)"
    )
    assert price_note(state, Recruit("army", "latium")) == " (1 iron)"
    assert price_note(state, Recruit("fleet", "mare_tyrrhenum")) == " (1 wood)"
    assert price_note(state, UpgradeVillage("etruria")) == " (2 luxuries and 1 stone)"
    assert price_note(state, Settle("etruria")) == " (free)"
    state.settled = 1
    assert price_note(state, Settle("etruria")) == " (1 food or luxury and 1 wood or stone)"
    assert price_note(state, EndPhase("build")) == ""
