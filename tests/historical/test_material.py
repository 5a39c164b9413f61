"""Historical Conquest: the card data, decks, plates, map and view hooks.

Covers ``hcgames.historical.cards``, ``hcgames.historical.game`` and
``hcgames.historical.views``, which have no test file of their own (see
tests/test_layout.py).
"""

from __future__ import annotations

import copy

import pytest

import hcgames
from hcgames.core import DataError
from hcgames.data import read_json, ring_is_clockwise
from hcgames.historical.cards import CONTINENTS, EFFECT_KINDS, Effect
from hcgames.historical.material import build_catalogue, load_catalogue
from hcgames.historical.teach import arrange
from tests.historical.conftest import game, new_game


def test_four_starter_decks_of_fifty_real_cards_with_a_land_per_continent() -> None:
    cat = load_catalogue()
    assert sorted(cat.decks) == ["boadicea", "cheswell", "confucius", "salem"]
    for name, ids in cat.decks.items():
        assert len(ids) >= 50, name
        lands = [cat.cards[i] for i in ids if cat.cards[i].category == "land"]
        assert sorted(c.continent for c in lands) == sorted(CONTINENTS), name


def test_every_card_has_facts_a_plate_and_known_effects() -> None:
    cat = load_catalogue()
    for card in cat.cards.values():
        assert card.name and card.category and card.plate, card.id
        if card.is_unit:
            assert card.traits is not None
        for variant in card.variants:
            for effect in variant:
                assert effect.kind in EFFECT_KINDS
        assert card.ability_text()


def _effects(card_id: str) -> tuple[Effect, ...]:
    return load_catalogue().cards[card_id].effects


def test_the_rulebook_numbers_win() -> None:
    assert _effects("MU2001") == (Effect("morale", "play", amount=300),)
    assert [(e.amount, e.when) for e in _effects("AI4201")] == [(100, "play"), (300, "death")]
    assert _effects("EN4302")[0].amount == -400
    assert _effects("LE4301")[0].amount == 300
    assert _effects("PH4301")[0].amount == 300
    grimm = _effects("AU4601")
    assert grimm[1].amount == -200 and grimm[1].target == "one"
    poe = _effects("AU4602")[0]
    assert (poe.amount, poe.when, poe.uses or 1) == (-300, "hold", 1)
    eli = _effects("IN4601")[0]
    assert (eli.morale, eli.strength, eli.when) == (200, 200, "hold")
    assert _effects("AT4501") == (Effect("morale", "play", amount=300),)


def test_a_wrongly_typed_effect_field_names_the_card_and_the_field() -> None:
    cards = copy.deepcopy(read_json("historical", "cards.json"))
    first = cards["cards"][0]
    first["effects"] = [{"kind": "morale", "when": "play", "amount": 100, "alt": {"if": {}}}]
    second = cards["cards"][1]
    second["effects"] = [
        {"kind": "destroy_land", "when": "play", "lock_turns": 1, "discard_land": "yes"}
    ]
    with pytest.raises(DataError) as info:
        build_catalogue(
            cards, read_json("historical", "decks.json"), read_json("historical", "plates.json")
        )
    problems = info.value.problems
    assert any(
        f"card {first['id']} effect 0: alt needs a whole-number amount" in p for p in problems
    )
    assert any(
        f"card {second['id']} effect 0: discard_land must be true or false, not 'yes'" in p
        for p in problems
    ), problems


def test_bad_data_is_reported_all_at_once() -> None:
    cards = copy.deepcopy(read_json("historical", "cards.json"))
    decks = read_json("historical", "decks.json")
    plates = dict(read_json("historical", "plates.json"))
    cards["cards"][0]["effects"] = [{"kind": "teleport", "when": "play"}]
    cards["cards"][1]["attack"] = "lots"
    plates.pop(cards["cards"][2]["id"])
    with pytest.raises(DataError) as info:
        build_catalogue(cards, decks, plates)
    problems = info.value.problems
    assert any("teleport" in p for p in problems)
    assert any("lots" in p for p in problems)
    assert any("history plate" in p for p in problems)


def test_continent_map_has_six_clockwise_regions() -> None:
    doc = game().geojson()
    assert sorted(f["id"] for f in doc["features"]) == sorted(CONTINENTS)
    for feature in doc["features"]:
        for polygon in feature["geometry"]["coordinates"]:
            assert ring_is_clockwise(polygon[0][:-1])


def test_region_views_name_the_player_with_most_lands() -> None:
    state = arrange(game(), lands={0: [("CT4404", []), ("CT4503", [])], 1: [("CT4602", [])]})
    views = state.region_views()
    assert views["Asia"]["owner"] == 0
    # each land in play with the number of its holder, as the map writes it
    assert views["Asia"]["label"] == "Russia (1) · China (1) · Israel (2)"
    assert views["Europe"]["owner"] is None


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        hcgames.load("historical-conquest", players=7)
    with pytest.raises(ValueError, match="unknown deck"):
        hcgames.load("historical-conquest", decks=("salem", "atlantis"))
    with pytest.raises(ValueError, match="2 players"):
        hcgames.load("historical-conquest", decks=("salem",))
    state = new_game(players=3, seed=1, decks=("salem", "salem", "confucius"))
    assert state.piles[1][0].endswith("/1")


def test_views_and_texts() -> None:
    hc = game()
    assert hc.phases() == ["play", "attack", "move", "draw"]
    assert "draw" in hc.odds_table()
    assert hc.rule_decisions()
    state = arrange(
        hc,
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4404", [])]},
        hands={0: ["IN4201"], 1: ["IN4202"]},
    )
    rows = state.card_rows(viewer=0)
    assert rows["Player 1's hand"][0]["name"] == "Alexander Graham Bell"
    assert rows["Player 2's hand"] == [{"name": "hidden"}]
    assert "Round 3" in state.describe()
    assert state.scores() == {0: 0.0, 1: 0.0}
    assert 0.0 <= state.evaluate(0) <= 1.0
