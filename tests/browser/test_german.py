"""The site for a German-speaking learner: a browser set to de-AT opens it in German, the header's
switch changes the language and the choice outlasts a reload, ?lang= links work and are remembered,
a lesson speaks German from the list to the success text (the lesson's own German, the engine's
verdicts through the catalog, a glossary link to the German entry), and the German pages keep their
layout on a phone, a desktop and a projector (screenshots in test-artifacts/de-*.png). Words are
compared with the German catalog and the lesson files, never written out here."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from harness import READY, quick, shot, without_python
from common.i18n import translations
from perlaggen_core.lesson import parts, plain
from tools.site import COMPILED_LOCALE

pytestmark = pytest.mark.browser
SIZES = {"phone": (360, 740), "desktop": (1280, 800), "projector": (1920, 1080)}
# Elements whose text must fit inside their own box: the header and its navigation, buttons, tiles.
OVERFLOW = """() => [...document.querySelectorAll(
    ".site-header, .site-header a, nav a, button, .button, summary, .tile, .tile h2, h1, .glossary dt, th")]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).display !== "inline" && !el.closest(".visually-hidden"))
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth + 1)
  .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.trim().slice(0, 60)}`)"""


def german(msgid: str) -> str:
    return translations("de", COMPILED_LOCALE).gettext(msgid)


def german_reason(step: dict, move: str) -> str:
    """The engine's refusal of a move in a lesson step, in the words of the German catalog."""
    from common import i18n
    from perlaggen_core import Action, Deal
    from common.pagewords import say

    deal = Deal.from_record(step["start"])
    i18n.use("de", COMPILED_LOCALE)
    try:
        return say(deal.refusal(Action.from_text(move)), deal.view(step["learner"]))
    finally:
        i18n.use("en")


def nav_text(page: Page) -> str:
    return page.locator(".site-header nav a").first.inner_text()


@pytest.mark.browser_context_args(locale="de-AT")
@pytest.mark.own_context      # a browser's first visit, with nothing chosen yet
def test_a_german_browser_gets_german_and_the_switch_is_remembered(page: Page, base_url):
    without_python(page)      # the language is chosen before anything is drawn, the switch is a link
    page.goto("./")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(re.compile(r"/de/$"))
    assert nav_text(page) == german("Lessons") != "Lessons"
    expect(page).to_have_title(german("Perlaggen: learn the Tyrolean card game"))

    page.locator('a.language-switch[data-lang="en"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_url(re.compile(r"/index\.html\?lang=en$"))
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")      # the choice beats the browser's language
    page.goto("glossary.html")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.goto("lessons.html?lang=de")                                  # a teacher's link in German
    expect(page).to_have_url(re.compile(r"/de/lessons\.html\?lang=de$"))
    page.goto(base_url + "glossary.html")                              # remembered on the next page
    expect(page).to_have_url(re.compile(r"/de/glossary\.html$"))
    # the switch keeps a lesson's step (no need to wait for Python: the switch is a plain link)
    page.goto(base_url + "de/lesson.html#/baptism/name-it", wait_until="domcontentloaded")
    page.locator('a.language-switch[data-lang="en"]').click()
    expect(page).to_have_url(re.compile(r"/lesson\.html\?lang=en#/baptism/name-it$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(base_url + "de/index.html?lang=en")                      # ?lang=en moves a German page too
    expect(page).to_have_url(re.compile(r"127\.0\.0\.1:\d+/index\.html\?lang=en$"))


def look(page: Page, name: str, sizes=SIZES) -> None:
    """At each size: no sideways scrolling, no text out of its box, and a screenshot to look at."""
    for size, (width, height) in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} scrolls sideways at {size}"
        assert page.evaluate(OVERFLOW) == [], f"{name} at {size}: text out of its box"
        shot(page, f"de-{name}-{size}")


def test_german_pages_keep_their_layout_on_a_phone_a_desktop_and_a_projector(german_page: Page):
    page = german_page
    page.goto("./")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    look(page, "home")
    page.goto("glossary.html")
    look(page, "glossary")
    page.goto("lessons.html")
    page.wait_for_selector(READY)
    look(page, "lessons", {"phone": SIZES["phone"]})
    page.goto("lesson.html#/baptism/name-it")
    page.wait_for_selector(READY)
    look(page, "lesson", {"phone": SIZES["phone"]})
    page.goto("table.html")
    page.wait_for_selector(READY)
    look(page, "table")
    page.goto("sandbox.html?new=1&seed=5&strength=rule&speed=test")
    page.wait_for_selector(READY)
    page.locator('[data-do="noblind"]').click()
    page.wait_for_selector(READY)
    page.locator('[data-do="pickup"]').click()
    page.wait_for_selector(READY)
    look(page, "sandbox")


def test_a_german_learner_plays_a_step_of_the_first_lesson(german_page: Page, site_dir):
    page = german_page
    """The list in the course's order, then the cards lesson's first step: German goal, a wrong card and its German mistake text,
    a refused card with the engine's reason in German, a German hint, the goal's first glossary link
    to its German entry, and the German success text; screenshots at three sizes."""
    course = sorted(json.loads((site_dir / "lessons" / "lessons.json").read_text())["lessons"], key=lambda l: l["order"])
    lesson = next(l for l in course if l["id"] == "cards")     # the first lesson with wild cards
    step = lesson["steps"][0]
    de = lambda texts: plain(texts["de"])   # noqa: E731
    page.goto("lessons.html")
    page.wait_for_selector(READY)
    expect(page).to_have_url(re.compile(r"/de/lessons\.html$"))
    expect(page.locator(".lesson-item h2")).to_have_text([l["title"]["de"] for l in course])

    page.goto(quick(f"lesson.html#/{lesson['id']}/{step['id']}"))
    page.wait_for_selector(READY)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".goal")).to_have_text(de(step["goal"]))
    wrong = next(m for m in step["mistakes"] if "action" in m)
    page.locator(f'#hand [data-card="{wrong["action"]["card"]}"]').click()
    expect(page.locator("#feedback .feedback-title")).to_have_text(german("Not quite"))
    expect(page.locator("#feedback .feedback-text")).to_have_text(de(wrong["text"]))
    named = {m["action"]["card"] for m in step["mistakes"] if "action" in m}
    refused = next(c for c in step["start"]["hands"][0] if c not in named and c != step["solution"].split()[-1])
    page.locator(f'#hand [data-card="{refused}"]').click()             # the engine's refusal, in German
    expect(page.locator("#feedback .feedback-title")).to_have_text(german("Not allowed"))
    expect(page.locator("#feedback .feedback-text")).to_have_text(german_reason(step, f"0 play {refused}"))
    page.locator('[data-do="hint"]').click()
    expect(page.locator(".hint-list li")).to_have_text([de(step["hints"][0])])
    look(page, "lesson-step", SIZES)

    words, term = next((w, t) for w, t in parts(step["goal"]["de"]) if t)
    link = page.locator(".goal a.term").first
    expect(link).to_have_text(words)
    with page.expect_popup() as opened:                                 # the glossary opens beside the lesson
        link.click()
    glossary = opened.value
    glossary.wait_for_load_state()
    expect(glossary).to_have_url(re.compile(rf"/de/glossary\.html#{term}$"))
    expect(glossary.locator("html")).to_have_attribute("lang", "de")
    expect(glossary.locator(f"#{term}")).to_be_attached()
    glossary.close()

    page.locator(f'#hand [data-card="{step["solution"].split()[-1]}"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("#feedback .feedback-title")).to_have_text(german("Well done!"))
    expect(page.locator("#feedback .feedback-text")).to_have_text(de(step["success"]))
    look(page, "lesson-step-solved", SIZES)


def test_a_german_class_sees_a_built_in_scenario_in_german(german_page: Page, site_dir):
    page = german_page
    """The teacher page in German: the list, a note, a question and the projector view show the
    scenario's own German (nothing marked as English), and keep their layout at every size."""
    doc = json.loads((site_dir / "scenarios" / "scenarios.json").read_text(encoding="utf-8"))
    example = next(s for s in doc["scenarios"] if s["id"] == "example-6")
    notes = {n["at"]: n for n in example["notes"]}
    page.goto("teacher.html")
    page.wait_for_selector(READY)
    expect(page).to_have_url(re.compile(r"/de/teacher\.html"))
    item = page.locator('.scenario-item[data-scenario="example-6"]')
    expect(item.locator("h3")).to_have_text(example["title"]["de"])
    expect(item.locator(".summary")).to_have_text(example["summary"]["de"])
    expect(item.locator("[lang=en]")).to_have_count(0)
    look(page, "teacher-list")

    item.get_by_role("link").click()
    expect(page.locator("#scenario-title")).to_have_text(example["title"]["de"])
    expect(page.locator("#t-note")).to_contain_text(notes[0]["text"]["de"])
    ask = min(at for at, n in notes.items() if n.get("ask"))
    page.goto(f"teacher.html#id=example-6&step={ask}")
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-step", str(ask))
    expect(page.locator("#t-note .t-note.ask")).to_contain_text(notes[ask]["text"]["de"])
    expect(page.locator('[data-do="forward"]')).to_have_accessible_name(german("Reveal"))
    expect(page.locator("#t-note [lang=en]")).to_have_count(0)
    look(page, "teacher-presenter")
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    look(page, "teacher-projector")
    page.keyboard.press("ArrowRight")                          # the reveal: the answer in German too
    expect(page.locator("#t-note .t-answer")).to_contain_text(notes[ask]["answer"]["de"])
    shot(page, "de-teacher-projector-answer")
