"""Conqueror: Duels, the two-player edition of Conqueror: Final Conquest.

Placeholder docstring replaced below.
"""

from hcgames.conqueror.game import SCENARIOS, DuelsGame
from hcgames.conqueror.state import DuelsState

__all__ = ["SCENARIOS", "DuelsGame", "DuelsState"]
