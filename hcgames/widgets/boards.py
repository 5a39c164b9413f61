"""Boards drawn from ``game.board_layout()``: spaces, links and pieces as tokens.

One module past 600 lines on purpose: the board view, its click-to-pick and its key all
read the same tables of space fills, marks and link styles defined at the top; the key
drawn apart from them would have to import every table back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape
from typing import Any

import bqplot
import ipywidgets as widgets

from hcgames.core import State
from hcgames.widgets._base import (
    NEUTRAL,
    NEUTRAL_SEA,
    one_screen,
    phase_words,
    round_of,
    side_of,
    swatch,
)
from hcgames.widgets.board_access import BOARD_ACCESS_JS
from hcgames.widgets.regions import (
    LARGE_TEXT_ZOOM,
    MAP_CSS,
    RegionView,
    _closest_gap,
    _is_sea,
    label_key,
)

__all__ = ["TARGET", "BoardView", "board_coordinates", "board_legend_html", "piece_board"]

#: how board spaces of each kind are filled (other kinds: unheld land or sea)
SPACE_FILL = {
    "land": "#D5E6BC",
    "sea": "#BCD6EE",
    "port": "#7FA9D1",
    "capitol-white": "#F1DDAE",
    "capitol-black": "#C7AE78",
}
SPACE_WORDS = {
    "land": "land",
    "sea": "sea",
    "port": "port (where ships dock)",
    "capitol-white": "White's capitol",
    "capitol-black": "Black's capitol",
}
#: the mark printed in a corner of each capitol space (and in the key), so that the
#: capitols read apart from plain land without colour (in greyscale, or for a reader
#: who cannot tell the shades apart): a star, the atlas sign of a capital; White's
#: hollow, Black's filled. The letters on pieces (S, E, C, K, Sh, G) stay clear of it.
SPACE_MARK = {"capitol-white": "☆", "capitol-black": "★"}
#: the ink of the capitol stars
_MARK_INK = "#3D2E00"
#: how board links of each kind are drawn: colour, width, dash, words for the key
EDGE_STYLE = {
    "road": ("#8A7A5C", 1.5, "solid", "road"),
    "bridge": ("#7A3E12", 4.0, "solid", "bridge (ships sail under)"),
    "lane": ("#4D7EA8", 1.2, "dashed", "sea lane"),
    "dock": ("#1F4E79", 2.5, "dotted", "dock (port to its land)"),
}
#: the outline of piece tokens: a shade no other mark uses, so that the CSS below can
#: let clicks fall through a token to the space under it
_TOKEN_STROKE = "#111112"
#: the outline of highlighted spaces (also a shade of its own, clicks fall through)
_TARGET_STROKE = "#A86E00"
_BOARD_CSS = (
    ".hcgames-board path.dot[style*='stroke: rgb(17, 17, 18)'], "
    ".hcgames-board path.dot[style*='stroke: rgb(168, 110, 0)'], "
    ".hcgames-board path.dot[style*='stroke: rgb(192, 57, 43)'], "
    ".hcgames-board path.dot[style*='stroke: rgb(123, 45, 158)'] { pointer-events: none; }"
    # no line on a board takes a click: the red path of a hint ran over the square it
    # named and swallowed the first click there (look 8, lesson 32)
    ".hcgames-board path.line { pointer-events: none; }"
    # the hover box sits beside the pointer, over the next space: a quick click on
    # that space must reach the board, not the box
    ".bqplot_tooltip_div, .bqplot_mark_tooltip { pointer-events: none !important; }"
)
#: the outline of the spaces the computer's last moves ended on, and their paths
LAST_MOVE = "#C0392B"
#: the size (px) of the letters on pieces at the board's laid-out size: read from the
#: back of a classroom when projected
LETTER_PX = 16
#: fill of the spaces the picked piece may reach
TARGET = "#F5C542"
#: the ring round a piece on a space the picked piece may reach (darker than TARGET,
#: which a white token's edge hid)
TARGET_RING = "#D49A00"
#: outline of the picked space (not black: Black's tokens are black squares)
PICKED = "#7B2D9E"
#: the badge counting what a piece carries: a pale gold, its black count clear on it
RIDER_BADGE = "#FFE08A"
_COORD = re.compile(r"^([a-z]+)(\d+)$")
#: "(8 of 20 moves used)" at the end of a step's words
_USED = re.compile(r"\s*\(\d+ of \d+ moves used\)")


def board_coordinates(
    nodes: dict[str, dict[str, Any]],
) -> tuple[dict[str, float], dict[str, float]]:
    """Column letters and row numbers of a grid board whose space names read like
    ``h10`` (column ``h``, row 10): ``({"a": x, ...}, {"1": y, ...})``, or two
    empty dicts when the names do not follow the grid."""
    columns: dict[str, set[float]] = {}
    rows: dict[str, set[float]] = {}
    for sid, node in nodes.items():
        match = _COORD.match(sid)
        if not match:
            return {}, {}
        columns.setdefault(match.group(1), set()).add(float(node["x"]))
        rows.setdefault(match.group(2), set()).add(float(node["y"]))
    if any(len(v) != 1 for v in [*columns.values(), *rows.values()]):
        return {}, {}
    return (
        {k: next(iter(v)) for k, v in sorted(columns.items())},
        {k: next(iter(v)) for k, v in sorted(rows.items(), key=lambda kv: int(kv[0]))},
    )


class BoardView(RegionView):
    """A board drawn from ``game.board_layout()``: spaces at fixed places, filled by
    their kind, links between them, and each side's pieces as tokens in the side's
    colour (``data/factions.json``) with the piece's letter; what a piece carries is
    written under it. Grid boards (spaces named like ``h10``) get column letters and
    row numbers on all four edges.

    Clicking a space picks it (then a second one as the target, as on a map); while
    one space is picked, every space a legal action could take it to is highlighted.
    With no ``width`` the board fills the page width and keeps its shape; labels are
    placed for a ``LAYOUT_WIDTH``-pixel board (``layout_width`` if given, at least
    520) and only gain room as it grows.

    With ``pick_pieces`` (the lessons' board, :func:`piece_board`) a click picks one
    piece instead: of the pieces on the space (``region_views()[space]["units"]``,
    ``[id, name]`` pairs, top piece first) the first that a legal action moves (an
    action's ``piece`` field), and every space it may step to now is highlighted; the
    caption above the board is the state's own description naming the picked piece.
    """

    LAYOUT_WIDTH = 620

    def __init__(
        self,
        state: State,
        width: int | None = None,
        height: int | None = None,
        *,
        legend: bool = True,
        max_width: int = 1100,
        pick_pieces: bool = False,
        layout_width: int | None = None,
    ) -> None:
        self._start_picking(state, pick_pieces)
        if layout_width is not None:
            self.LAYOUT_WIDTH = max(layout_width, 520)
        layout = state.game.board_layout()
        if not layout:
            raise ValueError(f"{state.game.title} has no board (game.board_layout() is None)")
        nodes: dict[str, dict[str, Any]] = {str(k): v for k, v in layout["nodes"].items()}
        ids = list(nodes)
        self.kinds = [str(nodes[i].get("kind", "land")) for i in ids]
        sea = [_is_sea(k) for k in self.kinds]
        super().__init__(state, ids, sea)
        self.names = {i: str(nodes[i].get("label", i)) for i in ids}
        self.highlighted: list[str] = []
        xs = [float(nodes[i]["x"]) for i in ids]
        ys = [float(nodes[i]["y"]) for i in ids]
        self.columns, self.rows = board_coordinates(nodes)
        grid = bool(self.columns)
        span_x = max(xs) - min(xs) or 1.0
        span_y = max(ys) - min(ys) or 1.0
        if grid:  # one space a step: leave a step and a half for the coordinates
            pad_x = pad_y = 1.4
        else:
            pad_x, pad_y = span_x * 0.18, span_y * 0.12
        self.fluid = width is None
        width = width or self.LAYOUT_WIDTH
        margin = 6
        if height is None:
            ratio = (span_y + 2 * pad_y) / (span_x + 2 * pad_x)
            height = round((width - 2 * margin) * ratio + 2 * margin)
            if not grid:
                height = min(560, max(240, height))
        self.width, self.height = width, height
        # Size spaces and tokens by how close the spaces sit on screen.
        px = (width - 2 * margin) / (span_x + 2 * pad_x)
        py = (height - 2 * margin) / (span_y + 2 * pad_y)
        self._step_y = py
        gap = _closest_gap([(x * px, y * py) for x, y in zip(xs, ys, strict=True)])
        # a quarter step between grid squares: roads show on small boards and Large text's
        square = max(8.0, min(40.0, (0.74 if grid else 0.86) * gap))
        # tokens nearly fill their space, so that a letter readable from the back of a
        # classroom (LETTER_PX) fits inside one
        token = max(8.0, min(36.0, 0.84 * gap))
        letter = max(11, min(LETTER_PX + 4, round(0.66 * token)))
        self._badge_at = (0.5 * gap / px, 0.44 * gap / py)  # a rider badge, top right
        named = not grid and len(ids) <= 40
        x_scale = bqplot.LinearScale(min=min(xs) - pad_x, max=max(xs) + pad_x)
        y_scale = bqplot.LinearScale(min=min(ys) - pad_y, max=max(ys) + pad_y)
        scales = {"x": x_scale, "y": y_scale}
        self._xy = {i: (x, y) for i, x, y in zip(ids, xs, ys, strict=True)}
        self._arrows = board_arrows(self._xy)
        marks: list[bqplot.Mark] = self._edge_marks(layout, nodes, scales)
        self._space_marks(xs, ys, ids, scales, square, grid, named)
        self._token_marks(xs, ys, ids, scales, token, letter)
        # gold round a token too: the knight may ride through its own pieces (mount, board)
        self.target_marks.default_size = round(max(square, 0.95 * gap) ** 2)
        self.space_marks = self._space_mark_labels(ids, xs, ys, scales, gap, px, py, square)
        marks.extend(self._layers())
        if grid:
            marks.append(self._coordinate_mark(scales, min(xs), max(xs), min(ys), max(ys)))
        self.figure = bqplot.Figure(
            marks=marks,
            fig_margin={"top": margin, "bottom": margin, "left": margin, "right": margin},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": "#FBFBF8"},
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self._assemble(legend, max_width)
        self.update(state)

    def _start_picking(self, state: State, pick_pieces: bool) -> None:
        self.pick_pieces = pick_pieces
        #: the picked piece (with ``pick_pieces``), its name, and where it may step
        self.picked: str | None = None
        self.picked_name = ""
        self.targets: list[str] = []
        #: who plays a move made on the board (a click on a gold square); with nobody
        #: listening, the board plays it on its own copy of the game (lesson 30)
        self._move_listeners: list[Callable[[Any], None]] = []
        #: the position the board began at (Put the pieces back), and the last move's words
        self._start = state
        self.last_words = ""
        #: whether a moved piece that may step again stays picked (:meth:`_keep_riding`)
        self.keep_picked = False
        #: the pick :meth:`_keep_riding` made after a move (a click on it keeps it)
        self._kept_pick = False
        #: whether a picking board's line starts with the whole state (``describe()``)
        self.says_state = True
        #: whether the board's line says where the turn stands before what a pick does
        #: (the play screen's banner says it: its board line stays short, one or two
        #: lines, and never pushes the board down between a move's two clicks)
        self.says_turn = True

    def _layers(self) -> list[bqplot.Mark]:
        """The marks over the links, bottom to top: the spaces, their marks, the last
        moves' paths, the reachable outlines, the moves' ends, the tokens, their letters."""
        return [
            self.nodes,
            self.space_marks,
            # the path over the squares (under them only slivers between squares showed)
            self.move_paths,
            self.target_marks,
            self.move_ends,
            self.tokens,
            self.square_tokens,
            self.target_rings,
            self.picked_ring,
            self.unit_labels,
            self.rider_badges,
            self.rider_labels,
        ]

    def _edge_marks(
        self,
        layout: dict[str, Any],
        nodes: dict[str, dict[str, Any]],
        scales: dict[str, bqplot.Scale],
    ) -> list[bqplot.Mark]:
        """One line mark per kind of link between spaces (road, bridge, sea lane...),
        in its style from :data:`EDGE_STYLE`."""
        marks: list[bqplot.Mark] = []
        by_kind: dict[str, tuple[list[list[float]], list[list[float]]]] = {}
        for edge in layout.get("edges", []):
            a, b = str(edge[0]), str(edge[1])
            kind = str(edge[2]) if len(edge) > 2 else "border"
            ex, ey = by_kind.setdefault(kind, ([], []))
            ex.append([float(nodes[a]["x"]), float(nodes[b]["x"])])
            ey.append([float(nodes[a]["y"]), float(nodes[b]["y"])])
        self.edge_kinds = sorted(by_kind)
        for kind in self.edge_kinds:
            ex, ey = by_kind[kind]
            colour, stroke, dash, _words = EDGE_STYLE.get(
                kind,
                ("#4D7EA8", 2.0, "dashed", kind)
                if _is_sea(kind)
                else ("#8A8A8A", 2.0, "solid", kind),
            )
            marks.append(
                bqplot.Lines(
                    x=ex,
                    y=ey,
                    scales=scales,
                    colors=[colour],
                    stroke_width=stroke,
                    line_style=dash,
                    enable_hover=False,
                )
            )
        return marks

    def _space_marks(
        self,
        xs: list[float],
        ys: list[float],
        ids: list[str],
        scales: dict[str, bqplot.Scale],
        square: float,
        grid: bool,
        named: bool,
    ) -> None:
        """The spaces (clickable), the outlines of where a picked piece may step, and
        the computer's last moves."""
        self.nodes = bqplot.Scatter(
            x=xs,
            y=ys,
            scales=scales,
            names=[self.names[i] for i in ids],
            display_names=named,
            colors=self._space_fills(),
            default_size=round(square * square),
            marker="square" if grid else "circle",
            stroke="#6B6B6B",
            # no hover box: bqplot left it drawn after the pointer had gone, over the
            # gold squares; each space says what stands on it in its own <title> (a
            # browser's tooltip, gone when the pointer leaves) and to a screen reader
            interactions={"click": "select"},
            # the picked space's outline is purple: a black one round a White piece
            # read as a Black piece (a square) behind it
            selected_style={"stroke": PICKED, "stroke-width": 4},
            unselected_style={},
        )
        # the spaces the picked piece may reach: a thick gold outline shows round a token
        self.target_marks = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=[TARGET],
            default_size=round(square * square),
            marker="square" if grid else "circle",
            stroke=_TARGET_STROKE,
            stroke_width=3.5,
            visible=False,
            enable_hover=False,
        )
        # the computer's last moves (mark_moves): a red path under the spaces, a red
        # outline round each space a move ended on
        self.move_paths = bqplot.Lines(
            x=[[0.0, 0.0]],
            y=[[0.0, 0.0]],
            scales=scales,
            colors=[LAST_MOVE],
            stroke_width=6,
            visible=False,
            enable_hover=False,
        )
        self.picked_ring = _picked_ring(scales, square)
        #: a thick gold ring round a piece the picked one may reach (the knight riding
        #: through its own men): the gold square under the token showed only as a thin
        #: edge at its corners (look 11, lesson 34)
        self.target_rings = _picked_ring(scales, square, TARGET_RING, 5)
        self.move_ends = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=["#FFFFFF"],
            fill=False,
            # a little larger than the space and thick: seen from the back of the room
            # round a token that fills its space (look 8, lesson 34: thin red bars)
            default_size=round(1.3 * square * square),
            marker="square" if grid else "circle",
            stroke=LAST_MOVE,
            stroke_width=5,
            visible=False,
            enable_hover=False,
        )

    def _token_marks(
        self,
        xs: list[float],
        ys: list[float],
        ids: list[str],
        scales: dict[str, bqplot.Scale],
        token: float,
        letter: int,
    ) -> None:
        """The pieces as tokens (round for the first side, square for the second),
        the letters on them and the letters of the pieces they carry."""
        self.tokens = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=["#FFFFFF"],
            default_size=round(token * token),
            stroke=_TOKEN_STROKE,
            stroke_width=1.5,
            visible=False,
            enable_hover=False,
        )
        #: the second side's tokens are square (the first side's round): the sides
        #: read apart by shape as well as by colour
        self.square_tokens = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=["#FFFFFF"],
            marker="square",
            default_size=round(0.8 * token * token),
            stroke=_TOKEN_STROKE,
            stroke_width=1.5,
            visible=False,
            enable_hover=False,
        )
        self.unit_labels = bqplot.Label(
            x=xs,
            y=ys,
            text=["" for _ in ids],
            scales=scales,
            colors=["#111111"],
            default_size=letter,
            font_weight="bold",
            align="middle",
            y_offset=4,
            enable_hover=False,
        )
        #: what a piece carries, counted in a gold badge at its square's top right
        #: corner, clear of the letters of its own and the next squares' pieces:
        #: letters written under the token ran into the next square's piece ("K / C+S"
        #: over a knight at 1024: look 14, lesson 31)
        badge = 14
        self.rider_badges = bqplot.Scatter(
            x=[0.0],
            y=[0.0],
            scales=scales,
            colors=[RIDER_BADGE],
            default_size=round((1.45 * badge) ** 2),
            stroke=_TOKEN_STROKE,
            stroke_width=1.5,
            visible=False,
            enable_hover=False,
        )
        self.rider_labels = bqplot.Label(
            x=[0.0],
            y=[0.0],
            text=[""],
            scales=scales,
            colors=["#111111"],
            default_size=badge,
            font_weight="bold",
            align="middle",
            y_offset=round(0.35 * badge),
            enable_hover=False,
        )

    def _assemble(self, legend: bool, max_width: int) -> None:
        """The figure's classes, the key and the view's rows."""
        # bqplot's own PanZoom leaves labels behind and swallows clicks: not offered
        self.figure.display_toolbar = False
        self.figure.add_class("hcgames-figure")
        self.figure.add_class("hcgames-grows")  # Large text enlarges it (see _css)
        self._uid = f"hc-board-{id(self):x}"
        self._max_width = max_width
        #: px of the window kept for lines above the board (see :meth:`lines_beside`)
        self._header_px = 110
        #: the board's line and key stand beside it (:meth:`lines_beside`)
        self._lines_beside = False
        self.figure.add_class(self._uid)
        if self.fluid:
            self.figure.layout = widgets.Layout(width="100%")
        self.add_class("hcgames-board")
        self.legend = widgets.HTML(layout=widgets.Layout(display="" if legend else "none"))
        #: the key folded under its sides' line (a play screen, where room is short)
        self.fold_key = False
        self.legend.add_class("hcgames-legend")
        #: the keyboard on the board (:mod:`hcgames.widgets.board_access`)
        self.access = widgets.HTML(
            layout=widgets.Layout(height="0px", overflow="hidden", margin="0px")
        )
        self._style.value = self._css()
        self.nodes.observe(self._on_nodes_selected, names=["selected"])
        self.nodes.observe(self._on_nodes_hovered, names=["hovered_point"])
        self.children = [
            self.text_line,
            self._style,
            self.figure,
            self.legend,
            self.info,
            self.messages,
            self.access,
        ]

    # --- building ------------------------------------------------------------------
    def _space_mark_labels(
        self,
        ids: list[str],
        xs: list[float],
        ys: list[float],
        scales: dict[str, Any],
        gap: float,
        px: float,
        py: float,
        square: float,
    ) -> bqplot.Label:
        """A star in the top left corner of every capitol space (``SPACE_MARK``):
        clear of the token in the middle, so it shows under a piece too."""
        spots = [
            (x - 0.3 * gap / px, y + 0.27 * gap / py, SPACE_MARK[kind])
            for x, y, kind in zip(xs, ys, self.kinds, strict=True)
            if kind in SPACE_MARK
        ]
        return bqplot.Label(
            x=[x for x, _, _ in spots] or [0.0],
            y=[y for _, y, _ in spots] or [0.0],
            text=[t for _, _, t in spots] or [""],
            scales=scales,
            colors=[_MARK_INK],
            # larger than the 8 px that was lost when projected, yet clear of the piece's
            # letter in the middle (0.62 of the square ran into a soldier's "S" at 1024)
            default_size=max(11, round(square * 0.48)),
            font_weight="bold",
            align="middle",
            y_offset=round(square * 0.15),
            visible=bool(spots),
            enable_hover=False,
        )

    def _coordinate_mark(
        self, scales: dict[str, Any], x0: float, x1: float, y0: float, y1: float
    ) -> bqplot.Label:
        xs, ys, texts = [], [], []
        for letter, x in self.columns.items():
            for y in (y0 - 0.95, y1 + 0.95):
                xs.append(x)
                ys.append(y)
                texts.append(letter)
        for number, y in self.rows.items():
            for x in (x0 - 1.0, x1 + 1.0):
                xs.append(x)
                ys.append(y)
                texts.append(number)
        mark = bqplot.Label(
            x=xs,
            y=ys,
            text=texts,
            scales=scales,
            colors=["#444444"],
            # read from the back of a classroom, as the pieces' letters are (the lessons
            # name spaces by them: h10, g11)
            default_size=LETTER_PX,
            font_weight="bold",
            align="middle",
            y_offset=round(LETTER_PX * 0.35),
            enable_hover=False,
        )
        self.coordinates = mark
        return mark

    def lines_beside(self) -> None:
        """Put the board's line (what is picked and where it may step) and its key in a
        column beside the board, which then grows to the window's height: a click on a
        piece and the line answering it are in sight together at 1366x768 and 1024x700."""
        # the window's height less the line of room above the board and the button
        # under it: the board, its button and its line and key are one screen
        self._header_px = 72
        self._lines_beside = True
        #: puts the pieces back where the board began, after moves made on it
        self.put_back_button = widgets.Button(
            description="Put the pieces back",
            icon="undo",
            tooltip="Set every piece back where it stood when the page opened",
            layout=widgets.Layout(width="auto"),
        )
        self.put_back_button.on_click(lambda _b: self.put_back())
        self._style.value = self._css()
        board = widgets.VBox(
            [self.figure, self.put_back_button],
            layout=widgets.Layout(flex="1 1 480px", min_width="0"),
        )
        side = widgets.VBox(
            [self.text_line, self.legend, self.info],
            layout=widgets.Layout(flex="0 0 clamp(280px, calc(100vw - 960px), 420px)"),
        )
        side.add_class("hc-board-side")
        self.text_line.add_class("hc-board-line")  # read from the back: see _css
        row = one_screen(board, side)  # the button, the board and its line: one unit
        self.children = [self._style, self.access, row, self.messages]

    def _css(self) -> str:
        # Large text zooms the page (CSS ``zoom``) and the board grows with it as one
        # picture, its letters with it: the page template leaves a figure marked
        # ``hcgames-grows`` unpinned and tells bqplot its size before the zoom, so bqplot
        # draws the board as laid out and the zoom makes all of it half as large again
        # (every click and the keyboard's focus square on their spaces). Lengths inside
        # the zoomed page are zoomed too (100vh is one and a half windows there): a
        # fluid board keeps to the window's height less the lines above it, as without
        # Large text, and so never shrinks either.
        zoom = LARGE_TEXT_ZOOM
        ratio = self.width / self.height
        # the room kept above the board holds lines of text, zoomed too; a board with its
        # lines beside it (lesson 30) keeps its height as without Large text
        # never narrower (before the zoom) than the spaces and pieces, drawn in pixels for
        # LAYOUT_WIDTH, need to stand clear of each other: a short window scrolls a little
        floor = round(0.87 * self.LAYOUT_WIDTH)
        large_height = (
            f"(100vh - {self._header_px}px) / {zoom:g}"
            if self._lines_beside
            else f"(100vh / {zoom:g} - {self._header_px}px)"
        )
        fluid = (
            f".{self._uid} {{ width: 100% !important; height: auto !important; "
            f"aspect-ratio: {self.width} / {self.height}; "
            f"max-width: min({self._max_width}px, "
            f"calc((100vh - {self._header_px}px) * {ratio:.4f})); }}"
            f".hcgames-large .{self._uid} {{ max-width: min({self._max_width}px, "
            f"max({floor}px, calc({large_height} * {ratio:.4f}))); }}"
            # a board in a row with its controls (lessons 31, 32) stays beside them
            f".hcgames-large .hc-screen > .hcgames-board:has(.{self._uid}) "
            "{ flex-basis: 480px !important; }"
            f".hcgames-large .hc-screen:has(> .hcgames-board .{self._uid}) > "
            ":not(.hcgames-board) { flex: 0 1 320px !important; }"
            # a window under 1150 px (1024x700) has no room for both grown: the board
            # keeps about its size (zoomed 1.5 x 0.68), and stays beside its controls,
            # not a screen below them (look 6, lesson 31)
            "@media (max-width: 1149px) { "
            f".hcgames-large .hc-screen > .hcgames-board:has(.{self._uid}) "
            "{ flex: 1 1 0px !important; min-width: 0 !important; } "
            # (the controls' column 260 zoomed px, and the board never under 575 px
            # before the zoom: as large as without Large text, about 590 px, look 7)
            f".hcgames-large .hc-screen:has(> .hcgames-board .{self._uid}) > "
            ":not(.hcgames-board) { flex: 0 0 260px !important; min-width: 0 !important; } "
            f".hcgames-large .{self._uid} {{ zoom: 0.68; max-width: none !important; "
            "min-width: 575px; } }"
            if self.fluid
            else ""
        )
        # the line and key beside a board (lines_beside) keep to the board's height at
        # 1024x700: lines no further apart than the text needs
        side = ".hc-board-side .widget-html-content { line-height: 1.4; }"
        # what a click picked and where it may step: read from the back of the room
        side += ".hc-board-line .hcgames-text { font-size: 16px; }"
        # Large text: the line and key keep their narrowest width (zoomed, 420 px), so at
        # 1366 they stay beside the board; at 1024 they go under it
        side += ".hcgames-large .hc-board-side { flex: 0 0 280px !important; }"
        # on a play screen (lesson 34) the moves keep beside the grown board at 1366: their
        # column gives up 20 of its narrowest 320 (zoomed) pixels, which the row lacked
        side += (
            f".hcgames-large .hcgames-play-main:has(.{self._uid}) > .hcgames-side-column "
            "{ min-width: 300px !important; flex-basis: 300px !important; }"
        )
        if not self.fluid:
            side += self._narrow_play_css() + self._wide_fixed_css()
            # a stepper's buttons (lesson 30) beside its board at 1366 under Large text:
            # their column's row wraps at 300 zoomed px, not 420
            side += (
                f".hcgames-large .hc-screen:not(.hcgames-play-main):has(> * > .hcgames-board "
                f".{self._uid}) > :not(:has(.{self._uid})) {{ flex-basis: 300px !important; }}"
            )
        return "<style>" + MAP_CSS + _BOARD_CSS + fluid + side + "</style>"

    def _wide_fixed_css(self) -> str:
        """A board of fixed width (the play screen, lesson 30's stepper) laid out for a
        1024 px window: on a projector's 1366x768 it grows by 1.3 (its letters to about
        18 px), the one unit still one screen; under Large text it keeps that size (the
        page's zoom times ``large``), its words grown round it: grown by the zoom too, it
        pushed End my turn under the fold (look 13, lesson 34)."""
        large = 1.3 / LARGE_TEXT_ZOOM
        return (
            "@media (min-width: 1280px) and (min-height: 740px) { "
            f".{self._uid} {{ zoom: 1.3; }} .hcgames-large .{self._uid} {{ zoom: {large:.3f}; }} "
            f".hcgames-play-main:has(.{self._uid}) > :first-child "
            f"{{ width: {(self.width + 8) * 1.3:.1f}px !important; }} "
            f".hcgames-large .hcgames-play-main:has(.{self._uid}) > :first-child "
            f"{{ width: {(self.width + 8) * large:.1f}px !important; }} }}"
        )

    def _narrow_play_css(self) -> str:
        """On a play screen narrower than the grown board and its moves need (1366 px),
        the board grows less (the zoom times ``scale``) so that the moves stay beside it,
        in a column of at least 260 (zoomed) px: at 1024x700 it keeps about its size."""
        main = f".hcgames-large .hcgames-play-main:has(.{self._uid})"
        rules = []
        for below, scale in ((1337, 0.85), (1150, 0.68)):
            rules.append(
                f"@media (max-width: {below - 1}px) {{ "
                f".hcgames-large .hcgames-play-main .{self._uid} {{ zoom: {scale}; }} "
                f"{main} > :first-child {{ width: {(self.width + 8) * scale:.1f}px !important; }} "
                f"{main} > .hcgames-side-column {{ min-width: 260px !important; "
                "flex-basis: 260px !important; } }"
            )
        return " ".join(rules)

    def _space_fills(self) -> list[str]:
        fills = []
        for kind, sea in zip(self.kinds, self._sea, strict=True):
            fills.append(SPACE_FILL.get(kind, NEUTRAL_SEA if sea else NEUTRAL))
        return fills

    # --- state ---------------------------------------------------------------------
    def region_name(self, region: str) -> str:
        return self.names.get(region, region)

    def update(self, state: State) -> None:
        """Show ``state``; a picked piece stays picked while it is still on the board."""
        if self.pick_pieces:
            self.state = state
            self._views = self._region_views(state)
            units = {u[0] for view in self._views.values() for u in view.get("units", [])}
            if self.picked is not None and self.picked not in units:
                self.picked = None
            self._pick_targets()
            self._draw()
            self._show_text()
            return
        super().update(state)

    def _pick_targets(self) -> None:
        self.targets = []
        if self.picked is None or self.state.is_terminal():
            return
        for action in self.state.legal_actions():
            if getattr(action, "piece", None) == self.picked:
                regions = self.state.action_regions(action)
                if regions:
                    self.targets.append(regions[-1])

    def click(self, region: str) -> list[str]:
        """One click on ``region``. With a space (or piece) picked, a click on a gold
        square it may reach makes that move (with ``pick_pieces``: plays it, see
        :meth:`on_move`); a click on another space picks that one instead; a click on the
        picked space puts it down. With ``pick_pieces`` a click picks the top piece
        there (or the first piece it carries that can move). Returns the spaces now
        highlighted."""
        if not self.pick_pieces:
            return self._click_space(region)
        if self.picked is not None and region in self.targets:
            move = self._move_to(region)
            if move is not None:
                self.play_move(move)
                return list(self.targets)
        units = list((self._views.get(region) or {}).get("units", []))
        movable = {getattr(a, "piece", None) for a in self.state.legal_actions()}
        self.picked, self.picked_name = None, ""
        if units:
            choices = [u for u in units if u[0] in movable]
            self.picked, self.picked_name = choices[0] if choices else units[0]
        self._pick_targets()
        self.selection = [region] if units else []
        self._push_quietly()
        self._show_text()
        for callback in self._listeners:
            callback(list(self.selection))
        return list(self.targets)

    def _click_space(self, region: str) -> list[str]:
        """A click without ``pick_pieces``: source, then a gold square as the target; a
        click elsewhere picks that space instead (another piece is picked at once)."""
        shown = getattr(self, "_shown_only", False) and len(self.selection) == 2
        if shown and region == self.selection[1]:
            # the list's one move for the clicked piece is shown on the board (its two
            # spaces): a click on its gold end plays it, as after any pick; it waited
            # for Play this move in a recapture (look 10, lesson 34)
            new: list[str] = list(self.selection)
        elif len(self.selection) == 1:
            if region == self.selection[0]:
                new = []
            elif region in self.reachable():
                new = [self.selection[0], region]
            else:
                new = [region]
        else:
            new = [region]
        self._set_selection(new)
        return self.reachable()

    def _move_to(self, region: str) -> Any:
        """The legal move that takes the picked piece to ``region`` (None: none does)."""
        for action in self.state.legal_actions():
            if getattr(action, "piece", None) == self.picked:
                regions = self.state.action_regions(action)
                if regions and regions[-1] == region:
                    return action
        return None

    def on_move(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(move)`` when a click on a gold square makes a move (the
        caller plays it and shows the new position); with no callback the board plays
        the move on its own copy of the game."""
        self._move_listeners.append(callback)

    def play_move(self, move: Any) -> None:
        """A move made on the board: handed to :meth:`on_move`'s callbacks, or played
        here (the first time on a copy, so the position given stays as it was)."""
        moved = getattr(move, "piece", None)
        self.picked, self.picked_name, self.targets = None, "", []
        self.selection = []
        self._push_quietly()  # the clicked square does not stay outlined as picked
        if self._move_listeners:
            for callback in self._move_listeners:
                callback(move)
        else:
            state = self.state.copy() if self.state is self._start else self.state
            events = state.apply(move)
            # the count of moves is said once, by the state's own words after it
            said = [_USED.sub("", str(e.text)) for e in events if getattr(e, "text", "")]
            self.last_words = " ".join(said)
            self.update(state)
            self._push_quietly()
        self._keep_riding(moved)

    def _keep_riding(self, piece: str | None) -> None:
        """A knight that stopped on its own men must ride on at once: it stays picked,
        its next squares in gold, so the next click finishes its move. With
        ``keep_picked`` any piece that may still step stays picked (lesson 32: a seized
        ship had to be picked again before each step, while a knight stayed picked)."""
        if piece is None:
            return
        if getattr(self.state, "transit", None) != piece:
            if not self.keep_picked or self.state.is_terminal():
                return
            if not any(getattr(a, "piece", None) == piece for a in self.state.legal_actions()):
                return
        for region, view in self._views.items():
            units = list(view.get("units", []))
            if units and units[0][0] == piece:
                self.click(region)
                self._kept_pick = True
                return

    def put_back(self) -> None:
        """Set the pieces back where the board began (lesson 30's button)."""
        self.picked, self.picked_name, self.targets = None, "", []
        self.selection = []
        self.last_words = ""
        self.update(self._start)
        self._push_quietly()

    def clear_selection(self) -> None:
        self.picked, self.picked_name, self.targets = None, "", []
        super().clear_selection()

    def _set_selection(self, regions: list[str]) -> None:
        if not regions:
            self.picked, self.picked_name, self.targets = None, "", []
        super()._set_selection(regions)

    def reachable(self) -> list[str]:
        """The spaces to highlight: where a legal action could take what is on the
        one picked space (none while nothing, or a source and target, is picked);
        with ``pick_pieces``, where the picked piece may step."""
        if self.pick_pieces:
            return list(self.targets)
        if getattr(self, "_shown_only", False) and len(self.selection) == 2:
            return [self.selection[1]]  # a move the list shows: its end, to click
        if len(self.selection) != 1 or self.state.is_terminal():
            return []
        source, out = self.selection[0], []
        for action in self.state.legal_actions():
            regions = self.state.action_regions(action)
            if len(regions) >= 2 and regions[0] == source and regions[-1] not in out:
                out.append(regions[-1])
        return out

    def _draw(self) -> None:
        self.highlighted = [r for r in self.reachable() if r in self._index]
        fills = self._space_fills()
        for region in self.highlighted:
            fills[self._index[region]] = TARGET
        if list(self.nodes.colors) != fills:
            self.nodes.colors = fills
        spots = [self._xy[r] for r in self.highlighted]
        with self.target_marks.hold_sync():
            self.target_marks.x = [p[0] for p in spots] or [0.0]
            self.target_marks.y = [p[1] for p in spots] or [0.0]
            self.target_marks.visible = bool(spots)
        # a ring round the one picked space (none once a move's two spaces are picked)
        one = list(self.selection) if len(self.selection) == 1 else []
        picked = [self._xy[r] for r in one if r in self._xy]
        held = [self._xy[r] for r in self.highlighted if (self._views.get(r) or {}).get("piece")]
        with self.target_rings.hold_sync():
            self.target_rings.x = [p[0] for p in held] or [0.0]
            self.target_rings.y = [p[1] for p in held] or [0.0]
            self.target_rings.visible = bool(held)
        with self.picked_ring.hold_sync():
            self.picked_ring.x = [p[0] for p in picked] or [0.0]
            self.picked_ring.y = [p[1] for p in picked] or [0.0]
            self.picked_ring.visible = bool(picked)
        tx: list[float] = []
        ty: list[float] = []
        tcolours: list[str] = []
        inks, lx, ly, texts, rx, ry, riders = ([] for _ in range(7))
        sx: list[float] = []
        sy: list[float] = []
        scolours: list[str] = []
        for rid in self.region_ids:
            view = self._views.get(rid) or {}
            x, y = self._xy[rid]
            owner = view.get("owner")
            rider = str(view.get("riders", "") or "")
            top = str(view.get("piece", view.get("label", "")) or "")
            ink = "#111111"
            if isinstance(owner, int):
                style = side_of(self.state, owner)
                round_token = owner % 2 == 0
                (tx if round_token else sx).append(x)
                (ty if round_token else sy).append(y)
                (tcolours if round_token else scolours).append(style.colour)
                ink = style.ink
            lx.append(x)
            ly.append(y)
            texts.append(top)
            inks.append(ink)
            if rider:
                rx.append(x + self._badge_at[0])
                ry.append(y + self._badge_at[1])
                riders.append(str(rider_count(rider)))
        with self.tokens.hold_sync():
            self.tokens.x, self.tokens.y = tx or [0.0], ty or [0.0]
            self.tokens.colors = tcolours or ["#FFFFFF"]
            self.tokens.visible = bool(tx)
        with self.square_tokens.hold_sync():
            self.square_tokens.x, self.square_tokens.y = sx or [0.0], sy or [0.0]
            self.square_tokens.colors = scolours or ["#FFFFFF"]
            self.square_tokens.visible = bool(sx)
        with self.unit_labels.hold_sync():
            self.unit_labels.x, self.unit_labels.y = lx, ly
            self.unit_labels.text = texts
            self.unit_labels.colors = inks
        with self.rider_badges.hold_sync():
            self.rider_badges.x, self.rider_badges.y = rx or [0.0], ry or [0.0]
            self.rider_badges.visible = bool(rx)
        with self.rider_labels.hold_sync():
            self.rider_labels.x, self.rider_labels.y = rx or [0.0], ry or [0.0]
            self.rider_labels.text = riders or [""]
        legend = board_legend_html(self)
        if self.legend.value != legend:
            self.legend.value = legend
        access = self._access_html()
        if self.access.value != access:
            self.access.value = access

    def space_title(self, region: str) -> str:
        """What a screen reader (and the pointer's tooltip) says of a space."""
        text = self.tooltip_for(region)
        if region in self.highlighted:
            text += " The picked piece may go here: Enter moves it."
        elif region in self.selection:
            text += " Picked."
        return text

    def _access_html(self) -> str:
        titles = {self.names[r]: self.space_title(r) for r in self.region_ids}
        moves = {
            self.names[r]: [self.names[t] if t else "" for t in self._arrows[r]]
            for r in self.region_ids
        }
        first = next(iter(self.highlighted or self.selection or self.region_ids))
        label = (
            f"Board of {self.state.game.title}: the arrow keys move from space to space, "
            "Enter or Space picks a piece and then where it goes."
        )
        return (
            "<img alt='' src='data:,' style='display:none' class='hcgames-board-access' "
            f'data-label="{escape(label)}" data-titles="{escape(json.dumps(titles))}" '
            f'data-moves="{escape(json.dumps(moves))}" data-first="{escape(self.names[first])}" '
            f'onerror="{escape(BOARD_ACCESS_JS)}">'
        )

    def token_colours(self) -> dict[str, str]:
        """The colour of the token on every space that has one."""
        out = {}
        for rid in self.region_ids:
            owner = (self._views.get(rid) or {}).get("owner")
            if isinstance(owner, int):
                out[rid] = side_of(self.state, owner).colour
        return out

    @property
    def text(self) -> str:
        plain = getattr(self.state, "plain_words", None)  # the game's own wording, if any
        return str(plain(self._text())) if callable(plain) else self._text()

    def _text(self) -> str:
        state = self.state
        if self.pick_pieces:
            # a lesson's scene says the count of moves beside the board: its line only
            # what was moved and picked (the whole state made it jump, look 8 lesson 32)
            base = state.describe() if self.says_state else ""
            if self.last_words:  # a move made on the board, then where the game stands
                base = f"{self.last_words} {base}"
            if self.picked is None:
                # a finished game has no moves to see: not "Click a piece" after a win
                done = base if state.is_terminal() else base + " Click a piece to see its moves."
                return done.strip()
            # "the White knight", not "White knight 2": the space says which one
            name = self.picked_name.rstrip("0123456789 ")
            name = name if "'s " in name else f"the {name}"  # "White's seized ship"
            if not self.targets:  # not "it may step to nowhere": and why, when the game says
                why = self._why_stuck(self.selection[0] if self.selection else "", self.picked)
                return f"{base} Picked {name}: it cannot move from here now.{why}".strip()
            return f"{base} Picked {name}: it may step to {', '.join(self.targets)}.".strip()
        held: dict[str, int] = {}
        for view in self._views.values():
            owner = view.get("owner")
            if isinstance(owner, int):
                name = state.side_name(owner)
                held[name] = held.get(name, 0) + 1
        pieces = "; ".join(f"{name} has pieces on {n} spaces" for name, n in held.items())
        when = f"{round_of(state)}, {phase_words(state.game, state.phase)}"
        base = f"{when}. {pieces or 'The board is empty'}."
        now = getattr(state, "now_words", None)
        if callable(now):  # the game says where the turn stands in a sentence of its own
            base = str(now())
        if not self.says_turn:
            base = ""  # a screen that says the turn elsewhere: only what the pick does
        if len(self.selection) == 2:
            base += " Picked: " + " then ".join(self.region_name(r) for r in self.selection) + "."
        if len(self.selection) == 1:
            where = ", ".join(self.region_name(r) for r in self.highlighted) or "nowhere"
            space = self.selection[0]
            units = list((self._views.get(space) or {}).get("units", []))
            movers = self.movers(space)
            if len(units) > 1 and movers:
                # several pieces share the space: say which one a click on a gold
                # square moves (the play screen's board click plays that one)
                return (
                    f"On {self.region_name(space)}: {units[0][1]} carrying "
                    + " and ".join(str(u[1]) for u in units[1:])
                    + f". A click on a gold square ({where}) moves {movers[0]}"
                    + (" with what it carries" if movers[0] == units[0][1] else "")
                    + "; to move another of them, pick its move in the list."
                )
            why = self._why_stuck(space)
            if not self.highlighted and why:  # not "it may go to: nowhere" unexplained
                return f"{base}{why}".lstrip()
            base += f" From {self.region_name(space)} it may go to: {where}."
        return base.lstrip()

    def _why_stuck(self, space: str, piece: str | None = None) -> str:
        """ " " and why the piece on ``space`` cannot move, when the game says
        (CONQUEST: its steps are used, another knight is mid-ride...); "" otherwise."""
        words = getattr(self.state, "stuck_words", None)
        why = str(words(space, piece)) if callable(words) else ""
        return f" {why}" if why else ""

    def mark_moves(self, paths: list[Any]) -> None:
        """Outline where each of ``paths`` (the spaces a move went through, first to
        last) ended, with a line along it: the computer's last moves. ``[]`` clears."""
        paths = [[r for r in p if r in self._xy] for p in paths]
        paths = [p for p in paths if p]
        # where a piece stopped: not a square it went on from in a later move (a
        # galleon sailing m8, m7, m6 is outlined on m6, not on the empty m7)
        ends = list(
            dict.fromkeys(
                p[-1] for i, p in enumerate(paths) if not any(q[0] == p[-1] for q in paths[i + 1 :])
            )
        )
        # one straight piece per step (bqplot wants lines of one length)
        lines = [p[i : i + 2] for p in paths for i in range(len(p) - 1)]
        with self.move_ends.hold_sync():
            self.move_ends.x = [self._xy[r][0] for r in ends] or [0.0]
            self.move_ends.y = [self._xy[r][1] for r in ends] or [0.0]
            self.move_ends.visible = bool(ends)
        with self.move_paths.hold_sync():
            self.move_paths.x = [[self._xy[r][0] for r in p] for p in lines] or [[0.0, 0.0]]
            self.move_paths.y = [[self._xy[r][1] for r in p] for p in lines] or [[0.0, 0.0]]
            self.move_paths.visible = bool(lines)

    def movers(self, space: str) -> list[str]:
        """The names of the pieces on ``space`` (top piece first) that a legal move moves."""
        movable = {getattr(a, "piece", None) for a in self.state.legal_actions()}
        units = list((self._views.get(space) or {}).get("units", []))
        return [str(name) for pid, name in units if pid in movable]

    def first_mover(self, moves: list[Any]) -> Any:
        """Of ``moves`` (all from one space), the move of the first piece there (top
        piece first) that one of them moves; ``None`` when no piece is told apart."""
        if not moves:
            return None
        space = self.state.action_regions(moves[0])[0]
        units = list((self._views.get(space) or {}).get("units", []))
        for pid, _name in units:
            for move in moves:
                if getattr(move, "piece", None) == pid:
                    return move
        return None

    def _push_selection(self) -> None:
        self.nodes.selected = [self._index[r] for r in self.selection] or None
        self._draw()

    def _on_nodes_selected(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        new = [
            self.region_ids[int(i)] for i in (change["new"] if change["new"] is not None else [])
        ]
        if not new and self._kept_pick and len(self.selection) == 1:
            # the browser drops a clicked space already outlined: a click on a piece kept
            # picked after its move picks it again, as a click on it did before its move
            # (look 13, lesson 32: the click put the kept pick down, and the next click on
            # a gold square did nothing); a second click drops it
            self._kept_pick = False
            self.click(self.selection[0])
            return
        if not new:
            self._set_selection([])
            return
        added = [r for r in new if r not in self.selection]
        removed = [r for r in self.selection if r not in new]
        if added or removed:  # not the browser's echo of the selection it was sent
            self._kept_pick = False
        if added:
            self.click(added[-1])
        elif getattr(self, "_shown_only", False) and removed == self.selection[-1:]:
            # the browser drops a clicked space that was already outlined: a click on the
            # gold end of the move the list picked plays it (look 13, lesson 34: a piece
            # with one move was picked for the student, and the click on its gold square
            # put the pick down)
            self.click(removed[0])
        else:
            self._set_selection(new[-2:])

    def _on_nodes_hovered(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and 0 <= int(index) < len(self.region_ids):
            self._hover(self.region_ids[int(index)])


def rider_count(riders: str) -> int:
    """How many pieces a rider label names: "E+2S" is 3, "C" is 1."""
    count = 0
    for part in riders.split("+"):
        digits = part[: len(part) - len(part.lstrip("0123456789"))]
        count += int(digits) if digits else 1
    return count


def board_arrows(xy: dict[str, tuple[float, float]]) -> dict[str, list[str]]:
    """For each space, the space the arrow keys go to: up, right, down, left (``""``
    where none): the nearest space within 45 degrees of that way."""
    ways = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))
    out: dict[str, list[str]] = {}
    for sid, (x0, y0) in xy.items():
        row = []
        for wx, wy in ways:
            best, best_d = "", float("inf")
            for other, (x1, y1) in xy.items():
                along = (x1 - x0) * wx + (y1 - y0) * wy
                across = abs((x1 - x0) * wy - (y1 - y0) * wx)
                if other == sid or along <= 0 or across > along:
                    continue
                d = along + 2 * across
                if d < best_d:
                    best, best_d = other, d
            row.append(best)
        out[sid] = row
    return out


def piece_board(
    state: State,
    width: int | None = None,
    *,
    legend: bool = True,
    beside: bool = False,
) -> BoardView:
    """The lessons' board: a :class:`BoardView` on which a click picks a piece and shows
    where it may step. It fills the page and keeps its shape, laid out for at least
    ``width`` pixels (default 620). With ``beside``, its line (where the picked piece
    may step) and its key sit beside the board (:meth:`BoardView.lines_beside`)."""
    view = BoardView(state, legend=legend, pick_pieces=True, layout_width=width)
    if beside:
        view.lines_beside()
    return view


def _token(colour: str, square: bool = False) -> str:
    edge = "stroke='#111111' stroke-width='1.5'"
    shape = (
        f"<rect x='2' y='2' width='14' height='14' fill='{colour}' {edge}/>"
        if square
        else f"<circle cx='9' cy='9' r='7.5' fill='{colour}' {edge}/>"
    )
    return (
        "<svg width='18' height='18' aria-hidden='true' style='vertical-align:middle'>"
        f"{shape}</svg>"
    )


def _line(colour: str, width: float, dash: str) -> str:
    pattern = {"dashed": "6 3", "dotted": "2 3"}.get(dash, "none")
    return (
        "<svg width='26' height='12' aria-hidden='true' style='vertical-align:middle'>"
        f"<line x1='1' y1='6' x2='25' y2='6' stroke='{colour}' stroke-width='{width}' "
        f"stroke-dasharray='{pattern}'/></svg>"
    )


def _picked_ring(
    scales: dict[str, bqplot.Scale], square: float, colour: str = "", width: float = 7
) -> bqplot.Scatter:
    """The picked piece's mark: a thick purple ring round its token, drawn over it (the
    space's own outline hid under a token that fills it: look 10, lesson 30); in
    ``colour``, a ring of another meaning."""
    return bqplot.Scatter(
        x=[0.0],
        y=[0.0],
        scales=scales,
        colors=["#FFFFFF"],
        fill=False,
        default_size=round(1.9 * square * square),
        marker="circle",
        stroke=colour or PICKED,
        stroke_width=width,
        visible=False,
        enable_hover=False,
    )


def board_legend_html(view: BoardView) -> str:
    """The key under a board: each side's token, the kinds of space and link, the
    highlight, and what the letters on pieces mean."""
    state = view.state
    keys = []
    for player in range(len(state.game.player_names)):
        style = side_of(state, player)
        shape = "round" if player % 2 == 0 else "square"
        keys.append(
            (
                _token(style.colour, square=player % 2 == 1),
                f"{escape(state.side_name(player))}'s pieces ({shape})",
            )
        )
    for kind in dict.fromkeys(view.kinds):
        fill = SPACE_FILL.get(kind, NEUTRAL_SEA if _is_sea(kind) else NEUTRAL)
        key = swatch(fill)
        if kind in SPACE_MARK:  # the star the board prints on the space, as it shows
            key = key.replace(
                "</svg>",
                f"<text x='5' y='10' font-size='10' font-weight='bold' fill='{_MARK_INK}' "
                f"text-anchor='middle'>{SPACE_MARK[kind]}</text></svg>",
            )
        words = SPACE_WORDS.get(kind, kind)
        if kind in SPACE_MARK:
            words += f" ({SPACE_MARK[kind]} in its corner)"
        keys.append((key, escape(words)))
    for kind in view.edge_kinds:
        if kind in EDGE_STYLE:
            colour, width, dash, words = EDGE_STYLE[kind]
            keys.append((_line(colour, width, dash), escape(words)))
    ring = (
        "<svg width='16' height='16' aria-hidden='true'><circle cx='8' cy='8' r='6' "
        f"fill='none' stroke='{PICKED}' stroke-width='3'/></svg>"
    )
    keys.append((ring, "the picked piece"))
    # a gold square, or a gold ring round a piece there (to take, or for a knight to
    # ride through): one line of the key, which must not push the board off the screen
    gold = ring.replace(PICKED, TARGET_RING)
    keys.append((swatch(TARGET) + gold, "where the picked piece may go"))
    for label, meaning in label_key(state.game.id):
        mark = f"<b>{escape(label)}</b>"
        if label.isdigit():  # a rider count, in its badge as the board draws it
            mark = (
                "<svg width='18' height='18' aria-hidden='true' style='vertical-align:middle'>"
                f"<circle cx='9' cy='9' r='8' fill='{RIDER_BADGE}' stroke='{_TOKEN_STROKE}'"
                " stroke-width='1.5'/><text x='9' y='13' font-size='11' font-weight='bold'"
                f" text-anchor='middle'>{escape(label)}</text></svg>"
            )
        keys.append((mark, escape(meaning)))
    spans = [f"<span class='hc-key'>{a}<span>{b}</span></span>" for a, b in keys]
    sides = len(state.game.player_names)
    if view.fold_key:  # the sides stay in sight; a click opens the rest
        body = "".join(spans[:sides]) + (
            "<details><summary>The rest of the key: spaces, links and letters</summary>"
            + "".join(spans[sides:])
            + "</details>"
        )
    else:
        body = "".join(spans)
    return f"<div role='note' aria-label='Board key'>{body}</div>"
