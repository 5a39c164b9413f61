"""Lesson 54's play screen: the student's own hand stands right above the list of moves
(it stood under the map and the battlefields, a scroll away from the choice), and a
card's ability is never cut short."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import hcgames
from hcgames.historical.pending import PendingPick
from hcgames.widgets import PlayApp
from hcgames.widgets.cards import CARD_CSS

PlayApp.PAUSE = 0


def test_the_hand_battlefields_and_map_stand_beside_the_moves_in_one_unit() -> None:
    """Look 11, lesson 54: the battlefield a card is played on was two screens under the
    moves. The hand, the cards in play and the map stand in one column, the moves in a
    column beside it that stays in sight as the page scrolls, both in the one-screen unit."""
    from hcgames.widgets._base import ONE_SCREEN

    app = PlayApp(hcgames.load("historical-conquest", players=2), humans=(0,), seed=3)
    view = app.cards_view
    assert view is not None
    assert list(app.board_column.children) == [app.map_view]
    assert app.board_column.layout.overflow in (None, "") and not app.board_column.layout.max_height
    assert list(app.hand_area.children) == [view.hand]
    assert list(app.card_area.children) == [view]
    # the hand, then the battlefields its cards go to, then the map; the moves beside them
    assert list(app.table_column.children) == [app.hand_area, app.card_area, app.board_column]
    assert list(app.main.children) == [app.table_column, app.side_column]
    assert app.picker in app.side_column.children and app.happened in app.side_column.children
    assert ONE_SCREEN in app.main._dom_classes and "hcgames-play-hand" in app._dom_classes
    children = list(app.children)
    assert app.hand_area not in children and app.card_area not in children
    # the debrief (hidden until the game ends) right under the game
    assert children.index(app.debrief_box) == children.index(app.main) + 1
    assert "Player 1&#x27;s hand" in view.hand.value or "Player 1's hand" in view.hand.value
    state: Any = app.state
    hand = state.hands[0]
    assert hand and all(state.card(k).name in view.hand.value for k in hand)
    # the board keeps the rest of the table, and no hand twice
    assert not any(f"Player 1{q}s hand" in view.board.value for q in ("'", "&#x27;"))
    # the opponent's hidden hand stays on the board as card backs
    assert "Player 2" in view.board.value
    # a picked move outlines its card in the hand
    play = next(a for a in app.picker.shown if str(a).startswith("Play"))
    app.picker.pick(play)
    assert "hcgames-card-marked" in view.hand.value


def test_a_cards_ability_is_never_clamped() -> None:
    ability_rules = [rule for rule in CARD_CSS.split("}") if "hcgames-card-ability" in rule]
    assert ability_rules and not any("line-clamp" in rule for rule in ability_rules)


def test_cards_refused_for_one_reason_share_one_sentence() -> None:
    """'Not playable now' names each card once: 'A, B and C may not stand on Thailand:
    ...', not 'A: A may not stand ...; B: B may not stand ...'."""
    # 6 rounds, first lands from the piles: seed 3 opens on Thailand, which bans cards
    game = hcgames.load("historical-conquest", players=2, max_rounds=6)
    app = PlayApp(game, humans=(0,), bot="easy", seed=3)
    said = app._why_not_html()
    assert "Not playable now:" in said
    for name in ("Johannes Gutenberg", "Margaret Hughes", "King Henry VIII"):
        assert said.count(name) == 1, name
    assert "King Henry VIII may not stand on Thailand" in said


def test_why_a_card_is_not_playable_comes_from_the_contract() -> None:
    """The play screen asks the position (State.unplayable_reasons), never a game by
    name: Historical says why each card of the hand is refused; a game without cards
    in hands says nothing."""
    from hcgames.core import State

    game = hcgames.load("historical-conquest", players=2, max_rounds=6)
    state = PlayApp(game, humans=(0,), bot="easy", seed=3).state  # Thailand bans cards
    reasons = dict(state.unplayable_reasons(state.current_player))
    assert reasons and all(why for why in reasons.values())
    assert "King Henry VIII may not stand on Thailand" in reasons["King Henry VIII"]
    assert not state.unplayable_reasons(1 - state.current_player)  # not in the other's turn
    duels = hcgames.load("conqueror-duels").new_game(seed=1)
    assert State.unplayable_reasons(duels, 0) == [] == duels.unplayable_reasons(0)
    source = (Path(__file__).resolve().parent.parent / "hcgames/widgets/play_screen.py").read_text()
    why_not = source[source.index("def _why_not_html") : source.index("def _own_side_html")]
    assert "historical" not in why_not.lower()


def test_cards_refused_by_a_reason_about_the_player_read_as_one_sentence() -> None:
    """'A and B, as Player 1 has used all 3 plays this turn.' (a reviewer read 'A, B and
    C: Player 1 has used ...' as no sentence at all)."""
    game = hcgames.load("historical-conquest", players=2, max_rounds=6)
    app = PlayApp(game, humans=(0,), bot="easy", seed=3)
    state: Any = app.state
    used = "Player 1 has used all 3 plays this turn"
    state.unplayable_reasons = lambda _p: [("Louis Braille", used), ("Isabella Baumfree", used)]
    said = app._why_not_html()
    assert f"Louis Braille and Isabella Baumfree, as {used}." in said
    state.unplayable_reasons = lambda _p: [("Louis Braille", "The land is full")]
    assert "Louis Braille, as the land is full." in app._why_not_html()


def test_the_computers_battle_is_shown_when_the_student_must_lose_a_card() -> None:
    """Lesson 54: asked which card is lost in a battle, the student sees the battle's
    sums and the duels and deaths before it; a run of 'ends the phase' is said once."""
    from hcgames.classgame import class_game  # the lesson's own game

    app = PlayApp(class_game("historical-conquest"), humans=(0,), bot="easy", seed=3)
    plan = [
        "Vasco Núñez de Balboa on",
        "John Cabot on",
        "Louis Braille on",
        "Margaret Hughes on",
        "Play Algebra",
        "Play The Roman Colosseum",  # its pairs are listed after the discards
    ]
    for _ in range(40):
        state: Any = app.state
        if any(isinstance(p, PendingPick) and p.purpose == "casualty" for p in state.pending):
            break
        shown = {app.describe_action(a): a for a in app.picker.shown}
        wanted = [a for words, a in shown.items() for p in plan[:1] if p in words]
        if wanted:
            plan.pop(0)
            app._human_action(wanted[0])
        else:
            app._human_action(next(a for w, a in shown.items() if w.startswith("End")))
    else:
        raise AssertionError("the computer never attacked")
    said = app.why_box.value
    assert "What came of it" in said
    assert "Battle for Scotland: attack 1160 against defence 1020: the attacker wins." in said
    assert "John Cabot dies (lost a duel)." in said
    assert said.count("ends the phase") <= 1
    # every battle after the student's own move is said, those a pass of the student's
    # let go on included (the game's last attacks were missing)
    said_battles = 0
    while not app.state.is_terminal():
        first = len(app.state.events)
        shown = {app.describe_action(a): a for a in app.picker.shown}
        ends = [a for words, a in shown.items() if words.startswith("End")]
        app._human_action((ends or list(shown.values()))[0])  # the computer plays on
        own = len(app.own_events)
        battles = [e.text for e in app.state.events[first + own :] if e.kind == "battle"]
        for text in battles[-6:]:
            assert text in app.why_box.value, text
        said_battles += len(battles)
    assert said_battles


def test_a_stopped_attack_is_said_under_what_came_of_it() -> None:
    """Lesson 54: the computer's interrupt that calls off the student's attack is said in
    the panel beside the moves, not only in the log far below the board."""
    from hcgames.classgame import class_game  # the lesson's own game
    from hcgames.core import Event  # the log line the rules write

    app = PlayApp(class_game("historical-conquest"), humans=(0,), bot="easy", seed=3)
    app.reasons = ["It left things no worse than before"]
    stopped = (
        "Player 1's attack on Greece was stopped: Harriet Tubman blocks it, so the attack "
        "is called off."
    )
    app._note_outcomes([Event(4, "attack", 1, "block", stopped)])
    said = app._outcomes_html()
    assert "What came of it" in said and "attack on Greece was stopped" in said


def test_a_card_with_many_target_pairs_has_its_own_group_after_the_other_plays() -> None:
    """Lesson 54: forty 'Play The Roman Colosseum targeting X and Y' buried the other
    plays; such a card gets its own group, listed after the cards with one way to play."""
    from hcgames.classgame import class_game  # the lesson's own game
    from hcgames.historical.actions import EndPhase, PlayCard  # the rules' moves

    app = PlayApp(class_game("historical-conquest"), humans=(0,), bot="easy", seed=3)
    pairs = [PlayCard("AC4602/0", "", (f"x{i}", f"y{i}")) for i in range(5)]
    single = PlayCard("AC4201/0", "CT4306/0")
    app.picker.actions = [*pairs, single, EndPhase()]
    kind, rank = app._group_of(pairs[0])
    assert kind.endswith(": choose the targets") and kind != "Play a card"
    assert app._group_of(single) == ("Play a card", rank - 0.5)
    assert app._group_of(EndPhase())[0] == "End the phase"
    app.picker.actions = [*pairs[:2], single]  # two pairs only: listed with the plays
    assert app._group_of(pairs[0])[0] == "Play a card"


def test_how_the_game_began_is_said_again_for_a_new_game() -> None:
    """Look 11, lesson 54: after New game the page still described the first game."""
    from hcgames.classgame import class_game  # the lesson's own game
    from hcgames.historical.lessons import game_start  # what the line says
    from hcgames.widgets.historical_lessons import GameStartLine  # the lesson's line

    app = PlayApp(class_game("historical-conquest"), humans=(0,), bot="easy", seed=3)
    line = GameStartLine(app)
    first = line.value
    assert "How this game began" in first and "The coin chose" in first
    assert "**" not in first  # the Markdown bold as HTML
    app.new_game()
    said = game_start(app.state).replace("**", "")
    assert said.split(". ")[-1].split(":")[0] in line.value.replace("<b>", "").replace("</b>", "")
    assert line._game == (1, 0)


def test_how_the_game_began_follows_a_game_loaded_over_one_under_way() -> None:
    """Look 13, lesson 54: a game the student began, loaded over one the computer began,
    still read "The coin chose the computer to go first"."""
    from hcgames.classgame import class_game  # the lesson's own game
    from hcgames.widgets.historical_lessons import GameStartLine  # the lesson's line

    by_first: dict[int, PlayApp] = {}
    for seed in range(1, 30):
        app = PlayApp(class_game("historical-conquest"), humans=(0,), bot="easy", seed=seed)
        by_first.setdefault(cast(Any, app.state).first, app)
        if len(by_first) == 2:
            break
    screen, saved = by_first[1], by_first[0].save_json()
    line = GameStartLine(screen)
    assert "The coin chose the computer to go first" in line.value
    assert screen.load_json(saved)
    assert "The coin chose you to go first" in line.value


def test_a_used_ability_is_said_in_plain_words() -> None:
    """Look 11: "uses the ability of Gladiatrix targeting Gladiatrix and Louis Braille"."""
    from hcgames.historical.actions import PlayCard, UseAbility  # the rules' moves

    state = hcgames.load("historical-conquest", players=2).new_game(1)
    duel = UseAbility("WA4401/1", 0, ("WA4401/1", "CT4201/0"))
    assert state.action_words(duel) == (
        "Use the ability of Gladiatrix: a duel of Gladiatrix against Iceland"
    )
    moved = state.action_words(UseAbility("TE3011/1", 0, ("WA4401/1", "CT4201/0")))
    assert moved == "Use the ability of Shipbuilding: move Gladiatrix to Iceland"
    aimed = state.action_words(PlayCard("WA4401/1", "CT4201/0", ("P0",)))
    assert aimed == "Play Gladiatrix on Iceland, aimed at Player 1" and "targeting" not in aimed
