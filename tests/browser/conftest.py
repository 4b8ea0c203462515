"""Browser tests: the built site in Debian's Chromium through pytest-playwright.

dist/ is served from a thread on a free port (one server per xdist worker). Every test is guarded:
a request to any host but 127.0.0.1/localhost, a console error or a page error fails it. The tests
carry the `site` marker: `python3 build.py test` runs them after the engine's tests.
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


@pytest.fixture(autouse=True)
def guard(request):
    """Fail the test on a foreign host, a console error or an uncaught page error."""
    if "page" not in request.fixturenames and "context" not in request.fixturenames:
        yield []
        return
    context = request.getfixturevalue("context")
    context.set_default_timeout(60_000)
    problems: list[str] = []

    def check(url: str) -> bool:
        if urlsplit(url).scheme in ("data", "blob", "about"):
            return True
        if urlsplit(url).hostname in LOCAL_HOSTS:
            return True
        problems.append(f"request to a foreign host: {url}")
        return False

    context.route("**/*", lambda route: route.continue_() if check(route.request.url) else route.abort())
    context.on("request", lambda req: check(req.url))

    def watch(page):
        page.on("console", lambda msg: msg.type == "error" and problems.append(f"console error: {msg.text}"))
        page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))

    context.on("page", watch)
    yield problems
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def plan():
    from scenario import find_plan
    return find_plan()
