"""Attacks from declaration to occupation, undefended lands, and cancelling answers.

An attack runs as frames on the stack: the attacker's declaration triggers (a
leader killed before the battle, Peter Salem's toll), the defender's and then the
attacker's interrupt window, the battle itself, the beaten defender's choice of a
casualty, the winner's after-battle abilities, and the chance to occupy a land left
empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import CardBattleForecast
from hcgames.historical import effects, victory
from hcgames.historical.actions import (
    Attack,
    Confiscate,
)
from hcgames.historical.battle import BELOW_ZERO, Battle, assess
from hcgames.historical.cards import card_name, matches
from hcgames.historical.effects import Ctx
from hcgames.historical.material import (
    BATTLE_MORALE_LOSS,
)
from hcgames.historical.pending import (
    PendingAfterWin,
    PendingBattle,
    PendingOccupy,
    PendingPick,
    PendingWindow,
)
from hcgames.words import says

if TYPE_CHECKING:
    from hcgames.historical.state import Column, HistoricalState


# --- the forecast a view shows ---------------------------------------------------------
def forecast(state: HistoricalState, action: Attack) -> CardBattleForecast | None:
    """The battle ``action`` would start, worked out on a copy as the cards stand now,
    before either side answers with a card (:meth:`HistoricalState.card_battle_forecast`)."""
    after = state.copy()
    declare(after, state.current_player, action)  # nothing answered yet
    battle = after.battle
    found = state.column_of_land(battle.defence_land) if battle is not None else None
    if battle is None or found is None:
        return None
    result = assess(after, battle)
    return CardBattleForecast(
        attacker=battle.attacker,
        defender=battle.defender,
        attack=result.attack,
        defence=result.defence,
        winner=result.winner,
        decided_by=card_name(result.auto) if result.auto else "",
        takes_last=len(found[1].cards) == 1,
        attack_parts=_parts(after, battle.attack_land, "attack", result.lines),
        defence_parts=_parts(after, battle.defence_land, "defence", result.lines),
    )


def _parts(
    state: HistoricalState, land: str, role: str, lines: list[str]
) -> tuple[tuple[str, str], ...]:
    """What one side's total is made of: its cards' own strengths, then each ability and
    bonus the sums counted (the lines under "Attack:" or "Defence:" of the assessment)."""
    found = state.column_of_land(land)
    assert found is not None, "a battle's land is in play"
    strengths = sorted(
        (
            (c.attack if role == "attack" else c.defence, c.name)
            for c in (state.card(key) for key in found[1].cards)
        ),
        key=lambda pair: -pair[0],
    )
    strengths = [(n, name) for n, name in strengths if n]
    # the strongest cards by name, the rest in one sum: a sentence a class can read
    parts = [(name, f"{n}") for n, name in strengths[:4]]
    rest = strengths[4:]
    if len(rest) == 1:
        parts.append((rest[0][1], f"{rest[0][0]}"))
    elif rest:
        parts.append((f"{len(rest)} other cards there", f"{sum(n for n, _ in rest)}"))
    head = "Attack:" if role == "attack" else "Defence:"
    if head not in lines:
        return tuple(parts)
    for line in lines[lines.index(head) + 1 :]:
        if not line.startswith("  "):
            break
        what, _, amount = line.strip().rpartition(": ")
        if amount.startswith("x"):
            # a card that doubles or halves some of the cards: no plain sum says it
            # rightly, so only the totals are shown
            return ()
        if what == BELOW_ZERO:
            parts.append(("a sum below zero, which counts as", "=0"))
        else:
            parts.append((what, amount))
    return tuple(parts)


# --- declaring ---------------------------------------------------------------------
def declare(state: HistoricalState, player: int, action: Attack) -> None:
    found_a = state.column_of_land(action.land)
    found_d = state.column_of_land(action.target)
    assert found_a is not None and found_d is not None
    defender, d_col = found_d
    a_col = found_a[1]
    state.battle = Battle(
        attacker=player,
        defender=defender,
        attack_land=action.land,
        defence_land=action.target,
        index=state.attacks,
        first_defence=action.target not in state.defended,
    )
    state.attacks += 1
    state.defended.append(action.target)
    state.log(
        player,
        "attack",
        f"{state.player_name(player)} attacks {card_name(action.target)} "
        f"({state.player_name(defender)}) from {card_name(action.land)}.",
        **{"from": action.land, "to": action.target},
    )
    state.pending.append(PendingBattle())
    state.pending.append(PendingWindow(player=player, why="attack"))
    state.pending.append(PendingWindow(player=defender, why="attack"))
    for key in d_col.cards:
        for index, effect in enumerate(state.effects_of(key)):
            if effect.kind != "toll" or not state.uses_left(key, index, effect):
                continue
            # the price is a character (Peter Salem's card); an attack from a land with
            # none does not use up one of his tolls
            options = [k for k in a_col.cards if state.card(k).category == "character"]
            if options:
                state.spend_use(key, index, effect)
                state.pending.append(
                    PendingPick(player=player, purpose="toll", options=options, source=key)
                )
    for key in a_col.cards:
        for index, effect in enumerate(state.effects_of(key)):
            if effect.when != "attack" or effect.kind != "kill_character":
                continue
            if not state.uses_left(key, index, effect):
                continue
            if not effects.cond(
                state, effect.condition, Ctx(player, key, a_col, state.battle, "attack")
            ):
                continue
            options = [k for k in d_col.cards if matches(state.card(k), effect.match)]
            if options:
                state.spend_use(key, index, effect)
                state.pending.append(
                    PendingPick(player=player, purpose="kill", options=options, source=key)
                )


# --- the battle ------------------------------------------------------------------------
def run_battle(state: HistoricalState) -> None:
    battle = state.battle
    if battle is None:
        return
    found_a = state.column_of_land(battle.attack_land)
    found_d = state.column_of_land(battle.defence_land)
    if battle.cancelled or found_a is None or found_d is None or found_a[0] != battle.attacker:
        state.battle = None
        return
    a_col, d_col = found_a[1], found_d[1]
    attacker, defender = battle.attacker, battle.defender
    if not a_col.cards or not d_col.cards:
        state.log(attacker, "battle", "Nobody is left to fight; the battle does not happen.")
        state.pending.append(PendingOccupy())
        return
    for side, col, role in ((attacker, a_col, "attack"), (defender, d_col, "defence")):
        for key in list(col.cards):
            for index, effect in enumerate(state.effects_of(key)):
                if (
                    effect.when == "battle"
                    and state.uses_left(key, index, effect)
                    and effects.cond(state, effect.condition, Ctx(side, key, col, battle, role))
                ):
                    state.spend_use(key, index, effect)
                    effects.change_morale(
                        state, side, int(effect.amount), f"{card_name(key)} in battle"
                    )
    result = assess(state, battle)
    for entry in result.spent:
        state.spend_use(entry.key, entry.index, entry.effect)
    # the ability named as the reason (two battles with the same totals and opposite
    # results read as a contradiction when only the card was named)
    how = (
        f" (the ability of {card_name(result.auto)} wins it outright, whatever the totals)"
        if result.auto
        else ""
    )
    verdict = {
        "attack": "the attacker wins",
        "defence": "the defender holds",
        "draw": "a draw",
    }[result.winner]
    state.log(
        attacker,
        "battle",
        f"Battle for {card_name(battle.defence_land)}: attack {result.attack} against defence "
        f"{result.defence}: {verdict}{how}.",
        attack=result.attack,
        defence=result.defence,
        winner=result.winner,
        auto=result.auto,
        lines=list(result.lines),
    )
    if result.winner == "attack":
        effects.change_morale(state, defender, -BATTLE_MORALE_LOSS, "battle lost")
        state.pending.append(PendingOccupy())
        state.pending.append(PendingAfterWin())
        pool = [k for k in d_col.cards if not effects.planted(state, k, defender)] or list(
            d_col.cards
        )
        state.pending.append(PendingPick(player=defender, purpose="casualty", options=pool))
    elif result.winner == "defence":
        effects.change_morale(state, attacker, -BATTLE_MORALE_LOSS, "battle lost")
        winners_react(state, defender, d_col, "defence")
        state.battle = None
    else:
        state.battle = None


def winners_react(state: HistoricalState, player: int, col: Column, role: str) -> None:
    battle = state.battle
    for key in list(col.cards):
        for index, effect in enumerate(state.effects_of(key)):
            moment = effect.when
            if moment not in ("win", "defend_win") or effect.kind != "morale":
                continue
            if moment == "defend_win" and role != "defence":
                continue
            if state.uses_left(key, index, effect) and effects.cond(
                state, effect.condition, Ctx(player, key, col, battle, role)
            ):
                state.spend_use(key, index, effect)
                effects.change_morale(
                    state, player, int(effect.amount), f"{card_name(key)} after the battle"
                )


def after_win(state: HistoricalState, frame: PendingAfterWin) -> None:
    battle = state.battle
    if battle is None:
        return
    player, defender = battle.attacker, battle.defender
    found_a = state.column_of_land(battle.attack_land)
    found_d = state.column_of_land(battle.defence_land)
    if found_a is None:
        return
    a_col = found_a[1]
    winners_react(state, player, a_col, "attack")
    for key in list(a_col.cards):
        for index, effect in enumerate(state.effects_of(key)):
            if effect.when != "win" or not state.uses_left(key, index, effect):
                continue
            kind = effect.kind
            if kind == "defect_on_win" and found_d is not None:
                options = [k for k in found_d[1].cards if state.card(k).category == "character"]
                if options:
                    state.spend_use(key, index, effect)
                    state.pending.append(
                        PendingPick(player=player, purpose="defect", options=options)
                    )
            elif kind == "take_from_hand":
                guarded = any(
                    e.kind == "protect_hand"
                    for k, _c in state.in_play_sources(defender)
                    for e in state.effects_of(k)
                )
                if state.hands[defender] and not guarded:
                    state.spend_use(key, index, effect)
                    state.pending.append(
                        PendingPick(
                            player=player,
                            purpose="take",
                            options=list(state.hands[defender]),
                            victim=defender,
                        )
                    )
            elif kind == "recover":
                options = sorted(set(state.discards[player]))
                if options:
                    state.pending.append(
                        PendingPick(player=player, purpose="recover", options=["", *options])
                    )


def defect(state: HistoricalState, player: int, choice: str) -> None:
    battle = state.battle
    if battle is None:
        return
    found_a = state.column_of_land(battle.attack_land)
    if found_a is None:
        return
    a_col = found_a[1]
    state.log(
        player,
        "defect",
        f"{says(card_name(choice), 'changes')} sides and joins {state.player_name(player)}.",
    )
    if effects.can_stand(state, a_col, state.card(choice)):
        effects.relocate(state, choice, battle.attack_land, "defects")
    else:
        state.pending.append(
            PendingPick(
                player=player,
                purpose="make room",
                options=list(a_col.cards),
                place=choice,
                land=battle.attack_land,
                defector=True,
            )
        )


# --- taking lands ------------------------------------------------------------------------
def occupy_check(state: HistoricalState) -> None:
    battle = state.battle
    state.battle = None
    if battle is None:
        return
    found_d = state.column_of_land(battle.defence_land)
    if found_d is None:
        return
    if found_d[1].cards:
        # a won battle takes one card, not the land: say so where the student reads
        holder, left = found_d[0], len(found_d[1].cards)
        stand = "card still stands" if left == 1 else "cards still stand"
        state.log(
            battle.attacker,
            "battle",
            f"{card_name(battle.defence_land)} stays {state.player_name(holder)}'s: a land "
            f"changes hands only when no card is left on it, and {left} {stand} there.",
        )
        return
    player = battle.attacker
    defender, d_col = found_d
    if divided(state, player, defender, d_col):
        return
    options = spare_cards(state, player, d_col, battle.attack_land)
    if options:
        state.pending.append(
            PendingPick(
                player=player, purpose="occupy", options=["", *options], land=battle.defence_land
            )
        )


def spare_cards(state: HistoricalState, player: int, target: Column, attack_land: str) -> list[str]:
    goal = state.card(target.land)
    out = []
    for col in state.rows[player]:
        if len(col.cards) < 2:
            continue
        same = state.card(col.land).continent == goal.continent
        if col.land != attack_land and not same:
            continue
        for key in col.cards:
            if key in state.travelled or effects.planted(state, key, player):
                continue
            if effects.placement_allowed(state, target, state.card(key)):
                out.append(key)
    return out


def divided(state: HistoricalState, player: int, holder: int, col: Column) -> bool:
    """A duplicate land emptied by its rival holder goes to its owner's discard pile."""
    name = state.card(col.land).name
    if not any(state.card(c.land).name == name for c in state.rows[player]):
        return False
    state.rows[holder].remove(col)
    state.to_discard(col.land)
    state.log(
        holder,
        "land",
        f"The divided land {name} is whole again: {state.player_name(holder)}'s copy goes to "
        "its owner's discard pile.",
    )
    victory.after_land_loss(state, player, holder)
    return True


def occupy(state: HistoricalState, player: int, choice: str, land: str) -> None:
    found = state.column_of_land(land)
    if not choice or found is None or found[1].cards:
        state.log(player, "occupy", f"{state.player_name(player)} leaves the empty land alone.")
        return
    note_journey(state, choice)
    capture(state, player, found[0], found[1], choice)


def capture(state: HistoricalState, player: int, holder: int, col: Column, key: str) -> None:
    found = state.find_column(key)
    if found is not None:
        found[1].cards.remove(key)
    state.rows[holder].remove(col)
    state.rows[player].append(col)
    col.cards.append(key)
    state.log(
        player,
        "capture",
        f"{state.player_name(player)} takes {card_name(col.land)} from "
        f"{state.player_name(holder)} with {card_name(key)}.",
        land=col.land,
    )
    effects.welcome(state, key, col)
    victory.after_land_loss(state, player, holder)


def note_journey(state: HistoricalState, key: str) -> None:
    """An explorer that changes land has made its one move of the turn."""
    if key and state.card(key).is_explorer and key not in state.travelled:
        state.travelled.append(key)


def confiscate(state: HistoricalState, player: int, action: Confiscate) -> None:
    found = state.column_of_land(action.land)
    assert found is not None
    holder, col = found
    note_journey(state, action.card)
    note_journey(state, action.explorer)
    if divided(state, player, holder, col):
        return
    if action.explorer:
        capture(state, player, holder, col, action.explorer)
        effects.relocate(
            state, action.card, action.land, f"carried by {card_name(action.explorer)}"
        )
    else:
        capture(state, player, holder, col, action.card)


def stage_battle(state: HistoricalState, attack_land: str, defence_land: str) -> None:
    """Set up a battle between two lands now, whatever the rules of engagement say
    (for teaching: "what if these two lands fought?"); the turn loop then fights it."""
    attacker = state.column_of_land(attack_land)
    defender = state.column_of_land(defence_land)
    if attacker is None or defender is None:
        raise ValueError("both lands must be on the battlefield")
    state.battle = Battle(
        attacker=attacker[0],
        defender=defender[0],
        attack_land=attack_land,
        defence_land=defence_land,
        index=0,
        first_defence=True,
    )
    state.log(
        attacker[0],
        "attack",
        f"A staged battle: {says(card_name(attack_land), 'attacks')} {card_name(defence_land)}.",
        **{"from": attack_land, "to": defence_land},
    )
    state.pending.append(PendingBattle())
