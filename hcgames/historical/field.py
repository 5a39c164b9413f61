"""Moves on the battlefield: declaring attacks (attack phase), the turn's one move and
explorers' journeys, taking undefended lands (move phase), and discovering lands (a
first land, or one an explorer finds).

Per action: its legal choices (``*_options``), why it is refused (``*_refusal``, asked
only after the action was found illegal) and carrying it out (``apply_*``, called from
the state's dispatch table through :mod:`hcgames.historical.moves`).

A land arrives from a land pile, either the player's own first land or a land that
an explorer (or another card) discovers; the draw itself is a chance step, or a pick
when a card lets its player choose. The new land opens a column, its own play
effects are queued, the explorer that found it steps onto it (or anywhere there is
room), the finder's discovery rewards are paid, and an escort may follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hcgames.core import Action
from hcgames.historical import effects, fighting
from hcgames.historical.actions import Attack, Confiscate, ExplorerMove, Move
from hcgames.historical.cards import Card, card_name, describe_effect
from hcgames.historical.effects import Ctx
from hcgames.historical.material import (
    ATTACK_MORALE,
    ATTACKS_PER_TURN,
    FIRST_ATTACK_ROUND,
    Column,
)
from hcgames.historical.pending import PendingLand, PendingPick
from hcgames.historical.plays import push_effects
from hcgames.historical.refusals import Refusal, known, own_column, room_refusal
from hcgames.historical.world import can_travel
from hcgames.words import says

if TYPE_CHECKING:
    from hcgames.historical.state import HistoricalState


# --- attacks (attack phase) --------------------------------------------------------------
def may_attack(state: HistoricalState, player: int) -> bool:
    return (
        state.round_no >= FIRST_ATTACK_ROUND
        and state.morale[player] >= ATTACK_MORALE
        and state.attacks < ATTACKS_PER_TURN
    )


def attack_options(state: HistoricalState, player: int) -> list[Action]:
    if not may_attack(state, player):
        return []
    out: list[Action] = []
    for col in state.rows[player]:
        if col.locked or not col.cards or effects.attack_blocked_from(state, player, col):
            continue
        for q in state.opponents(player):
            for target in state.rows[q]:
                if target.locked or not target.cards:
                    continue
                if can_reach(state, col, target) and not effects.attack_blocked_on(
                    state, player, col, q, target
                ):
                    out.append(Attack(col.land, target.land))
    return out


def no_attack_words(state: HistoricalState, player: int) -> str:
    """Why ``player``'s attack phase offers no attack, in one short sentence naming the
    card that blocks it when one does (lesson 54: the phase passed by itself after a
    student's own Mozart, and the page never said why); empty before attacks begin."""
    who = state.player_name(player)
    if state.round_no < FIRST_ATTACK_ROUND or state.attacks >= ATTACKS_PER_TURN:
        return ""
    head = f"{who}'s attack phase passes"
    if state.morale[player] < ATTACK_MORALE:
        return (
            f"{head}: an attack needs {ATTACK_MORALE} morale, and {who} has {state.morale[player]}."
        )
    own = [c for c in state.rows[player] if c.cards and not c.locked]
    if not own:
        return f"{head}: none of {who}'s lands has a character or army on it to attack with."
    targets = [
        t for q in state.opponents(player) for t in state.rows[q] if t.cards and not t.locked
    ]
    if not targets:
        return f"{head}: no opponent's land has a character or army on it to fight."
    blockers: list[str] = []
    for col in own:
        for target in targets:
            if not can_reach(state, col, target):
                continue
            found = state.column_of_land(target.land)
            defender = found[0] if found else player
            blocker = effects.attack_blocked_from(state, player, col) or (
                effects.attack_blocked_on(state, player, col, defender, target)
            )
            if blocker and card_name(blocker) not in blockers:
                blockers.append(card_name(blocker))
    if blockers:
        names = " and ".join(blockers)
        verb = "stops" if len(blockers) == 1 else "stop"
        return f"{head}: {names} {verb} every attack {who} could make."
    return (
        f"{head}: every opponent's land with cards on it is on another continent, and "
        "no explorer can carry an attack there."
    )


def can_reach(state: HistoricalState, col: Column, target: Column) -> bool:
    """Same continent, or an explorer on the attacking land can travel there."""
    start, goal = state.card(col.land), state.card(target.land)
    if start.continent == goal.continent:
        return True
    return any(
        state.card(k).is_explorer and can_travel(state.card(k).travel, start, goal)
        for k in col.cards
    )


def attack_refusal(state: HistoricalState, player: int, action: Attack) -> Refusal | None:
    if state.round_no < FIRST_ATTACK_ROUND:
        return ("attacks wait until every player has had two turns", "attacking")
    if state.morale[player] < ATTACK_MORALE:
        return (
            f"{state.player_name(player)} needs {ATTACK_MORALE} morale to attack, "
            f"has {state.morale[player]}",
            "attacking",
        )
    if state.attacks >= ATTACKS_PER_TURN:
        return (f"at most {ATTACKS_PER_TURN} attacks a turn", "two attacks a turn")
    if state.phase_name != "attack":
        return (
            f"attacks are declared in the attack phase, not the {state.phase_name} phase",
            "attacking",
        )
    col = own_column(state, player, action.land)
    if col is None:
        return (
            f"{says(card_name(action.land), 'is')} not one of {state.player_name(player)}'s lands",
            "attacking",
        )
    found = state.column_of_land(action.target)
    if found is None or found[0] == player:
        return (f"{says(card_name(action.target), 'is')} not an opponent's land", "attacking")
    target = found[1]
    if col.locked or target.locked:
        return (
            "a destroyed land can neither attack nor be attacked for now",
            "destroyed lands",
        )
    if not col.cards:
        return ("an attack needs characters or armies on the attacking land", "attacking")
    if not target.cards:
        return (
            "that land is undefended: there is nobody to fight; take it in the move phase "
            "with a spare card instead",
            "undefended lands",
        )
    if not can_reach(state, col, target):
        start, goal = state.card(col.land), state.card(target.land)
        return (
            f"an attack must stay on one continent ({start.name} is in {start.continent}, "
            f"{goal.name} in {goal.continent}) unless an explorer on the attacking land "
            "can reach the target",
            "same continent",
        )
    blocker = effects.attack_blocked_on(
        state, player, col, found[0], target
    ) or effects.attack_blocked_from(state, player, col)
    if not blocker:
        return ("a card in play blocks this attack", "blocked attacks")
    ability = next(
        (
            describe_effect(e)
            for e in state.effects_of(blocker)
            if e.kind in ("block_attacks", "guarded")
        ),
        "",
    )
    said = f"; its card says: {ability}" if ability else ""
    return (f"{says(card_name(blocker), 'blocks')} this attack{said}", "blocked attacks")


def apply_attack(state: HistoricalState, action: Attack) -> None:
    player = state.current_player
    fighting.declare(state, player, action)


# --- the turn's move and explorers' journeys (move phase) --------------------------------
def move_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    cols = state.rows[player]
    cards = state.game.key_cards  # state.card's table, read directly in these loops
    if not state.moved:
        for col in cols:
            for key in col.cards:
                if effects.planted(state, key, player) or key in state.travelled:
                    continue
                card = cards[key]
                for goal in cols:
                    if goal is col or goal.locked:
                        continue
                    same = cards[goal.land].continent == cards[col.land].continent
                    if same and effects.can_stand(state, goal, card):
                        out.append(Move(key, goal.land))
    for col in cols:
        for key in col.cards:
            card = cards[key]
            if (
                not card.is_explorer
                or key in state.travelled
                or effects.planted(state, key, player)
            ):
                continue
            start = state.card(col.land)
            for goal in cols:
                if goal is col or not effects.can_stand(state, goal, card):
                    continue
                if not can_travel(card.travel, start, state.card(goal.land)):
                    continue
                out.append(ExplorerMove(key, goal.land, ""))
                for other in col.cards:
                    if (
                        other != key
                        and other not in state.travelled
                        and not effects.planted(state, other, player)
                        and fits_two(state, goal, card, state.card(other))
                    ):
                        out.append(ExplorerMove(key, goal.land, other))
    if state.round_no >= 2:
        out.extend(confiscate_options(state, player))
    return out


def fits_two(state: HistoricalState, col: Column, first: Card, second: Card) -> bool:
    if len(col.cards) + 2 > effects.capacity(state, col) or not effects.placement_allowed(
        state, col, second
    ):
        return False
    armies = sum(1 for k in col.cards if state.card(k).category == "army")
    armies += (first.category == "army") + (second.category == "army")
    return armies <= 1


def move_refusal(state: HistoricalState, player: int, action: Move) -> Refusal | None:
    if state.phase_name != "move":
        return (f"cards move in the move phase, not the {state.phase_name} phase", "moving")
    if state.moved:
        return (
            "only one character or army may move each turn, and it has moved",
            "one move a turn",
        )
    found = state.find_column(action.card)
    if found is None or found[0] != player or action.card not in found[1].cards:
        return (
            f"{says(card_name(action.card), 'is')} not on {state.player_name(player)}'s "
            "battlefield",
            "moving",
        )
    if effects.planted(state, action.card, player):
        return (
            "a card an opponent planted in your land cannot be moved by you",
            "planted cards",
        )
    if action.card in state.travelled:
        return (
            f"{says(card_name(action.card), 'is')} an explorer and has already moved this turn",
            "explorers move once a turn",
        )
    goal = own_column(state, player, action.land)
    if goal is None or goal is found[1]:
        return (
            f"{says(card_name(action.land), 'is')} not another of "
            f"{state.player_name(player)}'s lands",
            "moving",
        )
    start, end = state.card(found[1].land), state.card(goal.land)
    if start.continent != end.continent:
        return (
            f"an ordinary move stays on one continent ({start.name} is in {start.continent}, "
            f"{end.name} in {end.continent}); only explorers cross to other continents",
            "same continent",
        )
    return room_refusal(state, goal, state.card(action.card))


def journey_refusal(state: HistoricalState, player: int, action: ExplorerMove) -> Refusal | None:
    if state.phase_name != "move":
        return (
            f"explorers travel in the move phase, not the {state.phase_name} phase",
            "explorers",
        )
    card = known(state, action.explorer)
    found = state.find_column(action.explorer)
    if card is None or found is None or found[0] != player:
        return (
            f"{says(card_name(action.explorer), 'is')} not on "
            f"{state.player_name(player)}'s battlefield",
            "explorers",
        )
    if not card.is_explorer:
        return (f"{card.name} is not an explorer; use the turn's one move", "explorers")
    if action.explorer in state.travelled:
        return (
            f"{card.name} has already moved this turn: an explorer moves once a turn",
            "explorers move once a turn",
        )
    goal = own_column(state, player, action.land)
    if goal is None or goal is found[1]:
        return (
            f"{says(card_name(action.land), 'is')} not another of "
            f"{state.player_name(player)}'s lands",
            "explorers",
        )
    start, end = state.card(found[1].land), state.card(goal.land)
    if not can_travel(card.travel, start, end):
        ways = " or ".join(sorted(card.travel))
        return (
            f"{card.name} travels by {ways} and cannot reach {end.name} from {start.name}",
            "explorer travel",
        )
    if action.escort:
        if action.escort not in found[1].cards or action.escort == action.explorer:
            return (
                "an explorer takes along only a card from the land it sets out from",
                "explorer travel",
            )
        if action.escort in state.travelled:
            return (
                f"{says(card_name(action.escort), 'has')} already moved this turn",
                "explorers move once a turn",
            )
        escort = state.card(action.escort)
        return room_refusal(state, goal, escort, joining=2) or room_refusal(state, goal, card, 2)
    return room_refusal(state, goal, card)


def apply_move(state: HistoricalState, action: Move) -> None:
    state.moved = True
    fighting.note_journey(state, action.card)
    effects.relocate(state, action.card, action.land, "the turn's move")


def apply_explorer_move(state: HistoricalState, action: ExplorerMove) -> None:
    fighting.note_journey(state, action.explorer)
    fighting.note_journey(state, action.escort)
    effects.relocate(state, action.explorer, action.land, "explorer's journey")
    if action.escort:
        effects.relocate(
            state, action.escort, action.land, f"escorted by {card_name(action.explorer)}"
        )


# --- taking undefended lands (move phase, from round 2) ----------------------------------
def confiscate_options(state: HistoricalState, player: int) -> list[Action]:
    out: list[Action] = []
    empty = [
        c for q in state.opponents(player) for c in state.rows[q] if not c.cards and not c.locked
    ]
    if not empty:
        return out
    for col in state.rows[player]:
        if len(col.cards) < 2:
            continue
        start = state.card(col.land)
        movable = [
            k
            for k in col.cards
            if not effects.planted(state, k, player) and k not in state.travelled
        ]
        for key in movable:
            card = state.card(key)
            for target in empty:
                goal = state.card(target.land)
                near = goal.continent == start.continent or (
                    card.is_explorer and can_travel(card.travel, start, goal)
                )
                if near and effects.placement_allowed(state, target, card):
                    out.append(Confiscate(key, target.land))
        if len(col.cards) < 3:
            continue  # an explorer and the card it carries leave at least one behind
        for explorer in movable:
            card = state.card(explorer)
            if not card.is_explorer:
                continue
            for target in empty:
                goal = state.card(target.land)
                if goal.continent != start.continent and not can_travel(card.travel, start, goal):
                    continue
                if not effects.placement_allowed(state, target, card):
                    continue
                for other in movable:
                    if other != explorer and fits_two(state, target, card, state.card(other)):
                        out.append(Confiscate(other, target.land, explorer))
    return out


def confiscate_refusal(state: HistoricalState, player: int, action: Confiscate) -> Refusal | None:
    if state.phase_name != "move" or state.round_no < 2:
        return (
            "undefended lands are taken in the move phase, from round 2 on",
            "undefended lands",
        )
    found = state.column_of_land(action.land)
    if found is None or found[0] == player:
        return (f"{says(card_name(action.land), 'is')} not an opponent's land", "undefended lands")
    target = found[1]
    if target.cards:
        return (
            f"{says(card_name(action.land), 'is')} defended: only a land with no cards on "
            "it can be "
            "taken this way; beat its defenders in battle first",
            "undefended lands",
        )
    if target.locked:
        return ("a destroyed land cannot be taken for now", "destroyed lands")
    mover = action.explorer or action.card
    home = state.find_column(mover)
    if home is None or home[0] != player or mover not in home[1].cards:
        return (
            f"{says(card_name(mover), 'is')} not on {state.player_name(player)}'s battlefield",
            "undefended lands",
        )
    if action.explorer and (action.card == action.explorer or action.card not in home[1].cards):
        beside = ", ".join(card_name(k) for k in home[1].cards if k != action.explorer)
        carried = (
            "it cannot carry itself"
            if action.card == action.explorer
            else f"{says(card_name(action.card), 'is')} not there"
        )
        return (
            f"an explorer carries a card from its own land and {carried}; the cards beside "
            f"{card_name(action.explorer)} are {beside or 'none'}",
            "undefended lands",
        )
    leaving = 2 if action.explorer else 1
    if len(home[1].cards) <= leaving:
        return (
            "the land the cards leave must keep at least one card of its own",
            "spare cards",
        )
    for key in (action.card, action.explorer):
        if key and key in state.travelled:
            return (
                f"{says(card_name(key), 'has')} already moved this turn: an explorer "
                "moves once a turn",
                "explorers move once a turn",
            )
    start, goal = state.card(home[1].land), state.card(target.land)
    traveller = state.card(mover)
    if start.continent != goal.continent and not (
        traveller.is_explorer and can_travel(traveller.travel, start, goal)
    ):
        return (
            f"a spare card takes only an undefended land on its own continent ({start.name} is "
            f"in {start.continent}, {goal.name} in {goal.continent}); an explorer can carry "
            "it further",
            "same continent",
        )
    if action.explorer and not traveller.is_explorer:
        return (f"{traveller.name} is not an explorer", "explorers")
    return room_refusal(state, target, state.card(action.card), joining=leaving)


def apply_confiscate(state: HistoricalState, action: Confiscate) -> None:
    player = state.current_player
    fighting.confiscate(state, player, action)


# --- discovering lands (a first land, an explorer's find) --------------------------------
def land_arrives(state: HistoricalState, frame: PendingLand | PendingPick, land: str) -> None:
    """``land`` turned up for the step ``frame``: a first land, or one an explorer finds
    (turned up, or chosen from the pile)."""
    player = frame.player
    col = Column(land)
    state.rows[player].append(col)
    state.age[land] = 1
    card = state.card(land)
    state.log(
        player,
        "land",
        f"{state.player_name(player)} "
        f"{'plays the first land' if frame.why == 'first' else 'discovers'} "
        f"{card.name} ({card.continent}).",
        land=land,
    )
    opening = [i for i, e in enumerate(state.effects_of(land)) if e.when == "play"]
    push_effects(state, player, land, "play", opening, (), "")
    place = frame.place or ""
    if place:
        if effects.can_stand(state, col, state.card(place)):
            effects.place(state, place, col)
        else:
            stand_anywhere(state, player, place)
    finder = frame.card or ""
    if finder:
        ctx = Ctx(player, finder, col, discovered=card)
        for effect in state.effects_of(finder):
            if effect.when == "discover" and effects.cond(state, effect.condition, ctx):
                effects.change_morale(
                    state,
                    player,
                    int(effect.amount),
                    f"{says(card_name(finder), 'finds')} {card.name}",
                )
        if frame.discard_self:
            effects.remove(state, finder, death=False, why="its journey is over")
    if frame.escort:
        options = [
            k
            for c in state.rows[player]
            if c is not col
            for k in c.cards
            if effects.can_stand(state, col, state.card(k))
            and not effects.planted(state, k, player)
        ]
        if options:
            state.pending.append(
                PendingPick(player=player, purpose="escort", options=["", *options], land=land)
            )


def land_missing(state: HistoricalState, frame: PendingLand) -> None:
    """No land left to find: an explorer waiting to land stands anywhere it can."""
    if frame.place:
        stand_anywhere(state, frame.player, frame.place)


def stand_anywhere(state: HistoricalState, player: int, key: str) -> None:
    spots = effects.standing_land(state, state.card(key), player)
    if spots:
        effects.place(state, key, spots[0])
    else:
        state.to_discard(key)
        state.log(player, "discard", f"{says(card_name(key), 'finds')} no room and is discarded.")
