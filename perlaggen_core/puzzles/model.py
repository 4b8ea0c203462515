"""Puzzles as data: a position (a deal record cut at one seat's decision, with the signs that seat
saw), the answer(s), the tempting wrong answers with their cost, a theme, a measured difficulty and
an explanation made of the engine's reason codes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..actions import Action
from ..messages import Message

FORMAT = 1
# theme -> the lesson (its id in lessons/) that teaches it
THEMES: dict[str, str] = {
    "baptism": "baptism",        # which name a Perlagg takes, for the trick and for a figure
    "following": "tricks",       # which card: following suit, trumping, Trumpf abreißen
    "fifth-trick": "betting",    # the last trick, and the Spiel bet around it
    "betting": "betting",        # bet, hold, raise, good
    "exchange": "deal",          # the exchange for the face-up card
    "show": "show",              # what to reveal, when to concede
    "endgame": "endgame",        # near the target: gestrichen, the declarations
}
PUZZLE_FIELDS = {"id", "theme", "record", "seat", "signals", "answers", "wrong", "difficulty",
                 "explanation", "measured"}
WRONG_FIELDS = {"action", "cost", "by"}
DIFFICULTY_FIELDS = {"level", "rule_cost", "random_cost", "random_hit"}
CHOOSERS = ("rule", "random", "strong")   # the players whose choice a wrong answer was
LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Wrong:
    """A tempting wrong answer: the move, what it costs against the answer in expected deal points,
    and which of the weaker players chose it (`by`)."""

    action: Action
    cost: float
    by: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action.to_dict(), "cost": round(self.cost, 2)}
        if self.by:
            out["by"] = list(self.by)
        return out


@dataclass(frozen=True)
class Difficulty:
    """Measured, not guessed: how much the rule-following player's choice loses (`rule_cost`), what a
    uniformly random choice among the moves weighed loses on average (`random_cost`) and how often it
    hits an answer (`random_hit`); `level` 1 (easy) to 3 (hard) follows from them (difficulty_of)."""

    level: int
    rule_cost: float
    random_cost: float
    random_hit: float

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "rule_cost": round(self.rule_cost, 2),
                "random_cost": round(self.random_cost, 2), "random_hit": round(self.random_hit, 2)}


def difficulty_of(rule_cost: float, random_cost: float, random_hit: float) -> Difficulty:
    """Harder when the natural (rule-following) move loses little, so the difference is subtle, and
    when a random move seldom hits the answer: one level for each (docs/puzzles.md)."""
    level = 1 + (rule_cost < 1.5) + (random_hit < 0.25)
    return Difficulty(level, rule_cost, random_cost, random_hit)


@dataclass(frozen=True)
class Puzzle:
    """One checked puzzle. `record` is the position's deal record (its start and the actions before
    the decision); `signals` the signs the solver's seat saw before it ({seat, signal, after, caught?})."""

    id: str
    theme: str
    record: dict[str, Any]
    seat: int
    answers: tuple[Action, ...]
    wrong: tuple[Wrong, ...]
    difficulty: Difficulty
    explanation: Message
    signals: tuple[dict[str, Any], ...] = ()
    measured: dict[str, Any] = field(default_factory=dict)   # how the answer was measured (samples, seeds, margin)

    @property
    def variant(self) -> str:
        return str(self.record.get("variant", "innsbruck"))

    @property
    def level(self) -> int:
        return self.difficulty.level

    @property
    def lesson(self) -> str:
        return THEMES[self.theme]

    def answer_of(self, action: Action) -> bool:
        return action in self.answers

    def cost_of(self, action: Action) -> Optional[float]:
        """What a move costs against the answer (0 for an answer; None: a move the puzzle did not weigh)."""
        if action in self.answers:
            return 0.0
        return next((w.cost for w in self.wrong if w.action == action), None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "theme": self.theme, "seat": self.seat, "record": self.record}
        if self.signals:
            out["signals"] = list(self.signals)
        out["answers"] = [a.to_dict() for a in self.answers]
        out["wrong"] = [w.to_json() for w in self.wrong]
        out["difficulty"] = self.difficulty.to_json()
        out["explanation"] = self.explanation.to_dict()
        if self.measured:
            out["measured"] = self.measured
        return out
