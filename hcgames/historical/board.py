"""The battlefield: piles, land rows and columns, conditions, morale bookkeeping.

:class:`Board` holds every fact of a position as plain lists and dicts (so a
snapshot is a copy and a save is exact) and the questions the rules ask of them:
where is this card, how much room is on that land, does this condition hold. The
rules that change the position live in :mod:`hcgames.historical.effects` and the
modules built on it, up to :mod:`hcgames.historical.rules`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hcgames.core import Event
from hcgames.historical.cards import Card, card_name, matches
from hcgames.historical.material import (
    COLUMN_SIZE,
    FORFEIT_MORALE,
    MORALE_CAP_PER_TURN,
    WIN_MORALE,
)

if TYPE_CHECKING:
    from hcgames.historical.game import HistoricalGame

__all__ = ["Board", "Column", "Ctx"]

Column = dict[str, Any]  # {"land": key, "cards": [keys], "locked": turns}


class Ctx:
    """What a condition is asked about: whose card, which column, which battle."""

    __slots__ = ("attack_col", "battle", "col", "discovered", "key", "player", "role")

    def __init__(
        self,
        player: int,
        key: str = "",
        col: Column | None = None,
        battle: Mapping[str, Any] | None = None,
        role: str = "",
        discovered: Card | None = None,
        attack_col: Column | None = None,
    ) -> None:
        self.player = player
        self.key = key
        self.col = col
        self.battle = battle
        self.role = role
        self.discovered = discovered
        self.attack_col = attack_col


class Board:
    """Plain-data position plus queries. Subclassed by the rules."""

    game: HistoricalGame
    n: int
    round_no: int
    turn: int
    turn_no: int
    phase_name: str
    plays: int
    attacks: int
    moved: bool
    travelled: list[str]
    steps: int
    morale: list[int]
    gained: list[int]
    out: list[bool]
    hands: list[list[str]]
    decks: list[list[str]]
    piles: list[list[str]]
    discards: list[list[str]]
    active: list[list[str]]
    rows: list[list[Column]]
    age: dict[str, int]
    used: dict[str, int]
    timers: list[dict[str, Any]]
    lasting: list[int]
    land_bonus: dict[str, int]
    choices: dict[str, int]
    pending: list[dict[str, Any]]
    battle: dict[str, Any] | None
    defended: list[str]
    below: dict[str, int]
    result: dict[str, Any] | None
    frame_ids: int
    first: int
    tops: list[str]
    _events: list[Event]

    # --- cards ----------------------------------------------------------------
    def card(self, key: str) -> Card:
        return self.game.key_cards[key]

    @staticmethod
    def owner(key: str) -> int:
        return ord(key[-1]) - 48  # seats 0-5: one digit after the slash

    def effects_of(self, key: str) -> tuple[Mapping[str, Any], ...]:
        card = self.game.key_cards[key]
        if key in self.choices:
            return card.variants[self.choices[key]]
        return card.variants[0]

    # --- where things are -----------------------------------------------------
    def columns(self, player: int) -> list[Column]:
        return self.rows[player]

    def all_columns(self) -> Iterator[tuple[int, Column]]:
        for player in range(self.n):
            for col in self.rows[player]:
                yield player, col

    def find_column(self, key: str) -> tuple[int, Column] | None:
        """The column a unit stands in, or that a land card heads."""
        for player in range(self.n):
            for col in self.rows[player]:
                if col["land"] == key or key in col["cards"]:
                    return player, col
        return None

    def column_of_land(self, land_key: str) -> tuple[int, Column] | None:
        for player in range(self.n):
            for col in self.rows[player]:
                if col["land"] == land_key:
                    return player, col
        return None

    def controller(self, key: str) -> int | None:
        """Who controls a card in play (columns, land rows, active piles)."""
        found = self.find_column(key)
        if found is not None:
            return found[0]
        for player in range(self.n):
            if key in self.active[player]:
                return player
        return None

    def in_play_sources(self, player: int) -> Iterator[tuple[str, Column | None]]:
        """Every card in play under ``player``'s control with its column."""
        for col in self.rows[player]:
            yield col["land"], col
            for key in col["cards"]:
                yield key, col
        for key in self.active[player]:
            yield key, None

    def units_in_play(self, player: int | None = None) -> Iterator[tuple[int, str]]:
        players = range(self.n) if player is None else (player,)
        for p in players:
            for col in self.rows[p]:
                for key in col["cards"]:
                    yield p, key

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def opponents(self, player: int) -> list[int]:
        return [q for q in range(self.n) if q != player and not self.out[q]]

    # --- room on a land -------------------------------------------------------
    def capacity(self, col: Column) -> int:
        cards = self.game.key_cards
        return COLUMN_SIZE + cards[col["land"]].room + sum(cards[k].room for k in col["cards"])

    def has_room(self, col: Column, card: Card) -> bool:
        if col["locked"] > 0 or len(col["cards"]) >= self.capacity(col):
            return False
        return not (
            card.category == "army" and any(self.card(k).category == "army" for k in col["cards"])
        )

    def placement_allowed(self, col: Column, card: Card) -> bool:
        """Bans on a land (Thailand) or on a card (Henry VIII) and coastal-only cards."""
        cards = self.game.key_cards
        land = cards[col["land"]]
        if card.coastal_only and not land.coastal:
            return False
        for effect in land.bans:
            if matches(card, effect["match"]):
                return False
        for other in col["cards"]:
            other_card = cards[other]
            for effect in other_card.bans:
                if matches(card, effect["match"]):
                    return False
            for effect in card.bans:
                if matches(other_card, effect["match"]):
                    return False
        return True

    def can_stand(self, col: Column, card: Card) -> bool:
        return self.has_room(col, card) and self.placement_allowed(col, card)

    # --- uses of abilities ----------------------------------------------------
    def uses_left(self, key: str, index: int, effect: Mapping[str, Any]) -> bool:
        if effect.get("per_round"):
            return self.used.get(f"{key}|{index}|R{self.round_no}", 0) < 1
        if effect.get("per_turn"):
            return self.used.get(f"{key}|{index}|T{self.turn_no}", 0) < 1
        return self.used.get(f"{key}|{index}", 0) < int(effect.get("uses", 1))

    def spend_use(self, key: str, index: int, effect: Mapping[str, Any]) -> None:
        if effect.get("per_round"):
            tag = f"{key}|{index}|R{self.round_no}"
        elif effect.get("per_turn"):
            tag = f"{key}|{index}|T{self.turn_no}"
        else:
            tag = f"{key}|{index}"
        self.used[tag] = self.used.get(tag, 0) + 1

    def forget_uses(self, key: str) -> None:
        """A card that leaves play comes back fresh if it is played again."""
        prefix = key + "|"
        for tag in [t for t in self.used if t.startswith(prefix)]:
            del self.used[tag]
        self.age.pop(key, None)
        self.choices.pop(key, None)

    # --- conditions -----------------------------------------------------------
    def any_in_play(self, match: Mapping[str, Any], player: int | None = None) -> bool:
        players = range(self.n) if player is None else (player,)
        for p in players:
            for key, _col in self.in_play_sources(p):
                if matches(self.card(key), match):
                    return True
        return False

    def count_units(self, match: Mapping[str, Any], player: int | None, exclude: str = "") -> int:
        return sum(
            1
            for _p, key in self.units_in_play(player)
            if key != exclude and matches(self.card(key), match)
        )

    def cond(self, condition: Mapping[str, Any] | None, ctx: Ctx) -> bool:
        """Does every clause of ``condition`` hold in ``ctx``?"""
        if not condition:
            return True
        return all(self._clause(clause, want, ctx) for clause, want in condition.items())

    def _clause(self, clause: str, want: Any, ctx: Ctx) -> bool:
        col = ctx.col
        land = self.card(col["land"]) if col is not None else None
        battle = ctx.battle
        if clause == "any":
            return any(self.cond(sub, ctx) for sub in want)
        if clause == "land_continent":
            return land is not None and land.continent in want
        if clause == "land_name":
            return land is not None and land.name in want
        if clause == "land_coastal":
            return land is not None and land.coastal == bool(want)
        if clause == "land_has":
            return col is not None and any(
                k != ctx.key and matches(self.card(k), want) for k in col["cards"]
            )
        if clause == "attacking":
            return ctx.role == "attack"
        if clause == "defending":
            return ctx.role == "defence"
        if clause == "battle_continent":
            return battle is not None and self.card(battle["to"]).continent in want
        if clause == "enemy_has":
            enemy = self._enemy_column(ctx)
            return enemy is not None and any(matches(self.card(k), want) for k in enemy["cards"])
        if clause == "enemy_land_name":
            enemy = self._enemy_column(ctx)
            return enemy is not None and self.card(enemy["land"]).name in want
        if clause == "first_attack_of_turn":
            return battle is not None and battle["index"] == 0
        if clause == "first_defence_of_turn":
            return battle is not None and bool(battle["first_defence"])
        if clause == "turns_min":
            return self.age.get(ctx.key, 1) - 1 >= int(want)
        if clause == "turns_max":
            return self.age.get(ctx.key, 1) <= int(want)
        if clause == "in_play":
            return self.any_in_play(want)
        if clause == "in_play_mine":
            return self.any_in_play(want, ctx.player)
        if clause == "not_in_play":
            return not self.any_in_play(want)
        if clause == "own_lands_tagged":
            tagged = sum(
                1 for c in self.rows[ctx.player] if want["tag"] in self.card(c["land"]).tags
            )
            return tagged >= int(want["min"])
        if clause == "own_land_continent":
            return any(self.card(c["land"]).continent in want for c in self.rows[ctx.player])
        if clause == "sole_leader":
            return col is not None and [k for k in col["cards"] if self.card(k).is_leader] == [
                ctx.key
            ]
        if clause == "more_females":
            mine = self.count_units({"gender": "female"}, ctx.player)
            others = [self.count_units({"gender": "female"}, q) for q in self.opponents(ctx.player)]
            return mine > max(others, default=0)
        if clause == "attacker_has":
            attack_col = ctx.attack_col
            return attack_col is not None and any(
                matches(self.card(k), want) for k in attack_col["cards"]
            )
        if clause == "discovered_continent":
            return ctx.discovered is not None and ctx.discovered.continent in want
        if clause == "discovered_tag":
            return ctx.discovered is not None and bool(set(want) & set(ctx.discovered.tags))
        raise KeyError(clause)  # pragma: no cover - validation rejects unknown clauses

    def _enemy_column(self, ctx: Ctx) -> Column | None:
        battle = ctx.battle
        if battle is None:
            return None
        other = battle["to"] if ctx.role == "attack" else battle["from"]
        found = self.column_of_land(other)
        return found[1] if found else None

    # --- morale ---------------------------------------------------------------
    def morale_floor(self, player: int) -> int | None:
        floors = [
            int(e["value"])
            for key, _col in self.in_play_sources(player)
            for e in self.effects_of(key)
            if e["kind"] == "morale_floor"
        ]
        return max(floors) if floors else None

    def change_morale(self, player: int, amount: int, why: str) -> int:
        """Add ``amount`` to ``player``'s morale under the per-turn cap and floors.

        Returns the change actually made and logs a ``morale`` event.
        """
        if self.out[player] or amount == 0 or self.result is not None:
            return 0
        old = self.morale[player]
        if amount > 0:
            room = max(0, MORALE_CAP_PER_TURN - self.gained[player])
            change = min(amount, room)
            self.gained[player] += change
        else:
            change = amount
            floor = self.morale_floor(player)
            if floor is not None and old + change < floor:
                change = min(0, floor - old) if old >= floor else 0
        new = old + change
        self.morale[player] = new
        capped = (
            f" (capped by the {MORALE_CAP_PER_TURN}-a-turn limit)"
            if amount > 0 and change < amount
            else ""
        )
        floored = " (held up by a morale floor)" if amount < 0 and change > amount else ""
        self.log(
            player,
            "morale",
            f"{self.pname(player)}: {why}: {change:+d} morale{capped}{floored}, now {new}.",
            {"player": player, "change": change, "asked": amount, "total": new, "why": why},
        )
        if new >= WIN_MORALE:
            self.finish((player,), f"{self.pname(player)} reached {WIN_MORALE} morale")
        elif new <= FORFEIT_MORALE:
            self.knock_out(player, f"fell to {FORFEIT_MORALE} morale and forfeits")
        return change

    # --- endings --------------------------------------------------------------
    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        if self.result is None:
            self.result = {"winners": list(winners), "reason": reason}
            self.pending.clear()
            self.log(None, "end", f"Game over: {reason}.", {"winners": list(winners)})

    def knock_out(self, player: int, reason: str) -> None:
        """A player leaves the game; their cards leave play for their owners' piles."""
        if self.out[player] or self.result is not None:
            return
        self.out[player] = True
        self.log(player, "out", f"{self.pname(player)} {reason}.", {"player": player})
        for col in list(self.rows[player]):
            for key in list(col["cards"]):
                self.to_discard(key)
            self.to_discard(col["land"])
        self.rows[player] = []
        for key in list(self.active[player]):
            self.to_discard(key)
        self.active[player] = []
        self.pending[:] = [f for f in self.pending if f.get("p") != player]
        alive = self.alive()
        if len(alive) == 1:
            self.finish((alive[0],), f"{self.pname(alive[0])} is the last civilisation standing")

    def to_discard(self, key: str) -> None:
        """Put a card on its owner's discard pile (captured cards go home)."""
        self.forget_uses(key)
        self.discards[self.owner(key)].append(key)

    # --- log ------------------------------------------------------------------
    def pname(self, player: int | None) -> str:
        return "nobody" if player is None else f"Player {player + 1}"

    def log(
        self, player: int | None, kind: str, text: str, data: Mapping[str, Any] | None = None
    ) -> None:
        self._events.append(
            Event(self.round_no, self.phase_name, player, kind, text, dict(data or {}))
        )

    def name(self, key: str) -> str:
        return card_name(key)
