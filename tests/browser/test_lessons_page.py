"""The lessons as a new user meets them: the course opening with Giltspiel, the baptism lesson played
to its end with clicks only (a wrong move and a hint on the way), resuming after a reload, a step
opened by its link, a wrong answer and then the right one, the show put together from the hand, the
first whole deal played through, a table of three and Strafperlaggen's sheet, and the phone layout.
What to click comes from lessons.json; what is checked is found by data-* attributes and the
feedback's kind, or compared with lessons.json. Every step's drawing from the learner's seat is
checked under CPython (tests/web/test_lessons_python.py) and its layout in test_lesson_layout.py."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, quick, shot
from perlaggen_core import Action
from perlaggen_core.lesson import plain
from common.tableview import move_code
from common.pagewords import card_names

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lessons(site_dir) -> dict:
    data = json.loads((site_dir / "lessons" / "lessons.json").read_text())
    return {lesson["id"]: lesson for lesson in data["lessons"]}


def name(code: str) -> str:
    return card_names()[code]


def open_step(page: Page, address: str) -> None:
    page.goto(quick(address))
    page.wait_for_selector(READY)


def play(page: Page, text: str) -> None:
    """Make a move with the table's controls: a card (and a baptism in the picker), or a button."""
    action = Action.from_text(text)
    if action.act == "play":
        page.locator(f'#hand [data-card="{action.card}"]').click()
        picker = page.locator("dialog#picker")
        if picker.is_visible():
            picker.locator(f'[data-as="{action.baptism}"]' if action.baptism else ".option.plain").click()
    elif action.act == "show":
        for card in action.cards:
            page.locator(f'#hand [data-card="{card}"]').click()
            baptism = dict(action.baptisms).get(card)
            if baptism:
                page.locator(f'dialog#picker [data-as="{baptism}"]').click()
        page.locator('[data-do="show-selected"]').click()
    else:   # a button: beside the figures (bets and answers) or below the hand (done, exchange)
        page.locator(f'[data-move="{move_code(action.to_dict())}"]').first.click()
    page.wait_for_selector(READY)


def step_number_is(page: Page, number: int, total: int) -> None:
    expect(page.locator("#step-title")).to_have_attribute("data-number", str(number))
    expect(page.locator("#step-title")).to_have_attribute("data-total", str(total))


def solve(page: Page, step: dict) -> None:
    if step["kind"] == "question":
        page.locator(f'[data-choice="{step["answer"]}"]').click()
    else:
        play(page, step["solution"])
    solved(page)


def solved(page: Page) -> None:
    expect(page.locator("#feedback")).to_have_class(re.compile(r"\bcorrect\b"))


def test_a_newcomer_starts_the_course_with_giltspiel(page: Page, lessons):
    """The course's first lesson is Giltspiel (ordered before the cards): first in the list, numbered 1,
    its first step solved after a wrong card, and its end leads on to the cards."""
    first = min(lessons.values(), key=lambda l: l["order"])
    assert first["id"] == "giltspiel"
    step = first["steps"][0]
    page.goto("./")
    page.locator('.tiles a[href$="lessons.html"]').click()
    page.wait_for_selector(READY)
    expect(page.locator(".lesson-item").first).to_have_attribute("data-lesson", "giltspiel")
    page.locator(".lesson-item").first.locator(".lesson-progress a").click()
    page.wait_for_selector(READY)
    expect(page).to_have_url(re.compile(rf"lesson\.html#/giltspiel/{step['id']}$"))
    expect(page.locator(".crumbs")).to_contain_text(first["title"]["en"])
    expect(page.locator(".crumbs")).to_contain_text("1")
    expect(page.locator("#hand .card.perlagg")).to_have_count(0)           # no wild cards
    expect(page.locator("#table .seat")).to_have_count(4)
    wrong = step["mistakes"][0]
    page.locator(f'#hand [data-card="{wrong["action"]["card"]}"]').click()
    expect(page.locator("#feedback")).to_contain_text(wrong["text"]["en"])
    solve(page, step)
    expect(page.locator(".step-dots .dot.done")).to_have_count(1)
    shot(page, "lesson-giltspiel-first-step")
    cards = min((l for l in lessons.values() if l["order"] > first["order"]), key=lambda l: l["order"])
    for later in first["steps"][1:]:   # the rest of the lesson: its end leads on to the cards
        page.locator('[data-do="next"]').click()
        page.wait_for_selector(READY)
        solve(page, later)
    box = page.locator(".complete-box")
    expect(box.locator(f'a[href="#/{cards["id"]}"]')).to_contain_text(cards["title"]["en"])


def test_a_table_of_three_and_strafperlaggens_sheet(page: Page, lessons):
    """The other-tables lesson: three seats without teams, an answer in turn, and Strafperlaggen's
    score sheet counting down with a column for each player."""
    steps = {s["id"]: s for s in lessons["other-tables"]["steps"]}
    open_step(page, "lesson.html#/other-tables/answer-first")
    expect(page.locator("#table .seat")).to_have_count(3)
    expect(page.locator("#table .felt")).to_have_attribute("data-players", "3")
    expect(page.locator('.seat.pos-bottom[data-seat="0"]')).to_be_visible()
    expect(page.locator("#table .team")).to_have_count(0)             # nobody has a partner
    expect(page.locator("#score-sheet thead th")).to_have_count(3)
    shot(page, "lesson-three-players")
    play(page, steps["answer-first"]["solution"])
    solved(page)

    open_step(page, "lesson.html#/other-tables/count-down")
    expect(page.locator("#table .seat")).to_have_count(3)
    expect(page.locator("#score-sheet tr.now td")).to_have_text(["6", "8", "5"])     # counting down
    play(page, steps["count-down"]["solution"])
    solved(page)
    expect(page.locator("#score-sheet tr.now td").first).to_have_text("5")   # the Gleich came off
    shot(page, "lesson-strafperlaggen")

    open_step(page, "lesson.html#/other-tables/schlanders")                   # four seats again
    expect(page.locator("#table .seat")).to_have_count(4)
    expect(page.locator("#legend")).not_to_contain_text(name("E8"))   # which card is wild is the question
    expect(page.locator("#hand .card.perlagg")).to_have_count(0)
    page.locator('[data-do="hint"]').click()
    expect(page.locator("#legend")).to_contain_text(name("E8"))
    expect(page.locator('#hand .card.perlagg[data-card="E8"]')).to_have_count(1)


def test_new_user_completes_the_baptism_lesson_from_the_list(page: Page, lessons):
    lesson = lessons["baptism"]
    steps = lesson["steps"]
    page.goto("./")
    page.locator('.tiles a[href$="lessons.html"]').click()
    page.wait_for_selector(READY)
    item = page.locator('.lesson-item[data-lesson="baptism"]')
    expect(item.locator(".lesson-progress .mark")).to_have_attribute("data-state", "new")
    expect(item.locator(".lesson-progress .mark")).to_have_attribute("data-total", str(len(steps)))
    item.locator(".lesson-progress a").click()
    page.wait_for_selector(READY)
    expect(page).to_have_url(re.compile(rf"lesson\.html#/baptism/{steps[0]['id']}$"))
    step_number_is(page, 1, len(steps))

    first = steps[0]
    wrong = next(m for m in first["mistakes"] if "as" not in m["action"])
    page.locator(f'#hand [data-card="{wrong["action"]["card"]}"]').click()
    expect(page.locator("#feedback")).to_contain_text(wrong["text"]["en"])
    expect(page.locator("#feedback")).to_have_class(re.compile(r"\bmistake\b"))
    expect(page.locator("#feedback .retry")).to_be_visible()                  # try again
    expect(page.locator(f'#hand [data-card="{wrong["action"]["card"]}"]')).to_be_visible()   # nothing changed
    expect(page.locator("#announce")).to_contain_text(wrong["text"]["en"])
    page.locator('[data-do="hint"]').click()
    expect(page.locator(".hint-list li")).to_have_text([plain(first["hints"][0]["en"])])
    shot(page, "lesson-step")

    for number, step in enumerate(steps, 1):
        step_number_is(page, number, len(steps))
        solve(page, step)
        if number < len(steps):
            page.locator('[data-do="next"]').click()
            page.wait_for_selector(READY)
    box = page.locator(".complete-box")
    expect(box).to_have_attribute("data-first-try", str(len(steps) - 1))
    expect(box).to_have_attribute("data-total", str(len(steps)))
    expect(page.locator(".step-dots .dot.done")).to_have_count(len(steps))
    shot(page, "lesson-complete")

    box.locator('a[href="lessons.html"]').click()
    page.wait_for_selector(READY)
    item = page.locator('.lesson-item[data-lesson="baptism"]')
    expect(item).to_have_class(re.compile(r"\bcomplete\b"))
    expect(item.locator(".lesson-progress .mark")).to_have_attribute("data-state", "complete")
    expect(item.locator(".lesson-progress a")).to_be_visible()                # to review it
    shot(page, "lessons")


def test_reload_resumes_the_step_and_history_moves_between_steps(page: Page, lessons):
    steps = lessons["baptism"]["steps"]
    open_step(page, "lesson.html#/baptism")
    expect(page).to_have_url(re.compile(rf"#/baptism/{steps[0]['id']}$"))
    solve(page, steps[0])
    page.locator('[data-do="next"]').click()
    expect(page).to_have_url(re.compile(rf"#/baptism/{steps[1]['id']}$"))
    step_number_is(page, 2, len(steps))

    page.reload()
    page.wait_for_selector(READY)
    step_number_is(page, 2, len(steps))
    expect(page.locator(".step-dots .dot.done")).to_have_count(1)

    page.go_back()
    step_number_is(page, 1, len(steps))
    expect(page.locator("#step-title .done-mark")).to_be_visible()
    page.go_forward()
    step_number_is(page, 2, len(steps))
    page.locator(".step-nav .nav-prev").click()
    expect(page).to_have_url(re.compile(rf"#/baptism/{steps[0]['id']}$"))


def test_a_step_opens_from_its_link_and_a_wrong_answer_is_followed_by_the_right_one(page: Page, lessons):
    steps = lessons["baptism"]["steps"]
    question = next(s for s in steps if s["kind"] == "question")
    open_step(page, f"lesson.html#/baptism/{question['id']}")
    number = [s["id"] for s in steps].index(question["id"]) + 1
    step_number_is(page, number, len(steps))
    expect(page.locator(".question")).to_have_text(plain(question["question"]["en"]))
    expect(page.locator("[data-choice]")).to_have_count(len(question["choices"]))
    expect(page.locator(".played li.won")).to_have_count(0)          # the winner is not given away
    wrong = question["mistakes"][0]
    page.locator(f'[data-choice="{wrong["choice"]}"]').click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text(wrong["text"]["en"])
    expect(feedback).to_have_class(re.compile(r"\bwrong-answer\b"))
    expect(feedback.locator(".retry")).to_be_visible()                     # try another answer
    expect(feedback.locator(".answer")).to_have_count(0)                  # a wrong try does not give it away
    expect(page.locator(f'[data-choice="{wrong["choice"]}"]')).to_be_disabled()
    expect(page.locator(".played li.won")).to_have_count(0)
    expect(page.locator('[data-do="show-me"]')).to_have_count(0)          # not after one wrong try
    right = page.locator(f'[data-choice="{question["answer"]}"]')
    expect(right).to_be_enabled()
    right.click()
    solved(page)
    answer = next(c for c in question["choices"] if c["value"] == question["answer"])
    expect(page.locator(".choice.right")).to_have_text(answer["text"]["en"])
    expect(page.locator(".played li.won")).to_have_count(1)
    expect(page.locator("[data-choice]").first).to_be_disabled()
    expect(page.locator(".step-dots .dot.done")).to_have_count(1)


def test_the_first_whole_deal_played_through_with_one_hint(page: Page, lessons):
    lesson = lessons["first-deal"]
    steps = lesson["steps"]
    following = min((l for l in lessons.values() if l["order"] > lesson["order"]), key=lambda l: l["order"])
    open_step(page, "lesson.html#/first-deal")
    hinted = next(s for s in steps if s["kind"] == "act" and Action.from_text(s["solution"]).baptism)
    for number, step in enumerate(steps, 1):
        step_number_is(page, number, len(steps))
        if step is hinted:
            expect(page.locator("#hand .card.highlight")).to_have_count(0)   # no glow before the hint
            page.locator('[data-do="hint"]').click()
            expect(page.locator(".hint-list li")).to_have_text([plain(step["hints"][0]["en"])])
            expect(page.locator("#hand .card.highlight")).to_have_count(1)
        if step["kind"] == "act":
            expect(page.locator("body")).to_have_attribute("data-busy", "false")     # not waiting for others
        solve(page, step)
        page.wait_for_selector(READY)
        if number < len(steps):
            page.locator('[data-do="next"]').click()
            page.wait_for_selector(READY)
    expect(page.locator("#score-sheet [data-to-go]").first).to_have_attribute("data-to-go", "10")
    expect(page.locator("#score-sheet .to-go-line td").first).to_have_text("10")
    box = page.locator(".complete-box")
    expect(box).to_have_attribute("data-first-try", str(len(steps)))
    expect(box.locator(f'a[href="#/{following["id"]}"]')).to_contain_text(following["title"]["en"])   # the other tables
    expect(box.locator('a[href="sandbox.html"]')).to_be_visible()
    shot(page, "lesson-first-deal-complete")


def test_show_me_plays_the_solution_after_the_hints(page: Page, lessons):
    step = lessons["baptism"]["steps"][1]
    open_step(page, f"lesson.html#/baptism/{step['id']}")
    expect(page.locator('[data-do="show-me"]')).to_have_count(0)
    for hint in step["hints"]:
        page.locator('[data-do="hint"]').click()
    expect(page.locator(".hint-list li")).to_have_count(len(step["hints"]))
    page.locator('[data-do="show-me"]').focus()   # from the keyboard: Enter presses it
    page.keyboard.press("Enter")
    page.wait_for_selector(READY)
    expect(page.locator("#feedback")).to_have_class(re.compile(r"\bshown\b"))
    card = Action.from_text(step["solution"]).card
    expect(page.locator(f'.seat[data-seat="0"] .played [aria-label*="{name(card)}"]')).to_have_count(1)
    expect(page.locator('[data-do="next"]')).to_be_focused()


def test_the_show_is_chosen_from_the_hand_and_signals_are_drawn(page: Page, lessons):
    step = next(s for s in lessons["show"]["steps"] if s["id"] == "match-tens")
    open_step(page, f"lesson.html#/show/{step['id']}")
    for card in Action.from_text(step["solution"]).cards:
        page.locator(f'#hand [data-card="{card}"]').click()
        expect(page.locator(f'#hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    shot(page, "lesson-show")
    page.locator('[data-do="show-selected"]').click()
    page.wait_for_selector(READY)
    solved(page)
    expect(page.locator('.seat[data-seat="0"] .shown .card')).to_have_count(2)

    signal = next(s for s in lessons["deuten"]["steps"] if s.get("ask") == "signal")
    page.goto(page.url.split("#")[0] + f"#/deuten/{signal['id']}")
    expect(page.locator("figure.signal svg")).to_be_visible()
    expect(page.locator("#feedback")).to_be_empty()                  # the last step's verdict is gone
    expect(page.locator("figure.signal figcaption")).not_to_be_empty()
    shot(page, "lesson-signal")


def test_lesson_phone_layout(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_step(page, "lesson.html#/baptism/name-it")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    goal = page.locator(".goal").bounding_box()
    table = page.locator("#table").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert table["y"] < goal["y"] < hand["y"], "on a phone the step's goal comes between the table and the hand"
    page.locator('#hand [data-card="H9"]').click()
    expect(page.locator("#feedback")).to_be_in_viewport()
    shot(page, "lesson-phone")
    page.goto("lessons.html")
    page.wait_for_selector(READY)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "lessons-phone")
