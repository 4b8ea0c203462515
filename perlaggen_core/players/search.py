"""Guessed deals for one seat at one moment, and candidate moves played out on them: the common
ground of the strong player (which keeps the best move) and the review (which grades the move
taken against the best one).

A guess deals the cards the seat cannot see to the other hands, fitting everything it knows
(sampler.py); each candidate move is applied to a copy of the guess and the rest of the deal is
played out by rule-following players.
"""
from __future__ import annotations

import random
from typing import Optional

from ..actions import Action
from ..deal import Deal
from ..messages import msg
from ..state import SHOW
from .base import Decision, Player
from .rule import RulePlayer
from .sampler import Sampler
from .table import Table, play_out

ANSWERS = ("good", "hold", "raise")
POLLED = msg("why.fallback")   # a reason nobody reads: the move stands in a table's poll


class Search:
    """The guesses and play-outs of one decision of `seat`.

    full_show: play the show out (rule-following players bet, contest and concede in it) instead
    of stopping at its start; the caller's `value` then reads a finished deal.
    poll: an answer to a bet, or "done" in the show, is the seat's word only: the table asks its
    partners too (the boldest answer counts; the turn ends when all are done), as a real table does.
    """

    def __init__(self, deal: Deal, seat: int, signals=None, rollout: Optional[Player] = None,
                 full_show: bool = False, poll: bool = False, pool: int = 8) -> None:
        self.deal = deal
        self.seat = seat
        self.team = deal.team(seat)
        self.sampler = Sampler(deal, seat, signals)
        self.players = [rollout or RulePlayer(sound=True, confer=True)] * deal.n
        self.full_show = full_show
        self.poll = poll
        self.pool = pool
        # the rule-following player picks among the listed moves: its play-outs skip the rules' check
        self.trusted = all(type(p) is RulePlayer for p in self.players)

    def guess(self, rng: random.Random) -> Optional[Deal]:
        """One guess of the hidden cards, replayed to the present (None if none fits)."""
        return self.sampler.sample(rng, self.pool)

    def play(self, root: Deal, action: Optional[Action]) -> Deal:
        """A copy of the guess with `action` applied (None: the seat lets the table go on) and
        the deal played out."""
        sim = root.clone()
        table = Table(self.players)
        table.asked = set(range(sim.n))    # the exchange offers were made before any decision
        if action is not None:
            if self.poll and self._polled(sim, action):
                table.poll, table.poll_at = {action.seat: Decision(action, POLLED)}, len(sim.actions)
            else:
                sim.apply(action)
        play_out(sim, self.players, table, until_show=not self.full_show, trusted=self.trusted)
        return sim

    def _polled(self, deal: Deal, action: Action) -> bool:
        if len(deal.seats_of(deal.team(action.seat))) < 2:
            return False
        if action.act in ANSWERS:
            return deal.answering_team == deal.team(action.seat)
        return action.act == "done" and deal.phase is SHOW


__all__ = ["Search"]
