"""Typed views for tests that read a game's own classes from the general API.

``hcgames.load`` returns a :class:`hcgames.core.Game` and ``new_game`` a
:class:`hcgames.core.State`; a test about one game checks at run time that it got
that game's class, and mypy then knows its fields.
"""

from __future__ import annotations

from typing import TypeVar

from hcgames.core import Outcome, State

T = TypeVar("T")


def narrow(value: object, cls: type[T]) -> T:
    """``value``, checked to be a ``cls``."""
    assert isinstance(value, cls), f"expected a {cls.__name__}, got {type(value).__name__}"
    return value


def finished(state: State) -> Outcome:
    """The outcome of a game that is over (fails the test if it goes on)."""
    outcome = state.outcome()
    assert outcome is not None, "the game is not over"
    return outcome
