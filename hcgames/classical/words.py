"""Real English for the log and the refusals: "1 fleet", "2 armies", "an army".

Every sentence of Classical Conquests that counts units, settlements, monuments or
rolls builds its phrase here, so no student reads "1 fleets", "an fleet" or "(s)".
"""

from __future__ import annotations

__all__ = ["count", "plural", "unfed_text", "with_article"]

# nouns whose plural is not simply noun + "s"
_IRREGULAR = {"army": "armies", "city": "cities", "luxury": "luxuries"}


def plural(word: str, n: int = 2) -> str:
    """``word`` in the number ``n`` calls for: the last word of a phrase changes
    ("research roll" -> "research rolls", "army" -> "armies")."""
    if n == 1:
        return word
    head, _, last = word.rpartition(" ")
    last = _IRREGULAR.get(last, last + "s")
    return f"{head} {last}" if head else last


def count(n: int, word: str) -> str:
    """``"1 fleet"``, ``"2 armies"``, ``"0 monuments"``."""
    return f"{n} {plural(word, n)}"


def with_article(word: str) -> str:
    """The word with its article: ``"an army"``, ``"a fleet"``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def unfed_text(n: int) -> str:
    """What a player short of food picks: ``"1 army, fleet or city"``, ``"3 armies,
    fleets or cities"``."""
    return f"{n} army, fleet or city" if n == 1 else f"{n} armies, fleets or cities"
