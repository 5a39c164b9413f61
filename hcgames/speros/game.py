"""The Conquest of Speros game object: options, the material, set-up and the hooks
(rule decisions, bots, odds, lesson positions, phases)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from hcgames.classgame import class_decisions, class_options
from hcgames.core import Game, RuleDecision, State
from hcgames.speros.actions import (
    Attack,
    Deploy,
    Discard,
    DrawCard,
    Explore,
    Lead,
)
from hcgames.speros.bots import LEVELS, STRATEGIES, make_strategy
from hcgames.speros.decisions import rule_decisions
from hcgames.speros.material import (
    TERRAINS,
    Card,
    CardSet,
    Objective,
    Rules,
    load_card_set,
    load_rules,
)
from hcgames.speros.state import SperosState
from hcgames.speros.teach import LESSON_POSITIONS, odds_table, play_setup
from hcgames.speros.turn import PHASES, STEP_WORDS

__all__ = ["SperosGame", "start"]


@cache
def _fraction(denominator: int) -> Fraction:
    return Fraction(1, denominator)


class SperosGame(Game):
    """Conquest of Speros for 2-4 players, with or without Mastery Objectives."""

    id: ClassVar[str] = "conquest-of-speros"
    title: ClassVar[str] = "Conquest of Speros"
    version: ClassVar[str] = "3"
    describe_says_when: ClassVar[bool] = True  # describe() says round, step and who
    #: a move longer than this may wrap in the play screen's list (Large text at 1366)
    move_wrap_after: ClassVar[int] = 24
    #: the play screen draws its cards small: the table and the list on one screen (44)
    compact_cards: ClassVar[bool] = True
    state_class = SperosState

    def __init__(
        self,
        players: int = 2,
        mastery: bool = True,
        one_resource_per_card: bool = False,
        max_rounds: int | None = None,
        **options: Any,
    ) -> None:
        if options:
            raise ValueError(
                f"unknown options {sorted(options)}: use players, mastery, "
                "one_resource_per_card and max_rounds"
            )
        if max_rounds is not None and (
            isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1
        ):
            raise ValueError(f"option max_rounds must be a whole number from 1, not {max_rounds!r}")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ValueError(f"option players must be 2, 3 or 4, not {players!r}")
        if not isinstance(mastery, bool):
            raise ValueError(f"option mastery must be True or False, not {mastery!r}")
        if not isinstance(one_resource_per_card, bool):
            raise ValueError(
                f"option one_resource_per_card must be True or False, not {one_resource_per_card!r}"
            )
        # The other reading of resource sets is recorded only when chosen, so games
        # and saves of the default rules keep their options as before.
        chosen: dict[str, Any] = {"players": players, "mastery": mastery}
        if one_resource_per_card:
            chosen["one_resource_per_card"] = True
        if max_rounds is not None:
            chosen["max_rounds"] = max_rounds
        super().__init__(**chosen)
        #: the class game's round limit (ours): the game ends as round ``max_rounds``
        #: + 1 would begin, and is scored as at any other end; None: no limit
        self.max_rounds = max_rounds
        #: resource sets: True = each card fills one place of a set, however many
        #: resources it shows; False (default) = a card fills one place per resource.
        self.one_resource_per_card = one_resource_per_card
        self.players = players
        self.mastery = mastery
        self.rules: Rules = load_rules()
        self.minions = self.rules.minions
        self.card_set: CardSet = load_card_set()
        cs = self.card_set
        self.cards: dict[str, Card] = {c.id: c for c in (*cs.locations, *cs.artifacts)}
        self._objectives: dict[str, Objective] = {o.id: o for o in (*cs.bonus, *cs.mastery)}
        ids = list(self.cards)
        # Action objects are made once and shared: legal-move lists stay cheap.
        self.discard_actions = {c: Discard(c) for c in ids}
        self.explore_actions = {c: Explore(c) for c in ids}
        self.attack_actions = {c: Attack(c) for c in ids}
        self.deploy_actions = {c: Deploy(c) for c in ids}
        self.lead_actions = {(c, m): Lead(c, m) for c in ids for m in (False, True)}
        self.draw_actions = {c: DrawCard(c) for c in ids}

    def new_game(self, seed: int = 0) -> SperosState:
        """The position before the first choice; ``seed`` feeds the setup shuffles."""
        return SperosState(self, seed)

    @staticmethod
    def fraction(denominator: int) -> Fraction:
        return _fraction(denominator)

    def objective(self, objective_id: str) -> Objective:
        return self._objectives[objective_id]

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def max_effect_n(self) -> int:
        cs = self.card_set
        effects = [c.ability for c in cs.locations if c.ability]
        effects += [e for c in cs.artifacts for e in (c.excavate, c.capture) if e]
        effects += [e for p in cs.peoples for e in p.general_abilities]
        return max(e.n for e in effects)

    @property
    def max_actions(self) -> int:
        """A proven upper bound on steps (chance steps included) in one game.

        Let D be the cards in the deck and H the cards in all hands. Each turn with a
        card in hand discards one (H falls by 1), every draw moves a card from D to H,
        and nothing else puts cards back in a hand, so 2D + H falls by at least one a
        turn. A turn begun with an empty hand draws from the deck, or the deck is
        empty and only the final round remains. So there are at most
        2D + H + players turns after setup. Each turn has its discard, the end of the
        ability step and its action, plus at most (2 + players) abilities used and
        players x players Excavate abilities taken (one per player and Artifact), each
        taking at most K + 2 steps (K the largest count on any ability). An Excavate
        offer comes only from a step that placed Units, one offer per step, so the
        declined offers at most double the turn's steps; one-time Capture offers,
        draws and hand-limit discards are bounded over the whole game.
        """
        n = self.players
        k = self.max_effect_n + 2
        locations = len(self.card_set.locations)
        hand = self.rules.hand_size
        deck = locations - hand * n
        turns = 2 * deck + (hand - 1) * n + n
        per_turn = 2 * (3 + (2 + n) * k + n * n * k)
        setup_and_scoring = 3 * n
        return setup_and_scoring + deck + locations + n * k + turns * per_turn

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [
            {"players": 2, "mastery": False},
            {"players": 3, "mastery": True},
            {"players": 4, "mastery": True},
            class_options(cls.id),
        ]

    def bot_levels(self) -> dict[str, Callable[[int], Any]]:
        """Speros's own easy, medium and hard bots (see :mod:`hcgames.speros.bots`)."""
        return dict(LEVELS)

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """The strategies a class compares, by name (rusher, builder, hoarder; "random" is
        the shared random bot)."""
        return {name: _strategy_factory(name) for name in STRATEGIES if name != "random"}

    def teaching_setups(self) -> dict[str, Callable[..., State]]:
        """The positions the lessons open at, each a new game of these options (the
        lessons are two-player; further seats take the remaining peoples)."""
        setups: dict[str, Callable[..., State]] = {}
        for name, (peoples, seed) in LESSON_POSITIONS.items():
            # more players than the lesson has take the remaining peoples in order
            extra = tuple(t for t in TERRAINS if t not in peoples)
            seats = (*peoples, *extra)[: self.players]
            setups[name] = _setup_factory(self, seats, seed)
        return setups

    def rule_decisions(self) -> list[RuleDecision]:
        return rule_decisions(self.card_set) + class_decisions(self)

    def phases(self) -> list[str]:
        return list(PHASES)

    def phase_title(self, phase: str) -> str:
        return STEP_WORDS.get(phase, phase)

    def log_phase_title(self, phase: str) -> str:
        # "Round 4, action step: ..." rather than the bar's "Explore, Attack, Lead or Plan";
        # lesson 40 names the turn's steps discard, ability and action (look-7: a bare
        # "action:" or "game over:" read as a program's labels)
        words = {"action": "action step", "game over": "end of the game"}
        return words.get(phase, self.phase_title(phase))

    def card_names(self) -> dict[str, str]:
        """The locations', artifacts' and objectives' names by id."""
        found = {key: card.name for key, card in self.cards.items() if card.name != key}
        for objective in (*self.card_set.bonus, *self.card_set.mastery):
            found.setdefault(objective.id, objective.name)
        return found

    def odds_table(self) -> str:
        return odds_table(self)

    def describe(self) -> str:
        mastery = "with" if self.mastery else "without"
        # the default reading goes unsaid; the other one is named
        sets = "; each card fills one place of a resource set" if self.one_resource_per_card else ""
        return (
            f"{self.title} for {self.players} players, {mastery} the Mastery Objectives: "
            f"a deck of {len(self.card_set.locations)} Locations in {len(TERRAINS)} terrains, "
            f"{self.players} Ancient Artifacts on the table, and a Plan draws "
            f"{self.rules.plan_draws} cards{sets}."
        )


def _strategy_factory(name: str) -> Callable[[int], Any]:
    return lambda seed: make_strategy(name, seed)


def _setup_factory(
    game: SperosGame, peoples: tuple[str, ...], seed: int
) -> Callable[..., SperosState]:
    return lambda: play_setup(game.new_game(seed), peoples)


def start(
    players: int = 2,
    peoples: Sequence[str] | None = None,
    seed: int = 0,
    mastery: bool = True,
    one_resource_per_card: bool = False,
) -> SperosState:
    """A new game past setup: peoples chosen in seat order, each player's first
    hand card put forward (see :func:`hcgames.speros.teach.play_setup`)."""
    game = SperosGame(players=players, mastery=mastery, one_resource_per_card=one_resource_per_card)
    return play_setup(game.new_game(seed), peoples)
