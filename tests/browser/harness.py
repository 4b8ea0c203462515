"""Shared by the browser tests and the benchmark: Chromium's launch arguments, readiness, screenshots."""
from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--disable-sync", "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# The tests' browser (not the benchmark's, which loads pages as a visitor's browser does): a
# worker's pages come one after another from one site, so one renderer process serves them all
# instead of a new one for every page. About a fifth less CPU (test_teacher.py with
# test_practice.py, three alternating runs: 90-99 CPU seconds against 109-127 without).
TEST_ARGS = [*LAUNCH_ARGS, "--process-per-site", "--renderer-process-limit=1"]
READY = "body[data-ready=true][data-busy=false]"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"   # npm, test only
# PyScript's core and the early start of Pyodide as empty modules: a page's own HTML, style and
# JavaScript without its Python (for what Python does not draw: the layout of drawn parts, links)
SILENCED = {"**/pyscript/core.js": "", "**/js/early-pyodide.mjs": "export const start = () => {};"}


def quick(address: str) -> str:
    """`address` at the tests' speed: the computer's moves and a lesson's replies come without the
    pauses that let a person follow them (`?speed=test`, before any #route)."""
    path, hash_mark, route = address.partition("#")
    return f"{path}{'&' if '?' in path else '?'}speed=test{hash_mark}{route}"


def without_python(page) -> None:
    """Every page `page` opens from now on starts no Python (a context of its own: `own_context`,
    else the service worker serves the files past the route)."""
    def empty(body: str):
        return lambda route: route.fulfill(content_type="text/javascript", body=body)

    for pattern, body in SILENCED.items():
        page.route(pattern, empty(body))


@contextmanager
def served_instead(page, path: str, body: str, status: int = 200,
                   content_type: str = "text/plain") -> Iterator[None]:
    """While inside, the service worker of `page`'s context answers `path` (relative to the site)
    with `body` and `status` instead of the file it precached, as a route would, but in a context
    whose pages the worker serves (a route sees no request the worker answers). The precached file
    is kept aside and put back afterwards, from a page of the site's own (`page` may be closed by
    then)."""
    if not page.url.startswith("http"):
        page.goto("./")                      # the home page registers the worker (a first visit installs it)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    origin, url = page.evaluate("p => [location.origin, new URL(p, location.origin + '/').href]", path)
    swap = """async ([url, body, status, type, aside]) => {
      const name = (await caches.keys()).find((n) => n.startsWith("perlaggen-"));   // web/sw.js
      const cache = await caches.open(name), spare = await caches.open(aside);
      if (body === null) {
        await cache.put(url, await spare.match(url));
        await caches.delete(aside);
        return;
      }
      const precached = await cache.match(url);
      if (!precached) throw new Error(`the service worker has no ${url}`);
      await spare.put(url, precached);
      await cache.put(url, new Response(body, { status, headers: { "content-type": type } }));
    }"""
    aside = "test.served-instead"            # not the worker's prefix, so its activation keeps it
    page.evaluate(swap, [url, body, status, content_type, aside])
    try:
        yield
    finally:
        home = page if not page.is_closed() and page.url.startswith(origin) else page.context.new_page()
        if not home.url.startswith(origin):
            home.goto(origin + "/css/site.css")
        home.evaluate(swap, [url, None, 0, "", aside])


def baptism_option(picker, card_name: str):
    """The picker's button that baptises as `card_name`: its name is "as <card>" (in the words of the
    catalog active in this process), then ", " and the preview."""
    from common.i18n import _

    return picker.get_by_role("button", name=re.compile(f"^{re.escape(_('as {card}', card=card_name))}([ ,]|$)"))


@contextmanager
def served_browser() -> Iterator[tuple]:
    """For the benchmark scripts: dist/ (built if missing) served on a free port and Chromium
    launched; yields (browser, base address) and closes both."""
    from playwright.sync_api import sync_playwright
    from tools.project import CHROMIUM, DIST
    from tools.server import start_server
    from tools.site import build

    if not (DIST / "sandbox.html").exists():
        build()
    server = start_server(DIST)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
            try:
                yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()


def assert_no_violations(page, name: str) -> None:
    """axe-core finds no accessibility violation on the page as it is; the failure lists each rule's
    id, impact and nodes (test_accessibility.py; the sandbox's review in test_sandbox.py)."""
    shot(page, f"axe-{name}")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    report = [f"{v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(
        f"    {json.dumps(node['target'])}: {node['html'][:160]}" for node in v["nodes"]) for v in violations]
    assert not violations, f"{name}: axe found {len(violations)} violation(s):\n" + "\n".join(report)


def store_before_start(page, key: str, value: str) -> None:
    """Put `key` into localStorage before the page's first start, as an earlier visit left it, so the
    page starts once instead of starting, being given the value and reloading. Only once per tab
    (sessionStorage remembers): a later reload or address finds what the page itself stored."""
    page.add_init_script(f"""try {{
      if (!sessionStorage.getItem("test-stored")) {{
        localStorage.setItem({json.dumps(key)}, {json.dumps(value)});
        sessionStorage.setItem("test-stored", "1");
      }}
    }} catch {{}}""")


SHOTS = os.environ.get("PERLAGGEN_SHOTS", "") not in ("", "0")


def shot(page, name: str) -> Path:
    """A full-page screenshot into test-artifacts/ to look at, when PERLAGGEN_SHOTS=1 asks for them
    (`PERLAGGEN_SHOTS=1 python3 build.py test site`); a plain test run takes none: some 150 of them
    cost a minute of the suite's time and nobody looks at them there."""
    path = ARTIFACTS / f"{name}.png"
    if SHOTS:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(path), full_page=True)
    return path
