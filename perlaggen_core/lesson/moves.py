"""The moves a step can receive and the ones it accepts, and the check that a step's solution and
named mistakes are judged as their author meant. The loader, the continuity checks and the
coverage report all ask these: each imports this module at its top, and none of them imports
another inside a function (that cycle went with issue 23).
"""
from __future__ import annotations

from typing import Iterator

from ..actions import Action
from ..deal import Deal
from ..errors import PerlaggenError
from ..words import render
from .judge import judge_action
from .model import Step, Verdict


def receivable(step: Step, deal: Deal) -> Iterator[Action]:
    """Every legal move the learner can make in this step through the controls it offers."""
    seat = step.learner
    for action in deal.legal_actions(seat):
        if action.act != "show" and step.offers(action):
            yield action
    if "show" in step.controls:
        for action in deal.all_shows(seat):
            if step.offers(action):
                yield action


def accepted(step: Step, deal: Deal) -> list[Action]:
    """Every move the learner can make that meets the step's expectation."""
    expected = step.expect.get("actions", [step.expect.get("action")])
    if expected[0] is not None:   # named moves: no need to try every other one
        moves = [deal.complete(Action.from_dict(a)) for a in expected]
        return [a for a in moves if deal.can(a) and step.offers(a) and judge_action(step, deal, a).ok]
    return [a for a in receivable(step, deal) if judge_action(step, deal, a, legal=True).ok]


def check_act(step: Step, deal: Deal, err, how: str = "") -> None:
    """An act step in one starting position: no named mistake meets the expectation, and the solution does."""
    probe = Step(**{**step.__dict__, "mistakes": [m for m in step.mistakes if "condition" in m]})
    for i, m in enumerate(step.mistakes):
        if "action" in m:
            wrong = Action.from_dict(m["action"])
            if deal.can(wrong) and _try(probe, deal, wrong, err, f"mistakes[{i}]").ok:
                raise err(f"mistakes[{i}].action", f"this 'mistake' satisfies the step's expectation{how}")
    verdict = _try(probe, deal, step.solution_action(), err, "solution")
    if not verdict.ok:
        said = verdict.text.get("en") or (render(verdict.message) if verdict.message else "")
        raise err("solution", f"does not satisfy the step's own expectation{how} ({verdict.kind}: {said})")
    for i, variant in enumerate(step.successes):
        if "action" in variant:
            move = Action.from_dict(variant["action"])
            if not deal.can(move) or not _try(probe, deal, move, err, f"successes[{i}]").ok:
                raise err(f"successes[{i}].action", f"this move is not one the step accepts{how}")


def _try(step: Step, deal: Deal, action: Action, err, name: str) -> Verdict:
    try:
        return judge_action(step, deal, action)
    except PerlaggenError as exc:
        raise err("after", f"a scripted reply is refused after the {name}: {exc}") from None
