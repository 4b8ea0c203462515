"""The practice page's logic without a page: a move checked against a puzzle, the learner's progress
(solved, missed, streak, accuracy per theme, kept in localStorage through common.storage), and the
next puzzle: a missed one when it is due again (spaced repetition), else a new one at the level the
learner's results have reached."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Optional, Protocol, Sequence, TypeVar

VERSION = 1
# after a miss, the puzzle comes back after this many other tries; each miss again starts over,
# each success moves it one gap further (then it is learnt)
GAPS = (3, 8, 20)
RISE_AFTER = 3        # right answers in a row at a level before the next level
LEVELS = (1, 2, 3)


class PuzzleLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def theme(self) -> str: ...

    @property
    def level(self) -> int: ...


P = TypeVar("P", bound=PuzzleLike)   # the chooser hands back the kind of puzzle it was given


@dataclass(frozen=True)
class Result:
    """A move checked: right or not, what it cost (None: a move the puzzle did not weigh), the answers."""

    right: bool
    cost: Optional[float]


def check(puzzle, action) -> Result:
    """The learner's one try at a puzzle (a perlaggen_core.puzzles.Puzzle) with an Action."""
    if puzzle.answer_of(action):
        return Result(True, 0.0)
    return Result(False, puzzle.cost_of(action))


@dataclass(frozen=True)
class ThemeRow:
    """One theme in the progress view."""

    theme: str
    tries: int
    right: int

    @property
    def missed(self) -> int:
        return self.tries - self.right

    @property
    def accuracy(self) -> Optional[float]:
        return self.right / self.tries if self.tries else None


@dataclass
class Record:
    """One puzzle's history: tries, the last result, and (once missed) when it is due again."""

    tries: int = 0
    right: int = 0
    last: Optional[bool] = None
    due: Optional[int] = None     # the count of tries at which it comes back (None: not due again)
    step: int = 0                 # how far along GAPS it is

    def to_json(self) -> list:
        return [self.tries, self.right, self.last, self.due, self.step]

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        tries, right, last, due, step = data
        return cls(int(tries), int(right), None if last is None else bool(last),
                   None if due is None else int(due), int(step))


@dataclass
class Progress:
    """Everything the page keeps of the learner's practice."""

    puzzles: dict[str, Record] = field(default_factory=dict)
    themes: dict[str, list[int]] = field(default_factory=dict)   # theme -> [tries, right]
    tries: int = 0
    streak: int = 0
    best_streak: int = 0
    level: int = 1
    run: int = 0                  # right answers in a row at this level

    @property
    def solved(self) -> int:
        return sum(1 for r in self.puzzles.values() if r.last)

    @property
    def missed(self) -> int:
        return sum(1 for r in self.puzzles.values() if r.last is False)

    def accuracy(self, theme: str) -> Optional[float]:
        tries, right = self.themes.get(theme, [0, 0])
        return right / tries if tries else None

    def weakest(self, least: int = 3) -> list[str]:
        """Themes tried at least `least` times, the lowest accuracy first."""
        tried = [t for t, (n, _r) in self.themes.items() if n >= least]
        return sorted(tried, key=lambda t: (self.accuracy(t), t))

    def theme_rows(self, themes: Sequence[str]) -> list["ThemeRow"]:
        """Each theme's tries, right answers and accuracy: the tried ones the weakest first (the lowest
        accuracy, then the most tries), then the untried ones in the given order."""
        rows = [ThemeRow(t, *self.themes.get(t, [0, 0])) for t in themes]
        tried = sorted((r for r in rows if r.tries), key=lambda r: (r.right / r.tries, -r.tries))
        return tried + [r for r in rows if not r.tries]

    def record(self, puzzle: PuzzleLike, result: Result) -> None:
        """Count one try: the totals, the theme, the puzzle's next due, the streak and the level."""
        self.tries += 1
        mine = self.puzzles.setdefault(puzzle.id, Record())
        mine.tries += 1
        mine.right += result.right
        mine.last = result.right
        counts = self.themes.setdefault(puzzle.theme, [0, 0])
        counts[0] += 1
        counts[1] += result.right
        if result.right:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if mine.due is not None:            # a puzzle coming back: the next gap, or learnt
                mine.step += 1
                mine.due = self.tries + GAPS[mine.step] if mine.step < len(GAPS) else None
            self.run += 1
            if self.run >= RISE_AFTER and self.level < LEVELS[-1]:
                self.level, self.run = self.level + 1, 0
        else:
            self.streak = 0
            mine.step = 0
            mine.due = self.tries + GAPS[0]
            self.run = 0
            if self.level > LEVELS[0]:
                self.level -= 1

    def next_puzzle(self, puzzles: Sequence[P], theme: Optional[str] = None,
                    rng: Optional[random.Random] = None, current: Optional[str] = None) -> Optional[P]:
        """A missed puzzle that is due (the longest overdue first), else an unseen one at the learner's
        level (the nearest level when none is left), else the one seen longest ago; never `current`
        while another is left. `theme` keeps to one theme."""
        rng = rng or random.Random()
        pool = [p for p in puzzles if (theme is None or p.theme == theme) and p.id != current]
        if not pool:
            pool = [p for p in puzzles if theme is None or p.theme == theme]
        if not pool:
            return None
        due = [p for p in pool if (r := self.puzzles.get(p.id)) and r.due is not None and r.due <= self.tries]
        if due:
            return min(due, key=lambda p: self.puzzles[p.id].due or 0)
        fresh = [p for p in pool if p.id not in self.puzzles]
        if fresh:
            nearest = min(abs(p.level - self.level) for p in fresh)
            return rng.choice([p for p in fresh if abs(p.level - self.level) == nearest])
        return min(pool, key=lambda p: (self.puzzles[p.id].due is None, self.puzzles[p.id].tries, p.id))

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "puzzles": {k: r.to_json() for k, r in self.puzzles.items()},
                           "themes": self.themes, "tries": self.tries, "streak": self.streak,
                           "best_streak": self.best_streak, "level": self.level, "run": self.run},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Optional[str]) -> "Progress":
        """The kept progress; nothing, another version or damaged data start afresh."""
        try:
            data = json.loads(text or "")
            if data.get("version") != VERSION:
                return cls()
            return cls({k: Record.from_json(v) for k, v in data["puzzles"].items()},
                       {str(t): [int(n), int(r)] for t, (n, r) in data["themes"].items()},
                       int(data["tries"]), int(data["streak"]), int(data["best_streak"]),
                       min(max(int(data["level"]), LEVELS[0]), LEVELS[-1]), int(data["run"]))
        except (ValueError, TypeError, KeyError, AttributeError):
            return cls()
