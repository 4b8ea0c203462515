"""Shared by the browser tests and the benchmark: Chromium's launch arguments, readiness, screenshots."""
from __future__ import annotations

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
READY = "body[data-ready=true][data-busy=false]"


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


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
