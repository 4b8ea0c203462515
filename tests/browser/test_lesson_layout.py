"""Every lesson step fits the screen it is read on, measured by the browser's own geometry.

On a laptop (1366x800 and 1280x720) the goal, the hand and the controls the step offers (the
choices of a question, the buttons of a bet, the step's own Hint and Show me) are all in view
without scrolling. On a phone (360 px wide) the step's text sits between the table and the hand, so
the goal and the hand are at most one short scroll apart, and the status line says where the
question is. One page load per language: the steps are opened by their address, each measured at
every size in turn."""
from __future__ import annotations

import json

import pytest

from harness import READY

# The geometry of what the learner needs, in page coordinates.
MEASURE = """() => {
  const box = (el) => { if (!el || el.closest('[hidden]')) return null; const b = el.getBoundingClientRect();
    return b.width && b.height ? {top: b.top + scrollY, bottom: b.bottom + scrollY} : null; };
  const controls = [...document.querySelectorAll(
    '#step-body .choice, #actions button, #figures button, #step-buttons button, #hand .card')]
    .filter((el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true')   // a card that cannot be played is no control
    .map(box).filter(Boolean);
  const visible = (el) => el && getComputedStyle(el).display !== 'none';
  return {goal: box(document.querySelector('#step-body .goal')), hand: box(document.querySelector('#hand')),
          controls, scrolled: scrollY, height: innerHeight,
          beside: visible(document.querySelector('#status .wide-only')),
          above: visible(document.querySelector('#status .narrow-only'))};
}"""


def steps(site_dir) -> list[tuple[str, str, str]]:
    lessons = json.loads((site_dir / "lessons" / "lessons.json").read_text())["lessons"]
    return [(lesson["id"], step["id"], step["kind"]) for lesson in lessons for step in lesson["steps"]]


LAPTOPS = {"en": [(1366, 800), (1280, 720)], "de": [(1280, 720)]}
PHONE = (360, 740)


def walk(page, base_url: str, site_dir, lang: str, sizes: list[tuple[int, int]]):
    """Open every step in one page and measure it at each size in turn; yield (where, kind, size,
    measurements)."""
    folder = "" if lang == "en" else f"{lang}/"
    all_steps = steps(site_dir)
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    page.goto(f"{base_url}{folder}lesson.html?lang={lang}#/{all_steps[0][0]}/{all_steps[0][1]}")
    page.wait_for_selector(READY)
    for lesson, step, kind in all_steps:
        page.evaluate(f"location.hash = '#/{lesson}/{step}'")
        page.wait_for_function(f"document.body.dataset.step === {json.dumps(step)}")
        page.wait_for_selector(READY)
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("new Promise((done) => requestAnimationFrame(() => { scrollTo(0, 0); done(); }))")
            yield f"{lesson}/{step} at {width}x{height}", kind, (width, height), page.evaluate(MEASURE)


def laptop_problems(where: str, kind: str, height: int, m: dict) -> list[str]:
    """The goal, the hand (when the step asks for a move) and every control above the screen's end."""
    problems = []
    needed = [("goal", m["goal"])] + ([("hand", m["hand"])] if kind == "act" else [])
    needed += [("a control", c) for c in m["controls"]]
    for name, box in needed:
        if box is None and name != "a control":
            if kind != "read" or name != "goal":
                problems.append(f"{where}: no {name}")
        elif box is not None and box["bottom"] > height + 1:
            problems.append(f"{where}: {name} ends at y={box['bottom']:.0f}, below the {height}px screen")
    return problems


def phone_problems(where: str, kind: str, m: dict) -> list[str]:
    """The status line points above to a question; goal and hand at most one short scroll apart."""
    problems = []
    if kind == "question" and not (m["above"] and not m["beside"]):
        problems.append(f"{where}: the status line does not say the question is above")
    if kind != "act":
        return problems
    gap = m["hand"]["top"] - m["goal"]["bottom"]
    if gap > m["height"] / 2:   # a short scroll: half a screen at most from the goal's end to the cards
        problems.append(f"{where}: {gap:.0f}px between the goal's end and the hand")
    if m["hand"]["bottom"] - m["goal"]["top"] > m["height"] * 1.5:
        problems.append(f"{where}: goal and hand span {m['hand']['bottom'] - m['goal']['top']:.0f}px")
    return problems


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_fits_a_laptop_screen_and_a_phone(page, base_url, site_dir, lang):
    """Laptops: the goal, the hand and the controls in view without scrolling. Phone: the goal and
    the hand one short scroll apart, the status line pointing to a question above."""
    problems = []
    for where, kind, (_, height), m in walk(page, base_url, site_dir, lang, [*LAPTOPS[lang], PHONE]):
        problems += phone_problems(where, kind, m) if height == PHONE[1] else laptop_problems(where, kind, height, m)
    assert not problems, "\n".join(problems)


def test_on_a_laptop_the_status_line_says_the_question_is_beside_the_table(page, base_url, site_dir):
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{base_url}lesson.html#/giltspiel/gleich")
    page.wait_for_selector(READY)
    m = page.evaluate(MEASURE)
    assert m["beside"] and not m["above"]
