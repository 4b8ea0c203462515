"""A puzzle as a teacher's scenario, to present to a class: the deal up to the solver's decision,
a question there, and the answer played as the reveal, said with the puzzle's explanation. The
words come from the caller (the page's language); the class sees the solver's hand alone, as the
solver did."""
from __future__ import annotations

from typing import Any

from ..scenario import Scenario, load_scenario
from ..scenario.model import FORMAT
from .model import Puzzle


def scenario_document(puzzle: Puzzle, title: str, question: str, answer: str) -> dict[str, Any]:
    """The scenario document: `question` asked at the decision, `answer` said as the puzzle's
    (first) answer is played."""
    actions = list(puzzle.record.get("actions", []))
    return {"format": FORMAT, "id": f"puzzle-{puzzle.id}", "title": title,
            **puzzle.record, "actions": [*actions, puzzle.answers[0].to_dict()],
            "notes": [{"at": len(actions), "text": question, "ask": True, "answer": answer}],
            "bottom": puzzle.seat, "open": [puzzle.seat]}


def as_scenario(puzzle: Puzzle, title: str, question: str, answer: str) -> Scenario:
    """The scenario, checked like any other (ScenarioError names the field)."""
    return load_scenario(scenario_document(puzzle, title, question, answer))


__all__ = ["as_scenario", "scenario_document"]
