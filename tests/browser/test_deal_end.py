"""The end of a deal in the sandbox, as a player sees it: the bets proven face up at the seats (a
failed one with its penalty), a line per proof in the log, and "Show all hands", never before the
deal is over; on a desktop and a phone, in English and German. The table page lays the proofs face
up at the seats too, and goes on to the next deal."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, quick, shot, store_before_start
from common.i18n import _
from plans import SEEDS
from sandbox.controller import Sandbox
from scenario import end_plan_for
from tests.helpers import HANGER_BLUFF

pytestmark = pytest.mark.browser
STORAGE_KEY = "perlaggen.sandbox.v2"   # sandbox_main's key: a saved game placed there is resumed
RECORD = HANGER_BLUFF   # you (seat 0) bet the Hanger in the show without one; East takes it


def assert_labels_inside_the_felt(page: Page) -> None:
    """Every label over cards laid face up at a seat (shown, proofs) lies wholly on the felt."""
    felt = page.locator("#table .felt").bounding_box()
    for label in page.locator("#table .seat .shown .label, #table .seat .proof .label").all():
        box, seat = label.bounding_box(), label.evaluate("el => el.closest('.seat').dataset.seat")
        assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"], f"seat {seat}: label cut off"


def open_position(page: Page, path: str) -> None:
    """The sandbox resuming the saved position, as after a return visit (stored before the page
    starts, so the page starts once)."""
    store_before_start(page, STORAGE_KEY, json.dumps(Sandbox.from_position(RECORD, 0).to_dict()))
    page.goto(path)
    page.wait_for_selector(READY)


def test_the_proofs_go_face_up_when_the_deal_ends(page: Page):
    width = 1366
    page.set_viewport_size({"width": width, "height": 800})
    open_position(page, "sandbox.html?speed=test")
    expect(page.locator("body")).to_have_attribute("data-phase", "show")
    expect(page.locator(".proof, .all-hands, .proofs")).to_have_count(0)      # nothing before the end
    page.locator('#actions [data-move="done"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-phase", "scored")
    mine = page.locator('#table .seat[data-seat="0"] .proof.failed')
    expect(mine).to_have_attribute("data-figure", "hanger")
    expect(mine.get_by_role("img")).to_have_count(2)                          # what you still held
    east = page.locator('#table .seat[data-seat="3"] .proof.ok[data-kind="takes"]')
    expect(east.get_by_role("img")).to_have_count(2)                         # the Ace and the Schell-Spitz
    expect(east.locator(".card.perlagg")).to_have_count(1)
    expect(page.locator('#log li.proof-failed[data-code="proof.failed"]')).to_have_count(1)
    expect(page.locator("#summary .proof-lines li")).to_have_count(2)
    assert_labels_inside_the_felt(page)
    hands = page.locator("#summary .all-hands")
    expect(hands.locator(".dealt-hands")).to_be_hidden()
    hands.get_by_text(_("Show all hands")).click()
    expect(hands.locator(".dealt-hands > li")).to_have_count(4)
    expect(hands.locator('.dealt-hands > li[data-seat="1"]').get_by_role("img")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"sandbox-proofs-{width}")
    page.set_viewport_size({"width": 360, "height": 800})                     # the same end on a phone
    expect(mine).to_be_visible()
    expect(east.get_by_role("img").first).to_be_visible()
    expect(hands.locator(".dealt-hands > li")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "sandbox-proofs-360")


def test_the_proofs_in_german(page: Page):
    """The same end in German: every label of it translated (none left as the English one)."""
    open_position(page, "de/sandbox.html?lang=de&speed=test")
    page.locator('#actions [data-move="done"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    failed = page.locator('#table .seat[data-seat="0"] .proof.failed .label')
    expect(failed).not_to_have_text(_("{figure} not shown: penalty of {points} points", figure="Hanger", points=2))
    expect(page.locator('#log li[data-code="proof.failed"]')).to_have_count(1)
    expect(page.locator("#summary .all-hands summary")).not_to_have_text(_("Show all hands"))
    expect(page.locator("#summary .all-hands summary")).not_to_be_empty()
    shot(page, "sandbox-proofs-de")


def test_the_table_page_lays_the_proofs_face_up_at_the_seats(page: Page):
    """In German (the longer words), on a desktop and then, the same end, on a phone."""
    lang = "de"
    plan = end_plan_for(SEEDS["table_end"])
    assert plan is not None, "seeds.json: table_end no longer gives a deal ending with proofs (choose again)"
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(quick(f"table.html?seed={plan.seed}&lang={lang}"))
    page.wait_for_selector(READY)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for kind, what, option in plan.steps:
        expect(page.locator("#table .proof")).to_have_count(0)               # nothing before the end
        if kind == "card":
            page.locator(f'#hand [data-card="{what}"]').click()
            if option is not None:
                page.locator(f'dialog#picker [data-option="{option}"]').click()
        else:
            page.locator(f'#figures [data-move="{what}"], #actions [data-move="{what}"]').click()
        page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-phase", re.compile("scored|game_over"))
    for proof in plan.proofs:
        state = "ok" if proof["ok"] else "failed"
        laid = page.locator(f'#table .seat[data-seat="{proof["seat"]}"] .proof.{state}[data-figure="{proof["figure"]}"]')
        expect(laid).to_have_count(1)
        expect(laid.get_by_role("img")).to_have_count(len(proof["cards"]))
    for width, height in ((1366, 800), (360, 800)):
        page.set_viewport_size({"width": width, "height": height})
        assert_labels_inside_the_felt(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"table-proofs-{lang}-{width}")
    page.locator('#actions [data-do="next-deal"], #actions [data-do="new-game"]').click()   # the table's own command
    page.wait_for_selector(READY)
    expect(page.locator("body")).not_to_have_attribute("data-phase", re.compile("scored|game_over"))
    expect(page.locator("#table .proof")).to_have_count(0)
    expect(page.locator("#hand [data-card]").first).to_be_visible()
