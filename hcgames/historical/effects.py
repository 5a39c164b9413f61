"""Card abilities: the conditions they ask, room on a land, morale (with the +800 a turn
cap and floors), placing and removing cards, targets, and carrying out every effect kind.

One module past 600 lines on purpose: the handler of each effect kind
(:data:`EFFECT_HANDLERS`) sits beside the checks it calls and that the battles and moves
ask too (conditions, room on a land, morale, shields, attack blocks), all reading the
same effect records.

Each effect kind of :data:`hcgames.historical.cards.EFFECT_KINDS` that works at a
moment (on play, when held, after a battle...) is carried out by :func:`do`;
the ones that work all the time are read where the rules need them (battle
strength, room on a land, attack blocks, morale floors).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hcgames.historical import victory
from hcgames.historical.cards import (
    INTERACTING,
    Card,
    Effect,
    card_name,
    describe_effect,
    matches,
)
from hcgames.historical.material import (
    COLUMN_SIZE,
    MORALE_CAP_PER_TURN,
)
from hcgames.historical.pending import (
    Frame,
    PendingEffects,
    PendingLand,
    PendingPick,
    PendingWindow,
)
from hcgames.words import plural, says

if TYPE_CHECKING:
    from hcgames.historical.battle import Battle
    from hcgames.historical.state import Column, HistoricalState


class Ctx:
    """What a condition is asked about: whose card, which column, which battle."""

    __slots__ = ("attack_col", "battle", "col", "discovered", "key", "player", "role")

    def __init__(
        self,
        player: int,
        key: str = "",
        col: Column | None = None,
        battle: Battle | None = None,
        role: str = "",
        discovered: Card | None = None,
        attack_col: Column | None = None,
    ) -> None:
        self.player = player
        self.key = key
        self.col = col
        self.battle = battle
        self.role = role
        self.discovered = discovered
        self.attack_col = attack_col


#: kinds that take a target chosen by the player
_TARGETED = {
    "morale_opponents",
    "kill_character",
    "duel",
    "destroy_land",
    "recover",
    "block_attacks",
    "discard_opponent_card",
    "lasting_bonus",
    "move_card",
    "discover_land",
}


def needs_target(effect: Effect) -> bool:
    """Does the player have to name a target (a player, a card or a land) for it?"""
    kind = effect.kind
    if kind not in _TARGETED:
        return False
    if kind == "morale_opponents":
        return bool(effect.target == "one")
    if kind == "block_attacks":
        return effect.scope in ("own_land", "target")
    if kind == "discover_land":
        return bool(effect.source == "opponent")
    return True


def _player_tag(player: int) -> str:
    return f"P{player}"


def _player_of(tag: str) -> int:
    return int(tag[1:])


# --- room on a land -------------------------------------------------------
def capacity(state: HistoricalState, col: Column) -> int:
    cards = state.game.key_cards
    room = COLUMN_SIZE + cards[col.land].room
    for key in col.cards:  # a loop: asked for every land and card at each step
        room += cards[key].room
    return room


def has_room(state: HistoricalState, col: Column, card: Card) -> bool:
    if col.locked > 0 or len(col.cards) >= capacity(state, col):
        return False
    cards = state.game.key_cards
    return not (card.category == "army" and any(cards[k].category == "army" for k in col.cards))


def placement_allowed(state: HistoricalState, col: Column, card: Card) -> bool:
    """Bans on a land (Thailand) or on a card (Henry VIII) and coastal-only cards."""
    return _ban(state, col, card) is None


def _ban(state: HistoricalState, col: Column, card: Card) -> tuple[str, Card, Effect | None] | None:
    """The ban that keeps ``card`` off ``col`` (None when none does): whose it is
    ("coast", "land", "other" or "own"), the card standing there it concerns, and the
    ban. Asked of every land for every card in hand at each step, so it builds no
    words: :func:`placement_ban` says them for a refusal (issue 41: they were made at
    every ask, the ban's whole text each time a Thailand kept a European off)."""
    cards = state.game.key_cards
    land = cards[col.land]
    if card.coastal_only and not land.coastal:
        return ("coast", land, None)
    for effect in land.bans:
        if matches(card, effect.match):
            return ("land", land, effect)
    for other in col.cards:
        other_card = cards[other]
        for effect in other_card.bans:
            if matches(card, effect.match):
                return ("other", other_card, effect)
        for effect in card.bans:
            if matches(other_card, effect.match):
                return ("own", other_card, effect)
    return None


def placement_ban(state: HistoricalState, col: Column, card: Card) -> str:
    """Why ``card`` may not stand on ``col`` by a ban, in words ("" when none forbids it)."""
    found = _ban(state, col, card)
    if found is None:
        return ""
    whose, other, effect = found
    if effect is None:
        return f"{card.name} keeps to lands by the sea"
    rule = describe_effect(effect)
    if whose == "land":
        return f"{other.name}'s card says: {rule}"
    if whose == "other":
        return f"{other.name} stands there, whose card says: {rule}"
    return f"{other.name} stands there, and {card.name}'s card says: {rule}"


def can_stand(state: HistoricalState, col: Column, card: Card) -> bool:
    # asked of every land for every card in hand at each step: the ban without words
    return has_room(state, col, card) and _ban(state, col, card) is None


# --- conditions -----------------------------------------------------------
def any_in_play(
    state: HistoricalState, match: Mapping[str, Any], player: int | None = None
) -> bool:
    players = range(state.n) if player is None else (player,)
    for p in players:
        for key, _col in state.in_play_sources(p):
            if matches(state.card(key), match):
                return True
    return False


def count_units(
    state: HistoricalState, match: Mapping[str, Any], player: int | None, exclude: str = ""
) -> int:
    return sum(
        1
        for _p, key in state.units_in_play(player)
        if key != exclude and matches(state.card(key), match)
    )


def cond(state: HistoricalState, condition: Mapping[str, Any] | None, ctx: Ctx) -> bool:
    """Does every clause of ``condition`` hold in ``ctx``?"""
    if not condition:
        return True
    return all(clause_holds(state, clause, want, ctx) for clause, want in condition.items())


def clause_holds(state: HistoricalState, clause: str, want: Any, ctx: Ctx) -> bool:
    col = ctx.col
    land = state.card(col.land) if col is not None else None
    battle = ctx.battle
    if clause == "any":
        return any(cond(state, sub, ctx) for sub in want)
    if clause == "land_continent":
        return land is not None and land.continent in want
    if clause == "land_name":
        return land is not None and land.name in want
    if clause == "land_coastal":
        return land is not None and land.coastal == bool(want)
    if clause == "land_has":
        return col is not None and any(
            k != ctx.key and matches(state.card(k), want) for k in col.cards
        )
    if clause == "attacking":
        return ctx.role == "attack"
    if clause == "defending":
        return ctx.role == "defence"
    if clause == "battle_continent":
        return battle is not None and state.card(battle.defence_land).continent in want
    if clause == "enemy_has":
        enemy = enemy_column(state, ctx)
        return enemy is not None and any(matches(state.card(k), want) for k in enemy.cards)
    if clause == "enemy_land_name":
        enemy = enemy_column(state, ctx)
        return enemy is not None and state.card(enemy.land).name in want
    if clause == "first_attack_of_turn":
        return battle is not None and battle.index == 0
    if clause == "first_defence_of_turn":
        return battle is not None and battle.first_defence
    if clause == "turns_min":
        return state.age.get(ctx.key, 1) - 1 >= int(want)
    if clause == "turns_max":
        return state.age.get(ctx.key, 1) <= int(want)
    if clause == "in_play":
        return any_in_play(state, want)
    if clause == "in_play_mine":
        return any_in_play(state, want, ctx.player)
    if clause == "not_in_play":
        return not any_in_play(state, want)
    if clause == "played":  # in play or in a discard pile: it has been played
        return any_in_play(state, want) or any(
            matches(state.card(k), want) for pile in state.discards for k in pile
        )
    if clause == "played_mine":
        return any_in_play(state, want, ctx.player) or any(
            matches(state.card(k), want) for k in state.discards[ctx.player]
        )
    if clause == "own_lands_tagged":
        tagged = sum(1 for c in state.rows[ctx.player] if want["tag"] in state.card(c.land).tags)
        return tagged >= int(want["min"])
    if clause == "own_land_continent":
        return any(state.card(c.land).continent in want for c in state.rows[ctx.player])
    if clause == "sole_leader":
        return col is not None and [k for k in col.cards if state.card(k).is_leader] == [ctx.key]
    if clause == "more_females":
        mine = count_units(state, {"gender": "female"}, ctx.player)
        others = [count_units(state, {"gender": "female"}, q) for q in state.opponents(ctx.player)]
        return mine > max(others, default=0)
    if clause == "attacker_has":
        attack_col = ctx.attack_col
        return attack_col is not None and any(
            matches(state.card(k), want) for k in attack_col.cards
        )
    if clause == "discovered_continent":
        return ctx.discovered is not None and ctx.discovered.continent in want
    if clause == "discovered_tag":
        return ctx.discovered is not None and bool(set(want) & set(ctx.discovered.tags))
    raise KeyError(clause)  # pragma: no cover - validation rejects unknown clauses


def enemy_column(state: HistoricalState, ctx: Ctx) -> Column | None:
    battle = ctx.battle
    if battle is None:
        return None
    other = battle.defence_land if ctx.role == "attack" else battle.attack_land
    found = state.column_of_land(other)
    return found[1] if found else None


# --- morale ---------------------------------------------------------------
def morale_floor(state: HistoricalState, player: int) -> int | None:
    floors = [
        int(e.value)
        for key, _col in state.in_play_sources(player)
        for e in state.effects_of(key)
        if e.kind == "morale_floor"
    ]
    return max(floors) if floors else None


def change_morale(state: HistoricalState, player: int, amount: int, why: str) -> int:
    """Add ``amount`` to ``player``'s morale under the per-turn cap and floors.

    Returns the change actually made and logs a ``morale`` event.
    """
    if state.out[player] or amount == 0 or state.result is not None:
        return 0
    old = state.morale[player]
    if amount > 0:
        room = max(0, MORALE_CAP_PER_TURN - state.gained[player])
        change = min(amount, room)
        state.gained[player] += change
    else:
        change = amount
        floor = morale_floor(state, player)
        if floor is not None and old + change < floor:
            change = min(0, floor - old) if old >= floor else 0
    new = old + change
    state.morale[player] = new
    capped = (
        f"; capped by the {MORALE_CAP_PER_TURN}-a-turn limit"
        if amount > 0 and change < amount
        else ""
    )
    floored = "; held up by a morale floor" if amount < 0 and change > amount else ""
    # one sentence, "Player 2 loses 100 morale (battle lost) and now has 500" (it read
    # "Player 2: battle lost: -100 morale, now 500")
    did = f"{'loses' if change < 0 else 'gains'} {abs(change)} morale"
    # "(Internal Revenue Service, played by Player 1)": no brackets inside the brackets
    said = why.replace(" (", ", ").replace(")", "")
    state.log(
        player,
        "morale",
        f"{state.player_name(player)} {did} ({said}{capped}{floored}) and now has {new}.",
        player=player,
        change=change,
        asked=amount,
        total=new,
        why=why,
    )
    victory.check_morale(state, player)
    return change


# --- placing and removing ---------------------------------------------------
def place(state: HistoricalState, key: str, col: Column) -> None:
    """Put a unit on a land; lands that welcome newcomers react."""
    col.cards.append(key)
    state.age[key] = 1
    welcome(state, key, col)


def welcome(state: HistoricalState, key: str, col: Column) -> None:
    """``key`` has come to the land of ``col`` (played, moved or carried there, or taking
    it): the land's abilities for cards that come to it work (Israel, Mali)."""
    controller = state.find_column(col.land)
    player = controller[0] if controller else state.owner(key)
    card = state.card(key)
    for index, effect in enumerate(state.effects_of(col.land)):
        if effect.when != "arrival" or not matches(card, (effect.match or {})):
            continue
        if effect.each:  # once for each fitting card that arrives (Israel)
            tag = f"{col.land}|{index}|{key}"
            if state.used.get(tag):
                continue
            state.used[tag] = 1
        elif state.uses_left(col.land, index, effect):
            state.spend_use(col.land, index, effect)
        else:
            continue
        change_morale(
            state,
            player,
            int(effect.amount),
            f"{says(card_name(key), 'arrives')} in {card_name(col.land)}",
        )


def remove(state: HistoricalState, key: str, *, death: bool, why: str) -> bool:
    """Take a card out of play to its owner's discard pile.

    ``death`` is true when it was lost in battle or killed by an opponent's card
    (not when its own player discards it); cards with a death ability react.
    """
    found = state.find_column(key)
    controller: int | None = None
    if found is not None and key in found[1].cards:
        controller = found[0]
        found[1].cards.remove(key)
    else:
        for player in range(state.n):
            if key in state.active[player]:
                controller = player
                state.active[player].remove(key)
                break
    if controller is None:
        return False
    effects = state.effects_of(key)
    gone = says(card_name(key), "dies" if death else "leaves play")
    state.log(controller, "discard", f"{gone} ({why}).", card=key)
    state.to_discard(key)
    if death:
        for effect in effects:
            if effect.when == "death" and effect.kind == "morale":
                change_morale(state, controller, int(effect.amount), says(card_name(key), "dies"))
    return True


def remove_land(state: HistoricalState, player: int, col: Column, why: str) -> None:
    """A land card leaves the battlefield for its owner's discard pile."""
    for key in list(col.cards):
        remove(state, key, death=True, why=why)
    state.rows[player].remove(col)
    state.to_discard(col.land)
    state.log(
        player,
        "land",
        f"{says(card_name(col.land), 'is')} gone from {state.player_name(player)}'s "
        f"battlefield ({why}).",
    )
    if not state.rows[player] and not state.out[player]:
        victory.knock_out(state, player, "has no land left")


# --- shields ----------------------------------------------------------------
def shielded(state: HistoricalState, victim: int, source: str) -> bool:
    """Is ``victim`` out of reach of the card ``source`` (an opponent's)?"""
    category = state.card(source).category
    for timer in state.timers:
        if (
            timer["kind"] == "shield"
            and timer["player"] == victim
            and (timer["what"] == "all" or category == "event")
        ):
            return True
    for key, _col in state.in_play_sources(victim):
        for effect in state.effects_of(key):
            if (
                effect.kind == "event_shield"
                and effect.when == "constant"
                and ((effect.what or "event") == "all" or category == "event")
            ):
                return True
    return False


# --- targets ----------------------------------------------------------------
def targeted_effect(state: HistoricalState, key: str, moment: str) -> tuple[int, Effect] | None:
    for index, effect in enumerate(state.effects_of(key)):
        if effect.when == moment and needs_target(effect):
            return index, effect
    return None


def targets(
    state: HistoricalState, player: int, key: str, effect: Effect, col: Column | None
) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]]
    """Every target the effect can take for ``player`` (``[()]`` = needs none)."""
    kind = effect.kind
    opponents = state.opponents(player)
    if kind == "morale_opponents" or (kind == "block_attacks" and effect.scope == "target"):
        return [(_player_tag(q),) for q in opponents]
    if kind == "discover_land":
        return [(_player_tag(q),) for q in opponents if state.piles[q]]
    if kind == "kill_character" and effect.chooser == "victim":
        # "one opponent discards ...": the player names the opponent, who chooses
        return [
            (_player_tag(q),)
            for q in opponents
            if any(matches(state.card(k), effect.match) for k in opposing_units(state, q))
        ]
    if kind == "kill_character":
        match = effect.match
        return [
            (k,)
            for q in opponents
            for k in opposing_units(state, q)
            if matches(state.card(k), match)
        ]
    if kind == "duel":
        # characters fight duels; a character's own duel may be fought by itself
        # (Gladiatrix fights only her own: duellist "self")
        if effect.duellist == "self":
            mine = [key]
        else:
            mine = [
                k for _p, k in state.units_in_play(player) if state.card(k).category == "character"
            ]
            if state.card(key).category == "character" and key not in mine:
                mine.append(key)
        theirs = [
            k
            for q in opponents
            for k in opposing_units(state, q)
            if state.card(k).category == "character"
        ]
        return [(a, b) for a in mine for b in theirs]
    if kind == "destroy_land":
        return [(c.land,) for q in opponents for c in state.rows[q]]
    if kind == "recover":
        seen: set[str] = set()
        out = []
        for k in state.discards[player]:
            if k not in seen and matches(state.card(k), effect.match) and k != key:
                seen.add(k)
                if effect.to == "play":  # back onto one of the player's lands (FDR)
                    out.extend((k, c.land) for c in standing_land(state, state.card(k), player))
                else:
                    out.append((k,))
        return out
    if kind == "block_attacks":  # own_land
        return [(c.land,) for c in state.rows[player]]
    if kind == "discard_opponent_card":
        if effect.count == "all":
            return [(_player_tag(q),) for q in opponents]
        out = []
        for q in opponents:
            for k in [*opposing_units(state, q), *state.active[q]]:
                if matches(state.card(k), effect.match):
                    out.append((k,))
        return out
    if kind == "lasting_bonus":
        return [
            (k,)
            for _p, k in state.units_in_play(player)
            if k != key and state.card(k).category == "character"
        ]
    if kind == "move_card":
        return move_targets(state, player, key, effect)
    return [()]


def opposing_units(state: HistoricalState, player: int) -> list[str]:
    return [k for c in state.rows[player] for k in c.cards]


def move_targets(
    state: HistoricalState, player: int, key: str, effect: Effect
) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    if effect.to == "this_land":
        found = state.column_of_land(key)
        if found is None:
            return []
        goal = found[1]
        for col in state.rows[player]:
            if col is goal:
                continue
            for k in col.cards:
                if can_stand(state, goal, state.card(k)):
                    out.append((k, goal.land))
        return out
    for col in state.rows[player]:
        for k in col.cards:
            for goal in state.rows[player]:
                if goal is not col and can_stand(state, goal, state.card(k)):
                    out.append((k, goal.land))
    return out


def affected_players(
    state: HistoricalState, player: int, key: str, moment: str, targets: tuple[str, ...]
) -> list[int]:
    """Opponents an ability would reach (they may answer with interrupts)."""
    hit: set[int] = set()
    for effect in state.effects_of(key):
        aimed = effect.kind == "block_attacks" and effect.scope == "target"
        if effect.when != moment or (effect.kind not in INTERACTING and not aimed):
            continue
        kind = effect.kind
        if kind == "morale_opponents":
            if effect.target == "all":
                hit.update(state.opponents(player))
            elif effect.target == "holders":
                hit.update(
                    q for q in state.opponents(player) if any_in_play(state, effect.match, q)
                )
            elif targets:
                hit.add(_player_of(targets[0]))
        elif kind == "mass_discard":
            hit.update(
                q
                for q in state.opponents(player)
                if any(matches(state.card(k), effect.match) for k in opposing_units(state, q))
            )
        elif kind == "destroy_land" and targets:
            name = state.card(targets[0]).name
            hit.update(
                q
                for q in state.opponents(player)
                if any(state.card(c.land).name == name for c in state.rows[q])
            )
        elif targets:
            for target in targets:
                if "/" not in target:
                    hit.add(_player_of(target))
                else:
                    owner = state.controller(target)
                    if owner is not None and owner != player:
                        hit.add(owner)
    return sorted(hit - {player})


# --- doing an effect ----------------------------------------------------------
class Doing:
    """One effect being carried out: whose card, for whom, aimed at what, and which
    players an interrupt has already cancelled or turned it back on."""

    __slots__ = (
        "cancelled",
        "col",
        "ctx",
        "effect",
        "key",
        "no_morale",
        "player",
        "reversed_",
        "state",
        "targets",
        "why",
    )

    def __init__(
        self,
        state: HistoricalState,
        player: int,
        key: str,
        effect: Effect,
        targets: tuple[str, ...],
        ctx: Ctx,
        frame: PendingEffects | None,
    ) -> None:
        self.state = state
        self.player = player
        self.key = key
        self.effect = effect
        self.targets = targets
        self.ctx = ctx
        self.col = ctx.col
        self.why = card_name(key)
        self.cancelled = list(frame.cancel) if frame else []
        self.reversed_ = list(frame.reverse) if frame else []
        self.no_morale = list(frame.cancel_morale) if frame else []

    def reaches(self, victim: int, morale: bool = False) -> bool:
        """Does the effect reach ``victim`` (not cancelled, turned back or shielded)?"""
        if victim == self.player:
            return True
        if (
            victim in self.cancelled
            or victim in self.reversed_
            or shielded(self.state, victim, self.key)
        ):
            return False
        return not (morale and victim in self.no_morale)


def do(
    state: HistoricalState,
    player: int,
    key: str,
    index: int,
    effect: Effect,
    targets: tuple[str, ...],
    frame: PendingEffects | None = None,
) -> None:
    """Carry out one effect of ``key`` for ``player`` (play or held moment): the handler
    for its kind in :data:`EFFECT_HANDLERS` does the work."""
    found = state.find_column(key)
    col = found[1] if found else None
    ctx = Ctx(player, key, col)
    state.spend_use(key, index, effect)
    if needs_target(effect) and not targets:
        state.log(player, "ability", f"{card_name(key)}: there is nothing to aim at.")
        return
    if not attack_condition(effect) and not cond(state, effect.condition, ctx):
        state.log(
            player,
            "ability",
            f"{card_name(key)}: its condition does not hold; nothing happens.",
        )
        return
    handler = EFFECT_HANDLERS.get(effect.kind)
    if handler is not None:
        handler(Doing(state, player, key, effect, targets, ctx, frame))


def attack_condition(effect: Effect) -> bool:
    """Is the effect a block whose condition is about the attacking land (Electric
    Chair, Booker T. Washington)? Such a condition cannot be asked when the card is
    played: the block waits and asks it of every attack it could stop."""
    return effect.kind == "block_attacks" and "attacker_has" in (effect.condition or {})


def _do_morale(d: Doing) -> None:
    state, effect = d.state, d.effect
    amount = int(effect.amount)
    alt = effect.alt
    if alt and cond(state, alt.condition, d.ctx):
        amount = int(alt.amount)
    change_morale(state, d.player, amount, d.why)


def _do_morale_opponents(d: Doing) -> None:
    state, effect, player, targets, why = d.state, d.effect, d.player, d.targets, d.why
    if effect.target == "one":
        victims = [_player_of(targets[0])] if targets else []
    elif effect.target == "all":
        victims = state.opponents(player)
    else:
        victims = [
            q for q in range(state.n) if not state.out[q] and any_in_play(state, effect.match, q)
        ]
    for victim in victims:
        if victim in d.reversed_ and victim not in d.no_morale:
            change_morale(
                state,
                player,
                int(effect.amount),
                f"{why}, turned back by {state.player_name(victim)}",
            )
        elif d.reaches(victim, morale=True):
            change_morale(
                state, victim, int(effect.amount), f"{why} (played by {state.player_name(player)})"
            )
        else:
            state.log(victim, "ability", f"{state.player_name(victim)} is untouched by {why}.")


def _do_morale_per_card(d: Doing) -> None:
    effect = d.effect
    scope = None if effect.scope == "all" else d.player
    exclude = d.key if effect.exclude_self else ""
    count = count_units(d.state, effect.match, scope, exclude)
    amount = int(effect.base) + int(effect.amount) * count
    change_morale(d.state, d.player, amount, f"{d.why} ({plural(count, 'matching card')})")


def _do_discover_land(d: Doing) -> None:
    effect, targets = d.effect, d.targets
    source = _player_of(targets[0]) if effect.source == "opponent" and targets else d.player
    push_discovery(
        d.state,
        d.player,
        source,
        d.key,
        place="",
        escort=bool(effect.escort),
        discard_self=bool(effect.discard_self),
        choose=effect.source == "choice",
    )


def _do_kill_character(d: Doing) -> None:
    state, targets, why = d.state, d.targets, d.why
    if d.effect.chooser == "victim" and targets:
        victim = _player_of(targets[0])
        options = [
            k for k in opposing_units(state, victim) if matches(state.card(k), d.effect.match)
        ]
        if options and d.reaches(victim):
            state.pending.append(
                PendingPick(player=victim, purpose="card to lose", options=options, source=d.key)
            )
        elif options:
            state.log(victim, "ability", f"{state.player_name(victim)} is untouched by {why}.")
        return
    holder = state.controller(targets[0]) if targets else None
    if holder is not None and d.reaches(holder):
        remove(state, targets[0], death=True, why=f"killed by {why}")
    elif holder is not None:
        state.log(holder, "ability", f"{state.player_name(holder)} is untouched by {why}.")
    if d.effect.discard_self:
        remove(state, d.key, death=False, why="its work is done")


def _do_duel(d: Doing) -> None:
    state = d.state
    mine, theirs = d.targets
    rival = state.controller(theirs)
    if rival is not None and d.reaches(rival):
        a, b = state.card(mine).attack, state.card(theirs).attack
        state.log(
            d.player,
            "duel",
            f"Duel: {card_name(mine)} ({a}) against {card_name(theirs)} ({b}).",
        )
        if a > b:
            remove(state, theirs, death=True, why="lost a duel")
        elif b > a:
            remove(state, mine, death=True, why="lost a duel")
        else:
            state.log(d.player, "duel", "The duel is a draw; both stay.")


def _do_destroy_land(d: Doing) -> None:
    destroy_land(d.state, d.player, d.key, d.targets[0], d.effect, d.reaches)


def _do_recover(d: Doing) -> None:
    state, player, targets = d.state, d.player, d.targets
    if d.effect.to == "play" and len(targets) == 2 and targets[0] in state.discards[player]:
        back, land = targets
        found = state.column_of_land(land)
        if found is None or found[0] != player or not can_stand(state, found[1], state.card(back)):
            # the land filled up (the card itself took the last place): any land with room
            lands = standing_land(state, state.card(back), player)
            found = (player, lands[0]) if lands else None
        if found is None:
            state.log(player, "recover", f"No land has room: {card_name(back)} stays discarded.")
            return
        state.discards[player].remove(back)
        place(state, back, found[1])
        state.log(
            player,
            "recover",
            f"{card_name(back)} comes back into play on {card_name(found[1].land)}.",
        )
        return
    if targets and targets[0] in state.discards[player]:
        state.discards[player].remove(targets[0])
        state.hands[player].append(targets[0])
        state.log(
            player,
            "recover",
            f"{card_name(targets[0])} comes back to {state.player_name(player)}'s hand.",
        )


def _do_block_attacks(d: Doing) -> None:
    state, effect, player, targets = d.state, d.effect, d.player, d.targets
    state.timers.append(
        {
            "kind": "block",
            "owner": player,
            "source": d.key,
            "blocks": effect.blocks,
            "scope": effect.scope,
            "player": _player_of(targets[0]) if effect.scope == "target" else player,
            "land": targets[0] if effect.scope == "own_land" else "",
            "continent": effect.continent,
            "turns_left": int(effect.turns),
            "if": dict(effect.condition or {}),
        }
    )
    if effect.scope == "target" and not d.reaches(_player_of(targets[0])):
        state.timers.pop()
    else:
        state.log(player, "block", f"{d.why}: attacks are blocked for a while.")
        call_off_attack(state)


def _do_event_shield(d: Doing) -> None:
    state, player = d.state, d.player
    state.timers.append(
        {
            "kind": "shield",
            "owner": player,
            "player": player,
            "what": (d.effect.what or "event"),
            "turns_left": int(d.effect.turns),
            "source": d.key,
        }
    )
    # the sentence names what the shield stops: every card, or only events (look: Jane Addams)
    cards = "cards" if (d.effect.what or "event") == "all" else "event cards"
    who = state.player_name(player)
    state.log(player, "shield", f"{d.why}: {who} is shielded from opponents' {cards}.")


def _do_cancel_effect(d: Doing) -> None:
    answer_with_cancel(d.state, d.player, d.effect, by=card_name(d.key))


def _do_discard_opponent_card(d: Doing) -> None:
    state, effect, targets, why = d.state, d.effect, d.targets, d.why
    if effect.count == "all":
        victim = _player_of(targets[0])
        if d.reaches(victim):
            for k in [k for k in state.active[victim] if matches(state.card(k), effect.match)]:
                remove(state, k, death=False, why=f"thrown out by {why}")
    elif targets:
        holder = state.controller(targets[0])
        if holder is not None and d.reaches(holder):
            remove(state, targets[0], death=state.card(targets[0]).is_unit, why=f"struck by {why}")
        elif holder is not None:
            state.log(holder, "ability", f"{state.player_name(holder)} is untouched by {why}.")


def _do_mass_discard(d: Doing) -> None:
    state = d.state
    for q in range(state.n):
        if q != d.player and not d.reaches(q):
            continue
        for k in [k for k in opposing_units(state, q) if matches(state.card(k), d.effect.match)]:
            remove(state, k, death=True, why=f"swept away by {d.why}")


def _do_lasting_bonus(d: Doing) -> None:
    state, effect, player, why = d.state, d.effect, d.player, d.why
    given = d.targets[0]
    remove(state, given, death=False, why=f"given up for {why}")
    change_morale(state, player, int(effect.morale), why)
    if effect.scope == "civ":
        state.lasting[player] += int(effect.strength)
    else:
        land = d.col.land if d.col is not None else d.key
        state.land_bonus[land] = state.land_bonus.get(land, 0) + int(effect.strength)
    state.log(
        player,
        "bonus",
        f"{why}: {int(effect.strength):+d} lasting strength for {state.player_name(player)}.",
    )


def _do_plant(d: Doing) -> None:
    state, why = d.state, d.why
    land = d.targets[0] if d.targets else ""
    holder = state.controller(land) if land else None
    if holder is None:
        return
    if d.reaches(holder, morale=True):
        change_morale(state, holder, int(d.effect.morale), f"{why} is planted in {card_name(land)}")
    else:
        state.log(holder, "ability", f"{state.player_name(holder)} is untouched by {why}.")


def _do_move_card(d: Doing) -> None:
    card_key, land_key = d.targets
    relocate(d.state, card_key, land_key, f"moved by {d.why}")


#: effect kind -> the function that carries it out when the effect works at a moment
#: (on play or when a held ability is used); a kind not listed does nothing here
#: (it works all the time and is read where the rules need it)
EFFECT_HANDLERS: dict[str, Callable[[Doing], None]] = {
    "morale": _do_morale,
    "morale_opponents": _do_morale_opponents,
    "morale_per_card": _do_morale_per_card,
    "discover_land": _do_discover_land,
    "kill_character": _do_kill_character,
    "duel": _do_duel,
    "destroy_land": _do_destroy_land,
    "recover": _do_recover,
    "block_attacks": _do_block_attacks,
    "event_shield": _do_event_shield,
    "cancel_effect": _do_cancel_effect,
    "discard_opponent_card": _do_discard_opponent_card,
    "mass_discard": _do_mass_discard,
    "lasting_bonus": _do_lasting_bonus,
    "move_card": _do_move_card,
    "plant": _do_plant,
}


def relocate(state: HistoricalState, key: str, land_key: str, why: str) -> None:
    found = state.find_column(key)
    goal = state.column_of_land(land_key)
    if found is None or goal is None or not can_stand(state, goal[1], state.card(key)):
        return
    found[1].cards.remove(key)
    goal[1].cards.append(key)
    state.log(goal[0], "move", f"{says(card_name(key), 'goes')} to {card_name(land_key)} ({why}).")
    welcome(state, key, goal[1])


def destroy_land(
    state: HistoricalState,
    player: int,
    source: str,
    land_key: str,
    effect: Effect,
    reaches: Any,
) -> None:
    """``source`` (the Atomic Bomb, Chernobyl) played by ``player`` hits every copy of
    the named land: a divided land hurts all its holders."""
    name = state.card(land_key).name
    weapon = card_name(source)
    hits = [(q, c) for q, c in state.all_columns() if state.card(c.land).name == name]
    for q, col in hits:
        if q != player and not reaches(q):
            continue
        state.log(
            q,
            "destroy",
            f"{weapon}, played by {state.player_name(player)}, strikes "
            f"{card_name(col.land)} of {state.player_name(q)}.",
        )
        options = flee_options(state, q, col) if effect.flee else []
        if options:
            # the struck player chooses who flees, or no one (our decision)
            state.pending.append(
                PendingPick(
                    player=q,
                    purpose="character to flee",
                    options=["", *options],
                    land=col.land,
                    source=source,
                )
            )
            continue
        finish_strike(state, q, col, source, effect)


def refuges(state: HistoricalState, player: int, col: Column) -> list[Column]:
    """The struck player's other lands on the struck land's continent."""
    continent = state.card(col.land).continent
    return [
        c for c in state.rows[player] if c is not col and state.card(c.land).continent == continent
    ]


def flee_options(state: HistoricalState, player: int, col: Column) -> list[str]:
    """Characters on a struck land that could flee to another of its player's lands."""
    places = refuges(state, player, col)
    return [
        k
        for k in col.cards
        if state.card(k).category == "character"
        and any(can_stand(state, c, state.card(k)) for c in places)
    ]


def flee_and_strike(state: HistoricalState, player: int, land: str, source: str, who: str) -> None:
    """The struck player's answer: ``who`` flees (``""``: nobody), then the strike lands."""
    found = state.column_of_land(land)
    if found is None:
        return
    col = found[1]
    if who:
        goal = next(
            (c for c in refuges(state, player, col) if can_stand(state, c, state.card(who))), None
        )
        if goal is not None:
            relocate(state, who, goal.land, "fled the disaster")
    effect = next(e for e in state.effects_of(source) if e.kind == "destroy_land")
    finish_strike(state, player, col, source, effect)


def finish_strike(
    state: HistoricalState, player: int, col: Column, source: str, effect: Effect
) -> None:
    weapon = card_name(source)
    for k in list(col.cards):
        remove(state, k, death=True, why=f"destroyed by {weapon}")
    if effect.discard_land:
        remove_land(state, player, col, f"destroyed by {weapon}")
    else:
        # counted down at the start of each of the holder's turns: the land stays closed
        # for as many of its holder's turns as the striker's turns the card names, and
        # opens once the striker's last one has come ("until your third turn from now")
        col.locked = max(col.locked, int(effect.lock_turns) + 1)


def standing_land(state: HistoricalState, card: Card, player: int) -> list[Column]:
    return [c for c in state.rows[player] if can_stand(state, c, card)]


# --- checks the moves and battles ask: round one, spies, planted cards, attack blocks ---
def interacts(state: HistoricalState, key: str, moment: str) -> bool:
    """Does the ability reach into another civilisation (barred in round one)?"""
    for effect in state.effects_of(key):
        if effect.when != moment:
            continue
        kind = effect.kind
        if kind in INTERACTING:
            return True
        if kind == "block_attacks" and effect.scope == "target":
            return True
        if kind == "discover_land" and effect.source == "opponent":
            return True
    return False


def spies_forbidden(state: HistoricalState, player: int, card: Card) -> bool:
    if "spy" not in card.subtype:
        return False
    return any(
        e.kind == "forbid_spies"
        for q in state.opponents(player)
        for key, _col in state.in_play_sources(q)
        for e in state.effects_of(key)
    )


def planted(state: HistoricalState, key: str, player: int) -> bool:
    """A card an opponent planted in ``player``'s land (Rasputin)."""
    return state.owner(key) != player and state.game.key_cards[key].plants


def attack_blocked_from(state: HistoricalState, player: int, col: Column) -> str:
    """The card that stops ``col`` attacking (its key), or "" when none does."""
    for timer in state.timers:
        if (
            timer["kind"] == "block"
            and timer["blocks"] in ("attacks_by", "both")
            and timer["scope"] == "target"
            and timer["player"] == player
        ):
            return str(timer["source"])
    for key in [col.land, *col.cards]:
        for effect in state.effects_of(key):
            if (
                effect.kind == "block_attacks"
                and effect.when == "constant"
                and effect.blocks in ("attacks_by", "both")
                and effect.scope == "land"
                and cond(state, effect.condition, Ctx(player, key, col))
            ):
                return key
    return ""


def attack_blocked_on(
    state: HistoricalState, player: int, col: Column, defender: int, target: Column
) -> str:
    """The card that stops this attack on ``target`` (its key), or "" when none does."""
    land = state.card(target.land)
    for timer in state.timers:
        if timer["kind"] != "block" or timer["blocks"] not in ("attacks_on", "both"):
            continue
        scope = timer["scope"]
        hit = (
            (scope == "own_land" and timer["land"] == target.land)
            or (scope == "player" and timer["player"] == defender)
            or (scope == "continent" and land.continent == timer["continent"])
        )
        if hit and cond(
            state, timer.get("if"), Ctx(defender, timer["source"], target, attack_col=col)
        ):
            return str(timer["source"])
    for key in [target.land, *target.cards]:
        for effect in state.effects_of(key):
            kind = effect.kind
            if kind == "guarded":
                needs = effect.needs
                has = any(matches(state.card(k), needs) for k in col.cards) or any(
                    matches(state.card(k), needs) for k in state.active[player]
                )
                if not has:
                    return key
            if (
                kind == "block_attacks"
                and effect.when == "constant"
                and effect.blocks
                in (
                    "attacks_on",
                    "both",
                )
                and effect.scope == "land"
            ):
                return key
    for key, where in state.in_play_sources(defender):
        for effect in state.effects_of(key):
            if (
                effect.kind == "block_attacks"
                and effect.when == "constant"
                and effect.scope == "player"
                and effect.blocks == "attacks_on"
                and cond(state, effect.condition, Ctx(defender, key, where, attack_col=col))
            ):
                return key
    return ""


def call_off_attack(state: HistoricalState) -> None:
    """A block played during an attack window stops that attack if it covers it."""
    battle = state.battle
    if battle is None or battle.cancelled:
        return
    found_a = state.column_of_land(battle.attack_land)
    found_d = state.column_of_land(battle.defence_land)
    if found_a is None or found_d is None:
        return
    blocker = attack_blocked_on(
        state, battle.attacker, found_a[1], battle.defender, found_d[1]
    ) or attack_blocked_from(state, battle.attacker, found_a[1])
    if blocker:
        state.battle = replace(battle, cancelled=True)
        # who attacked what, and the card that stopped it (a bare "The attack is called
        # off." beside the interrupt left the student to guess what had happened)
        state.log(
            battle.defender,
            "block",
            f"{state.player_name(battle.attacker)}'s attack on "
            f"{card_name(battle.defence_land)} was stopped: {card_name(blocker)} blocks "
            "it, so the attack is called off.",
        )


def answer_with_cancel(state: HistoricalState, player: int, effect: Effect, by: str = "") -> None:
    """An interrupt (the card named ``by``) that cancels or turns back the card
    ``player`` is answering; the log says what it stopped."""
    for frame in reversed(state.pending):
        if isinstance(frame, PendingWindow) and frame.player == player and frame.why == "target":
            for fx in state.pending:
                if isinstance(fx, PendingEffects) and fx.id == frame.answers:
                    outcome = "turned back" if effect.mode == "reverse" else "cancelled"
                    if effect.what == "morale_loss":
                        fx.cancel_morale.append(player)
                    elif effect.mode == "reverse":
                        fx.reverse.append(player)
                    else:
                        fx.cancel.append(player)
                    who = state.player_name(player)
                    with_card = f" with {by}" if by else ""
                    stopped = (
                        f", which cancels the morale it would cost: {who} loses none"
                        if effect.what == "morale_loss"
                        else f": its effect on {who} is {outcome}"
                    )
                    state.log(
                        player, "cancel", f"{who} answers {card_name(fx.card)}{with_card}{stopped}."
                    )
                    return


# --- discovery -------------------------------------------------------------------------
def push_discovery(
    state: HistoricalState,
    player: int,
    source: int,
    key: str,
    *,
    place: str,
    escort: bool,
    discard_self: bool,
    choose: bool,
) -> None:
    frame: Frame
    if choose and state.piles[source]:
        frame = PendingPick(
            player=player,
            purpose="land to discover",
            options=list(state.piles[source]),
            pile=source,
            why="discover",
            card=key,
            place=place,
            escort=escort,
            discard_self=discard_self,
        )
    else:
        frame = PendingLand(
            player=player,
            pile=source,
            why="discover",
            card=key,
            place=place,
            escort=escort,
            discard_self=discard_self,
        )
    state.pending.append(frame)
