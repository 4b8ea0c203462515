"""The table's controller: one deal of the engine, the human seat, and simple robot players.

No DOM here, so it runs the same under CPython (tests) and Pyodide. It never decides a rule: every
choice comes from `deal.legal_actions`, every refusal from `deal.check`, and the screen shows
`deal.view(seat)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from perlaggen_core import Action, Card, Deal, PerlaggenError, get_rules

from i18n import _

DEFAULT_SEED = 11   # the table's deal unless the address asks for ?seed=N (the browser tests rely on it)

try:  # figure helpers for the baptism preview; the preview degrades to "unknown" without them
    from perlaggen_core.figures import describe, gleich_key, hanger_key
except ImportError:  # pragma: no cover - depends on the engine's internals
    describe = gleich_key = hanger_key = None


@dataclass
class Option:
    """One way to play a card: its action and what the picker previews about it."""

    action: Action
    wins: bool | None = None          # would this card be winning the trick right after it is played
    gleich: str | None = None         # the seat's best Gleich after this play, in words
    hanger: str | None = None


@dataclass
class Session:
    variant: str = "innsbruck"
    seed: int = DEFAULT_SEED
    human: int = 0
    dealer: int | None = None
    scores: tuple[int, ...] | None = None
    lang: str = "en"
    history: list[list[int]] = field(default_factory=list)   # each finished deal's points per team

    def __post_init__(self) -> None:
        self.rules = get_rules(self.variant)
        if self.dealer is None:
            self.dealer = self.rules.players - 1   # the human's left-hand neighbour leads
        self.deal = Deal.new(self.rules, seed=self.seed, dealer=self.dealer, scores=self.scores)

    # ------------------------------------------------------------------ reading
    def view(self) -> dict:
        return self.deal.view(self.human)

    def card_name(self, code: str) -> str:
        return Card.from_code(code).name(self.lang)

    def human_to_act(self) -> bool:
        return self.human in self.deal.to_act

    def plays_of(self, card: str) -> list[Action]:
        return [a for a in self.deal.legal_actions(self.human) if a.act == "play" and a.card == card]

    def needs_baptism_choice(self, card: str) -> bool:
        """A card opens the picker when the engine offers it with at least one baptism."""
        return any(a.baptism for a in self.plays_of(card))

    # ------------------------------------------------------------------ acting
    def act(self, data: dict) -> tuple[list[dict], str | None]:
        """Apply one action for the human; returns (events, None) or ([], the engine's refusal)."""
        try:
            action = Action.from_dict({"seat": self.human, **data})
            self.deal.check(action)
        except PerlaggenError as exc:
            return [], str(exc)
        return self.deal.apply(action), None

    def robot_seat(self) -> int | None:
        """The next robot that must act, unless the human is among those the game waits for."""
        waiting = self.deal.to_act
        if not waiting or self.human in waiting:
            return None
        return waiting[0]

    def robot_action(self, seat: int) -> Action | None:
        """A plain robot: plays its first legal card, accepts bets, and ends its show turn."""
        legal = self.deal.legal_actions(seat)
        for wanted in ("play", "good", "done", "declare"):
            for action in legal:
                if action.act == wanted and (wanted != "good" or self._pending(action.figure)):
                    return action
        calm = [a for a in legal if a.act not in ("bet", "raise")]   # never stall: anything but a new bet
        return (calm or legal or [None])[0]

    def robot_step(self) -> tuple[int, Action, list[dict]] | None:
        seat = self.robot_seat()
        action = None if seat is None else self.robot_action(seat)
        if action is None:
            return None
        return seat, action, self.deal.apply(action)

    def _pending(self, figure: str | None) -> bool:
        return bool(figure) and self.deal.view(None)["figures"][figure]["pending"] is not None

    def next_deal(self) -> None:
        view = self.view()
        self.history.append(list(view["deal_points"]))
        self.seed += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.deal = Deal.new(self.rules, seed=self.seed, dealer=self.dealer, scores=tuple(view["scores"]))

    # ------------------------------------------------------------------ baptism picker
    def baptism_options(self, card: str) -> list[Option]:
        """Every legal way to play `card`, each previewed on a copy of the deal."""
        record = self.deal.to_record()
        options = []
        for action in self.plays_of(card):
            option = Option(action)
            try:
                trial = Deal.from_record(record)
                events = trial.apply(action)
                option.wins = _winning_after(trial, events, self.human)
                option.gleich, option.hanger = self._figures_after(trial)
            except (PerlaggenError, AttributeError, TypeError):
                pass
            options.append(option)
        return options

    def _figures_after(self, trial: Deal) -> tuple[str | None, str | None]:
        if describe is None or not hasattr(trial, "fixed_cards"):
            return None, None
        cards, free = trial.fixed_cards(self.human, True)
        return (describe("gleich", gleich_key(cards, free), self.lang),
                describe("hanger", hanger_key(cards, free), self.lang))


def _winning_after(trial: Deal, events: list[dict], seat: int) -> bool | None:
    """Whether `seat` holds the trick after its play: from the trick event, or the engine's ranking."""
    for event in events:
        if event.get("type") == "trick":
            return event.get("winner") == seat
    trick = trial.current_trick() if hasattr(trial, "current_trick") else None
    if trick is None or not hasattr(trial, "trick_winner"):
        return None
    return trial.trick_winner(trick) == seat


def refusal_text(message: str) -> str:
    return _("Not allowed: {reason}", reason=message)


__all__ = ["DEFAULT_SEED", "Option", "Session", "refusal_text"]
