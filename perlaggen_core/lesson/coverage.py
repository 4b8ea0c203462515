"""Which moves a step can receive, and which of them the lesson leaves without its own words.

A learner can make any legal move the step's controls offer: a card (named as any legal baptism
when "baptise" is offered), a button (bets, answers, done, exchange, the engine's best declaration
of each kind) or, in the show, any set of cards from the hand. An illegal move is answered by the
engine's refusal, which names the rule; a legal move that does not meet the step's expectation
needs the lesson's words: a mistake naming it, or a mistake whose condition covers it. What is
left is "generic": the validator lists it and the tests fail on it.
"""
from __future__ import annotations

from ..actions import Action
from ..deal import Deal
from .claims import false_claims
from .conditions import trick_of
from .judge import Context, judge_action, success_for
from .continuity import ways_in
from .model import Lesson, Step
from .moves import accepted, receivable


def uncovered(step: Step, deal: Deal | None = None) -> list[Action]:
    """The receivable moves that would get only the general remark: no words of the lesson's own."""
    if step.kind != "act":
        answers = [c["value"] for c in step.choices]
        named = {m["choice"] for m in step.mistakes}
        return [v for v in answers if v != step.answer and v not in named]
    deal = deal or step.deal()
    return [a for a in receivable(step, deal) if judge_action(step, deal, a, legal=True).kind == "unwanted"]


def unused(step: Step, deal: Deal | None = None) -> list[int]:
    """The mistakes (by index) whose condition explains none of the moves the step can receive: a
    condition that never matches, or one that earlier mistakes always answer first."""
    wanted = [i for i, m in enumerate(step.mistakes) if "condition" in m]
    if step.kind != "act" or not wanted:
        return []
    deal = deal or step.deal()
    said = {id(judge_action(step, deal, a, legal=True).text) for a in receivable(step, deal)}
    return [i for i in wanted if id(step.mistakes[i]["text"]) not in said]


def success_problems(step: Step, deal: Deal, accepted: list[Action]) -> tuple[list[str], set[int]]:
    """What a step's success texts claim that an accepted move does not bear out (per move and
    language), and the `successes` (by index) that some accepted move gets."""
    problems, used = [], set()
    namable = {b for a in accepted for b in ([a.baptism] if a.baptism else [b for _c, b in a.baptisms])}
    for action in accepted:
        ctx = Context(step, deal, action)
        text = success_for(step, ctx)
        used |= {i for i, v in enumerate(step.successes) if v["text"] is text}
        trick = trick_of(ctx) if action.act == "play" else None
        winner = trick.winner if trick is not None else None
        for lang, words in text.items():
            for wrong in false_claims(words, lang, action=action, namable=namable, trump=deal.trump,
                                      learner=step.learner, players=deal.n, winner=winner):
                problems.append(f"after {action}, the success text ({lang}) {wrong}")
    return problems, used


def question_problems(step: Step) -> list[str]:
    """A question about a trick's winner whose success text names another winner."""
    if step.ask != "trick_winner":
        return []
    deal = step.deal()
    assert step.answer is not None   # a question step ships its answer
    return [f"the success text ({lang}) {wrong}" for lang, words in step.success.items()
            for wrong in false_claims(words, lang, action=None, namable=(), trump=deal.trump, learner=step.learner,
                                      players=deal.n, winner=int(step.answer))]


def report(lessons: list[Lesson]) -> list[str]:
    """One line per step that leaves moves generic ("file, step id (kind): N generic: the moves"),
    or that has a mistake condition explaining no move at all."""
    lines = []
    for lesson in lessons:
        ways = ways_in(lesson)
        for step in lesson.steps:
            where = f"{lesson.file}, step {step.id}"
            lines += [f"{where}: {p}" for p in question_problems(step)]
            deal = step.deal() if step.kind == "act" else None
            used: set[int] = set()
            for record, how in ways[step.id] if step.kind == "act" else []:
                start = Deal.from_record(record)
                problems, reached = success_problems(step, start, accepted(step, start))
                used |= reached
                lines += [f"{where}{' (after ' + how + ')' if how else ''}: {p}" for p in problems]
            lines += [f"{where}: successes[{i}] is the success text of no accepted move"
                      for i in range(len(step.successes)) if step.kind == "act" and i not in used]
            starts = [(Deal.from_record(record), how) for record, how in ways[step.id]] if step.kind == "act" \
                else [(None, "")]
            for start_deal, how in starts:
                left = uncovered(step, start_deal)
                if left:
                    shown = ", ".join(str(a) for a in left[:6]) + (", ..." if len(left) > 6 else "")
                    lines.append(f"{lesson.file}, step {step.id} ({step.kind}{', after ' + how if how else ''}): "
                                 f"{len(left)} generic: {shown}")
            for i in unused(step, deal):
                lines.append(f"{lesson.file}, step {step.id}: mistakes[{i}] explains no move this step can receive")
    return lines
