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
from typing import TYPE_CHECKING

from hcgames.core import State
from hcgames.historical.actions import DrawCard
from hcgames.historical.battle import MATCHUPS, Battle, assess
from hcgames.historical.material import BATTLE_MORALE_LOSS
from hcgames.historical.state import HistoricalState
from hcgames.historical.turn import advance

if TYPE_CHECKING:
    from hcgames.historical.game import HistoricalGame

__all__ = ["arrange", "key", "odds_table", "teaching_setups"]


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
            state.rows[player].append({"land": land_key, "cards": units, "locked": 0})
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
        how = f" outright ({state.name(result.auto)})" if result.auto else ""
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
