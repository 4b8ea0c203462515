"""Checking one puzzle against the engine: the position replays, the seat has a decision there, the
signs are ones that seat saw, every answer and wrong answer is legal, the theme and its lesson
exist, the measured difficulty adds up and every message code of the explanation has words."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Optional

from ..actions import EXCHANGE_ACTS, Action
from ..deal import Deal
from ..errors import IllegalAction, PerlaggenError, RecordError
from ..messages import Message
from ..signals import SYSTEMS, SignalLog, system_of
from ..words import TEMPLATES, render
from .model import (CHOOSERS, DIFFICULTY_FIELDS, LEVELS, PUZZLE_FIELDS, THEMES, WRONG_FIELDS, Difficulty,
                    Puzzle, Wrong, difficulty_of)

ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


class PuzzleError(ValueError):
    """A puzzle that is malformed or does not work with the engine: names file, puzzle id, field and
    reason (a sentence for whoever made the set; the engine's refusals in its English words)."""

    def __init__(self, reason: str, field: str, puzzle: Optional[str] = None, file: Optional[str] = None) -> None:
        super().__init__(reason)
        self.reason, self.field, self.puzzle, self.file = reason, field, puzzle, file

    def __str__(self) -> str:
        where = ", ".join(p for p in (self.file, f"puzzle {self.puzzle}" if self.puzzle else None,
                                      f"field '{self.field}'") if p)
        return f"{where}: {self.reason}"


def _number(value: Any, field: str, low: float = 0.0) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value or value < low:
        raise PuzzleError(f"a number of at least {low} is needed", field)
    return float(value)


def _action(data: Any, field: str, deal: Deal, seat: int) -> Action:
    try:
        action = Action.from_dict(data, field)
    except RecordError as exc:
        raise PuzzleError(str(exc), exc.field or field) from None
    if action.seat != seat:
        raise PuzzleError(f"a move of seat {action.seat}, but the puzzle is seat {seat}'s decision", f"{field}.seat")
    refusal = deal.refusal(action)
    if refusal is not None:
        raise PuzzleError(f"the rules refuse it: {render(refusal, deal.rules)}", field)
    return action


def codes(message: Message) -> Iterator[str]:
    """Every message code in a message, its nested messages included."""
    yield message.code
    for value in message.params.values():
        if isinstance(value, Message):
            yield from codes(value)


def message_words(message: Message) -> Iterator[str]:
    """The English templates (msgids) a message may be rendered from, every reader's form included."""
    for code in codes(message):
        for name, template in TEMPLATES.items():
            if name == code or name.startswith(code + "."):
                yield from (template if isinstance(template, tuple) else (template,))


def untranslated(puzzle: Puzzle, translate: Callable[[str], Optional[str]]) -> list[str]:
    """The explanation's English templates a language has no words for (`translate`: msgid -> its
    words in that language, or None)."""
    return [t for t in message_words(puzzle.explanation) if not (translate(t) or "").strip()]


def check_puzzle(data: Any, lessons: Optional[set[str]] = None) -> Puzzle:
    """A puzzle from its JSON data, checked (PuzzleError names the field; the caller adds file and id)."""
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle is a JSON object", "puzzle")
    pid = data.get("id")
    if not isinstance(pid, str) or not ID.match(pid):
        raise PuzzleError("an id of lower-case letters, digits and hyphens is needed", "id")
    try:
        return _check(data, lessons)
    except PuzzleError as exc:
        exc.puzzle = pid
        raise


def _check(data: dict, lessons: Optional[set[str]]) -> Puzzle:
    for key in data:
        if key not in PUZZLE_FIELDS:
            raise PuzzleError(f"unknown field (known: {', '.join(sorted(PUZZLE_FIELDS))})", str(key))
    for key in ("theme", "record", "seat", "answers", "difficulty", "explanation"):
        if key not in data:
            raise PuzzleError("this field is needed", key)
    theme = data["theme"]
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme '{theme}' (known: {', '.join(THEMES)})", "theme")
    if lessons is not None and THEMES[theme] not in lessons:
        raise PuzzleError(f"the theme's lesson '{THEMES[theme]}' does not exist", "theme")
    record = data["record"]
    if not isinstance(record, dict):
        raise PuzzleError("the position is a deal record (a JSON object)", "record")
    try:
        deal = Deal.from_record(record)
    except IllegalAction as exc:
        raise PuzzleError(f"the position does not replay: {exc}", f"record.actions.{exc.index}") from None
    except RecordError as exc:
        raise PuzzleError(f"the position does not replay: {exc}", f"record.{exc.field}") from None
    except PerlaggenError as exc:
        raise PuzzleError(f"the position does not replay: {exc}", "record") from None
    seat = data["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < deal.n:
        raise PuzzleError(f"a seat from 0 to {deal.n - 1} is needed", "seat")
    answers = data["answers"]
    if not isinstance(answers, list) or not answers:
        raise PuzzleError("a list of at least one move is needed", "answers")
    exchange = all(isinstance(a, dict) and a.get("act") in EXCHANGE_ACTS for a in answers)   # out of turn
    if deal.phase.over or (seat not in deal.to_act and not exchange):
        raise PuzzleError("the game does not wait for this seat in the position", "seat")
    signals = _signals(data.get("signals", []), deal, seat)
    good = tuple(_action(a, f"answers.{i}", deal, seat) for i, a in enumerate(answers))
    wrong = _wrong(data.get("wrong", []), deal, seat, good)
    difficulty = _difficulty(data["difficulty"])
    try:
        explanation = Message.from_dict(data["explanation"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise PuzzleError("a message ({code, params}) is needed", "explanation") from None
    for code in codes(explanation):
        if code not in TEMPLATES:
            raise PuzzleError(f"the message code '{code}' has no English words", "explanation")
    measured = data.get("measured", {})
    if not isinstance(measured, dict):
        raise PuzzleError("a JSON object is needed", "measured")
    return Puzzle(data["id"], theme, record, seat, good, wrong, difficulty, explanation,
                  tuple(signals.to_list()), measured)


def _signals(raw: Any, deal: Deal, seat: int) -> SignalLog:
    """The signs the seat saw before the decision: each of its system, made before now, and seen by it."""
    if not isinstance(raw, list):
        raise PuzzleError("a list of signs is needed", "signals")
    system = system_of(deal.rules)
    try:
        log = SignalLog.from_list(raw)
    except (KeyError, TypeError, ValueError, IndexError):
        raise PuzzleError("each sign is {seat, signal, after, caught?}", "signals") from None
    for i, sign in enumerate(log):
        where = f"signals.{i}"
        if system is None or sign.signal not in SYSTEMS[system]:
            raise PuzzleError(f"'{sign.signal}' is no sign of this table", where)
        if not 0 <= sign.seat < deal.n or not -1 <= sign.after < len(deal.actions):
            raise PuzzleError("the sign is not made by a seat of the table before the decision", where)
        if not sign.seen_by(seat, deal.n_teams):
            raise PuzzleError("the solver's seat did not see this sign (an opponent's it did not catch)", where)
    return log


def _wrong(raw: Any, deal: Deal, seat: int, good: tuple[Action, ...]) -> tuple[Wrong, ...]:
    if not isinstance(raw, list):
        raise PuzzleError("a list of wrong answers is needed", "wrong")
    out: list[Wrong] = []
    for i, item in enumerate(raw):
        where = f"wrong.{i}"
        if not isinstance(item, dict) or "action" not in item or "cost" not in item:
            raise PuzzleError("each wrong answer is {action, cost, by?}", where)
        for key in item:
            if key not in WRONG_FIELDS:
                raise PuzzleError(f"unknown field (known: {', '.join(sorted(WRONG_FIELDS))})", f"{where}.{key}")
        action = _action(item["action"], f"{where}.action", deal, seat)
        if action in good or any(w.action == action for w in out):
            raise PuzzleError("this move is listed twice", f"{where}.action")
        cost = _number(item["cost"], f"{where}.cost", 0.01)
        by = item.get("by", [])
        if not isinstance(by, list) or any(b not in CHOOSERS for b in by):
            raise PuzzleError(f"a list of players from {', '.join(CHOOSERS)} is needed", f"{where}.by")
        out.append(Wrong(action, cost, tuple(by)))
    return tuple(out)


def _difficulty(raw: Any) -> Difficulty:
    if not isinstance(raw, dict) or set(raw) != DIFFICULTY_FIELDS:
        raise PuzzleError(f"an object with {', '.join(sorted(DIFFICULTY_FIELDS))} is needed", "difficulty")
    if raw["level"] not in LEVELS:
        raise PuzzleError(f"a level from {LEVELS[0]} to {LEVELS[-1]} is needed", "difficulty.level")
    costs = [_number(raw[k], f"difficulty.{k}") for k in ("rule_cost", "random_cost", "random_hit")]
    measured = difficulty_of(*costs)
    if measured.level != raw["level"]:
        raise PuzzleError(f"the measures make level {measured.level}", "difficulty.level")
    return measured
