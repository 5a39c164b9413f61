"""The game's material: the rulebook's numbers, read once from ``data/historical``.

Every number the rules use (hand size, plays and attacks a turn, the morale needed
to attack, the +800 morale cap a turn, the morale that wins or forfeits, room on a
land, the morale a lost battle costs, our round limit and turn safeguard) lives in
``data/historical/rules.json`` and is read here once; the rules and the messages that
quote a number take it from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from hcgames.data import Problems, read_json

__all__ = [
    "ATTACKS_PER_TURN",
    "ATTACK_MORALE",
    "BATTLE_MORALE_LOSS",
    "COLUMN_SIZE",
    "FIRST_ATTACK_ROUND",
    "FORFEIT_MORALE",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MORALE_CAP_PER_TURN",
    "PLAYS_PER_TURN",
    "RULES",
    "TURN_CAP",
    "WIN_MORALE",
    "Numbers",
    "load_numbers",
]


@dataclass(frozen=True)
class Numbers:
    """The numbers of ``data/historical/rules.json``."""

    hand_size: int
    plays_per_turn: int
    attacks_per_turn: int
    attack_morale: int
    morale_cap_per_turn: int
    win_morale: int
    forfeit_morale: int
    column_size: int
    battle_morale_loss: int
    first_attack_round: int
    max_rounds: int  # our rule: the round limit (a game setting may change it)
    turn_cap: int  # our rule: steps in one turn before it is closed
    after_cap: int  # our rule: interrupt steps a turn may still take after the cap

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def load_numbers(raw: Mapping[str, Any] | None = None) -> Numbers:
    """Read and check ``rules.json`` (every problem reported at once)."""
    data = read_json("historical", "rules.json") if raw is None else raw
    problems = Problems("data/historical/rules.json")
    names = [f.name for f in fields(Numbers)]
    for name in names:
        value = data.get(name)
        problems.check(
            isinstance(value, int) and not isinstance(value, bool), f"{name}: a whole number"
        )
    unknown = sorted(set(data) - set(names) - {"_comment"})
    problems.check(not unknown, f"unknown number(s): {', '.join(unknown)}")
    problems.raise_if_any()
    return Numbers(**{name: int(data[name]) for name in names})


#: the numbers of the rulebook (and our safeguards), read once
RULES = load_numbers()

HAND_SIZE = RULES.hand_size
PLAYS_PER_TURN = RULES.plays_per_turn
ATTACKS_PER_TURN = RULES.attacks_per_turn
ATTACK_MORALE = RULES.attack_morale
MORALE_CAP_PER_TURN = RULES.morale_cap_per_turn
WIN_MORALE = RULES.win_morale
FORFEIT_MORALE = RULES.forfeit_morale
COLUMN_SIZE = RULES.column_size
BATTLE_MORALE_LOSS = RULES.battle_morale_loss
FIRST_ATTACK_ROUND = RULES.first_attack_round
MAX_ROUNDS = RULES.max_rounds
TURN_CAP = RULES.turn_cap
