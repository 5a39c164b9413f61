"""Classical Conquests: peoples of the ancient world race to 100 victory points.

The game in brief (our words)
-----------------------------
Two to six players each lead one of twelve ancient peoples (Minoans, Egyptians,
Sumerians, Phoenicians, Athenians, Spartans, Romans, Macedonians, Babylonians,
Persians, Celts, Goths). Every people begins with level 1 in two of the twelve
traits of the research chart.

*Set-up.* Each territory of the map gets its resource from a die: land rolls a d8
(grain, herds, wine, olives, wood, iron, stone, gold), sea a d6 (salt, fish, trade).
Then each player founds one city on land, at least three steps away from every
other city.

*A turn* has ten phases, always in this order:

1. **produce** - every territory with your village or city yields its resource,
   every city adds a gold, and Engineering, Agriculture, Industry, Metallurgy,
   Ship Building and Economics each add one stone, food, luxury, iron, wood or gold
   per level. Gold and Trade stand in for anything. A sea space of fish or trade
   holding at least one of your fleets yields its resource once (our rule).
2. **upkeep** - each army, fleet and city eats one food. What cannot be fed is lost;
   a starving city shrinks to a village but keeps its monuments.
3. **build** - a monument in one of your cities costs 2 food and 1 stone plus one
   more resource for each monument already there; you may hold 1 + Religion
   monuments.
4. **upgrade** - a village becomes a city for 2 luxuries and 1 stone.
5. **settle** - one village a turn is free, each further one costs a food or luxury
   and a wood or stone; villages go on empty land next to your cities, villages or
   fleets.
6. **move** - armies move 2 land spaces and ride across your fleets for free,
   fleets sail 4 sea spaces; nobody passes through enemy-held spaces.
7. **battle** - wherever your units share a space with enemy units or settlements,
   both sides roll a d8 plus Military (land) or Nautical (sea) each round, the lower
   total loses a unit and ties go to the defender. A settlement left without
   defenders fights on and is captured when beaten.
8. **recruit** - armies (1 iron) appear in your cities, fleets (1 wood) in the sea
   next to them, at most 1 + Government + your cities a turn.
9. **research** - one free d12 roll plus one per Science level, and extra rolls for
   1, 2, 3 ... resources. A roll adds a point to the trait it shows; a trait at level
   n rises to n + 1 when it holds n + 1 points.
10. **score** - one victory point per monument you hold plus your Arts level.
    Reaching 100 wins. Unused resources are then lost.

Paying
------
Every cost is paid by the player's choice: building, upgrading, an extra village,
recruiting, a bought research roll and feeding open a *payment*, paid one resource
at a time with ``Pay(resource)`` or all at once with ``PayRest()`` (the suggested
way: the named kind first, gold last); ending the upkeep phase feeds the suggested
way. Nothing is capped per turn beyond the book's own limits: resources bound it.

Our decisions
-------------
The rulebook leaves several points open; :meth:`ClassicalGame.rule_decisions`
lists every one, labelled "ours" or "rulebook" (map, production at sea, how
payments are asked, settlement strength in battle, unit supply, game length...).
The numbers live in ``data/classical/rules.json``.

Using it
--------
>>> import hcgames
>>> game = hcgames.load("classical-conquests", players=2, civilizations=["Romans", "Egyptians"])
>>> state = game.new_game(seed=1)
>>> state.phase
'resource rolls'

The modules
-----------
``material`` reads and checks ``data/classical/``; ``actions`` holds the action
records; ``state`` the one :class:`ClassicalState` with its dispatch table; ``game``
the options, set-up and hooks; ``turn`` the phase order and what happens by itself
(production, upkeep, research dice, scoring); ``moves`` the players' choices, what
they do and why others are refused; ``payment`` paying a cost; ``battle`` the pure
battle dice and odds; ``fighting`` the steps of a battle; ``victory`` the end and the
winner; ``views`` what the widgets and the log show; ``decisions`` the rules we
decided; ``teach`` the odds tables and lesson positions; ``bots`` the computer
players.

Where each rule lives
---------------------
| rule | where |
| --- | --- |
| Options, players and set-up | game.ClassicalGame |
| Resource roll of each territory (set-up) | turn.resource_roll |
| First cities and their spacing (set-up) | moves.city_sites |
| Order of the ten phases, next player | turn.end_phase |
| Produce | turn.produce |
| Upkeep: feeding | turn.upkeep |
| Famine: leaving units or cities unfed | turn.starve |
| Paying a cost, resource by resource | payment.start |
| The suggested way to pay (gold last) | payment.pay |
| Build: monuments | moves.build_monument |
| Monument price | state.ClassicalState.monument_cost |
| Monument limit (1 + Religion) | state.ClassicalState.monument_limit |
| Upgrade: village to city | moves.upgrade_village |
| Settle: villages, the free one and the paid ones | moves.settle |
| Move: how far armies go, riding fleets | moves.army_destinations |
| Move: how far fleets sail | moves.fleet_destinations |
| Battle: which territories are fought over | fighting.contested |
| Battle: one round of dice (ties to the defender) | battle.round_winner |
| Battle: the steps of a fight, losses, capture | fighting.battle_die |
| Settlements fighting on alone | fighting.settlement_strength |
| Recruit: new armies and fleets | moves.recruit |
| Recruit limit (1 + Government + cities) | state.ClassicalState.recruit_limit |
| Research: free rolls (1 + Science) | turn.free_research_rolls |
| Research: buying extra rolls | moves.buy_research_roll |
| Research: a roll on the d12 table | turn.research_die |
| Research level-up (n + 1 points for level n + 1) | turn.research_level_up |
| Score: monuments and Arts | turn.score |
| Victory: 100 victory points | victory.reach_victory_points |
| Victory: last people standing | victory.knock_out |
| Victory: most points at the turn limit | victory.finish_on_points |
| Legal actions of each phase | moves.legal_actions |
| Why an action is refused | moves.why_illegal |
| Applying an action (the one dispatch table) | state.HANDLERS |
| Rule decisions (data/classical/decisions.json) | decisions.rule_decisions |
| Rulebook numbers (data/classical/rules.json) | material.load_material |
| Battle odds, exact | battle.attacker_wins |
| Odds table and research odds | teach.odds_table |
| Lesson positions | teach.teaching_setups |
| The computer's levels and the planner bot | bots.PlannerBot |
| Map labels, descriptions and the log's view | views.region_views |
"""

from __future__ import annotations

from hcgames.classical.game import ClassicalGame
from hcgames.classical.state import ClassicalState

__all__ = ["ClassicalGame", "ClassicalState"]
