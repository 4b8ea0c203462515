"""What a success text claims about the learner's move, read from its words and checked by the engine.

A success text is shown for every move a step accepts, so it must be true of each of them. Two kinds
of claim are read from the text, in English and German:
- a baptism: "named as the Ace of acorns", "als Eichel-Ass", "auf das Trumpf-Ass" names the card
  the learner's Perlagg became. Only cards the step lets the learner name count (a card some
  accepted move names), so a text may still speak of another seat's baptism;
- the trick's winner: "you take the trick", "your partner's Ace took the trick", "East wins",
  "der Stich gehört dir", "Ost gewinnt".
`false_claims` lists every claim of a text that the move does not bear out; the lesson tests and
the validator run it over every accepted move of every step (and over the answer of a question
about a trick's winner).
"""
from __future__ import annotations

import re
from typing import Iterable, Optional

from ..actions import Action, card_of
from ..cards import ALL_CARDS

SUITS = {"en": {"H": "hearts", "S": "bells", "E": "acorns", "L": "leaves"},
         "de": {"H": "Herz", "S": "Schell", "E": "Eichel", "L": "Laub"}}
RANKS = {"en": {"A": "Ace", "K": "King", "O": "Ober", "U": "Unter", "10": "Ten", "9": "Nine", "8": "Eight",
                "7": "Seven"},
         "de": {"A": "Ass", "K": "König", "O": "Ober", "U": "Unter", "10": "Zehner", "9": "Neuner", "8": "Achter",
                "7": "Siebener"}}
TARGETS = [c for c in ALL_CARDS if c != "S6"]   # what a Perlagg may be named as


def card_names(lang: str, trump: Optional[str]) -> dict[str, str]:
    """Every baptism target's names in a language (name -> code): "Ace of acorns", "Eichel-Ass",
    and for the trump suit also "Ace of trumps", "Trumpf-Ass"."""
    out: dict[str, str] = {}
    for code in TARGETS:
        suit, rank = code[0], code[1:]
        r = RANKS[lang][rank]
        if lang == "en":
            out[f"{r} of {SUITS['en'][suit]}"] = code
            if suit == trump:
                out[f"{r} of trumps"] = code
        else:
            out[f"{SUITS['de'][suit]}-{r}"] = code
            if suit == trump:
                out[f"Trumpf-{r}"] = code
    return out


# Before a card's name: the words that make it the name a Perlagg is given.
NAMING = {"en": r"\b(?:[Nn]amed|[Bb]aptised|[Aa]s)\s+(?:the\s+|an?\s+|another\s+)?",
          "de": r"(?:\b[Aa]ls|\b[Aa]uf\s+(?:das|den|die))\s+"}
# Who took the trick: patterns for the learner, the partner and a seat named by the table.
ME = {"en": [r"\byou\s+(?:win|won|take|took)\b", r"\bthe trick is yours\b",
             r"\byour\s+(?!partner|team)(?:[\w-]+\s+){0,4}?(?:takes|took|wins|won)\b"],
      "de": [r"\bdu\s+(?:machst|gewinnst)\s+(?:den|diesen)\s+Stich\b", r"\bder Stich (?:gehört|geht an) dir\b",
             r"\bdein(?:e|er)?\s+(?!Partner|Partei)(?:[\w-]+\s+){0,4}?(?:macht|gewinnt|gewann|machte|hat den Stich)\b"]}
PARTNER = {"en": [r"\byour partner(?:'s(?:\s+[\w-]+){1,4})?\s+(?:wins|won|takes|took)\b"],
           "de": [r"\bdein Partner\s+(?:gewinnt|macht|machte|gewann)\b",
                  r"\b(?:[\w-]+\s+){1,3}deines Partners\s+(?:macht|gewinnt|machte|gewann)\b"]}
SEAT = {"en": r"\b(West|North|East|[Ss]eat \d)(?:'s(?:\s+[\w-]+){1,4})?\s+(?:wins|won|takes|took)\b",
        "de": r"\b(West|Nord|Ost|Platz \d)\s+(?:gewinnt|macht|machte|gewann)\b"}
COMPASS = {"West": 1, "North": 2, "Nord": 2, "East": 3, "Ost": 3}
# That the learner's card is a trump.
TRUMP = {"en": [r"\b(?:a|your) trump (?:takes|wins|beats)\b", r"\byou trumped\b"],
         "de": [r"\bein Trumpf (?:sticht|macht|schlägt|gewinnt)\b", r"\bdu hast gestochen\b"]}


def baptisms(action: Action) -> set[str]:
    """The names a move gives its Perlaggen (a card played, or the cards of a show or declaration)."""
    if action.baptism:
        return {action.baptism}
    return {b for _c, b in action.baptisms}


def named_cards(text: str, lang: str, trump: Optional[str]) -> set[str]:
    """The cards a text says a Perlagg was named as."""
    names = card_names(lang, trump)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    found = {names[m.group(1)] for m in re.finditer(NAMING[lang] + rf"({alternatives})(?![\w-])", text)}
    if lang == "en":   # "the King of hearts may be named"
        found |= {names[m.group(1)] for m in re.finditer(rf"({alternatives})\s+(?:may be|is|was)\s+named\b", text)}
    return found


def winners(text: str, lang: str, learner: int, players: int) -> set[int]:
    """The seats a text says took the trick."""
    found: set[int] = set()
    if any(re.search(p, text, re.IGNORECASE) for p in ME[lang]):
        found.add(learner)
    if players == 4 and any(re.search(p, text, re.IGNORECASE) for p in PARTNER[lang]):
        found.add((learner + 2) % 4)
    for m in re.finditer(SEAT[lang], text):
        name = m.group(1)
        if name[-1].isdigit():
            found.add(int(name[-1]))
            continue
        seat = COMPASS[name]
        if players == 3 and seat == 3:
            seat = 2
        found.add((learner + seat) % players)
    return found


def claims_trump(text: str, lang: str) -> bool:
    return any(re.search(p, text, re.IGNORECASE) for p in TRUMP[lang])


def false_claims(text: str, lang: str, *, action: Optional[Action], namable: Iterable[str], trump: Optional[str],
                 learner: int, players: int, winner: Optional[int]) -> list[str]:
    """What the text claims that is not so: the learner's Perlagg named as another card than it was
    (among the `namable` ones), the learner's card a trump when it is not, or another seat taking
    the trick than `winner` (None: no claim checked)."""
    wrong = []
    if action is not None and action.act == "play" and claims_trump(text, lang) and \
            (action.baptism or card_of(action))[0] != trump:
        wrong.append(f"says the learner's card is a trump, but {action.baptism or action.card} is not")
    if action is not None:
        given = baptisms(action)
        for card in sorted(named_cards(text, lang, trump) & set(namable)):
            if card not in given:
                wrong.append(f"says the Perlagg was named as {card}, but the move names "
                             f"{', '.join(sorted(given)) or 'nothing'}")
    if winner is not None:
        for seat in sorted(winners(text, lang, learner, players)):
            if seat != winner:
                wrong.append(f"says seat {seat} took the trick, but seat {winner} did")
    return wrong
