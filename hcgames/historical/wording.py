"""Card abilities in plain words, generated from their effect lists.

Nothing printed on a card is stored as prose: the text a player reads is built here
from the effect data, so the words always say what the rules actually do.

>>> describe_effect({"kind": "capacity", "when": "constant", "extra": 1})
'This land holds 1 more card(s).'
>>> describe_condition({"land_coastal": True})
'on a coastal land'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["describe_condition", "describe_effect"]


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
            head, _, tail = str(want).rstrip("-").partition("-")
            parts.append(f"{tail} ({head})" if tail else head)
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
        where = "onto this land" if effect["to"] == "this_land" else "to another of your lands"
        text = f"{moment}: move one of your cards {where}."
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
