"""Tests of hcgames.conquest, one file per module; the helpers they share."""

from __future__ import annotations

from typing import Any

from hcgames.conquest import ConquestGame
from hcgames.conquest.state import ConquestState
from hcgames.core import State
from tests.narrow import narrow

FAR_BLACK = {"B-soldier10": "p12"}  # keeps Black in the game without getting in the way


def pos(pieces: dict[str, str], **kw: Any) -> ConquestState:
    return narrow(ConquestGame.position({**FAR_BLACK, **pieces}, **kw).new_game(), ConquestState)


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}
