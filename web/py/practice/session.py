"""The practice page's controller: the index of the shipped puzzles (as the build wrote it), the one on
the table, the learner's one try and the progress. The page downloads a puzzle's own file when it is
drawn (`Practice.choose`, then `Practice.show` with its data) and the next one ahead
(`Practice.upcoming`). No DOM here, so it runs under CPython (tests) and Pyodide alike. It never
decides a rule: the table is `deal.view(seat)`, the moves are the engine's legal ones, a refusal is
the engine's, right and wrong are the puzzle's own answers and costs."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from perlaggen_core import Action, Deal, Message, PerlaggenError
from perlaggen_core.outcome import PlayPreview
from perlaggen_core.players import RulePlayer, Table
from perlaggen_core.puzzles import THEMES, Entry, Puzzle, PuzzleError, read_puzzle

from practice.progress import Progress, Result, check


@dataclass(frozen=True)
class Move:
    """One move of the answer's line and the table after it, as the solver's seat sees it."""

    action: Action
    view: dict


class Practice:
    def __init__(self, index: list[Entry], progress: Progress, seed: Optional[int] = None) -> None:
        self.entries = list(index)
        self.progress = progress
        self.rng = random.Random(seed)
        self.puzzle: Optional[Puzzle] = None
        self.deal: Optional[Deal] = None
        self.result: Optional[Result] = None
        self.tried: Optional[Action] = None
        self.theme: Optional[str] = None
        self.upcoming: Optional[Entry] = None     # the next puzzle, drawn ahead so the page can fetch it
        self.broken: set[str] = set()             # puzzles whose file did not load: not drawn again

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
        self.theme, self.upcoming = theme, None
        return True

    def choose(self, puzzle_id: Optional[str] = None) -> Optional[Entry]:
        """The puzzle asked for, else the one drawn ahead, else the next one the progress chooses
        (never one whose file did not load); None when there is none."""
        usable = [e for e in self.entries if e.id not in self.broken]
        entry = next((e for e in usable if e.id == puzzle_id), None) if puzzle_id else None
        if entry is None and self.upcoming is not None and self.upcoming.id not in self.broken:
            entry = self.upcoming
        if entry is None:
            current = self.puzzle.id if self.puzzle else None
            entry = self.progress.next_puzzle(usable, self.theme, self.rng, current)
        return entry

    def ahead(self) -> list[Entry]:
        """The puzzles that come next after a right and after a wrong try at this one, drawn as the
        try will draw them (the same progress, the random draw from the same state): the page
        downloads them while the learner thinks."""
        assert self.puzzle is not None
        usable = [e for e in self.entries if e.id not in self.broken]
        out: list[Entry] = []
        for right in (True, False):
            progress = Progress.from_json(self.progress.to_json())
            progress.record(self.puzzle, Result(right, None))
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            entry = progress.next_puzzle(usable, self.theme, rng, self.puzzle.id)
            if entry is not None and entry not in out:
                out.append(entry)
        return out

    def show(self, entry: Entry, data: Any) -> None:
        """The drawn puzzle on the table, from its downloaded file (checked by the engine:
        PuzzleError, and the puzzle is not drawn again, when it is broken)."""
        try:
            puzzle = read_puzzle(data, entry)
        except PuzzleError:
            self.drop(entry)
            raise
        self.puzzle, self.deal = puzzle, Deal.from_record(puzzle.record)
        self.result, self.tried, self.upcoming = None, None, None

    def drop(self, entry: Entry) -> None:
        """A puzzle whose file is missing or broken: not drawn again in this visit."""
        self.broken.add(entry.id)
        if self.upcoming == entry:
            self.upcoming = None

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
        self.upcoming = None
        self.upcoming = self.choose()     # after the try: the progress has chosen what comes next
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
