"""The contract every hcgames game keeps.

One module past 600 lines on purpose: the contract every game keeps (actions, events,
Game, State) and its checked save format are read together by every game, so a game
author finds the whole contract in one file.

A :class:`Game` holds the fixed material of one ruleset (map, cards, scenario) and
makes :class:`State` objects. A state knows whose decision it is, lists the legal
actions in a stable order, applies one action at a time and records what happened
as :class:`Event` objects.

Luck never comes from a random number generator inside the rules. When dice are
rolled or a card is drawn the state becomes a *chance* state: ``current_player`` is
:data:`CHANCE` and :meth:`State.chance_outcomes` lists every possible outcome with
its exact :class:`~fractions.Fraction` probability. A driver samples one outcome with
a seeded :class:`random.Random` (see :mod:`hcgames.play`), or a teacher applies the
outcome of their choice ("what if Rome had rolled a 4?"). Because every step is an
explicit action, a game replays exactly from its seed and its list of actions, and a
saved game is nothing more than that list plus a fingerprint of where it ended.

Subclasses implement the underscore hooks (``_legal_actions``, ``_apply``,
``_chance_outcomes``, ``snapshot`` ...); the public methods here add the checks
that every game shares: legality before any change, exact probabilities, and
versioned, validated JSON.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from html import escape
from typing import Any, ClassVar, TypeVar

from hcgames.words import plural

__all__ = [
    "CHANCE",
    "FORMAT_VERSION",
    "TERMINAL",
    "Action",
    "BattleForecast",
    "CardBattleForecast",
    "DataError",
    "Event",
    "ForecastResult",
    "Game",
    "Handler",
    "HcgamesError",
    "IllegalAction",
    "Outcome",
    "RuleDecision",
    "SaveError",
    "State",
    "SumPart",
    "action_field_problem",
    "action_from_dict",
    "action_to_dict",
    "read_save_text",
]

#: ``current_player`` of a state whose next step is decided by dice or a draw.
CHANCE = -1
#: ``current_player`` of a finished game.
TERMINAL = -2
#: Version of the saved-game format written by :meth:`State.to_json`.
FORMAT_VERSION = 1


class HcgamesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(HcgamesError, ValueError):
    """An action the rules do not allow here. The state is left unchanged.

    ``rule`` names the rule that forbids it, ``action`` is what was tried.
    """

    def __init__(self, message: str, *, rule: str = "", action: object = None) -> None:
        self.rule = rule
        self.action = action
        text = f"{message} [rule: {rule}]" if rule else message
        super().__init__(text)


class DataError(HcgamesError, ValueError):
    """A data file (or a saved game) is malformed. Lists every problem found."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{source}: {plural(len(self.problems), 'problem')}\n{lines}")


class SaveError(DataError):
    """A saved game could not be loaded; nothing was changed."""


@dataclass(frozen=True)
class Action:
    """Base class of every action and chance outcome.

    Subclasses are frozen dataclasses whose fields hold only ``str``, ``int``,
    ``bool``, ``None`` and (nested) tuples of those, so that they print, compare,
    hash and travel through JSON unchanged. Override ``__str__`` for a sentence a
    student can read.
    """

    def __str__(self) -> str:
        parts = ", ".join(
            f"{f.name.rstrip('_')}={_short(getattr(self, f.name))}"
            for f in dataclasses.fields(self)
        )
        return f"{type(self).__name__}({parts})"


def _short(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_short(v) for v in value) + ")"
    return str(value)


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, with a sentence for the log.

    ``kind`` is a short machine tag (``"battle"``, ``"income"``...), ``data`` carries
    the numbers behind the sentence for charts and tests.
    """

    round: int
    phase: str
    player: int | None
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        round: int,
        phase: str,
        player: int | None,
        kind: str,
        text: str,
        data: Mapping[str, Any] | None = None,
    ) -> None:
        # Written out rather than made by dataclass: a frozen dataclass's __init__ sets
        # each field with a call of object.__setattr__, two to three times the cost of
        # these stores, and every game makes an event or two at every step (the profile
        # in bench/bench_steps.py). The instance stays frozen: setting a field raises.
        fields = self.__dict__
        fields["round"] = round
        fields["phase"] = phase
        fields["player"] = player
        fields["kind"] = kind
        fields["text"] = text
        fields["data"] = {} if data is None else data

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "player": self.player,
            "kind": self.kind,
            "text": self.text,
            "data": dict(self.data),
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winners`` is empty for a draw with no winner."""

    winners: tuple[int, ...]
    reason: str
    scores: Mapping[int, float] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1


@dataclass(frozen=True)
class ForecastResult:
    """One result of a battle's dice and its exact chance (see :class:`BattleForecast`)."""

    attacker_wins: bool
    attacker_losses: int
    defender_losses: int
    chance: Fraction


@dataclass(frozen=True)
class BattleForecast:
    """Every result of one battle decided by dice (same result, summed chance), most
    likely first, as :meth:`State.battle_forecast` gives it to the views."""

    attacker: int
    defender: int
    #: the place fought for, by its name
    target: str
    results: tuple[ForecastResult, ...]
    #: (cavalry, infantry) of the attacking army and of the defenders
    attacking: tuple[int, int] = (0, 0)
    defending: tuple[int, int] = (0, 0)
    #: what the defenders add to their total besides their units (fort, hero...)
    defence_bonus: int = 0

    @property
    def win(self) -> Fraction:
        """The chance that the attacker wins the battle."""
        return sum((r.chance for r in self.results if r.attacker_wins), Fraction(0))


@dataclass(frozen=True)
class CardBattleForecast:
    """The battle an attack would start in a game without dice, worked out as the cards
    stand before either side answers with a card, as :meth:`State.card_battle_forecast`
    gives it to the views."""

    attacker: int
    defender: int
    #: the two sides' totals
    attack: int
    defence: int
    #: "attack", "defence" or "draw"
    winner: str
    #: the name of the card whose ability wins the battle outright, whatever the totals
    #: (empty when the totals decide)
    decided_by: str = ""
    #: a win takes the defender's last card there, so the attacker may then take the
    #: place (otherwise the defender loses one card and keeps it)
    takes_last: bool = False
    #: what each total is made of, in order, as (what, amount) pairs: an amount "500" or
    #: "+500" adds, "-200" takes away, "\u00d72" multiplies, "=0" sets the total (a sum
    #: below zero); empty when the game does not say (the default)
    attack_parts: tuple[tuple[str, str], ...] = ()
    defence_parts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SumPart:
    """One part of a side's battle total before its die (:meth:`State.battle_sums`):
    its units, the land's defence bonus, or a hero card (``amount`` 0 for a hero that
    changes losses)."""

    what: str
    amount: int


@dataclass(frozen=True)
class RuleDecision:
    """A rule the rulebook leaves open, and what this package decided."""

    topic: str
    decision: str
    source: str = "ours"


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _type_name(hint: Any) -> str:
    if hint is type(None):
        return "None"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_type_name(args[0])}"
        return "a tuple of (" + ", ".join(_type_name(a) for a in args) + ")"
    if origin is typing.Literal:
        return " or ".join(repr(a) for a in typing.get_args(hint))
    return getattr(hint, "__name__", str(hint))


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the declared field type (plain data only)."""
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in typing.get_args(hint))
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    if hint is int:  # a bool is an int to Python, never to a rule
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this check does not understand is not refused here


def action_field_problem(action: Action) -> str | None:
    """Say which field of ``action`` holds a value of the wrong type, or ``None``.

    Actions travel from widgets, saved files and other programs, so a list where a
    string belongs must be refused with a message, not crash the rules.

    >>> @dataclass(frozen=True)
    ... class Go(Action):
    ...     to: str
    >>> action_field_problem(Go(to="Rome")) is None
    True
    >>> action_field_problem(Go(to=["Rome"]))
    "Go's field 'to' must be str, not list (['Rome'])"
    """
    cls = type(action)
    hints = _FIELD_TYPES.get(cls)
    if hints is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # an unresolvable annotation: check nothing rather than crash
            hints = {}
        _FIELD_TYPES[cls] = hints
    for item in dataclasses.fields(action):
        value = getattr(action, item.name)
        hint = hints.get(item.name, Any)
        if not _fits(value, hint):
            shown = repr(value)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            return (
                f"{cls.__name__}'s field {item.name.rstrip('_')!r} must be "
                f"{_type_name(hint)}, not {type(value).__name__} ({shown})"
            )
    return None


def _short_value(value: object) -> str:
    """A field value for a message, cut short when it is long."""
    shown = repr(value) if isinstance(value, str) else _short(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _safe_str(action: Action) -> str:
    """``str(action)``, or a plain listing when a wrongly typed field breaks the sentence."""
    try:
        return str(action)
    except Exception:
        return Action.__str__(action)


def action_to_dict(action: Action) -> dict[str, Any]:
    """Turn an action into plain JSON data: ``{"type": name, field: value, ...}``."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = _to_plain(getattr(action, f.name))
    return out


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"action field value {value!r} is not plain data")


def _from_plain(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_plain(v) for v in value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"{value!r} is not allowed in a saved action")


def action_from_dict(data: Any, types: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from :func:`action_to_dict` output, using only known types."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, not {type(data).__name__}")
    name = data.get("type")
    if not isinstance(name, str) or name not in types:
        raise ValueError(f"unknown action type {name!r}")
    cls = types[name]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    missing = names - set(data)
    if extra or missing:
        raise ValueError(
            f"{name}: unexpected fields {sorted(extra)} / missing fields {sorted(missing)}"
        )
    kwargs = {k: _from_plain(v) for k, v in data.items() if k != "type"}
    return cls(**kwargs)


S = TypeVar("S", bound="State")


@cache
def _seat_names(count: int) -> tuple[str, ...]:
    """The seats' default names, Player 1 to Player ``count``, made once for each
    number of players (every sentence that names a player asks for them)."""
    return tuple(f"Player {i + 1}" for i in range(count))


class Game:
    """A ruleset with its fixed material. Subclasses set the class attributes."""

    #: registry id, e.g. ``"conqueror-duels"``
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: changes only when the behaviour of the rules changes (golden transcripts)
    version: ClassVar[str] = "1"
    #: the State subclass this game makes
    state_class: ClassVar[type[State]]

    # --- how the play screen shows the game (read by hcgames.widgets.play_screen) ---
    #: a choice longer than this many letters may wrap in the list of moves
    move_wrap_after: ClassVar[int] = 48
    #: what the list's group buttons count ("move": "Ships: 6 moves", not "Ships (6)"
    #: read as six ships); empty: the group's size in brackets
    move_list_counts: ClassVar[str] = ""
    #: a move is played on the board by two clicks (a piece, then where it goes)
    moves_by_clicks: ClassVar[bool] = False
    #: the banner says each step in a player's words: no row of step names, and the
    #: board does not say whose turn it is a second time
    banner_says_steps: ClassVar[bool] = False
    #: the cards are drawn small, so the table and the list fit on one screen, and the
    #: status line beside them has room for the larger type
    compact_cards: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = dict(options)

    # --- facts about the game -------------------------------------------------
    @property
    def num_players(self) -> int:
        raise NotImplementedError

    @property
    def player_names(self) -> tuple[str, ...]:
        """Player 1, Player 2... by default (see :func:`_seat_names`)."""
        return _seat_names(self.num_players)

    @property
    def max_actions(self) -> int:
        """An upper bound on actions (chance steps included) in one game."""
        raise NotImplementedError

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Option sets that the conformance suite must test (one per scenario...)."""
        return [{}]

    def bot_levels(self) -> dict[str, Callable[[int], Any]]:
        """This game's own bots for the levels ``"easy"``, ``"medium"`` and ``"hard"``:
        a factory taking a seed per level. Levels left out use the defaults of
        :data:`hcgames.bots.LEVEL_BOTS`."""
        return {}

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """This game's own named bots beyond the levels (for example a planner or a
        puzzle solver): a factory taking a seed per name. The command line
        (``--bots NAME``), the play screen and :func:`hcgames.bots.make_bot` reach
        them by these names."""
        return {}

    def rule_decisions(self) -> list[RuleDecision]:
        """Every rule the rulebook leaves open, and what we decided."""
        return []

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        """Named positions the lessons open at (a battle about to be fought, a puzzle,
        a hand about to be scored): each a function returning a new State."""
        return {}

    def phases(self) -> list[str]:
        """Names of the phases of one round, in order (for the phase timeline)."""
        return []

    #: what the game calls its ``State.round`` on the page: "Round", or "Turn" for a game
    #: that counts each side's turn (CONQUEST)
    round_title: ClassVar[str] = "Round"
    #: what the game's ``scores()`` count, as a chart's axis names it ("victory points");
    #: empty when the chart should say nothing more than "score"
    score_name: ClassVar[str] = ""
    #: ``describe()`` itself says the round, the step and who acts (the stepper's status
    #: line then shows it as it is instead of putting "Round 2, X phase: Y to act" first)
    describe_says_when: ClassVar[bool] = False
    #: a saved game's file is named by round and phase ("round 5, research phase"), the
    #: page's own words, instead of "move 210", a count of steps the page never shows
    save_by_phase: ClassVar[bool] = False
    #: the map key's two words for grey: a place nobody holds, and one nobody holds or
    #: two sides share equally (a game whose map colours continents says so)
    map_unheld_key: ClassVar[tuple[str, str]] = (
        "land held by nobody",
        "land held by nobody or shared equally",
    )

    def phase_title(self, phase: str) -> str:
        """A phase as a player says it on the page (the timeline, the log, the status
        line); the name itself by default."""
        return phase

    def log_phase_title(self, phase: str) -> str:
        """A phase at the start of a line of the game's log ("Round 4, action: ..."):
        :meth:`phase_title` unless the game has a shorter word for it."""
        return self.phase_title(phase)

    def geojson(self) -> dict[str, Any] | None:
        """The map as a GeoJSON FeatureCollection (feature ``id`` = region id), if any.

        Outer rings run clockwise, as bqplot's d3-geo expects.
        """
        return None

    def board_layout(self) -> dict[str, Any] | None:
        """A board drawn as a graph, if any: ``{"nodes": {id: {"x", "y", "kind",
        "label"}}, "edges": [(a, b, kind)]}``."""
        return None

    def odds_table(self) -> str:
        """A printable table of this game's battle odds (``python -m hcgames odds``).

        Games without dice explain what decides their battles instead.
        """
        return f"{self.title} has no odds table."

    def card_names(self) -> dict[str, str]:
        """Card id -> card name for every card (and objective) of a card game, so the
        views can say a card's name where a sentence holds its id; empty by default."""
        return {}

    def describe(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.title}" + (f" ({opts})" if opts else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.options}>"

    def known_actions(self) -> dict[str, type[Action]]:
        """Every action class of this game by name (for loading saved games): the keys
        of its state's :attr:`State.HANDLERS`, so each action class is listed once."""
        return {t.__name__: t for t in self.state_class.HANDLERS}

    # --- making states --------------------------------------------------------
    def new_game(self, seed: int = 0) -> State:
        """The position before the first action. ``seed`` feeds setup shuffles only."""
        state = self.state_class(self, seed)
        return state

    def replay(self, actions: Iterable[Action], seed: int = 0) -> State:
        state = self.new_game(seed)
        for action in actions:
            state.apply(action)
        return state

    def from_json(self, text: str) -> State:
        """Load a game saved by :meth:`State.to_json`. Raises :class:`SaveError`."""
        doc = read_save_text(text)
        problems: list[str] = []
        if not isinstance(doc, dict):
            raise SaveError("saved game", ["the top level must be a JSON object"])
        if doc.get("format") != "hcgames-save":
            problems.append("field 'format' must be 'hcgames-save'")
        if doc.get("format_version") != FORMAT_VERSION:
            problems.append(f"format_version {doc.get('format_version')!r} is not {FORMAT_VERSION}")
        if doc.get("game") != self.id:
            problems.append(f"this save is for game {doc.get('game')!r}, not {self.id!r}")
        if doc.get("options", {}) != _plain_options(self.options):
            problems.append(
                f"options {doc.get('options')!r} differ from this game's "
                f"{_plain_options(self.options)!r}; load the save with "
                "hcgames.load_saved(text) or a game made with those options"
            )
        seed = doc.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            problems.append("field 'seed' must be an integer")
        history = doc.get("history")
        if not isinstance(history, list):
            problems.append("field 'history' must be a list of actions")
        if problems:
            raise SaveError("saved game", problems)
        assert isinstance(seed, int) and isinstance(history, list)
        known = self.known_actions()
        state = self.new_game(seed)
        for index, item in enumerate(history):
            try:
                action = action_from_dict(item, known)
            except (ValueError, TypeError) as exc:
                raise SaveError("saved game", [f"history[{index}]: {exc}"]) from None
            # apply() checks field types only for actions that are not legal; a save may
            # hold ``true`` where a legal action has 1 (equal to Python), so check here
            problem = action_field_problem(action)
            if problem is not None:
                raise SaveError("saved game", [f"history[{index}]: {problem}"])
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise SaveError(
                    "saved game",
                    [f"history[{index}] ({_safe_str(action)}) is not legal there: {exc}"],
                ) from None
        digest = doc.get("digest")
        if digest is not None and digest != state.digest():
            raise SaveError(
                "saved game",
                [
                    "replaying the history does not reach the position that was saved "
                    "(digest mismatch): the file was edited or made by other rules"
                ],
            )
        return state


#: How deeply a saved game may nest lists and objects. A real save nests four or five
#: levels (the file, its history, an action, a field holding a tuple of tuples); a file
#: nested thousands of levels deep would exhaust Python's recursion while being read.
MAX_SAVE_DEPTH = 40
#: The longest whole number a saved game may hold (seeds are far shorter).
MAX_SAVE_DIGITS = 60

# A string, or an unclosed one running to the end; possessive, so it never backtracks
# and a text full of quotes is scanned in one pass.
_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _TooLarge(ValueError):
    """A number in a saved game longer than any save holds."""


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_SAVE_DIGITS:
        raise _TooLarge(
            f"it holds a number {len(digits.lstrip('-'))} digits long, longer than any "
            "number in a saved game, so this file was not made by Save the game"
        )
    return int(digits)


def _nesting_depth(text: str) -> int:
    """How deeply ``text`` nests JSON lists and objects, found without parsing it
    (brackets inside strings do not count)."""
    skeleton = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    if not skeleton:
        return 0
    return max(itertools.accumulate(map(_BRACKET_STEP.__getitem__, skeleton)))


def read_save_text(text: Any) -> Any:
    """Parse the JSON of a saved game, refusing with :class:`SaveError` text that is
    not JSON, nested deeper than :data:`MAX_SAVE_DEPTH` or holding a huge number.

    >>> read_save_text('{"seed": 3}')
    {'seed': 3}
    >>> read_save_text("[" * 10000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hcgames.core.SaveError: saved game: 1 problem
      - it is nested 10000 levels deep (brackets inside brackets), and a saved game ...
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("saved game", ["it is not a text file made by Save the game"]) from None
    if not isinstance(text, str):
        raise SaveError("saved game", [f"a saved game is text, not {type(text).__name__}"])
    depth = _nesting_depth(text)
    if depth > MAX_SAVE_DEPTH:
        raise SaveError(
            "saved game",
            [
                f"it is nested {depth} levels deep (brackets inside brackets), and a saved "
                f"game never goes deeper than {MAX_SAVE_DEPTH}, so this file was not made "
                "by Save the game"
            ],
        )
    try:
        return json.loads(text, parse_int=_parse_int)
    except _TooLarge as exc:
        raise SaveError("saved game", [str(exc)]) from None
    except RecursionError:  # kept as a guard; the depth check comes first
        raise SaveError(
            "saved game", ["it is nested too deeply to be a file made by Save the game"]
        ) from None
    except (TypeError, ValueError) as exc:
        raise SaveError("saved game", [f"not valid JSON: {exc}"]) from None


def _plain_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(dict(options), sort_keys=True, default=str))


#: A rule that carries out one kind of action: ``handler(state, action)``. It returns
#: the events it made (a list, as :meth:`State.event` makes them) or records them with
#: :meth:`State.log` as it goes and returns ``None``.
Handler = Callable[[Any, Any], "list[Event] | None"]


class State:
    """One position of a game. Subclasses implement the hooks below.

    The shared vocabulary every game speaks (written once, here):

    - **events**: :meth:`event` makes one (``self.event(player, kind, text, **data)``,
      stamped with this round and phase); :meth:`log` makes one the same way and
      records it in :attr:`step_events`, for rules that report as they go;
    - **dispatch**: the class attribute :attr:`HANDLERS` maps each action class to the
      rule that carries it out, ``handler(state, action)`` (see :data:`Handler`); the
      default :meth:`_apply` calls it;
    - **the end**: a game keeps its round in ``round_no`` and its result in ``result``
      (``None`` while it goes on); :attr:`round`, :meth:`is_terminal` and
      :meth:`outcome` read them, and a game overrides them only where its rule differs.
    """

    game: Game
    #: the dispatch table: action class -> ``handler(state, action)``
    HANDLERS: ClassVar[Mapping[type[Action], Handler]] = {}
    #: whether dice decide the game's battles (the exact odds are stated only then; a
    #: game whose battles are worked out from the cards alone says False)
    battles_use_dice: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal_cache: list[Action] | None = None
        #: the round being played (games count from 1; 0 while setting up)
        self.round_no = 0
        #: how the game ended, ``None`` while it goes on
        self.result: Outcome | None = None
        #: the events of the step being applied, recorded by :meth:`log`
        self.step_events: list[Event] = []

    # --- hooks for subclasses -------------------------------------------------
    @property
    def current_player(self) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""
        raise NotImplementedError

    @property
    def phase(self) -> str:
        raise NotImplementedError

    @property
    def round(self) -> int:
        """The round being played: ``round_no``."""
        return self.round_no

    @property
    def event_phase(self) -> str:
        """The phase an event made now is stamped with: :attr:`phase`."""
        return self.phase

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Change the state. Called only with a legal action or chance outcome.

        The default dispatches through :attr:`HANDLERS`: the handler's returned events
        follow those it recorded with :meth:`log`."""
        self.step_events = []
        made = self.HANDLERS[type(action)](self, action)
        if made:
            self.step_events.extend(made)
        return self.step_events

    def is_terminal(self) -> bool:
        """Whether the game is over: a ``result`` has been written."""
        return self.result is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on: ``result``."""
        return self.result

    def event(self, player: int | None, kind: str, text: str, /, **data: Any) -> Event:
        """The one way to make an event: ``kind`` a short tag, ``text`` the sentence a
        student reads, ``data`` the numbers behind it; stamped with :attr:`round` and
        :attr:`event_phase`. Games override it only to add a rule of their own to
        every event (and then call it through ``super()``)."""
        return Event(self.round, self.event_phase, player, kind, text, data)

    def log(self, player: int | None, kind: str, text: str, /, **data: Any) -> Event:
        """Make an event with :meth:`event` and record it among :attr:`step_events`
        (the events of the step being applied), for rules that report as they go."""
        made = self.event(player, kind, text, **data)
        self.step_events.append(made)
        return made

    def snapshot(self) -> dict[str, Any]:
        """Every fact of the position as plain JSON data (for equality and saves)."""
        raise NotImplementedError

    def why_illegal(self, action: Action) -> tuple[str, str]:
        """Explain why ``action`` is not legal here: ``(message, rule name)``.

        Games override this to name the exact rule; the fallback lists the choices.
        """
        legal = self.legal_actions()
        sample = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
        return (
            f"{action} is not allowed now ({self.phase}, {self.player_name(self.current_player)}"
            f" to act); allowed: {sample or 'nothing'}",
            "legal actions",
        )

    def evaluate(self, player: int) -> float:
        """A heuristic in [0, 1]: how well ``player`` stands (1 = surely winning)."""
        if self.is_terminal():
            return self.returns()[player]
        return 0.5

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see. Games with hidden hands override this."""
        return self.snapshot()

    def determinize(self, player: int, rng: Any) -> State:
        """A copy in which what ``player`` cannot see is re-dealt at random.

        Games with hidden information override this; the default copies.
        """
        return self.copy()

    def region_views(self) -> dict[str, dict[str, Any]] | None:
        """For map and board views: ``{region id: {"owner": player or None,
        "label": short text such as "2 cav 1 inf", "tooltip": a sentence}}``; optionally
        ``"symbol"``, a mark drawn before the label and explained by
        :meth:`map_symbols`, and ``"closed": True`` for a place outside the game being
        played (a map greys it out)."""
        return None

    def map_symbols(self) -> list[tuple[str, str]]:
        """``(symbol, meaning)`` for each mark :meth:`region_views` may draw (the key
        under the map lists them); none by default."""
        return []

    def action_regions(self, action: Action) -> tuple[str, ...]:
        """Regions an action involves, in order (source, target), for click-to-pick."""
        return ()

    def battle_unsettled(self) -> bool:
        """Whether a battle whose dice have fallen still waits for choices that come
        after the roll (losses to pick, a retreat, who stays behind) before the land it
        was fought for changes hands; the exact odds follow those steps to the end.
        No by default."""
        return False

    def attack_odds(self, action: Action) -> Fraction | None:
        """The exact chance that ``action``, an attack, wins its battle with the forces
        as they stand now, for games whose battles are too long for a look-ahead over
        the dice (many rounds of rolls); ``None`` when the game does not say."""
        return None

    def card_rows(self, viewer: int | None = None) -> dict[str, list[dict[str, Any]]] | None:
        """For card games: named rows of cards as ``viewer`` sees them, each card a
        dict with at least ``"name"`` (hidden cards as ``{"name": "hidden"}``); the
        keys a card table draws are listed in :mod:`hcgames.widgets.cards`."""
        return None

    def unplayable_reasons(self, player: int) -> list[tuple[str, str]]:
        """For card games: ``(card name, reason)`` for each card in ``player``'s hand
        that the rules refuse to play at this step, the reason in the rules' own words
        (a view says why a card is not offered); none by default."""
        return []

    def scores(self) -> dict[int, float]:
        """Current score or standing per player (victory points, morale, forts...)."""
        return {}

    def action_words(self, action: Action) -> str:
        """``action`` as the play screen lists it (``str(action)`` unless a game can say
        more from the position: an ability's own words, a side's name)."""
        return str(action)

    def listed_words(self, action: Action, words: str, played: bool = False) -> str:
        """The play screen's entry for ``action`` in its list of moves, given ``words``
        (:meth:`action_words` with every place and card named): a game adds what a
        student weighs before picking it (a hero card's effect on the odds, what a
        capture takes, what leaving a city unfed does). With ``played``, the move as
        said once the student has played it: without what only helped to weigh it (a
        forecast of the battle fought next, whose result is said instead). ``words``
        unchanged by default."""
        return words

    def move_group(
        self,
        action: Action,
        kind: str,
        rank: float,
        listed: Sequence[Action],
        names: Callable[[str], str],
    ) -> tuple[str, float]:
        """The group the play screen's list shows ``action`` in, and where the group
        comes in the list (lower first), in the game's own words. ``kind`` and ``rank``
        are the shared grouping (an attack, a move, a card, the end of a phase...),
        ``listed`` every move in the list, ``names`` gives a place's name from its id.
        The shared grouping by default."""
        return kind, rank

    def units_sent_from(self, action: Action) -> tuple[str, ...]:
        """The places whose units ``action`` (an attack or a move) sends, for the note
        on units there that have already acted (:meth:`spent_units`); none by default."""
        return ()

    def ends_phase(self, action: Action) -> bool:
        """Whether ``action`` ends the side's part of the round (said once for a run of
        them where the computer explains its moves); no by default."""
        return False

    def own_side_lines(self, seat: int) -> list[str]:
        """Sentences on ``seat``'s own side that only that player may see (levels and
        yields, a secret objective), for the play screen beside that player's moves;
        none by default."""
        return []

    def battle_forecast(
        self,
        action: Action | None = None,
        heroes: tuple[int | None, int | None] = (None, None),
    ) -> BattleForecast | None:
        """For games whose battles one roll of dice decides: every result of the battle
        that ``action`` (an attack) starts, or of the battle pending when ``action`` is
        ``None``, with its exact chance; ``None`` when no such battle is at stake (the
        default). ``heroes`` gives the hero card each side plays (an index into the
        game's heroes, -2 for none; ``None`` keeps what the position holds)."""
        return None

    def card_battle_forecast(self, action: Action) -> CardBattleForecast | None:
        """For games whose battles no dice decide: the battle that ``action`` (an attack)
        would start, worked out as the cards stand before anyone answers; ``None`` for
        any other action, during a chance step, or in a game that does not say (the
        default)."""
        return None

    def battle_sums(self) -> tuple[tuple[SumPart, ...], tuple[SumPart, ...]] | None:
        """What makes up each side's total in the battle pending (attacker's parts,
        defender's parts), the die aside; ``None`` when the game does not say (the
        default) or no battle is pending."""
        return None

    def spent_units(self) -> dict[str, int]:
        """Place name -> how many units of the side in action there have already acted
        this round and cannot move or attack again; empty by default."""
        return {}

    def standing_words(self) -> str:
        """How the game stands, for a line under a banner that already says who plays
        and what they do: :meth:`describe` without those words (the default: all of it)."""
        return self.describe()

    def score_line(self) -> str:
        """The score as it stands, in one short sentence for the top of a play screen
        (beside the moves, where a student sees it while choosing); empty when the game
        keeps its score elsewhere (the default)."""
        return ""

    def step_words(self) -> str:
        """The part of the round the side to play is in and what it may do there, for
        the line that asks a student to move (``"your planning: ..."``); empty when the
        game says nothing more than whose move it is (the default)."""
        return ""

    def only_move_reason(self) -> str:
        """Why this step offers only one move, when the rules can say it in a sentence
        (``"no monument can be built: ..."``); empty by default."""
        return ""

    def idle_reason(self, action: Action) -> str:
        """Why ``action``, though legal, would change nothing now (an ability with
        nothing to act on), in a clause; empty when it does something (the default).
        In a class game a step whose every other move is idle passes by itself."""
        return ""

    def declining_move(self) -> Action | None:
        """The move with which the player to act lets a chance to answer go, when the
        game asks them outside their own turn (Historical: passing in an interrupt
        window), so that a "play on" button may play it for them; ``None`` when they
        have a choice of their own to make (the default)."""
        return None

    def passed_words(self, action: Action) -> str:
        """``action``, the only move of a step that passes by itself, as said of the
        side before it is played ("end its turn"); empty when :meth:`action_words`
        says it well enough (the default)."""
        return ""

    def describe(self) -> str:
        """A few sentences that state the situation for a reader."""
        who = self.player_name(self.current_player)
        return f"Round {self.round}, {self.phase}: {who} to act."

    # --- the shared public API -------------------------------------------------
    def player_name(self, player: int | None) -> str:
        if player is None:
            return "nobody"
        if player == CHANCE:
            return "chance"
        if player == TERMINAL:
            return "nobody (game over)"
        names = self.game.player_names
        return names[player] if 0 <= player < len(names) else f"side {player}"

    def side_name(self, player: int) -> str:
        """The side ``player`` plays, as ``data/factions.json`` names it ("Rome",
        "White", "Lathwood Elves"); views colour a side by this name, so a side keeps
        its colour whichever seat it takes. Defaults to :meth:`player_name`."""
        return self.player_name(player)

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to act, in a stable order.

        At a chance state these are the possible outcomes; at the end, none.
        """
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = []
            elif self.is_chance():
                self._legal_cache = [o for o, _ in self._chance_outcomes()]
            else:
                self._legal_cache = self._legal_actions()
        return list(self._legal_cache)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the pending chance step with its exact probability."""
        if not self.is_chance():
            raise IllegalAction(
                f"there is no dice roll or draw pending: {self.player_name(self.current_player)}"
                " is to act",
                rule="chance steps",
            )
        return self._chance_outcomes()

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (or, at a chance state, a chosen outcome).

        Raises :class:`IllegalAction` and leaves the state unchanged otherwise,
        whatever the action holds: an unknown name, a number out of range or a value
        of the wrong type is refused with a message, never with another error.
        """
        if not isinstance(action, Action):
            raise IllegalAction(
                f"{action!r} is not an action of this game", rule="actions", action=action
            )
        # A legal action is well typed by construction, so only an action that is not
        # among the legal ones has its fields checked (on the way to its refusal).
        legal = self._legal_instance(action)
        if legal is None:
            raise self._refusal(action)
        # What is applied, recorded and saved is the legal action itself: one given as
        # Attack(cavalry=1.0) equals the legal Attack(cavalry=1) and is played as it, so
        # the log reads "1 cavalry" and the save loads (its fields are the declared ints).
        events = self._apply(legal)
        self._legal_cache = None
        self.history.append(legal)
        self.events.extend(events)
        return events

    def _is_legal(self, action: Action) -> bool:
        return self._legal_instance(action) is not None

    def _legal_instance(self, action: Action) -> Action | None:
        """The legal action equal to ``action`` (the engine's own object), or ``None``."""
        legal = self.legal_actions() if self._legal_cache is None else self._legal_cache
        # A player, a bot or a driver nearly always hands back one of the listed actions
        # itself: found by identity first, without hashing the whole list (the hashes
        # were most of the cost of apply in Duels' long lists of moves)
        for item in legal:
            if item is action:
                return item
        try:
            if len(legal) > 16:
                return {item: item for item in legal}.get(action)
            return next((item for item in legal if item == action), None)
        except TypeError:  # a field holding a list or a dict cannot be hashed: never legal
            return None

    def _refusal(self, action: Action) -> IllegalAction:
        """The error that refuses ``action``, which is not legal here: a wrongly typed
        field first, then the end of the game, then the game's own reason."""
        problem = action_field_problem(action)
        if problem is not None:
            return IllegalAction(
                f"{problem}: the action was refused and nothing changed",
                rule="action fields",
                action=action,
            )
        if self.is_terminal():
            outcome = self.outcome()
            return IllegalAction(
                f"the game is over ({outcome.reason if outcome else 'finished'}); "
                f"{_safe_str(action)} cannot be played",
                rule="end of the game",
                action=action,
            )
        try:
            message, rule = self.why_illegal(action)
        except Exception:
            # The game's explanation met a name or a number it has no entry for (an
            # unknown card, a unit kind that does not exist). The action is refused all
            # the same, with what can be chosen in its place.
            message, rule = self._unknown_value_refusal(action)
        return IllegalAction(message, rule=rule, action=action)

    def _unknown_value_refusal(self, action: Action) -> tuple[str, str]:
        """A refusal built from the legal actions alone: the first field of ``action``
        whose value no legal action of its kind has, with the values that are allowed."""
        legal = self.legal_actions()
        same = [a for a in legal if type(a) is type(action)]
        shown = _safe_str(action)
        who = self.player_name(self.current_player)
        if not same:
            sample = ", ".join(_safe_str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
            return (
                f"{shown} is not allowed now ({self.phase}, {who} to act); "
                f"allowed: {sample or 'nothing'}",
                "legal actions",
            )
        for item in dataclasses.fields(action):
            value = getattr(action, item.name)
            allowed: list[Any] = []
            for other in same:
                choice = getattr(other, item.name)
                if choice not in allowed:
                    allowed.append(choice)
            if value not in allowed:
                names = ", ".join(_short_value(v) for v in allowed[:12])
                more = f" and {len(allowed) - 12} more" if len(allowed) > 12 else ""
                return (
                    f"{shown} is not allowed now: {_short_value(value)} is not one of the "
                    f"choices here ({names}{more})",
                    "legal actions",
                )
        return (
            f"{shown} is not allowed now ({self.phase}, {who} to act): its parts are each "
            "allowed, but not together",
            "legal actions",
        )

    def returns(self) -> list[float]:
        """Result for each player: a win is 1, a loss 0, shared results split 1."""
        n = self.game.num_players
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * n
        if not outcome.winners:
            return [1.0 / n] * n
        share = 1.0 / len(outcome.winners)
        return [share if p in outcome.winners else 0.0 for p in range(n)]

    def copy(self: S) -> S:
        """An independent copy that shares only the immutable game material."""
        memo: dict[int, Any] = {id(self.game): self.game}
        return copy.deepcopy(self, memo)

    def digest(self) -> str:
        """A short fingerprint of :meth:`snapshot`."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_json(self, indent: int | None = None) -> str:
        """Save the game: its seed, every action so far and a fingerprint."""
        doc = {
            "format": "hcgames-save",
            "format_version": FORMAT_VERSION,
            "game": self.game.id,
            "game_version": self.game.version,
            "options": _plain_options(self.game.options),
            "seed": self.seed,
            "history": [action_to_dict(a) for a in self.history],
            "digest": self.digest(),
        }
        return json.dumps(doc, indent=indent)

    def event_table(self) -> list[dict[str, Any]]:
        """The event log as rows (ready for ``pandas.DataFrame``)."""
        return [
            {
                "round": e.round,
                "phase": e.phase,
                "player": self.player_name(e.player) if e.player is not None else "",
                "kind": e.kind,
                "text": e.text,
            }
            for e in self.events
        ]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} round={self.round} phase={self.phase!r}>"

    def _repr_html_(self) -> str:
        return f"<pre>{escape(self.describe())}</pre>"


def save_game_info(text: str) -> dict[str, Any]:
    """Read the header of a saved game (game id and options) without replaying it."""
    doc = read_save_text(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise SaveError("saved game", ["no 'game' field naming the game"])
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("saved game", ["field 'options' must be an object"])
    return {"game": doc["game"], "options": options}
