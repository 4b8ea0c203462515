"""Runs the benchmark scripts (tests/browser/bench.py, bench_bots.py, bench_review.py) on a fresh build."""
from __future__ import annotations

import subprocess
import sys

from .env import ensure_chromium
from .project import ROOT
from .site import build


def bench(runs: int, bots: int, review: int = 0, pages: str = "") -> int:
    """Cold and warm load times over `runs` fresh contexts (`pages`: beside the table and the bare
    page only these, comma-separated); with `bots`, that many decisions of each kind of computer
    player in the sandbox page; with `review`, the review of that many deals."""
    ensure_chromium()
    build()
    scripts = ROOT / "tests" / "browser"
    code = subprocess.run([sys.executable, str(scripts / "bench.py"), "--runs", str(runs),
                           *(("--pages", pages) if pages else ())], cwd=ROOT).returncode
    if bots and code == 0:
        code = subprocess.run([sys.executable, str(scripts / "bench_bots.py"), "--decisions", str(bots)],
                              cwd=ROOT).returncode
    if review and code == 0:
        code = subprocess.run([sys.executable, str(scripts / "bench_review.py"), "--deals", str(review)],
                              cwd=ROOT).returncode
    return code
