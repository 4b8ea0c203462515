"""The lesson format's data: lessons, steps, verdicts, and the errors that name file, step and field."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

from ..actions import Action
from ..deal import Deal
from ..messages import Message

LANGS = ("en", "de")                  # the languages a lesson text may be written in (English is the source)
# The languages every learner-facing text must have: loading fails, naming file, step and field, on
# a text without one.
REQUIRED = ("en", "de")
LANGUAGE_NAMES = {"en": "English", "de": "German"}   # for the author's error messages
RULINGS = 32   # the numbered rulings of shared/RULINGS.md a lesson may say it teaches


class LessonError(ValueError):
    """A lesson file that is malformed or does not work with the engine; names file, step, field.

    Lesson files are written by people, so the reason is a sentence for the author (English)."""

    def __init__(self, file: str, step: Optional[str], field_name: str, reason: str) -> None:
        where = file + (f", step {step}" if step else "") + f", field '{field_name}'"
        super().__init__(f"{where}: {reason}")
        self.file, self.step, self.field, self.reason = file, step, field_name, reason


STEP_FIELDS = {"id", "kind", "goal", "deal", "start", "before", "learner", "expect", "after", "hints",
               "solution", "explain", "mistakes", "success", "successes", "highlight", "show_all", "hide_perlaggen",
               "controls", "question", "ask", "params", "choices", "show", "teaches", "relies"}
KINDS = ("act", "question", "read")   # a move, a prediction, or a page to read (nothing asked)
SHOWS = ("signs",)                     # what a step may show beside its text: the rule set's table of signs
LESSON_FIELDS = {"id", "title", "summary", "rules", "order", "teaches", "learner", "controls", "sandbox", "steps"}

# The learner's controls a lesson may offer: the moves by kind, and two refinements of them
# ("baptise": naming a Perlagg when playing or showing it; "blind": a blind bet, offered only in a
# step whose deal begins before the cut, `before_cut`, while the cards lie face down).
CONTROLS = ("play", "baptise", "exchange", "bet", "blind", "hold", "raise", "good", "show", "done", "declare", "cut")
DEFAULT_CONTROLS = tuple(c for c in CONTROLS if c != "blind")


@dataclass
class Step:
    id: str
    kind: str                         # "act", "question" or "read"
    goal: dict[str, str]
    start: dict[str, Any]             # the deal record the step begins from (scripted actions included)
    learner: int
    after: list[str]
    hints: list[dict[str, str]]
    solution: Optional[str]
    explain: dict[str, str]
    success: dict[str, str]
    mistakes: list[dict[str, Any]]    # {"action": ...} or {"condition": ...}, each with its "text"
    expect: dict[str, Any]
    highlight: list[str]
    show_all: bool
    question: dict[str, str] = field(default_factory=dict)
    choices: list[dict[str, Any]] = field(default_factory=list)
    answer: Optional[str] = None
    ask: Optional[str] = None         # a question step's engine question (the site draws signals from it)
    params: dict[str, Any] = field(default_factory=dict)
    controls: list[str] = field(default_factory=lambda: list(DEFAULT_CONTROLS))
    before: list[str] = field(default_factory=list)   # the step's own scripted moves (already in `start`)
    continues: bool = False           # start = "previous": it begins where the previous step ended
    hide_perlaggen: bool = False      # no Perlagg marked on the table before the first hint (the step asks which)
    successes: list[dict[str, Any]] = field(default_factory=list)   # success texts for some accepted moves
    show: Optional[str] = None        # an illustration beside the text (SHOWS: "signs", the table of signs)
    teaches: list[str] = field(default_factory=list)   # what the step explains before it asks (rulings, "signs")
    relies: list[str] = field(default_factory=list)    # what its answer needs, beyond what its `ask` implies

    def deal(self) -> Deal:
        return Deal.from_record(self.start)

    def solution_action(self) -> Action:
        """An act step's solution as a move (the loader makes every act step ship one)."""
        assert self.solution is not None
        return Action.from_text(self.solution)

    def offers(self, action: Action) -> bool:
        """Whether the step's controls let the learner make this move at all."""
        controls = self.controls
        if ("exchange" if action.act == "keep" else action.act) not in controls:   # keeping is the exchange's choice too
            return False
        if action.baptism or action.baptisms:
            return "baptise" in controls
        if action.blind:   # made before the cut: never in a deal that begins after it
            return "blind" in controls and bool(self.start.get("before_cut"))
        return True

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
    learner: int = 0                  # the learner's seat (a step may give another seat of the same team)
    controls: list[str] = field(default_factory=lambda: list(DEFAULT_CONTROLS))
    sandbox: bool = False             # its end sends the learner to the sandbox too (a whole deal was played)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "summary": self.summary, "rules": self.rules,
                "order": self.order, "teaches": self.teaches, "learner": self.learner, "controls": self.controls,
                "sandbox": self.sandbox, "steps": [s.to_json() for s in self.steps]}


def learner_texts(lesson: Lesson) -> Iterator[tuple[Optional[str], str, dict[str, str]]]:
    """Every text a learner reads, as (step id or None, field, {language: text}), in the file's order."""
    yield None, "title", lesson.title
    if lesson.summary:
        yield None, "summary", lesson.summary
    for step in lesson.steps:
        for name in ("goal", "question"):
            if getattr(step, name):
                yield step.id, name, getattr(step, name)
        for i, choice in enumerate(step.choices):
            yield step.id, f"choices[{i}].text", choice["text"]
        for i, hint in enumerate(step.hints):
            yield step.id, f"hints[{i}]", hint
        for name in ("explain", "success"):
            if getattr(step, name):
                yield step.id, name, getattr(step, name)
        for i, variant in enumerate(step.successes):
            yield step.id, f"successes[{i}].text", variant["text"]
        for i, mistake in enumerate(step.mistakes):
            yield step.id, f"mistakes[{i}].text", mistake["text"]


@dataclass(frozen=True)
class Verdict:
    """How a learner's move or answer was judged: `text` is the lesson's own words (per language),
    `message` the engine's (a refusal, or a general remark when the lesson has no words for it)."""

    kind: str          # correct | mistake | illegal | unwanted
    text: dict[str, str]
    message: Optional[Message] = None
    events: tuple = ()

    @property
    def ok(self) -> bool:
        return self.kind == "correct"
