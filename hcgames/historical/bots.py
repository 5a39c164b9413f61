"""The computer's three levels for Historical Conquest (issue 15).

- **easy** (:class:`HistoricalEasyBot`): glances one step ahead and plays, at random,
  any move that does not leave it worse off; it never compares the good moves.
- **medium** (:class:`HistoricalMediumBot`): the move that looks best one step ahead
  (morale, lands and units), a card draw judged over a few possible cards.
- **hard** (:class:`HistoricalHardBot`): for its few most promising moves it guesses
  the rival's hidden hand and deck, plays out the rest of its own turn with quick
  sensible moves, and keeps the move that leaves it
  best placed on average. It never looks at the real hidden cards.
"""

from __future__ import annotations

import random
from typing import Any

from hcgames.bots import GreedyBot, ShortSightedBot, quick_move
from hcgames.core import Action, State
from hcgames.historical.actions import Attack, EndPhase, PlayCard
from hcgames.historical.pending import PendingPick
from hcgames.play import sample_outcome

__all__ = ["LEVELS", "HistoricalEasyBot", "HistoricalHardBot", "HistoricalMediumBot"]


class HistoricalEasyBot(ShortSightedBot):
    """Easy: any move that does not look worse than standing still, at random."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, chance_samples=2)


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


class HistoricalHardBot(GreedyBot):
    """Hard: plays its best few moves forward to the end of its turn,
    over several guesses of the cards it cannot see, and keeps the best on average."""

    name = "hard"

    def __init__(self, seed: int = 0, width: int = 3, samples: int = 2, limit: int = 12) -> None:
        super().__init__(seed, chance_samples=6)
        self.width = width
        self.samples = samples
        self.limit = limit

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "it was the only move allowed"
            return legal[0]
        player = state.current_player
        scored = sorted(self.scored(state, legal), key=lambda av: -av[1])
        shortlist = scored[: self.width]
        if len(shortlist) == 1 or shortlist[0][1] - shortlist[1][1] > 0.2:
            self.reason = _why(state, shortlist[0][0], "it was clearly the best move")
            return shortlist[0][0]
        seeds = [self.rng.randrange(2**31) for _ in range(self.samples)]
        results = []
        for action, now in shortlist:
            total = 0.0
            for s in seeds:
                rng = random.Random(s)
                child = _guess(state, player, rng)
                child.apply(action)
                total += self.playout(child, player, rng)
            results.append((total / self.samples, now, action))
        best_value, _, best = max(results, key=lambda r: (r[0], r[1]))
        others = [r[0] for r in results if r[2] is not best]
        ahead = not others or best_value > max(others) + 0.01
        self.reason = (
            f"it tried its {len(shortlist)} best-looking moves against {self.samples} guesses "
            f"of the hidden cards, played on to the end of this turn, and "
            + (
                "this one came out ahead"
                if ahead
                else "they came out about even, so it took the one that looked best now"
            )
        )
        return best

    def playout(self, state: Any, player: int, rng: random.Random) -> float:
        """Quick play to the end of the turn being played (or ``limit`` moves)."""
        stop_at = state.turn_no + 1
        moves = 0
        while not state.is_terminal() and state.turn_no < stop_at and moves < self.limit:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            state.apply(quick_move(state, rng))
            moves += 1
        while not state.is_terminal() and state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        return float(state.evaluate(player))


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
