"""Every lesson step replayed with its solution and its anticipated mistakes; broken files fail clearly."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from perlaggen_core import Action, Deal
from perlaggen_core.lesson import (LANGS, REQUIRED, LessonError, judge_action, judge_answer, load_dir,
                                   load_lesson, receivable, report, uncovered)
from perlaggen_core.lesson.continuity import ways_in
from perlaggen_core.lesson.coverage import unused

ROOT = Path(__file__).resolve().parent.parent
LESSONS = load_dir(ROOT / "lessons")
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps]
GOLDEN = Path(__file__).parent / "golden" / "lessons.json"


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{l.id}/{s.id}" for l, s in STEPS])
def test_solution_passes_and_mistakes_explain_themselves(lesson, step):
    if step.kind == "read":   # a page to read: nothing asked, nothing to judge
        assert not (step.solution or step.mistakes or step.hints or step.choices) and step.goal
        return
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
    if any(a.blind and step.offers(a) for a in deal.legal_actions(step.learner)):
        assert deal.stage == "before_cut", "a blind bet is offered only before the cut"
    assert set(step.controls) <= set(lesson.controls), "a step may offer less than its lesson, never more"


@pytest.mark.parametrize("lesson,step", [(l, s) for l, s in STEPS if s.kind == "act"],
                         ids=[f"{l.id}/{s.id}" for l, s in STEPS if s.kind == "act"])
def test_a_move_the_controls_do_not_offer_is_refused_even_where_the_engine_allows_it(lesson, step):
    """A blind bet (no lesson teaches one) or a baptism before the baptism lesson never counts as the
    answer, even where it would meet the step's expectation: the learner hears it is not this step's."""
    deal = step.deal()
    for action in deal.legal_actions(step.learner):
        if not step.offers(action):
            verdict = judge_action(step, deal, action)
            assert verdict.kind == "illegal" and verdict.message.code in ("lesson.blind", "lesson.not_offered"), action
            assert (verdict.message.code == "lesson.blind") == action.blind


def test_the_course_teaches_blind_bets_before_the_cut():
    """The sandbox offers blind bets, so the course teaches them first: a step where the learner bets
    blind with nothing of the cut or the cards shown, and one on what it scores and that it costs no fine."""
    blind = [(l, s) for l, s in STEPS if s.kind == "act" and Action.from_text(s.solution).blind]
    assert blind, "no step asks for a blind bet"
    for lesson, step in blind:
        deal = step.deal()
        view = deal.view(step.learner)
        assert deal.stage == "before_cut" and view["trump_card"] is None and view["hand"] is None
        assert judge_action(step, deal, Action.from_text(step.solution)).ok
        assert 16 in lesson.teaches
    scored = [s for l, s in STEPS if s.kind == "question" and any(a.blind for a in s.deal().actions)]
    assert scored and all(s.deal().phase.over and not s.deal().penalties for s in scored)


def test_a_blind_bet_in_the_bluff_step_is_not_taken_for_the_bet():
    step = next(s for l, s in STEPS if (l.id, s.id) == ("betting", "bluff"))
    deal = step.deal()
    blind = Action.from_text("0 bet gleich blind")
    assert deal.can(blind)                                   # the engine alone would take it
    assert judge_action(step, deal, Action.from_text("0 bet gleich")).ok
    verdict = judge_action(step, deal, blind)
    assert not verdict.ok and verdict.message.code == "lesson.blind"


def transcript() -> dict:
    out = {}
    for lesson in LESSONS:
        for step in lesson.steps:
            deal = step.deal()
            if step.kind == "act":
                verdict = judge_action(step, deal, Action.from_text(step.solution))
                events = [e.to_dict() for e in verdict.events if e.type in ("play", "trick", "figure", "bet",
                                                                          "good", "hold", "show", "scored")]
            elif step.kind == "question":
                events = [{"answer": step.answer}]
            else:
                events = [{"read": step.show}]
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


GOOD = {"id": "t", "title": {"en": "T", "de": "T"}, "steps": [{
    "id": "one", "goal": {"en": "Lead.", "de": "Spiel aus."}, "success": {"en": "Yes.", "de": "Ja."},
    "hints": [{"en": "h", "de": "h"}],
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
    (broken(success={"en": "Yes.", "de": "Wie die Quelle sagt."}), "success", "cannot see"),
    (broken(goal={"en": "Lead.", "de": "Spiel wie in Beispiel 3."}), "goal", "cannot see"),
    (broken(hints=[{"en": "h", "de": "Partei 1 gewinnt."}]), "hints[0]", "Us and Them"),
    (broken(hints=[{"en": "h", "de": "Spiel den Buben aus."}]), "hints[0]", "Ober and Unter"),
    (broken(success={"en": "TODO: what to say.", "de": "Gut."}), "success", "placeholder"),
    (broken(goal={"en": "Lead.", "de": "Spiel den Herz-Neuner (H9)."}), "goal", "not its code 'H9' (de)"),
    (broken(goal="Lead a [[trump|trumpf]]."), "goal", "glossary links"),
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


GERMAN = {"title": {"en": "T", "de": "T"}, "goal": {"en": "Lead.", "de": "Spiel aus."},
          "success": {"en": "Yes.", "de": "Ja."}, "hints": [{"en": "h", "de": "T"}, "only English"]}


def test_a_text_without_a_required_language_names_file_step_and_field():
    """With German required (as the site requires it), a hint in English alone fails."""
    data = broken(**{k: v for k, v in GERMAN.items() if k != "title"})
    data["title"] = GERMAN["title"]
    with pytest.raises(LessonError) as info:
        load_lesson(data, "04-tricks.toml", required=("en", "de"))
    err = info.value
    assert (err.file, err.step, err.field) == ("04-tricks.toml", "one", "hints[1]") and "(de)" in err.reason
    assert str(err).startswith("04-tricks.toml, step one, field 'hints[1]'")
    data["steps"][0]["hints"][1] = {"en": "h2", "de": "T2"}
    assert load_lesson(data, "04-tricks.toml", required=("en", "de")).steps[0].hints[1]["de"] == "T2"
    english_title = dict(broken(), title="T")
    with pytest.raises(LessonError) as info:   # a lesson-level field names no step; German is required by default
        load_lesson(english_title, "t.toml")
    assert (info.value.step, info.value.field) == (None, "title")
    assert load_lesson(english_title, "t.toml", required=("en",)).title == {"en": "T"}
    assert REQUIRED == ("en", "de") and set(REQUIRED) <= set(LANGS)


def test_good_lesson_loads():
    assert load_lesson(GOOD, "good.toml").steps[0].solution == "0 play H9"


def test_every_ruling_is_taught_and_the_map_is_current():
    from perlaggen_core.lesson import ruling_map
    taught = {n for lesson in LESSONS for n in lesson.teaches}
    # 31 (Luck und Boden, an option) and 32 (the source line of a rule set) are the sandbox's to show
    assert taught >= set(range(1, 31)), sorted(set(range(1, 31)) - taught)
    assert (ROOT / "docs" / "lesson-map.md").read_text() == ruling_map(LESSONS)


# A Strafperlaggen deal: seat 2 bets the Hanger, seat 0 holds it, seat 1 rides free and wins it with a
# run of four; the Spiel goes to seat 1 unplayed and the Gleich to seat 2 in the show.
STRAF_HANDS = ["LK LO LU SA E10 S9 H10", "L10 L9 L8 L7 HA E8 S10", "SK SO SU EA E9 H9 EK"]
STRAF_PLAY = ("2 bet hanger; 0 hold hanger; 1 bet spiel; 2 good spiel; 0 good spiel; 1 show L10,L9,L8,L7;"
              "1 good gleich; 1 done; 2 good hanger; 2 show SK,EK; 2 done; 0 good hanger; 0 good gleich")


def test_penalty_and_to_go_questions_count_down_in_strafperlaggen():
    from helpers import make
    from perlaggen_core.lesson import QUESTIONS
    penalty, to_go = QUESTIONS["penalty"][1], QUESTIONS["to_go"][1]
    deal = make(STRAF_HANDS, trump="H8", dealer=1, variant="straf", scores=[6, 8, 5])
    with pytest.raises(ValueError):
        penalty(deal, {})                                  # not before the deal is scored
    assert to_go(deal, {}) == "6"                          # counting down: what is left to lose
    deal = make(STRAF_HANDS, trump="H8", dealer=1, variant="straf", scores=[6, 8, 5], actions=STRAF_PLAY)
    assert [penalty(deal, {"team": t}) for t in range(3)] == ["2", "0", "2"]   # the holder and the bettor
    assert [to_go(deal, {"team": t}) for t in range(3)] == ["8", "5", "6"]
    with pytest.raises(ValueError):
        penalty(deal, {"team": 3})


def test_penalty_question_is_negative_where_a_fine_is_taken_off():
    from helpers import make
    from perlaggen_core.lesson import QUESTIONS
    # seat 0 bets a Hanger it cannot show; everything is conceded to it, and the show ends at once
    deal = make(["H8 E8 SA L10 HO", "HA LA E10 S9 EO", "H10 SK EK H7 S10", "H9 EA LK S8 HU"], scores=[6, 4],
                actions="0 bet hanger; 1 good hanger; 1 good spiel; 0 show H8,E8; 0 done; 1 good gleich")
    assert QUESTIONS["penalty"][1](deal, {}) == "-2" and QUESTIONS["penalty"][1](deal, {"team": 1}) == "0"
    assert QUESTIONS["to_go"][1](deal, {}) == "14"
