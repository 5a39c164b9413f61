"""Zero to JupyterHub: deploy/zero-to-jupyterhub/config.yaml is valid for the chart.

Helm checks a release's values against the chart's ``values.schema.json`` (made from its
``values.schema.yaml``) after laying the given config over the chart's ``values.yaml``;
this test does the same with copies of both files from the chart's repository
(tests/data/z2jh/, with their source and licence), so a key misspelt or misplaced in our
config fails here, not on a school's cluster. The sizes in it are the measured ones of
:mod:`hcgames_server.sizing`, which the teacher guide's table prints.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from hcgames_server import sizing, tljh

ROOT = Path(__file__).resolve().parent.parent
CHART = ROOT / "tests" / "data" / "z2jh"
CONFIG = ROOT / "deploy" / "zero-to-jupyterhub" / "config.yaml"


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def coalesce(defaults: Any, given: Any) -> Any:
    """Helm's merge of given values over a chart's defaults: maps key by key, anything
    else replaced, and a null given removes the default."""
    if not (isinstance(defaults, dict) and isinstance(given, dict)):
        return copy.deepcopy(given)
    merged = copy.deepcopy(defaults)
    for key, value in given.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = coalesce(merged.get(key), value)
    return merged


def _validate(config: Any) -> None:
    values = coalesce(_load(CHART / "values.yaml"), config)
    jsonschema.Draft7Validator(_load(CHART / "values.schema.yaml")).validate(values)


def test_the_config_is_valid_for_the_chart() -> None:
    _validate(_load(CONFIG))


@pytest.mark.parametrize(
    "mistake",
    [
        {"singleuser": {"memroy": {"limit": "1G"}}},  # misspelt
        {"cull": {"timeout": "an hour"}},  # not a number of seconds
        {"singleuser": {"defaultUrl": 5}},
    ],
)
def test_the_schema_check_catches_a_mistake(mistake: dict[str, Any]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        _validate(coalesce(_load(CONFIG), mistake))


def _mb(quantity: str) -> float:
    """A Kubernetes memory quantity in MB (M, G: powers of 10; Mi, Gi: of 2)."""
    match = re.fullmatch(r"([\d.]+)([MG]i?)", quantity)
    assert match, f"not a Kubernetes memory quantity: {quantity!r}"
    number, unit = match.groups()
    factor = {"M": 1e6, "G": 1e9, "Mi": 2**20, "Gi": 2**30}[unit]
    return float(number) * factor / 2**20


def test_the_sizes_are_the_measured_ones() -> None:
    single = _load(CONFIG)["singleuser"]
    assert _mb(single["memory"]["guarantee"]) >= sizing.student_mb(2)
    assert single["memory"]["guarantee"] == f"{sizing.guarantee_mb()}M"
    assert _mb(single["memory"]["limit"]) >= sizing.student_mb(6)
    assert single["memory"]["limit"] == tljh.STUDENT_MEMORY == f"{sizing.limit_mb() // 1024}G"
    assert _load(CONFIG)["cull"]["timeout"] == tljh.IDLE_SERVER_SECONDS


def test_the_guide_prints_the_students_a_node_holds() -> None:
    guide = (ROOT / "docs" / "teachers" / "README.md").read_text(encoding="utf-8")
    for node_gb in (8, 16, 32, 64):
        row = f"| {node_gb} GB | {sizing.students_per_node(node_gb)} |"
        assert row in guide, f"the guide's table lacks {row!r}"


def test_the_chart_files_say_where_they_come_from() -> None:
    notice = (CHART / "SOURCE.md").read_text(encoding="utf-8")
    assert "zero-to-jupyterhub-k8s" in notice and "BSD 3-Clause" in notice
    assert (CHART / "LICENSE").read_text(encoding="utf-8").startswith("BSD 3-Clause License")
