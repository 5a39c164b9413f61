"""Words and labels for the board views, the event log and the CLI odds table."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from hcgames.conquest.actions import Move, Refuse
from hcgames.conquest.movement import (
    CAPTURES,
    land_pieces,
    occupied_capitol,
    piece_name,
    pieces_of,
    stack,
)
from hcgames.core import Event
from hcgames.words import join, plural, with_article

if TYPE_CHECKING:
    from hcgames.conquest.game import ConquestGame
    from hcgames.conquest.state import ConquestState

__all__ = [
    "capture_mark",
    "capture_rows",
    "captured_by",
    "describe",
    "describe_step",
    "listed_words",
    "move_group",
    "now_words",
    "odds_table",
    "piece_rows",
    "record_words",
    "region_views",
    "rider_label",
    "stack_label",
    "stuck_words",
    "unnumbered",
]

#: a piece as the rules name it: "Black soldier 2" or "White's seized ship 2" (the board
#: draws no numbers; the kinds of piece only: "Black has 5 moves" keeps its number)
_NUMBERED = re.compile(
    r"\b(White|Black)('s seized)? (soldier|elephant|chariot|knight|ship|galleon) \d+\b"
)

#: the last item of a list of pieces whose "and" went into a counted pair
_LOST_AND = re.compile(r", (two (?:White|Black) \w+s)(?=[.;]|$)")

_TWICE = re.compile(
    r"\b([Tt])he ((?:White|Black) (?:soldier|elephant|chariot|knight|ship|galleon)) and the \2\b"
)


def unnumbered(line: str) -> str:
    """A sentence of the game with its pieces named as the board shows them: "White
    soldier 1 captures on h11 from h10, taking Black soldier 3" reads "The White soldier
    captures on h11 from h10, taking the Black soldier" (the squares tell them apart;
    look 8, lesson 30: "White soldier 9 moves from g3" read as nine moves)."""

    def plain(m: re.Match[str]) -> str:
        if m[2]:
            return f"{m[1]}{m[2]} {m[3]}"
        starts = m.start() == 0 or line[: m.start()].rstrip().endswith((".", "!", "?"))
        return f"{'The' if starts else 'the'} {m[1]} {m[3]}"

    line = _NUMBERED.sub(plain, line)
    # two pieces alike, unnumbered, are counted: "the White elephant carrying two White
    # soldiers", not "the White soldier and the White soldier" (look 9, lesson 34)
    line = _TWICE.sub(lambda m: f"{'T' if m[1] == 'T' else 't'}wo {m[2]}s", line)
    # "the White elephant, two White soldiers": the list lost its "and" with the pair
    line = _LOST_AND.sub(r" and \1", line)
    return line[:1].upper() + line[1:]


def stack_label(state: ConquestState, piece: str) -> str:
    """A short label such as ``E+S+S`` (elephant with two soldiers) or ``Sh:K``."""
    kinds = state.game.rules.kinds
    own = kinds[state.game.kind_of[piece]].label
    carried = state.cargo.get(piece, [])
    if not carried:
        return own
    inner = "+".join(stack_label(state, x) for x in carried)
    return f"{own}:{inner}" if state.game.is_ship[piece] else f"{own}+{inner}"


def rider_label(state: ConquestState, piece: str) -> str:
    """What ``piece`` carries, counted: ``E+2S`` (an elephant and two soldiers), or ""."""
    kinds = state.game.rules.kinds
    labels: list[str] = []
    todo = list(state.cargo.get(piece, []))
    while todo:
        rider = todo.pop(0)
        labels.append(kinds[state.game.kind_of[rider]].label)
        todo.extend(state.cargo.get(rider, []))
    counted = {label: labels.count(label) for label in dict.fromkeys(labels)}
    return "+".join(label if n == 1 else f"{n}{label}" for label, n in counted.items())


def _stack_words(state: ConquestState, piece: str) -> str:
    words = held_name(state, piece)
    carried = state.cargo.get(piece, [])
    if carried:
        words += " carrying " + " and ".join(_stack_words(state, x) for x in carried)
    return words


def held_name(state: ConquestState, piece: str) -> str:
    """A piece's name as the board draws it: a seized ship, drawn in its captor's
    colour, is "White's seized ship 2", never "Black ship 2"."""
    name = piece_name(piece)
    owner = state.player_name(state.owner[piece]) if piece in state.owner else ""
    if owner and not name.startswith(owner):
        return f"{owner}'s seized {name.split(' ', 1)[1]}"
    return name


def region_views(state: ConquestState) -> dict[str, dict[str, Any]]:
    board = state.game.board
    out: dict[str, dict[str, Any]] = {}
    for sid in board.order:
        space = board.spaces[sid]
        what = "land" if sid in board.land else ("port" if sid in board.dock else "sea")
        if space.get("capitol"):
            what = f"{space['capitol']}'s capitol"
        piece = state.top.get(sid)
        if piece is None:
            out[sid] = {"owner": None, "label": "", "tooltip": f"{sid} ({what}): empty."}
            continue
        owner = state.owner[piece]
        label = stack_label(state, piece)
        # pieces named as the board shows them: "the White elephant carrying two White
        # soldiers", not "White elephant 1 carrying White soldier 1 and..." (look 10)
        tip = f"{sid} ({what}): {unnumbered(_stack_words(state, piece))}."
        kinds, kind_of = state.game.rules.kinds, state.game.kind_of
        top_letter = kinds[kind_of[piece]].label
        riders = rider_label(state, piece)
        units = [[p, held_name(state, p)] for p in stack(state, piece)]
        passing = state.transit
        if passing is not None and passing != piece and state.where[passing] == sid:
            tip += f" {unnumbered(piece_name(passing))} is passing through."
            # the knight riding through its own men is drawn on top (the one piece that
            # may move now) and listed first, so a click on its space picks it; the
            # pieces it stands over are written under it ("E+2S", as the key says: the
            # words "over E" printed across the next square's piece, look 11, lesson 34)
            under = top_letter + (f"+{riders}" if riders else "")
            top_letter, riders = kinds[kind_of[passing]].label, under
            units = [[passing, piece_name(passing)], *units]
        out[sid] = {
            "owner": owner,
            "label": label,
            "piece": top_letter,
            "riders": riders,
            "name": held_name(state, piece),
            # every piece here, top first, as [id, name]: the board picks among them
            "units": units,
            "tooltip": tip,
        }
    return out


def now_words(state: ConquestState, *, short: bool = False) -> str:
    """Where the turn stands, in one short sentence: "Turn 2: White is moving, 3 of 10
    moves used." (a recapture or a draw offer said as what the side to play may do);
    ``short``: only what the side to play does ("White is moving.")."""
    when = "" if short else f"{state.game.turn_words(state.turn)}: "
    names = state.game.player_names
    if state.result is not None:
        return f"{when}the game is over." if when else "The game is over."
    who = names[state.current_player]
    if state.draw_offered:
        doing = f"{names[state.mover]} has offered a draw, and {who} answers"
    elif state.pending is not None:
        doing = f"{who} may retake the piece just taken on {state.pending.space}"
    else:
        used = "" if short else f", {state.spent} of {state.budget} moves used"
        doing = f"{who} is moving{used}"
    return f"{when}{doing}."


def stuck_words(state: ConquestState, space: str, piece: str | None = None) -> str:
    """Why ``piece`` (by default the top piece on ``space``) has no move now, in a
    student's words ("No piece here." on an empty space); "" when it has one."""
    piece = piece or state.top.get(space)
    if piece is None:
        return "No piece here."
    if any(getattr(a, "piece", None) == piece for a in state.legal_actions()):
        return ""
    names = state.game.player_names
    kind = state.game.kind_of[piece]
    steps = state.game.rules.kinds[kind].moves
    if state.result is not None:
        return "The game is over."
    if state.owner[piece] != state.current_player:
        owner, now = names[state.owner[piece]], names[state.current_player]
        return f"It is {owner}'s piece, and {now} plays now."
    if state.draw_offered:
        return "A draw has been offered: it is answered first."
    if state.transit is not None:
        return f"{piece_name(state.transit)} must finish its ride through its own men first."
    if state.pending is not None:
        return f"Only a recapture on {state.pending.space} (or refusing it) may be played now."
    if state.spent >= state.budget:
        return f"All {state.budget} moves of this turn are used."
    if state.used.get(piece, 0) >= steps:
        return (
            f"This {kind} has used its {plural(steps, 'step')} this turn "
            f"({with_article(kind)} has {plural(steps, 'step')} a turn)."
        )
    return "Every space it could step to is blocked."


def describe(state: ConquestState) -> str:
    names = state.game.player_names
    if state.result is not None:
        winners, reason = state.result.winners, state.result.reason
        who = f"{names[winners[0]]} has won" if winners else "The game is drawn"
        return f"{state.game.turn_words(state.turn)}. {who}: {reason}."
    counts = []
    for side in (0, 1):
        land = land_pieces(state, side)
        ships = sum(1 for p, o in state.owner.items() if o == side and state.game.is_ship[p])
        held = occupied_capitol(state, side)
        counts.append(
            f"{names[side]} has {plural(land, 'land piece')} and {plural(ships, 'vessel')} "
            f"and holds {held} of {names[1 - side]}'s capitol spaces"
        )
    when = (
        state.game.turn_words(state.turn)
        if state.game.turns_each()
        else f"Turn {state.turn}, {names[state.mover]} moving"
    )
    text = f"{when}: {state.spent} of {state.budget} moves used. "
    text += "; ".join(counts) + "."
    if state.pending is not None:
        text += f" {names[1 - state.mover]} may recapture on {state.pending.space}" + (
            " (a recapture begun must be completed)." if state.pending.step > 1 else " or refuse."
        )
    if state.transit is not None:
        text += f" {piece_name(state.transit)} is passing through its own men."
    if state.draw_offered:
        text += f" {names[state.mover]} has offered a draw."
    return text


def describe_step(
    state: ConquestState,
    player: int,
    piece: str,
    here: str,
    to: str,
    tag: str,
    gone: list[str],
    seized: str | None,
    verb: str = "captures",
) -> Event:
    """The log entry of one step just made (``tag`` as classified by :func:`.movement.step`)."""
    who = piece_name(piece)
    if piece[:1] != state.player_name(player)[:1]:  # a seized ship sails for its captor
        who = f"{state.player_name(player)}'s seized {who.split(' ', 1)[1]}"
    if tag == "capture":
        # a side's own ship, held by the enemy, is taken off the board like any enemy
        # piece: "retaking the White ship" promised it back (look 11, lesson 34)
        mine = state.player_name(player)[:1]
        taken = [piece_name(x) for x in gone if x[:1] != mine]
        sunk = [piece_name(x).split(" ", 1)[1] for x in gone if x[:1] == mine]
        parts = [f"taking {join(taken)}"] if taken else []
        if sunk:
            theirs = state.player_name(1 - player)
            parts.append(f"sinking its own {join(sunk)} that {theirs} had seized")
        text = f"{who} {verb} on {to} from {here}, {' and '.join(parts)}."
    elif tag == "seize":
        lost = f", throwing off {', '.join(piece_name(x) for x in gone)}" if gone else ""
        text = f"{who} {verb} {piece_name(seized)} at port {to} from {here}{lost}"
        text += "; it changes sides."
    elif tag == "mount":
        text = f"{who} mounts {piece_name(state.carrier[piece])} on {to}."
    elif tag == "board":
        text = f"{who} goes aboard {piece_name(state.carrier[piece])} at {to}."
    elif tag == "through":
        text = f"{who} passes through {to}, held by {piece_name(state.top[to])}."
    elif tag == "sail":
        text = f"{who} sails from {here} to {to}."
    else:
        text = f"{who} moves from {here} to {to}."
    data = {"piece": piece, "from": here, "to": to, "tag": tag, "removed": list(gone)}
    kind = "capture" if tag in CAPTURES else "move"
    if state.pending is None and player == state.mover:
        text += f" ({state.spent} of {state.budget} moves used)"
    return state.event(player, kind, text, **data)


#: what each kind of piece may carry, in words
CARRIES = {
    "soldier": "-",
    "elephant": "up to 2 soldiers",
    "chariot": "1 soldier",
    "knight": "- (passes own men)",
    "ship": "E, K, C or up to 2 S",
    "galleon": "E, K, C or up to 2 S",
}
#: the same, written out for a table a class reads
CARRIES_WORDS = {
    "soldier": "nothing",
    "elephant": "up to two soldiers",
    "chariot": "one soldier",
    "knight": "nothing (but it may ride through its own pieces)",
    "ship": "one elephant, knight or chariot, or up to two soldiers",
    "galleon": "one elephant, knight or chariot, or up to two soldiers",
}


def capture_mark(game: ConquestGame, attacker: str, target: str) -> str:
    """``"yes"``, ``"no"`` or ``"port"`` (a land piece takes a ship only at port)."""
    kinds = game.rules.kinds
    if kinds[attacker].at_sea:
        ok = kinds[target].at_sea
    elif kinds[target].at_sea:
        ok = True  # at port only
    else:
        ok = not (attacker == "soldier" and target == "elephant")
    if ok and not kinds[attacker].at_sea and kinds[target].at_sea:
        return "port"
    return "yes" if ok else "no"


def piece_rows(game: ConquestGame) -> list[dict[str, Any]]:
    """One row per kind of piece: how many a side has, its moves a turn, what it carries."""
    return [
        {
            "piece": kind.name,
            "per side": kind.count,
            "moves a turn": kind.moves,
            "carries": CARRIES_WORDS[kind.name],
        }
        for kind in game.rules.kinds.values()
    ]


def capture_rows(game: ConquestGame) -> list[dict[str, Any]]:
    """Who may take whom: one row per attacker, one column per target."""
    words = {"yes": "yes", "no": "no", "port": "at port"}
    names = list(game.rules.kinds)
    return [
        {"may take": attacker, **{t: words[capture_mark(game, attacker, t)] for t in names}}
        for attacker in names
    ]


def odds_table(game: ConquestGame) -> str:
    """CONQUEST has no dice: what decides a fight is who may take whom."""
    kinds = game.rules.kinds
    lines = [
        "CONQUEST (1972) has no dice and no cards: a piece that steps onto an enemy",
        "takes it for certain. What matters is how far pieces move and who may take whom.",
        "",
        f"{'piece':<10}{'moves/turn':>11}{'carries':>28}",
    ]
    for kind in kinds.values():
        lines.append(f"{kind.name:<10}{kind.moves:>11}{CARRIES[kind.name]:>28}")
    names = list(kinds)
    lines += ["", "may capture ->  " + " ".join(f"{n[:4]:>5}" for n in names)]
    for attacker in names:
        row = [f"{capture_mark(game, attacker, target):>5}" for target in names]
        lines.append(f"{attacker:<16}" + " ".join(row))
    lines += [
        "",
        "Land pieces take ships only at port (the cargo is lost and the ship changes",
        "sides); ships take ships anywhere at sea, with everything aboard.",
        f"Moves per turn: {game.rules.first_turn_moves} on the first turn, then "
        f"{game.rules.moves_per_turn}, less {game.rules.capitol_penalty} per own capitol space "
        "held by the enemy.",
    ]
    return "\n".join(lines)


def record_words(state: ConquestState) -> str:
    """A game's result for a student's record of work, in the game's own terms: each
    side's pieces left and taken, and why the game ended ("White 9 pieces left, took 6;
    Black 4 pieces left, took 3. The last turn (Black's turn 6 of 6) is over: White has more
    pieces left (9 to 4)")."""
    names = state.game.player_names
    start = state.game.new_game()
    left = [len(pieces_of(state, p)) for p in (0, 1)]
    began = [len(pieces_of(cast("ConquestState", start), p)) for p in (0, 1)]
    # pieces a side took: what the other side began with and lost (a seized ship too)
    took = [max(0, began[1 - p] - left[1 - p]) for p in (0, 1)]
    words = "; ".join(f"{names[p]} {plural(left[p], 'piece')} left, took {took[p]}" for p in (0, 1))
    if state.result is not None and state.result.reason:
        reason = state.result.reason
        words += f". {reason[:1].upper()}{reason[1:]}"
    return words


def captured_by(state: ConquestState, action: object) -> str | None:
    """The enemy piece a move captures (the one on top where it goes), if any."""
    if not isinstance(action, Move):
        return None
    occ = state.top.get(action.to)
    if occ is None or occ == action.piece or state.owner.get(occ) == state.owner.get(action.piece):
        return None
    return str(occ)


def listed_words(state: ConquestState, action: object, words: str) -> str:
    """A move as the play screen's list says it: with a capital (every entry, "Refuse to
    recapture": look 7), and a capture with what it takes."""
    words = words[:1].upper() + words[1:]
    captured = captured_by(state, action)
    if captured is None:
        return words
    carried = len(stack(state, captured)) - 1
    more = (
        " and the piece it carries"
        if carried == 1
        else f" and the {carried} pieces it carries"
        if carried
        else ""
    )
    # the piece taken named as the board shows it (kind and side), not "Black chariot 1":
    # the board draws no numbers (look 10, lesson 34); and a seized ship by who holds it
    # now ("Black's seized ship", drawn as a Black square), never "the White ship" (look
    # 11, lesson 34)
    taken = re.sub(r" \d+$", "", held_name(state, captured))
    return f"Capture: {words}, taking the {taken}{more}"


#: the kinds of piece in the order the list of moves groups them
PIECE_ORDER = ("soldier", "knight", "chariot", "elephant", "ship", "galleon")


def move_group(state: ConquestState, action: object, kind: str, rank: float) -> tuple[str, float]:
    """The list of moves in groups a student can scan: captures first, then the moves
    of each kind of piece, then the rest."""
    if captured_by(state, action) is not None:
        return "Captures", 0.0
    if isinstance(action, Move):
        piece = str(state.game.kind_of[action.piece])
        order = 1 + (PIECE_ORDER.index(piece) if piece in PIECE_ORDER else len(PIECE_ORDER)) / 10
        return f"{piece.capitalize()}s", order
    if isinstance(action, Refuse):  # its own group: not hidden under "Other"
        return "Refuse to recapture", 1.9
    if kind == "End the phase":  # a CONQUEST turn has no phases: a player ends a turn
        return "End my turn", 2.0 + rank / 10
    if kind == "Other":  # offering, accepting or turning down a draw
        return "A draw", 2.0 + rank / 10
    return kind, 2.0 + rank / 10
