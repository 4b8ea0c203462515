"""A game: a series of deals until a team reaches the target, the deal passing to the left.

The one place for moving on to the next deal: `Game.new_deal` (the dealer moves one seat to the
left, the scores carry over, the next seed comes from the game's seed).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional, Sequence

from .deal import Deal
from .errors import PerlaggenError
from .messages import msg
from .rules import Rules
from .start import Start
from .state import GAME_OVER, SCORED


def deal_seed(game_seed: int, number: int) -> int:
    """The seed of deal `number` (from 1) of a game with this seed."""
    rng = random.Random(game_seed)
    seed = 0
    for _ in range(number):
        seed = rng.randrange(2**31)
    return seed


class Game:
    """A game's parameters, the number of the current deal, and that deal."""

    def __init__(self, rules: Rules, seed: int = 0, target: Optional[int] = None, dealer: int = 0,
                 scores: Optional[Sequence[int]] = None) -> None:
        self.rules = rules
        self.target = rules.target if target is None else target
        self.seed = seed
        self.number = 1
        scores = tuple(scores) if scores is not None else (rules.start_score,) * rules.teams
        self.current = Deal.new(rules, deal_seed(seed, 1), dealer, scores, self.target)

    @classmethod
    def resume(cls, rules: Rules, seed: int, number: int, deal: Deal) -> "Game":
        """A game saved at its deal `number` (the deal as it stands)."""
        if deal.rules != rules or deal.seed not in (None, deal_seed(seed, number)):
            raise ValueError("the deal does not belong to this game")
        if deal.seed is None:   # a record carries cards, not the seed: the game's own deal gets it back
            seeded = Start.seeded(rules, deal_seed(seed, number), deal.dealer, tuple(deal.start_scores), deal.target)
            if seeded == replace(deal.start, seed=seeded.seed):
                again = Deal(seeded)
                for action in deal.actions:
                    again.apply(action)
                deal = again
        game = cls.__new__(cls)
        game.rules, game.target, game.seed, game.number, game.current = rules, deal.target, seed, number, deal
        return game

    @property
    def scores(self) -> list[int]:
        return self.current.scores

    @property
    def winner(self) -> Optional[int]:
        return self.current.game_winner

    def new_deal(self) -> Deal:
        """Start the next deal; the current one must be scored (and the game not over)."""
        last = self.current
        if last.phase is not SCORED:
            raise PerlaggenError(msg("game.over" if last.phase is GAME_OVER else "game.deal_running"))
        self.number += 1
        self.current = Deal.new(self.rules, deal_seed(self.seed, self.number), (last.dealer + 1) % self.rules.players,
                                last.scores, self.target)
        return self.current

    def replace_current(self, deal: Deal) -> None:
        """Put a changed copy of the current deal in its place (undo, or playing it again)."""
        if deal.start != self.current.start:
            raise ValueError("only the same deal can take the current one's place")
        self.current = deal
