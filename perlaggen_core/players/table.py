"""Seating players at a deal: who is asked, in what order, and playing deals and games out."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from ..signals import SignalLog
from ..state import Phase
from .base import Decision, Player

EAGERNESS = {"raise": 3, "hold": 2, "good": 1}


@dataclass
class TableState:
    """What the table remembers during one deal: who passed on the exchange, who signalled."""

    asked: set = field(default_factory=set)
    signalled: bool = False
    signals: Optional[SignalLog] = None


def exchange_seats(deal) -> list[int]:
    if deal.phase is not Phase.PLAY or deal.tricks:
        return []
    return [s for s in range(deal.n) if any(a.act == "exchange" for a in deal.legal_actions(s))]


def next_decision(deal, players: Sequence[Player], state: Optional[TableState] = None,
                  timer: Optional[Callable[[Player, float], None]] = None) -> tuple[int, Decision]:
    """The seat that acts next and its decision.

    Before the first card, seats entitled to the exchange are offered it. When a team answers a
    bet, each member is asked and the boldest answer counts (the partner with the figure holds).
    In the show each member of the showing team may lay down cards; the turn ends when both are
    done. Otherwise the seat the game waits for decides.
    """
    signals = state.signals if state else None

    def ask(seat: int, volunteer: bool = False):
        player = players[seat]
        start = time.perf_counter()
        result = player.volunteer(deal, seat, signals) if volunteer else player.decide(deal, seat, signals)
        if timer is not None:
            timer(player, time.perf_counter() - start)
        return result

    if deal.phase is Phase.PLAY and not deal.tricks:
        for seat in exchange_seats(deal):
            if state is not None and seat in state.asked:
                continue
            if state is not None:
                state.asked.add(seat)
            decision = ask(seat, volunteer=True)
            if decision is not None:
                return seat, decision
        if state is not None and not state.signalled and state.signals is not None:
            state.signalled = True
            for seat, player in enumerate(players):
                state.signals.signal_all(deal, seat, player.signal(deal, seat))
    to_act = deal.to_act
    if not to_act:
        raise ValueError("nobody is to act: the deal is over")
    if deal.answering_team() is not None:
        choices = [(seat, ask(seat)) for seat in to_act]
        return max(choices, key=lambda sd: EAGERNESS.get(sd[1].action.act, 0))
    if deal.phase is Phase.SHOW:
        first = None
        for seat in to_act:
            decision = ask(seat)
            if decision.action.act != "done":
                return seat, decision
            first = first or (seat, decision)
        return first
    return to_act[0], ask(to_act[0])


def play_out(deal, players: Sequence[Player], state: Optional[TableState] = None,
             on_decision: Optional[Callable[[int, Decision], None]] = None,
             timer: Optional[Callable[[Player, float], None]] = None, max_actions: int = 500,
             until_show: bool = False):
    """Let the players finish the deal (or, with until_show, play it up to the show); returns it."""
    for _ in range(max_actions):
        if deal.phase.over or (until_show and deal.phase is Phase.SHOW):
            return deal
        seat, decision = next_decision(deal, players, state, timer)
        if on_decision is not None:
            on_decision(seat, decision)
        deal.apply(decision.action)
    raise RuntimeError("the players did not finish the deal")
