"""For teaching: exact odds of whole battles and research rolls, as Fractions, the
printable odds table, and the positions the lessons open at.

Battles use :mod:`.battle`, whose :func:`~.battle.round_winner` the rules call for
every round, and research levels :func:`.turn.research_level_up`, the rule the
research dice apply, so these numbers are the rules' own numbers.
:func:`teaching_setups` names the lesson positions (``ClassicalGame.teaching_setups``);
:func:`set_pool`, :func:`set_armies`, :func:`set_fleets`, :func:`set_settlement` and
:func:`set_trait_level` edit a position by hand for a what-if, and the state then works
its legal actions out afresh.

>>> from fractions import Fraction
>>> round_chance(0, 0)          # equal levels: the attacker must roll higher
Fraction(7, 16)
>>> attacker_wins(1, 1) == round_chance(0, 0)
True
>>> research_points_distribution(1)[1]
Fraction(1, 12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hcgames.classical.actions import EndPhase, Move, PlaceCity
from hcgames.classical.battle import (
    attacker_wins,
    battle_distribution,
    round_win_chance,
    round_winner,
)
from hcgames.classical.material import (
    TRAITS,
    Civilization,
    TableRow,
    Territory,
    load_material,
)
from hcgames.classical.turn import research_level_up
from hcgames.dice import combine, die, map_outcomes
from hcgames.play import resolve_all_chance
from hcgames.words import plural

if TYPE_CHECKING:
    from hcgames.classical.game import ClassicalGame
    from hcgames.classical.state import ClassicalState

__all__ = [
    "age_of",
    "attacker_wins",
    "battle_distribution",
    "battle_in_etruria",
    "battle_under_way",
    "first_turn",
    "first_turn_of",
    "homeland",
    "homeland_tooltip",
    "hungry_romans",
    "levels_gained_distribution",
    "move_attack_odds",
    "odds_table",
    "path_between",
    "research_points_distribution",
    "resource_roll_rows",
    "round_chance",
    "set_armies",
    "set_fleets",
    "set_pool",
    "set_settlement",
    "set_trait_level",
    "settle_phase",
    "settle_with",
    "teaching_setups",
    "traits_of",
]


def round_chance(attacker_level: int, defender_level: int) -> Fraction:
    """Chance that the attacker wins one round (both roll a d8 and add their level)."""
    return round_win_chance(attacker_level, defender_level)


def move_attack_odds(state: ClassicalState, move: Move) -> Fraction | None:
    """The chance that the army or fleet of ``move`` wins the battle it starts, if that
    battle were fought with the units now there (more may arrive before the battle
    phase). ``None`` when the move starts no battle or several peoples defend."""
    m = state.game.material
    t = m.index.get(move.to)
    if t is None:
        return None
    p = state.player
    land = m.territories[t].land
    units = state.armies if land else state.fleets
    trait = "military" if land else "nautical"
    enemies = [q for q in range(len(state.civs)) if q != p and units[q][t]]
    if len(enemies) > 1:
        return None
    holder = state.owner[t] if land else -1
    if not enemies and holder in (-1, p):
        return None  # nobody to fight
    defender = enemies[0] if enemies else holder
    settlement = None
    if land and holder == defender and holder != -1:  # as the battle phase counts it
        settlement = "city" if state.level[t] == 2 else "village"
    return attacker_wins(
        units[p][t] + 1,
        units[defender][t],
        state.level_of(p, trait),
        state.level_of(defender, trait),
        settlement,
    )


def research_points_distribution(rolls: int, trait: str = "arts") -> dict[int, Fraction]:
    """How many of ``rolls`` research rolls land on ``trait``: ``{points: chance}``.

    Built face by face from the d12 research table in the data.
    """
    m = load_material()
    if trait not in TRAITS:
        raise ValueError(f"unknown trait {trait!r}")
    one_roll = map_outcomes(die(m.research_die), lambda f: int(m.research_table[f - 1] == trait))
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(rolls):
        dist = combine(dist, one_roll, lambda a, b: cast(int, a) + cast(int, b))
    return dict(sorted(dist.items()))


def levels_gained_distribution(
    rolls: int, level: int = 0, points: int = 0, trait: str = "arts"
) -> dict[int, Fraction]:
    """Levels a trait gains from ``rolls`` rolls, starting at ``level`` with ``points``.

    A level n needs n + 1 points, after which points restart at zero
    (:func:`.turn.research_level_up`).
    """
    out: dict[int, Fraction] = {}
    for got, p in research_points_distribution(rolls, trait).items():
        lvl, _ = research_level_up(level, points + got)
        out[lvl - level] = out.get(lvl - level, Fraction(0)) + p
    return out


def odds_table() -> str:
    """The printable odds table of ``python -m hcgames odds classical-conquests``."""
    lines = [
        "Classical Conquests: battle odds (exact, d8 + level each round, ties to the defender)",
        "",
        "One round: attacker's chance by level difference",
    ]
    lines.append(
        "  "
        + "  ".join(
            f"{d:+d}: {float(round_chance(max(d, 0), max(-d, 0))):.3f}" for d in range(-3, 4)
        )
    )
    lines += [
        "",
        "Whole battle, equal levels: attacker's chance to win",
        "  attackers \\ defenders " + "".join(f"{d:>7}" for d in range(1, 6)),
    ]
    for a in range(1, 6):
        row = "".join(f"{float(attacker_wins(a, d)):7.3f}" for d in range(1, 6))
        lines.append(f"  {a:>22}{row}")
    lines += [
        "",
        "Taking an undefended settlement (equal Military levels)",
        "  attackers   village   city",
    ]
    for a in range(1, 6):
        lines.append(
            f"  {a:>9}   {float(attacker_wins(a, 0, settlement='village')):7.3f}"
            f"  {float(attacker_wins(a, 0, settlement='city')):5.3f}"
        )
    lines += ["", "Research: chance that 1-6 rolls give at least one point in a chosen trait"]
    lines.append(
        "  "
        + "  ".join(
            f"{n}: {float(1 - research_points_distribution(n)[0]):.3f}" for n in range(1, 7)
        )
    )
    return "\n".join(lines)


# --- the map ------------------------------------------------------------------------------


def resource_roll_rows(rows: Sequence[TableRow], die: int) -> list[dict[str, str]]:
    """A resource table as rows for :func:`hcgames.widgets.table`: the roll, the resource,
    the category it counts as and its chance on a ``die``-sided die."""
    names = load_material().category_names
    lines = []
    for row in rows:
        faces = row.high - row.low + 1
        lines.append(
            {
                "roll": str(row.low) if faces == 1 else f"{row.low} to {row.high}",
                "resource": row.name,
                "counts as": names[row.category] if row.category else "nothing",
                "chance": f"{faces} in {die}",
            }
        )
    return lines


def path_between(start: str | int, target: str | int) -> list[str]:
    """The names of the territories along a shortest chain from ``start`` to ``target``
    (territory ids or indexes), over land and sea, both ends included."""
    material = load_material()
    first, last = (
        where if isinstance(where, int) else material.index[where] for where in (start, target)
    )
    previous: dict[int, int | None] = {first: None}
    queue = [first]
    for here in queue:
        for there in material.territories[here].neighbours:
            if there not in previous:
                previous[there] = here
                queue.append(there)
    path: list[str] = []
    step: int | None = last
    while step is not None:
        path.append(material.territories[step].name)
        step = previous[step]
    return list(reversed(path))


# --- the twelve peoples -------------------------------------------------------------------


def traits_of(civ: Civilization) -> str:
    """A people's starting traits by name: "Military + Engineering"."""
    names = load_material().trait_names
    return " + ".join(names[trait] for trait, _ in civ.traits)


def homeland(civ: Civilization) -> str:
    """The name of the territory a people starts in."""
    material = load_material()
    return material.territories[material.index[civ.home]].name


def age_of(civ: Civilization) -> str:
    """The age a people's story begins in, for a timeline's colours."""
    if civ.start < -1200:
        return "Bronze Age"
    if civ.start < 0:
        return "Iron Age and classical"
    return "Late antiquity"


def homeland_tooltip(territory: Territory) -> str:
    """The hover as a plain sentence: "Latium, homeland of the Romans, is a land that is
    today central Italy." (it read like a data field: "Latium, land; today ...")."""
    home_of = {civ.home: civ.name for civ in load_material().civilizations}
    name = territory.name
    if territory.id in home_of:
        name += f", homeland of the {home_of[territory.id]},"
    kind = "a land" if territory.land else "a sea"
    return f"{name} is {kind} that is today {territory.today}."


# --- editing a position by hand ----------------------------------------------------------


def _edited(state: ClassicalState) -> ClassicalState:
    # the legal actions were worked out for the position before the edit
    state._legal_cache = None
    return state


def set_pool(state: ClassicalState, **resources: int) -> ClassicalState:
    """The resources in hand become exactly ``resources`` (``food=3, gold=1``); any
    category not named is emptied."""
    unknown = set(resources) - set(state.pool)
    if unknown:
        raise ValueError(f"no resource called {', '.join(sorted(unknown))}")
    state.pool = {category: resources.get(category, 0) for category in state.pool}
    return _edited(state)


def set_armies(state: ClassicalState, player: int, territory: str, count: int) -> ClassicalState:
    """``player`` has ``count`` armies in ``territory`` (a territory id, ``"latium"``)."""
    state.armies[player][state.game.material.index[territory]] = count
    return _edited(state)


def set_fleets(state: ClassicalState, player: int, sea: str, count: int) -> ClassicalState:
    """``player`` has ``count`` fleets in ``sea`` (a territory id, ``"mare_tyrrhenum"``)."""
    state.fleets[player][state.game.material.index[sea]] = count
    return _edited(state)


def set_settlement(
    state: ClassicalState, territory: str, owner: int, level: int, monuments: int = 0
) -> ClassicalState:
    """``owner`` holds a village (``level`` 1) or a city (2) with ``monuments`` in
    ``territory``."""
    where = state.game.material.index[territory]
    state.owner[where], state.level[where], state.monuments[where] = owner, level, monuments
    return _edited(state)


def set_trait_level(state: ClassicalState, player: int, trait: str, level: int) -> ClassicalState:
    """``player`` stands at ``level`` on the research chart for ``trait`` (``"military"``)."""
    state.levels[player][TRAITS.index(trait)] = level
    return _edited(state)


# --- the positions the lessons open at -------------------------------------------------


def first_turn(game: ClassicalGame, seed: int = 3) -> ClassicalState:
    """The map rolled from ``seed``, the first player's city in Latium and the second's
    in Lower Egypt (the places of the Romans and Egyptians of the lessons): the
    produce phase of round 1 has just been played."""
    state = game.new_game(seed=seed)
    resolve_all_chance(state, random.Random(seed))
    for home in ("latium", "aegyptus_inferior"):
        state.apply(PlaceCity(home))
        if state.phase != "first cities":
            break
    while state.phase == "first cities":  # more players: the first free sites
        state.apply(state.legal_actions()[0])
    return state


def first_turn_of(people: str, neighbour: str = "Egyptians", seed: int = 3) -> ClassicalState:
    """:func:`first_turn` of a two-player game: ``people`` (a civilization's name) with
    its city in Latium against ``neighbour`` in Lower Egypt (the Romans if both are the
    same), on the map rolled from ``seed``."""
    from hcgames import load  # the game's module imports this one: load it when called

    if people == neighbour:
        neighbour = "Romans"
    game = load("classical-conquests", players=2, civilizations=[people, neighbour])
    return first_turn(cast("ClassicalGame", game), seed)


def settle_phase(game: ClassicalGame, seed: int = 3) -> ClassicalState:
    """:func:`first_turn` played on to the first player's settle phase."""
    state = first_turn(game, seed)
    while state.phase != "settle":
        if state.paying is not None:
            state.apply(state.legal_actions()[-1])
        else:
            state.apply(EndPhase(state.phase))
    return state


def battle_in_etruria(
    game: ClassicalGame, attackers: int = 3, defenders: int = 2, seed: int = 0
) -> ClassicalState:
    """The battle lesson's position: ``attackers`` armies of the first player in Latium
    face ``defenders`` armies of the second in Etruria next door, with food to feed
    them (the move phase comes after upkeep)."""
    state = first_turn(game, seed)
    state.pool["food"] = 20
    set_armies(state, 0, "latium", attackers)
    return set_armies(state, 1, "etruria", defenders)


def battle_under_way(
    game: ClassicalGame,
    attackers: int = 3,
    defenders: int = 2,
    settlement: int = 0,
    attack_level: int = 0,
    defend_level: int = 0,
    seed: int = 0,
) -> ClassicalState:
    """:func:`battle_in_etruria` with the battle begun: the defender holds a village
    (``settlement`` 1) or a city (2) in Etruria if asked, the two sides stand at the
    military levels given, and every attacking army has marched in; the first round's
    dice come next."""
    state = battle_in_etruria(game, attackers, defenders, seed)
    if settlement:
        set_settlement(state, "etruria", 1, settlement)
    set_trait_level(state, 0, "military", attack_level)
    set_trait_level(state, 1, "military", defend_level)
    while state.phase != "move":
        state.apply(EndPhase(state.phase))
    for _ in range(attackers):
        state.apply(Move("army", "latium", "etruria"))
    state.apply(EndPhase("move"))
    return state


def hungry_romans(seed: int = 11) -> ClassicalState:
    """Lesson 21's famine: the Romans' first turn with two cities (Etruria a city with a
    monument), three armies in Latium, a fleet, and only 3 food and 1 gold in hand at
    the end of the produce phase."""
    state = first_turn_of("Romans", seed=seed)
    set_settlement(state, "etruria", 0, 2, monuments=1)
    set_armies(state, 0, "latium", 3)
    set_fleets(state, 0, "mare_tyrrhenum", 1)
    return set_pool(state, food=3, gold=1)


def settle_with(seed: int = 3, **resources: int) -> ClassicalState:
    """Lesson 21's payment: the Romans (against the Egyptians) in their settle phase of
    round 1 on the map of ``seed``, with exactly ``resources`` in hand."""
    state = first_turn_of("Romans", seed=seed)
    while state.phase != "settle":
        state.apply(EndPhase(state.phase))
    return set_pool(state, **resources)


def teaching_setups() -> dict[str, Callable[..., ClassicalState]]:
    """``{name: function(game, ...) -> a new state}`` for the lessons."""
    return {
        "first turn": first_turn,
        "settle phase": settle_phase,
        "battle in Etruria": battle_in_etruria,
    }


# --- research rolls and resources in words ---------------------------------------------


def in_hand(pool: dict[str, int]) -> str:
    """Resources in hand in words: "3 food, 1 gold", or "nothing"."""
    names = load_material().category_names
    return ", ".join(f"{n} {names[c].lower()}" for c, n in pool.items() if n) or "nothing"


def levels_gained_text(rolls: Sequence[int] = (1, 6, 12, 24), trait: str = "arts") -> str:
    """The chance of each number of levels gained from level 0 in ``trait``, one line per
    number of rolls."""
    lines = []
    for n in rolls:
        dist = levels_gained_distribution(n, level=0, trait=trait)
        shown = ", ".join(
            f"{plural(gain, 'level')}: {float(p):.3f}" for gain, p in sorted(dist.items())
        )
        lines.append(f"{plural(n, 'roll'):>8} -> {shown}")
    return "\n".join(lines)


def extra_roll_prices(most: int = 5) -> list[dict[str, int]]:
    """What 1 to ``most`` extra research rolls in one turn cost in all (1 + 2 + ...)."""
    return [
        {"extra rolls in one turn": extra, "resources in all": extra * (extra + 1) // 2}
        for extra in range(1, most + 1)
    ]


def science_to_two(rolls: int) -> Fraction:
    """The chance that ``rolls`` research rolls take Science from 0 to level 2 or more."""
    dist = levels_gained_distribution(rolls, level=0, trait="science")
    return sum((p for gain, p in dist.items() if gain >= 2), Fraction(0))


def buying_rolls_text(rolls: Sequence[int] = (6, 12, 24, 36, 48)) -> str:
    """:func:`extra_roll_prices` and :func:`science_to_two` as lines of text."""
    lines = []
    for row in extra_roll_prices():
        extra, total = row["extra rolls in one turn"], row["resources in all"]
        lines.append(
            f"{extra} extra roll{'s' if extra > 1 else ''} cost {total} "
            f"resource{'s' if total > 1 else ''} in all"
        )
    lines += [f"{n:>2} rolls: {float(science_to_two(n)):.3f}" for n in rolls]
    return "\n".join(lines)


# --- lesson 22: battles by the numbers ------------------------------------------------------


def round_grid(attacker_level: int = 0, defender_level: int = 0) -> list[list[bool]]:
    """The 64 pairs of dice of one battle round: ``grid[a - 1][d - 1]`` is True when the
    attacker, rolling ``a``, beats the defender rolling ``d`` (the rules' own function)."""
    return [
        [round_winner(a, d, attacker_level, defender_level) == "attacker" for d in range(1, 9)]
        for a in range(1, 9)
    ]


def round_grid_text() -> str:
    """The grid of :func:`round_grid` at equal levels as text (A: attacker, d: defender)."""
    lines = ["attacker die down, defender die across", "    " + " ".join(map(str, range(1, 9)))]
    wins = 0
    for a, row in enumerate(round_grid(), 1):
        cells = ["A" if won else "d" for won in row]
        wins += cells.count("A")
        lines.append(f" {a}  " + " ".join(cells))
    lines.append(
        f"attacker wins {wins} of 64 = {Fraction(wins, 64)}; the tie rule gives the defender "
        "8 extra pairs"
    )
    return "\n".join(lines)


def level_difference_rows() -> list[dict[str, str]]:
    """The chance to win one round for each difference of levels from -3 to +3."""
    rows = []
    for diff in range(-3, 4):
        p = round_chance(max(diff, 0), max(-diff, 0))
        rows.append(
            {
                "level difference": f"{diff:+d}",
                "attacker wins a round": f"{p}",
                "as a percentage": f"{float(p):.0%}",
            }
        )
    return rows


def level_difference_text() -> str:
    """:func:`level_difference_rows` as lines of text, to three decimals."""
    return "\n".join(
        f"level difference {diff:+d}: attacker wins a round with {p} = {float(p):.3f}"
        for diff in range(-3, 4)
        for p in [round_chance(max(diff, 0), max(-diff, 0))]
    )


def battle_table_rows(most: int = 6) -> list[dict[str, str]]:
    """The chance that 1 to ``most`` attacking armies beat 1 to ``most`` defenders (equal
    levels), one row per number of attackers."""
    rows = []
    for a in range(1, most + 1):
        row = {"attackers": f"{a} attack"}
        row.update({f"{d} defend": f"{float(attacker_wins(a, d)):.0%}" for d in range(1, most + 1)})
        rows.append(row)
    return rows


def capture_rows(most: int = 5, exact: bool = False) -> list[dict[str, object]]:
    """The chance that 1 to ``most`` armies capture an empty village, an empty city and a
    city with 2 armies (equal levels): percentages, or numbers to three decimals if
    ``exact``."""

    def shown(p: Fraction) -> object:
        return round(float(p), 3) if exact else f"{float(p):.0%}"

    return [
        {
            ("attackers" if exact else "attacking armies"): attackers,
            "empty village": shown(attacker_wins(attackers, 0, settlement="village")),
            "empty city": shown(attacker_wins(attackers, 0, settlement="city")),
            "city + 2 armies": shown(attacker_wins(attackers, 2, settlement="city")),
        }
        for attackers in range(1, most + 1)
    ]


def battle_result_label(attackers_left: int, defenders_left: int) -> str:
    """How a battle ended, as the lesson's bars name it: "A wins, 2 left"."""
    if attackers_left:
        return f"A wins, {attackers_left} left"
    return f"D wins, {defenders_left} left"


def battle_results(attackers: int, defenders: int) -> dict[str, Fraction]:
    """The exact chance of each end of a battle (equal levels), by :func:`battle_result_label`."""
    exact: dict[str, Fraction] = {}
    for (a, d, _), p in battle_distribution(attackers, defenders).items():
        label = battle_result_label(a, d)
        exact[label] = exact.get(label, Fraction(0)) + p
    return exact


def capture_results(attackers: int, defenders: int, attack_level: int = 0) -> dict[str, Fraction]:
    """The exact chance that ``attackers`` armies at Military ``attack_level`` capture a
    city held by ``defenders`` armies: "city captured" or "attack fails"."""
    exact: dict[str, Fraction] = {}
    for (a, _, _), p in battle_distribution(attackers, defenders, attack_level, 0, "city").items():
        key = "city captured" if a else "attack fails"
        exact[key] = exact.get(key, Fraction(0)) + p
    return exact


def results_text(exact: dict[str, Fraction], width: int) -> str:
    """Outcomes with their exact chances, one a line: "A wins, 1 left   13/64  (0.203)"."""
    return "\n".join(
        f"{outcome:<{width}} {p}  ({float(p):.3f})" for outcome, p in sorted(exact.items())
    )


def sea_battle_odds(
    ships: int, level: int, enemy_ships: int, enemy_level: int
) -> tuple[Fraction, Fraction]:
    """The chance that the first fleet wins if it attacks, and that the second wins if it
    attacks (Nautical levels given)."""
    return (
        attacker_wins(ships, enemy_ships, attacker_level=level, defender_level=enemy_level),
        attacker_wins(enemy_ships, ships, attacker_level=enemy_level, defender_level=level),
    )
