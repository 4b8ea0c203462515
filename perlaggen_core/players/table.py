"""Seating players at a deal: who is asked, in what order, and playing deals and games out.

A `Table` asks one seat at a time, so a page can run the computer players from a timer and let a
human act between any two of their moves; a seat whose player is None is a human, and the table
waits for it. The engine says who may act (`deal.to_act`, `deal.answering_team`); the table
decides only whom to ask first:

- before the cut (a deal begun `before_cut`), every computer seat is asked once for its blind bets;
  when every seat is `ready` (a human seat: once the page says so), the cutter cuts;
- before the first card, seats entitled to the exchange are offered it (again after each exchange
  while they may make another; Imst's opponents once the dealer's team is done), then everyone
  signs;
- a player is given only the signs its seat saw (`SignalLog.seen_by`): its partners' and the
  opponents' it caught;
- when a team answers a bet, each member is asked and the boldest answer counts (the partner
  with the figure holds); a human on that team answers for it;
- in the show each member of the showing team may lay down cards; the turn ends when all are
  done (a human member ends it).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from ..signals import Sign, SignalLog
from ..state import PLAY, SHOW
from .base import Decision, Player

EAGERNESS = {"raise": 3, "hold": 2, "good": 1}


@dataclass(frozen=True)
class Step:
    """What one question to the table gave: a move to apply (`decision`), signs made (already in
    the log), or "think" (a seat was asked and its answer waits for its partners). A page may add
    "deal" for a new deal it dealt."""

    seat: int
    kind: str                          # "act" | "signal" | "think" | "deal"
    decision: Optional[Decision] = None
    signals: tuple[str, ...] = ()
    signs: tuple[Sign, ...] = ()       # the signs made, with who caught each


@dataclass
class Table:
    """The players of one deal and what the table remembers during it."""

    players: Sequence[Optional[Player]]
    signals: Optional[SignalLog] = None
    timer: Optional[Callable[[Player, float], None]] = None
    asked: set[int] = field(default_factory=set)        # offered the exchange, and declined it
    signalled: set[int] = field(default_factory=set)    # made their signs
    poll: dict[int, Decision] = field(default_factory=dict)
    poll_at: int = -1                                   # the action count the poll belongs to
    ready: set[int] = field(default_factory=set)        # done with blind bets (before the cut)

    def computer(self, seat: int) -> bool:
        return self.players[seat] is not None

    def bot(self, seat: int) -> Player:
        """The computer player at `seat` (only computer seats are asked: see `computer`)."""
        player = self.players[seat]
        assert player is not None
        return player

    def seen(self, deal, seat: int) -> Optional[SignalLog]:
        """The signs `seat` saw (None: the table has no signs)."""
        return None if self.signals is None else self.signals.seen_by(deal, seat)

    def ask(self, deal, seat: int, volunteer: bool = False):
        player = self.bot(seat)
        start = time.perf_counter()
        seen = self.seen(deal, seat)
        result = player.volunteer(deal, seat, seen) if volunteer else player.decide(deal, seat, seen)
        if self.timer is not None:
            self.timer(player, time.perf_counter() - start)
        return result

    def window(self, deal) -> Optional[Step]:
        """Before the cut: each computer seat's blind bets, then (everyone ready) the cutter's cut."""
        for seat in range(deal.n):
            if seat in self.ready or not self.computer(seat):
                continue
            decision = self.bot(seat).blind(deal, seat)
            if decision is None:
                self.ready.add(seat)
                continue
            return Step(seat, "act", decision)
        if len(self.ready) == deal.n and self.computer(deal.cutter):
            return Step(deal.cutter, "act", self.ask(deal, deal.cutter))
        return None

    def opening(self, deal) -> Optional[Step]:
        """Before the first card: the exchange offers, then the signs, one seat at a time."""
        if deal.uncut:
            return self.window(deal)
        if deal.phase is not PLAY or deal.tricks or not deal.to_act:
            return None
        for seat in exchange_seats(deal):
            if seat in self.asked or not self.computer(seat):
                continue
            decision = self.ask(deal, seat, volunteer=True)
            if decision is None:
                self.asked.add(seat)
                return Step(seat, "think")
            return Step(seat, "act", decision)   # asked again while it may exchange more (Eichel's steps)
        if self.signals is not None:
            for seat in range(deal.n):
                if seat in self.signalled or not self.computer(seat):
                    continue
                self.signalled.add(seat)
                made = tuple(self.bot(seat).signal(deal, seat, self.signals.catch))
                signs = tuple(self.signals.signal_all(deal, seat, made))
                return Step(seat, "signal", signals=made, signs=signs)
        return None

    def has_step(self, deal) -> bool:
        """Whether `step` would ask a computer seat now (cheap: nobody is asked)."""
        if deal.phase.over:
            return False
        if deal.uncut:
            if any(s not in self.ready and self.computer(s) for s in range(deal.n)):
                return True
            return len(self.ready) == deal.n and self.computer(deal.cutter)
        if deal.phase is PLAY and not deal.tricks and deal.to_act:
            if any(s not in self.asked and self.computer(s) for s in exchange_seats(deal)):
                return True
            if self.signals is not None and any(s not in self.signalled and self.computer(s) for s in range(deal.n)):
                return True
        to_act = deal.to_act
        bots = [s for s in to_act if self.computer(s)]
        if not bots:
            return False
        if len(bots) == len(to_act):
            return True
        if deal.answering_team is not None:
            return False                         # the human answers for the team
        if deal.phase is SHOW:
            fresh = self.poll_at == len(deal.actions)
            return any(s not in self.poll for s in bots) if fresh else True
        return False

    def think(self, deal, seconds: float) -> bool:
        """Let a computer seat the table will ask next weigh its choices for about `seconds`, from
        the signs it saw (a page calls this during its pause between moves); whether one had more
        to weigh. A seat already asked in this position is not asked again."""
        if deal.uncut or not self.has_step(deal):
            return False
        asked = self.poll if self.poll_at == len(deal.actions) else {}
        for seat in deal.to_act:
            if self.computer(seat) and seat not in asked and \
                    self.bot(seat).think(deal, seat, self.seen(deal, seat), seconds):
                return True
        return False

    def reset(self) -> None:
        """Forget the blind bets, exchange offers, signs and answers asked (a deal replayed or undone)."""
        self.asked, self.signalled, self.poll, self.poll_at, self.ready = set(), set(), {}, -1, set()

    def step(self, deal) -> Optional[Step]:
        """Ask one computer seat; None when the game waits for a human (or is over)."""
        first = self.opening(deal)
        if first is not None or deal.uncut:
            return first
        to_act = deal.to_act
        bots = [s for s in to_act if self.computer(s)]
        if not bots:
            return None
        if self.poll_at != len(deal.actions):
            self.poll, self.poll_at = {}, len(deal.actions)
        humans = len(bots) < len(to_act)
        answering = deal.answering_team is not None
        if deal.phase is SHOW or answering:
            if answering and humans:
                return None                      # the human answers for the team
            unasked = [s for s in bots if s not in self.poll]
            if not unasked:
                return None if humans else Step(bots[0], "act", self.poll[bots[0]])
            seat = unasked[0]
            self.poll[seat] = decision = self.ask(deal, seat)
            if not answering and decision.action.act != "done":
                return Step(seat, "act", decision)
            if len(unasked) > 1 or humans:
                return Step(seat, "think")       # the partners are asked next
            if answering:
                seat, decision = max(self.poll.items(), key=lambda sd: EAGERNESS.get(sd[1].action.act, 0))
            else:
                seat, decision = next(iter(self.poll.items()))
            return Step(seat, "act", decision)
        if humans:
            return None
        return Step(bots[0], "act", self.ask(deal, bots[0]))


def exchange_seats(deal) -> list[int]:
    if deal.phase is not PLAY or deal.tricks:
        return []
    return [s for s in range(deal.n) if any(a.act == "exchange" for a in deal.legal_actions(s))]


def next_decision(deal, players: Sequence[Player], table: Optional[Table] = None) -> tuple[int, Decision]:
    """The seat that acts next and its decision, asking as many seats as it takes."""
    table = table or Table(players)
    for _ in range(4 * deal.n + 4):
        step = table.step(deal)
        if step is None:
            raise ValueError("nobody is to act: the deal is over")
        if step.kind == "act" and step.decision is not None:
            return step.seat, step.decision
    raise RuntimeError("the table asked every seat and nobody moved")


def play_out(deal, players: Sequence[Player], table: Optional[Table] = None,
             on_decision: Optional[Callable[[int, Decision], None]] = None, max_actions: int = 500,
             until_show: bool = False, trusted: bool = False):
    """Let the players finish the deal (or, with until_show, play it up to the show); returns it.

    trusted: the players choose only among the moves `legal_actions` lists in the position (the
    rule-following player does), so each is pushed without asking the rules again."""
    table = table or Table(players)
    for _ in range(max_actions):
        if deal.phase.over or (until_show and deal.phase is SHOW):
            return deal
        seat, decision = next_decision(deal, players, table)
        if on_decision is not None:
            on_decision(seat, decision)
        if trusted:
            deal.push(decision.action)
        else:
            deal.apply(decision.action)
    raise RuntimeError("the players did not finish the deal")
