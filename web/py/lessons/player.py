"""The lesson player's controller: one lesson, one step at a time, every move judged by the engine.

No DOM here (it runs under CPython in the tests as in the browser). The step's position is its
own start record (scripted `before` moves included) or, for a step that continues the previous one,
where the learner's own move left that step (`start_record`). The learner's move goes to
`perlaggen_core.lesson.judge_action`, an answer to `judge_answer`; a wrong one changes nothing and
the step stays open; after a right move the step's scripted `after` replies are played one at a
time (`play_reply`) so the page can show each. The learner is always `step.learner`, whoever is
to act: the table is drawn from that seat. Only the moves the step's controls offer are offered.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from perlaggen_core import Action, Deal, PerlaggenError
from perlaggen_core.lesson import (Lesson, Step, Verdict, begin, finish, judge_action, judge_answer,
                                   lesson_from_json, plain)
from perlaggen_core.outcome import PlayPreview

from common.i18n import _
from lessons.progress import Progress
from common.pagewords import say


def text_of(texts: dict | None, lang: str) -> str:
    """A lesson text in the learner's language, English when it has no translation yet, as compiled:
    with its glossary links (`[[words|id]]`, drawn by lessons.view.rich; `plain` gives the words)."""
    texts = texts or {}
    return texts.get(lang) or texts.get("en", "")


def words_of(texts: dict | None, lang: str) -> str:
    """A lesson text's words alone (titles, choices, what is spoken)."""
    return plain(text_of(texts, lang))


def route(lesson_id: str, step_id: str | None = None) -> str:
    return f"#/{lesson_id}" + (f"/{step_id}" if step_id else "")


def parse_route(fragment: str) -> tuple[str | None, str | None]:
    """`#/baptism/name-it` -> ("baptism", "name-it"); `#/baptism` -> ("baptism", None)."""
    parts = [p for p in (fragment or "").lstrip("#").split("/") if p]
    return (parts[0] if parts else None), (parts[1] if len(parts) > 1 else None)


def lessons_from_json(data: dict) -> list[Lesson]:
    return sorted((lesson_from_json(raw) for raw in data.get("lessons", [])), key=lambda l: (l.order, l.id))


@dataclass
class Feedback:
    kind: str            # correct | shown | mistake | illegal | unwanted | wrong-answer
    text: str

    @property
    def good(self) -> bool:
        return self.kind in ("correct", "shown")


@dataclass
class StepState:
    """What happens within one visit to a step; opening the step again starts afresh."""

    step: Step
    deal: Deal                           # the engine's Deal, in the current position
    hints: int = 0                       # hints revealed
    wrong: int = 0                       # wrong tries so far
    outcome: str | None = None           # None, "correct", "shown" (by "show me") or "read" (a page to read)
    chosen: str | None = None            # a question's right answer, once given
    tried: list[str] = field(default_factory=list)     # a question's wrong answers so far
    feedback: Feedback | None = None
    pending: list[str] = field(default_factory=list)   # scripted replies still to play
    selection: dict[str, str | None] = field(default_factory=dict)   # cards chosen for a show

    @property
    def finished(self) -> bool:
        return self.outcome is not None


class LessonPlayer:
    def __init__(self, lesson: Lesson, progress: Progress, lang: str = "en") -> None:
        self.lesson = lesson
        self.progress = progress
        self.lang = lang
        self.step_ids = [s.id for s in lesson.steps]
        self.state: StepState                 # set by open() below, never None after
        self.last_events: list = []           # what the learner's (or the shown) move did (engine events)
        self.last_action: Action | None = None
        self.starts: dict[str, dict] = {}     # the steps' starting records as the learner's moves left them
        self.open(progress.resume(lesson.id, self.step_ids))

    # ------------------------------------------------------------------ steps
    @property
    def step(self) -> Step:
        return self.state.step

    @property
    def index(self) -> int:
        return self.step_ids.index(self.step.id)

    def open(self, step_id: str | None) -> Step:
        """Start a step from its own position (an unknown id opens where the learner left off)."""
        if step_id not in self.step_ids:
            step_id = self.progress.resume(self.lesson.id, self.step_ids)
        step = self.lesson.steps[self.step_ids.index(step_id)]
        self.state = StepState(step, Deal.from_record(self.start_record(step)))
        self.progress.visit(self.lesson.id, step.id)
        if step.kind == "read":   # nothing to answer: read, then go on
            self.state.outcome = "read"
            self.progress.solved(self.lesson.id, step.id, True)
        return step

    def start_record(self, step: Step) -> dict:
        """Where a step starts: for one that continues the previous step, where the learner's own
        move (or the solution, if none is kept) left that one; the lesson checks every such way in."""
        if step.id in self.starts:
            return self.starts[step.id]
        record = step.start
        index = self.step_ids.index(step.id)
        if step.continues and index > 0:
            previous = self.lesson.steps[index - 1]
            before = self.start_record(previous)
            try:
                record = begin(step, finish(previous, before, self.own_move(previous, before)))
            except PerlaggenError:   # a kept move from an older version of the lesson
                record = step.start
        self.starts[step.id] = record
        return record

    def own_move(self, step: Step, start: dict) -> Action | None:
        """The learner's kept move in an act step if it still solves it there, else the solution."""
        if step.kind != "act":
            return None
        kept = self.progress.move(self.lesson.id, step.id)
        if kept:
            try:
                action = Action.from_text(kept)
                if judge_action(step, Deal.from_record(start), action).ok:
                    return action
            except PerlaggenError:
                pass
        return step.solution_action()

    def neighbour(self, offset: int) -> str | None:
        j = self.index + offset
        return self.step_ids[j] if 0 <= j < len(self.step_ids) else None

    def next_step(self) -> str | None:
        """Where "Next" leads: the following step, or (at the end) the first one still to do."""
        following = self.neighbour(1)
        if following is not None:
            return following
        return self.progress.next_undone(self.lesson.id, self.step_ids, self.step.id)

    def complete(self) -> bool:
        return self.progress.summary(self.lesson.id, self.step_ids).complete

    # ------------------------------------------------------------------ what the learner may do
    @property
    def seat(self) -> int:
        return self.step.learner

    def can_act(self) -> bool:
        return self.step.kind == "act" and not self.state.finished and not self.state.pending

    def legal(self) -> list[Action]:
        """The learner's legal moves that the step's controls offer (no blind bet where none is taught)."""
        if not self.can_act():
            return []
        return [a for a in self.state.deal.legal_actions(self.seat) if self.step.offers(a)]

    def show_mode(self) -> bool:
        """In the show the hand's cards are chosen first and laid down together."""
        return any(a.act == "show" for a in self.legal())

    def buttons(self) -> list[dict]:
        """The learner's legal moves other than cards (bets, answers, exchange, done, declare) as dicts."""
        skip = ("play", "show") if self.show_mode() else ("play",)
        return [a.to_dict() for a in self.legal() if a.act not in skip]

    def view(self) -> dict:
        """The learner's view of the step's position (every hand, in an open-hand step)."""
        return self.state.deal.view(self.seat, reveal=self.step.show_all)

    def needs_picker(self, card: str) -> bool:
        if self.show_mode():
            return any(a.baptisms for a in self.legal() if a.act == "show" and a.cards == (card,))
        return any(a.baptism for a in self.legal() if a.act == "play" and a.card == card)

    def picker_options(self, card: str) -> list[PlayPreview]:
        """The engine's legal baptisms of `card` (to play it, previewed; or in the show to reveal it).
        The previews (wins the trick, the figure it makes) would give the answer away: they come
        with the first hint, like the step's card highlights."""
        if not self.show_mode():
            moves = [a for a in self.legal() if a.act == "play" and a.card == card]
            if self.state.hints == 0:
                return [PlayPreview(a, None, None, None) for a in moves]
            return [self.state.deal.preview(a) for a in moves]
        # For the show, each option carries the baptism as `action.baptism`, as the picker reads it.
        return [PlayPreview(Action(self.seat, "play", card, dict(a.baptisms).get(card)), None, None, None)
                for a in self.legal() if a.act == "show" and a.cards == (card,)]

    def toggle(self, card: str, baptism: str | None = None, choose: bool = False) -> bool:
        """Add a card to the show being put together (or take it out); returns whether it is chosen."""
        selection = self.state.selection
        if card in selection and not choose:
            del selection[card]
            return False
        selection[card] = baptism
        return True

    def selected_show(self) -> dict | None:
        selection = self.state.selection
        if not selection:
            return None
        hand = self.view()["hand"]
        cards = sorted(selection, key=lambda c: hand.index(c) if c in hand else len(hand))
        return {"act": "show", "cards": cards, "as": {c: b for c, b in selection.items() if b}}

    # ------------------------------------------------------------------ judging
    def try_action(self, data: dict) -> Feedback | None:
        """Judge a move; a wrong one changes nothing, a right one is played with the replies to follow."""
        if not self.can_act():
            return self.state.feedback
        try:
            action = canonical(self.step, Action.from_dict({**data, "seat": self.seat}))
        except PerlaggenError as exc:
            return self._wrong(Feedback("illegal", say(exc.detail, self.view())))
        verdict = judge_action(self.step, self.state.deal, action)
        if verdict.kind == "mistake":
            return self._wrong(Feedback("mistake", self.verdict_text(verdict)))
        if verdict.kind == "illegal":
            said = say(verdict.message, self.view()) if verdict.message else ""
            return self._wrong(Feedback("illegal", said))   # titled "Not allowed"
        if verdict.kind == "unwanted":
            text = _("That is allowed, but it is not what this step asks. {goal}", goal=words_of(self.step.goal, self.lang))
            return self._wrong(Feedback("unwanted", text))
        self._play(action, "correct")
        self.progress.moved(self.lesson.id, self.step.id, str(action))
        self.forget_starts()
        return self._finish(Feedback("correct", text_of(verdict.text, self.lang)), self.state.wrong == 0)

    def answer(self, value: str) -> Feedback | None:
        """A question's answer: a wrong one gets its own explanation and the question stays open
        (that choice is marked); the right one finishes the step."""
        if self.step.kind != "question" or self.state.finished or value in self.state.tried:
            return self.state.feedback
        verdict = judge_answer(self.step, value)
        if verdict.ok:
            self.state.chosen = value
            self.state.outcome = "correct"
            return self._finish(Feedback("correct", self.verdict_text(verdict)), self.state.wrong == 0)
        self.state.tried.append(value)
        return self._wrong(Feedback("wrong-answer", self.verdict_text(verdict)))

    def verdict_text(self, verdict: Verdict) -> str:
        """The lesson's own words for a verdict, or the engine's when the lesson has none."""
        return text_of(verdict.text, self.lang) or (say(verdict.message, self.view()) if verdict.message else "")

    def show_me(self) -> Feedback | None:
        """Play the solution (or reveal the answer) with the step's explanation; not a first-try solve."""
        if self.state.finished:
            return self.state.feedback
        success = self.step.success
        if self.step.kind == "act":
            solution = self.step.solution_action()
            success = judge_action(self.step, self.state.deal, solution).text or success
            self._play(solution, "shown")
            self.progress.moved(self.lesson.id, self.step.id, None)
            self.forget_starts()
        else:
            self.state.outcome = "shown"
            self.state.chosen = self.step.answer
        text = text_of(self.step.explain, self.lang) or text_of(success, self.lang)
        return self._finish(Feedback("shown", text), False)

    def hint(self) -> list[str]:
        """Reveal one more hint; returns every hint revealed so far."""
        if self.state.hints < len(self.step.hints):
            self.state.hints += 1
        return self.hints()

    def hints(self) -> list[str]:
        return [text_of(h, self.lang) for h in self.step.hints[:self.state.hints]]

    def may_show_me(self) -> bool:
        """"Show me" comes once the hints have run out (taken one by one) or after the second wrong try."""
        if self.state.finished:
            return False
        return self.state.wrong >= 2 or bool(self.step.hints) and self.state.hints >= len(self.step.hints)

    def forget_starts(self) -> None:
        """The steps after this one start from the learner's new move."""
        index = self.index
        for step_id in self.step_ids[index + 1:]:
            self.starts.pop(step_id, None)

    def answer_text(self) -> str:
        for choice in self.step.choices:
            if choice["value"] == self.step.answer:
                return words_of(choice["text"], self.lang)
        return self.step.answer or ""

    # ------------------------------------------------------------------ playing
    def _wrong(self, feedback: Feedback) -> Feedback:
        self.state.wrong += 1
        self.state.feedback = feedback
        self.progress.failed(self.lesson.id, self.step.id)
        return feedback

    def _finish(self, feedback: Feedback, first_try: bool) -> Feedback:
        self.state.feedback = feedback
        self.progress.solved(self.lesson.id, self.step.id, first_try)
        return feedback

    def _play(self, action: Action, outcome: str) -> list:
        self.state.outcome = outcome
        self.state.selection.clear()
        self.last_action = action
        self.last_events = self.state.deal.apply(self.state.deal.complete(action))
        self.state.pending = list(self.step.after)
        return self.last_events

    def play_reply(self) -> tuple[Action, list] | None:
        """The next scripted reply, applied; None when the script is over or the move made it moot."""
        deal = self.state.deal
        while self.state.pending:
            action = Action.from_text(self.state.pending.pop(0))
            if deal.phase.over or not deal.can(action):
                self.state.pending.clear()
                return None
            return action, deal.apply(action)
        return None


def canonical(step: Step, action: Action) -> Action:
    """A show or declaration in the card order the lesson wrote it (the order carries no meaning)."""
    if action.act not in ("show", "declare"):
        return action
    written = [step.solution] + [m.get("action") for m in step.mistakes] + list(step.expect.get("actions", []))
    if "action" in step.expect:
        written.append(step.expect["action"])
    for item in written:
        if not item:
            continue
        try:
            known = Action.from_text(item) if isinstance(item, str) else Action.from_dict(item)
        except PerlaggenError:
            continue
        if (known.act, known.figure, known.baptisms, set(known.cards)) == \
                (action.act, action.figure, action.baptisms, set(action.cards)) and known.cards != action.cards:
            return replace(action, cards=known.cards)  # type: ignore[type-var]  # every kind of Action is a dataclass, the base is not
    return action


__all__ = ["Feedback", "LessonPlayer", "StepState", "canonical", "lessons_from_json", "parse_route", "route",
           "text_of", "words_of"]
