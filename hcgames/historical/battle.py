"""Battle arithmetic: attack against defence, bonuses both ways, equal abilities.

No dice are rolled in Historical Conquest. The attacker adds the attack numbers of
every character and army on the attacking land, the defender the defence numbers of
the cards on the defending land; bonuses from cards and lands are added (a
*strength* bonus counts on either side, an *attack* or *defence* bonus only on its
own), multipliers come last, and the higher total wins. Equal totals are a draw.

Two opposing cards with the same ability in one battle cancel each other, unless
exactly one of them is an interrupt card: that one keeps its ability.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from hcgames.historical.cards import Effect, card_name, matches
from hcgames.historical.effects import Ctx, cond
from hcgames.historical.pending import Record

if TYPE_CHECKING:
    from hcgames.historical.state import Column, HistoricalState

#: the line of a battle's sums whose total fell below zero and counts as 0 (decision
#: "Battle totals below zero", ours)
BELOW_ZERO = "sum below zero, which counts as 0"

__all__ = ["BELOW_ZERO", "MATCHUPS", "Assessment", "Battle", "Entry", "assess", "signature"]


@dataclass(frozen=True)
class Battle(Record):
    """A declared (or staged) battle: who attacks which land from which."""

    keys: ClassVar[dict[str, str]] = {
        "att": "attacker",
        "def": "defender",
        "from": "attack_land",
        "to": "defence_land",
    }
    attacker: int
    defender: int
    attack_land: str
    defence_land: str
    index: int  # 0 for the first attack of the turn
    first_defence: bool  # the defending land's first defence this turn
    cancelled: bool = False  # called off by a block played in its windows


@dataclass(frozen=True)
class Entry:
    """One ability taking part in a battle."""

    sig: tuple[Any, ...]
    interrupt: bool
    key: str
    index: int
    effect: Effect


@dataclass
class Assessment:
    """The sums of a battle and who wins it."""

    attack: int
    defence: int
    winner: str  # "attack", "defence" or "draw"
    auto: str = ""  # the card whose automatic victory decided it
    lines: list[str] = field(default_factory=list)
    spent: list[Entry] = field(default_factory=list)
    #: each equal ability met in the battle: the attacking cards with it, the defending
    #: cards with it, what became of it ("cancel", or the side whose interrupt kept it)
    #: and its kind ("auto_win", "strength" or "multiply")
    equal: list[Equal] = field(default_factory=list)


@dataclass(frozen=True)
class Equal:
    """One ability held on both sides of a battle, and what the cancelling rule did."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    outcome: str  # "cancel", "attack" or "defence" (whose interrupt kept it)
    kind: str


def signature(effect: Effect) -> tuple[Any, ...]:
    """What makes two abilities 'the same ability' for the cancelling rule."""
    kind = effect.kind
    if kind == "auto_win":
        return ("auto_win",)
    cond = json.dumps((effect.condition or {}), sort_keys=True)
    if kind == "strength":
        return ("strength", effect.stat, effect.amount, effect.scope, cond)
    return (
        "multiply",
        effect.factor,
        json.dumps(dict(effect.match), sort_keys=True),
        effect.scope,
        cond,
    )


def _entries(
    board: HistoricalState,
    player: int,
    col: Column,
    role: str,
    battle: Battle,
    attack_col: Column,
) -> list[Entry]:
    out = []
    stat_ok = {"both", role}
    for key, where in board.in_play_sources(player):
        here = where is col
        card = board.card(key)
        for index, effect in enumerate(board.effects_of(key)):
            kind = effect.kind
            if kind not in ("strength", "multiply", "auto_win") or effect.when != "constant":
                continue
            if kind == "strength":
                if effect.stat not in stat_ok or (effect.scope != "civ" and not here):
                    continue
            elif kind == "multiply":
                if effect.scope != "civ" and not here:
                    continue
                if effect.uses is not None and not board.uses_left(key, index, effect):
                    continue
            else:
                side = effect.side
                if not here or (side != "any" and side != role):
                    continue
                if not board.uses_left(key, index, effect):
                    continue
            ctx = Ctx(player, key, col, battle, role, attack_col=attack_col)
            if cond(board, effect.condition, ctx):
                out.append(Entry(signature(effect), card.interrupt, key, index, effect))
    return out


def _cancel_equal(
    att: list[Entry],
    dfn: list[Entry],
    lines: list[str],
    board: HistoricalState,
    equal: list[Equal],
) -> tuple[list[Entry], list[Entry]]:
    shared = {e.sig for e in att} & {e.sig for e in dfn}
    for sig in sorted(shared, key=repr):
        a_int = any(e.interrupt for e in att if e.sig == sig)
        d_int = any(e.interrupt for e in dfn if e.sig == sig)
        names = sorted({card_name(e.key) for e in att + dfn if e.sig == sig})
        outcome = "attack" if a_int and not d_int else "defence" if d_int and not a_int else ""
        equal.append(
            Equal(
                tuple(sorted({card_name(e.key) for e in att if e.sig == sig})),
                tuple(sorted({card_name(e.key) for e in dfn if e.sig == sig})),
                outcome or "cancel",
                str(sig[0]),
            )
        )
        if a_int and not d_int:
            dfn = [e for e in dfn if e.sig != sig]
            att = [e for e in att if e.sig != sig or e.interrupt]
            lines.append(f"Equal abilities ({', '.join(names)}): the attacker's interrupt wins.")
        elif d_int and not a_int:
            att = [e for e in att if e.sig != sig]
            dfn = [e for e in dfn if e.sig != sig or e.interrupt]
            lines.append(f"Equal abilities ({', '.join(names)}): the defender's interrupt wins.")
        else:
            att = [e for e in att if e.sig != sig]
            dfn = [e for e in dfn if e.sig != sig]
            lines.append(f"Equal abilities ({', '.join(names)}) cancel each other out.")
    return att, dfn


def _total(
    board: HistoricalState,
    player: int,
    col: Column,
    role: str,
    own: list[Entry],
    enemy: list[Entry],
    lines: list[str],
    spent: list[Entry],
) -> int:
    stat = "attack" if role == "attack" else "defence"
    values: dict[str, float] = {}
    for key in col.cards:
        card = board.card(key)
        values[key] = float(card.attack if stat == "attack" else card.defence)
    flat = 0.0
    for entry in own:
        effect = entry.effect
        if effect.kind != "strength":
            continue
        amount = float(effect.amount)
        per = effect.per
        if per:
            count = sum(1 for k in col.cards if matches(board.card(k), per["match"]))
            amount *= count
            if not amount:  # nothing on the land for it to count: not listed as +0
                continue
        if effect.scope == "self" and entry.key in values:
            values[entry.key] += amount
        else:
            flat += amount
        lines.append(f"  {card_name(entry.key)}: {amount:+.0f}")
    whole = 1.0
    for entry in [*own, *enemy]:
        effect = entry.effect
        if effect.kind != "multiply":
            continue
        mine = entry in own
        if (effect.scope == "enemy") == mine:
            continue
        if mine and effect.scope == "land" and not effect.match:
            whole *= float(effect.factor)
        else:
            hit = [k for k in values if matches(board.card(k), effect.match)]
            if not hit:  # nothing here for it to double or halve: not used, not listed
                continue
            if effect.uses is not None:
                hit = hit[:1]
            for k in hit:
                values[k] *= float(effect.factor)
        if effect.uses is not None:
            spent.append(entry)
        lines.append(f"  {card_name(entry.key)}: x{effect.factor}")
    bonus = board.lasting[player] + board.land_bonus.get(col.land, 0)
    if bonus:
        lines.append(f"  lasting bonuses: {bonus:+d}")
    total = int((sum(values.values()) + flat + bonus) * whole)
    if total < 0:  # a penalty can take a side's strength to nothing, never below (ours)
        lines.append(f"  {BELOW_ZERO}: {total:+d}")
        return 0
    return total


def assess(board: HistoricalState, battle: Battle | Mapping[str, Any]) -> Assessment:
    """Work out a declared battle without changing anything (``battle`` may also be
    written as its plain object, ``{"att": 0, "def": 1, "from": ..., "to": ...}``)."""
    if not isinstance(battle, Battle):
        battle = Battle.from_json(battle)
    attacker, defender = battle.attacker, battle.defender
    found_a = board.column_of_land(battle.attack_land)
    found_d = board.column_of_land(battle.defence_land)
    assert found_a is not None and found_d is not None
    a_col, d_col = found_a[1], found_d[1]
    lines: list[str] = []
    att = _entries(board, attacker, a_col, "attack", battle, a_col)
    dfn = _entries(board, defender, d_col, "defence", battle, a_col)
    equal: list[Equal] = []
    att, dfn = _cancel_equal(att, dfn, lines, board, equal)
    spent: list[Entry] = []
    a_auto = [e for e in att if e.effect.kind == "auto_win"]
    d_auto = [e for e in dfn if e.effect.kind == "auto_win"]
    lines.append("Attack:")
    a_total = _total(board, attacker, a_col, "attack", att, dfn, lines, spent)
    lines.append("Defence:")
    d_total = _total(board, defender, d_col, "defence", dfn, att, lines, spent)
    if a_auto and not d_auto:
        spent.append(a_auto[0])
        return Assessment(a_total, d_total, "attack", a_auto[0].key, lines, spent, equal)
    if d_auto and not a_auto:
        spent.append(d_auto[0])
        return Assessment(a_total, d_total, "defence", d_auto[0].key, lines, spent, equal)
    if a_total > d_total:
        winner = "attack"
    elif d_total > a_total:
        winner = "defence"
    else:
        winner = "draw"
    return Assessment(a_total, d_total, winner, "", lines, spent, equal)


#: typical matchups shown by the odds table: (attacking card ids, defending card ids)
MATCHUPS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("CO4203",), ("LE4102",)),
    (("CO4203", "AR4203"), ("LE4102", "AR4201")),
    (("AR4304",), ("AR4302",)),
    (("CO4301",), ("CO4302",)),
    (("AR4601", "CO3016"), ("AR4502", "LE4503")),
    (("WA4501",), ("LE4603",)),
    (("AU4601",), ("AI4201",)),
)
