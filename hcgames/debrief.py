"""What a play page says when a game ends (no widgets): the score and what made it,
the turning points of the game just played, what really happened, and one question.

:func:`debrief` reads only the finished position, its history and the data:

* **the score**, as rows a student can check against the board (what each side holds,
  what each source of points gave), from the game's own numbers;
* **turning points**, picked by one rule from the game just played: the game is played
  again move by move from its first position, and after each move (with the dice or
  cards that follow it) the game's own judgement of the student's position
  (:meth:`~hcgames.core.State.evaluate`) is compared with the one before; the three
  moves that changed it most, for or against the student, are the turning points,
  told with what the game logged for them;
* **the past** and **a question** on one difference between the game and the past,
  from ``data/debrief/debrief.json`` (Duels: ``data/conqueror/history.json``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from hcgames.core import State
from hcgames.data import read_json
from hcgames.quiz import Question, parse_questions

__all__ = ["Debrief", "ScoreRow", "TurningPoint", "debrief", "turning_points"]

#: how many turning points a debrief tells
TURNING_POINTS = 3
#: a move that changes the student's position by less than this is no turning point
_SMALLEST_SWING = 0.02
#: moves that are never told as turning points, by game: Duels' recruits raise the game's
#: judgement of the army but decide nothing until the units fight (the battles, captures
#: and heroes that do are told instead)
_QUIET_MOVES = {"conqueror-duels": ("Recruit",)}
#: event kinds that only mark time (a new round, a turn, a phase): never a turning point
_CLOCK_KINDS = ("round", "turn", "phase", "draw-card", "end")
#: the count of a turn's moves a CONQUEST move line ends with: "(2 of 5 moves used)"
_MOVES_USED = re.compile(r" ?\(\d+ of \d+ moves? used\)")


@dataclass(frozen=True)
class ScoreRow:
    """One line of the score: what is counted, and each side's number or list."""

    what: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class TurningPoint:
    """A move that changed the game most: when, who, what happened, and for whom."""

    round: int
    who: str
    text: str
    #: the change of the student's position by the game's own judgement (-1 to 1)
    swing: float

    @property
    def helped(self) -> bool:
        return self.swing > 0


@dataclass(frozen=True)
class Debrief:
    """Everything the end of a game shows."""

    sides: tuple[str, ...]
    result: str
    #: one sentence: what the score below counts
    score_note: str
    score: tuple[ScoreRow, ...]
    turning: tuple[TurningPoint, ...]
    past: tuple[str, ...]
    question: Question | None


def debrief(state: State, student: int) -> Debrief:
    """The debrief of a finished game, as seen by the side ``student`` plays."""
    game = state.game
    sides = tuple(state.player_name(p) for p in range(game.num_players))
    outcome = state.outcome()
    if outcome is None:
        result = "The game is not over."
    else:
        winners = [state.player_name(p) for p in outcome.winners]
        who = " and ".join(winners) if winners else "Nobody"
        if len(winners) > 1:
            result = f"A shared win for {who}: {outcome.reason.rstrip('.')}."
        else:
            result = f"{who} won: {outcome.reason.rstrip('.')}."
        result = result[:1].upper() + result[1:]
    note, rows = _score(state)
    past, question = _past(state, student)
    return Debrief(
        sides, result, note, tuple(rows), tuple(turning_points(state, student)), past, question
    )


# --- the score ------------------------------------------------------------------------------


def _score(state: State) -> tuple[str, list[ScoreRow]]:
    kind = state.game.id
    if kind == "conqueror-duels":
        return _duels_score(state)
    if kind == "classical-conquests":
        return _classical_score(state)
    if kind == "conquest-1972":
        return _conquest_score(state)
    if kind == "conquest-of-speros":
        return _speros_score(state)
    if kind == "historical-conquest":
        return _historical_score(state)
    scores = state.scores()
    players = range(state.game.num_players)
    return "The game's score.", [ScoreRow("Score", tuple(f"{scores.get(p, 0):g}" for p in players))]


def _names(items: list[str]) -> str:
    return ", ".join(items) if items else "none"


def _duels_score(state: Any) -> tuple[str, list[ScoreRow]]:
    g = state.game
    sides = (0, 1)
    held = [[t for t, o in enumerate(state.owner) if o == p] for p in sides]
    forts = [[g.names[t] for t in h if g.is_fort[t]] for h in held]
    rows = [
        ScoreRow("Forts held", tuple(f"{len(f)}: {_names(f)}" for f in forts)),
        ScoreRow(
            _land_points_words(g.rules["points"]), tuple(str(state.points_of(p)) for p in sides)
        ),
        ScoreRow(
            "Units on the map",
            tuple(str(sum(state.cav[t] + state.inf[t] for t in h)) for h in held),
        ),
        ScoreRow("Gold", tuple(str(state.gold[p]) for p in sides)),
    ]
    return _duels_goals(state), rows


def _land_points_words(points: dict[str, int]) -> str:
    """The land points row, with what each place is worth (a student never met the
    word before the score): "capital 4, great fort 3, ..."."""
    worth = (
        f"a capital {points['capital']}, a great fort {points['great']}, a small fort "
        f"{points['small']}, any other land {points['land']}, a sea {points['sea']}"
    )
    return f"Land points of the places held ({worth})"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _duels_goals(state: Any) -> str:
    """How this scenario is won, from its victory data, in one or two sentences."""
    victory = state.game.scenario.victory
    goals = [
        f"{c['player']} wins at once by holding {_and(list(c['hold']))}"
        for c in victory.get("immediate", [])
    ]
    forts = victory.get("forts")
    if forts:
        goals.append(
            f"a side with {forts['count']} forts at the end of {forts['rounds']} rounds "
            "in a row wins"
        )
    goals += [
        f"{c['player']} wins by taking {c['take']} and keeping {c['keep']} for {c['rounds']} rounds"
        for c in victory.get("hold_for", [])
    ]
    goals += [
        f"after the last round, {c['player']} wins if it holds {_and(list(c['hold']))}"
        for c in victory.get("final", [])
    ]
    fallback = victory["fallback"]
    if fallback == "forts_then_units":
        last = "the side with more forts wins (then more units)"
    elif fallback == "points":
        last = "the side with more land points wins"
    elif fallback == "draw":
        last = "the game is a draw"
    else:
        last = f"{fallback['winner']} wins by holding out"
    text = "; ".join(goals)
    text = (text + ". " if text else "") + f"When time runs out otherwise, {last}."
    return text[:1].upper() + text[1:]


def _classical_score(state: Any) -> tuple[str, list[ScoreRow]]:
    players = range(len(state.civs))
    monuments = [0 for _ in players]
    arts = [0 for _ in players]
    for event in state.events:
        if event.kind == "score" and event.player is not None:
            monuments[event.player] += int(event.data.get("monuments", 0))
            arts[event.player] += int(event.data.get("arts", 0))
    m = state.game.material
    cities = [
        sum(1 for t in range(len(m.territories)) if state.owner[t] == p and state.level[t] == 2)
        for p in players
    ]
    villages = [
        sum(1 for t in range(len(m.territories)) if state.owner[t] == p and state.level[t] == 1)
        for p in players
    ]
    rows = [
        ScoreRow("Points from monuments, all rounds", tuple(str(n) for n in monuments)),
        ScoreRow("Points from the Arts, all rounds", tuple(str(n) for n in arts)),
        ScoreRow("Victory points in all", tuple(str(state.vp[p]) for p in players)),
        ScoreRow("Monuments held now", tuple(str(state.monuments_of(p)) for p in players)),
        ScoreRow("Arts level now", tuple(str(state.level_of(p, "arts")) for p in players)),
        ScoreRow("Cities now", tuple(str(cities[p]) for p in players)),
        ScoreRow("Villages now", tuple(str(villages[p]) for p in players)),
    ]
    per = int(m.book["vp_per_monument"])
    note = (
        f"Each score phase a people gains {per} for each monument it holds and its Arts "
        "level; cities and villages score nothing by themselves, only the monuments "
        "built in them."
    )
    return note, rows


def _ships_now(now: int, start: int) -> str:
    """A side's ships at the end beside those at the start, in words ("4 (3 at the start,
    1 seized)"), so a side that gained ships is not read as a sum gone wrong."""
    if now > start:
        return f"{now} ({start} at the start, {now - start} seized)"
    return f"{now} of {start}"


def _conquest_score(state: Any) -> tuple[str, list[ScoreRow]]:
    first = state.game.new_game(state.seed)
    players = (0, 1)

    def pieces(s: Any, p: int, ships: bool | None = None) -> int:
        return sum(
            1
            for x, o in s.owner.items()
            if o == p and (ships is None or s.game.is_ship[x] == ships)
        )

    held = state.scores()
    spaces = state.game.rules.capitol_spaces
    rows = [
        ScoreRow(
            "Land pieces left (of those at the start)",
            tuple(f"{pieces(state, p, False)} of {pieces(first, p, False)}" for p in players),
        ),
        ScoreRow(
            # a ship taken at its port changes sides, so a side may end with more ships
            "Ships now (a ship taken at its port joins the side that took it)",
            tuple(_ships_now(pieces(state, p, True), pieces(first, p, True)) for p in players),
        ),
        ScoreRow("All pieces left", tuple(str(len(state.pieces_of(p))) for p in players)),
        ScoreRow(
            "Spaces of the enemy capitol held",
            tuple(f"{int(held[p])} of {spaces}" for p in players),
        ),
    ]
    g = state.game
    quiet = g.rules.quiet_turns_each
    tie = (
        "with equal spaces, the side with more pieces left wins (our rule for the class game), "
        "and equal pieces are a draw"
        if g.pieces_decide
        else "equal is a draw"
    )
    note = (
        "A side wins at once by holding every space of the enemy capitol or by capturing "
        f"all the enemy's land pieces. After {quiet} turns each without a capture, or "
        + (
            f"after {g.turns_each()} turns each"
            if g.turns_each()
            else f"at the limit of {g.turn_limit} turns"
        )
        + f", the side holding more enemy capitol spaces wins; {tie}."
    )
    return note, rows


def _speros_score(state: Any) -> tuple[str, list[ScoreRow]]:
    from hcgames.speros.scoring import score_lines

    players = range(state.game.num_players)
    sheets = [score_lines(state, p) for p in players]
    rows = []
    for i, (line, _, _) in enumerate(sheets[0]):
        values = []
        for sheet in sheets:
            what, count, vp = sheet[i]
            if what.startswith("bonus"):  # each side's own secret objective, by name
                name = what.split(": ", 1)[1] if ": " in what else "not chosen"
                values.append(f"{name}: {count} for {vp} VP")
            else:
                values.append(f"{count} for {vp} VP")
        what = "Secret bonus objective" if line.startswith("bonus") else line
        rows.append(ScoreRow(what[:1].upper() + what[1:], tuple(values)))
    totals = [sum(vp for _, _, vp in sheet) for sheet in sheets]
    rows.append(ScoreRow("Victory points in all", tuple(str(t) for t in totals)))
    note = (
        "Each line counts something on the board or in the captured cards and gives "
        "the victory points beside it; the lines add up to the total."
    )
    return note + _speros_gap(state, sheets, totals), rows


#: what each line of a Speros score sheet teaches for the next game, by its first word(s)
_SPEROS_TIPS = (
    ("captured", "a captured card's VP stay yours to the end, so finish off the cards you lead"),
    ("resource", "captured cards that show Crystal, Iron and Gold together make sets worth extra"),
    ("Minions on familiar", "a piece on land of its own terrain scores double"),
    ("General on familiar", "a piece on land of its own terrain scores double"),
    ("Minions on unfamiliar", "every piece on a card scores, even before the card is captured"),
    ("General on unfamiliar", "every piece on a card scores, even before the card is captured"),
    ("bonus", "the secret bonus objective says which cards are worth collecting"),
    ("mastery", "the Mastery Objectives reward whoever has the most of what they name"),
)


def _speros_gap(state: Any, sheets: list[Any], totals: list[int]) -> str:
    """The line of the score sheet that made the biggest gap between the winner and the
    next side, with what it teaches (a debrief that said only the sums taught nothing)."""
    if len(totals) < 2:
        return ""
    order = sorted(range(len(totals)), key=lambda p: -totals[p])
    first, second = order[0], order[1]
    lines = list(zip(sheets[first], sheets[second], strict=True))
    gap, index = max((a[2] - b[2], i) for i, (a, b) in enumerate(lines))
    if gap <= 0:
        return ""
    (line, _, ahead), (_, _, behind) = lines[index]
    tip = next((t for start, t in _SPEROS_TIPS if line.startswith(start)), "")
    name = "the secret bonus objectives" if line.startswith("bonus") else line
    words = (
        f" The biggest gap came from {name}: {ahead} VP for {state.player_name(first)} "
        f"against {behind} for {state.player_name(second)}."
    )
    return words + (f" Worth knowing: {tip}." if tip else "")


def _historical_score(state: Any) -> tuple[str, list[ScoreRow]]:
    players = range(state.game.num_players)
    first = state.game.new_game(state.seed)
    battles = [0 for _ in players]
    gains = [0 for _ in players]
    losses = [0 for _ in players]
    by_card: list[Counter[str]] = [Counter() for _ in players]
    for event in state.events:
        if event.kind == "morale" and event.data.get("player") is not None:
            p, change = int(event.data["player"]), int(event.data.get("change", 0))
            why = str(event.data.get("why", ""))
            if why.startswith("battle"):
                battles[p] += change
                continue
            if change > 0:
                gains[p] += change
            else:
                losses[p] += change
            # "Margaret Hughes (1 matching card)" counts with Margaret Hughes
            by_card[p][re.sub(r" \(\d+ matching cards?\)", "", why)] += change

    def biggest(p: int, sign: int) -> str:
        found = [(n, why) for why, n in by_card[p].items() if n * sign > 0]
        if not found:
            return "none"
        n, why = max(found, key=lambda item: (item[0] * sign, item[1]))
        # "Edgar Allan Poe (played by Player 2)" -> "Edgar Allan Poe, played by Player 2"
        why = re.sub(r" \(played by ([^)]*)\)$", r", played by \1", why)
        return f"{why} ({n:+d})"

    rows = [
        ScoreRow("Morale at the start", tuple(str(first.morale[p]) for p in players)),
        ScoreRow("Battles won and lost", tuple(_signed(n) for n in battles)),
        ScoreRow("Cards that raised morale", tuple(_signed(n) for n in gains)),
        ScoreRow("Cards that lowered morale", tuple(_signed(n) for n in losses)),
        ScoreRow("Morale at the end", tuple(str(state.morale[p]) for p in players)),
        ScoreRow("The card that gave most", tuple(biggest(p, 1) for p in players)),
        ScoreRow("The card that cost most", tuple(biggest(p, -1) for p in players)),
    ]
    note = (
        "Morale is the score: the morale at the start, plus battles and cards (the next "
        "three rows), gives the morale at the end. The last two rows name the single "
        "cards that raised and lowered it most."
    )
    return note, rows


def _signed(n: int) -> str:
    """+300, -200 or 0 (a sign on nothing reads as a number that changed)."""
    return f"{n:+d}" if n else "0"


# --- turning points ---------------------------------------------------------------------------


def turning_points(state: State, student: int, most: int = TURNING_POINTS) -> list[TurningPoint]:
    """The moves of the game just played that changed ``student``'s position most
    (by the game's own judgement, :meth:`State.evaluate`), oldest first."""
    game = state.game
    replay = game.new_game(state.seed)
    first = len(replay.history)
    actions = list(state.history[first:])
    before = _judge(replay, student)
    quiet = _QUIET_MOVES.get(game.id, ())
    found: list[tuple[float, int, TurningPoint]] = []
    i = 0
    while i < len(actions):
        chance = replay.is_chance()
        actor = replay.current_player
        start_events = len(replay.events)
        rnd = replay.round
        kind = type(actions[i]).__name__
        replay.apply(actions[i])
        i += 1
        while i < len(actions) and replay.is_chance():  # the dice or cards that follow it
            if any(e.kind.startswith(("turn", "round")) for e in replay.events[start_events:]):
                # the move ended the turn: what chance deals the next player (a first
                # land, a hand) is not this move's doing
                break
            replay.apply(actions[i])
            i += 1
        if replay.is_terminal():
            # the last move is told by the result line: the jump from the game's
            # judgement to the final result is no measure of that move
            break
        after = _judge(replay, student)
        swing = after - before
        before = after
        if abs(swing) < _SMALLEST_SWING or chance or rnd < 1 or kind in quiet:
            # a small change, the luck of a coin or a draw before any move, or the
            # set-up (every first city changes the judgement of the position)
            continue
        events = [e for e in replay.events[start_events:] if not e.kind.startswith(_CLOCK_KINDS)]
        # what the move did, not the offer it opened ("Black may recapture on i8 or
        # refuse.") nor the count of moves that follows it in the move's own line
        events = [e for e in events if not e.kind.endswith("-offer")]
        if not events:
            continue
        text = _MOVES_USED.sub("", " ".join(e.text for e in events[:3]))
        if len(text) > 260:  # cut after a whole sentence, or else at a word's end
            whole = text[:261].rsplit(". ", 1)[0]  # ("thou..." read as a misspelling)
            text = (
                whole + "."
                if len(whole) < 260 and len(whole) > 80
                else text[:257].rsplit(" ", 1)[0].rstrip(" ,;:.") + "..."
            )
        who = state.player_name(actor)
        point = TurningPoint(rnd, who, text, swing)
        both = _told_once(found[-1][2], point) if found else None
        if both is not None:
            found[-1] = (abs(both.swing), found[-1][1], both)
            continue
        found.append((abs(swing), len(found), point))
    found.sort(key=lambda item: (-item[0], item[1]))
    chosen = sorted(found[:most], key=lambda item: item[1])
    return [tp for _, _, tp in chosen]


def _told_once(last: TurningPoint, point: TurningPoint) -> TurningPoint | None:
    """``last`` and ``point`` as one point when ``point`` does again, in the same round
    and by the same player, what ``last`` told (two Minions of one ability deployed to
    one card, say), with what it did beyond that; else None. Look-7 (lesson 44) read the
    same sentence twice in a row."""
    if (last.round, last.who) != (point.round, point.who):
        return None
    if point.text != last.text and not point.text.startswith(last.text + " "):
        return None
    said = last.text.rstrip(".") + " (twice)." + point.text[len(last.text) :]
    return TurningPoint(point.round, point.who, said, last.swing + point.swing)


def _judge(state: State, player: int) -> float:
    return float(state.evaluate(player))


# --- the past --------------------------------------------------------------------------------


def _past(state: State, student: int) -> tuple[tuple[str, ...], Question | None]:
    game = state.game
    data = read_json("debrief", "debrief.json")["games"].get(game.id, {})
    options: dict[str, Any] = getattr(game, "options", {}) or {}
    key = "*"
    if game.id == "conqueror-duels":
        key = str(options.get("scenario", "standard"))
    elif game.id == "classical-conquests":
        pair = "+".join(state.player_name(p) for p in range(game.num_players))
        key = pair if pair in data else "*"
    entry = data.get(key) or data.get("*") or {}
    past = tuple(entry.get("past", ()))
    if not past and game.id == "conqueror-duels":
        history = read_json("conqueror", "history.json")["scenarios"].get(key, {})
        texts = (history.get("what_really_happened"), history.get("what_the_game_lets_happen"))
        past = tuple(p for p in texts if p)
    if game.id == "conquest-of-speros" and len(past) >= 3:
        # each real story follows what the student's own game did of it (look 13: the
        # history read the same whatever happened on the table)
        capture, lead = _speros_your_game(state, student)
        past = (*past[:2], capture, past[2], lead, *past[3:])
    question = None
    if "question" in entry:
        question = parse_questions([entry["question"]], "data/debrief/debrief.json")[0]
    return past, question


def _speros_your_game(state: Any, student: int) -> tuple[str, str]:
    """Two sentences on the student's own Speros game, each set beside the real story it
    echoes: who captured what, and how (the rule of Berlin, 1884-85); who led, round by
    round (the balance of power, Vienna, 1814-15)."""
    from hcgames.speros.scoring import total_scores
    from hcgames.words import count

    cards = state.game.cards
    captures = [e for e in state.events if e.kind == "capture" and "card" in e.data]
    mine = [e for e in captures if e.player == student]
    theirs = [e for e in captures if e.player != student]
    if mine:
        first = mine[0]
        name = cards[first.data["card"]].name
        which = f"{name}" if len(mine) == 1 else f"the first of them {name}"
        capture = (
            f"In your game you captured {count(len(mine), 'card')}, {which}, in round "
            f"{first.round}: it became yours once you held the most pieces on it (getting "
            "there first counts for nothing), just as Berlin's rule asked."
        )
    elif theirs:
        first = theirs[0]
        capture = (
            f"In your game your rival captured {count(len(theirs), 'card')} and you none: "
            f"{cards[first.data['card']].name} went to {state.player_name(first.player)} "
            f"in round {first.round} because it held the most pieces there, just as "
            "Berlin's rule asked."
        )
    else:
        capture = (
            "In your game nobody captured a card: pieces on a card scored, but no side "
            "held enough of a card to make it its own."
        )
    # the score at the end of each round, the game played again from its start
    replay = state.game.new_game(state.seed)
    leads: list[tuple[int, int | None]] = []  # (round, side ahead or None for level)
    for action in state.history[len(replay.history) :]:
        before = replay.round_no
        replay.apply(action)
        if replay.round_no != before and before >= 1:
            totals = total_scores(replay)
            best = max(totals)
            ahead = [p for p, t in enumerate(totals) if t == best]
            leads.append((before, ahead[0] if len(ahead) == 1 else None))
    ahead_by_round = [side for _, side in leads if side is not None]  # level rounds aside
    changes = sum(1 for a, b in pairwise(ahead_by_round) if a != b)
    outcome = state.outcome()
    winner = outcome.winners[0] if outcome and len(outcome.winners) == 1 else None
    if winner is None:
        lead = "In your game neither side ended ahead"
    elif changes:
        lead = (
            f"In your game the lead changed hands {count(changes, 'time')} before "
            f"{'you' if winner == student else state.player_name(winner)} won"
        )
    else:
        since = next((r for r, side in reversed(leads) if side != winner), None)
        side = "you" if winner == student else state.player_name(winner)
        lead = (
            f"In your game {side} led from the first round and won"
            if since is None and leads
            else f"In your game {side} took the lead for good after round {since} and won"
            if since is not None
            else f"In your game {side} won"
        )
    others = (
        "the two behind would have had a reason to join against the leader"
        if state.game.num_players > 2
        else "with a third player at the table, the two behind would have had a reason "
        "to join against the leader"
    )
    lead += (
        f". {others[:1].upper()}{others[1:]}, as Austria, Britain, Prussia and Russia joined "
        "against Napoleon's France in 1813-14: the balance of power of the history above."
    )
    return capture, lead
