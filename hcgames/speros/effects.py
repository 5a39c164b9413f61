"""Pending abilities: what each effect kind may target, and what a pick does.

An ability in use is a *frame* on the state's stack: ``{"kind", "player", "left",
"terrain", "source"}``. Draw frames are resolved by chance steps; every other kind
offers its legal targets plus Stop, one pick at a time, until ``left`` reaches zero
or nothing is left to pick (the impossible part of an ability is ignored). An
*offer* frame asks whether to take up an Excavate or one-time Capture ability.

Target rules we chose (the rulebook gives no card texts): abilities that pick Units
pick them on Locations only, never on Artifacts (so Units locked on a captured
Artifact are never touched); exile and obliterate pick rival Units only and never
those of a player protected by an ongoing shield; deploy and move send Units to any
card in the Skirmish Area unless the ability names a terrain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hcgames.core import Action
from hcgames.speros.actions import (
    Accept,
    Deploy,
    Exile,
    Fortify,
    Move,
    Obliterate,
    PlayFromHand,
    Raze,
    Recall,
    Stop,
)
from hcgames.speros.cards import Effect

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = ["apply_pick", "flush", "push", "targets", "trigger"]


def push(state: SperosState, player: int, effect: Effect, source: str) -> None:
    """Start resolving ``effect`` for ``player``."""
    state.stack.append(
        {
            "kind": effect.kind,
            "player": player,
            "left": effect.n,
            "terrain": effect.terrain,
            "source": source,
        }
    )


def trigger(state: SperosState, frame: dict[str, Any]) -> None:
    """Queue a frame raised by a placement or capture; it goes on the stack after the step."""
    state.triggers.append(frame)


def flush(state: SperosState) -> None:
    if state.triggers:
        state.stack.extend(reversed(state.triggers))
        state.triggers = []


def _shielded(state: SperosState, player: int) -> bool:
    return bool(state.ongoing(player, "shield"))


def _locations_in_play(state: SperosState) -> list[str]:
    """Locations on the battlefield (Skirmish Area first, then captured areas)."""
    cards = state.game.cards
    out = [c for c in state.skirmish if not cards[c].is_artifact]
    for area in state.captured:
        out += [c for c in area if not cards[c].is_artifact]
    return out


def targets(state: SperosState, frame: dict[str, Any]) -> list[Action]:
    """Legal picks for a targeted frame (Stop not included)."""
    kind = frame["kind"]
    player = int(frame["player"])
    terrain = frame.get("terrain")
    game = state.game
    cards = game.cards
    if kind == "deploy":
        if not state.base_minions[player]:
            return []
        return [
            game.deploy_actions[c]
            for c in state.skirmish
            if terrain is None or cards[c].terrain == terrain
        ]
    if kind in ("exile", "obliterate"):
        out: list[Action] = []
        shielded = [_shielded(state, q) for q in range(game.num_players)]
        for c in _locations_in_play(state):
            if terrain is not None and cards[c].terrain != terrain:
                continue
            seen = set()
            for owner, unit in state.units[c]:
                if owner == player or shielded[owner] or (owner, unit) in seen:
                    continue
                seen.add((owner, unit))
                if kind == "exile" and unit == "M":
                    out.append(Exile(c, owner))
                elif kind == "obliterate":
                    out.append(Obliterate(c, owner, unit == "G"))
        return sorted(out, key=_target_order) if len(out) > 1 else out
    if kind in ("move", "recall"):
        sources = [c for c in _locations_in_play(state) if (player, "M") in state.units[c]]
        if kind == "recall":
            return [Recall(c) for c in sources]
        return [Move(a, b) for a in sources for b in state.skirmish if b != a]
    if kind == "explore":
        return [PlayFromHand(c) for c in state.hands[player]]
    if kind == "raze":
        return [Raze(c) for c in state.skirmish if not cards[c].is_artifact and not state.units[c]]
    if kind == "fortify":
        if not state.base_minions[player]:
            return []
        return [
            Fortify(c) for c in state.captured[player] if len(state.units[c]) < cards[c].encampments
        ]
    raise AssertionError(f"no targets defined for effect kind {kind!r}")


def apply_pick(state: SperosState, action: Action) -> None:
    """Apply Accept, Stop or one target pick to the frame on top of the stack."""
    top = state.stack[-1]
    player = int(top["player"])
    who = state.who(player)
    cards = state.game.cards
    if isinstance(action, Accept):
        state.stack.pop()
        card = cards[action.card]
        effect = card.excavate if action.what == "excavate" else card.capture
        assert effect is not None
        state.log(
            player,
            action.what,
            f"{who} takes the {action.what} ability of {card.name}: {effect.text}",
        )
        push(state, player, effect, f"{action.what} of {card.name}")
        return
    if isinstance(action, Stop):
        state.stack.pop()
        what = "declines" if top["kind"] == "offer" else "stops using"
        label = (
            top.get("what", "") + " of " + top["card"] if top["kind"] == "offer" else top["source"]
        )
        state.log(player, "stop", f"{who} {what} {label}.")
        return
    top["left"] -= 1
    if isinstance(action, Deploy):
        state.base_minions[player] -= 1
        state.log(player, "deploy", f"{who} deploys a Minion to {cards[action.card].name}.")
        state.place(action.card, player, "M")
        state.check_capture(action.card)
    elif isinstance(action, Exile):
        state.remove_unit(action.card, action.player, "M")
        state.base_minions[action.player] += 1
        state.log(
            player,
            "exile",
            f"{who} sends a Minion of {state.who(action.player)} home "
            f"from {cards[action.card].name}.",
        )
    elif isinstance(action, Obliterate):
        unit = "G" if action.general else "M"
        state.remove_unit(action.card, action.player, unit)
        if action.general:
            state.general_lost[action.player] = True
        else:
            state.lost_minions[action.player] += 1
        state.log(
            player,
            "obliterate",
            f"{who} obliterates the "
            f"{'General' if action.general else 'Minion'} of {state.who(action.player)} "
            f"on {cards[action.card].name}.",
        )
    elif isinstance(action, Move):
        state.remove_unit(action.from_, player, "M")
        state.log(
            player,
            "move",
            f"{who} moves a Minion from {cards[action.from_].name} to {cards[action.to].name}.",
        )
        state.place(action.to, player, "M")
        state.check_capture(action.to)
    elif isinstance(action, Recall):
        state.remove_unit(action.card, player, "M")
        state.base_minions[player] += 1
        state.log(player, "recall", f"{who} brings a Minion home from {cards[action.card].name}.")
    elif isinstance(action, PlayFromHand):
        state.hands[player].remove(action.card)
        state.skirmish.append(action.card)
        state.units[action.card] = []
        state.log(
            player,
            "explore",
            f"{who} lays {cards[action.card].name} ({action.card}) in the Skirmish Area.",
        )
    elif isinstance(action, Raze):
        state.skirmish.remove(action.card)
        del state.units[action.card]
        state.last_placed.pop(action.card, None)
        state.discard.append(action.card)
        state.log(
            player, "raze", f"{who} razes {cards[action.card].name}: it goes on the discard pile."
        )
    elif isinstance(action, Fortify):
        state.base_minions[player] -= 1
        state.log(player, "fortify", f"{who} fortifies {cards[action.card].name} with a Minion.")
        state.place(action.card, player, "M")
    else:
        raise AssertionError(f"{action} is not a pick")


def _target_order(action: Action) -> tuple[int, int, str]:
    """The order exile and obliterate targets are listed in: a Minion before the
    General, then by player, then by card id (the order of their sentences when
    those named cards by id alone; kept so that seeded games replay the same)."""
    assert isinstance(action, Exile | Obliterate)
    general = isinstance(action, Obliterate) and action.general
    return (int(general), action.player, action.card)
