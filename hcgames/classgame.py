"""The class game: a game of each of the five that a class finishes in one lesson.

A play lesson opens on its game's class game: the same rules, a shorter war, and the
steps that leave a student no sensible choice played for them. What makes each one
short is a decision of ours, listed in :data:`CLASS_GAMES` (and so in each game's
:meth:`~hcgames.core.Game.rule_decisions`, in docs/rules-we-decided.md and on the
page). The full game stays one choice away on the play screen.

- :func:`class_options` / :func:`class_game`: the options of a game's class game, and
  the game made with them;
- :func:`is_class_game`: whether a game is its class game;
- :func:`class_decisions`: the rules we decided for it (labelled ``"ours"``);
- :func:`obvious_move`: in a class game, the move that passes by itself when it is the
  only sensible one (paying the suggested way, feeding the armies, letting the other
  side's interrupt window pass), or ``None`` when the student has a real choice.

Pure rules: no Jupyter here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hcgames.core import Action, Game, RuleDecision, State

__all__ = [
    "CLASS_GAMES",
    "ClassGame",
    "class_decisions",
    "class_game",
    "class_options",
    "full_game",
    "is_class_game",
    "obvious_move",
]


@dataclass(frozen=True)
class ClassGame:
    """One game's class game: its options and the rules we decided to make it short."""

    game_id: str
    options: Mapping[str, Any]
    #: one sentence for the page: what is shorter than the full game
    summary: str
    #: the rules we decided, as (topic, decision); all ours
    rules: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    #: the full game the lesson offers beside it (its options)
    full_options: Mapping[str, Any] = field(default_factory=dict)

    def decisions(self) -> list[RuleDecision]:
        return [RuleDecision(f"Class game: {topic}", text, "ours") for topic, text in self.rules]


CLASS_GAMES: dict[str, ClassGame] = {
    "conqueror-duels": ClassGame(
        "conqueror-duels",
        {"scenario": "standard", "max_rounds": 3},
        "Class game: Carthage against Rome in 3 rounds instead of 12.",
        (
            (
                "Length",
                "The lesson's game is the standard game, Carthage against Rome, cut to 3 "
                "rounds instead of 12; it is then judged as at the end of a full standard "
                "game: more forts held wins, then more units.",
            ),
        ),
        {"scenario": "standard"},
    ),
    "classical-conquests": ClassGame(
        "classical-conquests",
        {
            "players": 2,
            "civilizations": ["Athenians", "Spartans"],
            "max_turns": 5,
            "homes": ["attica", "peloponnesus"],
            "lands": "greek-world",
        },
        "Class game: Athens against Sparta, as in the Peloponnesian War (431-404 BC): "
        "Athens starts in Attica, Sparta in the Peloponnese, 5 rounds instead of up to 40; "
        "paying and feeding are done the suggested way.",
        (
            (
                "Lands",
                "The lesson's game is played in the Greek world of the war, from southern "
                "Italy to Cyprus (Magna Graecia, Macedonia, Thracia, Attica, the "
                "Peloponnese, Creta, Bithynia, Ionia, Galatia, Cyprus and their seas): "
                "nobody settles, recruits or moves anywhere else, and the rest of the map "
                "is greyed out.",
            ),
            (
                "Homes",
                "Athens founds its first city in Attica and Sparta in the Peloponnese, "
                "where the two cities really stood, though the rulebook lets each player "
                "choose and keeps first cities at least 3 steps apart; these two lands "
                "are neighbours, as the two rivals were.",
            ),
            (
                "Length",
                "The lesson's game stops after 5 rounds; the most victory points then "
                "win, as at the end of a full game. A full game ends when a player reaches "
                "100 victory points, or after 40 rounds (our limit).",
            ),
            (
                "Paying",
                "When something costs resources, the screen pays the suggested way at "
                "once (the cheapest resources first), and at upkeep it feeds every army, "
                "fleet and city the suggested way, food first and gold last. Only when "
                "food and gold cannot feed them all does the student choose what goes "
                "unfed (an unfed army or fleet is disbanded, an unfed city shrinks to a "
                "village).",
            ),
        ),
        # the full game: the whole map, and the rules' own length (our limit of 40 rounds)
        {"players": 2, "civilizations": ["Athenians", "Spartans"]},
    ),
    "conquest-1972": ClassGame(
        "conquest-1972",
        {
            "scenario": "skirmish",
            "draw_offers": False,
            # the skirmish opens on turn 2 (White's), so turns 2 to 13 are 6 each
            "turn_limit": 13,
            "moves_per_turn": 5,
            "pieces_decide": True,
        },
        "Class game: the skirmish, 6 turns each of 5 moves; more enemy capitol spaces held "
        "wins, then more pieces left.",
        (
            (
                "Short turns",
                "The lesson's game is the skirmish on the Middle Isle with 5 moves a turn "
                "instead of 20 (1 fewer for each space of your capitol the enemy holds).",
            ),
            (
                "Length",
                "The skirmish begins as if the opening turn were over (the full game's "
                "first turn has 10 moves) and ends after 6 turns each, White's and then "
                "Black's: the screen counts them as White's turn 1 of 6 and so on. It is "
                "judged by the rulebook's rule for quiet turns: more enemy capitol spaces "
                "held wins.",
            ),
            (
                "Pieces decide",
                "When both sides hold as many enemy capitol spaces at the end, the side "
                "with more pieces left wins; only equal pieces make a draw.",
            ),
            ("No draw offers", "Nobody offers a draw in the lesson's game."),
        ),
        {"scenario": "skirmish"},
    ),
    "conquest-of-speros": ClassGame(
        "conquest-of-speros",
        {"players": 2, "mastery": False, "max_rounds": 7},
        "Class game: 7 rounds, without the mastery objectives.",
        (
            (
                "Length",
                "The lesson's game ends after round 7 (both players have had 7 turns), unless "
                "it ended sooner "
                "(an empty Base Camp, or the deck run out); it is scored as at any other "
                "end, bonus objectives included.",
            ),
            (
                "No mastery objectives",
                "The lesson's game is played without the mastery objectives, so a "
                "student has one kind of objective fewer to follow.",
            ),
            (
                "Abilities that would do nothing",
                "An ability that would do nothing now says so in the list of moves, with "
                "the reason; when every ability left in the ability step would do nothing, "
                "the step passes by itself and the turn goes on to the action.",
            ),
        ),
        {"players": 2, "mastery": True},
    ),
    "historical-conquest": ClassGame(
        "historical-conquest",
        # Salem's Scotland and Confucius' Greece: both in Europe
        {"players": 2, "max_rounds": 6, "first_lands": ["CT4304", "CT4601"]},
        "Class game: both sides start in Europe, Scotland against Greece, for 6 rounds; "
        "the other side's interrupt windows pass by themselves.",
        (
            (
                "First lands",
                "Player 1 (the Salem deck) starts in Scotland and Player 2 (the Confucius "
                "deck) in Greece, instead of on the top land of each land pile: both lands "
                "are in Europe, so the two sides can fight each other from round 3, when "
                "attacks open; the coin still decides who goes first.",
            ),
            (
                "Length",
                "The lesson's game ends after 6 rounds; the highest morale then wins, as "
                "at our round limit of a full game.",
            ),
            (
                "Interrupts",
                "When the other player's move opens a window for interrupt cards, the "
                "screen passes for you; you still play interrupt cards in your own turn.",
            ),
        ),
        {"players": 2},
    ),
}


def class_options(game_id: str) -> dict[str, Any]:
    """The options of ``game_id``'s class game (a copy)."""
    options = CLASS_GAMES[game_id].options
    return {k: list(v) if isinstance(v, list) else v for k, v in options.items()}


def class_game(game_id: str) -> Game:
    """``game_id``'s class game, ready to play."""
    import hcgames

    return hcgames.load(game_id, **class_options(game_id))


def full_game(game_id: str) -> Game:
    """The full game a play lesson offers beside its class game."""
    import hcgames

    return hcgames.load(game_id, **dict(CLASS_GAMES[game_id].full_options))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, list | tuple) else value


def is_class_game(game: Game) -> bool:
    """Whether ``game`` was made with its class game's options."""
    spec = CLASS_GAMES.get(game.id)
    if spec is None:
        return False
    return {k: _plain(v) for k, v in game.options.items()} == {
        k: _plain(v) for k, v in spec.options.items()
    }


def class_decisions(game: Game) -> list[RuleDecision]:
    """The rules we decided for ``game``'s class game, if ``game`` is one; else none."""
    return CLASS_GAMES[game.id].decisions() if is_class_game(game) else []


def _named(action: Action, *names: str) -> bool:
    return type(action).__name__ in names


def obvious_move(state: State, legal: list[Action] | None = None) -> Action | None:
    """In a class game, the move that is the only sensible one now, or ``None``.

    - Classical: a payment is settled the suggested way ("pay the rest"), and the
      upkeep phase ends feeding everything the suggested way;
    - Historical: the other side's interrupt window is passed;
    - Speros: an ability step whose every ability would do nothing now ends;
    - any game: a step with a single legal move.
    """
    if state.is_terminal() or state.is_chance():
        return None
    legal = state.legal_actions() if legal is None else legal
    if len(legal) == 1:
        return legal[0]
    game = state.game
    if not is_class_game(game):
        return None
    if game.id == "classical-conquests":
        rest = [a for a in legal if _named(a, "PayRest")]
        if rest:
            return rest[0]
        if state.phase == "upkeep":
            ends = [a for a in legal if _named(a, "EndPhase")]
            if ends:
                return ends[0]
    if game.id == "conquest-of-speros" and state.phase == "ability":
        # abilities that would change nothing are no choice: "use no ability now" passes
        ends = [a for a in legal if _named(a, "EndAbilities")]
        if ends and all(a in ends or state.idle_reason(a) for a in legal):
            return ends[0]
    if game.id == "historical-conquest" and state.phase == "interrupt window":
        passes = [a for a in legal if _named(a, "Pass")]
        if passes:
            return passes[0]
    return None
