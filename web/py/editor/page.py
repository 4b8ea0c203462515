"""The scenario editor on the teacher page: DOM events, the baptism picker, the draft kept in
draft kept through common.storage, saving, the link, files and the lesson-step export. The work is done by `editor.Editor`
(no DOM) and the HTML by `editor.view`; teacher/page.py routes here for `#edit`.
"""
from __future__ import annotations

import asyncio
import json
from typing import Callable

from pyscript import document, window

from editor import view as ev
from common import tableview as tv
from teacher import view as tview
from editor.controller import Editor
from common.i18n import _
from editor.lessonstep import lesson_step_toml
from teacher.presenter import moment
from common.shell import Command, announce, by_id, dispatch, download, picker_choice, open_picker
from common.storage import DRAFT
from perlaggen_core import Action
from perlaggen_core.scenario import ScenarioError, from_link, load_scenario, text_of, to_link
from common.pagewords import card_names



class EditorPage:
    def __init__(self, page, names: dict[str, str], lang: str) -> None:
        self.page = page              # teacher.page.TeacherPage: the store, the built-ins, messages
        self.names = names
        self.lang = lang
        self.editor = Editor()
        self.options: list[Action] = []

    # ------------------------------------------------------------------ opening
    def open(self, params: dict) -> None:
        """#edit (the draft, else an empty table), #edit&new=1 (an empty table), #edit&mine=KEY,
        #edit&id=ID or #edit&s=LINK (a copy of that scenario)."""
        try:
            if "mine" in params and self.page.store.get(params["mine"]) is not None:
                scenario = load_scenario(self.page.store.get(params["mine"]))
                self.editor = Editor.from_scenario(scenario, self.lang, params["mine"])
            elif "id" in params and params["id"] in self.page.builtins:
                self.editor = Editor.from_scenario(load_scenario(self.page.builtins[params["id"]]), self.lang)
            elif "s" in params:
                self.editor = Editor.from_scenario(from_link(params["s"]), self.lang)
            else:
                self.editor = (None if "new" in params else self.restore()) or Editor()
        except ScenarioError as exc:
            self.editor = Editor()
            text, detail = tview.problem_words(exc)
            self.page.message(_("This scenario could not be opened. {reason}", reason=text), "refusal", detail, exc.code)
        window.history.replaceState(None, "", "#edit")
        document.title = f'{_("Build a scenario")} · Perlaggen'
        self.render()

    def restore(self) -> Editor | None:
        text = self.page.storage.read(DRAFT)
        if not text:
            return None
        try:
            data = json.loads(text)
            editor = Editor.from_scenario(load_scenario(data["doc"]), self.lang, data.get("key"))
            if not data.get("recording"):
                editor.back_to_position()
            return editor
        except (ValueError, KeyError, TypeError):
            return None

    def keep_draft(self) -> None:
        """The work in progress survives a reload (it is saved to the list only when asked)."""
        try:
            doc = self.editor.to_doc() if not self.editor.problems() else None
        except ScenarioError:
            doc = None
        if doc is not None:
            self.page.storage.write(DRAFT, json.dumps(
                {"doc": doc, "key": self.editor.key, "recording": self.editor.recording}))

    # ------------------------------------------------------------------ output
    def render(self, focus: str | None = None) -> None:
        self.names.update(card_names(self.editor.rules))   # the edited rule set names its cards
        builtins = [(i, text_of(d["title"], self.lang)) for i, d in self.page.builtins.items()]
        html = (ev.record_html(self.editor, self.names) if self.editor.recording
                else ev.setup_html(self.editor, self.names, builtins))
        by_id("editor").innerHTML = html
        document.body.dataset.editing = "record" if self.editor.recording else "position"
        if focus:
            node = document.querySelector(focus)
            if node:
                node.focus()

    def say(self, text: str, kind: str = "info") -> None:
        node = by_id("e-message")
        if node:
            node.textContent = text
            node.className = f"message {kind}" if text else "message"
        if text:
            announce(text)

    # ------------------------------------------------------------------ input
    def on_click(self, event) -> None:
        editor = self.editor
        option = picker_choice(event, self.options)
        if option:
            self.record(option)
            return
        dispatch(event, {"data-place": self.place, "data-pick": self.card,
                         "data-choice": lambda i: self.record(editor.choices(editor.actor)[int(i)]),
                         "data-look": self.look, "data-do": self.commands()})

    def place(self, card: str) -> None:
        self.editor.place(card)
        self.changed(f'[data-place="{card}"]')

    def look(self, seat: str) -> None:
        self.editor.look_at(int(seat))
        self.render(f'[data-look="{self.editor.viewing}"]')

    def commands(self) -> dict[str, Command]:
        """The editor's commands (data-do), by name: a stage's buttons, then what becomes of the scenario."""
        editor = self.editor
        return {"empty": self.editing(self.start_empty), "record": self.editing(editor.begin, "#editor-title"),
                "undo": self.editing(editor.undo), "position": lambda _arg: self.back_to_position(),
                "save": self.finished(self.save), "present": self.finished(self.present),
                "link": self.finished(self.share_link), "export": self.finished(self.export),
                "lesson": self.finished(self.lesson_step)}

    def editing(self, change: Callable[[], object], focus: str | None = None) -> Command:
        """A command that changes the draft: kept, and the editor drawn again (`focus` taking the focus)."""
        def run(_arg: str) -> None:
            change()
            self.changed(focus)
        return run

    def start_empty(self) -> None:
        self.editor = Editor(self.editor.rules.name)

    def back_to_position(self) -> None:
        """Back to setting up the position, once the teacher agrees to drop the moves recorded."""
        editor = self.editor
        if editor.steps and not window.confirm(_("Change the position? The moves recorded so far are dropped.")):
            return
        editor.back_to_position()
        self.changed("#editor-title")

    def changed(self, focus: str | None = None) -> None:
        self.keep_draft()
        self.render(focus)

    def card(self, card: str) -> None:
        """A click on a card of the seat acting: play it (or show it), through the picker when it
        can be baptised; a card the rules refuse says why."""
        editor = self.editor
        options = editor.card_options(editor.actor, card)
        if not options:
            why = editor.recorded.refusal(Action(editor.actor, "play", card=card)) if editor.recorded.phase.value == "play" \
                else editor.recorded.refusal(Action(editor.actor, "show", cards=(card,)))
            self.say(ev.refusal(why, editor) if why else _("This card cannot be used now."), "refusal")
            return
        if len(options) == 1:
            self.record(options[0])
            return
        self.options = options
        view = editor.recorded.view(None, reveal=True)
        view.update(ev.reader_view(editor))
        if options[0].act == "play":
            html = tv.picker_html(card, [editor.recorded.preview(a) for a in options], view, self.names)
        else:
            entries = [(i, dict(a.baptisms).get(card), "") for i, a in enumerate(options)]
            html = tv.baptism_form_html(_("Show {card}", card=self.names[card]),
                                        _("Choose what it stands for in the show."), entries,
                                        _("Show it as itself, without Perlagg power"), self.names, "data-option")
        open_picker(html)

    def record(self, action: Action) -> None:
        editor = self.editor
        why = editor.act(action)
        if why is not None:
            self.say(ev.refusal(why, editor), "refusal")
            return
        self.changed()
        if editor.last_move is not None:
            announce(tview.say(editor.last_move, ev.reader_view(editor)))

    def on_change(self, event) -> None:
        target = event.target
        editor = self.editor
        name = target.getAttribute("name")
        form = target.closest("[data-e-form]")
        if form and form.getAttribute("data-e-form") == "settings":
            self.settings(form)
        elif name == "destination":
            editor.destination = target.value
            self.render(f'[name="destination"][value="{target.value}"]')
        elif target.hasAttribute("data-captured"):
            editor.toggle_captured(target.getAttribute("data-captured"))
            self.changed(f'[data-captured="{target.getAttribute("data-captured")}"]')
        elif name == "actor":
            editor.actor = int(target.value)
            self.render(f'[name="actor"][value="{editor.actor}"]')
        elif target.hasAttribute("data-open"):
            editor.toggle_open(int(target.getAttribute("data-open")))
            self.changed(f'[data-open="{target.getAttribute("data-open")}"]')
        elif name == "bottom":
            editor.bottom = int(target.value)
            self.changed('[name="bottom"]')
        elif name == "title":
            editor.title = target.value
            self.keep_draft()

    def settings(self, form) -> None:
        """The form's fields as they are (a rule set with a score per player, or counting down to 0,
        has other fields than the one before: the editor takes what fits)."""
        fields = form.elements
        try:
            scores = [int(node.value) for node in form.querySelectorAll("[data-score]")]
            target = fields.namedItem("target")
            self.editor.settings(fields.namedItem("variant").value, int(fields.namedItem("dealer").value), scores,
                                 int(target.value) if target else None)
        except (TypeError, ValueError):
            pass        # a half-typed number: the engine's problems list says what is missing
        self.changed()

    def on_submit(self, event) -> None:
        event.preventDefault()
        form = event.target
        kind = form.getAttribute("data-e-form")
        editor = self.editor
        if kind == "seed":
            try:
                editor.deal_seeded(int(form.elements.namedItem("seed").value))
            except ValueError:
                return
            self.changed()
        elif kind == "builtin":
            doc = self.page.builtins.get(form.elements.namedItem("id").value)
            if doc:
                self.editor = Editor.from_scenario(load_scenario(doc), self.lang)
                self.changed("#editor-title")
        elif kind == "note":
            step = editor.viewing
            editor.set_note(step, form.elements.namedItem("text").value, form.elements.namedItem("ask").checked,
                            form.elements.namedItem("answer").value)
            self.changed(f'[data-look="{step}"]')
            self.say(_("Note saved {moment}.", moment=moment(step)))
        elif kind == "settings":
            self.settings(form)

    def on_keydown(self, event) -> None:
        pass            # the editor uses the browser's own keys (Tab, Enter, Space, Escape for the picker)

    # ------------------------------------------------------------------ saving and sharing
    def finished(self, use: Callable[[dict], None]) -> Command:
        """A command on the scenario as it stands: its document made (or what stops it said), then used."""
        def run(_arg: str) -> None:
            try:
                doc = self.editor.to_doc()
            except ScenarioError as exc:
                self.say(tview.say(exc.detail, ev.reader_view(self.editor)), "refusal")
                return
            use(doc)
        return run

    def save(self, doc: dict) -> None:
        editor = self.editor
        editor.key = self.page.store.put(doc, editor.key)
        self.page.save_store()
        self.keep_draft()
        self.say(_("Saved in this browser as “{title}”.", title=text_of(doc["title"], self.lang)))

    def present(self, doc: dict) -> None:
        editor = self.editor
        editor.key = self.page.store.put(doc, editor.key)
        self.page.save_store()
        window.location.hash = f"mine={editor.key}&step={editor.viewing}"

    def share_link(self, doc: dict) -> None:
        url = window.location.href.split("#")[0] + f"#s={to_link(load_scenario(doc))}"
        self.show_export(_("Link to this scenario"), url + (f"&step={self.editor.viewing}" if self.editor.viewing else ""))
        asyncio.ensure_future(self.copy(url))

    def export(self, doc: dict) -> None:
        text = json.dumps(doc, ensure_ascii=False, indent=1)
        self.show_export(_("Scenario file (JSON)"), text)
        download("scenario.json", text)

    def lesson_step(self, doc: dict) -> None:
        toml = lesson_step_toml(load_scenario(doc), self.editor.viewing, self.lang)
        if toml is None:
            self.say(_("A lesson step needs a next move for the learner: choose an earlier step."), "refusal")
            return
        self.show_export(_("Lesson step (TOML) for lessons/"), toml)

    def show_export(self, label: str, text: str) -> None:
        by_id("e-export").hidden = False
        by_id("e-export-label").textContent = label
        box = by_id("e-export-text")
        box.value = text
        box.select()

    async def copy(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
            self.say(_("The link is copied. Anyone who opens it sees this scenario."))
        except Exception:
            self.say(_("Copy the link from the field below."))

