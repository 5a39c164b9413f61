"""What a side may do in each phase of Conqueror: Duels, what each choice does, and
why a choice is refused (the refusal beside the rule it explains).

One module past 600 lines on purpose: each phase's choices, what they do and why one is
refused sit side by side, so a rule and its refusal are never in two files.

**Planning** (:func:`planning_actions`): a side over its food limit disbands first
(:func:`disband`); then it recruits in its forts (:func:`recruit_options`,
:func:`recruit`), buys heroes (:func:`buy_hero`) and, in scenario 4, may rally once
(:func:`rally_possible`, :func:`rally`). A side that lost food in the action phase
disbands its excess at once (:func:`food_actions`).

**Action phase** (:func:`action_phase_actions`): a unit may act once a round, or
twice when its first action was a won attack. The state keeps, per territory of the
acting side, how many fresh units and how many units with one action left remain
(:func:`take_actors`). Plain moves are carried out here (:func:`move`); attacks and
scenario 5's joint attacks (:func:`joint_attacks`) become battles in
:mod:`hcgames.conqueror.fighting`.

:func:`why_illegal` says why an action is not allowed now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.conqueror import victory
from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    BuyHero,
    ChooseCasualties,
    Disband,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Rally,
    Recruit,
    Retreat,
    units_text,
)
from hcgames.conqueror.material import NOBODY
from hcgames.conqueror.turn import STEP_WORDS, Stage
from hcgames.core import Action, Event
from hcgames.words import count, join, possessive

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "action_phase_actions",
    "buy_hero",
    "can_act",
    "disband",
    "food_actions",
    "joint_attacks",
    "left_territory",
    "lost_last_units",
    "move",
    "planning_actions",
    "rally",
    "rally_possible",
    "recruit",
    "recruit_options",
    "take_actors",
    "why_illegal",
]

_END = EndPhase()
_RALLY = Rally()


def planning_actions(state: DuelsState) -> list[Action]:
    g = state.game
    p = state.active
    actions: list[Action] = []
    units, cap = state.units_of(p), state.unit_cap(p)
    if units > cap:
        for t, o in enumerate(state.owner):
            if o == p:
                if state.cav[t]:
                    actions.append(g.disband_action(t, "cavalry"))
                if state.inf[t]:
                    actions.append(g.disband_action(t, "infantry"))
        if rally_possible(state, p):
            actions.append(_RALLY)
        return actions
    if rally_possible(state, p):
        actions.append(_RALLY)
    if units < cap:
        actions.extend(g.recruit_action(t, unit) for t, unit in recruit_options(state, p))
    for h in g.hero_choices[p]:
        if state.hero_owner[h] == NOBODY and g.heroes[h].cost <= state.gold[p]:
            actions.append(BuyHero(g.heroes[h].id))
    actions.append(_END)
    return actions


def recruit_options(state: DuelsState, player: int) -> list[tuple[int, str]]:
    g = state.game
    options: list[tuple[int, str]] = []
    capital = g.capital[player]
    rally_cav = state.rally_cavalry[player]
    lost_capital = state.owner[capital] != player
    for t, o in enumerate(state.owner):
        if o != player or not g.is_fort[t]:
            continue
        done_c, done_i = state.recruited.get(t, (0, 0))
        if g.fort_kind[t] == "small" and t != capital:
            if done_c + done_i < g.recruit_limits["small"]["infantry"]:
                options.append((t, "infantry"))
            continue
        limits = g.recruit_limits["capital" if t == capital else "great"]
        if done_c == 0 and done_i < limits["infantry"]:
            options.append((t, "infantry"))
        rally_here = rally_cav > 0 and (t == capital or (lost_capital and g.is_great[t]))
        if (done_c == 0 and done_i == 0) or rally_here:
            options.append((t, "cavalry"))
    return options


def recruit(state: DuelsState, action: Recruit) -> list[Event]:
    g = state.game
    p = state.active
    t = g.index[action.territory]
    done = state.recruited.setdefault(t, [0, 0])
    capital = g.capital[p]
    kind = "small" if g.fort_kind[t] == "small" and t != capital else "great"
    if action.unit == "cavalry":
        if (kind == "great" and done[0] == 0 and done[1] == 0) or state.rally_cavalry[p] == 0:
            done[0] += 1
        else:
            state.rally_cavalry[p] -= 1  # one of the rally's extra cavalry
        state.cav[t] += 1
    else:
        done[1] += 1
        state.inf[t] += 1
    return [
        state.event(
            p,
            "recruit",
            f"{state.player_name(p)} recruits 1 {action.unit} in {action.territory}.",
            territory=action.territory,
        )
    ]


def why_recruit(state: DuelsState, action: Recruit) -> tuple[str, str]:
    g = state.game
    p = state.active
    who = state.player_name(p)
    if action.territory not in g.index:
        return f"there is no territory called {action.territory!r} on this map", "the map"
    t = g.index[action.territory]
    if action.unit not in ("cavalry", "infantry"):
        return f"units are cavalry or infantry, not {action.unit!r}", "recruiting"
    if state.owner[t] != p:
        return f"{action.territory} is not held by {who}", "recruiting"
    if not g.is_fort[t]:
        return f"{action.territory} has no fort: units are raised only in forts", ("recruiting")
    if action.unit == "cavalry" and g.fort_kind[t] == "small" and t != g.capital[p]:
        return (
            f"{action.territory} has a small fort, and a small fort raises only "
            "infantry (1 a round), never cavalry; cavalry is raised in a great fort "
            "or a capital",
            "recruiting",
        )
    if state.units_of(p) >= state.unit_cap(p):
        fed = g.cap_base + g.cap_per_food * state.food_of(p)
        rally = state.unit_cap(p) - fed
        extra = f" and {rally} more for this round's rally" if rally else ""
        return (
            f"{who} already has {count(state.units_of(p), 'unit')}, the most it may keep: "
            f"{state.food_of(p)} food feeds {fed}{extra}",
            "food supply",
        )
    if g.fort_kind[t] == "small" and t != g.capital[p]:
        return (
            f"a small fort raises 1 infantry per round and {action.territory} has done so",
            "recruiting",
        )
    return (
        f"a great fort or capital raises 2 infantry or 1 cavalry per round; "
        f"{action.territory} has used that up",
        "recruiting",
    )


def buy_hero(state: DuelsState, action: BuyHero) -> list[Event]:
    g = state.game
    p = state.active
    h = g.hero_index[action.hero]
    hero = g.heroes[h]
    state.gold[p] -= hero.cost
    state.hero_owner[h] = p
    return [
        state.event(
            p,
            "hero",
            f"{state.player_name(p)} buys the hero {hero.name} for {hero.cost} "
            f"gold ({hero.describe_effect()}).",
            hero=hero.id,
        )
    ]


def rally_possible(state: DuelsState, player: int) -> bool:
    """Scenario 4: may ``player`` rally now? (once a game, when weak)."""
    rally = state.game.scenario.rally
    if not rally or state.rally_used[player] or state.stage is not Stage.PLANNING:
        return False
    if state.active != player or state.units_of(player) > int(rally["max_units"]):
        return False
    lost_capital = state.owner[state.game.capital[player]] != player
    return lost_capital or state.great_forts_of(player) <= int(rally["max_great_forts"])


def why_no_rally(state: DuelsState) -> tuple[str, str]:
    """Why the acting side may not rally now (beside :func:`rally_possible`)."""
    rally = state.game.scenario.rally
    who = state.player_name(state.active)
    if not rally:
        return "rallying exists only in the Rome vs Persia scenario", "rallying"
    if state.rally_used[state.active]:
        return f"{who} has already rallied once this game", "rallying"
    return (
        f"{who} may rally only with at most {rally['max_units']} units and either at most "
        f"{rally['max_great_forts']} great forts or a lost capital",
        "rallying",
    )


def rally(state: DuelsState, action: Rally) -> list[Event]:
    """Scenario 4: once a game a weak side rallies its empire (gold, room over the
    food limit this round, extra cavalry to recruit)."""
    rally = state.game.scenario.rally
    assert rally is not None
    p = state.active
    state.rally_used[p] = True
    state.rally_now[p] = True
    state.rally_cavalry[p] = int(rally["extra_cavalry"])
    state.gold[p] += int(rally["gold"])
    return [
        state.event(
            p,
            "rally",
            f"{state.player_name(p)} rallies its empire: +{rally['gold']} gold, "
            f"room for {rally['extra_units']} units over the food limit this "
            f"round and {rally['extra_cavalry']} extra cavalry to recruit.",
        )
    ]


def disband(state: DuelsState, action: Disband) -> list[Event]:
    g = state.game
    food_step = state.stage is Stage.FOOD
    p = state.hungry[0] if food_step else state.active
    t = g.index[action.territory]
    if action.unit == "cavalry":
        state.cav[t] -= 1
        total, fresh, bonus = state.cav[t] + 1, state.fresh_cav, state.bonus_cav
    else:
        state.inf[t] -= 1
        total, fresh, bonus = state.inf[t] + 1, state.fresh_inf, state.bonus_inf
    # in the action phase the owner sends home first the units that cannot act any
    # more, then those with one action left, then fresh ones (best for the owner)
    if total - fresh[t] - bonus[t] <= 0:
        if bonus[t]:
            bonus[t] -= 1
        else:
            fresh[t] -= 1
    if state.cav[t] + state.inf[t] == 0 and g.is_sea[t]:
        state.owner[t] = NOBODY
    events = [
        state.event(
            p,
            "disband",
            f"{state.player_name(p)} cannot feed its army and disbands "
            f"1 {action.unit} in {action.territory} ({state.units_of(p)} units, "
            f"limit {state.unit_cap(p)}).",
            territory=action.territory,
        )
    ]
    if food_step and state.units_of(p) <= state.unit_cap(p):
        state.hungry.pop(0)
        if not state.hungry:
            state.stage = Stage.ACTION
    return events


def food_actions(state: DuelsState) -> list[Action]:
    g = state.game
    p = state.hungry[0]
    actions: list[Action] = []
    for t, o in enumerate(state.owner):
        if o == p:
            if state.cav[t]:
                actions.append(g.disband_action(t, "cavalry"))
            if state.inf[t]:
                actions.append(g.disband_action(t, "infantry"))
    return actions


def action_phase_actions(state: DuelsState) -> list[Action]:
    g = state.game
    p = state.active
    owner, cav, inf = state.owner, state.cav, state.inf
    fresh_cav, fresh_inf, bonus_cav, bonus_inf = (
        state.fresh_cav,
        state.fresh_inf,
        state.bonus_cav,
        state.bonus_inf,
    )
    is_sea = g.is_sea
    capital = g.capital
    kind = state.card_kind()
    no_sea = kind == "no_sea"
    truce = kind == "truce"
    move_combos = g.move_combos
    # the combos made before (nearly all), read without the call of move_combos: its
    # cache key with a bool for its int (True == 1, and hashes alike)
    made_combos = g._combo_cache.get
    open_neighbours = g.open_neighbours
    enemy = 1 - p
    enemy_capital = capital[enemy]
    actions: list[Action] = []
    for t, o in enumerate(owner):
        if o != p:
            continue
        mc = fresh_cav[t] + bonus_cav[t]
        mi = fresh_inf[t] + bonus_inf[t]
        if mc + mi == 0:
            continue
        sea_here = is_sea[t]
        for n in open_neighbours[t]:
            if no_sea and (sea_here or is_sea[n]):
                continue
            o = owner[n]
            attack = o != p and (cav[n] + inf[n] > 0 or (n == enemy_capital and o == enemy))
            if attack and truce:
                continue
            combos = made_combos((attack, t, n, mc, mi))
            actions.extend(move_combos(attack, t, n, mc, mi) if combos is None else combos)
    if g.scenario.two_army_attacks and not truce:
        actions.extend(joint_attacks(state))
    actions.append(_END)
    return actions


def can_act(state: DuelsState, t: int) -> int:
    return state.fresh_cav[t] + state.bonus_cav[t] + state.fresh_inf[t] + state.bonus_inf[t]


def move(state: DuelsState, action: Move) -> list[Event]:
    """Units step into a neighbouring territory of their own, an empty one or an
    undefended one (attacks are battles: :func:`hcgames.conqueror.fighting.attack`)."""
    g = state.game
    p = state.active
    t = g.index[action.from_]
    n = g.index[action.to]
    c, i = action.cavalry, action.infantry
    take_actors(state, t, c, i)
    state.cav[t] -= c
    state.inf[t] -= i
    state.cav[n] += c
    state.inf[n] += i
    before = state.owner[n]
    state.owner[n] = p
    state.abandoned.discard(n)
    left_territory(state, t, p)
    text = f"{state.player_name(p)} moves {units_text(c, i)} from {action.from_} to {action.to}"
    if before != p and not g.is_sea[n]:
        text += (
            f", taking it from {state.player_name(before)} unopposed"
            if before >= 0
            else (", claiming it")
        )
    events = [state.event(p, "move", text + ".", source=action.from_, target=action.to)]
    events += victory.check_immediate(state)
    return events


def why_move(state: DuelsState, action: Move | Attack) -> tuple[str, str]:
    g = state.game
    p = state.active
    who = state.player_name(p)
    for place in (action.from_, action.to):
        if place not in g.index:
            return f"there is no territory called {place!r} on this map", "the map"
    t, n = g.index[action.from_], g.index[action.to]
    if state.owner[t] != p:
        return f"{action.from_} is not held by {who}", "moving"
    if n not in g.neighbours[t]:
        return (
            f"{action.to} is not next to {action.from_}: units move one territory at a time",
            "moving",
        )
    if g.closed[n]:
        return (
            f"{action.to} lies beyond the limits of this scenario and may not be entered",
            "scenario limits",
        )
    if state.card_kind() == "no_sea" and (g.is_sea[t] or g.is_sea[n]):
        return "Strong Winds: nobody may move into or out of the sea this round", (
            "chronicle cards"
        )
    if action.cavalry < 0 or action.infantry < 0 or action.cavalry + action.infantry == 0:
        return "a move needs at least one unit and no negative counts", "moving"
    can_c = state.fresh_cav[t] + state.bonus_cav[t]
    can_i = state.fresh_inf[t] + state.bonus_inf[t]
    if action.cavalry > can_c or action.infantry > can_i:
        return (
            f"only {can_c} cavalry and {can_i} infantry in {action.from_} may still "
            "act this round (one move per unit, one more after a won attack)",
            "one move per round",
        )
    o = state.owner[n]
    defended = o != p and (state.cav[n] + state.inf[n] > 0 or (o in (0, 1) and n == g.capital[o]))
    if isinstance(action, Move) and defended:
        return (
            f"{action.to} is defended by {state.player_name(o)}: use Attack, not Move",
            "attacking",
        )
    if isinstance(action, Attack) and not defended:
        return f"{action.to} is not defended: move in instead of attacking", "attacking"
    if state.card_kind() == "truce":
        return "Sacred Truce: nobody may attack this round", "chronicle cards"
    return f"{action} is not allowed now", "moving"


def joint_attacks(state: DuelsState) -> list[Action]:
    g = state.game
    p = state.active
    no_sea = state.card_kind() == "no_sea"
    out: list[Action] = []
    for n, o in enumerate(state.owner):
        if o == p or g.closed[n]:
            continue
        if not (state.cav[n] + state.inf[n] > 0 or (o == 1 - p and n == g.capital[o])):
            continue
        sources = [
            t
            for t in g.neighbours[n]
            if state.owner[t] == p
            and can_act(state, t)
            and not (no_sea and (g.is_sea[t] or g.is_sea[n]))
        ]
        # both orders are legal: losses fall first on the army named first
        for a in sources:
            for b in sources:
                if a != b:
                    out.append(JointAttack((g.names[a], g.names[b]), g.names[n]))
    return out


def why_joint(state: DuelsState, action: JointAttack) -> tuple[str, str]:
    g = state.game
    rule = "two-army attacks"
    if not g.scenario.two_army_attacks:
        return "attacks from two territories at once exist only in scenario 5", rule
    if len(action.from_) != 2:
        return "a two-army attack names exactly two territories to attack from", rule
    for place in [*action.from_, action.to]:
        if place not in g.index:
            return f"there is no territory called {place!r} on this map", "the map"
    a, b = action.from_
    if a == b:
        return f"the two armies must come from two different territories, not {a} twice", rule
    target = g.index[action.to]
    who = state.player_name(state.active)
    for place in (a, b):
        t = g.index[place]
        if state.owner[t] != state.active:
            return f"{place} is not held by {who}", rule
        if target not in g.neighbours[t]:
            return f"{place} is not next to {action.to}", rule
        if not can_act(state, t):
            return f"no unit in {place} can still act this round", rule
    if g.closed[target]:
        return f"{action.to} lies beyond the limits of this scenario", "scenario limits"
    if state.card_kind() == "truce":
        return "Sacred Truce: nobody may attack this round", "chronicle cards"
    if state.card_kind() == "no_sea" and any(
        g.is_sea[g.index[place]] for place in (a, b, action.to)
    ):
        return "Strong Winds: nobody may move into or out of the sea this round", (
            "chronicle cards"
        )
    return (
        f"{action.to} is not an enemy or independent army to attack "
        "(an empty territory is entered with a move)",
        rule,
    )


def take_actors(state: DuelsState, t: int, cavalry: int, infantry: int) -> tuple[int, int]:
    """Spend the actions of units leaving ``t``. Moves use units that already won
    an attack first; returns how many fresh (cavalry, infantry) went."""
    from_bonus_c = min(cavalry, state.bonus_cav[t])
    from_bonus_i = min(infantry, state.bonus_inf[t])
    state.bonus_cav[t] -= from_bonus_c
    state.bonus_inf[t] -= from_bonus_i
    state.fresh_cav[t] -= cavalry - from_bonus_c
    state.fresh_inf[t] -= infantry - from_bonus_i
    return cavalry - from_bonus_c, infantry - from_bonus_i


def left_territory(state: DuelsState, t: int, player: int) -> None:
    """Units left ``t``: an empty sea is nobody's; in scenario 4 empty land is abandoned."""
    if state.cav[t] + state.inf[t]:
        return
    g = state.game
    if g.is_sea[t]:
        state.owner[t] = NOBODY
    elif g.scenario.abandon_to_independents and t != g.capital[player]:
        state.owner[t] = NOBODY
        state.abandoned.add(t)


def lost_last_units(state: DuelsState, t: int) -> None:
    """Units in ``t`` died (they did not leave): land stays with its holder, even in
    scenario 4, but an empty sea territory is nobody's."""
    if state.cav[t] + state.inf[t] == 0 and state.game.is_sea[t]:
        state.owner[t] = NOBODY


def why_illegal(state: DuelsState, action: Action) -> tuple[str, str]:
    g = state.game
    who = state.player_name(state.current_player) if state.current_player >= 0 else "nobody"
    phase_of = {
        Move: Stage.ACTION,
        Attack: Stage.ACTION,
        JointAttack: Stage.ACTION,
        Recruit: Stage.PLANNING,
        Disband: Stage.PLANNING,
        BuyHero: Stage.PLANNING,
        Rally: Stage.PLANNING,
    }
    wanted = phase_of.get(type(action))
    if state.stage is Stage.DRAW:
        if isinstance(action, DrawChronicle):
            left = sorted(g.cards[c].name for c in state.deck)
            return (
                f"{action} is not possible: that card is not left in the chronicle deck "
                f"(left: {join(left)})",
                "chronicle cards",
            )
        if isinstance(action, BattleRoll):
            return (
                "no battle is being fought: the round begins with a chronicle card, "
                "so a card is drawn, not dice",
                "chance steps",
            )
        return (
            f"{action} must wait: round {state.round_no} begins with a chronicle card, "
            "which has to be drawn first",
            "chance steps",
        )
    if state.stage is Stage.ROLL:
        return why_dice(state, action)
    if isinstance(action, BattleRoll | DrawChronicle):
        what = (
            "battle dice are rolled"
            if isinstance(action, BattleRoll)
            else "chronicle cards are drawn"
        )
        return (
            f"{action} is a chance step, and none is pending: {what} only when the game "
            f"asks for them; now {who} is to act",
            "chance steps",
        )
    if state.stage is Stage.FOOD:
        p = state.hungry[0]
        need = state.units_of(p) - state.unit_cap(p)
        short = (
            f"{state.player_name(p)} lost food and must first send home {need} more "
            f"unit{'s' if need != 1 else ''} (it has {state.units_of(p)}, food for "
            f"{state.unit_cap(p)})"
        )
        if isinstance(action, Disband):
            if action.territory not in g.index:
                return f"there is no territory called {action.territory!r} on this map", ("the map")
            return (
                f"{short}, but it has no {action.unit} of its own in {action.territory}",
                "food supply",
            )
        return f"{action} must wait: {short}", "food supply"
    if wanted is not None and state.stage != wanted:
        if state.battle is not None:
            now = f"a battle is being fought ({STEP_WORDS[state.battle.step]})"
        else:
            now = f"it is {possessive(who)} {state.phase} phase"
        return (f"{action} belongs to the {wanted} phase, but {now}", "order of a round")
    if isinstance(action, Move | Attack):
        return why_move(state, action)
    if isinstance(action, Recruit):
        return why_recruit(state, action)
    if isinstance(action, BuyHero):
        hero = next((h for h in g.heroes if h.id == action.hero), None)
        if hero is None:
            return f"there is no hero card {action.hero!r}", "heroes"
        if g.hero_index[hero.id] not in g.hero_choices[state.active]:
            return (
                f"{hero.name} is a hero of {hero.faction}; {who} cannot buy them in this scenario",
                "heroes",
            )
        if state.hero_owner[g.hero_index[hero.id]] != -1:
            return f"{hero.name} is no longer in the bank", "heroes"
        if hero.cost > state.gold[state.active]:
            return (
                f"{hero.name} costs {hero.cost} gold and {who} has only {state.gold[state.active]}",
                "heroes",
            )
    if isinstance(action, Rally):
        return why_no_rally(state)
    if (
        isinstance(action, EndPhase)
        and state.units_of(state.active) > state.unit_cap(state.active)
        and state.stage is Stage.PLANNING
    ):
        return (
            f"{who} has {state.units_of(state.active)} units but food for only "
            f"{state.unit_cap(state.active)}: disband the excess first",
            "food supply",
        )
    if isinstance(action, Disband) and state.stage is Stage.PLANNING:
        p = state.active
        units, cap = state.units_of(p), state.unit_cap(p)
        if units > cap and action.territory in g.index:
            return (
                f"{who} must send home {count(units - cap, 'unit')} for want of food, but "
                f"it has no {action.unit} of its own in {action.territory}",
                "food supply",
            )
        if units <= cap and action.territory in g.index:
            return (
                f"{who} has {count(units, 'unit')} and food for {cap}: units are sent home "
                "only when a side has more than its food can feed",
                "food supply",
            )
    if isinstance(action, JointAttack):
        return why_joint(state, action)
    if isinstance(action, PlayHero | ChooseCasualties | Retreat | LeaveBehind):
        legal = ", ".join(str(a) for a in state.legal_actions())
        return f"{action} is not a choice here; {who} may: {legal}", "battles"
    legal_list = state.legal_actions()
    sample = ", ".join(str(a) for a in legal_list[:6]) + (" ..." if len(legal_list) > 6 else "")
    if state.battle is not None:
        return (
            f"{action} must wait: a battle is being fought and "
            f"{STEP_WORDS[state.battle.step]}; {who} may: {sample}",
            "battles",
        )
    return f"{action} is not allowed now ({who} to act); allowed: {sample}", "legal actions"


def why_dice(state: DuelsState, action: Action) -> tuple[str, str]:
    g = state.game
    b = state.battle
    where = f"the battle for {g.names[b.target]}" if b is not None else "the battle"
    sides = g.casualty_rules.die_sides
    if isinstance(action, BattleRoll):
        bad = [
            f"the {role}'s die shows {value!r}"
            for role, value in (("attacker", action.attacker), ("defender", action.defender))
            if not (isinstance(value, int) and 1 <= value <= sides)
        ]
        if not bad:
            return f"{action} is not a possible roll here", "battle dice"
        return (
            f"each battle die shows a whole number from 1 to {sides}, but {' and '.join(bad)}",
            "battle dice",
        )
    return (
        f"{action} must wait: {where} needs its dice first (one die for each side, each "
        f"showing 1 to {sides})",
        "battle dice",
    )
