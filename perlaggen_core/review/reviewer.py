"""Reviewing one seat's decisions in a finished deal, one guessed deal at a time (so a page can do
the work in slices and show its progress)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator, Optional

from ..actions import Action
from ..deal import Deal
from ..messages import Message, msg
from ..narrate import doing
from ..players.base import Player
from ..players.rule import RulePlayer
from ..players.sampling import outcome
from ..players.search import Search
from ..rules import FIGURES
from ..signals import SignalLog
from ..state import AUS, WON
from .grades import BAD, Tally, grade_of, paired, selection_z, verdict, why_better
from .options import Option, options_for

SAMPLES = 32          # guessed deals per decision
PRUNE_AFTER = 8       # guesses before clearly worse moves stop being played out
MAX_FAILURES = 6      # guesses that may fail to fit before a decision is judged on what it has
SAME_KIND_SHARE = 0.6  # a card instead of the best move, when it gains this share of the best's gain
POOL = 24             # guesses drawn for each one kept, by how well it fits the bets and answers


@dataclass(frozen=True)
class Choice:
    """One move weighed at a decision: its expected points and how many guesses it was played on."""

    action: Option
    points: float
    samples: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict() if self.action else None, "points": round(self.points, 2),
                "samples": self.samples}


@dataclass(frozen=True)
class Entry:
    """One decision of the reviewed seat: the move taken, the best one found, and the grade."""

    index: int                    # the action's place in the deal
    action: Action
    grade: str                    # see grades.GRADES and NOT_GRADED
    reason: Message
    taken: Optional[float] = None         # expected points of the move taken
    best: Option = None                   # the best move found (None: keeping the cards / no move)
    best_points: Optional[float] = None
    loss: float = 0.0                     # best_points - taken (before the noise allowance)
    samples: int = 0
    choices: tuple[Choice, ...] = ()

    @property
    def graded(self) -> bool:
        return self.taken is not None

    def better(self) -> Optional[Message]:
        return option_message(self.best, self.action) if self.graded else None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "action": self.action.to_dict(), "grade": self.grade,
                "reason": self.reason.to_dict(),
                "taken_points": None if self.taken is None else round(self.taken, 2),
                "best": self.best.to_dict() if self.best else None,
                "best_move": better.to_dict() if (better := self.better()) is not None else None,
                "best_points": None if self.best_points is None else round(self.best_points, 2),
                "loss": round(self.loss, 2), "samples": self.samples,
                "choices": [c.to_dict() for c in self.choices]}


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in a deal, in the order they were made."""

    seat: int
    samples: int
    seed: int
    entries: tuple[Entry, ...]

    def costliest(self, count: int = 3) -> list[Entry]:
        """The graded-bad decisions that lost the most, worst first."""
        bad = [e for e in self.entries if e.grade in BAD]
        return sorted(bad, key=lambda e: -e.loss)[:count]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.grade] = out.get(e.grade, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "samples": self.samples, "seed": self.seed, "counts": self.counts(),
                "costliest": [e.index for e in self.costliest()],
                "entries": [e.to_dict() for e in self.entries]}


def option_message(option: Option, taken: Action) -> Message:
    """A move in words as something to do; no move is letting play go on."""
    return doing(option) if option is not None else msg("review.wait")


class Weighing:
    """One decision being weighed: its moves played out on one guessed deal per step."""

    def __init__(self, before: Deal, action: Action, signals, samples: int, seed: int,
                 rollout: Optional[Player]) -> None:
        index = self.index = len(before.actions)
        self.action = action
        self.seat = action.seat
        self.team = before.team(self.seat)
        self.straf = before.rules.count_down         # penalties for bets not won, not for a missing example
        self.alone = before.n_teams == before.n       # no partners: "you", not "your team"
        # exactly what the seat knew: the signs it saw (its partners', the opponents' it caught)
        # made before the decision
        log = signals if isinstance(signals, SignalLog) else SignalLog.from_list(signals or ())
        known = log.seen_by(before, self.seat).before(index)
        self.options = options_for(before, self.seat, self.action, known)
        self.search = Search(before, self.seat, known, rollout, full_show=True, pool=POOL)
        self.trick = self._trick(before)
        self.rng = random.Random(f"review/{seed}/{index}")
        self.samples = samples
        self.tallies = [Tally() for _ in self.options]
        self.active = list(range(len(self.options)))
        self.failures = 0
        self.done = 0

    @staticmethod
    def _trick(deal: Deal) -> Optional[int]:
        return None if deal.phase.value != "play" else len(deal.tricks) - (deal.current_trick is not None)

    @property
    def finished(self) -> bool:
        return self.done >= self.samples or self.failures > MAX_FAILURES or len(self.options) < 2

    def step(self) -> None:
        """Play every move still in the running out on one more guessed deal."""
        for _ in self.work():
            pass

    def work(self) -> Iterator[None]:
        """`step`, pausing after every play-out (a page does the work in slices)."""
        root = self.search.guess(self.rng)
        # a guess where a move the seat had is refused contradicts what the seat saw: drawn again
        if root is None or any(not root.can(option) for option in (self.options[i] for i in self.active) if option):
            self.failures += 1
            return
        yield
        for i in self.active:
            self._count(self.tallies[i], self.search.play(root, self.options[i]))
            yield
        self.done += 1
        if self.done >= PRUNE_AFTER:
            self._prune()

    def _count(self, tally: Tally, sim: Deal) -> None:
        team = self.team
        tally.margins.append(outcome(sim, team))
        failed = {p.team for p in sim.penalties if p.kind == "no_example"}
        for name in FIGURES:
            fig = sim.figs[name]
            if fig.status is not WON or fig.winner is None or fig.winner in failed:
                continue
            value = max(0, sim.target - sim.start_scores[fig.winner]) if fig.value == AUS else fig.value
            if fig.winner == team:
                tally.points[name] += value
                tally.won[name] += 1
            else:
                tally.points[name] -= value
                tally.lost[name] += 1
        sign = -1 if sim.rules.count_down else 1      # counting down, penalty points are added: negative here
        ours = sign * sum(p.points for p in sim.penalties if p.team == team)
        tally.penalty += ours - sign * sum(p.points for p in sim.penalties if p.team != team)
        tally.penalised += ours < 0
        winner = sim.tricks[self.trick].winner if self.trick is not None and self.trick < len(sim.tricks) else None
        if winner is not None:
            tally.tricks += 1
            tally.trick += sim.team(winner) == team

    def _prune(self) -> None:
        """Stop playing out moves clearly worse than the leader (the move taken always stays)."""
        leader = max(self.active, key=lambda i: self.tallies[i].mean)
        keep = []
        for i in self.active:
            if i in (0, leader):
                keep.append(i)
                continue
            mean, spread = paired(self.tallies[i].margins, self.tallies[leader].margins)
            if mean > -max(0.5, 2.5 * spread):
                keep.append(i)
        self.active = keep

    def _same_kind(self, option: Option) -> bool:
        return option is not None and option.act == self.action.act == "play"

    def entry(self) -> Entry:
        if len(self.options) < 2:
            return Entry(self.index, self.action, "forced", verdict("forced", None, 0.0, None))
        taken = self.tallies[0]
        if taken.n == 0:     # nothing fitted what the seat knew: nothing to judge by
            return Entry(self.index, self.action, "forced", verdict("forced", None, 0.0, None))
        full = [i for i in range(len(self.options)) if self.tallies[i].n == taken.n]
        best = max(full, key=lambda i: (self.tallies[i].mean, i == 0))
        same = [i for i in full if self._same_kind(self.options[i])]
        if same and best not in same:
            # a card is told against the best card when that does most of the good (a bet on
            # top of it is a second lesson): "play the Weli as the Ace", not "bet the Gleich"
            card = max(same, key=lambda i: (self.tallies[i].mean, i == 0))
            gain = self.tallies[best].mean - taken.mean
            if self.tallies[card].mean - taken.mean >= SAME_KIND_SHARE * gain:
                best = card
        loss, spread = paired(self.tallies[best].margins, taken.margins)
        # the best of many moves looks better than it is (its luck is picked with it): the sure loss
        # takes off as many standard errors as the luckiest of that many would be ahead by chance
        grade = grade_of(max(0.0, loss - selection_z(len(full)) * spread), best == 0 or loss <= 1e-9)
        better = option_message(self.options[best], self.action)
        about = tuple(dict.fromkeys(o.figure for o in (self.action, self.options[best]) if o and o.figure))
        why = (why_better(taken, self.tallies[best], about, straf=self.straf,
                          alone=self.alone, seat=self.seat)
               if grade not in ("best", "fine") else None)
        choices = tuple(Choice(o, t.mean, t.n) for o, t in zip(self.options, self.tallies) if t.n)
        return Entry(self.index, self.action, grade, verdict(grade, better, loss, why), taken.mean,
                     self.options[best], self.tallies[best].mean, max(0.0, loss), taken.n, choices)


class Reviewer:
    """The review of `seat`'s decisions in `deal` (finished or not), worked out bit by bit: `run()`
    yields, after every play-out, how many of `total` guessed deals are done (the same number
    again until the next one is)."""

    def __init__(self, deal: Deal, seat: int, signals=None, samples: int = SAMPLES, seed: int = 0,
                 rollout: Optional[Player] = None) -> None:
        self.deal = deal
        self.seat = seat
        self.samples = samples
        self.seed = seed
        self.signals = signals if isinstance(signals, SignalLog) else SignalLog.from_list(signals or ())
        self.rollout = rollout
        self.indices = [i for i, a in enumerate(deal.actions) if a.seat == seat]
        self.entries: dict[int, Entry] = {}
        self.current: Optional[Weighing] = None
        self.total = len(self.indices) * samples
        self.steps = 0

    def run(self) -> Iterator[int]:
        """Do the work, yielding the progress after every play-out."""
        for index in self.indices:
            if index in self.entries:
                continue
            action = self.deal.actions[index]
            if action.blind or action.act == "cut":   # made before anyone has seen a card
                why = verdict("blind", None, 0.0, None) if action.blind else msg("review.cut")
                self.entries[index] = Entry(index, action, "blind", why)
                self.steps += self.samples
                yield self.steps
                continue
            weighing = self.current = Weighing(self.deal.copy_before(index), action, self.signals, self.samples,
                                               self.seed, self.rollout)
            base = self.steps
            while not weighing.finished:
                for _ in weighing.work():
                    yield base + weighing.done
            self.entries[index] = weighing.entry()
            self.steps = base + self.samples
            self.current = None
            yield self.steps

    def result(self) -> Review:
        """The review (run to the end first)."""
        for _ in self.run():
            pass
        return Review(self.seat, self.samples, self.seed, tuple(self.entries[i] for i in self.indices))


def best_move(deal: Deal, seat: int, signals=None, samples: int = SAMPLES, seed: int = 0,
              rollout: Optional[Player] = None) -> Option:
    """The move the review rates best for `seat` now: the rule-following player's move and the
    alternatives a review weighs, played out the same way (None: no move, the play goes on)."""
    taken = RulePlayer(signals=bool(signals)).decide(deal, seat, signals).action
    weighing = Weighing(deal, taken, signals, samples, seed, rollout)
    while not weighing.finished:
        weighing.step()
    entry = weighing.entry()
    return entry.best if entry.graded else taken


def review_deal(deal: Deal, seat: int, signals=None, samples: int = SAMPLES, seed: int = 0,
                rollout: Optional[Player] = None) -> Review:
    """The whole review at once (the command line, tests)."""
    return Reviewer(deal, seat, signals, samples, seed, rollout).result()
