"""The computer's three levels for Historical Conquest (issue 15).

- **easy** (:class:`HistoricalEasyBot`): glances one step ahead and plays, at random,
  any move that does not leave it worse off; it never compares the good moves. Like a
  beginner who has read the rules, it keeps a card on each of its lands when it can and
  would rather play a card than discard one (issue 35: an Easy computer that threw its
  cards away lost its only land in round 2, before any battle).
- **medium** (:class:`HistoricalMediumBot`): the move that looks best one step ahead
  (morale, lands and units), a card draw judged over a few possible cards.
- **hard** (:class:`HistoricalHardBot`): for its few most promising moves it guesses
  the rival's hidden hand and deck, plays out the rest of its own turn with quick
  sensible moves, and keeps the move that leaves it
  best placed on average. It never looks at the real hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from hcgames.bots import GreedyBot, LookaheadBot, ShortSightedBot
from hcgames.core import Action, State
from hcgames.historical.actions import Attack, EndPhase, Pick, PlayCard
from hcgames.historical.pending import PendingPick

__all__ = ["LEVELS", "HistoricalEasyBot", "HistoricalHardBot", "HistoricalMediumBot"]


class HistoricalEasyBot(ShortSightedBot):
    """Easy: any move that does not look worse than standing still, at random; but,
    as any beginner who has read the rules would, it does not leave one of its lands
    without a card when it can help it (an empty land is taken without a battle), it
    covers an empty land of its own when it can, and it would rather play a card than
    discard one or end its play early."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, chance_samples=2)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        me = state.current_player
        before = _bare_lands(state, me)
        if len(legal) > self.max_actions:
            legal = self.rng.sample(legal, self.max_actions)
        rows = []
        for action in legal:
            child = state.copy()
            child.apply(action)
            rows.append((action, self.value(child, me), _bare_lands(child, me)))
        now = state.evaluate(me)
        covering = [a for a, v, bare in rows if bare < before and v >= now - self.slack]
        if covering:
            self.reason = "it put a card on a land of its own that had none"
            return covering[self.rng.randrange(len(covering))]
        safe = [(a, v) for a, v, bare in rows if bare <= before] or [(a, v) for a, v, _ in rows]
        fine = self.fine_moves(safe, now)
        if any(v >= now - self.slack for _, v in safe):  # not only the least bad
            plays: list[Action] = [a for a in fine if isinstance(a, PlayCard)]
            if plays:  # a card put to work rather than a discard or an early end
                fine = plays
                self.reason = "it played a card that looked all right at a glance"
        choice = fine[self.rng.randrange(len(fine))]
        if isinstance(choice, EndPhase) and self.reason.startswith("it looked all right"):
            # "End the phase - it looked all right at a glance" puzzled a class
            self.reason = "stopping here looked no worse than playing on, at a glance"
        if isinstance(choice, Pick) and choice.purpose == "casualty":
            # "loses X in the battle. Why: every move looked a little worse" read as if the
            # computer chose to lose (look 7): the rules make it give a card up
            # ... and the Easy computer takes one of the cards whose loss looks small at a
            # glance, not the cheapest: "cost it least" over Ashoka the Great, its strongest
            # card, was false (look 15, lesson 54)
            self.reason = (
                "a beaten land must give up one card, and the Easy computer picks one "
                "almost at random"
            )
        return choice


def _bare_lands(state: Any, player: int) -> int:
    """How many of ``player``'s lands have no card on them (open to being taken)."""
    if state.is_terminal():  # a game won leaves nothing to guard; a game lost, all
        outcome = state.outcome()
        return 0 if outcome is not None and player in outcome.winners else 10**6
    return sum(1 for col in state.rows[player] if not col.cards)


class HistoricalMediumBot(GreedyBot):
    """Medium: the move that looks best one step ahead on the game's own judgement
    (morale, lands and units); a draw or a battle is judged over a few outcomes."""

    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, chance_samples=6)

    def choose(self, state: State) -> Action:
        action = super().choose(state)
        if len(state.legal_actions()) > 1:
            self.reason = _why(state, action, "of its moves, this one leaves it best placed now")
        return action


def _why(state: State, action: Action, fallback: str) -> str:
    """A few words on what kind of move it is (true of ``action`` itself)."""
    if isinstance(action, Attack):
        return f"{fallback}: the attack looks worth the risk"
    if isinstance(action, PlayCard):
        return f"{fallback}: it puts a card to work"
    if isinstance(action, EndPhase):
        return f"{fallback}: nothing more here was worth doing"
    return fallback


class HistoricalHardBot(LookaheadBot):
    """Hard: plays its best few moves forward to the end of its turn,
    over several guesses of the cards it cannot see, and keeps the best on average.

    The search is :class:`~hcgames.bots.LookaheadBot`'s; this class sets its hooks:
    each guess has dice of its own and deals the hidden cards again (:func:`_guess`),
    and a playout stops at the end of the turn."""

    name = "hard"
    clear_margin = 0.2

    def __init__(self, seed: int = 0, width: int = 3, samples: int = 2, limit: int = 12) -> None:
        super().__init__(seed, width=width, depth=limit, samples=samples, chance_samples=6)

    def worlds(self, state: State, player: int) -> list[Any]:
        return [self.rng.randrange(2**31) for _ in range(self.samples)]

    def start(self, world: Any, state: State, player: int) -> tuple[State, random.Random]:
        rng = random.Random(world)
        return _guess(state, player, rng), rng

    def horizon(self, state: State, player: int) -> Callable[[State], bool]:
        stop_at = cast(Any, state).turn_no + 1
        return lambda now: cast(Any, now).turn_no < stop_at

    def describe(self, state: State, action: Action, text: str) -> str:
        return _why(state, action, text)

    def lookahead_reason(
        self,
        state: State,
        results: list[tuple[float, float, Action]],
        best: tuple[float, float, Action],
    ) -> str:
        others = [r[0] for r in results if r[2] is not best[2]]
        ahead = not others or best[0] > max(others) + 0.01
        return (
            f"it tried its {len(results)} best-looking moves against {self.samples} guesses "
            f"of the hidden cards, played on to the end of this turn, and "
            + (
                "this one came out ahead"
                if ahead
                else "they came out about even, so it took the one that looked best now"
            )
        )


def _guess(state: Any, player: int, rng: random.Random) -> Any:
    """The position with the cards ``player`` cannot see dealt again at random;
    while it picks among cards the rules show it (say, from a rival's hand), those
    cards stay where they are."""
    if state.pending and isinstance(state.pending[-1], PendingPick):
        return state.copy()
    # first put the unseen cards in a fixed order, so that the guess cannot depend
    # on where they really are
    blind = state.copy()
    for q in range(state.n):
        if q != player:
            hidden = [k for k in blind.hands[q] if blind.owner(k) == q]
            shown = [k for k in blind.hands[q] if blind.owner(k) != q]
            pool = sorted(hidden + blind.decks[q])
            blind.hands[q] = pool[: len(hidden)] + shown
            blind.decks[q] = pool[len(hidden) :]
    return blind.determinize(player, rng)


#: the levels of :meth:`HistoricalGame.bot_levels`
LEVELS: dict[str, Any] = {
    "easy": HistoricalEasyBot,
    "medium": HistoricalMediumBot,
    "hard": HistoricalHardBot,
}
