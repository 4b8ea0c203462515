"""The shipped puzzles as the pages download them (issue 25), under CPython: the build writes an index
and one small file per puzzle; the practice page draws from the index, shows a puzzle from its own
file, draws the next one ahead (what "Next puzzle" then shows, so it can be downloaded meanwhile),
and passes over a puzzle whose file is missing or broken; the teacher page opens one puzzle from its
file alone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from perlaggen_core.puzzles import PuzzleError, index_of, load_dir, puzzle_file, read_index, read_puzzle
from practice.progress import Progress
from practice.session import Practice

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = load_dir(ROOT / "puzzles")
LESSONS = ["baptism", "tricks", "betting", "deal", "show", "endgame"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from tools.puzzles import compile_puzzles
    out = tmp_path_factory.mktemp("puzzles")
    assert compile_puzzles(ROOT / "puzzles", out, LESSONS, ["en", "de"]) == len(SHIPPED)
    return out


def test_the_build_writes_an_index_and_each_puzzle_in_its_own_file(built):
    entries = read_index(json.loads((built / "index.json").read_text()))
    assert [(e.id, e.theme, e.level, e.variant) for e in entries] == [
        (p.id, p.theme, p.level, p.variant) for p in SHIPPED]
    for entry, puzzle in zip(entries, SHIPPED):
        assert read_puzzle(json.loads((built / puzzle_file(entry.id)).read_text()), entry) == puzzle
    assert sorted(f.name for f in built.iterdir()) == ["index.json", "p"], "no file of every puzzle"
    assert len(list((built / "p").iterdir())) == len(SHIPPED)


def test_a_first_visit_downloads_a_small_part_of_the_set(built):
    """The index and two puzzles (the one drawn, the next ahead) against the whole set: the saving
    that keeps the practice page within 600 KB (tests/browser/test_practice_fetch.py counts it)."""
    whole = sum(f.stat().st_size for f in (built / "p").iterdir())
    index = (built / "index.json").stat().st_size
    largest = max(f.stat().st_size for f in (built / "p").iterdir())
    assert index + 2 * largest < whole / 10
    assert index / len(SHIPPED) < 100, "an index entry stays small: 500 puzzles under 50 KB"


def practice(seed: int = 3) -> Practice:
    return Practice(read_index(index_of(SHIPPED)), Progress(), seed=seed)


FILES = {p.id: p.to_json() for p in SHIPPED}


def test_what_is_drawn_ahead_after_a_try_is_what_next_shows():
    p = practice()
    shown = []
    for i in range(12):
        entry = p.choose()
        assert entry is not None and (i == 0 or entry == ahead)
        p.show(entry, FILES[entry.id])
        assert p.puzzle is not None and p.puzzle.id == entry.id and p.upcoming is None
        shown.append(entry.id)
        move = p.puzzle.answers[0] if i % 3 else p.puzzle.wrong[0].action    # a miss now and then
        assert p.attempt({k: v for k, v in move.to_dict().items() if k != "seat"}) is None
        ahead = p.upcoming
        assert ahead is not None and ahead.id != entry.id
    assert shown.count(shown[0]) >= 2, shown      # the miss came back, drawn ahead like any other
    assert all(a != b for a, b in zip(shown, shown[1:]))


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_the_puzzle_next_is_among_those_downloaded_before_the_try(right):
    """`ahead` (what the page downloads as soon as a puzzle is shown) foresees the draw after the
    try, right or wrong, over a run of puzzles with misses coming back and the level moving."""
    p = practice(seed=7)
    for i in range(15):
        entry = p.choose()
        p.show(entry, FILES[entry.id])
        foreseen = p.ahead()
        good = right if i % 4 else not right
        move = p.puzzle.answers[0] if good else p.puzzle.wrong[0].action
        p.attempt({k: v for k, v in move.to_dict().items() if k != "seat"})
        assert p.upcoming in foreseen and len(foreseen) <= 2


def test_a_missing_or_broken_file_is_passed_over_and_never_drawn_again():
    p = practice()
    first, second, third = SHIPPED[0].id, SHIPPED[1].id, SHIPPED[2].id
    broken = {first: {"id": first, "theme": "betting"},          # cut short
              second: FILES[third]}                                # another puzzle's file
    for pid, data in broken.items():
        entry = p.choose(pid)
        assert entry is not None and entry.id == pid
        with pytest.raises(PuzzleError) as caught:
            p.show(entry, data)
        assert caught.value.file == f"p/{pid}.json" and pid in p.broken
        assert p.puzzle is None
    again = p.choose(first)                   # asked for by its address: another puzzle instead
    assert again is not None and again.id not in broken
    for _ in range(len(SHIPPED)):
        drawn = p.choose()
        assert drawn is not None and drawn.id not in broken
        p.show(drawn, FILES[drawn.id])
        p.attempt({k: v for k, v in p.puzzle.answers[0].to_dict().items() if k != "seat"})


def test_a_puzzle_drawn_ahead_whose_file_breaks_gives_way_to_another():
    p = practice()
    entry = p.choose()
    p.show(entry, FILES[entry.id])
    p.attempt({k: v for k, v in p.puzzle.answers[0].to_dict().items() if k != "seat"})
    ahead = p.upcoming
    p.drop(ahead)                             # the page could not download it
    assert p.upcoming is None and p.choose().id not in (ahead.id, entry.id)


@pytest.mark.parametrize("index, field", [
    ([], "puzzles"),
    ({"format": 2, "puzzles": []}, "puzzles"),
    ({"format": 1, "puzzles": [{"id": "x", "theme": "betting", "level": 1}]}, "puzzles.0"),
    ({"format": 1, "puzzles": [{"id": "X y", "theme": "betting", "level": 1, "variant": "innsbruck"}]}, "puzzles.0.id"),
    ({"format": 1, "puzzles": [{"id": "x", "theme": "cheating", "level": 1, "variant": "innsbruck"}]}, "puzzles.0"),
    ({"format": 1, "puzzles": [{"id": "x", "theme": "betting", "level": 7, "variant": "innsbruck"}]}, "puzzles.0"),
])
def test_an_index_the_build_did_not_write_is_refused_naming_the_field(index, field):
    with pytest.raises(PuzzleError) as caught:
        read_index(index)
    assert caught.value.file == "index.json" and caught.value.field == field


def test_an_address_that_is_no_puzzle_id_names_no_file():
    assert puzzle_file(SHIPPED[0].id) == f"p/{SHIPPED[0].id}.json"
    for bad in ("../index", "a/b", "", "Upper"):
        with pytest.raises(PuzzleError):
            puzzle_file(bad)


def test_the_teacher_page_opens_a_puzzle_from_its_own_file_alone():
    from teacher.puzzle import puzzle_scenario
    puzzle = SHIPPED[0]
    assert puzzle_scenario(FILES[puzzle.id], puzzle.id) is not None
    assert puzzle_scenario(None, puzzle.id) is None                      # no such file
    assert puzzle_scenario(FILES[SHIPPED[1].id], puzzle.id) is None      # a file that is another puzzle
    assert puzzle_scenario({"id": puzzle.id}, puzzle.id) is None         # a broken one
