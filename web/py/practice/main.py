"""PyScript entry point of the practice page: one puzzle on the table from the solver's seat, one
try, then right or wrong with the explanation and what each move costs, and the next puzzle. The
page downloads the puzzles' index, then each puzzle when it is drawn, the next one ahead."""
from __future__ import annotations

import asyncio
import html

from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine…"))

from common.i18n import _  # noqa: E402  (after the catalog is chosen)
from common.shell import (Command, by_id, dispatch, hand_or_action, listen, mark_ready, move_in_hand, open_picker,  # noqa: E402
                          page_storage, picker_choice, show_message)
from common.storage import PRACTICE  # noqa: E402
from common.puzzlefetch import PuzzleFiles, Unavailable  # noqa: E402

from perlaggen_core.narrate import doing  # noqa: E402
from perlaggen_core.puzzles import PuzzleError  # noqa: E402

from common import tableview as tv  # noqa: E402
from common.pagewords import card_names, refusal_text, renderer, rules_of, say, seat_name  # noqa: E402
from practice.progress import Progress  # noqa: E402
from practice.session import Practice  # noqa: E402
from practice.view import progress_html, theme_note_html  # noqa: E402
from common.puzzlethemes import THEME_NAMES, seen_signs  # noqa: E402

NAMES = card_names()
STORAGE = page_storage()


class PracticePage:
    def __init__(self, practice: Practice, files: PuzzleFiles) -> None:
        self.practice = practice
        self.files = files
        self.options: list = []
        self.actions: list[dict] = []
        self.moves: list = []      # "show me": the answer's line, and the move on the table
        self.at = 0

    def show_ahead(self) -> None:
        """Download what comes after this puzzle, whether the try is right or wrong."""
        for entry in self.practice.ahead():
            self.files.ahead(entry.id)

    def render(self) -> None:
        p = self.practice
        view = self.moves[self.at].view if self.moves else p.view()
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
        by_id("result").innerHTML = self.result_html(view) + self.line_html(view)
        by_id("progress").innerHTML = progress_html(p.progress, p.themes)
        document.body.dataset.answered = "true" if p.result is not None else "false"
        document.body.dataset.puzzle = p.puzzle.id if p.puzzle else ""
        document.body.dataset.busy = "false"

    def info_html(self, view: dict) -> str:
        p = self.practice
        assert p.puzzle is not None
        signs = seen_signs(p.puzzle, view, lambda message: say(message, view))
        seen = "".join(f"<li>{html.escape(t)}</li>" for t in signs)
        return (theme_note_html(p.theme) + f'<p class="puzzle-theme">{html.escape(_(THEME_NAMES[p.puzzle.theme]))} · '
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
                f'<p class="verdict-tools"><button type="button" class="primary" data-do="next">{html.escape(_("Next puzzle"))}</button> '
                f'<a href="teacher.html#puzzle={html.escape(p.puzzle.id)}">{html.escape(_("Present it to a class"))}</a></p></div>')

    def line_html(self, view: dict) -> str:
        """After the try: "show me", then the line's move on the table with back and next."""
        if self.practice.result is None:
            return ""
        if not self.moves:
            return f'<p class="show-line"><button type="button" data-do="show-line">{html.escape(_("Show me the line"))}</button></p>'
        move = self.moves[self.at]
        caption = _("The best move played out, move {n} of {total}. {seat}: {move}", n=self.at + 1,
                    total=len(self.moves), seat=seat_name(move.action.seat, view), move=say(doing(move.action), view))
        back = " disabled" if self.at == 0 else ""
        on = " disabled" if self.at == len(self.moves) - 1 else ""
        return (f'<div class="show-line" role="status"><p>{html.escape(caption)}</p>'
                f'<button type="button" data-do="line-step" data-arg="-1"{back}>{html.escape(_("Back"))}</button> '
                f'<button type="button" data-do="line-step" data-arg="1"{on}>{html.escape(_("Next move"))}</button></div>')

    # ------------------------------------------------------------------ input
    def on_click(self, event) -> None:
        if dispatch(event, {"data-do": self.commands()}) or hand_or_action(event, self.choose_card, self.perform, self.actions):
            return
        option = picker_choice(event, self.options)
        if option:
            self.perform(option.action.to_dict())

    def commands(self) -> dict[str, Command]:
        """The verdict's commands (data-do), by name; "line-step" gets -1 or 1."""
        return {"show-line": lambda _arg: self.show_line(), "line-step": self.line_step,
                "next": lambda _arg: self.next_puzzle()}

    def show_line(self) -> None:
        self.moves, self.at = self.practice.line(), 0
        self.render()

    def line_step(self, by: str) -> None:
        if self.moves:
            self.at = min(max(self.at + int(by), 0), len(self.moves) - 1)
            self.render()

    def next_puzzle(self) -> None:
        self.moves, self.at = [], 0
        show_message("")
        if not self.open_now():      # the usual case: downloaded while the learner thought
            asyncio.ensure_future(self.open())

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
        if self.practice.upcoming is not None:     # one of those downloaded ahead (then nothing to do)
            self.files.ahead(self.practice.upcoming.id)
        self.render()
        result = by_id("result")
        if result:
            result.scrollIntoView()

    def open_now(self) -> bool:
        """The next puzzle on the table at once, if its file is here already (not even a turn of
        the event loop: "Next puzzle" within 100 ms); False when it must be downloaded first."""
        entry = self.practice.choose()
        data = self.files.now(entry.id) if entry is not None else None
        return entry is not None and data is not None and self.put(entry, data)

    def put(self, entry, data) -> bool:
        """The puzzle of `entry` on the table from its file, and what may follow downloaded; a
        broken file is said so (False)."""
        try:
            self.practice.show(entry, data)
        except PuzzleError:
            self.not_loaded(entry)
            return False
        self.render()
        self.show_ahead()
        return True

    async def open(self, puzzle_id: str | None = None) -> bool:
        """The puzzle asked for, else the next one drawn, on the table; a puzzle whose file is
        missing or broken is said so and another drawn. False when none is left."""
        practice = self.practice
        while (entry := practice.choose(puzzle_id)) is not None:
            document.body.dataset.busy = "true"
            try:
                data = await self.files.data(entry.id)
            except Unavailable:
                self.not_loaded(entry)
                data = None
            if data is not None and self.put(entry, data):
                return True
            puzzle_id = None
        document.body.dataset.busy = "false"
        return False

    def not_loaded(self, entry) -> None:
        self.practice.drop(entry)
        show_message(_("The puzzle “{name}” could not be loaded, so here is another one.", name=entry.id), "refusal")


async def main() -> None:
    root = document.querySelector('meta[name="perlaggen-root"]').content
    files = PuzzleFiles(root)
    try:
        index, failed = await files.index(), False
    except (Unavailable, PuzzleError):
        index, failed = [], True
    practice = Practice(index, Progress.from_json(STORAGE.read(PRACTICE)))
    params = window.URLSearchParams.new(window.location.search)
    theme = params.get("theme") or None         # an absent one is JS null, which is not None
    unknown = theme is not None and not practice.keep_to(theme)
    asked = params.get("puzzle") or None
    page = PracticePage(practice, files)
    if not await page.open(asked):
        show_message(_("The puzzles could not be loaded. Reload the page to try again.") if failed or practice.broken
                     else _("There are no puzzles yet."), "refusal")
        mark_ready()
        return
    if unknown:
        show_message(_("There are no puzzles of this theme yet: here are puzzles of every theme."))
    elif asked and all(e.id != asked for e in index):
        show_message(_("There is no puzzle “{name}”.", name=asked), "refusal")
    area = by_id("main")
    listen(area, "click", page.on_click)
    listen(area, "keydown", move_in_hand)
    mark_ready()


asyncio.ensure_future(main())
