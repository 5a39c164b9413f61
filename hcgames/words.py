"""Plain words for what students read: real plurals instead of "piece(s)".

>>> plural(1, "fleet")
'1 fleet'
>>> plural(3, "piece")
'3 pieces'
>>> plural(2, "army", "armies")
'2 armies'
>>> plain_plurals("Rome ends the turn with 1 move(s) unused; 4 card(s) left.")
'Rome ends the turn with 1 move unused; 4 cards left.'
"""

from __future__ import annotations

import re

__all__ = ["noun", "plain_plurals", "plural"]

#: plurals that do not just add "s"
_IRREGULAR = {
    "army": "armies",
    "city": "cities",
    "luxury": "luxuries",
    "territory": "territories",
    "ally": "allies",
    "enemy": "enemies",
    "man": "men",
    "infantry": "infantry",
    "cavalry": "cavalry",
    "gold": "gold",
    "food": "food",
    "morale": "morale",
}


def _plural_word(word: str) -> str:
    """The plural of a noun, or of a phrase by its last word ("research roll" -> "research
    rolls", "Roman army" -> "Roman armies")."""
    head, _, last = word.rpartition(" ")
    if head:
        return f"{head} {_plural_word(last)}"
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def noun(word: str, n: int = 2) -> str:
    """``word`` alone in the number ``n`` calls for: ``noun("army")`` is "armies"."""
    return word if n == 1 else _plural_word(word)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` with the plural a reader expects: ``plural(1, "fleet")`` is
    "1 fleet", ``plural(2, "fleet")`` is "2 fleets" (``many`` gives an irregular one)."""
    return f"{n} {word if n == 1 else many or _plural_word(word)}"


_BRACKETED = re.compile(r"\b(\d+)(\s+(?:[A-Za-z-]+\s+){0,2})([A-Za-z-]+)\(s\)")
_BARE = re.compile(r"\b([A-Za-z-]+)\(s\)")


def plain_plurals(text: str) -> str:
    """``text`` with every "word(s)" written out: singular after the number 1, plural
    after any other number, and plural where no number comes just before it."""

    def counted(m: re.Match[str]) -> str:
        n, middle, word = int(m.group(1)), m.group(2), m.group(3)
        return f"{n}{middle}{word if n == 1 else _plural_word(word)}"

    text = _BRACKETED.sub(counted, text)
    return _BARE.sub(lambda m: _plural_word(m.group(1)), text)


def round_words(number: int) -> str:
    """ "Round 3"; before the first round (a game's set-up) "Setting up", never "Round 0"."""
    return f"Round {number}" if number > 0 else "Setting up"
