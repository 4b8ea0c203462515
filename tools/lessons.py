"""The lessons for the site: lessons/*.toml compiled by the engine's loader, with their glossary links,
and the lessons page's list."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Callable, Optional, Sequence

from . import templates
from .glossary import match_forms
from .project import fail


def compile_lessons(src: Path, out: Path, terms: Sequence[dict] = (),
                    derived: Optional[dict[str, Callable[[str], str]]] = None,
                    languages: Sequence[str] = ("en",)) -> list[dict]:
    """The lesson hook: compile lessons/*.toml into dist/lessons/: LANG/ID.json per lesson and language
    (what the lesson page fetches: that lesson in that language alone) and lessons.json, the whole
    course in every language (for tools and tests; no page fetches it).

    The engine's own loader (perlaggen_core.lesson.compile_dir) validates every step against the
    rules and names the file, step and field of any mistake; a bad lesson stops the build, and so
    does a move a step can receive that the lesson leaves without its own words (the validator's
    report, perlaggen_core.lesson.report), and a text without a required language (REQUIRED in
    perlaggen_core/lesson/model.py).
    `terms` (the glossary's entries) link each entry's first occurrence in a lesson, per language, to
    glossary.html#ID (perlaggen_core.lesson.link_terms). `derived` makes the texts of a language the
    lessons are not written in from the English ones (a test language: {lang: text -> text}).
    Returns [{"id", "title", "summary", "order", "teaches", "steps"}] for the pages (steps: the step ids).
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
    compiled = json.dumps({"lessons": [lesson.to_json() for lesson in lessons]}, ensure_ascii=False)
    out.mkdir(parents=True, exist_ok=True)
    (out / "lessons.json").write_text(compiled)
    course = json.loads(compiled)["lessons"]
    known = {"en", *languages, *(derived or {})}
    for lang in languages:
        (out / lang).mkdir(exist_ok=True)
        for lesson in course:
            (out / lang / f"{lesson['id']}.json").write_text(
                json.dumps(in_language(lesson, lang, known), ensure_ascii=False, separators=(",", ":")))
    return [{"id": lesson["id"], "title": lesson["title"], "summary": lesson["summary"], "order": lesson["order"],
             "teaches": lesson.get("teaches", []), "steps": [s["id"] for s in lesson["steps"]]}
            for lesson in course]


def in_language(data, lang: str, languages: set[str]):
    """Compiled lesson data with each text ({"en": ..., "de": ...}) cut to `lang`'s (English where it
    has none), so a page fetches one language's words."""
    if isinstance(data, list):
        return [in_language(item, lang, languages) for item in data]
    if not isinstance(data, dict):
        return data
    if data and set(data) <= languages and "en" in data and all(isinstance(v, str) for v in data.values()):
        return {lang: data[lang]} if data.get(lang) else {"en": data["en"]}
    return {key: in_language(value, lang, languages) for key, value in data.items()}


def lesson_index_json(lessons: list[dict], lang: str) -> str:
    """The course in order, as the lesson page needs it beside the one lesson it fetches: each lesson's
    id, title (in `lang`), order and the rulings it teaches; JSON safe inside <script>."""
    index = [{"id": lesson["id"], "title": in_language(lesson["title"], lang, {"en", lang}),
              "order": lesson["order"], "teaches": lesson["teaches"]} for lesson in lessons]
    return json.dumps(index, ensure_ascii=False).replace("</", "<\\/")


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
