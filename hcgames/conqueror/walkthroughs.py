"""The Duels booklet's worked examples, told stage by stage as the lessons show them.

Each function plays (or sets up by hand, with
:meth:`~hcgames.conqueror.state.DuelsState.set_army`) one example of the booklet or one
what-if of a lesson, and returns a :class:`Story`: its stages ``(button label, position,
explanation, sentences the game wrote, table rows)`` for
:func:`hcgames.widgets.lesson.stage_viewer`, the places the map should show, and the
position the story ends at, so a lesson can go on from there. Explanations are HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hcgames.conqueror.actions import (
    Attack,
    BattleRoll,
    DrawChronicle,
    EndPhase,
    JointAttack,
    LeaveBehind,
    Move,
    PlayHero,
    Rally,
    Recruit,
)
from hcgames.conqueror.battle import Army, win_probability
from hcgames.conqueror.teach import (
    after_the_dice,
    babylon_joint_attack,
    capital_prize,
    chance_rows,
    play,
    roll_dice,
    sentence,
)

if TYPE_CHECKING:
    from hcgames.conqueror.game import DuelsGame
    from hcgames.conqueror.state import DuelsState

__all__ = [
    "AlpsBattle",
    "Story",
    "alps_battle",
    "babylon_battle",
    "capital_prize_race",
    "cyrene_left_empty",
    "food_cap",
    "gallic_food",
    "gold_discovered",
    "percent",
    "persia_rally",
]

Stage = tuple[str, "DuelsState", str, list[str], list[dict[str, Any]]]


@dataclass
class Story:
    """A worked example: its stages, the places its map shows, where it ends, and
    whatever else the lesson reads from it (``facts``)."""

    stages: list[Stage]
    last: DuelsState
    focus: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def state(self, label: str) -> DuelsState:
        """The position of the stage whose button reads ``label`` (or starts so)."""
        for stage in self.stages:
            if stage[0] == label or stage[0].startswith(label):
                return stage[1]
        raise KeyError(f"no stage {label!r}; the stages are {[s[0] for s in self.stages]}")


def gold_discovered(game: DuelsGame, seed: int = 1) -> Story:
    """The booklet's round: round 2 of a standard game, opened by the card Gold
    Discovered, in five stages. Round 1 is a quiet one of our own (the booklet does not
    tell it). ``facts["deck"]``: the chronicle cards that could have opened round 2, with
    their chances; ``facts["next round"]``: the position once Rome stops, round 3."""
    walk = game.new_game(seed=seed)
    play(walk, Recruit("Carthage", "cavalry"), EndPhase(), Recruit("Rome", "cavalry"), EndPhase())
    play(walk, Move("Numidia", "Berber", 0, 1), EndPhase(), Move("Brundisium", "Rome", 0, 1))
    play(walk, EndPhase())
    deck = walk.chance_outcomes()  # the chronicle cards that could come up, with their chances
    stages: list[Stage] = [
        (
            "1. End of round 1",
            walk.copy(),
            "Round 2 is about to begin. Carthage holds Carthage, Numidia and Berber; Rome "
            "holds Rome and Brundisium.",
            [],
            [],
        )
    ]
    said = play(walk, DrawChronicle("gold-discovered"))
    left_out = [c.name for c in game.material.cards if c.id not in game.deck]
    stages.append(
        (
            "2. The card",
            walk.copy(),
            "The chronicle card is <b>Gold Discovered</b>: new mines, 3 gold for each side."
            f"</p><p>It was drawn from a shuffled deck. The whole deck has "
            f"{len(game.material.cards)} cards, but the standard game leaves out "
            f"{len(left_out)} of them ({', '.join(left_out[:-1])} and {left_out[-1]}), "
            f"so round 2 could have opened with any of the {len(deck)} cards in the table "
            "below, each as likely as the others.",
            said,
            chance_rows(game, deck),
        )
    )
    said = play(walk, Recruit("Carthage", "cavalry"), Recruit("Numidia", "infantry"), EndPhase())
    said += play(walk, Recruit("Rome", "cavalry"), Recruit("Brundisium", "infantry"), EndPhase())
    stages.append(
        (
            "3. Planning",
            walk.copy(),
            "Both sides collect their income and raise troops; neither buys a hero.",
            said,
            [],
        )
    )
    said = play(walk, Move("Carthage", "Mare Africum", 2, 0), Move("Berber", "Cyrene", 0, 1))
    said += play(walk, EndPhase())
    stages.append(
        (
            "4. Carthage moves",
            walk.copy(),
            "(A) Two Carthaginian cavalry units sail into the sea south of Sicily: armies "
            "may stand at sea. (B) The infantry in Berber marches east and claims Cyrene, "
            "which nobody held.",
            said,
            [],
        )
    )
    play(walk, Attack("Rome", "Alpes", 3, 1))
    roll_dice(walk, 5, 3)  # the booklet says only that Rome wins: Rome 5, the Alps 3
    play(walk, LeaveBehind("Rome", "infantry"))
    stages.append(
        (
            "5. Rome attacks",
            walk.copy(),
            "(C) Rome attacks the independent army in Alpes. The booklet only says that "
            "Rome wins, so we set the dice: Rome 5, Alpes 3.</p><p><b>Rome's battle in "
            "sums.</b><br>Rome: 3 cavalry × 2 + 1 infantry = 7, and its die 5: <b>12</b>."
            "<br>Alpes: 1 cavalry × 2 + 1 infantry = 3, 2 for the great fort and the die "
            "3: <b>8</b>.</p><p>Rome wins by 4, which costs the loser 2 units: the whole "
            "Alpine army. Rome earns 1 gold.</p><p>All four Roman units fought. After a win "
            "the attackers move in, but they may leave one unit behind where they came from "
            "(our rule): Rome's 3 cavalry enter Alpes and its infantry stays in Rome to "
            "guard the capital. The map marks it <b>\u27131</b> (a tick and 1): it has "
            "fought this round and may not move again until the next.",
            [],  # the sums above say what the game's log says, once
            [],
        )
    )
    next_round = walk.copy()
    play(next_round, EndPhase())  # Rome, like the booklet, stops there
    focus = ["Carthage", "Numidia", "Berber", "Rome", "Brundisium", "Mare Africum"]
    return Story(
        stages,
        walk,
        [*focus, "Cyrene", "Alpes", "Sicily"],
        {"deck": deck, "next round": next_round},
    )


def capital_prize_race(game: DuelsGame, seed: int = 1) -> Story:
    """Lesson 10's what-if: Carthage storms an empty Rome from Brundisium, then Rome
    storms an empty Carthage from the sea. Only the first capture pays the capital's
    prize. ``facts["gold before"]``: each side's gold before the two attacks."""
    state = capital_prize(game, seed)
    gold_before = list(state.gold)
    play(state, Attack("Brundisium", "Rome", 3, 0))
    roll_dice(state, 6, 1)
    play(state, LeaveBehind("Brundisium", ""), EndPhase())
    state.set_army("Mare Tyrrhenum", "Rome", 3, 0)
    state.set_army("Carthage", "Carthage", 0, 0)
    play(state, Attack("Mare Tyrrhenum", "Carthage", 3, 0))
    roll_dice(state, 6, 1)
    play(state, LeaveBehind("Mare Tyrrhenum", ""))
    took = {"Carthage": "Rome, first", "Rome": "Carthage, second"}
    rows = [
        {
            "Side": name,
            "Took": took[name],
            "Gold before": gold_before[side],
            "Gold after": state.gold[side],
        }
        for side, name in enumerate(game.player_names)
    ]
    return Story(
        [], state, ["Rome", "Carthage", "Brundisium"], {"gold before": gold_before, "rows": rows}
    )


@dataclass
class AlpsBattle:
    """The booklet's battle: Carthage's 3 cavalry attack 1 Roman cavalry behind the
    great fort of the Alps. ``before`` waits for the dice."""

    before: DuelsState
    attacker: Army
    defender: Army
    sides: tuple[str, str] = ("Carthage", "Rome")

    def after(self, attacker_roll: int, defender_roll: int) -> tuple[DuelsState, list[str]]:
        """The position once the dice show these numbers, and what the game wrote."""
        return after_the_dice(self.before, attacker_roll, defender_roll)


def alps_battle(game: DuelsGame, seed: int = 0) -> AlpsBattle:
    """The booklet's battle for the Alps, set up by hand, neither side playing a hero."""
    before = game.new_game(seed=seed)
    play(before, EndPhase(), EndPhase())  # both planning phases
    before.set_army("Gaul", "Carthage", 3, 0)  # the booklet's position, set by hand
    before.set_army("Alpes", "Rome", 1, 0)
    play(before, Attack("Gaul", "Alpes", 3, 0))
    _pass_heroes(before)
    return AlpsBattle(before, Army(cavalry=3), Army(cavalry=1, bonus=2))


def _pass_heroes(state: DuelsState) -> list[str]:
    said = []
    while not state.is_chance():
        said += play(state, PlayHero(""))  # neither side plays a hero card
    return said


def babylon_battle(game: DuelsGame, seed: int = 0) -> Story:
    """Scenario 5, the booklet's joint attack: Egypt attacks Babylon from Palestina and
    Syria at once, both dice show 3, and each army leaves one unit behind. ``facts``:
    the ``joint`` attack, Egypt's ``chance`` before the dice, the ``choices`` made after."""
    state = babylon_joint_attack(game, seed)
    joint = next(
        a for a in state.legal_actions() if isinstance(a, JointAttack) and a.to == "Babylon"
    )
    said = play(state, joint)
    said += _pass_heroes(state)  # Egypt keeps its Cleopatra card for later
    chance = win_probability(Army(cavalry=2, infantry=2), Army(infantry=1, bonus=4))
    said += play(state, BattleRoll(attacker=3, defender=3))
    choices = []
    while state.battle is not None:
        options = state.legal_actions()
        choice = next((a for a in options if getattr(a, "unit", "")), options[0])  # keep one
        choices.append(choice)
        said += play(state, choice)
    words = f"Before the dice, Egypt's chance was <b>{chance}</b>, about {percent(chance)}."
    return Story(
        [("Babylon", state.copy(), words, said, [])],
        state,
        ["Babylon", "Palestina", "Syria"],
        {"joint": joint, "chance": chance, "choices": choices},
    )


def percent(p: Fraction | float) -> str:
    """A chance as a whole percentage: "72%"."""
    return f"{float(p):.0%}"


def _food_rows(state: DuelsState, sides: list[int]) -> list[dict[str, Any]]:
    names = state.game.player_names
    return [
        {
            "Side": names[side],
            "Food": state.food_of(side),
            "Soldiers it can feed": state.unit_cap(side),
            "All its soldiers": state.units_of(side),
        }
        for side in sides
    ]


def gallic_food(game: DuelsGame, seed: int = 0) -> Story:
    """Scenario 2, the booklet's food example: the Gauls' food before and after Rome
    takes Germania (set by hand). ``last``: the Gauls' planning phase after the loss,
    where soldiers must go home."""
    names = game.player_names
    sides = [names.index("Gaul"), names.index("Rome")]
    start = game.new_game(seed=seed)
    lost = start.copy()
    lost.set_army("Alpes", "Rome", 1, 1)  # a what-if: a Roman cavalry unit from the Alps
    lost.set_army("Germania", "Rome", 1, 0)  # takes Germania,
    lost.set_army("Gaul", "Gaul", 4, 2)  # and its Gallic army falls back into Gaul
    plans = lost.copy()
    play(plans, EndPhase())  # Rome plans first in this scenario
    stages: list[Stage] = [
        (
            "Gaul holds Germania",
            start,
            "At the start the Gauls have 3 food: enough for 4 + 2 × 3 = 10 soldiers, and "
            "they have 10. The table counts every soldier of each side, including those off "
            "the part of the map shown here.",
            [],
            _food_rows(start, sides),
        ),
        (
            "Rome takes Germania",
            lost,
            "Germania's fields fed only the Gauls. Now Gaul has 2 food, room for 4 + 2 × 2 "
            "= 8 soldiers, and 10 on the map; Rome gains no food from Germania. Two "
            "soldiers must go home at once, before anything else happens. The Gauls choose "
            "which, one soldier at a time; these are the only moves they may make:",
            [sentence(action, plans) for action in plans.legal_actions()],
            _food_rows(lost, sides),
        ),
    ]
    return Story(stages, plans, ["Gaul", "Germania", "Celtica"], {"sides": sides})


def food_cap(state: DuelsState, side: int) -> int:
    """How many soldiers ``side``'s food feeds from the next planning phase on (no
    rally counted): base + per food × food."""
    return state.game.cap_base + state.game.cap_per_food * state.food_of(side)


def persia_rally(game: DuelsGame, seed: int = 0) -> Story:
    """Scenario 4, the booklet's rally: Persia, in trouble, rallies, loses Libya and
    keeps its soldiers; what if it then wins back Libya and Asia Minor? ``facts["side"]``
    is Persia's seat."""
    persia = game.player_names.index("Persia")
    empire = game.new_game(seed=seed)
    for territory in ("Macedonia", "Asia Minor", "Thracia"):  # a what-if, set by hand
        empire.set_army(territory, "Rome", 1, 0)
    empire.set_army("Libya", "Persia", 0, 1)
    empire.set_army("Cyrene", "Rome", 3, 0)
    play(empire, EndPhase())  # Rome has planned; now Persia plans

    def rows(state: DuelsState, cap: int) -> list[dict[str, Any]]:
        return [
            {
                "Persia's soldiers": state.units_of(persia),
                "Food": state.food_of(persia),
                "Soldiers it can feed": cap,
                "Gold": state.gold[persia],
            }
        ]

    trouble = empire.copy()
    play(empire, Rally(), Recruit("Babylon", "cavalry"), Recruit("Babylon", "cavalry"))
    play(empire, EndPhase())
    rallied = empire.copy()
    play(empire, Attack("Cyrene", "Libya", 3, 0))
    roll_dice(empire, 6, 1)  # Rome wins: we set the dice
    play(empire, LeaveBehind("Cyrene", ""))
    hit = empire.copy()
    recovered = empire.copy()
    # what if Persia wins back Libya and Asia Minor, with soldiers it has (still 15)? Not by
    # attacking Rome's three cavalry (one Persian cavalry can never beat them: look 8), nor
    # the Roman cavalry in Asia Minor's great fort with one infantry: Rome's riders leave
    # both lands (three back to Cyrene, one to Thracia), and Persia walks into them
    recovered.set_army("Cyrene", "Rome", 3, 0)
    recovered.set_army("Thracia", "Rome", 2, 0)
    recovered.set_army("Alexandria", "Persia", 1, 0)
    recovered.set_army("Libya", "Persia", 1, 0)  # a cavalry unit from Alexandria
    recovered.set_army("Rhodes", None, 0, 0)  # scenario 4: land left empty is nobody's
    recovered.abandoned.add(game.index["Rhodes"])
    recovered.set_army("Asia Minor", "Persia", 0, 1)  # the infantry from Rhodes
    stages: list[Stage] = [
        (
            "1. Persia in trouble",
            trouble,
            "Persia has lost two provinces. With only 14 soldiers and few great forts left, "
            "it may rally.",
            [],
            rows(trouble, trouble.unit_cap(persia)),
        ),
        (
            "2. Persia rallies",
            rallied,
            "Persia rallies: 15 more gold (8 + 15 = 23), and two cavalry raised in Babylon: "
            "16 soldiers, 2 more than its 5 food feeds (4 + 2 × 5 = 14), which the rally "
            "allows.",
            [],
            rows(rallied, food_cap(rallied, persia)),
        ),
        (
            "3. Rome takes Libya",
            hit,
            "Rome attacks Libya from Cyrene and wins: Persia's infantry there is lost, 15 "
            "soldiers left. Libya gave Persia 2 food, so it has 3: enough for only 4 + 2 × 3 "
            "= 10 soldiers. Because it rallied this round, nobody goes home before its next "
            "planning phase: for now it keeps all 15.",
            [],
            rows(hit, food_cap(hit, persia)),
        ),
        (
            "4. What if Persia strikes back?",
            recovered,
            "What if Persia wins back Libya and Asia Minor before the next planning phase? "
            "It could not beat Rome's three cavalry in Libya with one cavalry unit, nor the "
            "Roman cavalry in Asia Minor's great fort with one infantry unit. But say Rome's "
            "riders leave both lands: three go back to Cyrene and one rides to Thracia. A "
            "cavalry unit from Alexandria walks into Libya, and the infantry on Rhodes "
            "crosses to Asia Minor: still 15 soldiers. Rhodes, left without soldiers, "
            "belongs to nobody now: in this scenario empty land is lost at once (see the "
            "next section). Food rises to 3 + 2 + 3 = 8, enough for 4 + 2 × 8 = 20 "
            "soldiers, and nobody has to go home.",
            [],
            rows(recovered, food_cap(recovered, persia)),
        ),
    ]
    return Story(stages, empire, [], {"side": persia})


def cyrene_left_empty(game: DuelsGame, seed: int = 0) -> Story:
    """Scenario 4, the booklet's example of empty land: Rome marches its whole garrison
    out of Cyrene. ``facts``: who holds Cyrene once the soldiers have gone (``"after the
    move"``) and when round 2 begins (``"next round"``)."""
    state = game.new_game(seed=seed)
    play(state, EndPhase(), EndPhase())  # both planning phases
    said = play(state, Move("Cyrene", "Carthage", 1, 0))  # Rome empties Cyrene
    left = state.copy()
    after_move = state.player_name(state.owner[game.index["Cyrene"]])
    said_later = play(state, EndPhase(), EndPhase(), DrawChronicle("gold-discovered"))
    next_round = state.player_name(state.owner[game.index["Cyrene"]])
    stages: list[Stage] = [
        (
            "Rome leaves Cyrene",
            left,
            "The booklet's example: Rome moves its whole garrison out of Cyrene into "
            f"Carthage. Once the soldiers have left, Cyrene is held by <b>{after_move}</b>.",
            said,
            [],
        ),
        (
            "Round 2 begins",
            state.copy(),
            f"Nobody moved in. When round 2 begins, Cyrene is held by <b>{next_round}</b>: "
            "it must be conquered like any other land.",
            said_later,
            [],
        ),
    ]
    return Story(
        stages,
        state,
        ["Cyrene", "Carthage"],
        {"after the move": after_move, "next round": next_round},
    )
