"""The Conquest of Speros card set: the book's counts, our design limits, every
ability from the vocabulary, and one DataError listing every problem."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from hcgames.core import DataError
from hcgames.data import read_json
from hcgames.speros.material import (
    ACTIVE_EFFECTS,
    ONGOING_EFFECTS,
    TERRAINS,
    build_card_set,
    build_rules,
    effect_text,
    load_card_set,
)


def _docs() -> list:
    return [
        copy.deepcopy(read_json("speros", name))
        for name in ("locations.json", "artifacts.json", "objectives.json", "peoples.json")
    ]


def test_the_book_counts() -> None:
    cs = load_card_set()
    assert len(cs.locations) == 80
    assert Counter(c.terrain for c in cs.locations) == {t: 20 for t in TERRAINS}
    assert len(cs.artifacts) == 18 and all(a.encampments == 5 for a in cs.artifacts)
    assert len(cs.bonus) == 17 and len(cs.mastery) == 12
    assert len(cs.peoples) == 4
    assert all(len(p.general_abilities) == 2 for p in cs.peoples)


def test_locations_keep_the_design_limits() -> None:
    cs = load_card_set()
    assert all(2 <= c.encampments <= 5 for c in cs.locations)
    assert sum(c.encampments in (3, 4) for c in cs.locations) > 40
    assert all(1 <= len(c.resources) <= 2 for c in cs.locations)
    assert all(0 <= c.vp <= 3 for c in cs.locations)
    assert sum(c.ability is not None for c in cs.locations) > 40
    assert any(a.vp < 0 for a in cs.artifacts), "some artifacts cost VP"
    assert {a.timing for a in cs.artifacts} == {"one_time", "ongoing", "reusable"}


def test_every_effect_kind_is_used_and_has_text() -> None:
    cs = load_card_set()
    used = {c.ability.kind for c in cs.locations if c.ability}
    used |= {a.excavate.kind for a in cs.artifacts if a.excavate}
    used |= {a.capture.kind for a in cs.artifacts if a.capture}
    assert used == set(ACTIVE_EFFECTS) | set(ONGOING_EFFECTS)
    for card in (*cs.locations, *cs.artifacts):
        assert card.text and card.text.endswith(".")
    names = [c.name for c in (*cs.locations, *cs.artifacts)]
    assert len(set(names)) == len(names)


def test_effect_text_rejects_unknown_kinds() -> None:
    from hcgames.speros.material import Effect

    with pytest.raises(ValueError, match="unknown effect"):
        effect_text(Effect("teleport", 1))


def test_one_data_error_lists_every_problem() -> None:
    locations, artifacts, objectives, peoples = _docs()
    locations["locations"][0]["ability"] = {"effect": "teleport", "n": 1}
    locations["locations"][1]["encampments"] = 9
    locations["locations"][2]["resources"] = ["silver"]
    del locations["locations"][3]
    artifacts["artifacts"][0]["capture"]["timing"] = "sometimes"
    artifacts["artifacts"][1]["capture"] = {"timing": "ongoing", "effect": "draw", "n": 1}
    objectives["bonus"][0]["metric"] = "happiness"
    objectives["mastery"].pop()
    peoples["peoples"][0]["general"]["abilities"] = [{"effect": "draw", "n": 7}]
    with pytest.raises(DataError) as info:
        build_card_set(locations, artifacts, objectives, peoples)
    text = str(info.value)
    for needle in (
        "unknown effect kind 'teleport'",
        "encampments must be a whole number from 2 to 5",
        "unknown resources ['silver']",
        "there must be 80 Locations",
        "there must be 20 forest Locations",
        "capture timing must be one of",
        "unknown effect kind 'draw'",  # draw is not an ongoing effect
        "unknown metric 'happiness'",
        "there must be 12 mastery objectives",
        "a General has exactly 2 abilities",
        "needs a count n from 1 to 3",
    ):
        assert needle in text, needle
    assert len(info.value.problems) >= 11


def test_duplicate_ids_are_reported() -> None:
    locations, artifacts, objectives, peoples = _docs()
    locations["locations"][1]["id"] = locations["locations"][0]["id"]
    with pytest.raises(DataError, match="duplicate id"):
        build_card_set(locations, artifacts, objectives, peoples)


def test_the_story_is_there_for_the_notebook() -> None:
    cs = load_card_set()
    assert len(cs.story) >= 3
    assert {p.colour for p in cs.peoples} == {"green", "red", "blue", "black"}
    assert all(p.land_text for p in cs.peoples)


def test_documented_location_figures_are_counted_from_the_data() -> None:
    from hcgames.speros.decisions import rule_decisions

    cs = load_card_set()
    mid = sum(1 for c in cs.locations if c.encampments in (3, 4))
    with_ability = sum(1 for c in cs.locations if c.ability is not None)
    text = next(d.decision for d in rule_decisions(cs) if d.topic == "Locations")
    assert f"{mid} of 80 have 3 or 4" in text
    assert f"{with_ability} of 80 have a discard ability" in text
    # a changed card changes the documented figure with it
    locations, artifacts, objectives, peoples = _docs()
    row = next(r for r in locations["locations"] if r["encampments"] in (3, 4))
    row["encampments"] = 5
    changed = build_card_set(locations, artifacts, objectives, peoples)
    text = next(d.decision for d in rule_decisions(changed) if d.topic == "Locations")
    assert f"{mid - 1} of 80 have 3 or 4" in text


def test_rules_json_problems_are_reported_together() -> None:
    raw = dict(read_json("speros", "rules.json"))
    raw["hand_limit"] = 0
    del raw["plan_draws"]
    raw["surprise"] = 1
    with pytest.raises(DataError) as caught:
        build_rules(raw)
    text = str(caught.value)
    assert "hand_limit" in text and "plan_draws" in text and "surprise" in text
