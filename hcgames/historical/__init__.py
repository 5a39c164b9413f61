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

Where each rule lives
---------------------
| rule | where |
| --- | --- |
| Set-up: decks, land piles and draw decks | state.HistoricalState.__init__ |
| Every rulebook number (hand size, plays, attacks, morale) | material.load_numbers |
| Cards and their checks | material.build_catalogue |
| Who goes first (coin or farthest north) | turn.choose_first |
| A turn starts: first land, upkeep, morale each turn | turn.start_turn |
| Upkeep: ages, timers, expiring cards | turn.upkeep |
| Phase order (play, attack, move, draw) and the end of a phase | turn.next_phase |
| The engine loop: draws, windows, questions, automatic steps | turn.advance |
| The steps waiting on the stack (draws, windows, questions) | pending.Frame |
| The choices of the active player per phase | moves.phase_actions |
| Why an action is refused | moves.why_illegal |
| Play phase: up to three plays from the hand | plays.play_options |
| Playing a card and queueing its effects | plays.play |
| Interrupts and the windows to answer a card | plays.interrupt_options |
| Held abilities | plays.ability_options |
| Discarding from the hand or the battlefield | plays.discard_options |
| Attack phase: who may attack (round 3, 800 morale, two a turn) | field.may_attack |
| Reach: same continent or an explorer's travel | field.can_reach |
| Move phase: one move, explorers' journeys | field.move_options |
| Taking an undefended land | field.confiscate_options |
| Discovering a land | field.land_arrives |
| Room on a land (four cards, one army) | effects.capacity |
| Conditions of card abilities | effects.cond |
| Card effects (morale, kills, duels, blocks...) | effects.do |
| Morale: the +800 a turn cap and morale floors | effects.change_morale |
| Attack blocks and guarded lands | effects.attack_blocked_on |
| Declaring an attack (tolls, leaders killed first) | fighting.declare |
| The battle: totals, the loser's 100 morale, the casualty | fighting.run_battle |
| Battle totals, cancelling abilities, automatic victories | battle.assess |
| The declared battle (attacker, lands, called off) | battle.Battle |
| After a win: defectors, cards taken, occupation | fighting.after_win |
| Occupying an emptied land | fighting.occupy_check |
| 3000 morale wins, -2000 forfeits | victory.check_morale |
| Taking an opponent's last land wins | victory.after_land_loss |
| A player out of the game | victory.knock_out |
| Cards that win on their own | victory.check_win_card |
| The 30-round limit (our rule) | victory.end_by_limit |
| The rules we decided | decisions.rule_decisions |
| The odds table | teach.odds_table |
| Lesson set-ups and arranged positions | teach.arrange |
| The bots | bots.HistoricalHardBot |
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
