"""The review of a finished sandbox deal: the engine's `Reviewer` worked in slices (the page
yields between them, so it never freezes), the deal's moves and the computer players' reasons by
their place in the deal, and the table as the human saw it at a decision. No DOM here."""
from __future__ import annotations

import time
from typing import Iterator, Optional

from perlaggen_core.review import Reviewer

from sandbox import HUMAN, SEATS, Sandbox, seat_label

REVIEW_SAMPLES = 20       # guessed deals per decision (the engine's default is for the command line)
SLICE_SECONDS = 0.03      # work between two pauses for the page


class DealReview:
    """The review of the human's decisions in the sandbox's current (finished) deal."""

    def __init__(self, game: Sandbox, samples: int = REVIEW_SAMPLES) -> None:
        self.number = game.number
        self.actions = len(game.deal.actions)
        self.reviewer = Reviewer(game.deal, HUMAN, game.signals, samples=samples, seed=game.seed or 0)
        self._work: Iterator[int] = self.reviewer.run()
        self.done = 0
        self.seconds = 0.0          # time spent working (the benchmark reads it)
        self.result: Optional[dict] = None

    @property
    def total(self) -> int:
        return self.reviewer.total

    @property
    def finished(self) -> bool:
        return self.result is not None

    def fits(self, game: Sandbox) -> bool:
        """Whether the review still belongs to the game's current deal as it stands."""
        return game.number == self.number and len(game.deal.actions) == self.actions and game.deal.phase.over

    def work(self, seconds: float = SLICE_SECONDS) -> bool:
        """Work for about `seconds` (one play-out at least); True once the review is complete."""
        if self.result is not None:
            return True
        start = time.perf_counter()
        try:
            while True:
                self.done = next(self._work)
                if time.perf_counter() - start >= seconds:
                    break
        except StopIteration:
            self.result = self.reviewer.result().to_dict()
            self.done = self.total
        self.seconds += time.perf_counter() - start
        return self.result is not None

    def decision(self) -> int:
        """Which of the human's decisions is being weighed (1-based), for the progress line."""
        if not self.reviewer.indices:
            return 0
        return min(len(self.reviewer.indices), self.done // max(1, self.reviewer.samples) + 1)


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
    view["seat_names"] = [seat_label(s) for s in range(SEATS)]
    return view


__all__ = ["DealReview", "REVIEW_SAMPLES", "SLICE_SECONDS", "moves", "view_at"]
