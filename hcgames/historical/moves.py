"""What a player may do, per phase, and why an action is refused: the entry point the
state and the turn loop call, for every action of Historical Conquest.

The actions themselves live in two modules, each per action with its legal choices
(``*_options``), the broken rule in words a student understands when it is refused
(``*_refusal``, asked by :func:`why_illegal` only after an action was found illegal;
it never changes the position) and carrying it out (``apply_*``):

- :mod:`hcgames.historical.plays`: the play phase (cards from the hand, interrupts,
  held abilities, discards) and queueing a card's effects;
- :mod:`hcgames.historical.field`: attacks, the turn's move, explorers' journeys,
  taking undefended lands and discovering lands.

Their names are importable from here too (``moves.play``, ``moves.land_arrives``...),
where the state's dispatch table and the turn loop find them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import CHANCE, Action
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    DrawCard,
    EndPhase,
    ExplorerMove,
    FirstPlayer,
    Interrupt,
    Move,
    Pass,
    Pick,
    PlayCard,
    Retire,
    RevealLand,
    UseAbility,
)
from hcgames.historical.field import (
    apply_attack,
    apply_confiscate,
    apply_explorer_move,
    apply_move,
    attack_options,
    attack_refusal,
    can_reach,
    confiscate_options,
    confiscate_refusal,
    fits_two,
    journey_refusal,
    land_arrives,
    land_missing,
    may_attack,
    move_options,
    move_refusal,
    stand_anywhere,
)
from hcgames.historical.material import PLAYS_PER_TURN, TURN_CAP
from hcgames.historical.pending import PendingPick, PendingWindow
from hcgames.historical.plays import (
    DISCARDS_OWN_CARD,
    ability_options,
    ability_refusal,
    apply_discard,
    apply_interrupt,
    apply_play_card,
    apply_retire,
    apply_use_ability,
    discard_options,
    discard_refusal,
    interrupt_fits,
    interrupt_options,
    interrupt_refusal,
    plant,
    play,
    play_options,
    play_refusal,
    push_effects,
    run_effects,
    target_lists,
    use,
    window_frame,
)
from hcgames.historical.refusals import Refusal, hand_refusal, known, own_column, room_refusal

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState

#: this module's own names and those of plays, field and refusals it passes on
__all__ = [
    "DISCARDS_OWN_CARD",
    "Refusal",
    "ability_options",
    "ability_refusal",
    "action_refusal",
    "apply_attack",
    "apply_confiscate",
    "apply_discard",
    "apply_explorer_move",
    "apply_interrupt",
    "apply_move",
    "apply_play_card",
    "apply_retire",
    "apply_use_ability",
    "attack_options",
    "attack_refusal",
    "can_reach",
    "confiscate_options",
    "confiscate_refusal",
    "discard_options",
    "discard_refusal",
    "fits_two",
    "hand_refusal",
    "interrupt_fits",
    "interrupt_options",
    "interrupt_refusal",
    "journey_refusal",
    "known",
    "land_arrives",
    "land_missing",
    "may_attack",
    "moment_refusal",
    "move_options",
    "move_refusal",
    "own_column",
    "phase_actions",
    "plant",
    "play",
    "play_options",
    "play_refusal",
    "push_effects",
    "room_refusal",
    "run_effects",
    "stand_anywhere",
    "target_lists",
    "use",
    "why_illegal",
    "window_frame",
]


# --- every phase: the active player's choices, and why an action is refused --------------
def phase_actions(state: HistoricalState, player: int, phase: str) -> list[Action]:
    """The active player's choices in one of their own phases."""
    if state.steps >= TURN_CAP:
        return [EndPhase()]
    out: list[Action] = []
    if phase == "play":
        if state.plays < PLAYS_PER_TURN:
            out.extend(play_options(state, player))
            out.extend(discard_options(state, player))
        out.extend(ability_options(state, player))
        out.extend(interrupt_options(state, player, None))
    else:
        if phase == "attack":
            out.extend(attack_options(state, player))
        elif phase == "move":
            out.extend(move_options(state, player))
        # held abilities and interrupts: at any time in the player's own turn
        out.extend(ability_options(state, player))
        out.extend(interrupt_options(state, player, None))
    out.append(EndPhase())
    return out


def why_illegal(state: HistoricalState, action: Action) -> Refusal:
    found = moment_refusal(state, action)
    if found is None:
        found = action_refusal(state, action)
    if found is None:
        found = (
            f"{action} does not fit the rules at this point ({state.phase_name} phase of "
            f"{state.player_name(state.turn)}'s turn)",
            "the turn's order",
        )
    return found


def moment_refusal(state: HistoricalState, action: Action) -> Refusal | None:
    chance = isinstance(action, DrawCard | RevealLand | FirstPlayer)
    if state.current_player == CHANCE:
        if chance:
            return ("that is not one of the outcomes of the chance step now", "chance steps")
        return (
            "a chance step (a card draw, a land turned up or the coin) comes first",
            "chance steps",
        )
    if chance:
        return (
            "draws, lands turned up and the coin are chance steps, not a player's choice",
            "chance steps",
        )
    top = state.pending[-1] if state.pending else None
    who = state.player_name(state.current_player)
    if isinstance(top, PendingPick):
        if not isinstance(action, Pick):
            return (f"{who} must first answer a question: {top.purpose}", "questions")
        return (
            f"that is not one of the choices for '{top.purpose}'",
            "questions",
        )
    if isinstance(action, Pick):
        return ("there is no question to answer now", "questions")
    if isinstance(top, PendingWindow):
        if not isinstance(action, Pass | Interrupt):
            return (
                f"{who} may only answer with an interrupt card or pass now; other cards "
                "wait for their own turn",
                "interrupt window",
            )
        return None
    if isinstance(action, Pass):
        return (
            "there is no interrupt window open to pass in; end the phase instead",
            "interrupt window",
        )
    return None


def action_refusal(state: HistoricalState, action: Action) -> Refusal | None:
    player = state.current_player
    if isinstance(action, PlayCard):
        return play_refusal(state, player, action)
    if isinstance(action, Interrupt):
        return interrupt_refusal(state, player, action)
    if isinstance(action, Discard | Retire):
        return discard_refusal(state, player, action)
    if isinstance(action, UseAbility):
        return ability_refusal(state, player, action)
    if isinstance(action, Attack):
        return attack_refusal(state, player, action)
    if isinstance(action, Move):
        return move_refusal(state, player, action)
    if isinstance(action, ExplorerMove):
        return journey_refusal(state, player, action)
    if isinstance(action, Confiscate):
        return confiscate_refusal(state, player, action)
    if isinstance(action, EndPhase):
        return ("the phase cannot end while a question or window is open", "the turn's order")
    return None
