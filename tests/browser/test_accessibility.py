"""axe-core (npm, test only) finds no accessibility violation on any page, in any state a learner
meets: home, the glossary (in German), the lessons list, a lesson step, the table (and its baptism
picker), the sandbox's settings form and a game in every phase it passes through (the blind-bet
window, the play, the show, the deal scored) in English and German, the review of a deal with a
decision opened (checked in test_sandbox.py's review test, the same flow), and the teacher page (list,
presenter with a question, projector view, the editor's two stages; a seat's play reviewed is
checked in test_teacher_review.py, on the review it makes)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from harness import READY, assert_no_violations, quick
from plans import TARGET, first_deal, show_plan
from test_sandbox import do_step

pytestmark = pytest.mark.browser


def open_ready(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector(READY)


def test_home(page: Page):
    page.goto("./")
    assert_no_violations(page, "home")


def test_the_glossary_in_german(page: Page):
    page.goto("de/glossary.html?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert_no_violations(page, "glossary-de")


def test_lessons_list(page: Page):
    open_ready(page, "lessons.html")
    expect(page.locator(".lesson-item").first).to_be_visible()
    assert_no_violations(page, "lessons")


def test_a_lesson_step(page: Page, site_dir):
    lesson = json.loads((site_dir / "lessons" / "lessons.json").read_text())["lessons"][0]
    open_ready(page, quick(f"lesson.html#/{lesson['id']}/{lesson['steps'][0]['id']}"))
    expect(page.locator("body")).to_have_attribute("data-step", lesson["steps"][0]["id"])
    assert_no_violations(page, "lesson-step")


def test_the_table_and_its_baptism_picker(page: Page, plan):
    open_ready(page, quick(f"table.html?seed={plan.seed}"))
    assert_no_violations(page, "table")
    page.locator(f'#hand [data-card="{plan.first}"]').click()
    page.wait_for_selector(READY)
    page.locator(f'#hand [data-card="{plan.perlagg}"]').click()
    expect(page.locator("dialog#picker")).to_be_visible()
    assert_no_violations(page, "table-picker")


PHASES = ["before-cut", "opening", "play", "show", "scored"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_sandbox_in_every_phase_a_game_passes_through(page: Page, lang: str):
    """The settings form, then a game (seeds.json's "sandbox_show": its first deal has an answered
    bet and a show) checked once in each phase: the cards face down and not cut (blind bets), the cut
    cards still face down, the play, the show, the deal scored. German, the site's first language,
    goes through every phase; English through the phases up to the play (the rest differs only in
    its words). Before: the face-down hand was a list of empty items given role="img"."""
    phases = PHASES if lang == "de" else PHASES[:3]
    prefix = "" if lang == "en" else f"{lang}/"
    open_ready(page, f"{prefix}sandbox.html?lang={lang}&speed=test")
    expect(page.locator("#settings-form")).to_be_visible()
    assert_no_violations(page, f"sandbox-settings-{lang}")
    plan = show_plan()
    open_ready(page, f"{prefix}sandbox.html?lang={lang}&speed=test&new=1&target={TARGET}&strength=rule&seed={plan.seed}")
    checked: list[str] = []
    for step in first_deal(plan) + [None]:
        phase = page.locator("body").get_attribute("data-phase")
        if phase not in checked:
            checked.append(phase)
            assert_no_violations(page, f"sandbox-{phase}-{lang}")
        if step is None or checked == phases:
            break
        do_step(page, step)
        page.wait_for_selector(READY)
    assert checked == phases, checked


def test_the_teacher_page_list_presenter_projector_and_editor(page: Page):
    open_ready(page, "teacher.html")
    assert_no_violations(page, "teacher-list")
    open_ready(page, "teacher.html#id=example-6&step=9")
    expect(page.locator(".t-note.ask")).to_be_visible()
    assert_no_violations(page, "teacher-question")
    page.keyboard.press("f")
    assert_no_violations(page, "teacher-projector")
    page.keyboard.press("Escape")
    open_ready(page, "teacher.html#edit")
    page.locator('[data-e-form="seed"] button').click()
    expect(page.locator(".e-ok")).to_be_visible()
    assert_no_violations(page, "teacher-editor-position")
    page.locator('[data-do="record"]').click()
    expect(page.locator(".e-status")).to_be_visible()
    assert_no_violations(page, "teacher-editor-record")
