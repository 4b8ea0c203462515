"""Return visits start Python from the memory snapshot an earlier visit stored: the pages (the teacher
page too, with the modules it fetches for itself) then play as after a normal start, with fresh randomness; a damaged snapshot, one of another build (both offline too), or none at
all means a normal start, and a new snapshot is made once the page is idle."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from harness import READY, quick, served_instead, shot
from perlaggen_core.scenario import load_file
from tools.project import ROOT
from test_lessons_page import solve
from plans import TARGET, plan_for
from test_sandbox import play_steps
from common.pagewords import card_names

# one worker's context for both tests: the second starts where the first left the browser (its
# files cached, the service worker installed), instead of from a browser's very first visit
pytestmark = [pytest.mark.browser, pytest.mark.snapshots, pytest.mark.xdist_group("snapshots")]

STORE, NOTE = "perlaggen.python-snapshot", "perlaggen:python-snapshot"   # js/snapshot-store.mjs
SANDBOX_SEED = 3
DRAW = "import random; random.random()"


def open_page(page: Page, address: str) -> str:
    """Open `address` until it is ready; how its Python started: "snapshot" or "boot"."""
    page.goto(address)
    page.wait_for_selector(READY)
    return page.evaluate("document.documentElement.dataset.pythonStart")


def reload(page: Page) -> str:
    page.reload()
    page.wait_for_selector(READY)
    return page.evaluate("document.documentElement.dataset.pythonStart")


def snapshot_made(page: Page) -> None:
    page.wait_for_selector("html[data-snapshot=made]", state="attached", timeout=120_000)


def stored_keys(page: Page) -> list[str]:
    return page.evaluate(f"caches.open('{STORE}').then(c => c.keys()).then(ks => ks.map(k => k.url))")


def python(page: Page, code: str):
    return page.evaluate("code => globalThis.perlaggenPyodide.then(p => p.runPython(code))", code)


def test_a_snapshots_life_made_restored_everywhere_replaced_when_damaged_and_switched_off(
        page: Page, context, plan, site_dir):
    """One test, so that each part starts from the snapshot the part before left (making one costs
    a Pyodide start in a worker): made while the learner rests, restored on every page online and
    offline, then, still offline, another build's or damaged in each way, and last switched off."""
    made_while_the_learner_rests_then_restored_on_every_page_online_and_offline(page, context, plan, site_dir)
    another_builds_or_damaged_means_a_normal_start_and_is_replaced(page, plan)


def made_while_the_learner_rests_then_restored_on_every_page_online_and_offline(page: Page, context, plan, site_dir):
    """The first snapshot waits while the learner acts and is made once they rest, off the page's
    thread. Each page restored from it (the table, a lesson, the sandbox, the teacher page with the
    modules it fetches for itself) is a session of its own, with its own random draws. Offline, the
    table restores too (and the cases that follow run offline: a new snapshot is made there too)."""
    assert open_page(page, quick(f"table.html?seed={plan.seed}")) == "boot"
    page.evaluate("window.typing = setInterval(() => dispatchEvent(new KeyboardEvent('keydown')), 100)")
    page.wait_for_timeout(1500)                     # longer than the quiet second the maker waits for
    assert page.evaluate("document.documentElement.dataset.snapshot") == "waiting"
    page.evaluate("clearInterval(window.typing)")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    snapshot_made(page)
    figures = page.evaluate("window.perlaggenSnapshot")
    assert figures["ok"] and figures["stored"] < figures["memory"]
    assert {"perlaggen_core.deal", "common.tableview", "table.session", "sandbox.controller"} <= set(figures["modules"])
    # made on the page's thread, Python's start-up alone would block it for a second or more
    assert figures["longestTaskMs"] < 250

    assert reload(page) == "snapshot"
    draws = [python(page, DRAW)]
    page.locator(f'#hand [data-card="{plan.first}"]').click()
    expect(page.locator('.seat[data-seat="0"] .played li')).to_have_count(1)
    page.wait_for_selector(READY)
    expect(page.locator(".played li.won")).to_have_count(1)
    shot(page, "restored-table")
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "restored-table-phone")
    page.set_viewport_size({"width": 1366, "height": 800})

    lesson = json.loads((site_dir / "lessons" / "lessons.json").read_text())["lessons"][0]
    assert open_page(page, quick(f"lesson.html#/{lesson['id']}")) == "snapshot"
    draws.append(python(page, DRAW))
    assert draws[0] != draws[1]              # reseeded: the same memory, not the same numbers
    solve(page, lesson["steps"][0])

    steps = plan_for(SANDBOX_SEED).steps
    move = next(i for i, s in enumerate(steps) if s["kind"] == "act" and s["action"]["act"] == "play")
    address = f"sandbox.html?new=1&seed={SANDBOX_SEED}&target={TARGET}&strength=rule&speed=test"
    assert open_page(page, address) == "snapshot"
    play_steps(page, steps[:move + 1])
    card = steps[move]["action"]["card"]
    expect(page.locator("#log")).to_contain_text(card_names()[card])
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)

    # the teacher page: its own modules (py/teacher.zip) unpacked after the restore, then the editor's
    # (py/editor.zip) fetched when it first opens
    assert open_page(page, "teacher.html") == "snapshot"
    expect(page.locator(".scenario-item")).not_to_have_count(0)
    page.locator('.scenario-item a[href="#id=example-6"]').click()
    expect(page.locator("body")).to_have_attribute("data-mode", "present")
    for n in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect(page.locator("body")).to_have_attribute("data-step", str(n))
    expect(page.locator(f'#t-timeline [data-goto="3"][aria-current="step"]')).to_have_count(1)
    page.keyboard.press("End")
    last = load_file(ROOT / "scenarios" / "06-example-6.json").steps
    expect(page.locator("body")).to_have_attribute("data-step", str(last))
    page.locator('[data-do="edit"]').click()
    expect(page.locator("body")).to_have_attribute("data-mode", "edit")
    expect(page.locator("#editor-title")).to_be_visible()
    page.wait_for_selector(READY)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"

    context.set_offline(True)
    assert open_page(page, quick(f"table.html?seed={plan.seed}")) == "snapshot"
    page.locator(f'#hand [data-card="{plan.first}"]').click()
    expect(page.locator('.seat[data-seat="0"] .played li')).to_have_count(1)


DAMAGE = {   # name: (how the stored bytes change, whether the checksum is made to match again)
    "flipped byte": ("bytes[bytes.length >> 1] ^= 0xff", False),
    # Pyodide's own magic number, the first byte of the memory after our header: Pyodide refuses it
    "not Pyodide's": ("bytes[12 + 8 * new Uint32Array(bytes.buffer, 8, 1)[0]] ^= 0xff", True),
}


def damage_stored_snapshot(page: Page, damage: str) -> None:
    change, rehash = DAMAGE[damage]
    page.evaluate("""async ([store, change, rehash]) => {
      const cache = await caches.open(store);
      const [request] = await cache.keys();
      const response = await cache.match(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      new Function("bytes", change)(bytes);
      const headers = new Headers(response.headers);
      if (rehash) {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        headers.set("x-snapshot-sha256", Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""));
      }
      await cache.put(request, new Response(bytes, { headers }));
    }""", [STORE, change, rehash])


def replace_with_another_builds(page: Page) -> str:
    """The stored snapshot moved to another build's key; returns this build's key."""
    [key] = stored_keys(page)
    old = key.rsplit("/", 1)[0] + "/0123456789abcdef"
    page.evaluate("""async ([store, key, old]) => {
      const cache = await caches.open(store);
      await cache.put(old, await cache.match(key));
      await cache.delete(key);
    }""", [STORE, key, old])
    return key


SPARE = "test.spare-snapshot"   # not the service worker's prefix ("perlaggen-", web/sw.js), so it stays
NO_MAKING = "perlaggen-test.no-making"


def keep_spare(page: Page) -> None:
    """A copy of the good stored snapshot and of its note, to put back before each case."""
    page.evaluate("""async ([store, spare, note]) => {
      const [request] = await (await caches.open(store)).keys();
      await (await caches.open(spare)).put(request, await (await caches.open(store)).match(request));
      localStorage.setItem(spare, localStorage.getItem(note));
    }""", [STORE, SPARE, NOTE])


def put_spare_back(page: Page) -> None:
    page.evaluate("""async ([store, spare, note]) => {
      const copies = await caches.open(spare), [request] = await copies.keys();
      await (await caches.open(store)).put(request, await copies.match(request));
      localStorage.setItem(note, localStorage.getItem(spare));
    }""", [STORE, SPARE, NOTE])


def another_builds_or_damaged_means_a_normal_start_and_is_replaced(page: Page, plan):
    """Offline, each case starting from a copy of the page's good snapshot: a snapshot of another
    build means a normal start, with the stored one deleted at once (no new one is made meanwhile,
    so the case is seen alone); a snapshot whose checksum fails means a normal start too, and is
    replaced by a new one, made from the service worker's files, that restores (had the damaged
    one not been deleted, the new one would never be made); last, memory that Pyodide refuses,
    after restores that never got the page ready, means a normal start and switches snapshots off."""
    [key] = stored_keys(page)
    keep_spare(page)
    page.add_init_script(f"globalThis.perlaggenMakeSnapshots = localStorage.getItem('{NO_MAKING}') === null")
    page.evaluate(f"localStorage.setItem('{NO_MAKING}', '1')")
    put_spare_back(page)
    replace_with_another_builds(page)
    assert reload(page) == "boot"            # the guard fails the test on any console error
    assert stored_keys(page) == []

    page.evaluate(f"localStorage.removeItem('{NO_MAKING}')")
    put_spare_back(page)
    damage_stored_snapshot(page, "flipped byte")
    assert reload(page) == "boot"
    page.locator(f'#hand [data-card="{plan.first}"]').click()     # it plays offline after a normal start
    expect(page.locator('.seat[data-seat="0"] .played li')).to_have_count(1)
    snapshot_made(page)
    assert stored_keys(page) == [key]
    assert reload(page) == "snapshot"

    page.evaluate("""note => localStorage.setItem(note,   // as if the last restore never got the page ready
      JSON.stringify({ ...JSON.parse(localStorage.getItem(note)), unready: 1 }))""", NOTE)
    damage_stored_snapshot(page, "not Pyodide's")
    assert reload(page) == "boot"
    page.wait_for_selector("html[data-snapshot=off]", state="attached")
    assert stored_keys(page) == []
    assert reload(page) == "boot"
    page.wait_for_selector("html[data-snapshot=off]", state="attached")
    page.evaluate(f"caches.delete('{SPARE}')")


def test_making_that_keeps_failing_switches_snapshots_off(page: Page):
    with served_instead(page, "js/snapshot-worker.mjs", content_type="text/javascript",
                        body='self.onmessage = () => postMessage({ ok: false, error: "full" });'):
        assert open_page(page, "table.html") == "boot"
        page.wait_for_selector("html[data-snapshot=failed]", state="attached")
        assert page.evaluate(f"JSON.parse(localStorage.getItem('{NOTE}')).failed") == 1
        page.evaluate("""note => localStorage.setItem(note,   // as if the next visit had failed too
          JSON.stringify({ ...JSON.parse(localStorage.getItem(note)), failed: 2 }))""", NOTE)   # FAILURE_LIMIT
        assert open_page(page, "table.html") == "boot"
        page.wait_for_selector("html[data-snapshot=off]", state="attached")
