"""The lesson page's bookkeeping under CPython: a learner's progress (kept, read back from anything,
first tries, where to resume), the addresses of steps, and the marks on the lessons list."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from lessons import view as lv
from lessons.player import parse_route, route
from lessons.progress import Progress


def xml_ok(html: str) -> None:
    ET.fromstring("<root>" + html.replace("&nbsp;", " ").replace('href="#', 'data-href="#') + "</root>")


def test_progress_survives_garbage_and_round_trips():
    assert Progress.from_json("not json").lessons == {}
    assert Progress.from_json('{"version": 99, "lessons": {"a": {}}}').lessons == {}
    assert Progress.from_json(None).lessons == {}
    p = Progress()
    p.visit("baptism", "b")
    p.solved("baptism", "a")
    again = Progress.from_json(p.to_json())
    assert again.lessons == p.lessons
    assert again.resume("baptism", ["a", "b", "c"]) == "b"


def test_first_try_is_decided_by_the_first_result_and_a_wrong_try_counts_at_once():
    p = Progress()
    p.failed("l", "a")                 # a wrong try, not yet solved
    assert p.summary("l", ["a", "b"]).done == 0
    p.solved("l", "a", first_try=True)
    p.solved("l", "b", first_try=True)
    p.solved("l", "b", first_try=False)  # solving again later changes nothing
    s = p.summary("l", ["a", "b"])
    assert (s.done, s.first_try, s.total, s.complete) == (2, 1, 2, True)
    assert p.first_try("l", "a") is False and p.first_try("l", "b") is True


def test_summary_counts_only_the_lessons_current_steps_and_resume_order():
    p = Progress()
    assert p.summary("l", ["a", "b"]) == p.summary("l", ["a", "b"])
    assert not p.summary("l", ["a", "b"]).started
    p.solved("l", "gone")
    p.solved("l", "a")
    s = p.summary("l", ["a", "b", "c"])
    assert (s.done, s.complete, s.resume, s.started) == (1, False, "b", True)
    p.visit("l", "c")
    assert p.resume("l", ["a", "b", "c"]) == "c"
    assert p.next_undone("l", ["a", "b", "c"], after="c") == "b"
    p.visit("l", "removed-step")
    assert p.resume("l", ["a", "b", "c"]) == "b"


def test_routes():
    assert parse_route("#/baptism/name-it") == ("baptism", "name-it")
    assert parse_route("#/baptism") == ("baptism", None)
    assert parse_route("") == (None, None)
    assert route("baptism", "x") == "#/baptism/x" and route("baptism") == "#/baptism"


def test_list_progress_marks():
    p = Progress()
    steps = ["a", "b"]
    assert ">Start<" in lv.list_progress_html("l", p.summary("l", steps), "Title")
    p.solved("l", "a")
    html = lv.list_progress_html("l", p.summary("l", steps), "Title")
    assert "1 of 2 steps done" in html and ">Continue<" in html and 'href="lesson.html#/l/b"' in html
    p.solved("l", "b", first_try=False)
    html = lv.list_progress_html("l", p.summary("l", steps), "Title")
    assert "Completed" in html and "1 of 2 steps solved on the first try" in html and 'aria-label="Review: Title"' in html
    xml_ok(html)
