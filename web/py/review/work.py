"""A review of one seat's decisions worked in slices, for any page (no DOM): the page calls
`work()` between pauses (`await asyncio.sleep(0)`) and draws `done / total` as a progress bar.

    job = ReviewWork(deal, seat, signals, samples=20, seed=7)
    while not job.work(0.03):
        draw_progress(job.done, job.total); await asyncio.sleep(0)
    review.view.review_html(job.result, view, lines, title)
"""
from __future__ import annotations

import time
from typing import Iterator, Optional

from perlaggen_core import Deal
from perlaggen_core.review import Reviewer

SAMPLES = 20              # guessed deals per decision (the engine's default is for the command line)
SLICE_SECONDS = 0.03      # work between two pauses for the page


class ReviewWork:
    """The review of `seat` in `deal`, done a slice at a time; `result` is the review as data
    (`Review.to_dict()`)."""

    def __init__(self, deal: Deal, seat: int, signals=None, samples: int = SAMPLES, seed: int = 0) -> None:
        self.reviewer = Reviewer(deal, seat, signals, samples=samples, seed=seed)
        self._work: Iterator[int] = self.reviewer.run()
        self.done = 0
        self.seconds = 0.0          # time spent working (the benchmark reads it)
        self.longest = 0.0          # the longest slice
        self.result: Optional[dict] = None

    @property
    def total(self) -> int:
        return self.reviewer.total

    @property
    def decisions(self) -> int:
        return len(self.reviewer.indices)

    @property
    def finished(self) -> bool:
        return self.result is not None

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
        spent = time.perf_counter() - start
        self.seconds += spent
        self.longest = max(self.longest, spent)
        return self.result is not None

    def decision(self) -> int:
        """Which decision is being weighed (1-based), for the progress line."""
        if not self.decisions:
            return 0
        return min(self.decisions, self.done // max(1, self.reviewer.samples) + 1)


__all__ = ["ReviewWork", "SAMPLES", "SLICE_SECONDS"]
