"""Tests of hcgames.conquest, one file per module; the helpers they share."""

from __future__ import annotations

import hcgames
from hcgames.conquest import ConquestGame

FAR_BLACK = {"B-soldier10": "p12"}  # keeps Black in the game without getting in the way


def pos(pieces: dict[str, str], **kw) -> hcgames.State:
    return ConquestGame.position({**FAR_BLACK, **pieces}, **kw).new_game()


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}
