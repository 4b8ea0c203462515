"""The blind-bet window and the cut (seed 000, "Blind bets"; rulings 5, 16, 26, 27).

A deal whose start says `before_cut` begins with the cards dealt face down and nothing of the cut
known: no trump card, no Perlaggen taken in the cut, no acorns set aside, no Luck und Boden cards,
and nobody has seen a card of their hand. Only blind bets may be made then (where the rules have
them), by any seat; the cutter's `cut` closes the window and makes the cut, the trump card and the
rest public, after which the players pick up their cards and the deal goes on as any other.

A deal without `before_cut` (most records, lessons and scenarios) starts after the cut, as the
record contract always had it: blind bets are still accepted before any other act there.
"""
from __future__ import annotations

from typing import Optional

from .actions import Action, Bet, Cut
from .betting import may_bet
from .dealstate import DealState
from .events import Cut as CutMade, Event, StockShown, TrumpTurned
from .messages import Message, msg
from .rules import FIGURES


BEFORE_CUT, CUT = "before_cut", "cut"   # the stages of a deal a page asks about (`Deal.stage`)

# what a seat's view holds that the window hides, and the value it has meanwhile
HIDDEN: dict[str, object] = {"trump": None, "trump_card": None, "turned_card": None, "exchanged": None,
                             "exposed": [], "captured": [], "shown_stock": [], "perlaggen": [], "hand": None}


def window_refusal(deal: DealState, action: Action) -> Optional[Message]:
    """While the window is open only blind bets and the cutter's cut are possible."""
    if action.act == "cut":
        return None if action.seat == deal.cutter else msg("cut.not_cutter", seat=deal.cutter)
    if action.act == "bet" and action.blind:
        return None
    return msg("cut.first", seat=deal.cutter)


def check_cut(deal: DealState, action: Cut) -> Optional[Message]:
    """A `cut` outside the window: the cards are already cut."""
    return msg("cut.done")


def do_cut(deal: DealState, action: Cut, index: int, events: list[Event]) -> None:
    deal.uncut = False
    start = deal.start
    events.append(CutMade(action.seat, tuple(start.captured)))
    events.append(TrumpTurned(start.trump_card, tuple(start.exposed)))
    if start.shown_stock:
        events.append(StockShown(tuple(start.shown_stock)))


def window_actions(deal: DealState, seat: int, optional: bool = True) -> list[Action]:
    """A seat's moves in the window: its blind bets, and the cut for the cutter."""
    out: list[Action] = []
    if optional and deal.rules.blind_bets:
        out = [Bet(seat, name, blind=True) for name in FIGURES if may_bet(deal, seat, name) is None]
    if seat == deal.cutter:
        out.append(Cut(seat))
    return out


def hide(view: dict) -> dict:
    """A view in the window: everything the cut and the deal will show, and the seat's hand, left
    out (the hands of an open-hand teaching view, `reveal`, stay)."""
    view.update({key: (list(value) if isinstance(value, list) else value) for key, value in HIDDEN.items()})
    return view
