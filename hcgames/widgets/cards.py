"""Cards drawn as cards: faces, backs, piles and the tokens that stand on them.

A card game's ``state.card_rows(viewer)`` gives named rows (a hand, the Skirmish
Area, a player's battlefield ...), each a list of card dicts. This module turns them
into the table a class sees: every card a small face with a colour band in its
owner's colour (``data/factions.json``, through :func:`~hcgames.widgets._base.side_of`)
and the owner's name written in the band, so colour is never the only cue.

The keys a card dict may use (every other key is data for the program and is never
drawn, so a card never reads like a list of fields):

``name``
    the card's name (required); ``"hidden"`` for a card the viewer may not see. A run
    of hidden cards is drawn as one card back with the count ("5 cards").
``id``
    what actions call the card; used to outline the card a choice involves, not shown.
``kind``
    the kind in plain words ("Leader", "Forest Location", "Event").
``dates``
    the years of a historical card ("1770-1827"); absent for an invented world.
``ability``
    what the card does, in words.
``line``
    one short line of history or flavour (``title``: a longer text for its tooltip).
    A small card shows at most five lines of ability and three of history; its tooltip
    (and a screen reader) has them whole.
``owner``
    the seat whose colour the band takes (``None``: nobody's yet, a pale band).
``stats``
    a few short facts in words (``["3 VP", "iron"]``).
``camps`` and ``tokens``
    the camps of a location and the pieces on them, as ``[seat, "General"]`` pairs:
    drawn as round tokens in the owner's colour (empty camps dashed), with a sentence
    that says whose they are.
``note``
    a short remark under the card ("locked for 2 turns").
``column``
    this card (a land) starts a column; the cards after it with an ``on`` key stand
    in that column, as cards stand on a land on a real table.
``pile`` and ``count``
    a pile, deck or score, drawn as a tile with its count and ``line``; ``back``
    draws the pile face down.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from hcgames.core import Game, State
from hcgames.factions import SideStyle, contrast_ratio
from hcgames.widgets._base import NEUTRAL, side_of
from hcgames.words import plural

__all__ = [
    "CARD_CSS",
    "HIDDEN",
    "KIND_COLOURS",
    "card_html",
    "card_key",
    "card_names",
    "game_words",
    "plain_card_words",
    "plural",
    "rows_html",
    "rows_text",
    "short_side_name",
]

HIDDEN = "hidden"

#: one colour per kind of person or army on a Historical Conquest card, for the
#: timeline of lesson 50: fixed, so a kind keeps its colour whatever period is shown
#: (Okabe and Ito's colour-blind safe set, yellow swapped for a wine red that reads on
#: white)
KIND_COLOURS: dict[str, str] = {
    "Leaders and politicians": "#0072B2",
    "Conquerors and warriors": "#D55E00",
    "Armies": "#000000",
    "Explorers": "#009E73",
    "Science, invention and trade": "#56B4E9",
    "Arts, writing and sport": "#CC79A7",
    "Faith, ideas and reform": "#E69F00",
    "Outlaws and spies": "#882255",
}

#: a card's small print (its kind, numbers, ability, history line) as large as its name:
#: 15 px, read from the back of a room (at 13 px it was not, look 7 lessons 40, 51, 54)
CARD_CSS = """<style>
.hcgames-table { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: flex-start;
  line-height: 1.25; font-size: 15px; }
.hcgames-zone { flex: 0 1 auto; max-width: 100%; box-sizing: border-box;
  border: 1px solid #C8C2B0; border-radius: 8px; background: #F4F1E8; padding: 4px 6px 6px; }
.hcgames-zone-title { font-weight: bold; margin: 0 0 4px 2px; }
.hcgames-zone-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
.hcgames-zone-empty { color: #555; font-style: italic; padding: 2px 4px; }
.hcgames-column { display: flex; flex-direction: column; gap: 3px; flex: 1 1 8.7em;
  min-width: 8.7em; max-width: 10.5em; }
.hcgames-column .hcgames-card { flex: none; width: 100%; max-width: none; }
.hcgames-column .hcgames-card-line { -webkit-line-clamp: 2; line-clamp: 2; }
.hcgames-card { box-sizing: border-box; flex: 1 1 8.7em; min-width: 8.7em; max-width: 10.5em;
  border: 1px solid #6B6B6B;
  border-radius: 8px; background: #FFFDF6; overflow: hidden;
  box-shadow: 0 1px 2px rgba(0,0,0,0.25); }
/* a Base Camp card (Speros) carries its General's two abilities: wider, so it is not
   twice as tall as the zones beside it */
.hcgames-zone[aria-label$="Base Camp"] .hcgames-card { flex-basis: 14em; max-width: 16em; }
.hcgames-card-marked { outline: 4px solid #000000; outline-offset: 1px; }
.hcgames-card-band { padding: 1px 6px; font-size: 0.87em; font-weight: bold; }
.hcgames-card-body { padding: 3px 6px 5px; }
.hcgames-card-name { font-weight: bold; }
.hcgames-card-kind { font-size: 1em; color: #3A3A3A; }
.hcgames-card-stats { font-size: 1em; margin-top: 1px; }
.hcgames-card-ability { font-size: 1em; margin-top: 3px; }
.hcgames-card-line { font-size: 1em; margin-top: 3px;
  display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
.hcgames-card-line { -webkit-line-clamp: 3; line-clamp: 3; font-style: italic; color: #2E2E2E; }
.hcgames-card-note { font-size: 1em; margin-top: 2px; color: #7A1F00; }
.hcgames-tokens { margin-top: 3px; }
.hcgames-token { display: inline-block; box-sizing: border-box; width: 1.6em; height: 1.6em;
  border-radius: 50%; border: 2px solid #222222; text-align: center; line-height: 1.35em;
  font-size: 0.85em; font-weight: bold; margin: 1px 2px 1px 0; vertical-align: middle; }
.hcgames-token-empty { border: 2px dashed #8A8A8A; background: transparent; }
.hcgames-token-words { font-size: 1em; margin-top: 1px; }
.hcgames-back { box-sizing: border-box; width: 6em; min-height: 6.6em; border-radius: 8px;
  border: 1px solid #3F3B35; display: flex; align-items: center; justify-content: center;
  background: repeating-linear-gradient(90deg, #57524A 0 6px, #6F6A61 6px 12px);
  box-shadow: 3px 3px 0 #FFFFFF, 4px 4px 0 #3F3B35; margin: 0 5px 5px 0; }
.hcgames-back span { background: #FFFFFF; color: #111111; border-radius: 4px;
  padding: 1px 6px; font-weight: bold; font-size: 0.9em; text-align: center; }
.hcgames-pile { box-sizing: border-box; min-width: 6em; max-width: 8.7em;
  border: 1px solid #6B6B6B; border-radius: 8px; background: #FFFFFF; overflow: hidden; }
.hcgames-pile-count { font-size: 1.35em; font-weight: bold; }
.hcgames-hand-cue { display: none; }
</style>"""

# A hand taller than the window says how many of its cards are further down: a bar at
# the foot of the window while the hand runs past it (a play screen shows the bar; see
# play_screen's CSS). Run from an <img onerror> each time the table is drawn; one
# listener on the page's scrolling.
_HAND_CUE_JS = (
    "var f=window.hcHandCue;if(!f){f=window.hcHandCue=function(){"
    "document.querySelectorAll('.hcgames-hand-cue').forEach(function(c){"
    "var z=c.closest('.hcgames-zone');if(!z)return;var s=document.getElementById('rendered_cells');"
    "var b=Math.min(window.innerHeight,s?s.getBoundingClientRect().bottom:window.innerHeight);"
    "var n=0,a=z.querySelectorAll('.hcgames-card');a.forEach(function(k){"
    "if(k.getBoundingClientRect().bottom>b+2)n++;});"
    "var t=n?'\u25bc Scroll down: '+n+' of the '+a.length+' cards of this hand '"
    "+(n>1?'go':'goes')+' on below':'';"
    "if(c.textContent!==t)c.textContent=t;c.classList.toggle('hcgames-hand-cue-on',n>0);});};"
    "document.addEventListener('scroll',function(){f();},true);"
    "window.addEventListener('resize',function(){f();});}"
    "requestAnimationFrame(function(){f();});setTimeout(f,400);"
)
HAND_CUE = (
    "<img alt='' src='data:,' style='display:none' class='hc-hand-cue-js' "
    f'onerror="{escape(_HAND_CUE_JS)}">'
)


def card_key(card: Mapping[str, Any]) -> str:
    """What names a card in actions: its ``id`` when it has one, else its name."""
    return str(card.get("id") or card.get("name", ""))


# --- one card ---------------------------------------------------------------------------


def _style(state: State | None, owner: Any) -> SideStyle | None:
    if isinstance(owner, bool) or not isinstance(owner, int) or owner < 0:
        return None
    return side_of(state, owner)


def _owner_name(state: State | None, owner: int) -> str:
    if state is None:
        return f"Player {owner + 1}"
    return state.side_name(owner)


def short_side_name(name: str) -> str:
    """A side's name as a card's small print says it: the last word of a people's
    name ("Lathwood Elves" -> "Elves"); other names whole ("Player 1", "Rome")."""
    words = name.split()
    return words[-1] if len(words) > 1 and words[-1].isalpha() else name


def _band(state: State | None, owner: Any) -> str:
    style = _style(state, owner)
    if style is None:  # nobody's card: a plain edge, no band
        return (
            f"<div style='height:5px;background:{NEUTRAL};border-bottom:1px solid #D0CCBF'></div>"
        )
    name = _owner_name(state, owner)
    # a white side (CONQUEST's White) needs an edge to show on the pale card
    edge = (
        ";border-bottom:1px solid #999999" if contrast_ratio(style.colour, "#FFFDF6") < 1.3 else ""
    )
    return (
        f"<div class='hcgames-card-band' style='background:{style.colour};color:{style.ink}{edge}'>"
        f"{escape(name)}</div>"
    )


#: a token's shape by its side's hatch pattern, so that sides differ by shape as well as
#: by colour (a circle, a square, a diamond, a shield): (token style, letter style)
TOKEN_SHAPES: dict[str, tuple[str, str]] = {
    "diagonal": ("border-radius:50%", ""),
    "back-diagonal": ("border-radius:2px", ""),
    "horizontal": (
        "border-radius:2px;transform:rotate(45deg) scale(0.85)",
        "display:inline-block;transform:rotate(-45deg) scale(1.18)",
    ),
    "cross": ("border-radius:2px 2px 50% 50%", ""),
}


def token_shape(style: SideStyle | None) -> tuple[str, str]:
    """The CSS of a side's token and of its letter (a circle for an unknown side)."""
    if style is None:
        return "border-radius:50%", ""
    return TOKEN_SHAPES.get(style.pattern, ("border-radius:50%", ""))


def _token(state: State | None, owner: int, label: str) -> str:
    style = _style(state, owner)
    colour, ink = (style.colour, style.ink) if style else ("#DDDDDD", "#111111")
    who = _owner_name(state, owner)
    letter = escape(label[:1].upper() or "?")
    shape, inner = token_shape(style)
    if inner:
        letter = f"<span style='{inner}'>{letter}</span>"
    return (
        f"<span class='hcgames-token' role='img' aria-label='{escape(who)}: {escape(label)}' "
        f"title='{escape(who)}: {escape(label)}' style='background:{colour};color:{ink};{shape}'>"
        f"{letter}</span>"
    )


def _token_words(state: State | None, tokens: Sequence[Sequence[Any]], camps: int | None) -> str:
    """Whose pieces stand on a card, in words: 'Dwarves: 1 General and 1 Minion.
    2 camps free.' (empty when nothing stands there)."""
    by_owner: dict[int, list[str]] = {}
    for owner, label in tokens:
        by_owner.setdefault(int(owner), []).append(str(label))
    parts = []
    for owner, labels in by_owner.items():
        counted: dict[str, int] = {}
        for label in labels:
            counted[label] = counted.get(label, 0) + 1
        pieces = [plural(n, label) for label, n in counted.items()]
        parts.append(f"{short_side_name(_owner_name(state, owner))}: {' and '.join(pieces)}")
    words = "; ".join(parts)
    if camps is not None and tokens:
        free = max(0, camps - len(tokens))
        words += f". {plural(free, 'camp')} free" if free else ". No camp free"
    return words + "." if words else ""


def _tokens_html(state: State | None, card: Mapping[str, Any]) -> str:
    tokens = [t for t in card.get("tokens") or [] if len(t) == 2]
    camps = card.get("camps")
    if not tokens and camps is None:
        return ""
    marks = "".join(_token(state, int(owner), str(label)) for owner, label in tokens)
    if isinstance(camps, int):
        marks += "<span class='hcgames-token hcgames-token-empty' aria-hidden='true'></span>" * max(
            0, camps - len(tokens)
        )
    words = _token_words(state, tokens, camps if isinstance(camps, int) else None)
    label = (
        f" role='img' aria-label='{plural(camps, 'camp')}, all free'"
        if isinstance(camps, int) and not tokens
        else ""
    )
    return f"<div class='hcgames-tokens'{label}>{marks}</div>" + (
        f"<div class='hcgames-token-words'>{escape(words)}</div>" if words else ""
    )


def card_html(card: Mapping[str, Any], state: State | None = None, marked: bool = False) -> str:
    """One card face (see the module's docstring for the keys it reads)."""
    name = str(card.get("name", "")) or "a card"
    if card.get("pile"):
        return _pile_html(card, state)
    kind = str(card.get("kind") or "")
    dates = str(card.get("dates") or "")
    kind_line = " · ".join(escape(p) for p in (kind, dates) if p)
    stats = " · ".join(escape(str(stat)) for stat in card.get("stats") or [] if str(stat))
    ability = str(card.get("ability") or "")
    line = str(card.get("line") or "")
    note = str(card.get("note") or "")
    classes = "hcgames-card hcgames-card-marked" if marked else "hcgames-card"
    # the tooltip keeps what the clamp of a small card may cut (its history line); the
    # ability is never cut: a student chooses a card by what it does
    title = "\n\n".join(p for p in (ability, str(card.get("title") or line)) if p)
    body = (
        f"<div class='hcgames-card-name'>{escape(name)}</div>"
        + (f"<div class='hcgames-card-kind'>{kind_line}</div>" if kind_line else "")
        + (f"<div class='hcgames-card-stats'>{stats}</div>" if stats else "")
        + _tokens_html(state, card)
        + (f"<div class='hcgames-card-ability'>{escape(ability)}</div>" if ability else "")
        + (f"<div class='hcgames-card-line'>{escape(line)}</div>" if line else "")
        + (f"<div class='hcgames-card-note'>{escape(note)}</div>" if note else "")
    )
    tip = f" title='{escape(title)}'" if title else ""
    return (
        f"<div class='{classes}'{tip}>{_band(state, card.get('owner'))}"
        f"<div class='hcgames-card-body'>{body}</div></div>"
    )


def _pile_html(card: Mapping[str, Any], state: State | None) -> str:
    name = str(card.get("name", ""))
    count = card.get("count")
    line = str(card.get("line") or "")
    unit = str(card.get("unit") or "card")
    number = (
        f"<div class='hcgames-pile-count'>{escape(str(count))}</div>"
        if count is not None and not card.get("back")
        else ""
    )
    if card.get("back"):
        words = plural(int(count or 0), unit)
        return (
            f"<div class='hcgames-back' role='img' aria-label='{escape(name)}: {words}'>"
            f"<span>{escape(name)}<br>{escape(words)}</span></div>"
        )
    return (
        f"<div class='hcgames-pile'>{_band(state, card.get('owner'))}"
        f"<div class='hcgames-card-body'><div class='hcgames-card-name'>{escape(name)}</div>"
        f"{number}"
        + (f"<div class='hcgames-card-line'>{escape(line)}</div>" if line else "")
        + "</div></div>"
    )


def _back_html(count: int, where: str) -> str:
    words = plural(count, "card")
    return (
        f"<div class='hcgames-back' role='img' aria-label='{escape(where)}: {words}, face down'>"
        f"<span>{words}</span></div>"
    )


# --- rows of cards ----------------------------------------------------------------------


def _zone_cards(
    title: str, cards: Sequence[Mapping[str, Any]], state: State | None, marked: frozenset[str]
) -> str:
    parts: list[str] = []
    column: list[str] | None = None
    hidden = 0

    def close_hidden() -> None:
        nonlocal hidden
        if hidden:
            parts.append(_back_html(hidden, title))
            hidden = 0

    def close_column() -> None:
        nonlocal column
        if column is not None:
            parts.append(f"<div class='hcgames-column'>{''.join(column)}</div>")
            column = None

    for card in cards:
        if str(card.get("name")) == HIDDEN:
            close_column()
            hidden += 1
            continue
        close_hidden()
        face = card_html(card, state, card_key(card) in marked)
        if card.get("column"):
            close_column()
            column = [face]
        elif column is not None and card.get("on"):
            column.append(face)
        else:
            close_column()
            parts.append(face)
    close_hidden()
    close_column()
    return "".join(parts)


def rows_html(
    rows: Mapping[str, Sequence[Mapping[str, Any]]],
    state: State | None = None,
    marked: frozenset[str] | set[str] = frozenset(),
) -> str:
    """The whole table: one titled zone per row, the zones wrapping in a flex row."""
    zones = []
    cue = ""
    for title, cards in rows.items():
        hand = title.endswith("hand")
        empty = "no cards" if hand else "none yet"  # a hand played out
        body = _zone_cards(title, cards, state, frozenset(marked)) or (
            f"<div class='hcgames-zone-empty'>{empty}</div>"
        )
        heading, foot = escape(title), ""
        shown = sum(1 for c in cards if str(c.get("name")) != HIDDEN)
        if hand and shown:  # a hand face up says how many cards it holds
            heading += f": {plural(len(cards), 'card')}"
            foot, cue = "<div class='hcgames-hand-cue' aria-hidden='true'></div>", HAND_CUE
        zones.append(
            f"<section class='hcgames-zone' aria-label='{escape(title)}'>"
            f"<div class='hcgames-zone-title'>{heading}</div>"
            f"<div class='hcgames-zone-cards'>{body}</div>{foot}</section>"
        )
    if not zones:
        return "<i>No cards.</i>"
    return f"{CARD_CSS}<div class='hcgames-table'>{''.join(zones)}</div>{cue}"


def _card_words(card: Mapping[str, Any]) -> str:
    name = str(card.get("name", ""))
    if card.get("pile") and card.get("count") is not None:
        return f"{name} {card['count']}"
    return name


def rows_text(rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """The table in words: 'Player 2's hand: 5 cards, face down; ...'."""
    parts = []
    for title, cards in rows.items():
        hidden = sum(1 for c in cards if str(c.get("name")) == HIDDEN)
        shown = [_card_words(c) for c in cards if str(c.get("name")) != HIDDEN]
        if hidden:
            shown.append(f"{plural(hidden, 'card')} face down")
        parts.append(f"{title}: {', '.join(shown) or 'none'}")
    return "; ".join(parts)


# --- card ids in sentences ----------------------------------------------------------------


def card_names(game: Game) -> dict[str, str]:
    """Every card id of ``game`` with its name (:meth:`hcgames.core.Game.card_names`;
    empty for a game without cards)."""
    return game.card_names()


_NAMES_OF: dict[int, tuple[Game, dict[str, str]]] = {}


def game_words(game: Game, text: str) -> str:
    """``text`` with ``game``'s card ids turned into names (:func:`plain_card_words`)."""
    known = _NAMES_OF.get(id(game))
    if known is None or known[0] is not game:
        if len(_NAMES_OF) > 32:
            _NAMES_OF.clear()
        known = _NAMES_OF[id(game)] = (game, card_names(game))
    return plain_card_words(text, known[1])


@lru_cache(maxsize=16)
def _patterns(ids: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    alternatives = "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
    bracketed = re.compile(r" ?\((" + alternatives + r")(?:/\d+)?\)")
    bare = re.compile(r"(?<![\w-])(" + alternatives + r")(?![\w-])")
    return bracketed, bare


def plain_card_words(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every card id turned into the card's name: "Brambleheart (F08)"
    becomes "Brambleheart", a bare "F08" becomes "Brambleheart"."""
    if not names or not text:
        return text
    bracketed, bare = _patterns(tuple(sorted(names)))

    def drop(match: re.Match[str]) -> str:
        name = names[match.group(1)]
        before = match.string[: match.start()]
        return "" if before.rstrip().endswith(name) else f" ({name})"

    text = bracketed.sub(drop, text)
    return bare.sub(lambda m: names[m.group(1)], text)
