"""Record the expected output of every ``# NBVAL_CHECK_OUTPUT`` cell.

Notebooks are committed without outputs, and nbval checks a cell's output only
against a stored one, so the outputs worth checking are kept beside the notebooks
instead: ``tests/notebook_outputs/<notebook>.json`` maps each checked cell's id to
its outputs. The repository's ``conftest.py`` hands them to nbval before it runs,
so ``pytest --nbval-lax notebooks/`` compares exactly those cells.

Run this after changing a notebook or a rule that changes a checked output, then
read the diff:

    python tools/record_notebook_outputs.py [notebooks/NN-name.ipynb ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "tests" / "notebook_outputs"
MARK = "NBVAL_CHECK_OUTPUT"


def checked_outputs(path: Path) -> dict[str, list[dict]]:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    recorded: dict[str, list[dict]] = {}
    for cell in notebook.cells:
        if cell.cell_type == "code" and MARK in cell.source:
            outputs = []
            for output in cell.get("outputs", []):
                plain = {
                    k: v for k, v in dict(output).items() if k not in ("metadata", "transient")
                }
                if "execution_count" in plain:
                    plain["execution_count"] = None
                outputs.append(json.loads(json.dumps(plain)))
            recorded[cell["id"]] = outputs
    return recorded


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    STORE.mkdir(parents=True, exist_ok=True)
    for path in paths:
        recorded = checked_outputs(path)
        target = STORE / f"{path.stem}.json"
        if recorded:
            target.write_text(
                json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8"
            )
        elif target.exists():
            target.unlink()
        print(f"{path.name}: {len(recorded)} checked cell(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
