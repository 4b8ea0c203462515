"""The verifier: a puzzle's decision weighed again, deeper and on other seeds, with every move the
review weighs there plus the puzzle's own wrong answers; it agrees when the best move found is an
answer and every wrong answer still falls below it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..deal import Deal
from ..signals import SignalLog
from .measure import weigh
from .model import Puzzle

DEPTH = 64            # guessed deals per seed
SEEDS = (101, 102)    # other seeds than the generator's


@dataclass
class Check:
    """What the verifier found for one puzzle."""

    id: str
    agrees: bool               # the best move found at depth is an answer on every seed
    margin: float              # the least any other move fell below the best answer (negative: one beat it)
    wrong_below: bool          # every stored wrong answer scored below the answer on every seed

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "agrees": self.agrees, "margin": round(self.margin, 2), "wrong_below": self.wrong_below}


def verify(puzzle: Puzzle, samples: int = DEPTH, seeds: tuple[int, ...] = SEEDS) -> Check:
    deal = Deal.from_record(puzzle.record)
    signals = SignalLog.from_list(puzzle.signals)
    moves = [*puzzle.answers, *(w.action for w in puzzle.wrong)]
    agrees, wrong_below, margin = True, True, float("inf")
    for seed in seeds:
        w = weigh(deal, puzzle.seat, signals, moves, samples, seed)
        best = w.best()
        places = [i for i, o in enumerate(w.options) if o in puzzle.answers]
        answer = max(places, key=lambda i: w.tallies[i].mean)
        agrees &= w.options[best] in puzzle.answers
        for i, option in enumerate(w.options):
            if option in puzzle.answers or not w.tallies[i].n:
                continue
            behind = w.behind(answer, i)
            margin = min(margin, behind)
            if any(x.action == option for x in puzzle.wrong) and behind <= 0:
                wrong_below = False
    return Check(puzzle.id, agrees, margin, wrong_below)
