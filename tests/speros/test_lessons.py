"""hcgames.speros.lessons: what the Speros lessons tell and show."""

from __future__ import annotations

from hcgames.speros import SperosGame, lessons, start, teach


def test_the_setup_summary_names_both_peoples_and_the_first_player() -> None:
    state = start(players=2, peoples=["mountain", "forest"], seed=10)
    said = lessons.setup_summary(state)
    assert said.count("\n- ") == 3 and "Player 1" in said and "Player 2" in said
    assert f"{len(state.deck)} cards are left" in said


def test_the_example_turn_plays_three_steps_on_a_copy() -> None:
    state = start(players=2, peoples=["mountain", "forest"], seed=10)
    before = len(state.history)
    after, rows, summary = lessons.example_turn(state)
    assert len(state.history) == before and len(after.history) == before + 3
    assert [row["Step"] for row in rows] == ["Discard", "Ability", "Action"]
    assert rows[1]["What happens"].startswith("Player 1 leaves the discarded card's ability unused")
    assert "VP" in summary


def test_majority_rows_and_verdicts_follow_the_rules() -> None:
    rows = lessons.demonstrate_rows([(3, 2, 0), (4, 2, 1)])
    assert [row["captured now?"] for row in rows] == ["yes: demonstrated", "not yet"]
    assert lessons.majority_verdict(3, 2, 0, me_last=True).startswith("<b>You capture")
    assert "tie" in lessons.majority_verdict(4, 2, 2, me_last=False)
    assert lessons.majority_verdict(4, 2, 2, me_last=False).startswith("<b>The rival")
    assert "1 more piece here" in lessons.majority_verdict(4, 2, 1, me_last=True)
    assert lessons.need_rows()[0] == {
        "camps on the card": 2,
        "empty card: you need": 2,
        "one rival piece there: you need": 1,  # the card is full, and the last to place wins
    }


def test_a_rulebook_example_lays_out_the_card_with_the_rivals_piece() -> None:
    new = start(players=2, peoples=["forest", "mountain"], seed=10)
    state, card = lessons.majority_example(new, camps=4, rival_units=["M"])
    rival = 1 - state.turn_player
    assert state.game.cards[card].encampments == 4 and state.units[card] == [(rival, "M")]
    assert state.phase == "action"
    rows = lessons.capture_rows(state, card, {state.turn_player: "Green", rival: "Red"})
    assert sorted(row["player"] for row in rows) == ["Green", "Red"]


def test_resource_sets_are_read_both_ways() -> None:
    game = SperosGame(players=3, mastery=True)
    said = lessons.sets_sentence(game, [("crystal", "gold"), ("iron",)])
    assert "<b>1 set</b>" in said and "<b>0 sets</b>" in said
    rows = {row["Captured cards"]: row for row in lessons.set_example_rows()}
    assert rows["Crystal, Iron, Gold"]["One place per card"] == 1
    cards = [game.cards[c] for c in ["F10", "F08"]]
    assert set(lessons.sets_both_ways(cards)) == {"a place for each resource", "one place per card"}
    assert len(lessons.resource_rows(cards)) == 2


def test_a_finished_game_has_a_score_sheet_with_a_total_line() -> None:
    game = SperosGame(players=3, mastery=True)
    state = lessons.finished_game(game, lessons.FINISHED_GAMES["Game 1"])
    sheet, _bonus = teach.score_sheet(state)
    rows = lessons.score_rows(state, sheet)
    assert rows[-1]["Where the points come from"] == "Total"
    assert [rows[-1][f"Player {p + 1}"] for p in range(3)] == [
        sum(v[p] for v in sheet.values()) for p in range(3)
    ]
    both = lessons.game_both_ways(state)
    assert [row["reading"] for row in both] == ["a place for each resource", "one place per card"]


def test_terrains_peoples_and_artifacts_read_as_cards() -> None:
    card_set = SperosGame().card_set
    rows = lessons.terrain_rows(card_set)
    assert sum(row["cards"] for row in rows) == len(card_set.locations)
    name, _subtitle, _text, facts = lessons.people_face(card_set.peoples[0])
    assert name == card_set.peoples[0].people and set(facts) == {
        "General",
        "Ability 1",
        "Ability 2",
    }
    name, subtitle, _text, facts = lessons.artifact_face(card_set.artifacts[0])
    assert "5 camps" in subtitle and set(facts) == {"Excavate", "Capture"}
    assert {row["strategy"] for row in lessons.strategy_rows()} >= {"Random", "Rusher", "Builder"}


def test_a_card_of_negative_vp_prints_a_real_minus_sign() -> None:
    from hcgames.speros.material import load_card_set
    from hcgames.speros.views import card_view

    card_set = load_card_set()
    cursed = [a for a in card_set.artifacts if a.vp < 0]
    assert cursed  # the Shattered Sceptre and the Cursed Idol
    state = start(players=2, seed=1)
    for artifact in cursed:
        _name, subtitle, _text, _facts = lessons.artifact_face(artifact)
        assert subtitle.startswith(f"\u2212{-artifact.vp} VP") and "-" not in subtitle
        view = card_view(state, next(k for k, c in state.game.cards.items() if c is artifact))
        assert view["stats"][0] == f"\u2212{-artifact.vp} VP"
    assert lessons.vp_words(2) == "2 VP"


def test_a_resource_set_worth_more_than_three_is_explained_under_the_sheet() -> None:
    # Game 1's Player 3 scores 5 VP for one set: the Artifact that adds 2 is named
    game = SperosGame(players=3, mastery=True)
    state = lessons.finished_game(game, lessons.FINISHED_GAMES["Game 1"])
    sheet, _bonus = teach.score_sheet(state)
    (note,) = lessons.set_value_notes(state)
    assert note.startswith("Player 3") and "worth 5 VP instead of 3" in note
    assert sheet["resource sets"][2] == 5


def test_each_lesson_says_only_real_rule_decisions_in_its_own_words() -> None:
    topics = {d.topic for d in SperosGame().rule_decisions()}
    for words in (
        lessons.TURN_RULE_WORDS,
        lessons.WORLD_RULE_WORDS,
        lessons.SCORING_RULE_WORDS,
        lessons.PLAY_RULE_WORDS,
        lessons.OTHER_RULE_WORDS,
    ):
        assert set(words) <= topics, set(words) - topics
        for sentence in words.values():
            assert sentence[:1].isupper() and sentence.endswith("."), sentence
    # lesson 43's full list says every decision in a student's words (look 10: it read
    # as designers' notes, "a Lead", "Fortify", "rusher, builder and hoarder")
    from hcgames.speros.rule_words import all_rule_words

    assert set(all_rule_words()) == topics
    for jargon in ("Fortify", "a Lead ", "rusher", "hoarder", "seat order", "encampments"):
        assert not any(jargon in s for s in all_rule_words().values()), jargon
