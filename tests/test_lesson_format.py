"""The lesson format's later parts: success texts per accepted move and the claims read from them,
pages to read (the table of signs), and "teach before you ask" across the course."""
from __future__ import annotations

import json

import pytest

from perlaggen_core import Action, Deal
from perlaggen_core.lesson import LessonError, judge_action, load_lesson, report
from perlaggen_core.lesson.claims import false_claims, named_cards, winners
from perlaggen_core.lesson.continuity import ways_in
from perlaggen_core.lesson.coverage import success_problems
from perlaggen_core.lesson.moves import accepted
from perlaggen_core.lesson.teaching import check_teaching, relies_on, untaught
from test_lessons import LESSONS, STEPS

# Hearts led by seat 1 (Ace), nobody else can beat a trump: the learner's Martl may be named as any
# leaf (a trump, it wins) or as the Ace of hearts (it copies the winning card and wins too).
BAPTISM = {"id": "t", "title": {"en": "T", "de": "T"}, "steps": [{
    "id": "one", "goal": {"en": "Win it.", "de": "Mach ihn."}, "hints": [{"en": "h", "de": "h"}],
    "deal": {"dealer": 0, "trump_card": "L8",
             "hands": ["HK S9 E9 S8 E8", "HA H10 E10 S10 HO", "H7 EK EO SK H8", "H9 LK EA SA HU"]},
    "before": ["1 play HA", "2 play H7", "3 play H9"],
    "expect": {"condition": {"all": ["baptised", "wins_trick"]}}, "solution": "0 play HK=LA",
    "success": {"en": "Named as the Ace of leaves, your Martl took the trick.",
                "de": "Als Laub-Ass getauft, hat dein Martl den Stich gemacht."},
    "controls": ["play", "baptise"],
    "mistakes": [{"condition": "play", "text": {"en": "No.", "de": "Nein."}}]}]}


def lesson(**change) -> dict:
    data = json.loads(json.dumps(BAPTISM))
    data["steps"][0].update(change)
    return data


def test_a_success_text_naming_one_baptism_is_caught_for_every_other_accepted_move():
    loaded = load_lesson(lesson(), "t.toml")
    problems = report([loaded])
    assert problems, "the text says 'Ace of leaves' for every accepted baptism"
    assert any("after 0 play HK=HA" in p and "(en)" in p for p in problems)
    assert any("after 0 play HK=HA" in p and "(de)" in p for p in problems)
    assert not any("after 0 play HK=LA" in p for p in problems)


def test_success_variants_give_each_accepted_move_a_text_true_of_it():
    data = lesson(success={"en": "As a trump your Martl took the trick.", "de": "Als Trumpf hat dein Martl den Stich gemacht."},
                  successes=[{"condition": "as:HA", "text": {
                      "en": "Named as the Ace of hearts, your Martl copies the winning card and beats it.",
                      "de": "Als Herz-Ass getauft, macht dein Martl die Karte nach, die vorne lag, und schlägt sie."}}])
    loaded = load_lesson(data, "t.toml")
    assert report([loaded]) == []
    step = loaded.steps[0]
    deal = step.deal()
    assert judge_action(step, deal, Action.from_text("0 play HK=HA")).text["en"].startswith("Named as the Ace of hearts")
    assert judge_action(step, deal, Action.from_text("0 play HK=L7")).text == step.success


def test_a_success_variant_no_accepted_move_reaches_is_reported():
    data = lesson(successes=[{"condition": "as:SA", "text": {"en": "Never.", "de": "Nie."}}])
    assert any("successes[0] is the success text of no accepted move" in p for p in report([load_lesson(data, "t.toml")]))


@pytest.mark.parametrize("variant,field,words", [
    ({"action": "0 play S9", "text": {"en": "x", "de": "x"}}, "successes[0].action", "not one the step accepts"),
    ({"condition": "wins_all", "text": {"en": "x", "de": "x"}}, "successes[0].condition", "unknown condition"),
    ({"text": {"en": "x", "de": "x"}}, "successes[0]", "either 'action'"),
])
def test_broken_success_variants_name_their_field(variant, field, words):
    with pytest.raises(LessonError) as info:
        load_lesson(lesson(successes=[variant]), "t.toml")
    assert info.value.field == field and words in info.value.reason


def test_claims_read_from_the_words():
    assert named_cards("Named as the Ace of acorns, it wins.", "en", "L") == {"EA"}
    assert named_cards("as the Ace of trumps", "en", "L") == {"LA"}
    assert named_cards("auf das Trumpf-Ass getauft", "de", "L") == {"LA"}
    assert named_cards("als Eichel-Ass", "de", "L") == {"EA"}
    assert winners("Your partner's Ace took the trick.", "en", 0, 4) == {2}
    assert winners("East wins.", "en", 0, 4) == {3}
    assert winners("Ost gewinnt.", "de", 0, 4) == {3}
    assert winners("Dein Herz hat den Stich gemacht.", "de", 0, 4) == {0}
    assert winners("Your team takes the Spiel.", "en", 0, 4) == set()
    wrong = false_claims("East wins.", "en", action=None, namable=(), trump="L", learner=0, players=4, winner=1)
    assert wrong and "seat 3" in wrong[0]
    wrong = false_claims("A trump takes this trick.", "en", action=Action.from_text("0 play E7=EA"), namable=("EA",),
                         trump="L", learner=0, players=4, winner=0)
    assert wrong and "trump" in wrong[0]


@pytest.mark.parametrize("lesson,step", [(l, s) for l, s in STEPS if s.kind == "act"],
                         ids=[f"{l.id}/{s.id}" for l, s in STEPS if s.kind == "act"])
def test_every_accepted_move_gets_a_success_text_true_of_it(lesson, step):
    """Replays every move each step accepts, from every position it can start from, and checks what
    its success text says: the baptism it names, the trick's winner, a trump."""
    used = set()
    for record, how in ways_in(lesson)[step.id]:
        deal = Deal.from_record(record)
        problems, reached = success_problems(step, deal, accepted(step, deal))
        assert problems == [], how
        used |= reached
    assert used == set(range(len(step.successes)))


# ---------------------------------------------------------------------------- pages to read
READ = {"id": "signs", "kind": "read", "show": "signs", "goal": {"en": "Look.", "de": "Schau."},
        "deal": {"dealer": 3, "trump_card": "L8",
                 "hands": ["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "HK EK EO SK H8", "S7 LK E8 S8 HU"]}}
ASK = {"id": "ask", "kind": "question", "goal": {"en": "Read.", "de": "Lies."}, "question": {"en": "?", "de": "?"},
       "deal": READ["deal"], "ask": "signal", "params": {"signal": "martl"},
       "choices": [{"value": "martl", "text": {"en": "M", "de": "M"}}, {"value": "weli", "text": {"en": "W", "de": "W"}}],
       "success": {"en": "Yes.", "de": "Ja."}, "mistakes": [{"choice": "weli", "text": {"en": "No.", "de": "Nein."}}]}


def course(*steps: dict) -> dict:
    return {"id": "c", "title": {"en": "C", "de": "C"}, "steps": [json.loads(json.dumps(s)) for s in steps]}


def test_a_read_step_shows_the_signs_and_teaches_them_before_a_sign_is_asked():
    loaded = load_lesson(course(READ, ASK), "c.toml")
    read, ask = loaded.steps
    assert read.kind == "read" and read.show == "signs" and not read.success
    assert relies_on(ask) == {"signs:innsbruck"}
    check_teaching([loaded])
    asked_first = load_lesson(course(ASK, READ), "c.toml")
    with pytest.raises(LessonError) as info:
        check_teaching([asked_first])
    assert (info.value.step, info.value.field) == ("ask", "relies") and "table of signs" in info.value.reason


def test_a_read_step_asks_nothing():
    with pytest.raises(LessonError) as info:
        load_lesson(course({**READ, "expect": {"condition": "play"}}), "c.toml")
    assert info.value.field == "expect"
    with pytest.raises(LessonError) as info:
        load_lesson(course({**READ, "show": "pictures"}), "c.toml")
    assert info.value.field == "show"


def test_a_ruling_a_step_relies_on_must_be_taught_by_an_earlier_step_or_lesson():
    relying = {**ASK, "relies": [22]}
    late = load_lesson(course(READ, relying), "c.toml")
    assert [(s.id, missing) for _l, s, missing in untaught([late])] == [("ask", ["22"])]
    taught_here = load_lesson(course(READ, {**relying, "teaches": [22]}), "c.toml")
    assert untaught([taught_here]) == []
    earlier = load_lesson(course({**READ, "teaches": [22]}, relying), "c.toml")
    assert untaught([earlier]) == []
    with pytest.raises(LessonError):
        load_lesson(course({**ASK, "relies": [99]}), "c.toml")


def test_the_course_teaches_before_it_asks():
    """The signs before the first sign question, the counting order and Gleich before Hanger (lesson 9)
    before the steps that need them."""
    assert untaught(LESSONS) == []
    by_id = {(l.id, s.id): s for l, s in STEPS}
    assert by_id["deuten", "the-signs"].show == "signs"
    assert "22" in by_id["endgame", "order-counts"].teaches
    assert "23" in by_id["endgame", "ist-dritzig-erlaubt"].teaches and "23" in by_id["endgame", "gleich-before-hanger"].relies
