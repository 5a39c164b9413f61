"""One CONQUEST board for set scenes: the capture examples of lesson 31 and the puzzles
of lesson 32 (:class:`SceneBoard`), and the buttons that reveal what each scene teaches
(:func:`note_buttons`).

A scene is anything with a ``title``, a ``text`` and ``new_state()``
(:class:`hcgames.conquest.teach.Example`, :class:`hcgames.conquest.teach.Puzzle`).
The board and its controls form one one-screen unit: on the left the scene's words,
the moves on offer, *Play this move* and, right under them, what the last move did
(and "Solved!" for a puzzle); on the right the board. At 1024x700 the two still sit
side by side, and the board's key folds away under the controls.

Examples: the student plays both sides, and a recapture question is a row of buttons.
Puzzles: the student plays White; Black answers at once with its best reply
(:meth:`hcgames.conquest.teach.Puzzle.best_reply`), and *Give me a hint* and *Show the
solution* ask the solver.

Lesson 33's piece cards (:class:`PieceCard`) draw the pieces as these boards do, so they
live here too; that puts the module past 600 lines, on purpose: the cards, the scenes
and their move words are CONQUEST's one module of lesson views.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from hcgames.conquest.actions import Move, Pass
from hcgames.conquest.movement import piece_name
from hcgames.conquest.state import ConquestState
from hcgames.conquest.teach import Puzzle
from hcgames.conquest.views import unnumbered
from hcgames.core import Action
from hcgames.widgets._base import one_screen
from hcgames.widgets.boards import LAST_MOVE, BoardView, board_legend_html, piece_board
from hcgames.widgets.mywork import journal
from hcgames.widgets.panels import HistoryCard, _paragraphs
from hcgames.words import plain_plurals, plural

__all__ = ["PieceCard", "SceneBoard", "move_label", "note_buttons", "unnumbered"]


def move_label(state: ConquestState, action: Action) -> str:
    """A move as a button or list names it: the piece by the square it stands on
    ("Black soldier from g12 to h11"), as the board shows it."""
    if isinstance(action, Move) and action.piece in state.where:
        name = re.sub(r" \d+$", "", piece_name(action.piece))
        owner = state.player_name(state.owner[action.piece])
        if not name.startswith(owner):  # a seized ship sails for its captor
            name = f"{owner}'s seized {name.split(' ', 1)[1]}"
        words = f"{name} from {state.where[action.piece]} to {action.to}"
        enemy = state.top.get(action.to)
        if enemy is not None and state.owner[enemy] == state.owner[action.piece]:
            # a step onto its own piece says what it does (look 8, lesson 32: "White
            # soldier from g11 to h11" hid that it climbs onto the elephant)
            kind = re.sub(r" \d+$", "", piece_name(enemy)).split(" ", 1)[1]
            if "knight" in name:
                words += f", riding through its own {kind}"
            elif kind in ("ship", "galleon"):
                words += f", going aboard its own {kind}"
            else:
                words += f", climbing onto its own {kind}"
        elif enemy is not None and state.owner[enemy] != state.owner[action.piece]:
            # the list says which moves capture (look 7, lesson 31's example 6)
            carries = any(state.carrier.get(p) == enemy for p in state.carrier)
            taken = re.sub(r" \d+$", "", piece_name(enemy))
            words += f", taking the {taken}" + (" and what it carries" if carries else "")
        return words
    words = str(action)  # "refuse to recapture": a button's words start with a capital
    return words[:1].upper() + words[1:]


#: the board's width beside the controls: side by side at 1024 wide, and no taller
#: than a 700 px window with the words above it
BOARD_WIDTH = 560
#: no wider than lets the board and the state line above it fit a 768 px window
MAX_BOARD_WIDTH = 700
TEXT = "font-size:16px;max-width:40em;margin:2px 0"
#: a puzzle this many moves long or longer has its solution searched as soon as it is
#: chosen (the short ones take well under a second)
WARM_STEPS = 7


#: the marks a move and a pick leave on the board, for its key (look 10: red and
#: purple were on the board and not in the key)
def _outline(colour: str) -> str:
    """A square outlined thick in ``colour``, as the board outlines a space."""
    return (
        "<svg width='20' height='20' aria-hidden='true' style='vertical-align:middle'>"
        f"<rect x='2.5' y='2.5' width='15' height='15' fill='#FFFFFF' stroke='{colour}' "
        "stroke-width='4'/></svg>"
    )


def marks_key(hints: bool) -> str:
    """The red mark of the last move in the key, and of a hint's move only on a page
    with hints (lesson 31 has none: look 14). The purple ring of the picked piece is in
    the board's own key, once (it was listed twice: look 13, lesson 32)."""
    words = "the move just played, or the hint's move" if hints else "the move just played"
    return (
        f"<span class='hc-key'>{_outline(LAST_MOVE)}<span>Red line and red outline: "
        f"{words}</span></span>"
    )


#: a move's count at the end of its line: "(18 of 20 moves used)"
_COUNT = re.compile(r"\((\d+) of (\d+) moves used\)$")


def moves_left(text: str) -> str:
    """An event in plain words, its count said as the moves left in the turn, as the
    puzzle's text and the line under the moves count them: "(2 moves left)", never
    "(18 of 20 moves used)" beside "three moves left" (look 10, lesson 32)."""
    text = plain_plurals(text)
    count = _COUNT.search(text)
    if count is None:
        return text
    left = int(count[2]) - int(count[1])
    return f"{text[: count.start()]}({plural(left, 'move')} left)"


#: the move list's first line, shown until a move is chosen
CHOOSE = "Choose a move"


class Scene(Protocol):
    """What the board needs of a scene: its name in the list, its words, its start."""

    @property
    def title(self) -> str: ...

    @property
    def text(self) -> str: ...

    def new_state(self) -> ConquestState: ...


class SceneBoard(widgets.VBox):
    """A list of scenes, the chosen one on a board, its moves and what they did.

    ``label`` names the list ("Example", "Puzzle"). With puzzles (every scene a
    :class:`~hcgames.conquest.teach.Puzzle`) the student plays White and Black answers
    by itself; otherwise the student plays both sides. The page opens on the first
    scene with its board drawn. Python twins of the buttons: :meth:`choose_scene`,
    :meth:`play`, :meth:`give_hint`, :meth:`show_solution`, :meth:`start`.
    """

    def __init__(self, scenes: Sequence[Scene], label: str = "Example") -> None:
        if not scenes:
            raise ValueError("SceneBoard needs at least one scene")
        self.scenes = {s.title: s for s in scenes}
        self.puzzles = all(isinstance(s, Puzzle) for s in scenes)
        self.choose = widgets.Dropdown(
            options=list(self.scenes),
            value=scenes[0].title,
            description=label,
            layout={"width": "100%", "max_width": "440px"},
            style={"description_width": "4.5em"},
        )
        self.intro = widgets.HTML()
        self.choose.add_class("hc-scene-menu")
        self.board: BoardView = piece_board(scenes[0].new_state(), legend=False)
        self._fit_board()
        self.answers = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.picker = widgets.Dropdown(
            description="Move",
            layout={"width": "100%"},
            style={"description_width": "4.5em"},
        )
        self.picker.add_class("hc-scene-menu")
        self.play_button = widgets.Button(
            description="Play this move",
            button_style="primary",
            tooltip="Play the move chosen in the list",
        )
        self.again = widgets.Button(
            description="Start again", tooltip="Put the pieces back as the scene begins"
        )
        self.hint_button = widgets.Button(
            description="Give me a hint", tooltip="Name a move that still wins from here"
        )
        self.solution_button = widgets.Button(
            description="Show the solution",
            tooltip="Play one winning line on the board, a move at a time",
        )
        self.next_button = self._next_button()
        #: what the last move did, the verdict and any hint: right under the buttons
        self.result = widgets.HTML()
        self.result.add_class("hc-scene-result")
        #: the moves before the last one, in a box that scrolls
        self.story = widgets.HTML(layout={"max_height": "150px", "overflow": "auto"})
        key = self._key()
        self.play_button.on_click(lambda _: self.play(self.picker.value))
        self.again.on_click(lambda _: self.start())
        self.hint_button.on_click(lambda _: self.give_hint())
        self.solution_button.on_click(lambda _: self.show_solution())
        self.choose.observe(lambda _: self.start(), names="value")
        #: the list and Play this move; hidden while a recapture question shows its buttons
        self.move_row = widgets.HBox(
            [self.picker, self.play_button], layout={"flex_flow": "row wrap"}
        )
        extra = [self.hint_button, self.solution_button, self.next_button] if self.puzzles else []
        # a click on a gold square plays that move, as the list and its button do
        self.board.on_move(self._board_move)
        side = widgets.VBox(
            [
                self.choose,
                self.intro,
                self.answers,
                self.move_row,
                self.result,
                widgets.HBox([*extra, self.again], layout={"flex_flow": "row wrap"}),
                self.story,
                key,
            ],
            layout={"flex": "1 1 340px", "min_width": "320px", "max_width": "640px"},
        )
        super().__init__([one_screen(side, self.board)])
        self.add_class("hc-scene-board")
        if self.puzzles:  # each puzzle is a question of the page's record of work
            for scene in scenes:
                journal().ask(self.work_id(scene.title), f"Puzzle: {scene.title}")
        self.start()

    def _fit_board(self) -> None:
        """The board beside the controls, its line of one height, a moved piece kept."""
        # beside the controls at 1024 wide; a little larger on a wider screen
        self.board.layout.flex = f"1 1 {BOARD_WIDTH}px"
        self.board.layout.max_width = f"{MAX_BOARD_WIDTH}px"
        # room at the left: the line over the board lost the "T" of "Turn 2" to the edge
        self.board.text_line.layout.padding = "0 0 0 6px"
        # the line over the board says only what a pick does (the count of moves is
        # beside it) and keeps one height, 3 lines (scrolling if ever longer): the board
        # jumped 28-56 px under the pointer as the line grew (look 8, lesson 32)
        self.board.says_state = False
        self.board.text_line.layout.height = "88px"
        self.board.text_line.layout.overflow = "hidden auto"
        # a piece that may step again stays picked, as a knight riding on does
        self.board.keep_picked = True

    def _next_button(self) -> widgets.Button:
        """Plays the solution's next move on the board (shown while a solution is)."""
        button = widgets.Button(
            description="Next move of the solution",
            icon="step-forward",
            button_style="info",
            tooltip="Play the solution's next move on the board",
            layout={"width": "auto", "display": "none"},
        )
        button.on_click(lambda _: self.next_solution_move())
        return button

    def _key(self) -> widgets.Accordion:
        """The key to the board, folded under its title."""
        # the key as the board's own: each entry a swatch and its words, wrapping whole
        # inside the column ("S soldier", never "SsoldierEelephant")
        key_words = widgets.HTML(
            "<style>.hc-scene-key .widget-html-content { white-space: normal; }"
            # a menu as wide as its longest entry, on a line of its own under its name
            # when the column is too narrow beside it (Large text at 1024 cut the
            # Example menu to '5. A capture with the las': look 8, lesson 31)
            ".hc-scene-menu { flex-wrap: wrap; height: auto; }"
            ".hc-scene-menu select { flex: 1 1 auto; width: auto; max-width: 100%; "
            "height: auto; min-height: 1.9em; }"
            ".hc-scene-menu > label { text-align: left; }"
            "</style>"
            + board_legend_html(self.board).replace("</div>", marks_key(self.puzzles) + "</div>"),
            layout={"width": "100%"},
        )
        key_words.add_class("hcgames-legend")
        key_words.add_class("hc-scene-key")
        key = widgets.Accordion([key_words])
        key.set_title(0, "Key to the board")
        key.selected_index = None
        return key

    @staticmethod
    def work_id(title: str) -> str:
        """The puzzle's row in the page's record of work (My work)."""
        return f"puzzle: {title}"

    # --- the Python twins of the controls --------------------------------------------
    def choose_scene(self, title: str) -> None:
        """Open the scene called ``title`` (as picking it in the list does)."""
        self.choose.value = title

    def start(self) -> None:
        """Put the pieces back as the chosen scene begins. A try given up half way (moves
        played, the turn not over) is no wrong answer in My work (look 10: a test move
        and Start again read "right after 1 wrong try"), but a puzzle solved after it is
        not "right first time"."""
        same = getattr(self, "scene", None) is self.scenes[self.choose.value]
        #: a try of this puzzle was given up half way (My work: not right first time)
        given_up = getattr(self, "try_open", False) or getattr(self, "restarted", False)
        self.restarted = bool(given_up) and same
        #: the different hints shown for this puzzle's try (My work counts them; kept
        #: over Start again)
        self.hints_shown: set[str] = getattr(self, "hints_shown", set()) if same else set()
        self.try_open = False
        self.scene = self.scenes[self.choose.value]
        self.state = self.scene.new_state()
        self.start_turn = self.state.turn
        #: Black's answer left White no win in this try (the page says so at once)
        self.lost = False
        if self.puzzles and self.puzzle.steps >= WARM_STEPS:
            # a long puzzle's solution is searched while the student reads it: its first
            # hint took 10-20 s (look 10, lesson 32)
            self.puzzle.warm()
        #: the board shows the solution played (not the student's own win)
        self.solution_shown = False
        #: the solution's moves still to show (Next move of the solution)
        self.solution: list[Action] = []
        self.next_button.layout.display = "none"
        self.board.mark_moves([])
        # nothing picked: a knight left mid-ride in the last puzzle kept its purple
        # outline on an empty square of the next one
        self.board.clear_selection()
        self.lines: list[str] = []
        self.last: list[str] = []
        self.note = ""
        self.intro.value = f"<p style='{TEXT}'>{escape(self.scene.text)}</p>"
        self.show()

    def play(self, action: Action | None) -> None:
        """Play ``action`` (None: ask for a choice first); a puzzle's Black answers."""
        if action is None:
            if self.puzzles and not self.white_moving:
                self.note = "White's turn is over: press <b>Start again</b> to try again."
            else:
                self.note = (
                    "Choose a move in the list first"
                    + ("" if self.puzzles else " (or press one of the buttons)")
                    + ", then press <b>Play this move</b>."
                )
            self.show()
            return
        self.note = ""
        was_moving = self.puzzles and self.white_moving
        self.try_open = was_moving
        self.lines += self.last
        # the board marks the move just played (and a puzzle's answer) in red, where a
        # capture happened too (look 8, lesson 31); a hint's mark goes
        paths = [list(self.state.action_regions(action))]
        events = self.state.apply(action)
        while self.puzzles and self.state.pending and self.state.current_player == 1:
            reply, stops = self.puzzle.answer(self.state)
            self.lost = self.lost or stops
            paths.append(list(self.state.action_regions(reply)))
            events += self.state.apply(reply)
        # a puzzle is White's one turn: Black's next turn is never played, and "Turn 3:
        # Black has 20 moves" under "White's turn is over" read as Black to move (look 13)
        over = self.puzzles and not self.white_moving
        self.last = [moves_left(e.text) for e in events if not (over and e.kind == "turn")]
        if not self.solution_shown:
            self.board.mark_moves([p for p in paths if len(p) > 1])
        if was_moving and not self.white_moving:  # the try is over: solved or not
            outcome = self.state.outcome()
            self._record(solved=outcome is not None and outcome.winners == (0,))
        self.show()

    def _record(self, solved: bool) -> None:
        """One try in My work: solved or not, and whether a hint had been shown."""
        self.try_open = False
        hints = len(self.hints_shown)
        given = "solved" if solved else "not solved"
        if solved and hints:
            given = f"solved with {plural(hints, 'hint')}"
        elif solved and self.restarted:
            given = "solved after starting again"
        journal().answer(
            self.work_id(self.scene.title),
            given,
            solved,
            hint_shown=bool(hints),
            helped=solved and (bool(hints) or self.restarted),
            hints=hints,
        )
        self.hints_shown = set()  # counted with this try
        self.restarted = False

    def _board_move(self, action: Action) -> None:
        """A click on a gold square: the move, as if chosen in the list (a puzzle only
        while White may move, and not over a solution being shown)."""
        if action in self._offered() and not self.solution_shown:
            self.play(action)
        else:
            self.show()

    def give_hint(self) -> None:
        """Name a move that still wins (puzzles)."""
        outcome = self.state.outcome()
        if self.solution_shown or (outcome is not None and outcome.winners == (0,)):
            self.note = (
                "This puzzle is solved: no hint is needed. Press <b>Start again</b> to play "
                "it again, or choose another puzzle."
            )
            self.show()
            return
        # a long puzzle's first hint takes seconds to find: say so at once, as the
        # solution does (look 10: 14 s of a still page read as a broken button)
        self.note = "Looking for a good move…"
        self.hint_button.disabled = True
        self.show()
        try:
            move = self.puzzle.hint(self.state) if self.white_moving else None
        finally:
            self.hint_button.disabled = False
        if move is None:
            self.note = "From here White cannot win this turn any more: press Start again."
        else:
            path = list(self.state.action_regions(move))
            # the hint's square is drawn red (its path), not gold: say what is seen
            self.note = f"Hint: try <b>{escape(move_label(self.state, move))}</b>." + (
                " The piece is picked on the board, and the hint's path ends on the "
                f"square outlined in red: click {escape(path[-1])} to play it."
                if path
                else ""
            )
            self.board.mark_moves([path] if len(path) > 1 else [])
            if path:  # the piece picked, its squares in gold: one click plays the hint
                self.board.click(path[0])
            own = self.state.top.get(getattr(move, "to", ""))
            knight = "knight" in str(getattr(move, "piece", ""))
            if knight and own is not None and self.state.owner[own] == 0:
                self.note += (
                    " A knight may ride through its own pieces; from there it must go on "
                    "to a free space or make a capture."
                )
            self.hints_shown.add(f"{self.state.turn} {self.state.spent} {move}")
        self.show()

    def show_solution(self) -> None:
        """Set the puzzle up again and show one winning line on the board, a move at a
        time: each press of *Next move of the solution* plays the next move and marks
        its path on the board (puzzles)."""
        # the hints of this try are counted before the answer shows (look 10: a hint
        # seen, then the solution, read "Hints seen 0"); a try given up is no wrong try
        journal().saw_hints(self.work_id(self.scene.title), len(self.hints_shown))
        self.hints_shown = set()
        self.try_open = False
        self.state = self.puzzle.new_state()
        self.lost = False
        # a piece the hint picked keeps no purple outline on the square it left
        self.board.clear_selection()
        self.lines, self.last = [], []
        # the longest puzzles take seconds to solve: say so at once, not a still page
        self.note = "Working out the solution…"
        self.solution_button.disabled = True
        self.show()
        try:
            self.solution = self.puzzle.solution()
        finally:
            self.solution_button.disabled = False
        self.solution_shown = True
        self.solution_total = len(self.solution)
        self.board.mark_moves([])
        self.next_button.layout.display = None
        # the table counts White's moves; a recapture in the line is Black's move
        replay = self.state.copy()
        #: who plays each move of the solution (0 White, 1 Black answering a capture)
        self.solution_sides: list[int] = []
        for action in self.solution:
            self.solution_sides.append(replay.current_player)
            replay.apply(action)
        white = self.solution_sides.count(0)
        # one answer may take two steps (a retake through a middle space): the answers
        # are counted, not their steps ("twice" for one answer in two steps, look 13)
        sides = self.solution_sides
        black = sum(
            1 for i, side in enumerate(sides) if side == 1 and (i == 0 or sides[i - 1] != 1)
        )
        times = {1: "once", 2: "twice"}.get(black, f"{black} times")
        # Black's answers are not moves of White's turn: the count stays the table's
        theirs = f" (Black answers a capture {times} on the way)" if black else ""
        self.note = (
            f"One winning line: White wins in {plural(white, 'move')}{theirs}. Press "
            "<b>Next move of the solution</b> to play them one at a time on the board."
        )
        journal().reveal(self.work_id(self.scene.title))
        self.show()

    def next_solution_move(self) -> None:
        """Play the shown solution's next move on the board, its path marked."""
        if not self.solution:
            return
        action = self.solution.pop(0)
        path = list(self.state.action_regions(action))
        self.lines += self.last
        self.last = [moves_left(e.text) for e in self.state.apply(action)]
        self.board.mark_moves([path] if len(path) > 1 else [])
        done = len(self.solution) == 0
        if done:
            self.next_button.layout.display = "none"
        # White's moves counted as the table and the puzzle count them; Black's answer
        # to a capture is said apart (look 10: "Move 6 of 9" beside "wins in 7 moves")
        played = self.solution_sides[: self.solution_total - len(self.solution)]
        step = (
            f"White's move {played.count(0)} of {self.solution_sides.count(0)}"
            if played[-1] == 0
            else "Black's answer to the capture"
        )
        self.note = (
            f"{step}: that is the whole solution. Press <b>Start again</b> to play it yourself."
            if done
            else f"{step} in the solution, its path marked in red on the board."
        )
        self.show()

    # --- what the page shows ----------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        if not isinstance(self.scene, Puzzle):
            raise TypeError(f"{self.scene.title!r} is an example, not a puzzle")
        return self.scene

    @property
    def white_moving(self) -> bool:
        """A puzzle's White may still move in its first turn."""
        state = self.state
        return (
            not state.is_terminal() and state.current_player == 0 and state.turn == self.start_turn
        )

    def verdict(self) -> str:
        """ "Solved!" with the reason, or that White's turn is over; "" while it goes on."""
        state = self.state
        outcome = state.outcome()
        if self.solution_shown:
            return ""
        if outcome is not None:
            reason = escape(outcome.reason)
            return f"<b>Solved!</b> {reason}." if outcome.winners == (0,) else f"{reason}."
        if self.puzzles and not self.white_moving:
            return (
                "White's turn is over and Black is still standing. Press <i>Start again</i> "
                "and try another way."
            )
        if self.puzzles and self.lost:
            # said as soon as Black's answer has stopped the win, not only when a hint
            # is asked for (look 10, lesson 32)
            return (
                "<b>This try is lost:</b> Black's answer leaves White no way to win with the "
                "moves left. Press <i>Start again</i> and try another way (or press "
                "<i>Show the solution</i>)."
            )
        return ""

    def count_words(self) -> str:
        """Who moves now and the moves left in the turn, in words."""
        state = self.state
        who = state.player_name(state.current_player)
        left = plural(state.moves_left, "move")
        if state.pending:
            mover = state.player_name(state.mover)
            return f"{who} may answer the capture; then {mover} carries on with {left} left."
        return f"{who} to move: {left} left."

    def show(self) -> None:
        state = self.state
        self.board.update(state)
        who = state.player_name(state.current_player)
        offered = self._offered()
        self.answers.children = []
        if state.pending and not self.puzzles:
            # one button a choice: two riders stepping off one elephant read the same
            # (look 8, example 3), and either does the same thing
            buttons: dict[str, widgets.Button] = {}
            for a in offered:
                button = self._answer_button(a)
                buttons.setdefault(button.description, button)
            # the heading says what the count line and the offer line said under the
            # buttons: example 3 ran 75 px past a 1024x700 screen (look 10, lesson 31)
            mover = state.player_name(state.mover)
            left = plural(state.moves_left, "move")
            head = f"{who} may answer the capture (then {mover} carries on with {left} left):"
            self.answers.children = [
                widgets.HTML(f"{ANSWER_STYLE}<b>{escape(head)}</b>&nbsp;"),
                *buttons.values(),
            ]
            offered = []
        # once a puzzle is over (solved, or White's turn spent) the list, its button and
        # the hint go: Start again and the next puzzle are what is left to do
        over = self.puzzles and not offered and not self.solution
        self.move_row.layout.display = "none" if self.answers.children or over else None
        self.hint_button.layout.display = "none" if over else None
        # a prompt, not a blank box, until a move is chosen (nothing is chosen for the class)
        prompt = [(CHOOSE, None)] if offered else []
        self.picker.options = prompt + [(move_label(state, a), a) for a in offered]
        # index 0 shows the prompt (value None is ipywidgets' empty box)
        self.picker.index = 0 if offered else None
        self.picker.description = "White:" if self.puzzles else f"{who}:"
        self.picker.disabled = not offered
        parts = [f"<div style='font-size:16px'>{self.verdict()}</div>"] if self.verdict() else []
        asking = bool(self.answers.children)
        lines = [ln for ln in self.last if not (asking and _OFFER.search(ln))]
        if lines:
            last = "".join(f"<li>{escape(unnumbered(line))}</li>" for line in lines)
            parts.append(f"<ul style='{TEXT};padding-left:1.2em'>{last}</ul>")
        if not state.is_terminal() and not asking and not (self.puzzles and not self.white_moving):
            parts.append(f"<p style='{TEXT}'>{escape(self.count_words())}</p>")
        if self.note:
            parts.append(f"<div style='{TEXT}'>{self.note}</div>")
        self.result.value = "".join(parts)
        # newest first: the box scrolls, and the moves just before the last stay in sight
        # (look 8: a solution's list seemed to stop at its 4th move)
        earlier = "".join(
            f"<li value='{i}'>{escape(unnumbered(line))}</li>"
            for i, line in reversed(list(enumerate(self.lines, 1)))
        )
        self.story.value = (
            f"<div style='font-size:16px;color:#333'>Earlier (newest first):"
            f"<ol reversed style='margin:2px 0'>{earlier}</ol></div>"
            if earlier
            else ""
        )

    def _offered(self) -> list[Action]:
        state = self.state
        if state.is_terminal() or (self.puzzles and not self.white_moving):
            return []
        if state.pending:
            return [a for a in state.legal_actions() if not isinstance(a, Pass)]
        return list(state.legal_actions())

    def _answer_button(self, action: Action) -> widgets.Button:
        words = move_label(self.state, action)
        pending = self.state.pending
        if (
            pending
            and pending.step == 1
            and isinstance(action, Move)
            and action.to != pending.space
        ):
            # it retakes nothing by itself: it opens the way for a second step (example 3's
            # knight to h10 stood among real retakes with nothing to tell them apart)
            words += " (first step of two)"
        button = widgets.Button(description=words, layout={"width": "auto", "max_width": "100%"})
        button.add_class("hc-answer")
        button.on_click(lambda _: self.play(action))
        return button

    def text(self) -> str:
        """What the student reads beside the board, as plain text (for tests)."""
        return " ".join(
            w.value for w in (self.intro, self.result, self.story) if isinstance(w.value, str)
        )


#: an answer button's words wrap onto more lines in a narrow column, never cut with "..."
#: (at 1024 wide "taking the White sol..." hid "first step of two": look 9, lesson 31)
#: the line that offers a recapture ("Black may recapture on g10 or refuse."): the
#: buttons' heading says it while they show
_OFFER = re.compile(r" may recapture on \S+ or refuse\.?$")

ANSWER_STYLE = (
    "<style>.hc-scene-board .hc-answer.jupyter-button, .hc-scene-board .hc-answer.widget-button"
    " { white-space: normal; overflow: visible; text-overflow: clip; height: auto;"
    " min-height: 26px; line-height: 1.25;"
    " padding-top: 2px; padding-bottom: 2px; margin-bottom: 1px; text-align: left; }</style>"
)


#: a step of one piece: "White galleon 1 sails from c1 to c2. (8 of 20 moves used)"
_STEP = re.compile(r"^(?P<who>.+?) (?P<verb>moves|sails) from (?P<a>\w+) to (?P<b>\w+)\.$")
_USED = re.compile(r"\s*\(\d+ of \d+ moves used\)$")


def solution_moves(lines: Sequence[str]) -> list[str]:
    """A winning line's events as moves to read: the move counts left out, and the
    steps one piece takes in a row joined ("White galleon 1 sails from c1 to c4, by way
    of c2 and c3.")."""
    moves: list[tuple[str, str, list[str]] | str] = []
    for line in lines:
        line = _USED.sub("", line)
        step = _STEP.match(line)
        last = moves[-1] if moves else None
        if step and isinstance(last, tuple):
            who, verb, path = last
            if who == step["who"] and verb == step["verb"] and path[-1] == step["a"]:
                path.append(step["b"])
                continue
        moves.append((step["who"], step["verb"], [step["a"], step["b"]]) if step else line)
    said = []
    for move in moves:
        if isinstance(move, str):
            said.append(move)
            continue
        who, verb, path = move
        mid = path[1:-1]
        via = ""
        if mid:
            via = ", by way of " + (
                mid[0] if len(mid) == 1 else ", ".join(mid[:-1]) + " and " + mid[-1]
            )
        said.append(f"{who} {verb} from {path[0]} to {path[-1]}{via}.")
    return said


def note_buttons(notes: Sequence[tuple[str, str, str]], **button: Any) -> widgets.Box:
    """One button a note: ``(button words, heading, html)``; pressing it shows the note
    beside the buttons (one unit). ``button`` options go to every button."""
    shown = widgets.HTML(layout={"flex": "1 1 360px"})

    buttons: list[widgets.Button] = []

    def reveal(pressed: widgets.Button, heading: str, body: str) -> None:
        # the button pressed stays marked: the note beside the buttons is its own
        # (look 8, lesson 31: the note stood far from the button just pressed)
        for b in buttons:
            b.button_style = "info" if b is pressed else button.get("button_style", "")
        shown.value = f"<p style='{TEXT}'><b>{escape(heading)}</b> {body}</p>"

    for words, heading, body in notes:
        b = widgets.Button(description=words, layout={"width": "auto"}, **button)
        b.on_click(lambda b, h=heading, t=body: reveal(b, h, t))
        buttons.append(b)
    box = widgets.HBox(buttons, layout={"flex_flow": "row wrap", "flex": "1 1 360px"})
    return one_screen(box, shown)


#: a card's lines about the game, as a class reads them on a piece card
_FACT_WORDS = {
    "game moves": "up to {} moves a turn",
    "ship moves": "ship: up to {} moves a turn",
    "galleon moves": "galleon: up to {} moves a turn",
    "carries": "carries {}",
    "special": "{}",
}


def _piece_token(letter: str, black: bool) -> str:
    """One piece as the board draws it: a white disc or a black square with its letter,
    and the side's name under it."""
    fill, ink = ("#111111", "#FFFFFF") if black else ("#FFFFFF", "#111111")
    shape = (
        f"<rect x='4' y='4' width='48' height='48' fill='{fill}' stroke='#111' stroke-width='2'/>"
        if black
        else f"<circle cx='28' cy='28' r='25' fill='{fill}' stroke='#111' stroke-width='2'/>"
    )
    # each token says whose piece it is (look 9: a white disc and a black square with the
    # same letter were not explained)
    return (
        "<span style='display:inline-flex;flex-direction:column;align-items:center;flex:none'>"
        "<svg width='56' height='56' aria-hidden='true' style='flex:none'>"
        f"{shape}<text x='28' y='36' text-anchor='middle' font-size='24' font-weight='bold' "
        f"fill='{ink}'>{escape(letter)}</text></svg>"
        f"<span style='font-size:15px'>{'Black' if black else 'White'}</span></span>"
    )


class PieceCard(HistoryCard):
    """A history card drawn as a game card (lesson 33): the piece as the board shows
    it (White's disc and Black's square with its letter), its moves and what it
    carries in large print, then its history. ``facts["on the board"]`` starts with
    the piece's letters ("E, in a white circle...", "Sh for a ship and G for...")."""

    def update(
        self,
        title: str,
        subtitle: str,
        text: str,
        facts: Mapping[str, Any] | Sequence[tuple[str, Any]] | None = None,
    ) -> None:
        super().update(title, subtitle, text, facts)
        shown = dict(self.facts)
        letters = re.findall(r"\b(Sh|[A-Z])\b(?= for|,)", shown.get("on the board", ""))
        tokens = "".join(
            _piece_token(letter, black) for letter in letters for black in (False, True)
        )
        badges = "".join(
            "<span style='border:2px solid #333;border-radius:14px;padding:2px 10px;"
            f"background:#FFF'>{escape(_FACT_WORDS[k].format(v))}</span>"
            for k, v in self.facts
            if k in _FACT_WORDS
        )
        self.card.value = (
            "<div style='border:3px solid #333;border-radius:12px;background:#FFFBEF;"
            "padding:10px 14px;font-size:16px;line-height:1.5;max-width:46em'>"
            "<div style='display:flex;gap:8px;align-items:center;flex-wrap:wrap'>"
            f"{tokens}<div style='margin-left:6px'>"
            f"<div style='font-size:24px;font-weight:bold'>{escape(title)}</div>"
            f"<div style='color:#444;font-style:italic'>{escape(subtitle)}</div></div></div>"
            "<div style='display:flex;gap:8px;flex-wrap:wrap;margin:8px 0;font-weight:bold'>"
            f"{badges}</div>{_paragraphs(text)}</div>"
        )
