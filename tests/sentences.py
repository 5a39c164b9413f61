"""Gather every sentence the package shows a student, and check each one.

:func:`gather` plays seeded games of every game, variant and player count with the
level bots and random play, and collects what a student reads on the way: the event
log, ``describe()``, map tooltips and labels, card rows, the actions offered (their
``str()`` and the move list's words), the play screen's standing and step lines, why a
step offers one move or a card is refused, a battle's sums, the bots' reasons, the
refusals of many mutated and out-of-turn actions
(with the rule each names), the game's description, its outcome, and the card,
ability and hero texts of its material. :func:`problems` checks one sentence:
number agreement, a/an, capitals, no program words or ids, no "(s)", and every word in
an English word list (pyspellchecker's, which ships in the package) or in the
project's list of proper names (``tests/sentence_names.txt`` plus the names in the
games' own data). ``tests/test_sentences.py`` runs it; ``bench/bench_sentences.py``
counts what it checked.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import hcgames
from hcgames.bots import LevelBot, RandomBot
from hcgames.core import Action, IllegalAction, State
from hcgames.play import resolve_chance
from hcgames.words import article

NAMES_FILE = Path(__file__).with_name("sentence_names.txt")
DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass
class Harvest:
    """Sentences by where they were read, and the refusals with their rules."""

    sentences: dict[str, set[str]] = field(default_factory=dict)
    #: (game id, sentence, rule named, how the action was made)
    refusals: list[tuple[str, str, str, str]] = field(default_factory=list)

    def add(self, where: str, text: object) -> None:
        if isinstance(text, str) and text.strip():
            self.sentences.setdefault(where, set()).add(text.strip())

    def all(self) -> set[str]:
        return set().union(*self.sentences.values()) if self.sentences else set()


# --- gathering --------------------------------------------------------------------------


def _texts(value: object) -> Iterator[str]:
    """Every string inside a view's nested dicts and lists (keys excluded)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)


#: view keys whose values are for students (others are colours, ids, numbers)
_READ_KEYS = {"tooltip", "label", "text", "name", "title", "ability", "effect", "note", "why"}


def _read_texts(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _READ_KEYS and isinstance(item, str):
                yield item
            elif isinstance(item, dict | list | tuple):
                yield from _read_texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _read_texts(item)


def _mutations(
    state: State, rng: random.Random, others: list[Action]
) -> Iterator[tuple[Action, str]]:
    """Actions that are (most likely) illegal here: a legal action with one field given
    another legal action's value, an action legal elsewhere (another turn or phase)."""
    legal = state.legal_actions()
    for action in rng.sample(legal, min(3, len(legal))):
        for item in dataclasses.fields(action):
            value = getattr(action, item.name)
            if isinstance(value, bool):
                yield dataclasses.replace(action, **{item.name: not value}), "mutated"
            elif isinstance(value, int):
                yield dataclasses.replace(action, **{item.name: value + 3}), "mutated"
            elif isinstance(value, str):
                pool = [
                    getattr(a, item.name)
                    for a in legal + others
                    if type(a) is type(action) and getattr(a, item.name) != value
                ]
                if pool:
                    swapped = dataclasses.replace(action, **{item.name: rng.choice(pool)})
                    yield swapped, "mutated"
    for action in rng.sample(others, min(4, len(others))):
        yield action, "out of turn"


def _refuse(harvest: Harvest, game_id: str, state: State, action: Action, how: str) -> None:
    if state._is_legal(action):
        return
    try:
        state.apply(action)
    except IllegalAction as error:
        message = str(error).removesuffix(f" [rule: {error.rule}]")
        harvest.add("refusal", message)
        harvest.refusals.append((game_id, message, error.rule, how))
        return
    raise AssertionError(f"{game_id}: {action} was applied although it is not legal")


def _look(harvest: Harvest, state: State, full: bool) -> None:
    harvest.add("describe", state.describe())
    harvest.add("action", "")
    for action in state.legal_actions()[:40]:
        harvest.add("action", str(action))
    if not full:
        return
    # the play screen's own lines: the standing under the banner, the step, why a step
    # offers one move or passes by itself, why a card is not offered, a battle's sums
    harvest.add("status", state.standing_words())
    harvest.add("step", state.step_words())
    harvest.add("reason", state.only_move_reason())
    for action in state.legal_actions()[:40]:
        harvest.add("move list", state.action_words(action))
        harvest.add("phrase", state.idle_reason(action))
        harvest.add("phrase", state.passed_words(action))
    for player in range(state.game.num_players):
        for card, reason in state.unplayable_reasons(player):
            harvest.add("card", card)
            harvest.add("reason", reason)
    sums = state.battle_sums()
    for side in sums or ():
        for part in side:
            harvest.add("phrase", part.what)
    views = state.region_views() or {}
    for text in _read_texts(views):
        harvest.add("tooltip", text)
    for player in range(state.game.num_players):
        for text in _read_texts(state.card_rows(player) or {}):
            if text != "hidden":  # a hidden card: the card table draws its back
                harvest.add("card", text)


def play_one(
    harvest: Harvest,
    game_id: str,
    options: dict[str, Any],
    seed: int,
    level: str | None,
    max_steps: int,
) -> None:
    """One seeded game: bots at ``level`` (random play when ``None``), looking and
    refusing on the way."""
    game = hcgames.load(game_id, **options)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    bots = [
        LevelBot(level, seed + p) if level else RandomBot(seed + p) for p in range(game.num_players)
    ]
    harvest.add("describe", game.describe())
    seen: list[Action] = []
    for step in range(max_steps):
        if state.is_terminal():
            break
        if state.is_chance():
            resolve_chance(state, rng)
            continue
        full = step % 7 == 0
        _look(harvest, state, full)
        if step % 5 == 0:
            for action, how in list(_mutations(state, rng, seen[-60:])):
                _refuse(harvest, game_id, state, action, how)
        bot = bots[state.current_player]
        action = bot.choose(state)
        reason = getattr(bot, "reason", "")
        harvest.add("bot reason", reason if isinstance(reason, str) else "")
        seen.append(action)
        state.apply(action)
    for event in state.events:
        harvest.add("event", event.text)
    outcome = state.outcome()
    if outcome is not None:
        harvest.add("outcome", outcome.reason)
        harvest.add("describe", state.describe())
        for action in seen[-5:]:
            _refuse(harvest, game_id, state, action, "after the end")


def material_texts(harvest: Harvest) -> None:
    """Card, ability, hero and chronicle texts of each game's material."""
    from hcgames.historical.cards import describe_effect  # only this harvest needs it

    historical: Any = hcgames.load("historical-conquest")
    for card in historical.catalogue.cards.values():
        harvest.add("card", card.ability_text())
        for effect in card.effects:
            harvest.add("card", describe_effect(effect))
    duels: Any = hcgames.load("conqueror-duels")
    for card in duels.cards.values():
        harvest.add("card", card.text)
    for hero in duels.heroes:
        harvest.add("phrase", hero.describe_effect())
        harvest.add("card", hero.note)


def lesson_texts(harvest: Harvest) -> None:
    """Tables and sentences the lessons show (their rows are data, their cells words)."""
    from hcgames.historical import lessons as historical_lessons  # only this harvest needs it
    from hcgames.speros import lessons as speros_lessons

    speros: Any = hcgames.load("conquest-of-speros")
    historical: Any = hcgames.load("historical-conquest")
    tables: list[object] = [
        speros_lessons.strategy_rows(),
        speros_lessons.set_example_rows(),
        speros_lessons.need_rows(),
        speros_lessons.terrain_rows(speros.card_set),
        historical_lessons.deck_rows(historical.catalogue),
        historical_lessons.context_rows(historical.catalogue.cards),
    ]
    for table in tables:
        for text in _texts(table):
            if re.search(r"[a-z]{3}", text) and " " in text:  # a sentence, not a number or a name
                harvest.add("lesson", text)
    # every lesson's questions, and the debrief's history and question at a game's end
    for path in sorted(DATA.glob("lessons/*.json")):
        for question in json.loads(path.read_text(encoding="utf-8"))["questions"]:
            for text in _question_texts(question):
                harvest.add("question", text)
    debrief = json.loads((DATA / "debrief" / "debrief.json").read_text(encoding="utf-8"))
    for per_game in debrief["games"].values():
        for entry in per_game.values():
            harvest.add("debrief", entry.get("past", ""))
            for text in _question_texts(entry.get("question", {})):
                harvest.add("debrief", text)


def _question_texts(question: dict[str, Any]) -> Iterator[str]:
    """What a student reads of a question: its prompt, options, hint, explanation and why lines
    (not its id, kind or skill mark)."""
    for key in ("prompt", "hint", "explanation"):
        if question.get(key):
            yield str(question[key])
    yield from (str(option) for option in question.get("options") or ())
    yield from (str(line) for line in question.get("why") or () if line)


#: (game id, options, seeds, levels, steps): a sample of every variant and player count
def plan(budget: str = "test") -> list[tuple[str, dict[str, Any], int, str | None, int]]:
    runs: list[tuple[str, dict[str, Any], int, str | None, int]] = []
    levels: list[str | None] = [None, "easy", "medium"]
    for game_id in sorted(hcgames.available_games()):
        variants = hcgames.game_class(game_id).variants()
        for index, options in enumerate(variants):
            seeds = 1 if budget == "test" else 3
            for seed in range(seeds):
                level = levels[(index + seed) % len(levels)]
                # Duels' level bots look at every split of every army: fewer steps there
                steps = 110 if game_id == "conqueror-duels" and level else 260
                runs.append((game_id, options, 11 + seed * 7 + index, level, steps))
    return runs


def gather(budget: str = "test") -> Harvest:
    harvest = Harvest()
    material_texts(harvest)
    lesson_texts(harvest)
    for game_id, options, seed, level, steps in plan(budget):
        play_one(harvest, game_id, options, seed, level, steps)
    return harvest


# --- checking ---------------------------------------------------------------------------


@cache
def english() -> frozenset[str]:
    """The English word list that ships in pyspellchecker (no download)."""
    from spellchecker import SpellChecker  # a test-only dependency, loaded when checking

    return frozenset(SpellChecker().word_frequency.dictionary)


@cache
def proper_names() -> frozenset[str]:
    """The project's own names: the list in ``tests/sentence_names.txt`` and every word of
    the names in the games' data (places, peoples, cards, heroes, pieces)."""
    words: set[str] = set()
    for line in NAMES_FILE.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            words.update(line.split())
    for game_id in hcgames.available_games():
        game: Any = hcgames.load(game_id)
        names: list[str] = list(game.player_names)
        geo = game.geojson() or {}
        for feature in geo.get("features", []):
            names.append(str(feature.get("id", "")))
            names.extend(
                str(v) for v in feature.get("properties", {}).values() if isinstance(v, str)
            )
        names.extend(_texts(getattr(game, "names", [])))
        for attr in ("heroes", "cards"):
            items = getattr(game, attr, None)
            values = items.values() if isinstance(items, dict) else items or []
            names.extend(str(getattr(item, "name", "")) for item in values)
        if game_id == "historical-conquest":
            names.extend(card.name for card in game.catalogue.cards.values())
            for card in game.catalogue.cards.values():
                names.extend(str(v) for v in _texts(dict(card.traits)))
        if game_id == "conquest-of-speros":
            cs = game.card_set
            names.extend(o.name for o in (*cs.bonus, *cs.mastery))  # the objectives
            names.extend(card.name for card in game.cards.values())
            names.extend(p.people for p in game.card_set.peoples)
        if game_id == "classical-conquests":
            m = game.material
            names.extend(t.name for t in m.territories)
            names.extend(c.name for c in m.civ_by_id.values())
        for name in names:
            words.update(WORD.findall(name))
    return frozenset(words)


WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
#: "1 units": a 1 and a plural noun (not "Player 1 discards", "round 1 begins")
PLURAL_AFTER_ONE = re.compile(
    r"(?:^|(?<=[\s(]))(?P<before>[\w']*\s)?1 (?P<word>[a-z]+s)\b(?! of\b)"
)
#: "3 unit": a number other than 1 and a singular noun the games count
SINGULAR_AFTER_MANY = re.compile(
    r"(?<![\d.,+-])\b(?:0|[2-9]|\d{2,}) (unit|fort|card|round|point|territory|army|fleet|city|"
    r"hero|move|turn|pick|minion|village|monument|roll|piece|player|step|space|action|"
    r"victory point|land territory|resource|ship|soldier)\b(?! of\b)(?![-\w])"
)
#: words after which a number names one thing ("Player 1", "round 1", "soldier 1")
NUMBERED = {
    "round",
    "turn",
    "scenario",
    "player",
    "step",
    "part",
    "level",
    "seed",
    "lesson",
    "ship",
    "galleon",
    "soldier",
    "knight",
    "chariot",
    "elephant",
    "minion",
    "game",
    "of",
}
ARTICLE = re.compile(r"\b([Aa]n?) ([A-Za-z0-9][\w-]*)")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
KEY_VALUE = re.compile(r"\b[a-z_]+=\S")
CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")
BOARD_SPACE = re.compile(r"^[a-z]\d{1,2}\b")
CARD_ID = re.compile(r"\b[A-Z]{1,2}\d{2,4}\b")


def class_names() -> set[str]:
    names = {"BattleRoll", "DrawChronicle", "IllegalAction"}
    for game_id in hcgames.available_games():
        game = hcgames.load(game_id)
        names.update(game.known_actions())
        names.add(type(game).__name__)
        names.add(game.state_class.__name__)
    return names


#: where a text is a phrase that stands inside a sentence, so it may start small: an
#: action ("move 1 infantry from Berber to Cyrene", read in "... not {action}"), a
#: refusal's reason (read after "Not allowed:") and an outcome's reason (read in "the
#: game is over ({reason})"), a bot's reason (read in "(why: ...)") and a hero's effect
#: (read in "Carthage plays Hannibal: {effect}.")
PHRASES = {"action", "refusal", "outcome", "bot reason", "phrase", "move list", "step", "reason"}


def problems(text: str, classes: Iterable[str] = (), where: str = "") -> list[str]:
    """What is wrong with one sentence read at ``where`` (empty when nothing is)."""
    found: list[str] = []
    if "(s)" in text:
        found.append('"(s)"')
    for match in PLURAL_AFTER_ONE.finditer(text):
        before, word = (match["before"] or "").strip(), match["word"]
        if before[:1].isupper() or before.lower() in NUMBERED:
            continue
        if word[:-1] in english() and not word.endswith(("ss", "us", "is")):
            found.append(f"1 with a plural: {match.group(0).strip()!r}")
    for match in SINGULAR_AFTER_MANY.finditer(text):
        found.append(f"a number with a singular: {match.group(0)!r}")
    for match in ARTICLE.finditer(text):
        given, word = match.group(1).lower(), match.group(2)
        if word.isupper() and len(word) > 1:  # an abbreviation: "a U.S. ...", "an HQ"
            continue
        if article(word) != given and not (given == "a" and word.lower() == "one"):
            found.append(f"article: {match.group(0)!r}")
    first = next((c for c in text if c.isalnum() or c in "+-"), "")
    if BOARD_SPACE.match(text):  # CONQUEST's spaces are named as on a chess board: "m5"
        first = ""
    if first.isalpha() and first.islower() and where not in PHRASES:
        found.append("starts with a small letter")
    if re.search(r"\bplayer \d", text):
        found.append('"player N" without its capital')
    for pattern, what in ((SNAKE, "snake_case"), (KEY_VALUE, "key=value"), (CARD_ID, "an id")):
        for match in pattern.finditer(text):
            found.append(f"{what}: {match.group(0)!r}")
    for match in CAMEL.finditer(text):
        if match.group(0) in set(classes):
            found.append(f"a class name: {match.group(0)!r}")
    return found


def unknown_words(text: str) -> list[str]:
    """Words of ``text`` in neither the English list nor the project's names."""
    out = []
    for word in WORD.findall(text):
        bare = word.removesuffix("'s")
        if bare.lower() in english() or bare in proper_names() or bare.lower() in proper_names():
            continue
        out.append(bare)
    return out


# --- a refusal's reason belongs to the rule it names --------------------------------------

#: what a refusal under each rule speaks of, by the rule's name as the engine gives it
#: (``IllegalAction.rule``): a pattern its sentence must match. Written from the rules,
#: not from the engine's code, so a refusal that names one rule and explains another
#: (issue 38: "the food rule" explained by "no army in Latium") fails. The core's own
#: rules are in every game.
CORE_RULE_SUBJECTS = {
    "end of the game": r"^the game is over \(",
    "action fields": r"must be|is not one of",
    "chance steps": r"no dice roll or draw pending",
    "actions": r"not an action of this game",
}
RULE_SUBJECTS: dict[str, dict[str, str]] = {
    "classical-conquests": {
        "build: monuments": r"monument",
        "move": r"\b(army|fleet)\b.*\bmove|\bmoves? \d",
        "payment: what pays a cost": r"\bpa(y|ying|id)\b|\bcost\b",
        "recruit": r"new (army|fleet)",
        "research: extra rolls": r"research roll",
        "set-up": r"first cities.*set-up",
        "set-up: city placement": r"another city|already taken",
        "settle: extra villages": r"village costs",
        "settle: placement": r"empty land next to a city, village or fleet",
        "turn sequence": r"\bphase\b",
        "upgrade": r"village .*city",
        "upkeep: unfed units": r"\bfe(e)?d\b|unfed|\bfood\b|\bgold\b|starv",
        "upgrade: cost": r"\bcosts?\b|\bpay",
        "build: monument cost": r"\bcosts?\b|\bpay",
        "research": r"research",
        "class game: lands": r"outside the lands",
    },
    "conqueror-duels": {
        "attacking": r"defended|attack",
        "battles": r"battle|not a choice here",
        "food supply": r"\bfood\b",
        "heroes": r"\bhero\b|in the bank",
        "moving": r"\bmove\b|not held by|not next to",
        "one move per round": r"may still act this round",
        "order of a round": r"\bphase\b",
        "recruiting": r"\bfort\b|capital|raises|not held by",
    },
    "conquest-1972": {
        "knights": r"\bknight\b",
        "no transfers at sea": r"\bship\b.*\bwater\b|\bwater\b.*\bship\b",
        "piece move limits": r"\bmoves?\b",
        "pieces": r"no piece",
        "ports": r"\bport\b",
        "recapture": r"recaptur|retake|capture",
        "roads and bridges": r"road or bridge",
        "sea lanes": r"sea lane",
        "turns": r"is to act|turn",
    },
    "conquest-of-speros": {
        "General abilities": r"General",
        "Lead action": r"General|Base Camp",
        "ability step": r"abilit",
        "artifact abilities": r"abilit",
        "bonus objectives": r"bonus objective",
        "deploying": r"deploy",
        "hand": r"\bhand\b",
        "turn order (ability)": r"in the ability step",
        "turn order (action)": r"in the action step",
        "turn order (choose bonus)": r"in the choose bonus step",
        "turn order (discard)": r"in the discard step",
        "turn order (first placement)": r"in the first placement step",
    },
    "historical-conquest": {
        "abilities used once": r"abilit",
        "attacking": r"attack|opponent's land|lands\b",
        "discarding": r"battlefield|discard",
        "explorer travel": r"explorer",
        "explorers": r"explorer|battlefield|lands\b|move phase",
        "explorers move once a turn": r"explorer moves once a turn",
        "held abilities": r"abilit|in play on",
        "interrupt cards": r"interrupt|answers an opponent's card|when you are attacked",
        "interrupt window": r"interrupt",
        "land full": r"is full: a land holds",
        "moving": r"\bmove\b|battlefield|lands\b",
        "one army per land": r"one army",
        "one move a turn": r"one character or army may move",
        "placement bans": r"may not stand on",
        "placing cards": r"lands?\b|stand on",
        "play from your hand": r"\bhand\b",
        "play phase": r"play phase",
        "questions": r"question|choices for",
        "same continent": r"continent",
        "targets": r"target",
        "three plays a turn": r"plays this turn",
        "two attacks a turn": r"attacks a turn",
        "undefended lands": r"undefended|defended|opponent's land|explorer carries",
    },
}


def rule_subject_problems(refusals: Iterable[tuple[str, str, str, str]]) -> list[str]:
    """Refusals ``(game id, sentence, rule, how)`` whose rule is not in
    :data:`RULE_SUBJECTS` (nor the core's), or whose sentence does not speak of it."""
    found = []
    for game_id, text, rule, _how in refusals:
        subject = {**CORE_RULE_SUBJECTS, **RULE_SUBJECTS.get(game_id, {})}.get(rule)
        if subject is None:
            found.append(f"{game_id}: the rule {rule!r} is in no list of RULE_SUBJECTS: {text}")
        elif not re.search(subject, text):
            found.append(f"{game_id}: {text!r} does not speak of its rule {rule!r}")
    return found
