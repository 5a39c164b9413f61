"""The flow of a game: turns, phases, response windows, battles and endings.

The position keeps a stack of *frames* for everything that interrupts the plain
turn: card draws and land discoveries (chance steps), windows in which a player may
answer with interrupt cards, questions for one player (which card dies, which land
to occupy) and automatic steps (a battle being worked out). The top frame decides
who acts; when the stack is empty the active player acts in the current phase.

This module holds the turn loop: who goes first, starting and ending turns and
phases, the upkeep at the start of a turn, running the stack and answering picks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.historical import effects, field, fighting, moves, victory
from hcgames.historical.actions import (
    DrawCard,
    EndPhase,
    FirstPlayer,
    Pass,
    Pick,
    RevealLand,
)
from hcgames.historical.cards import card_name
from hcgames.historical.effects import Ctx
from hcgames.historical.material import (
    HAND_SIZE,
    TURN_CAP,
)
from hcgames.historical.pending import (
    Frame,
    PendingAfterWin,
    PendingBattle,
    PendingDraw,
    PendingEffects,
    PendingFirst,
    PendingLand,
    PendingNextPhase,
    PendingNorth,
    PendingOccupy,
    PendingPick,
    PendingWindow,
)

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState

#: the phases of one turn, in order (:meth:`HistoricalGame.phases`)
PHASES: tuple[str, ...] = ("play", "attack", "move", "draw")
#: the steps the end of a phase stacks (its end, and a window for each opponent), made
#: once: they are frozen records, so one of each may stand on every stack and in every
#: copy (issue 41: since windows open at the end of all four phases, making them anew
#: cost a game of four players a few per cent of its time)
_NEXT_PHASE = {phase: PendingNextPhase(phase=phase) for phase in PHASES}
_PHASE_WINDOWS = tuple(PendingWindow(player=seat, why="phase") for seat in range(10))


# --- who goes first ------------------------------------------------------------------
def choose_first(state: HistoricalState) -> None:
    """The book's two ways: a coin flip, or the top land farthest north."""
    if state.game.first_player == "north":
        state.pending.append(PendingNorth())
        if all(state.tops):  # the game fixed the first lands: they are compared
            return
        for q in reversed(range(state.n)):
            state.pending.append(
                PendingLand(
                    player=q, pile=q, why="top", card="", place="", escort=False, discard_self=False
                )
            )
    else:
        state.pending.append(PendingFirst(options=list(range(state.n)), why="coin"))


def farthest_north(state: HistoricalState) -> None:
    latitude = {q: state.card(state.tops[q]).latitude or 0.0 for q in range(state.n)}
    best = max(latitude.values())
    leaders = [q for q in range(state.n) if latitude[q] == best]
    if len(leaders) == 1:
        begin(state, leaders[0], f"{card_name(state.tops[leaders[0]])} lies farthest north")
    else:
        state.log(None, "first", "The top lands lie equally far north: a coin decides.")
        state.pending.append(PendingFirst(options=leaders, why="tie"))


def begin(state: HistoricalState, player: int, why: str) -> None:
    state.first = player
    state.log(player, "first", f"{state.player_name(player)} goes first ({why}).")
    start_turn(state, player)


# --- turns -------------------------------------------------------------------------
def start_turn(state: HistoricalState, player: int) -> None:
    state.turn = player
    state.turn_no += 1
    state.phase_name = "play"
    state.plays = state.attacks = state.steps = 0
    state.moved = state.drawn = False
    state.travelled = []
    state.defended = []
    state.gained = [0] * state.n
    state.log(player, "turn", f"Round {state.round_no}: {state.player_name(player)}'s turn.")
    upkeep(state, player)
    if state.result is None and not state.rows[player] and state.round_no == 1:
        top, state.tops[player] = state.tops[player], ""
        land = PendingLand(
            player=player,
            pile=player,
            why="first",
            card="",
            place="",
            escort=False,
            discard_self=False,
            fixed=top,
        )
        draw = PendingDraw(player=player, count=HAND_SIZE)
        # a first land fixed by the game (the class game) comes after the five cards are
        # dealt, so that it arrives in a chance step, as a land turned up does: the move
        # that ended the last turn is not credited with it (the debrief's turning points)
        state.pending.extend([land, draw] if state.game.first_lands else [draw, land])


def upkeep(state: HistoricalState, player: int) -> None:
    """Start of a turn: ages, timers, locked lands, expiries, morale each turn."""
    for key, _col in list(state.in_play_sources(player)):
        if key in state.age:
            state.age[key] += 1
    for timer in list(state.timers):
        if timer["owner"] == player:
            timer["turns_left"] -= 1
            if timer["turns_left"] <= 0:
                state.timers.remove(timer)
    for column in state.rows[player]:
        if column.locked > 0:
            column.locked -= 1
    for key, where in list(state.in_play_sources(player)):
        for effect in state.effects_of(key):
            kind = effect.kind
            ctx = Ctx(player, key, where)
            if kind == "expires" and state.age.get(key, 1) - 1 >= int(effect.turns):
                effects.remove(state, key, death=False, why=f"its {effect.turns} turns are over")
                break
            if kind == "morale_each_turn" and effects.cond(state, effect.condition, ctx):
                stop = effect.stop_at
                if stop is None or state.morale[player] < int(stop):
                    effects.change_morale(
                        state, player, int(effect.amount), f"{card_name(key)} (each turn)"
                    )
            if kind == "win_condition":
                victory.check_win_card(state, player, key, effect)


def next_in_turn(state: HistoricalState, player: int) -> tuple[int, bool]:
    """Who plays after ``player``, and whether a new round begins with them."""

    def seat(p: int) -> int:  # place in the order of play, from the first player
        return (p - state.first) % state.n

    alive = sorted(state.alive(), key=seat)
    later = [p for p in alive if seat(p) > seat(player)]
    return (later[0], False) if later else (alive[0], True)


def end_turn(state: HistoricalState) -> None:
    player = state.turn
    state.log(player, "turn", f"{state.player_name(player)} ends the turn.")
    nxt, new_round = next_in_turn(state, player)
    if new_round:
        state.round_no += 1
        if state.round_no > state.game.max_rounds:
            victory.end_by_limit(state)
            return
    start_turn(state, nxt)


# --- the engine loop -----------------------------------------------------------------
def advance(state: HistoricalState) -> None:
    """Run automatic steps until someone must decide (or the game is over)."""
    while state.result is None:
        if state.pending:
            top = state.pending[-1]
            if isinstance(top, PendingDraw):
                player = top.player
                if top.count <= 0:
                    state.pending.pop()
                    continue
                if not state.decks[player]:
                    if state.discards[player]:
                        state.decks[player] = sorted(state.discards[player])
                        state.discards[player] = []
                        state.log(
                            player,
                            "reshuffle",
                            f"{state.player_name(player)} shuffles the discard pile into a "
                            "new draw deck.",
                        )
                    else:
                        state.pending.pop()
                        continue
                return
            if isinstance(top, PendingFirst):
                return
            if isinstance(top, PendingLand):
                if top.fixed:
                    state.pending.pop()
                    moves.land_arrives(state, top, top.fixed)
                    continue
                if not state.piles[top.pile]:
                    state.pending.pop()
                    moves.land_missing(state, top)
                    continue
                return
            if isinstance(top, PendingWindow):
                if state.out[top.player] or state.steps >= TURN_CAP:
                    state.pending.pop()
                    continue
                options = moves.interrupt_options(state, top.player, top)
                if not options:
                    state.pending.pop()
                    continue
                state._ready = [Pass(), *options]
                return
            if isinstance(top, PendingPick):
                choices = top.options
                if not choices or state.out[top.player]:
                    state.pending.pop()
                    continue
                if len(choices) == 1:
                    state.pending.pop()
                    resolve_pick(state, top, choices[0])
                    continue
                return
            state.pending.pop()
            run(state, top)
            continue
        if state.out[state.turn]:
            end_turn(state)  # a player who forfeited in their own turn stops at once
            continue
        if state.phase_name == "draw" and not state.drawn:
            state.drawn = True
            need = HAND_SIZE - len(state.hands[state.turn])
            if need > 0:
                state.pending.append(PendingDraw(player=state.turn, count=need))
            continue
        actions = moves.phase_actions(state, state.turn, state.phase_name)
        if len(actions) == 1:
            why = field.no_attack_words(state, state.turn) if state.phase_name == "attack" else ""
            if why:  # a phase that passes by itself says why (lesson 54)
                state.log(state.turn, "no-attack", why)
            end_phase(state)
            continue
        state._ready = actions
        return


def end_phase(state: HistoricalState) -> None:
    """Close the phase: opponents first get a window for interrupts (from round 2)."""
    phase = state.phase_name
    state.pending.append(_NEXT_PHASE.get(phase) or PendingNextPhase(phase=phase))
    if state.round_no > 1:
        for q in reversed(state.opponents(state.turn)):
            if not _window_can_wait(state, q, phase):
                state.pending.append(_PHASE_WINDOWS[q])


def _window_can_wait(state: HistoricalState, player: int, phase: str) -> bool:
    """Whether ``player``'s window at the end of this phase may be left out: after the
    attacks of the turn are over, when ``player`` plays next and the game goes on, an
    interrupt played now does nothing it would not do at the start of their own turn."""
    if phase == "play":  # the attacks are still to come
        return False
    nxt, new_round = next_in_turn(state, state.turn)
    last_turn = new_round and state.round_no >= state.game.max_rounds
    return nxt == player and not last_turn


def next_phase(state: HistoricalState, frame: PendingNextPhase) -> None:
    phase = state.phase_name
    if phase != frame.phase:
        return
    if phase == "play":
        state.phase_name = "attack"
    elif phase == "attack":
        state.phase_name = "move"
    elif phase == "move":
        state.phase_name = "draw"
    else:
        end_turn(state)


def run(state: HistoricalState, frame: Frame) -> None:
    if isinstance(frame, PendingEffects):
        moves.run_effects(state, frame)
    elif isinstance(frame, PendingBattle):
        fighting.run_battle(state)
    elif isinstance(frame, PendingAfterWin):
        fighting.after_win(state, frame)
    elif isinstance(frame, PendingOccupy):
        fighting.occupy_check(state)
    elif isinstance(frame, PendingNextPhase):
        next_phase(state, frame)
    elif isinstance(frame, PendingNorth):
        farthest_north(state)


# --- picks -------------------------------------------------------------------------------
def resolve_pick(state: HistoricalState, frame: PendingPick, choice: str) -> None:
    purpose = frame.purpose
    player = frame.player
    if purpose == "land to discover":
        assert frame.pile is not None, "a land to discover names its pile"
        state.piles[frame.pile].remove(choice)
        moves.land_arrives(state, frame, choice)
    elif purpose in ("casualty", "kill", "toll"):
        effects.remove(
            state,
            choice,
            death=True,
            why={
                "casualty": "lost in battle",
                "kill": f"killed by {card_name(frame.source or '')}",
                "toll": f"the price of attacking {card_name(frame.source or '')}",
            }[purpose],
        )
    elif purpose == "card to lose":
        effects.remove(
            state, choice, death=True, why=f"given up to {card_name(frame.source or '')}"
        )
    elif purpose == "character to flee":
        assert frame.land is not None and frame.source is not None, "a strike names its land"
        effects.flee_and_strike(state, player, frame.land, frame.source, choice)
    elif purpose == "make room":
        effects.remove(state, choice, death=False, why="no room left on the land")
        land, place = frame.land, frame.place
        assert land is not None and place is not None, "making room names the land and card"
        found = state.column_of_land(land)
        if found is not None:
            if frame.defector:
                effects.relocate(state, place, land, "defects")
            else:
                effects.place(state, place, found[1])
    elif purpose == "defect":
        fighting.defect(state, player, choice)
    elif purpose == "take":
        victim = frame.victim
        assert victim is not None, "taking a card names whose hand"
        state.hands[victim].remove(choice)
        state.hands[player].append(choice)
        state.log(
            player,
            "take",
            f"{state.player_name(player)} takes a card from {state.player_name(victim)}'s hand.",
        )
    elif purpose == "recover":
        if choice:
            state.discards[player].remove(choice)
            state.hands[player].append(choice)
            state.log(
                player,
                "recover",
                f"{card_name(choice)} comes back to {state.player_name(player)}'s hand.",
            )
    elif purpose == "occupy":
        assert frame.land is not None, "occupying names the land"
        fighting.occupy(state, player, choice, frame.land)
    elif purpose == "escort" and choice:
        assert frame.land is not None, "an escort names the land"
        effects.relocate(state, choice, frame.land, "escorted to the new land")


# --- chance steps, answers and the end of a phase (the state's dispatch table) ------------
def apply_draw(state: HistoricalState, action: DrawCard) -> None:
    top = state.pending[-1]
    assert isinstance(top, PendingDraw)
    state.decks[action.player].remove(action.card)
    state.hands[action.player].append(action.card)
    # made directly: dataclasses.replace looks the fields up again at every draw
    state.pending[-1] = PendingDraw(top.player, top.count - 1)
    state.log(action.player, "draw", f"{state.player_name(action.player)} draws a card.")


def apply_first_player(state: HistoricalState, action: FirstPlayer) -> None:
    top = state.pending.pop()
    assert isinstance(top, PendingFirst)
    begin(state, action.player, "by the coin" if top.why == "coin" else "the coin broke the tie")


def apply_reveal_land(state: HistoricalState, action: RevealLand) -> None:
    top = state.pending.pop()
    assert isinstance(top, PendingLand)
    state.piles[top.pile].remove(action.land)
    if top.why == "top":
        state.tops[action.player] = action.land
        land = state.card(action.land)
        state.log(
            action.player,
            "land",
            f"{state.player_name(action.player)} turns up the top land: {land.name} "
            f"(its territory {land.north_text}).",
            land=action.land,
        )
    else:
        moves.land_arrives(state, top, action.land)


def apply_pick(state: HistoricalState, action: Pick) -> None:
    top = state.pending.pop()
    assert isinstance(top, PendingPick)
    resolve_pick(state, top, action.choice)


def apply_pass(state: HistoricalState, action: Pass) -> None:
    state.pending.pop()


def apply_end_phase(state: HistoricalState, action: EndPhase) -> None:
    end_phase(state)
