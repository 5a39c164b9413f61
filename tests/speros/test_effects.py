"""Every effect of the ability vocabulary, Artifacts (capture, lock, Excavate, the three
capture timings) and General abilities once a game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hcgames.core import IllegalAction
from hcgames.speros import give_captured, lay_out, put_in_hand, start, to_action_step
from hcgames.speros.actions import (
    Accept,
    Attack,
    Deploy,
    Discard,
    EndAbilities,
    Exile,
    Fortify,
    Lead,
    Move,
    Obliterate,
    Plan,
    PlayFromHand,
    Raze,
    Recall,
    Stop,
    UseAbility,
)
from hcgames.speros.effects import PendingOffer
from hcgames.speros.material import ACTIVE_EFFECTS, ONGOING_EFFECTS
from hcgames.speros.scoring import score_lines
from hcgames.speros.state import SperosState


def _fresh() -> tuple[SperosState, int, int]:
    state = start(2, ["mountain", "ocean"], seed=11)
    me = state.turn_player
    return state, me, 1 - me


def _use_discard(state: SperosState, card: str) -> None:
    me = state.turn_player
    put_in_hand(state, me, card)
    state.apply(Discard(card))
    state.apply(UseAbility("discard", card, 0))


def _resolve_draws(state: SperosState) -> None:
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])


def check_draw(state: SperosState, me: int, rival: int) -> None:
    put_in_hand(state, me, "F01")  # draw 2
    hand = len(state.hands[me])
    deck = len(state.deck)
    _use_discard(state, "F01")
    _resolve_draws(state)
    assert len(state.hands[me]) == hand - 1 + 2
    assert len(state.deck) == deck - 2


def check_deploy(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "F08")  # forest, 5 spaces
    lay_out(state, "M08")  # mountain: outside this ability's terrain
    _use_discard(state, "F02")  # deploy one Minion to a Forest Location
    legal = state.legal_actions()
    assert Deploy("F08") in legal and Deploy("M08") not in legal
    home = state.base_minions[me]
    state.apply(Deploy("F08"))
    assert state.units["F08"] == [(me, "M")]
    assert state.base_minions[me] == home - 1


def check_exile(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "M08", [(rival, "M"), (rival, "G")])
    _use_discard(state, "F03")  # exile one rival Minion anywhere
    assert Exile("M08", rival) in state.legal_actions()
    home = state.base_minions[rival]
    state.apply(Exile("M08", rival))
    assert state.units["M08"] == [(rival, "G")], "exile takes Minions only"
    assert state.base_minions[rival] == home + 1


def check_obliterate(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "F08", [(rival, "M"), (rival, "G")])
    _use_discard(state, "F04")  # obliterate one rival Unit on a Forest Location
    legal = state.legal_actions()
    assert Obliterate("F08", rival, True) in legal and Obliterate("F08", rival, False) in legal
    home = state.base_minions[rival]
    state.apply(Obliterate("F08", rival, False))
    assert state.units["F08"] == [(rival, "G")]
    assert state.base_minions[rival] == home, "obliterated Units do not go home"
    assert state.lost_minions[rival] == 1


def check_move(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "F08", [(me, "M")])
    lay_out(state, "F19")
    _use_discard(state, "F05")  # move one of your Minions
    state.apply(Move("F08", "F19"))
    assert state.units["F08"] == [] and state.units["F19"] == [(me, "M")]


def check_recall(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "F08", [(me, "M")])
    home = state.base_minions[me]
    _use_discard(state, "F11")
    state.apply(Recall("F08"))
    assert state.units["F08"] == [] and state.base_minions[me] == home + 1


def check_explore(state: SperosState, me: int, rival: int) -> None:
    put_in_hand(state, me, "M08")
    _use_discard(state, "F07")  # lay one Location from hand, unclaimed
    state.apply(PlayFromHand("M08"))
    assert "M08" in state.skirmish and state.units["M08"] == []
    assert "M08" not in state.hands[me]


def check_raze(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "F08")
    lay_out(state, "F19", [(rival, "M")])
    _use_discard(state, "F09")  # raze one empty Location
    legal = state.legal_actions()
    assert Raze("F08") in legal and Raze("F19") not in legal
    state.apply(Raze("F08"))
    assert "F08" not in state.skirmish and state.discard[-1] == "F08"


def check_fortify(state: SperosState, me: int, rival: int) -> None:
    give_captured(state, me, "F08", [(me, "M"), (me, "M"), (me, "M")])
    _use_discard(state, "F10")  # fortify one captured card
    state.apply(Fortify("F08"))
    assert state.units["F08"].count((me, "M")) == 4
    assert state.owner["F08"] == me


SCENARIOS: dict[str, Callable[[SperosState, int, int], None]] = {
    "draw": check_draw,
    "deploy": check_deploy,
    "exile": check_exile,
    "obliterate": check_obliterate,
    "move": check_move,
    "recall": check_recall,
    "explore": check_explore,
    "raze": check_raze,
    "fortify": check_fortify,
}


def test_every_active_effect_has_a_scenario() -> None:
    assert set(SCENARIOS) == set(ACTIVE_EFFECTS)


@pytest.mark.parametrize("kind", sorted(ACTIVE_EFFECTS))
def test_active_effect(kind: str) -> None:
    state, me, rival = _fresh()
    SCENARIOS[kind](state, me, rival)


def test_an_impossible_ability_is_simply_skipped() -> None:
    state, _me, _rival = _fresh()
    _use_discard(state, "F11")  # recall, but no Minion of ours is deployed
    assert state.phase == "ability" and not state.stack
    assert UseAbility("discard", "F11", 0) not in state.legal_actions()


def test_stop_ends_an_ability_early() -> None:
    state, _me, _rival = _fresh()
    lay_out(state, "F08")
    lay_out(state, "F19")
    _use_discard(state, "F18")  # deploy up to 2 to Forest Locations
    state.apply(Deploy("F08"))
    state.apply(Stop())
    assert state.units["F19"] == [] and not state.stack and state.phase == "ability"


# --- ongoing Artifact effects -------------------------------------------------------


def ongoing_plan_bonus(state: SperosState, me: int, rival: int) -> None:
    give_captured(state, me, "A03")  # Plan draws one extra
    to_action_step(state)
    hand = len(state.hands[me])
    state.apply(Plan())
    _resolve_draws(state)
    assert len(state.hands[me]) == hand + 4


def ongoing_hand_limit(state: SperosState, me: int, rival: int) -> None:
    give_captured(state, me, "A14")  # keep 13 cards
    lay_out(state, "F08")
    for card in list(state.deck[:8]):
        put_in_hand(state, me, card)
    assert state.hand_limit(me) == 13
    to_action_step(state)
    state.apply(Attack("F08"))
    # 7 + 8 - 1 = 14 cards: one over the raised limit of 13
    assert state.phase == "hand limit" and state.turn_player == me
    state.apply(state.legal_actions()[0])
    assert state.turn_player == rival


def ongoing_familiar(state: SperosState, me: int, rival: int) -> None:
    give_captured(state, me, "F16", [(me, "M")])
    before = dict((line, vp) for line, _, vp in score_lines(state, me))
    give_captured(state, me, "A07")  # forest counts as familiar
    after = dict((line, vp) for line, _, vp in score_lines(state, me))
    assert before["Minions on unfamiliar terrain"] == 1
    assert after["Minions on familiar terrain"] == 2


def ongoing_set_bonus(state: SperosState, me: int, rival: int) -> None:
    give_captured(state, me, "F16")  # crystal
    give_captured(state, me, "F08")  # iron
    give_captured(state, me, "F09")  # gold
    sets = dict((line, vp) for line, _, vp in score_lines(state, me))["resource sets"]
    assert sets == 3
    give_captured(state, me, "A02")  # +2 VP per set (and one gold)
    sets = dict((line, vp) for line, _, vp in score_lines(state, me))["resource sets"]
    assert sets == 5


def ongoing_shield(state: SperosState, me: int, rival: int) -> None:
    lay_out(state, "M08", [(rival, "M")])
    give_captured(state, rival, "A11")
    _use_discard(state, "F03")  # exile: nothing may be picked
    assert not state.stack, "the shielded Minion is no target"
    assert state.units["M08"] == [(rival, "M")]


ONGOING: dict[str, Callable[[SperosState, int, int], None]] = {
    "plan_bonus": ongoing_plan_bonus,
    "hand_limit": ongoing_hand_limit,
    "familiar": ongoing_familiar,
    "set_bonus": ongoing_set_bonus,
    "shield": ongoing_shield,
}


@pytest.mark.parametrize("kind", sorted(ONGOING_EFFECTS))
def test_ongoing_effect(kind: str) -> None:
    assert set(ONGOING) == set(ONGOING_EFFECTS)
    state, me, rival = _fresh()
    ONGOING[kind](state, me, rival)


def test_hand_limit_rule_with_the_codex() -> None:
    state, me, rival = _fresh()
    give_captured(state, me, "A14")
    lay_out(state, "F08")
    for card in list(state.deck[:6]):
        put_in_hand(state, me, card)
    to_action_step(state)
    state.apply(Attack("F08"))
    # 8 - 1 (first placement) + 6 - 1 (discard) = 12 cards, within a limit of 13
    assert state.turn_player == rival


# --- Artifacts --------------------------------------------------------------------------


def _artifact_in_play(state: SperosState, artifact: str) -> None:
    if artifact not in state.skirmish:
        state.skirmish.append(artifact)
        state.units[artifact] = []


def test_capturing_an_artifact_sends_rivals_home_and_locks_the_captor() -> None:
    state, me, rival = _fresh()
    _artifact_in_play(state, "A12")
    lay_out(state, "A12", [(rival, "M"), (me, "M"), (me, "M")])
    home = state.base_minions[rival]
    to_action_step(state)
    state.apply(Attack("A12"))  # 3 > 1 + 1: demonstrated
    state.apply(Stop())  # decline Excavate
    assert state.owner["A12"] == me
    assert state.units["A12"] == [(me, "M")] * 3
    assert state.base_minions[rival] == home + 1
    # locked: no ability may pick those Units, and no action may add to them
    assert Attack("A12") not in state.legal_actions()


def test_locked_units_cannot_be_moved_or_exiled() -> None:
    state, _me, rival = _fresh()
    give_captured(state, rival, "A12", [(rival, "M")])
    lay_out(state, "F08")
    _use_discard(state, "F03")  # exile
    assert not state.stack, "a Minion on a captured Artifact is no target"
    assert state.units["A12"] == [(rival, "M")]


def test_excavate_is_offered_once_per_turn() -> None:
    state, me, rival = _fresh()
    _artifact_in_play(state, "A09")  # excavate: draw 2
    to_action_step(state)
    state.apply(Lead("A09", True))
    assert state.legal_actions() == [Accept("excavate", "A09"), Stop()]
    hand = len(state.hands[me])
    state.apply(Accept("excavate", "A09"))
    _resolve_draws(state)
    assert len(state.hands[me]) == hand + 2
    assert state.turn_player == rival, "one offer only, though two Units were placed"


def test_excavate_used_up_only_when_taken_not_when_declined() -> None:
    # The book limits taking Excavate to once a turn: a declined offer comes back at
    # the next placing, and only taking it uses it up until the turn ends.
    state, me, rival = _fresh()
    _artifact_in_play(state, "A09")  # excavate: draw 2
    lay_out(state, "A09", [(rival, "M"), (rival, "M")])
    _use_discard(state, "M18")  # deploy 2, any terrain
    state.apply(Deploy("A09"))
    assert state.legal_actions() == [Accept("excavate", "A09"), Stop()]
    state.apply(Stop())  # declined: not used up
    state.apply(Deploy("A09"))
    assert state.legal_actions() == [Accept("excavate", "A09"), Stop()]
    hand = len(state.hands[me])
    state.apply(Accept("excavate", "A09"))
    _resolve_draws(state)
    assert len(state.hands[me]) == hand + 2
    assert state.excavated == [(me, "A09")]
    state.apply(EndAbilities())
    state.apply(Attack("A09"))  # a third Unit there: taken already this turn
    assert Accept("excavate", "A09") not in state.legal_actions()
    offers = [entry for entry in state.stack if isinstance(entry, PendingOffer)]
    assert all(offer.what != "excavate" for offer in offers)


def test_one_time_capture_ability_is_offered_on_capture() -> None:
    state, me, _rival = _fresh()
    _artifact_in_play(state, "A01")  # capture (once): deploy 2
    lay_out(state, "A01", [(me, "M"), (me, "M")])
    lay_out(state, "F08")
    to_action_step(state)
    state.apply(Attack("A01"))  # 3 > 0 + 2
    assert state.owner["A01"] == me
    state.apply(Stop())  # decline Excavate
    assert state.legal_actions() == [Accept("capture", "A01"), Stop()]
    state.apply(Accept("capture", "A01"))
    state.apply(Deploy("F08"))
    state.apply(Deploy("F08"))
    assert state.units["F08"] == [(me, "M"), (me, "M")]


def test_reusable_artifact_once_in_each_ability_step() -> None:
    state, me, _rival = _fresh()
    give_captured(state, me, "A04")  # reusable: deploy 1
    lay_out(state, "F08")
    state.apply(Discard(state.hands[me][0]))
    use = UseAbility("artifact", "A04", 0)
    assert use in state.legal_actions()
    state.apply(use)
    state.apply(Deploy("F08"))
    if state.phase == "ability":
        assert use not in state.legal_actions()
        state.apply(EndAbilities())
    with pytest.raises(IllegalAction):
        state.apply(use)


def test_general_ability_once_a_game() -> None:
    state, me, rival = _fresh()
    lay_out(state, "M08", [(rival, "M")])
    state.apply(Discard(state.hands[me][0]))
    general = [a for a in state.legal_actions() if getattr(a, "source", "") == "general"]
    assert len(general) == 2
    state.apply(general[0])
    assert state.general_used[me]
    while (state.current_player == me and state.phase == "ability") or state.stack:
        if state.is_chance():
            _resolve_draws(state)
        else:
            state.apply(state.legal_actions()[-1])  # stop / end
    if state.phase == "action":
        state.apply(Plan())
        _resolve_draws(state)
    while state.turn_player != me or state.phase != "discard":
        if state.is_chance():
            _resolve_draws(state)
        else:
            state.apply(state.legal_actions()[-1])
    state.apply(Discard(state.hands[me][0]))
    assert not any(getattr(a, "source", "") == "general" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="General"):
        state.apply(general[1])


def test_a_card_beats_the_rules_fortify_adds_to_a_locked_artifact() -> None:
    state, me, _rival = _fresh()
    give_captured(state, me, "A12", [(me, "M")])
    _use_discard(state, "F10")  # fortify one of your captured cards
    assert Fortify("A12") in state.legal_actions()
    state.apply(Fortify("A12"))
    assert state.units["A12"] == [(me, "M"), (me, "M")]
    # placing on an Artifact, even a captured one, offers its Excavate ability
    assert state.legal_actions() == [Accept("excavate", "A12"), Stop()]


# --- General abilities: once a game, at any step of the owner's own turn -----------------


def _dwarves_to_act() -> tuple[SperosState, int, int]:
    """A fresh two-player game whose first player leads the dwarves (obliterate 1 or
    fortify 2 with the General)."""
    state = start(2, ["mountain", "ocean"], seed=11)
    if state.colour[state.turn_player] != "mountain":
        state = start(2, ["ocean", "mountain"], seed=11)
    me = state.turn_player
    assert state.colour[me] == "mountain"
    return state, me, 1 - me


def _general(state: SperosState, index: int = 0) -> UseAbility:
    return UseAbility("general", state.colour[state.turn_player] or "", index)


def test_general_ability_usable_in_the_discard_step() -> None:
    state, me, _rival = _dwarves_to_act()
    assert state.phase == "discard"
    assert _general(state, 0) in state.legal_actions()
    assert _general(state, 1) in state.legal_actions()
    hand = list(state.hands[me])
    state.apply(_general(state, 1))  # the dwarves' fortify: nothing to fortify yet
    assert state.general_used[me]
    assert state.phase == "discard" and state.hands[me] == hand, "the discard is still to come"
    assert _general(state, 0) not in state.legal_actions()


def test_general_ability_usable_in_the_action_step_before_the_action() -> None:
    state, me, rival = _dwarves_to_act()
    lay_out(state, "F08", [(rival, "M")])
    to_action_step(state)
    assert state.phase == "action"
    state.apply(_general(state, 0))  # the dwarves' obliterate
    state.apply(Obliterate("F08", rival, False))
    assert state.units["F08"] == []
    assert state.phase == "action" and state.turn_player == me, "the action is still to come"
    assert not any(isinstance(a, UseAbility) for a in state.legal_actions())
    state.apply(Attack("F08"))
    assert state.turn_player == rival


def test_general_ability_only_in_its_owners_turn() -> None:
    state, me, rival = _dwarves_to_act()
    mine = _general(state, 0)
    to_action_step(state)
    state.apply(Plan())
    _resolve_draws(state)
    assert state.turn_player == rival
    assert mine not in state.legal_actions()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="owner's own turn"):
        state.apply(mine)
    assert state.snapshot() == before
    assert not state.general_used[me]


def test_general_ability_used_up_in_the_discard_step_is_gone_for_the_game() -> None:
    state, me, _rival = _dwarves_to_act()
    state.apply(_general(state, 1))
    state.apply(Discard(state.hands[me][0]))
    assert not any(
        isinstance(a, UseAbility) and a.source == "general" for a in state.legal_actions()
    )
    with pytest.raises(IllegalAction, match="only once in the whole game"):
        state.apply(_general(state, 0))


def test_reusable_artifact_first_usable_in_a_later_ability_step() -> None:
    """The decision text: a reusable Capture ability may be used once in each of the
    owner's *later* ability steps, not in the step in which the Artifact was taken."""
    state, me, rival = _fresh()
    _artifact_in_play(state, "A04")  # reusable: deploy 1
    lay_out(state, "A04", [(me, "M"), (me, "M")])
    lay_out(state, "F08")
    _use_discard(state, "M12")  # deploy one Minion anywhere
    state.apply(Deploy("A04"))  # 3 > 0 + 2: captured in the ability step
    assert state.owner["A04"] == me
    state.apply(Stop())  # decline Excavate
    use = UseAbility("artifact", "A04", 0)
    assert state.phase == "ability"
    assert use not in state.legal_actions(), "not in the step it was captured"
    with pytest.raises(IllegalAction):
        state.apply(use)
    state.apply(EndAbilities())
    state.apply(Plan())
    _resolve_draws(state)
    # the rival's turn: the Artifact is not theirs to use
    assert state.turn_player == rival and use not in state.legal_actions()
    state.apply(Discard(state.hands[rival][0]))
    assert use not in state.legal_actions()
    while state.turn_player != me or state.phase != "discard":
        if state.is_chance():
            _resolve_draws(state)
        elif Plan() in state.legal_actions():
            state.apply(Plan())
        else:
            state.apply(state.legal_actions()[-1])
    state.apply(Discard(state.hands[me][0]))
    assert use in state.legal_actions(), "usable from the owner's next ability step on"
    state.apply(use)
    state.apply(Deploy("F08"))
    assert use not in state.legal_actions(), "once in each ability step"
