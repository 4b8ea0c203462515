"""The two parts of the test suite: the engine's (Python alone) and the site's (built site, Chromium).
Tests under tests/web/ and tests/browser/ carry the `site` marker (their conftest sets it).

The engine's part needs nothing built, so the site is made ready beside it (Debian's chromium,
npm's packages, the build and the pseudo-language's: mostly waiting on disk and network) from the
start, while pip installs the test tools, one core's work; then mypy checks the engine's types
beside the engine's tests. The site's tests start once both are done."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable

from .env import ensure_chromium, ensure_venv
from .project import ROOT, log
from .pseudo import ensure_pseudo_built
from .site import build

NO_TESTS = 5   # pytest's exit code when the arguments select no test of a part
# Each part leaves the other's files uncollected (every worker would import and parametrize them,
# only to deselect them by the marker); the engine's part runs without the browser's plugin.
COLLECT = {"not site": ["--ignore=tests/web", "--ignore=tests/browser", "-p", "no:playwright"],
           "site": ["--ignore-glob=tests/test_*.py"]}


def pytest(marker: str, args: list[str]) -> int:
    cmd = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "--durations=10", "-m", marker,
           *COLLECT[marker], *args]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def start_mypy() -> subprocess.Popen:
    """mypy over the packages pyproject.toml's [tool.mypy] names, its report held until read."""
    return subprocess.Popen([sys.executable, "-m", "mypy"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def finish_mypy(proc: subprocess.Popen) -> int:
    out, _ = proc.communicate()
    if proc.returncode:
        print(out, end="", flush=True)
        log("mypy found type errors (above)")
    else:
        log(f"mypy: {out.strip().splitlines()[-1] if out.strip() else 'no output'}")
    return proc.returncode


def prepare_site() -> None:
    ensure_chromium()
    build()
    ensure_pseudo_built()      # the pseudo-language's site (tests/browser/test_pseudo_language.py)


class Beside(threading.Thread):
    """Runs `job` in a thread beside pip's install and the engine's tests; `result()` waits and
    re-raises its error."""

    def __init__(self, job: Callable[[], None]) -> None:
        super().__init__(daemon=True)
        self.job = job
        self.error: BaseException | None = None
        self.start()

    def run(self) -> None:
        started = time.monotonic()
        try:
            self.job()
        except BaseException as exc:   # noqa: BLE001 (handed to the main thread by result())
            self.error = exc
        log(f"site made ready in {time.monotonic() - started:.0f} s")

    def result(self) -> None:
        self.join()
        if self.error is not None:
            raise self.error


def timed(name: str, job: Callable[[], int]) -> int:
    started = time.monotonic()
    code = job()
    log(f"{name} took {time.monotonic() - started:.0f} s")
    return code


def run(part: str, args: list[str]) -> int:
    """part: "engine", "site" or "all" (the engine's part, and the site's only if that passed)."""
    beside = Beside(prepare_site) if part != "engine" else None
    ensure_venv("test")
    if beside is not None and part == "site":
        beside.result()
        return timed("the site's tests", lambda: pytest("site", args))
    types = start_mypy()
    engine = timed("the engine's tests", lambda: pytest("not site", args))
    if finish_mypy(types) and engine in (0, NO_TESTS):
        engine = 1
    if beside is not None:
        beside.result()
    if engine not in (0, NO_TESTS) or part == "engine":
        return engine
    site = timed("the site's tests", lambda: pytest("site", args))
    if site == NO_TESTS and engine == 0:   # the arguments chose engine tests only, and they passed
        return 0
    return site
