"""Judging a learner: a move in an act step, an answer in a question step."""
from __future__ import annotations

from typing import Any

from ..actions import Action
from ..deal import Deal
from ..messages import msg
from .conditions import evaluate
from .model import Step, Verdict


class Context(dict):
    """What a condition reads: before, action, seat, and `after` (the position after the move and the
    scripted replies), which is worked out only when a condition or the verdict needs it."""

    def __init__(self, step: Step, deal: Deal, action: Action) -> None:
        super().__init__(before=deal, action=action, seat=step.learner)
        self.step = step
        self.events: list = []

    def __missing__(self, key: str):
        if key != "after":
            raise KeyError(key)
        after = self["before"].clone()
        self.events = after.apply(self["action"])
        self.events += play_script(after, self.step.after)
        self["after"] = after
        return after


def judge_action(step: Step, deal: Deal, action: Action, legal: bool = False) -> Verdict:
    """Judge a learner's action in an act step; `deal` is the step's position (not changed).

    In order: a mistake the lesson names by its exact move (legal or not); a move the step's
    controls do not offer (a blind bet where no lesson has taught one, a baptism before the baptism
    lesson), refused like an illegal one, whatever the engine would allow; the engine's refusal of
    an illegal move; the step's expectation; a mistake the lesson describes by a condition (a family
    of legal moves, tried in the order written); else the general remark ("unwanted", which the
    validator reports: a shipped step leaves no legal move to it). `legal`: the caller knows the
    move is legal (it comes from the engine's own lists), so the refusal check is skipped."""
    for mistake in step.mistakes:
        if "action" in mistake and _same(action, mistake["action"]):
            return Verdict("mistake", mistake["text"])
    if not step.offers(action):
        return Verdict("illegal", {}, msg("lesson.blind" if action.blind else "lesson.not_offered"))
    why = None if legal else deal.refusal(action)
    if why is not None:
        return Verdict("illegal", {}, why)
    ctx = Context(step, deal, action)
    if _satisfies(step.expect, ctx):
        text = success_for(step, ctx)
        ctx["after"]   # the events of the move and the replies
        return Verdict("correct", text, events=tuple(ctx.events))
    for mistake in step.mistakes:
        if "condition" in mistake and evaluate(mistake["condition"], ctx):
            return Verdict("mistake", mistake["text"])
    return Verdict("unwanted", {}, msg("lesson.unwanted"))


def success_for(step: Step, ctx: dict) -> dict[str, str]:
    """The success text for an accepted move: the first of the step's `successes` naming that move
    (`action`) or a condition it meets, else the step's `success`."""
    for variant in step.successes:
        if "action" in variant and _same(ctx["action"], variant["action"]) or \
                "condition" in variant and evaluate(variant["condition"], ctx):
            return variant["text"]
    return step.success


def play_script(deal: Deal, script: list[str]) -> list:
    """Scripted replies, in order, until the first one the position no longer allows (the learner's
    move may have made the rest moot, or ended the deal). Returns the events."""
    events: list = []
    for text in script:
        reply = Action.from_text(text)
        if deal.phase.over or not deal.can(reply):
            break
        events += deal.apply(reply)
    return events


def judge_answer(step: Step, value: str) -> Verdict:
    if value == step.answer:
        return Verdict("correct", step.success)
    for mistake in step.mistakes:
        if mistake.get("choice") == value:
            return Verdict("mistake", mistake["text"])
    return Verdict("mistake", {}, msg("lesson.not_quite"))


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
