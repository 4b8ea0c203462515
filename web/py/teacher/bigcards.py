"""Cards for the projector: the same German-suited cards with a jumbo index (a rank whose capital
is two fifths of the card's height, and its suit below it), readable from the back of a room and in a fan where
only the left half of each card shows. A Perlagg keeps its gold frame and star; a baptised one
carries what it stands for in a dark band across the foot, as large as the rank allows.

Dark ink on cream for every suit (the bells' gold would be too faint on a projector), drawn in the
same 100 x 150 box as common/cardfaces.py and using the same suit symbols (the page's sprite).
"""
from __future__ import annotations

from common.cardfaces import RANK_LABEL, split

INK = {"H": "#b3121f", "S": "#7a4a00", "E": "#4a2c0c", "L": "#14652a"}   # >= 7:1 against the cream


def _use(suit: str, x: float, y: float, size: float) -> str:
    return (f'<use href="#suit-{suit}" x="{x - size / 2:g}" y="{y - size / 2:g}" '
            f'width="{size:g}" height="{size:g}"/>')


def _rank(rank: str, x: float, y: float, size: float, colour: str, width: float, cls: str = "rank") -> str:
    """A rank as text; two-figure ranks are squeezed into the width a single letter takes."""
    label = RANK_LABEL[rank]
    fit = f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return (f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="800" '
            f'font-family="Arial, Helvetica, sans-serif" fill="{colour}"{fit}>{label}</text>')


def big_face(code: str, *, perlagg: bool = False, as_card: str | None = None) -> str:
    """One card face with a jumbo index in its upper left."""
    suit, rank = split(code)
    ink = INK[suit]
    parts = ['<svg class="card-face big" viewBox="0 0 100 150" aria-hidden="true" focusable="false">',
             '<rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#fffaf0" stroke="#1f1a14" stroke-width="3"/>',
             _rank(rank, 5, 68, 84, ink, 60),
             _use(suit, 27, 86, 26),
             _use(suit, 84, 22, 24)]
    if rank == "6":   # the Weli: its name beside the suit
        parts.append('<text x="74" y="98" text-anchor="middle" font-size="14" font-weight="800" '
                     'font-family="Arial, Helvetica, sans-serif" fill="#7a0f18">WELI</text>')
    if perlagg:
        parts.append('<rect x="5" y="5" width="90" height="140" rx="6" fill="none" stroke="#c99700" stroke-width="4"/>')
        parts.append('<use href="#perlagg-star" x="78" y="40" width="16" height="16"/>')
    if as_card:
        a_suit, a_rank = split(as_card)
        parts.append('<rect x="4" y="103" width="92" height="43" rx="6" fill="#101a33"/>'
                     '<text x="8" y="135" font-size="26" font-weight="800" fill="#fff" '
                     'font-family="Arial, Helvetica, sans-serif">=</text>'
                     '<circle cx="36" cy="124.5" r="14" fill="#fffaf0"/>' + _use(a_suit, 36, 124.5, 22)
                     + _rank(a_rank, 53, 141, 40, "#fff", 40, "as-rank"))
    parts.append("</svg>")
    return "".join(parts)

