"""Cards, suits and ranks, with the text notation used everywhere (``HK``, ``S6``, ``L10``)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import NotationError

SUITS = ("H", "S", "E", "L")
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7")  # high to low; the Weli's 6 is below all
RANK_VALUE = {"A": 8, "K": 7, "O": 6, "U": 5, "10": 4, "9": 3, "8": 2, "7": 1, "6": 0}

SUIT_NAMES = {
    "en": {"H": "hearts", "S": "bells", "E": "acorns", "L": "leaves"},
    "de": {"H": "Herz", "S": "Schell", "E": "Eichel", "L": "Laub"},
}
RANK_NAMES = {
    "en": {"A": "Ace", "K": "King", "O": "Ober", "U": "Unter", "10": "Ten", "9": "Nine",
           "8": "Eight", "7": "Seven", "6": "Six"},
    "de": {"A": "Ass", "K": "König", "O": "Ober", "U": "Unter", "10": "Zehner", "9": "Neuner",
           "8": "Achter", "7": "Siebener", "6": "Sechser"},
}
NICKNAMES = {
    "en": {"HK": "Martl (King of hearts)", "S6": "Weli", "S7": "Schell-Spitz (Seven of bells)",
           "E7": "Eichel-Spitz (Seven of acorns)"},
    "de": {"HK": "Martl", "S6": "Weli", "S7": "Schell-Spitz", "E7": "Eichel-Spitz"},
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a suit letter and a rank (``Card("L", "10")`` is ``L10``)."""

    suit: str
    rank: str

    @staticmethod
    def from_code(code: str) -> "Card":
        return parse_card(code)

    @property
    def code(self) -> str:
        return self.suit + self.rank

    @property
    def value(self) -> int:
        return RANK_VALUE[self.rank]

    def name(self, lang: str = "en") -> str:
        nick = NICKNAMES.get(lang, NICKNAMES["en"]).get(self.code)
        if nick:
            return nick
        if lang == "de":
            return f"{SUIT_NAMES['de'][self.suit]}-{RANK_NAMES['de'][self.rank]}"
        return f"{RANK_NAMES['en'][self.rank]} of {SUIT_NAMES['en'][self.suit]}"

    def __str__(self) -> str:
        return self.code


def parse_card(code: object) -> Card:
    """Parse a card code; raises NotationError naming the bad code."""
    card = _BY_CODE.get(code.upper()) if isinstance(code, str) else None
    if card is None:
        raise NotationError(f"'{code}' is not a card code (suits H S E L, ranks A K O U 10 9 8 7, and S6)")
    return card


@lru_cache(maxsize=None)
def full_pack(extra: tuple[str, ...] = ("S6",)) -> tuple[str, ...]:
    """The 32 suit cards plus the extra cards of the variant, as codes."""
    return tuple(s + r for s in SUITS for r in RANKS) + tuple(extra)


SUIT_CARDS = full_pack(())  # the 32 cards a Perlagg may be baptised as

_BY_CODE = {code: Card(code[0], code[1:]) for code in full_pack()}
