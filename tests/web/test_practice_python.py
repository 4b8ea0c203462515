"""The practice page's logic under CPython (web/py/practice/progress.py): a move checked against a
shipped puzzle, progress counted and kept through common.storage, and the next puzzle chosen: a
missed one when due, new ones at the learner's level, a theme kept to."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from common.storage import PRACTICE, Storage
from practice.progress import GAPS, RISE_AFTER, Progress, Result, check
from practice.session import Practice
from perlaggen_core.puzzles import THEMES, index_of, load_dir, read_index

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = load_dir(ROOT / "puzzles")


@dataclass
class Fake:
    id: str
    theme: str = "betting"
    level: int = 1


def test_the_answer_is_right_and_a_wrong_answer_costs_what_the_puzzle_says():
    puzzle = SHIPPED[0]
    assert check(puzzle, puzzle.answers[0]) == Result(True, 0.0)
    wrong = puzzle.wrong[0]
    assert check(puzzle, wrong.action) == Result(False, wrong.cost)


def test_a_miss_comes_back_after_the_gap_and_a_success_moves_it_further():
    puzzles = [Fake(f"p{i}") for i in range(30)]
    progress = Progress()
    progress.record(puzzles[0], Result(False, 1.0))
    rng = random.Random(1)
    for _ in range(GAPS[0]):
        nxt = progress.next_puzzle(puzzles, rng=rng)
        assert nxt.id != "p0"
        progress.record(nxt, Result(True, 0.0))
    assert progress.next_puzzle(puzzles, rng=rng).id == "p0"
    progress.record(puzzles[0], Result(True, 0.0))
    assert progress.puzzles["p0"].due == progress.tries + GAPS[1]
    assert progress.solved == GAPS[0] + 1 and progress.missed == 0


def test_the_level_follows_the_results_and_new_puzzles_come_at_it():
    puzzles = [Fake(f"e{i}", level=1) for i in range(10)] + [Fake(f"h{i}", level=3) for i in range(10)]
    progress = Progress()
    rng = random.Random(2)
    assert progress.next_puzzle(puzzles, rng=rng).level == 1
    for _ in range(2 * RISE_AFTER):
        progress.record(progress.next_puzzle(puzzles, rng=rng), Result(True, 0.0))
    assert progress.level == 3 and progress.next_puzzle(puzzles, rng=rng).level == 3
    progress.record(Fake("h0", level=3), Result(False, 2.0))
    assert progress.level == 2 and progress.streak == 0 and progress.best_streak == 2 * RISE_AFTER


def test_accuracy_per_theme_and_the_weakest_first():
    progress = Progress()
    for i, (theme, right) in enumerate([("show", False)] * 3 + [("betting", True)] * 3 + [("show", True)]):
        progress.record(Fake(f"x{i}", theme), Result(right, None if right else 1.0))
    assert progress.accuracy("show") == 0.25 and progress.accuracy("betting") == 1.0
    assert progress.accuracy("exchange") is None and progress.weakest() == ["show", "betting"]


def test_a_theme_is_kept_to_and_the_puzzle_on_the_table_is_not_offered_again():
    puzzles = [Fake("a", "show"), Fake("b", "betting"), Fake("c", "show")]
    progress = Progress()
    assert progress.next_puzzle(puzzles, theme="show", current="a").id == "c"
    assert progress.next_puzzle(puzzles, theme="betting", current="b").id == "b"   # the only one
    assert progress.next_puzzle(puzzles, theme="exchange") is None


class Backend(dict):
    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = value


def test_progress_is_kept_through_the_storage_and_bad_data_starts_afresh():
    backend = Backend()
    storage = Storage(lambda: backend, lambda text, code: None)
    progress = Progress()
    progress.record(Fake("a", "show"), Result(False, 1.5))
    progress.record(Fake("b"), Result(True, 0.0))
    assert storage.write(PRACTICE, progress.to_json())
    again = Progress.from_json(storage.read(PRACTICE))
    assert again == progress and again.missed == 1 and again.solved == 1
    for text in (None, "", "{", json.dumps({"version": 99}), json.dumps({"version": 1, "puzzles": 3})):
        assert Progress.from_json(text) == Progress()


@pytest.mark.parametrize("puzzle", SHIPPED[:50], ids=[p.id for p in SHIPPED[:50]])
def test_every_answer_of_a_shipped_puzzle_is_right_and_every_wrong_one_is_not(puzzle):
    assert all(check(puzzle, a).right for a in puzzle.answers)
    assert not any(check(puzzle, w.action).right for w in puzzle.wrong)


def test_every_shipped_explanation_reads_in_german():
    from perlaggen_core.words import render
    from test_german_words import german_renderer
    german = german_renderer()
    german.seat_name = lambda s: f"Platz {s}"    # tables of two to six
    for puzzle in SHIPPED:
        german.viewer, german.teams = puzzle.seat, None
        said = german.render(puzzle.explanation)
        assert said.startswith("Am besten: ") and "{" not in said and said != render(puzzle.explanation), puzzle.id


def test_the_build_check_finds_an_explanation_without_german(tmp_path, monkeypatch):
    from tools import puzzles as build_puzzles
    assert build_puzzles.problems(ROOT / "puzzles", ["baptism", "tricks", "betting", "deal", "show", "endgame"],
                                  ["en", "de"]) == []
    monkeypatch.setattr(build_puzzles, "translations", lambda lang: {})
    found = build_puzzles.problems(ROOT / "puzzles", ["baptism", "tricks", "betting", "deal", "show", "endgame"],
                                   ["en", "de"])
    assert found and "no de words" in found[0]


FILES = {p.id: p.to_json() for p in SHIPPED}     # each puzzle's own file, as the page downloads it


class Downloaded(Practice):
    """The practice page's controller with every download done at once: `open` draws a puzzle and
    shows it from its file, as web/py/practice/main.py does once the fetch is in."""

    def __init__(self, seed: int, files: dict) -> None:
        super().__init__(read_index(index_of(SHIPPED)), Progress(), seed=seed)
        self.files = files

    def open(self, puzzle_id=None) -> bool:
        entry = self.choose(puzzle_id)
        if entry is None:
            return False
        self.show(entry, self.files[entry.id])
        return True


def practice(seed: int = 1, files: dict = FILES) -> Downloaded:
    return Downloaded(seed, files)


def test_the_page_opens_a_puzzle_from_its_seat_and_takes_one_try():
    p = practice()
    assert p.open(SHIPPED[0].id) and p.puzzle.id == SHIPPED[0].id
    view = p.view()
    assert view["seat"] == p.seat and view["hand"] is not None
    others = [h for s, h in enumerate(view.get("hands") or []) if s != p.seat]
    assert not others, "no other hand is shown"
    wrong = p.puzzle.wrong[0].action
    assert p.attempt({k: v for k, v in wrong.to_dict().items() if k != "seat"}) is None
    assert p.result == Result(False, p.puzzle.wrong[0].cost) and p.tried == wrong
    assert p.legal() == [] and p.progress.missed == 1
    assert p.attempt({k: v for k, v in p.puzzle.answers[0].to_dict().items() if k != "seat"}) is None
    assert p.progress.tries == 1, "one try only"
    assert p.costs()[0] == (p.puzzle.answers[0], 0.0)


def test_a_move_the_rules_refuse_is_no_try_and_next_brings_another_puzzle():
    p = practice()
    assert p.open(SHIPPED[0].id)
    held = set(p.view()["hand"])
    stranger = next(c for h in p.puzzle.record["hands"] for c in h if c not in held)
    refusal = p.attempt({"act": "play", "card": stranger})
    assert refusal is not None and p.result is None and p.progress.tries == 0
    assert p.attempt({"act": "fly"}) is not None and p.progress.tries == 0
    assert p.attempt({k: v for k, v in p.puzzle.answers[0].to_dict().items() if k != "seat"}) is None
    assert p.result.right and p.progress.solved == 1
    first = p.puzzle.id
    if len(SHIPPED) > 1:
        assert p.open() and p.puzzle.id != first and p.result is None


def test_the_progress_view_puts_the_weakest_theme_first_with_its_lesson_and_its_puzzles():
    from practice.view import progress_html
    progress = Progress()
    tries = [("betting", True), ("betting", False), ("show", False), ("show", False), ("show", True),
             ("following", True)]
    for i, (theme, right) in enumerate(tries):
        progress.record(Fake(f"x{i}", theme), Result(right, None if right else 1.0))
    rows = progress.theme_rows(["baptism", "following", "betting", "show"])
    assert [(r.theme, r.right, r.missed) for r in rows] == [
        ("show", 1, 2), ("betting", 1, 1), ("following", 1, 0), ("baptism", 0, 0)]   # untried last
    assert rows[-1].accuracy is None
    html = progress_html(progress, ["baptism", "following", "betting", "show"])
    order = [html.index(f'data-theme="{t}"') for t in ("show", "betting", "following", "baptism")]
    assert order == sorted(order)
    show_row = html[order[0]:order[1]]
    assert "<td>1</td><td>2</td><td>33 %</td>" in show_row
    assert 'href="lesson.html#/show"' in show_row and 'href="practice.html?theme=show"' in show_row
    assert 'href="lesson.html#/tricks"' in html[order[2]:order[3]]      # following is taught in "tricks"


def test_a_theme_from_the_address_is_kept_to_and_an_unknown_one_is_refused():
    p = practice()
    theme = SHIPPED[-1].theme
    assert p.keep_to(theme) and p.theme == theme
    seen = set()
    for _ in range(6):
        assert p.open() and p.puzzle.theme == theme
        seen.add(p.puzzle.id)
        p.attempt({k: v for k, v in p.puzzle.answers[0].to_dict().items() if k != "seat"})
    empty = [t for t in THEMES if not any(s.theme == t for s in SHIPPED)]     # a theme with no puzzle yet
    assert not any(p.keep_to(t) for t in empty) and not p.keep_to("nonsense") and p.theme == theme
    assert p.keep_to(None) and p.theme is None
    assert p.themes == [t for t in THEMES if any(s.theme == t for s in SHIPPED)]


@pytest.mark.parametrize("puzzle", SHIPPED[:6], ids=lambda p: p.id)
def test_show_me_plays_the_answer_out_to_the_end_of_the_deal_from_the_solvers_seat(puzzle):
    p = practice()
    assert p.open(puzzle.id)
    moves = p.line()
    assert moves[0].action == puzzle.answers[0]
    assert moves[-1].view["phase"] in ("scored", "game_over")
    assert all(m.view["seat"] == puzzle.seat for m in moves)
    assert [m.action for m in p.line()] == [m.action for m in moves], "the same line each time"
    assert p.deal is not None and len(p.deal.actions) == len(puzzle.record["actions"]), "the puzzle is untouched"


def test_the_signs_seen_are_the_others_each_once():
    """"Signs you saw" (and the class's question on the teacher page): the partner's signs and the
    opponents' caught ones, a sign made once per card said once, never the solver's own."""
    from common.puzzlethemes import seen_signs
    from perlaggen_core import Deal
    with_own = [p for p in SHIPPED if any(s["seat"] == p.seat for s in p.signals)
                and any(s["seat"] != p.seat for s in p.signals)]
    assert with_own, "no shipped puzzle where the solver and another seat signed"
    for puzzle in with_own:
        view = Deal.from_record(puzzle.record).view(puzzle.seat)
        messages: list = []
        said = seen_signs(puzzle, view, lambda m: messages.append(m) or f"{m.code} {sorted(m.params.items())}")
        assert len(said) == len(set(said))
        others = {(s["seat"], s["signal"]) for s in puzzle.signals if s["seat"] != puzzle.seat}
        assert len(said) == len(others)
        assert all(m.params.get("seat") != puzzle.seat for m in messages), messages
