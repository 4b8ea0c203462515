"""German-suited playing cards drawn as SVG: hearts, bells, acorns, leaves, A K O U 10 9 8 7 and the Weli.

Pure Python with no engine import, shared by the build (the home page's static cards, the symbol
sprite) and the table in the browser. Every card is one <svg> that refers to the suit symbols of
`sprite()`, which each page carries once.
"""
from __future__ import annotations

SUIT_COLORS = {"H": "#c8202f", "S": "#d99a12", "E": "#8a5a22", "L": "#2f8a3a"}

# Each suit symbol is drawn in a 100 x 100 box.
SUIT_SYMBOLS = {
    # Hearts: a plain red heart.
    "H": '<path d="M50 90C22 66 4 48 12 27 19 9 42 8 50 29 58 8 81 9 88 27 96 48 78 66 50 90Z" '
         'fill="#c8202f" stroke="#7a0f18" stroke-width="3"/>',
    # Bells: a round golden bell with a band, a slit and a hanging loop.
    "S": '<circle cx="50" cy="12" r="7" fill="none" stroke="#7a5208" stroke-width="4"/>'
         '<circle cx="50" cy="55" r="36" fill="#e8b221" stroke="#7a5208" stroke-width="3"/>'
         '<path d="M16 46h68v10H16z" fill="#c8202f" stroke="#7a5208" stroke-width="2"/>'
         '<path d="M34 74h32" stroke="#4a3205" stroke-width="6" stroke-linecap="round"/>'
         '<circle cx="50" cy="83" r="5" fill="#4a3205"/>',
    # Acorns: a brown cross-hatched cup holding an olive nut, with a short stalk.
    "E": '<path d="M47 4h6v14h-6z" fill="#5b3a12"/>'
         '<ellipse cx="50" cy="62" rx="24" ry="31" fill="#b8862f" stroke="#5b3a12" stroke-width="3"/>'
         '<path d="M20 44C20 22 80 22 80 44 80 52 20 52 20 44Z" fill="#7a4e1a" stroke="#4a2e0a" stroke-width="3"/>'
         '<path d="M30 32l10 16M45 28l6 20M60 29l-4 19M72 34l-9 14" stroke="#4a2e0a" stroke-width="2"/>'
         '<ellipse cx="42" cy="66" rx="6" ry="12" fill="#e2bd6e" opacity=".7"/>',
    # Leaves: a green pointed leaf with its stalk and veins.
    "L": '<path d="M50 4C82 26 88 60 50 84 12 60 18 26 50 4Z" fill="#3aa047" stroke="#1d5a25" stroke-width="3"/>'
         '<path d="M50 14V97M50 40l-16-10M50 40l16-10M50 58l-20-12M50 58l20-12" stroke="#1d5a25" '
         'stroke-width="3" fill="none" stroke-linecap="round"/>',
}

RANK_LABEL = {"A": "A", "K": "K", "O": "O", "U": "U", "10": "10", "9": "9", "8": "8", "7": "7", "6": "6"}

# Pip centres (x, y) in the 100 x 150 card for the number cards.
_COLS = (32, 68)
PIPS = {
    "7": [(x, y) for x in _COLS for y in (36, 75, 114)] + [(50, 55)],
    "8": [(x, y) for x in _COLS for y in (32, 61, 90, 119)],
    "9": [(x, y) for x in _COLS for y in (32, 61, 90, 119)] + [(50, 75)],
    "10": [(x, y) for x in _COLS for y in (32, 61, 90, 119)] + [(50, 46), (50, 104)],
}


def sprite() -> str:
    """The hidden SVG holding one <symbol> per suit; put it once in every page."""
    symbols = "".join(f'<symbol id="suit-{s}" viewBox="0 0 100 100">{body}</symbol>'
                      for s, body in SUIT_SYMBOLS.items())
    star = ('<symbol id="perlagg-star" viewBox="0 0 100 100"><path d="M50 4l13 30 32 3-24 21 7 32-28-17'
            '-28 17 7-32L5 37l32-3z" fill="#f4c430" stroke="#8a6200" stroke-width="5"/></symbol>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" '
            f'aria-hidden="true" focusable="false">{symbols}{star}</svg>')


def split(code: str) -> tuple[str, str]:
    return code[0], code[1:]


def _use(symbol: str, x: float, y: float, size: float) -> str:
    return f'<use href="#{symbol}" x="{x - size / 2:g}" y="{y - size / 2:g}" width="{size:g}" height="{size:g}"/>'


def _corner(suit: str, rank: str) -> str:
    color = SUIT_COLORS[suit]
    label = (f'<text x="11" y="22" text-anchor="middle" font-size="{17 if rank == "10" else 20}" '
             f'font-weight="700" fill="{color}">{RANK_LABEL[rank]}</text>' + _use(f"suit-{suit}", 11, 33, 15))
    return f'{label}<g transform="rotate(180 50 75)">{label}</g>'


def _centre(suit: str, rank: str) -> str:
    sym = f"suit-{suit}"
    if rank == "6":  # the Weli: a bell above a banner with its inscription
        return (_use(sym, 50, 58, 44)
                + '<rect x="16" y="86" width="68" height="24" rx="4" fill="#fff6d8" stroke="#7a5208" stroke-width="2"/>'
                  '<text x="50" y="104" text-anchor="middle" font-size="18" font-weight="800" '
                  'letter-spacing="2" fill="#7a0f18">WELI</text>')
    if rank == "A":
        return _use(sym, 50, 75, 62)
    if rank in ("K", "O", "U"):
        color = SUIT_COLORS[suit]
        return (f'<rect x="24" y="30" width="52" height="90" rx="6" fill="#fffdf5" stroke="{color}" stroke-width="2.5"/>'
                f'<text x="50" y="92" text-anchor="middle" font-size="40" font-weight="800" fill="{color}">{rank}</text>'
                + _use(sym, 50, 47, 22) + _use(sym, 50, 106, 16))
    return "".join(_use(sym, x, y, 22) for x, y in PIPS[rank])


def card_svg(code: str, *, perlagg: bool = False, as_card: str | None = None) -> str:
    """One card face. `perlagg` adds the wild-card star; `as_card` shows what a baptised Perlagg represents."""
    suit, rank = split(code)
    parts = ['<svg class="card-face" viewBox="0 0 100 150" aria-hidden="true" focusable="false">',
             '<rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#fffaf0" stroke="#3b3024" stroke-width="3"/>',
             _corner(suit, rank), _centre(suit, rank)]
    if perlagg:
        parts.append('<rect x="5" y="5" width="90" height="140" rx="6" fill="none" stroke="#f4c430" stroke-width="3"/>')
        parts.append(_use("perlagg-star", 84, 16, 22))
    if as_card:
        a_suit, a_rank = split(as_card)
        parts.append('<rect x="8" y="118" width="84" height="28" rx="5" fill="#1c2a4a" opacity=".92"/>'
                     '<text x="28" y="139" text-anchor="middle" font-size="18" font-weight="700" fill="#fff">=</text>'
                     + _use(f"suit-{a_suit}", 50, 132, 20)
                     + f'<text x="74" y="139" text-anchor="middle" font-size="18" font-weight="800" '
                       f'fill="#fff">{RANK_LABEL[a_rank]}</text>')
    parts.append("</svg>")
    return "".join(parts)


def card_back() -> str:
    return ('<svg class="card-face" viewBox="0 0 100 150" aria-hidden="true" focusable="false">'
            '<rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#1c3f7a" stroke="#0d2147" stroke-width="3"/>'
            '<rect x="9" y="9" width="82" height="132" rx="5" fill="none" stroke="#e8d9a8" stroke-width="2"/>'
            '<path d="M50 20 80 75 50 130 20 75Z" fill="none" stroke="#e8d9a8" stroke-width="2"/>'
            '<circle cx="50" cy="75" r="10" fill="#e8d9a8"/></svg>')


def suit_icon(suit: str) -> str:
    """A small inline suit symbol for running text (legends, the baptism picker)."""
    return (f'<svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
            f'<use href="#suit-{suit}"/></svg>')
