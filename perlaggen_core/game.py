"""A game: a series of deals until a team reaches the target, the deal passing to the left.

The one place for moving on to the next deal: `Game.new_deal` (the dealer moves one seat to the
left, the scores carry over, the next seed comes from the game's seed), and for Strafperlaggen's
play-on for second place after a game: `Game.play_on` (ruling 27).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from .deal import Deal
from .errors import PerlaggenError
from .messages import msg
from .rules import Rules, get_rules
from .start import Start
from .state import GAME_OVER, SCORED

STRAF, PLAY_ON = "straf", "straf-2"   # the game that may be played on, and its play-on


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
                 scores: Optional[Sequence[int]] = None, before_cut: bool = False) -> None:
        self.rules = rules
        self.target = rules.target if target is None else target
        self.seed = seed
        self.number = 1
        self.before_cut = before_cut     # every deal begins before the cut (the blind-bet window)
        scores = tuple(scores) if scores is not None else (rules.start_score,) * rules.teams
        self.current = self._deal(1, dealer, scores)

    def _deal(self, number: int, dealer: int, scores: Sequence[int]) -> Deal:
        return Deal(Start.seeded(self.rules, deal_seed(self.seed, number), dealer, tuple(scores), self.target,
                                 self.before_cut))

    @classmethod
    def resume(cls, rules: Rules, seed: int, number: int, deal: Deal) -> "Game":
        """A game saved at its deal `number` (the deal as it stands)."""
        if deal.rules != rules or deal.seed not in (None, deal_seed(seed, number)):
            raise ValueError("the deal does not belong to this game")
        if deal.seed is None:   # a record carries cards, not the seed: the game's own deal gets it back
            seeded = Start.seeded(rules, deal_seed(seed, number), deal.dealer, tuple(deal.start_scores), deal.target,
                                  deal.start.before_cut)
            if seeded == replace(deal.start, seed=seeded.seed):
                again = Deal(seeded)
                for action in deal.actions:
                    again.apply(action)
                deal = again
        game = cls.__new__(cls)
        game.rules, game.target, game.seed, game.number, game.current = rules, deal.target, seed, number, deal
        game.before_cut = deal.start.before_cut
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
        self.current = self._deal(self.number, (last.dealer + 1) % self.rules.players, last.scores)
        return self.current

    def play_on(self) -> "PlayOn":
        """Strafperlaggen's play-on for second place (ruling 27; source: "the game can be continued
        between the other two players ... The rules are the same, and the turn to deal alternates
        between the remaining players").

        - Players: everyone but the winner, in their seat order: play-on seat i is original seat
          `seats[i]`.
        - Scores: each keeps the points left to count down (the game is continued, not restarted);
          the first of the two to reach 0 takes second place.
        - Dealer: the next dealer in the game's rotation. When that would have been the winner, the
          source has the winner deal that hand for the two, the player on the winner's left playing
          first; with two seats the leader is the dealer's other, so the play-on's dealer is the
          player on the winner's right and its leader the one on the winner's left. The turn to deal
          then alternates (`new_deal`), as from the winner's deal.
        - The first deal only: the leader also has the dealer's exchange right (`leader_exchanges`).

        Refused with "play_on.not_straf" unless this is a three-player `straf` game, and with
        "play_on.not_over" until it has a winner."""
        if self.rules.name != STRAF:
            raise PerlaggenError(msg("play_on.not_straf", rules=self.rules.name))
        winner = self.winner
        if winner is None:
            raise PerlaggenError(msg("play_on.not_over"))
        n = self.rules.players
        seats = tuple(s for s in range(n) if s != winner)
        dealer = (self.current.dealer + 1) % n
        if dealer == winner:
            dealer = (winner - 1) % n
        game = Game(get_rules(PLAY_ON), seed=deal_seed(self.seed, self.number + 1), target=self.target,
                    dealer=seats.index(dealer), scores=[self.scores[s] for s in seats], before_cut=self.before_cut)
        game.current = Deal(replace(game.current.start, leader_exchanges=True))
        return PlayOn(game, (seats[0], seats[1]), winner)

    def replace_current(self, deal: Deal) -> None:
        """Put a changed copy of the current deal in its place (undo, or playing it again)."""
        if deal.start != self.current.start:
            raise ValueError("only the same deal can take the current one's place")
        self.current = deal


@dataclass(frozen=True)
class PlayOn:
    """Strafperlaggen's play-on: the two-player game, and for each of its seats the seat the player
    had in the finished game (`seats[i]` is play-on seat i); `winner` is the first place's seat."""

    game: Game
    seats: tuple[int, int]
    winner: int

    def original(self, seat: int) -> int:
        """The finished game's seat of play-on seat `seat`."""
        return self.seats[seat]

    def seat_of(self, original: int) -> Optional[int]:
        """The play-on seat of the finished game's seat `original` (None for the winner)."""
        return self.seats.index(original) if original in self.seats else None
