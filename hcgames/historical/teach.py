"""Teaching: arranged positions, the lessons' named set-ups, and the odds table.

A class that wants to study one battle ("what if Napoleon attacks Quebec?") or a
tester checking one rule builds the position directly instead of playing up to it:

>>> import hcgames
>>> from hcgames.historical.teach import arrange
>>> game = hcgames.load("historical-conquest")
>>> state = arrange(game, round_no=3, morale={0: 900},
...                 lands={0: [("CT4205", ["CO4203"])], 1: [("CT4404", ["LE4102"])]})
>>> state.phase
'play'

Cards are given by id and belong to the player whose land row or hand they are put
in. An arranged position has no history, so it cannot be saved or replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hcgames.core import State
from hcgames.data import read_json
from hcgames.historical.actions import (
    DrawCard,
)
from hcgames.historical.battle import BELOW_ZERO, MATCHUPS, Assessment, Battle, assess
from hcgames.historical.cards import Card, card_name
from hcgames.historical.material import BATTLE_MORALE_LOSS
from hcgames.historical.state import Column, HistoricalState
from hcgames.historical.turn import advance
from hcgames.play import playout, random_games
from hcgames.words import join, possessive, says

if TYPE_CHECKING:
    from hcgames.historical.game import HistoricalGame

__all__ = [
    "ERAS",
    "LONG",
    "PERIODS",
    "arrange",
    "battle_sheet",
    "battle_verdict",
    "card_label",
    "ending_kind",
    "gallery",
    "in_period",
    "key",
    "lesson_battle",
    "morale_lines",
    "odds_table",
    "people_timeline",
    "random_endings",
    "span",
    "stored_endings",
    "teaching_setups",
]


def key(card_id: str, owner: int) -> str:
    """The card key of ``card_id`` owned by seat ``owner``."""
    return f"{card_id}/{owner}"


def _register(game: HistoricalGame, card_id: str, owner: int) -> str:
    card_key = key(card_id, owner)
    if card_key not in game.key_cards:
        game.key_cards[card_key] = game.catalogue.cards[card_id]
        game.draw_actions[card_key] = DrawCard(owner, card_key)
    return card_key


def arrange(
    game: HistoricalGame,
    *,
    round_no: int = 3,
    turn: int = 0,
    phase: str = "play",
    morale: Mapping[int, int] | None = None,
    lands: Mapping[int, Sequence[tuple[str, Sequence[str]]]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    active: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
) -> HistoricalState:
    """A position with the given lands (and the cards on them), hands and morale.

    Every other card of each player's deck stays in the draw deck or land pile.
    The active player ``turn`` is to act in ``phase`` of round ``round_no``.
    Change an arranged state only through its actions: legal actions are worked
    out as soon as the position is laid out.
    """
    state = HistoricalState(game, 0)
    state.arranged = True
    state.pending.clear()
    state.events.clear()
    state._ready = None
    state.rows = [[] for _ in range(state.n)]
    state.hands = [[] for _ in range(state.n)]
    state.active = [[] for _ in range(state.n)]
    state.age = {}
    placed: set[str] = set()
    for player, columns in (lands or {}).items():
        for land_id, cards in columns:
            land_key = _register(game, land_id, player)
            units = [_register(game, c, player) for c in cards]
            state.rows[player].append(Column(land_key, units))
            placed.update([land_key, *units])
            for card_key in [land_key, *units]:
                state.age[card_key] = 1
    for player, cards in (hands or {}).items():
        state.hands[player] = [_register(game, c, player) for c in cards]
        placed.update(state.hands[player])
    for player, cards in (active or {}).items():
        state.active[player] = [_register(game, c, player) for c in cards]
        placed.update(state.active[player])
        for card_key in state.active[player]:
            state.age[card_key] = 1
    for player, cards in (discards or {}).items():
        state.discards[player] = [_register(game, c, player) for c in cards]
        placed.update(state.discards[player])
    for player in range(state.n):
        state.decks[player] = [k for k in state.decks[player] if k not in placed]
        state.piles[player] = [k for k in state.piles[player] if k not in placed]
    state.morale = [int((morale or {}).get(p, 0)) for p in range(state.n)]
    state.round_no = round_no
    state.first = 0
    state.tops = [""] * state.n
    state.turn_no = 1
    state.turn = turn
    state.phase_name = phase
    state.drawn = phase == "draw"
    advance(state)
    return state


# --- the cards as a museum: a gallery and a timeline -------------------------------------

#: the eras of the gallery's menu: name -> (first year, last year)
ERAS: dict[str, tuple[int, int]] = {
    "any era": (-10_000, 10_000),
    "before Christ": (-10_000, -1),
    "AD 1 to 1499": (0, 1499),
    "1500 to 1799": (1500, 1799),
    "1800 to 1899": (1800, 1899),
    "1900 and later": (1900, 10_000),
}

#: the periods of the timeline's menu: name -> (first year, last year)
PERIODS: dict[str, tuple[int, int]] = {
    "the ancient world (before AD 500)": (-10_000, 499),
    "the Middle Ages (500 to 1499)": (500, 1499),
    "1500 to 1699": (1500, 1699),
    "1700 to 1799": (1700, 1799),
    "1800 to 1849": (1800, 1849),
    "1850 to 1899": (1850, 1899),
    "1900 and later": (1900, 10_000),
}

#: traditions longer than this (in years) would squeeze every other bar of their period
LONG = 1500


def span(card: Card) -> tuple[int | None, int | None]:
    """First and last year from the history plate (checked), else the printed years."""
    start = card.plate_from if card.plate_from is not None else card.year_from
    end = card.plate_to if card.plate_to is not None else card.year_to
    return start, end


def card_label(card: Card) -> tuple[str, str, str, dict[str, str]]:
    """A card as :class:`~hcgames.widgets.HistoryCard` shows it: name, subtitle, the
    history plate and its facts (strength and ability)."""
    years = card.plate_years or card.years
    subtitle = f"land in {card.continent}" if card.category == "land" else f"{card.kind}, {years}"
    facts = {}
    if card.is_unit:
        facts["attack / defence"] = f"{card.attack} / {card.defence}"
    if card.is_land:
        facts["farthest north"] = f"its territory {card.north_text}"
    facts["ability"] = card.ability_text()
    if card.note:
        facts["our reading"] = card.note
    return card.name, subtitle, card.full_plate, facts


def gallery(cards: Mapping[str, Card], era: str, continent: str, kind: str) -> list[Card]:
    """The cards of an era (of :data:`ERAS`), a continent and a kind (a category), the
    oldest first; "any continent" and "any kind" take every one."""
    low, high = ERAS[era]
    chosen = []
    for card in sorted(cards.values(), key=lambda c: (span(c)[0] or 0, c.name)):
        start = span(card)[0]
        if era != "any era" and (start is None or not low <= start <= high):
            continue
        if continent != "any continent" and card.continent != continent:
            continue
        if kind != "any kind" and card.category != kind:
            continue
        chosen.append(card)
    return chosen


def people_timeline(cards: Mapping[str, Card]) -> list[dict[str, Any]]:
    """Every person and army with known years, as timeline items, the earliest first."""
    people: list[dict[str, Any]] = []
    for card in cards.values():
        start, end = span(card)
        if card.is_unit and start is not None and end is not None:
            people.append(
                {
                    "label": card.name,
                    "start": start,
                    # a card dated by one year keeps it: the chart gives it a visible bar
                    "end": end,
                    "group": card.family,
                }
            )
    people.sort(key=lambda item: item["start"])
    return people


def in_period(people: Sequence[Mapping[str, Any]], period: str) -> list[Mapping[str, Any]]:
    """The items of :func:`people_timeline` that begin in a period (of :data:`PERIODS`),
    leaving out traditions longer than :data:`LONG` years."""
    low, high = PERIODS[period]
    return [p for p in people if low <= p["start"] <= high and p["end"] - p["start"] <= LONG]


# --- one battle, worked out for a lesson ----------------------------------------------


def lesson_battle(
    game: HistoricalGame,
    attackers: Sequence[str],
    defenders: Sequence[str],
    attack_land: str = "CT4404",
    defence_land: str = "CT4503",
) -> tuple[HistoricalState, Assessment]:
    """Lay the cards on two lands (seat 0 attacks from ``attack_land``, seat 1 defends
    ``defence_land``) and work out the battle, without playing it."""
    state = arrange(
        game, lands={0: [(attack_land, list(attackers))], 1: [(defence_land, list(defenders))]}
    )
    plan = Battle(
        attacker=0,
        defender=1,
        attack_land=key(attack_land, 0),
        defence_land=key(defence_land, 1),
        index=0,
        first_defence=True,
    )
    return state, assess(state, plan)


def battle_sheet(
    state: HistoricalState,
    result: Assessment,
    attackers: Sequence[str],
    defenders: Sequence[str],
) -> list[dict[str, object]]:
    """The battle as table rows: each card's number, each bonus, and the two totals."""
    cards = state.game.catalogue.cards
    rows: list[dict[str, object]] = []
    side = None
    for line in result.lines:
        if line in ("Attack:", "Defence:"):
            side = line[:-1].lower()
            ids, stat = (attackers, "attack") if side == "attack" else (defenders, "defence")
            rows += [
                {
                    "side": side,
                    "what counts": f"{cards[i].name} ({stat})",
                    "points": getattr(cards[i], stat),
                }
                for i in ids
            ]
        elif line.startswith("  "):
            name, amount = line.strip().rsplit(": ", 1)
            amount = amount.replace("x", "times ")
            what = name if name == BELOW_ZERO else f"bonus from {name}"
            rows.append({"side": side, "what counts": what, "points": amount})
        if line == "Defence:":
            rows.insert(
                len(rows) - len(defenders),
                {"side": "attack", "what counts": "total", "points": result.attack},
            )
    rows.append({"side": "defence", "what counts": "total", "points": result.defence})
    return rows


#: an ability held on both sides, in words
_ABILITY_WORDS = {
    "auto_win": "the same ability to win a battle outright",
    "strength": "the same bonus",
    "multiply": "the same multiplier",
}


def equal_sentence(result: Assessment) -> str:
    """What the equal-abilities rule did in this battle, one sentence per ability held on
    both sides (empty when no ability was), so a card's ability that did not count is
    explained beside the sums."""
    said = []
    for equal in result.equal:
        what = _ABILITY_WORDS.get(equal.kind, "the same ability")
        sides = f"attack: {join(equal.attackers)}; defence: {join(equal.defenders)}"
        if equal.outcome == "cancel":
            after = " and the sums decide" if equal.kind == "auto_win" else ""
            said.append(
                f"Both sides hold {what} ({sides}). Equal abilities cancel, so none of "
                f"them counts in this battle{after}."
            )
        else:
            kept = join(equal.attackers if equal.outcome == "attack" else equal.defenders)
            said.append(
                f"Both sides hold {what} ({sides}), but {says(kept, 'is')} an interrupt "
                f"card, so only {possessive(kept)} counts."
            )
    return " ".join(said)


def battle_verdict(state: HistoricalState, result: Assessment, defence_land: str) -> str:
    """What the battle's result means, in a sentence (Markdown bold for the verdict), with
    any equal abilities that cancelled said after it."""
    told = _verdict(state, result, defence_land)
    equal = equal_sentence(result)
    return f"{told} {equal}" if equal else told


def _verdict(state: HistoricalState, result: Assessment, defence_land: str) -> str:
    land = state.game.catalogue.cards[defence_land].name
    if result.auto:
        who = "attacker" if result.winner == "attack" else "defender"
        return (
            f"**{card_name(result.auto)}** wins the battle outright for the {who}, "
            f"whatever the sums say: an automatic victory."
        )
    if result.winner == "draw":
        return f"**A tie**, {result.attack} against {result.defence}: nothing happens at all."
    if result.winner == "attack":
        return (
            f"**The attack wins**, {result.attack} against {result.defence}. The defender "
            f"loses 100 morale and must give up one card of {land}."
        )
    return (
        f"**The defence holds**, {result.defence} against {result.attack}. The attacker "
        f"loses 100 morale."
    )


def morale_lines(game: HistoricalGame, seed: int) -> tuple[State, dict[str, list[float]]]:
    """A random game of ``seed`` played out, and each player's morale after every turn
    (``{"Player 1": [...], "Player 2": [...]}``): the first point is the start, where
    both stand at 0, then one point after each turn (the first turn's gains used to
    overwrite the start, so a line began at 700 under "Morale starts at 0")."""
    final = playout(game.new_game(seed=seed), rng=seed)
    series: dict[str, list[float]] = {"Player 1": [0.0, 0.0], "Player 2": [0.0, 0.0]}
    for event in final.events:
        if event.kind == "turn" and "ends" in event.text:
            for name in series:
                series[name].append(series[name][-1])
        if event.kind == "morale":
            series[f"Player {event.data['player'] + 1}"][-1] = float(event.data["total"])
    return final, series


# --- the odds table -------------------------------------------------------------------
def odds_table(game: HistoricalGame) -> str:
    """Worked matchups (:data:`~hcgames.historical.battle.MATCHUPS`) as a table, each
    battle worked out by :func:`~hcgames.historical.battle.assess` (one copy of the maths)."""
    rows = []
    for attackers, defenders in MATCHUPS:
        state = arrange(game, lands={0: [("CT4601", attackers)], 1: [("CT4601", defenders)]})
        plan = Battle(
            attacker=0,
            defender=1,
            attack_land=key("CT4601", 0),
            defence_land=key("CT4601", 1),
            index=0,
            first_defence=True,
        )
        result = assess(state, plan)
        cards = game.catalogue.cards
        left = " + ".join(f"{cards[c].name} {cards[c].attack}" for c in attackers)
        right = " + ".join(f"{cards[c].name} {cards[c].defence}" for c in defenders)
        verdict = {"attack": "attacker wins", "defence": "defender holds", "draw": "draw"}
        how = f" outright ({card_name(result.auto)})" if result.auto else ""
        rows.append(
            (
                f"{left} = {result.attack}",
                f"{right} = {result.defence}",
                verdict[result.winner] + how,
            )
        )
    return _odds_text(rows)


def _odds_text(rows: list[tuple[str, str, str]]) -> str:
    """Lay out worked matchups ``(attackers, defenders, result)`` as a table."""
    lines = [
        "Historical Conquest has no dice: attack total against defence total, higher wins,",
        "equal totals are a draw (nobody loses anything). The loser loses "
        f"{BATTLE_MORALE_LOSS} morale; a",
        "beaten defender also discards one card of their choice from the land. These",
        "matchups stand on lands without bonuses (two copies of Greece).",
        "",
    ]
    for attackers, defenders, result in rows:
        lines += [f"  {attackers}", f"    against {defenders}", f"    -> {result}", ""]
    lines += [
        "Bonuses: 'strength' counts for attack and defence, 'attack' or 'defence' only on",
        "that side. Land bonuses help only the cards on that land. Multipliers come last.",
        "Automatic victories (David Crockett, Cherokee Warriors...) beat any sum; two equal",
        "abilities on opposite sides cancel unless exactly one is an interrupt.",
    ]
    return "\n".join(lines)


# --- named positions the lessons open at ------------------------------------------------
def napoleon_in_quebec(game: HistoricalGame) -> HistoricalState:
    """Round 3: Napoleon in Quebec (900 morale) and David Crockett in Russia."""
    return arrange(
        game,
        round_no=3,
        morale={0: 900},
        lands={0: [("CT4205", ["CO4203"])], 1: [("CT4404", ["LE4102"])]},
    )


def greek_matchup(game: HistoricalGame) -> HistoricalState:
    """The odds table's first matchup on two copies of Greece, about to attack."""
    attackers, defenders = MATCHUPS[0]
    return arrange(
        game,
        round_no=3,
        phase="attack",
        morale={0: 900},
        lands={0: [("CT4601", list(attackers))], 1: [("CT4601", list(defenders))]},
    )


def teaching_setups(game: HistoricalGame) -> dict[str, Callable[..., State]]:
    """Named positions the lessons open at (each a function returning a new State)."""
    return {
        "napoleon in quebec": lambda: napoleon_in_quebec(game),
        "greek matchup": lambda: greek_matchup(game),
    }


# -- how random games end (lesson 54) ----------------------------------------------------

#: The table lesson 54 shows, computed once by :func:`random_endings` and stored here so
#: the page opens without playing 150 games; a test checks it against a fresh run.
ENDINGS_FILE = ("historical", "random-endings.json")
ENDINGS_GAMES = 150


def ending_kind(state: State) -> str:
    """How a finished game ended, in the words of lesson 54's table."""
    outcome = state.outcome()
    reason = outcome.reason if outcome is not None else ""
    if "took every land" in reason:
        return "a player took every land of the other"
    if "limit" in reason:  # first: its list of morale totals may hold a 3000
        return "the round limit (30 rounds)"
    if "3000" in reason:
        return "a player reached 3000 morale"
    if "last civilisation standing" in reason:
        return "the other player dropped out (morale too low, or no land left)"
    if "stayed below" in reason:
        return "a card's own way to win (a rival kept low in morale)"
    return "another ending"


def random_endings(game: HistoricalGame, games: int = ENDINGS_GAMES) -> dict[str, object]:
    """Endings, lengths and winners of ``games`` random two-player games (seeds 0, 1, ...)."""

    def describe(state: State) -> dict[str, object]:
        outcome = state.outcome()
        winners = outcome.winners if outcome is not None else ()
        winner = "shared" if len(winners) != 1 else f"Player {winners[0] + 1}"
        return {"ending": ending_kind(state), "rounds": state.round, "winner": winner}

    rows = random_games(game, games, describe)
    endings: dict[str, int] = {}
    winners: dict[str, int] = {}
    for row in rows:
        endings[str(row["ending"])] = endings.get(str(row["ending"]), 0) + 1
        winners[str(row["winner"])] = winners.get(str(row["winner"]), 0) + 1
    by_count = sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))
    return {
        "games": games,
        "players": game.num_players,
        "average_rounds": round(sum(int(str(r["rounds"])) for r in rows) / len(rows), 1),
        "endings": dict(by_count),
        "winners": dict(sorted(winners.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def stored_endings() -> dict[str, object]:
    """Lesson 54's endings table as stored (see :data:`ENDINGS_FILE`)."""
    doc: dict[str, object] = read_json(*ENDINGS_FILE)
    return doc
