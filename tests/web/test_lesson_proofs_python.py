"""A lesson step at a deal's end lays the proofs face up at the seats, as the table and the sandbox do
(a player's eyes: at a real table the bets are proven with the cards face up): every such step of
the course, under CPython."""
from __future__ import annotations

import json
from pathlib import Path

from common.pagewords import card_names
from lessons import view as lv
from lessons.player import LessonPlayer, lessons_from_json
from lessons.progress import Progress
from perlaggen_core.lesson import compile_dir

ROOT = Path(__file__).resolve().parents[2]
LESSONS = lessons_from_json(json.loads(compile_dir(ROOT / "lessons")))


def test_every_step_at_a_deals_end_lays_the_proofs_face_up():
    names, ended = card_names(), 0
    for lesson in LESSONS:
        for step in lesson.steps:
            player = LessonPlayer(lesson, Progress())
            player.open(step.id)
            view = player.view()
            if not view.get("proofs"):
                continue
            ended += 1
            extras = lv.table_view(player, names)["seat_extras"]
            for proof in view["proofs"]:
                laid = extras[proof["seat"]]
                assert f'class="proof {"ok" if proof["ok"] else "failed"}" data-figure="{proof["figure"]}"' in laid, \
                    f"{lesson.id}/{step.id}: seat {proof['seat']}'s {proof['figure']} is not laid face up"
    assert ended >= 5, "the course has fewer steps at a deal's end than it had"
