"""What a player may do, per phase, how each action is carried out, and why an action is
refused (the refusal beside the legality it explains).

The module runs per action: its legal choices (``*_options``), the broken rule in words
a student understands when an action is refused (``*_refusal``, asked by
:func:`why_illegal` only after an action was found illegal; it never changes the
position) and carrying it out (``apply_*``, the state's dispatch table).

Playing cards from the hand: placing them, queueing their effects, held abilities.

A card played (or played as an interrupt) leaves the hand and goes where it belongs:
a character or army into a land column (or, for a spy, into an opponent's land), a
lasting card into its owner's active pile, anything else to the discard pile once
its effects have worked. Its effects do not work at once: they wait in an effects
frame on the stack, and from round two every player they reach first gets a window
to answer with an interrupt. The turn loop in :mod:`hcgames.historical.turn` runs
the frame when its turn on the stack comes.

Discovering lands: first lands, explorers' finds and who comes along.

A land arrives from a land pile, either the player's own first land or a land that
an explorer (or another card) discovers; the draw itself is a chance step, or a pick
when a card lets its player choose. The new land opens a column, its own play
effects are queued, the explorer that found it steps onto it (or anywhere there is
room), the finder's discovery rewards are paid, and an escort may follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.core import CHANCE, Action
from hcgames.historical import effects, fighting
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
from hcgames.historical.cards import INTERACTING, Card
from hcgames.historical.effects import Ctx
from hcgames.historical.material import (
    ATTACK_MORALE,
    ATTACKS_PER_TURN,
    COLUMN_SIZE,
    FIRST_ATTACK_ROUND,
    PLAYS_PER_TURN,
    TURN_CAP,
)
from hcgames.historical.pending import PendingEffects, PendingLand, PendingPick, PendingWindow
from hcgames.historical.world import can_travel
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.historical.state import Column, HistoricalState

Refusal = tuple[str, str]

#: held abilities whose price is discarding one of your own cards from the battlefield
#: (Eli Whitney): like every battlefield discard, using one is one of the three plays
DISCARDS_OWN_CARD = frozenset({"lasting_bonus"})


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
            f"{state.pname(state.turn)}'s turn)",
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
    who = state.pname(state.current_player)
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


def known(state: HistoricalState, key: str) -> Card | None:
    return state.game.key_cards.get(key) if isinstance(key, str) else None


def own_column(state: HistoricalState, player: int, land: str) -> Column | None:
    for col in state.rows[player]:
        if col["land"] == land:
            return col
    return None


def room_refusal(
    state: HistoricalState, col: Column, card: Card, joining: int = 1
) -> Refusal | None:
    """Why ``card`` (with ``joining - 1`` other cards) cannot stand on ``col``."""
    land = state.name(col["land"])
    if col["locked"] > 0:
        return (
            f"{land} was destroyed and cannot be used for {plural(col['locked'], 'more turn')}",
            "destroyed lands",
        )
    if card.category == "army" and any(state.card(k).category == "army" for k in col["cards"]):
        return (
            f"{land} already has an army: only one army may stand on a land",
            "one army per land",
        )
    if len(col["cards"]) + joining > effects.capacity(state, col):
        return (
            f"{land} is full: a land holds {COLUMN_SIZE} cards (at most one of them an army) "
            f"unless a card gives it more room, and it holds {len(col['cards'])} of "
            f"{effects.capacity(state, col)}",
            "land full",
        )
    if not effects.placement_allowed(state, col, card):
        if card.coastal_only and not state.card(col["land"]).coastal:
            return (f"{card.name} can only stand on a land by the sea", "coastal lands")
        return (
            f"{card.name} may not stand on {land}: that land or a card on it forbids it",
            "placement bans",
        )
    return None


def hand_refusal(state: HistoricalState, player: int, key: str) -> Refusal | None:
    if key not in state.hands[player]:
        return (
            f"{state.name(key)} is not in {state.pname(player)}'s hand",
            "play from your hand",
        )
    return None


# --- playing a card from the hand (play phase, up to three plays) ------------------------
def play_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    first_round = state.round_no == 1
    for key in state.hands[player]:
        card = state.card(key)
        if card.is_land or card.interrupt or effects.spies_forbidden(state, player, card):
            continue
        # round one: no card may touch an opponent; an explorer still comes into play
        # (and may discover a land) with its reaching ability left unused
        quiet = first_round and effects.interacts(state, key, "play")
        if quiet and not card.is_explorer:
            continue
        options = range(len(card.variants)) if len(card.variants) > 1 else (-1,)
        targets = [()] if quiet else target_lists(state, player, key, "play")
        if not targets:
            if not card.is_unit:
                continue
            targets = [()]  # a character stands even when its ability finds no target
        if card.is_unit:
            if card.has_kind("plant"):
                lands = [
                    c
                    for q in state.opponents(player)
                    for c in state.rows[q]
                    if c["locked"] == 0 and effects.placement_allowed(state, c, card)
                ]
            else:
                lands = effects.standing_land(state, card, player)
                if card.is_explorer and state.piles[player]:
                    for option in options:
                        out.append(PlayCard(key, "", (), option, True))
            for col in lands:
                for target in targets:
                    for option in options:
                        out.append(PlayCard(key, col["land"], target, option))
        else:
            for target in targets:
                for option in options:
                    out.append(PlayCard(key, "", target, option))
    return out


def target_lists(
    state: HistoricalState, player: int, key: str, moment: str
) -> list[tuple[str, ...]]:
    found = effects.targeted_effect(state, key, moment)
    if found is None:
        return [()]
    _index, effect = found
    return effects.targets(state, player, key, effect, None)


def play_refusal(state: HistoricalState, player: int, action: PlayCard) -> Refusal | None:
    card = known(state, action.card)
    if card is None:
        return (f"{action.card!r} is not a card of this game", "cards")
    if state.plays >= PLAYS_PER_TURN:
        return (
            f"{state.pname(player)} has used all {PLAYS_PER_TURN} plays this turn",
            "three plays a turn",
        )
    if state.phase_name != "play":
        return (
            f"cards are played in the play phase; in the {state.phase_name} phase only "
            "interrupt cards and held abilities may be used",
            "play phase",
        )
    found = hand_refusal(state, player, action.card)
    if found:
        return found
    if card.is_land:
        return (
            f"{card.name} is a land: lands enter play only as a player's first land, "
            "through an explorer or by a card's ability, never played from the hand "
            "like an event (it may be discarded from the hand)",
            "land cards",
        )
    if card.interrupt:
        return (
            f"{card.name} is an interrupt card: play it as an interrupt (it is a free play)",
            "interrupt cards",
        )
    if effects.spies_forbidden(state, player, card):
        return ("an opponent's card keeps spies out", "spies")
    if (
        state.round_no == 1
        and effects.interacts(state, action.card, "play")
        and not card.is_explorer
    ):
        return (
            "the first round builds civilisations: no card may touch an opponent",
            "first round",
        )
    if action.discover:
        if not card.is_explorer:
            return ("only an explorer discovers a land when it is played", "explorers")
        if not state.piles[player]:
            return (
                f"{state.pname(player)}'s land pile is empty: there is no land to discover",
                "explorers",
            )
    elif card.is_unit and not card.plants:
        if not action.land:
            return (f"{card.name} must stand on one of your lands", "placing cards")
        col = own_column(state, player, action.land)
        if col is None:
            return (
                f"{state.name(action.land)} is not one of {state.pname(player)}'s lands",
                "placing cards",
            )
        found = room_refusal(state, col, card)
        if found:
            return found
    elif not card.is_unit and action.land:
        return (
            "only characters and armies stand on lands; this card is simply played",
            "placing cards",
        )
    if len(card.variants) > 1 and not 0 <= action.option < len(card.variants):
        return (
            f"{card.name} needs one of its {len(card.variants)} options chosen",
            "choice cards",
        )
    return ("that target is not one this card can aim at now", "targets")


def apply_play_card(state: HistoricalState, player: int, action: PlayCard) -> None:
    play(
        state,
        player,
        action.card,
        action.land,
        action.targets,
        action.option,
        action.discover,
        free=False,
    )


def play(
    state: HistoricalState,
    player: int,
    key: str,
    land: str,
    targets: tuple[str, ...],
    option: int,
    discover: bool,
    *,
    free: bool,
) -> None:
    card = state.card(key)
    state.hands[player].remove(key)
    if not free:
        state.plays += 1
    if option >= 0:
        state.choices[key] = option
    verb = "interrupts with" if free else "plays"
    where = " to discover a land" if discover else f" on {state.name(land)}" if land else ""
    state.log(
        player, "play", f"{state.pname(player)} {verb} {state.name(key)}{where}.", {"card": key}
    )
    if card.context:
        state.log(player, "context", f"{card.name}: {card.context}", {"card": key})
    for q in state.opponents(player):
        for other in list(state.active[q]):
            for effect in state.effects_of(other):
                if effect["kind"] == "win_condition" and card.name in effect.get(
                    "undone_by", {}
                ).get("name", []):
                    effects.remove(state, other, death=False, why=f"undone by {card.name}")
    abilities = state.effects_of(key)
    then = ""
    if card.is_unit:
        if discover:
            pass  # the explorer lands with its discovery, after its play abilities are queued
        elif card.has_kind("plant"):
            plant(state, player, key, land, abilities)
        else:
            found = state.column_of_land(land)
            assert found is not None
            effects.place(state, key, found[1])
    elif any(e["when"] in ("constant", "hold") for e in abilities):
        state.active[player].append(key)
        state.age[key] = 1
    else:
        then = "discard"
    idx = [
        i
        for i, e in enumerate(abilities)
        if e["when"] == "play"
        and e["kind"] != "plant"
        and not (card.is_explorer and e["kind"] == "discover_land")
        and not (state.round_no == 1 and e["kind"] in INTERACTING)
    ]
    push_effects(state, player, key, "play", idx, targets, then)
    if discover:
        spec = next((e for e in abilities if e["kind"] == "discover_land"), {})
        effects.push_discovery(
            state,
            player,
            player,
            key,
            place=key,
            escort=bool(spec.get("escort")),
            discard_self=bool(spec.get("discard_self")),
            choose=spec.get("source") == "choice",
        )


def push_effects(
    state: HistoricalState,
    player: int,
    key: str,
    moment: str,
    idx: list[int],
    targets: tuple[str, ...],
    then: str,
) -> None:
    if not idx and not then:
        return
    frame = PendingEffects(
        id=state.new_frame_id(),
        player=player,
        card=key,
        moment=moment,
        indices=idx,
        targets=list(targets),
        cancel=[],
        reverse=[],
        cancel_morale=[],
        then=then,
    )
    state.pending.append(frame)
    if state.round_no > 1 and idx:
        for q in reversed(effects.affected_players(state, player, key, moment, targets)):
            state.pending.append(PendingWindow(player=q, why="target", answers=frame.id))


def run_effects(state: HistoricalState, frame: PendingEffects) -> None:
    player, key = frame.player, frame.card
    abilities = state.effects_of(key)
    for index in frame.indices:
        if state.result is not None:
            return
        effects.do(state, player, key, index, abilities[index], tuple(frame.targets), frame)
    if frame.then == "discard":
        state.to_discard(key)


def plant(state: HistoricalState, player: int, key: str, land: str, abilities: Any) -> None:
    found = state.column_of_land(land)
    assert found is not None
    holder, col = found
    spec = next(e for e in abilities if e["kind"] == "plant")
    effects.change_morale(
        state, holder, int(spec["morale"]), f"{state.name(key)} is planted in {state.name(land)}"
    )
    if effects.has_room(state, col, state.card(key)):
        effects.place(state, key, col)
    else:
        state.pending.append(
            PendingPick(
                player=holder, purpose="make room", options=list(col["cards"]), place=key, land=land
            )
        )


# --- interrupts (any turn, any phase, in a window) ---------------------------------------
def interrupt_options(
    state: HistoricalState, player: int, window: PendingWindow | None
) -> list[Action]:
    """Interrupt cards ``player`` can play now (in ``window``, or in their own turn)."""
    out: list[Action] = []
    if state.round_no == 1 and window is not None:
        return out
    fx = window_frame(state, window)
    for key in state.hands[player]:
        card = state.card(key)
        if not card.interrupt or effects.spies_forbidden(state, player, card):
            continue
        if state.round_no == 1 and effects.interacts(state, key, "play"):
            continue
        if not interrupt_fits(state, player, key, window, fx):
            continue
        targets = target_lists(state, player, key, "play")
        if card.is_unit:
            for col in effects.standing_land(state, card, player):
                for target in targets:
                    out.append(Interrupt(key, col["land"], target))
        else:
            for target in targets:
                out.append(Interrupt(key, "", target))
    return out


def window_frame(state: HistoricalState, window: PendingWindow | None) -> PendingEffects | None:
    """The card's effects a "target" window answers."""
    if window is None or window.why != "target":
        return None
    for frame in state.pending:
        if isinstance(frame, PendingEffects) and frame.id == window.answers:
            return frame
    return None


def interrupt_fits(
    state: HistoricalState,
    player: int,
    key: str,
    window: PendingWindow | None,
    fx: PendingEffects | None,
) -> bool:
    for effect in state.effects_of(key):
        if effect["when"] != "play":
            continue
        kind = effect["kind"]
        if kind == "cancel_effect":
            if fx is None:
                return False
            source = state.card(fx.card)
            if effect["what"] == "event" and source.category != "event":
                return False
            if effect["what"] == "morale_loss" and not any(
                state.effects_of(fx.card)[i]["kind"] in ("morale_opponents", "plant")
                for i in fx.indices
            ):
                return False
        if kind == "block_attacks" and "attacker_has" in effect.get("if", {}):
            battle = state.battle
            if window is None or window.why != "attack" or battle is None:
                return False
            if battle.defender != player:
                return False
            found = state.column_of_land(battle.attack_land)
            if found is None or not effects.cond(
                state, effect["if"], Ctx(player, key, None, battle, "defence", attack_col=found[1])
            ):
                return False
    return True


def interrupt_refusal(state: HistoricalState, player: int, action: Interrupt) -> Refusal | None:
    card = known(state, action.card)
    if card is None:
        return (f"{action.card!r} is not a card of this game", "cards")
    found = hand_refusal(state, player, action.card)
    if found:
        return found
    if not card.interrupt:
        return (
            f"{card.name} is not an interrupt card: it can only be played in your play phase",
            "interrupt cards",
        )
    top = state.pending[-1] if state.pending else None
    if state.round_no == 1 and (top is not None or effects.interacts(state, action.card, "play")):
        return (
            "the first round builds civilisations: no card may touch an opponent",
            "first round",
        )
    if player != state.turn and not isinstance(top, PendingWindow):
        return (
            "an interrupt in another player's turn waits for an interrupt window",
            "interrupt window",
        )
    if card.is_unit:
        col = own_column(state, player, action.land)
        if col is None:
            return (f"{card.name} must stand on one of your lands", "placing cards")
        found = room_refusal(state, col, card)
        if found:
            return found
    kinds = {e["kind"] for e in state.effects_of(action.card) if e["when"] == "play"}
    if "cancel_effect" in kinds:
        return (
            f"{card.name} answers an opponent's card aimed at you; there is none to answer now",
            "interrupt cards",
        )
    if "block_attacks" in kinds:
        return (
            f"{card.name} works only when you are attacked by the right kind of attacker",
            "interrupt cards",
        )
    return ("that target is not one this card can aim at now", "targets")


def apply_interrupt(state: HistoricalState, player: int, action: Interrupt) -> None:
    play(state, player, action.card, action.land, action.targets, -1, False, free=True)


# --- held abilities (at any time in the player's own turn) -------------------------------
def ability_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    cards = state.game.key_cards
    for key, col in state.in_play_sources(player):
        if not cards[key].held:
            continue
        for index, effect in enumerate(state.effects_of(key)):
            if effect["when"] != "hold" or not state.uses_left(key, index, effect):
                continue
            if state.round_no == 1 and effect["kind"] in INTERACTING:
                continue
            if not effects.cond(state, effect.get("if"), Ctx(player, key, col)):
                continue
            if effect["kind"] == "discover_land" and not state.piles[player]:
                continue
            if effect["kind"] in DISCARDS_OWN_CARD and (
                state.phase_name != "play" or state.plays >= PLAYS_PER_TURN
            ):
                continue
            if effect["kind"] in (
                "morale_opponents",
                "kill_character",
                "duel",
                "lasting_bonus",
                "move_card",
                "recover",
            ):
                targets = effects.targets(state, player, key, effect, col)
            else:
                targets = [()]
            for target in targets:
                out.append(UseAbility(key, index, target))
    return out


def ability_refusal(state: HistoricalState, player: int, action: UseAbility) -> Refusal | None:
    if player != state.turn:
        return ("held abilities are used in their owner's own turn", "held abilities")
    if state.controller(action.card) != player:
        return (
            f"{state.name(action.card)} is not in play on {state.pname(player)}'s side",
            "held abilities",
        )
    abilities = state.effects_of(action.card)
    if not 0 <= action.effect < len(abilities) or abilities[action.effect]["when"] != "hold":
        return (
            f"{state.name(action.card)} has no ability to use when you choose",
            "held abilities",
        )
    effect = abilities[action.effect]
    if not state.uses_left(action.card, action.effect, effect):
        return (
            f"the ability of {state.name(action.card)} has been used up",
            "abilities used once",
        )
    if state.round_no == 1 and effect["kind"] in ("morale_opponents", "kill_character", "duel"):
        return (
            "the first round builds civilisations: no card may touch an opponent",
            "first round",
        )
    if effect["kind"] in DISCARDS_OWN_CARD:
        if state.phase_name != "play":
            return (
                f"the ability of {state.name(action.card)} discards a card from the "
                "battlefield, which counts as one of the three plays and happens in your "
                "play phase",
                "play phase",
            )
        if state.plays >= PLAYS_PER_TURN:
            return (
                f"{state.pname(player)} has used all {PLAYS_PER_TURN} plays this turn, and "
                f"the ability of {state.name(action.card)} discards a card from the "
                "battlefield, which counts as a play",
                "three plays a turn",
            )
    return (
        "its condition does not hold now, or that target is not one it can aim at",
        "targets",
    )


def apply_use_ability(state: HistoricalState, player: int, action: UseAbility) -> None:
    use(state, player, action)


def use(state: HistoricalState, player: int, action: UseAbility) -> None:
    if state.effects_of(action.card)[action.effect]["kind"] in DISCARDS_OWN_CARD:
        # discarding a card from the battlefield is one of the turn's three plays
        state.plays += 1
    state.log(
        player, "ability", f"{state.pname(player)} uses the ability of {state.name(action.card)}."
    )
    push_effects(state, player, action.card, "hold", [action.effect], action.targets, "")


# --- discarding from the hand or the battlefield (counts as a play) ----------------------
def discard_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = [Discard(k) for k in state.hands[player]]
    for col in state.rows[player]:
        for key in col["cards"]:
            if not effects.planted(state, key, player):
                out.append(Retire(key))
    return out


def discard_refusal(
    state: HistoricalState, player: int, action: Discard | Retire
) -> Refusal | None:
    if player != state.turn or state.phase_name != "play":
        return (
            "discarding counts as one of the three plays and happens in your play phase",
            "play phase",
        )
    if state.plays >= PLAYS_PER_TURN:
        return (
            f"{state.pname(player)} has used all {PLAYS_PER_TURN} plays this turn",
            "three plays a turn",
        )
    if isinstance(action, Discard):
        return hand_refusal(state, player, action.card)
    found = state.find_column(action.card)
    if found is None or found[0] != player:
        return (
            f"{state.name(action.card)} is not on {state.pname(player)}'s battlefield",
            "discarding",
        )
    return (
        "a card an opponent planted in your land cannot be discarded by you",
        "planted cards",
    )


def apply_discard(state: HistoricalState, player: int, action: Discard) -> None:
    state.plays += 1
    state.hands[player].remove(action.card)
    state.to_discard(action.card)
    state.log(
        player,
        "discard",
        f"{state.pname(player)} discards {state.name(action.card)} from the hand.",
    )


def apply_retire(state: HistoricalState, player: int, action: Retire) -> None:
    state.plays += 1
    effects.remove(state, action.card, death=False, why=f"{state.pname(player)} discards it")


# --- attacks (attack phase) --------------------------------------------------------------
def may_attack(state: HistoricalState, player: int) -> bool:
    return (
        state.round_no >= FIRST_ATTACK_ROUND
        and state.morale[player] >= ATTACK_MORALE
        and state.attacks < ATTACKS_PER_TURN
    )


def attack_options(state: HistoricalState, player: int) -> list[Action]:
    if not may_attack(state, player):
        return []
    out: list[Action] = []
    for col in state.rows[player]:
        if col["locked"] or not col["cards"] or effects.attack_blocked_from(state, player, col):
            continue
        for q in state.opponents(player):
            for target in state.rows[q]:
                if target["locked"] or not target["cards"]:
                    continue
                if can_reach(state, col, target) and not effects.attack_blocked_on(
                    state, player, col, q, target
                ):
                    out.append(Attack(col["land"], target["land"]))
    return out


def can_reach(state: HistoricalState, col: Column, target: Column) -> bool:
    """Same continent, or an explorer on the attacking land can travel there."""
    start, goal = state.card(col["land"]), state.card(target["land"])
    if start.continent == goal.continent:
        return True
    return any(
        state.card(k).is_explorer and can_travel(state.card(k).travel, start, goal)
        for k in col["cards"]
    )


def attack_refusal(state: HistoricalState, player: int, action: Attack) -> Refusal | None:
    if state.round_no < FIRST_ATTACK_ROUND:
        return ("attacks wait until every player has had two turns", "attacking")
    if state.morale[player] < ATTACK_MORALE:
        return (
            f"{state.pname(player)} needs {ATTACK_MORALE} morale to attack, "
            f"has {state.morale[player]}",
            "attacking",
        )
    if state.attacks >= ATTACKS_PER_TURN:
        return (f"at most {ATTACKS_PER_TURN} attacks a turn", "two attacks a turn")
    if state.phase_name != "attack":
        return (
            f"attacks are declared in the attack phase, not the {state.phase_name} phase",
            "attacking",
        )
    col = own_column(state, player, action.land)
    if col is None:
        return (
            f"{state.name(action.land)} is not one of {state.pname(player)}'s lands",
            "attacking",
        )
    found = state.column_of_land(action.target)
    if found is None or found[0] == player:
        return (f"{state.name(action.target)} is not an opponent's land", "attacking")
    target = found[1]
    if col["locked"] or target["locked"]:
        return (
            "a destroyed land can neither attack nor be attacked for now",
            "destroyed lands",
        )
    if not col["cards"]:
        return ("an attack needs characters or armies on the attacking land", "attacking")
    if not target["cards"]:
        return (
            "that land is undefended: there is nobody to fight; take it in the move phase "
            "with a spare card instead",
            "undefended lands",
        )
    if not can_reach(state, col, target):
        start, goal = state.card(col["land"]), state.card(target["land"])
        return (
            f"an attack must stay on one continent ({start.name} is in {start.continent}, "
            f"{goal.name} in {goal.continent}) unless an explorer on the attacking land "
            "can reach the target",
            "same continent",
        )
    return ("a card in play blocks this attack", "blocked attacks")


def apply_attack(state: HistoricalState, player: int, action: Attack) -> None:
    fighting.declare(state, player, action)


# --- the turn's move and explorers' journeys (move phase) --------------------------------
def move_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    cols = state.rows[player]
    if not state.moved:
        for col in cols:
            for key in col["cards"]:
                if effects.planted(state, key, player) or key in state.travelled:
                    continue
                card = state.card(key)
                for goal in cols:
                    if goal is col or goal["locked"]:
                        continue
                    same = state.card(goal["land"]).continent == state.card(col["land"]).continent
                    if same and effects.can_stand(state, goal, card):
                        out.append(Move(key, goal["land"]))
    for col in cols:
        for key in col["cards"]:
            card = state.card(key)
            if (
                not card.is_explorer
                or key in state.travelled
                or effects.planted(state, key, player)
            ):
                continue
            start = state.card(col["land"])
            for goal in cols:
                if goal is col or not effects.can_stand(state, goal, card):
                    continue
                if not can_travel(card.travel, start, state.card(goal["land"])):
                    continue
                out.append(ExplorerMove(key, goal["land"], ""))
                for other in col["cards"]:
                    if (
                        other != key
                        and other not in state.travelled
                        and not effects.planted(state, other, player)
                        and fits_two(state, goal, card, state.card(other))
                    ):
                        out.append(ExplorerMove(key, goal["land"], other))
    if state.round_no >= 2:
        out.extend(confiscate_options(state, player))
    return out


def fits_two(state: HistoricalState, col: Column, first: Card, second: Card) -> bool:
    if len(col["cards"]) + 2 > effects.capacity(state, col) or not effects.placement_allowed(
        state, col, second
    ):
        return False
    armies = sum(1 for k in col["cards"] if state.card(k).category == "army")
    armies += (first.category == "army") + (second.category == "army")
    return armies <= 1


def move_refusal(state: HistoricalState, player: int, action: Move) -> Refusal | None:
    if state.phase_name != "move":
        return (f"cards move in the move phase, not the {state.phase_name} phase", "moving")
    if state.moved:
        return (
            "only one character or army may move each turn, and it has moved",
            "one move a turn",
        )
    found = state.find_column(action.card)
    if found is None or found[0] != player or action.card not in found[1]["cards"]:
        return (
            f"{state.name(action.card)} is not on {state.pname(player)}'s battlefield",
            "moving",
        )
    if effects.planted(state, action.card, player):
        return (
            "a card an opponent planted in your land cannot be moved by you",
            "planted cards",
        )
    if action.card in state.travelled:
        return (
            f"{state.name(action.card)} is an explorer and has already moved this turn",
            "explorers move once a turn",
        )
    goal = own_column(state, player, action.land)
    if goal is None or goal is found[1]:
        return (
            f"{state.name(action.land)} is not another of {state.pname(player)}'s lands",
            "moving",
        )
    start, end = state.card(found[1]["land"]), state.card(goal["land"])
    if start.continent != end.continent:
        return (
            f"an ordinary move stays on one continent ({start.name} is in {start.continent}, "
            f"{end.name} in {end.continent}); only explorers cross to other continents",
            "same continent",
        )
    return room_refusal(state, goal, state.card(action.card))


def journey_refusal(state: HistoricalState, player: int, action: ExplorerMove) -> Refusal | None:
    if state.phase_name != "move":
        return (
            f"explorers travel in the move phase, not the {state.phase_name} phase",
            "explorers",
        )
    card = known(state, action.explorer)
    found = state.find_column(action.explorer)
    if card is None or found is None or found[0] != player:
        return (
            f"{state.name(action.explorer)} is not on {state.pname(player)}'s battlefield",
            "explorers",
        )
    if not card.is_explorer:
        return (f"{card.name} is not an explorer; use the turn's one move", "explorers")
    if action.explorer in state.travelled:
        return (
            f"{card.name} has already moved this turn: an explorer moves once a turn",
            "explorers move once a turn",
        )
    goal = own_column(state, player, action.land)
    if goal is None or goal is found[1]:
        return (
            f"{state.name(action.land)} is not another of {state.pname(player)}'s lands",
            "explorers",
        )
    start, end = state.card(found[1]["land"]), state.card(goal["land"])
    if not can_travel(card.travel, start, end):
        ways = " or ".join(sorted(card.travel))
        return (
            f"{card.name} travels by {ways} and cannot reach {end.name} from {start.name}",
            "explorer travel",
        )
    if action.escort:
        if action.escort not in found[1]["cards"] or action.escort == action.explorer:
            return (
                "an explorer takes along only a card from the land it sets out from",
                "explorer travel",
            )
        if action.escort in state.travelled:
            return (
                f"{state.name(action.escort)} has already moved this turn",
                "explorers move once a turn",
            )
        escort = state.card(action.escort)
        return room_refusal(state, goal, escort, joining=2) or room_refusal(state, goal, card, 2)
    return room_refusal(state, goal, card)


def apply_move(state: HistoricalState, player: int, action: Move) -> None:
    state.moved = True
    fighting.note_journey(state, action.card)
    effects.relocate(state, action.card, action.land, "the turn's move")


def apply_explorer_move(state: HistoricalState, player: int, action: ExplorerMove) -> None:
    fighting.note_journey(state, action.explorer)
    fighting.note_journey(state, action.escort)
    effects.relocate(state, action.explorer, action.land, "explorer's journey")
    if action.escort:
        effects.relocate(
            state, action.escort, action.land, f"escorted by {state.name(action.explorer)}"
        )


# --- taking undefended lands (move phase, from round 2) ----------------------------------
def confiscate_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    empty = [
        c
        for q in state.opponents(player)
        for c in state.rows[q]
        if not c["cards"] and not c["locked"]
    ]
    if not empty:
        return out
    for col in state.rows[player]:
        if len(col["cards"]) < 2:
            continue
        start = state.card(col["land"])
        movable = [
            k
            for k in col["cards"]
            if not effects.planted(state, k, player) and k not in state.travelled
        ]
        for key in movable:
            card = state.card(key)
            for target in empty:
                goal = state.card(target["land"])
                near = goal.continent == start.continent or (
                    card.is_explorer and can_travel(card.travel, start, goal)
                )
                if near and effects.placement_allowed(state, target, card):
                    out.append(Confiscate(key, target["land"]))
        if len(col["cards"]) < 3:
            continue  # an explorer and the card it carries leave at least one behind
        for explorer in movable:
            card = state.card(explorer)
            if not card.is_explorer:
                continue
            for target in empty:
                goal = state.card(target["land"])
                if goal.continent != start.continent and not can_travel(card.travel, start, goal):
                    continue
                if not effects.placement_allowed(state, target, card):
                    continue
                for other in movable:
                    if other != explorer and fits_two(state, target, card, state.card(other)):
                        out.append(Confiscate(other, target["land"], explorer))
    return out


def confiscate_refusal(state: HistoricalState, player: int, action: Confiscate) -> Refusal | None:
    if state.phase_name != "move" or state.round_no < 2:
        return (
            "undefended lands are taken in the move phase, from round 2 on",
            "undefended lands",
        )
    found = state.column_of_land(action.land)
    if found is None or found[0] == player:
        return (f"{state.name(action.land)} is not an opponent's land", "undefended lands")
    target = found[1]
    if target["cards"]:
        return (
            f"{state.name(action.land)} is defended: only a land with no cards on it can be "
            "taken this way; beat its defenders in battle first",
            "undefended lands",
        )
    if target["locked"]:
        return ("a destroyed land cannot be taken for now", "destroyed lands")
    mover = action.explorer or action.card
    home = state.find_column(mover)
    if home is None or home[0] != player or mover not in home[1]["cards"]:
        return (
            f"{state.name(mover)} is not on {state.pname(player)}'s battlefield",
            "undefended lands",
        )
    if action.explorer and (action.card == action.explorer or action.card not in home[1]["cards"]):
        beside = ", ".join(state.name(k) for k in home[1]["cards"] if k != action.explorer)
        carried = (
            "it cannot carry itself"
            if action.card == action.explorer
            else f"{state.name(action.card)} is not there"
        )
        return (
            f"an explorer carries a card from its own land and {carried}; the cards beside "
            f"{state.name(action.explorer)} are {beside or 'none'}",
            "undefended lands",
        )
    leaving = 2 if action.explorer else 1
    if len(home[1]["cards"]) <= leaving:
        return (
            "the land the cards leave must keep at least one card of its own",
            "spare cards",
        )
    for key in (action.card, action.explorer):
        if key and key in state.travelled:
            return (
                f"{state.name(key)} has already moved this turn: an explorer moves once a turn",
                "explorers move once a turn",
            )
    start, goal = state.card(home[1]["land"]), state.card(target["land"])
    traveller = state.card(mover)
    if start.continent != goal.continent and not (
        traveller.is_explorer and can_travel(traveller.travel, start, goal)
    ):
        return (
            f"a spare card takes only an undefended land on its own continent ({start.name} is "
            f"in {start.continent}, {goal.name} in {goal.continent}); an explorer can carry "
            "it further",
            "same continent",
        )
    if action.explorer and not traveller.is_explorer:
        return (f"{traveller.name} is not an explorer", "explorers")
    return room_refusal(state, target, state.card(action.card), joining=leaving)


def apply_confiscate(state: HistoricalState, player: int, action: Confiscate) -> None:
    fighting.confiscate(state, player, action)


# --- discovering lands (a first land, an explorer's find) --------------------------------
def land_arrives(state: HistoricalState, frame: PendingLand | PendingPick, land: str) -> None:
    """``land`` turned up for the step ``frame``: a first land, or one an explorer finds
    (turned up, or chosen from the pile)."""
    player = frame.player
    col = {"land": land, "cards": [], "locked": 0}
    state.rows[player].append(col)
    state.age[land] = 1
    card = state.card(land)
    state.log(
        player,
        "land",
        f"{state.pname(player)} "
        f"{'plays the first land' if frame.why == 'first' else 'discovers'} "
        f"{card.name} ({card.continent}).",
        {"land": land},
    )
    opening = [i for i, e in enumerate(state.effects_of(land)) if e["when"] == "play"]
    push_effects(state, player, land, "play", opening, (), "")
    place = frame.place or ""
    if place:
        if effects.can_stand(state, col, state.card(place)):
            effects.place(state, place, col)
        else:
            stand_anywhere(state, player, place)
    finder = frame.card or ""
    if finder:
        ctx = Ctx(player, finder, col, discovered=card)
        for effect in state.effects_of(finder):
            if effect["when"] == "discover" and effects.cond(state, effect.get("if"), ctx):
                effects.change_morale(
                    state, player, int(effect["amount"]), f"{state.name(finder)} finds {card.name}"
                )
        if frame.discard_self:
            effects.remove(state, finder, death=False, why="its journey is over")
    if frame.escort:
        options = [
            k
            for c in state.rows[player]
            if c is not col
            for k in c["cards"]
            if effects.can_stand(state, col, state.card(k))
            and not effects.planted(state, k, player)
        ]
        if options:
            state.pending.append(
                PendingPick(player=player, purpose="escort", options=["", *options], land=land)
            )


def land_missing(state: HistoricalState, frame: PendingLand) -> None:
    """No land left to find: an explorer waiting to land stands anywhere it can."""
    if frame.place:
        stand_anywhere(state, frame.player, frame.place)


def stand_anywhere(state: HistoricalState, player: int, key: str) -> None:
    spots = effects.standing_land(state, state.card(key), player)
    if spots:
        effects.place(state, key, spots[0])
    else:
        state.to_discard(key)
        state.log(player, "discard", f"{state.name(key)} finds no room and is discarded.")
