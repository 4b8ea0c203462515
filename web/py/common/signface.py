"""The face of a partner signal (Deuten), drawn: the one picture of a sign on every page.

What each sign does is data (FEATURES, by system and signal id), never read from its words, so the
picture is the same in every language.
"""
from __future__ import annotations

from html import escape

FEATURES: dict[str, dict[str, set[str]]] = {
    "innsbruck": {"martl": {"eyes-up"}, "weli": {"pursed", "tongue"}, "schell_spitz": {"pursed", "tongue-corner"},
                  "eichel_spitz": {"wink-right"}, "trump_seven": {"wink-left"}, "trump_unter_ober": {"right-side"},
                  "trump_ace": {"thumb"}, "small_trumps": {"tap"}, "nothing": {"shake"},
                  "gleich4": {"mouth-to-ear"}, "hanger4": {"lips-to-throat"}},
    "eichel": {"martl": {"eyes-up"}, "weli": {"pursed"}, "trump_seven": {"tongue"}, "trump_unter_ober": {"wink-right"},
               "acorn_perlagg": {"wink-left"}, "trump_ace": {"thumb"}, "trump_king": {"point"},
               "small_trumps": {"pinky"}, "nothing": {"shake"}, "gleich4": {"right-side"}, "hanger4": {"left-side"}},
    "deutschnofen": {"weli": {"pursed"}, "king": {"eyes-up"}, "seven_right": {"wink-right"},
                     "seven_left": {"wink-left"}, "trump_perlagg": {"right-side", "left-side"}, "nothing": {"shake"}},
    "giltspiel": {"trump_ace": {"thumb"}, "trump_king": {"point"}, "small_trumps": {"pinky"}, "nothing": {"shake"},
                  "gleich4": {"mouth-wide"}, "hanger4": {"mouth-up"}},
}
MOUTHS = {"mouth-wide": "M48 84 Q80 90 112 84", "mouth-up": "M64 88 Q84 88 100 66"}   # Giltspiel's figure signs

ARROWS = {   # a movement of the hand or a lifted shoulder, as an arrow (viewer's left = signaller's right)
    "mouth-to-ear": "M66 86 Q44 80 38 60", "lips-to-throat": "M80 92 L80 122",
    "right-side": "M34 132 L34 106", "left-side": "M126 132 L126 106",
}
FINGERS = {"thumb": (140, 80, 10, 28), "point": (94, 106, 30, 9), "pinky": (121, 86, 8, 22), "tap": (131, 126, 9, 16)}


def shoulders(f: set[str]) -> str:
    """The shoulders, one lifted when the sign says so (the signaller's right is the viewer's left)."""
    left_y = 108 if "right-side" in f else 122
    right_y = 108 if "left-side" in f else 122
    return f'<path d="M18 150 C22 {left_y} 50 {left_y} 80 {min(left_y, right_y) - 4} C110 {min(left_y, right_y) - 4} 138 {right_y} 142 150 Z" fill="#2f6f9f"/>'


def signal_face(system: str, signal: str, label: str) -> str:
    """A drawn face making the sign: eyes, mouth and hand as the sign wants them. The signaller
    faces the viewer, so the signaller's right is on the viewer's left."""
    f = FEATURES.get(system, {}).get(signal, set())
    ink = 'stroke="#3b2a10" stroke-width="3" stroke-linecap="round" fill="none"'
    parts = ['<defs><marker id="sig-arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" '
             'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#b5261e"/></marker></defs>',
             shoulders(f),
             '<circle cx="80" cy="62" r="44" fill="#f6c453" stroke="#8a6a1a" stroke-width="3"/>']
    for side, cx in (("right", 62), ("left", 98)):   # the signaller's right eye is on the viewer's left
        if f"wink-{side}" in f:
            parts.append(f'<path d="M{cx - 8} 54 Q{cx} 60 {cx + 8} 54" {ink}/>')
        else:
            py = 47 if "eyes-up" in f else 54
            parts.append(f'<ellipse cx="{cx}" cy="52" rx="8" ry="9" fill="#fff" stroke="#3b2a10" stroke-width="2"/>'
                         f'<circle cx="{cx}" cy="{py}" r="3.6" fill="#3b2a10"/>')
    if f & {"pursed", "tongue", "tongue-corner"}:
        parts.append('<ellipse cx="80" cy="84" rx="7" ry="6" fill="#c0392b" stroke="#7a1f14" stroke-width="2"/>')
        if "tongue" in f:
            parts.append('<ellipse cx="80" cy="89" rx="4" ry="3" fill="#f08080" stroke="#7a1f14" stroke-width="1"/>')
        if "tongue-corner" in f:   # into the signaller's corner of the mouth
            parts.append('<ellipse cx="71" cy="86" rx="4.5" ry="3" fill="#f08080" stroke="#7a1f14" stroke-width="1"/>')
    else:
        mouth = next((d for feature, d in MOUTHS.items() if feature in f), "M66 84 Q80 92 94 84")
        parts.append(f'<path d="{mouth}" {ink}/>')
    if "shake" in f:
        parts.append(f'<path d="M24 46 Q16 62 24 78" {ink}/><path d="M136 46 Q144 62 136 78" {ink}/>'
                     f'<path d="M14 52 Q8 62 14 72" {ink}/><path d="M146 52 Q152 62 146 72" {ink}/>')
    arrow = 'stroke="#b5261e" stroke-width="3.5" fill="none" marker-end="url(#sig-arrow)"'
    parts += [f'<path d="{d}" {arrow}/>' for feature, d in ARROWS.items() if feature in f]
    hand = 'fill="#f2b880" stroke="#8a5a2a" stroke-width="2.5"'
    if f & set(FINGERS):
        parts.append(f'<rect x="120" y="104" width="30" height="26" rx="8" {hand}/>')
        parts += [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{min(w, h) / 2}" {hand}/>'
                  for feature, (x, y, w, h) in FINGERS.items() if feature in f]
        if "tap" in f:
            parts.append('<path d="M112 146 H156" stroke="#6b4423" stroke-width="4"/>'
                         f'<path d="M124 138 l-6 -4 M148 138 l6 -4" {ink}/>')
    return (f'<svg class="signal-face" viewBox="0 0 160 150" role="img" aria-label="{escape(label)}">'
            + "".join(parts) + "</svg>")
