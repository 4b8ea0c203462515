"""Screenshots of every lesson step at three sizes, and a check of the table's layout in each.

    .venv/bin/python tests/browser/lesson_shots.py [--sizes desktop,phone,projector,laptop,small]
                                                   [--steps LESSON[/STEP],...] [--lang de] [--first]

Builds the site if needed, serves dist/, and for every step of every lesson (as it opens, and again
once solved) writes test-artifacts/lesson-shots/SIZE[-LANG]/NN-lesson/NN-step[-done].png (lessons
numbered by their place in the course; LANG when not English) and checks, with
the browser's own geometry, what a screenshot would show wrong: a seat's played cards or open hand
spilling out of the seat, two seats overlapping, a baptism mark ("= A") covered by the next card,
the page wider than the window. Prints every problem and exits 1 if there is any. Looking at the
pictures is still the point: the check only catches what it measures. `--lang de` takes them in
another language of the site (into test-artifacts/lesson-shots/SIZE-de/); `--first` only the first
step of each lesson (the sizes "laptop" 1366x800 and "small" 1280x720 are the ones a lesson must fit
without scrolling: tests/browser/test_lesson_layout.py measures that).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, ROOT / "web" / "py", HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from harness import ARTIFACTS, LAUNCH_ARGS, READY  # noqa: E402
from perlaggen_core import Action  # noqa: E402
from tools.project import CHROMIUM  # noqa: E402
from tools.server import start_server  # noqa: E402
from tools.site import LANGUAGES, ensure_built  # noqa: E402

SIZES = {"desktop": (1280, 800), "phone": (360, 740), "projector": (1920, 1080),
         "laptop": (1366, 800), "small": (1280, 720)}

# Measured in the page: every problem as a sentence.
LAYOUT_CHECK = """() => {
  const problems = [];
  const box = (el) => el.getBoundingClientRect();
  const inside = (a, b, slack) => a.left >= b.left - slack && a.right <= b.right + slack &&
                                  a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const seats = [...document.querySelectorAll('#table .seat')];
  for (const seat of seats) {
    const s = box(seat), name = seat.getAttribute('aria-label');
    for (const part of seat.querySelectorAll('.played li, .open-hand li, .shown li, .proof li, header, .backs')) {
      if (!inside(box(part), s, 2)) problems.push(`${name}: ${part.className || part.tagName.toLowerCase()} spills out of the seat`);
    }
    // a baptised card's mark ("= A") sits in the bottom fifth of the card: nothing may cover it
    const played = [...seat.querySelectorAll('.played li')];
    played.forEach((li, i) => {
      const label = li.querySelector('.card[aria-label*=" played as "]');
      if (!label) return;
      const c = box(label);
      const mark = {left: c.left + c.width * 0.08, right: c.right - c.width * 0.08,
                    top: c.top + c.height * 0.79, bottom: c.bottom - c.height * 0.03};
      for (const other of played.slice(i + 1)) {
        const o = box(other.querySelector('.card'));
        if (o.left < mark.right - 1 && o.right > mark.left + 1 && o.top < mark.bottom - 1 && o.bottom > mark.top + 1)
          problems.push(`${name}: a later card covers the baptism mark of ${label.getAttribute('aria-label')}`);
      }
    });
  }
  for (let i = 0; i < seats.length; i++) for (let j = i + 1; j < seats.length; j++) {
    const a = box(seats[i]), b = box(seats[j]);
    if (a.left < b.right - 1 && a.right > b.left + 1 && a.top < b.bottom - 1 && a.bottom > b.top + 1)
      problems.push(`seats ${seats[i].getAttribute('aria-label')} and ${seats[j].getAttribute('aria-label')} overlap`);
  }
  const centre = document.querySelector('#table .centre');
  if (centre) for (const seat of seats) {
    const a = box(seat), b = box(centre);
    if (a.left < b.right - 1 && a.right > b.left + 1 && a.top < b.bottom - 1 && a.bottom > b.top + 1)
      problems.push(`${seat.getAttribute('aria-label')} overlaps the middle of the table`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`);
  return problems;
}"""


def solve(page, step: dict, names: dict) -> None:
    """Finish a step the quick way: its answer, or "show me" after the hints (a page to read is done)."""
    if step["kind"] == "read":
        return
    if step["kind"] == "question":
        page.locator(f'[data-choice="{step["answer"]}"]').click()
    else:
        while page.locator('[data-do="hint"]').count():
            page.locator('[data-do="hint"]').click()
        page.locator('[data-do="show-me"]').click()
    page.wait_for_selector(READY)
    page.wait_for_function("document.body.dataset.outcome !== ''")


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright
    from common.pagewords import card_names

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--steps", default="", help="only these lessons (ids) or lesson/step, comma-separated")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES))
    parser.add_argument("--first", action="store_true", help="only the first step of each lesson")
    args = parser.parse_args(argv)
    only = [s for s in args.steps.split(",") if s]
    site = ensure_built()
    lessons = json.loads((site / "lessons" / "lessons.json").read_text())["lessons"]
    server = start_server(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out = ARTIFACTS / "lesson-shots"
    folder_of = f"{LANGUAGES[args.lang]}/" if LANGUAGES[args.lang] else ""
    names = card_names()
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        for size in args.sizes.split(","):
            width, height = SIZES[size]
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.goto(f"{base}{folder_of}lesson.html?lang={args.lang}#/{lessons[0]['id']}")
            page.wait_for_selector(READY)
            for li, lesson in enumerate(lessons, 1):
                for si, step in enumerate(lesson["steps"][:1] if args.first else lesson["steps"], 1):
                    where = f"{lesson['id']}/{step['id']}"
                    if only and not {lesson["id"], where} & set(only):
                        continue
                    page.evaluate(f"location.hash = '#/{where}'")
                    page.wait_for_function(f"document.body.dataset.step === {json.dumps(step['id'])}")
                    page.wait_for_selector(READY)
                    sized = size if args.lang == "en" else f"{size}-{args.lang}"
                    folder = out / sized / f"{li:02d}-{lesson['id']}"
                    folder.mkdir(parents=True, exist_ok=True)
                    for suffix in ("", "-done"):
                        if suffix:
                            solve(page, step, names)
                        page.screenshot(path=str(folder / f"{si:02d}-{step['id']}{suffix}.png"), full_page=True)
                        problems += [f"{size} {where}{suffix}: {p}" for p in page.evaluate(LAYOUT_CHECK)]
            context.close()
        browser.close()
    server.shutdown()
    for line in problems:
        print(line)
    print(f"{len(problems)} layout problems; pictures in {out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
