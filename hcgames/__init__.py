"""hcgames: five historical conquest games as pure Python rules.

>>> import hcgames
>>> hcgames.available_games()  # doctest: +ELLIPSIS
['conqueror-duels', ...]
>>> game = hcgames.load("conqueror-duels", scenario="second-punic-war")
>>> state = game.new_game(seed=7)

Every game keeps the contract of :mod:`hcgames.core`; drivers live in
:mod:`hcgames.play`, bots in :mod:`hcgames.bots`, Jupyter views in
:mod:`hcgames.widgets` (imported only when asked for).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from hcgames.core import (
    CHANCE,
    TERMINAL,
    Action,
    DataError,
    Event,
    Game,
    HcgamesError,
    IllegalAction,
    Outcome,
    RuleDecision,
    SaveError,
    State,
    save_game_info,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "DataError",
    "Event",
    "Game",
    "HcgamesError",
    "IllegalAction",
    "Outcome",
    "RuleDecision",
    "SaveError",
    "State",
    "available_games",
    "game_class",
    "load",
    "load_saved",
    "register",
    "unregister",
]

# game id -> "module:GameClass"; each module is imported only when asked for.
_REGISTRY: dict[str, str] = {
    "conqueror-duels": "hcgames.conqueror:DuelsGame",
    "classical-conquests": "hcgames.classical:ClassicalGame",
    "conquest-1972": "hcgames.conquest:ConquestGame",
    "conquest-of-speros": "hcgames.speros:SperosGame",
    "historical-conquest": "hcgames.historical:HistoricalGame",
}


def _installed(target: str) -> bool:
    module = target.split(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def register(name: str, target: str) -> None:
    """Add a game to the registry: ``target`` is ``"module:GameClass"``, imported only
    when the game is asked for. ``name`` must be the class's ``id``; a name already
    taken by another target is refused. The five games are listed above; a new game
    adds its line there (docs/adding-a-game.md), and tests register their toy games
    with this function (and :func:`unregister` afterwards)."""
    module, _, class_name = target.partition(":")
    if not module or not class_name:
        raise ValueError(f"register {name!r}: target must read 'module:GameClass', not {target!r}")
    if _REGISTRY.get(name, target) != target:
        raise ValueError(f"the name {name!r} is taken by {_REGISTRY[name]}")
    _REGISTRY[name] = target


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's toy game, after the test)."""
    _REGISTRY.pop(name, None)


def available_games() -> list[str]:
    """Ids of the games this installation can load, in a fixed order."""
    return [name for name, target in _REGISTRY.items() if _installed(target)]


def game_class(name: str) -> type[Game]:
    """The Game subclass registered under ``name``."""
    if name not in _REGISTRY or not _installed(_REGISTRY[name]):
        known = ", ".join(available_games())
        raise KeyError(f"no game called {name!r}; available: {known}")
    module_name, class_name = _REGISTRY[name].split(":")
    module = importlib.import_module(module_name)
    cls: type[Game] = getattr(module, class_name)
    return cls


def load(name: str, **options: Any) -> Game:
    """Make the game ``name`` with its options (``scenario=``, ``players=`` ...)."""
    return game_class(name)(**options)


def load_saved(text: str) -> State:
    """Load any saved game: reads its game id and options, then replays it."""
    info = save_game_info(text)
    try:
        game = load(info["game"], **info["options"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError("saved game", [f"cannot make the game it names: {exc}"]) from None
    return game.from_json(text)
