"""The one sentence layer: game code says what happened, this module says it in English.

Every game and view builds the words a student reads from these few functions, so no
student meets "1 units", "a army", "The Mamelukes dies", "A, B, C" or "(s)". It stays
one module past 600 lines: plurals, singulars, articles and verbs share its word tables.

Counting (a number and its noun agree):

>>> plural(1, "fleet")
'1 fleet'
>>> plural(3, "piece")
'3 pieces'
>>> plural(2, "army", "armies")
'2 armies'
>>> count(1, "victory point"), count(0, "card"), count(4, "infantry")
('1 victory point', '0 cards', '4 infantry')
>>> some(1, "card"), some(1, "army"), some(3, "card"), some(0, "hero")
('a card', 'an army', '3 cards', 'no heroes')
>>> spelled(1, "card"), spelled(2, "card"), spelled(12, "unit")
('one card', 'two cards', '12 units')

Lists, articles and capitals:

>>> join(["Rome", "Carthage", "Egypt"])
'Rome, Carthage and Egypt'
>>> join(["a fort", "a unit"], "or")
'a fort or a unit'
>>> with_article("Ottoman"), with_article("European"), with_article("hour"), with_article("unit")
('an Ottoman', 'a European', 'an hour', 'a unit')
>>> capitalise("the independent army loses 2 units.")
'The independent army loses 2 units.'

Verbs agree with their subjects:

>>> says("The Mamelukes", "dies"), says("Trung Sisters", "dies"), says("Rome", "dies")
('The Mamelukes die', 'Trung Sisters die', 'Rome dies')
>>> says("Athens", "has"), says("The Gauls", "has")
('Athens has', 'The Gauls have')

Players and sides are named by one method, :meth:`hcgames.core.State.player_name`;
:func:`possessive` makes "Rome's" or "the Gauls'".

>>> plain_plurals("Rome ends the turn with 1 move(s) unused; 4 card(s) left.")
'Rome ends the turn with 1 move unused; 4 cards left.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = [
    "capitalise",
    "count",
    "degrees",
    "is_plural",
    "join",
    "noun",
    "plain_plurals",
    "plural",
    "possessive",
    "says",
    "some",
    "spelled",
    "the",
    "verb",
    "with_article",
]

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
    "hero": "heroes",
    "country": "countries",
    "penny": "pennies",
    "casualty": "casualties",
    "victory": "victories",
    "ability": "abilities",
    "colony": "colonies",
    "dynasty": "dynasties",
    "century": "centuries",
    "stone": "stone",
    "wood": "wood",
    "ore": "ore",
    "iron": "iron",
    "grain": "grain",
    "wool": "wool",
    "life": "lives",
    "knife": "knives",
    "wolf": "wolves",
    "leaf": "leaves",
    "chief": "chiefs",
    "woman": "women",
    "child": "children",
    "foot": "feet",
    "deer": "deer",
    "sheep": "sheep",
    "series": "series",
    "navy": "navies",
    "story": "stories",
    "strategy": "strategies",
    "technology": "technologies",
    "monarchy": "monarchies",
}

#: numbers a person spells out in a sentence ("two cards", but "12 units")
_SPELLED = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _plural_word(word: str) -> str:
    """The plural of a noun, or of a phrase by its last word ("research roll" -> "research
    rolls", "Roman army" -> "Roman armies"); a phrase with "of" changes its head ("ship of
    the line" -> "ships of the line")."""
    head, sep, tail = word.partition(" of ")
    if sep and head:
        return f"{_plural_word(head)} of {tail}"
    head, _, last = word.rpartition(" ")
    if head:
        return f"{head} {_plural_word(last)}"
    lower = word.lower()
    if lower in _IRREGULAR:
        made = _IRREGULAR[lower]
        return made[:1].upper() + made[1:] if word[:1].isupper() else made
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and lower[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    return word + "s"


def noun(word: str, n: int = 2) -> str:
    """``word`` alone in the number ``n`` calls for: ``noun("army")`` is "armies".

    >>> noun("army"), noun("army", 1), noun("ship of the line")
    ('armies', 'army', 'ships of the line')
    """
    return word if n == 1 else _plural_word(word)


def singular(phrase: str) -> str:
    """``phrase`` with its last plural noun made singular ("pieces that can retake" ->
    "piece that can retake"; "per cent" stays): :func:`noun` read backwards."""
    words, irregular = phrase.split(" "), {many: one for one, many in _IRREGULAR.items()}
    for i in range(len(words) - 1, -1, -1):
        word = words[i]
        for guess in (irregular.get(word.lower(), ""), word[:-3] + "y", word[:-2], word[:-1]):
            if len(guess) > 1 and guess != word and noun(guess).lower() == word.lower():
                return " ".join([*words[:i], guess, *words[i + 1 :]])
    return phrase


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` with the plural a reader expects: ``plural(1, "fleet")`` is
    "1 fleet", ``plural(2, "fleet")`` is "2 fleets" (``many`` gives an irregular one)."""
    return f"{n} {word if n == 1 else many or _plural_word(word)}"


def count(n: int, word: str, many: str | None = None) -> str:
    """A number in digits with its noun, for tallies and tables: "1 unit", "0 cards".

    >>> count(1, "land territory"), count(2, "land territory"), count(1, "fort")
    ('1 land territory', '2 land territories', '1 fort')
    """
    return plural(n, word, many)


def some(n: int, word: str, many: str | None = None) -> str:
    """How a person says an amount in a sentence: "a card", "an army", "no heroes",
    "3 cards".

    >>> some(1, "hour"), some(2, "Roman army")
    ('an hour', '2 Roman armies')
    """
    if n == 1:
        return with_article(word)
    if n == 0:
        return f"no {many or _plural_word(word)}"
    return plural(n, word, many)


def spelled(n: int, word: str, many: str | None = None) -> str:
    """An amount with small numbers spelled out, as a careful writer puts them in a
    sentence: "one card", "three units", "no heroes", "12 units".

    >>> spelled(0, "hero"), spelled(3, "unit"), spelled(1, "infantry")
    ('no heroes', 'three units', 'one infantry')
    """
    if 0 <= n < len(_SPELLED):
        return f"{_SPELLED[n]} {word if n == 1 else many or _plural_word(word)}"
    return plural(n, word, many)


def join(items: Iterable[str], conjunction: str = "and") -> str:
    """A list as a person writes it: "A", "A and B", "A, B and C"; "nothing" when empty.

    >>> join([]), join(["Rome"]), join(["Rome", "Persia"]), join("abc", "or")
    ('nothing', 'Rome', 'Rome and Persia', 'a, b or c')
    """
    words = [str(item) for item in items]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


#: words starting with a vowel letter that sound like "you" or "one" (take "a")
_A_BEFORE_VOWEL = re.compile(
    r"^(uni|use|usu|uti|ura|ure|uro|eu|ewe|one\b|once|ouija|u-|u\b|ubiq|uku|uga|ufo)", re.I
)
#: words starting with a consonant letter that sound like a vowel (take "an")
_AN_BEFORE_CONSONANT = re.compile(r"^(hour|honou?r|honest|heir|herb\b|x\b|x-ray|mp\b|fbi)", re.I)


def article(phrase: str) -> str:
    """ "a" or "an", by how the first word of ``phrase`` sounds.

    >>> [article(w) for w in ["army", "Ottoman", "European", "hour", "unit", "outlaw"]]
    ['an', 'an', 'a', 'an', 'a', 'an']
    >>> [article(w) for w in ["explorer", "American leader", "one-eyed king", "8-point card"]]
    ['an', 'an', 'a', 'an']
    """
    word = phrase.strip()
    if not word:
        return "a"
    if word[0].isdigit():
        number = re.match(r"\d+", word)
        digits = number.group(0) if number else word
        # "an 8", "an 11", "an 18", "an 80": as they sound
        return "an" if digits[0] == "8" or digits in ("11", "18") else "a"
    if _AN_BEFORE_CONSONANT.match(word):
        return "an"
    if _A_BEFORE_VOWEL.match(word):
        return "a"
    return "an" if word[0].lower() in "aeiou" else "a"


def with_article(phrase: str) -> str:
    """``phrase`` with "a" or "an" before it: "an Ottoman", "a European", "an hour".

    >>> with_article("army"), with_article("unit"), with_article("explorer")
    ('an army', 'a unit', 'an explorer')
    """
    return f"{article(phrase)} {phrase}"


def capitalise(text: str) -> str:
    """``text`` with its first letter a capital (past any opening quote or bracket);
    the rest is left as written.

    >>> capitalise("'the end' comes"), capitalise(""), capitalise("3 units fall")
    ("'The end' comes", '', '3 units fall')
    """
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1 :]
        if char.isdigit():
            return text
    return text


#: names ending in "s" that are one thing or one person (a city, a hero)
_SINGULAR_NAMES = frozenset(
    [
        "athens",
        "thebes",
        "mycenae",
        "paris",
        "carthage",
        "tunis",
        "damascus",
        "ephesus",
        "miletus",
        "halicarnassus",
        "rhodes",
        "cyprus",
        "pontus",
        "epirus",
        "illyricus",
        "tarentus",
        "taras",
        "marius",
        "brutus",
        "cassius",
        "crassus",
        "pompeius",
        "cyrus",
        "darius",
        "xerxes",
        "artaxerxes",
        "pericles",
        "themistocles",
        "alcibiades",
        "hercules",
        "achilles",
        "archimedes",
        "socrates",
        "sophocles",
        "euripides",
        "aristophanes",
        "hippocrates",
        "ramses",
        "rameses",
        "moses",
        "cortes",
        "cortés",
        "charles",
        "james",
        "jesus",
        "columbus",
        "copernicus",
        "nostradamus",
        "confucius",
        "mencius",
        "spartacus",
        "vercingetorix",
        "leonidas",
        "midas",
        "croesus",
        "ulysses",
        "odysseus",
        "perseus",
        "theseus",
        "icarus",
        "menelaus",
        "priam",
        "remus",
        "romulus",
        "augustus",
        "tiberius",
        "claudius",
        "gaius",
        "lucius",
        "titus",
        "hadrianus",
        "constantinus",
        "justinianus",
        "atlas",
        "olympus",
        "parnassus",
        "caucasus",
        "taurus",
        "indus",
        "oxus",
        "halys",
        "tigris",
        "wales",
        "netherlands",
        "philippines",
        "bahamas",
        "marcus",
        "hannibal",
        "us",
    ]
)
#: last words that end in "s" and still name one thing
_SINGULAR_ENDINGS = ("ss", "us", "is", "os", "as", "ys", "ics", "ness")


#: nouns whose plural, as the last word of a capitalised name, makes the name plural
#: ("Trung Sisters", "Chinese Warriors", "Dead Sea Scrolls"); a name ending in another
#: word with "s" is one person or thing ("Jane Addams", "Sir John Hawkins")
_PLURAL_HEADS = frozenset(
    [
        "warrior",
        "sister",
        "brother",
        "musketeer",
        "immortal",
        "mameluke",
        "mamluk",
        "conquistador",
        "scroll",
        "paper",
        "mountain",
        "trial",
        "age",
        "knight",
        "soldier",
        "tribe",
        "viking",
        "hun",
        "goth",
        "gaul",
        "celt",
        "greek",
        "frank",
        "mongol",
        "aztec",
        "inca",
        "zulu",
        "crusader",
        "templar",
        "pilgrim",
        "settler",
        "colonist",
        "explorer",
        "pirate",
        "raider",
        "guard",
        "archer",
        "rider",
        "horseman",
        "cossack",
        "legion",
        "hoplite",
        "elephant",
        "chariot",
        "ship",
        "galley",
        "revenant",
        "island",
        "state",
        "nation",
        "province",
        "colony",
        "kingdom",
        "empire",
        "war",
        "crusade",
        "games",
        "olympic",
        "commandment",
        "ranger",
        "marine",
        "trooper",
        "cavalryman",
        "minion",
        "general",
        "people",
        "partner",
        "twin",
        "founder",
        "father",
        "mother",
        "son",
        "daughter",
        "king",
        "queen",
        "emperor",
        "pharaoh",
        "prophet",
        "apostle",
        "saint",
        "disciple",
        "monk",
        "nun",
        "priest",
        "druid",
        "shaman",
        "witch",
        "wizard",
        "giant",
        "titan",
        "god",
        "goddess",
        "hero",
    ]
)
#: plural words that do not end in a plain "s"
_PLURAL_WORDS = frozenset(
    ["people", "men", "women", "children", "elves", "dwarves", "merfolk", "folk"]
)


# The answer depends on the words alone and games ask it of the same few names at
# every step (a possessive or a verb in a sentence of the log), so it is remembered.
@lru_cache(maxsize=4096)
def is_plural(subject: str) -> bool:
    """Whether ``subject`` (a name or a noun phrase) takes a plural verb: "The
    Mamelukes", "Trung Sisters", "Rome and Persia" do; "Rome", "Athens", "Pericles" do not.

    >>> [is_plural(s) for s in ["The Mamelukes", "Trung Sisters", "Rome and Persia"]]
    [True, True, True]
    >>> [is_plural(s) for s in ["Rome", "Athens", "Pericles", "the independent army"]]
    [False, False, False, False]
    >>> is_plural("Player 2"), is_plural("3 units"), is_plural("1 unit")
    (False, True, False)
    >>> is_plural("Sir John Hawkins"), is_plural("Jane Addams"), is_plural("Romans")
    (False, False, True)
    """
    text = subject.strip()
    if not text:
        return False
    if re.search(r"\band\b", text) and not re.search(r"\bof\b.*\band\b", text):
        return True
    head = text.split(" of ")[0].split(" (")[0].strip()
    number = re.match(r"(\d+) ", head)
    if number:
        return int(number.group(1)) != 1
    if head.lower() in _SINGULAR_NAMES:
        return False
    words = head.split()
    last = words[-1]
    low = last.lower()
    if low in _SINGULAR_NAMES or last[-1:].isdigit():
        return False
    if low in _PLURAL_WORDS:
        return True
    if not low.endswith("s") or low.endswith(_SINGULAR_ENDINGS):
        return False
    if last[:1].islower():  # a common noun: "the armies", "3 units"
        return True
    # a capitalised last word: a people ("Romans", "Hittites"), a name led by "The", or a
    # plural of a common noun ("Warriors"); otherwise a surname ("Addams", "Hawkins")
    singular = low[:-2] if low.endswith(("ches", "shes", "xes")) else low[:-1]
    return (
        low.endswith(("ans", "ites"))
        or words[0] in ("The", "the")
        or singular in _PLURAL_HEADS
        or singular.removesuffix("e") in _PLURAL_HEADS
    )


#: verbs whose plural is not just the singular less its "s"
_VERBS = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def verb(subject: str, singular: str) -> str:
    """The form of a present-tense verb (given as after "it") that ``subject`` takes.

    >>> verb("The Gauls", "loses"), verb("Rome", "loses"), verb("Trung Sisters", "marches")
    ('lose', 'loses', 'march')
    >>> verb("The Mamelukes", "carries"), verb("The Huns", "is"), verb("the Huns", "can")
    ('carry', 'are', 'can')
    """
    if not is_plural(subject):
        return singular
    first, space, rest = singular.partition(" ")
    tail = space + rest
    lower = first.lower()
    if lower in _VERBS:
        return _VERBS[lower] + tail
    if lower.endswith("ies") and len(lower) > 4:
        return first[:-3] + "y" + tail
    if lower.endswith(("sses", "ches", "shes", "xes", "zes", "oes")):
        return first[:-2] + tail
    if lower.endswith("s") and not lower.endswith("ss"):
        return first[:-1] + tail
    return singular


def says(subject: str, singular: str) -> str:
    """``subject`` and its verb in agreement: "Rome dies", "The Mamelukes die"."""
    return f"{subject} {verb(subject, singular)}"


def the(name: str) -> str:
    """A people's name as it stands after "of": "the Romans", "the Trung Sisters"; a
    place or a seat keeps its bare name ("Rome", "Player 2").

    >>> the("Romans"), the("the Gauls"), the("Rome"), the("Player 2")
    ('the Romans', 'the Gauls', 'Rome', 'Player 2')
    """
    if is_plural(name) and not name.lower().startswith("the "):
        return f"the {name}"
    return name


def possessive(name: str) -> str:
    """``name``'s: "Rome's", "Pericles's" (one person), "the Gauls'" (many).

    >>> possessive("Rome"), possessive("the Gauls"), possessive("Player 2")
    ("Rome's", "the Gauls'", "Player 2's")
    """
    return f"{name}'" if is_plural(name) else f"{name}'s"


def degrees(latitude: float) -> str:
    """A latitude as a reader says it: "34.6 degrees south", "51.5 degrees north".

    >>> degrees(-34.6), degrees(51.5), degrees(0)
    ('34.6 degrees south', '51.5 degrees north', 'on the equator')
    """
    if latitude == 0:
        return "on the equator"
    side = "north" if latitude > 0 else "south"
    amount = f"{abs(latitude):g}"
    return f"{amount} {'degree' if amount == '1' else 'degrees'} {side}"


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


def round_words(number: int, word: str = "Round") -> str:
    """ "Round 3" (or "Turn 3" for a game that counts turns, ``word``); before the first
    round (a game's set-up) "Setting up", never "Round 0"."""
    return f"{word} {number}" if number > 0 else "Setting up"
