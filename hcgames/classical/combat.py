"""The battle phase of Classical Conquests: which territories are contested, and
how each round of dice is applied to the position.

The dice themselves and who wins a round live in :mod:`.battle`, shared with the odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.classical.actions import BattleDie
from hcgames.classical.battle import round_winner
from hcgames.core import Event

if TYPE_CHECKING:
    from hcgames.classical.state import ClassicalState

__all__ = ["battle_die", "bonuses", "contested", "knock_out", "next_fight"]


def knock_out(s: ClassicalState, p: int) -> list[Event]:
    s.out[p] = True
    events = [
        s.event(
            "out",
            f"{s.player_name(p)} have no settlement and no unit left and leave the game.",
            player=p,
        )
    ]
    alive = [q for q in range(len(s.civs)) if not s.out[q]]
    if len(alive) == 1:
        s.result = ((alive[0],), f"{s.player_name(alive[0])} are the last people standing")
        events.append(s.event("end", s.result[1] + ".", player=alive[0]))
    return events


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
        stage = "units"
        if defender is None:
            defender, stage = s.owner[t], "settlement"
        strength = _strength(s, t) if stage == "settlement" else 0
        s.fight = {
            "territory": t,
            "defender": defender,
            "stage": stage,
            "settlement": strength,
            "attacker_roll": None,
            "round": 0,
        }
        what = (
            f"{units[defender][t]} {'armies' if land else 'fleets'}"
            if stage == "units"
            else f"their {'city' if s.level[t] == 2 else 'village'}"
        )
        return [
            s.event(
                "battle",
                f"Battle in {m.territories[t].name}: {s.player_name(p)} "
                f"attack with {units[p][t]} {'armies' if land else 'fleets'}; "
                f"{s.player_name(defender)} defend with {what}.",
                territory=m.territories[t].id,
                defender=defender,
            )
        ]
    return []


def _strength(s: ClassicalState, t: int) -> int:
    strength = s.game.material.ours["settlement_strength"]
    return int(strength["city"] if s.level[t] == 2 else strength["village"])


def bonuses(s: ClassicalState, t: int, defender: int) -> tuple[int, int]:
    trait = "military" if s.game.material.territories[t].land else "nautical"
    return s.level_of(s.player, trait), s.level_of(defender, trait)


def battle_die(s: ClassicalState, action: BattleDie) -> list[Event]:
    fight = s.fight
    assert fight is not None
    if action.side == "attacker":
        fight["attacker_roll"] = action.face
        return []
    m = s.game.material
    p, q, t = s.player, fight["defender"], fight["territory"]
    terr = m.territories[t]
    units = s.armies if terr.land else s.fleets
    word = "army" if terr.land else "fleet"
    att_bonus, def_bonus = bonuses(s, t, q)
    a_face, d_face = fight["attacker_roll"], action.face
    fight["attacker_roll"] = None
    fight["round"] += 1
    winner = round_winner(a_face, d_face, att_bonus, def_bonus)
    tie = " (a tie goes to the defender)" if a_face + att_bonus == d_face + def_bonus else ""
    head = (
        f"{terr.name}, round {fight['round']}: {s.player_name(p)} {a_face}+{att_bonus}="
        f"{a_face + att_bonus} against {s.player_name(q)} {d_face}+{def_bonus}="
        f"{d_face + def_bonus}{tie}: "
    )
    events: list[Event] = []
    if winner == "defender":
        units[p][t] -= 1
        text = f"{s.player_name(p)} lose an {word}, {units[p][t]} left."
    elif fight["stage"] == "units":
        units[q][t] -= 1
        text = f"{s.player_name(q)} lose an {word}, {units[q][t]} left."
    else:
        fight["settlement"] -= 1
        text = (
            f"the {'city' if s.level[t] == 2 else 'village'} of {s.player_name(q)} gives "
            f"way ({fight['settlement']} to go)."
        )
    events.append(
        s.event(
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
                "battle-end", f"{s.player_name(q)} hold {terr.name}.", territory=terr.id, winner=q
            )
        )
        return events + _after_fight(s)
    if fight["stage"] == "units" and not units[q][t]:
        if terr.land and s.owner[t] == q:
            fight["stage"] = "settlement"
            fight["settlement"] = _strength(s, t)
            events.append(
                s.event(
                    "battle",
                    f"The armies of {s.player_name(q)} are gone; their "
                    f"{'city' if s.level[t] == 2 else 'village'} in {terr.name} "
                    "fights on alone.",
                    territory=terr.id,
                )
            )
            return events
        events.append(
            s.event(
                "battle-end", f"{s.player_name(p)} win {terr.name}.", territory=terr.id, winner=p
            )
        )
        return events + _after_fight(s)
    if fight["stage"] == "settlement" and not fight["settlement"]:
        s.owner[t] = p
        kind = "city" if s.level[t] == 2 else "village"
        mon = f" with {s.monuments[t]} monument(s)" if s.monuments[t] else ""
        events.append(
            s.event(
                "capture",
                f"{s.player_name(p)} capture the {kind} of {s.player_name(q)} in {terr.name}{mon}.",
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
