"""Gleich (sets) and Hanger (sequences): finding the best ones and comparing them.

A figure key is a tuple that compares the way the rules do: a Gleich key is
``(cards, rank value)``, a Hanger key ``(length, value of the top card)``. ``None`` means
no figure, everywhere in the engine (`ranked` orders it below every figure). Cards here are the cards *represented*: a baptised Perlagg counts as its
baptism, anything else as its face; the unbaptised Weli (rank 6) belongs to no figure.
Free Perlaggen are ones still in hand, whose baptism can be chosen.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, wraps
from typing import Callable, Iterable, Optional, TypeVar

from .cards import CARD_VALUE, RANK_VALUE, SUITS, VALUE_RANK
from .messages import Message, msg

Key = Optional[tuple[int, int]]     # None: no figure
F = TypeVar("F", bound=Callable)
MEMO_LIMIT = 10_000


def ranked(key: Key) -> tuple[int, ...]:
    """A key to compare or sort figures by, where no figure (None) is below every figure."""
    return key or ()


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


def gleich_key(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    """The best Gleich of the represented cards plus `free` Perlaggen."""
    counts = [0] * 9
    for c in cards:
        counts[CARD_VALUE[c]] += 1
    best: Key = None
    for value in range(8, 0, -1):    # value 0, the Weli's 6, makes no figure
        n = min(counts[value] + free, longest)
        if n >= 2 and (best is None or n > best[0]):
            best = (n, value)
    return best


# (length, top, window bit mask), best first, for each longest allowed figure
_WINDOWS = {longest: [(length, top, sum(1 << v for v in range(top - length + 1, top + 1)))
                      for length in range(min(longest, 8), 1, -1) for top in range(8, length - 1, -1)]
            for longest in range(2, 9)}


@lru_cache(maxsize=None)
def _run_key(mask: int, free: int, longest: int) -> Key:
    """The best Hanger of one suit whose held values are the bits of `mask`, plus `free` Perlaggen."""
    for length, top, window in _WINDOWS[longest]:
        if (mask & window).bit_count() >= length - free:
            return (length, top)
    return None


@memo_by_hand
def hanger_key(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    """The best Hanger of the represented cards plus `free` Perlaggen: the best of any one suit."""
    masks: dict[str, int] = {}
    for c in cards:
        value = CARD_VALUE[c]
        if value:
            masks[c[0]] = masks.get(c[0], 0) | (1 << value)
    longest = min(max(longest, 2), 8)
    free = min(free, longest)
    best: Key = _run_key(0, free, longest)
    for mask in masks.values():
        key = _run_key(mask, free, longest)
        if key is not None and (best is None or key > best):
            best = key
    return best


def figure_key(figure: str, cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    return gleich_key(cards, free, longest) if figure == "gleich" else hanger_key(cards, free, longest)


def figure_options(cards: list[str], free: int, longest: int = 5) -> list[tuple[Key, Key]]:
    """The Pareto-best (Gleich, Hanger) pairs one hand can make at the same time.

    A free Perlagg gets one baptism, so it can serve both figures only as a card whose
    rank is the Gleich's and which lies in the Hanger's suit and run.
    """
    return list(_figure_options(cards, free, longest))


@memo_by_hand
def _figure_options(cards: list[str], free: int, longest: int = 5) -> tuple[tuple[Key, Key], ...]:
    counts = Counter(RANK_VALUE[c[1:]] for c in cards if c[1:] != "6")
    by_suit: dict[str, set[int]] = {s: set() for s in SUITS}
    for c in cards:
        if c[1:] != "6":
            by_suit[c[0]].add(RANK_VALUE[c[1:]])
    gleichs: list[tuple[Key, int, int]] = [(None, 0, 0)]  # (key, value, perlaggen used)
    for value in range(1, 9):
        have = counts.get(value, 0)
        for n in range(2, longest + 1):
            used = max(0, n - have)
            if used <= free:
                gleichs.append(((n, value), value, used))
    hangers: list[tuple[Key, set[int], int]] = [(None, set(), 0)]
    for values in by_suit.values():
        for length in range(2, longest + 1):
            for top in range(length, 9):
                missing = set(range(top - length + 1, top + 1)) - values
                if len(missing) <= free:
                    hangers.append(((length, top), missing, len(missing)))
    pairs: set[tuple[Key, Key]] = set()
    for gkey, gvalue, gused in gleichs:
        for hkey, missing, hused in hangers:
            overlap = 1 if gused and gvalue in missing else 0
            if gused + hused - overlap <= free:
                pairs.add((gkey, hkey))
    return tuple(sorted(pareto(pairs), key=_pair_order))   # a set's order would follow None's hash, which differs by process


def _pair_order(pair: tuple[Key, Key]) -> tuple[tuple[int, int], ...]:
    return tuple((0, 0) if key is None else key for key in pair)


def _ge(a: Key, b: Key) -> bool:
    return b is None or (a is not None and a >= b)


def pareto(pairs: Iterable[tuple[Key, Key]]) -> list[tuple[Key, Key]]:
    items = list(pairs)
    return [p for p in items
            if not any(q != p and _ge(q[0], p[0]) and _ge(q[1], p[1]) for q in items)]


@memo_by_hand
def can_show(cards: list[str], free: int, gleich: bool, hanger: bool) -> bool:
    """Whether a hand can show a Gleich and/or a Hanger example (both at once if asked)."""
    if not gleich or not hanger:
        if gleich:
            return gleich_key(cards, free) is not None
        return not hanger or hanger_key(cards, free) is not None
    g0, h0 = gleich_key(cards), hanger_key(cards)
    if (g0 and h0) or (g0 and hanger_key(cards, free)) or (h0 and gleich_key(cards, free)):
        return True
    if free >= 4 or (free >= 2 and gleich_key(cards, 1) and hanger_key(cards, 1)):
        return True
    return any(g is not None and h is not None for g, h in figure_options(cards, free))


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


def endgame_rank(figure: str, key: tuple[int, int], by_length: bool) -> tuple:
    """How declarations compare in the both-gestrichen endgame (rulings 23-24): more cards first,
    then a Gleich before a Hanger, then the rank; with `by_length` (Eichel) only the length."""
    if by_length:
        return (key[0],)
    return (key[0], 1 if figure == "gleich" else 0, key[1])


def describe(figure: str, key: Key) -> Message:
    """A figure key as a message: three Kings, a four-card Hanger up to the Ober, nothing."""
    if key is None:
        return msg("key.none")
    n, value = key
    if figure == "gleich":
        return msg("key.gleich", count=n, ranks=VALUE_RANK[value])
    return msg("key.hanger", count=n, top=VALUE_RANK[value])
