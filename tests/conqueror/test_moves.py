"""Conqueror: Duels rules one by one: moving, recruiting, heroes, battles, chronicle
cards, scenario 4's independent armies, refusals with their reasons, and invariants.

Covers ``hcgames.conqueror.actions``, ``hcgames.conqueror.state`` and
``hcgames.conqueror.views``, which have no test file of their own (see
tests/test_layout.py).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hcgames
from hcgames.conqueror import DuelsState
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    BuyHero,
    ChooseCasualties,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Recruit,
    Retreat,
)
from hcgames.core import IllegalAction
from hcgames.play import sample_outcome
from tests.conqueror.conftest import army, battle, new, owner_name, play, refused
from tests.narrow import narrow


# --- moving ------------------------------------------------------------------------------
def test_illegal_moves_say_which_rule() -> None:
    state = new("second-punic-war")
    play(state, EndPhase(), EndPhase())
    err = refused(state, Move("Espanga", "Rome", 1, 0))
    assert "not next to" in str(err) and err.rule == "moving"
    err = refused(state, Move("Rome", "Alpes", 1, 0))
    assert "not held by Carthage" in str(err)
    err = refused(state, Move("Espanga", "Celtica", 1, 0))
    assert "use Attack" in str(err) and err.rule == "attacking"
    err = refused(state, Move("Espanga", "Mare Balearicum", 3, 0))
    assert "may still act" in str(err) and err.rule == "one move per round"
    err = refused(state, Move("Atlantis", "Gaul", 1, 0))
    assert "no territory called 'Atlantis'" in str(err)
    err = refused(state, Recruit("Carthage", "cavalry"))
    assert err.rule == "order of a round"
    # a unit moves once per round
    play(state, Move("Numidia", "Mare Balearicum", 0, 1))
    err = refused(state, Move("Mare Balearicum", "Sardinia", 0, 1))
    assert "may still act" in str(err)


def test_scenario_limits_refuse_entry() -> None:
    state = new("second-punic-war")
    play(state, EndPhase(), EndPhase())
    state.set_army("Macedonia", "Carthage", 1, 0)
    err = refused(state, Move("Macedonia", "Asia Minor", 1, 0))
    assert err.rule == "scenario limits"
    assert all(a.to != "Asia Minor" for a in state.legal_actions() if isinstance(a, Move))


def test_attacking_an_empty_territory_is_a_move() -> None:
    state = new("standard")
    play(state, EndPhase(), EndPhase())
    err = refused(state, Attack("Numidia", "Berber", 0, 1))
    assert "not defended" in str(err)
    play(state, Move("Numidia", "Berber", 0, 1))
    assert army(state, "Berber") == ("Carthage", 0, 1)
    # Numidia, now empty, stays Carthaginian outside scenario 4
    assert army(state, "Numidia") == ("Carthage", 0, 0)


def test_an_empty_sea_belongs_to_nobody() -> None:
    state = new("standard")
    play(
        state,
        EndPhase(),
        EndPhase(),
        Move("Carthage", "Mare Africum", 1, 0),
        EndPhase(),
        EndPhase(),
        DrawChronicle("gold-discovered"),
        EndPhase(),
        EndPhase(),
    )
    play(state, Move("Mare Africum", "Berber", 1, 0))
    assert army(state, "Mare Africum") == ("nobody", 0, 0)


# --- recruiting and food -------------------------------------------------------------------
def test_recruiting_limits_per_fort() -> None:
    state = new("standard")
    legal = set(state.legal_actions())
    assert Recruit("Numidia", "infantry") in legal  # small fort: 1 infantry
    assert Recruit("Numidia", "cavalry") not in legal
    play(state, Recruit("Numidia", "infantry"))
    assert Recruit("Numidia", "infantry") not in state.legal_actions()
    play(state, Recruit("Carthage", "infantry"))  # capital: 2 infantry or 1 cavalry
    assert Recruit("Carthage", "cavalry") not in state.legal_actions()
    play(state, Recruit("Carthage", "infantry"))
    assert Recruit("Carthage", "infantry") not in state.legal_actions()
    err = refused(state, Recruit("Carthage", "infantry"))
    assert "2 infantry or 1 cavalry" in str(err)


def test_no_recruiting_beyond_the_food_limit() -> None:
    state = new("second-punic-war")
    play(state, Recruit("Cyrene", "infantry"), Recruit("Espanga", "infantry"))
    assert state.units_of(0) == 10 and state.unit_cap(0) == 10  # 3 food -> 10 units
    assert not any(isinstance(a, Recruit) for a in state.legal_actions())
    err = refused(state, Recruit("Carthage", "cavalry"))
    assert err.rule == "food supply"
    err = refused(state, Recruit("Berber", "infantry"))
    assert "no fort" in str(err) or "food" in str(err)


def test_heroes_are_bought_and_played_once() -> None:
    state = new("second-punic-war")
    state.set_gold("Carthage", 10)
    play(state, BuyHero("hannibal-barca"))
    assert state.gold[0] == 4
    err = refused(state, BuyHero("scipio-africanus"))
    assert "a hero of Rome" in str(err)
    play(state, EndPhase(), EndPhase())
    state.set_army("Gaul", "Carthage", 3, 0)
    state.set_army("Alpes", "Rome", 2, 0)
    play(state, Attack("Gaul", "Alpes", 3, 0))
    assert state.legal_actions() == [PlayHero("hannibal-barca"), PlayHero("")]
    play(state, PlayHero("hannibal-barca"), BattleRoll(1, 1))
    battle = next(e for e in reversed(state.events) if e.kind == "battle")
    # 3 cavalry at 2 + 1 each = 9, plus the die 1; Rome 4 + 2 (great fort) + 1
    assert (battle.data["attacker_total"], battle.data["defender_total"]) == (10, 7)
    assert state.hero_owner[state.game.hero_index["hannibal-barca"]] == -2


# --- battles ----------------------------------------------------------------------------
def test_loser_chooses_casualties_and_retreats() -> None:
    state2 = new("standard")
    play(state2, EndPhase(), EndPhase())
    state2.set_army("Gaul", "Carthage", 2, 0)
    state2.set_army("Alpes", "Rome", 2, 2)
    state2.set_army("Rome", "Rome", 1, 0)
    state2.set_army("Mare Adriaticum", "Rome", 1, 0)
    play(state2, Attack("Gaul", "Alpes", 2, 0), BattleRoll(6, 1))  # 10 against 6 + 2 + 1
    assert state2.current_player == 1
    assert state2.legal_actions() == [ChooseCasualties(0, 1), ChooseCasualties(1, 0)]
    play(state2, ChooseCasualties(0, 1))
    assert state2.current_player == 1  # where to retreat: Rome or the Adriatic
    assert set(state2.legal_actions()) == {Retreat("Rome"), Retreat("Mare Adriaticum")}
    play(state2, Retreat("Mare Adriaticum"), LeaveBehind("Gaul", "cavalry"))
    assert army(state2, "Mare Adriaticum") == ("Rome", 3, 1)
    assert army(state2, "Alpes") == ("Carthage", 1, 0)
    assert army(state2, "Gaul") == ("Carthage", 1, 0)


def test_beaten_attackers_stay_home_and_cannot_act_again() -> None:
    state = new("standard")
    play(state, EndPhase(), EndPhase())
    state.set_army("Gaul", "Carthage", 2, 0)
    play(state, Attack("Gaul", "Alpes", 1, 0), BattleRoll(1, 6))
    assert army(state, "Gaul") == ("Carthage", 1, 0)
    from_gaul = [
        a for a in state.legal_actions() if isinstance(a, Move | Attack) and a.from_ == "Gaul"
    ]
    assert from_gaul and all(a.cavalry == 1 for a in from_gaul)  # only the one that stayed


# --- chronicle cards -----------------------------------------------------------------------
def test_standard_deck_round_two_on_and_reshuffled_after_round_seven() -> None:
    state = new("standard")
    play(state, EndPhase(), EndPhase(), EndPhase(), EndPhase())
    assert state.round == 2 and state.is_chance()
    outcomes = state.chance_outcomes()
    cards = {narrow(o, DrawChronicle).card for o, _ in outcomes}
    assert len(cards) == 6 and {
        "slave-revolt",
        "germanic-tribes",
        "huns-attack",
        "strong-winds",
    }.isdisjoint(cards)
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    seen = []
    while state.round < 8 or not state.is_chance():
        if state.is_chance():
            seen.append(narrow(state.legal_actions()[0], DrawChronicle).card)
            state.apply(state.legal_actions()[0])
        else:
            legal = state.legal_actions()
            state.apply(EndPhase() if EndPhase() in legal else legal[0])
    assert sorted(seen) == sorted(cards)  # rounds 2-7 used the whole deck
    assert len(state.chance_outcomes()) == 6  # round 8: shuffled again


def test_only_standard_and_scenario_4_draw_cards() -> None:
    assert len(new("rome-vs-persia").game.deck) == 9
    assert "slave-revolt" not in new("rome-vs-persia").game.deck
    for scenario in ("second-punic-war", "gallic-wars", "alexanders-conquest", "first-syrian-war"):
        state = new(scenario)
        play(state, EndPhase(), EndPhase(), EndPhase(), EndPhase())
        assert state.round == 2 and not state.is_chance()


def test_strong_winds_close_the_sea_and_the_truce_stops_attacks() -> None:
    state = new("rome-vs-persia")
    play(state, EndPhase(), EndPhase(), EndPhase(), EndPhase())
    play(state, DrawChronicle("strong-winds"), EndPhase(), EndPhase())
    g = state.game
    for action in state.legal_actions():
        if isinstance(action, Move | Attack):
            assert not g.is_sea[g.index[action.to]] and not g.is_sea[g.index[action.from_]]
    state = new("rome-vs-persia")
    play(state, EndPhase(), EndPhase(), EndPhase(), EndPhase())
    play(state, DrawChronicle("sacred-truce"), EndPhase(), EndPhase())
    assert not any(isinstance(a, Attack) for a in state.legal_actions())


# --- scenario 4: abandoned territories ------------------------------------------------------
def test_abandoned_land_turns_independent_next_planning_phase() -> None:
    state = new("rome-vs-persia")
    play(state, EndPhase(), EndPhase())
    play(state, Move("Cyrene", "Berber", 1, 0), Move("Carthage", "Numidia", 2, 0))
    assert army(state, "Cyrene") == ("nobody", 0, 0)
    play(state, Move("Rome", "Brundisium", 2, 0))
    assert army(state, "Rome") == ("Rome", 0, 0)  # the capital stays Roman
    play(state, EndPhase(), EndPhase(), DrawChronicle("gold-discovered"))
    assert army(state, "Cyrene") == ("the independent army", 0, 1)
    assert army(state, "Carthage") == ("the independent army", 1, 0)  # great fort: cavalry
    assert any(e.kind == "independence" for e in state.events)


def test_retaking_an_abandoned_territory_keeps_it() -> None:
    state = new("rome-vs-persia")
    play(state, EndPhase(), EndPhase())
    play(state, Move("Cyrene", "Berber", 1, 0), Move("Berber", "Cyrene", 0, 1))
    play(state, EndPhase(), EndPhase(), DrawChronicle("gold-discovered"))
    assert army(state, "Cyrene") == ("Rome", 0, 1)
    assert army(state, "Berber") == ("Rome", 1, 0)


# --- saves, copies, views ----------------------------------------------------------------------
def test_save_and_load_in_the_middle_of_a_battle() -> None:
    state = new("standard")
    play(
        state,
        EndPhase(),
        EndPhase(),
        Move("Carthage", "Mare Africum", 1, 0),
        EndPhase(),
        EndPhase(),
        DrawChronicle("trade-boom"),
        EndPhase(),
        EndPhase(),
    )
    play(state, Move("Mare Africum", "Sicily", 1, 0), EndPhase())
    play(state, Move("Brundisium", "Mare Ionium", 0, 1), EndPhase())
    loaded = state.game.from_json(state.to_json())
    assert loaded.snapshot() == state.snapshot()
    edited = state.copy()
    edited.set_gold("Rome", 50)
    with pytest.raises(hcgames.HcgamesError, match="what-if"):
        edited.to_json()
    assert state.gold[1] != 50


def test_views() -> None:
    state = new("second-punic-war")
    views = state.region_views()
    assert views["Espanga"]["label"] == "Carthage 2 cav 1 inf" and views["Espanga"]["owner"] == 0
    assert views["Germania"]["owner"] is None and "independent" in views["Germania"]["side"]
    assert "great fort" in views["Alpes"]["tooltip"]
    assert state.action_regions(Move("Espanga", "Gaul", 1, 0)) == ("Espanga", "Gaul")
    assert "Second Punic War" in state.describe()
    geo = state.game.geojson()
    assert {f["id"] for f in geo["features"]} == set(state.game.names)
    assert state.game.phases() == ["chronicle", "planning", "action"]
    assert len(state.game.rule_decisions()) >= 20
    for p in (0, 1):
        assert 0 <= state.evaluate(p) <= 1
    json.dumps(state.snapshot())


# --- invariants over random play -----------------------------------------------------------------
@given(
    st.sampled_from(
        [
            "standard",
            "second-punic-war",
            "gallic-wars",
            "alexanders-conquest",
            "rome-vs-persia",
            "first-syrian-war",
        ]
    ),
    st.integers(0, 10_000),
)
@settings(max_examples=30, deadline=None)
def test_random_play_keeps_counts_and_gold_sane(scenario: str, seed: int) -> None:
    state = new(scenario, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if steps % 7 == 0:
            assert all(c >= 0 for c in state.cav) and all(i >= 0 for i in state.inf)
            assert all(g >= 0 for g in state.gold)
            for t in range(len(state.owner)):
                assert state.fresh_cav[t] + state.bonus_cav[t] <= state.cav[t]
                assert state.fresh_inf[t] + state.bonus_inf[t] <= state.inf[t]
                if state.cav[t] + state.inf[t] and state.battle is None:
                    assert state.owner[t] >= 0, "armies always belong to a side"
            if state.phase == "action" and state.battle is None:
                for p in (0, 1):
                    if not state.rally_now[p]:
                        assert state.units_of(p) <= max(state.unit_cap(p), 40)
            for p in (0, 1):
                assert 0.0 <= state.evaluate(p) <= 1.0
    assert steps <= state.game.max_actions


def test_chronicle_effects_of_our_own() -> None:
    def round_two(card: str) -> tuple[DuelsState, list[int]]:
        """The state after ``card`` is drawn in round 2, and the gold before it."""
        state = new("rome-vs-persia")
        play(state, EndPhase(), EndPhase(), EndPhase(), EndPhase())
        gold = list(state.gold)
        play(state, DrawChronicle(card))
        return state, gold

    state, gold_before = round_two("trade-boom")  # income doubled
    assert state.gold[0] == gold_before[0] + 2 * state.income_of(0)
    state, _ = round_two("germanic-tribes")  # Germania and Raetia lose a unit each
    assert army(state, "Germania") == ("Rome", 0, 0) and army(state, "Raetia") == ("Rome", 0, 0)
    state, _ = round_two("huns-attack")
    assert army(state, "Caucasus") == ("Persia", 0, 0) and army(state, "Thracia") == (
        "Persia",
        0,
        0,
    )
    state, _ = round_two("mercenaries")  # a free infantry in the capital
    assert army(state, "Rome") == ("Rome", 2, 1)
    state, _ = round_two("bountiful-harvest")
    assert state.unit_cap(0) == 4 + 2 * (state.food_of(0))
    assert (
        state.food_of(0) == sum(state.game.food[t] for t, o in enumerate(state.owner) if o == 0) + 1
    )
    state, _ = round_two("drought")
    assert (
        state.food_of(1) == sum(state.game.food[t] for t, o in enumerate(state.owner) if o == 1) - 1
    )


# --- scenario 5: two armies, and the dice step ----------------------------------------
def levant_before_joint_attack() -> DuelsState:
    state = new("first-syrian-war")
    play(state, EndPhase(), EndPhase())  # both planning phases
    state.set_army("Palestina", "Egypt", 2, 0)
    state.set_army("Syria", "Egypt", 0, 2)
    state.set_army("Babylon", "Persia", 0, 1)
    return state


def test_two_army_attack_accepts_its_territories_in_either_order() -> None:
    for order in (("Palestina", "Syria"), ("Syria", "Palestina")):
        state = levant_before_joint_attack()
        assert JointAttack(order, "Babylon") in state.legal_actions()
        battle(state, JointAttack(order, "Babylon"), 3, 3)  # the booklet's 9 against 8
        assert owner_name(state, "Babylon") == "Egypt"
    # the order says which army takes the losses first: with cavalry on both sides,
    # the victor's casualty (Persia rolled a 4) falls on the army named first
    for first, second in (("Palestina", "Syria"), ("Syria", "Palestina")):
        state = levant_before_joint_attack()
        state.set_army("Syria", "Egypt", 2, 0)
        state.apply(JointAttack((first, second), "Babylon"))
        while not state.is_chance():
            state.apply(PlayHero(""))
        state.apply(BattleRoll(6, 4))  # 14 against 9: Egypt wins and loses one cavalry
        g = state.game
        assert (state.cav[g.index[first]], state.cav[g.index[second]]) == (1, 2)


def test_dice_step_refusal_says_what_is_wrong() -> None:
    state = levant_before_joint_attack()
    state.apply(JointAttack(("Syria", "Palestina"), "Babylon"))
    while not state.is_chance():
        state.apply(PlayHero(""))
    before = state.digest()
    with pytest.raises(IllegalAction, match=r"1 to 6.*attacker's die shows 7") as bad_die:
        state.apply(BattleRoll(7, 3))
    assert "resolved first" not in str(bad_die.value)
    with pytest.raises(IllegalAction, match="needs its dice first"):
        state.apply(EndPhase())
    with pytest.raises(IllegalAction, match="chronicle"):
        state.apply(DrawChronicle("gold-discovered"))
    assert state.digest() == before
    state.apply(BattleRoll(3, 3))  # a real roll is accepted


def test_two_army_attack_refusal_names_the_problem() -> None:
    state = levant_before_joint_attack()
    with pytest.raises(IllegalAction, match="not next to Babylon"):
        state.apply(JointAttack(("Palestina", "Thebes"), "Babylon"))
    with pytest.raises(IllegalAction, match="two different territories"):
        state.apply(JointAttack(("Syria", "Syria"), "Babylon"))
