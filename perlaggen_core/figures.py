"""Gleich (sets) and Hanger (sequences): finding the best ones and comparing them.

A figure key is a tuple that compares the way the rules do: a Gleich key is
``(cards, rank value)``, a Hanger key ``(length, value of the top card)``. ``None`` means
no figure. Cards here are the cards *represented*: a baptised Perlagg counts as its
baptism, anything else as its face; the unbaptised Weli (rank 6) belongs to no figure.
Free Perlaggen are ones still in hand, whose baptism can be chosen.
"""
from __future__ import annotations

from collections import Counter
from functools import wraps
from typing import Callable, Iterable, Optional, TypeVar

from .cards import RANK_VALUE, RANKS, SUITS

Key = Optional[tuple[int, int]]
VALUE_RANK = {v: r for r, v in RANK_VALUE.items()}
F = TypeVar("F", bound=Callable)
MEMO_LIMIT = 10_000


def memo_by_hand(fn: F) -> F:
    """Remember a pure function of (cards, *numbers) by the sorted cards: the computer players
    ask about the same hands again and again while they play guessed deals out."""
    cache: dict = {}

    @wraps(fn)
    def wrapper(cards, *args):
        key = (tuple(sorted(cards)), *args)
        try:
            return cache[key]
        except KeyError:
            if len(cache) >= MEMO_LIMIT:
                cache.clear()
            value = cache[key] = fn(key[0], *args)
            return value
    return wrapper  # type: ignore[return-value]


@memo_by_hand
def gleich_key(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    """The best Gleich of the represented cards plus `free` Perlaggen."""
    counts = Counter(RANK_VALUE[c[1:]] for c in cards if c[1:] != "6")
    best: Key = None
    for value in range(8, 0, -1):
        n = min(counts.get(value, 0) + free, longest)
        if n >= 2 and (best is None or (n, value) > best):
            best = (n, value)
    return best


def _suit_values(cards: Iterable[str]) -> dict[str, set[int]]:
    by_suit: dict[str, set[int]] = {s: set() for s in SUITS}
    for c in cards:
        if c[1:] != "6":
            by_suit[c[0]].add(RANK_VALUE[c[1:]])
    return by_suit


def _suit_masks(cards: Iterable[str]) -> dict[str, int]:
    masks = dict.fromkeys(SUITS, 0)
    for c in cards:
        value = RANK_VALUE[c[1:]]
        if value:
            masks[c[0]] |= 1 << value
    return masks


# (length, top, window bit mask), best first
_WINDOWS = [(length, top, sum(1 << v for v in range(top - length + 1, top + 1)))
            for length in range(8, 1, -1) for top in range(8, length - 1, -1)]


@memo_by_hand
def hanger_key(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    """The best Hanger of the represented cards plus `free` Perlaggen."""
    masks = [m for m in _suit_masks(cards).values() if m]
    if not masks and free < 2:
        return None
    for length, top, window in _WINDOWS:
        if length > longest:
            continue
        need = length - free
        if need <= 0:
            return (length, top)
        for mask in masks:
            if (mask & window).bit_count() >= need:
                return (length, top)
    return None


def figure_options(cards: list[str], free: int, longest: int = 5) -> list[tuple[Key, Key]]:
    """The Pareto-best (Gleich, Hanger) pairs one hand can make at the same time.

    A free Perlagg gets one baptism, so it can serve both figures only as a card whose
    rank is the Gleich's and which lies in the Hanger's suit and run.
    """
    return list(_figure_options(cards, free, longest))


@memo_by_hand
def _figure_options(cards: list[str], free: int, longest: int = 5) -> tuple[tuple[Key, Key], ...]:
    counts = Counter(RANK_VALUE[c[1:]] for c in cards if c[1:] != "6")
    by_suit = _suit_values(cards)
    gleichs: list[tuple[Key, int, int]] = [(None, 0, 0)]  # (key, value, perlaggen used)
    for value in range(1, 9):
        have = counts.get(value, 0)
        for n in range(2, longest + 1):
            used = max(0, n - have)
            if used <= free:
                gleichs.append(((n, value), value, used))
    hangers: list[tuple[Key, str, set[int], int]] = [(None, "", set(), 0)]
    for suit, values in by_suit.items():
        for length in range(2, longest + 1):
            for top in range(length, 9):
                run = set(range(top - length + 1, top + 1))
                missing = run - values
                if len(missing) <= free:
                    hangers.append(((length, top), suit, missing, len(missing)))
    pairs: set[tuple[Key, Key]] = set()
    for gkey, gvalue, gused in gleichs:
        for hkey, _suit, missing, hused in hangers:
            overlap = 1 if gused and gvalue in missing else 0
            if gused + hused - overlap <= free:
                pairs.add((gkey, hkey))
    return tuple(pareto(pairs))


def _ge(a: Key, b: Key) -> bool:
    return b is None or (a is not None and a >= b)


def pareto(pairs: Iterable[tuple[Key, Key]]) -> list[tuple[Key, Key]]:
    items = list(pairs)
    return [p for p in items
            if not any(q != p and _ge(q[0], p[0]) and _ge(q[1], p[1]) for q in items)]


@memo_by_hand
def can_show(cards: list[str], free: int, gleich: bool, hanger: bool) -> bool:
    """Whether a hand can show a Gleich and/or a Hanger example (both at once if asked)."""
    if not gleich and not hanger:
        return True
    if not hanger:
        return gleich_key(cards, free) is not None
    if not gleich:
        return hanger_key(cards, free) is not None
    if free >= 4 or (gleich_key(cards) is not None and hanger_key(cards) is not None):
        return True
    for g, h in figure_options(cards, free):
        if (g is not None or not gleich) and (h is not None or not hanger):
            return True
    return False


def is_gleich(cards: list[str]) -> bool:
    return len(cards) >= 2 and "6" not in {c[1:] for c in cards} and len({c[1:] for c in cards}) == 1


def is_hanger(cards: list[str]) -> bool:
    if len(cards) < 2 or len({c[0] for c in cards}) != 1 or any(c[1:] == "6" for c in cards):
        return False
    values = sorted(RANK_VALUE[c[1:]] for c in cards)
    return values == list(range(values[0], values[0] + len(values)))


def exact_key(figure: str, cards: list[str]) -> Key:
    """The key of exactly these cards as the named figure, or None if they are not one."""
    if figure == "gleich":
        return (len(cards), RANK_VALUE[cards[0][1:]]) if is_gleich(cards) else None
    if is_hanger(cards):
        return (len(cards), max(RANK_VALUE[c[1:]] for c in cards))
    return None


def describe(figure: str, key: Key, lang: str = "en") -> str:
    """A short readable name for a figure key: 'three Kings', 'a four-card Hanger to the Ace'."""
    if key is None:
        return "nothing"
    n, value = key
    rank = VALUE_RANK[value]
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    plural = {"A": "Aces", "K": "Kings", "O": "Obers", "U": "Unters", "10": "Tens", "9": "Nines",
              "8": "Eights", "7": "Sevens"}
    if figure == "gleich":
        return f"{words.get(n, n)} {plural[rank]}"
    top_name = {"A": "Ace", "K": "King", "O": "Ober", "U": "Unter"}.get(rank, rank)
    return f"a {words.get(n, n)}-card run to the {top_name}"


RANK_OF_VALUE = {RANK_VALUE[r]: r for r in RANKS}
