"""Every lesson step fits the screen it is read on, measured by the browser's own geometry.

On a laptop (1366x800 and 1280x720) the goal, the hand and the controls the step offers (the
choices of a question, the buttons of a bet, the step's own Hint and Show me) are all in view
without scrolling. On a phone (360 px wide) the step's text sits between the table and the hand, so
the goal and the hand are at most one short scroll apart, and the status line says where the
question is. One page load per size and language: the steps are opened by their address."""
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


def walk(page, base_url: str, site_dir, lang: str):
    """Open every step in one page; yield (where, kind, measurements)."""
    folder = "" if lang == "en" else f"{lang}/"
    all_steps = steps(site_dir)
    page.goto(f"{base_url}{folder}lesson.html?lang={lang}#/{all_steps[0][0]}/{all_steps[0][1]}")
    page.wait_for_selector(READY)
    for lesson, step, kind in all_steps:
        page.evaluate(f"location.hash = '#/{lesson}/{step}'")
        page.wait_for_function(f"document.body.dataset.step === {json.dumps(step)}")
        page.wait_for_selector(READY)
        page.evaluate("window.scrollTo(0, 0)")
        yield f"{lesson}/{step}", kind, page.evaluate(MEASURE)


@pytest.mark.parametrize("width,height,lang", [(1366, 800, "en"), (1280, 720, "en"), (1280, 720, "de")])
def test_goal_hand_and_controls_fit_a_laptop_screen(page, base_url, site_dir, width, height, lang):
    page.set_viewport_size({"width": width, "height": height})
    problems = []
    for where, kind, m in walk(page, base_url, site_dir, lang):
        needed = [("goal", m["goal"])] + ([("hand", m["hand"])] if kind == "act" else [])
        needed += [("a control", c) for c in m["controls"]]
        for name, box in needed:
            if box is None and name != "a control":
                if kind != "read" or name != "goal":
                    problems.append(f"{where}: no {name}")
            elif box is not None and box["bottom"] > height + 1:
                problems.append(f"{where}: {name} ends at y={box['bottom']:.0f}, below the {height}px screen")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_on_a_phone_the_goal_and_the_hand_are_one_short_scroll_apart(page, base_url, site_dir, lang):
    page.set_viewport_size({"width": 360, "height": 740})
    problems = []
    for where, kind, m in walk(page, base_url, site_dir, lang):
        if kind == "question":
            if not (m["above"] and not m["beside"]):
                problems.append(f"{where}: the status line does not say the question is above")
        if kind != "act":
            continue
        gap = m["hand"]["top"] - m["goal"]["bottom"]
        if gap > m["height"] / 2:   # a short scroll: half a screen at most from the goal's end to the cards
            problems.append(f"{where}: {gap:.0f}px between the goal's end and the hand")
        if m["hand"]["bottom"] - m["goal"]["top"] > m["height"] * 1.5:
            problems.append(f"{where}: goal and hand span {m['hand']['bottom'] - m['goal']['top']:.0f}px")
    assert not problems, "\n".join(problems)


def test_on_a_laptop_the_status_line_says_the_question_is_beside_the_table(page, base_url, site_dir):
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{base_url}lesson.html#/giltspiel/gleich")
    page.wait_for_selector(READY)
    m = page.evaluate(MEASURE)
    assert m["beside"] and not m["above"]
