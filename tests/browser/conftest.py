"""Browser tests: the built site in Debian's Chromium through pytest-playwright.

dist/ is served from a thread on a free port (one server per xdist worker). Every test is guarded
by one fixture (`guard`): a request to any host but 127.0.0.1/localhost, a console error, a page
error or error text shown on a page ("PythonError", "Traceback") fails it. The tests
carry the `site` marker: `python3 build.py test` runs them after the engine's tests.

Pages make no Python memory snapshot (js/snapshot-maker.mjs) unless the test is marked
`snapshots`: making one boots a second Pyodide in a worker, CPU the other tests need.
"""
from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, ROOT / "web" / "py", HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from harness import LAUNCH_ARGS, LOCAL_HOSTS  # noqa: E402
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
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """An English-speaking browser whatever the machine's locale (test_german.py asks for de-AT)."""
    return {**browser_context_args, "locale": "en-US"}


class Problems(list):
    """What went wrong in a test's pages, in the order seen: a request to a foreign host, a console
    error, an uncaught page error, or error text shown on a page ("PythonError", "Traceback")."""

    def __init__(self, snapshots: bool = False) -> None:
        super().__init__()
        self.pages: list = []
        self.contexts: list = []
        self.snapshots = snapshots

    def watch_context(self, context) -> None:
        if context in self.contexts:
            return
        self.contexts.append(context)
        context.set_default_timeout(60_000)
        if not self.snapshots:
            context.add_init_script("globalThis.perlaggenMakeSnapshots = false")
        context.route("**/*", lambda route: route.continue_() if self.allowed(route.request.url) else route.abort())
        context.on("request", lambda req: self.allowed(req.url))
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)

    def watch_page(self, page) -> None:
        if page in self.pages:
            return
        self.pages.append(page)
        page.on("console", lambda msg: msg.type == "error" and self.append(f"console error: {msg.text}"))
        page.on("pageerror", lambda exc: self.append(f"page error: {exc}"))

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


@pytest.fixture(autouse=True)
def guard(request, monkeypatch):
    """The one guard of every browser test: a foreign host, a console error, an uncaught page error
    or error text left on a page fails the test (every context: the `page` fixture's and any the
    test makes from `browser`). A test that provokes one on purpose removes it from the list."""
    problems = Problems(snapshots=request.node.get_closest_marker("snapshots") is not None)
    names = request.fixturenames
    if not {"page", "context", "browser"} & set(names):
        yield problems
        return
    if "browser" in names:
        browser = request.getfixturevalue("browser")
        new_context = browser.new_context

        def watched_context(*args, **kwargs):
            context = new_context(*args, **kwargs)
            problems.watch_context(context)
            return context

        def watched_page(*args, **kwargs):
            return watched_context(*args, **kwargs).new_page()

        monkeypatch.setattr(browser, "new_context", watched_context)
        monkeypatch.setattr(browser, "new_page", watched_page)
    if "page" in names or "context" in names:
        problems.watch_context(request.getfixturevalue("context"))
    yield problems
    problems.check_pages()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def plan():
    from scenario import table_plan
    return table_plan()
