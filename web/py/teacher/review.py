"""The review of a scenario's play on the teacher page (no DOM, so it runs under CPython in the
tests): which seat to review, why one cannot be, the work in slices, and the HTML of the control,
the progress, the summary and the reason beside the note.

The engine reviews every decision a seat made up to the scenario's last move, whether the deal
ends there or not: each one is played out to the end on guessed deals (perlaggen_core.review).
A seat that makes no move has nothing to review. `ReviewWork` is imported when a review starts:
it brings the computer players, which a teacher who only presents never needs.
"""
from __future__ import annotations

from html import escape
from typing import Optional

from review import view as rv
from teacher import view as tview
from common.i18n import _, ngettext
from perlaggen_core import Message
from teacher.presenter import Presenter

SEED = 0          # the same scenario and seat always get the same review


def decisions(p: Presenter, seat: int) -> int:
    """How many moves `seat` makes in the scenario."""
    return sum(1 for move in p.replay.moves if move.action.seat == seat)


def default_seat(p: Presenter) -> int:
    """The seat at the bottom of the table, unless it makes no move (then the first that does)."""
    if decisions(p, p.scenario.bottom):
        return p.scenario.bottom
    return next((s for s in range(p.players) if decisions(p, s)), p.scenario.bottom)


def refusal(p: Presenter, seat: int) -> Optional[str]:
    """Why `seat`'s play cannot be reviewed, or None."""
    if not decisions(p, seat):
        return _("{seat} makes no move in this scenario: there is nothing to review.", seat=p.names[seat])
    return None


def scope_text(p: Presenter) -> str:
    """What a review covers: the whole deal, or the moves up to where the scenario stops."""
    if p.replay.deal(p.last).phase.over:
        return _("Each move is weighed against the others the player had, on guessed deals that fit what the player knew.")
    return _("The scenario stops before the end of the deal: each move up to its last step is weighed by playing the deal out on guessed deals.")


class ScenarioReview:
    """The review of one seat's moves in the scenario, worked a slice at a time."""

    def __init__(self, p: Presenter, seat: int, samples: Optional[int] = None) -> None:
        from review.work import SAMPLES, ReviewWork   # the computer players come with it
        self.seat = seat
        self.name = p.names[seat]
        self.job = ReviewWork(p.replay.deal(p.last), seat, None, samples=samples or SAMPLES, seed=SEED)

    @property
    def finished(self) -> bool:
        return self.job.finished

    @property
    def result(self) -> Optional[dict]:
        return self.job.result

    def work(self, seconds: Optional[float] = None) -> bool:
        return self.job.work() if seconds is None else self.job.work(seconds)

    def entry_at(self, step: int) -> Optional[dict]:
        """The graded entry of the move that led to `step` (None: another seat's, or not done yet)."""
        if not self.result or step < 1:
            return None
        return rv.by_index(self.result).get(step - 1)

    def progress_label(self) -> str:
        return _("Weighing decision {k} of {n} by {seat}…", k=self.job.decision(), n=self.job.decisions,
                 seat=self.name)


# ---------------------------------------------------------------------- HTML
def tool_html(p: Presenter, seat: int, review: Optional[ScenarioReview]) -> str:
    """The control: "Review the play of [seat]", the button, and what it covers or why not."""
    working = review is not None and not review.finished
    why = refusal(p, seat)
    options = "".join(f'<option value="{s}"{" selected" if s == seat else ""}>{escape(p.names[s])}</option>'
                      for s in range(p.players))
    shown = review is not None and review.finished and review.seat == seat
    start = (f'<button type="button" data-do="review" aria-describedby="review-why"'
             f'{" disabled" if why or working or shown else ""}>{escape(_("Start the review"))}</button>')
    hide = ""
    if review is not None:
        hide = (f'<button type="button" data-do="review-hide">'
                f'{escape(_("Stop the review") if working else _("Hide the review"))}</button>')
    return (f'<div class="t-review-tool"><label>{escape(_("Review the play of"))} <select id="review-seat"'
            f'{" disabled" if working else ""}>{options}</select></label>{start}{hide}'
            f'<p id="review-why" class="t-why">{escape(why or scope_text(p))}</p></div>')


def summary_text(review: ScenarioReview) -> str:
    result = review.result
    assert result is not None     # a summary is asked for only once the review is done
    head = ngettext("{seat}: {n} decision reviewed:", "{seat}: {n} decisions reviewed:",
                    len(result["entries"]), seat=review.name)
    return rv.summary_text(result, head)


def panel_html(p: Presenter, review: Optional[ScenarioReview], view: dict) -> str:
    """Beside the note: the progress while the review works; then the count of grades and, on a
    reviewed move, its grade, the better move and why."""
    if review is None:
        return ""
    if not review.finished:
        return rv.progress_html(review.job.done, review.job.total, review.job.decision(), review.job.decisions,
                                review.progress_label())
    parts = [f'<p class="review-summary">{escape(summary_text(review))}</p>']
    entry = review.entry_at(p.step)
    if entry is not None:
        reason = rv.sentence(tview.say(Message.from_dict(entry["reason"]), view))
        parts.append(f'<div class="t-verdict" data-grade="{escape(entry["grade"])}">'
                     f'<h2>{escape(_("Review of the move of {seat}", seat=review.name))}</h2>'
                     f'<p>{rv.grade_badge(entry["grade"])} {escape(reason)}</p></div>')
    else:
        parts.append(f'<p class="quiet">{escape(_("Go to a move of {seat} to read its review.", seat=review.name))}</p>')
    return "".join(parts)


__all__ = ["ScenarioReview", "decisions", "default_seat", "panel_html", "refusal", "scope_text", "summary_text",
           "tool_html"]
