"""The puzzle themes as the pages name and link them: each theme's name, the practice page kept to
one theme (practice.html?theme=NAME), and the themes a lesson teaches (the engine's
perlaggen_core.puzzles.THEMES says which lesson teaches which theme)."""
from __future__ import annotations

from typing import Callable
from urllib.parse import quote

from common.i18n import N_
from perlaggen_core import Message
from perlaggen_core.puzzles.model import THEMES, Puzzle
from perlaggen_core.signals import signal_message
from common.pagewords import rules_of

THEME_NAMES = {"baptism": N_("Naming a Perlagg"), "following": N_("Which card"), "fifth-trick": N_("The fifth trick"),
               "betting": N_("Betting and answering"), "exchange": N_("The exchange"), "show": N_("The show"),
               "endgame": N_("Near the target")}


def practice_href(theme: str | None = None) -> str:
    """The practice page, kept to one theme when given."""
    return "practice.html" + (f"?theme={quote(theme)}" if theme else "")


def lesson_of(theme: str) -> str:
    return THEMES[theme]


def themes_of_lesson(lesson_id: str) -> list[str]:
    """The themes whose puzzles practise what the lesson teaches, in the engine's order."""
    return [t for t, lesson in THEMES.items() if lesson == lesson_id]


def seen_signs(puzzle: Puzzle, view: dict, say: Callable[[Message], str]) -> list[str]:
    """The signs the solver saw before the decision, in words: the partners' and the opponents' the
    solver caught, each once (a sign made once per card reads the same each time), never the
    solver's own (the solver knows what they told their partner)."""
    teams, out = view["teams"], []
    for sign in puzzle.signals:
        if sign["seat"] == puzzle.seat:
            continue
        text = say(signal_message(rules_of(view), sign["seat"], sign["signal"],
                                  caught=teams[sign["seat"]] != teams[puzzle.seat]))
        if text not in out:
            out.append(text)
    return out
