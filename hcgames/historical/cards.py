"""The card catalogue: facts, traits, history plates and the effect vocabulary.

Every card ability is written in data as a list of *effects*. An effect names one
kind from :data:`EFFECT_KINDS` (our own small vocabulary), the moment it works
(``when``) and its numbers. The rules in :mod:`hcgames.historical.rules` know how to
carry out every kind; a card whose ability cannot be said in this vocabulary is not
shipped. :func:`load_catalogue` checks all of it once and raises one
:class:`~hcgames.core.DataError` listing every problem it found.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from hcgames.data import Problems, read_json

__all__ = [
    "CATEGORIES",
    "CONDITION_KEYS",
    "CONTINENTS",
    "EFFECT_KINDS",
    "MATCH_KEYS",
    "WHENS",
    "Card",
    "Catalogue",
    "build_catalogue",
    "card_name",
    "describe_condition",
    "describe_effect",
    "load_catalogue",
    "matches",
]

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
        frozenset(optional.split()) | {"if", "uses", "per_turn"},
    )


_kind("morale", "play hold death win defend_win discover arrival battle", "amount", "alt match")
_kind("morale_opponents", "play hold", "amount target", "match")
_kind("morale_per_card", "play hold", "amount match scope", "base exclude_self")
_kind("morale_each_turn", "constant", "amount", "stop_at")
_kind("strength", "constant", "amount stat scope", "per")
_kind("multiply", "constant", "factor scope match")
_kind("discover_land", "play hold", "source", "escort discard_self")
_kind("kill_character", "play hold attack", "match", "discard_self")
_kind("duel", "play hold")
_kind("destroy_land", "play", "lock_turns discard_land", "flee")
_kind("auto_win", "constant", "side", "per_round")
_kind("recover", "play win", "match")
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
_LEADER_SUBTYPES = frozenset({"leader", "conqueror", "spiritual_leader"})
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
    effects: tuple[Mapping[str, Any], ...]
    plate: str = ""
    plate_years: str = ""
    #: for choice cards: one effect list per option; else a single list
    variants: tuple[tuple[Mapping[str, Any], ...], ...] = field(default=())

    @property
    def is_unit(self) -> bool:
        """Characters (explorers included) and armies stand in land columns."""
        return self.category in ("character", "army")

    @property
    def is_explorer(self) -> bool:
        return self.subtype.startswith("explorer")

    @property
    def is_leader(self) -> bool:
        return self.subtype in _LEADER_SUBTYPES

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
        return sum(int(e["extra"]) for e in self.variants[0] if e["kind"] == "capacity")

    @cached_property
    def bans(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(e for e in self.variants[0] if e["kind"] == "ban_placement")

    @cached_property
    def coastal_only(self) -> bool:
        return any(e["kind"] == "coastal_only" for e in self.variants[0])

    @cached_property
    def held(self) -> bool:
        """Has any option of this card an ability used when its player chooses?"""
        return any(e["when"] == "hold" for variant in self.variants for e in variant)

    @cached_property
    def plants(self) -> bool:
        return any(e["kind"] == "plant" for e in self.variants[0])

    def has_kind(self, kind: str) -> bool:
        return any(e["kind"] == kind for variant in self.variants for e in variant)

    def ability_text(self) -> str:
        """The ability in our own words, generated from the effect list."""
        if not self.effects:
            return "No ability."
        return " ".join(describe_effect(e) for e in self.effects)


@dataclass(frozen=True)
class Catalogue:
    """Every card we ship, the starter decks built from them."""

    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, ...]]
    deck_starters: Mapping[str, str]
    substituted: Mapping[str, tuple[str, ...]]


_NAMES: dict[str, str] = {}


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


def _describe_match(match: Mapping[str, Any]) -> str:
    if not match:
        return "card"
    parts = []
    for key, want in match.items():
        if key == "any":
            parts.append(" or ".join(_describe_match(m) for m in want))
        elif key == "leader":
            parts.append("leader")
        elif key == "gender":
            parts.append(str(want))
        elif key == "subtype_prefix":
            parts.append(str(want).rstrip("-"))
        elif key == "attack_max":
            parts.append(f"with attack {want} or less")
        elif key == "category":
            parts.append("/".join(str(w) for w in want))
        elif key in ("nationality", "ethnicity", "religion", "era", "subtype"):
            parts.insert(0, "/".join(str(w).replace("_", " ") for w in want))
        elif isinstance(want, list | tuple):
            parts.append("/".join(str(w).replace("_", " ") for w in want))
        else:
            parts.append(str(want))
    return " ".join(parts)


def _names(values: Any) -> str:
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


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
            parts.append(f"while a {_describe_match(want)} stands on the same land")
        elif key == "attacking":
            parts.append("when attacking")
        elif key == "defending":
            parts.append("when defending")
        elif key == "battle_continent":
            parts.append(f"in battles in {_names(want)}")
        elif key == "enemy_has":
            parts.append(f"against a {_describe_match(want)}")
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
            parts.append(f"while a {_describe_match(want)} is in play")
        elif key == "in_play_mine":
            parts.append(f"if you have a {_describe_match(want)} in play")
        elif key == "not_in_play":
            parts.append(f"while no {_describe_match(want)} is in play")
        elif key == "own_lands_tagged":
            parts.append(f"if you hold {want['min']} {want['tag'].replace('_', ' ')} lands")
        elif key == "own_land_continent":
            parts.append(f"if you hold a land in {_names(want)}")
        elif key == "sole_leader":
            parts.append("as the only leader of its land")
        elif key == "more_females":
            parts.append("if you have more women in play than any opponent")
        elif key == "attacker_has":
            parts.append(f"if the attacking land has a {_describe_match(want)}")
        elif key == "discovered_continent" or key == "discovered_tag":
            parts.append(f"if the land found is in {_names(want)}")
    return ", ".join(parts)


def describe_effect(effect: Mapping[str, Any]) -> str:
    """One sentence, in our words, saying what an effect does."""
    kind = effect["kind"]
    when = effect.get("when", "play")
    amount = effect.get("amount", 0)
    sign = f"{amount:+d}" if isinstance(amount, int) else str(amount)
    moment = {
        "play": "On play",
        "hold": "Once, when you choose",
        "constant": "While in play",
        "death": "When it dies",
        "win": "After a won attack",
        "defend_win": "After a successful defence",
        "attack": "When its land attacks",
        "defend": "When its land is attacked",
        "discover": "When it discovers a land",
        "arrival": "When a fitting character arrives here",
        "battle": "In a battle",
    }[when]
    cond = f" {describe_condition(effect['if'])}" if "if" in effect else ""
    if kind == "morale":
        text = f"{moment}: {sign} morale{cond}."
    elif kind == "morale_opponents":
        who = {"one": "one opponent", "all": "every opponent"}.get(
            effect["target"], "whoever holds the named card"
        )
        text = f"{moment}: {who} {sign} morale{cond}."
    elif kind == "morale_per_card":
        base = f"{effect.get('base', 0):+d} and " if effect.get("base") else ""
        text = f"{moment}: {base}{sign} morale per {_describe_match(effect['match'])}."
    elif kind == "morale_each_turn":
        text = f"Each of your turns: {sign} morale{cond}."
    elif kind == "strength":
        stat = {"both": "strength", "attack": "attack", "defence": "defence"}[effect["stat"]]
        scope = {"self": "this card", "land": "its land", "civ": "each of your lands"}[
            effect["scope"]
        ]
        per = effect.get("per")
        each = f" for each {_describe_match(per['match'])} on its land" if per else ""
        text = f"{sign} {stat} to {scope}{each}{cond}."
    elif kind == "multiply":
        text = f"{_describe_match(effect['match'])} strength x{effect['factor']}{cond}."
    elif kind == "discover_land":
        text = f"{moment}: discover a land ({effect['source']} land pile){cond}."
    elif kind == "kill_character":
        text = f"{moment}: an opposing {_describe_match(effect['match'])} is killed{cond}."
    elif kind == "duel":
        text = f"{moment}: duel; the lower attack is discarded."
    elif kind == "destroy_land":
        text = f"{moment}: every card on one opposing land is destroyed."
    elif kind == "auto_win":
        text = f"Wins its first {effect['side']} battle automatically{cond}."
    elif kind == "recover":
        text = f"{moment}: take a {_describe_match(effect['match'])} back from your discard pile."
    elif kind == "block_attacks":
        what = {
            "attacks_on": "no one may attack",
            "attacks_by": "may not attack",
            "both": "may neither attack nor be attacked",
        }[effect["blocks"]]
        where = {
            "land": "its land",
            "own_land": "one of your lands",
            "player": "you",
            "target": "the chosen opponent",
            "continent": f"anyone in {effect.get('continent', '')}",
        }[effect["scope"]]
        span = f" for {effect['turns']} turn(s)" if effect["turns"] else ""
        sentence = f"{what} {where}" if effect["blocks"] == "attacks_on" else f"{where} {what}"
        text = f"{moment}: {sentence}{span}{cond}."
    elif kind == "guarded":
        text = f"Only a land with a {_describe_match(effect['needs'])} may attack here."
    elif kind == "cancel_effect":
        text = f"Interrupt: {effect['mode']} a {effect['what'].replace('_', ' ')} aimed at you."
    elif kind == "event_shield":
        text = f"{moment}: opponents' {effect.get('what', 'event')} cards cannot touch you."
    elif kind == "discard_opponent_card":
        text = f"{moment}: an opponent loses {effect['count']} card(s) in play."
    elif kind == "mass_discard":
        text = f"{moment}: every {_describe_match(effect['match'])} in play is discarded."
    elif kind == "capacity":
        text = f"This land holds {effect['extra']} more card(s)."
    elif kind == "morale_floor":
        text = f"Your morale cannot fall below {effect['value']}."
    elif kind == "expires":
        text = f"Leaves play after {effect['turns']} of your turns."
    elif kind == "defect_on_win":
        text = "After his first won attack an opposing character joins you."
    elif kind == "take_from_hand":
        text = "After the first won attack, take a card from the loser's hand."
    elif kind == "lasting_bonus":
        text = (
            f"Once: discard another of your characters for {effect['morale']:+d} morale and "
            f"{effect['strength']:+d} lasting strength."
        )
    elif kind == "move_card":
        text = f"{moment}: move one of your cards ({effect['to']})."
    elif kind == "choice":
        options = [" ".join(describe_effect(e) for e in opt) for opt in effect["options"]]
        text = "Choose one: " + " / ".join(options)
    elif kind == "plant":
        text = f"Planted in an opposing land; its owner {effect['morale']:+d} morale."
    elif kind == "toll":
        text = "An attacker of this land must discard one of its cards."
    elif kind == "protect_hand":
        text = "Opponents cannot take cards from your hand."
    elif kind == "forbid_spies":
        text = "Opponents cannot play spy cards."
    elif kind == "ban_placement":
        text = f"No {_describe_match(effect['match'])} may stand with it."
    elif kind == "coastal_only":
        text = "May stand only on coastal lands."
    elif kind == "win_condition":
        text = (
            f"You win if an opponent stays below {effect['below']} morale "
            f"for {effect['rounds']} rounds."
        )
    else:  # pragma: no cover - validation rejects unknown kinds
        text = kind
    return text


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
                problems.add(f"{where}: unknown continent(s) {bad}")


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


def _variants(effects: tuple[Mapping[str, Any], ...]) -> tuple[tuple[Mapping[str, Any], ...], ...]:
    plain = tuple(e for e in effects if e["kind"] != "choice")
    choices = [e for e in effects if e["kind"] == "choice"]
    if not choices:
        return (plain,)
    return tuple(plain + tuple(option) for option in choices[0]["options"])


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
        effects = raw.get("effects", [])
        if not isinstance(effects, list):
            problems.add(f"{where}: effects must be a list")
            effects = []
        for e_index, effect in enumerate(effects):
            _check_effect(effect, f"{where} effect {e_index}", problems)
        plate = plates.get(cid)
        plate_text = ""
        plate_years = ""
        if not isinstance(plate, dict) or not str(plate.get("plate", "")).strip():
            problems.add(f"{where} ({raw.get('name')}): no history plate in plates.json")
        else:
            plate_text = str(plate["plate"]).strip()
            plate_years = str(plate.get("years", ""))
        if len(problems.items) > before:
            continue
        effect_tuple = tuple(effects)
        cards[cid] = Card(
            id=cid,
            name=str(raw.get("name", cid)),
            category=str(category),
            subtype=str(raw.get("subtype", "")),
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
            variants=_variants(effect_tuple)
            if all(isinstance(e, dict) and e.get("kind") in EFFECT_KINDS for e in effect_tuple)
            else ((),),
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
    _NAMES.update({cid: card.name for cid, card in cards.items()})
    return Catalogue(cards=cards, decks=decks, deck_starters=starters, substituted=substituted)
