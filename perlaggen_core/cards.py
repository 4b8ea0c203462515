"""Cards, suits and ranks, with the code notation used everywhere (``HK``, ``S6``, ``L10``).

Names of cards are words, so they live with the renderers (`perlaggen_core.words` for English).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import NotationError
from .messages import msg

SUITS = ("H", "S", "E", "L")
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7")  # high to low; the Weli's 6 is below all
RANK_VALUE = {"A": 8, "K": 7, "O": 6, "U": 5, "10": 4, "9": 3, "8": 2, "7": 1, "6": 0}
VALUE_RANK = {v: r for r, v in RANK_VALUE.items()}
CARD_VALUE = {s + r: v for s in SUITS for r, v in RANK_VALUE.items()}   # RANK_VALUE by card code


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

    def __str__(self) -> str:
        return self.code


def parse_card(code: object) -> Card:
    """Parse a card code; raises NotationError naming the bad code."""
    card = _BY_CODE.get(code.upper()) if isinstance(code, str) else None
    if card is None:
        raise NotationError(msg("notation.card", text=str(code)))
    return card


@lru_cache(maxsize=None)
def full_pack(extra: tuple[str, ...] = ("S6",)) -> tuple[str, ...]:
    """The 32 suit cards plus the extra cards of the variant, as codes."""
    return tuple(s + r for s in SUITS for r in RANKS) + tuple(extra)


SUIT_CARDS = full_pack(())  # the 32 cards a Perlagg may be baptised as
ALL_CARDS = full_pack()     # every card code the notation knows

_BY_CODE = {code: Card(code[0], code[1:]) for code in ALL_CARDS}
