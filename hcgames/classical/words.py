"""Real English for the log and the refusals: "1 fleet", "2 armies", "an army".

Every sentence of Classical Conquests that counts units, settlements, monuments or
rolls builds its phrase here, so no student reads "1 fleets", "an fleet" or "(s)".
"""

from __future__ import annotations

# the plurals are the project's own (hcgames.words); Classical adds its articles and phrases
from hcgames.words import noun as plural  # "army" -> "armies", by a phrase's last word
from hcgames.words import plural as count  # "1 fleet", "2 armies", "0 monuments"
from hcgames.words import with_article  # "an army", "a fleet", "a unit", "an hour"

__all__ = ["count", "plural", "unfed_text", "with_article"]


def unfed_text(n: int) -> str:
    """What a player short of food picks: ``"1 army, fleet or city"``, ``"3 armies,
    fleets or cities"``."""
    return f"{n} army, fleet or city" if n == 1 else f"{n} armies, fleets or cities"
