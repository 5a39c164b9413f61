"""Card effects: pending abilities, ongoing Artifact effects, and what each kind may target.

An ability in use is a *pending* record on the state's stack (:class:`PendingEffect`);
a draw in progress is a :class:`PendingDraw` (or a PendingEffect of kind ``"draw"``),
resolved by chance steps; every other kind offers its legal targets plus Stop, one
pick at a time, until ``left`` reaches zero or nothing is left to pick (the
impossible part of an ability is ignored). A :class:`PendingOffer` asks whether to
take up an Excavate or one-time Capture ability. Snapshots show each record as the
plain dict it was saved as (``to_json``). What each pick does is in
:mod:`hcgames.speros.moves`.

Target rules we chose (the rulebook gives no card texts): abilities that pick Units
pick them on Locations only, never on Artifacts (so Units locked on a captured
Artifact are never touched); exile and obliterate pick rival Units only and never
those of a player protected by an ongoing shield; deploy and move send Units to any
card in the Skirmish Area unless the ability names a terrain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hcgames.core import Action
from hcgames.speros.actions import Exile, Fortify, Move, Obliterate, PlayFromHand, Raze, Recall
from hcgames.speros.material import Effect

if TYPE_CHECKING:
    from hcgames.speros.state import SperosState

__all__ = [
    "Pending",
    "PendingDraw",
    "PendingEffect",
    "PendingOffer",
    "flush",
    "is_draw",
    "ongoing",
    "push",
    "targets",
    "trigger",
]


@dataclass(frozen=True)
class PendingDraw:
    """Cards still to draw for ``player`` (a Plan or a turn begun with an empty hand)."""

    player: int
    left: int
    source: str
    kind = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "draw", "player": self.player, "left": self.left, "source": self.source}


@dataclass(frozen=True)
class PendingEffect:
    """An ability in use: ``left`` picks (or draws) of ``kind`` still to make."""

    kind: str
    player: int
    left: int
    terrain: str | None
    source: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "left": self.left,
            "terrain": self.terrain,
            "source": self.source,
        }


@dataclass(frozen=True)
class PendingOffer:
    """An Excavate or one-time Capture ability offered to ``player``."""

    what: str  # "excavate" or "capture"
    card: str
    player: int
    kind = "offer"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "offer", "what": self.what, "card": self.card, "player": self.player}


Pending = PendingDraw | PendingEffect | PendingOffer


def is_draw(frame: Pending) -> bool:
    """True for the frames resolved by chance steps."""
    return frame.kind == "draw"


def ongoing(state: SperosState, player: int, kind: str) -> list[Effect]:
    """Ongoing Artifact effects of ``kind`` in force for ``player``."""
    cards = state.game.cards
    out = []
    for card_id in state.captured[player]:
        card = cards[card_id]
        if card.timing == "ongoing" and card.capture and card.capture.kind == kind:
            out.append(card.capture)
    return out


def push(state: SperosState, player: int, effect: Effect, source: str) -> None:
    """Start resolving ``effect`` for ``player``."""
    state.stack.append(PendingEffect(effect.kind, player, effect.n, effect.terrain, source))


def trigger(state: SperosState, frame: PendingOffer) -> None:
    """Queue an offer raised by a placement or capture; it goes on the stack after the step."""
    state.triggers.append(frame)


def flush(state: SperosState) -> None:
    if state.triggers:
        state.stack.extend(reversed(state.triggers))
        state.triggers = []


def _shielded(state: SperosState, player: int) -> bool:
    return bool(ongoing(state, player, "shield"))


def _locations_in_play(state: SperosState) -> list[str]:
    """Locations on the battlefield (Skirmish Area first, then captured areas)."""
    cards = state.game.cards
    out = [c for c in state.skirmish if not cards[c].is_artifact]
    for area in state.captured:
        out += [c for c in area if not cards[c].is_artifact]
    return out


def targets(state: SperosState, frame: PendingEffect) -> list[Action]:
    """Legal picks for a targeted frame (Stop not included)."""
    kind = frame.kind
    player = frame.player
    terrain = frame.terrain
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


def _target_order(action: Action) -> tuple[int, int, str]:
    """The order exile and obliterate targets are listed in: a Minion before the
    General, then by player, then by card id (the order of their sentences when
    those named cards by id alone; kept so that seeded games replay the same)."""
    assert isinstance(action, Exile | Obliterate)
    general = isinstance(action, Obliterate) and action.general
    return (int(general), action.player, action.card)
