"""The sandbox page's review panel (browser only): "Review this deal" works in slices that yield
to the page, with a progress bar; the graded list; a decision opened shows the table as it was
then, with "Play again from here".

The work and the data are in `sandbox.review` (no DOM), the HTML in `review.view`.
"""
from __future__ import annotations

import asyncio
import json
import time
from html import escape
from typing import Callable, Optional

from pyscript import document, window

from review import view as rv
from review.work import SAMPLES
from sandbox import view as sv
from common import tableview as tv
from common.i18n import _
from common.shell import by_id
from sandbox.controller import Sandbox
from sandbox.review import DealReview, moves, view_at


class ReviewPanel:
    """The review of the sandbox's finished deal, and the decision it has open (if any)."""

    def __init__(self, names: dict[str, str], on_done: Callable[[], None]) -> None:
        self.names = names
        self.on_done = on_done          # the page renders (and the benchmark goes on) when it is done
        self.review: Optional[DealReview] = None
        self.at: Optional[int] = None   # the decision whose table is shown
        self.running = False
        self.times: list[dict] = []     # per finished review: work and wall seconds (the benchmark)
        self.samples = SAMPLES          # guessed deals per decision (fewer only for the browser tests)

    # ------------------------------------------------------------------ state
    def check(self, game: Sandbox) -> None:
        """Forget a review that no longer belongs to the deal (played on, again, or the next one)."""
        if self.review is not None and not self.review.fits(game):
            self.review, self.at = None, None

    def start(self, game: Sandbox) -> None:
        if self.review is None and game.deal.phase.over:
            self.review = DealReview(game, samples=self.samples)
        if not self.running:
            self.running = True
            asyncio.ensure_future(self.run())

    async def run(self) -> None:
        started = time.perf_counter()
        review = self.review
        document.body.dataset.reviewState = "working"
        try:
            self.show_progress()
            while review is self.review and review is not None and not review.work():
                self.show_progress()
                await asyncio.sleep(0)       # the page paints and answers clicks between slices
            if review is self.review and review is not None:
                self.times.append({"work": round(review.seconds, 3), "wall": round(time.perf_counter() - started, 3),
                                   "slice": round(review.longest, 3),
                                   "decisions": review.decisions, "samples": review.reviewer.samples})
                window.perlaggenReviewTimes = json.dumps(self.times)
        finally:
            self.running = False
            document.body.dataset.reviewState = "done" if self.review and self.review.finished else "off"
            self.on_done()

    def open(self, index: int) -> None:
        self.at = index

    def close(self) -> None:
        self.at = None

    # ------------------------------------------------------------------ drawing
    def show_progress(self) -> None:
        review = self.review
        if review is None:
            return
        section = by_id("review")
        bar = by_id("review-bar")
        html = rv.progress_html(review.done, review.total, review.decision(), review.decisions)
        if not bar:                       # JS null is not None in Pyodide
            section.innerHTML = f'<h2 id="review-title">{_("Reviewing deal {n}", n=review.number)}</h2>' + html
            section.hidden = False
            return
        bar.value = review.done
        label = section.querySelector(".review-progress label")
        label.textContent = _("Weighing your decision {k} of {n}…", k=review.decision(),
                              n=review.decisions)

    def render(self, game: Sandbox) -> None:
        """The review section, and the table at the open decision in place of the live one."""
        self.check(game)
        section = by_id("review")
        if self.review is None:
            section.innerHTML, section.hidden = "", True
            document.body.dataset.reviewState = "off"
            return
        if not self.review.finished:
            return                        # the work loop draws the progress
        view = sv.reader(game)
        assert self.review.result is not None      # a finished review has its result
        section.innerHTML = rv.review_html(self.review.result, view, moves(game),
                                           _("Review of deal {n}", n=self.review.number),
                                           sv.deal_end_html(view, self.names))
        section.hidden = False
        for button in section.querySelectorAll(f'[data-review="{self.at}"]') if self.at is not None else []:
            button.setAttribute("aria-current", "true")
        if self.at is not None:
            self.render_board(game)

    def render_board(self, game: Sandbox) -> None:
        """The table and hand as the human saw them just before the open decision."""
        index, result = self.at, self.review.result if self.review else None
        if index is None or result is None:
            return
        view = view_at(game, index)
        entry = rv.by_index(result).get(index)
        move = rv.move_text(entry, view, rv.told_at(moves(game), index)) if entry else ""
        by_id("table").innerHTML = tv.table_html(view, self.names)
        by_id("hand").innerHTML = tv.hand_html(view, self.names, enabled=False)
        by_id("legend").innerHTML = tv.perlaggen_legend(view, self.names)
        by_id("figures").innerHTML = tv.figures_html(view, [])
        by_id("status").textContent = _("The table just before your move: {move}", move=move)
        verdict = (f'<p class="review-board-note">{rv.grade_badge(entry["grade"])} '
                   f'{escape(rv.reason_text(entry, view))}</p>') if entry else ""
        by_id("actions").innerHTML = (
            f'<div class="moves review-board">{verdict}'
            + sv.button(_("Play again from here"), 'data-do="play-from"', "action primary")
            + sv.button(_("Back to the end of the deal"), 'data-do="review-back"') + "</div>")
        document.body.dataset.phase = "review"


__all__ = ["ReviewPanel"]
