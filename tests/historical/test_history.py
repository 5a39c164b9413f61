"""History facts, name spellings, card traits and teacher notes checked again after the
history audit (issue 23, items 7-10). Each test is named after the fact it checks and
reads the data, notebook or document text a student or teacher sees."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hcgames.historical import load_catalogue
from hcgames.historical.actions import PlayCard
from hcgames.historical.cards import matches
from hcgames.historical.teach import arrange, key
from tests.historical.conftest import act, game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
NOTES = ROOT / "docs" / "teachers" / "classroom-notes.md"


def _json(*parts: str) -> Any:
    return json.loads(DATA.joinpath(*parts).read_text(encoding="utf-8"))


def _plates() -> dict[str, dict[str, str]]:
    return _json("historical", "plates.json")


def _raw_cards() -> dict[str, dict[str, object]]:
    return {c["id"]: c for c in _json("historical", "cards.json")["cards"]}


def _traits(card_id: str) -> dict[str, str]:
    return dict(load_catalogue().cards[card_id].traits)


def _notebook_text(name: str, kind: str = "markdown") -> str:
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _notes() -> str:
    return _flat(NOTES.read_text(encoding="utf-8"))


def _effect_match(card_id: str) -> dict[str, object]:
    return dict(load_catalogue().cards[card_id].effects[0].match)


# --- item 7: what a card or a lesson says -----------------------------------------------


def test_rasputin_was_murdered_not_an_assassin() -> None:
    card = load_catalogue().cards["AS4201"]
    assert not card.kind.startswith("assassin")
    assert card.kind == "mystic at the Russian court; the card prints: assassin"
    assert "murdered him" in card.plate
    assert card.subtype == "assassin"  # the printed type still decides the rules


def test_sir_william_stephenson_was_a_spy_chief_not_an_assassin() -> None:
    card = load_catalogue().cards["SY4601"]
    assert card.kind.startswith("spy chief;") and "spy chief" in card.plate
    assert "spy" in card.subtype  # still a spy card for the rules ("no spy cards")


def test_tokyo_rose_was_a_wartime_radio_announcer() -> None:
    card = load_catalogue().cards["AC4602"]
    assert card.kind.startswith("wartime radio announcer;")
    assert "activist" not in card.role_or_kind


def test_lope_de_aguirre_was_a_rebel_conquistador() -> None:
    card = load_catalogue().cards["PI4601"]
    assert card.kind.startswith("rebel conquistador;")
    assert "conquistador" in card.plate and "rebellion" in card.plate
    assert card.subtype.startswith("outlaw-pirate")  # Iceland still lets him attack


def test_seleucus_won_at_corupedium_and_was_murdered_months_later_near_lysimachia() -> None:
    scenario = _json("conqueror", "history.json")["scenarios"]["first-syrian-war"]
    labels = {e["label"]: e for e in scenario["timeline"]}
    battle = labels["Battle of Corupedium: Seleucus I defeats Lysimachus"]
    murder = labels["Seleucus I murdered near Lysimachia"]
    assert battle["start"] == murder["start"] == -281
    assert "murder" not in battle["label"]
    assert "Lysimachia" in murder["site"] and "months" in murder["note"]


def test_lesson_53_says_the_games_continents_are_the_games_own() -> None:
    text = _flat(_notebook_text("53-historical-world-map.ipynb"))
    assert "continents are the game's own" in text
    assert "Iceland is an island" in text and "only by sea or by air" in text
    assert "Indonesia in Oceania, while most atlases count it as part of South-East Asia" in text
    quiz = _json("lessons", "53-historical-world-map.json")
    options = [o for q in quiz["questions"] for o in q.get("options", [])]
    assert "Indonesia, in Oceania in the game" in options
    assert "Indonesia, in Oceania" not in options


def test_at_salamis_athens_gave_most_ships_and_the_plan_and_eurybiades_held_command() -> None:
    athens = next(
        c
        for c in _json("classical", "civilizations.json")["civilizations"]
        if c["id"] == "athenians"
    )
    lesson = _flat(_notebook_text("22-classical-battles.ipynb"))
    for text in (athens["summary"], lesson):
        assert "Eurybiades" in text and "Themistocles" in text
    assert "led by Athens" not in lesson
    assert "Its fleet beat the Persians at Salamis" not in athens["summary"]


def test_susa_was_the_city_of_elam_not_of_sumer() -> None:
    lands = {t["id"]: t for t in _json("classical", "territories.json")["territories"]}
    assert "Elam" in lands["sumer"]["today"] and "Elam" in lands["persis"]["today"]
    assert "(Susa)" not in lands["sumer"]["today"]


def test_egypt_became_roman_in_30_bc() -> None:
    egypt = next(
        c
        for c in _json("classical", "civilizations.json")["civilizations"]
        if c["id"] == "egyptians"
    )
    assert egypt["end"] == -30 and "Roman province in 30 BC" in egypt["summary"]
    bios = _json("conqueror", "history.json")["biographies"]
    assert bios["cleopatra"]["died"] == -30
    assert "30 BC" in bios["cleopatra"]["text"] and "Roman province" in bios["cleopatra"]["text"]


def test_twenty_were_executed_at_salem_and_at_least_five_more_died_in_jail() -> None:
    card = load_catalogue().cards["EN4302"]
    for text in (card.plate, card.context, _notes()):
        assert "at least five more" in text and "died in jail" in text
    assert "nineteen had been hanged and one man had been pressed to death" in card.plate
    assert "twenty of them were put to death" in card.context
    assert "twenty were executed" in _notes()


def test_lesson_52s_battles_are_invented_match_ups_not_real_battles() -> None:
    text = _flat(_notebook_text("52-historical-battles-and-morale.ipynb"))
    assert "Add up real battles" not in text
    assert text.count("invented match-ups") >= 2


# --- item 8: names spelled right -------------------------------------------------------

NAMES = {
    "LE4601b": ("Emperor Constantine", "Emperor Constatine"),
    "AU4602": ("Edgar Allan Poe", "Edgar Allen Poe"),
    "CO4103": ("Timur the Lame", "Timur the Lame'"),
    "WA4501": ("Boudica", "Boudicea"),
    "CO3016": ("Mao Zedong", "Mao Tse-Tung"),
    "EX4503": ("Jean-François de Galaup, comte de Lapérouse", "Jean Francois de Galaup Laperouse"),
    "EX4602": ("Pedro Álvares Cabral", "Pedro Alvares Cabral"),
    # the historian's audit of issue 37
    "MU4601": ("George Frideric Handel", "George Frederick Handel"),
    "CO3017": ("Vlad III, Prince of Wallachia", "Vlad the III, Prince of Wallachia"),
    "AU4201": ("Samuel L. Clemens", "Samuel L Clemens"),
    "AR4401": ("The Mamluks", "The Mamelukes"),
    "TE4502": ("Invention of Gunpowder", "Invention of Gun Powder"),
    "CO3015": ("Ashoka the Great", "Ashoka The Great"),
}
READ_BY_PEOPLE = [
    *sorted((ROOT / "notebooks").glob("*.ipynb")),
    *sorted((DATA / "lessons").glob("*.json")),
    *sorted((DATA / "handouts").glob("*")),
    *sorted((ROOT / "docs").rglob("*.md")),
    DATA / "classical" / "civilizations.json",
    DATA / "conqueror" / "history.json",
]


@pytest.mark.parametrize("card_id", sorted(NAMES))
def test_names_are_spelled_right_and_the_printed_spelling_is_only_a_note(card_id: str) -> None:
    right, printed = NAMES[card_id]
    card = load_catalogue().cards[card_id]
    plate = _plates()[card_id]
    assert card.name == right and plate["name"] == right
    assert f'The card prints the name "{printed}"' in plate["note"]
    assert printed not in card.full_plate
    for path in READ_BY_PEOPLE:
        assert printed not in path.read_text(encoding="utf-8"), f"{path.name}: {printed}"


def test_la_tene_is_spelled_with_its_accent() -> None:
    text = (DATA / "classical" / "civilizations.json").read_text(encoding="utf-8")
    assert "La Tène" in text and "La Tene" not in text


def test_the_boadicea_deck_is_named_after_boudica() -> None:
    text = _flat(_notebook_text("50-historical-cards.ipynb"))
    assert "sold as *Boadicea* is named after Boudica" in text
    from hcgames.historical import lessons  # the deck names the lesson shows

    assert lessons.DECK_NAMES["boadicea"] == "Boudica"


# --- item 9: card traits that abilities read -------------------------------------------


def test_the_gladiatrix_is_a_woman() -> None:
    assert _traits("WA4401")["gender"] == "female"
    state = arrange(game(), round_no=2, lands={0: [("CT4205", ["WA4401"])]}, hands={0: ["AC4201"]})
    act(state, PlayCard(key("AC4201", 0), key("CT4205", 0)))
    assert state.morale[0] == 200  # Eleanor Roosevelt counts herself and the gladiatrix


def test_florence_nightingale_is_british() -> None:
    assert _traits("AC4301")["nationality"] == "British"


def test_gandhi_is_indian() -> None:
    traits = _traits("SP3004")
    assert traits["nationality"] == "Indian" and "European" not in traits["ethnicity"]
    state = arrange(game(), round_no=2, lands={0: [("CT4305", [])]}, hands={0: ["SP3004"]})
    assert PlayCard(key("SP3004", 0), key("CT4305", 0)) in state.legal_actions()  # Thailand


def test_jinnahs_nationality_is_not_a_religion() -> None:
    traits = _traits("AC4502")
    assert traits["nationality"] == "Indian, Pakistani" and traits["religion"] == "Muslim"
    assert "Arab" not in traits["ethnicity"]


@pytest.mark.parametrize(
    "card_id",
    ["AR4304", "LE4303", "LE4502", "CO4402", "EC4401", "AT4301", "LE4501", "CO3015"],
)
def test_no_arab_for_persians_egyptians_babylonians_greeks_japanese_or_vietnamese(
    card_id: str,
) -> None:
    assert "Arab" not in _traits(card_id)["ethnicity"]


def test_no_card_calls_an_arab_anyone_who_was_not_one() -> None:
    arabs = [
        c.name for c in load_catalogue().cards.values() if "Arab" in c.traits.get("ethnicity", "")
    ]
    assert arabs == []  # none of the people in the four decks was an Arab


def test_eric_liddell_is_scottish() -> None:
    traits = _traits("AT4201")
    assert traits["nationality"].startswith("Scottish") and "American" not in traits["ethnicity"]


def test_jim_thorpe_is_sac_and_fox() -> None:
    assert "Sac and Fox" in _traits("AT4701")["ethnicity"]
    assert matches(load_catalogue().cards["AT4701"], _effect_match("EN4201"))  # Buffalo Bill


def test_iva_toguri_tokyo_rose_is_american() -> None:
    assert _traits("AC4602")["nationality"] == "American"
    assert not matches(load_catalogue().cards["AC4602"], _effect_match("EN4601"))  # Geisha


def test_confucius_is_not_buddhist() -> None:
    traits = _traits("PH4601")
    assert "Buddhis" not in traits["religion"] and traits["nationality"] == "Chinese"


def test_russians_are_european_and_kept_out_of_thailand() -> None:
    thailand = _effect_match("CT4305")
    for card_id in ("AS4201", "CO4503", "EX4305", "LE4704", "AT4201"):
        assert matches(load_catalogue().cards[card_id], thailand), card_id


def test_stepin_fetchit_is_counted_as_an_african_american() -> None:
    card = load_catalogue().cards["EN4401"]
    assert card.traits["ethnicity"] == "American, Black"
    assert matches(card, _effect_match("AU4401"))  # James Weldon Johnson


MISSPELT = {"Portugese", "Chrisian"}
NOT_NATIONALITIES = {"Spain", "China", "Hindu", "Hungarian", "Israeli"}  # for these people


def test_trait_words_are_spelled_right_and_are_the_right_kind_of_word() -> None:
    for card in load_catalogue().cards.values():
        words = {w.strip() for v in card.traits.values() for w in str(v).split(",")}
        nationality = {w.strip() for w in card.traits.get("nationality", "").split(",")}
        assert not words & MISSPELT, (card.name, words & MISSPELT)
        assert not nationality & NOT_NATIONALITIES, (card.name, nationality)
        assert card.traits.get("religion") not in {"Spiritualism", "Monotheist", "Monism"}


# --- item 10: teacher notes ------------------------------------------------------------

NOTED = {
    "CO4501": "Adolf Hitler",
    "EV4503": "Trail of Tears",
    "EN4401": "Stepin Fetchit",
    "LE4504": "Robert E. Lee",
    "EN4201": "Buffalo Bill Cody",
    "AU4401": "James Weldon Johnson",
    "PO2002": "Octaviano Ambrosio Larrazolo",
    "PO4601": "Romualdo Pacheco",
    "CT4305": "Thailand",
    "CT4603": "Mali",
    "EN4601": "Geisha",
    "EC4601": "Friedrich Hayek",
    "PH4101": "Epicurus",
    "SP4301": "Martin Luther",
    "LE4401": "King Henry VIII",
}


@pytest.mark.parametrize("card_id", sorted(NOTED))
def test_hard_history_has_a_teachers_note_on_the_card_and_in_the_classroom_notes(
    card_id: str,
) -> None:
    card = load_catalogue().cards[card_id]
    assert card.name == NOTED[card_id]
    assert card.context.startswith("A note for the teacher: ")
    assert card.added_note in card.full_plate and card.context not in card.full_plate
    assert card.name in _notes()


def test_no_student_reads_a_note_addressed_to_the_teacher() -> None:
    """The plate and the log show the students' note: no heading for the teacher, no
    instruction to the teacher ("ask the class ..."), and the history kept."""
    addressed = re.compile(
        r"teacher|the class|a class|in class|students?\b|ask the|make clear|present it|"
        r"\bsay that\b|read it as|talk about|explain that|treat it as",
        re.IGNORECASE,
    )
    noted = [c for c in load_catalogue().cards.values() if c.context]
    assert len(noted) >= 50
    for card in noted:
        note = card.student_note
        assert note.startswith("Behind the card: "), card.name
        assert not addressed.search(note), f"{card.name}: {note}"
        assert len(note) > 80, f"{card.name}: the note for students says too little"


def test_robert_e_lee_the_confederacy_fought_to_keep_slavery_and_lee_enslaved_people() -> None:
    context = load_catalogue().cards["LE4504"].context
    section = _notes()[_notes().index("### Robert E. Lee") :][:700]
    for text in (context, section):
        assert "to keep slavery" in text and "Lee himself enslaved people" in text


def test_american_slavery_has_one_framing_in_the_card_and_the_notes() -> None:
    context = _flat(load_catalogue().cards["EV4103"].context)
    notes = _notes()
    for text in (context, notes):
        assert "game effect, not a judgement" in text
        assert "wealth slavery brought to slaveholders" in text
    assert "end of slavery in 1865, not for slavery itself" not in context


def test_classroom_notes_name_only_cards_in_the_apps_decks() -> None:
    notes = _notes()
    decks = _json("historical", "decks.json")["decks"]
    in_decks = {cid for d in decks.values() for cid in d["cards"]}
    for card_id, plate in _plates().items():
        name = plate["name"].split(" (")[0]
        if card_id not in in_decks and len(name) > 6:
            assert name not in notes, f"the notes name {name}, which is in no deck"
    assert "Frederick Douglass" not in notes and "Prince Estabrook" not in notes
    chronicle = _json("conqueror", "chronicle.json")
    decks = [
        s["chronicle"] for s in _json("conqueror", "scenarios.json").values() if s.get("chronicle")
    ]
    for card in chronicle:
        if all(card["id"] in deck["removed"] for deck in decks):  # dealt in no game
            assert card["name"] not in notes, f"the notes name {card['name']}, dealt in no game"
    assert "plague" not in notes.lower()


def test_the_conqueror_handout_names_no_plague_card() -> None:
    text = (DATA / "handouts" / "conqueror-duels.md").read_text(encoding="utf-8")
    names = {c["name"].lower() for c in _json("conqueror", "chronicle.json")}
    assert "plague" not in text and not any("plague" in n for n in names)
    assert "drought" in names


def test_the_classical_key_does_not_credit_the_athenians_with_the_arts() -> None:
    athens = next(
        c
        for c in _json("classical", "civilizations.json")["civilizations"]
        if c["id"] == "athenians"
    )
    assert set(athens["traits"]) == {"shipbuilding", "nautical"}
    written = _json("handouts", "classical-conquests.json")["written"]
    key_text = next(q["key"] for q in written if q["id"] == "classical-peoples")
    assert "Athenians in the arts" not in key_text
    assert "Athenians as shipbuilders and seafarers (Ship Building and Nautical" in key_text


def test_the_historical_handout_map_lists_each_land_once() -> None:
    from hcgames.handouts.maps import historical_map

    _, _, legend = historical_map()
    rows = re.findall(r"<b>([^<]+)</b>: ([^<]*)</span>", legend)
    assert len(rows) == 6
    for continent, listed in rows:
        lands = listed.split(", ")
        assert len(lands) == len(set(lands)), f"{continent}: {listed}"
    assert sum(listed.split(", ").count("Venezuela") for _, listed in rows) == 1


# --- hidden traits that decide abilities (the outside historian's audit) ----------------


def _condition_match(card_id: str, index: int) -> dict[str, object]:
    condition = load_catalogue().cards[card_id].effects[index].condition
    assert condition is not None
    return dict(condition["enemy_has"])


def test_boudicas_bonus_against_a_roman_counts_constantine() -> None:
    cards = load_catalogue().cards
    against_rome = _condition_match("WA4501", 1)
    assert matches(cards["LE4601b"], against_rome), "Constantine was a Roman emperor"


def test_gandhi_and_jinnah_are_not_cards_of_the_british_empire() -> None:
    """Madison's bonus for beating the British Empire must not count the leaders who
    ended British rule in India (independence, 1947)."""
    cards = load_catalogue().cards
    against_britain = _condition_match("LE4301", 1)
    for card_id in ("SP3004", "AC4502"):
        assert not matches(cards[card_id], against_britain), cards[card_id].name


def test_hitler_is_not_counted_as_a_christian_leader() -> None:
    """Raised a Catholic, he rejected Christianity and his regime persecuted the churches:
    the Knights Templar's bonus for Christian leaders on their land leaves him out."""
    cards = load_catalogue().cards
    templars = load_catalogue().cards["AR4404"].effects[0].per["match"]
    christian_leader = dict(templars["any"][1])
    assert not matches(cards["CO4501"], christian_leader)


def test_behind_the_card_adds_to_the_plate_and_does_not_repeat_it() -> None:
    # Hitler's note began with what his plate says, nearly word for word: the plate
    # keeps only the note's sentence that adds something (he is not a hero)
    card = next(c for c in load_catalogue().cards.values() if c.name == "Adolf Hitler")
    assert card.added_note.startswith("Behind the card: He is in the game")
    assert "six million" not in card.added_note and "six million" in card.full_plate
    assert card.full_plate.count("Second World War") == 1
