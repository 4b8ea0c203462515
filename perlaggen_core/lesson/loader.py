"""Loading lessons: every field validated, every step replayed and judged by the engine, and any
problem reported with its file, step and field."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any, Callable, Optional

from ..actions import Action
from ..cards import ALL_CARDS
from ..deal import Deal
from ..errors import IllegalAction, NotationError, PerlaggenError, RecordError
from .conditions import QUESTIONS, check_expr
from .continuity import check_continuity, finish
from .moves import check_act
from .teaching import check_teaching
from . import model
from .model import (CONTROLS, DEFAULT_CONTROLS, KINDS, LANGS, LANGUAGE_NAMES, LESSON_FIELDS, RULINGS, SHOWS, STEP_FIELDS,
                    Lesson, LessonError, Step, learner_texts)

AREAS = ("trick", "figures", "score")
# What a learner reads never shows a card code (names do) and never points at texts the learner
# cannot see; the table calls the teams "Us" and "Them", so lessons say "your team" and "the other team".
# Every pattern is checked in every language (English and German words side by side).
CARD_CODE = re.compile(r"\b(?:" + "|".join(sorted(ALL_CARDS, key=len, reverse=True)) + r")\b")
NOT_FOR_LEARNERS = (
    (re.compile(r"\b(?:sources?|worked examples?|examples? \d+|original example"
                r"|Quellen?|Quelltext|Beispiele? \d+|Beispiel Nr\.|Originalbeispiel|Rechenbeispiele?)\b", re.IGNORECASE),
     "points at a text the learner cannot see: explain instead of citing"),
    (re.compile(r"\b(?:teams?|Parteien|Partei) [01]\b(?! points?| Punkte?)", re.IGNORECASE),
     "the table calls the teams Us and Them: say 'your team' or 'the other team' ('deine Partei', 'die Gegner')"),
    (re.compile(r"\b(?:knaves?|Buben?)\b", re.IGNORECASE), "the lessons call these cards Ober and Unter"),
    (re.compile(r"\bTODO\b"), "a placeholder of the teacher's exported step: write the text first"),
    (re.compile(r"\[\[|\]\]"), "'[[' and ']]' are kept for the glossary links the build adds"),
)


def _text(value: Any, err: Callable[[str, str], LessonError], name: str, required: bool = True) -> dict[str, str]:
    if value is None and not required:
        return {}
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or "en" not in value or not all(
            isinstance(k, str) and k in LANGS and isinstance(v, str) and v.strip() for k, v in value.items()):
        raise err(name, "needs text per language: at least 'en', as a string or a table {en = \"...\"}")
    for lang, text in value.items():
        code = CARD_CODE.search(text)
        if code:
            raise err(name, f"a learner reads this: write the card's name, not its code '{code.group()}' ({lang})")
        for pattern, reason in NOT_FOR_LEARNERS:
            found = pattern.search(text)
            if found:
                raise err(name, f"a learner reads this: '{found.group()}': {reason} ({lang})")
    return dict(value)


def _controls(value: Any, err, name: str, default: tuple[str, ...]) -> list[str]:
    if value is None:
        return list(default)
    if not isinstance(value, list) or not all(isinstance(c, str) and c in CONTROLS for c in value):
        raise err(name, f"lists the learner's controls: any of {', '.join(CONTROLS)}")
    return list(value)


def _action(text: Any, err, name: str) -> Action:
    try:
        if isinstance(text, dict):
            return Action.from_dict(text, name)
        return Action.from_text(str(text))
    except (NotationError, RecordError) as exc:
        raise err(name, str(exc)) from None


def _record(raw: Any, err) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise err("deal", "must be a table holding a deal record (hands, trump_card, dealer, ...)")
    rec = dict(raw)
    if isinstance(rec.get("hands"), list):
        rec["hands"] = [h.split() if isinstance(h, str) else h for h in rec["hands"]]
    for key in ("captured", "exposed"):
        if isinstance(rec.get(key), str):
            rec[key] = rec[key].split()
    rec["actions"] = [a if isinstance(a, dict) else _action(a, err, "deal.actions").to_dict()
                      for a in rec.get("actions", [])]
    return rec


def check_languages(lesson: Lesson, required: tuple[str, ...]) -> None:
    """Every text a learner reads has each of the `required` languages (LessonError otherwise)."""
    for step, name, text in learner_texts(lesson):
        for lang in required:
            if lang not in text:
                raise LessonError(lesson.file, step, name, f"no {LANGUAGE_NAMES.get(lang, lang)} text ({lang})")


def load_lesson(data: dict[str, Any], file: str, required: Optional[tuple[str, ...]] = None) -> Lesson:
    """Validate a lesson's data completely; LessonError names file, step and field. Each text needs
    every language of `required` (default: model.REQUIRED, the site's languages)."""
    def lerr(name: str, reason: str) -> LessonError:
        return LessonError(file, None, name, reason)

    if not isinstance(data, dict):
        raise lerr("(top)", "a lesson is a table")
    for key in data:
        if key not in LESSON_FIELDS:
            raise lerr(key, f"unknown field (known: {', '.join(sorted(LESSON_FIELDS))})")
    for key in ("id", "title", "steps"):
        if key not in data:
            raise lerr(key, "is required")
    rules = data.get("rules", "innsbruck")
    steps_raw = data["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        raise lerr("steps", "must be a non-empty list of [[steps]]")
    teaches = data.get("teaches", [])
    if not isinstance(teaches, list) or not all(isinstance(t, int) and 1 <= t <= RULINGS for t in teaches):
        raise lerr("teaches", f"must list ruling numbers 1 to {RULINGS}")
    learner = data.get("learner", 0)
    if not isinstance(learner, int) or learner < 0:
        raise lerr("learner", "must be a seat number")
    controls = _controls(data.get("controls"), lerr, "controls", DEFAULT_CONTROLS)
    sandbox = data.get("sandbox", False)
    if not isinstance(sandbox, bool):
        raise lerr("sandbox", "is true or false: whether the lesson's end also offers the sandbox")
    lesson = Lesson(str(data["id"]), _text(data["title"], lerr, "title"),
                    _text(data.get("summary"), lerr, "summary", required=False), rules,
                    int(data.get("order", 0)), teaches, [], file, learner, controls, sandbox)
    previous: Optional[dict[str, Any]] = None
    seen_ids: set[str] = set()
    for number, raw in enumerate(steps_raw, 1):
        step = _load_step(raw, number, file, rules, previous, lesson)
        if step.id in seen_ids:
            raise LessonError(file, step.id, "id", "two steps share this id")
        seen_ids.add(step.id)
        lesson.steps.append(step)
        previous = finish(step, step.start, step.solution_action() if step.kind == "act" else None)
    check_languages(lesson, model.REQUIRED if required is None else tuple(required))
    check_continuity(lesson)
    return lesson


def _load_step(raw: Any, number: int, file: str, rules: str, previous, lesson: Lesson) -> Step:
    sid = str(raw.get("id", number)) if isinstance(raw, dict) else str(number)

    def err(name: str, reason: str) -> LessonError:
        return LessonError(file, sid, name, reason)

    if not isinstance(raw, dict):
        raise err("(step)", "each step is a table")
    for key in raw:
        if key not in STEP_FIELDS:
            raise err(key, f"unknown field (known: {', '.join(sorted(STEP_FIELDS))})")
    kind = raw.get("kind", "act")
    if kind not in KINDS:
        raise err("kind", "is 'act' (a move), 'question' (a prediction) or 'read' (a page to read, nothing asked)")
    goal = _text(raw.get("goal"), err, "goal")
    if "deal" in raw and raw.get("start") == "previous":
        raise err("start", "give either a deal or start = \"previous\", not both")
    if raw.get("start", "deal") == "previous":
        if previous is None:
            raise err("start", "the first step cannot continue from a previous one")
        record = dict(previous)
    elif "deal" in raw:
        record = _record(raw["deal"], err)
        record.setdefault("variant", rules)
    else:
        raise err("deal", "each step needs a deal, or start = \"previous\"")
    before = raw.get("before", [])
    if not isinstance(before, list):
        raise err("before", "must be a list of actions such as \"1 play HA\"")
    before = [_action(a, err, "before") for a in before]
    record["actions"] = list(record.get("actions", [])) + [a.to_dict() for a in before]
    try:
        deal = Deal.from_record(record)
    except RecordError as exc:
        raise err("deal" + (f".{exc.field}" if exc.field else ""), str(exc)) from None
    except IllegalAction as exc:
        raise err(f"actions[{exc.index}]" if exc.index is not None else "before",
                  f"the engine refuses it: {exc}") from None
    learner = raw.get("learner", lesson.learner)
    if not isinstance(learner, int) or not 0 <= learner < deal.n:
        raise err("learner", "must be a seat number")
    if deal.team(learner) != 0:
        raise err("learner", "the learner sits in team 0 (seat 0 or 2), so that every step draws the learner's "
                             "team in the same colour; a question about another seat asks about it from there")
    hints = raw.get("hints", [])
    if not isinstance(hints, list):
        raise err("hints", "must be a list of texts")
    highlight = raw.get("highlight", [])
    if not isinstance(highlight, list) or not all(
            isinstance(h, str) and (h in AREAS or h in ALL_CARDS or _seat_mark(h, deal.n)) for h in highlight):
        raise err("highlight", f"lists card codes, areas ({', '.join(AREAS)}) or seats (\"seat:1\")")
    step = Step(
        id=sid, kind=kind, goal=goal, start=record, learner=learner,
        after=[str(_action(a, err, "after")) for a in raw.get("after", [])],
        hints=[_text(h, err, f"hints[{i}]") for i, h in enumerate(hints)],
        solution=None, explain=_text(raw.get("explain"), err, "explain", required=False),
        success=_text(raw.get("success"), err, "success", required=kind != "read"),
        mistakes=[], expect={}, highlight=list(highlight),
        show_all=bool(raw.get("show_all", False)), hide_perlaggen=bool(raw.get("hide_perlaggen", False)),
        controls=_controls(raw.get("controls"), err, "controls", tuple(lesson.controls)),
        before=[str(a) for a in before], continues=raw.get("start") == "previous",
        show=_show(raw.get("show"), err), teaches=_topics(raw.get("teaches"), err, "teaches"),
        relies=_topics(raw.get("relies"), err, "relies"))
    if kind == "question":
        _load_question(step, raw, deal, err)
    elif kind == "read":
        _load_read(step, raw, err)
    else:
        _load_act(step, raw, deal, err)
    return step


def _show(value: Any, err) -> Optional[str]:
    if value is not None and value not in SHOWS:
        raise err("show", f"names what the step shows beside its text: one of {', '.join(SHOWS)}")
    return value


def _topics(value: Any, err, name: str) -> list[str]:
    """Rulings (numbers of shared/RULINGS.md) and named topics ("signs": the table of signs)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
            isinstance(t, int) and 1 <= t <= RULINGS or t in SHOWS for t in value):
        raise err(name, f"lists ruling numbers (1 to {RULINGS}) or topics ({', '.join(SHOWS)})")
    return [str(t) for t in value]


def _load_read(step: Step, raw: dict, err) -> None:
    """A page to read: its goal (and what it shows); nothing to do but go on, so nothing to judge."""
    for name in ("expect", "solution", "mistakes", "success", "successes", "question", "ask", "choices", "after",
                 "hints"):
        if name in raw:
            raise err(name, "a 'read' step asks nothing: it has a goal (the text to read) and may show something")
    step.success = {}


def _load_act(step: Step, raw: dict, deal: Deal, err) -> None:
    if not deal.to_act and deal.phase.over:
        raise err("deal", "the deal is over before the learner acts")
    expect = raw.get("expect")
    if not isinstance(expect, dict) or len(expect) != 1 or next(iter(expect)) not in ("action", "actions", "condition"):
        raise err("expect", "is a table with one of: action = \"0 play HK=HA\", actions = [...], condition = ...")
    if "action" in expect:
        step.expect = {"action": _action(expect["action"], err, "expect.action").to_dict()}
    elif "actions" in expect:
        if not isinstance(expect["actions"], list) or not expect["actions"]:
            raise err("expect.actions", "must list at least one action")
        step.expect = {"actions": [_action(a, err, "expect.actions").to_dict() for a in expect["actions"]]}
    else:
        check_expr(expect["condition"], err)
        step.expect = {"condition": expect["condition"]}
    for i, item in enumerate(step.expect.get("actions", [step.expect.get("action")])):
        if item and not step.offers(Action.from_dict(item)):
            raise err("expect", f"expects a move the step's controls do not offer: {Action.from_dict(item)}")
    if "solution" not in raw:
        raise err("solution", "every act step ships its solution")
    solution = _action(raw["solution"], err, "solution")
    if solution.seat != step.learner:
        raise err("solution", f"the solution is for seat {solution.seat}, but the learner is seat {step.learner}")
    if not step.offers(solution):
        raise err("solution", f"the step's controls ({', '.join(step.controls)}) do not offer this move")
    step.solution = str(solution)
    mistakes = raw.get("mistakes", [])
    if not isinstance(mistakes, list):
        raise err("mistakes", "must be a list of [[steps.mistakes]] tables")
    for i, m in enumerate(mistakes):
        if not isinstance(m, dict) or set(m) - {"action", "condition", "text"} or len({"action", "condition"} & set(m)) != 1:
            raise err(f"mistakes[{i}]", "needs 'text' and either 'action' (one move) or 'condition' (a family of moves)")
        text = _text(m.get("text"), err, f"mistakes[{i}].text")
        if "condition" in m:
            check_expr(m["condition"], lambda _f, reason: err(f"mistakes[{i}].condition", reason))
            step.mistakes.append({"condition": m["condition"], "text": text})
            continue
        action = _action(m["action"], err, f"mistakes[{i}].action")
        if not step.offers(action):
            raise err(f"mistakes[{i}].action", "the step's controls do not offer this move, so no learner can make it")
        step.mistakes.append({"action": action.to_dict(), "text": text})
    _load_successes(step, raw.get("successes", []), err)
    check_act(step, deal, err)


def _load_successes(step: Step, raw: Any, err) -> None:
    """Success texts for some of the accepted moves, each naming its move or a condition; the first
    that fits the learner's move is shown (else `success`)."""
    if not isinstance(raw, list):
        raise err("successes", "must be a list of [[steps.successes]] tables")
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or set(item) - {"action", "condition", "text"} or \
                len({"action", "condition"} & set(item)) != 1:
            raise err(f"successes[{i}]", "needs 'text' and either 'action' (one accepted move) or 'condition' "
                                         "(the accepted moves it is true of)")
        text = _text(item.get("text"), err, f"successes[{i}].text")
        if "condition" in item:
            check_expr(item["condition"], lambda _f, reason: err(f"successes[{i}].condition", reason))
            step.successes.append({"condition": item["condition"], "text": text})
        else:
            action = _action(item["action"], err, f"successes[{i}].action")
            step.successes.append({"action": action.to_dict(), "text": text})


def _seat_mark(text: str, players: int) -> bool:
    kind, _, number = text.partition(":")
    return kind == "seat" and number.isdigit() and int(number) < players


def _load_question(step: Step, raw: dict, deal: Deal, err) -> None:
    step.question = _text(raw.get("question"), err, "question")
    ask = raw.get("ask")
    if ask not in QUESTIONS:
        raise err("ask", f"must name an engine question: {', '.join(sorted(QUESTIONS))}")
    choices = raw.get("choices")
    if not isinstance(choices, list) or len(choices) < 2:
        raise err("choices", "a question needs at least two choices")
    for i, c in enumerate(choices):
        if not isinstance(c, dict) or "value" not in c or set(c) - {"value", "text"}:
            raise err(f"choices[{i}]", "needs 'value' and 'text'")
        step.choices.append({"value": str(c["value"]), "text": _text(c.get("text"), err, f"choices[{i}].text")})
    step.ask, step.params = ask, dict(raw.get("params", {}))
    try:
        step.answer = QUESTIONS[ask][1](deal, dict(step.params))
    except (ValueError, KeyError, PerlaggenError) as exc:
        raise err("params", f"the engine cannot answer: {exc}") from None
    if step.answer not in [c["value"] for c in step.choices]:
        raise err("choices", f"the engine's answer '{step.answer}' is not among the choices")
    step.expect = {"answer": step.answer}
    step.solution = step.answer
    for i, m in enumerate(raw.get("mistakes", [])):
        if not isinstance(m, dict) or set(m) - {"choice", "text"} or "choice" not in m:
            raise err(f"mistakes[{i}]", "a question's mistakes need 'choice' and 'text'")
        if str(m["choice"]) == step.answer:
            raise err(f"mistakes[{i}].choice", "this 'mistake' is the right answer")
        step.mistakes.append({"choice": str(m["choice"]), "text": _text(m.get("text"), err, f"mistakes[{i}].text")})


def load_file(path: Path, required: Optional[tuple[str, ...]] = None) -> Lesson:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(path.name, None, "(syntax)", f"not valid TOML: {exc}") from None
    return load_lesson(data, path.name, required)


def load_dir(folder: Path, required: Optional[tuple[str, ...]] = None) -> list[Lesson]:
    lessons = [load_file(p, required) for p in sorted(Path(folder).glob("*.toml"))]
    ids = [l.id for l in lessons]
    for lesson in lessons:
        if ids.count(lesson.id) > 1:
            raise LessonError(lesson.file, None, "id", f"another lesson file also uses id '{lesson.id}'")
    check_teaching(lessons)
    return sorted(lessons, key=lambda l: (l.order, l.id))


def compile_dir(folder: Path) -> str:
    """All lessons as one JSON document for the site."""
    return json.dumps({"lessons": [l.to_json() for l in load_dir(folder)]}, ensure_ascii=False)


def lesson_from_json(data: dict[str, Any]) -> Lesson:
    steps = [Step(**s) for s in data["steps"]]
    return Lesson(data["id"], data["title"], data["summary"], data["rules"], data["order"],
                  data["teaches"], steps, data.get("file", ""), data.get("learner", 0),
                  data.get("controls", list(DEFAULT_CONTROLS)), data.get("sandbox", False))
