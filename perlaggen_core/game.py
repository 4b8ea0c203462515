"""A game: a series of deals until a team reaches the target, the deal passing to the left.

The one place for moving on to the next deal: `Game.new_deal` (the dealer moves one seat to the
left, the scores carry over, the next seed comes from the game's seed).
"""
from __future__ import annotations

import random
from typing import Optional

from .deal import Deal
from .errors import PerlaggenError
from .messages import msg
from .rules import Rules
from .state import GAME_OVER, SCORED


def deal_seed(game_seed: int, number: int) -> int:
    """The seed of deal `number` (from 1) of a game with this seed."""
    rng = random.Random(game_seed)
    seed = 0
    for _ in range(number):
        seed = rng.randrange(2**31)
    return seed


class Game:
    """Game parameters and the deals played so far."""

    def __init__(self, rules: Rules, seed: int = 0, target: Optional[int] = None, dealer: int = 0) -> None:
        self.rules = rules
        self.target = target or rules.target
        self.seed = seed
        self.first_dealer = dealer
        self.deals: list[Deal] = []
        self.new_deal()

    @property
    def current(self) -> Deal:
        return self.deals[-1]

    @property
    def number(self) -> int:
        """The current deal's number, from 1."""
        return len(self.deals)

    @property
    def scores(self) -> list[int]:
        return self.current.scores

    @property
    def winner(self) -> Optional[int]:
        return self.current.game_winner

    def new_deal(self) -> Deal:
        """Start the next deal; the previous one must be scored (and the game not over)."""
        if self.deals:
            last = self.current
            if last.phase is not SCORED:
                raise PerlaggenError(msg("game.over" if last.phase is GAME_OVER else "game.deal_running"))
            dealer, scores = (last.dealer + 1) % self.rules.players, last.scores
        else:
            dealer, scores = self.first_dealer, [0] * self.rules.teams
        deal = Deal.new(self.rules, deal_seed(self.seed, self.number + 1), dealer, scores, self.target)
        self.deals.append(deal)
        return deal

    def replace_current(self, deal: Deal) -> None:
        """Put a changed copy of the current deal in its place (undo, or playing it again)."""
        if deal.start != self.current.start:
            raise ValueError("only the same deal can take the current one's place")
        self.deals[-1] = deal
