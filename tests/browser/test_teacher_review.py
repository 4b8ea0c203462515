"""The review of a scenario on the teacher page, as a teacher uses it: Example 6 (a finished deal)
opened, the play of the seat at the bottom reviewed with a progress bar while the keys still step,
then a grade beside each of that seat's moves in the timeline, the reason beside the note on a
graded move, the projector view with it, no accessibility violation (axe-core), the same review
on a phone and a projector, and the review hidden again. Screenshots at three sizes and of the
German page go to test-artifacts/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, assert_no_violations, shot
from perlaggen_core.scenario import load_file
from tools.project import ROOT

pytestmark = pytest.mark.browser
EXAMPLE_6 = load_file(ROOT / "scenarios" / "06-example-6.json")
SOUTH = EXAMPLE_6.bottom
MOVES = [i for i, a in enumerate(EXAMPLE_6.replay().deal(EXAMPLE_6.replay().steps).actions) if a.seat == SOUTH]


def review(page: Page, address: str) -> None:
    """Open Example 6, start the review of the bottom seat and wait for its grades."""
    page.goto(address)
    page.wait_for_selector(READY)
    expect(page.locator("#review-seat")).to_have_value(str(SOUTH))
    page.locator('[data-do="review"]').click()
    expect(page.locator("body")).to_have_attribute("data-review-state", "working")
    expect(page.locator("#t-review #review-bar")).to_be_visible()
    page.keyboard.press("End")                         # the presenter's keys keep working meanwhile
    expect(page.locator("body")).to_have_attribute("data-step", str(EXAMPLE_6.steps))
    expect(page.locator("body")).to_have_attribute("data-review-state", "done", timeout=90_000)


def test_review_the_play_of_the_bottom_seat(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    review(page, "teacher.html#id=example-6")
    badges = page.locator("#t-timeline .grade")
    expect(badges).to_have_count(len(MOVES))
    for index in MOVES:
        expect(page.locator(f'#t-timeline [data-goto="{index + 1}"] .grade')).to_have_count(1)
    expect(page.locator("#t-review .review-summary")).to_be_visible()
    shot(page, "teacher-review-1280")
    page.locator(f'#t-timeline [data-goto="{MOVES[1] + 1}"]').click()
    verdict = page.locator("#t-review .t-verdict")
    expect(verdict.locator(".grade")).to_be_visible()
    grade = verdict.get_attribute("data-grade")
    expect(page.locator(f'#t-timeline [data-goto="{MOVES[1] + 1}"] .grade')).to_have_class(f"grade grade-{grade}")
    page.keyboard.press("ArrowRight")                  # another seat's move: no verdict there
    expect(page.locator("body")).to_have_attribute("data-step", str(MOVES[1] + 2))
    expect(verdict).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    expect(verdict).to_be_visible()
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile(r"\bprojector\b"))
    expect(verdict).to_be_visible()
    shot(page, "teacher-review-projector")
    page.keyboard.press("Escape")
    assert_no_violations(page, "teacher-review")         # axe-core, on a graded move

    for width, height in ((360, 740), (1920, 1080)):    # the grades stay; only the layout changes
        page.set_viewport_size({"width": width, "height": height})
        page.locator(f'#t-timeline [data-goto="{MOVES[0] + 1}"]').click()
        expect(page.locator("body")).to_have_attribute("data-step", str(MOVES[0] + 1))
        expect(page.locator("#t-review .t-verdict")).to_be_visible()
        shot(page, f"teacher-review-{width}")
    page.locator('[data-do="review-hide"]').click()
    expect(page.locator("body")).to_have_attribute("data-review-state", "off")
    expect(page.locator("#t-review")).to_be_hidden()
    expect(badges).to_have_count(0)
    expect(page.locator('[data-do="review"]')).to_be_enabled()


def test_the_review_in_german(german_page: Page):
    page = german_page
    page.set_viewport_size({"width": 1280, "height": 800})
    review(page, "de/teacher.html#id=example-6")
    page.locator(f'#t-timeline [data-goto="{MOVES[2] + 1}"]').click()
    expect(page.locator("#t-review .t-verdict .grade")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    shot(page, "teacher-review-de")
