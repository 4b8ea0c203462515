"""Lesson steps as the lesson page draws them when opened (web/py/lessons/parts.py), worked out under
CPython from the built site's own lessons, lesson index and catalog:

    python lesson_parts.py SITE_DIR LANG [LESSON/STEP ...]

prints a JSON list of {"lesson", "step", "kind", "parts"}: every step of the course in its order,
or the steps named, opened one after another with one learner's progress, as a learner clicking
through the page would. A process of its own, because the page's modules read their language when
they are first imported."""
from __future__ import annotations

import json
import re
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def index_of(page: Path) -> list[dict]:
    """The lesson index the build wrote into the page (what the page's Course reads)."""
    found = re.search(r'<script type="application/json" id="lesson-index">(.*?)</script>', page.read_text(), re.S)
    if found is None:
        raise SystemExit(f"{page}: no lesson index")
    return json.loads(found.group(1))


def parts(site: Path, lang: str, routes: list[str], catalog: Path) -> list[dict]:
    for path in (ROOT, ROOT / "web" / "py"):
        sys.path.insert(0, str(path))
    from common import i18n
    if lang != "en":
        with zipfile.ZipFile(site / "py" / f"locale-{lang}-lessons.zip") as archive:
            archive.extractall(catalog)
    i18n.use(lang, str(catalog / "locale"))
    from common.pagewords import card_names, rules_of
    from lessons.course import Course
    from lessons.parts import page_parts
    from lessons.player import LessonPlayer
    from lessons.progress import Progress

    course = Course(index_of(site / ("" if lang == "en" else f"{lang}/") / "lesson.html"))
    for lesson_id in course.ids:
        course.add(json.loads((site / "lessons" / lang / f"{lesson_id}.json").read_text(encoding="utf-8")))
    wanted = [tuple(r.split("/")) for r in routes] or [
        (lesson_id, step.id) for lesson_id in course.ids for step in course.loaded[lesson_id].steps]
    names, progress, player, out = card_names(), Progress(), None, []
    for lesson_id, step_id in wanted:
        lesson = course.loaded[lesson_id]
        if player is None or player.lesson.id != lesson_id:
            player = LessonPlayer(lesson, progress, lang)
        step = player.open(step_id)
        names.update(card_names(rules_of(player.view())))
        drawn = page_parts(player, names, player.buttons(), number=course.number(lesson_id),
                           next_lesson=course.next_lesson(lesson_id, lang),
                           gestrichen=course.gestrichen_taught(lesson_id), busy=False)
        out.append({"lesson": lesson_id, "step": step.id, "kind": step.kind, "parts": drawn.to_json()})
    return out


if __name__ == "__main__":
    site_dir, language, *named = sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        json.dump(parts(Path(site_dir), language, named, Path(folder)), sys.stdout, ensure_ascii=False)
