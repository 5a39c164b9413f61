"""Classical Conquests: every phase's costs, limits and bonuses, one rule per test.

Covers ``hcgames.classical.actions``, ``hcgames.classical.fighting``,
``hcgames.classical.moves`` and ``hcgames.classical.victory``, which have no test file
of their own (see tests/test_layout.py).
"""

from __future__ import annotations

import pytest

from hcgames.classical.actions import (
    BuildMonument,
    BuyResearchRoll,
    EndPhase,
    Move,
    Pay,
    PayRest,
    Recruit,
    ResearchDie,
    Settle,
    Starve,
    UpgradeVillage,
)
from hcgames.classical.material import PHASES
from hcgames.classical.state import ClassicalState
from hcgames.core import CHANCE, TERMINAL, IllegalAction
from tests.classical.test_game import go_to, idx, started_game, touch


def pool(**counts: int) -> dict[str, int]:
    out = dict.fromkeys(("food", "luxury", "wood", "iron", "stone", "gold"), 0)
    out.update(counts)
    return out


def test_the_ten_phases_come_in_the_books_order() -> None:
    state = started_game()
    seen: list[str] = []
    while state.round == 1 and state.player == 0:
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
            continue
        if not seen or seen[-1] != state.phase:
            seen.append(state.phase)
        state.apply(EndPhase(state.phase))
    assert tuple(seen) == PHASES
    assert state.player == 1 and state.phase == "produce"


# --- produce -------------------------------------------------------------------------------


def test_produce_settlements_city_gold_and_trait_bonuses() -> None:
    # Romans: city on grain (1 food) + city gold + Engineering 1 (1 stone)
    state = started_game(resources={"latium": "grain"})
    assert state.pool == pool(food=1, gold=1, stone=1)


def test_produce_a_village_and_a_fleet_on_fish_but_not_salt() -> None:
    state = started_game(
        resources={
            "latium": "iron",
            "etruria": "wine",
            "mare_tyrrhenum": "fish",
            "mare_adriaticum": "salt",
        }
    )
    go_to(state, "score")
    state.apply(EndPhase("score"))
    go_to(state, "score")  # the Egyptians' turn
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1
    state.fleets[0][idx("mare_tyrrhenum")] = 2
    state.fleets[0][idx("mare_adriaticum")] = 1
    state.apply(EndPhase("score"))
    # iron (city) + wine (village) + 1 fish however many fleets + city gold + Engineering
    assert state.pool == pool(iron=1, luxury=1, food=1, gold=1, stone=1)


@pytest.mark.parametrize(
    ("trait", "category"),
    [
        ("engineering", "stone"),
        ("agriculture", "food"),
        ("economics", "gold"),
        ("industry", "luxury"),
        ("shipbuilding", "wood"),
        ("metallurgy", "iron"),
    ],
)
def test_each_production_trait_adds_one_per_level(trait: str, category: str) -> None:
    state = started_game(resources={"latium": "stone"})
    go_to(state, "score")
    state.apply(EndPhase("score"))
    go_to(state, "score")
    state.levels[0] = [0] * 12
    state.levels[0][list(state.game.material.research_table).index(trait)] = 3
    state.apply(EndPhase("score"))
    expected = pool(stone=1, gold=1)
    expected[category] += 3
    assert state.pool == expected


# --- upkeep --------------------------------------------------------------------------------


def test_upkeep_suggested_feeding_eats_food_first_then_gold() -> None:
    state = started_game()
    state.armies[0][idx("latium")] = 1
    state.pool = pool(food=1, gold=2)
    state.apply(EndPhase("produce"))
    # the player may choose what feeds; ending the phase feeds the suggested way
    assert state.legal_actions() == [Pay("food"), Pay("gold"), EndPhase("upkeep")]
    state.apply(EndPhase("upkeep"))
    assert state.pool == pool(gold=1)  # 1 food and 1 gold for the army and the city
    assert state.armies[0][idx("latium")] == 1
    assert state.phase == "build"


def test_unfed_units_are_chosen_by_the_owner() -> None:
    state = started_game(cities=("latium", "aegyptus_inferior"))
    state.owner[idx("sicilia")], state.level[idx("sicilia")] = 0, 2
    state.armies[0][idx("latium")] = 2
    state.fleets[0][idx("mare_tyrrhenum")] = 1
    state.pool = pool(food=2, gold=1)
    state.apply(EndPhase("produce"))
    assert state.phase == "upkeep" and state.shortfall == 2  # needs 5, has 3
    legal = state.legal_actions()
    assert EndPhase("upkeep") not in legal
    assert set(legal) == {
        Starve("army", "latium"),
        Starve("fleet", "mare_tyrrhenum"),
        Starve("city", "latium"),
        Starve("city", "sicilia"),
    }
    with pytest.raises(IllegalAction, match="unfed"):
        state.apply(EndPhase("upkeep"))
    state.apply(Starve("army", "latium"))
    assert state.armies[0][idx("latium")] == 1 and state.shortfall == 1
    state.apply(Starve("fleet", "mare_tyrrhenum"))
    assert state.fleets[0][idx("mare_tyrrhenum")] == 0
    assert state.legal_actions() == [Pay("food"), Pay("gold"), EndPhase("upkeep")]
    state.apply(EndPhase("upkeep"))
    assert state.pool == pool()  # the rest were fed with 2 food and 1 gold


def test_famine_turns_a_city_into_a_village_and_its_monuments_stay() -> None:
    state = started_game()
    state.monuments[idx("latium")] = 2
    state.pool = pool()
    state.apply(EndPhase("produce"))
    state.apply(Starve("city", "latium"))
    assert state.level[idx("latium")] == 1 and state.owner[idx("latium")] == 0
    assert state.monuments[idx("latium")] == 2
    assert state.monuments_of(0) == 2


# --- build ---------------------------------------------------------------------------------


def test_monument_costs_two_food_one_stone_plus_one_per_monument_there() -> None:
    state = started_game(civs=("Egyptians", "Romans"), cities=("aegyptus_inferior", "latium"))
    go_to(state, "build")
    state.levels[0][11] = 5  # Religion 5: the limit is not in the way
    state.pool = pool(food=4, stone=2, wood=1)
    touch(state)
    state.apply(BuildMonument("aegyptus_inferior"))
    assert state.pool == pool(food=2, stone=1, wood=1)
    state.apply(BuildMonument("aegyptus_inferior"))  # the second one adds 1 of any kind
    assert state.pool == pool()
    assert state.monuments[idx("aegyptus_inferior")] == 2
    assert BuildMonument("aegyptus_inferior") not in state.legal_actions()


def test_gold_stands_in_for_missing_resources() -> None:
    state = started_game()
    go_to(state, "build")
    state.pool = pool(food=1, gold=2)
    touch(state)
    state.apply(BuildMonument("latium"))
    state.apply(PayRest())
    assert state.pool == pool()
    assert state.monuments[idx("latium")] == 1


def test_religion_limits_the_monuments_you_hold() -> None:
    state = started_game()  # Romans: Religion 0, so 1 monument
    go_to(state, "build")
    state.pool = pool(food=9, stone=9)
    touch(state)
    state.apply(BuildMonument("latium"))
    assert BuildMonument("latium") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Religion"):
        state.apply(BuildMonument("latium"))
    state.levels[0][11] = 1
    touch(state)
    assert BuildMonument("latium") in state.legal_actions()


def test_a_build_phase_with_no_monument_to_build_says_why() -> None:
    """The play screen's line for a step that passes by itself reads the state's
    ``only_move_reason``: in the build phase, the rule that blocks the monument."""
    state = started_game()  # Romans: Religion 0, so 1 monument
    assert state.only_move_reason() == ""  # not the build phase
    go_to(state, "build")
    state.pool = pool(food=9, stone=9)
    touch(state)
    state.apply(BuildMonument("latium"))
    assert state.legal_actions() == [EndPhase("build")]
    reason = state.only_move_reason()
    assert reason.startswith("no monument can be built: ") and "Religion" in reason
    assert reason.endswith(state.why_illegal(BuildMonument("latium"))[0])


def test_monuments_only_in_your_own_cities() -> None:
    state = started_game()
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1
    go_to(state, "build")
    state.pool = pool(food=9, stone=9)
    touch(state)
    with pytest.raises(IllegalAction, match="city of your own"):
        state.apply(BuildMonument("etruria"))
    with pytest.raises(IllegalAction, match="city of your own"):
        state.apply(BuildMonument("aegyptus_inferior"))


# --- upgrade -------------------------------------------------------------------------------


def test_upgrade_costs_two_luxuries_and_a_stone() -> None:
    state = started_game()
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1
    go_to(state, "upgrade")
    state.pool = pool(luxury=2, stone=1, food=1)
    touch(state)
    assert UpgradeVillage("etruria") in state.legal_actions()
    assert UpgradeVillage("latium") not in state.legal_actions()  # already a city
    state.apply(UpgradeVillage("etruria"))
    assert state.level[idx("etruria")] == 2 and state.pool == pool(food=1)
    state.owner[idx("cisalpina")], state.level[idx("cisalpina")] = 0, 1
    touch(state)
    with pytest.raises(IllegalAction, match="upgrade: cost"):
        state.apply(UpgradeVillage("cisalpina"))


# --- settle --------------------------------------------------------------------------------


def test_one_free_village_then_each_costs_food_or_luxury_and_wood_or_stone() -> None:
    state = started_game()
    go_to(state, "settle")
    state.pool = pool(luxury=1, stone=1, food=1, wood=1)
    touch(state)
    sites = {a.territory for a in state.legal_actions() if isinstance(a, Settle)}
    assert sites == {"etruria", "magna_graecia"}  # empty land next to the city
    state.apply(Settle("etruria"))
    assert state.pool == pool(luxury=1, stone=1, food=1, wood=1)
    state.apply(Settle("magna_graecia"))
    state.apply(PayRest())
    assert sum(state.pool.values()) == 2
    assert state.owner[idx("magna_graecia")] == 0 and state.level[idx("magna_graecia")] == 1


def test_villages_go_next_to_fleets_too_and_never_onto_enemy_units() -> None:
    state = started_game()
    state.fleets[0][idx("mare_ionium")] = 1
    state.armies[1][idx("peloponnesus")] = 1
    go_to(state, "settle")
    sites = {a.territory for a in state.legal_actions() if isinstance(a, Settle)}
    assert {"sicilia", "macedonia"} <= sites
    assert "peloponnesus" not in sites  # an enemy army stands there
    assert "latium" not in sites  # one settlement per space


def test_extra_village_needs_payment() -> None:
    state = started_game()
    go_to(state, "settle")
    state.pool = pool(food=3)
    touch(state)
    state.apply(Settle("etruria"))
    assert not [a for a in state.legal_actions() if isinstance(a, Settle)]
    with pytest.raises(IllegalAction, match="extra villages"):
        state.apply(Settle("magna_graecia"))


# --- move ----------------------------------------------------------------------------------


def moves_of(state: ClassicalState, kind: str, source: str) -> set[str]:
    return {
        a.to
        for a in state.legal_actions()
        if isinstance(a, Move) and a.kind == kind and a.from_ == source
    }


def test_an_army_moves_two_land_spaces() -> None:
    state = started_game()
    state.armies[0][idx("latium")] = 1
    go_to(state, "move")
    # Sicilia is two land steps away across the Strait of Messina
    assert moves_of(state, "army", "latium") == {"etruria", "magna_graecia", "cisalpina", "sicilia"}


def test_armies_ride_friendly_fleets_for_free() -> None:
    state = started_game()
    state.armies[0][idx("latium")] = 1
    state.fleets[0][idx("mare_tyrrhenum")] = 1
    state.fleets[0][idx("mare_africum")] = 1
    state.pool["food"] = 20
    go_to(state, "move")
    reach = moves_of(state, "army", "latium")
    assert {"sicilia", "sardinia", "africa"} <= reach  # one land step across the fleets
    assert "numidia" in reach  # Africa then one more land step
    state.apply(Move("army", "latium", "sardinia"))
    assert state.armies[0][idx("sardinia")] == 1
    assert not moves_of(state, "army", "sardinia")  # it has moved this turn


def test_fleets_sail_four_sea_spaces() -> None:
    state = started_game()
    state.fleets[0][idx("mare_tyrrhenum")] = 1
    go_to(state, "move")
    reach = moves_of(state, "fleet", "mare_tyrrhenum")
    m = state.game.material
    for target in reach:
        assert not m.territories[idx(target)].land
        assert m.distances[idx("mare_tyrrhenum")][idx(target)] <= 4
    assert "mare_aegaeum" in reach and "pontus_orientalis" not in reach


def test_no_passing_through_enemy_held_spaces() -> None:
    state = started_game()
    state.armies[0][idx("latium")] = 1
    state.owner[idx("etruria")], state.level[idx("etruria")] = 1, 1  # an Egyptian village
    go_to(state, "move")
    reach = moves_of(state, "army", "latium")
    assert "etruria" in reach  # may attack it
    assert "cisalpina" not in reach  # only through Etruria
    with pytest.raises(IllegalAction, match="enemy-held"):
        state.apply(Move("army", "latium", "cisalpina"))


def test_units_may_stack() -> None:
    state = started_game()
    state.armies[0][idx("latium")] = 2
    state.armies[0][idx("magna_graecia")] = 1
    state.pool["food"] = 20
    go_to(state, "move")
    state.apply(Move("army", "latium", "etruria"))
    state.apply(Move("army", "magna_graecia", "etruria"))
    assert state.armies[0][idx("etruria")] == 2
    assert moves_of(state, "army", "latium")  # one army in Latium has not moved


# --- battle --------------------------------------------------------------------------------


def battle_state(attackers: int, defenders: int, settlement: int = 0) -> ClassicalState:
    """Romans move armies into Etruria, where the Egyptians stand."""
    state = started_game()
    state.armies[0][idx("latium")] = attackers
    state.armies[1][idx("etruria")] = defenders
    if settlement:
        state.owner[idx("etruria")], state.level[idx("etruria")] = 1, settlement
    state.pool["food"] = 20
    go_to(state, "move")
    for _ in range(attackers):
        state.apply(Move("army", "latium", "etruria"))
    state.apply(EndPhase("move"))
    return state


def roll(state: ClassicalState, attacker: int, defender: int) -> None:
    from hcgames.classical.actions import BattleDie

    state.apply(BattleDie("attacker", attacker))
    state.apply(BattleDie("defender", defender))


def test_defender_wins_ties() -> None:
    state = battle_state(1, 1)
    assert state.current_player == CHANCE and state.fight is not None
    roll(state, 5, 5)
    assert state.armies[0][idx("etruria")] == 0 and state.armies[1][idx("etruria")] == 1
    assert state.fight is None and state.current_player == 0


def test_military_level_adds_on_land() -> None:
    state = battle_state(1, 1)
    state.levels[0][1] = 1  # Romans Military 1: 5 + 1 beats 5
    roll(state, 5, 5)
    assert state.armies[0][idx("etruria")] == 1 and state.armies[1][idx("etruria")] == 0


def test_nautical_level_adds_at_sea() -> None:
    state = started_game()
    state.fleets[0][idx("mare_tyrrhenum")] = 1
    state.fleets[1][idx("mare_ionium")] = 1
    state.levels[1][0] = 2  # Egyptian Nautical 2
    state.levels[0][1] = 5  # Roman Military does not help at sea
    go_to(state, "move")
    state.apply(Move("fleet", "mare_tyrrhenum", "mare_ionium"))
    state.apply(EndPhase("move"))
    roll(state, 7, 5)  # 7 + 0 against 5 + 2: the defender wins the tie
    assert state.fleets[0][idx("mare_ionium")] == 0


def test_battle_goes_round_by_round_until_one_side_is_gone() -> None:
    state = battle_state(3, 2)
    roll(state, 8, 1)
    roll(state, 1, 8)
    assert (state.armies[0][idx("etruria")], state.armies[1][idx("etruria")]) == (2, 1)
    roll(state, 6, 2)
    assert state.armies[1][idx("etruria")] == 0 and state.fight is None


def test_capture_of_a_settlement() -> None:
    state = battle_state(2, 1, settlement=2)  # an army and a city
    state.monuments[idx("etruria")] = 1
    roll(state, 8, 1)  # the army falls
    assert state.fight is not None and state.fight.stage == "settlement"
    roll(state, 8, 1)  # the city gives way once ...
    assert state.owner[idx("etruria")] == 1
    roll(state, 8, 1)  # ... and twice: captured
    assert state.owner[idx("etruria")] == 0 and state.level[idx("etruria")] == 2
    assert state.monuments_of(0) == 1 and state.monuments_of(1) == 0
    assert any(e.kind == "capture" for e in state.events)


def test_a_village_that_wins_stays() -> None:
    state = battle_state(1, 0, settlement=1)
    roll(state, 3, 3)
    assert state.owner[idx("etruria")] == 1 and state.armies[0][idx("etruria")] == 0


# --- recruit -------------------------------------------------------------------------------


def test_recruit_limit_is_one_plus_government_plus_cities() -> None:
    state = started_game()  # Romans: Government 1, 1 city -> 3 a turn
    go_to(state, "recruit")
    state.pool = pool(iron=9)
    touch(state)
    for _ in range(3):
        state.apply(Recruit("army", "latium"))
    assert state.armies[0][idx("latium")] == 3
    assert state.pool == pool(iron=6)
    assert state.legal_actions() == [EndPhase("recruit")]
    with pytest.raises(IllegalAction, match="recruit: limit"):
        state.apply(Recruit("army", "latium"))


def test_armies_start_in_cities_and_fleets_in_the_sea_next_to_them() -> None:
    state = started_game()
    state.owner[idx("etruria")], state.level[idx("etruria")] = 0, 1  # a village
    go_to(state, "recruit")
    state.pool = pool(iron=1, wood=1)
    touch(state)
    recruits = {(a.kind, a.territory) for a in state.legal_actions() if isinstance(a, Recruit)}
    assert recruits == {
        ("army", "latium"),
        ("fleet", "mare_tyrrhenum"),
        ("fleet", "mare_adriaticum"),
    }
    state.apply(Recruit("fleet", "mare_adriaticum"))
    assert state.pool == pool(iron=1)


def test_unit_supply_caps_the_armies_on_the_map() -> None:
    state = started_game()
    state.armies[0][idx("etruria")] = state.game.material.ours["unit_supply"]["army"]
    state.pool["food"] = 20
    go_to(state, "recruit")
    state.pool = pool(iron=3)
    touch(state)
    assert not [a for a in state.legal_actions() if isinstance(a, Recruit)]


# --- research ------------------------------------------------------------------------------


def test_free_research_rolls_are_one_plus_science() -> None:
    state = started_game(civs=("Babylonians", "Romans"), cities=("babylonia", "latium"))
    go_to(state, "research")
    assert state.current_player == CHANCE and state.rolls_pending == 2  # Science 1
    assert sum(p for _, p in state.chance_outcomes()) == 1


def test_the_books_research_example() -> None:
    """1 point in the Arts gives level 1; 2 more give level 2; 3 more give level 3."""
    state = started_game()  # Romans: Arts 0
    arts = 2
    go_to(state, "research")
    state.rolls_pending = 6
    touch(state)
    levels = []
    for _ in range(6):
        state.apply(ResearchDie(3))
        levels.append((state.levels[0][arts], state.points[0][arts]))
    assert levels == [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_extra_research_rolls_cost_one_then_two_then_three() -> None:
    state = started_game()
    go_to(state, "research")
    state.apply(ResearchDie(1))
    state.pool = pool(food=3, stone=3)
    touch(state)
    costs = []
    for _ in range(2):
        before = sum(state.pool.values())
        state.apply(BuyResearchRoll())
        state.apply(PayRest())
        costs.append(before - sum(state.pool.values()))
        state.apply(ResearchDie(4))
    assert costs == [1, 2]
    assert BuyResearchRoll() in state.legal_actions()  # 3 left for the third
    state.apply(BuyResearchRoll())
    state.apply(PayRest())
    state.apply(ResearchDie(4))
    assert state.pool == pool() and state.legal_actions() == [EndPhase("research")]


def test_paid_research_rolls_have_no_cap_per_turn_only_their_rising_price() -> None:
    state = started_game()
    go_to(state, "research")
    state.apply(ResearchDie(1))
    state.pool = pool(gold=45)  # 1 + 2 + ... + 9
    touch(state)
    for _ in range(9):
        state.apply(BuyResearchRoll())  # gold only: nothing to choose, paid at once
        state.apply(ResearchDie(2))
    assert state.pool == pool() and state.paid_rolls == 9
    with pytest.raises(IllegalAction, match="costs 10 resources"):
        state.apply(BuyResearchRoll())


# --- score and the end ----------------------------------------------------------------------


def test_score_monuments_plus_arts_then_resources_are_lost() -> None:
    state = started_game()
    state.monuments[idx("latium")] = 2
    state.levels[0][2] = 3  # Arts 3
    go_to(state, "research")
    while state.is_chance():
        state.apply(ResearchDie(10))
    state.pool = pool(gold=4)
    state.apply(EndPhase("research"))
    assert state.vp[0] == 5
    state.apply(EndPhase("score"))
    assert state.pool == pool(food=1, gold=1, stone=1)  # the Egyptians' fresh production


def test_reaching_100_victory_points_wins_at_once() -> None:
    state = started_game()
    state.vp[0] = 99
    state.monuments[idx("latium")] = 1
    go_to(state, "research")
    while state.is_chance():
        state.apply(ResearchDie(10))
    state.apply(EndPhase("research"))
    assert state.current_player == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and "100" in outcome.reason


def test_turn_limit_ends_with_most_victory_points() -> None:
    state = started_game(max_turns=1)
    state.vp[1] = 3
    for _ in range(2):
        while state.phase != "score" or state.is_chance():
            if state.is_chance():
                state.apply(state.chance_outcomes()[0][0])
            else:
                state.apply(EndPhase(state.phase))
        state.apply(EndPhase("score"))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and "turn limit" in outcome.reason


def test_wrong_phase_is_refused_with_the_rule() -> None:
    state = started_game()
    with pytest.raises(IllegalAction, match="turn sequence"):
        state.apply(Recruit("army", "latium"))
    with pytest.raises(IllegalAction, match="turn sequence"):
        state.apply(EndPhase("move"))


def test_a_tie_at_the_turn_limit_says_tied_and_what_scores() -> None:
    """Equal leaders are 'tied at 4 victory points', not 'lead with' them, and the end
    says that only monuments and the Arts level score (the game-over banner shows it)."""
    from hcgames.classical.victory import finish_on_points

    state = started_game(max_turns=1)
    state.vp[0] = state.vp[1] = 4
    events = finish_on_points(state)
    names = f"{state.player_name(0)} and {state.player_name(1)}"
    assert events[-1].text == f"The last round is over. {names} are tied at 4 victory points."
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.reason.endswith(
        f"{names} are tied at 4 victory points; "
        "victory points come only from monuments and the Arts level"
    )


def test_the_end_at_the_turn_limit_names_every_sides_score() -> None:
    """The game-over line gives the loser's score too, not only the winner's."""
    from hcgames.classical.victory import finish_on_points

    state = started_game(max_turns=1)
    state.vp[0], state.vp[1] = 8, 6
    finish_on_points(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert (
        f"{state.player_name(0)} have the most victory points: 8, against 6 for the "
        f"{state.player_name(1)};" in outcome.reason
    )
