"""Benchmark the built site in headless Chromium (run through `python3 build.py bench`).

For the table page, the teacher page and the bare Pyodide page (dist/bench/bare.html: the same
runtime and wheel, only importing the engine) it takes the median over fresh browser contexts of:
  first content   first-contentful-paint of a cold load
  cold ready      until the page is interactive (the table) or the engine is imported (bare)
  warm ready      the same after a reload in the same context (service worker and HTTP cache warm)
  transfer        bytes the page fetched beyond the Pyodide runtime files, up to ready (cold)
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT), str(HERE)]

from harness import LAUNCH_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tools.project import CHROMIUM, DIST  # noqa: E402
from tools.runtime import PYODIDE_RUNTIME  # noqa: E402
from tools.server import start_server  # noqa: E402

GOALS = {"first_content_ms": 1000, "cold_ratio": 1.15, "warm_ratio": 1.2, "transfer_kb": 600, "teacher_ratio": 1.05}

MEASURE = """() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const entries = [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")];
  return {
    fcp: fcp ? fcp.startTime : null,
    python: performance.getEntriesByName("perlaggen:python-start")[0]?.startTime ?? null,
    ready: window.perlaggenReadyAt,
    files: entries.map(e => [new URL(e.name).pathname, e.encodedBodySize, e.startTime <= window.perlaggenReadyAt]),
  };
}"""


def transfer_beyond_runtime(files: list) -> int:
    runtime = {f"/pyodide/{name}" for name in PYODIDE_RUNTIME}
    return sum(size for path, size, before_ready in files if before_ready and path not in runtime)


def load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    return page.evaluate(MEASURE)


def run(browser, base: str, path: str, service_worker: bool) -> tuple[dict, dict]:
    context = browser.new_context()
    try:
        page = context.new_page()
        cold = load(page, base + path)
        if service_worker:  # a returning visitor: the worker has installed and precached everything
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.reload()
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        warm = page.evaluate(MEASURE)
        return cold, warm
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs = max(5, args.runs)
    server = start_server(DIST)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results: dict[str, dict[str, float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        pages = (("bench/bare.html", False), ("table.html", True), ("teacher.html", True))
        samples: dict[str, list] = {path: [] for path, _sw in pages}
        for _ in range(runs):  # interleaved, so a busy machine slows both pages alike
            for path, sw in pages:
                samples[path].append(run(browser, base, path, sw))
        for path, sw in pages:
            results[path] = {
                "fcp": statistics.median(c["fcp"] for c, _ in samples[path]),
                "cold": statistics.median(c["ready"] for c, _ in samples[path]),
                "warm": statistics.median(w["ready"] for _, w in samples[path]),
                "transfer": statistics.median(transfer_beyond_runtime(c["files"]) for c, _ in samples[path]),
            }
        context = browser.new_context()
        home = context.new_page()
        home.goto(base)
        home_fcp = home.wait_for_function(
            'performance.getEntriesByName("first-contentful-paint")[0]?.startTime').json_value()
        context.close()
        browser.close()
    server.shutdown()

    bare, table, teacher = results["bench/bare.html"], results["table.html"], results["teacher.html"]
    print(f"\nPerlaggen benchmark: median of {runs} fresh Chromium contexts on 127.0.0.1\n")
    print(f"{'page':<18}{'first content':>15}{'cold ready':>13}{'warm ready':>13}{'transfer*':>12}")
    for name, r in (("table.html", table), ("teacher.html", teacher), ("bench/bare.html", bare)):
        print(f"{name:<18}{r['fcp']:>12.0f} ms{r['cold']:>10.0f} ms{r['warm']:>10.0f} ms"
              f"{r['transfer'] / 1024:>9.0f} KB")
    print(f"{'home (index)':<18}{home_fcp:>12.0f} ms")
    cold_ratio, warm_ratio = table["cold"] / bare["cold"], table["warm"] / bare["warm"]
    print("* bytes fetched up to ready beyond the Pyodide runtime files (pyodide.*, python_stdlib.zip, lock)\n")
    checks = [
        ("first content of the table", f"{table['fcp']:.0f} ms", table["fcp"] < GOALS["first_content_ms"], "< 1000 ms"),
        ("cold ready, table / bare", f"{cold_ratio:.2f}x", cold_ratio <= GOALS["cold_ratio"], "<= 1.15x"),
        ("warm ready, table / bare", f"{warm_ratio:.2f}x", warm_ratio <= GOALS["warm_ratio"], "<= 1.2x"),
        ("transfer beyond the runtime", f"{table['transfer'] / 1024:.0f} KB",
         table["transfer"] / 1024 <= GOALS["transfer_kb"], "<= 600 KB"),
    ]
    teacher_cold, teacher_warm = teacher["cold"] / table["cold"], teacher["warm"] / table["warm"]
    checks += [   # the teacher page loads as fast as the table page (its transfer is in the table above)
        ("cold ready, teacher / table", f"{teacher_cold:.2f}x", teacher_cold <= GOALS["teacher_ratio"], "<= 1.05x"),
        ("warm ready, teacher / table", f"{teacher_warm:.2f}x", teacher_warm <= GOALS["teacher_ratio"], "<= 1.05x"),
    ]
    for label, value, ok, goal in checks:
        print(f"  {'ok  ' if ok else 'MISS'} {label:<30}{value:>10}   goal {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
