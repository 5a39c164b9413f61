"""What the table shows: Units of each colour are drawn in their people's colour and
named in words, so blue and black can be told apart on a card."""

from __future__ import annotations

import copy

import pytest

from hcgames.core import DataError
from hcgames.data import read_json
from hcgames.speros import lay_out, start
from hcgames.speros.material import build_card_set, load_card_set


def test_blue_and_black_units_are_told_apart_on_a_card() -> None:
    from html import unescape

    from hcgames.widgets._base import side_of
    from hcgames.widgets.cards import rows_html

    state = start(4, ["forest", "mountain", "ocean", "swamp"], seed=2)
    lay_out(state, "F08", [(2, "M"), (3, "M"), (2, "G")])  # ocean = blue, swamp = black
    view = state.card_view("F08")
    assert view["tokens"] == [[2, "Minion"], [3, "Minion"], [2, "General"]]
    assert view["camps"] == 5
    html = unescape(rows_html({"Skirmish Area": [view]}, state))
    blue, black = side_of(state, 2), side_of(state, 3)
    assert blue.colour != black.colour
    # not by colour alone: the card says whose pieces they are
    assert f"{state.side_name(2).split()[-1]}: 1 Minion and 1 General" in html
    assert f"{state.side_name(3).split()[-1]}: 1 Minion" in html
    assert "2 camps free" in html


def test_every_colour_has_its_own_unit_label() -> None:
    tags = [p.unit_tag for p in load_card_set().peoples]
    assert len(set(tags)) == 4 and all(tags)


def test_two_peoples_with_one_unit_label_are_refused() -> None:
    docs = [
        copy.deepcopy(read_json("speros", name))
        for name in ("locations.json", "artifacts.json", "objectives.json", "peoples.json")
    ]
    peoples = docs[3]["peoples"]
    peoples[3]["unit_tag"] = peoples[2]["unit_tag"]
    with pytest.raises(DataError, match="its own unit_tag"):
        build_card_set(*docs)
