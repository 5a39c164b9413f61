"""The order of a Conqueror: Duels round, and the steps between the players' actions.

A round opens with the chronicle card where the scenario uses the deck (a chance
step, :func:`draw_chronicle`); before planning, land left empty in scenario 4 turns
independent (:func:`start_planning`); then each side plans in turn and is paid its
income first (:func:`begin_planning`). The action phases follow, first side first
(:func:`begin_action`); what a side may do in each phase is in
:mod:`hcgames.conqueror.moves`. The round closes with the checks of
:mod:`hcgames.conqueror.victory` before the next one starts or the game ends
(:func:`end_round`). A side that loses food in the action phase must disband its
excess at once (:func:`check_food`).

:class:`Stage` names where a position stands between two decisions.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import TYPE_CHECKING

from hcgames.conqueror import victory
from hcgames.conqueror.actions import DrawChronicle, EndPhase, units_text
from hcgames.conqueror.material import INDEPENDENT, NOBODY
from hcgames.core import Event

if TYPE_CHECKING:
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "PHASES",
    "Stage",
    "begin_action",
    "begin_planning",
    "card_losses",
    "check_food",
    "draw_chronicle",
    "end_phase",
    "end_round",
    "start_planning",
    "start_round",
]


class Stage(StrEnum):
    """Where a position stands outside a battle (a battle stands at its
    :class:`~hcgames.conqueror.fighting.Step`). The values are the saved ones."""

    SETUP = ""
    DRAW = "draw"  # a chronicle card is about to be drawn (chance)
    PLANNING = "planning"
    ACTION = "action"
    FOOD = "food"  # a side that lost food disbands its excess
    ROLL = "roll"  # the battle dice are about to be rolled (chance)
    OVER = "over"


#: the phases of one round, in order (:meth:`DuelsGame.phases`)
PHASES: tuple[str, ...] = ("chronicle", "planning", "action")


#: what a battle waits for at each of its steps (the keys are the saved step names), said
#: two ways: as a statement ("the loser may retreat", in refusals) and as what the side
#: that acts is waited for ("waiting for Gaul to choose ...", in the game's description)
BATTLE_STEPS: dict[str, tuple[str, str]] = {
    "hero_attacker": (
        "the attacker may send a hero", "to play a hero card for the attack, or none"),
    "hero_defender": (
        "the defender may send a hero", "to play a hero card for the defence, or none"),
    "roll": ("the battle dice", ""),
    "casualties_loser": (
        "the loser removes its casualties", "to choose which of the beaten side's units are lost"),
    "casualty_victor": (
        "the victor removes its casualty",
        "to choose the winner's one loss (the beaten side rolled a 4)"),
    "retreat": ("the loser may retreat", "to choose where the beaten defenders retreat"),
    "leave": (
        "the victor chooses the units it leaves behind",
        "to choose whether one unit stays behind where the attack came from"),
}  # fmt: skip
#: the statement of each step (see :data:`BATTLE_STEPS`)
STEP_WORDS = {step: words[0] for step, words in BATTLE_STEPS.items()}


def start_round(state: DuelsState) -> list[Event]:
    g = state.game
    state.round_no += 1
    state.card = ""
    state.recruited = {}
    state.rally_now = [False, False]
    state.rally_cavalry = [0, 0]
    start = state.event(None, "round", f"Round {state.round_no} begins.")
    events = [start]
    chronicle = g.scenario.chronicle
    if chronicle is not None and state.round_no >= int(chronicle["first_round"]):
        if not state.deck and chronicle.get("reshuffle"):
            state.deck = list(g.deck)
            events.append(
                state.event(
                    None, "chronicle", "The chronicle deck is used up and is shuffled again."
                )
            )
        if state.deck:
            state.stage = Stage.DRAW
    if state.stage is not Stage.DRAW:
        events += start_planning(state)
    # the round's first event belongs to the phase the round opens with
    events[0] = dataclasses.replace(start, phase=state.phase)
    return events


def draw_chronicle(state: DuelsState, action: DrawChronicle) -> list[Event]:
    g = state.game
    card = g.cards[action.card]
    state.deck.remove(card.id)
    state.card = card.id
    events = [
        state.event(None, "chronicle", f"Chronicle card: {card.name}. {card.text}", card=card.id)
    ]
    if card.kind == "gold":
        for p in (0, 1):
            state.gold[p] += card.amount
    elif card.kind == "lose_unit":
        events += card_losses(state, card.where, card.unit)
    events += start_planning(state)
    return events


def card_losses(state: DuelsState, where: tuple[str, ...], unit: str) -> list[Event]:
    g = state.game
    if where == ("capitals",):
        targets = [t for p, t in enumerate(g.capital) if state.owner[t] == p]
    else:
        targets = [g.index[name] for name in where if name in g.index]
    events = []
    for t in targets:
        if state.inf[t] > 0:
            state.inf[t] -= 1
            lost = "infantry"
        elif state.cav[t] > 0 and unit != "infantry":
            state.cav[t] -= 1
            lost = "cavalry"
        else:
            continue
        events.append(
            state.event(
                None,
                "losses",
                f"{state.player_name(state.owner[t])} loses 1 {lost} in {g.names[t]}.",
                territory=g.names[t],
            )
        )
        if state.cav[t] + state.inf[t] == 0 and state.owner[t] == INDEPENDENT:
            state.owner[t] = NOBODY
    return events


def start_planning(state: DuelsState) -> list[Event]:
    g = state.game
    events = []
    for t in sorted(state.abandoned):
        if state.owner[t] == NOBODY and state.cav[t] + state.inf[t] == 0:
            state.owner[t] = INDEPENDENT
            army = g.rules["independence"]["great" if g.is_great[t] else "other"]
            state.cav[t], state.inf[t] = int(army["cavalry"]), int(army["infantry"])
            units = units_text(state.cav[t], state.inf[t])
            events.append(
                state.event(
                    None,
                    "independence",
                    f"Left empty, {g.names[t]} declares itself independent ({units}).",
                    territory=g.names[t],
                )
            )
    state.abandoned.clear()
    events += begin_planning(state, 0)
    return events


def begin_planning(state: DuelsState, player: int) -> list[Event]:
    g = state.game
    state.stage = Stage.PLANNING
    state.active = player
    income = state.income_of(player)
    card = g.cards[state.card] if state.card else None
    if card is not None and card.kind == "income_factor":
        income *= card.amount
    state.gold[player] += income
    events = [
        state.event(
            player,
            "income",
            f"{state.player_name(player)} collects {income} gold and now has {state.gold[player]}.",
            gold=income,
        )
    ]
    capital = g.capital[player]
    if (
        card is not None
        and card.kind == "free_unit"
        and state.owner[capital] == player
        and state.units_of(player) < state.unit_cap(player)
    ):
        state.inf[capital] += 1
        events.append(
            state.event(
                player,
                "recruit",
                f"Mercenaries join {state.player_name(player)} in {g.names[capital]} (1 infantry).",
            )
        )
    return events


def end_phase(state: DuelsState, action: EndPhase) -> list[Event]:
    """The acting side ends its planning or action phase; the next one begins."""
    player = state.active
    events = [
        state.event(
            player,
            "end",
            f"{state.player_name(player)} ends its "
            + ("planning." if state.stage is Stage.PLANNING else "turn."),
        )
    ]
    if state.stage is Stage.PLANNING:
        if player == 0:
            events += begin_planning(state, 1)
        else:
            events += begin_action(state, 0)
        return events
    n = len(state.owner)
    state.fresh_cav = [0] * n
    state.fresh_inf = [0] * n
    state.bonus_cav = [0] * n
    state.bonus_inf = [0] * n
    if player == 0:
        events += begin_action(state, 1)
    else:
        events += end_round(state)
    return events


def begin_action(state: DuelsState, player: int) -> list[Event]:
    state.stage = Stage.ACTION
    state.active = player
    owner = state.owner
    for t in range(len(owner)):
        if owner[t] == player:
            state.fresh_cav[t] = state.cav[t]
            state.fresh_inf[t] = state.inf[t]
    return []


def end_round(state: DuelsState) -> list[Event]:
    events = victory.check_end_of_round(state)
    if state.stage is Stage.OVER:
        return events
    if state.round_no >= state.game.scenario.max_rounds:
        return events + victory.final_result(state)
    return events + start_round(state)


def check_food(state: DuelsState, caps_before: tuple[int, int]) -> list[Event]:
    """A side whose food just fell below what its army needs disbands the excess at
    once (owner's choice), unless it rallied this round (a rally pauses this until its
    next planning phase)."""
    events: list[Event] = []
    for p in (state.active, 1 - state.active):
        cap, units = state.unit_cap(p), state.units_of(p)
        if cap >= caps_before[p] or units <= cap:
            continue
        if state.rally_now[p]:
            events.append(
                state.event(
                    p,
                    "food",
                    f"{state.player_name(p)} now has food for {cap} units and keeps {units}: "
                    "it rallied this round, so the excess waits for its next planning.",
                )
            )
            continue
        state.hungry.append(p)
        events.append(
            state.event(
                p,
                "food",
                f"{state.player_name(p)} has lost food: {units} units but food for only {cap}; "
                f"it must disband {units - cap} at once.",
            )
        )
    if state.hungry:
        state.stage = Stage.FOOD
    return events
