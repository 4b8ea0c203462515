"""A browser that refuses to store (storage full, a private window): every page says so in its
message line, in its language, with the slot's code, and goes on working (common.storage)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY

pytestmark = pytest.mark.browser

REFUSE = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""


def test_the_sandbox_says_its_game_is_not_kept_and_plays_on(page: Page):
    page.add_init_script(REFUSE)
    page.goto("./sandbox.html?new=1&speed=test&seed=5")
    page.wait_for_selector(READY)
    message = page.locator("#message")
    expect(message).to_have_attribute("data-code", "unsaved:perlaggen.sandbox.v2")
    expect(message).to_have_class("message refusal")
    expect(page.locator("#table .seat")).to_have_count(4)              # the game goes on, unsaved
    expect(page.locator("body")).to_have_attribute("data-phase", re.compile(r"\w"))


def test_the_german_lesson_page_says_the_progress_is_not_kept(page: Page):
    page.add_init_script(REFUSE)
    page.goto("./de/lesson.html?lang=de#/cards")
    page.wait_for_selector(READY)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    message = page.locator("#message")
    expect(message).to_have_attribute("data-code", "unsaved:perlaggen:progress")
    expect(message).to_have_class("message refusal")
    expect(message).to_contain_text("Fortschritt")                     # in the page's language
    expect(page.locator("#hand [data-card]")).not_to_have_count(0)
