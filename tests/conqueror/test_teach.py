"""The positions Conqueror: Duels lessons open at (DuelsGame.teaching_setups)."""

from __future__ import annotations

import hcgames
from hcgames.conqueror.actions import Attack, JointAttack
from hcgames.conqueror.game import DuelsGame
from hcgames.conqueror.state import DuelsState
from tests.conqueror.conftest import army, battle, new, owner_name, setup
from tests.narrow import narrow


def test_every_scenario_offers_its_start_and_only_its_own_positions() -> None:
    for variant in hcgames.game_class("conqueror-duels").variants():
        game = hcgames.load("conqueror-duels", **variant)
        setups = game.teaching_setups()
        assert "start" in setups
        for make in setups.values():
            state = make()
            assert isinstance(state, DuelsState)
            assert state.game.scenario.key == variant["scenario"]
    syrian = hcgames.load("conqueror-duels", scenario="first-syrian-war").teaching_setups()
    standard = hcgames.load("conqueror-duels").teaching_setups()
    assert "babylon joint attack" in syrian and "babylon joint attack" not in standard
    assert "capital prize" in standard and "capital prize" not in syrian


def test_the_babylon_position_is_the_booklets() -> None:
    state = setup("babylon joint attack", "first-syrian-war")
    assert state.phase == "action" and state.player_name(state.current_player) == "Egypt"
    assert army(state, "Babylon") == ("Persia", 0, 1)
    joint = JointAttack(("Palestina", "Syria"), "Babylon")
    assert joint in state.legal_actions()
    battle(state, joint, 3, 3)  # the booklet's 9 against 8
    assert owner_name(state, "Babylon") == "Egypt"


def test_the_capital_prize_position_pays_the_prize() -> None:
    state = setup("capital prize")
    assert army(state, "Brundisium") == ("Carthage", 3, 0)
    before = state.gold[0]
    battle(state, Attack("Brundisium", "Rome", 3, 0), 6, 1)
    prize = state.game.scenario.capital_prize
    assert state.gold[0] == before + state.game.rules["gold_per_win"] + prize


def test_play_and_roll_dice_walk_a_battle_in_sentences() -> None:
    from hcgames.conqueror.actions import LeaveBehind, Recruit
    from hcgames.conqueror.teach import play, roll_dice, sentence

    assert sentence(Recruit("Carthage", "cavalry")).startswith("Recruit")
    state = setup("capital prize")
    said = play(state, Attack("Brundisium", "Rome", 3, 0))
    assert said and all(isinstance(line, str) for line in said)
    rolled = roll_dice(state, 6, 1)
    assert any("6" in line for line in rolled)
    play(state, LeaveBehind("Brundisium", ""))
    assert owner_name(state, "Rome") == "Carthage"


def test_after_the_dice_and_the_dice_grid() -> None:
    from hcgames.conqueror.actions import EndPhase, PlayHero
    from hcgames.conqueror.battle import Army, fight
    from hcgames.conqueror.teach import after_the_dice, dice_grid_html, play

    before = new(seed=0)
    play(before, EndPhase(), EndPhase())
    before.set_army("Gaul", "Carthage", 3, 0)
    before.set_army("Alpes", "Rome", 1, 0)
    play(before, Attack("Gaul", "Alpes", 3, 0))
    while not before.is_chance():
        play(before, PlayHero(""))
    state, said = after_the_dice(before, 6, 1)
    assert state.battle is None and before.battle is not None and said
    assert owner_name(state, "Alpes") == "Carthage"
    carthage, rome = Army(cavalry=3), Army(cavalry=1, bonus=2)
    grid = dice_grid_html(carthage, rome, (3, 4))
    assert grid.count("<td") == 36 and grid.count("outline:3px") == 1
    wins = sum(fight(carthage, rome, a, d).attacker_wins for a in range(1, 7) for d in range(1, 7))
    assert grid.count(">C<") + grid.count(">C*<") == wins


def test_scenario_results_say_who_won_and_how_in_words() -> None:
    from hcgames.conqueror.teach import how_it_ended, scenario_results

    results = scenario_results("standard", 3, seed=0)
    assert len(results) == 3
    for winner, how, rounds in results:
        assert winner in ("Carthage", "Rome", "draw") and rounds >= 1
        assert not any(ch.isdigit() for ch in how)
    assert how_it_ended("a draw after 12 rounds") == "a draw"
    assert how_it_ended("something 12 new") == "something # new"


def test_tables_and_lists_a_lesson_reads_off_a_game() -> None:
    from hcgames.conqueror import teach

    game = DuelsGame()
    start = game.new_game(seed=1)
    rows = teach.gold_rows(start)
    assert [row["Side"] for row in rows] == list(game.player_names)
    assert rows[0]["Income each round"] == start.income_of(0)
    sellers = teach.heroes_for_sale(game)
    assert {side for side, _ in sellers} == set(game.player_names)
    assert len(teach.hero_rows(game)) == len(sellers)
    assert [row["Side"] for row in teach.hero_rows(game)] == sorted(
        (side for side, _ in sellers), key=game.player_names.index
    )
    assert teach.fort_rows(start, "Forts")[0] == {"Side": game.player_names[0], "Forts": 2}
    assert teach.attacks(start) == []  # nobody attacks in a planning phase


def test_step_round_and_round_log() -> None:
    from hcgames.conqueror import teach
    from hcgames.widgets import GameStepper

    stepper = GameStepper(
        hcgames.load("conqueror-duels").new_game(seed=1), bots=["greedy"] * 2, seed=1
    )
    steps = teach.step_round(stepper)
    assert steps > 0 and stepper.state.round == 2
    log = teach.round_log(narrow(stepper.state, DuelsState), 1)
    assert log[0] == " planning | Round 1 begins."
    assert all(" | " in line for line in log)


def test_battle_sums_grids_and_outcomes() -> None:
    import random

    from hcgames.conqueror import teach
    from hcgames.conqueror.battle import Army

    carthage, rome = Army(cavalry=3), Army(cavalry=1, bonus=2)
    assert teach.battle_sum(carthage, 3) == "3 × 2 + 3"
    assert teach.battle_sum(rome, 4) == "2 + 2 + 4"
    assert teach.battle_sum(Army(cavalry=2, infantry=3), 1) == "2 × 2 + 3 + 1"
    grid = teach.dice_grid_text(carthage, rome)
    assert len(grid) == 8 and grid[2] == "rolls 1    C  C  R  R  R  R "
    chances = teach.outcome_chances(carthage, rome)
    assert sum(chances.values()) == 1 and "Carthage wins, each loses 1" in chances
    sides = ("Carthage", "Rome")
    assert teach.outcome_label(sides, True, 1, 2) == "Carthage wins, Rome loses 2, Carthage 1"
    assert teach.outcome_label(sides, False, 1, 0) == "Rome holds, Carthage loses 1"
    roll = teach.outcome_simulator(carthage, rome)
    assert {roll(random.Random(n)) for n in range(200)} <= set(chances)


def test_experiments_count_their_games() -> None:
    from hcgames.conqueror import teach

    results = [("Rome", "a draw", 3), ("Carthage", "held out", 12), ("Rome", "held out", 12)]
    counts = teach.experiment_summary(results)
    assert list(counts["wins"].items()) == [("Rome", 2), ("Carthage", 1)]
    assert counts["endings"]["Rome: held out"] == 1 and counts["how"]["held out"] == 2
    assert list(counts["rounds"]) == ["3", "12"]
    shares = teach.winner_shares("gallic-wars", 4)
    assert sum(pct for _, pct in shares) == 100


def test_points_and_closed_territories() -> None:
    from hcgames.conqueror import teach

    duel = DuelsGame(scenario="rome-vs-persia")
    by_value = teach.points_by_value(duel)
    assert list(by_value) == sorted(by_value, reverse=True) and "Rome" in by_value[4]
    assert teach.points_rows(duel)[0]["Points"] == 4
    opening = duel.new_game(seed=0)
    assert teach.starting_points(opening).startswith("Rome starts with **")
    rows = teach.closed_territories()
    # one row a scenario: the short standard game is the standard game's row, not a second
    scenarios = {v["scenario"] for v in hcgames.game_class("conqueror-duels").variants()}
    assert len(rows) == len(scenarios) == len({row["Scenario"] for row in rows})
    assert rows[0]["Closed to both sides"] == "nothing: the whole map is open"
    assert "  closed: nothing" in teach.closed_text()


def test_chance_rows_and_the_careful_player() -> None:
    from fractions import Fraction

    from hcgames.conqueror import teach, walkthroughs

    game = DuelsGame()
    deck = walkthroughs.gold_discovered(game).facts["deck"]
    rows = teach.chance_rows(game, deck)
    assert {"Chronicle card": "Gold Discovered", "Chance": str(Fraction(1, 6))} in rows
    assert 0 <= teach.careful_against_careless(games=1) <= 2


def test_the_land_table_adds_up_to_each_sides_income_and_food() -> None:
    """Lesson 10 shows each side's land with its gold and food on the page (look 7: only
    in the map's small tooltips); every side's total is its income and its food."""
    from hcgames.conqueror import teach

    for scenario in ("standard", "gallic-wars"):
        state = narrow(DuelsGame(scenario=scenario).new_game(seed=1), DuelsState)
        rows = teach.land_rows(state)
        for side, name in enumerate(state.game.player_names):
            own = [r for r in rows if r["Side"] == name]
            assert own[-1]["Land"] == "Total" and len(own) > 1
            assert own[-1]["Gold each round"] == state.income_of(side)
            assert own[-1]["Food"] == state.food_of(side)
            assert sum(r["Gold each round"] for r in own[:-1]) == own[-1]["Gold each round"]


def test_lesson_13s_hard_play_table_and_its_words_agree() -> None:
    """Look 11: the paragraph said Carthage wins one game in four while the table's
    first row (the standard game) said 84%. Both now come from data/conqueror/balance.json:
    each number the paragraph names is the table's."""
    from hcgames.conqueror import teach

    titles = {
        v["scenario"]: DuelsGame(**v).scenario.title
        for v in hcgames.game_class("conqueror-duels").variants()
    }
    rows = teach.hard_balance_rows(titles)
    assert [r["Scenario"] for r in rows] == list(titles.values())
    words = " ".join(teach.hard_balance_paragraph())
    standard, punic = rows[0], rows[1]
    assert f"Carthage won {standard['First side wins'].split()[-1]} of these games" in words
    assert (
        f"Carthage won only {punic['First side wins'].split()[-1]}, about one game in four" in words
    )
    assert "Rome is still the favourite" in words
