"""Runs the benchmark scripts (tests/browser/bench.py and bench_bots.py) on a fresh build."""
from __future__ import annotations

import subprocess
import sys

from .env import ensure_chromium
from .project import ROOT
from .site import build


def bench(runs: int, bots: int) -> int:
    """Cold and warm load times over `runs` fresh contexts; with `bots`, that many decisions of each
    kind of computer player in the sandbox page."""
    ensure_chromium()
    build()
    scripts = ROOT / "tests" / "browser"
    code = subprocess.run([sys.executable, str(scripts / "bench.py"), "--runs", str(runs)], cwd=ROOT).returncode
    if bots and code == 0:
        code = subprocess.run([sys.executable, str(scripts / "bench_bots.py"), "--decisions", str(bots)],
                              cwd=ROOT).returncode
    return code
