"""The scenario editor's controller: first the position (rules, dealer, scores, target, the cards
given to each seat by clicking), then the deal recorded by playing every seat, with notes.

No DOM here (tests run it under CPython). It never decides a rule: the position's problems come
from `Start.problems()`, the choices offered from `deal.legal_actions`, every refusal from
`deal.refusal`, and what it builds is checked by the scenario loader before it is saved or shared.
"""
from __future__ import annotations

from typing import Any, Optional

from common.i18n import _
from perlaggen_core import Action, Deal, Message, PerlaggenError, Start, get_rules
from perlaggen_core.narrate import told
from perlaggen_core.rules import PRESETS, TARGETS
from perlaggen_core.scenario import Scenario, load_scenario, text_of
from teacher.presenter import seat_names

PACK, TRUMP = "pack", "trump"


class Editor:
    """A scenario in the making. `places` says where each card of the pack lies: a seat number as
    text, "trump" (the turned card) or "pack" (the stock); hands keep the order cards were given."""

    def __init__(self, variant: str = "innsbruck") -> None:
        self.title = ""
        self.notes: dict[int, dict[str, Any]] = {}
        self.bottom = 0
        self.open: Optional[set[int]] = None          # None: every seat
        self.key: Optional[str] = None                # where it is saved in this browser
        self.deal: Optional[Deal] = None              # set while recording
        self.last_move: Optional[Message] = None      # the last move recorded, as the timeline tells it
        self.viewing = 0                              # the step shown while recording
        self.actor = 0
        self.reset(variant)

    # ------------------------------------------------------------------ the position
    def reset(self, variant: str, dealer: Optional[int] = None) -> None:
        """An empty table for a rule set: every card in the pack."""
        self.rules = get_rules(variant)
        self.dealer = dealer if dealer is not None and 0 <= dealer < self.rules.players else self.rules.players - 1
        self.scores = [self.rules.start_score] * self.rules.teams
        self.target = self.rules.target
        self.places = {card: PACK for card in self.rules.pack}
        self.order: list[str] = []                    # cards in the order they were placed
        self.captured: set[str] = set()
        self.destination = "0"
        self.deal = None

    @property
    def players(self) -> int:
        return self.rules.players

    def names(self) -> list[str]:
        return seat_names(self.players, self.bottom)

    def hand(self, seat: int) -> list[str]:
        return [c for c in self.order if self.places[c] == str(seat)]

    def trump_card(self) -> Optional[str]:
        return next((c for c in self.order if self.places[c] == TRUMP), None)

    def place(self, card: str, where: Optional[str] = None) -> None:
        """A click on a card: to the chosen destination, or back to the pack if it is there already."""
        if card not in self.places:
            return
        where = where or self.destination
        turned = self.trump_card()
        if where == TRUMP and turned is not None and turned != card:
            self._move(turned, PACK)       # one turned card: the old one goes back
        self._move(card, PACK if self.places[card] == where else where)
        self.captured &= set(self.hand(self.start_cutter()))

    def _move(self, card: str, where: str) -> None:
        if card in self.order:
            self.order.remove(card)
        self.places[card] = where
        if where != PACK:
            self.order.append(card)

    def start_cutter(self) -> int:
        return (self.dealer - 1) % self.players

    def settings(self, variant: str, dealer: int, scores: list[int], target: Optional[int]) -> None:
        """New settings. A new rule set starts from an empty table with its own scores and target
        (its pack, seats and teams may differ); scores for another number of teams are ignored, as
        is the target of a game that counts down to 0."""
        if variant != self.rules.name:
            self.reset(variant, dealer)
            return
        self.dealer = dealer % self.players
        if len(scores) == self.rules.teams:
            self.scores = list(scores)
        if target is not None and not self.rules.count_down:
            self.target = target
        self.captured &= set(self.hand(self.start_cutter()))

    def toggle_captured(self, card: str) -> None:
        self.captured ^= {card}

    def capturable(self) -> list[str]:
        """The permanent Perlaggen in the cutter's hand: those the cut may have given him."""
        return [c for c in self.hand(self.start_cutter()) if c in self.rules.permanent]

    def deal_seeded(self, seed: int) -> None:
        """The engine's seeded shuffle, cut and deal, laid out as clicks would have."""
        start = Start.seeded(self.rules, seed, self.dealer, tuple(self.scores), self.target)
        self.load_start(start)

    def load_start(self, start: Start) -> None:
        self.reset(start.rules.name, start.dealer)
        self.scores, self.target = list(start.scores), start.target
        for seat, hand in enumerate(start.hands):
            for card in hand:
                self._move(card, str(seat))
        self._move(start.trump_card, TRUMP)
        self.captured = set(start.captured)

    def start(self) -> Start:
        return Start(self.rules, self.dealer, tuple(self.scores), self.target,
                     tuple(tuple(self.hand(s)) for s in range(self.players)), self.trump_card() or "",
                     tuple(c for c in self.order if c in self.captured))

    def problems(self) -> list:
        """What is wrong with the position: the engine's RecordErrors, and a text of ours when
        there is no trump card yet (the engine cannot judge a card that is not there)."""
        out: list = [] if self.trump_card() else [_("Choose the trump card: the card turned up after the deal.")]
        return out + [p for p in self.start().problems() if self.trump_card() or p.field != "trump_card"]

    # ------------------------------------------------------------------ recording
    def begin(self) -> None:
        """Start recording from the position (ValueError when the engine refuses it)."""
        self.deal = Deal(self.start())
        self.viewing = 0
        self.follow()

    def back_to_position(self) -> None:
        self.deal = None
        self.notes = {at: n for at, n in self.notes.items() if at == 0}

    @property
    def recording(self) -> bool:
        return self.deal is not None

    @property
    def recorded(self) -> Deal:
        """The deal being recorded (the recording controls exist only while there is one)."""
        if self.deal is None:
            raise RuntimeError("no deal is being recorded")
        return self.deal

    @property
    def steps(self) -> int:
        return len(self.deal.actions) if self.deal else 0

    def shown_deal(self) -> Deal:
        """The position at the step being looked at (the end, unless the teacher went back to annotate)."""
        return self.recorded if self.viewing >= self.steps else self.recorded.copy_before(self.viewing)

    def follow(self) -> None:
        """Act next for the seat the game waits for (the teacher may pick another one to bet)."""
        to_act = self.recorded.to_act
        if to_act:
            self.actor = to_act[0]

    def choices(self, seat: int) -> list[Action]:
        """The seat's legal actions other than playing or showing a card (those are made by clicking it)."""
        return [a for a in self.recorded.legal_actions(seat) if a.act not in ("play", "show")]

    def card_options(self, seat: int, card: str) -> list[Action]:
        """Every legal way for the seat to play or show this card now (one per baptism)."""
        return [a for a in self.recorded.legal_actions(seat) if (a.act == "play" and a.card == card)
                or (a.act == "show" and a.cards == (card,))]

    def act(self, action: Action) -> Optional[Message]:
        """Record an action for any seat; the engine's refusal (nothing changes) or None."""
        if self.viewing < self.steps:
            return None
        try:
            why = self.recorded.refusal(action)
        except PerlaggenError as exc:
            return exc.detail
        if why is None:
            phase = self.recorded.phase.value
            self.last_move = told(action, self.recorded.apply(action), phase)
            self.viewing = self.steps
            self.follow()
        return why

    def undo(self) -> bool:
        if not self.steps:
            return False
        self.deal = self.recorded.undo()
        self.notes = {at: n for at, n in self.notes.items() if at <= self.steps}
        self.viewing = self.steps
        self.follow()
        return True

    def look_at(self, step: int) -> None:
        self.viewing = max(0, min(step, self.steps))

    def set_note(self, step: int, text: str, ask: bool = False, answer: str = "") -> None:
        """A note at a step (an empty text removes it); a question needs a next action to reveal."""
        text = text.strip()
        if not text:
            self.notes.pop(step, None)
            return
        note: dict[str, Any] = {"at": step, "text": text}
        if ask and step < self.steps:
            note["ask"] = True
            if answer.strip():
                note["answer"] = answer.strip()
        self.notes[step] = note

    def open_seats(self) -> set[int]:
        return set(range(self.players)) if self.open is None else set(self.open)

    def toggle_open(self, seat: int) -> None:
        self.open = self.open_seats() ^ {seat}

    # ------------------------------------------------------------------ in and out
    def to_doc(self) -> dict[str, Any]:
        """The scenario document (checked by the loader: ScenarioError if anything is off)."""
        record = self.deal.to_record() if self.deal else {**_start_record(self.start()), "actions": []}
        doc = {"format": 1, "title": self.title.strip() or _("My scenario"), **record,
               "notes": [self.notes[at] for at in sorted(self.notes) if at <= len(record["actions"])],
               "open": sorted(self.open_seats()), "bottom": self.bottom}
        return load_scenario(doc).to_json()

    def scenario(self) -> Scenario:
        return load_scenario(self.to_doc())

    @classmethod
    def from_scenario(cls, scenario: Scenario, lang: str, key: Optional[str] = None) -> "Editor":
        """A copy of a scenario to change: its position, its moves and its notes (in `lang`)."""
        editor = cls(scenario.variant)
        first = scenario.replay().deals[0]
        editor.load_start(first.start)
        editor.title = text_of(scenario.title, lang)
        editor.bottom, editor.open, editor.key = scenario.bottom, set(scenario.open), key
        editor.deal = scenario.replay().deal(scenario.steps)
        for note in scenario.notes:
            editor.set_note(note.at, text_of(note.text, lang), note.ask, text_of(note.answer, lang))
        editor.viewing = editor.steps
        editor.follow()
        return editor


def _start_record(start: Start) -> dict[str, Any]:
    return {"variant": start.rules.name, "players": start.rules.players, "target": start.target,
            "scores": list(start.scores), "dealer": start.dealer, "hands": [list(h) for h in start.hands],
            "captured": list(start.captured), "trump_card": start.trump_card}


def variants() -> list[str]:
    """The rule sets the editor offers: every preset of the engine (Giltspiel and others as they come)."""
    return sorted(PRESETS)


def target_range() -> tuple[int, int]:
    return TARGETS
