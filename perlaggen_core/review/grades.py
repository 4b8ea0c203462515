"""Grades by the expected points a decision lost, and why the better move was better.

Points are the seat's team's deal points minus the opponents', averaged over the guessed deals
played out. The loss is the best move's average less the taken move's, on the same guesses; a
grade is given on the loss less one standard error of that difference, so that a few unlucky
guesses do not brand a sound move (docs/review.md).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

from ..messages import Message, msg
from ..rules import FIGURES

# lower bounds of the (sure) loss in expected deal points, worst first
THRESHOLDS = {"blunder": 1.5, "mistake": 0.75, "inaccuracy": 0.3}
GRADES = ("best", "fine", "inaccuracy", "mistake", "blunder")   # graded; "forced" and "blind" are not
NOT_GRADED = ("forced", "blind")
BAD = ("inaccuracy", "mistake", "blunder")
CLEAR = 0.15          # a change of chances worth naming (15 in 100 guessed deals)
ABOUT_SHARE = 0.4     # the share of the gain that lets the figure a move is about explain it


def grade_of(loss: float, best_taken: bool) -> str:
    """The grade of a move that lost `loss` points (already less its noise)."""
    if best_taken:
        return "best"
    for grade, low in THRESHOLDS.items():
        if loss >= low:
            return grade
    return "fine"


def selection_z(choices: int) -> float:
    """How many standard errors the best of `choices` moves is ahead by luck alone, about:
    sqrt(2 ln k) for k noisy choices, between 1 (two choices) and 2."""
    return min(2.0, max(1.0, (2 * math.log(max(2, choices))) ** 0.5))


@dataclass
class Tally:
    """What one move gave over the guessed deals it was played out on."""

    margins: list[float] = field(default_factory=list)
    points: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0.0))
    won: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0))
    lost: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0))
    penalty: float = 0.0          # our penalty points less theirs (negative: we paid more)
    penalised: int = 0            # guesses in which our team paid a penalty
    trick: int = 0                # guesses in which our team took the trick of the move
    tricks: int = 0               # guesses in which that trick was completed

    @property
    def n(self) -> int:
        return len(self.margins)

    @property
    def mean(self) -> float:
        return sum(self.margins) / len(self.margins) if self.margins else float("-inf")


def paired(mine: list[float], other: list[float]) -> tuple[float, float]:
    """Mean of mine - other over the guesses both have, and its standard error."""
    diffs = [a - b for a, b in zip(mine, other)]
    n = len(diffs)
    if n == 0:
        return 0.0, float("inf")
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def why_better(taken: Tally, best: Tally, about: tuple[str, ...] = (), straf: bool = False,
               alone: bool = False, seat: int = 0) -> Message:
    """The plainest reason the better move scored more: the trick, a figure won or lost more
    often, a figure worth more, or a penalty avoided. A figure the two moves are `about` (a bet on
    it, an answer) is named when it makes a good part of the difference, even if not the most. With
    `straf` (Strafperlaggen) a penalty is the one for a figure bet, held or raised and not won; `alone`
    (a table without teams) speaks of the player, not a team; `seat`, the reviewed seat, is named."""
    n = min(taken.n, best.n)
    gains = {f: (best.points[f] - taken.points[f]) / n for f in FIGURES}
    gains["penalty"] = (best.penalty - taken.penalty) / n
    key = max(gains, key=lambda k: gains[k])
    total = sum(g for g in gains.values() if g > 0)
    named = [f for f in about if gains.get(f, 0) > 0.05 and gains[f] >= ABOUT_SHARE * total]
    if named and key not in about and gains["penalty"] < gains[key]:
        key = max(named, key=lambda f: gains[f])
    if gains[key] <= 0.05:
        return msg("review.why.overall")
    if key == "penalty":
        code = "review.why.straf" if straf else "review.why.penalty.alone" if alone else "review.why.penalty"
        return msg(code, seat=seat, taken_in=taken.penalised, better_in=best.penalised, of=n)
    if key == "spiel" and taken.tricks and best.tricks:
        took, could = taken.trick / taken.tricks, best.trick / best.tricks
        if could - took >= 2 * CLEAR:
            return msg("review.why.trick", taken_in=taken.trick, better_in=best.trick, of=n)
    ours = (best.won[key] - taken.won[key]) / n
    theirs = (taken.lost[key] - best.lost[key]) / n
    if ours >= CLEAR and ours >= theirs:
        return msg("review.why.wins.alone" if alone else "review.why.wins", seat=seat, figure=key,
                   taken_in=taken.won[key], better_in=best.won[key], of=n)
    if theirs >= CLEAR:
        return msg("review.why.loses", figure=key, taken_in=taken.lost[key], better_in=best.lost[key], of=n)
    return msg("review.why.worth.alone" if alone else "review.why.worth", seat=seat, figure=key, taken=round(taken.points[key] / n, 1),
               best=round(best.points[key] / n, 1))


def verdict(grade: str, better: Optional[Message], loss: float, why: Optional[Message]) -> Message:
    """The entry's reason: what was best, or what was better and why."""
    if grade == "forced":
        return msg("review.forced")
    if grade == "blind":
        return msg("review.blind")
    if grade == "best":
        return msg("review.best")
    if grade == "fine":
        return msg("review.fine", better=better, lost=round(loss, 1))
    return msg("review.better", better=better, lost=round(loss, 1), why=why)
