"""The lesson page's course: the build writes each lesson per language (lessons/LANG/ID.json) and an
index into lesson.html; the page fetches the lesson it opens. The lessons a page loads this way are
the course's lessons in that language, and the index numbers and links them as the whole course did."""
from __future__ import annotations

import json

import pytest

from lessons.course import Course
from lessons.player import LessonPlayer, lessons_from_json, text_of, words_of
from lessons.progress import Progress
from lessons.view import GESTRICHEN
from perlaggen_core.lesson import learner_texts
from tools.lessons import compile_lessons, lesson_index_json
from tools.project import LESSONS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("lessons")
    listed = compile_lessons(LESSONS, out, languages=["en", "de"])
    return out, listed, lessons_from_json(json.loads((out / "lessons.json").read_text()))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_lesson_file_holds_that_language_and_says_what_the_whole_course_says(built, lang):
    out, listed, whole = built
    assert sorted(p.stem for p in (out / lang).glob("*.json")) == sorted(l["id"] for l in listed)
    course = Course(json.loads(lesson_index_json(listed, lang)))
    for full in whole:
        lesson = course.add(json.loads((out / lang / f"{full.id}.json").read_text()))
        pairs = list(zip(learner_texts(full), learner_texts(lesson), strict=True))
        assert pairs and all(text_of(a, lang) == text_of(b, lang) for (_s, _f, a), (_s2, _f2, b) in pairs)
        assert all(set(b) == {lang} or set(b) == {"en"} for _s, _f, b in learner_texts(lesson))
        assert words_of(lesson.title, lang) == words_of(full.title, lang)
        assert [s.id for s in lesson.steps] == [s.id for s in full.steps]
        player = LessonPlayer(lesson, Progress(), lang)      # it plays: the first step opens
        assert player.open(None).id == full.steps[0].id


def test_the_index_numbers_and_links_the_course_in_order(built):
    _out, listed, whole = built
    course = Course(json.loads(lesson_index_json(listed, "de")))
    assert course.ids == [l.id for l in whole]
    for n, lesson in enumerate(whole, 1):
        assert course.number(lesson.id) == n
        assert course.gestrichen_taught(lesson.id) == any(GESTRICHEN in l.teaches for l in whole[:n])
        following = whole[n] if n < len(whole) else None
        assert course.next_lesson(lesson.id, "de") == (following and (following.id, words_of(following.title, "de")))
    assert course.lesson(whole[0].id) is None and not course.knows("no-such-lesson")


def test_the_index_is_safe_inside_a_script_element():
    text = lesson_index_json([{"id": "x", "title": {"en": "</script><b>"}, "order": 0, "teaches": []}], "en")
    assert "</" not in text and json.loads(text)[0]["title"] == {"en": "</script><b>"}
