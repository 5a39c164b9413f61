"""The steps of a battle in Classical Conquests: which territories are contested,
the fight in each (a :class:`Fight` record in ``state.fight``), and how each round of
dice is applied to the position.

The dice themselves and who wins a round live in :mod:`.battle`, shared with the odds;
a people left with nothing leaves the game by :func:`.victory.knock_out`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from hcgames.classical.actions import BattleDie
from hcgames.classical.battle import round_winner
from hcgames.classical.victory import knock_out
from hcgames.classical.words import count, with_article
from hcgames.core import Event
from hcgames.words import the

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = [
    "Fight",
    "Stage",
    "battle_die",
    "bonuses",
    "contested",
    "next_fight",
    "settlement_strength",
]


class Stage(StrEnum):
    """Who defends in a fight: the units, then the settlement alone."""

    UNITS = "units"
    SETTLEMENT = "settlement"


@dataclass(frozen=True)
class Fight:
    """The battle being fought: where, against whom, at which stage, the settlement's
    points left, the attacker's die of this round (``None`` until rolled) and the
    round number."""

    territory: int
    defender: int
    stage: Stage
    settlement: int
    attacker_roll: int | None
    round: int

    def to_json(self) -> dict[str, Any]:
        """As saved in a snapshot (the keys and order of the saved games)."""
        return {
            "territory": self.territory,
            "defender": self.defender,
            "stage": self.stage.value,
            "settlement": self.settlement,
            "attacker_roll": self.attacker_roll,
            "round": self.round,
        }


def contested(s: ClassicalState) -> list[int]:
    p = s.player
    terrs = s.game.material.territories
    out = []
    for t, terr in enumerate(terrs):
        mine = s.armies[p][t] if terr.land else s.fleets[p][t]
        if not mine:
            continue
        others = s.armies if terr.land else s.fleets
        if any(others[q][t] for q in range(len(s.civs)) if q != p) or (
            terr.land and s.owner[t] not in (-1, p)
        ):
            out.append(t)
    return out


def next_fight(s: ClassicalState) -> list[Event]:
    m = s.game.material
    p = s.player
    s.fight = None
    while s.battles:
        t = s.battles.pop(0)
        land = m.territories[t].land
        units = s.armies if land else s.fleets
        defender = next((q for q in range(len(s.civs)) if q != p and units[q][t]), None)
        stage = Stage.UNITS
        if defender is None:
            defender, stage = s.owner[t], Stage.SETTLEMENT
        strength = settlement_strength(s, t) if stage is Stage.SETTLEMENT else 0
        s.fight = Fight(t, defender, stage, strength, None, 0)
        word = "army" if land else "fleet"
        what = (
            count(units[defender][t], word)
            if stage is Stage.UNITS
            else f"their {'city' if s.level[t] == 2 else 'village'}"
        )
        return [
            s.event(
                s.player,
                "battle",
                f"Battle in {m.territories[t].name}: {s.player_name(p)} "
                f"attack with {count(units[p][t], word)}; "
                f"{s.player_name(defender)} defend with {what}.",
                territory=m.territories[t].id,
                defender=defender,
            )
        ]
    return []


def settlement_strength(s: ClassicalState, t: int) -> int:
    """An undefended settlement fights on alone: a village as one unit, a city as two
    (our rule, ``rules.json`` ``settlement_strength``), with the owner's Military."""
    strength = s.game.material.ours["settlement_strength"]
    return int(strength["city"] if s.level[t] == 2 else strength["village"])


def bonuses(s: ClassicalState, t: int, defender: int) -> tuple[int, int]:
    trait = "military" if s.game.material.territories[t].land else "nautical"
    return s.level_of(s.player, trait), s.level_of(defender, trait)


def battle_die(s: ClassicalState, action: BattleDie) -> list[Event]:
    fight = s.fight
    assert fight is not None
    if action.side == "attacker":
        s.fight = replace(fight, attacker_roll=action.face)
        return []
    m = s.game.material
    p, q, t = s.player, fight.defender, fight.territory
    terr = m.territories[t]
    units = s.armies if terr.land else s.fleets
    word = "army" if terr.land else "fleet"
    att_bonus, def_bonus = bonuses(s, t, q)
    a_face, d_face = fight.attacker_roll, action.face
    assert a_face is not None
    fight = s.fight = replace(fight, attacker_roll=None, round=fight.round + 1)
    winner = round_winner(a_face, d_face, att_bonus, def_bonus)
    tie = " (a tie goes to the defender)" if a_face + att_bonus == d_face + def_bonus else ""
    # each side's die and its level of the trait added, said in words (look 13: "8+0=8
    # against 7+1=8" never said what the numbers were)
    trait = "Military" if terr.land else "Nautical"
    head = (
        f"{terr.name}, round {fight.round}: {s.player_name(p)} roll {a_face} + {att_bonus} "
        f"for {trait} = {a_face + att_bonus}, {s.player_name(q)} roll {d_face} + {def_bonus} "
        f"for {trait} = {d_face + def_bonus}{tie}: "
    )
    events: list[Event] = []
    if winner == "defender":
        units[p][t] -= 1
        text = f"{s.player_name(p)} lose {with_article(word)}, {units[p][t]} left."
    elif fight.stage is Stage.UNITS:
        units[q][t] -= 1
        text = f"{s.player_name(q)} lose {with_article(word)}, {units[q][t]} left."
    else:
        fight = s.fight = replace(fight, settlement=fight.settlement - 1)
        text = (
            f"the {'city' if s.level[t] == 2 else 'village'} of {the(s.player_name(q))} gives "
            f"way ({fight.settlement} to go)."
        )
    events.append(
        s.event(
            s.player,
            "battle-round",
            head + text,
            territory=terr.id,
            attacker=a_face,
            defender=d_face,
            winner=winner,
        )
    )
    if not units[p][t]:
        events.append(
            s.event(
                s.player,
                "battle-end",
                f"{s.player_name(q)} hold {terr.name}.",
                territory=terr.id,
                winner=q,
            )
        )
        return events + _after_fight(s)
    if fight.stage is Stage.UNITS and not units[q][t]:
        if terr.land and s.owner[t] == q:
            s.fight = replace(fight, stage=Stage.SETTLEMENT, settlement=settlement_strength(s, t))
            events.append(
                s.event(
                    s.player,
                    "battle",
                    f"The armies of {the(s.player_name(q))} are gone; their "
                    f"{'city' if s.level[t] == 2 else 'village'} in {terr.name} "
                    "fights on alone.",
                    territory=terr.id,
                )
            )
            return events
        events.append(
            s.event(
                s.player,
                "battle-end",
                f"{s.player_name(p)} win {terr.name}.",
                territory=terr.id,
                winner=p,
            )
        )
        return events + _after_fight(s)
    if fight.stage is Stage.SETTLEMENT and not fight.settlement:
        s.owner[t] = p
        kind = "city" if s.level[t] == 2 else "village"
        mon = f" with {count(s.monuments[t], 'monument')}" if s.monuments[t] else ""
        events.append(
            s.event(
                s.player,
                "capture",
                f"{s.player_name(p)} capture the {kind} of {the(s.player_name(q))} in "
                f"{terr.name}{mon}.",
                territory=terr.id,
                loser=q,
            )
        )
        return events + _after_fight(s)
    return events


def _after_fight(s: ClassicalState) -> list[Event]:
    events = next_fight(s)
    if s.fight is None:
        for q in range(len(s.civs)):
            if q != s.player and not s.out[q] and not s.has_anything(q):
                events += knock_out(s, q)
                if s.result is not None:
                    break
    return events
