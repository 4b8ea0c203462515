"""The lessons for the site: lessons/*.toml compiled by the engine's loader, and the lessons page's list."""
from __future__ import annotations

import html
import json
import sys
from pathlib import Path

from . import templates
from .project import ROOT, fail


def compile_lessons(src: Path, out: Path) -> list[dict]:
    """The lesson hook: compile lessons/*.toml into dist/lessons/lessons.json for the site.

    The engine's own loader (perlaggen_core.lesson.compile_dir) validates every step against the
    rules and names the file, step and field of any mistake; a bad lesson stops the build, and so
    does a move a step can receive that the lesson leaves without its own words (the validator's
    report, perlaggen_core.lesson.report).
    Returns [{"id", "title", "summary", "order", "steps"}] for the pages (steps: the step ids).
    """
    if not any(src.glob("*.toml")):
        return []
    sys.path.insert(0, str(ROOT))
    try:
        from perlaggen_core.lesson import LessonError, load_dir, report
    finally:
        sys.path.remove(str(ROOT))
    try:
        lessons = load_dir(src)
    except LessonError as exc:
        fail(f"lesson error: {exc}")
    generic = report(lessons)
    if generic:
        fail("lesson error: moves left without the lesson's own words (see docs/lessons.md):\n  "
             + "\n  ".join(generic))
    text = json.dumps({"lessons": [lesson.to_json() for lesson in lessons]}, ensure_ascii=False)
    out.mkdir(parents=True, exist_ok=True)
    (out / "lessons.json").write_text(text)
    return [{"id": lesson["id"], "title": lesson["title"], "summary": lesson["summary"], "order": lesson["order"],
             "steps": [s["id"] for s in lesson["steps"]]} for lesson in json.loads(text)["lessons"]]


def lesson_list_html(lessons: list[dict], lang: str) -> str:
    """The lessons page's list (partials lesson-list and lesson-item); web/py/lessons_main.py adds the
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
