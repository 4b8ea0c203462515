"""Benchmark the review of a deal in the browser: how long "Review this deal" takes in the sandbox.

    .venv/bin/python tests/browser/bench_review.py [--deals N] [--seed S]

Run after a build (`python3 build.py`). A fresh Chromium context opens the sandbox with the
computer playing all four seats (`?autoplay=1&review=1`, no pauses); after each deal the page
reviews seat 0's decisions in slices, as it does for a learner, and publishes the times as
`window.perlaggenReviewTimes` (wall time from the start of the review to its end, pauses for the
page included, the time spent working and the longest slice). Prints the median and worst over N
deals against the goal of 15 s, the longest slice and the longest task the browser saw while the
review worked (a slice, or the page drawing between them).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT), str(HERE)]

from harness import served_browser  # noqa: E402

GOAL_S = 15.0
# a long task observer: the longest stretch the page's main thread was busy while reviewing
OBSERVE = """
window.perlaggenLongest = 0;
new PerformanceObserver(list => { for (const e of list.getEntries())
  if (document.body.dataset.reviewState === "working") window.perlaggenLongest = Math.max(window.perlaggenLongest, e.duration); })
  .observe({type: "longtask", buffered: false});
"""


def measure(browser, base: str, deals: int, seed: int) -> tuple[list[dict], float]:
    context = browser.new_context()
    times: list[dict] = []
    longest = 0.0
    try:
        page = context.new_page()
        while len(times) < deals:
            page.goto(f"{base}sandbox.html?new=1&strength=rule&seed={seed}&target=24&speed=test&autoplay=1&review=1")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            page.evaluate(OBSERVE)
            deadline = time.monotonic() + 900
            got: list[dict] = []
            while time.monotonic() < deadline:
                got = json.loads(page.evaluate("window.perlaggenReviewTimes || '[]'"))
                over = page.evaluate("document.body.dataset.phase") == "game_over" and \
                    page.evaluate("document.body.dataset.reviewState") != "working"
                if len(times) + len(got) >= deals or over:
                    break
                time.sleep(0.5)
            longest = max(longest, page.evaluate("window.perlaggenLongest"))
            times += got
            seed += 1
    finally:
        context.close()
    return times[:deals], longest


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with served_browser() as (browser, base):
        times, longest = measure(browser, base, args.deals, args.seed)
    wall = [t["wall"] for t in times]
    work = [t["work"] for t in times]
    print(f"{'deals':>5} {'decisions':>9} {'median s':>9} {'worst s':>8} {'work median s':>14} "
          f"{'longest slice ms':>17} {'longest task ms':>16}  goal")
    verdict = f"worst <= {GOAL_S:.0f} s: " + ("met" if max(wall) <= GOAL_S else "MISSED")
    print(f"{len(times):5d} {statistics.mean(t['decisions'] for t in times):9.1f} {statistics.median(wall):9.1f} "
          f"{max(wall):8.1f} {statistics.median(work):14.1f} {1000 * max(t['slice'] for t in times):17.0f} "
          f"{longest:16.0f}  {verdict}", flush=True)
    return 0 if max(wall) <= GOAL_S else 1


if __name__ == "__main__":
    sys.exit(main())
