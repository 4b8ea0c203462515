"""The lessons for the site: lessons/*.toml compiled by the engine's loader, with their glossary links,
and the lessons page's list."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Callable, Optional

from . import templates
from .glossary import match_forms
from .project import fail


def compile_lessons(src: Path, out: Path, terms: list[dict] = (),
                    derived: Optional[dict[str, Callable[[str], str]]] = None) -> list[dict]:
    """The lesson hook: compile lessons/*.toml into dist/lessons/lessons.json for the site.

    The engine's own loader (perlaggen_core.lesson.compile_dir) validates every step against the
    rules and names the file, step and field of any mistake; a bad lesson stops the build, and so
    does a move a step can receive that the lesson leaves without its own words (the validator's
    report, perlaggen_core.lesson.report), and a text without a required language (REQUIRED in
    perlaggen_core/lesson/model.py).
    `terms` (the glossary's entries) link each entry's first occurrence in a lesson, per language, to
    glossary.html#ID (perlaggen_core.lesson.link_terms). `derived` makes the texts of a language the
    lessons are not written in from the English ones (a test language: {lang: text -> text}).
    Returns [{"id", "title", "summary", "order", "steps"}] for the pages (steps: the step ids).
    """
    if not any(src.glob("*.toml")):
        return []
    from perlaggen_core.lesson import LessonError, learner_texts, link_terms, load_dir, report
    try:
        lessons = load_dir(src)
    except LessonError as exc:
        fail(f"lesson error: {exc}")
    generic = report(lessons)
    if generic:
        fail("lesson error: moves left without the lesson's own words (see docs/lessons.md):\n  "
             + "\n  ".join(generic))
    forms = match_forms(list(terms))
    for lesson in lessons:
        link_terms(lesson, forms)
        for lang, make in (derived or {}).items():
            for _step, _field, text in learner_texts(lesson):
                text[lang] = make(text["en"])
    text = json.dumps({"lessons": [lesson.to_json() for lesson in lessons]}, ensure_ascii=False)
    out.mkdir(parents=True, exist_ok=True)
    (out / "lessons.json").write_text(text)
    return [{"id": lesson["id"], "title": lesson["title"], "summary": lesson["summary"], "order": lesson["order"],
             "steps": [s["id"] for s in lesson["steps"]]} for lesson in json.loads(text)["lessons"]]


def lesson_list_html(lessons: list[dict], lang: str) -> str:
    """The lessons page's list (partials lesson-list and lesson-item); web/py/lessons/list_main.py adds the
    progress marks. Titles and summaries are lesson content, translated in the lesson files themselves."""
    def text(lesson: dict, key: str) -> str:
        t = lesson.get(key) or {}
        return (t.get(lang) or t.get("en", "")) if isinstance(t, dict) else str(t)

    def render(name: str, **values: str) -> str:
        return templates.render_partial(name, gettext=str, variables=values).strip()

    items = "".join(render("lesson-item", lesson_id=html.escape(lesson["id"]),
                           lesson_steps=html.escape(" ".join(lesson.get("steps", []))),
                           lesson_title=html.escape(text(lesson, "title")),
                           lesson_summary=html.escape(text(lesson, "summary"))) for lesson in lessons)
    return render("lesson-list", lesson_items=items) if items else ""
