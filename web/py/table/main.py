"""PyScript entry point of the table page: wires the engine (through game.Session) to the DOM."""
from __future__ import annotations

import asyncio
from html import escape

from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine…"))

from common.i18n import _  # noqa: E402  (after the catalog is chosen)
from common.shell import (Command, announce, by_id, dispatch, hand_or_action, listen, mark_ready, move_in_hand,  # noqa: E402
                          open_picker, paced, picker_choice, show_message)

from perlaggen_core import Action, PerlaggenError  # noqa: E402

from common import proofview as pv  # noqa: E402
from common import tableview as tv  # noqa: E402
from table.session import DEFAULT_SEED, Session  # noqa: E402
from common.scoresheet import score_sheet_html  # noqa: E402
from common.pagewords import card_names, refusal_text, rules_of, say  # noqa: E402

ROBOT_DELAY = 0.35   # seconds between robot moves, so a learner can follow them (none with ?speed=test)

NAMES = card_names()


def going_on_html(phase: str) -> str:
    """What comes next at this table: the next deal once one is scored, a new game once the game is over."""
    if phase == "scored":
        return f'<button type="button" class="action primary" data-do="next-deal">{escape(_("Next deal"))}</button>'
    if phase == "game_over":
        return f'<button type="button" class="action primary" data-do="new-game">{escape(_("New game"))}</button>'
    return ""


def session_from_url() -> tuple[Session, str]:
    """The deal the address asks for (?variant=innsbruck-6&seed=5&scores=17,3), else the default one."""
    params = window.URLSearchParams.new(window.location.search)
    scores = params.get("scores")
    try:
        return Session(
            variant=params.get("variant") or "innsbruck",
            seed=int(params.get("seed") or DEFAULT_SEED),
            scores=tuple(int(s) for s in scores.split(",")) if scores else None,
        ), ""
    except PerlaggenError as exc:
        return Session(), _("The address asks for a deal that cannot be set up ({reason}); here is the usual one.",
                            reason=say(exc.detail))
    except ValueError:
        return Session(), _("The address asks for a deal that cannot be set up; here is the usual one.")


class TablePage:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.busy = False
        self.options: list = []
        self.actions: list[dict] = []
        self.restoring_focus = False

    # ------------------------------------------------------------------ output
    def announce(self, text: str) -> None:
        announce(text)

    def message(self, text: str, kind: str = "info") -> None:
        show_message(text, kind)

    def render(self) -> None:
        view = self.session.view()
        NAMES.update(card_names(rules_of(view)))   # the rule set names its cards
        dealt = view
        view = pv.face_up(dealt, lambda code, as_card: tv.card_html(code, dealt, NAMES, as_card=as_card))
        focused = document.activeElement
        focus_card = focused.getAttribute("data-card") if focused and focused.closest("#hand") else None
        focus_index = None
        if focus_card:
            buttons = list(document.querySelectorAll("#hand [data-card]"))
            focus_index = next((i for i, b in enumerate(buttons) if b.getAttribute("data-card") == focus_card), 0)
        # the human's legal actions other than playing a card: bets, answers, show, done
        self.actions = [] if self.busy else [a for a in view["legal"] if a["act"] != "play"]
        by_id("table").innerHTML = tv.table_html(view, NAMES)
        by_id("hand").innerHTML = tv.hand_html(view, NAMES, enabled=not self.busy)
        by_id("legend").innerHTML = tv.perlaggen_legend(view, NAMES)
        by_id("figures").innerHTML = tv.figures_html(view, self.actions)
        by_id("score-sheet").innerHTML = score_sheet_html(self.session.history, view)
        by_id("actions").innerHTML = tv.actions_html(self.actions, NAMES, view["phase"]) + going_on_html(view["phase"])
        by_id("status").textContent = tv.status_text(view)
        document.body.dataset.busy = "true" if self.busy else "false"
        document.body.dataset.phase = view["phase"]
        document.body.dataset.toAct = " ".join(str(s) for s in view["to_act"])     # for the tests
        if focus_index is not None:
            buttons = list(document.querySelectorAll("#hand [data-card]"))
            self.restoring_focus = True
            try:
                if buttons:
                    buttons[min(focus_index, len(buttons) - 1)].focus()
                else:
                    by_id("status").focus()
            finally:
                self.restoring_focus = False

    # ------------------------------------------------------------------ input
    def on_click(self, event) -> None:
        if hand_or_action(event, self.choose_card, self.perform, self.actions) or dispatch(event, {"data-do": self.commands()}):
            return
        option = picker_choice(event, self.options)
        if option:
            self.perform(option.action.to_dict())

    def commands(self) -> dict[str, Command]:
        """The table's commands (data-do), by name: on to the next deal once one is scored, a new game at the end."""
        return {"next-deal": self.next_deal, "new-game": self.new_game}

    def next_deal(self, _arg: str) -> None:
        self.session.next_deal()
        self.going_on()

    def new_game(self, _arg: str) -> None:
        self.session = self.session.new_game()
        self.going_on()

    def going_on(self) -> None:
        self.message("")
        self.render()
        self.after_human()

    def on_keydown(self, event) -> None:
        move_in_hand(event)

    def on_focus(self, event) -> None:
        if self.restoring_focus:
            return
        card = event.target.closest("[data-card]") if event.target.closest else None
        if card:
            self.announce(NAMES[card.getAttribute("data-card")])

    def choose_card(self, card: str) -> None:
        if self.busy:
            self.message(_("Please wait: the other players are still playing."), "refusal")
            return
        if self.session.needs_baptism_choice(card):
            self.open_picker(card)
        else:
            self.perform({"act": "play", "card": card})

    def open_picker(self, card: str) -> None:
        self.options = self.session.baptism_options(card)
        open_picker(tv.picker_html(card, self.options, self.session.view(), NAMES))

    def perform(self, data: dict) -> None:
        phase = self.session.deal.phase.value
        events, refusal = self.session.act(data)
        if refusal:
            text = refusal_text(refusal, self.session.view())
            self.message(text, "refusal")
            self.announce(text)
            return
        self.message("")
        human = self.session.human
        assert human is not None      # the table page always seats a human
        self.report(human, Action.from_dict({"seat": human, **data}), events, phase)
        self.render()
        self.after_human()

    def report(self, seat: int, action: Action, events: list, phase: str) -> None:
        """Announce a move (`phase` is the one the move was made in)."""
        self.announce(tv.move_text(self.session.view(), seat, action, events, phase))

    def after_human(self) -> None:
        if self.session.robot_seat() is not None:
            self.busy = True   # at once, so the page never looks idle between a move and the replies
            self.render()
            asyncio.ensure_future(self.run_robots())

    async def run_robots(self) -> None:
        try:
            while self.session.robot_seat() is not None:
                await asyncio.sleep(paced(ROBOT_DELAY))
                phase = self.session.deal.phase.value
                step = self.session.robot_step()
                if step is None:
                    break
                seat, action, events = step
                self.report(seat, action, events, phase)
                self.render()
        finally:
            self.busy = False
            self.render()


def main() -> None:
    session, problem = session_from_url()
    page = TablePage(session)
    page.render()
    page.message(problem, "refusal" if problem else "info")
    root = by_id("main")
    for kind, handler in (("click", page.on_click), ("keydown", page.on_keydown), ("focusin", page.on_focus)):
        listen(root, kind, handler)
    page.after_human()
    mark_ready()


main()
