"""Pictures of the Conquest of Speros lessons drawn in HTML, so they grow with the page's
Large text as its words do: a large card face in the game's own card style
(:mod:`hcgames.widgets.cards`) and a bar a player of where its points came from, each
part in a colour and a pattern with its VP written on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

__all__ = ["PART_COLOURS", "PART_PATTERNS", "face_html", "stacked_bars_html"]

#: colours of a stacked chart's parts (Okabe and Ito's colour-blind safe set)
PART_COLOURS = [
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#56B4E9",
    "#D55E00",
    "#CC79A7",
    "#F0E442",
    "#999999",
]


#: a pattern over each part's colour (white marks, as CSS backgrounds), so the parts of
#: a bar are told apart in black and white too: plain, stripes, dots, checks...
PART_PATTERNS = [
    "none",
    "repeating-linear-gradient(45deg, rgba(255,255,255,.6) 0 3px, transparent 3px 10px)",
    "radial-gradient(circle, rgba(255,255,255,.75) 2px, transparent 2.5px)",
    "repeating-linear-gradient(-45deg, rgba(255,255,255,.6) 0 3px, transparent 3px 10px)",
    "repeating-linear-gradient(0deg, rgba(255,255,255,.6) 0 3px, transparent 3px 9px)",
    "repeating-conic-gradient(rgba(255,255,255,.5) 0 25%, transparent 0 50%)",
    "repeating-linear-gradient(90deg, rgba(0,0,0,.35) 0 3px, transparent 3px 9px)",
    "repeating-linear-gradient(45deg, rgba(0,0,0,.3) 0 2px, transparent 2px 8px),"
    "repeating-linear-gradient(-45deg, rgba(0,0,0,.3) 0 2px, transparent 2px 8px)",
]
#: the tile size of each pattern (dots and checks repeat in squares)
_PATTERN_SIZE = {2: "9px 9px", 5: "14px 14px"}


def _part_fill(k: int) -> str:
    """The CSS background of part ``k`` (its colour under its pattern)."""
    colour = PART_COLOURS[k % len(PART_COLOURS)]
    pattern = PART_PATTERNS[k % len(PART_PATTERNS)]
    size = _PATTERN_SIZE.get(k % len(PART_PATTERNS), "auto")
    return f"background-color:{colour};background-image:{pattern};background-size:{size}"


def stacked_bars_html(names: Sequence[str], parts: Mapping[str, Sequence[int]]) -> str:
    """One bar a player, made of its parts (``parts``: ``{line: [VP of each player]}``),
    each in its colour and pattern with its VP written on it, the total at the bar's
    end, and the key under them. HTML, so it grows with the page's Large text."""
    totals = [sum(vps[p] for vps in parts.values()) for p in range(len(names))]
    most = max([*totals, 1])
    rows = []
    for p, name in enumerate(names):
        pieces = []
        for k, (line, vps) in enumerate(parts.items()):
            if vps[p] <= 0:
                continue
            pieces.append(
                f"<div title='{escape(line)}: {vps[p]} VP' style='{_part_fill(k)};"
                f"width:{100 * vps[p] / most:.3f}%;height:100%;display:flex;"
                "align-items:center;justify-content:center;border-right:2px solid #FFFFFF;"
                "box-sizing:border-box;overflow:visible'><span style='background:#FFFFFF;"
                "border-radius:3px;padding:0 3px;font-weight:bold;font-size:15px;"
                f"line-height:1.2;color:#111111'>{vps[p]}</span></div>"
            )
        rows.append(
            "<div style='display:flex;align-items:center;gap:8px;margin:6px 0'>"
            f"<div style='flex:0 0 5.2em;font-weight:bold'>{escape(name)}</div>"
            "<div style='flex:1 1 auto;display:flex;height:34px;border:1px solid #333333'>"
            f"{''.join(pieces)}</div>"
            f"<div style='flex:0 0 4.2em;font-weight:bold'>{totals[p]} VP</div></div>"
        )
    key = "".join(
        "<div style='display:flex;align-items:center;gap:8px;margin:3px 0'>"
        f"<span style='{_part_fill(k)};flex:0 0 34px;height:20px;border:1px solid #333333'>"
        f"</span>{escape(line)}</div>"
        for k, line in enumerate(parts)
    )
    return (
        "<div style='font-size:16px;color:#111111'>"
        "<div style='font-size:18px;font-weight:bold;margin-bottom:4px'>"
        "Where the points came from</div>"
        f"{''.join(rows)}<div style='margin-top:10px;columns:2;column-gap:18px'>{key}</div></div>"
    )


def face_html(
    name: str,
    band: tuple[str, str, str],
    kind: str,
    abilities: Mapping[str, str],
    line: str = "",
    camps: int = 0,
) -> str:
    """A large card face drawn as the game's cards are (:mod:`hcgames.widgets.cards`):
    a band (``(words, colour, ink)``), the name, its kind, its empty camps, each
    ability as a short heading and its words, and an italic line of flavour."""
    words, colour, ink = band
    rings = "<span class='hcgames-token hcgames-token-empty' aria-hidden='true'></span>" * camps
    parts = "".join(
        f"<div class='hcgames-card-ability' style='font-size:1em;margin-top:6px'>"
        f"<b>{escape(head)}</b>: {escape(text)}</div>"
        for head, text in abilities.items()
    )
    return (
        f"<div class='hcgames-card' style='max-width:none;width:100%;font-size:17px'>"
        f"<div class='hcgames-card-band' style='background:{colour};color:{ink};"
        f"font-size:0.9em;padding:3px 8px'>{escape(words)}</div>"
        "<div class='hcgames-card-body' style='padding:6px 10px 8px'>"
        f"<div class='hcgames-card-name' style='font-size:1.15em'>{escape(name)}</div>"
        f"<div class='hcgames-card-kind' style='font-size:0.9em'>{escape(kind)}</div>"
        + (
            f"<div class='hcgames-tokens' role='img' aria-label='{camps} camps'>{rings}</div>"
            if camps
            else ""
        )
        + parts
        + (
            f"<div class='hcgames-card-line' style='font-size:0.9em;-webkit-line-clamp:6;"
            f"line-clamp:6;margin-top:6px'>{escape(line)}</div>"
            if line
            else ""
        )
        + "</div></div>"
    )
