"""Strafperlaggen's play-on for second place in the sandbox, as data the game keeps and saves.

The engine decides everything (`Game.play_on`: who plays on, their scores, the dealer, the
leader's exchange right); the sandbox keeps only what it needs to name the seats and to resume a
saved play-on: each play-on seat's seat in the finished game, the winner, the play-on's seed and
the finished game's last scores.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from perlaggen_core import Game, PerlaggenError, PlayOn

from common.i18n import N_


@dataclass(frozen=True)
class PlayOnSeats:
    seats: tuple[int, int]         # the finished game's seats of play-on seats 0 and 1
    winner: int                    # the finished game's seat that took first place
    seed: int                      # the play-on game's seed (its deals' seeds come from it)
    first_scores: tuple[int, ...]  # the finished game's last scores, by its seats

    @classmethod
    def of(cls, on: PlayOn, finished: Game) -> "PlayOnSeats":
        return cls(on.seats, on.winner, on.game.seed, tuple(finished.scores))

    def original(self, seat: int) -> int:
        """The finished game's seat of play-on seat `seat`."""
        return self.seats[seat]

    def to_dict(self) -> dict:
        return {"seats": list(self.seats), "winner": self.winner, "seed": self.seed,
                "first_scores": list(self.first_scores)}

    @classmethod
    def from_dict(cls, data: dict) -> "PlayOnSeats":
        seats = tuple(int(s) for s in data["seats"])
        if len(seats) != 2:
            raise ValueError("a play-on has two seats")
        return cls((seats[0], seats[1]), int(data["winner"]), int(data["seed"]),
                   tuple(int(s) for s in data["first_scores"]))


def engine_play_on(game: Game) -> Optional[PlayOn]:
    """The engine's play-on of this game, or None where the engine refuses it (not over, not straf)."""
    try:
        return game.play_on()
    except PerlaggenError:
        return None


STARTED = N_("The play-on for second place begins: the two of you go on with the points you had left.")


__all__ = ["STARTED", "PlayOnSeats", "engine_play_on"]
