"""Teach before you ask: every ruling (and the table of signs) a step relies on is taught before it.

What a step relies on is what its `ask` implies (IMPLIED: a question about a sign needs the table of
signs, one about a trick's winner ruling 9, ...) and what its `relies` field adds (the rulings its
`expect` or its answer depends on, which the engine cannot tell from the ask alone). It is taught by
- an earlier lesson of the course (the lesson's `teaches`),
- an earlier step of the same lesson, or the step itself, whose `teaches` names it (the step's goal
  or question explains it, before anything is asked), or
- a step showing it (`show = "signs"` teaches the table of signs of that step's rule set).
"""
from __future__ import annotations

from ..signals import system_of
from .model import Lesson, LessonError, Step

IMPLIED: dict[str, tuple[str, ...]] = {
    "signal": ("signs",), "hand_signal": ("signs",),
    "trick_winner": ("9",),
    "higher_gleich": ("11",), "higher_hanger": ("11",),
}


def _topic(step: Step, topic: str) -> str:
    """The signs are those of the step's table: "signs:innsbruck", "signs:eichel"."""
    if topic != "signs":
        return topic
    return f"signs:{system_of(step.deal().rules) or 'none'}"


def relies_on(step: Step) -> set[str]:
    """What a step's check needs the learner to know already."""
    return {_topic(step, t) for t in (*IMPLIED.get(step.ask or "", ()), *step.relies)}


def taught_by(step: Step) -> set[str]:
    return {_topic(step, t) for t in (*step.teaches, *([step.show] if step.show else []))}


def untaught(lessons: list[Lesson]) -> list[tuple[Lesson, Step, list[str]]]:
    """The steps (in course order) that rely on something not taught before them, with what."""
    course = sorted(lessons, key=lambda l: (l.order, l.id))
    known: set[str] = set()
    out = []
    for lesson in course:
        for step in lesson.steps:
            missing = sorted(relies_on(step) - known - taught_by(step), key=lambda t: (not t.isdigit(), t.zfill(3)))
            if missing:
                out.append((lesson, step, missing))
            known |= taught_by(step)
        known |= {str(t) for t in lesson.teaches}
    return out


def check_teaching(lessons: list[Lesson]) -> None:
    """LessonError for the first step that asks what nothing before it taught."""
    for lesson, step, missing in untaught(lessons):
        what = ", ".join(f"the table of signs ({t[6:]})" if t.startswith("signs:") else f"ruling {t}"
                         for t in missing)
        raise LessonError(lesson.file, step.id, "relies",
                          f"asks about {what} before any step teaches it: explain it in an earlier step "
                          "(and name it in that step's 'teaches'), or in this step's goal (its own 'teaches')")
