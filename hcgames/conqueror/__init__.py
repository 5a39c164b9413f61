"""Conqueror: Duels, the two-player edition of Conqueror: Final Conquest.

Two empires of the ancient Mediterranean fight over a campaign map of land and sea
territories. The package holds the standard two-player game and the booklet's five
scenarios (option ``scenario=``):

=======================  =========================  =====  ==========================
option                   sides (first to act first)  map    rounds
=======================  =========================  =====  ==========================
``standard``             Carthage, Rome              3-4    12 (5 forts for 2 rounds)
``second-punic-war``     Carthage, Rome              3-4    9
``gallic-wars``          Rome, Gaul                  3-4    5
``alexanders-conquest``  Greece, Persia              5-6    7
``rome-vs-persia``       Rome, Persia                5-6    10 (points at the end)
``first-syrian-war``     Egypt, Persia               5-6    8
=======================  =========================  =====  ==========================

>>> import hcgames
>>> game = hcgames.load("conqueror-duels", scenario="second-punic-war")
>>> state = game.new_game(seed=1)
>>> state.player_name(state.current_player), state.phase
('Carthage', 'planning')
>>> [str(a) for a in state.legal_actions()][:2]
['recruit 1 infantry in Espanga', 'recruit 1 cavalry in Espanga']

How a round goes
----------------
1. **Chronicle** (standard game and scenario 4, from round 2): a card is drawn, a
   chance step over the cards left in the deck.
2. **Planning**, first the side that acts first, then the other: income is paid
   (coins of the land held), units over the food limit are disbanded (owner's
   choice), then the side recruits in its forts (small fort 1 infantry, great fort or
   capital 2 infantry or 1 cavalry; actions ``Recruit``), buys hero cards
   (``BuyHero``), rallies in scenario 4 (``Rally``) and ends (``EndPhase``).
3. **Action phase** of each side in the scenario's order: ``Move`` and ``Attack``
   (a count of cavalry and of infantry from one territory to a neighbour),
   ``JointAttack`` in scenario 5, and ``EndPhase``. A side that loses food there and
   has more units than its new limit disbands the excess at once (``Disband`` steps
   of that side), unless it rallied this round.

A battle then runs as its own steps: ``PlayHero`` (attacker, then defender; only when
a side holds a hero it could use), ``BattleRoll`` (chance: 36 outcomes of 1/36),
``ChooseCasualties`` (loser, then the victor's casualty), ``Retreat`` (defender) and
``LeaveBehind`` (attacker). Steps with only one possible choice happen by themselves.
The odds come from :mod:`hcgames.conqueror.battle`, which the rules also use.

Rules the booklet leaves open, and what we chose
------------------------------------------------
The same list is in ``data/conqueror/decisions.json`` and returned by
:meth:`DuelsGame.rule_decisions`.

- Base game: strengths cavalry 2, infantry 1; one move per unit per round; capital +4.
- Battle: one d6 each; total = strengths + die + defence bonus (+ hero); the higher
  total wins and a tie goes to the defender. A tie costs the attacker 1 unit (ours).
- Defence bonus: own capital +4, great fort +2, other land +1, sea +1, changed by
  scenarios 1 and 2; independent armies get the same. A capital marked on the map
  that no playing side owns, or a captured enemy capital, is a great fort (ours).
- Casualties: margin 1-2 -> 1 unit, 3-4 -> 2, 5+ -> 3, chosen by the loser
  (independent armies lose infantry first). If the loser rolled a 4 the winner loses
  one unit of its choice; if that was its last unit, the territory changes hands empty.
- After a win the defenders retreat to a neighbouring territory of their side (their
  choice) or are wiped out; the attackers move in and may leave one unit behind in each
  territory they came from. Beaten attackers stay home.
- +1 gold per won attack; +6 for the enemy capital, once in the whole game (the
  booklet's rule; not in scenario 4).
- Unit limit 4 + 2 x food. A side that loses food in the action phase and has more
  units than its new limit disbands the excess at once, choosing which (a ``Disband``
  step in the middle of the action phase), unless it rallied this round; any excess
  left (rallied, or a chronicle card) goes at its next planning phase.
- Recruiting is free. Income is paid every round, round 1 included; sides start with
  no gold unless the scenario says otherwise.
- Planning is sequential (first side first); it cannot affect the other side.
- Land stays with its holder when left (not in scenario 4); empty land is taken by
  moving in, except an enemy capital, which must be attacked (bonus only). A sea
  territory belongs to whoever stands in it. At the start a side holds its capital and
  every territory with its units.
- Units that already won an attack are used first for moves, fresh units first for
  attacks, and losses fall first on units that had already won (best for the owner).
- Heroes: bought in planning, one per side per battle, used once. Hannibal Barca
  (cavalry +1), Ambiorix and Cleopatra are the booklet's; other heroes, all costs and
  other effects are ours.
- Chronicle deck of ten cards: Gold Discovered (+3 gold each) is the booklet's; the
  effects of the other nine are ours (``data/conqueror/chronicle.json``).
- Standard victory: 5 forts at the end of two rounds in a row; after round 12 most
  forts, then most units, else a draw. A side with no units and no land loses at once,
  after a battle or a move.
- Scenario limits close territories to the players; scenario 5's "east" is read as
  west (ours). Greek infantry has strength 2 in scenario 3.
- Scenario 4: land left empty by a move turns independent at the next planning phase
  (1 infantry, 1 cavalry in a great fort); holding the enemy capital and one's own
  through two whole rounds after the round in which a capital last changed hands
  wins (so the side that lost its capital always has two turns to take it back);
  rallying as the booklet says (once; at most 14 units and at most 2 great
  forts or a lost capital; +15 gold, limit +2 this round, 2 extra cavalry);
  points after round 10 (capital 4, great fort 3, small fort 2, any other land or
  held sea 1; a tie is a draw).
- Scenario 5: a joint attack commits every unit that can act in two neighbours of the
  target, named in either order; losses come from the first-named territory first.

Reading a position (for notebooks)
----------------------------------
``state.side_summary(p)``, ``units_of(p)``, ``food_of(p)``, ``unit_cap(p)``,
``income_of(p)``, ``forts_of(p)``, ``points_of(p)``, ``holds(p, names)`` and
``rally_possible(p)`` answer the usual questions about side ``p`` (0 acts first);
``state.gold``, ``state.card`` (this round's chronicle card id) and ``state.battle``
(the battle in progress, or ``None``) are plain attributes. ``state.region_views()``
gives map labels and tooltips, ``game.geojson()`` the map, ``game.board`` the
territories with food, coins and forts, ``game.heroes`` and ``game.cards`` the hero
and chronicle cards, ``game.scenario`` the scenario's data.

Teaching helpers
----------------
:meth:`DuelsState.set_army` and :meth:`DuelsState.set_gold` edit a position for a
what-if ("what if Rome had kept two cavalry in the Alps?"); an edited state can be
played on but not saved. :func:`hcgames.conqueror.battle.outcome_distribution` gives
the exact odds of any battle.

Where each rule lives
---------------------
Modules of ``hcgames.conqueror``: ``material`` (the data files), ``actions``, ``state``
(the one State class and its action table), ``game`` (scenarios, set-up, hooks),
``turn`` (round order), ``moves`` (what each phase allows, and refusals), ``fighting``
(battle steps), ``battle`` (battle maths and odds), ``victory``, ``views``,
``decisions``, ``teach`` (lesson positions), ``bots``.

| rule | where |
| --- | --- |
| Set-up: capitals, armies, gold and heroes | game.DuelsGame.new_game |
| Every action and the rule that carries it out | state.HANDLERS |
| Order of a round | turn.end_phase |
| Chronicle card | turn.draw_chronicle |
| Chronicle cards that cost units | turn.card_losses |
| Income | turn.begin_planning |
| Unit limit (4 + 2 x food supply) | state.DuelsState.unit_cap |
| Disbanding the excess | moves.disband |
| Losing food in the action phase | turn.check_food |
| Recruiting in forts | moves.recruit_options |
| Buying heroes | moves.buy_hero |
| Rally (scenario 4) | moves.rally |
| Who may rally | moves.rally_possible |
| Moves | moves.move |
| One action per unit, one more after a won attack | moves.take_actors |
| Land or sea left empty | moves.left_territory |
| Abandoned land turns independent (scenario 4) | turn.start_planning |
| Attack | fighting.attack |
| Two-army attacks (scenario 5) | fighting.joint_attack |
| The steps of a battle | fighting.Step |
| Playing a hero in battle | fighting.play_hero |
| Hero effects | fighting.army |
| Defence bonus | fighting.armies |
| Battle dice, totals, ties to the defender | battle.fight |
| Casualties by margin | battle.CasualtyRules.losses_for_margin |
| Victor's casualties (the loser rolled a 4) | battle.victors_casualties |
| Choosing casualties | fighting.choose_casualties |
| Retreat | fighting.retreat |
| Leaving units behind | fighting.leave_behind |
| Moving in, gold per win, capital prize | fighting.end_battle |
| Wiped out, and winning at once | victory.check_immediate |
| Forts for two rounds, holding places for rounds | victory.check_end_of_round |
| Holding both capitals (scenario 4) | victory.watch_capitals |
| After the last round (points, forts, draw) | victory.final_result |
| Why an action is refused | moves.why_illegal |
| Rules we decided | decisions.rule_decisions |
| Battle odds | battle.outcome_distribution |
| Odds table | battle.odds_table |
| Lesson positions (what-ifs) | teach.SETUPS |
| Computer levels | bots.LEVELS |
"""

from hcgames.conqueror.battle import (
    Army,
    BattleResult,
    fight,
    outcome_distribution,
    win_probability,
)
from hcgames.conqueror.game import SCENARIOS, DuelsGame
from hcgames.conqueror.material import INDEPENDENT, NOBODY
from hcgames.conqueror.state import DuelsState

__all__ = [
    "INDEPENDENT",
    "NOBODY",
    "SCENARIOS",
    "Army",
    "BattleResult",
    "DuelsGame",
    "DuelsState",
    "fight",
    "outcome_distribution",
    "win_probability",
]
