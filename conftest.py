"""Hand nbval the expected output of every ``# NBVAL_CHECK_OUTPUT`` notebook cell.

The notebooks are stored without outputs (so a teacher opens a clean notebook and
diffs stay readable), and nbval only compares a cell against stored output. The
expected outputs of the checked cells therefore live in
``tests/notebook_outputs/<notebook>.json`` (written by
``tools/record_notebook_outputs.py``); this hook attaches them to the cells before
nbval runs them, so a checked cell whose seeded output changes fails the run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

STORE = Path(__file__).resolve().parent / "tests" / "notebook_outputs"
MARK = "NBVAL_CHECK_OUTPUT"
MISSING = (
    "no recorded output for this checked cell: run "
    "python tools/record_notebook_outputs.py {name} and review the diff\n"
)


def _expected(notebook: Path, cache: dict[Path, dict[str, Any]]) -> dict[str, Any]:
    if notebook not in cache:
        path = STORE / f"{notebook.stem}.json"
        cache[notebook] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return cache[notebook]


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    import nbformat

    cache: dict[Path, dict[str, Any]] = {}
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or cell.get("cell_type") != "code" or MARK not in cell.source:
            continue
        notebook = Path(str(item.fspath))
        expected = _expected(notebook, cache).get(cell.get("id"))
        if expected is None:
            expected = [
                {
                    "output_type": "stream",
                    "name": "stdout",
                    "text": MISSING.format(name=f"notebooks/{notebook.name}"),
                }
            ]
        cell.outputs = [nbformat.from_dict(output) for output in expected]
        cell.execution_count = 1
