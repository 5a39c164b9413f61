"""The game's material: the rulebook's numbers and the cards, read from ``data/historical``.

Every number the rules use (hand size, plays and attacks a turn, the morale needed
to attack, the +800 morale cap a turn, the morale that wins or forfeits, room on a
land, the morale a lost battle costs, our round limit and turn safeguard) lives in
``data/historical/rules.json`` and is read here once; the rules and the messages that
quote a number take it from here.

Loading the card data: checking every file and building the :class:`Catalogue`.

Cards, decks and history plates are read from ``data/historical`` and checked
against the vocabulary in :mod:`hcgames.historical.cards`. Nothing is trusted:
every problem found (an unknown effect kind, a missing number, a deck that is too
small, a card without a history plate) is collected and reported at once in one
:class:`~hcgames.core.DataError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from hcgames.core import DataError
from hcgames.data import Problems, read_json
from hcgames.historical.cards import (
    CATEGORIES,
    CONDITION_KEYS,
    CONTINENTS,
    EFFECT_KINDS,
    MATCH_KEYS,
    Alternative,
    Card,
    Effect,
    plate_span,
    remember_names,
)

__all__ = [
    "ATTACKS_PER_TURN",
    "ATTACK_MORALE",
    "BATTLE_MORALE_LOSS",
    "COLUMN_SIZE",
    "FIRST_ATTACK_ROUND",
    "FORFEIT_MORALE",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MORALE_CAP_PER_TURN",
    "PLAYS_PER_TURN",
    "RULES",
    "TURN_CAP",
    "WIN_MORALE",
    "Catalogue",
    "Column",
    "Numbers",
    "build_catalogue",
    "load_catalogue",
    "load_numbers",
]


@dataclass(frozen=True)
class Numbers:
    """The numbers of ``data/historical/rules.json``."""

    hand_size: int
    plays_per_turn: int
    attacks_per_turn: int
    attack_morale: int
    morale_cap_per_turn: int
    win_morale: int
    forfeit_morale: int
    column_size: int
    battle_morale_loss: int
    first_attack_round: int
    max_rounds: int  # our rule: the round limit (a game setting may change it)
    turn_cap: int  # our rule: steps in one turn before it is closed
    after_cap: int  # our rule: interrupt steps a turn may still take after the cap

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def load_numbers(raw: Mapping[str, Any] | None = None) -> Numbers:
    """Read and check ``rules.json`` (every problem reported at once)."""
    data = read_json("historical", "rules.json") if raw is None else raw
    problems = Problems("data/historical/rules.json")
    names = [f.name for f in fields(Numbers)]
    for name in names:
        value = data.get(name)
        problems.check(
            isinstance(value, int) and not isinstance(value, bool), f"{name}: a whole number"
        )
    unknown = sorted(set(data) - set(names) - {"_comment"})
    problems.check(not unknown, f"unknown numbers: {', '.join(unknown)}")
    problems.raise_if_any()
    return Numbers(**{name: int(data[name]) for name in names})


#: the numbers of the rulebook (and our safeguards), read once
RULES = load_numbers()

HAND_SIZE = RULES.hand_size
PLAYS_PER_TURN = RULES.plays_per_turn
ATTACKS_PER_TURN = RULES.attacks_per_turn
ATTACK_MORALE = RULES.attack_morale
MORALE_CAP_PER_TURN = RULES.morale_cap_per_turn
WIN_MORALE = RULES.win_morale
FORFEIT_MORALE = RULES.forfeit_morale
COLUMN_SIZE = RULES.column_size


@dataclass
class Column:
    """One land in play and the cards standing on it (a column of the battlefield,
    at most :data:`COLUMN_SIZE` cards unless a card gives more room)."""

    land: str
    cards: list[str] = field(default_factory=list)
    #: turns the land stays shut after it was destroyed (0: open)
    locked: int = 0

    def to_json(self) -> dict[str, Any]:
        """The column as saved and compared: ``{"land", "cards", "locked"}``."""
        return {"land": self.land, "cards": list(self.cards), "locked": self.locked}

    def copy(self) -> Column:
        return Column(self.land, list(self.cards), self.locked)


BATTLE_MORALE_LOSS = RULES.battle_morale_loss
FIRST_ATTACK_ROUND = RULES.first_attack_round
MAX_ROUNDS = RULES.max_rounds
TURN_CAP = RULES.turn_cap


# --- the cards ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Catalogue:
    """Every card we ship, the starter decks built from them."""

    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, ...]]
    deck_starters: Mapping[str, str]
    substituted: Mapping[str, tuple[str, ...]]


def _check_match(match: Any, where: str, problems: Problems) -> None:
    if not isinstance(match, dict):
        problems.add(f"{where}: a match filter must be an object")
        return
    for key, value in match.items():
        if key not in MATCH_KEYS:
            problems.add(f"{where}: unknown match key {key!r}")
        elif key == "any":
            if not isinstance(value, list) or not value:
                problems.add(f"{where}: 'any' needs a non-empty list of filters")
            else:
                for sub in value:
                    _check_match(sub, where, problems)


def _check_condition(cond: Any, where: str, problems: Problems) -> None:
    if not isinstance(cond, dict):
        problems.add(f"{where}: a condition must be an object")
        return
    for key, value in cond.items():
        if key not in CONDITION_KEYS:
            problems.add(f"{where}: unknown condition {key!r}")
        elif key in (
            "land_has",
            "enemy_has",
            "in_play",
            "in_play_mine",
            "not_in_play",
            "played",
            "played_mine",
            "attacker_has",
        ):
            _check_match(value, where, problems)
        elif key == "any":
            for sub in value:
                _check_condition(sub, where, problems)
        elif key in (
            "land_continent",
            "battle_continent",
            "own_land_continent",
            "discovered_continent",
        ):
            bad = [v for v in value if v not in CONTINENTS]
            if bad:
                problems.add(f"{where}: unknown continents {bad}")


def _check_effect(effect: Any, where: str, problems: Problems) -> None:
    if not isinstance(effect, dict):
        problems.add(f"{where}: an effect must be an object")
        return
    kind = effect.get("kind")
    if kind not in EFFECT_KINDS:
        problems.add(f"{where}: unknown effect kind {kind!r}")
        return
    whens, required, optional = EFFECT_KINDS[kind]
    when = effect.get("when")
    if when not in whens:
        problems.add(f"{where}: {kind} cannot work at {when!r} (allowed: {sorted(whens)})")
    params = set(effect) - {"kind", "when"}
    missing = required - params
    extra = params - required - optional
    if missing:
        problems.add(f"{where}: {kind} lacks {sorted(missing)}")
    if extra:
        problems.add(f"{where}: {kind} does not take {sorted(extra)}")
    for number in (
        "amount",
        "base",
        "stop_at",
        "value",
        "turns",
        "lock_turns",
        "uses",
        "extra",
        "morale",
        "strength",
        "below",
        "rounds",
    ):
        if number in effect and (
            not isinstance(effect[number], int) or isinstance(effect[number], bool)
        ):
            problems.add(f"{where}: {number} must be a whole number, not {effect[number]!r}")
    if "amount" in effect and isinstance(effect["amount"], int) and abs(effect["amount"]) > 5000:
        problems.add(f"{where}: amount {effect['amount']} is out of range")
    if effect.get("uses", 1) < 1 if isinstance(effect.get("uses", 1), int) else False:
        problems.add(f"{where}: uses must be at least 1")
    if kind == "strength" and effect.get("stat") not in ("both", "attack", "defence"):
        problems.add(f"{where}: stat must be both, attack or defence")
    if kind == "strength" and effect.get("scope") not in ("self", "land", "civ"):
        problems.add(f"{where}: strength scope must be self, land or civ")
    if kind == "multiply" and effect.get("factor") not in (2, 0.5):
        problems.add(f"{where}: factor must be 2 or 0.5")
    if kind == "morale_opponents" and effect.get("target") not in ("one", "all", "holders"):
        problems.add(f"{where}: target must be one, all or holders")
    if kind == "auto_win" and effect.get("side") not in ("attack", "defence", "any"):
        problems.add(f"{where}: side must be attack, defence or any")
    for key in ("match", "needs"):
        if key in effect:
            _check_match(effect[key], where, problems)
    if "per" in effect:
        _check_match(effect["per"].get("match"), where, problems)
    if "if" in effect:
        _check_condition(effect["if"], where, problems)
    if "alt" in effect:
        _check_condition(effect["alt"].get("if"), where, problems)
    if kind == "choice":
        options = effect.get("options")
        if not isinstance(options, list) or len(options) < 2:
            problems.add(f"{where}: a choice needs at least two options")
        else:
            for index, option in enumerate(options):
                for sub in option:
                    _check_effect(sub, f"{where} option {index}", problems)


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _variants(effects: tuple[Effect, ...]) -> tuple[tuple[Effect, ...], ...]:
    plain = tuple(e for e in effects if e.kind != "choice")
    choices = [e for e in effects if e.kind == "choice"]
    if not choices:
        return (plain,)
    return tuple(plain + option for option in choices[0].options)


#: the type each effect parameter must have in the data (beyond the checks above)
_PARAMETER_TYPES: dict[str, tuple[type, ...]] = {
    "kind": (str,),
    "when": (str,),
    "if": (dict,),
    "per_turn": (bool,),
    "per_round": (bool,),
    "each": (bool,),
    "chooser": (str,),
    "duellist": (str,),
    "alt": (dict,),
    "match": (dict,),
    "target": (str,),
    "scope": (str,),
    "exclude_self": (bool,),
    "stat": (str,),
    "per": (dict,),
    "factor": (int, float),
    "source": (str,),
    "escort": (bool,),
    "discard_self": (bool,),
    "discard_land": (bool,),
    "flee": (bool,),
    "side": (str,),
    "blocks": (str,),
    "continent": (str,),
    "needs": (dict,),
    "what": (str,),
    "mode": (str,),
    "count": (str,),
    "to": (str,),
    "where": (str,),
    "undone_by": (dict,),
    "options": (list,),
}


def build_effect(raw: Mapping[str, Any], where: str) -> Effect:
    """The typed :class:`~hcgames.historical.cards.Effect` of one checked effect object.

    Raises :class:`~hcgames.core.DataError` naming the card, the effect and the field
    when a parameter has the wrong type (the rest is checked by the catalogue first).
    """
    problems = Problems("data/historical")
    for name, value in raw.items():
        allowed = _PARAMETER_TYPES.get(name, (int,))
        if (isinstance(value, bool) and bool not in allowed) or not isinstance(value, allowed):
            wanted = " or ".join(_TYPE_WORDS[t] for t in allowed)
            problems.add(f"{where}: {name} must be {wanted}, not {value!r}")
    alt = raw.get("alt")
    if isinstance(alt, dict) and not isinstance(alt.get("amount"), int):
        problems.add(f"{where}: alt needs a whole-number amount")
    problems.raise_if_any()
    params = {("condition" if k == "if" else k): v for k, v in raw.items()}
    if alt is not None:
        params["alt"] = Alternative(condition=alt.get("if", {}), amount=alt["amount"])
    if "options" in raw:
        params["options"] = tuple(
            tuple(build_effect(sub, f"{where} option {i}") for sub in option)
            for i, option in enumerate(raw["options"])
        )
    return Effect(**params)


_TYPE_WORDS = {
    str: "text",
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    dict: "an object",
    list: "a list",
}


@cache
def load_catalogue() -> Catalogue:
    """Read cards, decks and history plates from data/historical; check them."""
    return build_catalogue(
        read_json("historical", "cards.json"),
        read_json("historical", "decks.json"),
        read_json("historical", "plates.json"),
    )


def build_catalogue(raw_cards: Any, raw_decks: Any, plates: Any) -> Catalogue:
    """Check card, deck and plate data and build the catalogue.

    Raises one :class:`~hcgames.core.DataError` that lists every problem found.
    """
    problems = Problems("data/historical")
    if not isinstance(plates, dict):
        problems.add("plates.json: the top level must be an object keyed by card id")
        plates = {}
    cards: dict[str, Card] = {}
    for index, raw in enumerate(raw_cards.get("cards", [])):
        where = f"cards.json card {raw.get('id', index)}"
        before = len(problems.items)
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            problems.add(f"{where}: missing id")
            continue
        if cid in cards:
            problems.add(f"{where}: duplicate id")
        category = raw.get("category")
        if category not in CATEGORIES:
            problems.add(f"{where}: unknown category {category!r}")
        for number in ("attack", "defence"):
            value = raw.get(number, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not -1000 <= value <= 9000:
                problems.add(f"{where}: {number} {value!r} is not a sensible whole number")
        if category == "land":
            if raw.get("continent") not in CONTINENTS:
                problems.add(f"{where}: land needs one of the six continents")
            if not isinstance(raw.get("coastal"), bool):
                problems.add(f"{where}: land needs coastal true/false")
            if not isinstance(raw.get("river", ""), str) or (raw.get("river") and raw["coastal"]):
                problems.add(f"{where}: a river (a name) is given only for a land without a coast")
        effects = raw.get("effects", [])
        if not isinstance(effects, list):
            problems.add(f"{where}: effects must be a list")
            effects = []
        for e_index, effect in enumerate(effects):
            _check_effect(effect, f"{where} effect {e_index}", problems)
        if category == "land":
            latitude = raw.get("latitude")
            if not isinstance(latitude, int | float) or isinstance(latitude, bool):
                problems.add(f"{where}: land needs a latitude (degrees north)")
            elif not -90 <= latitude <= 90:
                problems.add(f"{where}: latitude {latitude} is not between -90 and 90")
        note = raw.get("note", "")
        if not isinstance(note, str) or "\n" in note or (note and not note[0].isupper()):
            problems.add(f"{where}: a note is one line of text that starts with a capital")
        plate = plates.get(cid)
        plate_text = ""
        plate_years = ""
        context = ""
        student = ""
        if not isinstance(plate, dict) or not str(plate.get("plate", "")).strip():
            problems.add(f"{where} ({raw.get('name')}): no history plate in plates.json")
        else:
            plate_text = str(plate["plate"]).strip()
            plate_years = str(plate.get("years", ""))
            context = str(plate.get("context", "")).strip()
            student = str(plate.get("student", "")).strip()
        if len(problems.items) > before:
            continue
        try:
            effect_tuple = tuple(
                build_effect(effect, f"{where} effect {e_index}")
                for e_index, effect in enumerate(effects)
            )
        except DataError as broken:
            problems.items.extend(broken.problems)
            continue
        cards[cid] = Card(
            id=cid,
            name=str(raw.get("name", cid)),
            category=str(category),
            subtype=str(raw.get("subtype", "")),
            role=str(raw.get("role", "")),
            years=str(raw.get("years", "")),
            year_from=_int_or_none(raw.get("year_from")),
            year_to=_int_or_none(raw.get("year_to")),
            era=str(raw.get("era", "")),
            continent=str(raw.get("continent", "")),
            coastal=bool(raw.get("coastal", False)),
            attack=int(raw.get("attack", 0) or 0),
            defence=int(raw.get("defence", 0) or 0),
            usage=str(raw.get("usage", "I")),
            frequency=str(raw.get("frequency", "1")),
            traits=dict(raw.get("traits", {})),
            tags=tuple(raw.get("tags", [])),
            interrupt=bool(raw.get("interrupt", False)),
            effects=effect_tuple,
            plate=plate_text,
            plate_years=plate_years,
            plate_from=plate_span(plate_years)[0],
            plate_to=plate_span(plate_years)[1],
            context=context,
            student_context=student,
            latitude=float(raw["latitude"]) if category == "land" else None,
            note=str(raw.get("note", "")),
            river=str(raw.get("river", "")),
            variants=_variants(effect_tuple),
        )
    decks: dict[str, tuple[str, ...]] = {}
    starters: dict[str, str] = {}
    substituted: dict[str, tuple[str, ...]] = {}
    for name, deck in raw_decks.get("decks", {}).items():
        ids = deck.get("cards", [])
        unknown = [i for i in ids if i not in cards]
        if unknown:
            problems.add(f"decks.json {name}: unknown card ids {unknown}")
        if len(ids) < 50:
            problems.add(f"decks.json {name}: {len(ids)} cards; a deck needs at least 50")
        if len(set(ids)) != len(ids):
            problems.add(f"decks.json {name}: a deck may hold only one of each card")
        known = [cards[i] for i in ids if i in cards]
        names = [c.name for c in known]
        if len(set(names)) != len(names):
            problems.add(f"decks.json {name}: two cards share a name")
        lands = [c for c in known if c.category == "land"]
        if not lands:
            problems.add(f"decks.json {name}: a deck needs at least one land")
        decks[name] = tuple(ids)
        starters[name] = str(deck.get("starter", ""))
        substituted[name] = tuple(deck.get("substituted", []))
    problems.raise_if_any()
    remember_names(cards)
    return Catalogue(cards=cards, decks=decks, deck_starters=starters, substituted=substituted)
