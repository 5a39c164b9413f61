"""Conquest of Speros: four peoples fight over the Locations of a new world.

The rules in our own words
--------------------------
Each player leads one people: the forest elves (green), mountain dwarves (red),
ocean merfolk (blue) or swamp revenants (black), with ten Minions and one General
waiting in a Base Camp. Colours are chosen first; only then does everyone get three
secret Bonus Objectives and eight Location cards, and open the shared Skirmish Area
by secretly picking one Location from hand (picks are revealed together). Then one
Ancient Artifact per player joins it; with Mastery Objectives, one fewer than the
number of players is laid open; last, a starting player is drawn.

A turn has three steps. Discard one hand card; then, if it has an ability, you may
use it (and each reusable Artifact you own); then take one action. Your General's
once-a-game ability may be used at any step of your own turn before the action:

* Explore: lay a hand Location in the Skirmish Area; unless it is your own terrain,
  a Minion deploys there.
* Attack: deploy a Minion to any card in the Skirmish Area.
* Lead: deploy your General there, and a Minion too if room is left.
* Plan: draw three cards.

A turn begun with an empty hand is only a draw of two cards; at the end of your turn
you discard down to ten cards. A card is captured the moment one player holds the
majority: either every encampment is full and they have the most Units (equal
leaders: the one who placed last there wins), or they outnumber any one rival even
if that rival filled every empty encampment. Captured cards never change hands.
Capturing an Artifact sends rivals' Units on it home, locks the captor's Units on
it and unlocks its Capture ability. Exiled Minions go home; obliterated Units leave
the game.

The game ends when a player begins a turn with an empty Base Camp, or after the
turn in which the deck runs out plus one final turn for each other player. Score
captured card VP, 3 VP per resource set, 2/1 VP per Minion on familiar/unfamiliar
terrain, 3/2 for the General, one Bonus Objective and the shared Mastery
Objectives. Ties go to the most captured Locations of one's own colour, then draw.

Rules we had to decide are listed by :meth:`SperosGame.rule_decisions` (see
:mod:`hcgames.speros.decisions`). In short: the card set is ours (built from a
small ability vocabulary, :mod:`hcgames.speros.cards`); a General is one Unit;
colours are chosen in seat order and the first placement is secret picks in seat
order; capture is automatic and checked after every placing step for every
player; abilities are optional "up to" effects; a General's ability works in any
step of its owner's turn (not inside rivals' turns);
unit-picking abilities work on Locations only; Excavate is offered once a turn per
Artifact; Mastery ties share rounded down and a zero count scores nothing; the
discard pile is never reshuffled and Plan with an empty deck draws nothing.

>>> import hcgames
>>> game = hcgames.load("conquest-of-speros", players=3)
>>> state = game.new_game(seed=1)
>>> state.phase
'choose people'
"""

from __future__ import annotations

from hcgames.speros.game import SperosGame
from hcgames.speros.state import SperosState

__all__ = ["SperosGame", "SperosState"]
