"""No string bypasses the catalogs or the lessons' languages: the site built in a pseudo-language
(tools/pseudo.py: every message accented and bracketed, and every lesson text and built-in scenario
text made from the English one the same way) shows no plain ASCII letter on any page, in any state a
learner or teacher meets: home, glossary, the lessons list, a lesson step with a wrong move, a hint, a
glossary link and the success text, the table with a refused card and the baptism picker, the
sandbox's page and a game's start (every state of a game in every rule set: under CPython, in
tests/web/test_sandbox_sweep_python.py), and the teacher page (its list, a built-in
scenario's note, question and answer, the projector view, the editor's first stage). Text nodes and
the labels a screen reader reads (aria-label, title, alt, the page title) are checked; a failure
names the state and the text.

Not text of the catalogs, and so let through: what is drawn (SVG card faces and signs), numbers and
punctuation, the brand "Perlaggen", a key by the letter on the keyboard (<kbd>F</kbd>: the page
answers to that key in every language), what a page marks as not to be translated (translate="no":
the handout's card indices, A K O U as printed on the cards) and text marked as another language (lang="..."; the glossary's
headwords, a source's section quoted as it is named). A lesson or scenario text shown in English
where the page's language has its own fails like any other.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from common import i18n
from harness import READY, quick, baptism_option, shot
from perlaggen_core import Action
from perlaggen_core.lesson import plain
from plans import show_plan
from test_sandbox import start_game
from tools.pseudo import PSEUDO, PSEUDO_LOCALE, ensure_pseudo_built
from tools.server import start_server
from common.pagewords import card_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("pseudo")]
BRAND = re.compile(r"\bPerlaggen\b")
# Every text node and screen-reader label of the page, with the language it is marked as.
TEXTS = """() => {
  const page = document.documentElement.lang, out = [];
  const langOf = (el) => (el.closest("[lang]") || document.documentElement).lang;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest("script, style, svg, template, noscript, mpy-config, kbd, [translate=no]")) continue;
    out.push([langOf(el), node.textContent.trim(), el.tagName.toLowerCase()]);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], img[alt]")) {
    if (el.closest("svg")) continue;
    for (const attr of ["aria-label", "title", "alt"]) {
      const value = el.getAttribute(attr);
      if (value && value.trim()) out.push([langOf(el), value.trim(), `${el.tagName.toLowerCase()}[${attr}]`]);
    }
  }
  out.push([page, document.title, "title"]);
  return {page, texts: out};
}"""


@pytest.fixture(scope="session")
def pseudo_url():
    server = start_server(ensure_pseudo_built())
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture
def browser_context_args(browser_context_args, pseudo_url):
    return {**browser_context_args, "base_url": pseudo_url}


@pytest.fixture
def pseudo_words():
    """The test's own words (button names, card names) from the pseudo catalog, as the pages show them."""
    i18n.use(PSEUDO, PSEUDO_LOCALE)
    yield
    i18n.use("en")


def untransformed(page: Page, state: str) -> list[str]:
    """The page's texts that show a plain ASCII letter where the pseudo-language has none."""
    seen = page.evaluate(TEXTS)
    assert seen["page"] == PSEUDO, f"{state}: the page is in {seen['page']!r}"
    return [f"{state}: {where}: {text!r}" for lang, text, where in seen["texts"]
            if lang == PSEUDO and re.search("[A-Za-z]", BRAND.sub("", text))]


def check(page: Page, state: str) -> None:
    shot(page, f"pseudo-{state}")
    bad = untransformed(page, state)
    assert not bad, "text that bypasses the catalogs or the lesson's language:\n" + "\n".join(bad)


def ready(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector(READY)


def test_home_glossary_and_lessons_list(page: Page):
    page.goto("./")
    check(page, "home")
    # the check itself: a string put on the page past the catalogs is found, with its text
    page.evaluate("""() => { document.querySelector("main").insertAdjacentHTML("beforeend",
        '<p>Plain words</p><button aria-label="Close it">⟦×⟧</button>'); }""")
    assert untransformed(page, "home") == [
        "home: p: 'Plain words'", "home: button[aria-label]: 'Close it'"]
    page.goto("glossary.html")
    check(page, "glossary")
    ready(page, "lessons.html")
    check(page, "lessons")


def lesson_step(site_dir) -> tuple[dict, dict, dict]:
    """A step with a card to play (no baptism), a mistake made by another card, and hints."""
    lessons = json.loads((site_dir / "lessons" / "lessons.json").read_text())["lessons"]
    for lesson in sorted(lessons, key=lambda l: l["order"]):
        for step in lesson["steps"]:
            if step["kind"] != "act" or not step["hints"] or not step.get("solution"):
                continue
            solution = Action.from_text(step["solution"])
            wrong = [m for m in step["mistakes"] if m.get("action", {}).get("act") == "play"
                     and "as" not in m["action"] and m["action"]["card"] != solution.card]
            if solution.act == "play" and solution.baptism is None and wrong:
                return lesson, step, wrong[0]
    raise AssertionError("no lesson step with a plain card to play and a wrong card")


def test_a_lesson_step_and_the_table(page: Page, site_dir, plan, pseudo_words):
    lesson, step, wrong = lesson_step(site_dir)
    ready(page, quick(f"lesson.html#/{lesson['id']}/{step['id']}"))
    check(page, "lesson-step")
    page.locator(f'#hand [data-card="{wrong["action"]["card"]}"]').click()
    expect(page.locator("#feedback")).not_to_be_empty()
    page.locator('[data-do="hint"]').click()
    expect(page.locator(".hint-list li")).to_have_count(1)
    check(page, "lesson-wrong-move-and-hint")
    page.locator(f'#hand [data-card="{Action.from_text(step["solution"]).card}"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("#feedback .feedback-title")).to_have_text(i18n._("Well done!"))
    expect(page.locator("#main a.term").first).to_be_visible()    # glossary links come in the language too
    check(page, "lesson-success")
    # the check itself: the step's English goal, shown where the pseudo-language has its own, is found
    english = plain(step["goal"]["en"])
    page.evaluate("(t) => { const p = document.createElement('p'); p.textContent = t;"
                  " document.querySelector('#step-body').append(p); }", english)
    assert untransformed(page, "lesson") == [f"lesson: p: {english!r}"]

    ready(page, quick(f"table.html?seed={plan.seed}"))
    check(page, "table")
    page.locator(f'#hand [data-card="{plan.first}"]').click()
    page.wait_for_selector(READY)
    page.locator(f'#hand [data-card="{plan.refused}"]').click()
    expect(page.locator("#message")).not_to_be_empty()
    check(page, "table-refused")
    page.locator(f'#hand [data-card="{plan.perlagg}"]').click()
    picker = page.locator("dialog#picker")
    expect(picker).to_be_visible()
    expect(baptism_option(picker, card_names()[plan.baptism])).to_be_visible()
    check(page, "table-picker")


def test_the_sandbox_page(page: Page, pseudo_words):
    """The page and a game's start; every state of a game, in every rule set,
    is rendered in the pseudo-language and checked under CPython (tests/web/test_sandbox_sweep_python.py)."""
    plan = show_plan()
    start_game(page, plan.seed)
    check(page, "sandbox-start")


def test_the_teacher_page(page: Page, pseudo_words):
    """The list of scenarios, a note, a question and its reveal, the projector view and the editor's
    first stage: the built-in scenarios' texts come in the page's language like everything else."""
    ready(page, "teacher.html")
    expect(page.locator(".scenario-item").first).to_be_visible()
    check(page, "teacher-list")
    for step in (1, 9):                        # example 6: a note, then a question for the class
        ready(page, f"teacher.html#id=example-6&step={step}")      # the page follows its address
        expect(page.locator("body")).to_have_attribute("data-step", str(step))
        expect(page.locator("#t-note .t-note")).to_be_visible()
        check(page, f"teacher-step-{step}")
    expect(page.locator("#t-note .t-note.ask")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#t-note .t-answer")).to_be_visible()
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    check(page, "teacher-answer-projector")
    page.keyboard.press("Escape")
    ready(page, "teacher.html#edit")
    expect(page.locator("#editor-title")).to_be_visible()
    check(page, "teacher-editor")
