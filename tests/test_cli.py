"""The command line, run in-process."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import hcgames
from hcgames.cli import HumanPlayer, main, print_step
from hcgames.core import Event
from hcgames.links import NOTEBOOKS, binder_links
from tests.toy_pig import PigGame

#: the repository and tag the README's Binder links point at
README_REPO = "hcgames/hcgames"
README_REF = "v0.1.0"


def test_links_cover_every_notebook_for_lab_and_voila(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["links", "--repo", "teacher/hcgames", "--ref", "v1.0"]) == 0
    out = capsys.readouterr().out
    for filename, _ in NOTEBOOKS:
        assert filename in out
    rows = binder_links("teacher/hcgames", "v1.0")
    assert rows[1]["lab"] == (
        "https://mybinder.org/v2/gh/teacher/hcgames/v1.0?urlpath="
        "lab%2Ftree%2Fnotebooks%2F10-duels-a-round.ipynb"
    )
    assert rows[1]["voila"].endswith("urlpath=voila%2Frender%2Fnotebooks%2F10-duels-a-round.ipynb")


def test_links_refuse_a_bad_repo() -> None:
    with pytest.raises(SystemExit, match="OWNER/NAME"):
        main(["links", "--repo", "nope"])


def test_list_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in hcgames.available_games():
        assert name in out


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(SystemExit, match="no game called 'chess'"):
        main(["play", "chess"])


def test_human_player_reads_a_number_and_retries() -> None:
    state = PigGame().new_game()
    out = io.StringIO()
    human = HumanPlayer(stdin=io.StringIO("x\n9\n2\n"), stdout=out)
    assert str(human.choose(state)) == "hold"
    assert "Please type the number" in out.getvalue()
    assert "Choose a number from 1 to 2" in out.getvalue()


@pytest.mark.parametrize("name", hcgames.available_games())
def test_play_simulate_and_odds_for_every_game(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", name, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Game over after" in out and "== Round" in out
    assert main(["simulate", name, "--games", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 games of" in out and "Wins:" in out
    assert main(["odds", name]) == 0
    assert capsys.readouterr().out.strip()


README = Path(__file__).resolve().parent.parent / "README.md"
RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-we-decided.md"


def test_readme_has_binder_links_for_every_notebook() -> None:
    from hcgames.cli import markdown_links

    table = markdown_links(binder_links(README_REPO, README_REF))
    assert table in README.read_text(encoding="utf-8"), (
        "README's Binder table is stale: regenerate it with "
        f"python -m hcgames links --repo {README_REPO} --ref {README_REF} --markdown"
    )


def test_rules_document_is_up_to_date() -> None:
    from hcgames.cli import rules_markdown

    assert RULES_DOC.read_text(encoding="utf-8") == rules_markdown() + "\n", (
        "docs/rules-we-decided.md is stale: python -m hcgames rules > docs/rules-we-decided.md"
    )


def test_a_computers_reason_stands_under_the_move_it_explains(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A step whose events begin the next phase prints its "(why: ...)" under its own
    move, before the next phase's heading (it was printed under the next heading)."""
    move = Event(3, "action", 0, "move", "Rome moves 2 infantry from Latium to Etruria.")
    next_phase = Event(4, "planning", 1, "phase", "Round 4 begins.")
    last = print_step([move, next_phase], "it takes Etruria for sure", (3, "action"))
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "  Rome moves 2 infantry from Latium to Etruria.",
        "    (why: it takes Etruria for sure)",
        "",
        "== Round 4 - planning ==",
        "  Round 4 begins.",
    ]
    assert last == (4, "planning")
    print_step([move], "it is the best move", None)
    assert capsys.readouterr().out.splitlines()[-1] == "    (why: it is the best move)"


def test_a_why_line_never_quotes_odds_for_a_hero_the_bot_may_not_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When heroes played before the dice change the chance, the reason gives the range
    (no hero .. best hero), not the chance with the best hero (issue 38)."""
    from fractions import Fraction

    import hcgames.bots
    from hcgames.odds import Odds

    class Attacking:
        def is_chance(self) -> bool:
            return False

        def action_regions(self, action: object) -> tuple[str, ...]:
            return ("Gallia", "Latium")

    stub: Any = Attacking()  # a state that only answers what why() asks
    action: Any = object()
    odds = Odds(best=Fraction(13, 18), low=Fraction(1, 3), high=Fraction(13, 18))
    monkeypatch.setattr(hcgames.bots, "battle_odds", lambda state, action: odds)
    text = hcgames.bots.why(stub, action, object())
    assert "13 times in 18" in text and "1 time in 3" in text and "heroes" in text
    steady = Odds(best=Fraction(13, 18), low=Fraction(13, 18), high=Fraction(13, 18))
    monkeypatch.setattr(hcgames.bots, "battle_odds", lambda state, action: steady)
    assert hcgames.bots.why(stub, action, object()) == "it takes Latium 13 times in 18"
