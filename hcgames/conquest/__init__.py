"""CONQUEST (1972): a chess-like war game of many moves per turn, with no luck at all.

Donald Benge's game (1972) gives each player an army of soldiers, elephants,
chariots and knights plus a fleet of ships and galleons on a map of islands. This
package holds its complete rules; the printed board is not available, so we play on
a board of our own design (``data/conquest/board.json``, labelled as ours).

The rules in brief
------------------
* **Turns.** White opens with 10 moves; after that every turn has 20 moves, minus 4
  for each space of your own capitol the enemy holds (three held: 8 moves). A move
  is one step along a road, bridge or sea lane. Moves are shared out among the
  pieces in any order, and a turn may be ended early with :class:`Pass`.
* **Piece limits.** Per turn a soldier steps at most 2 times, an elephant 6, a
  chariot 8, a knight 6, a ship 6 and a galleon 8. A piece's steps need not come
  one after another.
* **Carrying.** A soldier mounts an elephant (room for two) or a chariot (room for
  one) by stepping onto it and dismounts by stepping off; both are moves of the
  soldier. A ship or galleon carries one elephant (with its riders), one knight, one
  chariot (with its rider) or up to two soldiers. Land pieces board and go ashore
  only at ports (sea spaces docked to one land space), never from ship to ship.
  Soldiers on a ship must leave before an elephant or chariot can board; soldiers
  riding an elephant aboard may step ashore on their own, but an elephant going
  ashore takes its riders with it.
* **Knights** may pass through spaces held by their own pieces (each counts as a
  step) but must end on an empty space or with a capture (or, our reading, aboard
  their own empty ship at a port). Nothing passes through an enemy.
* **Captures** work as in chess: step onto the enemy and replace it. Everything a
  captured piece carries goes too. Soldiers may not capture elephants. A soldier
  may capture as it dismounts. A land piece may seize an enemy ship at port: its
  cargo is removed and the ship joins the captor's fleet, free to sail this turn.
  Land pieces cannot touch ships at sea; ships take ships anywhere on the water.
* **Recapture.** After each capture made with moves still to spare, the opponent
  may answer at once, out of turn: retake on that very space in one step, or in two
  steps when both are needed (no separate capture on the way), or refuse; once
  the first of two steps is taken, the recapture must be completed (ours). The
  number of steps, 2, is ``recapture_moves`` in ``data/conquest/rules.json``. Then
  the mover continues. A capture made with the turn's last move gets no answer.
  A capturing piece that survives moves on as if it had not moved yet, within the
  turn's allowance. Capturing an enemy piece inside your own capitol gives back 4
  moves at once.
* **Winning.** Capture every enemy land piece, or hold all five spaces of the enemy
  capitol. If twenty turns go by (ten each) with no capture, whoever holds more
  enemy capitol spaces wins, and equal holdings are a draw. Players may agree a
  draw (:class:`OfferDraw`, :class:`AcceptDraw`).

Decisions of ours (the rulebook is silent)
------------------------------------------
Every choice is listed by :func:`rule_decisions` (also ``ConquestGame().rule_decisions()``):
the board and piece mix (10 soldiers, 4 elephants, 2 chariots, 4 knights, 4 ships,
2 galleons a side), White moving first, one step per action, a knight ending aboard
its own ship after passing through its men, free recapture steps, completing a
begun recapture, no recapture of a recapture, what a seized ship keeps, how ship cargo is loaded,
the capitol penalty fixed at the start of a turn, when an occupation victory
counts, and a turn limit (default 200 turns) that bounds every game:
``max_actions = 63 * turn_limit`` because one turn holds at most 20 moves, two
recapture steps per capture, one pass and one draw offer with its answer.

Positions for examples and puzzles
----------------------------------
:meth:`ConquestGame.position` builds a game that starts from any position::

    game = ConquestGame.position(
        {"W-soldier1": "j6", "W-elephant1": "j8", "W-soldier2": "W-elephant1",
         "B-knight1": "j7", "B-soldier1": "k7"},
        to_move="White", spent=12)
    state = game.new_game()

The position is stored in ``game.options["position"]``, so ``state.to_json()``
saves it and :func:`hcgames.load_saved` rebuilds and replays the game exactly.

Where each rule lives
---------------------
| rule | where |
|---|---|
| The board (spaces, roads, bridges, lanes, ports) and its checks | board.check_board |
| Rulebook numbers and the piece table | material.load_rules |
| Starting set-up and the scenarios | material.load_scenarios |
| Custom positions (examples, puzzles) | material.check_position |
| Phases of a turn | turn.PHASES |
| Moves per turn (10 first, then 20) and the capitol penalty | turn.allowance |
| End of a turn and the next player | turn.end_turn |
| After each step: victory check or turn over | turn.after_step |
| Legal actions in each phase | moves.legal_actions |
| One step: roads, sea lanes, ports, one piece per space | movement.step |
| Piece move limits per turn | moves.why_move_illegal |
| Mounting, boarding and ship cargo | movement.step |
| Knights pass through their own men | movement.knight_can_finish |
| Captures, captured stacks and seized ships | movement.perform |
| A capturing piece moves on as if fresh | moves.apply_move |
| Capturing in your own capitol gives moves back | moves.regain_in_own_capitol |
| Recapture: the defender's answers | moves.recapture_actions |
| Both recapture moves are necessary | moves.opens_recapture |
| A begun recapture must be completed | moves.recapture_begun |
| Making a recapture step | moves.apply_recapture |
| Refusing a recapture | moves.apply_refuse |
| The pending recapture record | moves.PendingRecapture |
| Passing the rest of the turn | moves.apply_pass |
| Offering, accepting and declining a draw | moves.apply_offer_draw |
| Why an action is refused | moves.why_illegal |
| Applying an action (the one dispatch table) | state.HANDLERS |
| Occupation victory (the whole enemy capitol) | victory.capitol_taken |
| Capturing every enemy land piece | victory.land_pieces_gone |
| Quiet turns and the turn limit | victory.adjudicate |
| Agreed draw | victory.agree_draw |
| The rules we decided | decisions.rule_decisions |
| Odds table (who may capture whom) | views.odds_table |
| Event wording of a step | views.describe_step |
| Bot levels (easy, medium, hard) | bots.LEVELS |
| The bots' judgement of a position | evaluation.evaluate |
| Puzzle solver | search.solve |
| The solver as a bot | search.SolverBot |
| Puzzles | teach.load_puzzles |
| Lesson positions | game.ConquestGame.teaching_setups |
"""

from __future__ import annotations

from hcgames.conquest.actions import (
    AcceptDraw,
    DeclineDraw,
    Move,
    OfferDraw,
    Pass,
    Refuse,
)
from hcgames.conquest.game import ConquestGame, rule_decisions
from hcgames.conquest.state import ConquestState

__all__ = [
    "AcceptDraw",
    "ConquestGame",
    "ConquestState",
    "DeclineDraw",
    "Move",
    "OfferDraw",
    "Pass",
    "Refuse",
    "rule_decisions",
]
