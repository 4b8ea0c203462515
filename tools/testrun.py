"""The two parts of the test suite: the engine's (Python alone) first, then the site's (built site,
Chromium). Tests under tests/web/ and tests/browser/ carry the `site` marker (their conftest sets it)."""
from __future__ import annotations

import subprocess
import sys

from .env import ensure_chromium
from .project import ROOT, log
from .site import build

NO_TESTS = 5   # pytest's exit code when the arguments select no test of a part


def pytest(marker: str, args: list[str]) -> int:
    cmd = [sys.executable, "-m", "pytest", "-n", "2", "-m", marker, *args]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def run(part: str, args: list[str]) -> int:
    """part: "engine", "site" or "all" (the engine's part, and the site's only if that passed)."""
    engine = site = NO_TESTS
    if part in ("engine", "all"):
        engine = pytest("not site", args)
        if engine not in (0, NO_TESTS) or part == "engine":
            return engine
    ensure_chromium()
    build()
    site = pytest("site", args)
    if site == NO_TESTS and engine == 0:   # the arguments chose engine tests only, and they passed
        return 0
    return site
