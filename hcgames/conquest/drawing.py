"""The CONQUEST board for the notebooks: the one board drawing, with picking.

:class:`ConquestBoard` is the generic :class:`~hcgames.widgets.maps.BoardView`
(the board the game steppers show: spaces filled by kind, roads, bridges, sea lanes
and docks, column letters and row numbers on the edges, each side's pieces as White
and Black tokens with what they carry written under them) plus what the lessons
need: clicking a space picks the piece on it, every space it could step to now is
highlighted, and the caption names it in words ("White knight 1"). Needs the
``notebooks`` extra; importing :mod:`hcgames.conquest` never imports this module.
"""

from __future__ import annotations

from typing import Any, cast

from hcgames.conquest.actions import Move
from hcgames.conquest.movement import piece_name
from hcgames.conquest.state import ConquestState
from hcgames.widgets.maps import TARGET, BoardView

__all__ = ["TARGET", "ConquestBoard"]


class ConquestBoard(BoardView):
    """The board with pieces; click a piece to see where it may step.

    ``width`` is the smallest width the board is drawn for (default 620 pixels); the
    board fills the page and keeps its shape, so ``height`` is only kept for old calls.
    """

    def __init__(
        self,
        state: ConquestState,
        width: int | None = None,
        height: int | None = None,
        *,
        legend: bool = True,
    ) -> None:
        self.picked: str | None = None
        self.targets: list[str] = []
        if width is not None:
            self.LAYOUT_WIDTH = max(width, 520)
        super().__init__(state, legend=legend)
        #: kept under its old name: the caption line above the board
        self.caption = self.text_line

    # --- drawing ------------------------------------------------------------------
    def update(self, state: Any) -> None:
        """Show ``state``; keeps the picked piece if it is still on the board."""
        self.state = state
        if self.picked is not None and self.picked not in state.where:
            self.picked = None
        self._targets()
        super().update(state)

    def reachable(self) -> list[str]:
        return list(self.targets)

    def _targets(self) -> None:
        self.targets = []
        if self.picked is None or self.state.is_terminal():
            return
        for action in self.state.legal_actions():
            if isinstance(action, Move) and action.piece == self.picked:
                self.targets.append(action.to)

    # --- picking --------------------------------------------------------------------
    def click(self, space: str) -> list[str]:  # type: ignore[override]
        """Pick the top piece on ``space`` (or the first piece it carries that can
        move); returns the spaces it may step to now."""
        state = cast(ConquestState, self.state)
        piece = state.top.get(space)
        self.picked = None
        if piece is not None:
            stack = state.stack(piece)
            movable = {a.piece for a in state.legal_actions() if isinstance(a, Move)}
            choices = [p for p in stack if p in movable]
            self.picked = choices[0] if choices else piece
        self._targets()
        self.selection = [space] if piece is not None else []
        self._syncing = True
        try:
            self._push_selection()
        finally:
            self._syncing = False
        self._show_text()
        for callback in self._listeners:
            callback(list(self.selection))
        return list(self.targets)

    def clear_selection(self) -> None:
        self.picked = None
        self.targets = []
        super().clear_selection()

    def _set_selection(self, regions: list[str]) -> None:
        if not regions:
            self.picked = None
            self.targets = []
        super()._set_selection(regions)

    @property
    def text(self) -> str:
        base = self.state.describe()
        if self.picked is None:
            return base + " Click a piece to see its moves."
        where = ", ".join(self.targets) or "nowhere"
        return f"{base} Picked {piece_name(self.picked)}: it may step to {where}."
