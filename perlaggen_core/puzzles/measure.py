"""Weighing a decision for a puzzle with the review's own machinery (review.reviewer.Weighing: the
guessed deals honour what the seat knew, every choice is played out by sound rule-following players
on the same guesses), over independent seeds; and what it takes for a position to be a puzzle."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..actions import Action
from ..deal import Deal
from ..messages import Message, msg
from ..review.grades import Tally, paired, why_better
from ..review.reviewer import Weighing
from ..signals import SignalLog

MARGIN = 0.5      # the answer beats every other move by at least this many expected deal points
SAME = 0.05       # a move within this of the answer is another answer (a Perlagg's name that changes nothing)


@dataclass
class Weighed:
    """One seed's weighing: the moves and what each gave on the guessed deals."""

    options: list[Optional[Action]]
    tallies: list[Tally]

    def index(self, action: Optional[Action]) -> Optional[int]:
        return self.options.index(action) if action in self.options else None

    def best(self) -> int:
        full = max(t.n for t in self.tallies)
        return max((i for i, t in enumerate(self.tallies) if t.n == full), key=lambda i: self.tallies[i].mean)

    def behind(self, best: int, i: int) -> float:
        """How far move i falls below the best, on the guesses both were played out on."""
        return paired(self.tallies[best].margins, self.tallies[i].margins)[0]


def weigh(deal: Deal, seat: int, signals: SignalLog, moves: Sequence[Action], samples: int, seed: int) -> Weighed:
    """Every move the review weighs at this decision, `moves` added (the first is the one treated as
    taken: it is never pruned), played out on `samples` guessed deals of `seed`."""
    weighing = Weighing(deal, moves[0], signals, samples, seed, None)
    for move in moves[1:]:
        if move not in weighing.options:
            weighing.options.append(move)
            weighing.tallies.append(Tally())
            weighing.active.append(len(weighing.options) - 1)
    while not weighing.finished:
        weighing.step()
    return Weighed(list(weighing.options), weighing.tallies)


@dataclass
class Verdict:
    """A position judged over several seeds: the answers, every other action's cost (the mean over
    the seeds of how far it fell below the best), the smallest gap, and the weighings."""

    answers: list[Action]
    costs: dict[Action, float]
    gap: float
    weighings: list[Weighed]


def judge(weighings: list[Weighed]) -> Optional[Verdict]:
    """The answers if every seed agrees on them and puts every other move at least MARGIN below;
    None otherwise (or when the best is no move at all: letting the play go on)."""
    answers: Optional[set] = None
    costs: dict[Action, list[float]] = {}
    gap = float("inf")
    for w in weighings:
        best = w.best()
        if w.options[best] is None or w.tallies[best].n < 2:
            return None
        these = set()
        for i, option in enumerate(w.options):
            if not w.tallies[i].n:
                continue
            behind = w.behind(best, i) if i != best else 0.0
            if behind <= SAME:
                if option is None:
                    return None
                these.add(option)
            elif behind < MARGIN:
                return None
            else:
                gap = min(gap, behind)
                if option is not None:
                    costs.setdefault(option, []).append(behind)
        if answers is not None and these != answers:
            return None
        answers = these
    assert answers is not None
    order = [o for o in weighings[0].options if o is not None and o in answers]
    return Verdict(order, {a: sum(c) / len(c) for a, c in costs.items() if a not in answers}, gap, weighings)


PUZZLE_WHY = {"review.why.overall": "puzzle.why.overall", "review.why.trick": "puzzle.why.trick",
              "review.why.wins": "puzzle.why.wins", "review.why.wins.alone": "puzzle.why.wins.alone",
              "review.why.loses": "puzzle.why.loses", "review.why.worth": "puzzle.why.worth",
              "review.why.worth.alone": "puzzle.why.worth.alone", "review.why.penalty": "puzzle.why.penalty",
              "review.why.penalty.alone": "puzzle.why.penalty.alone", "review.why.straf": "puzzle.why.straf"}


def explanation(deal: Deal, seat: int, verdict: Verdict, worse: Action) -> Message:
    """Why the answer beats `worse` (the tempting move), from the first seed's play-outs: the review's
    reason (review.grades.why_better) in the puzzle's words, addressed to the solver."""
    from ..narrate import doing
    w = verdict.weighings[0]
    answer = verdict.answers[0]
    best, other = w.index(answer), w.index(worse)
    assert best is not None and other is not None
    about = tuple(dict.fromkeys(o.figure for o in (answer, worse) if o.figure))
    why = why_better(w.tallies[other], w.tallies[best], about, straf=deal.rules.count_down,
                     alone=deal.n_teams == deal.n, seat=seat)
    why = Message(PUZZLE_WHY[why.code], why.params)
    return msg("puzzle.explain", better=doing(answer), move=doing(worse), lost=round(verdict.costs[worse], 1),
               why=why)
