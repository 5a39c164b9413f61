"""Majority on one card: who captures it, and how many Units a player still needs.

A card with ``e`` empty encampments is captured in one of two ways:

* *achieving* majority: no encampment is left empty and one player has the most
  Units; if the leaders tie, the tied player who placed a Unit there most recently
  takes it (the rule of ties);
* *demonstrating* majority: a player would still win even if one other player
  filled every empty encampment. Because that other player would then be the most
  recent placer and win any tie, the test is ``mine > theirs + e`` for every rival.

A General counts as one Unit, like a Minion.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["capturer", "demonstrates", "units_needed"]


def demonstrates(counts: Sequence[int], empty: int, player: int) -> bool:
    """True if ``player`` would win even if one rival filled every empty encampment."""
    mine = counts[player]
    return mine > 0 and all(mine > other + empty for q, other in enumerate(counts) if q != player)


def capturer(counts: Sequence[int], empty: int, last_placed: Sequence[int]) -> int | None:
    """The player who captures a card now, or None.

    ``counts[p]`` is p's Units on the card, ``empty`` its empty encampments and
    ``last_placed[p]`` when p last placed a Unit there (a larger number is later; -1
    for never).
    """
    if empty == 0:
        best = max(counts)
        if best == 0:
            return None
        tied = [p for p, c in enumerate(counts) if c == best]
        return max(tied, key=lambda p: last_placed[p])
    for player in range(len(counts)):
        if demonstrates(counts, empty, player):
            return player
    return None


def units_needed(counts: Sequence[int], empty: int, player: int) -> int | None:
    """Fewest Units ``player`` must place alone, one after another, to capture.

    None if even filling every empty encampment would not do it (another player
    already holds too many).
    """
    counts = list(counts)
    for k in range(empty + 1):
        trial = counts.copy()
        trial[player] += k
        left = empty - k
        if left == 0:
            last = [0] * len(counts)
            last[player] = 1  # player placed last
            if k > 0 and capturer(trial, 0, last) == player:
                return k
        elif demonstrates(trial, left, player):
            return k
    return None
