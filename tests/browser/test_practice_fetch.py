"""The practice page downloads the puzzles' index and the puzzles it draws, not the whole set (issue
25): a first visit fetches the index and the puzzle shown, staying within the 600 KB beyond the
runtime that every page keeps (as tests/browser/test_lesson_fetch.py counts it); the next puzzle
downloads while the verdict is read; a puzzle whose file is missing or broken is said so, and another
comes in its place, with no traceback."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from harness import READY, served_instead, shot
from test_lesson_fetch import LIMIT_KB, fetched
from test_practice import CARD
from tools.runtime import PYODIDE_RUNTIME

pytestmark = pytest.mark.browser


def puzzle_files(page: Page) -> list[str]:
    return [path for path, _size in fetched(page) if "/puzzles/" in path]


@pytest.mark.own_context      # a first visit's downloads: nothing from an earlier test's cache
@pytest.mark.parametrize("folder, lang", [("", "en"), ("de/", "de")])
def test_a_first_visit_fetches_the_index_and_the_puzzle_shown_within_600_kb(page: Page, folder, lang):
    shown = CARD["id"]
    page.goto(f"./{folder}practice.html?lang={lang}&puzzle={shown}")
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-puzzle", shown)
    expect(page.locator("#message")).to_be_empty()                 # no theme asked for: no note of one
    files = fetched(page)
    runtime = {f"/pyodide/{name}" for name in PYODIDE_RUNTIME}
    beyond = sum(size for path, size in files if path.split("?")[0] not in runtime)
    assert beyond <= LIMIT_KB * 1024, f"{beyond / 1024:.0f} KB beyond the runtime: {files}"
    first = puzzle_files(page)
    assert first[:2] == ["/puzzles/index.json", f"/puzzles/p/{shown}.json"]
    assert all(path.startswith("/puzzles/p/") for path in first[2:]) and len(first) <= 4    # what may come next

    page.locator(f'#hand [data-card="{CARD["wrong"][0]["action"]["card"]}"]').click()
    expect(page.locator("body")).to_have_attribute("data-answered", "true")
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".filter(e => e.name.includes('/puzzles/p/')).length >= 2")
    before = puzzle_files(page)
    page.locator('[data-do="next"]').click()
    expect(page.locator("body")).to_have_attribute("data-answered", "false")
    expect(page.locator("body")).not_to_have_attribute("data-puzzle", shown)
    following = f"/puzzles/p/{page.locator('body').get_attribute('data-puzzle')}.json"
    assert following in before, "the next puzzle was downloaded before Next puzzle was pressed"
    assert puzzle_files(page).count(following) == 1


@pytest.mark.parametrize("answer", [dict(status=404, body="gone"), dict(status=200, body='{"id": "cut sh')],
                         ids=["missing", "broken"])
def test_a_puzzle_file_that_does_not_load_is_said_and_another_comes(page: Page, site_dir, guard, answer):
    asked = json.loads((site_dir / "puzzles" / "index.json").read_text())["puzzles"][0]["id"]
    with served_instead(page, f"puzzles/p/{asked}.json", content_type="application/json", **answer):
        page.goto(f"./practice.html?puzzle={asked}")
        page.wait_for_selector(READY)
        expect(page.locator("#message")).to_contain_text(f"The puzzle “{asked}” could not be loaded")
        expect(page.locator("body")).not_to_have_attribute("data-puzzle", asked)
        expect(page.locator("body")).not_to_have_attribute("data-puzzle", "")
        expect(page.locator("body")).to_have_attribute("data-answered", "false")     # another, to be tried
        expect(page.locator("#table .seat").first).to_be_visible()
        shot(page, f"practice-not-loaded-{answer['status']}")
        page.close()                                # no later report of the same failure can arrive
    guard[:] = [p for p in guard if asked not in p and "404" not in p]
