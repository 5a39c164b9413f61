"""Historical Conquest: The Card Game, complete rules for 2 to 6 players.

>>> import hcgames
>>> game = hcgames.load("historical-conquest", players=2)
>>> state = game.new_game(seed=1)
>>> state.current_player == hcgames.CHANCE   # a coin decides who goes first
True

The game in our own words
-------------------------
Each player brings a deck of at least 50 real history cards. The lands go face down
into a land pile, everything else into a draw deck. A coin decides who goes first (or,
with ``first_player="north"``, the top land lying farthest north). On your first turn
you turn up a land and draw five cards; after that a turn has four phases:

1. **Play** up to three cards: characters and armies stand in a column above one of
   your lands (four cards, at most one of them an army, unless a card gives more
   room), events and other action cards work at once (lasting ones stay in your
   active pile), and discarding from the hand or the battlefield also counts as a
   play. Interrupt cards do not count and may be played in any turn.
2. **Attack** (from round 3, with 800 morale or more): up to two attacks, each from
   one of your lands against an opposing land on the same continent or within reach
   of an explorer on the attacking land. Attack total against defence total, with
   card bonuses; higher wins, equal is a draw. The loser loses 100 morale and a
   beaten defender discards a card of their choice; an emptied land can be taken.
3. **Move** one character or army within a continent; each explorer moves once a turn
   (land, sea, air or space) and may take one card along. Undefended opposing lands
   may be taken by a spare card, or by an explorer carrying one.
4. **Draw** back up to five cards; a last chance for interrupts ends the turn.

Round one builds civilisations only: nobody touches an opponent. Morale starts at 0;
at most 800 can be gained in one turn; 3000 wins, -2000 forfeits, and taking an
opponent's last land wins.

Card abilities are data: every card's ability is a list of effects from the small
vocabulary in :mod:`hcgames.historical.cards` (morale, strength, discovery, kills,
duels, automatic victories, blocks, answers to events and so on). A history plate
(two or three sentences of facts, written for this project) comes with every card.

Rules we had to decide
----------------------
The rulebook leaves several things open; :meth:`HistoricalGame.rule_decisions`
lists every choice with its source. The most important: draws are chance steps;
interrupt windows open when an opponent's card aims at you, when an attack is
declared and at the end of each phase of an opponent's turn; equal abilities in one
battle cancel unless exactly one is an interrupt; a 30-round limit (highest morale wins) and a
120-step safeguard per turn keep every game finite.
"""

from __future__ import annotations

from hcgames.historical.cards import Card
from hcgames.historical.game import DEFAULT_DECKS, MAX_ROUNDS, HistoricalGame
from hcgames.historical.material import Catalogue, load_catalogue
from hcgames.historical.state import HistoricalState

__all__ = [
    "DEFAULT_DECKS",
    "MAX_ROUNDS",
    "Card",
    "Catalogue",
    "HistoricalGame",
    "HistoricalState",
    "load_catalogue",
]
