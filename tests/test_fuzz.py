"""Fuzz tests over every game: broken actions and broken saves are refused, nothing else.

Rules checked (issue 23, item 6):

* "actions": an action that is not among the legal ones, whatever it holds (an unknown
  name, a number far out of range, ``None``, a list, a very long string, parts of two
  legal actions put together), raises :class:`hcgames.IllegalAction` and leaves the
  position exactly as it was (the saved text before and after is the same);
* "saves": a saved game that was cut short, had bytes flipped, was nested thousands of
  levels deep or holds huge numbers is either still a good save or is refused with
  :class:`hcgames.SaveError`; no other error (``KeyError``, ``RecursionError`` ...)
  reaches the caller.

The games come from the registry (:func:`hcgames.available_games`), so a game added
later is fuzzed too. Hypothesis runs derandomized with few examples: the same cases
on every run, a few seconds per game.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import hcgames
from hcgames.core import MAX_SAVE_DEPTH, Action
from hcgames.play import resolve_chance

GAME_IDS = hcgames.available_games()

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def positions(name: str) -> tuple[hcgames.State, ...]:
    """Positions of seeded random games of ``name``, a few from each of its variants,
    spread over the game: players to act and pending dice rolls or draws."""
    found: list[hcgames.State] = []
    for number, options in enumerate(hcgames.game_class(name).variants()):
        state = hcgames.load(name, **options).new_game(seed=11 + number)
        rng = random.Random(number)
        for step in range(240):
            if state.is_terminal():
                break
            if step % 37 == 0:
                found.append(state.copy())
            if state.is_chance():
                resolve_chance(state, rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            found.append(state)
    return tuple(s for s in found if s.legal_actions() or s.is_terminal())


def _unknown_names() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(["navy", "Atlantis", "", " ", "None", "army ", "ARMY", "-1", "0"]),
        st.sampled_from(["x" * 5000, "\u0000", "\U0001f3f0 castle", "Rome\n", "../etc"]),
        st.text(max_size=12),
    )


def _bad_numbers() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from([-1, -(2**63), 2**63, 10**100, -(10**100), 10**4000]),
        st.integers(min_value=-(10**12), max_value=10**12),
        st.sampled_from([True, False, 1.0, 0.5, float("nan"), float("inf"), -0.0]),
    )


def _odd_values() -> st.SearchStrategy[Any]:
    small = st.one_of(st.none(), st.integers(-3, 3), _unknown_names())
    return st.one_of(
        st.none(),
        st.lists(small, max_size=3),
        st.lists(small, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=3), small, max_size=2),
        st.tuples(st.tuples(small)),
        st.just(object()),
        st.just(b"bytes"),
    )


BAD_VALUES = st.one_of(_unknown_names(), _bad_numbers(), _odd_values())


def _typed_like(value: Any) -> st.SearchStrategy[Any]:
    """Values of the same type as ``value`` that are unlikely to be allowed: unknown
    names for a name, huge or negative numbers for a number, such tuples for a tuple."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(
            st.sampled_from([-1, -(2**63), 2**63, 10**100, -(10**100), 10**4000]),
            st.integers(min_value=-(10**12), max_value=10**12),
        )
    if isinstance(value, str):
        return _unknown_names()
    if isinstance(value, tuple):
        inner = _typed_like(value[0]) if value else _unknown_names()
        return st.lists(inner, max_size=4).map(tuple)
    return BAD_VALUES


def _mutate(data: st.DataObject, state: hcgames.State) -> Action:
    """A real legal action of ``state`` with one or more fields changed."""
    legal = state.legal_actions()
    action = data.draw(st.sampled_from(legal), label="legal action")
    fields = [f.name for f in dataclasses.fields(action)]
    if not fields:  # an action with no fields (Pass ...): put it in the wrong position
        others = [p for p in positions(state.game.id) if p is not state]
        return data.draw(st.sampled_from([a for p in others for a in p.legal_actions()][:200]))
    changes: dict[str, Any] = {}
    for name in data.draw(st.lists(st.sampled_from(fields), min_size=1, max_size=2)):
        value = getattr(action, name)
        how = data.draw(st.sampled_from(["typed", "typed", "bad", "element", "borrow"]))
        if how == "element" and isinstance(value, tuple) and value:
            i = data.draw(st.integers(0, len(value) - 1))
            changes[name] = (*value[:i], data.draw(_typed_like(value[i])), *value[i + 1 :])
        elif how == "typed":  # the right type, a value no rule knows: reaches the rules
            changes[name] = data.draw(_typed_like(value), label=f"{name} =")
        elif how == "borrow":  # the field of another action of the same kind: mixed parts
            same = [a for a in legal if type(a) is type(action)]
            changes[name] = getattr(data.draw(st.sampled_from(same)), name)
        else:
            changes[name] = data.draw(BAD_VALUES, label=f"{name} =")
    return dataclasses.replace(action, **changes)


def _is_legal(action: Action, state: hcgames.State) -> bool:
    try:
        return any(action == a for a in state.legal_actions())
    except Exception:
        return False


@pytest.mark.parametrize("name", GAME_IDS)
def test_a_broken_action_raises_only_illegal_action_and_changes_nothing(name: str) -> None:
    states = positions(name)
    assert len(states) >= 5, f"too few positions of {name} to fuzz"

    @FUZZ
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(states), label="position").copy()
        if state.is_terminal():
            others = [a for p in states for a in p.legal_actions()]
            action = data.draw(st.sampled_from(others))
        else:
            action = _mutate(data, state)
        assume(not _is_legal(action, state))
        before = state.to_json()
        with pytest.raises(hcgames.IllegalAction) as refused:
            state.apply(action)
        assert str(refused.value).strip(), "a refusal must say why"
        assert refused.value.rule, "a refusal must name its rule"
        assert state.to_json() == before

    check()


def test_an_unknown_unit_kind_is_refused_naming_the_kinds() -> None:
    """Classical: recruiting a 'navy' or an 'Atlantis' names the units that exist."""
    from hcgames.classical.actions import Recruit

    state = next(
        s
        for s in positions("classical-conquests")
        if any(isinstance(a, Recruit) for a in s.legal_actions())
    )
    place = next(a for a in state.legal_actions() if isinstance(a, Recruit)).territory
    for kind in ("navy", "Atlantis"):
        before = state.to_json()
        with pytest.raises(hcgames.IllegalAction, match="armies and fleets") as refused:
            state.apply(Recruit(kind, place))
        assert refused.value.rule == "recruit" and repr(kind) in str(refused.value)
        assert state.to_json() == before


def test_a_confiscate_with_an_unknown_card_is_refused_naming_the_cards() -> None:
    """Historical: an explorer carrying a card that is not beside it is refused."""
    from hcgames.historical.actions import Confiscate

    carried = [
        (s, a)
        for s in _historical_with_confiscates()
        for a in s.legal_actions()
        if isinstance(a, Confiscate) and a.explorer
    ]
    assert carried, "no position with an explorer that can carry a card"
    state, action = carried[0]
    for card in ("navy", "XX0000/0"):
        before = state.to_json()
        with pytest.raises(hcgames.IllegalAction, match="cards beside") as refused:
            state.apply(dataclasses.replace(action, card=card))
        assert refused.value.rule == "undefended lands"
        assert state.to_json() == before


@functools.cache
def _historical_with_confiscates() -> tuple[hcgames.State, ...]:
    """Positions of Historical Conquest where an explorer could carry a card away."""
    from hcgames.historical.actions import Confiscate

    out = []
    for seed in range(40):
        state = hcgames.load("historical-conquest").new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance():
                resolve_chance(state, rng)
                continue
            legal = state.legal_actions()
            if any(isinstance(a, Confiscate) and a.explorer for a in legal):
                out.append(state.copy())
                return tuple(out)
            state.apply(rng.choice(legal))
    return tuple(out)


def test_an_unknown_name_is_refused_naming_the_choices_when_the_game_has_no_word() -> None:
    """The shared fallback: a game whose explanation breaks on an unknown name still
    refuses with IllegalAction, listing what may be chosen instead."""
    state, action, field = next(
        (s.copy(), a, f.name)
        for s in positions("classical-conquests")
        for a in s.legal_actions()
        for f in dataclasses.fields(a)
        if isinstance(getattr(a, f.name), str)
    )

    def broken(_action: Action) -> tuple[str, str]:
        raise KeyError("no entry")

    state.why_illegal = broken  # type: ignore[method-assign,assignment]  # a rule that breaks
    odd = dataclasses.replace(action, **{field: "Atlantis"})
    before = state.to_json()
    with pytest.raises(hcgames.IllegalAction, match="'Atlantis' is not one of the choices"):
        state.apply(odd)
    assert state.to_json() == before

    @dataclasses.dataclass(frozen=True)
    class Sail(Action):  # a kind of action no position of this game offers
        to: str

    with pytest.raises(hcgames.IllegalAction, match=r"is not allowed now .*; allowed: ") as refused:
        state.apply(Sail("Atlantis"))
    assert refused.value.rule == "legal actions" and state.to_json() == before


# --- saves --------------------------------------------------------------------------------


@functools.cache
def save_text(name: str) -> str:
    """The save of a seeded random game of ``name``, some way in."""
    state = hcgames.load(name).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(80):
        if state.is_terminal():
            break
        if state.is_chance():
            resolve_chance(state, rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state.to_json(indent=1)


def _json_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**80), max_value=10**80),
        st.floats(allow_nan=False),
        _unknown_names(),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
        ),
        max_leaves=8,
    )


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            out.extend(_paths(value, (*prefix, index)))
    return out


def _replace_at(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return copy


def _nest(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return "[" * depth  # never closed


def _mutated_save(data: st.DataObject, text: str) -> str | bytes:
    how = data.draw(
        st.sampled_from(["truncate", "flip", "nest", "nest-inside", "huge", "replace", "bytes"]),
        label="how",
    )
    if how == "truncate":
        return text[: data.draw(st.integers(0, len(text) - 1))]
    if how in ("flip", "bytes"):
        raw = bytearray(text.encode("utf-8"))
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(raw) - 1))
            raw[i] ^= 1 << data.draw(st.integers(0, 7))
        return bytes(raw) if how == "bytes" else raw.decode("utf-8", errors="replace")
    depth = data.draw(st.sampled_from([MAX_SAVE_DEPTH + 1, 1000, 10000, 100000]))
    nested = _nest(depth, data.draw(st.sampled_from(["list", "object", "open"])))
    if how == "nest":
        return nested
    doc = json.loads(text)
    path = data.draw(st.sampled_from(_paths(doc)))
    if how == "nest-inside":  # {"history": [..., [[[[...]]]], ...]} and the like
        marker = "\u0000NESTED\u0000"
        return json.dumps(_replace_at(doc, path, marker)).replace(json.dumps(marker), nested)
    if how == "huge":
        number = data.draw(
            st.sampled_from(["1" + "0" * 5000, "-" + "9" * 400, "1e999", "-1e999", str(2**64)])
        )
        marker = "\u0000HUGE\u0000"
        return json.dumps(_replace_at(doc, path, marker)).replace(json.dumps(marker), number)
    return json.dumps(_replace_at(doc, path, data.draw(_json_values())))


@pytest.mark.parametrize("name", GAME_IDS)
def test_a_broken_save_raises_only_save_error(name: str) -> None:
    game = hcgames.load(name)
    text = save_text(name)
    assert game.from_json(text).to_json(indent=1) == text  # the unbroken save loads

    @settings(FUZZ, max_examples=40)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        broken = _mutated_save(data, text)
        for load in (game.from_json, hcgames.load_saved):
            try:
                state = load(broken)  # type: ignore[arg-type]  # bytes too, on purpose
            except hcgames.SaveError as refused:
                assert refused.problems and all(p.strip() for p in refused.problems)
            else:
                assert isinstance(state, hcgames.State)  # a harmless change: still a save

    check()


@pytest.mark.parametrize("name", GAME_IDS)
@pytest.mark.parametrize(
    "nested",
    ["[" * 10000, '{"a": ' + "[" * 10000 + "]" * 10000 + "}", '{"a":' * 5000 + "1" + "}" * 5000],
    ids=["open-lists", "object-of-lists", "objects"],
)
def test_a_save_nested_thousands_of_levels_deep_is_refused(name: str, nested: str) -> None:
    for load in (hcgames.load(name).from_json, hcgames.load_saved):
        with pytest.raises(hcgames.SaveError, match="nested") as refused:
            load(nested)
        assert "levels deep" in str(refused.value)


def test_real_saves_nest_far_less_deeply_than_the_limit() -> None:
    """The depth limit refuses no save a game writes: the deepest real save is far
    below it (a margin for actions that carry tuples of tuples)."""
    from hcgames.core import _nesting_depth

    deepest = max(_nesting_depth(save_text(name)) for name in GAME_IDS)
    assert deepest * 4 <= MAX_SAVE_DEPTH, deepest
