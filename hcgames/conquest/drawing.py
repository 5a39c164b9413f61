"""A bqplot drawing of the CONQUEST board for the notebooks (views only, no rules).

Land, sea, ports and capitols get their own colours; roads, bridges, sea lanes and
the docks of ports their own line styles. Clicking a space picks the piece on it,
and every space it could step to now is highlighted. Needs the ``notebooks`` extra;
importing :mod:`hcgames.conquest` never imports this module.
"""

from __future__ import annotations

from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.conquest.actions import Move
from hcgames.conquest.state import ConquestState

__all__ = ["ConquestBoard"]

FILL = {
    "land": "#CFE3B4",
    "sea": "#B9D4EC",
    "port": "#6E9FCB",
    "capitol-white": "#F2B8A0",
    "capitol-black": "#C98B8B",
}
SIDE = ("#FFFFFF", "#222222")
TEXT = ("#222222", "#FFFFFF")
EDGE_STYLE = {
    "road": ("#8A7A5C", 1.5, "solid"),
    "bridge": ("#7A3E12", 4.0, "solid"),
    "lane": ("#4D7EA8", 1.2, "dashed"),
    "dock": ("#1F4E79", 2.5, "dotted"),
}
TARGET = "#F5C542"


class ConquestBoard(widgets.VBox):
    """The board with pieces; click a piece to see where it may step."""

    def __init__(self, state: ConquestState, width: int = 720, height: int = 520) -> None:
        self.state = state
        layout = state.game.board_layout()
        self.ids = list(layout["nodes"])
        self.kinds = [layout["nodes"][i]["kind"] for i in self.ids]
        xs = [float(layout["nodes"][i]["x"]) for i in self.ids]
        ys = [float(layout["nodes"][i]["y"]) for i in self.ids]
        scales = {
            "x": bqplot.LinearScale(min=min(xs) - 0.8, max=max(xs) + 0.8),
            "y": bqplot.LinearScale(min=min(ys) - 0.8, max=max(ys) + 0.8),
        }
        marks: list[Any] = []
        for kind, (colour, width_px, style) in EDGE_STYLE.items():
            ex, ey = [], []
            for a, b, k in layout["edges"]:
                if k == kind:
                    ex.append([layout["nodes"][a]["x"], layout["nodes"][b]["x"]])
                    ey.append([layout["nodes"][a]["y"], layout["nodes"][b]["y"]])
            marks.append(
                bqplot.Lines(
                    x=ex,
                    y=ey,
                    scales=scales,
                    colors=[colour],
                    stroke_width=width_px,
                    line_style=style,
                    enable_hover=False,
                )
            )
        self.spaces = bqplot.Scatter(
            x=xs,
            y=ys,
            scales=scales,
            colors=[FILL[k] for k in self.kinds],
            default_size=260,
            stroke="#555555",
            marker="square",
            interactions={"click": "select", "hover": "tooltip"},
            tooltip=bqplot.Tooltip(fields=["name"]),
            names=self.ids,
            display_names=False,
        )
        self.tokens = bqplot.Scatter(
            x=[0.0], y=[0.0], scales=scales, default_size=180, stroke="#000000"
        )
        self.token_text = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            default_size=9,
            align="middle",
            y_offset=3,
            enable_hover=False,
        )
        marks += [self.spaces, self.tokens, self.token_text]
        self.figure = bqplot.Figure(
            marks=marks,
            fig_margin={"top": 5, "bottom": 5, "left": 5, "right": 5},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self.caption = widgets.HTML()
        self.picked: str | None = None
        self.targets: list[str] = []
        self.spaces.observe(self._on_select, names=["selected"])
        super().__init__([self.caption, self.figure])
        self.update(state)

    # --- drawing ------------------------------------------------------------------
    def update(self, state: ConquestState) -> None:
        """Show ``state``; keeps the picked piece if it is still on the board."""
        self.state = state
        if self.picked is not None and self.picked not in state.where:
            self.picked = None
        self._targets()
        tops = [(s, p) for s, p in sorted(state.top.items())]
        xs = [self.spaces.x[self.ids.index(s)] for s, _ in tops]
        ys = [self.spaces.y[self.ids.index(s)] for s, _ in tops]
        from hcgames.conquest.views import stack_label

        with self.tokens.hold_sync(), self.token_text.hold_sync():
            self.tokens.x, self.tokens.y = xs or [0.0], ys or [0.0]
            self.tokens.colors = [SIDE[state.owner[p]] for _, p in tops] or ["#FFFFFF"]
            self.token_text.x, self.token_text.y = xs or [0.0], ys or [0.0]
            self.token_text.text = [stack_label(state, p) for _, p in tops] or [""]
            self.token_text.colors = [TEXT[state.owner[p]] for _, p in tops] or ["#000000"]
        colours = [FILL[k] for k in self.kinds]
        for space in self.targets:
            colours[self.ids.index(space)] = TARGET
        self.spaces.colors = colours
        self.caption.value = f"<b>{self.text}</b>"

    def _targets(self) -> None:
        self.targets = []
        if self.picked is None:
            return
        for action in self.state.legal_actions():
            if isinstance(action, Move) and action.piece == self.picked:
                self.targets.append(action.to)

    # --- picking --------------------------------------------------------------------
    def click(self, space: str) -> list[str]:
        """Pick the top piece on ``space`` (or the first piece it carries that can
        move); returns the spaces it may step to now."""
        piece = self.state.top.get(space)
        self.picked = None
        if piece is not None:
            stack = self.state.stack(piece)
            movable = {a.piece for a in self.state.legal_actions() if isinstance(a, Move)}
            choices = [p for p in stack if p in movable]
            self.picked = choices[0] if choices else piece
        self.update(self.state)
        return list(self.targets)

    def _on_select(self, change: dict[str, Any]) -> None:
        picked = change["new"]
        if picked:
            self.click(self.ids[int(picked[-1])])

    @property
    def text(self) -> str:
        state = self.state
        base = state.describe()
        if self.picked is None:
            return base + " Click a piece to see its moves."
        where = ", ".join(self.targets) or "nowhere"
        return f"{base} Picked {self.picked}: it may step to {where}."
