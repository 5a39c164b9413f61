"""The material of Conquest of Speros: the rulebook's numbers and the card set.

:func:`load_rules` reads every number the rules use from ``data/speros/rules.json``
(the army, the deal, the turn's draws and limits, the scoring); :func:`load_card_set`
reads and checks the cards, peoples and objectives; :func:`load_tuning` the target
behind our Bonus Objective tune. Each collects every problem into one DataError.

Every ability on every card is a small JSON object such as ``{"effect": "draw",
"n": 2}``. The kinds of effect form a closed vocabulary (:data:`ACTIVE_EFFECTS` and
:data:`ONGOING_EFFECTS`); the rules in :mod:`hcgames.speros.effects` implement each
kind, and :func:`effect_text` turns each into a sentence for the card face, so a
card's printed text can never drift from what it does.

The set is ours: the published card list is not available, so names, texts and
numbers were designed for this package to match the counts in the rulebook.

One module past 600 lines on purpose: the card records, the sentences printed on them
and the loader that builds them (``_build_*``) and checks the whole set (``_check_*``)
change together whenever the data format changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hcgames.core import DataError
from hcgames.data import Problems, read_json

__all__ = [
    "ACTIVE_EFFECTS",
    "METRICS",
    "ONGOING_EFFECTS",
    "RESOURCES",
    "TERRAINS",
    "TIMINGS",
    "Card",
    "CardSet",
    "Effect",
    "Objective",
    "People",
    "Rules",
    "Tuning",
    "build_card_set",
    "effect_text",
    "load_card_set",
    "load_rules",
    "load_tuning",
]

TERRAINS: tuple[str, ...] = ("forest", "mountain", "ocean", "swamp")
COLOURS: dict[str, str] = {
    "forest": "green",
    "mountain": "red",
    "ocean": "blue",
    "swamp": "black",
}
RESOURCES: tuple[str, ...] = ("crystal", "iron", "gold")

#: effect kind -> the parameters it takes ("n" a count, "terrain" a terrain or null)
ACTIVE_EFFECTS: dict[str, tuple[str, ...]] = {
    "draw": ("n",),
    "deploy": ("n", "terrain"),
    "exile": ("n", "terrain"),
    "obliterate": ("n", "terrain"),
    "move": ("n",),
    "recall": ("n",),
    "explore": ("n",),
    "raze": ("n",),
    "fortify": ("n",),
}
#: effects that last while their artifact sits in its owner's captured area
ONGOING_EFFECTS: dict[str, tuple[str, ...]] = {
    "plan_bonus": ("n",),
    "hand_limit": ("n",),
    "familiar": ("terrain",),
    "set_bonus": ("n",),
    "shield": (),
}
TIMINGS: tuple[str, ...] = ("one_time", "ongoing", "reusable")

#: objective metric -> the parameter it needs (or None)
METRICS: dict[str, str | None] = {
    "captured_terrain": "terrain",
    "captured_resource": "resource",
    "captured_cards": None,
    "captured_artifacts": None,
    "resource_sets": None,
    "distinct_terrains": None,
    "deployed_minions": None,
    "units_familiar": None,
    "units_on_rivals": None,
    "large_captures": None,
    "cards_in_hand": None,
    "own_terrain_captures": None,
}


@dataclass(frozen=True)
class Rules:
    """Every rulebook number the rules use (``data/speros/rules.json``)."""

    minions: int  # Minions per player (and one General)
    bonus_dealt: int  # secret Bonus Objectives dealt to each player
    hand_size: int  # Location cards dealt to each player
    hand_limit: int  # cards kept at the end of one's own turn
    plan_draws: int  # cards a Plan draws
    empty_hand_draws: int  # cards drawn by a turn begun with an empty hand
    general_abilities: int  # abilities on each General's card
    set_vp: int  # VP per resource set
    minion_familiar_vp: int
    minion_unfamiliar_vp: int
    general_familiar_vp: int
    general_unfamiliar_vp: int
    locations_per_terrain: int  # the card set's counts
    artifacts: int
    bonus_objectives: int
    mastery_objectives: int
    max_effect_n: int  # the largest count on any ability


def build_rules(raw: Any) -> Rules:
    """Check the rules document: every number present, a whole number of at least 1."""
    problems = Problems("data/speros/rules.json")
    names = [f for f in Rules.__dataclass_fields__]
    if not isinstance(raw, dict):
        problems.add("must be a JSON object of numbers")
        raw = {}
    values: dict[str, int] = {}
    for name in names:
        value = raw.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            problems.add(f"{name} must be a whole number of at least 1, not {value!r}")
            value = 1
        values[name] = value
    extra = sorted(set(raw) - set(names) - {"about"})
    if extra:
        problems.add(f"unknown numbers {extra}")
    problems.raise_if_any()
    return Rules(**values)


@cache
def load_rules() -> Rules:
    """The shipped rulebook numbers, read and checked once."""
    return build_rules(read_json("speros", "rules.json"))


@dataclass(frozen=True)
class Effect:
    """One ability: a kind from the vocabulary, a count and an optional terrain."""

    kind: str
    n: int = 1
    terrain: str | None = None

    @property
    def text(self) -> str:
        return effect_text(self)


@dataclass(frozen=True)
class Card:
    """A Location or an Ancient Artifact (``terrain`` is None for artifacts)."""

    id: str
    name: str
    terrain: str | None
    encampments: int
    resources: tuple[str, ...]
    vp: int
    ability: Effect | None = None
    excavate: Effect | None = None
    capture: Effect | None = None
    timing: str | None = None

    @property
    def is_artifact(self) -> bool:
        return self.terrain is None

    @property
    def text(self) -> str:
        """The rules text printed on the card, built from its abilities."""
        if self.is_artifact:
            assert self.excavate is not None and self.capture is not None
            # when the capture ability works, said in words (not 'ongoing'/'reusable')
            label = {
                "one_time": "once",
                "ongoing": "while you hold it",
                "reusable": "once each turn",
            }
            return (
                f"Excavate: {self.excavate.text} "
                f"Capture, {label[self.timing or 'one_time']}: {self.capture.text}"
            )
        return self.ability.text if self.ability else "No discard ability."


@dataclass(frozen=True)
class Objective:
    """A bonus or mastery objective scored from one metric."""

    id: str
    name: str
    kind: str  # "bonus" or "mastery"
    metric: str
    terrain: str | None = None
    resource: str | None = None
    per: int = 0
    at_least: int = 0
    vp: int = 0

    @property
    def text(self) -> str:
        what = metric_text(self.metric, self.terrain, self.resource)
        if self.kind == "mastery":
            return f"Most {what}: {self.vp} VP, shared (rounded down) on a tie."
        if self.per:
            return f"{self.per} VP each for {what}."
        return f"{self.vp} VP if you have at least {self.at_least} {what}."


@dataclass(frozen=True)
class People:
    terrain: str
    colour: str
    unit_tag: str  # short label of this colour's Units on the table ("Bu", "Bk")
    people: str
    land: str
    land_text: str
    general: str
    general_abilities: tuple[Effect, ...]


@dataclass(frozen=True)
class CardSet:
    locations: tuple[Card, ...]
    artifacts: tuple[Card, ...]
    bonus: tuple[Objective, ...]
    mastery: tuple[Objective, ...]
    peoples: tuple[People, ...]
    story: tuple[str, ...]

    def people_of(self, terrain: str) -> People:
        for people in self.peoples:
            if people.terrain == terrain:
                return people
        raise KeyError(terrain)


def _terrain_word(terrain: str | None) -> str:
    return terrain.capitalize() if terrain else "any"


def effect_text(effect: Effect) -> str:
    """A plain sentence saying what an effect does."""
    n, kind = effect.n, effect.kind
    s = "" if n == 1 else "s"
    upto = "one" if n == 1 else f"up to {n}"
    where = f"{_terrain_word(effect.terrain)} Locations" if effect.terrain else "Locations"
    if kind == "draw":
        return f"Draw {n} card{s} from the Location deck."
    if kind == "deploy":
        target = f"{effect.terrain.capitalize()} Locations" if effect.terrain else "any card"
        return f"Deploy {upto} Minion{s} from your Base Camp to {target} in the Skirmish Area."
    if kind == "exile":
        return f"Send {upto} rival Minion{s} on {where} back to their Base Camp."
    if kind == "obliterate":
        return f"Remove {upto} rival Unit{s} on {where} from the game."
    if kind == "move":
        return f"Move {upto} of your Minions on Locations to open encampments in the Skirmish Area."
    if kind == "recall":
        return f"Bring {upto} of your Minions on Locations home to your Base Camp."
    if kind == "explore":
        return (
            f"Lay {upto} Location{s} from your hand in the Skirmish Area, belonging to nobody yet."
        )
    if kind == "raze":
        return f"Throw {upto} empty Location{s} of the Skirmish Area on the discard pile."
    if kind == "fortify":
        return (
            f"Deploy {upto} Minion{s} to open encampments on cards you captured, "
            "Artifacts included."
        )
    if kind == "plan_bonus":
        return f"Each time you Plan, you draw {n} extra card{s}."
    if kind == "hand_limit":
        limit = load_rules().hand_limit
        return f"You may keep {limit + n} cards at the end of your turn instead of {limit}."
    if kind == "familiar":
        return f"Your Units on {_terrain_word(effect.terrain)} Locations score as familiar."
    if kind == "set_bonus":
        return f"Each of your resource sets is worth {n} more VP."
    if kind == "shield":
        return "Rival abilities cannot exile or obliterate your Units."
    raise ValueError(f"unknown effect kind {kind!r}")


def metric_text(metric: str, terrain: str | None, resource: str | None) -> str:
    texts = {
        "captured_terrain": f"captured {_terrain_word(terrain)} Locations",
        "captured_resource": f"captured cards showing {resource}",
        "captured_cards": "captured cards",
        "captured_artifacts": "captured Artifacts",
        "resource_sets": "resource sets",
        "distinct_terrains": "different terrains among your captured Locations",
        "deployed_minions": "deployed Minions",
        "units_familiar": "Units on familiar terrain",
        "units_on_rivals": "your Units on cards rivals captured",
        "large_captures": "captured Locations with 4 or more encampments",
        "cards_in_hand": "cards left in your hand",
        "own_terrain_captures": "captured Locations of your own colour",
    }
    return texts[metric]


# --- loading and checking -------------------------------------------------------


def _effect(raw: Any, where: str, problems: Problems, vocabulary: dict, most: int) -> Effect | None:
    if not isinstance(raw, dict):
        problems.add(f"{where}: an ability must be a JSON object, not {raw!r}")
        return None
    kind = raw.get("effect")
    if kind not in vocabulary:
        problems.add(
            f"{where}: unknown effect kind {kind!r} (known here: {', '.join(sorted(vocabulary))})"
        )
        return None
    params = vocabulary[kind]
    allowed = {"effect", "timing", *params}
    extra = sorted(set(raw) - allowed)
    if extra:
        problems.add(f"{where}: effect {kind!r} does not take {extra}")
    n = raw.get("n", 1)
    if "n" in params and (not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= most):
        problems.add(f"{where}: effect {kind!r} needs a count n from 1 to {most}")
        n = 1
    terrain = raw.get("terrain")
    if "terrain" in params and terrain is not None and terrain not in TERRAINS:
        problems.add(f"{where}: unknown terrain {terrain!r}")
        terrain = None
    if kind == "familiar" and terrain is None:
        problems.add(f"{where}: effect 'familiar' needs a terrain")
    return Effect(str(kind), n if "n" in params else 0, terrain)


def _resources(raw: Any, where: str, problems: Problems, most: int) -> tuple[str, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= most:
        problems.add(f"{where}: resources must be a list of 1 to {most} resources")
        return ()
    bad = [r for r in raw if r not in RESOURCES]
    if bad:
        problems.add(f"{where}: unknown resources {bad}")
    if len(set(raw)) != len(raw):
        problems.add(f"{where}: a resource is listed twice")
    return tuple(r for r in raw if r in RESOURCES)


def _int(raw: Any, where: str, field: str, lo: int, hi: int, problems: Problems) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not lo <= raw <= hi:
        problems.add(f"{where}: {field} must be a whole number from {lo} to {hi}, not {raw!r}")
        return lo
    return raw


def _text(raw: Any, where: str, field: str, problems: Problems) -> str:
    if not isinstance(raw, str) or not raw.strip():
        problems.add(f"{where}: {field} must be a non-empty string")
        return ""
    return raw


def _new_id(raw: Any, where: str, seen: set[str], problems: Problems) -> str:
    """A card's id, noting a missing or repeated one (``seen`` holds the ids so far)."""
    if not isinstance(raw, str) or not raw:
        problems.add(f"{where}: missing id")
        return where
    if raw in seen:
        problems.add(f"{where}: duplicate id {raw!r}")
    seen.add(raw)
    return raw


def _rows(doc: Any, name: str, file: str, problems: Problems) -> list[Any]:
    """The list ``name`` of a data document, or none (noting the problem)."""
    rows = doc.get(name) if isinstance(doc, dict) else None
    if not isinstance(rows, list):
        problems.add(f"{file}: needs a list {name!r}")
        return []
    return rows


# --- the builders: one record per row, each field checked as it is read -----------------
def _build_locations(doc: Any, seen: set[str], problems: Problems, most: int) -> list[Card]:
    locations: list[Card] = []
    for i, row in enumerate(_rows(doc, "locations", "locations.json", problems)):
        where = f"locations[{i}]"
        if not isinstance(row, dict):
            problems.add(f"{where}: must be an object")
            continue
        cid = _new_id(row.get("id"), where, seen, problems)
        terrain = row.get("terrain")
        if terrain not in TERRAINS:
            problems.add(f"{where} ({cid}): unknown terrain {terrain!r}")
            terrain = TERRAINS[0]
        ability = None
        if row.get("ability") is not None:
            ability = _effect(row["ability"], f"{where} ({cid})", problems, ACTIVE_EFFECTS, most)
        locations.append(
            Card(
                id=cid,
                name=_text(row.get("name"), where, "name", problems),
                terrain=terrain,
                encampments=_int(row.get("encampments"), where, "encampments", 2, 5, problems),
                resources=_resources(row.get("resources"), where, problems, 2),
                vp=_int(row.get("vp"), where, "vp", 0, 3, problems),
                ability=ability,
            )
        )
    return locations


def _build_artifacts(doc: Any, seen: set[str], problems: Problems, most: int) -> list[Card]:
    artifacts: list[Card] = []
    for i, row in enumerate(_rows(doc, "artifacts", "artifacts.json", problems)):
        where = f"artifacts[{i}]"
        if not isinstance(row, dict):
            problems.add(f"{where}: must be an object")
            continue
        cid = _new_id(row.get("id"), where, seen, problems)
        excavate = _effect(
            row.get("excavate"), f"{where} ({cid}) excavate", problems, ACTIVE_EFFECTS, most
        )
        capture_raw = row.get("capture")
        timing = capture_raw.get("timing") if isinstance(capture_raw, dict) else None
        if timing not in TIMINGS:
            problems.add(f"{where} ({cid}): capture timing must be one of {TIMINGS}")
            timing = "one_time"
        vocabulary = ONGOING_EFFECTS if timing == "ongoing" else ACTIVE_EFFECTS
        capture = _effect(capture_raw, f"{where} ({cid}) capture", problems, vocabulary, most)
        artifacts.append(
            Card(
                id=cid,
                name=_text(row.get("name"), where, "name", problems),
                terrain=None,
                encampments=_int(row.get("encampments"), where, "encampments", 5, 5, problems),
                resources=_resources(row.get("resources"), where, problems, 3),
                vp=_int(row.get("vp"), where, "vp", -3, 5, problems),
                excavate=excavate or Effect("draw", 1),
                capture=capture or Effect("draw", 1),
                timing=timing,
            )
        )
    return artifacts


def _build_objectives(doc: Any, kind: str, seen: set[str], problems: Problems) -> list[Objective]:
    """The bonus or the mastery objectives (``kind``), each with the fields its kind needs."""
    out: list[Objective] = []
    for i, row in enumerate(_rows(doc, kind, "objectives.json", problems)):
        where = f"{kind}[{i}]"
        if not isinstance(row, dict):
            problems.add(f"{where}: must be an object")
            continue
        oid = _new_id(row.get("id"), where, seen, problems)
        metric = row.get("metric")
        if metric not in METRICS:
            problems.add(f"{where} ({oid}): unknown metric {metric!r}")
            continue
        param = METRICS[metric]
        terrain = row.get("terrain")
        resource = row.get("resource")
        if param == "terrain" and terrain not in TERRAINS:
            problems.add(f"{where} ({oid}): metric {metric!r} needs a terrain")
        if param == "resource" and resource not in RESOURCES:
            problems.add(f"{where} ({oid}): metric {metric!r} needs a resource")
        per = row.get("per", 0)
        at_least = row.get("at_least", 0)
        vp = row.get("vp", 0)
        if kind == "bonus":
            ok = (isinstance(per, int) and per > 0 and not at_least and not vp) or (
                not per
                and isinstance(at_least, int)
                and at_least > 0
                and isinstance(vp, int)
                and vp > 0
            )
            problems.check(
                ok,
                f"{where} ({oid}): a bonus objective needs either 'per' "
                "or both 'at_least' and 'vp'",
            )
        else:
            problems.check(
                isinstance(vp, int) and vp > 0 and not per and not at_least,
                f"{where} ({oid}): a mastery objective needs only a positive 'vp'",
            )
        out.append(
            Objective(
                oid,
                _text(row.get("name"), where, "name", problems),
                kind,
                metric,
                terrain if param == "terrain" else None,
                resource if param == "resource" else None,
                per if isinstance(per, int) else 0,
                at_least if isinstance(at_least, int) else 0,
                vp if isinstance(vp, int) else 0,
            )
        )
    return out


def _build_peoples(doc: Any, rules: Rules, problems: Problems, most: int) -> list[People]:
    peoples: list[People] = []
    for i, row in enumerate(_rows(doc, "peoples", "peoples.json", problems)):
        where = f"peoples[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("general"), dict):
            problems.add(f"{where}: must be an object with a 'general'")
            continue
        terrain = row.get("terrain")
        if terrain not in TERRAINS:
            problems.add(f"{where}: unknown terrain {terrain!r}")
            continue
        raw_abilities = row["general"].get("abilities")
        if not isinstance(raw_abilities, list):
            raw_abilities = []
        if len(raw_abilities) != rules.general_abilities:
            problems.add(f"{where}: a General has exactly {rules.general_abilities} abilities")
        effects = [
            _effect(a, f"{where} general ability {j + 1}", problems, ACTIVE_EFFECTS, most)
            for j, a in enumerate(raw_abilities)
        ]
        peoples.append(
            People(
                terrain=terrain,
                colour=_text(row.get("colour"), where, "colour", problems),
                unit_tag=_text(row.get("unit_tag"), where, "unit_tag", problems),
                people=_text(row.get("people"), where, "people", problems),
                land=_text(row.get("land"), where, "land", problems),
                land_text=_text(row.get("land_text"), where, "land_text", problems),
                general=_text(row["general"].get("name"), where, "general name", problems),
                general_abilities=tuple(e for e in effects if e is not None),
            )
        )
    return peoples


def _build_story(doc: Any, problems: Problems) -> list[str]:
    story = doc.get("story") if isinstance(doc, dict) else None
    if not isinstance(story, list) or not all(isinstance(s, str) and s for s in story):
        problems.add("peoples.json: 'story' must be a list of paragraphs")
        return []
    return story


# --- the checkers: the set as a whole (counts the rulebook gives) ------------------------
def _check_locations(locations: list[Card], rules: Rules, problems: Problems) -> None:
    per_terrain = rules.locations_per_terrain
    problems.check(
        len(locations) == len(TERRAINS) * per_terrain,
        f"there must be {len(TERRAINS) * per_terrain} Locations, not {len(locations)}",
    )
    for terrain in TERRAINS:
        count = sum(1 for c in locations if c.terrain == terrain)
        problems.check(
            count == per_terrain,
            f"there must be {per_terrain} {terrain} Locations, not {count}",
        )
    with_ability = sum(1 for c in locations if c.ability is not None)
    problems.check(
        2 * with_ability > len(locations),
        f"most Locations must have a discard ability (only {with_ability} do)",
    )
    mid = sum(1 for c in locations if c.encampments in (3, 4))
    problems.check(
        2 * mid > len(locations), f"most Locations must have 3 or 4 encampments (only {mid} do)"
    )


def _check_artifacts(artifacts: list[Card], rules: Rules, problems: Problems) -> None:
    problems.check(
        len(artifacts) == rules.artifacts,
        f"there must be {rules.artifacts} Artifacts, not {len(artifacts)}",
    )


def _check_objectives(
    objectives: dict[str, list[Objective]], rules: Rules, problems: Problems
) -> None:
    problems.check(
        len(objectives["bonus"]) == rules.bonus_objectives,
        f"there must be {rules.bonus_objectives} bonus objectives, not {len(objectives['bonus'])}",
    )
    problems.check(
        len(objectives["mastery"]) == rules.mastery_objectives,
        f"there must be {rules.mastery_objectives} mastery objectives, "
        f"not {len(objectives['mastery'])}",
    )


def _check_peoples(peoples: list[People], problems: Problems) -> None:
    problems.check(
        sorted(p.terrain for p in peoples) == sorted(TERRAINS),
        "there must be one people (and one General) for each of the four terrains",
    )
    tags = [p.unit_tag for p in peoples]
    problems.check(
        len(set(tags)) == len(tags),
        f"each people needs its own unit_tag, so Units on a card can be told apart: {tags}",
    )


def build_card_set(
    locations_doc: Any, artifacts_doc: Any, objectives_doc: Any, peoples_doc: Any
) -> CardSet:
    """Check the four data documents and build the card set; one DataError for all.

    Each part is built from its rows (``_build_*``, checking each field as it reads it)
    and then checked as a whole (``_check_*``, the counts the rulebook gives), part by
    part, so the problems are listed in the order of the documents."""
    rules = load_rules()
    most = rules.max_effect_n
    problems = Problems("data/speros")
    seen: set[str] = set()
    locations = _build_locations(locations_doc, seen, problems, most)
    _check_locations(locations, rules, problems)
    artifacts = _build_artifacts(artifacts_doc, seen, problems, most)
    _check_artifacts(artifacts, rules, problems)
    objectives = {
        kind: _build_objectives(objectives_doc, kind, seen, problems)
        for kind in ("bonus", "mastery")
    }
    _check_objectives(objectives, rules, problems)
    peoples = _build_peoples(peoples_doc, rules, problems, most)
    _check_peoples(peoples, problems)
    story = _build_story(peoples_doc, problems)
    problems.raise_if_any()
    return CardSet(
        locations=tuple(locations),
        artifacts=tuple(artifacts),
        bonus=tuple(objectives["bonus"]),
        mastery=tuple(objectives["mastery"]),
        peoples=tuple(sorted(peoples, key=lambda p: TERRAINS.index(p.terrain))),
        story=tuple(story),
    )


@cache
def load_card_set() -> CardSet:
    """The shipped card set, read and checked once."""
    return build_card_set(
        read_json("speros", "locations.json"),
        read_json("speros", "artifacts.json"),
        read_json("speros", "objectives.json"),
        read_json("speros", "peoples.json"),
    )


@dataclass(frozen=True)
class Tuning:
    """The target of our Bonus Objective tune (the ``tuning`` block of
    ``data/speros/objectives.json``; measured by :mod:`hcgames.speros.balance`)."""

    retuned: tuple[str, ...]
    min_score_rate: float
    players: int
    strategies: tuple[str, ...]
    sample_games: int


@cache
def load_tuning() -> Tuning:
    """The tune's target, checked against the card set (the strategy names are
    checked by :func:`hcgames.speros.balance.bonus_score_rates`, which plays them)."""
    raw: Any = read_json("speros", "objectives.json").get("tuning")
    if not isinstance(raw, dict):
        raise DataError("data/speros/objectives.json", ["needs a 'tuning' object"])
    tuning = Tuning(
        retuned=tuple(raw.get("retuned", ())),
        min_score_rate=float(raw.get("min_score_rate", 0)),
        players=int(raw.get("players", 0)),
        strategies=tuple(raw.get("strategies", ())),
        sample_games=int(raw.get("sample_games", 0)),
    )
    problems = Problems("data/speros/objectives.json tuning")
    bonus = {o.id for o in load_card_set().bonus}
    for oid in tuning.retuned:
        problems.check(oid in bonus, f"unknown bonus objective {oid!r}")
    problems.check(0 < tuning.min_score_rate < 1, "min_score_rate must lie between 0 and 1")
    problems.check(
        len(tuning.strategies) == tuning.players and 2 <= tuning.players <= 4,
        "give one strategy per player, for 2 to 4 players",
    )
    problems.check(tuning.sample_games >= 1, "sample_games must be at least 1")
    problems.raise_if_any()
    return tuning
