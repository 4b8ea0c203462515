"""The practice page's controller: the shipped puzzles (as the build compiled them), the one on the
table, the learner's one try and the progress. No DOM here, so it runs under CPython (tests) and
Pyodide alike. It never decides a rule: the table is `deal.view(seat)`, the moves are the engine's
legal ones, a refusal is the engine's, right and wrong are the puzzle's own answers and costs."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from perlaggen_core import Action, Deal, Message, PerlaggenError
from perlaggen_core.outcome import PlayPreview
from perlaggen_core.players import RulePlayer, Table
from perlaggen_core.puzzles import THEMES, Puzzle, check_puzzle

from practice.progress import Progress, Result, check


@dataclass(frozen=True)
class Entry:
    """A puzzle as the chooser needs it, before its position is replayed."""

    id: str
    theme: str
    level: int
    data: dict


@dataclass(frozen=True)
class Move:
    """One move of the answer's line and the table after it, as the solver's seat sees it."""

    action: Action
    view: dict


class Practice:
    def __init__(self, doc: dict, progress: Progress, seed: Optional[int] = None) -> None:
        self.entries = [Entry(p["id"], p["theme"], p["difficulty"]["level"], p) for p in doc.get("puzzles", [])]
        self.progress = progress
        self.rng = random.Random(seed)
        self.puzzle: Optional[Puzzle] = None
        self.deal: Optional[Deal] = None
        self.result: Optional[Result] = None
        self.tried: Optional[Action] = None
        self.theme: Optional[str] = None

    # ------------------------------------------------------------------ choosing
    @property
    def themes(self) -> list[str]:
        """The themes the set has puzzles of, in the engine's order."""
        have = {e.theme for e in self.entries}
        return [t for t in THEMES if t in have]

    def keep_to(self, theme: Optional[str]) -> bool:
        """Keep to one theme's puzzles (None: every theme); False, and no change, for a theme the set
        has no puzzle of."""
        if theme is not None and theme not in self.themes:
            return False
        self.theme = theme
        return True

    def open(self, puzzle_id: Optional[str] = None) -> bool:
        """The puzzle asked for, else the next one the progress chooses; False when there is none."""
        entry = next((e for e in self.entries if e.id == puzzle_id), None) if puzzle_id else None
        if entry is None:
            current = self.puzzle.id if self.puzzle else None
            entry = self.progress.next_puzzle(self.entries, self.theme, self.rng, current)
        if entry is None:
            return False
        self.puzzle = check_puzzle(entry.data)
        self.deal = Deal.from_record(self.puzzle.record)
        self.result, self.tried = None, None
        return True

    @property
    def seat(self) -> int:
        assert self.puzzle is not None
        return self.puzzle.seat

    def view(self) -> dict:
        assert self.deal is not None
        return self.deal.view(self.seat)

    def legal(self) -> list[Action]:
        """The moves the learner may try (every legal move of the seat; none once it has tried)."""
        assert self.deal is not None
        return [] if self.result is not None else self.deal.legal_actions(self.seat)

    def plays_of(self, card: str) -> list[Action]:
        return [a for a in self.legal() if a.act == "play" and a.card == card]

    def needs_baptism_choice(self, card: str) -> bool:
        return any(a.baptism for a in self.plays_of(card))

    def baptism_options(self, card: str) -> list[PlayPreview]:
        assert self.deal is not None
        return [self.deal.preview(a) for a in self.plays_of(card)]

    # ------------------------------------------------------------------ the try
    def attempt(self, data: dict[str, Any]) -> Optional[Message]:
        """The learner's one try: None once it is judged and counted, else the engine's refusal
        (a refused move is no try)."""
        assert self.deal is not None and self.puzzle is not None
        if self.result is not None:
            return None
        try:
            action = self.deal.complete(Action.from_dict({"seat": self.seat, **data}))
        except PerlaggenError as exc:
            return exc.detail
        why = self.deal.refusal(action)
        if why is not None:
            return why
        self.tried, self.result = action, check(self.puzzle, action)
        self.progress.record(self.puzzle, self.result)
        return None

    def costs(self) -> list[tuple[Action, float]]:
        """The answers (cost 0) and the wrong answers, cheapest first."""
        assert self.puzzle is not None
        return [(a, 0.0) for a in self.puzzle.answers] + sorted(((w.action, w.cost) for w in self.puzzle.wrong),
                                                                 key=lambda ac: ac[1])

    # ------------------------------------------------------------------ show me
    def line(self, limit: int = 200) -> list[Move]:
        """The answer's line played out from the puzzle's position: the (first) answer, then every
        seat, the solver's too, played by the rule-following computer player to the deal's end. The
        exchange offers and the signs lie before every puzzle's position and are not made again."""
        assert self.puzzle is not None
        deal = Deal.from_record(self.puzzle.record)
        seats = range(deal.n)
        table = Table([RulePlayer() for _ in seats], asked=set(seats), signalled=set(seats))
        action: Action | None = self.puzzle.answers[0]
        moves: list[Move] = []
        while action is not None and len(moves) < limit:
            deal.apply(action)
            moves.append(Move(action, deal.view(self.seat)))
            action = None
            for _ in range(4 * deal.n):          # a team's answer may ask each partner first
                step = table.step(deal)
                if step is None:
                    break
                if step.kind == "act" and step.decision is not None:
                    action = step.decision.action
                    break
        return moves
