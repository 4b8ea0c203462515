"""A practice puzzle presented on the teacher page (`teacher.html#puzzle=ID`), under CPython: every
shipped puzzle opens as a scenario in both languages of the site, stops with a question for the class
at the solver's decision (the solver at the bottom, their hand alone open), and its reveal is the
puzzle's answer, said with the puzzle's explanation."""
from __future__ import annotations

from pathlib import Path

import pytest

from common import i18n
from perlaggen_core import Deal
from perlaggen_core.puzzles import load_dir
from teacher import view as tview
from teacher.presenter import Presenter
from teacher.puzzle import puzzle_scenario
from tools import i18n as tools_i18n

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = load_dir(ROOT / "puzzles")
FILES = {p.id: p.to_json() for p in PUZZLES}     # each puzzle's own file, as the page fetches it


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("locale")
    tools_i18n.compile_all(folder, ["en", "de"])
    return folder


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_puzzle_is_a_scenario_asking_at_the_decision_and_revealing_the_answer(lang, catalogs):
    i18n.use(lang, catalogs)
    try:
        for puzzle in PUZZLES:
            scenario = puzzle_scenario(FILES[puzzle.id], puzzle.id)
            assert scenario is not None
            at = len(puzzle.record["actions"])
            assert scenario.asks() == [at] and scenario.steps == at + 1
            assert (scenario.bottom, tuple(scenario.open)) == (puzzle.seat, (puzzle.seat,))
            p = Presenter(scenario)
            p.go(at)
            position = Deal.from_record(puzzle.record)
            assert p.deal().to_record() == position.to_record()            # the puzzle's own position
            note = scenario.note_at(at)
            assert note is not None and note.ask and note.text and note.answer
            assert p.question() is note and p.hidden_after() == at         # the answer waits for the reveal
            assert p.forward() == at + 1
            assert p.deal().actions[-1] == puzzle.answers[0]               # the reveal plays the answer
            assert p.answered() is note
            assert 'data-part="answer"' in tview.note_html(p, p.view(), lang)
    finally:
        i18n.use("en")


def test_the_german_texts_are_german(catalogs):
    i18n.use("de", catalogs)
    try:
        puzzle = PUZZLES[0]
        german = puzzle_scenario(FILES[puzzle.id], puzzle.id)
    finally:
        i18n.use("en")
    english = puzzle_scenario(FILES[puzzle.id], puzzle.id)
    assert german is not None and english is not None
    assert german.title != english.title and german.notes[0].text != english.notes[0].text
    assert german.notes[0].answer != english.notes[0].answer


def test_an_unknown_puzzle_is_none():
    assert puzzle_scenario(None, "no-such-puzzle") is None
    assert puzzle_scenario({"id": "broken"}, "broken") is None
