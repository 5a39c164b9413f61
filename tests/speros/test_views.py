"""What the table shows: Units of each colour get their own label, so blue and black
(both starting with B) can be told apart on a card."""

from __future__ import annotations

import copy

import pytest

from hcgames.core import DataError
from hcgames.data import read_json
from hcgames.speros import lay_out, start
from hcgames.speros.material import build_card_set, load_card_set


def test_blue_and_black_units_get_different_labels() -> None:
    state = start(4, ["forest", "mountain", "ocean", "swamp"], seed=2)
    lay_out(state, "F08", [(2, "M"), (3, "M"), (2, "G")])  # ocean = blue, swamp = black
    units = state.card_view("F08")["units"]
    labels = units.split(" (")[0].split()
    blue = load_card_set().people_of("ocean").unit_tag
    black = load_card_set().people_of("swamp").unit_tag
    assert blue != black
    assert labels == [f"{blue}-M", f"{black}-M", f"{blue}-G"]
    assert units.endswith("(3/5)")


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
