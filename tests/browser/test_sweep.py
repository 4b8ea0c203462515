"""The sweep: no error reaches a user anywhere the site offers, in either language.

In each language, each page is loaded once and driven from inside (sweep.js, a seeded random choice
among what the page offers, found by data-* attributes): the sandbox plays a bounded game in the
rule sets its own chooser offers, every rule set in one of the two languages (each language takes
every other rule set of the chooser; tests/web/test_sandbox_sweep_python.py plays and renders every
rule set in both languages under CPython); the editor, likewise in every rule set its chooser offers
in one language or the other, deals at random, records moves with a bet and its answer, writes a note with a question, saves, links,
exports a lesson step and presents the result step by step; every built-in scenario is stepped to
its end and back in the projector view at 1280 x 720 (every question and its hint must stay in
sight), and its questions again at 1920 x 1080; every lesson is opened at its first step with a
hint, and the hint asked.
Any console error, uncaught error, or "PythonError"/"Traceback" shown fails the test, named with
the language, page, rule set (or scenario, lesson) and the action that caused it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from harness import READY

pytestmark = pytest.mark.browser
DRIVER = Path(__file__).with_name("sweep.js")
SEED = 7                  # every choice of the sweep follows from it
SANDBOX_STEPS = 18        # the human's actions per rule set: about a deal and the start of the next
EDITOR_MOVES = 6          # moves recorded after the bet and its answer
LANGS = ("en", "de")


def address(lang: str, page: str) -> str:
    return f"{'' if lang == 'en' else lang + '/'}{page}?lang={lang}"


@pytest.fixture
def sweep(page: Page, guard):
    """A page with the driver in it; `sweep(where, call, *args)` runs one of its parts and returns
    its result, each problem (the driver's, or one the guard saw meanwhile) named with `where`."""
    page.add_init_script(path=str(DRIVER))
    found: list[str] = []

    def run(where: str, call: str, *args):
        seen = len(guard)
        out = page.evaluate(f"(args) => window.perlaggenSweep.{call}(...args)", list(args))
        found.extend(f"{where}, {e['action']}: {e['error']}" for e in out.get("errors", []))
        found.extend(f"{where}: {p}" for p in guard[seen:])
        del guard[seen:]
        return out

    run.found = found
    yield run
    assert not found, f"{len(found)} problem(s):\n" + "\n".join(found)


def open_page(page: Page, lang: str, name: str) -> None:
    page.goto(address(lang, name))
    page.wait_for_selector(READY)


def chooser(page: Page, select: str, lang: str) -> list[str]:
    """This language's share of the rule sets a page's own chooser offers: every other one, so that
    the languages together take each rule set once."""
    names = page.locator(f"{select} option").evaluate_all("options => options.map(o => o.value)")
    assert names, f"no rule set offered by {select}"
    return names[LANGS.index(lang)::len(LANGS)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sandbox_plays_its_share_of_the_rule_sets_it_offers(page: Page, sweep, lang):
    open_page(page, lang, "sandbox.html")
    page.goto(address(lang, "sandbox.html") + "&speed=test")
    page.wait_for_selector(READY)
    for variant in chooser(page, '#settings-form [name="variant"]', lang):
        out = sweep(f"{lang}, sandbox, {variant}", "sandbox", variant, SEED, SANDBOX_STEPS)
        assert len(out["done"]) >= 8 or sweep.found, f"{lang}, sandbox, {variant}: stopped after {out['done']}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_editor_builds_records_and_presents_in_its_share_of_the_rule_sets_it_offers(page: Page, sweep, lang):
    page.goto(address(lang, "teacher.html") + "#edit&new=1")
    page.wait_for_selector('[data-e-form="settings"]')
    page.wait_for_selector(READY)
    for variant in chooser(page, '[data-e-form="settings"] [name="variant"]', lang):
        out = sweep(f"{lang}, editor, {variant}", "editor", variant, SEED, EDITOR_MOVES)
        assert "present" in out["done"] or sweep.found, f"{lang}, editor, {variant}: stopped after {out['done']}"
        page.evaluate("location.hash = 'edit&new=1'")
        page.wait_for_selector('body[data-mode="edit"] [data-e-form="settings"]')
        page.wait_for_selector(READY)


@pytest.mark.parametrize("lang", LANGS)
def test_every_built_in_scenario_to_its_end_and_back_with_its_questions_in_sight(page: Page, sweep, lang, site_dir):
    scenarios = json.loads((site_dir / "scenarios" / "scenarios.json").read_text(encoding="utf-8"))["scenarios"]
    page.set_viewport_size({"width": 1280, "height": 720})
    open_page(page, lang, "teacher.html")
    ids = page.locator(".scenario-item").evaluate_all("items => items.map(i => i.dataset.scenario)")
    assert sorted(ids) == sorted(s["id"] for s in scenarios)
    cut = []
    for sid in ids:
        out = sweep(f"{lang}, teacher, {sid}", "scenario", sid, True)
        cut += [f"{sid} step {step} at 1280x720" for step in out["cut"]]
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function("innerHeight === 1080")
    for doc in scenarios:
        for note in (n for n in doc.get("notes", []) if n.get("ask")):
            out = sweep(f"{lang}, teacher, {doc['id']}", "question", doc["id"], note["at"])
            cut += [f"{doc['id']} step {note['at']} at 1920x1080"] if not out["fits"] else []
    assert not cut, f"{lang}: a question or its hint is out of sight in the projector view: {cut}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_opens_and_gives_a_hint(page: Page, sweep, lang, site_dir):
    lessons = json.loads((site_dir / "lessons" / "lessons.json").read_text(encoding="utf-8"))["lessons"]
    open_page(page, lang, "lesson.html")
    for lesson in lessons:
        hinted = [s["id"] for s in lesson["steps"] if s.get("hints")]     # its first step with a hint
        step = (hinted or [lesson["steps"][0]["id"]])[0]
        out = sweep(f"{lang}, lesson, {lesson['id']}", "lesson", lesson["id"], step, bool(hinted))
        assert ("ask a hint" in out["done"]) == bool(hinted) or sweep.found, f"{lang}, {lesson['id']}: {out['done']}"
