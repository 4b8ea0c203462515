"""The sandbox's blind-bet window as a player meets it (seed 000, "Blind bets"): before the cut neither
the page nor its accessibility tree holds anything of the cut, the trump card or the player's hand;
then the cut and the trump card appear with the hand still face down; then the hand is picked up."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, shot
from common.i18n import _
from perlaggen_core.cards import ALL_CARDS
from sandbox.controller import HUMAN, Sandbox, Settings
from common.pagewords import card_names, suit_name

pytestmark = pytest.mark.browser
REGIONS = ("#table", "#hand", "#legend", "#figures", "#actions", "#status", "#log", "#signs", "#summary")


def secrets(game: Sandbox) -> set[str]:
    """The names of what the window hides: the human's cards, the trump card and its suit, the
    Perlaggen taken in the cut and the acorns set aside."""
    start, names = game.deal.start, card_names(game.rules)
    cards = set(start.hands[HUMAN]) | {start.trump_card} | set(start.captured) | set(start.exposed)
    return {names[c] for c in cards} | {_("Trumps: {suit}", suit=suit_name(start.trump_card[0]))}


@pytest.mark.parametrize("variant, seed", [("innsbruck", 5), ("eichel", 12), ("straf", 3)])
def test_nothing_of_the_cut_before_it_then_the_cut_then_the_cards(page: Page, variant, seed):
    game = Sandbox(Settings(variant=variant, seed=seed, strength="rule"))    # the page's game, under CPython
    page.goto(f"sandbox.html?new=1&variant={variant}&seed={seed}&strength=rule&speed=test")
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-phase", "before-cut")
    expect(page.locator("#figures button", has_text=_("Bet blind"))).to_have_count(3)
    html = "".join(page.locator(region).evaluate("e => e.outerHTML") for region in REGIONS)
    tree = page.locator("#main").aria_snapshot()
    hidden = secrets(game)
    for text in (html, tree):
        assert not [s for s in hidden if s in text], [s for s in hidden if s in text]
    codes = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert not codes & set(ALL_CARDS)                                   # no card face anywhere
    assert page.locator("#table .card:not(.back), #hand .card:not(.back)").count() == 0
    assert _("Your cards, face down") in tree and _("The pack, not cut yet") in tree
    shot(page, f"blind-window-{variant}")

    page.locator("#actions").get_by_role("button", name=_("No blind bet: on to the cut")).click()
    page.wait_for_selector(READY)
    names = card_names(game.rules)
    trump = game.deal.start.trump_card
    expect(page.locator("#table .trump [role=img]")).to_have_attribute("aria-label", re.compile(re.escape(names[trump])))
    expect(page.locator("#hand .card.back")).to_have_count(len(game.deal.start.hands[HUMAN]))
    assert page.locator("#hand [data-card]").count() == 0                 # cut, but not picked up yet
    assert names[game.deal.start.hands[HUMAN][0]] not in page.locator("#hand").aria_snapshot()
    shot(page, f"blind-cut-{variant}")

    page.locator("#actions").get_by_role("button", name=_("Pick up your cards")).click()
    page.wait_for_selector(READY)
    held = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(held) == sorted(game.deal.start.hands[HUMAN])
    shot(page, f"blind-picked-up-{variant}")


def test_three_players_are_not_invited_to_bet_blind(page: Page):
    page.goto("sandbox.html?new=1&variant=innsbruck-3&seed=4&strength=rule&speed=test")
    page.wait_for_selector(READY)
    status = page.locator("#status").inner_text()
    assert "blind" not in status.lower()
    assert page.locator("#figures button", has_text=_("Bet blind")).count() == 0
    expect(page.locator("#actions").get_by_role("button", name=_("Pick up your cards"))).to_be_visible()
