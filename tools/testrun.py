"""The two parts of the test suite: the engine's (Python alone) and the site's (built site, Chromium).
Tests under tests/web/ and tests/browser/ carry the `site` marker (their conftest sets it).

`python3 build.py test` runs both at once. The browser tests leave about a fifth of the two cores
idle (Chromium waits on itself), so the engine's tests and mypy run beside them, niced so the
browser comes first, their output held and printed after the site's. The site is made ready first
(Debian's chromium, npm's packages, the build) while the engine's tests already run."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from .env import ensure_chromium
from .project import ROOT, log
from .site import build

NO_TESTS = 5   # pytest's exit code when the arguments select no test of a part
BESIDE_NICE = 10   # the engine's tests and mypy beside the browser's


def pytest_cmd(marker: str, args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "--durations=10", "-m", marker, *args]


def pytest(marker: str, args: list[str]) -> int:
    cmd = pytest_cmd(marker, args)
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def _niced() -> None:
    os.nice(BESIDE_NICE)


class Beside:
    """A command run beside the site's tests, niced, its output held in a file until `finish`."""

    def __init__(self, name: str, cmd: list[str]) -> None:
        self.name, self.started = name, time.monotonic()
        self.out = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        log(f"{name} beside the site's, niced: {' '.join(cmd)}")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self.out, stderr=subprocess.STDOUT, text=True,
                                     preexec_fn=_niced)

    def finish(self, show: bool = True) -> int:
        """Wait, print the held output (unless `show` is false) and return the exit code."""
        code = self.proc.wait()
        self.out.seek(0)
        text = self.out.read()
        self.out.close()
        if show:
            print(text, end="", flush=True)
        self.text = text
        log(f"{self.name} took {time.monotonic() - self.started:.0f} s (beside the site's)")
        return code

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()


def start_mypy() -> subprocess.Popen:
    """mypy over the packages pyproject.toml's [tool.mypy] names, its report held until read."""
    return subprocess.Popen([sys.executable, "-m", "mypy"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, preexec_fn=_niced)


def finish_mypy(proc: subprocess.Popen) -> int:
    out, _ = proc.communicate()
    if proc.returncode:
        print(out, end="", flush=True)
        log("mypy found type errors (above)")
    else:
        log(f"mypy: {out.strip().splitlines()[-1] if out.strip() else 'no output'}")
    return proc.returncode


def prepare_site() -> None:
    started = time.monotonic()
    ensure_chromium()
    build()
    log(f"site made ready in {time.monotonic() - started:.0f} s")


def timed(name: str, job: Callable[[], int]) -> int:
    started = time.monotonic()
    code = job()
    log(f"{name} took {time.monotonic() - started:.0f} s")
    return code


def combine(engine: int, site: int) -> int:
    """One exit code for two parts: a failure of either, else success if either ran a test."""
    for code in (engine, site):
        if code not in (0, NO_TESTS):
            return code
    return NO_TESTS if engine == site == NO_TESTS else 0


def run(part: str, args: list[str]) -> int:
    """part: "engine", "site" or "all" (both at once: the engine's tests and mypy beside the site's)."""
    if part == "site":
        prepare_site()
        return timed("the site's tests", lambda: pytest("site", args))
    types = start_mypy()
    if part == "engine":
        engine = timed("the engine's tests", lambda: pytest("not site", args))
        return combine(typed(engine, finish_mypy(types)), NO_TESTS)
    beside = Beside("the engine's tests", pytest_cmd("not site", args))
    try:
        prepare_site()
        site = timed("the site's tests", lambda: pytest("site", args))
        engine = beside.finish()
    except BaseException:
        beside.stop()
        types.kill()
        raise
    return combine(typed(engine, finish_mypy(types)), site)


def typed(engine: int, mypy: int) -> int:
    """The engine's part fails when mypy finds a type error, even if its tests passed."""
    return 1 if mypy and engine in (0, NO_TESTS) else engine
