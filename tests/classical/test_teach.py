"""Classical Conquests exact odds: they must agree with the rules' own dice."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcgames.classical import teach as odds
from hcgames.classical.actions import EndPhase, Move, ResearchDie
from hcgames.classical.battle import round_winner
from hcgames.classical.experiments import salamis_verdict
from hcgames.classical.game import ClassicalGame
from hcgames.classical.state import ClassicalState
from tests.classical.test_game import go_to, idx, started_game
from tests.narrow import narrow


def test_one_round_at_equal_levels() -> None:
    # the attacker must roll strictly higher: 28 of the 64 pairs
    assert odds.round_chance(0, 0) == Fraction(28, 64)
    assert odds.round_chance(1, 0) == Fraction(36, 64)
    assert odds.round_chance(0, 7) == 0
    assert odds.round_chance(8, 0) == 1


def test_the_salamis_sentence_follows_the_fleets() -> None:
    """Lesson 22's sentence under the sea battle is worked out from the sliders (a fixed
    caption said two levels outweigh a fourth ship, also when the levels were equal)."""
    assert salamis_verdict(3, 2, 4, 0) == (
        "The Athenians are the favourites whoever attacks: two more levels of Nautical "
        "outweigh one extra Persian ship."
    )
    assert salamis_verdict(7, 0, 4, 0).startswith("The Athenians are the favourites")
    assert "Nautical" not in salamis_verdict(7, 0, 4, 0)
    assert salamis_verdict(3, 0, 4, 0).startswith("The Persians are the favourites")
    assert salamis_verdict(2, 0, 2, 0) == (
        "Whichever side is attacked is the favourite: here it pays to wait."
    )
    for sliders in product(range(1, 5), range(3), range(1, 5), range(3)):
        athens, persia = odds.sea_battle_odds(*sliders)
        verdict = salamis_verdict(*sliders)
        assert verdict[0].isupper() and verdict.endswith(".")
        if verdict.startswith("The Athenians"):
            assert athens > Fraction(1, 2) > persia
        if verdict.startswith("The Persians"):
            assert persia > Fraction(1, 2) > athens


def test_round_winner_gives_ties_to_the_defender() -> None:
    assert round_winner(5, 5, 0, 0) == "defender"
    assert round_winner(4, 5, 1, 0) == "defender"
    assert round_winner(5, 4, 0, 0) == "attacker"


def test_one_against_one_is_one_round() -> None:
    assert odds.battle_distribution(1, 1) == {
        (1, 0, 0): Fraction(7, 16),
        (0, 1, 0): Fraction(9, 16),
    }


def test_a_city_is_harder_to_take_than_a_village() -> None:
    village = odds.attacker_wins(2, 0, settlement="village")
    city = odds.attacker_wins(2, 0, settlement="city")
    assert city < village
    assert village == odds.attacker_wins(2, 1)  # a village fights like one army


def _battle(
    attackers: int, defenders: int, settlement: int, att_lvl: int, def_lvl: int
) -> ClassicalState:
    state = started_game()
    state.pool["food"] = 20
    state.armies[0][idx("latium")] = attackers
    state.armies[1][idx("etruria")] = defenders
    if settlement:
        state.owner[idx("etruria")], state.level[idx("etruria")] = 1, settlement
    state.levels[0][1], state.levels[1][1] = att_lvl, def_lvl
    go_to(state, "move")
    for _ in range(attackers):
        state.apply(Move("army", "latium", "etruria"))
    state.apply(EndPhase("move"))
    return state


def _walk_rules(state: ClassicalState) -> dict[tuple[int, int, bool], Fraction]:
    """Exact result distribution of the battle, found by playing every die of the rules."""

    @cache
    def walk(key: str) -> tuple[tuple[tuple[int, int, bool], Fraction], ...]:
        here = states[key]
        if here.fight is None:
            t = idx("etruria")
            return (((here.armies[0][t], here.armies[1][t], here.owner[t] == 0), Fraction(1)),)
        out: dict[tuple[int, int, bool], Fraction] = {}
        for outcome, p in here.chance_outcomes():
            child = here.copy()
            child.apply(outcome)
            states[child.digest()] = child
            for result, q in walk(child.digest()):
                out[result] = out.get(result, Fraction(0)) + p * q
        return tuple(out.items())

    states = {state.digest(): state}
    return dict(walk(state.digest()))


@pytest.mark.parametrize(
    ("attackers", "defenders", "settlement", "att_lvl", "def_lvl"),
    [(1, 1, 0, 0, 0), (2, 1, 0, 1, 0), (1, 2, 0, 0, 1), (2, 0, 2, 0, 0), (2, 1, 1, 0, 2)],
)
def test_exact_battle_odds_match_the_rules(
    attackers: int, defenders: int, settlement: int, att_lvl: int, def_lvl: int
) -> None:
    rules = _walk_rules(_battle(attackers, defenders, settlement, att_lvl, def_lvl))
    kind = {0: None, 1: "village", 2: "city"}[settlement]
    exact = odds.battle_distribution(attackers, defenders, att_lvl, def_lvl, kind)
    folded: dict[tuple[int, int, bool], Fraction] = {}
    for (a, d, _), p in exact.items():
        key = (a, d, a > 0 and settlement > 0)
        folded[key] = folded.get(key, Fraction(0)) + p
    assert rules == folded
    assert sum(rules.values()) == 1


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from([None, "village", "city"]),
)
def test_battle_distribution_is_a_distribution(
    a: int, d: int, la: int, ld: int, settlement: str | None
) -> None:
    dist = odds.battle_distribution(a, d, la, ld, settlement)
    assert sum(dist.values()) == 1
    fight = a > 0 and (d > 0 or settlement is not None)
    for (att, dfn, s), p in dist.items():
        assert p > 0
        if fight:  # a battle ends when exactly one side is used up
            assert (att == 0) != (dfn == 0 and s == 0)
    if a and d:
        assert odds.attacker_wins(a + 1, d, la, ld) >= odds.attacker_wins(a, d, la, ld)
        assert odds.attacker_wins(a, d, la + 1, ld) >= odds.attacker_wins(a, d, la, ld)


def test_research_points_follow_the_d12_table() -> None:
    dist = odds.research_points_distribution(2, "science")
    assert dist == {0: Fraction(121, 144), 1: Fraction(22, 144), 2: Fraction(1, 144)}


def test_levels_gained_match_the_rules_for_three_rolls() -> None:
    exact = odds.levels_gained_distribution(3, level=0, points=0, trait="arts")
    base = started_game()  # Romans: Arts 0
    go_to(base, "research")
    base.rolls_pending = 3
    base._legal_cache = None
    counted: dict[int, Fraction] = {}
    for faces in product(range(1, 13), repeat=3):
        state = base.copy()
        for face in faces:
            state.apply(ResearchDie(face))
        gained = state.levels[0][2]
        counted[gained] = counted.get(gained, Fraction(0)) + Fraction(1, 12**3)
    assert counted == exact
    assert exact == {0: Fraction(1331, 1728), 1: Fraction(396, 1728), 2: Fraction(1, 1728)}


def test_odds_table_prints() -> None:
    text = odds.odds_table()
    assert "ties to the defender" in text and "village" in text
    assert "0.438" in text  # one round at equal levels


def test_editing_a_position_by_hand_changes_what_can_be_done() -> None:
    import hcgames

    game = narrow(
        hcgames.load("classical-conquests", players=2, civilizations=["Romans", "Egyptians"]),
        ClassicalGame,
    )
    state = odds.first_turn(game, seed=3)
    state.legal_actions()  # worked out before the edits
    odds.set_pool(state, food=3, gold=1)
    assert state.pool == {"food": 3, "luxury": 0, "wood": 0, "iron": 0, "stone": 0, "gold": 1}
    with pytest.raises(ValueError):
        odds.set_pool(state, silver=1)
    odds.set_armies(state, 0, "latium", 3)
    odds.set_fleets(state, 0, "mare_tyrrhenum", 1)
    odds.set_settlement(state, "etruria", 0, 2, monuments=1)
    odds.set_trait_level(state, 1, "military", 2)
    m = game.material
    assert state.armies[0][m.index["latium"]] == 3
    assert state.fleets[0][m.index["mare_tyrrhenum"]] == 1
    etruria = m.index["etruria"]
    assert (state.owner[etruria], state.level[etruria], state.monuments[etruria]) == (0, 2, 1)
    assert state.levels[1][1] == 2


def test_an_edited_position_works_its_legal_actions_out_afresh() -> None:
    import hcgames

    game = narrow(
        hcgames.load("classical-conquests", players=2, civilizations=["Romans", "Egyptians"]),
        ClassicalGame,
    )
    state = odds.battle_in_etruria(game, attackers=2, defenders=1)
    while state.phase != "move":
        state.apply(EndPhase(state.phase))
    march = Move("army", "latium", "etruria")
    assert march in state.legal_actions()  # worked out and kept for this position
    odds.set_armies(state, 0, "latium", 0)
    assert march not in state.legal_actions()


def test_a_battle_under_way_waits_for_its_first_dice() -> None:
    import hcgames

    game = narrow(
        hcgames.load("classical-conquests", players=2, civilizations=["Romans", "Egyptians"]),
        ClassicalGame,
    )
    state = odds.battle_under_way(game, 4, 1, settlement=2, attack_level=1)
    etruria = game.material.index["etruria"]
    assert state.fight is not None and state.is_chance()
    assert (state.owner[etruria], state.level[etruria]) == (1, 2)
    assert state.levels[0][1] == 1 and state.levels[1][1] == 0
    assert state.armies[0][etruria] == 4 and state.armies[1][etruria] == 1


def test_first_turn_of_a_people_places_both_cities() -> None:
    state = odds.first_turn_of("Athenians", seed=11)
    m = state.game.material
    assert state.owner[m.index["latium"]] == 0 and state.owner[m.index["aegyptus_inferior"]] == 1
    assert state.player_name(0) == "Athenians" and state.player_name(1) == "Egyptians"
    assert odds.first_turn_of("Egyptians").player_name(1) == "Romans"


def test_resource_rows_and_paths_read_the_map() -> None:
    from hcgames.classical.material import load_material

    m = load_material()
    rows = odds.resource_roll_rows(m.land_table, m.land_die)
    assert len(rows) == len(m.land_table) and all(r["chance"].endswith(" in 8") for r in rows)
    assert odds.path_between("latium", "latium") == ["Latium"]
    path = odds.path_between("latium", "sicilia")
    assert path[0] == "Latium" and path[-1] == m.territories[m.index["sicilia"]].name
    assert odds.path_between("latium", m.index["sicilia"]) == path
    assert len(path) - 1 == m.distances[m.index["latium"]][m.index["sicilia"]]


def test_the_peoples_in_words() -> None:
    from hcgames.classical.material import load_material

    m = load_material()
    romans = m.civ("Romans")
    assert odds.homeland(romans) == "Latium"
    assert odds.traits_of(romans).count(" + ") == len(romans.traits) - 1
    assert {odds.age_of(c) for c in m.civilizations} <= {
        "Bronze Age",
        "Iron Age and classical",
        "Late antiquity",
    }
    latium = m.territories[m.index["latium"]]
    said = odds.homeland_tooltip(latium)  # a plain sentence (look 6, lesson 23)
    assert said.startswith("Latium, homeland of the Romans, is a land that is today")


def test_the_famine_and_payment_positions_of_lesson_21() -> None:
    from hcgames.classical.actions import Settle

    hungry = odds.hungry_romans()
    assert hungry.pool["food"] == 3 and hungry.pool["gold"] == 1
    assert hungry.armies[0][hungry.game.material.index["latium"]] == 3
    settle = odds.settle_with(food=1, wood=1, stone=1)
    assert settle.phase == "settle" and settle.player_name(settle.current_player) == "Romans"
    assert sum(settle.pool.values()) == 3
    assert Settle("etruria") in settle.legal_actions()


# --- the tables and texts of lessons 21 and 22 ----------------------------------------------


def test_the_round_grid_counts_the_rules_own_dice() -> None:
    grid = odds.round_grid(0, 0)
    assert sum(map(sum, grid)) == 28 and not grid[4][4]  # a tie goes to the defender
    assert sum(map(sum, odds.round_grid(1, 0))) == 36
    assert "attacker wins 28 of 64 = 7/16" in odds.round_grid_text()


def test_the_battle_tables_agree_with_the_exact_odds() -> None:
    rows = odds.level_difference_rows()
    assert [r["level difference"] for r in rows] == ["-3", "-2", "-1", "+0", "+1", "+2", "+3"]
    assert rows[4]["attacker wins a round"] == "9/16"
    assert "9/16 = 0.562" in odds.level_difference_text()
    assert odds.battle_table_rows(2)[0] == {
        "attackers": "1 attack",
        "1 defend": "44%",
        "2 defend": f"{float(odds.attacker_wins(1, 2)):.0%}",
    }
    exact = odds.capture_rows(2, exact=True)
    assert exact[0]["empty village"] == round(
        float(odds.attacker_wins(1, 0, settlement="village")), 3
    )
    assert "attacking armies" in odds.capture_rows(1)[0]


def test_battle_results_add_up_to_one_and_read_as_text() -> None:
    results = odds.battle_results(3, 2)
    assert sum(results.values()) == 1
    assert odds.battle_result_label(2, 0) in results and odds.battle_result_label(0, 1) in results
    city = odds.capture_results(4, 1, attack_level=1)
    assert set(city) == {"city captured", "attack fails"} and sum(city.values()) == 1
    assert odds.results_text(city, 14).splitlines()[0].startswith("attack fails   ")


def test_sea_battle_odds_name_both_attackers() -> None:
    athens, persia = odds.sea_battle_odds(3, 2, 4, 0)
    assert athens == odds.attacker_wins(3, 4, attacker_level=2)
    assert persia == odds.attacker_wins(4, 3, defender_level=2)


def test_research_prices_and_chances() -> None:
    assert [r["resources in all"] for r in odds.extra_roll_prices(4)] == [1, 3, 6, 10]
    assert 0 < odds.science_to_two(12) < odds.science_to_two(24) < 1
    assert odds.levels_gained_text((1,)).startswith("  1 roll -> 0 levels: ")
    assert "1 extra roll cost 1 resource in all" in odds.buying_rolls_text()
    assert odds.in_hand({"food": 3, "gold": 1, "wood": 0}) == "3 food, 1 gold and trade"
    assert odds.in_hand({"food": 0}) == "nothing"
