"""A practice puzzle presented to a class (`teacher.html#puzzle=ID`, linked from the practice page
once a puzzle is answered): the deal up to the solver's decision with the solver at the bottom and
their hand alone open, a question for the class there, and the answer played as the reveal, said
with the puzzle's explanation. The structure is the engine's (`perlaggen_core.puzzles.scenario`);
the words are the page's, with the compass names the presenter gives the seats."""
from __future__ import annotations

from typing import Any, Optional

from common.i18n import _
from common.puzzlethemes import THEME_NAMES, seen_signs
from perlaggen_core.puzzles import Puzzle, PuzzleError, read_puzzle
from perlaggen_core.puzzles.scenario import as_scenario
from perlaggen_core.scenario import Scenario
from teacher.presenter import Presenter
from teacher.view import say


def words(puzzle: Puzzle, view: dict) -> tuple[str, str, str]:
    """The title, the question and the answer's words, for the class (seats by their compass names)."""
    solver = view["seat_names"][puzzle.seat]
    title = _("Puzzle: {theme}", theme=_(THEME_NAMES[puzzle.theme]))
    question = _("{seat} is to decide, with this hand. What is the best move, and why?", seat=solver)
    signs = seen_signs(puzzle, view, lambda message: say(message, view))
    if signs:
        question += " " + _("Signs {seat} saw: {signs}", seat=solver, signs="; ".join(signs))
    return title, question, say(puzzle.explanation, view)


def puzzle_scenario(data: Any, puzzle_id: str) -> Optional[Scenario]:
    """The puzzle (its downloaded file, None when there was none) as a scenario in the page's
    language; None if there is no puzzle of that id (or only one the engine refuses)."""
    try:
        puzzle = read_puzzle(data, puzzle_id)
    except PuzzleError:
        return None
    bare = Presenter(as_scenario(puzzle, puzzle.id, "?", "?"))     # the seats' names, to word the texts
    bare.go(bare.scenario.steps - 1)
    return as_scenario(puzzle, *words(puzzle, bare.view()))
