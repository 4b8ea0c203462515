"""A game: a series of deals until a team reaches the target, the deal passing to the left."""
from __future__ import annotations

import random
from typing import Optional

from .deal import Deal
from .rules import Rules


class Game:
    """Game parameters and the deals played so far (OpenSpiel's Game and State, in one)."""

    def __init__(self, rules: Rules, seed: int = 0, target: Optional[int] = None, dealer: int = 0) -> None:
        self.rules = rules
        self.target = target or rules.target
        self.seed = seed
        self._rng = random.Random(seed)
        self.deals: list[Deal] = []
        self.first_dealer = dealer
        self.new_deal()

    @property
    def current(self) -> Deal:
        return self.deals[-1]

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
            if last.phase != "scored":
                raise ValueError("the current deal is not finished" if last.phase != "game_over"
                                 else "the game is over")
            dealer, scores = (last.dealer + 1) % self.rules.players, last.scores
        else:
            dealer, scores = self.first_dealer, [0] * self.rules.teams
        deal = Deal.new(self.rules, self._rng.randrange(2**31), dealer, scores, self.target)
        self.deals.append(deal)
        return deal
