"""Battles inside the action phase: heroes, the dice, casualties, retreat, moving in.

One module past 600 lines on purpose: the steps of one battle sit in the order they
happen, so the module reads top to bottom like the battle section of the rules.

An attack (:func:`attack`, or scenario 5's :func:`joint_attack`) becomes a small
sequence of steps (:class:`Step`). Each step that needs a choice is a decision of the
side concerned (the defender chooses during the attacker's turn); steps without a
real choice happen by themselves (:func:`advance_battle`):

1. the attacker may play a hero, then the defender (independent armies never do):
   :func:`play_hero`;
2. both dice are rolled: a chance step with 36 outcomes of 1/36 each
   (:func:`roll_dice`), resolved by :func:`hcgames.conqueror.battle.fight` (the same
   code the odds come from);
3. the loser chooses which units it loses, then, if the loser rolled a 4, the winner
   chooses its one casualty (:func:`choose_casualties`; the victor's casualties are
   counted by :func:`hcgames.conqueror.battle.victors_casualties`);
4. if the attacker won, the surviving defenders retreat to a neighbouring territory
   of their side (the defender chooses, :func:`retreat`) or are wiped out, and the
   attacker may leave one unit behind in each territory it attacked from
   (:func:`leave_behind`) before the rest move in (:func:`end_battle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.conqueror import moves, victory
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    ChooseCasualties,
    JointAttack,
    LeaveBehind,
    PlayHero,
    Retreat,
    units_text,
)
from hcgames.conqueror.battle import Army, BattleResult, fight
from hcgames.conqueror.material import INDEPENDENT, NOBODY
from hcgames.conqueror.turn import Stage
from hcgames.core import Action, Event
from hcgames.dice import rolls
from hcgames.words import possessive, with_article

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "Battle",
    "Committed",
    "Step",
    "advance_battle",
    "attack",
    "battle_actions",
    "battle_player",
    "battle_rolls",
    "choose_casualties",
    "end_battle",
    "joint_attack",
    "leave_behind",
    "play_hero",
    "retreat",
    "roll_dice",
    "roll_outcomes",
]

#: hero_owner of a hero card once played
_SPENT = -2
_NO_HERO = PlayHero("")


class Step(StrEnum):
    """The steps of a battle, in order (the values are the saved ones)."""

    HERO_ATTACKER = "hero_attacker"
    HERO_DEFENDER = "hero_defender"
    ROLL = "roll"
    CASUALTIES_LOSER = "casualties_loser"
    CASUALTY_VICTOR = "casualty_victor"
    RETREAT = "retreat"
    LEAVE = "leave"


# The steps under plain module names for the functions run at every step of a battle:
# in Python 3.11 reading a member off an Enum class (``Step.ROLL``) costs several times
# reading a global (see bench/bench_steps.py)
_HERO_ATTACKER = Step.HERO_ATTACKER
_HERO_DEFENDER = Step.HERO_DEFENDER
_ROLL = Step.ROLL
_CASUALTIES_LOSER = Step.CASUALTIES_LOSER
_CASUALTY_VICTOR = Step.CASUALTY_VICTOR
_RETREAT = Step.RETREAT
_LEAVE = Step.LEAVE


@dataclass(eq=False)
class Committed:
    """An army committed to a battle from one territory: how many units, and how many
    of them had not acted yet this round (they may act once more if they win)."""

    territory: int
    cavalry: int
    infantry: int
    fresh_cavalry: int
    fresh_infantry: int

    def copy(self) -> Committed:
        return Committed(
            self.territory, self.cavalry, self.infantry, self.fresh_cavalry, self.fresh_infantry
        )

    def units(self) -> int:
        return self.cavalry + self.infantry

    def lose(self, unit: str, wanted: int) -> int:
        """Take up to ``wanted`` units of one kind out of the army (killed or left
        behind), those that already won an attack first (best for the owner); returns
        how many went."""
        if unit == "cavalry":
            take = min(wanted, self.cavalry)
            self.fresh_cavalry -= take - min(take, self.cavalry - self.fresh_cavalry)
            self.cavalry -= take
        else:
            take = min(wanted, self.infantry)
            self.fresh_infantry -= take - min(take, self.infantry - self.fresh_infantry)
            self.infantry -= take
        return take

    def saved(self, names: tuple[str, ...]) -> list[str | int]:
        return [
            names[self.territory],
            self.cavalry,
            self.infantry,
            self.fresh_cavalry,
            self.fresh_infantry,
        ]


@dataclass(eq=False)
class Battle:
    """A battle in progress (plain lists, copied with the state)."""

    attacker: int
    defender: int
    target: int
    #: the attacking armies, one per territory attacked from
    sources: list[Committed]
    #: hero played per side (attacker, defender): -1 not asked yet, -2 none played
    heroes: list[int] = field(default_factory=lambda: [-1, -1])
    step: Step = Step.HERO_ATTACKER
    result: BattleResult | None = None
    loser_due: int = 0
    victor_due: int = 0
    leave_index: int = 0

    def copy(self) -> Battle:
        return Battle(
            self.attacker,
            self.defender,
            self.target,
            [s.copy() for s in self.sources],
            list(self.heroes),
            self.step,
            self.result,
            self.loser_due,
            self.victor_due,
            self.leave_index,
        )

    def attacking_units(self) -> tuple[int, int]:
        return sum(s.cavalry for s in self.sources), sum(s.infantry for s in self.sources)

    def snapshot(self, names: tuple[str, ...]) -> dict[str, Any]:
        r = self.result
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "target": names[self.target],
            "sources": [s.saved(names) for s in self.sources],
            "heroes": list(self.heroes),
            "step": self.step.value,
            "dice": [r.attacker_roll, r.defender_roll] if r else None,
            "loser_due": self.loser_due,
            "victor_due": self.victor_due,
            "leave_index": self.leave_index,
        }


def attack(state: DuelsState, action: Attack) -> list[Event]:
    """An attack from one territory: the battle begins."""
    g = state.game
    source = (g.index[action.from_], action.cavalry, action.infantry)
    return declare_battle(state, state.active, [source], g.index[action.to])


def declare_battle(
    state: DuelsState, attacker: int, sources: list[tuple[int, int, int]], target: int
) -> list[Event]:
    g = state.game
    committed = []
    for t, c, i in sources:
        fresh_c, fresh_i = moves.take_actors(state, t, c, i)
        committed.append(Committed(t, c, i, fresh_c, fresh_i))
    defender = state.owner[target]
    state.battle = b = Battle(attacker, defender, target, committed)
    a_army, d_army = armies(state, b)
    froms = " and ".join(g.names[s.territory] for s in committed)
    c, i = b.attacking_units()
    text = (
        f"{state.player_name(attacker)} attacks {g.names[target]} from {froms} with "
        f"{units_text(c, i)} (strength {a_army.strength}) against "
        f"{possessive(state.player_name(defender))} "
        f"{units_text(state.cav[target], state.inf[target])} "
        f"(strength {d_army.strength - d_army.bonus}, defence bonus +{d_army.bonus})."
    )
    events = [
        state.event(
            attacker,
            "attack",
            text,
            target=g.names[target],
            sources=[g.names[s.territory] for s in committed],
        )
    ]
    return events + advance_battle(state)


def joint_attack(state: DuelsState, action: JointAttack) -> list[Event]:
    """Scenario 5: every unit that can still act in both territories attacks; losses
    fall first on the territory named first."""
    g = state.game
    sources = []
    for name in action.from_:
        t = g.index[name]
        sources.append(
            (t, state.fresh_cav[t] + state.bonus_cav[t], state.fresh_inf[t] + state.bonus_inf[t])
        )
    return declare_battle(state, state.active, sources, g.index[action.to])


def hero_options(state: DuelsState, side: int) -> list[Action]:
    b = state.battle
    assert b is not None
    player = b.attacker if side == 0 else b.defender
    if player == INDEPENDENT or player < 0 or b.heroes[side] != -1:
        return []
    g = state.game
    role = "attack" if side == 0 else "defence"
    if side == 0:
        c, i = b.attacking_units()
    else:
        c, i = state.cav[b.target], state.inf[b.target]
    options: list[Action] = []
    for h, holder in enumerate(state.hero_owner):
        if holder != player:
            continue
        hero = g.heroes[h]
        if hero.when not in (role, "any"):
            continue
        if hero.effect_kind in ("unit_strength", "one_unit") and not (
            c if hero.unit == "cavalry" else i
        ):
            continue
        options.append(PlayHero(hero.id))
    if options:
        options.append(_NO_HERO)
    return options


def armies(state: DuelsState, b: Battle) -> tuple[Army, Army]:
    g = state.game
    c, i = b.attacking_units()
    attack = army(state, b.attacker, c, i, 0, b.heroes[0], "attack")
    d = b.defender
    bonus = g.defence[d if d >= 0 else INDEPENDENT][b.target]
    defend = army(state, d, state.cav[b.target], state.inf[b.target], bonus, b.heroes[1], "defence")
    return attack, defend


def army(
    state: DuelsState, player: int, c: int, i: int, bonus: int, hero_index: int, role: str
) -> Army:
    g = state.game
    cs, ist = (
        g.unit_strength[player]
        if 0 <= player < 2
        else (
            int(g.rules["unit_strength"]["cavalry"]),
            int(g.rules["unit_strength"]["infantry"]),
        )
    )
    fewer = extra = 0
    if hero_index >= 0:
        hero = g.heroes[hero_index]
        if hero.when in (role, "any"):
            kind = hero.effect_kind
            if kind == "flat":
                bonus += hero.amount
            elif kind == "unit_strength":
                if hero.unit == "cavalry":
                    cs += hero.amount
                else:
                    ist += hero.amount
            elif kind == "one_unit":
                if (c if hero.unit == "cavalry" else i) > 0:
                    bonus += hero.amount
            elif kind == "fewer_losses":
                fewer = hero.amount
            else:
                extra = hero.amount
    return Army(c, i, cs, ist, bonus, fewer, extra)


def battle_player(state: DuelsState) -> int:
    b = state.battle
    assert b is not None
    step = b.step
    if step is _HERO_ATTACKER or step is _LEAVE:
        return b.attacker
    if step is _HERO_DEFENDER or step is _RETREAT:
        return b.defender
    r = b.result
    assert r is not None
    winner, loser = (b.attacker, b.defender) if r.attacker_wins else (b.defender, b.attacker)
    return loser if step is _CASUALTIES_LOSER else winner


def roll_outcomes(state: DuelsState) -> list[tuple[Action, Fraction]]:
    """The battle dice: one die each, every pair equally likely (made once per game)."""
    return list(state.game.battle_rolls)


def battle_rolls(die_sides: int) -> tuple[tuple[BattleRoll, Fraction], ...]:
    """Every pair of battle dice as a :class:`BattleRoll` with its chance."""
    return tuple((BattleRoll(a, d), p) for (a, d), p in rolls(die_sides, 2))


def loser_units(state: DuelsState, b: Battle, loser_is_attacker: bool) -> tuple[int, int]:
    if loser_is_attacker:
        return b.attacking_units()
    return state.cav[b.target], state.inf[b.target]


def loss_splits(due: int, c: int, i: int) -> list[tuple[int, int]]:
    due = min(due, c + i)
    return [(k, due - k) for k in range(max(0, due - i), min(due, c) + 1)]


def battle_actions(state: DuelsState) -> list[Action]:
    b = state.battle
    assert b is not None
    step = b.step
    if step is _HERO_ATTACKER:
        return hero_options(state, 0)
    if step is _HERO_DEFENDER:
        return hero_options(state, 1)
    r = b.result
    assert r is not None
    if step is _CASUALTIES_LOSER:
        c, i = loser_units(state, b, not r.attacker_wins)
        return [ChooseCasualties(k, m) for k, m in loss_splits(b.loser_due, c, i)]
    if step is _CASUALTY_VICTOR:
        c, i = loser_units(state, b, r.attacker_wins)
        return [ChooseCasualties(k, m) for k, m in loss_splits(b.victor_due, c, i)]
    if step is _RETREAT:
        return [Retreat(state.game.names[t]) for t in retreat_options(state, b)]
    s = b.sources[b.leave_index]
    name = state.game.names[s.territory]
    options: list[Action] = [LeaveBehind(name, "")]
    if s.cavalry:
        options.append(LeaveBehind(name, "cavalry"))
    if s.infantry:
        options.append(LeaveBehind(name, "infantry"))
    return options


def retreat_options(state: DuelsState, b: Battle) -> list[int]:
    g = state.game
    no_sea = state.card_kind() == "no_sea"
    target = b.target
    return [
        n
        for n in g.neighbours[target]
        if state.owner[n] == b.defender and not (no_sea and (g.is_sea[n] or g.is_sea[target]))
    ]


def play_hero(state: DuelsState, action: PlayHero) -> list[Event]:
    """The attacker, then the defender, plays a hero card in this battle (or none)."""
    b = state.battle
    assert b is not None
    g = state.game
    events: list[Event] = []
    side = 0 if b.step is _HERO_ATTACKER else 1
    player = b.attacker if side == 0 else b.defender
    if action.hero:
        h = g.hero_index[action.hero]
        b.heroes[side] = h
        state.hero_owner[h] = _SPENT
        hero = g.heroes[h]
        events.append(
            state.event(
                player,
                "hero",
                # the card then leaves the side's hand: say so, or the student sees a
                # hero vanish from the side's line with no reason (look 10, lesson 13)
                f"{state.player_name(player)} plays {hero.name}: {hero.describe_effect()}. "
                "A hero card serves in one battle only, so it now leaves the game.",
                hero=hero.id,
            )
        )
    else:
        b.heroes[side] = -2  # asked, none played
    b.step = _HERO_DEFENDER if side == 0 else _ROLL
    return events + advance_battle(state)


def roll_dice(state: DuelsState, action: BattleRoll) -> list[Event]:
    """The battle dice fall: :func:`~hcgames.conqueror.battle.fight` says who won and
    how many units each side loses."""
    b = state.battle
    assert b is not None
    return resolve_roll(state, b, action) + advance_battle(state)


def choose_casualties(state: DuelsState, action: ChooseCasualties) -> list[Event]:
    """The loser, then the victor (its casualties when the loser rolled a 4), says
    which units it loses."""
    b = state.battle
    assert b is not None
    loser = b.step is _CASUALTIES_LOSER
    return remove_losses(state, b, loser, action.cavalry, action.infantry) + advance_battle(state)


def retreat(state: DuelsState, action: Retreat) -> list[Event]:
    """The beaten defenders retreat to a neighbouring territory of their side."""
    b = state.battle
    assert b is not None
    return retreat_to(state, b, state.game.index[action.to]) + advance_battle(state)


def leave_behind(state: DuelsState, action: LeaveBehind) -> list[Event]:
    """After a won attack, one unit (or none) stays where it came from."""
    b = state.battle
    assert b is not None
    return leave_one_behind(state, b, action.unit) + advance_battle(state)


def resolve_roll(state: DuelsState, b: Battle, roll: BattleRoll) -> list[Event]:
    a_army, d_army = armies(state, b)
    r = fight(a_army, d_army, roll.attacker, roll.defender, state.game.casualty_rules)
    b.result = r
    attacker, defender = state.player_name(b.attacker), state.player_name(b.defender)
    if r.attacker_wins:
        verdict = f"{attacker} wins by {r.margin}"
    elif r.margin == 0:
        verdict = f"a tie, which goes to the defender ({defender})"
    else:
        verdict = f"{defender} holds by {r.margin}"
    text = (
        f"Dice: {attacker} {roll.attacker}, {defender} {roll.defender}. Totals "
        f"{r.attacker_total} against {r.defender_total}: {verdict}."
    )
    b.loser_due = r.defender_losses if r.attacker_wins else r.attacker_losses
    b.victor_due = r.attacker_losses if r.attacker_wins else r.defender_losses
    b.step = _CASUALTIES_LOSER
    return [
        state.event(
            None,
            "battle",
            text,
            attacker_roll=roll.attacker,
            defender_roll=roll.defender,
            attacker_total=r.attacker_total,
            defender_total=r.defender_total,
            attacker_wins=r.attacker_wins,
        )
    ]


def remove_losses(state: DuelsState, b: Battle, loser: bool, c: int, i: int) -> list[Event]:
    r = b.result
    assert r is not None
    from_attacker = r.attacker_wins != loser
    g = state.game
    if from_attacker:
        # losses fall on the territory named first, then the next
        left_c, left_i = c, i
        for s in b.sources:
            took = s.lose("cavalry", left_c)
            state.cav[s.territory] -= took
            left_c -= took
            took = s.lose("infantry", left_i)
            state.inf[s.territory] -= took
            left_i -= took
        player = b.attacker
    else:
        state.cav[b.target] -= c
        state.inf[b.target] -= i
        player = b.defender
    if loser:
        b.loser_due = 0
        b.step = _CASUALTY_VICTOR
        text = f"{state.player_name(player)} loses {units_text(c, i)}."
    else:
        b.victor_due = 0
        b.step = _RETREAT
        text = (
            "The beaten side rolled "
            f"{with_article(str(g.casualty_rules.victor_casualty_roll))}, so the "
            f"victor, {state.player_name(player)}, also loses {units_text(c, i)}."
        )
    return [state.event(player, "losses", text, cavalry=c, infantry=i)]


def retreat_to(state: DuelsState, b: Battle, to: int | None) -> list[Event]:
    g = state.game
    t = b.target
    c, i = state.cav[t], state.inf[t]
    state.cav[t] = state.inf[t] = 0
    b.step = _LEAVE
    if to is None:
        return [
            state.event(
                b.defender,
                "losses",
                f"With nowhere to retreat, {possessive(state.player_name(b.defender))} "
                + (
                    f"last unit in {g.names[t]} ({units_text(c, i)}) is wiped out."
                    if c + i == 1
                    else f"last {units_text(c, i)} in {g.names[t]} are wiped out."
                ),
            )
        ]
    state.cav[to] += c
    state.inf[to] += i
    return [
        state.event(
            b.defender,
            "retreat",
            f"{state.player_name(b.defender)} retreats {units_text(c, i)} "
            f"from {g.names[t]} to {g.names[to]}.",
        )
    ]


def leave_one_behind(state: DuelsState, b: Battle, unit: str) -> list[Event]:
    s = b.sources[b.leave_index]
    b.leave_index += 1
    if not unit:
        return []
    s.lose(unit, 1)
    return [
        state.event(
            b.attacker,
            "move",
            f"{state.player_name(b.attacker)} leaves 1 {unit} behind in "
            f"{state.game.names[s.territory]}.",
        )
    ]


def advance_battle(state: DuelsState) -> list[Event]:
    b = state.battle
    assert b is not None
    events: list[Event] = []
    while True:
        step = b.step
        if step is _HERO_ATTACKER or step is _HERO_DEFENDER:
            if hero_options(state, 0 if step is _HERO_ATTACKER else 1):
                state.stage = step
                return events
            b.step = _HERO_DEFENDER if step is _HERO_ATTACKER else _ROLL
            continue
        if step is _ROLL:
            state.stage = Stage.ROLL
            return events
        r = b.result
        assert r is not None
        if step is _CASUALTIES_LOSER or step is _CASUALTY_VICTOR:
            loser = step is _CASUALTIES_LOSER
            due = b.loser_due if loser else b.victor_due
            if due == 0:
                b.step = _CASUALTY_VICTOR if loser else _RETREAT
                continue
            c, i = loser_units(state, b, r.attacker_wins != loser)
            splits = loss_splits(due, c, i)
            side = b.defender if r.attacker_wins == loser else b.attacker
            if len(splits) > 1 and side != INDEPENDENT:
                state.stage = step
                return events
            # no real choice, or an independent army: infantry goes first
            k, m = splits[0]
            events += remove_losses(state, b, loser, k, m)
            continue
        if step is _RETREAT:
            if not r.attacker_wins or state.cav[b.target] + state.inf[b.target] == 0:
                b.step = _LEAVE
                continue
            options = retreat_options(state, b)
            if len(options) > 1 and b.defender != INDEPENDENT:
                state.stage = step
                return events
            events += retreat_to(state, b, options[0] if options else None)
            continue
        # step is Step.LEAVE
        if r.attacker_wins and b.leave_index < len(b.sources):
            c, i = b.attacking_units()
            s = b.sources[b.leave_index]
            if c + i >= 2 and s.units() > 0:
                state.stage = _LEAVE
                return events
            b.leave_index += 1
            continue
        return events + end_battle(state, b)


def end_battle(state: DuelsState, b: Battle) -> list[Event]:
    g = state.game
    r = b.result
    assert r is not None
    p = b.attacker
    t = b.target
    events: list[Event] = []
    state.battle = None
    state.stage = Stage.ACTION
    if r.attacker_wins:
        moved_c = moved_i = 0
        two_actions = g.actions_per_unit >= 2
        for s in b.sources:
            state.cav[s.territory] -= s.cavalry
            state.inf[s.territory] -= s.infantry
            state.cav[t] += s.cavalry
            state.inf[t] += s.infantry
            if two_actions:
                state.bonus_cav[t] += s.fresh_cavalry
                state.bonus_inf[t] += s.fresh_infantry
            moved_c += s.cavalry
            moved_i += s.infantry
        gain = int(g.rules["gold_per_win"])
        if moved_c + moved_i == 0 and g.is_sea[t]:
            # a sea belongs to whoever stands in it: nobody is left to hold it
            state.owner[t] = NOBODY
            text = (
                f"{state.player_name(p)} wins at {g.names[t]}, but its last unit there died: "
                "an empty sea belongs to nobody"
            )
        else:
            state.owner[t] = p
            text = f"{state.player_name(p)} takes {g.names[t]}"
            text += (
                f" and moves in {units_text(moved_c, moved_i)}"
                if moved_c + moved_i
                else (", but no unit is left to move in")
            )
        state.abandoned.discard(t)
        enemy_capital = g.capital[1 - p]
        prize = g.scenario.capital_prize
        if t == enemy_capital and prize and not any(state.prize_taken):
            state.prize_taken[p] = True
            gain += prize
            text += (
                f"; the enemy capital pays a prize of {prize} gold, once in the game, on top "
                f"of the {gain - prize} gold every won attack pays"
            )
        state.gold[p] += gain
        text += f" (+{gain} gold, now {state.gold[p]})."
        events.append(state.event(p, "conquest", text, target=g.names[t], gold=gain))
    else:
        if state.cav[t] + state.inf[t] == 0 and b.defender == INDEPENDENT:
            state.owner[t] = NOBODY
        moves.lost_last_units(state, t)
    for s in b.sources:
        if r.attacker_wins and s.units() > 0:
            # units marched out into the conquered territory
            moves.left_territory(state, s.territory, p)
        else:
            moves.lost_last_units(state, s.territory)  # units died: the land is not abandoned
    return events + victory.check_immediate(state)
