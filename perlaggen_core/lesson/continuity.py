"""Steps that continue the previous one (start = "previous") begin where the learner left it.

A learner may meet a step's expectation with any of several moves (any Ace, hold or raise); the
next step then starts from that learner's own position, so the table shows the baptisms, shown
cards and values the learner produced. The loader checks every such way in: the next step's
scripted moves still apply, its question has the same answer, its solution still works and its
named mistakes are still mistakes. The player builds the same positions with `begin` and `finish`.
"""
from __future__ import annotations

import json
from typing import Any, Optional

from ..actions import Action
from ..deal import Deal
from ..errors import PerlaggenError
from .conditions import QUESTIONS
from .judge import play_script
from .model import Lesson, LessonError, Step
from .moves import accepted, check_act

MOST_WAYS = 300   # more ways into one step than this: the author should narrow the expectation


def begin(step: Step, previous_end: Optional[dict[str, Any]]) -> dict[str, Any]:
    """The record a step starts from: its own, or for a continuing step the previous step's end
    (as the learner left it) with this step's scripted moves after it. Raises PerlaggenError when
    a scripted move does not apply there."""
    if not step.continues or previous_end is None:
        return step.start
    record = dict(previous_end)
    record["actions"] = list(previous_end.get("actions", [])) + [Action.from_text(a).to_dict() for a in step.before]
    Deal.from_record(record)   # raises if a scripted move is refused
    return record


def finish(step: Step, start: dict[str, Any], action: Optional[Action]) -> dict[str, Any]:
    """Where a step ends: its start, the learner's move (act steps) and the scripted replies."""
    deal = Deal.from_record(start)
    if step.kind == "act" and action is not None:
        deal.apply(deal.complete(action))
        play_script(deal, step.after)
    return deal.to_record()


def ways_in(lesson: Lesson) -> dict[str, list[tuple[dict[str, Any], str]]]:
    """Per step, every position it can start from, with how the learner got there (the first one is
    the step's own start, reached by the solutions). Worked out once per loaded lesson."""
    cached = lesson.__dict__.get("_ways")
    if cached is not None:
        return cached
    out: dict[str, list[tuple[dict[str, Any], str]]] = {}
    ends: list[tuple[dict[str, Any], str]] = []
    for number, step in enumerate(lesson.steps):
        starts = [(step.start, "")]
        if step.continues:
            seen = {_key(step.start)}
            for end, how in ends:
                try:
                    record = begin(step, end)
                except PerlaggenError as exc:
                    raise LessonError(lesson.file, step.id, "before",
                                      f"after {how}, a scripted move is refused: {exc}") from None
                if _key(record) not in seen:
                    seen.add(_key(record))
                    starts.append((record, how))
        if len(starts) > MOST_WAYS:
            raise LessonError(lesson.file, step.id, "expect", f"{len(starts)} different positions lead into this "
                              "step; accept fewer moves in the steps before it")
        out[step.id] = starts
        ends = []
        following = lesson.steps[number + 1] if number + 1 < len(lesson.steps) else None
        if following is None or not following.continues:
            continue
        for record, how in starts:
            if step.kind != "act":
                ends.append((finish(step, record, None), how))
                continue
            deal = Deal.from_record(record)
            for action in accepted(step, deal):
                said = f"the learner's move {action} in step {step.id}"
                ends.append((finish(step, record, action), f"{how}, then {said}" if how else said))
    lesson.__dict__["_ways"] = out
    return out


def check_continuity(lesson: Lesson) -> None:
    """Every way into a continuing step keeps the step true (see the module's doc)."""
    ways = ways_in(lesson)
    for step in lesson.steps:
        if not step.continues:
            continue
        for record, how in ways[step.id][1:]:
            def err(name: str, reason: str) -> LessonError:
                return LessonError(lesson.file, step.id, name, reason)

            deal = Deal.from_record(record)
            if step.kind == "act":
                if not deal.to_act and deal.phase.over:
                    raise err("deal", f"after {how}, the deal is over before the learner acts")
                check_act(step, deal, err, f" after {how}")
            else:
                assert step.ask is not None   # a step that does not act asks
                answer = QUESTIONS[step.ask][1](deal, dict(step.params))
                if answer != step.answer:
                    raise err("ask", f"after {how}, the answer would be '{answer}', not '{step.answer}': "
                                     "accept fewer moves in the step before, or ask something that holds for all")


def _key(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True)
