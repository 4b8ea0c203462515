"""Lessons as data: the format, loading with file/step/field errors, and judging a learner's move.

A lesson is a TOML file (compiled to JSON for the site). Each step starts from a deal record
(or from where the previous step ended), lets scripted seats act, then asks the learner for
an action (an "act" step) or for a prediction (a "question" step). The engine checks all of it:
see docs/lessons.md for the format.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from .actions import Action
from .deal import Deal
from .errors import NotationError, PerlaggenError, RecordError
from .figures import exact_key, gleich_key, hanger_key
from .record import deal_from_record

LANGS = ("en", "de")


class LessonError(PerlaggenError):
    """A lesson file that is malformed or does not work with the engine; names file, step, field."""

    def __init__(self, file: str, step: Optional[str], field_name: str, reason: str) -> None:
        where = file + (f", step {step}" if step else "") + f", field '{field_name}'"
        super().__init__(f"{where}: {reason}")
        self.file, self.step, self.field, self.reason = file, step, field_name, reason


# ----------------------------------------------------------------------- conditions
Context = dict[str, Any]  # before, action, after (after the scripted replies), seat
CONDITIONS: dict[str, tuple[str, Callable[[Context, Optional[str]], bool]]] = {}


def condition(name: str, doc: str):
    def register(fn):
        CONDITIONS[name] = (doc, fn)
        return fn
    return register


def _trick_of(ctx: Context):
    """The trick the learner's card went to, as it stands after the scripted replies."""
    before: Deal = ctx["before"]
    index = len(before.tricks) - (0 if before.current_trick() is None else 1)
    tricks = ctx["after"].tricks
    return tricks[index] if index < len(tricks) else None


@condition("play", "plays a card (optionally a given card: play:HK)")
def _c_play(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (arg is None or a.card == arg)


@condition("as", "plays a Perlagg baptised as the given card (as:HA)")
def _c_as(ctx, arg):
    return ctx["action"].act == "play" and ctx["action"].baptism == arg


@condition("baptised", "plays a Perlagg with a baptism")
def _c_baptised(ctx, arg):
    return ctx["action"].act == "play" and ctx["action"].baptism is not None


@condition("unbaptised_perlagg", "plays a Perlagg without naming a card")
def _c_unbaptised(ctx, arg):
    a, d = ctx["action"], ctx["before"]
    return a.act == "play" and a.baptism is None and d.is_perlagg(a.card)


@condition("plays_perlagg", "plays one of this deal's Perlaggen")
def _c_perlagg(ctx, arg):
    return ctx["action"].act == "play" and ctx["before"].is_perlagg(ctx["action"].card)


@condition("plays_natural", "plays a natural card (not a Perlagg)")
def _c_natural(ctx, arg):
    return ctx["action"].act == "play" and ctx["before"].natural(ctx["action"].card)


@condition("suit", "plays a card that counts as the given suit (suit:L), baptism included")
def _c_suit(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (a.baptism or a.card)[0] == arg


@condition("trump", "plays a card that counts as a trump, baptism included")
def _c_trump(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (a.baptism or a.card)[0] == ctx["before"].trump


@condition("wins_trick", "the learner's card wins its trick (after the scripted replies)")
def _c_wins(ctx, arg):
    trick = _trick_of(ctx)
    return trick is not None and trick.winner == ctx["seat"]


@condition("team_wins_trick", "the learner's team wins the trick")
def _c_team_wins(ctx, arg):
    trick = _trick_of(ctx)
    return trick is not None and trick.winner is not None and \
        ctx["before"].team(trick.winner) == ctx["before"].team(ctx["seat"])


def _figure_act(act: str):
    def check(ctx, arg):
        a = ctx["action"]
        return a.act == act and (arg is None or a.figure == arg)
    return check


for _act in ("bet", "hold", "raise", "good", "show", "done", "declare", "exchange"):
    CONDITIONS[_act] = (f"{_act}s (optionally naming the figure: {_act}:gleich)", _figure_act(_act))


@condition("shows", "reveals the given card in the show (shows:S7)")
def _c_shows(ctx, arg):
    return ctx["action"].act == "show" and arg in ctx["action"].cards


@condition("team_wins_figure", "the learner's team wins the named figure by the end of the step")
def _c_team_figure(ctx, arg):
    fig = ctx["after"].figs[arg]
    return fig.status == "won" and fig.winner == ctx["before"].team(ctx["seat"])


@condition("deal_over", "the deal is scored after the step")
def _c_over(ctx, arg):
    return ctx["after"].phase in ("scored", "game_over")


def evaluate(expr: Any, ctx: Context) -> bool:
    """A condition expression: a name ("wins_trick", "bet:gleich") or {all|any: [...]} / {not: e}."""
    if isinstance(expr, str):
        name, _, arg = expr.partition(":")
        return CONDITIONS[name][1](ctx, arg or None)
    if "all" in expr:
        return all(evaluate(e, ctx) for e in expr["all"])
    if "any" in expr:
        return any(evaluate(e, ctx) for e in expr["any"])
    return not evaluate(expr["not"], ctx)


def _check_expr(expr: Any, where: Callable[[str, str], LessonError]) -> None:
    if isinstance(expr, str):
        name = expr.partition(":")[0]
        if name not in CONDITIONS:
            raise where("expect.condition", f"unknown condition '{name}' (known: {', '.join(sorted(CONDITIONS))})")
        return
    if isinstance(expr, dict) and len(expr) == 1:
        key, value = next(iter(expr.items()))
        if key in ("all", "any") and isinstance(value, list) and value:
            for e in value:
                _check_expr(e, where)
            return
        if key == "not":
            _check_expr(value, where)
            return
    raise where("expect.condition", "a condition is a name, or a table {all = [...]}, {any = [...]} or {not = ...}")


# ----------------------------------------------------------------------- questions
def _ask_trick_winner(deal: Deal, params: dict) -> str:
    trick = deal.tricks[-1] if deal.tricks else None
    if trick is None or trick.winner is None:
        raise ValueError("the last trick is not complete after the scripted actions")
    return str(trick.winner)


def _ask_compare(figure: str):
    def ask(deal: Deal, params: dict) -> str:
        keys = []
        for side in ("a", "b"):
            cards = params.get(side)
            if not isinstance(cards, list):
                raise ValueError(f"params.{side} must list the represented cards")
            key = exact_key(figure, cards)
            if key is None:
                raise ValueError(f"params.{side} is not a {figure}")
            keys.append(key)
        return "a" if keys[0] > keys[1] else "b" if keys[1] > keys[0] else "equal"
    return ask


def _ask_deal_points(deal: Deal, params: dict) -> str:
    if deal.phase not in ("scored", "game_over"):
        raise ValueError("the deal is not scored after the scripted actions")
    return "-".join(str(p) for p in deal.deal_points)


def _ask_legal(deal: Deal, params: dict) -> str:
    action = Action.from_text(params["action"])
    return "yes" if deal.can(action) else "no"


def _ask_figure_winner(deal: Deal, params: dict) -> str:
    fig = deal.figs[params["figure"]]
    return "none" if fig.winner is None else str(fig.winner)


def _ask_signal(deal: Deal, params: dict) -> str:
    from .signals import SYSTEMS, system_of
    system = SYSTEMS[system_of(deal.rules) or "innsbruck"]
    if params.get("signal") not in system:
        raise ValueError(f"params.signal must be one of {', '.join(system)}")
    return params["signal"]


def _ask_hand_signal(deal: Deal, params: dict) -> str:
    from .signals import signals_for
    seat = params.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < deal.n:
        raise ValueError("params.seat must be a seat number")
    signals = signals_for(deal, seat)
    if not signals:
        raise ValueError("that seat has nothing to signal")
    return signals[0]


QUESTIONS: dict[str, tuple[str, Callable[[Deal, dict], str]]] = {
    "signal": ("what a partner's sign means (params.signal: a signal id; the site shows its gesture)", _ask_signal),
    "hand_signal": ("the first sign a truthful player in params.seat gives for its hand", _ask_hand_signal),
    "trick_winner": ("the seat that wins the last trick", _ask_trick_winner),
    "higher_gleich": ("which Gleich is higher: a, b or equal (params a, b: card lists)", _ask_compare("gleich")),
    "higher_hanger": ("which Hanger is higher: a, b or equal (params a, b: card lists)", _ask_compare("hanger")),
    "deal_points": ("each team's points in this deal, as '2-1'", _ask_deal_points),
    "is_legal": ("whether params.action is allowed now: yes or no", _ask_legal),
    "figure_winner": ("the team that won params.figure, or none", _ask_figure_winner),
}


# ----------------------------------------------------------------------- the format
STEP_FIELDS = {"id", "kind", "goal", "deal", "start", "before", "learner", "expect", "after", "hints",
               "solution", "explain", "mistakes", "success", "unwanted", "highlight", "show_all",
               "question", "ask", "params", "choices"}
LESSON_FIELDS = {"id", "title", "summary", "rules", "order", "teaches", "steps"}


@dataclass
class Step:
    id: str
    kind: str                         # "act" or "question"
    goal: dict[str, str]
    start: dict[str, Any]             # the deal record the step begins from (scripted actions included)
    learner: int
    after: list[str]
    hints: list[dict[str, str]]
    solution: Optional[str]
    explain: dict[str, str]
    success: dict[str, str]
    unwanted: dict[str, str]
    mistakes: list[dict[str, Any]]
    expect: dict[str, Any]
    highlight: list[str]
    show_all: bool
    question: dict[str, str] = field(default_factory=dict)
    choices: list[dict[str, Any]] = field(default_factory=list)
    answer: Optional[str] = None
    ask: Optional[str] = None         # a question step's engine question (the site draws signals from it)
    params: dict[str, Any] = field(default_factory=dict)

    def deal(self) -> Deal:
        return deal_from_record(self.start)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


@dataclass
class Lesson:
    id: str
    title: dict[str, str]
    summary: dict[str, str]
    rules: str
    order: int
    teaches: list[int]
    steps: list[Step]
    file: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "summary": self.summary, "rules": self.rules,
                "order": self.order, "teaches": self.teaches, "steps": [s.to_json() for s in self.steps]}


@dataclass(frozen=True)
class Verdict:
    kind: str          # correct | mistake | illegal | unwanted
    text: dict[str, str]
    events: tuple = ()

    @property
    def ok(self) -> bool:
        return self.kind == "correct"


def _text(value: Any, err: Callable[[str, str], LessonError], name: str, required: bool = True) -> dict[str, str]:
    if value is None and not required:
        return {}
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or "en" not in value or not all(
            isinstance(k, str) and k in LANGS and isinstance(v, str) and v.strip() for k, v in value.items()):
        raise err(name, "needs text per language: at least 'en', as a string or a table {en = \"...\"}")
    return dict(value)


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


def judge_action(step: Step, deal: Deal, action: Action) -> Verdict:
    """Judge a learner's action in an act step; `deal` is the step's position (not changed)."""
    for mistake in step.mistakes:
        if _same(action, mistake["action"]):
            return Verdict("mistake", mistake["text"])
    if not deal.can(action):
        try:
            deal.check(action)
        except PerlaggenError as exc:
            return Verdict("illegal", {"en": str(exc)})
    after = deal.copy_before(len(deal.actions))
    events = after.apply(action)
    for text in step.after:
        reply = Action.from_text(text)
        if not after.can(reply):  # the learner's move made the script moot: stop there
            break
        events += after.apply(reply)
    ctx = {"before": deal, "action": action, "after": after, "seat": step.learner}
    if _satisfies(step.expect, ctx):
        return Verdict("correct", step.success, tuple(events))
    return Verdict("unwanted", step.unwanted or {"en": "That is allowed, but it is not what this step asks: "
                                                       + step.goal["en"]})


def judge_answer(step: Step, value: str) -> Verdict:
    if value == step.answer:
        return Verdict("correct", step.success)
    for mistake in step.mistakes:
        if mistake.get("choice") == value:
            return Verdict("mistake", mistake["text"])
    return Verdict("mistake", step.unwanted or {"en": "Not quite. Look again at the cards on the table."})


def _same(action: Action, target: dict[str, Any]) -> bool:
    """Whether an action is the one a lesson names; an exchange may leave out the card taken."""
    mine = action.to_dict()
    if mine.get("act") == "exchange" and "take" not in target:
        mine.pop("take", None)
    return mine == target


def _satisfies(expect: dict[str, Any], ctx: Context) -> bool:
    action = ctx["action"]
    if "action" in expect:
        return _same(action, expect["action"])
    if "actions" in expect:
        return any(_same(action, a) for a in expect["actions"])
    return evaluate(expect["condition"], ctx)


def load_lesson(data: dict[str, Any], file: str) -> Lesson:
    """Validate a lesson's data completely; LessonError names file, step and field."""
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
    if not isinstance(teaches, list) or not all(isinstance(t, int) and 1 <= t <= 25 for t in teaches):
        raise lerr("teaches", "must list ruling numbers 1 to 25")
    lesson = Lesson(str(data["id"]), _text(data["title"], lerr, "title"),
                    _text(data.get("summary"), lerr, "summary", required=False), rules,
                    int(data.get("order", 0)), teaches, [], file)
    previous: Optional[dict[str, Any]] = None
    seen_ids: set[str] = set()
    for number, raw in enumerate(steps_raw, 1):
        step = _load_step(raw, number, file, rules, previous)
        if step.id in seen_ids:
            raise LessonError(file, step.id, "id", "two steps share this id")
        seen_ids.add(step.id)
        lesson.steps.append(step)
        previous = _end_record(step)
    return lesson


def _end_record(step: Step) -> dict[str, Any]:
    """Where a step ends: its solution (for act steps) and the scripted replies applied."""
    deal = step.deal()
    if step.kind == "act":
        deal.apply(Action.from_text(step.solution))
        for text in step.after:
            if deal.phase in ("scored", "game_over"):
                break
            deal.apply(Action.from_text(text))
    return deal.to_record()


def _load_step(raw: Any, number: int, file: str, rules: str, previous) -> Step:
    sid = str(raw.get("id", number)) if isinstance(raw, dict) else str(number)

    def err(name: str, reason: str) -> LessonError:
        return LessonError(file, sid, name, reason)

    if not isinstance(raw, dict):
        raise err("(step)", "each step is a table")
    for key in raw:
        if key not in STEP_FIELDS:
            raise err(key, f"unknown field (known: {', '.join(sorted(STEP_FIELDS))})")
    kind = raw.get("kind", "act")
    if kind not in ("act", "question"):
        raise err("kind", "is 'act' or 'question'")
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
    record["actions"] = list(record.get("actions", [])) + [_action(a, err, "before").to_dict() for a in before]
    try:
        deal = deal_from_record(record)
    except RecordError as exc:
        raise err("deal" + (f".{exc.field}" if exc.field else ""), str(exc)) from None
    except PerlaggenError as exc:
        index = getattr(exc, "index", None)
        raise err(f"actions[{index}]" if index is not None else "before", f"the engine refuses it: {exc}") from None
    learner = raw.get("learner", deal.to_act[0] if deal.to_act else 0)
    if not isinstance(learner, int) or not 0 <= learner < deal.n:
        raise err("learner", "must be a seat number")
    hints = raw.get("hints", [])
    if not isinstance(hints, list):
        raise err("hints", "must be a list of texts")
    step = Step(
        id=sid, kind=kind, goal=goal, start=record, learner=learner,
        after=[str(_action(a, err, "after")) for a in raw.get("after", [])],
        hints=[_text(h, err, f"hints[{i}]") for i, h in enumerate(hints)],
        solution=None, explain=_text(raw.get("explain"), err, "explain", required=False),
        success=_text(raw.get("success"), err, "success"),
        unwanted=_text(raw.get("unwanted"), err, "unwanted", required=False),
        mistakes=[], expect={}, highlight=list(raw.get("highlight", [])),
        show_all=bool(raw.get("show_all", False)))
    if kind == "question":
        _load_question(step, raw, deal, err)
    else:
        _load_act(step, raw, deal, err)
    return step


def _load_act(step: Step, raw: dict, deal: Deal, err) -> None:
    if not deal.to_act and deal.phase not in ("play", "show", "declare"):
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
        _check_expr(expect["condition"], err)
        step.expect = {"condition": expect["condition"]}
    if "solution" not in raw:
        raise err("solution", "every act step ships its solution")
    solution = _action(raw["solution"], err, "solution")
    if solution.seat != step.learner:
        raise err("solution", f"the solution is for seat {solution.seat}, but the learner is seat {step.learner}")
    step.solution = str(solution)
    mistakes = raw.get("mistakes", [])
    if not isinstance(mistakes, list):
        raise err("mistakes", "must be a list of [[steps.mistakes]] tables")
    for i, m in enumerate(mistakes):
        if not isinstance(m, dict) or set(m) - {"action", "text"} or "action" not in m:
            raise err(f"mistakes[{i}]", "needs 'action' and 'text' (and nothing else)")
        action = _action(m["action"], err, f"mistakes[{i}].action")
        step.mistakes.append({"action": action.to_dict(), "text": _text(m.get("text"), err, f"mistakes[{i}].text")})
    probe = Step(**{**step.__dict__, "mistakes": []})
    for i, m in enumerate(step.mistakes):
        wrong = Action.from_dict(m["action"])
        if deal.can(wrong) and _try(probe, deal, wrong, err, f"mistakes[{i}]").ok:
            raise err(f"mistakes[{i}].action", "this 'mistake' satisfies the step's expectation")
    verdict = _try(probe, deal, solution, err, "solution")
    if not verdict.ok:
        raise err("solution", f"does not satisfy the step's own expectation ({verdict.kind}: {verdict.text['en']})")


def _try(step: Step, deal: Deal, action: Action, err, name: str) -> Verdict:
    try:
        return judge_action(step, deal, action)
    except PerlaggenError as exc:
        raise err("after", f"a scripted reply is refused after the {name}: {exc}") from None


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


def load_file(path: Path) -> Lesson:
    import tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(path.name, None, "(syntax)", f"not valid TOML: {exc}") from None
    return load_lesson(data, path.name)


def load_dir(folder: Path) -> list[Lesson]:
    lessons = [load_file(p) for p in sorted(Path(folder).glob("*.toml"))]
    ids = [l.id for l in lessons]
    for lesson in lessons:
        if ids.count(lesson.id) > 1:
            raise LessonError(lesson.file, None, "id", f"another lesson file also uses id '{lesson.id}'")
    return sorted(lessons, key=lambda l: (l.order, l.id))


def compile_dir(folder: Path) -> str:
    """All lessons as one JSON document for the site."""
    return json.dumps({"lessons": [l.to_json() for l in load_dir(folder)]}, ensure_ascii=False)


def lesson_from_json(data: dict[str, Any]) -> Lesson:
    steps = [Step(**s) for s in data["steps"]]
    return Lesson(data["id"], data["title"], data["summary"], data["rules"], data["order"],
                  data["teaches"], steps)


def ruling_map(lessons: list[Lesson]) -> str:
    """docs/lesson-map.md: which lesson (and its steps) teaches each numbered ruling."""
    lines = ["# Rulings and the lessons that teach them", "",
             "Generated by `python3 -m perlaggen_core.lesson --map lessons`; a test keeps it current.", "",
             "| ruling | lesson | steps |", "| --- | --- | --- |"]
    for number in range(1, 26):
        for lesson in lessons:
            if number in lesson.teaches:
                steps = ", ".join(f"[{s.id}](../lessons/{lesson.file})" for s in lesson.steps if s.kind == "act")
                lines.append(f"| {number} | {lesson.order}. {lesson.title['en']} | {steps} |")
    return "\n".join(lines) + "\n"


def main(argv: Optional[list[str]] = None) -> int:
    """`python -m perlaggen_core.lesson [DIR]`: validate every lesson and list them."""
    import sys
    args = list(argv if argv is not None else sys.argv[1:])
    as_map = "--map" in args
    args = [a for a in args if a != "--map"]
    folder = Path((args or ["lessons"])[0])
    try:
        lessons = load_dir(folder)
    except LessonError as exc:
        print(f"lesson error: {exc}", file=sys.stderr)
        return 1
    if as_map:
        print(ruling_map(lessons), end="")
        return 0
    for lesson in lessons:
        acts = sum(1 for s in lesson.steps if s.kind == "act")
        print(f"{lesson.file}: {lesson.id} - {lesson.title['en']} ({acts} act steps, "
              f"{len(lesson.steps) - acts} questions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
