"""A learner's progress through the lessons, kept in the browser's localStorage (no login).

Per lesson: the steps done, whether each step was solved on the first try, the step the
learner was on, and the learner's own move in each step solved (a step that continues it starts
from there). Data written before moves were kept simply has none. Pure data: no DOM here, so the
bookkeeping is tested under CPython; the pages read and write the JSON text through `common.storage`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from common.storage import PROGRESS

VERSION = PROGRESS.version     # its key and version: common.storage


@dataclass(frozen=True)
class Summary:
    """What the lesson list shows for one lesson."""

    done: int            # steps done (solved, shown or answered)
    first_try: int       # steps solved on the first try
    total: int           # steps in the lesson
    complete: bool       # every step done
    resume: str          # the step to continue with
    started: bool


class Progress:
    def __init__(self, data: dict | None = None) -> None:
        self.lessons: dict[str, dict] = {}
        for lesson_id, raw in ((data or {}).get("lessons") or {}).items():
            if not isinstance(raw, dict):
                continue
            done = [str(s) for s in raw.get("done", []) if isinstance(s, str)]
            first = {str(k): bool(v) for k, v in (raw.get("first") or {}).items()} \
                if isinstance(raw.get("first"), dict) else {}
            current = raw.get("current") if isinstance(raw.get("current"), str) else None
            moves = {str(k): v for k, v in (raw.get("moves") or {}).items() if isinstance(v, str)} \
                if isinstance(raw.get("moves"), dict) else {}
            self.lessons[str(lesson_id)] = {"done": list(dict.fromkeys(done)), "first": first, "current": current,
                                            "moves": moves}

    # ------------------------------------------------------------------ storage
    @classmethod
    def from_json(cls, text: str | None) -> "Progress":
        """Whatever localStorage holds; anything unreadable starts afresh rather than breaking the page."""
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict) or data.get("version") != VERSION:
            data = {}
        return cls(data)

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "lessons": self.lessons}, sort_keys=True)

    def _lesson(self, lesson_id: str) -> dict:
        return self.lessons.setdefault(lesson_id, {"done": [], "first": {}, "current": None, "moves": {}})

    # ------------------------------------------------------------------ recording
    def visit(self, lesson_id: str, step_id: str) -> None:
        self._lesson(lesson_id)["current"] = step_id

    def failed(self, lesson_id: str, step_id: str) -> None:
        """A wrong try (or "show me") before the step was solved: it can no longer count as first-try."""
        self._lesson(lesson_id)["first"].setdefault(step_id, False)

    def solved(self, lesson_id: str, step_id: str, first_try: bool = True) -> None:
        """The step is done; the first result ever recorded for it is the one that counts."""
        lesson = self._lesson(lesson_id)
        lesson["first"].setdefault(step_id, bool(first_try))
        if step_id not in lesson["done"]:
            lesson["done"].append(step_id)

    def moved(self, lesson_id: str, step_id: str, move: str | None) -> None:
        """The learner's own move that solved a step (None: the step's solution, as "show me" plays it)."""
        moves = self._lesson(lesson_id).setdefault("moves", {})
        if move is None:
            moves.pop(step_id, None)
        else:
            moves[step_id] = move

    def move(self, lesson_id: str, step_id: str) -> str | None:
        return self.lessons.get(lesson_id, {}).get("moves", {}).get(step_id)

    def reset(self, lesson_id: str) -> None:
        self.lessons.pop(lesson_id, None)

    # ------------------------------------------------------------------ reading
    def is_done(self, lesson_id: str, step_id: str) -> bool:
        return step_id in self.lessons.get(lesson_id, {}).get("done", [])

    def first_try(self, lesson_id: str, step_id: str) -> bool | None:
        return self.lessons.get(lesson_id, {}).get("first", {}).get(step_id) if self.is_done(lesson_id, step_id) else None

    def summary(self, lesson_id: str, step_ids: list[str]) -> Summary:
        """Counts over the lesson's current steps only (a lesson may have changed since)."""
        lesson = self.lessons.get(lesson_id, {"done": [], "first": {}, "current": None})
        done = [s for s in step_ids if s in lesson["done"]]
        first = [s for s in done if lesson["first"].get(s, True)]
        return Summary(len(done), len(first), len(step_ids), bool(step_ids) and len(done) == len(step_ids),
                       self.resume(lesson_id, step_ids), lesson_id in self.lessons)

    def resume(self, lesson_id: str, step_ids: list[str]) -> str:
        """The step to open: the one the learner was on, else the first not done, else the first."""
        lesson = self.lessons.get(lesson_id, {})
        if lesson.get("current") in step_ids:
            return lesson["current"]
        for step_id in step_ids:
            if step_id not in lesson.get("done", []):
                return step_id
        return step_ids[0] if step_ids else ""

    def next_undone(self, lesson_id: str, step_ids: list[str], after: str | None = None) -> str | None:
        """The first step not done yet, looking after `after` first and then from the start."""
        start = step_ids.index(after) + 1 if after in step_ids else 0
        for step_id in step_ids[start:] + step_ids[:start]:
            if not self.is_done(lesson_id, step_id):
                return step_id
        return None
