"""One colour per side (data/factions.json): the greyscale contrast rule and lookups."""

from __future__ import annotations

import itertools

import pytest

import hcgames
from hcgames.factions import (
    SideStyle,
    contrast_ratio,
    relative_luminance,
    side_style,
    sides,
    unheld_colour,
)

#: the sides that meet on one map in some scenario or game
MEETINGS = [
    ("Carthage", "Rome"),
    ("Rome", "Gaul"),
    ("Greece", "Persia"),
    ("Rome", "Persia"),
    ("Egypt", "Persia"),
    ("White", "Black"),
]


def test_luminance_matches_wcag_end_points() -> None:
    assert relative_luminance("#000000") == 0
    assert relative_luminance("#FFFFFF") == pytest.approx(1)
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21)


def known(name: str) -> SideStyle:
    """The style of a side the data knows (fails the test for an unknown name)."""
    style = side_style(name)
    assert style is not None, f"no style for {name}"
    return style


@pytest.mark.parametrize(("a", "b"), MEETINGS)
def test_sides_that_meet_differ_three_to_one_in_greyscale(a: str, b: str) -> None:
    assert contrast_ratio(known(a).colour, known(b).colour) >= 3.0


def test_every_duels_scenario_pairing_is_listed() -> None:
    game = hcgames.load("conqueror-duels")
    for variant in game.variants():
        names = hcgames.load("conqueror-duels", **variant).player_names
        assert tuple(names) in MEETINGS or tuple(reversed(names)) in MEETINGS


def test_every_held_colour_stands_out_from_unheld_land_and_sea() -> None:
    for name, style in sides().items():
        if name in ("independent", "White"):
            continue  # drawn as unheld with a pattern / as a token with a dark rim
        for sea in (False, True):
            assert contrast_ratio(style.colour, unheld_colour(sea)) >= 3.0, name


def test_patterns_tell_apart_the_sides_of_one_game() -> None:
    for group in (MEETINGS, [("Player 1", "Player 2", "Player 3", "Player 4")]):
        for names in group:
            for a, b in itertools.combinations(names, 2):
                sa, sb = side_style(a), side_style(b)
                assert sa and sb and (sa.pattern, sa.colour) != (sb.pattern, sb.colour)


def test_aliases_and_seats() -> None:
    assert side_style("Romans") == side_style("Rome")
    assert known("forest").name == "Lathwood Elves"
    stranger = side_style("Atlantis", seat=1)
    assert stranger is not None and stranger.colour == known("Player 2").colour
    assert side_style("Atlantis") is None


def test_a_side_keeps_its_colour_whichever_seat_it_takes() -> None:
    standard = hcgames.load("conqueror-duels").new_game()
    gallic = hcgames.load("conqueror-duels", scenario="gallic-wars").new_game()
    rome_seat = [standard.side_name(p) for p in (0, 1)].index("Rome")
    assert rome_seat != [gallic.side_name(p) for p in (0, 1)].index("Rome")
    assert standard.side_name(rome_seat) == gallic.side_name(0) == "Rome"
