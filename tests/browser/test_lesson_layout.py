"""Every lesson step fits the screen it is read on, measured by the browser's own geometry.

On a laptop (1366x800 and 1280x720) the goal, the hand and the controls the step offers (the
choices of a question, the buttons of a bet, the step's own Hint and Show me) are all in view
without scrolling, and the status line says the question is beside the table. On a phone (360 px
wide) the step's text sits between the table and the hand, so the goal and the hand are at most one
short scroll apart, and the status line says the question is above. No page scrolls sideways.

The steps are drawn under CPython by the page's own code (lessons.parts, through lesson_parts.py)
from the built site's lessons and catalog, then put into the real lesson page, its Python not
started, and measured there at every size: the layout is the browser's, what is laid out is the
page's. `test_the_page_draws_what_the_walk_measures` shows that the page, Python and all, draws
the same."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
          controls, scrolled: scrollY, height: innerHeight, wide: document.documentElement.scrollWidth, width: innerWidth,
          beside: visible(document.querySelector('#status .wide-only')),
          above: visible(document.querySelector('#status .narrow-only'))};
}"""


def drawn(site_dir, lang: str, *routes: str) -> list[dict]:
    """Steps as the page draws them when opened (lesson_parts.py): every step of the course, or
    those named, in turn."""
    script = Path(__file__).with_name("lesson_parts.py")
    out = subprocess.run([sys.executable, str(script), str(site_dir), lang, *routes], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


# The page's drawing without its Python: what lessons/main.py's `apply` and `mark_ready` do.
APPLY = """(parts) => {
  const at = (id) => document.getElementById(id);
  for (const [id, html] of Object.entries(parts.html)) at(id).innerHTML = html;
  for (const [id, hidden] of Object.entries(parts.hidden)) at(id).hidden = hidden;
  for (const [id, [name, on]] of Object.entries(parts.toggles)) at(id).classList.toggle(name, on);
  for (const [id, name] of Object.entries(parts.class_names)) at(id).className = name;
  Object.assign(document.body.dataset, parts.data, {ready: "true"});
  at("loading").hidden = true;
}"""

LAPTOPS = [(1366, 800), (1280, 720)]
PHONE = (360, 740)
# Python is not started: PyScript's core and the early start of Pyodide are empty modules.
SILENCED = {"**/pyscript/core.js": "", "**/js/early-pyodide.mjs": "export const start = () => {};"}


def silenced(body: str):
    return lambda route: route.fulfill(content_type="text/javascript", body=body)


def walk(page, base_url: str, site_dir, lang: str):
    """Every step drawn into the page and measured at each size; yield (where, kind, size,
    measurements)."""
    for pattern, body in SILENCED.items():
        page.route(pattern, silenced(body))
    page.goto(f"{base_url}{'' if lang == 'en' else lang + '/'}lesson.html?lang={lang}")
    steps = drawn(site_dir, lang)
    page.evaluate("(steps) => { window.steps = steps; }", steps)
    for width, height in [*LAPTOPS, PHONE]:
        page.set_viewport_size({"width": width, "height": height})
        measured = page.evaluate(f"""() => {{ const apply = {APPLY}, measure = {MEASURE};
            return window.steps.map((step) => {{ apply(step.parts); scrollTo(0, 0); return measure(); }}); }}""")
        for step, m in zip(steps, measured):
            yield f"{step['lesson']}/{step['step']} at {width}x{height}", step["kind"], (width, height), m


def laptop_problems(where: str, kind: str, height: int, m: dict) -> list[str]:
    """The goal, the hand (when the step asks for a move) and every control above the screen's end;
    a question's status line points beside the table."""
    problems = []
    if kind == "question" and not (m["beside"] and not m["above"]):
        problems.append(f"{where}: the status line does not say the question is beside the table")
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


@pytest.mark.own_context        # routes the page's own files, past the shared context's service worker
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_fits_a_laptop_screen_and_a_phone(page, base_url, site_dir, lang):
    """Laptops: the goal, the hand and the controls in view without scrolling, the status line
    pointing beside. Phone: the goal and the hand one short scroll apart, the status line pointing
    to a question above."""
    problems, count = [], 0
    for where, kind, (_, height), m in walk(page, base_url, site_dir, lang):
        count += 1
        problems += phone_problems(where, kind, m) if height == PHONE[1] else laptop_problems(where, kind, height, m)
        if m["wide"] > m["width"]:
            problems.append(f"{where}: the page scrolls sideways ({m['wide']}px wide)")
    assert count > 100 * 3, "the walk measured too few steps"
    assert not problems, "\n".join(problems)


# A page to read, a move with a bet's buttons, a question, a table of three.
SAMPLE = ["deuten/the-signs", "giltspiel/first-bet", "giltspiel/gleich", "other-tables/count-down"]


def test_the_page_draws_what_the_walk_measures(page, base_url, site_dir):
    """The lesson page, its Python running, draws each sampled step exactly as lesson_parts.py says
    (the browser's own serialisation of both compared, part by part)."""
    expected = drawn(site_dir, "en", *SAMPLE)
    page.goto(f"{base_url}lesson.html#/{SAMPLE[0]}")
    page.wait_for_selector(READY)
    for step in expected:
        page.evaluate(f"location.hash = '#/{step['lesson']}/{step['step']}'")
        page.wait_for_function(f"document.body.dataset.step === {json.dumps(step['step'])}")
        page.wait_for_selector(READY)
        differ = page.evaluate("""(parts) => {
          const same = (html, node) => { const t = document.createElement("template"); t.innerHTML = html;
                                         return t.innerHTML === node.innerHTML; };
          const at = (id) => document.getElementById(id);
          return [...Object.entries(parts.html).filter(([id, html]) => !same(html, at(id))).map(([id]) => id),
                  ...Object.entries(parts.hidden).filter(([id, h]) => at(id).hidden !== h).map(([id]) => id + " hidden"),
                  ...Object.entries(parts.toggles).filter(([id, [n, on]]) => at(id).classList.contains(n) !== on)
                        .map(([id]) => id + " class"),
                  ...Object.entries(parts.class_names).filter(([id, n]) => at(id).className !== n).map(([id]) => id),
                  ...Object.entries(parts.data).filter(([k, v]) => document.body.dataset[k] !== v).map(([k]) => "data-" + k)];
        }""", step["parts"])
        assert differ == [], f"{step['lesson']}/{step['step']}: the page draws {differ} otherwise"
