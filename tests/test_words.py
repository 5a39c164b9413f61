"""The sentence layer (hcgames.words): counting, lists, articles, capitals, verbs.

Its doctests run here too, so the examples in its docstrings are checked."""

from __future__ import annotations

import doctest

import pytest

from hcgames import words
from hcgames.words import (
    article,
    capitalise,
    count,
    degrees,
    is_plural,
    join,
    noun,
    possessive,
    says,
    some,
    spelled,
    verb,
    with_article,
)


def test_the_doctests_of_the_sentence_layer_hold() -> None:
    failures, tried = doctest.testmod(words, verbose=False)
    assert tried > 20
    assert failures == 0


@pytest.mark.parametrize(
    ("n", "word", "expected"),
    [
        (1, "unit", "1 unit"),
        (2, "unit", "2 units"),
        (0, "unit", "0 units"),
        (1, "land territory", "1 land territory"),
        (3, "land territory", "3 land territories"),
        (1, "fort", "1 fort"),
        (1, "victory point", "1 victory point"),
        (1, "round", "1 round"),
        (2, "hero", "2 heroes"),
        (5, "cavalry", "5 cavalry"),
        (2, "luxury", "2 luxuries"),
        (2, "city", "2 cities"),
        (2, "day", "2 days"),
        (2, "box", "2 boxes"),
        (2, "research roll", "2 research rolls"),
    ],
)
def test_a_number_and_its_noun_agree(n: int, word: str, expected: str) -> None:
    assert count(n, word) == expected


def test_a_person_says_a_or_one_for_a_single_thing() -> None:
    assert some(1, "card") == "a card"
    assert some(1, "army") == "an army"
    assert some(0, "card") == "no cards"
    assert some(7, "card") == "7 cards"
    assert spelled(1, "card") == "one card"
    assert spelled(4, "card") == "four cards"
    assert spelled(11, "card") == "11 cards"
    assert noun("casualty") == "casualties"


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("army", "an"),
        ("explorer", "an"),
        ("outlaw", "an"),
        ("Ottoman", "an"),
        ("American leader", "an"),
        ("European", "a"),
        ("hour", "an"),
        ("honest man", "an"),
        ("unit", "a"),
        ("unfed army", "an"),
        ("useful card", "a"),
        ("one-eyed king", "a"),
        ("fleet", "a"),
        ("8", "an"),
        ("11", "an"),
        ("3", "a"),
        ("", "a"),
    ],
)
def test_a_or_an_by_how_the_word_sounds(phrase: str, expected: str) -> None:
    assert article(phrase) == expected
    if phrase:
        assert with_article(phrase) == f"{expected} {phrase}"


def test_lists_read_as_a_person_writes_them() -> None:
    assert join(["Rome", "Carthage", "Egypt"]) == "Rome, Carthage and Egypt"
    assert join(["a", "b"], "or") == "a or b"
    assert join(iter(["x"])) == "x"
    assert join([]) == "nothing"


def test_a_sentence_starts_with_a_capital() -> None:
    assert capitalise("player 2 wins.") == "Player 2 wins."
    assert capitalise('"rome" wins') == '"Rome" wins'
    assert capitalise("12 units fall") == "12 units fall"
    assert capitalise("Rome wins") == "Rome wins"


@pytest.mark.parametrize(
    ("subject", "plural"),
    [
        ("The Mamelukes", True),
        ("Trung Sisters", True),
        ("the Gauls", True),
        ("Rome and Persia", True),
        ("3 units", True),
        ("Rome", False),
        ("Athens", False),
        ("Pericles", False),
        ("Player 2", False),
        ("Player 2 (Lathwood Elves)", False),
        ("the independent army", False),
        ("the village of Egyptians", False),
        ("1 unit", False),
        ("the Vikings", True),
        ("Carthage", False),
        ("Ramses", False),
    ],
)
def test_subjects_are_singular_or_plural(subject: str, plural: bool) -> None:
    assert is_plural(subject) is plural


def test_verbs_agree_with_their_subjects() -> None:
    assert says("The Mamelukes", "dies") == "The Mamelukes die"
    assert says("Trung Sisters", "dies") == "Trung Sisters die"
    assert says("Rome", "dies") == "Rome dies"
    assert verb("the Gauls", "has") == "have"
    assert verb("the Gauls", "is") == "are"
    assert verb("the Gauls", "was") == "were"
    assert verb("the Gauls", "goes") == "go"
    assert verb("the Gauls", "marches") == "march"
    assert verb("the Gauls", "carries") == "carry"
    assert verb("the Gauls", "gives way") == "give way"
    assert verb("the Gauls", "must") == "must"


def test_possessives_and_latitudes() -> None:
    assert possessive("Rome") == "Rome's"
    assert possessive("the Gauls") == "the Gauls'"
    assert degrees(-34.6) == "34.6 degrees south"
    assert degrees(1) == "1 degree north"
    assert degrees(41.9) == "41.9 degrees north"


def test_a_plural_unit_made_singular_for_one() -> None:
    assert words.singular("spaces") == "space"
    assert words.singular("Roman armies") == "Roman army"
    assert words.singular("pieces that can retake") == "piece that can retake"
    assert words.singular("women") == "woman"
    assert words.singular("VP") == "VP"
    assert words.singular("per cent") == "per cent"
    assert words.singular("cavalry") == "cavalry"
