"""Stored name layouts: the names of the maps a lesson page draws when it opens, placed
once by ``python tools/make_label_layouts.py`` and read by :func:`hcgames.labels.place_names`
instead of being placed again while a student waits.

Pure data handling (nothing here imports Jupyter).
"""

from __future__ import annotations

import contextlib
import hashlib
from array import array
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from hcgames import labels
from hcgames.labels import Placed, Territory

#: The layouts the lessons' maps need when a page opens, computed once by
#: ``python tools/make_label_layouts.py`` and read instead of placing the names again
#: (lesson 20's first map took 0.7 s). Each is filed under :func:`layout_digest`, which
#: covers every input (outlines included) and the labeller's code and short names, so a
#: change to any of them makes the stored layout unused rather than wrong.
LAYOUTS_FILE = ("labels", "layouts.json")

#: Set to a dict by the tool above: every layout made is recorded in it by digest.
RECORDING: dict[str, list[Any]] | None = None


@cache
def code_digest() -> str:
    from hcgames.data import data_path

    digest = hashlib.sha256(Path(labels.__file__).read_bytes())
    with contextlib.suppress(FileNotFoundError):
        digest.update(data_path("place_names.json").read_bytes())
    return digest.hexdigest()


def layout_digest(territories: Sequence[Territory], key: object) -> str:
    """A digest of everything a layout depends on: ``key`` (the settings and each
    territory's name, anchor and flags), every outline point, and the labeller's code
    (hcgames/labels.py)."""
    digest = hashlib.sha256(code_digest().encode())
    digest.update(repr(key).encode())
    for t in territories:
        digest.update(repr(t.anchor).encode())
        for ring in t.rings:
            digest.update(array("d", (c for point in ring for c in point)).tobytes())
    return digest.hexdigest()


@cache
def stored_layouts() -> dict[str, list[Any]]:
    from hcgames.data import DataError, data_path, read_json

    if not data_path(*LAYOUTS_FILE).exists():  # none stored: every layout is computed
        return {}
    doc = read_json(*LAYOUTS_FILE)  # a file that is not JSON is refused by name
    layouts = doc.get("layouts") if isinstance(doc, dict) else None
    name = "/".join(LAYOUTS_FILE)
    if not isinstance(layouts, dict):
        raise DataError(name, ["no 'layouts' object"])
    for digest, placed in layouts.items():
        if not isinstance(placed, list) or not all(
            isinstance(p, list)
            and len(p) == 8
            and isinstance(p[4], list)
            and len(p[4]) == 4
            and (p[6] is None or (isinstance(p[6], list) and len(p[6]) == 4))
            for p in placed
        ):
            raise DataError(name, [f"layout {digest[:12]}: each name needs 8 fields"])
    return layouts


def placed_to_json(p: Placed) -> list[Any]:
    return [p.id, p.text, p.x, p.y, list(p.box), p.size, p.leader and list(p.leader), p.abbreviated]


def placed_from_json(item: list[Any]) -> Placed:
    id_, text, x, y, box, size, leader, abbreviated = item
    return Placed(id_, text, x, y, tuple(box), size, tuple(leader) if leader else None, abbreviated)
