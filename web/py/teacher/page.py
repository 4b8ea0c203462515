"""The teacher page: the list, the presenter, and the way to the editor (started by teacher/main.py).

The address says what shows: nothing (the list), `#id=<built-in>`, `#mine=<saved>`, `#s=<link>`
(a whole scenario: perlaggen_core.scenario.link), each with `&step=N`, or `#edit`. Positions come
from `teacher.presenter.Presenter`, HTML from `teacher.view` and `teacher.handout`; the editor lives in
`editor.page` and is imported only when it is opened.
"""
from __future__ import annotations

import asyncio
import json
from html import escape
from typing import TYPE_CHECKING, Callable

from pyscript import document, window

from common.i18n import _
from common.shell import Command, announce, by_id, command, dispatch, download, listen, mark_ready, page_storage, show_message
from common.puzzlefetch import Unavailable, fetch_json
from common.storage import HANDOFF, TEACHER
from perlaggen_core.puzzles import PuzzleError, puzzle_file
from perlaggen_core.scenario import ScenarioError, from_link, load_scenario, text_of

from common import tableview as tv
from teacher import review as trv
from teacher import view as tview
from teacher.handout import handout_html

if TYPE_CHECKING:      # imported when the editor is first opened (the page loads without it)
    from editor.page import EditorPage
from teacher.presenter import Presenter
from teacher.puzzle import puzzle_scenario
from teacher.screen import fit_note, focused_control, scroll_to_current, typing
from teacher.store import Store
from common.pagewords import card_names, rules_of, say

LANG = "en"
NAMES = card_names()
STEP_KEYS = {"ArrowRight": "forward", "PageDown": "forward", " ": "forward", "ArrowLeft": "back", "PageUp": "back",
             "Home": "first", "End": "last", "ArrowDown": "next-trick", "ArrowUp": "prev-trick"}


def fragment_params(fragment: str) -> dict[str, str]:
    """`id=x&step=3` as a dict (a scenario link's data holds no & or =)."""
    out = {}
    for part in fragment.lstrip("#").split("&"):
        key, _sep, value = part.partition("=")
        if key:
            out[key] = value
    return out


class TeacherPage:
    def __init__(self, builtins: list[dict], store: Store, root: str = "./") -> None:
        self.root = root
        self.builtins = {doc["id"]: doc for doc in builtins}
        self.store = store
        self.storage = page_storage(lambda text, code: self.message(text, "refusal", code=code))   # the saved scenarios, the hand-over
        self.presenter: Presenter | None = None
        self.source: tuple[str, str] = ("", "")     # ("id" | "mine" | "s" | "puzzle", its value)
        self.puzzles: dict[str, object] = {}             # puzzle id -> its file (None: not to be had)
        self.editor: EditorPage | None = None
        self.review: trv.ScenarioReview | None = None    # the review shown (or being worked)
        self.review_seat = 0                             # the seat chosen for it

    # ------------------------------------------------------------------ routing
    @property
    def showing(self) -> Presenter:
        """The scenario being presented: what the presenting controls act on (shown only with one)."""
        if self.presenter is None:
            raise RuntimeError("no scenario is being presented")
        return self.presenter

    def on_route(self, event=None) -> None:
        params = fragment_params(window.location.hash)
        self.message("")
        if "edit" in params:
            self.open_editor(params)
            return
        kind = next((k for k in ("id", "mine", "s", "puzzle") if k in params), None)
        if kind is None:
            self.show_list()
            return
        if kind == "puzzle" and params[kind] not in self.puzzles:
            asyncio.ensure_future(self.fetch_puzzle(params[kind]))    # then this route again
            return
        try:
            scenario = self.load(kind, params[kind])
        except ScenarioError as exc:
            self.show_list()
            text, detail = tview.problem_words(exc)
            self.message(_("This scenario could not be opened. {reason}", reason=text), "refusal", detail, exc.code)
            return
        if scenario is None:
            self.show_list()
            if kind == "puzzle":
                self.message(_("There is no puzzle “{name}”.", name=params[kind]), "refusal",
                             code="teacher.puzzle_not_found")
            else:
                self.message(_("There is no scenario “{name}” in this browser.", name=params[kind]), "refusal",
                             code="teacher.not_found")
            return
        if self.presenter is None or self.source != (kind, params[kind]):
            self.presenter = Presenter(scenario)
            self.source = (kind, params[kind])
            self.review, self.review_seat = None, trv.default_seat(self.presenter)
        try:
            self.presenter.go(int(params.get("step", "0") or 0))
        except ValueError:
            self.presenter.go(0)
        self.show_presenter(focus=event is not None)

    def load(self, kind: str, value: str):
        if kind == "s":
            return from_link(value)
        if kind == "puzzle":
            return puzzle_scenario(self.puzzles.get(value), value)
        doc = self.builtins.get(value) if kind == "id" else self.store.get(value)
        return None if doc is None else load_scenario(doc)

    async def fetch_puzzle(self, puzzle_id: str) -> None:
        """That puzzle's own file (the service worker keeps it offline), then the route; None when it
        cannot be had (no such puzzle, offline without it, a broken download)."""
        document.body.dataset.busy = "true"
        try:
            self.puzzles[puzzle_id] = await fetch_json(f"{self.root}puzzles/{puzzle_file(puzzle_id)}")
        except (Unavailable, PuzzleError):
            self.puzzles[puzzle_id] = None
        finally:
            document.body.dataset.busy = "false"
        self.on_route()

    def set_mode(self, mode: str) -> None:
        document.body.dataset.mode = mode
        by_id("chooser").hidden = mode != "list"
        by_id("presenter").hidden = mode != "present"
        by_id("editor").hidden = mode != "edit"
        if mode != "present":
            document.body.classList.remove("projector")

    def show_list(self) -> None:
        self.presenter = None
        self.review = None
        self.set_mode("list")
        document.title = f'{_("Teacher")} · Perlaggen'
        by_id("mine-list").innerHTML = tview.mine_html(self.store, LANG)
        by_id("handout").innerHTML = ""

    def show_presenter(self, focus: bool = False) -> None:
        self.set_mode("present")
        p = self.showing
        title = text_of(p.scenario.title, LANG)
        document.title = f"{title} · Perlaggen"
        by_id("scenario-title").textContent = title
        other = tview.fallback_lang(p.scenario.title, LANG)     # a built-in title not yet translated
        for node in (by_id("scenario-title"), by_id("t-side-title")):
            if other:
                node.setAttribute("lang", other)
            else:
                node.removeAttribute("lang")
        by_id("t-side-title").textContent = title     # the projector view's title, beside the table
        by_id("t-tools").innerHTML = tview.tools_html(p) + '<div id="t-review-tool"></div>'
        self.render_review_tool()
        by_id("t-share").hidden = True
        NAMES.update(card_names(rules_of(p.view())))   # the scenario's rule set names its cards
        by_id("handout").innerHTML = handout_html(p, NAMES, LANG)
        self.render()
        if focus:
            by_id("scenario-title").focus()

    def open_editor(self, params: dict) -> None:
        self.set_mode("edit")
        by_id("handout").innerHTML = ""
        if self.editor is None:
            asyncio.ensure_future(self.load_editor(params))
            return
        self.editor.open(params)

    async def load_editor(self, params: dict) -> None:
        """The editor's modules (py/editor.zip) are fetched the first time it is opened."""
        document.body.dataset.busy = "true"
        by_id("editor").innerHTML = f'<p class="loading">{escape(_("Loading the editor…"))}</p>'
        try:
            from teacher.main import unpack
            await unpack(self.root + "py/editor.zip")
            from editor import page as editor_page
        except Exception:   # noqa: BLE001 (offline without the precache, or a broken download)
            by_id("editor").innerHTML = f'<p class="message refusal">{escape(_("The editor could not be loaded. Check the connection, then reload the page."))}</p>'
            document.body.dataset.busy = "false"
            return
        self.editor = editor_page.EditorPage(self, NAMES, LANG)
        document.body.dataset.busy = "false"
        self.editor.open(params)

    # ------------------------------------------------------------------ output
    def message(self, text: str, kind: str = "info", detail: str = "", code: str = "") -> None:
        """A line above the page; `detail` (a scenario's field path) after it, small; `code` the
        problem's code (data-code, for the tests)."""
        show_message(text, kind, "teacher-message", code)
        node = by_id("teacher-message")
        if detail:
            small = document.createElement("small")
            small.className = "detail"
            small.dataset.field = detail
            small.textContent = f" ({detail})"
            node.append(small)

    def render(self) -> None:
        p = self.showing
        focus = focused_control()
        view = p.view()
        NAMES.update(card_names(rules_of(view)))
        by_id("t-table").innerHTML = tview.table_html(view, NAMES)
        by_id("t-note").innerHTML = tview.note_html(p, view, LANG, NAMES)
        by_id("t-figures").innerHTML = tv.figures_html(view)
        by_id("t-scores").innerHTML = tview.scores_html(view)
        by_id("t-controls").innerHTML = tview.controls_html(p)
        by_id("t-timeline").innerHTML = tview.timeline_html(p, view, self.review.result if self.review else None)
        panel = by_id("t-review")
        panel.innerHTML = trv.panel_html(p, self.review, view)
        panel.hidden = self.review is None
        refusal = p.play_on_refusal()
        button = document.querySelector('[data-do="play-on"]')
        if button:
            button.disabled = refusal is not None
            by_id("play-on-seat").disabled = refusal is not None
            by_id("play-on-why").textContent = refusal or _("The computer plays the other seats in the sandbox.")
        document.body.dataset.step = str(p.step)
        document.body.dataset.last = str(p.last)
        document.body.dataset.question = "true" if p.question() else "false"
        kind, value = self.source
        if kind != "s":
            fragment = f"{kind}={value}" + (f"&step={p.step}" if p.step else "")
        else:
            fragment = p.fragment()
        window.history.replaceState(None, "", "#" + fragment)
        scroll_to_current(document.querySelector("#t-timeline .t-timeline"))
        fit_note()
        if focus:   # the HTML was replaced: the control in use keeps the focus (a disabled one passes it on)
            node = document.querySelector(focus)
            (node if node and not node.disabled else by_id("t-note")).focus()

    # ------------------------------------------------------------------ input
    def commands(self) -> dict[str, Command]:
        """The page's commands (data-do), by name: the saved scenarios' (data-arg: the key), then the
        presenter's steps (the keys' too), hands and tools."""
        return {"mine-edit": self.edit_mine, "mine-export": self.export_mine, "mine-delete": self.delete_mine,
                "forward": self.stepping(Presenter.forward), "back": self.stepping(Presenter.back),
                "first": self.stepping(lambda p: p.go(0)), "last": self.stepping(lambda p: p.go(p.last)),
                "next-trick": self.stepping(Presenter.next_trick), "prev-trick": self.stepping(Presenter.previous_trick),
                "hands": self.hands, "notes": lambda _arg: self.hands("notes"),
                "projector": lambda _arg: self.projector(not document.body.classList.contains("projector")),
                "print": lambda _arg: window.print(), "link": lambda _arg: asyncio.ensure_future(self.copy_link()),
                "edit": lambda _arg: self.edit_copy(), "play-on": lambda _arg: self.play_on(),
                "review": lambda _arg: self.start_review(), "review-hide": lambda _arg: self.hide_review()}

    def stepping(self, move: Callable[[Presenter], object]) -> Command:
        """A step command: the table redrawn and a move made forward announced, if the step changed."""
        def run(_arg: str) -> None:
            p = self.showing
            before = p.step
            move(p)
            if p.step != before:
                self.render()
                made = p.move()
                if made is not None and p.step > before:
                    announce(tview.say(made.told(), p.view()))
        return run

    def on_click(self, event) -> None:
        if self.editor is not None and document.body.dataset.mode == "edit":
            self.editor.on_click(event)
            return
        dispatch(event, {"data-goto": self.goto, "data-toggle-seat": self.toggle_seat, "data-do": self.commands()})

    def goto(self, step: str) -> None:
        self.showing.go(int(step))
        self.render()

    def toggle_seat(self, seat: str) -> None:
        self.showing.toggle_seat(int(seat))
        self.render()

    def hands(self, what: str) -> None:
        p = self.showing
        if what == "all":
            p.open_all()
        elif what == "none":
            p.hide_all()
        elif what == "notes":
            p.toggle_notes()
        self.render()

    def edit_mine(self, key: str) -> None:
        window.location.hash = f"edit&mine={key}"

    def export_mine(self, key: str) -> None:
        download(f"{key}.json", json.dumps(self.store.get(key), ensure_ascii=False, indent=1))

    def delete_mine(self, key: str) -> None:
        if window.confirm(_("Delete this scenario from this browser?")):
            self.store.remove(key)
            self.save_store()
            self.show_list()

    def edit_copy(self) -> None:
        """The editor, on a copy of the scenario shown."""
        kind, value = self.source
        window.location.hash = "edit&" + (f"{kind}={value}" if kind not in ("s", "puzzle") else self.showing.fragment(with_step=False))

    def play_on(self) -> None:
        """The position handed to the sandbox, the chosen seat the human's."""
        human = int(by_id("play-on-seat").value)
        if self.storage.write(HANDOFF, json.dumps(self.showing.handoff(human))):
            window.location.href = "sandbox.html?from=teacher"

    # ------------------------------------------------------------------ the review
    def render_review_tool(self, focus: str | None = None) -> None:
        """The review's control; `focus`: a selector for the button that takes the focus (if it can)."""
        by_id("t-review-tool").innerHTML = trv.tool_html(self.showing, self.review_seat, self.review)
        document.body.dataset.reviewState = ("off" if self.review is None else
                                             "done" if self.review.finished else "working")
        node = document.querySelector(focus) if focus else None
        if node and not node.disabled:
            node.focus()
        elif focus:
            by_id("review-seat").focus()

    def start_review(self) -> None:
        if trv.refusal(self.showing, self.review_seat) is not None:
            return
        self.review = trv.ScenarioReview(self.showing, self.review_seat)
        self.render_review_tool(focus='[data-do="review-hide"]')
        self.render()
        asyncio.ensure_future(self.run_review(self.review))

    def hide_review(self) -> None:
        self.review = None
        self.render_review_tool(focus='[data-do="review"]')
        self.render()

    async def run_review(self, review: trv.ScenarioReview) -> None:
        """Work in slices; between them the page paints and answers keys and clicks."""
        while review is self.review and not review.work():
            bar = by_id("review-bar")
            if bar:                       # JS null is not None in Pyodide
                bar.value = review.job.done
                document.querySelector("#t-review .review-progress label").textContent = review.progress_label()
            await asyncio.sleep(0)
        if review is self.review:
            self.render_review_tool(focus='[data-do="review-hide"]' if document.activeElement.closest("#t-review-tool") else None)
            self.render()
            announce(trv.summary_text(review))

    def projector(self, on: bool) -> None:
        document.body.classList.toggle("projector", on)
        fit_note()
        try:
            if on and not document.fullscreenElement:
                document.documentElement.requestFullscreen()
            elif not on and document.fullscreenElement:
                document.exitFullscreen()
        except Exception:   # full screen refused (no gesture, or an embedded frame): the layout still changes
            pass

    async def copy_link(self) -> None:
        url = window.location.href.split("#")[0] + "#" + self.showing.fragment()
        box = by_id("share-link")
        box.value = url
        by_id("t-share").hidden = False
        box.select()
        note = by_id("share-note")
        try:
            await window.navigator.clipboard.writeText(url)
            note.textContent = _("The link is copied. Anyone who opens it sees this scenario at this step.")
        except Exception:
            note.textContent = _("Copy the link from the field above.")

    def on_keydown(self, event) -> None:
        if document.body.dataset.mode == "edit" and self.editor is not None:
            self.editor.on_keydown(event)
            return
        if self.presenter is None or document.body.dataset.mode != "present":
            return
        if event.ctrlKey or event.metaKey or event.altKey or typing(event.target):
            return
        key = event.key
        if key in STEP_KEYS:    # whatever has the focus (a button clicked before, a list): never pressed again
            event.preventDefault()
            command(self.commands(), STEP_KEYS[key])("")
        elif key.isdigit() and 1 <= int(key) <= self.presenter.players:
            self.presenter.toggle_seat(self.presenter.seat_of_key(int(key)))
            self.render()
        elif key in ("a", "A", "x", "X", "n", "N"):
            self.hands({"a": "all", "x": "none", "n": "notes"}[key.lower()])
        elif key in ("f", "F"):
            self.projector(not document.body.classList.contains("projector"))
        elif key == "Escape" and document.body.classList.contains("projector"):
            self.projector(False)

    def on_fullscreen(self, event) -> None:
        if not document.fullscreenElement and document.body.classList.contains("projector"):
            document.body.classList.remove("projector")
        fit_note()

    # ------------------------------------------------------------------ the list's own forms
    def on_submit(self, event) -> None:
        if event.target.id != "open-link":
            if self.editor is not None:
                self.editor.on_submit(event)
            return
        event.preventDefault()
        text = by_id("link-input").value.strip()
        fragment = text.split("#", 1)[1] if "#" in text else text
        params = fragment_params(fragment)
        if "s" not in params and "id" not in params:
            params = {"s": fragment}
        window.location.hash = "&".join(f"{k}={v}" for k, v in params.items())

    def on_change(self, event) -> None:
        if event.target.id == "review-seat":
            self.review_seat = int(event.target.value)
            self.render_review_tool()
        elif event.target.id == "import-file":
            asyncio.ensure_future(self.import_file(event.target))
        elif self.editor is not None and document.body.dataset.mode == "edit":
            self.editor.on_change(event)

    async def import_file(self, field) -> None:
        files = field.files
        if not files.length:
            return
        text = await files.item(0).text()
        field.value = ""
        try:
            doc = load_scenario(json.loads(text), files.item(0).name).to_json()
        except ScenarioError as exc:
            text, detail = tview.problem_words(exc)
            self.message(_("This file could not be imported. {reason}", reason=text), "refusal", detail, exc.code)
            return
        except ValueError:          # not JSON: no message of ours
            reason = _("The file is not JSON.")
            self.message(_("This file could not be imported. {reason}", reason=reason), "refusal")
            return
        key = self.store.put(doc)
        self.save_store()
        self.show_list()
        self.message(_("Imported “{title}”.", title=text_of(doc["title"], LANG)))
        window.location.hash = f"mine={key}"

    def save_store(self) -> None:
        self.storage.write(TEACHER, self.store.to_json())


async def main(lang: str, root: str, scenarios) -> None:
    """Start the page; `scenarios` is the download of scenarios/LANG.json the page began ({ok, data})."""
    global LANG
    LANG = lang
    loaded = await scenarios
    try:
        builtins = json.loads(loaded.data)["scenarios"] if loaded.ok else []
    except (ValueError, KeyError):   # the list then has only the teacher's own scenarios
        builtins = []
    page = TeacherPage(builtins, Store.from_json(page_storage().read(TEACHER)), root)
    root_node = by_id("main")
    for node, kind, handler in ((root_node, "click", page.on_click), (document, "keydown", page.on_keydown),
                                (root_node, "submit", page.on_submit), (root_node, "change", page.on_change),
                                (document, "fullscreenchange", page.on_fullscreen),
                                (window, "resize", lambda event: fit_note())):
        listen(node, kind, handler)
    listen(window, "hashchange", page.on_route)
    page.on_route()
    document.body.dataset.busy = "false"
    mark_ready()
