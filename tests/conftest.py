"""Shared fixtures: every game and variant, and the --update-golden switch."""

from __future__ import annotations

import pytest

import hcgames


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden playthrough transcripts instead of comparing them",
    )


def all_variants() -> list[tuple[str, dict]]:
    """(game id, options) for every game and every scenario or player count it offers."""
    out = []
    for name in hcgames.available_games():
        for options in hcgames.game_class(name).variants():
            out.append((name, options))
    return out


def variant_id(item: tuple[str, dict]) -> str:
    name, options = item
    suffix = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}[{suffix}]" if suffix else name


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
