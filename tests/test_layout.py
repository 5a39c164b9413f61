"""The five games share one skeleton, so any rule is found from the layout alone.

Every registered game's package (:data:`SKELETON`, read from the registry) is held to
the layout:

- the same module names for the same concerns (:data:`REQUIRED`, :data:`OPTIONAL`);
  no catch-all names such as ``rules`` or ``helpers``;
- its package docstring ends with a table "Where each rule lives" (rule ->
  ``module.function``), every entry of which resolves, and which names the rules an
  outside review timed (:data:`TIMED_RULES`);
- one State class, a direct subclass of :class:`hcgames.core.State`;
- the core's one vocabulary (:func:`test_the_state_speaks_the_core_vocabulary`):
  events made only by ``State.event``/``State.log``, one dispatch table
  ``State.HANDLERS`` of ``handler(state, action)``, the default ``is_terminal`` and
  ``outcome``, ``round`` overridden only with a comment saying why, and each action
  class listed once (the table's keys); a hard bot that looks ahead subclasses the
  shared :class:`hcgames.bots.LookaheadBot` instead of copying its search;
- no import cycle at run time between its modules, no ``type: ignore``, and no
  import inside a function without a comment saying why;
- every module has its test file ``tests/<package>/test_<module>.py`` or a line in
  :data:`COVERED_BY` naming the scenario file that covers it (which names the module).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import hcgames
from hcgames.bots import GreedyBot, LookaheadBot
from hcgames.core import Event, State


def package_of(game_id: str) -> str:
    """The package under ``hcgames/`` that holds a registered game, read from the
    module of its Game class (``hcgames.conqueror.game`` -> ``"conqueror"``)."""
    module = hcgames.game_class(game_id).__module__
    parts = module.split(".")
    assert parts[0] == "hcgames" and len(parts) >= 3, (
        f"{game_id}'s Game class lives in {module}, not in a package under hcgames/"
    )
    return parts[1]


#: game id -> package name for every registered game (all are on the shared skeleton)
SKELETON: dict[str, str] = {name: package_of(name) for name in hcgames.available_games()}

#: module names every game has, each for one concern
REQUIRED = (
    "material",  # loads and checks data/<game>/; every rulebook number read from rules.json
    "actions",  # the action records
    "state",  # the one State class: fields, contract methods, one dispatch table
    "game",  # the Game class: options, set-up, contract hooks
    "turn",  # phase order and automatic steps
    "moves",  # legal actions per phase, applying them, and why_illegal beside them
    "victory",  # end of the game and the winner
    "views",  # what the widgets and the log show
    "decisions",  # the rules we decided (data/<game>/decisions.json)
    "bots",  # the game's own bots and levels
)
#: module names a game has when it needs the concern
OPTIONAL = (
    "battle",  # pure battle maths, shared with the odds
    "fighting",  # the steps of a battle
    "effects",  # card effects
    "teach",  # odds tables, what-ifs, puzzles, positions for lessons
)
#: names that say nothing about the concern they hold
VAGUE = {
    "rules",
    "options",
    "model",
    "fields",
    "helpers",
    "helper",
    "util",
    "utils",
    "misc",
    "common",
}

#: rules an outside review timed (files opened to find each): the table must name them.
#: Keyed by package; a game added later has none until a review times its rules
#: (test_timed_rules_name_registered_games keeps the keys to real games).
TIMED_RULES: dict[str, list[str]] = {
    "conqueror": ["victor's casualties", "rally"],
    "classical": ["research"],
    "conquest": ["recapture"],
    "speros": ["ties"],
    "historical": ["morale"],
}

PACKAGE_ROOT = Path(hcgames.__file__).resolve().parent
TESTS_ROOT = Path(__file__).resolve().parent
ROW = re.compile(r"^\|\s*(?P<rule>[^|]+?)\s*\|\s*`?(?P<where>[\w.]+)`?\s*\|\s*$")

games = pytest.mark.parametrize("game_id", sorted(SKELETON))


def rule_table(package: str) -> list[tuple[str, str]]:
    """The rows (rule, module.function) of a game's "Where each rule lives" table."""
    doc = importlib.import_module(f"hcgames.{package}").__doc__ or ""
    lines = doc.splitlines()
    starts = [i for i, line in enumerate(lines) if "Where each rule lives" in line]
    assert starts, f"hcgames.{package}'s docstring has no 'Where each rule lives' table"
    rows = []
    for line in lines[starts[-1] + 1 :]:
        match = ROW.match(line.strip())
        if match and not set(match["where"]) <= {"-", ":"} and match["where"] != "where":
            rows.append((match["rule"], match["where"]))
    return rows


def modules_of(package: str) -> list[str]:
    folder = PACKAGE_ROOT / package
    return sorted(m.name for m in pkgutil.iter_modules([str(folder)]))


@games
def test_the_game_uses_the_shared_module_names(game_id: str) -> None:
    package = SKELETON[game_id]
    names = set(modules_of(package))
    missing = [m for m in REQUIRED if m not in names]
    assert not missing, f"{package} has no module for {missing}"
    vague = sorted(names & VAGUE)
    assert not vague, f"{package}: modules named {vague} say nothing about their concern"


@games
def test_every_entry_of_the_rule_table_resolves(game_id: str) -> None:
    package = SKELETON[game_id]
    rows = rule_table(package)
    assert len(rows) >= 8, f"{package}'s rule table is too short to find rules by"
    for rule, where in rows:
        module_name, _, attr_path = where.partition(".")
        assert module_name in modules_of(package), f"{rule}: no module {module_name} in {package}"
        target: object = importlib.import_module(f"hcgames.{package}.{module_name}")
        for attr in attr_path.split(".") if attr_path else []:
            assert hasattr(target, attr), f"{rule}: {where} does not exist"
            target = getattr(target, attr)
    written = " ".join(rule.lower() for rule, _ in rows)
    for rule in TIMED_RULES.get(package, []):
        assert rule in written, f"{package}'s rule table does not say where {rule!r} lives"


@games
def test_one_state_class_straight_from_the_core(game_id: str) -> None:
    state_class = hcgames.game_class(game_id).state_class
    assert state_class.__bases__ == (State,), (
        f"{state_class.__name__} should subclass hcgames.core.State directly, "
        f"not {[b.__name__ for b in state_class.__bases__]}"
    )


def vocabulary_problems(state_class: type[State], sources: dict[str, str]) -> list[str]:
    """How a game's State class and its modules' ``sources`` (name -> text) depart from
    the vocabulary of :mod:`hcgames.core` (empty when they keep it)."""
    problems = []
    own = vars(state_class)
    for name in ("is_terminal", "outcome"):
        if name in own:
            problems.append(f"{state_class.__name__} redefines {name}: core's default reads result")
    if "round" in own:
        text = inspect.getsource(own["round"].fget)
        if "#" not in text:
            problems.append(f"{state_class.__name__}.round differs from round_no without a comment")
    if "event" in own and "super().event(" not in inspect.getsource(own["event"]):
        problems.append(f"{state_class.__name__}.event does not build on core's event")
    for name in ("log", "make_event"):
        if name in own:
            problems.append(f"{state_class.__name__} defines its own {name}")
    handlers = state_class.HANDLERS
    if not handlers:
        problems.append(f"{state_class.__name__}.HANDLERS, the dispatch table, is empty")
    for kind, handler in handlers.items():
        params = list(inspect.signature(handler).parameters)
        if len(params) != 2:
            problems.append(f"the handler of {kind.__name__} takes {params}, not (state, action)")
    for module, text in sources.items():
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == Event.__name__
            ):
                problems.append(f"{module} line {node.lineno} builds an Event itself")
            if isinstance(node, ast.FunctionDef) and node.name in ("make_event", "playout"):
                problems.append(f"{module} line {node.lineno} defines {node.name}")
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    name = getattr(target, "id", "")
                    if name in ("APPLY", "_HANDLERS", "ACTION_TYPES", "ALL_ACTIONS"):
                        problems.append(f"{module} line {node.lineno} defines {name}")
    return problems


def lookahead_problems(bot: object) -> list[str]:
    """A bot that looks further than one step subclasses the shared look-ahead and
    changes only its hooks (never ``choose`` or ``playout``)."""
    cls = type(bot)
    if not isinstance(bot, LookaheadBot):
        searches = [n for n in ("playout", "worlds", "quick") if hasattr(bot, n)]
        return [f"{cls.__name__} copies the look-ahead ({searches})"] if searches else []
    shared = set(vars(LookaheadBot)) | set(vars(GreedyBot))
    return [
        f"{klass.__name__} rewrites {name}, part of the shared search"
        for klass in cls.__mro__
        if klass not in (LookaheadBot, GreedyBot, object)
        for name in ("choose", "playout")
        if name in vars(klass) and name in shared
    ]


@games
def test_the_state_speaks_the_core_vocabulary(game_id: str) -> None:
    game_class = hcgames.game_class(game_id)
    package = SKELETON[game_id]
    sources = {
        f"{package}/{name}.py": (PACKAGE_ROOT / package / f"{name}.py").read_text(encoding="utf-8")
        for name in modules_of(package)
    }
    assert vocabulary_problems(game_class.state_class, sources) == []
    assert set(game_class().known_actions().values()) == set(game_class.state_class.HANDLERS)


@games
def test_phases_and_bot_levels_are_published_one_way(game_id: str) -> None:
    """One shape for phases and one way to publish bot levels (issue 41): the game's
    ``turn`` module holds ``PHASES``, a tuple of the phase names in order, which
    ``Game.phases()`` lists; its ``bots`` module holds ``LEVELS``, the easy, medium and
    hard factories, which ``Game.bot_levels()`` returns."""
    package = SKELETON[game_id]
    turn = importlib.import_module(f"hcgames.{package}.turn")
    bots = importlib.import_module(f"hcgames.{package}.bots")
    game = hcgames.load(game_id)
    phases = getattr(turn, "PHASES", None)
    assert isinstance(phases, tuple) and all(isinstance(p, str) for p in phases), (
        f"hcgames.{package}.turn has no PHASES tuple of phase names"
    )
    assert game.phases() == list(phases)
    levels = getattr(bots, "LEVELS", None)
    assert isinstance(levels, dict) and set(levels) == {"easy", "medium", "hard"}, (
        f"hcgames.{package}.bots has no LEVELS of easy, medium and hard"
    )
    assert game.bot_levels() == levels


@games
def test_the_hard_bot_shares_the_lookahead(game_id: str) -> None:
    game = hcgames.load(game_id)
    factory = game.bot_levels().get("hard")
    bot = factory(0) if factory else LookaheadBot(0)
    assert lookahead_problems(bot) == []


def test_the_vocabulary_check_finds_an_old_style_state() -> None:
    class Old(State):
        def is_terminal(self) -> bool:
            return False

        def log(self, player: int | None, kind: str, text: str, /, **data: Any) -> Event:
            return Event(0, "", player, kind, text, data)

    source = "def make_event(s):\n    return Event(1, 'x', None, 'k', 't')\nAPPLY = {}\n"
    problems = vocabulary_problems(Old, {"old.py": source})
    assert len(problems) == 6, problems


def _runtime_imports(path: Path, package: str) -> tuple[set[str], list[tuple[int, str]]]:
    """Modules of the same game imported at run time, and function-local imports
    that give no reason (line, text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    source = path.read_text(encoding="utf-8").splitlines()
    prefix = f"hcgames.{package}."
    found: set[str] = set()
    unexplained: list[tuple[int, str]] = []

    def note(node: ast.Import | ast.ImportFrom) -> None:
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = f"hcgames.{package}." + base if base else f"hcgames.{package}"
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith(prefix):
                found.add(name[len(prefix) :].split(".")[0])

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                note(child)
                if in_function:
                    line = source[child.lineno - 1]
                    above = source[child.lineno - 2] if child.lineno > 1 else ""
                    if "#" not in line and not above.strip().startswith("#"):
                        unexplained.append((child.lineno, line.strip()))
                continue
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            visit(child, inner)

    visit(tree, False)
    return found, unexplained


@games
def test_no_import_cycle_and_no_unexplained_local_import(game_id: str) -> None:
    package = SKELETON[game_id]
    graph = nx.DiGraph()
    problems = []
    for name in modules_of(package):
        graph.add_node(name)
        imported, unexplained = _runtime_imports(PACKAGE_ROOT / package / f"{name}.py", package)
        graph.add_edges_from((name, other) for other in imported if other != name)
        problems += [f"{name}.py:{line}: {text}" for line, text in unexplained]
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"{package} modules import each other at run time: {cycles}"
    assert not problems, "imports inside functions need a comment saying why: " + "; ".join(
        problems
    )


@games
def test_no_type_ignore_in_the_game(game_id: str) -> None:
    package = SKELETON[game_id]
    hits = [
        f"{path.name}:{number}"
        for path in sorted((PACKAGE_ROOT / package).glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert not hits, f"{package} silences the type checker at {hits}"


def test_every_type_ignore_in_the_tests_says_why() -> None:
    """Tests are type-checked too; a test may pass a wrong type on purpose (to see it
    refused), and then the line names the error code and says why after it."""
    marker = "# type" + ": ignore"
    explained = re.compile(re.escape(marker) + r"\[[\w\-, ]+\]  # \S")
    hits = [
        f"{path.relative_to(TESTS_ROOT)}:{number}"
        for path in sorted(TESTS_ROOT.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if marker in line and not explained.search(line)
    ]
    assert not hits, f"a type: ignore without its code and a reason at {hits}"


#: game modules without a test file of their own -> the test file (under tests/) whose
#: scenarios exercise them; that file names the module (``hcgames.<package>.<module>``)
COVERED_BY: dict[str, str] = {
    "classical/actions": "classical/test_turn.py",
    "classical/decisions": "classical/test_payment.py",
    "classical/fighting": "classical/test_turn.py",
    "classical/moves": "classical/test_turn.py",
    "classical/state": "classical/test_game.py",
    "classical/victory": "classical/test_turn.py",
    "classical/views": "classical/test_battle.py",
    "classical/words": "classical/test_battle.py",
    "conqueror/actions": "conqueror/test_moves.py",
    "conqueror/game": "conqueror/test_material.py",
    "conqueror/state": "conqueror/test_moves.py",
    "conquest/actions": "conquest/test_movement.py",
    "conquest/board": "conquest/test_material.py",
    "conquest/decisions": "conquest/test_moves.py",
    "conquest/state": "conquest/test_game.py",
    "historical/actions": "historical/test_moves.py",
    "historical/battle": "historical/test_state.py",
    "historical/cards": "historical/test_material.py",
    "historical/decisions": "historical/test_moves.py",
    "historical/field": "historical/test_state.py",
    "historical/fighting": "historical/test_state.py",
    "historical/game": "historical/test_material.py",
    "historical/pending": "historical/test_moves.py",
    "historical/plays": "historical/test_moves.py",
    "historical/refusals": "historical/test_moves.py",
    "historical/turn": "historical/test_state.py",
    "historical/victory": "historical/test_state.py",
    "historical/views": "historical/test_material.py",
    "speros/actions": "speros/test_turn.py",
    "speros/balance": "speros/test_decisions.py",
    "speros/moves": "speros/test_turn.py",
    "speros/rule_words": "speros/test_lessons.py",
    "speros/state": "speros/test_turn.py",
    "speros/victory": "speros/test_turn.py",
}


@games
def test_every_module_has_its_test_file_or_a_covering_one(game_id: str) -> None:
    package = SKELETON[game_id]
    problems = []
    for path in sorted((PACKAGE_ROOT / package).glob("*.py")):
        if path.stem == "__init__":
            continue
        module = f"{package}/{path.stem}"
        own = TESTS_ROOT / package / f"test_{path.stem}.py"
        if own.exists():
            if module in COVERED_BY:
                problems.append(f"{module} has {own.name}: drop its COVERED_BY line")
            continue
        if module not in COVERED_BY:
            problems.append(f"{module}: no tests/{package}/test_{path.stem}.py, no COVERED_BY line")
            continue
        cover = TESTS_ROOT / COVERED_BY[module]
        dotted = f"hcgames.{package}.{path.stem}"
        if not cover.exists():
            problems.append(f"{module}: COVERED_BY names {cover.name}, which does not exist")
        elif dotted not in cover.read_text(encoding="utf-8"):
            problems.append(f"{module}: {COVERED_BY[module]} never names {dotted}")
    assert not problems, "; ".join(problems)


def test_covered_by_names_only_real_modules() -> None:
    stale = [m for m in COVERED_BY if not (PACKAGE_ROOT / f"{m}.py").exists()]
    assert not stale, f"COVERED_BY names modules that are gone: {stale}"


@games
def test_rule_decisions_come_from_the_shared_format(game_id: str) -> None:
    package = SKELETON[game_id]
    decisions = importlib.import_module(f"hcgames.{package}.decisions")
    assert "load_decisions" in inspect.getsource(decisions), (
        f"{package}.decisions should read data/<game>/decisions.json "
        "with hcgames.data.load_decisions"
    )
    for variant in hcgames.game_class(game_id).variants():
        decided = hcgames.load(game_id, **variant).rule_decisions()
        assert decided and all(d.source in ("rulebook", "ours") for d in decided)


#: test files of a game whose subject runs across its modules: the rulebook's worked
#: examples, history, lessons, properties, and (Historical) every card of the app's decks:
#: its ability worked by hand, its text against its effect, its note of context
CROSS_CUTTING_TESTS = {
    "test_examples",
    "test_history",
    "test_lessons",
    "test_properties",
    "test_every_card",
    "test_card_fixes",
    "test_ability_texts",
    "test_notes",
    "test_card_cases",  # Historical: one worked case per card, by hand (as test_every_card)
}


@games
def test_the_tests_mirror_the_layout(game_id: str) -> None:
    package = SKELETON[game_id]
    folder = Path(__file__).parent / package
    assert (folder / "__init__.py").exists(), f"tests/{package}/ should hold this game's tests"
    names = {m for m in modules_of(package)}
    for path in folder.glob("test_*.py"):
        assert path.stem[len("test_") :] in names or path.stem in CROSS_CUTTING_TESTS, (
            f"tests/{package}/{path.name} mirrors no module of hcgames.{package}"
        )


def test_every_game_is_on_the_skeleton() -> None:
    """Every registered game has a package of its own, and every game package under
    hcgames/ (a folder with a ``game`` module) is registered."""
    packages = list(SKELETON.values())
    assert len(set(packages)) == len(packages), f"two games share a package: {SKELETON}"
    on_disk = {path.parent.name for path in PACKAGE_ROOT.glob("*/game.py")}
    assert on_disk == set(packages), (
        f"game packages not in the registry: {sorted(on_disk - set(packages))}"
    )


def test_timed_rules_name_registered_games() -> None:
    assert set(TIMED_RULES) <= set(SKELETON.values()), (
        f"TIMED_RULES names no registered game: {sorted(set(TIMED_RULES) - set(SKELETON.values()))}"
    )


def test_the_games_share_their_module_names() -> None:
    """The concerns every game has carry the same names; an optional one, where a
    game has it, the same name too (no second name for the same concern)."""
    for package in SKELETON.values():
        names = set(modules_of(package))
        assert set(REQUIRED) <= names


def test_no_game_test_file_is_left_at_the_top_for_a_skeleton_game() -> None:
    top = Path(__file__).parent
    # a game's tests once sat at the top as test_<package>_*.py or test_<word of its id>_*.py
    # (test_duels_*.py for conqueror-duels)
    prefixes = {
        package: tuple(
            f"test_{word}_"
            for word in [package, *game_id.split("-")]
            if len(word) > 2 and not word.isdigit()
        )
        for game_id, package in SKELETON.items()
    }
    left = [
        path.name
        for package in SKELETON.values()
        for path in top.glob("test_*.py")
        if path.name.startswith(prefixes[package])
    ]
    assert not left, f"game tests still outside their folder: {left}"


#: a module longer than this says in its docstring why it stays one module
MAX_MODULE_LINES = 600
LONG_MODULE_REASON = "past 600 lines"


def test_a_long_module_says_why_it_is_one_module() -> None:
    long_without_reason = []
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) <= MAX_MODULE_LINES:
            continue
        doc = ast.get_docstring(ast.parse(text)) or ""
        if LONG_MODULE_REASON not in " ".join(doc.split()):
            long_without_reason.append(str(path.relative_to(PACKAGE_ROOT)))
    assert not long_without_reason, (
        f"modules over {MAX_MODULE_LINES} lines whose docstring does not say why they are one "
        f"module (a line with {LONG_MODULE_REASON!r}), or split them: {long_without_reason}"
    )


#: the per-game ways of naming a player that issue 38 replaced by the core's one,
#: State.player_name (a game overrides it to add to it; State.side_name names the side
#: a view colours)
OLD_NAMING_METHODS = {"name", "who", "pname", "player_label", "side_label", "who_is"}
#: the sentence layer's words (hcgames/words.py), which no other module writes again
SENTENCE_WORDS = {
    "plural",
    "_plural",
    "with_article",
    "_with_article",
    "possessive",
    "_possessive",
    "capitalise",
    "join",
    "_join_names",
}


@games
def test_players_are_named_only_by_the_cores_player_name(game_id: str) -> None:
    """One way of naming a player (issue 38): no State class defines ``name``, ``who``,
    ``pname`` or the like, and no module of the package calls one."""
    state_class = hcgames.game_class(game_id).state_class
    own = sorted(OLD_NAMING_METHODS & set(vars(state_class)))
    assert not own, f"{state_class.__name__} names players with {own}: use player_name"


def test_no_module_calls_an_old_naming_method_or_writes_the_sentence_layer_again() -> None:
    problems = []
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        where = path.relative_to(PACKAGE_ROOT)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in OLD_NAMING_METHODS
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in {"state", "self", "s", "board", "scored", "st"}
            ):
                problems.append(f"{where}:{node.lineno} calls .{node.func.attr}()")
            if (
                isinstance(node, ast.FunctionDef)
                and node.name in SENTENCE_WORDS
                and str(where) != "words.py"
            ):
                problems.append(f"{where}:{node.lineno} defines {node.name} again")
    assert not problems, "\n".join(problems)


# --- the generic views read only the contract (issue 41) --------------------------------

WIDGETS_ROOT = PACKAGE_ROOT / "widgets"
#: widget modules that are one game's lesson scenes, which may import that game's package
#: (everything else under hcgames/widgets/ is a generic view over the contract)
LESSON_SCENES = {
    "battles.py",  # Conqueror: Duels' battle lessons
    "experiments.py",  # Conqueror: Duels' experiments
    "card_lessons.py",  # Conquest of Speros' lessons
    "historical_lessons.py",
    "conquest_scenes.py",
    "classical",  # the Classical Conquests lessons' package
}


def _names_a_game(module: str, packages: set[str]) -> bool:
    parts = module.split(".")
    return parts[0] == "hcgames" and len(parts) > 1 and parts[1] in packages


def _reads_a_game_id(node: ast.AST) -> bool:
    """``game.id``, ``self.game.id``, ``state.game.id`` or a name ``game_id``."""
    if isinstance(node, ast.Name):
        return node.id == "game_id"
    if not (isinstance(node, ast.Attribute) and node.attr == "id"):
        return False
    owner = node.value
    return (isinstance(owner, ast.Name) and owner.id == "game") or (
        isinstance(owner, ast.Attribute) and owner.attr == "game"
    )


def _strings(node: ast.AST) -> list[str]:
    """The string constants ``node`` is or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [v for e in node.elts for v in _strings(e)]
    return []


def _game_id_tests(node: ast.AST) -> list[str]:
    """The strings a game id is compared with or tested against in ``node``:
    ``game.id == "x"``, ``game.id in ("x", ...)``, ``"x" in game.id``,
    ``game.id.startswith("x")`` and the like."""
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(_reads_a_game_id(side) for side in sides):
            return [v for side in sides for v in _strings(side)]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and _reads_a_game_id(node.func.value)
    ):
        return [v for arg in node.args for v in _strings(arg)]
    return []


def _reads_a_class_name(node: ast.AST) -> bool:
    """``x.__name__`` (``type(action).__name__``), lowered or not."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return _reads_a_class_name(node.func.value)  # type(a).__name__.lower()
    return isinstance(node, ast.Attribute) and node.attr == "__name__"


def _class_name_tests(node: ast.AST) -> list[str]:
    """The strings a class's name is compared with or looked up by in ``node``:
    ``type(a).__name__ == "Move"``, ``... in ("Attack", "Move")``, and the keys of a
    dict literal (a table looked up by class name: ``{"Attack": "Attack", ...}``)."""
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(_reads_a_class_name(side) for side in sides):
            return [v for side in sides for v in _strings(side)]
    if isinstance(node, ast.Dict):
        return [v for key in node.keys if key is not None for v in _strings(key)]
    return []


def game_class_names() -> set[str]:
    """The names of every registered game's action classes, the ones it knows and any
    other its ``actions`` module defines (a view that names one picks that game out;
    the other classes of a game, such as Duels' ``Hero``, share their names with words
    a page shows)."""
    names: set[str] = set()
    for game_id, package in SKELETON.items():
        names |= set(hcgames.game_class(game_id)().known_actions())
        tree = ast.parse((PACKAGE_ROOT / package / "actions.py").read_text(encoding="utf-8"))
        names |= {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    return names


def generic_view_back_doors(
    source: str, packages: set[str], game_ids: set[str], class_names: frozenset[str] = frozenset()
) -> list[str]:
    """What a generic view's ``source`` does that only a game's own module should: an
    import of a game package (at the top or inside a function, or by its dotted name in
    a string), a game's id written in the code (docstrings aside), a game's id
    compared with some other string (a part of an id, ``game.id.startswith("conquest")``),
    or one of ``class_names`` (a game's classes) compared with a class's name or used
    as the key of a table (``type(action).__name__ == "Move"``), sorted."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            named = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(_names_a_game(m, packages) for m in named):
                found.append(f"imports {node.module}")
        elif isinstance(node, ast.Import):
            found += [f"imports {a.name}" for a in node.names if _names_a_game(a.name, packages)]
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            if node.value in game_ids:
                found.append(f"names {node.value}")
            elif _names_a_game(node.value.split(" ")[0], packages):
                found.append(f"imports {node.value}")  # importlib.import_module("hcgames.x")
        # an id itself is counted above as "names": here any other string an id is
        # compared with (a part of an id also picks one game out)
        found += [
            f"compares a game id with {v!r}" for v in _game_id_tests(node) if v not in game_ids
        ]
        # a game's class picked out by its name, in a comparison or a table
        found += [f"names the class {v}" for v in _class_name_tests(node) if v in class_names]
    return sorted(found)


def test_generic_views_import_no_game_and_name_no_game() -> None:
    packages, game_ids = set(SKELETON.values()), set(SKELETON)
    classes = frozenset(game_class_names())
    found: dict[str, list[str]] = {}
    for path in sorted(WIDGETS_ROOT.rglob("*.py")):
        where = path.relative_to(WIDGETS_ROOT)
        if where.parts[0] in LESSON_SCENES:
            continue
        doors = generic_view_back_doors(
            path.read_text(encoding="utf-8"), packages, game_ids, classes
        )
        if doors:
            found[str(where)] = doors
    assert not found, (
        "a generic view under hcgames/widgets/ imports a game package or names a game's id "
        "or class: "
        f"put what it needs behind a hook on Game or State in hcgames/core.py\n{found}"
    )


def test_the_back_door_check_finds_an_import_and_an_id() -> None:
    source = (
        '"""A view; conqueror-duels in a docstring is words."""\n'
        "from hcgames.conqueror.forecast import battle_forecast\n"
        "def f(game):\n"
        "    import hcgames.classical.turn  # a local import counts too\n"
        "    return game.id == 'conqueror-duels'\n"
    )
    doors = generic_view_back_doors(source, {"conqueror", "classical"}, {"conqueror-duels"})
    assert doors == [
        "imports hcgames.classical.turn",
        "imports hcgames.conqueror.forecast",
        "names conqueror-duels",
    ]
    assert generic_view_back_doors("import hcgames.core\n", {"conqueror"}, set()) == []


def test_the_back_door_check_finds_a_game_id_compared_with_a_part_of_an_id() -> None:
    source = (
        "import importlib\n"
        "def f(self, game, game_id, action):\n"
        "    if self.game.id.startswith('historical'):\n"
        "        return importlib.import_module('hcgames.historical.fighting')\n"
        "    if 'duels' in game.id or game_id in ('conquest', 'speros'):\n"
        "        return 1\n"
        "    if game.id != 'conqueror-duels':\n"
        "        return 2\n"
        "    return action.id == 'a move' or game.title == 'Duels'\n"
    )
    doors = generic_view_back_doors(
        source, {"historical", "conqueror"}, {"conqueror-duels", "historical-conquest"}
    )
    assert doors == [
        "compares a game id with 'conquest'",
        "compares a game id with 'duels'",
        "compares a game id with 'historical'",
        "compares a game id with 'speros'",
        "imports hcgames.historical.fighting",
        "names conqueror-duels",
    ]


def test_the_back_door_check_finds_a_game_class_named_in_a_view() -> None:
    source = (
        "KINDS = {'UseAbility': 'Abilities', 'card': 'Play a card'}\n"
        "WORDS = ('Move', 'Attack')  # words shown on the page, not a class picked out\n"
        "def f(action):\n"
        "    if type(action).__name__ == 'Move':\n"
        "        return 1\n"
        "    if type(action).__name__.lower() in ('starve', 'Starve'):\n"
        "        return 2\n"
        "    return type(action).__name__ not in ('Attack', 'Print')\n"
    )
    classes = frozenset({"Move", "Attack", "UseAbility", "Starve"})
    assert generic_view_back_doors(source, set(), set(), classes) == [
        "names the class Attack",
        "names the class Move",
        "names the class Starve",
        "names the class UseAbility",
    ]
    assert {"Move", "EndPhase", "Starve"} <= game_class_names()
    assert "Hero" not in game_class_names()


#: the longest a function of the widgets may be (issue 41): a longer one is split into
#: named helpers, each saying what it builds
MAX_WIDGET_FUNCTION_LINES = 80
#: widget functions still longer, by "module:qualified name" -> lines when listed; the
#: list may only shrink (a function not listed, or grown past its lines, fails). The map's
#: constructor waits for the branches that edit the map this round to be merged
#: (splitting it now would conflict with those edits).
LONG_WIDGET_FUNCTIONS = {
    "maps.py:MapView.__init__": 168,
}


def long_functions(source: str, limit: int) -> dict[str, int]:
    """Functions of ``source`` longer than ``limit`` lines: qualified name -> lines."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                if lines > limit:
                    found[f"{prefix}{child.name}"] = lines
                visit(child, f"{prefix}{child.name}.")

    visit(ast.parse(source), "")
    return found


def test_no_widget_function_is_longer_than_80_lines() -> None:
    too_long = []
    for path in sorted(WIDGETS_ROOT.rglob("*.py")):
        where = path.relative_to(WIDGETS_ROOT)
        text = path.read_text(encoding="utf-8")
        for name, lines in long_functions(text, MAX_WIDGET_FUNCTION_LINES).items():
            allowed = LONG_WIDGET_FUNCTIONS.get(f"{where}:{name}", MAX_WIDGET_FUNCTION_LINES)
            if lines > allowed:
                too_long.append(f"{where}:{name} ({lines} lines)")
    assert not too_long, (
        f"widget functions over {MAX_WIDGET_FUNCTION_LINES} lines: split each into named "
        f"helpers: {too_long}"
    )


def test_the_length_check_counts_methods_by_their_class() -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(81))
    source = f"class A:\n    def long(self):\n{body}\n    def short(self):\n        pass\n"
    assert long_functions(source, 80) == {"A.long": 82}


# --- the README's layout ----------------------------------------------------------------

REPO_ROOT = TESTS_ROOT.parent
#: made by tools and runs, never committed (.gitignore)
NOT_COMMITTED = {"build", "dist", "__pycache__"}


def layout_block(readme: str) -> str:
    """The code block under the README's "## Project layout" heading."""
    section = readme.split("## Project layout", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1]


def unlisted(block: str, names: list[str]) -> list[str]:
    """The ``names`` (a folder as ``name/``) that ``block`` never writes as a word."""
    return [
        name
        for name in names
        if not re.search(rf"(?<![\w./-]){re.escape(name)}(?![\w-])", block)
    ]


def test_the_readme_layout_lists_every_top_level_module_and_folder() -> None:
    """Issue 41: the README's layout names every top-level file and folder of the
    checkout and every top-level module and subpackage of hcgames/."""
    if not (REPO_ROOT / "README.md").exists():
        pytest.skip("not a checkout (an installed wheel has no README beside the tests)")
    block = layout_block((REPO_ROOT / "README.md").read_text(encoding="utf-8"))
    top = [
        f"{path.name}/" if path.is_dir() else path.name
        for path in sorted(REPO_ROOT.iterdir())
        if not path.name.startswith(".")
        and path.name not in NOT_COMMITTED
        and not path.name.endswith(".egg-info")
        and path.name != "README.md"
    ]
    package = [
        f"{path.name}/" if path.is_dir() else path.name
        for path in sorted(PACKAGE_ROOT.iterdir())
        if (path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists()))
    ]
    assert unlisted(block, top) == [], "add them to the README's Project layout"
    assert unlisted(block, package) == [], "add them to the README's Project layout"


def test_the_layout_check_finds_a_missing_name() -> None:
    block = "hcgames/            the package\n  core.py  the contract\n  widgets/ views\n"
    assert unlisted(block, ["hcgames/", "core.py", "widgets/", "dice.py", "tools/"]) == [
        "dice.py",
        "tools/",
    ]
    # a name inside a longer one is not listed: handouts/ is not listed by the_handouts/
    assert unlisted("my_handouts/ and tasks.pyc", ["handouts/", "tasks.py"]) == [
        "handouts/",
        "tasks.py",
    ]
