"""Every lesson step replayed with its solution and its anticipated mistakes; broken files fail clearly."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from perlaggen_core import Action, Deal
from perlaggen_core.lesson import (LessonError, judge_action, judge_answer, load_dir, load_lesson, receivable, report,
                                   uncovered)
from perlaggen_core.lesson.continuity import ways_in
from perlaggen_core.lesson.coverage import unused

ROOT = Path(__file__).resolve().parent.parent
LESSONS = load_dir(ROOT / "lessons")
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps]
GOLDEN = Path(__file__).parent / "golden" / "lessons.json"


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{l.id}/{s.id}" for l, s in STEPS])
def test_solution_passes_and_mistakes_explain_themselves(lesson, step):
    if step.kind == "question":
        assert judge_answer(step, step.answer).ok
        for mistake in step.mistakes:
            verdict = judge_answer(step, mistake["choice"])
            assert verdict.kind == "mistake" and verdict.text == mistake["text"]
        return
    deal = step.deal()
    assert step.learner in deal.to_act or deal.can(Action.from_text(step.solution))
    assert judge_action(step, deal, Action.from_text(step.solution)).ok
    for mistake in step.mistakes:
        if "action" in mistake:
            verdict = judge_action(step, deal, Action.from_dict(mistake["action"]))
            assert verdict.kind == "mistake" and verdict.text == mistake["text"]
    assert step.hints, "every act step offers at least one hint"


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{l.id}/{s.id}" for l, s in STEPS])
def test_every_move_a_step_can_receive_has_its_own_words(lesson, step):
    """Illegal moves get the engine's refusal (a rule with its values); every legal move that is not
    the answer gets the lesson's own words, in every position the step can start from; every
    mistake's condition explains some move; a question has words for every wrong choice."""
    ways = ways_in(lesson)[step.id] if step.kind == "act" else [(None, "")]
    for record, how in ways:
        deal = Deal.from_record(record) if record else None
        assert uncovered(step, deal) == [], f"generic after {how or 'the step opens'}"
    assert unused(step) == []
    if step.kind == "act":
        assert all(step.offers(a) for a in receivable(step, step.deal()))


def test_the_validator_reports_nothing_generic():
    assert report(LESSONS) == []


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{l.id}/{s.id}" for l, s in STEPS])
def test_the_learner_sits_in_the_same_team_and_only_taught_controls_are_offered(lesson, step):
    deal = step.deal()
    assert deal.team(step.learner) == 0
    assert "blind" not in step.controls, "no lesson teaches blind bets"
    assert step.controls == lesson.controls


def transcript() -> dict:
    out = {}
    for lesson in LESSONS:
        for step in lesson.steps:
            deal = step.deal()
            if step.kind == "act":
                verdict = judge_action(step, deal, Action.from_text(step.solution))
                events = [e.to_dict() for e in verdict.events if e.type in ("play", "trick", "figure", "bet",
                                                                          "good", "hold", "show", "scored")]
            else:
                events = [{"answer": step.answer}]
            out[f"{lesson.id}/{step.id}"] = {"to_act": deal.to_act, "solution": step.solution,
                                             "events": events}
    return out


def test_golden_transcript():
    """Catches accidental changes. After a deliberate one, regenerate with PERLAGGEN_GOLDEN=1
    (only then is the file written; a missing file fails)."""
    current = json.loads(json.dumps(transcript()))
    if os.environ.get("PERLAGGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: write it with PERLAGGEN_GOLDEN=1 and review the diff"
    golden = json.loads(GOLDEN.read_text())
    changed = sorted(k for k in set(golden) | set(current) if golden.get(k) != current.get(k))
    assert not changed, f"lesson steps that play differently now: {changed}"


def test_lessons_have_enough_act_steps():
    for lesson in LESSONS:
        acts = [s for s in lesson.steps if s.kind == "act"] if lesson.id != "deuten" else lesson.steps
        assert len(acts) >= 6, f"{lesson.id} has only {len(acts)} steps where the learner acts"


GOOD = {"id": "t", "title": "T", "steps": [{
    "id": "one", "goal": "Lead.", "success": "Yes.", "hints": ["h"],
    "deal": {"dealer": 3, "trump_card": "L8",
             "hands": ["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"]},
    "expect": {"condition": "play"}, "solution": "0 play H9"}]}


def broken(**change) -> dict:
    data = json.loads(json.dumps(GOOD))
    data["steps"][0].update(change)
    return data


@pytest.mark.parametrize("data,field,words", [
    (broken(colour="red"), "colour", "unknown field"),
    (broken(solution="0 play HK"), "solution", "does not satisfy"),
    (broken(solution="1 play LA"), "solution", "learner is seat 0"),
    (broken(before=["2 play LU"]), "actions[0]", None),
    (broken(expect={"condition": "wins_everything"}), "expect.condition", "unknown condition"),
    (broken(deal={"dealer": 3, "trump_card": "L8", "hands": ["L10 H9 E9 S9 ZZ", "LA H10 E10 S10 HO",
                                                           "LU EK EO SK H8", "S7 LK E8 S8 HU"]}),
     "deal.hands.0.4", None),
    (broken(goal={"fr": "Jouez"}), "goal", "at least 'en'"),
    (broken(mistakes=[{"action": "0 play H9", "text": "no"}]), "mistakes[0].action", "satisfies"),
    (broken(mistakes=[{"action": "0 play HA", "condition": "play", "text": "no"}]), "mistakes[0]", "either"),
    (broken(mistakes=[{"condition": "wins_nothing", "text": "no"}]), "mistakes[0].condition", "unknown condition"),
    (broken(goal="Lead the H9."), "goal", "not its code 'H9'"),
    (broken(success="As the source says."), "success", "cannot see"),
    (broken(hints=["Team 1 wins."]), "hints[0]", "Us and Them"),
    (broken(learner=1), "learner", "team 0"),
    (broken(controls=["play"], solution="0 bet gleich", expect={"condition": "bet"}), "solution", "do not offer"),
    (broken(controls=["play"], mistakes=[{"action": "0 play H9=LA", "text": "no"}]), "mistakes[0].action", "do not offer"),
    (broken(highlight=["seat:9"]), "highlight", "seats"),
])
def test_broken_lessons_name_file_step_and_field(data, field, words):
    with pytest.raises(LessonError) as info:
        load_lesson(data, "broken.toml")
    err = info.value
    assert err.file == "broken.toml" and err.step == "one" and err.field == field
    assert "broken.toml, step one, field" in str(err)
    if words:   # the lesson tool's own words to the author (engine reasons are checked by code elsewhere)
        assert words in err.reason


def test_good_lesson_loads():
    assert load_lesson(GOOD, "good.toml").steps[0].solution == "0 play H9"


def test_every_ruling_is_taught_and_the_map_is_current():
    from perlaggen_core.lesson import ruling_map
    taught = {n for lesson in LESSONS for n in lesson.teaches}
    assert taught >= set(range(1, 26)), sorted(set(range(1, 26)) - taught)
    assert (ROOT / "docs" / "lesson-map.md").read_text() == ruling_map(LESSONS)
