"""Every sentence a student reads is right, in all five games (issue 38).

The harness (:mod:`tests.sentences`) plays seeded games of every game, variant and
player count with random play and the level bots, gathers what a student reads (event
logs, ``describe()``, map tooltips, card rows, actions, bots' reasons, refusals of
mutated and out-of-turn actions, outcomes, card, ability and hero texts, and the play
screen's own lines: standing, step, move list, why a step passes or a card is refused,
battle sums) and checks each
sentence: number agreement, a/an, capitals, no program words or ids, no "(s)", every
word English or one of the project's names. Then the refusals: each names its rule,
none falls back to the catch-all "legal actions", and each one's reason speaks of the
rule it names (checked against what the rule is about, written in the tests from the
rules, not from the engine's sentences). The examples the issue lists are
cases below, each named for what it checks.
"""

from __future__ import annotations

from typing import cast

import pytest

import hcgames
from hcgames.classical.actions import Starve
from hcgames.classical.game import ClassicalGame
from hcgames.classical.state import ClassicalState
from hcgames.conqueror.actions import Disband, Recruit
from hcgames.conqueror.state import DuelsState
from hcgames.conqueror.turn import Stage
from hcgames.core import IllegalAction
from tests import sentences
from tests.sentences import Harvest, problems, unknown_words


@pytest.fixture(scope="module")
def harvest() -> Harvest:
    return sentences.gather("test")


def test_the_harness_reads_thousands_of_sentences_from_every_kind_of_place(
    harvest: Harvest,
) -> None:
    kinds = {"event", "describe", "tooltip", "card", "action", "refusal", "bot reason"}
    kinds |= {"question", "debrief"}  # the lessons' questions, the debriefs' history
    kinds |= {"status", "step", "move list", "reason"}  # the play screen's own lines
    assert kinds <= set(harvest.sentences), sorted(harvest.sentences)
    assert len(harvest.all()) > 8000
    games = {game for game, *_ in harvest.refusals}
    assert games == set(hcgames.available_games())


def test_every_sentence_is_plain_correct_english(harvest: Harvest) -> None:
    classes = sentences.class_names()
    bad = [
        f"[{where}] {text[:160]} -> {found}"
        for where, texts in sorted(harvest.sentences.items())
        for text in sorted(texts)
        if (found := problems(text, classes, where))
    ]
    assert not bad, f"{len(bad)} sentences are wrong:\n" + "\n".join(bad[:40])


def test_every_word_is_english_or_one_of_our_names(harvest: Harvest) -> None:
    unknown: dict[str, str] = {}
    for text in sorted(harvest.all()):
        for word in unknown_words(text):
            unknown.setdefault(word, text)
    assert not unknown, "words in no word list (add a real name to tests/sentence_names.txt):\n" + (
        "\n".join(f"{word!r} in: {text[:120]}" for word, text in sorted(unknown.items())[:40])
    )


def test_every_refusal_names_the_rule_that_blocks_it(harvest: Harvest) -> None:
    assert len(harvest.refusals) > 1000
    nameless = [(game, text) for game, text, rule, _ in harvest.refusals if not rule.strip()]
    assert not nameless, nameless[:10]
    # the catch-all lists what is allowed; a refusal of an action tried out of turn or
    # with a changed field names the rule instead
    vague = [
        (game, how, text) for game, text, rule, how in harvest.refusals if rule == "legal actions"
    ]
    assert not vague, "\n".join(map(str, vague[:20]))


def test_every_refusal_speaks_of_the_rule_it_names(harvest: Harvest) -> None:
    """The reason a refusal gives is the rule it names: checked against what each rule
    speaks of (:data:`tests.sentences.RULE_SUBJECTS`, written from the rules), not
    against the engine's own wording."""
    assert sentences.rule_subject_problems(harvest.refusals) == []
    named = {(game, rule) for game, _, rule, _ in harvest.refusals}
    assert len(named) > 50  # most rules of every game refuse something in the harvest


def test_the_rule_check_catches_a_reason_given_under_another_rule() -> None:
    wrong = [
        # issue 38: Classical's refusal to leave an army unfed gave a reason about moving
        ("classical-conquests", "Romans have no army in Latium", "upkeep: unfed units", ""),
        ("conqueror-duels", "Carthage has 10 units but food for only 8", "moving", ""),
        ("conquest-1972", "no road or bridge joins d12 and f11", "sea lanes", ""),
        ("historical-conquest", "at most 2 attacks a turn", "a rule nobody wrote", ""),
    ]
    assert len(sentences.rule_subject_problems(wrong)) == len(wrong)
    right = ("conqueror-duels", "Carthage has 10 units but food for only 8", "food supply", "")
    assert sentences.rule_subject_problems([right]) == []


# --- the checks themselves --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Rome: 1 units (limit 8 for 2 food).",
        "Greece holds 1 forts.",
        "Gaul has 3 fort.",
        "A army marches.",
        "It plays a Ottoman leader.",
        "An unit is lost.",
        "the independent army loses 2 units.",
        "Exile a Minion of player 2.",
        "Piece(s) lost.",
        "Waiting for the casualties_loser step.",
        "BattleRoll(attacker=1..6, defender=1..6).",
        "Player 1 does not hold S16 in hand.",
        "Player 2 declines excavate of A05.",
    ],
)
def test_the_checks_catch_what_the_issue_found(text: str) -> None:
    classes = sentences.class_names()
    assert problems(text, classes, "event"), text


@pytest.mark.parametrize(
    "text",
    [
        "Rome: 1 unit (limit 8 for 2 food), 1 land territory, 1 fort.",
        "Player 1 discards Ferdinand Magellan from the hand.",
        "Round 1 begins.",
        "White soldier 1 moves from i7 to j7.",
        "It plays an Ottoman leader, a European explorer and a unit of an hour.",
        "m5 (port): empty.",
        "The Mamelukes die.",
    ],
)
def test_the_checks_pass_good_english(text: str) -> None:
    assert problems(text, sentences.class_names(), "event") == [], text


def test_the_word_check_knows_english_and_our_names() -> None:
    assert unknown_words("Hannibal crosses the Alps with 3 cavalry into Etruria.") == []
    assert unknown_words("Rome gains 2 glorbs.") == ["glorbs"]


# --- the issue's examples, one by one ---------------------------------------------------


def test_duels_summary_counts_and_names_heroes_as_a_sentence(harvest: Harvest) -> None:
    texts = harvest.sentences["describe"]
    assert any(", 1 fort," in t for t in texts)
    assert not any("heroes " in t and "the heroes " not in t for t in texts)
    game = hcgames.load("conqueror-duels", scenario="gallic-wars")
    assert "and the hero Ambiorix." in game.new_game(1).describe()


def test_duels_description_names_the_sides_once_with_the_maps_capitals() -> None:
    text = hcgames.load("conqueror-duels", scenario="rome-vs-persia").describe()
    assert text.count("Rome against Persia") == 1
    assert "Mediterranean" in text and "Near East" in text


def test_classical_speros_and_conquest_examples(harvest: Harvest) -> None:
    every = harvest.all()
    assert not any("1 victory points" in t or "1 rounds" in t for t in every)
    assert not any("holds 1 cards" in t for t in every)
    ends = [t for t in harvest.sentences["event"] if " wins: " in t or "share the result" in t]
    assert ends and not any(t.startswith("Result:") for t in every)
    assert not any("loses one cards" in t for t in every)


def _planning(scenario: str, seed: int = 1) -> DuelsState:
    state = cast(DuelsState, hcgames.load("conqueror-duels", scenario=scenario).new_game(seed))
    while state.stage is not Stage.PLANNING:
        state.apply(state.legal_actions()[0])
    return state


def test_a_recruit_refused_after_a_rally_counts_the_rally() -> None:
    state = _planning("rome-vs-persia")
    p = state.active
    state.rally_now[p] = True
    cap = state.unit_cap(p)
    fort = next(t for t, o in enumerate(state.owner) if o == p and state.game.is_fort[t])
    state.inf[fort] += cap - state.units_of(p)
    state._legal_cache = None
    name = state.game.names[fort]
    with pytest.raises(IllegalAction) as refused:
        state.apply(Recruit(name, "infantry"))
    assert refused.value.rule == "food supply"
    food = state.food_of(p)
    assert f"{food} food feeds {cap - 2} and 2 more for this round's rally" in str(refused.value)


def test_disbanding_within_the_food_limit_is_refused_for_the_food_rule() -> None:
    state = _planning("second-punic-war")
    p = state.active
    assert state.units_of(p) <= state.unit_cap(p)
    t = next(t for t, o in enumerate(state.owner) if o == p and state.inf[t])
    with pytest.raises(IllegalAction) as refused:
        state.apply(Disband(state.game.names[t], "infantry"))
    assert refused.value.rule == "food supply"
    assert "more than its food can feed" in str(refused.value)


def test_leaving_an_army_unfed_while_food_lasts_gives_the_feeding_rule() -> None:
    game = cast(ClassicalGame, hcgames.load("classical-conquests", players=2))
    state: ClassicalState = game.new_game(1)
    for _ in range(400):
        if state.phase == "upkeep" and not state.is_chance():
            break
        state.apply(state.legal_actions()[0])
    p = state.player
    assert state.shortfall <= 0  # the first upkeep: food and gold feed everything
    t = next(t for t, terr in enumerate(game.material.territories) if terr.land)
    state.armies[p][t] += 1  # an army there, so the refusal cannot be "no army"
    state._legal_cache = None
    territory = game.material.territories[t].id
    with pytest.raises(IllegalAction) as refused:
        state.apply(Starve("army", territory))
    assert "feeding is compulsory while food or gold lasts" in str(refused.value)
