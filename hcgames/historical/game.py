"""The Game object: options, decks, the rule decisions and the view hooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from hcgames.classgame import class_decisions, class_options
from hcgames.core import Game, RuleDecision, State
from hcgames.historical import teach
from hcgames.historical.actions import DrawCard
from hcgames.historical.bots import LEVELS
from hcgames.historical.cards import Card
from hcgames.historical.decisions import rule_decisions
from hcgames.historical.material import MAX_ROUNDS, RULES, TURN_CAP, Catalogue, load_catalogue
from hcgames.historical.state import HistoricalState
from hcgames.historical.turn import PHASES
from hcgames.historical.world import continents_geojson

__all__ = [
    "DEFAULT_DECKS",
    "FIRST_PLAYER_DEFAULT",
    "FIRST_PLAYER_WAYS",
    "MAX_ROUNDS",
    "HistoricalGame",
]

#: the rulebook's two ways to choose who goes first (option ``first_player``)
FIRST_PLAYER_WAYS = {
    "coin": "a coin flip (a fair draw among all players, a chance step)",
    "north": "each player turns up the top land; the land farthest north starts",
}
#: our default way
FIRST_PLAYER_DEFAULT = "coin"
#: the fixed deck assignment when ``decks=`` is not given (seat order). Our choice: the
#: two-player default is Salem against Confucius, the fairest pairing of the four
#: starter decks between equal computer players (Salem won 242 and Confucius 206 of
#: 448 games between two medium bots, decks swapped between the seats every game, once
#: every card did what it says; the next fairest, Cheswell against Boadicea, 62 to 38
#: over 224; see bench/bench_historical.py)
DEFAULT_DECKS = ("salem", "confucius", "cheswell", "boadicea", "salem", "confucius")


class HistoricalGame(Game):
    """Historical Conquest: The Card Game, for 2 to 6 players with starter decks."""

    id: ClassVar[str] = "historical-conquest"
    title: ClassVar[str] = "Historical Conquest: The Card Game"
    version: ClassVar[str] = "5"
    #: the map key's grey: the map colours continents, not lands (look 8b, lesson 53 read
    #: "land held by nobody" for a continent two players share)
    map_unheld_key: ClassVar[tuple[str, str]] = (
        "continent where nobody holds a land",
        "continent where nobody leads",
    )
    describe_says_when: ClassVar[bool] = True  # describe() says the round, step and who
    #: a move longer than this may wrap in the play screen's list (its column of moves
    #: beside the cards is 350 px at 1024 wide, less with Large text)
    move_wrap_after: ClassVar[int] = 28
    #: "Play a card: 14 moves", not "Play a card (14)" read as 14 cards (look 8: one card
    #: with 14 pairs of targets)
    move_list_counts: ClassVar[str] = "move"
    state_class: ClassVar[type[State]] = HistoricalState

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        unknown = set(options) - {"players", "decks", "max_rounds", "first_player", "first_lands"}
        if unknown:
            raise ValueError(
                f"unknown options {sorted(unknown)}; use players=, decks=, max_rounds=, "
                "first_player=, first_lands="
            )
        first = options.get("first_player", FIRST_PLAYER_DEFAULT)
        if first not in FIRST_PLAYER_WAYS:
            raise ValueError(
                f"option first_player must be one of {list(FIRST_PLAYER_WAYS)} (the rulebook's "
                f"two ways to choose who starts), not {first!r}"
            )
        #: how the first player is chosen: "coin" or "north" (see FIRST_PLAYER_WAYS)
        self.first_player: str = first
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"option players must be a whole number from 2 to 6, not {players!r}")
        self.catalogue: Catalogue = load_catalogue()
        decks = options.get("decks")
        if decks is None:
            decks = DEFAULT_DECKS[:players]
        if isinstance(decks, str) or not isinstance(decks, list | tuple):
            raise ValueError("option decks must be a list of deck names, one per player")
        if len(decks) != players:
            raise ValueError(f"option decks names {len(decks)} decks for {players} players")
        bad = [d for d in decks if d not in self.catalogue.decks]
        if bad:
            raise ValueError(
                f"option decks: unknown decks {bad}; known: {sorted(self.catalogue.decks)}"
            )
        self.deck_names: tuple[str, ...] = tuple(decks)
        #: every card key of this game (card id + owner's seat) -> its card
        self.key_cards: dict[str, Card] = {
            f"{cid}/{seat}": self.catalogue.cards[cid]
            for seat, deck in enumerate(self.deck_names)
            for cid in self.catalogue.decks[deck]
        }
        self.draw_actions: dict[str, DrawCard] = {
            key: DrawCard(int(key[-1]), key) for key in self.key_cards
        }
        rounds = options.get("max_rounds", MAX_ROUNDS)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 200:
            raise ValueError(
                f"option max_rounds must be a whole number from 1 to 200, not {rounds!r}"
            )
        self.max_rounds: int = rounds
        self._players = players
        #: each seat's first land (a land card id of its deck), when the game fixes them
        #: (the class game); by default each first land is the top of the land pile
        self.first_lands: tuple[str, ...] = self._first_lands(options.get("first_lands"))

    def _first_lands(self, lands: Any) -> tuple[str, ...]:
        if lands is None:
            return ()
        if isinstance(lands, str) or not isinstance(lands, list | tuple):
            raise ValueError("option first_lands must be a list of land card ids, one per player")
        if len(lands) != self._players:
            raise ValueError(
                f"option first_lands names {len(lands)} lands for {self._players} players"
            )
        for seat, land in enumerate(lands):
            card = self.catalogue.cards.get(land) if isinstance(land, str) else None
            if (
                card is None
                or not card.is_land
                or land not in self.catalogue.decks[self.deck_names[seat]]
            ):
                raise ValueError(
                    f"option first_lands: {land!r} is not a land of the "
                    f"{self.deck_names[seat]} deck (player {seat + 1})"
                )
        return tuple(lands)

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def max_actions(self) -> int:
        """True bound: each turn is closed after TURN_CAP steps (our safeguard)."""
        return self.max_rounds * self._players * (TURN_CAP + RULES.after_cap) + 10

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [{"players": 2}, {"players": 3}, {"players": 4}, class_options(cls.id)]

    def bot_levels(self) -> dict[str, Callable[[int], Any]]:
        """Historical Conquest's own easy, medium and hard bots
        (see :mod:`hcgames.historical.bots`)."""
        return dict(LEVELS)

    def rule_decisions(self) -> list[RuleDecision]:
        return rule_decisions() + class_decisions(self)

    def phases(self) -> list[str]:
        return list(PHASES)

    def card_names(self) -> dict[str, str]:
        """Every card's name by id."""
        cards = self.catalogue.cards
        return {key: card.name for key, card in cards.items() if card.name != key}

    def odds_table(self) -> str:
        return teach.odds_table(self)

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        return teach.teaching_setups(self)

    def geojson(self) -> dict[str, Any]:
        return continents_geojson()

    def describe(self) -> str:
        decks = ", ".join(
            f"Player {i + 1}: {d.capitalize()} deck" for i, d in enumerate(self.deck_names)
        )
        first = FIRST_PLAYER_WAYS[self.first_player].split(" (")[0].split(";")[0]
        return f"{self.title} for {self._players} players ({decks}); who starts: {first}"
