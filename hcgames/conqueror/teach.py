"""Positions the Conqueror: Duels lessons open at (:meth:`DuelsGame.teaching_setups`),
and the few steps the lessons take by hand.

Each position is the booklet's or a lesson's what-if position, set up with
:meth:`~hcgames.conqueror.state.DuelsState.set_army` on a new game of the scenario it
belongs to: the same positions notebooks 10 and 11 build by hand. :func:`play`,
:func:`roll_dice` and :func:`sentence` walk a lesson through a game in sentences.
"""

from __future__ import annotations

import random
import re
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, cast

from hcgames.conqueror.actions import Attack, BattleRoll, EndPhase, PlayHero
from hcgames.conqueror.battle import Army, fight, outcome_distribution
from hcgames.conqueror.views import end_phase_words
from hcgames.core import Action
from hcgames.data import DataError, read_json
from hcgames.factions import side_style
from hcgames.play import Bot, playout
from hcgames.words import capitalise

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame
    from hcgames.conqueror.material import Hero
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "SETUPS",
    "after_the_dice",
    "attacks",
    "babylon_joint_attack",
    "battle_sum",
    "capital_prize",
    "careful_against_careless",
    "chance_rows",
    "closed_territories",
    "closed_text",
    "dice_grid_html",
    "dice_grid_text",
    "experiment_summary",
    "fort_rows",
    "gold_rows",
    "hero_rows",
    "heroes_for_sale",
    "how_it_ended",
    "outcome_chances",
    "outcome_label",
    "outcome_simulator",
    "play",
    "points_by_value",
    "points_rows",
    "roll_dice",
    "round_log",
    "scenario_results",
    "sentence",
    "starting_points",
    "step_round",
    "winner_shares",
]


def sentence(action: Action, state: DuelsState | None = None) -> str:
    """An action as a sentence: "Recruit 1 cavalry in Carthage". Given the position,
    the end of a part of the round says which part it ends and what comes next."""
    if isinstance(action, EndPhase) and state is not None:
        # the words of the play screen's own list (look 7: "Finish planning" here and
        # "end my planning" there read as two different moves)
        text = end_phase_words(state)
        return text[:1].upper() + text[1:]
    text = str(action)
    return text[:1].upper() + text[1:]


def play(state: DuelsState, *actions: Action) -> list[str]:
    """Apply the actions in order; return the sentences the game writes."""
    return [event.text for action in actions for event in state.apply(action)]


def roll_dice(state: DuelsState, attacker: int, defender: int) -> list[str]:
    """Nobody plays a hero card; then the two battle dice show the numbers given.

    Returns every sentence written on the way, the passed hero cards included."""
    said = []
    while not state.is_chance():
        said += play(state, PlayHero(""))
    return said + play(state, BattleRoll(attacker, defender))


def after_the_dice(
    before: DuelsState, attacker: int, defender: int
) -> tuple[DuelsState, list[str]]:
    """A copy of ``before`` (a battle waiting for its dice) once the dice show the numbers
    given, the winner taking its first choice after that; and the sentences written."""
    state = before.copy()
    said = play(state, BattleRoll(attacker=attacker, defender=defender))
    while state.battle is not None:
        said += play(state, state.legal_actions()[0])
    return state, said


def dice_grid_html(
    attacker: Army,
    defender: Army,
    chosen: tuple[int, int] | None = None,
    sides: tuple[str, str] = ("Carthage", "Rome"),
    colour_words: tuple[str, str] = ("purple", "red"),
) -> str:
    """The 36 pairs of dice as an HTML grid: who wins each (in the side's colour and
    initial), a star where the winner loses a unit too, the ``chosen`` pair ringed."""
    styles = []
    for seat, name in enumerate(sides):
        style = side_style(name, seat)
        if style is None:
            raise ValueError(f"no colours for the side {name!r}")
        styles.append(style)
    marks = [name[0] for name in sides]
    head = "".join(f"<th style='padding:2px 8px'>{d}</th>" for d in range(1, 7))
    rows = ""
    for a in range(1, 7):
        cells = ""
        for d in range(1, 7):
            r = fight(attacker, defender, a, d)
            won = 0 if r.attacker_wins else 1
            style = styles[won]
            mark = marks[won] + ("*" if r.victor_casualty else "")
            ring = "outline:3px solid #000;outline-offset:1px;" if (a, d) == chosen else ""
            cells += (
                f"<td style='background:{style.colour};color:{style.ink};{ring}"
                f"text-align:center;padding:2px 10px;font-weight:bold'>{mark}</td>"
            )
        rows += f"<tr><th style='padding:0 8px'>{a}</th>{cells}</tr>"
    return (
        f"<table style='border-collapse:separate;border-spacing:3px;font-size:15px'>"
        f"<tr><th>{sides[0]} &darr; {sides[1]} &rarr;</th>{head}</tr>{rows}</table>"
        f"<div style='font-size:16px'>{marks[0]}: {sides[0]} wins ({colour_words[0]}), "
        f"{marks[1]}: {sides[1]} holds ({colour_words[1]}); "
        f"* the winner loses a unit too.</div>"
    )


def how_it_ended(reason: str) -> str:
    """The way a game ended (its outcome's reason), in a few words, without the numbers."""
    if "in a row" in reason:
        return "held enough forts two rounds running"
    if "did not reach its goal" in reason:
        return "held out to the last round"
    if "at once by holding" in reason:
        return "took " + reason.split("at once by holding", 1)[1].strip(" .")
    if "draw" in reason:
        return "a draw"
    if "territory points" in reason:
        return "more points after the last round"
    if "so units decide" in reason:
        return "more soldiers after the last round"
    if "on forts" in reason:
        return "more forts after the last round"
    if "by holding" in reason:
        return "held its goal at the end"
    return re.sub(r"\d+", "#", reason)


def scenario_results(
    scenario: str,
    games: int,
    seed: int = 0,
    bots: Callable[[int], Sequence[Bot]] | None = None,
) -> list[tuple[str, str, int]]:
    """Play ``games`` games of a scenario (game ``n`` from seed ``seed + n``, one
    generator for all the dice; random moves unless ``bots(n)`` gives the players) and
    return ``(winner or "draw", how it ended, rounds)`` for each."""
    from hcgames import load  # the game's module imports this one: load it when called

    game = load("conqueror-duels", scenario=scenario)
    rng = random.Random(seed)
    results = []
    for number in range(games):
        state = playout(
            game.new_game(seed=seed + number), bots=bots(number) if bots else None, rng=rng
        )
        outcome = state.outcome()
        assert outcome is not None  # a game played out has ended
        winner = game.player_names[outcome.winners[0]] if len(outcome.winners) == 1 else "draw"
        results.append((winner, how_it_ended(outcome.reason), state.round))
    return results


def _to_action_phase(game: DuelsGame, seed: int) -> DuelsState:
    state = game.new_game(seed=seed)
    state.apply(EndPhase())
    state.apply(EndPhase())  # both planning phases, nothing recruited
    return state


def babylon_joint_attack(game: DuelsGame, seed: int = 0) -> DuelsState:
    """Scenario 5, the booklet's example: Egypt about to attack Babylon from Palestina
    (2 cavalry) and Syria (2 infantry) at once, against 1 Persian infantry."""
    state = _to_action_phase(game, seed)
    state.set_army("Palestina", "Egypt", 2, 0)
    state.set_army("Syria", "Egypt", 0, 2)
    state.set_army("Babylon", "Persia", 0, 1)
    return state


def capital_prize(game: DuelsGame, seed: int = 1) -> DuelsState:
    """Standard game, lesson 10's what-if: Carthage's 3 cavalry in Brundisium next to
    an empty Rome (the enemy capital's prize is about to be won)."""
    state = _to_action_phase(game, seed)
    state.set_army("Brundisium", "Carthage", 3, 0)
    state.set_army("Rome", "Rome", 0, 0)
    state.set_army("Sicily", "Rome", 0, 1)  # Rome keeps a foothold
    return state


#: name -> (the scenario the position belongs to, how to set it up)
SETUPS: dict[str, tuple[str, Callable[..., DuelsState]]] = {
    "babylon joint attack": ("first-syrian-war", babylon_joint_attack),
    "capital prize": ("standard", capital_prize),
}


# --- what the lessons read off a game: tables, lists and logs -------------------------


class _Stepper(Protocol):
    state: DuelsState

    def step(self) -> object: ...


def step_round(stepper: _Stepper) -> int:
    """Step a stepper (:class:`hcgames.widgets.GameStepper`) to the end of the round it
    is in, or of the game; return how many steps that took."""
    start, steps = stepper.state.round, 0
    while stepper.state.round == start and not stepper.state.is_terminal():
        stepper.step()
        steps += 1
    return steps


def round_log(state: DuelsState, round_number: int) -> list[str]:
    """The log of one round, a line an event: "  planning | Rome recruits ..."."""
    return [f"{e.phase:>9} | {e.text}" for e in state.events if e.round == round_number]


def gold_rows(state: DuelsState) -> list[dict[str, Any]]:
    """Each side's income a round and gold now, as table rows."""
    return [
        {"Side": name, "Income each round": state.income_of(side), "Gold now": gold}
        for side, (name, gold) in enumerate(zip(state.game.player_names, state.gold, strict=True))
    ]


def land_rows(state: DuelsState) -> list[dict[str, Any]]:
    """The land each side holds, with the gold it pays each round and the food it gives,
    and a total for each side, as table rows (on the page, not only in the map's
    tooltips: look 7)."""
    g = state.game
    rows: list[dict[str, Any]] = []
    for side, name in enumerate(g.player_names):
        held = [
            t for t, o in enumerate(state.owner) if o == side and not g.board.territories[t].is_sea
        ]
        food = [g.food[t] + (g.faction_food[side][t] if g.has_faction_food else 0) for t in held]
        for t, f in zip(held, food, strict=True):
            rows.append(
                {"Side": name, "Land": g.names[t], "Gold each round": g.coins[t], "Food": f}
            )
        rows.append(
            {
                "Side": name,
                "Land": "Total",
                "Gold each round": sum(g.coins[t] for t in held),
                "Food": sum(food),
            }
        )
    return rows


def heroes_for_sale(game: DuelsGame) -> list[tuple[str, Hero]]:
    """(side, hero) for every hero card a side of the scenario may buy, in the game's
    order of heroes (a hero two sides may buy is listed under the first)."""
    found = []
    for hero in game.heroes:
        buyers = [
            name
            for side, name in enumerate(game.player_names)
            if hero.faction in game.scenario.hero_factions[side]
        ]
        if buyers:
            found.append((buyers[0], hero))
    return found


def hero_rows(game: DuelsGame) -> list[dict[str, Any]]:
    """The heroes each side may buy, side by side in seat order, as table rows."""
    return [
        {
            "Side": name,
            "Hero": hero.name,
            "Cost (gold)": hero.cost,
            "In battle": capitalise(hero.describe_effect()),
        }
        for name in game.player_names
        for side, hero in heroes_for_sale(game)
        if side == name
    ]


def chance_rows(game: DuelsGame, deck: Iterable[tuple[Any, Fraction]]) -> list[dict[str, str]]:
    """The chronicle cards that could come up (a chance step's outcomes), with their
    chances, as table rows."""
    return [
        {"Chronicle card": game.cards[outcome.card].name, "Chance": str(chance)}
        for outcome, chance in deck
    ]


def attacks(state: DuelsState) -> list[Attack]:
    """The attacks the player to move may make now."""
    return [a for a in state.legal_actions() if isinstance(a, Attack)]


def fort_rows(state: DuelsState, column: str = "Forts held") -> list[dict[str, Any]]:
    """How many forts each side holds, as table rows."""
    return [
        {"Side": name, column: state.forts_of(side)}
        for side, name in enumerate(state.game.player_names)
    ]


def battle_sum(army: Army, roll: int) -> str:
    """How a side's battle total adds up, in the lesson's words: "3 × 2 + 3" for 3
    cavalry and a die of 3, "2 + 2 + 4" for 1 cavalry behind a +2 fort."""
    parts = []
    for count, strength in (
        (army.cavalry, army.cavalry_strength),
        (army.infantry, army.infantry_strength),
    ):
        if count == 1:
            parts.append(str(strength))
        elif count > 1:
            parts.append(f"{count} × {strength}" if strength != 1 else str(count))
    if army.bonus:
        parts.append(str(army.bonus))
    return " + ".join([*parts, str(roll)])


def dice_grid_text(
    attacker: Army, defender: Army, sides: tuple[str, str] = ("Carthage", "Rome")
) -> list[str]:
    """The 36 pairs of dice as lines of text: the winner's initial for each pair, a star
    where the winner loses a unit too (the text twin of :func:`dice_grid_html`)."""
    lines = [f"{'':11}{sides[1]} rolls", f"{sides[0]:<11}" + "  ".join(map(str, range(1, 7)))]
    for a in range(1, 7):
        row = []
        for d in range(1, 7):
            r = fight(attacker, defender, a, d)
            row.append(sides[0 if r.attacker_wins else 1][0] + ("*" if r.victor_casualty else " "))
        lines.append(f"rolls {a}    " + " ".join(row))
    return lines


def outcome_label(
    sides: tuple[str, str], attacker_wins: bool, attacker_losses: int, defender_losses: int
) -> str:
    """A battle's result in words: the winner (an attacker wins, a defender holds) and
    the units each side lost, the loser first: "Carthage wins, Rome loses 1",
    "Rome holds, each loses 1" (short enough for a chart's axis)."""
    winner, loser = (sides[0], sides[1]) if attacker_wins else (sides[1], sides[0])
    loser_lost, winner_lost = (
        (defender_losses, attacker_losses) if attacker_wins else (attacker_losses, defender_losses)
    )
    head = f"{winner} {'wins' if attacker_wins else 'holds'}"
    if loser_lost == winner_lost:
        return f"{head}, each loses {loser_lost}"
    text = f"{head}, {loser} loses {loser_lost}"
    return text + (f", {winner} {winner_lost}" if winner_lost else "")


def outcome_chances(
    attacker: Army, defender: Army, sides: tuple[str, str] = ("Carthage", "Rome")
) -> dict[str, Fraction]:
    """The exact chance of each result of a battle, by :func:`outcome_label`."""
    return {
        outcome_label(sides, *key): p for key, p in outcome_distribution(attacker, defender).items()
    }


def outcome_simulator(
    attacker: Army, defender: Army, sides: tuple[str, str] = ("Carthage", "Rome")
) -> Callable[[random.Random], str]:
    """A function that rolls the battle once with a generator and names the result
    (:func:`outcome_label`): the simulation beside :func:`outcome_chances`."""

    def roll(rng: random.Random) -> str:
        r = fight(attacker, defender, rng.randint(1, 6), rng.randint(1, 6))
        return outcome_label(sides, r.attacker_wins, r.attacker_losses, r.defender_losses)

    return roll


def experiment_summary(results: Sequence[tuple[str, str, int]]) -> dict[str, Counter[str]]:
    """Counts over :func:`scenario_results`: ``"wins"`` by winner (most first),
    ``"endings"`` by how each game ended with its winner (most first), ``"how"`` by how
    it ended alone, ``"rounds"`` by rounds played (as text, in order)."""
    rounds = Counter(r for _, _, r in results)
    return {
        "wins": Counter(dict(Counter(w for w, _, _ in results).most_common())),
        "endings": Counter(
            dict(
                Counter(
                    how if winner == "draw" else f"{winner}: {how}" for winner, how, _ in results
                ).most_common()
            )
        ),
        "how": Counter(how for _, how, _ in results),
        "rounds": Counter({str(r): rounds[r] for r in sorted(rounds)}),
    }


def winner_shares(scenario: str, games: int, seed: int = 0) -> list[tuple[str, int]]:
    """Who won ``games`` random games of a scenario, most wins first, in whole percent."""
    counts = Counter(w for w, _, _ in scenario_results(scenario, games, seed=seed))
    return [(name, round(100 * n / games)) for name, n in counts.most_common()]


def careful_against_careless(games: int = 5) -> int:
    """The careful player (one move ahead) against the random one in the standard game,
    ``games`` games on each side: how many of the ``2 * games`` the careful one won."""
    from hcgames.bots import GreedyBot, RandomBot  # only the experiment needs the bots

    as_carthage = scenario_results(
        "standard", games, seed=100, bots=lambda n: [GreedyBot(n), RandomBot(n)]
    )
    as_rome = scenario_results(
        "standard", games, seed=200, bots=lambda n: [RandomBot(n), GreedyBot(n)]
    )
    return sum(w == "Carthage" for w, _, _ in as_carthage) + sum(w == "Rome" for w, _, _ in as_rome)


def points_by_value(game: DuelsGame) -> dict[int, list[str]]:
    """The territories worth points in a points scenario, by value, highest first."""
    found: dict[int, list[str]] = {}
    for t, name in enumerate(game.names):
        if game.points[t]:
            found.setdefault(game.points[t], []).append(name)
    return {value: sorted(found[value]) for value in sorted(found, reverse=True)}


def points_rows(game: DuelsGame) -> list[dict[str, Any]]:
    """:func:`points_by_value` as table rows."""
    return [
        {"Points": value, "Territories": ", ".join(names)}
        for value, names in points_by_value(game).items()
    ]


def starting_points(state: DuelsState) -> str:
    """Each side's points in words: "Rome starts with **35 points** and ..." (Markdown)."""
    return (
        " and ".join(
            f"{name} starts with **{state.points_of(side)} points**"
            for side, name in enumerate(state.game.player_names)
        )
        + "."
    )


def closed_territories() -> list[dict[str, str]]:
    """What each scenario closes to both sides, and on which map, as table rows."""
    from hcgames import load  # the game's module imports this one: load it when called

    rows = []
    for variant in load("conqueror-duels").variants():
        game = cast("DuelsGame", load("conqueror-duels", **variant))
        closed = ", ".join(sorted(game.scenario.closed))
        # the part of the world the map shows (its title's "for 3-4 players" means
        # nothing in a two-player game)
        shows = game.board.title.split(" (")[-1].rstrip(")")
        row = {
            "Scenario": game.scenario.title,
            "Map": shows[:1].upper() + shows[1:],
            "Closed to both sides": closed or "nothing: the whole map is open",
        }
        if row not in rows:  # a short standard game closes what the standard game does
            rows.append(row)
    return rows


def closed_text(width: int = 88) -> str:
    """:func:`closed_territories` as indented text for a terminal."""
    return "\n".join(
        f"{row['Scenario']} ({row['Map'][:1].lower()}{row['Map'][1:]})\n"
        + textwrap.fill(
            f"closed: {row['Closed to both sides']}",
            width=width,
            initial_indent="  ",
            subsequent_indent="    ",
        )
        for row in closed_territories()
    )


# --- balance under strong play (lesson 13: "Could Hannibal have won?") -----------------


def hard_balance() -> dict[str, Any]:
    """The recorded shares of wins when the Hard player commands both sides
    (``data/conqueror/balance.json``: 100 seeded games a scenario, bench/bench_bots.py),
    checked: each scenario's shares and draws make 100."""
    data = read_json("conqueror", "balance.json")
    wrong = [
        row["scenario"]
        for row in data["scenarios"]
        if row["first"][1] + row["second"][1] + row["draws"] != 100
    ]
    if wrong:
        raise DataError("conqueror/balance.json", [f"{s}: shares do not make 100" for s in wrong])
    return cast(dict[str, Any], data)


def hard_balance_rows(titles: dict[str, str]) -> list[dict[str, str]]:
    """The table's rows: each scenario (by its title in ``titles``), who won how often."""
    return [
        {
            "Scenario": titles[row["scenario"]],
            "First side wins": f"{row['first'][0]} {row['first'][1]}%",
            "Second side wins": f"{row['second'][0]} {row['second'][1]}%",
            "Draws": f"{row['draws']}%",
        }
        for row in hard_balance()["scenarios"]
    ]


#: a share in whole percent in plain words, nearest first
_SHARE_WORDS = (
    (10, "one game in ten"),
    (20, "one game in five"),
    (25, "one game in four"),
    (33, "one game in three"),
    (50, "one game in two"),
    (67, "two games in three"),
    (75, "three games in four"),
    (80, "four games in five"),
    (90, "nine games in ten"),
)


def _share_words(percent: int) -> str:
    return min(_SHARE_WORDS, key=lambda s: abs(s[0] - percent))[1]


def _wilson(percent: int, games: int) -> tuple[int, int]:
    """Where a share of ``percent`` in ``games`` games could really lie (a 95% Wilson
    interval, whole percent)."""
    p, z = percent / 100, 1.96
    middle = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / (1 + z * z / games)
    return round(100 * (middle - half)), round(100 * (middle + half))


def hard_balance_paragraph() -> list[str]:
    """What the table says, from the same numbers: the standard game, Hannibal's war,
    Alexander's, and how far a share over these games can be trusted."""
    data = hard_balance()
    rows = {row["scenario"]: row for row in data["scenarios"]}
    standard, punic, alexander = (
        rows["standard"],
        rows["second-punic-war"],
        rows["alexanders-conquest"],
    )
    low, high = _wilson(punic["first"][1], data["games"])
    favourite = max((punic["first"], punic["second"]), key=lambda side: side[1])[0]
    return [
        f"In the standard game, the one you have just played (here over its full length), "
        f"{standard['first'][0]} won "
        f"{standard['first'][1]}% of these games. The Second Punic War scenario is "
        f"Hannibal's war, and there "
        f"{punic['first'][0]} won only {punic['first'][1]}%, about "
        f"{_share_words(punic['first'][1])}: far more than the almost nothing it wins with "
        f"random play, but {favourite} is still the favourite, as it was in history.",
        f"Alexander's {alexander['first'][0]} won {alexander['first'][1]}% of its games, "
        f"although the real Alexander beat Persia in every great battle.",
        f"Be careful with these numbers: {data['games']} games is still a small experiment "
        f"(Carthage's {punic['first'][1]}% could really be anything from about {low}% to "
        f"{high}%), and they measure how this computer player plays, not how a great "
        f"general would.",
    ]
