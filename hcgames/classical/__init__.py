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
'setup: resources'
"""

from __future__ import annotations

from hcgames.classical.game import ClassicalGame
from hcgames.classical.state import ClassicalState

__all__ = ["ClassicalGame", "ClassicalState"]
