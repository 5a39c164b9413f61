"""Exact dice maths, map checks and data-loading errors."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcgames.core import DataError
from hcgames.data import Problems, read_json, ring_is_clockwise
from hcgames.dice import check_distribution, combine, dice_sum, die, probability, rolls
from hcgames.maps import (
    adjacency_graph,
    bounds,
    centroid,
    check_adjacency,
    check_feature_collection,
    clockwise,
    connected_parts,
)


def test_two_d6_sum() -> None:
    dist = dice_sum(6, 2)
    assert dist[7] == Fraction(1, 6)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_d6_against_d6_higher_wins_ties_to_defender() -> None:
    diff = combine(die(6), die(6), lambda a, d: cast(int, a) > cast(int, d))
    assert diff[True] == Fraction(15, 36)
    assert probability(diff, lambda won: not won) == Fraction(21, 36)


@given(st.integers(1, 12), st.integers(1, 3))
def test_rolls_are_uniform_and_complete(sides: int, count: int) -> None:
    outcomes = rolls(sides, count)
    assert len(outcomes) == sides**count
    check_distribution(outcomes)


def test_check_distribution_refuses_bad_totals() -> None:
    with pytest.raises(ValueError, match="sum to"):
        check_distribution([("a", Fraction(1, 2))])
    with pytest.raises(ValueError, match="not a Fraction"):
        check_distribution([("a", 0.5), ("b", Fraction(1, 2))])  # type: ignore[list-item]  # on purpose


def test_winding() -> None:
    square_cw: list[list[float]] = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]
    assert ring_is_clockwise(square_cw)
    assert not ring_is_clockwise(list(reversed(square_cw)))
    assert clockwise(list(reversed(square_cw))) == square_cw


def feature(fid: str, ring: list[list[float]]) -> dict:
    return {
        "type": "Feature",
        "id": fid,
        "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }


def test_feature_collection_checks_collect_every_problem() -> None:
    good: list[list[float]] = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]
    collection = {
        "type": "FeatureCollection",
        "features": [feature("a", good), feature("b", list(reversed(good))), feature("z", good)],
    }
    problems = Problems("map.geojson")
    check_feature_collection(collection, ["a", "b", "c"], problems)
    text = "\n".join(problems.items)
    assert "b: outer ring runs counter-clockwise" in text
    assert "no shape for territories ['c']" in text
    assert "unknown territories ['z']" in text
    with pytest.raises(DataError, match="3 problem"):
        problems.raise_if_any()


def test_adjacency_checks() -> None:
    problems = Problems("adjacency")
    check_adjacency({"a": ["b"], "b": [], "c": ["c"], "d": ["x"]}, problems)
    text = "\n".join(problems.items)
    assert "one-way: a -> b" in text
    assert "c is listed as adjacent to itself" in text
    assert "unknown territory 'x'" in text
    assert "not connected" in text


def test_connected_parts_without_networkx() -> None:
    import networkx as nx

    from hcgames.maps import adjacency_graph

    adjacency = {"a": ["b"], "b": ["a"], "c": ["d", "x"], "d": [], "e": ["e"]}
    parts = connected_parts(adjacency)
    assert parts == [["a", "b"], ["c", "d"], ["e"]]
    known = {k: [n for n in v if n in adjacency] for k, v in adjacency.items()}
    expected = sorted(sorted(c) for c in nx.connected_components(adjacency_graph(known)))
    assert sorted(parts) == expected
    assert connected_parts({}) == []


def test_graph_and_geometry_helpers() -> None:
    graph = adjacency_graph({"a": ["b"], "b": ["a"]}, kind={"a": "land", "b": "sea"})
    assert graph.number_of_edges() == 1 and graph.nodes["b"]["kind"] == "sea"
    square = {"type": "Polygon", "coordinates": [[[0, 0], [0, 2], [2, 2], [2, 0], [0, 0]]]}
    assert centroid(square) == pytest.approx((1.0, 1.0))
    fc = {"type": "FeatureCollection", "features": [{"geometry": square}]}
    assert bounds(fc) == (0, 0, 2, 2)


def test_missing_data_file_is_a_data_error() -> None:
    with pytest.raises(DataError, match="file not found"):
        read_json("no-such-game", "nothing.json")


def _decisions_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entries: list[object]) -> None:
    import json

    import hcgames.data as data

    (tmp_path / "toy").mkdir(exist_ok=True)
    (tmp_path / "toy" / "decisions.json").write_text(json.dumps(entries))
    monkeypatch.setattr(data, "data_dir", lambda: tmp_path)


def test_decisions_fill_numbers_and_keep_those_for_the_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hcgames.data import load_decisions

    _decisions_in(
        tmp_path,
        monkeypatch,
        [
            {"topic": "Cap", "decision": "Morale stops at {cap}.", "source": "rulebook"},
            {"topic": "Gaul", "decision": "Only in Gaul.", "when": {"scenario": "gallic"}},
        ],
    )
    with pytest.raises(DataError, match="source"):
        load_decisions("toy", {"cap": 800})
    _decisions_in(
        tmp_path,
        monkeypatch,
        [
            {"topic": "Cap", "decision": "Morale stops at {cap}.", "source": "rulebook"},
            {
                "topic": "Gaul",
                "decision": "Only in Gaul.",
                "source": "ours",
                "when": {"scenario": "gallic"},
            },
        ],
    )
    decided = load_decisions("toy", {"cap": 800})
    assert [(d.topic, d.decision, d.source) for d in decided] == [
        ("Cap", "Morale stops at 800.", "rulebook")
    ]
    assert [d.topic for d in load_decisions("toy", {"cap": 1, "scenario": "gallic"})] == [
        "Cap",
        "Gaul",
    ]


def test_broken_decisions_file_names_every_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hcgames.data import load_decisions

    _decisions_in(
        tmp_path,
        monkeypatch,
        [
            {"topic": "", "decision": "x", "source": "ours"},
            {"topic": "Cap", "decision": "Stops at {cap}.", "source": "ours", "extra": 1},
            "not an object",
        ],
    )
    with pytest.raises(DataError) as err:
        load_decisions("toy", {})
    text = str(err.value)
    assert "'topic' must be a non-empty string" in text
    assert "unknown fields extra" in text
    assert "cannot fill 'cap'" in text
    assert "entry 3: must be an object" in text
