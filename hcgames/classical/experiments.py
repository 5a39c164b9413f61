"""Lesson experiments for Classical Conquests: positions played on by the rules and the
bots, and what the game says as they go.

Lesson 20 rolls the map, tries first cities and plays a head start; lesson 21 starves
a people, pays a village two ways and measures starting traits over many games;
lesson 24 runs a tournament of planners. Every function plays the real rules
(:mod:`.state`, :mod:`.bots`); the positions come from :mod:`.teach`.

>>> from hcgames.classical.experiments import pay_with
>>> pay_with("stone")[-1]
'In the recruit phase the Romans can still build a fleet (Mare Tyrrhenum or Mare Adriaticum).'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hcgames.bots import RandomBot
from hcgames.classical.actions import EndPhase, Pay, PlaceCity, Recruit, Settle, Starve
from hcgames.classical.bots import PlannerBot
from hcgames.classical.material import TRAITS, load_material
from hcgames.classical.moves import city_sites
from hcgames.classical.teach import (
    battle_result_label,
    first_turn_of,
    hungry_romans,
    in_hand,
    path_between,
    sea_battle_odds,
    set_fleets,
    settle_with,
    traits_of,
)
from hcgames.classical.views import region_views as views
from hcgames.classical.words import count
from hcgames.core import IllegalAction
from hcgames.play import Bot, playout, resolve_all_chance, resolve_chance
from hcgames.words import join

if TYPE_CHECKING:
    from hcgames.classical.game import ClassicalGame
    from hcgames.classical.state import ClassicalState


# --- lesson 20: rolling the map, first cities, one turn phase by phase ---------------------


def roll_the_map(game: ClassicalGame, dice: int = 3, deal: int = 3) -> ClassicalState:
    """A new game of ``game`` (set up from ``deal``) whose 58 resources are rolled with
    the dice numbered ``dice``: the same number always rolls the same map. The game
    stops before the first city is founded."""
    state = game.new_game(seed=deal)
    rng = random.Random(dice)
    while state.phase == "resource rolls":
        resolve_chance(state, rng)
    return state


def resource_counts(state: ClassicalState) -> list[dict[str, object]]:
    """How many territories came up with each resource, land table first, as rows."""
    material = state.game.material
    counts = Counter(state.resource)
    return [
        {"resource": row.name, "territories": counts[row.resource]}
        for row in material.land_table + material.sea_table
    ]


def first_roll_report(game: ClassicalGame) -> str:
    """The game, the chance step of its first territory and what the lesson's map rolled."""
    fresh = game.new_game(seed=3)
    lines = [game.describe(), fresh.phase]
    lines += [f"  {outcome}  (probability {p})" for outcome, p in fresh.chance_outcomes()]
    counts = Counter(roll_the_map(game).resource)
    lines += [f"{resource:>7}: {n}" for resource, n in sorted(counts.items())]
    return "\n".join(lines)


def romans_in_latium(game: ClassicalGame) -> ClassicalState:
    """The lesson's map with the Romans' first city in Latium: the Egyptians choose next."""
    state = roll_the_map(game)
    state.apply(PlaceCity("latium"))
    return state


def city_site_verdict(state: ClassicalState, territory: str | int) -> tuple[bool, str]:
    """Whether the next first city may stand in ``territory``, and why in a sentence that
    names the chain of steps from Latium."""
    material = state.game.material
    target = material.territories[
        territory if isinstance(territory, int) else material.index[territory]
    ]
    path = path_between("latium", target.index)
    steps = len(path) - 1
    chain = " → ".join(path)
    sites = {a.territory for a in state.legal_actions() if isinstance(a, PlaceCity)}
    if target.id in sites:
        return True, f"{target.name} is {steps} steps from Latium ({chain}): far enough."
    return False, (
        f"{target.name} is only {steps} {'step' if steps == 1 else 'steps'} from Latium "
        f"({chain}). A first city needs at least 3."
    )


def spacing_example(game: ClassicalGame) -> str:
    """The book's spacing example on the lesson's map: Sicilia is refused two steps from
    Latium, Lower Egypt is allowed."""
    probe = romans_in_latium(game)
    lines = [f"{len(city_sites(probe))} land territories are still allowed"]
    try:
        probe.apply(PlaceCity("sicilia"))
    except IllegalAction as refusal:
        lines.append(f"Refused: {refusal}")
    lines.append(" - ".join(path_between("latium", "sicilia")))
    probe.apply(PlaceCity("aegyptus_inferior"))
    lines.append(probe.describe())
    return "\n".join(lines)


def head_start(game: ClassicalGame, rounds: int = 4) -> tuple[ClassicalState, list[PlannerBot]]:
    """The lesson's map, Romans in Latium and Egyptians in Lower Egypt, played by two
    planners up to the start of round ``rounds``; returns the position and the planners
    (they play on from there)."""
    state = game.new_game(seed=3)
    rng = random.Random(3)
    while state.phase == "resource rolls":
        resolve_chance(state, rng)
    state.apply(PlaceCity("latium"))
    state.apply(PlaceCity("aegyptus_inferior"))
    bots = [PlannerBot(seed=1), PlannerBot(seed=2)]
    while state.round < rounds:
        if state.is_chance():
            resolve_chance(state, rng)
        else:
            state.apply(bots[state.current_player].choose(state))
    return state, bots


def turn_eve(state: ClassicalState) -> ClassicalState | None:
    """The position a moment before ``state``'s turn began: the turn before, with only
    its end left to play. A turn's resources are produced by themselves as it begins,
    so a page that plays a turn phase by phase opens here, before anything is produced.
    ``None`` when ``state`` is not at the start of a turn."""
    if state.phase != "produce" or not state.history:
        return None
    eve = cast("ClassicalState", state.game.replay(state.history[:-1], state.seed))
    return eve if eve.phase == "score" and eve.round <= state.round else None


def head_start_summary(state: ClassicalState) -> str:
    """A sentence (Markdown) on the first player's cities, villages, monuments and the
    score at the start of the round."""
    player = state.player
    villages = sum(1 for t, o in enumerate(state.owner) if o == player and state.level[t] == 1)
    return (
        f"**Round {state.round} is about to begin:** the game below stands at the very end "
        f"of round {state.round - 1}, and its first press plays the first phase of round "
        f"{state.round}. The {state.player_name(player)} hold "
        f"{count(len(state.cities_of(player)), 'city')}, {count(villages, 'village')} and "
        f"{count(state.monuments_of(player), 'monument')}. Victory points so far: "
        + ", ".join(f"{state.player_name(p)} {vp}" for p, vp in enumerate(state.vp))
        + "."
    )


def phase_start(state: ClassicalState) -> int:
    """The index in ``state.events`` where the current phase began (what the phase did by
    itself when it started included)."""
    first = len(state.events)
    while (
        first
        and state.events[first - 1].phase == state.phase
        and state.events[first - 1].round == state.round
    ):
        first -= 1
    return first


def phase_events(state: ClassicalState, phase: str, first: int) -> list[str]:
    """The sentences of the events of ``phase`` from ``state.events[first]`` on."""
    return [event.text for event in state.events[first:] if event.phase == phase]


def token_reduction_rows(state: ClassicalState) -> list[dict[str, str]]:
    """Every territory with pieces, as the ordinary pieces and as token reduction draws
    them (the same position replayed in a game with token reduction)."""
    from hcgames import load  # the game's module imports this one: load it when called

    game = state.game
    reduced_game = load(
        "classical-conquests",
        players=len(state.vp),
        civilizations=[state.player_name(p) for p in range(len(state.vp))],
        token_reduction=True,
    )
    reduced = reduced_game.replay(state.history, seed=3)
    if reduced.snapshot() != state.snapshot():
        raise ValueError("token reduction changed the position")
    full, small = views(state), views(cast("ClassicalState", reduced))
    if any(bool(full[t]["label"]) != bool(small[t]["label"]) for t in full):
        raise ValueError("token reduction shows pieces in other places")
    return [
        {
            "territory": t.name,
            "ordinary pieces": _pieces_words(state, t.index, reduced=False),
            "with token reduction": _pieces_words(state, t.index, reduced=True),
        }
        for t in game.material.territories
        if full[t.id]["label"]
    ]


def _pieces_words(state: ClassicalState, t: int, reduced: bool) -> str:
    """What stands on territory ``t``, side by side, in words: "Romans: a city,
    1 monument and 2 armies", or as the token-reduction set draws it: "Romans:
    2 settlement tokens and 2 unit tokens"."""
    said: list[str] = []
    for q in range(len(state.vp)):
        level = state.level[t] if state.owner[t] == q else 0
        monuments = state.monuments[t] if level else 0
        armies, fleets = state.armies[q][t], state.fleets[q][t]
        parts: list[str] = []
        if reduced:
            tokens = level + (monuments if level == 2 else 0)
            if tokens:
                parts.append(count(tokens, "settlement token"))
            if level == 1 and monuments:  # a village that kept its monuments
                parts.append(count(monuments, "monument"))
            if armies + fleets:
                parts.append(count(armies + fleets, "unit token"))
        else:
            if level:
                parts.append("a city" if level == 2 else "a village")
            if monuments:
                parts.append(count(monuments, "monument"))
            parts += [count(n, w) for n, w in ((armies, "army"), (fleets, "fleet")) if n]
        if parts:
            said.append(f"{state.player_name(q)}: {join(parts)}")
    return "; ".join(said)


def token_reduction_text(state: ClassicalState) -> str:
    """:func:`token_reduction_rows` as lines of text."""
    return "\n".join(
        f"{row['territory']}: {row['ordinary pieces']}. "
        f"With token reduction: {row['with token reduction']}."
        for row in token_reduction_rows(state)
    )


# --- lesson 21: production, hunger, payment, research, an experiment -----------------------


def starting_pools(seed: int = 11) -> list[dict[str, object]]:
    """What each of the twelve peoples holds at the start of its first turn on the map of
    ``seed`` (city in Latium, neighbour in Lower Egypt): one row per people with its
    traits, its resources by category id and the total."""
    rows: list[dict[str, object]] = []
    for civ in load_material().civilizations:
        pool = first_turn_of(civ.name, seed=seed).pool
        rows.append(
            {"people": civ.name, "traits": traits_of(civ), **pool, "total": sum(pool.values())}
        )
    return rows


def latium_resource(seed: int = 11) -> str:
    """What Latium yields on the map of ``seed``."""
    return str(first_turn_of("Romans", seed=seed).resource[load_material().index["latium"]])


def famine_example() -> str:
    """Lesson 21's famine played one way: the city of Etruria and one army in Latium go
    unfed; what the game says at each step."""
    state = hungry_romans()
    material = state.game.material
    latium, etruria = material.index["latium"], material.index["etruria"]
    lines = [event.text for event in state.apply(EndPhase("produce"))]
    lines.append(f"Choices now: {[str(a) for a in state.legal_actions()]}")
    for action in (Starve("city", "etruria"), Starve("army", "latium")):
        lines += [event.text for event in state.apply(action)]
    lines.append(
        f"Etruria is now level {state.level[etruria]} (1 = village) with "
        f"{state.monuments[etruria]} monument"
    )
    lines.append(f"Armies left in Latium: {state.armies[0][latium]}")
    lines.append(f"Choices now: {[str(a) for a in state.legal_actions()]}")
    lines += [event.text for event in state.apply(EndPhase("upkeep"))]
    left = {k: n for k, n in state.pool.items() if n} or "nothing"
    lines.append(f"Left in hand: {left}")
    return "\n".join(lines)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def holdings(state: ClassicalState, player: int = 0) -> list[dict[str, str]]:
    """What ``player`` holds, place by place: lesson 21 shows the hungry Romans' cities,
    armies and fleet in this table, so an unfed one is seen to shrink or go."""
    rows = []
    for t in state.game.material.territories:
        parts = []
        if state.owner[t.index] == player and state.level[t.index]:
            kind = "a city" if state.level[t.index] == 2 else "a village"
            if state.monuments[t.index]:
                kind += " with " + _count(state.monuments[t.index], "monument", "monuments")
            parts.append(kind)
        if state.armies[player][t.index]:
            parts.append(_count(state.armies[player][t.index], "army", "armies"))
        if state.fleets[player][t.index]:
            parts.append(_count(state.fleets[player][t.index], "fleet", "fleets"))
        if parts:
            rows.append({"where": t.name, "what stands there": ", ".join(parts)})
    return rows


def famine_outcome(state: ClassicalState) -> str:
    """After upkeep in :func:`hungry_romans`: what Etruria and Latium kept, and what is
    left in hand (HTML)."""
    material = state.game.material
    etruria = material.index["etruria"]
    kind = "a city" if state.level[etruria] == 2 else "a village"
    return (
        f"<b>Upkeep is over.</b> Etruria is now {kind} with {state.monuments[etruria]} "
        f"monument; {state.armies[0][material.index['latium']]} armies are left in Latium. "
        f"Left in hand: {in_hand(state.pool)}."
    )


def pay_with(resource: str) -> list[str]:
    """Lesson 21's payment: the Romans settle Etruria and Magna Graecia with 1 food,
    1 wood and 1 stone, paying the second village with ``resource``; what happened and
    what the recruit phase still allows."""
    state = settle_with(food=1, wood=1, stone=1)
    material = state.game.material
    lines = [state.apply(Settle("etruria"))[0].text]
    state.apply(Settle("magna_graecia"))
    lines.append(state.apply(Pay(resource))[0].text)
    while state.phase != "recruit":
        state.apply(EndPhase(state.phase))
    fleets = [a for a in state.legal_actions() if isinstance(a, Recruit)]
    if fleets:
        seas = " or ".join(material.territories[material.index[a.territory]].name for a in fleets)
        lines.append(f"In the recruit phase the Romans can still build a fleet ({seas}).")
    else:
        lines.append(
            "In the recruit phase the Romans can build nothing: no wood is left "
            "for a fleet and no iron for an army."
        )
    return lines


def payment_example() -> str:
    """The payment of :func:`pay_with` step by step, then the end of both ways to pay."""
    demo = settle_with(food=1, wood=1, stone=1)
    lines = [demo.apply(Settle("etruria"))[0].text]
    demo.apply(Settle("magna_graecia"))
    lines.append(f"How to pay the second village: {[str(a) for a in demo.legal_actions()]}")
    lines.append(demo.apply(Pay("stone"))[0].text)
    while demo.phase != "recruit":
        demo.apply(EndPhase(demo.phase))
    recruits = [str(a) for a in demo.legal_actions() if isinstance(a, Recruit)]
    lines.append(f"Recruits possible: {recruits}")
    lines += [f"{resource} -> {pay_with(resource)[-1]}" for resource in ("wood", "stone")]
    return "\n".join(lines)


def average_score(people: str, games: int = 12, rounds: int = 15, arts_bonus: int = 0) -> float:
    """Lesson 21's experiment: the average victory points of ``people`` after ``rounds``
    rounds over ``games`` games between two peaceful planners (the Egyptians opposite, or
    the Romans if ``people`` are the Egyptians), with ``arts_bonus`` extra levels of the
    Arts before play."""
    from hcgames import load  # the game's module imports this one: load it when called

    opponent = "Egyptians" if people != "Egyptians" else "Romans"
    game = load(
        "classical-conquests", players=2, civilizations=[people, opponent], max_turns=rounds
    )
    total = 0
    for seed in range(games):
        state = cast("ClassicalState", game.new_game(seed=seed))
        state.levels[0][TRAITS.index("arts")] += arts_bonus  # the what-if, before play
        bots = [PlannerBot(seed, aggression=0), PlannerBot(seed + 100, aggression=0)]
        playout(state, bots, random.Random(seed))
        total += state.vp[0]
    return total / games


# --- lesson 22: battles played out -------------------------------------------------------


def etruria_battle(position: ClassicalState) -> Callable[[random.Random], str]:
    """A simulator for a battle under way in Etruria (:func:`battle_under_way`): plays its
    dice with the generator given and names the end by :func:`battle_result_label`."""
    etruria = position.game.material.index["etruria"]

    def simulate(rng: random.Random) -> str:
        battle = position.copy()
        while battle.fight is not None:
            resolve_chance(battle, rng)
        return battle_result_label(battle.armies[0][etruria], battle.armies[1][etruria])

    return simulate


def etruria_capture(position: ClassicalState) -> Callable[[random.Random], str]:
    """A simulator for an attack on the city of Etruria: "city captured" or "attack fails"."""
    etruria = position.game.material.index["etruria"]

    def simulate(rng: random.Random) -> str:
        battle = position.copy()
        while battle.fight is not None:
            resolve_chance(battle, rng)
        return "city captured" if battle.owner[etruria] == 0 else "attack fails"

    return simulate


def salamis_position(game: ClassicalGame) -> ClassicalState:
    """Lesson 22's sea: Athenians in Attica with 3 fleets in the Thracian Sea, Persians in
    Persis with 4 in the Aegean (a two-player game of Athenians and Persians)."""
    state = game.new_game(seed=5)
    resolve_all_chance(state, random.Random(5))
    state.apply(PlaceCity("attica"))
    state.apply(PlaceCity("persis"))
    set_fleets(state, 0, "mare_thracium", 3)
    return set_fleets(state, 1, "mare_aegaeum", 4)


def salamis_verdict(ships: int, level: int, enemy_ships: int, enemy_level: int) -> str:
    """One sentence on lesson 22's sea battle as the sliders set it (Athenians first,
    Persians second): who is the favourite whichever side attacks, and what outweighs
    what. It follows the sliders, so it never says what they no longer show."""
    athens, persia = sea_battle_odds(ships, level, enemy_ships, enemy_level)
    half = Fraction(1, 2)
    # a battle ends when one side has no ships left: the defender wins what the attacker loses
    if athens > half and 1 - persia > half:
        return _favourite("Athenians", "Persians", ships, level, enemy_ships, enemy_level)
    if persia > half and 1 - athens > half:
        return _favourite("Persians", "Athenians", enemy_ships, enemy_level, ships, level)
    if athens > half and persia > half:
        return "Whichever side attacks is the favourite."
    if athens < half and persia < half:
        return "Whichever side is attacked is the favourite: here it pays to wait."
    return "The battle is about even."


def _favourite(side: str, other: str, ships: int, level: int, o_ships: int, o_level: int) -> str:
    """ "The Athenians are the favourites whoever attacks: two more levels of Nautical
    outweigh one extra Persian ship." (the second half only when one side has more
    ships and the other more Nautical)"""
    head = f"The {side} are the favourites whoever attacks"
    adjective = other[:-1]  # "Persian", "Athenian"
    if level > o_level and o_ships > ships:
        levels = plural_words(level - o_level, "more level")
        verb = "outweighs" if level - o_level == 1 else "outweigh"
        extra_ships = plural_words(o_ships - ships, f"extra {adjective} ship")
        return f"{head}: {levels} of Nautical {verb} {extra_ships}."
    if ships > o_ships and o_level > level:
        extra_ships = plural_words(ships - o_ships, "extra ship")
        verb = "outweighs" if ships - o_ships == 1 else "outweigh"
        levels = plural_words(o_level - level, "more level")
        return f"{head}: {extra_ships} {verb} the {other}' {levels} of Nautical."
    return head + "."


def plural_words(n: int, noun: str) -> str:
    """ "one more level", "two extra ships": small numbers in words, as a sentence says them."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
    head, _, last = noun.rpartition(" ")
    last = last if n == 1 else last + "s"
    return " ".join(x for x in (words[n] if n < len(words) else str(n), head, last) if x)


# --- lesson 24: a small tournament of planners --------------------------------------------

#: the four seats of lesson 24's tournament
TOURNAMENT_SEATS = ("bold planner", "careful planner", "peaceful planner", "random")


def vp_by_round(state: ClassicalState) -> list[list[int]]:
    """Each player's victory points at the end of every round, from the score events."""
    totals = [[0] * (state.round + 1) for _ in state.vp]
    for event in state.events:
        if event.kind == "score" and event.player is not None:
            totals[event.player][event.round] += event.data["gained"]
    for seat in totals:
        for r in range(1, len(seat)):
            seat[r] += seat[r - 1]
    return totals


def planner_tournament(
    games: int = 24,
    rounds: int = 30,
    aggressions: Sequence[float] = (1.0, 0.5, 0.0),
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, float], list[list[float]]]:
    """Lesson 24's tournament: ``games`` four-player games of ``rounds`` rounds between
    three planners (ready to attack as ``aggressions`` say) and a random player. Returns
    the wins of each seat (a shared win split) and each seat's average victory points
    after every round; ``progress(games played)`` is called after each game."""
    from hcgames import load  # the game's module imports this one: load it when called

    game = load("classical-conquests", players=4, max_turns=rounds)
    wins = dict.fromkeys(TOURNAMENT_SEATS, 0.0)  # a shared win counts a share
    curves = [[0.0] * (rounds + 1) for _ in TOURNAMENT_SEATS]
    for seed in range(games):
        bots: list[Bot] = [PlannerBot(seed + i, aggression=a) for i, a in enumerate(aggressions)]
        bots.append(RandomBot(seed + 3))
        state = cast("ClassicalState", playout(game.new_game(seed=seed), bots, random.Random(seed)))
        outcome = state.outcome()
        winners = outcome.winners if outcome is not None else ()
        for winner in winners:
            wins[TOURNAMENT_SEATS[winner]] += 1 / len(winners)
        for seat, totals in enumerate(vp_by_round(state)):
            totals += [totals[-1]] * (rounds + 1 - len(totals))  # a finished game keeps its score
            for r in range(rounds + 1):
                curves[seat][r] += totals[r] / games
        if progress is not None:
            progress(seed + 1)
    return wins, curves
