"""The proofs at the end of a deal (rulings 16, 21): whoever bet or held a Gleich or Hanger lays an
example of it face up, Perlaggen from hand baptised for it; what each duty shows, or that it fails.

`examples` finds the cards a seat shows for its duties (one baptism per Perlagg, shared by both
figures when it serves both, ruling 3); scoring decides with it whether each duty is met, and the
proofs (`Proof`, in `Tally.proofs`, as `Proved` events and in every seat's view once the deal is
over) say what the table saw.
"""
from __future__ import annotations

from typing import Iterable, Optional

from .cards import SUITS, VALUE_RANK
from .dealstate import DealState
from .figures import Key, can_show, figure_key, figure_options, gleich_key, hanger_key
from .state import Proof


Shown = tuple[tuple[str, Optional[str]], ...]    # cards as (card, baptism or None)
DUTY, TAKES = "duty", "takes"


def _items(deal: DealState, seat: int) -> tuple[list[tuple[str, Optional[str]]], list[str]]:
    """What the seat can count: its cards on the table (played, shown) and natural cards in hand,
    as (card, baptism), and its free Perlaggen (in hand, not shown)."""
    shown = {c for c, _ in deal.shown[seat]}
    items = list(deal.played[seat]) + list(deal.shown[seat])
    wild = []
    for card in deal.hands[seat]:
        if card not in shown:
            if card in deal.perl_rank:
                wild.append(card)
            else:
                items.append((card, None))
    return items, wild


def _rep(item: tuple[str, Optional[str]]) -> str:
    return item[1] or item[0]


def build(items: list[tuple[str, Optional[str]]], wild: list[str], gkey: Key, hkey: Key
          ) -> Optional[tuple[Shown, Shown]]:
    """The cards of a Gleich `gkey` and a Hanger `hkey` (either may be None) made at once from
    `items` and the free Perlaggen `wild`, or None when they cannot both be made."""
    suits: tuple[str, ...] = SUITS if hkey is not None else ("",)   # one round without a Hanger
    for suit in suits:
        hanger: list = []
        missing: list[str] = []
        if hkey is not None:
            length, top = hkey
            for value in range(top, top - length, -1):
                card = suit + VALUE_RANK[value]
                have = next((it for it in items if _rep(it) == card), None)
                if have is not None:
                    hanger.append(have)
                else:
                    missing.append(card)
        gleich: list = []
        need = 0
        if gkey is not None:
            count, value = gkey
            gleich = [it for it in items if _rep(it)[1:] == VALUE_RANK[value]][:count]
            need = count - len(gleich)
        shared = next((c for c in missing if c[1:] == VALUE_RANK[gkey[1]]), None) if need and gkey else None
        if need + len(missing) - (1 if shared else 0) > len(wild):
            continue
        spare = iter(wild)
        baptised = {card: next(spare) for card in missing}
        hanger += [(baptised[c], c) for c in missing]
        if shared:
            gleich.append((baptised[shared], shared))
            need -= 1
        rank = VALUE_RANK[gkey[1]] if gkey is not None else ""
        free_suits = [s for s in SUITS if s + rank not in {_rep(it) for it in gleich}] or list(SUITS)
        for i in range(need):
            gleich.append((next(spare), free_suits[i % len(free_suits)] + rank))
        order = {s: i for i, s in enumerate(SUITS)}
        gleich.sort(key=lambda it: order[_rep(it)[0]])
        return tuple(gleich), tuple(hanger)
    return None


def shown_keys(cards: list[str], free: int, figures: Iterable[str]) -> dict[str, Key]:
    """The figure each duty of one seat is proven with, its best (None: the duty fails), from the
    cards it counts (as represented) and its free Perlaggen. Both at once when it must prove both;
    when each alone is possible but not both together, the Gleich stands and the Hanger fails
    (ruling 16, one baptism per Perlagg)."""
    wanted = set(figures)
    keys = {"gleich": gleich_key(cards, free) if "gleich" in wanted else None,
            "hanger": hanger_key(cards, free) if "hanger" in wanted else None}
    if len(wanted) == 2 and keys["gleich"] and keys["hanger"]:
        if can_show(cards, free, True, True):
            keys["gleich"], keys["hanger"] = max(p for p in figure_options(cards, free) if p[0] and p[1])
        else:
            keys["hanger"] = None
    return {f: keys[f] for f in wanted}


def examples(deal: DealState, seat: int, figures: Iterable[str]) -> dict[str, Optional[Shown]]:
    """The cards the seat lays down for each figure it must prove (None: it has no example)."""
    items, wild = _items(deal, seat)
    keys = shown_keys([_rep(it) for it in items], len(wild), figures)
    # build() makes every pair of keys shown_keys gives (tests/test_proofs.py); "or" only guards
    made = build(items, wild, keys.get("gleich"), keys.get("hanger")) or ((), ())
    return {f: (made[0] if f == "gleich" else made[1]) if keys[f] is not None else None for f in keys}


def key_of(figure: str, shown: Optional[Shown]) -> Key:
    return None if not shown else figure_key(figure, [_rep(it) for it in shown])


def proofs(deal: DealState, checked: list, winners: dict, penalties: Iterable) -> tuple[Proof, ...]:
    """What the table sees at the end: each duty's example or failure (`checked`: (seat, figure,
    blind, key or None) as scoring checked them), the fine it costs (the first failure of a side
    carries the side's penalty), and for a figure a failure hands to the other side, that side's
    example (`winners`: the figures whose winner validation changed)."""
    fines = {(p.seat, p.figure): p.points for p in penalties if p.kind == "no_example"}
    plain = {(seat, figure) for seat, figure, blind, _key in checked if not blind}
    groups: dict[tuple[int, bool], list[str]] = {}
    for seat, figure, blind, _key in checked:
        groups.setdefault((seat, blind), []).append(figure)
    out: list[Proof] = []
    taken: set[str] = set()
    made: dict[tuple[int, bool], dict[str, Optional[Shown]]] = {}
    for seat, figure, blind, key in checked:
        if blind and (seat, figure) in plain:
            continue                      # bet blind, then held or raised: the plain duty says it all
        if key is not None:
            if (seat, blind) not in made:            # one example per seat's duties, both figures at once
                made[(seat, blind)] = examples(deal, seat, groups[(seat, blind)])
            shown = made[(seat, blind)][figure]
            assert shown is not None   # shown_keys found the example `key` says the seat has
        else:                             # nothing to show: what the seat still held goes face up
            laid = {c for c, _ in deal.shown[seat]}
            shown = tuple((c, None) for c in deal.hands[seat] if c not in laid)
        fine = 0 if key is not None or blind else fines.pop((seat, figure), 0)
        out.append(Proof(seat, deal.team(seat), figure, DUTY, blind, key is not None, shown, key, fine,
                         deal.rules.failed_show))
        taker = winners.get(figure)
        if key is None and taker is not None and taker != deal.team(seat) and figure not in taken:
            taken.add(figure)
            out.append(_taker(deal, taker, figure))
    return tuple(out)


def _taker(deal: DealState, side: int, figure: str) -> Proof:
    """The example of the side that takes a figure its bettor could not show: its best one."""
    best: Optional[tuple[tuple[int, int], int, Shown]] = None
    for seat in deal.seats_of(side):
        shown = examples(deal, seat, [figure])[figure]
        key = key_of(figure, shown)
        if shown is not None and key is not None and (best is None or key > best[0]):
            best = (key, seat, shown)
    assert best is not None   # scoring hands a figure on only to a side that can show it
    key, seat, shown = best
    return Proof(seat, side, figure, TAKES, False, True, shown, key, 0, deal.rules.failed_show)


__all__ = ["DUTY", "TAKES", "build", "examples", "key_of", "proofs", "shown_keys"]
