"""What a Conqueror: Duels position looks like from outside: the saved facts, a
description in words, map labels, scores and a heuristic value (refusals are
explained beside the rules they explain, in :mod:`hcgames.conqueror.moves`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import (
    Attack,
    BuyHero,
    Disband,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Recruit,
    Retreat,
)
from hcgames.conqueror.material import NOBODY
from hcgames.conqueror.turn import BATTLE_STEPS, Stage
from hcgames.core import Action
from hcgames.odds import how_often, wins_words
from hcgames.words import count, join, with_article

#: a hero card's holder once it has been played in a battle (it leaves the game)
SPENT = -2

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "PHASE_TITLES",
    "action_regions",
    "describe",
    "end_phase_words",
    "evaluate",
    "hero_note",
    "move_group",
    "region_views",
    "scores",
    "side_summary",
    "snapshot",
    "step_words",
    "units_sent_from",
]

#: the parts of a round as a player says them (the phases' own names are the saved ones)
PHASE_TITLES = {
    "chronicle": "chronicle card",
    "planning": "planning",
    "action": "moves and battles",
}


def snapshot(state: DuelsState) -> dict[str, Any]:
    g = state.game
    names = g.names
    return {
        "round": state.round_no,
        "stage": state.stage,
        "active": state.active,
        "territories": [
            [
                names[t],
                state.owner[t],
                state.cav[t],
                state.inf[t],
                state.fresh_cav[t],
                state.fresh_inf[t],
                state.bonus_cav[t],
                state.bonus_inf[t],
            ]
            for t in range(len(names))
        ],
        "gold": list(state.gold),
        "heroes": {g.heroes[h].id: o for h, o in enumerate(state.hero_owner) if o != -1},
        "prize_taken": list(state.prize_taken),
        "deck": sorted(state.deck),
        "card": state.card,
        "recruited": {names[t]: list(v) for t, v in sorted(state.recruited.items())},
        "rally": [list(state.rally_used), list(state.rally_now), list(state.rally_cavalry)],
        "abandoned": sorted(names[t] for t in state.abandoned),
        "fort_streak": list(state.fort_streak),
        "held_rounds": list(state.held_rounds),
        "capitals_changed_in": state.capitals_changed_in,
        "hungry": list(state.hungry),
        "battle": state.battle.snapshot(names) if state.battle is not None else None,
        "result": None
        if state.result is None
        else [list(state.result.winners), state.result.reason],
    }


def side_summary(state: DuelsState, player: int) -> str:
    g = state.game
    held = [g.names[t] for t, o in enumerate(state.owner) if o == player and not g.is_sea[t]]
    heroes = [g.heroes[h].name for h, o in enumerate(state.hero_owner) if o == player]
    text = (
        # "(its 1 food feeds up to 6)": "(limit 6 for 1 food)" read as a riddle (look 8)
        f"{state.player_name(player)}: {count(state.units_of(player), 'unit')} (its "
        f"{state.food_of(player)} food feeds up to {state.unit_cap(player)}), "
        f"{count(len(held), 'land territory')}, {count(state.forts_of(player), 'fort')}, "
        f"{state.gold[player]} gold"
    )
    if heroes:
        text += f", and {'the hero' if len(heroes) == 1 else 'the heroes'} {join(heroes)}"
    played = [g.heroes[h].name for h in g.hero_choices[player] if state.hero_owner[h] == SPENT]
    if played:  # a hero gone from the line says where it went
        text += (
            f"; {join(played)} {'was' if len(played) == 1 else 'were'} played in a battle "
            "and left the game (a hero card serves once)"
        )
    return text + "."


def _waited_for(step: str) -> str:
    """What the side a battle waits for is asked to do, in words (not the step's name)."""
    todo = BATTLE_STEPS.get(step, ("", ""))[1]
    return f" {todo}" if todo else ""


_DOING = {
    Stage.PLANNING: "is planning: collecting gold, recruiting and perhaps buying a hero card",
    Stage.ACTION: "is making its moves and battles",
    Stage.FOOD: "has lost food and must send units home",
}


def step_words(state: DuelsState) -> str:
    """The part of the round the side to play is in and what it may do there, for the
    line that asks a student to move ("" at the end)."""
    if state.battle is not None:
        return _battle_step_words(state)
    if state.stage is Stage.OVER:
        return ""
    if state.stage is Stage.PLANNING:
        # only what can be done now: no hero card when none is for sale or affordable
        legal = state.legal_actions()
        can = [
            words
            for kind, words in ((BuyHero, "buy a hero card"), (Recruit, "recruit"))
            if any(isinstance(a, kind) for a in legal)
        ]
        first = ", ".join(can) + ", then " if can else ""
        return f"your planning: {first}end your planning" + _heroes_out_of_reach(state)
    if state.stage is Stage.ACTION:
        # the winners' second move said too (look 7: the heading seemed broken when the
        # cavalry that took Sicily were offered another attack)
        return (
            "your moves and battles: each unit may move or attack (units that win an "
            "attack may act once more), then end your turn"
        )
    if state.stage is Stage.FOOD:
        return "too little food: choose which units go home"
    return ""


def _battle_step_words(state: DuelsState) -> str:
    """Why a battle asks the side to play for a choice, said where it chooses: a loss
    after a won battle needs its reason (the Duels rule on a beaten side's 4)."""
    b = state.battle
    assert b is not None
    place = state.game.names[b.target]
    r = b.result
    if r is None:
        return ""
    won = r.attacker_wins == (state.active == b.attacker)
    if b.step.value == "casualties_loser":
        lost = count(b.loser_due, "unit")
        return f"you lost the battle for {place}: choose which {lost} you lose"
    if b.step.value == "casualty_victor" and won:
        beaten = r.defender_roll if r.attacker_wins else r.attacker_roll
        return (
            f"you won the battle for {place}, but the beaten side rolled "
            f"{with_article(str(beaten))}, and by the rules the winner then also loses "
            f"{count(b.victor_due, 'unit')}: choose which"
        )
    if b.step.value == "retreat":
        return f"you lost the battle for {place}: choose where your beaten units retreat"
    if b.step.value == "leave":
        return f"you took {place}: choose whether one unit stays behind where the attack came from"
    return ""


def _heroes_out_of_reach(state: DuelsState) -> str:
    """When the side planning can buy no hero card it could buy with more gold: what the
    cheapest costs, beside the gold it has (so a student knows heroes exist)."""
    g, p = state.game, state.active
    if any(isinstance(a, BuyHero) for a in state.legal_actions()):
        return ""
    costs = [g.heroes[h].cost for h in g.hero_choices[p] if state.hero_owner[h] == NOBODY]
    if not costs:
        return ""
    return f" (a hero card costs {min(costs)} gold or more, and you have {state.gold[p]})"


def only_move_reason(state: DuelsState) -> str:
    """Why ending the planning (or the turn) is the only move left, in a clause: a
    student whose planning ended right after the last recruit was left wondering why."""
    legal = state.legal_actions()
    if len(legal) != 1 or not isinstance(legal[0], EndPhase) or state.battle is not None:
        return ""
    g, p = state.game, state.active
    if state.stage is not Stage.PLANNING:
        return "none of its units can move or attack any more this round"
    units, cap = state.units_of(p), state.unit_cap(p)
    if units >= cap:
        army = f"its army is as big as its food can feed ({units} of {cap} units)"
    elif state.forts_of(p) == 0:
        army = "it holds no fort to raise soldiers in"
    else:
        army = "every fort it holds has already raised its soldiers this round"
    costs = [g.heroes[h].cost for h in g.hero_choices[p] if state.hero_owner[h] == NOBODY]
    if costs:
        army += (
            f", and its {state.gold[p]} gold buys no hero card: the cheapest costs "
            f"{min(costs)} gold"
        )
    return army


def end_phase_words(state: DuelsState) -> str:
    """What "end" does now, said before the click: whose part of the round comes next
    (played on a copy of the position; the chronicle card drawn next is not shown)."""
    me = state.active
    planning = state.stage is Stage.PLANNING
    after = state.copy()
    after.apply(EndPhase())
    other = state.player_name(1 - me)
    if after.stage is Stage.OVER or after.is_terminal():
        nxt = "the game ends and the score is counted"
    elif after.round_no != state.round_no or after.stage is Stage.DRAW:
        nxt = f"round {state.round_no} ends, and round {state.round_no + 1} begins"
    elif after.stage is Stage.PLANNING:
        nxt = f"{other} plans next"
    elif after.stage is Stage.ACTION and planning:
        # said by names, not "your": the computer's report of its own end reads it too
        first, then = state.player_name(after.active), state.player_name(1 - after.active)
        nxt = f"next come the moves and battles, {first} first, then {then}"
    elif after.stage is Stage.ACTION and after.active == me:
        nxt = "your moves and battles come next"
    elif after.stage is Stage.ACTION:
        nxt = f"{other} moves next"
    else:
        nxt = f"{other} plays next"
    return ("end my planning: " if planning else "end my turn: ") + nxt


def describe(state: DuelsState) -> str:
    g = state.game
    sc = g.scenario
    lines = [f"{sc.title}, round {state.round_no} of {sc.max_rounds}."]
    if state.card:
        card = g.cards[state.card]
        lines.append(f"Chronicle card this round: {card.name} ({card.text})")
    if state.stage is Stage.OVER and state.result is not None:
        lines.append(state.result.reason)
    elif state.stage is Stage.DRAW:
        lines.append(f"A chronicle card is about to be drawn ({len(state.deck)} left).")
    elif state.battle is not None:
        b = state.battle
        lines.append(
            f"Battle for {g.names[b.target]}: {state.player_name(b.attacker)} attacks "
            f"{state.player_name(b.defender)}; waiting for "
            + ("the dice" if state.stage is Stage.ROLL else state.player_name(state.current_player))
            + _waited_for(b.step.value)
            + "."
        )
    else:
        doing = _DOING.get(Stage(state.stage), "is playing")
        # short of food is the side that lost it (the current player), not always the
        # side whose turn it was
        who = state.current_player if state.stage is Stage.FOOD else state.active
        lines.append(f"{state.player_name(who)} {doing}.")
    lines.append(side_summary(state, 0))
    lines.append(side_summary(state, 1))
    return " ".join(lines)


def scores(state: DuelsState) -> dict[int, float]:
    """Territory points in Rome vs Persia, forts held otherwise."""
    if state.game.scenario.victory["fallback"] == "points":
        return {p: float(state.points_of(p)) for p in (0, 1)}
    return {p: float(state.forts_of(p)) for p in (0, 1)}


def evaluate(state: DuelsState, player: int) -> float:
    """Heuristic in [0, 1]: army strength, forts, progress towards the scenario's
    goals and, for the side that wins when time runs out, the clock."""
    if state.is_terminal():
        return state.returns()[player]
    g = state.game
    sc = g.scenario
    strength = []
    for p in (0, 1):
        cs, ist = g.unit_strength[p]
        strength.append(
            sum(state.cav[t] * cs + state.inf[t] * ist for t, o in enumerate(state.owner) if o == p)
        )
    material = _share(strength[player], strength[1 - player])
    forts = _share(state.forts_of(player), state.forts_of(1 - player))
    goals = [0.0, 0.0]
    victory = sc.victory
    for cond in victory["immediate"] + victory["final"]:
        p = sc.players.index(cond["player"])
        held = sum(state.owner[g.index[n]] == p for n in cond["hold"]) / len(cond["hold"])
        goals[p] = max(goals[p], held)
    for cond in victory.get("hold_for", []):
        p = sc.players.index(cond["player"])
        held = (state.owner[g.index[cond["take"]]] == p) + (state.owner[g.index[cond["keep"]]] == p)
        goals[p] = max(goals[p], held / 2)
    if victory["fallback"] == "points":
        objective = _share(state.points_of(player), state.points_of(1 - player))
    else:
        objective = 0.5 + 0.5 * (goals[player] - goals[1 - player])
    clock = 0.5
    fallback = victory["fallback"]
    if isinstance(fallback, dict):
        sign = 1 if fallback["winner"] == sc.players[player] else -1
        clock = 0.5 + 0.5 * sign * state.round_no / sc.max_rounds
    value = 0.35 * material + 0.25 * forts + 0.25 * objective + 0.15 * clock
    return min(0.98, max(0.02, value))


def spent_here(state: DuelsState, t: int) -> int:
    """How many units of the side in action in territory ``t`` have already acted this
    round (moved or attacked); 0 outside an action phase."""
    if state.stage is not Stage.ACTION or state.battle is not None:
        return 0
    if state.owner[t] != state.active:
        return 0
    ready = state.fresh_cav[t] + state.bonus_cav[t] + state.fresh_inf[t] + state.bonus_inf[t]
    return max(0, state.cav[t] + state.inf[t] - ready)


def region_views(state: DuelsState) -> dict[str, dict[str, Any]]:
    g = state.game
    views = {}
    for t, name in enumerate(g.names):
        o = state.owner[t]
        c, i = state.cav[t], state.inf[t]
        # "cav" and "inf", not "C" and "I": a class read "1I" as "11" (look 7)
        label = " ".join(x for x in (f"{c} cav" if c else "", f"{i} inf" if i else "") if x)
        if label and o in (0, 1):
            # whose army, in words: a small place or a sea hardly shows its colour (map key)
            label = f"{state.player_name(o)} {label}"
        spent = spent_here(state, t)
        if spent:
            # a tick and the number: these cannot move or attack again this round (map key);
            # short, so the label does not run over the names around it
            label += f" \u2713{spent}"
        terr = g.board.territories[t]
        kind = (
            "sea"
            if terr.is_sea
            else (
                "capital"
                if t in g.capital
                else f"{g.fort_kind[t]} fort"
                if g.fort_kind[t] != "none"
                else "land"
            )
        )
        side = state.player_name(o) if o >= 0 else "nobody"
        tip = f"{name} ({kind}"
        if not terr.is_sea:
            tip += f", {terr.food + g.faction_food[o][t] if o in (0, 1) else terr.food} food"
            tip += f", {terr.coins} gold a round"
        tip += f"): held by {side}"
        if c or i:
            tip += " with " + " and ".join(
                f"{n} {kind}" for n, kind in ((c, "cavalry"), (i, "infantry")) if n
            )
        if spent:
            if spent == c + i:
                acted = "it has" if spent == 1 else "all of them have"
            else:
                acted = f"{spent} of them {'has' if spent == 1 else 'have'}"
            tip += f"; {acted} already acted this round and cannot move or attack again"
        if g.closed[t]:
            tip += "; closed in this scenario"
        views[name] = {
            "spent": spent,
            "owner": o if o in (0, 1) else None,
            "side": side,
            "label": label,
            "tooltip": tip + ".",
        }
        if g.closed[t]:
            views[name]["closed"] = True  # the map greys it out
    return views


def action_regions(state: DuelsState, action: Action) -> tuple[str, ...]:
    if isinstance(action, Move | Attack):
        return (action.from_, action.to)
    if isinstance(action, JointAttack):
        return (*action.from_, action.to)
    if isinstance(action, Recruit | Disband | LeaveBehind):
        return (action.territory,)
    if isinstance(action, Retreat):
        if state.battle is not None:
            return (state.game.names[state.battle.target], action.to)
        return (action.to,)
    return ()


def _share(mine: float, theirs: float) -> float:
    total = mine + theirs
    return 0.5 if total == 0 else mine / total


def hero_note(state: DuelsState, action: Action) -> str:
    """For a hero card bought or offered before a battle: its price or its effect, and
    the attacker's chance to win the battle with that hero, beside the chance without
    one (the play screen's list of moves)."""
    game = state.game
    if isinstance(action, BuyHero) and action.hero:
        card = game.heroes[game.hero_index[action.hero]]
        return f" ({card.cost} gold): {card.describe_effect()}"
    battle = state.battle
    if not isinstance(action, PlayHero) or battle is None or battle.result is not None:
        return ""
    hero = str(action.hero or "")
    side = 0 if battle.step.value == "hero_attacker" else 1
    index = game.hero_index[hero] if hero else -2
    heroes: tuple[int | None, int | None] = (index, None) if side == 0 else (None, index)
    now, after = state.battle_forecast(), state.battle_forecast(heroes=heroes)
    if now is None or after is None:
        return ""
    attacker = state.player_name(now.attacker)
    if not hero:
        return f": {wins_words(attacker, now.win)}"
    effect = game.heroes[index].describe_effect()
    if after.win == now.win:
        return f" ({effect}): {wins_words(attacker, after.win)}, with this hero or without one"
    return (
        f" ({effect}): {wins_words(attacker, after.win)}, "
        f"instead of {how_often(now.win)} with no hero"
    )


#: the play screen's groups named for what their moves are
NAMED_GROUPS: dict[type[Action], str] = {
    BuyHero: "Buy a hero card",
    PlayHero: "Play a hero card",
    Recruit: "Recruit",
    Disband: "Disband",
}


def move_group(
    state: DuelsState, action: Action, kind: str, rank: float, names: Callable[[str], str]
) -> tuple[str, float]:
    """The play screen's groups, the last one named for what it ends (planning or the
    turn). The moves go in one group per place they leave ("From Berber"), so the forty
    or fifty moves of a turn become a few short lists a student can scan; the hero cards
    are named as what they are ("Buy a hero card")."""
    if kind == "End the phase":
        return ("End my planning" if state.phase == "planning" else "End my turn"), rank
    if isinstance(action, Move):  # stable sort: the game lists the moves place by place
        return f"From {names(str(action.from_))}", rank
    return NAMED_GROUPS.get(type(action), kind), rank


def units_sent_from(state: DuelsState, action: Action) -> tuple[str, ...]:
    """The places an attack or a move sends units from (all its places but the last)."""
    if not isinstance(action, Attack | Move | JointAttack):
        return ()
    return state.action_regions(action)[:-1]
