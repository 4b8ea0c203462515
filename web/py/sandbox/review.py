"""The review of a finished sandbox deal: the human's decisions reviewed in slices (`ReviewWork`;
the page yields between them, so it never freezes), the deal's moves and the computer players'
reasons by their place in the deal, and the table as the human saw it at a decision. No DOM here."""
from __future__ import annotations

from review.work import SAMPLES, ReviewWork
from sandbox.controller import HUMAN, Sandbox


class DealReview(ReviewWork):
    """The review of the human's decisions in the sandbox's current (finished) deal."""

    def __init__(self, game: Sandbox, samples: int = SAMPLES) -> None:
        super().__init__(game.deal, HUMAN, game.signals, samples=samples, seed=game.seed or 0)
        self.number = game.number
        self.actions = len(game.deal.actions)

    def fits(self, game: Sandbox) -> bool:
        """Whether the review still belongs to the game's current deal as it stands."""
        return game.number == self.number and len(game.deal.actions) == self.actions and game.deal.phase.over


def moves(game: Sandbox) -> dict[int, dict]:
    """The current deal's moves from the log by their place in the deal: the told move and, for a
    computer player, its reason (a move taken back and made again keeps its latest line)."""
    out: dict[int, dict] = {}
    for entry in game.log.entries:
        if entry["deal"] == game.number and entry["kind"] == "act" and "at" in entry:
            out[entry["at"]] = entry
    return {i: e for i, e in out.items() if i < len(game.deal.actions)}


def view_at(game: Sandbox, index: int) -> dict:
    """The human's view of the table just before action `index`, with the sandbox's seat names."""
    view = game.deal.copy_before(index).view(HUMAN)
    view["seat_names"] = [game.seat_label(s) for s in range(game.seats)]
    return view


__all__ = ["DealReview", "moves", "view_at"]
