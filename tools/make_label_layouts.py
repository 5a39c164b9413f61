#!/usr/bin/env python3
"""Place the names of every map a lesson page draws when it opens, once, and store the
layouts in data/labels/layouts.json, so the pages read them instead of placing the names
again (``hcgames.label_layouts.LAYOUTS_FILE``).

    python tools/make_label_layouts.py

Each lesson runs as the classroom app runs it (its hidden check and teacher cells left
out) in a kernel whose ``hcgames.label_layouts.RECORDING`` collects every layout made. A layout
is filed under a digest of all its inputs and of the labelling code, so after a change to
the maps, the names or hcgames/labels.py a stored layout is simply not used; the tests in
tests/test_label_layouts.py then fail until this is run again.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hcgames.label_layouts import LAYOUTS_FILE  # noqa: E402

#: the cells the app leaves out (voila.json's TagRemovePreprocessor)
SKIPPED_TAGS = set(
    json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["TagRemovePreprocessor"][
        "remove_cell_tags"
    ]
)


def record(notebook: Path, out: Path) -> dict[str, list]:
    nb = nbformat.read(notebook, as_version=4)
    nb.cells = [
        c
        for c in nb.cells
        if c.cell_type == "code" and not SKIPPED_TAGS & set(c.metadata.get("tags", []))
    ]
    start = "import hcgames.label_layouts\nhcgames.label_layouts.RECORDING = {}"
    nb.cells.insert(0, nbformat.v4.new_code_cell(start))
    nb.cells.append(
        nbformat.v4.new_code_cell(
            "import json, pathlib\n"
            f"pathlib.Path({str(out)!r}).write_text(json.dumps(hcgames.label_layouts.RECORDING))"
        )
    )
    NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(notebook.parent)}},
    ).execute()
    return dict(json.loads(out.read_text(encoding="utf-8")))


def main() -> int:
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
    )
    layouts: dict[str, list] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
            found = record(notebook, Path(scratch) / "layouts.json")
            layouts.update(found)
            print(f"{notebook.name}: {len(found)} layouts", flush=True)
    path = ROOT.joinpath("data", *LAYOUTS_FILE)
    path.parent.mkdir(exist_ok=True)
    doc = {
        "about": "name layouts of the maps lessons draw at page load (tools/make_label_layouts.py)",
        "layouts": dict(sorted(layouts.items())),
    }
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(
        f"wrote {path.relative_to(ROOT)}: {len(layouts)} layouts, {path.stat().st_size // 1024} KB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
