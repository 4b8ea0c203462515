"""The end of a deal in the sandbox, as a player sees it: the bets proven face up at the seats (a
failed one with its penalty), a line per proof in the log, and "Show all hands", never before the
deal is over; on a desktop and a phone, in English and German."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from harness import READY, shot
from common.i18n import _
from sandbox.controller import Sandbox
from tests.helpers import HANGER_BLUFF

pytestmark = pytest.mark.browser
STORAGE_KEY = "perlaggen.sandbox.v2"   # sandbox_main's key: a saved game placed there is resumed
RECORD = HANGER_BLUFF   # you (seat 0) bet the Hanger in the show without one; East takes it


def open_position(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_selector(READY)
    saved = json.dumps(Sandbox.from_position(RECORD, 0).to_dict())
    page.evaluate("([key, game]) => localStorage.setItem(key, game)", [STORAGE_KEY, saved])
    page.reload()
    page.wait_for_selector(READY)


@pytest.mark.parametrize("width", [1366, 360])
def test_the_proofs_go_face_up_when_the_deal_ends(page: Page, width: int):
    page.set_viewport_size({"width": width, "height": 800})
    open_position(page, "sandbox.html?speed=test")
    expect(page.locator("body")).to_have_attribute("data-phase", "show")
    expect(page.locator(".proof, .all-hands, .proofs")).to_have_count(0)      # nothing before the end
    page.locator("#actions").get_by_role("button", name=_("Done: end the team's turn")).click()
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-phase", "scored")
    mine = page.locator('#table .seat[data-seat="0"] .proof.failed')
    expect(mine).to_contain_text(_("{figure} not shown: penalty of {points} points", figure="Hanger", points=2))
    expect(mine.get_by_role("img")).to_have_count(2)                          # what you still held
    east = page.locator('#table .seat[data-seat="3"] .proof.ok')
    expect(east.get_by_role("img", name="Schell-Spitz (Seven of bells), Perlagg played as King of acorns")).to_be_visible()
    expect(page.locator("#log li.proof-failed")).to_contain_text("You cannot show a Hanger")
    expect(page.locator("#summary .proof-lines li")).to_have_count(2)
    hands = page.locator("#summary .all-hands")
    expect(hands.locator(".dealt-hands")).to_be_hidden()
    hands.get_by_text(_("Show all hands")).click()
    expect(hands.locator(".dealt-hands > li")).to_have_count(4)
    expect(hands.locator('.dealt-hands > li[data-seat="1"]').get_by_role("img")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"sandbox-proofs-{width}")


def test_the_proofs_in_german(page: Page):
    open_position(page, "de/sandbox.html?lang=de&speed=test")
    page.locator("#actions").get_by_role("button", name="Fertig: Zug der Partei beenden").click()
    page.wait_for_selector(READY)
    expect(page.locator('#table .seat[data-seat="0"] .proof.failed')).to_contain_text("Hanger nicht vorgezeigt")
    expect(page.locator("#log")).to_contain_text("Du kannst Hanger nicht vorzeigen")
    expect(page.locator("#summary .all-hands summary")).to_have_text("Alle Karten aufdecken")
    shot(page, "sandbox-proofs-de")
