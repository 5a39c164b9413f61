"""Shared fixtures: every game and variant, the --update-golden switch, and the real
browser (Debian's chromium, one per test module) for the browser tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import hcgames
from hcgames.play import sample_outcome


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden playthrough transcripts instead of comparing them",
    )


#: a game id and the options of one of its variants
Variant = tuple[str, dict[str, Any]]


def all_variants() -> list[Variant]:
    """(game id, options) for every game and every scenario or player count it offers."""
    out = []
    for name in hcgames.available_games():
        for options in hcgames.game_class(name).variants():
            out.append((name, options))
    return out


def variant_id(item: Variant) -> str:
    name, options = item
    # a list of values reads as "Athenians+Spartans": the id names golden files too
    suffix = "-".join(
        f"{k}={'+'.join(map(str, v)) if isinstance(v, list | tuple) else v}"
        for k, v in sorted(options.items())
    )
    return f"{name}[{suffix}]" if suffix else name


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def choice_positions(
    state: hcgames.State,
    bot: Any,
    seed: int,
    count: int,
    keep: Callable[[hcgames.State], bool] = lambda state: True,
) -> list[hcgames.State]:
    """Up to ``count`` copies of positions met while ``bot`` plays every seat from
    ``state`` (dice and draws seeded by ``seed``) where the side to act has three or
    more moves and ``keep`` holds: positions with a real choice, for bot tests."""
    rng = random.Random(seed)
    out: list[hcgames.State] = []
    while not state.is_terminal() and len(out) < count:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if len(state.legal_actions()) > 2 and keep(state):
            out.append(state.copy())
        state.apply(bot.choose(state))
    return out


def check_bot_is_sound(factory: Callable[[int], Any], state: hcgames.State) -> None:
    """A bot made by ``factory`` picks a legal action, the same one again from the same
    seed, leaves the position as it was, and says why (the same reason both times)."""
    before = state.snapshot()
    first, again = factory(9), factory(9)
    action = first.choose(state)
    assert action in state.legal_actions()
    assert again.choose(state) == action
    assert state.snapshot() == before
    assert first.reason and first.reason == again.reason


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright, one per test module (never a downloaded
    browser); the tests that use it skip themselves where chromium is missing."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import CHROMIUM, CHROMIUM_ARGS  # the browser tests' own settings

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
