"""Browser tests: the built site in Debian's Chromium through pytest-playwright.

dist/ is served from a thread on a free port (one server per xdist worker). Every test is guarded
by one fixture (`guard`): a request to any host but 127.0.0.1/localhost, a console error, a page
error or error text shown on a page ("PythonError", "Traceback") fails it. The tests
carry the `site` marker: `python3 build.py test` runs them after the engine's tests.

Tests share one browser context per xdist worker (and per set of context arguments), as one
visitor returning again and again: its HTTP cache, compiled WebAssembly and Python memory snapshot
(js/snapshot-maker.mjs) make every page after the first start in well under a second. Between tests
its pages close and its origin's localStorage empties; German tests choose German through
`german_page`, as the header's switch does. Tests marked `snapshots` (they make snapshots from
nothing) share a context of their own whose snapshots are deleted after each test; a test marked
`own_context` (it routes the page's own files, which the shared context's service worker would
serve, or is a browser's very first visit) gets a fresh context, where no snapshot is made; a test
that only needs one file to fail swaps the worker's copy instead (`harness.served_instead`). Tests
in one context besides the usual (the pseudo-language build, the snapshot tests) are kept on one
worker (`xdist_group`), so only one worker pays for that context's first visit.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, ROOT / "web" / "py", HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from harness import LOCAL_HOSTS, TEST_ARGS  # noqa: E402
from tools.project import CHROMIUM  # noqa: E402
from tools.server import start_server  # noqa: E402
from tools.site import ensure_built  # noqa: E402


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.site)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    return ensure_built()


@pytest.fixture(scope="session")
def base_url(site_dir) -> str:
    server = start_server(site_dir)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": TEST_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """An English-speaking browser whatever the machine's locale (test_german.py asks for de-AT)."""
    return {**browser_context_args, "locale": "en-US"}


class Problems(list):
    """What went wrong in a test's pages, in the order seen: a request to a foreign host, a console
    error, an uncaught page error, or error text shown on a page ("PythonError", "Traceback")."""

    def __init__(self) -> None:
        super().__init__()
        self.pages: list = []

    def allowed(self, url: str) -> bool:
        if urlsplit(url).scheme in ("data", "blob", "about") or urlsplit(url).hostname in LOCAL_HOSTS:
            return True
        self.append(f"request to a foreign host: {url}")
        return False

    def shown(self, page) -> list[str]:
        """Error text a page shows now (PyScript's error box, a traceback written into the page)."""
        try:
            text = page.evaluate("document.body ? document.body.innerText : ''") if not page.is_closed() else ""
        except Exception:       # noqa: BLE001 (a page navigating or closed: nothing to read)
            return []
        return [f"shown on {page.url}: {word} ({line.strip()[:200]})" for word in SHOWN_ERRORS
                for line in text.splitlines() if word in line][:5]

    def check_pages(self) -> None:
        for page in self.pages:
            self.extend(self.shown(page))


SHOWN_ERRORS = ("PythonError", "Traceback")
CURRENT = Problems()       # the running test's problems (one test at a time per xdist worker)


def watch_context(context, snapshots: bool) -> None:
    """Listen once per context; what is seen goes to the running test's `CURRENT`."""
    if getattr(context, "perlaggen_watched", False):
        return
    context.perlaggen_watched = True
    context.set_default_timeout(60_000)
    if not snapshots:
        context.add_init_script("globalThis.perlaggenMakeSnapshots = false")
    # listened to, not routed: a route pauses every request for a round trip to this process (a few
    # percent of the browser tests' CPU), and the launch's host rules fail a foreign one anyway
    context.on("request", lambda request: CURRENT.allowed(request.url))
    context.on("page", watch_page)
    for page in context.pages:
        watch_page(page)


def watch_page(page) -> None:
    CURRENT.pages.append(page)
    page.on("console", lambda msg: msg.type == "error" and CURRENT.append(f"console error: {msg.text}"))
    page.on("pageerror", lambda exc: CURRENT.append(f"page error: {exc}"))


def needs_own_context(item) -> bool:
    """A test that must reach the network past the service worker (`own_context`: a route on the
    page's own files) gets a fresh context; every other shares its worker's context for its
    arguments."""
    return item.get_closest_marker("own_context") is not None


SHARED: dict[str, object] = {}     # one browser context per context arguments, per xdist worker
KEEP = ("perlaggen:python-snapshot",)   # what a shared context keeps from test to test
SNAPSHOT_STORE = "perlaggen.python-snapshot"   # js/snapshot-store.mjs


def prime(context, base_url: str) -> None:
    """The first visit: the table page until its Python snapshot is stored (a test's own pages
    would close or keep acting before it is made, and every later page would start cold)."""
    page = context.new_page()
    page.goto(base_url + "table.html")
    page.wait_for_selector("html[data-snapshot=made], html[data-snapshot=stored]", state="attached",
                           timeout=180_000)
    page.close()


def empty(context, origin: str, keep: tuple[str, ...], snapshots: bool) -> None:
    """Close the context's pages and empty its origin's storage but for `keep` (and, with
    `snapshots`, its stored Python snapshots too), online again: the next test starts as a first
    visit would, with the files already in the HTTP cache and the service worker's."""
    at_home = [page for page in context.pages if page.url.startswith(origin)] or [context.new_page()]
    if not at_home[0].url.startswith(origin):
        at_home[0].goto(origin + "css/site.css")
    at_home[0].evaluate("""keep => Object.keys(localStorage).filter(k => !keep.includes(k))
                                  .forEach(k => localStorage.removeItem(k))""", list(keep))
    if snapshots:
        at_home[0].evaluate(f"caches.delete('{SNAPSHOT_STORE}')")
    for page in list(context.pages):
        page.close()
    context.clear_cookies()
    context.set_offline(False)


@pytest.fixture
def context(browser, browser_context_args, request, base_url):
    """pytest-playwright's `context`, shared: a fresh context costs every page a cold start (no
    HTTP cache, no compiled WebAssembly, no Python snapshot). Between tests the shared context's
    pages close and its origin's storage is emptied, so each test starts as a first visit would,
    only faster. Tests marked `snapshots` (they make Python snapshots from nothing) share one
    context of their own, never primed, whose stored snapshots are deleted after each test too.
    Tests that need their own (`needs_own_context`) get one, closed afterwards."""
    marker = request.node.get_closest_marker("browser_context_args")
    args = {**browser_context_args, **(marker.kwargs if marker else {})}
    snapshots = request.node.get_closest_marker("snapshots") is not None
    if needs_own_context(request.node):
        own = browser.new_context(**args)
        watch_context(own, snapshots=snapshots)
        yield own
        own.close()
        return
    key = ("snapshots " if snapshots else "") + json.dumps(args, sort_keys=True, default=str)
    origin = args.get("base_url") or base_url
    if key not in SHARED:
        SHARED[key] = browser.new_context(**args)
        watch_context(SHARED[key], snapshots=True)
        if not snapshots:
            prime(SHARED[key], origin)
    shared = SHARED[key]
    yield shared
    empty(shared, origin, () if snapshots else KEEP, snapshots)


@pytest.fixture(autouse=True)
def guard(request, monkeypatch):
    """The one guard of every browser test: a foreign host, a console error, an uncaught page error
    or error text left on a page fails the test (every context: the `page` fixture's and any the
    test makes from `browser`). A test that provokes one on purpose removes it from the list."""
    global CURRENT
    CURRENT = problems = Problems()
    names = request.fixturenames
    if not {"page", "context", "browser"} & set(names):
        yield problems
        return
    snapshots = request.node.get_closest_marker("snapshots") is not None
    # the shared context first, from the browser as it is (made through the patch below, it would
    # be watched as a test's own context: no snapshots, and its first visit would wait in vain)
    if "page" in names or "context" in names:
        request.getfixturevalue("context")
    if "browser" in request.node._fixtureinfo.argnames:      # contexts the test makes itself
        browser = request.getfixturevalue("browser")
        new_context = browser.new_context

        def watched_context(*args, **kwargs):
            made = new_context(*args, **kwargs)
            watch_context(made, snapshots)
            return made

        def watched_page(*args, **kwargs):
            return watched_context(*args, **kwargs).new_page()

        monkeypatch.setattr(browser, "new_context", watched_context)
        monkeypatch.setattr(browser, "new_page", watched_page)
    yield problems
    problems.check_pages()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def german_page(page):
    """The shared context's page with German chosen, as the header's switch chooses it (every page
    it opens, popups included, in German). A German browser's own first visit is
    test_german.py's test of the locale, in a context of its own."""
    page.add_init_script("try { localStorage.setItem('perlaggen.lang', 'de'); } catch (e) {}")
    return page


@pytest.fixture(scope="session")
def plan():
    from scenario import table_plan
    return table_plan()
