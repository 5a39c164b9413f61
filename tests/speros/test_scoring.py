"""Scoring Conquest of Speros: a finished game worked out by hand, resource sets,
every Bonus and Mastery Objective, and both tie-breaks."""

from __future__ import annotations

from itertools import combinations

import pytest

from hcgames.speros import end_now, give_captured, lay_out, start
from hcgames.speros.actions import ChooseBonus
from hcgames.speros.material import Objective, load_card_set
from hcgames.speros.scoring import metric, objective_vp, resource_sets, score_lines
from hcgames.speros.state import SperosState

# Player 0 leads the dwarves (mountain), player 1 the elves (forest), player 2 the
# merfolk (ocean).


def _table(one_resource_per_card: bool = False) -> SperosState:
    state = start(
        3, ["mountain", "forest", "ocean"], seed=21, one_resource_per_card=one_resource_per_card
    )
    state.mastery = ["MA02", "MA07"]  # most mountain captures (4), most captures (5)
    state.bonus = [["B02", "B10", "B14"], ["B01", "B05", "B13"], ["B03", "B12", "B16"]]
    give_captured(state, 0, "M01", [(0, "G"), (0, "M")])  # gold, 1 VP
    give_captured(state, 0, "M02", [(0, "M"), (0, "M"), (1, "M")])  # crystal+iron, 2 VP
    give_captured(state, 0, "F06", [(0, "M"), (0, "M")])  # gold, 1 VP
    give_captured(state, 0, "A10", [(0, "M")])  # iron+crystal, -1 VP
    give_captured(state, 1, "F01", [(1, "M"), (1, "M")])  # crystal, 1 VP
    give_captured(state, 1, "F02", [(1, "G"), (1, "M"), (2, "M")])  # iron, 2 VP
    give_captured(state, 1, "F03")  # crystal+iron, 1 VP
    give_captured(state, 1, "F09")  # gold, 0 VP
    lay_out(state, "O02", [(2, "M")])  # ocean, not captured
    lay_out(state, "M08", [(2, "G")])  # mountain, not captured
    return state


def _sheet(state: SperosState, player: int) -> dict[str, int]:
    return {line.split(":")[0]: vp for line, _, vp in score_lines(state, player)}


def test_a_finished_game_scored_by_hand() -> None:
    state = _table()
    end_now(state)
    for player, bonus in enumerate(["B02", "B01", "B12"]):
        assert state.current_player == player
        state.apply(ChooseBonus(bonus))
    assert state.is_terminal()
    # Player 0: cards 1 + 2 + 1 - 1 = 3; two sets (each crystal+iron card with a gold
    # card) = 6; familiar minions M01 + 2 on M02 = 3 x 2; unfamiliar minions
    # 2 on F06 + 1 on A10 = 3 x 1; General on M01 familiar 3; Lord of Peaks 2 x 2 = 4;
    # mastery: mountains alone 4, captures tied 4-4 with player 1: 5 // 2 = 2.
    assert _sheet(state, 0) == {
        "captured cards": 3,
        "resource sets": 6,
        "Minions on familiar terrain": 6,
        "Minions on unfamiliar terrain": 3,
        "General on familiar terrain": 3,
        "General on unfamiliar terrain": 0,
        "bonus": 4,
        "mastery objectives": 6,
    }
    # Player 1: cards 1 + 2 + 1 + 0 = 4; one set (only F09 shows gold) = 3; familiar
    # minions 2 + 1 = 3 x 2; one minion on M02 (unfamiliar) 1; General familiar 3;
    # Keeper of Groves 2 x 4 = 8; mastery 2.
    assert _sheet(state, 1) == {
        "captured cards": 4,
        "resource sets": 3,
        "Minions on familiar terrain": 6,
        "Minions on unfamiliar terrain": 1,
        "General on familiar terrain": 3,
        "General on unfamiliar terrain": 0,
        "bonus": 8,
        "mastery objectives": 2,
    }
    # Player 2: a minion on ocean (familiar, uncaptured still counts) 2, a minion on a
    # forest card 1, the General on a mountain 2; Homeland Guard 1 familiar unit = 1.
    assert _sheet(state, 2) == {
        "captured cards": 0,
        "resource sets": 0,
        "Minions on familiar terrain": 2,
        "Minions on unfamiliar terrain": 1,
        "General on familiar terrain": 0,
        "General on unfamiliar terrain": 2,
        "bonus": 1,
        "mastery objectives": 0,
    }
    assert state.scores() == {0: 31.0, 1: 27.0, 2: 6.0}
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_one_resource_per_card_option_counts_a_two_resource_card_once() -> None:
    # The same table under the other reading: player 0's cards show gold, gold and
    # crystal+iron twice; each set now takes three cards (gold, crystal, iron), so
    # four cards make one set: 3 VP instead of 6. Player 1 keeps one set
    # (F01 crystal, F02 iron, F09 gold).
    state = _table(one_resource_per_card=True)
    assert state.game.options["one_resource_per_card"] is True
    assert _sheet(state, 0)["resource sets"] == 3
    assert _sheet(state, 1)["resource sets"] == 3
    assert metric(state, 0, "resource_sets") == 1
    default = _table()
    assert "one_resource_per_card" not in default.game.options
    assert _sheet(default, 0)["resource sets"] == 6


def test_units_in_base_camp_score_nothing() -> None:
    state = start(2, seed=3)
    sheet = _sheet(state, 0)
    assert sum(sheet.values()) == 0


# (cards shown, sets when a card fills a place per resource, sets at one place a card)
SET_HANDS = [
    ([("crystal",), ("iron",), ("gold",)], 1, 1),
    ([("crystal", "gold"), ("iron",)], 1, 0),
    ([("crystal", "iron"), ("crystal", "iron"), ("gold",)], 1, 1),
    ([("crystal", "iron"), ("crystal", "iron"), ("crystal", "iron")], 0, 0),
    ([("crystal", "iron"), ("iron", "gold")], 1, 0),
    ([("crystal", "iron"), ("iron", "gold"), ("crystal", "gold")], 1, 1),
    ([("crystal", "gold"), ("iron",), ("crystal", "gold"), ("iron",), ("gold",)], 2, 1),
    ([("crystal", "iron", "gold")] * 6, 6, 2),
    ([("crystal",)] * 3 + [("iron", "gold")] * 3, 3, 1),
    ([("crystal",), ("iron",), ("gold",)] * 3 + [("gold",)], 3, 3),
    ([("crystal", "gold"), ("iron",), ("crystal", "iron"), ("gold",), ("crystal",)], 2, 1),
    # pairing the two pair cards together would waste the singles: 2 sets, not 1
    ([("crystal", "iron"), ("iron", "gold"), ("gold",), ("crystal",)], 2, 1),
    ([], 0, 0),
]


@pytest.mark.parametrize(("cards", "sets", "one_place_sets"), SET_HANDS)
def test_resource_set_a_card_fills_a_place_per_resource_it_shows(
    cards: list, sets: int, one_place_sets: int
) -> None:
    assert resource_sets(cards) == sets


@pytest.mark.parametrize(("cards", "sets", "one_place_sets"), SET_HANDS)
def test_resource_set_option_one_place_per_card_never_counts_a_card_twice(
    cards: list, sets: int, one_place_sets: int
) -> None:
    assert resource_sets(cards, one_place_per_card=True) == one_place_sets


def test_resource_sets_match_a_search_over_every_split_of_the_cards() -> None:
    """The counting shortcut against a plain search: every way to deal the cards into
    groups, for every hand of up to seven cards drawn from the seven kinds."""
    from itertools import combinations_with_replacement

    kinds = [
        ("crystal",),
        ("iron",),
        ("gold",),
        ("crystal", "iron"),
        ("crystal", "gold"),
        ("iron", "gold"),
        ("crystal", "iron", "gold"),
    ]

    def search(cards: tuple, one_place: bool) -> int:
        if not cards:
            return 0
        first, rest = cards[0], cards[1:]
        best = search(rest, one_place)  # the first card in no set
        for size in (1, 2):  # groups of two or three cards
            for others in combinations(range(len(rest)), size):
                group = (first, *(rest[i] for i in others))
                if one_place:
                    if len(group) != 3 or not _one_each(group):
                        continue
                elif {r for c in group for r in c} != {"crystal", "iron", "gold"}:
                    continue
                left = tuple(c for i, c in enumerate(rest) if i not in others)
                best = max(best, 1 + search(left, one_place))
        if not one_place and len(first) == 3:
            best = max(best, 1 + search(rest, one_place))
        return best

    for n in range(8):
        for hand in combinations_with_replacement(kinds, n):
            assert resource_sets(hand) == search(hand, False), hand
            assert resource_sets(hand, one_place_per_card=True) == search(hand, True), hand


def _one_each(group: tuple) -> bool:
    return any(
        {a, b, c} == {"crystal", "iron", "gold"}
        for a in group[0]
        for b in group[1]
        for c in group[2]
    )


# Metric values of _table() worked out by hand, per player.
HAND_METRICS: dict[tuple[str, str | None], tuple[int, int, int]] = {
    ("captured_terrain", "forest"): (1, 4, 0),
    ("captured_terrain", "mountain"): (2, 0, 0),
    ("captured_terrain", "ocean"): (0, 0, 0),
    ("captured_terrain", "swamp"): (0, 0, 0),
    ("captured_resource", "crystal"): (2, 2, 0),
    ("captured_resource", "iron"): (2, 2, 0),
    ("captured_resource", "gold"): (2, 1, 0),
    ("captured_cards", None): (4, 4, 0),
    ("captured_artifacts", None): (1, 0, 0),
    ("resource_sets", None): (2, 1, 0),
    ("distinct_terrains", None): (2, 1, 0),
    ("deployed_minions", None): (6, 4, 2),
    ("units_familiar", None): (4, 4, 1),
    ("units_on_rivals", None): (0, 1, 1),
    ("large_captures", None): (1, 1, 0),
    ("own_terrain_captures", None): (2, 4, 0),
}


def _hand_value(state: SperosState, objective: Objective, player: int) -> int:
    if objective.metric == "cards_in_hand":
        return len(state.hands[player])
    key = (objective.metric, objective.terrain or objective.resource)
    return HAND_METRICS[key][player]


@pytest.mark.parametrize("objective", load_card_set().bonus, ids=lambda o: o.id)
def test_each_bonus_objective(objective: Objective) -> None:
    state = _table()
    for player in range(3):
        value = _hand_value(state, objective, player)
        assert (
            metric(state, player, objective.metric, objective.terrain, objective.resource) == value
        )
        expected = (
            objective.per * value
            if objective.per
            else (objective.vp if value >= objective.at_least else 0)
        )
        assert objective_vp(state, player, objective) == expected


@pytest.mark.parametrize("objective", load_card_set().mastery, ids=lambda o: o.id)
def test_each_mastery_objective_shared_rounded_down(objective: Objective) -> None:
    state = _table()
    state.mastery = [objective.id]
    values = [_hand_value(state, objective, p) for p in range(3)]
    best = max(values)
    leaders = [p for p in range(3) if values[p] == best] if best > 0 else []
    for player in range(3):
        expected = objective.vp // len(leaders) if player in leaders else 0
        assert _sheet(state, player)["mastery objectives"] == expected


def _two_player_tie() -> SperosState:
    state = start(2, ["mountain", "forest"], seed=2, mastery=False)
    state.bonus = [["B08", "B09", "B11"], ["B08", "B09", "B11"]]  # nothing scores
    return state


def test_tie_broken_by_captured_locations_of_ones_own_colour() -> None:
    state = _two_player_tie()
    give_captured(state, 0, "M01")  # own colour, 1 VP
    give_captured(state, 1, "M06")  # player 1's foreign card, 1 VP
    end_now(state)
    state.apply(ChooseBonus("B08"))
    state.apply(ChooseBonus("B08"))
    assert state.scores()[0] == state.scores()[1]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "own colour" in outcome.reason


def test_a_tie_on_both_counts_is_a_draw() -> None:
    state = _two_player_tie()
    give_captured(state, 0, "M01")
    give_captured(state, 1, "F06")
    end_now(state)
    state.apply(ChooseBonus("B08"))
    state.apply(ChooseBonus("B08"))
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.winners == (0, 1)
    assert state.returns() == [0.5, 0.5]
