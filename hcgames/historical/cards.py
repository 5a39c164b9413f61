"""The cards: what a card is, the words card data may use, and how an ability reads.

One module past 600 lines on purpose: the effect vocabulary, the Card record and the
sentences built from effects change together whenever a kind of effect is added.

Every card ability is data: a list of effects, each naming one kind from
:data:`EFFECT_KINDS`, the moment it works and its numbers. The rules know how to carry
out every kind; a card whose ability cannot be said in this vocabulary is not shipped.
The data files are read and checked in :mod:`hcgames.historical.material`.

The vocabulary
--------------
The words card data may use: continents, categories, moments and effect kinds.

This module is pure data. :data:`EFFECT_KINDS` says, for each kind of effect, at
which moments (:data:`WHENS`) it may work and which numbers and filters it needs or
accepts; :data:`MATCH_KEYS` and :data:`CONDITION_KEYS` list the keys a card filter
or a condition may use. The catalogue checks every card against these tables and
the rules carry out every kind listed here.

>>> sorted(EFFECT_KINDS["duel"][0])
['hold', 'play']
>>> "Europe" in CONTINENTS
True

The card record
---------------
One card: the :class:`Card` record, what follows from its printed facts, and filters.

A :class:`Card` keeps the printed facts of a card, its traits, its abilities as
effects (see :mod:`hcgames.historical.cards`) and its history plate. Its
properties answer the questions the rules keep asking (is it an explorer, how does
it travel, how much extra room does it give). :func:`matches` tests a card against a
filter from the data, and :func:`card_name` turns a card key back into a name.

Abilities in words
------------------
Card abilities in plain words, generated from their effect lists.

Nothing printed on a card is stored as prose: the text a player reads is built here
from the effect data, so the words always say what the rules actually do.

>>> describe_effect(Effect("capacity", "constant", extra=1))
'This land holds 1 more card.'
>>> describe_condition({"land_coastal": True})
'on a coastal land'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from hcgames.words import capitalise, join, noun, plural, with_article

__all__ = [
    "CATEGORIES",
    "CONDITION_KEYS",
    "CONTINENTS",
    "EFFECT_KINDS",
    "FAMILIES",
    "INTERACTING",
    "LEADER_SUBTYPES",
    "MATCH_KEYS",
    "WHENS",
    "Alternative",
    "Card",
    "Effect",
    "card_name",
    "describe_condition",
    "describe_effect",
    "describe_target",
    "matches",
    "plate_span",
    "remember_names",
]

# --- the vocabulary ---------------------------------------------------------------------
#: how a student's note of context begins, on the card and in the game's log
STUDENT_NOTE_HEADING = "Behind the card: "
#: the heading the teachers' notes carry in the data
TEACHER_NOTE_HEADING = "A note for the teacher: "
#: a clause of a teacher's note that speaks to the teacher, not to the student
_TO_THE_TEACHER = re.compile(
    r"\b(the class|a class|in class|students?|teachers?|present (it|the)|make clear|"
    r"keep to the facts|ask the|let the class)\b",
    re.IGNORECASE,
)


def _for_students(note: str) -> str:
    """A teacher's note less its heading and every clause that speaks to the teacher
    (the data's own student note takes its place where this would lose too much)."""
    body = note.removeprefix(TEACHER_NOTE_HEADING)
    kept = []
    for sentence in re.split(r"(?<=[.])\s+(?=[A-Z])", body):
        clauses = [c for c in sentence.rstrip(".").split("; ") if not _TO_THE_TEACHER.search(c)]
        if clauses:
            kept.append("; ".join(clauses).rstrip(".") + ".")
    return " ".join(kept)


#: first words a note begins with that are not names (the note's heading ends in a
#: colon, so they take a small letter after it; a name keeps its capital)
_PLAIN_STARTS = frozenset({"the", "almost", "a", "an", "it", "its", "this", "these", "one"})

#: words a note uses of any card, which say nothing about its history
_NOTE_WORDS = frozenset({"card", "cards", "game", "years", "stands", "that", "which", "this"})


def _words(text: str) -> set[str]:
    """The longer words of ``text`` (four letters or more, lower case, no 's) and its
    numbers, less the words any note uses."""
    words = {w.removesuffix("'s") for w in re.findall(r"[a-z']{4,}|[0-9][0-9,]*", text.lower())}
    return words - _NOTE_WORDS


def _beyond(note: str, plate: str) -> str:
    """The sentences of ``note`` that say more than ``plate``: a sentence whose words
    and numbers are three quarters or more in the plate already, with no number the plate
    lacks, only repeats it."""
    said = _words(plate)
    kept = []
    for line in re.split(r"(?<=[.!?])\s+", note.strip()):
        words = _words(line)
        new_number = any(w[0].isdigit() for w in words - said)
        if new_number or len(words & said) * 4 < len(words) * 3:
            kept.append(line)
    return " ".join(kept)


CONTINENTS = ("North America", "South America", "Europe", "Africa", "Asia", "Oceania")
CATEGORIES = (
    "land",
    "character",
    "army",
    "event",
    "technology",
    "knowledge",
    "location",
    "organization",
    "document",
)
#: the moments an effect can work at
WHENS = {
    "play": "when the card is played",
    "hold": "once, at a moment its owner chooses during their own turn",
    "constant": "for as long as the card is in play",
    "death": "when the card dies (lost in battle or killed by an opponent's card)",
    "win": "when an attack from its land is won",
    "defend_win": "when its land beats off an attack",
    "attack": "when its land declares an attack",
    "defend": "when its land is attacked",
    "discover": "when the card discovers a land",
    "arrival": "when a matching character arrives on this land",
    "battle": "when its land fights a battle",
}

#: kind -> (allowed whens, required parameters, optional parameters)
EFFECT_KINDS: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {}


def _kind(name: str, whens: str, required: str = "", optional: str = "") -> None:
    EFFECT_KINDS[name] = (
        frozenset(whens.split()),
        frozenset(required.split()),
        frozenset(optional.split()) | {"if", "uses", "per_turn", "each"},
    )


_kind("morale", "play hold death win defend_win discover arrival battle", "amount", "alt match")
_kind("morale_opponents", "play hold", "amount target", "match")
_kind("morale_per_card", "play hold", "amount match scope", "base exclude_self")
_kind("morale_each_turn", "constant", "amount", "stop_at")
_kind("strength", "constant", "amount stat scope", "per")
_kind("multiply", "constant", "factor scope match")
_kind("discover_land", "play hold", "source", "escort discard_self")
_kind("kill_character", "play hold attack", "match", "discard_self chooser")
_kind("duel", "play hold", "", "duellist")
_kind("destroy_land", "play", "lock_turns discard_land", "flee")
_kind("auto_win", "constant", "side", "per_round")
_kind("recover", "play win", "match", "to")
_kind("block_attacks", "play constant", "blocks scope turns", "continent")
_kind("guarded", "constant", "needs")
_kind("cancel_effect", "play", "what mode")
_kind("event_shield", "play constant", "turns", "what")
_kind("discard_opponent_card", "play", "match count")
_kind("mass_discard", "play", "match")
_kind("capacity", "constant", "extra")
_kind("morale_floor", "constant", "value")
_kind("expires", "constant", "turns")
_kind("defect_on_win", "win")
_kind("take_from_hand", "win")
_kind("lasting_bonus", "hold", "morale strength scope")
_kind("move_card", "play hold", "to")
_kind("choice", "play", "options")
_kind("plant", "play", "morale")
_kind("toll", "defend")
_kind("protect_hand", "constant")
_kind("forbid_spies", "constant")
_kind("ban_placement", "constant", "match where")
_kind("coastal_only", "constant")
_kind("win_condition", "constant", "below rounds", "undone_by")

MATCH_KEYS = frozenset(
    [
        "category",
        "subtype",
        "subtype_prefix",
        "leader",
        "nationality",
        "ethnicity",
        "religion",
        "gender",
        "tag",
        "era",
        "name",
        "attack_max",
        "any",
    ]
)
CONDITION_KEYS = frozenset(
    [
        "land_continent",
        "land_name",
        "land_coastal",
        "land_has",
        "attacking",
        "defending",
        "battle_continent",
        "enemy_has",
        "enemy_land_name",
        "first_attack_of_turn",
        "first_defence_of_turn",
        "turns_min",
        "turns_max",
        "in_play",
        "in_play_mine",
        "not_in_play",
        "played",
        "played_mine",
        "own_lands_tagged",
        "own_land_continent",
        "sole_leader",
        "more_females",
        "attacker_has",
        "discovered_continent",
        "discovered_tag",
        "any",
    ]
)
LEADER_SUBTYPES = frozenset({"leader", "conqueror", "spiritual_leader"})
#: the eight families a person or army card belongs to (our grouping, for the timeline
#: of lesson 50: too many kinds for one colour each), by the card's kind in words
FAMILIES: dict[str, tuple[str, ...]] = {
    "Leaders and politicians": ("leader", "politician"),
    "Conquerors and warriors": ("conqueror", "warrior"),
    "Armies": ("army",),
    "Explorers": (),  # every kind that ends in "explorer"
    "Science, invention and trade": (
        "scientist",
        "inventor",
        "mathematician",
        "economist",
        "businessman",
    ),
    "Arts, writing and sport": ("artist", "author", "musician", "entertainer", "athlete"),
    "Faith, ideas and reform": ("spiritual leader", "philosopher", "activist"),
    "Outlaws and spies": (),  # assassins, spies and every kind marked "(outlaw)"
}
#: effect kinds that reach into another player's civilisation (not in the first round)
INTERACTING = frozenset(
    {
        "morale_opponents",
        "kill_character",
        "duel",
        "destroy_land",
        "discard_opponent_card",
        "mass_discard",
        "plant",
        "take_from_hand",
        "defect_on_win",
    }
)


# --- abilities in words -----------------------------------------------------------------
def _describe_match(match: Mapping[str, Any]) -> str:
    if not match:
        return "card"
    parts: list[str] = []
    for key, want in match.items():
        if key == "any":
            parts.insert(0, " or ".join(_describe_match(m) for m in want))
        elif key == "leader":
            parts.append("leader")
        elif key == "gender":
            parts.insert(0, str(want))
        elif key == "subtype_prefix":
            head, _, tail = str(want).rstrip("-").partition("-")
            parts.append(f"{tail} ({head})" if tail else head)
        elif key == "attack_max":
            parts.append(f"with attack {want} or less")
        elif key == "category":
            units = {"character", "army"} & set(want)
            parts.append(" or ".join(str(w) for w in want) + ("" if units else " card"))
        elif key in ("nationality", "ethnicity", "religion", "era", "subtype"):
            parts.insert(0, _either(want))
        elif isinstance(want, list | tuple):
            parts.append(_either(want))
        else:
            parts.append(str(want))
    if set(match) == {"era"}:
        parts.append("card")
    return " ".join(parts)


# The name of a country or faith that the cards list beside its adjective
# ("French", "France"): a reader needs the adjective once ("a French leader").
_ADJECTIVE_OF = {"France": "French", "Spain": "Spanish", "Islam": "Muslim"}


def _either(values: Any) -> str:
    """Alternatives a card accepts, in words ("British or English"), each once."""
    words: list[str] = []
    for value in values:
        word = str(value).replace("_", " ")
        word = _ADJECTIVE_OF.get(word, word)
        if word not in words:
            words.append(word)
    return " or ".join(words)


def _names(values: Any) -> str:
    """Names as a reader writes them ("Canada", "North America"), joined by "or"."""
    items = [str(v).replace("_", " ") for v in values]
    return join((item.title() if item.islower() else item for item in items), "or")


def _thing(match: Mapping[str, Any]) -> str:
    """A filter as a noun phrase: a named card by its name, anything else with "a"."""
    if set(match) == {"name"}:
        return _names(match["name"])
    return with_article(_describe_match(match))


def describe_target(effect: Effect) -> str:
    """What an aimed ability needs to aim at, as a noun phrase ("an opposing land")."""
    kind = effect.kind
    match = dict(effect.match or {})
    some = _thing(match) if match else "a card"
    return {
        "kill_character": f"{_thing(match) if match else 'a character'} on an opponent's land",
        "duel": "a character of yours and an opposing character to fight the duel",
        "destroy_land": "an opposing land",
        "recover": f"{some} in your discard pile",
        "discard_opponent_card": f"{some} an opponent has in play",
        "lasting_bonus": "another of your characters in play to discard",
        "move_card": "one of your cards that can move to another of your lands",
        "discover_land": "an opponent with a land left in their land pile",
    }.get(kind, "a player or a card to aim at")


def describe_condition(cond: Mapping[str, Any]) -> str:
    """A condition in words ("while a French leader stands on its land")."""
    parts = []
    for key, want in cond.items():
        if key == "any":
            parts.append(" or ".join(describe_condition(sub) for sub in want))
        elif key == "land_continent":
            parts.append(f"on a land in {_names(want)}")
        elif key == "land_name":
            parts.append(f"on {_names(want)}")
        elif key == "land_coastal":
            parts.append("on a coastal land")
        elif key == "land_has":
            parts.append(f"while {_thing(want)} stands on the same land")
        elif key == "attacking":
            parts.append("when attacking")
        elif key == "defending":
            parts.append("when defending")
        elif key == "battle_continent":
            parts.append(f"in battles in {_names(want)}")
        elif key == "enemy_has":
            parts.append(f"against {_thing(want)}")
        elif key == "enemy_land_name":
            parts.append(f"against {_names(want)}")
        elif key == "first_attack_of_turn":
            parts.append("in the turn's first attack")
        elif key == "first_defence_of_turn":
            parts.append("in the first defence of the turn")
        elif key == "turns_min":
            parts.append(f"after {want} of your turns in play")
        elif key == "turns_max":
            parts.append(f"during its first {want} turns")
        elif key == "in_play":
            parts.append(f"while {_thing(want)} is in play")
        elif key == "in_play_mine":
            parts.append(f"if you have {_thing(want)} in play")
        elif key == "not_in_play":
            parts.append(f"while no {_describe_match(want)} is in play")
        elif key == "played":
            parts.append(f"if {_thing(want)} has been played (it is in play or in a discard pile)")
        elif key == "played_mine":
            parts.append(
                f"if you have played {_thing(want)} (it is in play or in your discard pile)"
            )
        elif key == "own_lands_tagged":
            tag = want["tag"].replace("_", " ").replace("us ", "US ")
            parts.append(f"if you hold {want['min']} {tag} lands")
        elif key == "own_land_continent":
            parts.append(f"if you hold a land in {_names(want)}")
        elif key == "sole_leader":
            parts.append("as the only leader of its land")
        elif key == "more_females":
            parts.append("if you have more women in play than any opponent")
        elif key == "attacker_has":
            parts.append(f"against an attacking land with {_thing(want)} on it")
        elif key == "discovered_continent" or key == "discovered_tag":
            places = [str(w).replace("_", " ").title() for w in want]
            parts.append(f"if the land found is in {_names(places)}")
    return ", ".join(parts)


def _times(effect: Effect) -> str:
    """How often an ability may work: "once", "twice", "3 times", "once a turn"..."""
    if effect.each:
        return "every time"
    if effect.per_round:
        return "once a round"
    if effect.per_turn:
        return "once a turn"
    uses = int(effect.uses or 1)
    return {1: "once", 2: "twice"}.get(uses, f"{uses} times")


def _first(effect: Effect, what: str) -> str:
    """ "the first battle its land wins", "every battle its land wins", "the first 2
    battles..." for an ability limited by its uses (``what`` in the singular)."""
    if effect.each:
        return f"every {what}"
    uses = int(effect.uses or 1)
    if uses == 1:
        return f"the first {what}"
    head, _, rest = what.partition(" ")
    return f"each of the first {uses} {noun(head)} {rest}".rstrip()


def _span(turns: int) -> str:
    """How long a timed ability lasts, counted in its player's turns."""
    if turns == 1:
        return "until your next turn"
    ordinal = {2: "second", 3: "third", 4: "fourth"}.get(turns, f"{turns}th")
    return f"until your {ordinal} turn from now"


def _moment(effect: Effect) -> str:
    when = effect.when
    if when == "hold":
        return f"{_times(effect).capitalize()}, when you choose"
    if when == "win":
        return f"After {_first(effect, 'battle its land wins')}"
    if when == "defend_win":
        return f"After {_first(effect, 'attack its land beats off')}"
    if when == "attack":
        return f"In {_first(effect, 'attack from its land')}"
    if when == "battle":
        return f"In {_first(effect, 'battle its land fights')}"
    if when == "arrival":
        who = _describe_match(effect.match)
        if effect.each:
            return f"For each {who} that comes to this land"
        uses = int(effect.uses or 1)
        if uses == 1:
            return f"The first time {with_article(who)} comes to this land"
        return f"Each of the first {uses} times {with_article(who)} comes to this land"
    return {
        "play": "On play",
        "constant": "While in play",
        "death": "When it dies",
        "discover": "When it discovers a land",
        "defend": "When its land is attacked",
    }[when]


#: battle moments whose limited morale is counted only over battles meeting its condition
_COUNTED_BATTLES = {
    "battle": "fights a battle",
    "win": "wins a battle",
    "defend_win": "beats off an attack",
}


def _times_its_land(effect: Effect) -> str:
    """ "The first time its land" (uses 1) or "Each of the first 2 times its land"."""
    uses = int(effect.uses or 1)
    head = "The first time" if uses == 1 else f"Each of the first {uses} times"
    return f"{head} its land"


def _first_time(effect: Effect, cond: str) -> str:
    """ "The first time its land fights a battle against a conqueror" (uses 1), or "Each
    of the first 2 times ..." for a limited battle ability with a condition."""
    return f"{_times_its_land(effect)} {_COUNTED_BATTLES[effect.when]} {cond}"


def _factor(factor: float) -> str:
    return "double" if factor == 2 else "half" if factor == 0.5 else f"{factor:g} times"


def _describe_multiply(effect: Effect, cond: str) -> str:
    """Multipliers read as the battle arithmetic applies them (:mod:`battle`)."""
    factor = _factor(effect.factor)
    condition = dict(effect.condition or {})
    once = f"{_times(effect).capitalize()}: " if effect.uses is not None else ""
    if effect.scope == "land" and not effect.match:
        side = (
            "attack"
            if condition.get("attacking")
            else "defence"
            if condition.get("defending")
            else "strength"
        )
        rest = {k: v for k, v in condition.items() if k not in ("attacking", "defending")}
        extra = f" {describe_condition(rest)}" if rest else ""
        moment = (
            "when its land attacks"
            if side == "attack"
            else "when its land defends"
            if side == "defence"
            else "in its land's battles"
        )
        return f"{once}{moment}, the land's whole {side} counts {factor}{extra}."
    who = _describe_match(effect.match)
    if effect.scope == "enemy":
        if condition.get("defending"):
            rest = {k: v for k, v in condition.items() if k != "defending"}
            extra = f" {describe_condition(rest)}" if rest else ""
            each = "each" if once else "Each"
            return f"{once}{each} {who} attacking this land counts at {factor} strength{extra}."
        each = "each" if once else "Each"
        return f"{once}{each} {who} facing this land in battle counts at {factor} strength{cond}."
    each = "each" if once else "Each"
    if effect.scope == "civ":
        return f"{once}{each} {who} of yours counts {factor} in every battle{cond}."
    return f"{once}{each} {who} on its land counts {factor}{cond}."


def describe_effect(effect: Effect) -> str:
    """One sentence, in our words, saying what an effect does: made from the fields
    the rules read, so the text and the rules cannot say different things (the test
    ``test_ability_text_says_every_field`` checks every card of the app's decks)."""
    kind = effect.kind
    amount = effect.amount
    sign = f"{amount:+d}" if isinstance(amount, int) else str(amount)
    moment = _moment(effect)
    cond = f" {describe_condition(effect.condition)}" if effect.condition else ""
    if effect.when == "hold" and cond:  # the condition says when it may be used
        moment, cond = f"{moment} ({cond.strip()})", ""
    if effect.when in _COUNTED_BATTLES and cond and not effect.each and kind == "morale":
        # a use is spent only in a battle that meets the condition (fighting.py), so the
        # battle counted is "the first one against ...", not the land's first battle
        moment, cond = _first_time(effect, cond.strip()), ""
    if kind == "morale":
        alt = effect.alt
        other = f", or {alt.amount:+d} instead {describe_condition(alt.condition)}" if alt else ""
        text = f"{moment}: {sign} morale{other}{cond}."
    elif kind == "morale_opponents":
        who = {"one": "one opponent you choose gets", "all": "every opponent gets"}.get(
            effect.target,
            f"every player with {with_article(_describe_match(effect.match))} in play gets",
        )
        text = f"{moment}: {who} {sign} morale{cond}."
    elif kind == "morale_per_card":
        whose = "anyone has" if effect.scope == "all" else "you have"
        other = " other" if effect.exclude_self else ""
        counted = f"for each{other} {_describe_match(effect.match)} {whose} in play"
        if effect.base:
            text = f"{moment}: {effect.base:+d} morale, and {sign} more {counted}."
        else:
            text = f"{moment}: {sign} morale {counted}."
    elif kind == "morale_each_turn":
        stop = f", until your morale reaches {effect.stop_at}" if effect.stop_at is not None else ""
        text = f"At the start of each of your turns: {sign} morale{cond}{stop}."
    elif kind == "strength":
        stat = {"both": "strength", "attack": "attack", "defence": "defence"}[effect.stat]
        scope = {"self": "This card", "land": "Its land", "civ": "Each of your lands"}[effect.scope]
        each = f" for each {_describe_match(effect.per['match'])} on its land" if effect.per else ""
        text = f"{scope} gets {sign} {stat}{each}{cond}."
    elif kind == "multiply":
        text = _describe_multiply(effect, cond)
    elif kind == "discover_land":
        pile = {
            "own": "discover a land from your land pile",
            "choice": "choose a land from your land pile and discover it",
            "opponent": "discover a land from the land pile of an opponent you choose",
        }[effect.source]
        escort = "; one of your cards on another land may go with it" if effect.escort else ""
        done = "; then this card leaves play" if effect.discard_self else ""
        text = f"{moment}: {pile}{escort}{done}{cond}."
    elif kind == "kill_character":
        what = _describe_match(effect.match)
        if effect.when == "attack":
            # a use is spent only on an attack that finds one (fighting.declare), so the
            # attack counted is the first one on a land with such a card, not the first
            where = f" {cond.strip().replace('the same land', 'its land')}" if cond else ""
            moment = f"{_times_its_land(effect)} attacks a land with {with_article(what)}{where}"
            hit, cond = f"{with_article(what)} there, which you choose, is killed", ""
        elif effect.chooser == "victim":
            hit = (
                f"one opponent you choose discards {with_article(what)} of theirs "
                "(they choose which)"
            )
        else:
            hit = f"{with_article(what)} of an opponent's, which you choose, is killed"
        done = "; then this card leaves play" if effect.discard_self else ""
        text = f"{moment}: {hit}{done}{cond}."
    elif kind == "duel":
        who = "this card fights" if effect.duellist == "self" else "one of your characters fights"
        text = (
            f"{moment}: {who} a duel with one opposing character; the lower attack is "
            "discarded, and on equal attacks both stay."
        )
    elif kind == "destroy_land":
        if effect.discard_land:
            hit = "one opposing land is destroyed with every card on it"
        else:
            hit = "every card on one opposing land is destroyed"
        flee = (
            "; first its player may move one character from it to another of their lands "
            "on the same continent"
            if effect.flee
            else ""
        )
        lock = (
            f", and no card may stand there {_span(effect.lock_turns)}" if effect.lock_turns else ""
        )
        text = f"{moment}: {hit}{lock}{flee}."
    elif kind == "auto_win":
        side = {"attack": "attack", "defence": "defence", "any": "battle"}[effect.side]
        text = f"{_times(effect).capitalize()}: its land wins {with_article(side)} outright{cond}."
    elif kind == "recover":
        what = with_article(_describe_match(effect.match))
        if effect.to == "play":
            back = f"{what} from your discard pile returns to play on one of your lands"
        elif effect.when == "win":
            back = f"you may take {what} back from your discard pile to your hand"
            moment = "After every attack its land wins"
        else:
            back = f"take {what} back from your discard pile to your hand"
        text = f"{moment}: {back}."
    elif kind == "block_attacks":
        what = {
            "attacks_on": "no one may attack",
            "attacks_by": "may not attack",
            "both": "may neither attack nor be attacked",
        }[effect.blocks]
        where = {
            "land": "its land",
            "own_land": "one of your lands",
            "player": "you",
            "target": "the chosen opponent",
            "continent": f"anyone in {effect.continent}",
        }[effect.scope]
        span = f" {_span(effect.turns)}" if effect.turns else ""
        sentence = f"{what} {where}" if effect.blocks == "attacks_on" else f"{where} {what}"
        condition = dict(effect.condition or {})
        attacker = condition.pop("attacker_has", None)
        if attacker is not None and effect.blocks == "attacks_on":
            sentence = f"no land with {_thing(attacker)} on it may attack {where}"
            rest = describe_condition(condition)
            cond = f" {rest}" if rest else ""
        text = f"{moment}: {sentence}{span}{cond}."
    elif kind == "guarded":
        text = f"Only a land with {with_article(_describe_match(effect.needs))} may attack here."
    elif kind == "cancel_effect":
        what = {
            "event": "an event",
            "morale_loss": "the morale loss",
        }.get(effect.what, with_article(effect.what.replace("_", " ")))
        if effect.mode == "reverse":
            text = f"Interrupt: {what} aimed at you is turned back onto the player who played it."
        elif effect.what == "morale_loss":
            text = "Interrupt: you lose no morale from one opponent's card aimed at you."
        else:
            text = f"Interrupt: cancel {what} aimed at you."
    elif kind == "event_shield":
        what = "cards" if effect.what == "all" else f"{effect.what or 'event'} cards"
        span = f" {_span(effect.turns)}" if effect.turns else ""
        text = f"{moment}: opponents' {what} cannot touch you{span}."
    elif kind == "discard_opponent_card":
        what = _describe_match(effect.match)
        if effect.count == "all":
            text = f"{moment}: one opponent you choose discards every {what} they have in play."
        else:
            text = (
                f"{moment}: {with_article(what)} an opponent has in play, which you choose, "
                "is discarded."
            )
    elif kind == "mass_discard":
        text = f"{moment}: every {_describe_match(effect.match)} in play is discarded."
    elif kind == "capacity":
        text = f"This land holds {plural(effect.extra, 'more card')}."
    elif kind == "morale_floor":
        text = f"Your morale cannot fall below {effect.value}."
    elif kind == "expires":
        text = f"Leaves play after {plural(effect.turns, 'turn')} of yours."
    elif kind == "defect_on_win":  # spent only when a character is left to join (after_win)
        text = (
            f"{_times_its_land(effect)} wins an attack with an opposing character left on "
            "the land it attacked: one of them, which you choose, joins you."
        )
    elif kind == "take_from_hand":  # spent only when the loser holds a card it may take
        text = (
            f"{_times_its_land(effect)} wins an attack against a player with cards in hand: "
            "take one of those cards."
        )
    elif kind == "lasting_bonus":
        where = "all your lands" if effect.scope == "civ" else "this land"
        text = (
            f"{_times(effect).capitalize()}, when you choose: discard another of your characters "
            f"for {effect.morale:+d} morale and {effect.strength:+d} strength for {where}, "
            "kept for the rest of the game."
        )
    elif kind == "move_card":
        where = "onto this land" if effect.to == "this_land" else "to another of your lands"
        text = f"{moment}: move one of your cards {where}."
    elif kind == "choice":
        options = [" ".join(describe_effect(e) for e in opt) for opt in effect.options]
        text = "Choose one: " + " / ".join(options)
    elif kind == "plant":
        text = (
            f"{moment}: it is planted on an opponent's land, and that land's holder gets "
            f"{effect.morale:+d} morale; its holder cannot discard it."
        )
    elif kind == "toll":
        text = (
            f"{_times_its_land(effect)} is attacked from a land with a character on it: the "
            "attacker must first discard one of those characters."
        )
    elif kind == "protect_hand":
        text = "Opponents cannot take cards from your hand."
    elif kind == "forbid_spies":
        text = "Opponents cannot play spy cards."
    elif kind == "ban_placement":
        where = "on this land" if effect.where == "land" else "on the same land as this card"
        text = f"No {_describe_match(effect.match)} may stand {where}."
    elif kind == "coastal_only":
        text = "May stand only on coastal lands."
    elif kind == "win_condition":
        undone = effect.undone_by.get("name", [])
        end = f" The card leaves play when an opponent plays {_names(undone)}." if undone else ""
        text = (
            f"You win if an opponent stays below {effect.below} morale for "
            f"{plural(effect.rounds, 'round')}.{end}"
        )
    else:  # pragma: no cover - validation rejects unknown kinds
        text = kind
    return capitalise(text)


# --- the effect record ------------------------------------------------------------------
#: an empty filter: the default of an effect's filters the data leaves out
NOTHING: Mapping[str, Any] = MappingProxyType({})


def _nothing() -> Mapping[str, Any]:
    return NOTHING


@dataclass(frozen=True)
class Alternative:
    """A second amount an effect gives instead when its own condition holds."""

    condition: Mapping[str, Any]
    amount: int


@dataclass(frozen=True)
class Effect:
    """One effect of a card ability, built once from the card data and read by name.

    ``kind`` is one of :data:`EFFECT_KINDS` and ``when`` one of :data:`WHENS`; the
    other fields are the parameters the kind takes (left at their defaults, empty or
    zero, when the data leaves them out).
    """

    kind: str
    when: str
    #: the data's "if": the effect works only when it holds (None: always)
    condition: Mapping[str, Any] | None = None
    #: times the ability may be used (None: the data sets no limit, so once)
    uses: int | None = None
    per_turn: bool = False
    per_round: bool = False
    #: no limit: after every battle won (``win``), once for each card that arrives
    #: (``arrival``)
    each: bool = False
    #: kill_character: "victim" when the struck opponent chooses which card goes
    chooser: str = ""
    #: duel: "self" when only the card itself fights the duel
    duellist: str = ""
    amount: int = 0
    alt: Alternative | None = None
    match: Mapping[str, Any] = field(default_factory=_nothing)
    target: str = ""
    scope: str = ""
    base: int = 0
    exclude_self: bool = False
    stop_at: int | None = None
    stat: str = ""
    per: Mapping[str, Any] = field(default_factory=_nothing)
    factor: float = 1
    source: str = ""
    escort: bool = False
    discard_self: bool = False
    lock_turns: int = 0
    discard_land: bool = False
    flee: bool = False
    side: str = ""
    blocks: str = ""
    turns: int = 0
    continent: str = ""
    needs: Mapping[str, Any] = field(default_factory=_nothing)
    what: str = ""
    mode: str = ""
    #: how many cards: "one" or "all"
    count: str = ""
    extra: int = 0
    value: int = 0
    morale: int = 0
    strength: int = 0
    to: str = ""
    where: str = ""
    below: int = 0
    rounds: int = 0
    undone_by: Mapping[str, Any] = field(default_factory=_nothing)
    #: a choice: the effect lists a player picks between
    options: tuple[tuple[Effect, ...], ...] = ()


# --- the card record --------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """One card as printed (plus our effect encoding and a history plate)."""

    id: str
    name: str
    category: str
    subtype: str
    years: str
    year_from: int | None
    year_to: int | None
    era: str
    continent: str
    coastal: bool
    attack: int
    defence: int
    usage: str
    frequency: str
    traits: Mapping[str, str]
    tags: tuple[str, ...]
    interrupt: bool
    effects: tuple[Effect, ...]
    plate: str = ""
    plate_years: str = ""
    #: first and last year of the history plate's years (checked history; timelines
    #: use these, not the printed card years, some of which are misprinted)
    plate_from: int | None = None
    plate_to: int | None = None
    #: a calm note of historical context for the teacher (hard subjects: slavery,
    #: witch hunts, the atomic bomb); the teacher's list of notes shows it, students
    #: read :attr:`student_note` (with the plate and in the game log)
    context: str = ""
    #: the note written for students where the teacher's note speaks to the teacher
    #: ("ask the class ..."); empty when the teacher's note, less its heading, will do
    student_context: str = ""
    #: lands: the latitude of the land's northernmost point (mainland and islands;
    #: negative south of the equator). The book lets the player whose top land lies
    #: farthest north go first; we read that as the land whose territory reaches
    #: farthest north (our decision: Russia beats Scotland)
    latitude: float | None = None
    #: for choice cards: one effect list per option; else a single list
    variants: tuple[tuple[Effect, ...], ...] = field(default=())
    #: what the person really was, where the printed type says otherwise (Rasputin was
    #: murdered, not an assassin); the printed type still decides the rules
    role: str = ""
    #: one plain line where the printed card says more or less than the program does,
    #: or leaves open what we decided (shown on the card views, labelled as ours)
    note: str = ""
    #: lands without a coast: the river that carries boats from the land to an ocean,
    #: by which sea explorers may reach it (the rulebook: "river access"); else ""
    river: str = ""

    @cached_property
    def sea_access(self) -> bool:
        """Lands: whether a sea explorer can reach it, by its coast or by a river."""
        return self.coastal or bool(self.river)

    @cached_property
    def is_unit(self) -> bool:
        """Characters (explorers included) and armies stand in land columns."""
        return self.category in ("character", "army")

    @cached_property
    def is_land(self) -> bool:
        """Lands enter play from a land pile, never from the hand."""
        return self.category == "land"

    @cached_property
    def is_explorer(self) -> bool:
        return self.subtype.startswith("explorer")

    @cached_property
    def is_leader(self) -> bool:
        return self.subtype in LEADER_SUBTYPES

    @property
    def kind(self) -> str:
        """The card's kind in words, for people to read ("sea explorer", "spiritual
        leader", "pirate (outlaw)"), never the data's code ("explorer-sea"). Where the
        printed type is wrong about the person, the true role comes first and the printed
        type follows as a note ("spy chief; the card prints: assassin and spy")."""
        if self.role:
            return f"{self.role}; the card prints: {self.printed_kind}"
        return self.printed_kind

    @property
    def role_or_kind(self) -> str:
        """What the person was, in a word or two: the true role, else the printed kind."""
        return self.role or self.printed_kind

    @property
    def printed_kind(self) -> str:
        """The printed type in words; abilities that name a type read this one."""
        if not self.subtype:
            return self.category
        head, _, tail = self.subtype.partition("-")
        head, tail = head.replace("_", " "), tail.replace("_", " and ")
        if not tail:
            return head
        if head == "explorer":
            return f"{'air' if tail == 'flight' else tail} explorer"
        if head == "outlaw":
            return f"{tail} (outlaw)"
        return f"{head} and {tail}"

    @property
    def family(self) -> str:
        """The family of a person or army card (one of :data:`FAMILIES`); for other
        cards their category, capitalised ("Event", "Land"). The family follows the
        printed type, as the game's rules do (the true role is a note on the card)."""
        kind = self.printed_kind
        if self.is_explorer or kind.endswith("explorer"):
            return "Explorers"
        if "outlaw" in kind or "assassin" in kind or kind == "spy":
            return "Outlaws and spies"
        for family, kinds in FAMILIES.items():
            if kind in kinds:
                return family
        return self.category.capitalize()

    @property
    def travel(self) -> frozenset[str]:
        """How an explorer travels: land, sea, air or space."""
        if not self.is_explorer:
            return frozenset()
        mode = self.subtype.split("-", 1)[1] if "-" in self.subtype else "land"
        if mode == "flight":
            mode = "air"
        return frozenset(mode.split("_"))

    @cached_property
    def room(self) -> int:
        """Extra cards the land this card stands on (or heads) may hold."""
        return sum(e.extra for e in self.variants[0] if e.kind == "capacity")

    @cached_property
    def bans(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.variants[0] if e.kind == "ban_placement")

    @cached_property
    def coastal_only(self) -> bool:
        return any(e.kind == "coastal_only" for e in self.variants[0])

    @cached_property
    def held(self) -> bool:
        """Has any option of this card an ability used when its player chooses?"""
        return any(e.when == "hold" for variant in self.variants for e in variant)

    @cached_property
    def plants(self) -> bool:
        return any(e.kind == "plant" for e in self.variants[0])

    def has_kind(self, kind: str) -> bool:
        return any(e.kind == kind for variant in self.variants for e in variant)

    @property
    def student_note(self) -> str:
        """The note of context a student reads ("Behind the card: ..."), never the
        teacher's: the note written for students, or the teacher's note less its
        heading and any part addressed to the teacher; empty without a note."""
        if not self.context:
            return ""
        text = self.student_context or _for_students(self.context)
        if text.split(" ", 1)[0].lower() in _PLAIN_STARTS:
            text = text[:1].lower() + text[1:]
        return f"{STUDENT_NOTE_HEADING}{text}"

    @property
    def added_note(self) -> str:
        """The students' note as it follows the plate: only its sentences that say more
        than the plate ("Behind the card: ..."; empty when the plate already says it all)."""
        note = self.student_note.removeprefix(STUDENT_NOTE_HEADING)
        more = _beyond(note, self.plate)
        return f"{STUDENT_NOTE_HEADING}{capitalise(more) if more != note else more}" if more else ""

    @property
    def full_plate(self) -> str:
        """The history plate, followed by what the students' note adds to it."""
        added = self.added_note
        return f"{self.plate}\n\n{added}" if added else self.plate

    @property
    def north_text(self) -> str:
        """How far north a land reaches, in words ("reaches 81.9 degrees north")."""
        if self.latitude is None:
            return ""
        side = "north" if self.latitude >= 0 else "south"
        return f"reaches {abs(self.latitude):g} degrees {side}"

    def ability_text(self) -> str:
        """The ability in our own words, generated from the effect list."""
        if not self.effects:
            return "No ability."
        text = " ".join(describe_effect(e) for e in self.effects)
        if self.is_land:  # a land's own abilities work on the land itself
            text = text.replace("Its land", "This land").replace("its land", "this land")
        return text


#: card id -> printed name, filled in when a catalogue is built
_NAMES: dict[str, str] = {}


def remember_names(cards: Mapping[str, Card]) -> None:
    """Note the printed name of every card so :func:`card_name` can find it."""
    _NAMES.update({cid: card.name for cid, card in cards.items()})


def card_name(key: str) -> str:
    """The printed name of a card id or card key (``"MU2001/0"``)."""
    card_id = key.split("/", 1)[0]
    return _NAMES.get(card_id, card_id)


def matches(card: Card, match: Mapping[str, Any]) -> bool:
    """Does ``card`` fit the filter ``match``? Every listed key must hold."""
    for key, want in match.items():
        if key == "any":
            if not any(matches(card, sub) for sub in want):
                return False
        elif key == "category":
            if card.category not in want:
                return False
        elif key == "subtype":
            if card.subtype not in want:
                return False
        elif key == "subtype_prefix":
            if not card.subtype.startswith(want):
                return False
        elif key == "leader":
            if card.is_leader != bool(want):
                return False
        elif key in ("nationality", "ethnicity", "religion"):
            value = card.traits.get(key, "").lower()
            if not any(w.lower() in value for w in want):
                return False
        elif key == "gender":
            if want not in card.traits.get("gender", "").split("/"):
                return False
        elif key == "tag":
            if not set(want) & set(card.tags):
                return False
        elif key == "era":
            if not any(w.lower() in card.era.lower() for w in want):
                return False
        elif key == "name":
            if card.name not in want:
                return False
        elif key == "attack_max" and (not card.is_unit or card.attack > want):
            return False
    return True


_YEAR = re.compile(r"(\d+)(st|nd|rd|th)?")


def plate_span(years: str) -> tuple[int | None, int | None]:
    """First and last year named in a plate's years (``"reigned 605-562 BC"``).

    Years before Christ are negative; a part without its own era takes BC from a
    later part (``"605-562 BC"``) and is AD after a BC part (``"63 BC-14"``). A
    century counts from its first year. An open end ("ancient times-1879", "until
    1886", "died 1719", "1700s-present") gives ``None`` on that side.
    """
    parts = [p for p in re.split(r"[-\u2013;]| or ", years) if p.strip()]
    values: list[tuple[int, str] | None] = []
    for part in parts:
        found = _YEAR.search(part)
        if found is None:
            values.append(None)
            continue
        number = int(found.group(1))
        if found.group(2) and "centur" in years:
            number = (number - 1) * 100 if "BC" not in part else number * 100
        era = "BC" if "BC" in part else "AD" if "AD" in part else ""
        values.append((number, era))
    known = [v for v in values if v is not None]
    if not known:
        return None, None
    resolved: list[int] = []
    for index, (number, era) in enumerate(known):
        if not era:
            later = [e for _n, e in known[index + 1 :] if e]
            earlier = [e for _n, e in known[:index] if e]
            era = "BC" if later and later[0] == "BC" and not earlier else "AD"
        resolved.append(-number if era == "BC" else number)
    start: int | None = min(resolved)
    end: int | None = max(resolved)
    if values[0] is None or re.match(r"\s*(until|died)\b", years):
        start = None
    if values[-1] is None:
        end = None
    return start, end
