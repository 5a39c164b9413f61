"""Actions with fields of the wrong type are refused by name, in every game.

Rule ("action fields"): an action whose field holds a list where a string belongs,
``None`` where a number belongs, or a dict anywhere, is refused with
:class:`hcgames.IllegalAction` naming the field; the state is unchanged. A saved game
holding such an action raises :class:`hcgames.SaveError`.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing

import pytest

import hcgames
from hcgames.core import Action, action_field_problem
from hcgames.play import resolve_chance
from tests.conftest import Variant, all_variants, variant_id

GAMES = [(name, options) for name, options in all_variants()]


def _wrong_values(hint: typing.Any) -> list[typing.Any]:
    """Values that do not fit ``hint``: a list, None (unless allowed), a dict."""
    wrong: list[typing.Any] = [["Rome"], {"to": "Rome"}]
    args = typing.get_args(hint)
    if type(None) not in args:
        wrong.append(None)
    if hint is str:
        wrong.append(7)
    if hint is int:
        wrong.append("7")
    return wrong


def _some_states(name: str, options: dict, seed: int = 3, steps: int = 60) -> list[hcgames.State]:
    """A few positions from one seeded random game, each with a player to act."""
    state = hcgames.load(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            resolve_chance(state, rng)
            continue
        found.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return found[:: max(1, len(found) // 4)]


@pytest.mark.parametrize("variant", GAMES, ids=variant_id)
def test_action_fields_of_the_wrong_type_are_refused_by_name(variant: Variant) -> None:
    name, options = variant
    tried = 0
    for state in _some_states(name, options):
        for action in state.legal_actions()[:5]:
            hints = typing.get_type_hints(type(action))
            for item in dataclasses.fields(action):
                for bad in _wrong_values(hints.get(item.name, typing.Any)):
                    broken = dataclasses.replace(action, **{item.name: bad})
                    before = state.to_json()
                    with pytest.raises(hcgames.IllegalAction) as caught:
                        state.apply(broken)
                    assert caught.value.rule == "action fields"
                    assert repr(item.name.rstrip("_")) in str(caught.value)
                    assert state.to_json() == before
                    tried += 1
    assert tried > 0, f"no action with fields was tried in {name}"


@pytest.mark.parametrize("variant", GAMES, ids=variant_id)
def test_a_saved_game_with_a_wrongly_typed_action_is_refused(variant: Variant) -> None:
    name, options = variant
    states = [s for s in _some_states(name, options) if s.history]
    state = states[-1]
    doc = json.loads(state.to_json())
    with_fields = [(i, [k for k in a if k != "type"]) for i, a in enumerate(doc["history"])]
    with_fields = [(i, fields) for i, fields in with_fields if fields]
    assert with_fields, f"no action with fields in the first moves of {name}"
    index, fields = with_fields[-1]
    for bad in ([["a", "b"]], [{"x": 1}], [None]):
        edited = json.loads(json.dumps(doc))
        edited["history"][index][fields[0]] = bad[0]
        edited.pop("digest")
        with pytest.raises(hcgames.SaveError):
            hcgames.load_saved(json.dumps(edited))


def test_field_check_accepts_every_legal_action_of_a_playout() -> None:
    """The check never refuses a legal action: each game's own actions are well typed."""
    for name, options in GAMES:
        for state in _some_states(name, options, seed=5, steps=40):
            for action in state.legal_actions():
                assert action_field_problem(action) is None, (name, action)


def test_a_bool_is_not_a_number_and_a_number_is_not_a_string() -> None:
    @dataclasses.dataclass(frozen=True)
    class Pick(Action):
        card: str
        count: int
        flag: bool = False
        units: tuple[str, ...] = ()

    assert action_field_problem(Pick("a", 1, True, ("x",))) is None
    assert "count" in (action_field_problem(Pick("a", True)) or "")  # a bool is no count
    assert "card" in (action_field_problem(Pick(3, 1)) or "")  # type: ignore[arg-type]  # on purpose
    wrong_units = Pick("a", 1, units=("x", 2))  # type: ignore[arg-type]  # on purpose
    assert "units" in (action_field_problem(wrong_units) or "")
    assert "flag" in (action_field_problem(Pick("a", 1, flag=None)) or "")  # type: ignore[arg-type]  # on purpose
