"""Controls and read-outs over one state: action picker, dice, event log, card rows,
and the history card.

One module past 600 lines on purpose: it holds five small panels of one kind (each a
View over one state) that share the grouping of choices and the table helpers.

Each panel can stand alone (it then changes the state it was given) or sit inside a
:class:`~hcgames.widgets.GameStepper`, which passes ``on_action`` so that every
change goes through the stepper (and can be stepped back).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from hcgames.core import Action, Game, State
from hcgames.odds import times_in
from hcgames.play import sample_outcome
from hcgames.widgets._base import View, game_round_words, guarded, phase_words, round_of
from hcgames.widgets.cards import HIDDEN, card_key, game_words, rows_html, rows_text
from hcgames.words import plain_plurals, plural

__all__ = [
    "CHOICE_KINDS",
    "ActionPicker",
    "CardRowsView",
    "DicePanel",
    "EventLog",
    "HistoryCard",
    "choice_kind",
    "group_by_result",
    "times_in",
]

ActionCallback = Callable[[Action], Any]


def _situation(state: State) -> str:
    """'Round 2, march phase' and who acts, for the first words of a view's text."""
    phase = phase_words(state.game, state.phase)
    if state.is_terminal():
        return f"{round_of(state)}, {phase}: the game is over"
    who = state.player_name(state.current_player)
    return f"{round_of(state)}, {phase}: {who} to act"


def _percent(p: Fraction) -> str:
    return f"{float(p):.1%}"


#: the kinds of choices, in the order the grouped picker lists them
CHOICE_KINDS = ("Attack", "Move", "Recruit or build", "Play a card", "Other", "End the phase")
#: (word, kind): the first word found in an action's class name decides its kind; the
#: words of "End the phase" must start the name ("Defend" does not end a phase)
_KIND_WORDS: tuple[tuple[str, str], ...] = (
    ("draw", "Other"),  # offering, accepting or declining a draw (CONQUEST)
    ("attack", "Attack"),
    ("confiscate", "Attack"),
    ("exile", "Attack"),
    ("raze", "Attack"),
    ("obliterate", "Attack"),
    ("move", "Move"),
    ("march", "Move"),
    ("recall", "Move"),
    ("travel", "Move"),
    ("recruit", "Recruit or build"),
    ("buyhero", "Play a card"),
    ("buy", "Recruit or build"),
    ("settle", "Recruit or build"),
    ("build", "Recruit or build"),
    ("upgrade", "Recruit or build"),
    ("placecity", "Recruit or build"),
    ("deploy", "Recruit or build"),
    ("lead", "Recruit or build"),
    ("card", "Play a card"),
    ("hero", "Play a card"),
    ("hand", "Play a card"),
    ("interrupt", "Play a card"),
    ("explore", "Play a card"),
    ("discard", "Play a card"),
    ("retire", "Play a card"),
    ("abilit", "Play a card"),
    ("accept", "Play a card"),
    ("bonus", "Play a card"),
    ("pick", "Play a card"),
    ("plan", "Play a card"),
)
_END_WORDS = ("end", "pass", "stop", "done", "finish")
OTHER_KIND = "Other"


def choice_kind(action: Action) -> str:
    """The kind of a choice (one of :data:`CHOICE_KINDS`) from its class name."""
    name = type(action).__name__.lower()
    if name.startswith(_END_WORDS):
        return "End the phase"
    for word, kind in _KIND_WORDS:
        if word in name:
            return kind
    return OTHER_KIND


_KIND_ORDER = {kind: i for i, kind in enumerate(CHOICE_KINDS)}


class ActionPicker(View):
    """Lists the legal actions (``str`` of each) and applies the one picked.

    :meth:`set_regions` narrows the list to actions whose ``state.action_regions``
    start with the picked regions (source, then target); the map views call it.

    ``preselect=False`` leaves the list without a choice until one is clicked (the
    Apply button stays off until then); ``describe`` gives the words shown for an
    action (``str`` by default); ``grouped=True`` orders the list by kind of choice
    (:data:`CHOICE_KINDS`) with a row of buttons that shows one kind at a time.
    ``on_pick`` (set it after making the picker) is called once the pick settles: after
    a click in the list, and once after the list is filled anew (not for the passing
    values the list takes while it is being refilled).
    """

    def __init__(
        self,
        state: State,
        on_action: ActionCallback | None = None,
        rows: int = 8,
        *,
        preselect: bool = True,
        describe: Callable[[Action], str] | None = None,
        grouped: bool = False,
    ) -> None:
        self.state = state
        self.on_action = on_action
        self.max_rows = rows
        self.preselect = preselect
        self.describe = describe or str
        self.grouped = grouped
        self.regions: list[str] = []
        self.actions: list[Action] = []
        self.shown: list[Action] = []
        self.kind = ""
        self.no_match = False
        self._legal_key: tuple[tuple[Action, ...], tuple[str, ...]] | None = None
        self._filling = False
        self.on_pick: Callable[[], None] | None = None
        #: a game's own grouping of its choices (label, rank), instead of
        #: :func:`choice_kind` (CONQUEST: captures first, then moves piece by piece)
        self.kind_of: Callable[[Action], tuple[str, float]] | None = None
        #: groups with no button of their own in the row of kinds (the play screen's
        #: one-click End button is the one way to end a turn: no "End my turn (1)" tab
        #: beside it to be taken for it); their choices stay in the list
        self.untabbed: frozenset[str] = frozenset()
        #: what the counts on the group buttons count, said ("Ships: 6 moves", not
        #: "Ships (6)", read as 6 ships); "" keeps the bare count in brackets
        self.counted = ""
        #: where the picker's one sentence goes ("No move is picked..."); its own
        #: message box when None
        self.notify: Callable[[str], None] | None = None
        self.choice = widgets.Select(
            options=[],
            rows=rows,
            description="Move",
            layout=widgets.Layout(width="95%"),
            tooltip="The moves you can make: pick one with the mouse or the arrow keys",
        )
        self.kinds = widgets.ToggleButtons(
            options=[],
            tooltip="Show one kind of choice",
            style={"button_width": "auto"},
            layout=widgets.Layout(display="none"),
        )
        self.kinds.add_class("hcgames-kinds")
        self.apply_button = widgets.Button(
            description="Apply",
            icon="check",
            button_style="primary",
            tooltip="Play the move picked in the list",
        )
        self.show_all_button = widgets.Button(
            description="Show all",
            tooltip="Forget the places picked on the map and list every move again",
        )
        self.apply_button.on_click(lambda _b: self.apply())
        self.show_all_button.on_click(lambda _b: self.set_regions([]))
        self.choice.observe(self._on_choice, names=["value"])
        self.kinds.observe(self._on_kind, names=["value"])
        self.buttons = widgets.HBox([self.apply_button, self.show_all_button])
        super().__init__([self.kinds, self.choice, self.buttons])
        self.update(state)

    @property
    def selected_action(self) -> Action | None:
        """The action picked in the list (with ``preselect``, the first shown one)."""
        index = self.choice.value
        if index is None or not (0 <= index < len(self.actions)):
            return None
        return self.actions[index]

    def pick(self, action: Action) -> None:
        """Pick ``action`` in the list (it must be among the regions' matches)."""
        if self.grouped and self.kind and self._kind(action)[0] != self.kind:
            self.kind = ""
            self._fill()
        for i, shown in enumerate(self.actions):
            if shown == action and shown in self.shown:
                self.choice.value = i
                return
        raise ValueError(f"{action} is not among the listed actions")

    def matching(self, regions: Sequence[str]) -> list[Action]:
        """Legal actions whose regions start with ``regions`` (or, failing that,
        involve all of them in any order). Empty if none does."""
        if not regions:
            return list(self.actions)
        wanted = tuple(regions)
        involved = [(a, tuple(self.state.action_regions(a))) for a in self.actions]
        prefix = [a for a, r in involved if r[: len(wanted)] == wanted]
        if prefix:
            return prefix
        return [a for a, r in involved if set(wanted) <= set(r)]

    def set_regions(self, regions: Sequence[str]) -> None:
        """Show only the actions that involve these picked regions (``[]``: all)."""
        self.regions = list(regions)
        self.kind = ""
        self._fill()
        self._show_text()

    def update(self, state: State) -> None:
        self.state = state
        legal = tuple(state.legal_actions())
        # the moves and their words: an equal move can change its words ("End the play
        # phase", then "End the attack phase"), and a list kept by the moves alone went on
        # naming the phase just ended under a status line naming the next (lesson 51)
        key = (legal, tuple(self.describe(a) for a in legal))
        if key != self._legal_key:
            self._legal_key = key
            self.actions = list(legal)
            self.regions = []
            self.kind = ""
            self._fill()
        self._show_text()

    def _fill(self) -> None:
        matches = self.matching(self.regions)
        # Nothing involves the picked regions: say so, and keep every action listed.
        self.no_match = bool(self.regions) and not matches
        shown = matches if matches or not self.regions else list(self.actions)
        # two moves the list words alike (two soldiers riding one elephant) are one
        # choice to a student: listed once, the first of them played
        said: set[str] = set()
        unique = []
        for action in shown:
            words = self.describe(action)
            if words not in said:
                said.add(words)
                unique.append(action)
        shown = unique
        if self.grouped:
            shown.sort(key=lambda a: self._kind(a)[1])  # stable: keeps the game's order
            counts: dict[str, int] = {}
            for action in shown:
                kind = self._kind(action)[0]
                counts[kind] = counts.get(kind, 0) + 1
            tabs = {k: n for k, n in counts.items() if k not in self.untabbed}
            if self.kind not in tabs:
                self.kind = ""
            self._filling = True
            try:
                self.kinds.options = [(self._tab("All", len(shown)), "")] + [
                    (self._tab(kind, n), kind) for kind, n in tabs.items()
                ]
                self.kinds.value = self.kind
            finally:
                self._filling = False
            self.kinds.layout.display = None if len(tabs) > 1 else "none"
            if self.kind:
                shown = [a for a in shown if self._kind(a)[0] == self.kind]
        self.shown = shown
        # "Show all" only when a pick on the map has narrowed the list (one button less
        # in the row under the list the rest of the time)
        self.show_all_button.layout.display = None if self.regions else "none"
        position = {a: i for i, a in enumerate(self.actions)}
        options = [(self.describe(a), position[a]) for a in self.shown]
        self._filling = True
        try:
            self.choice.rows = min(self.max_rows, max(3, len(options)))
            self.choice.options = options
            # a list of one move has it picked: Play this move is on at once
            one = len(options) == 1
            self.choice.value = options[0][1] if options and (self.preselect or one) else None
        finally:
            self._filling = False
        self._on_choice()

    def untab(self, kinds: frozenset[str]) -> None:
        """Show no button for these groups in the row of kinds (their choices stay
        listed); the row is drawn again only when this changes."""
        if kinds != self.untabbed:
            self.untabbed = kinds
            if self.grouped:
                self._fill()

    def _tab(self, kind: str, n: int) -> str:
        """A group button's words: "Ships (6)", or with :attr:`counted` "Ships: 6 moves"."""
        return f"{kind}: {plural(n, self.counted)}" if self.counted else f"{kind} ({n})"

    def _kind(self, action: Action) -> tuple[str, float]:
        """The group of a choice and its place in the list of groups."""
        if self.kind_of is not None:
            return self.kind_of(action)
        kind = choice_kind(action)
        return kind, float(_KIND_ORDER[kind])

    def _on_kind(self, change: dict[str, Any]) -> None:
        if self._filling:
            return
        self.kind = str(change["new"] or "")
        self._fill()
        self._show_text()

    def _on_choice(self, _change: dict[str, Any] | None = None) -> None:
        self.apply_button.disabled = self.selected_action is None
        if self.on_pick is not None and not self._filling:
            self.on_pick()

    @guarded
    def apply(self) -> None:
        """Play the picked action (through ``on_action`` when given)."""
        action = self.selected_action
        if action is None:
            (self.notify or self.say)(
                "No move is picked: click one in the list first."
                if self.shown
                else "No move is picked: the list is empty."
            )
            return
        if self.on_action is not None:
            self.on_action(action)
        else:
            self.state.apply(action)
            self.update(self.state)

    @property
    def text(self) -> str:
        base = f"{_situation(self.state)}, {plural(len(self.actions), 'possible move')}"
        if self.regions and self.no_match:
            base += f"; none involves {' then '.join(self.regions)}, so all are listed"
        elif self.regions:
            base += f"; {len(self.shown)} involve {' then '.join(self.regions)}"
        if self.kind:
            base += f"; showing the {len(self.shown)} of kind {self.kind!r}"
        return base + "."


#: the most outcomes a dice panel tries one by one to group them by their result
MAX_GROUPED_OUTCOMES = 64


def result_words(
    before: Mapping[str, Mapping[str, Any]],
    after: Mapping[str, Mapping[str, Any]],
    state: State,
    names: Mapping[str, str] | None = None,
) -> str:
    """What changed on the map between two ``region_views()``, in words."""
    parts = []
    for region, old in before.items():
        new = after.get(region, {})
        name = (names or {}).get(region, region)
        if new.get("owner") != old.get("owner"):
            owner = new.get("owner")
            if isinstance(owner, int):
                parts.append(f"{state.player_name(owner)} takes {name}")
            else:
                parts.append(f"{name} is emptied")
        elif (new.get("label") or "") != (old.get("label") or ""):
            parts.append(
                f"{name}: {old.get('label') or 'empty'} becomes {new.get('label') or 'empty'}"
            )
    return "; ".join(parts) or "nothing changes on the map"


def group_by_result(
    state: State,
    outcomes: Sequence[tuple[Action, Fraction]],
    names: Mapping[str, str] | None = None,
) -> list[tuple[str, list[tuple[Action, Fraction]]]] | None:
    """The outcomes of a chance step grouped by what they do to the map (most likely
    result first), or ``None`` when that does not tell them apart."""
    before = state.region_views()
    if not before or not 1 < len(outcomes) <= MAX_GROUPED_OUTCOMES:
        return None
    groups: dict[str, list[tuple[Action, Fraction]]] = {}
    for outcome, p in outcomes:
        after = state.copy()
        after.apply(outcome)
        words = result_words(before, after.region_views() or {}, state, names)
        groups.setdefault(words, []).append((outcome, p))
    if len(groups) < 2:
        return None
    return sorted(groups.items(), key=lambda item: -sum(p for _, p in item[1]))


class DicePanel(View):
    """At a chance step: roll with a seeded generator, or set the outcome yourself.

    The list shows every outcome with its exact probability, grouped by what it does
    on the map when the outcomes differ there (``"Rome takes Alpes"``), so a class
    can ask "what if the attacker had rolled a 4?" and apply exactly that.
    ``names`` turns region ids into the names used in those words.
    """

    def __init__(
        self,
        state: State,
        on_action: ActionCallback | None = None,
        seed: int = 0,
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.state = state
        self.on_action = on_action
        self.rng = random.Random(seed)
        self.names = dict(names or {})
        self.outcomes: list[tuple[Action, Fraction]] = []
        self.results: list[tuple[str, Fraction, int]] = []
        self._key: tuple[Action, ...] | None = None
        self.choice = widgets.Dropdown(
            options=[], description="Outcome", layout=widgets.Layout(width="95%")
        )
        self.roll_button = widgets.Button(
            description="Roll",
            icon="random",
            tooltip="Roll the dice (or draw the card) at random; the same every time the "
            "page is opened",
        )
        self.set_button = widgets.Button(
            description="Set this outcome",
            icon="hand-pointer-o",
            tooltip="Apply exactly the outcome chosen in the list",
        )
        self.roll_button.on_click(lambda _b: self.roll())
        self.set_button.on_click(lambda _b: self.set_outcome())
        super().__init__([self.choice, widgets.HBox([self.roll_button, self.set_button])])
        self.update(state)

    def update(self, state: State) -> None:
        self.state = state
        live = not state.is_terminal() and state.is_chance()
        outcomes = state.chance_outcomes() if live else []
        key = tuple(o for o, _ in outcomes)
        if key != self._key:
            self._key = key
            groups = group_by_result(state, outcomes, self.names) if outcomes else None
            if groups:
                # listed group by group, so the list index is the outcome's index
                self.outcomes = [item for _, members in groups for item in members]
                self.results = [
                    (words, sum((p for _, p in members), Fraction(0)), len(members))
                    for words, members in groups
                ]
                result_of = {o: words for words, members in groups for o, _ in members}
                self.choice.options = [
                    (f"{result_of[o]}: {self._words(o)} ({p})", i)
                    for i, (o, p) in enumerate(self.outcomes)
                ]
            else:
                self.outcomes = list(outcomes)
                self.results = []
                self.choice.options = [
                    (f"{self._words(o)}: {p} ({_percent(p)})", i)
                    for i, (o, p) in enumerate(outcomes)
                ]
            self.choice.value = 0 if outcomes else None
        for control in (self.choice, self.roll_button, self.set_button):
            control.disabled = not live
        self._show_text()

    def _words(self, outcome: Action) -> str:
        """An outcome in words, card ids turned into names."""
        return game_words(self.state.game, str(outcome))

    def _apply(self, action: Action) -> None:
        if self.on_action is not None:
            self.on_action(action)
        else:
            self.state.apply(action)
            self.update(self.state)

    @guarded
    def roll(self) -> Action | None:
        """Sample the pending outcome with this panel's seeded generator and apply it."""
        if not self.outcomes:
            self.say("There is no dice roll or draw pending.")
            return None
        action = sample_outcome(self.outcomes, self.rng)
        self._apply(action)
        return action

    @guarded
    def set_outcome(self, outcome: Action | int | None = None) -> Action | None:
        """Apply exactly one outcome: an Action, an index into the list, or the one
        chosen in the dropdown."""
        if not self.outcomes:
            self.say("There is no dice roll or draw pending.")
            return None
        if outcome is None:
            outcome = self.choice.value if self.choice.value is not None else 0
        action = self.outcomes[outcome][0] if isinstance(outcome, int) else outcome
        self._apply(action)
        return action

    @property
    def text(self) -> str:
        if not self.outcomes:
            return f"{_situation(self.state)}; no dice roll or draw is pending."
        chances = sorted({p for _, p in self.outcomes})
        count = len(self.outcomes)
        if len(chances) == 1:
            spread = f"{plural(count, 'equally likely outcome')}, each {times_in(chances[0])}"
        else:
            spread = (
                f"{count} possible outcomes, from {times_in(chances[0])} to {times_in(chances[-1])}"
            )
        if self.results:
            results = "; ".join(
                f"{words}: {times_in(p)} ({_percent(p)})" for words, p, _ in self.results
            )
            return f"{_situation(self.state)}: {spread}. Results: {results}."
        return f"{_situation(self.state)}: {spread}."


class EventLog(View):
    """The latest rows of ``state.event_table()`` as a pandas DataFrame, in an Output.

    The box scrolls inside its own lines (:meth:`set_height`), never the Output: its
    height is rounded down to whole lines, so the last line in sight is never cut in
    half (lessons 20 and 24 showed half a line at the bottom of an 18em box)."""

    def __init__(self, state: State, rows: int = 8) -> None:
        self.state = state
        self.rows = rows
        self.height = "18em"
        #: how many of the newest events are shown whole, the older folded away (0: all
        #: in one box that scrolls)
        self.whole = 0
        self.output = widgets.Output()
        self.frame: Any = None
        self._key: tuple[int, int] | None = None
        super().__init__([self.output])
        self.update(state)

    def update(self, state: State) -> None:
        import pandas as pd  # slow to import: loaded only when a log is drawn

        key = (id(state), len(state.events))
        self.state = state
        if key != self._key:
            self._key = key
            table = [
                {
                    **row,
                    "text": game_words(state.game, str(row.get("text", ""))),
                    "phase": state.game.log_phase_title(str(row.get("phase") or "")),
                }
                for row in _event_rows(state)
            ]
            latest = table[-self.rows :] if self.rows else []
            first = len(table) - len(latest)
            frame = pd.DataFrame(latest, columns=list(_EVENT_COLUMNS))
            frame.index = range(first + 1, len(table) + 1)
            self.frame = frame
            self.output.outputs = (
                {
                    "output_type": "display_data",
                    "data": {
                        # with the newest shown whole, every older event folds away
                        # under "Earlier events (N)", N counting them all (look 15: it
                        # stayed at 4 while the numbers ran on)
                        "text/html": (
                            _table_html(table, 0, state.game, self.height, self.whole)
                            if self.whole
                            else _table_html(latest, first, state.game, self.height)
                        ),
                        "text/plain": _table_text(frame),
                    },
                    "metadata": {},
                },
            )
        self._show_text()

    def set_height(self, height: str) -> None:
        """The most room the log takes (any CSS length), shown as whole lines."""
        if height != self.height:
            self.height, self._key = height, None
            self.update(self.state)

    @property
    def text(self) -> str:
        events = self.state.events
        latest = f" The latest: {events[-1].text}" if events else ""
        return f"{_situation(self.state)}. {plural(len(events), 'event')} so far.{latest}"


_EVENT_COLUMNS = ("round", "phase", "player", "kind", "text")
_CELL = "style='text-align:left;padding:1px 8px;vertical-align:top'"


def _table_html(
    rows: list[dict[str, Any]], first: int, game: Game, height: str = "18em", whole: int = 0
) -> str:
    """The latest events as numbered sentences under a "What happened" heading, the
    newest first (always in sight, even when the box scrolls), each led by when it
    happened ("Round 1, planning"): a log a class reads, not a table of fields.
    (pandas' own ``to_html`` costs more than the rest of a step.)
    Every line is 1.4em high with no gaps between items, and the box's height is
    ``height`` rounded down to a whole number of those lines: the bottom line in sight
    is a whole one at any window size and under Large text. With ``whole``, the newest
    ``whole`` events are shown whole with no box that scrolls, and the older ones fold
    away under "Earlier events": a line cut at the box's foot read as a sentence broken off
    (look 12, lesson 40)."""
    if not rows:
        return "<div class='hcgames-events'><b>What happened</b>: nothing yet.</div>"
    items = []
    for i, row in enumerate(rows):
        round_no, phase = row.get("round"), str(row.get("phase") or "")
        # round 0 is the set-up: its phase ("setup") says so without a "Round 0"
        # a game that counts its own turns says them its way (CONQUEST's class game:
        # "White's turn 1 of 6", where "Turn 2" contradicted the line above the log)
        said_round = ""
        if round_no not in (None, "", 0):
            said_round = game_round_words(game, int(round_no))
        # "Round 1, discard a card"; a list of names keeps its capitals ("Explore, Attack")
        names = any(word[:1].isupper() for word in phase.split()[1:])
        if said_round and phase[:2].istitle() and not names:
            phase = phase[:1].lower() + phase[1:]
        text = escape(plain_plurals(str(row.get("text", ""))))
        if phase.lower() == "game over" and text.startswith("Game over"):
            phase = ""  # "Round 3: Game over: ...", not "Round 3, game over: Game over: ..."
        when = ", ".join(part for part in (said_round, phase) if part)
        if said_round and text.startswith(escape(said_round)):
            when = ""  # "White's turn 2 of 6: White has 5 moves." says when itself
        lead = f"<span style='color:#555'>{escape(when)}:</span> " if when else ""
        items.append(f"<li value='{first + i + 1}'>{lead}{text}</li>")
    # room for the longest number (2.2em holds two digits; "137." was clipped to "ı37.")
    pad = 1.0 + 0.6 * max(2, len(str(first + len(rows))))
    box = (
        f"line-height:1.4em;max-height:round(down, {height}, 1.4em);"
        "overflow:hidden auto;margin:0;padding:0"
    )
    if whole > 0:
        newest, older = list(reversed(items))[:whole], list(reversed(items))[whole:]
        fold = (
            f"<details style='margin:2px 0'><summary>Earlier events ({len(older)})</summary>"
            f"<div style='{box}' tabindex='0'><ol reversed style='margin:0;"
            f"padding-left:{pad:g}em'>{''.join(older)}</ol></div></details>"
            if older
            else ""
        )
        return (
            "<div class='hcgames-events' role='region' aria-label='What happened' "
            "style='line-height:1.4em;margin:0;padding:0'><b>What happened</b> (newest first)"
            f"<ol reversed style='margin:0;padding-left:{pad:g}em'>{''.join(newest)}</ol>"
            f"{fold}</div>"
        )
    return (
        # a box that scrolls is reached by Tab, so its older lines are read by keyboard too
        f"<div class='hcgames-events' tabindex='0' role='region' aria-label='What happened' "
        f"style='{box}'><b>What happened</b> (newest first)"
        f"<ol reversed style='margin:0;padding-left:{pad:g}em'>"
        f"{''.join(reversed(items))}</ol></div>"
    )


def _table_text(frame: Any) -> str:
    if frame.empty:
        return "(no events yet)"
    return "\n".join(
        f"{i}. {plain_plurals(text)}" for i, text in zip(frame.index, frame["text"], strict=True)
    )


def _event_rows(state: State) -> list[dict[str, Any]]:
    """``state.event_table()``; if a game logs an event with a player index that has
    no name, the log still shows (with the bare index) instead of failing."""
    try:
        return state.event_table()
    except (IndexError, KeyError, TypeError):
        names = state.game.player_names
        return [
            {
                "round": e.round,
                "phase": e.phase,
                "player": (
                    ""
                    if e.player is None
                    else names[e.player]
                    if 0 <= e.player < len(names)
                    else f"side {e.player}"
                ),
                "kind": e.kind,
                "text": e.text,
            }
            for e in state.events
        ]


class CardRowsView(View):
    """Rows of cards (hands, markets, tableaus) from ``state.card_rows(viewer)``,
    drawn as a card table (:mod:`hcgames.widgets.cards`).

    :meth:`highlight` outlines the cards a choice involves (by id or name).
    """

    def __init__(self, state: State, viewer: int | None = None) -> None:
        self.state = state
        self.viewer = viewer
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.marked: frozenset[str] = frozenset()
        self.board = widgets.HTML()
        #: the hands a viewer may see, drawn here instead of in ``board`` when
        #: ``hand_apart`` is set (a play screen shows the hand beside the choice)
        self.hand = widgets.HTML()
        self.hand.add_class("hcgames-hand-apart")
        self.hand_apart = False
        self._drawn: tuple[Any, ...] | None = None
        super().__init__([self.board])
        # the cards are their own text: a sentence listing them again would only repeat
        # them (``text`` still says it all, for tests and the teacher's notes)
        self.text_line.layout.display = "none"
        self.update(state)

    def highlight(self, cards: Sequence[str] | frozenset[str]) -> None:
        """Outline the cards whose id (or name) is in ``cards`` (empty: none)."""
        self.marked = frozenset(cards)
        self._draw()

    def update(self, state: State) -> None:
        self.state = state
        rows = state.card_rows(self.viewer) or {}
        self.rows = {str(k): list(v) for k, v in rows.items()}
        self._draw()
        self._show_text()

    def _draw(self) -> None:
        key = (repr(self.rows), self.marked)
        if key == self._drawn:
            return
        self._drawn = key
        rows, hands = self.rows, {}
        if self.hand_apart:
            hands = {
                title: cards
                for title, cards in self.rows.items()
                if title.endswith("hand")
                and cards
                and all(str(c.get("name")) != HIDDEN for c in cards)
            }
            rows = {title: cards for title, cards in self.rows.items() if title not in hands}
        self.board.value = rows_html(rows, self.state, self.marked)
        self.hand.value = rows_html(hands, self.state, self.marked) if hands else ""
        self.hand.layout.display = "" if hands else "none"

    @property
    def text(self) -> str:
        rows = rows_text(self.rows)
        outlined = sorted(
            {
                str(c.get("name", ""))
                for cards in self.rows.values()
                for c in cards
                if card_key(c) in self.marked
            }
        )
        marked = f" Outlined: {', '.join(outlined)}." if outlined else ""
        return f"{_situation(self.state)}. {rows or 'No cards.'}{marked}"


def _paragraphs(text: str) -> str:
    """Text in paragraphs (split at blank lines); a later paragraph that opens with a
    short heading and a colon ("Behind the card: ...") shows the heading in bold."""
    parts = []
    for number, para in enumerate(p for p in text.split("\n\n") if p.strip()):
        head, colon, rest = para.partition(": ")
        if number and colon and len(head) <= 24 and head[:1].isupper() and head.isascii():
            body = f"<b>{escape(head)}:</b> {escape(rest)}"
        else:
            body = escape(para)
        parts.append(f"<p style='margin:6px 0'>{body}</p>")
    return "".join(parts)


class HistoryCard(View):
    """A styled card with a title, a subtitle, a paragraph and optional key facts."""

    def __init__(
        self,
        title: str,
        subtitle: str,
        text: str,
        facts: Mapping[str, Any] | Sequence[tuple[str, Any]] | None = None,
    ) -> None:
        self.card = widgets.HTML()
        super().__init__([self.card])
        # the card is its own text: the situation line would repeat it word for word
        self.text_line.layout.display = "none"
        self.update(title, subtitle, text, facts)

    def update(
        self,
        title: str,
        subtitle: str,
        text: str,
        facts: Mapping[str, Any] | Sequence[tuple[str, Any]] | None = None,
    ) -> None:
        self.title, self.subtitle, self.body = title, subtitle, text
        items = list(facts.items()) if isinstance(facts, Mapping) else list(facts or [])
        self.facts = [(str(k), str(v)) for k, v in items]
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{escape(k)}</th>"
            f"<td>{escape(v)}</td></tr>"
            for k, v in self.facts
        )
        table = f"<table style='margin-top:6px'>{rows}</table>" if rows else ""
        self.card.value = (
            "<div style='border-left:6px solid #0072B2;background:#F3F8FC;"
            "padding:8px 12px;border-radius:4px;max-width:46em'>"
            f"<div style='font-size:130%;font-weight:bold'>{escape(title)}</div>"
            f"<div style='color:#555;font-style:italic'>{escape(subtitle)}</div>"
            f"{_paragraphs(text)}{table}</div>"
        )
        self._show_text()

    @property
    def text(self) -> str:
        facts = "; ".join(f"{k}: {v}" for k, v in self.facts)
        return f"{self.title} ({self.subtitle}): {self.body}" + (f" [{facts}]" if facts else "")
