"""Playing cards from the hand in the play phase: placing them, queueing their effects,
interrupts, held abilities and discards (each of these but an interrupt is one of the
turn's three plays).

Per action: its legal choices (``*_options``), why it is refused (``*_refusal``, asked
only after the action was found illegal) and carrying it out (``apply_*``, called from
the state's dispatch table through :mod:`hcgames.historical.moves`).

A card played (or played as an interrupt) leaves the hand and goes where it belongs:
a character or army into a land column (or, for a spy, into an opponent's land), a
lasting card into its owner's active pile, anything else to the discard pile once
its effects have worked. Its effects do not work at once: they wait in an effects
frame on the stack, and from round two every player they reach first gets a window
to answer with an interrupt. The turn loop in :mod:`hcgames.historical.turn` runs
the frame when its turn on the stack comes.

The module is past 600 lines because the three plays share their options, refusals
and carrying out (a card's aimed part is checked once for all three); split, each
part would import the others' helpers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.core import Action
from hcgames.historical import effects
from hcgames.historical.actions import Discard, Interrupt, PlayCard, Retire, UseAbility
from hcgames.historical.cards import INTERACTING, card_name, describe_target
from hcgames.historical.effects import Ctx
from hcgames.historical.material import PLAYS_PER_TURN, Column
from hcgames.historical.pending import PendingEffects, PendingPick, PendingWindow
from hcgames.historical.refusals import Refusal, hand_refusal, known, own_column, room_refusal
from hcgames.words import says

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState

#: held abilities whose price is discarding one of your own cards from the battlefield
#: (Eli Whitney): like every battlefield discard, using one is one of the three plays
DISCARDS_OWN_CARD = frozenset({"lasting_bonus"})


# --- playing a card from the hand (play phase, up to three plays) ------------------------
def play_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    first_round = state.round_no == 1
    cards = state.game.key_cards  # state.card's table, read directly in this loop
    for key in state.hands[player]:
        card = cards[key]
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
            if not card.is_unit and not _works_unaimed(state, key):
                continue
            # a character stands even when its ability finds no target; another card
            # with a second ability that needs none is played for that (ours)
            targets = [()]
        if card.is_unit:
            if card.has_kind("plant"):
                lands = [
                    c
                    for q in state.opponents(player)
                    for c in state.rows[q]
                    if c.locked == 0 and effects.placement_allowed(state, c, card)
                ]
            else:
                lands = effects.standing_land(state, card, player)
                if card.is_explorer and state.piles[player]:
                    # an explorer played to discover keeps its play ability (Magellan)
                    for target in targets:
                        for option in options:
                            out.append(PlayCard(key, "", target, option, True))
            for col in lands:
                for target in targets:
                    for option in options:
                        out.append(PlayCard(key, col.land, target, option))
        else:
            for target in targets:
                for option in options:
                    out.append(PlayCard(key, "", target, option))
    return out


def _works_unaimed(state: HistoricalState, key: str) -> bool:
    """Has the card an ability on play that needs no target (Brooklyn Bridge's morale)?"""
    return any(e.when == "play" and not effects.needs_target(e) for e in state.effects_of(key))


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
            f"{state.player_name(player)} has used all {PLAYS_PER_TURN} plays this turn",
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
                f"{state.player_name(player)}'s land pile is empty: there is no land to discover",
                "explorers",
            )
    elif card.is_unit and not card.plants:
        if not action.land:
            return (f"{card.name} must stand on one of your lands", "placing cards")
        col = own_column(state, player, action.land)
        if col is None:
            return (
                f"{says(card_name(action.land), 'is')} not one of "
                f"{state.player_name(player)}'s lands",
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
    return aim_refusal(state, player, action.card)


def aim_refusal(state: HistoricalState, player: int, key: str) -> Refusal:
    """Why a card's aim is refused: nothing to aim at, or not that target."""
    card = state.card(key)
    found = effects.targeted_effect(state, key, "play")
    if found is not None and not effects.targets(state, player, key, found[1], None):
        return (
            f"{card.name} has no target now: it needs {describe_target(found[1])}",
            "targets",
        )
    return ("that target is not one this card can aim at now", "targets")


def apply_play_card(state: HistoricalState, action: PlayCard) -> None:
    player = state.current_player
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
    where = " to discover a land" if discover else f" on {card_name(land)}" if land else ""
    state.log(
        player, "play", f"{state.player_name(player)} {verb} {card_name(key)}{where}.", card=key
    )
    if card.context:
        state.log(player, "context", f"{card.name}: {card.student_note}", card=key)
    for q in state.opponents(player):
        for other in list(state.active[q]):
            for effect in state.effects_of(other):
                if effect.kind == "win_condition" and card.name in effect.undone_by.get("name", []):
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
    elif any(e.when in ("constant", "hold") for e in abilities):
        state.active[player].append(key)
        state.age[key] = 1
    else:
        then = "discard"
    idx = [
        i
        for i, e in enumerate(abilities)
        if e.when == "play"
        and not (card.is_explorer and e.kind == "discover_land")
        and not (state.round_no == 1 and e.kind in INTERACTING)
    ]
    if card.plants:
        # the planted card's morale loss waits in the effects step, so that the land's
        # holder may answer it (Tokyo Rose) in the window it opens
        targets = (land,)
    push_effects(state, player, key, "play", idx, targets, then)
    if discover:
        # only a discovery the card makes when played shapes this one: a held ability's
        # terms (Balboa's "after 2 of your turns in play: ...; then this card leaves
        # play") are not the play's, and sent him out of play at once (look 8, lesson 54)
        spec = next(
            (e for e in abilities if e.kind == "discover_land" and e.when == "play"), None
        )
        effects.push_discovery(
            state,
            player,
            player,
            key,
            place=key,
            escort=spec is not None and spec.escort,
            discard_self=spec is not None and spec.discard_self,
            choose=spec is not None and spec.source == "choice",
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
    """Put a planted card (Rasputin) on an opponent's land; its morale loss is an
    effect of its own (:func:`hcgames.historical.effects.do`)."""
    found = state.column_of_land(land)
    assert found is not None
    holder, col = found
    if effects.has_room(state, col, state.card(key)):
        effects.place(state, key, col)
    else:
        state.pending.append(
            PendingPick(
                player=holder, purpose="make room", options=list(col.cards), place=key, land=land
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
    cards = state.game.key_cards  # state.card's table, read directly in this loop
    for key in state.hands[player]:
        card = cards[key]
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
                    out.append(Interrupt(key, col.land, target))
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
        if effect.when != "play":
            continue
        kind = effect.kind
        if kind == "cancel_effect":
            if fx is None:
                return False
            source = state.card(fx.card)
            if effect.what == "event" and source.category != "event":
                return False
            if effect.what == "morale_loss" and not any(
                state.effects_of(fx.card)[i].kind in ("morale_opponents", "plant")
                for i in fx.indices
            ):
                return False
        if kind == "block_attacks" and "attacker_has" in (effect.condition or {}):
            battle = state.battle
            if window is None or window.why != "attack" or battle is None:
                return False
            if battle.defender != player:
                return False
            found = state.column_of_land(battle.attack_land)
            if found is None or not effects.cond(
                state,
                effect.condition,
                Ctx(player, key, None, battle, "defence", attack_col=found[1]),
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
    if effects.spies_forbidden(state, player, card):
        return ("an opponent's card keeps spies out", "spies")
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
    kinds = {e.kind for e in state.effects_of(action.card) if e.when == "play"}
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
    return aim_refusal(state, player, action.card)


def apply_interrupt(state: HistoricalState, action: Interrupt) -> None:
    player = state.current_player
    play(state, player, action.card, action.land, action.targets, -1, False, free=True)


# --- held abilities (at any time in the player's own turn) -------------------------------
def ability_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    for key, col in _held_sources(state, player):
        for index, effect in enumerate(state.effects_of(key)):
            if effect.when != "hold" or not state.uses_left(key, index, effect):
                continue
            if state.round_no == 1 and effect.kind in INTERACTING:
                continue
            if not effects.cond(state, effect.condition, Ctx(player, key, col)):
                continue
            if effect.kind == "discover_land" and not state.piles[player]:
                continue
            if effect.kind in DISCARDS_OWN_CARD and (
                state.phase_name != "play" or state.plays >= PLAYS_PER_TURN
            ):
                continue
            if effect.kind in (
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


def _held_sources(state: HistoricalState, player: int) -> list[tuple[str, Column | None]]:
    """The cards of :meth:`~HistoricalState.in_play_sources` that have an ability held
    for their player's choice, in its order (asked at every step of a turn: a list
    built in one pass over the columns, without the generator)."""
    cards = state.game.key_cards
    out: list[tuple[str, Column | None]] = []
    for col in state.rows[player]:
        if cards[col.land].held:
            out.append((col.land, col))
        for key in col.cards:
            if cards[key].held:
                out.append((key, col))
    for key in state.active[player]:
        if cards[key].held:
            out.append((key, None))
    return out


def ability_refusal(state: HistoricalState, player: int, action: UseAbility) -> Refusal | None:
    if player != state.turn:
        return ("held abilities are used in their owner's own turn", "held abilities")
    if state.controller(action.card) != player:
        return (
            f"{says(card_name(action.card), 'is')} not in play on "
            f"{state.player_name(player)}'s side",
            "held abilities",
        )
    abilities = state.effects_of(action.card)
    if not 0 <= action.effect < len(abilities) or abilities[action.effect].when != "hold":
        return (
            f"{says(card_name(action.card), 'has')} no ability to use when you choose",
            "held abilities",
        )
    effect = abilities[action.effect]
    if not state.uses_left(action.card, action.effect, effect):
        return (
            f"the ability of {says(card_name(action.card), 'has')} been used up",
            "abilities used once",
        )
    if state.round_no == 1 and effect.kind in ("morale_opponents", "kill_character", "duel"):
        return (
            "the first round builds civilisations: no card may touch an opponent",
            "first round",
        )
    if effect.kind in DISCARDS_OWN_CARD:
        if state.phase_name != "play":
            return (
                f"the ability of {card_name(action.card)} discards a card from the "
                "battlefield, which counts as one of the three plays and happens in your "
                "play phase",
                "play phase",
            )
        if state.plays >= PLAYS_PER_TURN:
            return (
                f"{state.player_name(player)} has used all {PLAYS_PER_TURN} plays this turn, and "
                f"the ability of {card_name(action.card)} discards a card from the "
                "battlefield, which counts as a play",
                "three plays a turn",
            )
    return (
        "its condition does not hold now, or that target is not one it can aim at",
        "targets",
    )


def apply_use_ability(state: HistoricalState, action: UseAbility) -> None:
    player = state.current_player
    use(state, player, action)


def use(state: HistoricalState, player: int, action: UseAbility) -> None:
    if state.effects_of(action.card)[action.effect].kind in DISCARDS_OWN_CARD:
        # discarding a card from the battlefield is one of the turn's three plays
        state.plays += 1
    state.log(
        player,
        "ability",
        f"{state.player_name(player)} uses the ability of {card_name(action.card)}.",
    )
    push_effects(state, player, action.card, "hold", [action.effect], action.targets, "")


# --- discarding from the hand or the battlefield (counts as a play) ----------------------
def discard_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = [Discard(k) for k in state.hands[player]]
    for col in state.rows[player]:
        for key in col.cards:
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
            f"{state.player_name(player)} has used all {PLAYS_PER_TURN} plays this turn",
            "three plays a turn",
        )
    if isinstance(action, Discard):
        return hand_refusal(state, player, action.card)
    found = state.find_column(action.card)
    if found is None or found[0] != player:
        return (
            f"{says(card_name(action.card), 'is')} not on {state.player_name(player)}'s "
            "battlefield",
            "discarding",
        )
    return (
        "a card an opponent planted in your land cannot be discarded by you",
        "planted cards",
    )


def apply_discard(state: HistoricalState, action: Discard) -> None:
    player = state.current_player
    state.plays += 1
    state.hands[player].remove(action.card)
    state.to_discard(action.card)
    state.log(
        player,
        "discard",
        f"{state.player_name(player)} discards {card_name(action.card)} from the hand.",
    )


def apply_retire(state: HistoricalState, action: Retire) -> None:
    player = state.current_player
    state.plays += 1
    effects.remove(state, action.card, death=False, why=f"{state.player_name(player)} discards it")
