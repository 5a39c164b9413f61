"""Teaching material: the rulebook's capture examples rebuilt on our board, tactical
puzzles of our own in the spirit of the 1972 puzzle book, and the history pages.

Each puzzle in ``data/conquest/puzzles.json`` is a position with White to move,
a short text and ``steps``, the fewest steps in which White forces a win this
turn (loaded and checked by :func:`.material.load_puzzle_specs`).
:mod:`hcgames.conquest.search` checks every claim (a win in ``steps``, none in
fewer); the tests and notebook 32 run that check. The lessons open at these
positions through :meth:`.game.ConquestGame.teaching_setups`.

The capture examples (:func:`capture_examples`, lesson 31) are the rulebook's own
scenes; its diagrams are lost, so the positions on our board are ours. The history
of lesson 33 (timeline, battles, cards) is ``data/conquest/history.json``.
"""

from __future__ import annotations

import html
import textwrap
import threading
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hcgames.bots import GreedyBot
from hcgames.conquest.actions import Move
from hcgames.conquest.game import ConquestGame
from hcgames.conquest.material import PuzzleSpec, load_puzzle_specs
from hcgames.conquest.movement import piece_name
from hcgames.conquest.search import Solution, main_line, position_key, solve
from hcgames.conquest.state import ConquestState
from hcgames.core import Action, IllegalAction, RuleDecision
from hcgames.data import read_json
from hcgames.words import plain_plurals

__all__ = [
    "HARBOUR",
    "PUZZLE_IDEAS",
    "SIEGE",
    "SOLDIER",
    "Example",
    "Puzzle",
    "battles",
    "board_facts",
    "capture_examples",
    "decisions_text",
    "history_cards",
    "list_choices",
    "load_puzzles",
    "narrate",
    "new_state",
    "opening_turns",
    "refusal",
    "step_rows",
    "timeline_items",
]

# The positions of the rulebook's examples, rebuilt on our board. A piece id as a
# value means "riding on that piece".
#: a soldier takes a soldier beside Black's elephant and knight
SOLDIER: Mapping[str, str] = {
    "W-soldier1": "h10", "W-soldier2": "i11", "W-elephant1": "i12",
    "B-soldier3": "h11", "B-elephant1": "g11", "B-soldier2": "B-elephant1", "B-knight1": "j11",
}  # fmt: skip
#: a knight's capture beside the port g9, with a loaded Black ship one lane away
HARBOUR: Mapping[str, str] = {
    "W-knight1": "f10", "W-soldier1": "j2", "B-soldier3": "g10",
    "B-chariot1": "g11", "B-soldier1": "B-chariot1", "B-soldier2": "h10",
    "B-knight1": "h11", "B-ship1": "h9", "B-elephant1": "B-ship1",
    "B-soldier4": "B-elephant1", "B-soldier5": "B-elephant1",
}  # fmt: skip
#: three White soldiers in Black's capitol
SIEGE: Mapping[str, str] = {
    "W-soldier1": "f13", "W-soldier2": "h13", "W-soldier3": "j13", "W-knight1": "d4",
    "B-knight1": "j12", "B-soldier1": "p10",
}  # fmt: skip


# --- reading the rules -------------------------------------------------------------
def new_state(game: ConquestGame) -> ConquestState:
    """A new game of ``game`` at its set-up (typed as a CONQUEST position)."""
    state = game.new_game()
    assert isinstance(state, ConquestState)
    return state


def refusal(state: ConquestState, action: Action) -> str:
    """The rules' own sentence for why ``action`` is not allowed in ``state`` ("" if it is);
    ``state`` is left as it was."""
    try:
        state.copy().apply(action)
    except IllegalAction as error:
        return str(error).split(" [rule:")[0]
    return ""


def narrate(state: ConquestState, *actions: Action) -> None:
    """Play ``actions`` on ``state`` and print what happened, one " - " line an event."""
    for action in actions:
        for event in state.apply(action):
            print(" -", event.text)


def list_choices(state: ConquestState) -> None:
    """Print who is to choose, in which phase, and every move on offer."""
    print(f"{state.player_name(state.current_player)} ({state.phase}) may choose:")
    for action in state.legal_actions():
        print("   ", action)


def step_rows(state: ConquestState, spaces: Iterable[str]) -> list[dict[str, str]]:
    """Table rows: the top piece on each space, and every space it may step to now."""
    rows = []
    for space in spaces:
        piece = state.top[space]
        targets = [a.to for a in state.legal_actions() if isinstance(a, Move) and a.piece == piece]
        rows.append(
            {"piece": piece_name(piece), "stands on": space, "may step to": ", ".join(targets)}
        )
    return rows


def board_facts(game: ConquestGame) -> str:
    """One Markdown sentence counting the board's land, sea, ports and bridges."""
    board = game.board
    return (
        f"The board has **{len(board.land)} land spaces** and **{len(board.sea)} sea spaces**, "
        f"of which **{len(board.dock)} are ports**; **{len(board.bridges)} bridges** join the "
        "islands."
    )


def opening_turns(turns: int = 2, seed: int = 1) -> list[str]:
    """What two Medium computer players (greedy, ``seed``) do in the first ``turns``
    turns of the full game, one sentence an event."""
    state = new_state(ConquestGame())
    bot = GreedyBot(seed=seed)
    lines = []
    for _ in range(turns):
        mover = state.mover
        while state.mover == mover and not state.is_terminal():
            lines += [event.text for event in state.apply(bot.choose(state))]
    return lines


def decisions_text(decisions: Sequence[RuleDecision], width: int = 88) -> str:
    """The rule decisions as text: the rulebook's first, then ours, each a wrapped item."""
    parts = []
    for source, heading in (("rulebook", "What the rulebook says"), ("ours", "Our decisions")):
        chosen = [d for d in decisions if d.source == source]
        parts.append(f"{heading} ({len(chosen)}):")
        for d in chosen:
            parts.append(
                textwrap.fill(
                    f"{d.topic}. {d.decision}",
                    width=width,
                    initial_indent="  - ",
                    subsequent_indent="    ",
                )
            )
        parts.append("")
    parts.append(f"{len(decisions)} decisions in all.")
    return "\n".join(parts)


# --- lesson 31: the rulebook's capture examples ------------------------------------
@dataclass(frozen=True)
class Example:
    """One capture example: its scene, what it shows (HTML), and where it starts."""

    title: str
    text: str
    shows: str
    pieces: Mapping[str, str]
    spent: int = 0
    to_move: str = "White"

    def game(self) -> ConquestGame:
        return ConquestGame.position(
            dict(self.pieces), draw_offers=False, spent=self.spent, to_move=self.to_move
        )

    def new_state(self) -> ConquestState:
        return new_state(self.game())


def capture_examples() -> list[Example]:
    """The six examples of lesson 31, in order, each with what it shows."""
    after = new_state(ConquestGame.position(dict(SOLDIER), spent=5))
    after.apply(Move("W-soldier1", "h11"))
    why_not = html.escape(refusal(after, Move("B-soldier2", "g12")))
    return [
        Example(
            "1. A soldier takes a soldier",
            "White's soldier on h10 is about to take the Black soldier on h11 with White's "
            "6th move. Black has an elephant on g11 with a soldier riding it, and a knight on "
            "j11, but a White soldier on i11 stands in the knight's way. White's elephant waits "
            "on i12. Play White's capture, then choose Black's answer.",
            "Black may retake with the soldier riding the elephant (a soldier may capture as it "
            "climbs down) or with the elephant itself. The knight cannot: no piece passes through "
            "an enemy. Nor may Black first let the rider climb down somewhere else and then take "
            "with the elephant, because that first move is not needed, the elephant could already "
            f"take. <i>The rules answer</i>: {why_not}.",
            SOLDIER,
            spent=5,
        ),
        Example(
            "2. The same capture on White's 18th move",
            "The same position, but White has already used 17 of its 20 moves. After the "
            "capture, White will have only 2 moves left. Should Black retake, or refuse?",
            "When refusing is best. If Black refuses, White has two moves left. Its soldier cannot "
            "touch an elephant, and White's elephant is three steps from Black's: Black's elephant "
            "is safe, and the White soldier can be taken next turn. Had Black retaken with the "
            "elephant, White's elephant would reach it in two steps and take it.",
            SOLDIER,
            spent=17,
        ),
        Example(
            "3. A knight's capture by the harbour",
            "White's knight on f10 is about to take on g10, the land space beside the port "
            "g9. Black has a chariot with a rider on g11, a soldier on h10, a knight on h11 "
            "and, one sea lane from the port, a ship on h9 carrying an elephant with two "
            "soldiers. Count Black's ways to strike back.",
            "Three pieces can strike at once: the chariot, its rider and the soldier. The knight "
            "needs two moves, passing through its own men. The ship must first come into port; "
            "then the elephant or either of its riders goes ashore with the capture. Once the ship "
            "has docked, the recapture has begun, and (our decision) Black must finish it: "
            "refusing is no longer allowed.",
            HARBOUR,
            spent=5,
        ),
        Example(
            "4. The harbour, with a White ship in port",
            "As before, but now a White ship lies in port g9. Can Black's ship still come "
            "in to help?",
            "The White ship in port blocks Black's ship: it could come in only by taking the White "
            "ship first, and a recapture may not include a second capture on the way.",
            {**HARBOUR, "W-ship1": "g9"},
            spent=5,
        ),
        Example(
            "5. A capture with the last move",
            "The soldier position again, but the capture will be White's 20th and last "
            "move of the turn.",
            "A capture with the last move of a turn gets no answer: it is simply Black's turn, "
            "with a fresh count of 20 moves.",
            SOLDIER,
            spent=19,
        ),
        Example(
            "6. The capitol",
            "White's soldiers stand on three of the five spaces of Black's capitol (the top "
            "row): we set the scene up as if they had marched in during earlier turns. It "
            "is Black's turn. Every capitol space the enemy holds costs 4 moves, so Black "
            "has 20 - 3 x 4 = 8. Black's knight on j12 can take the soldier on j13. Watch "
            "Black's count of moves.",
            "Each space of your capitol that the enemy holds costs you four moves a turn. But take "
            "an enemy piece inside your own capitol and you get four moves back at once: look at "
            "how Black's count of moves changed when its knight took the soldier.",
            SIEGE,
            to_move="Black",
        ),
    ]


# --- lesson 32: puzzles ---------------------------------------------------------------
#: the idea behind each puzzle, by title (shown once the student has tried it)
PUZZLE_IDEAS: Mapping[str, str] = {
    "Elephant-proof": (
        "Soldiers cannot take elephants, so a soldier steps aside to let its own elephant through."
    ),
    "The knight's corridor": "Only knights ride through their own men.",
    "Seize and sail": "A ship taken at port changes sides and may sail at once.",
    "Sink the escort": (
        "A capture the enemy can answer may still be worth making, when the answer "
        "leaves the enemy open."
    ),
    "Clearing the capitol": (
        "Eight moves are not enough, but every capture inside your own capitol gives four back."
    ),
    "The admiral's attack": (
        "We built this position from the rulebook's advice on sea battles. The ship "
        "that blocks the lane keeps the galleon safe when it captures, and the rest follows."
    ),
}


@dataclass(frozen=True)
class Puzzle(PuzzleSpec):
    """A puzzle that can start a game at its position, with the solver's help."""

    idea: str = field(default="", compare=False)

    def game(self) -> ConquestGame:
        # a puzzle is won or lost within the turn: nobody offers a draw in it
        return ConquestGame(position=self.position, draw_offers=False)

    def new_state(self) -> ConquestState:
        return new_state(self.game())

    def bound(self, state: ConquestState) -> int:
        """How many steps the solver may look ahead from ``state``: captures in White's
        own capitol give moves back, so a win may need more steps than the moves left;
        the puzzle's own count bounds it too."""
        return max(state.moves_left, self.steps)

    def best_reply(self, state: ConquestState) -> Action:
        """Black's answer that stops White's win if one does, else the first answer."""
        return self.answer(state)[0]

    def answer(self, state: ConquestState) -> tuple[Action, bool]:
        """:meth:`best_reply`, and whether it leaves White no win any more (the try is
        lost: the page says so at once, look 10, lesson 32)."""
        answers = state.legal_actions()
        for answer in answers:
            after = state.copy()
            after.apply(answer)
            if solve(after, self.bound(after)) is None:
                return answer, True
        return answers[0], False

    def hint(self, state: ConquestState) -> Action | None:
        """A move that still wins from ``state`` (White to move), or None: one of the
        shortest win while the student is still on it (the puzzle's count less White's
        steps so far), so that hints follow the puzzle's idea instead of wandering."""
        # a position met in a plan found before (an earlier hint, the shown solution)
        # answers at once: the long puzzles take seconds to search (look 10, lesson 32)
        key = position_key(state)
        if key == position_key(self.new_state()):
            # from the start the solution's search is the quicker one (the first hint
            # on The admiral's attack took 10-20 s: look 10, lesson 32), and it may be
            # under way already (:meth:`warm`)
            self.solution()
        else:
            self._wait_for_warming()
        known = _KNOWN.get(self.id, {}).get(key)
        if known is not None:
            return known
        # White's moves spent since the puzzle began (each step spends one)
        par = self.steps - (state.spent - self.new_state().spent)
        # (a long puzzle's exact search is slow: past SHORTEST_HINT steps any win will do)
        plan = solve(state, par) if 0 < par <= SHORTEST_HINT else None
        if plan is None:
            plan = solve(state, self.bound(state))
        if plan is None:
            return None
        self._learn(state, plan)
        return main_line(plan)[0]

    def solution(self) -> list[Action]:
        """One shortest winning line from the start (White's moves and Black's answers
        on it), searched once; every White move of its plan serves later hints."""
        self._wait_for_warming()
        if self.id not in _SOLVED:
            state = self.new_state()
            plan = solve(state, self.steps)
            if plan is None:
                raise AssertionError(f"puzzle {self.id} has no win in {self.steps} steps")
            self._learn(state, plan)
            _SOLVED[self.id] = main_line(plan)
        return list(_SOLVED[self.id])

    def warm(self) -> None:
        """Start searching the solution in the background (once), so that the first
        hint or Show the solution of a long puzzle comes at once after the student has
        read it; :meth:`hint` and :meth:`solution` wait for a search under way."""
        if self.id in _SOLVED or self.id in _WARMING:
            return
        worker = threading.Thread(target=self.solution, name=f"puzzle {self.id}", daemon=True)
        _WARMING[self.id] = worker
        worker.start()

    def _wait_for_warming(self) -> None:
        worker = _WARMING.get(self.id)
        if worker is not None and worker is not threading.current_thread():
            worker.join()

    def _learn(self, state: ConquestState, plan: Solution) -> None:
        """Note White's move in every position of ``plan`` (after any answer of Black)."""
        known = _KNOWN.setdefault(self.id, {})
        todo = [(state.copy(), plan)]
        while todo:
            here, node = todo.pop()
            steps = [(node.action, node.then)] if node.action is not None else []
            if node.action is not None:
                known.setdefault(position_key(here), node.action)
            for action, after in [*steps, *node.replies.items()]:
                if after is not None:
                    child = here.copy()
                    child.apply(action)
                    todo.append((child, after))

    def winning_line(self) -> list[str]:
        """One winning line from the start, what happened in plain words."""
        state = self.new_state()
        steps = []
        for action in main_line(solve(state, self.steps)):
            steps += [plain_plurals(e.text) for e in state.apply(action)]
        return steps

    def proof(self) -> str:
        """The puzzle's claim proved: a win in ``steps``, none in fewer; the winning line
        where Black makes its first listed choice at each decision, and the result."""
        state = self.new_state()
        plan = solve(state, self.steps)
        if plan is None or solve(state, self.steps - 1) is not None:
            raise AssertionError(f"puzzle {self.id} is not a win in exactly {self.steps} steps")
        lines = [f"{self.id}: {self.title} (win in {self.steps} steps)"]
        for action in main_line(plan):
            lines += [f" - {event.text}" for event in state.apply(action)]
        outcome = state.outcome()
        lines.append(f"Result: {outcome.reason if outcome else 'not over'}")
        return "\n".join(lines)


#: the longest rest of a puzzle whose hints keep to its shortest win (see Puzzle.hint)
SHORTEST_HINT = 9
#: each puzzle's White move in the positions of the plans found so far (Puzzle.hint)
_KNOWN: dict[str, dict[Hashable, Action]] = {}
#: each puzzle's winning line from the start, once searched (Puzzle.solution)
_SOLVED: dict[str, list[Action]] = {}
#: the background searches of long puzzles' solutions (:meth:`Puzzle.warm`)
_WARMING: dict[str, threading.Thread] = {}


def load_puzzles() -> list[Puzzle]:
    """Every puzzle, each position checked; one DataError lists all problems."""
    return [
        Puzzle(
            id=p.id,
            title=p.title,
            text=p.text,
            steps=p.steps,
            position=p.position,
            idea=PUZZLE_IDEAS.get(p.title, ""),
        )
        for p in load_puzzle_specs()
    ]


# --- lesson 33: the history ----------------------------------------------------------
def _history() -> dict[str, Any]:
    return dict(read_json("conquest", "history.json"))


def timeline_items() -> list[dict[str, Any]]:
    """When each arm of the game really fought: timeline bars (years BC negative)."""
    return list(_history()["timeline"])


def battles() -> list[tuple[int, str, str]]:
    """A battle where each arm mattered: (year, where, what happened), oldest first."""
    return [(b["year"], b["where"], b["what"]) for b in _history()["battles"]]


def history_cards() -> list[dict[str, Any]]:
    """The history cards of the pieces, then the game's own card last: keyword
    arguments for :class:`hcgames.widgets.HistoryCard` (title, subtitle, text, facts)."""
    data = _history()
    return [*data["piece_cards"], data["game_card"]]
