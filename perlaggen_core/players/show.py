"""Planning a show: the fewest cards from hand that make a Gleich or Hanger good enough."""
from __future__ import annotations

from typing import Optional

from ..cards import RANK_VALUE, SUITS, VALUE_RANK

Plan = list[tuple[str, Optional[str]]]   # (card, baptism) to lay down, in order


def _enough(key: tuple[int, int], target, strict: bool) -> bool:
    if target is None:
        return True
    return key > target if strict else key >= target


def show_plan(deal, seat: int, figure: str, target, strict: bool = True,
              longest: Optional[int] = None) -> Optional[Plan]:
    """The cheapest set of cards to lay down so the seat's shown figure beats (or, with
    strict=False, equals) `target`; None if it cannot. Cheapest: fewest cards, then fewest
    Perlaggen, then the smallest figure that does it (so as little as possible is revealed)."""
    plans = show_plans(deal, seat, figure, target, strict, longest)
    return plans[0] if plans else None


_PLANS: dict = {}
PLAN_MEMO = 20_000


def show_plans(deal, seat: int, figure: str, target, strict: bool = True,
               longest: Optional[int] = None) -> list[Plan]:
    """Every way (one per figure size) to reach the target, cheapest first."""
    fixed, naturals, wild = deal.material(seat)
    spare = tuple(sorted(wild, key=lambda w: -deal.perl_rank[w]))
    key = (tuple(fixed), tuple(naturals), spare, figure, target, strict, longest or deal.rules.max_figure)
    plans = _PLANS.get(key)
    if plans is None:
        if len(_PLANS) >= PLAN_MEMO:      # the play-outs of a search ask about the same hands again and again
            _PLANS.clear()
        plans = _PLANS[key] = _plans(*key)
    return plans


def _plans(fixed: tuple, naturals: tuple, spare: tuple, figure: str, target, strict: bool,
           longest: int) -> list[Plan]:
    found: list[tuple] = []
    if figure == "gleich":
        used = set(fixed)
        for value in range(1, 9):
            rank = VALUE_RANK[value]
            have = sum(1 for c in fixed if c[1:] == rank)
            mine = [c for c in naturals if c[1:] == rank]
            top = min(longest, have + len(mine) + len(spare))
            for n in range(max(2, have + 1), top + 1):
                key = (n, value)
                if not _enough(key, target, strict):
                    continue
                add = n - have
                nat = min(add, len(mine))
                cost = (add, add - nat, key)
                names = [s + rank for s in SUITS if s + rank not in used and s + rank not in mine]
                names += [SUITS[0] + rank] * 5
                plan = [(c, None) for c in mine[:nat]] + [(w, names[i]) for i, w in enumerate(spare[:add - nat])]
                found.append((cost, plan))
                break
        return [plan for _cost, plan in sorted(found, key=lambda cp: cp[0])]
    for suit in SUITS:
        fixed_values = {RANK_VALUE[c[1:]] for c in fixed if c[0] == suit and c[1:] != "6"}
        own = {RANK_VALUE[c[1:]]: c for c in naturals if c[0] == suit and c[1:] != "6"}
        for length in range(2, longest + 1):
            for top in range(length, 9):
                key = (length, top)
                if not _enough(key, target, strict):
                    continue
                run = range(top - length + 1, top + 1)
                missing = [v for v in run if v not in fixed_values]
                if not missing:
                    continue
                gaps = [v for v in missing if v not in own]
                if len(gaps) > len(spare):
                    continue
                natural = [own[v] for v in missing if v in own]
                cost = (len(missing), len(gaps), key)
                plan = [(c, None) for c in natural] + [(spare[i], suit + VALUE_RANK[v]) for i, v in enumerate(gaps)]
                found.append((cost, plan))
    return [plan for _cost, plan in sorted(found, key=lambda cp: cp[0])]
