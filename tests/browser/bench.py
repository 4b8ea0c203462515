"""Benchmark the built site in headless Chromium (run through `python3 build.py bench`).

For the table, lesson, sandbox, teacher and practice pages and the bare Pyodide page (dist/bench/bare.html: the same
runtime and wheel, only importing the engine) it takes the median over fresh browser contexts of:
  first content   first-contentful-paint of a cold load
  cold ready      until the page is interactive (a site page) or the engine is imported (bare)
  warm ready      the same after a reload in the same context: for the site's pages once the
                  service worker has precached the site and the Python memory snapshot is stored
                  (a return visit), for the bare page with the HTTP cache warm
  no snapshot     a site page's warm ready after the stored snapshot was deleted (the usual start)
  transfer        bytes the page fetched beyond the Pyodide runtime files, up to ready (cold)
and, while the snapshot is made after the cold load: its size, the time it takes, and the longest
main-thread task meanwhile. On the practice page (warm) it also answers puzzles and times "Next
puzzle": from the click until the next puzzle is drawn (the issue's goal: 100 ms).
"""
from __future__ import annotations

import argparse
import json
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

GOALS = {"first_content_ms": 1000, "cold_ratio": 1.15, "warm_ratio": 0.4, "warm_goal": 0.25,
         "boot_warm_ratio": 1.2, "transfer_kb": 600,
         "teacher_ratio": 1.05, "next_puzzle_ms": 100}
NEXT_PUZZLES = 8          # "Next puzzle" timed this many times a run, on the warm practice page
# a puzzle opened by its address, answered with its card (as itself, if the picker asks), then
# "Next puzzle": ms from the click
# until the next puzzle (whatever the page chooses) is on the page and painted
NEXT = """async (card) => {
  const until = async (test) => { while (!test()) await new Promise((r) => setTimeout(r, 1)); };
  document.querySelector(`#hand [data-card="${card}"]`).click();
  await until(() => document.body.dataset.answered === "true" || document.querySelector("dialog#picker[open]"));
  const itself = document.querySelector("dialog#picker[open] .option.plain");   // a Perlagg played as itself
  if (itself) { itself.click(); await until(() => document.body.dataset.answered === "true"); }
  const before = document.body.dataset.puzzle, start = performance.now();
  document.querySelector('[data-do="next"]').click();
  await until(() => document.body.dataset.puzzle !== before && document.body.dataset.answered === "false");
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - start;
}"""


def card_puzzles() -> list[tuple[str, str]]:
    """(puzzle id, the card that answers it) for the puzzles one click on a card answers."""
    folder = DIST / "puzzles"
    ids = [e["id"] for e in json.loads((folder / "index.json").read_text())["puzzles"]]
    puzzles = [json.loads((folder / "p" / f"{pid}.json").read_text()) for pid in ids]
    return [(p["id"], p["answers"][0]["card"]) for p in puzzles
            if p["answers"][0]["act"] == "play" and "as" not in p["answers"][0]]


def time_next(page, base: str) -> list[float]:
    """The warm practice page, NEXT_PUZZLES times: a puzzle opened, answered, "Next puzzle" timed."""
    out = []
    for puzzle, card in card_puzzles()[:NEXT_PUZZLES]:
        load(page, f"{base}practice.html?puzzle={puzzle}")
        out.append(page.evaluate(NEXT, card))
    return out
SNAPSHOT_STORE, SNAPSHOT_NOTE = "perlaggen.python-snapshot", "perlaggen:python-snapshot"   # js/snapshot-store.mjs

MEASURE = """() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const entries = [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")];
  return {
    fcp: fcp ? fcp.startTime : null,
    python: performance.getEntriesByName("perlaggen:python-start")[0]?.startTime ?? null,
    ready: window.perlaggenReadyAt,
    started: document.documentElement.dataset.pythonStart ?? null,
    files: entries.map(e => [new URL(e.name).pathname, e.encodedBodySize, e.startTime <= window.perlaggenReadyAt]),
  };
}"""


def transfer_beyond_runtime(files: list) -> int:
    runtime = {f"/pyodide/{name}" for name in PYODIDE_RUNTIME}
    return sum(size for path, size, before_ready in files if before_ready and path not in runtime)


def load(page, url: str | None = None) -> dict:
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    return page.evaluate(MEASURE)


def run(browser, base: str, path: str, site_page: bool) -> dict:
    context = browser.new_context()
    try:
        page = context.new_page()
        sample = {"cold": load(page, base + path)}
        if not site_page:
            sample["warm"] = load(page)
            return sample
        # a returning visitor: the worker has precached everything and the snapshot is stored
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_selector("html[data-snapshot=made]", state="attached", timeout=120_000)
        sample["snapshot"] = page.evaluate("window.perlaggenSnapshot")
        sample["warm"] = load(page)
        if path.startswith("practice.html"):
            sample["next_ms"] = time_next(page, base)
            load(page, base + path)
        page.evaluate(f"localStorage.removeItem('{SNAPSHOT_NOTE}'); caches.delete('{SNAPSHOT_STORE}')")
        sample["boot"] = load(page)
        if (sample["warm"]["started"], sample["boot"]["started"]) != ("snapshot", "boot"):
            sys.exit(f"bench: {path} did not start as expected: {sample['warm']['started']}, {sample['boot']['started']}")
        return sample
    finally:
        context.close()


def median(samples: list[dict], *keys: str) -> float:
    def get(sample):
        for key in keys:
            sample = sample[key]
        return sample
    return statistics.median(get(s) for s in samples)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pages", default="", help="beside the table and the bare page, only these (comma-separated)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    lesson = json.loads((DIST / "lessons" / "lessons.json").read_text())["lessons"][0]["id"]
    pages = {"bench/bare.html": False, "table.html": True, f"lesson.html#/{lesson}": True, "sandbox.html": True,
             "teacher.html": True, "practice.html": True}
    if args.pages:
        only = set(args.pages.split(","))
        pages = {path: site for path, site in pages.items()
                 if path in ("bench/bare.html", "table.html") or path.split(".")[0] in only}
    server = start_server(DIST)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    samples: dict[str, list] = {path: [] for path in pages}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        for _ in range(runs):  # interleaved, so a busy machine slows every page alike
            for path, site_page in pages.items():
                samples[path].append(run(browser, base, path, site_page))
        context = browser.new_context()
        home = context.new_page()
        home.goto(base)
        home_fcp = home.wait_for_function(
            'performance.getEntriesByName("first-contentful-paint")[0]?.startTime').json_value()
        context.close()
        browser.close()
    server.shutdown()

    bare = samples["bench/bare.html"]
    print(f"\nPerlaggen benchmark: median of {runs} fresh Chromium contexts on 127.0.0.1\n")
    print(f"{'page':<22}{'first content':>15}{'cold ready':>13}{'warm ready':>13}{'no snapshot':>14}{'transfer*':>12}")
    for path, site_page in pages.items():
        s = samples[path]
        boot = f"{median(s, 'boot', 'ready'):>11.0f} ms" if site_page else f"{'':>14}"
        print(f"{path.split('#')[0]:<22}{median(s, 'cold', 'fcp'):>12.0f} ms{median(s, 'cold', 'ready'):>10.0f} ms"
              f"{median(s, 'warm', 'ready'):>10.0f} ms{boot}"
              f"{statistics.median(transfer_beyond_runtime(x['cold']['files']) for x in s) / 1024:>9.0f} KB")
    print(f"{'home (index)':<22}{home_fcp:>12.0f} ms")
    print("* bytes fetched up to ready beyond the Pyodide runtime files (pyodide.*, python_stdlib.zip, lock)")

    made = [x["snapshot"] for path, site_page in pages.items() if site_page for x in samples[path]]
    longest = max(m["longestTaskMs"] for m in made)
    print(f"\nSnapshot ({len(made)} made): {statistics.median(m['memory'] for m in made) / 2**20:.1f} MiB of memory, "
          f"{statistics.median(m['stored'] for m in made) / 2**20:.1f} MiB stored; made in "
          f"{statistics.median(m['makeMs'] for m in made) / 1000:.2f} s (median; "
          f"{min(m['makeMs'] for m in made) / 1000:.2f}-{max(m['makeMs'] for m in made) / 1000:.2f} s) in a worker; "
          f"longest main-thread task meanwhile: {f'{longest:.0f} ms' if longest else 'none over 50 ms'}\n")

    table = samples["table.html"]
    fcp = median(table, "cold", "fcp")
    transfer = statistics.median(transfer_beyond_runtime(x["cold"]["files"]) for x in table) / 1024
    cold_ratio = median(table, "cold", "ready") / median(bare, "cold", "ready")
    checks = [
        ("first content of the table", f"{fcp:.0f} ms", fcp < GOALS["first_content_ms"], "< 1000 ms"),
        ("cold ready, table / bare", f"{cold_ratio:.2f}x", cold_ratio <= GOALS["cold_ratio"], "<= 1.15x"),
    ]
    for path, site_page in pages.items():
        if site_page:
            ratio = median(samples[path], "warm", "ready") / median(bare, "warm", "ready")
            checks.append((f"warm ready, {path.split('.')[0]} / bare", f"{ratio:.2f}x", ratio <= GOALS["warm_ratio"],
                           f"<= 0.4x (aim 0.25x){'' if ratio <= GOALS['warm_goal'] else ', above the aim'}"))
    boot_ratio = median(table, "boot", "ready") / median(bare, "warm", "ready")
    checks += [
        ("no snapshot, table / bare", f"{boot_ratio:.2f}x", boot_ratio <= GOALS["boot_warm_ratio"], "<= 1.2x"),
        ("transfer beyond the runtime", f"{transfer:.0f} KB", transfer <= GOALS["transfer_kb"], "<= 600 KB"),
    ]
    for path, site_page in pages.items():   # every page with Python, as the table (issue 23)
        if site_page and path != "table.html":
            kb = statistics.median(transfer_beyond_runtime(x["cold"]["files"]) for x in samples[path]) / 1024
            checks.append((f"transfer, {path.split('.')[0]}", f"{kb:.0f} KB", kb <= GOALS["transfer_kb"], "<= 600 KB"))
    for name in ("teacher", "practice"):   # they load as fast as the table page (issues 23 and 25)
        if f"{name}.html" not in samples:
            continue
        other = samples[f"{name}.html"]
        cold = median(other, "cold", "ready") / median(table, "cold", "ready")
        warm = median(other, "warm", "ready") / median(table, "warm", "ready")
        checks += [(f"cold ready, {name} / table", f"{cold:.2f}x", cold <= GOALS["teacher_ratio"], "<= 1.05x"),
                   (f"warm ready, {name} / table", f"{warm:.2f}x", warm <= GOALS["teacher_ratio"], "<= 1.05x")]
    if "practice.html" in samples:
        nexts = sorted(ms for x in samples["practice.html"] for ms in x["next_ms"])
        next_median, next_p95 = statistics.median(nexts), nexts[min(len(nexts) - 1, int(len(nexts) * 0.95))]
        checks.append(("next puzzle (median, p95)", f"{next_median:.0f}/{next_p95:.0f} ms",
                       next_p95 <= GOALS["next_puzzle_ms"], "<= 100 ms"))
    for label, value, ok, goal in checks:
        print(f"  {'ok  ' if ok else 'MISS'} {label:<30}{value:>10}   goal {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
