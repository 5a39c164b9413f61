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
captured card VP, 3 VP per resource set (captured cards that together show
Crystal, Iron and Gold), 2/1 VP per Minion on familiar/unfamiliar
terrain, 3/2 for the General, one Bonus Objective and the shared Mastery
Objectives. Ties go to the most captured Locations of one's own colour, then draw.

Rules we had to decide are listed by :meth:`SperosGame.rule_decisions` (see
:mod:`hcgames.speros.decisions`). In short: the card set is ours (built from a
small ability vocabulary, :mod:`hcgames.speros.material`); a General is one Unit;
colours are chosen in seat order and the first placement is secret picks in seat
order; capture is automatic and checked after every placing step for every
player; abilities are optional "up to" effects; a General's ability works in any
step of its owner's turn (not inside rivals' turns);
unit-picking abilities work on Locations only; Excavate is offered at every
placing on an Artifact until its player takes it, once a turn; a card showing two
resources fills two places of a resource set (the option ``one_resource_per_card``
makes it fill one); Mastery ties share rounded down and a zero count scores
nothing; the discard pile is never reshuffled and Plan with an empty deck draws
nothing.

>>> import hcgames
>>> game = hcgames.load("conquest-of-speros", players=3)
>>> state = game.new_game(seed=1)
>>> state.phase
'choose people'

Where each rule lives
---------------------

| rule | where |
| --- | --- |
| Every rulebook number (army, deal, hand limit, draws, VP) | material.load_rules |
| The card set, its abilities and its checks | material.build_card_set |
| Set-up: choosing colours | moves.choose_people |
| Set-up: Bonus Objectives and hands dealt | turn.deal |
| Set-up: the secret first placement | moves.first_placement |
| Set-up: Artifacts, Mastery Objectives, starting player | turn.finish_setup |
| A new game past set-up (for lessons) | teach.play_setup |
| Phase order | turn.PHASES |
| Steps nobody chooses (end of the ability step, end of turn) | turn.advance |
| Start of a turn and the empty-hand draw | turn.begin_turn |
| End of a turn and the final round | turn.end_turn |
| Legal actions in each step | moves.legal_actions |
| Discard step | moves.discard |
| Ability step: what is offered | turn.ability_menu |
| General's once-a-game ability and its timing | turn.general_menu |
| Using an ability | moves.use_ability |
| Explore | moves.explore |
| Attack | moves.attack |
| Lead | moves.lead |
| Plan | moves.plan |
| Drawing from the Location deck | turn.draw |
| Hand limit | turn.hand_limit |
| Ability targets | effects.targets |
| Exile | moves.exile |
| Obliterate | moves.obliterate |
| Excavate offer on placing a Unit on an Artifact | moves.place |
| Ongoing Artifact effects | effects.ongoing |
| Capture, and an Artifact's capture | moves.check_capture |
| Demonstrating majority | majority.demonstrates |
| The rule of ties (achieving majority) | majority.capturer |
| Why an action is refused | moves.why_illegal |
| End of the game (empty Base Camp, deck run out) | victory.end_reason |
| Revealing the Bonus Objective | moves.choose_bonus |
| Score sheet (cards, sets, Units, objectives) | scoring.score_lines |
| Resource sets | scoring.resource_sets |
| Mastery Objectives | scoring.mastery_vp |
| Winner and tie-breaks | victory.finish |
| Rule decisions | decisions.rule_decisions |
| Odds table | teach.odds_table |
| Draw odds | teach.draw_odds |
| Bots: easy, medium, hard | bots.LEVELS |
| Bots: named strategies | bots.make_strategy |
| Bonus Objective tune, measured | balance.bonus_score_rates |
"""

from __future__ import annotations

from hcgames.speros.game import SperosGame, start
from hcgames.speros.state import SperosState
from hcgames.speros.teach import (
    end_now,
    give_captured,
    lay_out,
    put_in_hand,
    take_card,
    to_action_step,
)

__all__ = [
    "SperosGame",
    "SperosState",
    "end_now",
    "give_captured",
    "lay_out",
    "put_in_hand",
    "start",
    "take_card",
    "to_action_step",
]
