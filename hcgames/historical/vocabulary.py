"""The words card data may use: continents, categories, moments and effect kinds.

This module is pure data. :data:`EFFECT_KINDS` says, for each kind of effect, at
which moments (:data:`WHENS`) it may work and which numbers and filters it needs or
accepts; :data:`MATCH_KEYS` and :data:`CONDITION_KEYS` list the keys a card filter
or a condition may use. The catalogue checks every card against these tables and
the rules carry out every kind listed here.

>>> sorted(EFFECT_KINDS["duel"][0])
['hold', 'play']
>>> "Europe" in CONTINENTS
True
"""

from __future__ import annotations

__all__ = [
    "CATEGORIES",
    "CONDITION_KEYS",
    "CONTINENTS",
    "EFFECT_KINDS",
    "INTERACTING",
    "LEADER_SUBTYPES",
    "MATCH_KEYS",
    "WHENS",
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
LEADER_SUBTYPES = frozenset({"leader", "conqueror", "spiritual_leader"})
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
