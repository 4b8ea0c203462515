"""Judging a learner: a move in an act step, an answer in a question step."""
from __future__ import annotations

from typing import Any

from ..actions import Action
from ..deal import Deal
from ..messages import msg
from .conditions import evaluate
from .model import Step, Verdict


def judge_action(step: Step, deal: Deal, action: Action) -> Verdict:
    """Judge a learner's action in an act step; `deal` is the step's position (not changed)."""
    for mistake in step.mistakes:
        if _same(action, mistake["action"]):
            return Verdict("mistake", mistake["text"])
    why = deal.refusal(action)
    if why is not None:
        return Verdict("illegal", {}, why)
    after = deal.clone()
    events = after.apply(action)
    for text in step.after:
        reply = Action.from_text(text)
        if not after.can(reply):  # the learner's move made the script moot: stop there
            break
        events += after.apply(reply)
    ctx = {"before": deal, "action": action, "after": after, "seat": step.learner}
    if _satisfies(step.expect, ctx):
        return Verdict("correct", step.success, events=tuple(events))
    return Verdict("unwanted", step.unwanted, None if step.unwanted else msg("lesson.unwanted"))


def judge_answer(step: Step, value: str) -> Verdict:
    if value == step.answer:
        return Verdict("correct", step.success)
    for mistake in step.mistakes:
        if mistake.get("choice") == value:
            return Verdict("mistake", mistake["text"])
    return Verdict("mistake", step.unwanted, None if step.unwanted else msg("lesson.not_quite"))


def _same(action: Action, target: dict[str, Any]) -> bool:
    """Whether an action is the one a lesson names; an exchange may leave out the card taken."""
    mine = action.to_dict()
    if mine.get("act") == "exchange" and "take" not in target:
        mine.pop("take", None)
    return mine == target


def _satisfies(expect: dict[str, Any], ctx: dict) -> bool:
    action = ctx["action"]
    if "action" in expect:
        return _same(action, expect["action"])
    if "actions" in expect:
        return any(_same(action, a) for a in expect["actions"])
    return evaluate(expect["condition"], ctx)
