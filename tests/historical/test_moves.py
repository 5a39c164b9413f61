"""Historical Conquest: rules checked again after the outside audit against the rulebook.

Each test is named after the rule it checks.

Covers ``hcgames.historical.actions``, ``hcgames.historical.decisions``,
``hcgames.historical.pending``, ``hcgames.historical.plays`` and
``hcgames.historical.refusals``, which have no test file of their own (see
tests/test_layout.py).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import cast

import pytest

from hcgames.core import Action, IllegalAction
from hcgames.historical import load_catalogue
from hcgames.historical.actions import (
    Attack,
    Confiscate,
    Discard,
    EndPhase,
    ExplorerMove,
    FirstPlayer,
    Interrupt,
    Move,
    Pass,
    Pick,
    PlayCard,
    RevealLand,
    UseAbility,
)
from hcgames.historical.cards import plate_span
from hcgames.historical.decisions import decisions_text
from hcgames.historical.state import HistoricalState
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import Lands, act, finish_turn, game, new_game, settle, sums

# --- interrupts and held abilities --------------------------------------------------------


def test_interrupt_cards_play_in_the_owners_own_attack_phase() -> None:
    state = arrange(
        game(),
        round_no=3,
        phase="attack",
        morale={0: 900},
        lands={0: [("CT4404", ["MU2001"])], 1: [("CT4503", ["LE4102"])]},
        hands={0: ["DO4301"]},
    )
    assert state.phase == "attack"
    assert Interrupt(key("DO4301", 0), "", ()) in state.legal_actions()
    act(state, Interrupt(key("DO4301", 0), "", ()))
    assert key("DO4301", 0) in state.active[0] and state.phase == "attack"


def _windows_in_turn(turn: int, round_no: int) -> list[str]:
    """The phases of ``turn``'s turn at whose end the other player is asked for an
    interrupt (the Bill of Rights in hand), passing each time."""
    holder = 1 - turn
    state = arrange(
        game(),
        round_no=round_no,
        turn=turn,
        lands={turn: [("CT4205", ["MU2001"])], holder: [("CT4404", ["LE4102"])]},
        hands={turn: ["MU4301"], holder: ["DO4301"]},
    )
    seen = []
    state.apply(EndPhase())
    while state.turn == turn and not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        elif state.current_player == holder:
            assert state.phase == "interrupt window"
            assert Interrupt(key("DO4301", holder), "", ()) in state.legal_actions()
            seen.append(state.phase_name)
            state.apply(Pass())
        else:
            state.apply(EndPhase())
    return seen


def test_interrupt_cards_are_offered_in_an_opponents_turn_while_they_can_answer() -> None:
    """Lesson 51 (look 13): the student was asked five times in one computer turn. Once
    the opponent's attacks are over, the player who plays next is not asked again: the
    card does as much at the start of their own turn."""
    assert _windows_in_turn(turn=0, round_no=2) == ["play"]
    # the game's last turn: no turn of their own follows, so every phase asks
    last = game().max_rounds
    assert _windows_in_turn(turn=1, round_no=last) == ["play", "attack", "move", "draw"]


def test_held_abilities_work_at_any_time_in_the_owners_turn() -> None:
    use = UseAbility(key("AU4602", 0), 0, ("P1",))
    for phase in ("play", "attack", "move", "draw"):
        state = arrange(
            game(),
            round_no=3,
            phase=phase,
            lands={0: [("CT4205", ["AU4602"])], 1: [("CT4404", ["LE4102"])]},
        )
        assert state.phase == phase
        assert use in state.legal_actions(), phase
    act(state, use)
    assert state.morale[1] == -300


# --- explorers ------------------------------------------------------------------------------


def _explorer_table(round_no: int = 2) -> HistoricalState:
    return arrange(
        game(),
        round_no=round_no,
        phase="move",
        lands={
            0: [("CT4205", ["EX4301", "MU2001", "LE4102"]), ("CT4306", [])],
            1: [("CT4503", []), ("CT4404", ["IN4201"])],
        },
    )


def test_explorer_moves_once_a_turn_and_the_turns_move_counts() -> None:
    state = _explorer_table()
    earhart, west = key("EX4301", 0), key("CT4306", 0)
    assert Move(earhart, west) in state.legal_actions()
    act(state, Move(earhart, west))
    legal = state.legal_actions()
    assert not [a for a in legal if isinstance(a, ExplorerMove) and a.explorer == earhart]
    assert not [a for a in legal if isinstance(a, Confiscate) and earhart in (a.card, a.explorer)]


def test_explorer_journey_uses_up_its_move_and_its_land_taking() -> None:
    state = _explorer_table()
    earhart, west = key("EX4301", 0), key("CT4306", 0)
    act(state, ExplorerMove(earhart, west, key("MU2001", 0)))
    legal = state.legal_actions()
    assert Move(earhart, key("CT4205", 0)) not in legal
    assert not [a for a in legal if isinstance(a, Confiscate) and earhart in (a.card, a.explorer)]


def test_explorer_carries_one_card_onto_an_undefended_land_to_take_it() -> None:
    state = _explorer_table()
    earhart, beethoven, china = key("EX4301", 0), key("MU2001", 0), key("CT4503", 1)
    take = Confiscate(beethoven, china, earhart)
    assert take in state.legal_actions()
    act(state, take)
    found = state.column_of_land(china)
    assert found is not None and found[0] == 0
    assert sorted(found[1].cards) == sorted([earhart, beethoven])
    assert earhart in state.travelled
    assert not [a for a in state.legal_actions() if isinstance(a, ExplorerMove)]


def test_explorer_taking_an_empty_land_counts_as_its_move() -> None:
    state = _explorer_table()
    earhart, china = key("EX4301", 0), key("CT4503", 1)
    act(state, Confiscate(earhart, china))
    assert earhart in state.travelled
    journeys = [a for a in state.legal_actions() if isinstance(a, ExplorerMove | Move)]
    movers = [getattr(a, "card", "") or getattr(a, "explorer", "") for a in journeys]
    assert earhart not in movers


# --- round one, held abilities, who starts ----------------------------------------------------


@pytest.mark.parametrize("explorer", ["EX4301", "EX4203"])  # Earhart; Magellan (kills on play)
def test_explorer_may_discover_a_land_in_round_one(explorer: str) -> None:
    state = arrange(
        game(),
        round_no=1,
        lands={0: [("CT4205", [])], 1: [("CT4404", ["LE4102"])]},
        hands={0: [explorer]},
    )
    discover = PlayCard(key(explorer, 0), "", (), -1, True)
    assert discover in state.legal_actions()
    act(state, discover)
    assert len(state.rows[0]) == 2
    assert state.rows[1][0].cards == [key("LE4102", 1)]  # nobody else is touched


def test_holdable_land_ability_waits_until_its_owner_uses_it() -> None:
    state = arrange(
        game(decks=["boadicea", "salem"]),
        round_no=2,
        lands={0: [("CT4503", ["MU2001"])]},
        hands={0: []},
    )
    australia = key("CT4501", 0)
    state.piles[0] = [australia]
    state.push_discovery(0, 0, "", place="", escort=False, discard_self=False, choose=False)
    state._advance()
    state.apply(RevealLand(0, australia))
    assert state.morale[0] == 0  # turning Australia up does not spend its ability
    use = UseAbility(australia, 0, ())
    assert use in state.legal_actions()
    act(state, use)
    assert state.morale[0] == 200
    assert use not in state.legal_actions()


def test_holdable_character_ability_waits_until_its_owner_uses_it() -> None:
    state = arrange(
        game(), round_no=2, lands={0: [("CT4503", [])]}, hands={0: ["CO4402", "MU4301"]}
    )
    nebuchadnezzar = key("CO4402", 0)
    act(state, PlayCard(nebuchadnezzar, key("CT4503", 0)))
    assert state.morale[0] == 0  # playing him does not spend his held +100
    act(state, EndPhase())
    assert state.phase == "attack"
    act(state, UseAbility(nebuchadnezzar, 1, ()))
    assert state.morale[0] == 100


def test_first_player_by_coin_is_a_fair_chance_step() -> None:
    state = new_game(players=3, seed=4)
    assert state.chance_outcomes() == [(FirstPlayer(p), Fraction(1, 3)) for p in range(3)]
    state.apply(FirstPlayer(2))
    settle(state)
    assert state.turn == 2 and state.round == 1
    finish_turn(state)
    assert state.turn == 0 and state.round == 1  # play goes on round the table
    finish_turn(state)
    assert state.turn == 1 and state.round == 1
    finish_turn(state)
    assert state.turn == 2 and state.round == 2  # a round starts with the first player


def test_first_player_by_the_northernmost_top_land() -> None:
    state = new_game(first_player="north", seed=1)
    state.apply(RevealLand(0, key("CT4205", 0)))  # Quebec reaches 62.6 degrees north
    state.apply(RevealLand(1, key("CT4304", 1)))  # Scotland reaches 60.9 degrees north
    settle(state)
    assert state.first == 0 and state.turn == 0
    assert state.rows[0][0].land == key("CT4205", 0)  # the top land is played first
    finish_turn(state)
    assert state.turn == 1 and state.rows[1][0].land == key("CT4304", 1)
    assert state.round == 1


def test_first_player_tie_in_the_north_goes_to_a_coin() -> None:
    state = new_game(first_player="north", decks=["cheswell", "confucius"], seed=1)
    state.apply(RevealLand(0, key("CT4206", 0)))  # Venezuela
    state.apply(RevealLand(1, key("CT4606", 1)))  # the other Venezuela card
    assert state.chance_outcomes() == [
        (FirstPlayer(0), Fraction(1, 2)),
        (FirstPlayer(1), Fraction(1, 2)),
    ]


def test_first_player_option_is_checked() -> None:
    with pytest.raises(ValueError, match="first_player"):
        game(first_player="youngest")


def test_first_lands_fixed_by_the_game_are_played_first() -> None:
    """The class game's option: each seat's first land is named, not the top of its
    pile; the coin (or the north rule, on those lands) still picks who starts."""
    lands = ["CT4304", "CT4601"]  # Salem's Scotland, Confucius' Greece
    state = new_game(decks=["salem", "confucius"], first_lands=lands, seed=2)
    assert key("CT4304", 0) not in state.piles[0] and key("CT4601", 1) not in state.piles[1]
    settle(state)
    finish_turn(state)
    finish_turn(state)
    assert [col.land for col in state.rows[0]][:1] == [key("CT4304", 0)]
    assert [col.land for col in state.rows[1]][:1] == [key("CT4601", 1)]
    north = new_game(decks=["salem", "confucius"], first_lands=lands, first_player="north")
    settle(north)  # Scotland (60.9 degrees north) lies farther north than Greece
    assert north.first == 0 and north.rows[0][0].land == key("CT4304", 0)
    with pytest.raises(ValueError, match="first_lands"):
        game(decks=["salem", "confucius"], first_lands=["CT4601", "CT4304"])
    with pytest.raises(ValueError, match="first_lands"):
        game(decks=["salem", "confucius"], first_lands=["CT4304"])


# --- French leaders -------------------------------------------------------------------------


def test_french_musketeers_gain_300_strength_with_a_french_leader_in_the_land() -> None:
    with_napoleon = arrange(
        game(),
        lands={0: [("CT4504", ["AR4602", "CO4203"])], 1: [("CT4601", ["MU2001"])]},
    )
    alone = arrange(game(), lands={0: [("CT4504", ["AR4602"])], 1: [("CT4601", ["MU2001"])]})
    napoleon = 700
    gained = sums(with_napoleon, key("CT4504", 0), key("CT4601", 1)).attack
    plain = sums(alone, key("CT4504", 0), key("CT4601", 1)).attack
    assert gained - plain == napoleon + 300
    assert plain == 2500  # no +500 for Europe: the book's Q&A replaces the card list


def test_quebec_gives_300_strength_with_a_french_leader_in_the_land() -> None:
    led = arrange(game(), lands={0: [("CT4205", ["CO4203"])], 1: [("CT4601", ["MU2001"])]})
    unled = arrange(game(), lands={0: [("CT4205", ["LE4102"])], 1: [("CT4601", ["MU2001"])]})
    assert sums(led, key("CT4205", 0), key("CT4601", 1)).attack == 700 + 300
    bonus = sums(unled, key("CT4205", 0), key("CT4601", 1)).lines
    assert not any("Quebec" in line and "300" in line for line in bonus)


# --- history plates -------------------------------------------------------------------------


def test_timeline_years_come_from_the_history_plates() -> None:
    cards = load_catalogue().cards
    assert (cards["LE4704"].plate_from, cards["LE4704"].plate_to) == (1672, 1725)
    assert (cards["AT4101"].plate_from, cards["AT4101"].plate_to) == (1913, 1980)
    assert cards["LE4704"].year_from == 1877  # the misprinted card year is kept as printed
    assert plate_span("reigned 605-562 BC") == (-605, -562)
    assert plate_span("63 BC-14") == (-63, 14)
    assert plate_span("until 1886") == (None, 1886)
    assert plate_span("1700s-present") == (1700, None)


HARD_HISTORY = ("EV4103", "EX4604", "OR3006", "EN4302", "TE3005")


@pytest.mark.parametrize("card_id", HARD_HISTORY)
def test_cards_on_hard_history_carry_a_teachers_note(card_id: str) -> None:
    card = load_catalogue().cards[card_id]
    assert card.context.startswith("A note for the teacher")
    # a student reads the note written for students, never the teacher's
    assert card.added_note in card.full_plate and card.plate in card.full_plate
    assert card.context not in card.full_plate


def test_teachers_note_shows_in_the_log_when_the_card_is_played() -> None:
    state = arrange(
        game(),
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4404", ["LE4102"]), ("CT4503", ["IN4201"])]},
        hands={0: ["TE3005"]},
    )
    act(state, PlayCard(key("TE3005", 0), "", (key("CT4404", 1),)))
    notes = [e for e in state.events if e.kind == "context"]
    assert len(notes) == 1
    assert "Hiroshima" in notes[0].text and notes[0].data["card"] == key("TE3005", 0)
    assert "Behind the card: " in notes[0].text and "teacher" not in notes[0].text


# --- refusals name the broken rule -------------------------------------------------------


def _refused(state: HistoricalState, action: Action, rule: str, words: str) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == rule
    assert words in str(caught.value)
    assert state.snapshot() == before


def test_refusal_names_the_same_continent_rule_for_a_move() -> None:
    state = arrange(
        game(),
        round_no=2,
        phase="move",
        lands={0: [("CT4205", ["MU2001", "IN4201"]), ("CT4201", []), ("CT4306", [])]},
    )
    assert state.phase == "move"
    _refused(state, Move(key("MU2001", 0), key("CT4201", 0)), "same continent", "one continent")


def test_refusal_names_the_same_continent_rule_for_an_attack() -> None:
    state = arrange(
        game(),
        phase="attack",
        morale={0: 900},
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4503", ["IN4201"]), ("CT4306", ["LE4201"])]},
    )
    assert state.phase == "attack"
    _refused(state, Attack(key("CT4205", 0), key("CT4503", 1)), "same continent", "North America")


def test_refusal_names_the_full_land_rule() -> None:
    state = arrange(
        game(),
        round_no=2,
        lands={0: [("CT4205", ["MU2001", "IN4201", "IN4202", "LE4201"])]},
        hands={0: ["LE4202"]},
    )
    _refused(state, PlayCard(key("LE4202", 0), key("CT4205", 0)), "land full", "is full")


def test_refusal_names_the_one_army_per_land_rule() -> None:
    state = arrange(game(), round_no=2, lands={0: [("CT4205", ["AR4201"])]}, hands={0: ["AR4203"]})
    _refused(state, PlayCard(key("AR4203", 0), key("CT4205", 0)), "one army per land", "army")


def test_refusal_names_the_undefended_land_rule() -> None:
    state = _explorer_table()
    defended = key("CT4404", 1)
    _refused(state, Confiscate(key("MU2001", 0), defended), "undefended lands", "defended")


def test_refusal_names_the_explorer_once_a_turn_rule() -> None:
    state = _explorer_table()
    act(state, ExplorerMove(key("EX4301", 0), key("CT4306", 0)))
    _refused(
        state,
        ExplorerMove(key("EX4301", 0), key("CT4205", 0)),
        "explorers move once a turn",
        "once a turn",
    )


# --- rule decisions ------------------------------------------------------------------------


def test_rule_decisions_are_labelled_rulebook_or_ours() -> None:
    decisions = game().rule_decisions()
    assert {d.source for d in decisions} == {"rulebook", "ours"}
    topics = [d.topic for d in decisions]
    assert len(topics) == len(set(topics))
    assert "Who starts" in topics and "French Musketeers and Quebec" in topics


def test_rule_decisions_text_lists_every_decision_readably() -> None:
    decisions = game().rule_decisions()
    text = decisions_text(decisions)
    assert text.startswith(f"{len(decisions)} rules the program had to settle")
    for number, decision in enumerate(decisions, 1):
        assert f"{number:>2}. {decision.topic} (" in text
    assert "RuleDecision(" not in text


# --- lands enter play only as the first land, through explorers or by abilities ---------


def test_land_card_back_in_the_hand_is_not_played_like_an_event() -> None:
    # Russia has come back into the hand (a reshuffled discard pile): it is no event
    state = arrange(game(), round_no=3, lands={0: [("CT4205", ["MU2001"])]}, hands={0: ["CT4404"]})
    russia = key("CT4404", 0)
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert all(a.card != russia for a in plays)
    _refused(state, PlayCard(russia, "", ()), "land cards", "lands enter play only")
    # it may still be discarded from the hand, which is a play
    assert Discard(russia) in state.legal_actions()


def test_land_card_drawn_from_a_reshuffled_discard_pile_stays_unplayable() -> None:
    state = arrange(
        game(),
        round_no=3,
        lands={0: [("CT4205", ["MU2001"])], 1: [("CT4503", ["AR4302"])]},
        discards={0: ["CT4404"]},
    )
    state.decks[0] = []  # an empty draw deck: the next draw turns the discard pile over
    finish_turn(state)  # the end-of-turn draw reshuffles the discard pile
    assert key("CT4404", 0) in state.hands[0]
    finish_turn(state)  # the opponent's turn
    assert state.turn == 0 and state.phase_name == "play"
    assert all(a.card != key("CT4404", 0) for a in state.legal_actions() if isinstance(a, PlayCard))


def test_a_sea_explorer_reaches_mali_up_the_river_niger() -> None:
    """The rulebook lets sea explorers travel to lands with river access to an ocean;
    Mali has no coast, but the Niger (its card data's river) opens it to ships. The
    Rocky Mountains, inland with no such river, stay out of reach by sea."""
    cards = load_catalogue().cards
    mali, samoa, rockies = cards["CT4603"], cards["CT4604"], cards["CT4505"]
    assert not mali.coastal and mali.river == "Niger" and mali.sea_access
    assert not rockies.coastal and not rockies.sea_access
    state = arrange(
        game(decks=["confucius", "boadicea"]),
        round_no=3,
        phase="move",
        lands={
            0: [("CT4604", ["EX4601", "LE4603"]), ("CT4603", ["LE4602"])],
            1: [("CT4501", ["AR4501"])],
        },
    )
    slocum, samoa_key, mali_key = key("EX4601", 0), key("CT4604", 0), key("CT4603", 0)
    journey = ExplorerMove(slocum, mali_key, key("LE4603", 0))
    assert journey in state.legal_actions()
    act(state, journey)
    found = state.column_of_land(mali_key)
    assert found is not None and slocum in found[1].cards and key("LE4603", 0) in found[1].cards
    # and back down the river to the sea
    assert samoa.sea_access and state.column_of_land(samoa_key) is not None


def test_a_won_battle_that_leaves_cards_says_why_the_land_stays() -> None:
    """Lesson 54: 'the attacker wins' yet the land keeps its owner; the log says why."""
    lands: Lands = {
        0: [("CT4404", ["AR4302", "CO3016", "IN4201"])],
        1: [("CT4503", ["MU2001", "IN4202", "AC4201"])],
    }
    state = arrange(game(), round_no=3, morale={0: 900}, lands=lands, phase="attack")
    act(state, Attack(key("CT4404", 0), key("CT4503", 1)))
    act(state, Pick(key("MU2001", 1), "casualty"))
    said = [e.text for e in state.events if "stays" in e.text]
    assert said == [
        "China stays Player 2's: a land changes hands only when no card is left on it, "
        "and 2 cards still stand there."
    ], said
    held = state.column_of_land(key("CT4503", 1))
    assert held is not None and held[0] == 1


def test_a_card_that_starts_a_duel_says_who_would_win_it() -> None:
    """Look 13, lesson 54: Aaron Burr's seventy pairs read "aimed at Aaron Burr and
    Lemuel Haynes"; each now says the duel and its winner by the two attack numbers."""
    game_ = game()
    seen = 0
    for seed in range(40):
        state = cast(HistoricalState, game_.new_game(seed=seed))
        rng = random.Random(seed)
        for _ in range(900):
            if state.is_terminal() or seen >= 6:
                break
            if state.is_chance():
                state.apply(state.chance_outcomes()[0][0])
                continue
            legal = state.legal_actions()
            for action in legal:
                words = state.action_words(action)
                if not isinstance(action, PlayCard) or "a duel of" not in words:
                    continue
                mine, theirs = action.targets
                a, b = state.card(mine).attack, state.card(theirs).attack
                winner = mine if a > b else theirs if b > a else ""
                assert "aimed at" not in words
                if winner:
                    assert words.endswith(f"which {state.card(winner).name} would win"), words
                else:
                    assert words.endswith("both would stay"), words
                seen += 1
            state.apply(rng.choice(legal))
        if seen >= 6:
            break
    assert seen >= 6


def test_the_attack_phase_says_how_many_of_the_turns_attacks_are_used() -> None:
    """Look 15, lesson 54: after two attacks the attack moves left the list with
    nothing to say why; the player's own side says how many are used of the two."""
    from hcgames.historical.material import ATTACKS_PER_TURN
    from hcgames.historical.teach import arrange

    lands = {0: [("CT4404", ["CO3016"])], 1: [("CT4503", ["MU2001", "IN4201"])]}
    state = arrange(game(), round_no=3, phase="attack", lands=lands, morale={0: 1000})
    assert state.own_side_lines(0) == [
        f"Attacks this turn: 0 of {ATTACKS_PER_TURN} used, {ATTACKS_PER_TURN} more allowed."
    ]
    state.attacks = ATTACKS_PER_TURN
    assert state.own_side_lines(0) == [
        f"Attacks this turn: {ATTACKS_PER_TURN} of {ATTACKS_PER_TURN} used, no more this turn."
    ]
    assert state.own_side_lines(1) == []  # not its turn
