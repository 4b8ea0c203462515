"""PyScript entry point of the sandbox page: a whole game against the computer, saved as it goes.

The controller (`sandbox.Sandbox`) holds the game; this module keeps it (common.storage),
renders through `sandbox.view` and `common.tableview`, and runs the computer players from a timer: one
decision per tick, so the page stays responsive and the human may bet, signal or undo in between (the
player asked next thinks during the pause, in short slices).

Address parameters (for the tests and the benchmark): `?new=1&variant=..&target=..&strength=..&speed=..
&seed=..&catch=..` starts a game with those settings (the settings form submits them so, even before Python
is ready); `?speed=test` plays without pauses; `?autoplay=1` lets the computer play seat 0 too;
`?review=1` (with autoplay: the review benchmark) reviews seat 0's decisions after every deal;
`?samples=N` (the browser tests) reviews with N guessed deals per decision, fewer than the usual.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Callable

from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine and the computer players…"))

from common.i18n import _  # noqa: E402  (after the catalog is chosen)
from common.shell import (Command, by_id, dispatch, hand_or_action, listen, mark_ready, move_in_hand, open_picker,  # noqa: E402
                          at_test_speed, page_storage, picker_choice, show_message)

from perlaggen_core import get_rules  # noqa: E402

from sandbox import view as sv  # noqa: E402
from common import tableview as tv  # noqa: E402
from sandbox.review_panel import ReviewPanel  # noqa: E402
from sandbox.controller import HUMAN, SPEEDS, VARIANTS, Sandbox, Settings  # noqa: E402
from common.storage import HANDOFF, SANDBOX  # noqa: E402
from common.pagewords import card_names, refusal_text, say  # noqa: E402

STORAGE = page_storage()
THINK_SLICE = 0.025   # seconds a computer player thinks between two chances for the page to paint and answer
NAMES = card_names()


class SandboxPage:
    def __init__(self) -> None:
        self.game: Sandbox | None = None
        self.running = False
        self.actions: list[dict] = []
        self.options: list = []
        self.show_options: list[dict] = []
        self.log_seen = 0
        self.speed_override: str | None = None
        self.review = ReviewPanel(NAMES, self.after_review)
        self.bench_review = False       # review every deal before the next one (the benchmark)
        self.bench_reviewed = 0         # the last deal it reviewed

    # ------------------------------------------------------------------ storage
    def save(self) -> None:
        if self.game is None or self.game.autoplay:
            return
        STORAGE.write(SANDBOX, json.dumps(self.game.to_dict()))   # a failure is shown; the game goes on unsaved

    def restore(self) -> Sandbox | None:
        text = STORAGE.read(SANDBOX)
        if not text:
            return None
        try:
            return Sandbox.from_dict(json.loads(text))
        except (ValueError, KeyError, TypeError):
            self.message(_("The saved game could not be restored; start a new one."), "refusal")
            return None

    def start_from_url(self) -> bool:
        """?new=1 with settings starts that game; the address is then cleaned, so a reload resumes."""
        params = window.URLSearchParams.new(window.location.search)
        if at_test_speed():   # the tests' speed stays for the visit; the others are settings
            self.speed_override = "test"
        if params.get("new") != "1":
            return False
        data = {k: params.get(k) for k in ("variant", "target", "strength", "speed", "seed", "catch") if params.get(k)}
        try:
            self.new_game(Settings.from_dict(data))
        except ValueError as exc:
            self.message(str(exc), "refusal")
            return False
        params.delete("new")
        for key in ("variant", "target", "strength", "seed", "catch") + (() if self.speed_override else ("speed",)):
            params.delete(key)
        query = params.toString()
        window.history.replaceState(None, "", window.location.pathname + (f"?{query}" if query else ""))
        return True

    def start_from_teacher(self) -> bool:
        """?from=teacher: the position the teacher page left in localStorage, read once."""
        params = window.URLSearchParams.new(window.location.search)
        if params.get("from") != "teacher":
            return False
        params.delete("from")
        query = params.toString()
        window.history.replaceState(None, "", window.location.pathname + (f"?{query}" if query else ""))
        text = STORAGE.take(HANDOFF)
        try:
            data = json.loads(text or "")
            self.game = Sandbox.from_position(data["record"], int(data["human"]))
        except (ValueError, KeyError, TypeError):
            self.message(_("The position from the teacher page could not be set up here."), "refusal")
            return False
        self.log_seen = 0
        by_id("settings").open = False
        self.fill_form(self.game.settings)
        return True

    def new_game(self, settings: Settings) -> None:
        self.game = Sandbox(settings)
        self.log_seen = 0
        by_id("log").innerHTML = ""
        by_id("settings").open = False
        self.fill_form(settings)

    # ------------------------------------------------------------------ output
    def message(self, text: str, kind: str = "info") -> None:
        show_message(text, kind)

    def fill_form(self, settings: Settings) -> None:
        form = by_id("settings-form")
        for key, value in settings.to_dict().items():
            field = form.elements.namedItem(key)
            if field:
                field.value = str(value)

    def busy(self) -> bool:
        if self.game is None:
            return False
        if self.bench_review and self.game.deal.phase.over and self.bench_reviewed != self.game.number:
            return False                # the deal's review first
        return self.game.has_bot_step()

    @property
    def playing(self) -> Sandbox:
        """The game under way: what the table's controls act on (they exist only once one is)."""
        if self.game is None:
            raise RuntimeError("no game is under way")
        return self.game

    def render(self) -> None:
        game = self.game
        document.body.dataset.game = "on" if game else "off"
        if game is None:
            document.body.dataset.busy = "false"
            return
        NAMES.update(card_names(game.rules))   # the rule set names its cards: no Martl in Giltspiel
        view = sv.table_view(game, NAMES)
        focused = document.activeElement
        focus_card = focused.getAttribute("data-card") if focused and focused.closest("#hand") else None
        self.actions = [a for a in game.human_actions() if a["act"] not in ("play", "show")]
        by_id("game-line").textContent = sv.game_line(game)
        by_id("table").innerHTML = tv.table_html(view, NAMES)
        by_id("hand").innerHTML = sv.hand_html(game, view, NAMES)
        by_id("legend").innerHTML = "" if game.opening else tv.perlaggen_legend(view, NAMES)
        by_id("figures").innerHTML = tv.figures_html(view, self.actions)
        by_id("score-sheet").innerHTML = sv.score_sheet_html(game)
        by_id("actions").innerHTML = sv.controls_html(game, self.actions, NAMES)
        by_id("status").textContent = sv.status_text(game, view)
        by_id("signs").innerHTML = sv.signs_panel(game)
        by_id("signs").parentElement.hidden = not game.partners     # no partners, no signs
        summary = sv.summary_html(game, NAMES)
        by_id("summary").innerHTML = summary
        by_id("summary").hidden = not summary
        self.render_log()
        document.body.dataset.phase = "before-cut" if game.before_cut else "opening" if game.opening else view["phase"]
        self.review.render(game)
        document.body.dataset.busy = "true" if self.busy() else "false"
        window.perlaggenDecisionTimes = json.dumps(game.timings)
        window.perlaggenGuesses = json.dumps(game.guesses())
        window.perlaggenGuessesAhead = json.dumps(game.guesses(ahead=True))
        if focus_card:
            buttons = list(document.querySelectorAll("#hand [data-card]"))
            same = [b for b in buttons if b.getAttribute("data-card") == focus_card]
            (same or buttons or [by_id("status")])[0].focus()

    def render_log(self) -> None:
        log = by_id("log")
        fresh = [e for e in self.playing.log.entries if e.get("id", 0) > self.log_seen]
        if not fresh:
            return
        view = sv.reader(self.playing)
        log.insertAdjacentHTML("beforeend", "".join(sv.log_item(e, view) for e in fresh))
        self.log_seen = fresh[-1]["id"]
        while log.childElementCount > 200:
            log.firstElementChild.remove()

    # ------------------------------------------------------------------ the computer players
    def delay(self) -> float:
        return SPEEDS[self.speed_override or self.playing.settings.speed]

    def kick(self) -> None:
        if not self.running and self.busy():
            self.running = True
            asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        try:
            while self.busy():
                await self.pause(self.delay())
                step = self.game.bot_step() if self.game else None
                if step is not None and step.kind == "think":
                    continue
                self.save()
                if self.delay():        # without a pause nobody sees the steps between: one render at the end
                    self.render()
        finally:
            self.running = False
            self.render()
            if self.bench_review and self.playing.deal.phase.over and self.bench_reviewed != self.playing.number:
                self.review.start(self.playing)

    async def pause(self, seconds: float) -> None:
        """The pause between computer moves, so the learner can follow them. The player asked next
        thinks during it, in slices short enough that the page stays responsive."""
        end = time.perf_counter() + seconds
        while self.game is not None and time.perf_counter() < end - THINK_SLICE and self.game.think(THINK_SLICE):
            await asyncio.sleep(0)
        await asyncio.sleep(max(0.0, end - time.perf_counter()))

    def after_review(self) -> None:
        self.render()
        if self.bench_review:
            self.bench_reviewed = self.playing.number
            self.kick()

    async def warm_up(self) -> None:
        """Set up the computer players (their odds tables) while the human looks at the table."""
        await asyncio.sleep(0.05)
        if self.game is not None:
            self.game.warm_up()

    def after_change(self) -> None:
        self.save()
        self.render()
        self.kick()

    # ------------------------------------------------------------------ input
    def perform(self, data: dict) -> None:
        try:
            events, refusal = self.playing.act(data)
        except ValueError as exc:       # the page's own reason (the cards still lie face down)
            self.message(str(exc), "refusal")
            return
        if refusal:
            self.message(refusal_text(refusal, sv.reader(self.playing)), "refusal")
            return
        self.message("")
        self.after_change()

    def on_click(self, event) -> None:
        target = event.target
        if self.game is None:
            return
        option = picker_choice(event, self.options)
        if option:
            self.perform(option.action.to_dict())
            return
        option = target.closest("#picker [data-show-option]")
        if option:
            event.preventDefault()
            by_id("picker").close()
            self.perform(self.show_options[int(option.getAttribute("data-show-option"))])
            return
        if hand_or_action(event, self.choose_card, self.perform, self.actions):
            return
        dispatch(event, {"#review data-review": self.open_decision, "data-signal": self.signal, "data-do": self.commands()})

    def open_decision(self, index: str) -> None:
        """A decision in the review, opened on the table as it was."""
        self.review.open(int(index))
        self.render()
        by_id("table").scrollIntoView()
        by_id("status").focus()

    def commands(self) -> dict[str, Command]:
        """The page's commands (data-do), by name; none takes an argument."""
        game = self.playing
        return {"pickup": self.changing(game.pick_up), "noblind": self.changing(game.pass_blind),
                "next": self.changing(game.next_deal),
                "again": self.changing(game.replay_deal), "ask": self.changing(game.ask_partner),
                "undo": self.changing(self.undo), "hint": self.changing(self.hint),
                "playon": self.changing(self.play_on), "review-back": self.changing(self.review.close),
                "play-from": self.changing(self.play_from),
                "review": lambda _arg: self.start_review(), "newgame": lambda _arg: self.ask_new_game()}

    def changing(self, change: Callable[[], object]) -> Command:
        """A command that changes the game: the message line cleared first, the page brought up to date after."""
        def run(_arg: str) -> None:
            self.message("")
            change()
            self.after_change()
        return run

    def undo(self) -> None:
        if not self.playing.undo():
            self.message(_("There is no move of yours to take back in this deal."), "refusal")

    def hint(self) -> None:
        game = self.playing
        data, move, why = game.hint()
        view = sv.reader(game)
        if isinstance(why, str) or move is None:    # the page's own words: nothing to decide
            text = str(why)
        else:
            text = _("The strong player would {move}: {why}", move=say(move, view), why=say(why, view))
        self.message(text, "hint")

    def play_from(self) -> None:
        """Play again from the decision opened in the review."""
        if self.review.at is not None:
            self.playing.play_from(self.review.at)
            self.review.close()

    def start_review(self) -> None:
        self.message("")
        self.review.start(self.playing)
        self.render()

    def ask_new_game(self) -> None:
        """The settings opened for a new game, its first field in focus."""
        self.message("")
        details = by_id("settings")
        details.open = True
        details.scrollIntoView()
        by_id("settings-form").elements.namedItem("variant").focus()

    def play_on(self) -> None:
        """Strafperlaggen's play-on for second place: the same page, the two left, a log of its own."""
        try:
            self.playing.start_play_on()
        except ValueError as exc:
            self.message(str(exc), "refusal")
            return
        self.review.close()
        self.log_seen = 0
        by_id("log").innerHTML = ""
        by_id("status").focus()

    def signal(self, signal: str) -> None:
        try:
            self.playing.human_signal(signal)
        except ValueError as exc:
            self.message(str(exc), "refusal")
            return
        menu = document.querySelector(".sign-menu")
        if menu:
            menu.open = False
        self.after_change()

    def choose_card(self, card: str) -> None:
        game = self.playing
        if self.review.at is not None:      # the table of a past decision: only to look at
            return
        if game.opening:
            self.message(_("Your cards lie face down: pick them up first."), "refusal")
            return
        if game.view()["phase"] == "show":
            self.show_options = [a for a in game.human_actions() if a["act"] == "show" and a["cards"] == [card]]
            if not self.show_options:
                self.message(_("You cannot show this card now."), "refusal")
            elif len(self.show_options) == 1:
                self.perform(self.show_options[0])
            else:
                self.open_picker(sv.show_picker_html(game, card, self.show_options, NAMES))
            return
        plays = [a for a in game.deal.legal_actions(HUMAN) if a.act == "play" and a.card == card]
        if any(a.baptism for a in plays):
            self.options = [game.deal.preview(a) for a in plays]
            self.open_picker(tv.picker_html(card, self.options, game.view(), NAMES))
        else:
            self.perform({"act": "play", "card": card})

    def open_picker(self, html: str) -> None:
        open_picker(html, "[data-option], [data-show-option]")

    def on_submit(self, event) -> None:
        event.preventDefault()
        form = by_id("settings-form")
        data = {k: form.elements.namedItem(k).value for k in ("variant", "target", "strength", "speed", "seed", "catch")}
        try:
            settings = Settings.from_dict(data)
        except ValueError as exc:
            by_id("settings-error").textContent = str(exc)
            return
        by_id("settings-error").textContent = ""
        self.message("")
        self.new_game(settings)
        self.after_change()
        by_id("status").focus()

    def on_change(self, event) -> None:
        target = event.target
        name = target.getAttribute("name")
        if name == "speed" and self.game is not None and target.value in SPEEDS:
            self.game.settings.speed = target.value     # takes effect at once, without a new game
            self.save()
        elif name == "variant" and target.value in VARIANTS:
            self.show_rule_set(target.value, reset_target=True)

    def show_rule_set(self, name: str, reset_target: bool = False) -> None:
        """The chooser's description of a rule set, and its target (none to set when counting down)."""
        rules = get_rules(name)
        by_id("rule-set-info").innerHTML = sv.rule_set_info(name, NAMES)
        field = by_id("settings-form").elements.namedItem("target")
        by_id("target-field").hidden = rules.count_down
        field.disabled = rules.count_down
        if reset_target and not rules.count_down:
            field.value = str(rules.target)


def main() -> None:
    page = SandboxPage()
    if not page.start_from_teacher() and not page.start_from_url():
        page.game = page.restore()
        if page.game is not None:
            page.fill_form(page.game.settings)
            by_id("settings").open = False
    params = window.URLSearchParams.new(window.location.search)
    samples = params.get("samples") or ""
    if samples.isdigit():
        page.review.samples = max(1, min(int(samples), page.review.samples))
    if page.game is not None and params.get("autoplay") == "1":
        page.game.set_autoplay(True)
        page.bench_review = params.get("review") == "1"
    if page.game is None:
        form = by_id("settings-form")
        form.elements.namedItem("seed").value = str(int(window.Math.random() * 100000))
    page.show_rule_set(by_id("settings-form").elements.namedItem("variant").value)
    root = by_id("main")
    for node, kind, handler in ((root, "click", page.on_click), (root, "keydown", move_in_hand),
                                (by_id("settings-form"), "submit", page.on_submit),
                                (root, "change", page.on_change)):
        listen(node, kind, handler)
    if page.game is not None:
        page.save()
        page.render()
        page.kick()
    else:
        page.render()
    mark_ready()
    asyncio.ensure_future(page.warm_up())


main()
