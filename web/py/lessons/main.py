"""PyScript entry point of the lesson player: the address (#/lesson/step), the lesson it names
(fetched alone, in the page's language: lessons.course), the DOM.

The controller is lessons.player.LessonPlayer (the engine judges every move), the HTML comes from
lessons/view.py and the shared common/tableview.py, and progress is kept (common.storage) after every change.
"""
from __future__ import annotations

import asyncio
import json
from html import escape

from pyodide.ffi import to_js
from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine…"))

from common.i18n import _  # noqa: E402  (after the catalog is chosen)
from common.shell import (Command, announce, by_id, control_selector, dispatch, hand_or_action, listen,  # noqa: E402
                          mark_ready, move_in_hand, open_picker, paced, page_storage, picker_choice)

from common.pagewords import card_names, rules_of  # noqa: E402

from lessons import view as lv  # noqa: E402
from common import tableview as tv  # noqa: E402
from lessons.course import Course, lesson_address  # noqa: E402
from lessons.parts import PageParts, page_parts  # noqa: E402
from lessons.player import LessonPlayer, parse_route, route, words_of  # noqa: E402
from perlaggen_core.lesson import plain  # noqa: E402
from lessons.progress import Progress  # noqa: E402
from common.storage import PROGRESS  # noqa: E402

REPLY_DELAY = 0.6     # seconds between the scripted replies, so a learner can follow them (none with ?speed=test)
NAMES = card_names()
STORAGE = page_storage()
# Controls that keep their focus across a re-render, by the attribute that names them.
FOCUS_KEYS = ("data-card", "data-choice", "data-action", "data-do")


def apply(parts: PageParts) -> None:
    """Draw `parts` (lessons.parts) into the page."""
    for node_id, html in parts.html.items():
        by_id(node_id).innerHTML = html
    for node_id, hidden in parts.hidden.items():
        by_id(node_id).hidden = hidden
    for node_id, (name, on) in parts.toggles.items():
        by_id(node_id).classList.toggle(name, on)
    for node_id, name in parts.class_names.items():
        by_id(node_id).className = name
    for key, value in parts.data.items():
        setattr(document.body.dataset, key, value)


class LessonPage:
    def __init__(self, course: Course, progress: Progress, root: str) -> None:
        self.course = course
        self.root = root
        self.progress = progress
        self.player: LessonPlayer | None = None
        self.busy = False
        self.actions: list[dict] = []
        self.options: list = []
        self.picker_card: str | None = None

    @property
    def playing(self) -> LessonPlayer:
        """The open lesson's player: what a lesson's controls act on (they exist only once one is open)."""
        if self.player is None:
            raise RuntimeError("no lesson is open")
        return self.player

    # ------------------------------------------------------------------ routing
    def on_route(self, event=None) -> None:
        asyncio.ensure_future(self.open_route(event))

    async def open_route(self, event=None) -> None:
        lesson_id, step_id = parse_route(window.location.hash)
        if not self.course.knows(lesson_id):
            self.no_lesson(lesson_id)
            return
        if self.player is None or self.player.lesson.id != lesson_id:
            lesson = self.course.lesson(lesson_id) or await self.fetch(lesson_id)
            if parse_route(window.location.hash)[0] != lesson_id:
                return      # the address moved on while the lesson downloaded
            self.player = LessonPlayer(lesson, self.progress, LANG)
        step = self.player.open(step_id)
        if step.id != step_id:   # "#/baptism" (or an unknown step) opens where the learner left off
            window.history.replaceState(None, "", route(lesson_id, step.id))
        lesson = self.player.lesson
        document.title = f"{words_of(lesson.title, LANG)} · Perlaggen"
        self.save()
        self.render()
        if event is not None:
            by_id("step-title").focus()

    async def fetch(self, lesson_id: str):
        response = await window.fetch(lesson_address(self.root, LANG, lesson_id))
        if not response.ok:
            raise RuntimeError(f"lesson {lesson_id}: HTTP {response.status}")
        return self.course.add(json.loads(await response.text()))

    def go(self, step_id: str) -> None:
        window.location.hash = route(self.playing.lesson.id, step_id)

    def number(self) -> int:
        """The lesson's place in the course, as the lessons page numbers it."""
        return self.course.number(self.playing.lesson.id)

    def gestrichen_taught(self) -> bool:
        """Whether this lesson or an earlier one teaches being gestrichen (the score sheet's line for it)."""
        return self.course.gestrichen_taught(self.playing.lesson.id)

    def next_lesson(self) -> tuple[str, str] | None:
        return self.course.next_lesson(self.playing.lesson.id, LANG)

    def no_lesson(self, lesson_id: str | None) -> None:
        text = _("There is no lesson “{id}”.", id=lesson_id) if lesson_id else _("Choose a lesson from the list.")
        by_id("step-body").innerHTML = (f'<p class="goal">{escape(text)}</p><p><a class="button" href="lessons.html">'
                                        f'{escape(_("Go to the lessons"))}</a></p>')

    def save(self) -> None:
        STORAGE.write(PROGRESS, self.progress.to_json())

    # ------------------------------------------------------------------ output
    def render(self) -> None:
        player = self.playing
        focus = self.focused()
        NAMES.update(card_names(rules_of(player.view())))   # a step's rule set names its cards
        self.actions = [] if self.busy else player.buttons()
        apply(page_parts(player, NAMES, self.actions, number=self.number(), next_lesson=self.next_lesson(),
                         gestrichen=self.gestrichen_taught(), busy=self.busy))
        self.refocus(focus)

    def focused(self) -> str | None:
        """A selector for the control in focus, to find it again after the HTML is replaced."""
        element = document.activeElement
        if not element or not element.closest or not element.closest("#main"):
            return None
        return control_selector(element, FOCUS_KEYS)

    def refocus(self, selector: str | None) -> None:
        if selector is None:
            return
        # A choice already tried is disabled: the next choice still open takes the focus instead.
        node = document.querySelector(f"#main {selector}:not([disabled])") \
            or document.querySelector("#step-buttons .primary") \
            or document.querySelector("#main [data-choice]:not([disabled])") \
            or document.querySelector("#step-buttons button") or by_id("step-title")
        if node:
            node.focus()

    # ------------------------------------------------------------------ input
    def on_click(self, event) -> None:
        option = picker_choice(event, self.options)
        if option:
            self.picked(option)
            return
        if self.player is None or self.busy:
            return
        player = self.player
        if hand_or_action(event, self.choose_card, self.act, self.actions):
            return
        dispatch(event, {"data-choice": lambda choice: self.answered(player.answer(choice)), "data-do": self.commands()})

    def commands(self) -> dict[str, Command]:
        """The step's commands (data-do), by name; "next" gets the step to go to."""
        player = self.playing
        return {"hint": lambda _arg: self.hint(),
                "show-me": lambda _arg: self.after_move(player.show_me(), player.step.kind == "act"),
                "show-selected": lambda _arg: self.show_selected(), "next": self.go}

    def hint(self) -> None:
        hints = self.playing.hint()
        self.render()
        announce(_("Hint: {hint}", hint=plain(hints[-1])) if hints else "")

    def show_selected(self) -> None:
        data = self.playing.selected_show()
        if data:
            self.act(data)

    def on_keydown(self, event) -> None:
        move_in_hand(event)

    def on_focus(self, event) -> None:
        card = event.target.closest("#hand [data-card]") if event.target.closest else None
        if card:
            announce(NAMES[card.getAttribute("data-card")])

    def choose_card(self, card: str) -> None:
        player = self.playing
        if not player.can_act():
            return
        if player.show_mode():
            if card in player.state.selection or not player.needs_picker(card):
                player.toggle(card)
                self.render()
                return
        elif not player.needs_picker(card):
            self.act({"act": "play", "card": card})
            return
        self.open_picker(card)

    def open_picker(self, card: str) -> None:
        player = self.playing
        self.picker_card = card
        self.options = player.picker_options(card)
        plain = _("Show it as itself, without Perlagg power") if player.show_mode() else None
        open_picker(tv.picker_html(card, self.options, player.view(), NAMES, plain))

    def picked(self, option) -> None:
        card, baptism = self.picker_card, option.action.baptism
        if card is None:
            return
        if self.playing.show_mode():
            self.playing.toggle(card, baptism, choose=True)
            self.render()
            return
        self.act({"act": "play", "card": card, **({"as": baptism} if baptism else {})})

    def act(self, data: dict) -> None:
        player = self.playing
        phase = player.view()["phase"]
        feedback = player.try_action(data)
        good = feedback is not None and feedback.good
        if good and player.last_action is not None:
            announce(tv.move_text(player.view(), player.seat, player.last_action, player.last_events, phase))
        self.after_move(feedback, good)

    def answered(self, feedback) -> None:
        self.after_move(feedback, False)

    def after_move(self, feedback, played: bool) -> None:
        self.save()
        self.render()
        announce(lv.feedback_speech(self.playing))
        # On a phone the step panel sits between the table and the hand: bring the feedback into sight.
        by_id("feedback").scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))
        if played and self.playing.state.pending:
            asyncio.ensure_future(self.run_replies(self.playing.state))
        self.focus_next()

    def focus_next(self) -> None:
        """After a step is done, the Next button (or the lesson's end) takes the focus."""
        if self.playing.state.finished and not self.busy:
            node = document.querySelector("#step-buttons .primary, #step-buttons a.button")
            if node:
                node.focus()

    async def run_replies(self, state) -> None:
        """The step's scripted replies, one at a time, each announced."""
        self.busy = True
        self.render()
        try:
            while state is self.playing.state and state.pending:
                await asyncio.sleep(paced(REPLY_DELAY))
                if state is not self.playing.state:
                    break
                phase = self.playing.view()["phase"]
                reply = self.playing.play_reply()
                if reply is None:
                    break
                action, events = reply
                announce(tv.move_text(self.playing.view(), action.seat, action, events, phase))
                self.render()
        finally:
            self.busy = False
            self.render()
            self.focus_next()


async def main() -> None:
    root = document.querySelector('meta[name="perlaggen-root"]').content   # shared by every language
    course = Course(json.loads(by_id("lesson-index").textContent))
    page = LessonPage(course, Progress.from_json(STORAGE.read(PROGRESS)), root)
    main_area = by_id("main")
    for kind, handler in (("click", page.on_click), ("keydown", page.on_keydown), ("focusin", page.on_focus)):
        listen(main_area, kind, handler)
    listen(window, "hashchange", page.on_route)
    await page.open_route()
    mark_ready()
    if page.player is None:
        document.body.dataset.busy = "false"


asyncio.ensure_future(main())
