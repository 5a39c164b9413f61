"""The booklet's worked examples as the lessons tell them (hcgames.conqueror.walkthroughs)."""

from __future__ import annotations

from fractions import Fraction

import hcgames
from hcgames.conqueror import walkthroughs
from hcgames.conqueror.game import DuelsGame
from tests.conqueror.conftest import army, owner_name


def duels(scenario: str = "standard") -> DuelsGame:
    game = hcgames.load("conqueror-duels", scenario=scenario)
    assert isinstance(game, DuelsGame)
    return game


def test_gold_discovered_tells_the_booklets_round_in_five_stages() -> None:
    story = walkthroughs.gold_discovered(duels())
    labels = [stage[0] for stage in story.stages]
    assert labels == [
        "1. End of round 1",
        "2. The card",
        "3. Planning",
        "4. Carthage moves",
        "5. Rome attacks",
    ]
    assert all(len(stage) == 5 for stage in story.stages)
    assert story.stages[0][1].phase == "chronicle" and story.state("2.").round == 2
    assert any("Gold Discovered" in line for line in story.stages[1][3])
    assert (
        owner_name(story.last, "Alpes") == "Rome" and owner_name(story.last, "Cyrene") == "Carthage"
    )
    assert sum(p for _, p in story.facts["deck"]) == 1
    # the cards that could have come up are shown once the card is turned, not before
    assert story.stages[0][4] == [] and len(story.stages[1][4]) == len(story.facts["deck"]) == 6
    assert "The whole deck has 10 cards" in story.stages[1][2]
    assert story.facts["next round"].round == 3
    assert "Alpes" in story.focus
    # stage 5 tells Rome's battle in sums (no log under it): the sums are the game's
    said = [e.text for e in story.last.events]
    assert any("Totals 12 against 8: Rome wins by 4" in line for line in said)
    assert "<b>12</b>" in story.stages[4][2] and "<b>8</b>" in story.stages[4][2]


def test_capital_prize_race_pays_the_prize_once() -> None:
    game = duels()
    story = walkthroughs.capital_prize_race(game)
    before, after = story.facts["gold before"], story.last.gold
    win, prize = game.rules["gold_per_win"], game.scenario.capital_prize
    carthage, rome = game.player_names.index("Carthage"), game.player_names.index("Rome")
    assert after[carthage] == before[carthage] + win + prize
    assert after[rome] == before[rome] + win
    assert [row["Gold after"] for row in story.facts["rows"]] == list(after)


def test_the_alps_battle_waits_for_its_dice() -> None:
    battle = walkthroughs.alps_battle(duels())
    assert battle.before.is_chance() and army(battle.before, "Alpes") == ("Rome", 1, 0)
    state, said = battle.after(3, 4)  # the booklet's dice: 9 against 8, Rome's 4 costs a unit
    assert owner_name(state, "Alpes") == "Carthage" and army(state, "Alpes")[1] == 2
    assert any("rolled a 4" in line for line in said)
    assert battle.before.battle is not None  # the position waiting for the dice is kept


def test_babylon_battle_is_the_booklets_joint_attack() -> None:
    story = walkthroughs.babylon_battle(duels("first-syrian-war"))
    assert story.facts["chance"] == Fraction(7, 12)
    assert len(story.facts["choices"]) == 2
    assert owner_name(story.last, "Babylon") == "Egypt"
    assert "7/12" in story.stages[0][2]


def test_gallic_food_counts_the_booklets_numbers() -> None:
    game = duels("gallic-wars")
    story = walkthroughs.gallic_food(game)
    gaul = game.player_names.index("Gaul")
    start, lost = story.stages[0][1], story.stages[1][1]
    assert (start.unit_cap(gaul), start.units_of(gaul)) == (10, 10)
    assert (lost.unit_cap(gaul), lost.units_of(gaul)) == (8, 10)
    assert story.stages[1][4][0] == {
        "Side": "Gaul",
        "Food": 2,
        "Soldiers it can feed": 8,
        "All its soldiers": 10,
    }
    assert all("disband" in str(a) for a in story.last.legal_actions())


def test_persia_rally_keeps_its_soldiers_this_round() -> None:
    game = duels("rome-vs-persia")
    story = walkthroughs.persia_rally(game)
    persia = story.facts["side"]
    trouble, rallied, hit, recovered = (stage[1] for stage in story.stages)
    assert trouble.rally_possible(persia) and trouble.units_of(persia) == 14
    assert rallied.gold[persia] == trouble.gold[persia] + 15
    assert walkthroughs.food_cap(hit, persia) == 10 and hit.units_of(persia) == 15
    assert walkthroughs.food_cap(recovered, persia) == 20
    # scenario 4: Rhodes, emptied by the infantry that crosses to Asia Minor, is nobody's
    assert owner_name(recovered, "Rhodes") == "nobody"
    # Persia walks into lands Rome's riders left (it could win neither by a battle)
    assert owner_name(hit, "Libya") == "Rome" and owner_name(hit, "Asia Minor") == "Rome"
    for land in ("Libya", "Asia Minor"):
        assert owner_name(recovered, land) == "Persia"
    assert recovered.units_of(1 - persia) == hit.units_of(1 - persia)


def test_cyrene_left_empty_goes_its_own_way() -> None:
    story = walkthroughs.cyrene_left_empty(duels("rome-vs-persia"))
    assert story.facts == {"after the move": "nobody", "next round": "the independent army"}
    assert [stage[0] for stage in story.stages] == ["Rome leaves Cyrene", "Round 2 begins"]


def test_percent_and_an_unknown_stage() -> None:
    assert walkthroughs.percent(Fraction(13, 18)) == "72%"
    story = walkthroughs.cyrene_left_empty(duels("rome-vs-persia"))
    try:
        story.state("no such stage")
    except KeyError as error:
        assert "Rome leaves Cyrene" in str(error)
    else:
        raise AssertionError("an unknown stage should be refused")


def test_the_booklet_round_says_where_rome_s_infantry_is_and_the_map_key_explains_done() -> None:
    """Lesson 10's stage 5: the infantry that fought stays in Rome (one unit may stay
    behind after a win, our rule), the map marks it with a tick and 1 and its key says why."""
    from hcgames.widgets import MapView  # a widget only for this check

    booklet = walkthroughs.gold_discovered(DuelsGame(scenario="standard"))
    label, _state, words, _said, _rows = booklet.stages[-1]
    assert label == "5. Rome attacks" and "stays in Rome" in words and "our rule" in words
    view = MapView(booklet.last)
    assert "Rome 1 inf \u27131" in view.labels()
    assert "1 unit has moved or fought this round" in view.legend.value
