"""The site as a new user meets it: home, the table, a refusal, a baptism, a whole trick, offline, keyboard."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, quick, served_instead, shot
from common.pagewords import card_names

pytestmark = pytest.mark.browser


def open_table(page: Page, seed: int | None = None, query: str = "", paced: bool = False) -> None:
    """The table page, at the tests' speed unless `paced` (as a person sees it: each move's
    announcement stays until the next move, a pause later)."""
    address = "table.html" + (f"?seed={seed}" if seed is not None else "") + query
    page.goto(address if paced else quick(address))
    page.wait_for_selector(READY)


def hand_card(page: Page, code: str):
    return page.locator(f'#hand [data-card="{code}"]')


def played(page: Page, seat: int):
    return page.locator(f'.seat[data-seat="{seat}"] .played li')


def test_home_links_and_static_content(page: Page):
    page.goto("./")
    expect(page.get_by_role("heading", level=1)).not_to_be_empty()
    tiles = page.locator(".tiles")
    for target in ("lessons.html", "table.html", "sandbox.html", "teacher.html"):
        expect(tiles.locator(f'a[href$="{target}"]')).to_be_visible()
    expect(tiles.locator(".soon")).to_have_count(0)
    shot(page, "home")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "home-phone")


def test_table_paints_before_python_and_names_what_loads(page: Page):
    page.goto("table.html")
    expect(page.locator("#loading-text")).not_to_be_empty()                 # it names what loads
    expect(page.locator(".felt")).to_be_visible()
    page.wait_for_selector(READY)
    expect(page.locator("#loading")).to_be_hidden()


def test_a_file_that_does_not_load_is_said_on_the_loading_line(page: Page, guard):
    with served_instead(page, "py/site.zip", "gone", status=404):
        page.goto("table.html")
        expect(page.locator("#loading-text")).to_have_text(page.locator("#loading").get_attribute("data-failed"))
        expect(page.locator("#loading .spinner")).to_be_hidden()
        assert page.locator("body[data-ready=true]").count() == 0
        assert any("site.zip" in p for p in guard)  # the failure is logged too; nothing else went wrong
        page.close()                                # no later report of the same failure can arrive
    # the page started from the shared context's snapshot and never got ready: a second such start
    # in a row would switch snapshots off for the tests after this one. Reset once it is closed, so
    # that its restore, which may still be under way when the failure shows, writes nothing after.
    home = page.context.new_page()
    home.goto("css/site.css")
    home.evaluate("""note => localStorage.setItem(note,
      JSON.stringify({ ...JSON.parse(localStorage.getItem(note)), unready: 0 }))""", "perlaggen:python-snapshot")
    guard[:] = [p for p in guard if "site.zip" not in p and "404" not in p]


def test_new_user_plays_is_refused_baptises_and_finishes_a_trick(page: Page, plan):
    page.goto("./")
    page.locator('.tiles a[href$="table.html"]').click()             # the Table tile, then the plan's deal
    page.wait_for_selector(READY)
    open_table(page, plan.seed)
    expect(page.locator("body")).to_have_attribute("data-to-act", "0")        # the human's turn

    hand_card(page, plan.first).click()
    expect(played(page, 0)).to_have_count(1)
    page.wait_for_selector(READY)
    expect(page.locator(".played li.won")).to_have_count(1)          # the first trick is complete
    expect(page.locator("body")).to_have_attribute("data-to-act", "0")

    hand_card(page, plan.refused).click()
    expect(page.locator("#message")).to_contain_text(plan.reason)
    expect(hand_card(page, plan.refused)).to_be_visible()            # refused: still in hand

    hand_card(page, plan.perlagg).click()
    picker = page.locator("dialog#picker")
    expect(picker).to_be_visible()
    options = picker.locator("[data-option]")
    expect(options).to_have_count(len(plan.baptisms) + (1 if plan.plays_unbaptised else 0))
    expect(picker.locator(".suit-group")).to_have_count(len({b[0] for b in plan.baptisms}))
    expect(picker.locator(".preview").first).not_to_be_empty()
    shot(page, "picker")
    picker.locator(".option:not(.plain)").first.click()
    expect(picker).to_be_hidden()

    mine = played(page, 0).nth(1)
    expect(mine.locator(".card")).to_have_attribute("aria-label", re.compile(" played as "))
    page.wait_for_selector(READY)
    expect(page.locator(".played li.won")).to_have_count(2)           # the second trick is complete
    won = page.locator(".played li.won").first
    assert won.evaluate("el => getComputedStyle(el).transform") != "none"
    shot(page, "table")


def test_keyboard_only(page: Page, plan):
    open_table(page, plan.seed, paced=True)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#hand [data-card]')"):
            break
    else:
        pytest.fail("Tab never reached a card in the hand")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused card shows no focus ring"
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    assert second != first
    expect(page.locator("#announce")).not_to_be_empty()
    page.keyboard.press("ArrowLeft")
    while page.evaluate("document.activeElement.dataset.card") != plan.first:
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(played(page, 0)).to_have_count(1)
    expect(page.locator("#announce")).to_contain_text(card_names()[plan.first])


def test_offline_after_one_visit(page: Page, context, plan):
    open_table(page, plan.seed)
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY)
    hand_card(page, plan.first).click()
    expect(played(page, 0)).to_have_count(1)
    page.goto("./")
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_precache_covers_every_request(page: Page, plan):
    """Offline works only if the service worker's list holds every file the pages fetch."""
    seen = set()
    page.on("request", lambda req: seen.add(req.url.split("?")[0]))
    page.goto("./")
    open_table(page, plan.seed)
    precache = page.evaluate("fetch('sw.js').then(r => r.text())")
    base = page.url.split("table.html")[0]
    listed = {base + u[2:] for u in re.findall(r'"(\./[^"]*)"', precache)}
    missing = sorted(u for u in seen if u.startswith(base) and u not in listed and not u.endswith("sw.js"))
    assert not missing, f"fetched but not precached: {missing}"


@pytest.mark.parametrize("variant, seats", [("innsbruck-2", 2), ("innsbruck-6", 6)])
def test_other_table_sizes_fit(page: Page, variant, seats):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_table(page, query=f"?variant={variant}")
    expect(page.locator(".seat")).to_have_count(seats)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1280, "the table overflows the window"
    shot(page, f"table-{seats}")


def test_phone_layout(page: Page, plan):
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, plan.seed)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "table-phone")


def test_a_bad_address_falls_back_to_the_usual_deal(page: Page):
    open_table(page, query="?variant=nonsense")
    expect(page.locator("#message")).to_have_class(re.compile("refusal"))
    expect(page.locator("#message")).to_contain_text("nonsense")            # the address's own value
    expect(page.locator(".seat")).to_have_count(4)


def test_the_guard_notices_console_errors_foreign_hosts_and_errors_shown(page: Page, browser, guard):
    """The guard itself: this test provokes each problem (in the page fixture's context and in one
    made from `browser`), checks they were seen, then forgives them."""
    page.goto("./")
    page.evaluate("console.error('provoked')")
    page.evaluate("fetch('http://example.com/x').catch(() => null)")
    page.wait_for_function("new Promise(r => setTimeout(() => r(true), 300))")
    assert any("provoked" in p for p in guard)
    assert any("example.com" in p for p in guard)
    guard.clear()
    other = browser.new_context().new_page()
    other.goto(page.url)
    other.evaluate("document.body.insertAdjacentHTML('beforeend', '<pre>Traceback (most recent call last):</pre>')")
    other.evaluate("setTimeout(() => { throw new Error('thrown later') }, 0)")
    other.wait_for_function("new Promise(r => setTimeout(() => r(true), 300))")
    assert any("thrown later" in p for p in guard)
    assert guard.shown(other) and not guard.shown(page)
    guard.clear()
    other.context.close()
