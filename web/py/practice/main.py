"""PyScript entry point of the practice page: one puzzle on the table from the solver's seat, one
try, then right or wrong with the explanation and what each move costs, and the next puzzle."""
from __future__ import annotations

import asyncio
import html
import json

from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine…"))

from common.i18n import _  # noqa: E402  (after the catalog is chosen)
from common.shell import (by_id, hand_or_action, listen, mark_ready, move_in_hand, open_picker,  # noqa: E402
                          page_storage, picker_choice, show_message)
from common.storage import PRACTICE  # noqa: E402

from perlaggen_core.narrate import doing  # noqa: E402
from perlaggen_core.signals import signal_message  # noqa: E402

from common import tableview as tv  # noqa: E402
from common.pagewords import card_names, refusal_text, renderer, rules_of, say  # noqa: E402
from practice.progress import Progress  # noqa: E402
from practice.session import Practice  # noqa: E402

NAMES = card_names()
STORAGE = page_storage()
THEME_NAMES = {"baptism": N_("Naming a Perlagg"), "following": N_("Which card"), "fifth-trick": N_("The fifth trick"),
               "betting": N_("Betting and answering"), "exchange": N_("The exchange"), "show": N_("The show"),
               "endgame": N_("Near the target")}


class PracticePage:
    def __init__(self, practice: Practice) -> None:
        self.practice = practice
        self.options: list = []
        self.actions: list[dict] = []

    def render(self) -> None:
        p = self.practice
        view = p.view()
        NAMES.update(card_names(rules_of(view)))
        self.actions = [a.to_dict() for a in p.legal() if a.act != "play"]
        if p.result is not None:
            view = {**view, "legal": []}
        by_id("table").innerHTML = tv.table_html(view, NAMES)
        by_id("hand").innerHTML = tv.hand_html(view, NAMES, enabled=p.result is None)
        by_id("legend").innerHTML = tv.perlaggen_legend(view, NAMES)
        by_id("figures").innerHTML = tv.figures_html(view, self.actions)
        by_id("actions").innerHTML = tv.actions_html(self.actions, NAMES, view["phase"])
        by_id("status").textContent = _("Your move: what is best here? You have one try.") if p.result is None else ""
        by_id("puzzle-info").innerHTML = self.info_html(view)
        by_id("result").innerHTML = self.result_html(view)
        by_id("progress").innerHTML = self.progress_html()
        document.body.dataset.answered = "true" if p.result is not None else "false"
        document.body.dataset.puzzle = p.puzzle.id if p.puzzle else ""
        document.body.dataset.busy = "false"

    def info_html(self, view: dict) -> str:
        p = self.practice
        assert p.puzzle is not None
        teams = view["teams"]
        signs = [say(signal_message(rules_of(view), s["seat"], s["signal"], caught=teams[s["seat"]] != teams[p.seat]),
                     view) for s in p.puzzle.signals]
        seen = "".join(f"<li>{html.escape(t)}</li>" for t in signs)
        return (f'<p class="puzzle-theme">{html.escape(_(THEME_NAMES[p.puzzle.theme]))} · '
                f'{html.escape(_("Level {n} of 3", n=p.puzzle.level))}</p>'
                + (f'<p>{html.escape(_("Signs you saw:"))}</p><ul class="signs-seen">{seen}</ul>' if seen else ""))

    def result_html(self, view: dict) -> str:
        p = self.practice
        if p.result is None or p.puzzle is None:
            return ""
        r = renderer(view)
        head = _("Right: that is the best move.") if p.result.right else _("Not the best move.")
        rows = []
        for action, cost in p.costs():
            move = say(doing(action), view)
            text = _("best") if cost == 0 else _("{lost} points less on average", lost=r.number(cost))
            mine = ' class="tried"' if action == p.tried else ""
            rows.append(f"<li{mine}>{html.escape(move)}: {html.escape(text)}</li>")
        if p.tried is not None and p.result.cost is None:
            rows.append(f'<li class="tried">{html.escape(say(doing(p.tried), view))}: '
                        f'{html.escape(_("not among the moves weighed"))}</li>')
        kind = "right" if p.result.right else "wrong"
        return (f'<div class="verdict {kind}" role="status"><p class="verdict-head">{html.escape(head)}</p>'
                f"<p>{html.escape(say(p.puzzle.explanation, view))}</p><ul class=\"costs\">{''.join(rows)}</ul>"
                f'<button type="button" class="primary" data-next>{html.escape(_("Next puzzle"))}</button></div>')

    def progress_html(self) -> str:
        pr = self.practice.progress
        return html.escape(_("Solved {solved}, missed {missed}, streak {streak}", solved=pr.solved, missed=pr.missed,
                             streak=pr.streak))

    # ------------------------------------------------------------------ input
    def on_click(self, event) -> None:
        if event.target.closest("[data-next]"):
            self.practice.open()
            show_message("")
            self.render()
            return
        if hand_or_action(event, self.choose_card, self.perform, self.actions):
            return
        option = picker_choice(event, self.options)
        if option:
            self.perform(option.action.to_dict())

    def choose_card(self, card: str) -> None:
        if self.practice.needs_baptism_choice(card):
            self.options = self.practice.baptism_options(card)
            open_picker(tv.picker_html(card, self.options, self.practice.view(), NAMES))
        else:
            self.perform({"act": "play", "card": card})

    def perform(self, data: dict) -> None:
        data = {k: v for k, v in data.items() if k != "seat"}
        refusal = self.practice.attempt(data)
        if refusal is not None:
            show_message(refusal_text(refusal, self.practice.view()), "refusal")
            return
        show_message("")
        STORAGE.write(PRACTICE, self.practice.progress.to_json())
        self.render()
        result = by_id("result")
        if result:
            result.scrollIntoView()


async def main() -> None:
    root = document.querySelector('meta[name="perlaggen-root"]').content
    response = await window.fetch(f"{root}puzzles/puzzles.json")
    doc = json.loads(await response.text()) if response.ok else {"puzzles": []}
    practice = Practice(doc, Progress.from_json(STORAGE.read(PRACTICE)))
    params = window.URLSearchParams.new(window.location.search)
    if not practice.open(params.get("puzzle")):
        show_message(_("There are no puzzles yet."), "refusal")
        mark_ready()
        return
    page = PracticePage(practice)
    page.render()
    area = by_id("main")
    listen(area, "click", page.on_click)
    listen(area, "keydown", move_in_hand)
    mark_ready()


asyncio.ensure_future(main())
