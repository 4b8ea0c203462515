"""The practice page: a puzzle on the table from the solver's seat, one try, the verdict with the
explanation and the moves' costs, the line played out to its end (offering nothing the page does
not answer), the next puzzle, the progress kept; in English and German."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from harness import READY, assert_no_violations, shot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = [p for f in sorted((ROOT / "puzzles").glob("*.json")) for p in json.loads(f.read_text())["puzzles"]]
# a puzzle whose tempting wrong answer is a card without a name: one click on the hand tries it
CARD = next(p for p in PUZZLES if p["wrong"][0]["action"]["act"] == "play" and "as" not in p["wrong"][0]["action"])


def test_a_wrong_card_gets_the_verdict_the_explanation_and_the_costs_then_the_next_puzzle(page: Page):
    page.goto(f"./practice.html?puzzle={CARD['id']}")
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-puzzle", CARD["id"])
    expect(page.locator("#table .seat")).to_have_count(len(CARD["record"]["hands"]))
    shot(page, "practice-before")
    wrong = CARD["wrong"][0]["action"]["card"]
    page.locator(f'#hand [data-card="{wrong}"]').click()
    expect(page.locator("body")).to_have_attribute("data-answered", "true")
    verdict = page.locator("#result .verdict.wrong")
    expect(verdict).to_contain_text("Not the best move.")
    expect(verdict).to_contain_text("The best move is to ")
    expect(verdict.locator(".costs li")).to_have_count(len(CARD["answers"]) + len(CARD["wrong"]))
    expect(page.locator('#hand [data-card]:not([aria-disabled="true"])')).to_have_count(0)    # one try
    page.locator("#hand [data-card]").first.click(force=True)                    # a second try counts for nothing
    expect(page.locator("#progress")).to_contain_text("missed 1")
    expect(page.locator("#progress")).to_contain_text("missed 1")
    shot(page, "practice-wrong")
    page.locator('[data-do="show-line"]').click()                                       # "show me": the line, move by move
    expect(page.locator(".show-line")).to_contain_text("move 1 of ")
    page.locator('[data-do="line-step"][data-arg="1"]').click()
    expect(page.locator(".show-line")).to_contain_text("move 2 of ")
    expect(page.locator('#progress tr[data-theme]').first).to_have_attribute("data-theme", CARD["theme"])  # missed: weakest
    onward = page.locator('[data-do="line-step"][data-arg="1"]')
    while onward.is_enabled():                                                     # to the line's end: the deal scored
        onward.click()
    expect(page.locator(".show-line")).to_contain_text(re.compile(r"move (\d+) of \1\."))
    expect(page.locator("#actions button")).to_have_count(0)    # no "Next deal" here: the practice page has no such command
    shot(page, "practice-line-end")
    page.locator('[data-do="next"]').click()
    expect(page.locator("body")).to_have_attribute("data-answered", "false")
    expect(page.locator("body")).not_to_have_attribute("data-puzzle", CARD["id"])
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator("#progress")).to_contain_text("missed 1")            # kept in localStorage


def test_the_german_page_names_the_answer_in_german(page: Page):
    page.goto(f"./de/practice.html?lang=de&puzzle={CARD['id']}")
    page.wait_for_selector(READY)
    page.locator(f'#hand [data-card="{CARD["wrong"][0]["action"]["card"]}"]').click()
    verdict = page.locator("#result .verdict")
    expect(verdict).to_contain_text("Das war nicht der beste Zug.")
    expect(verdict).to_contain_text("Am besten: ")
    expect(page.locator('[data-do="next"]')).to_have_text("Nächste Aufgabe")


@pytest.mark.parametrize("size", [(360, 740), (1366, 800)], ids=["phone", "desktop"])
def test_the_answered_puzzle_is_accessible_and_fits_a_phone(page: Page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"./de/practice.html?lang=de&puzzle={CARD['id']}")
    page.wait_for_selector(READY)
    page.locator(f'#hand [data-card="{CARD["wrong"][0]["action"]["card"]}"]').click()
    expect(page.locator("body")).to_have_attribute("data-answered", "true")
    wide = page.evaluate("() => [...document.querySelectorAll('.site-header a, button, .verdict, #table')]"
                         ".filter(el => el.getBoundingClientRect().right > innerWidth + 1).map(el => el.className)")
    assert not wide, wide
    assert_no_violations(page, f"practice-{size[0]}")


def test_a_theme_from_a_lessons_end_keeps_the_page_to_its_puzzles(page: Page):
    theme = PUZZLES[-1]["theme"]
    page.goto(f"./practice.html?theme={theme}")
    page.wait_for_selector(READY)
    ids = {p["id"] for p in PUZZLES if p["theme"] == theme}
    assert page.locator("body").get_attribute("data-puzzle") in ids
    expect(page.locator(".theme-note a")).to_have_attribute("href", "practice.html")


def test_a_puzzle_answered_is_presented_to_a_class_on_the_teacher_page(page: Page):
    """From the verdict, the teacher page in German: the deal up to the decision with the solver at
    the bottom and their hand alone open, a question for the class, then the answer played as the
    reveal with its explanation; at projector size."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"./de/practice.html?lang=de&puzzle={CARD['id']}")
    page.wait_for_selector(READY)
    page.locator(f'#hand [data-card="{CARD["wrong"][0]["action"]["card"]}"]').click()
    page.locator(f'#result a[href="teacher.html#puzzle={CARD["id"]}"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-mode", "present")
    at = len(CARD["record"]["actions"])
    page.goto(f"./de/teacher.html#puzzle={CARD['id']}&step={at}")
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-step", str(at))
    expect(page.locator("#t-note .t-note.ask")).to_be_visible()
    expect(page.locator(f'.t-seat[data-seat="{CARD["seat"]}"] ol.t-hand')).to_have_count(1)   # the solver's hand
    expect(page.locator("ol.t-hand")).to_have_count(1)                                        # and no other
    shot(page, "teacher-puzzle-question-de")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", str(at + 1))
    expect(page.locator('#t-note [data-part="answer"]')).not_to_be_empty()
    shot(page, "teacher-puzzle-answer-de")
