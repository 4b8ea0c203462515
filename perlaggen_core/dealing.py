"""The seeded shuffle, the cut with Perlagg capture, the deal and the trump turn-up."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class DealtCards:
    hands: tuple[tuple[str, ...], ...]
    captured: tuple[str, ...]
    trump_card: str
    exposed: tuple[str, ...]   # acorns turned up and set aside before the trump card (Eichel)
    stock: tuple[str, ...]     # the undealt cards below the trump card, top first


def packet_sizes(rules: Rules, captured: int) -> list[int]:
    """The cutter's packets: each Perlagg kept in the cut replaces a card, first packets first."""
    sizes = list(rules.deal_packets)
    for i, size in enumerate(sizes):
        take = min(size, captured)
        sizes[i] -= take
        captured -= take
    return sizes


def deal_from_seed(rules: Rules, seed: int, dealer: int) -> DealtCards:
    rng = random.Random(seed)
    pack = list(rules.pack)
    rng.shuffle(pack)
    n = rules.players
    cutter = (dealer - 1) % n
    # The cutter lifts the top part; its bottom card is looked at, and kept while it is a
    # permanent Perlagg. The bottom part then goes on top and the deal starts from the top.
    lift = rng.randint(3, len(pack) - 3)
    top, bottom = pack[:lift], pack[lift:]
    captured: list[str] = []
    while top and top[-1] in rules.permanent and len(captured) < rules.max_capture:
        captured.append(top.pop())
    stock = bottom + top
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[cutter].extend(captured)
    cutter_sizes = packet_sizes(rules, len(captured))
    order = [(dealer + 1 + i) % n for i in range(n)]
    pos = 0
    trump_card = ""
    exposed: list[str] = []
    for index, size in enumerate(rules.deal_packets):
        if index == rules.trump_after_packet:
            pos, trump_card, exposed = _turn_trump(rules, stock, pos)
        for seat in order:
            count = cutter_sizes[index] if seat == cutter else size
            hands[seat].extend(stock[pos:pos + count])
            pos += count
    if not trump_card:
        pos, trump_card, exposed = _turn_trump(rules, stock, pos)
    return DealtCards(tuple(tuple(h) for h in hands), tuple(captured), trump_card, tuple(exposed),
                      tuple(stock[pos:]))


def _turn_trump(rules: Rules, stock: list[str], pos: int) -> tuple[int, str, list[str]]:
    exposed = []
    while stock[pos][0] in rules.no_trump_suits:
        exposed.append(stock[pos])
        pos += 1
    return pos + 1, stock[pos], exposed
