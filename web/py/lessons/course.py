"""The course as the lesson page knows it: the index of every lesson (id, title, order, the rulings
it teaches; the build writes it into lesson.html) and the lessons fetched so far, each from
lessons/LANG/ID.json (one lesson in the page's language), so a page downloads the lesson it shows
and no other. No DOM here: the page fetches, this keeps."""
from __future__ import annotations

from typing import TypeGuard

from perlaggen_core.lesson import Lesson, lesson_from_json

from lessons.player import words_of
from lessons.view import GESTRICHEN


def lesson_address(root: str, lang: str, lesson_id: str) -> str:
    """Where the build put a lesson in one language (tools/lessons.py)."""
    return f"{root}lessons/{lang}/{lesson_id}.json"


class Course:
    def __init__(self, index: list[dict]) -> None:
        self.index = sorted(index, key=lambda entry: (entry["order"], entry["id"]))
        self.ids = [entry["id"] for entry in self.index]
        self.loaded: dict[str, Lesson] = {}

    def knows(self, lesson_id: str | None) -> TypeGuard[str]:
        return lesson_id in self.ids

    def lesson(self, lesson_id: str) -> Lesson | None:
        """The lesson if it has been fetched, else None."""
        return self.loaded.get(lesson_id)

    def add(self, raw: dict) -> Lesson:
        """A fetched lesson (its JSON), kept for the next time it is opened."""
        lesson = lesson_from_json(raw)
        self.loaded[lesson.id] = lesson
        return lesson

    def number(self, lesson_id: str) -> int:
        """The lesson's place in the course, as the lessons page numbers it."""
        return self.ids.index(lesson_id) + 1

    def gestrichen_taught(self, lesson_id: str) -> bool:
        """Whether this lesson or an earlier one teaches being gestrichen: until then the score sheet
        leaves out its gestrichen line, a word the learner has not met."""
        return any(GESTRICHEN in entry["teaches"] for entry in self.index[:self.number(lesson_id)])

    def next_lesson(self, lesson_id: str, lang: str) -> tuple[str, str] | None:
        """The following lesson's id and title, or None after the last."""
        i = self.number(lesson_id)
        return (self.ids[i], words_of(self.index[i]["title"], lang)) if i < len(self.ids) else None
