"""The lesson player's Python under CPython: the controller over every lesson, the step panel's
HTML and the drawn partner signals (progress and addresses: test_lesson_progress_python.py)."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from lessons import view as lv
from common.i18n import _
from common import tableview as tv
from lessons.player import LessonPlayer, canonical, lessons_from_json
from perlaggen_core import Action, msg
from perlaggen_core.lesson import judge_action, receivable
from common.signface import FEATURES, signal_face
from common.pagewords import card_names, say
from perlaggen_core.lesson import compile_dir
from perlaggen_core.signals import SYSTEMS
from lessons.progress import Progress

ROOT = Path(__file__).resolve().parents[2]
NAMES = card_names()
LESSONS = lessons_from_json(json.loads(compile_dir(ROOT / "lessons")))
BY_ID = {lesson.id: lesson for lesson in LESSONS}
STEPS = [(lesson.id, step.id) for lesson in LESSONS for step in lesson.steps]
SOLVABLE = [(lesson.id, step.id) for lesson in LESSONS for step in lesson.steps if step.kind != "read"]   # "Show me" has something to show


def player_at(lesson_id: str, step_id: str, progress: Progress | None = None) -> LessonPlayer:
    player = LessonPlayer(BY_ID[lesson_id], progress or Progress())
    player.open(step_id)
    return player


def ui_data(text: str) -> dict:
    """A move as the page sends it: the action's dict without the seat (the player adds the learner's)."""
    data = Action.from_text(text).to_dict()
    data.pop("seat")
    return data


def xml_ok(html: str) -> None:
    ET.fromstring("<root>" + html.replace("&nbsp;", " ").replace('href="#', 'data-href="#') + "</root>")


# --------------------------------------------------------------------------- the controller, every step
@pytest.mark.parametrize("lesson_id, step_id", STEPS, ids=[f"{l}/{s}" for l, s in STEPS])
def test_every_step_can_be_solved_through_the_player(lesson_id, step_id):
    progress = Progress()
    player = player_at(lesson_id, step_id, progress)
    step = player.step
    if step.kind == "read":   # a page to read is done once opened
        assert player.state.finished and not player.can_act() and lv.illustration_html(player)
    elif step.kind == "act":
        data = ui_data(step.solution)
        if data["act"] == "play" and player.needs_picker(data["card"]):   # the picker offers the solution
            assert data.get("as") in [o.action.baptism for o in player.picker_options(data["card"])]
        if data["act"] == "show" and player.show_mode():    # the show is put together card by card
            for card in reversed(data["cards"]):
                player.toggle(card, data.get("as", {}).get(card), choose=True)
            data = player.selected_show()
        feedback = player.try_action(data)
        assert feedback.kind == "correct", feedback.text
        while player.play_reply():
            pass
        assert not player.state.pending
    else:
        assert player.answer(step.answer).kind == "correct"
        assert player.answer_text()
    assert progress.first_try(lesson_id, step_id) is True
    assert lv.buttons_html(player) != ""             # Next, or the lesson's end


@pytest.mark.parametrize("lesson_id, step_id", SOLVABLE[::3], ids=[f"{l}/{s}" for l, s in SOLVABLE[::3]])
def test_show_me_solves_without_counting_as_first_try(lesson_id, step_id):
    progress = Progress()
    player = player_at(lesson_id, step_id, progress)
    while player.step.hints and not player.may_show_me():
        player.hint()
    assert len(player.hints()) == len(player.step.hints)
    feedback = player.show_me()
    assert feedback.kind == "shown" and feedback.text
    assert progress.is_done(lesson_id, step_id) and progress.first_try(lesson_id, step_id) is False


def test_wrong_moves_change_nothing_and_each_kind_has_its_text():
    progress = Progress()
    player = player_at("baptism", "name-it", progress)
    before = len(player.state.deal.actions)
    mistake = player.try_action({"act": "play", "card": "H9"})
    illegal = player.try_action({"act": "play", "card": "E9"})
    family = player.try_action({"act": "play", "card": "LU", "as": "HK"})   # a mistake named by a condition
    assert mistake.kind == "mistake" and "Ace of hearts is higher" in mistake.text
    # the engine's reason under the title "Not allowed" (lessonview.feedback_title), not repeating it
    assert illegal.kind == "illegal" and illegal.text == say(player.state.deal.refusal(Action.from_text("0 play E9")),
                                                             player.view())
    assert family.kind == "mistake" and "heart below the Ace" in family.text
    assert len(player.state.deal.actions) == before and player.state.wrong == 3
    assert not player.state.finished
    assert "try again" in lv.feedback_html(player)
    assert player.try_action({"act": "play", "card": "LU", "as": "LA"}).kind == "correct"
    assert progress.first_try("baptism", "name-it") is False


def test_no_blind_bet_is_offered_and_one_sent_anyway_is_refused():
    """The bluff step offers the Gleich's bet, never a blind one; a blind bet that reaches the player
    anyway is refused (not taken for the bet the step asks) and the step stays open."""
    player = player_at("betting", "bluff")
    assert not any(b.get("blind") for b in player.buttons())
    feedback = player.try_action({"act": "bet", "figure": "gleich", "blind": True})
    assert feedback.kind == "illegal" and feedback.text == say(msg("lesson.blind"))
    assert not player.state.finished and not player.state.deal.actions[len(player.step.start["actions"]):]
    assert player.try_action({"act": "bet", "figure": "gleich"}).kind == "correct"


def test_a_wrong_answer_explains_and_the_question_stays_open():
    progress = Progress()
    player = player_at("baptism", "who-wins-question", progress)
    feedback = player.answer("2")
    assert feedback.kind == "wrong-answer" and "same card beats the natural" in feedback.text
    assert not player.state.finished and not player.may_show_me()
    html = lv.step_body_html(player, NAMES)
    assert 'class="choice wrong"' in html and 'class="choice right"' not in html
    assert html.count("disabled") == 1                      # only the choice already tried
    assert "The answer" not in lv.feedback_html(player) and "Try another answer" in lv.feedback_html(player)
    player.answer("3")
    assert player.may_show_me()                             # "show me" after the second wrong try
    assert player.answer(player.step.answer).kind == "correct" and player.state.finished
    assert 'class="choice right"' in lv.step_body_html(player, NAMES)
    assert progress.first_try("baptism", "who-wins-question") is False


def test_show_me_reveals_a_questions_answer():
    player = player_at("baptism", "who-wins-question")
    player.answer("2")
    player.answer("3")
    assert player.show_me().kind == "shown"
    assert "The answer: You, with the Schell-Spitz" in lv.feedback_html(player)


def test_a_show_is_judged_in_the_lessons_card_order():
    player = player_at("show", "match-tens")
    assert player.show_mode()
    written = Action.from_text("0 show S6=L10,E10,S10")
    shuffled = Action.from_dict({"seat": 0, "act": "show", "cards": ["S10", "S6", "E10"], "as": {"S6": "L10"}})
    assert canonical(player.step, shuffled).cards == written.cards
    player.toggle("S10")
    player.toggle("S6", "L10", choose=True)
    player.toggle("E10")
    assert player.try_action(player.selected_show()).kind == "mistake"
    assert player.toggle("S6") is False and "S6" not in player.state.selection
    assert all(a["act"] != "show" for a in player.buttons())      # shows are built from the hand instead


def test_next_leads_on_and_the_last_step_sends_back_to_what_is_left():
    progress = Progress()
    lesson = BY_ID["baptism"]
    player = LessonPlayer(lesson, progress)
    assert player.step.id == lesson.steps[0].id and player.next_step() == lesson.steps[1].id
    player.open(lesson.steps[-1].id)
    player.show_me()
    assert player.next_step() == lesson.steps[0].id
    assert "still to do" in lv.buttons_html(player)
    for step in lesson.steps[:-1]:
        progress.solved(lesson.id, step.id)
    html = lv.buttons_html(player, ("tricks", "Playing the tricks"))
    n = len(lesson.steps)
    assert "Lesson complete" in html and f"{n - 1} of {n} steps solved on the first try" in html
    assert 'href="#/tricks"' in html
    assert 'href="sandbox.html"' in lv.buttons_html(player, None)     # after the last lesson: the sandbox
    assert 'href="sandbox.html"' not in html                         # not after every lesson
    assert 'href="practice.html?theme=baptism"' in html              # the lesson's own puzzles
    whole = player_at("first-deal", BY_ID["first-deal"].steps[-1].id, Progress())
    for step in whole.lesson.steps[:-1]:
        whole.progress.solved(whole.lesson.id, step.id)
    whole.answer(whole.step.answer)
    html = lv.buttons_html(whole, ("other-tables", "Other tables"))
    assert 'href="#/other-tables"' in html and 'href="sandbox.html"' in html   # the whole deal: the sandbox too


def test_the_course_starts_with_giltspiel_and_numbers_lessons_by_their_place():
    """Giltspiel is ordered before the cards lesson (order 0): it opens the course, and the step's
    head numbers it as the lessons page does, by its place in the course."""
    assert [lesson.id for lesson in LESSONS[:2]] == ["giltspiel", "cards"]
    assert LESSONS[0].order < LESSONS[1].order
    player = player_at("giltspiel", LESSONS[0].steps[0].id)
    assert "Lesson 1: " in lv.step_head_html(player, 1) and "Lesson 2: " in lv.step_head_html(player_at("cards", "martl"), 2)
    view = lv.table_view(player, NAMES)
    assert view["perlaggen"] == [] and view["players"] == 4
    assert "No Perlaggen" in tv.perlaggen_legend(view, NAMES)          # not an empty list of wild cards


# --------------------------------------------------------------------------- the step panel and the table
def test_step_panel_html_is_well_formed_and_marks_done_steps():
    progress = Progress()
    progress.solved("baptism", "name-it")
    player = player_at("baptism", "same-card-twice", progress)
    head = lv.step_head_html(player)
    xml_ok(head)
    assert f"Step 2 of {len(player.step_ids)}" in head and 'aria-current="step"' in head
    assert head.count('class="dot done"') == 1
    nav = lv.step_nav_html(player)
    assert 'href="#/baptism/name-it"' in nav and 'href="#/baptism/silent-perlagg"' in nav
    xml_ok(lv.step_body_html(player, NAMES))
    buttons = lv.buttons_html(player)
    assert "Hint (2 left)" in buttons and "Show me" not in buttons
    player.hint()
    player.hint()
    assert "Show me" in lv.buttons_html(player) and lv.hints_html(player).count("<li>") == 2


def test_table_view_numbers_seats_highlights_and_opens_hands():
    player = player_at("show", "call-the-bluff")
    view = lv.table_view(player, NAMES)
    html = tv.table_html(view, NAMES)
    assert ">North<" in html and ">You<" in html and ">West<" in html and ">East<" in html   # as the sandbox names them
    assert "seat 2" not in html and "(seat" not in html
    assert html.count('class="open-hand"') == 3 and 'class="card back"' not in html
    assert html.count('<span class="label" aria-hidden="true">In hand</span>') == 3   # told apart from played cards
    assert "Shown" in html
    assert lv.areas(player) == ["figures"]
    for seat in (1, 3):   # the Unters seat 3 laid down are in its "Shown" row, no longer in its hand
        hand = set(view["hands"][seat]) - {c for c, _b in view["shown"][seat]}
        assert view["hand_sizes"][seat] == 0                    # no backs under an open hand
        assert f'aria-label="{len(hand)} cards in hand"' in view["seat_extras"][seat]
    assert "0 cards in hand" not in html
    highlighted = player_at("baptism", "name-it")
    hand = lv.hand_html(highlighted, lv.table_view(highlighted, NAMES), NAMES)
    assert "highlight" not in hand                              # nothing marks the answer before a hint
    assert all(o.wins is None and o.gleich is None for o in highlighted.picker_options("LU"))   # no previews yet
    highlighted.hint()
    hand = lv.hand_html(highlighted, lv.table_view(highlighted, NAMES), NAMES)
    assert re.search(r'class="card perlagg highlight[^"]*" data-card="LU"', hand)
    assert any(o.wins for o in highlighted.picker_options("LU"))


HIDING = [(l.id, s.id) for l in LESSONS for s in l.steps if s.hide_perlaggen]


@pytest.mark.parametrize("lesson_id, step_id", HIDING, ids=[f"{l}/{s}" for l, s in HIDING])
def test_a_step_asking_which_cards_are_wild_marks_none_before_a_hint(lesson_id, step_id):
    """No star, no glow, no "Perlagg" in a card's name and no list under the hand until the first
    hint: the step's question is which cards are wild."""
    player = player_at(lesson_id, step_id)
    wild = [c for c in player.view()["hand"] if c in player.view()["perlaggen"]]
    assert wild, "the learner holds a Perlagg to find"
    view = lv.table_view(player, NAMES)
    html = tv.table_html(view, NAMES) + lv.hand_html(player, view, NAMES)
    legend = lv.legend_html(view, NAMES)
    assert "perlagg" not in html and ", Perlagg" not in html
    assert not any(NAMES[c] in legend for c in wild) and "No Perlaggen" not in legend
    player.hint()
    view = lv.table_view(player, NAMES)
    assert 'class="card perlagg' in lv.hand_html(player, view, NAMES)
    assert all(NAMES[c] in lv.legend_html(view, NAMES) for c in wild)


def test_the_cards_lesson_hides_the_wild_marks_where_they_would_tell():
    assert {s for l, s in HIDING if l == "cards"} >= {"natural-lead", "martl", "leaf-seven", "hearts-trumps",
                                                       "acorn-trumps"}
    assert {s for l, s in HIDING if l == "other-tables"} == {"schlanders", "deutschnofen"}


def test_other_tables_draw_three_seats_a_count_down_sheet_and_change_rule_sets_between_steps():
    """One lesson, several rule sets: three seats (no teams) for the three-player steps, Strafperlaggen's
    sheet counting down with a column per player, and four seats again for a regional set."""
    from common.scoresheet import deal_row, score_sheet_html
    player = player_at("other-tables", "answer-first")
    view = lv.table_view(player, NAMES)
    html = tv.table_html(view, NAMES)
    assert 'data-players="3"' in html and html.count('<section class="seat') == 3
    assert [m for m in re.findall(r'class="seat pos-(\w+)', html)] == ["bottom", "left", "right"]
    sheet = score_sheet_html([], view)
    assert sheet.count('<th scope="col">') == 3 and not view["count_down"]
    assert "Your turn to answer the bet on the Gleich" in lv.status_text(player, view)

    player.open("count-down")                         # Strafperlaggen: from 9 down to 0
    view = lv.table_view(player, NAMES)
    assert view["count_down"] and view["scores"] == [6, 8, 5] and view["players"] == 3
    assert "down to 0" in score_sheet_html([], view)
    player.show_me()
    while player.play_reply():
        pass
    assert player.view()["scores"][0] == 5            # the Gleich, conceded by both, comes off at once

    player.open("the-price")                          # the deal scored: the learner's hold cost 2
    view = lv.table_view(player, NAMES)
    assert lv.panel_hidden(player)                    # the sheet would tell the answer
    player.answer(player.step.answer)
    row = deal_row(1, view)
    assert row["scores"] == [8, 5, 6] and row["start"] == [6, 8, 5] and row["penalties"] == [2, 2]
    sheet = score_sheet_html([row], view)
    assert '<span class="gain">+2</span> <small class="fine">(2)</small> <strong>8</strong>' in sheet
    xml_ok(sheet)

    player.open("schlanders")                         # back to four seats, with Schlanders' own wild cards
    player.hint()                                     # (which are marked once a hint is taken)
    view = lv.table_view(player, NAMES)
    assert view["players"] == 4 and tv.table_html(view, NAMES).count('<section class="seat') == 4
    assert "E8" in view["perlaggen"] and "S6" not in view["perlaggen"]
    assert NAMES["E8"] in tv.perlaggen_legend(view, NAMES)


# --------------------------------------------------------------------------- every step, as a newcomer meets it
def receivable_sample(player: LessonPlayer, most: int = 40) -> list:
    """Moves the learner can make here, spread over the whole list (the show has thousands)."""
    moves = list(receivable(player.step, player.state.deal))
    return moves[:: max(1, len(moves) // most)]


@pytest.mark.parametrize("lesson_id, step_id", STEPS, ids=[f"{l}/{s}" for l, s in STEPS])
def test_every_step_is_drawn_from_the_learners_seat(lesson_id, step_id):
    """The learner sits at the bottom as "You", in the team colour of "Us" (at a table where everyone
    plays alone, with no team at all), whoever is to act, before and after the step is solved."""
    player = player_at(lesson_id, step_id)
    for _round in range(2):
        view = lv.table_view(player, NAMES)
        html = tv.table_html(view, NAMES)
        seat = player.step.learner
        assert view["seat"] == seat and view["teams"][seat] == 0
        if lv.alone(view):
            bottom = re.search(r'<section class="seat pos-bottom[^"]*" data-seat="(\d)" aria-label="([^"]*)">'
                               r'<header><strong>[^<]*</strong> (<span class="team)?', html)
            assert bottom and bottom.groups() == (str(seat), "You", None), bottom and bottom.groups()
            assert 'class="team ' not in html
        else:
            bottom = re.search(r'<section class="seat pos-bottom[^"]*" data-seat="(\d)" aria-label="([^"]*)">'
                               r'<header><strong>[^<]*</strong> <span class="team team-(\d)">([^<]*)</span>', html)
            assert bottom and bottom.groups() == (str(seat), "You", "0", "Us"), bottom and bottom.groups()
        assert "0 cards in hand" not in html
        if player.step.ask == "is_legal" and Action.from_text(player.step.params["action"]).seat != seat:
            subject = Action.from_text(player.step.params["action"]).seat   # another seat's move: marked
            marked = re.findall(r'<section class="seat [^"]*" data-seat="(\d)"(?:(?!</section>).)*tag focus', html)
            assert view["focus_seats"] == [subject] and marked == [str(subject)]
        if player.step.kind == "act":
            player.show_me()
        else:
            player.answer(player.step.answer)


@pytest.mark.parametrize("lesson_id, step_id", STEPS, ids=[f"{l}/{s}" for l, s in STEPS])
def test_a_wrong_try_gets_its_own_words_and_leaves_the_step_open(lesson_id, step_id):
    player = player_at(lesson_id, step_id)
    step = player.step
    generic = say(msg("lesson.unwanted"))
    if step.kind == "read":
        assert player.state.finished and player.try_action({"act": "play", "card": "HA"}) is None
        return
    if step.kind == "question":
        for choice in step.choices:
            if choice["value"] != step.answer:
                feedback = player.answer(choice["value"])
                assert feedback.kind == "wrong-answer" and feedback.text and not player.state.finished
        assert player.answer(step.answer).kind == "correct"
        return
    actions = len(player.state.deal.actions)
    tried = 0
    for action in receivable_sample(player):
        if judge_action(step, player.state.deal, action).ok:
            continue
        data = action.to_dict()
        data.pop("seat")
        feedback = player.try_action(data)
        assert feedback.kind in ("mistake", "illegal") and feedback.text and generic not in feedback.text, str(action)
        assert not player.state.finished and len(player.state.deal.actions) == actions
        tried += 1
    assert player.state.wrong == tried
    assert player.may_show_me() == (tried >= 2 or not step.hints)
    assert player.try_action(ui_data(step.solution)).kind == "correct"


@pytest.mark.parametrize("lesson_id, step_id", STEPS, ids=[f"{l}/{s}" for l, s in STEPS])
def test_the_status_line_says_what_the_learner_must_do(lesson_id, step_id):
    player = player_at(lesson_id, step_id)
    text = lv.status_text(player, lv.table_view(player, NAMES))
    step = player.step
    assert text and not text.startswith("Waiting")
    if step.kind == "read":
        assert text.startswith("This step is done")
        return
    if step.kind == "question":
        assert text == "Answer the question beside the table."
        html = lv.status_html(player, lv.table_view(player, NAMES))   # and above it, where the layout says so
        assert 'class="wide-only">Answer the question beside the table.' in html
        assert 'class="narrow-only">Answer the question above.' in html
    else:
        act = Action.from_text(step.solution).act
        answer = "answer the bet" if lv.alone(player.view()) else "Answer the other team's bet"   # no teams at three
        expected = {"play": "card", "hold": answer, "raise": answer,
                    "show": "show", "done": "show", "declare": "Declare", "exchange": "exchange"}.get(act)
        if act == "good":
            expected = answer if player.view()["answering_team"] == 0 else "good"
        if act == "bet":
            expected = "bet"
        assert expected.lower() in text.lower(), (act, text)
        offered = {a.act for a in player.legal()}
        assert "good" in offered or "good" not in text.lower(), text        # no button the step does not offer
        if "show the chosen cards" in text.lower():                 # the show names exactly its offered buttons
            named = text[text.rfind("(") + 1:text.rfind(")")].split(", ") if text.endswith(").") else []
            assert named == [tv.short_label(a) for a in ("bet", "good", "done") if a in offered], text
    if step.kind == "act":
        player.show_me()
        while player.play_reply():
            pass
    else:
        player.answer(step.answer)
    assert lv.status_text(player, lv.table_view(player, NAMES)).startswith("This step is done")


def test_a_continuing_step_shows_what_the_learner_did():
    """The Weli named as the Ten of hearts (not the solution's Ten of leaves) stays the Ten of hearts
    in the steps that continue the deal, also after a reload."""
    progress = Progress()
    player = player_at("show", "weli-as-ten", progress)
    assert player.try_action({"act": "show", "cards": ["S6"], "as": {"S6": "H10"}}).kind == "correct"
    for step_id in ("winners-frozen", "fourth-ten", "points-example-6"):
        again = player_at("show", step_id, Progress.from_json(progress.to_json()))
        shown = dict(again.view()["shown"][0] and [tuple(x) for x in again.view()["shown"][0]])
        assert shown["S6"] == "H10", step_id
        assert "Ten of hearts" in tv.table_html(lv.table_view(again, NAMES), NAMES)
    player.open("weli-as-ten")
    player.show_me()                                     # "show me" plays the solution: the Ten of leaves
    assert dict(tuple(x) for x in player_at("show", "fourth-ten", progress).view()["shown"][0])["S6"] == "L10"


def test_progress_without_kept_moves_still_loads():
    old = '{"version": 1, "lessons": {"show": {"done": ["concede-hanger"], "first": {"concede-hanger": true}, "current": "end-turn"}}}'
    progress = Progress.from_json(old)
    assert progress.is_done("show", "concede-hanger") and progress.move("show", "weli-as-ten") is None
    assert player_at("show", "fourth-ten", progress).state.deal.to_record() == \
        player_at("show", "fourth-ten").state.deal.to_record()


def test_a_trick_winner_question_keeps_the_winner_back_until_answered():
    player = player_at("baptism", "who-wins-question")
    assert 'class="won' not in tv.table_html(lv.table_view(player, NAMES), NAMES)
    player.answer("2")
    assert 'class="won' not in tv.table_html(lv.table_view(player, NAMES), NAMES)   # a wrong try gives nothing away
    player.answer("0")
    assert 'class="won' in tv.table_html(lv.table_view(player, NAMES), NAMES)


def test_figures_questions_hide_the_panel_until_answered():
    steps = [(l.id, s.id) for l in LESSONS for s in l.steps if s.ask in ("deal_points", "figure_winner")]
    assert steps
    player = player_at(*steps[0])
    assert lv.panel_hidden(player)
    player.show_me()
    assert not lv.panel_hidden(player)


# --------------------------------------------------------------------------- partner signals
@pytest.mark.parametrize("system, signal", [(s, k) for s, table in SYSTEMS.items() for k in table])
def test_every_signal_is_drawn_and_the_drawing_does_not_tell_the_meaning(system, signal):
    sig = SYSTEMS[system][signal]
    assert FEATURES[system][signal], f"nothing to draw for {system}/{signal}"
    svg = signal_face(system, signal, say(sig.gesture))
    ET.fromstring(svg)
    assert say(sig.caption) not in svg


def test_signal_questions_show_the_gesture_not_the_caption():
    step = next(s for s in BY_ID["deuten"].steps if s.ask == "signal")
    player = player_at("deuten", step.id)
    body = lv.step_body_html(player, NAMES)
    sig = SYSTEMS["innsbruck"][step.params["signal"]]
    assert say(sig.gesture) in body and say(sig.caption) not in body and "<svg" in body


def test_the_blind_bet_step_shows_the_window_and_takes_the_blind_bet():
    """Before the cut the learner's cards lie face down (no card in the page), the pack is uncut, the
    figures offer blind bets only, and the blind Gleich is taken for the step's answer."""
    player = player_at("betting", "blind")
    view = lv.table_view(player, NAMES)
    hand = lv.hand_html(player, view, NAMES)
    assert "face-down" in hand and hand.count('class="card back"') == 5 and "data-card" not in hand
    table = tv.table_html(view, NAMES)
    assert "data-card" not in table and _("Not cut yet") in table and lv.legend_html(view, NAMES) == ""
    assert {(b["act"], b.get("blind")) for b in player.buttons()} == {("bet", True)}
    assert "blind" in lv.status_text(player, view)
    assert player.try_action({"act": "bet", "figure": "gleich", "blind": True}).kind == "correct"


def test_every_puzzle_theme_is_offered_at_the_end_of_a_lesson_of_the_course():
    from common.puzzlethemes import themes_of_lesson
    from perlaggen_core.puzzles import THEMES
    assert themes_of_lesson("betting") == ["fifth-trick", "betting"] and themes_of_lesson("tricks") == ["following"]
    offered = [t for lesson in BY_ID for t in themes_of_lesson(lesson)]
    assert sorted(offered) == sorted(THEMES)
